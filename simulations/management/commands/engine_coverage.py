"""``manage.py engine_coverage [--since YYYY-MM-DD] [--json]`` (DESIGN.md): how much of the tournament archive the
game engine models, over the archive's playable decks since the date (default 2018-01-01): the database's when
it has any, else the archive folder's (``VTESDECK_TWDA`` or ``../shared/twda``), as ``simulate_games`` fills its
tables.

Printed: the shares of library and crypt copies modelled in full, the median deck's share of library copies,
the share of decks with no card unmodelled or partial, the number of library cards and vampires with a full
spec, every partial card (its spec leaves part of its text out: counted as unmodelled) with what it leaves out,
and the most played unmodelled cards. ``--json``: DESIGN.md's object on one line. Exit 2 on a bad date or when
there is no archive to read.
"""

from __future__ import annotations

import datetime
import json

from django.core.management.base import BaseCommand

from cards import index as card_index
from vtesdeck.core.engine import run

from .simulate_games import field_decks, usage


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f} %"


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = "How much of the tournament archive since a date the game engine models (DESIGN.md engine_coverage)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--since",
            default=run.FIELD_SINCE.isoformat(),
            metavar="YYYY-MM-DD",
            help="archive decks from this date on (default 2018-01-01)",
        )
        parser.add_argument("--json", action="store_true", help="print DESIGN.md's JSON object on one line")

    def handle(self, *args, **options) -> None:
        try:
            since = datetime.date.fromisoformat(options["since"])
        except ValueError:
            raise usage(f"--since must be a date as YYYY-MM-DD, not {options['since']!r}.") from None
        cards, note = card_index.for_command()
        if note:
            self.stderr.write(note)
        decks = field_decks(cards, since)
        if not decks:
            raise usage(
                f"No playable archive decks since {since.isoformat()} (import the archive or set VTESDECK_TWDA)."
            )
        figures = run.archive_coverage(decks, cards)
        if options["json"]:
            self.stdout.write(json.dumps(figures, ensure_ascii=False))
            return
        self.stdout.write(f"{figures['decks']} archive decks since {since.isoformat()}")
        self.stdout.write(f"  library copies modelled  {_share(figures['library_copies_share'])}")
        self.stdout.write(f"  crypt copies modelled    {_share(figures['crypt_copies_share'])}")
        self.stdout.write(f"  median deck (library)    {_share(figures['median_deck_share'])}")
        self.stdout.write(f"  decks fully modelled     {_share(figures['full_decks_share'])}")
        self.stdout.write(
            f"  specs in full            {figures['library_cards']} library cards, {figures['vampires']} vampires"
        )
        self.stdout.write(f"partial ({len(figures['partial'])}: counted as unmodelled):")
        for card in figures["partial"]:
            self.stdout.write(f"  {card['name']}: {card['missing']}")
        self.stdout.write("most played unmodelled cards:")
        for card in figures["top_missing"]:
            self.stdout.write(f"  {card['copies']:5d}  {card['name']}")
