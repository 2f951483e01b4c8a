"""What `bench/faults.py` found when it stopped PostgreSQL under a running site, kept from coming back.

A deck write through the API is answered from the deck as stored. When the database went away between the
commit and that read, the client got a 503 saying nothing was changed, yet the change was stored: a script
sending the edit again met a 409, and the person was told something false. The answer is now read inside
the write's transaction, so a database lost while it is read takes the change away with it. The deck
editor's endpoints (a card added or counted, the details saved) had the same fault and the same cure.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import OperationalError
from rest_framework.test import APIClient

from cards import index
from decks import views_editor
from decks.api.views import DeckViewSet
from decks.models import Deck

pytestmark = pytest.mark.django_db

DECKLIST = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


@pytest.fixture
def player() -> APIClient:
    cache.clear()  # no throttle counts from other tests
    client = APIClient()
    client.force_login(get_user_model().objects.create_user("faults-player", password="not-a-real-password-42"))
    return client


@pytest.fixture
def deck(player) -> dict:
    response = player.post("/api/v1/decks/", {"name": "Rock", "text": DECKLIST}, format="json")
    assert response.status_code == 201
    return response.json()


@pytest.fixture
def database_lost_after_the_write(monkeypatch):
    """The database connection breaks when the view reads the stored deck back for its answer."""

    def lost(self, stored):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(DeckViewSet, "_reread", lost)


def test_a_change_answered_503_is_not_stored(player, deck, database_lost_after_the_write):
    response = player.patch(
        f"/api/v1/decks/{deck['id']}/",
        {"version": deck["version"], "name": "Rock drop", "text": DECKLIST.replace("12x Tupdog", "11x Tupdog")},
        format="json",
    )
    assert response.status_code == 503
    assert response.json()["detail"]
    stored = Deck.objects.get(pk=deck["id"])
    assert (stored.name, stored.version, stored.crypt_count) == ("Rock", deck["version"], 12)


def test_a_change_answered_503_can_be_sent_again_unchanged(player, deck, database_lost_after_the_write, monkeypatch):
    """The client's natural retry (the same body, the same version) succeeds once the database is back,
    instead of meeting a 409 for its own change."""
    body = {"version": deck["version"], "name": "Rock drop"}
    assert player.patch(f"/api/v1/decks/{deck['id']}/", body, format="json").status_code == 503
    monkeypatch.undo()
    response = player.patch(f"/api/v1/decks/{deck['id']}/", body, format="json")
    assert response.status_code == 200
    assert (response.json()["name"], response.json()["version"]) == ("Rock drop", deck["version"] + 1)


def test_a_deck_created_under_a_503_is_not_stored(player, database_lost_after_the_write):
    response = player.post("/api/v1/decks/", {"name": "Rock", "text": DECKLIST}, format="json")
    assert response.status_code == 503
    assert not Deck.objects.exists()


def test_a_clone_answered_503_is_not_stored(player, deck, database_lost_after_the_write):
    response = player.post(f"/api/v1/decks/{deck['id']}/clone/", format="json")
    assert response.status_code == 503
    assert list(Deck.objects.values_list("id", flat=True)) == [deck["id"]]


# --- the deck editor ------------------------------------------------------------------------------


@pytest.fixture
def editor_answer_lost(monkeypatch):
    """The database connection breaks when the editor reads the changed deck back for its answer (the
    panels of a card change, the details of a details change)."""

    def lost(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(views_editor, "_panels_payload", lost)
    monkeypatch.setattr(views_editor, "_details", lost)


def editor_post(client: APIClient, deck: dict, endpoint: str, body: dict):
    """A change as the editor's script sends it (static/js/deck_editor.js): JSON, asking for JSON."""
    return client.post(f"/decks/{deck['id']}/{endpoint}", body, format="json", HTTP_ACCEPT="application/json")


def tupdogs(deck: dict) -> int:
    return Deck.objects.get(pk=deck["id"]).cards.get(card_id=index.get().lookup("Tupdog").id).count


EDITOR_CHANGES = {
    "add a card": (
        "cards",
        lambda deck: {"card": index.get().lookup("Tupdog").id, "delta": 1, "version": deck["version"]},
    ),
    "set a count": (
        "cards",
        lambda deck: {"card": index.get().lookup("Tupdog").id, "count": 5, "version": deck["version"]},
    ),
    "rename": ("details", lambda deck: {"name": "Rock drop", "version": deck["version"]}),
    "retag and hide": (
        "details",
        lambda deck: {"tags": ["gargoyles"], "visibility": "unlisted", "version": deck["version"]},
    ),
}


@pytest.mark.parametrize("change", EDITOR_CHANGES)
def test_an_editor_change_answered_503_is_not_stored(player, deck, editor_answer_lost, change):
    endpoint, body = EDITOR_CHANGES[change]
    response = editor_post(player, deck, endpoint, body(deck))
    assert response.status_code == 503
    assert "nothing was changed" in response.json()["detail"]
    stored = Deck.objects.get(pk=deck["id"])
    assert (stored.name, stored.visibility, stored.version, tupdogs(deck)) == ("Rock", "private", deck["version"], 12)
    assert not stored.tags.exists()


@pytest.mark.parametrize("change", EDITOR_CHANGES)
def test_an_editor_change_answered_503_can_be_sent_again_unchanged(
    player, deck, editor_answer_lost, monkeypatch, change
):
    """The editor's retry (the same change from the same version) is saved once the database is back,
    instead of meeting a 409 for its own change."""
    endpoint, body = EDITOR_CHANGES[change]
    assert editor_post(player, deck, endpoint, body(deck)).status_code == 503
    monkeypatch.undo()
    response = editor_post(player, deck, endpoint, body(deck))
    assert response.status_code == 200, response.content[:300]
    assert response.json()["version"] == Deck.objects.get(pk=deck["id"]).version == deck["version"] + 1
