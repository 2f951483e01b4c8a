"""A deck's statistics, as the deck editor's statistics panel shows them.

``deck_stats(deck, cards)`` reads a ``Deck`` against a ``CardIndex`` and returns plain dataclasses: the
crypt's capacities (with the archive's min/max/avg), its disciplines, clans, sects, titles and groups;
the library's card types in the archive's order, what its cards require, and what they cost. Card ids
the index does not know are skipped and counted, so a deck saved against an older card list still gets
its panel. ``charts`` draws these numbers as SVG.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .carddb import CardIndex
from .deck import Deck
from .decklist.lines import library_sections
from .decklist.twd import crypt_stats
from .domain import Card, Cost, Discipline
from .eligibility import playable_by_any_vampire

logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True, kw_only=True)
class DisciplineSpread:
    """How many crypt copies have a discipline, at each level."""

    code: str  # lower-case trigram ("pot"), or an Imbued virtue ("def")
    name: str  # "Potence"
    superior: int
    inferior: int

    @property
    def total(self) -> int:
        return self.superior + self.inferior

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "total": self.total}


@dataclasses.dataclass(frozen=True, kw_only=True)
class DisciplineNeed:
    """How many library copies need a discipline to be played."""

    code: str
    name: str
    copies: int

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True, kw_only=True)
class TypeShare:
    """One library section ("Master", "Action Modifier/Reaction"…) and its part of the library."""

    type: str
    copies: int
    share: float  # copies / library size, 0..1

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True, kw_only=True)
class CostTotals:
    """A pool or blood cost summed over the library's copies.

    X costs have no value until played, so they are counted apart and left out of the total and the
    average.
    """

    total: int = 0  # sum of the numeric costs, copy by copy
    paying_copies: int = 0  # copies with a numeric cost (0 included: "0 pool" is still a cost line)
    x_copies: int = 0  # copies costing X

    @property
    def average(self) -> float:
        """Mean numeric cost of a copy that has one; 0.0 when none has."""
        return self.total / self.paying_copies if self.paying_copies else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "average": self.average}


@dataclasses.dataclass(frozen=True, kw_only=True)
class CryptStats:
    size: int = 0
    capacity_min: int = 0  # the cheapest vampire
    capacity_max: int = 0  # the dearest vampire
    capacity_average: float = 0.0
    cheapest_four: int = 0  # the archive header's "min=": the cheapest possible crypt draw
    dearest_four: int = 0  # the archive header's "max="
    capacities: dict[int, int] = dataclasses.field(default_factory=dict)  # capacity → copies, ascending
    groups: tuple[str, ...] = ()  # "1".."7", then "ANY"
    disciplines: tuple[DisciplineSpread, ...] = ()  # most copies first
    clans: dict[str, int] = dataclasses.field(default_factory=dict)  # clan → copies, most first
    sects: dict[str, int] = dataclasses.field(default_factory=dict)
    titles: dict[str, int] = dataclasses.field(default_factory=dict)  # untitled vampires left out

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        # JSON object keys are strings: a list keeps the capacities numbers, and in order.
        data["capacities"] = [{"capacity": c, "copies": n} for c, n in self.capacities.items()]
        data["groups"] = list(self.groups)
        data["disciplines"] = [d.to_dict() for d in self.disciplines]
        return data


@dataclasses.dataclass(frozen=True, kw_only=True)
class LibraryStats:
    size: int = 0
    types: tuple[TypeShare, ...] = ()  # in the archive's section order
    disciplines: tuple[DisciplineNeed, ...] = ()  # most copies first
    clans: dict[str, int] = dataclasses.field(default_factory=dict)  # clan required → copies, most first
    no_requirement: int = 0  # copies any vampire (or the Methuselah, for a master) may play
    pool_cost: CostTotals = dataclasses.field(default_factory=CostTotals)
    blood_cost: CostTotals = dataclasses.field(default_factory=CostTotals)

    def to_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "types": [t.to_dict() for t in self.types],
            "disciplines": [d.to_dict() for d in self.disciplines],
            "clans": dict(self.clans),
            "no_requirement": self.no_requirement,
            "pool_cost": self.pool_cost.to_dict(),
            "blood_cost": self.blood_cost.to_dict(),
        }


@dataclasses.dataclass(frozen=True, kw_only=True)
class DeckStats:
    crypt: CryptStats = dataclasses.field(default_factory=CryptStats)
    library: LibraryStats = dataclasses.field(default_factory=LibraryStats)
    unknown_ids: tuple[int, ...] = ()  # ids the card list does not know, in deck order
    unknown_copies: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "crypt": self.crypt.to_dict(),
            "library": self.library.to_dict(),
            "unknown_ids": list(self.unknown_ids),
            "unknown_copies": self.unknown_copies,
        }


def deck_stats(deck: Deck, cards: CardIndex) -> DeckStats:
    """The statistics panel's numbers for ``deck``. Never raises on ids the index does not know."""
    crypt, library, unknown = known_parts(deck, cards)
    if unknown:
        logger.debug("deck statistics skip unknown card ids %s", sorted(unknown))
    return DeckStats(
        crypt=_crypt_stats(crypt),
        library=_library_stats(library, cards),
        unknown_ids=tuple(unknown),
        unknown_copies=sum(unknown.values()),
    )


def known_parts(deck: Deck, cards: CardIndex) -> tuple[list[tuple[Card, int]], dict[int, int], dict[int, int]]:
    """Crypt (card, copies), library id → copies, and unknown id → copies.

    A card goes where its kind says, not where the deck filed it: a hand-edited deck may hold a vampire
    in its library, and the panel should still count it as a vampire.
    """
    crypt: list[tuple[Card, int]] = []
    library: dict[int, int] = {}
    unknown: dict[int, int] = {}
    for card_id, count in (*deck.crypt.items(), *deck.library.items()):
        if count <= 0:
            continue  # an editor line being cleared: no copies to count, and no unknown card either
        card = cards.get(card_id)
        if card is None:
            unknown[card_id] = unknown.get(card_id, 0) + count
        elif card.is_crypt:
            crypt.append((card, count))
        else:
            library[card_id] = library.get(card_id, 0) + count
    return crypt, library, unknown


# --- crypt -------------------------------------------------------------------------------------


def _crypt_stats(crypt: list[tuple[Card, int]]) -> CryptStats:
    copies: Counter[int] = Counter()
    for card, count in crypt:
        copies[card.capacity or 0] += count
    size = copies.total()
    # Four copies of each capacity are all the archive's min/max can use: the list stays short even for
    # a deck claiming a billion Tupdogs, and the mean is taken over every copy.
    cheapest_four, dearest_four, _ = crypt_stats([c for c, n in copies.items() for _ in range(min(n, 4))])
    return CryptStats(
        size=size,
        capacity_min=min(copies, default=0),
        capacity_max=max(copies, default=0),
        capacity_average=sum(c * n for c, n in copies.items()) / size if size else 0.0,
        cheapest_four=cheapest_four,
        dearest_four=dearest_four,
        capacities=dict(sorted(copies.items())),
        groups=_groups(card.group for card, _ in crypt),
        disciplines=_discipline_spread(crypt),
        clans=_most_first((clan, count) for card, count in crypt for clan in card.clans),
        sects=_most_first((card.sect, count) for card, count in crypt if card.sect),
        titles=_most_first((card.title, count) for card, count in crypt if card.title),
    )


def _groups(groups: Iterable[str]) -> tuple[str, ...]:
    # Numbered groups in order, "ANY" (fits every crypt) last.
    present = {g for g in groups if g}
    return tuple(sorted(present, key=lambda g: (not g.isdigit(), int(g) if g.isdigit() else 0, g)))


def _discipline_spread(crypt: list[tuple[Card, int]]) -> tuple[DisciplineSpread, ...]:
    superior: Counter[str] = Counter()
    inferior: Counter[str] = Counter()
    names: dict[str, str] = {}
    for card, count in crypt:
        for discipline in card.disciplines:
            (superior if discipline.superior else inferior)[discipline.code] += count
            names[discipline.code] = discipline.name
    spread = [
        DisciplineSpread(code=code, name=name, superior=superior[code], inferior=inferior[code])
        for code, name in names.items()
    ]
    # Ties broken by superior copies (the stronger discipline), then by code so the order is stable.
    return tuple(sorted(spread, key=lambda d: (-d.total, -d.superior, d.code)))


# --- library -----------------------------------------------------------------------------------


def _library_stats(library: dict[int, int], cards: CardIndex) -> LibraryStats:
    copies = [(cards[card_id], count) for card_id, count in library.items()]
    size = sum(library.values())
    return LibraryStats(
        size=size,
        types=_type_shares(library, cards, size),
        disciplines=_disciplines_needed(copies),
        clans=_most_first((clan, count) for card, count in copies for clan in card.requirements.clans),
        no_requirement=sum(count for card, count in copies if playable_by_any_vampire(card)),
        pool_cost=_cost_totals((card.pool_cost, count) for card, count in copies),
        blood_cost=_cost_totals((card.blood_cost, count) for card, count in copies),
    )


def _type_shares(library: dict[int, int], cards: CardIndex, size: int) -> tuple[TypeShare, ...]:
    # The archive's own sectioning, so the panel lists types in the order a decklist prints them.
    shares = []
    for section, entries in library_sections(Deck(library=library), cards):
        copies = sum(count for _, count in entries)
        shares.append(TypeShare(type=section, copies=copies, share=copies / size))
    return tuple(shares)


def _disciplines_needed(copies: list[tuple[Card, int]]) -> tuple[DisciplineNeed, ...]:
    needed: Counter[str] = Counter()
    for card, count in copies:
        # An "or" card (Brick by Brick: Visceratika / Thaumaturgy) counts toward each option: a vampire
        # with either can play it, so it is part of what each discipline brings to the deck. An "and"
        # card needs every one, so it counts toward each as well. Totals may thus exceed the library.
        for code in dict.fromkeys(card.discipline_requirement.codes):
            needed[code] += count
    ordered = sorted(needed.items(), key=lambda item: (-item[1], item[0]))
    return tuple(DisciplineNeed(code=code, name=Discipline(code=code).name, copies=n) for code, n in ordered)


def _cost_totals(costs: Iterable[tuple[Cost | None, int]]) -> CostTotals:
    total = paying = x_copies = 0
    for cost, count in costs:
        if cost is None:
            continue
        if cost.is_x:
            x_copies += count
        else:
            total += (cost.value or 0) * count
            paying += count
    return CostTotals(total=total, paying_copies=paying, x_copies=x_copies)


# --- shared ------------------------------------------------------------------------------------


def _most_first(pairs: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Copies summed per key, most first, ties by name so two renders of a deck never differ."""
    counts: Counter[str] = Counter()
    for key, count in pairs:
        counts[key] += count
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
