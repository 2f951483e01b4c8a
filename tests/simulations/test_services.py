"""simulations.services without a worker: what a job must be to start, what becomes of one whose workers
went quiet, and that a job is finished once, by whoever stores its last chunk.

Chunks are computed here in the test process with the core (``draws.simulate_chunk``) and stored through
the same ``store_chunk`` a worker calls; dispatches go to a queue of this test's own, which the tests read
back from the broker to see what was (re)sent.
"""

from __future__ import annotations

import datetime
import io
import threading
import time

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from cards import index
from simulations import services
from simulations.models import Simulation, SimulationChunk
from vtesdeck.celery import app as celery_app
from vtesdeck.core import decklist, draws

pytestmark = pytest.mark.django_db

GARGOYLES = """Deck Name: Rock drop
Crypt (12 cards)
12x Tupdog
Library (60 cards)
20x Govern the Unaligned
20x Dive Bomb
20x Blood Doll
"""
FIVE_CARD_LIBRARY = """Crypt (12 cards)
12x Tupdog
Library (5 cards)
5x Blood Doll
"""


def parse(text: str):
    return decklist.parse(text, index.get())


def queued_messages(queue: str) -> int:
    """Chunks waiting in the test's queue and its quick queue (where small jobs' chunks go)."""
    with celery_app.connection_for_write() as conn:
        return sum(conn.default_channel.queue_declare(queue=q).message_count for q in (queue, f"{queue}-quick"))


def start(queue, text: str = GARGOYLES, **options) -> Simulation:
    options.setdefault("hands", 40_000)
    options.setdefault("chunk_size", 10_000)
    return services.start_hands(deck=parse(text), cards=index.get(), **options)


def compute(simulation: Simulation, chunk: int) -> tuple[int, dict]:
    sizes = draws.chunk_sizes(simulation.hands, simulation.parameters["chunk_size"])
    plan = draws.HandsPlan.from_dict(simulation.plan)
    return sizes[chunk], draws.simulate_chunk(plan, sizes[chunk], simulation.seed, chunk)


def store(simulation: Simulation, chunk: int, worker: str = "test@here") -> bool:
    hands, tally = compute(simulation, chunk)
    services.begin_chunk(simulation.id, chunk)
    return services.store_chunk(simulation.id, chunk, hands, tally, worker=worker, seconds=0.01)


def age(simulation: Simulation, seconds: float) -> None:
    """Move the job's clock back, as if it was created (and its workers last reported) ``seconds`` ago."""
    past = timezone.now() - datetime.timedelta(seconds=seconds)
    simulation.refresh_from_db()
    running = {"started_at": past, "heartbeat_at": past} if simulation.status == "running" else {}
    Simulation.objects.filter(pk=simulation.pk).update(created_at=past, **running)


# --- starting a job --------------------------------------------------------------------------------


def test_it_stores_the_job_and_queues_one_task_per_chunk(queue):
    simulation = start(queue, hands=45_000, seed=7, conditions=['library.type("Master") >= 1'])
    assert simulation.status == "queued" and simulation.attempts == 1
    assert (simulation.hands, simulation.seed, simulation.chunks_total) == (45_000, 7, 5)
    assert simulation.parameters == {
        "hands": 45_000,
        "conditions": ['library.type("Master") >= 1'],
        "chunk_size": 10_000,
    }
    assert simulation.deck_name == "Rock drop"
    assert {card["count"] for card in simulation.deck_snapshot["library"]} == {20}
    draws.HandsPlan.from_dict(simulation.plan)  # all a worker needs, as plain JSON
    assert queued_messages(queue) == 5


def test_it_draws_a_random_seed_when_none_is_given(queue):
    seeds = {start(queue, hands=1_000).seed for _ in range(3)}
    assert len(seeds) == 3 and all(0 <= seed < 2**31 for seed in seeds)


@pytest.mark.parametrize(
    ("options", "field", "words"),
    [
        ({"hands": 0}, "hands", "from 1"),
        ({"hands": -1}, "hands", "from 1"),
        ({"hands": 10**12}, "hands", "not 1,000,000,000,000"),
        ({"hands": "abc"}, "hands", "whole number"),
        ({"hands": True}, "hands", "whole number"),
        ({"hands": 2.5}, "hands", "whole number"),
        ({"seed": -3}, "seed", "from 0"),
        ({"conditions": 'library.type("Master") >= 1'}, "conditions", "a list"),
        ({"conditions": [3]}, "conditions", "non-empty expression"),
        ({"conditions": ["x" * 301]}, "conditions", "at most 300 characters"),
        ({"conditions": ['library.type("Master") >= 1'] * 11}, "conditions", "At most 10 conditions"),
        ({"conditions": ['library.type("Master" >= 1']}, "conditions", ""),
        ({"conditions": ["}}}} garbage {{{{"]}, "conditions", ""),
    ],
)
def test_it_refuses_bad_parameters_and_stores_nothing(queue, options, field, words):
    with pytest.raises(services.SimulationInputError) as error:
        start(queue, **options)
    assert error.value.field == field
    assert words in str(error.value) and str(error.value).strip()
    assert "Traceback" not in str(error.value)
    assert not Simulation.objects.exists()
    assert queued_messages(queue) == 0


def test_it_refuses_a_library_too_small_for_an_opening_hand(queue):
    with pytest.raises(services.SimulationInputError) as error:
        start(queue, FIVE_CARD_LIBRARY)
    assert error.value.field == "deck"
    assert "5" in str(error.value) and "7" in str(error.value)
    assert not Simulation.objects.exists()


def test_a_broker_that_is_down_fails_the_job_fast_saying_why(broker_down):
    began = time.monotonic()
    with pytest.raises(services.BrokerUnavailable) as error:
        start("no queue")
    # One try, not kombu's default retries for minutes: well within gunicorn's 30 s timeout, far above the
    # milliseconds it takes, so that a loaded machine never fails it.
    assert time.monotonic() - began < 30
    assert str(error.value).startswith("could not reach the task queue (broker): ")
    simulation = Simulation.objects.get()
    assert error.value.simulation == simulation
    assert simulation.status == "failed" and simulation.error == str(error.value)
    assert simulation.finished_at is not None


# --- cancelling -----------------------------------------------------------------------------------


def test_cancel_stops_a_queued_job_and_leaves_a_finished_one_alone(queue):
    simulation = start(queue)
    assert services.cancel(simulation).status == "cancelled"
    assert services.cancel(simulation).status == "cancelled"  # idempotent
    assert services.begin_chunk(simulation.id, 0) is None  # a worker skips its chunks
    failed = start(queue)
    services.fail(failed.id, "the worker ran out of memory")
    assert services.cancel(failed).status == "failed"
    assert failed.error == "the worker ran out of memory"


def test_a_running_chunk_stops_once_its_job_is_cancelled(queue):
    simulation = start(queue)
    assert services.begin_chunk(simulation.id, 0) is not None
    services.beat(simulation.id, 500)
    assert Simulation.objects.get(pk=simulation.pk).hands_done == 500
    services.cancel(simulation)
    with pytest.raises(services.JobStopped):
        services.beat(simulation.id, 500)
    assert store(simulation, 0) is False
    assert not SimulationChunk.objects.exists()


# --- chunks and finishing -----------------------------------------------------------------------


def test_the_last_chunk_stored_finishes_the_job_with_the_same_figures_as_in_process(queue):
    simulation = start(queue, hands=30_000, seed=11)
    for chunk in (2, 0, 1):  # any order
        assert store(simulation, chunk, worker=f"w{chunk}@here")
    simulation.refresh_from_db()
    assert simulation.status == "done" and simulation.progress == 1.0
    assert (simulation.chunks_done, simulation.hands_done) == (3, 30_000)
    assert simulation.finished_at >= simulation.started_at
    in_process = draws.run_hands(parse(GARGOYLES), index.get(), hands=30_000, seed=11, chunk_size=10_000)
    result = simulation.result
    assert result["hands"] == 30_000 and result["seed"] == 11 and result["chunks"] == 3
    assert [row["p_opening"] for row in result["library"]] == [row["p_opening"] for row in in_process["library"]]
    assert [row["p_opening"] for row in result["crypt"]] == [row["p_opening"] for row in in_process["crypt"]]


def test_a_chunk_stored_twice_counts_once(queue):
    simulation = start(queue, hands=20_000)
    assert store(simulation, 0) is True
    assert store(simulation, 0) is False  # a resent copy, run after all
    simulation.refresh_from_db()
    assert (simulation.chunks_done, simulation.hands_done, simulation.status) == (1, 10_000, "running")


def test_finishing_twice_finishes_once(queue):
    simulation = start(queue, hands=20_000)
    store(simulation, 0)
    store(simulation, 1)
    assert Simulation.objects.get(pk=simulation.pk).status == "done"
    assert services.finish(simulation.id) is False


@pytest.mark.django_db(transaction=True)
def test_workers_storing_the_last_chunks_together_finish_the_job_exactly_once(file_database, queue, monkeypatch):
    """Six "workers" (threads, each with its own database connection) store one chunk each at the same
    moment: no "database is locked", every chunk stored, and one of them, only one, finishes the job."""
    simulation = start(queue, hands=60_000, chunk_size=10_000)
    computed = [compute(simulation, i) for i in range(6)]
    finished, errors = [], []
    real_finish = services.finish

    def counting_finish(simulation_id):
        won = real_finish(simulation_id)
        finished.append(won)
        return won

    monkeypatch.setattr(services, "finish", counting_finish)
    barrier = threading.Barrier(6)

    def worker(i: int) -> None:
        try:
            services.begin_chunk(simulation.id, i)
            barrier.wait(timeout=30)
            hands, tally = computed[i]
            services.store_chunk(simulation.id, i, hands, tally, worker=f"thread{i}@here", seconds=0.01)
        except Exception as exc:  # the assertion below shows it
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    simulation.refresh_from_db()
    assert simulation.status == "done" and simulation.chunks_done == 6
    assert SimulationChunk.objects.filter(simulation=simulation).count() == 6
    assert finished.count(True) == 1


# --- lost workers ---------------------------------------------------------------------------------


def test_a_running_job_whose_workers_went_quiet_gets_its_missing_chunks_again(queue, settings):
    settings.SIMULATION_STALE_SECONDS = 60
    simulation = start(queue, hands=40_000)  # 4 chunks queued
    store(simulation, 1)
    services.beat(simulation.id, 3_000)  # chunk 0 was under way on a worker that then died
    simulation.refresh_from_db()
    assert services.refresh(simulation).attempts == 1  # just reported: not stale
    age(simulation, 61)
    simulation = services.refresh(simulation)
    assert simulation.status == "running" and simulation.attempts == 2
    assert simulation.hands_done == 10_000  # the stored chunk's hands; the lost chunk's progress is gone
    assert queued_messages(queue) == 4 + 3  # chunks 0, 2 and 3 again
    assert (timezone.now() - simulation.heartbeat_at).total_seconds() < 5  # the next try waits a while


def test_a_job_lost_once_too_often_fails_saying_so(queue, settings):
    settings.SIMULATION_STALE_SECONDS = 60
    settings.SIMULATION_MAX_ATTEMPTS = 2
    simulation = start(queue, hands=20_000)
    store(simulation, 0)
    simulation.refresh_from_db()
    age(simulation, 61)
    assert services.refresh(simulation).attempts == 2
    age(simulation, 61)
    simulation = services.refresh(simulation)
    assert simulation.status == "failed"
    assert simulation.error == "the worker running it stopped (lost after 2 attempts)"
    assert simulation.finished_at is not None


def test_a_job_whose_finishing_worker_died_is_finished_by_the_reaper(queue, settings):
    settings.SIMULATION_STALE_SECONDS = 60
    simulation = start(queue, hands=20_000)
    for i in (0, 1):
        hands, tally = compute(simulation, i)
        services.begin_chunk(simulation.id, i)
        SimulationChunk.objects.create(simulation=simulation, index=i, hands=hands, tally=tally, worker="x@y")
    simulation.refresh_from_db()
    age(simulation, 61)
    simulation = services.refresh(simulation)
    assert simulation.status == "done" and simulation.result["hands"] == 20_000
    assert simulation.attempts == 1  # nothing had to be sent again


def test_a_queued_job_waits_for_a_worker_and_gives_up_only_after_a_long_time(queue, settings):
    settings.SIMULATION_STALE_SECONDS = 60
    settings.SIMULATION_QUEUED_TIMEOUT_SECONDS = 3600
    simulation = start(queue)
    age(simulation, 1800)  # no worker for half an hour (an outage): still waiting, chunks still queued
    simulation = services.refresh(simulation)
    assert (simulation.status, simulation.attempts) == ("queued", 1)
    assert services.reap_stale() == 0
    age(simulation, 3601)
    assert services.reap_stale() == 1
    simulation.refresh_from_db()
    assert simulation.status == "failed"
    assert simulation.error == "no worker started it within 1 hours; start it again"


def test_reap_stale_handles_every_quiet_job_and_the_command_says_how_many(queue, settings):
    settings.SIMULATION_STALE_SECONDS = 60
    quiet = [start(queue, hands=20_000) for _ in range(2)]
    lively = start(queue, hands=20_000)
    for simulation in [*quiet, lively]:
        store(simulation, 0)
        simulation.refresh_from_db()
    for simulation in quiet:
        age(simulation, 120)
    output = io.StringIO()
    call_command("reap_simulations", stdout=output)
    assert output.getvalue().strip() == "2 stale simulation jobs handled."
    assert sorted(Simulation.objects.values_list("attempts", flat=True)) == [1, 2, 2]
    assert Simulation.objects.get(pk=lively.pk).attempts == 1
