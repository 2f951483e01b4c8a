"""Shared fixtures: the official card list, imported once per test session; real Celery workers on the
test database, and the card list kept across transactional tests (see below)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.paths import PROJECT, TWDA
from vtesdeck.core import carddb


def pytest_configure(config) -> None:
    # Tests create users by the hundred, and Django's PBKDF2 costs about half a second a password on the
    # CI machine: a fast hasher (for test passwords only) takes minutes off the suite.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Card snapshots (cards.snapshot) of the test databases go to a folder of this session, for the commands
    # run in this process and for the `manage.py` processes tests start (they inherit the environment).
    folder = tempfile.mkdtemp(prefix="vtesdeck-test-snapshots-")
    settings.CARD_SNAPSHOT_DIR = os.environ["CARD_SNAPSHOT_DIR"] = folder
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    # Files the site writes (proxy PDFs, mirrored scans) go to a folder of this session too, for this process and
    # the workers and servers tests start: never into the project's own media folder.
    media = tempfile.mkdtemp(prefix="vtesdeck-test-media-")
    settings.MEDIA_ROOT = os.environ["MEDIA_ROOT"] = media
    config.add_cleanup(lambda: shutil.rmtree(media, ignore_errors=True))
    # Throttle counts in the test database (the default cache, vtesdeck.cache), for this process and the servers
    # tests start: never in a Redis that a developer's shell names for their own site (RedisCache.clear(), as
    # `fresh_throttles` calls it, empties that whole Redis database).
    if os.environ.pop("CACHE_URL", None):
        settings.CACHES = {"default": settings.DATABASE_CACHE}


@pytest.fixture
def fresh_throttles():
    """Throttles (and the job-start limits) count in the cache (a table of the test database): the test starts
    and ends with none counted, since user ids and the test client's address repeat between tests."""
    from django.core.cache import cache
    from django.db import OperationalError

    cache.clear()
    yield
    try:
        cache.clear()
    except OperationalError:  # a test that cut the database off (tests/api/test_error_shape.py), still patched
        pass  # its rows go with the test's transaction (or flush) anyway


@pytest.fixture
def unthrottled(settings):
    """The API's per-client rates off, for tests that count a view's own queries: each throttled request also
    reads and writes its client's count in the cache table (a few queries, the same for every view)."""
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "anon": None, "user": None},
    }


@pytest.fixture
def alice():
    """An account of Alice's, without a password (clients log in by ``force_login``: nothing to hash). Modules whose
    tests log in by the form declare their own, with one."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("alice")


@pytest.fixture
def veto_site_list(db):
    """The Veto example card list (invented cards, vtesdeck/core/veto/data/example.csv) imported for the site."""
    from tests.veto.samples import EXAMPLE_CSV
    from veto import services

    return services.import_list(EXAMPLE_CSV)


@pytest.fixture
def bob():
    """Bob's account, as Alice's: another user, who may read only what Alice shares."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("bob")


@pytest.fixture
def queue(idle_queue) -> str:
    """The queue a test's jobs wait in, where no worker reads them (``idle_queue``)."""
    return idle_queue


# The cards `mirror` lists: Anson's image is mirrored, The Rack's file is gone (its manifest entry stays).
MIRRORED, MIRROR_GONE = 200107, 101536


@pytest.fixture
def mirror(settings, tmp_path) -> bytes:
    """A mirror of card images (``cards.images``) whose manifest lists Anson (a 250 × 350 JPEG, its file present)
    and The Rack (its file gone): pages then show images. Returns Anson's image."""
    import hashlib
    import json

    from cards import images
    from tests.images import jpeg

    settings.MEDIA_ROOT = tmp_path
    folder = tmp_path / "cards"
    folder.mkdir()
    data = jpeg((250, 350))
    (folder / f"{MIRRORED}.jpg").write_bytes(data)
    entry = {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data), "fetched_at": "2026-01-01T00:00:00Z"}
    manifest = {
        str(MIRRORED): {**entry, "file": f"{MIRRORED}.jpg", "url": "https://example.org/ansong1.jpg"},
        str(MIRROR_GONE): {**entry, "file": f"{MIRROR_GONE}.jpg", "url": "https://example.org/rackthe.jpg"},
    }
    (folder / images.MANIFEST).write_text(json.dumps(manifest))
    return data


# Archive files imported by `archive_ids` (small, and in every copy of the archive; all dated after 2018-01-01,
# the default field of a games job).
TWDA_FILES = ("10009.txt", "10012.txt", "10022.txt")


@pytest.fixture
def quick_seating(monkeypatch) -> None:
    """An event's rounds seated at once: the optimiser tries a few thousand swaps, not the seconds' worth of
    its default budget. For tests of what comes after a seating (pages, API, services); seating's quality is
    tested on its own in tests/core/events, with the real budget."""
    from vtesdeck.core.events import seating

    monkeypatch.setattr(seating, "default_budget", lambda players, new_rounds: 2_000)


@pytest.fixture
def archive_ids(db, tmp_path) -> list[str]:
    """A few tournament decks imported from the archive (none when it is absent): their ids."""
    if not TWDA.is_dir():
        return []
    from twda import services

    folder = tmp_path / "twda"
    folder.mkdir()
    for name in TWDA_FILES:
        if (TWDA / name).is_file():
            shutil.copy(TWDA / name, folder / name)
    services.import_archive(str(folder))
    return [name.removesuffix(".txt") for name in TWDA_FILES if (folder / name).is_file()]


@pytest.fixture(scope="session")
def bundled_files() -> dict[str, bytes]:
    """The raw VEKN files from the krcg wheel (read once; tests copy and damage them freely)."""
    return carddb.read_bundled()


@pytest.fixture(scope="session")
def cards(bundled_files) -> carddb.CardIndex:
    """The core index of the bundled card list, with no database involved."""
    return carddb.CardIndex(carddb.parse(bundled_files).cards)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database holds the whole official card list, as after `make setup`."""
    with django_db_blocker.unblock():
        call_command("import_cards", verbosity=0)


# --- a real Celery worker, and the card list across transactional tests -------------------------------
#
# Worker tests run the simulation jobs as production does: a `celery -A vtesdeck worker` subprocess on the
# configured broker (the filesystem one by default, Redis when CELERY_BROKER_URL says so, as in CI), reading
# and writing the test database. So the test database must be one another process can open (a file, not
# SQLite's in-memory default) and the tests committing what the worker must see (transactional tests).

WORKER_FIXTURES = {"simulation_worker", "start_worker", "file_database"}
WORKER_READY_SECONDS = 90
# The simulation queues of a test run, by their suffix: the main one, the quick one, the long one.
LANES = ("", "-quick", "-long")
_card_rows: dict[type, list] = {}


def _needs_worker_database(session) -> bool:
    return any(WORKER_FIXTURES & set(getattr(item, "fixturenames", ())) for item in session.items)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, request, tmp_path_factory):
    """A file for the SQLite test database when a worker process must open it; in memory otherwise (faster
    for the rest of the suite). A fresh folder per session: helpers' runs never share a file."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3" and _needs_worker_database(request.session):
        test = database.setdefault("TEST", {})
        if not test.get("NAME"):
            test["NAME"] = str(tmp_path_factory.mktemp("database") / "test.sqlite3")


def ensure_cards() -> None:
    """The card list in the database: kept the first time, put back when a transactional test's flush
    emptied it (the same as tests/browser/conftest.py does for the browser tests)."""
    from django.apps import apps
    from django.core.management.color import no_style
    from django.db import connection, transaction

    from cards import index
    from cards.models import Card

    models = list(apps.get_app_config("cards").get_models())
    if Card.objects.exists():
        if not _card_rows:
            _card_rows.update({model: list(model.objects.all()) for model in models})
        return
    if _card_rows:
        with transaction.atomic():  # foreign keys (Card.base) are checked at commit
            for model in models:
                model.objects.bulk_create(_card_rows.get(model, []), batch_size=2000)
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), models):
                cursor.execute(sql)
    else:
        call_command("import_cards", verbosity=0)
    index.reset()


@pytest.fixture(scope="session")
def _cards_back_at_the_end(django_db_blocker):
    with django_db_blocker.unblock():
        ensure_cards()  # keeps the rows in memory before the first transactional test's flush
    yield
    with django_db_blocker.unblock():
        ensure_cards()


@pytest.fixture
def cards_kept(transactional_db, _cards_back_at_the_end) -> None:
    """For transactional tests that read cards through this process's ``CardIndex`` (built once, and kept
    across flushes) rather than the table: the rows are put back only when the index must be rebuilt, and
    at the end of the session for the tests that run later. (Workers of hands jobs never read the card list:
    a hands job carries its compiled plan. Workers of games jobs read it, once per process, from the table:
    their tests ask for ``cards_in_database``.)"""
    from cards import index

    if index.get.cache_info().currsize == 0:
        ensure_cards()
    index.get()


@pytest.fixture
def cards_in_database(transactional_db, _cards_back_at_the_end) -> None:
    """For transactional tests that read the card table itself: the rows put back after earlier flushes."""
    ensure_cards()


@pytest.fixture
def file_database(cards_kept) -> None:
    """For transactional tests whose threads or subprocesses open the test database with their own
    connections: a file (on SQLite), with the card list."""
    from django.db import connection

    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite" and (name == ":memory:" or "mode=memory" in name):
        pytest.fail("the SQLite test database is in memory; see django_db_modify_db_settings")


class Worker:
    """One `celery worker` process (prefork, one child) in its own process group, logging to a file."""

    def __init__(self, name: str, queue: str, log: Path, process) -> None:
        self.name, self.queue, self.log, self.process = name, queue, log, process

    @property
    def hostname_prefix(self) -> str:
        return f"{self.name}@"

    def output(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the whole worker, parent and child: no cleanup, no acknowledgement, as a crash would."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """Ask it to shut down, and kill it after a second: a worker takes several seconds to shut down
        gracefully, which the tests do not need (they stop workers once their jobs are over)."""
        if not self.alive():
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.kill()


def _broker_problem() -> str | None:
    from vtesdeck.celery import app

    try:
        with app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=1, timeout=3)
    except Exception as exc:  # any transport error: no broker to run a worker on
        return f"{app.conf.broker_url.split('://', 1)[0]} broker unreachable ({exc})"
    return None


def _worker_database_url() -> str:
    from urllib.parse import quote

    from django.db import connection

    settings_dict = connection.settings_dict
    name = str(settings_dict["NAME"])
    if connection.vendor == "sqlite":
        if name == ":memory:" or "mode=memory" in name:
            pytest.fail("the SQLite test database is in memory: a worker process cannot open it (see conftest)")
        return f"sqlite:///{Path(name).resolve()}"
    if connection.vendor == "postgresql":
        user = quote(settings_dict.get("USER") or "", safe="")
        password = quote(settings_dict.get("PASSWORD") or "", safe="")
        credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
        host = settings_dict.get("HOST") or "localhost"
        port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
        return f"postgres://{credentials}{host}{port}/{quote(name, safe='')}"
    pytest.skip(f"WORKER TESTS SKIPPED: no worker database URL for {connection.vendor}")


def forget_queue(queue: str) -> None:
    """Empty a test queue and drop its binding from the broker (Redis keys, the filesystem broker's exchange
    file), so that test runs leave nothing behind."""
    from kombu import Exchange, Queue

    from vtesdeck.celery import app

    try:
        with app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=1, timeout=3)
            bound = Queue(queue, Exchange(queue), routing_key=queue)(connection.default_channel)
            bound.declare()
            bound.purge()
            bound.delete()
        control = app.conf.broker_transport_options.get("control_folder")
        if control and app.conf.broker_url.startswith("filesystem"):
            (Path(control) / f"{queue}.exchange").unlink(missing_ok=True)
    except Exception:  # best effort: a broker a test took down, or gone
        pass


@pytest.fixture
def idle_queue(settings) -> str:
    """Jobs queued where no worker reads them (what a test queued stays there for it to count), dropped
    afterwards."""
    settings.SIMULATION_QUEUE = name = f"vtesdeck-test-idle-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    yield name
    for lane in LANES:  # small jobs' chunks (services.quick_queue), long ones' (services.long_queue)
        forget_queue(f"{name}{lane}")


@pytest.fixture
def broker_down(monkeypatch) -> None:
    """A broker that is down: nothing listens on port 9, so publishing fails at once. The write URL derives from
    broker_url, so it is patched first, while it still reads the real one that the undo must restore; the
    transport the settings name for filesystem:// (vtesdeck.broker) would override the URL's, so it goes too."""
    from vtesdeck.celery import app

    monkeypatch.setattr(app.conf, "broker_write_url", "redis://127.0.0.1:9/0")
    monkeypatch.setattr(app.conf, "broker_url", "redis://127.0.0.1:9/0")
    monkeypatch.setitem(app.conf, "broker_transport", None)  # a plain key (the URLs are properties)


@pytest.fixture(scope="session")
def _gate_folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("gate")


class Gate:
    """The gate every worker of the session stops its chunks at halfway while it is closed
    (``SIMULATION_TEST_GATE``; see simulations.tasks.wait_at_test_gate): with it a test acts while a chunk is
    provably under way, instead of racing the machine to catch one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def close(self) -> None:
        (self.folder / "closed").touch()

    def open(self) -> None:
        (self.folder / "closed").unlink(missing_ok=True)

    def held(self) -> dict[str, str]:
        """The chunks waiting at the gate now (``<job id>-<index>``) and their workers' names."""
        found = {}
        for path in self.folder.glob("*.held"):
            try:
                found[path.stem] = path.read_text()
            except FileNotFoundError:  # it just went through
                pass
        return found

    def wait_until(self, done, what: str, seconds: float = WORKER_READY_SECONDS) -> dict[str, str]:
        """Wait until ``done(held)``; the deadline only stops a test that would otherwise hang."""
        deadline = time.monotonic() + seconds
        while not done(held := self.held()):
            if time.monotonic() > deadline:
                pytest.fail(f"no {what} after {seconds} s (held: {held})")
            time.sleep(0.1)
        return held


@pytest.fixture
def gate(_gate_folder) -> Gate:
    """The workers' gate, closed for this test and opened again after it."""
    gate = Gate(_gate_folder)
    gate.close()
    yield gate
    gate.open()
    for held in _gate_folder.glob("*.held"):  # left by a worker the test killed
        held.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def start_worker(django_db_setup, django_db_blocker, tmp_path_factory, _gate_folder):
    """``start_worker(name, queue=…, env={…}, lanes=…)``: a started Celery worker on the test database, ready to
    take tasks from ``queue`` (a name unique to this test run, so that no other worker, `make run`'s or another
    run's, takes its tasks) and from its quick and long queues (``queue`` + each of ``lanes``: all three unless a
    test asks for fewer, as a deployment's workers split them). Every worker is stopped at the end of the
    session; tests may kill or stop theirs earlier. Skips (loudly) only when the broker cannot be reached; a
    worker that crashes fails the test."""
    problem = _broker_problem()
    with django_db_blocker.unblock():
        database_url = _worker_database_url()
    started: list[Worker] = []
    queues: set[str] = set()
    logs = tmp_path_factory.mktemp("workers")

    def start(
        name: str, *, queue: str | None = None, env: dict[str, str] | None = None, lanes: tuple[str, ...] = LANES
    ) -> Worker:
        if problem:
            pytest.skip(f"WORKER TESTS SKIPPED: {problem}")
        queue = queue or f"vtesdeck-test-{os.getpid()}"
        log = logs / f"{name}.log"
        environment = {
            **os.environ,
            "DATABASE_URL": database_url,
            "SIMULATION_QUEUE": queue,
            "SIMULATION_QUICK_QUEUE": "",  # small jobs' chunks go to f"{queue}-quick", which it consumes too
            "SIMULATION_LONG_QUEUE": "",  # and planner jobs' to f"{queue}-long"
            "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
            "PYTHONUNBUFFERED": "1",
            "SIMULATION_TEST_GATE": str(_gate_folder),  # inert until a test closes it (the `gate` fixture)
            **(env or {}),
        }
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "vtesdeck",
            "worker",
            "--pool=prefork",
            "--concurrency=1",
            "--loglevel=INFO",
            "-n",
            f"{name}@%h",
            "-Q",
            ",".join(f"{queue}{lane}" for lane in lanes),
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        with log.open("wb") as output:
            process = subprocess.Popen(
                command, cwd=PROJECT, env=environment, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        worker = Worker(name, queue, log, process)
        started.append(worker)
        queues.add(queue)
        deadline = time.monotonic() + WORKER_READY_SECONDS
        while " ready." not in worker.output(400):
            if not worker.alive():
                pytest.fail(f"the Celery worker {name} exited ({process.returncode}):\n{worker.output()}")
            if time.monotonic() > deadline:
                worker.stop()
                pytest.fail(f"the Celery worker {name} was not ready in {WORKER_READY_SECONDS} s:\n{worker.output()}")
            time.sleep(0.2)
        return worker

    yield start
    for worker in started:
        worker.stop()
    for queue in queues:
        for lane in LANES:
            forget_queue(f"{queue}{lane}")


def play_chunk(simulation, chunk: int) -> bool:
    """Chunk ``chunk`` of a stored job played in this process as a worker plays it (its kind's own ``run_chunk``)
    and stored as a worker stores it: whether it was stored (False: a copy of a chunk already in)."""
    from simulations import kinds, services

    kind = kinds.of(simulation)
    units = kind.chunk_sizes(simulation.units, kind.chunk_size_of(simulation))[chunk]
    services.begin_chunk(simulation.id, chunk)
    tally = kind.run_chunk(simulation, chunk, units, lambda done: None)
    return services.store_chunk(simulation.id, chunk, units, tally, worker="test@here", seconds=0.01)


def play_job(simulation):
    """Every chunk of a stored job played here (``play_chunk``), in order: the job, read again, is done."""
    from simulations import kinds

    kind = kinds.of(simulation)
    for chunk in range(len(kind.chunk_sizes(simulation.units, kind.chunk_size_of(simulation)))):
        play_chunk(simulation, chunk)
    simulation.refresh_from_db()
    assert simulation.status == "done", simulation.error
    return simulation


@pytest.fixture(scope="session")
def _shared_worker(start_worker, django_db_blocker) -> Worker:
    # A worker reads the card list once, when it starts (games chunks need it): never from a table a transactional
    # test's flush just emptied (the card fixtures of the test asking for this worker come after it).
    with django_db_blocker.unblock():
        ensure_cards()
    return start_worker("sim-test-a")


@pytest.fixture
def simulation_worker(_shared_worker, cards_kept, settings) -> Worker:
    """One worker shared by the session's worker tests, with jobs queued for it (transactional tests)."""
    if not _shared_worker.alive():
        pytest.fail(f"the shared Celery worker died:\n{_shared_worker.output()}")
    settings.SIMULATION_QUEUE = _shared_worker.queue
    return _shared_worker
