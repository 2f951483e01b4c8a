"""A local run shows card art (issue 31): `make run` fetches each card's image from the field's image host the
first time a page shows it (``CARD_IMAGE_FETCH_TEMPLATE``, ``cards.images.fetch_on_view``). In real Chromium,
with a loopback stand-in for the host: reachable, the deck's visual view, the search grid, the card page and the
hover preview show the art; refused, the same pages show text cards, with no broken image and not one error in
the console; and either way the browser talks to this site alone."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from decks import services as deck_services
from tests.images import ImageSite, closed_port, fetching_on_view, jpeg

from .conftest import SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANSON, RACK = 200107, 101536
ART_SIZE = (358, 500)  # krcg's scans; the text card is drawn 250 wide


@pytest.fixture
def fetching(settings, tmp_path):
    """Images fetched on view into an empty mirror; ``fetching(template)`` points at the host."""
    with fetching_on_view(settings, tmp_path):
        yield lambda template: setattr(settings, "CARD_IMAGE_FETCH_TEMPLATE", template)


def watched(page, site: str) -> tuple[list[str], list[str]]:
    """The page's requests to anywhere but this site, and every console message of type error."""
    foreign: list[str] = []
    errors: list[str] = []
    ours = urlsplit(site).netloc
    page.on("request", lambda r: foreign.append(r.url) if urlsplit(r.url).netloc not in ("", ours) else None)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return foreign, errors


def width_of(page, selector: str) -> int:
    """The natural width of the image under ``selector`` once it has loaded (0 would be a broken image)."""
    page.wait_for_function(
        "s => { const i = document.querySelector(s); return i && i.complete && i.naturalWidth > 0; }", arg=selector
    )
    return int(page.eval_on_selector(selector, "i => i.naturalWidth"))


DECK = "Crypt (12 cards)\n12x Anson\nLibrary (12 cards)\n12x Govern the Unaligned\n"


@pytest.fixture
def deck(alice):
    return deck_services.create(alice, deck_services.parse_text(DECK), name="Anson", visibility="public")


def picture_widths(page, path: str) -> dict[str, int]:
    """The pictures of a page of card pictures (the deck's visual view, the search grid), by caption, each once it
    has loaded: its natural width (the art's 358, a text card's 250; a broken image would be 0)."""
    page.goto(path)
    for thumb in page.locator(".card-thumb img").all():
        thumb.scroll_into_view_if_needed()  # they load lazily
    page.wait_for_function("() => [...document.querySelectorAll('.card-thumb img')].every(i => i.complete)")
    return dict(
        page.eval_on_selector_all(
            ".card-thumb",
            "fs => fs.map(f => [f.querySelector('figcaption').textContent, f.querySelector('img').naturalWidth])",
        )
    )


def test_with_the_host_reachable_the_card_page_and_the_hover_show_the_art(new_page, site, fetching, deck):
    with ImageSite.serve({"/card/ansong1.jpg": (200, jpeg(ART_SIZE), "image/jpeg")}) as template:
        fetching(template)
        page = new_page()
        foreign, errors = watched(page, site)
        widths = picture_widths(page, f"/decks/{deck.id}/?view=visual")
        assert widths == {"Anson": ART_SIZE[0], "Govern the Unaligned": 250}  # the host has no Govern: text card
        assert picture_widths(page, "/cards/?q=anson&view=grid")["Anson"] == ART_SIZE[0]
        page.goto(f"/cards/{ANSON}/")
        assert width_of(page, ".card-picture img") == ART_SIZE[0]  # the art, not the 250-wide text card
        expect(page.locator(".card-image-notice")).to_contain_text("Paradox Interactive AB")

        page.goto("/cards/?q=anson")
        page.get_by_role("link", name="Anson", exact=True).first.hover()
        expect(page.locator(".card-popup img")).to_be_visible()
        assert width_of(page, ".card-popup img") == ART_SIZE[0]

        page.goto("/cards/?q=rack")  # the host has no image of The Rack: its text card
        page.get_by_role("link", name="Rack, The", exact=True).first.hover()
        assert width_of(page, ".card-popup img") == 250
        # each asked once, by this site
        assert sorted(ImageSite.asked) == ["/card/ansong1.jpg", "/card/governtheunaligned.jpg", "/card/rackthe.jpg"]
    assert foreign == []
    assert errors == []


def test_with_the_host_refused_the_same_pages_show_text_cards_and_no_console_error(new_page, site, fetching, deck):
    fetching(f"http://localhost:{closed_port()}/card/{{slug}}.jpg")
    page = new_page()
    foreign, errors = watched(page, site)
    assert picture_widths(page, f"/decks/{deck.id}/?view=visual") == {"Anson": 250, "Govern the Unaligned": 250}
    assert picture_widths(page, "/cards/?q=anson&view=grid")["Anson"] == 250
    page.goto(f"/cards/{ANSON}/")
    assert width_of(page, ".card-picture img") == 250  # the text card, drawn by the site
    page.goto("/cards/?q=anson")
    page.get_by_role("link", name="Anson", exact=True).first.hover()
    expect(page.locator(".card-popup img")).to_be_visible()
    assert width_of(page, ".card-popup img") == 250
    broken = page.evaluate("() => [...document.images].filter(i => i.complete && i.naturalWidth === 0).length")
    assert broken == 0
    assert foreign == []
    assert errors == []
