"""Scoring tables by the VEKN tournament rules §3.7: every way a game can end, and the entries none can."""

from __future__ import annotations

import pytest

from vtesdeck.core.events.scoring import (
    EXCESSIVE_TOTAL,
    INSUFFICIENT_TOTAL,
    INVALID_TABLE_SIZE,
    MISSING_HALF_VP,
    MISSING_VP,
    check_table,
    outcomes,
    standings,
    table_points,
)


def tp(vps):
    return [row["tp"] for row in table_points(vps)]


def gw(vps):
    return [row["gw"] for row in table_points(vps)]


# --- games played out -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "vps",
    [
        [5, 0, 0, 0, 0],  # seat 1 ousts everyone round the table: 4 ousts + the last one standing
        [0, 0, 0, 0, 5],  # seat 5 does, starting with seat 1
        [4, 0, 0, 1, 0],  # seat 4 ousts seat 5, then seat 1 ousts 2, 3 and 4
        [0, 2, 1, 1, 1],  # ousts walk backwards: 5 ousts 1, 4 ousts 5, 3 ousts 4, 2 ousts 3 and stands
        [3, 0, 0, 0, 2],  # 1 ousts 2, 3, 4; 5 ousts 1 and stands
        [4, 0, 0, 0],  # a table of four
        [1, 0, 3, 0],  # 1 ousts 2, 3 ousts 4, then 3 ousts 1 and stands
    ],
)
def test_it_accepts_a_game_played_to_the_last_one_standing(vps):
    assert check_table(vps) == []


def test_the_last_one_standing_earns_their_point():
    # Each seat ousted its prey and nobody earned the last one standing's VP.
    assert check_table([1, 1, 1, 1, 1]) == [MISSING_VP]
    assert check_table([1, 1, 1, 1]) == [MISSING_VP]


def test_an_oust_is_credited_to_the_predator_only():
    # 2 ousts 3, 4 and 5, then 1 ousts 2 and stands alone.
    assert check_table([2, 3, 0, 0, 0]) == []
    # Seats 2 and 4 each ousted their prey, but then one of them ousted the other: nobody earned the
    # last one standing's point, and the one ousted last gave a VP nobody holds.
    assert check_table([0, 2, 0, 2]) == [MISSING_VP]


# --- time-outs (§3.7.2: every player still in the game earns ½ VP) -------------------------------------------


@pytest.mark.parametrize(
    "vps",
    [
        [0.5, 0.5, 0.5, 0.5, 0.5],  # nobody ousted
        [0.5, 0.5, 0.5, 0.5],
        [2.5, 0, 0, 0.5, 0.5],  # seat 1 ousted 2 and 3, three survivors
        [1.5, 0, 2.5, 0, 0],  # 1 ousted 2, 3 ousted 4 and 5, and the time caught 1 and 3
        [0.5, 1.5, 0, 0.5, 0.5],
    ],
)
def test_it_accepts_a_time_out(vps):
    assert check_table(vps) == []


def test_every_survivor_at_time_has_a_half():
    # Seat 1 ousted 2 and 3; 4 and 5 survived, but seat 1's own ½ is missing.
    assert check_table([2, 0, 0, 0.5, 0.5]) == [INSUFFICIENT_TOTAL]
    # Survivors at time 2 and 3 with halves, but seats 4 and 5 keep whole points nobody could have given.
    assert check_table([1, 0.5, 0.5, 1, 1]) == [MISSING_HALF_VP]
    assert check_table([1.5, 0.5, 1, 1, 0]) == [MISSING_HALF_VP]


# --- withdrawals (½ VP, and nobody earns a VP for the withdrawn player) -----------------------------------------


def test_a_withdrawal_keeps_a_half_and_gives_no_vp():
    # Seat 1 withdraws; seat 2 ousts 3, 4 and 5 and stands alone: 3 + 1.
    assert check_table([0.5, 4, 0, 0, 0]) == []
    # Seat 5 ousts seat 1 then withdraws; 2 ousts 3 and 4 and stands alone.
    assert check_table([0, 3, 0, 0, 1.5]) == []


# --- the totals and the table size -----------------------------------------------------------------------------


def test_the_rounded_up_vps_add_up_to_the_table_size():
    assert check_table([2, 1, 0, 0, 0]) == [INSUFFICIENT_TOTAL]
    assert check_table([0, 0, 0, 0, 0]) == [INSUFFICIENT_TOTAL]
    assert check_table([5, 1, 0, 0, 0]) == [EXCESSIVE_TOTAL]
    assert check_table([1, 1, 1, 1, 1.5]) == [EXCESSIVE_TOTAL]  # ⌈1½⌉ is 2: a half is a seat's point


@pytest.mark.parametrize("vps", [[], [1, 0, 0], [6, 0, 0, 0, 0, 0]])
def test_tables_seat_four_or_five(vps):
    assert check_table(vps) == [INVALID_TABLE_SIZE]


@pytest.mark.parametrize("bad", [0.25, -1, "1", None, True, float("inf"), float("nan")])
def test_a_vp_is_a_whole_or_half_point(bad):
    with pytest.raises(ValueError):
        check_table([bad, 1, 1, 1, 1])


def test_every_ending_the_walk_finds_passes_the_rounding_rule():
    for size in (4, 5):
        for halves in outcomes(size):
            assert sum((h + 1) // 2 for h in halves) == size
            assert check_table([h / 2 for h in halves]) == []


# --- game wins and tournament points (§3.7.1, §3.7.3) ---------------------------------------------------------


def test_a_game_win_needs_two_vps_and_more_than_anyone():
    assert gw([2.5, 0, 0, 0.5, 0.5]) == [1, 0, 0, 0, 0]
    assert gw([1.5, 0, 0.5, 0.5, 0.5]) == [0, 0, 0, 0, 0]  # nobody has 2
    assert gw([2, 2, 0.5, 0, 0]) == [0, 0, 0, 0, 0]  # tied on top
    assert gw([0.5, 0.5, 0.5, 0.5, 0.5]) == [0] * 5
    assert gw([2, 0, 2, 0]) == [0, 0, 0, 0]
    assert gw([0, 3, 0, 0, 1.5]) == [0, 1, 0, 0, 0]


def test_tournament_points_go_by_place():
    assert tp([5, 0, 0, 0, 0]) == [60, 30, 30, 30, 30]  # (48 + 36 + 24 + 12) / 4
    assert tp([3, 1, 0.5, 0, 0]) == [60, 48, 36, 18, 18]
    assert tp([4, 0, 0, 0]) == [60, 28, 28, 28]  # a table of four skips the 36
    assert tp([1, 0.5, 0.5, 2]) == [48, 18, 18, 60]  # at a table of four the last two share (24 + 12) / 2
    assert tp([0.5] * 5) == [36] * 5
    assert tp([0.5] * 4) == [36] * 4  # (60 + 48 + 24 + 12) / 4
    assert tp([2.5, 0, 0, 0.5, 0.5]) == [60, 18, 18, 42, 42]


def test_table_points_reports_each_seat():
    assert table_points([0, 3, 0, 0, 1.5])[1] == {"vp": 3.0, "gw": 1, "tp": 60.0}


def test_the_final_always_has_a_winner():
    # Time out on the final with two survivors tied: the better preliminary rank wins.
    rows = table_points([1.5, 1.5, 0, 0, 0], finals_ranks=[4, 2, 1, 3, 5])
    assert [row["gw"] for row in rows] == [0, 1, 0, 0, 0]
    rows = table_points([1, 0, 0, 0, 4], finals_ranks=[1, 2, 3, 4, 5])
    assert [row["gw"] for row in rows] == [0, 0, 0, 0, 1]


# --- standings (§3.1: GW, then VP, then TP, then a fair random method) ------------------------------------------


def row(vp, gw, tp):
    return {"vp": vp, "gw": gw, "tp": tp}


def test_standings_rank_by_game_wins_then_vps_then_tps():
    results = {
        1: [row(2, 1, 60), row(0, 0, 24)],  # 1 GW, 2 VP
        2: [row(1.5, 0, 48), row(1.5, 0, 48)],  # 0 GW, 3 VP
        3: [row(3, 1, 60)],  # 1 GW, 3 VP (dropped after a round)
        4: [row(1.5, 0, 36), row(1.5, 0, 42)],  # 0 GW, 3 VP, fewer TP than 2
    }
    ranked = standings(results, tosses={1: 4, 2: 3, 3: 2, 4: 1})
    assert [s.player for s in ranked] == [3, 1, 2, 4]
    assert [s.rank for s in ranked] == [1, 2, 3, 4]
    assert ranked[0].gw == 1 and ranked[0].vp == 3 and ranked[0].tp == 60


def test_the_toss_settles_a_full_tie_and_is_recorded():
    tie = {p: [row(1, 0, 36)] for p in (1, 2, 3)}
    assert [s.player for s in standings(tie, tosses={1: 3, 2: 1, 3: 2})] == [2, 3, 1]
    drawn = standings(tie, seed=5)
    assert sorted(s.toss for s in drawn) == [1, 2, 3]
    assert standings(tie, seed=5) == drawn  # the same seed, the same draw
    recorded = {s.player: s.toss for s in drawn}
    assert [s.player for s in standings(tie, tosses=recorded, seed=99)] == [s.player for s in drawn]
