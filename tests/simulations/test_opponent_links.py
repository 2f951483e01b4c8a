"""Issue 24, item 8: a games job never passes an opponent deck's link on, nor shows a deck its reader may not read.

A games job may seat a stored deck (``{"deck": id}``) at the other seats, and anyone holding the job's id reads
the job, if they may read every stored deck it seats (``services.readable_jobs``): its report names them and its
games show their cards. An unlisted deck's id is its link, so the opponents' ids follow the rule of the job's own
deck (``DeckQuerySet.named_to``): shown to the deck's owner and to the user who started the job (who held the
link), to everyone for a public deck, and to nobody else: not in the job's API answer (its parameters, its
report), not on its page, queued or done.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from decks import services as deck_services
from simulations.models import Simulation
from tests.conftest import play_job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

GARGOYLES = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"
READERS = ["alice", "bob", "carol", "anonymous"]


@pytest.fixture
def people() -> dict:
    User = get_user_model()
    return {name: User.objects.create_user(name) for name in ("alice", "bob", "carol")}


def client_for(people: dict, who: str) -> Client:
    client = Client()
    if who != "anonymous":
        client.force_login(people[who])
    return client


def deck_of(owner, visibility: str, name: str):
    return deck_services.create(owner, deck_services.parse_text(GARGOYLES), name=name, visibility=visibility)


def start(client: Client, opponents: list) -> str:
    body = {"kind": "games", "text": GARGOYLES, "games": 2, "players": 4, "seed": 3, "opponents": opponents}
    response = client.post("/api/v1/simulations/", json.dumps(body), content_type="application/json")
    assert response.status_code == 202, response.content.decode()
    return response.json()["id"]


def play(job_id: str) -> Simulation:
    """The job's chunks played here as a worker plays them (``play_job``): the job, done."""
    return play_job(Simulation.objects.get(pk=job_id))


def seen_by(people: dict, who: str, job_id: str) -> tuple[dict, str]:
    """The job's API answer and the text of its page, as ``who`` reads them."""
    client = client_for(people, who)
    answer = client.get(f"/api/v1/simulations/{job_id}/")
    page = client.get(f"/simulations/{job_id}/")
    assert answer.status_code == page.status_code == 200
    return answer.json(), answer.content.decode() + page.content.decode()


@pytest.mark.parametrize("reader", READERS)
def test_an_unlisted_opponent_is_named_only_to_its_owner_and_to_who_started_the_job(idle_queue, people, reader):
    """Bob was given the link of Alice's unlisted deck and seats it at the table; Carol and anyone without an
    account hold the job's id only."""
    unlisted = deck_of(people["alice"], "unlisted", "Alice's unlisted wall")
    public = deck_of(people["alice"], "public", "Alice's public wall")
    job_id = start(client_for(people, "bob"), [{"deck": unlisted.id}, {"deck": public.id}, {"deck": unlisted.id}])
    named = reader in ("alice", "bob")
    for state in ("queued", "done"):
        if state == "done":
            play(job_id)
        job, text = seen_by(people, reader, job_id)
        asked = job["parameters"]["opponents"]
        assert asked[1] == {"deck": public.id}  # a public deck is named to everyone
        if named:
            assert asked == [{"deck": unlisted.id}, {"deck": public.id}, {"deck": unlisted.id}]
        else:
            assert asked == [{"deck": None}, {"deck": public.id}, {"deck": None}], state
            assert unlisted.id not in text, f"{reader} reads the unlisted deck's id on the {state} job"
        if state == "done":
            report = job["result"]
            hidden = unlisted.id if named else "hidden"
            assert [row["path"] for row in report["decks"]] == [
                "deck",
                f"deck:{hidden}",
                f"deck:{public.id}",
                f"deck:{hidden}",
            ]
            assert [row["key"] for row in report["opponents_plan"]] == [hidden, public.id, hidden]
            # Names are not links: the table reads the same for everyone.
            assert [row["label"] for row in report["opponents_plan"]] == [unlisted.name, public.name, unlisted.name]
            assert unlisted.name in text


@pytest.mark.parametrize("reader", READERS)
def test_a_job_seating_a_private_deck_is_read_by_who_may_read_that_deck_alone(idle_queue, people, reader):
    """Alice seats her own private deck. Its name is in the job's report and its cards play in the job's games, so
    the job, though started from a decklist's text (read by anyone holding its id), is Alice's alone: anyone else
    finds nothing at its page, its API answer or its games, queued or done. Once she makes the deck public,
    anyone holding the id reads the job again."""
    private = deck_of(people["alice"], "private", "")  # no name: the page once showed its id instead
    job_id = start(client_for(people, "alice"), [{"deck": private.id}] * 3)
    client = client_for(people, reader)
    pages = (f"/api/v1/simulations/{job_id}/", f"/simulations/{job_id}/", f"/simulations/{job_id}/games/0/")
    for state in ("queued", "done"):
        if state == "done":
            play(job_id)
        if reader == "alice":
            job, _text = seen_by(people, reader, job_id)
            assert job["parameters"]["opponents"] == [{"deck": private.id}] * 3
        else:
            assert [client.get(page).status_code for page in pages] == [404] * 3, state
            listed = client.get("/api/v1/simulations/")
            assert listed.status_code in (200, 401) and job_id not in listed.content.decode()
    deck_services.update_details(private, version=private.version, visibility="public")
    assert client.get(pages[0]).status_code == client.get(pages[2]).status_code == 200


def test_a_job_stays_hidden_when_the_private_deck_it_seats_is_deleted(idle_queue, people):
    """Deleting a private deck does not publish it: the job that seated it (its name and cards in the report and
    the games) stays its starter's alone."""
    public, private = deck_of(people["alice"], "public", "Alice's wall"), deck_of(people["alice"], "private", "Secret")
    body = {"kind": "games", "deck": public.id, "games": 2, "players": 4, "opponents": [{"deck": private.id}] * 3}
    response = client_for(people, "alice").post(
        "/api/v1/simulations/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 202, response.content.decode()
    job_id = response.json()["id"]
    deck_services.delete(private)
    assert client_for(people, "bob").get(f"/api/v1/simulations/{job_id}/").status_code == 404
    assert client_for(people, "alice").get(f"/api/v1/simulations/{job_id}/").status_code == 200


@pytest.mark.parametrize("reader", READERS)
def test_a_comparison_with_a_private_deck_b_is_read_by_who_may_read_deck_b_alone(idle_queue, people, reader):
    """Deck B's name heads a comparison's page and its cards play in its games: Bob compares his public deck with
    his private one, and only he reads the job (the public deck's other readers find nothing)."""
    public, private = deck_of(people["bob"], "public", "Bob's public"), deck_of(people["bob"], "private", "Bob's B")
    body = {"kind": "compare", "deck": public.id, "other": {"deck": private.id}, "games": 2, "players": 4}
    body["opponents"] = [{"deck": public.id}] * 3  # no archive here to fill the seats
    response = client_for(people, "bob").post("/api/v1/simulations/", json.dumps(body), content_type="application/json")
    assert response.status_code == 202, response.content.decode()
    job_id = response.json()["id"]
    client = client_for(people, reader)
    statuses = [client.get(page).status_code for page in (f"/api/v1/simulations/{job_id}/", f"/simulations/{job_id}/")]
    assert statuses == ([200, 200] if reader == "bob" else [404, 404])
    if reader != "bob":
        assert private.name not in client.get(f"/decks/{public.id}/games/").content.decode()


def test_the_jobs_list_names_opponents_by_the_same_rule(idle_queue, people):
    """One's own list: a deck deleted since the job started is no longer named, even to who started it."""
    unlisted = deck_of(people["alice"], "unlisted", "Alice's unlisted wall")
    job_id = start(client_for(people, "bob"), [{"deck": unlisted.id}] * 3)
    listed = client_for(people, "bob").get("/api/v1/simulations/").json()["results"]
    assert [row["parameters"]["opponents"] for row in listed if row["id"] == job_id] == [[{"deck": unlisted.id}] * 3]
    deck_id = unlisted.id
    deck_services.delete(unlisted)
    listed = client_for(people, "bob").get("/api/v1/simulations/")
    assert deck_id not in listed.content.decode()
