"""/accounts/: the account page, where a user sees their details and makes and revokes API tokens."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from accounts.models import MAX_TOKENS_PER_USER, ApiToken, hash_key

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return User.objects.create_user("alice", "alice@example.org", "alice-password-1")


@pytest.fixture
def bob():
    return User.objects.create_user("bob", "bob@example.org", "bob-password-1")


@pytest.fixture
def logged_in(client, alice):
    client.force_login(alice)
    return client


def shown_key(response) -> str | None:
    match = re.search(r'id="new-token-key"[^>]*value="([^"]+)"', response.content.decode())
    return match and match.group(1)


def test_it_needs_a_login(client):
    response = client.get("/accounts/")
    assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/accounts/"
    assert client.post("/accounts/tokens/", {"name": "x"}).status_code == 302
    assert not ApiToken.objects.exists()


def test_it_shows_the_users_name_email_and_password_link(logged_in):
    html = logged_in.get("/accounts/").content.decode()
    assert "alice" in html and "alice@example.org" in html
    assert 'href="/accounts/password/"' in html
    assert "You have no API tokens." in html


def test_the_nav_links_the_users_name_to_the_account_page(logged_in):
    nav = re.search(r'<ul class="account-nav">.*?</ul>', logged_in.get("/").content.decode(), re.S).group(0)
    assert re.search(r'<a href="/accounts/"[^>]*>alice</a>', nav)


def test_it_keeps_scripts_and_inline_styles_out_of_the_page(logged_in, alice):
    ApiToken.objects.issue(alice, "laptop")
    html = logged_in.post("/accounts/tokens/", {"name": "bot"}).content.decode()
    assert "<script" not in html and "style=" not in html


def test_making_a_token_shows_its_key_once(logged_in, alice):
    response = logged_in.post("/accounts/tokens/", {"name": "Discord bot"})
    assert response.status_code == 200
    key = shown_key(response)
    assert key and key.startswith("vtd_")
    assert "Copy it now" in response.content.decode()
    assert "no-store" in response["Cache-Control"]
    token = ApiToken.objects.get(user=alice)
    assert token.name == "Discord bot" and token.key_hash == hash_key(key)
    # Afterwards the page lists it by name and prefix, never with its key.
    html = logged_in.get("/accounts/").content.decode()
    assert "Discord bot" in html and token.prefix in html
    assert key not in html and shown_key(logged_in.get("/accounts/")) is None


def test_the_key_shown_opens_the_api(client, logged_in):
    key = shown_key(logged_in.post("/accounts/tokens/", {"name": ""}))
    client.logout()
    answer = client.get("/api/v1/tokens/", headers={"Authorization": f"Token {key}"})
    assert answer.status_code == 200 and answer.json()["results"][0]["name"] == "API token"


def test_it_lists_only_the_users_own_tokens(logged_in, alice, bob):
    ApiToken.objects.issue(alice, "alice's laptop")
    ApiToken.objects.issue(bob, "bob's bot")
    html = logged_in.get("/accounts/").content.decode()
    assert "alice&#x27;s laptop" in html and "bob&#x27;s bot" not in html


def test_a_name_too_long_is_a_400_and_makes_nothing(logged_in):
    response = logged_in.post("/accounts/tokens/", {"name": "x" * 101})
    assert response.status_code == 400
    assert "Ensure this value has at most 100 characters" in response.content.decode()
    assert shown_key(response) is None and not ApiToken.objects.exists()


def test_the_token_limit_is_a_400_with_a_sentence(logged_in, alice):
    for number in range(MAX_TOKENS_PER_USER):
        ApiToken.objects.issue(alice, f"t{number}")
    response = logged_in.post("/accounts/tokens/", {"name": "one too many"})
    assert response.status_code == 400
    assert f"You already have {MAX_TOKENS_PER_USER} API tokens" in response.content.decode()
    assert ApiToken.objects.filter(user=alice).count() == MAX_TOKENS_PER_USER


def test_revoking_a_token_deletes_it_and_says_so(client, logged_in, alice):
    token, key = ApiToken.objects.issue(alice, "old bot")
    response = logged_in.post(f"/accounts/tokens/{token.pk}/revoke/")
    assert response.status_code == 302 and response["Location"] == "/accounts/"
    assert not ApiToken.objects.filter(pk=token.pk).exists()
    assert "is revoked" in logged_in.get("/accounts/").content.decode()
    client.logout()
    assert client.get("/api/v1/tokens/", headers={"Authorization": f"Token {key}"}).status_code == 401


def test_the_revoke_form_posts_with_a_csrf_token(logged_in, alice):
    token, _ = ApiToken.objects.issue(alice, "bot")
    html = logged_in.get("/accounts/").content.decode()
    form = re.search(
        rf'<form class="revoke-form" method="post" action="/accounts/tokens/{token.pk}/revoke/">(.*?)</form>',
        html,
        re.S,
    )
    assert form and 'name="csrfmiddlewaretoken"' in form.group(1)


def test_revoking_without_the_csrf_token_is_refused(alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    token, _ = ApiToken.objects.issue(alice, "bot")
    assert strict.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 403
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_another_users_token_cannot_be_revoked(logged_in, bob):
    token, _ = ApiToken.objects.issue(bob, "bob's bot")
    assert logged_in.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_revoking_is_a_post_only(logged_in, alice):
    token, _ = ApiToken.objects.issue(alice, "bot")
    assert logged_in.get(f"/accounts/tokens/{token.pk}/revoke/").status_code == 405
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_a_token_id_too_large_for_the_database_is_a_404(logged_in):
    assert logged_in.post("/accounts/tokens/99999999999999999999999/revoke/").status_code == 404
