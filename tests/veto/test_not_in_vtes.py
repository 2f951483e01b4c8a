"""No Veto card enters VTES: with Veto card lists imported for the site and for a player, no VTES card search (the
/cards/ page, its autocomplete, the card API) nor the deck editor's search finds a Veto card. Veto cards live in
their lists (veto.models.CardList), never in the VTES card table."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from cards.models import Card
from decks import services as deck_services
from tests.veto.samples import EXAMPLE_CSV
from veto import services
from vtesdeck.core import veto
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.names import fold

pytestmark = pytest.mark.django_db

VETO_NAMES = sorted({card.name for card in veto.load_example()})
VETO_FOLDED = {fold(card.full_name) for card in veto.load_example()} | {fold(name) for name in VETO_NAMES}


@pytest.fixture
def veto_everywhere(veto_site_list, alice):
    services.import_list(EXAMPLE_CSV, alice)


@pytest.fixture
def alice_client(alice) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def is_veto(name: str) -> bool:
    return fold(html_lib.unescape(name)) in VETO_FOLDED


def test_the_vtes_card_table_holds_no_veto_card(veto_everywhere):
    assert Card.objects.count() > 4000  # the official list is there: the searches below search it
    assert not Card.objects.filter(name__in=VETO_NAMES).exists()


@pytest.mark.parametrize("name", VETO_NAMES)
def test_no_vtes_search_finds_a_veto_card(veto_everywhere, alice, alice_client, name):
    # The card page's search: its result rows.
    page = alice_client.get("/cards/", {"q": name}).content.decode()
    rows = re.findall(r'<th scope="row"><a href="/cards/\d+/">(.*?)</a>', page)
    assert not [row for row in rows if is_veto(row)]
    # Its autocomplete.
    suggested = alice_client.get("/cards/autocomplete", {"q": name}).json()["results"]
    assert not [entry for entry in suggested if is_veto(entry["name"])]
    # The card API: results, and the close matches of a query that finds nothing.
    body = alice_client.get("/api/v1/cards/", {"q": name}).json()
    found = [card["name"] for card in body["results"]] + [card["name"] for card in body.get("close_matches", [])]
    assert not [card for card in found if is_veto(card)]
    assert not [suggestion for suggestion in body.get("suggestions", []) if is_veto(suggestion)]


def test_the_deck_editor_search_finds_no_veto_card(veto_everywhere, alice, alice_client):
    deck = deck_services.create(alice, CoreDeck(), name="Szlachta")
    for name in VETO_NAMES:
        fragment = alice_client.get(f"/decks/{deck.id}/search", {"q": name}).content.decode()
        ids = [int(i) for i in re.findall(r'<li class="search-result[^"]*" data-card-id="(\d+)"', fragment)]
        assert not Card.objects.filter(pk__in=ids, name__in=VETO_NAMES).exists()
        shown = re.findall(r'<span class="result-name">(.*?)</span>', fragment, re.S)
        assert len(shown) == len(ids)  # the names read are the results' (a check that reads nothing proves nothing)
        assert not [text for text in shown if is_veto(text)], name
