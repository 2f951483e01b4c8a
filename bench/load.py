"""The site under load over HTTP: gunicorn on two cores, 64 wrk clients, card search and decklist validation.

    .venv/bin/python bench/load.py [--duration 60] [--connections 64] [--warmup 5] [--only cards|validate]
                                   [--workers N] [--worker-class sync|gthread] [--worker-threads N]
                                   [--check] [--json FILE]

Everything runs on 127.0.0.1 and is stopped afterwards, on errors and Ctrl-C too:

1. a throwaway database (SQLite in a temporary folder; BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
   creates a fresh PostgreSQL database on that server instead and drops it afterwards), migrated, with the
   bundled card list imported;
2. gunicorn serving the site with the project's ``gunicorn.conf.py`` (when there is one), pinned to cores 0
   and 1 with taskset, DEBUG off and every API throttle raised out of the way (the throttles still run);
3. per scenario, ``--warmup`` seconds of wrk whose figures are dropped, then ``--duration`` seconds measured,
   ``--connections`` clients in a closed loop (each sends its next request when the answer arrives):

   - cards: ``GET /api/v1/cards/?…``, cycling through the realistic queries of bench/card_search.py
     (``--queries`` of them, seeded: name prefixes, text words, clans, disciplines, groups, capacities…);
   - validate: ``POST /api/v1/decklists/validate`` with JSON bodies ``{"text", "as_of": "deck",
     "ruleset": "vekn"}``, cycling through ``--decks`` decklists of the tournament archive (../shared/twda).

Before the warm-up, ``4 x --connections`` requests go out from ``--connections`` threads and are waited for,
so that every worker has answered its first (slow) requests. After each run the server's CPU time per
request is printed too (read from /proc), with the throughput two free cores could give at that cost: a
figure other programs on the machine disturb far less than the latencies.

The target for each: p99 latency under 100 ms and not one error (non-2xx answer, refused or broken
connection, timeout). wrk runs on the same two cores as the server, as a load balancer's clients would
not: the figures are a floor. If wrk is missing and cannot be installed, the bench says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

BENCH = Path(__file__).resolve().parent
PROJECT = BENCH.parent
sys.path.insert(0, str(PROJECT))  # our `cards` app before krcg's top-level `cards` package
sys.path.insert(1, str(BENCH))

import _servers  # noqa: E402
import card_search  # noqa: E402

TARGET_P99_MS = 100.0
CARDS = "/api/v1/cards/"
VALIDATE = "/api/v1/decklists/validate"
# Every API throttle, high enough never to answer 429 to the bench (DRF reads N/s|m|h|d): the throttles still
# count every request (one atomic step in the default cache each, vtesdeck.throttling), as production pays.
UNTHROTTLED = {name: "100000000/second" for name in ("API_ANON_RATE", "API_USER_RATE", "DECKLISTS_ANON_RATE")}


# --- what the clients send ---------------------------------------------------------------------------


def card_queries(count: int, seed: int) -> list[str]:
    """``count`` card-search paths from bench/card_search.py's generator (repeats kept: players repeat)."""
    make = card_search.QueryMaker(random.Random(seed))
    return [f"{CARDS}?{urlencode(make())}" for _ in range(count)]


def twda_folder() -> Path:
    # As a package of the project (on sys.path above): tests/ itself on sys.path would let its packages
    # (tests/cards, tests/web...) shadow the project's own.
    from tests.paths import TWDA

    return TWDA


def validate_bodies(count: int) -> tuple[list[str], int]:
    """JSON bodies for ``count`` archive decklists spread evenly over the archive (sorted by file name),
    keeping only those the site answers 200 (checked here, in process); and how many were left out."""
    from django.test import Client

    files = sorted(twda_folder().glob("*.txt"))
    if not files:
        raise SystemExit(f"no decklists in {twda_folder()} (set VTESDECK_TWDA)")
    step = max(1, len(files) // count)
    chosen = files[::step][:count]
    client = Client(HTTP_HOST="localhost")
    bodies, refused = [], 0
    for path in chosen:
        body = json.dumps({"text": path.read_text(errors="replace"), "as_of": "deck", "ruleset": "vekn"})
        if client.post(VALIDATE, body, content_type="application/json").status_code == 200:
            bodies.append(body)
        else:
            refused += 1
    return bodies, refused


def lua_string(text: str) -> str:
    """``text`` as a Lua long string, with a bracket level the text does not contain."""
    level = 0
    while f"]{'=' * level}]" in text:
        level += 1
    return f"[{'=' * level}[{text}]{'=' * level}]"


def wrk_script(path: Path, method: str, items: list[tuple[str, str | None]]) -> Path:
    """A wrk script cycling through ``items`` (path, body) from a different starting point in each thread."""
    lines = ["-- generated by bench/load.py", "local items = {"]
    lines += [f"  {{{lua_string(p)}, {lua_string(b) if b is not None else 'nil'}}}," for p, b in items]
    lines += [
        "}",
        "local prepared, index = {}, 0",
        "function init(args)",
        "  for i, item in ipairs(items) do",
        "    local headers = {}",
        '    if item[2] then headers["Content-Type"] = "application/json" end',
        f'    prepared[i] = wrk.format("{method}", item[1], headers, item[2])',
        "  end",
        "  index = ((thread_number or 1) - 1) * math.floor(#prepared / 4)",
        "end",
        "function request()",
        "  index = index % #prepared + 1",
        "  return prepared[index]",
        "end",
        _servers.WRK_DONE_LUA,
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def prime(base_url: str, method: str, items: list[tuple[str, str | None]], clients: int) -> float:
    """Send ``items`` from ``clients`` threads at once, each waiting for its answer, and return the seconds it
    took: every worker process gets requests, so that the measured run does not pay for their first ones
    (importing the views, building the card index and the search snapshot)."""
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    def send(item: tuple[str, str | None]) -> None:
        path, body = item
        request = urllib.request.Request(
            base_url + path,
            data=body.encode() if body is not None else None,
            method=method,
            headers={"Content-Type": "application/json"} if body is not None else {},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                response.read()
        except OSError:  # an HTTP error or a refused connection: the measured run will count those
            pass

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        list(pool.map(send, items))
    return time.perf_counter() - started


# --- running and reporting ----------------------------------------------------------------------------


def verdict(result: _servers.WrkResult, target: float) -> tuple[bool, list[str]]:
    misses = []
    if result.latency_ms["p99"] >= target:
        misses.append(f"p99 {result.latency_ms['p99']:.1f} ms is not under {target:g} ms")
    if result.non_2xx:
        misses.append(f"{result.non_2xx} answers were not 2xx")
    if result.errors:
        misses.append(f"{result.errors} socket errors")
    if not result.requests:
        misses.append("no request completed")
    return not misses, misses


def print_result(name: str, result: _servers.WrkResult, target: float) -> bool:
    met, misses = verdict(result, target)
    lat = result.latency_ms
    print(f"\n== {name}: {result.requests:,} requests in {result.duration_s:.1f} s")
    print("  wrk says:")
    print("\n".join(f"    {line}" for line in result.output.splitlines() if line.strip()))
    print(f"  requests/s     {result.rate:10,.1f}")
    print(
        f"  latency ms     p50 {lat['p50']:.2f}  p90 {lat['p90']:.2f}  p99 {lat['p99']:.2f}  max {lat['max']:.2f}"
        f"  (mean {lat['mean']:.2f})"
    )
    statuses = ", ".join(f"{status}: {n:,}" for status, n in sorted(result.statuses.items())) or "none"
    print(f"  statuses       {statuses}  (non-2xx: {result.non_2xx})")
    errors = ", ".join(f"{kind} {n}" for kind, n in result.socket_errors.items())
    print(f"  socket errors  {result.errors} ({errors})")
    print(f"  target (p99 < {target:g} ms, no errors): {'met' if met else 'NOT met: ' + '; '.join(misses)}")
    return met


def print_cpu(cpu_ms: float, connections: int) -> None:
    """The server's CPU time per request, and what it implies for two cores the server had to itself: other
    programs on the machine stretch the latencies above, much less this figure."""
    rate = 2000 / cpu_ms if cpu_ms else 0.0
    print(
        f"  server CPU     {cpu_ms:.2f} ms per request: two free cores serve at most {rate:,.0f} requests/s, "
        f"so {connections} clients wait at least {connections / rate * 1000 if rate else 0:,.0f} ms each (Little's law)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=60, help="measured seconds per scenario (default 60)")
    parser.add_argument("--connections", type=int, default=64, help="concurrent clients (default 64)")
    parser.add_argument("--threads", type=int, default=2, dest="wrk_threads", help="wrk threads (default 2)")
    parser.add_argument("--warmup", type=float, default=5, help="unmeasured seconds first (default 5)")
    parser.add_argument("--only", choices=["cards", "validate"], help="run one scenario")
    parser.add_argument("--queries", type=int, default=5000, help="card-search queries to cycle (default 5000)")
    parser.add_argument("--decks", type=int, default=300, help="archive decklists to cycle (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: gunicorn.conf.py's)")
    parser.add_argument("--worker-class", help="gunicorn worker class, e.g. sync or gthread")
    parser.add_argument("--worker-threads", type=int, help="gunicorn threads per worker (gthread)")
    parser.add_argument("--target", type=float, default=TARGET_P99_MS, help="p99 target in ms (default 100)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()

    wrk = _servers.find_wrk()
    if wrk is None:
        print("!" * 78)
        print("load bench SKIPPED: wrk is not installed and `apt-get install -y wrk` did not install it.")
        print("Install wrk (https://github.com/wg/wrk) to run it.")
        print("!" * 78)
        return 0

    # SIGTERM unwinds like Ctrl-C, through the `with` blocks that stop the server and drop the database.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    os.environ.update(UNTHROTTLED)  # the in-process checks below go through the same throttles
    scenarios = [name for name in ("cards", "validate") if args.only in (None, name)]
    with (
        tempfile.TemporaryDirectory(prefix="vtesdeck-load-") as tmp,
        _servers.throwaway_database(Path(tmp)) as database_url,
    ):
        folder = Path(tmp)
        started = time.perf_counter()
        card_search.setup_django(database_url)
        logging.disable(logging.INFO)  # the in-process checks below would log every request
        from django.db import connection, connections

        holding = card_search.prepare_database()
        where = f"{connection.vendor} {connection.settings_dict['NAME']}"
        scripts, items = {}, {}
        if "cards" in scenarios:
            paths = card_queries(args.queries, args.seed)
            items["cards"] = ("GET", [(p, None) for p in paths])
            scripts["cards"] = wrk_script(folder / "cards.lua", "GET", items["cards"][1])
            print(f"card search: {len(paths):,} queries ({len(set(paths)):,} distinct), seed {args.seed}")
        if "validate" in scenarios:
            bodies, refused = validate_bodies(args.decks)
            items["validate"] = ("POST", [(VALIDATE, b) for b in bodies])
            scripts["validate"] = wrk_script(folder / "validate.lua", "POST", items["validate"][1])
            print(
                f"validate: {len(bodies)} archive decklists"
                + (f" ({refused} answered non-200, left out)" * bool(refused))
            )
        connections.close_all()
        print(f"database: {where}, {holding} (ready in {time.perf_counter() - started:.1f} s)")

        server = _servers.Gunicorn(
            log=folder / "gunicorn.log",
            env={**UNTHROTTLED, "DATABASE_URL": database_url, "DJANGO_DEBUG": "false"},
            workers=args.workers,
            worker_class=args.worker_class,
            threads=args.worker_threads,
        )
        print(f"server: {' '.join(server.command())}")
        print(
            f"load: wrk {args.wrk_threads} threads, {args.connections} connections, {args.warmup:g} s warm-up, "
            f"{args.duration:g} s measured per scenario"
        )
        figures: dict = {"database": connection.vendor, "connections": args.connections, "target_p99_ms": args.target}
        met_all = True
        try:
            with server:
                for name in scenarios:
                    url = server.url + (CARDS if name == "cards" else VALIDATE)
                    options = {"connections": args.connections, "threads": args.wrk_threads, "wrk": wrk}
                    method, sample = items[name]
                    primed = prime(server.url, method, sample[: 4 * args.connections], args.connections)
                    print(f"\n{name}: every worker's first requests took {primed:.1f} s (not measured)")
                    if args.warmup > 0:
                        _servers.run_wrk(url, scripts[name], duration=args.warmup, **options)
                    cpu_before = server.cpu_seconds()
                    result = _servers.run_wrk(url, scripts[name], duration=args.duration, **options)
                    cpu_ms = (server.cpu_seconds() - cpu_before) * 1000 / max(1, result.requests)
                    met_all &= print_result(name, result, args.target)
                    print_cpu(cpu_ms, args.connections)
                    figures[name] = {
                        **result.figures(),
                        "server_cpu_ms_per_request": round(cpu_ms, 2),
                        "target_met": verdict(result, args.target)[0],
                    }
        except RuntimeError as exc:
            print(f"load bench failed: {exc}\nserver log:\n{server.log_tail()}")
            return 1
        log = server.log.read_text(errors="replace").splitlines()
        boots = sum("Booting worker" in line for line in log)
        print(f"\nserver: {boots} worker starts (restarts after max_requests included)")
        trouble = [line for line in log if any(word in line for word in ("Traceback", "ERROR", "CRITICAL", "TIMEOUT"))]
        if trouble:
            print(f"the server logged {len(trouble)} errors, e.g.:")
            print("\n".join(f"  {line}" for line in trouble[:10]))

    print(f"\ntarget: p99 under {args.target:g} ms with no errors, every scenario: {'met' if met_all else 'NOT met'}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 1 if args.check and not met_all else 0


if __name__ == "__main__":
    sys.exit(main())
