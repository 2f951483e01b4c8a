"""The collection's API: /api/v1/collection/ (list, add, remove, import, export, precons, wishlist, share, build
modes, planner) and GET /api/v1/decks/<id>/missing/, for a logged-in user only; and the `buildable` filters of
/api/v1/decks/ and /api/v1/twda/."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from cards import index
from collection.models import Entry, Event, WishlistEntry
from decks import services as deck_services
from decks.models import Deck
from simulations.models import Simulation

pytestmark = pytest.mark.django_db

PASSWORD = "not-a-real-password-42"
GARGOYLES = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


def _id(name: str) -> int:
    card = index.get().lookup(name)
    assert card is not None
    return card.id


@pytest.fixture
def carol(no_throttling):
    return get_user_model().objects.create_user("carol", password=PASSWORD)


@pytest.fixture
def api(carol) -> APIClient:
    client = APIClient()
    client.force_authenticate(carol)
    return client


def _deck(owner, name: str, visibility=Deck.Visibility.PRIVATE) -> Deck:
    return deck_services.create(owner, deck_services.parse_text(GARGOYLES), name=name, visibility=visibility)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/collection/"),
        ("post", "/api/v1/collection/"),
        ("post", "/api/v1/collection/remove/"),
        ("post", "/api/v1/collection/import/"),
        ("get", "/api/v1/collection/export/"),
        ("get", "/api/v1/collection/precons/"),
        ("get", "/api/v1/collection/wishlist/"),
        ("post", "/api/v1/collection/wishlist/"),
        ("delete", "/api/v1/collection/wishlist/200001/"),
        ("get", "/api/v1/collection/history/"),
        ("post", "/api/v1/collection/planner/"),
        ("get", "/api/v1/decks/abc/missing/"),
    ],
)
def test_every_endpoint_needs_a_login(no_throttling, method, path):
    response = getattr(APIClient(), method)(path, {}, format="json")
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "not_authenticated"


def test_bad_credentials_are_a_401(no_throttling):
    response = APIClient().get("/api/v1/collection/", HTTP_AUTHORIZATION="Token not-a-token")
    assert response.status_code == 401


def test_add_list_remove(api, carol):
    response = api.post("/api/v1/collection/", {"card": "Tupdog", "count": 5, "set": "LoB"}, format="json")
    assert response.status_code == 201 and response.json() == {"copies": 5}
    listed = api.get("/api/v1/collection/").json()["results"]
    assert listed == [{"id": _id("Tupdog"), "name": "Tupdog", "count": 5, "set": "LoB", "language": "", "note": ""}]
    removed = api.post("/api/v1/collection/remove/", {"card": _id("Tupdog"), "count": 2, "set": "LoB"}, format="json")
    assert removed.json() == {"copies": 2}
    assert Entry.objects.get(owner=carol).count == 3
    assert sorted(Event.objects.filter(owner=carol).values_list("kind", "copies")) == [("add", 5), ("remove", -2)]


@pytest.mark.parametrize(
    "body",
    [
        {"card": "No Such Card Anywhere"},
        {"card": "Tupdog", "count": 0},
        {"card": True},
        {},
        {"precon": "X:PZ"},
        {"card": "Tupdog", "precon": "Third:SKB"},
        {"card": "Tupdog", "set": "x" * 201},
    ],
)
def test_bad_additions_are_400s_storing_nothing(api, carol, body):
    response = api.post("/api/v1/collection/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert not Entry.objects.filter(owner=carol).exists()


def test_a_precon_by_its_key(api, carol):
    precons = {p["key"]: p for p in api.get("/api/v1/collection/precons/").json()}
    assert "Third:SKB" in precons
    response = api.post("/api/v1/collection/", {"precon": "Third:SKB"}, format="json")
    assert response.json()["copies"] == precons["Third:SKB"]["size"]


def test_precons_are_labelled_by_their_product(api, carol):
    labels = {p["key"]: p["label"] for p in api.get("/api/v1/collection/precons/").json()}
    assert labels["V5:PM"] == "Fifth Edition — Malkavian"
    assert labels["Third:SKB"] == "Third Edition — Starter Kit Brujah antitribu"
    assert labels["SP:LB"] == "Sabbat Preconstructed — Libertine Ball"  # coded without its P: it was missing


def test_import_json_text_then_export_it(api, carol):
    rush = _id("Bum's Rush")
    data = json.dumps({"cards": [{"id": rush, "count": 3, "set": "Jyhad", "language": "fr", "note": "signed"}]})
    assert api.post("/api/v1/collection/import/", {"data": data}, format="json").status_code == 201
    exported = api.get("/api/v1/collection/export/", {"as": "csv"}).content.decode()
    assert exported.splitlines()[1] == f"3,{rush},Bum's Rush,Jyhad,fr,signed"


def test_a_bad_import_is_a_400_naming_the_line_and_stores_nothing(api, carol):
    response = api.post(
        "/api/v1/collection/import/",
        {"data": "3\tBum's Rush\n2\tNo Such Card Anywhere\n", "format": "lackey"},
        format="json",
    )
    assert response.status_code == 400
    assert "Line 2" in response.json()["detail"]
    assert not Entry.objects.filter(owner=carol).exists()


def test_missing_cards_of_a_deck(api, carol):
    deck = _deck(carol, "Rock drop")
    api.post("/api/v1/collection/", {"card": "Tupdog", "count": 12}, format="json")
    api.post("/api/v1/collection/", {"card": "Dive Bomb", "count": 15}, format="json")
    answer = api.get(f"/api/v1/decks/{deck.id}/missing/").json()
    assert (answer["copies"], answer["owned"], answer["share"]) == (72, 27, 38)
    assert answer["crypt"] == []
    missing = {row["name"]: row["missing"] for row in answer["library"]}
    assert missing == {"Govern the Unaligned": 40, "Dive Bomb": 5}


def test_missing_of_a_private_deck_of_someone_else_is_a_404(api, carol):
    dave = get_user_model().objects.create_user("dave", password=PASSWORD)
    deck = _deck(dave, "Secret")
    assert api.get(f"/api/v1/decks/{deck.id}/missing/").status_code == 404


def test_the_planner_answers_conflicts_and_the_largest_set(api, carol):
    first, second = _deck(carol, "First"), _deck(carol, "Second")
    for name, count in (("Tupdog", 12), ("Govern the Unaligned", 80), ("Dive Bomb", 40)):
        api.post("/api/v1/collection/", {"card": name, "count": count}, format="json")
    answer = api.post("/api/v1/collection/planner/", {"decks": [first.id, second.id]}, format="json").json()
    assert answer["together"] is False
    assert [(c["card_id"], c["owned"], c["wanted"]) for c in answer["conflicts"]] == [(_id("Tupdog"), 12, 24)]
    assert {d["key"] for d in answer["conflicts"][0]["decks"]} == {first.id, second.id}
    assert len(answer["plan"]["chosen"]) == 1 and answer["plan"]["exact"] and answer["job"] is None


def test_more_than_twenty_competing_decks_go_to_a_job(api, carol, idle_queue):
    decks = [_deck(carol, f"Deck {i}") for i in range(21)]
    api.post("/api/v1/collection/", {"card": "Tupdog", "count": 24}, format="json")
    answer = api.post("/api/v1/collection/planner/", {"decks": [d.id for d in decks]}, format="json").json()
    assert answer["plan"] is None
    job = Simulation.objects.get(pk=answer["job"])
    assert (job.kind, job.units, job.owner_id) == (Simulation.Kind.PLANNER, 21, carol.pk)
    assert len(job.plan["decks"]) == 21
    listed = api.get("/api/v1/simulations/").json()["results"]  # listed with the other jobs, in its own unit
    assert [(j["id"], j["kind"]) for j in listed] == [(job.id, "planner")]


def test_the_planner_job_computes_the_largest_set(carol):
    from simulations import kinds
    from vtesdeck.core import planner

    decks = [planner.DeckNeeds(key=f"d{i}", name=f"Deck {i}", cards={1: 2, 2: 1}) for i in range(22)]
    job = Simulation(kind=Simulation.Kind.PLANNER, plan=planner.job_plan(decks, {1: 9, 2: 30}), units=22, seed=0)
    done: list[int] = []
    tally = kinds.PLANNER.run_chunk(job, 0, 22, done.append)
    report = kinds.PLANNER.report(job, kinds.PLANNER.merge([tally]), 1.0)
    assert len(report["chosen"]) == 4 and report["exact"] and done[-1] == 22
    assert report["names"]["d0"] == "Deck 0"


def test_a_build_mode_per_deck(api, carol):
    deck = _deck(carol, "Rock drop")
    assert api.put(f"/api/v1/decks/{deck.id}/build-mode/", {"mode": "fixed"}, format="json").json() == {"mode": "fixed"}
    assert api.put(f"/api/v1/decks/{deck.id}/build-mode/", {"mode": "rigid"}, format="json").status_code == 400


def test_sharing_by_a_link(api, carol):
    answer = api.post("/api/v1/collection/share/", {"shared": True}, format="json").json()
    assert answer["shared"] and "/collection/shared/" in answer["url"]
    assert APIClient().get(answer["url"]).status_code == 200
    api.post("/api/v1/collection/share/", {"shared": False}, format="json")
    assert APIClient().get(answer["url"]).status_code == 404


def test_buildable_filters_the_decks_and_the_archive(api, carol, archive_ids):
    public = _deck(carol, "Rock drop", Deck.Visibility.PUBLIC)
    api.post("/api/v1/collection/", {"card": "Tupdog", "count": 12}, format="json")
    names = [d["name"] for d in api.get("/api/v1/decks/", {"buildable": 16}).json()["results"]]
    assert public.name in names
    assert api.get("/api/v1/decks/", {"buildable": 17}).json()["results"] == []
    assert APIClient().get("/api/v1/decks/", {"buildable": 10}).status_code in (401, 403)
    assert api.get("/api/v1/decks/", {"buildable": 0}).status_code == 400
    if archive_ids:
        assert api.get("/api/v1/twda/", {"buildable": 100}).json()["results"] == []
        from twda.models import TournamentCard

        for row in TournamentCard.objects.filter(deck_id=archive_ids[0]):
            api.post("/api/v1/collection/", {"card": row.card_id, "count": row.count}, format="json")
        found = [d["id"] for d in api.get("/api/v1/twda/", {"buildable": 100}).json()["results"]]
        assert archive_ids[0] in found
        assert APIClient().get("/api/v1/twda/", {"buildable": 10}).status_code in (401, 403)


def test_a_card_listed_twice_in_a_file_adds_up(api, carol):
    rush = _id("Bum's Rush")
    data = f"count,card_id,name,set,language,note\n2,{rush},,Jyhad,en,\n3,{rush},,Jyhad,en,worn\n1,{rush},,VTES,en,\n"
    assert api.post("/api/v1/collection/import/", {"data": data, "format": "csv"}, format="json").json() == {
        "copies": 6
    }
    rows = sorted(Entry.objects.filter(owner=carol).values_list("set", "count", "note"))
    assert rows == [("Jyhad", 5, "worn"), ("VTES", 1, "")]
    event = Event.objects.get(owner=carol)  # one event for the whole file, a line per row it changed
    assert (event.kind, event.source, event.copies, event.rows) == ("import", "csv", 6, 2)
    assert sorted(event.lines) == [[rush, "Jyhad", "en", 5, "worn"], [rush, "VTES", "en", 1, ""]]


def test_a_card_holds_at_most_ten_thousand_copies_in_one_printing(api, carol):
    # Each addition is within bounds; their sum is not. Refused whole: nothing stored, nothing in the history.
    assert api.post("/api/v1/collection/", {"card": "Tupdog", "count": 10_000}, format="json").status_code == 201
    response = api.post("/api/v1/collection/", {"card": "Tupdog", "count": 1}, format="json")
    assert response.status_code == 400 and "10,000" in response.json()["detail"]
    assert Entry.objects.get(owner=carol).count == 10_000 and Event.objects.filter(owner=carol).count() == 1
    tupdog = _id("Tupdog")
    data = f"Quantity,Card ID\n6000,{tupdog}\n5000,{tupdog}\n"  # a file listing a card twice adds up too
    response = api.post(
        "/api/v1/collection/import/", {"data": data, "format": "vdb-csv", "replace": True}, format="json"
    )
    assert response.status_code == 400
    assert Entry.objects.get(owner=carol).count == 10_000


@pytest.mark.parametrize("text", ["²", "١٢", "1" * 5000])
def test_digits_that_are_not_a_card_id_are_a_400(api, carol, text):
    # "²" and Arabic-Indic digits are digits to Python's str.isdigit(), and int() refuses 5,000 digits.
    response = api.post("/api/v1/collection/", {"card": text}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    data = f"count,card_id,name,set,language,note\n{text},{_id('Tupdog')},,,,\n"
    response = api.post("/api/v1/collection/import/", {"data": data, "format": "csv"}, format="json")
    assert response.status_code == 400 and "Line 2" in response.json()["detail"]
    data = f"count,card_id,name,set,language,note\n1,{text},,,,\n"
    response = api.post("/api/v1/collection/import/", {"data": data, "format": "csv"}, format="json")
    assert response.status_code == 400 and "Line 2" in response.json()["detail"]
    assert not Entry.objects.filter(owner=carol).exists()


def test_wishing_for_cards_then_dropping_a_wish(api, carol):
    tupdog, rush = _id("Tupdog"), _id("Bum's Rush")
    body = {"cards": [{"card": "Tupdog", "count": 2}, {"card": rush}, {"card": tupdog, "count": 1}]}
    response = api.post("/api/v1/collection/wishlist/", body, format="json")
    assert response.status_code == 201 and response.json() == {"copies": 4}
    listed = {row["id"]: row["count"] for row in api.get("/api/v1/collection/wishlist/").json()}
    assert listed == {tupdog: 3, rush: 1}
    # A wish is raised to what is asked, never lowered.
    assert api.post("/api/v1/collection/wishlist/", {"cards": [{"card": rush, "count": 1}]}, format="json").json() == {
        "copies": 0
    }
    assert api.delete(f"/api/v1/collection/wishlist/{tupdog}/").status_code == 204
    assert api.delete(f"/api/v1/collection/wishlist/{tupdog}/").status_code == 404
    assert api.delete("/api/v1/collection/wishlist/²/").status_code == 404
    assert list(WishlistEntry.objects.filter(owner=carol).values_list("card_id", "count")) == [(rush, 1)]


def test_wishing_for_what_a_deck_misses(api, carol):
    deck = _deck(carol, "Rock drop")
    api.post("/api/v1/collection/", {"card": "Tupdog", "count": 10}, format="json")
    response = api.post("/api/v1/collection/wishlist/", {"deck": deck.id}, format="json")
    assert response.status_code == 201 and response.json() == {"copies": 2 + 40 + 20}
    listed = {row["id"]: row["count"] for row in api.get("/api/v1/collection/wishlist/").json()}
    assert listed == {_id("Tupdog"): 2, _id("Govern the Unaligned"): 40, _id("Dive Bomb"): 20}
    stranger = _deck(get_user_model().objects.create_user("dave", password=PASSWORD), "Dave's secret")
    assert api.post("/api/v1/collection/wishlist/", {"deck": stranger.id}, format="json").status_code == 404


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"cards": [], "deck": "x"},
        {"cards": [{"card": "No Such Card Anywhere"}]},
        {"cards": [{"card": "²"}]},
        {"cards": [{"card": "Tupdog", "count": 0}]},
        {"cards": "Tupdog"},
    ],
)
def test_bad_wishes_are_400s_storing_nothing(api, carol, body):
    response = api.post("/api/v1/collection/wishlist/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    assert not WishlistEntry.objects.filter(owner=carol).exists()


def test_the_history_lists_every_change_newest_first(api, carol):
    api.post("/api/v1/collection/", {"card": "Tupdog", "count": 5, "set": "LoB"}, format="json")
    api.post("/api/v1/collection/remove/", {"card": "Tupdog", "count": 2, "set": "LoB"}, format="json")
    api.post("/api/v1/collection/", {"precon": "Third:SKB"}, format="json")
    page = api.get("/api/v1/collection/history/", {"page_size": 2}).json()
    assert page["count"] == 3 and page["next"]
    everything = api.get("/api/v1/collection/history/", {"page_size": 500}).json()["results"]
    assert [e["kind"] for e in everything] == ["precon", "remove", "add"]
    tupdog = {"id": _id("Tupdog"), "name": "Tupdog", "set": "LoB", "language": "", "note": ""}
    assert everything[2]["lines"] == [{**tupdog, "delta": 5}] and everything[1]["lines"] == [{**tupdog, "delta": -2}]
    # A precon is one change: its 50 rows are read from the change itself, a page at a time.
    precon = everything[0]
    kit = {p["key"]: p for p in api.get("/api/v1/collection/precons/").json()}["Third:SKB"]
    assert (precon["source"], precon["copies"], precon["lines"]) == ("Third:SKB", kit["size"], None)
    rows = api.get(f"/api/v1/collection/history/{precon['id']}/", {"page_size": 500}).json()
    assert rows["event"]["id"] == precon["id"] and rows["count"] == precon["rows"] == len(rows["results"])
    assert sum(line["delta"] for line in rows["results"]) == kit["size"]
    other = APIClient()
    other.force_authenticate(get_user_model().objects.create_user("erin", password=PASSWORD))
    assert other.get("/api/v1/collection/history/").json()["count"] == 0
    assert other.get(f"/api/v1/collection/history/{precon['id']}/").status_code == 404
    assert other.get("/api/v1/collection/history/²/").status_code == 404


def test_a_shared_collection_is_read_by_its_link_without_an_account(api, carol):
    api.post("/api/v1/collection/", {"card": "Tupdog", "count": 3}, format="json")
    assert APIClient().get("/api/v1/collection/shared/not-a-token/").status_code == 404
    url = api.post("/api/v1/collection/share/", {"shared": True}, format="json").json()["url"]
    token = url.rstrip("/").rsplit("/", 1)[1]
    answer = APIClient().get(f"/api/v1/collection/shared/{token}/")
    assert answer.status_code == 200
    assert [(row["name"], row["count"]) for row in answer.json()["results"]] == [("Tupdog", 3)]
    assert APIClient().post(f"/api/v1/collection/shared/{token}/", {}, format="json").status_code in (401, 403, 405)
    api.post("/api/v1/collection/share/", {"shared": False}, format="json")
    assert APIClient().get(f"/api/v1/collection/shared/{token}/").status_code == 404
