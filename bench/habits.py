"""What the bots do, by the habits issue 28 names: the figures an experienced player read off four games, counted
over many.

    .venv/bin/python bench/habits.py [--twda ../shared/twda] [--games 300] [--seed 1] [--bot heuristic] [--jobs 2]

Random five-seat tables of archive winners since 2018, every seat played by ``--bot``. Printed, by the
archetype of the deck (``core.archetypes``): the actions a seat takes in one of its turns (bleeds, hunts,
political actions, actions that enter combat, others) and how many of those combat actions are aimed at a
vampire; the redirect cards (a mode that changes a bleed's target) played for each copy drawn; and the endgame:
of the actions taken while the prey's pool is 4 or less, the share that are bleeds; the referendums each
archetype calls a turn and the share that pass. Issue 28's readings for the baseline bot: Deflection played for
6–26 % of the copies drawn, rush decks never attacking vampires, vote decks calling about 0.4 referendums a
turn, a stealth bleeder hunting for ten turns with its prey on 1 pool.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from vtesdeck.core import archetypes, carddb  # noqa: E402
from vtesdeck.core.deck import Deck  # noqa: E402
from vtesdeck.core.engine import options, run  # noqa: E402
from vtesdeck.core.engine import table as tb  # noqa: E402
from vtesdeck.core.engine.bots import by_name  # noqa: E402
from vtesdeck.core.engine.compile import compiled  # noqa: E402
from vtesdeck.core.engine.economy import Kind, Option  # noqa: E402
from vtesdeck.core.engine.game import handler_of  # noqa: E402
from vtesdeck.core.engine.state import VAMPIRE, Phase  # noqa: E402
from vtesdeck.core.engine.view import View  # noqa: E402
from vtesdeck.core.engine.vocabulary import Redirect  # noqa: E402
from vtesdeck.core.engine.windows import Act, W  # noqa: E402
from vtesdeck.core.twda import read_archive  # noqa: E402

CARDS: carddb.CardIndex | None = None
DECKS: list[Deck] = []
ENDGAME_POOL = 4


class Recording:
    """A bot that counts what another decides in the minion phase (by kind of action), for its seat."""

    def __init__(self, inner: Any, seat: int, counts: Counter[str]) -> None:
        self.inner, self.seat, self.counts = inner, seat, counts

    def decide(self, view: View, options: list[Option]) -> Option:
        choice = self.inner.decide(view, options)
        game = view.game_for_scores()
        if view.phase is not Phase.MINION or view.acting != self.seat or game.frames:
            return choice
        kind = self.kind(game, choice)
        if kind is None:
            return choice
        self.counts[kind] += 1
        if view.pool(view.prey(self.seat)) <= ENDGAME_POOL:
            self.counts["endgame actions"] += 1
            self.counts["endgame bleeds"] += kind == "bleed"
        return choice

    def kind(self, game: Any, o: Option) -> str | None:
        if o.kind is Kind.PASS:
            ready = any(
                m.in_play and not m.locked and not m.torpor
                for m in (game.minions.get(c) for c in game.seats[self.seat].controlled)
                if m
            )
            return "pass (ready minions left)" if ready else None
        if o.kind is Kind.ACTION:
            return {Act.BLEED: "bleed", Act.HUNT: "hunt", Act.POLITICAL: "political"}.get(Act(o.value), "other")
        if o.kind is Kind.PLAY and o.card >= 0:
            mode = handler_of(game, o).mode
            if mode.window is not W.ACTION:
                return None
            if mode.political:
                return "political"
            if mode.enters_combat:
                target = game.minions.get(o.target)
                self.counts["combat at a vampire"] += target is not None and target.kind == VAMPIRE
                return "enters combat"
            return "bleed" if mode.bleeds else "other"
        return None


def play_game(job: tuple[int, int, str, int | None]) -> dict[str, Any]:
    seed, i, bot, rounds = job
    assert CARDS is not None
    rng = random.Random(f"{seed}/{i}")
    picks = rng.sample(range(len(DECKS)), 5)
    counts: list[Counter[str]] = [Counter() for _ in range(5)]
    bots = [Recording(by_name(bot), s, counts[s]) for s in range(5)]
    game = tb.play(
        [DECKS[p] for p in picks],
        CARDS,
        seed=rng.randrange(1 << 30),
        bots=bots,
        max_rounds=rounds,
        stats=range(5),
        log=True,  # the referendums' results
    ).game
    for event in game.events or ():
        if event[0] == "referendum" and 0 <= event[1] < 5:  # ("referendum", seat, for, against, passed)
            counts[event[1]]["referendums called"] += 1
            counts[event[1]]["referendums passed"] += int(event[4])
    redirects = redirect_cards()
    out = []
    for s in range(5):
        stats = game.stats[s] if game.stats else None
        drawn = sum(n for c, n in stats.drawn.items() if c in redirects) if stats else 0
        played = sum(n for c, n in stats.played.items() if c in redirects) if stats else 0
        out.append(
            {
                "deck": picks[s],
                "turns": game.seats[s].turns,
                "counts": dict(counts[s]),
                "redirects drawn": drawn,
                "redirects played": played,
            }
        )
    return {"seats": out}


_REDIRECTS: set[int] = set()


def redirect_cards() -> set[int]:
    if not _REDIRECTS:
        assert CARDS is not None
        comp = compiled(CARDS)
        for vekn, spec in comp.specs.items():
            if any(isinstance(e, Redirect) for mode in spec.modes for e in mode.effects):
                _REDIRECTS.add(vekn)
    return _REDIRECTS


def main() -> int:
    global CARDS, DECKS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=options.DEFAULT_ROUNDS)
    args = parser.parse_args()
    by_name(args.bot)
    CARDS = carddb.load()
    DECKS = run.field_from_files(read_archive(args.twda), CARDS)
    compiled(CARDS)
    redirect_cards()
    kinds = {i: archetypes.classify(archetypes.tags(d, CARDS)).nearest for i, d in enumerate(DECKS)}
    started = time.perf_counter()
    jobs = [(args.seed, i, args.bot, args.rounds) for i in range(args.games)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        games = list(pool.imap(play_game, jobs, chunksize=4))
    print(f"{args.games} games of {args.bot} at every seat in {time.perf_counter() - started:.0f} s\n")
    turns: Counter[str] = Counter()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    redirect = Counter[str]()
    for g in games:
        for seat in g["seats"]:
            kind = kinds[seat["deck"]]
            turns[kind] += seat["turns"]
            counts[kind].update(seat["counts"])
            redirect["drawn"] += seat["redirects drawn"]
            redirect["played"] += seat["redirects played"]
    columns = ("bleed", "hunt", "political", "enters combat", "other", "pass (ready minions left)")
    print(
        "actions a turn by archetype   "
        + "  ".join(f"{c[:10]:>10}" for c in columns)
        + "  combat@vampire  endgame bleeds"
    )
    for kind in sorted(turns, key=lambda k: -turns[k]):
        c = counts[kind]
        cells = "  ".join(f"{c[col] / turns[kind]:10.2f}" for col in columns)
        at_vampire = c["combat at a vampire"] / c["enters combat"] if c["enters combat"] else float("nan")
        endgame = c["endgame bleeds"] / c["endgame actions"] if c["endgame actions"] else float("nan")
        print(f"  {kind:26} {cells}  {at_vampire:14.0%}  {endgame:8.0%} of {c['endgame actions']}")
    print("\nreferendums called a turn, and the share passed, by archetype")
    for kind in sorted(turns, key=lambda k: -turns[k]):
        c = counts[kind]
        called = c["referendums called"]
        passed = c["referendums passed"] / called if called else float("nan")
        print(f"  {kind:26} {called / turns[kind]:6.2f}  {passed:5.0%} of {called}")
    share = redirect["played"] / redirect["drawn"] if redirect["drawn"] else float("nan")
    print(f"\nredirect cards: {redirect['played']} played of {redirect['drawn']} drawn ({share:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
