from __future__ import annotations

from django.contrib import admin

from .models import Card, CardSet


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["id", "unique_name", "kind", "group", "capacity", "sect", "banned_year"]
    list_filter = ["kind", "group", "sect", "advanced"]
    search_fields = ["name", "printed_name", "unique_name"]
    readonly_fields = ["data"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["abbrev", "name", "release_date", "company"]
