"""The collection on a deck page, in Chromium: a player adds a precon and some cards to their collection, opens a
deck, reads what they own and miss, and puts the missing cards on their wishlist."""

from __future__ import annotations

import pytest

from decks import services

from .conftest import SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROCK_DROP = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


def test_owned_and_missing_cards_on_a_deck_page(new_page, log_in, alice):
    deck = services.create(alice, services.parse_text(ROCK_DROP), name="Rock drop", visibility="public")
    page = new_page()
    log_in(page, alice)

    page.goto("/collection/")
    page.get_by_label("A whole precon").select_option("Third:SKB")
    page.get_by_role("button", name="Add precon").click()
    expect(page.locator(".collection-history")).to_contain_text("Third Edition — Starter Kit Brujah antitribu")

    page.get_by_label("Card", exact=True).fill("Tupdog")
    page.get_by_label("Copies", exact=True).fill("10")
    page.get_by_label("Printing (set)").fill("LoB")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".collection-table")).to_contain_text("Tupdog")

    page.goto(f"/decks/{deck.id}/")
    panel = page.locator(".collection-panel")
    expect(panel).to_contain_text("You own 10 of the 72 card copies of this deck")
    expect(panel.locator(".missing-crypt")).to_contain_text("2× Tupdog")
    expect(panel.locator(".missing-library")).to_contain_text("40× Govern the Unaligned")
    panel.get_by_role("button", name="Add missing to wishlist").click()
    expect(page.locator(".flash-messages")).to_contain_text("62 copies added to your wishlist")

    page.goto("/collection/")
    wishlist = page.locator(".wishlist")
    expect(wishlist).to_contain_text("2× Tupdog")
    expect(wishlist).to_contain_text("20× Dive Bomb")
