"""The winners' scores in the finals, as the archive's files write them (``twda.final_vp``, ``twda.finals``)."""

from __future__ import annotations

import datetime

import pytest

from tests.paths import TWDA
from vtesdeck.core import twda

SINCE = datetime.date(2018, 1, 1)


# Score lines as the archive writes them (each seen in a real file), and the winner's VP in the final.
@pytest.mark.parametrize(
    "line, vp",
    [
        ("-- 3vp in final", 3.0),
        ("-- 3.5vp in final", 3.5),
        ("-- 1GW3.5 (5th seed) + 4vp in final", 4.0),
        ("-- 5vp in final", 5.0),
        ("1GW3 + 1GW3.5 in final", 3.5),  # the parser's score line, its "--" taken off
        ("-- 2GW7.5 + 2.5 in final.", 2.5),  # half points are mostly written without "vp"
        ("-- 2GW7 + 2.5vp in final", 2.5),
        ("-- 1.5VP in final", 1.5),
        ("-- 2GW9,5 + 2,5 in final", 2.5),  # decimal commas
        ("-- 1GW3, + 4vp in final", 4.0),  # a comma that is no decimal
        ("-- 1GW3, 4vp in final", 4.0),
        ("-- 2GW + 4vp in final", 4.0),
        ("-- GW2 + GW2 + 4vp in final", 4.0),
        ("-- 2GW10 + 2.5 (1st seed) in final", 2.5),
        ("-- 2GW8 + 1.5 in finals", 1.5),
        ("-- 1GW4 + 4vp in the final", 4.0),
        ("-- 4vp in final (3rd seed)", 4.0),
        ("-- 2GW7 +2vp in final, won on seeding", 2.0),
        ("-- 1GW4 + 3vp in final (and 1 back-oust)", 3.0),
        ("-- 2GW9 (2nd seed due to a drop) + 3vp in final", 3.0),
        ("-- GW2 (4 players table) + 3 (5 players table) + 4vp in final", 4.0),
        ("-- 1vp + GW2 + 2vp / 3vp in final", 3.0),  # "/" between the last round and the final
        ("-- GW3 + 0.5vp + 0 / 1.5 in final", 1.5),
        ("-- 3vp + 4vp + .5 in final", 0.5),
        ("-- 3vp + 0vp + 1vp in prelims, 3vp in final", 3.0),
        ("-- 1GW1.5 + 4vp in extremis in final in spite of many newbie mistakes", 4.0),
        ("-- 1.5 + GW3 + GW2.5 / Finale 2nd seed: GW1.5", 1.5),
        ("-- 2GW7.5 + 3vp final", 3.0),
        ("-- 1.5vp in fnal", 1.5),  # the archive's typos
        ("-- 1GW4 + 4vp in finam", 4.0),
        ("-2GW7.5 + 0.5vp in final", 0.5),  # one dash, an em dash, none
        ("\u2014 2GW8 + 3vp in final", 3.0),
        ("1GW4 + 4vp in final", 4.0),
        ("1.5vp na grande e turbulenta mesa final", 1.5),  # Portuguese: "the big, turbulent final table"
        ("-- 2GW6 + 1\u00bd in final", 1.5),
    ],
)
def test_the_winners_vp_is_read_from_the_archives_score_lines(line, vp):
    assert twda.final_vp(line) == vp


@pytest.mark.parametrize(
    "line",
    [
        "-- 1GW4 + timeout in final",  # a final, but no VP
        "-- 2GW8 headed into the finals",  # game wins, and 8 VP no final holds
        "-- 2GW8 across 3 rounds",  # no final
        "-- 2GW9 + 1.5VP",  # which term is the final's is not said
        "-- 8vp in final",  # more than a five-seat final holds
        "-- 2.3vp in final",  # VP come in halves
        "-- 1GW in final",  # game wins only
    ],
)
def test_lines_stating_no_vp_in_a_final_give_none(line):
    assert twda.final_vp(line) is None


DECK = """Test Open
Paris, France
{date}
2R+F
15 players
Alice
https://www.vekn.net/event-calendar/event/1

Deck Name: Test
Description: a line of prose that says 2vp in final, not a score line

{score}

Crypt (12 cards)
12x Anson

Library (60 cards)
60x Ashur Tablets
"""


def _file(date: str, score: str) -> bytes:
    return DECK.format(date=date, score=score).encode()


def test_finals_reads_score_lines_anywhere_before_the_crypt_and_skips_older_events(cards):
    files = [
        ("a.txt", _file("March 18th 2023", "-- 4vp in final")),  # below "Deck Name:", where the parser won't
        ("b.txt", _file("May 3rd 2019", "1GW3 + 2.5 in final")),  # no dashes
        ("c.txt", _file("May 3rd 2019", "-- 2GW8 across 3 rounds")),  # a score, no final
        ("d.txt", _file("May 3rd 2019", "")),  # no score: the prose line mentioning a final is not one
        ("e.txt", _file("May 3rd 2017", "-- 5vp in final")),
    ]
    found = twda.finals(files, cards, since=SINCE)
    assert [(f.name, f.date, f.vp, f.line) for f in found] == [
        ("a.txt", datetime.date(2023, 3, 18), 4.0, "-- 4vp in final"),
        ("b.txt", datetime.date(2019, 5, 3), 2.5, "1GW3 + 2.5 in final"),
        ("c.txt", datetime.date(2019, 5, 3), None, "-- 2GW8 across 3 rounds"),
        ("d.txt", datetime.date(2019, 5, 3), None, ""),
    ]
    assert [f.name for f in twda.finals(files, cards)] == ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"]


def test_the_real_archive_states_at_least_700_finals_since_2018(cards):
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    found = twda.finals(twda.read_archive(TWDA), cards, since=SINCE)
    scored = [f.vp for f in found if f.vp is not None]
    assert len(scored) >= 700
    # every half-point step a final can end on, and the winner's most common scores
    assert {1.5, 2.0, 2.5, 3.0, 4.0, 5.0} <= set(scored)
    assert scored.count(3.0) > scored.count(5.0)
