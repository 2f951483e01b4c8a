"""``manage.py serve [ADDRESS] [--workers N]``: the development web server and the Celery workers (one for the
quick and main queues, one process for the long queue) until Ctrl-C or TERM (what `make run` runs), all stopped
together, once, quietly.

Each child runs in a process group of its own, so a terminal's Ctrl-C (SIGINT to the whole foreground group)
reaches only this process, which stops each child once: TERM first (the worker's warm shutdown, which lets a
running chunk finish), QUIT when a child is still there after ``--grace`` seconds or at a second Ctrl-C (the
worker's cold shutdown: its running chunks go back to the queue, unacknowledged, since tasks are acked late),
KILL to the child's whole group as the last resort. The shell recipe this replaces (``trap 'kill 0'``)
signalled the whole group, make and itself included, again on each signal it sent itself: a dozen shutdown
lines, a segfault in the shell, and once a worker still running 40 s later.

When either child exits on its own (the port is taken, the broker is away), the other is stopped the same way
and the exit status is the child's.

This is a player's own machine, so the card art shows: unless the environment chooses an image mode
(``CARD_IMAGE_URL_TEMPLATE`` or ``CARD_IMAGE_FETCH_TEMPLATE``, even empty), the children fetch each card's image
from the field's public host the first time a page shows it (``local_environment``; ``cards.images``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence

from django.conf import settings
from django.core.management.base import BaseCommand

from vtesdeck.celery import long_queue
from vtesdeck.core.image_urls import FIELD_TEMPLATE

GRACE_SECONDS = 10.0
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
# What a child is sent at each step of its stop; each step waits up to the grace period (or another Ctrl-C).
STEPS = (signal.SIGTERM, signal.SIGQUIT, signal.SIGKILL)
POLL_SECONDS = 0.1


def local_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The children's environment: ``environ``, with images fetched on view from ``FIELD_TEMPLATE`` unless it
    names an image mode itself (an empty value included: ``CARD_IMAGE_FETCH_TEMPLATE= make run`` shows text
    cards only)."""
    chosen = "CARD_IMAGE_URL_TEMPLATE" in environ or "CARD_IMAGE_FETCH_TEMPLATE" in environ
    return dict(environ) if chosen else {**environ, "CARD_IMAGE_FETCH_TEMPLATE": FIELD_TEMPLATE}


def supervise(commands: dict[str, Sequence[str]], grace: float = GRACE_SECONDS, cwd=None, say=print, env=None) -> int:
    """Run ``commands`` (by name) until a stop signal or until one exits; stop the rest. 0 after a stop
    signal, else the status of the child that exited first (1 when it was killed by a signal)."""
    received: list[int] = []
    previous = {number: signal.signal(number, lambda number, frame: received.append(number)) for number in STOP_SIGNALS}
    try:
        children = {
            name: subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, process_group=0)
            for name, command in commands.items()
        }
        while not received and all(child.poll() is None for child in children.values()):
            time.sleep(POLL_SECONDS)
        first = next((name for name, child in children.items() if child.returncode is not None), None)
        if first is not None and not received:
            say(f"{first} exited ({children[first].returncode}): stopping the rest")
        stop(list(children.values()), grace, received, say)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    if received or first is None:
        return 0
    status = children[first].returncode
    return status if status > 0 else 1


def stop(children: list[subprocess.Popen], grace: float, received: list[int], say) -> None:
    for step in STEPS:
        running = [child for child in children if child.poll() is None]
        if not running:
            return
        if step == signal.SIGQUIT:
            say(f"Still running after {grace:g} s: stopping at once (running chunks go back to the queue)")
        for child in running:
            if step == signal.SIGKILL:
                os.killpg(child.pid, step)  # the child and whatever it forked (a worker's pool)
            else:
                child.send_signal(step)
        deadline, signals = time.monotonic() + grace, len(received)
        while any(child.poll() is None for child in running):
            if time.monotonic() > deadline or len(received) > signals:  # another Ctrl-C: the next step now
                break
            time.sleep(POLL_SECONDS)
    for child in children:
        child.wait()


class Command(BaseCommand):
    help = (
        "Run the development web server and a Celery worker until Ctrl-C or TERM, which stops both "
        "(`make run`); when either exits, the other is stopped too."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("address", nargs="?", default="127.0.0.1:8000", help="host:port of the web server")
        parser.add_argument("--workers", type=int, default=2, help="the Celery worker's processes (default 2)")
        parser.add_argument(
            "--grace",
            type=float,
            default=GRACE_SECONDS,
            help=f"seconds each step of the stop waits (default {GRACE_SECONDS:g})",
        )

    def handle(self, *args, **options) -> None:
        python = sys.executable
        workers = f"--concurrency={options['workers']}"
        celery = [python, "-m", "celery", "-A", "vtesdeck", "worker", "--loglevel=INFO"]
        commands = {
            "The Celery worker": [*celery, workers],
            # One process for the long queue alone (the build planner's searches of minutes): they never hold the
            # processes that small jobs wait for, and a worker started without -Q does not take them.
            "The long-jobs worker": [*celery, "--concurrency=1", "-n", "long@%h", "-Q", long_queue()],
            "The web server": [python, "manage.py", "runserver", options["address"], "--noreload"],
        }
        status = supervise(
            commands, options["grace"], cwd=settings.BASE_DIR, say=self.stderr.write, env=local_environment(os.environ)
        )
        if status:
            sys.exit(status)
