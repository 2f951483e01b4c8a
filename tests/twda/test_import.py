"""`import_twda` and `twda.services.import_archive`: metadata, idempotence, bad input, all or nothing.

Most tests import a small archive copied from real files; expected values are read from the raw files
with plain regular expressions, never with the project's parser.
"""

from __future__ import annotations

import http.server
import io
import os
import re
import shutil
import subprocess
import sys
import threading
import zipfile

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.paths import PROJECT, TWDA
from twda import services
from twda.models import Archetype, CardArchiveStats, TournamentCard, TournamentDeck

pytestmark = pytest.mark.django_db

FILES = ["10009.txt", "10012.txt", "2k4edith.txt", "10032.txt", "10022.txt", "0bbf344e-f63e-41bf-9b74-0fc82e91ae61.txt"]
WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


@pytest.fixture
def archive(tmp_path):
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    folder = tmp_path / "twda"
    folder.mkdir()
    for name in FILES:
        shutil.copy(TWDA / name, folder / name)
    return folder


def _zip_of(folder) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(folder.iterdir()):
            zf.write(path, f"twda/{path.name}")
    return buffer.getvalue()


def _header(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("import_twda", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_imports_every_file_with_its_metadata(archive):
    out, err = _run(str(archive))
    assert "6 imported, 0 updated, 0 unchanged, 0 skipped" in out and err == ""
    assert TournamentDeck.objects.count() == len(FILES)
    deck = TournamentDeck.objects.get(id="10009")
    lines = _header(archive / "10009.txt")
    assert (deck.event, deck.place, str(deck.date), deck.format) == (lines[0], lines[1], "2021-12-19", lines[3])
    assert deck.players == int(re.match(r"(\d+) players", lines[4]).group(1))
    assert deck.winner == lines[5] and deck.event_url == lines[6]
    assert deck.name == re.search(r"^Deck Name:\s*(.+)$", "\n".join(lines), re.M).group(1).strip()
    edith = TournamentDeck.objects.get(id="2k4edith")
    assert (edith.winner, edith.players, edith.author) == ("Andy Kempton", 10, "Lance Shope")
    assert edith.score == "-- 3GW12" or "3GW12" in edith.score
    assert edith.description.startswith("When I went in to the tourney")
    assert edith.text == (archive / "2k4edith.txt").read_text(encoding="utf-8")
    # Card rows: the copies the file lists, section by section.
    for name in FILES:
        text = (archive / name).read_text(encoding="utf-8")
        crypt_total = int(re.search(r"^Crypt \((\d+) cards", text, re.M).group(1))
        library_total = int(re.search(r"^Library \((\d+) cards", text, re.M).group(1))
        stored = TournamentDeck.objects.get(id=name[:-4])
        assert (stored.crypt_count, stored.library_count) == (crypt_total, library_total), name
        rows = TournamentCard.objects.filter(deck=stored)
        assert sum(r.count for r in rows) == crypt_total + library_total
    # Every deck has an archetype, and the counts add up.
    assert not TournamentDeck.objects.filter(archetype=None).exists()
    assert sum(Archetype.objects.values_list("deck_count", flat=True)) == len(FILES)
    for archetype in Archetype.objects.all():
        assert archetype.decks.count() == archetype.deck_count
    assert CardArchiveStats.objects.count() == TournamentCard.objects.values("card").distinct().count()


def test_deck_keys_are_searchable_by_clan_sect_and_discipline(archive):
    services.import_archive(str(archive))
    edith = TournamentDeck.objects.get(id="2k4edith")
    # Every vampire in that crypt is a Follower of Set (the card list may name the clan "Ministry").
    assert edith.clans.startswith("|") and edith.clans.count("|") == 2
    assert "|obf|" in edith.disciplines and "|pre|" in edith.disciplines
    assert TournamentDeck.objects.filter(clans__contains=edith.clans, disciplines__contains="|ser|").exists()
    assert edith.sects.startswith("|") and edith.sects.endswith("|")


def test_a_second_import_writes_nothing(archive):
    services.import_archive(str(archive))
    before = list(TournamentDeck.objects.values_list("id", "digest", "imported_at"))
    with CaptureQueriesContext(connection) as queries:
        result = services.import_archive(str(archive))
    assert (result.imported, result.updated, result.unchanged, result.skipped) == (0, 0, len(FILES), [])
    assert [q["sql"] for q in queries.captured_queries if WRITES.match(q["sql"])] == []
    assert list(TournamentDeck.objects.values_list("id", "digest", "imported_at")) == before


def test_a_changed_file_is_updated_and_its_cards_replaced(archive):
    services.import_archive(str(archive))
    path = archive / "10009.txt"
    text = path.read_text(encoding="utf-8")
    first = re.search(r"^(\d+)x (.+)$", text.split("Library (", 1)[1], re.M)
    path.write_text(
        text.replace(first.group(0), f"{int(first.group(1)) + 1}x {first.group(2)}", 1).replace(
            "Deck Name: 4 Tupdog", "Deck Name: Five Tupdog"
        ),
        encoding="utf-8",
    )
    result = services.import_archive(str(archive))
    assert (result.imported, result.updated, result.unchanged) == (0, 1, len(FILES) - 1)
    deck = TournamentDeck.objects.get(id="10009")
    assert deck.name == "Five Tupdog" and deck.text == path.read_text(encoding="utf-8")
    assert sum(deck.cards.values_list("count", flat=True)) == 30 + 91
    assert TournamentDeck.objects.count() == len(FILES)


def test_bad_files_are_reported_and_skipped_and_the_rest_imported(archive):
    (archive / "garbage.txt").write_text("Hello,\nthis is no decklist at all.\nBye.\n", encoding="utf-8")
    (archive / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 8)
    (archive / "empty.txt").write_bytes(b"")
    unknown = (archive / "10009.txt").read_text(encoding="utf-8").replace("Deck Name: 4 Tupdog", "Deck Name: X")
    lib = unknown.index("Library (")
    unknown = unknown[:lib] + unknown[lib:].replace("\n1x ", "\n1x Frobnicate the Unaligned\n1x ", 1)
    (archive / "unknown.txt").write_text(unknown, encoding="utf-8")
    out, err = _run(str(archive))
    assert "6 imported, 0 updated, 0 unchanged, 4 skipped" in out
    reasons = dict(re.findall(r"^skipped (\S+): (.+)$", err, re.M))
    assert set(reasons) == {"garbage.txt", "photo.jpg", "empty.txt", "unknown.txt"}
    assert "binary" in reasons["photo.jpg"] and "empty" in reasons["empty.txt"]
    assert "Frobnicate the Unaligned" in reasons["unknown.txt"]
    assert set(TournamentDeck.objects.values_list("id", flat=True)) == {name[:-4] for name in FILES}


def test_imports_a_zip_the_same_as_the_folder(archive, tmp_path):
    (tmp_path / "twda.zip").write_bytes(_zip_of(archive))
    result = services.import_archive(str(tmp_path / "twda.zip"))
    assert (result.imported, result.skipped) == (len(FILES), [])
    assert services.import_archive(str(archive)).unchanged == len(FILES)


def test_a_truncated_zip_fails_and_leaves_the_database_unchanged(archive, tmp_path):
    services.import_archive(str(archive / "10009.txt"))
    before = list(TournamentDeck.objects.values_list("id", "digest"))
    data = _zip_of(archive)
    (tmp_path / "cut.zip").write_bytes(data[: len(data) * 2 // 3])
    with pytest.raises(CommandError, match="database is unchanged") as caught:
        _run(str(tmp_path / "cut.zip"))
    assert caught.value.returncode == 1
    assert list(TournamentDeck.objects.values_list("id", "digest")) == before


def test_a_failure_while_writing_rolls_everything_back(archive, monkeypatch):
    def boom(cards=None):
        raise RuntimeError("statistics failed")

    monkeypatch.setattr(services, "recompute", boom)
    with pytest.raises(RuntimeError):
        services.import_archive(str(archive))
    assert not TournamentDeck.objects.exists() and not TournamentCard.objects.exists()


def test_if_empty_does_nothing_when_decks_exist(archive):
    services.import_archive(str(archive / "10009.txt"))
    out, _ = _run(str(archive), "--if-empty")
    assert "already imported" in out and TournamentDeck.objects.count() == 1


class _Handler(http.server.BaseHTTPRequestHandler):
    payload = b""

    def do_GET(self):  # noqa: N802
        if self.path != "/twda.zip":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.payload)))
        self.end_headers()
        self.wfile.write(self.payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def server(archive):
    _Handler.payload = _zip_of(archive)
    httpd = http.server.HTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def test_imports_from_a_url_and_refuses_a_dead_one(server, settings):
    out, _ = _run(f"{server}/twda.zip")
    assert f"{len(FILES)} imported" in out
    with pytest.raises(CommandError, match="HTTP 404") as caught:
        _run(f"{server}/missing.zip")
    assert caught.value.returncode == 1
    settings.TWDA_MAX_DOWNLOAD = 1000
    with pytest.raises(CommandError, match="more than 1,000 bytes"):
        _run(f"{server}/twda.zip")


def test_exit_status_1_for_a_missing_source_and_2_for_usage(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/unused.sqlite3"}

    def manage(*args):
        return subprocess.run(
            [sys.executable, "manage.py", "import_twda", *args],
            cwd=PROJECT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    missing = manage(str(tmp_path / "nowhere"))
    assert missing.returncode == 1
    assert "no file or folder" in missing.stderr and "Traceback" not in missing.stderr
    dead = manage("http://127.0.0.1:9/twda.zip")
    assert dead.returncode == 1 and "cannot be downloaded" in dead.stderr
    assert manage().returncode == 2
