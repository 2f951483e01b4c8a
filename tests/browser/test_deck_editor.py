"""The deck editor in a real browser: a new player's whole story (sign up, build a legal deck from nothing,
export it, keep it private), the keyboard path through the card search, and two tabs editing one deck."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from cards import index
from decks import services
from decks.models import Deck, DeckCard
from vtesdeck.core.deck import Deck as CoreDeck

from .conftest import PASSWORD, SKIP_WITHOUT_PLAYWRIGHT

if TYPE_CHECKING:
    from playwright.sync_api import Page

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# ---- helpers -------------------------------------------------------------------------------------


def sign_up(page: Page, username: str) -> None:
    page.goto("/accounts/signup/")
    form = page.locator("form.account-form")
    form.locator("#id_username").fill(username)
    form.locator("#id_email").fill(f"{username}@example.org")
    form.locator("#id_password1").fill(PASSWORD)
    form.locator("#id_password2").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def search(page: Page, query: str, name: str):
    """Type a query into the editor's card search; the result named ``name`` once it is shown."""
    page.locator("#card-search").fill(query)
    result = page.locator(f'#search-results li.search-result[data-card-name="{name}"]')
    expect(result).to_be_visible()
    return result


def deck_row(page: Page, card_id: str):
    return page.locator(f'#deck-panel tr.deck-card[data-card-id="{card_id}"]')


def expect_saved(page: Page) -> None:
    state = page.locator("#save-state")
    expect(state).to_have_attribute("data-state", "saved")
    expect(state).to_have_text("Saved")


def card_id(name: str) -> int:
    return index.get().lookup(name).id


# ---- the story of a new player -------------------------------------------------------------------


def test_a_new_player_builds_a_legal_deck_exports_it_and_nobody_else_can_open_it(new_page):
    page = new_page()
    sign_up(page, "vera")

    page.goto("/decks/new")
    page.get_by_label("Deck name").fill("Tupdog and his dolls")
    expect(page.get_by_label("Visibility")).to_have_value("private")
    page.get_by_role("button", name="Create and edit").click()
    page.wait_for_url(re.compile(r"/decks/\w+/edit$"))
    deck_id = page.url.rstrip("/").split("/")[-2]
    legality = page.locator("#legality-panel")
    expect(legality).to_have_attribute("data-legal", "false")

    # Twelve Tupdogs: a click on the search result, Enter on it, then the deck's own + button.
    tupdog = search(page, "Tupdog", "Tupdog")
    tupdog.click()
    row = deck_row(page, tupdog.get_attribute("data-card-id"))
    expect(row).to_have_attribute("data-count", "1")
    tupdog.focus()
    for _ in range(3):
        page.keyboard.press("Enter")
    expect(row).to_have_attribute("data-count", "4")
    for count in range(5, 13):
        row.locator("button.inc").click()
        expect(row).to_have_attribute("data-count", str(count))
    expect(legality.locator('[data-check="crypt"]')).to_have_class(re.compile(r"\bis-ok\b"))
    expect(legality).to_have_attribute("data-legal", "false")  # no library yet

    # Sixty Blood Dolls: the result's Add button, then + (the focus stays on it while the panel is redrawn).
    doll = search(page, "blood dol", "Blood Doll")
    doll.locator("button.add").click()
    row = deck_row(page, doll.get_attribute("data-card-id"))
    expect(row).to_have_attribute("data-count", "1")
    row.locator("button.inc").click()
    expect(row).to_have_attribute("data-count", "2")
    expect(row.locator("button.inc")).to_be_focused()
    for _ in range(57):
        page.keyboard.press("Enter")
    # 57 queued round trips to the server: on a busy 2-core CI machine that is more than the default 5 s.
    expect(row).to_have_attribute("data-count", "59", timeout=60_000)
    expect_saved(page)
    expect(legality).to_have_attribute("data-legal", "false")
    page.keyboard.press("Enter")
    expect(row).to_have_attribute("data-count", "60")
    expect(legality).to_have_attribute("data-legal", "true")
    expect(legality.locator(".verdict")).to_contain_text("Legal")
    expect_saved(page)
    deck = Deck.objects.get(pk=deck_id)
    assert (deck.crypt_count, deck.library_count, deck.legal) == (12, 60, True)

    # The export is a file to download, holding the deck as built.
    with page.expect_download() as download:
        page.locator('#export-links a[data-format="twd"]').click()
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    assert re.search(r"^12x?\s+Tupdog\b", exported, re.MULTILINE), exported
    assert re.search(r"^60x?\s+Blood Doll\b", exported, re.MULTILINE), exported
    assert download.value.suggested_filename.endswith(".txt")

    # Private is the default; the select saves itself, there and back.
    visibility = page.locator("#deck-visibility")
    expect(visibility).to_have_value("private")
    visibility.select_option("public")
    expect_saved(page)
    assert Deck.objects.get(pk=deck_id).visibility == "public"
    visibility.select_option("private")
    expect_saved(page)
    assert Deck.objects.get(pk=deck_id).visibility == "private"

    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()

    # A stranger: the deck page is not found, the editor asks to log in, the export is not found.
    assert page.goto(f"/decks/{deck_id}/").status == 404
    expect(page.locator("h1")).to_have_text("Not found")
    page.goto(f"/decks/{deck_id}/edit")
    assert "/accounts/login/" in page.url
    expect(page.locator("main")).not_to_contain_text("Tupdog and his dolls")
    assert page.request.get(f"/decks/{deck_id}/export/twd").status == 404

    # Another player, logged in: not found everywhere.
    sign_up(page, "bram")
    for path in (f"/decks/{deck_id}/", f"/decks/{deck_id}/edit", f"/decks/{deck_id}/export/twd"):
        response = page.goto(path) if not path.endswith("twd") else page.request.get(path)
        assert response.status == 404, path
    page.goto(f"/decks/{deck_id}/edit")
    expect(page.locator("main")).not_to_contain_text("Tupdog")
    assert DeckCard.objects.filter(deck_id=deck_id).count() == 2  # untouched by the visits


# ---- the keyboard path ---------------------------------------------------------------------------


def test_the_keyboard_alone_finds_a_card_adds_it_and_says_saved(new_page, alice, log_in):
    deck = services.create(alice, CoreDeck(), name="Keyboard only")
    page = new_page()
    log_in(page, alice)
    page.goto(f"/decks/{deck.id}/edit")
    box = page.locator("#card-search")

    page.keyboard.press("/")
    expect(box).to_be_focused()
    page.keyboard.type("govern the un")
    govern = page.locator('#search-results li.search-result[data-card-name="Govern the Unaligned"]')
    expect(govern).to_be_visible()

    page.keyboard.press("ArrowDown")
    first = page.locator("#search-results li.search-result").first
    expect(first).to_be_focused()
    expect(govern).to_be_focused()  # the only match
    page.keyboard.press("Enter")
    row = deck_row(page, str(card_id("Govern the Unaligned")))
    expect(row).to_have_attribute("data-count", "1")
    expect_saved(page)
    expect(govern).to_be_focused()  # ready for another Enter
    page.keyboard.press("Enter")
    expect(row).to_have_attribute("data-count", "2")
    expect_saved(page)
    assert DeckCard.objects.get(deck=deck, card_id=card_id("Govern the Unaligned")).count == 2

    # Escape goes back to the box; "/" inside the box types a slash instead of jumping.
    page.keyboard.press("Escape")
    expect(box).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.type("/")
    expect(box).to_have_value("govern the un/")

    # Tab from the box also reaches the results, past the filters' summary and the group-rule checkbox.
    box.fill("govern the un")
    expect(page.locator("#search-results li.search-result")).to_have_count(1)
    box.focus()
    for _ in range(3):
        page.keyboard.press("Tab")
        if govern.evaluate("item => item === document.activeElement"):
            break
    expect(govern).to_be_focused()


# ---- two tabs, one deck --------------------------------------------------------------------------


def test_a_stale_tab_is_stopped_with_a_conflict_and_reload_brings_it_up_to_date(new_page, alice, log_in):
    tupdog = card_id("Tupdog")
    deck = services.create(alice, CoreDeck(crypt={tupdog: 2}), name="Two tabs")
    tab_a = new_page()
    log_in(tab_a, alice)
    tab_b = tab_a.context.new_page()
    for tab in (tab_a, tab_b):
        tab.goto(f"/decks/{deck.id}/edit")
        expect(deck_row(tab, str(tupdog))).to_have_attribute("data-count", "2")

    deck_row(tab_a, str(tupdog)).locator("button.inc").click()
    expect(deck_row(tab_a, str(tupdog))).to_have_attribute("data-count", "3")
    expect_saved(tab_a)

    deck_row(tab_b, str(tupdog)).locator("button.inc").click()
    conflict = tab_b.locator("#conflict")
    expect(conflict).to_be_visible()
    expect(conflict.locator(".conflict-message")).to_contain_text("changed elsewhere")
    expect(tab_b.locator("#save-state")).to_have_attribute("data-state", "error")
    expect(tab_b.locator("#conflict-reload")).to_be_focused()
    expect(deck_row(tab_b, str(tupdog))).to_have_attribute("data-count", "2")
    assert DeckCard.objects.get(deck=deck, card_id=tupdog).count == 3  # tab A's change stands

    # Until Reload, tab B changes nothing: it does not even start a save. A click saves at once and a typed
    # name after the autosave delay, each first showing "Saving…" (synchronously, in the event's handler):
    # the state read right after each, without waiting, shows that neither began — no timer to outwait.
    deck_row(tab_b, str(tupdog)).locator("button.inc").click()
    assert tab_b.locator("#save-state").get_attribute("data-state") == "error"
    tab_b.locator("#deck-name").fill("Renamed in the stale tab")
    assert tab_b.locator("#save-state").get_attribute("data-state") == "error"
    deck.refresh_from_db()
    assert (deck.name, DeckCard.objects.get(deck=deck, card_id=tupdog).count) == ("Two tabs", 3)

    tab_b.locator("#conflict-reload").click()
    expect(conflict).to_be_hidden()
    expect(tab_b.locator("#save-state")).to_have_attribute("data-state", "reloaded")
    expect(deck_row(tab_b, str(tupdog))).to_have_attribute("data-count", "3")
    expect(tab_b.locator("#deck-name")).to_have_value("Two tabs")

    deck_row(tab_b, str(tupdog)).locator("button.inc").click()
    expect(deck_row(tab_b, str(tupdog))).to_have_attribute("data-count", "4")
    expect_saved(tab_b)
    assert DeckCard.objects.get(deck=deck, card_id=tupdog).count == 4


# ---- the count box and the details that save themselves ---------------------------------------------


def test_the_count_box_adds_many_copies_at_once_and_the_details_need_no_save_button(new_page, alice, log_in):
    # 10 copies were Add and 9 clicks; "Save details" stood beside "Changes are saved as you type".
    deck = services.create(alice, CoreDeck(), name="Ten at once")
    page = new_page()
    log_in(page, alice)
    page.goto(f"/decks/{deck.id}/edit")
    expect(page.locator("#details-form .autosave-note")).to_be_visible()
    expect(page.locator("#details-save")).to_be_hidden()

    govern = search(page, "govern the un", "Govern the Unaligned")
    box = govern.get_by_label("Copies of Govern the Unaligned to add")
    expect(box).to_have_value("1")
    box.fill("10")
    box.press("Enter")
    row = deck_row(page, str(card_id("Govern the Unaligned")))
    expect(row).to_have_attribute("data-count", "10")
    expect_saved(page)
    box = page.get_by_label("Copies of Govern the Unaligned to add")
    expect(box).to_have_value("1")  # ready for the next number
    box.fill("3")
    page.locator('#search-results li.search-result[data-card-name="Govern the Unaligned"] button.add').click()
    expect(row).to_have_attribute("data-count", "13")
    expect_saved(page)
    # A number over the deck's limit (a library of at most 90 cards) adds nothing: the browser says why.
    box = page.get_by_label("Copies of Govern the Unaligned to add")
    box.fill("91")
    box.press("Enter")
    assert box.evaluate("box => box.validity.rangeOverflow")
    expect(row).to_have_attribute("data-count", "13")
    assert DeckCard.objects.get(deck=deck, card_id=card_id("Govern the Unaligned")).count == 13
