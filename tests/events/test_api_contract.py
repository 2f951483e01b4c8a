"""/api/v1/events/ keeps to the schema it publishes (schemathesis, in-process over WSGI), on events that exist.

tests/api/test_contract.py checks every operation of the API, but its world holds no event: there the
events' operations can only answer 404. Here carol organises two events (one open for registration, one
started with its first round seated, a deck check recorded), and half the time the path names them, their
players, round, tables and check, the request carries carol's token and the body what the write needs
(valid and invalid requests otherwise, as schemathesis generates them). Checked as there: never a 5xx,
only documented status codes and content types, bodies as documented. Each request runs in a savepoint
rolled back afterwards.
"""

from __future__ import annotations

import re
import zlib

import hypothesis
import pytest
import schemathesis
from django.conf import settings
from django.contrib.auth import get_user_model
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
from schemathesis.generation.meta import TestPhase

from accounts.models import ApiToken
from events import services
from events.models import Event
from tests.conftest import ensure_cards
from vtesdeck.openapi_examples import ROCK_DROP
from vtesdeck.wsgi import application

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles", "unthrottled")]

EXAMPLES = 15
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
CONFIG = schemathesis.Config.from_dict(
    {
        "seed": 20261130,
        "generation": {"mode": "all", "max-examples": EXAMPLES, "deterministic": True},
        "phases": {"coverage": {"enabled": True}, "stateful": {"enabled": False}},
    }
)

with override_settings(
    REST_FRAMEWORK={
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": None, "user": None},
    }
):
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=CONFIG).include(
        path_regex="^/api/v1/events/"
    )

WELL_FORMED = re.compile(r"^[0-9a-z]{1,40}$")  # an id or a number as the URLs match them

# What the running test's database holds: a path parameter's real values, and carol's token.
EXISTING: dict[str, object] = {}

BODIES = {
    "events_create": {"name": "Cup", "date": "2025-06-14"},
    "events_partial_update": {"rounds": 4, "location": "Lyon"},
    "events_join": {},
    "events_players_create": {"name": "Zed"},
    "events_decklist_update": {"text": ROCK_DROP, "reason": "a typo fixed"},
    "events_rounds_move": {"players": [1, 2], "reason": "same club"},
    "events_tables_score": {"vps": [5, 0, 0, 0, 0], "lock": True},
    "events_deck_checks_create": {"player": 1, "counted": {"Crypt": 12, "Master": 10, "Action": 30, "Combat": 20}},
    "events_finals_place": {"player": 1, "index": 0},
}


@pytest.fixture
def existing(quick_seating):
    """carol's events: "open" (registration, two players) and "running" (five players, round 1 seated)."""
    ensure_cards()
    carol = get_user_model().objects.create_user("carol", password="not-a-real-password-42")
    _token, key = ApiToken.objects.issue(carol, name="contract tests")
    running = services.create_event(carol, name="Running", date="2025-06-14")
    opened = services.create_event(carol, name="Open", date="2025-06-14")
    for number in range(1, 6):
        player = services.register(running, by=carol, name=f"Player {number}")
        services.submit_list(player, by=carol, text=ROCK_DROP)
    for number in range(1, 3):
        services.register(opened, by=carol, name=f"Player {number}")
    services.start(running, carol)
    round_ = services.seat_next_round(Event.objects.get(pk=running.pk), carol)
    check = services.record_deck_check(round_, running.players.get(number=1), carol, {"Crypt": 12})
    EXISTING.update(
        auth={"Authorization": f"Token {key}"},
        event_id=[running.pk, opened.pk],
        token=[opened.token],
        number=[1, 2, 5],
        round_number=[1],
        table_number=[1],
        check_id=[check.pk],
    )
    yield EXISTING
    EXISTING.clear()


def _real_values(name: str, path_parameters: dict) -> list:
    """The values of a path parameter that exist; below an event, the started one (the open one has no
    rounds)."""
    values = EXISTING[name]
    assert isinstance(values, list)
    return values[:1] if name == "event_id" and len(path_parameters) > 1 else values


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    """Half the time, values that exist (for each parameter of the path)."""
    if not path_parameters or not EXISTING:
        return st.just(path_parameters)
    real = st.fixed_dictionaries(
        {
            name: st.sampled_from(_real_values(name, path_parameters)) if name in EXISTING else st.just(value)
            for name, value in path_parameters.items()
        }
    )
    return st.one_of(real, st.just(path_parameters))


@schema.hook
def flatmap_body(context, body):
    """Half the time, a body with what the write needs to go through."""
    needed = BODIES.get(context.operation.definition.raw.get("operationId", ""))
    if needed is None or not EXISTING:
        return st.just(body)
    return st.one_of(st.just(needed), st.just(body))


@schema.hook
def flatmap_headers(context, headers):
    """Half the time, carol's API token; else anonymous (or whatever credentials were generated)."""
    if not EXISTING:
        return st.just(headers)
    return st.one_of(st.just({**(headers or {}), **EXISTING["auth"]}), st.just(headers))


@pytest.fixture(autouse=True)
def connection_kept_across_requests():
    """The bare WSGI application closes the database connection after each request, which would end the test's
    transaction (as tests/api/test_contract.py explains)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _aimed(case) -> None:
    """The coverage phase's requests (which the hooks above do not see) made with carol's token unless they
    carry credentials of their own, and with real ids where theirs are well formed but name nothing: so its
    boundary bodies reach the views' checks rather than stopping at a 404."""
    if "authorization" not in {name.lower() for name in case.headers or {}}:
        case.headers = {**(case.headers or {}), **EXISTING["auth"]}
    for name, value in list((case.path_parameters or {}).items()):
        values = _real_values(name, case.path_parameters) if name in EXISTING else None
        if values and WELL_FORMED.match(str(value)) and value not in values:
            case.path_parameters[name] = values[zlib.crc32(str(value).encode()) % len(values)]


@schema.parametrize()
@hypothesis.settings(derandomize=True, deadline=None, database=None, suppress_health_check=list(hypothesis.HealthCheck))
def test_every_events_operation_keeps_to_its_contract(case, existing):
    if case.meta is not None and case.meta.phase.name == TestPhase.COVERAGE:
        _aimed(case)
    with transaction.atomic():
        cache.clear()
        case.call_and_validate(checks=CHECKS)
        transaction.set_rollback(True)


def test_the_events_operations_are_all_covered():
    operations = {result.ok().definition.raw["operationId"] for result in schema.get_all_operations()}
    assert len(operations) == 26 and all(name.startswith("events_") for name in operations)
