"""GET /api/v1/sets/ and /api/v1/sets/<abbrev>/: the VTES sets, oldest first."""

from __future__ import annotations

import pytest

from cards.models import CardSet

pytestmark = pytest.mark.django_db


def all_sets(client) -> list[dict]:
    body = client.get("/api/v1/sets/", {"page_size": 500}).json()
    assert body["next"] is None
    return body["results"]


def test_it_lists_every_set_oldest_first_and_undated_last(client):
    sets = all_sets(client)
    assert len(sets) == CardSet.objects.count()
    assert sets[0]["abbrev"] == "Jyhad" and sets[0]["release_date"] == "1994-08-16"
    dated = [s["release_date"] for s in sets if s["release_date"]]
    assert dated == sorted(dated)
    first_undated = next(i for i, s in enumerate(sets) if s["release_date"] is None)
    assert all(s["release_date"] is None for s in sets[first_undated:])


def test_it_gives_one_set(client):
    response = client.get("/api/v1/sets/V5/")
    assert response.status_code == 200
    assert response.json() == {
        "abbrev": "V5",
        "vekn_id": CardSet.objects.get(abbrev="V5").vekn_id,
        "name": "Fifth Edition",
        "release_date": "2020-11-30",
        "company": CardSet.objects.get(abbrev="V5").company,
    }


def test_it_answers_404_in_json_for_an_unknown_set(client):
    response = client.get("/api/v1/sets/NoSuchSet/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json" and response.json()["code"] == "not_found"


def test_it_pages_sets_and_rejects_a_bad_page_size(client):
    page = client.get("/api/v1/sets/", {"page_size": 5}).json()
    assert len(page["results"]) == 5 and page["count"] == CardSet.objects.count() and page["next"]
    response = client.get("/api/v1/sets/", {"page_size": -1})
    assert response.status_code == 400 and "page_size" in response.json()["errors"]
