from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SuggestionsConfig(AppConfig):
    """Similar decks and suggestions. No models: the indexes are built from the archive and the shared decks."""

    name = "suggestions"
    verbose_name = _("Suggestions")
    default_auto_field = "django.db.models.BigAutoField"
