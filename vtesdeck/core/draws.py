"""How a deck draws: exact odds and Monte-Carlo opening hands.

A player opens with 7 library cards in hand and 4 crypt cards in the uncontrolled region. For a deck this
module answers, exactly where the numbers allow and by simulation everywhere:

* each library card, crypt card and group of cards (a card type, a discipline or clan the library asks
  for; a clan, discipline or capacity band of the crypt): P(at least one in the opening), P(at least
  1..4), and for the library P(seen by the start of each turn) on the draw curve below;
* conditions written in the small language of ``conditions`` (``library.type("Master") >= 1 and
  crypt.capacity("<=6") >= 2``);
* the playable hand: how many of the 7 library cards at least one of the 4 crypt cards could play;
* when the first and the second vampire come out, seat by seat, under the transfer policy below.

The work is split for workers: ``compile_plan`` turns a deck into a ``HandsPlan`` (plain JSON data, no
card list needed afterwards); ``simulate_chunk`` deals a chunk of hands from its own seeded random stream
and returns integer tallies; ``merge_tallies`` sums them in any order; ``hands_report`` turns the total
into the report, exact figures beside the simulated ones. ``run_hands`` does all of it in one process and
gives the very same figures as workers would for the same seed and chunk size.

Policies (what the simulation assumes; the report says so too):

* Draw curve: the opening hand is 7 cards; every turn ``replacements_per_turn`` cards leave the hand (by
  default 2: a card played and the discard phase action) and are replaced at once, as the rulebook has a
  player draw a card whenever one is played or discarded. So 7 + r·(t − 1) cards are seen by the start
  of turn t, never more than the library holds.
* First vampire: all the transfers of a turn go to the cheapest vampire of the four in the uncontrolled
  region until it has counters equal to its capacity (an Imbued's life); it enters play at the end of
  that influence phase, and transfers left over go on to the next cheapest. On their first turn seat 1
  has 1 transfer, seat 2 has 2, seat 3 has 3, seats 4 and 5 have 4; every later turn gives 4 (rulebook,
  influence phase). No transfers are spent moving more crypt cards to the uncontrolled region, and no
  card adds pool or transfers. The order vampires come out only depends on the four capacities, so the
  simulation tallies those and the turns are worked out in the report.
* Playable hand: a library card is playable when at least one of the 4 crypt cards could play it once in
  play, as ``eligibility.can_play`` answers (the one answer the validator and the game engine share): the
  discipline the card asks for (at any level; for a card whose effects need different disciplines, those
  of one effect), one of its clans, a title it names, its sect, its capacity bounds, the trait it names
  (Black Hand, Seraph, Red List, Infernal, Slave; "non-sterile" and the other "non-" requirements too),
  a vampire or an imbued as the card needs. A vampire who would first have to become Anarch does not
  count (the validator counts it: a card within reach is no mistake in a deck). Cards with no requirement
  (most masters) are playable by anyone; a master with a clan requirement needs a vampire of that clan.
  Not modelled: costs, whether the vampire is in play yet, and the requirements ``not_modelled`` lists
  (Gehenna events in play, "same circle"…), which count as met.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from . import conditions as condition_language
from . import eligibility, odds
from .carddb import CardIndex
from .conditions import MAX_CONDITION_LENGTH, MAX_CONDITIONS, ConditionError, DeckCards, DrawsError
from .deck import Deck
from .domain import DISCIPLINES, VIRTUES, Card
from .numbers import MAX_SEED
from .stats import known_parts

logger = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "HAND_SIZE",
    "MAX_CONDITIONS",
    "MAX_CONDITION_LENGTH",
    "MAX_HANDS",
    "OPENING_CRYPT",
    "OPENING_LIBRARY",
    "ConditionError",
    "DrawsError",
    "HandsPlan",
    "can_play",
    "chunk_sizes",
    "compile_plan",
    "exact_report",
    "hands_report",
    "merge_tallies",
    "run_hands",
    "sample_hand",
    "simulate_chunk",
]

OPENING_LIBRARY = 7
OPENING_CRYPT = 4
HAND_SIZE = 7
DEFAULT_CHUNK_SIZE = 250_000  # hands per chunk (a chunk is ~0.1-0.5 s of one core)
MAX_HANDS = 50_000_000  # callers refuse more
BATCH = 50_000  # hands dealt at once inside a chunk: the working arrays stay in the CPU cache
MAX_TURNS = 30
# Copies: far beyond any deck played (a library holds 60-90 cards, a crypt rarely 40), and small enough that
# compiling a plan (every crypt card against every library card) stays a fraction of a second.
MAX_LIBRARY = 500
MAX_CRYPT = 200
PLAN_VERSION = 1

FIRST_TURN_TRANSFERS = {1: 1, 2: 2, 3: 3, 4: 4, 5: 4}
TRANSFERS_PER_TURN = 4
SEATS = (1, 2, 3, 4, 5)
AT_LEAST = (1, 2, 3, 4)

# The archive's order of library sections; other types follow alphabetically.
TYPE_ORDER = (
    "Master",
    "Conviction",
    "Action",
    "Political Action",
    "Ally",
    "Equipment",
    "Retainer",
    "Power",
    "Action Modifier",
    "Reaction",
    "Combat",
    "Event",
)

FIRST_VAMPIRE_POLICY = (
    "All the transfers of a turn go to the cheapest of the four crypt cards in the uncontrolled region until "
    "it has counters equal to its capacity (an Imbued's life); it comes into play at the end of that influence "
    "phase and the transfers left over go on to the next cheapest. First turn: seat 1 has 1 transfer, seat 2 "
    "has 2, seat 3 has 3, seats 4 and 5 have 4; every later turn 4. No crypt cards are drawn and no card adds "
    "pool or transfers."
)
PLAYABLE_EXPLANATION = (
    "A library card is playable when at least one of the 4 opening crypt cards could play it: it has the "
    "discipline (any level; all of them for cards requiring several), the clan, a title, the sect, the capacity "
    "and the trait (Black Hand, Seraph, Red List…) the card asks for. Cards without requirements, most masters "
    "among them, are playable by anyone. A vampire who would first have to become Anarch does not count. Costs "
    "and whether the vampire is in play yet are not considered."
)


# --- the plan ----------------------------------------------------------------------------------


@dataclasses.dataclass(kw_only=True)
class HandsPlan:
    """A deck compiled for drawing: everything a worker needs, as plain data (see ``to_dict``).

    ``library`` and ``crypt`` list the distinct cards in the deck's order (``id``, ``name``, ``count``…);
    groups, conditions and ``playable_by`` refer to them by their position in those lists.
    """

    library: list[dict[str, Any]]  # {"id", "name", "count", "type"}
    crypt: list[dict[str, Any]]  # {"id", "name", "count", "capacity", "imbued"}
    groups: list[dict[str, Any]]  # {"part", "kind", "key", "label", "members": [positions]}
    playable_by: list[list[int]]  # per crypt card: the library cards (positions) it could play
    conditions: list[dict[str, Any]] = dataclasses.field(default_factory=list)  # conditions.compile_condition
    not_modelled: list[str] = dataclasses.field(default_factory=list)  # requirements counted as met
    unknown: list[dict[str, int]] = dataclasses.field(default_factory=list)  # {"id", "count"}: skipped ids
    turns: int = 10
    replacements_per_turn: int = 2
    version: int = PLAN_VERSION
    _tables: _Tables | None = dataclasses.field(default=None, init=False, repr=False, compare=False)

    @property
    def library_size(self) -> int:
        return sum(entry["count"] for entry in self.library)

    @property
    def crypt_size(self) -> int:
        return sum(entry["count"] for entry in self.crypt)

    def to_dict(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self) if field.init}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandsPlan:
        if not isinstance(data, dict) or data.get("version") != PLAN_VERSION:
            raise DrawsError("This simulation plan is from another version of the simulator; start the job again.")
        names = {field.name for field in dataclasses.fields(cls) if field.init}
        try:
            plan = cls(**{key: value for key, value in data.items() if key in names})
            plan.tables()  # builds and checks every array now, not halfway through a job
        except (TypeError, KeyError, ValueError, IndexError, AttributeError, OverflowError) as exc:
            raise DrawsError(f"This simulation plan is damaged ({exc}); start the job again.") from exc
        return plan

    def tables(self) -> _Tables:
        if self._tables is None:
            self._tables = _Tables(self)
        return self._tables


def compile_plan(
    deck: Deck,
    cards: CardIndex,
    *,
    conditions: Sequence[str] = (),
    turns: int = 10,
    replacements_per_turn: int = 2,
) -> HandsPlan:
    """The deck as a ``HandsPlan``: cards the card list does not know are left out (and listed in
    ``unknown``). Raises ``DrawsError`` for a deck too small to deal from or a bad parameter, and
    ``ConditionError`` for a condition that does not parse or names something the deck lacks."""
    _check_int("The number of turns", turns, 1, MAX_TURNS)
    _check_int("The number of cards replaced each turn", replacements_per_turn, 0, HAND_SIZE)
    conditions = [conditions] if isinstance(conditions, str) else list(conditions)
    if len(conditions) > MAX_CONDITIONS:
        raise DrawsError(f"At most {MAX_CONDITIONS} conditions can be asked at once, not {len(conditions)}.")
    crypt_pairs, library_counts, unknown = known_parts(deck, cards)
    crypt_counts: dict[int, int] = {}
    for card, count in crypt_pairs:
        crypt_counts[card.id] = crypt_counts.get(card.id, 0) + count
    library = [cards[card_id] for card_id in library_counts]
    crypt = [cards[card_id] for card_id in crypt_counts]
    library_size, crypt_size = sum(library_counts.values()), sum(crypt_counts.values())
    if library_size < OPENING_LIBRARY:
        raise DrawsError(f"The library holds {library_size} known cards; an opening hand needs {OPENING_LIBRARY}.")
    if crypt_size < OPENING_CRYPT:
        raise DrawsError(f"The crypt holds {crypt_size} known cards; an opening crypt draw needs {OPENING_CRYPT}.")
    if library_size > MAX_LIBRARY or crypt_size > MAX_CRYPT:
        raise DrawsError(
            f"The deck is too large to simulate ({library_size} library and {crypt_size} crypt cards; "
            f"the limits are {MAX_LIBRARY} and {MAX_CRYPT})."
        )
    deck_cards = DeckCards(library=library, crypt=crypt, cards=cards)
    book = eligibility.for_cards(cards)  # who can play what, as the validator and the game engine see it
    compiled = [condition_language.compile_condition(text, deck_cards, index=i) for i, text in enumerate(conditions)]
    return HandsPlan(
        library=[
            {"id": c.id, "name": c.name, "count": library_counts[c.id], "type": "/".join(c.types)} for c in library
        ],
        crypt=[
            {"id": c.id, "name": c.name, "count": crypt_counts[c.id], "capacity": _capacity(c), "imbued": c.is_imbued}
            for c in crypt
        ],
        groups=_groups(library, [library_counts[c.id] for c in library], crypt, [crypt_counts[c.id] for c in crypt]),
        playable_by=_playable_by(book, crypt, library),
        conditions=compiled,
        not_modelled=sorted({c for card in library if (rq := book.requirement(card.id)) for c in rq.conditions}),
        unknown=[{"id": card_id, "count": count} for card_id, count in unknown.items()],
        turns=turns,
        replacements_per_turn=replacements_per_turn,
    )


def _playable_by(book: eligibility.Eligibility, crypt: list[Card], library: list[Card]) -> list[list[int]]:
    """Per crypt card, the library cards (positions) it can play as it comes out of the crypt: the deck
    check of ``eligibility`` asked for each crypt card alone, without becoming Anarch."""
    ids = [card.id for card in library]
    playable_by = []
    for vampire in crypt:
        unplayable = set(book.unplayable((vampire.id,), ids))
        playable_by.append([i for i, card_id in enumerate(ids) if card_id not in unplayable])
    return playable_by


def _check_int(what: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DrawsError(f"{what} must be a whole number from {low:,} to {high:,}, not {value!r}.")


def _capacity(card: Card) -> int:
    # Imbued print their life in the capacity column, and it plays the same part when they come out.
    return min(max(card.capacity or 1, 1), 255)


def _groups(
    library: list[Card], library_counts: list[int], crypt: list[Card], crypt_counts: list[int]
) -> list[dict[str, Any]]:
    groups: list[dict[str, Any]] = []

    def add(part: str, kind: str, key: str, label: str, members: list[int]) -> None:
        if members:
            groups.append({"part": part, "kind": kind, "key": key, "label": label, "members": members})

    def by_copies(keys: Iterable[str], members: Callable[[str], list[int]], counts: list[int]) -> list[str]:
        return sorted(set(keys), key=lambda k: (-sum(counts[i] for i in members(k)), k))

    types = {t for card in library for t in card.types}
    for t in sorted(types, key=lambda t: (TYPE_ORDER.index(t) if t in TYPE_ORDER else len(TYPE_ORDER), t)):
        add("library", "type", t, t, [i for i, c in enumerate(library) if t in c.types])

    def lib_discipline(code: str) -> list[int]:
        return [i for i, c in enumerate(library) if code in c.discipline_requirement.codes]

    for code in by_copies((d for c in library for d in c.discipline_requirement.codes), lib_discipline, library_counts):
        add("library", "discipline", code, _discipline_name(code), lib_discipline(code))

    def lib_clan(clan: str) -> list[int]:
        return [i for i, c in enumerate(library) if clan in c.requirements.clans]

    for clan in by_copies((k for c in library for k in c.requirements.clans), lib_clan, library_counts):
        add("library", "clan", clan, clan, lib_clan(clan))

    def crypt_clan(clan: str) -> list[int]:
        return [i for i, c in enumerate(crypt) if clan in c.clans]

    for clan in by_copies((k for c in crypt for k in c.clans), crypt_clan, crypt_counts):
        add("crypt", "clan", clan, clan, crypt_clan(clan))

    def crypt_discipline(code: str) -> list[int]:
        return [i for i, c in enumerate(crypt) if c.has_discipline(code.lower(), superior=code.isupper())]

    for code in by_copies((d.code for c in crypt for d in c.disciplines), crypt_discipline, crypt_counts):
        add("crypt", "discipline", code, _discipline_name(code), crypt_discipline(code))
        if any(d.code == code and d.superior for c in crypt for d in c.disciplines):
            add(
                "crypt",
                "discipline",
                code.upper(),
                f"{_discipline_name(code)} (superior)",
                crypt_discipline(code.upper()),
            )
    capacities = sorted({_capacity(c) for c in crypt})
    for capacity in capacities[:-1]:  # the dearest band would be the whole crypt
        add(
            "crypt",
            "capacity",
            f"<={capacity}",
            f"capacity ≤ {capacity}",
            [i for i, c in enumerate(crypt) if _capacity(c) <= capacity],
        )
    return groups


def _discipline_name(code: str) -> str:
    return DISCIPLINES.get(code.lower()) or VIRTUES.get(code.lower(), code)


# --- who can play what -------------------------------------------------------------------------


def can_play(vampire: Card, card: Card) -> bool:
    """Whether ``vampire``, as it comes out of the crypt, meets the requirements of library ``card``: the
    playable hand's question, answered by ``eligibility`` (``may_become_anarch`` off: a vampire who would
    first have to take the become-Anarch action cannot play an Anarch card yet). Game state the card list
    cannot tell (``Requirement.conditions``: Gehenna events in play, "same circle"…) counts as met."""
    return eligibility.can_play(vampire, card)


# --- simulation --------------------------------------------------------------------------------


class _Tables:
    """The plan as NumPy lookup tables, built once per plan in each worker."""

    def __init__(self, plan: HandsPlan) -> None:
        library_counts = [int(e["count"]) for e in plan.library]
        crypt_counts = [int(e["count"]) for e in plan.crypt]
        if min(library_counts + crypt_counts, default=0) < 1:
            raise ValueError("a card of the plan has no copies")
        self.library_size, self.crypt_size = sum(library_counts), sum(crypt_counts)
        if not (OPENING_LIBRARY <= self.library_size <= MAX_LIBRARY and OPENING_CRYPT <= self.crypt_size <= MAX_CRYPT):
            raise ValueError(f"{self.library_size} library and {self.crypt_size} crypt cards cannot be simulated")
        dl, dc = len(library_counts), len(crypt_counts)
        self.distinct_library, self.distinct_crypt = dl, dc
        # Deck position → distinct card: copies of a card sit side by side.
        self.library_card = np.repeat(np.arange(dl), library_counts).astype(_index_type(dl))
        self.crypt_card = np.repeat(np.arange(dc), crypt_counts).astype(_index_type(dc))
        self.capacity = np.array([int(e["capacity"]) for e in plan.crypt], dtype=np.uint8)
        self.max_capacity = int(self.capacity.max())
        # Quantities counted per hand: groups first, then every comparison of every condition, packed eight to
        # a 64-bit word (one byte lane each) so one lookup and one addition per card count eight of them.
        library_columns = [_members(g["members"], dl) for g in plan.groups if g["part"] == "library"]
        crypt_columns = [_members(g["members"], dc) for g in plan.groups if g["part"] == "crypt"]
        self.library_tops = [min(OPENING_LIBRARY, _copies(c, library_counts)) for c in library_columns]
        self.crypt_tops = [min(OPENING_CRYPT, _copies(c, crypt_counts)) for c in crypt_columns]
        self.comparisons = []  # per condition: (its first library lane, its first crypt lane, how many)
        for condition in plan.conditions:
            self.comparisons.append((len(library_columns), len(crypt_columns), len(condition["comparisons"])))
            for comparison in condition["comparisons"]:
                library_columns.append(_weights(comparison["library"], dl))
                crypt_columns.append(_weights(comparison["crypt"], dc))
        self.library_packed, self.library_offset = _pack(library_columns, dl, OPENING_LIBRARY)
        self.crypt_packed, self.crypt_offset = _pack(crypt_columns, dc, OPENING_CRYPT)
        self.conditions = plan.conditions
        self._playable(plan.playable_by, dl, dc)

    def _playable(self, playable_by: list[list[int]], dl: int, dc: int) -> None:
        """Bit masks: each library card gets the bit of its "class" (the set of crypt cards able to play it),
        each crypt card the bits of the classes it can play, so a hand's playable cards are one OR of 4 masks
        and an AND per library card."""
        if len(playable_by) != dc:
            raise ValueError("playable_by must list every crypt card")
        players: list[set[int]] = [set() for _ in range(dl)]
        for vampire, playable in enumerate(playable_by):
            for card in playable:
                players[card].add(vampire)
        classes: dict[frozenset[int], int] = {}
        card_class = [classes.setdefault(frozenset(p), len(classes)) for p in players]
        self.words = max(1, math.ceil(len(classes) / 64))
        self.card_word = np.array([c // 64 for c in card_class], dtype=np.intp)
        self.card_bit = np.array([1 << (c % 64) for c in card_class], dtype=np.uint64)
        masks = np.zeros((dc, self.words), dtype=np.uint64)
        for members, c in classes.items():
            for vampire in members:
                masks[vampire, c // 64] |= np.uint64(1 << (c % 64))
        self.vampire_masks = masks


def _index_type(distinct: int) -> type[np.uint8] | type[np.uint16]:
    return np.uint8 if distinct <= 256 else np.uint16


def _members(members: list[int], size: int) -> list[int]:
    column = [0] * size
    for i in members:
        column[i] = 1
    return column


def _weights(weights: list[int], size: int) -> list[int]:
    if len(weights) != size:
        raise ValueError("condition weights do not match the deck")
    return [int(w) for w in weights]


def _copies(column: list[int], counts: list[int]) -> int:
    return sum(count for weight, count in zip(column, counts, strict=True) if weight)


def _pack(columns: list[list[int]], rows: int, slots: int) -> tuple[np.ndarray, np.ndarray]:
    """Distinct card → words of eight byte lanes, lane q holding the card's weight in column q plus an offset
    that makes every weight ≥ 0 (conditions subtract counts). A hand's ``slots`` cards summed lane by lane
    never carry into the next lane, as the parser bounds the weights; the offsets (× slots) come back out
    when a condition reads its counts."""
    offsets = np.array([max(0, -min(column, default=0)) for column in columns], dtype=np.int16)
    packed = np.zeros((max(1, math.ceil(len(columns) / 8)), rows), dtype="<u8")  # lane 0 = lowest byte
    for q, column in enumerate(columns):
        lane = np.array(column, dtype=np.int64) + int(offsets[q])
        if slots * int(lane.max(initial=0)) > 255:
            raise ValueError("a condition weighs cards too heavily to count")
        packed[q // 8] |= lane.astype("<u8") << np.uint64(8 * (q % 8))
    return packed, offsets * slots


def chunk_sizes(hands: int, chunk_size: int = DEFAULT_CHUNK_SIZE) -> list[int]:
    """How a job of ``hands`` is cut: full chunks, then the rest (``[250000, 250000, 120000]``)."""
    _check_int("The number of hands", hands, 1, MAX_HANDS)
    _check_int("The number of hands per chunk", chunk_size, 1, MAX_HANDS)
    full, rest = divmod(hands, chunk_size)
    return [chunk_size] * full + ([rest] if rest else [])


def simulate_chunk(
    plan: HandsPlan,
    hands: int,
    seed: int,
    index: int,
    progress: Callable[[int], None] | None = None,
    *,
    detail: str = "full",
) -> dict[str, Any]:
    """Deal ``hands`` opening hands and tally them (a JSON-able dict of integer counts).

    Deterministic for (plan, hands, seed, index): the random stream is
    ``default_rng(SeedSequence([seed, index]))``. Hands are dealt in sub-batches of ``BATCH``; ``progress``
    is called with the hands dealt so far in this chunk after each, and whatever it raises propagates (a
    worker stops a cancelled job that way). ``detail="cards"`` tallies only the per-card counts (the
    benchmark's lower bound); the random stream, and so those counts, are the same.
    """
    _check_int("The number of hands", hands, 1, MAX_HANDS)
    _check_int("The seed", seed, 0, MAX_SEED)
    _check_int("The chunk index", index, 0, MAX_HANDS)
    if detail not in ("full", "cards"):
        raise DrawsError(f"detail must be 'full' or 'cards', not {detail!r}")
    tables = plan.tables()
    rng = np.random.default_rng(np.random.SeedSequence([seed, index]))
    tally = _Tally(tables, detail == "full")
    done = 0
    while done < hands:
        batch = min(BATCH, hands - done)
        _deal(tables, rng, batch, tally)
        done += batch
        if progress is not None:
            progress(done)
    return tally.to_dict(hands)


class _Tally:
    def __init__(self, tables: _Tables, full: bool) -> None:
        self.full = full
        self.library = np.zeros(tables.distinct_library, dtype=np.int64)
        self.crypt = np.zeros(tables.distinct_crypt, dtype=np.int64)
        if full:
            self.library_groups = np.zeros((len(tables.library_tops), OPENING_LIBRARY + 1), dtype=np.int64)
            self.crypt_groups = np.zeros((len(tables.crypt_tops), OPENING_CRYPT + 1), dtype=np.int64)
            self.playable = np.zeros(OPENING_LIBRARY + 1, dtype=np.int64)
            self.first_capacity = np.zeros(tables.max_capacity + 1, dtype=np.int64)
            self.two_capacities = np.zeros(2 * tables.max_capacity + 1, dtype=np.int64)
            self.conditions = np.zeros(len(tables.conditions), dtype=np.int64)

    def to_dict(self, hands: int) -> dict[str, Any]:
        tally: dict[str, Any] = {
            "hands": hands,
            "chunks": 1,
            "library": self.library.tolist(),
            "crypt": self.crypt.tolist(),
        }
        if self.full:
            tally.update(
                library_groups=self.library_groups.tolist(),
                crypt_groups=self.crypt_groups.tolist(),
                playable=self.playable.tolist(),
                first_capacity=self.first_capacity.tolist(),
                two_capacities=self.two_capacities.tolist(),
                conditions=self.conditions.tolist(),
            )
        return tally


def _sample(rng: np.random.Generator, population: int, k: int, hands: int) -> list[np.ndarray]:
    """``k`` distinct deck positions out of ``population`` for each hand (columns of a hand × k table).

    Floyd's algorithm, one step for all hands at once: at step j a position is drawn from 0..m (m =
    population − k + j); if the hand already holds it, the hand takes m instead, which it cannot hold
    yet. Every k-subset comes out equally likely, and no hand is ever redrawn.
    """
    dtype = np.uint16  # NumPy's bounded integers are fastest at 16 bits
    picks: list[np.ndarray] = []
    for j in range(k):
        top = population - k + j
        drawn = rng.integers(0, top + 1, size=hands, dtype=dtype)
        if picks:
            taken = drawn == picks[0]
            for earlier in picks[1:]:
                taken |= drawn == earlier
            drawn[taken] = top
        picks.append(drawn)
    return picks


def _holding(cards: list[np.ndarray], distinct: int) -> np.ndarray:
    """How many hands hold each distinct card at least once: each card counts at its first slot only."""
    first = [np.ones(len(cards[0]), dtype=bool)]
    for j in range(1, len(cards)):
        new = cards[j] != cards[0]
        for m in range(1, j):
            new &= cards[j] != cards[m]
        first.append(new)
    stacked = np.concatenate(cards)
    return np.bincount(stacked[np.concatenate(first)], minlength=distinct)


def _deal(tables: _Tables, rng: np.random.Generator, hands: int, tally: _Tally) -> None:
    # np.take, not fancy indexing: several times faster for a 1-D lookup of small integers.
    library = [np.take(tables.library_card, p) for p in _sample(rng, tables.library_size, OPENING_LIBRARY, hands)]
    crypt = [np.take(tables.crypt_card, p) for p in _sample(rng, tables.crypt_size, OPENING_CRYPT, hands)]
    tally.library += _holding(library, tables.distinct_library)
    tally.crypt += _holding(crypt, tables.distinct_crypt)
    if not tally.full:
        return
    library_lanes = _lanes(tables.library_packed, library)
    crypt_lanes = _lanes(tables.crypt_packed, crypt)
    tally.library_groups += _histograms(library_lanes, tables.library_tops, OPENING_LIBRARY)
    tally.crypt_groups += _histograms(crypt_lanes, tables.crypt_tops, OPENING_CRYPT)
    for i, (library_lane, crypt_lane, size) in enumerate(tables.comparisons):
        values = [
            library_lanes[library_lane + j].astype(np.int16)
            - tables.library_offset[library_lane + j]
            + crypt_lanes[crypt_lane + j].astype(np.int16)
            - tables.crypt_offset[crypt_lane + j]
            for j in range(size)
        ]
        tally.conditions[i] += int(np.count_nonzero(condition_language.evaluate(tables.conditions[i], values)))
    tally.playable += np.bincount(_playable_counts(tables, library, crypt), minlength=OPENING_LIBRARY + 1)
    first, second = _two_smallest([np.take(tables.capacity, c) for c in crypt])
    tally.first_capacity += np.bincount(first, minlength=len(tally.first_capacity))
    tally.two_capacities += np.bincount(first.astype(np.uint16) + second, minlength=len(tally.two_capacities))


def _lanes(packed: np.ndarray, cards: list[np.ndarray]) -> np.ndarray:
    """Lane × hand (uint8, each lane's row contiguous): every packed quantity summed over each hand's cards."""
    hands = len(cards[0])
    words = np.empty((len(packed), hands), dtype="<u8")
    for w, table in enumerate(packed):
        total = words[w]
        np.take(table, cards[0], out=total)
        for slot in cards[1:]:
            total += np.take(table, slot)
    by_byte = words.view(np.uint8).reshape(len(packed), hands, 8)
    return np.ascontiguousarray(by_byte.transpose(0, 2, 1)).reshape(len(packed) * 8, hands)


def _histograms(lanes: np.ndarray, tops: list[int], most: int) -> np.ndarray:
    """Per group (lanes 0..): how many hands hold exactly 0..``most`` of it. Counted as hands holding at
    least v, for each v the group can reach, one vectorised pass each."""
    histograms = np.zeros((len(tops), most + 1), dtype=np.int64)
    hands = lanes.shape[1]
    for g, top in enumerate(tops):
        at_least = [hands] + [np.count_nonzero(lanes[g] >= v) for v in range(1, top + 1)] + [0] * (most - top + 1)
        histograms[g] = [at_least[v] - at_least[v + 1] for v in range(most + 1)]
    return histograms


def _playable_counts(tables: _Tables, library: list[np.ndarray], crypt: list[np.ndarray]) -> np.ndarray:
    """Per hand, how many of its library cards one of its crypt cards can play."""
    playable = np.zeros(len(library[0]), dtype=np.uint8)
    if tables.words == 1:  # the common case: at most 64 classes of library cards
        table = tables.vampire_masks[:, 0].copy()
        masks = np.take(table, crypt[0])
        for slot in crypt[1:]:
            masks |= np.take(table, slot)
        for slot in library:
            playable += (masks & np.take(tables.card_bit, slot)) != 0
        return playable
    wide = tables.vampire_masks[crypt[0]]
    for slot in crypt[1:]:
        wide |= tables.vampire_masks[slot]
    rows = np.arange(len(library[0]))
    for slot in library:
        playable += (wide[rows, tables.card_word[slot]] & tables.card_bit[slot]) != 0
    return playable


def _two_smallest(values: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The smallest and second smallest of four columns, by a comparison network (no sort)."""
    a, b, c, d = values
    low1, high1 = np.minimum(a, b), np.maximum(a, b)
    low2, high2 = np.minimum(c, d), np.maximum(c, d)
    return np.minimum(low1, low2), np.minimum(np.maximum(low1, low2), np.minimum(high1, high2))


def merge_tallies(tallies: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The sum of chunk tallies (of the same plan), in any order."""
    total: dict[str, Any] | None = None
    for tally in tallies:
        total = copy.deepcopy(tally) if total is None else _add(total, tally, "tally")
    if total is None:
        raise DrawsError("There are no tallies to merge.")
    return total


def _add(a: Any, b: Any, where: str) -> Any:
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            raise DrawsError(f"These tallies come from different simulations ({where} differs).")
        return {key: _add(a[key], b[key], f"{where}.{key}") for key in a}
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            raise DrawsError(f"These tallies come from different simulations ({where} differs).")
        return [_add(x, y, where) for x, y in zip(a, b, strict=True)]
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    raise DrawsError(f"This is not a tally ({where} is {type(b).__name__}).")


# --- exact figures and the report --------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SampleHand:
    """One opening deal: the 7 library cards of the hand and the 4 crypt cards of the uncontrolled region, as
    VEKN ids in the order they were dealt."""

    library: tuple[int, ...]
    crypt: tuple[int, ...]


def sample_hand(plan: HandsPlan, seed: int) -> SampleHand:
    """An opening deal of the plan's deck, drawn without replacement from its copies: the same seed deals the
    same hand (a page links it), any other seed another one."""
    rng = random.Random(seed)

    def deal(entries: list[dict[str, Any]], k: int) -> tuple[int, ...]:
        copies = [entry["id"] for entry in entries for _ in range(entry["count"])]
        return tuple(rng.sample(copies, k))

    return SampleHand(library=deal(plan.library, OPENING_LIBRARY), crypt=deal(plan.crypt, OPENING_CRYPT))


def exact_report(plan: HandsPlan) -> dict[str, Any]:
    """Every figure that can be computed exactly, in the report's shape, with no simulation: instant."""
    library_size, crypt_size = plan.library_size, plan.crypt_size
    turns, per_turn = plan.turns, plan.replacements_per_turn
    library_counts = [e["count"] for e in plan.library]
    crypt_counts = [e["count"] for e in plan.crypt]
    report: dict[str, Any] = {
        "library_size": library_size,
        "crypt_size": crypt_size,
        "library": [
            {
                "id": e["id"],
                "name": e["name"],
                "count": e["count"],
                "type": e["type"],
                "p_opening_exact": odds.p_at_least(library_size, e["count"], OPENING_LIBRARY),
                "p_by_turn_exact": odds.p_by_turn(library_size, e["count"], turns, per_turn),
            }
            for e in plan.library
        ],
        "crypt": [
            {
                "id": e["id"],
                "name": e["name"],
                "count": e["count"],
                "capacity": e["capacity"],
                "p_opening_exact": odds.p_at_least(crypt_size, e["count"], OPENING_CRYPT),
            }
            for e in plan.crypt
        ],
        "groups": [_group_exact(plan, g) for g in plan.groups],
        "playable": {
            "explanation": _playable_explanation(plan),
            "not_modelled": list(plan.not_modelled),
            **_playable_exact(plan),
        },
        "first_vampire": {
            "policy": FIRST_VAMPIRE_POLICY,
            "turns": turns,
            "seats": _seats(*_capacity_exact(plan), turns, "_exact"),
        },
        "draw_curve": {
            "replacements_per_turn": per_turn,
            "turns": [{"turn": t, "seen": odds.cards_seen(t, per_turn, library_size)} for t in range(1, turns + 1)],
        },
        "conditions": [
            {
                "expression": c["expression"],
                "p_exact": condition_language.exact_probability(c, library_counts, crypt_counts),
            }
            for c in plan.conditions
        ],
        "unknown": list(plan.unknown),
    }
    return report


def _group_exact(plan: HandsPlan, group: dict[str, Any]) -> dict[str, Any]:
    part = plan.library if group["part"] == "library" else plan.crypt
    size = plan.library_size if group["part"] == "library" else plan.crypt_size
    draws = OPENING_LIBRARY if group["part"] == "library" else OPENING_CRYPT
    count = sum(part[i]["count"] for i in group["members"])
    return {
        "part": group["part"],
        "kind": group["kind"],
        "key": group["key"],
        "label": group["label"],
        "count": count,
        "p_opening_exact": odds.p_at_least(size, count, draws),
        "at_least_exact": [odds.p_at_least(size, count, draws, k) for k in AT_LEAST],
        "p_by_turn_exact": odds.p_by_turn(size, count, plan.turns, plan.replacements_per_turn)
        if group["part"] == "library"
        else [],
    }


def _playable_explanation(plan: HandsPlan) -> str:
    if not plan.not_modelled:
        return PLAYABLE_EXPLANATION
    return PLAYABLE_EXPLANATION + " Counted as met (they depend on the game): " + ", ".join(plan.not_modelled) + "."


def _playable_exact(plan: HandsPlan) -> dict[str, Any]:
    """The exact law of the number of playable cards among the 7, when the crypt is small enough to count.

    Crypt cards that can play the same library cards are pooled; for each way the 4 crypt cards fall, the
    playable copies form one group of the library, and the 7 cards follow the hypergeometric law over it.
    """
    pools: dict[frozenset[int], int] = {}
    for entry, playable in zip(plan.crypt, plan.playable_by, strict=True):
        key = frozenset(playable)
        pools[key] = pools.get(key, 0) + entry["count"]
    keys = list(pools)
    if odds.outcome_count(list(pools.values()), OPENING_CRYPT) > condition_language.MAX_EXACT_OUTCOMES:
        return {"mean_share_exact": None, "histogram_exact": None, "all_playable_exact": None}
    library_size, crypt_size = plan.library_size, plan.crypt_size
    ways = [0] * (OPENING_LIBRARY + 1)
    for drawn, crypt_ways in odds.count_distribution(crypt_size, list(pools.values()), OPENING_CRYPT):
        playable_cards = set().union(*(keys[i] for i, n in enumerate(drawn) if n))
        copies = sum(plan.library[i]["count"] for i in playable_cards)
        for h in range(OPENING_LIBRARY + 1):
            ways[h] += crypt_ways * math.comb(copies, h) * math.comb(library_size - copies, OPENING_LIBRARY - h)
    total = math.comb(crypt_size, OPENING_CRYPT) * math.comb(library_size, OPENING_LIBRARY)
    histogram = [Fraction(w, total) for w in ways]
    mean = sum(h * p for h, p in enumerate(histogram)) / OPENING_LIBRARY
    return {
        "mean_share_exact": float(mean),
        "histogram_exact": [float(p) for p in histogram],
        "all_playable_exact": float(histogram[-1]),
    }


def _capacity_exact(plan: HandsPlan) -> tuple[list[int], list[int], int]:
    """The exact laws of the smallest capacity among the 4 crypt cards and of the two smallest summed, as
    ways out of C(crypt, 4) (index = capacity)."""
    pools: dict[int, int] = {}
    for entry in plan.crypt:
        pools[entry["capacity"]] = pools.get(entry["capacity"], 0) + entry["count"]
    capacities = sorted(pools)
    top = capacities[-1]
    first = [0] * (top + 1)
    two = [0] * (2 * top + 1)
    for drawn, ways in odds.count_distribution(plan.crypt_size, [pools[c] for c in capacities], OPENING_CRYPT):
        hand = [c for c, n in zip(capacities, drawn, strict=True) for _ in range(n)]
        first[hand[0]] += ways
        two[hand[0] + hand[1]] += ways
    return first, two, math.comb(plan.crypt_size, OPENING_CRYPT)


def first_turn(seat: int, transfers_needed: int) -> int:
    """The turn by whose end ``seat`` has had ``transfers_needed`` transfers (all spent as the policy says)."""
    first = FIRST_TURN_TRANSFERS[seat]
    if transfers_needed <= first:
        return 1
    return 1 + math.ceil((transfers_needed - first) / TRANSFERS_PER_TURN)


def _seats(first: Sequence[int], two: Sequence[int], total: int, turns: int, suffix: str) -> list[dict[str, Any]]:
    """Per seat, P(out by the end of turn 1..turns) and the mean turn, for the first and the second vampire,
    from the law of the transfers they need (index = transfers, value = ways or hands out of ``total``).
    Sums are taken in whole numbers and divided once, so a certain turn is exactly 1.0."""
    seats = []
    for seat in SEATS:
        row: dict[str, Any] = {"seat": seat}
        for name, law in (("", first), ("second_", two)):
            by_turn = [0] * turns
            turn_sum = 0
            for need, ways in enumerate(law):
                if ways:
                    turn = first_turn(seat, need)
                    turn_sum += turn * ways
                    for t in range(turn, turns + 1):
                        by_turn[t - 1] += ways
            row[f"{name}by_turn{suffix}"] = [ways / total for ways in by_turn]
            row[f"{name}mean_turn{suffix}"] = turn_sum / total
        seats.append(row)
    return seats


def hands_report(plan: HandsPlan, tally: dict[str, Any], *, seed: int, seconds: float) -> dict[str, Any]:
    """The report of a finished job: the exact figures, and beside them the shares of the simulated hands
    (``p_opening``…) with their standard errors."""
    try:
        hands = int(tally["hands"])
        report = exact_report(plan)
        report = {
            "hands": hands,
            "seed": seed,
            "seconds": seconds,
            "hands_per_second": hands / seconds if seconds > 0 else None,
            "chunks": int(tally.get("chunks", 1)),
            **report,
        }
        if hands <= 0:
            raise DrawsError("The tally holds no hands.")
        _add_shares(report["library"], tally["library"], hands)
        _add_shares(report["crypt"], tally["crypt"], hands)
        if "library_groups" in tally:
            _add_full(plan, report, tally, hands)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        if isinstance(exc, DrawsError):
            raise
        raise DrawsError(f"This tally does not belong to this plan ({exc}).") from exc
    return report


def _stderr(p: float | None, hands: int) -> float | None:
    return None if p is None else math.sqrt(max(p * (1 - p), 0.0) / hands)


def _add_shares(rows: list[dict[str, Any]], holding: list[int], hands: int) -> None:
    if len(rows) != len(holding):
        raise DrawsError("This tally does not belong to this plan (card counts differ).")
    for row, held in zip(rows, holding, strict=True):
        row["p_opening"] = held / hands
        row["stderr"] = _stderr(row["p_opening_exact"], hands)


def _add_full(plan: HandsPlan, report: dict[str, Any], tally: dict[str, Any], hands: int) -> None:
    histograms = iter([*tally["library_groups"], *tally["crypt_groups"]])
    library_rows = [r for r in report["groups"] if r["part"] == "library"]
    crypt_rows = [r for r in report["groups"] if r["part"] == "crypt"]
    if len(tally["library_groups"]) != len(library_rows) or len(tally["crypt_groups"]) != len(crypt_rows):
        raise DrawsError("This tally does not belong to this plan (groups differ).")
    for row in library_rows + crypt_rows:
        histogram = next(histograms)
        row["p_opening"] = 1 - histogram[0] / hands
        row["at_least"] = [sum(histogram[k:]) / hands for k in AT_LEAST]
        row["stderr"] = _stderr(row["p_opening_exact"], hands)
    playable = tally["playable"]
    report["playable"].update(
        mean_share=sum(h * n for h, n in enumerate(playable)) / (OPENING_LIBRARY * hands),
        histogram=[n / hands for n in playable],
        all_playable=playable[-1] / hands,
    )
    simulated = _seats(tally["first_capacity"], tally["two_capacities"], hands, plan.turns, "")
    for row, extra in zip(report["first_vampire"]["seats"], simulated, strict=True):
        row.update(extra)
    for row, held in zip(report["conditions"], tally["conditions"], strict=True):
        row["p"] = held / hands
        row["stderr"] = _stderr(row["p_exact"] if row["p_exact"] is not None else row["p"], hands)


def run_hands(
    deck: Deck,
    cards: CardIndex,
    *,
    hands: int,
    seed: int,
    conditions: Sequence[str] = (),
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    progress: Callable[[int], None] | None = None,
    turns: int = 10,
    replacements_per_turn: int = 2,
    detail: str = "full",
) -> dict[str, Any]:
    """Every chunk of a job in this process, merged and reported: the same figures as workers would give
    for the same seed and chunk size. ``progress`` gets the hands dealt so far over the whole job."""
    plan = compile_plan(deck, cards, conditions=conditions, turns=turns, replacements_per_turn=replacements_per_turn)
    sizes = chunk_sizes(hands, chunk_size)
    started = time.perf_counter()
    tallies = []
    done = 0
    for index, size in enumerate(sizes):
        step = None if progress is None else (lambda n, before=done: progress(before + n))
        tallies.append(simulate_chunk(plan, size, seed, index, step, detail=detail))
        done += size
    seconds = time.perf_counter() - started
    return hands_report(plan, merge_tallies(tallies), seed=seed, seconds=seconds)
