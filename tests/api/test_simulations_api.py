"""/api/v1/simulations/: start a job (202 and its URL), follow it, cancel it, list one's own.

Alice and Bob have accounts; an anonymous client has none. A job is read by anyone holding its id; a
deck is drawn from only by who may read it (another user's private deck is a 404, as in the deck API);
bad input is a 400 with a sentence and stores nothing; a broker that is down is a 503 and a job that says
why. Most tests queue jobs where no worker reads them; the last one runs a job on a real worker.
"""

from __future__ import annotations

import json
import re
import time

import jsonschema
import pytest
from rest_framework.test import APIClient

from cards import index
from decks import services as deck_services
from decks.models import Deck
from simulations.models import Simulation
from tests.paths import TWDA
from twda.models import Archetype, TournamentDeck
from vtesdeck.core.engine import options
from vtesdeck.core.engine.report import SUMMARY_KEYS
from vtesdeck.core.engine.simulation import GamesPlan

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

API = "/api/v1/simulations/"
JOB_KEYS = {
    "id",
    "url",
    "page_url",
    "kind",
    "status",
    "progress",
    "hands",
    "hands_done",
    "chunks",
    "chunks_done",
    "attempts",
    "seed",
    "conditions",
    "deck",
    "deck_name",
    "deck_version",
    "error",
    "created_at",
    "started_at",
    "finished_at",
    "heartbeat_at",
    "seconds",
    "compute_seconds",
}
GARGOYLES = (
    "Deck Name: Rock drop\nCrypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"
)
FIVE_CARD_LIBRARY = "Crypt (12 cards)\n12x Tupdog\nLibrary (5 cards)\n5x Blood Doll\n"


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def make_deck(owner, visibility="private") -> Deck:
    return deck_services.create(owner, deck_services.parse_text(GARGOYLES), visibility=visibility)


def post(client, body, url=API):
    return client.post(url, json.dumps(body), content_type="application/json")


def answer(response, status=200) -> dict:
    assert response.status_code == status, response.content.decode()[:2000]
    return response.json()


def messages_of(body: dict) -> list[str]:
    """Every message of an error body: its sentence and each field's messages."""
    return [body["detail"], *(message for messages in body.get("errors", {}).values() for message in messages)]


def refused(response, status: int, code: str) -> dict:
    """A refusal in the API's error shape with this status and code; its body."""
    body = answer(response, status)
    assert body["code"] == code and body["detail"][-1] in ".?!", body
    return body


# --- starting -------------------------------------------------------------------------------------


def test_anyone_starts_a_job_from_a_decklist_and_gets_202_with_its_url(queue):
    response = post(APIClient(), {"kind": "hands", "text": GARGOYLES, "hands": 30_000, "seed": 99})
    job = answer(response, 202)
    assert set(job) == JOB_KEYS | {"workers", "result"}
    assert response["Location"] == job["url"] == f"http://testserver{API}{job['id']}/"
    assert (job["status"], job["progress"], job["hands"], job["seed"], job["chunks"]) == ("queued", 0.0, 30_000, 99, 1)
    assert job["deck"] is None and job["deck_name"] == "Rock drop" and job["result"] is None
    stored = Simulation.objects.get(pk=job["id"])
    assert stored.owner is None and stored.hands == 30_000
    assert answer(APIClient().get(job["url"]))["id"] == job["id"]  # anyone holding the id reads it


def test_a_job_takes_the_default_number_of_hands_and_a_seed_it_reports(queue, settings):
    job = answer(post(APIClient(), {"text": GARGOYLES}), 202)
    assert job["kind"] == "hands" and job["hands"] == settings.SIMULATION_DEFAULT_HANDS
    assert isinstance(job["seed"], int) and 0 <= job["seed"] < 2**31


def test_a_user_starts_a_job_from_a_deck_they_can_read(queue, alice, bob):
    own = make_deck(alice)
    shared = make_deck(bob, visibility="unlisted")
    as_alice = client_for(alice)
    condition = 'library.type("Action") >= 1'
    job = answer(post(as_alice, {"kind": "hands", "deck": own.id, "hands": 1_000, "conditions": [condition]}), 202)
    assert (job["deck"], job["deck_version"], job["conditions"]) == (own.id, own.version, [condition])
    assert Simulation.objects.get(pk=job["id"]).owner == alice
    assert answer(post(as_alice, {"deck": shared.id, "hands": 1_000}), 202)["deck"] == shared.id


@pytest.mark.parametrize("who", ["bob", "anonymous"])
def test_another_users_private_deck_is_a_404_like_no_deck_at_all(queue, alice, bob, who):
    private = make_deck(alice)
    client = client_for(bob) if who == "bob" else APIClient()
    for deck_id in (private.id, "nosuchdeck12"):
        body = answer(post(client, {"deck": deck_id, "hands": 1_000}), 404)
        assert body == {"detail": "No deck has this id, or it is not yours to read.", "code": "not_found"}
    assert not Simulation.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"text": GARGOYLES, "hands": 0}, "hands"),
        ({"text": GARGOYLES, "hands": -1}, "hands"),
        ({"text": GARGOYLES, "hands": 10**12}, "hands"),
        ({"text": GARGOYLES, "hands": "abc"}, "hands"),
        ({"text": GARGOYLES, "hands": "1000"}, "hands"),
        ({"text": GARGOYLES, "hands": True}, "hands"),
        ({"text": GARGOYLES, "hands": 1.5}, "hands"),
        ({"text": GARGOYLES, "seed": -1}, "seed"),
        ({"text": GARGOYLES, "seed": "lucky"}, "seed"),
        ({"text": GARGOYLES, "conditions": 'library.type("Master") >= 1'}, "conditions"),
        ({"text": GARGOYLES, "conditions": [1]}, "conditions"),
        ({"text": GARGOYLES, "conditions": ["}}} garbage {{{"]}, "conditions"),
        ({"text": GARGOYLES, "conditions": ['library.type("Master" >= 1']}, "conditions"),
        ({"text": GARGOYLES, "conditions": ['library.type("Master") >= 1'] * 11}, "conditions"),
        ({"text": GARGOYLES, "conditions": ["x" * 301]}, "conditions"),
        ({"kind": "games", "text": GARGOYLES, "hands": 1_000}, "hands"),
        ({"kind": "games", "text": GARGOYLES, "games": 0}, "games"),
        ({"kind": "games", "text": GARGOYLES, "players": 6}, "players"),
        ({"kind": "games", "text": GARGOYLES, "opponents": ["field"] * 5}, "opponents"),
        ({"kind": "games", "text": GARGOYLES, "opponents": [{"archetype": "no-such-archetype"}]}, "opponents"),
        ({"kind": "games", "text": GARGOYLES, "opponents": [{"deck": "nosuchdeck12"}]}, "opponents"),
        ({"kind": "games", "text": GARGOYLES, "opponents": [{"chess": "x"}]}, "opponents"),
        ({"kind": "games", "text": GARGOYLES, "rules": "1994"}, "rules"),
        ({"kind": "games", "text": GARGOYLES, "rounds": 0}, "rounds"),
        ({"kind": "games", "text": FIVE_CARD_LIBRARY}, "text"),
        ({"kind": "chess", "text": GARGOYLES}, "kind"),
        ({"text": GARGOYLES, "deck": "abc"}, "deck"),
        ({"hands": 1_000}, "deck"),
        ({"deck": 12}, "deck"),
        ({"deck": "abc", "format": "twd"}, "format"),
        ({"text": FIVE_CARD_LIBRARY}, "text"),
        ({"text": ""}, "text"),
        ({"text": ["a list"]}, "text"),
        ({"text": "Crypt\n" + "no such card\n" * 300}, "text"),
        ({"text": "x" * 2_100_000}, "text"),
    ],
)
def test_bad_input_is_a_400_with_a_sentence_and_stores_nothing(queue, body, field, request):
    if body.get("kind") == "games":
        # The empty seats are the field: with no archive deck, "no field" would be the first thing wrong.
        request.getfixturevalue("archive_ids")
    response = post(APIClient(), body)
    error = refused(response, 400, "invalid")
    assert field in {re.split(r"[.\[]", name)[0] for name in error["errors"]}, error  # conditions[0] is conditions
    assert all(message.strip() and "Traceback" not in message for message in messages_of(error))
    assert not Simulation.objects.exists()


def test_the_400s_name_what_is_wrong(queue):
    def first(body, field):
        return refused(post(APIClient(), body), 400, "invalid")["errors"][field][0]

    assert first({"kind": "games", "text": GARGOYLES, "conditions": ["x"]}, "conditions") == (
        "`conditions` does not go with kind games."
    )
    assert (
        first({"kind": "hands", "text": GARGOYLES, "players": 4}, "players") == "`players` does not go with kind hands."
    )
    # A key no kind knows, a typo most likely: refused, not dropped (the job would play 5 seats, not 4).
    typo = first({"kind": "games", "text": GARGOYLES, "player": 4}, "player")
    assert typo.startswith("Unknown field; the fields are `kind`, `deck`, `text`,") and "`players`" in typo
    assert first({"kind": "games", "text": GARGOYLES, "opponents": ["field"] * 5}, "opponents") == (
        "5 seats leave room for 4 opponents, not 5."
    )
    assert first({"text": FIVE_CARD_LIBRARY}, "text") == "The library holds 5 known cards; an opening hand needs 7."
    assert "greater than or equal to 1" in first({"text": GARGOYLES, "hands": 0}, "hands")
    assert "less than or equal to" in first({"text": GARGOYLES, "hands": 10**12}, "hands")
    assert "list" in first({"text": GARGOYLES, "conditions": "Master"}, "conditions").lower()


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "[" * 100_000 + "]" * 100_000, '"text"'])
def test_a_body_that_is_no_json_object_is_a_400(queue, raw):
    response = APIClient().post(API, raw, content_type="application/json")
    assert response.json()["code"] in ("parse_error", "invalid"), response.content[:300]
    assert response.status_code == 400
    assert not Simulation.objects.exists()


def test_starting_jobs_is_throttled_reading_them_is_not(queue, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulations_anon": "2/hour"},
    }
    client = APIClient()
    jobs = [answer(post(client, {"text": GARGOYLES, "hands": 1_000}), 202) for _ in range(2)]
    over = post(client, {"text": GARGOYLES, "hands": 1_000})
    assert over.status_code == 429 and int(over["Retry-After"]) > 0
    assert over.json()["code"] == "throttled"
    assert Simulation.objects.count() == 2
    for _ in range(5):
        assert client.get(jobs[0]["url"]).status_code == 200


def test_a_broker_that_is_down_is_a_503_and_a_job_that_says_why(broker_down):
    response = post(APIClient(), {"text": GARGOYLES, "hands": 1_000})
    body = refused(response, 503, "broker_unavailable")
    assert body["detail"].startswith("Could not reach the task queue (broker): ")
    assert response["Retry-After"]
    job = answer(APIClient().get(f"{API}{body['id']}/"))
    assert job["status"] == "failed"
    assert job["error"].rstrip(".").lower() in body["detail"].lower()  # the same reason, as a sentence


# --- reading, listing, cancelling -----------------------------------------------------------------


def test_an_unknown_job_is_a_404():
    assert answer(APIClient().get(f"{API}nosuchjob2345678/"), 404) == {
        "detail": "No simulation job has this id.",
        "code": "not_found",
    }
    refused(post(APIClient(), {}, url=f"{API}nosuchjob2345678/cancel/"), 404, "not_found")


def test_reading_a_job_whose_workers_went_quiet_sends_its_chunks_again(queue, settings):
    settings.SIMULATION_STALE_SECONDS = 60
    job = answer(post(APIClient(), {"text": GARGOYLES, "hands": 30_000}), 202)
    past = Simulation.objects.get(pk=job["id"]).created_at.replace(year=2020)
    Simulation.objects.filter(pk=job["id"]).update(status="running", started_at=past, heartbeat_at=past)
    job = answer(APIClient().get(job["url"]))
    assert (job["status"], job["attempts"]) == ("running", 2)


def test_listing_shows_your_own_jobs_and_asks_anonymous_clients_to_log_in(queue, alice, bob):
    as_alice = client_for(alice)
    mine = [answer(post(as_alice, {"text": GARGOYLES, "hands": 1_000}), 202)["id"] for _ in range(2)]
    answer(post(client_for(bob), {"text": GARGOYLES, "hands": 1_000}), 202)
    answer(post(APIClient(), {"text": GARGOYLES, "hands": 1_000}), 202)
    page = answer(as_alice.get(API))
    assert page["count"] == 2 and [job["id"] for job in page["results"]] == mine[::-1]
    assert set(page["results"][0]) == JOB_KEYS
    assert answer(as_alice.get(API, {"page_size": 1}))["next"]
    refusal = refused(APIClient().get(API), 401, "not_authenticated")
    assert refusal["detail"].startswith("Log in to list your simulation jobs")


def test_cancelling_is_the_owners_or_anyones_for_a_job_without_one(queue, alice, bob):
    as_alice, as_bob = client_for(alice), client_for(bob)
    hers = answer(post(as_alice, {"text": GARGOYLES, "hands": 1_000}), 202)
    nobodys = answer(post(APIClient(), {"text": GARGOYLES, "hands": 1_000}), 202)
    for stranger in (as_bob, APIClient()):
        refusal = answer(post(stranger, {}, url=f"{hers['url']}cancel/"), 403)
        assert refusal == {
            "detail": "Only the user who started this simulation job may cancel it.",
            "code": "permission_denied",
        }
    assert Simulation.objects.get(pk=hers["id"]).status == "queued"
    assert answer(post(as_alice, {}, url=f"{hers['url']}cancel/"))["status"] == "cancelled"
    assert answer(post(as_bob, {}, url=f"{nobodys['url']}cancel/"))["status"] == "cancelled"
    assert answer(post(as_bob, {}, url=f"{nobodys['url']}cancel/"))["status"] == "cancelled"  # idempotent


def test_a_finished_job_is_not_cancelled(queue):
    job = answer(post(APIClient(), {"text": GARGOYLES, "hands": 1_000}), 202)
    Simulation.objects.filter(pk=job["id"]).update(status="failed", error="the worker ran out of memory")
    after = answer(post(APIClient(), {}, url=f"{job['url']}cancel/"))
    assert (after["status"], after["error"]) == ("failed", "the worker ran out of memory")


# --- on a real worker ----------------------------------------------------------------------------


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_job_started_over_the_api_runs_to_done_on_a_worker(simulation_worker, alice):
    text = (TWDA / "10009.txt").read_text()
    client = client_for(alice)
    started = answer(post(client, {"kind": "hands", "text": text, "hands": 300_000, "seed": 3}), 202)
    deadline = time.monotonic() + 180  # only against a hang: the loop ends as soon as the job does
    job = started
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.2)
        job = answer(client.get(started["url"]))
        assert 0.0 <= job["progress"] <= 1.0
    assert job["status"] == "done", job
    assert (job["progress"], job["hands_done"], job["chunks_done"]) == (1.0, 300_000, job["chunks"])
    assert [name.split("@")[0] for name in job["workers"]] == ["sim-test-a"]
    report = job["result"]
    assert (report["hands"], report["seed"]) == (300_000, 3)
    assert report["seconds"] > 0 and report["hands_per_second"] > 0
    deck = deck_services.parse_text(text)
    assert [card["id"] for card in report["library"]] == list(deck.library)
    assert [card["id"] for card in report["crypt"]] == list(deck.crypt)
    for card in report["library"] + report["crypt"]:
        assert {"id", "name", "count", "p_opening", "p_opening_exact", "stderr"} <= set(card)
        assert abs(card["p_opening"] - card["p_opening_exact"]) <= 5 * card["stderr"] + 1e-12, card
    assert index.get()[report["crypt"][0]["id"]].name == report["crypt"][0]["name"]
    listed = answer(client.get(API))["results"]
    assert [(row["id"], row["status"]) for row in listed] == [(job["id"], "done")]


# --- games jobs ----------------------------------------------------------------------------------------
#
# A games job plays the deck against opponents: the user's decks, an archetype or a deck of the tournament
# archive, or "the field" (``archive_ids`` imports a few archive decks, all after the field's 2018-01-01).

GAMES_JOB_KEYS = (JOB_KEYS - {"hands", "hands_done"}) | {"games", "games_done", "parameters"}


def games_job(client, **body) -> dict:
    return answer(post(client, {"kind": "games", "text": GARGOYLES, **body}), 202)


def table_of(job: dict) -> list[tuple[str, str, str, int]]:
    """The opponents the stored plan seats, one per other seat: (kind, key, label, decks to draw from)."""
    plan = GamesPlan.from_dict(Simulation.objects.get(pk=job["id"]).plan)
    return [(o.kind, o.key, o.label, len(o.decks)) for o in plan.opponents]


def test_a_games_job_answers_in_games_with_its_table_and_no_hands(queue, archive_ids):
    body = {"games": 60, "seed": 7, "players": 4, "rounds": 12, "rules": "2011"}
    response = post(APIClient(), {"kind": "games", "text": GARGOYLES, **body})
    job = answer(response, 202)
    assert set(job) == GAMES_JOB_KEYS | {"workers", "result"}
    assert response["Location"] == job["url"]
    assert (job["kind"], job["status"], job["games"], job["games_done"], job["seed"]) == ("games", "queued", 60, 0, 7)
    assert job["chunks"] == 3  # 25 games a chunk
    assert job["parameters"] == {"players": 4, "rounds": 12, "rules": "2011", "opponents": ["field"] * 3}
    assert job["conditions"] == [] and job["result"] is None
    assert table_of(job) == [("field", "2018-01-01", "The field since 2018-01-01", len(archive_ids))] * 3
    # Read back, it is still a games job.
    assert set(answer(APIClient().get(job["url"]))) == GAMES_JOB_KEYS | {"workers", "result"}


def test_a_games_job_takes_the_default_table(queue, archive_ids, settings):
    job = games_job(APIClient())
    assert (job["games"], job["parameters"]["players"]) == (settings.SIMULATION_DEFAULT_GAMES, 5)
    assert job["parameters"] == {
        "players": 5,
        "rounds": options.DEFAULT_ROUNDS,
        "rules": "vekn",
        "opponents": ["field"] * 4,
    }


def test_opponents_are_own_decks_archetypes_archive_decks_and_the_field_for_the_rest(queue, alice, archive_ids):
    own = make_deck(alice)
    archetype = Archetype.objects.order_by("-deck_count", "slug").first()
    archive = TournamentDeck.objects.get(pk=archive_ids[0])
    asked = [{"deck": own.id}, {"archetype": archetype.slug}, {"twda": archive.id}]
    job = games_job(client_for(alice), games=10, opponents=asked)
    assert job["parameters"]["opponents"] == [*asked, "field"]  # five seats: the fourth opponent is the field
    assert table_of(job) == [
        ("deck", own.id, own.name, 1),
        ("archetype", archetype.slug, archetype.name, TournamentDeck.objects.filter(archetype=archetype).count()),
        ("deck", f"twda:{archive.id}", archive.name or archive.event, 1),
        ("field", "2018-01-01", "The field since 2018-01-01", len(archive_ids)),
    ]
    # The field from a later date holds only the archive decks since then.
    since = max(TournamentDeck.objects.values_list("date", flat=True)).isoformat()
    later = TournamentDeck.objects.filter(date__gte=since).count()
    job = games_job(APIClient(), games=10, players=4, opponents=["field"], field_since=since)
    assert job["parameters"]["field_since"] == since
    assert table_of(job) == [("field", since, f"The field since {since}", later)] * 3
    assert later < len(archive_ids)
    # A date after the archive's last deck: the date is at fault, and the answer says how far the archive goes.
    error = refused(
        post(APIClient(), {"kind": "games", "text": GARGOYLES, "field_since": "2099-01-01"}), 400, "invalid"
    )
    assert error["errors"] == {
        "field_since": [
            f"The tournament archive holds no deck since 2099-01-01 (its latest is of {since}): choose an earlier "
            "date, or other opponents."
        ]
    }


@pytest.mark.parametrize("who", ["bob", "anonymous"])
def test_another_users_private_deck_is_no_opponent(queue, alice, bob, who, archive_ids):
    private, public = make_deck(alice), make_deck(alice, visibility="public")
    client = client_for(bob) if who == "bob" else APIClient()
    body = {"kind": "games", "text": GARGOYLES, "opponents": [{"deck": private.id}]}
    error = refused(post(client, body), 400, "invalid")
    assert error["errors"] == {"opponents": [f"No deck has the id '{private.id}', or it is not yours to read."]}
    assert not Simulation.objects.exists()
    job = games_job(client, games=10, opponents=[{"deck": public.id}])  # a public deck is anyone's opponent
    assert table_of(job)[0] == ("deck", public.id, public.name, 1)


def test_unfinished_games_over_the_cap_are_a_429_and_a_job_over_the_whole_allowance_a_400(queue, settings, archive_ids):
    settings.SIMULATION_MAX_ACTIVE_GAMES_ANON = 100
    client = APIClient()
    games_job(client, games=60)
    body = refused(post(client, {"kind": "games", "text": GARGOYLES, "games": 50}), 429, "job_limit")
    assert body["detail"] == (
        "The unfinished simulation jobs of your address still have 60 games to play and this one asks for 50; "
        "without an account, at most 100 games may be unfinished at once. Wait for a job to finish, or ask for "
        "fewer games."
    )
    too_large = refused(post(client, {"kind": "games", "text": GARGOYLES, "games": 101}), 400, "invalid")
    assert too_large["errors"] == {
        "games": ["games must be at most 100 without an account (the most games unfinished at once), not 101."]
    }
    assert Simulation.objects.count() == 1


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_games_job_started_over_the_api_runs_to_done_on_a_worker(
    simulation_worker, cards_in_database, alice, archive_ids, settings
):
    settings.SIMULATION_GAMES_CHUNK_SIZE = 10
    text = (TWDA / "10009.txt").read_text()
    client = client_for(alice)
    started = games_job(client, text=text, games=20, seed=3)
    assert started["chunks"] == 2
    deadline = time.monotonic() + 180  # only against a hang: the loop ends as soon as the job does
    job = started
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.2)
        job = answer(client.get(started["url"]))
        assert 0.0 <= job["progress"] <= 1.0 and "hands" not in job
    assert job["status"] == "done", job
    assert (job["progress"], job["games_done"], job["chunks_done"]) == (1.0, 20, 2)
    assert [name.split("@")[0] for name in job["workers"]] == ["sim-test-a"]
    report = job["result"]
    # DESIGN.md's games summary, then the deck's own figures (JSON objects: the keys, not their order).
    assert set(SUMMARY_KEYS) | {"deck", "opponents", "cards", "first_vampire", "examples"} <= set(report)
    assert (report["games"], report["seed"], report["players"]) == (20, 3, 5)
    assert [row["path"] for row in report["decks"]] == ["deck", *["field:2018-01-01"] * 4]
    assert sum(row["seat_games"] for row in report["decks"]) == 20 * 5
    assert report["deck"]["games"] == 20 and report["examples"]["first"] == 0
    deck = deck_services.parse_text(text)
    assert [card["id"] for card in report["cards"]] == [*deck.crypt, *deck.library]
    assert [seat["seat"] for seat in report["first_vampire"]["seats"]] == [1, 2, 3, 4, 5]
    # How each archetype of the field fared: the games it sat in, each game once per archetype.
    archetypes = set(TournamentDeck.objects.values_list("archetype__name", flat=True))
    assert {row["label"] for row in report["opponents"]} <= archetypes
    assert all(1 <= row["games"] <= 20 for row in report["opponents"])
    # The answer keeps to the schema the API publishes (the contract tests never see a games job done).
    # The games report alone first: its errors name the key at fault, where the job's name only the result.
    errors = schema_errors(client, "GamesReport", report) or schema_errors(client, "Simulation", job)
    assert not errors, errors


def schema_errors(client, component: str, value) -> list[str]:
    """Where ``value`` breaks the published schema's ``component``: OpenAPI 3.0 (``nullable``) read as JSON
    Schema, its ``$ref``s resolved within the document."""

    def as_json_schema(node):
        if isinstance(node, list):
            return [as_json_schema(item) for item in node]
        if not isinstance(node, dict):
            return node
        node = {key: as_json_schema(item) for key, item in node.items()}
        if node.pop("nullable", False):
            return {"anyOf": [node, {"type": "null"}]}
        return node

    published = answer(client.get("/api/schema/", {"format": "json"}))
    document = {"$ref": f"#/components/schemas/{component}", "components": as_json_schema(published["components"])}
    validator = jsonschema.Draft202012Validator(document)
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message[:300]}" for error in validator.iter_errors(value)
    ]
