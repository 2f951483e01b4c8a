"""Fair simulation queues: caps per owner, and small jobs that never wait behind huge ones.

Each owner (a user; without an account, the client's address as the throttles read it) may have at most so
many unfinished jobs at once, and so many hands still to draw; the next start is refused with a 429 that
names the limit and the numbers, in the reader's language, on the API and on the Draws tab alike, until a
job finishes or is cancelled. A job larger than the whole allowance is a 400. A job of at most
``SIMULATION_QUICK_MAX_HANDS`` hands sends its chunks to the quick queue, which every worker consumes
besides the main one: on a real worker, a small job started behind a huge job's queued chunks is done
while most of them still wait.

Jobs here wait in queues no worker reads (``idle_queue``), except in the last test, which holds a huge
job's first chunk at the workers' test gate instead of racing the machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from cards import index
from decks import services as deck_services
from simulations import services
from simulations.models import Simulation, SimulationChunk
from tests.paths import PROJECT
from tests.samples import FOUR_GOVERNS, hard_plan
from tests.simulations.test_worker import finished, wait_for
from vtesdeck.celery import app as celery_app
from vtesdeck.core import decklist

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

API = "/api/v1/simulations/"
DECK = FOUR_GOVERNS


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request in Polish or German leaves its language active in this thread: the next test reads English."""
    yield
    translation.activate("en")


@pytest.fixture
def caps(settings, idle_queue):
    """Small caps, so that a test reaches them in a few requests; jobs wait in a queue no worker reads."""
    settings.SIMULATION_MAX_ACTIVE_JOBS_ANON, settings.SIMULATION_MAX_ACTIVE_JOBS_USER = 2, 3
    settings.SIMULATION_MAX_ACTIVE_HANDS_ANON, settings.SIMULATION_MAX_ACTIVE_HANDS_USER = 500_000, 1_000_000
    return settings


def api(user=None, *, address: str = "127.0.0.1", language: str = "en", **headers) -> APIClient:
    client = APIClient(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language, **headers)
    if user is not None:
        client.force_login(user)
    return client


def start(client, hands: int = 100_000, **headers):
    body = json.dumps({"text": DECK, "hands": hands})
    return client.post(API, body, content_type="application/json", **headers)


def accepted(response) -> str:
    assert response.status_code == 202, response.content.decode()[:1000]
    return response.json()["id"]


def refused(response, status: int = 429, code: str = "job_limit") -> str:
    assert response.status_code == status, response.content.decode()[:1000]
    body = response.json()
    assert body["code"] == code, body
    if status == 429:
        assert int(response["Retry-After"]) > 0
    return body["detail"]


def queued(queue: str) -> int:
    with celery_app.connection_for_write() as connection:
        return connection.default_channel.queue_declare(queue=queue).message_count


# --- caps per owner -------------------------------------------------------------------------------


def test_an_anonymous_client_has_two_unfinished_jobs_and_the_third_is_refused_naming_the_limit(caps, alice):
    client = api()
    accepted(start(client))
    accepted(start(client))
    detail = refused(start(client))
    assert detail == (
        "Your address has 2 unfinished simulation jobs; without an account, at most 2 may be unfinished at once. "
        "Wait for one to finish, or cancel one."
    )
    assert Simulation.objects.count() == 2  # nothing of the refused one is stored
    # Another address, and a user at the same address, each have an allowance of their own.
    accepted(start(api(address="10.0.0.2")))
    accepted(start(api(alice)))


def test_a_user_has_three_unfinished_jobs_and_the_fourth_is_refused_naming_the_limit(caps, alice, bob):
    for _ in range(3):
        accepted(start(api(alice)))
    detail = refused(start(api(alice, address="10.9.9.9")))  # wherever they come from
    assert detail == (
        "You have 3 unfinished simulation jobs; an account may have at most 3 unfinished at once. "
        "Wait for one to finish, or cancel one."
    )
    accepted(start(api(bob)))
    accepted(start(api()))


@pytest.mark.parametrize("ending", ["cancelled", "done", "failed"])
def test_a_finished_job_frees_its_place(caps, ending):
    client = api()
    first, _second = accepted(start(client)), accepted(start(client))
    refused(start(client))
    if ending == "cancelled":
        assert client.post(f"{API}{first}/cancel/").json()["status"] == "cancelled"
    elif ending == "failed":
        assert services.fail(first, "a test failed it")
    else:  # as the worker that stores its last chunk leaves it
        Simulation.objects.filter(pk=first).update(status=Simulation.Status.DONE, units_done=100_000)
    accepted(start(client))
    refused(start(client))


def test_unfinished_hands_are_capped_and_a_job_larger_than_the_whole_allowance_is_a_400(caps, alice):
    caps.SIMULATION_MAX_ACTIVE_JOBS_ANON = 5  # the hands, not the jobs, are what this counts
    client = api()
    accepted(start(client, 300_000))
    detail = refused(start(client, 250_000))
    assert detail == (
        "The unfinished simulation jobs of your address still have 300,000 hands to draw and this one asks for "
        "250,000; without an account, at most 500,000 hands may be unfinished at once. Wait for a job to finish, "
        "or ask for fewer hands."
    )
    accepted(start(client, 200_000))  # fits: 500,000 in all
    body = start(api(address="10.0.0.3"), 600_000)
    refused(body, 400, "invalid")
    assert body.json()["errors"] == {
        "hands": ["hands must be at most 500,000 without an account (the most hands unfinished at once), not 600,000."]
    }
    # What a job has drawn already no longer counts: the work left does.
    Simulation.objects.filter(units=300_000).update(status=Simulation.Status.RUNNING, units_done=250_000)
    accepted(start(client, 250_000))
    # A user's allowance is larger, and their own.
    accepted(start(api(alice), 1_000_000))
    assert "an account may have at most 1,000,000 hands" in refused(start(api(alice), 100_000))


@pytest.mark.parametrize(
    "language, words",
    [
        ("pl", "Niezakończone zadania symulacji z Twojego adresu: 1; bez konta może ich być naraz najwyżej 1."),
        ("de", "Unfertige Simulationsaufträge deiner Adresse: 1; ohne Konto dürfen höchstens 1 gleichzeitig"),
    ],
)
def test_the_refusal_is_in_the_readers_language(caps, language, words):
    caps.SIMULATION_MAX_ACTIVE_JOBS_ANON = 1
    client = api(language=language)
    accepted(start(client))
    assert words in refused(start(client))


def test_a_client_cannot_leave_its_cap_by_naming_another_address(caps, settings):
    client = api()
    accepted(start(client))
    accepted(start(client))
    # Without a proxy in front (NUM_PROXIES=0) X-Forwarded-For is whatever the client wrote: not who it is.
    refused(start(client, HTTP_X_FORWARDED_FOR="203.0.113.7"))
    # Behind one proxy the client is the address the proxy saw, as for the throttles and the login limit.
    settings.NUM_PROXIES = 1
    accepted(start(client, HTTP_X_FORWARDED_FOR="203.0.113.7"))
    accepted(start(client, HTTP_X_FORWARDED_FOR="203.0.113.7"))
    refused(start(client, HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.7"))  # what it wrote left of the proxy's
    # Kept as a keyed hash, never as the address itself.
    starters = set(Simulation.objects.values_list("starter", flat=True))
    assert len(starters) == 2 and all(len(starter) == 64 and "." not in starter for starter in starters)


def test_an_idempotent_retry_at_the_cap_is_replayed_and_a_refused_key_stays_free(caps):
    client = api()
    first = start(client, HTTP_IDEMPOTENCY_KEY="job-one")
    job = accepted(first)
    accepted(start(client, HTTP_IDEMPOTENCY_KEY="job-two"))
    # At the cap, the retry of an accepted start gets its first answer again, and starts nothing.
    again = start(client, HTTP_IDEMPOTENCY_KEY="job-one")
    assert again.status_code == 202 and again["Idempotent-Replayed"] == "true" and again.json()["id"] == job
    refused(start(client, HTTP_IDEMPOTENCY_KEY="job-three"))
    client.post(f"{API}{job}/cancel/")
    # The refused request made nothing: its key is free, and its retry once a place is free starts the job.
    retried = start(client, HTTP_IDEMPOTENCY_KEY="job-three")
    accepted(retried)
    assert "Idempotent-Replayed" not in retried
    assert Simulation.objects.count() == 3


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "without an account, at most 2 may be unfinished at once. Wait for one to finish, or cancel one."),
        ("de", "ohne Konto dürfen höchstens 2 gleichzeitig unfertig sein. Warte, bis einer fertig ist"),
    ],
)
def test_the_draws_tab_refuses_a_start_over_the_cap_on_the_form(caps, alice, language, words):
    deck = deck_services.create(alice, deck_services.parse_text(DECK), name="Four Governs", visibility="public")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    for _ in range(2):
        assert client.post(f"/decks/{deck.id}/draws/", {"hands": "100000"}).status_code == 302
    response = client.post(f"/decks/{deck.id}/draws/", {"hands": "100000"})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    page = " ".join(response.content.decode().split())
    assert words in page
    assert Simulation.objects.count() == 2


def test_the_command_line_has_no_cap(caps):
    cards = index.get()
    for _ in range(4):  # more than any owner's cap: no owner, no client address
        services.start_hands(deck=decklist.parse(DECK, cards), cards=cards, hands=100_000)
    assert Simulation.objects.count() == 4


# --- two queues -----------------------------------------------------------------------------------


def test_a_small_jobs_chunks_go_to_the_quick_queue_a_huge_jobs_to_the_main_one(idle_queue, settings):
    settings.SIMULATION_QUICK_MAX_HANDS = 1_000_000
    quick = f"{idle_queue}-quick"
    assert services.quick_queue() == quick
    cards = index.get()
    small = services.start_hands(deck=decklist.parse(DECK, cards), cards=cards, hands=1_000_000, chunk_size=250_000)
    assert (queued(quick), queued(idle_queue)) == (4, 0)
    huge = services.start_hands(deck=decklist.parse(DECK, cards), cards=cards, hands=1_000_001, chunk_size=250_000)
    assert (queued(quick), queued(idle_queue)) == (4, 5)
    assert (small.chunks_total, huge.chunks_total) == (4, 5)


def test_a_planner_jobs_chunk_goes_to_the_long_queue(idle_queue, alice):
    """A search of minutes never waits in (nor holds a worker of) the main or quick queue."""
    job = services.start_planner(plan=hard_plan(1), units=40, owner=alice)
    assert services.long_queue() == f"{idle_queue}-long" == services.chunk_queue(job)
    assert (queued(f"{idle_queue}-long"), queued(idle_queue), queued(f"{idle_queue}-quick")) == (1, 0, 0)


def test_a_worker_started_without_a_queue_consumes_both_and_celerys_own():
    """Not the long queue: only the workers started for it (-Q) take the planner's searches."""
    code = "from vtesdeck.celery import app; print(sorted(app.amqp.queues.consume_from))"
    env = {**os.environ, "SIMULATION_QUEUE": "sims", "SIMULATION_QUICK_QUEUE": ""}
    env["DJANGO_SETTINGS_MODULE"] = "vtesdeck.settings"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=PROJECT)
    assert out.stdout.strip().splitlines()[-1] == "['celery', 'sims', 'sims-quick']"


# --- a real worker --------------------------------------------------------------------------------


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_small_job_is_done_while_a_huge_jobs_chunks_still_wait(start_worker, cards_kept, settings, gate):
    """One worker process; a huge job's first chunk held at the closed gate, its 19 others queued behind it;
    then a small job of one chunk. Once the gate opens, the worker alternates between its two queues: the
    small job is done after at most one more of the huge job's chunks, not after all of them."""
    settings.SIMULATION_QUEUE = queue = f"vtesdeck-test-{os.getpid()}-fair"
    settings.SIMULATION_QUICK_MAX_HANDS = 100_000
    start_worker("sim-test-fair", queue=queue)
    cards = index.get()
    deck = decklist.parse(DECK, cards)
    huge = services.start_hands(deck=deck, cards=cards, hands=2_000_000, chunk_size=100_000, seed=1)
    gate.wait_until(lambda held: any(chunk.startswith(huge.id) for chunk in held), "chunk of the huge job held")
    small = services.start_hands(deck=deck, cards=cards, hands=10_000, seed=2)  # one chunk, below the gate
    gate.open()
    deadline = time.monotonic() + 180
    while not small.finished:
        assert time.monotonic() < deadline, f"small job still {small.status}"
        time.sleep(0.2)
        small = services.refresh(small)
    assert small.status == "done", small.error
    before = SimulationChunk.objects.filter(simulation=huge, finished_at__lte=small.finished_at).count()
    assert before <= 2, f"{before} of the huge job's 20 chunks ran before the small job's one"
    huge.refresh_from_db()
    assert huge.finished_at is None or huge.finished_at > small.finished_at
    services.cancel(huge)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_quick_job_is_done_while_planner_searches_hold_the_long_queues_worker(
    start_worker, cards_kept, settings, gate, alice, bob
):
    """Issue 24, item 10: two workers of one process each, as deployed: one on the main and quick queues, one
    on the long queue. Alice's planner searches go to the long one: the first is held at the gate mid-search
    (a search of minutes, provably under way), the second waits behind it; Bob's small hands job is done by the
    other worker meanwhile, not after them."""
    settings.SIMULATION_QUEUE = queue = f"vtesdeck-test-{os.getpid()}-lanes"
    start_worker("sim-test-short", queue=queue, lanes=("", "-quick"))
    long = start_worker("sim-test-long", queue=queue, lanes=("-long",))
    searches = [services.start_planner(plan=hard_plan(seed), units=40, owner=alice) for seed in (1, 2)]
    held = gate.wait_until(lambda held: f"{searches[0].id}-0" in held, "planner search held at the gate")
    assert held[f"{searches[0].id}-0"].startswith(long.hostname_prefix), held
    cards = index.get()
    small = services.start_hands(deck=decklist.parse(DECK, cards), cards=cards, hands=10_000, seed=2, owner=bob)
    small = wait_for(small, finished)
    assert small.status == "done", small.error
    assert f"{searches[0].id}-0" in gate.held()  # the search is still under way
    assert [Simulation.objects.get(pk=job.pk).status for job in searches] == ["running", "queued"]
    for job in searches:
        services.cancel(job)
