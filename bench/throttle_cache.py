"""What a throttle check costs in each cache backend the throttles could count in.

    .venv/bin/python bench/throttle_cache.py [--checks N]

Every API request runs DRF's anonymous or user throttle (a get and a set of the client's recent requests),
and every login attempt the login throttle (an add and an increment per key, two keys). Timed here in one
process, for LocMemCache (per process: what the site used before), the default database cache
(vtesdeck.cache on SQLite: empty, with 10,000 entries, nearly full) and Django's FileBasedCache (empty, with
1,000 and 10,000 entries, MAX_ENTRIES as the database's), all in a temporary folder: the developer's database
is never used. Each case runs in a fresh process.
"""

from __future__ import annotations

import argparse
import base64
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

# (label, backend, entries already in the cache)
CASES = [
    ("locmem (per process)", "locmem", 0),
    ("database, empty", "database", 0),
    ("database, 10,000 entries", "database", 10_000),
    ("database, nearly full (47,000)", "database", 47_000),
    ("file-based, empty", "file", 0),
    ("file-based, 1,000 entries", "file", 1_000),
    ("file-based, 10,000 entries", "file", 10_000),
]


def measure(backend: str, entries: int, checks: int, folder: Path) -> tuple[float, float]:
    """µs per API throttle check and per login attempt counted, in this process (a fresh one per case)."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE="vtesdeck.settings",
        DJANGO_DEBUG="False",
        DATABASE_URL=f"sqlite:///{folder / 'bench.sqlite3'}",
    )
    os.environ.pop("CACHE_URL", None)
    import django
    from django.conf import settings

    django.setup()
    if backend == "locmem":
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    elif backend == "file":
        # MAX_ENTRIES as large as the database cache's: at Django's default (300) it would flush the counts.
        location, options = str(folder / "c"), {"MAX_ENTRIES": settings.DATABASE_CACHE["OPTIONS"]["MAX_ENTRIES"]}
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": location,
                "OPTIONS": options,
            }
        }
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import RequestFactory
    from rest_framework.request import Request
    from rest_framework.throttling import AnonRateThrottle

    from accounts import throttle

    call_command("migrate", "vtesdeck", verbosity=0)
    fill(backend, entries, cache)

    class Check(AnonRateThrottle):
        rate = "1000000/hour"

    factory = RequestFactory()
    requests = [Request(factory.get("/api/v1/cards/", REMOTE_ADDR=f"10.0.{i % 200}.{i % 250}")) for i in range(checks)]
    started = time.perf_counter()
    for request in requests:
        Check().allow_request(request, None)
    api = (time.perf_counter() - started) / checks * 1e6
    attempts = max(1, checks // 4)
    started = time.perf_counter()
    for i in range(attempts):
        throttle.count_attempt(f"user{i % 50}", f"10.1.0.{i % 200}")
    login = (time.perf_counter() - started) / attempts * 1e6
    return api, login


def fill(backend: str, entries: int, cache) -> None:
    """``entries`` live entries, written straight to the table or the folder (setting them one by one through
    the file-based cache would take minutes, each write listing the folder)."""
    if not entries:
        return
    cache.set("filler", [time.time()], 3600)
    if backend == "database":
        from django.db import connection

        value = base64.b64encode(pickle.dumps([time.time()])).decode()
        expires = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() + 3600))
        with connection.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO vtesdeck_cache VALUES (%s, %s, %s)",
                [(f":1:filler:{i}", value, expires) for i in range(entries)],
            )
    elif backend == "file":
        folder = Path(cache._dir)
        content = next(folder.glob("*.djcache")).read_bytes()
        for i in range(entries):
            (folder / f"{i:032x}.djcache").write_bytes(content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=2000, help="throttle checks timed per case")
    parser.add_argument("--case", help=argparse.SUPPRESS)  # one case, in a child process
    args = parser.parse_args()
    if args.case:
        backend, entries = args.case.split(":")
        folder = Path(tempfile.mkdtemp(prefix="vtesdeck-bench-cache-"))
        try:
            print(*measure(backend, int(entries), args.checks, folder))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    print(f"{'cache':<32} {'API throttle check':>20} {'login attempt':>15}")
    for label, backend, entries in CASES:
        command = [sys.executable, __file__, "--checks", str(args.checks), "--case", f"{backend}:{entries}"]
        result = subprocess.run(command, capture_output=True, text=True, check=True)
        api, login = map(float, result.stdout.split())
        print(f"{label:<32} {api:>17.0f} µs {login:>12.0f} µs", flush=True)


if __name__ == "__main__":
    main()
