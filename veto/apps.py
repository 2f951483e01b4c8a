from __future__ import annotations

from django.apps import AppConfig


class VetoConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "veto"
    verbose_name = "Veto"
