"""Events in the admin: to look at, not to change. Every change to an event goes through ``services`` (who
may, in which stage, logged), which the admin's forms would go round."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from .models import Event, LogEntry, Player


class ReadOnly:
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("name", "date", "owner", "stage", "rank", "id")
    search_fields = ("name", "owner__username", "location")
    list_filter = ("stage", "rank")


@admin.register(Player)
class PlayerAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("event", "number", "name", "vekn", "status")
    search_fields = ("name", "vekn", "event__name")


@admin.register(LogEntry)
class LogEntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("event", "action", "user", "reason", "created")
    search_fields = ("event__name", "action", "reason")
