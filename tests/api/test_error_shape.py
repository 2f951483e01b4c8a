"""Every error under /api/ has one shape, whoever produced it: ``{"detail", "code", "errors"?}``.

``detail`` is a sentence for a person, ``code`` a word for a program, ``errors`` (only when particular fields
are bad) maps each field or parameter to its messages. One test per source of errors: DRF's own refusals,
Django's (unknown URL, a bug, a lost database, a body too large), throttling, CSRF.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import RequestDataTooBig
from django.db import OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client, RequestFactory
from rest_framework.test import APIClient

from cards.api.views import CardViewSet
from vtesdeck import api

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

DECKLISTS = "/api/v1/decklists/validate"
DECKS = "/api/v1/decks/"
DECK = "Crypt\n12x Tupdog\nLibrary\n60x Govern the Unaligned\n"


def error(response, status: int, code: str) -> dict:
    """The body, after checking the status, the JSON shape, the code, and that ``detail`` is a sentence."""
    assert response.status_code == status, response.content.decode()[:1000]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) <= {"detail", "code", "errors"} and body["code"] == code, body
    detail = body["detail"]
    assert isinstance(detail, str) and detail[0].isupper() and detail[-1] in ".?!" and len(detail.split()) >= 2, body
    return body


def post_json(client, url: str, body) -> object:
    return client.post(url, json.dumps(body), content_type="application/json")


def test_a_bad_field_is_named_in_errors_and_in_the_sentence(client):
    body = error(post_json(client, DECKLISTS, {"text": DECK, "players": "many"}), 400, "invalid")
    assert body["errors"] == {"players": ["A valid integer is required."]}
    assert body["detail"] == "Invalid value for players: A valid integer is required."


def test_several_bad_fields_are_all_named(client):
    body = error(post_json(client, DECKLISTS, {"text": "", "ruleset": "modern"}), 400, "invalid")
    assert set(body["errors"]) == {"text", "ruleset"}
    assert "ruleset" in body["detail"] and "text" in body["detail"]


def test_a_request_wrong_as_a_whole_says_so_in_the_sentence(client):
    body = error(post_json(client, DECKLISTS, ["12x Tupdog"]), 400, "invalid")
    assert body["detail"] == body["errors"]["non_field_errors"][0]


def test_nested_fields_are_named_by_their_path(client):
    alice = get_user_model().objects.create_user("alice", password="pw-for-tests-only")
    client = APIClient()
    client.force_authenticate(alice)
    deck = {"visibility": "private", "crypt": [{"id": 200001, "count": 0}], "library": []}
    body = error(post_json(client, DECKS, deck), 400, "invalid")
    assert list(body["errors"]) == ["crypt[0].count"]


def test_a_body_that_is_not_json_is_a_parse_error(client):
    body = error(client.post(DECKLISTS, b"{not json", content_type="application/json"), 400, "parse_error")
    assert "JSON parse error" in body["detail"] and "errors" not in body


def test_a_body_of_another_media_type_is_refused(client):
    error(client.post(DECKLISTS, DECK, content_type="text/plain"), 415, "unsupported_media_type")


def test_an_unknown_address_under_api_is_a_json_404(client):
    error(client.get("/api/v1/no-such-thing/"), 404, "not_found")
    error(client.get("/api/nothing/at/all"), 404, "not_found")


def test_an_unknown_page_elsewhere_is_still_the_html_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


def test_an_unknown_object_is_a_404(client):
    error(client.get("/api/v1/cards/999999999/"), 404, "not_found")


def test_a_method_an_endpoint_does_not_have_is_a_405(client):
    body = error(client.delete("/api/v1/cards/"), 405, "method_not_allowed")
    assert "DELETE" in body["detail"]


def test_a_representation_the_api_cannot_give_is_a_406(client):
    error(client.get("/api/v1/sets/", HTTP_ACCEPT="text/csv"), 406, "not_acceptable")


def test_asking_for_ones_own_decks_without_a_login_is_refused(client):
    response = client.get(DECKS, {"mine": 1})
    error(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == 'Token realm="api"'  # RFC 9110: a 401 says how to authenticate


def test_a_wrong_token_is_refused_even_where_anonymous_clients_are_welcome(client):
    response = client.get("/api/v1/cards/", HTTP_AUTHORIZATION="Token not-a-real-key")
    error(response, 401, "authentication_failed")
    assert response["WWW-Authenticate"] == 'Token realm="api"'


def test_too_many_requests_are_throttled_with_retry_after(client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "2/minute"},
    }
    for _ in range(2):
        assert client.get("/api/v1/sets/").status_code == 200
    response = client.get("/api/v1/sets/")
    error(response, 429, "throttled")
    # Until the next request is let in: within the minute and the tenth of it the oldest slot counted may add
    # (vtesdeck.throttling).
    assert 0 < int(response["Retry-After"]) <= 66


def test_a_body_too_large_is_a_413_before_it_is_read(client):
    alice = get_user_model().objects.create_user("alice", password="pw-for-tests-only")
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post(DECKS, "{}", content_type="application/json", CONTENT_LENGTH=str(100 * 1024 * 1024))
    body = error(response, 413, "payload_too_large")
    assert "too large" in body["detail"]


def test_a_form_over_djangos_upload_limit_is_a_413(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    response = client.post(DECKLISTS, {"text": DECK * 100})  # a form: Django reads it, and refuses
    error(response, 413, "payload_too_large")


def test_djangos_refusal_of_a_body_too_large_before_any_view_is_a_413_on_api_paths():
    request = RequestFactory().post("/api/v1/decklists/parse")
    response = api.bad_request(
        request, RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
    )
    assert response.status_code == 413 and json.loads(response.content)["code"] == "payload_too_large"


def test_a_lost_database_is_a_503_with_retry_after(client, monkeypatch):
    def unreachable(self, sql, params=None):
        raise OperationalError("connection to server at 127.0.0.1 port 5432 failed")

    monkeypatch.setattr(CursorWrapper, "execute", unreachable)
    response = client.get("/api/v1/twda/")
    body = error(response, 503, "database_unavailable")
    assert "database" in body["detail"] and response["Retry-After"]


def test_a_lost_database_on_a_page_asked_for_json_is_a_503_in_the_same_shape(client, monkeypatch):
    def unreachable(self, sql, params=None):
        raise OperationalError("connection to server at 127.0.0.1 port 5432 failed")

    monkeypatch.setattr(CursorWrapper, "execute", unreachable)
    error(client.get("/cards/", {"q": "bounty"}, HTTP_ACCEPT="application/json"), 503, "database_unavailable")


def test_a_bug_is_a_500_in_the_shape_without_a_traceback(monkeypatch):
    def broken(self, request, *args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(CardViewSet, "retrieve", broken)
    response = Client(raise_request_exception=False).get("/api/v1/cards/200001/")
    body = error(response, 500, "server_error")
    assert "ZeroDivisionError" not in response.content.decode() and "Traceback" not in body["detail"]


def test_a_session_post_without_its_csrf_token_is_refused():
    get_user_model().objects.create_user("alice", password="pw-for-tests-only")
    client = Client(enforce_csrf_checks=True)
    client.login(username="alice", password="pw-for-tests-only")
    response = post_json(client, DECKS, {"visibility": "private", "text": DECK})
    body = error(response, 403, "permission_denied")
    assert "CSRF" in body["detail"]


def test_djangos_csrf_refusal_on_api_paths_is_in_the_shape():
    request = RequestFactory().post("/api/v1/decks/")
    response = api.csrf_failure(request, "CSRF cookie not set.")
    body = json.loads(response.content)
    assert (
        response.status_code == 403 and body["code"] == "permission_denied" and "CSRF cookie not set" in body["detail"]
    )
