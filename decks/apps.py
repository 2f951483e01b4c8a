from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Decks")
    default_auto_field = "django.db.models.BigAutoField"
