"""A deck's visual view and the card search's grid in a real browser: the toggle's links, the pictures loaded
(a mirrored image as itself, every other card as its text card), the count on a card, the grid's width on a
desktop and three cards a row on a phone; and on a phone, a tap on a card previews it (no navigation) and a second
tap, or the preview's link, opens its page."""

from __future__ import annotations

import re

import pytest

from decks import services

from .conftest import PHONE, SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANSON, RACK, GOVERN = 200107, 101536, 100845  # Anson's image is mirrored, The Rack's file gone (the `mirror`)
DECK = """Crypt (12 cards)
6x Anson
3x Tupdog
1x Keith Moody
1x Janine
1x Mosfair
Library (16 cards)
2x The Rack
12x Govern the Unaligned
2x Dive Bomb
"""
IMAGE_WIDTH = 250  # the mirror's JPEG; a text card is drawn 250 × 350 too, but from its SVG
# Whether a picture is loaded, and as what: an <img> that finished with pixels, and its source.
LOADED = "img => img.complete && img.naturalWidth > 0"


def loaded_pictures(page, where: str) -> dict[str, str]:
    """Each picture under ``where`` scrolled into view (they load lazily) and loaded: card link → its source."""
    found = {}
    figures = page.locator(f"{where} figure.card-thumb")
    expect(figures.first).to_be_visible()
    for index in range(figures.count()):
        picture = figures.nth(index).locator("img")
        picture.scroll_into_view_if_needed()
        page.wait_for_function(LOADED, arg=picture.element_handle())
        found[figures.nth(index).locator("a").get_attribute("href")] = picture.get_attribute("src")
    return found


def test_the_visual_deck_view_shows_each_card_once_as_its_image_or_text_card(new_page, alice, mirror):
    deck = services.create(alice, services.parse_text(DECK), name="Pictures", visibility="public")
    page = new_page()
    page.goto(f"/decks/{deck.id}/?from=test")
    toggle = page.get_by_role("navigation", name="How the cards are shown")
    expect(toggle.get_by_role("link", name="List")).to_have_attribute("aria-current", "true")
    toggle.get_by_role("link", name="Visual").click()
    page.wait_for_url(re.compile(r"\?from=test&view=visual$"))
    expect(toggle.get_by_role("link", name="Visual")).to_have_attribute("aria-current", "true")
    expect(page.locator(".crypt-table")).to_have_count(0)

    shown = loaded_pictures(page, ".deck-cards")
    assert len(shown) == 8  # each card once
    assert shown[f"/cards/{ANSON}/"] == f"/cards/{ANSON}/image"
    assert shown[f"/cards/{RACK}/"] == f"/cards/{RACK}/face.svg"
    assert shown[f"/cards/{GOVERN}/"] == f"/cards/{GOVERN}/face.svg"
    anson = page.locator(f'.deck-cards figure:has(a[href="/cards/{ANSON}/"]) img')
    assert anson.evaluate("img => img.naturalWidth") == IMAGE_WIDTH and "is-fallback" not in (
        anson.get_attribute("class") or ""
    )
    # The count is on the card: a badge inside the picture's box.
    govern = page.locator(f'.deck-cards figure:has(a[href="/cards/{GOVERN}/"])')
    badge = govern.locator(".card-count")
    expect(badge.locator('[aria-hidden="true"]')).to_have_text("×12")
    expect(badge).to_be_visible()
    inside, picture = badge.bounding_box(), govern.locator("img").bounding_box()
    assert picture["x"] <= inside["x"] and inside["x"] + inside["width"] <= picture["x"] + picture["width"]
    assert picture["y"] <= inside["y"] and inside["y"] + inside["height"] <= picture["y"] + picture["height"]
    assert round(govern.bounding_box()["width"]) == 125  # about 125 px a card on a desktop
    expect(govern.get_by_role("link", name="Govern the Unaligned")).to_be_visible()  # its accessible name
    # Crypt, then the library by card type, as in the list.
    headings = page.locator(".deck-cards h2, .deck-cards h3").all_inner_texts()
    assert headings == ["Crypt (12)", "Library (16)", "Master (2)", "Action (14)"]

    # A hover still previews the card, as in the list.
    govern.get_by_role("link").hover()
    popup = page.locator(".card-popup")
    expect(popup.locator("img")).to_have_attribute("src", f"/cards/{GOVERN}/face.svg")
    expect(popup.locator(".card-popup-bar")).to_be_hidden()  # the tap's controls are for touch screens

    toggle.get_by_role("link", name="List").click()
    page.wait_for_url(re.compile(rf"/decks/{deck.id}/\?from=test$"))
    expect(page.locator(".crypt-table")).to_be_visible()


def test_the_search_grid_shows_images_and_text_cards_and_pages_as_a_grid(new_page, mirror):
    page = new_page()
    page.goto("/cards/?q=an&kind=crypt&clan=Toreador")
    page.get_by_role("navigation", name="How the results are shown").get_by_role("link", name="Grid").click()
    page.wait_for_url(re.compile(r"view=grid"))
    shown = loaded_pictures(page, ".results")
    assert shown[f"/cards/{ANSON}/"] == f"/cards/{ANSON}/image"
    assert all(src == f"{href}face.svg" for href, src in shown.items() if href != f"/cards/{ANSON}/")
    assert page.locator(f'.results a[href="/cards/{ANSON}/"] img').evaluate("img => img.naturalWidth") == IMAGE_WIDTH
    expect(page.locator(".card-table")).to_have_count(0)
    expect(page.locator(".card-image-notice")).to_contain_text("Paradox Interactive AB")

    page.goto("/cards/?kind=library&type=Master&view=grid")
    first = page.locator(".results figure.card-thumb a").first.get_attribute("href")
    page.get_by_role("link", name="Next").click()
    page.wait_for_url(re.compile(r"page=2"))
    assert "view=grid" in page.url and "type=Master" in page.url
    expect(page.locator(".results figure.card-thumb")).to_have_count(50)
    assert page.locator(".results figure.card-thumb a").first.get_attribute("href") != first
    loaded_pictures(page, ".results")


def test_on_a_phone_a_tap_previews_a_card_and_a_second_tap_opens_it(new_page, alice):
    deck = services.create(alice, services.parse_text(DECK), name="Pictures", visibility="public")
    page = new_page(**PHONE)
    page.goto(f"/decks/{deck.id}/?view=visual")
    # Three cards a row.
    crypt = page.locator(".deck-cards ul.card-grid").first.locator("figure.card-thumb")
    expect(crypt).to_have_count(5)
    tops = [round(crypt.nth(i).bounding_box()["y"]) for i in range(4)]
    assert tops[0] == tops[1] == tops[2] < tops[3], tops
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]

    address = page.url
    govern = page.locator(f'.deck-cards a[href="/cards/{GOVERN}/"]')
    popup = page.get_by_role("dialog", name="Card preview")
    govern.tap()
    expect(popup).to_be_visible()
    expect(popup.locator("img")).to_have_attribute("src", f"/cards/{GOVERN}/face.svg")
    page.wait_for_function("() => document.querySelector('.card-popup img').naturalWidth > 0")
    assert page.url == address  # a preview, not the card's page
    expect(popup.get_by_role("link", name="Open the card's page")).to_have_attribute("href", f"/cards/{GOVERN}/")
    popup.get_by_role("button", name="Close the preview").tap()
    expect(popup).to_be_hidden()

    govern.tap()
    expect(popup).to_be_visible()
    # A tap elsewhere (the page's margin, beside the preview, on nothing one could tap) closes it.
    x, y = 3, PHONE["viewport"]["height"] // 2
    assert page.evaluate("([x, y]) => !document.elementFromPoint(x, y).closest('a, button, .card-popup')", [x, y])
    page.touchscreen.tap(x, y)
    expect(popup).to_be_hidden()

    govern.tap()
    expect(popup).to_be_visible()
    other = next(link for link in page.locator(".deck-cards figure.card-thumb a").all() if beside(link, popup))
    href = other.get_attribute("href")
    other.tap()  # another card on the screen: its preview, still no navigation
    expect(popup.locator("img")).to_have_attribute("src", f"{href}face.svg")
    assert page.url == address
    other.tap()  # the same card again: its page
    page.wait_for_url(f"**{href}")


def beside(link, popup) -> bool:
    """Whether a link is wholly on the screen and clear of the preview (a tap on it reaches it)."""
    box, over = link.bounding_box(), popup.bounding_box()
    on_screen = box["y"] >= 0 and box["y"] + box["height"] <= PHONE["viewport"]["height"]
    clear = box["y"] + box["height"] <= over["y"] or over["y"] + over["height"] <= box["y"]
    return on_screen and clear and link.get_attribute("href") != f"/cards/{GOVERN}/"


def test_on_a_phone_the_previews_link_opens_the_card_from_the_search_table(new_page):
    page = new_page(**PHONE)
    page.goto("/cards/?q=anson")
    page.get_by_role("link", name="Anson", exact=True).first.tap()
    popup = page.get_by_role("dialog", name="Card preview")
    expect(popup).to_be_visible()
    assert page.url.endswith("/cards/?q=anson")
    popup.get_by_role("link", name="Open the card's page").tap()
    page.wait_for_url(f"**/cards/{ANSON}/")
