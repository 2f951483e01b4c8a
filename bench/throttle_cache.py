"""What a throttle check costs in each cache backend the throttles can count in (vtesdeck.throttling).

    .venv/bin/python bench/throttle_cache.py [--checks N]

Every API request runs the API's throttle for its client (one atomic step: a Lua script on Redis, one SQL
statement on the database cache, a locked get and set in a process's memory), and every login attempt the
login throttle (two steps: the address's count, then the user name's). Timed here in one process per case,
CPU time per check beside the wall time: LocMemCache (one process only), the default database cache on SQLite
(empty, and with 10,000 and 100,000 other clients' counts in the table), the machine's shared memory
(vtesdeck.shared_counts, SQLite's default) and on PostgreSQL (a fresh database on
BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards), and
Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379/14, under a random key prefix whose keys are deleted
afterwards). A backend that does not answer is reported as skipped. The developer's database is never used.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

POSTGRES = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")

# (label, backend, other clients' counts already stored)
CASES = [
    ("locmem (one process only)", "locmem", 0),
    ("machine's shared memory (SQLite's default)", "machine", 0),
    ("database cache, SQLite, empty", "sqlite", 0),
    ("database cache, SQLite, 10,000 keys", "sqlite", 10_000),
    ("database cache, SQLite, 100,000 keys", "sqlite", 100_000),
    ("database cache, PostgreSQL, empty", "postgresql", 0),
    ("database cache, PostgreSQL, 100,000 keys", "postgresql", 100_000),
    ("Redis", "redis", 0),
]


def measure(checks: int) -> tuple[float, float, float, float]:
    """(CPU µs, wall µs) per API throttle check, then per login attempt counted, in this process."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import RequestFactory
    from rest_framework.request import Request

    from accounts import throttle
    from vtesdeck.api import AnonThrottle

    call_command("migrate", "vtesdeck", verbosity=0)
    fill(int(os.environ.get("BENCH_FILL", "0")))
    factory = RequestFactory()
    requests = [Request(factory.get("/api/v1/cards/", REMOTE_ADDR=f"10.0.{i % 200}.{i % 250}")) for i in range(checks)]
    cpu, wall = time.process_time(), time.perf_counter()
    for request in requests:
        AnonThrottle().allow_request(request, None)
    api = ((time.process_time() - cpu) / checks * 1e6, (time.perf_counter() - wall) / checks * 1e6)
    attempts = max(1, checks // 4)
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(attempts):
        throttle.count_attempt(f"user{i % 50}", f"10.1.0.{i % 200}")
    login = ((time.process_time() - cpu) / attempts * 1e6, (time.perf_counter() - wall) / attempts * 1e6)
    return (*api, *login)


def fill(entries: int) -> None:
    """``entries`` other clients' live counts, written straight to the table."""
    if not entries:
        return
    from django.db import connection

    from vtesdeck.throttling import RING

    columns = ", ".join(f"n{j}" for j in range(RING))
    placeholders = ", ".join(["%s"] * (RING + 3))
    expires = time.time() + 3600
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO vtesdeck_throttle (cache_key, slot, expires, {columns}) VALUES ({placeholders})",
            [(f":1:rate:filler:{i}", 1, expires, *([1] * RING)) for i in range(entries)],
        )


def environment(backend: str, folder: Path) -> tuple[dict[str, str], object]:
    """The case's environment and a function that removes what it made (None when the backend is missing)."""
    env = {"DJANGO_SETTINGS_MODULE": "vtesdeck.settings", "DJANGO_DEBUG": "False", "CACHE_URL": ""}
    env["DATABASE_URL"] = f"sqlite:///{folder / 'bench.sqlite3'}"
    # The database cases count in the database cache's table, the machine case in shared memory.
    env["THROTTLE_STORE"] = "auto" if backend == "machine" else "cache"
    if backend == "locmem":
        env["CACHE_URL"] = "locmem://"
    elif backend == "postgresql":
        import psycopg

        name = f"vtesdeck_bench_{secrets.token_hex(4)}"
        try:
            with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3) as admin:
                admin.execute(f"CREATE DATABASE {name}")
        except psycopg.OperationalError:
            return env, None
        env["DATABASE_URL"] = POSTGRES.rsplit("/", 1)[0] + f"/{name}"

        def drop() -> None:
            with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

        return env, drop
    elif backend == "redis":
        import redis

        client = redis.Redis.from_url(REDIS, socket_connect_timeout=2)
        try:
            client.ping()
        except redis.RedisError:
            return env, None
        prefix = f"vtesdeck-bench-{secrets.token_hex(6)}"
        env.update(CACHE_URL=REDIS, CACHE_KEY_PREFIX=prefix)

        def forget() -> None:
            for key in client.scan_iter(match=f"{prefix}:*"):
                client.delete(key)

        return env, forget
    return env, lambda: None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=2000, help="throttle checks timed per case")
    parser.add_argument("--case", action="store_true", help=argparse.SUPPRESS)  # one case, in a child process
    args = parser.parse_args()
    if args.case:
        print(*measure(args.checks))
        return
    print(f"{'cache':<42} {'API throttle check':>26} {'login attempt':>26}")
    print(f"{'':<42} {'CPU µs':>12} {'wall µs':>13} {'CPU µs':>12} {'wall µs':>13}")
    for label, backend, entries in CASES:
        folder = Path(tempfile.mkdtemp(prefix="vtesdeck-bench-cache-"))
        try:
            env, cleanup = environment(backend, folder)
            if cleanup is None:
                print(f"{label:<42} SKIPPED: {backend} does not answer", flush=True)
                continue
            try:
                command = [sys.executable, __file__, "--checks", str(args.checks), "--case"]
                result = subprocess.run(
                    command,
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=PROJECT,
                    env={**os.environ, **env, "BENCH_FILL": str(entries)},
                )
            finally:
                cleanup()
            api_cpu, api_wall, login_cpu, login_wall = map(float, result.stdout.split())
            print(f"{label:<42} {api_cpu:>12.0f} {api_wall:>13.0f} {login_cpu:>12.0f} {login_wall:>13.0f}", flush=True)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
