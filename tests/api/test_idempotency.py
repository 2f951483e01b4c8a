"""`Idempotency-Key` on the API's creating writes: a client that retries (its answer was lost, it timed
out) makes one deck, one copy, one simulation job, and gets the first answer again.

Alice and Bob are players; an anonymous client starts simulations without an account. The concurrent
case (two requests with one key at the same moment) is in tests/web/test_wsgi_server.py, on a real server.
"""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import ApiToken
from decks.models import Deck
from simulations.models import Simulation
from vtesdeck import idempotency
from vtesdeck.models import IdempotentRequest

from .conftest import GARGOYLES

pytestmark = pytest.mark.django_db

DECKS = "/api/v1/decks/"
SIMULATIONS = "/api/v1/simulations/"
KEY = "5f0c2a56-8d0e-4b53-a1f9-3c1e0b7d9a42"
ROCK = {"name": "Rock drop", "visibility": "public", "text": GARGOYLES}


@pytest.fixture(autouse=True)
def fresh_throttles(no_throttling):
    cache.clear()


def player(name: str) -> APIClient:
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user(name, password="not-a-real-password-42"))
    return client


@pytest.fixture
def alice() -> APIClient:
    return player("alice")


@pytest.fixture
def bob() -> APIClient:
    return player("bob")


def post(client: APIClient, path: str, body=None, key: str | None = KEY, **headers):
    if key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    return client.post(path, body, format="json", **headers)


def test_a_retried_create_makes_one_deck_and_gets_the_first_answer_again(alice):
    first = post(alice, DECKS, ROCK)
    assert first.status_code == 201, first.content
    assert idempotency.REPLAYED not in first.headers
    retry = post(alice, DECKS, ROCK)
    assert retry.status_code == 201
    assert retry.json() == first.json()
    assert retry.headers["Location"] == first.headers["Location"] == first.json()["url"]
    assert retry.headers[idempotency.REPLAYED] == "true"
    assert Deck.objects.count() == 1


def test_the_same_json_spaced_or_ordered_otherwise_is_the_same_request(alice):
    first = post(alice, DECKS, ROCK)
    reordered = json.dumps(dict(reversed(ROCK.items())), indent=4)
    retry = alice.post(DECKS, reordered, content_type="application/json", HTTP_IDEMPOTENCY_KEY=KEY)
    assert (retry.status_code, retry.json()["id"]) == (201, first.json()["id"])
    assert Deck.objects.count() == 1


def test_a_key_sent_with_another_body_is_refused_and_makes_nothing(alice):
    first = post(alice, DECKS, ROCK)
    other = post(alice, DECKS, {**ROCK, "name": "Another deck"})
    assert other.status_code == 422
    assert other.json()["code"] == "idempotency_key_reused" and other.json()["detail"]
    assert list(Deck.objects.values_list("id", flat=True)) == [first.json()["id"]]


def test_a_refused_request_leaves_its_key_for_the_corrected_one(alice):
    refused = post(alice, DECKS, {**ROCK, "visibility": "everyone"})
    assert refused.status_code == 400 and not Deck.objects.exists()
    corrected = post(alice, DECKS, ROCK)
    assert corrected.status_code == 201 and idempotency.REPLAYED not in corrected.headers
    assert Deck.objects.count() == 1


def test_requests_without_a_key_are_each_carried_out(alice):
    assert post(alice, DECKS, ROCK, key=None).status_code == 201
    assert post(alice, DECKS, ROCK, key=None).status_code == 201
    assert Deck.objects.count() == 2 and not IdempotentRequest.objects.exists()


def test_a_retried_clone_makes_one_copy_and_a_key_names_one_path(alice, bob):
    first_deck = post(alice, DECKS, ROCK, key=None).json()["id"]
    second_deck = post(alice, DECKS, {**ROCK, "name": "Second"}, key=None).json()["id"]
    copy = post(bob, f"{DECKS}{first_deck}/clone/")
    retry = post(bob, f"{DECKS}{first_deck}/clone/")
    assert copy.status_code == retry.status_code == 201
    assert retry.json()["id"] == copy.json()["id"] and retry.headers[idempotency.REPLAYED] == "true"
    # The same key on another address is another request.
    other = post(bob, f"{DECKS}{second_deck}/clone/")
    assert other.status_code == 201 and other.json()["id"] != copy.json()["id"]
    assert Deck.objects.filter(owner__username="bob").count() == 2


def test_keys_of_different_clients_never_meet(alice, bob, idle_queue):
    decks = [post(client, DECKS, ROCK).json()["id"] for client in (alice, bob)]
    assert len(set(decks)) == 2 and Deck.objects.count() == 2
    # A job started without an account and one started by Alice, with one key and one body: two jobs.
    job = {"deck": decks[0], "hands": 1000, "seed": 7}
    anonymous = post(APIClient(), SIMULATIONS, job)
    alices = post(alice, SIMULATIONS, job)
    assert anonymous.status_code == alices.status_code == 202
    assert anonymous.json()["id"] != alices.json()["id"] and Simulation.objects.count() == 2
    # Each gets its own job again.
    assert post(APIClient(), SIMULATIONS, job).json()["id"] == anonymous.json()["id"]
    assert post(alice, SIMULATIONS, job).json()["id"] == alices.json()["id"]
    assert Simulation.objects.count() == 2


def test_anonymous_clients_are_told_apart_by_their_address(alice, idle_queue):
    deck = post(alice, DECKS, ROCK, key=None).json()["id"]
    job = {"deck": deck, "hands": 1000}
    here = post(APIClient(REMOTE_ADDR="192.0.2.1"), SIMULATIONS, job)
    there = post(APIClient(REMOTE_ADDR="192.0.2.2"), SIMULATIONS, job)
    assert here.json()["id"] != there.json()["id"] and Simulation.objects.count() == 2


@pytest.mark.parametrize(
    "key",
    ["", "k" * 256, "café-1", "two words", "tab\tinside", "ключ"],
    ids=["empty", "too-long", "non-ascii", "space", "tab", "cyrillic"],
)
def test_a_key_of_the_wrong_shape_is_a_400_and_makes_nothing(alice, key):
    # A header carries latin-1 on the wire: non-ASCII text arrives as its UTF-8 bytes read as latin-1.
    sent = key.encode().decode("latin-1")
    answer = post(alice, DECKS, ROCK, key=sent)
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == "invalid" and list(answer.json()["errors"]) == ["Idempotency-Key"]
    assert not Deck.objects.exists() and not IdempotentRequest.objects.exists()


def test_the_longest_key_is_accepted(alice):
    assert post(alice, DECKS, ROCK, key="k" * 255).status_code == 201


def test_a_retry_while_the_first_request_is_under_way_is_told_to_wait(alice):
    first = post(alice, DECKS, ROCK)
    # As the first request's claim looks while its view runs: no answer stored yet.
    IdempotentRequest.objects.update(status=None, body=None, location="")
    retry = post(alice, DECKS, ROCK)
    assert retry.status_code == 409
    assert retry.json()["code"] == "request_in_progress" and retry.headers["Retry-After"] == "1"
    assert list(Deck.objects.values_list("id", flat=True)) == [first.json()["id"]]


def test_a_claim_left_by_a_crashed_request_is_taken_over(alice):
    post(alice, DECKS, ROCK)
    # The process died mid-request: its transaction (the deck and the answer) was lost, the claim was not.
    Deck.objects.all().delete()
    IdempotentRequest.objects.update(
        status=None, body=None, location="", created=timezone.now() - idempotency.ABANDONED - datetime.timedelta(1)
    )
    retry = post(alice, DECKS, ROCK)
    assert retry.status_code == 201 and idempotency.REPLAYED not in retry.headers
    assert Deck.objects.count() == 1


def test_keys_expire_after_a_day_and_old_ones_are_purged(alice, bob):
    first = post(alice, DECKS, ROCK)
    IdempotentRequest.objects.update(created=timezone.now() - idempotency.WINDOW - datetime.timedelta(minutes=1))
    post(bob, DECKS, ROCK, key="bob-1")  # any keyed request purges the expired rows
    assert IdempotentRequest.objects.count() == 1
    again = post(alice, DECKS, ROCK)
    assert again.status_code == 201 and again.json()["id"] != first.json()["id"]
    assert Deck.objects.filter(owner__username="alice").count() == 2


def test_the_token_endpoints_keep_no_answer_since_it_holds_a_secret(alice):
    # Replaying would mean storing the new key in clear; a retry makes another token instead.
    for _attempt in range(2):
        assert post(alice, "/api/v1/tokens/", {"name": "bot"}).status_code == 201
    assert ApiToken.objects.count() == 2 and not IdempotentRequest.objects.exists()
