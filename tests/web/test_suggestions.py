"""Suggestions and similar decks on the site: who is in the pool (the archive and the public decks whose owners
opted in, never a private or unlisted deck), the suggestions API and the editor's panel (read as the deck is
read), ``?similar=`` on the archive and public deck searches, and the "Similar decks" section with its diff."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cards import index
from decks import services as deck_services
from decks.models import Deck
from suggestions import services

pytestmark = pytest.mark.django_db

PASSWORD = "not-a-real-password-42"
# The decks others share play a master card no vampire needs to play; Alice's deck lacks it.
SHARED_CARD = "Pentex(TM) Subversion"
SHARED_DECK = (
    f"Crypt (12 cards)\n12x Tupdog\nLibrary (66 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n6x {SHARED_CARD}\n"
)
HIDDEN_CARD = "Heidelberg Castle, Germany"
HIDDEN_DECK = (
    f"Crypt (12 cards)\n12x Tupdog\nLibrary (66 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n6x {HIDDEN_CARD}\n"
)
ALICES_DECK = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


def card_id(name: str) -> int:
    return index.get().find(name)[0].id


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture(autouse=True)
def fresh_pool():
    services.forget()
    services.forget_versions()
    yield
    services.forget()


@pytest.fixture
def world(db):
    users = get_user_model().objects
    alice = users.create_user("alice", "alice@example.org", PASSWORD)
    bob = users.create_user("bob", "bob@example.org", PASSWORD)

    def deck(owner, text, visibility, shared, name):
        made = deck_services.create(owner, deck_services.parse_text(text), name=name, visibility=visibility)
        Deck.objects.filter(pk=made.pk).update(share_with_suggestions=shared)
        made.refresh_from_db()
        return made

    shared = [deck(bob, SHARED_DECK, "public", True, f"shared {i}") for i in range(4)]
    hidden = [
        deck(bob, HIDDEN_DECK, visibility, flag, f"hidden {visibility} {flag}")
        for visibility, flag in (("private", True), ("unlisted", True), ("public", False))
    ]
    mine = deck(alice, ALICES_DECK, "private", True, "mine")
    return {"alice": alice, "bob": bob, "shared": shared, "hidden": hidden, "mine": mine}


def test_the_pool_holds_public_decks_whose_owners_opted_in_and_never_private_or_unlisted_ones(world):
    keys = services.pool().shared_keys()
    assert keys == {services.SHARED + deck.id for deck in world["shared"]}
    # A deck made public and opted in later joins it at the next request; one made private leaves it.
    Deck.objects.filter(pk=world["hidden"][2].pk).update(share_with_suggestions=True)
    deck_services.update_details(world["shared"][0], version=world["shared"][0].version, visibility="private")
    keys = services.pool().shared_keys()
    assert services.SHARED + world["hidden"][2].id in keys
    assert services.SHARED + world["shared"][0].id not in keys
    assert not {services.SHARED + d.id for d in world["hidden"][:2]} & keys


def test_suggestions_offer_the_card_the_similar_decks_play_with_its_reason(world):
    answer = login(world["alice"]).get(f"/api/v1/decks/{world['mine'].id}/suggestions/")
    assert answer.status_code == 200
    body = answer.json()
    adds = {row["id"]: row for row in body["add"]}
    assert card_id(SHARED_CARD) in adds
    row = adds[card_id(SHARED_CARD)]
    assert {"id", "name", "score", "reason"} <= set(row) and row["name"] == SHARED_CARD
    assert row["decks"] == 4 and row["copies"] == [6, 6]
    assert "in 4 of" in row["reason"] and "usually 6 copies" in row["reason"]
    # Never a card only private, unlisted or not-shared decks play, however alike they are.
    assert card_id(HIDDEN_CARD) not in adds


def test_suggestions_are_read_as_the_deck_is_read(world):
    url = f"/api/v1/decks/{world['mine'].id}/suggestions/"
    assert login(world["bob"]).get(url).status_code == 404
    assert Client().get(url).status_code == 404
    public = world["shared"][1]
    assert Client().get(f"/api/v1/decks/{public.id}/suggestions/").status_code == 200


@pytest.mark.parametrize("query", ["as_of=yesterday", "limit=0", "limit=51", "limit=x"])
def test_bad_suggestion_parameters_are_400(world, query):
    answer = login(world["alice"]).get(f"/api/v1/decks/{world['mine'].id}/suggestions/?{query}")
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid"


def a_card_impact(deck, rows, *, version=None, games=50):
    """A finished card impact job of the deck (its report's cards as a worker leaves them)."""
    from django.utils import timezone

    from simulations.models import Simulation

    cards = [
        {
            "id": card_id(name),
            "name": name,
            "copies": 1,
            "kind": "library",
            "modelled": modelled,
            "vp_delta": delta,
            "vp_delta_ci95": ci,
            "win_delta": 0.0,
            "win_delta_ci95": [0.0, 0.0],
        }
        for name, delta, ci, modelled in rows
    ]
    return Simulation.objects.create(
        kind="impact",
        status="done",
        deck=deck,
        deck_version=version or deck.version,
        deck_name=deck.name,
        parameters={"games": games, "players": 5, "cards": len(cards)},
        plan={},
        seed=1,
        units=games * 3,
        units_done=games * 3,
        chunks_total=1,
        chunks_done=1,
        finished_at=timezone.now(),
        result={"cards": cards, "games": games, "seed": 1, "players": 5},
    )


def test_the_cuts_come_from_the_latest_card_impact_of_this_version_of_the_deck(world):
    mine = world["mine"]
    url = f"/api/v1/decks/{mine.id}/suggestions/"
    before = login(world["alice"]).get(url).json()
    assert before["impact_job"] is None and all(row["vp_delta"] is None for row in before["cut"])
    a_card_impact(mine, [("Govern the Unaligned", -0.3, [-0.5, -0.1], True)], games=20)  # older
    job = a_card_impact(
        mine,
        [
            ("Tupdog", 0.4, [0.2, 0.6], True),
            ("Govern the Unaligned", 0.05, [-0.1, 0.2], True),
            ("Dive Bomb", -0.02, [-0.1, 0.06], False),
        ],
    )
    body = login(world["alice"]).get(url).json()
    assert body["impact_job"] == job.id
    assert [row["name"] for row in body["cut"]] == ["Govern the Unaligned"]  # Tupdog brings VP, Dive Bomb unmodelled
    cut = body["cut"][0]
    assert (cut["score"], cut["vp_delta"], cut["vp_delta_ci95"], cut["in_deck"]) == (-0.05, 0.05, [-0.1, 0.2], 40)
    assert cut["reason"] == "brought no VP that 50 simulated games could see: +0.05 VP a game, 95 % [−0.10, +0.20]"
    panel = login(world["alice"]).get(f"/decks/{mine.id}/suggestions").content.decode()
    assert 'id="cuts-from-impact"' in panel and f'href="/simulations/{job.id}/"' in panel
    assert "brought no VP that 50 simulated games could see" in panel
    # Below 0: the reason says the deck did better without it.
    a_card_impact(mine, [("Dive Bomb", -0.3, [-0.5, -0.1], True)], games=1)
    reason = login(world["alice"]).get(url).json()["cut"][0]["reason"]
    assert reason == "the deck did better with it blanked in 1 simulated game: −0.30 VP a game, 95 % [−0.50, −0.10]"
    # Another version of the deck is another deck: the similar decks' cuts again.
    deck_services.update_details(mine, version=mine.version, name="mine, edited")
    after = login(world["alice"]).get(url).json()
    assert after["impact_job"] is None and after["cut"] == before["cut"]


def test_the_editor_panel_lists_the_suggestions_for_the_owner_only(world):
    url = f"/decks/{world['mine'].id}/suggestions"
    page = login(world["alice"]).get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="suggestions-panel"' in html and SHARED_CARD in html
    assert f'name="card" value="{card_id(SHARED_CARD)}"' in html  # its Add button: the editor's own change form
    assert login(world["bob"]).get(url).status_code == 404
    editor = login(world["alice"]).get(f"/decks/{world['mine'].id}/edit").content.decode()
    assert 'id="suggestions-panel"' in editor  # rendered with the page: it works without the script


def test_deck_searches_by_similarity_rank_every_deck_the_reader_may_read_and_no_private_deck_of_others(world):
    # Sharing with suggestions is about other players' suggestions: a search ranks every deck it matched.
    answer = login(world["alice"]).get(f"/api/v1/decks/?similar={world['mine'].id}")
    assert answer.status_code == 200
    body = answer.json()
    public_not_shared = world["hidden"][2]
    assert {row["id"] for row in body["results"]} == {deck.id for deck in world["shared"]} | {public_not_shared.id}
    assert body["count"] == len(body["results"])  # the decks ranked
    assert all(0 < row["similarity"] <= 1 for row in body["results"])
    # Bob's private and unlisted decks are alike too, and never ranked for Alice; nor is the deck asked about.
    assert not {deck.id for deck in world["hidden"][:2]} & {row["id"] for row in body["results"]}
    # Her own decks, shared or not, with mine=true; Bob's private ones are his to rank.
    other = deck_services.create(
        world["alice"], deck_services.parse_text(SHARED_DECK), name="mine too", visibility="private"
    )
    own = login(world["alice"]).get(f"/api/v1/decks/?mine=true&similar={world['mine'].id}").json()
    assert [row["id"] for row in own["results"]] == [other.id]
    bobs = login(world["bob"]).get(f"/api/v1/decks/?mine=true&similar={world['shared'][0].id}").json()
    assert {row["id"] for row in bobs["results"]} >= {deck.id for deck in world["hidden"]}
    # Bob may not name Alice's private deck: the same 404 as for no deck at all.
    assert login(world["bob"]).get(f"/api/v1/decks/?similar={world['mine'].id}").status_code == 404
    assert login(world["bob"]).get("/api/v1/decks/?similar=nosuchdeck").status_code == 404
    page = login(world["alice"]).get(f"/decks/?similar={world['mine'].id}").content.decode()
    assert "shared 0" in page and public_not_shared.name in page
    assert "hidden private" not in page and "hidden unlisted" not in page and "mine too" not in page


def test_a_deck_search_by_similarity_checks_at_most_the_most_similar_public_decks(world, monkeypatch):
    url = f"/api/v1/decks/?similar={world['shared'][0].id}"
    ranked = [row["id"] for row in Client().get(url).json()["results"]]
    # Its twins first (ties by id), then the public deck playing another card; never the deck asked about.
    twins = sorted(deck.id for deck in world["shared"][1:])
    assert ranked == [*twins, world["hidden"][2].id]
    assert [row["id"] for row in Client().get(url + "&q=hidden").json()["results"]] == [world["hidden"][2].id]
    monkeypatch.setattr(services, "RANK_CAP", 2)
    capped = Client().get(url).json()
    assert [row["id"] for row in capped["results"]] == twins[:2] and capped["count"] == 2
    # A filter matching only a deck past the cap finds none: the search checks no further.
    assert Client().get(url + "&q=hidden").json()["results"] == []


def test_an_edit_of_a_shared_deck_is_read_alone_not_the_whole_pool(world):
    services.pool()
    before = dict(services.stats)
    deck = world["shared"][1]
    deck_services.replace_cards(deck, deck_services.parse_text(HIDDEN_DECK), version=deck.version)
    current = services.pool()
    assert services.stats["public_decks_read"] - before["public_decks_read"] == 1  # that deck's cards only
    assert services.stats["archive_builds"] == before["archive_builds"]
    crypt, library = current.public.cards(current.public.row(services.SHARED + deck.id))
    assert card_id(HIDDEN_CARD) in library and card_id(SHARED_CARD) not in library
    others = current.public.cards(current.public.row(services.SHARED + world["shared"][0].id))
    assert card_id(SHARED_CARD) in others[1]  # the decks not read keep their cards
    # A deck leaving the set is dropped without reading any.
    deck_services.update_details(world["shared"][2], version=world["shared"][2].version, visibility="unlisted")
    assert services.SHARED + world["shared"][2].id not in services.pool().public.keys
    assert services.stats["public_decks_read"] - before["public_decks_read"] == 1
    assert services.pool() is services.pool()  # nothing changed: no build


def test_the_archive_by_similarity_is_ordered_and_carries_the_similarity(world, archive_ids):
    if len(archive_ids) < 2:
        pytest.skip("the tournament archive is not there")
    answer = Client().get(f"/api/v1/twda/?similar={archive_ids[0]}")
    assert answer.status_code == 200
    results = answer.json()["results"]
    assert archive_ids[0] not in [row["id"] for row in results]  # the deck itself is left out
    similarities = [row["similarity"] for row in results]
    assert similarities == sorted(similarities, reverse=True) and all(0 < s <= 1 for s in similarities)
    # ``count`` is the decks ranked (the most similar, at most SEARCH_LIMIT), not all the filters matched.
    assert len(results) <= answer.json()["count"] <= services.SEARCH_LIMIT
    assert login(world["alice"]).get(f"/api/v1/twda/?similar={world['mine'].id}").status_code == 200
    assert login(world["bob"]).get(f"/api/v1/twda/?similar={world['mine'].id}").status_code == 404
    assert Client().get(f"/twda/?similar={world['mine'].id}").status_code == 404
    page = Client().get(f"/twda/?similar={archive_ids[0]}")
    assert page.status_code == 200 and "%</span>" in page.content.decode()


def test_deck_pages_show_similar_winning_decks_and_a_diff_with_the_nearest(world, archive_ids):
    if not archive_ids:
        pytest.skip("the tournament archive is not there")
    page = Client().get(f"/twda/{archive_ids[0]}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="similar-decks"' in html and "Core cards" in html
    other = next(i for i in archive_ids[1:] if f'data-deck-id="{i}"' in html)
    diff = Client().get(f"/twda/{archive_ids[0]}/diff/{other}/")
    assert diff.status_code == 200 and 'id="diff-counts"' in diff.content.decode()
    mine = login(world["alice"]).get(f"/decks/{world['mine'].id}/diff/{archive_ids[0]}/")
    assert mine.status_code == 200
    assert login(world["bob"]).get(f"/decks/{world['mine'].id}/diff/{archive_ids[0]}/").status_code == 404
    assert login(world["alice"]).get(f"/decks/{world['mine'].id}/diff/nosuchdeck/").status_code == 404
    assert 'id="similar-decks"' in login(world["alice"]).get(f"/decks/{world['mine'].id}/").content.decode()


def test_the_owner_shares_a_deck_with_suggestions_from_the_editor_and_stops(world):
    deck = world["shared"][2]
    url = f"/decks/{deck.id}/suggestions/share"
    assert login(world["alice"]).post(url, {"share": "0"}).status_code == 404  # not hers
    assert login(world["bob"]).post(url, {"share": "maybe"}).status_code == 400
    answer = login(world["bob"]).post(url, {"share": "0"})
    assert answer.status_code == 302 and answer["Location"] == f"/decks/{deck.id}/edit"
    assert services.SHARED + deck.id not in services.pool().shared_keys()
    login(world["bob"]).post(url, {"share": "1"})
    assert services.SHARED + deck.id in services.pool().shared_keys()
    # Alice's private deck, opted in, stays out of the pool until it is public.
    login(world["alice"]).post(f"/decks/{world['mine'].id}/suggestions/share", {"share": "1"})
    assert services.SHARED + world["mine"].id not in services.pool().shared_keys()


def test_the_api_shares_a_deck_with_suggestions(world):
    deck = world["shared"][3]
    client = login(world["bob"])
    url = f"/api/v1/decks/{deck.id}/"
    answer = client.patch(
        url, {"version": deck.version, "share_with_suggestions": False}, content_type="application/json"
    )
    assert answer.status_code == 200 and answer.json()["share_with_suggestions"] is False
    assert services.SHARED + deck.id not in services.pool().shared_keys()
    refused = login(world["alice"]).patch(
        url, {"version": answer.json()["version"], "share_with_suggestions": True}, content_type="application/json"
    )
    assert refused.status_code == 404  # not hers
    bad = client.patch(
        url, {"version": answer.json()["version"], "share_with_suggestions": "perhaps"}, content_type="application/json"
    )
    assert bad.status_code == 400 and "share_with_suggestions" in bad.json()["errors"]


def test_a_reimport_of_the_archive_rebuilds_its_index(world, archive_ids, tmp_path):
    if not archive_ids:
        pytest.skip("the tournament archive is not there")
    from tests.paths import TWDA
    from twda import services as twda_services

    before = services.pool().archive
    assert set(before.keys) == {services.ARCHIVE + i for i in archive_ids}
    extra = next(p for p in sorted(TWDA.iterdir()) if p.stem not in archive_ids)
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / extra.name).write_bytes(extra.read_bytes())
    twda_services.import_archive(str(tmp_path / "more"))
    after = services.pool().archive
    assert after is not before and services.ARCHIVE + extra.stem in after.keys
    assert services.pool().archive is after  # kept until the archive changes again


def test_while_one_request_rebuilds_the_pool_the_others_get_the_previous_one(world):
    import threading

    previous = services.pool()
    deck = world["shared"][1]
    deck_services.replace_cards(deck, deck_services.parse_text(HIDDEN_DECK), version=deck.version)
    held, done = threading.Event(), threading.Event()

    def another_request_building():
        with services._build_lock:
            held.set()
            done.wait(timeout=60)

    builder = threading.Thread(target=another_request_building)
    builder.start()
    try:
        assert held.wait(timeout=60)
        got = services.pool()
        assert services._build_lock.locked()  # it came back while the build was still under way
    finally:
        done.set()
        builder.join()
    assert got is previous
    assert services.pool() is not previous  # the next request builds the new version


def test_another_process_change_is_seen_after_the_recheck_interval_not_counted_at_each_request(
    world, django_assert_num_queries, monkeypatch
):
    """The public decks' version is an aggregate over all of them: asked at most once a RECHECK_SECONDS per
    process, so that a ?similar= search costs the same with 2,000 public decks as with 20. A change made by
    another process (here: a row changed behind the signals' back) is seen once the interval has passed."""
    clock = [1000.0]
    monkeypatch.setattr(services.time, "monotonic", lambda: clock[0])
    current = services.pool()
    with django_assert_num_queries(1):  # the archive's version only
        assert services.pool() is current
    deck = world["shared"][3]
    Deck.objects.filter(pk=deck.pk).update(visibility="private")  # as another process's save looks from here
    assert services.pool() is current  # within the interval: the index as it was
    clock[0] += services.RECHECK_SECONDS
    assert services.SHARED + deck.id not in services.pool().public.keys


def test_a_deck_saved_in_this_process_is_seen_at_the_next_request(world):
    services.pool()
    deck = world["shared"][2]
    deck_services.update_details(deck, version=deck.version, visibility="unlisted")
    assert services.SHARED + deck.id not in services.pool().public.keys
