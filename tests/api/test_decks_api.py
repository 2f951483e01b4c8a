"""/api/v1/decks/: players' decks over the API.

Alice owns decks, Bob is another player, and an anonymous client has no account. Nobody but Alice reads
or changes her private decks (404, as if they did not exist); unlisted decks are read by id but never
listed nor changed by others; a change from a stale version is a 409; bad input is a JSON 400, never a 500.
"""

from __future__ import annotations

import base64
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import include, path
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from cards import index
from decks import services
from decks.models import Deck
from tests.paths import TWDA
from vtesdeck.core import decklist

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

API = "/api/v1/decks/"
PASSWORD = "not-a-real-password-42"
LIST_KEYS = {
    "id",
    "url",
    "name",
    "author",
    "owner",
    "visibility",
    "tags",
    "ruleset",
    "crypt_count",
    "library_count",
    "legal",
    "version",
    "created",
    "updated",
}
DETAIL_KEYS = LIST_KEYS | {"description", "cloned_from", "crypt", "library", "report", "unresolved"}
WRITABLE = [name for name, fmt in decklist.FORMATS.items() if fmt.export is not None]
IMPORT_ONLY = [name for name, fmt in decklist.FORMATS.items() if fmt.export is None]

GARGOYLES = """Deck Name: Rock drop
Crypt (12 cards)
12x Tupdog
Library (60 cards)
40x Govern the Unaligned
20x Dive Bomb
"""


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", password=PASSWORD)


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def as_alice(alice) -> APIClient:
    return client_for(alice)


@pytest.fixture
def as_bob(bob) -> APIClient:
    return client_for(bob)


@pytest.fixture
def anonymous() -> APIClient:
    return client_for()


def card_id(name: str) -> int:
    return index.get().lookup(name).id


def entries(counts: dict[str, int]) -> list[dict]:
    return [{"id": card_id(name), "count": n} for name, n in counts.items()]


def make_deck(owner, visibility="private", name="Rock drop", crypt=None, library=None, tags=()) -> Deck:
    core = services.from_lists(
        entries(crypt or {"Tupdog": 12}), entries(library or {"Govern the Unaligned": 40, "Dive Bomb": 20})
    )
    return services.create(owner, core, name=name, visibility=visibility, tags=tags)


def post(client, url, body) -> object:
    return client.post(url, json.dumps(body), content_type="application/json")


def patch(client, deck_id, body) -> object:
    return client.patch(f"{API}{deck_id}/", json.dumps(body), content_type="application/json")


def answer(response, status=200) -> dict:
    assert response.status_code == status, response.content.decode()[:2000]
    return response.json()


def refused(response, status=400) -> dict:
    """A refusal in the API's error shape (a sentence and a code); its body."""
    body = answer(response, status)
    assert body["detail"][-1] in ".?!" and body["code"], body
    return body


def bad_fields(response) -> set[str]:
    """The fields a 400 names, by their top-level name (``library[0].id`` is the library's)."""
    body = refused(response, 400)
    assert body["code"] == "invalid", body
    return {re.split(r"[.\[]", field)[0] for field in body["errors"]}


def listed_ids(client, **params) -> list[str]:
    return [deck["id"] for deck in answer(client.get(API, params))["results"]]


def counts(cards: list[dict]) -> dict[int, int]:
    return {card["id"]: card["count"] for card in cards}


# --- creating -------------------------------------------------------------------------------------


def test_it_creates_a_deck_from_a_tournament_decklist(as_alice):
    text = (TWDA / "10009.txt").read_text()
    expected = services.parse_text(text)
    deck = answer(post(as_alice, API, {"name": "Barcelona rocks", "visibility": "public", "text": text}), 201)
    assert DETAIL_KEYS <= set(deck)
    assert (deck["name"], deck["owner"], deck["visibility"], deck["version"]) == (
        "Barcelona rocks",
        "alice",
        "public",
        1,
    )
    assert (deck["crypt_count"], deck["library_count"]) == (30, 90)
    assert counts(deck["crypt"]) == expected.crypt and counts(deck["library"]) == expected.library
    assert [c["id"] for c in deck["crypt"]] == list(expected.crypt)  # the decklist's own order
    assert next(c for c in deck["crypt"] if c["id"] == card_id("Tupdog")) == {
        "id": card_id("Tupdog"),
        "name": "Tupdog",
        "count": 24,
    }
    assert deck["unresolved"] == []
    stored = Deck.objects.get(pk=deck["id"])
    assert stored.owner.username == "alice" and stored.to_core().same_cards(expected)


def test_the_created_deck_carries_its_report(as_alice):
    text = (TWDA / "10009.txt").read_text()
    deck = answer(post(as_alice, API, {"visibility": "private", "text": text}), 201)
    expected = services.report(services.parse_text(text)).to_dict()
    report = deck["report"]
    assert report["legal"] is deck["legal"] is expected["legal"] is True
    assert (report["crypt_count"], report["library_count"], report["groups"]) == (30, 90, expected["groups"])
    assert report["errors"] == [] and report["ruleset"] == "vekn"
    assert report["crypt"] == deck["crypt"] and report["library"] == deck["library"]
    assert deck["name"] == "4 Tupdog"  # no name sent: the decklist's own


def test_it_creates_a_deck_from_card_lists(as_alice):
    body = {
        "name": "Rock drop",
        "visibility": "unlisted",
        "crypt": entries({"Tupdog": 12}),
        "library": entries({"Govern the Unaligned": 40, "Dive Bomb": 20}),
        "description": "Drop rocks on them.",
        "tags": ["Gargoyles", "Bleed!"],
    }
    response = post(as_alice, API, body)
    deck = answer(response, 201)
    assert response["Location"] == deck["url"] and deck["url"].endswith(f"{API}{deck['id']}/")
    assert deck["crypt"] == [{"id": card_id("Tupdog"), "name": "Tupdog", "count": 12}]
    assert counts(deck["library"]) == {card_id("Govern the Unaligned"): 40, card_id("Dive Bomb"): 20}
    assert (deck["description"], deck["tags"], deck["visibility"]) == (
        "Drop rocks on them.",
        ["bleed", "gargoyles"],
        "unlisted",
    )
    assert deck["legal"] is True and deck["report"]["groups"] == [3]


def test_it_creates_a_deck_from_card_names(as_alice):
    body = {
        "visibility": "private",
        "crypt": [{"name": "Tupdog", "count": 12}],
        # As decklists write names: any case, "Rack, The", an id or a name under "card".
        "library": [
            {"name": "govern the unaligned", "count": 38},
            {"card": "Dive Bomb", "count": 20},
            {"name": "Rack, The", "count": 1},
            {"card": card_id("Blood Doll"), "count": 1},
        ],
    }
    deck = answer(post(as_alice, API, body), 201)
    assert counts(deck["crypt"]) == {card_id("Tupdog"): 12}
    assert counts(deck["library"]) == {
        card_id("Govern the Unaligned"): 38,
        card_id("Dive Bomb"): 20,
        card_id("Rack, The"): 1,
        card_id("Blood Doll"): 1,
    }
    assert deck["legal"] is True


@pytest.mark.parametrize(
    ("written", "meant"),
    [("Theo Bell (G6)", "Theo Bell (G6)"), ("Kemintiri (ADV)", "Kemintiri (ADV)"), ("theo bell g2", "Theo Bell (G2)")],
)
def test_a_vampire_version_is_named_as_decklists_name_it(written, meant, as_alice):
    body = {"visibility": "private", "crypt": [{"name": written, "count": 1}], "library": []}
    assert counts(answer(post(as_alice, API, body), 201)["crypt"]) == {card_id(meant): 1}


@pytest.mark.parametrize(("others", "group"), [({"Akram": 5, "Brachah": 5}, "2"), ({"Abraham Mellon": 10}, "6")])
def test_a_bare_name_two_groups_share_is_read_in_its_crypt_as_a_decklist_line_would_be(others, group, as_alice):
    # "Theo Bell" exists in groups 2 and 6: by name, the API takes the version a decklist would.
    crypt = [{"name": "Theo Bell", "count": 2}] + [{"name": name, "count": n} for name, n in others.items()]
    deck = answer(post(as_alice, API, {"visibility": "private", "crypt": crypt, "library": []}), 201)
    lines = "".join(f"{n}x {name}\n" for name, n in {"Theo Bell": 2, **others}.items())
    as_text = services.parse_text(f"Crypt ({sum(others.values()) + 2})\n{lines}")
    assert counts(deck["crypt"]) == as_text.crypt
    [theo] = [card for card in deck["crypt"] if card["name"].startswith("Theo Bell")]
    assert index.get()[theo["id"]].group == group


def test_a_name_that_names_no_card_is_a_400_naming_it_with_suggestions(as_alice):
    body = {
        "visibility": "private",
        "crypt": [{"name": "Tupdog", "count": 11}, {"name": "Theo Bel", "count": 1}],
        "library": [{"card": "Govern teh Unaligned", "count": 60}],
    }
    errors = refused(post(as_alice, API, body))["errors"]
    [message] = errors["crypt[1].name"]
    assert "Theo Bel" in message and "Theo Bell" in message.split("did you mean", 1)[1]
    body["crypt"][1]["name"] = "Theo Bell"
    [message] = refused(post(as_alice, API, body))["errors"]["library[0].card"]
    assert "Govern teh Unaligned" in message and "Govern the Unaligned" in message
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    "entry",
    [
        {"id": 200001, "name": "Tupdog", "count": 1},
        {"count": 1},
        {"card": True, "count": 1},
        {"card": "  ", "count": 1},
        {"name": 200001, "count": 1},
        {"card": ["Tupdog"], "count": 1},
    ],
)
def test_a_card_is_named_once_by_id_name_or_card(entry, as_alice):
    assert "crypt" in bad_fields(post(as_alice, API, {"visibility": "private", "crypt": [entry], "library": []}))


def test_a_name_of_the_other_part_is_refused(as_alice):
    body = {"visibility": "private", "crypt": [{"name": "Dive Bomb", "count": 1}], "library": []}
    assert "crypt" in bad_fields(post(as_alice, API, body))


def test_the_schema_documents_card_names_in_lists(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    entry = schema["components"]["schemas"]["CardCount"]
    assert {"id", "name", "card", "count"} <= set(entry["properties"]) and entry["required"] == ["count"]
    assert "name" in entry["properties"]["name"]["description"]


def test_the_report_explains_an_illegal_deck(as_alice):
    body = {"visibility": "private", "crypt": entries({"Tupdog": 12}), "library": entries({"Dive Bomb": 40})}
    deck = answer(post(as_alice, API, body), 201)
    assert deck["legal"] is False and deck["report"]["legal"] is False
    assert [e["code"] for e in deck["report"]["errors"]] == ["LIBRARY_TOO_SMALL"]
    assert Deck.objects.get(pk=deck["id"]).legal is False


def test_lines_naming_no_card_come_back_with_suggestions(as_alice):
    text = GARGOYLES.replace("20x Dive Bomb", "20x Dive Bomb\n2x Govern teh Unaligned")
    deck = answer(post(as_alice, API, {"visibility": "private", "text": text}), 201)
    [line] = deck["unresolved"]
    assert line["text"] == "2x Govern teh Unaligned" and line["count"] == 2
    assert line["suggestions"][0] == "Govern the Unaligned"
    assert deck["library_count"] == 60  # the typo is not in the deck


def test_it_reads_the_format_it_is_told(as_alice):
    text = decklist.export(services.parse_text(GARGOYLES), index.get(), "jol")
    deck = answer(post(as_alice, API, {"visibility": "private", "text": text, "format": "jol"}), 201)
    assert (deck["crypt_count"], deck["library_count"]) == (12, 60)


def test_creating_a_deck_needs_a_login(anonymous):
    response = post(anonymous, API, {"visibility": "public", "text": GARGOYLES})
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "not_authenticated"
    assert not Deck.objects.exists()


def test_a_user_name_and_password_log_in_too(alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(f"alice:{PASSWORD}".encode()).decode())
    deck = answer(post(client, API, {"visibility": "private", "text": GARGOYLES}), 201)
    assert deck["owner"] == "alice"


def test_password_guessing_over_http_basic_is_throttled_like_the_login_page(alice):
    def with_password(password: str):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(f"alice:{password}".encode()).decode())
        return client.get(API, {"mine": 1})

    for _ in range(10):
        assert with_password("guess").status_code in (401, 403)
    refused = with_password(PASSWORD)
    assert refused.status_code in (401, 403)
    assert "Too many" in refused.json()["detail"]


# --- privacy --------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["bob", "anonymous"])
def test_a_private_deck_does_not_exist_for_anyone_else(who, alice, as_bob, anonymous):
    client = as_bob if who == "bob" else anonymous
    deck = make_deck(alice, "private", name="Secret plan")
    url = f"{API}{deck.id}/"
    assert client.get(url).status_code == 404
    assert patch(client, deck.id, {"version": 1, "name": "Mine now"}).status_code == 404
    assert client.put(url, json.dumps({"version": 1, "name": "x"}), content_type="application/json").status_code == 404
    assert client.delete(url).status_code == 404
    assert client.get(f"{url}export/", {"to": "twd"}).status_code == 404
    assert client.post(f"{url}clone/").status_code == 404
    assert client.get(f"{url}revisions/").status_code == 404
    assert client.get(f"{url}revisions/", {"a": 1, "b": 1}).status_code == 404
    # A JSON 404, word for word the answer for a deck that does not exist.
    assert client.get(url).json() == client.get(f"{API}nosuchdeck42/").json()
    assert deck.id not in listed_ids(client)
    assert listed_ids(client, q="Secret") == []
    stored = Deck.objects.get(pk=deck.id)
    assert (stored.name, stored.version, Deck.objects.count()) == ("Secret plan", 1, 1)


def answer_404(response) -> None:
    assert response.status_code == 404, response.content.decode()[:500]


@pytest.mark.parametrize("who", ["bob", "anonymous"])
def test_an_unlisted_deck_is_read_by_id_but_never_listed_nor_changed_by_others(who, alice, as_bob, anonymous):
    client = as_bob if who == "bob" else anonymous
    deck = make_deck(alice, "unlisted", name="Shared by link")
    url = f"{API}{deck.id}/"
    shown = answer(client.get(url))
    assert (shown["id"], shown["name"], shown["owner"]) == (deck.id, "Shared by link", "alice")
    assert answer(client.get(f"{url}export/", {"to": "twd"}))["text"]
    assert deck.id not in listed_ids(client)
    assert listed_ids(client, q="Shared") == [] and listed_ids(client, author="alice") == []
    answer_404(patch(client, deck.id, {"version": 1, "name": "Mine now"}))
    answer_404(client.delete(url))
    answer_404(client.get(f"{url}revisions/"))
    assert Deck.objects.get(pk=deck.id).name == "Shared by link"


def test_others_read_a_public_deck_but_only_its_owner_changes_it(alice, as_alice, as_bob):
    deck = make_deck(alice, "public")
    assert answer(as_bob.get(f"{API}{deck.id}/"))["owner"] == "alice"
    answer_404(patch(as_bob, deck.id, {"version": 1, "name": "Hijacked"}))
    answer_404(as_bob.delete(f"{API}{deck.id}/"))
    answer_404(as_bob.get(f"{API}{deck.id}/revisions/"))
    assert answer(patch(as_alice, deck.id, {"version": 1, "name": "Renamed"}))["name"] == "Renamed"


def test_the_owner_deletes_a_deck(alice, as_alice):
    deck = make_deck(alice)
    assert as_alice.delete(f"{API}{deck.id}/").status_code == 204
    assert not Deck.objects.filter(pk=deck.id).exists()
    answer_404(as_alice.get(f"{API}{deck.id}/"))


def test_an_unknown_deck_is_a_json_404(as_alice):
    assert answer(as_alice.get(f"{API}nosuchdeck/"), 404)["detail"]
    answer_404(as_alice.get(f"{API}{'x' * 500}/"))


# --- listing --------------------------------------------------------------------------------------


def test_the_list_shows_public_decks_and_my_own(alice, bob, as_alice, anonymous):
    mine_private = make_deck(alice, "private")
    mine_unlisted = make_deck(alice, "unlisted")
    bobs_public = make_deck(bob, "public")
    bobs_private = make_deck(bob, "private")
    make_deck(bob, "unlisted")
    assert set(listed_ids(anonymous)) == {bobs_public.id}
    assert set(listed_ids(as_alice)) == {mine_private.id, mine_unlisted.id, bobs_public.id}
    assert set(listed_ids(as_alice, mine=1)) == {mine_private.id, mine_unlisted.id}
    assert bobs_private.id not in listed_ids(as_alice, author="bob")
    page = answer(anonymous.get(API))
    assert page["count"] == 1 and {"next", "previous"} <= set(page)
    [item] = page["results"]
    assert set(item) == LIST_KEYS
    assert (item["owner"], item["visibility"], item["crypt_count"], item["library_count"], item["legal"]) == (
        "bob",
        "public",
        12,
        60,
        True,
    )


def test_my_own_decks_need_a_login(anonymous):
    response = anonymous.get(API, {"mine": 1})
    assert response.status_code in (401, 403) and response.json()["detail"]


def test_the_list_filters_by_name_clan_card_author_and_tag(alice, bob, anonymous):
    rocks = make_deck(alice, "public", name="Rock drop", tags=["bleed"])
    tremere = make_deck(
        bob,
        "public",
        name="Tremere stealth",
        crypt={"Keith Moody": 6, "Janine": 6},
        library={"Deflection": 60},
        tags=["stealth", "bleed"],
    )
    assert listed_ids(anonymous, q="rock") == [rocks.id]
    assert listed_ids(anonymous, clan="Gargoyle") == [rocks.id]
    assert listed_ids(anonymous, clan="tremere ANTITRIBU") == [tremere.id]
    assert listed_ids(anonymous, card=card_id("Deflection")) == [tremere.id]
    assert listed_ids(anonymous, card=card_id("Brujah Debate")) == []
    assert listed_ids(anonymous, author="ALICE") == [rocks.id]
    assert set(listed_ids(anonymous, tag="Bleed")) == {rocks.id, tremere.id}
    assert listed_ids(anonymous, tag="stealth", q="tremere") == [tremere.id]
    page = answer(anonymous.get(API, {"page_size": 1}))
    assert page["count"] == 2 and len(page["results"]) == 1 and page["next"]


@pytest.mark.parametrize(
    "params, field",
    [
        ({"clan": "Jedi"}, "clan"),
        ({"card": "Dive Bomb"}, "card"),
        ({"card": "1"}, "card"),
        ({"card": "9" * 30}, "card"),
        ({"mine": "maybe"}, "mine"),
        ({"q": "x" * 201}, "q"),
        ({"page_size": "0"}, "page_size"),
        ({"page": "first"}, "page"),
    ],
)
def test_a_bad_filter_is_a_400_naming_it(params, field, anonymous):
    assert field in bad_fields(anonymous.get(API, params))


@pytest.mark.usefixtures("unthrottled")
def test_the_list_costs_the_same_queries_for_many_decks(alice, as_alice, django_assert_max_num_queries):
    for n in range(12):
        make_deck(alice, "public", name=f"Deck {n}", tags=["bleed", f"t{n}"])
    with django_assert_max_num_queries(6):
        assert len(answer(as_alice.get(API))["results"]) == 12


# --- changing -------------------------------------------------------------------------------------


def test_a_change_from_a_stale_version_is_refused_with_the_current_version(alice, as_alice):
    deck = make_deck(alice)
    assert answer(patch(as_alice, deck.id, {"version": 1, "name": "First tab"}))["version"] == 2
    conflict = refused(patch(as_alice, deck.id, {"version": 1, "name": "Second tab"}), 409)
    assert conflict["version"] == 2 and "changed elsewhere" in conflict["detail"] and conflict["code"] == "conflict"
    assert Deck.objects.get(pk=deck.id).name == "First tab"
    retried = answer(patch(as_alice, deck.id, {"version": conflict["version"], "name": "Second tab"}))
    assert (retried["name"], retried["version"]) == ("Second tab", 3)


def test_a_change_must_name_the_version_it_was_made_from(alice, as_alice):
    deck = make_deck(alice)
    assert "version" in bad_fields(patch(as_alice, deck.id, {"name": "No version"}))
    assert "version" in bad_fields(patch(as_alice, deck.id, {"version": "1", "name": "Text version"}))
    assert Deck.objects.get(pk=deck.id).version == 1


def test_the_owner_changes_the_details(alice, as_alice, anonymous):
    deck = make_deck(alice, tags=["old"])
    body = {
        "version": 1,
        "name": "Public rocks",
        "description": "Now for all",
        "visibility": "public",
        "tags": ["New", "rock"],
    }
    changed = answer(patch(as_alice, deck.id, body))
    assert (changed["name"], changed["description"], changed["visibility"]) == ("Public rocks", "Now for all", "public")
    assert changed["tags"] == ["new", "rock"] and changed["crypt_count"] == 12
    assert listed_ids(anonymous) == [deck.id]


def test_put_changes_a_deck_as_patch_does(alice, as_alice):
    deck = make_deck(alice)
    body = json.dumps({"version": 1, "visibility": "unlisted"})
    assert answer(as_alice.put(f"{API}{deck.id}/", body, content_type="application/json"))["visibility"] == "unlisted"


def test_new_cards_replace_the_old_ones(alice, as_alice):
    deck = make_deck(alice)
    text = GARGOYLES.replace("20x Dive Bomb", "10x Dive Bomb\n10x Blood Doll\n1x Nosuch Card")
    changed = answer(patch(as_alice, deck.id, {"version": 1, "text": text}))
    assert counts(changed["library"]) == {
        card_id("Govern the Unaligned"): 40,
        card_id("Dive Bomb"): 10,
        card_id("Blood Doll"): 10,
    }
    assert [u["text"] for u in changed["unresolved"]] == ["1x Nosuch Card"]
    assert changed["report"]["library"] == changed["library"] and changed["version"] == 2
    lists = {"version": 2, "crypt": entries({"Tupdog": 12}), "library": entries({"Dive Bomb": 59})}
    changed = answer(patch(as_alice, deck.id, lists))
    assert changed["library"] == [{"id": card_id("Dive Bomb"), "name": "Dive Bomb", "count": 59}]
    assert changed["legal"] is False and changed["report"]["errors"][0]["code"] == "LIBRARY_TOO_SMALL"
    assert Deck.objects.get(pk=deck.id).to_core().library == {card_id("Dive Bomb"): 59}


def test_details_and_cards_change_together(alice, as_alice):
    deck = make_deck(alice)
    changed = answer(patch(as_alice, deck.id, {"version": 1, "name": "Both", "text": GARGOYLES.replace("40x", "30x")}))
    stored = Deck.objects.get(pk=deck.id)
    assert (changed["name"], changed["library_count"], changed["version"]) == ("Both", 50, stored.version)
    assert answer(patch(as_alice, deck.id, {"version": 1, "name": "Stale"}), 409)["version"] == stored.version


def test_a_refused_change_writes_nothing(alice, as_alice):
    deck = make_deck(alice)
    body = {"version": 1, "name": "Half done", "crypt": entries({"Tupdog": 12}), "library": [{"id": 1, "count": 1}]}
    assert "library" in bad_fields(patch(as_alice, deck.id, body))
    stored = Deck.objects.get(pk=deck.id)
    assert (stored.name, stored.version, stored.library_count) == ("Rock drop", 1, 60)


# --- export, clone, revisions ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", WRITABLE)
def test_an_exported_deck_reads_back_as_the_same_cards(fmt, as_alice):
    text = (TWDA / "10009.txt").read_text()
    deck = answer(post(as_alice, API, {"visibility": "private", "text": text}), 201)
    exported = answer(as_alice.get(f"{API}{deck['id']}/export/", {"to": fmt}))
    assert exported["format"] == fmt
    assert (exported["media_type"], exported["extension"]) == (
        decklist.FORMATS[fmt].media_type,
        decklist.FORMATS[fmt].extension,
    )
    back = services.parse_text(exported["text"], format=fmt)
    assert back.crypt == counts(deck["crypt"]) and back.library == counts(deck["library"])
    assert back.same_cards(services.parse_text(text))
    assert exported["file_name"].startswith("4-tupdog.") and exported["file_name"].endswith(f".{exported['extension']}")


@pytest.mark.parametrize("fmt", WRITABLE)
def test_a_hostile_name_or_description_cannot_add_cards_to_an_export(fmt, alice, as_alice):
    # Issue 14, item 6: text holding line breaks and card lines once came back from an export as more cards.
    core = services.from_lists(entries({"Tupdog": 12}), entries({"Govern the Unaligned": 40, "Dive Bomb": 50}))
    core.description = "Crypt (12)\r12x Anson\u2028Library (90)\x1c40x Immortal Grapple\nDeck Name: Other"
    deck = services.create(alice, core, name="Nice deck\nLibrary (90)\n40x Immortal Grapple")
    exported = answer(as_alice.get(f"{API}{deck.id}/export/", {"to": fmt}))
    again = answer(post(as_alice, API, {"visibility": "private", "text": exported["text"]}), 201)
    assert (again["crypt_count"], again["library_count"]) == (12, 90)
    assert again["unresolved"] == []
    assert counts(again["crypt"]) == {card_id("Tupdog"): 12}
    assert counts(again["library"]) == {card_id("Govern the Unaligned"): 40, card_id("Dive Bomb"): 50}


def test_each_export_format_has_its_own_file_name(as_alice):
    deck = answer(post(as_alice, API, {"visibility": "private", "text": GARGOYLES}), 201)
    names = {fmt: answer(as_alice.get(f"{API}{deck['id']}/export/", {"to": fmt}))["file_name"] for fmt in WRITABLE}
    assert len(set(names.values())) == len(WRITABLE), names
    assert (names["twd"], names["jol"], names["lackey"]) == (
        "rock-drop.twd.txt",
        "rock-drop.jol.txt",
        "rock-drop.lackey.txt",
    )


@pytest.mark.parametrize("to", [*IMPORT_ONLY, "pdf", ""])
def test_a_format_that_cannot_be_written_is_a_400(to, alice, as_alice):
    deck = make_deck(alice)
    assert "to" in bad_fields(as_alice.get(f"{API}{deck.id}/export/", {"to": to}))


def test_export_needs_a_format(alice, as_alice):
    deck = make_deck(alice)
    assert "to" in bad_fields(as_alice.get(f"{API}{deck.id}/export/"))


def test_a_player_clones_a_deck_they_can_read(bob, as_alice, anonymous):
    original = make_deck(bob, "public", name="Bob's rocks", tags=["bleed"])
    copy = answer(as_alice.post(f"{API}{original.id}/clone/"), 201)
    assert copy["id"] != original.id
    assert (copy["owner"], copy["visibility"], copy["cloned_from"], copy["tags"]) == (
        "alice",
        "private",
        original.id,
        ["bleed"],
    )
    assert copy["crypt"] == answer(anonymous.get(f"{API}{original.id}/"))["crypt"]
    assert copy["name"] == "Bob's rocks (copy)" and copy["version"] == 1
    assert copy["id"] not in listed_ids(anonymous)
    unlisted = make_deck(bob, "unlisted")
    assert answer(as_alice.post(f"{API}{unlisted.id}/clone/"), 201)["owner"] == "alice"


def test_cloning_needs_a_login_once_the_deck_is_readable(bob, anonymous):
    deck = make_deck(bob, "public")
    response = anonymous.post(f"{API}{deck.id}/clone/")
    assert response.status_code in (401, 403)
    assert Deck.objects.count() == 1


def test_revisions_list_and_compare(alice, as_alice):
    deck = make_deck(alice)
    patch(as_alice, deck.id, {"version": 1, "text": GARGOYLES.replace("20x Dive Bomb", "18x Dive Bomb\n2x Blood Doll")})
    history = answer(as_alice.get(f"{API}{deck.id}/revisions/"))
    assert history["count"] == 2
    assert [(r["number"], r["note"], r["library_count"]) for r in history["results"]] == [
        (2, "Imported", 60),
        (1, "Created", 60),
    ]
    compared = answer(as_alice.get(f"{API}{deck.id}/revisions/", {"a": 1, "b": 2}))
    assert (compared["a"]["number"], compared["b"]["number"]) == (1, 2)
    assert compared["changes"] == [
        {"id": card_id("Dive Bomb"), "name": "Dive Bomb", "before": 20, "after": 18, "delta": -2},
        {"id": card_id("Blood Doll"), "name": "Blood Doll", "before": 0, "after": 2, "delta": 2},
    ]
    assert answer(as_alice.get(f"{API}{deck.id}/revisions/", {"a": 2, "b": 2}))["changes"] == []


@pytest.mark.parametrize(
    "params, field",
    [({"a": 1}, "b"), ({"b": 1}, "a"), ({"a": 1, "b": 9}, "b"), ({"a": "one", "b": 1}, "a"), ({"a": 0, "b": 1}, "a")],
)
def test_comparing_revisions_that_do_not_exist_is_a_400(params, field, alice, as_alice):
    deck = make_deck(alice)
    assert field in bad_fields(as_alice.get(f"{API}{deck.id}/revisions/", params))


# --- bad input ------------------------------------------------------------------------------------


def tupdogs(count):
    return lambda: {"visibility": "private", "crypt": [{"id": card_id("Tupdog"), "count": count}], "library": []}


def dive_bombs(count, times=1, part="library"):
    other = "crypt" if part == "library" else "library"
    return lambda: {"visibility": "private", part: [{"id": card_id("Dive Bomb"), "count": count}] * times, other: []}


BAD_BODIES = {
    "a JSON list": [GARGOYLES],
    "a name that is a number": {"name": 42, "visibility": "private", "text": GARGOYLES},
    "an unknown visibility": {"visibility": "secret", "text": GARGOYLES},
    "text and lists": {"visibility": "private", "text": GARGOYLES, "crypt": [], "library": []},
    "no cards at all": {"visibility": "private", "name": "Empty"},
    "a crypt without a library": {"visibility": "private", "crypt": []},
    "a count of 10^12": tupdogs(10**12),
    "a count of 0": tupdogs(0),
    "a negative count": tupdogs(-3),
    "a count as text": tupdogs("3"),
    "a count that is true": tupdogs(True),
    "a fractional count": tupdogs(2.5),
    "an unknown card id": {"visibility": "private", "crypt": [{"id": 1, "count": 1}], "library": []},
    "a huge card id": {"visibility": "private", "crypt": [{"id": 10**30, "count": 1}], "library": []},
    "a card id as text": {"visibility": "private", "crypt": [{"id": "Tupdog", "count": 1}], "library": []},
    "a library card in the crypt": dive_bombs(1, part="crypt"),
    "a crypt that is no list": {"visibility": "private", "crypt": "Tupdog", "library": []},
    "an entry that is no object": {"visibility": "private", "crypt": [12], "library": []},
    "too many entries": dive_bombs(1, times=501),
    "too many copies in total": dive_bombs(999, times=2),
    "a huge text": {"visibility": "private", "text": "1x Tupdog\n" * 200_001},
    "a binary text": {"visibility": "private", "text": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 50},
    "control characters": {"visibility": "private", "text": "\x01\x02\x03\x04\x05\x06 Tupdog" * 50},
    "a text that is a number": {"visibility": "private", "text": 42},
    "an empty text": {"visibility": "private", "text": ""},
    "a text that is no decklist": {"visibility": "private", "text": "".join(f"2x Moby Dick {n}\n" for n in range(201))},
    "a lone surrogate": {"visibility": "private", "text": "12x Tupdog\ud800"},
    "a null character in the name": {"visibility": "private", "name": "Rock\x00drop", "text": GARGOYLES},
    "an unknown format": {"visibility": "private", "text": GARGOYLES, "format": "word"},
    "a format with lists": {"visibility": "private", "format": "twd", "crypt": [], "library": []},
    "too many tags": {"visibility": "private", "text": GARGOYLES, "tags": [f"t{n}" for n in range(13)]},
    "tags that are no list": {"visibility": "private", "text": GARGOYLES, "tags": "bleed"},
}


@pytest.mark.parametrize("body", BAD_BODIES.values(), ids=BAD_BODIES.keys())
def test_bad_input_to_create_is_a_400(body, as_alice):
    body = body() if callable(body) else body
    refused(post(as_alice, API, body), 400)
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        '{"visibility": "private", "text": NaN}',
        "[" * 100_000 + "]" * 100_000,
        '{"a": 1' + "9" * 5000 + "}",
    ],
    ids=["not JSON", "NaN", "nested too deeply", "a 5000-digit number"],
)
def test_a_body_that_is_not_json_is_a_400(raw, as_alice):
    assert refused(as_alice.post(API, raw, content_type="application/json"), 400)["code"] == "parse_error"
    assert not Deck.objects.exists()


def test_a_body_too_large_is_refused_unread(as_alice):
    response = as_alice.post(API, "{}", content_type="application/json", CONTENT_LENGTH=str(100 * 1024 * 1024))
    refusal = refused(response, 413)
    assert "too large" in refusal["detail"] and refusal["code"] == "payload_too_large"


BAD_CHANGES = {
    "no version": {"name": "x"},
    "a version of 0": {"version": 0, "name": "x"},
    "a version that is true": {"version": True, "name": "x"},
    "a version of 10^30": {"version": 10**30, "name": "x"},
    "nothing to change": {"version": 1},
    "an unknown visibility": {"version": 1, "visibility": "everyone"},
    "a name of 201 characters": {"version": 1, "name": "x" * 201},
    "a null name": {"version": 1, "name": None},
    "a count of 10^12": lambda: {"version": 1, "crypt": [{"id": card_id("Tupdog"), "count": 10**12}], "library": []},
    "binary text": {"version": 1, "text": "\x00\x01\x02\x03" * 100},
    "a JSON string": "rename it",
}


@pytest.mark.parametrize("body", BAD_CHANGES.values(), ids=BAD_CHANGES.keys())
def test_bad_input_to_a_change_is_a_400(body, alice, as_alice):
    deck = make_deck(alice)
    body = body() if callable(body) else body
    refused(patch(as_alice, deck.id, body), 400)
    stored = Deck.objects.get(pk=deck.id)
    assert (stored.name, stored.version) == ("Rock drop", 1)


def test_writes_are_throttled_and_reads_are_not(alice, as_alice, monkeypatch):
    # The rate settings give (DECKS_WRITE_RATE), lowered for the test.
    monkeypatch.setitem(api_settings.DEFAULT_THROTTLE_RATES, "decks", "3/hour")
    deck = make_deck(alice)
    for version in (1, 2, 3):
        answer(patch(as_alice, deck.id, {"version": version, "name": f"Take {version}"}))
    refused = patch(as_alice, deck.id, {"version": 4, "name": "Take 4"})
    assert refused.status_code == 429 and refused["Retry-After"]
    for _ in range(5):
        answer(as_alice.get(f"{API}{deck.id}/"))


# --- documentation --------------------------------------------------------------------------------


def test_the_deck_endpoints_are_documented_without_warnings():
    GENERATOR_STATS.reset()
    generator = SchemaGenerator(patterns=[path("api/v1/decks/", include("decks.api.urls"))])
    schema = generator.get_schema(request=None, public=True)
    assert not GENERATOR_STATS, (
        f"drf-spectacular warned: {dict(GENERATOR_STATS._warn_cache)} {dict(GENERATOR_STATS._error_cache)}"
    )
    paths = schema["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/decks/"])
    assert {"get", "put", "patch", "delete"} <= set(paths["/api/v1/decks/{id}/"])
    assert {"/api/v1/decks/{id}/export/", "/api/v1/decks/{id}/clone/", "/api/v1/decks/{id}/revisions/"} <= set(paths)
    assert "409" in paths["/api/v1/decks/{id}/"]["patch"]["responses"]
    documented = set(schema["components"]["schemas"]["DeckDetail"]["properties"])
    assert DETAIL_KEYS <= documented


def test_every_key_of_an_answer_is_documented(alice, as_alice, client):
    schema_components = _schema(client)["components"]["schemas"]
    deck = answer(post(as_alice, API, {"visibility": "private", "text": GARGOYLES}), 201)
    assert set(deck) <= set(schema_components["DeckDetail"]["properties"])
    assert set(deck["report"]) <= set(schema_components["DeckReport"]["properties"])
    listed = answer(as_alice.get(API))["results"][0]
    assert set(listed) == set(schema_components["Deck"]["properties"])


def _schema(client) -> dict:
    import yaml

    return yaml.safe_load(client.get("/api/schema/").content)
