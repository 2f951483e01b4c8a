"""Parse + validate every Tournament Winning Deck Archive decklist, side by side with the krcg parser.

    .venv/bin/python bench/decklists.py [--twda ../shared/twda] [--rounds 3] [--krcg-python PATH]

Our side: each file's bytes go through `decklist.parse` (format detection included, as a judge's paste
would) and `validate(..., as_of="deck")`. krcg's side: `bench/krcg_parse.py`, run by the Python of a
separate virtual environment holding krcg==4.19 (`make bench` makes it in bench/.venv-krcg) and from a
folder outside the project, since krcg's top-level `cards` package and our app share a name. krcg only
parses (its `twda=True` mode, told the format); it validates nothing. Both read the same files from
memory, card lists loaded beforehand (load times printed apart). Our first pass runs with every cache
empty and is the one held to the target; the best of `--rounds` more passes is printed beside it. krcg's
best of `--rounds` is quoted, and the ratio comes from the same run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from vtesdeck.core import carddb, decklist  # noqa: E402
from vtesdeck.core.validate import validate  # noqa: E402

TARGET_RATIO = 4.0


def ours(files: list[tuple[str, bytes]], rounds: int) -> dict[str, object]:
    """The first pass over the archive with every cache empty (a fresh card list: its resolver has seen
    no line yet), then the best of ``rounds`` further passes, when every line is a cache hit."""
    t0 = time.perf_counter()
    cards = carddb.load()
    load_seconds = time.perf_counter() - t0
    times = []
    verdicts: dict[str, int] = {}
    for _ in range(1 + rounds):
        verdicts = {"legal": 0, "illegal": 0, "unresolved lines": 0}
        t0 = time.perf_counter()
        for _name, data in files:
            deck = decklist.parse(data, cards)
            report = validate(deck, cards, as_of="deck")
            verdicts["legal" if report.legal else "illegal"] += 1
            verdicts["unresolved lines"] += len(deck.unresolved)
        times.append(time.perf_counter() - t0)
    return {"cold": times[0], "warm": min(times[1:]), "load_seconds": load_seconds, "verdicts": verdicts}


def krcg(python: str, folder: Path, rounds: int) -> dict | None:
    if not Path(python).exists():
        print(f"krcg comparison SKIPPED: no {python} (make bench creates it with krcg==4.19)")
        return None
    run = subprocess.run(
        [python, str(PROJECT / "bench" / "krcg_parse.py"), str(folder.resolve()), str(rounds)],
        cwd="/",  # not the project folder: its `cards` app would shadow krcg's package
        capture_output=True,
        text=True,
    )
    if run.returncode:
        print(f"krcg comparison FAILED:\n{run.stderr[-2000:]}")
        return None
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--krcg-python", default=str(PROJECT / "bench" / ".venv-krcg" / "bin" / "python"))
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {TARGET_RATIO}x krcg")
    args = parser.parse_args()

    files = [(p.name, p.read_bytes()) for p in sorted(args.twda.glob("*.txt"))]
    if not files:
        print(f"no decklists in {args.twda}")
        return 1
    measured = ours(files, args.rounds)
    cold, warm = len(files) / measured["cold"], len(files) / measured["warm"]
    print(
        f"vtesdeck parse + validate over {len(files)} TWDA decks (card list loaded in "
        f"{measured['load_seconds']:.2f} s, not counted):"
    )
    print(f"  first pass, caches empty: {measured['cold']:.2f} s = {cold:,.0f} decks/s")
    print(f"  best of {args.rounds} more, caches warm: {measured['warm']:.2f} s = {warm:,.0f} decks/s")
    print(f"  verdicts: {measured['verdicts']}")
    other = krcg(args.krcg_python, args.twda, args.rounds)
    if other is None:
        return 0
    krcg_rate = other["decks"] / other["seconds"]
    ratio = cold / krcg_rate
    print(
        f"krcg 4.19 parse only, best of {args.rounds}: {other['decks']} decks in {other['seconds']:.2f} s = "
        f"{krcg_rate:,.0f} decks/s (card list loaded in {other['load_seconds']:.2f} s, not counted)"
    )
    print(
        f"ratio: our cold first pass (parse + validate) is {ratio:.1f}x krcg's best parse alone; warm "
        f"{warm / krcg_rate:.1f}x (target: at least {TARGET_RATIO:.0f}x)"
    )
    return 1 if args.check and ratio < TARGET_RATIO else 0


if __name__ == "__main__":
    sys.exit(main())
