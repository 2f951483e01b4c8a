"""Admin for decks: find a deck by name, owner or id; read its revisions (never edit them here)."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.views.main import ChangeList

from . import services
from .models import Deck, DeckCard, Revision, Tag


class RevisionInline(admin.TabularInline):
    model = Revision
    fields = ["number", "note", "created"]
    readonly_fields = ["number", "note", "created"]
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    fields = ["card_id", "crypt", "count", "comment"]
    readonly_fields = ["card_id", "crypt", "count", "comment"]
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class DeckChangeList(ChangeList):
    def get_results(self, request) -> None:
        super().get_results(request)
        services.judge_stale(self.result_list)  # badges of decks whose custom format changed: judged again


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "visibility", "legal", "updated"]
    # No filter on the stored badge: a format's edit leaves its decks' badges to be judged when shown.
    list_filter = ["visibility"]
    search_fields = ["id", "name", "author", "owner__username"]
    list_select_related = ["owner"]
    raw_id_fields = ["owner", "cloned_from"]
    filter_horizontal = ["tags"]
    # Counts, clans, legality and version are kept by decks.services on every change.
    readonly_fields = [
        "id",
        "version",
        "crypt_count",
        "library_count",
        "clans",
        "legal",
        "format_revision",
        "created",
        "updated",
    ]
    inlines = [DeckCardInline, RevisionInline]

    def get_changelist(self, request, **kwargs):
        return DeckChangeList

    def get_object(self, request, object_id, from_field=None):
        deck = super().get_object(request, object_id, from_field)
        if deck is not None:
            services.judge_stale([deck])
        return deck


@admin.register(Tag)
class TagAdmin(admin.ModelAdmin):
    list_display = ["name"]
    search_fields = ["name"]
