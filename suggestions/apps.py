from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SuggestionsConfig(AppConfig):
    """Similar decks and suggestions. No models: the indexes are built from the archive and the shared decks."""

    name = "suggestions"
    verbose_name = _("Suggestions")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from decks.filters import DECK_LIST
        from decks.models import Deck
        from twda.search import ARCHIVE_SEARCH

        from . import filters, services

        # A deck saved or deleted here is ranked by the next request of this process, not a recheck later.
        post_save.connect(services.forget_versions, sender=Deck, dispatch_uid="suggestions-deck-saved")
        post_delete.connect(services.forget_versions, sender=Deck, dispatch_uid="suggestions-deck-deleted")
        # "Similar to" on the deck list and the archive's search, whose apps are below this one.
        DECK_LIST.register(filters.DECKS)
        ARCHIVE_SEARCH.register(filters.ARCHIVE)
