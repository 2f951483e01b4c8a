"""/api/v1/simulations/ for paired games: ``compare`` (the job's deck A and ``other`` B in the same games against the
field) and ``impact`` (the deck as built and with each card blanked), started with a 202 and the job's URL as every
kind is, their parameters and units (every game played), their refusals (a 400 naming the field, a 404 for a deck
one may not read, as for the job's own deck), and the games caps they share with games jobs. Jobs are queued where
no worker reads them; the last test runs one of each to done on a real worker and checks the reports against the
published schema."""

from __future__ import annotations

import re
import time

import pytest
from rest_framework.test import APIClient

from decks import services as deck_services
from simulations.models import Simulation
from tests.api.test_simulations_api import (
    GAMES_JOB_KEYS,
    GARGOYLES,
    answer,
    client_for,
    make_deck,
    post,
    refused,
    schema_errors,
)
from tests.samples import tupdogs
from twda.models import Archetype, TournamentDeck
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.engine import compare
from vtesdeck.core.engine import options as table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

# Another deck of the same clan, so the two differ (Dive Bomb for Govern the Unaligned).
BOMBS = (
    "Deck Name: Bombs away\nCrypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n20x Govern the Unaligned\n40x Dive Bomb\n"
)


def start(client, **body) -> dict:
    return answer(post(client, body), 202)


def plan_of(job: dict) -> compare.Plan:
    return compare.Plan.from_dict(Simulation.objects.get(pk=job["id"]).plan)


# --- compare ------------------------------------------------------------------------------------------------


def test_a_comparison_with_a_revision_counts_every_game_played_and_keeps_what_was_asked(queue, alice, archive_ids):
    deck = make_deck(alice)
    revision = deck_services.save_revision(deck, "before")
    job = start(
        client_for(alice),
        kind="compare",
        deck=deck.id,
        other={"revision": revision.number},
        games=10,
        seed=4,
        players=4,
    )
    assert set(job) == GAMES_JOB_KEYS | {"workers", "result"}
    assert (job["kind"], job["status"], job["games"], job["games_done"], job["seed"]) == ("compare", "queued", 20, 0, 4)
    assert job["parameters"] == {
        "games": 10,
        "players": 4,
        "rounds": table.DEFAULT_ROUNDS,
        "other": {"revision": revision.number},
    }
    plan = plan_of(job)
    assert plan.deck.name == deck.name and plan.other.name == f"{deck.name}, revision {revision.number}"
    assert (plan.players, plan.rounds) == (4, table.DEFAULT_ROUNDS) and len(plan.field) == len(archive_ids)
    # 25 games played a chunk by default: 12 game indices of both decks, so 10 games are one chunk.
    assert job["chunks"] == 1
    assert answer(client_for(alice).get(job["url"]))["parameters"] == job["parameters"]  # read back: the same job


def test_b_is_another_deck_one_may_read_or_an_archive_deck(queue, alice, bob, archive_ids):
    mine, public = make_deck(alice), make_deck(bob, visibility="public")
    for other in ({"deck": public.id}, {"twda": archive_ids[0]}):
        job = start(client_for(alice), kind="compare", deck=mine.id, other=other, games=4, players=4)
        assert job["parameters"]["other"] == other
    assert plan_of(job).other.crypt  # the archive deck's cards, read from the archive
    # From a decklist's text too: A need not be a stored deck (a revision needs one).
    job = start(APIClient(), kind="compare", text=GARGOYLES, other={"deck": public.id}, games=4, players=4)
    assert job["deck"] is None and job["deck_name"] == "Rock drop"
    error = refused(post(APIClient(), {"kind": "compare", "text": GARGOYLES, "other": {"revision": 1}}), 400, "invalid")
    assert error["errors"]["other"] == [
        "A revision is one of a stored deck's: send the deck as `deck`, not as `text`, to compare with one."
    ]


@pytest.mark.parametrize("where", ["deck", "other"])
def test_another_users_private_deck_is_a_404_as_a_deck_or_as_b(queue, alice, bob, where, archive_ids):
    private, public = make_deck(alice), make_deck(bob, visibility="public")
    body = {"kind": "compare", "deck": public.id, "other": {"deck": public.id}, "games": 4}
    body["deck" if where == "deck" else "other"] = private.id if where == "deck" else {"deck": private.id}
    error = refused(post(client_for(bob), body), 404, "not_found")
    assert error["detail"] == "No deck has this id, or it is not yours to read."
    assert not Simulation.objects.exists()


def test_an_unlisted_b_is_named_by_its_id_only_to_whom_may_be_shown_it_and_a_private_b_hides_the_job(
    queue, alice, bob, archive_ids
):
    shared, unlisted, private = (make_deck(alice, visibility=v) for v in ("public", "unlisted", "private"))
    job = start(client_for(alice), kind="compare", deck=shared.id, other={"deck": unlisted.id}, games=4, players=4)
    assert answer(client_for(alice).get(job["url"]))["parameters"]["other"] == {"deck": unlisted.id}
    assert answer(client_for(bob).get(job["url"]))["parameters"]["other"] == {"deck": None}  # its id is its link
    job = start(client_for(alice), kind="compare", deck=shared.id, other={"deck": private.id}, games=4, players=4)
    assert answer(client_for(alice).get(job["url"]))["parameters"]["other"] == {"deck": private.id}
    assert client_for(bob).get(job["url"]).status_code == 404  # its name heads the page, its cards play


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({}, "other", "Send the deck to compare with as `other`: a deck id, a revision number or an archive deck id."),
        ({"other": {"deck": "x", "twda": "y"}}, "other", None),
        ({"other": ["field"]}, "other", None),
        (
            {"other": {"revision": 99}},
            "other",
            "This deck has no revision 99 that you may read (revisions are their owner's).",
        ),
        ({"other": {"revision": "1"}}, "other", "A revision is a whole number, not '1'."),
        ({"other": {"twda": "no-such-deck"}}, "other", "No archive deck has the id 'no-such-deck'."),
        ({"other": {"revision": 1}, "rounds": 0}, "rounds", None),
        ({"other": {"revision": 1}, "rules": "2011"}, "rules", "`rules` does not go with kind compare."),
        ({"other": {"revision": 1}, "players": 3}, "players", None),
        ({"other": {"revision": 1}, "games": 0}, "games", None),
        ({"other": {"revision": 1}, "games": "10"}, "games", None),
    ],
    ids=[
        "no-other",
        "two-keys",
        "a-list",
        "no-revision",
        "revision-text",
        "no-archive-deck",
        "rounds",
        "rules",
        "players",
        "games",
        "games-text",
    ],
)
def test_bad_comparisons_are_a_400_naming_the_field_and_store_nothing(queue, alice, archive_ids, body, field, message):
    deck = make_deck(alice)
    deck_services.save_revision(deck)
    error = refused(post(client_for(alice), {"kind": "compare", "deck": deck.id, **body}), 400, "invalid")
    assert list(error["errors"]) == [field], error
    if message:
        assert error["errors"][field] == [message]
    assert not Simulation.objects.exists()


@pytest.mark.parametrize("kind", ["compare", "impact"])
@pytest.mark.parametrize("rounds", [8, None])
def test_a_paired_job_plays_to_the_round_cap_asked_or_to_the_end(queue, alice, archive_ids, kind, rounds):
    deck = make_deck(alice)
    revision = deck_services.save_revision(deck)
    other = {"other": {"revision": revision.number}} if kind == "compare" else {}
    job = start(client_for(alice), kind=kind, deck=deck.id, games=4, rounds=rounds, **other)
    assert job["parameters"]["rounds"] == rounds
    assert plan_of(job).rounds == rounds  # what the workers play: None, until one Methuselah is left


def test_a_revision_is_its_owner_s_alone(queue, alice, bob, archive_ids):
    deck = make_deck(alice, visibility="public")
    revision = deck_services.save_revision(deck)
    body = {"kind": "compare", "deck": deck.id, "other": {"revision": revision.number}, "games": 4}
    error = refused(post(client_for(bob), body), 400, "invalid")
    assert error["errors"]["other"] == [
        f"This deck has no revision {revision.number} that you may read (revisions are their owner's)."
    ]


# --- opponents -------------------------------------------------------------------------------------------------


def test_a_comparison_seats_the_opponents_asked_each_drawing_from_its_own_pool(queue, alice, archive_ids):
    deck, own = make_deck(alice), make_deck(alice)
    archetype = Archetype.objects.order_by("-deck_count", "slug").first()
    archetype_decks = TournamentDeck.objects.filter(archetype=archetype).count()
    asked = [{"deck": own.id}, {"archetype": archetype.slug}, {"archetype": archetype.slug}]
    # Five seats: the fourth opponent is the field, whose seat is the core's field seat; the archetype's two seats
    # are slots of their own drawing from its decks (one pool, written once in the plan).
    job = start(
        client_for(alice),
        kind="compare",
        deck=deck.id,
        other={"twda": archive_ids[0]},
        games=4,
        players=5,
        opponents=asked,
    )
    assert job["parameters"]["opponents"] == [*asked, "field"]
    plan = plan_of(job)
    own_deck, *pools = plan.opponents
    assert own_deck.name == own.name and len(plan.field) == len(archive_ids) > archetype_decks
    assert [len(pool) for pool in pools] == [archetype_decks] * 2 and pools[0] is pools[1]
    stored = Simulation.objects.get(pk=job["id"]).plan
    assert len(stored["pools"]) == 1 and stored["opponents"][1:] == [{"pool": 0}] * 2
    # Four seats leave none to the field: the archetype asked is the pool of the seats not held by a deck.
    job = start(
        client_for(alice),
        kind="compare",
        deck=deck.id,
        other={"twda": archive_ids[0]},
        games=4,
        players=4,
        opponents=asked,
    )
    assert job["parameters"]["opponents"] == asked
    plan = plan_of(job)
    assert [opponent.name for opponent in plan.opponents] == [own.name]  # a seat of its own in every game
    assert len(plan.field) == archetype_decks < len(archive_ids)
    assert Simulation.objects.count() == 2


def test_a_card_impact_takes_opponents_and_the_field_s_date(queue, alice, archive_ids):
    deck = make_deck(alice)
    archive = TournamentDeck.objects.get(pk=archive_ids[0])
    since = max(TournamentDeck.objects.values_list("date", flat=True)).isoformat()
    job = start(
        client_for(alice),
        kind="impact",
        deck=deck.id,
        games=4,
        players=4,
        opponents=[{"twda": archive.id}],
        field_since=since,
    )
    assert job["parameters"] == {
        "games": 4,
        "players": 4,
        "rounds": table.DEFAULT_ROUNDS,
        "cards": 3,
        "opponents": [{"twda": archive.id}, "field", "field"],
        "field_since": since,
    }
    plan = plan_of(job)
    assert [opponent.crypt for opponent in plan.opponents] == [CoreDeck.from_dict(archive.deck).crypt]
    assert len(plan.field) == TournamentDeck.objects.filter(date__gte=since).count() < len(archive_ids)
    # Without opponents, the parameters say nothing of them: the field since 2018 at every other seat, or since
    # the date asked, which the job's page names.
    assert "opponents" not in start(client_for(alice), kind="impact", deck=deck.id, games=4)["parameters"]
    dated = start(client_for(alice), kind="compare", deck=deck.id, other={"twda": archive.id}, field_since=since)
    assert "opponents" not in dated["parameters"] and dated["parameters"]["field_since"] == since
    page = client_for(alice).get(dated["page_url"]).content.decode()
    assert f"5 players; The field since {since} × 4" in " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "since 2018" not in page


def test_a_paired_job_seating_a_private_deck_is_its_owner_s_alone(queue, alice, bob, archive_ids):
    """Its games show the private deck's cards: Bob, who reads the public deck, finds no such job."""
    shared, private = make_deck(alice, visibility="public"), make_deck(alice)
    job = start(client_for(alice), kind="impact", deck=shared.id, games=4, players=4, opponents=[{"deck": private.id}])
    assert answer(client_for(alice).get(job["url"]))["parameters"]["opponents"][0] == {"deck": private.id}
    assert client_for(bob).get(job["url"]).status_code == 404
    error = refused(
        post(client_for(bob), {"kind": "impact", "deck": shared.id, "games": 4, "opponents": [{"deck": private.id}]}),
        400,
        "invalid",
    )
    assert list(error["errors"]) == ["opponents"]


# --- impact ---------------------------------------------------------------------------------------------------


def test_a_card_impact_plays_the_games_once_as_built_and_once_per_card(queue, alice, archive_ids):
    deck = make_deck(alice)  # Tupdog, Govern the Unaligned, Dive Bomb: three cards
    job = start(client_for(alice), kind="impact", deck=deck.id, games=10, seed=5, players=4)
    assert (job["kind"], job["games"], job["seed"]) == ("impact", 10 * (3 + 1), 5)
    assert job["parameters"] == {"games": 10, "players": 4, "rounds": table.DEFAULT_ROUNDS, "cards": 3}
    plan = plan_of(job)
    assert plan.other is None and plan.measured == tuple(compare.measured_cards(deck.to_core()))
    # 25 games played a chunk: 6 game indices of the four versions; 10 games in two chunks.
    assert job["chunks"] == 2
    stored = Simulation.objects.get(pk=job["id"])
    assert stored.parameters["chunk_size"] == 6 * 4


def test_an_impact_takes_the_default_games_and_refuses_another_kind_s_fields(queue, alice, archive_ids, settings):
    settings.SIMULATION_DEFAULT_IMPACT_GAMES = 7
    deck = make_deck(alice)
    asked = start(client_for(alice), kind="impact", deck=deck.id)["parameters"]
    assert asked == {"games": 7, "players": 5, "rounds": table.DEFAULT_ROUNDS, "cards": 3}
    error = refused(
        post(client_for(alice), {"kind": "impact", "deck": deck.id, "other": {"revision": 1}}), 400, "invalid"
    )
    assert error["errors"] == {"other": ["`other` does not go with kind impact."]}


def test_paired_games_count_against_the_games_caps_with_games_jobs(queue, settings, archive_ids):
    settings.SIMULATION_MAX_ACTIVE_GAMES_ANON = 100
    client = APIClient()
    too_many = refused(post(client, {"kind": "impact", "text": GARGOYLES, "games": 30}), 400, "invalid")
    assert too_many["errors"] == {
        "games": [
            "A card impact plays every game once as built and once for each card blanked: 120 games to play here, "
            "and at most 100 may be unfinished at once. Ask for fewer games."
        ]
    }
    answer(post(client, {"kind": "games", "text": GARGOYLES, "games": 60}), 202)
    body = refused(
        post(client, {"kind": "compare", "text": GARGOYLES, "other": {"twda": archive_ids[0]}, "games": 25}),
        429,
        "job_limit",
    )
    assert "still have 60 games to play and this one asks for 50" in body["detail"]
    assert Simulation.objects.count() == 1


# --- on a worker ------------------------------------------------------------------------------------------------


def follow(client, url: str) -> dict:
    deadline = time.monotonic() + 240  # only against a hang: the loop ends as soon as the job does
    job = answer(client.get(url))
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.2)
        job = answer(client.get(url))
        assert 0.0 <= job["progress"] <= 1.0
    return job


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_comparison_and_a_card_impact_run_to_done_on_a_worker_as_the_schema_says(
    simulation_worker, cards_in_database, alice, archive_ids, settings
):
    settings.SIMULATION_GAMES_CHUNK_SIZE = 4  # two game indices of both decks a chunk: several chunks
    client = client_for(alice)
    mine = tupdogs(alice)
    started = start(client, kind="compare", deck=mine.id, other={"twda": archive_ids[1]}, games=5, seed=2, players=4)
    assert started["chunks"] == 3
    job = follow(client, started["url"])
    assert job["status"] == "done", job
    assert (job["games_done"], job["chunks_done"]) == (10, 3)
    report = job["result"]
    assert (report["games"], report["players"], report["games_played"], report["error_count"]) == (5, 4, 10, 0)
    assert [deck["name"] for deck in report["decks"]][0] == "4 Tupdog"
    assert report["verdict"] == compare.verdict(report["vp_diff"], report["vp_diff_ci95"])
    errors = schema_errors(client, "CompareReport", report) or schema_errors(client, "Simulation", job)
    assert not errors, errors

    started = start(client, kind="impact", text=GARGOYLES, games=3, seed=1, players=4)
    job = follow(client, started["url"])
    assert job["status"] == "done", job
    report = job["result"]
    assert (report["games"], report["games_played"], len(report["cards"])) == (3, 12, 3)
    deltas = [card["vp_delta"] for card in report["cards"]]
    assert deltas == sorted(deltas, reverse=True)  # the most valuable first
    dive_bomb = next(card for card in report["cards"] if card["name"] == "Dive Bomb")
    assert (dive_bomb["kind"], dive_bomb["copies"]) == ("library", 20)
    errors = schema_errors(client, "ImpactReport", report) or schema_errors(client, "Simulation", job)
    assert not errors, errors
