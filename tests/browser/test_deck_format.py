"""A deck's format in the editor, in a real browser: choosing it in the details saves it and redraws the
legality panel by the new format's rules; the search's "only cards in this deck's format" keeps the
results to the format."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from cards import index
from decks import services
from decks.models import Deck
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.validate import card_in_format

from .conftest import SKIP_WITHOUT_PLAYWRIGHT

if TYPE_CHECKING:
    from playwright.sync_api import Page  # noqa: F401

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_format_select_redraws_legality_and_the_search_keeps_to_the_format(new_page, alice, log_in):
    cards = index.get()
    vampire = next(c for c in cards if c.is_crypt and c.group == "6" and "V5" in {p.set for p in c.printings})
    core = CoreDeck()
    core.add(vampire, 12)
    core.add(cards.lookup("Blood Doll"), 40)  # 40 library cards: a duel deck, no tournament deck
    deck = services.create(alice, core, name="Forty")
    page = new_page()
    log_in(page, alice)
    page.goto(f"/decks/{deck.id}/edit")
    legality = page.locator("#legality-panel")
    expect(legality).to_have_attribute("data-legal", "false")

    page.locator("#deck-format").select_option("duel")
    expect(page.locator("#legality-panel")).to_have_attribute("data-legal", "true")
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved")
    assert Deck.objects.get(pk=deck.pk).format == "duel"

    page.locator("#deck-format").select_option("v5")
    expect(page.locator("#legality-panel")).to_have_attribute("data-legal", "false")
    page.locator("details.search-more summary").click()
    page.locator("#in-format").check()
    page.locator("#card-search").fill("wake")
    results = page.locator("#search-results li.search-result")
    expect(results.first).to_be_visible()
    shown = [int(i) for i in results.evaluate_all("items => items.map(i => i.dataset.cardId)")]
    assert shown and all(card_in_format("v5", i, cards) for i in shown)
    page.locator("#in-format").uncheck()
    expect(results).not_to_have_count(len(shown))  # the out-of-format "Wake" cards come back
