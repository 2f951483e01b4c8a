"""``manage.py replay_game PATH... --seed S --game N [--players 4|5] [--rounds R] [--rules vekn|2011] [--bots NAME,…]``
and ``manage.py replay_game --job ID --game N`` (DESIGN.md).

With PATHs: game N of the ``simulate_games`` run with the same decks and options, replayed: a run stores no
decisions, but its bots are deterministic, so the game is played again to get them, then replayed from its
seed and those decisions (``engine.table.replay``). Prints its readable log and its final-state ``hash``, equal
to the hash of line N of the run's ``--games-jsonl``.

With ``--job``: game N of a stored games job (the site's Games tab, ``POST /api/v1/simulations/`` with
``"kind": "games"``), from the job's own plan and seed: the decks it drew, its seats, rules and round cap,
whatever the job's status. Game N depends only on the plan, the seed and N
(``engine.simulation.play_game``), so it is the game the worker played in its chunk, with the same hash; the
page of that game (``/simulations/ID/games/N/``) shows the same log. The seats line marks the job's deck and
names each opponent's slot as the job asked for it.

PATHs and ``--job`` are exclusive. Exit status: 0 with a log; 1 when the game raises (as it did in the run or
the job); 2 on bad input (no such job, a job of opening hands, N out of the job's games).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from cards import index
from vtesdeck.core.engine import log as engine_log
from vtesdeck.core.engine import options as table_options
from vtesdeck.core.engine import run, schedule

from .simulate_games import FAILED, check_run, seat_bot_names, table_for, usage

JOB_DECK = "the job's deck"  # beside the job's deck in the seats line; the others name their opponent slot


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = (
        "Replay game N of a simulate_games run (PATHs: same decks, seed and options) or of a stored games job "
        "(--job ID) and print its seats, its log and its final state hash (equal to the run's --games-jsonl line, "
        "or to the game the job's worker played). Exit 1 when the game raises, 2 on bad input."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="*", metavar="PATH", help="the run's decklist files, in its order")
        parser.add_argument(
            "--job",
            metavar="ID",
            help="a games job's id (as in its page's address, /simulations/ID/), instead of PATHs",
        )
        parser.add_argument("--seed", type=int, metavar="S", help="the run's seed (with PATHs)")
        parser.add_argument("--game", type=int, required=True, metavar="N", help="the game's index (from 0)")
        parser.add_argument(
            "--players", type=int, metavar="4|5", help=f"seats (with PATHs; default {table_options.DEFAULT_PLAYERS})"
        )
        parser.add_argument(
            "--rounds",
            type=int,
            metavar="R",
            help=f"the round cap (with PATHs; default {table_options.DEFAULT_ROUNDS})",
        )
        parser.add_argument("--rules", metavar="vekn|2011", help="the rules (with PATHs; default vekn)")
        parser.add_argument("--bots", metavar="NAME,…", help="the run's bots (with PATHs; default heuristic)")

    def handle(
        self,
        *args: Any,
        paths: list[str],
        job: str | None,
        seed: int | None,
        game: int,
        players: int | None,
        rounds: int | None,
        rules: str | None,
        bots: str | None,
        **options: Any,
    ) -> None:
        if game < 0:
            raise usage(f"--game must be 0 or more, not {game}.")
        if job is not None:
            # A job carries its own table: options that would set another one are a mistake, not a preference.
            options_given = (
                ("--seed", seed),
                ("--players", players),
                ("--rounds", rounds),
                ("--rules", rules),
                ("--bots", bots),
            )
            given = ["PATHs"] * bool(paths) + [name for name, value in options_given if value is not None]
            if given:
                raise usage(f"--job replays the job's own table: drop {', '.join(given)}.")
            self.replay_job(job, game)
            return
        if not paths:
            raise usage("Name the run's decklist files (PATH...) or a games job (--job ID).")
        if seed is None:
            raise usage("--seed is needed with PATHs: the run's seed.")
        players = table_options.DEFAULT_PLAYERS if players is None else players
        rounds = table_options.DEFAULT_ROUNDS if rounds is None else rounds
        rules = rules or "vekn"
        check_run(games=game + 1, seed=seed, players=players, decks=len(paths), rounds=rounds, rules=rules)
        names = seat_bot_names(bots or "heuristic", len(paths))
        cards, decks, field = table_for(self, paths, players)
        try:
            played = run.play_one(
                decks, cards, seed=seed, players=players, i=game, rounds=rounds, field=field, rules=rules, bots=names
            )
            result = run.replay_one(played, cards, rounds=rounds, rules=rules)
        except Exception as exc:  # the game's own error, as the run reported it
            raise CommandError(
                f"Game {game} (seed {schedule.game_seed(seed, game)}) raised {type(exc).__name__}: {exc}",
                returncode=FAILED,
            ) from None
        if result.hash != played.result.hash:
            raise CommandError(
                f"Game {game}: the replay's hash {result.hash} differs from the game's {played.result.hash}.",
                returncode=FAILED,
            )
        seats = ", ".join(f"seat {s} {d.name or d.path}" for s, d in enumerate(played.decks))
        self.stdout.write(f"Game {game}, seed {played.table.seed}: {seats}")
        self.stdout.write(engine_log.render(result.game, cards))
        self.stdout.write(f"hash {result.hash}")

    def replay_job(self, job_id: str, game: int) -> None:
        from simulations.models import Simulation
        from vtesdeck.core.engine import simulation as games

        job = Simulation.objects.filter(pk=job_id).first()
        if job is None:
            raise usage(f"No simulation job has the id {job_id!r}.")
        if job.kind != Simulation.Kind.GAMES:
            raise usage(f"Job {job_id} is a {job.kind} job, not a games job: it played no games to replay.")
        if game >= job.units:
            raise usage(f"--game must be from 0 to {job.units - 1}: job {job_id} has {job.units:,} games, not {game}.")
        try:
            plan = games.GamesPlan.from_dict(job.plan)
        except ValueError as exc:  # GamesInputError too: a plan of another simulator version, or damaged
            raise usage(f"Job {job_id}: {exc}") from None
        cards = index.get()
        try:
            played = games.play_game(plan, cards, seed=job.seed, i=game, log=True)
        except Exception as exc:  # the game's own error: the job's report lists it among its errors
            raise CommandError(
                f"Game {game} of job {job_id} (seed {schedule.game_seed(job.seed, game)}) "
                f"raised {type(exc).__name__}: {exc}",
                returncode=FAILED,
            ) from None
        slots = played.table.seats  # the plan's slot at each seat: 0 is the job's deck, k the k-th opponent
        seats = ", ".join(
            f"seat {seat} {deck.name or '?'} ({JOB_DECK if slot == 0 else plan.opponents[slot - 1].label})"
            for seat, (deck, slot) in enumerate(zip(played.decks, slots, strict=True))
        )
        self.stdout.write(f"Game {game} of job {job_id}, seed {played.table.seed}: {seats}")
        self.stdout.write(engine_log.render(played.result.game, cards))
        self.stdout.write(f"hash {played.result.hash}")
