from __future__ import annotations

from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"
    verbose_name = "Decklists"
    default_auto_field = "django.db.models.BigAutoField"
