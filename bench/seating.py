"""Seating quality and time: seat_rounds for N players and 2-4 rounds, the R1..R9 figures and the CPU time.

    .venv/bin/python bench/seating.py                       # N = 4..60, rounds 2-4, then 3 rounds of 100
    .venv/bin/python bench/seating.py --players 8-24 --rounds 3 --drops 2 --reference 20000

For each N and number of rounds it prints the criteria (R1 must be 0 whenever it can be) and the seconds
seat_rounds took (process time: the machine's other load counts less). ``--drops K`` seats round 1, drops
players 1..K and seats the rest given round 1, as an event does. ``--reference ITER`` also runs a plain
simulated annealing written the obvious way (random swaps between two tables of a round, every seating
scored from scratch by ``score``, one weighted sum of the criteria) with ITER swaps, and prints which one
is better, comparing the criteria in priority order. The last line is the target: 3 rounds of 100 players
under 5 s on one core. It prints and never asserts.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vtesdeck.core.events.seating import CRITERIA, score, seat_rounds, table_sizes  # noqa: E402

WEIGHTS = [1000.0 ** (8 - k) for k in range(9)]


def key(figures: dict[str, float]) -> tuple[float, ...]:
    return tuple(round(figures[c], 6) for c in CRITERIA)


def reference(players: int, rounds: int, iterations: int, seed: int) -> list[list[list[int]]]:
    """A plain annealing over whole seatings, scored from scratch (only for seatable N, no drops)."""
    rng = random.Random(seed)
    seating = []
    for _ in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        tables, start = [], 0
        for size in table_sizes(players):
            tables.append(order[start : start + size])
            start += size
        seating.append(tables)

    def energy(s: list[list[list[int]]]) -> float:
        figures = score(s)
        return sum(w * figures[c] for w, c in zip(WEIGHTS, CRITERIA, strict=True))

    current = energy(seating)
    best, best_key = [[list(t) for t in r] for r in seating], key(score(seating))
    for step in range(iterations):
        temperature = 2.0 * (0.01 / 2.0) ** (step / iterations)
        r = rng.randrange(rounds)
        t1, t2 = rng.randrange(len(seating[r])), rng.randrange(len(seating[r]))
        i1, i2 = rng.randrange(len(seating[r][t1])), rng.randrange(len(seating[r][t2]))
        seating[r][t1][i1], seating[r][t2][i2] = seating[r][t2][i2], seating[r][t1][i1]
        after = energy(seating)
        if after <= current or rng.random() < math.exp((current - after) / temperature):
            current = after
            k = key(score(seating))
            if k < best_key:
                best, best_key = [[list(t) for t in r] for r in seating], k
        else:
            seating[r][t1][i1], seating[r][t2][i2] = seating[r][t2][i2], seating[r][t1][i1]
    return best


def span(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def row(label: str, figures: dict[str, float], seconds: float, extra: str = "") -> str:
    cells = " ".join(f"{figures[c]:>6.3f}" if isinstance(figures[c], float) else f"{figures[c]:>6}" for c in CRITERIA)
    return f"{label:<14} {cells} {seconds:>7.2f}s {extra}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="4-60", help="N or a range LOW-HIGH (default 4-60)")
    parser.add_argument("--rounds", default="2-4", help="rounds or a range (default 2-4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--drops", type=int, default=0, help="players who drop after round 1")
    parser.add_argument("--reference", type=int, default=0, help="swaps of the plain annealing to compare")
    parser.add_argument("--no-hundred", action="store_true", help="skip the 100-player timing")
    args = parser.parse_args()

    print(f"{'N x rounds':<14} " + " ".join(f"{c:>6}" for c in CRITERIA) + "     time")
    wins = losses = ties = 0
    for rounds in span(args.rounds):
        for players in span(args.players):
            start = time.process_time()
            try:
                if args.drops and players - args.drops >= 4:
                    first = seat_rounds(players, rounds, seed=args.seed)[:1]
                    present = set(range(args.drops + 1, players + 1))
                    seating = seat_rounds(players, rounds, seed=args.seed, played=first, present=present)
                else:
                    seating = seat_rounds(players, rounds, seed=args.seed)
            except ValueError as error:
                print(f"{players:>3} x {rounds:<8} refused: {error}")
                continue
            seconds = time.process_time() - start
            figures = score(seating)
            extra = ""
            if args.reference and not args.drops and players not in (6, 7, 11):
                ref = score(reference(players, rounds, args.reference, args.seed))
                mine, theirs = key(figures), key(ref)
                verdict = "better" if mine < theirs else "worse" if mine > theirs else "same"
                wins += verdict == "better"
                losses += verdict == "worse"
                ties += verdict == "same"
                extra = f"{verdict} than reference " + " ".join(
                    f"{c}={ref[c]:.3f}" if isinstance(ref[c], float) else f"{c}={ref[c]}" for c in CRITERIA
                )
            print(row(f"{players:>3} x {rounds}", figures, seconds, extra), flush=True)
    if args.reference:
        print(f"against the reference: {wins} better, {ties} the same, {losses} worse")
    if not args.no_hundred:
        start = time.process_time()
        seating = seat_rounds(100, 3, seed=args.seed)
        seconds = time.process_time() - start
        print(row("100 x 3", score(seating), seconds, f"target 5 s: {'met' if seconds < 5 else 'MISSED'}"))


if __name__ == "__main__":
    main()
