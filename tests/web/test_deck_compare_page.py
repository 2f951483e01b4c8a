"""A deck's "Compare with…" page (``/decks/<id>/compare/``, from the deck's page and its Games tab): deck B is a saved
revision (the owner's alone), another deck of the user's, or an archive deck by its id or a search whose matches it
offers to pick; the page starts a comparison job as the API's ``compare`` kind does (the same caps and answers),
and the job's page follows it, then says which deck does better in words, with both decks' figures. No worker runs:
jobs wait in a queue nobody reads, or their chunks are played here with the kind's own ``run_chunk``."""

from __future__ import annotations

import re

import pytest

from decks import services as deck_services
from simulations import kinds, services, views
from simulations.models import Simulation
from tests.access import client_of
from tests.conftest import play_job
from tests.samples import tupdogs
from tests.web.test_games_page import asks_for_an_opponent, error_summary, row_cells, text_of
from twda.models import Archetype
from vtesdeck.core.engine import compare

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]


def test_the_deck_page_and_the_games_tab_link_to_it(alice):
    deck = tupdogs(alice)
    client = client_of(alice)
    for page in (deck.get_absolute_url(), f"/decks/{deck.id}/games/"):
        assert f'href="/decks/{deck.id}/compare/"' in client.get(page).content.decode()


def test_the_owner_compares_with_a_revision_and_the_job_page_gives_the_verdict_in_words(
    alice, idle_queue, archive_ids, settings
):
    settings.SIMULATION_GAMES_CHUNK_SIZE = 4
    deck = tupdogs(alice)
    revision = deck_services.save_revision(deck, "before the change")
    client = client_of(alice)
    form = client.get(f"/decks/{deck.id}/compare/").content.decode()
    assert f"Revision {revision.number}," in form and "before the change" in form
    data = {"against": "revision", "revision": str(revision.number), "games": "100", "players": "4"}
    response = client.post(f"/decks/{deck.id}/compare/", data)
    simulation = Simulation.objects.get()
    assert response.status_code == 302 and response["Location"] == simulation.get_absolute_url()
    assert (simulation.kind, simulation.units, simulation.seed) == (
        "compare",
        200,
        services.deck_seed(f"deck:{deck.id}"),
    )
    assert simulation.parameters["other"] == {"revision": revision.number}
    page = text_of(client.get(response["Location"]).content.decode())
    assert f"“4 Tupdog” compared with “revision {revision.number} of this deck”" in page
    assert "Games played 0 / 200" in page and "Queued: waiting for a worker." in page
    # Fewer games, played here: the page then says which deck does better, as the core's verdict does.
    simulation.units = 8
    simulation.parameters = {**simulation.parameters, "games": 4}
    simulation.chunks_total = len(kinds.COMPARE.chunk_sizes(8, simulation.parameters["chunk_size"]))
    simulation.save()
    simulation = play_job(simulation)  # done, or it says why
    html = client.get(simulation.get_absolute_url()).content.decode()
    report = simulation.result
    found = compare.finding(report["vp_diff"], report["vp_diff_ci95"])
    verdict = text_of(html.split('id="verdict"')[1].split("</p>")[0].split(">", 1)[1])
    if found.kind == compare.NO_DIFFERENCE:
        assert verdict.startswith("No difference found at this size (95 % [")
    elif found.kind in (compare.A_BETTER, compare.B_BETTER):
        better = (
            report["decks"][0]["name"] if found.kind == compare.A_BETTER else f"revision {revision.number} of this deck"
        )
        assert verdict.startswith(f"{better} is better by {compare.figure(found.by)} VP a game, 95 % [")
    a = row_cells(html, "compare-decks", f"A: {report['decks'][0]['name']}")
    assert a[1] == compare.figure(report["decks"][0]["vp_mean"])
    assert row_cells(html, "compare-decks", "B − A, VP a game")[1] == compare.figure(report["vp_diff"], sign=True)
    # The revision is named in the reader's language, whatever the language the job was started in.
    b = row_cells(html, "compare-decks", f"B: revision {revision.number} of this deck")
    assert b[1] == compare.figure(report["decks"][1]["vp_mean"])
    german = client.get(simulation.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "revision 1 of this deck" not in german and "4 Tupdog, revision" not in german


def test_another_deck_of_mine_or_an_archive_deck_found_by_a_search(alice, idle_queue, archive_ids, monkeypatch):
    deck, other = tupdogs(alice), tupdogs(alice, name="Another")
    client = client_of(alice)
    base = {"games": "100", "players": "4"}
    response = client.post(f"/decks/{deck.id}/compare/", {**base, "against": "deck", "deck": other.id})
    assert response.status_code == 302
    assert Simulation.objects.get().parameters["other"] == {"deck": other.id}
    # A search with several matches offers them; the one picked is sent as its id.
    several = client.post(f"/decks/{deck.id}/compare/", {**base, "against": "twda", "twda": "2021"})
    assert several.status_code == 200 and 'id="archive-matches"' in several.content.decode()
    assert f'name="twda" value="{archive_ids[0]}"' in several.content.decode()
    picked = client.post(f"/decks/{deck.id}/compare/", {**base, "against": "twda", "twda": archive_ids[0]})
    assert picked.status_code == 302
    assert Simulation.objects.latest("created_at").parameters["other"] == {"twda": archive_ids[0]}
    # More matches than are offered: the page says so, and offers the latest.
    monkeypatch.setattr(views, "ARCHIVE_MATCHES", 1)
    more = client.post(f"/decks/{deck.id}/compare/", {**base, "against": "twda", "twda": "2021"})
    text = text_of(more.content.decode())
    assert "More than 1 archive decks match; here are the 1 latest: choose one, or add words to the search." in text
    assert more.content.decode().count('<button type="submit" name="twda"') == 1
    monkeypatch.setattr(views, "ARCHIVE_MATCHES", 100)
    assert "archive decks match; choose one:" in text_of(several.content.decode())
    nothing = client.post(f"/decks/{deck.id}/compare/", {**base, "against": "twda", "twda": "no such words"})
    assert nothing.status_code == 400
    assert "No archive deck has this id or matches these words." in error_summary(nothing)


def test_a_stranger_may_compare_a_public_deck_but_not_with_its_revisions(alice, bob, idle_queue, archive_ids):
    deck = tupdogs(alice, visibility="public")
    deck_services.save_revision(deck)
    form = client_of(bob).get(f"/decks/{deck.id}/compare/").content.decode()
    assert 'value="revision"' not in form and 'value="twda"' in form
    refused = client_of(bob).post(
        f"/decks/{deck.id}/compare/", {"against": "revision", "revision": "1", "games": "100", "players": "4"}
    )
    assert refused.status_code == 400 and not Simulation.objects.exists()
    private = tupdogs(alice)
    assert client_of(bob).get(f"/decks/{private.id}/compare/").status_code == 404
    assert client_of().get(f"/decks/{private.id}/compare/").status_code == 404


def test_the_round_cap_asked_is_the_one_both_decks_play_to(alice, idle_queue, archive_ids):
    deck = tupdogs(alice)
    client = client_of(alice)
    page = client.get(f"/decks/{deck.id}/compare/").content.decode()
    assert re.search(r'<input[^>]*name="rounds"[^>]*value="15"', page)  # the default, offered
    data = {"against": "twda", "twda": archive_ids[0], "games": "100", "players": "4"}
    assert client.post(f"/decks/{deck.id}/compare/", {**data, "rounds": "12"}).status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.parameters["rounds"] == 12 and compare.Plan.from_dict(simulation.plan).rounds == 12
    simulation.delete()
    assert client.post(f"/decks/{deck.id}/compare/", {**data, "rounds": ""}).status_code == 302
    assert compare.Plan.from_dict(Simulation.objects.get().plan).rounds is None  # empty: no cap, as for games


def test_bad_input_is_answered_on_the_form(alice, idle_queue, archive_ids, settings):
    deck = tupdogs(alice)
    client = client_of(alice)
    response = client.post(f"/decks/{deck.id}/compare/", {"against": "twda", "twda": "", "games": "7", "players": "3"})
    assert response.status_code == 400
    summary = error_summary(response)
    assert "Choose one, or another kind of deck to compare with." in summary
    assert "Choose one of the offered numbers of games, not “7”." in summary
    settings.SIMULATION_MAX_ACTIVE_GAMES_USER = 100
    over = client.post(
        f"/decks/{deck.id}/compare/", {"against": "twda", "twda": archive_ids[0], "games": "100", "players": "4"}
    )
    assert over.status_code == 400
    assert "A comparison plays each game twice, once for each deck: 100 games are 200 games" in error_summary(over)
    assert not Simulation.objects.exists()


def test_both_decks_may_play_against_one_archetype_and_the_job_page_names_it(alice, idle_queue, archive_ids):
    deck, other = tupdogs(alice), tupdogs(alice, name="Another")
    archetype = Archetype.objects.order_by("-deck_count", "slug").first()
    client = client_of(alice)
    form = client.get(f"/decks/{deck.id}/compare/").content.decode()
    assert 'name="opponents" value="field"' in form and 'name="opponents" value="archetype"' in form
    data = {"games": "100", "players": "4", "against": "deck", "deck": other.id, "opponents": "archetype"}
    response = client.post(f"/decks/{deck.id}/compare/", {**data, "archetype": archetype.slug})
    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.parameters["opponents"] == [{"archetype": archetype.slug}] * 3
    assert len(compare.Plan.from_dict(simulation.plan).field) == archetype.deck_count
    assert f"4 players; {archetype.name} × 3" in text_of(client.get(response["Location"]).content.decode())
    # The field, the default, is left unsaid, as by an API request that names no opponents.
    client.post(f"/decks/{deck.id}/compare/", {**data, "opponents": "field", "field_since": "2018-01-01"})
    assert "opponents" not in Simulation.objects.latest("created_at").parameters


def test_both_decks_may_play_against_one_more_deck_of_the_player_s_at_every_other_seat(alice, idle_queue, archive_ids):
    """ "One of my decks" as the opponents: its own select (``opponent_deck``), since ``deck`` names deck B."""
    deck, other, rival = tupdogs(alice), tupdogs(alice, name="Another"), tupdogs(alice, name="The rival")
    client = client_of(alice)
    form = client.get(f"/decks/{deck.id}/compare/").content.decode()
    assert 'name="opponents" value="deck"' in form and 'name="opponent_deck"' in form
    # Two selects of the player's decks, each with a label of its own: deck B's and the opponents'.
    assert re.search(r'<label for="id_deck">My deck</label>', form)
    assert re.search(r'<label for="id_opponent_deck">My deck at the other seats</label>', form)
    data = {"games": "100", "players": "4", "against": "deck", "deck": other.id, "opponents": "deck"}
    missing = client.post(f"/decks/{deck.id}/compare/", data)
    assert asks_for_an_opponent(missing)
    response = client.post(f"/decks/{deck.id}/compare/", {**data, "opponent_deck": rival.id})
    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.parameters["other"] == {"deck": other.id}
    # Queued, the page names deck B already (its reader may read it).
    assert "“4 Tupdog” compared with “Another”" in text_of(client.get(response["Location"]).content.decode())
    assert simulation.parameters["opponents"] == [{"deck": rival.id}] * 3
    plan = compare.Plan.from_dict(simulation.plan)
    assert [opponent.name for opponent in plan.opponents] == ["The rival"] * 3 and not plan.field
    assert "4 players; The rival × 3" in text_of(client.get(response["Location"]).content.decode())


def test_an_opponent_deck_the_engine_cannot_seat_is_refused_on_the_opponents_field(alice, idle_queue, archive_ids):
    deck, other = tupdogs(alice), tupdogs(alice, name="Another")
    small = deck_services.create(
        alice,
        deck_services.parse_text("Crypt (12 cards)\n12x Tupdog\nLibrary (5 cards)\n5x Blood Doll\n"),
        name="Too small",
    )
    data = {"games": "100", "players": "4", "against": "deck", "deck": other.id}
    response = client_of(alice).post(
        f"/decks/{deck.id}/compare/", {**data, "opponents": "deck", "opponent_deck": small.id}
    )
    assert response.status_code == 400 and not Simulation.objects.exists()
    errors = re.search(r'<fieldset class="opponents-fields has-error".*?</fieldset>', response.content.decode(), re.S)
    assert errors and "Too small" in text_of(errors.group(0)) and "cannot sit at a table" in text_of(errors.group(0))


def test_an_invalid_choice_is_said_once(alice, idle_queue, archive_ids):
    deck, other = tupdogs(alice), tupdogs(alice, name="Another")
    deck_services.save_revision(deck, "before")
    base = {"games": "100", "players": "4", "against": "revision", "revision": "99"}
    for data, field in (
        (base, "Revision"),
        (
            {**base, "against": "deck", "deck": other.id, "opponents": "deck", "opponent_deck": "nope"},
            "My deck at the other seats",
        ),
    ):
        response = client_of(alice).post(f"/decks/{deck.id}/compare/", data)
        assert response.status_code == 400
        summary = error_summary(response)
        assert summary.count(f"{field} :") == 1, summary
        assert "Select a valid choice." in summary and "Choose one" not in summary
