"""Deck checks: which tables to check, what the locked list says, and what a difference calls for (VEKN
tournament rules §6.3, Judges' Guide §3.1).

    pick_tables(6, random.Random(seed))                  # [4]: check table 4 this round
    expected = expected_counts(locked_deck, cards)       # {"Crypt": 12, "Master": 12, "Action": 20, ...}
    differences = compare(expected, {"Crypt": 12, "Master": 12, "Action": 19, ...})
    finding(differences)                                 # the infraction, remedy and default penalty, or None

Why: a player registers their decklist before the event and the list is locked; the deck they play must
match it card for card. A judge checks by picking tables at random during a round (so no one knows whose
deck comes next, and every player can be checked), taking the decks aside and counting each one against
its registered list. Counting by type, as the lists are laid out (the crypt, then the library's sections:
Master, Action, Ally…), is what a judge can do quickly by hand, and a wrong count in one group points to the
cards to look at one by one.

When the physical deck differs from the list, **the list is authoritative**: the deck is put back as
registered and the infraction is a deck problem, penalised by default with a game loss, which the head
judge may adjust (``PENALTIES`` lists the penalties a judge picks from). The words are kept in module
constants so the application can translate them; nothing here decides on the judge's behalf.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck
from ..decklist.lines import LIBRARY_TYPES, library_type

CRYPT = "Crypt"
# The groups a judge counts a deck by: the crypt, then the library's sections in the order the archive and
# the exporters print them, combined types (a card both Action Modifier and Combat) under their own section
# as the lists write them.
CARD_TYPES: tuple[str, ...] = (CRYPT, *LIBRARY_TYPES)

# What a difference calls for (Judges' Guide §3.1). English here; the application translates.
INFRACTION = "Deck problem: the deck does not match its registered decklist"
REMEDY = (
    "the deck is restored to match the registered list (the list is authoritative); missing cards are replaced "
    "from the player's reserve or by proxies the judge signs, extra cards removed"
)
CAUTION = "caution"
WARNING = "warning"
GAME_LOSS = "game loss"
DISQUALIFICATION = "disqualification"
PENALTIES: tuple[str, ...] = (CAUTION, WARNING, GAME_LOSS, DISQUALIFICATION)
PENALTY = GAME_LOSS  # the default; the head judge may choose another of PENALTIES


def pick_tables(tables: int, rng: random.Random, count: int = 1) -> list[int]:
    """The table numbers (1-based, sorted) to deck-check this round: ``count`` of them drawn at random, or
    every table when there are fewer.

    Raises:
        ValueError: a negative number of tables or of checks.
    """
    if tables < 0 or count < 0:
        raise ValueError(f"cannot pick {count} of {tables} tables")
    return sorted(rng.sample(range(1, tables + 1), min(count, tables)))


def group(card_id: int, cards: CardIndex) -> str:
    """The group a card is counted in: ``CRYPT`` or its library section."""
    card = cards[card_id]
    return CRYPT if card.is_crypt else library_type(card)


def expected_counts(deck: Deck, cards: CardIndex) -> dict[str, int]:
    """How many cards of each group the locked list holds: the crypt always, then the library's groups that
    hold cards, in ``CARD_TYPES`` order."""
    counts: dict[str, int] = {CRYPT: sum(deck.crypt.values())}
    for card_id, copies in deck.library.items():
        name = group(card_id, cards)
        counts[name] = counts.get(name, 0) + copies
    return dict(sorted(counts.items(), key=lambda item: _rank(item[0])))


def _rank(name: str) -> tuple[int, str]:
    # A section the card list may one day add (a new combination of types) goes after the known ones.
    return (CARD_TYPES.index(name) if name in CARD_TYPES else len(CARD_TYPES), name)


@dataclasses.dataclass(frozen=True)
class Difference:
    """A group whose count on the table differs from the locked list's."""

    group: str
    expected: int
    counted: int

    @property
    def delta(self) -> int:
        """Cards counted beyond the list (negative: cards missing)."""
        return self.counted - self.expected

    def to_dict(self) -> dict[str, Any]:
        return {"group": self.group, "expected": self.expected, "counted": self.counted, "delta": self.delta}


def compare(expected: Mapping[str, int], counted: Mapping[str, int]) -> list[Difference]:
    """The groups whose counted cards differ from the list's, in ``CARD_TYPES`` order; a group either side
    leaves out counts as 0.

    Raises:
        ValueError: a group that is none of ``CARD_TYPES`` (nor one ``expected_counts`` found in the list),
            or a negative count.
    """
    known = set(CARD_TYPES) | set(expected)
    for side in (expected, counted):
        for name, number in side.items():
            if name not in known:
                raise ValueError(f"no group of cards is called {name!r}: one of {', '.join(CARD_TYPES)}")
            if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                raise ValueError(f"a count of cards is a whole number ≥ 0, not {number!r} ({name})")
    names = sorted(set(expected) | set(counted), key=_rank)
    return [
        Difference(name, expected.get(name, 0), counted.get(name, 0))
        for name in names
        if expected.get(name, 0) != counted.get(name, 0)
    ]


@dataclasses.dataclass(frozen=True)
class Finding:
    """What a deck check that found differences calls for, pre-filled for the judge to confirm."""

    differences: tuple[Difference, ...]
    infraction: str = INFRACTION
    remedy: str = REMEDY
    penalty: str = PENALTY
    penalties: tuple[str, ...] = PENALTIES

    def to_dict(self) -> dict[str, Any]:
        return {
            "differences": [d.to_dict() for d in self.differences],
            "infraction": self.infraction,
            "remedy": self.remedy,
            "penalty": self.penalty,
            "penalties": list(self.penalties),
        }


def finding(differences: Iterable[Difference]) -> Finding | None:
    """The infraction, remedy and default penalty when the deck differs from its list; None when it matches."""
    found = tuple(differences)
    return Finding(differences=found) if found else None
