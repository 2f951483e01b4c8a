"""The readable log (``engine.log``): a game told as a player would tell it, every event kind of a few seeded
games with its own sentence, unknown kinds generic, and decision options as phrases."""

from __future__ import annotations

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.engine import game as engine_game
from vtesdeck.core.engine import log, run
from vtesdeck.core.engine.economy import Kind, Option

FILES = ("10009.txt", "10012.txt")


@pytest.fixture(scope="module")
def games(cards):
    decks = [decklist.parse((TWDA / name).read_bytes(), cards) for name in FILES]
    return [
        run.play_one(decks, cards, seed=seed, players=5, i=0, field=decks, log=True).result.game for seed in (1, 2, 3)
    ]


def test_a_logged_game_renders_turn_by_turn_with_the_result(games, cards):
    ousting = next(game for game in games if game.oust_order)  # the bots' play decides which seeds oust
    text = log.render(ousting, cards)
    lines = text.splitlines()
    assert lines[0] == "Set-up"
    assert any(line.startswith("Turn 1 — Seat 0 (") for line in lines)
    assert "bleeds Seat" in text and "(pool " in text
    assert any("is ousted; Seat" in line for line in lines)
    assert lines[-1].startswith("Result after round ")


def test_every_event_kind_of_the_games_has_its_own_sentence(games, cards):
    kinds = set()
    for game in games:
        for event in game.events:
            kinds.add(event[0])
            text = log.render_event(game, cards, event)
            if event[0] in log.RENDER:
                assert text != log.generic(log._Names(game, cards), event), event
    assert {"turn", "transfer", "action", "bleed", "oust"} <= kinds


def test_an_unknown_event_renders_generically(games, cards):
    assert log.render_event(games[0], cards, ("new thing", 1, 7)) == "new thing: Seat 1, 7"
    assert log.render_event(games[0], cards, ("bleed",)).startswith("bleed")  # too short: generic, no crash


def test_options_read_as_phrases(games, cards):
    game = games[0]
    vampire = next(iter(game.vampires))
    copy = game.card_of.index(vampire)
    name = cards[vampire].name
    assert log.describe(game, Option(Kind.PASS, 0)) == "pass"
    assert log.describe(game, Option(Kind.TRANSFER_TO_VAMPIRE, 0, (copy,))) == f"transfer 1 pool onto {name}"
    bleed = Option(Kind.ACTION, 0, minion=copy, value=int(engine_game.Act.BLEED), target=2)
    assert log.describe(game, bleed) == f"bleed with {name} → Seat 2"
    assert log.describe(game, Option(Kind.BLOCK, 1, minion=copy)) == f"block with {name}"
    assert log.describe(game, Option(Kind.VOTE, 1, value=1)) == "vote for"


def test_every_event_the_engine_logs_has_its_own_sentence():
    """Every ``game.log("kind", …)`` in the engine and its card specs has a sentence in ``log.RENDER`` (a new
    card's event must say what happened, not fall back to the generic line)."""
    import re
    from pathlib import Path

    package = Path(log.__file__).parent
    kinds = set()
    for source in package.rglob("*.py"):
        kinds |= set(re.findall(r'game\.log\(\s*"([^"]+)"', source.read_text(encoding="utf-8")))
    assert len(kinds) > 40
    assert sorted(kinds - set(log.RENDER)) == []


def test_unnamed_decks_seats_go_by_their_number_alone_counted_from_where_the_caller_says(cards):
    # An unnamed deck's seat was named "Seat <index + 1>" while the log numbers from 0: "Seat 4 (Seat 5)".
    decks = [decklist.parse((TWDA / name).read_bytes(), cards) for name in FILES]
    for deck in decks:
        deck.name = ""
    game = run.play_one(decks, cards, seed=1, players=5, i=0, field=decks, log=True).result.game
    lines = log.lines(game, cards)
    assert "Turn 1 — Seat 0" in lines and not any("(Seat" in line for line in lines)
    from_one = log.lines(game, cards, first_seat=1)
    assert "Turn 1 — Seat 1" in from_one and not any("Seat 0" in line for line in from_one)
    assert ["".join(text for text, _card in line) for line in log.segments(game, cards, first_seat=1)] == from_one
