"""Fuzzing every write endpoint of the API (each POST, PUT, PATCH and DELETE the schema publishes) with
hostile requests: bodies over the size limits, the wrong media type, JSON nested 10,000 deep, bytes that
are no UTF-8, NUL characters, huge numbers, every field given every wrong JSON type, SQL and HTML.

The rule for each answer: a 4xx (or a 2xx where the input was valid after all), never a 5xx; a 4xx is
JSON in the one error shape (``{"detail", "code", "errors"?}``) and writes nothing (the rows are counted
before and after). Text that is valid is stored verbatim, answered verbatim as JSON, and escaped on the
HTML deck page. Each request runs in a savepoint rolled back afterwards, so a DELETE or a clone does not
change what the next request finds. Hypothesis draws the hostile values: derandomized, a few examples each.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote_from_bytes

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import ApiToken
from collection.models import DeckBuild, Entry, Event, Share, WishlistEntry
from decks.models import Deck, Revision
from events import models as events
from events import services as event_services
from simulations.models import Simulation

from .conftest import GARGOYLES, PASSWORD, World

# quick_seating: the events' rounds are seated at once (what is fuzzed is what comes after a seating).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_seating")]

FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    max_examples=8,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Over every request-size limit the site has (DATA_UPLOAD_MAX_MEMORY_SIZE, 10 MB; the deck API's 12 MB;
# DECKLIST_UPLOAD_MAX_BYTES, 16 MB).
OVERSIZE = 17 * 1024 * 1024
DEEP = 10_000
SQL = "'; DROP TABLE decks_deck; --"
HTML = "<script>alert(1)</script>"
ESCAPED_HTML = "&lt;script&gt;alert(1)&lt;/script&gt;"
ERROR_CODES = {
    "invalid",
    "parse_error",
    "not_found",
    "not_authenticated",
    "authentication_failed",
    "permission_denied",
    "method_not_allowed",
    "not_acceptable",
    "unsupported_media_type",
    "throttled",
    "payload_too_large",
    "database_unavailable",
    "broker_unavailable",
    "conflict",
    "server_error",
}


@dataclass(frozen=True)
class Endpoint:
    """One write operation: how to reach it, and a valid body for it (None: it takes no body)."""

    operation: str
    method: str
    path: Callable[[World], str]
    body: Callable[[World], dict] | None
    media_types: tuple[str, ...] = ("application/json",)

    def __str__(self) -> str:
        return self.operation


def _version(world: World) -> int:
    return Deck.objects.get(pk=world.private_deck).version


def _owning(world: World, body: dict) -> dict:
    """``body``, carol owning the Tupdogs it removes (outside the request's savepoint)."""
    from collection.models import Entry

    Entry.objects.get_or_create(owner=world.user, card_id=201393, set="LoB", language="", defaults={"count": 4})
    return body


def _wishing(world: World) -> int:
    """The card (Tupdog) carol wishes for (the wish made outside the request's savepoint)."""
    WishlistEntry.objects.get_or_create(owner=world.user, card_id=201393, defaults={"count": 2})
    return 201393


def _format(world: World) -> str:
    """The id of a saved format of carol's (made on first use)."""
    from formats.models import CustomFormat

    return CustomFormat.objects.get_or_create(owner=world.user, name="Carol's league")[0].id


def _event(world: World, stage: str, *, final: bool = True) -> str:
    """The id of carol's event in ``stage`` (made on first use, outside the request's savepoint): "new" (no
    player yet), "registered" (five players with legal lists), "started", "seated" (round 1 of 1 seated),
    "played" (and scored) or "final" (the final started)."""
    name = f"Carol's {stage} event" + ("" if final else " (no final)")
    found = events.Event.objects.filter(owner=world.user, name=name).first()
    if found is not None:
        return found.id
    event = event_services.create_event(world.user, name=name, date=datetime.date(2025, 6, 14), rounds=1, finals=final)
    steps = ["registered", "started", "seated", "played", "final"]
    for step in steps[: steps.index(stage) + 1] if stage in steps else []:
        if step == "registered":
            for k in range(5):
                player = event_services.register(event, by=world.user, name=f"Player {k + 1}")
                event_services.submit_list(player, by=world.user, text=GARGOYLES)
        elif step == "started":
            event_services.start(event, world.user)
        elif step == "seated":
            event_services.seat_next_round(event, world.user)
        elif step == "played":
            table = events.Table.objects.get(round__event=event)
            event_services.enter_score(table, world.user, [1.5, 0, 0.5, 0.5, 0.5])
        else:
            event_services.start_finals(event, world.user)
    return event.id


def _joinable(world: World) -> str:
    """The registration token of someone else's event, open to carol."""
    other = get_user_model().objects.get_or_create(username="organiser")[0]
    found = events.Event.objects.filter(owner=other).first()
    if found is None:
        found = event_services.create_event(other, name="Open to all", date=datetime.date(2025, 6, 14))
    return found.token


def _last_qualifier(world: World) -> int:
    setup = events.Round.objects.get(event_id=_event(world, "final"), final=True).finals_setup
    return setup["qualifiers"][-1]


ENDPOINTS = [
    Endpoint(
        "decklists_validate",
        "post",
        lambda w: "/api/v1/decklists/validate",
        lambda w: {"text": GARGOYLES},
        ("application/json", "application/x-www-form-urlencoded", "multipart/form-data"),
    ),
    Endpoint(
        "decklists_parse",
        "post",
        lambda w: "/api/v1/decklists/parse",
        lambda w: {"text": GARGOYLES},
        ("application/json", "application/x-www-form-urlencoded", "multipart/form-data"),
    ),
    Endpoint(
        "decklists_convert",
        "post",
        lambda w: "/api/v1/decklists/convert?to=jol",
        lambda w: {"text": GARGOYLES},
        ("application/json", "application/x-www-form-urlencoded", "multipart/form-data"),
    ),
    Endpoint(
        "decks_create",
        "post",
        lambda w: "/api/v1/decks/",
        lambda w: {"name": "Rock", "visibility": "public", "text": GARGOYLES},
    ),
    Endpoint(
        "decks_update",
        "put",
        lambda w: f"/api/v1/decks/{w.private_deck}/",
        lambda w: {"version": _version(w), "name": "Rock again"},
    ),
    Endpoint(
        "decks_partial_update",
        "patch",
        lambda w: f"/api/v1/decks/{w.private_deck}/",
        lambda w: {"version": _version(w), "description": "Bats."},
    ),
    Endpoint("decks_destroy", "delete", lambda w: f"/api/v1/decks/{w.private_deck}/", None),
    Endpoint("decks_clone", "post", lambda w: f"/api/v1/decks/{w.public_deck}/clone/", None),
    Endpoint(
        "simulations_create", "post", lambda w: "/api/v1/simulations/", lambda w: {"deck": w.public_deck, "hands": 1000}
    ),
    Endpoint("simulations_cancel", "post", lambda w: f"/api/v1/simulations/{w.simulation}/cancel/", None),
    Endpoint(
        "token_create",
        "post",
        lambda w: "/api/v1/token/",
        lambda w: {"username": "carol", "password": PASSWORD, "name": "bot"},
        ("application/json", "application/x-www-form-urlencoded"),
    ),
    Endpoint("tokens_create", "post", lambda w: "/api/v1/tokens/", lambda w: {"name": "bot"}),
    Endpoint("tokens_destroy", "delete", lambda w: f"/api/v1/tokens/{w.token_id}/", None),
    Endpoint(
        "collection_add",
        "post",
        lambda w: "/api/v1/collection/",
        lambda w: {"card": "Tupdog", "count": 2, "set": "LoB", "language": "en", "note": "mint"},
    ),
    Endpoint(
        "collection_remove",
        "post",
        lambda w: "/api/v1/collection/remove/",
        lambda w: _owning(w, {"card": "Tupdog", "count": 1, "set": "LoB", "language": ""}),
    ),
    Endpoint(
        "collection_import",
        "post",
        lambda w: "/api/v1/collection/import/",
        lambda w: {"data": "Quantity,Card ID\n2,201393\n", "format": "vdb-csv", "replace": False},
        ("application/json", "application/x-www-form-urlencoded", "multipart/form-data"),
    ),
    Endpoint("collection_share", "post", lambda w: "/api/v1/collection/share/", lambda w: {"shared": True}),
    Endpoint(
        "collection_planner", "post", lambda w: "/api/v1/collection/planner/", lambda w: {"decks": [w.private_deck]}
    ),
    Endpoint(
        "collection_wishlist_add",
        "post",
        lambda w: "/api/v1/collection/wishlist/",
        lambda w: {"cards": [{"card": "Tupdog", "count": 2}]},
    ),
    Endpoint("collection_wishlist_remove", "delete", lambda w: f"/api/v1/collection/wishlist/{_wishing(w)}/", None),
    Endpoint(
        "collection_deck_mode",
        "put",
        lambda w: f"/api/v1/decks/{w.private_deck}/build-mode/",
        lambda w: {"mode": "fixed"},
    ),
    Endpoint("formats_create", "post", lambda w: "/api/v1/formats/", lambda w: {"name": "Duel", "library_min": 40}),
    Endpoint("formats_update", "put", lambda w: f"/api/v1/formats/{_format(w)}/", lambda w: {"name": "Duel"}),
    Endpoint(
        "formats_partial_update", "patch", lambda w: f"/api/v1/formats/{_format(w)}/", lambda w: {"library_max": 60}
    ),
    Endpoint("formats_destroy", "delete", lambda w: f"/api/v1/formats/{_format(w)}/", None),
    Endpoint("events_create", "post", lambda w: "/api/v1/events/", lambda w: {"name": "Cup", "date": "2026-12-05"}),
    Endpoint(
        "events_partial_update", "patch", lambda w: f"/api/v1/events/{_event(w, 'new')}/", lambda w: {"name": "Cup"}
    ),
    Endpoint("events_destroy", "delete", lambda w: f"/api/v1/events/{_event(w, 'new')}/", None),
    Endpoint("events_join", "post", lambda w: f"/api/v1/events/join/{_joinable(w)}/", lambda w: {"name": "Carol"}),
    Endpoint(
        "events_players_create",
        "post",
        lambda w: f"/api/v1/events/{_event(w, 'new')}/players/",
        lambda w: {"name": "Dan", "vekn": "1234567"},
    ),
    Endpoint(
        "events_players_drop", "post", lambda w: f"/api/v1/events/{_event(w, 'registered')}/players/1/drop/", None
    ),
    Endpoint(
        "events_decklist_update",
        "put",
        lambda w: f"/api/v1/events/{_event(w, 'registered')}/players/1/decklist/",
        lambda w: {"text": GARGOYLES},
    ),
    Endpoint("events_start", "post", lambda w: f"/api/v1/events/{_event(w, 'registered')}/start/", None),
    Endpoint("events_rounds_create", "post", lambda w: f"/api/v1/events/{_event(w, 'started')}/rounds/", None),
    Endpoint(
        "events_rounds_move",
        "post",
        lambda w: f"/api/v1/events/{_event(w, 'seated')}/rounds/1/moves/",
        lambda w: {"players": [1, 2]},
    ),
    Endpoint(
        "events_tables_score",
        "put",
        lambda w: f"/api/v1/events/{_event(w, 'seated')}/rounds/1/tables/1/score/",
        lambda w: {"vps": [1.5, 0, 0.5, 0.5, 0.5]},
    ),
    Endpoint(
        "events_deck_checks_create",
        "post",
        lambda w: f"/api/v1/events/{_event(w, 'seated')}/rounds/1/deck-checks/",
        lambda w: {"player": 1, "counted": {"Crypt": 12}},
    ),
    Endpoint("events_finish", "post", lambda w: f"/api/v1/events/{_event(w, 'played', final=False)}/finish/", None),
    Endpoint("events_finals_create", "post", lambda w: f"/api/v1/events/{_event(w, 'played')}/finals/", None),
    Endpoint(
        "events_finals_place",
        "post",
        lambda w: f"/api/v1/events/{_event(w, 'final')}/finals/place/",
        lambda w: {"player": _last_qualifier(w), "index": 0},
    ),
]
BY_OPERATION = {endpoint.operation: endpoint for endpoint in ENDPOINTS}
WITH_BODY = [endpoint for endpoint in ENDPOINTS if endpoint.body is not None]


def _schema_write_operations() -> dict[str, dict]:
    """Every POST, PUT, PATCH and DELETE of the published schema: operation id → its fields (the JSON
    body's properties)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    found = {}
    for path_item in schema["paths"].values():
        for method, operation in path_item.items():
            if method not in ("post", "put", "patch", "delete"):
                continue
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            if "$ref" in body:
                body = components[body["$ref"].rsplit("/", 1)[1]]
            found[operation["operationId"]] = body.get("properties", {})
    return found


SCHEMA_OPERATIONS = _schema_write_operations()
# Every field of every JSON body, and the fields inside the card lists' entries.
FIELDS = [
    (operation, field)
    for operation, properties in SCHEMA_OPERATIONS.items()
    if operation in BY_OPERATION
    for field in [
        *properties,
        *(f"{part}[0].{key}" for part in ("crypt", "library") if part in properties for key in ("id", "count")),
    ]
]

# --- what is stored, and the answers --------------------------------------------------------------


def stored(world: World) -> tuple:
    """Everything a write endpoint could change, to compare before and after a refused request."""
    return (
        list(Deck.objects.order_by("id").values_list("id", "version", "name", "description", "visibility")),
        Revision.objects.count(),
        list(Simulation.objects.order_by("id").values_list("id", "status")),
        list(ApiToken.objects.order_by("id").values_list("id", "name")),
        list(Entry.objects.order_by("id").values_list("id", "count", "set", "language", "note")),
        Event.objects.count(),
        list(Share.objects.values_list("token", flat=True)),
        list(DeckBuild.objects.values_list("deck_id", "mode")),
        list(WishlistEntry.objects.order_by("id").values_list("id", "card_id", "count")),
        list(events.Event.objects.order_by("id").values_list("id", "name", "stage", "registration_open")),
        list(events.Player.objects.order_by("id").values_list("id", "name", "vekn", "status")),
        list(events.Decklist.objects.order_by("id").values_list("id", "checksum", "locked")),
        list(events.Table.objects.order_by("id").values_list("id", "seats", "vps", "locked")),
        list(events.Round.objects.order_by("id").values_list("id", "finals_setup")),
        events.DeckCheck.objects.count(),
        events.LogEntry.objects.count(),
    )


def client_for(world: World | None) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Token {world.token}") if world is not None else Client()


def send(world: World, endpoint: Endpoint, data: bytes | str, content_type: str | None, *, as_carol=True):
    """The answer to ``data``, sent in a savepoint rolled back afterwards; and whether stored rows changed."""
    client = client_for(world if as_carol else None)
    extra = {} if content_type is not None else {"CONTENT_TYPE": ""}
    path = endpoint.path(world)  # what it names made first (outside the savepoint), as the bodies' are
    with transaction.atomic():
        cache.clear()  # no throttle counts from the requests before
        before = stored(world)
        response = client.generic(endpoint.method.upper(), path, data, content_type=content_type or "", **extra)
        changed = stored(world) != before
        transaction.set_rollback(True)
    return response, changed


def refused_cleanly(response, changed: bool, statuses: set[int] | None = None) -> dict:
    """A 4xx (one of ``statuses`` when given) in the error shape, with nothing stored."""
    body = response.content.decode(errors="replace")[:1000]
    assert 400 <= response.status_code < 500, (response.status_code, body)
    if statuses is not None:
        assert response.status_code in statuses, (response.status_code, body)
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    error = response.json()
    assert isinstance(error, dict) and isinstance(error.get("detail"), str) and error["detail"], error
    assert error.get("code") in ERROR_CODES, error
    assert set(error) <= {"detail", "code", "errors"}, error
    if "errors" in error:
        errors = error["errors"]
        assert isinstance(errors, dict) and errors, error
        assert all(isinstance(m, list) and all(isinstance(s, str) for s in m) for m in errors.values()), error
    assert not changed, "a refused request changed stored rows"
    return error


def answered(response, changed: bool) -> None:
    """Any input: a 2xx, or a clean refusal. Never a 5xx."""
    if response.status_code < 400:
        assert response.status_code < 300, response.status_code
        if response.status_code != 204:
            response.json()
        return
    refused_cleanly(response, changed)


def as_json(body) -> bytes:
    """``body`` as JSON, with each ``Raw`` literal written as it is."""
    literals: list[str] = []

    def placeholder(value):
        if not isinstance(value, Raw):
            raise TypeError(value)
        literals.append(value.text)
        return f"\x01raw{len(literals) - 1}\x01"

    text = json.dumps(body, default=placeholder)
    for number, literal in enumerate(literals):
        text = text.replace(json.dumps(f"\x01raw{number}\x01"), literal)
    return text.encode()


# --- the list of endpoints is the schema's --------------------------------------------------------


def test_every_write_operation_of_the_schema_is_fuzzed():
    assert set(SCHEMA_OPERATIONS) == set(BY_OPERATION)


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=str)
def test_the_valid_request_is_accepted(world, endpoint):
    """The baseline the fuzzing starts from: each endpoint's valid request is a 2xx (so the refusals below
    come from the damage done to it)."""
    body = as_json(endpoint.body(world)) if endpoint.body else b""
    response, _changed = send(world, endpoint, body, "application/json")
    assert 200 <= response.status_code < 300, response.content[:1000]


# --- size -----------------------------------------------------------------------------------------


def oversize_body() -> bytes:
    return b'{"text": "' + b"x" * OVERSIZE + b'"}'


OVERSIZE_BODIES = {
    "application/json": oversize_body,
    "application/x-www-form-urlencoded": lambda: b"text=" + b"x" * OVERSIZE,
    "multipart/form-data": lambda: (
        b'--B\r\nContent-Disposition: form-data; name="file"; filename="deck.txt"\r\n\r\n'
        + b"1x Tupdog\n" * (OVERSIZE // 10)
        + b"\r\n--B--\r\n"
    ),
}


@pytest.mark.parametrize(
    "endpoint, media_type", [(e, m) for e in WITH_BODY for m in e.media_types], ids=lambda value: str(value)
)
def test_a_body_over_the_size_limit_is_a_413_or_400(world, endpoint, media_type):
    content_type = media_type + ("; boundary=B" if media_type.startswith("multipart/") else "")
    response, changed = send(world, endpoint, OVERSIZE_BODIES[media_type](), content_type)
    refused_cleanly(response, changed, {400, 413})


@pytest.mark.parametrize("endpoint", [e for e in ENDPOINTS if e.body is None], ids=str)
def test_an_oversize_body_where_none_is_read_is_refused_or_ignored(world, endpoint):
    """Unread, it costs nothing: a refusal (413 or 400) or the answer without it, never a 5xx."""
    response, changed = send(world, endpoint, oversize_body(), "application/json")
    if response.status_code >= 400:
        refused_cleanly(response, changed, {400, 413})
    else:
        assert 200 <= response.status_code < 300


# --- media types ----------------------------------------------------------------------------------

WRONG_MEDIA = {
    "text/plain": lambda body: GARGOYLES.encode(),
    "application/xml": lambda body: b"<deck><name>Rock</name></deck>",
    "multipart/form-data; boundary=B": lambda body: (
        b'--B\r\nContent-Disposition: form-data; name="text"\r\n\r\n' + GARGOYLES.encode() + b"\r\n--B--\r\n"
    ),
    "application/x-www-form-urlencoded": lambda body: b"text=Crypt%0A12x+Tupdog",
}


@pytest.mark.parametrize(
    "endpoint, media_type",
    [(e, m) for e in WITH_BODY for m in WRONG_MEDIA if m.split(";")[0] not in e.media_types],
    ids=lambda value: str(value).split(";")[0],
)
def test_a_body_in_a_media_type_the_endpoint_does_not_read_is_a_415(world, endpoint, media_type):
    response, changed = send(world, endpoint, WRONG_MEDIA[media_type](endpoint.body(world)), media_type)
    refused_cleanly(response, changed, {415})


@pytest.mark.parametrize("endpoint", WITH_BODY, ids=str)
def test_a_body_without_a_media_type_is_refused(world, endpoint):
    response, changed = send(world, endpoint, as_json(endpoint.body(world)), None)
    refused_cleanly(response, changed, {400, 415})


# --- malformed JSON -------------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", WITH_BODY, ids=str)
@pytest.mark.parametrize("where", ["whole body", "inside a field"])
def test_json_nested_ten_thousand_deep_is_a_400(world, endpoint, where):
    nested = "[" * DEEP + "]" * DEEP
    body = nested if where == "whole body" else '{"text": ' + nested + ', "name": ' + nested + "}"
    response, changed = send(world, endpoint, body.encode(), "application/json")
    refused_cleanly(response, changed, {400})


@pytest.mark.parametrize("endpoint", WITH_BODY, ids=str)
@pytest.mark.parametrize(
    "body",
    [
        b'{"text": "\xff\xfe\xfa"}',
        b"\xc3\x28",
        b'{"text": "Crypt\n12x Tupdog',
        b'{"text": "Tupdog\x00"}',
        b"\x00",
        b"null",
        b"[]",
        b'"text"',
        b"NaN",
        b"1" + b"0" * 5000,
    ],
    ids=[
        "invalid UTF-8 in a string",
        "invalid UTF-8",
        "cut off",
        "a raw NUL in a string",
        "a NUL byte",
        "null",
        "a list",
        "a string",
        "NaN",
        "a 5001-digit number",
    ],
)
def test_a_body_that_is_no_json_object_is_a_400(world, endpoint, body):
    response, changed = send(world, endpoint, body, "application/json")
    refused_cleanly(response, changed, {400})


@pytest.mark.parametrize(
    "operation, field", [*FIELDS, *((o, f.replace(".id", ".name")) for o, f in FIELDS if f.endswith("[0].id"))], ids=str
)
def test_a_lone_surrogate_in_any_field_is_a_400_naming_it(world, operation, field):
    """JSON's ``"\\ud800"`` escape, a lone surrogate once parsed, which no answer (nor the database) can hold:
    refused by the parser wherever it is, before a field could quote it back in a message (a 500)."""
    endpoint = BY_OPERATION[operation]
    body = as_json(_with(endpoint.body(world), field, "Tupdog\ud800"))
    response, changed = send(world, endpoint, body, "application/json")
    refusal = refused_cleanly(response, changed, {400})
    assert refusal["errors"] == {field: ["Surrogate characters are not allowed: U+D800."]}


@pytest.mark.parametrize("endpoint", WITH_BODY, ids=str)
def test_an_empty_body_is_no_fields_at_all(world, endpoint):
    """A 400 naming what is missing, or (where every field is optional) the defaults' answer."""
    response, changed = send(world, endpoint, b"", "application/json")
    answered(response, changed)


# --- every field, every wrong type ----------------------------------------------------------------

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([10**100, -(10**100), 2**63, 2**64, -1, 0, 1.5, 1e308, -1e308, 5e-324]),
    st.text(max_size=30),
    st.sampled_from(["\x00", "Tupdog\x00", SQL, HTML, "1e9", "-1", "", " ", "2024-02-30", "9" * 400]),
)


@dataclass(frozen=True)
class Raw:
    """A JSON literal Python's json module would not write: a number past float range, 5,000 digits, NaN."""

    text: str


raw_literals = st.sampled_from([Raw("1e400"), Raw("-1e400"), Raw("1" + "0" * 5000), Raw("NaN"), Raw("-Infinity")])
json_values = st.recursive(
    json_scalars | raw_literals,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


def _with(body: dict, field: str, value) -> dict:
    """``body`` with ``field`` (or ``crypt[0].count``: a key of a list's first entry) set to ``value``."""
    body = dict(body)
    if "[0]." in field:
        part, key = field.split("[0].")
        entry = {"id": 200001, "count": 12}  # Tupdog
        entry[key] = value
        body.pop("text", None)
        body[part] = [entry]
        body.setdefault("library" if part == "crypt" else "crypt", [{"id": 200001, "count": 12}])
    else:
        body[field] = value
    return body


@pytest.mark.parametrize("operation, field", FIELDS, ids=[f"{o}-{f}" for o, f in FIELDS])
@FUZZ
@given(value=json_values)
def test_any_json_value_in_any_field_is_answered_or_refused_cleanly(world, operation, field, value):
    endpoint = BY_OPERATION[operation]
    response, changed = send(world, endpoint, as_json(_with(endpoint.body(world), field, value)), "application/json")
    answered(response, changed)


@pytest.mark.parametrize("endpoint", WITH_BODY, ids=str)
@FUZZ
@given(body=json_values)
def test_any_json_value_as_the_whole_body_is_answered_or_refused_cleanly(world, endpoint, body):
    response, changed = send(world, endpoint, as_json(body), "application/json")
    answered(response, changed)


@pytest.mark.parametrize("endpoint", [e for e in ENDPOINTS if e.body is None], ids=str)
@FUZZ
@given(body=json_values)
def test_endpoints_without_a_body_ignore_or_refuse_any_body(world, endpoint, body):
    response, changed = send(world, endpoint, as_json(body), "application/json")
    answered(response, changed)


UPLOADS = [e for e in WITH_BODY if "multipart/form-data" in e.media_types]


@pytest.mark.parametrize("endpoint", UPLOADS, ids=str)
@FUZZ
@given(
    data=st.binary(max_size=300)
    | st.sampled_from(
        [b"\x00" * 50, b"\xff\xfe" + "Tupdog".encode("utf-16-le"), b"PK\x03\x04" + b"\x00" * 40, b"1x Tupdog\x00\n"]
    )
)
def test_any_bytes_uploaded_as_a_decklist_file_are_answered_or_refused_cleanly(world, endpoint, data):
    body = b'--B\r\nContent-Disposition: form-data; name="file"; filename="deck.txt"\r\n\r\n' + data + b"\r\n--B--\r\n"
    response, changed = send(world, endpoint, body, "multipart/form-data; boundary=B")
    answered(response, changed)


@pytest.mark.parametrize("endpoint", UPLOADS, ids=str)
@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_sent_as_a_forms_text_are_answered_or_refused_cleanly(world, endpoint, data):
    response, changed = send(
        world, endpoint, b"text=" + quote_from_bytes(data).encode(), "application/x-www-form-urlencoded"
    )
    answered(response, changed)


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=str)
def test_without_a_login_writes_are_refused_or_anonymous(world, endpoint):
    """Anonymous clients may check decklists, start simulations and log in; the rest is a 4xx."""
    body = as_json(endpoint.body(world)) if endpoint.body else b""
    response, changed = send(world, endpoint, body, "application/json", as_carol=False)
    if endpoint.operation.startswith(("decklists_", "token_create", "simulations_create")):
        assert response.status_code < 300, response.content[:500]
    else:
        refused_cleanly(response, changed, {401, 403, 404})


# --- SQL and HTML: stored and answered verbatim, escaped on the page ------------------------------


@pytest.mark.parametrize("hostile", [SQL, HTML])
def test_sql_and_html_in_a_decks_text_fields_are_stored_and_returned_verbatim(world, client, hostile):
    text = f"{GARGOYLES}1x {hostile}\n"
    body = {"name": hostile, "description": hostile, "visibility": "public", "tags": [hostile], "text": text}
    response = client_for(world).post("/api/v1/decks/", body, content_type="application/json")
    assert response.status_code == 201, response.content[:1000]
    deck = response.json()
    assert deck["name"] == hostile and deck["description"] == hostile
    assert any(hostile in line["text"] for line in deck["unresolved"])
    stored_deck = Deck.objects.get(pk=deck["id"])
    assert (stored_deck.name, stored_deck.description) == (hostile, hostile)
    again = client_for(world).get(f"/api/v1/decks/{deck['id']}/").json()
    assert again["name"] == hostile and again["description"] == hostile
    page = client.get(f"/decks/{deck['id']}/").content.decode()
    assert HTML not in page
    if hostile == HTML:
        assert ESCAPED_HTML in page


@pytest.mark.parametrize("hostile", [SQL, HTML])
def test_sql_and_html_in_a_deck_change_are_stored_and_returned_verbatim(world, client, hostile):
    body = {"version": _version(world), "name": hostile, "description": hostile, "visibility": "public"}
    response = client_for(world).patch(f"/api/v1/decks/{world.private_deck}/", body, content_type="application/json")
    assert response.status_code == 200, response.content[:1000]
    assert response.json()["name"] == hostile and response.json()["description"] == hostile
    assert Deck.objects.get(pk=world.private_deck).name == hostile
    page = client.get(f"/decks/{world.private_deck}/").content.decode()
    assert HTML not in page
    if hostile == HTML:
        assert ESCAPED_HTML in page


@pytest.mark.parametrize("operation", ["decklists_validate", "decklists_parse", "simulations_create"])
@pytest.mark.parametrize("hostile", [SQL, HTML])
def test_sql_and_html_in_a_decklist_come_back_verbatim_as_json(world, operation, hostile):
    endpoint = BY_OPERATION[operation]
    body = {"text": f"Deck Name: {hostile}\n{GARGOYLES}1x {hostile}\n", "hands": 1000}
    if operation != "simulations_create":
        del body["hands"]
    response, _changed = send(world, endpoint, as_json(body), "application/json")
    assert 200 <= response.status_code < 300, response.content[:1000]
    assert response["Content-Type"].startswith("application/json")
    assert hostile in json.loads(response.content.decode()).__repr__() or hostile in response.json().get(
        "deck_name", ""
    )


@pytest.mark.parametrize("hostile", [SQL, HTML])
def test_sql_and_html_in_a_token_name_are_stored_verbatim(world, hostile):
    response = client_for(world).post("/api/v1/tokens/", {"name": hostile}, content_type="application/json")
    assert response.status_code == 201, response.content[:1000]
    assert response.json()["name"] == hostile
    assert ApiToken.objects.filter(user=world.user, name=hostile).exists()


@pytest.mark.parametrize("hostile", [SQL, HTML])
def test_sql_and_html_as_a_user_name_are_a_wrong_login(world, hostile):
    response, changed = send(
        world,
        BY_OPERATION["token_create"],
        as_json({"username": hostile, "password": hostile}),
        "application/json",
        as_carol=False,
    )
    refused_cleanly(response, changed, {400})
