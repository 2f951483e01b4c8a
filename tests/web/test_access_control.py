"""Who may open and change a deck or a simulation job through the site's pages, page by page.

Alice owns three decks, one of each visibility; Bob is another player; an anonymous visitor has no
account. For every deck page and every endpoint the editor's script calls:

- Alice's private deck answers anyone else exactly as a deck that does not exist (a 404, or for the
  editor's pages, which ask to log in first, the same login redirect a made-up id gets): nothing tells a
  real private id from a made-up one, and the page never shows the deck's name;
- unlisted and public decks are read by anyone (page, export, draws), and cloned by anyone logged in;
- only Alice edits, imports into, deletes or reads the history of her decks, whatever their visibility;
- every refused request leaves the database exactly as it was.

Jobs: the job page is read by whoever holds its id, unless the job was drawn from a private deck: then
only the user who started it and the deck's owner open it, and to anyone else its page and its cancel
answer exactly as an id that names no job (404); once the deck is deleted, only the user who started
it opens it. A copy's page links its source, and a job's page its deck, only for who may open that deck
and was given its link (everyone for a public deck, its owner, who cloned it or started the job). Only the
user who started a job cancels it, and nobody starts a job on a deck they may not read. The archive's
"copy to my decks" makes a private deck for the one who asked and touches nobody else's.
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.html import escape

from decks import services
from decks.models import Deck, Tag
from simulations.models import Simulation
from tests.access import READERS, STRANGERS, VISIBILITIES, alices_decks, card_id, job_readable, make_people, snapshot
from twda.models import TournamentDeck

# Throttles count in the cache: each test starts with a full allowance (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

NOWHERE = "nosuchdeck42"


@pytest.fixture
def people() -> dict:
    return make_people()


@pytest.fixture
def decks(people) -> dict[str, Deck]:
    return alices_decks(people)


def client_for(people: dict, who: str) -> Client:
    client = Client()
    if who != "anonymous":
        client.force_login(people[who])
    return client


# --- the deck pages ---------------------------------------------------------------------------------

TEXT = "Crypt\n12x Tupdog\nLibrary\n60x Blood Doll"

# (name, method, url after /decks/<id>/, data(deck) or None, JSON body?, kind)
#   read:  anyone who may read the deck (public, unlisted, own)
#   owner: Alice alone, whatever the visibility
#   clone: a read that makes a new deck for the caller (who must be logged in)
PAGES = [
    ("deck page", "get", "", None, False, "read"),
    ("export twd", "get", "export/twd", None, False, "read"),
    ("export json", "get", "export/json", None, False, "read"),
    ("draws tab", "get", "draws/", None, False, "read"),
    ("clone", "post", "clone", None, False, "clone"),
    ("editor", "get", "edit", None, False, "owner"),
    ("editor search", "get", "search?q=fame", None, False, "owner"),
    ("editor panels", "get", "panels", None, False, "owner"),
    (
        "add a card (form)",
        "post",
        "cards",
        lambda d: {"card": card_id("Fame"), "delta": 1, "version": d.version},
        False,
        "owner",
    ),
    (
        "add a card (json)",
        "post",
        "cards",
        lambda d: {"card": card_id("Fame"), "delta": 1, "version": d.version},
        True,
        "owner",
    ),
    (
        "set a count (json)",
        "post",
        "cards",
        lambda d: {"card": card_id("Tupdog"), "count": 0, "version": d.version},
        True,
        "owner",
    ),
    ("rename (form)", "post", "details", lambda d: {"name": "Stolen", "version": d.version}, False, "owner"),
    ("make public (json)", "post", "details", lambda d: {"visibility": "public", "version": d.version}, True, "owner"),
    ("import page", "get", "import/", None, False, "owner"),
    ("import over it", "post", "import/", lambda d: {"text": TEXT, "format": "", "version": d.version}, False, "owner"),
    ("delete page", "get", "delete", None, False, "owner"),
    ("delete", "post", "delete", lambda d: {}, False, "owner"),
    ("revisions", "get", "revisions/", None, False, "owner"),
    ("revisions diff", "get", "revisions/?a=1&b=2", None, False, "owner"),
    ("save a revision", "post", "revisions/", lambda d: {"note": "mine now"}, False, "owner"),
]


def visit(client: Client, method: str, deck_id: str, path: str, data: dict | None, as_json: bool):
    url = f"/decks/{deck_id}/{path}"
    if method == "get":
        return client.get(url)
    if as_json:
        return client.post(url, json.dumps(data or {}), content_type="application/json")
    return client.post(url, data or {})


def page_ids(pages) -> list[str]:
    return [name for name, *_rest in pages]


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("who", STRANGERS)
@pytest.mark.parametrize("name,method,path,data,as_json,kind", PAGES, ids=page_ids(PAGES))
def test_others_see_only_what_the_visibility_allows_and_change_nothing(
    people, decks, who, visibility, name, method, path, data, as_json, kind
):
    deck = decks[visibility]
    client = client_for(people, who)
    before = snapshot()
    response = visit(client, method, deck.id, path, data(deck) if data else None, as_json)
    shared = visibility != "private"
    if kind == "read" and shared:
        assert response.status_code == 200
    elif kind == "clone" and shared and who == "bob":
        copy = Deck.objects.get(owner=people["bob"])
        assert response.status_code == 302 and response["Location"] == f"/decks/{copy.id}/edit"
        assert (copy.visibility, copy.cloned_from_id) == ("private", deck.id)
        copy.delete()  # Bob's own new deck; Alice's is untouched (below)
    elif kind == "clone" and shared:
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    else:
        # Exactly what an id naming no deck gets: a 404, or the editor's login redirect for a visitor.
        missing = visit(client, method, NOWHERE, path, data(deck) if data else None, as_json)
        assert response.status_code == missing.status_code and response.status_code in (302, 404)
        if response.status_code == 302:
            assert response["Location"] == missing["Location"].replace(NOWHERE, deck.id)
            assert response["Location"].startswith("/accounts/login/")
        assert escape(deck.name) not in response.content.decode()
    assert snapshot() == before


OWNER_STATUS = {
    "clone": 302,
    "add a card (form)": 302,
    "rename (form)": 302,
    "import over it": 302,
    "delete": 302,
    "save a revision": 302,
}


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("name,method,path,data,as_json,kind", PAGES, ids=page_ids(PAGES))
def test_the_owner_may_do_everything(people, decks, visibility, name, method, path, data, as_json, kind):
    deck = decks[visibility]
    response = visit(client_for(people, "alice"), method, deck.id, path, data(deck) if data else None, as_json)
    assert response.status_code == OWNER_STATUS.get(name, 200), response.content.decode()[:500]
    if method == "post" and name != "clone":
        changed = Deck.objects.filter(pk=deck.pk).first()
        assert changed is None or changed.version > deck.version or changed.revisions.count() == 3


LIST_QUERIES = {
    "everything": {},
    "by author": {"author": "alice"},
    "by name": {"q": "secret"},
    "by card": {"card": "Tupdog"},
    "by clan": {"clan": "gargoyle"},
}


@pytest.mark.parametrize("who", ["alice", *STRANGERS])
@pytest.mark.parametrize("query", LIST_QUERIES)
def test_the_public_list_shows_only_public_decks_whoever_asks(people, decks, who, query):
    page = client_for(people, who).get("/decks/", LIST_QUERIES[query]).content.decode()
    assert decks["public"].id in page
    assert decks["private"].id not in page and decks["unlisted"].id not in page


def test_my_decks_are_the_visitors_own(people, decks):
    page = client_for(people, "bob").get("/decks/mine/").content.decode()
    assert not any(deck.id in page for deck in decks.values())
    mine = client_for(people, "alice").get("/decks/mine/").content.decode()
    assert all(deck.id in mine for deck in decks.values())


# --- drawing from a deck, and jobs ------------------------------------------------------------------


@pytest.mark.parametrize("who", STRANGERS)
def test_nobody_starts_a_job_on_a_deck_they_may_not_read(people, decks, who):
    client = client_for(people, who)
    before = snapshot()
    response = client.post(f"/decks/{decks['private'].id}/draws/", {"hands": "100000", "conditions": ""})
    assert response.status_code == 404 and escape(decks["private"].name) not in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("who", ["alice", *STRANGERS])
def test_anyone_who_may_read_a_deck_starts_a_job_on_it(people, decks, idle_queue, who):
    response = client_for(people, who).post(f"/decks/{decks['unlisted'].id}/draws/", {"hands": "100000"})
    job = Simulation.objects.get(deck=decks["unlisted"])
    assert response.status_code == 302 and response["Location"] == f"/simulations/{job.id}/"
    assert job.owner == (None if who == "anonymous" else people[who])


@pytest.fixture
def alices_job(people, decks) -> Simulation:
    """A job Alice started on her private deck, still queued."""
    return Simulation.objects.create(
        owner=people["alice"],
        deck=decks["private"],
        deck_name=decks["private"].name,
        deck_version=1,
        seed=7,
        hands=1000,
    )


@pytest.fixture
def alices_jobs(people, decks) -> dict[str, Simulation]:
    """A queued job Alice started from each of her decks, and one from a pasted decklist."""
    jobs = {
        visibility: Simulation.objects.create(
            owner=people["alice"],
            deck=decks[visibility],
            seed=7,
            hands=1000,
            deck_name=decks[visibility].name,
            deck_version=decks[visibility].version,
        )
        for visibility in VISIBILITIES
    }
    jobs["decklist text"] = Simulation.objects.create(
        owner=people["alice"], deck_name="Pasted gargoyles", seed=7, hands=1000
    )
    return jobs


NO_JOB = "nosuchjob4242424"


def assert_as_missing(client: Client, method: str, response, path: str = "") -> None:
    """The page is exactly the one for a job id that names no job, but for the address it was asked at (in
    its login and language links) and the forms' CSRF token, masked afresh on every page."""
    missing = getattr(client, method)(f"/simulations/{NO_JOB}/{path}")
    assert response.status_code == missing.status_code == 404
    asked = response.request["PATH_INFO"].split("/")[2]
    assert unmasked(response.content.decode()).replace(asked, NO_JOB) == unmasked(missing.content.decode())


def unmasked(page: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value=""', page)


@pytest.mark.parametrize("who", STRANGERS)
@pytest.mark.parametrize("origin", ["unlisted", "public", "decklist text"])
def test_the_job_page_is_read_by_id_but_offers_others_no_cancel(people, alices_jobs, who, origin):
    job = alices_jobs[origin]
    response = client_for(people, who).get(f"/simulations/{job.id}/")
    assert response.status_code == 200 and escape(job.deck_name) in response.content.decode()
    assert f"/simulations/{job.id}/cancel" not in response.content.decode()


@pytest.mark.parametrize("who", STRANGERS)
def test_the_job_page_of_a_private_deck_is_to_others_a_job_that_does_not_exist(people, alices_job, who):
    """The report names the deck and lists its cards: the id alone opens nothing, and never says it is real."""
    client = client_for(people, who)
    response = client.get(f"/simulations/{alices_job.id}/")
    assert_as_missing(client, "get", response)
    page = response.content.decode()
    assert escape(alices_job.deck_name) not in page and f"/decks/{alices_job.deck_id}/" not in page


def test_the_owner_reads_the_job_page_of_her_private_deck(people, alices_job):
    response = client_for(people, "alice").get(f"/simulations/{alices_job.id}/")
    assert response.status_code == 200 and escape(alices_job.deck_name) in response.content.decode()


def test_the_owner_sees_the_cancel_button(people, alices_job):
    page = client_for(people, "alice").get(f"/simulations/{alices_job.id}/").content.decode()
    assert f"/simulations/{alices_job.id}/cancel" in page


@pytest.mark.parametrize("who", STRANGERS)
@pytest.mark.parametrize("origin", [*VISIBILITIES, "decklist text"])
def test_nobody_else_cancels_alices_job(people, alices_jobs, who, origin):
    """A job others may read: 403, not theirs to cancel. A job of a private deck: the 404 of no job at all."""
    job = alices_jobs[origin]
    client = client_for(people, who)
    before = snapshot()
    response = client.post(f"/simulations/{job.id}/cancel")
    if origin == "private":
        assert_as_missing(client, "post", response, "cancel")
    else:
        assert response.status_code == 403
    assert snapshot() == before


def test_alice_cancels_her_job(people, alices_job):
    response = client_for(people, "alice").post(f"/simulations/{alices_job.id}/cancel")
    assert response.status_code == 302
    assert Simulation.objects.get(pk=alices_job.pk).status == Simulation.Status.CANCELLED


# --- the archive's "copy to my decks" ---------------------------------------------------------------


@pytest.fixture
def winning_deck() -> TournamentDeck:
    core = services.from_lists([{"id": card_id("Tupdog"), "count": 12}], [{"id": card_id("Dive Bomb"), "count": 60}])
    return TournamentDeck.objects.create(
        id="2024-rock", name="Rock of ages", text="…", digest="x", deck=core.to_dict(with_origin=False)
    )


def test_copying_a_winning_deck_makes_a_private_deck_for_the_visitor_alone(people, decks, winning_deck):
    before = snapshot()
    response = client_for(people, "bob").post(f"/twda/{winning_deck.id}/copy/")
    copy = Deck.objects.get(owner=people["bob"])
    assert response.status_code == 302 and response["Location"] == f"/decks/{copy.id}/edit"
    assert (copy.name, copy.visibility, copy.library_count) == ("Rock of ages", "private", 60)
    copy.delete()
    Tag.objects.exclude(decks__isnull=False).delete()
    assert snapshot() == before  # Alice's decks untouched


def test_an_anonymous_visitor_is_asked_to_log_in_to_copy_a_winning_deck(people, decks, winning_deck):
    before = snapshot()
    response = client_for(people, "anonymous").post(f"/twda/{winning_deck.id}/copy/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert snapshot() == before


def test_copying_a_winning_deck_that_does_not_exist_is_a_404(people):
    assert client_for(people, "bob").post("/twda/no-such-deck/copy/").status_code == 404
    assert not Deck.objects.exists()


# --- issue 14, item 7: a copy's page links its source only for who was given the source's link -------

# Carol cloned Alice's unlisted deck and made her copy public; then Alice's deck became <state>. Who reads
# Carol's copy's page and sees the link to the source (as the API's ``cloned_from`` says).
SOURCE_NAMED_TO = {
    "public": {"alice", "bob", "carol", "anonymous"},
    "unlisted": {"alice", "carol"},
    "private": {"alice"},
    "deleted": set(),
}


@pytest.mark.parametrize("who", ["alice", "bob", "carol", "anonymous"])
@pytest.mark.parametrize("state", SOURCE_NAMED_TO)
def test_a_copys_page_links_its_source_only_for_who_was_given_its_link(people, decks, state, who):
    source, source_id = decks["unlisted"], decks["unlisted"].id
    people["carol"] = get_user_model().objects.create_user("carol", password="carol-42")
    copy = services.clone(source, people["carol"])
    services.update_details(copy, version=copy.version, visibility="public")
    if state == "deleted":
        services.delete(source)
    elif state != "unlisted":
        services.update_details(source, version=source.version, visibility=state)
    response = client_for(people, who).get(f"/decks/{copy.id}/")
    page = response.content.decode()
    assert response.status_code == 200
    if who in SOURCE_NAMED_TO[state]:
        assert f'<a href="/decks/{source_id}/">' in page
    else:  # not even that it is a copy of something
        assert source_id not in page and "cloned from another deck" not in page


# --- issue 14, item 8: a job's page follows its deck's visibility, now ------------------------------


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("starter", READERS)
@pytest.mark.parametrize("change", ["private", "deleted"])
@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_a_job_page_follows_its_deck_made_private_or_deleted(people, decks, visibility, change, starter, reader):
    deck = decks[visibility]
    job = Simulation.objects.create(
        owner=None if starter == "anonymous" else people[starter],
        deck=deck,
        deck_name=deck.name,
        deck_version=deck.version,
        seed=7,
        hands=1000,
    )
    client = client_for(people, reader)
    assert client.get(f"/simulations/{job.id}/").status_code == 200  # the deck is shared: anyone holding the id
    if change == "deleted":
        services.delete(deck)
    else:
        services.update_details(deck, version=deck.version, visibility="private")
    before = snapshot()
    response = client.get(f"/simulations/{job.id}/")
    if job_readable(reader, starter, change):
        page = response.content.decode()
        assert response.status_code == 200 and escape(deck.name) in page
        # The link to the deck only for who may open it now: Alice, while it exists.
        assert (f"/decks/{deck.id}/" in page) == (change == "private" and reader == "alice")
    else:
        assert_as_missing(client, "get", response)
        assert_as_missing(client, "post", client.post(f"/simulations/{job.id}/cancel"), "cancel")
        assert escape(deck.name) not in response.content.decode()
        assert snapshot() == before


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("starter", READERS)
def test_a_job_page_links_an_unlisted_deck_only_for_who_was_given_its_link(people, decks, starter, reader):
    deck = decks["unlisted"]
    job = Simulation.objects.create(
        owner=None if starter == "anonymous" else people[starter],
        deck=deck,
        deck_name=deck.name,
        deck_version=deck.version,
        seed=7,
        hands=1000,
    )
    response = client_for(people, reader).get(f"/simulations/{job.id}/")
    assert response.status_code == 200 and escape(deck.name) in response.content.decode()
    named = reader == "alice" or (reader == starter and reader != "anonymous")
    assert (deck.id in response.content.decode()) == named


def test_the_draws_tab_lists_ones_own_jobs_of_the_deck(people, decks):
    deck = decks["public"]
    mine = Simulation.objects.create(
        owner=people["bob"], deck=deck, deck_name=deck.name, deck_version=deck.version, seed=7, hands=1000
    )
    alices = Simulation.objects.create(
        owner=people["alice"], deck=deck, deck_name=deck.name, deck_version=deck.version, seed=7, hands=1000
    )
    page = client_for(people, "bob").get(f"/decks/{deck.id}/draws/").content.decode()
    assert f"/simulations/{mine.id}/" in page and f"/simulations/{alices.id}/" not in page
