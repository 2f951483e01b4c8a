"""Every API view is throttled: per address for clients without an account (``anon``, API_ANON_RATE), per user
for logged-in ones (``user``, API_USER_RATE); views with a scope of their own keep it besides. Over the rate,
a 429 in the API's error shape with ``Retry-After``."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from rest_framework.test import APIClient

from vtesdeck import api

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]


@pytest.fixture
def rates(settings):
    """``rates(anon=…, user=…)``: the API's rates for this test (DRF reloads its settings when they change)."""

    def set_rates(**changed: str | None) -> None:
        current = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**current, **changed}}

    return set_rates


@pytest.fixture
def alice_client() -> APIClient:
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user("alice", password="pw-for-tests-only"))
    return client


def throttled(response) -> bool:
    if response.status_code != 429:
        return False
    body = response.json()
    assert body["code"] == "throttled" and body["detail"].endswith(".") and set(body) == {"detail", "code"}
    assert int(response["Retry-After"]) > 0
    return True


def test_the_default_rates_are_set_and_high(settings):
    # A person or a polite bot never sees them; a runaway loop does.
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert rates["anon"] == "1200/minute" and rates["user"] == "3000/minute"
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] == [
        "vtesdeck.api.AnonThrottle",
        "vtesdeck.api.UserThrottle",
    ]


@pytest.mark.parametrize("url", ["/api/v1/cards/", "/api/v1/sets/", "/api/v1/twda/", "/api/v1/decklists/formats"])
def test_an_anonymous_client_over_the_rate_gets_a_429(client, rates, url):
    rates(anon="3/minute")
    assert [throttled(client.get(url)) for _ in range(4)] == [False, False, False, True]


def test_the_rate_is_counted_across_endpoints(client, rates):
    rates(anon="2/minute")
    assert not throttled(client.get("/api/v1/sets/"))
    assert not throttled(client.get("/api/v1/decklists/formats"))
    assert throttled(client.get("/api/v1/cards/"))


def test_views_with_their_own_throttle_are_capped_by_the_default_too(client, rates):
    rates(anon="1/minute", decklists="100/minute")
    text = "Crypt\n12x Tupdog\nLibrary\n60x Govern the Unaligned\n"
    assert not throttled(client.post("/api/v1/decklists/parse", {"text": text}, content_type="application/json"))
    assert throttled(client.post("/api/v1/decklists/parse", {"text": text}, content_type="application/json"))


def test_a_logged_in_user_has_the_user_rate_not_the_anonymous_one(alice_client, rates):
    rates(anon="1/minute", user="3/minute")
    outcomes = [throttled(alice_client.get("/api/v1/decks/", {"mine": 1})) for _ in range(4)]
    assert outcomes == [False, False, False, True]


def test_users_are_counted_apart_from_each_other_and_from_anonymous_clients(alice_client, client, rates):
    rates(anon="1/minute", user="1/minute")
    assert not throttled(alice_client.get("/api/v1/sets/"))
    assert not throttled(client.get("/api/v1/sets/"))
    bob = APIClient()
    bob.force_authenticate(get_user_model().objects.create_user("bob", password="pw-for-tests-only"))
    assert not throttled(bob.get("/api/v1/sets/"))
    assert throttled(alice_client.get("/api/v1/sets/"))


def test_a_rate_turned_off_never_throttles(client, rates):
    rates(anon=None)
    assert not any(throttled(client.get("/api/v1/decklists/formats")) for _ in range(30))


@pytest.mark.parametrize(("value", "expected"), [("600/hour", "600/hour"), ("off", None), ("", None)])
def test_the_environment_sets_a_rate_or_turns_it_off(monkeypatch, value, expected):
    from vtesdeck import settings as project_settings

    monkeypatch.setenv("API_ANON_RATE", value)
    assert project_settings._rate("API_ANON_RATE", "1200/minute") == expected


def test_a_malformed_rate_in_the_environment_stops_the_start(monkeypatch):
    from vtesdeck import settings as project_settings

    monkeypatch.setenv("API_ANON_RATE", "lots")
    with pytest.raises(ImproperlyConfigured, match="API_ANON_RATE"):
        project_settings._rate("API_ANON_RATE", "1200/minute")


def test_every_api_view_has_the_default_throttles():
    from django.urls import get_resolver

    def views(patterns, prefix=""):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                yield from views(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern), pattern.callback

    checked = 0
    for route, callback in views(get_resolver().url_patterns):
        view_class = getattr(callback, "cls", None)
        if not route.startswith("api/v1/") or view_class is None:
            continue
        assert {api.AnonThrottle, api.UserThrottle} <= set(view_class.throttle_classes), route
        checked += 1
    assert checked >= 10


def test_a_forged_forwarded_for_header_does_not_reset_the_count(client, rates, settings):
    # With no proxy in front (NUM_PROXIES=0) X-Forwarded-For is whatever the client wrote: a fresh value per
    # request must not make a fresh client, or every anonymous limit is one header away from gone.
    settings.NUM_PROXIES = 0
    rates(anon="2/minute")
    answers = [client.get("/api/v1/sets/", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}") for n in range(3)]
    assert [throttled(a) for a in answers] == [False, False, True]


def test_behind_one_proxy_the_client_is_the_address_the_proxy_appended(client, rates, settings):
    rates(anon="1/minute")
    settings.NUM_PROXIES = 1
    assert not throttled(client.get("/api/v1/sets/", HTTP_X_FORWARDED_FOR="6.6.6.6, 10.0.0.1"))
    assert not throttled(client.get("/api/v1/sets/", HTTP_X_FORWARDED_FOR="6.6.6.6, 10.0.0.2"))
    assert throttled(client.get("/api/v1/sets/", HTTP_X_FORWARDED_FOR="7.7.7.7, 10.0.0.1"))


def test_a_cache_that_does_not_answer_is_a_503_saying_so_not_a_500(client, settings):
    # The counts in a Redis that is down (nothing listens on port 9): every throttled door refuses with a
    # clear 503 and Retry-After, rather than a 500 or letting a password guesser through uncounted.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    answer = client.get("/api/v1/sets/")
    assert answer.status_code == 503 and answer["Retry-After"] == api.UNAVAILABLE_RETRY_AFTER
    assert answer.json() == {"detail": api.COUNTS_UNAVAILABLE, "code": "cache_unavailable"}
    page = client.post("/accounts/login/", {"username": "alice", "password": "guess"})
    assert page.status_code == 503 and "Requests cannot be counted right now" in page.content.decode()
    check = client.post("/check/", {"text": "Crypt\n12x Tupdog\n"})
    assert check.status_code == 503 and "Requests cannot be counted right now" in check.content.decode()
