"""The games JSON (vtesdeck.core.engine.report): DESIGN.md's one-game line and summary, on hand-made records."""

from __future__ import annotations

import json
import math
import random

import pytest

from vtesdeck.core.engine.report import (
    DECK_KEYS,
    LINE_KEYS,
    SUMMARY_KEYS,
    DeckInfo,
    GameError,
    GameRecord,
    UnsupportedCard,
    card_coverage,
    mean_ci95,
    summarize,
    summary_json,
)
from vtesdeck.core.engine.schedule import FIELD

F = FIELD

# The keys as DESIGN.md ("Simulation reports (JSON)") lists them, copied by hand.
DESIGN_LINE = [
    "game",
    "seed",
    "decks",
    "vp",
    "ousted_round",
    "oust_order",
    "winner",
    "end",
    "rounds",
    "decisions",
    "hash",
]
DESIGN_SUMMARY = [
    "games",
    "seed",
    "players",
    "seconds",
    "games_per_second",
    "decks",
    "rounds_mean",
    "coverage",
    "crypt_coverage",
    "unsupported",
    "timeouts",
    "decisions_mean",
    "forced_share",
    "errors",
    "audit",
]
DESIGN_DECK = ["path", "name", "seat_games", "vp_mean", "vp_ci95", "game_wins", "ousted", "coverage"]


def record(game, decks, vp, ousted_round, oust_order, winner, end, rounds, decisions, forced=0):
    return GameRecord(
        game=game,
        seed=1000 + game,
        decks=decks,
        vp=vp,
        ousted_round=ousted_round,
        oust_order=oust_order,
        winner=winner,
        end=end,
        rounds=rounds,
        decisions=decisions,
        hash=f"{game:032x}",
        forced=forced,
    )


# Deck 0 scores 2, 0, 1, 1 VP; deck 1 scores 0.5, 1.5, 3, 0. Game 4 raised (its record must be ignored),
# game 5 raised before giving a record.
RECORDS = [
    record(0, (0, 1, F, F), (2, 0.5, 0, 1.5), (None, None, 3, None), (2,), 0, "time_limit", 10, 100, 300),
    record(1, (F, 0, 1, F), (1, 0, 1.5, 1.5), (None, 4, None, None), (1,), None, "time_limit", 10, 80, 120),
    record(2, (F, F, 0, 1), (0, 0, 1, 3), (2, 5, 6, None), (0, 1, 2), 3, "last_standing", 7, 60, 140),
    record(3, (1, F, F, 0), (0, 1.5, 1.5, 1), (6, None, None, None), (0,), None, "time_limit", 10, 40, 40),
    record(4, (0, F, F, 1), (5, 0, 0, 0), (None, 1, 1, 1), (1, 2, 3), 0, "last_standing", 2, 9, 1),
]
ERRORS = [GameError(game=5, seed=1005, error="KeyError: 7"), GameError(game=4, seed=1004, error="boom")]
DECKS = [
    DeckInfo(path="decks/a.txt", name="Alpha", coverage=0.5),
    DeckInfo(path="decks/b.txt", name="Beta", coverage=0.25),
]
UNSUPPORTED = [
    UnsupportedCard(id=3, name="Zebra", copies=2),
    UnsupportedCard(id=2, name="Aardvark", copies=2),
    UnsupportedCard(id=1, name="Most", copies=9),
]


def summary(records=RECORDS, errors=ERRORS, **overrides):
    args = {
        "seed": 42,
        "players": 4,
        "seconds": 2.0,
        "coverage": 0.4,
        "crypt_coverage": 0.1,
        "unsupported": UNSUPPORTED,
        "errors": errors,
        "audit": {"pool": 0, "blood": 2},
    } | overrides
    return summarize(records, DECKS, **args)


def test_the_line_has_exactly_design_keys_in_design_order():
    line = RECORDS[2].to_json_line()
    assert list(json.loads(line)) == DESIGN_LINE == list(LINE_KEYS)
    assert line == (
        '{"game":2,"seed":1002,"decks":[-1,-1,0,1],"vp":[0,0,1,3],"ousted_round":[2,5,6,null],'
        '"oust_order":[0,1,2],"winner":3,"end":"last_standing","rounds":7,"decisions":60,'
        '"hash":"00000000000000000000000000000002"}'
    )
    assert '"vp":[2,0.5,0,1.5]' in RECORDS[0].to_json_line()
    assert "\n" not in line and "forced" not in line


def test_a_line_reads_back_into_the_same_record():
    for r in RECORDS:
        back = GameRecord.from_json_line(r.to_json_line())
        assert back == GameRecord(**{**{k: getattr(r, k) for k in LINE_KEYS}, "forced": 0})
        assert back.to_json_line() == r.to_json_line()
    with_forced = json.dumps({**RECORDS[0].to_dict(), "forced": 300})
    assert GameRecord.from_json_line(with_forced) == RECORDS[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"vp": (1, 1, 1)}, "one entry per seat"),
        ({"vp": (0.25, 0, 0, 0)}, "whole or half numbers"),
        ({"vp": (-1, 0, 0, 0)}, "whole or half numbers"),
        ({"end": "draw"}, "the end must be one of last_standing, time_limit"),
        ({"winner": 4}, "the winner must be a seat from 0 to 3"),
        ({"oust_order": (1,)}, "does not list the ousted seats"),
        ({"oust_order": (0, 1, 2, 2)}, "does not list the ousted seats"),
        ({"decks": (0, 1, -2, F)}, "A deck index must be a whole number of at least -1"),
        ({"decisions": -1}, "The decisions must be"),
        ({"hash": ""}, "the hash must be"),
    ],
)
def test_bad_records_are_refused(change, message):
    fields = {k: getattr(RECORDS[2], k) for k in (*LINE_KEYS, "forced")} | change
    with pytest.raises(ValueError, match=message):
        GameRecord(**fields)


def test_bad_lines_are_refused():
    with pytest.raises(ValueError, match="lacks hash"):
        GameRecord.from_json_line(json.dumps({k: v for k, v in RECORDS[0].to_dict().items() if k != "hash"}))
    with pytest.raises(ValueError, match="JSON object"):
        GameRecord.from_json_line("[1, 2]")


def test_the_summary_has_exactly_design_keys_in_design_order():
    """DESIGN.md's keys in its order, then ours ("extend rather than rename"): ``time_limit``."""
    result = summary()
    assert list(result) == [*DESIGN_SUMMARY, "time_limit", "partial"] == list(SUMMARY_KEYS)
    assert all(list(deck) == DESIGN_DECK == list(DECK_KEYS) for deck in result["decks"])
    assert list(result["unsupported"][0]) == ["id", "name", "copies"]
    assert list(result["errors"][0]) == ["game", "seed", "error"]


def test_the_summary_figures_computed_by_hand():
    result = summary()
    assert result["games"] == 6  # games 0..3, plus the two that raised
    assert result["seed"] == 42 and result["players"] == 4 and result["seconds"] == 2.0
    assert result["games_per_second"] == 3.0
    alpha, beta = result["decks"]
    assert (alpha["path"], alpha["name"], alpha["coverage"]) == ("decks/a.txt", "Alpha", 0.5)
    # Alpha: 2, 0, 1, 1 → mean 1; squared deviations 1+1+0+0 = 2; s² = 2/3; s/√4 = 0.4082483;
    # 1.96 × 0.4082483 = 0.8001666.
    assert alpha["seat_games"] == 4
    assert alpha["vp_mean"] == 1.0
    assert alpha["vp_ci95"] == pytest.approx([0.1998334, 1.8001666], abs=1e-7)
    assert (alpha["game_wins"], alpha["ousted"]) == (1, 2)  # won game 0; ousted in games 1 and 2
    # Beta: 0.5, 1.5, 3, 0 → mean 1.25; squared deviations 0.5625+0.0625+3.0625+1.5625 = 5.25; s² = 1.75;
    # s/√4 = 0.6614378; 1.96 × 0.6614378 = 1.2964181 → [-0.0464181, 2.5464181], clipped at 0 VP.
    assert beta["seat_games"] == 4
    assert beta["vp_mean"] == 1.25
    assert beta["vp_ci95"][0] == 0.0
    assert beta["vp_ci95"][1] == pytest.approx(2.5464181, abs=1e-7)
    assert (beta["game_wins"], beta["ousted"]) == (1, 1)  # won game 2; ousted in game 3
    assert result["rounds_mean"] == 9.25  # (10 + 10 + 7 + 10) / 4
    assert result["time_limit"] == 3  # ended by the round cap: a normal ending
    assert result["timeouts"] == 0  # none was stopped by the engine's safety limits
    assert result["decisions_mean"] == 70.0  # (100 + 80 + 60 + 40) / 4
    assert result["forced_share"] == pytest.approx(600 / 880)  # forced 300+120+140+40, all 600+280
    assert (result["coverage"], result["crypt_coverage"]) == (0.4, 0.1)
    assert result["errors"] == [
        {"game": 4, "seed": 1004, "error": "boom"},
        {"game": 5, "seed": 1005, "error": "KeyError: 7"},
    ]
    assert result["unsupported"] == [
        {"id": 1, "name": "Most", "copies": 9},
        {"id": 2, "name": "Aardvark", "copies": 2},
        {"id": 3, "name": "Zebra", "copies": 2},
    ]
    assert result["audit"] == {"blood": 2, "pool": 0}
    assert list(result["audit"]) == ["blood", "pool"]


def test_the_interval_matches_the_textbook_formula():
    values = [random.Random(1).choice([0, 0.5, 1, 2, 3]) for _ in range(200)]
    mean = sum(values) / 200
    s = math.sqrt(sum((v - mean) ** 2 for v in values) / 199)
    lo, hi = mean_ci95(values)
    assert lo == pytest.approx(mean - 1.96 * s / math.sqrt(200))
    assert hi == pytest.approx(mean + 1.96 * s / math.sqrt(200))
    assert mean_ci95([2, 2, 2]) == (2.0, 2.0)
    assert mean_ci95([5, 0], 0, 5) == (0.0, 5.0)


def test_one_game_gives_a_mean_without_an_interval_and_no_game_gives_nulls():
    one = summary(records=RECORDS[:1], errors=[])
    assert one["games"] == 1
    assert one["decks"][0]["vp_mean"] == 2.0 and one["decks"][0]["vp_ci95"] is None
    none = summary(records=[], errors=ERRORS, seconds=0)
    assert none["games"] == 2 and none["games_per_second"] is None
    assert none["decks"][0] == {
        "path": "decks/a.txt",
        "name": "Alpha",
        "seat_games": 0,
        "vp_mean": None,
        "vp_ci95": None,
        "game_wins": 0,
        "ousted": 0,
        "coverage": 0.5,
    }
    assert none["rounds_mean"] is None and none["decisions_mean"] is None and none["forced_share"] is None
    assert none["timeouts"] == 0
    json.loads(summary_json(none))


def test_the_same_records_give_the_same_bytes_in_any_order():
    first = summary_json(summary())
    assert summary_json(summary()) == first
    shuffled = RECORDS[:]
    random.Random(3).shuffle(shuffled)
    assert summary_json(summary(records=shuffled, errors=ERRORS[::-1], audit={"blood": 2, "pool": 0})) == first
    assert json.loads(first) == summary()


def test_bad_summaries_are_refused():
    with pytest.raises(ValueError, match="same game index"):
        summary(records=[RECORDS[0], RECORDS[0]])
    with pytest.raises(ValueError, match="has 4 seats, not 5"):
        summary(players=5)
    with pytest.raises(ValueError, match="beyond the 2 decks"):
        summary(records=[GameRecord(**{**RECORDS[0].to_dict(), "decks": (0, 2, F, F)})])
    with pytest.raises(ValueError, match="seconds"):
        summary(seconds=-1)
    with pytest.raises(ValueError, match="audit count"):
        summary(audit={"pool": -1})


def test_card_coverage_counts_copies():
    result = card_coverage({10: 3, 11: 1, 12: 4, 13: 0}, {10, 12}, {10: "Ten", 11: "Eleven", 12: "Twelve"})
    assert result.share == 7 / 8
    assert result.unsupported == (UnsupportedCard(id=11, name="Eleven", copies=1),)
    assert card_coverage({}, set(), {}).share is None
