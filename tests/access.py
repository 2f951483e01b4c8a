"""What the access-control tests of the API and of the pages share: Alice's three decks, Bob, and a
snapshot of every stored fact a refused request must leave alone (each module wraps them in fixtures); and the
pages' client of a reader, logged in or not, that every page test uses."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client

from cards import index
from decks import services
from decks.models import Deck, DeckCard, Revision, Tag
from simulations.models import Simulation

VISIBILITIES = ["private", "unlisted", "public"]
STRANGERS = ["bob", "anonymous"]


def client_of(user=None, language: str = "en") -> Client:
    """A browser reading ``language``, logged in as ``user`` (anonymous: None)."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def card_id(name: str) -> int:
    return index.get().lookup(name).id


def make_people() -> dict:
    User = get_user_model()
    return {
        "alice": User.objects.create_user("alice", password="alice-42"),
        "bob": User.objects.create_user("bob", password="bob-42"),
    }


def alices_decks(people: dict) -> dict[str, Deck]:
    """Alice's decks, one per visibility, each with two revisions, a tag and a version past 1."""
    made = {}
    for visibility in VISIBILITIES:
        core = services.from_lists(
            [{"id": card_id("Tupdog"), "count": 12}],
            [{"id": card_id("Govern the Unaligned"), "count": 40}, {"id": card_id("Dive Bomb"), "count": 20}],
        )
        deck = services.create(
            people["alice"], core, name=f"Alice's {visibility} secret", visibility=visibility, tags=["secret-tech"]
        )
        services.save_revision(deck, "a second revision")
        services.update_details(deck, version=1, description="Alice's notes")  # version 2: 1 is stale
        made[visibility] = deck
    return made


def snapshot() -> dict:
    """Every stored fact about decks and jobs a refused request must leave alone."""
    return {
        "decks": sorted(
            Deck.objects.values_list("id", "owner__username", "name", "description", "visibility", "version", "updated")
        ),
        "cards": sorted(DeckCard.objects.values_list("deck_id", "card_id", "count")),
        "revisions": sorted(Revision.objects.values_list("deck_id", "number", "note")),
        "tags": sorted(Deck.tags.through.objects.values_list("deck_id", "tag_id")),
        "tag_names": sorted(Tag.objects.values_list("name", flat=True)),
        "jobs": sorted(Simulation.objects.values_list("id", "status", "owner__username", "deck_id")),
    }


# Issue 14, item 8: who reads a job drawn from Alice's shared deck once it is made private or deleted.
READERS = ["alice", "bob", "anonymous"]


def job_readable(reader: str, starter: str, change: str) -> bool:
    """The user who started it (not an anonymous visitor: nothing tells them from anyone else holding the
    id), and, while the deck exists, whoever may read the deck (Alice alone once private)."""
    if reader == starter and reader != "anonymous":
        return True
    return change == "private" and reader == "alice"
