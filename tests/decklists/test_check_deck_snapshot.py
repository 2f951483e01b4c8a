"""``check_deck``'s card snapshot (``cards.snapshot``): a command reads the card list, and what earlier commands
worked out from it, from one file instead of the database. It must answer exactly as without it; an import
of a changed card list must make a new one; a damaged or forged file must never be trusted.

Each ``new_process()`` below stands for a new ``manage.py check_deck`` process: nothing kept in memory, only
the snapshot folder on disk.
"""

from __future__ import annotations

import csv
import hmac
import io
import json
import pickle
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards import index, snapshot
from cards.models import Card
from tests.paths import TWDA
from vtesdeck.core import carddb

pytestmark = pytest.mark.django_db

# A hundred archive decklists from every era of the archive.
ARCHIVE = sorted(TWDA.glob("*.txt"))[::40]
RENAMED_DECK = """Deck Name: Gargoyle rush
Crypt (12 cards)
12x Tupdog
Library (60 cards)
40x Blood Doll
20x Dive Bomb Deluxe
"""


@pytest.fixture
def folder(tmp_path, settings) -> Path:
    settings.CARD_SNAPSHOT_DIR = str(tmp_path / "snapshots")
    new_process()
    yield tmp_path / "snapshots"
    index.reset()  # no test leaves its card list in this process's memory
    new_process()


def new_process() -> None:
    snapshot.forget()


def check_deck(*paths: Path | str) -> str:
    out = io.StringIO()
    call_command("check_deck", "--as-of", "deck", "--json", *map(str, paths), stdout=out)
    return out.getvalue()


def snapshots(where: Path) -> list[Path]:
    return sorted(where.glob(f"*{snapshot.SUFFIX}"))


def card_rows_read(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if f'"{Card._meta.db_table}"."data"' in q["sql"]]


def test_the_first_command_writes_a_snapshot_and_the_next_reads_no_card_from_the_database(folder):
    first = check_deck(*ARCHIVE)
    assert len(snapshots(folder)) == 1

    new_process()
    with CaptureQueriesContext(connection) as queries:
        again = check_deck(*ARCHIVE)
    assert again == first
    assert card_rows_read(queries) == []


def test_a_snapshot_answers_exactly_as_the_database_does(folder, settings):
    settings.CARD_SNAPSHOT_DIR = ""  # no snapshots at all: the card list built from the database, as before
    without = check_deck(*ARCHIVE)
    assert not folder.exists()

    settings.CARD_SNAPSHOT_DIR = str(folder)
    new_process()
    first = check_deck(*ARCHIVE)  # builds it, then writes it with the lines it read
    new_process()
    from_snapshot = check_deck(*ARCHIVE)
    assert len(snapshots(folder)) == 1
    assert first == from_snapshot == without


def test_an_import_of_a_changed_card_list_makes_a_new_snapshot(folder, tmp_path, bundled_files):
    deck = tmp_path / "renamed.txt"
    deck.write_text(RENAMED_DECK)
    (before,) = [json.loads(line) for line in check_deck(deck).splitlines()]
    assert [u["text"] for u in before["unresolved"]] == ["20x Dive Bomb Deluxe"]

    changed = tmp_path / "changed-list"
    changed.mkdir()
    for name, content in bundled_files.items():
        (changed / name).write_bytes(content)
    (changed / carddb.LIBRARY_CSV).write_bytes(
        _renamed(bundled_files[carddb.LIBRARY_CSV], "Dive Bomb", "Dive Bomb Deluxe")
    )
    call_command("import_cards", "--source", str(changed), stdout=io.StringIO())

    new_process()
    (after,) = [json.loads(line) for line in check_deck(deck).splitlines()]
    assert after["unresolved"] == []
    assert {"Blood Doll", "Dive Bomb Deluxe"} == {card["name"] for card in after["library"]}
    assert len(snapshots(folder)) == 2  # the old list's snapshot is not the one looked for any more


def _signed_with_another_secret_key(path: Path) -> None:
    data = path.read_bytes()
    head = len(snapshot.MAGIC) + snapshot.SIGNATURE_BYTES
    forged = hmac.new(b"someone else's secret key", data[head:], "sha256").digest()
    path.write_bytes(snapshot.MAGIC + forged + data[head:])


class _RunsACommand:
    """A pickle that would create a file when loaded: what a forged snapshot could make us run."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def _forged_pickle(path: Path) -> None:
    payload = pickle.dumps(_RunsACommand(path.with_name("forged-pickle-ran")))
    path.write_bytes(snapshot.MAGIC + b"\0" * snapshot.SIGNATURE_BYTES + payload)


DAMAGE = {
    "cut short": lambda path: path.write_bytes(path.read_bytes()[: path.stat().st_size // 2]),
    "one byte changed": lambda path: path.write_bytes(_flip(path.read_bytes(), path.stat().st_size // 2)),
    "empty": lambda path: path.write_bytes(b""),
    "not a snapshot": lambda path: path.write_bytes(b"PK\x03\x04 a zip, say"),
    "signed with another secret key": _signed_with_another_secret_key,
    "a forged pickle that would run a command": _forged_pickle,
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=list(DAMAGE))
def test_a_damaged_snapshot_is_ignored_and_rebuilt(folder, damage, caplog):
    first = check_deck(*ARCHIVE)
    (path,) = snapshots(folder)
    damage(path)

    new_process()
    assert check_deck(*ARCHIVE) == first
    assert "damaged" in caplog.text
    assert not (folder / "forged-pickle-ran").exists()
    # Rebuilt in its place: the next process reads the cards from it again.
    new_process()
    with CaptureQueriesContext(connection) as queries:
        assert check_deck(*ARCHIVE) == first
    assert card_rows_read(queries) == []


def test_a_snapshot_folder_that_cannot_be_written_costs_time_not_answers(folder, settings, caplog):
    settings.CARD_SNAPSHOT_DIR = ""
    without = check_deck(*ARCHIVE)
    blocked = folder.parent / "a-file-not-a-folder"
    blocked.write_text("")
    settings.CARD_SNAPSHOT_DIR = str(blocked)
    new_process()
    assert check_deck(*ARCHIVE) == without
    assert "not written" in caplog.text


def _flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]


def _renamed(library_csv: bytes, old: str, new: str) -> bytes:
    rows = list(csv.reader(io.StringIO(library_csv.decode("utf-8-sig"), newline="")))
    name = rows[0].index("Name")
    assert sum(row[name] == old for row in rows[1:]) == 1
    for row in rows[1:]:
        if row[name] == old:
            row[name] = new
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode()
