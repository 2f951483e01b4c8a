"""Where an API request's CPU goes: validate and card search through the whole WSGI stack, in one process.

    .venv/bin/python bench/api_profile.py [--requests 2000] [--only cards|validate] [--top 30] [--cache URL]

The requests bench/load.py sends (the same seeded card queries and archive decklists), each handed to
Django's WSGI handler as gunicorn would hand it (middleware, DRF, throttles, the request log), against a
throwaway database (SQLite in a temporary folder, or BENCH_DATABASE_URL) with production settings: DEBUG
off, the throttles on at bench/load.py's unreachable rates. Per scenario it prints the CPU time per request
(process time, so the figure holds on a busy machine), the SQL statements per request and what they are,
and the functions that cost most CPU (cProfile on process time, by own time and by cumulative time). ``--cache`` sets CACHE_URL
(``redis://127.0.0.1:6379/15``, ``locmem://``) to profile the throttles on another backend.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import io
import json
import logging
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PROJECT = BENCH.parent
sys.path.insert(0, str(PROJECT))  # our `cards` app before krcg's top-level `cards` package
sys.path.insert(1, str(BENCH))

import _servers  # noqa: E402
import card_search  # noqa: E402
import load  # noqa: E402


def environ(method: str, target: str, body: bytes | None) -> dict:
    """A WSGI environ as gunicorn builds it for ``method target`` from 127.0.0.1."""
    path, _, query = target.partition("?")
    env = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_USER_AGENT": "wrk",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body or b""),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    if body is not None:
        env["CONTENT_TYPE"] = "application/json"
        env["CONTENT_LENGTH"] = str(len(body))
    return env


def serve(application, method: str, target: str, body: bytes | None) -> int:
    statuses = []
    result = application(environ(method, target, body), lambda status, headers, *_: statuses.append(status))
    try:
        for _chunk in result:
            pass
    finally:
        getattr(result, "close", lambda: None)()
    return int(statuses[0].split()[0])


def run(application, items: list[tuple[str, str | None]], method: str, count: int) -> list[int]:
    encoded = [(path, body.encode() if body is not None else None) for path, body in items]
    return [serve(application, method, *encoded[i % len(encoded)]) for i in range(count)]


def statements(application, items, method: str, count: int) -> collections.Counter:
    """The SQL statements ``count`` requests run, by their first 70 characters."""
    from django.db import connections

    seen: collections.Counter = collections.Counter()

    def note(execute, sql, params, many, context):
        seen[" ".join(sql.split())[:70]] += 1
        return execute(sql, params, many, context)

    with connections["default"].execute_wrapper(note):
        run(application, items, method, count)
    return seen


DUMP = ""  # --dump PREFIX: the raw profile of each scenario in PREFIX-<scenario>.prof


def profile(name: str, application, items, method: str, count: int, top: int) -> dict:
    run(application, items, method, min(count, 200))  # warm: first requests build indexes and caches
    sql = statements(application, items, method, 200)
    started_cpu, started = time.process_time(), time.perf_counter()
    codes = run(application, items, method, count)
    cpu_ms = (time.process_time() - started_cpu) * 1000 / count
    wall_ms = (time.perf_counter() - started) * 1000 / count
    profiler = cProfile.Profile(time.process_time)  # CPU time, the figure the target is about (not waits)
    profiler.enable()
    run(application, items, method, count)
    profiler.disable()
    if DUMP:
        profiler.dump_stats(f"{DUMP}-{name}.prof")  # for pstats or snakeviz
    per_request = sum(sql.values()) / 200
    print(f"\n== {name}: {count:,} requests, statuses {dict(collections.Counter(codes))}")
    print(f"  CPU per request    {cpu_ms:.3f} ms (wall {wall_ms:.3f} ms)")
    print(f"  SQL per request    {per_request:.2f} statements")
    for text, times in sql.most_common(12):
        print(f"    {times / 200:6.2f}  {text}")
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats(order).print_stats(top)
        print(f"  -- top {top} by {order} (profiled, so slower than above)")
        lines = out.getvalue().splitlines()
        start = next((i for i, line in enumerate(lines) if line.strip().startswith("ncalls")), 0)
        print("\n".join(f"    {line}" for line in lines[start:] if line.strip()))
    return {"cpu_ms_per_request": round(cpu_ms, 3), "sql_per_request": per_request}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests per scenario (default 2000)")
    parser.add_argument("--only", choices=["cards", "validate"])
    parser.add_argument("--top", type=int, default=30, help="functions listed per ordering (default 30)")
    parser.add_argument("--cache", help="CACHE_URL for the throttles (default: the database cache)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--dump", metavar="PREFIX", help="write each scenario's raw profile to PREFIX-<scenario>.prof")
    args = parser.parse_args()
    global DUMP
    DUMP = args.dump or ""

    os.environ.update(load.UNTHROTTLED)
    if args.cache:
        os.environ["CACHE_URL"] = args.cache
    else:
        os.environ.pop("CACHE_URL", None)
    figures: dict = {}
    with (
        tempfile.TemporaryDirectory(prefix="vtesdeck-profile-") as tmp,
        _servers.throwaway_database(Path(tmp)) as database_url,
    ):
        card_search.setup_django(database_url)
        logging.disable(logging.INFO)  # the request log is measured, not printed: INFO lines are dropped
        holding = card_search.prepare_database()
        from django.core.wsgi import get_wsgi_application

        application = get_wsgi_application()
        print(f"database: {holding}; cache: {args.cache or 'the database cache'}")
        if args.only in (None, "cards"):
            paths = load.card_queries(5000, 1)
            figures["cards"] = profile("cards", application, [(p, None) for p in paths], "GET", args.requests, args.top)
        if args.only in (None, "validate"):
            bodies, _refused = load.validate_bodies(300)
            figures["validate"] = profile(
                "validate", application, [(load.VALIDATE, b) for b in bodies], "POST", args.requests, args.top
            )
        from django.db import connections

        connections.close_all()
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
