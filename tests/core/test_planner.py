"""The build planner: which decks can be sleeved at the same time, and the largest set of them buildable at
once, proven against brute force on small random collections."""

from __future__ import annotations

import itertools
import random

import pytest

from vtesdeck.core import planner
from vtesdeck.core.planner import DeckNeeds


def _fits(decks, owned) -> bool:
    return not planner.conflicts(decks, owned)


def _brute_force(decks: list[DeckNeeds], owned: dict[int, int]) -> int:
    """The most non-fixed decks buildable beside the fixed ones, over every subset."""
    fixed = [d for d in decks if d.fixed]
    free = [d for d in decks if not d.fixed]
    left = {c: max(0, n - sum(d.cards.get(c, 0) for d in fixed)) for c, n in owned.items()}
    return max(r for r in range(len(free) + 1) for subset in itertools.combinations(free, r) if _fits(subset, left))


def _random_case(rng: random.Random) -> tuple[list[DeckNeeds], dict[int, int]]:
    cards = list(range(1, rng.randint(2, 6) + 1))
    decks = [
        DeckNeeds(
            key=f"d{i}",
            name=f"Deck {i}",
            fixed=rng.random() < 0.2,
            cards={c: rng.randint(1, 3) for c in rng.sample(cards, rng.randint(1, len(cards)))},
        )
        for i in range(rng.randint(0, 9))
    ]
    return decks, {c: rng.randint(0, 7) for c in cards}


@pytest.mark.parametrize("seed", range(8))
def test_the_largest_buildable_set_equals_brute_force(seed):
    rng = random.Random(seed)
    for _case in range(60):
        decks, owned = _random_case(rng)
        plan = planner.largest_buildable(decks, owned)
        fixed = [d for d in decks if d.fixed]
        assert plan.exact
        assert plan.chosen[: len(fixed)] == tuple(d.key for d in fixed)  # fixed decks always, first
        chosen_free = [d for d in decks if d.key in plan.chosen and not d.fixed]
        left = {c: max(0, n - sum(d.cards.get(c, 0) for d in fixed)) for c, n in owned.items()}
        assert _fits(chosen_free, left), "the chosen decks must be buildable together"
        assert len(chosen_free) == _brute_force(decks, owned)
        assert set(plan.chosen) | set(plan.left_out) == {d.key for d in decks}


def test_conflicts_name_each_short_card_and_the_decks_that_want_it():
    decks = [
        DeckNeeds(key="wall", name="Wall", cards={10: 4, 11: 2}),
        DeckNeeds(key="bleed", name="Bleed", cards={10: 2, 12: 6}),
        DeckNeeds(key="vote", name="Vote", cards={11: 1}),
    ]
    found = planner.conflicts(decks, {10: 5, 11: 3, 12: 6})
    assert [(c.card_id, c.owned, c.wanted, c.decks) for c in found] == [(10, 5, 6, (("wall", 4), ("bleed", 2)))]
    assert planner.conflicts(decks, {10: 6, 11: 3, 12: 6}) == []


def test_fixed_decks_hold_their_cards_first():
    decks = [
        DeckNeeds(key="a", name="A", cards={1: 3}),
        DeckNeeds(key="fixed", name="Fixed", cards={1: 2}, fixed=True),
        DeckNeeds(key="b", name="B", cards={1: 1}),
    ]
    # Four copies: without the fixed deck A and B fit (3 + 1); the fixed deck takes two, so only B does.
    plan = planner.largest_buildable(decks, {1: 4})
    assert plan.chosen == ("fixed", "b")
    assert plan.left_out == ("a",)


def test_a_search_over_its_budget_says_it_is_not_exact():
    rng = random.Random(5)
    decks = [
        DeckNeeds(key=f"d{i}", name="", cards={c: rng.randint(1, 3) for c in rng.sample(range(40), 12)})
        for i in range(30)
    ]
    owned = {c: rng.randint(3, 9) for c in range(40)}
    small = planner.largest_buildable(decks, owned, max_nodes=10)
    assert not small.exact
    full = planner.run_job(planner.job_plan(decks, owned))
    assert full.exact
    assert len(full.chosen) >= len(small.chosen)
    assert not planner.conflicts([d for d in decks if d.key in full.chosen], owned)


def test_a_job_can_be_stopped_between_ticks(monkeypatch):
    """A worker's job checks for cancellation every ``TICK_NODES`` nodes (here every node)."""
    monkeypatch.setattr(planner, "TICK_NODES", 1)
    decks = [DeckNeeds(key=f"d{i}", name="", cards={1: 2, 2: 1}) for i in range(5)]
    ticks: list[int] = []

    def stop(nodes: int) -> None:
        ticks.append(nodes)
        if len(ticks) == 2:
            raise RuntimeError("cancelled")

    with pytest.raises(RuntimeError):
        planner.largest_buildable(decks, {1: 5, 2: 5}, tick=stop)
    assert ticks == [1, 2]


class _TickingClock:
    """A clock that moves one second each time it is read: the search reads it once per node, so a deadline of
    ``n`` seconds is about ``n`` nodes, however fast the machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def _crowded_case() -> tuple[list[DeckNeeds], dict[int, int]]:
    rng = random.Random(17)
    cards = list(range(1, 13))
    decks = [
        DeckNeeds(key=f"d{i}", name=f"Deck {i}", cards={c: rng.randint(1, 4) for c in rng.sample(cards, 5)})
        for i in range(22)
    ]
    return decks, {c: rng.randint(4, 12) for c in cards}


def test_the_deadline_stops_the_search_and_keeps_the_best_set_found():
    decks, owned = _crowded_case()
    whole = planner.largest_buildable(decks, owned, max_nodes=10**9, seconds=None)
    assert whole.exact and whole.nodes > 200  # a search long enough to be cut short

    cut = planner.largest_buildable(decks, owned, max_nodes=10**9, seconds=100, clock=_TickingClock())
    assert not cut.exact and cut.nodes <= 101
    # What it answers is the best set found by then: the same as a search stopped there by its node budget,
    # buildable, and never more than the proven largest.
    by_nodes = planner.largest_buildable(decks, owned, max_nodes=cut.nodes - 1, seconds=None)
    assert cut.chosen == by_nodes.chosen and cut.chosen
    assert _fits([d for d in decks if d.key in cut.chosen], owned)
    assert len(cut.chosen) <= len(whole.chosen)

    # A deadline the search does not reach changes nothing.
    roomy = planner.largest_buildable(decks, owned, max_nodes=10**9, seconds=10**9, clock=_TickingClock())
    assert roomy.exact and roomy.chosen == whole.chosen


def test_a_job_has_a_deadline_too():
    decks, owned = _crowded_case()
    plan = planner.run_job(planner.job_plan(decks, owned), seconds=0)
    assert not plan.exact and plan.nodes <= 1
