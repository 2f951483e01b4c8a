"""Storing decks: what every front end relies on — versions refuse stale writes, revisions follow edits,
bounds hold, and a deck comes back exactly as it was stored."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from decks import services
from decks.models import Deck, Revision
from vtesdeck.core.deck import Deck as CoreDeck

pytestmark = pytest.mark.django_db


@pytest.fixture
def player():
    return get_user_model().objects.create_user("anneke", password="not-a-real-password-42")


def core_deck(cards, crypt: dict[str, int], library: dict[str, int]) -> CoreDeck:
    deck = CoreDeck()
    for name, count in [*crypt.items(), *library.items()]:
        deck.add(cards.lookup(name), count)
    return deck


def test_a_stored_deck_comes_back_with_its_cards_in_order(cards, player):
    core = core_deck(cards, {"Tupdog": 12}, {"Blood Doll": 30, "Dive Bomb": 30})
    core.comments[cards.lookup("Dive Bomb").id] = "the whole plan"
    deck = services.create(player, core, name="Rock drop", tags=["Gargoyles", "gargoyles", "Bleed!"])
    again = Deck.objects.get(pk=deck.pk).to_core()
    assert list(again.crypt.items()) == list(core.crypt.items())
    assert list(again.library.items()) == list(core.library.items())
    assert again.comments == core.comments
    assert (deck.crypt_count, deck.library_count, deck.legal) == (12, 60, True)
    assert deck.clans == "|gargoyle|"
    assert sorted(deck.tags.values_list("name", flat=True)) == ["bleed", "gargoyles"]
    assert deck.visibility == Deck.Visibility.PRIVATE
    assert [r.note for r in deck.revisions.all()] == ["Created"]


def test_deck_ids_are_unguessable(cards, player):
    ids = {services.create(player, CoreDeck()).pk for _ in range(20)}
    assert len(ids) == 20 and all(len(i) == 12 and not i.isdigit() for i in ids)


def test_adding_cards_bumps_the_version_and_updates_the_verdict(cards, player):
    deck = services.create(player, core_deck(cards, {"Tupdog": 12}, {"Blood Doll": 59}))
    assert not deck.legal
    doll = cards.lookup("Blood Doll").id
    services.add(deck, doll, 1, version=1)
    deck.refresh_from_db()
    assert (deck.version, deck.library_count, deck.legal) == (2, 60, True)
    services.add(deck, doll, -60, version=2)
    assert doll not in Deck.objects.get(pk=deck.pk).to_core().library


def test_a_change_from_a_stale_version_is_refused_and_writes_nothing(cards, player):
    deck = services.create(player, core_deck(cards, {"Tupdog": 12}, {"Blood Doll": 60}))
    doll = cards.lookup("Blood Doll").id
    services.add(deck, doll, 1, version=1)  # the first tab
    other_tab = Deck.objects.get(pk=deck.pk)
    with pytest.raises(services.Conflict) as conflict:
        services.set_count(other_tab, doll, 10, version=1)  # the second tab, still on version 1
    assert "changed elsewhere" in str(conflict.value)
    assert conflict.value.deck.version == 2
    assert Deck.objects.get(pk=deck.pk).to_core().library[doll] == 61


def test_counts_and_unknown_cards_are_bounded(cards, player):
    deck = services.create(player, CoreDeck())
    with pytest.raises(services.DeckInputError, match="Unknown card id"):
        services.set_count(deck, 999_999, 1, version=1)
    with pytest.raises(services.DeckInputError, match="0 to 999"):
        services.set_count(deck, cards.lookup("Fame").id, 10**12, version=1)
    assert Deck.objects.get(pk=deck.pk).version == 1  # refused before the version moved


@pytest.mark.parametrize(
    "crypt, library, message",
    [
        ([{"id": 123, "count": 1}], [], "Unknown card id"),
        ([{"id": "200001", "count": 1}], [], "Unknown card id"),
        ([], [{"id": 200001, "count": 1}], "is not a library card"),
        ([{"id": 200001, "count": 0}], [], "whole number from 1 to 999"),
        ([{"id": 200001, "count": True}], [], "whole number from 1 to 999"),
        ([{"id": 200001, "count": 10**12}], [], "whole number from 1 to 999"),
    ],
)
def test_card_lists_are_checked_card_by_card(cards, crypt, library, message):
    with pytest.raises(services.DeckInputError, match=message):
        services.from_lists(crypt, library)


def test_edits_in_one_sitting_share_a_revision_and_imports_get_their_own(cards, player):
    deck = services.create(player, core_deck(cards, {"Tupdog": 12}, {"Blood Doll": 60}))
    doll = cards.lookup("Blood Doll").id
    for version in (1, 2, 3):
        services.add(deck, doll, 1, version=version)
    numbers = list(deck.revisions.values_list("number", "note"))
    assert numbers == [(2, ""), (1, "Created")]  # three clicks, one revision after the creation
    assert Revision.objects.get(deck=deck, number=2).to_core().library[doll] == 63
    services.replace_cards(deck, core_deck(cards, {"Mosfair": 12}, {"Fame": 60}), version=4)
    services.save_revision(deck, "before the qualifier")
    assert [n for n, _ in deck.revisions.values_list("number", "note")] == [4, 3, 2, 1]
    assert deck.revisions.first().note == "before the qualifier"


def test_details_change_with_the_version_too(cards, player):
    deck = services.create(player, CoreDeck(), name="Draft")
    services.update_details(deck, version=1, name="  ", visibility="public", tags=["vote"])
    deck.refresh_from_db()
    assert (deck.name, deck.visibility, deck.version) == ("Untitled deck", "public", 2)
    with pytest.raises(services.DeckInputError, match="visibility"):
        services.update_details(deck, version=2, visibility="secret")
    with pytest.raises(services.Conflict):
        services.update_details(deck, version=1, name="Stale")


def test_a_clone_is_a_private_copy_that_remembers_its_origin(cards, player):
    original = services.create(
        player, core_deck(cards, {"Tupdog": 12}, {"Fame": 60}), name="Rock", visibility="public", tags=["gargoyles"]
    )
    friend = get_user_model().objects.create_user("bram", password="not-a-real-password-42")
    copy = services.clone(original, friend)
    assert (copy.owner, copy.visibility, copy.cloned_from, copy.name) == (friend, "private", original, "Rock (copy)")
    assert copy.to_core().same_cards(original.to_core())
    assert list(copy.tags.values_list("name", flat=True)) == ["gargoyles"]


def test_what_a_stranger_may_open(cards, player):
    stranger = get_user_model().objects.create_user("chen", password="not-a-real-password-42")
    decks = {v: services.create(player, CoreDeck(), visibility=v) for v in ("private", "unlisted", "public")}
    assert set(Deck.objects.readable_by(stranger)) == {decks["unlisted"], decks["public"]}
    assert set(Deck.objects.readable_by(player)) == set(decks.values())
    assert list(Deck.objects.listed()) == [decks["public"]]
