"""The editor's Suggestions panel in a real browser: a card the similar decks play is offered with its reason,
one click adds it through the editor's own change, and the panel follows the deck (the card is no longer
offered). Under the site's Content-Security-Policy, with no error in the console."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.contrib.auth import get_user_model

from cards import index
from decks import services
from decks.models import Deck
from suggestions import services as suggestion_services

from .conftest import PASSWORD, SKIP_WITHOUT_PLAYWRIGHT

if TYPE_CHECKING:
    from playwright.sync_api import Page

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHARED_CARD = "Pentex(TM) Subversion"
SHARED_DECK = (
    f"Crypt (12 cards)\n12x Tupdog\nLibrary (66 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n6x {SHARED_CARD}\n"
)
ALICES_DECK = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


def test_a_suggested_card_is_added_in_one_click_and_leaves_the_suggestions(new_page, log_in, alice):
    bob = get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    for i in range(4):
        shared = services.create(bob, services.parse_text(SHARED_DECK), name=f"shared {i}", visibility="public")
        Deck.objects.filter(pk=shared.pk).update(share_with_suggestions=True)
    deck = services.create(alice, services.parse_text(ALICES_DECK), name="mine")
    suggestion_services.forget()
    card = index.get().lookup(SHARED_CARD)

    page: Page = new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    log_in(page, alice)
    page.goto(f"/decks/{deck.id}/edit")
    offered = page.locator(f'#suggestions-panel .suggestion-add .suggestion[data-card-id="{card.id}"]')
    expect(offered).to_be_visible()
    expect(offered.locator(".suggestion-reason")).to_contain_text("in 4 of")

    offered.get_by_role("button", name=f"Add one copy of {SHARED_CARD}").click()
    row = page.locator(f'#deck-panel tr.deck-card[data-card-id="{card.id}"]')
    expect(row).to_have_attribute("data-count", "1")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved")
    # The panel is fetched again after the change: the card is in the deck, so no longer an add.
    expect(page.locator(f'#suggestions-panel .suggestion-add .suggestion[data-card-id="{card.id}"]')).to_have_count(0)
    assert not errors, errors
