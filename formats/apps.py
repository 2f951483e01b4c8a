from __future__ import annotations

from django.apps import AppConfig


class FormatsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "formats"

    def ready(self) -> None:
        from vtesdeck.labels import name_custom_formats_with

        from .services import label

        # Pages name a saved custom format by its own name (vtesdeck.labels imports no app: it is told).
        name_custom_formats_with(label)
