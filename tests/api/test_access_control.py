"""Who may read and change a deck or a simulation job over the API, endpoint by endpoint.

Alice owns three decks, one of each visibility; Bob is another player; an anonymous client has no
account. The rules, for every deck endpoint:

- a private deck is Alice's alone: to anyone else every endpoint answers 404, exactly as for a deck that
  does not exist (never 403, which would tell them the id is real);
- an unlisted deck is read by whoever has its id, a public one by everyone, and neither is listed to others
  as Alice's unless public;
- only Alice changes, deletes or reads the history of her decks, whatever their visibility: anyone else
  gets the same 404;
- every refused request leaves the database exactly as it was.

Simulation jobs: a job is read by whoever holds its unguessable id (the documented contract), unless it was
drawn from a private deck: its report names the deck and lists its cards, so it is read only by the user
who started it and the deck's owner, and to anyone else reading or cancelling it answers 404 exactly as
an id that names no job; once the deck is deleted, only the user who started it reads it. Only the user
who started a job cancels it, it is listed to them alone, and nobody starts a job on a deck they may not
read. A copy's ``cloned_from`` and a job's ``deck`` name an unlisted deck only to its owner and to who
cloned it or started the job (an unlisted deck's id is its link). (Tokens have their own tests.)
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck, Tag
from simulations.models import Simulation
from tests.access import READERS, STRANGERS, VISIBILITIES, alices_decks, job_readable, make_people, snapshot

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

API = "/api/v1/decks/"
SIMULATIONS = "/api/v1/simulations/"


@pytest.fixture
def people() -> dict:
    return make_people()


@pytest.fixture
def decks(people) -> dict[str, Deck]:
    return alices_decks(people)


def client_for(people: dict, who: str) -> APIClient:
    client = APIClient()
    if who != "anonymous":
        client.force_login(people[who])
    return client


# --- the deck endpoints -----------------------------------------------------------------------------

# (name, method, path after /api/v1/decks/<id>/, body(deck) or None, kind)
#   read:  anyone who may read the deck (public, unlisted, own)
#   owner: Alice alone, whatever the visibility (writes and the history)
#   clone: a read that makes a new deck for the caller (who must be logged in)
ENDPOINTS = [
    ("retrieve", "get", "", None, "read"),
    ("export", "get", "export/?to=jol", None, "read"),
    ("export json", "get", "export/?to=json", None, "read"),
    ("revisions", "get", "revisions/", None, "owner"),
    ("revisions diff", "get", "revisions/?a=1&b=2", None, "owner"),
    ("update name", "put", "", lambda deck: {"version": deck.version, "name": "Stolen"}, "owner"),
    ("partial update name", "patch", "", lambda deck: {"version": deck.version, "name": "Stolen"}, "owner"),
    ("make public", "patch", "", lambda deck: {"version": deck.version, "visibility": "public"}, "owner"),
    ("retag", "patch", "", lambda deck: {"version": deck.version, "tags": ["mine-now"]}, "owner"),
    (
        "replace cards",
        "patch",
        "",
        lambda deck: {"version": deck.version, "text": "Crypt\n12x Tupdog\nLibrary\n60x Blood Doll"},
        "owner",
    ),
    ("stale version", "patch", "", lambda deck: {"version": 1, "name": "Stolen"}, "owner"),
    ("delete", "delete", "", None, "owner"),
    ("clone", "post", "clone/", None, "clone"),
]
OWNER_STATUS = {"get": 200, "put": 200, "patch": 200, "delete": 204, "post": 201}


def call(client: APIClient, method: str, deck_id: str, path: str, body: dict | None):
    url = f"{API}{deck_id}/{path}"
    if body is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


def endpoint_ids(endpoints) -> list[str]:
    return [name for name, *_rest in endpoints]


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("who", STRANGERS)
@pytest.mark.parametrize("name,method,path,body,kind", ENDPOINTS, ids=endpoint_ids(ENDPOINTS))
def test_others_read_only_what_the_visibility_allows_and_change_nothing(
    people, decks, who, visibility, name, method, path, body, kind
):
    deck = decks[visibility]
    before = snapshot()
    response = call(client_for(people, who), method, deck.id, path, body(deck) if body else None)
    shared = visibility != "private"
    if kind == "read" and shared:
        assert response.status_code == 200, response.content[:300]
    elif kind == "clone" and shared and who == "bob":
        assert response.status_code == 201
        copy = Deck.objects.get(pk=response.json()["id"])
        assert (copy.owner.username, copy.visibility, copy.cloned_from_id) == ("bob", "private", deck.id)
        copy.delete()  # the clone is Bob's own new deck; Alice's is untouched (below)
        Tag.objects.exclude(decks__isnull=False).delete()
    elif kind == "clone" and shared:
        assert response.status_code in (401, 403)
        assert response.json()["detail"] == "Log in to clone this deck."
    else:
        assert response.status_code == 404, response.content[:300]
        # Exactly the answer for an id that names no deck: nothing tells the two apart.
        missing = call(client_for(people, who), method, "nosuchdeck42", path, body(deck) if body else None)
        assert (response.status_code, response.json()) == (missing.status_code, missing.json())
    assert snapshot() == before


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("name,method,path,body,kind", ENDPOINTS, ids=endpoint_ids(ENDPOINTS))
def test_the_owner_may_do_everything(people, decks, visibility, name, method, path, body, kind):
    deck = decks[visibility]
    response = call(client_for(people, "alice"), method, deck.id, path, body(deck) if body else None)
    expected = 409 if name == "stale version" else OWNER_STATUS[method]
    assert response.status_code == expected, response.content[:300]


# --- lists ------------------------------------------------------------------------------------------

LIST_QUERIES = {
    "everything": {},
    "by author": {"author": "alice"},
    "by name": {"q": "secret"},
    "by tag": {"tag": "secret-tech"},
    "by card": {"card": "100845"},  # Govern the Unaligned
    "by clan": {"clan": "gargoyle"},
    "second page size": {"page_size": "500"},
}


@pytest.mark.parametrize("who", STRANGERS)
@pytest.mark.parametrize("query", LIST_QUERIES)
def test_lists_show_others_only_alices_public_deck(people, decks, who, query):
    response = client_for(people, who).get(API, LIST_QUERIES[query])
    assert response.status_code == 200
    alices = {deck["id"] for deck in response.json()["results"] if deck["owner"] == "alice"}
    assert alices == {decks["public"].id}


def test_mine_lists_bobs_own_decks_only(people, decks):
    response = client_for(people, "bob").get(API, {"mine": "true"})
    assert response.status_code == 200 and response.json()["results"] == []


def test_mine_asks_an_anonymous_client_to_log_in(people, decks):
    response = client_for(people, "anonymous").get(API, {"mine": "true"})
    assert response.status_code in (401, 403)


def test_the_owner_lists_all_her_decks(people, decks):
    response = client_for(people, "alice").get(API, {"mine": "true"})
    assert {deck["id"] for deck in response.json()["results"]} == {deck.id for deck in decks.values()}


# --- simulations ------------------------------------------------------------------------------------


@pytest.fixture
def alices_job(people, decks) -> Simulation:
    """A job Alice started on her private deck, still queued (no worker needed to judge who may touch it)."""
    return Simulation.objects.create(
        owner=people["alice"],
        deck=decks["private"],
        deck_name=decks["private"].name,
        deck_version=1,
        seed=7,
        hands=1000,
    )


def start_job(owner, deck: Deck | None = None) -> Simulation:
    """A queued job (no worker needed to judge who may touch it), from ``deck`` or from a decklist's text."""
    if deck is None:
        return Simulation.objects.create(owner=owner, deck_name="Pasted gargoyles", seed=7, hands=1000)
    return Simulation.objects.create(
        owner=owner, deck=deck, deck_name=deck.name, deck_version=deck.version, seed=7, hands=1000
    )


JOB_ORIGINS = [*VISIBILITIES, "decklist text"]


@pytest.fixture
def alices_jobs(people, decks) -> dict[str, Simulation]:
    """A job Alice started from each of her decks, and one from a pasted decklist."""
    jobs = {visibility: start_job(people["alice"], decks[visibility]) for visibility in VISIBILITIES}
    jobs["decklist text"] = start_job(people["alice"])
    return jobs


def assert_as_missing(client: APIClient, method: str, response, path: str = "") -> None:
    """The answer is exactly the one for a job id that names no job."""
    missing = getattr(client, method)(f"{SIMULATIONS}nosuchjob4242424/{path}")
    assert response.status_code == 404, response.content[:300]
    assert (response.status_code, response.json()) == (missing.status_code, missing.json())


@pytest.mark.parametrize("who", STRANGERS)
@pytest.mark.parametrize("origin", JOB_ORIGINS)
def test_nobody_else_cancels_alices_job(people, alices_jobs, who, origin):
    """A job others may read: 403, not theirs to cancel. A job of a private deck: the 404 of no job at all."""
    job = alices_jobs[origin]
    client = client_for(people, who)
    before = snapshot()
    response = client.post(f"{SIMULATIONS}{job.id}/cancel/")
    if origin == "private":
        assert_as_missing(client, "post", response, "cancel/")
    else:
        assert response.status_code == 403
        assert "Only the user who started this simulation job may cancel it." in response.json()["detail"]
    assert snapshot() == before


def test_alice_cancels_her_job(people, alices_job):
    response = client_for(people, "alice").post(f"{SIMULATIONS}{alices_job.id}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"


@pytest.mark.parametrize("who", STRANGERS)
def test_cancelling_a_job_that_does_not_exist_is_a_404(people, who):
    assert client_for(people, who).post(f"{SIMULATIONS}nosuchjob4242424/cancel/").status_code == 404


def test_a_job_is_listed_to_its_owner_alone(people, alices_job):
    mine = client_for(people, "alice").get(SIMULATIONS).json()["results"]
    assert [job["id"] for job in mine] == [alices_job.id]
    assert client_for(people, "bob").get(SIMULATIONS).json()["results"] == []
    assert client_for(people, "anonymous").get(SIMULATIONS).status_code in (401, 403)


@pytest.mark.parametrize("who", STRANGERS)
@pytest.mark.parametrize("origin", ["unlisted", "public", "decklist text"])
def test_a_job_of_a_shared_deck_or_a_decklist_is_read_by_whoever_holds_its_id(people, alices_jobs, who, origin):
    """The documented contract (docs/api.md, the API's description): job ids are unguessable and shared like an
    unlisted deck's link."""
    job = alices_jobs[origin]
    response = client_for(people, who).get(f"{SIMULATIONS}{job.id}/")
    assert response.status_code == 200 and response.json()["id"] == job.id


@pytest.mark.parametrize("who", STRANGERS)
def test_a_job_of_a_private_deck_is_to_others_a_job_that_does_not_exist(people, alices_job, who):
    """Its report would name the deck and list its cards: the id alone opens nothing, and the answer is the
    one for a made-up id, never a 403 that would tell the id is real."""
    client = client_for(people, who)
    response = client.get(f"{SIMULATIONS}{alices_job.id}/")
    assert_as_missing(client, "get", response)
    assert alices_job.deck_name not in response.content.decode()
    assert client.get(f"{API}{alices_job.deck_id}/").status_code == 404


def test_alice_reads_the_job_of_her_private_deck(people, alices_job):
    response = client_for(people, "alice").get(f"{SIMULATIONS}{alices_job.id}/")
    assert response.status_code == 200 and response.json()["deck_name"] == alices_job.deck_name


@pytest.mark.parametrize("who,status", [("bob", 200), ("alice", 200), ("anonymous", 404)])
def test_a_job_on_a_deck_made_private_since_is_read_by_who_started_it_and_the_decks_owner(people, decks, who, status):
    """Bob drew from Alice's unlisted deck; she then made it private: the deck's visibility now rules."""
    deck = decks["unlisted"]
    job = start_job(people["bob"], deck)
    services.update_details(deck, version=deck.version, visibility="private")
    response = client_for(people, who).get(f"{SIMULATIONS}{job.id}/")
    assert response.status_code == status, response.content[:300]


@pytest.mark.parametrize("who,status", [("alice", 200), ("bob", 404), ("anonymous", 404)])
def test_the_job_of_a_deleted_private_deck_stays_its_starters(people, alices_job, who, status):
    """Deleting the deck forgets its visibility, not the job's deck name and cards: they stay Alice's."""
    alices_job.deck.delete()
    response = client_for(people, who).get(f"{SIMULATIONS}{alices_job.id}/")
    assert response.status_code == status, response.content[:300]


@pytest.mark.parametrize("who", STRANGERS)
def test_nobody_starts_a_job_on_a_deck_they_may_not_read(people, decks, who):
    before = snapshot()
    response = client_for(people, who).post(SIMULATIONS, {"deck": decks["private"].id, "hands": 1000}, format="json")
    missing = client_for(people, who).post(SIMULATIONS, {"deck": "nosuchdeck42", "hands": 1000}, format="json")
    assert response.status_code == 404
    assert (response.status_code, response.json()) == (missing.status_code, missing.json())
    assert snapshot() == before


@pytest.mark.parametrize("who", ["alice", *STRANGERS])
@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_a_job_may_be_started_on_any_deck_one_may_read(people, decks, idle_queue, who, visibility):
    response = client_for(people, who).post(SIMULATIONS, {"deck": decks[visibility].id, "hands": 1000}, format="json")
    assert response.status_code == 202, response.content[:300]
    job = Simulation.objects.get(pk=response.json()["id"])
    assert job.owner == (None if who == "anonymous" else people[who]) and job.deck_id == decks[visibility].id


# --- what a readable deck says about others ---------------------------------------------------------


@pytest.mark.parametrize("who", STRANGERS)
def test_a_shared_copy_does_not_reveal_the_id_of_a_private_source(people, decks, who):
    """Alice's public copy of her private deck: others read the copy, and learn nothing of the source."""
    copy = services.clone(decks["private"], people["alice"])
    services.update_details(copy, version=copy.version, visibility="public")
    response = client_for(people, who).get(f"{API}{copy.id}/")
    assert response.status_code == 200 and response.json()["cloned_from"] is None
    assert decks["private"].id not in response.content.decode()


def test_a_copy_names_a_source_the_reader_may_read(people, decks):
    copy = services.clone(decks["unlisted"], people["bob"])
    assert client_for(people, "bob").get(f"{API}{copy.id}/").json()["cloned_from"] == decks["unlisted"].id
    own = services.clone(decks["private"], people["alice"])
    assert client_for(people, "alice").get(f"{API}{own.id}/").json()["cloned_from"] == decks["private"].id


# --- issue 14, item 7: a copy names its source only to who was given the source's link --------------

# Carol cloned Alice's unlisted deck and made her copy public; then Alice's deck became <state>. Who reading
# Carol's copy learns the source's id: only readers who may open the source *and* were given its link, that
# is everyone for a public (listed) source, its owner, and the copy's owner (who held the link to clone it).
SOURCE_NAMED_TO = {
    "public": {"alice", "bob", "carol", "anonymous"},
    "unlisted": {"alice", "carol"},
    "private": {"alice"},
    "deleted": set(),
}


def carols_public_copy(people: dict, source: Deck, state: str) -> Deck:
    people["carol"] = get_user_model().objects.create_user("carol", password="carol-42")
    copy = services.clone(source, people["carol"])
    services.update_details(copy, version=copy.version, visibility="public")
    if state == "deleted":
        services.delete(source)
    elif state != "unlisted":
        services.update_details(source, version=source.version, visibility=state)
    return copy


@pytest.mark.parametrize("who", ["alice", "bob", "carol", "anonymous"])
@pytest.mark.parametrize("state", SOURCE_NAMED_TO)
def test_a_copy_names_its_source_only_to_who_was_given_its_link(people, decks, state, who):
    source_id = decks["unlisted"].id
    copy = carols_public_copy(people, decks["unlisted"], state)
    client = client_for(people, who)
    detail = client.get(f"{API}{copy.id}/")
    listed = client.get(API, {"author": "carol"})
    assert detail.status_code == listed.status_code == 200
    assert [deck["id"] for deck in listed.json()["results"]] == [copy.id]
    if who in SOURCE_NAMED_TO[state]:
        assert detail.json()["cloned_from"] == source_id
    else:
        assert detail.json()["cloned_from"] is None
        assert source_id not in detail.content.decode() and source_id not in listed.content.decode()


# --- issue 14, item 8: a job follows its deck's visibility, now -------------------------------------


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("starter", READERS)
@pytest.mark.parametrize("change", ["private", "deleted"])
@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_a_job_follows_its_deck_made_private_or_deleted(people, decks, visibility, change, starter, reader):
    deck = decks[visibility]
    job = start_job(None if starter == "anonymous" else people[starter], deck)
    client = client_for(people, reader)
    assert client.get(f"{SIMULATIONS}{job.id}/").status_code == 200  # the deck is shared: anyone holding the id
    if change == "deleted":
        services.delete(deck)
    else:
        services.update_details(deck, version=deck.version, visibility="private")
    before = snapshot()
    response = client.get(f"{SIMULATIONS}{job.id}/")
    cancel = client.post(f"{SIMULATIONS}{job.id}/cancel/")
    if job_readable(reader, starter, change):
        assert response.status_code == 200 and response.json()["deck_name"] == deck.name
        # The deck's id only to who may open the deck now: Alice, while it exists.
        shown = deck.id if change == "private" and reader == "alice" else None
        assert response.json()["deck"] == shown
        # Cancelling is the starter's, or anyone's who reads a job started without an account.
        assert cancel.status_code == (200 if starter in (reader, "anonymous") else 403)
    else:
        assert_as_missing(client, "get", response)
        assert_as_missing(client, "post", cancel, "cancel/")
        assert deck.name not in response.content.decode()
        assert snapshot() == before
    if reader != "anonymous":  # one's list holds one's jobs one may read
        listed = [row["id"] for row in client.get(SIMULATIONS).json()["results"]]
        assert listed == ([job.id] if reader == starter else [])


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("starter", READERS)
def test_a_job_names_an_unlisted_deck_only_to_who_was_given_its_link(people, decks, starter, reader):
    """Anyone holding a job's id reads it; the unlisted deck's own id (its link) only its owner and the
    user who started the job (who held the link to start it), as for a copy's source."""
    job = start_job(None if starter == "anonymous" else people[starter], decks["unlisted"])
    response = client_for(people, reader).get(f"{SIMULATIONS}{job.id}/")
    assert response.status_code == 200
    named = reader == "alice" or (reader == starter and reader != "anonymous")
    assert response.json()["deck"] == (decks["unlisted"].id if named else None)
    if not named:
        assert decks["unlisted"].id not in response.content.decode()
