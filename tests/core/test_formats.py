"""The formats beyond standard VEKN play: V5 (tournament rules §6.4: the Fifth Edition-era card pool,
kept as versioned data and checked against the official card list), duel (two players, casual: the
2011 rulebook's sizes for a table of two) and the one question every filter asks, "is this card in this
format on this day" (``card_in_format``), which must agree with the validator's own card-pool checks.
"""

from __future__ import annotations

import copy
import csv
import datetime
import io
import random

import pytest

from vtesdeck.core import carddb, formats
from vtesdeck.core.deck import Deck
from vtesdeck.core.validate import RULESETS, card_in_format, out_of_format, validate

TODAY = datetime.date(2026, 1, 15)
POOL_CODES = {"UNKNOWN_CARD", "BANNED_CARD", "NOT_YET_LEGAL", "NOT_IN_FORMAT"}


@pytest.fixture(scope="module")
def card_list(bundled_files) -> carddb.CardList:
    return carddb.parse(bundled_files)


def card(cards, name):
    found = cards.lookup(name)
    assert found is not None, name
    return found


def build(cards, crypt=(), library=()) -> Deck:
    deck = Deck()
    for name, n in (*crypt, *library):
        deck.add(card(cards, name), n)
    return deck


def sets_of(c) -> set[str]:
    return {p.set for p in c.printings}


# --- V5: the pool data, checked against the official card list ----------------------------------


def test_the_v5_data_holds_against_the_official_card_list(card_list):
    assert formats.check_pool(formats.v5_data(), card_list.sets, card_list.cards) == []


def test_every_v5_entry_names_its_source_and_the_data_its_version():
    data = formats.v5_data()
    assert data["version"] and data["rule"]["source"]
    assert all(entry["source"] for entry in [*data["sets"], *data["promos"]])


@pytest.mark.parametrize(
    "damage, problem",
    [
        (lambda d: d["sets"].append({"abbrev": "V6", "name": "Sixth Edition", "source": "x"}), "not in vtessets.csv"),
        (lambda d: d["sets"][0].update(name="Fourth Edition"), "in vtessets.csv, not"),
        (
            lambda d: d["promos"].append({"id": 100199, "name": "Blood Doll", "source": "x", "note": ""}),
            "is not printed as a promo",
        ),
        (
            lambda d: d["promos"].append({"id": 999999, "name": "Nobody", "source": "x", "note": ""}),
            "is not in the card list",
        ),
        (lambda d: d["promos"].append(dict(d["promos"][0])), "listed twice"),
        (lambda d: d["promos"][0].update(source=""), "gives no source"),
        # Anarch Convert (2008) is in the pool by its 2021 promo only: the anchors differ, a note must say so.
        (lambda d: next(p for p in d["promos"] if p["id"] == 200076).update(note=""), "needs a note"),
        # A promo of 2002 only is no V5-era promo.
        (
            lambda d: (
                d["promos"].append({"id": 101192, "name": "Meddling of Semsith, The", "source": "x", "note": "x"})
                or d.update(promos_from="2024-12-01")
            ),
            "no promo printing",
        ),
        # Hesha Ruhadze is in Fifth Edition (Anarch): listing her as a promo too is a mistake of the data.
        (
            lambda d: d["promos"].append({"id": 201591, "name": "Hesha Ruhadze", "source": "x", "note": ""}),
            "already in the pool",
        ),
    ],
)
def test_a_bad_v5_entry_is_caught(card_list, damage, problem):
    data = copy.deepcopy(formats.v5_data())
    damage(data)
    problems = formats.check_pool(data, card_list.sets, card_list.cards)
    assert any(problem in p for p in problems), problems


def test_a_v5_deck_of_fifth_edition_cards_is_legal_and_an_older_card_is_not(cards):
    v5_vampires = [c for c in cards if c.is_crypt and c.group == "6" and "V5" in sets_of(c)][:6]
    deck = Deck()
    for vampire in v5_vampires:
        deck.add(vampire, 2)
    deck.add(card(cards, "Blood Doll"), 30)
    deck.add(card(cards, "Deflection"), 30)
    assert validate(deck, cards, ruleset="v5", as_of=TODAY).legal

    deck.add(card(cards, "Dive Bomb"), 1)  # printed in Heirs to the Blood (2010) alone
    report = validate(deck, cards, ruleset="v5", as_of=TODAY)
    assert [e.code for e in report.errors] == ["NOT_IN_FORMAT"]
    assert report.errors[0].cards == (card(cards, "Dive Bomb").id,)
    assert report.errors[0].rule == "VEKN tournament rules, 6.4 V5 Format"
    # The same deck is a legal VEKN deck: V5 only narrows the pool.
    assert validate(deck, cards, ruleset="vekn", as_of=TODAY).legal


def test_a_v5_promo_is_in_the_pool_and_the_standard_sizes_apply(cards):
    ashlesha = card(cards, "Ashlesha")  # printed only as the 2021 Kickstarter promo
    assert sets_of(ashlesha) <= {p for p in sets_of(ashlesha) if p.startswith("Promo")}
    assert card_in_format("v5", ashlesha.id, cards, TODAY)
    deck = build(cards, [("Ashlesha", 12)], [("Blood Doll", 59)])
    assert [e.code for e in validate(deck, cards, ruleset="v5", as_of=TODAY).errors] == ["LIBRARY_TOO_SMALL"]


# --- V5: a card joins the pool when its V5-era printing does ----------------------------------------


def v5_days_by_the_csvs(files) -> dict[int, datetime.date]:
    """Card id → first day it is in the V5 pool, read straight from the official CSVs and ``v5.json``:
    the release day of each printing (vtessets.csv; a promo's from its Set entry), the printings in a V5
    set or, for a listed promo, its promo printings from ``promos_from`` on, each legal 30 days after its
    release or from the day VEKN made its set legal (SV5, NB3, V5A)."""
    data = formats.v5_data()
    v5_sets = {entry["abbrev"] for entry in data["sets"]}
    promos = {entry["id"] for entry in data["promos"]}
    promos_from = datetime.date.fromisoformat(data["promos_from"])
    early = {"V5A": datetime.date(2021, 12, 1), "NB3": datetime.date(2025, 5, 31), "SV5": datetime.date(2025, 10, 26)}
    released = {
        row["Abbrev"]: datetime.datetime.strptime(row["Release Date"], "%Y%m%d").date()
        for row in csv.DictReader(io.StringIO(files["vtessets.csv"].decode("utf-8-sig")))
    }
    days = {}
    for name in ("vtescrypt.csv", "vteslib.csv"):
        for row in csv.DictReader(io.StringIO(files[name].decode("utf-8-sig"))):
            card_id, found = int(row["Id"]), []
            for entry in filter(None, (part.strip() for part in row["Set"].split(","))):
                abbrev, _, code = entry.partition(":")
                if abbrev.startswith("Promo"):
                    day = datetime.datetime.strptime((abbrev[6:] or code)[:8], "%Y%m%d").date()
                    if card_id in promos and day >= promos_from:
                        found.append(day + datetime.timedelta(days=30))
                elif abbrev in v5_sets:
                    legal = released[abbrev] + datetime.timedelta(days=30)
                    found.append(min(legal, early.get(abbrev, legal)))
            if found:
                days[card_id] = min(found)
    return days


def test_a_reprint_in_a_v5_era_product_brings_an_old_card_in_only_once_it_is_legal(cards):
    awe, abbot, orgy = (card(cards, name) for name in ("Awe", "Abbot", "Orgy of Blood"))
    # Awe (Sabbat, 1996) is reprinted in the 30th Anniversary set, released 2024-07-20.
    assert not card_in_format("v5", awe.id, cards, datetime.date(2023, 6, 1))
    assert not card_in_format("v5", awe.id, cards, datetime.date(2024, 8, 18))
    assert card_in_format("v5", awe.id, cards, datetime.date(2024, 8, 19))
    # Abbot (Third Edition, 2006) is reprinted in Sabbat V5, legal from 2025-10-26.
    assert not card_in_format("v5", abbot.id, cards, datetime.date(2025, 10, 25))
    assert card_in_format("v5", abbot.id, cards, datetime.date(2025, 10, 26))
    # Orgy of Blood (Sabbat, 1996) is in the pool through its 2026-01-01 promo alone.
    assert not card_in_format("v5", orgy.id, cards, datetime.date(2023, 6, 1))
    assert card_in_format("v5", orgy.id, cards, datetime.date(2026, 1, 31))
    # The validator says the same of a deck played before the reprint: the card is outside the pool.
    deck = build(cards, [], [("Awe", 1)])
    early = validate(deck, cards, ruleset="v5", as_of=datetime.date(2023, 6, 1))
    assert [(e.code, e.cards) for e in early.errors if e.code in POOL_CODES] == [("NOT_IN_FORMAT", (awe.id,))]
    assert not {e.code for e in validate(deck, cards, ruleset="v5", as_of=TODAY).errors} & POOL_CODES
    # The printings keep their dates through the database (``Card.to_dict`` / ``from_dict``).
    assert carddb.CardIndex([type(awe).from_dict(awe.to_dict())])[awe.id].printings == awe.printings


@pytest.mark.parametrize("day", ["2020-12-15", "2022-01-01", "2023-06-01", "2024-08-01", "2025-11-01", "2026-01-15"])
def test_the_v5_pool_on_a_day_is_what_the_card_list_dates_say(cards, bundled_files, day):
    day = datetime.date.fromisoformat(day)
    expected = {card_id for card_id, since in v5_days_by_the_csvs(bundled_files).items() if since <= day}
    banned = {c.id for c in cards if c.banned}
    found = {c.id for c in cards if card_in_format("v5", c.id, cards, day)}
    assert found == expected - banned


# --- duel: two players, casual -----------------------------------------------------------------


@pytest.mark.parametrize(
    "library, error", [(39, "LIBRARY_TOO_SMALL"), (40, None), (60, None), (61, "LIBRARY_TOO_LARGE")]
)
def test_a_duel_library_holds_40_to_60_cards_as_the_2011_rulebook_gives_for_two(cards, library, error):
    deck = build(cards, [("Anson", 12)], [("Blood Doll", library)])
    report = validate(deck, cards, ruleset="duel", as_of=TODAY)
    assert [e.code for e in report.errors] == ([error] if error else [])
    if error:
        assert report.errors[0].rule.startswith("German 2011 rulebook, 1.2 Required game materials")


def test_a_duel_crypt_needs_12_cards_one_group_window_and_no_banned_card(cards):
    assert [
        e.code
        for e in validate(
            build(cards, [("Anson", 11)], [("Blood Doll", 40)]), cards, ruleset="duel", as_of=TODAY
        ).errors
    ] == ["CRYPT_TOO_SMALL"]
    # Anson is group 1, Lucian group 4: no crypt spans them.
    spread = build(cards, [("Anson", 6), ("Lucian, The Perfect", 6)], [("Blood Doll", 40)])
    assert [e.code for e in validate(spread, cards, ruleset="duel", as_of=TODAY).errors] == ["CRYPT_GROUPS"]
    banned = build(cards, [("Anson", 12)], [("Blood Doll", 39), ("Lilith's Blessing", 1)])
    assert [e.code for e in validate(banned, cards, ruleset="duel", as_of=TODAY).errors] == ["BANNED_CARD"]


def test_duel_is_labelled_casual():
    assert "casual" in RULESETS["duel"].label.lower()


# --- card_in_format: the one question the filters ask ------------------------------------------


def test_a_card_banned_on_a_day_is_out_from_that_day(cards):
    blessing = card(cards, "Lilith's Blessing")  # banned from 2013-05-22
    assert card_in_format("vekn", blessing.id, cards, datetime.date(2013, 5, 21))
    assert not card_in_format("vekn", blessing.id, cards, datetime.date(2013, 5, 22))
    # The 2011 rulebook keeps no banned list.
    assert card_in_format("rulebook-2011", blessing.id, cards, datetime.date(2013, 5, 22))


def test_a_new_card_is_out_for_30_days_under_vekn_and_before_its_release_everywhere(cards):
    praxis = card(cards, "Praxis Seizure: York")  # promo of 2025-06-20, nothing else
    released = praxis.first_release
    assert not card_in_format("vekn", praxis.id, cards, released + datetime.timedelta(days=29))
    assert card_in_format("vekn", praxis.id, cards, released + datetime.timedelta(days=30))
    assert card_in_format("duel", praxis.id, cards, released)  # casual: no release delay
    assert not card_in_format("duel", praxis.id, cards, released - datetime.timedelta(days=1))


def test_an_unknown_card_or_ruleset(cards):
    assert not card_in_format("vekn", 1, cards, TODAY)
    with pytest.raises(ValueError, match="known rulesets"):
        card_in_format("nope", 100199, cards, TODAY)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_card_in_format_agrees_with_the_validators_card_pool_checks(cards, ruleset):
    """A card is in the format exactly when a deck holding it gets no card-pool error (on days when every
    card sampled is already printed, where the two definitions coincide)."""
    rng = random.Random(17)
    sample = rng.sample([c for c in cards if c.first_release and c.first_release < datetime.date(2012, 1, 1)], 300)
    sample += [
        card(cards, name)
        for name in ("Lilith's Blessing", "Ashlesha", "Dive Bomb", "Anarch Convert", "Awe", "Abbot", "Orgy of Blood")
    ]
    # Old cards reprinted in V5-era products, checked before and after the reprint.
    reprinted = [
        c
        for c in cards
        if c.first_release
        and c.first_release < datetime.date(2012, 1, 1)
        and sets_of(c) & (formats.v5_pool().sets | {"Promo-20260101"})
    ]
    sample += rng.sample(reprinted, 40)
    for day in (datetime.date(2013, 1, 1), datetime.date(2023, 6, 1), datetime.date(2025, 10, 1), TODAY):
        for c in sample:
            if c.first_release and c.first_release > day:
                continue
            deck = Deck()
            deck.add(c, 1)
            report = validate(deck, cards, ruleset=ruleset, as_of=day)
            pool_errors = {e.code for e in report.errors} & POOL_CODES
            assert card_in_format(ruleset, c.id, cards, day) == (not pool_errors), (ruleset, c.name, day)


def test_out_of_format_is_the_complement_of_card_in_format(cards):
    out = out_of_format("v5", cards, TODAY)
    assert 0 < len(out) < len(cards)
    for c in list(cards)[::50]:
        assert (c.id in out) == (not card_in_format("v5", c.id, cards, TODAY))
