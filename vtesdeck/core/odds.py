"""Exact drawing odds: hypergeometric and multivariate hypergeometric, in whole numbers.

Every probability here is a ratio of binomial coefficients computed with ``math.comb`` on Python integers,
so it is exact: the ``*_fraction`` functions return a ``Fraction`` and the plain ones round that fraction
once to the nearest float. Nothing is clamped and no factorial is ever a float, so 1 − P never turns
negative and a certain event is exactly 1.0.

Vocabulary (the usual one): a *population* of cards (the library, the crypt) holds *successes* copies of
what we look for; we *draw* cards without replacement. For several disjoint groups of cards at once (the
Masters and the Dominate cards of a library, say), the joint counts follow the multivariate hypergeometric
law: ``p_at_least_joint`` answers "at least a of A and at least b of B", and ``count_distribution`` lists
every outcome with its number of ways, for callers asking anything else of the joint counts.

Turns: ``cards_seen(turn, replacements_per_turn)`` is the number of library cards a player has seen by the
start of ``turn`` under the policy the draw curve uses (module ``draws``): the opening hand is 7 cards, and
each turn ``replacements_per_turn`` cards leave the hand (a card played, the discard phase action) and are
replaced at once, as the rulebook has a player draw whenever a card is played or discarded. So 7 cards are
seen at the start of turn 1 and 7 + r·(t − 1) at the start of turn t.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb

logger = logging.getLogger(__name__)

OPENING_HAND = 7


def _check(population: int, draws: int, sizes: Sequence[int]) -> None:
    for name, value in (("population", population), ("draws", draws)):
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number ≥ 0, not {value!r}")
    for size in sizes:
        if not isinstance(size, int) or size < 0:
            raise ValueError(f"a group size must be a whole number ≥ 0, not {size!r}")
    if sum(sizes) > population:
        raise ValueError(f"the groups hold {sum(sizes)} cards, more than the {population} there are")
    if draws > population:
        raise ValueError(f"cannot draw {draws} cards from {population}")


def p_at_least_fraction(population: int, successes: int, draws: int, k: int) -> Fraction:
    """P(at least ``k`` of the ``successes`` cards among ``draws`` cards drawn from ``population``), exact.

    ``k <= 0`` is certain (1); ``k`` above what can be drawn is impossible (0).
    """
    _check(population, draws, (successes,))
    if k <= 0:
        return Fraction(1)
    top = min(successes, draws)
    if k > top:
        return Fraction(0)
    # Sum the shorter tail: below k (then take the complement) or from k up.
    low = max(0, draws - (population - successes))  # fewer successes than this cannot be drawn
    if k - low <= top - k:
        ways = comb(population, draws) - sum(
            comb(successes, i) * comb(population - successes, draws - i) for i in range(low, k)
        )
    else:
        ways = sum(comb(successes, i) * comb(population - successes, draws - i) for i in range(k, top + 1))
    return Fraction(ways, comb(population, draws))


def p_at_least(population: int, successes: int, draws: int, k: int = 1) -> float:
    """``p_at_least_fraction`` as the nearest float."""
    return float(p_at_least_fraction(population, successes, draws, k))


def p_exactly_fraction(population: int, successes: int, draws: int, k: int) -> Fraction:
    """P(exactly ``k`` of the ``successes`` cards among ``draws`` drawn from ``population``), exact."""
    _check(population, draws, (successes,))
    if k < 0 or k > min(successes, draws):
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, draws - k), comb(population, draws))


def p_at_least_joint_fraction(population: int, groups: Sequence[tuple[int, int]], draws: int) -> Fraction:
    """P(at least k₁ of group 1 and at least k₂ of group 2 and …) for disjoint groups ``[(size, k), …]``.

    Counted as the coefficient of xⁿ in ∏ᵢ (Σ_{j ≥ kᵢ} C(sizeᵢ, j) xʲ) · (1 + x)^rest over C(N, n): the groups'
    generating polynomials, cut below each minimum, times the cards in no group. Whole numbers throughout.
    """
    sizes = [size for size, _ in groups]
    _check(population, draws, sizes)
    poly = [comb(population - sum(sizes), j) for j in range(draws + 1)]
    for size, k in groups:
        factor = [comb(size, j) if j >= k else 0 for j in range(min(size, draws) + 1)]
        poly = _times(poly, factor, draws)
    return Fraction(poly[draws], comb(population, draws))


def p_at_least_joint(population: int, groups: Sequence[tuple[int, int]], draws: int) -> float:
    """``p_at_least_joint_fraction`` as the nearest float."""
    return float(p_at_least_joint_fraction(population, groups, draws))


def _times(a: list[int], b: list[int], degree: int) -> list[int]:
    """The product of two polynomials (coefficient lists), terms above ``degree`` dropped."""
    out = [0] * (degree + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: degree + 1 - i]):
                out[i + j] += x * y
    return out


def count_distribution(population: int, sizes: Sequence[int], draws: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every outcome of drawing ``draws`` cards: (copies drawn from each group, ways it happens).

    The groups are disjoint; the cards in none of them make up the rest of the population. The ways of all
    outcomes sum to C(population, draws), so P(outcome) = ways / C(population, draws).
    """
    _check(population, draws, sizes)
    rest = population - sum(sizes)

    def outcomes(i: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(sizes):
            if left <= rest:
                yield (), comb(rest, left)
            return
        # The later groups and the rest can absorb at most this many: draw at least the difference here.
        room = sum(sizes[i + 1 :]) + rest
        for j in range(max(0, left - room), min(sizes[i], left) + 1):
            here = comb(sizes[i], j)
            for tail, ways in outcomes(i + 1, left - j):
                yield (j, *tail), here * ways

    yield from outcomes(0, draws)


def outcome_count(sizes: Sequence[int], draws: int) -> int:
    """How many outcomes ``count_distribution`` yields at most (the rest is a group of its own): a bound
    callers check before enumerating."""
    return comb(draws + len(sizes), len(sizes))


def cards_seen(turn: int, replacements_per_turn: int, library: int | None = None) -> int:
    """Library cards seen by the start of ``turn`` (1-based): the opening 7, plus the replacements drawn
    each turn before; never more than the library holds."""
    if turn < 1:
        raise ValueError(f"turns count from 1, not {turn!r}")
    seen = OPENING_HAND + replacements_per_turn * (turn - 1)
    return seen if library is None else min(seen, library)


def p_by_turn(population: int, successes: int, turns: int, replacements_per_turn: int, k: int = 1) -> list[float]:
    """P(at least ``k`` of the ``successes`` cards seen by the start of turn 1..``turns``)."""
    if population < OPENING_HAND:
        raise ValueError(f"a library of {population} cards cannot deal an opening hand of {OPENING_HAND}")
    return [
        p_at_least(population, successes, cards_seen(t, replacements_per_turn, population), k)
        for t in range(1, turns + 1)
    ]
