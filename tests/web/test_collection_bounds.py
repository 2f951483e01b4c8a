"""The collection's bounds (issue 24, items 1 and 4): a shared collection read a page at a time and throttled per
address with its API twin; a replace (an import, a precon) kept as one change; a history that stays within its
bound and still sums to the collection; imports and wishes of thousands of cards in a few statements, whatever
their size; the buildable filters reading one total per card however many rows the collection holds of it.
(Their speed is measured by bench/attack24_collection.py; the races are tests/web/test_collection_races.py.)"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from cards import index
from collection import services, views
from collection.models import CardTotal, Entry, Event
from decks import services as deck_services
from decks.models import Deck
from tests.api.conftest import no_throttling  # noqa: F401 (a fixture)
from vtesdeck.core import collection as core

pytestmark = pytest.mark.django_db

PASSWORD = "not-a-real-password-42"
CARD_LINK = re.compile(r'href="/cards/\d+/"')


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)


def _card_ids() -> list[int]:
    return sorted(card.id for card in index.get())


def _rows(count: int, *, copies: int = 1) -> list[core.Line]:
    """``count`` distinct rows: every card, then every card again in another language, and so on."""
    ids = _card_ids()
    return [core.Line(card_id=ids[n % len(ids)], count=copies, language=f"l{n // len(ids)}") for n in range(count)]


def _as_json(lines: list[core.Line]) -> str:
    return json.dumps([{"id": line.card_id, "count": line.count, "language": line.language} for line in lines])


def _collection(user) -> dict[tuple[int, str, str], int]:
    return {(e.card_id, e.set, e.language): e.count for e in Entry.objects.filter(owner=user)}


def _rates(settings, **rates: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


# --- a shared collection -------------------------------------------------------------------------


def test_a_shared_collection_is_read_a_page_at_a_time(alice, client, fresh_throttles):
    services.add(alice, _rows(2 * views.PAGE_SIZE + 5, copies=2))
    link = services.share(alice, on=True).get_absolute_url()
    first = client.get(link).content.decode()
    assert len(CARD_LINK.findall(first)) == views.PAGE_SIZE
    assert f"{2 * (2 * views.PAGE_SIZE + 5)} cards" in first and "1 / 3" in first and "?page=2" in first
    last = client.get(link, {"page": 3}).content.decode()
    assert len(CARD_LINK.findall(last)) == 5 and "?page=2" in last
    # The API twin too: its pages are bounded whatever page_size is asked.
    token = link.rstrip("/").rsplit("/", 1)[1]
    answer = APIClient().get(f"/api/v1/collection/shared/{token}/", {"page_size": 100_000}).json()
    assert answer["count"] == 2 * views.PAGE_SIZE + 5 and len(answer["results"]) == 205 and answer["next"] is None


def test_a_shared_collection_is_throttled_per_address_with_its_api_in_one_count(
    alice, client, settings, fresh_throttles
):
    _rates(settings, shared_collection="3/minute")
    services.add(alice, _rows(3))
    link = services.share(alice, on=True).get_absolute_url()
    token = link.rstrip("/").rsplit("/", 1)[1]
    api = f"/api/v1/collection/shared/{token}/"
    assert client.get(link).status_code == 200
    assert client.get(api).status_code == 200
    assert client.get(link).status_code == 200
    refused = client.get(link)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many pages from your address" in refused.content.decode()
    assert client.get(api).status_code == 429
    # Its owner, logged in, reads their own collection as ever.
    client.force_login(alice)
    assert client.get(link).status_code == 200


# --- the history -----------------------------------------------------------------------------------


def test_a_replace_is_one_change_and_the_history_sums_to_the_collection(alice):
    services.add(alice, _rows(50, copies=3))
    file = _rows(300, copies=2)[20:]  # keeps 30 of the first 50 rows (with fewer copies), adds 250, drops 20
    assert services.import_file(alice, _as_json(file), format="json", replace=True) == 2 * 280
    assert _collection(alice) == {line.key: 2 for line in file}
    replace = Event.objects.filter(owner=alice).first()
    assert (replace.kind, replace.source, replace.rows, replace.copies) == ("replace", "json", 300, 2 * 280 - 3 * 50)
    assert Event.objects.filter(owner=alice).count() == 2
    assert services.history_total(alice) == _collection(alice)
    # Importing the same file again changes nothing: no new change in the history.
    services.import_file(alice, _as_json(file), format="json", replace=True)
    assert Event.objects.filter(owner=alice).count() == 2
    assert services.owned(alice) == core.totals_of(file)


def test_the_history_keeps_within_its_bound_and_still_sums_to_the_collection(alice, monkeypatch):
    monkeypatch.setattr(services, "MAX_EVENTS", 8)
    monkeypatch.setattr(services, "MAX_HISTORY_LINES", 60)
    ids = _card_ids()
    for number in range(40):
        services.add(alice, [core.Line(card_id=ids[number % 7], count=number + 1, set="Third")])
        if number % 3 == 0:
            services.remove(alice, core.Line(card_id=ids[number % 7], count=2, set="Third"))
        if number == 20:  # a large change among the small ones
            services.import_file(alice, _as_json(_rows(30)), format="json")
        newest = list(Event.objects.filter(owner=alice).values_list("pk", "lines")[:3])
        events = Event.objects.filter(owner=alice)
        assert events.count() <= 8 and sum(events.values_list("rows", flat=True)) <= 60 + 30
        assert services.history_total(alice) == _collection(alice), number
        assert list(Event.objects.filter(pk__in=[pk for pk, _ in newest]).values_list("pk", "lines")) == newest
    assert events.order_by("created", "pk").first().kind == Event.Kind.EARLIER


def test_the_history_page_names_the_cards_of_small_changes_and_counts_the_rows_of_large_ones(alice, client):
    services.add(alice, [core.Line(card_id=index.get().lookup("Tupdog").id, count=3, set="Gargoyles")])
    services.import_file(alice, _as_json(_rows(40)), format="json")
    client.force_login(alice)
    history = client.get("/collection/").content.decode().split('class="collection-history"')[1]
    assert "+3 Tupdog (Gargoyles)" in history
    assert "Imported (json)" in history and "40 rows, +40 copies" in history


# --- work bounded by statements, not by the cards named ----------------------------------------------


def test_a_whole_collection_replaced_by_a_file_takes_a_few_statements(alice, django_assert_max_num_queries):
    services.add(alice, _rows(500))
    file = _as_json(_rows(3_000, copies=2))
    with django_assert_max_num_queries(20):  # it was a statement per card and more (20,000 rows: 12-29 s)
        services.import_file(alice, file, format="json", replace=True)
    assert len(_collection(alice)) == 3_000 and Event.objects.filter(owner=alice).count() == 2


@pytest.mark.usefixtures("no_throttling")
def test_wishing_for_every_card_at_once_takes_a_few_statements(alice, django_assert_max_num_queries):
    api = APIClient()
    api.force_authenticate(alice)
    body = {"cards": [{"card": card_id, "count": 2} for card_id in _card_ids()]}
    with django_assert_max_num_queries(20):  # it was two statements per card (4,149 cards: 5-9 s)
        response = api.post("/api/v1/collection/wishlist/", body, format="json")
    assert response.status_code == 201 and response.json() == {"copies": 2 * len(_card_ids())}
    body["cards"][0]["count"] = 5  # a wish raised, never lowered
    assert api.post("/api/v1/collection/wishlist/", body, format="json").json() == {"copies": 3}


def test_buildable_reads_one_total_per_card_however_many_rows_the_collection_has_of_it(alice):
    """A collection of many rows per card (here 40 languages of each card of three decks): the filter counts by
    the card's total (``CardTotal``), never by summing the collection's rows for each card of each deck."""
    texts = {
        "rock": "12x Tupdog\n40x Govern the Unaligned\n20x Dive Bomb",
        "rush": "4x Tupdog\n10x Bum's Rush",
        "doll": "8x Blood Doll\n2x Dive Bomb",
    }
    decks = {
        name: deck_services.create(alice, deck_services.parse_text(text), name=name, visibility=Deck.Visibility.PUBLIC)
        for name, text in texts.items()
    }
    cards = {index.get().lookup(name).id for name in ("Tupdog", "Govern the Unaligned", "Dive Bomb", "Bum's Rush")}
    services.add(alice, [core.Line(card_id=card_id, count=1, language=f"l{n}") for card_id in cards for n in range(40)])
    with CaptureQueriesContext(connection) as queries:
        found = dict(services.buildable_decks(Deck.objects.all(), alice, 1).values_list("name", "owned_copies"))
    assert found == {"rock": 12 + 40 + 20, "rush": 4 + 10, "doll": 2}
    assert not [q["sql"] for q in queries if Entry._meta.db_table in q["sql"]]
    assert CardTotal.objects.filter(owner=alice).count() == 4 and decks["doll"].id in {
        deck.id for deck in services.buildable_decks(Deck.objects.all(), alice, 20)
    }


def test_buildable_follows_my_fixed_decks_as_they_change(alice):
    tupdog = index.get().lookup("Tupdog").id
    services.add(alice, [core.Line(card_id=tupdog, count=12)])
    wanted = deck_services.create(alice, deck_services.parse_text("12x Tupdog"), name="wanted")
    holder = deck_services.create(alice, deck_services.parse_text("8x Tupdog"), name="holder")

    def have() -> int:
        return dict(
            services.buildable_decks(Deck.objects.filter(pk=wanted.pk), alice, 0).values_list("name", "owned_copies")
        )["wanted"]

    assert have() == 12
    services.set_mode(holder, "fixed")
    assert have() == 4
    holder = deck_services.set_count(holder, tupdog, 11, version=holder.version)
    assert have() == 1
    services.set_mode(wanted, "fixed")  # its own copies are its own: the holder's are still away
    assert have() == 1
    holder.delete()
    assert have() == 12
