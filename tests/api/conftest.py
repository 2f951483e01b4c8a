"""Fixtures the contract and fuzz tests share: a player with decks, a simulation job and an API token,
and throttling out of the way (these tests send hundreds of requests a minute). A few archive decks:
``archive_ids`` (tests/conftest.py, shared with the games jobs' tests)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

from decks import services as deck_services
from decks.models import Deck
from simulations.models import Simulation
from tests.conftest import ensure_cards

GARGOYLES = (
    "Deck Name: Rock drop\nCrypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"
)
PASSWORD = "not-a-real-password-42"
# Enough for any of these tests, low enough that a real throttle would still be a finite number.
UNTHROTTLED = "1000000/minute"


def api_token_for(user) -> tuple[int, str]:
    """A new API token for ``user``: its id, and the key sent as ``Authorization: Token <key>``."""
    from accounts.models import ApiToken

    token, key = ApiToken.objects.issue(user, name="contract tests")
    return token.pk, key


@dataclass
class World:
    """What the tests find in the database: ids that exist, and who may see them."""

    user: object
    token_id: int
    token: str
    private_deck: str
    public_deck: str
    simulation: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Token {self.token}"}

    @property
    def deck_ids(self) -> list[str]:
        return [self.private_deck, self.public_deck]


@pytest.fixture
def no_throttling(settings, monkeypatch):
    """Every API throttle far out of reach, and nothing counted from earlier tests. Scoped throttles read
    the rates from api_settings (reloaded when REST_FRAMEWORK changes); DRF's own classes copied the dict
    when imported, so both are raised."""
    rates = {scope: UNTHROTTLED for scope in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    cache.clear()
    yield rates
    cache.clear()


@pytest.fixture
def world(db, idle_queue, no_throttling) -> World:
    """A player ("carol", with an API token) owning a private and a public deck and a cancelled simulation
    job. Simulation jobs started by the tests go to a queue no worker reads."""
    ensure_cards()
    user = get_user_model().objects.create_user("carol", password="not-a-real-password-42")
    core = deck_services.parse_text(GARGOYLES)
    private = deck_services.create(user, core, name="Rock drop", visibility=Deck.Visibility.PRIVATE, tags=["rock"])
    public = deck_services.create(user, core, name="Rock drop (public)", visibility=Deck.Visibility.PUBLIC)
    job = Simulation.objects.create(
        owner=user,
        deck=private,
        deck_version=private.version,
        deck_name=private.name,
        seed=42,
        hands=1000,
        status=Simulation.Status.CANCELLED,
        parameters={"hands": 1000, "conditions": [], "chunk_size": 1000},
    )
    token_id, key = api_token_for(user)
    return World(
        user=user,
        token_id=token_id,
        token=key,
        private_deck=private.id,
        public_deck=public.id,
        simulation=job.id,
    )
