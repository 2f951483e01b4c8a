from __future__ import annotations

from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"
    default_auto_field = "django.db.models.BigAutoField"
