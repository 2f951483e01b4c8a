"""The Games tab in a real browser: a player opens a tournament deck, starts a games job against the field with the
form's defaults (fewer games), follows its progress bar chunk by chunk to the results (VP per game with its
interval, the table of cards, the charts), then reads a game turn by turn, its card names linking to the cards;
on a desktop and on a phone (with screenshots for the documentation; in Polish and German too), and from an
archive deck's own Games tab, every page under the Content-Security-Policy. On a phone no page scrolls sideways
and no table hides columns behind a scroll of its own.

No worker runs here: the job's chunks go to a broker queue nobody reads, and the test plays them with the very
task a worker would run (``simulations.tasks.run_chunk``) in its own process, chunk by chunk.
"""

from __future__ import annotations

import datetime
import os
import re
import uuid

import pytest

from cards import index
from decks import services as deck_services
from simulations import kinds
from simulations.models import Simulation
from simulations.tasks import run_chunk
from tests.paths import TWDA
from vtesdeck.celery import app as celery_app
from vtesdeck.core.charts import format_share

from .conftest import DESKTOP, PHONE, SCREENSHOTS, SKIP_WITHOUT_PLAYWRIGHT
from .test_csp import Watcher
from .test_phone_tables import CLIPPED
from .test_screenshots import SIDEWAYS

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARCHIVE_ID = "10009"  # "4 Tupdog", La Marató 2021
DECKLIST = TWDA / f"{ARCHIVE_ID}.txt"
GAMES = "100"  # the smallest number of games the form offers
CHUNK_SIZE = 25  # 100 games in 4 chunks: progress can be seen between them
PLAYERS = 5  # the form's default table
PHONE_WIDTH = PHONE["viewport"]["width"]
GAME_SHOT_HEIGHT = 2_000  # CSS px of a game's page in its screenshot: the seats and the first turns of the log
NUMBER = r"(\d+\.\d\d)"  # a VP figure as the results show it
ROUNDED = 0.005 + 1e-9  # how far a figure shown to two decimals (half up) may be from the report's
SLOWEST_POLL_MS = 10_000  # static/js/draws.js: the longest the job page waits between two polls
CLOCK = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # the pages' clock, which stands still


@pytest.fixture
def idle_queue(settings):
    """Chunks go to a queue of this test's own, which no worker reads, and are purged afterwards."""
    name = f"vtesdeck-test-browser-games-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    settings.SIMULATION_QUEUE = name
    settings.SIMULATION_GAMES_CHUNK_SIZE = CHUNK_SIZE
    yield name
    try:
        with celery_app.connection_for_write() as connection:
            connection.default_channel.queue_purge(name)
            connection.default_channel.queue_purge(f"{name}-quick")  # small jobs' chunks
    except Exception:
        pass


@pytest.fixture
def field(site, archive_ids) -> list[str]:
    """The archive's winning decks the field draws from (imported once the card list is back in the database)."""
    if not archive_ids or ARCHIVE_ID not in archive_ids:
        pytest.skip(f"the TWDA decklist {DECKLIST} is not here")
    return archive_ids


@pytest.fixture
def deck(alice, field):
    text = DECKLIST.read_text(encoding="utf-8")
    return deck_services.create(
        alice, deck_services.parse_text(text), name="4 Tupdog (La Marató 2021)", visibility="public"
    )


@pytest.fixture
def watched(new_page):
    """A desktop page whose every document is checked against the Content-Security-Policy."""
    return Watcher(new_page(**DESKTOP))


def stop_the_clock(page) -> None:
    """The page's timers fire only when the test says (``poll``), never while it plays a chunk: the live server
    shares the test's in-memory SQLite connection, on which a poll read while a chunk writes fails with
    "database table is locked"."""
    # Installed a minute early: the installed clock runs until paused, and pausing at a moment already past is
    # an error ("Cannot fast-forward to the past") on a machine slow enough to let a millisecond go by.
    page.clock.install(time=CLOCK - datetime.timedelta(minutes=1))
    page.clock.pause_at(CLOCK)


def poll(page) -> None:
    """The job page asks the server for the job's progress once (its next poll is due within this time)."""
    page.clock.run_for(SLOWEST_POLL_MS)


def work(simulation: Simulation, chunks: range | None = None) -> None:
    """Play chunks of the job as a worker would (all of them by default)."""
    kind = kinds.of(simulation)
    sizes = kind.chunk_sizes(simulation.units, kind.chunk_size_of(simulation))
    for chunk in chunks if chunks is not None else range(len(sizes)):
        run_chunk(simulation.id, chunk, sizes[chunk])


def start_from_the_tab(page) -> Simulation:
    """The Games tab's form as it comes, with fewer games: the field since 2018, five players, the VEKN rules (the card
    impact's form below it offers the field too)."""
    form = page.locator("form.games-form")
    expect(form.get_by_label("The field", exact=True)).to_be_checked()
    expect(form.get_by_label("Players", exact=True)).to_have_value(str(PLAYERS))
    expect(form.get_by_label("Rules", exact=True)).to_have_value("vekn")
    form.get_by_label("Games to play").select_option(GAMES)
    form.get_by_role("button", name="Play the games").click()
    page.wait_for_url(re.compile(r"/simulations/\w+/$"))
    simulation = Simulation.objects.get(pk=page.url.rstrip("/").split("/")[-1])
    assert (simulation.kind, simulation.units, simulation.status) == ("games", int(GAMES), "queued")
    assert simulation.chunks_total == len(kinds.of(simulation).chunk_sizes(int(GAMES), CHUNK_SIZE)) > 1
    assert simulation.parameters["opponents"] == ["field"] * (PLAYERS - 1)
    return simulation


def follow_to_the_results(page, simulation: Simulation) -> dict:
    """The job page's bar moves with each chunk played, then the page reloads itself into the results: the
    job's report."""
    expect(page.locator("#status-text")).to_have_text("Queued: waiting for a worker.")
    bar = page.locator("#simulation-progress")
    expect(bar).to_have_attribute("value", "0.0")
    halfway = simulation.chunks_total // 2
    work(simulation, range(halfway))
    running = Simulation.objects.get(pk=simulation.pk)
    poll(page)
    expect(page.locator("#chunks-done")).to_have_text(str(halfway))
    expect(page.locator("#games-done")).to_have_text(str(running.units_done))
    expect(page.locator("#progress-percent")).to_have_text(format_share(running.progress))
    expect(page.locator("#status-text")).to_have_text("Running: the workers are playing games.")
    assert abs(float(bar.evaluate("el => el.value")) - 100 * running.progress) <= 0.1
    expect(page.locator("#games-deck")).to_have_count(0)

    work(simulation)
    poll(page)
    expect(page.locator("#games-deck")).to_be_visible()
    expect(page.locator("#status-label")).to_have_text("Done")
    report = Simulation.objects.get(pk=simulation.pk).result
    assert report["games"] == int(GAMES)
    return report


def check_the_results(page, report: dict) -> None:
    # VP per game and its 95 % interval, as the report has them.
    vp = page.locator("#games-deck tbody tr", has_text="Victory points per game").locator("td")
    expect(vp.nth(0)).to_have_text(re.compile(rf"^{NUMBER}$"))
    shown = float(vp.nth(0).inner_text())
    low, high = (float(x) for x in re.fullmatch(rf"{NUMBER} – {NUMBER}", vp.nth(1).inner_text()).groups())
    figures = report["deck"]
    assert abs(shown - figures["vp_mean"]) <= ROUNDED
    assert abs(low - figures["vp_ci95"][0]) <= ROUNDED and abs(high - figures["vp_ci95"][1]) <= ROUNDED
    assert low <= shown <= high
    # Every card of the deck has its row, its name a link to its card.
    cards = page.locator("#games-cards tbody tr")
    expect(cards).to_have_count(len(report["cards"]))
    for row in report["cards"][:3]:
        link = page.locator(f'#games-cards a[href="/cards/{row["id"]}/"]')
        expect(link).to_have_text(row["name"])
    expect(page.locator("#by-seat tbody tr")).to_have_count(PLAYERS)
    for chart in ("vp-by-seat-chart", "oust-order-chart", "first-vampire-chart"):
        expect(page.locator(f"svg[aria-labelledby='chart-{chart}-title']")).to_be_visible()


def read_the_first_game(page, simulation: Simulation, report: dict) -> None:
    number = report["examples"]["first"]
    page.locator('a[data-example="first"]').click()
    page.wait_for_url(f"**/simulations/{simulation.id}/games/{number}/")
    expect(page.locator("h1")).to_contain_text(f"Game {number}")
    expect(page.locator("#replay-command")).to_have_text(
        f"python manage.py replay_game --job {simulation.id} --game {number}"
    )
    expect(page.locator("#game-seats tbody tr")).to_have_count(PLAYERS)
    expect(page.locator("#game-seats tr.this-deck")).to_have_count(1)
    # Turn by turn, each card name a link to its card.
    log = page.locator("#game-log li")
    expect(log.first).to_be_visible()
    assert log.count() > PLAYERS
    links = page.locator('#game-log a[href^="/cards/"]')
    expect(links.first).to_be_visible()
    card_list = index.get()
    named = links.evaluate_all("links => links.map((a) => [a.getAttribute('href'), a.textContent])")
    for href, name in named:
        card = re.fullmatch(r"/cards/(\d+)/", href)
        assert card and card_list[int(card.group(1))].name == name, (href, name)


def shoot(page, name: str, size: str, *, height: int | None = None) -> None:
    """A full-page screenshot for the documentation (its top ``height`` px only: a game's whole log is pages
    long); on a phone, the page must fit the screen (``fits_a_phone``)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.fonts.ready")
    width = page.viewport_size["width"]
    clip = {"x": 0, "y": 0, "width": width, "height": height} if height else None
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True, clip=clip, animations="disabled")
    if size == "phone":
        fits_a_phone(page, name)


def fits_a_phone(page, what: str) -> None:
    """The page does not scroll sideways, nor does a table hide columns behind a scroll of its own
    (tests/browser/test_phone_tables.py), its disclosures opened."""
    # Measured once the stylesheets apply: a reloaded page's elements can be seen before its CSS has loaded.
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready")
    found = page.evaluate(SIDEWAYS, PHONE_WIDTH)
    assert found["scrollWidth"] <= PHONE_WIDTH + 1, f"{what} scrolls sideways: {found['culprits']}"
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    clipped = page.evaluate(CLIPPED, PHONE_WIDTH)
    assert clipped == [], f"{what}: tables wider than their box: {clipped}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_player_plays_a_deck_against_the_field_and_reads_a_game(new_page, deck, idle_queue, size):
    page = new_page(**(PHONE if size == "phone" else DESKTOP))
    stop_the_clock(page)
    page.goto(f"/decks/{deck.id}/")
    page.locator("nav.deck-tabs").get_by_role("link", name="Games", exact=True).click()
    page.wait_for_url(f"**/decks/{deck.id}/games/")
    expect(page.locator("#coverage")).to_be_visible()
    shoot(page, f"games-tab-{size}", size)

    simulation = start_from_the_tab(page)
    assert simulation.deck_id == deck.id
    report = follow_to_the_results(page, simulation)
    check_the_results(page, report)
    shoot(page, f"games-{size}", size)

    read_the_first_game(page, simulation, report)
    shoot(page, f"game-{size}", size, height=GAME_SHOT_HEIGHT)


def test_an_archive_decks_games_tab_plays_and_tells_its_games_under_the_policy(watched, field, idle_queue):
    page = watched.page
    stop_the_clock(page)
    watched.visit(f"/twda/{ARCHIVE_ID}/")
    page.locator("nav.deck-tabs").get_by_role("link", name="Games", exact=True).click()
    page.wait_for_url(f"**/twda/{ARCHIVE_ID}/games/")
    expect(page.locator("#coverage")).to_be_visible()
    watched.collect()

    simulation = start_from_the_tab(page)
    assert simulation.deck_id is None and simulation.parameters["twda"] == ARCHIVE_ID
    report = follow_to_the_results(page, simulation)  # the page's polling script at work under the policy
    check_the_results(page, report)
    expect(page.get_by_role("link", name="Back to the deck's games")).to_have_attribute(
        "href", f"/twda/{ARCHIVE_ID}/games/"
    )
    watched.collect()

    read_the_first_game(page, simulation, report)
    expect(page.locator("p.breadcrumb").get_by_role("link", name="Games", exact=True)).to_have_attribute(
        "href", f"/twda/{ARCHIVE_ID}/games/"
    )
    watched.collect()

    # Any game by its number, from the results' box.
    last = int(GAMES) - 1
    page.go_back()
    page.get_by_label("Game number").fill(str(last))
    page.get_by_role("button", name="Read it").click()
    page.wait_for_url(f"**/simulations/{simulation.id}/games/{last}/")
    expect(page.locator("#replay-command")).to_have_text(
        f"python manage.py replay_game --job {simulation.id} --game {last}"
    )
    expect(page.locator('a[rel="prev"]')).to_have_attribute("href", f"/simulations/{simulation.id}/games/{last - 1}/")
    expect(page.locator('a[rel="next"]')).to_have_count(0)
    watched.assert_clean()


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_games_pages_fit_a_phone_in_polish_and_german(browser, site, deck, idle_queue, language):
    # Longer words than English: the tables keep their columns within their boxes, the page never scrolls sideways.
    context = browser.new_context(base_url=site, locale=language, **PHONE)
    try:
        page = context.new_page()
        stop_the_clock(page)
        page.goto(f"/decks/{deck.id}/games/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        # The date picker shows its date (the browser drops a value in the language's own format, 01.01.2018).
        expect(page.locator("form.games-form input[name=field_since]")).to_have_value("2018-01-01")
        fits_a_phone(page, "the Games tab")
        page.locator("form.games-form select[name=games]").select_option(GAMES)
        page.locator("form.games-form button[type=submit]").click()
        page.wait_for_url(re.compile(r"/simulations/\w+/$"))
        simulation = Simulation.objects.get(pk=page.url.rstrip("/").split("/")[-1])
        work(simulation)
        poll(page)
        expect(page.locator("#games-deck")).to_be_visible()
        fits_a_phone(page, "the job's results")
        page.locator('a[data-example="first"]').click()
        expect(page.locator("#game-log li").first).to_be_visible()
        fits_a_phone(page, "a game")
    finally:
        context.close()
