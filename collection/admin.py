from __future__ import annotations

from django.contrib import admin

from .models import DeckBuild, Entry, Event, Share, WishlistEntry


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("owner", "card_id", "set", "language", "count")
    list_filter = ("set",)
    search_fields = ("owner__username",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """The history is append-only: read here, never changed."""

    list_display = ("created", "owner", "kind", "rows", "copies", "source")
    list_filter = ("kind",)
    search_fields = ("owner__username",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


admin.site.register(WishlistEntry)
admin.site.register(Share)
admin.site.register(DeckBuild)
