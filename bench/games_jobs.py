"""A 10,000-game job over Redis, on one worker process and then on two: wall time, games/s, speed-up.

    .venv/bin/python bench/games_jobs.py [--games 10000] [--quick] [--deck 10012] [--chunk-size N] [--seed 1]
                                         [--json FILE]

Issue 16's scale-out target: a five-seat games job of an archive deck against the field, played by two
worker processes at least 1.8 times as fast as by one, on two cores. The job is the one the site runs
(``simulations.services.start_games``, no owner and so no caps; the four opponents are
``simulations.opponents.resolve("field")``: a deck drawn per game and seat from the archive since 2018), its
chunks queued as one Celery group; each worker stores its chunks' tallies and the last one merges them.

Everything is the bench's own and goes away afterwards (also on Ctrl-C, SIGTERM or an error), as in
bench/simulations.py, whose worker helper this uses: a throwaway database (SQLite in a temporary folder;
BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres for a fresh PostgreSQL database, dropped
afterwards; see bench/_servers.py) with the card list and the tournament archive imported, a queue of its
own, and ``celery -A vtesdeck worker --concurrency 1`` subprocesses. The broker is CELERY_BROKER_URL when
it names Redis, else Redis on 127.0.0.1:6379; when that Redis does not answer the bench says SKIPPED and
exits 0 (a filesystem broker would measure the broker, not the workers).

Timing: the start (compiling the plan, its field pool included, storing the row, queueing the chunks) is
printed apart; games/s is the job's games over the time from queued to seen done (the row polled every
50 ms). A small job first warms up each worker (card list, compiled card specs). The speed-up from one
worker to two approaches 2 only with two cores free for them: the machine's cores and load are printed, and
for each run how busy the workers kept their cores (their CPU time over wall time × workers) and their CPU
time per game, which says whether two workers did more work per game than one (broker, database, locks).
``--quick``: 1,000 games, for a check that everything runs (one to two minutes in all, the archive import
included).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PROJECT = BENCH.parent
sys.path.insert(0, str(PROJECT))  # our `simulations` and `cards` apps before bench/simulations.py and krcg's
sys.path.insert(1, str(BENCH))

import _servers  # noqa: E402

GAMES = 10_000
QUICK_GAMES = 1_000
JOB_SECONDS = 3_600  # 10,000 games at ~35 games/s on one core are ~5 minutes: far more means something is stuck
POLL_SECONDS = 0.05
DECK = "10012"  # Malk Madness, Sede de Vitae 27, 2021: the deck bench/simulations.py deals hands of
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


def hands_bench():
    """bench/simulations.py as a module (its worker helper): its file name is the `simulations` app's."""
    spec = importlib.util.spec_from_file_location("bench_simulations", BENCH / "simulations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def quiet(*args: str) -> str:
    from django.core.management import call_command

    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO(), verbosity=1)
    return out.getvalue().strip()


def run_job(deck, cards, opponents, *, games: int, seed: int, chunk_size: int | None) -> tuple[float, float, object]:
    """(seconds to start it, seconds from queued to done, the finished job)."""
    from simulations import services
    from simulations.models import Simulation

    active = (Simulation.Status.QUEUED, Simulation.Status.RUNNING)
    started = time.perf_counter()
    job = services.start_games(
        deck=deck, cards=cards, opponents=opponents, games=games, seed=seed, chunk_size=chunk_size
    )
    queued = time.perf_counter()
    deadline = time.monotonic() + JOB_SECONDS
    # Only the status is read while waiting: the row's plan holds the whole field pool (hundreds of decks), and
    # reading and decoding it 20 times a second would take a good part of a core from the workers.
    row = Simulation.objects.filter(pk=job.pk).values_list("status", "units_done")
    status, played = row.get()
    while status in active:
        if time.monotonic() > deadline:
            services.cancel(job)
            raise RuntimeError(f"job {job.id} not done after {JOB_SECONDS} s ({played:,} games played)")
        time.sleep(POLL_SECONDS)
        status, played = row.get()
    done = time.perf_counter()
    job.refresh_from_db()
    if job.status != "done":
        raise RuntimeError(f"job {job.id} {job.status}: {job.error}")
    return queued - started, done - queued, job


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help=f"games in the timed job (default {GAMES:,})")
    parser.add_argument("--quick", action="store_true", help=f"a smaller run: {QUICK_GAMES:,} games")
    parser.add_argument("--deck", default=DECK, help=f"the archive id of the deck (default {DECK})")
    parser.add_argument("--chunk-size", type=int, default=None, help="games per chunk (default: the setting's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()
    games = args.games or (QUICK_GAMES if args.quick else GAMES)

    helpers = hands_bench()
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith(("redis://", "rediss://")):
        broker = DEFAULT_REDIS
    if not helpers.redis_answers(broker):
        print(
            f"games_jobs bench: SKIPPED — no Redis answers at {broker} (start redis-server, or set "
            f"CELERY_BROKER_URL=redis://host:port/db)"
        )
        return 0
    from tests.paths import TWDA

    if not TWDA.is_dir():
        print(f"games_jobs bench: SKIPPED — no tournament archive at {TWDA} (set VTESDECK_TWDA): no field to play")
        return 0

    # A `kill` (or a background shell's, which ignores Ctrl-C) stops the bench as Ctrl-C does: workers, queue and
    # throwaway database go with it.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    folder = Path(tempfile.mkdtemp(prefix="vtesdeck-bench-games-"))
    queue = f"vtesdeck-bench-games-{os.getpid()}"
    workers = None
    try:
        with _servers.throwaway_database(folder) as database_url:
            env = {
                **os.environ,
                "DATABASE_URL": database_url,
                "CELERY_BROKER_URL": broker,
                "CELERY_DATA_DIR": str(folder / "celery"),
                "CARD_SNAPSHOT_DIR": str(folder / "snapshots"),
                "SIMULATION_QUEUE": queue,
                "SIMULATION_QUICK_QUEUE": "",  # small jobs (the warm-up) go to f"{queue}-quick", consumed too
                "SIMULATION_MAX_GAMES": str(max(games, 1)),
                "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
                "DJANGO_DEBUG": "False",
                "PYTHONUNBUFFERED": "1",
            }
            os.environ.update(env)  # this process stores the jobs and follows them with the same settings
            workers = helpers.Workers(folder, env, queue)
            try:
                return bench(args, games, helpers, workers, broker, TWDA)
            finally:
                workers.stop()
                helpers.forget_queue(queue)
                helpers.forget_queue(f"{queue}-quick")
                from django.db import connections

                connections.close_all()  # before the throwaway PostgreSQL database is dropped
    except KeyboardInterrupt:
        print("\ninterrupted: stopping the workers", file=sys.stderr)
        return 130
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def bench(args, games: int, helpers, workers, broker: str, twda: Path) -> int:
    import django

    django.setup()
    from django.db import connection
    from django.db.models import Count

    from cards import index
    from simulations import opponents
    from simulations.models import SimulationChunk
    from twda.models import TournamentDeck
    from vtesdeck.core.deck import Deck

    print(f"games_jobs bench: one five-seat job of {games:,} games over Redis, 1 then 2 worker processes")
    started = time.perf_counter()
    quiet("migrate", "--noinput")
    quiet("import_cards", "--if-empty")
    if not TournamentDeck.objects.exists():
        quiet("import_twda", str(twda))
    row = TournamentDeck.objects.filter(pk=args.deck).first()
    if row is None:
        raise SystemExit(f"no archive deck has the id {args.deck!r}")
    cards = index.get()
    deck = Deck.from_dict(row.deck)
    field, _asked = opponents.resolve("field", user=None, players=5)
    print(
        f"  broker: {broker}; database: {connection.vendor} {connection.settings_dict['NAME']} (cards and "
        f"{TournamentDeck.objects.count():,} archive decks imported in {time.perf_counter() - started:.0f} s)"
    )
    print(
        f"  deck: {deck.name or args.deck} (TWDA {args.deck}) against {field[0].label.lower()} "
        f"({len(field[0].decks):,} decks); machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}"
    )
    figures: dict[str, object] = {
        "games": games,
        "deck": args.deck,
        "cores": os.cpu_count(),
        "database": connection.vendor,
    }
    for count in (1, 2):
        while len(workers.processes) < count:
            workers.start(f"bench-games-{len(workers.processes) + 1}")
        # Untimed: each worker process reads the card list and compiles the card specs on its first chunk.
        run_job(deck, cards, field, games=count * 10, seed=0, chunk_size=5)
        start, wall, job = run_job(deck, cards, field, games=games, seed=args.seed, chunk_size=args.chunk_size)
        chunks = SimulationChunk.objects.filter(simulation=job).values_list("worker").order_by("worker")
        shares = dict(chunks.annotate(n=Count("id")))
        rate = games / wall
        errors = job.result.get("errors") or []
        # The workers' CPU time over what `count` cores could give them meanwhile: well under 1, other
        # programs had the cores (or the workers waited on the broker and the database).
        busy = job.compute_seconds / (wall * count)
        figures[f"workers_{count}"] = {
            "start_seconds": start,
            "wall_seconds": wall,
            "games_per_second": rate,
            "chunks": job.chunks_total,
            "chunks_per_worker": shares,
            "cpu_seconds": job.compute_seconds,
            "busy": busy,
            "game_errors": len(errors),
            "load": os.getloadavg()[0],
        }
        spread = ", ".join(f"{name.split('@')[0]} {n}" for name, n in shares.items())
        print(
            f"  {count} worker{'s' if count > 1 else ' '}: {wall:7.2f} s queued → done, {rate:6.1f} games/s "
            f"(start {start:.2f} s; {job.chunks_total} chunks: {spread}; {job.compute_seconds:.1f} CPU s in the "
            f"workers, busy {busy:.0%} of {count} core{'s' if count > 1 else ''}; load {os.getloadavg()[0]:.2f}; "
            f"{len(errors)} games raised)"
        )
    one, two = figures["workers_1"]["wall_seconds"], figures["workers_2"]["wall_seconds"]
    figures["speed_up"] = one / two
    verdict = "met" if one / two >= 1.8 else "NOT met"
    print(
        f"  speed-up from 1 to 2 workers: {one / two:.2f}x (target 1.8x on two cores: {verdict}; load "
        f"afterwards {os.getloadavg()[0]:.2f})"
    )
    # What the wall times cannot say on a machine others use too: whether two workers do more work per game
    # (broker, database, locks). Equal CPU per game means the speed-up is what the free cores allow.
    cpu_one, cpu_two = (figures[f"workers_{n}"]["cpu_seconds"] / games * 1000 for n in (1, 2))
    figures["cpu_ms_per_game"] = {"workers_1": cpu_one, "workers_2": cpu_two}
    print(
        f"  CPU per game in the workers: {cpu_one:.1f} ms with 1 worker, {cpu_two:.1f} ms with 2 "
        f"({cpu_two / cpu_one - 1:+.1%}); the busy shares above say how much of the cores they had"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
