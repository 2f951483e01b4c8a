"""The bots' yardstick (issue 28 item 2): a bot against the frozen ``baseline`` at random tables of archive winners.

    .venv/bin/python bench/bots.py [--twda ../shared/twda] [--tables 400] [--seed 1] [--jobs 2]
                                   [--new heuristic] [--old baseline] [--rounds R] [--field-games N]

Each table is five distinct archive decks since 2018, drawn at random (seeded), and is played five times with
the same game seed: the ``--new`` bot at two seats that are not predator and prey of each other (seats r and
r + 2 in rotation r), the ``--old`` bot at the other three. Over the five rotations every seat, so every deck,
holds the new bot twice: what a deck or a seat is worth cancels, and what is left is the bot. 400 tables make
issue 28's 2,000 games.

Printed: the new bot's seats' share of the VP (parity is 40 %, the target at least 50 %) and of the game wins
(parity 40 %), each with its 95 % interval over the tables (the mean of the per-table shares ± 1.96 standard
errors: the five games of a table are not independent, the tables are), and the VP a seat by archetype for
both bots. ``--field-games N`` also plays N tables with the new bot at every seat and prints the game-win share
of each named archetype (issue 28: no archetype's below a third of the best's).

The same arguments play the same games whatever ``--jobs`` (each game depends on the seed and its index only).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from vtesdeck.core import archetypes, carddb  # noqa: E402
from vtesdeck.core.deck import Deck  # noqa: E402
from vtesdeck.core.engine import economy, options, run  # noqa: E402
from vtesdeck.core.engine import table as tb  # noqa: E402
from vtesdeck.core.engine.bots import by_name  # noqa: E402
from vtesdeck.core.engine.compile import compiled  # noqa: E402
from vtesdeck.core.twda import read_archive  # noqa: E402

SEATS = 5
TARGET_SHARE = 0.50  # issue 28: the new bot's two seats take at least half the VP (parity 0.40)

# set in the parent before the workers fork (they inherit them: the card list and the decks load once)
CARDS: carddb.CardIndex | None = None
DECKS: list[Deck] = []


def table_decks(seed: int, t: int) -> tuple[int, list[int]]:
    """Table ``t``'s game seed and its five decks (indices into DECKS): a function of the seed and ``t`` only."""
    rng = random.Random(f"{seed}/{t}")
    return rng.randrange(1 << 30), rng.sample(range(len(DECKS)), SEATS)


def play_table(job: tuple[int, int, str, str, int | None, bool]) -> list[dict[str, Any]]:
    """The five rotations of table ``t`` (or, with ``field``, one game with the new bot at every seat)."""
    seed, t, new, old, rounds, field = job
    assert CARDS is not None
    game_seed, picks = table_decks(seed, t)
    decks = [DECKS[i] for i in picks]
    rotations = [frozenset(range(SEATS))] if field else [frozenset({r, (r + 2) % SEATS}) for r in range(SEATS)]
    out = []
    for new_seats in rotations:
        bots = [by_name(new if s in new_seats else old) for s in range(SEATS)]
        game = tb.play(decks, CARDS, seed=game_seed, bots=bots, max_rounds=rounds).game
        out.append(
            {
                "table": t,
                "new": sorted(new_seats),
                "decks": picks,
                "vp": [s.vp for s in game.seats],
                "ousted": [s.ousted_at is not None for s in game.seats],
                "winner": economy.winner(game),
                "time": game.ended_by == "time",
                "rounds": game.round,
            }
        )
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its normal 95 % interval (sample standard deviation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def pct(m: tuple[float, float, float]) -> str:
    return f"{m[0]:.1%} [{m[1]:.1%}, {m[2]:.1%}]"


def yardstick(games: list[dict[str, Any]], kinds: dict[int, str]) -> None:
    by_table: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for g in games:
        by_table[g["table"]].append(g)
    vp_shares, win_shares = [], []
    for rows in by_table.values():
        vp_new = sum(sum(r["vp"][s] for s in r["new"]) for r in rows)
        vp_all = sum(sum(r["vp"]) for r in rows)
        wins = [r for r in rows if r["winner"] is not None]
        if vp_all:
            vp_shares.append(vp_new / vp_all)
        if wins:
            win_shares.append(sum(r["winner"] in r["new"] for r in wins) / len(wins))
    vp = interval(vp_shares)
    verdict = "met" if vp[1] >= TARGET_SHARE else "not met" if vp[2] < TARGET_SHARE else "undecided"
    print(f"the new bot's seats' share of the VP:   {pct(vp)}  (parity 40 %, target ≥ 50 %: {verdict})")
    print(f"the new bot's seats' share of the wins: {pct(interval(win_shares))}  (parity 40 %)")
    print(
        f"games {len(games)}, rounds {sum(g['rounds'] for g in games) / len(games):.1f} a game, "
        f"on time {sum(g['time'] for g in games) / len(games):.1%}, "
        f"no winner {sum(g['winner'] is None for g in games) / len(games):.1%}"
    )
    seats_new = [(r["ousted"][s], r["vp"][s]) for r in games for s in r["new"]]
    seats_old = [(r["ousted"][s], r["vp"][s]) for r in games for s in range(SEATS) if s not in r["new"]]
    for label, rows in (("new", seats_new), ("old", seats_old)):
        print(
            f"  {label} bot's seats: ousted in {sum(o for o, _ in rows) / len(rows):.1%} of games, "
            f"{sum(v for _, v in rows) / len(rows):.2f} VP a seat"
        )
    per: dict[tuple[str, bool], list[float]] = defaultdict(list)
    for g in games:
        for s, d in enumerate(g["decks"]):
            per[kinds[d], s in g["new"]].append(g["vp"][s])
    print("\nVP a seat by archetype          new bot            old bot")
    for kind in sorted({k for k, _ in per}, key=lambda k: -len(per[k, True])):
        new, old = per[kind, True], per[kind, False]
        print(
            f"  {kind:28} {sum(new) / max(1, len(new)):.2f} ({len(new):4} seats)   "
            f"{sum(old) / max(1, len(old)):.2f} ({len(old):4} seats)"
        )


def field_table(games: list[dict[str, Any]], kinds: dict[int, str]) -> None:
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    for g in games:
        for s, d in enumerate(g["decks"]):
            seats[kinds[d]] += 1
            wins[kinds[d]] += g["winner"] == s
    shares = {k: wins[k] / seats[k] for k in seats if seats[k] >= 20}
    best = max(shares.values(), default=0.0)
    print(f"\ngame-win share by archetype, the new bot at every seat ({len(games)} games; 20 %: parity)")
    for kind in sorted(shares, key=lambda k: -shares[k]):
        flag = "  < a third of the best" if shares[kind] < best / 3 else ""
        print(f"  {kind:28} {shares[kind]:6.1%} of {seats[kind]:5} seats{flag}")


def main() -> int:
    global CARDS, DECKS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--new", default="heuristic")
    parser.add_argument("--old", default="baseline")
    parser.add_argument("--rounds", type=int, default=options.DEFAULT_ROUNDS)
    parser.add_argument("--field-games", type=int, default=0)
    args = parser.parse_args()
    by_name(args.new), by_name(args.old)  # an unknown name fails here, in words
    CARDS = carddb.load()
    DECKS = run.field_from_files(read_archive(args.twda), CARDS)
    compiled(CARDS)
    kinds = {i: archetypes.classify(archetypes.tags(d, CARDS)).nearest for i, d in enumerate(DECKS)}
    print(f"{len(DECKS)} archive decks since 2018; {args.new} at two seats, {args.old} at three; seed {args.seed}")
    started = time.perf_counter()
    jobs = [(args.seed, t, args.new, args.old, args.rounds, False) for t in range(args.tables)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        games = [g for rows in pool.imap(play_table, jobs, chunksize=4) for g in rows]
        print(f"{len(games)} games in {time.perf_counter() - started:.0f} s on {args.jobs} processes\n")
        yardstick(games, kinds)
        if args.field_games:
            field_jobs = [(args.seed + 1, t, args.new, args.new, args.rounds, True) for t in range(args.field_games)]
            field = [g for rows in pool.imap(play_table, field_jobs, chunksize=8) for g in rows]
            field_table(field, kinds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
