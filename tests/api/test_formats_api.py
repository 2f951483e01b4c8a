"""Formats over the API: every ``ruleset`` value DESIGN.md names (`vekn`, `v5`, `duel`, `rulebook-2011`)
and a saved custom format's id, wherever a ruleset is taken (validating a decklist, a deck's own format,
the "fits format" filters); /api/v1/formats/ for saving custom formats, read by anyone holding the id and
changed by its owner alone. An unknown value is a 400 listing the known ones, never a 500.
"""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from cards import index
from decks import services as deck_services
from decks.models import Deck
from twda.models import TournamentDeck
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.validate import card_in_format, validate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles", "unthrottled")]

PASSWORD = "not-a-real-password-42"
FORMATS = "/api/v1/formats/"
VALIDATE = "/api/v1/decklists/validate"
DECKS = "/api/v1/decks/"
# Fifth Edition cards only (Villein, Blood Doll and Deflection are all printed in V5), 40 library cards.
V5_DUEL = "Crypt (12 cards)\n12x {vampire}\nLibrary (40 cards)\n20x Blood Doll\n20x Deflection\n"


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def bob():
    return get_user_model().objects.create_user("bob", password=PASSWORD)


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def send(client, method: str, url: str, body=None):
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


def answer(response, status=200):
    assert response.status_code == status, response.content.decode()[:2000]
    return response.json() if response.content else None


def v5_vampire() -> str:
    return next(
        c.unique_name for c in index.get() if c.is_crypt and c.group == "6" and "V5" in {p.set for p in c.printings}
    )


def decklist(library_extra: str = "") -> str:
    return V5_DUEL.format(vampire=v5_vampire()) + library_extra


def codes(report) -> list[str]:
    return [error["code"] for error in report["errors"]]


# --- validate: every built-in value --------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, expected",
    [
        ("vekn", ["LIBRARY_TOO_SMALL"]),  # 40 library cards: under the VEKN 60
        ("v5", ["LIBRARY_TOO_SMALL"]),  # the same sizes, on the V5 pool
        ("duel", []),  # 40-60 for two players
        ("rulebook-2011", []),  # 40 + 10 per player
    ],
)
def test_validate_takes_each_built_in_ruleset(ruleset, expected):
    report = answer(send(client_for(), "post", VALIDATE, {"text": decklist(), "ruleset": ruleset}))
    assert report["ruleset"] == ruleset
    assert codes(report) == expected


def test_v5_refuses_a_card_outside_its_pool_with_its_rule():
    report = answer(send(client_for(), "post", VALIDATE, {"text": decklist("1x Dive Bomb\n"), "ruleset": "v5"}))
    (outside,) = [e for e in report["errors"] if e["code"] == "NOT_IN_FORMAT"]
    assert outside["cards"] == [index.get().lookup("Dive Bomb").id]
    assert "6.4" in outside["rule"]


def test_an_unknown_ruleset_is_a_400_listing_the_known_ones():
    response = send(client_for(), "post", VALIDATE, {"text": decklist(), "ruleset": "fzzzzzzzzzzzzzzz"})
    body = answer(response, 400)
    (message,) = body["errors"]["ruleset"]
    assert "vekn, rulebook-2011, v5, duel" in message and "custom format" in message


# --- custom formats: save, share by id, validate with it ------------------------------------------


def custom_duel(client, **settings):
    body = {"name": "Kitchen-table V5 duel", "library_min": 40, "library_max": 60, "allowed_sets": ["V5"], **settings}
    return answer(send(client, "post", FORMATS, body), 201)


def test_a_saved_format_is_a_ruleset_anyone_with_its_id_can_use(alice, bob):
    saved = custom_duel(client_for(alice))
    assert saved["owner"] == "alice" and saved["allowed_sets"] == ["V5"] and len(saved["id"]) == 16
    # Bob got the link: he reads the format and checks a deck with it; so does an anonymous client.
    assert answer(client_for(bob).get(f"{FORMATS}{saved['id']}/"))["name"] == "Kitchen-table V5 duel"
    report = answer(send(client_for(), "post", VALIDATE, {"text": decklist(), "ruleset": saved["id"]}))
    assert report["ruleset"] == saved["id"] and report["legal"], report["errors"]
    report = answer(send(client_for(), "post", VALIDATE, {"text": decklist("1x Dive Bomb\n"), "ruleset": saved["id"]}))
    assert codes(report) == ["NOT_IN_FORMAT"]


def test_only_its_owner_changes_or_deletes_a_format(alice, bob):
    saved = custom_duel(client_for(alice))
    url = f"{FORMATS}{saved['id']}/"
    assert send(client_for(bob), "patch", url, {"name": "Mine now"}).status_code == 403
    assert client_for(bob).delete(url).status_code == 403
    assert send(client_for(), "patch", url, {"name": "Anyone"}).status_code in (401, 403)
    changed = answer(send(client_for(alice), "patch", url, {"library_max": 70}))
    assert (changed["name"], changed["library_max"], changed["allowed_sets"]) == ("Kitchen-table V5 duel", 70, ["V5"])
    assert client_for(alice).delete(url).status_code == 204
    assert client_for(bob).get(url).status_code == 404
    assert answer(send(client_for(), "post", VALIDATE, {"text": decklist(), "ruleset": saved["id"]}), 400)


def test_the_list_shows_my_formats_only(alice, bob):
    custom_duel(client_for(alice))
    custom_duel(client_for(bob), name="Bob's")
    assert [f["name"] for f in answer(client_for(alice).get(FORMATS))["results"]] == ["Kitchen-table V5 duel"]
    assert client_for().get(FORMATS).status_code in (401, 403)


@pytest.mark.parametrize(
    "body, field",
    [
        ({"name": "x", "crypt_min": 12, "crypt_max": 10}, "crypt_max"),
        ({"name": "x", "allowed_cards": [1]}, "allowed_cards"),
        ({"name": "x", "banned_cards": ["many"]}, "banned_cards"),
        ({"name": "x", "allowed_sets": ["V6"]}, "allowed_sets"),
        ({"name": "x", "library_min": -1}, "library_min"),
        ({"crypt_min": 12}, "name"),
        ({"name": "x", "allowed_cards": ["²"]}, "allowed_cards"),  # a digit to str.isdigit(), not to int()
        ({"name": "x", "banned_cards": ["1" * 5000]}, "banned_cards"),  # more digits than int() reads
        ({"name": "x", "banned_cards": [int("9" * 4000)]}, "banned_cards"),
    ],
)
def test_bad_settings_are_a_400_naming_the_field(alice, body, field):
    bad = answer(send(client_for(alice), "post", FORMATS, body), 400)["errors"]
    assert any(key.split("[")[0] == field for key in bad), bad


def test_a_body_that_is_no_object_is_a_400(alice):
    saved = custom_duel(client_for(alice))
    assert send(client_for(alice), "patch", f"{FORMATS}{saved['id']}/", [1, 2]).status_code == 400
    assert send(client_for(alice), "post", FORMATS, [1, 2]).status_code == 400


def test_a_built_in_format_reads_by_its_name():
    v5 = answer(client_for().get(f"{FORMATS}v5/"))
    assert v5["id"] == "v5" and "V5" in v5["allowed_sets"] and v5["library_min"] == 60
    duel = answer(client_for().get(f"{FORMATS}duel/"))
    assert (duel["library_min"], duel["library_max"], duel["bans"]) == (40, 60, True)


# --- a deck's format ------------------------------------------------------------------------------


def test_a_deck_is_judged_by_its_own_format(alice):
    client = client_for(alice)
    deck = answer(send(client, "post", DECKS, {"text": decklist(), "ruleset": "duel", "visibility": "public"}), 201)
    assert (deck["ruleset"], deck["legal"], deck["report"]["ruleset"]) == ("duel", True, "duel")
    changed = answer(send(client, "patch", f"{DECKS}{deck['id']}/", {"ruleset": "vekn", "version": deck["version"]}))
    assert (changed["ruleset"], changed["legal"], codes(changed["report"])) == ("vekn", False, ["LIBRARY_TOO_SMALL"])
    assert Deck.objects.get(pk=deck["id"]).legal is False  # the stored badge follows


def test_decks_of_a_format_are_judged_again_when_it_changes_and_play_vekn_when_it_goes(alice):
    client = client_for(alice)
    saved = custom_duel(client)
    deck = answer(send(client, "post", DECKS, {"text": decklist(), "ruleset": saved["id"]}), 201)
    assert deck["legal"]

    def listed():  # the deck as the list shows it (its stored badge, judged again if stale)
        return {d["id"]: (d["ruleset"], d["legal"]) for d in answer(client.get(f"{DECKS}?mine=true"))["results"]}

    answer(send(client, "patch", f"{FORMATS}{saved['id']}/", {"library_min": 60, "library_max": 90}))
    assert listed()[deck["id"]] == (saved["id"], False)
    assert Deck.objects.values_list("format", "legal").get(pk=deck["id"]) == (saved["id"], False)
    answer(send(client, "patch", f"{FORMATS}{saved['id']}/", {"library_min": 40, "library_max": 60}))
    shown = answer(client.get(f"{DECKS}{deck['id']}/"))
    assert (shown["ruleset"], shown["legal"], shown["report"]["legal"]) == (saved["id"], True, True)
    assert client.delete(f"{FORMATS}{saved['id']}/").status_code == 204
    shown = answer(client.get(f"{DECKS}{deck['id']}/"))
    assert (shown["ruleset"], shown["legal"], shown["report"]["ruleset"]) == ("vekn", False, "vekn")  # 40 cards
    assert listed()[deck["id"]] == ("vekn", False)
    assert Deck.objects.values_list("format", "legal").get(pk=deck["id"]) == ("vekn", False)


def test_a_deck_takes_a_custom_format_and_refuses_an_unknown_one(alice):
    client = client_for(alice)
    saved = custom_duel(client)
    deck = answer(send(client, "post", DECKS, {"text": decklist(), "ruleset": saved["id"]}), 201)
    assert deck["ruleset"] == saved["id"] and deck["legal"]
    refused = answer(send(client, "post", DECKS, {"text": decklist(), "ruleset": "modern"}), 400)
    assert "known rule sets" in refused["errors"]["ruleset"][0]


# --- "fits format" ----------------------------------------------------------------------------------


def public_deck(owner, name: str, text: str):
    return deck_services.create(owner, deck_services.parse_text(text), name=name, visibility="public")


def fitting(ruleset: str) -> set[str]:
    return {d["name"] for d in answer(client_for().get(DECKS, {"fits": ruleset}))["results"]}


def test_public_decks_filter_by_the_format_they_fit(alice):
    """A player's deck fits a format when its cards are in the format's pool and it keeps the format's
    sizes and group rule, whatever the format: the deck is meant to be played there."""
    vampire, anson = v5_vampire(), "Anson"  # a group-6 V5 vampire; a group-1 vampire of Jyhad
    public_deck(alice, "V5 duel", decklist())  # 40 library cards of V5
    public_deck(alice, "Older duel", decklist("1x Dive Bomb\n"))  # 41, one from Heirs to the Blood
    public_deck(alice, "V5 tournament", f"Crypt\n12x {vampire}\nLibrary\n30x Blood Doll\n30x Deflection\n")
    public_deck(alice, "V5 90 cards", f"Crypt\n12x {vampire}\nLibrary\n45x Blood Doll\n45x Deflection\n")
    public_deck(
        alice, "V5 groups 1 and 6", f"Crypt\n6x {vampire}\n6x {anson}\nLibrary\n30x Blood Doll\n30x Deflection\n"
    )
    # V5: the pool, the VEKN sizes and the group rule; the spread crypt breaks the group rule.
    assert fitting("v5") == {"V5 tournament", "V5 90 cards"}
    assert fitting("vekn") == {"V5 tournament", "V5 90 cards"}
    # Duel: 40 to 60 library cards, so the 90-card deck is none.
    assert fitting("duel") == {"V5 duel", "Older duel", "V5 tournament"}
    # A custom format's own sizes: 40 to 60, V5 cards only.
    league = custom_duel(client_for(alice))
    assert fitting(league["id"]) == {"V5 duel", "V5 tournament"}
    assert "ruleset" not in answer(client_for().get(DECKS, {"fits": "nope"}), 400)["errors"]
    assert "fits" in answer(client_for().get(DECKS, {"fits": "nope"}), 400)["errors"]


ARCHIVE_HEADER = """Test Open {n}
Barcelona, Spain
December 19th 2021
2R+F
35 players
Somebody
https://www.vekn.net/event-calendar/event/{n}

Deck Name: Test {n}

"""


@pytest.fixture
def made_up_archive(db, tmp_path, archive_ids) -> list[str]:
    """The archive's sample decks (when it is present) and three of ours: Fifth Edition cards only; a
    banned card; a crypt spanning groups 1 and 4."""
    from twda import services

    decks = {
        "90001": f"Crypt (12 cards)\n12x {v5_vampire()}\nLibrary (60 cards)\n30x Blood Doll\n30x Deflection\n",
        "90002": "Crypt (12 cards)\n12x Anson\nLibrary (60 cards)\n59x Blood Doll\n1x Lilith's Blessing\n",
        "90003": "Crypt (12 cards)\n6x Anson\n6x Lucian, The Perfect\nLibrary (60 cards)\n60x Blood Doll\n",
    }
    folder = tmp_path / "made-up"
    folder.mkdir()
    for n, cards in decks.items():
        (folder / f"{n}.txt").write_text(ARCHIVE_HEADER.format(n=n) + cards, encoding="utf-8")
    services.import_archive(str(folder))
    return [*archive_ids, *decks]


def test_archive_decks_fit_a_format_of_vekn_sizes_as_a_tournament_deck_and_others_by_their_cards(made_up_archive):
    cards = index.get()
    today = datetime.date.today()
    decks = {d.id: CoreDeck.from_dict(d.deck) for d in TournamentDeck.objects.filter(id__in=made_up_archive)}
    assert set(decks) == set(made_up_archive)
    fitting = {}
    for ruleset in ("vekn", "v5", "duel", "rulebook-2011"):
        found = {d["id"] for d in answer(client_for().get("/api/v1/twda/", {"fits": ruleset}))["results"]}
        expected = {
            deck_id
            for deck_id, deck in decks.items()
            if all(card_in_format(ruleset, i, cards, today) for part in (deck.crypt, deck.library) for i in part)
            # The VEKN sizes: the archive decks are asked them (and the group rule) as a tournament would.
            and (ruleset not in ("vekn", "v5") or validate(deck, cards, ruleset=ruleset, as_of=today).legal)
        }
        assert found == expected, ruleset
        fitting[ruleset] = found & {"90001", "90002", "90003"}
    # What the definition says of our three decks: the banned card fits only the 2011 rulebook (no banned
    # list), the group spread keeps a deck out of vekn alone (its pool is fine), V5 cards fit everything.
    assert fitting == {
        "vekn": {"90001"},
        "v5": {"90001"},
        "duel": {"90001", "90003"},
        "rulebook-2011": {"90001", "90002", "90003"},
    }
    assert answer(client_for().get("/api/v1/twda/", {"fits": "nope"}), 400)


def test_an_archive_deck_fits_a_custom_format_of_vekn_sizes_as_a_tournament_deck(made_up_archive, alice):
    """Any card, VEKN sizes (12+, 60-90), the group rule: the deck whose crypt spans groups 1 and 4 is out.
    Any card, 40 to 60 library cards: winning decks were never built to those sizes, so only their cards are
    asked, and the spread crypt is in."""
    client = client_for(alice)
    tournament = custom_duel(client, name="Open", library_min=60, library_max=90, allowed_sets=None)
    league = custom_duel(client, name="League", allowed_sets=None)

    def ours(ruleset: str) -> set[str]:
        found = {d["id"] for d in answer(client_for().get("/api/v1/twda/", {"fits": ruleset}))["results"]}
        return found & {"90001", "90002", "90003"}

    assert ours(tournament["id"]) == {"90001"}  # 90002 plays a banned card, 90003 breaks the group rule
    assert ours(league["id"]) == {"90001", "90003"}
