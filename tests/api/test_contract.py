"""Every operation of /api/schema/ keeps to the schema it publishes (schemathesis, in-process over WSGI).

For each operation, valid and invalid requests are generated from the live schema, sent anonymously or
with carol's API token, and the answers checked: never a 5xx, only documented status codes, the documented
content type, and bodies matching the documented schema. Part of the time the path ids are carol's decks,
her job and token, real cards, sets and archive decks, and the bodies carry what a write needs to succeed
(the deck's version, a decklist, carol's password), so the success answers are checked too, not only the
refusals. Each request runs in a savepoint rolled back afterwards: a DELETE does not take the deck from
the next request.

Besides the generated requests (``EXAMPLES`` per operation, valid and invalid), schemathesis' coverage
phase sends its deterministic boundary cases: lengths and numbers at and past their limits, missing
required fields, wrong types, methods the path does not allow. About 2,600 requests; reproducible (a
fixed seed, derandomized).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import hypothesis
import pytest
import schemathesis
from django.conf import settings
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import override_settings
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from cards.models import Card, CardSet
from decks.models import Deck
from vtesdeck.wsgi import application

from .conftest import GARGOYLES, PASSWORD, World

EXAMPLES = 25
SEED = 20261123
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
CONFIG = schemathesis.Config.from_dict(
    {
        "seed": SEED,
        # Valid and invalid requests alike (schemathesis' positive and negative modes).
        "generation": {"mode": "all", "max-examples": EXAMPLES, "deterministic": True},
        # Examples from the schema, boundary values (coverage) and generated requests (fuzzing); no stateful runs.
        "phases": {"coverage": {"enabled": True}, "stateful": {"enabled": False}},
    }
)

# Loaded when the module is collected (pytest-django has set Django up; generating the schema reads no table).
# The throttles' counts live in a database table (vtesdeck.cache), which collection may not touch: they are
# off for this one request.
with override_settings(
    REST_FRAMEWORK={
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": None, "user": None},
    }
):
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=CONFIG)


@dataclass
class Existing:
    """What the running test's database holds, for the generation hooks below (set by `existing`)."""

    world: World | None = None
    ids: dict[str, list] = field(default_factory=dict)  # a path's first segments → real values of its id


EXISTING = Existing()


@pytest.fixture
def existing(world, archive_ids) -> World:
    EXISTING.world = world
    EXISTING.ids = {
        "/api/v1/decks/": world.deck_ids,
        "/api/v1/simulations/": [world.simulation],
        "/api/v1/tokens/": [world.token_id],
        "/api/v1/twda/": archive_ids,
        "/api/v1/cards/": list(Card.objects.order_by("id").values_list("id", flat=True)[::400]),
        "/api/v1/sets/": list(CardSet.objects.order_by("abbrev").values_list("abbrev", flat=True)[::10]),
    }
    yield world
    EXISTING.world, EXISTING.ids = None, {}


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    """Half the time, an id that exists (when the test has some for this path)."""
    if not path_parameters:
        return st.just(path_parameters)
    path = context.operation.path
    name = next(iter(path_parameters))
    values = next((found for prefix, found in EXISTING.ids.items() if path.startswith(prefix)), [])
    if not values:
        return st.just(path_parameters)
    real = st.sampled_from(values).map(lambda value: {**path_parameters, name: value})
    return st.one_of(real, st.just(path_parameters))


@schema.hook
def flatmap_body(context, body):
    """Half the time, a body with what the write needs to go through."""
    world = EXISTING.world
    if not isinstance(body, dict) or world is None:
        return st.just(body)
    operation = context.operation.definition.raw.get("operationId", "")
    if operation in ("decks_update", "decks_partial_update"):
        needed = {**body, "version": Deck.objects.get(pk=world.private_deck).version}
    elif operation == "decks_create":
        details = {key: value for key, value in body.items() if key in ("name", "description", "visibility", "tags")}
        needed = {**details, "text": GARGOYLES}
    elif operation.startswith("decklists_"):
        needed = {key: value for key, value in body.items() if key != "file"} | {"text": GARGOYLES}
    elif operation == "simulations_create":
        needed = {"deck": world.public_deck, "hands": 1000}
    elif operation == "token_create":
        needed = {**body, "username": world.user.username, "password": PASSWORD}
    else:
        return st.just(body)
    return st.one_of(st.just(needed), st.just(body))


@pytest.fixture(autouse=True)
def connection_kept_across_requests():
    """schemathesis calls the bare WSGI application, whose request signals close the database connection
    after each request (a file SQLite database or PostgreSQL really closes; the in-memory one ignores it),
    which would end the test's transaction mid-test. Django's test client unhooks them the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.hook
def flatmap_headers(context, headers):
    """Half the time, carol's API token; else anonymous (or whatever credentials were generated)."""
    world = EXISTING.world
    if world is None:
        return st.just(headers)
    return st.one_of(st.just({**(headers or {}), **world.auth}), st.just(headers))


@schema.parametrize()
@hypothesis.settings(derandomize=True, deadline=None, database=None, suppress_health_check=list(hypothesis.HealthCheck))
def test_every_operation_keeps_to_its_contract(case, existing):
    """No 5xx, only documented status codes and content types, bodies as documented."""
    with transaction.atomic():
        cache.clear()  # throttles count failed logins and bad tokens: each request starts afresh
        case.call_and_validate(checks=CHECKS)
        transaction.set_rollback(True)


@schema.include(operation_id="simulations_create").parametrize()
@hypothesis.settings(
    derandomize=True, deadline=None, database=None, max_examples=10, suppress_health_check=list(hypothesis.HealthCheck)
)
def test_starting_a_simulation_without_a_broker_keeps_to_the_contract(case, existing, broker_down):
    """The 503 (and the failed job it stores) is documented like the 202 is: here a 5xx is the contract, so
    `not_a_server_error` gives way to "503, never another 5xx"."""
    with transaction.atomic():
        cache.clear()
        documented = [check for check in CHECKS if check is not not_a_server_error]
        response = case.call_and_validate(checks=documented)
        assert response.status_code < 500 or response.status_code == 503, response.text[:500]
        transaction.set_rollback(True)


def test_the_contract_covers_every_operation_of_the_schema():
    """The operations tested above are all those the schema generator finds in the URL conf, so a new
    endpoint is tested without a change here (and one missing from the served schema fails)."""
    from drf_spectacular.generators import SchemaGenerator

    generated = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    expected = {(method.upper(), path) for path, item in generated.items() for method in item if method != "parameters"}
    tested = {(result.ok().method.upper(), result.ok().path) for result in schema.get_all_operations()}
    assert tested == expected
    assert len(tested) >= 29
