"""The judge's page in a real browser: paste an archived decklist, check it, read the verdict table."""

from __future__ import annotations

import pytest

from decks import services
from tests.paths import TWDA

from .conftest import DESKTOP, PHONE, SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DECKLIST = TWDA / "10009.txt"  # "4 Tupdog", La Marató 2021


def check_pasted(page, text: str) -> None:
    page.goto("/check/")
    page.get_by_label("Paste a decklist").fill(text)
    page.locator("form.check-form").get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("table.verdicts")).to_be_visible()


def test_a_judge_pastes_a_decklist_and_reads_its_verdict(new_page):
    if not DECKLIST.is_file():
        pytest.skip(f"the TWDA decklist {DECKLIST} is not here")
    text = DECKLIST.read_text(encoding="utf-8")
    core = services.parse_text(text)
    legal = services.report(core).legal

    page = new_page()
    check_pasted(page, text)

    expect(page.locator(".check-results .result-count")).to_contain_text(
        f"1 deck checked: {int(legal)} legal, {int(not legal)} illegal"
    )
    row = page.locator("table.verdicts tr.verdict-row")
    expect(row).to_have_count(1)
    cells = row.locator("td")
    expect(cells.nth(0)).to_contain_text("4 Tupdog")
    expect(cells.nth(2)).to_have_text(str(core.crypt_count))
    expect(cells.nth(3)).to_have_text(str(core.library_count))
    expect(cells.nth(5)).to_have_text("LEGAL" if legal else "ILLEGAL")

    # The full report opens under its row.
    report = page.locator("table.verdicts tr.report-row details")
    report.locator("summary").click()
    expect(report.locator(".deck-report")).to_be_visible()
    expect(report.locator(".report-facts")).to_contain_text("Legal" if legal else "Illegal")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_verdicts_are_in_view_as_soon_as_the_check_answers(new_page, size):
    # The form fills more than a screen: the answer must open at its verdicts, not at the form again.
    if not DECKLIST.is_file():
        pytest.skip(f"the TWDA decklist {DECKLIST} is not here")
    page = new_page(**(PHONE if size == "phone" else DESKTOP))
    check_pasted(page, DECKLIST.read_text(encoding="utf-8"))
    expect(page.locator("#verdicts-heading")).to_be_in_viewport()
    expect(page.locator("table.verdicts tr.verdict-row").first).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 0
