"""Simulation jobs on real Celery workers: subprocesses on the configured broker (the filesystem one by
default, Redis in CI) and the test database, as in production. Nothing here runs eagerly.

A job runs to ``done`` with the figures the core gives in one process; two workers share a job's chunks;
a cancelled job stops; a chunk that raises fails its job with a sentence; and a worker killed mid-job
leaves the job to another worker, which finishes it with the same figures.

No test here races the machine. Where a test must act while a chunk is under way (kill its worker, cancel
its job, outlast its time limit, see two workers busy at once) it closes the workers' test gate (the
``gate`` fixture, ``SIMULATION_TEST_GATE``): chunks then stop halfway and wait, so the test acts on a chunk
provably in progress, however fast or slow the machine. Deadlines only stop a test that would hang.
"""

from __future__ import annotations

import io
import json
import os
import re
import time

import pytest
from django.core.management import call_command
from django.db.models import Count

from cards import index
from simulations import services
from simulations.models import Simulation, SimulationChunk
from tests.paths import TWDA
from vtesdeck.core import decklist, draws

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

DECK = TWDA / "10009.txt"  # 4 Tupdog, Barcelona 2021: 30 crypt, 90 library cards
DEADLINE = 180  # seconds before a test that waits is failed: far beyond any job here on a loaded machine


def deck():
    return decklist.parse(DECK.read_bytes(), index.get(), path=str(DECK))


def start(**options) -> Simulation:
    return services.start_hands(deck=deck(), cards=index.get(), **options)


def wait_for(simulation: Simulation, done, *, seconds: float = DEADLINE, poll: float = 0.2) -> Simulation:
    """Poll the job (through ``refresh``, as a page or an API client does) until ``done(job)``."""
    deadline = time.monotonic() + seconds
    while True:
        simulation = services.refresh(simulation)
        if done(simulation):
            return simulation
        if time.monotonic() > deadline:
            pytest.fail(
                f"job still {simulation.status} after {seconds} s: {simulation.chunks_done}/"
                f"{simulation.chunks_total} chunks, attempts {simulation.attempts}, error {simulation.error!r}"
            )
        time.sleep(poll)


def finished(simulation: Simulation) -> bool:
    return simulation.finished


def held_chunks(gate, simulation: Simulation, workers: int = 1) -> dict[str, str]:
    """Wait until chunks of ``simulation`` are held at the gate by ``workers`` different workers."""
    return gate.wait_until(
        lambda held: len({worker for chunk, worker in held.items() if chunk.startswith(simulation.id)}) >= workers,
        f"chunk of job {simulation.id} held at the gate by {workers} worker(s)",
        seconds=DEADLINE,
    )


def logged(worker, pattern: re.Pattern, seconds: float = DEADLINE) -> None:
    deadline = time.monotonic() + seconds
    while not pattern.search(worker.output(400)):
        if time.monotonic() > deadline:
            pytest.fail(f"{pattern.pattern!r} not in the log of {worker.name} after {seconds} s:\n{worker.output()}")
        time.sleep(0.2)


def cancelled_under_way(worker, gate, simulation: Simulation, chunk: int) -> None:
    """A chunk of the job (``chunk`` units) held under way at the gate, some of it done and reported, nothing stored;
    then the job cancelled: ``worker`` stops that chunk (whichever it took first: the filesystem broker does not keep
    a strict order), and nothing of it is stored."""
    held_chunks(gate, simulation)
    simulation.refresh_from_db()
    assert simulation.status == "running" and 0 < simulation.units_done < chunk and simulation.chunks_done == 0
    services.cancel(simulation)
    logged(worker, re.compile(rf"simulation {simulation.id}: chunk \d stopped, the job is no longer running"))
    simulation.refresh_from_db()
    assert simulation.status == "cancelled" and simulation.result is None
    assert not SimulationChunk.objects.filter(simulation=simulation).exists()


def test_a_job_runs_to_done_on_a_worker_with_the_figures_of_an_in_process_run(simulation_worker):
    simulation = start(hands=400_000, seed=2021, chunk_size=100_000, conditions=['library.type("Master") >= 2'])
    simulation = wait_for(simulation, finished)
    assert simulation.status == "done", simulation.error
    assert (simulation.chunks_done, simulation.hands_done, simulation.progress) == (4, 400_000, 1.0)
    assert simulation.started_at <= simulation.finished_at and simulation.compute_seconds > 0
    assert {name.split("@")[0] for name in simulation.chunks.values_list("worker", flat=True)} == {"sim-test-a"}
    expected = draws.run_hands(
        deck(), index.get(), hands=400_000, seed=2021, chunk_size=100_000, conditions=['library.type("Master") >= 2']
    )
    result = simulation.result
    for key in ("library", "crypt", "groups", "playable", "first_vampire", "draw_curve", "conditions"):
        assert without_timing(result[key]) == without_timing(expected[key]), key
    assert result["hands"] == 400_000 and result["seed"] == 2021 and result["chunks"] == 4
    assert {card["id"] for card in result["library"]} == set(deck().library)


def without_timing(value):
    return json.loads(json.dumps(value))


def test_two_workers_share_the_chunks_of_one_job(simulation_worker, start_worker, gate):
    second = start_worker("sim-test-b", queue=simulation_worker.queue)
    try:
        simulation = start(hands=2_000_000, chunk_size=100_000)
        # A worker runs one chunk at a time: two chunks held at once are one on each worker.
        held_chunks(gate, simulation, workers=2)
        gate.open()
        simulation = wait_for(simulation, finished)
    finally:
        second.stop()
    assert simulation.status == "done", simulation.error
    per_worker = dict(
        SimulationChunk.objects.filter(simulation=simulation).values_list("worker").annotate(n=Count("id"))
    )
    assert sorted(name.split("@")[0] for name in per_worker) == ["sim-test-a", "sim-test-b"]
    assert sum(per_worker.values()) == 20


def test_cancelling_a_running_job_stops_the_chunk_under_way(simulation_worker, gate):
    simulation = start(hands=200_000, chunk_size=100_000)  # 2 chunks
    cancelled_under_way(simulation_worker, gate, simulation, 100_000)  # held halfway


def test_a_chunk_that_raises_fails_its_job_with_a_sentence(simulation_worker, settings):
    # A job queued before a deploy changed the plan's format: its worker cannot read the plan.
    simulation = Simulation.objects.create(
        plan={"version": 0}, seed=1, hands=1_000, chunks_total=1, parameters={"hands": 1_000, "chunk_size": 1_000}
    )
    services.send_chunks(simulation, [(0, 1_000)])
    simulation = wait_for(simulation, finished)
    assert simulation.status == "failed"
    assert simulation.error.startswith(f"part 1 of 1 failed on worker {simulation_worker.name}@")
    assert "DrawsError: This simulation plan is from another version of the simulator" in simulation.error
    assert "Traceback" not in simulation.error and "\n" not in simulation.error


def test_a_chunk_over_its_time_limit_fails_the_job_saying_so(simulation_worker, settings, gate):
    # The limits travel with each chunk's message: those of the process that queued the job.
    settings.SIMULATION_CHUNK_SOFT_TIME_LIMIT, settings.SIMULATION_CHUNK_TIME_LIMIT = 1, 60
    # Held at the closed gate, the chunk cannot end within its second, however fast the machine.
    simulation = wait_for(start(hands=100_000, chunk_size=100_000), finished)
    assert simulation.status == "failed"
    assert simulation.error == "a part of it ran longer than the 1-second time limit"
    assert not SimulationChunk.objects.filter(simulation=simulation).exists()


def test_killing_the_worker_mid_job_leaves_the_job_to_another_worker(start_worker, cards_kept, settings, gate):
    """SIGKILL the worker's whole process group while a chunk is provably under way (held at the gate: its
    progress reported, its tally not stored), with no acknowledgement and no cleanup, then start another:
    once the job's heartbeat went stale its lost chunks are sent again, and the job ends done with the
    figures of an uninterrupted run."""
    # Workers report every second: 3 silent seconds mean a lost worker. Attempts are not what this tests
    # (failing after too many is tests/simulations/test_services.py's): a slow survivor may cost several.
    quiet = {"SIMULATION_STALE_SECONDS": "3", "SIMULATION_MAX_ATTEMPTS": "100"}
    settings.SIMULATION_STALE_SECONDS, settings.SIMULATION_MAX_ATTEMPTS = 3, 100
    settings.SIMULATION_QUEUE = queue = f"vtesdeck-test-{os.getpid()}-kill"
    first = start_worker("sim-test-killed", queue=queue, env=quiet)
    chunk = 100_000
    simulation = start(hands=4 * chunk, chunk_size=chunk, seed=1997)
    held_chunks(gate, simulation)
    simulation.refresh_from_db()
    assert simulation.status == "running" and simulation.hands_done > 0 and simulation.chunks_done == 0
    first.kill()
    assert not first.alive()
    gate.open()
    second = start_worker("sim-test-survivor", queue=queue, env=quiet)
    try:
        simulation = wait_for(simulation, finished, poll=0.5)
    finally:
        second.stop()
    assert simulation.status == "done", simulation.error
    assert simulation.attempts >= 2  # the chunk lost with the first worker was sent again
    assert simulation.result["hands"] == 4 * chunk and simulation.chunks_done == 4
    workers = {name.split("@")[0] for name in simulation.chunks.values_list("worker", flat=True)}
    assert workers == {"sim-test-survivor"}
    expected = draws.run_hands(deck(), index.get(), hands=4 * chunk, seed=1997, chunk_size=chunk)
    for key in ("library", "crypt", "groups", "playable", "first_vampire", "draw_curve"):
        assert without_timing(simulation.result[key]) == without_timing(expected[key]), key


def test_simulate_hands_via_workers_prints_the_report_of_the_job(simulation_worker, cards_in_database):
    output, errors = io.StringIO(), io.StringIO()
    call_command(
        "simulate_hands",
        str(DECK),
        "--via-workers",
        "--hands",
        "200000",
        "--seed",
        "5",
        "--chunk-size",
        "50000",
        "--json",
        stdout=output,
        stderr=errors,
    )
    report = json.loads(output.getvalue())
    in_process = draws.run_hands(deck(), index.get(), hands=200_000, seed=5, chunk_size=50_000)
    assert [row["p_opening"] for row in report["library"]] == [row["p_opening"] for row in in_process["library"]]
    assert "4 chunks queued (seed 5)" in errors.getvalue() and "done" in errors.getvalue()
    assert Simulation.objects.get().status == "done"
