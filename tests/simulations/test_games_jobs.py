"""Games jobs (kind "games") on the job machinery that runs hands jobs: a deck against the field of the
tournament archive, played in chunks on real Celery workers, merged into the report the core gives in one
process.

A job of the deck of 4 Tupdog (Barcelona 2021) against "the field" (the few archive decks ``archive_ids``
imports, all dated after the field's default 2018-01-01) runs to ``done`` on a worker, and its chunks, merged,
are the same games as one in-process run of all of them; a worker killed while a chunk is under way leaves the
job to another worker, or fails it with the reason, never ``running``; a cancelled job stops; a chunk stored
twice counts once; the caps count games as they count hands, each kind its own units but the jobs together;
a small games job goes to the quick queue.

The worker tests act on a chunk held at the workers' test gate (see tests/simulations/test_worker.py), never
on the machine's speed. Games workers read the card list from the table, once per process: those tests ask
for ``cards_in_database``.
"""

from __future__ import annotations

import os

import pytest

from cards import index
from simulations import opponents, services
from simulations.models import Simulation
from tests.conftest import play_chunk
from tests.simulations.test_fair_queues import queued
from tests.simulations.test_worker import cancelled_under_way, deck, finished, held_chunks, wait_for, without_timing
from vtesdeck.core.engine import simulation as games

pytestmark = pytest.mark.django_db

TIMING = ("seconds", "games_per_second")  # the only figures of a report that depend on the machine


def the_field(players: int = 5) -> list[games.Opponent]:
    """Every seat but the deck's filled with the field, as a request naming no opponents gets."""
    return opponents.resolve(None, user=None, players=players)[0]


def start(**options) -> Simulation:
    options.setdefault("opponents", the_field(options.get("players") or 5))
    return services.start_games(deck=deck(), cards=index.get(), **options)


def in_process(simulation: Simulation) -> dict:
    """The report of the job's games played in this process, all in one chunk."""
    plan = games.GamesPlan.from_dict(simulation.plan)
    tally = games.simulate_chunk(plan, index.get(), seed=simulation.seed, start=0, stop=simulation.units)
    return games.games_report(plan, tally, seed=simulation.seed, seconds=1.0)


def figures(report: dict) -> dict:
    """A report without its timings, as JSON reads it back."""
    return without_timing({key: value for key, value in report.items() if key not in TIMING})


# --- on real workers -----------------------------------------------------------------------------------


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_games_job_against_the_field_is_done_on_a_worker_with_the_games_of_one_in_process_run(
    simulation_worker, cards_in_database, archive_ids
):
    simulation = start(games=40, seed=2021, chunk_size=10)
    assert (simulation.kind, simulation.chunks_total) == ("games", 4)
    simulation = wait_for(simulation, finished)
    assert simulation.status == "done", simulation.error
    assert (simulation.chunks_done, simulation.units_done, simulation.progress) == (4, 40, 1.0)
    assert {name.split("@")[0] for name in simulation.chunks.values_list("worker", flat=True)} == {"sim-test-a"}
    result = simulation.result
    assert (result["games"], result["seed"], result["players"]) == (40, 2021, 5)
    assert result["seconds"] > 0 and result["games_per_second"] > 0
    assert [(row["kind"], row["decks"]) for row in result["opponents_plan"]] == [("field", len(archive_ids))] * 4
    # Four chunks of ten games on a worker, merged: the forty games of one run here, figure for figure.
    assert figures(result) == figures(in_process(simulation))
    assert result["errors"] == [] and result["deck"]["games"] == 40  # every game played to its end


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("attempts", "ending"),
    [(100, "done"), (1, "failed")],
    ids=["another-worker-finishes-it", "out-of-attempts-it-fails"],
)
def test_killing_the_worker_mid_job_ends_the_job_done_by_another_worker_or_failed_saying_why(
    start_worker, cards_in_database, archive_ids, settings, gate, attempts, ending
):
    """SIGKILL the worker while a chunk is provably under way (held at the gate: its progress reported, its
    tally not stored), then start another. With attempts to spare, the lost chunk is sent again once the
    heartbeat went stale and the survivor plays the same games; with none left, the job fails with the
    reason. Either way the job ends."""
    # Workers report every second: 3 silent seconds mean a lost worker.
    quiet = {"SIMULATION_STALE_SECONDS": "3", "SIMULATION_MAX_ATTEMPTS": str(attempts)}
    settings.SIMULATION_STALE_SECONDS, settings.SIMULATION_MAX_ATTEMPTS = 3, attempts
    settings.SIMULATION_QUEUE = queue = f"vtesdeck-test-{os.getpid()}-games-kill-{ending}"
    first = start_worker(f"sim-test-games-killed-{ending}", queue=queue, env=quiet)
    simulation = start(games=20, chunk_size=5, seed=1997)
    held_chunks(gate, simulation)
    simulation.refresh_from_db()
    assert simulation.status == "running" and simulation.units_done > 0 and simulation.chunks_done == 0
    first.kill()
    assert not first.alive()
    gate.open()
    second = start_worker(f"sim-test-games-survivor-{ending}", queue=queue, env=quiet)
    try:
        simulation = wait_for(simulation, finished, poll=0.5)
    finally:
        second.stop()
    assert simulation.status == ending, simulation.error
    if ending == "done":
        assert simulation.attempts >= 2  # the chunk lost with the first worker was sent again
        assert simulation.chunks_done == 4 and simulation.result["games"] == 20
        workers = {name.split("@")[0] for name in simulation.chunks.values_list("worker", flat=True)}
        assert workers == {f"sim-test-games-survivor-{ending}"}
        assert figures(simulation.result) == figures(in_process(simulation))
    else:
        assert simulation.error == "the worker running it stopped (lost after 1 attempts)"
        assert simulation.result is None and simulation.chunks_done < 4


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_cancelling_a_running_games_job_stops_the_chunk_under_way(
    simulation_worker, cards_in_database, archive_ids, gate
):
    simulation = start(games=20, chunk_size=10)
    cancelled_under_way(simulation_worker, gate, simulation, 10)


# --- without a worker: chunks computed here, stored as a worker stores them -----------------------------


def test_a_games_chunk_stored_twice_counts_once_and_the_last_one_finishes_the_job(idle_queue, archive_ids):
    simulation = start(games=12, chunk_size=6, seed=5)
    assert play_chunk(simulation, 1) is True
    assert play_chunk(simulation, 1) is False  # a resent copy, played after all
    simulation.refresh_from_db()
    assert (simulation.chunks_done, simulation.units_done, simulation.status) == (1, 6, "running")
    assert play_chunk(simulation, 0) is True
    simulation.refresh_from_db()
    assert (simulation.status, simulation.chunks_done, simulation.units_done) == ("done", 2, 12)
    assert figures(simulation.result) == figures(in_process(simulation))


# --- caps and queues -------------------------------------------------------------------------------------


def test_a_games_job_larger_than_the_whole_allowance_is_refused_naming_games(idle_queue, archive_ids, settings, alice):
    settings.SIMULATION_MAX_ACTIVE_GAMES_ANON, settings.SIMULATION_MAX_ACTIVE_GAMES_USER = 100, 200
    with pytest.raises(services.SimulationInputError) as anonymous:
        start(games=101, client="10.0.0.1")
    assert anonymous.value.field == "games"
    assert str(anonymous.value) == (
        "games must be at most 100 without an account (the most games unfinished at once), not 101."
    )
    with pytest.raises(services.SimulationInputError) as user:
        start(games=201, owner=alice)
    assert user.value.field == "games"
    assert (
        str(user.value) == "games must be at most 200 (the most games an account may have unfinished at once), not 201."
    )
    assert not Simulation.objects.exists()
    start(games=101, owner=alice)  # within the account's allowance
    start(games=1_000)  # the command line has no cap


def test_unfinished_games_over_the_cap_are_refused_naming_games(idle_queue, archive_ids, settings, alice):
    settings.SIMULATION_MAX_ACTIVE_JOBS_ANON, settings.SIMULATION_MAX_ACTIVE_GAMES_ANON = 5, 100
    settings.SIMULATION_MAX_ACTIVE_GAMES_USER = 300
    start(games=60, client="10.0.0.1")
    with pytest.raises(services.JobLimitReached) as over:
        start(games=50, client="10.0.0.1")
    assert str(over.value) == (
        "The unfinished simulation jobs of your address still have 60 games to play and this one asks for 50; "
        "without an account, at most 100 games may be unfinished at once. Wait for a job to finish, or ask for "
        "fewer games."
    )
    assert Simulation.objects.count() == 1  # nothing of the refused one is stored
    start(games=40, client="10.0.0.1")  # fits: 100 in all
    start(games=50, client="10.0.0.2")  # another address has its own allowance
    # The games played already no longer count: the games left do.
    Simulation.objects.filter(units=60).update(status=Simulation.Status.RUNNING, units_done=50)
    start(games=10, client="10.0.0.1")
    start(games=300, owner=alice)
    with pytest.raises(services.JobLimitReached) as account:
        start(games=1, owner=alice)
    assert str(account.value).startswith("Your unfinished simulation jobs still have 300 games to play")


def test_hands_and_games_are_capped_each_in_its_units_and_the_jobs_together(idle_queue, archive_ids, settings):
    settings.SIMULATION_MAX_ACTIVE_JOBS_ANON = 3
    settings.SIMULATION_MAX_ACTIVE_HANDS_ANON, settings.SIMULATION_MAX_ACTIVE_GAMES_ANON = 100_000, 100

    def hands(n: int) -> Simulation:
        return services.start_hands(deck=deck(), cards=index.get(), hands=n, client="10.0.0.1")

    hands(60_000)
    start(games=60, client="10.0.0.1")  # 60,000 hands to draw do not count against games
    with pytest.raises(services.JobLimitReached) as too_many_hands:
        hands(50_000)
    assert "still have 60,000 hands to draw and this one asks for 50,000" in str(too_many_hands.value)
    with pytest.raises(services.JobLimitReached) as too_many_games:
        start(games=50, client="10.0.0.1")
    assert "still have 60 games to play and this one asks for 50" in str(too_many_games.value)
    start(games=40, client="10.0.0.1")
    with pytest.raises(services.JobLimitReached) as too_many_jobs:
        hands(1_000)  # within the hands left, but a fourth job
    assert str(too_many_jobs.value).startswith("Your address has 3 unfinished simulation jobs;")
    assert sorted(Simulation.objects.values_list("kind", flat=True)) == ["games", "games", "hands"]


def test_a_games_job_of_at_most_the_quick_limit_goes_to_the_quick_queue(idle_queue, archive_ids, settings):
    settings.SIMULATION_QUICK_MAX_GAMES = 50
    quick = f"{idle_queue}-quick"
    small = start(games=50, chunk_size=25)
    assert (small.chunks_total, queued(quick), queued(idle_queue)) == (2, 2, 0)
    large = start(games=51, chunk_size=25)
    assert (large.chunks_total, queued(quick), queued(idle_queue)) == (3, 2, 3)
