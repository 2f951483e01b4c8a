"""`manage.py import_cards`: idempotent, all or nothing, every source (bundled, folder, zip, URL)."""

from __future__ import annotations

import http.server
import io
import os
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError

from cards.models import Card, CardDiscipline, CardSet, Printing
from vtesdeck.core import carddb

pytestmark = pytest.mark.django_db
PROJECT = Path(__file__).resolve().parents[2]


def _import(*args: str) -> str:
    out = io.StringIO()
    call_command("import_cards", *args, stdout=out)
    return out.getvalue()


def _snapshot() -> tuple:
    """Everything an import writes, in a comparable form."""
    return (
        sorted(Card.objects.values_list("id", "data")),
        sorted(CardDiscipline.objects.values_list("card_id", "code", "superior")),
        sorted(Printing.objects.values_list("card_id", "set_id", "code")),
        sorted(CardSet.objects.values_list("abbrev", "name", "release_date")),
    )


def _write_folder(path: Path, files: dict[str, bytes]) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (path / name).write_bytes(content)
    return path


def _zip(files: dict[str, bytes], folder: str = "vekncsv/") -> bytes:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in files.items():
            z.writestr(folder + name, content)
    return archive.getvalue()


def _with_new_text(files: dict[str, bytes]) -> dict[str, bytes]:
    old = b"Provides only one maneuver"  # a .44 Magnum ruling: present, and easy to spot
    assert old in files[carddb.RULINGS_YAML]
    return {**files, carddb.RULINGS_YAML: files[carddb.RULINGS_YAML].replace(old, b"Gives exactly one maneuver")}


def test_it_holds_the_whole_official_list():
    assert Card.objects.filter(kind="crypt").count() == 1785
    assert Card.objects.filter(kind="library").count() == 2364
    assert Card.objects.get(unique_name="Alan Sovereign (ADV)").base == Card.objects.get(unique_name="Alan Sovereign")


@pytest.mark.parametrize("model", [Card, CardSet, Printing, CardDiscipline])
def test_every_value_of_the_official_list_fits_its_column(model):
    # SQLite stores a string longer than its column; PostgreSQL refuses the whole import (a printing's precons
    # "B/M/Tr/Tz/SKB/SKM/SKTr/SKTz" once outgrew 20 characters): the limits are checked here on every database.
    limits = {f.attname: f.max_length for f in model._meta.concrete_fields if getattr(f, "max_length", None)}
    for row in model.objects.values(*limits):
        for name, limit in limits.items():
            assert len(row[name] or "") <= limit, (model.__name__, name, row[name])


def test_it_is_idempotent():
    before = _snapshot()
    output = _import()
    assert "0 new, 0 updated, 4149 unchanged" in output
    assert _snapshot() == before


def test_it_updates_changed_cards(tmp_path, bundled_files):
    output = _import("--source", str(_write_folder(tmp_path / "csv", _with_new_text(bundled_files))))
    assert "0 new, 1 updated" in output
    magnum = Card.objects.get(name=".44 Magnum").to_domain()
    assert magnum.rulings[0].text.startswith("Gives exactly one maneuver")


def test_it_skips_with_if_empty_when_cards_exist():
    assert "already imported" in _import("--if-empty")


def test_if_empty_brings_a_card_list_stored_before_dated_printings_up_to_date():
    """The v5 pool takes a card in from the day its V5-era printing came out: a database imported before
    printings carried their release day is imported again by ``make setup``'s ``--if-empty``, once."""
    for card in Card.objects.all():
        card.data["printings"] = [{k: v for k, v in p.items() if k != "released"} for p in card.data["printings"]]
        card.save(update_fields=["data"])
    assert "predates dated printings" in _import("--if-empty")
    awe = Card.objects.get(name="Awe").to_domain()
    assert all(p.released is not None for p in awe.printings if p.set != "POD")
    assert "already imported" in _import("--if-empty")


def test_it_reads_a_zip_file(tmp_path, bundled_files):
    path = tmp_path / "vekncsv.zip"
    path.write_bytes(_zip(_with_new_text(bundled_files)))
    assert "1 updated" in _import("--source", str(path))


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(
            lambda f: {**f, carddb.CRYPT_CSV: f[carddb.CRYPT_CSV].replace(b'"Capacity"', b'"Cap"')}, id="missing-column"
        ),
        pytest.param(
            lambda f: {
                **f,
                carddb.LIBRARY_CSV: f[carddb.LIBRARY_CSV][:-5000] + b'"1',
            },
            id="truncated-csv",
        ),
        pytest.param(
            lambda f: {**f, carddb.LIBRARY_CSV: f[carddb.LIBRARY_CSV].replace(b'"2","","",""', b'"two","","",""', 1)},
            id="bad-number",
        ),
        pytest.param(lambda f: {k: v for k, v in f.items() if k != carddb.LIBRARY_CSV}, id="missing-file"),
    ],
)
def test_it_leaves_the_database_as_it_was_on_bad_files(tmp_path, bundled_files, damage):
    damaged = damage(_with_new_text(bundled_files))
    before = _snapshot()
    with pytest.raises(CommandError, match="database is unchanged"):
        _import("--source", str(_write_folder(tmp_path / "csv", damaged)))
    assert _snapshot() == before


def test_it_leaves_the_database_as_it_was_when_writing_fails_halfway(tmp_path, bundled_files, monkeypatch):
    before = _snapshot()

    def broken_disk(*args, **kwargs):
        raise DatabaseError("disk full")

    # Cards and sets are written by then: the transaction must take them back.
    monkeypatch.setattr(Printing.objects, "bulk_create", broken_disk)
    with pytest.raises(CommandError, match="database is unchanged: database error: disk full"):
        _import("--source", str(_write_folder(tmp_path / "csv", _with_new_text(bundled_files))))
    assert _snapshot() == before


def test_it_refuses_a_truncated_zip(tmp_path, bundled_files):
    path = tmp_path / "cut.zip"
    content = _zip(bundled_files)
    path.write_bytes(content[: len(content) // 2])
    before = _snapshot()
    with pytest.raises(CommandError, match="not a readable zip archive"):
        _import("--source", str(path))
    assert _snapshot() == before


# --- the URL source, against a real HTTP server on 127.0.0.1 -----------------------------------


@pytest.fixture
def http_server(bundled_files):
    """Serves /vekncsv.zip (a good zip), /broken.zip (half of one); anything else is 404."""
    good = _zip(_with_new_text(bundled_files))
    routes = {"/vekncsv.zip": good, "/broken.zip": good[: len(good) // 2]}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = routes.get(self.path)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_it_downloads_a_zip_from_a_url(http_server):
    assert "1 updated" in _import("--source", f"{http_server}/vekncsv.zip")
    assert Card.objects.get(name=".44 Magnum").to_domain().rulings[0].text.startswith("Gives exactly")


@pytest.mark.parametrize(("path", "message"), [("/missing.zip", "404"), ("/broken.zip", "not a readable zip")])
def test_it_reports_a_bad_download(http_server, path, message):
    before = _snapshot()
    with pytest.raises(CommandError, match=message):
        _import("--source", f"{http_server}{path}")
    assert _snapshot() == before


def test_it_says_so_when_offline():
    # Port 9 on loopback has nothing listening: the connection is refused, as when offline.
    with pytest.raises(CommandError, match="are you offline"):
        _import("--source", "http://127.0.0.1:9/vekncsv.zip")


def test_it_exits_non_zero_with_a_message(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    result = subprocess.run(
        [sys.executable, "manage.py", "import_cards", "--source", str(tmp_path / "nowhere")],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "no such file or folder" in result.stderr
    assert "Traceback" not in result.stderr
