"""Machine instructions per simulated game and per API request, counted by valgrind: the same figure on any host.

    .venv/bin/python bench/instructions.py [--games 10] [--requests 200] [--only games,cards,validate]
                                           [--against REV ...] [--json FILE]

The speed targets (bench/games.py's games per second, bench/load.py's CPU per request) are seconds, and
seconds depend on the host: the same code ran 8.4 games/s on one session's machine and 17-20 on another's, and
one machine's speed drifts by a third within a day. So a change's gain cannot be told from a rerun on another
day, and a 5 % change is lost in a day's noise. Instructions can: callgrind counts what the process executes,
the same count for the same code and inputs whatever else the machine runs (a game's to 0.2 %; a request's to
about 2 %, its id and clock reads being random).

For the working tree and each ``--against`` revision (a temporary git worktree, removed afterwards), per
scenario: ``games``, five-seat games of heuristic bots at random archive tables (bench/games.py's; the
engine as plain Python, the source every build compiles); ``cards`` and ``validate``, bench/load.py's card
searches and validations through Django's WSGI handler in one process (bench/api_profile.py's). The setup runs
uninstrumented; only the measured loop is counted. Prints instructions per game or request, and each tree's
ratio to the first revision named (1.00 = as many instructions; below 1, fewer). Instructions are not
seconds (a cache miss costs more than an add), but for the interpreter's work they move together: quote the
ratio beside bench/games.py's games per second, measured in one run.

Needs valgrind (Debian's package); without it, says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PROJECT = BENCH.parent
CHILD = BENCH / "_instructions_child.py"
SCENARIOS = ("games", "cards", "validate")
_COLLECTED = re.compile(r"Collected : (\d+)")
_DECISIONS = re.compile(r"^decisions (\d+)$", re.MULTILINE)


def count(tree: Path, scenario: str, n: int, twda: Path) -> tuple[int, int]:
    """The instructions of ``n`` games or requests of ``scenario`` in ``tree`` (callgrind's "Collected"), and
    the decisions those games took (0 for requests)."""
    with tempfile.TemporaryDirectory(prefix="vtesdeck-callgrind-") as tmp:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={tmp}/callgrind.out",
            sys.executable,
            str(CHILD),
            str(tree),
            scenario,
            str(n),
        ]
        env = {
            **os.environ,
            "PYTHONHASHSEED": "0",  # sets and dicts of strings iterate alike in every run
            "VTESDECK_PURE": "1",
            "VTESDECK_TWDA": str(twda),
            "DJANGO_DEBUG": "false",
        }
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-5:])
        raise RuntimeError(f"{scenario} in {tree}: exit {done.returncode}\n{tail}")
    decisions = _DECISIONS.search(done.stdout)
    return int(found.group(1)), int(decisions.group(1)) if decisions else 0


def worktree(revision: str, into: Path) -> Path:
    """A detached checkout of ``revision`` beside the working tree's venv (the venv is shared: its packages
    are what the tree pins, and an older revision's pins are the same or fewer)."""
    path = into / revision.replace("/", "_")
    subprocess.run(
        ["git", "-C", str(PROJECT), "worktree", "add", "--detach", str(path), revision],
        capture_output=True,
        check=True,
    )
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games counted per tree (default 10)")
    parser.add_argument("--requests", type=int, default=200, help="requests counted per tree and scenario (200)")
    parser.add_argument("--only", default=",".join(SCENARIOS), help="scenarios, comma-separated (default: all)")
    parser.add_argument("--against", nargs="*", default=[], metavar="REV", help="git revisions measured too")
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()
    scenarios = [s for s in args.only.split(",") if s]
    if unknown := set(scenarios) - set(SCENARIOS):
        parser.error(f"unknown scenario(s): {', '.join(sorted(unknown))} (known: {', '.join(SCENARIOS)})")
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("bench/instructions.py: SKIPPED: valgrind is not installed (apt-get install valgrind)")
        return 0
    if "games" in scenarios and not args.twda.is_dir():
        print(f"bench/instructions.py: no archive at {args.twda}: games not counted")
        scenarios.remove("games")
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="vtesdeck-revisions-") as tmp:
        trees: dict[str, Path] = {}
        try:
            for revision in args.against:
                try:
                    trees[revision] = worktree(revision, Path(tmp))
                except subprocess.CalledProcessError as exc:  # not a git clone, or no such revision
                    print(f"  {revision}: not measured: git worktree failed: {exc.stderr.decode().strip()}")
            trees["working tree"] = PROJECT
            jobs = [(name, s) for s in scenarios for name in trees]
            per = {"games": args.games, "cards": args.requests, "validate": args.requests}
            # two at a time: each child is one process, and valgrind's count does not depend on sharing the CPU
            with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
                futures = {job: pool.submit(count, trees[job[0]], job[1], per[job[1]], args.twda) for job in jobs}
                for (name, scenario), future in futures.items():
                    try:
                        instructions, decisions = future.result()
                    except RuntimeError as exc:
                        print(f"  {name}: {scenario} not counted: {exc}")
                        continue
                    figures.setdefault(name, {})[scenario] = instructions / per[scenario]
                    if decisions:
                        figures[name]["decision"] = instructions / decisions
        finally:
            for path in trees.values():
                if path != PROJECT:
                    subprocess.run(
                        ["git", "-C", str(PROJECT), "worktree", "remove", "--force", str(path)], capture_output=True
                    )
    unit = {"games": "game", "cards": "card search", "validate": "validate"}
    first = next(iter(figures.values()), {})
    print(f"instructions (callgrind; engine as plain Python; {args.games} games, {args.requests} requests each)")
    for name, row in figures.items():
        cells = []
        for scenario in scenarios:
            if scenario in row:
                ratio = f" ({row[scenario] / first[scenario]:.2f}x)" if scenario in first and len(figures) > 1 else ""
                digits = 1 if scenario == "games" else 2  # a request is a few million: 1 % is 0.04M
                cells.append(f"{unit[scenario]} {row[scenario] / 1e6:,.{digits}f}M{ratio}")
        if "decision" in row:  # games differ in length from one revision to another: per decision too
            ratio = f" ({row['decision'] / first['decision']:.2f}x)" if "decision" in first and len(figures) > 1 else ""
            cells.insert(1, f"decision {row['decision'] / 1e3:,.0f}k{ratio}")
        print(f"  {name:14s} " + "; ".join(cells))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
