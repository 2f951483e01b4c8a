"""``manage.py card_impact DECK [--opponents field|PATH…] [--games N] [--seed S] [--players 4|5] [--rounds R]
[--json]`` (DESIGN.md).

What each card of a deck brings (``vtesdeck.core.engine.compare.card_impact``): for each distinct library card and
vampire, the deck with every copy of it replaced by a blank (a library card nobody can play; a vampire of the same
capacity with no disciplines, clan, sect, title or ability) plays the same N games as the deck as built, against
the decks given after ``--opponents`` at seats of their own and the tournament archive's decks since 2018 at the
rest (all of them with ``field``, the default), as ``compare_decks`` seats them; five seats unless ``--players``. ``vp_delta`` = mean(VP as built − VP blanked), game by
game: positive when the card brings VP; ``win_delta`` likewise for game wins; each with its 95 % interval. Cards
are listed most valuable first. The games as built are played once for every card: N × (cards + 1) games in all,
said before the games start (the readable output). ``--json``: DESIGN.md's object ``{"cards": [{"id", "name",
"copies", "vp_delta", "vp_delta_ci95", "win_delta", "win_delta_ci95"}], "games", "seed"}``, then ``players``,
``as_built`` (the deck's VP a game, its interval and game wins), ``errors``, ``opponents`` (the files, or
``"field"``), ``rounds``, ``path``, ``name`` and ``seconds``.

Exit status: 0 when every game finished; 1 when a game raised (listed under ``errors``, with the card blanked,
null as built; a card's figures are over the games both versions finished); 2 on bad input (a deck that cannot be
read or is not playable, a bad number, more opponents than seats, no archive to fill the seats), with a one-line message and no traceback.
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from simulations.cli import interval, number
from vtesdeck.core.engine import compare, run

from .simulate_games import FAILED, FIELD, add_opponents, add_players, add_rounds, against, paired_table


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = (
        "Each card of a deck replaced by blanks, paired with the deck as built in the same simulated games: what "
        "it brings in VP and game wins a game, most valuable first. Exit 0, 1 when a game raised, 2 on bad input."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", metavar="DECK", help="a decklist file (any supported format)")
        add_opponents(parser)
        parser.add_argument(
            "--games", type=int, default=run.DEFAULT_GAMES, metavar="N", help="games for each card (and as built)"
        )
        parser.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed (default 0)")
        add_players(parser)
        add_rounds(parser)
        parser.add_argument("--json", action="store_true", dest="as_json", help="print the figures as JSON")

    def handle(
        self,
        *args: Any,
        path: str,
        opponents: list[str],
        games: int,
        seed: int,
        players: int,
        rounds: int,
        as_json: bool,
        **options: Any,
    ) -> None:
        cards, deck, others, field, paths = paired_table(
            self, path, opponents, games=games, seed=seed, players=players, rounds=rounds
        )
        if not as_json:
            distinct = len(compare.measured_cards(deck))
            self.stdout.write(
                f"{deck.name or path}: {distinct} cards × {games:,} games + {games:,} as built = "
                f"{compare.impact_games(deck, games):,} games, {players} seats, seed {seed}, against "
                f"{against(paths, field)}"
            )
            self.stdout.flush()
        started = time.perf_counter()
        impact = compare.card_impact(
            deck, cards, games=games, seed=seed, players=players, opponents=others, field=field, rounds=rounds
        )
        seconds = time.perf_counter() - started
        data = {
            **impact.to_dict(),
            "opponents": paths or FIELD,
            "rounds": rounds,
            "path": path,
            "name": deck.name,
            "seconds": seconds,
        }
        self.stdout.write(json.dumps(data, ensure_ascii=False, allow_nan=False) if as_json else readable(impact, data))
        if impact.errors:
            card, first = impact.errors[0]
            which = "as built" if card is None else f"{cards[card].name} blanked"
            raise CommandError(
                f"{len(impact.errors)} games raised an error (first: {which}, game {first.game}, seed {first.seed}: "
                f"{first.error}).",
                returncode=FAILED,
            )


def readable(impact: compare.Impact, data: dict[str, Any]) -> str:
    built = data["as_built"]
    lines = [
        f"as built: VP {number(built['vp_mean'])} a game{interval(built['vp_ci95'])}, {built['game_wins']} wins; "
        f"{impact.played:,} games in {data['seconds']:.1f} s",
        "Δ = as built − with the card's copies blanked, a game (positive: the card brings it)",
    ]
    for card, row in zip(impact.cards, data["cards"], strict=True):
        note = (
            ""
            if card.modelled
            else " (not modelled: plays as a blank)"
            if not card.crypt
            else " (ability not modelled)"
        )
        lines.append(
            f"VP {number(row['vp_delta'], sign=True)}{interval(row['vp_delta_ci95'], sign=True)}, "
            f"wins {number(row['win_delta'], sign=True)}{interval(row['win_delta_ci95'], sign=True)}: "
            f"{row['copies']}× {row['name']}{' (vampire)' if card.crypt else ''}{note}"
        )
    for error in data["errors"]:
        lines.append(f"card {error['card']}, game {error['game']} (seed {error['seed']}): {error['error']}")
    return "\n".join(lines)
