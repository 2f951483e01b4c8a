"""What the simulations app's commands share: reading a decklist file given on the command line, and writing
figures for people to read."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from vtesdeck.core import decklist
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck
from vtesdeck.core.engine.compare import figure


def read_deck_file(path: str, cards: CardIndex, *, returncode: int) -> Deck:
    """A decklist file, parsed (bounded by ``decklist.MAX_BYTES``); a CommandError with ``returncode`` and one
    line saying why not (a folder, unreadable, too large, not a decklist)."""
    file = Path(path)
    try:
        if file.is_dir():
            raise IsADirectoryError(0, "a folder, not a decklist file")
        if file.stat().st_size > decklist.MAX_BYTES:
            raise OSError(0, f"too large for a decklist ({file.stat().st_size:,} bytes)")
        source = file.read_bytes()
    except OSError as exc:
        raise CommandError(f"Cannot read {path}: {exc.strerror or exc}.", returncode=returncode) from None
    try:
        return decklist.parse(source, cards, path=path)
    except decklist.DecklistError as exc:
        raise CommandError(f"Cannot read {path}: {exc}", returncode=returncode) from None


def number(value: float | None, *, sign: bool = False) -> str:
    """A figure as ``compare.figure`` writes it, "—" for none."""
    return "—" if value is None else figure(value, sign=sign)


def interval(ci: list[float] | None, *, sign: bool = False) -> str:
    """A 95 % interval after its figure (" [lo, hi]"), or nothing when there is none (fewer than 2 games)."""
    return f" [{number(ci[0], sign=sign)}, {number(ci[1], sign=sign)}]" if ci else ""
