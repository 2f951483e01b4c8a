"""Full simulated games per second on one core, and the engine's controls.

    .venv/bin/python bench/games.py [--twda ../shared/twda] [--games 200] [--players 5] [--rounds R]
                                    [--profile] [--controls] [--audit N [--audit-from K]] [--check]
                                    [--bots heuristic|baseline|random]

Tables of archive decks since 2018 (a fixed sample) play ``--games`` games with the heuristic bot, in
process, one after another (the way a worker plays a chunk), ``--rounds`` as the round cap (default:
simulate_games's). Printed: games per second (wall time of the games alone; the card list and the compiled
specs are loaded first, not timed),
decisions the bots took per game, the share of decisions the engine forced itself (one legal option), rounds
per game and the share of games ending on time. The floor is 5 five-seat games/s, the target 25 (issue 27);
``--check`` exits 1 below the floor. The engine runs compiled when built (``make engine``), as Python with
``VTESDECK_PURE=1``: the first line says which.

``--profile`` prints the 25 hottest functions of one game (cProfile, cumulative). ``--controls`` plays the
statistical controls of issue 15 and ENGINE.md: a bleed deck against four Methuselahs who do nothing; a deck
against four copies of itself, seats rotated (a fifth of the VP, within its 95 % interval); an archive winner
against four random legal decks (well over a fifth). ``--audit N`` plays N audited games (``--audit-from K``: from the Kth game of the same sequence, so that processes can share a long audit) and prints the
violations found by kind (0 expected).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import os
import pstats
import random
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from vtesdeck.core import carddb  # noqa: E402
from vtesdeck.core.deck import Deck  # noqa: E402
from vtesdeck.core.engine import options, run  # noqa: E402
from vtesdeck.core.engine import table as tb  # noqa: E402
from vtesdeck.core.engine.bots import HeuristicBot, View, by_name  # noqa: E402
from vtesdeck.core.engine.compile import compiled  # noqa: E402
from vtesdeck.core.engine.economy import Option, winner  # noqa: E402
from vtesdeck.core.twda import read_archive  # noqa: E402

BOT = "heuristic"  # --bots: the bot at every seat of the timed games


def play(decks, cards, **options):  # type: ignore[no-untyped-def]
    """A game with the ``--bots`` bot (the heuristic bot by default) at every seat unless others are given."""
    options.setdefault("bots", [by_name(BOT) for _ in decks])
    return tb.play(decks, cards, **options)


FLOOR, TARGET = 5.0, 25.0  # a sanity floor; issue 27's target, with the whole card set


def engine_build() -> str:
    """Whether the engine's hot modules run compiled (``make engine``) or as Python (VTESDECK_PURE=1, or no build)."""
    from vtesdeck.core.engine import game, native, vocabulary  # noqa: F401  (loaded, to say how)

    if all(native.compiled(m) for m in native.MODULES):
        return "compiled by Cython (make engine)"
    return "plain Python" + (" (VTESDECK_PURE=1)" if not native.wanted() else " (no fresh build: make engine)")


def pin_to_one_core() -> str:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        return "pinned to one core"
    except (AttributeError, OSError):
        return "not pinned"


def archive_decks(folder: Path, cards: carddb.CardIndex, limit: int | None = 400) -> list[Deck]:
    """The first ``limit`` playable archive decks since 2018 (file-name order): the field of simulate_games."""
    return run.field_from_files(read_archive(folder), cards, limit=limit)


def speed(decks: list[Deck], cards: carddb.CardIndex, games: int, players: int, rounds: int | None) -> float:
    rng = random.Random(1)
    tables = [rng.sample(decks, players) for _ in range(games)]
    decisions = forced = total_rounds = on_time = 0
    start = time.perf_counter()
    for i, table in enumerate(tables):
        result = play(table, cards, seed=i, max_rounds=rounds)
        decisions += result.game.decisions
        forced += result.game.forced
        total_rounds += result.game.round
        on_time += result.game.ended_by == "time"
    seconds = time.perf_counter() - start
    rate = games / seconds
    print(
        f"{players}-seat games: {games} in {seconds:.2f} s = {rate:.1f} games/s on one core "
        f"(floor {FLOOR:.0f}, target {TARGET:.0f}); {1000 * seconds / games:.1f} ms a game"
    )
    print(
        f"  decisions per game {decisions / games:.0f} (bots), forced share {forced / max(1, forced + decisions):.0%}, "
        f"{1e6 * seconds / max(1, decisions + forced):.0f} µs per decision; rounds {total_rounds / games:.1f}, "
        f"ended on time {on_time / games:.0%}"
    )
    return rate


def profile(decks: list[Deck], cards: carddb.CardIndex, players: int) -> None:
    table = random.Random(7).sample(decks, players)
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(5):
        play(table, cards, seed=seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
    print(out.getvalue())


class Idle:
    def decide(self, view: View, options: list[Option]) -> Option:
        return options[0]


def _ci(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, mean - 1.96 * sd / math.sqrt(n), mean + 1.96 * sd / math.sqrt(n)


def random_legal_deck(cards: carddb.CardIndex, rng: random.Random) -> Deck:
    """12 vampires of one group and 60 library cards, both drawn at random from the card list."""
    crypt_cards = [c for c in cards if c.is_crypt and c.group in ("5", "6") and "Vampire" in c.types]
    library_cards = [c for c in cards if not c.is_crypt and c.banned_year is None]
    deck = Deck(name="random")
    for c in rng.sample(crypt_cards, 12):
        deck.crypt[c.id] = deck.crypt.get(c.id, 0) + 1
    for c in rng.choices(library_cards, k=60):
        deck.library[c.id] = deck.library.get(c.id, 0) + 1
    return deck


def controls(decks: list[Deck], cards: carddb.CardIndex, games: int, rounds: int | None) -> None:
    comp = compiled(cards)

    # The most modelled bleed deck of the sample: the most copies of implemented cards that bleed or add stealth.
    def bleediness(deck: Deck) -> int:
        total = 0
        for card_id, count in deck.library.items():
            spec = comp.specs.get(card_id)
            if spec is not None and any(
                m.bleeds or m.stealth or any(getattr(e, "gives", "") in ("bleed", "stealth") for e in m.effects)
                for m in spec.modes
            ):
                total += count
        return total

    bleeder = max(decks, key=bleediness)
    wins = 0
    for seed in range(games):
        seat = seed % 5
        table = [bleeder if i == seat else decks[(seed + i) % len(decks)] for i in range(5)]
        bots = [HeuristicBot() if i == seat else Idle() for i in range(5)]
        result = play(table, cards, seed=seed, bots=bots, max_rounds=40)
        wins += winner(result.game) == seat
    print(f"control: {bleeder.name!r} against four idle Methuselahs wins {wins}/{games} = {wins / games:.0%} (≥ 90 %)")

    deck = decks[0]
    vps = []
    fifth = 0.0
    for seed in range(games):
        seat = seed % 5
        result = play([deck] * 5, cards, seed=seed, max_rounds=rounds)
        vps.append(result.game.seats[seat].vp)
        fifth += sum(s.vp for s in result.game.seats) / 5
    mean, lo, hi = _ci(vps)
    fifth /= games
    inside = "within" if lo <= fifth <= hi else "OUTSIDE"
    print(
        f"control: {deck.name!r} against four copies of itself, seats rotated: {mean:.2f} VP a game, "
        f"95 % [{lo:.2f}, {hi:.2f}]; a fifth of the VP awarded is {fifth:.2f}: {inside} the interval"
    )

    rng = random.Random(5)
    shares = []
    for seed in range(games):
        seat = seed % 5
        table = [decks[seed % len(decks)] if i == seat else random_legal_deck(cards, rng) for i in range(5)]
        result = play(table, cards, seed=seed, max_rounds=rounds)
        awarded = sum(s.vp for s in result.game.seats)
        shares.append(result.game.seats[seat].vp / awarded if awarded else 0.2)
    mean, lo, hi = _ci(shares)
    print(
        f"control: archive winners against four random legal decks take {mean:.0%} of the VP, 95 % [{lo:.0%}, {hi:.0%}] (a fifth = 20 %)"
    )


def audit_run(decks: list[Deck], cards: carddb.CardIndex, games: int, rounds: int | None, first: int = 0) -> None:
    """Games ``first`` to ``first + games - 1`` of one fixed sequence of tables, so that several processes can
    share a long audit (``--audit-from``) and still play the very games one process would."""
    rng = random.Random(11)
    for _ in range(first):
        rng.sample(decks, 5)
    found: dict[str, int] = {}
    errors = 0
    start = time.perf_counter()
    for seed in range(first, first + games):
        try:
            result = play(rng.sample(decks, 5), cards, seed=seed, audit=True, max_rounds=rounds)
        except Exception as exc:  # noqa: BLE001 - counted and printed: the benchmark's job
            errors += 1
            print(f"  game {seed}: {type(exc).__name__}: {exc}")
            continue
        if result.audit:
            print(f"  game {seed}: violations {result.audit}")  # replayable: the same table with --audit-from
        for k, v in result.audit.items():
            found[k] = found.get(k, 0) + v
    print(
        f"audit: {games} five-seat games in {time.perf_counter() - start:.0f} s: {errors} errors, violations {found or 0}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5, choices=(4, 5))
    parser.add_argument("--rounds", type=int, default=options.DEFAULT_ROUNDS)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--controls", action="store_true")
    parser.add_argument("--audit", type=int, default=0)
    parser.add_argument("--audit-from", type=int, default=0, help="the first game of the audit's sequence")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--bots", default="heuristic", help="the bot at every seat: heuristic, baseline or random")
    args = parser.parse_args()
    global BOT
    BOT = args.bots
    by_name(BOT)  # an unknown name fails here, in words
    print(f"bench/games.py: {pin_to_one_core()}; engine {engine_build()}; the {BOT} bot at every seat")
    cards = carddb.load()
    compiled(cards)
    if not args.twda.is_dir():
        print(f"no archive at {args.twda}: nothing to play")
        return 0
    decks = archive_decks(args.twda, cards)
    rate = speed(decks, cards, args.games, args.players, args.rounds)
    if args.profile:
        profile(decks, cards, args.players)
    if args.controls:
        controls(decks, cards, 50, args.rounds)
    if args.audit:
        # the audit: random tables drawn from every playable archive deck since 2018
        every = run.field_from_files(read_archive(args.twda), cards)
        print(f"audit tables drawn from {len(every)} playable archive decks since 2018")
        audit_run(every, cards, args.audit, args.rounds, args.audit_from)
    return 1 if args.check and rate < FLOOR else 0


if __name__ == "__main__":
    sys.exit(main())
