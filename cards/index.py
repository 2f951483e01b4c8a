"""The core ``CardIndex`` for this process, built from the database once and kept.

Web and Celery worker processes each build it on first use; ``reset()`` (called after an import)
makes the next caller rebuild it. Command-line processes read it from a snapshot file when one of the
same card list is there (``for_command``, ``cards.snapshot``): they are too short to build it each time.
"""

from __future__ import annotations

import functools

from django.db import DatabaseError, connection

from vtesdeck.core import carddb
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.domain import Card as CoreCard

from . import snapshot

BUNDLED_NOTE = (
    "No card list in the database (run `make setup` or `manage.py import_cards`): "
    "using the official list bundled with the krcg 4.19 wheel."
)


@functools.cache
def get() -> CardIndex:
    return build()


def build() -> CardIndex:
    """A new index of the stored cards (``get()`` keeps one per process)."""
    from .models import Card

    return CardIndex(CoreCard.from_dict(data) for data in Card.objects.values_list("data", flat=True).iterator())


def reset() -> None:
    get.cache_clear()
    snapshot.forget()


def remember(cards: CardIndex) -> None:
    """At the end of a command: write the snapshot of ``for_command()``'s cards when it was built here, or
    when the command taught it much (decklist lines read…), for the next command to start from."""
    snapshot.remember(cards)


def for_command() -> tuple[CardIndex, str]:
    """The card list for a command-line tool, and a note for its stderr ("" when all is as usual).

    A command must work on a fresh checkout too: when the database is not migrated or holds no cards, the
    official list is read from the bundled CSVs (the same data ``import_cards`` would load), rather than
    failing with a database traceback.

    Either list is read from its snapshot when there is one (``cards.snapshot``): the database's by the version
    every import records, the bundled one by a digest of its files. The command calls ``remember(cards)`` when
    it is done, which writes the snapshot the next command reads.
    """
    from .models import Card, CardListVersion

    try:
        stored = Card.objects.exists()
    except DatabaseError:  # no such table: the database was never migrated
        stored = False
    if stored:
        try:
            version = CardListVersion.read_or_stamp()
        except DatabaseError:  # a read-only database that has no version row yet: no snapshot, as before
            return get(), ""
        db = connection.settings_dict
        where = f"{connection.vendor} {db['NAME']} {db.get('HOST') or ''} {db.get('PORT') or ''}"
        # Built afresh, not get()'s: what is written under this version must be what the database holds now.
        # An import while it was built: that index is used, but not kept under the old version.
        return snapshot.cached(
            snapshot.key("database", where, version), build, still_current=lambda: CardListVersion.read() == version
        ), ""
    files = carddb.read_bundled()
    parse_bundled = lambda: CardIndex(carddb.parse(files).cards)  # noqa: E731
    return snapshot.cached(snapshot.key("bundled", snapshot.digest(files)), parse_bundled), BUNDLED_NOTE
