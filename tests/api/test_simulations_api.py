"""/api/v1/simulations/: start a job (202 and its URL), follow it, cancel it, list one's own.

Alice and Bob have accounts; an anonymous client has none. A job is read by anyone holding its id; a
deck is drawn from only by who may read it (another user's private deck is a 404, as in the deck API);
bad input is a 400 with a sentence and stores nothing; a broker that is down is a 503 and a job that says
why. Most tests queue jobs where no worker reads them; the last one runs a job on a real worker.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from cards import index
from decks import services as deck_services
from decks.models import Deck
from simulations.models import Simulation
from tests.paths import TWDA
from vtesdeck.celery import app as celery_app

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

API = "/api/v1/simulations/"
JOB_KEYS = {
    "id", "url", "page_url", "kind", "status", "progress", "hands", "hands_done", "chunks", "chunks_done",
    "attempts", "seed", "conditions", "deck", "deck_name", "deck_version", "error", "created_at", "started_at",
    "finished_at", "heartbeat_at", "seconds", "compute_seconds",
}  # fmt: skip
GARGOYLES = (
    "Deck Name: Rock drop\nCrypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"
)
FIVE_CARD_LIBRARY = "Crypt (12 cards)\n12x Tupdog\nLibrary (5 cards)\n5x Blood Doll\n"



@pytest.fixture
def queue(idle_queue) -> str:
    return idle_queue


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice")  # no password to hash: clients log in by force_login


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob")


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def make_deck(owner, visibility="private") -> Deck:
    return deck_services.create(owner, deck_services.parse_text(GARGOYLES), visibility=visibility)


def post(client, body, url=API):
    return client.post(url, json.dumps(body), content_type="application/json")


def answer(response, status=200) -> dict:
    assert response.status_code == status, response.content.decode()[:2000]
    return response.json()


def messages_of(body: dict) -> list[str]:
    """Every message of an error body: its sentence and each field's messages."""
    return [body["detail"], *(message for messages in body.get("errors", {}).values() for message in messages)]


def refused(response, status: int, code: str) -> dict:
    """A refusal in the API's error shape with this status and code; its body."""
    body = answer(response, status)
    assert body["code"] == code and body["detail"][-1] in ".?!", body
    return body


# --- starting -------------------------------------------------------------------------------------


def test_anyone_starts_a_job_from_a_decklist_and_gets_202_with_its_url(queue):
    response = post(APIClient(), {"kind": "hands", "text": GARGOYLES, "hands": 30_000, "seed": 99})
    job = answer(response, 202)
    assert set(job) == JOB_KEYS | {"workers", "result"}
    assert response["Location"] == job["url"] == f"http://testserver{API}{job['id']}/"
    assert (job["status"], job["progress"], job["hands"], job["seed"], job["chunks"]) == ("queued", 0.0, 30_000, 99, 1)
    assert job["deck"] is None and job["deck_name"] == "Rock drop" and job["result"] is None
    stored = Simulation.objects.get(pk=job["id"])
    assert stored.owner is None and stored.hands == 30_000
    assert answer(APIClient().get(job["url"]))["id"] == job["id"]  # anyone holding the id reads it


def test_a_job_takes_the_default_number_of_hands_and_a_seed_it_reports(queue, settings):
    job = answer(post(APIClient(), {"text": GARGOYLES}), 202)
    assert job["kind"] == "hands" and job["hands"] == settings.SIMULATION_DEFAULT_HANDS
    assert isinstance(job["seed"], int) and 0 <= job["seed"] < 2**31


def test_a_user_starts_a_job_from_a_deck_they_can_read(queue, alice, bob):
    own = make_deck(alice)
    shared = make_deck(bob, visibility="unlisted")
    as_alice = client_for(alice)
    condition = 'library.type("Action") >= 1'
    job = answer(post(as_alice, {"kind": "hands", "deck": own.id, "hands": 1_000, "conditions": [condition]}), 202)
    assert (job["deck"], job["deck_version"], job["conditions"]) == (own.id, own.version, [condition])
    assert Simulation.objects.get(pk=job["id"]).owner == alice
    assert answer(post(as_alice, {"deck": shared.id, "hands": 1_000}), 202)["deck"] == shared.id


@pytest.mark.parametrize("who", ["bob", "anonymous"])
def test_another_users_private_deck_is_a_404_like_no_deck_at_all(queue, alice, bob, who):
    private = make_deck(alice)
    client = client_for(bob) if who == "bob" else APIClient()
    for deck_id in (private.id, "nosuchdeck12"):
        body = answer(post(client, {"deck": deck_id, "hands": 1_000}), 404)
        assert body == {"detail": "No deck has this id, or it is not yours to read.", "code": "not_found"}
    assert not Simulation.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"text": GARGOYLES, "hands": 0}, "hands"),
        ({"text": GARGOYLES, "hands": -1}, "hands"),
        ({"text": GARGOYLES, "hands": 10**12}, "hands"),
        ({"text": GARGOYLES, "hands": "abc"}, "hands"),
        ({"text": GARGOYLES, "hands": "1000"}, "hands"),
        ({"text": GARGOYLES, "hands": True}, "hands"),
        ({"text": GARGOYLES, "hands": 1.5}, "hands"),
        ({"text": GARGOYLES, "seed": -1}, "seed"),
        ({"text": GARGOYLES, "seed": "lucky"}, "seed"),
        ({"text": GARGOYLES, "conditions": 'library.type("Master") >= 1'}, "conditions"),
        ({"text": GARGOYLES, "conditions": [1]}, "conditions"),
        ({"text": GARGOYLES, "conditions": ["}}} garbage {{{"]}, "conditions"),
        ({"text": GARGOYLES, "conditions": ['library.type("Master" >= 1']}, "conditions"),
        ({"text": GARGOYLES, "conditions": ['library.type("Master") >= 1'] * 11}, "conditions"),
        ({"text": GARGOYLES, "conditions": ["x" * 301]}, "conditions"),
        ({"kind": "games", "text": GARGOYLES}, "kind"),
        ({"kind": "chess", "text": GARGOYLES}, "kind"),
        ({"text": GARGOYLES, "deck": "abc"}, "deck"),
        ({"hands": 1_000}, "deck"),
        ({"deck": 12}, "deck"),
        ({"deck": "abc", "format": "twd"}, "format"),
        ({"text": FIVE_CARD_LIBRARY}, "text"),
        ({"text": ""}, "text"),
        ({"text": ["a list"]}, "text"),
        ({"text": "Crypt\n" + "no such card\n" * 300}, "text"),
        ({"text": "x" * 2_100_000}, "text"),
    ],
)
def test_bad_input_is_a_400_with_a_sentence_and_stores_nothing(queue, body, field):
    response = post(APIClient(), body)
    error = refused(response, 400, "invalid")
    assert field in {re.split(r"[.\[]", name)[0] for name in error["errors"]}, error  # conditions[0] is conditions
    assert all(message.strip() and "Traceback" not in message for message in messages_of(error))
    assert not Simulation.objects.exists()


def test_the_400s_name_what_is_wrong(queue):
    def first(body, field):
        return refused(post(APIClient(), body), 400, "invalid")["errors"][field][0]

    assert first({"kind": "games", "text": GARGOYLES}, "kind") == (
        'Game simulations are not available yet; start a "hands" simulation.'
    )
    assert first({"text": FIVE_CARD_LIBRARY}, "text") == "The library holds 5 known cards; an opening hand needs 7."
    assert "greater than or equal to 1" in first({"text": GARGOYLES, "hands": 0}, "hands")
    assert "less than or equal to" in first({"text": GARGOYLES, "hands": 10**12}, "hands")
    assert "list" in first({"text": GARGOYLES, "conditions": "Master"}, "conditions").lower()


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "[" * 100_000 + "]" * 100_000, '"text"'])
def test_a_body_that_is_no_json_object_is_a_400(queue, raw):
    response = APIClient().post(API, raw, content_type="application/json")
    assert response.json()["code"] in ("parse_error", "invalid"), response.content[:300]
    assert response.status_code == 400
    assert not Simulation.objects.exists()


def test_starting_jobs_is_throttled_reading_them_is_not(queue, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulations_anon": "2/hour"},
    }
    client = APIClient()
    jobs = [answer(post(client, {"text": GARGOYLES, "hands": 1_000}), 202) for _ in range(2)]
    over = post(client, {"text": GARGOYLES, "hands": 1_000})
    assert over.status_code == 429 and int(over["Retry-After"]) > 0
    assert over.json()["code"] == "throttled"
    assert Simulation.objects.count() == 2
    for _ in range(5):
        assert client.get(jobs[0]["url"]).status_code == 200


def test_a_broker_that_is_down_is_a_503_and_a_job_that_says_why(monkeypatch):
    monkeypatch.setattr(celery_app.conf, "broker_write_url", "redis://127.0.0.1:9/0")
    monkeypatch.setattr(celery_app.conf, "broker_url", "redis://127.0.0.1:9/0")
    response = post(APIClient(), {"text": GARGOYLES, "hands": 1_000})
    body = refused(response, 503, "broker_unavailable")
    assert body["detail"].startswith("Could not reach the task queue (broker): ")
    assert response["Retry-After"]
    job = answer(APIClient().get(f"{API}{body['id']}/"))
    assert job["status"] == "failed"
    assert job["error"].rstrip(".").lower() in body["detail"].lower()  # the same reason, as a sentence


# --- reading, listing, cancelling -----------------------------------------------------------------


def test_an_unknown_job_is_a_404():
    assert answer(APIClient().get(f"{API}nosuchjob2345678/"), 404) == {
        "detail": "No simulation job has this id.",
        "code": "not_found",
    }
    refused(post(APIClient(), {}, url=f"{API}nosuchjob2345678/cancel/"), 404, "not_found")


def test_reading_a_job_whose_workers_went_quiet_sends_its_chunks_again(queue, settings):
    settings.SIMULATION_STALE_SECONDS = 60
    job = answer(post(APIClient(), {"text": GARGOYLES, "hands": 30_000}), 202)
    past = Simulation.objects.get(pk=job["id"]).created_at.replace(year=2020)
    Simulation.objects.filter(pk=job["id"]).update(status="running", started_at=past, heartbeat_at=past)
    job = answer(APIClient().get(job["url"]))
    assert (job["status"], job["attempts"]) == ("running", 2)


def test_listing_shows_your_own_jobs_and_asks_anonymous_clients_to_log_in(queue, alice, bob):
    as_alice = client_for(alice)
    mine = [answer(post(as_alice, {"text": GARGOYLES, "hands": 1_000}), 202)["id"] for _ in range(2)]
    answer(post(client_for(bob), {"text": GARGOYLES, "hands": 1_000}), 202)
    answer(post(APIClient(), {"text": GARGOYLES, "hands": 1_000}), 202)
    page = answer(as_alice.get(API))
    assert page["count"] == 2 and [job["id"] for job in page["results"]] == mine[::-1]
    assert set(page["results"][0]) == JOB_KEYS
    assert answer(as_alice.get(API, {"page_size": 1}))["next"]
    refusal = refused(APIClient().get(API), 403, "not_authenticated")
    assert refusal["detail"].startswith("Log in to list your simulation jobs")


def test_cancelling_is_the_owners_or_anyones_for_a_job_without_one(queue, alice, bob):
    as_alice, as_bob = client_for(alice), client_for(bob)
    hers = answer(post(as_alice, {"text": GARGOYLES, "hands": 1_000}), 202)
    nobodys = answer(post(APIClient(), {"text": GARGOYLES, "hands": 1_000}), 202)
    for stranger in (as_bob, APIClient()):
        refusal = answer(post(stranger, {}, url=f"{hers['url']}cancel/"), 403)
        assert refusal == {
            "detail": "Only the user who started this simulation job may cancel it.",
            "code": "permission_denied",
        }
    assert Simulation.objects.get(pk=hers["id"]).status == "queued"
    assert answer(post(as_alice, {}, url=f"{hers['url']}cancel/"))["status"] == "cancelled"
    assert answer(post(as_bob, {}, url=f"{nobodys['url']}cancel/"))["status"] == "cancelled"
    assert answer(post(as_bob, {}, url=f"{nobodys['url']}cancel/"))["status"] == "cancelled"  # idempotent


def test_a_finished_job_is_not_cancelled(queue):
    job = answer(post(APIClient(), {"text": GARGOYLES, "hands": 1_000}), 202)
    Simulation.objects.filter(pk=job["id"]).update(status="failed", error="the worker ran out of memory")
    after = answer(post(APIClient(), {}, url=f"{job['url']}cancel/"))
    assert (after["status"], after["error"]) == ("failed", "the worker ran out of memory")


# --- on a real worker ----------------------------------------------------------------------------


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_job_started_over_the_api_runs_to_done_on_a_worker(simulation_worker, alice):
    text = (TWDA / "10009.txt").read_text()
    client = client_for(alice)
    started = answer(post(client, {"kind": "hands", "text": text, "hands": 300_000, "seed": 3}), 202)
    deadline = time.monotonic() + 180  # only against a hang: the loop ends as soon as the job does
    job = started
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.2)
        job = answer(client.get(started["url"]))
        assert 0.0 <= job["progress"] <= 1.0
    assert job["status"] == "done", job
    assert (job["progress"], job["hands_done"], job["chunks_done"]) == (1.0, 300_000, job["chunks"])
    assert [name.split("@")[0] for name in job["workers"]] == ["sim-test-a"]
    report = job["result"]
    assert (report["hands"], report["seed"]) == (300_000, 3)
    assert report["seconds"] > 0 and report["hands_per_second"] > 0
    deck = deck_services.parse_text(text)
    assert [card["id"] for card in report["library"]] == list(deck.library)
    assert [card["id"] for card in report["crypt"]] == list(deck.crypt)
    for card in report["library"] + report["crypt"]:
        assert {"id", "name", "count", "p_opening", "p_opening_exact", "stderr"} <= set(card)
        assert abs(card["p_opening"] - card["p_opening_exact"]) <= 5 * card["stderr"] + 1e-12, card
    assert index.get()[report["crypt"][0]["id"]].name == report["crypt"][0]["name"]
    listed = answer(client.get(API))["results"]
    assert [(row["id"], row["status"]) for row in listed] == [(job["id"], "done")]
