from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CollectionConfig(AppConfig):
    name = "collection"
    verbose_name = _("Collection")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from decks.filters import DECK_LIST
        from twda.search import ARCHIVE_SEARCH

        from . import filters

        # "Buildable from my collection" on the deck list and the archive's search, whose apps are below this one.
        DECK_LIST.register(filters.DECKS)
        ARCHIVE_SEARCH.register(filters.ARCHIVE)
