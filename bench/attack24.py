"""Replay issue 24's attacks (items 1-12) on a production-like site, each on a fresh database and server.

    .venv/bin/python bench/attack24.py [--only NAME[,NAME...]] [--list]

Each scenario is a function in a module ``bench/attack24_<area>.py`` registered with ``@scenario`` (see
bench/_attack24.py, which also builds the site: a throwaway database with the card list, gunicorn with the
project's gunicorn.conf.py pinned to two cores, DEBUG off, and a Celery worker where the scenario needs one).
Every scenario runs in a process of its own (Django's settings are read once per process), prints its figures
(/healthz latency throughout the attack, server CPU and memory, what was stored) and PASS or FAIL. The exit
status is 1 when any scenario failed.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(1, str(BENCH))

import _attack24  # noqa: E402


def load_scenarios() -> dict[str, _attack24.Scenario]:
    for module in sorted(BENCH.glob("attack24_*.py")):
        importlib.import_module(module.stem)
    return dict(sorted(_attack24.SCENARIOS.items(), key=lambda item: (item[1].item, item[0])))


def run_one(name: str) -> int:
    chosen = load_scenarios()[name]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # unwinds through the site's `with` blocks
    with _attack24.site_for(chosen) as site:
        ok = chosen.run(site)
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated scenario names (default: all)")
    parser.add_argument("--list", action="store_true", help="list the scenarios and exit")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process running one scenario
    args = parser.parse_args()
    if args.one:
        return run_one(args.one)
    scenarios = load_scenarios()
    if args.list:
        for name, chosen in scenarios.items():
            print(f"item {chosen.item:2d}  {name:28s} {chosen.doc}")
        return 0
    names = args.only.split(",") if args.only else list(scenarios)
    unknown = [name for name in names if name not in scenarios]
    if unknown:
        parser.error(f"no scenario called {', '.join(unknown)} (--list shows them)")
    results = {}
    for name in names:
        chosen = scenarios[name]
        print(f"\n=== item {chosen.item}: {name} — {chosen.doc}", flush=True)
        started = time.monotonic()
        code = subprocess.call([sys.executable, __file__, "--one", name])
        results[name] = code == 0
        print(f"=== {name}: {'PASS' if code == 0 else 'FAIL'} in {time.monotonic() - started:.0f} s", flush=True)
    print("\nsummary:")
    for name, ok in results.items():
        print(f"  {'PASS' if ok else 'FAIL'}  item {scenarios[name].item:2d}  {name}")
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
