"""Tables on a 390 px phone: every column of every table shows within the table's own box, none cut off
behind a sideways scroll. Long text wraps, and the columns a player can do without on a phone (text, cost,
sect, capacity…) are left out by the stylesheets' narrow-screen rules. Checked on each page with tables:
the card search, a deck's page, its revisions and Draws tab, the deck lists, the archive's search, a winning
deck's page and the archetypes, and the judge's verdicts."""

from __future__ import annotations

import pytest

from decks import services
from tests.paths import TWDA
from tests.web.test_twda_pages import load_archive
from twda.models import TournamentDeck

from .conftest import PHONE, SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DECKLIST = TWDA / "10009.txt"  # "4 Tupdog", La Marató 2021
HEAVY = TWDA / "2k8constantrevny.txt"  # 12 crypt rows, 60 distinct library cards, long names

# Each visible table whose content is wider than the box that holds it (or than the window): what a
# phone would cut off. Reports the table, its box and both widths.
CLIPPED = """(width) => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    [...el.classList].map((c) => "." + c).join("");
  return [...document.querySelectorAll("main table")]
    .filter((table) => table.getClientRects().length > 0)
    .map((table) => {
      const box = table.parentElement;
      return {
        table: name(table), box: name(box), content: Math.max(table.scrollWidth, box.scrollWidth),
        room: Math.min(box.clientWidth, width), right: Math.round(table.getBoundingClientRect().right),
      };
    })
    .filter((found) => found.content > found.room + 1 || found.right > width + 1);
}"""


def clipped_tables(page, what: str) -> list[dict]:
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    assert page.locator("main table").count(), f"{what}: no table to check"
    return page.evaluate(CLIPPED, PHONE["viewport"]["width"])


def test_every_table_fits_a_390_px_phone(new_page, alice, log_in, tmp_path):
    if not (DECKLIST.is_file() and HEAVY.is_file()):
        pytest.skip("the TWDA decklists are not here")
    text = DECKLIST.read_text(encoding="utf-8")
    deck = services.create(alice, services.parse_text(text), name="4 Tupdog (La Marató 2021)", visibility="public")
    services.update_details(deck, version=deck.version, description="A second revision.")
    load_archive(tmp_path)
    page = new_page(**PHONE)
    log_in(page, alice)

    pages = {
        "card search": "/cards/?q=a",
        "crypt card search": "/cards/?kind=crypt&discipline=dom",
        "a deck": f"/decks/{deck.id}/",
        "its revisions": f"/decks/{deck.id}/revisions/",
        "its draws": f"/decks/{deck.id}/draws/",
        "public decks": "/decks/",
        "my decks": "/decks/mine/",
        "archive search": "/twda/",
        "an archive deck": f"/twda/{TournamentDeck.objects.order_by('id').first().pk}/",
        "archetypes": "/twda/archetypes/",
    }
    clipped = {}
    for what, url in pages.items():
        response = page.goto(url)
        assert response.status == 200, f"{what}: {url} answered {response.status}"
        clipped[what] = clipped_tables(page, what)

    page.goto("/check/")
    page.get_by_label("Paste a decklist").fill(HEAVY.read_text(encoding="utf-8"))
    page.locator("form.check-form").get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("table.verdicts tr.verdict-row")).to_have_count(1)
    clipped["the judge's verdicts"] = clipped_tables(page, "the judge's verdicts")
    clipped = {what: tables for what, tables in clipped.items() if tables}
    assert not clipped, f"tables wider than their box at 390 px: {clipped}"


# Uploads named as the archive and event organisers name them (and, in the test, one that is not a decklist).
LONG_NAMES = ("2k3australianchampionships.txt", "a02710a7-6db1-4686-97a7-7a40052bfbce.txt")

# Per verdict row: the file name's cell width in ems of its font, and whether the verdict's badge lies
# wholly inside its cell and inside the table's box (what a phone shows).
ROWS = """() => [...document.querySelectorAll("table.verdicts tr.verdict-row")].map((row) => {
  const file = row.querySelector("th"), badge = row.querySelector(".badge");
  const cell = badge.closest("td").getBoundingClientRect(), box = row.closest(".table-wrap").getBoundingClientRect();
  const mark = badge.getBoundingClientRect();
  const em = parseFloat(getComputedStyle(file).fontSize);
  const inside = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  return {file: file.textContent.trim(), width_em: file.clientWidth / em, badge: badge.textContent.trim(),
          badge_shown: inside(mark, cell) && inside(mark, box)};
})"""


def test_the_judges_verdicts_for_uploaded_files_fit_a_390_px_phone(new_page, tmp_path):
    # What the newcomer met: file names broken every 2–3 characters, and the badge of an unreadable file
    # pushed out of the table by a cell spanning the columns a phone leaves out.
    if not all((TWDA / name).is_file() for name in LONG_NAMES):
        pytest.skip("the TWDA decklists are not here")
    upload = [TWDA / name for name in LONG_NAMES]
    unreadable = tmp_path / "scanned-registration-sheet-of-the-winner.txt"
    unreadable.write_bytes(b"\x00\x01 not a decklist")
    upload.append(unreadable)
    page = new_page(**PHONE)
    page.goto("/check/")
    page.locator("input[type=file]").set_input_files(upload)
    page.locator("form.check-form").get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("table.verdicts tr.verdict-row")).to_have_count(3)
    assert not clipped_tables(page, "the judge's verdicts")
    rows = page.evaluate(ROWS)
    assert all(row["badge_shown"] for row in rows), rows
    assert all(row["width_em"] >= 6 for row in rows), rows
