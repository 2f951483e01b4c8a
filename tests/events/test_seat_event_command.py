"""``manage.py seat_event`` (DESIGN.md "Events"): an event's rounds seated by the VEKN tournament rules, with the
R1..R9 criteria they reach; a player count the rules cannot seat is refused with exit 2."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from vtesdeck.core.events.seating import CRITERIA, score


def command(*args: object) -> str:
    out = io.StringIO()
    call_command("seat_event", *map(str, args), stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_json_seats_every_player_each_round_at_tables_of_five_and_four() -> None:
    """17 players: three tables of 4 and one of 5 (fours = 5 - (17 mod 5) = 3), nobody twice, nobody left out,
    and no predator–prey pair repeated (R1, mandatory)."""
    answer = json.loads(command("--players", 17, "--rounds", 3, "--seed", 4, "--json"))
    assert answer["players"] == 17 and answer["seed"] == 4
    assert len(answer["rounds"]) == 3
    for tables in answer["rounds"]:
        assert sorted(len(t) for t in tables) == [4, 4, 4, 5]
        assert sorted(p for t in tables for p in t) == list(range(1, 18))
    assert list(answer["score"]) == list(CRITERIA)
    assert answer["score"] == score(answer["rounds"])
    assert answer["score"]["R1"] == 0


def test_the_same_seed_gives_the_same_seating() -> None:
    assert command("--players", 12, "--seed", 7, "--json") == command("--players", 12, "--seed", 7, "--json")


def test_text_lists_the_tables_in_seat_order_and_who_sits_out() -> None:
    """6 players cannot all sit at once (one table of 6 is no table): 4 play each round, 2 sit out, and over 3
    rounds everyone plays twice (TR §3.1.2's staggered rounds)."""
    text = command("--players", 6, "--rounds", 3)
    assert text.count("Round ") == 3
    assert text.count("sitting out: ") == 3
    assert "Criteria (lower is better; R1 must be 0): R1 0" in text
    seated = json.loads(command("--players", 6, "--rounds", 3, "--json"))["rounds"]
    plays = [sum(p in t for r in seated for t in r) for p in range(1, 7)]
    assert plays == [2] * 6


@pytest.mark.parametrize("args", [("--players", 3), ("--players", 0), ("--players", 20, "--rounds", 0)])
def test_a_count_the_rules_cannot_seat_is_a_usage_error(args: tuple[object, ...]) -> None:
    with pytest.raises(CommandError) as error:
        command(*args)
    assert error.value.returncode == 2
