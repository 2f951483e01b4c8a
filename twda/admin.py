from __future__ import annotations

from django.contrib import admin

from .models import Archetype, CardArchiveStats, NamedArchetype, TournamentCard, TournamentDeck


class TournamentCardInline(admin.TabularInline):
    model = TournamentCard
    extra = 0
    raw_id_fields = ["card"]


@admin.register(TournamentDeck)
class TournamentDeckAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "event", "date", "players", "winner", "archetype", "style"]
    list_filter = ["format", "style"]
    search_fields = ["id", "name", "event", "winner", "author", "place"]
    date_hierarchy = "date"
    raw_id_fields = ["archetype"]
    readonly_fields = ["deck", "digest", "imported_at"]
    inlines = [TournamentCardInline]


@admin.register(Archetype)
class ArchetypeAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "deck_count"]
    search_fields = ["slug", "name"]


@admin.register(NamedArchetype)
class NamedArchetypeAdmin(admin.ModelAdmin):
    list_display = ["slug", "deck_count", "position"]


@admin.register(CardArchiveStats)
class CardArchiveStatsAdmin(admin.ModelAdmin):
    list_display = ["card", "decks", "copies", "first_date", "last_date"]
    search_fields = ["card__name"]
    raw_id_fields = ["card", "first_deck", "last_deck"]
