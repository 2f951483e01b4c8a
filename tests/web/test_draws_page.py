"""A deck's Draws tab and a simulation job's page.

The tab shows the exact odds at once (no job, no worker): each card's chance to be in the opening hand,
the groups' chances of 1 to 4 cards, the draw curve. Its form starts a Monte-Carlo job for anyone who may
read the deck; bad input is answered on the form (400), a broker that is down on a page saying so (503).
A job's page follows it through queued, running, done, failed and cancelled, refreshing itself only while
unfinished; its owner (or anyone, for a job started without an account) may cancel it. No worker runs
here: jobs stay queued, or their fields are set as a worker would, with a real report from the core.
"""

from __future__ import annotations

import html as html_lib
import os
import re
import uuid
from math import comb

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from cards import index
from decks import services as deck_services
from decks.models import Deck, DeckCard
from simulations.models import Simulation, SimulationChunk
from tests.access import client_of
from tests.samples import FOUR_GOVERNS
from vtesdeck.celery import app as celery_app
from vtesdeck.core import draws
from vtesdeck.core.charts import format_share

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

PASSWORD = "not-a-real-password-42"

# 80 library cards of which 4 are the only Action; a crypt of 12 with 4 copies of Anson.
DECKLIST = FOUR_GOVERNS
TOO_SMALL = """Crypt (12 cards)
12x Tupdog
Library (5 cards)
5x Blood Doll
"""


# ---- helpers -------------------------------------------------------------------------------------


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)


@pytest.fixture
def queue(settings):
    """A broker queue no worker reads: what a test dispatches stays there to be counted, then is purged."""
    name = f"vtesdeck-test-pages-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    settings.SIMULATION_QUEUE = name
    yield name
    try:
        with celery_app.connection_for_write() as connection:
            connection.default_channel.queue_purge(name)
            connection.default_channel.queue_purge(f"{name}-quick")
    except Exception:  # a test that took the broker down leaves nothing to purge
        pass


def queued_messages(queue: str) -> int:
    """Chunks waiting in the test's queue and its quick queue (where small jobs' chunks go)."""
    with celery_app.connection_for_write() as connection:
        channel = connection.default_channel
        return sum(channel.queue_declare(queue=q).message_count for q in (queue, f"{queue}-quick"))


def make_deck(owner, text: str = DECKLIST, visibility: str = "public") -> Deck:
    return deck_services.create(owner, deck_services.parse_text(text), name="Four Governs", visibility=visibility)


def text_of(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def row_cells(html: str, table_id: str, header: str) -> list[str]:
    """The cells' texts of the row whose header cell reads ``header`` in table ``table_id``."""
    table = re.search(rf'<table[^>]*id="{table_id}".*?</table>', html, re.S)
    assert table, f"no table {table_id}"
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.S):
        cells = [text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        if cells and cells[0] == header:
            return cells
    raise AssertionError(f"no row {header!r} in {table_id}")


def percent(p: float) -> str:
    # One decimal; more only where one would print a possible event as 0% (tests/core/test_charts_draws.py).
    return format_share(p)


def p_at_least(population: int, successes: int, draws_: int, k: int) -> float:
    ways = sum(comb(successes, i) * comb(population - successes, draws_ - i) for i in range(k, draws_ + 1))
    return ways / comb(population, draws_)


def job(deck: Deck | None = None, owner=None, **fields) -> Simulation:
    """A stored job, as ``start_hands`` leaves it, with ``fields`` set as a worker would."""
    core = deck.to_core() if deck is not None else deck_services.parse_text(DECKLIST)
    plan = draws.compile_plan(core, index.get())
    values = {
        "hands": 20_000,
        "seed": 5,
        "chunks_total": 2,
        "plan": plan.to_dict(),
        "deck_name": "Four Governs",
        "parameters": {"hands": 20_000, "conditions": [], "chunk_size": 10_000},
    }
    values.update(fields)
    return Simulation.objects.create(deck=deck, owner=owner, **values)


# ---- the Draws tab: exact odds at once -----------------------------------------------------------


def test_the_draws_tab_shows_each_cards_exact_opening_odds(alice):
    deck = make_deck(alice)
    response = client_of().get(f"/decks/{deck.id}/draws/")
    assert response.status_code == 200
    html = response.content.decode()
    # Four copies in eighty: 1 − C(76, 7) / C(80, 7), about 31.2 %.
    govern = row_cells(html, "library-odds", "Govern the Unaligned")
    assert govern[1:4] == ["4", "Action", percent(1 - comb(76, 7) / comb(80, 7))]
    # Seen by the start of turn 3: 7 + 2 + 2 = 11 cards.
    assert govern[4] == percent(1 - comb(76, 11) / comb(80, 11))
    # Four Ansons among the first 4 crypt cards of 12.
    assert row_cells(html, "crypt-odds", "Anson")[1:4] == ["4", "8", percent(1 - comb(8, 4) / comb(12, 4))]
    assert "<svg" in html and 'id="chart-library-odds-chart-title"' in html


def test_the_draws_tab_gives_each_group_at_least_one_to_four_and_the_draw_curve(alice):
    deck = make_deck(alice)
    html = client_of().get(f"/decks/{deck.id}/draws/").content.decode()
    groups = re.search(r'<table[^>]*data-part="library" data-kind="type".*?</table>', html, re.S).group(0)
    action = next(
        [text_of(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", groups, re.S)
        if "Action" in row
    )
    assert action == ["Action", "4", *(percent(p_at_least(80, 4, 7, k)) for k in (1, 2, 3, 4))]
    # The hand refilled to 7 after 2 cards leave it each turn: 7, 9, 11… cards seen.
    assert row_cells(html, "draw-curve", "1")[1] == "7"
    assert row_cells(html, "draw-curve", "2")[1] == "9"
    assert row_cells(html, "draw-curve", "10")[1] == "25"


def sample_cards(html: str, part: str) -> list[int]:
    """The card ids a sample hand shows for ``part`` (library, crypt), as dealt."""
    listing = re.search(rf'<ul class="hand-cards" id="sample-{part}".*?</ul>', html, re.S)
    return [int(i) for i in re.findall(r'<a href="/cards/(\d+)/">', listing.group(0))] if listing else []


def deal_link(html: str, deck: Deck) -> int:
    link = re.search(rf'<a class="button" id="deal" href="/decks/{deck.id}/draws/\?hand=(\d+)#sample-hand"', html)
    assert link, "no deal link"
    return int(link.group(1))


def test_the_draws_tab_deals_a_sample_hand_and_deals_again(alice):
    # No "deal me a sample hand" before: the tab only had odds.
    deck = make_deck(alice)
    client = client_of()
    first = deal_link(client.get(f"/decks/{deck.id}/draws/").content.decode(), deck)
    response = client.get(f"/decks/{deck.id}/draws/", {"hand": first})
    assert response.status_code == 200
    html = response.content.decode()
    library, crypt = sample_cards(html, "library"), sample_cards(html, "crypt")
    core = deck.to_core()
    assert len(library) == 7 and len(crypt) == 4
    assert all(library.count(i) <= core.library[i] for i in library)
    assert all(crypt.count(i) <= core.crypt[i] for i in crypt)
    plan = draws.compile_plan(core, index.get())
    dealt = draws.sample_hand(plan, first)
    assert (tuple(library), tuple(crypt)) == (dealt.library, dealt.crypt)  # its link deals it again
    assert f"Hand {first}, dealt at random" in text_of(html)
    assert f'href="/decks/{deck.id}/draws/?hand={first}#sample-hand"' in html
    assert deal_link(html, deck) >= 0  # "Deal again": the next deal's number
    assert '<img src="/cards/' in html  # shown as cards (the text cards: no image source configured)
    assert "card-image-notice" not in html  # text cards only: no publisher's images, no notice


def test_a_sample_hand_of_card_images_carries_the_publisher_s_notice(alice, mirror):
    deck = make_deck(alice)
    html = client_of().get(f"/decks/{deck.id}/draws/", {"hand": 1}).content.decode()
    assert len(sample_cards(html, "library")) == 7
    assert "Card images © Paradox Interactive AB" in html


@pytest.mark.parametrize("value", ["abc", "-1", "²", "1" * 40])
def test_a_hand_number_that_is_none_is_a_400_saying_so(alice, value):
    deck = make_deck(alice)
    response = client_of().get(f"/decks/{deck.id}/draws/", {"hand": value})
    assert response.status_code == 400
    html = response.content.decode()
    assert "is not the number of a hand: deal a new one." in text_of(html)
    assert not sample_cards(html, "library")
    deal_link(html, deck)


def test_the_deck_page_and_the_draws_tab_link_to_each_other(alice):
    deck = make_deck(alice)
    detail = client_of().get(f"/decks/{deck.id}/").content.decode()
    tabs = re.search(r'<nav class="deck-tabs".*?</nav>', detail, re.S).group(0)
    assert f'<a href="/decks/{deck.id}/" aria-current="page">Deck</a>' in tabs
    assert f'<a href="/decks/{deck.id}/draws/">Draws</a>' in tabs
    draws_tab = client_of().get(f"/decks/{deck.id}/draws/").content.decode()
    assert f'<a href="/decks/{deck.id}/draws/" aria-current="page">Draws</a>' in draws_tab


def test_a_deck_too_small_to_draw_from_gets_an_explanation_not_a_form(alice):
    deck = make_deck(alice, TOO_SMALL)
    response = client_of(alice).get(f"/decks/{deck.id}/draws/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Not enough cards to draw from yet" in html
    assert "The library holds 5 known cards" in html
    assert 'class="hands-form"' not in html
    # Posting anyway starts nothing.
    assert client_of(alice).post(f"/decks/{deck.id}/draws/", {"hands": "100000"}).status_code == 200
    assert not Simulation.objects.exists()


def test_cards_the_card_list_dropped_are_left_out_and_said_so(alice, queue):
    deck = make_deck(alice)
    DeckCard.objects.create(deck=deck, card_id=199_999_999, crypt=False, count=3, position=99)
    response = client_of().get(f"/decks/{deck.id}/draws/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "One card of this deck is no longer in the card list and is left out of the draws." in text_of(html)
    # The odds are those of the 80 known library cards.
    govern = row_cells(html, "library-odds", "Govern the Unaligned")
    assert govern[3] == percent(1 - comb(76, 7) / comb(80, 7))
    assert client_of().post(f"/decks/{deck.id}/draws/", {"hands": "100000"}).status_code == 302
    simulation = Simulation.objects.get()
    assert draws.HandsPlan.from_dict(simulation.plan).library_size == 80


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_another_users_private_deck_answers_404(who, alice, bob, queue):
    deck = make_deck(alice, visibility="private")
    client = client_of(bob if who == "stranger" else None)
    assert client.get(f"/decks/{deck.id}/draws/").status_code == 404
    assert client.post(f"/decks/{deck.id}/draws/", {"hands": "100000"}).status_code == 404
    assert not Simulation.objects.exists()
    assert client_of(alice).get(f"/decks/{deck.id}/draws/").status_code == 200


def test_the_condition_examples_offered_are_valid_for_the_deck(alice):
    deck = make_deck(alice)
    html = client_of().get(f"/decks/{deck.id}/draws/").content.decode()
    examples = [
        html_lib.unescape(e) for e in re.findall(r"<li><code>(.*?)</code></li>", html.split("condition-examples")[1])
    ]
    assert len(examples) >= 2
    draws.compile_plan(deck.to_core(), index.get(), conditions=examples)  # raises on a bad one


# ---- starting a job ------------------------------------------------------------------------------


def test_starting_a_job_stores_it_queues_its_chunks_and_goes_to_its_page(alice, queue):
    deck = make_deck(alice)
    conditions = 'library.type("Master") >= 2\n\n  crypt.card("Anson")  \n'
    response = client_of(alice).post(
        f"/decks/{deck.id}/draws/", {"hands": "1000000", "seed": "42", "conditions": conditions}
    )
    simulation = Simulation.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{simulation.id}/"
    assert (simulation.hands, simulation.seed, simulation.owner, simulation.deck) == (1_000_000, 42, alice, deck)
    assert simulation.parameters["conditions"] == ['library.type("Master") >= 2', 'crypt.card("Anson")']
    assert simulation.status == "queued"  # no worker here
    assert simulation.chunks_total == len(draws.chunk_sizes(1_000_000, simulation.parameters["chunk_size"]))
    assert queued_messages(queue) == simulation.chunks_total


def test_anyone_who_can_read_a_deck_may_simulate_it_with_the_default_hands(alice, queue, settings):
    deck = make_deck(alice, visibility="unlisted")
    response = client_of().post(f"/decks/{deck.id}/draws/", {"hands": str(settings.SIMULATION_DEFAULT_HANDS)})
    assert response.status_code == 302
    simulation = Simulation.objects.get()
    assert simulation.owner is None and simulation.hands == settings.SIMULATION_DEFAULT_HANDS
    # The form offers that default as chosen.
    html = client_of().get(f"/decks/{deck.id}/draws/").content.decode()
    assert re.search(rf'<option value="{settings.SIMULATION_DEFAULT_HANDS}" selected>', html)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hands": "12345"}, "Choose one of the offered numbers of hands, not “12345”."),
        ({"hands": "lots"}, "Choose one of the offered numbers of hands, not “lots”."),
        ({}, "This field is required."),
        ({"hands": "100000", "seed": "-1"}, "Ensure this value is greater than or equal to 0."),
        (
            {"hands": "100000", "conditions": "\n".join(["crypt.title()"] * 11)},
            "At most 10 conditions per simulation, not 11.",
        ),
        ({"hands": "100000", "conditions": 'library.type("Mastre") >= 1'}, "Line 1: "),
        ({"hands": "100000", "conditions": "crypt.title()\nlibrary.type(Master) >= 1"}, "Line 2: library.type() needs"),
    ],
)
def test_bad_input_is_answered_on_the_form_with_400(data, message, alice, queue):
    deck = make_deck(alice)
    response = client_of(alice).post(f"/decks/{deck.id}/draws/", {"seed": "", "conditions": "", **data})
    assert response.status_code == 400
    summary = re.search(r'<div class="error-summary".*?</div>', response.content.decode(), re.S)
    assert summary and message in text_of(summary.group(0))
    assert not Simulation.objects.exists()


def test_starting_jobs_is_throttled_with_the_apis_allowance(alice, queue, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulations_anon": "2/hour"},
    }
    deck = make_deck(alice)
    client = client_of()
    # A form sent back for its mistakes uses nothing up.
    assert client.post(f"/decks/{deck.id}/draws/", {"hands": "7"}).status_code == 400
    for _ in range(2):
        assert client.post(f"/decks/{deck.id}/draws/", {"hands": "100000"}).status_code == 302
    refused = client.post(f"/decks/{deck.id}/draws/", {"hands": "100000"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many simulations started in a short time" in text_of(refused.content.decode())
    assert Simulation.objects.count() == 2
    # Someone logged in has an allowance of their own.
    assert client_of(alice).post(f"/decks/{deck.id}/draws/", {"hands": "100000"}).status_code == 302


def test_a_bad_condition_is_pointed_at(alice):
    deck = make_deck(alice)
    asked = 'crypt.title()\nlibrary.type("Master") >= 1 and crypt.clan("Ventrue") >= 1 andd 1'
    response = client_of(alice).post(f"/decks/{deck.id}/draws/", {"hands": "100000", "conditions": asked})
    assert response.status_code == 400
    caret = re.search(r'<pre class="condition-caret"[^>]*>(.*?)</pre>', response.content.decode(), re.S)
    expression, marker = html_lib.unescape(caret.group(1)).split("\n")
    assert expression == asked.splitlines()[1]
    assert expression[len(marker) - 1 :].startswith("andd")
    # What was typed stays in the box.
    assert "andd 1</textarea>" in response.content.decode()


def test_a_broker_that_is_down_gives_a_503_page_saying_so(alice, broker_down):
    deck = make_deck(alice)
    response = client_of(alice).post(f"/decks/{deck.id}/draws/", {"hands": "100000"})
    assert response.status_code == 503
    page = text_of(response.content.decode())
    assert "The simulation could not be started" in page and "could not reach the task queue" in page
    assert Simulation.objects.get().status == "failed"


# ---- a job's page ----------------------------------------------------------------------------------


def meta_refresh(html: str) -> bool:
    return '<meta http-equiv="refresh" content="2">' in html


def progress_value(html: str) -> str:
    return re.search(r'<progress id="simulation-progress" max="100" value="([\d.]+)"', html).group(1)


def test_a_queued_job_refreshes_itself_and_offers_its_api_to_the_script(alice, queue):
    deck = make_deck(alice)
    simulation = job(deck, alice)
    html = client_of(alice).get(f"/simulations/{simulation.id}/").content.decode()
    assert meta_refresh(html) and progress_value(html) == "0.0"
    assert "Queued: waiting for a worker." in text_of(html)
    assert f'data-api-url="/api/v1/simulations/{simulation.id}/"' in html
    assert '<script src="/static/js/draws.js" defer></script>' in html
    assert '<label for="simulation-progress">' in html and 'role="status" aria-live="polite"' in html
    assert f'action="/simulations/{simulation.id}/cancel"' in html


def test_a_running_job_shows_its_progress_and_figures(alice):
    deck = make_deck(alice)
    now = timezone.now()
    simulation = job(deck, alice, status="running", hands_done=5_000, chunks_done=0, started_at=now, heartbeat_at=now)
    SimulationChunk.objects.create(simulation=simulation, index=0, hands=10_000, tally={}, worker="celery@alpha")
    html = client_of().get(f"/simulations/{simulation.id}/").content.decode()
    assert meta_refresh(html)
    assert progress_value(html) == "25.0"
    page = text_of(html)
    assert "Hands drawn 5,000 / 20,000" in page
    assert "Workers 1 (celery@alpha)" in page


def test_a_finished_job_shows_simulated_and_exact_figures_in_tables_and_charts(alice):
    deck = make_deck(alice)
    conditions = ['library.card("Govern the Unaligned") and crypt.card("Anson")']
    report = draws.run_hands(
        deck.to_core(), index.get(), hands=20_000, seed=3, conditions=conditions, chunk_size=10_000
    )
    simulation = job(
        deck, alice, status="done", result=report, hands_done=20_000, chunks_done=2, finished_at=timezone.now()
    )
    html = client_of().get(f"/simulations/{simulation.id}/").content.decode()
    assert not meta_refresh(html) and progress_value(html) == "100.0"
    assert 'action="/simulations/' not in html  # nothing to cancel
    govern = next(row for row in report["library"] if row["name"] == "Govern the Unaligned")
    cells = row_cells(html, "library-odds", "Govern the Unaligned")
    assert cells[3:5] == [percent(govern["p_opening"]), percent(govern["p_opening_exact"])]
    assert abs(govern["p_opening"] - govern["p_opening_exact"]) < 4 * govern["stderr"]
    condition = report["conditions"][0]
    assert row_cells(html, "conditions", conditions[0])[1] == percent(condition["p"])
    seat_one = report["first_vampire"]["seats"][0]
    assert row_cells(html, "first-vampire", "Seat 1")[1] == percent(seat_one["by_turn"][0])
    assert row_cells(html, "playable-histogram", "7")[1] == percent(report["playable"]["histogram"][7])
    for chart in (
        "library-odds-chart",
        "crypt-odds-chart",
        "playable-histogram",
        "first-vampire-chart",
        "types-by-turn-chart",
    ):
        assert f'aria-labelledby="chart-{chart}-title"' in html, chart
    assert '<line class="marker"' in html  # the exact odds marked on the simulated bars


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "in 1 part.", "20,000 hands, seed"),
        ("pl", "w 1 części.", "20 000 rąk, ziarno"),
        ("de", "in 1 Teil.", "20.000 Hände, Startwert"),
    ],
)
def test_a_job_of_one_part_says_one_part(alice, language, one, two):
    # "in 1 parts": the count's word now agrees with it, in each language.
    deck = make_deck(alice)
    report = draws.run_hands(deck.to_core(), index.get(), hands=20_000, seed=3, chunk_size=20_000)
    simulation = job(
        deck,
        alice,
        status="done",
        result=report,
        hands_done=20_000,
        chunks_done=1,
        chunks_total=1,
        finished_at=timezone.now(),
    )
    page = text_of(client_of(language=language).get(f"/simulations/{simulation.id}/").content.decode())
    assert one in page and two.replace(" ", "\xa0") in page.replace(" ", "\xa0")


def test_a_failed_job_says_why_and_stops_refreshing(alice):
    simulation = job(
        owner=alice,
        status="failed",
        error="the worker running it stopped (lost after 2 attempts)",
        finished_at=timezone.now(),
    )
    html = client_of(alice).get(f"/simulations/{simulation.id}/").content.decode()
    assert not meta_refresh(html)
    assert "The simulation failed: the worker running it stopped (lost after 2 attempts)" in text_of(html)
    assert 'action="/simulations/' not in html  # nothing left to cancel


def test_an_unknown_job_answers_404(client):
    assert client.get("/simulations/nosuchjob00000/").status_code == 404
    assert client.post("/simulations/nosuchjob00000/cancel").status_code == 404


def test_a_job_page_does_not_link_to_a_private_deck_for_others(alice, bob):
    deck = make_deck(alice, visibility="private")
    simulation = job(deck, alice)
    html = client_of(bob).get(f"/simulations/{simulation.id}/").content.decode()
    assert f"/decks/{deck.id}/" not in html
    assert f"/decks/{deck.id}/draws/" in client_of(alice).get(f"/simulations/{simulation.id}/").content.decode()


# ---- cancelling --------------------------------------------------------------------------------------


def test_the_owner_cancels_a_job(alice, queue):
    simulation = job(owner=alice)
    client = client_of(alice)
    response = client.post(f"/simulations/{simulation.id}/cancel")
    assert response.status_code == 302 and response["Location"] == f"/simulations/{simulation.id}/"
    simulation.refresh_from_db()
    assert simulation.status == "cancelled"
    html = client.get(response["Location"]).content.decode()
    assert not meta_refresh(html) and "The simulation was cancelled." in html


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_nobody_else_cancels_a_users_job(who, alice, bob):
    simulation = job(owner=alice)
    response = client_of(bob if who == "stranger" else None).post(f"/simulations/{simulation.id}/cancel")
    assert response.status_code == 403
    simulation.refresh_from_db()
    assert simulation.status == "queued"
    assert 'action="/simulations/' not in client_of(bob).get(f"/simulations/{simulation.id}/").content.decode()


def test_a_job_started_without_an_account_is_cancelled_by_whoever_holds_its_address(alice):
    simulation = job(owner=None)
    assert client_of().post(f"/simulations/{simulation.id}/cancel").status_code == 302
    simulation.refresh_from_db()
    assert simulation.status == "cancelled"


def test_cancelling_a_finished_job_changes_nothing(alice):
    simulation = job(owner=alice, status="done", result={}, finished_at=timezone.now())
    assert client_of(alice).post(f"/simulations/{simulation.id}/cancel").status_code == 302
    simulation.refresh_from_db()
    assert simulation.status == "done"
    assert client_of(alice).get(f"/simulations/{simulation.id}/cancel").status_code == 405


# ---- three languages -----------------------------------------------------------------------------

ENGLISH = [
    "Library cards in the opening hand",
    "Simulate opening hands",
    "How to write a condition",
    "Draw curve",
    "First vampire in play",
    "Playable hand",
    "Opening hands to draw",
    "Seat 1",
    "Turn",
    "Library types seen",
]
WORDS = {"pl": ["Krypta", "ręce", "przelew"], "de": ["Gruft", "Hand", "Transfer"]}


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_draws_tab_and_a_job_page_speak_the_visitors_language(language, alice):
    deck = make_deck(alice)
    tab = client_of(language=language).get(f"/decks/{deck.id}/draws/").content.decode()
    report = draws.run_hands(deck.to_core(), index.get(), hands=10_000, seed=1, chunk_size=10_000)
    done = job(deck, alice, status="done", result=report, hands_done=10_000, finished_at=timezone.now())
    queued = job(deck, alice)
    pages = {
        "tab": tab,
        "done": client_of(alice, language).get(f"/simulations/{done.id}/").content.decode(),
        "queued": client_of(alice, language).get(f"/simulations/{queued.id}/").content.decode(),
    }
    for name, html in pages.items():
        assert f'<html lang="{language}">' in html, name
        shown = html_lib.unescape(html)
        # Whole words: the menu's "Turnieje" (pl) and "Turniere" (de) hold no English "Turn".
        assert not [phrase for phrase in ENGLISH if re.search(rf"\b{re.escape(phrase)}\b", shown)], name
    assert all(word in html_lib.unescape(tab) for word in WORDS[language])
    # Percentages in the page's own way of writing them.
    govern = row_cells(tab, "library-odds", "Govern the Unaligned")[3]
    number = f"{100 * (1 - comb(76, 7) / comb(80, 7)):.1f}".replace(".", ",")
    assert govern == {"pl": f"{number}%", "de": f"{number} %"}[language]
