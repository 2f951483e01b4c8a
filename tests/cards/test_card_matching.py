"""cards.matching answers every card search exactly as the database query of cards.search does."""

from __future__ import annotations

import random
import sys

import pytest

from cards import list_version, matching
from cards.models import Card
from cards.search import CardFilterForm, search
from tests.paths import PROJECT

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_version():
    list_version.forget()
    yield
    list_version.forget()


def cleaned(params: dict) -> dict:
    form = CardFilterForm(params)
    assert form.is_valid(), form.errors
    return form.cleaned_data


def both(params: dict) -> tuple[list[int], list[int]]:
    data = cleaned(params)
    found = matching.find(data)
    assert found is not None
    return list(found.ids), list(search(data).values_list("id", flat=True))


@pytest.fixture
def queries() -> list[dict]:
    """300 realistic searches from the card search benchmark's generator (seeded)."""
    sys.path.insert(0, str(PROJECT / "bench"))
    from card_search import QueryMaker

    make = QueryMaker(random.Random(7))
    return [make() for _ in range(300)]


def test_every_realistic_search_lists_the_same_cards_in_the_same_order(queries):
    for params in queries:
        ours, database = both(params)
        assert ours == database, params


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"q": "the rack"},
        {"q": "Rack, The"},
        {"q": "!!!"},  # folds to nothing: no name filter, no ranking
        {"q": "an", "kind": "library"},
        {"discipline": "AUS", "type": "Combat"},
        {"discipline": "aus dom", "capacity_min": "5", "capacity_max": "5"},
        {"banned": "yes"},
        {"banned": "no", "set": "v5"},
        {"group": "ANY"},
        {"text": "+1 bleed", "clan": "Toreador"},
    ],
)
def test_edge_searches_list_the_same_cards_in_the_same_order(params):
    ours, database = both(params)
    assert ours == database


def test_a_page_reads_only_its_own_cards_in_order():
    found = matching.find(cleaned({"q": "ani"}))
    page = found[2:5]
    assert [card.id for card in page] == list(found.ids[2:5])
    assert all(isinstance(card, Card) for card in page)
    again = found[2:5]  # the second time, the stored core cards come from this process's memory
    assert [card.data for card in again] == [Card.objects.get(id=card.id).data for card in page]


def test_a_new_card_list_version_is_searched_afresh():
    before = matching.find(cleaned({"q": "zzzz vampire"}))
    assert len(before) == 0
    # An import rewrites the stored core card with the search columns: the version follows the former.
    card = Card.objects.order_by("id").first()
    card.name_search, card.data = "|zzzz vampire|", {**card.data, "text": card.data["text"] + " (errata)"}
    card.save(update_fields=["name_search", "data"])
    list_version.forget()
    assert len(matching.find(cleaned({"q": "zzzz vampire"}))) == 1


def test_the_archive_filter_is_left_to_the_database():
    assert matching.find({"twda": "seen"}) is None


def test_a_listed_page_is_rendered_from_the_rows_once_then_served_from_memory(django_assert_num_queries):
    from cards.api.serializers import CardSerializer

    found = matching.find(cleaned({"q": "ani"}))
    listed = found.listed(CardSerializer.listed)
    first = listed[2:7]
    assert first == [CardSerializer.listed(Card.objects.get(id=card_id)) for card_id in list(found.ids[2:7])]
    with django_assert_num_queries(0):
        again = listed[2:7]
    assert again == first and len(listed) == len(found)


def test_the_kept_searches_hold_a_bounded_number_of_ids_whatever_is_asked(monkeypatch):
    """Every search a visitor invents is kept for the next one, up to a bound on the ids held, not only on the
    searches: 2,048 searches matching the whole card list would otherwise hold 2,048 copies of it."""
    monkeypatch.setattr(matching, "CACHED_IDS", 10_000)
    everything = len(matching.find({}))
    assert everything > 3000
    searches = [{"q": letter, "banned": banned} for letter in "aeiorstn" for banned in ("", "no")]
    held = [len(matching.find(cleaned(params))) for params in searches]  # each a distinct search
    assert sum(held) > 10_000  # more than the bound, had every one been kept
    snapshot = matching._current()
    assert snapshot.found_ids == sum(len(ids) for ids in snapshot.found.values()) <= 10_000
