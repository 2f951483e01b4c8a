"""Editing or deleting a custom format (issue 24, item 7): the request judges none of the decks playing it, so
its work is the same for two decks or two hundred and fifty; every door that shows a deck's verdict shows the
verdict of the format's latest rules all the same (the deck pages and lists, the "fits" filter, the editor,
the API, the admin), each stale badge judged again when shown (``decks.services.judge_stale``)."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cards import index
from decks import services
from decks.models import Deck, DeckCard
from formats.models import CustomFormat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles", "unthrottled")]

PASSWORD = "not-a-real-password-42"
# Every card, 12+ crypt, a 40 to 60 card library: a league. Its settings as the page's form posts them.
LEAGUE = {
    "name": "Forty-card league",
    "crypt_min": "12",
    "library_min": "40",
    "library_max": "60",
    "group_window": "2",
    "bans": "on",
    "release_delay": "on",
    "allowed_sets": [],
    "allowed_cards": "",
    "banned_cards": "",
}
SIXTY = {**LEAGUE, "library_min": "60", "library_max": "90"}


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def league_of(user) -> CustomFormat:
    assert client_for(user).post("/formats/new/", LEAGUE).status_code == 302
    return CustomFormat.objects.get(owner=user)


def forty_card_deck(owner, format_id: str, name: str = "Forty") -> Deck:
    cards = index.get()
    vampire = next(c for c in cards if c.is_crypt and c.group == "6" and "V5" in {p.set for p in c.printings})
    core = services.CoreDeck()
    core.add(vampire, 12)
    core.add(cards.lookup("Blood Doll"), 20)
    core.add(cards.lookup("Deflection"), 20)
    return services.create(owner, core, name=name, visibility=Deck.Visibility.PUBLIC, format=format_id)


def page_badges(page: str) -> dict[str, bool]:
    """Deck id → its legal badge, for each row of a deck list page."""
    rows = re.findall(r'<tr class="deck-row">(.*?)</tr>', page, re.S)
    found = {}
    for row in rows:
        deck_id = re.search(r'href="/decks/([a-z0-9]+)/"', row)[1]
        found[deck_id] = "badge-legal" in row
    return found


def every_door(client: Client, deck: Deck, format_id: str) -> dict[str, object]:
    """What each door says of ``deck``: its badge in each list, its verdict on its pages and in the API."""
    api = lambda url: client.get(url, HTTP_ACCEPT="application/json").json()  # noqa: E731
    detail = client.get(f"/decks/{deck.id}/").content.decode()
    editor = client.get(f"/decks/{deck.id}/edit").content.decode()
    fits_page = page_badges(client.get(f"/decks/?fits={format_id}").content.decode())
    fits_api = {d["id"]: d["legal"] for d in api(f"/api/v1/decks/?fits={format_id}")["results"]}
    return {
        "public list": page_badges(client.get("/decks/").content.decode())[deck.id],
        "my decks": page_badges(client.get("/decks/mine/").content.decode())[deck.id],
        "fits page": fits_page.get(deck.id),  # None: the deck does not fit the format
        "deck page": 'class="deck-section legality is-legal"' in detail,
        "editor": 'data-legal="true"' in editor,
        "api list": {d["id"]: d["legal"] for d in api("/api/v1/decks/?mine=true")["results"]}[deck.id],
        "api fits": fits_api.get(deck.id),
        "api deck": api(f"/api/v1/decks/{deck.id}/")["legal"],
        "api report": api(f"/api/v1/decks/{deck.id}/")["report"]["legal"],
    }


def judged(verdict: bool, fits: bool) -> dict[str, object]:
    return {
        "public list": verdict,
        "my decks": verdict,
        "fits page": verdict if fits else None,
        "deck page": verdict,
        "editor": verdict,
        "api list": verdict,
        "api fits": verdict if fits else None,
        "api deck": verdict,
        "api report": verdict,
    }


def test_every_door_shows_the_verdict_of_the_formats_latest_rules(alice):
    league = league_of(alice)
    deck = forty_card_deck(alice, league.id)
    client = client_for(alice)
    assert every_door(client, deck, league.id) == judged(True, fits=True)
    assert client.post(f"/formats/{league.id}/edit/", SIXTY).status_code == 302  # the page's edit
    assert every_door(client, deck, league.id) == judged(False, fits=False)
    answer = client.patch(
        f"/api/v1/formats/{league.id}/",
        json.dumps({"library_min": 40, "library_max": 60}),
        content_type="application/json",
    )  # the API's edit
    assert answer.status_code == 200
    assert every_door(client, deck, league.id) == judged(True, fits=True)
    # Once shown, the stored badge is the new one, with the revision it was judged by.
    stored = Deck.objects.values_list("legal", "format_revision").get(pk=deck.pk)
    assert stored == (True, CustomFormat.objects.get(pk=league.id).revision)


def test_the_admin_shows_the_verdict_of_the_formats_latest_rules(alice):
    league = league_of(alice)
    deck = forty_card_deck(alice, league.id)
    admin = get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    client_for(alice).post(f"/formats/{league.id}/edit/", SIXTY)
    listing = client_for(admin).get("/admin/decks/deck/").content.decode()
    row = re.search(rf"<tr>.*?/admin/decks/deck/{deck.id}/change/.*?</tr>", listing, re.S)[0]
    assert 'alt="False"' in row and 'alt="True"' not in row


def test_a_deleted_formats_decks_play_vekn_at_every_door(alice):
    league = league_of(alice)
    deck = forty_card_deck(alice, league.id)  # 40 library cards: no VEKN deck
    client = client_for(alice)
    assert client.post(f"/formats/{league.id}/delete").status_code == 302
    doors = every_door(client, deck, "vekn")
    assert doors == judged(False, fits=False)
    shown = client.get(f"/api/v1/decks/{deck.id}/", HTTP_ACCEPT="application/json").json()
    assert (shown["ruleset"], shown["report"]["ruleset"]) == ("vekn", "vekn")
    assert Deck.objects.values_list("format", "legal").get(pk=deck.pk) == ("vekn", False)


def many_decks(owner, format_id: str, n: int) -> None:
    """``n`` decks playing the format, written in bulk (the services would take a second per hundred)."""
    template = forty_card_deck(owner, format_id, name="Template")
    rows = list(template.cards.values("card_id", "crypt", "count", "position"))
    copies = Deck.objects.bulk_create(
        [
            Deck(
                owner=owner,
                name=f"Copy {i}",
                format=format_id,
                crypt_count=template.crypt_count,
                library_count=template.library_count,
                legal=True,
                format_revision=template.format_revision,
            )
            for i in range(n - 1)
        ]
    )
    DeckCard.objects.bulk_create([DeckCard(deck=copy, **row) for copy in copies for row in rows])


def edit_work(client: Client, format_id: str, monkeypatch) -> list[tuple[int, int]]:
    """(SQL queries, decks judged) of each way to change the format: the page's edit, the API's, deleting it."""
    judged_decks = []
    real = services.validate
    monkeypatch.setattr(services, "validate", lambda *a, **k: judged_decks.append(1) or real(*a, **k))
    work = []
    for send in (
        lambda: client.post(f"/formats/{format_id}/edit/", SIXTY),
        lambda: client.patch(
            f"/api/v1/formats/{format_id}/",
            json.dumps({"library_min": 40, "library_max": 60}),
            content_type="application/json",
        ),
        lambda: client.post(f"/formats/{format_id}/delete"),
    ):
        judged_decks.clear()
        with CaptureQueriesContext(connection) as queries:
            assert send().status_code in (200, 302)
        work.append((len(queries), len(judged_decks)))
    return work


def test_an_edit_does_the_same_work_whatever_the_number_of_decks(alice, monkeypatch):
    bob = get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    few, lots = league_of(alice), league_of(bob)
    many_decks(alice, few.id, 2)
    many_decks(bob, lots.id, 250)
    work_few = edit_work(client_for(alice), few.id, monkeypatch)
    work_lots = edit_work(client_for(bob), lots.id, monkeypatch)
    assert work_few == work_lots, (work_few, work_lots)
    assert all(decks == 0 for _queries, decks in work_lots)  # no deck judged inside the request


def test_the_lists_judge_at_most_a_page_of_decks(alice, monkeypatch):
    league = league_of(alice)
    many_decks(alice, league.id, 60)
    client_for(alice).post(f"/formats/{league.id}/edit/", SIXTY)
    judged_decks = []
    real = services.validate
    monkeypatch.setattr(services, "validate", lambda *a, **k: judged_decks.append(1) or real(*a, **k))
    page = page_badges(client_for(alice).get("/decks/mine/").content.decode())
    assert len(page) == len(judged_decks) < 60 and not any(page.values())
    answer = client_for(alice).get("/api/v1/decks/?mine=true&page_size=10", HTTP_ACCEPT="application/json").json()
    assert [d["legal"] for d in answer["results"]] == [False] * 10


def test_a_deck_changed_while_judged_again_keeps_its_own_verdict(alice):
    league = league_of(alice)
    deck = forty_card_deck(alice, league.id)
    client_for(alice).post(f"/formats/{league.id}/edit/", SIXTY)
    seen = Deck.objects.get(pk=deck.pk)  # read with the stale badge, by a list about to judge it
    Deck.objects.filter(pk=deck.pk).update(
        version=seen.version + 1, legal=True, format_revision=99
    )  # changed meanwhile
    assert services.judge_stale([seen]) == 1 and seen.legal is False  # the list shows what it judged
    assert Deck.objects.values_list("legal", "format_revision").get(pk=deck.pk) == (True, 99)  # not overwritten
