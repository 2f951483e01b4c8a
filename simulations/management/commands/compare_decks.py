"""``manage.py compare_decks A B [--opponents field|PATH…] [--games N] [--seed S] [--players 4|5] [--rounds R]
[--json]`` (DESIGN.md).

A and B play the same games (``vtesdeck.core.engine.compare``): game i of A and game i of B have the same seed,
the same seats and the same opponents, so each game gives a paired difference B − A, far less noisy than two
separate runs. The opponents are the decks given after ``--opponents``, the rest of the table (all of it with
``field``, the default) the tournament archive's decks since 2018, as ``simulate_games`` fills its seats. Printed:
each deck's VP a game with its 95 % interval and its game wins, the paired differences with their intervals, and a
verdict in words; ``--json``: one object, ``decks`` being [A, B] with DESIGN.md's figures, then ``vp_diff``,
``vp_diff_ci95``, ``win_diff``, ``win_diff_ci95`` (B − A), ``paired_games``, ``verdict``, ``errors``, ``opponents``,
``rounds`` (the round cap) and ``seconds``.

Exit status: 0 when every game finished; 1 when a game raised (listed under ``errors``; the figures are over the
games both decks finished); 2 on bad input (a deck that cannot be read or is not playable, a bad number, more
opponents than seats), with a one-line message and no traceback.
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from simulations.cli import interval, number
from vtesdeck.core.engine import compare, run

from .simulate_games import FAILED, FIELD, add_opponents, add_players, add_rounds, against, paired_table, read_deck


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = (
        "Decks A and B in the same simulated games (same seeds, seats and opponents): each deck's VP and wins, "
        "the paired difference B − A with its 95 % interval, and a verdict. Exit 0, 1 when a game raised, "
        "2 on bad input."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("a", metavar="A", help="the first deck (a decklist file)")
        parser.add_argument("b", metavar="B", help="the second deck, compared with A")
        add_opponents(parser)
        parser.add_argument("--games", type=int, default=run.DEFAULT_GAMES, metavar="N", help="games for each deck")
        parser.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed (default 0)")
        add_players(parser)
        add_rounds(parser)
        parser.add_argument("--json", action="store_true", dest="as_json", help="print the figures as JSON")

    def handle(
        self,
        *args: Any,
        a: str,
        b: str,
        opponents: list[str],
        games: int,
        seed: int,
        players: int,
        rounds: int,
        as_json: bool,
        **options: Any,
    ) -> None:
        # A's table is B's: the same opponents and field; B is read with the same card list.
        cards, deck_a, others, field, paths = paired_table(
            self, a, opponents, games=games, seed=seed, players=players, rounds=rounds
        )
        deck_b = read_deck(b, cards)
        started = time.perf_counter()
        result = compare.compare(
            deck_a, deck_b, cards, games=games, seed=seed, players=players, opponents=others, field=field, rounds=rounds
        )
        seconds = time.perf_counter() - started
        data = result.to_dict()
        data["decks"] = [
            {"path": path, "name": deck.name, **figures}
            for path, deck, figures in zip((a, b), (deck_a, deck_b), data["decks"], strict=True)
        ]
        data["opponents"] = paths or FIELD
        data["rounds"] = rounds
        data["seconds"] = seconds
        self.stdout.write(json.dumps(data, ensure_ascii=False, allow_nan=False) if as_json else readable(data, field))
        if result.errors:
            side, first = result.errors[0]
            raise CommandError(
                f"{len(result.errors)} games raised an error (first: deck {side.upper()}, game {first.game}, seed "
                f"{first.seed}: {first.error}).",
                returncode=FAILED,
            )


def readable(data: dict[str, Any], field: list[Any]) -> str:
    opponents = against(data["opponents"] if isinstance(data["opponents"], list) else [], field)
    lines = [
        f"{data['games']:,} paired games, {data['players']} seats, seed {data['seed']}, against {opponents}: "
        f"{2 * data['games']:,} games in {data['seconds']:.1f} s",
    ]
    for label, deck in zip("AB", data["decks"], strict=True):
        lines.append(
            f"{label} {deck['name'] or deck['path']}: VP {number(deck['vp_mean'])} a game{interval(deck['vp_ci95'])}, "
            f"{deck['game_wins']} wins"
        )
    lines += [
        f"B − A over {data['paired_games']:,} games: VP {number(data['vp_diff'], sign=True)} a game"
        f"{interval(data['vp_diff_ci95'], sign=True)}, wins {number(data['win_diff'], sign=True)} a game"
        f"{interval(data['win_diff_ci95'], sign=True)}",
        data["verdict"],
    ]
    for error in data["errors"]:
        lines.append(f"deck {error['deck'].upper()}, game {error['game']} (seed {error['seed']}): {error['error']}")
    return "\n".join(lines)
