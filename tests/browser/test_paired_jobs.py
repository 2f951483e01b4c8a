"""Paired games in a real browser: a visitor asks what each card of an archive deck brings from its Games tab and
follows the job to the table ranking its cards; a player compares a deck of theirs with an archive deck found by a
search, from the deck's page, and follows the job to its verdict in words. Every page under the
Content-Security-Policy.

No worker runs here: the chunks go to a queue nobody reads, and the test plays them with the very task a worker
would run (``simulations.tasks.run_chunk``) in its own process. Four seats and four games for each version: a few
seconds of play (the forms' smallest choices are lowered for the test)."""

from __future__ import annotations

import re

import pytest

from simulations import forms
from simulations.models import Simulation

from .conftest import SKIP_WITHOUT_PLAYWRIGHT
from .test_csp import Watcher
from .test_games import ARCHIVE_ID, deck, field, idle_queue, poll, stop_the_clock, work  # noqa: F401 (fixtures)

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = 4  # for each version of the deck
OTHER_ID = "10012"  # the Malkavians of the archive


@pytest.fixture
def few_games(monkeypatch):
    """The forms offer 4 games for each version first (the live server runs in this process)."""
    monkeypatch.setattr(forms, "IMPACT_GAMES_CHOICES", (GAMES, *forms.IMPACT_GAMES_CHOICES))
    monkeypatch.setattr(forms, "COMPARE_GAMES_CHOICES", (GAMES, *forms.COMPARE_GAMES_CHOICES))


@pytest.fixture
def watched(new_page):
    return Watcher(new_page())


def job_of(page) -> Simulation:
    page.wait_for_url(re.compile(r"/simulations/\w+/$"))
    return Simulation.objects.get(pk=page.url.rstrip("/").split("/")[-1])


def test_what_each_card_of_an_archive_deck_brings(watched, field, idle_queue, few_games):  # noqa: F811
    page = watched.page
    stop_the_clock(page)
    watched.visit(f"/twda/{ARCHIVE_ID}/games/")
    form = page.locator("form.impact-form")
    expect(page.locator("#impact-heading")).to_have_text("What each card brings")
    # The total is stated before anything starts: the games as built and once per card blanked.
    option = form.locator("select[name='impact-games'] option").first
    expect(option).to_have_text(re.compile(rf"^{GAMES} games each: \d+ games in all$"))
    form.get_by_label("Games for each card").select_option(str(GAMES))
    form.get_by_label("Players at each table").select_option("4")
    form.get_by_role("button", name="Measure each card").click()
    simulation = job_of(page)
    cards = simulation.parameters["cards"]
    assert (simulation.kind, simulation.units, simulation.parameters["twda"]) == (
        "impact",
        GAMES * (cards + 1),
        ARCHIVE_ID,
    )
    expect(page.locator("#status-text")).to_have_text("Queued: waiting for a worker.")
    expect(page.locator("#impact-cards")).to_have_count(0)
    watched.collect()

    work(simulation, range(1))
    poll(page)
    expect(page.locator("#chunks-done")).to_have_text("1")
    work(simulation)
    poll(page)
    table = page.locator("#impact-cards")
    expect(table).to_be_visible()
    report = Simulation.objects.get(pk=simulation.pk).result
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(cards)
    # The ranking is the report's, most valuable first; each card links to its page.
    for k, row in enumerate(report["cards"][:3]):
        expect(rows.nth(k).locator(f'a[href="/cards/{row["id"]}/"]')).to_have_text(row["name"])
    unmodelled = [row for row in report["cards"] if not row["modelled"]]
    expect(table.locator("tr.not-modelled")).to_have_count(len(unmodelled))
    watched.collect()
    watched.assert_clean()


def test_a_player_compares_a_deck_with_an_archive_deck_and_reads_the_verdict(
    watched,
    log_in,
    alice,
    deck,  # noqa: F811 (the fixture imported above)
    idle_queue,  # noqa: F811
    few_games,
):
    page = watched.page
    log_in(page, alice)
    stop_the_clock(page)
    watched.visit(f"/decks/{deck.id}/")
    page.locator("#compare-with").click()
    page.wait_for_url(f"**/decks/{deck.id}/compare/")
    # The player's own decks are offered as the opponents too, under a label of their own; choosing one in its
    # select ticks its radio button (static/js/choice_fields.js), as typing in the archive deck's field does.
    own = page.get_by_label("My deck at the other seats")
    own.select_option(str(deck.id))
    expect(page.get_by_label("One of my decks")).to_be_checked()
    page.get_by_label("The field", exact=True).check()  # the field after all
    page.get_by_label("Archive deck", exact=True).fill("Malk Madness")  # words of its name, not its id
    expect(page.get_by_label("An archive deck")).to_be_checked()
    page.get_by_label("Games for each deck").select_option(str(GAMES))
    page.get_by_label("Players").select_option("4")
    page.get_by_role("button", name="Compare the decks").click()
    choice = page.locator(f'#archive-matches button[value="{OTHER_ID}"]')
    if choice.count():  # several archive decks matched: the player picks it
        choice.click()
    simulation = job_of(page)
    assert (simulation.kind, simulation.units, simulation.parameters["other"]) == (
        "compare",
        2 * GAMES,
        {"twda": OTHER_ID},
    )
    expect(page.locator("h1")).to_contain_text("compared with")
    watched.collect()

    work(simulation)
    poll(page)
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible()
    expect(verdict).to_have_text(
        re.compile(
            r"(is better by \d\.\d\d VP a game, 95 % \[|No difference found at this size \(95 % \[|Too few games)"
        )
    )
    expect(page.locator("#compare-decks tbody tr")).to_have_count(4)  # A, B, and B − A in VP and in wins
    watched.collect()
    watched.assert_clean()
