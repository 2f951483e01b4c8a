"""Issue 14, item 4 replayed: huge anonymous jobs, then a user's small one. How long does the small one wait?

    .venv/bin/python bench/fair_queues.py [--huge-hands 50000000] [--attackers 4] [--small-hands 10000]

Each of ``--attackers`` anonymous addresses tries three jobs of ``--huge-hands`` hands (the caps refuse what
passes the unfinished jobs or hands allowed per address: all but one at 50,000,000); then a user starts a job of
``--small-hands``. Twice: first as the site routes jobs now (the small job's chunks go to the quick queue,
which every worker consumes besides the main one), then with every job on the main queue, as before the
quick queue existed (``SIMULATION_QUICK_MAX_HANDS=0`` in the process that queues them). Printed: the small
job's wait from start to done, and how many of the huge jobs' chunks were still waiting when it was done.
The huge jobs are cancelled after each round.

Everything is its own, as in bench/simulations.py: a throwaway SQLite database, queues of its own, two
``celery -A vtesdeck worker --concurrency 1`` subprocesses consuming both queues; the broker is
CELERY_BROKER_URL if set, else Redis on 127.0.0.1:6379 if it answers, else the filesystem broker. Jobs are
started through ``simulations.services.start_hands``, the function the API and the Draws tab call, with
the client address or user they pass.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

READY_SECONDS = 90
JOB_SECONDS = 900
DECK = "Crypt (12 cards)\n12x Tupdog\nLibrary (90 cards)\n40x Govern the Unaligned\n50x Blood Doll\n"


def redis_answers(url: str = "redis://127.0.0.1:6379/0") -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping())
    except Exception:  # not installed, refused, timed out: no Redis to use
        return False


def start_worker(folder: Path, env: dict[str, str], queue: str, name: str) -> subprocess.Popen:
    log = folder / f"{name}.log"
    command = [
        sys.executable, "-m", "celery", "-A", "vtesdeck", "worker", "--concurrency", "1", "--loglevel", "INFO",
        "-n", f"{name}@%h", "-Q", f"{queue},{queue}-quick", "--without-gossip", "--without-mingle",
        "--without-heartbeat",
    ]  # fmt: skip
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, cwd=PROJECT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    deadline = time.monotonic() + READY_SECONDS
    while " ready." not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"worker {name} did not start:\n{log.read_text(errors='replace')[-2000:]}")
        time.sleep(0.1)
    return process


def attack(args, deck, cards, user, quick: bool) -> None:
    from django.conf import settings

    from simulations import services
    from simulations.models import Simulation

    settings.SIMULATION_QUICK_MAX_HANDS = 1_000_000 if quick else 0
    huge, refused = [], []
    for number in range(args.attackers):
        address = f"203.0.113.{number + 1}"
        for _attempt in range(3):
            try:
                huge.append(services.start_hands(deck=deck, cards=cards, hands=args.huge_hands, client=address))
            except (services.JobLimitReached, services.SimulationInputError) as exc:
                refused.append(str(exc))
    started = time.perf_counter()
    small = services.start_hands(deck=deck, cards=cards, hands=args.small_hands, owner=user)
    deadline = time.monotonic() + JOB_SECONDS
    while not small.finished and time.monotonic() < deadline:
        time.sleep(0.02)
        small.refresh_from_db()
    wall = time.perf_counter() - started
    chunks = sum(job.chunks_total for job in huge)
    waiting = chunks - sum(Simulation.objects.filter(pk__in=[j.pk for j in huge]).values_list("chunks_done", flat=True))
    how = "quick queue for small jobs" if quick else "one queue for every job"
    print(f"  {how}: {len(huge)} huge jobs accepted ({chunks} chunks), {len(refused)} refused; the user's "
          f"{args.small_hands:,}-hand job {small.status} after {wall:.2f} s, with {waiting} of the huge jobs' "
          f"chunks still waiting")  # fmt: skip
    if refused:
        print(f"    refused: {refused[0]}")
    for job in huge:
        services.cancel(job)
    # The cancelled jobs' chunks still queued are skipped by the workers: the next round starts on empty queues.
    from vtesdeck.celery import app

    while True:
        with app.connection_for_write() as connection:
            channel = connection.default_channel
            left = sum(channel.queue_declare(queue=name).message_count for name in (services.chunk_queue(small),
                       settings.SIMULATION_QUEUE))  # fmt: skip
        if not left:
            break
        time.sleep(0.2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--huge-hands", type=int, default=50_000_000)
    parser.add_argument("--attackers", type=int, default=4)
    parser.add_argument("--small-hands", type=int, default=10_000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="vtesdeck-bench-fair-"))
    queue = f"vtesdeck-bench-fair-{os.getpid()}"
    if os.environ.get("CELERY_BROKER_URL"):
        broker = os.environ["CELERY_BROKER_URL"]
    elif redis_answers():
        broker = "redis://127.0.0.1:6379/0"
    else:
        broker = "filesystem://"
    env = {
        **os.environ,
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3",
        "CELERY_BROKER_URL": broker,
        "CELERY_DATA_DIR": str(folder / "celery"),
        "SIMULATION_QUEUE": queue,
        "SIMULATION_QUICK_QUEUE": "",
        "SIMULATION_MAX_HANDS": str(max(args.huge_hands, 1_000_000)),
        "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
        "DJANGO_DEBUG": "False",
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("CELERY_RESULT_BACKEND", None)
    os.environ.update(env)
    workers: list[subprocess.Popen] = []
    try:
        import django

        django.setup()
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        from vtesdeck.core import carddb, decklist

        call_command("migrate", "--noinput", verbosity=0)
        cards = carddb.CardIndex(carddb.parse(carddb.read_bundled()).cards)
        deck = decklist.parse(DECK, cards)
        user = get_user_model().objects.create_user("bench-user")
        workers = [start_worker(folder, env, queue, f"fair-{n}") for n in (1, 2)]
        print(f"fair queues bench: {args.attackers} addresses x {args.huge_hands:,} hands, then a user's "
              f"{args.small_hands:,}; 2 workers, broker {broker.split('://')[0]}, {os.cpu_count()} cores, "
              f"load {os.getloadavg()[0]:.2f}")  # fmt: skip
        for quick in (True, False):
            attack(args, deck, cards, user, quick)
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        for process in workers:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in workers:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
        if broker.startswith("redis"):
            try:
                from vtesdeck.celery import app

                with app.connection_for_write() as connection:
                    for name in (queue, f"{queue}-quick"):
                        connection.default_channel.queue_delete(name)
            except Exception:
                pass
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
