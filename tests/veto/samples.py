"""Veto samples the tests of the shells share (the pages, the API, the commands, the browser): the core's example
card list (invented cards), the legal decks its rule tests build from it, and decks that break one rule."""

from __future__ import annotations

from tests.core.veto.conftest import LEGAL, SEALED
from vtesdeck.core.veto.cards import EXAMPLE

__all__ = ["EXAMPLE", "EXAMPLE_CSV", "LEGAL", "SEALED", "SHORT", "SHORT_MESSAGE_EN", "SHORT_MESSAGE_PL", "UNKNOWN"]

EXAMPLE_CSV = EXAMPLE.read_text(encoding="utf-8")

# The legal constructed deck, one card short: DECK_TOO_SMALL alone (101.5.a, 204.4).
SHORT = LEGAL.replace("1x Pieczęć Koronna\n", "", 1)
SHORT_MESSAGE_PL = "Kredens ma 59 kart; w formacie kwarcianym musi mieć co najmniej 60 (brakuje 1)."
SHORT_MESSAGE_EN = "The deck has 59 cards; in the constructed format (kwarciany) it needs at least 60 (1 short)."
SHORT_RULE_PL = "Artykuły Henrykowskie 3.0.3, 101.5.a, 204.4"

# Two lines naming no card of the list, at lines 9 (a misspelling: a suggestion) and 10 (none).
UNKNOWN = LEGAL.replace("3x Sekretarz Kancelarii\n", "3x Sekretarz Kancelari\n3x Nieznana Karta\n", 1)
assert SHORT != LEGAL and UNKNOWN != LEGAL
