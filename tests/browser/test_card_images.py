"""Card previews and images in a real browser: by default not one request leaves the site (every request of
every page is recorded), hovering a card link shows its text card, and an image that is missing (a mirror's
file gone, a hotlinked site's 404) falls back to the text card."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from decks import services as deck_services

from .conftest import SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANSON, RACK = 200107, 101536
DECK = "Crypt (12 cards)\n12x Anson\nLibrary (12 cards)\n12x Govern the Unaligned\n"


def record(page) -> list[str]:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    return requests


def foreign(requests: list[str], site: str) -> list[str]:
    ours = urlsplit(site).netloc
    return [url for url in requests if not url.startswith("data:") and urlsplit(url).netloc != ours]


def test_by_default_no_request_leaves_the_site_and_hovers_show_text_cards(new_page, site, alice, log_in):
    deck = deck_services.create(alice, deck_services.parse_text(DECK), name="Anson", visibility="public")
    page = new_page()
    requests = record(page)
    log_in(page, alice)
    page.goto("/cards/?q=anson")
    link = page.get_by_role("link", name="Anson", exact=True).first
    link.hover()
    popup = page.locator(".card-popup img")
    expect(popup).to_be_visible()
    expect(popup).to_have_attribute("src", f"/cards/{ANSON}/face.svg")
    page.wait_for_function("() => document.querySelector('.card-popup img').naturalWidth > 0")

    page.goto(f"/cards/{ANSON}/")
    picture = page.locator(".card-picture img")
    expect(picture).to_have_attribute("src", f"/cards/{ANSON}/face.svg")
    page.wait_for_function("() => document.querySelector('.card-picture img').naturalWidth > 0")
    assert page.locator(".card-image-notice").count() == 0  # no image shown: no notice

    page.goto(f"/decks/{deck.id}/")
    page.get_by_role("link", name="Govern the Unaligned").first.hover()
    expect(page.locator(".card-popup img")).to_be_visible()
    page.goto(f"/decks/{deck.id}/edit")
    page.locator("#deck-panel").get_by_role("link", name="Anson").first.hover()
    expect(page.locator(".card-popup img")).to_have_attribute("src", f"/cards/{ANSON}/face.svg")
    page.goto(f"/decks/{deck.id}/proxies/")
    assert requests and foreign(requests, site) == [], foreign(requests, site)


def test_a_mirrored_image_is_shown_and_one_whose_file_is_gone_falls_back_to_the_text_card(new_page, site, mirror):
    page = new_page()
    requests = record(page)
    page.goto(f"/cards/{ANSON}/")
    picture = page.locator(".card-picture img")
    page.wait_for_function("() => document.querySelector('.card-picture img').naturalWidth === 250")
    expect(picture).to_have_attribute("src", f"/cards/{ANSON}/image")
    expect(page.locator(".card-image-notice")).to_contain_text("Paradox Interactive AB")

    page.goto(f"/cards/{RACK}/")
    picture = page.locator(".card-picture img")
    expect(picture).to_have_attribute("src", f"/cards/{RACK}/face.svg")  # the server knows the file is gone
    page.wait_for_function("() => document.querySelector('.card-picture img').naturalWidth > 0")

    page.goto("/cards/?q=rack")
    page.get_by_role("link", name="Rack, The", exact=True).first.hover()
    popup = page.locator(".card-popup img")
    expect(popup).to_have_attribute("src", f"/cards/{RACK}/face.svg")  # /image answered 404: the script's fallback
    page.wait_for_function("() => document.querySelector('.card-popup img').naturalWidth > 0")
    assert foreign(requests, site) == []


def test_a_hotlinked_image_that_is_missing_falls_back_to_the_text_card(new_page, site, settings):
    settings.CARD_IMAGE_URL_TEMPLATE = "https://images.example.org/card/{slug}.jpg"
    page = new_page()
    asked: list[str] = []

    def not_found(route) -> None:  # the hotlinked site, played here: it has no image of this card
        asked.append(route.request.url)
        route.fulfill(status=404, body="not found")

    page.route("https://images.example.org/**", not_found)
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text) if "Content Security" in message.text else None)
    page.goto(f"/cards/{ANSON}/")
    picture = page.locator(".card-picture img")
    expect(picture).to_have_attribute("src", f"/cards/{ANSON}/face.svg")
    page.wait_for_function("() => document.querySelector('.card-picture img').naturalWidth > 0")
    assert asked == ["https://images.example.org/card/ansong1.jpg"]  # the only origin the policy opened
    assert violations == []
