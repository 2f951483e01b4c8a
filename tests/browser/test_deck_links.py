"""A deck's VDB link on its page: a link to copy, with a button that copies it, not a file to download."""

from __future__ import annotations

import pytest

from decks import services
from tests.paths import TWDA
from vtesdeck.core import decklist

from .conftest import SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DECKLIST = TWDA / "10009.txt"  # "4 Tupdog", La Marató 2021


def test_the_copy_button_copies_the_vdb_link(new_page, alice):
    if not DECKLIST.is_file():
        pytest.skip(f"the TWDA decklist {DECKLIST} is not here")
    core = services.parse_text(DECKLIST.read_text(encoding="utf-8"))
    deck = services.create(alice, core, name="4 Tupdog", visibility="public")
    page = new_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/decks/{deck.id}/")

    field = page.locator("#vdb-url")
    link = field.input_value()
    assert link.startswith("https://vdb.im/decks/deck?")
    expect(page.get_by_role("link", name="Open in VDB")).to_have_attribute("href", link)
    button = page.locator('button[data-copy="vdb-url"]')
    expect(button).to_be_visible()  # shown by the script: without it the field is still there to select
    button.click()
    expect(button).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == link
    assert decklist.parse(copied, services.card_index(), format="vdb-url").same_cards(core)
