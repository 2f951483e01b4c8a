from __future__ import annotations

from django.contrib import admin

from .models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Staff may see and revoke tokens; keys are never stored, so none can be read or made here."""

    list_display = ["name", "user", "prefix", "created", "last_used"]
    list_select_related = ["user"]
    search_fields = ["name", "prefix", "user__username"]
    readonly_fields = ["user", "name", "prefix", "created", "last_used"]
    exclude = ["key_hash"]

    def has_add_permission(self, request) -> bool:
        return False  # a token made here would have no key anyone could be shown
