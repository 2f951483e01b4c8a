"""The build planner: which of my decks can I sleeve at the same time from the cards I own?

* ``conflicts(decks, owned)``: the cards a set of decks wants more copies of than one owns, each with the decks
  that want it. No conflict: they can all be built at once.
* ``largest_buildable(decks, owned)``: the largest set of decks buildable at once. Fixed decks hold their cards
  (VDB's "fixed" build mode): they are in every answer, and their cards are taken first; the other decks compete
  for what is left. The search is exact: a branch and bound over the decks that compete for some card (decks that
  compete for none are in every best answer), bounded per card by how many of the remaining decks its copies can
  still serve. It stops after ``max_nodes`` nodes or at its deadline (``seconds`` on a monotonic clock, whichever
  comes first: a node costs contested cards × decks, so nodes alone do not bound the time) and then says so
  (``exact`` False), answering the largest set found so far: up to about 20 competing decks it finishes within
  the web request's budget; larger sets go to a background job with a larger budget.

Pure Python, no Django (a worker runs it from the job's stored plan: ``job_plan``/``run_job``).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = [
    "Conflict",
    "DeckNeeds",
    "Plan",
    "conflicts",
    "largest_buildable",
]

WEB_MAX_DECKS = 20  # more competing decks than this: a background job
WEB_MAX_NODES = 200_000  # the search's work budget within a request
WEB_SECONDS = 1.0  # and its time budget there
JOB_MAX_NODES = 5_000_000  # and in a worker (the worker gives its own time budget: its chunk's time limit)
TICK_NODES = 10_000  # nodes between two calls of a job's ``tick`` (it may raise to stop the search)


@dataclasses.dataclass(frozen=True, kw_only=True)
class DeckNeeds:
    """One deck: its key (a deck id), its name, its cards (VEKN id → copies), whether it is fixed."""

    key: str
    name: str
    cards: Mapping[int, int]
    fixed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "fixed": self.fixed,
            "cards": [[card_id, count] for card_id, count in self.cards.items()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DeckNeeds:
        return cls(
            key=str(data["key"]),
            name=str(data["name"]),
            fixed=bool(data["fixed"]),
            cards={int(card_id): int(count) for card_id, count in data["cards"]},
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class Conflict:
    """A card wanted by more copies than one owns: by which decks, how many each."""

    card_id: int
    owned: int
    wanted: int
    decks: tuple[tuple[str, int], ...]  # (deck key, copies), most copies first

    def to_dict(self) -> dict[str, Any]:
        return {
            "card_id": self.card_id,
            "owned": self.owned,
            "wanted": self.wanted,
            "decks": [{"key": key, "count": count} for key, count in self.decks],
        }


@dataclasses.dataclass(frozen=True, kw_only=True)
class Plan:
    """The answer: the decks to build (fixed ones first), those left out, whether the answer is proven the
    largest (``exact``), the nodes searched, and the conflicts among all the decks asked about."""

    chosen: tuple[str, ...]
    left_out: tuple[str, ...]
    exact: bool
    nodes: int
    conflicts: tuple[Conflict, ...]
    fixed_conflicts: tuple[Conflict, ...]  # fixed decks alone want more than one owns

    def to_dict(self) -> dict[str, Any]:
        return {
            "chosen": list(self.chosen),
            "left_out": list(self.left_out),
            "exact": self.exact,
            "nodes": self.nodes,
            "conflicts": [c.to_dict() for c in self.conflicts],
            "fixed_conflicts": [c.to_dict() for c in self.fixed_conflicts],
        }


def conflicts(decks: Sequence[DeckNeeds], owned: Mapping[int, int]) -> list[Conflict]:
    """Every card ``decks`` together want more copies of than ``owned`` has, in card id order."""
    wanted: dict[int, list[tuple[str, int]]] = {}
    for deck in decks:
        for card_id, count in deck.cards.items():
            if count > 0:
                wanted.setdefault(card_id, []).append((deck.key, count))
    found = []
    for card_id in sorted(wanted):
        total = sum(count for _key, count in wanted[card_id])
        have = max(owned.get(card_id, 0), 0)
        if total > have:
            by = tuple(sorted(wanted[card_id], key=lambda item: (-item[1], item[0])))
            found.append(Conflict(card_id=card_id, owned=have, wanted=total, decks=by))
    return found


def largest_buildable(
    decks: Sequence[DeckNeeds],
    owned: Mapping[int, int],
    *,
    max_nodes: int = WEB_MAX_NODES,
    seconds: float | None = WEB_SECONDS,
    clock: Callable[[], float] = time.monotonic,
    tick: Callable[[int], None] | None = None,
) -> Plan:
    """The largest set of ``decks`` buildable at once from ``owned`` (fixed decks always in it, served first);
    the search stops at ``max_nodes`` nodes or ``seconds`` after it began on ``clock`` (None: no deadline)."""
    fixed = [deck for deck in decks if deck.fixed]
    free = [deck for deck in decks if not deck.fixed]
    left = {card_id: max(count, 0) for card_id, count in owned.items()}
    for deck in fixed:
        for card_id, count in deck.cards.items():
            left[card_id] = left.get(card_id, 0) - count
    # Copies fixed decks want beyond what one owns are not there for anyone else.
    left = {card_id: max(count, 0) for card_id, count in left.items()}
    fits = [deck for deck in free if all(left.get(c, 0) >= n for c, n in deck.cards.items())]
    contested = {c.card_id for c in conflicts(fits, left)}
    calm = [deck for deck in fits if not contested.intersection(deck.cards)]
    rivals = [deck for deck in fits if contested.intersection(deck.cards)]
    deadline = None if seconds is None else clock() + seconds
    search = _Search(rivals, left, sorted(contested), max_nodes, tick, deadline, clock)
    best = search.run()
    chosen_keys = {deck.key for deck in calm} | {rivals[i].key for i in best}
    chosen = tuple(deck.key for deck in fixed) + tuple(deck.key for deck in free if deck.key in chosen_keys)
    left_out = tuple(deck.key for deck in free if deck.key not in chosen_keys)
    return Plan(
        chosen=chosen,
        left_out=left_out,
        exact=not search.stopped,
        nodes=search.nodes,
        conflicts=tuple(conflicts(decks, owned)),
        fixed_conflicts=tuple(conflicts(fixed, owned)),
    )


class _Search:
    """Branch and bound over the decks competing for ``cards``: at each deck, take it (if it fits) or not; a
    branch is cut when even the best case cannot beat the best set found."""

    def __init__(
        self,
        decks: Sequence[DeckNeeds],
        left: Mapping[int, int],
        cards: Sequence[int],
        max_nodes: int,
        tick: Callable[[int], None] | None,
        deadline: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tick, self.deadline, self.clock = tick, deadline, clock
        self.cards = list(cards)
        # The most demanding decks first: their choices constrain the rest soonest.
        order = sorted(range(len(decks)), key=lambda i: -sum(decks[i].cards.get(c, 0) for c in self.cards))
        self.order = order
        self.need = [[decks[i].cards.get(c, 0) for c in self.cards] for i in order]
        self.capacity = [left.get(c, 0) for c in self.cards]
        self.max_nodes, self.nodes, self.stopped = max_nodes, 0, False
        self.best: list[int] = []

    def run(self) -> list[int]:
        self._branch(0, [], list(self.capacity))
        return sorted(self.order[i] for i in self.best)

    def _bound(self, index: int, taken: int, capacity: list[int]) -> int:
        """At most how many decks the set can hold: for each card, the remaining decks that need none of it,
        plus as many of those that need it as its copies left can serve (cheapest first)."""
        rest = len(self.need) - index
        bound = taken + rest
        for k, copies in enumerate(capacity):
            needs = sorted(self.need[j][k] for j in range(index, len(self.need)) if self.need[j][k])
            served = 0
            for n in needs:
                if n > copies:
                    break
                copies -= n
                served += 1
            bound = min(bound, taken + rest - len(needs) + served)
        return bound

    def _branch(self, index: int, taken: list[int], capacity: list[int]) -> None:
        if self.stopped:
            return
        self.nodes += 1
        if self.nodes > self.max_nodes or (self.deadline is not None and self.clock() >= self.deadline):
            self.stopped = True  # ``best`` stays: the largest set found so far
            return
        if self.tick is not None and self.nodes % TICK_NODES == 0:
            self.tick(self.nodes)
        if len(taken) > len(self.best):
            self.best = list(taken)
        if index == len(self.need) or self._bound(index, len(taken), capacity) <= len(self.best):
            return
        need = self.need[index]
        if all(n <= c for n, c in zip(need, capacity, strict=True)):
            taken.append(index)
            self._branch(index + 1, taken, [c - n for n, c in zip(need, capacity, strict=True)])
            taken.pop()
        self._branch(index + 1, taken, capacity)


def job_plan(decks: Sequence[DeckNeeds], owned: Mapping[int, int]) -> dict[str, Any]:
    """Everything a background job needs, as JSON."""
    return {"decks": [deck.to_dict() for deck in decks], "owned": [[c, n] for c, n in owned.items() if n > 0]}


def run_job(
    plan: Mapping[str, Any], tick: Callable[[int], None] | None = None, *, seconds: float | None = None
) -> Plan:
    """A background job's search: ``seconds`` is its time budget (the chunk's soft time limit less a margin, so
    that the best set found is answered rather than lost to the limit)."""
    decks = [DeckNeeds.from_dict(deck) for deck in plan["decks"]]
    owned = {int(card_id): int(count) for card_id, count in plan["owned"]}
    return largest_buildable(decks, owned, max_nodes=JOB_MAX_NODES, seconds=seconds, tick=tick)
