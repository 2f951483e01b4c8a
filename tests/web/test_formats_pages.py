"""The format pages and the places a format is chosen: saving a custom format (sizes, sets, allowed and
banned cards) and sharing it by its link; the judge's page checking with it; the editor's format select
and its "only cards in this deck's format" search; the "fits format" filter of /twda/ and /decks/.
"""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.contrib.auth import get_user_model

from cards import index
from decks import services
from decks.models import Deck
from formats.models import CustomFormat
from tests.access import client_of
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.validate import card_in_format

pytestmark = pytest.mark.django_db

PASSWORD = "not-a-real-password-42"


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)


def text_of(page: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def v5_vampire():
    return next(c for c in index.get() if c.is_crypt and c.group == "6" and "V5" in {p.set for p in c.printings})


def deck_of(owner, crypt, library, **kwargs) -> Deck:
    cards = index.get()
    core = CoreDeck()
    for name, n in [*crypt.items(), *library.items()]:
        core.add(cards.lookup(name) if isinstance(name, str) else name, n)
    return services.create(owner, core, **kwargs)


LEAGUE = {
    "name": "Anarch league",
    "crypt_min": "12",
    "library_min": "40",
    "library_max": "60",
    "group_window": "2",
    "bans": "on",
    "release_delay": "on",
    "allowed_sets": ["V5A"],
    "allowed_cards": "Blood Doll\n100518",  # by name and by VEKN id (Deflection)
    "banned_cards": "",
}


# --- custom formats: save, view by link, edit ------------------------------------------------------


def test_a_player_saves_a_format_and_shares_its_link(alice, bob):
    response = client_of(alice).post("/formats/new/", LEAGUE)
    assert response.status_code == 302
    custom = CustomFormat.objects.get(owner=alice)
    assert response["Location"] == f"/formats/{custom.id}/"
    assert custom.data["allowed_sets"] == ["V5A"] and custom.data["library_max"] == 60
    assert custom.data["allowed_cards"] == sorted([index.get().lookup("Blood Doll").id, 100518])
    # Bob has the link: he reads it (no edit button), and cannot edit it.
    page = text_of(client_of(bob).get(f"/formats/{custom.id}/").content.decode())
    assert "Anarch league" in page and "40 to 60 cards" in page and "V5A" in page and "Deflection" in page
    assert client_of(bob).get(f"/formats/{custom.id}/edit/").status_code == 404
    assert client_of(bob).post(f"/formats/{custom.id}/delete").status_code == 404
    # The owner's list has it; another's does not.
    assert "Anarch league" in client_of(alice).get("/formats/").content.decode()
    assert "Anarch league" not in client_of(bob).get("/formats/").content.decode()


def test_an_unknown_card_name_is_a_400_naming_it(alice):
    response = client_of(alice).post("/formats/new/", {**LEAGUE, "banned_cards": "Govern teh Unaligned"})
    assert response.status_code == 400
    assert "Govern teh Unaligned" in text_of(response.content.decode())
    assert not CustomFormat.objects.exists()


@pytest.mark.parametrize("line", ["²", "1" * 5000, "١٠٠٥١٨"])  # a superscript, a huge number, Arabic-Indic digits
def test_a_card_line_that_is_no_card_id_is_a_400_not_a_crash(alice, line):
    response = client_of(alice).post("/formats/new/", {**LEAGUE, "allowed_cards": f"Blood Doll\n{line}"})
    assert response.status_code == 400
    assert "No card is called" in text_of(response.content.decode())
    assert not CustomFormat.objects.exists()


def test_the_owner_edits_and_deletes_a_format(alice):
    client = client_of(alice)
    client.post("/formats/new/", LEAGUE)
    custom = CustomFormat.objects.get(owner=alice)
    form = client.get(f"/formats/{custom.id}/edit/").content.decode()
    assert "Blood Doll" in form and 'value="V5A" selected' in form
    assert client.post(f"/formats/{custom.id}/edit/", {**LEAGUE, "library_max": ""}).status_code == 302
    custom.refresh_from_db()
    assert custom.data["library_max"] is None
    assert client.post(f"/formats/{custom.id}/delete").status_code == 302
    assert not CustomFormat.objects.exists()


def test_decks_of_a_format_follow_its_edits_and_play_vekn_once_it_is_deleted(alice):
    """A 40-card library fits the league (40 to 60), then not when the league asks 60; a 60-card one fits it
    all along. Deleted, the league leaves its decks to VEKN: the 40-card deck is no tournament deck."""
    client = client_of(alice)
    league = {**LEAGUE, "allowed_sets": [], "allowed_cards": ""}  # every card
    client.post("/formats/new/", league)
    custom = CustomFormat.objects.get(owner=alice)
    short = deck_of(alice, {v5_vampire(): 12}, {"Blood Doll": 20, "Deflection": 20}, format=custom.id)
    full = deck_of(alice, {v5_vampire(): 12}, {"Blood Doll": 30, "Deflection": 30}, format=custom.id)

    def badges():  # as /decks/mine/ shows them (each stale badge judged again), then as stored
        page = client.get("/decks/mine/").content.decode()
        shown = {
            pk: "badge-legal" in re.search(rf'href="/decks/{pk}/".*?</tr>', page, re.S)[0] for pk in (short.pk, full.pk)
        }
        stored = {d.pk: (d.format, d.legal) for d in Deck.objects.filter(pk__in=[short.pk, full.pk])}
        assert shown == {pk: legal for pk, (_format, legal) in stored.items()}
        return stored

    assert badges() == {short.pk: (custom.id, True), full.pk: (custom.id, True)}
    assert client.post(f"/formats/{custom.id}/edit/", {**league, "library_min": "60"}).status_code == 302
    assert badges() == {short.pk: (custom.id, False), full.pk: (custom.id, True)}
    assert client.post(f"/formats/{custom.id}/edit/", league).status_code == 302
    assert badges() == {short.pk: (custom.id, True), full.pk: (custom.id, True)}
    assert client.post(f"/formats/{custom.id}/delete").status_code == 302
    assert badges() == {short.pk: ("vekn", False), full.pk: ("vekn", True)}
    # The editor saves the deck's details again (it posts the deck's format with them).
    answer = client.post(
        f"/decks/{short.id}/details",
        json.dumps({"name": "Short", "format": "vekn", "version": short.version}),
        content_type="application/json",
    )
    assert answer.status_code == 200 and Deck.objects.get(pk=short.pk).name == "Short"


def test_a_deck_still_naming_a_deleted_format_saves_its_details(alice):
    """A deck left naming a format deleted before decks followed their format: its editor posts that value
    back with every change, which is no change of format."""
    deck = deck_of(alice, {v5_vampire(): 12}, {"Blood Doll": 60})
    Deck.objects.filter(pk=deck.pk).update(format="fdeadbeefdeadbee")
    client = client_of(alice)
    page = client.get(f"/decks/{deck.id}/edit").content.decode()
    assert 'value="fdeadbeefdeadbee" selected' in page
    response = client.post(
        f"/decks/{deck.id}/details", {"name": "Renamed", "format": "fdeadbeefdeadbee", "version": deck.version}
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert (deck.name, deck.format) == ("Renamed", "fdeadbeefdeadbee")
    refused = client.post(f"/decks/{deck.id}/details", {"format": "fbadbadbadbadbad", "version": deck.version})
    assert refused.status_code == 400


def test_built_in_formats_are_public_and_saving_one_asks_for_a_login(alice):
    listed = text_of(client_of().get("/formats/").content.decode())
    assert "V5" in listed and "Duel (casual)" in listed and "My formats" not in listed
    assert client_of().get("/formats/new/").status_code == 302
    page = text_of(client_of().get("/formats/duel/").content.decode())
    assert "Duel (casual)" in page and "40 to 60 cards" in page and "casual" in page.lower()
    assert client_of().get("/formats/fnothingatallxxx/").status_code == 404


def test_the_v5_page_shows_its_data_version_and_the_notes_on_disputed_promos():
    from vtesdeck.core import formats

    page = text_of(client_of().get("/formats/v5/").content.decode())
    assert formats.v5_data()["version"] in page
    assert "Ashlesha" in page  # a promo of the V5 era
    assert "Anarch Convert" in page and "Anchors differ" in page  # a 2008 card reprinted as a 2021 promo


def test_the_check_page_checks_with_a_shared_format(alice, bob):
    client_of(alice).post("/formats/new/", LEAGUE)
    custom = CustomFormat.objects.get(owner=alice)
    page = client_of(bob).get(f"/check/?ruleset={custom.id}").content.decode()
    assert re.search(rf'<option value="{custom.id}" selected>Anarch league</option>', page)
    text = f"Crypt (12 cards)\n12x {v5_vampire().unique_name}\nLibrary (40 cards)\n20x Blood Doll\n20x Deflection\n"
    result = client_of(bob).post("/check/", {"text": text, "ruleset": custom.id, "as_of": "today"})
    assert result.status_code == 200
    assert "Anarch league" in text_of(result.content.decode())


# --- the editor: a deck's format, and the search that keeps to it ----------------------------------


def test_the_editor_sets_the_decks_format_and_its_legality_follows(alice):
    deck = deck_of(alice, {v5_vampire(): 12}, {"Blood Doll": 20, "Deflection": 20})
    client = client_of(alice)
    page = client.get(f"/decks/{deck.id}/edit").content.decode()
    select = re.search(r'<select name="format"[^>]*id="deck-format".*?</select>', page, re.S).group(0)
    assert re.findall(r'value="([^"]+)"', select) == ["vekn", "rulebook-2011", "v5", "duel"]
    assert not deck.legal  # 40 library cards: no VEKN deck
    # The script's autosave: JSON, answered with the panels to redraw.
    answer = client.post(
        f"/decks/{deck.id}/details",
        json.dumps({"format": "duel", "version": deck.version}),
        content_type="application/json",
    ).json()
    assert answer["details"]["format"] == "duel" and answer["summary"]["legal"] is True
    deck.refresh_from_db()
    assert (deck.format, deck.legal) == ("duel", True)
    # Without a script: the form posts and the editor comes back.
    response = client.post(f"/decks/{deck.id}/details", {"format": "vekn", "version": deck.version})
    assert response.status_code == 302
    deck.refresh_from_db()
    assert (deck.format, deck.legal) == ("vekn", False)
    refused = client.post(
        f"/decks/{deck.id}/details",
        json.dumps({"format": "modern", "version": deck.version}),
        content_type="application/json",
    )
    assert refused.status_code == 400 and Deck.objects.get(pk=deck.pk).format == "vekn"


def test_the_editor_search_keeps_to_the_decks_format_when_asked(alice):
    deck = deck_of(alice, {v5_vampire(): 12}, {"Blood Doll": 60}, format="v5")
    cards = index.get()
    client = client_of(alice)

    def found(**params) -> set[int]:
        page = client.get(f"/decks/{deck.id}/search", {"kind": "library", "q": "wake", **params}).content.decode()
        return {int(i) for i in re.findall(r'data-card-id="(\d+)"', page)}

    everything, in_format = found(), found(in_format="1")  # a few cards: "Wake with Evening's Freshness"…
    assert in_format and in_format < everything
    assert all(card_in_format("v5", i, cards) for i in in_format)
    assert not all(card_in_format("v5", i, cards) for i in everything - in_format)
    page = client.get(f"/decks/{deck.id}/edit", {"q": "wake", "in_format": "1"}).content.decode()
    assert re.search(r'id="in-format" name="in_format" value="1" checked', page)


# --- "fits format" on the searches --------------------------------------------------------------


def test_the_public_list_filters_decks_by_the_format_they_fit(alice):
    deck_of(alice, {v5_vampire(): 12}, {"Blood Doll": 60}, name="Fifth only", visibility="public")
    deck_of(alice, {"Anson": 12}, {"Blood Doll": 60}, name="Jyhad crypt", visibility="public")
    page = text_of(client_of().get("/decks/", {"fits": "v5"}).content.decode())
    assert "Fifth only" in page and "Jyhad crypt" not in page
    page = text_of(client_of().get("/decks/", {"fits": "vekn"}).content.decode())
    assert "Fifth only" in page and "Jyhad crypt" in page
    assert client_of().get("/decks/", {"fits": "nope"}).status_code == 400


def test_the_archive_page_filters_by_format(archive_ids):
    if not archive_ids:
        pytest.skip("no archive")
    every = client_of().get("/twda/").content.decode()
    fits_vekn = client_of().get("/twda/", {"fits": "vekn"}).content.decode()
    fits_v5 = client_of().get("/twda/", {"fits": "v5"}).content.decode()
    for deck_id in archive_ids:
        assert f"/twda/{deck_id}/" in every and f"/twda/{deck_id}/" in fits_vekn  # legal tournament decks today
        assert f"/twda/{deck_id}/" not in fits_v5  # each plays a card older than Fifth Edition
    assert re.search(r'<option value="v5">', fits_vekn)
    assert client_of().get("/twda/", {"fits": "nope"}).status_code == 400
