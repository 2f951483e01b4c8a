"""The judge's page for Veto decks in a real browser, in Polish: the game selector leads to the Veto form, a pasted
list is judged against the example card list imported for the site. Driven by ids and classes, never by the page's
words (which translators change); what is read is the core's own Polish."""

from __future__ import annotations

import pytest

from tests.veto.samples import EXAMPLE_CSV, LEGAL, SHORT, SHORT_MESSAGE_EN, SHORT_MESSAGE_PL, SHORT_RULE_PL, UNKNOWN
from veto import services

from .conftest import DESKTOP, PHONE, SKIP_WITHOUT_PLAYWRIGHT
from .test_screenshots import SIDEWAYS

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = PHONE["viewport"]["width"]


@pytest.fixture
def polish_page(new_page, site):
    services.import_list(EXAMPLE_CSV)  # the site's list, in the live server's database
    return new_page(**DESKTOP, locale="pl")


def check_pasted(page, text: str) -> None:
    page.locator("#id_text").fill(text)
    page.locator("#id_ruleset").select_option("veto")
    page.locator("form.check-form button[type=submit]").click()
    expect(page.locator("table.verdicts")).to_be_visible()


def test_a_polish_judge_checks_veto_decks(polish_page):
    page = polish_page
    page.goto("/check/")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#id_as_of_0")).to_be_visible()  # the VTES form first
    page.locator("#game-veto").click()
    expect(page.locator("#game-veto")).to_have_attribute("aria-current", "true")
    expect(page.locator("#veto-card-list")).to_contain_text("46")
    assert page.locator("#id_as_of_0, #id_players, #id_format, #id_player").count() == 0  # no VTES-only field

    # One card short: illegal, the broken rule in Polish with its article, and no English on a Polish page.
    check_pasted(page, SHORT)
    deck = page.locator("tbody#deck-1")
    expect(deck).to_have_class("is-illegal")
    expect(deck.locator(".verdict-row .badge-banned")).to_be_visible()
    issue = deck.locator('.veto-issue[data-code="DECK_TOO_SMALL"]')
    expect(issue).to_be_visible()
    expect(issue.locator(".issue-message")).to_have_text(SHORT_MESSAGE_PL)
    expect(issue.locator("cite.rule")).to_have_text(SHORT_RULE_PL)
    expect(deck.locator(".veto-deck-count")).to_contain_text("59")
    assert SHORT_MESSAGE_EN not in page.content()

    # The legal list: legal, no errors.
    page.goto("/check/?game=veto")
    check_pasted(page, LEGAL)
    deck = page.locator("tbody#deck-1")
    expect(deck).to_have_class("is-legal")
    expect(deck.locator(".verdict-row .badge-legal")).to_be_visible()
    expect(deck.locator(".veto-issue")).to_have_count(0)
    expect(deck.locator(".veto-elekt")).to_have_text("Wojewoda Mścisław, Elekt Dworski")


def test_the_veto_report_fits_a_phone_in_polish_without_script(new_page, site):
    # Long Polish words and card names: the table and the report wrap or scroll inside their boxes, the page
    # never sideways; the selector and the form work without script.
    services.import_list(EXAMPLE_CSV)
    page = new_page(**PHONE, locale="pl", java_script_enabled=False)
    page.goto("/check/?game=veto")
    check_pasted(page, UNKNOWN)
    expect(page.locator('tbody#deck-1 .veto-issue[data-code="UNKNOWN_CARD"]')).to_have_count(2)
    expect(page.locator("tbody#deck-1 .unresolved li")).to_have_count(2)
    found = page.evaluate(SIDEWAYS, PHONE_WIDTH)
    assert found["scrollWidth"] <= PHONE_WIDTH + 1, f"the Veto report scrolls sideways: {found['culprits']}"
