"""``manage.py simulate_games`` and ``replay_game`` (DESIGN.md): the games summary and JSONL lines, the log of
one game, a replay's hash equal to the run's line, and bad input refused with exit 2 and one line."""

from __future__ import annotations

import io
import json
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.paths import TWDA
from vtesdeck.core.engine import report

pytestmark = pytest.mark.django_db

DECKS = [str(TWDA / name) for name in ("10009.txt", "10012.txt", "10009.txt", "10012.txt")]


def command(name: str, *args: object) -> tuple[str, str, CommandError | None]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(name, *map(str, args), stdout=out, stderr=err)
    except CommandError as exc:
        return out.getvalue(), err.getvalue(), exc
    return out.getvalue(), err.getvalue(), None


def test_the_json_summary_has_design_md_keys_and_the_jsonl_one_line_per_game(tmp_path):
    lines = tmp_path / "games.jsonl"
    output, _, error = command(
        "simulate_games",
        *DECKS,
        "--players",
        "4",
        "--games",
        "3",
        "--seed",
        "7",
        "--json",
        "--games-jsonl",
        lines,
        "--audit",
    )
    assert error is None
    summary = json.loads(output.splitlines()[-1])
    assert list(summary) == list(report.SUMMARY_KEYS)
    assert (summary["games"], summary["seed"], summary["players"], summary["errors"]) == (3, 7, 4, [])
    assert [list(deck) for deck in summary["decks"]] == [list(report.DECK_KEYS)] * 4
    records = [report.GameRecord.from_json_line(line) for line in lines.read_text().splitlines()]
    assert [r.game for r in records] == [0, 1, 2]
    again = tmp_path / "again.jsonl"
    command("simulate_games", *DECKS, "--players", "4", "--games", "3", "--seed", "7", "--games-jsonl", again)
    assert again.read_bytes() == lines.read_bytes()  # same arguments, same bytes


def test_log_prints_the_game_before_the_summary_and_replay_gives_the_jsonl_hash(tmp_path):
    lines = tmp_path / "games.jsonl"
    output, _, error = command(
        "simulate_games",
        *DECKS,
        "--players",
        "4",
        "--games",
        "2",
        "--seed",
        "4",
        "--log",
        "1",
        "--games-jsonl",
        lines,
        "--json",
    )
    assert error is None
    assert output.startswith("Game 1, seed ") and "Turn 1 — Seat 0" in output
    hash_1 = json.loads(lines.read_text().splitlines()[1])["hash"]
    assert f"hash {hash_1}" in output
    replayed, _, error = command("replay_game", *DECKS, "--players", "4", "--seed", "4", "--game", "1")
    assert error is None
    assert replayed.splitlines()[-1] == f"hash {hash_1}" and "Result after round" in replayed


def test_fewer_decks_than_seats_are_filled_from_the_archive(tmp_path, monkeypatch):
    """The database holds no archive decks here: the archive folder (``VTESDECK_TWDA``) fills the seats."""
    for name in ("10009.txt", "20182tlaef.txt", "2018adbfb.txt", "20188hnvf.txt"):
        shutil.copy(TWDA / name, tmp_path / name)
    monkeypatch.setenv("VTESDECK_TWDA", str(tmp_path))
    lines = tmp_path / "games.jsonl"
    output, _, error = command(
        "simulate_games", DECKS[0], "--players", "4", "--games", "2", "--json", "--games-jsonl", lines
    )
    assert error is None, error
    assert json.loads(output)["decks"][0]["seat_games"] == 2
    assert [json.loads(line)["decks"].count(-1) for line in lines.read_text().splitlines()] == [3, 3]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--games", "0"], "number of games"),
        (["--games", "-3"], "number of games"),
        (["--players", "7"], "4 or 5 seats"),
        (["--seed", "-1"], "seed"),
        (["--rounds", "0"], "round cap"),
        (["--rules", "v5"], "rules"),
        (["--log", "9", "--games", "2"], "--log"),
    ],
)
def test_bad_numbers_exit_2_with_a_message(args, message):
    _, _, error = command("simulate_games", *DECKS, "--players", "4", *args)
    assert error is not None and error.returncode == 2 and message in str(error)
    assert "\n" not in str(error)


def test_bad_decks_exit_2_with_a_message(tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("Crypt (12 cards)\n12x Tupdog\nLibrary (5 cards)\n5x Blood Doll\n")
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n60x Blood Dolll of Nowhere\n")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    for path, message in (
        (tmp_path / "missing.txt", "Cannot read"),
        (small, "not a legal deck"),
        (unknown, "unknown cards"),
        (empty, ""),
    ):
        _, _, error = command("simulate_games", path, *DECKS[1:], "--players", "4", "--games", "1")
        assert error is not None and error.returncode == 2 and message in str(error), (path, error)
    _, _, error = command("replay_game", small, *DECKS[1:], "--players", "4", "--seed", "1", "--game", "0")
    assert error is not None and error.returncode == 2


def test_the_same_arguments_give_the_same_games_byte_for_byte(tmp_path):
    """DESIGN.md: same arguments, same output. The JSONL is byte for byte the same; so is the summary, but for
    the two figures that time the run."""
    outputs = []
    for run_name in ("first", "second"):
        lines = tmp_path / f"{run_name}.jsonl"
        output, _, error = command(
            "simulate_games", *DECKS, "--players", "4", "--games", "6", "--seed", "11", "--json", "--games-jsonl", lines
        )
        assert error is None
        summary = json.loads(output.splitlines()[-1])
        del summary["seconds"], summary["games_per_second"]
        outputs.append((lines.read_bytes(), summary))
    assert outputs[0] == outputs[1]
    assert len(outputs[0][0].splitlines()) == 6


def test_the_2011_rules_play_other_games_than_the_current_ones(tmp_path):
    """``--rules 2011`` (vampires come out by themselves at the end of the influence phase) plays whole games
    too, and not the same ones."""
    hashes = {}
    for rules in ("vekn", "2011"):
        lines = tmp_path / f"{rules}.jsonl"
        _, _, error = command(
            "simulate_games",
            *DECKS,
            "--players",
            "4",
            "--games",
            "3",
            "--seed",
            "5",
            "--rules",
            rules,
            "--audit",
            "--games-jsonl",
            lines,
        )
        assert error is None
        hashes[rules] = [report.GameRecord.from_json_line(line).hash for line in lines.read_text().splitlines()]
    assert len(hashes["2011"]) == 3 and hashes["2011"] != hashes["vekn"]


def test_bots_seat_the_named_bot_at_each_decks_seats_and_replay_follows_them(tmp_path):
    # Two decks of four: the baseline at the first deck's seats, random at the second's. Another bot plays
    # other games, and replay_game with the same --bots gives the run's hash.
    lines, heuristic = tmp_path / "games.jsonl", tmp_path / "heuristic.jsonl"
    args = (*DECKS, "--players", "4", "--games", "2", "--seed", "3")
    _, _, error = command(
        "simulate_games", *args, "--bots", "baseline,random,heuristic,heuristic", "--games-jsonl", lines
    )
    assert error is None
    command("simulate_games", *args, "--games-jsonl", heuristic)
    assert lines.read_bytes() != heuristic.read_bytes()
    hash_1 = json.loads(lines.read_text().splitlines()[1])["hash"]
    replayed, _, error = command(
        "replay_game",
        *DECKS,
        "--players",
        "4",
        "--seed",
        "3",
        "--game",
        "1",
        "--bots",
        "baseline,random,heuristic,heuristic",
    )
    assert error is None and f"hash {hash_1}" in replayed


@pytest.mark.parametrize(
    ("bots", "message"),
    [("champion", "Unknown bot 'champion'"), ("baseline,random", "2 bots for 4 decks")],
)
def test_bad_bots_exit_2_with_a_message(bots, message):
    _, _, error = command("simulate_games", *DECKS, "--players", "4", "--games", "1", "--bots", bots)
    assert error is not None and error.returncode == 2 and message in str(error)
