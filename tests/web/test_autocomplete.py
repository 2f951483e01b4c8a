"""GET /cards/autocomplete?q=…: the names card_search.js suggests as the user types."""

from __future__ import annotations

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db


def suggest(client, q: str) -> list[dict]:
    response = client.get("/cards/autocomplete", {"q": q})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()["results"]


def names(client, q: str) -> list[str]:
    return [r["name"] for r in suggest(client, q)]


def test_it_suggests_cards_starting_with_the_query(client):
    results = suggest(client, "govern")
    govern = Card.objects.get(unique_name="Govern the Unaligned")
    assert {"id": govern.id, "name": "Govern the Unaligned", "kind": "library"} in results
    assert results[0]["name"].lower().startswith("govern")


def test_it_puts_names_starting_with_the_query_before_names_containing_it(client):
    found = names(client, "bell")
    assert found, "nothing for 'bell'"
    starting = [n for n in found if n.lower().startswith("bell")]
    assert found[: len(starting)] == starting


def test_it_ignores_accents(client):
    assert "Dónal O'Connor (G2)" in names(client, "Dónal")
    assert "Dónal O'Connor (G2)" in names(client, "Donal")
    assert "Dónal O'Connor (G2)" in names(client, "donal o’connor")


def test_it_folds_the_leading_article(client):
    for q in ("The Rack", "Rack, The", "rack the"):
        assert names(client, q)[0] == "Rack, The", q


def test_it_returns_an_empty_list_for_an_empty_query(client):
    for q in ("", "   ", "!!"):
        assert suggest(client, q) == [], repr(q)
    response = client.get("/cards/autocomplete")
    assert response.status_code == 200 and response.json() == {"results": []}


def test_it_returns_at_most_ten_names(client):
    results = suggest(client, "a")
    assert len(results) == 10
    assert all(set(r) == {"id", "name", "kind"} for r in results)


def test_it_copes_with_a_huge_query(client):
    assert suggest(client, "x" * 10_000) == []


def test_it_returns_names_as_json_data_not_html(client):
    # The script inserts names with textContent; the JSON carries them verbatim.
    assert 'Anna "Dictatrix11" Suljic' in names(client, "Dictatrix")
    # Markup in the query is only punctuation to the name folding: "<script>" looks for "script".
    assert "Conscripted Statue" in names(client, "<script>")
