"""Opening hands per second on one core: the draw simulator's hot path, in process.

    .venv/bin/python bench/hands.py [--twda ../shared/twda] [--decks 4] [--hands 1000000] [--rounds 3] [--check]

A few tournament decks spread over the archive are compiled once (not timed); then each is dealt
``--hands`` opening hands (7 library + 4 crypt cards) through ``draws.simulate_chunk``, chunk by chunk with
the default chunk size, exactly as a worker deals them, ``--rounds`` times (the best round is quoted: the
machine may be busy with other work), in two modes:

* per-card statistics (``detail="cards"``): the share of hands holding each library and crypt card, the
  issue's target of at least 1,000,000 hands/s;
* the full report: per card, every group, the playable hand, the first and second vampire, and three
  conditions.

The process is pinned to one CPU where the system allows it, and the BLAS/OpenMP pools are held to one
thread (the dealing uses neither). Seconds are wall time of the dealing alone; merging and the report
(milliseconds) are timed apart. Peak memory is the process's peak resident size (card list included) and
the peak of the arrays one chunk allocates (tracemalloc, measured in a separate pass so it costs the timed
runs nothing). ``--check`` exits 1 when a deck deals fewer than 1,000,000 hands/s with per-card statistics.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from pathlib import Path  # noqa: E402

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from vtesdeck.core import carddb, decklist, draws  # noqa: E402

TARGET = 1_000_000  # opening hands per second, per-card statistics, one core
CONDITIONS = [
    'library.type("Master") >= 2 and crypt.capacity("<=6") >= 1',
    'library.type("Combat") + library.type("Reaction") >= 2 or crypt.title()',
    'not crypt.capacity(">=9") and library.type("Action") != 1',
]


def pin_to_one_core() -> str:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"


def sample(folder: Path, count: int) -> list[Path]:
    files = sorted(folder.glob("*.txt"))
    return [files[i * len(files) // count + len(files) // (2 * count)] for i in range(count)] if files else []


def deal(plan: draws.HandsPlan, hands: int, detail: str) -> tuple[float, list[dict]]:
    started = time.perf_counter()
    tallies = [draws.simulate_chunk(plan, n, 1, i, detail=detail) for i, n in enumerate(draws.chunk_sizes(hands))]
    return time.perf_counter() - started, tallies


def chunk_peak(plan: draws.HandsPlan, detail: str) -> int:
    tracemalloc.start()
    draws.simulate_chunk(plan, draws.DEFAULT_CHUNK_SIZE, 1, 0, detail=detail)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--decks", type=int, default=4)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {TARGET:,} hands/s (per-card)")
    args = parser.parse_args()

    pinned = pin_to_one_core()
    paths = sample(args.twda, args.decks)
    if not paths:
        print(f"no decklists in {args.twda}")
        return 1
    cards = carddb.load()
    print(
        f"opening hands (7 library + 4 crypt), {args.hands:,} per deck and mode, best of {args.rounds}, "
        f"chunks of {draws.DEFAULT_CHUNK_SIZE:,}, one process, {pinned}"
    )
    slowest = float("inf")
    totals = {"cards": [0, 0.0], "full": [0, 0.0]}
    for path in paths:
        deck = decklist.parse(path.read_bytes(), cards, path=path.name)
        plan = draws.compile_plan(deck, cards, conditions=CONDITIONS)
        draws.simulate_chunk(plan, 60_000, 0, 0)  # warm: tables built, code paths loaded
        rates = {}
        for detail in ("cards", "full"):
            seconds, tallies = min((deal(plan, args.hands, detail) for _ in range(args.rounds)), key=lambda r: r[0])
            rates[detail] = args.hands / seconds
            totals[detail][0] += args.hands
            totals[detail][1] += seconds
        started = time.perf_counter()
        draws.hands_report(plan, draws.merge_tallies(tallies), seed=1, seconds=seconds)
        report_ms = (time.perf_counter() - started) * 1000
        slowest = min(slowest, rates["cards"])
        print(
            f"  {path.name:<28} library {plan.library_size:>3} ({len(plan.library):>2} distinct), crypt "
            f"{plan.crypt_size:>2}: per-card {rates['cards']:>12,.0f} hands/s   full report "
            f"{rates['full']:>11,.0f} hands/s   (merge + report {report_ms:.0f} ms)"
        )
    for detail, label in (("cards", "per-card statistics"), ("full", "full report")):
        hands, seconds = totals[detail]
        print(f"all decks, {label}: {hands / seconds:,.0f} hands/s")
    peak_chunk = {detail: chunk_peak(plan, detail) for detail in ("cards", "full")}
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    print(
        f"peak memory: process {peak_rss:,.0f} MB (card list included); one chunk's arrays "
        f"{peak_chunk['cards'] / 2**20:.1f} MB per-card, {peak_chunk['full'] / 2**20:.1f} MB full"
    )
    verdict = "met" if slowest >= TARGET else "MISSED"
    print(f"target {TARGET:,} hands/s per-card on one core: {verdict} (slowest deck {slowest:,.0f})")
    return 1 if args.check and slowest < TARGET else 0


if __name__ == "__main__":
    sys.exit(main())
