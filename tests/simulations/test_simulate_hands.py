"""``manage.py simulate_hands``: the hands report of a decklist, readable or as JSON, and exit statuses
scripts can trust (0 with a report, 1 for a deck that cannot be read or drawn from, 2 on usage errors).

It runs in the test process here (no worker); ``--via-workers`` is tested beside the other worker tests.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.paths import PROJECT, TWDA

pytestmark = pytest.mark.django_db

TUPDOGS = TWDA / "10009.txt"  # 4 Tupdog, Barcelona 2021: 30 crypt (24 Tupdogs), 90 library cards
REPORT_KEYS = {
    "hands",
    "seed",
    "seconds",
    "hands_per_second",
    "chunks",
    "library_size",
    "crypt_size",
    "library",
    "crypt",
    "groups",
    "playable",
    "first_vampire",
    "draw_curve",
    "conditions",
}


def simulate_hands(*args: str) -> tuple[str, str, CommandError | None]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("simulate_hands", *map(str, args), stdout=out, stderr=err)
    except CommandError as exc:
        return out.getvalue(), err.getvalue(), exc
    return out.getvalue(), err.getvalue(), None


def test_it_reports_every_card_simulated_and_exact_agreeing_within_4_se_at_200000_hands():
    output, _, error = simulate_hands(TUPDOGS, "--json", "--seed", "1")
    assert error is None
    report = json.loads(output)
    assert REPORT_KEYS <= set(report)
    assert (report["hands"], report["seed"], report["library_size"], report["crypt_size"]) == (200_000, 1, 90, 30)
    names = {card["name"] for card in report["library"] + report["crypt"]}
    assert {"Tupdog", "Dreams of the Sphinx", "Fame", "Dive Bomb"} <= names
    for card in report["library"] + report["crypt"]:
        assert 0 < card["p_opening_exact"] <= 1
        assert abs(card["p_opening"] - card["p_opening_exact"]) <= 4 * card["stderr"], card
    tupdog = next(card for card in report["crypt"] if card["name"] == "Tupdog")
    assert tupdog["count"] == 24 and tupdog["p_opening_exact"] > 0.99


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    def figures(seed: str) -> list[float]:
        output, _, _ = simulate_hands(TUPDOGS, "--json", "--hands", "20000", "--seed", seed)
        return [card["p_opening"] for card in json.loads(output)["library"]]

    assert figures("7") == figures("7")
    assert figures("7") != figures("8")


def test_it_prints_a_readable_table_with_the_difference_in_standard_errors():
    output, _, error = simulate_hands(
        TUPDOGS, "--hands", "50000", "--seed", "3", "--condition", 'library.type("Master") >= 2'
    )
    assert error is None
    assert output.startswith("4 Tupdog: 30 crypt, 90 library cards\n50,000 opening hands")
    assert "seed 3" in output
    header = next(line for line in output.splitlines() if line.startswith("Library card"))
    assert header.split()[-4:] == ["copies", "opening", "exact", "diff"]
    fame = next(line for line in output.splitlines() if line.startswith("Fame "))
    copies, opening, exact, diff = fame.split()[-4:]
    assert copies == "3" and opening.endswith("%") and exact.endswith("%") and abs(float(diff)) < 5
    assert 'library.type("Master") >= 2: ' in output


def test_a_deck_that_cannot_be_drawn_from_exits_1_saying_why(tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("Crypt (12 cards)\n12x Tupdog\nLibrary (5 cards)\n5x Blood Doll\n")
    _, _, error = simulate_hands(small)
    assert error is not None and error.returncode == 1
    assert str(error) == f"{small}: The library holds 5 known cards; an opening hand needs 7."


def test_a_file_that_cannot_be_read_exits_1(tmp_path):
    missing = tmp_path / "nowhere.txt"
    _, _, error = simulate_hands(missing)
    assert (error.returncode, str(error)) == (1, f"Cannot read {missing}: No such file or directory.")
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01" + bytes(range(256)) * 8)
    _, _, error = simulate_hands(photo)
    assert error.returncode == 1 and "not a text file" in str(error)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hands", "0"], "--hands must be from 1 to 50,000,000, not 0."),
        (["--hands", "100000000"], "--hands must be from 1 to 50,000,000, not 100,000,000."),
        (["--seed", "-1"], "--seed must be from 0"),
        (["--chunk-size", "10"], "--chunk-size must be from 1,000"),
        (["--condition", "}}} garbage"], ""),
    ],
)
def test_usage_errors_exit_2(args, words):
    _, _, error = simulate_hands(TUPDOGS, *args)
    assert error is not None and error.returncode == 2
    assert words in str(error) and str(error).strip()


def test_a_number_that_is_no_number_exits_2_from_the_command_line():
    # argparse's own refusal, before any database is opened.
    command = [sys.executable, "manage.py", "simulate_hands", str(TUPDOGS), "--hands", "abc"]
    result = subprocess.run(command, cwd=PROJECT, capture_output=True, text=True, timeout=300)  # against a hang only
    assert result.returncode == 2
    assert "argument --hands: invalid int value: 'abc'" in result.stderr


def test_on_a_fresh_checkout_it_draws_with_the_bundled_card_list(tmp_path):
    # Never migrated (no `make setup` yet): the command still answers, from the list the krcg wheel ships.
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}"}
    result = subprocess.run(
        [sys.executable, "manage.py", "simulate_hands", str(TUPDOGS), "--hands", "20000", "--seed", "3", "--json"],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "No card list in the database" in result.stderr and "Traceback" not in result.stderr
    report = json.loads(result.stdout)
    assert report["hands"] == 20000 and report["library_size"] == 90 and report["crypt_size"] == 30
