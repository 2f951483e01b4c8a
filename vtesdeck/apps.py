from __future__ import annotations

from django.apps import AppConfig


class VtesdeckConfig(AppConfig):
    """The project's own app: the default cache's table (models) and the deployment checks (checks)."""

    name = "vtesdeck"
    verbose_name = "vtesdeck"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers them)
