"""A deck as plain data: crypt and library counts by VEKN id, plus what the decklist said about itself.

Every decklist format parses into a ``Deck`` and every exporter writes one; the validator, the draw
simulator and the game engine read one. Cards are held by id only (a ``CardIndex`` gives the rest), so
a ``Deck`` is cheap to copy, compare, hash and store as JSON.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
from typing import Any

from .domain import Card


@dataclasses.dataclass(kw_only=True)
class Event:
    """The tournament header of an archive decklist (TWDA layout)."""

    name: str = ""
    place: str = ""
    date: datetime.date | None = None
    date_end: datetime.date | None = None  # multi-day events: "May 3rd-4th 2025"
    format: str = ""  # "3R+F", "2R+F"…
    players: int | None = None
    winner: str = ""
    url: str = ""
    score: str = ""  # "-- 1GW3 + 1GW3.5 in final"


@dataclasses.dataclass(kw_only=True)
class Declared:
    """Counts the decklist states about itself ("Crypt (12 cards…)", "Master (18; 7 trifle)").

    Kept apart from the real counts so the validator can tell a judge when a list miscounts itself.
    """

    crypt: int | None = None
    library: int | None = None
    sections: dict[str, int] = dataclasses.field(default_factory=dict)  # library type → count
    trifles: int | None = None


@dataclasses.dataclass(kw_only=True)
class Unresolved:
    """A decklist line naming no card we know. Never dropped: a judge must see it."""

    line: int  # 1-based line number in the source text (0 when the source has no lines)
    text: str  # the line as written
    count: int = 1
    section: str = ""  # "crypt", "library", or "" when the list did not say
    suggestions: list[str] = dataclasses.field(default_factory=list)  # up to three official names
    reason: str = ""  # "" = no such card; "count" = a card, but a count no deck can hold (0, -1, 10^12)


@dataclasses.dataclass(kw_only=True)
class Ambiguous:
    """A decklist line naming, without its group, a vampire printed in two groups under one name
    ("2x Theo Bell"). Which one the deck holds depends on the deck (its date, the groups of the rest of
    its crypt: see ``versions``), so the line's candidates are kept: the validator settles the choice
    again for the day it checks, without reading the text again."""

    line: int  # 1-based line number in the source text (0 when the source has no lines)
    text: str  # the line as written
    name: str  # the name as written
    count: int
    candidates: list[int]  # VEKN ids of the versions the name may mean, earliest printing first
    chosen: int  # the version the deck holds (in ``Deck.crypt``, ``count`` copies of it from this line)
    reason: str = ""  # why that one: ``versions.NOT_PRINTED_YET``, ``FITS_CRYPT_GROUPS`` or ``EARLIEST_PRINTING``
    comment: str = ""  # the line's "-- comment", kept with the copies it belongs to


@dataclasses.dataclass(kw_only=True)
class Deck:
    crypt: dict[int, int] = dataclasses.field(default_factory=dict)  # VEKN id → copies, list order
    library: dict[int, int] = dataclasses.field(default_factory=dict)
    name: str = ""
    author: str = ""
    description: str = ""
    event: Event | None = None
    comments: dict[int, str] = dataclasses.field(default_factory=dict)  # VEKN id → "-- comment" text
    unresolved: list[Unresolved] = dataclasses.field(default_factory=list)
    declared: Declared = dataclasses.field(default_factory=Declared)
    source_format: str = ""  # the format the parser detected ("twd", "jol"…); not part of equality
    path: str = ""  # where it was read from, when it was a file
    # Bare names of vampires printed in two groups, as the text wrote them; like the two fields above, it
    # says how the deck was read, not what it is: not part of equality, and ids (an export) are explicit.
    ambiguous: list[Ambiguous] = dataclasses.field(default_factory=list)

    def add(self, card: Card, count: int = 1, comment: str = "") -> None:
        """Add copies of a card to its own part of the deck; repeated lines merge."""
        part = self.crypt if card.is_crypt else self.library
        part[card.id] = part.get(card.id, 0) + count
        if comment:
            self.comments[card.id] = f"{self.comments[card.id]}; {comment}" if card.id in self.comments else comment

    @property
    def crypt_count(self) -> int:
        return sum(self.crypt.values())

    @property
    def library_count(self) -> int:
        return sum(self.library.values())

    def same_cards(self, other: Deck) -> bool:
        """Same crypt and library counts, whatever the order or metadata."""
        return self.crypt == other.crypt and self.library == other.library

    def checksum(self) -> str:
        """A short digest of the card counts alone, for registration sheets: a judge recomputes it at a
        deck check. Order, names, comments and metadata do not change it."""
        lines = [f"c{card_id}:{n}" for card_id, n in sorted(self.crypt.items())]
        lines += [f"l{card_id}:{n}" for card_id, n in sorted(self.library.items())]
        return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        # The detected format, the file path and the bare names read say where a deck came from, not what it is.
        if not isinstance(other, Deck):
            return NotImplemented
        return self.to_dict(with_origin=False) == other.to_dict(with_origin=False)

    def to_dict(self, *, with_origin: bool = True) -> dict[str, Any]:
        data = {
            "name": self.name,
            "author": self.author,
            "description": self.description,
            "event": _event_dict(self.event),
            "crypt": [{"id": i, "count": n} for i, n in self.crypt.items()],
            "library": [{"id": i, "count": n} for i, n in self.library.items()],
            "comments": {str(i): c for i, c in self.comments.items()},
            "unresolved": [dataclasses.asdict(u) for u in self.unresolved],
            "declared": dataclasses.asdict(self.declared),
        }
        if with_origin:
            data["source_format"] = self.source_format
            data["path"] = self.path
            data["ambiguous"] = [dataclasses.asdict(a) for a in self.ambiguous]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deck:
        event = data.get("event")
        if event:
            event = dict(event)
            for key in ("date", "date_end"):
                if event.get(key):
                    event[key] = datetime.date.fromisoformat(event[key])
            event = Event(**event)
        return cls(
            crypt={int(c["id"]): int(c["count"]) for c in data.get("crypt", ())},
            library={int(c["id"]): int(c["count"]) for c in data.get("library", ())},
            name=data.get("name", ""),
            author=data.get("author", ""),
            description=data.get("description", ""),
            event=event or None,
            comments={int(i): c for i, c in (data.get("comments") or {}).items()},
            unresolved=[Unresolved(**u) for u in data.get("unresolved", ())],
            declared=Declared(**(data.get("declared") or {})),
            source_format=data.get("source_format", ""),
            path=data.get("path", ""),
            ambiguous=[Ambiguous(**a) for a in data.get("ambiguous") or ()],
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class CardChange:
    """One card whose count differs between two versions of a deck (0 = absent)."""

    id: int
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


def diff(before: Deck, after: Deck) -> list[CardChange]:
    """The cards whose counts differ from ``before`` to ``after``: crypt first, then library, each in the
    order the cards first appear (the earlier version's order, then cards new in the later one)."""
    changes = []
    for old, new in ((before.crypt, after.crypt), (before.library, after.library)):
        for card_id in dict.fromkeys([*old, *new]):
            if old.get(card_id, 0) != new.get(card_id, 0):
                changes.append(CardChange(id=card_id, before=old.get(card_id, 0), after=new.get(card_id, 0)))
    return changes


def _event_dict(event: Event | None) -> dict[str, Any] | None:
    if event is None:
        return None
    data = dataclasses.asdict(event)
    for key in ("date", "date_end"):
        if data[key]:
            data[key] = data[key].isoformat()
    return data
