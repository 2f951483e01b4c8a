"""Seating an event's rounds (VEKN tournament rules §3.1.2) and the nine seating criteria R1–R9."""

from __future__ import annotations

import itertools
import random

import pytest

from vtesdeck.core.events import seating
from vtesdeck.core.events.seating import (
    CRITERIA,
    score,
    seat_rounds,
    seated_per_round,
    table_sizes,
)

# Small budgets: the suite checks what the optimiser must always reach, not the best it can do.
QUICK = 3_000


def players_of(round_):
    return sorted(p for table in round_ for p in table)


# --- the tables ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [n for n in range(4, 61) if n not in (6, 7, 11)])
def test_tables_are_fives_then_as_few_fours_as_the_count_needs(n):
    sizes = table_sizes(n)
    assert sum(sizes) == n
    assert set(sizes) <= {4, 5}
    assert sizes.count(4) == 5 - (n % 5 or 5)


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 11])
def test_some_counts_cannot_sit_at_once(n):
    with pytest.raises(ValueError):
        table_sizes(n)


@pytest.mark.parametrize(("n", "expected"), [(6, [4, 4, 4]), (7, [5, 5, 4]), (11, [9, 9, 4])])
def test_six_seven_and_eleven_are_staggered_so_everyone_plays_twice(n, expected):
    assert seated_per_round([0] * n, 3) == expected
    rounds = seat_rounds(n, 3, seed=1, budget=QUICK)
    assert [len(players_of(r)) for r in rounds] == expected
    plays = [sum(p in players_of(r) for r in rounds) for p in range(1, n + 1)]
    assert plays == [2] * n


def test_fewer_than_four_cannot_play():
    with pytest.raises(ValueError):
        seat_rounds(3, 2)
    with pytest.raises(ValueError):
        seat_rounds(8, 3, played=seat_rounds(8, 1, budget=QUICK), present={1, 2, 3})


@pytest.mark.parametrize("n", [4, 5, 8, 9, 10, 13, 17, 24, 31, 60])
def test_every_round_seats_everyone_once(n):
    rounds = seat_rounds(n, 3, seed=2, budget=QUICK)
    assert len(rounds) == 3
    for round_ in rounds:
        assert players_of(round_) == list(range(1, n + 1))
        assert sorted(len(t) for t in round_) == sorted(table_sizes(n))


# --- R1 and determinism ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "rounds"), list(itertools.product([5, 8, 9, 10, 12, 13, 15, 20, 23, 30, 41], [2, 3, 4])))
def test_no_predator_prey_pair_repeats(n, rounds):
    assert score(seat_rounds(n, rounds, seed=3, budget=QUICK))["R1"] == 0


def test_the_same_seed_gives_the_same_seating():
    assert seat_rounds(17, 3, seed=9, budget=QUICK) == seat_rounds(17, 3, seed=9, budget=QUICK)
    assert seat_rounds(17, 3, seed=9, budget=QUICK) != seat_rounds(17, 3, seed=10, budget=QUICK)


def test_the_optimiser_keeps_the_best_it_saw():
    # A longer search never ends worse than the first seating it started from (the criteria as a tuple).
    def key(rounds):
        figures = score(rounds)
        return tuple(figures[c] for c in CRITERIA)

    assert key(seat_rounds(14, 3, seed=4, budget=QUICK)) <= key(seat_rounds(14, 3, seed=4, budget=0))


# --- drops and late arrivals -------------------------------------------------------------------------------


def test_a_player_who_drops_after_round_one_is_not_seated_again():
    first = seat_rounds(20, 3, seed=5, budget=QUICK)[:1]
    rounds = seat_rounds(20, 3, seed=5, played=first, present=set(range(1, 20)), budget=QUICK)
    assert rounds[0] == first[0]
    for round_ in rounds[1:]:
        assert players_of(round_) == list(range(1, 20))
        assert sorted(len(t) for t in round_) == [4, 5, 5, 5]
    assert score(rounds)["R1"] == 0


def test_a_late_arrival_is_seated_from_the_next_round():
    first = seat_rounds(12, 3, seed=6, budget=QUICK)[:1]
    rounds = seat_rounds(13, 3, seed=6, played=first, budget=QUICK)
    assert [len(players_of(r)) for r in rounds] == [12, 13, 13]
    assert score(rounds)["R1"] == 0


def test_drops_down_to_a_staggered_count_keep_rounds_even():
    first = seat_rounds(8, 3, seed=7, budget=QUICK)[:1]
    rounds = seat_rounds(8, 3, seed=7, played=first, present={1, 2, 3, 4, 5, 6, 7}, budget=QUICK)
    plays = [sum(p in players_of(r) for r in rounds) for p in range(1, 8)]
    assert max(plays) - min(plays) <= 1


def test_bad_played_rounds_are_refused():
    with pytest.raises(ValueError):
        seat_rounds(10, 2, played=[[[1, 2, 3, 4, 5], [6, 7, 8, 9, 11]]])
    with pytest.raises(ValueError):
        seat_rounds(10, 2, played=[[[1, 2, 3, 4, 5], [6, 7, 8, 9, 1]]])
    with pytest.raises(ValueError):
        seat_rounds(10, 1, played=[[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]] * 2)


# --- the criteria on hand-made seatings ----------------------------------------------------------------------


def test_one_round_breaks_nothing():
    figures = score([[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]])
    assert figures == dict.fromkeys(CRITERIA, 0) | {"R8": figures["R8"]}
    assert figures["R8"] > 0  # seat 1 starts with 1 transfer, seat 4 with 4


def test_r1_counts_a_predator_prey_pair_repeated_in_the_same_direction():
    assert score([[[1, 2, 3, 4]], [[1, 2, 4, 3]]])["R1"] == 1  # 1 → 2 twice; then 2 → 4, 4 → 3, 3 → 1
    assert score([[[1, 2, 3, 4]], [[2, 1, 4, 3]]])["R1"] == 0  # 2 → 1 is the other way round


def test_r2_counts_the_pairs_together_in_every_round():
    rounds = [[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], [[1, 6, 7, 8, 2], [3, 4, 5, 9, 10]]]
    # Together both rounds: {1, 2}, {3, 4}, {3, 5}, {4, 5}, {6, 7}, {6, 8}, {7, 8}, {9, 10}.
    assert score(rounds)["R2"] == 8
    assert score(rounds[:1])["R2"] == 0


def test_r3_is_the_spread_of_available_vps():
    # 9 players: a table of 5 and one of 4. The same four sit at the table of 4 twice.
    same = [[[1, 2, 3, 4, 5], [6, 7, 8, 9]], [[5, 4, 3, 2, 1], [9, 8, 7, 6]]]
    assert score(same)["R3"] == pytest.approx(0.4969, abs=1e-4)  # 5 players average 5, 4 average 4
    mixed = [[[1, 2, 3, 4, 5], [6, 7, 8, 9]], [[6, 7, 8, 9, 1], [2, 3, 4, 5]]]
    assert score(mixed)["R3"] < score(same)["R3"]


def test_r4_counts_meetings_beyond_what_the_numbers_force():
    # 8 players, two tables of 4, two rounds: 24 pairs of seats, 28 pairs: nobody needs to meet twice.
    rounds = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]]]
    assert score(rounds)["R4"] == 4  # {1, 2}, {5, 6}, {3, 4}, {7, 8}
    # 4 players, 3 rounds: every pair must meet 3 times.
    assert score([[[1, 2, 3, 4]], [[1, 3, 2, 4]], [[1, 4, 2, 3]]])["R4"] == 0


def test_r5_counts_fifth_seats_beyond_the_first():
    rounds = [[[1, 2, 3, 4, 5]], [[2, 3, 4, 1, 5]], [[3, 4, 1, 2, 5]]]
    assert score(rounds)["R5"] == 2


def test_r6_counts_a_relative_position_repeated():
    # The same table the other way round: nobody hunts the same prey, but 1 and 3, 2 and 4 sit
    # cross-table twice.
    assert score([[[1, 2, 3, 4]], [[1, 4, 3, 2]]])["R1"] == 0
    assert score([[[1, 2, 3, 4]], [[1, 4, 3, 2]]])["R6"] == 2
    # The same table turned round a seat: every position repeats (4 of them prey-predator, so R1 too).
    assert score([[[1, 2, 3, 4]], [[3, 4, 1, 2]]])["R1"] == 4
    assert score([[[1, 2, 3, 4]], [[3, 4, 1, 2]]])["R6"] == 6
    # At a table of five: 3 is 1's grand-prey twice, 5 is 2's grand-predator twice.
    assert score([[[1, 2, 3, 4, 5]], [[1, 5, 3, 2, 4]]])["R6"] == 2


def test_r7_counts_a_seat_repeated():
    assert score([[[1, 2, 3, 4]], [[1, 3, 4, 2]]])["R7"] == 1  # 1 in seat 1 twice
    assert score([[[1, 2, 3, 4]], [[4, 1, 2, 3]]])["R7"] == 0


def test_r8_is_the_spread_of_starting_transfers():
    fair = [[[1, 2, 3, 4]], [[4, 3, 2, 1]]]  # every player 5 transfers over the two rounds
    assert score(fair)["R8"] == 0
    unfair = [[[1, 2, 3, 4]], [[1, 2, 3, 4]]]
    assert score(unfair)["R8"] == pytest.approx(1.118, abs=1e-3)


def test_r9_counts_a_position_group_repeated():
    # The table the other way round: no prey repeated, but every pair in the same group again.
    reversed_ = [[[1, 2, 3, 4, 5]], [[5, 4, 3, 2, 1]]]
    assert score(reversed_)["R1"] == 0
    assert score(reversed_)["R9"] == 10
    # Seated two apart: the neighbours of round 1 are apart in round 2 and the other way round.
    assert score([[[1, 2, 3, 4, 5]], [[1, 3, 5, 2, 4]]])["R9"] == 0


def test_the_optimiser_counts_as_score_does():
    # The search's own counts (kept swap by swap) end equal to score's count from scratch.
    rounds = seat_rounds(23, 3, seed=8, budget=QUICK)
    search = seating._Search(23, 3, [], [(r, []) for r in rounds], random.Random(0))
    figures = score(rounds)
    cost = search.cost()
    for k in (0, 1, 3, 4, 5, 6, 8):
        assert cost[k] == figures[CRITERIA[k]]


def test_the_counts_kept_swap_by_swap_match_a_fresh_count():
    # Swaps, table turns and sitting-out exchanges all keep the counts as a recount finds them.
    rng = random.Random(1)
    fresh = seating._first_seating(list(range(1, 8)), [], 3, rng)
    search = seating._Search(7, 3, [], fresh, rng)
    search.run(2_000)
    again = seating._Search(7, 3, [], [(t, list(b)) for t, b in zip(search.tables, search.benches, strict=True)], rng)
    assert search.cost() == again.cost()
