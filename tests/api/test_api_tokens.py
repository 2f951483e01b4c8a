"""/api/v1/tokens/ and `Authorization: Token <key>`: a user's own API tokens, listed without their keys,
made and revoked over the API; the site stores hashes, never keys."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.models import MAX_TOKENS_PER_USER, ApiToken, hash_key

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password="alice-password-1")


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", password="bob-password-1")


def token_for(user, name="script") -> tuple[ApiToken, str]:
    return ApiToken.objects.issue(user, name)


def auth(key: str, keyword: str = "Token") -> dict:
    return {"Authorization": f"{keyword} {key}"}


def make(client, key: str, **body):
    return client.post("/api/v1/tokens/", body, content_type="application/json", headers=auth(key))


# ---- making and listing ------------------------------------------------------------------------


def test_it_makes_a_named_token_and_shows_its_key_once(client, alice):
    _, key = token_for(alice)
    answer = make(client, key, name="Discord bot")
    assert answer.status_code == 201
    body = answer.json()
    assert set(body) == {"id", "name", "prefix", "created", "token"}
    assert body["name"] == "Discord bot" and body["token"].startswith("vtd_")
    # The new key works at once, as its owner.
    assert client.get("/api/v1/tokens/", headers=auth(body["token"])).json()["count"] == 2


def test_it_stores_the_keys_hash_and_never_the_key(client, alice):
    _, key = token_for(alice)
    new_key = make(client, key).json()["token"]
    stored = ApiToken.objects.get(key_hash=hash_key(new_key))
    fields = [str(getattr(stored, f.attname)) for f in ApiToken._meta.fields]
    assert new_key not in fields
    assert stored.prefix == new_key[:12] and len(new_key) > 30


def test_a_token_without_a_name_is_called_api_token(client, alice):
    _, key = token_for(alice)
    assert make(client, key).json()["name"] == "API token"
    assert make(client, key, name="   ").json()["name"] == "API token"


def test_it_lists_the_callers_tokens_newest_first_without_their_keys(client, alice, bob):
    _, key = token_for(alice, "laptop")
    made = make(client, key, name="bot").json()
    token_for(bob, "bob's")
    answer = client.get("/api/v1/tokens/", headers=auth(key))
    assert answer.status_code == 200
    body = answer.json()
    assert body["count"] == 2
    assert [t["name"] for t in body["results"]] == ["bot", "laptop"]
    assert set(body["results"][0]) == {"id", "name", "prefix", "created", "last_used"}
    assert key not in answer.content.decode() and made["token"] not in answer.content.decode()


def test_the_list_is_paginated(client, alice):
    for number in range(3):
        token_for(alice, f"t{number}")
    client.force_login(alice)
    body = client.get("/api/v1/tokens/?page_size=2").json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["next"]


def test_an_account_holds_at_most_the_limit_of_tokens(client, alice):
    tokens = [token_for(alice, f"t{n}") for n in range(MAX_TOKENS_PER_USER)]
    answer = make(client, tokens[0][1], name="one too many")
    assert answer.status_code == 400
    assert f"You already have {MAX_TOKENS_PER_USER} API tokens" in str(answer.json())
    assert ApiToken.objects.filter(user=alice).count() == MAX_TOKENS_PER_USER


def test_a_name_too_long_is_refused_and_nothing_is_made(client, alice):
    _, key = token_for(alice)
    answer = make(client, key, name="x" * 101)
    assert answer.status_code == 400 and "name" in str(answer.json())
    assert ApiToken.objects.count() == 1


def test_an_anonymous_client_can_neither_list_nor_make_tokens(client, alice):
    # 401 with the token scheme's challenge: a client without credentials is told how to bring them
    listed = client.get("/api/v1/tokens/")
    assert listed.status_code == 401 and listed["WWW-Authenticate"] == 'Token realm="api"'
    assert client.post("/api/v1/tokens/", {}, content_type="application/json").status_code == 401
    assert not ApiToken.objects.exists()


def test_a_session_and_http_basic_may_manage_tokens_too(client, alice):
    basic = client.post(
        "/api/v1/tokens/",
        {"name": "by basic"},
        content_type="application/json",
        headers={"Authorization": "Basic YWxpY2U6YWxpY2UtcGFzc3dvcmQtMQ=="},  # alice:alice-password-1
    )
    assert basic.status_code == 201
    client.force_login(alice)
    assert client.get("/api/v1/tokens/").json()["results"][0]["name"] == "by basic"


# ---- revoking ----------------------------------------------------------------------------------


def test_a_revoked_key_stops_working_at_once(client, alice):
    _, key = token_for(alice)
    other, other_key = token_for(alice, "old bot")
    assert client.delete(f"/api/v1/tokens/{other.pk}/", headers=auth(key)).status_code == 204
    refused = client.get("/api/v1/tokens/", headers=auth(other_key))
    assert refused.status_code == 401
    assert not ApiToken.objects.filter(pk=other.pk).exists()


def test_a_token_may_revoke_itself(client, alice):
    token, key = token_for(alice)
    assert client.delete(f"/api/v1/tokens/{token.pk}/", headers=auth(key)).status_code == 204
    assert client.get("/api/v1/tokens/", headers=auth(key)).status_code == 401


def test_another_users_token_can_be_neither_listed_nor_revoked(client, alice, bob):
    _, key = token_for(alice)
    bobs, bobs_key = token_for(bob)
    listed = client.get("/api/v1/tokens/", headers=auth(key)).json()
    assert bobs.pk not in [t["id"] for t in listed["results"]]
    answer = client.delete(f"/api/v1/tokens/{bobs.pk}/", headers=auth(key))
    assert answer.status_code == 404  # the same as an id that does not exist: ids tell nothing
    assert answer.json()["detail"] == client.delete("/api/v1/tokens/999999/", headers=auth(key)).json()["detail"]
    assert client.get("/api/v1/tokens/", headers=auth(bobs_key)).status_code == 200


@pytest.mark.parametrize("token_id", ["abc", "99999999999999999999999", "-1"])
def test_a_token_id_that_is_not_one_is_a_404(client, alice, token_id):
    _, key = token_for(alice)
    assert client.delete(f"/api/v1/tokens/{token_id}/", headers=auth(key)).status_code == 404
    assert ApiToken.objects.count() == 1


# ---- the Authorization header ------------------------------------------------------------------


def test_bearer_works_as_well_as_token(client, alice):
    _, key = token_for(alice)
    assert client.get("/api/v1/tokens/", headers=auth(key, "Bearer")).status_code == 200
    assert client.get("/api/v1/tokens/", headers=auth(key, "bearer")).status_code == 200


@pytest.mark.parametrize(
    "header",
    [
        "Token vtd_not-a-key-of-anyone",
        "Bearer 0123456789abcdef0123456789abcdef01234567",
        "Token",
        "Token two words",
        "Token caf\u00e9",
    ],
)
def test_a_bad_token_header_is_a_401_with_a_sentence(client, alice, header):
    answer = client.get("/api/v1/tokens/", headers={"Authorization": header})
    assert answer.status_code == 401
    body = answer.json()
    assert body["code"] == "authentication_failed"
    assert body["detail"].endswith(".") and len(body["detail"].split()) > 4
    assert answer["WWW-Authenticate"].startswith("Token")


def test_a_bad_token_is_refused_even_where_anonymous_reading_is_allowed(client):
    assert client.get("/api/v1/sets/", headers=auth("vtd_nothing")).status_code == 401


def test_a_deactivated_users_token_is_refused(client, alice):
    _, key = token_for(alice)
    alice.is_active = False
    alice.save()
    answer = client.get("/api/v1/tokens/", headers=auth(key))
    assert answer.status_code == 401 and "deactivated" in answer.json()["detail"]


def test_a_token_needs_no_csrf_token_to_write(alice):
    from django.test import Client

    _, key = token_for(alice)
    strict = Client(enforce_csrf_checks=True)
    assert make(strict, key, name="no csrf").status_code == 201


# ---- last used ---------------------------------------------------------------------------------


def test_last_used_is_written_on_use_but_not_on_every_call(client, alice):
    token, key = token_for(alice)
    assert token.last_used is None
    client.get("/api/v1/tokens/", headers=auth(key))
    token.refresh_from_db()
    first = token.last_used
    assert first is not None and timezone.now() - first < timedelta(seconds=30)
    client.get("/api/v1/tokens/", headers=auth(key))
    token.refresh_from_db()
    assert token.last_used == first  # a second call within the minute writes nothing


def test_last_used_moves_on_once_a_minute_has_passed(client, alice):
    token, key = token_for(alice)
    long_ago = timezone.now() - timedelta(minutes=5)
    ApiToken.objects.filter(pk=token.pk).update(last_used=long_ago)
    client.get("/api/v1/tokens/", headers=auth(key))
    token.refresh_from_db()
    assert token.last_used > long_ago + timedelta(minutes=4)
    listed = client.get("/api/v1/tokens/", headers=auth(key)).json()["results"][0]
    assert listed["last_used"] is not None


# ---- the keys of DRF's authtoken, from before ---------------------------------------------------


def test_the_migration_turns_old_keys_into_hashed_tokens_that_keep_working(client, alice):
    from django.apps import apps
    from rest_framework.authtoken.models import Token as OldToken

    migration = importlib.import_module("accounts.migrations.0002_authtoken_keys")
    old = OldToken.objects.create(user=alice)
    old_key = old.key
    migration.hash_authtoken_keys(apps, None)
    token = ApiToken.objects.get(user=alice)
    assert token.name == "API token" and token.key_hash == hash_key(old_key) and token.created == old.created
    assert not OldToken.objects.exists()  # no key left readable in the database
    answer = client.get("/api/v1/tokens/", headers=auth(old_key))
    assert answer.status_code == 200 and answer.json()["results"][0]["prefix"] == old_key[:12]
