"""``manage.py check_deck``: one verdict (or JSON deck report) per deck, and exit statuses scripts can trust.

Exit 0 whenever every file was read (an illegal deck is an answer, not a failure), 1 when a file could
not be read (reported, the rest still checked), 2 on usage errors before anything is read.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tests.paths import TWDA

pytestmark = pytest.mark.django_db

PROJECT = Path(__file__).resolve().parents[2]
REPORT_KEYS = {
    "path",
    "legal",
    "ruleset",
    "as_of",
    "crypt_count",
    "library_count",
    "groups",
    "crypt",
    "library",
    "errors",
    "warnings",
    "unresolved",
}

LEGAL_DECK = """Deck Name: Gargoyle rush
Crypt (12 cards)
12x Tupdog
Library (60 cards)
40x Blood Doll
20x Dive Bomb
"""
# Forty library cards: the library must hold at least sixty.
SHORT_LIBRARY = """Deck Name: Too short
Crypt (12 cards)
12x Tupdog
Library (40 cards)
40x Blood Doll
"""


@pytest.fixture
def decks(tmp_path) -> Path:
    (tmp_path / "legal.txt").write_text(LEGAL_DECK)
    (tmp_path / "short.txt").write_text(SHORT_LIBRARY)
    (tmp_path / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01" + bytes(range(256)) * 8)
    return tmp_path


def check_deck(*args: str) -> tuple[str, CommandError | None]:
    out = io.StringIO()
    try:
        call_command("check_deck", *args, stdout=out)
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines()]


# --- JSON reports -------------------------------------------------------------------------------


def test_it_prints_one_json_deck_report_per_deck(decks):
    output, error = check_deck(str(decks / "legal.txt"), str(decks / "short.txt"), "--json")
    assert error is None
    legal, short = json_lines(output)
    for report in (legal, short):
        assert REPORT_KEYS <= set(report)
        assert report["ruleset"] == "vekn"
    assert legal["path"] == str(decks / "legal.txt")
    assert legal["legal"] is True and legal["errors"] == []
    assert (legal["crypt_count"], legal["library_count"], legal["groups"]) == (12, 60, [3])
    assert {card["name"]: card["count"] for card in legal["library"]} == {"Blood Doll": 40, "Dive Bomb": 20}
    assert short["legal"] is False
    assert [e["code"] for e in short["errors"]] == ["LIBRARY_TOO_SMALL"]
    assert short["errors"][0]["rule"]


def test_it_reads_options_into_the_report(decks):
    output, _ = check_deck(
        str(decks / "legal.txt"), "--json", "--as-of", "2001-06-01", "--ruleset", "rulebook-2011", "--players", "24"
    )
    (report,) = json_lines(output)
    assert (report["as_of"], report["ruleset"], report["players"]) == ("2001-06-01", "rulebook-2011", 24)


def test_it_judges_archive_decks_on_their_own_event_date_with_as_of_deck():
    files = [TWDA / "10009.txt", TWDA / "2010100krfk.txt"]
    output, error = check_deck(*map(str, files), "--json", "--as-of", "deck")
    assert error is None
    reports = json_lines(output)
    assert [r["as_of"] for r in reports] == ["2021-12-19", "2010-08-22"]
    assert [r["name"] for r in reports] == ["4 Tupdog", "Lasse Royaltys"]
    assert all(r["format"] == "twd" for r in reports)
    assert reports[0]["crypt_count"] == 30 and reports[0]["library_count"] == 90


def test_it_reports_an_unreadable_file_and_goes_on(decks):
    missing = decks / "no-such-deck.txt"
    output, error = check_deck(str(missing), str(decks / "photo.jpg"), str(decks / "legal.txt"), "--json")
    lines = json_lines(output)
    assert lines[0] == {"path": str(missing), "error": f"Cannot read {missing}: No such file or directory."}
    assert lines[1]["path"] == str(decks / "photo.jpg") and "not a text file" in lines[1]["error"]
    assert set(lines[1]) == {"path", "error", "code", "params"} and lines[1]["code"] == "BINARY_FILE"
    assert lines[2]["legal"] is True  # the run went on
    assert error is not None and error.returncode == 1


def test_it_reads_every_decklist_in_a_zip(decks):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("deck1.txt", LEGAL_DECK)
        archive.writestr("round2/deck2.txt", SHORT_LIBRARY)
        archive.writestr("__MACOSX/._deck1.txt", b"\x00\x05\x16\x07")
    (decks / "event.zip").write_bytes(buffer.getvalue())
    output, error = check_deck(str(decks / "event.zip"), "--json")
    assert error is None
    reports = json_lines(output)
    assert [r["path"] for r in reports] == [f"{decks}/event.zip/deck1.txt", f"{decks}/event.zip/round2/deck2.txt"]
    assert [r["legal"] for r in reports] == [True, False]


def test_it_reports_a_zip_bomb_as_an_unreadable_file(decks):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.txt", b"0" * 50_000_000)
    (decks / "bomb.zip").write_bytes(buffer.getvalue())
    output, error = check_deck(str(decks / "bomb.zip"), str(decks / "legal.txt"), "--json")
    bomb, legal = json_lines(output)
    assert bomb["path"] == str(decks / "bomb.zip") and "bytes" in bomb["error"]
    assert legal["legal"] is True
    assert error.returncode == 1


def test_it_reads_the_format_it_is_told(decks):
    output, error = check_deck(str(decks / "legal.txt"), "--json", "--format", "json")
    (line,) = json_lines(output)
    assert set(line) == {"path", "error", "code", "params"}  # a TWD-style list is no JSON decklist
    output, error = check_deck(str(decks / "legal.txt"), "--json", "--format", "plain")
    assert json_lines(output)[0]["format"] == "plain"


# --- the human verdicts ---------------------------------------------------------------------------


def test_it_prints_a_verdict_per_deck_with_its_errors_below_and_a_summary(decks):
    output, error = check_deck(str(decks / "legal.txt"), str(decks / "short.txt"), str(decks / "photo.jpg"))
    lines = output.splitlines()
    assert lines[0] == f"LEGAL {decks / 'legal.txt'} — Gargoyle rush"
    assert lines[1] == f"ILLEGAL {decks / 'short.txt'} — Too short"
    assert lines[2].startswith("    error LIBRARY_TOO_SMALL: ")
    assert lines[3] == f"UNREADABLE {decks / 'photo.jpg'}"
    assert lines[4].startswith("    This is not a text file")
    assert lines[-1] == "2 decks checked: 1 legal, 1 illegal; 1 file could not be read."
    assert error.returncode == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["--as-of", "15/12/2021"], "is not a date"),
        (["--as-of", "2021-02-30"], "is not a date"),
        (["--ruleset", "modern"], "Unknown rule set 'modern'; known rule sets: vekn, rulebook-2011, v5, duel"),
        (["--players", "0"], "The number of players must be from 1"),
        (["--format", "docx"], "invalid choice: 'docx'"),
    ],
)
def test_it_refuses_bad_options_before_reading_anything(decks, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("check_deck", str(decks / "legal.txt"), *args, stdout=io.StringIO())


# --- exit statuses, as a shell sees them ------------------------------------------------------------


@pytest.fixture(scope="module")
def cli_env(django_db_setup, django_db_blocker, tmp_path_factory) -> dict[str, str]:
    """The environment of a ``manage.py`` process that reads the test database and its cards."""
    env = os.environ.copy()
    with django_db_blocker.unblock():
        connection.ensure_connection()
        if connection.vendor == "sqlite":
            # The test database lives in this process's memory: copy it to a file the child can open.
            path = tmp_path_factory.mktemp("cli") / "cards.sqlite3"
            with sqlite3.connect(path) as target:
                connection.connection.backup(target)
            env["DATABASE_URL"] = f"sqlite:///{path}"
        else:
            s = connection.settings_dict
            credentials = f"{quote(s['USER'] or '', safe='')}:{quote(s['PASSWORD'] or '', safe='')}@"
            env["DATABASE_URL"] = f"postgres://{credentials}{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/{s['NAME']}"
    return env


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check_deck", *args],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_exits_0_when_every_file_was_read_even_for_illegal_decks(cli_env, decks):
    result = manage(cli_env, str(decks / "short.txt"), str(TWDA / "10009.txt"), "--json", "--as-of", "deck")
    assert result.returncode == 0, result.stderr
    short, archived = json_lines(result.stdout)
    assert short["legal"] is False and archived["as_of"] == "2021-12-19"


def test_it_exits_1_when_a_file_could_not_be_read(cli_env, decks):
    result = manage(cli_env, str(decks / "photo.jpg"), str(decks / "legal.txt"))
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1] == "1 deck checked: 1 legal, 0 illegal; 1 file could not be read."
    assert "Some files could not be read" in result.stderr


@pytest.mark.parametrize("args", [["--as-of", "yesterday"], ["--ruleset", "modern"], []])
def test_it_exits_2_on_usage_errors(cli_env, decks, args):
    paths = [str(decks / "legal.txt")] if args else []  # no PATH at all is a usage error too
    result = manage(cli_env, *paths, *args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "usage:" in result.stderr or "Error" in result.stderr


def test_on_a_fresh_checkout_it_reads_the_bundled_card_list(tmp_path, decks):
    # A database never migrated (no `make setup` yet): the check still runs, on the official list that
    # the krcg wheel ships, and says so on stderr instead of dying with "no such table".
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}"}
    result = manage(env, str(decks / "legal.txt"), "--json")
    assert result.returncode == 0, result.stderr
    assert "No card list in the database" in result.stderr and "Traceback" not in result.stderr
    (report,) = json_lines(result.stdout)
    assert report["legal"] is True and report["crypt_count"] == 12
    again = manage(env, str(decks / "legal.txt"), "--json")  # from the bundled list's snapshot this time
    assert again.stdout == result.stdout and "No card list in the database" in again.stderr


def test_a_second_process_answers_the_same_from_the_card_snapshot(cli_env, decks, tmp_path):
    # The first run builds the card list from the database and writes its snapshot (cards.snapshot); the second
    # reads it instead: the same answers, nothing on stderr.
    env = {**cli_env, "CARD_SNAPSHOT_DIR": str(tmp_path / "snapshots")}
    args = (str(decks / "short.txt"), str(TWDA / "10009.txt"), "--json", "--as-of", "deck")
    first, second = manage(env, *args), manage(env, *args)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert second.stdout == first.stdout and second.stderr == ""
    assert len(list((tmp_path / "snapshots").glob("*.cards"))) == 1
