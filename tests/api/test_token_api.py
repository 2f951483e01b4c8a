"""POST /api/v1/token/: scripts log in once for a new API token and send `Authorization: Token <key>`;
guessing passwords there is throttled like the login page."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from accounts import throttle
from accounts.models import ApiToken, hash_key

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-enough-password-7"


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def player():
    return get_user_model().objects.create_user("dara", password=PASSWORD)


def log_in(client, **body):
    return client.post(
        "/api/v1/token/", {"username": "dara", "password": PASSWORD, **body}, content_type="application/json"
    )


def test_a_token_opens_the_api_as_its_user(client, player):
    answer = log_in(client)
    assert answer.status_code == 201
    token = answer.json()["token"]
    created = client.post(
        "/api/v1/decks/",
        {"name": "By token", "crypt": [], "library": []},
        content_type="application/json",
        headers={"Authorization": f"Token {token}"},
    )
    assert created.status_code == 201, created.content
    mine = client.get("/api/v1/decks/?mine=1", headers={"Authorization": f"Token {token}"}).json()
    assert [d["name"] for d in mine["results"]] == ["By token"]


def test_the_answer_describes_the_new_token_and_holds_its_key_once(client, player):
    body = log_in(client, name="Discord bot").json()
    assert set(body) == {"id", "name", "prefix", "created", "token"}
    assert body["name"] == "Discord bot"
    assert body["token"].startswith("vtd_") and body["token"].startswith(body["prefix"])
    stored = ApiToken.objects.get(pk=body["id"])
    assert stored.user == player and stored.key_hash == hash_key(body["token"])


def test_each_login_makes_another_token_and_the_earlier_ones_keep_working(client, player):
    first, second = log_in(client).json(), log_in(client).json()
    assert first["token"] != second["token"]
    assert first["name"] == second["name"] == "API token"  # the name when none is given
    for key in (first["token"], second["token"]):
        assert client.get("/api/v1/tokens/", headers={"Authorization": f"Token {key}"}).json()["count"] == 2


def test_a_form_body_works_as_well_as_json(client, player):
    body = urlencode({"username": "dara", "password": PASSWORD, "name": "cron"})  # what `curl -d` sends
    answer = client.post("/api/v1/token/", body, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 201 and answer.json()["name"] == "cron"


def test_a_wrong_password_is_a_400_and_makes_no_token(client, player):
    answer = client.post("/api/v1/token/", {"username": "dara", "password": "nope"}, content_type="application/json")
    assert answer.status_code == 400
    assert "The user name or password is wrong." in str(answer.json())
    assert not ApiToken.objects.exists()


def test_a_deactivated_user_gets_no_token(client, player):
    player.is_active = False
    player.save()
    assert log_in(client).status_code == 400
    assert not ApiToken.objects.exists()


def test_a_missing_password_is_a_400_naming_the_field(client, player):
    answer = client.post("/api/v1/token/", {"username": "dara"}, content_type="application/json")
    assert answer.status_code == 400
    assert "password" in str(answer.json())


def test_a_name_too_long_is_a_400_and_makes_no_token(client, player):
    answer = log_in(client, name="x" * 101)
    assert answer.status_code == 400 and "name" in str(answer.json())
    assert not ApiToken.objects.exists()


def test_guessing_passwords_for_a_token_is_throttled(client, player):
    for _ in range(10):
        client.post("/api/v1/token/", {"username": "dara", "password": "guess"}, content_type="application/json")
    answer = log_in(client)
    assert answer.status_code == 429
    assert answer["Retry-After"] == str(throttle.RETRY_AFTER)
    assert "15 minutes" in answer.json()["detail"]
    assert not ApiToken.objects.exists()
