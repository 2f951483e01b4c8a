"""Admin for decks: find a deck by name, owner or id; read its revisions (never edit them here)."""

from __future__ import annotations

from django.contrib import admin

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


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "visibility", "legal", "updated"]
    list_filter = ["visibility", "legal"]
    search_fields = ["id", "name", "author", "owner__username"]
    list_select_related = ["owner"]
    raw_id_fields = ["owner", "cloned_from"]
    filter_horizontal = ["tags"]
    # Counts, clans, legality and version are kept by decks.services on every change.
    readonly_fields = ["id", "version", "crypt_count", "library_count", "clans", "legal", "created", "updated"]
    inlines = [DeckCardInline, RevisionInline]


@admin.register(Tag)
class TagAdmin(admin.ModelAdmin):
    list_display = ["name"]
    search_fields = ["name"]
