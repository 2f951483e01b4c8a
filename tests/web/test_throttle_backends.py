"""Throttles are exact on every store the site can count in (vtesdeck.throttling): Redis, the machine's shared
memory (the default on SQLite), the database cache on SQLite and on PostgreSQL, and locmem in one process. Eight clients at once against a small limit let
exactly the limit through; each backend gives the rule's own answers; and gunicorn's workers counting in Redis
(where DRF's read-then-write history let 5,369 requests through a 3,000/minute limit) let exactly the rate
through over HTTP.

Each backend runs in processes of its own, on a database or a Redis key prefix of its own (a fresh SQLite file,
a fresh PostgreSQL database dropped afterwards, a random prefix in Redis database 14 whose keys are deleted
afterwards: never FLUSHDB, other test runs share that Redis)."""

from __future__ import annotations

import json
import os
import random
import secrets
import subprocess
import sys
import textwrap
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.paths import PROJECT
from tests.web.test_slow_clients import gunicorn
from vtesdeck import throttling
from vtesdeck.throttling import Rate, step, wait

REDIS = "redis://127.0.0.1:6379/14"
POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres"
LIMIT = 25
PROCESSES, THREADS = 4, 2  # eight clients, across processes as gunicorn's workers are
ATTEMPTS = 10  # per client: 80 in all, against a limit of 25


def django_process(code: str, env: dict[str, str], *arguments: str) -> subprocess.Popen:
    script = "import django\ndjango.setup()\n" + textwrap.dedent(code)
    inherited = {name: value for name, value in os.environ.items() if not name.startswith(("CACHE_", "THROTTLE_"))}
    environment = {**inherited, "DJANGO_SETTINGS_MODULE": "vtesdeck.settings", "PYTHONPATH": str(PROJECT), **env}
    return subprocess.Popen(
        [sys.executable, "-c", script, *arguments],
        cwd=PROJECT,
        env=environment,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def output(process: subprocess.Popen) -> str:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    return out.strip()


def migrate(env: dict[str, str]) -> None:
    output(django_process('from django.core.management import call_command\ncall_command("migrate", "vtesdeck")', env))


def redis_client():
    import redis

    client = redis.Redis.from_url(REDIS, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.skip(f"REDIS BACKEND SKIPPED: no Redis at {REDIS} ({exc})")
    return client


@pytest.fixture(scope="module", params=["locmem", "machine", "sqlite", "postgresql", "redis"])
def backend(request, tmp_path_factory):
    """The environment of processes counting in one backend, for this module's tests (each counts its own
    keys)."""
    name = request.param
    sqlite = {"DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('counts') / 'counts.sqlite3'}"}
    if name == "locmem":
        yield name, {**sqlite, "CACHE_URL": "locmem://"}
    elif name == "machine":  # the default on SQLite: the file beside the database, mapped by every process
        migrate(sqlite)
        yield name, {**sqlite, "THROTTLE_STORE": "auto"}
    elif name == "sqlite":  # the database cache's table on SQLite
        migrate(sqlite)
        yield name, {**sqlite, "THROTTLE_STORE": "cache"}
    elif name == "postgresql":
        psycopg = pytest.importorskip("psycopg")
        database = f"vtesdeck_throttle_{secrets.token_hex(4)}"
        try:
            with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3) as admin:
                admin.execute(f"CREATE DATABASE {database}")
        except psycopg.OperationalError as exc:
            pytest.skip(f"POSTGRESQL BACKEND SKIPPED: no PostgreSQL at {POSTGRES} ({exc})")
        env = {"DATABASE_URL": POSTGRES.rsplit("/", 1)[0] + f"/{database}"}
        try:
            migrate(env)
            yield name, env
        finally:
            with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    else:
        client = redis_client()
        prefix = f"vtesdeck-test-{secrets.token_hex(6)}"
        try:
            yield name, {**sqlite, "CACHE_URL": REDIS, "CACHE_KEY_PREFIX": prefix}
        finally:
            for key in client.scan_iter(match=f"{prefix}:*"):
                client.delete(key)


CLIENTS = """
    import os, sys, threading, time
    from pathlib import Path
    from django.test import RequestFactory
    from rest_framework.request import Request
    from vtesdeck.api import AnonThrottle
    gate, threads, attempts = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    let_in = [0] * threads

    def client(number):
        requests = [Request(RequestFactory().get("/api/v1/cards/", REMOTE_ADDR="203.0.113.7")) for _ in range(attempts)]
        while not (gate / "go").exists():
            time.sleep(0.005)
        let_in[number] = sum(AnonThrottle().allow_request(request, None) for request in requests)

    running = [threading.Thread(target=client, args=(n,)) for n in range(threads)]
    for thread in running:
        thread.start()
    (gate / f"ready-{os.getpid()}").touch()
    for thread in running:
        thread.join()
    print(sum(let_in))
"""


def test_eight_clients_at_once_let_exactly_the_limit_through(backend, tmp_path):
    # One address's API requests from eight clients at once, as eight gunicorn threads would send them: the
    # limit is 25 an hour, and 80 requests arrive within a second or two.
    name, env = backend
    processes, threads = (1, PROCESSES * THREADS) if name == "locmem" else (PROCESSES, THREADS)
    env = {**env, "API_ANON_RATE": f"{LIMIT}/hour"}
    running = [django_process(CLIENTS, env, str(tmp_path), str(threads), str(ATTEMPTS)) for _ in range(processes)]
    deadline = time.monotonic() + 120  # only stops a test that would otherwise hang
    while len(list(tmp_path.glob("ready-*"))) < processes and time.monotonic() < deadline:
        time.sleep(0.05)
    (tmp_path / "go").touch()
    assert sum(int(output(process)) for process in running) == LIMIT


REPLAY = """
    import json, sys
    from vtesdeck import throttling
    checks = json.loads(sys.stdin.read())
    answers = []
    for key, limit, period, moment in checks:
        verdict = throttling.take(key, throttling.Rate(limit, period), moment)
        answers.append([verdict.allowed, None if verdict.wait is None else round(verdict.wait, 6)])
        if key == "give-back" and verdict.allowed:
            throttling.give_back(key, throttling.Rate(limit, period), moment)
    print(json.dumps(answers))
"""


# A key longer than any backend stores (a forwarded address no proxy wrote): counted all the same.
LONG = "203.0.113.7" + "x" * 400


def checks(seed: int) -> list[tuple[str, int, int, float]]:
    """Requests of four keys at random moments over three periods; ``give-back`` returns each count it gets."""
    rng = random.Random(seed)
    moment, made = 1_700_000_010.0, []
    for _ in range(600):
        moment += rng.choice([0.0, 0.05, rng.random() * 4])
        key, limit, period = rng.choice([("api", 12, 60), ("login", 3, 900), ("give-back", 2, 60), (LONG, 5, 60)])
        made.append((key, limit, period, moment))
    return made


def reference(made: list[tuple[str, int, int, float]]) -> list[list]:
    states: dict[str, tuple | None] = {}
    answers = []
    for key, limit, period, moment in made:
        rate = Rate(limit, period)
        allowed, changed = step(states.get(key), rate.slot(moment), limit)
        if allowed:
            if key != "give-back":  # its count is given back at once
                states[key] = changed
            answers.append([True, None])
        else:
            answers.append([False, round(wait(states.get(key), moment, rate), 6)])
    return answers


def test_every_backend_gives_the_rules_own_answers(backend):
    # The same 600 checks through Lua, SQL or the locked Python path: the same verdicts and the same waits
    # as the rule's Python form.
    _name, env = backend
    made = checks(seed=24)
    process = django_process(REPLAY, env)
    out, err = process.communicate(json.dumps(made), timeout=300)
    assert process.returncode == 0, err
    assert json.loads(out) == reference(made)


# --- through gunicorn: where the leak lived -------------------------------------------------------------


def get(url: str) -> tuple[int, str | None]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            answer.read()
            return answer.status, None
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Retry-After")


@pytest.mark.parametrize("store", ["redis", "machine"])
def test_gunicorn_workers_let_exactly_the_rate_through(
    store, file_database, cards_in_database, fresh_throttles, tmp_path
):
    # Redis, and the machine's shared memory the workers forked from one master map (SQLite's default).
    prefix = f"vtesdeck-test-{secrets.token_hex(6)}"
    rate = 40
    env = {"API_ANON_RATE": f"{rate}/hour", "WEB_CONCURRENCY": "3", "THROTTLE_STORE": "auto"}
    if store == "redis":
        client = redis_client()
        env.update(CACHE_URL=REDIS, CACHE_KEY_PREFIX=prefix)
    else:
        client = None
        env.update(CACHE_URL="")
    answers: list[tuple[int, str | None]] = []
    try:
        with gunicorn(tmp_path, **env) as (base, _port, _log):
            start = threading.Event()

            def send() -> None:
                start.wait()
                for _ in range(12):
                    answers.append(get(f"{base}/api/v1/decklists/formats"))

            clients = [threading.Thread(target=send) for _ in range(8)]
            for thread in clients:
                thread.start()
            start.set()
            for thread in clients:
                thread.join()
    finally:
        for key in client.scan_iter(match=f"{prefix}:*") if client else ():
            client.delete(key)
    statuses = [status for status, _wait in answers]
    assert statuses.count(200) == rate and statuses.count(429) == 96 - rate, sorted(set(statuses))
    assert all(0 < int(retry) <= 3600 + 360 for status, retry in answers if status == 429)


def test_a_count_in_redis_is_kept_as_long_as_its_newest_slot_counts(settings):
    # Redis forgets a key at its expiry, in real time: a check from a machine whose clock is behind counts into
    # the newest slot already written (the rule), and the key must live until that slot has left the window.
    client = redis_client()
    prefix = f"vtesdeck-test-{secrets.token_hex(6)}"
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS, "KEY_PREFIX": prefix}
    }
    rate, now = Rate(5, 60), time.time()
    try:
        assert throttling.take("skewed", rate, now + 30)  # a web machine 30 s ahead
        assert throttling.take("skewed", rate, now)  # this one
        seconds = client.pttl(f"{prefix}:1:rate:skewed") / 1000
        assert seconds >= rate.ends(rate.slot(now + 30)) - now - 1
    finally:
        for key in client.scan_iter(match=f"{prefix}:*"):
            client.delete(key)
