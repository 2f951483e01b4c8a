"""The site as production runs it: `collectstatic`, then gunicorn with gunicorn.conf.py, on the test database,
serving pages, the API and the collected static files through whitenoise."""

from __future__ import annotations

import gzip
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import _worker_database_url
from tests.paths import PROJECT

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

READY_SECONDS = 90
GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str, **headers: str):
    request = urllib.request.Request(url, headers=headers)
    try:
        return urllib.request.urlopen(request, timeout=30)
    except urllib.error.HTTPError as error:  # a 4xx/5xx is an answer too: the caller reads its status
        return error


@pytest.fixture
def server(file_database, cards_in_database, tmp_path):
    """gunicorn on a free port (two sync workers), after collectstatic into a fresh STATIC_ROOT, serving the
    collected files only (no finders, as docs/deploy.md's deployment does)."""
    # cards_in_database: gunicorn reads the card table itself, which an earlier transactional test's flush
    # may have emptied (file_database alone puts the rows back only for this process's card index).
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": _worker_database_url(),
        "STATIC_ROOT": str(tmp_path / "static"),
        "WHITENOISE_USE_FINDERS": "false",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
        "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
        "PYTHONUNBUFFERED": "1",
    }
    collect = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert collect.returncode == 0, collect.stderr
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as output:
        # From another folder: gunicorn.conf.py's chdir must still put the project first on sys.path.
        process = subprocess.Popen(
            [str(GUNICORN), "--config", str(PROJECT / "gunicorn.conf.py")],
            cwd=tmp_path,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_SECONDS
        while True:
            if process.poll() is not None:
                pytest.fail(f"gunicorn exited ({process.returncode}):\n{log.read_text(errors='replace')}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"gunicorn did not listen in {READY_SECONDS} s:\n{log.read_text(errors='replace')}")
                time.sleep(0.2)
        yield base, tmp_path / "static", log
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)  # graceful: the arbiter stops its workers
            try:
                process.wait(timeout=35)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def test_gunicorn_serves_the_site_the_api_and_the_collected_static_files(server):
    base, static_root, log = server

    health = get(f"{base}/healthz?worker=0")
    body = health.read()
    assert health.status == 200, body
    assert b'"database": {"ok": true' in body and b'"broker": {"ok": true' in body
    assert health.headers["X-Request-ID"] and health.headers["Content-Security-Policy"]

    # A collected file, compressed by collectstatic, sent gzipped to a client that takes it.
    assert (static_root / "css" / "base.css.gz").is_file()
    css = get(f"{base}/static/css/base.css", **{"Accept-Encoding": "gzip"})
    assert css.status == 200
    assert css.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(css.read()) == (PROJECT / "static" / "css" / "base.css").read_bytes()
    # The Swagger UI comes from the sidecar app's folder, through collectstatic too.
    swagger = get(f"{base}/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    assert swagger.status == 200

    cards = get(f"{base}/api/v1/cards/?q=govern", Accept="application/json")
    text = cards.read().decode()
    assert cards.status == 200, text
    assert "Govern the Unaligned" in text

    # One line per request from our middleware, and no gunicorn access log beside it.
    lines = log.read_text(errors="replace")
    assert "vtesdeck.request GET /api/v1/cards/ 200" in lines
    assert '"GET /api/v1/cards/?q=govern HTTP/1.1"' not in lines
