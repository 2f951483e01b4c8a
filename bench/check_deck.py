"""The whole ``manage.py check_deck --as-of deck --json`` process over the archive, beside krcg 4.19's parser alone.

    .venv/bin/python bench/check_deck.py [--twda ../shared/twda] [--rounds 3] [--repeat 3] [--krcg-passes 2]
                                         [--krcg-python PATH] [--check]

What a judge or a script pays: one ``check_deck`` process given every archive decklist as a path, from the
interpreter's start to its exit (Django, the card list, reading, parsing, validating and printing one JSON
report per deck to a file), timed from outside. krcg's figure is its parse alone, inside its process, with
its card list loaded beforehand and not counted (``bench/krcg_parse.py`` in krcg's own virtual environment,
``make bench`` makes it); it validates nothing and prints nothing.

Each round measures, one after the other so that the machine's load weighs on all alike, the best of
``--repeat`` runs of each of these:

* ``check_deck`` just after an import: no snapshot yet, so it builds the card index from the database,
  reads every line afresh and writes the snapshot (``cards.snapshot``), as the first run after each
  ``import_cards`` does;
* ``check_deck`` again: every later run, the card index and the lines already read come from the snapshot;
* ``check_deck`` over the odd-numbered half of the archive with a snapshot that has read only the other
  half: decklists it has not seen, as a judge's new event would be (compared in decks per second);

then krcg's parse, the best of ``--krcg-passes`` passes in one process. A run with snapshots off
(``CARD_SNAPSHOT_DIR=""``) comes first: its JSONL is the reference every other whole-archive run must match
byte for byte (the snapshot must change nothing but the time). Wall and CPU seconds (user + system, the
operating system's count for the child) are printed; ratios are krcg's parse time over ours, per round, then
their median. The database is a throwaway SQLite one in a temporary folder (migrated, the bundled card list
imported), or a fresh one on the server BENCH_DATABASE_URL names; the snapshots go to a temporary folder too.
``--check`` exits 1 when the median ratio of the later runs is under 4.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _servers import PROJECT, PYTHON, manage, throwaway_database

TARGET_RATIO = 4.0


def timed(command: list[str], *, env: dict[str, str], cwd: Path, output: Path) -> tuple[float, float]:
    """Run ``command`` with its stdout to ``output``; its wall and CPU seconds (RuntimeError if it fails)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with output.open("wb") as out:
        start = time.perf_counter()
        result = subprocess.run(command, env=env, cwd=cwd, stdout=out, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode:
        raise RuntimeError(f"{' '.join(command[:4])} … exited {result.returncode}:\n{result.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def krcg(python: str, folder: Path, scratch: Path, passes: int) -> dict:
    """krcg's parse of ``folder``, best of ``passes``: {"decks", "seconds", "cpu_seconds", "load_seconds"}."""
    out = scratch / "krcg.json"
    # Not from the project folder: our `cards` app would shadow krcg's package of that name.
    timed(
        [python, str(PROJECT / "bench" / "krcg_parse.py"), str(folder.resolve()), str(passes)],
        env=dict(os.environ),
        cwd=Path("/"),
        output=out,
    )
    return json.loads(out.read_text().strip().splitlines()[-1])


def best(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The best wall time of some runs, and the best CPU time (each may come from a different run)."""
    return min(w for w, _ in runs), min(c for _, c in runs)


def _rate_ratio(decks: int, seconds: float, parse: dict) -> float:
    """Our decks per second over krcg's (for runs over different numbers of decks)."""
    return (decks / seconds) / (parse["decks"] / parse["seconds"])


def spread(values: list[float]) -> str:
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each kind per round, the best counted")
    parser.add_argument("--krcg-passes", type=int, default=2, help="krcg's passes per round, the best counted")
    parser.add_argument("--krcg-python", default=str(PROJECT / "bench" / ".venv-krcg" / "bin" / "python"))
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {TARGET_RATIO:.0f}x krcg")
    args = parser.parse_args()

    files = sorted(args.twda.resolve().glob("*.txt"))
    if not files:
        print(f"no decklists in {args.twda}")
        return 1
    has_krcg = Path(args.krcg_python).exists()
    if not has_krcg:
        print(f"krcg comparison SKIPPED: no {args.krcg_python} (make bench creates it with krcg==4.19)")
    with tempfile.TemporaryDirectory(prefix="vtesdeck-bench-check-") as tmp:
        scratch = Path(tmp)
        with throwaway_database(scratch) as database_url:
            manage(database_url, "migrate", "--verbosity", "0")
            manage(database_url, "import_cards", "--verbosity", "0")
            snapshots = scratch / "snapshots"
            env = {
                **os.environ,
                "DATABASE_URL": database_url,
                "DJANGO_DEBUG": "false",
                "CARD_SNAPSHOT_DIR": str(snapshots),
            }
            command = [PYTHON, "manage.py", "check_deck", "--as-of", "deck", "--json", *map(str, files)]

            def ours(name: str, **extra: str) -> tuple[float, float]:
                output = scratch / f"{name}.jsonl"
                wall, cpu = timed(command, env={**env, **extra}, cwd=PROJECT, output=output)
                digest = hashlib.sha256(output.read_bytes()).hexdigest()
                outputs.setdefault(digest, []).append(name)
                return wall, cpu

            outputs: dict[str, list[str]] = {}
            print(
                f"check_deck --as-of deck --json over {len(files)} TWDA decklists, one process each; {args.rounds} "
                f"rounds, best of {args.repeat} runs of each kind per round; krcg 4.19 parse alone beside it, best "
                f"of {args.krcg_passes} passes"
            )
            plain = ours("no-snapshot", CARD_SNAPSHOT_DIR="")
            print(f"  check_deck, snapshots off (the reference output): {plain[0]:.2f} s wall, {plain[1]:.2f} s CPU")
            reference = next(iter(outputs))
            seen, unseen = files[::2], files[1::2]
            prepared, half = scratch / "snapshots-seen-half", scratch / "snapshots-half"
            first, later, new, theirs = [], [], [], []
            for number in range(1, args.rounds + 1):
                runs = []
                for repeat in range(args.repeat):
                    shutil.rmtree(snapshots, ignore_errors=True)  # as after an import: no snapshot of this list yet
                    runs.append(ours(f"first-{number}-{repeat}"))
                first.append(best(runs))
                later.append(best([ours(f"later-{number}-{repeat}") for repeat in range(args.repeat)]))
                # A snapshot that has read one half of the archive (not timed), copied afresh for each run.
                shutil.rmtree(prepared, ignore_errors=True)
                timed(
                    [*command[: -len(files)], *map(str, seen)],
                    env={**env, "CARD_SNAPSHOT_DIR": str(prepared)},
                    cwd=PROJECT,
                    output=scratch / "seen.jsonl",
                )
                runs = []
                for _ in range(args.repeat):
                    shutil.rmtree(half, ignore_errors=True)
                    shutil.copytree(prepared, half)
                    runs.append(
                        timed(
                            [*command[: -len(files)], *map(str, unseen)],
                            env={**env, "CARD_SNAPSHOT_DIR": str(half)},
                            cwd=PROJECT,
                            output=scratch / "unseen.jsonl",
                        )
                    )
                new.append(best(runs))
                line = (
                    f"  round {number}: check_deck first after an import {first[-1][0]:.2f} s (CPU "
                    f"{first[-1][1]:.2f}), later {later[-1][0]:.2f} s (CPU {later[-1][1]:.2f}), unseen half "
                    f"{new[-1][0]:.2f} s = {len(unseen) / new[-1][0]:,.0f} decks/s"
                )
                if has_krcg:
                    theirs.append(krcg(args.krcg_python, args.twda, scratch, args.krcg_passes))
                    parse = theirs[-1]
                    line += (
                        f" | krcg parse {parse['seconds']:.2f} s (CPU {parse['cpu_seconds']:.2f}) | ratio "
                        f"{parse['seconds'] / later[-1][0]:.1f}x, first run {parse['seconds'] / first[-1][0]:.1f}x, "
                        f"unseen {_rate_ratio(len(unseen), new[-1][0], parse):.1f}x"
                    )
                print(line, flush=True)

    identical = len(outputs) == 1 and next(iter(outputs)) == reference
    print(
        f"JSONL output of all {sum(map(len, outputs.values()))} check_deck runs identical to the run without "
        f"snapshots: {'yes' if identical else 'NO: ' + repr(outputs)}"
    )
    print("min / median / max over the rounds' best, seconds:")
    print(
        f"  check_deck, later runs (snapshot):          wall {spread([w for w, _ in later])}, "
        f"CPU {spread([c for _, c in later])}"
    )
    print(
        f"  check_deck, first run after an import:      wall {spread([w for w, _ in first])}, "
        f"CPU {spread([c for _, c in first])}"
    )
    print(
        f"  check_deck, the half the snapshot had not seen ({len(files) // 2} decks):  "
        f"wall {spread([w for w, _ in new])}, CPU {spread([c for _, c in new])}"
    )
    if not theirs:
        return 0 if identical else 1
    print(
        f"  krcg 4.19 parse alone (card list not counted): wall {spread([t['seconds'] for t in theirs])}, "
        f"CPU {spread([t['cpu_seconds'] for t in theirs])}"
    )
    ratios = [t["seconds"] / w for t, (w, _) in zip(theirs, later, strict=True)]
    cpu_ratios = [t["cpu_seconds"] / c for t, (_, c) in zip(theirs, later, strict=True)]
    first_ratios = [t["seconds"] / w for t, (w, _) in zip(theirs, first, strict=True)]
    print(
        f"ratio, krcg's parse alone / our whole process (later runs): {' '.join(f'{r:.1f}x' for r in ratios)}; "
        f"median {statistics.median(ratios):.1f}x wall, {statistics.median(cpu_ratios):.1f}x CPU "
        f"(target: at least {TARGET_RATIO:.0f}x)"
    )
    print(
        f"ratio for the first run after an import: {' '.join(f'{r:.1f}x' for r in first_ratios)}; "
        f"median {statistics.median(first_ratios):.1f}x"
    )
    unseen_ratios = [_rate_ratio(len(files) // 2, w, t) for t, (w, _) in zip(theirs, new, strict=True)]
    print(
        f"ratio in decks per second on the half the snapshot had not seen: "
        f"{' '.join(f'{r:.1f}x' for r in unseen_ratios)}; median {statistics.median(unseen_ratios):.1f}x"
    )
    if not identical:
        return 1
    return 1 if args.check and statistics.median(ratios) < TARGET_RATIO else 0


if __name__ == "__main__":
    sys.exit(main())
