"""Swagger UI's "Try it out" works on the first click: every example the OpenAPI schema gives (request
bodies and parameters) is sent, as it stands, to its operation, which must answer 2xx. Only what no example
can know is filled in: the id of one of your own decks in the path, and your own login."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks import services
from formats.models import CustomFormat
from tests.paths import TWDA
from vtesdeck import openapi_examples

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

# Path parameters that name something of the caller's: no example can hold them.
YOURS = {
    "decks": "deck",
    "simulations": "simulation",
    "tokens": "token",
    "archetypes": "archetype",
    "formats": "format",
    "wishlist": "card you wish for",
    "shared": "share link's token",
    "history": "change of your collection",
    "events": "event you run or play in",
    "join": "event's registration link",
}
# An event's operations need the event in a given stage (registration open, a round seated, the final being
# seated...) and players of given numbers, which an example's values cannot make: they are not sent here.
# tests/events/test_api.py sends bodies of the same shapes to a real event at each stage, and
# tests/events/test_api_contract.py checks every answer against the schema.
STAGED = re.compile(r"^/api/v1/events/(?:join/)?\{")


@pytest.fixture
def schema(client) -> dict:
    return client.get("/api/schema/", {"format": "json"}).json()


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password="not-a-real-password-42")


@pytest.fixture
def archive(tmp_path):
    """The archive's deck the examples name, imported."""
    source = TWDA / f"{openapi_examples.ARCHIVE_DECK}.txt"
    if not source.is_file():
        pytest.skip(f"the TWDA decklist {source} is not here")
    folder = tmp_path / "twda"
    folder.mkdir()
    shutil.copy(source, folder)
    from twda import services as twda_services

    assert not twda_services.import_archive(str(folder)).skipped


def operations(schema: dict):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                yield path, method, operation


def examples(operation: dict) -> dict[str, dict]:
    content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    return content.get("examples", {})


def test_every_operation_with_a_json_body_has_an_example(schema):
    missing = [op["operationId"] for _, _, op in operations(schema) if "requestBody" in op and not examples(op)]
    assert not missing, f"no request example: {missing}"


def test_every_required_parameter_has_an_example_unless_it_is_yours(schema):
    missing = []
    for path, _, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter.get("required") and "example" not in parameter:
                owner = re.search(r"/api/v1/(?:twda/|collection/|events/)?(\w+)/\{", path)
                if not (parameter["in"] == "path" and owner and owner.group(1) in YOURS):
                    missing.append(f"{operation['operationId']}: {parameter['name']}")
    assert not missing, f"required parameters without an example: {missing}"


def test_every_example_works_as_it_stands(schema, alice, archive, idle_queue):
    # idle_queue: the simulation the example starts waits in a queue of this test's own, which no worker reads.
    as_alice = APIClient()
    as_alice.force_login(alice)
    sent = 0
    for path, method, operation in operations(schema):
        if STAGED.match(path):
            continue
        parameters = {p["name"]: p for p in operation.get("parameters", [])}
        bodies = examples(operation) or (
            {"": {"value": None}} if any("example" in p for p in parameters.values()) else {}
        )
        for name, example in bodies.items():
            url = path
            for key, parameter in parameters.items():
                if parameter["in"] != "path":
                    continue
                value = parameter.get("example")
                if value is None and path.startswith("/api/v1/formats/"):
                    # One of your own saved formats, for the examples that change it.
                    value = CustomFormat.objects.create(owner=alice, name="Mine", data={}).id
                elif value is None:
                    # One of your own decks, fresh (version 1), for the examples that change it.
                    deck = services.create(alice, services.parse_text(openapi_examples.ROCK_DROP), name="Mine")
                    value = deck.id
                url = url.replace("{" + key + "}", str(value))
            query = {k: p["example"] for k, p in parameters.items() if p["in"] == "query" and "example" in p}
            if query:
                url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
            client = as_alice
            if operation["operationId"] == "token_create":
                # Your own login, which the example asks you to put in: here the example's own.
                login = example["value"]
                get_user_model().objects.create_user(login["username"], password=login["password"])
                client = APIClient()
            body = example["value"]
            response = getattr(client, method)(
                url, json.dumps(body) if body is not None else None, content_type="application/json"
            )
            assert 200 <= response.status_code < 300, (
                f"{operation['operationId']} example {name!r}: {response.status_code} {response.content[:500]!r}"
            )
            assert str(response.status_code) in operation["responses"]
            sent += 1
    assert sent >= len(openapi_examples.REQUEST_BODIES)


def test_the_decklist_example_is_a_legal_deck_without_warnings(client):
    report = client.post(
        "/api/v1/decklists/validate", {"text": openapi_examples.ROCK_DROP}, content_type="application/json"
    ).json()
    assert report["legal"] and not report["warnings"] and not report["unresolved"]
