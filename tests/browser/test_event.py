"""A judge's event in a real browser (issue #29), end to end: the organiser creates a 20-player event of three
rounds and a final; one player registers through the link and submits her list in her own browser (the others
are added through the services, to save time); the organiser starts the event (the lists lock), seats and
scores the three rounds through the pages (the player scores her own table in round 1), deck-checks one
player, seats the final with the finals helper, scores it and downloads the exports. On a desktop in English,
and again on a 390 px phone in Polish, where no page may scroll sideways; every page under the
Content-Security-Policy.

The pages are driven by ids and classes, never by their words, so the Polish run follows the same steps.
"""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.contrib.auth import get_user_model

from cards import index
from events import services
from events.models import DeckCheck, Decklist, Event, Table
from tests.samples import TUPDOG_GOVERN
from vtesdeck.core import decklist as core_decklist
from vtesdeck.core.events import exports

from .conftest import DESKTOP, PASSWORD, PHONE, SKIP_WITHOUT_PLAYWRIGHT
from .test_csp import POLICY_MESSAGE
from .test_screenshots import SIDEWAYS

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = PHONE["viewport"]["width"]
PLAYERS = 20
ROUNDS = 3
LEGAL = TUPDOG_GOVERN  # legal under "vekn" on the event's date


@pytest.fixture(autouse=True)
def _quick(quick_seating) -> None:
    """The live server runs in this process: its seating optimiser gets the small budget too."""


class Pages:
    """A browser page that checks, on a phone, that nothing scrolls sideways, and that no page breaks the
    Content-Security-Policy."""

    def __init__(self, page, phone: bool) -> None:
        self.page, self.phone = page, phone
        self.sideways: dict[str, list[str]] = {}
        self.policy: list[str] = []
        page.on("console", self._console)

    def _console(self, message) -> None:
        if POLICY_MESSAGE.search(message.text):
            self.policy.append(f"{self.page.url}: {message.text}")

    def check(self, what: str) -> None:
        expect(self.page.locator("main")).to_be_visible()
        if self.phone:
            found = self.page.evaluate(SIDEWAYS, PHONE_WIDTH)
            if found["scrollWidth"] > PHONE_WIDTH + 1:
                self.sideways[what] = found["culprits"]

    def assert_clean(self) -> None:
        assert not self.sideways, f"pages scroll sideways at {PHONE_WIDTH} px: {self.sideways}"
        assert not self.policy, "\n".join(self.policy)


def download(page, link) -> str:
    with page.expect_download() as info:
        link.click()
    return info.value.path().read_text(encoding="utf-8")


def score_tables(pages: Pages, skip: frozenset[int] = frozenset()) -> None:
    """Every table of the round page shown that has a score form: seat 1 ousts everyone (table numbers in
    ``skip`` left alone)."""
    page = pages.page
    count = page.locator("section.game-table").count()
    for k in range(count):
        table = page.locator("section.game-table").nth(k)
        number = int(table.get_attribute("id").removeprefix("table-"))
        if number in skip or not table.locator("form.score-form").count():
            continue
        inputs = table.locator("input.vp-input")
        seats = inputs.count()
        for seat in range(seats):
            inputs.nth(seat).fill(str(seats) if seat == 0 else "0")
        table.locator("form.score-form button[type=submit]").click()
        expect(page.locator(f"#table-{number} .badge-legal")).to_be_visible()
    pages.check(f"round page ({page.url})")


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "pl")])
def test_a_judge_runs_a_twenty_player_event_through_the_pages(browser, site, log_in, size, language):
    User = get_user_model()
    olga = User.objects.create_user("olga", "olga@example.org", PASSWORD)
    carla = User.objects.create_user("carla", "carla@example.org", PASSWORD)
    options = {**(PHONE if size == "phone" else DESKTOP), "locale": language}
    contexts = [browser.new_context(base_url=site, accept_downloads=True, **options) for _ in range(2)]
    try:
        judge = Pages(contexts[0].new_page(), size == "phone")
        player = Pages(contexts[1].new_page(), size == "phone")
        page = judge.page
        log_in(page, olga)
        log_in(player.page, carla)

        # The organiser creates the event.
        page.goto("/events/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        judge.check("my events")
        page.locator(".heading-actions a.button").click()
        page.locator("#id_name").fill("Camarilla Cup")
        page.locator("#id_date").fill(datetime.date.today().isoformat())
        page.locator("#id_location").fill("Lyon, France")
        page.locator("#id_rounds").fill(str(ROUNDS))
        judge.check("new event")
        page.locator("form.event-form button[type=submit]").click()
        expect(page.locator("#registration-link")).to_be_visible()
        event = Event.objects.get()
        assert (event.owner, event.rounds, event.finals) == (olga, ROUNDS, True)
        judge.check("dashboard")

        # Carla registers through the link and submits her list; the verdict shows at once.
        link = page.locator("#registration-link").get_attribute("href")
        player.page.goto(link)
        expect(player.page.locator("#id_name")).to_have_value("carla")
        player.page.locator("#id_name").fill("Carla Dupont")
        player.check("registration")
        player.page.locator("form.join-form button[type=submit]").click()
        player.page.locator("#id_text").fill(LEGAL)
        player.check("decklist form")
        player.page.locator("form.decklist-form button[type=submit]").click()
        expect(player.page.locator("#verdict .badge-legal")).to_be_visible()
        player.check("decklist verdict")
        carla_number = event.players.get(user=carla).number

        # The other nineteen, each with a legal list, added through the services.
        for n in range(PLAYERS - 1):
            added = services.register(event, by=olga, name=f"Player {n + 1:02d}", vekn=str(2000 + n))
            services.submit_list(added, by=olga, text=LEGAL)

        # The start locks the lists: Carla's form is gone.
        page.reload()
        expect(page.locator("#players tbody tr")).to_have_count(PLAYERS)
        page.locator("#start-event").click()
        expect(page.locator("#event-stage")).to_have_class("badge stage-running")
        assert all(d.locked for d in Decklist.objects.filter(player__event=event))
        player.page.reload()
        expect(player.page.locator("#list-locked")).to_be_visible()
        expect(player.page.locator("#id_text")).to_have_count(0)

        for number in range(1, ROUNDS + 1):
            page.goto(f"/events/{event.id}/")
            page.locator("#seat-round").click()
            expect(page.locator("#violations")).to_be_visible()
            expect(page.locator("section.game-table")).to_have_count(PLAYERS // 5)
            mine = None
            if number == 1:
                # Carla scores her own table (the only form she is given); the judge the others.
                player.page.goto(page.url)
                expect(player.page.locator("form.score-form")).to_have_count(1)
                player.check("round page, a player's view")
                score_tables(player)
                mine = next(t.number for t in Table.objects.filter(round__number=1) if carla_number in t.seats)
                page.reload()

                # One deck check: a Govern missing from the deck; the judge keeps the default penalty.
                page.locator("ul.check-list a").first.click()
                page.locator("#id_count_crypt").fill("12")
                page.locator("#id_count_action").fill("39")
                page.locator("#id_count_master").fill("20")
                page.locator("button[name=action][value=compare]").click()
                expect(page.locator("#differences tbody tr")).to_have_count(1)
                expect(page.locator("#id_penalty")).to_have_value("game loss")
                judge.check("deck check")
                page.locator("button[name=action][value=save]").click()
                expect(page.locator("#violations")).to_be_visible()
            score_tables(judge, skip=frozenset({mine} if mine else ()))
            if number == 1:
                page.goto(f"/events/{event.id}/rounds/1/print/")
                expect(page.locator("table.print-table")).to_have_count(PLAYERS // 5)
                judge.check("printable round")
        check = DeckCheck.objects.get()
        assert (check.penalty, check.differences[0]["group"]) == ("game loss", "Action")
        assert not Table.objects.filter(round__event=event, vps=[]).exists()

        # The final: the helper places the five finalists, lowest qualifier first, then the score.
        page.goto(f"/events/{event.id}/")
        expect(page.locator("#standings tbody tr")).to_have_count(PLAYERS)
        judge.check("dashboard with standings")
        page.locator("#start-finals").click()
        expect(page.locator("#qualifiers tbody tr")).to_have_count(5)
        for laid in range(5):
            expect(page.locator("#places button")).to_have_count(laid + 1)
            page.locator("#places button").last.click()
        expect(page.locator("#first-player")).to_be_visible()
        expect(page.locator("#final-seats li")).to_have_count(5)
        judge.check("finals helper")
        final = page.locator("section.game-table")
        inputs = final.locator("input.vp-input")
        for seat in range(5):
            inputs.nth(seat).fill("5" if seat == 0 else "0")
        final.locator("form.score-form button[type=submit]").click()
        expect(page.locator("#winner")).to_be_visible()
        event.refresh_from_db()
        assert event.stage == Event.Stage.FINISHED
        winner = event.players.get(number=Table.objects.get(round__event=event, round__final=True).seats[0])

        # The exports.
        page.goto(f"/events/{event.id}/")
        judge.check("finished dashboard")
        links = page.locator("ul.export-list a")
        expect(links).to_have_count(3)
        standings = list(csv.DictReader(io.StringIO(download(page, links.nth(0)))))
        assert len(standings) == PLAYERS and standings[0]["name"] == winner.name and standings[0]["finals"] == "1"
        archon = list(csv.reader(io.StringIO(download(page, links.nth(1)))))
        assert tuple(archon[0]) == exports.ARCHON_COLUMNS and len(archon) == PLAYERS + 1
        twd = core_decklist.parse(download(page, links.nth(2)), index.get())
        assert twd.event is not None and (twd.event.winner, twd.event.players) == (winner.name, PLAYERS)
        assert sum(twd.crypt.values()) == 12 and sum(twd.library.values()) == 60

        judge.assert_clean()
        player.assert_clean()
    finally:
        for context in contexts:
            context.close()
