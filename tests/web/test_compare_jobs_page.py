"""Two games jobs of one deck side by side (``/simulations/<a>/compare/<b>/``), offered on a done games job's page
("Compare with another job of this deck"): both jobs' figures, then B − A, paired game by game with a verdict when
both played the same tables (the same seed, seats and opponents), else said plainly to be unpaired, with the
difference of their means and its interval. No worker runs: each job's chunk is played here with the kind's own
``run_chunk`` and stored with the worker's ``store_chunk``. Four seats and four games: figures are compared with the
core's, never asserted."""

from __future__ import annotations

import pytest

from cards import index
from decks import services as deck_services
from simulations import opponents, services
from simulations.models import Simulation, SimulationChunk
from tests.access import client_of
from tests.conftest import play_job
from tests.paths import TWDA
from tests.samples import tupdogs
from tests.web.test_games_page import row_cells, text_of
from vtesdeck.core.engine import compare

pytestmark = pytest.mark.django_db

GAMES = 4


@pytest.fixture
def deck(alice):
    return tupdogs(alice)


def done_job(deck, owner, *, seed=None) -> Simulation:
    """A finished games job of ``deck`` (its one chunk played here), four seats of the field."""
    simulation = services.start_games(
        deck=deck.to_core(),
        cards=index.get(),
        opponents=opponents.resolve(None, user=None, players=4)[0],
        owner=owner,
        source_deck=deck,
        games=GAMES,
        players=4,
        seed=services.deck_seed(f"deck:{deck.id}") if seed is None else seed,
    )
    return play_job(simulation)


def test_two_jobs_at_the_same_tables_are_paired_with_a_verdict(alice, deck, idle_queue, archive_ids):
    first = done_job(deck, alice)
    deck_services.update_details(deck, version=deck.version, name="4 Tupdog, again")  # another revision, same seed
    second = done_job(deck, alice)
    client = client_of(alice)
    page = client.get(first.get_absolute_url()).content.decode()
    assert f'href="/simulations/{first.id}/compare/{second.id}/"' in page  # offered on the job's page
    response = client.get(f"/simulations/{first.id}/compare/{second.id}/")
    assert response.status_code == 200
    html = response.content.decode()
    text = text_of(html)
    assert "These jobs played the same tables" in text and "not paired" not in text
    a, b = (services.per_game_results(job) for job in (first, second))
    diff = compare.difference(a, b, 4)
    words = (
        compare.verdict(diff.vp, diff.vp_ci95).replace("no difference", "No difference").replace("-", "\N{MINUS SIGN}")
    )
    assert text_of(html.split('id="verdict"')[1].split("</p>")[0].split(">", 1)[1]) == words
    assert row_cells(html, "jobs-side-by-side", "Seed")[1:] == [str(first.seed)] * 2
    assert row_cells(html, "jobs-side-by-side", "Deck revision")[1:] == ["1", "2"]


def test_two_jobs_of_other_seeds_are_said_not_paired_with_the_difference_of_their_means(
    alice, deck, idle_queue, archive_ids
):
    first, second = done_job(deck, alice, seed=1), done_job(deck, alice, seed=2)
    html = client_of(alice).get(f"/simulations/{first.id}/compare/{second.id}/").content.decode()
    text = text_of(html)
    assert "These jobs are not paired: they did not play the same tables (different seeds)." in text
    assert 'id="verdict"' not in html
    a, b = (services.per_game_results(job) for job in (first, second))
    apart = compare.unpaired(a, b, 4)
    shown = row_cells(html, "jobs-difference", "Victory points per game")
    assert shown[1] == compare.figure(apart.vp, sign=True)
    if apart.vp_ci95:
        low, high = (compare.figure(x, sign=True) for x in apart.vp_ci95)
        assert shown[2] == f"{low} – {high}"


def test_jobs_played_before_per_game_results_show_their_means_alone(alice, deck, idle_queue, archive_ids):
    first, second = done_job(deck, alice), done_job(deck, alice, seed=5)
    for chunk in SimulationChunk.objects.filter(simulation=second):
        chunk.tally.pop("per_game")
        chunk.save()
    text = text_of(client_of(alice).get(f"/simulations/{first.id}/compare/{second.id}/").content.decode())
    assert "were played before games kept their per-game results" in text


def test_only_two_readable_done_games_jobs_of_one_deck_compare(alice, bob, deck, idle_queue, archive_ids):
    first, second = done_job(deck, alice), done_job(deck, alice)
    url = f"/simulations/{first.id}/compare/{second.id}/"
    assert client_of(bob).get(url).status_code == 404  # a private deck's jobs: no one else reads them
    assert client_of(bob).get(first.get_absolute_url()).status_code == 404
    other = deck_services.create(alice, deck_services.parse_text((TWDA / "10012.txt").read_text()), name="Malk")
    elsewhere = done_job(other, alice)
    assert client_of(alice).get(f"/simulations/{first.id}/compare/{elsewhere.id}/").status_code == 404
    assert client_of(alice).get(f"/simulations/{first.id}/compare/{first.id}/").status_code == 404
    Simulation.objects.filter(pk=second.pk).update(status=Simulation.Status.CANCELLED)
    assert client_of(alice).get(url).status_code == 404
    # The job's page offers the owner's other done jobs of the same deck only.
    page = client_of(alice).get(first.get_absolute_url()).content.decode()
    assert "/compare/" not in page
