from __future__ import annotations

from django.contrib import admin

from .models import CardList


@admin.register(CardList)
class CardListAdmin(admin.ModelAdmin):
    """Read only (and delete): a list is changed by importing one (``import_veto_cards``, /veto/cards/), which
    checks every line; an edit here would store a list nobody checked."""

    list_display = ("__str__", "owner", "card_count", "imported")
    readonly_fields = ("owner", "card_count", "imported", "csv")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
