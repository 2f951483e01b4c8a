"""Break the database, the broker and a worker under a running site, and check that it behaves.

    .venv/bin/python bench/faults.py [--scenario database|broker|worker|all] [--down-seconds 10]
                                     [--hands 24000000] [--chunk-size 1500000] [--keep]

Everything runs on 127.0.0.1 and is the script's own: a private PostgreSQL cluster (``pg_createcluster``
``vtesdeck_faults`` on port 54329, trust authentication, dropped at the end), a private Redis on port
63790 with its append-only file on (queued jobs must survive a restart of the broker), gunicorn
(``gunicorn.conf.py`` when the project has one) and Celery workers, all started with the same settings
and stopped afterwards, on a failure or Ctrl-C too. The machine's own PostgreSQL, Redis and RabbitMQ
are never touched.

* **database**: client threads search cards (API and page), poll ``/healthz?worker=0``, open a
  logged-in page and edit decks (``PATCH /api/v1/decks/<id>/`` with ``version``) while PostgreSQL is
  stopped for ``--down-seconds`` and started again. While it is down every answer is a quick 503 (JSON
  with ``detail`` under /api/), ``/healthz`` says the database is down; once it is back, requests succeed
  again without restarting gunicorn; every acknowledged edit is in the database, versions count the edits
  exactly, and an edit answered 5xx was either not stored at all or stored whole.
* **broker**: a job queued with no worker running; Redis killed (``SIGKILL``: a crash); a new job is
  refused with a quick 503 and a sentence, and stored as failed saying why; ``/healthz`` says the broker
  is down; Redis started again on the same folder; a worker started; the queued job ends ``done``.
* **worker**: a long job over two workers; once it has progressed, one worker's whole process group is
  killed (``SIGKILL``) and a replacement started; the job must end ``done`` (its lost chunk is sent again
  once the job has been silent for ``SIMULATION_STALE_SECONDS``, 5 here), or ``failed`` with a reason.

Each check prints PASS or FAIL with its figures; the exit status is 1 when any check failed. A scenario
whose servers cannot be had (no ``pg_createcluster``, no ``redis-server``) is SKIPPED, loudly.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))  # our `cards` app before the krcg wheel's `cards` package

import requests  # noqa: E402  (after the path fix, like every bench)

PG_CLUSTER = "vtesdeck_faults"
PG_PORT = 54329
REDIS_PORT = 63790
RATE = "1000000/minute"  # throttles out of the way: the faults are the subject here
READY_SECONDS = 90
TIMEOUT = (3.05, 30)  # connect, read: gunicorn kills a worker silent this long, so a longer wait is a hang
FAST_FAIL_P99 = 1.0  # seconds: refusals while the database is down must be quick
RECOVERY_SECONDS = 1.0  # requests sent this long after PostgreSQL is back must all succeed
STALE_SECONDS = 5
WORDS = [
    "ghoul",
    "blood",
    "govern",
    "dominate",
    "tupdog",
    "anarch",
    "prince",
    "deflection",
    "ally",
    "vessel",
    "bum",
    "conditioning",
    "archon",
    "baron",
    "torn signpost",
    "villein",
    "zip",
    "bowl",
    "kindred",
    "the rack",
]


# --- the transcript ---------------------------------------------------------------------------------


class Transcript:
    """Prints each step and check with the time since the run began, and keeps the verdicts."""

    def __init__(self) -> None:
        self.began = time.monotonic()
        self.verdicts: dict[str, list[bool]] = {}
        self.skipped: dict[str, str] = {}
        self.scenario = "setup"

    def say(self, text: str) -> None:
        print(f"[{time.monotonic() - self.began:7.1f}s] {text}", flush=True)

    def check(self, ok: bool, text: str) -> bool:
        self.verdicts.setdefault(self.scenario, []).append(bool(ok))
        self.say(f"{'PASS' if ok else 'FAIL'}  {text}")
        return bool(ok)

    def skip(self, scenario: str, why: str) -> None:
        self.skipped[scenario] = why
        self.say(f"SKIPPED  scenario {scenario}: {why}")

    @property
    def failed(self) -> bool:
        return any(not ok for oks in self.verdicts.values() for ok in oks)


T = Transcript()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


# --- private servers --------------------------------------------------------------------------------


def run(command: list[str], *, env: dict[str, str] | None = None, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, text=True)
    if check and result.returncode:
        raise RuntimeError(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result


def port_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(condition: Callable[[], bool], seconds: float, what: str, interval: float = 0.1) -> float:
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > seconds:
            raise RuntimeError(f"{what}: not within {seconds:g} s")
        time.sleep(interval)
    return time.monotonic() - started


def tail(path: Path, lines: int = 25) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


class PrivatePostgres:
    """A cluster of our own through Debian's postgresql-common tools, in the run's folder."""

    def __init__(self, folder: Path) -> None:
        versions = (
            sorted(Path("/etc/postgresql").iterdir(), key=lambda p: int(p.name))
            if Path("/etc/postgresql").is_dir()
            else []
        )
        if not versions or not all(
            shutil.which(tool) for tool in ("pg_createcluster", "pg_ctlcluster", "pg_dropcluster")
        ):
            raise LookupError("PostgreSQL's cluster tools (pg_createcluster, pg_ctlcluster) are not installed")
        self.version = versions[-1].name
        self.folder = folder / "pg"
        self.created = False
        self.url = f"postgres://postgres@127.0.0.1:{PG_PORT}/vtesdeck"

    def create(self) -> None:
        if run(["pg_lsclusters", "-h"], check=False).stdout.count(f" {PG_CLUSTER} "):
            # Left over by an interrupted run of this script: it is ours to drop.
            run(["pg_dropcluster", "--stop", self.version, PG_CLUSTER], check=False)
        if port_answers(PG_PORT):
            raise RuntimeError(f"something else listens on 127.0.0.1:{PG_PORT}; not touching it")
        self.folder.parent.chmod(0o755)  # the postgres user must reach its data folder
        run(
            [
                "pg_createcluster",
                self.version,
                PG_CLUSTER,
                "-p",
                str(PG_PORT),
                "-d",
                str(self.folder),
                "--",
                "--auth=trust",
            ]
        )
        self.created = True
        self.start()
        run(["psql", "-h", "127.0.0.1", "-p", str(PG_PORT), "-U", "postgres", "-qc", "CREATE DATABASE vtesdeck"])

    def start(self) -> None:
        run(["pg_ctlcluster", self.version, PG_CLUSTER, "start"])

    def stop(self) -> None:
        run(["pg_ctlcluster", self.version, PG_CLUSTER, "stop"])

    def drop(self) -> None:
        if self.created:
            run(["pg_dropcluster", "--stop", self.version, PG_CLUSTER], check=False)
            self.created = False


class PrivateRedis:
    def __init__(self, folder: Path) -> None:
        if not shutil.which("redis-server"):
            raise LookupError("redis-server is not installed")
        self.folder = folder / "redis"
        self.folder.mkdir()
        self.process: subprocess.Popen | None = None
        self.url = f"redis://127.0.0.1:{REDIS_PORT}/0"

    def start(self) -> float:
        if port_answers(REDIS_PORT):
            raise RuntimeError(f"something else listens on 127.0.0.1:{REDIS_PORT}; not touching it")
        command = [
            "redis-server",
            "--port",
            str(REDIS_PORT),
            "--bind",
            "127.0.0.1",
            "--appendonly",
            "yes",
            "--dir",
            str(self.folder),
            "--save",
            "",
            "--logfile",
            str(self.folder / "redis.log"),
        ]
        self.process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL)
        return wait_for(lambda: self.cli("PING") == "PONG", 20, "Redis to answer")

    def cli(self, *args: str) -> str:
        return run(["redis-cli", "-p", str(REDIS_PORT), *args], check=False).stdout.strip()

    def kill(self) -> None:
        """A crash: no shutdown, no final save; what was not in the append-only file is lost."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Processes:
    """Processes started here, each in its own process group, so that stopping one stops its children."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.running: dict[str, tuple[subprocess.Popen, Path]] = {}
        self.started: list[str] = []

    def start(self, name: str, command: list[str], env: dict[str, str]) -> subprocess.Popen:
        log = self.folder / f"{name}.log"
        with log.open("ab") as output:
            process = subprocess.Popen(
                command, cwd=PROJECT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.running[name] = (process, log)
        self.started.append(name)
        return process

    def log(self, name: str) -> Path:
        return self.folder / f"{name}.log"

    def kill(self, name: str) -> None:
        process, _log = self.running.pop(name)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)

    def stop(self, name: str) -> None:
        process, _log = self.running.pop(name)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=15)

    def stop_all(self) -> None:
        for name in list(self.running):
            self.stop(name)


class Site:
    """gunicorn and Celery workers sharing one environment."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.env = env
        self.processes = Processes(folder)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.gunicorn_pid = 0

    def start_web(self) -> float:
        started = time.monotonic()
        try:  # the load bench's plumbing: gunicorn.conf.py when the project has one
            from _servers import Gunicorn

            command = Gunicorn(log=self.processes.log("gunicorn"), port=self.port).command()
        except ImportError:
            command = [sys.executable, "-m", "gunicorn", "vtesdeck.wsgi", "-w", "3", "-b", f"127.0.0.1:{self.port}"]
        process = self.processes.start("gunicorn", command, self.env)
        self.gunicorn_pid = process.pid

        def answers() -> bool:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{tail(self.processes.log('gunicorn'))}")
            try:
                return requests.get(f"{self.base}/healthz?worker=0", timeout=2).status_code == 200
            except requests.RequestException:
                return False

        wait_for(answers, READY_SECONDS, "gunicorn to answer /healthz", interval=0.2)
        return time.monotonic() - started

    def web_workers(self) -> int:
        children = Path(f"/proc/{self.gunicorn_pid}/task/{self.gunicorn_pid}/children")
        return len(children.read_text().split()) if children.exists() else 0

    def web_alive(self) -> bool:
        process = self.processes.running.get("gunicorn", (None, None))[0]
        return process is not None and process.poll() is None

    def start_worker(self, name: str) -> float:
        started = time.monotonic()
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "vtesdeck",
            "worker",
            "--concurrency",
            "1",
            "--loglevel",
            "INFO",
            "-n",
            f"{name}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        process = self.processes.start(name, command, self.env)
        log = self.processes.log(name)

        def ready() -> bool:
            if process.poll() is not None:
                raise RuntimeError(f"worker {name} exited:\n{tail(log)}")
            return " ready." in log.read_text(errors="replace")

        wait_for(ready, READY_SECONDS, f"worker {name} to be ready")
        return time.monotonic() - started


# --- an HTTP client that records everything ---------------------------------------------------------


@dataclass
class Hit:
    kind: str
    start: float
    end: float
    status: int | None  # None: no answer (timeout, refused)
    error: str = ""
    json_detail: bool = False  # a JSON body with a `detail` sentence
    html: bool = False
    body: dict | None = None

    @property
    def seconds(self) -> float:
        return self.end - self.start


class Client:
    def __init__(self, base: str, auth: dict[str, str] | None = None) -> None:
        self.base = base
        self.http = requests.Session()
        if auth:
            self.http.headers.update(auth)

    def call(self, kind: str, method: str, path: str, **kwargs) -> Hit:
        start = time.monotonic()
        try:
            response = self.http.request(method, self.base + path, timeout=TIMEOUT, **kwargs)
        except requests.RequestException as exc:
            return Hit(kind, start, time.monotonic(), None, error=type(exc).__name__)
        end = time.monotonic()
        body = None
        if response.headers.get("Content-Type", "").startswith("application/json"):
            try:
                body = response.json()
            except ValueError:
                body = None
        hit = Hit(kind, start, end, response.status_code, body=body if isinstance(body, dict) else None)
        hit.json_detail = isinstance(body, dict) and isinstance(body.get("detail"), str) and bool(body["detail"])
        hit.html = response.headers.get("Content-Type", "").startswith("text/html")
        return hit


# --- setup shared by the scenarios ------------------------------------------------------------------


@dataclass
class Account:
    username: str
    password: str
    auth: dict[str, str] = field(default_factory=dict)
    how: str = ""


def make_account(site: Site) -> Account:
    account = Account("faults", "faults-" + "".join(random.choices("abcdefghjkmnpqrstuvwxyz23456789", k=16)))
    script = (
        "from django.contrib.auth import get_user_model; U = get_user_model(); "
        f"U.objects.filter(username={account.username!r}).delete(); "
        f"U.objects.create_user({account.username!r}, password={account.password!r})"
    )
    run([sys.executable, "manage.py", "shell", "-c", script], env=site.env)
    # A token costs one database read per request; HTTP Basic a password hash on every request as well.
    answer = requests.post(
        f"{site.base}/api/v1/token/", json={"username": account.username, "password": account.password}, timeout=30
    )
    token = answer.json().get("token") if answer.status_code in (200, 201) else None
    if token:
        account.auth, account.how = {"Authorization": f"Token {token}"}, "an API token (POST /api/v1/token/)"
    else:
        import base64

        pair = base64.b64encode(f"{account.username}:{account.password}".encode()).decode()
        account.auth, account.how = {"Authorization": f"Basic {pair}"}, "HTTP Basic"
    return account


def card_ids() -> tuple[list[int], list[int]]:
    from cards.models import Card

    crypt = list(Card.objects.filter(kind="crypt").order_by("id").values_list("id", flat=True)[:24])
    library = list(Card.objects.filter(kind="library").order_by("id").values_list("id", flat=True)[:60])
    return crypt, library


def create_deck(site: Site, account: Account, name: str, crypt: dict[int, int], library: dict[int, int]) -> dict:
    answer = requests.post(
        f"{site.base}/api/v1/decks/",
        headers=account.auth,
        json={
            "name": name,
            "visibility": "private",
            "crypt": [{"id": i, "count": n} for i, n in crypt.items()],
            "library": [{"id": i, "count": n} for i, n in library.items()],
        },
        timeout=30,
    )
    if answer.status_code != 201:
        raise RuntimeError(f"creating a deck: {answer.status_code} {answer.text[:300]}")
    return answer.json()


# --- scenario: database -----------------------------------------------------------------------------


@dataclass
class DeckState:
    name: str
    crypt: dict[int, int]
    library: dict[int, int]
    version: int


class DeckEditor(threading.Thread):
    """Edits one deck of its own, in a loop: alternately its name alone (one version) and its name with all
    its cards (two versions: details, then cards, in one transaction). An edit answered 5xx is sent again,
    unchanged, until it gets an answer: a 200 proves the earlier tries stored nothing (the version had not
    moved); a 409 means one of them was stored after all, and the deck read back must then hold that edit
    whole, never a part of it."""

    def __init__(
        self,
        client: Client,
        deck: dict,
        number: int,
        ids: tuple[list[int], list[int]],
        hits: list,
        stop: threading.Event,
        lock: threading.Lock,
    ) -> None:
        super().__init__(daemon=True, name=f"editor-{number}")
        self.client, self.number, self.ids, self.hits, self.halt, self.lock = client, number, ids, hits, stop, lock
        self.deck_id = deck["id"]
        self.state = DeckState(
            deck["name"],
            {c["id"]: c["count"] for c in deck["crypt"]},
            {c["id"]: c["count"] for c in deck["library"]},
            deck["version"],
        )
        self.acknowledged = 0  # edits answered 2xx
        self.stored_after_5xx = 0  # edits answered 5xx, found stored whole when sent again
        self.refused_5xx = 0  # 5xx answers to edits
        self.retried_ok = 0  # edits that got a 5xx, then a 200 when sent again
        self.problems: list[str] = []

    def edit(self, n: int) -> tuple[dict, DeckState]:
        crypt_ids, library_ids = self.ids
        name = f"faults deck {self.number} edit {n}"
        body: dict = {"name": name}
        new = DeckState(name, self.state.crypt, self.state.library, self.state.version + 1)
        if n % 2:
            crypt = {crypt_ids[(n + i) % len(crypt_ids)]: 1 + (n + i) % 3 for i in range(8)}
            library = {library_ids[(3 * n + i) % len(library_ids)]: 1 + (n * i) % 4 for i in range(20)}
            body["crypt"] = [{"id": i, "count": c} for i, c in crypt.items()]
            body["library"] = [{"id": i, "count": c} for i, c in library.items()]
            new = DeckState(name, crypt, library, self.state.version + 2)
        return body, new

    def read(self) -> dict | None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            hit = self.client.call("deck-read", "GET", f"/api/v1/decks/{self.deck_id}/")
            if hit.status == 200 and hit.body:
                return hit.body
            time.sleep(0.2)
        return None

    def run(self) -> None:
        n = 0
        while not self.halt.is_set():
            n += 1
            body, new = self.edit(n)
            failures = 0
            give_up = time.monotonic() + 90
            while time.monotonic() < give_up:
                hit = self.client.call(
                    "deck-edit", "PATCH", f"/api/v1/decks/{self.deck_id}/", json={**body, "version": self.state.version}
                )
                with self.lock:
                    self.hits.append(hit)
                if hit.status == 200 and hit.body:
                    if hit.body.get("version") != new.version or hit.body.get("name") != new.name:
                        self.problems.append(
                            f"edit {n}: answered version {hit.body.get('version')}, expected {new.version}"
                        )
                    self.state = new
                    self.acknowledged += 1
                    self.retried_ok += failures > 0
                    break
                if hit.status == 409 and failures:
                    stored = self.read()
                    whole = stored is not None and (
                        stored["name"] == new.name
                        and stored["version"] == new.version
                        and {c["id"]: c["count"] for c in stored["crypt"]} == new.crypt
                        and {c["id"]: c["count"] for c in stored["library"]} == new.library
                    )
                    if not whole:
                        self.problems.append(f"edit {n}: answered 5xx, then found partly stored: {str(stored)[:300]}")
                        return
                    self.state = new
                    self.stored_after_5xx += 1
                    break
                if hit.status is None or hit.status >= 500 or hit.status == 429:
                    # No answer or a refusal: the edit's fate is unknown until it is sent again.
                    failures += 1
                    self.refused_5xx += hit.status >= 500
                    time.sleep(0.05)
                    continue
                self.problems.append(f"edit {n}: unexpected answer {hit.status} {hit.error} {str(hit.body)[:200]}")
                return
            else:
                self.problems.append(f"edit {n}: no definite answer in 90 s")
                return
            time.sleep(0.02)


def traffic_loop(
    client: Client,
    kind: str,
    request: Callable[[], tuple[str, str]],
    hits: list,
    stop: threading.Event,
    lock: threading.Lock,
    pause: float,
) -> None:
    while not stop.is_set():
        method, path = request()
        hit = client.call(kind, method, path)
        with lock:
            hits.append(hit)
        time.sleep(pause)


def session_client(site: Site, account: Account) -> Client:
    client = Client(site.base)
    client.http.get(f"{site.base}/accounts/login/", timeout=30)
    token = client.http.cookies.get("csrftoken", "")
    answer = client.http.post(
        f"{site.base}/accounts/login/",
        data={"username": account.username, "password": account.password, "csrfmiddlewaretoken": token},
        headers={"Referer": f"{site.base}/accounts/login/"},
        timeout=30,
        allow_redirects=False,
    )
    if answer.status_code != 302 or "sessionid" not in client.http.cookies:
        raise RuntimeError(f"logging in through the page: {answer.status_code}")
    return client


def scenario_database(site: Site, pg: PrivatePostgres, account: Account, args) -> None:
    from decks.models import Deck, DeckCard

    ids = card_ids()
    rng = random.Random(7)
    hits: list[Hit] = []
    lock = threading.Lock()
    stop = threading.Event()
    editors = []
    for number in (1, 2):
        deck = create_deck(site, account, f"faults deck {number}", {ids[0][number]: 4}, {ids[1][number]: 10})
        editors.append(DeckEditor(Client(site.base, account.auth), deck, number, ids, hits, stop, lock))
    browser = session_client(site, account)
    from django.db import connections

    connections.close_all()  # this process's own connection would not outlive the outage either
    T.say(
        f"client: user {account.username!r} through {account.how}; a session for the page; decks "
        f"{', '.join(e.deck_id for e in editors)}"
    )
    threads = [
        threading.Thread(
            target=traffic_loop,
            daemon=True,
            args=(
                Client(site.base),
                "search-api",
                lambda: ("GET", f"/api/v1/cards/?q={rng.choice(WORDS)}&page_size=20"),
                hits,
                stop,
                lock,
                0.05,
            ),
        ),
        threading.Thread(
            target=traffic_loop,
            daemon=True,
            args=(
                Client(site.base, account.auth),
                "search-api-token",
                lambda: ("GET", f"/api/v1/cards/?q={rng.choice(WORDS)}&page_size=20"),
                hits,
                stop,
                lock,
                0.05,
            ),
        ),
        threading.Thread(
            target=traffic_loop,
            daemon=True,
            args=(
                Client(site.base),
                "search-page",
                lambda: ("GET", f"/cards/?q={rng.choice(WORDS)}"),
                hits,
                stop,
                lock,
                0.1,
            ),
        ),
        threading.Thread(
            target=traffic_loop,
            daemon=True,
            args=(browser, "my-decks-page", lambda: ("GET", "/decks/mine/"), hits, stop, lock, 0.1),
        ),
        threading.Thread(
            target=traffic_loop,
            daemon=True,
            args=(Client(site.base), "healthz", lambda: ("GET", "/healthz?worker=0"), hits, stop, lock, 0.2),
        ),
        *editors,
    ]
    kinds = ["search-api", "search-api-token", "search-page", "my-decks-page", "healthz", "deck-edit"]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    # The outage begins once every kind of request has succeeded at least once (4 s at the least).
    ready_by = time.monotonic() + 30
    while time.monotonic() < ready_by:
        with lock:
            seen = {h.kind for h in hits if h.status is not None and h.status < 400}
        if set(kinds) <= seen and time.monotonic() - began >= 4:
            break
        time.sleep(0.2)
    down_begin = time.monotonic()
    pg.stop()
    down = time.monotonic()
    T.say(
        f"PostgreSQL stopped (pg_ctlcluster {pg.version} {PG_CLUSTER} stop: {ms(down - down_begin)}); "
        f"down for {args.down_seconds:g} s"
    )
    time.sleep(args.down_seconds)
    up_begin = time.monotonic()
    pg.start()
    up = time.monotonic()
    T.say(f"PostgreSQL started ({ms(up - up_begin)})")
    # Run until every kind of request has succeeded again, and for a few seconds once they all should have.
    deadline = up + 30
    while time.monotonic() < deadline:
        with lock:
            back = {h.kind for h in hits if h.start >= up and h.status is not None and h.status < 400}
        if set(kinds) <= back:
            break
        time.sleep(0.2)
    time.sleep(max(0.0, up + RECOVERY_SECONDS + 5 - time.monotonic()))
    stop.set()
    for thread in threads:
        thread.join(timeout=100)
    T.say(f"traffic stopped after {time.monotonic() - began:.1f} s: {len(hits)} requests")

    with lock:
        hits = list(hits)
    server_errors = [h for h in hits if h.status is not None and h.status >= 500 and h.status != 503]
    no_answer = [h for h in hits if h.status is None]
    T.check(
        not server_errors,
        f"no 5xx other than 503 in {len(hits)} requests"
        + (f": {[(h.kind, h.status) for h in server_errors[:5]]}" if server_errors else ""),
    )
    T.check(
        not no_answer,
        f"every request answered within the client's {TIMEOUT[1]} s (no hang, no refused connection)"
        + (f": {[(h.kind, h.error, round(h.seconds, 1)) for h in no_answer[:5]]}" if no_answer else ""),
    )

    before = [h for h in hits if h.end < down_begin]
    bad_before = [h for h in before if h.status is None or h.status >= 400]
    T.check(
        before and not bad_before and {h.kind for h in before} == set(kinds),
        f"before the outage: {len(before)} requests of every kind, {len(before) - len(bad_before)} succeeded",
    )

    during = [h for h in hits if h.start >= down and h.end <= up_begin]
    unavailable = [h for h in during if h.status == 503]
    # Card searches through the API may still succeed: each web worker answers them from its in-memory
    # snapshot of the card list (cards.matching), with no query, once it has been built. Everything else
    # (pages, deck edits, /healthz) needs the database and must answer 503.
    from_memory = [
        h
        for h in during
        if h.kind in ("search-api", "search-api-token") and h.status is not None and 200 <= h.status < 300
    ]
    T.check(
        during and len(unavailable) + len(from_memory) == len(during),
        f"while down: {len(during)} requests, {len(unavailable)} answered 503, {len(from_memory)} card searches "
        f"answered from the web workers' in-memory card list "
        f"({', '.join(f'{k} {sum(h.kind == k for h in during)}' for k in kinds)})",
    )
    failed_seconds = [h.seconds for h in unavailable]
    p99 = percentile(failed_seconds, 0.99)
    T.check(
        unavailable and p99 < FAST_FAIL_P99,
        f"503s were quick: p50 {ms(percentile(failed_seconds, 0.5))}, p99 {ms(p99)}, "
        f"max {ms(max(failed_seconds, default=0))} (p99 target under {ms(FAST_FAIL_P99)})",
    )
    api = [h for h in unavailable if h.kind in ("search-api", "search-api-token", "deck-edit")]
    api_ok = [h for h in api if h.json_detail]
    sample = next((h.body for h in api_ok), None)
    T.check(
        api and len(api_ok) == len(api),
        f"API 503s: {len(api_ok)} of {len(api)} JSON with a `detail` sentence, e.g. {json.dumps(sample)}",
    )
    pages = [h for h in unavailable if h.kind in ("search-page", "my-decks-page")]
    T.check(pages and all(h.html for h in pages), f"page 503s: {sum(h.html for h in pages)} of {len(pages)} HTML")
    health = [h for h in during if h.kind == "healthz"]
    said_down = [h for h in health if h.body and h.body.get("database", {}).get("ok") is False]
    T.check(
        health and len(said_down) == len(health),
        f"/healthz while down: {len(said_down)} of {len(health)} answered 503 with database.ok false"
        + (f" ({said_down[0].body['database'].get('detail', '')[:80]!r})" if said_down else ""),
    )

    recovery = {}
    for kind in kinds:
        first = min(
            (h for h in hits if h.kind == kind and h.start >= up_begin and h.status is not None and h.status < 400),
            key=lambda h: h.end,
            default=None,
        )
        recovery[kind] = None if first is None else (first.start - up_begin, first.end - up_begin)
    T.check(
        all(r is not None for r in recovery.values()) and site.web_alive(),
        f"success resumed by itself, gunicorn never restarted (pid {site.gunicorn_pid} "
        f"{'still running' if site.web_alive() else 'GONE'}); first success of each kind, sent / answered "
        "after `pg_ctlcluster start` was run: "
        + ", ".join(f"{k} {'never' if r is None else f'{r[0]:+.2f} / {r[1]:+.2f} s'}" for k, r in recovery.items()),
    )
    settled = up + RECOVERY_SECONDS
    after = [h for h in hits if h.start >= settled]
    bad_after = [h for h in after if h.status is None or h.status >= 400]
    slowest_after = max(after, key=lambda h: h.seconds, default=None)
    T.check(
        after and not bad_after,
        f"sent {RECOVERY_SECONDS:g} s or more after the start: {len(after) - len(bad_after)} of {len(after)} requests "
        f"succeeded, p50 {ms(percentile([h.seconds for h in after], 0.5))}, slowest "
        f"{slowest_after.kind if slowest_after else '-'} {ms(slowest_after.seconds if slowest_after else 0)}"
        + (f"; failures {[(h.kind, h.status) for h in bad_after[:5]]}" if bad_after else ""),
    )

    edit_hits = [h for h in hits if h.kind == "deck-edit"]
    T.say(
        f"deck edits: {len(edit_hits)} PATCHes; "
        + "; ".join(
            f"deck {e.number}: {e.acknowledged} edits acknowledged, {e.refused_5xx} answers 5xx, "
            f"{e.retried_ok} edits acknowledged when sent again after a 5xx (so the 5xx had stored "
            f"nothing), {e.stored_after_5xx} found stored whole after a 5xx"
            for e in editors
        )
    )
    problems = [p for e in editors for p in e.problems]
    T.check(
        not problems,
        "every edit answered once: 2xx, or 5xx then a definite answer on retry"
        + (f": {problems[:3]}" if problems else ""),
    )
    T.check(sum(e.refused_5xx for e in editors) > 0, "edits were refused during the outage (the test bit)")
    for editor in editors:
        deck = Deck.objects.get(pk=editor.deck_id)
        rows = list(DeckCard.objects.filter(deck_id=editor.deck_id).values_list("card_id", "crypt", "count"))
        crypt = {card: count for card, is_crypt, count in rows if is_crypt}
        library = {card: count for card, is_crypt, count in rows if not is_crypt}
        revision = deck.revisions.order_by("-number").first()
        snapshot = revision.data if revision else {}
        expected = editor.state
        checks = {
            "name": deck.name == expected.name,
            "version": deck.version == expected.version,
            "cards": crypt == expected.crypt and library == expected.library,
            "counts": deck.crypt_count == sum(crypt.values()) and deck.library_count == sum(library.values()),
            "revision": {c["id"]: c["count"] for c in snapshot.get("crypt", [])} == crypt
            and {c["id"]: c["count"] for c in snapshot.get("library", [])} == library,
        }
        T.check(
            all(checks.values()),
            f"deck {editor.number} in the database = its last acknowledged edit: name {deck.name!r}, version "
            f"{deck.version} (expected {expected.version}: 1 + one per name change + two per card change), "
            f"{len(rows)} card rows, crypt {deck.crypt_count} / library {deck.library_count} cards as stored "
            f"counts say, latest revision the same cards"
            + ("" if all(checks.values()) else f"; wrong: {[k for k, v in checks.items() if not v]}"),
        )


# --- scenario: broker -------------------------------------------------------------------------------


def simulation_deck(site: Site, account: Account) -> str:
    crypt_ids, library_ids = card_ids()
    deck = create_deck(
        site, account, "faults simulation deck", {i: 1 for i in crypt_ids[:12]}, {i: 2 for i in library_ids[:40]}
    )
    return deck["id"]


def poll_job(client: Client, job: str, until: Callable[[dict], bool], seconds: float) -> dict:
    deadline = time.monotonic() + seconds
    body: dict = {}
    while time.monotonic() < deadline:
        hit = client.call("job", "GET", f"/api/v1/simulations/{job}/")
        if hit.status == 200 and hit.body:
            body = hit.body
            if until(body):
                return body
        time.sleep(0.3)
    return body


def scenario_broker(site: Site, redis: PrivateRedis, account: Account) -> None:
    from simulations.models import Simulation

    client = Client(site.base, account.auth)
    deck = simulation_deck(site, account)
    start = {"kind": "hands", "deck": deck, "hands": 100_000, "seed": 11}
    hit = client.call("start", "POST", "/api/v1/simulations/", json=start)
    queued = (hit.body or {}).get("id")
    T.check(
        hit.status == 202 and hit.body.get("status") == "queued",
        f"job {queued} started with no worker running: {hit.status}, status {(hit.body or {}).get('status')}",
    )
    time.sleep(1.5)  # appendfsync everysec: the append-only file has it on disk after a second
    # A small job: its chunks are in the quick queue (simulations.services.chunk_queue).
    lengths = [redis.cli("LLEN", name) for name in ("celery", "celery-quick")]
    waiting = sum(int(length) for length in lengths if length.isdigit())
    T.say(f"Redis holds {waiting} message(s) in the queues; killing it (SIGKILL)")
    redis.kill()
    health = client.call("healthz", "GET", "/healthz?worker=0")
    broker = (health.body or {}).get("broker", {})
    T.check(
        health.status == 503 and broker.get("ok") is False and (health.body or {}).get("database", {}).get("ok"),
        f"/healthz with Redis down: {health.status} in {ms(health.seconds)}, broker.ok {broker.get('ok')}, "
        f"database.ok {(health.body or {}).get('database', {}).get('ok')}",
    )
    hit = client.call("start", "POST", "/api/v1/simulations/", json={**start, "seed": 12})
    T.check(
        hit.status == 503 and hit.json_detail and hit.seconds < 5,
        f"a new job with Redis down: {hit.status} in {ms(hit.seconds)}: {json.dumps(hit.body)}",
    )
    refused = (hit.body or {}).get("id")
    if refused:
        stored = client.call("job", "GET", f"/api/v1/simulations/{refused}/").body or {}
        T.check(
            stored.get("status") == "failed" and stored.get("error"),
            f"the refused job {refused} is stored {stored.get('status')}: {stored.get('error')!r}",
        )
    else:
        T.say("the 503 names no job (the app stores none when the broker is down)")
    earlier = client.call("job", "GET", f"/api/v1/simulations/{queued}/").body or {}
    T.check(earlier.get("status") == "queued", f"the earlier job is still {earlier.get('status')}")
    seconds = redis.start()
    T.say(
        f"Redis started again on the same folder in {ms(seconds)}: {redis.cli('LLEN', 'celery')} message(s) "
        "in the queue, read back from the append-only file"
    )
    health = client.call("healthz", "GET", "/healthz?worker=0")
    T.check(
        health.status == 200 and (health.body or {}).get("broker", {}).get("ok") is True,
        f"/healthz with Redis back: {health.status}, broker.ok {(health.body or {}).get('broker', {}).get('ok')}",
    )
    seconds = site.start_worker("broker-worker")
    T.say(f"worker started ({seconds:.1f} s to ready)")
    began = time.monotonic()
    job = poll_job(client, queued, lambda b: b.get("status") not in ("queued", "running"), 120)
    T.check(
        job.get("status") == "done" and job.get("hands_done") == start["hands"],
        f"the job queued before the crash ended {job.get('status')} {time.monotonic() - began:.1f} s after the "
        f"worker came, {job.get('hands_done'):,} hands" + (f": {job.get('error')}" if job.get("error") else ""),
    )
    health = client.call("healthz", "GET", "/healthz")
    T.check(
        health.status == 200 and (health.body or {}).get("worker", {}).get("ok") is True,
        f"/healthz with the worker ping: {health.status}, worker.ok "
        f"{(health.body or {}).get('worker', {}).get('ok')} in {ms(health.seconds)}",
    )
    jobs = Simulation.objects.filter(pk__in=[queued, refused]).values_list("id", "status")
    T.say(f"jobs in the database: {dict(jobs)}")
    site.processes.stop("broker-worker")


# --- scenario: worker -------------------------------------------------------------------------------


def scenario_worker(site: Site, account: Account, args) -> None:
    from django.db.models import Count

    from simulations.models import Simulation, SimulationChunk

    client = Client(site.base, account.auth)
    deck = simulation_deck(site, account)
    for name in ("w1", "w2"):
        seconds = site.start_worker(name)
        T.say(f"worker {name} ready in {seconds:.1f} s")
    hit = client.call(
        "start", "POST", "/api/v1/simulations/", json={"kind": "hands", "deck": deck, "hands": args.hands, "seed": 5}
    )
    job = (hit.body or {}).get("id")
    if not T.check(
        hit.status == 202, f"job {job}: {args.hands:,} hands in chunks of {args.chunk_size:,}: {hit.status}"
    ):
        return
    began = time.monotonic()
    body = poll_job(
        client, job, lambda b: b.get("progress", 0) >= 0.15 or b.get("status") not in ("queued", "running"), 120
    )
    if not T.check(
        body.get("status") == "running",
        f"job running, progress {body.get('progress', 0):.2f} after {time.monotonic() - began:.1f} s",
    ):
        return
    site.processes.kill("w1")
    killed = time.monotonic()
    T.say(
        f"killed worker w1's process group (SIGKILL) at progress {body.get('progress'):.2f}, "
        f"{body.get('chunks_done')} of {body.get('chunks')} chunks stored"
    )
    seconds = site.start_worker("w3")
    T.say(f"replacement worker w3 ready in {seconds:.1f} s; w2 still running")
    body = poll_job(client, job, lambda b: b.get("status") not in ("queued", "running"), 300)
    status = body.get("status")
    shares = dict(
        SimulationChunk.objects.filter(simulation_id=job)
        .values_list("worker")
        .annotate(n=Count("id"))
        .order_by("worker")
    )
    T.say(
        f"job {status} {time.monotonic() - killed:.1f} s after the kill ({time.monotonic() - began:.1f} s in all); "
        f"attempts {body.get('attempts', '?')}; chunks stored per worker {shares}"
    )
    resent = [
        line.split(": ", 1)[-1]
        for line in site.processes.log("gunicorn").read_text(errors="replace").splitlines()
        if job in line and "resending" in line
    ]
    T.say(f"the web process's reaper (on the job's reads): {resent or 'never resent anything'}")
    if status == "done":
        stored = Simulation.objects.get(pk=job)
        T.check(
            body.get("hands_done") == args.hands
            and stored.chunks_done == stored.chunks_total
            and sum(shares.values()) == stored.chunks_total
            and (stored.result or {}).get("hands") == args.hands,
            f"job done: {body.get('hands_done'):,} hands, {stored.chunks_done} of {stored.chunks_total} chunks, "
            f"each stored once ({sum(shares.values())} rows), report of {(stored.result or {}).get('hands', 0):,} "
            "hands",
        )
    else:
        T.check(status == "failed" and bool(body.get("error")), f"job {status}, reason: {body.get('error')!r}")
    for name in ("w2", "w3"):
        site.processes.stop(name)


# --- main -------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=["database", "broker", "worker", "all"], default="all")
    parser.add_argument("--down-seconds", type=float, default=10.0, help="how long PostgreSQL stays down")
    parser.add_argument("--hands", type=int, default=24_000_000, help="hands of the worker scenario's job")
    parser.add_argument("--chunk-size", type=int, default=1_500_000, help="hands per chunk (SIMULATION_CHUNK_SIZE)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (logs) afterwards")
    args = parser.parse_args()
    wanted = ["database", "broker", "worker"] if args.scenario == "all" else [args.scenario]

    folder = Path(tempfile.mkdtemp(prefix="vtesdeck-faults-"))
    T.say(
        f"vtesdeck faults: scenarios {', '.join(wanted)}; {os.cpu_count()} cores, load "
        f"{os.getloadavg()[0]:.1f}; logs in {folder}"
    )
    pg = redis = site = None
    try:
        try:
            pg = PrivatePostgres(folder)
        except LookupError as exc:
            if "database" in wanted:
                T.skip("database", f"{exc}: PostgreSQL cannot be stopped and started here")
            T.say(f"{exc}: the other scenarios use SQLite")
        try:
            redis = PrivateRedis(folder)
        except LookupError as exc:
            if "broker" in wanted:
                T.skip("broker", str(exc))
            T.say(f"{exc}: the worker scenario uses kombu's filesystem broker")
        if pg:
            started = time.monotonic()
            pg.create()
            T.say(
                f"PostgreSQL {pg.version}: private cluster {PG_CLUSTER} on 127.0.0.1:{PG_PORT} (trust), data in "
                f"{pg.folder} ({time.monotonic() - started:.1f} s)"
            )
        if redis:
            seconds = redis.start()
            T.say(
                f"Redis {run(['redis-server', '--version']).stdout.split()[2][2:]} on 127.0.0.1:{REDIS_PORT}, "
                f"appendonly yes, dir {redis.folder} ({ms(seconds)})"
            )
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
            "DJANGO_DEBUG": "False",
            "PYTHONUNBUFFERED": "1",
            "DATABASE_URL": pg.url if pg else f"sqlite:///{folder}/faults.sqlite3",
            "CELERY_BROKER_URL": redis.url if redis else "filesystem://",
            "CELERY_DATA_DIR": str(folder / "celery"),
            "SIMULATION_CHUNK_SIZE": str(args.chunk_size),
            "SIMULATION_STALE_SECONDS": str(STALE_SECONDS),
            "SIMULATION_MAX_ATTEMPTS": "3",
            "SIMULATION_MAX_HANDS": str(max(args.hands, 1_000_000)),
            **{
                name: RATE
                for name in (
                    "DECKS_WRITE_RATE",
                    "SIMULATIONS_RATE",
                    "SIMULATIONS_ANON_RATE",
                    "API_ANON_RATE",
                    "API_USER_RATE",
                    "DECKLISTS_ANON_RATE",
                )
            },
        }
        env.pop("CELERY_RESULT_BACKEND", None)
        env.pop("CACHE_URL", None)
        os.environ.update(env)  # this process reads the database with the same settings, to check it
        started = time.monotonic()
        run([sys.executable, "manage.py", "migrate", "--noinput"], env=env)
        imported = run([sys.executable, "manage.py", "import_cards"], env=env).stdout.strip().splitlines()[-1:]
        T.say(f"migrate + import_cards: {' '.join(imported)} ({time.monotonic() - started:.1f} s)")
        import django

        django.setup()
        site = Site(folder, env)
        seconds = site.start_web()
        how = "gunicorn.conf.py" if (PROJECT / "gunicorn.conf.py").exists() else "no gunicorn.conf.py"
        T.say(
            f"gunicorn ({how}) on {site.base}, pid {site.gunicorn_pid}, {site.web_workers()} workers "
            f"({seconds:.1f} s to answer)"
        )
        account = make_account(site)
        for name in wanted:
            if name in T.skipped:
                continue
            if name == "worker" and not redis:
                T.say("worker scenario on the filesystem broker (no Redis here)")
            T.scenario = name
            print(flush=True)
            T.say(f"=== scenario {name} ===")
            began = time.monotonic()
            try:
                if name == "database":
                    scenario_database(site, pg, account, args)
                elif name == "broker":
                    scenario_broker(site, redis, account)
                else:
                    scenario_worker(site, account, args)
            except Exception as exc:  # a scenario that breaks is a failed one; the others still run
                T.check(False, f"scenario {name} stopped: {type(exc).__name__}: {exc}")
            finally:
                from django.db import connections

                connections.close_all()
            T.say(f"=== scenario {name}: {time.monotonic() - began:.1f} s ===")
        logs = {name: site.processes.log(name).read_text(errors="replace") for name in site.processes.started}
        for name, text in logs.items():
            # 503s are logged as errors on purpose; a traceback or a killed web worker is what must not be there.
            bad = [line for line in text.splitlines() if "Traceback" in line or "WORKER TIMEOUT" in line]
            if name == "gunicorn" or bad:
                T.say(f"{name}'s log: {len(bad)} tracebacks or worker timeouts" + (f", e.g. {bad[:3]}" if bad else ""))
    except KeyboardInterrupt:
        T.check(False, "interrupted")
    except Exception as exc:
        T.check(False, f"setup failed: {type(exc).__name__}: {exc}")
    finally:
        print(flush=True)
        T.say("cleaning up: gunicorn, workers, Redis, the PostgreSQL cluster")
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # Django may never have been set up
            pass
        if site:
            site.processes.stop_all()
        if redis:
            redis.stop()
        if pg:
            pg.drop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    T.scenario = "summary"
    verdicts = []
    for name in wanted:
        if name in T.skipped:
            verdicts.append(f"{name} SKIPPED")
        else:
            oks = T.verdicts.get(name, [])
            verdicts.append(f"{name} {'PASS' if oks and all(oks) else 'FAIL'} ({sum(oks)}/{len(oks)} checks)")
    if T.verdicts.get("setup"):
        verdicts.append("setup FAIL")
    T.say(f"summary: {'; '.join(verdicts)}; {time.monotonic() - T.began:.0f} s in all")
    return 1 if T.failed else 0


if __name__ == "__main__":
    sys.exit(main())
