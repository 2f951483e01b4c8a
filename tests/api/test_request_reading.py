"""The shortcuts that keep a cheap API request cheap read requests exactly as DRF's own code does: a decklist
holding a surrogate is refused with DRF's message, the request serializers' shared fields keep no state from
one request to the next, and the API's throttle counts by vtesdeck.throttling's rule (its clock is DRF's
``timer``)."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIRequestFactory

from decklists.api.serializers import ValidateRequestSerializer
from vtesdeck.api import AnonThrottle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

DECK = "Crypt\n12x Tupdog\nLibrary\n60x Govern the Unaligned\n"


def test_a_decklist_with_a_lone_surrogate_is_refused_with_drfs_message(client):
    body = json.dumps({"text": DECK + "\ud800"})  # JSON's \ud800 escape: a lone surrogate once parsed
    response = client.post("/api/v1/decklists/validate", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"text": ["Surrogate characters are not allowed: U+D800."]}


def test_a_decklist_without_surrogates_is_read_whole():
    serializer = ValidateRequestSerializer(data={"text": DECK + "Ŕ 日本 🦇"})
    assert serializer.is_valid(), serializer.errors
    assert serializer.validated_data["text"] == DECK + "Ŕ 日本 🦇"


def test_one_requests_bad_field_leaves_the_next_request_alone():
    bad = ValidateRequestSerializer(data={"text": DECK, "ruleset": "nonsense", "players": 0})
    assert not bad.is_valid() and set(bad.errors) == {"ruleset", "players"}
    good = ValidateRequestSerializer(data={"text": DECK, "players": 4})
    assert good.is_valid(), good.errors
    assert good.validated_data["players"] == 4 and "ruleset" in good.validated_data
    assert good.fields["players"] is not bad.fields["players"]


def throttle_at(moment: float, rate: str = "3/minute") -> tuple[bool, AnonThrottle]:
    throttle = AnonThrottle()
    throttle.rate = rate
    throttle.num_requests, throttle.duration = throttle.parse_rate(rate)
    throttle.timer = lambda: moment
    request = APIRequestFactory().get("/api/v1/sets/")
    request.user = None
    return throttle.allow_request(request, None), throttle


def test_a_clients_requests_count_until_their_slot_leaves_the_window():
    # 3 a minute, counted in slots of 6 s: the requests of 0-6 s count until 66 s, those of 6-12 s until 72 s.
    assert [throttle_at(t)[0] for t in (0, 10, 20, 30)] == [True, True, True, False]
    allowed, throttle = throttle_at(59.5)
    assert not allowed and throttle.wait() == pytest.approx(6.5)
    assert [throttle_at(t)[0] for t in (66, 66.5)] == [True, False]
    allowed, throttle = throttle_at(66.5)
    assert throttle.wait() == pytest.approx(5.5)
