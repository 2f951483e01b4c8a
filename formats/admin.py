from __future__ import annotations

from django.contrib import admin

from .models import CustomFormat


@admin.register(CustomFormat)
class CustomFormatAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "id", "updated")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner",)
