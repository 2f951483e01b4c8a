"""The deck editor: a new deck, the editing page, adding and removing cards (JSON for the script, plain
forms without it), the legality and statistics panels that follow every change, the card search with
its group-rule filter, the details that save as you type, and the refusals: a stale version (409), bad
input (400), and anyone but the owner (404, or the login page when not logged in)."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from decks import services
from decks.models import Deck
from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck as CoreDeck

pytestmark = pytest.mark.django_db

PASSWORD = "not-a-real-password-42"

# A legal deck in the making: five group 3 Malkavians and a library they can all play.
CRYPT = {"Dr. Douglas Netchurch": 3, "Esau": 3, "Maris Streck": 2, "Tony": 2, "William Biltmore": 2}
LIBRARY = {
    "Govern the Unaligned": 20,
    "Deflection": 10,
    "Conditioning": 10,
    "Cloak the Gathering": 10,
    "Blood Doll": 10,
}


# ---- helpers -------------------------------------------------------------------------------------


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)


@pytest.fixture
def alice_client(alice) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob) -> Client:
    client = Client()
    client.force_login(bob)
    return client


@pytest.fixture
def deck(alice) -> Deck:
    return services.create(alice, CoreDeck(), name="Madness network")


def make_deck(owner, cards, crypt: dict[str, int], library: dict[str, int], **kwargs) -> Deck:
    core = CoreDeck()
    for name, count in [*crypt.items(), *library.items()]:
        core.add(cards.lookup(name), count)
    return services.create(owner, core, **kwargs)


def fresh(deck: Deck) -> Deck:
    return Deck.objects.get(pk=deck.pk)


def counts(deck: Deck) -> dict[int, int]:
    core = fresh(deck).to_core()
    return {**core.crypt, **core.library}


def post_json(client: Client, url: str, data) -> object:
    return client.post(url, json.dumps(data), content_type="application/json")


def change(client: Client, deck: Deck, expect: int = 200, **data) -> dict:
    data.setdefault("version", fresh(deck).version)
    response = post_json(client, f"/decks/{deck.id}/cards", data)
    assert response.status_code == expect, response.content.decode()[:2000]
    return response.json()


def text_of(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def section(page: str, element_id: str) -> str:
    """The HTML of the <section> with this id."""
    match = re.search(rf'<section id="{element_id}".*?</section>', page, re.S)
    assert match, f"no section #{element_id}"
    return match.group(0)


def without_tokens(fragment: str) -> str:
    """CSRF tokens are masked afresh on every render."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", fragment)


def legal_flag(panel: str) -> str:
    match = re.search(r'id="legality-panel"[^>]*data-legal="(true|false)"', panel)
    assert match, "no data-legal on the legality panel"
    return match.group(1)


def deck_rows(panel: str) -> dict[int, int]:
    """Card id → count, as the deck panel's rows show them."""
    rows = re.findall(r'<tr class="deck-card[^"]*" data-card-id="(\d+)" data-count="(\d+)"', panel)
    return {int(card_id): int(count) for card_id, count in rows}


def result_ids(fragment: str) -> list[int]:
    return [int(i) for i in re.findall(r'<li class="search-result[^"]*" data-card-id="(\d+)"', fragment)]


def issue_codes(panel: str) -> list[str]:
    return re.findall(r'<li class="issue" data-code="([A-Z_]+)"', panel)


# ---- a new deck ----------------------------------------------------------------------------------


def test_a_new_deck_starts_empty_and_opens_in_the_editor(alice, alice_client):
    page = alice_client.get("/decks/new")
    assert page.status_code == 200
    assert 'href="/decks/import/"' in page.content.decode()
    response = alice_client.post("/decks/new", {"name": "  Toreador party ", "visibility": "unlisted"})
    deck = Deck.objects.get(owner=alice)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.id}/edit"
    assert (deck.name, deck.visibility, deck.crypt_count, deck.library_count) == ("Toreador party", "unlisted", 0, 0)
    assert alice_client.get(response["Location"]).status_code == 200


def test_a_new_deck_without_a_name_is_called_untitled(alice, alice_client):
    alice_client.post("/decks/new", {"name": "", "visibility": "private"})
    assert Deck.objects.get(owner=alice).name == "Untitled deck"


def test_a_new_deck_with_an_unknown_visibility_is_refused(alice, alice_client):
    response = alice_client.post("/decks/new", {"name": "x", "visibility": "everyone"})
    assert response.status_code == 400
    assert "error-summary" in response.content.decode()
    assert not Deck.objects.filter(owner=alice).exists()


# ---- who may edit --------------------------------------------------------------------------------


def editor_requests(deck: Deck) -> list[tuple[str, str, dict]]:
    card = {"card": 200001, "delta": 1, "version": deck.version}
    return [
        ("get", f"/decks/{deck.id}/edit", {}),
        ("get", f"/decks/{deck.id}/search", {"q": "tupdog"}),
        ("get", f"/decks/{deck.id}/panels", {}),
        ("post", f"/decks/{deck.id}/cards", card),
        ("post", f"/decks/{deck.id}/details", {"name": "Mine now", "version": deck.version}),
    ]


def test_anonymous_visitors_are_sent_to_log_in(client, deck):
    assert client.get("/decks/new").status_code == 302
    for method, url, data in editor_requests(deck):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), url
    assert fresh(deck).version == deck.version


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
def test_nobody_but_the_owner_may_edit_a_deck_whatever_its_visibility(bob_client, alice, cards, visibility):
    deck = make_deck(alice, cards, {"Tupdog": 12}, {"Blood Doll": 60}, name="Alice's", visibility=visibility)
    for method, url, data in editor_requests(deck):
        assert getattr(bob_client, method)(url, data).status_code == 404, url
        json_response = post_json(bob_client, url, data) if method == "post" else None
        assert json_response is None or json_response.status_code == 404, url
    again = fresh(deck)
    assert (again.version, again.name, counts(again)) == (deck.version, "Alice's", counts(deck))


def test_an_unknown_deck_is_404(alice_client):
    assert alice_client.get("/decks/nosuchdeck12/edit").status_code == 404
    assert (
        post_json(alice_client, "/decks/nosuchdeck12/cards", {"card": 1, "delta": 1, "version": 1}).status_code == 404
    )


# ---- the page ------------------------------------------------------------------------------------


def test_the_owner_sees_the_editor_with_its_panels_and_links(alice_client, alice, cards):
    deck = make_deck(alice, cards, {"Tupdog": 12}, {"Blood Doll": 30, "Govern the Unaligned": 5}, name="Rock & roll")
    page = alice_client.get(f"/decks/{deck.id}/edit").content.decode()
    for hook in (
        'id="card-search"',
        'id="deck-panel"',
        'id="legality-panel"',
        'id="stats-panel"',
        'id="save-state"',
        'id="deck-name"',
        'id="export-links"',
        'id="hide-breakers"',
    ):
        assert hook in page, hook
    assert f'data-version="{deck.version}"' in page
    assert re.search(r'id="deck-name"[^>]*value="Rock &amp; roll"', page) or re.search(
        r'value="Rock &amp; roll"[^>]*id="deck-name"', page
    )
    exporters = [name for name, fmt in decklist.FORMATS.items() if fmt.export is not None and name != "vdb-url"]
    assert re.findall(r'<a href="[^"]+" data-format="([^"]+)"', section(page, "export-panel")) == exporters
    # The VDB link is a link to copy, kept up to date by the script after each change (see the panels test).
    assert re.search(
        r'<input type="text" id="vdb-url" value="https://vdb\.im/decks/deck\?[^"]*#[^"]+" readonly>',
        section(page, "export-panel"),
    )
    for url in (
        f"/decks/{deck.id}/",
        f"/decks/{deck.id}/import/",
        f"/decks/{deck.id}/revisions/",
        f"/decks/{deck.id}/clone",
    ):
        assert f'"{url}"' in page, url
    # The deck: a crypt row with its facts and buttons, the library grouped by type with counts.
    panel = section(page, "deck-panel")
    tupdog, doll = cards.lookup("Tupdog"), cards.lookup("Blood Doll")
    assert deck_rows(panel)[tupdog.id] == 12
    row = re.search(rf'data-card-id="{tupdog.id}".*?</tr>', panel, re.S).group(0)
    for button in ('class="dec"', 'class="inc"', 'class="remove"'):
        assert button in row
    assert 'aria-label="One copy more of Tupdog"' in row
    assert "Gargoyle" in text_of(row)
    assert [m for m in re.findall(r'<h4 class="library-type"[^>]*>(.*?)</h4>', panel)] == ["Master (30)", "Action (5)"]
    assert deck_rows(panel)[doll.id] == 30
    # Legality: counts toward the rules, and the cards nobody in the crypt can play.
    legality = section(page, "legality-panel")
    assert legal_flag(legality) == "false"
    assert "Library: 35 cards (needs 60–90)" in text_of(legality)
    assert "Crypt: 12 cards (needs at least 12)" in text_of(legality)
    assert issue_codes(legality) == ["LIBRARY_TOO_SMALL", "REQUIREMENT_UNMET"]
    assert "No vampire in the crypt can play Govern the Unaligned" in text_of(legality)
    # Statistics with their charts, inline.
    stats = section(page, "stats-panel")
    assert stats.count("<svg") == 3 and "Crypt capacity" in stats


def test_an_empty_deck_shows_empty_panels(alice_client, deck):
    page = alice_client.get(f"/decks/{deck.id}/edit").content.decode()
    assert deck_rows(section(page, "deck-panel")) == {}
    assert "No crypt cards yet" in text_of(section(page, "deck-panel"))
    assert legal_flag(page) == "false"
    assert "No library cards yet" in text_of(section(page, "stats-panel"))


# ---- changing cards ------------------------------------------------------------------------------


def test_adding_and_removing_cards_with_json(alice_client, deck, cards):
    tupdog = cards.lookup("Tupdog").id
    answer = change(alice_client, deck, card=tupdog, delta=1)
    assert answer["version"] == deck.version + 1
    assert set(answer["panels"]) == {"deck", "legality", "stats"}
    assert deck_rows(answer["panels"]["deck"]) == {tupdog: 1}
    assert answer["summary"] == {
        "crypt_count": 1,
        "library_count": 0,
        "legal": False,
        "errors": 2,
        "warnings": 0,
        "groups": [3],
    }
    change(alice_client, deck, card=tupdog, delta=3)
    assert counts(deck) == {tupdog: 4}
    answer = change(alice_client, deck, card=tupdog, count=11)
    assert deck_rows(answer["panels"]["deck"]) == {tupdog: 11}
    change(alice_client, deck, card=tupdog, delta=-1)
    assert counts(deck) == {tupdog: 10}
    answer = change(alice_client, deck, card=tupdog, count=0)
    assert counts(deck) == {} and deck_rows(answer["panels"]["deck"]) == {}
    assert fresh(deck).version == deck.version + 5


def test_the_plus_minus_and_remove_buttons_work_without_javascript(alice_client, deck, cards):
    doll = cards.lookup("Blood Doll").id
    url = f"/decks/{deck.id}/cards"
    response = alice_client.post(url, {"card": doll, "delta": "1", "version": deck.version, "search": "q=blood&x=1"})
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.id}/edit?q=blood"
    alice_client.post(url, {"card": doll, "delta": "+1", "version": fresh(deck).version})
    assert counts(deck) == {doll: 2}
    alice_client.post(url, {"card": doll, "delta": "-1", "version": fresh(deck).version})
    assert counts(deck) == {doll: 1}
    response = alice_client.post(url, {"card": doll, "count": "0", "version": fresh(deck).version})
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.id}/edit"
    assert counts(deck) == {}


def test_the_legality_panel_turns_legal_as_the_deck_fills(alice_client, deck, cards):
    for name, count in CRYPT.items():
        answer = change(alice_client, deck, card=cards.lookup(name).id, count=count)
    assert legal_flag(answer["panels"]["legality"]) == "false"
    assert issue_codes(answer["panels"]["legality"]) == ["LIBRARY_TOO_SMALL"]
    assert "Crypt: 12 cards (needs at least 12)" in text_of(answer["panels"]["legality"])
    names = list(LIBRARY)
    for name in names[:-1]:
        answer = change(alice_client, deck, card=cards.lookup(name).id, count=LIBRARY[name])
        assert legal_flag(answer["panels"]["legality"]) == "false"
    assert "Library: 50 cards (needs 60–90)" in text_of(answer["panels"]["legality"])
    # The last ten cards make it legal.
    answer = change(alice_client, deck, card=cards.lookup(names[-1]).id, count=LIBRARY[names[-1]])
    assert legal_flag(answer["panels"]["legality"]) == "true"
    assert answer["summary"]["legal"] is True and issue_codes(answer["panels"]["legality"]) == []
    assert fresh(deck).legal
    # A vampire from group 1 breaks the group window: the panel names it, and the rule.
    anson = cards.lookup("Anson").id
    answer = change(alice_client, deck, card=anson, delta=1)
    legality = answer["panels"]["legality"]
    assert legal_flag(legality) == "false" and issue_codes(legality)[0] == "CRYPT_GROUPS"
    assert "Anson (group 1)" in text_of(legality) and "Crypt groups too far apart" in text_of(legality)
    assert "VEKN rulebook, 1. Introduction › Deck construction" in text_of(legality)
    answer = change(alice_client, deck, card=anson, delta=-1)
    assert legal_flag(answer["panels"]["legality"]) == "true"


def test_a_banned_card_and_an_unplayable_one_are_named_in_the_legality_panel(alice_client, alice, cards):
    deck = make_deck(alice, cards, CRYPT, LIBRARY)
    answer = change(alice_client, deck, card=cards.lookup("Dive Bomb").id, delta=1)
    panel = answer["panels"]["legality"]
    assert legal_flag(panel) == "true"  # a card nobody can play is a warning, not an error
    assert "Cards no vampire in the crypt can play" in text_of(panel)
    assert "No vampire in the crypt can play Dive Bomb" in text_of(panel)
    answer = change(alice_client, deck, card=cards.lookup("Succubus Club").id, delta=1)
    panel = answer["panels"]["legality"]
    assert legal_flag(panel) == "false" and "BANNED_CARD" in issue_codes(panel)
    assert "Succubus Club" in text_of(panel) and "VEKN tournament rules, 4.1 Cards Allowed" in text_of(panel)


def test_statistics_follow_the_changes(alice_client, deck, cards):
    answer = change(alice_client, deck, card=cards.lookup("Tupdog").id, count=4)
    stats = text_of(answer["panels"]["stats"])
    assert "Crypt: 4 cards" in stats and "Gargoyle 4" in stats
    answer = change(alice_client, deck, card=cards.lookup("Govern the Unaligned").id, count=6)
    stats = text_of(answer["panels"]["stats"])
    assert "Library: 6 cards" in stats and "dom 6" in stats


def test_a_change_answers_with_the_same_number_of_queries_however_big_the_deck(alice_client, alice, cards):
    small = make_deck(alice, cards, {"Tupdog": 1}, {"Blood Doll": 1})
    big = make_deck(alice, cards, CRYPT, LIBRARY)
    doll = cards.lookup("Blood Doll").id
    used = []
    for deck in (small, big):
        version = fresh(deck).version
        with CaptureQueriesContext(connection) as queries:
            response = post_json(
                alice_client, f"/decks/{deck.id}/cards", {"card": doll, "delta": 1, "version": version}
            )
        assert response.status_code == 200
        used.append(len(queries.captured_queries))
    assert used[0] == used[1] and used[0] <= 20


# ---- refusals ------------------------------------------------------------------------------------


def test_a_change_from_a_stale_version_is_refused_with_409_and_writes_nothing(alice_client, deck, cards):
    tupdog = cards.lookup("Tupdog").id
    change(alice_client, deck, card=tupdog, delta=1)  # another tab moves the deck to version 2
    answer = change(alice_client, deck, expect=409, card=tupdog, delta=5, version=deck.version)
    assert "changed elsewhere" in answer["detail"] and answer["version"] == deck.version + 1
    assert counts(deck) == {tupdog: 1} and fresh(deck).version == deck.version + 1
    answer = post_json(alice_client, f"/decks/{deck.id}/details", {"name": "Overwritten", "version": deck.version})
    assert answer.status_code == 409 and fresh(deck).name == "Madness network"
    # The form path gets a page saying so, with a way back to the editor.
    response = alice_client.post(f"/decks/{deck.id}/cards", {"card": tupdog, "delta": "1", "version": deck.version})
    assert response.status_code == 409
    assert "changed elsewhere" in text_of(response.content.decode())
    assert f"/decks/{deck.id}/edit" in response.content.decode()
    assert counts(deck) == {tupdog: 1}


BAD_CHANGES = [
    ({"delta": 1}, "Say which card"),
    ({"card": "Tupdog", "delta": 1}, "whole number"),
    ({"card": True, "delta": 1}, "whole number"),
    ({"card": 999999, "delta": 1}, "Unknown card"),
    ({"card": 0, "delta": 1}, "Say which card"),
    ({"card": "TUPDOG", "delta": 0}, "1 to 999"),
    ({"card": "TUPDOG"}, "either"),
    ({"card": "TUPDOG", "delta": 1, "count": 2}, "either"),
    ({"card": "TUPDOG", "delta": 1.5}, "whole number"),
    ({"card": "TUPDOG", "delta": 100_000}, "1 to 999"),
    ({"card": "TUPDOG", "count": -1}, "0 to 999"),
    ({"card": "TUPDOG", "count": 1000}, "0 to 999"),
    ({"card": "TUPDOG", "count": [3]}, "whole number"),
    ({"card": "TUPDOG", "delta": 1, "version": None}, "version"),
    ({"card": "TUPDOG", "delta": 1, "version": "two"}, "whole number"),
    ({"card": "TUPDOG", "delta": 1, "version": 0}, "version"),
]


@pytest.mark.parametrize(("data", "sentence"), BAD_CHANGES)
def test_bad_changes_are_refused_with_a_sentence_and_change_nothing(alice_client, deck, cards, data, sentence):
    data = {key: cards.lookup("Tupdog").id if value == "TUPDOG" else value for key, value in data.items()}
    data.setdefault("version", deck.version)
    response = post_json(alice_client, f"/decks/{deck.id}/cards", data)
    assert response.status_code == 400
    assert sentence in response.json()["detail"]
    assert fresh(deck).version == deck.version and counts(deck) == {}


@pytest.mark.parametrize("body", ["{not json", "[1, 2]", '"text"', "null", "\xff"])
def test_a_body_that_is_no_json_object_is_refused(alice_client, deck, body):
    for url in (f"/decks/{deck.id}/cards", f"/decks/{deck.id}/details"):
        response = alice_client.post(url, body.encode("latin-1"), content_type="application/json")
        assert response.status_code == 400, url
        assert response.json()["detail"].startswith("The request body")
    assert fresh(deck).version == deck.version


def test_a_bad_form_post_gets_a_page_with_the_sentence(alice_client, deck):
    response = alice_client.post(f"/decks/{deck.id}/cards", {"card": "x", "delta": "1", "version": deck.version})
    assert response.status_code == 400
    assert "whole number" in text_of(response.content.decode())


def test_too_many_different_cards_are_refused(alice_client, deck, cards, monkeypatch):
    monkeypatch.setattr(services, "MAX_CARDS_PER_DECK", 1)
    change(alice_client, deck, card=cards.lookup("Tupdog").id, delta=1)
    answer = change(alice_client, deck, expect=400, card=cards.lookup("Blood Doll").id, delta=1)
    assert "at most 1 different cards" in answer["detail"]
    assert fresh(deck).version == deck.version + 1  # the refused change did not move the version


def test_json_changes_need_the_csrf_token_the_page_holds(alice, deck, cards):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    body = json.dumps({"card": cards.lookup("Tupdog").id, "delta": 1, "version": deck.version})
    url = f"/decks/{deck.id}/cards"
    assert client.post(url, body, content_type="application/json").status_code == 403
    page = client.get(f"/decks/{deck.id}/edit").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert client.post(url, body, content_type="application/json", headers={"X-CSRFToken": token}).status_code == 200


# ---- search --------------------------------------------------------------------------------------


def search(client: Client, deck: Deck, expect: int = 200, **params) -> str:
    response = client.get(f"/decks/{deck.id}/search", params)
    assert response.status_code == expect, response.content.decode()[:2000]
    return response.content.decode()


def test_search_results_can_be_added_from(alice_client, deck, cards):
    fragment = search(alice_client, deck, q="tupd")
    tupdog = cards.lookup("Tupdog")
    assert result_ids(fragment)[0] == tupdog.id
    item = re.search(rf'<li class="search-result[^"]*" data-card-id="{tupdog.id}".*?</li>', fragment, re.S).group(0)
    assert re.search(r'<button type="submit" class="add"[^>]*>Add</button>', item)
    assert 'aria-label="Add the copies of Tupdog"' in item
    assert "<html" not in fragment  # a fragment, not a page


def count_box(fragment: str, card_id: int) -> dict[str, str]:
    item = re.search(rf'<li class="search-result[^"]*" data-card-id="{card_id}".*?</li>', fragment, re.S).group(0)
    box = re.search(r'<input type="number" name="delta"[^>]*>', item)
    assert box, item
    label = re.search(r'<label class="visually-hidden" for="([^"]+)">([^<]*)</label>', item)
    return {**dict(re.findall(r'(\w+)="([^"]*)"', box.group(0))), "label": label.group(2), "for": label.group(1)}


def test_a_count_box_beside_add_offers_up_to_what_the_decks_part_may_hold(alice_client, deck, cards):
    # 10 copies were Add and 9 clicks: the box says how many; the deck's format bounds it (VEKN: a library of
    # at most 90 cards, a crypt without a maximum but the server's own bound).
    govern = cards.lookup("Govern the Unaligned")
    box = count_box(search(alice_client, deck, q="govern the unaligned"), govern.id)
    assert (box["value"], box["min"], box["max"]) == ("1", "1", "90")
    assert box["label"] == "Copies of Govern the Unaligned to add" and box["for"] == box["id"]
    tupdog = cards.lookup("Tupdog")
    assert count_box(search(alice_client, deck, q="tupdog"), tupdog.id)["max"] == str(services.MAX_COPIES)


def test_the_add_form_adds_the_copies_of_its_count_box_without_a_script(alice_client, deck, cards):
    govern = cards.lookup("Govern the Unaligned")
    page = alice_client.get(f"/decks/{deck.id}/edit", {"q": "govern the unaligned"}).content.decode()
    assert count_box(page, govern.id)["value"] == "1"
    form = {"card": govern.id, "delta": "10", "version": fresh(deck).version, "search": "q=govern+the+unaligned"}
    response = alice_client.post(f"/decks/{deck.id}/cards", form)
    assert response.status_code == 302 and "q=govern" in response["Location"]
    assert counts(deck) == {govern.id: 10}


def test_search_filters_by_kind_clan_discipline_and_type(alice_client, deck, cards):
    ids = result_ids(search(alice_client, deck, kind="crypt", clan="gargoyle"))
    assert ids and all(cards[i].is_crypt and "Gargoyle" in cards[i].clans for i in ids)
    ids = result_ids(search(alice_client, deck, type="Reaction", discipline="dom"))
    assert cards.lookup("Deflection").id in ids
    assert all("Reaction" in cards[i].types and "dom" in cards[i].discipline_requirement.codes for i in ids)


def test_search_shows_at_most_50_cards(alice_client, deck):
    fragment = search(alice_client, deck, kind="library")
    assert len(result_ids(fragment)) == 50
    assert "narrow the search" in text_of(fragment)


def test_search_with_bad_filters_says_why(alice_client, deck):
    fragment = search(alice_client, deck, expect=400, discipline="zzz")
    assert "Unknown discipline" in text_of(fragment) and result_ids(fragment) == []
    assert search(alice_client, deck, expect=400, kind="sideboard")
    assert "Type part of a card name" in text_of(search(alice_client, deck))


def test_the_group_filter_hides_vampires_that_would_break_the_crypt(alice_client, alice, cards):
    deck = make_deck(alice, cards, {"Tupdog": 2}, {})  # group 3
    group = {name: cards.lookup(name).id for name in ("Tupdog", "Cedric", "Erinyi", "Fustuk", "Alabástrom")}
    everyone = result_ids(search(alice_client, deck, clan="gargoyle"))
    assert set(group.values()) <= set(everyone)
    fitting = result_ids(search(alice_client, deck, clan="gargoyle", hide_breakers="1"))
    assert {group["Tupdog"], group["Cedric"], group["Erinyi"]} <= set(fitting)  # groups 3, 4, 2
    assert group["Fustuk"] not in fitting and group["Alabástrom"] not in fitting  # groups 5, 6
    assert all(cards[i].group in ("2", "3", "4") for i in fitting if cards[i].is_crypt)
    # With a group 2 vampire in the crypt, group 4 no longer fits either.
    change(alice_client, deck, card=group["Erinyi"], delta=1)
    fragment = search(alice_client, deck, clan="gargoyle", kind="crypt", hide_breakers="1")
    assert {cards[i].group for i in result_ids(fragment)} == {"2", "3"}
    assert "groups 2–3 and ANY" in text_of(fragment)
    # ANY fits every crypt, and library cards are never hidden.
    assert cards.lookup("Anarch Convert").id in result_ids(
        search(alice_client, deck, q="anarch convert", hide_breakers="1")
    )
    assert cards.lookup("Blood Doll").id in result_ids(search(alice_client, deck, q="blood doll", hide_breakers="1"))


def test_the_editor_page_searches_without_javascript(alice_client, alice, cards):
    deck = make_deck(alice, cards, {"Tupdog": 2}, {})
    page = alice_client.get(f"/decks/{deck.id}/edit", {"clan": "gargoyle", "hide_breakers": "1"}).content.decode()
    ids = result_ids(page)
    assert cards.lookup("Cedric").id in ids and cards.lookup("Fustuk").id not in ids
    assert re.search(r'id="hide-breakers"[^>]*checked', page)
    assert re.search(r'<option value="gargoyle" selected>', page)
    # Adding from the results comes back to the same search.
    assert 'name="search" value="clan=gargoyle&amp;hide_breakers=1"' in page
    assert alice_client.get(f"/decks/{deck.id}/edit", {"discipline": "nope"}).status_code == 400


# ---- details -------------------------------------------------------------------------------------


def details(client: Client, deck: Deck, expect: int = 200, **data) -> dict:
    data.setdefault("version", fresh(deck).version)
    response = post_json(client, f"/decks/{deck.id}/details", data)
    assert response.status_code == expect, response.content.decode()[:2000]
    return response.json()


def test_details_save_as_you_type(alice_client, deck):
    answer = details(alice_client, deck, name="Madness network v2")
    assert answer["version"] == deck.version + 1 and answer["details"]["name"] == "Madness network v2"
    again = fresh(deck)
    assert (again.name, again.description, again.visibility) == ("Madness network v2", "", "private")
    answer = details(alice_client, deck, description="Bleed with Dominate.\nVote when you can.", visibility="public")
    assert (fresh(deck).description, fresh(deck).visibility) == ("Bleed with Dominate.\nVote when you can.", "public")
    answer = details(alice_client, deck, tags="Bleed, Malkavian, , bleed")
    assert answer["details"]["tags"] == ["bleed", "malkavian"]
    answer = details(alice_client, deck, tags=["Stealth", "Vote"])
    assert answer["details"]["tags"] == ["stealth", "vote"]
    assert fresh(deck).name == "Madness network v2"  # fields left out stay as they were


def test_bad_details_are_refused(alice_client, deck):
    assert "Visibility" in details(alice_client, deck, expect=400, visibility="everyone")["detail"]
    assert (
        "at most 12 tags"
        in details(alice_client, deck, expect=400, tags=",".join(f"t{i}" for i in range(13)))["detail"]
    )
    assert "Name" in details(alice_client, deck, expect=400, name="x" * 201)["detail"]
    assert "Tags" in details(alice_client, deck, expect=400, tags=[1, 2])["detail"]
    assert "version" in details(alice_client, deck, expect=400, name="x", version=None)["detail"]
    again = fresh(deck)
    assert (again.version, again.name, again.visibility) == (deck.version, "Madness network", "private")


def test_details_form_works_without_javascript(alice_client, deck):
    response = alice_client.post(
        f"/decks/{deck.id}/details",
        {
            "name": "Plain form",
            "description": "",
            "visibility": "unlisted",
            "tags": "a, b",
            "version": deck.version,
        },
    )
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.id}/edit"
    again = fresh(deck)
    assert (again.name, again.visibility, list(again.tags.values_list("name", flat=True))) == (
        "Plain form",
        "unlisted",
        ["a", "b"],
    )
    assert "details were saved" in alice_client.get(response["Location"]).content.decode()


# ---- panels --------------------------------------------------------------------------------------


def test_the_vdb_link_follows_each_saved_change(alice_client, alice, cards):
    deck = make_deck(alice, cards, CRYPT, LIBRARY, name="Network")
    tupdog = cards.lookup("Tupdog")
    answer = change(alice_client, deck, card=tupdog.id, delta=1)
    link = decklist.parse(answer["vdb_url"], cards, format="vdb-url")
    assert link.same_cards(fresh(deck).to_core()) and link.crypt[tupdog.id] == 1
    renamed = post_json(alice_client, f"/decks/{deck.id}/details", {"name": "Network v2", "version": answer["version"]})
    assert "name=Network%20v2" in renamed.json()["vdb_url"]


def test_panels_come_back_as_json_to_reload_after_a_conflict(alice_client, alice, cards):
    deck = make_deck(alice, cards, CRYPT, LIBRARY, name="Network", tags=["bleed"])
    answer = alice_client.get(f"/decks/{deck.id}/panels").json()
    assert answer["version"] == deck.version
    assert answer["details"] == {
        "name": "Network",
        "description": "",
        "visibility": "private",
        "tags": ["bleed"],
        "format": "vekn",
    }
    assert answer["summary"]["legal"] is True and answer["summary"]["crypt_count"] == 12
    assert legal_flag(answer["panels"]["legality"]) == "true"
    assert sum(deck_rows(answer["panels"]["deck"]).values()) == 72
    assert answer["panels"]["stats"].startswith('<section id="stats-panel"')
    # The panels JSON and the page render the same partials.
    page = alice_client.get(f"/decks/{deck.id}/edit").content.decode()
    assert without_tokens(section(page, "deck-panel")) == without_tokens(answer["panels"]["deck"].strip())
