"""GET /api/v1/cards/?twda=never|seen: cards in no winning deck of the tournament archive, or in at least one."""

from __future__ import annotations

import datetime

import pytest
import yaml

from cards.models import Card
from twda.models import TournamentCard, TournamentDeck

pytestmark = pytest.mark.django_db
LIST = "/api/v1/cards/"


def card_id(unique_name: str) -> int:
    return Card.objects.get(unique_name=unique_name).id


def get(client, **params):
    return client.get(LIST, params, HTTP_ACCEPT="application/json")


def ids(client, **params) -> list[int]:
    response = get(client, page_size=500, **params)
    assert response.status_code == 200, response.content
    body = response.json()
    found = [row["id"] for row in body["results"]]
    while body["next"]:
        body = client.get(body["next"], HTTP_ACCEPT="application/json").json()
        found += [row["id"] for row in body["results"]]
    assert len(found) == response.json()["count"]
    return found


@pytest.fixture
def archive():
    for ident, cards in {"a": {"Govern the Unaligned": 4, "Deflection": 2}, "b": {"Deflection": 1}}.items():
        deck = TournamentDeck.objects.create(id=ident, date=datetime.date(2020, 1, 1), text=ident, digest=ident)
        for position, (name, count) in enumerate(cards.items()):
            TournamentCard.objects.create(deck=deck, card_id=card_id(name), count=count, position=position)


def test_seen_gives_exactly_the_cards_in_some_winning_deck(client, archive):
    assert sorted(ids(client, twda="seen")) == sorted([card_id("Deflection"), card_id("Govern the Unaligned")])


def test_never_gives_every_other_card(client, archive):
    never = set(ids(client, twda="never"))
    assert len(never) == Card.objects.count() - 2
    assert card_id("Deflection") not in never and card_id("Govern the Unaligned") not in never
    assert card_id("Alan Sovereign") in never


def test_the_filter_combines_with_the_others(client, archive):
    assert ids(client, twda="seen", kind="crypt") == []
    assert ids(client, twda="seen", q="deflection") == [card_id("Deflection")]
    assert ids(client, twda="never", q="deflection") == []


def test_an_unknown_value_is_a_400_naming_the_parameter(client, archive):
    response = get(client, twda="sometimes")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["twda"]


@pytest.mark.parametrize("value", ["never", "seen"])
def test_without_an_archive_it_says_so_instead_of_answering_every_or_no_card(client, value):
    response = get(client, twda=value)
    assert response.status_code == 400
    message = "The tournament archive is not imported yet, so no card can be said to be in or out of it."
    assert response.json() == {
        "detail": f"Invalid value for twda: {message}",
        "code": "invalid",
        "errors": {"twda": [message]},
    }
    assert len(ids(client)) == Card.objects.count()  # no filter, no archive needed


def test_the_schema_documents_the_filter(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    parameters = {p["name"]: p for p in schema["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    assert parameters["twda"]["schema"] == {"type": "string", "enum": ["seen", "never"]}
    assert "never" in parameters["twda"]["description"]
