"""Exact drawing odds, checked against counting every possible draw of small decks one by one."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from vtesdeck.core import odds


def brute_force(population: int, groups: list[tuple[int, int]], draws: int) -> Fraction:
    """Deal every `draws`-card subset of a deck whose first cards form the groups, and count the subsets
    holding at least k of each group."""
    owner = []
    for g, (size, _) in enumerate(groups):
        owner += [g] * size
    owner += [None] * (population - len(owner))
    hits = total = 0
    for hand in itertools.combinations(range(population), draws):
        total += 1
        held = [sum(owner[i] == g for i in hand) for g in range(len(groups))]
        hits += all(n >= k for n, (_, k) in zip(held, groups, strict=True))
    return Fraction(hits, total)


@pytest.mark.parametrize("population", [7, 8, 10, 12])
def test_at_least_k_matches_every_hand_counted(population):
    for successes in range(population + 1):
        for draws in range(population + 1):
            for k in range(-1, min(successes, draws) + 2):
                expected = brute_force(population, [(successes, k)], draws)
                assert odds.p_at_least_fraction(population, successes, draws, k) == expected
                assert odds.p_at_least(population, successes, draws, k) == float(expected)


def test_a_single_copy_is_in_the_opening_hand_as_often_as_the_hand_is_long():
    # The copy's place in a shuffled library is uniform: it is among the first 7 with chance 7/L.
    for library in (40, 60, 77, 90):
        assert odds.p_at_least_fraction(library, 1, 7, 1) == Fraction(7, library)


def test_certain_and_impossible_draws_are_exactly_one_and_zero():
    assert odds.p_at_least(90, 84, 7, 1) == 1.0  # only 6 cards are not copies: 7 drawn must hold one
    assert odds.p_at_least(90, 90, 7, 7) == 1.0
    assert odds.p_at_least(90, 3, 7, 4) == 0.0  # 3 copies cannot make 4
    assert odds.p_at_least(90, 10, 7, 8) == 0.0  # a hand of 7 cannot hold 8
    assert odds.p_at_least(90, 0, 7, 0) == 1.0
    # Close to certain is not rounded up to certain, nor past it.
    near = odds.p_at_least(90, 83, 7, 1)
    assert near < 1.0 and near == float(1 - Fraction(comb(7, 7), comb(90, 7)))


def test_the_tails_add_up_to_exactly_one():
    for population, successes, draws in [(90, 12, 7), (40, 4, 7), (12, 5, 4), (1000, 333, 25)]:
        total = sum(odds.p_exactly_fraction(population, successes, draws, k) for k in range(draws + 1))
        assert total == 1
        for k in range(1, draws + 1):
            below = sum(odds.p_exactly_fraction(population, successes, draws, i) for i in range(k))
            assert odds.p_at_least_fraction(population, successes, draws, k) == 1 - below


def test_large_decks_stay_exact():
    # Big numbers: whole-number arithmetic, so no float factorial overflows or loses the tail.
    p = odds.p_at_least_fraction(1000, 1, 999, 1)
    assert p == Fraction(999, 1000)
    assert odds.p_at_least_fraction(1000, 3, 7, 3) == Fraction(comb(7, 3), comb(1000, 3))  # tiny, not 0


@pytest.mark.parametrize(
    "population, groups, draws",
    [
        (10, [(3, 1), (3, 1)], 7),
        (10, [(3, 2), (2, 1)], 5),
        (9, [(2, 1), (2, 1), (2, 1)], 7),
        (11, [(4, 0), (3, 2)], 4),
        (8, [(4, 1), (4, 3)], 7),  # the groups fill the deck: nothing else to draw
        (12, [(5, 3), (5, 3)], 7),
        (12, [(2, 3), (5, 1)], 7),  # impossible: 2 copies cannot make 3
    ],
)
def test_joint_odds_match_every_hand_counted(population, groups, draws):
    expected = brute_force(population, groups, draws)
    assert odds.p_at_least_joint_fraction(population, groups, draws) == expected
    assert odds.p_at_least_joint(population, groups, draws) == float(expected)


def test_one_group_alone_is_the_plain_hypergeometric():
    for successes in range(0, 20, 3):
        for k in range(0, 5):
            assert odds.p_at_least_joint_fraction(80, [(successes, k)], 7) == odds.p_at_least_fraction(
                80, successes, 7, k
            )


def test_the_joint_odds_are_not_the_product_of_the_single_ones():
    # Drawing Masters leaves less room for Dominate cards: the events are negatively correlated.
    joint = odds.p_at_least_joint_fraction(80, [(15, 2), (20, 3)], 7)
    apart = odds.p_at_least_fraction(80, 15, 7, 2) * odds.p_at_least_fraction(80, 20, 7, 3)
    assert 0 < joint < apart


def test_the_distribution_lists_every_outcome_with_its_ways():
    outcomes = dict(odds.count_distribution(10, [3, 2], 4))
    counted: dict[tuple[int, int], int] = {}
    for hand in itertools.combinations(range(10), 4):
        key = (sum(i < 3 for i in hand), sum(3 <= i < 5 for i in hand))
        counted[key] = counted.get(key, 0) + 1
    assert outcomes == counted
    assert sum(outcomes.values()) == comb(10, 4)
    assert len(outcomes) <= odds.outcome_count([3, 2], 4)


def test_groups_that_fill_the_deck_leave_no_rest():
    outcomes = dict(odds.count_distribution(5, [2, 3], 5))
    assert outcomes == {(2, 3): 1}


@pytest.mark.parametrize(
    "call",
    [
        lambda: odds.p_at_least(6, 2, 7, 1),  # more draws than cards
        lambda: odds.p_at_least(10, 11, 7, 1),  # more copies than cards
        lambda: odds.p_at_least(-1, 0, 0, 1),
        lambda: odds.p_at_least(10, 2, 7.0, 1),
        lambda: odds.p_at_least_joint(10, [(6, 1), (5, 1)], 7),  # the groups overlap or overflow
        lambda: odds.p_at_least_joint(10, [(-1, 1)], 7),
        lambda: list(odds.count_distribution(10, [3], 11)),
        lambda: odds.cards_seen(0, 2),
        lambda: odds.p_by_turn(6, 1, 3, 2),
    ],
)
def test_impossible_questions_are_refused(call):
    with pytest.raises(ValueError):
        call()


def test_the_hand_is_refilled_each_turn():
    # 7 at the start of turn 1, then the replacements of every turn before.
    assert [odds.cards_seen(t, 2) for t in range(1, 5)] == [7, 9, 11, 13]
    assert [odds.cards_seen(t, 1) for t in range(1, 4)] == [7, 8, 9]
    assert [odds.cards_seen(t, 0) for t in range(1, 4)] == [7, 7, 7]
    # Never more than the library holds.
    assert odds.cards_seen(50, 2, library=60) == 60


def test_a_card_gets_likelier_turn_by_turn_until_the_library_is_seen():
    curve = odds.p_by_turn(40, 1, 20, 2)
    assert curve[0] == pytest.approx(7 / 40)
    assert curve[1] == pytest.approx(9 / 40)
    assert all(a < b for a, b in zip(curve[:17], curve[1:18], strict=True))
    assert curve[-1] == 1.0  # by turn 18 all 40 cards have been seen
    # At least two of four copies, by the start of turn 3 (11 cards seen), counted by hand.
    assert odds.p_by_turn(40, 4, 3, 2, k=2)[2] == pytest.approx(float(brute_force_at_least(40, 4, 11, 2)))


def brute_force_at_least(population: int, successes: int, draws: int, k: int) -> Fraction:
    # Too many hands to deal one by one: sum the hypergeometric terms term by term instead.
    return sum(
        (
            Fraction(comb(successes, i) * comb(population - successes, draws - i), comb(population, draws))
            for i in range(k, successes + 1)
        ),
        Fraction(0),
    )
