"""``manage.py engine_scenario FILE...`` (DESIGN.md): one JSON line per scenario, exit 1 when one failed, exit 2
when a file is missing or malformed, never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parent.parent / "engine" / "scenarios"

GOVERN = """
name: Govern the Unaligned bleeds for {expected}
phase: minion
stop: minion
seats:
  - hand: [Govern the Unaligned]
    ready: [{{card: Anson, blood: 4, as: anson}}]
  - pool: 20
choices:
  - {{seat: 0, play: Govern the Unaligned, mode: 0, by: anson}}
expect:
  - {{seat: 1, pool: {pool}}}
"""


def command(*args: object) -> tuple[list[dict], str, int]:
    out, err = io.StringIO(), io.StringIO()
    code = 0
    try:
        call_command("engine_scenario", *map(str, args), stdout=out, stderr=err)
    except CommandError as exc:
        code = exc.returncode
    return [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue(), code


def test_a_passing_scenario_prints_its_line_and_exits_0(tmp_path):
    path = tmp_path / "govern.yaml"
    path.write_text(GOVERN.format(expected=3, pool=17))
    lines, _, code = command(path)
    assert code == 0
    assert lines == [{"file": str(path), "name": "Govern the Unaligned bleeds for 3", "passed": True, "failures": []}]


def test_a_failing_scenario_says_what_differed_and_exits_1(tmp_path):
    path = tmp_path / "govern.yaml"
    path.write_text(GOVERN.format(expected=4, pool=16))
    lines, _, code = command(path)
    assert code == 1
    assert lines[0]["passed"] is False
    assert lines[0]["failures"] == ["seat 1 pool: expected 16, got 17"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seats: [", "cannot read it as YAML"),
        ("name: no seats\n", "not a mapping with 'seats'"),
        (GOVERN.format(expected=3, pool=17).replace("Anson", "Ansonn"), "unknown card 'Ansonn'"),
        (GOVERN.format(expected=3, pool=17).replace("blood: 4", "blood: four"), "a whole number is expected"),
        (GOVERN.format(expected=3, pool=17).replace("pool: 17", "pools: 17"), "unknown seat expectation"),
    ],
)
def test_a_malformed_scenario_gets_a_clear_message_and_exit_2(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    lines, err, code = command(path)
    assert code == 2
    assert message in lines[0]["failures"][0] and message in err
    assert "Traceback" not in err


def test_a_missing_file_and_an_empty_folder_exit_2(tmp_path):
    _, _, code = command(tmp_path / "nope.yaml")
    assert code == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    _, _, code = command(empty)
    assert code == 2


def test_every_scenario_of_the_repository_passes_through_the_command():
    lines, _, code = command(SCENARIOS)
    assert code == 0
    assert len(lines) >= 200 and all(line["passed"] for line in lines)
