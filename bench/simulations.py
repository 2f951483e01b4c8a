"""A 10-million-hand job over the broker, on one worker and then on two: wall time, hands/s, speed-up.

    .venv/bin/python bench/simulations.py [--hands 10000000] [--chunk-size N] [--seed 1] [--json FILE]

Everything is its own and goes away afterwards (also on Ctrl-C or an error): a throwaway SQLite database
in a temporary folder (migrated; BENCH_DATABASE_URL names another, e.g. an empty PostgreSQL one; like the
other benches it ignores DATABASE_URL), a queue of its own, and its workers: `celery -A vtesdeck worker
--concurrency 1` subprocesses, each one process drawing hands on one core. The broker is CELERY_BROKER_URL
if set, else Redis on 127.0.0.1:6379 if it answers, else kombu's filesystem broker in the temporary folder.

The job is the one the site runs (``simulations.services.start_hands``): the deck is compiled once here,
its chunks are queued as one Celery group, each worker stores its chunks' tallies and the last one merges
them into the report. Wall time runs from queueing the job to seeing it done (polled every 20 ms), so it
includes the broker and database round trips a user waits for. A small job first warms the workers up.

The speed-up from one worker to two can only approach 2 when two cores are free for them: the figures
printed say how many cores the machine has and how busy it was.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))  # our `cards` app before the krcg wheel's `cards` package

HANDS = 10_000_000
READY_SECONDS = 90
JOB_SECONDS = 900
# A typical tournament deck (12 crypt, 90 library): Sede de Vitae 27, 2021 (TWDA 10012).
DECK = """Deck Name: Malk Madness (SDV 27)
Crypt (12 cards)
4x Anarch Convert
2x Dancin' Dana (ADV)
2x Zöe
1x Ozmo
1x Victoria
1x Aleph
1x Dollface
Library (90 cards)
1x Asylum Hunting Ground
1x Carfax Abbey
1x Direct Intervention
1x Erciyes Fragments, The
1x Fame
1x KRCG News Radio
4x Madness Network
1x Powerbase: Montreal
2x Rötschreck
1x Tension in the Ranks
3x Vessel
1x Aranthebes, The Immortal
2x Nose of the Hound
1x Carlton Van Wyk
1x Muddled Vampire Hunter
1x Ossian
3x .44 Magnum
1x AK-47
1x Bowl of Convergence
1x Improvised Flamethrower
2x Ivory Bow
1x Mr. Winthrop
4x Conditioning
3x Eagle's Sight
3x Enhanced Senses
9x Eyes of Argus
2x Fast Reaction
2x Forced Awakening
2x My Enemy's Enemy
2x On the Qui Vive
2x Precognition
2x Spirit's Touch
6x Telepathic Misdirection
3x Wake with Evening's Freshness
6x Disguised Weapon
4x Groundfighting
7x Target Vitals
1x Scourge of the Enochians
"""


def redis_answers(url: str = "redis://127.0.0.1:6379/0") -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping())
    except Exception:  # not installed, refused, timed out: no Redis to use
        return False


class Workers:
    """The bench's worker processes, each in its own process group so that stopping one stops its child."""

    def __init__(self, folder: Path, env: dict[str, str], queue: str) -> None:
        self.folder, self.env, self.queue = folder, env, queue
        self.processes: list[tuple[str, subprocess.Popen, Path]] = []

    def start(self, name: str) -> None:
        log = self.folder / f"{name}.log"
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "vtesdeck",
            "worker",
            "--concurrency",
            "1",
            "--loglevel",
            "INFO",
            "-n",
            f"{name}@%h",
            "-Q",
            f"{self.queue},{self.queue}-quick",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        with log.open("wb") as output:
            process = subprocess.Popen(
                command, cwd=PROJECT, env=self.env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.processes.append((name, process, log))
        deadline = time.monotonic() + READY_SECONDS
        while " ready." not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                tail = "\n".join(log.read_text(errors="replace").splitlines()[-20:])
                raise RuntimeError(f"worker {name} did not start:\n{tail}")
            time.sleep(0.1)

    def stop(self) -> None:
        for _name, process, _log in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for _name, process, _log in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=15)
        self.processes.clear()


def run_job(deck, cards, *, hands: int, seed: int, chunk_size: int | None) -> tuple[float, object]:
    from simulations import services

    started = time.perf_counter()
    simulation = services.start_hands(deck=deck, cards=cards, hands=hands, seed=seed, chunk_size=chunk_size)
    deadline = time.monotonic() + JOB_SECONDS
    while not simulation.finished:
        if time.monotonic() > deadline:
            services.cancel(simulation)
            raise RuntimeError(f"job {simulation.id} not done after {JOB_SECONDS} s")
        time.sleep(0.02)
        simulation.refresh_from_db()
    wall = time.perf_counter() - started
    if simulation.status != "done":
        raise RuntimeError(f"job {simulation.id} {simulation.status}: {simulation.error}")
    return wall, simulation


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--chunk-size", type=int, default=None, help="hands per chunk (default: the setting's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="vtesdeck-bench-simulations-"))
    queue = f"vtesdeck-bench-{os.getpid()}"
    database_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3"
    if os.environ.get("CELERY_BROKER_URL"):
        broker, where = os.environ["CELERY_BROKER_URL"], "CELERY_BROKER_URL"
    elif redis_answers():
        broker, where = "redis://127.0.0.1:6379/0", "Redis answering on 127.0.0.1:6379"
    else:
        broker, where = "filesystem://", f"filesystem broker in {folder}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": broker,
        "CELERY_DATA_DIR": str(folder / "celery"),
        "SIMULATION_QUEUE": queue,
        "SIMULATION_QUICK_QUEUE": "",  # small jobs (the warm-up) go to f"{queue}-quick", which the workers consume
        "SIMULATION_MAX_HANDS": str(max(args.hands, 1)),
        "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
        "DJANGO_DEBUG": "False",
        "PYTHONUNBUFFERED": "1",
    }
    os.environ.update(env)  # this process queues and follows the jobs with the same settings
    workers = Workers(folder, env, queue)
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection
        from django.db.models import Count

        from simulations.models import SimulationChunk
        from vtesdeck.core import carddb, decklist

        call_command("migrate", "--noinput", verbosity=0)
        # The workers never read the card list (a job carries its compiled plan): none is imported.
        cards = carddb.CardIndex(carddb.parse(carddb.read_bundled()).cards)
        deck = decklist.parse(DECK, cards)
        print(f"simulations bench: one job of {args.hands:,} opening hands over the broker, 1 then 2 workers")
        print(
            f"  broker: {where} ({broker.split('://')[0]}); database: {connection.vendor} "
            f"{connection.settings_dict['NAME']}"
        )
        print(
            f"  deck: {deck.name} ({deck.crypt_count} crypt, {deck.library_count} library); machine: "
            f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}"
        )
        figures: dict[str, object] = {"hands": args.hands, "broker": broker.split("://")[0], "cores": os.cpu_count()}
        for count in (1, 2):
            while len(workers.processes) < count:
                workers.start(f"bench-{len(workers.processes) + 1}")
            run_job(deck, cards, hands=count * 100_000, seed=0, chunk_size=100_000)  # warm-up, untimed
            wall, job = run_job(deck, cards, hands=args.hands, seed=args.seed, chunk_size=args.chunk_size)
            chunks = SimulationChunk.objects.filter(simulation=job).values_list("worker").order_by("worker")
            shares = dict(chunks.annotate(n=Count("id")))
            rate = args.hands / wall
            figures[f"workers_{count}"] = {
                "wall_seconds": wall,
                "hands_per_second": rate,
                "chunks": job.chunks_total,
                "chunks_per_worker": shares,
                "cpu_seconds": job.compute_seconds,
            }
            spread = ", ".join(f"{name.split('@')[0]} {n}" for name, n in shares.items())
            print(
                f"  {count} worker{'s' if count > 1 else ' '}: {wall:6.2f} s wall, {rate:12,.0f} hands/s "
                f"({job.chunks_total} chunks: {spread}; {job.compute_seconds:.2f} CPU s in the workers)"
            )
        one, two = figures["workers_1"]["wall_seconds"], figures["workers_2"]["wall_seconds"]
        figures["speed_up"] = one / two
        print(f"  speed-up from 1 to 2 workers: {one / two:.2f}x (load afterwards {os.getloadavg()[0]:.2f})")
        if args.json:
            Path(args.json).write_text(json.dumps(figures, indent=2))
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted: stopping the workers", file=sys.stderr)
        return 130
    finally:
        workers.stop()
        forget_queue(queue)
        forget_queue(f"{queue}-quick")
        shutil.rmtree(folder, ignore_errors=True)


def forget_queue(queue: str) -> None:
    """Drop the bench's queue and its binding from the broker (a filesystem broker goes with the folder)."""
    try:
        from kombu import Exchange, Queue

        from vtesdeck.celery import app

        with app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=1, timeout=3)
            bound = Queue(queue, Exchange(queue), routing_key=queue)(connection.default_channel)
            bound.declare()
            bound.purge()
            bound.delete()
    except Exception:  # Django never set up, or no broker: nothing of ours is left there
        pass


if __name__ == "__main__":
    sys.exit(main())
