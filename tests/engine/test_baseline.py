"""The bots by name (DESIGN.md ``simulate_games --bots``) and the frozen ``baseline``: the yardstick a new bot is
measured against must not move, so its source is pinned here."""

from __future__ import annotations

import hashlib

import pytest

from vtesdeck.core.engine import baseline, bots, native, run, schedule

# Changing baseline.py changes the yardstick every bot figure since issue 28 was measured with. Don't: improve
# the heuristic bot (bots.py) instead. Only a change that keeps the baseline's every decision (a comment, an
# import moved) may update this digest, and its commit must say so.
BASELINE_SHA256 = "6520b64b99b8b5386b7a3b3c34d8ef2519e01dfdf4a39eb4782f4c95e80373cc"


def test_the_baseline_bot_is_kept_unchanged() -> None:
    source = (native.SOURCE / "baseline.py").read_bytes()  # the source, whether or not it runs compiled
    assert hashlib.sha256(source).hexdigest() == BASELINE_SHA256


def test_bots_by_name() -> None:
    assert isinstance(bots.by_name("heuristic"), bots.HeuristicBot)
    assert type(bots.by_name("baseline")) is baseline.BaselineBot
    assert isinstance(bots.by_name("random"), bots.RandomBot)
    with pytest.raises(ValueError, match="the bots are heuristic, baseline, random"):
        bots.by_name("champion")


def test_one_name_applies_to_every_deck_and_otherwise_one_per_deck() -> None:
    assert run.bot_names("baseline", 3) == ("baseline",) * 3
    assert run.bot_names("baseline, heuristic", 2) == ("baseline", "heuristic")
    with pytest.raises(ValueError, match="3 bots for 2 decks"):
        run.bot_names("baseline,random,heuristic", 2)
    with pytest.raises(ValueError, match="Unknown bot 'Baseline'"):
        run.bot_names("Baseline", 1)


def test_each_seat_gets_the_bot_of_its_deck_and_the_archive_seats_the_heuristic_bot() -> None:
    table = schedule.table(11, 0, 2, 5)  # two decks at a table of five: three archive seats
    seated = run.seat_bots(table, ("baseline", "random"))
    for slot, bot in zip(table.seats, seated, strict=True):
        expected = {0: baseline.BaselineBot, 1: bots.RandomBot}.get(slot, bots.HeuristicBot)
        assert type(bot) is expected
    assert all(type(b) is bots.HeuristicBot for b in run.seat_bots(table, ()))
