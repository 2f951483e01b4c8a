"""Paired games on the job machinery (kinds "compare" and "impact"): a chunk is a range of game indices played for
every side (A and B; the deck as built and with each card blanked), its tally each side's per-game results; the
tallies, joined by game index, give the figures ``engine.compare`` gives for the same games in one process.

A comparison of 4 Tupdog (Barcelona 2021) with the Malkavians of 10012 (with the deck of 10022 at a seat of its
own) and a card impact of 4 Tupdog, against the few archive decks ``archive_ids`` imports, run to ``done`` on a real worker; chunks stored out of order, and one
stored twice, make the same report; a cancelled job stops its chunk under way (held at the workers' test gate,
never caught on the machine's speed). Four seats and a few games: the figures are compared, never asserted.
"""

from __future__ import annotations

import pytest

from cards import index
from simulations import kinds, opponents, services
from simulations.models import Simulation, SimulationChunk
from tests.conftest import play_chunk
from tests.paths import TWDA
from tests.simulations.test_worker import cancelled_under_way, finished, wait_for, without_timing
from vtesdeck.core import decklist
from vtesdeck.core.engine import compare
from vtesdeck.core.engine.options import DEFAULT_ROUNDS

pytestmark = pytest.mark.django_db

TIMING = ("seconds",)  # the only figure of a report that depends on the machine


def read(name: str):
    return decklist.parse((TWDA / name).read_bytes(), index.get(), path=name)


def start_compare(**options) -> Simulation:
    return services.start_paired(
        kinds.COMPARE,
        deck=read("10009.txt"),
        other=read("10012.txt"),
        cards=index.get(),
        field=opponents.field_decks(),
        players=4,
        **options,
    )


def start_impact(names=("Keith Moody", "Deflection", "Dive Bomb"), **options) -> Simulation:
    cards = index.get()
    return services.start_paired(
        kinds.IMPACT,
        deck=read("10009.txt"),
        cards=cards,
        field=opponents.field_decks(),
        players=4,
        only=[cards.lookup(name).id for name in names],
        **options,
    )


def in_process(simulation: Simulation) -> dict:
    """What ``compare`` or ``card_impact`` give for the job's games, played here in one go."""
    plan = compare.Plan.from_dict(simulation.plan)
    games = simulation.parameters["games"]
    kwargs = {
        "games": games,
        "seed": simulation.seed,
        "players": plan.players,
        "opponents": plan.opponents,
        "field": plan.field,
    }
    if plan.other is not None:
        return compare.compare(plan.deck, plan.other, index.get(), **kwargs).to_dict()
    return compare.card_impact(plan.deck, index.get(), only=plan.measured, **kwargs).to_dict()


def figures(report: dict) -> dict:
    """compare's own figures of a job's report: what DESIGN.md's compare_decks and card_impact print."""
    shown = without_timing({key: value for key, value in report.items() if key not in TIMING})
    for key in ("games_played", "error_count", "name"):
        shown.pop(key, None)
    if "verdict" in shown:
        shown["decks"] = [{k: v for k, v in deck.items() if k != "name"} for deck in shown["decks"]]
    else:
        shown["cards"] = [{k: v for k, v in card.items() if k not in ("kind", "modelled")} for card in shown["cards"]]
    return shown


# --- on real workers -----------------------------------------------------------------------------------


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_comparison_is_done_on_a_worker_with_the_figures_of_one_in_process_run(
    simulation_worker, cards_in_database, archive_ids
):
    # An opponent at a seat of its own (as the API's {"twda": id}), the field at the other.
    simulation = start_compare(games=6, seed=2021, chunk_size=2, opponents=[read("10022.txt")])
    assert (simulation.kind, simulation.units, simulation.chunks_total) == ("compare", 12, 3)
    simulation = wait_for(simulation, finished)
    assert simulation.status == "done", simulation.error
    assert (simulation.chunks_done, simulation.units_done, simulation.progress) == (3, 12, 1.0)
    result = simulation.result
    assert (result["games"], result["paired_games"], result["games_played"], result["error_count"]) == (6, 6, 12, 0)
    assert [deck["name"] for deck in result["decks"]] == [read("10009.txt").name, read("10012.txt").name]
    assert figures(result) == figures(in_process(simulation))


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_card_impact_is_done_on_a_worker_with_the_figures_of_one_in_process_run(
    simulation_worker, cards_in_database, archive_ids
):
    simulation = start_impact(games=4, seed=7, chunk_size=3)
    assert (simulation.kind, simulation.units, simulation.chunks_total) == ("impact", 4 * 4, 2)
    assert simulation.parameters == {
        "games": 4,
        "players": 4,
        "rounds": DEFAULT_ROUNDS,
        "cards": 3,
        "chunk_size": 3 * 4,
    }
    simulation = wait_for(simulation, finished)
    assert simulation.status == "done", simulation.error
    assert simulation.units_done == 16
    result = simulation.result
    assert (result["games"], result["games_played"]) == (4, 16)
    assert figures(result) == figures(in_process(simulation))
    rows = {card["name"]: card for card in result["cards"]}
    assert (rows["Dive Bomb"]["modelled"], rows["Dive Bomb"]["kind"]) == (False, "library")
    assert rows["Dive Bomb"]["vp_delta"] == 0  # an unmodelled card plays as a blank already
    assert (rows["Keith Moody"]["kind"], rows["Keith Moody"]["modelled"]) == ("crypt", True)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_cancelling_a_running_comparison_stops_the_chunk_under_way(
    simulation_worker, cards_in_database, archive_ids, gate
):
    simulation = start_compare(games=4, chunk_size=4)
    cancelled_under_way(simulation_worker, gate, simulation, 8)  # 4 game indices of both decks


# --- without a worker: chunks computed here, stored as a worker stores them -----------------------------


def test_chunks_stored_out_of_order_and_twice_are_joined_by_game_index(idle_queue, archive_ids):
    simulation = start_impact(names=("Deflection",), games=5, seed=3, chunk_size=2)
    assert (simulation.units, simulation.chunks_total) == (10, 3)  # indices 0-1, 2-3, 4
    assert kinds.IMPACT.chunk_sizes(simulation.units, kinds.IMPACT.chunk_size_of(simulation)) == [4, 4, 2]
    assert play_chunk(simulation, 2) is True
    assert play_chunk(simulation, 0) is True
    assert play_chunk(simulation, 0) is False  # a resent copy, played after all
    simulation.refresh_from_db()
    assert (simulation.chunks_done, simulation.units_done, simulation.status) == (2, 6, "running")
    tally = SimulationChunk.objects.get(simulation=simulation, index=2).tally
    assert tally["start"] == 4 and [len(side["vp"]) for side in tally["sides"].values()] == [1, 1]
    assert play_chunk(simulation, 1) is True
    simulation.refresh_from_db()
    assert (simulation.status, simulation.chunks_done, simulation.units_done) == ("done", 3, 10)
    assert figures(simulation.result) == figures(in_process(simulation))


def test_the_job_plays_against_the_archive_field_and_refuses_what_cannot_be_played(idle_queue, archive_ids):
    simulation = start_compare(games=2)
    plan = compare.Plan.from_dict(simulation.plan)
    assert len(plan.field) == len(archive_ids) and plan.players == 4
    small = read("10009.txt")
    small.library = dict(list(small.library.items())[:2])
    with pytest.raises(services.SimulationInputError) as refused:
        services.start_paired(
            kinds.COMPARE, deck=read("10009.txt"), other=small, cards=index.get(), field=opponents.field_decks()
        )
    assert refused.value.field == "other" and str(refused.value).startswith("This deck cannot sit at a table:")
    with pytest.raises(services.SimulationInputError) as empty:
        services.start_paired(kinds.IMPACT, deck=read("10009.txt"), cards=index.get(), field=[])
    assert empty.value.field == "opponents"
    assert Simulation.objects.count() == 1
