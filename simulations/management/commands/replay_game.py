"""``manage.py replay_game PATH... --seed S --game N [--players 4|5] [--rounds R] [--rules vekn|2011]``
(DESIGN.md).

Game N of the ``simulate_games`` run with the same decks and options, replayed: a run stores no decisions, but
its bots are deterministic, so the game is played again to get them, then replayed from its seed and those
decisions (``engine.game.replay``). Prints its readable log and its final-state ``hash``, equal to the hash of
line N of the run's ``--games-jsonl``.

Exit status: 0 with a log; 1 when the game raises (as it did in the run); 2 on bad input.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from vtesdeck.core.engine import log as engine_log
from vtesdeck.core.engine import run

from .simulate_games import FAILED, check_run, table_for, usage


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = (
        "Replay game N of a simulate_games run (same decks, seed and options) and print its log and final "
        "state hash (equal to the run's --games-jsonl line). Exit 1 when the game raises, 2 on bad input."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="the run's decklist files, in its order")
        parser.add_argument("--seed", type=int, required=True, metavar="S", help="the run's seed")
        parser.add_argument("--game", type=int, required=True, metavar="N", help="the game's index (from 0)")
        parser.add_argument("--players", type=int, default=run.DEFAULT_PLAYERS, metavar="4|5", help="seats")
        parser.add_argument("--rounds", type=int, default=run.DEFAULT_ROUNDS, metavar="R", help="the round cap")
        parser.add_argument("--rules", default="vekn", metavar="vekn|2011", help="the rules (default vekn)")

    def handle(self, *args: Any, paths: list[str], seed: int, game: int, players: int, rounds: int | None,
               rules: str, **options: Any) -> None:  # fmt: skip
        if game < 0:
            raise usage(f"--game must be 0 or more, not {game}.")
        check_run(games=game + 1, seed=seed, players=players, decks=len(paths), rounds=rounds, rules=rules)
        cards, decks, field = table_for(self, paths, players)
        try:
            played = run.play_one(decks, cards, seed=seed, players=players, i=game, rounds=rounds, field=field,
                                  rules=rules)  # fmt: skip
            result = run.replay_one(played, cards, rounds=rounds, rules=rules)
        except Exception as exc:  # the game's own error, as the run reported it
            raise CommandError(f"Game {game} (seed {run.schedule.game_seed(seed, game)}) raised "
                               f"{type(exc).__name__}: {exc}", returncode=FAILED) from None  # fmt: skip
        if result.hash != played.result.hash:
            raise CommandError(f"Game {game}: the replay's hash {result.hash} differs from the game's "
                               f"{played.result.hash}.", returncode=FAILED)  # fmt: skip
        seats = ", ".join(f"seat {s} {d.name or d.path}" for s, d in enumerate(played.decks))
        self.stdout.write(f"Game {game}, seed {played.table.seed}: {seats}")
        self.stdout.write(engine_log.render(result.game, cards))
        self.stdout.write(f"hash {result.hash}")
