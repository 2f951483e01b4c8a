"""The collection's pages: my collection (add, remove, import, export, a whole precon, history, sharing), the
panel on every deck page (what I own and miss, mixed printings, missing cards to the wishlist, the build mode),
the build planner, and the "buildable from my collection" filters of the deck and archive searches."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cards import index
from collection import services
from collection.models import DeckBuild, Entry, Event, WishlistEntry
from decks import services as deck_services
from decks.models import Deck
from simulations.models import Simulation
from vtesdeck.core import collection as core

pytestmark = pytest.mark.django_db

PASSWORD = "not-a-real-password-42"
GARGOYLES = (
    "Deck Name: Rock drop\nCrypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"
)


def _id(name: str) -> int:
    card = index.get().lookup(name)
    assert card is not None
    return card.id


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)


@pytest.fixture
def client_of():
    def make(user) -> Client:
        client = Client()
        client.force_login(user)
        return client

    return make


@pytest.fixture
def rock_drop(alice) -> Deck:
    core_deck = deck_services.parse_text(GARGOYLES)
    return deck_services.create(alice, core_deck, name="Rock drop", visibility=Deck.Visibility.PUBLIC)


def _own(user, name: str, count: int, set: str = "") -> None:
    services.add(user, [core.Line(card_id=_id(name), count=count, set=set)])


# --- my collection --------------------------------------------------------------------------------


def test_the_collection_needs_a_login(client):
    response = client.get("/collection/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def _deltas(user) -> list[int]:
    """The copies each change of the user's history added or removed, per row, smallest first."""
    return sorted(
        line[3] for lines in Event.objects.filter(owner=user).values_list("lines", flat=True) for line in lines
    )


def test_adding_cards_by_name_keeps_an_event_each(alice, client_of):
    client = client_of(alice)
    response = client.post("/collection/add/", {"card": "Tupdog", "count": "3", "set": "Gargoyles", "language": "en"})
    assert response.status_code == 302
    client.post("/collection/add/", {"card": "Tupdog", "count": "2", "set": "Gargoyles", "language": "en"})
    entry = Entry.objects.get(owner=alice)
    assert (entry.card_id, entry.count, entry.set) == (_id("Tupdog"), 5, "Gargoyles")
    assert Event.objects.filter(owner=alice).count() == 2 and _deltas(alice) == [2, 3]
    page = client.get("/collection/").content.decode()
    assert "Tupdog" in page and "Gargoyles" in page


def test_removing_copies_is_an_event_too_and_history_is_never_rewritten(alice, client_of):
    client = client_of(alice)
    _own(alice, "Tupdog", 4)
    entry = Entry.objects.get(owner=alice)
    client.post("/collection/remove/", {"entry": entry.pk, "count": "3"})
    assert Entry.objects.get(owner=alice).count == 1
    assert _deltas(alice) == [-3, 4]
    event = Event.objects.filter(owner=alice).first()
    event.copies = 100
    with pytest.raises(ValueError):
        event.save()


@pytest.mark.parametrize("count", ["1_0", "²", "+2", "2.0", "9" * 5000])
def test_copies_to_remove_are_a_whole_number_as_typed_or_nothing_is_removed(alice, client_of, count):
    _own(alice, "Tupdog", 40)
    entry = Entry.objects.get(owner=alice)
    response = client_of(alice).post("/collection/remove/", {"entry": entry.pk, "count": count})
    assert response.status_code == 400
    assert "Say how many copies to remove" in response.content.decode()
    assert Entry.objects.get(owner=alice).count == 40


def test_an_unknown_card_is_a_400_saying_so(alice, client_of):
    response = client_of(alice).post("/collection/add/", {"card": "Nobody At All Whatsoever", "count": "1"})
    assert response.status_code == 400
    assert "Nobody At All Whatsoever" in response.content.decode()
    assert not Entry.objects.filter(owner=alice).exists()


@pytest.mark.parametrize("text", ["²", "١٢", "1" * 5000])
def test_digits_that_are_no_number_name_no_card_and_no_row(alice, client_of, text):
    # "²" and Arabic-Indic digits are digits to Python's str.isdigit(), and int() refuses 5,000 digits.
    client = client_of(alice)
    assert client.post("/collection/add/", {"card": text, "count": "1"}).status_code == 400
    _own(alice, "Tupdog", 4)
    assert client.post("/collection/remove/", {"entry": text, "count": "1"}).status_code == 404
    assert client.post("/collection/wishlist/remove/", {"wish": text}).status_code == 302
    assert Entry.objects.get(owner=alice).count == 4


def test_a_bad_import_stores_nothing(alice, client_of):
    _own(alice, "Tupdog", 1)
    upload = SimpleUploadedFile("inventory.csv", f"Quantity,Card ID\n3,{_id('Dive Bomb')}\n2,Nobody At All\n".encode())
    response = client_of(alice).post("/collection/import/", {"file": upload, "format": "vdb-csv", "replace": "on"})
    assert response.status_code == 400
    assert "Line 3" in response.content.decode()
    assert list(Entry.objects.filter(owner=alice).values_list("card_id", "count")) == [(_id("Tupdog"), 1)]


def test_import_and_export_round_trip_in_vdb_csv(alice, client_of):
    client = client_of(alice)
    text = f"Quantity,Card ID\n3,{_id('Dive Bomb')}\n12,{_id('Tupdog')}\n"
    upload = SimpleUploadedFile("inventory.csv", text.encode())
    assert client.post("/collection/import/", {"file": upload, "format": ""}).status_code == 302
    exported = client.get("/collection/export/vdb-csv/").content.decode()
    assert exported.splitlines()[0] == "Quantity,Card ID"
    assert sorted(exported.splitlines()[1:]) == sorted(text.splitlines()[1:])
    assert set(Event.objects.filter(owner=alice).values_list("kind", flat=True)) == {Event.Kind.IMPORT}


def test_a_whole_precon_in_one_click(alice, client_of):
    response = client_of(alice).post("/collection/precon/", {"precon": "Third:SKB"})
    assert response.status_code == 302
    kit = services.precons()["Third:SKB"]
    assert sum(Entry.objects.filter(owner=alice).values_list("count", flat=True)) == kit.size
    assert set(Entry.objects.filter(owner=alice).values_list("set", flat=True)) == {"Third"}
    assert set(Event.objects.filter(owner=alice).values_list("source", flat=True)) == {"Third:SKB"}


def test_precons_are_named_by_their_product_not_their_code(alice, client_of):
    owner = client_of(alice)
    html = owner.get("/collection/").content.decode()
    assert '<option value="V5:PM">Fifth Edition — Malkavian — 89 cards</option>' in html
    assert '<option value="SP:DoF">Sabbat Preconstructed — Den of Fiends — 89 cards</option>' in html
    assert "(V5:PM)" not in html
    owner.post("/collection/precon/", {"precon": "Third:SKB"})
    history = owner.get("/collection/").content.decode().split('class="collection-history"', 1)[-1]
    assert "Third Edition — Starter Kit Brujah antitribu" in history and "Third:SKB" not in history


def test_a_shared_link_shows_the_collection_read_only(alice, client_of, client):
    _own(alice, "Tupdog", 2)
    owner = client_of(alice)
    owner.post("/collection/share/", {"share": "on"})
    link = alice.collection_share.get_absolute_url()
    page = client.get(link)
    assert page.status_code == 200 and "Tupdog" in page.content.decode()
    assert "/collection/remove/" not in page.content.decode()
    owner.post("/collection/share/", {"share": "off"})
    assert client.get(link).status_code == 404


# --- the deck page panel --------------------------------------------------------------------------


def test_a_deck_page_shows_what_i_own_and_miss(alice, client_of, rock_drop):
    _own(alice, "Tupdog", 10)
    _own(alice, "Govern the Unaligned", 40)
    page = client_of(alice).get(f"/decks/{rock_drop.id}/").content.decode()
    assert "You own 50 of the 72 card copies of this deck (69 %)." in page
    assert "Missing crypt cards (2)" in page and "Missing library cards (20)" in page


def test_add_missing_to_wishlist(alice, client_of, rock_drop):
    _own(alice, "Tupdog", 10)
    client = client_of(alice)
    response = client.post(f"/collection/wish/decks/{rock_drop.id}/")
    assert response.status_code == 302
    wishes = dict(WishlistEntry.objects.filter(owner=alice).values_list("card_id", "count"))
    assert wishes == {_id("Tupdog"): 2, _id("Govern the Unaligned"): 40, _id("Dive Bomb"): 20}
    client.post(f"/collection/wish/decks/{rock_drop.id}/")  # twice: still what is missing, not twice that
    assert dict(WishlistEntry.objects.filter(owner=alice).values_list("card_id", "count")) == wishes


def test_mixed_printings_are_warned_about(alice, client_of, rock_drop):
    _own(alice, "Tupdog", 8, set="Gargoyles")
    _own(alice, "Tupdog", 4, set="V5")
    page = client_of(alice).get(f"/decks/{rock_drop.id}/").content.decode()
    assert "Mixed printings" in page and "§4.1" in page


def test_a_fixed_deck_holds_its_cards_from_my_other_decks(alice, client_of, rock_drop):
    _own(alice, "Tupdog", 12)
    other = deck_services.create(alice, deck_services.parse_text(GARGOYLES), name="Second rock drop")
    client = client_of(alice)
    assert client.post(f"/collection/mode/{other.id}/", {"mode": "fixed"}).status_code == 302
    assert DeckBuild.objects.get(deck=other).mode == "fixed"
    report = services.deck_report(alice, {_id("Tupdog"): 12}, deck_id=rock_drop.id)
    assert (report.rows[0]["held"], report.rows[0]["missing"]) == (12, 12)
    assert client.post(f"/collection/mode/{other.id}/", {"mode": "sideways"}).status_code == 400


def test_someone_elses_deck_mode_cannot_be_set(alice, client_of, rock_drop):
    bob = get_user_model().objects.create_user("bob", password=PASSWORD)
    assert client_of(bob).post(f"/collection/mode/{rock_drop.id}/", {"mode": "fixed"}).status_code == 404


def test_an_archive_deck_page_has_the_panel(alice, client_of, archive_ids):
    if not archive_ids:
        pytest.skip("the tournament archive is not here")
    page = client_of(alice).get(f"/twda/{archive_ids[0]}/").content.decode()
    assert "You own 0 of the" in page
    response = client_of(alice).post(f"/collection/wish/twda/{archive_ids[0]}/")
    assert response.status_code == 302 and WishlistEntry.objects.filter(owner=alice).exists()


# --- the planner and the filters ------------------------------------------------------------------


def test_the_planner_page_names_the_conflicting_card_and_its_decks(alice, client_of, rock_drop):
    other = deck_services.create(alice, deck_services.parse_text(GARGOYLES), name="Second rock drop")
    _own(alice, "Tupdog", 20)
    _own(alice, "Govern the Unaligned", 80)
    _own(alice, "Dive Bomb", 40)
    page = client_of(alice).post("/collection/planner/", {"deck": [rock_drop.id, other.id]}).content.decode()
    assert "No: these cards are short." in page
    assert "Tupdog" in page and "Rock drop (12)" in page and "Second rock drop (12)" in page
    assert "1 deck:" in page


def test_buildable_filters_the_public_decks_by_my_collection(alice, client_of, rock_drop):
    _own(alice, "Tupdog", 12)
    _own(alice, "Govern the Unaligned", 40)  # 52 of 72 copies: 72 %
    client = client_of(alice)
    assert "Rock drop" in client.get("/decks/", {"buildable": "70"}).content.decode()
    assert "Rock drop" not in client.get("/decks/", {"buildable": "73"}).content.decode()


@pytest.mark.parametrize("page", ["/decks/", "/twda/"])
def test_the_buildable_field_is_shown_to_signed_in_players_only(alice, client_of, client, page):
    # A filter by one's own collection means nothing to a visitor: the searches leave it out for them.
    assert 'name="buildable"' in client_of(alice).get(page).content.decode()
    assert 'name="buildable"' not in client.get(page).content.decode()


def test_over_twenty_decks_the_planner_page_starts_a_job(alice, client_of, idle_queue):
    decks = [deck_services.create(alice, deck_services.parse_text(GARGOYLES), name=f"Deck {i}") for i in range(21)]
    _own(alice, "Tupdog", 24)
    client = client_of(alice)
    page = client.post("/collection/planner/", {"deck": [d.id for d in decks]}).content.decode()
    job = Simulation.objects.get(owner=alice, kind=Simulation.Kind.PLANNER)
    assert f"/collection/planner/{job.id}/" in page
    assert "Queued" in client.get(f"/collection/planner/{job.id}/").content.decode()


def test_buildable_filters_the_archive_for_a_logged_in_reader_only(alice, client_of, client, archive_ids):
    if not archive_ids:
        pytest.skip("the tournament archive is not here")
    from twda.models import TournamentCard

    first = archive_ids[0]
    services.add(
        alice, [core.Line(card_id=row.card_id, count=row.count) for row in TournamentCard.objects.filter(deck_id=first)]
    )
    page = client_of(alice).get("/twda/", {"buildable": "100"}).content.decode()
    assert f"/twda/{first}/" in page
    assert all(f"/twda/{other}/" not in page for other in archive_ids[1:])
    assert 'name="buildable"' not in client.get("/twda/").content.decode()  # nothing to filter by without a login


def test_the_buildable_filter_in_sql_keeps_to_its_definition(alice, client_of):
    """On random decks and collections, the SQL filter keeps exactly the decks whose owned copies (each card up to
    what the deck plays, ``core.owned_copies``) are at least N % of the deck's copies."""
    import random

    rng = random.Random(17)
    pool = [_id(name) for name in ("Tupdog", "Govern the Unaligned", "Dive Bomb", "Bum's Rush", "Blood Doll")]
    decks = []
    for number in range(12):
        cards = {card: rng.randint(1, 8) for card in rng.sample(pool, rng.randint(1, len(pool)))}
        text = "\n".join(f"{count}x {index.get()[card].unique_name}" for card, count in cards.items())
        decks.append(
            (
                deck_services.create(
                    alice, deck_services.parse_text(text), name=f"Deck {number}", visibility=Deck.Visibility.PUBLIC
                ),
                cards,
            )
        )
    services.add(alice, [core.Line(card_id=card, count=rng.randint(1, 6)) for card in pool])
    owned = services.owned(alice)
    for percent in (1, 25, 50, 75, 100):
        found = set(services.buildable_decks(Deck.objects.all(), alice, percent).values_list("id", flat=True))
        expected = {
            deck.id for deck, cards in decks if core.owned_copies(cards, owned) * 100 >= percent * sum(cards.values())
        }
        assert found == expected, percent


def test_the_buildable_filter_counts_what_my_fixed_decks_hold_as_the_deck_panel_does(alice, client_of):
    """On random decks (some fixed) and a random collection, the SQL filter's copies of each deck are the deck
    panel's (``deck_report``): the copies owned less those the user's other fixed decks hold."""
    import random

    rng = random.Random(23)
    pool = [_id(name) for name in ("Tupdog", "Govern the Unaligned", "Dive Bomb", "Bum's Rush", "Blood Doll")]
    decks = []
    for number in range(10):
        cards = {card: rng.randint(1, 6) for card in rng.sample(pool, rng.randint(1, len(pool)))}
        text = "\n".join(f"{count}x {index.get()[card].unique_name}" for card, count in cards.items())
        deck = deck_services.create(
            alice, deck_services.parse_text(text), name=f"Deck {number}", visibility=Deck.Visibility.PUBLIC
        )
        services.set_mode(deck, rng.choice([DeckBuild.Mode.FIXED, DeckBuild.Mode.FLEXIBLE, DeckBuild.Mode.VIRTUAL]))
        decks.append((deck, cards))
    services.add(alice, [core.Line(card_id=card, count=rng.randint(1, 12)) for card in pool])
    assert DeckBuild.objects.filter(mode=DeckBuild.Mode.FIXED).count() >= 2  # the case this test is about

    in_sql = dict(services.buildable_decks(Deck.objects.all(), alice, 0).values_list("id", "owned_copies"))
    for deck, cards in decks:
        assert in_sql[deck.id] == services.deck_report(alice, cards, deck_id=deck.id).have, deck.name
    # And a fixed deck holds its copies away from the others: a deck it takes everything from is 0 % buildable.
    bob = get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    _own(bob, "Tupdog", 12)
    holder, taker = (deck_services.create(bob, deck_services.parse_text("12x Tupdog"), name=name) for name in "ab")
    services.set_mode(holder, DeckBuild.Mode.FIXED)
    found = dict(services.buildable_decks(Deck.objects.filter(owner=bob), bob, 0).values_list("id", "owned_copies"))
    assert (found[holder.id], found[taker.id]) == (12, 0)


def test_more_decks_than_the_planner_takes_is_a_400_saying_so(alice, client_of, monkeypatch):
    monkeypatch.setattr(services, "MAX_PLANNER_DECKS", 2)
    for number in range(3):
        deck_services.create(alice, deck_services.parse_text(GARGOYLES), name=f"Rock drop {number}")
    answer = client_of(alice).get("/collection/planner/")
    assert answer.status_code == 400
    assert "The planner takes at most 2 decks." in answer.content.decode()
