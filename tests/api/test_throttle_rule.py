"""The one rule every throttle counts by (vtesdeck.throttling), in its Python form: the Lua and SQL forms are
held to the same answers in tests/web/test_throttle_backends.py."""

from __future__ import annotations

import random

import pytest

from vtesdeck import throttling
from vtesdeck.throttling import RING, SLOTS, Rate, step, wait

START = 1_700_000_010.0  # a moment on a slot's edge for every period used below (a multiple of 90 s)


def replay(times: list[float], rate: Rate) -> list[bool]:
    """Which of the requests at ``times`` the rule lets in, in order."""
    state, answers = None, []
    for moment in times:
        allowed, changed = step(state, rate.slot(moment), rate.limit)
        state = changed if changed is not None else state
        answers.append(allowed)
    return answers


def most_in_any_window(times: list[float], period: float) -> int:
    """The most of ``times`` within any window [t, t + period)."""
    times = sorted(times)
    most, first = 0, 0
    for last, moment in enumerate(times):
        while times[first] <= moment - period:
            first += 1
        most = max(most, last - first + 1)
    return most


def test_a_burst_of_the_limit_is_let_in_and_not_one_more():
    rate = Rate(20, 60)
    assert replay([START + i / 1000 for i in range(50)], rate) == [True] * 20 + [False] * 30


@pytest.mark.parametrize("seed", range(20))
def test_never_more_than_the_limit_within_any_window_of_the_period(seed):
    # Bursts, lulls and steady streams at random: whatever arrives, what is let in never exceeds the rate
    # within any window of the period's length (the guarantee docs/api.md states).
    rng = random.Random(seed)
    rate = Rate(rng.choice([3, 10, 25, 120]), rng.choice([1, 60, 900]))
    times, moment = [], START + rng.random() * rate.period
    for _ in range(2000):
        moment += rng.choice([0.0, rng.random() * rate.period / rate.limit, rng.random() * rate.period / 3])
        times.append(moment)
    let_in = [t for t, allowed in zip(times, replay(times, rate), strict=True) if allowed]
    assert most_in_any_window(let_in, rate.period) <= rate.limit
    assert len(let_in) >= rate.limit  # and it does let requests in


def test_a_client_sending_steadily_at_the_rate_gets_at_least_ten_elevenths_of_it():
    rate = Rate(60, 60)
    times = [START + i for i in range(3600)]  # one a second for an hour: exactly the rate
    assert sum(replay(times, rate)) >= 3600 * SLOTS / RING


def test_the_wait_is_when_the_next_request_is_let_in():
    rng = random.Random(7)
    rate = Rate(10, 60)
    state = None
    moment = START
    for _ in range(200):
        moment += rng.random() * 3
        allowed, changed = step(state, rate.slot(moment), rate.limit)
        if allowed:
            state = changed
            continue
        seconds = wait(state, moment, rate)
        assert 0 < seconds <= rate.period + rate.width
        assert not step(state, rate.slot(moment + seconds - 0.01), rate.limit)[0]
        assert step(state, rate.slot(moment + seconds), rate.limit)[0]


def test_a_count_is_forgotten_once_its_slot_has_left_the_window():
    rate = Rate(1, 60)
    assert replay([START, START + 59, START + 60 + rate.width], rate) == [True, False, True]


def test_a_clock_behind_counts_into_the_newest_slot_never_an_older_one():
    # Two web machines a few seconds apart: the one behind must not write its count into a slot about to
    # leave the window (which would let the one ahead in again early).
    rate = Rate(2, 60)
    _allowed, state = step(None, rate.slot(START + 30), rate.limit)
    _allowed, state = step(state, rate.slot(START + 20), rate.limit)  # a machine ten seconds behind
    assert state[0] == rate.slot(START + 30) and sum(state[1]) == 2
    assert not step(state, rate.slot(START + 30 + 60), rate.limit)[0]  # both left the window together


def test_a_rate_of_zero_lets_nothing_in():
    assert throttling.take("nobody", Rate(0, 60)) == throttling.Verdict(False, None)
