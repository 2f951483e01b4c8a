"""The Draws tab in a real browser: a tournament deck's exact odds at once, then a simulation started with one
click, followed by its progress bar to the finished tables and charts, on a desktop and on a phone (with
screenshots for the documentation); and the same job followed without script, by the page's own refresh.

No worker runs here: the job's chunks go to a broker queue nobody reads, and the test runs the very
task a worker would (``simulations.tasks.run_chunk``) in its own process, chunk by chunk.
"""

from __future__ import annotations

import os
import re
import uuid
from math import comb

import pytest

from decks import services as deck_services
from simulations.models import Simulation
from simulations.tasks import run_chunk
from tests.paths import TWDA
from vtesdeck.celery import app as celery_app
from vtesdeck.core import draws
from vtesdeck.core.charts import format_share

from .conftest import DESKTOP, PHONE, SCREENSHOTS, SKIP_WITHOUT_PLAYWRIGHT
from .test_csp import Watcher
from .test_screenshots import SIDEWAYS

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DECKLIST = TWDA / "10009.txt"  # "4 Tupdog", La Marató 2021
CHUNK_SIZE = 25_000  # 100,000 hands in 4 chunks: progress can be seen between them
PHONE_WIDTH = PHONE["viewport"]["width"]


@pytest.fixture
def idle_queue(settings):
    """Chunks go to a queue of this test's own, which no worker reads, and are purged afterwards."""
    name = f"vtesdeck-test-browser-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    settings.SIMULATION_QUEUE = name
    settings.SIMULATION_CHUNK_SIZE = CHUNK_SIZE
    yield name
    try:
        with celery_app.connection_for_write() as connection:
            connection.default_channel.queue_purge(name)
            connection.default_channel.queue_purge(f"{name}-quick")  # small jobs' chunks
    except Exception:
        pass


@pytest.fixture
def deck(alice):
    if not DECKLIST.is_file():
        pytest.skip(f"the TWDA decklist {DECKLIST} is not here")
    text = DECKLIST.read_text(encoding="utf-8")
    return deck_services.create(
        alice, deck_services.parse_text(text), name="4 Tupdog (La Marató 2021)", visibility="public"
    )


def work(simulation: Simulation, chunks: range | None = None) -> None:
    """Run chunks of the job as a worker would (all of them by default)."""
    sizes = draws.chunk_sizes(simulation.hands, simulation.parameters["chunk_size"])
    for index in chunks if chunks is not None else range(len(sizes)):
        run_chunk(simulation.id, index, sizes[index])


def started_job(page) -> Simulation:
    page.wait_for_url(re.compile(r"/simulations/\w+/$"))
    return Simulation.objects.get(pk=page.url.rstrip("/").split("/")[-1])


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_player_sees_the_exact_odds_then_simulates_and_follows_the_job_to_its_charts(
    new_page, deck, idle_queue, size
):
    page = new_page(**(PHONE if size == "phone" else DESKTOP))
    page.goto(f"/decks/{deck.id}/")
    page.locator("nav.deck-tabs").get_by_role("link", name="Draws").click()
    page.wait_for_url(f"**/decks/{deck.id}/draws/")

    # The exact odds are there at once, for every card of the deck.
    core = deck.to_core()
    library = sum(core.library.values())
    odds = page.locator("#library-odds tbody tr")
    expect(odds).to_have_count(len(core.library))
    first = odds.first
    card_id = int(first.get_attribute("data-card-id"))
    copies = core.library[card_id]
    exact = 1 - comb(library - copies, 7) / comb(library, 7)
    expect(first.locator('[data-figure="p_opening_exact"]')).to_have_text(format_share(exact))
    expect(page.locator("svg[aria-labelledby='chart-library-odds-chart-title']")).to_be_visible()

    shoot(page, f"draws-tab-{size}", size)

    # One click starts a job.
    page.get_by_label("Opening hands to draw").select_option("100000")
    page.get_by_role("button", name="Simulate").click()
    simulation = started_job(page)
    assert (simulation.hands, simulation.chunks_total, simulation.status) == (100_000, 4, "queued")
    status = page.locator("#status-text")
    expect(status).to_have_text("Queued: waiting for a worker.")
    bar = page.locator("#simulation-progress")
    expect(bar).to_have_attribute("value", "0.0")

    # A worker takes two chunks: the bar follows without a reload.
    work(simulation, range(2))
    expect(page.locator("#chunks-done")).to_have_text("2")
    expect(page.locator("#workers")).to_contain_text("1 (")
    expect(status).to_have_text("Running: the workers are drawing hands.")
    assert 49 <= float(bar.evaluate("el => el.value")) <= 51
    expect(page.locator("#library-odds")).to_have_count(0)

    # The rest: the page reloads itself into the results.
    work(simulation)
    expect(page.locator("#library-odds")).to_be_visible()
    expect(page.locator("#status-label")).to_have_text("Done")
    expect(page.locator("#library-odds tbody tr")).to_have_count(len(core.library))
    for chart in ("library-odds-chart", "crypt-odds-chart", "first-vampire-chart", "playable-histogram"):
        expect(page.locator(f"svg[aria-labelledby='chart-{chart}-title']")).to_be_visible()
    result = Simulation.objects.get(pk=simulation.pk).result
    row = next(r for r in result["library"] if r["id"] == card_id)
    shown = page.locator(f'#library-odds tr[data-card-id="{card_id}"] [data-figure="p_opening"]')
    expect(shown).to_have_text(format_share(row["p_opening"]))
    assert abs(row["p_opening"] - row["p_opening_exact"]) < 4 * row["stderr"]

    shoot(page, f"draws-{size}", size)


def shoot(page, name: str, size: str) -> None:
    """A full-page screenshot for the documentation; on a phone the page must not scroll sideways."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.fonts.ready")
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True, animations="disabled")
    if size == "phone":
        found = page.evaluate(SIDEWAYS, PHONE_WIDTH)
        assert found["scrollWidth"] <= PHONE_WIDTH + 1, f"{name} scrolls sideways: {found['culprits']}"


def test_without_script_the_job_page_refreshes_itself_until_done(browser, site, deck, idle_queue):
    context = browser.new_context(base_url=site, java_script_enabled=False, **DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"/decks/{deck.id}/draws/")
        page.get_by_role("button", name="Simulate").click()
        simulation = started_job(page)
        expect(page.locator("#status-label")).to_have_text("Queued")
        work(simulation)
        # The meta refresh (every 2 seconds) brings the results; then it stops.
        expect(page.locator("#library-odds")).to_be_visible(timeout=60_000)
        assert page.locator('meta[http-equiv="refresh"]').count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_draws_pages_fit_a_phone_in_polish_and_german(browser, site, deck, idle_queue, language):
    # Longer words than English: the tables scroll inside their boxes, the page itself never sideways.
    context = browser.new_context(base_url=site, locale=language, **PHONE)
    try:
        page = context.new_page()
        page.goto(f"/decks/{deck.id}/draws/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        found = page.evaluate(SIDEWAYS, PHONE_WIDTH)
        assert found["scrollWidth"] <= PHONE_WIDTH + 1, f"the Draws tab scrolls sideways: {found['culprits']}"
        page.locator("form.hands-form button[type=submit]").click()
        simulation = started_job(page)
        work(simulation)
        expect(page.locator("#library-odds")).to_be_visible()
        found = page.evaluate(SIDEWAYS, PHONE_WIDTH)
        assert found["scrollWidth"] <= PHONE_WIDTH + 1, f"the job's page scrolls sideways: {found['culprits']}"
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_player_is_dealt_a_sample_hand_and_deals_again_under_the_policy(new_page, deck, size):
    # The Draws tab had no "deal me a sample hand": the odds alone.
    watched = Watcher(new_page(**(PHONE if size == "phone" else DESKTOP)))
    page = watched.page
    watched.visit(f"/decks/{deck.id}/draws/")
    core = deck.to_core()
    page.get_by_role("link", name="Deal me a sample hand").click()
    page.wait_for_url(re.compile(r"\?hand=\d+#sample-hand$"))
    first = page.url
    shown = dealt_cards(page)
    assert (len(shown["library"]), len(shown["crypt"])) == (7, 4)
    assert set(shown["library"]) <= set(core.library) and set(shown["crypt"]) <= set(core.crypt)
    expect(page.locator("#sample-hand")).to_be_in_viewport()
    watched.collect()

    page.get_by_role("link", name="Deal again").click()
    page.wait_for_url(re.compile(r"\?hand=\d+#sample-hand$"))
    assert page.url != first
    again = dealt_cards(page)
    assert (len(again["library"]), len(again["crypt"])) == (7, 4)
    if size == "phone":
        found = page.evaluate(SIDEWAYS, PHONE_WIDTH)
        assert found["scrollWidth"] <= PHONE_WIDTH + 1, f"the sample hand scrolls sideways: {found['culprits']}"
    watched.assert_clean()


def dealt_cards(page) -> dict[str, list[int]]:
    """The card ids of the sample hand, each shown as a card (its picture loaded, card-shaped)."""
    out = {}
    # Every picture loaded (the wait ends as soon as they are; its deadline only stops a hung page).
    page.wait_for_function(
        "() => [...document.querySelectorAll('#sample-hand img')].every((img) => img.complete && img.naturalWidth)"
    )
    for part in ("library", "crypt"):
        cards = page.locator(f"#sample-{part} figure.card-thumb")
        expect(cards.first).to_be_visible()
        shapes = cards.locator("img").evaluate_all("imgs => imgs.map((img) => img.height / img.width)")
        assert all(1.3 < shape < 1.5 for shape in shapes), shapes  # card-shaped, 5 × 7
        hrefs = cards.locator("a").evaluate_all("links => links.map((a) => a.getAttribute('href'))")
        out[part] = [int(re.fullmatch(r"/cards/(\d+)/", href).group(1)) for href in hrefs]
    return out
