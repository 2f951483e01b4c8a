"""The Celery side of simulation jobs: one task per chunk, and the reaper run when a worker starts.

One task for every kind of job: ``run_chunk`` asks ``simulations.kinds`` what the job's kind computes (draw
opening hands, play games) and does the rest (progress, cancel, time limit, failure, storing) the same way.

``run_chunk`` is acknowledged late and rejected back to the broker when its worker process dies
(``acks_late``, ``reject_on_worker_lost``), so a broker that redelivers (Redis, RabbitMQ) hands a lost
chunk to another worker; on brokers that do not, ``services.refresh`` resends it. Either way a chunk run
twice is stored once. What a job's row goes through is in ``simulations.services``.

**A database outage** is not a lost worker, nor a failed job. A chunk that cannot reach the database (Django's
``OperationalError`` or ``InterfaceError``, as the web answers 503 for: connecting, or any query) when it begins
or stores its tally waits and tries again (a Celery retry of the same message, to the same queue), after 1, 2,
4… seconds up to ``SIMULATION_DATABASE_RETRY_SECONDS``, for ``SIMULATION_DATABASE_WAIT_SECONDS`` in all: no
attempt of the job's (``Simulation.attempts``, which counts the dispatches of lost chunks) is spent, and the job
ends ``done`` once the database is back. Progress reports that meet the outage mid-chunk are skipped (the
chunk goes on computing). Only after the whole wait does the chunk give up, as a lost one, for the stale check.
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable
from pathlib import Path

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from celery.signals import worker_init, worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError, connections
from django.utils.translation import gettext as _

from . import kinds, services
from .errors import JobRefused

__all__ = ["run_chunk", "wait_at_test_gate"]

logger = logging.getLogger(__name__)

BEAT_SECONDS = 1.0  # how often a chunk reports progress and checks for cancellation
UNSEEN_RETRIES = 3  # a chunk whose job this worker cannot see yet is tried again, a second apart
# The database is away (the rule the web's 503 follows too: vtesdeck.middleware, vtesdeck.api).
DATABASE_DOWN = (OperationalError, InterfaceError)
OUTAGE_BEAT_SECONDS = 10.0  # a progress report that met an outage: the next one this much later than usual


@shared_task(
    name=services.RUN_CHUNK,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,  # tallies are stored as SimulationChunk rows, never in the result backend
    soft_time_limit=settings.SIMULATION_CHUNK_SOFT_TIME_LIMIT,
    time_limit=settings.SIMULATION_CHUNK_TIME_LIMIT,
    max_retries=None,  # each kind of retry below says its own limit
)
def run_chunk(self, simulation_id: str, index: int, units: int) -> None:
    """Compute chunk ``index`` of job ``simulation_id`` (``units`` of work: opening hands to draw, games to
    play) and store its tally; wait for the database when it is away (the module's docstring)."""
    try:
        _run_chunk(self, simulation_id, index, units)
    except DATABASE_DOWN as exc:
        connections.close_all()  # a broken connection must not be reused, by the retry or the next task
        pause = outage_pause(self.request.retries)
        if pause is None:
            logger.error(
                "simulation %s: chunk %d: the database is still unavailable after %d tries; giving up "
                "(the job's stale check resends it)",
                simulation_id,
                index,
                self.request.retries + 1,
            )
            raise
        logger.warning(
            "simulation %s: chunk %d: the database is unavailable (%s); trying again in %g s (try %d, no attempt spent)",
            simulation_id,
            index,
            services.describe(exc),
            pause,
            self.request.retries + 1,
        )
        raise self.retry(countdown=pause) from None


def outage_pause(tries: int) -> float | None:
    """Seconds before a chunk that met a database outage ``tries`` times already tries again: 1, 2, 4… up to
    ``SIMULATION_DATABASE_RETRY_SECONDS``; None once the pauses before sum to ``SIMULATION_DATABASE_WAIT_SECONDS``."""
    longest = max(settings.SIMULATION_DATABASE_RETRY_SECONDS, 1)

    def pause(n: int) -> float:
        return min(2.0 ** min(n, 32), longest)

    if sum(pause(n) for n in range(tries)) >= settings.SIMULATION_DATABASE_WAIT_SECONDS:
        return None
    return pause(tries)


def _run_chunk(self, simulation_id: str, index: int, units: int) -> None:
    simulation = services.begin_chunk(simulation_id, index)
    if simulation is None:
        if self.request.retries < UNSEEN_RETRIES and not services.job_exists(simulation_id):
            # Queued from inside a transaction not yet committed: the row shows up in a moment.
            raise self.retry(countdown=1, max_retries=UNSEEN_RETRIES)
        # Finished, cancelled, deleted, or this chunk is already stored. Stored by this very chunk, perhaps, before
        # the database went away (the commit went through, its answer did not): the job may want finishing.
        services.finish(simulation_id)
        return
    worker = self.request.hostname or socket.gethostname()
    counted = 0  # units of this chunk already added to the job's progress
    last_beat = time.monotonic()
    gated = not settings.SIMULATION_TEST_GATE  # the test gate is passed once, on the first report mid-chunk

    def report(done: int) -> None:
        nonlocal counted, last_beat
        try:
            services.beat(simulation_id, done - counted)  # raises JobStopped once the job was cancelled
        except DATABASE_DOWN as exc:
            # Progress is not the work: the chunk goes on, and its store waits for the database if need be.
            connections.close_all()
            logger.warning(
                "simulation %s: chunk %d: progress not reported, the database is unavailable (%s)",
                simulation_id,
                index,
                services.describe(exc),
            )
            last_beat = time.monotonic() + OUTAGE_BEAT_SECONDS
            return
        counted, last_beat = done, time.monotonic()

    def progress(done: int) -> None:
        nonlocal gated
        if not gated and done < units:
            gated = True
            wait_at_test_gate(simulation_id, index, worker, lambda: report(done))
        if time.monotonic() - last_beat >= BEAT_SECONDS:
            report(done)

    started, cpu = time.monotonic(), time.process_time()
    try:
        tally = kinds.of(simulation).run_chunk(simulation, index, units, progress)
    except services.JobStopped:
        logger.info("simulation %s: chunk %d stopped, the job is no longer running", simulation_id, index)
        return
    except JobRefused as exc:
        logger.info("simulation %s: chunk %d refused: %s", simulation_id, index, exc)
        services.fail(simulation_id, str(exc))
        return
    except DATABASE_DOWN:
        raise  # not the chunk's failure: run_chunk waits for the database
    except SoftTimeLimitExceeded:
        # The limit the message carried (the queuing process's setting), else this worker's own.
        limit = (self.request.timelimit or (None, None))[1] or kinds.of(simulation).time_limits()[0]
        reason = _("a part of it ran longer than the %(seconds)s-second time limit") % {"seconds": f"{limit:g}"}
        logger.error("simulation %s: chunk %d: %s", simulation_id, index, reason)
        services.fail(simulation_id, reason)
        return
    except Exception as exc:
        # The traceback goes to the worker's log; the job keeps a sentence naming the cause.
        logger.exception("simulation %s: chunk %d failed on %s", simulation_id, index, worker)
        services.fail(
            simulation_id,
            _("part %(index)d of %(total)d failed on worker %(worker)s (%(error)s)")
            % {"index": index + 1, "total": simulation.chunks_total, "worker": worker, "error": services.describe(exc)},
        )
        return
    seconds = time.process_time() - cpu
    services.store_chunk(simulation_id, index, units, tally, worker=worker, seconds=seconds, counted=counted)
    logger.debug(
        "simulation %s: chunk %d, %d %s in %.2f s",
        simulation_id,
        index,
        units,
        simulation.kind,
        time.monotonic() - started,
    )


def wait_at_test_gate(simulation_id: str, index: int, worker: str, report: Callable[[], None]) -> None:
    """For the test suite only (``SIMULATION_TEST_GATE``, empty in production, where this is never called).

    A chunk halfway through its units stops here while the gate folder holds a file named ``closed``: it
    reports its progress, leaves a file ``<job id>-<chunk index>.held`` holding its worker's name, and
    waits, still reporting about once a second (so a cancel stops it here, and its heartbeat stays fresh),
    until the test removes ``closed``. A test thus acts while a chunk is provably under way — kills its
    worker, cancels its job, lets its time limit pass — instead of hoping to catch one on a fast machine.
    """
    gate = Path(settings.SIMULATION_TEST_GATE)
    closed = gate / "closed"
    if not closed.exists():
        return
    report()
    held = gate / f"{simulation_id}-{index}.held"
    held.write_text(worker)
    try:
        beat = time.monotonic()
        while closed.exists():
            time.sleep(0.05)
            if time.monotonic() - beat >= BEAT_SECONDS:
                report()
                beat = time.monotonic()
    finally:
        held.unlink(missing_ok=True)


@worker_init.connect
def load_card_specs(sender=None, **kwargs) -> None:
    """Before the pool's processes are forked: read the card list and compile the engine's card specs once, so
    that every process of the pool starts with them (games chunks need both; forked, they share the memory)."""
    try:
        from vtesdeck.core.engine.compile import compiled

        compiled(kinds.card_index())
    except Exception:  # the database may be away: the worker starts anyway, and a chunk loads them itself
        logger.exception("could not load the card list for games jobs")
    finally:
        connections.close_all()  # no connection of the main process may be inherited by a forked one


@worker_ready.connect
def reap_on_start(sender=None, **kwargs) -> None:
    """A worker that starts looks for jobs whose workers were lost (a restart after a crash, say)."""
    try:
        handled = services.reap_stale()
    except Exception:  # the database may be away: the worker itself must still start
        logger.exception("could not look for stale simulation jobs")
        return
    finally:
        # The main process computes nothing: no database connection of its own should outlive this, nor be
        # inherited by a pool process forked later.
        connections.close_all()
    if handled:
        logger.warning("resent or closed %d stale simulation jobs", handled)
