"""The Games tab's "What each card brings" (``/decks/<id>/impact/``, ``/twda/<id>/impact/``) and a card impact job's
page: the form states the games each choice plays in all (games × (cards + 1)) before anything starts, starts a job
as the API's ``impact`` kind does (the same caps and answers, the deck's own seed), and the job's page ranks the
cards by what they bring in VP a game, with intervals and the win difference, marking the cards the engine does not
model. No worker runs: chunks are played here with the kind's own ``run_chunk``."""

from __future__ import annotations

import re

import pytest

from decks import services as deck_services
from simulations import services
from simulations.models import Simulation
from tests.access import client_of
from tests.conftest import play_job
from tests.samples import tupdogs
from tests.web.test_games_page import asks_for_an_opponent, error_summary, text_of
from twda.models import Archetype
from vtesdeck.core.engine import compare

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

# Three cards, one of them unmodelled (Dive Bomb): a quick impact.
GARGOYLES = (
    "Deck Name: Rock drop\nCrypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"
)


def test_the_games_tab_states_what_each_choice_plays_in_all(alice):
    deck = deck_services.create(alice, deck_services.parse_text(GARGOYLES), visibility="public")
    html = client_of().get(f"/decks/{deck.id}/games/").content.decode()
    form = re.search(r'<form[^>]*class="impact-form".*?</form>', html, re.S).group(0)
    assert f'action="/decks/{deck.id}/impact/"' in form
    options = [
        text_of(option)
        for option in re.findall(
            r"<option[^>]*>(.*?)</option>", form.split('name="impact-games"')[1].split("impact-players")[0]
        )
    ]
    assert options == [f"{n} games each: {n * 4:,} games in all" for n in (20, 50, 100, 200)]
    assert "Each of the deck's 3 distinct cards is replaced in turn by blanks" in text_of(html)


def test_a_card_impact_starts_from_the_tab_and_its_page_ranks_the_cards(alice, idle_queue, archive_ids):
    deck = deck_services.create(alice, deck_services.parse_text(GARGOYLES))
    client = client_of(alice)
    response = client.post(
        f"/decks/{deck.id}/impact/", {"impact-games": "20", "impact-players": "4", "impact-rounds": "15"}
    )
    simulation = Simulation.objects.get()
    assert response.status_code == 302 and response["Location"] == simulation.get_absolute_url()
    assert (simulation.kind, simulation.units, simulation.seed) == (
        "impact",
        20 * 4,
        services.deck_seed(f"deck:{deck.id}"),
    )
    assert simulation.parameters["cards"] == 3
    queued = text_of(client.get(response["Location"]).content.decode())
    assert "20 games as built and 20 with each of the 3 cards blanked: 80 games" in queued
    assert "Games played 0 / 80" in queued
    simulation = play_job(simulation)  # done, or it says why
    html = client.get(simulation.get_absolute_url()).content.decode()
    rows = re.findall(r'<tr[^>]*data-card="(\d+)"[^>]*>(.*?)</tr>', html, re.S)
    report = simulation.result
    assert [int(card) for card, _row in rows] == [row["id"] for row in report["cards"]]  # the report's ranking
    deltas = [row["vp_delta"] for row in report["cards"]]
    assert deltas == sorted(deltas, reverse=True)
    first = [text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", rows[0][1], re.S)]
    top = report["cards"][0]
    assert first[3] == compare.figure(top["vp_delta"], sign=True) and first[5] == compare.figure(
        top["win_delta"], sign=True
    )
    dive_bomb = next(
        row for card, row in rows if int(card) == next(c["id"] for c in report["cards"] if c["name"] == "Dive Bomb")
    )
    assert "not modelled" in text_of(dive_bomb)
    assert "One card is not modelled by the engine" in text_of(html)


def test_an_archive_deck_s_impact_names_it_and_takes_its_own_seed(alice, idle_queue, archive_ids):
    archive = archive_ids[0]
    response = client_of().post(f"/twda/{archive}/impact/", {"impact-games": "20", "impact-players": "4"})
    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert (simulation.kind, simulation.deck, simulation.parameters["twda"]) == ("impact", None, archive)
    assert simulation.seed == services.deck_seed(f"twda:{archive}")
    page = client_of().get(response["Location"]).content.decode()
    assert f'href="/twda/{archive}/games/"' in page


def test_the_round_cap_asked_on_the_tab_is_the_one_the_games_are_played_to(alice, idle_queue, archive_ids):
    deck = tupdogs(alice)
    client = client_of(alice)
    tab = client.get(f"/decks/{deck.id}/games/").content.decode()
    assert re.search(r'<input[^>]*name="impact-rounds"[^>]*value="15"', tab)  # the default, offered
    data = {"impact-games": "20", "impact-players": "4"}
    response = client.post(f"/decks/{deck.id}/impact/", {**data, "impact-rounds": "9"})
    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.parameters["rounds"] == 9 and compare.Plan.from_dict(simulation.plan).rounds == 9
    bad = client.post(f"/decks/{deck.id}/impact/", {**data, "impact-rounds": "0"})
    assert bad.status_code == 400
    assert "The round cap must be a whole number from 1 to 150 (or none), not 0." in error_summary(bad)
    assert Simulation.objects.count() == 1


def test_bad_input_and_caps_are_answered_on_the_tab(alice, idle_queue, archive_ids, settings):
    deck = tupdogs(alice)
    client = client_of(alice)
    bad = client.post(f"/decks/{deck.id}/impact/", {"impact-games": "7", "impact-players": "4"})
    assert bad.status_code == 400 and 'id="impact-errors"' in bad.content.decode()
    assert "Choose one of the offered numbers of games, not “7”." in error_summary(bad)
    settings.SIMULATION_MAX_ACTIVE_GAMES_USER = 500
    over = client.post(f"/decks/{deck.id}/impact/", {"impact-games": "20", "impact-players": "4"})
    assert over.status_code == 400
    assert "A card impact plays every game once as built and once for each card blanked" in error_summary(over)
    assert not Simulation.objects.exists()
    assert client_of().post(f"/decks/{deck.id}/impact/", {"impact-games": "20"}).status_code == 404  # private


def test_a_card_impact_against_one_archetype_plays_its_decks_and_its_page_names_them(alice, idle_queue, archive_ids):
    """The tab's opponents, as the games form's: the field (unsaid, the default) or an archetype at every other seat,
    drawn per game at each; the job's page names it."""
    deck = deck_services.create(alice, deck_services.parse_text(GARGOYLES))
    archetype = Archetype.objects.order_by("-deck_count", "slug").first()
    client = client_of(alice)
    tab = client.get(f"/decks/{deck.id}/games/").content.decode()
    impact = re.search(r'<form[^>]*class="impact-form".*?</form>', tab, re.S).group(0)
    assert 'name="impact-opponents" value="archetype"' in impact
    data = {"impact-games": "20", "impact-players": "4", "impact-opponents": "archetype"}
    missing = client.post(f"/decks/{deck.id}/impact/", data)
    assert asks_for_an_opponent(missing)
    response = client.post(f"/decks/{deck.id}/impact/", {**data, "impact-archetype": archetype.slug})
    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.parameters["opponents"] == [{"archetype": archetype.slug}] * 3
    plan = compare.Plan.from_dict(simulation.plan)
    assert plan.opponents == () and len(plan.field) == archetype.deck_count
    page = text_of(client.get(response["Location"]).content.decode())
    assert f"4 players; {archetype.name} × 3" in page
    assert "the tournament field since 2018" not in page


def test_a_card_impact_may_seat_one_of_the_player_s_decks_at_every_other_seat(alice, bob, idle_queue, archive_ids):
    """ "One of my decks", as on the games form: that deck holds every other seat, so the plan needs no field; a
    visitor (no decks of their own) is not offered the kind."""
    deck = deck_services.create(alice, deck_services.parse_text(GARGOYLES))
    rival = tupdogs(alice, name="The rival")
    client = client_of(alice)
    tab = client.get(f"/decks/{deck.id}/games/").content.decode()
    impact = re.search(r'<form[^>]*class="impact-form".*?</form>', tab, re.S).group(0)
    assert 'name="impact-opponents" value="deck"' in impact
    assert re.search(rf'<select name="impact-deck"[^>]*>.*<option value="{rival.id}">The rival</option>', impact, re.S)
    data = {"impact-games": "20", "impact-players": "4", "impact-opponents": "deck"}
    missing = client.post(f"/decks/{deck.id}/impact/", data)
    assert asks_for_an_opponent(missing)
    response = client.post(f"/decks/{deck.id}/impact/", {**data, "impact-deck": rival.id})
    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.parameters["opponents"] == [{"deck": rival.id}] * 3
    plan = compare.Plan.from_dict(simulation.plan)
    assert [opponent.name for opponent in plan.opponents] == ["The rival"] * 3 and not plan.field
    assert "4 players; The rival × 3" in text_of(client.get(response["Location"]).content.decode())
    # Someone else's deck cannot be named by id through the form: it is not among the choices.
    bobs = tupdogs(bob, name="Bob's")
    refused = client.post(f"/decks/{deck.id}/impact/", {**data, "impact-deck": bobs.id})
    assert refused.status_code == 400 and Simulation.objects.count() == 1
    public = client_of().get(f"/twda/{archive_ids[0]}/games/").content.decode()
    assert 'value="deck"' not in re.search(r'<form[^>]*class="impact-form".*?</form>', public, re.S).group(0)


def test_a_get_of_a_card_impact_s_address_leads_to_the_games_tab_s_form(alice, archive_ids):
    """The address the form posts to, reloaded after a refusal or kept as a link: the form it belongs to, not an empty
    405; and nothing of a deck the reader may not open."""
    deck = deck_services.create(alice, deck_services.parse_text(GARGOYLES))
    response = client_of(alice).get(f"/decks/{deck.id}/impact/")
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.id}/games/#impact-section"
    response = client_of().get(f"/twda/{archive_ids[0]}/impact/")
    assert response.status_code == 302 and response["Location"] == f"/twda/{archive_ids[0]}/games/#impact-section"
    assert client_of().get(f"/decks/{deck.id}/impact/").status_code == 404  # private
    assert client_of(alice).put(f"/decks/{deck.id}/impact/").status_code == 405
