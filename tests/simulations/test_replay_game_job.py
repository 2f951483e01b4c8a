"""``manage.py replay_game --job ID --game N``: a game of a stored games job, played again from the job's plan
and seed, is the game its worker tallied, with its seats, log and hash; a job that is not there, not a games
job, or has no game N is refused with exit 2 and one line, as is a job given with PATHs or a table's options.

The job is stored by ``services.start_games`` (the API's and the Games tab's call) on a queue no worker reads,
as in tests/simulations/test_games_jobs.py; its chunks are computed here with the kind's own ``run_chunk``,
the code a worker runs, one game per chunk, and stored with ``services.store_chunk``.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards import index
from simulations import opponents, services
from simulations.management.commands.replay_game import JOB_DECK
from simulations.models import Simulation, SimulationChunk
from tests.conftest import play_job
from tests.simulations.test_worker import deck
from vtesdeck.core.engine import run, schedule
from vtesdeck.core.engine import simulation as games

pytestmark = pytest.mark.django_db

PLAYERS = 4


def replay(*args: object) -> tuple[str, CommandError | None]:
    out = io.StringIO()
    try:
        call_command("replay_game", *map(str, args), stdout=out, stderr=io.StringIO())
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def start_job(**options) -> Simulation:
    """A four-seat job of the 4 Tupdog deck against the field (the archive decks ``archive_ids`` imports)."""
    field, _asked = opponents.resolve(None, user=None, players=PLAYERS)
    return services.start_games(deck=deck(), cards=index.get(), opponents=field, players=PLAYERS, **options)


@pytest.fixture
def job(idle_queue, archive_ids) -> Simulation:
    if not archive_ids:
        pytest.skip("no tournament archive to draw the field from")
    return play_job(start_job(games=3, chunk_size=1, seed=1998))


def test_each_game_of_a_job_replays_as_the_game_its_worker_tallied(job):
    assert job.status == "done", job.error
    plan = games.GamesPlan.from_dict(job.plan)
    cards = index.get()
    for number in range(job.units):
        output, error = replay("--job", job.id, "--game", number)
        assert error is None
        lines = output.splitlines()
        # The game the page and the chunk play (no log kept): its hash is the replay's.
        played = games.play_game(plan, cards, seed=job.seed, i=number)
        assert lines[-1] == f"hash {played.result.hash}"
        # And it is the game tallied in the job's chunk `number` (one game a chunk): its rounds, and for each of
        # the plan's slots its seat's half victory points, game win and oust.
        record = run.record(played)
        tally = SimulationChunk.objects.get(simulation=job, index=number).tally
        assert tally["rounds"] == {str(record.rounds): 1}
        for seat, slot in enumerate(record.decks):
            ousted = record.ousted_round[seat] is not None
            assert tally["slots"][slot] == [
                1,
                round(2 * record.vp[seat]),
                round(2 * record.vp[seat]) ** 2,
                record.winner == seat,
                ousted,
            ]
        # The seats line: the game's own seed, the job's deck marked at its seat, the field at the others.
        assert lines[0].startswith(f"Game {number} of job {job.id}, seed {schedule.game_seed(job.seed, number)}: ")
        seats = lines[0].split(": ", 1)[1].split(", seat ")
        mine = played.table.seats.index(0)
        assert [JOB_DECK in seat for seat in seats] == [seat == mine for seat in range(PLAYERS)]
        assert all("The field since 2018-01-01" in seat for n, seat in enumerate(seats) if n != mine)
        assert "Turn 1 — Seat 0" in output and "Result after round" in output


def test_a_game_replays_the_same_before_and_after_the_job_ran(idle_queue, archive_ids):
    """Game N depends on the plan, the seed and N only: a queued job's game is the one its worker will play."""
    if not archive_ids:
        pytest.skip("no tournament archive to draw the field from")
    job = start_job(games=2, chunk_size=1, seed=77)
    before, error = replay("--job", job.id, "--game", 1)
    assert error is None and job.status == "queued"
    assert play_job(job).status == "done"
    after, error = replay("--job", job.id, "--game", 1)
    assert error is None and after == before


def test_a_game_that_raises_exits_1_naming_the_error(job, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a rule the engine got wrong")

    monkeypatch.setattr(games, "play_game", broken)
    _, error = replay("--job", job.id, "--game", 2)
    assert error is not None and error.returncode == 1
    assert str(error) == (
        f"Game 2 of job {job.id} (seed {schedule.game_seed(job.seed, 2)}) raised RuntimeError: a rule the engine "
        "got wrong"
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--job", "nosuchjob123", "--game", "0"], "No simulation job has the id 'nosuchjob123'."),
        (["--job", "{job}", "--game", "3"], "--game must be from 0 to 2: job {job} has 3 games, not 3."),
        (["--job", "{job}", "--game", "-1"], "--game must be 0 or more, not -1."),
        (["some.txt", "--job", "{job}", "--game", "0"], "--job replays the job's own table: drop PATHs."),
        (
            ["--job", "{job}", "--game", "0", "--seed", "0", "--players", "5"],
            "--job replays the job's own table: drop --seed, --players.",
        ),
        (["--game", "0"], "Name the run's decklist files (PATH...) or a games job (--job ID)."),
        (["some.txt", "--game", "0"], "--seed is needed with PATHs: the run's seed."),
    ],
    ids=[
        "unknown-job",
        "past-the-last-game",
        "negative-game",
        "paths-too",
        "table-options-too",
        "neither",
        "paths-without-seed",
    ],
)
def test_bad_input_is_one_line_and_exit_2(job, args, says):
    output, error = replay(*(arg.format(job=job.id) for arg in args))
    assert error is not None and error.returncode == 2
    assert str(error) == says.format(job=job.id) and output == ""


def test_a_hands_job_has_no_game_to_replay(idle_queue):
    hands = services.start_hands(deck=deck(), cards=index.get(), hands=1_000, chunk_size=1_000)
    _, error = replay("--job", hands.id, "--game", "0")
    assert error is not None and error.returncode == 2
    assert str(error) == f"Job {hands.id} is a hands job, not a games job: it played no games to replay."


def test_a_plan_from_another_simulator_version_is_refused_with_exit_2():
    old = Simulation.objects.create(
        kind=Simulation.Kind.GAMES, plan={"version": games.PLAN_VERSION + 1}, seed=1, units=10
    )
    _, error = replay("--job", old.id, "--game", "0")
    assert error is not None and error.returncode == 2
    assert str(error).startswith(f"Job {old.id}: This simulation plan is from another version")
