"""Deck checks by the VEKN tournament rules §6.3 and the Judges' Guide §3.1: tables drawn at random, the
physical deck counted by type against its locked list, the list authoritative."""

from __future__ import annotations

import json
import random

import pytest

from vtesdeck.core.deck import Deck
from vtesdeck.core.events.deckcheck import (
    CARD_TYPES,
    CRYPT,
    GAME_LOSS,
    INFRACTION,
    PENALTIES,
    REMEDY,
    Difference,
    compare,
    expected_counts,
    finding,
    group,
    pick_tables,
)

CRYPT_CARDS = {"Anson": 3, "Tariq, The Silent": 3, "Gratiano": 2, "Lodin (Olaf Holte)": 2, "Ember Wright": 2}
LIBRARY_CARDS = {
    "Blood Doll": 6,
    "Villein": 4,
    "Pentex(TM) Subversion": 2,
    "Govern the Unaligned": 8,
    "Bum's Rush": 4,
    "Parity Shift": 4,
    "Kine Resources Contested": 2,
    "Ossian": 1,
    "Gregory Winter": 1,
    "Ghoul Retainer": 2,
    "Sport Bike": 2,
    "Conditioning": 6,
    "Swallowed by the Night": 2,  # Action Modifier/Combat
    "Deflection": 6,
    "Wake with Evening's Freshness": 2,
    "Immortal Grapple": 4,
    "Dodge": 4,
}


def deck_of(cards, crypt, library):
    return Deck(
        crypt={cards.lookup(name).id: n for name, n in crypt.items()},
        library={cards.lookup(name).id: n for name, n in library.items()},
    )


@pytest.fixture
def locked(cards):
    """A registered list: 12 crypt cards, 60 library cards."""
    return deck_of(cards, CRYPT_CARDS, LIBRARY_CARDS)


# --- which tables (§6.3: the judge checks decks at tables drawn at random) -----------------------------------


def test_tables_are_drawn_at_random_and_sorted():
    picked = pick_tables(8, random.Random(4), count=3)
    assert len(picked) == 3 == len(set(picked))
    assert picked == sorted(picked)
    assert all(1 <= table <= 8 for table in picked)


def test_every_table_may_be_checked():
    assert {table for seed in range(200) for table in pick_tables(5, random.Random(seed))} == {1, 2, 3, 4, 5}


def test_never_more_tables_than_the_round_has():
    assert pick_tables(2, random.Random(0), count=5) == [1, 2]
    assert pick_tables(0, random.Random(0)) == []
    assert pick_tables(6, random.Random(0), count=0) == []


def test_the_same_seed_picks_the_same_tables():
    assert pick_tables(12, random.Random(9), count=2) == pick_tables(12, random.Random(9), count=2)


def test_a_negative_draw_is_refused():
    with pytest.raises(ValueError):
        pick_tables(-1, random.Random(0))
    with pytest.raises(ValueError):
        pick_tables(4, random.Random(0), count=-1)


# --- the groups a judge counts by ----------------------------------------------------------------------------------


def test_the_crypt_is_counted_first_then_the_library_by_section():
    assert CARD_TYPES[0] == CRYPT
    for name in ("Master", "Action", "Political Action", "Ally", "Retainer", "Equipment", "Action Modifier"):
        assert name in CARD_TYPES
    for name in ("Reaction", "Combat", "Event", "Conviction", "Power", "Action Modifier/Combat"):
        assert name in CARD_TYPES
    assert CARD_TYPES.index("Master") < CARD_TYPES.index("Action") < CARD_TYPES.index("Combat")


def test_every_card_of_the_card_list_falls_in_a_group(cards):
    assert {group(card.id, cards) for card in cards} <= set(CARD_TYPES)


def test_a_card_of_two_types_is_counted_in_its_combined_section(cards):
    assert group(cards.lookup("Swallowed by the Night").id, cards) == "Action Modifier/Combat"
    assert group(cards.lookup("Anson").id, cards) == CRYPT


def test_the_locked_list_is_counted_by_group(cards, locked):
    assert expected_counts(locked, cards) == {
        "Crypt": 12,
        "Master": 12,
        "Action": 12,
        "Ally": 2,
        "Equipment": 2,
        "Political Action": 6,
        "Retainer": 2,
        "Action Modifier": 6,
        "Action Modifier/Combat": 2,
        "Reaction": 8,
        "Combat": 8,
    }
    assert list(expected_counts(locked, cards)) == sorted(expected_counts(locked, cards), key=CARD_TYPES.index)
    assert sum(expected_counts(locked, cards).values()) == 72


def test_an_empty_list_still_has_a_crypt_to_count(cards):
    assert expected_counts(Deck(), cards) == {"Crypt": 0}


# --- the comparison ---------------------------------------------------------------------------------------------


def test_a_deck_matching_its_list_shows_no_difference(cards, locked):
    expected = expected_counts(locked, cards)
    assert compare(expected, dict(expected)) == []
    assert finding(compare(expected, dict(expected))) is None


def test_a_59_card_library_missing_a_combat_card_is_flagged(cards, locked):
    expected = expected_counts(locked, cards)
    counted = {**expected, "Combat": 7}
    differences = compare(expected, counted)
    assert differences == [Difference("Combat", 8, 7)]
    assert differences[0].delta == -1
    assert sum(counted.values()) - counted[CRYPT] == 59


def test_a_card_moved_between_groups_shows_on_both(cards, locked):
    expected = expected_counts(locked, cards)
    counted = {**expected, "Action": 11, "Reaction": 9}
    assert [(d.group, d.delta) for d in compare(expected, counted)] == [("Action", -1), ("Reaction", 1)]


def test_a_group_left_out_counts_as_none(cards, locked):
    expected = expected_counts(locked, cards)
    # The judge found an event card the list never held, and wrote nothing for Equipment.
    counted = {name: n for name, n in expected.items() if name != "Equipment"} | {"Event": 1}
    assert compare(expected, counted) == [Difference("Equipment", 2, 0), Difference("Event", 0, 1)]


def test_differences_come_in_the_counting_order(cards, locked):
    expected = expected_counts(locked, cards)
    counted = {**expected, "Combat": 9, "Crypt": 11, "Master": 13}
    assert [d.group for d in compare(expected, counted)] == ["Crypt", "Master", "Combat"]


@pytest.mark.parametrize("counted", [{"Library": 60}, {"combat": 8}, {"Vampires": 12}])
def test_an_unknown_group_is_refused(counted):
    with pytest.raises(ValueError, match="no group of cards"):
        compare({"Crypt": 12}, counted)


@pytest.mark.parametrize("bad", [-1, 2.5, "8", None, True])
def test_a_count_is_a_whole_number_of_cards(bad):
    with pytest.raises(ValueError):
        compare({"Crypt": 12, "Combat": 8}, {"Crypt": 12, "Combat": bad})
    with pytest.raises(ValueError):
        compare({"Crypt": 12, "Combat": bad}, {"Crypt": 12})


# --- what a difference calls for (Judges' Guide §3.1) ---------------------------------------------------------------


def test_a_difference_is_a_deck_problem_the_list_settles():
    found = finding([Difference("Combat", 8, 7)])
    assert found is not None
    assert found.infraction == INFRACTION and "registered decklist" in found.infraction
    assert found.remedy == REMEDY and "the list is authoritative" in found.remedy
    assert found.differences == (Difference("Combat", 8, 7),)


def test_the_default_penalty_is_a_game_loss_the_judge_may_change():
    found = finding([Difference("Crypt", 12, 13)])
    assert found is not None
    assert found.penalty == GAME_LOSS == "game loss"
    assert found.penalties == PENALTIES == ("caution", "warning", "game loss", "disqualification")


def test_a_finding_is_stored_as_json():
    found = finding([Difference("Combat", 8, 7)])
    assert found is not None
    data = json.loads(json.dumps(found.to_dict()))
    assert data["differences"] == [{"group": "Combat", "expected": 8, "counted": 7, "delta": -1}]
    assert data["penalty"] == "game loss"
