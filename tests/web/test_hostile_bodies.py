"""Issue 14, item 5: the deck editor's endpoints (``/decks/<id>/cards``, ``/decks/<id>/details``) and the deck
API's writes answer a hostile body with a 4xx in the API's error shape, never a 500, and change nothing.

Both read JSON with one reader (``vtesdeck.jsonbody``, behind ``vtesdeck.api.JSONParser``) and the details
with one set of field rules (the deck API's). The bodies are those an attacker sent: 100,000 nested
brackets, a lone surrogate (the JSON escape ``"\\ud800"``) in a name, a description, a tag, a card's name,
a visibility or a key, an object or a list where a name belongs, a body that is no JSON object, and a
body of another media type. The last test sends them through a real WSGI server, which refuses answers
Django's test client lets through.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from decks import services
from decks.models import Deck
from tests.web.test_wsgi_server import serving
from vtesdeck import jsonbody
from vtesdeck.core.deck import Deck as CoreDeck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

PASSWORD = "not-a-real-password-42"
LONE = "\ud800"  # json.dumps writes it as the six characters \ud800: a lone surrogate once parsed
DEEP = 100_000
ERROR_CODES = {"invalid", "parse_error", "unsupported_media_type"}


def dumps(data) -> bytes:
    return json.dumps(data).encode()


# Each takes the deck's version, so that only the hostile part can be the reason for the refusal.
HOSTILE = {
    "100,000 nested brackets": lambda v: b"[" * DEEP + b"]" * DEEP,
    "nested brackets as the name": lambda v: b'{"version": %d, "name": ' % v + b"[" * DEEP + b"]" * DEEP + b"}",
    "a lone surrogate in the name": lambda v: dumps({"version": v, "name": "Madness" + LONE}),
    "a lone surrogate in the description": lambda v: dumps({"version": v, "description": "Bleed" + LONE}),
    "a lone surrogate in a tag": lambda v: dumps({"version": v, "tags": ["bleed" + LONE]}),
    "a lone surrogate in the tags box": lambda v: dumps({"version": v, "tags": "bleed, vote" + LONE}),
    "a lone surrogate in a card's name": lambda v: dumps(
        {"version": v, "card": "Tup" + LONE, "delta": 1, "crypt": [{"card": "Tup" + LONE, "count": 1}], "library": []}
    ),
    "a lone surrogate as the visibility": lambda v: dumps({"version": v, "visibility": LONE}),
    "a lone surrogate in a key": lambda v: dumps({"version": v, "name": "Madness", "x" + LONE: 1}),
    "an object as the name": lambda v: dumps({"version": v, "name": {"first": "Madness"}}),
    "a list as the name": lambda v: dumps({"version": v, "name": ["Madness"]}),
    "a number as the name": lambda v: dumps({"version": v, "name": 42}),
    "a list of tags that are numbers": lambda v: dumps({"version": v, "tags": [1, 2]}),
    "a list as the body": lambda v: dumps([{"version": v, "name": "Madness"}]),
    "a string as the body": lambda v: dumps("Madness"),
    "null as the body": lambda v: b"null",
    "NaN": lambda v: b'{"version": %d, "name": "Madness", "card": NaN, "delta": NaN}' % v,
    "a version of 10^30": lambda v: dumps({"name": "Madness v2", "card": 200001, "delta": 1, "version": 10**30}),
    "bytes that are no UTF-8": lambda v: b'{"version": %d, "name": "\xff\xfe"}' % v,
}


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)


@pytest.fixture
def as_alice(alice) -> Client:
    client = Client(raise_request_exception=False)  # a 500 is an answer to look at, as a browser gets it
    client.force_login(alice)
    return client


@pytest.fixture
def deck(alice) -> Deck:
    return services.create(alice, CoreDeck(), name="Madness network", tags=["bleed"])


def stored(deck: Deck) -> tuple:
    deck = Deck.objects.get(pk=deck.pk)
    core = deck.to_core()
    tags = sorted(deck.tags.values_list("name", flat=True))
    return deck.version, deck.name, deck.description, deck.visibility, tags, {**core.crypt, **core.library}


ENDPOINTS = {
    "editor cards": ("POST", "/decks/{id}/cards"),
    "editor details": ("POST", "/decks/{id}/details"),
    "API create": ("POST", "/api/v1/decks/"),
    "API update": ("PATCH", "/api/v1/decks/{id}/"),
}


def send(client: Client, endpoint: str, deck: Deck, body: bytes, content_type: str = "application/json"):
    method, url = ENDPOINTS[endpoint]
    call = client.post if method == "POST" else client.patch
    return call(url.format(id=deck.id), body, content_type=content_type, headers={"Accept": "application/json"})


def assert_refused(response, status: int = 400) -> dict:
    """A refusal in the API's error shape: a sentence for a person (the editor's script shows it), a code."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert isinstance(body["detail"], str) and body["detail"][-1] in ".?!", body
    assert body["code"] in ERROR_CODES, body
    return body


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("body", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_body_is_a_400_and_changes_nothing(as_alice, deck, endpoint, body):
    before, decks = stored(deck), Deck.objects.count()
    assert_refused(send(as_alice, endpoint, deck, body(deck.version)))
    assert stored(deck) == before and Deck.objects.count() == decks


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_body_of_another_media_type_is_a_415_and_changes_nothing(as_alice, deck, endpoint):
    before = stored(deck)
    body = dumps({"version": deck.version, "name": "Madness v2", "card": 200001, "delta": 1, "text": "1x Tupdog"})
    refusal = assert_refused(send(as_alice, endpoint, deck, body, content_type="text/plain"), 415)
    assert refusal["code"] == "unsupported_media_type" and "text/plain" in refusal["detail"]
    assert stored(deck) == before


def test_an_object_as_the_name_is_not_stored_as_its_python_repr(as_alice, deck):
    response = send(as_alice, "editor details", deck, dumps({"version": deck.version, "name": {"a": 1}}))
    assert assert_refused(response)["detail"] == "Name: Not a valid string."
    assert Deck.objects.get(pk=deck.pk).name == "Madness network"


def test_the_editor_names_the_field_holding_a_lone_surrogate(as_alice, deck):
    body = dumps({"version": deck.version, "name": "Madness", "description": "Bleed" + LONE})
    refusal = assert_refused(send(as_alice, "editor details", deck, body))
    assert refusal["detail"] == "Description: Surrogate characters are not allowed: U+D800."
    assert refusal["errors"] == {"description": ["Surrogate characters are not allowed: U+D800."]}


def test_the_api_names_the_card_entry_holding_a_lone_surrogate(as_alice, deck):
    body = dumps({"crypt": [{"card": "Tupdog"}, {"card": "Tupdog" + LONE, "count": 1}], "library": []})
    refusal = assert_refused(send(as_alice, "API create", deck, body))
    assert refusal["errors"] == {"crypt[1].card": ["Surrogate characters are not allowed: U+D800."]}


def test_the_editor_and_the_api_refuse_the_same_details_with_the_same_rule(as_alice, deck):
    """One set of field rules: a name of 201 characters, a 41-character tag, 13 tags, an unknown visibility."""
    for details in (
        {"name": "x" * 201},
        {"tags": ["x" * 41]},
        {"tags": [f"t{n}" for n in range(13)]},
        {"visibility": "everyone"},
    ):
        field = next(iter(details))
        body = dumps({"version": deck.version, **details})
        editor = assert_refused(send(as_alice, "editor details", deck, body))
        api = assert_refused(send(as_alice, "API update", deck, body))
        assert editor["errors"] == api["errors"], field
    assert Deck.objects.get(pk=deck.pk).version == deck.version


def test_details_the_rules_allow_are_saved_from_the_editor(as_alice, deck):
    body = dumps({"version": deck.version, "name": " Madness 🦇 ", "tags": "Vote, Bleed", "visibility": "public"})
    response = send(as_alice, "editor details", deck, body)
    assert response.status_code == 200, response.content
    saved = response.json()["details"]
    assert (saved["name"], saved["tags"], saved["visibility"]) == ("Madness 🦇", ["bleed", "vote"], "public")


# --- the reader itself ------------------------------------------------------------------------------


def test_the_reader_names_where_a_lone_surrogate_is():
    with pytest.raises(jsonbody.SurrogateInBody) as found:
        jsonbody.loads(b'{"crypt": [{"name": "Tupdog", "count": 1}, {"name": "Tup\\udc00dog", "count": 1}]}')
    assert (found.value.path, found.value.code_point) == ("crypt[1].name", 0xDC00)
    with pytest.raises(jsonbody.SurrogateInBody) as found:
        jsonbody.loads(b'"\\ud800"')
    assert found.value.path == ""


def test_the_reader_keeps_surrogate_pairs_and_escaped_backslashes():
    assert jsonbody.loads(b'{"name": "Bat \\ud83e\\udd87", "note": "\\\\ud800"}') == {
        "name": "Bat 🦇",
        "note": "\\ud800",
    }


@pytest.mark.parametrize(
    "body", [b"[" * DEEP + b"]" * DEEP, b"{not json", b'{"a": NaN}', b'{"a": 1' + b"9" * 5000 + b"}", b"\xff"]
)
def test_the_reader_refuses_what_is_not_json(body):
    with pytest.raises(jsonbody.BadJSON, match="^JSON parse error - "):
        jsonbody.loads(body)


# --- through a real server --------------------------------------------------------------------------


@pytest.fixture
def site(file_database):
    """Django's development server with the application wrapped in ``wsgiref.validate`` (as
    ``tests/web/test_wsgi_server.py`` serves it), on the test database."""
    with serving() as served:
        yield served


@pytest.mark.django_db(transaction=True)
def test_a_real_server_answers_hostile_bodies_with_400(site, file_database):
    alice = get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
    deck = services.create(alice, CoreDeck(), name="Madness network")
    login = Client()
    login.force_login(alice)
    csrf = "k" * 32  # the cookie and the header agree, as the editor's script sends them
    cookies = f"sessionid={login.cookies['sessionid'].value}; csrftoken={csrf}"
    headers = {"Cookie": cookies, "X-CSRFToken": csrf, "Content-Type": "application/json", "Accept": "application/json"}
    before = stored(deck)
    for name in (
        "100,000 nested brackets",
        "a lone surrogate in the name",
        "a lone surrogate in a card's name",
        "a lone surrogate as the visibility",
        "an object as the name",
    ):
        body = HOSTILE[name](deck.version)
        for method, url in (
            ("POST", f"/decks/{deck.id}/cards"),
            ("POST", f"/decks/{deck.id}/details"),
            ("POST", "/api/v1/decks/"),
            ("PATCH", f"/api/v1/decks/{deck.id}/"),
        ):
            _status, _headers, content = site.request(method, url, body=body, expect=400, **headers)
            assert json.loads(content)["detail"], (name, url)
    assert stored(deck) == before and Deck.objects.count() == 1
