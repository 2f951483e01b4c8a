"""A run's games (``engine.run``): DESIGN.md's games JSON per game, errors kept per game, determinism (game i
depends only on the seed, the decks, the seats, the options and i; digest 5 for ousts and VP)."""

from __future__ import annotations

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.engine import report, run, schedule

FILES = ("10009.txt", "10012.txt")


@pytest.fixture(scope="module")
def decks(cards):
    return [decklist.parse((TWDA / name).read_bytes(), cards) for name in FILES]


def test_each_game_gives_a_record_whose_oust_order_and_vp_follow_digest_5(decks, cards):
    games = run.play_games(decks, cards, seed=3, players=4, start=0, stop=3, field=decks)
    assert not games.errors and [r.game for r in games.records] == [0, 1, 2]
    for r in games.records:
        assert r.seed == schedule.game_seed(3, r.game)
        assert r.decks == schedule.seating(r.game, 2, 4)
        assert r.end in report.ENDS and r.rounds >= 1 and r.decisions > 0
        ousted = [s for s, at in enumerate(r.ousted_round) if at is not None]
        assert sorted(r.oust_order) == ousted
        rounds = [r.ousted_round[s] for s in r.oust_order]
        assert rounds == sorted(rounds)  # first ousted first
        if r.end == "last_standing":
            assert sum(r.vp) == 4  # 1 VP per oust and 1 for the last standing (digest 5)


def test_the_first_k_games_of_a_longer_run_equal_a_k_game_run(decks, cards):
    short = run.play_games(decks, cards, seed=5, players=4, start=0, stop=2, field=decks)
    long = run.play_games(decks, cards, seed=5, players=4, start=0, stop=4, field=decks)
    chunk = run.play_games(decks, cards, seed=5, players=4, start=2, stop=4, field=decks)
    lines = [r.to_json_line() for r in long.records]
    assert [r.to_json_line() for r in short.records] == lines[:2]
    assert [r.to_json_line() for r in chunk.records] == lines[2:]


def test_a_game_that_raises_is_an_error_of_the_run_not_a_crash(decks, cards, monkeypatch):
    real = run.play

    def flaky(at_seats, cards, *, seed, **kwargs):
        if seed == schedule.game_seed(1, 1):
            raise RuntimeError("boom")
        return real(at_seats, cards, seed=seed, **kwargs)

    monkeypatch.setattr(run, "play", flaky)
    seen = []
    games = run.play_games(decks, cards, seed=1, players=4, start=0, stop=3, field=decks, on_record=seen.append)
    assert [e.to_dict() for e in games.errors] == [
        {"game": 1, "seed": schedule.game_seed(1, 1), "error": "RuntimeError: boom"}
    ]
    assert [r.game for r in games.records] == [0, 2]
    assert [type(x).__name__ for x in seen] == ["GameRecord", "GameError", "GameRecord"]
    summary = run.summary(games, decks, cards, paths=list(FILES), seed=1, players=4, seconds=1.0)
    assert summary["games"] == 3 and summary["errors"][0]["game"] == 1


def test_bad_runs_are_refused_before_any_game(decks, cards):
    for kwargs in ({"players": 3}, {"seed": -1}, {"rounds": 0}, {"rules": "v5"}):
        options = {"seed": 1, "players": 4, "start": 0, "stop": 1, "field": decks, **kwargs}
        with pytest.raises(ValueError):
            run.play_games(decks, cards, **options)
    with pytest.raises(ValueError, match="archive"):
        run.play_games(decks, cards, seed=1, players=4, start=0, stop=1)


def test_coverage_counts_copies_and_a_vampire_without_a_spec_is_not_implemented(decks, cards):
    cover = run.coverage(decks, cards)
    assert cover.coverage is not None and 0 <= cover.coverage <= 1
    dana = next(u for u in cover.unsupported if u.name == "Dancin' Dana")  # Tupdog has a spec now
    assert dana.copies == 2
    assert len(cover.per_deck) == 2


def test_an_audited_game_replays_to_the_same_hash(decks, cards):
    played = run.play_one(decks, cards, seed=2, players=4, i=1, field=decks, audit=True)
    assert played.result.audit == {}
    assert run.replay_one(played, cards).hash == played.result.hash == run.record(played).hash
