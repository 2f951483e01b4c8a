"""Whole games between tournament archive decks: the invariants ENGINE.md lists, checked over a few hundred
seeded games (thousands run in ``simulate_games --audit``), determinism and replay, and the controls.

Rules: digest-pl.md 4.3.1 (only ready unlocked minions act or block), 5 (ousting, VP), 6 (the Edge), and the
audit of ``state.audit`` (counters conserved, each card in one zone, blood within 0 and capacity)."""

from __future__ import annotations

import random

import pytest

from tests.paths import TWDA
from vtesdeck.core.deck import Deck
from vtesdeck.core.engine import game as g
from vtesdeck.core.engine import run
from vtesdeck.core.engine import table as tb
from vtesdeck.core.engine.bots import HeuristicBot, RandomBot, View
from vtesdeck.core.engine.economy import Kind, Option
from vtesdeck.core.engine.state import state_hash
from vtesdeck.core.engine.table import heuristic_bots
from vtesdeck.core.engine.windows import Act
from vtesdeck.core.twda import read_archive


def play(decks, cards, **options):  # type: ignore[no-untyped-def]
    """A game with the usual bots (a HeuristicBot per seat) unless the test seats others."""
    options.setdefault("bots", heuristic_bots(len(decks)))
    return tb.play(decks, cards, **options)


@pytest.fixture(scope="module")
def archive(cards) -> list[Deck]:
    """120 playable archive decks since 2018, in file order (the same games on every run): simulate_games's field."""
    decks = run.field_from_files(read_archive(TWDA), cards, limit=120)
    assert len(decks) >= 60
    return decks


def _table(archive: list[Deck], seed: int, n: int = 5) -> list[Deck]:
    rng = random.Random(seed)
    return rng.sample(archive, n)


class Checking:
    """A bot that checks every option it is offered obeys 4.3.1 before deciding: only ready unlocked minions
    act (or a locked one locking a card instead: Enkil Cog), only ready minions (unlocked, or woken by a card) attempt to block
    (and the cards in play that block as minions: Unleash Hell's Fury)."""

    def __init__(self, inner: object, game_of: list[g.Game]) -> None:
        self.inner = inner
        self.game_of = game_of
        self.problems: list[str] = []

    def decide(self, view: View, options: list[Option]) -> Option:
        game = self.game_of[0]
        for o in options:
            if o.kind is Kind.ACTION and o.value != Act.LEAVE_TORPOR:
                m = game.minions[o.minion]
                by_card = o.ids[:1] == (-1,)  # locking a card instead of the minion (Enkil Cog)
                if (m.locked and not by_card) or m.torpor or not m.in_play:
                    self.problems.append(f"a locked or torpid minion may act: {o}")
            if o.kind is Kind.BLOCK:
                if o.minion not in game.minions:  # a card in play that blocks (Unleash Hell's Fury)
                    if game.card_of[o.minion] not in game.compiled.blocking:
                        self.problems.append(f"a card that does not block may block: {o}")
                    continue
                m = game.minions[o.minion]
                act = g.current_action(game)
                woken = act is not None and o.minion in act.woken
                if (m.locked and not woken) or m.torpor:
                    self.problems.append(f"a locked or torpid minion may block: {o}")
        return self.inner.decide(view, options)  # type: ignore[attr-defined, no-any-return]


def test_games_between_archive_decks_keep_every_invariant(archive, cards) -> None:
    """200 five- and four-seat games with the heuristic bot: the audit after every decision finds nothing, every
    game ends, VP add up (1 per oust to the predator of the moment, 1 to the last standing, or ½ per survivor on
    time), and the Edge moves only on a successful bleed (digest 6)."""
    ends = {"last standing": 0, "time": 0}
    for seed in range(200):
        n = 5 if seed % 4 else 4
        result = play(_table(archive, seed, n), cards, seed=seed, audit=True, max_rounds=12, log=True)
        game = result.game
        assert result.audit == {}, (seed, result.audit)
        assert game.finished, seed
        ends[game.ended_by] += 1
        ousted = sum(s.ousted for s in game.seats)
        total = sum(s.vp for s in game.seats)
        if game.ended_by == "last standing":
            assert total == n, seed
        else:
            assert total == ousted + 0.5 * (n - ousted), seed
        events = game.events or []
        for i, event in enumerate(events):
            if event[0] == "edge":
                bleeds = [e for e in events[max(0, i - 3) : i] if e[0] == "bleed" and e[1] == event[1]]
                assert bleeds, (seed, events[max(0, i - 3) : i + 1])
    assert ends["last standing"] > 20 and ends["time"] > 5, ends


def test_random_bots_fuzz_the_engine_without_a_broken_invariant(archive, cards) -> None:
    """Uniformly random legal choices (RandomBot) reach corners the heuristic never does: 60 games, audited."""
    for seed in range(60):
        table = _table(archive, 1000 + seed)
        bots = [RandomBot(seed * 10 + i) for i in range(len(table))]
        result = play(table, cards, seed=seed, bots=bots, audit=True, max_rounds=8)
        assert result.audit == {}, (seed, result.audit)
        assert result.game.finished


def test_only_ready_unlocked_minions_are_offered_actions_and_blocks(archive, cards) -> None:
    """4.3.1 (L847-857): checked on every option offered in 40 games."""
    for seed in range(40):
        table = _table(archive, 2000 + seed)
        holder: list[g.Game] = []
        bots = [Checking(HeuristicBot(), holder) for _ in table]
        game = tb.setup(table, cards, seed=seed, max_rounds=10)
        holder.append(game)
        views = [View(game, i) for i in range(len(table))]

        def decide(seat: int, options: list[Option], bots=bots, views=views) -> int:
            return options.index(bots[seat].decide(views[seat], options))

        g.run(game, decide)
        assert not [p for b in bots for p in b.problems], seed


def test_same_seed_same_game_and_replay_reproduces_the_hash(archive, cards) -> None:
    """A game is its seed plus its decisions (design, "Determinism, replay, logs")."""
    for seed in (3, 17, 42):
        table = _table(archive, seed)
        first = play(table, cards, seed=seed, max_rounds=12)
        second = play(table, cards, seed=seed, max_rounds=12)
        assert first.hash == second.hash and first.decisions == second.decisions
        replayed = tb.replay(table, cards, seed=seed, decisions=first.decisions, max_rounds=12)
        assert replayed.hash == first.hash == state_hash(first.game)
        other = play(table, cards, seed=seed + 1, max_rounds=12)
        assert other.hash != first.hash


def test_a_replay_with_a_wrong_decision_is_refused(archive, cards) -> None:
    table = _table(archive, 5)
    first = play(table, cards, seed=5, max_rounds=6)
    with pytest.raises(g.GameError):
        tb.replay(table, cards, seed=5, decisions=[*first.decisions[:10], 10_000], max_rounds=6)
    with pytest.raises(g.GameError):
        tb.replay(table, cards, seed=5, decisions=first.decisions[:10], max_rounds=6)


class Idle:
    """A Methuselah that does nothing: it takes the first option, which is always PASS where passing is legal
    (it never transfers, so it never brings a vampire out, never acts and never blocks)."""

    def decide(self, view: View, options: list[Option]) -> Option:
        return options[0]


def test_control_a_stealth_bleed_deck_against_four_that_do_nothing_sweeps(archive, cards) -> None:
    """ENGINE.md's control: a real bleed deck against four Methuselahs who do nothing wins almost always (issue
    15: at least 90 %). 20 games, the deck in every seat in turn."""
    deck = next(d for d in archive if sum(d.crypt.values()) >= 12)
    wins = 0
    games = 20
    for seed in range(games):
        seat = seed % 5
        table = [deck if i == seat else archive[(seed + i) % len(archive)] for i in range(5)]
        bots = [HeuristicBot() if i == seat else Idle() for i in range(5)]
        result = play(table, cards, seed=seed, bots=bots, max_rounds=40)
        wins += g.economy.winner(result.game) == seat
    assert wins >= 0.9 * games, wins


def test_the_safety_stop_ends_a_runaway_game_on_time(archive, cards, monkeypatch) -> None:
    """A game past the decision cap is stopped where it stands: it ends on time (½ VP to each survivor, 7.3),
    its cards are all in zones again, and the run counts it as a time-out (``Game.stopped``)."""
    monkeypatch.setattr(g, "MAX_DECISIONS", 50)
    result = play(_table(archive, 9), cards, seed=9, audit=True)
    game = result.game
    assert game.finished and game.stopped and game.ended_by == "time"
    assert result.audit == {}
    assert sum(s.vp for s in game.seats) == 0.5 * len(game.order) + sum(s.ousted for s in game.seats)


_CHILD = """
import json, random, sys
padding = [object() for _ in range(int(sys.argv[1]))]  # moves every later object to another address
from tests.paths import TWDA
from vtesdeck.core import carddb
from vtesdeck.core.engine import run, table
from vtesdeck.core.twda import read_archive
cards = carddb.load()
decks = run.field_from_files(read_archive(TWDA), cards, limit=120)
rng = random.Random(11)
out = []
for seed in range(int(sys.argv[2])):
    played = table.play(rng.sample(decks, 5), cards, seed=seed, bots=table.heuristic_bots(5))
    out.append([played.hash, list(played.decisions)])
print(json.dumps(out))
"""


def test_a_seed_gives_the_same_game_in_any_process_whatever_its_memory_layout() -> None:
    """A game is its seed plus its decisions in every process: a worker that ran other jobs first, a replay
    elsewhere. Three processes with other string hash seeds and objects at other addresses play the same 30
    games: the same decisions (indices into the options: so the options come in the same order) and hashes.
    (Options once came out of a set of weapons' strikes, ordered by the addresses of the functions they hold.)"""
    import json
    import os
    import subprocess
    import sys

    from tests.paths import PROJECT

    runs = []
    for hash_seed, padding in (("1", 0), ("2", 1000), ("3", 7000)):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        runs.append(
            subprocess.Popen(
                [sys.executable, "-c", _CHILD, str(padding), "30"],
                cwd=PROJECT,
                env=env,
                stdout=subprocess.PIPE,
                text=True,
            )
        )
    games = [json.loads(child.communicate(timeout=600)[0]) for child in runs]
    assert all(child.returncode == 0 for child in runs)
    assert len(games[0]) == 30
    assert games[1] == games[0] and games[2] == games[0]
