"""POST /api/v1/token/: scripts log in once and send `Authorization: Token <key>`; guessing is throttled."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

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


def test_a_token_opens_the_api_as_its_user(client, player):
    answer = client.post("/api/v1/token/", {"username": "dara", "password": PASSWORD}, content_type="application/json")
    assert answer.status_code == 200
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


def test_a_wrong_password_is_a_400_and_a_bad_token_is_refused(client, player):
    answer = client.post("/api/v1/token/", {"username": "dara", "password": "nope"}, content_type="application/json")
    assert answer.status_code == 400
    refused = client.get("/api/v1/decks/?mine=1", headers={"Authorization": "Token not-a-token"})
    # 403 rather than 401: the session scheme comes first and sends no WWW-Authenticate challenge.
    assert refused.status_code == 403
    assert refused.json()["detail"] == "Invalid token."


def test_guessing_passwords_for_a_token_is_throttled(client, player):
    for _ in range(10):
        client.post("/api/v1/token/", {"username": "dara", "password": "guess"}, content_type="application/json")
    answer = client.post("/api/v1/token/", {"username": "dara", "password": PASSWORD}, content_type="application/json")
    assert answer.status_code == 429
    assert "15 minutes" in answer.json()["detail"]
