"""Registration sheets as a judge prints them from /check/: one A4 page per deck, the biggest archive decks
and a deck of 40 different vampires and 90 different library cards included, counted in the PDF that
Chromium prints (page.pdf(), the browser's own print path, with the page's print stylesheet)."""

from __future__ import annotations

import re

import pytest

from cards import index
from tests.paths import TWDA

from .conftest import SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The archive's decks with the most lines to list: most crypt rows, most distinct library cards, both.
ARCHIVE_DECKS = ["2014sdspb.txt", "2k8constantrevny.txt", "2k4mummifyithaca.txt", "steve.txt", "10009.txt"]
A4_POINTS = (595, 842)  # 210 × 297 mm


def pdf_pages(pdf: bytes) -> list[tuple[int, int]]:
    """The size in points of each page of a PDF Chromium wrote (its page objects are plain dictionaries)."""
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    boxes = [tuple(round(float(v)) for v in box.split()[2:4]) for box in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", pdf)]
    assert len(boxes) >= len(pages) > 0
    return boxes[: len(pages)]


def widest_deck() -> str:
    """A decklist of 40 different vampires (groups 4 and 5) and 90 different library cards, one of each."""
    cards = index.get()
    vampires = [c for c in cards if c.is_crypt and c.group in ("4", "5") and not c.advanced][:40]
    library = sorted((c for c in cards if not c.is_crypt and c.types and not c.banned), key=lambda c: c.name)[:90]
    lines = ["Crypt (40 cards)", *(f"1x {c.unique_name}" for c in vampires), "", "Library (90 cards)"]
    lines += [f"1x {c.unique_name}" for c in library]
    return "\n".join(lines) + "\n"


def test_each_deck_prints_on_one_a4_page(new_page, tmp_path):
    missing = [name for name in ARCHIVE_DECKS if not (TWDA / name).is_file()]
    if missing:
        pytest.skip(f"the TWDA decklists {missing} are not here")
    widest = tmp_path / "widest.txt"
    widest.write_text(widest_deck(), encoding="utf-8")
    files = [TWDA / name for name in ARCHIVE_DECKS] + [widest]

    page = new_page()
    page.goto("/check/")
    page.get_by_label("…or upload decklist files").set_input_files([str(path) for path in files])
    page.locator("form.check-form").get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("article.sheet")).to_have_count(len(files))

    # As Chromium's print dialog does, the page's own @page size is used (Playwright defaults to Letter).
    assert pdf_pages(page.pdf(prefer_css_page_size=True)) == [A4_POINTS] * len(files)

    # "Print only this sheet" prints that one page.
    page.evaluate("location.hash = '#sheet-2'")
    assert pdf_pages(page.pdf(prefer_css_page_size=True)) == [A4_POINTS]
