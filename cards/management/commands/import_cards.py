"""``manage.py import_cards [--source bundled|vekn|PATH|URL]``: load the official VEKN card list."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from cards.importer import store
from vtesdeck.core import carddb


class Command(BaseCommand):
    help = (
        "Import the official VEKN card list (sets, crypt, library, rulings). SOURCE is `bundled` (the CSVs "
        "shipped in the krcg 4.19 wheel, default), `vekn` (download the current list from VEKN), a folder "
        "or zip of the CSVs, or an http(s) URL of such a zip. Idempotent; all or nothing."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--source", default="bundled", help="bundled | vekn | PATH | URL (default: bundled)")
        parser.add_argument("--if-empty", action="store_true", help="do nothing when the database already holds cards")

    def handle(self, *args, source: str, if_empty: bool, **options) -> None:
        from cards.models import Card

        if if_empty and Card.objects.exists():
            if _printings_dated(Card.objects.order_by("pk").first()):
                self.stdout.write(f"{Card.objects.count()} cards already imported; nothing to do.")
                return
            # A card list stored before printings carried their set's release day: formats whose pool is a
            # list of sets (v5) need those days, so such a database is brought up to date once.
            self.stdout.write("The stored card list predates dated printings: importing it again.")
        started = time.monotonic()
        origin = settings.VEKN_CARDS_URL if source == "vekn" else source
        try:
            card_list = carddb.parse(carddb.read_source(origin))
            result = store(card_list)
        except carddb.CardDataError as exc:
            raise CommandError(f"Card list not imported, the database is unchanged: {exc}") from exc
        except DatabaseError as exc:
            raise CommandError(f"Card list not imported, the database is unchanged: database error: {exc}") from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported {result.crypt} crypt and {result.library} library cards from {origin} in "
                f"{time.monotonic() - started:.1f} s: {result.created} new, {result.updated} updated, "
                f"{result.unchanged} unchanged; {result.sets} sets."
            )
        )
        if result.not_in_source:
            self.stdout.write(f"{result.not_in_source} stored cards are not in this list; they were kept.")


def _printings_dated(card) -> bool:
    """Whether a stored card carries its printings' release days (``Printing.released``, stored since the v5
    format needed them)."""
    printings = (card.data or {}).get("printings") or []
    return not printings or "released" in printings[0]
