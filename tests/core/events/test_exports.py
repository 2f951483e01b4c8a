"""What an event hands on (VEKN tournament rules §9, event reporting): the winner's deck in the Tournament
Winning Deck Archive's layout, the standings, and the report in the Archon's results columns."""

from __future__ import annotations

import csv
import datetime
import io

import pytest

from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck, Declared
from vtesdeck.core.events.exports import (
    ARCHON_COLUMNS,
    STANDINGS_COLUMNS,
    archon_report,
    split_name,
    standings_csv,
    twd_report,
)

JUNE_2ND = datetime.date(2024, 6, 2)


@pytest.fixture
def winning_deck(cards) -> Deck:
    def ids(part):
        return {cards.lookup(name).id: n for name, n in part.items()}

    return Deck(
        name="Anarch Bruise",
        author="Ana Pérez",
        crypt=ids({"Anson": 4, "Tariq, The Silent": 4, "Gratiano": 2, "Ember Wright": 2}),
        library=ids(
            {
                "Blood Doll": 6,
                "Villein": 4,
                "Govern the Unaligned": 10,
                "Parity Shift": 4,
                "Ossian": 1,
                "Conditioning": 8,
                "Swallowed by the Night": 2,
                "Deflection": 8,
                "Immortal Grapple": 9,
                "Dodge": 8,
            }
        ),
    )


def report(deck, cards, **fields):
    event = {
        "event": "Camarilla Cup",
        "location": "Lyon, France",
        "date": JUNE_2ND,
        "rounds_label": "3R+F",
        "players": 20,
        "winner": "Ana Pérez",
    }
    return twd_report(deck, cards, **(event | fields))


# --- the winner's deck (the archive's layout) ----------------------------------------------------------------------


def test_the_archive_header_comes_first(cards, winning_deck):
    text = report(
        winning_deck,
        cards,
        event_url="https://www.vekn.net/event-calendar/event/12345",
        score="2GW8 + 3VP in the final",
    )
    lines = text.splitlines()
    assert lines[:9] == [
        "Camarilla Cup",
        "Lyon, France",
        "June 2nd 2024",
        "3R+F",
        "20 players",
        "Ana Pérez",
        "https://www.vekn.net/event-calendar/event/12345",
        "",
        "-- 2GW8 + 3VP in the final",
    ]
    assert "Deck Name: Anarch Bruise" in lines
    assert any(line.startswith("Crypt (12 cards, min=") for line in lines)
    assert "Library (60 cards)" in lines


def test_the_report_reads_back_as_the_same_deck_and_event(cards, winning_deck):
    text = report(
        winning_deck,
        cards,
        event_url="https://www.vekn.net/event-calendar/event/12345",
        score="-- 2GW8 + 3VP in the final",  # the leading "--" may be given or not
    )
    back = decklist.parse(text, cards)
    assert back.source_format == "twd"
    assert back.same_cards(winning_deck)
    assert back.name == "Anarch Bruise"
    event = back.event
    assert event is not None
    assert event.name == "Camarilla Cup"
    assert event.place == "Lyon, France"
    assert event.date == JUNE_2ND
    assert event.format == "3R+F"
    assert event.players == 20
    assert event.winner == "Ana Pérez"
    assert event.url == "https://www.vekn.net/event-calendar/event/12345"
    assert event.score == "2GW8 + 3VP in the final"


def test_without_a_link_or_a_score_the_header_is_shorter(cards, winning_deck):
    text = report(winning_deck, cards)
    assert text.splitlines()[:7] == [
        "Camarilla Cup",
        "Lyon, France",
        "June 2nd 2024",
        "3R+F",
        "20 players",
        "Ana Pérez",
        "",
    ]
    back = decklist.parse(text, cards)
    assert back.same_cards(winning_deck)
    assert back.event is not None and back.event.url == "" and back.event.score == ""


def test_a_winner_named_like_a_header_line_still_reads_back(cards, winning_deck):
    # A winner's name the reader could take for the round count or the player count is escaped by the
    # archive writer, and comes back as typed.
    for winner in ("3R Johnson", "12 players united"):
        back = decklist.parse(report(winning_deck, cards, winner=winner), cards)
        assert back.event is not None and back.event.winner == winner


def test_the_headers_state_the_real_counts(cards, winning_deck):
    # A list that miscounted itself when registered ("Library (61)") is reported with its real counts.
    winning_deck.declared = Declared(crypt=13, library=61, sections={"Combat": 18})
    text = report(winning_deck, cards)
    assert "Library (60 cards)" in text.splitlines()
    assert "Combat (17)" in text.splitlines()
    assert winning_deck.declared.library == 61  # the registered list itself is left as it was


def test_the_report_leaves_the_registered_list_alone(cards, winning_deck):
    before = Deck.from_dict(winning_deck.to_dict())
    report(winning_deck, cards)
    assert winning_deck == before and winning_deck.event is None


def test_an_event_has_no_negative_number_of_players(cards, winning_deck):
    with pytest.raises(ValueError):
        report(winning_deck, cards, players=-1)


# --- the standings ------------------------------------------------------------------------------------------------


STANDINGS = [
    {"rank": 1, "number": 7, "name": "Ana Pérez", "vekn": "3200001", "gw": 2, "vp": 8.0, "tp": 168.0, "toss": 3,
     "finals": 1, "status": "active"},
    {"rank": 2, "number": 3, "name": "Łukasz Nowak", "vekn": "", "gw": 1, "vp": 6.5, "tp": 150.0, "toss": 1,
     "finals": 2, "status": "active"},
    {"rank": 3, "number": 12, "name": "Bob", "vekn": "1000002", "gw": 0, "vp": 3.0, "tp": 96.5, "toss": 2,
     "finals": None, "status": "dropped"},
]  # fmt: skip


def test_the_standings_round_trip_through_a_csv_reader():
    rows = list(csv.DictReader(io.StringIO(standings_csv(STANDINGS))))
    assert len(rows) == 3
    assert rows[0] == {
        "rank": "1",
        "number": "7",
        "name": "Ana Pérez",
        "vekn": "3200001",
        "gw": "2",
        "vp": "8",
        "tp": "168",
        "toss": "3",
        "finals": "1",
        "status": "active",
    }
    assert rows[1]["name"] == "Łukasz Nowak" and rows[1]["vp"] == "6.5"
    assert rows[2]["finals"] == "" and rows[2]["tp"] == "96.5"  # no final played: an empty cell


def test_the_standings_have_a_header_row_even_when_empty():
    assert standings_csv([]).splitlines() == [",".join(STANDINGS_COLUMNS)]


def test_a_name_with_a_comma_or_a_quote_stays_one_cell():
    text = standings_csv([{"rank": 1, "name": 'Smith, "Smitty" John'}])
    assert next(csv.DictReader(io.StringIO(text)))["name"] == 'Smith, "Smitty" John'


def test_a_name_that_looks_like_a_formula_is_never_run_by_a_spreadsheet():
    text = standings_csv([{"rank": 1, "name": '=HYPERLINK("http://x")'}, {"rank": 2, "name": "@SUM(A1)"}])
    names = [row["name"] for row in csv.DictReader(io.StringIO(text))]
    assert names == ['\'=HYPERLINK("http://x")', "'@SUM(A1)"]


# --- the Archon's results sheet ---------------------------------------------------------------------------------------


def test_a_name_splits_at_its_last_space():
    assert split_name("Ana Pérez") == ("Ana", "Pérez")
    assert split_name("Jean Claude Dupont") == ("Jean Claude", "Dupont")
    assert split_name("  Bob  ") == ("Bob", "")
    assert split_name("") == ("", "")


def test_the_archon_report_has_its_columns_and_a_row_per_player():
    rows = [
        {"number": 7, "name": "Ana Pérez", "country": "France", "vekn": "3200001", "games": 4, "gw": 3, "vp": 11.0,
         "min_vp": 2.5, "finals_vp": 3.0, "rank": 1},
        {"number": 12, "name": "Bob", "vekn": "1000002", "games": 2, "gw": 0, "vp": 3.0, "rank": 14},
    ]  # fmt: skip
    text = archon_report(rows)
    assert text.splitlines()[0] == (
        "Player Num,First Name,Last Name,Country,Vekn #,Games Played,Games Won,Total VPs,Minimum VPs,VPs in final,Rank"
    )
    read = list(csv.DictReader(io.StringIO(text)))
    assert list(read[0]) == list(ARCHON_COLUMNS)
    assert read[0] == {
        "Player Num": "7",
        "First Name": "Ana",
        "Last Name": "Pérez",
        "Country": "France",
        "Vekn #": "3200001",
        "Games Played": "4",
        "Games Won": "3",
        "Total VPs": "11",
        "Minimum VPs": "2.5",
        "VPs in final": "3",
        "Rank": "1",
    }
    # Not in the final, no country given: empty cells.
    assert read[1]["First Name"] == "Bob" and read[1]["Last Name"] == ""
    assert read[1]["Country"] == "" and read[1]["VPs in final"] == "" and read[1]["Rank"] == "14"
