"""The core ``CardIndex`` for this process, built from the database once and kept.

Web and Celery worker processes each build it on first use; ``reset()`` (called after an import)
makes the next caller rebuild it.
"""

from __future__ import annotations

import functools

from django.db import DatabaseError

from vtesdeck.core import carddb
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.domain import Card as CoreCard

BUNDLED_NOTE = (
    "No card list in the database (run `make setup` or `manage.py import_cards`): "
    "using the official list bundled with the krcg 4.19 wheel."
)


@functools.cache
def get() -> CardIndex:
    from .models import Card

    return CardIndex(CoreCard.from_dict(data) for data in Card.objects.values_list("data", flat=True).iterator())


def reset() -> None:
    get.cache_clear()


def for_command() -> tuple[CardIndex, str]:
    """The card list for a command-line tool, and a note for its stderr ("" when all is as usual).

    A command must work on a fresh checkout too: when the database is not migrated or holds no cards, the
    official list is read from the bundled CSVs (the same data ``import_cards`` would load), rather than
    failing with a database traceback.
    """
    from .models import Card

    try:
        if Card.objects.exists():
            return get(), ""
    except DatabaseError:  # no such table: the database was never migrated
        pass
    return carddb.load("bundled"), BUNDLED_NOTE
