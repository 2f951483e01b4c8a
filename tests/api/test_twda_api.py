"""GET /api/v1/twda/: the archive search over the API (same filters as the page, paginated with a count,
400 naming the bad parameter) and one deck in full. Expected results come from the archive files,
read with the core parser."""

from __future__ import annotations

import pytest

from cards import index
from tests.web.test_twda_pages import DEFLECTION, GOVERN, _card_id, load_archive
from twda.models import Archetype

pytestmark = pytest.mark.django_db

URL = "/api/v1/twda/"


@pytest.fixture
def archive(tmp_path):
    return load_archive(tmp_path)


def _all_ids(client, params) -> set[str]:
    response = client.get(URL, {**params, "page_size": 500})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["count"] == len(body["results"])
    return {row["id"] for row in body["results"]}


def test_list_is_paginated_with_a_count(client, archive):
    body = client.get(URL, {"page_size": 5}).json()
    assert body["count"] == len(archive)
    assert len(body["results"]) == 5 and body["next"]
    row = body["results"][0]
    assert {"id", "event", "date", "players", "winner", "name", "clans", "archetype", "url", "page"} <= set(row)
    dates = [r["date"] for r in body["results"] if r["date"]]
    assert dates == sorted(dates, reverse=True)


def test_card_conditions_by_id_and_name(client, archive):
    govern, deflection = _card_id(GOVERN), _card_id(DEFLECTION)
    at_least = {s for s, d in archive.items() if d.library.get(govern, 0) >= 4}
    assert at_least and _all_ids(client, {"card": f"{govern}:>=4"}) == at_least
    assert _all_ids(client, {"card": f"4x {GOVERN}"}) == at_least
    without = {s for s, d in archive.items() if deflection not in d.library}
    assert without and _all_ids(client, {"card": f"{DEFLECTION}:0"}) == without
    assert _all_ids(client, {"card": f"{DEFLECTION}:none"}) == without
    both = {s for s, d in archive.items() if d.library.get(govern, 0) >= 1 and deflection not in d.library}
    response = client.get(URL, {"card": [f"{govern}", f"{deflection}:0"], "page_size": 500})
    assert {r["id"] for r in response.json()["results"]} == both


def test_filters_combine(client, archive):
    years = sorted(d.event.date for d in archive.values() if d.event and d.event.date)
    low, high = years[2], years[-3]
    expected = {s for s, d in archive.items() if d.event and d.event.date and low <= d.event.date <= high}
    assert _all_ids(client, {"date_from": low.isoformat(), "date_to": high.isoformat()}) == expected


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"card": "Govrn the Unalignd:>=2"}, "card"),
        ({"card": "99999999"}, "card"),
        ({"card": "Govern the Unaligned:>=500"}, "card"),
        ({"date_from": "2020-13-45"}, "date_from"),
        ({"date_from": "2021-01-01", "date_to": "2020-01-01"}, "date_from"),
        ({"players_min": "9", "players_max": "3"}, "players_min"),
        ({"clan": "Klingon"}, "clan"),
        ({"sect": "Jedi"}, "sect"),
        ({"order": "random"}, "order"),
        ({"page_size": "0"}, "page_size"),
    ],
)
def test_bad_filters_are_400_naming_the_parameter(client, archive, params, field):
    response = client.get(URL, params)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and field in response.json()["errors"]


def test_unknown_card_name_suggests_close_names(client, archive):
    body = client.get(URL, {"card": "Govern teh Unaligned:>=2"}).json()
    assert GOVERN in body["errors"]["card"][0]


def test_detail_has_metadata_cards_with_names_and_archetype(client, archive):
    stem, core = next((s, d) for s, d in archive.items() if d.event and d.event.winner)
    response = client.get(f"{URL}{stem}/")
    assert response.status_code == 200
    body = response.json()
    assert body["winner"] == core.event.winner and body["event"] == core.event.name
    assert body["date"] == (core.event.date.isoformat() if core.event.date else None)
    cards = index.get()
    assert [(c["id"], c["count"]) for c in body["crypt"]] == list(core.crypt.items())
    assert [(c["id"], c["count"]) for c in body["library"]] == list(core.library.items())
    assert all(c["name"] == cards[c["id"]].unique_name for c in body["crypt"] + body["library"])
    assert body["archetype"] is None or {"slug", "name", "deck_count"} <= set(body["archetype"])
    missing = client.get(f"{URL}nope/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


# --- archetypes ------------------------------------------------------------------------------------


def test_archetypes_are_listed_most_decks_first_and_paginated(client):
    for slug, count in (("rare", 2), ("common", 40), ("middling", 9)):
        Archetype.objects.create(slug=slug, name=slug.title(), clans=["Ventrue"], disciplines=["dom"], deck_count=count)
    page = client.get(f"{URL}archetypes/", {"page_size": 2}).json()
    assert page["count"] == 3 and page["next"]
    assert [row["slug"] for row in page["results"]] == ["common", "middling"]
    assert set(page["results"][0]) == {"slug", "name", "clans", "disciplines", "signature", "deck_count"}


def test_one_archetype_is_read_by_its_slug_and_an_unknown_one_is_a_404(client):
    Archetype.objects.create(slug="ventrue-dom", name="Ventrue · dom", signature=[100845], deck_count=3)
    assert client.get(f"{URL}archetypes/ventrue-dom/").json()["signature"] == [100845]
    missing = client.get(f"{URL}archetypes/no-such-family/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
