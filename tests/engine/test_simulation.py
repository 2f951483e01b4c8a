"""The games job (``engine.simulation``): a deck against fixed decks, archetypes and the field, played in chunks
that any worker may run, merged in any order, and reported per DESIGN.md's games summary plus the player's
figures (VP, wins, survival, seats, opponents, per card, first vampire).

Rules behind the per-card figures: a library card is played from the hand by a minion meeting its
requirements and paying its cost (digest 4.0, 4.3.1); a card whose requirements no crypt card meets is never
playable ("stuck"); crypt cards come into play in the influence phase (4.4)."""

from __future__ import annotations

import json
import random

import pytest

from tests.paths import TWDA
from vtesdeck.core.deck import Deck
from vtesdeck.core.eligibility import for_cards
from vtesdeck.core.engine import game as g
from vtesdeck.core.engine import report, run, schedule
from vtesdeck.core.engine import simulation as sim
from vtesdeck.core.engine import table as tb
from vtesdeck.core.engine.cards import Role
from vtesdeck.core.engine.compile import compiled
from vtesdeck.core.engine.state import OPENING_CRYPT
from vtesdeck.core.engine.table import heuristic_bots
from vtesdeck.core.twda import read_archive


def play(decks, cards, **options):  # type: ignore[no-untyped-def]
    """A game with the usual bots (a HeuristicBot per seat) unless the test seats others."""
    options.setdefault("bots", heuristic_bots(len(decks)))
    return tb.play(decks, cards, **options)


SEED = 7


@pytest.fixture(scope="module")
def archive(cards) -> list[Deck]:
    """60 playable archive decks since 2018, in file order (the same games on every run)."""
    decks = run.field_from_files(read_archive(TWDA), cards, limit=60)
    assert len(decks) >= 30
    return decks


def _clan(deck: Deck, cards) -> str:
    """A stand-in archetype label for the tests: the first vampire's clan."""
    first = cards[next(iter(deck.crypt))]
    return first.clans[0] if first.clans else ""


def _field(archive: list[Deck], cards, decks: slice = slice(10, 60)) -> sim.Opponent:
    pool = tuple(sim.pool_deck(d, archetype=_clan(d, cards), key=d.path) for d in archive[decks])
    return sim.Opponent(kind="field", key="2018-01-01", label="The field since 2018-01-01", decks=pool)


def _fixed(deck: Deck, key: str) -> sim.Opponent:
    return sim.Opponent(kind="deck", key=key, label=deck.name, decks=(sim.pool_deck(deck, key=key),))


def _plan(archive: list[Deck], cards, *, players: int = 5, rounds: int | None = 6, deck: Deck | None = None):
    opponents = [_fixed(archive[1], "1"), _field(archive, cards, slice(2, 8)), *[_field(archive, cards)] * 2]
    return sim.compile_plan(
        deck or archive[0], cards, opponents=opponents[: players - 1], players=players, rounds=rounds, seed=SEED
    )


def _without_seconds(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


def test_a_plan_goes_through_json_and_back(archive, cards) -> None:
    plan = _plan(archive, cards)
    data = json.loads(json.dumps(plan.to_dict(), allow_nan=False))
    assert sim.GamesPlan.from_dict(data) == plan
    assert [o.kind for o in plan.opponents] == ["deck", "field", "field", "field"]
    assert plan.cards[0].part == "crypt" and plan.cards[-1].part == "library"
    with pytest.raises(sim.GamesInputError, match="another version"):
        sim.GamesPlan.from_dict({**data, "version": sim.PLAN_VERSION + 1})
    with pytest.raises(ValueError, match="damaged"):
        sim.GamesPlan.from_dict({**data, "players": 6})


def test_chunks_merged_in_any_order_give_the_report_of_one_chunk(archive, cards) -> None:
    plan = _plan(archive, cards, players=4)
    whole = sim.simulate_chunk(plan, cards, seed=SEED, start=0, stop=12)
    chunks = [sim.simulate_chunk(plan, cards, seed=SEED, start=a, stop=b) for a, b in ((0, 5), (5, 9), (9, 12))]
    expected = _without_seconds(sim.games_report(plan, whole, seed=SEED, seconds=1.0))
    for order in (chunks, chunks[::-1], [chunks[1], chunks[2], chunks[0]]):
        merged = sim.merge_tallies(json.loads(json.dumps(t)) for t in order)
        assert _without_seconds(sim.games_report(plan, merged, seed=SEED, seconds=2.0)) == expected
    assert expected["games"] == 12 and expected["decks"][0]["seat_games"] == 12
    full = sim.games_report(plan, whole, seed=SEED, seconds=1.0)
    assert list(full)[: len(report.SUMMARY_KEYS)] == list(report.SUMMARY_KEYS)
    assert [row["path"] for row in expected["decks"]] == ["deck", "deck:1", "field:2018-01-01", "field:2018-01-01"]
    assert [list(row) for row in expected["decks"]] == [list(report.DECK_KEYS)] * 4


def test_game_i_of_play_game_is_the_game_the_chunk_played(archive, cards, monkeypatch) -> None:
    plan = _plan(archive, cards)
    hashes: dict[int, str] = {}
    record = run.record

    def spy(played: run.Played) -> report.GameRecord:
        hashes[played.table.game] = played.result.hash
        return record(played)

    monkeypatch.setattr(run, "record", spy)
    sim.simulate_chunk(plan, cards, seed=SEED, start=3, stop=6)
    monkeypatch.undo()
    assert sorted(hashes) == [3, 4, 5]
    for i, digest in hashes.items():
        assert sim.play_game(plan, cards, seed=SEED, i=i).result.hash == digest
    logged = sim.play_game(plan, cards, seed=SEED, i=4, log=True)
    assert logged.result.hash == hashes[4] and logged.result.game.events


def test_card_statistics_change_no_decision_and_no_hash(archive, cards) -> None:
    rng = random.Random(3)
    for seed in range(4):
        table = rng.sample(archive, 5)
        plain = play(table, cards, seed=seed, max_rounds=8)
        counted = play(table, cards, seed=seed, max_rounds=8, stats=True)
        assert counted.hash == plain.hash and counted.decisions == plain.decisions
        assert plain.game.stats is None and counted.game.stats is not None and len(counted.game.stats) == 5


def test_every_slot_sits_at_every_seat_equally(archive, cards) -> None:
    plan = _plan(archive, cards, rounds=2)
    k = 2
    tally = sim.simulate_chunk(plan, cards, seed=SEED, start=0, stop=plan.players * k)
    assert tally["slot_seats"] == [[k] * plan.players] * plan.players
    summary = sim.games_report(plan, tally, seed=SEED, seconds=1.0)
    assert [row["games"] for row in summary["deck"]["by_seat"]] == [k] * plan.players
    assert [row["seat"] for row in summary["deck"]["by_seat"]] == list(range(1, plan.players + 1))


def test_slots_drawing_from_one_pool_get_different_decks(archive, cards) -> None:
    """The two last slots draw from the same pool: never the same deck at one table, and not the same deck
    every game; the fixed slots hold their decks."""
    plan = _plan(archive, cards)
    assert plan.opponents[-1].decks == plan.opponents[-2].decks
    last: set[str] = set()
    for i in range(4):
        played = sim.play_game(plan, cards, seed=SEED, i=i)
        at = dict(zip(played.table.seats, played.decks, strict=True))
        assert at[3] != at[4]
        assert at[0] == plan.deck.to_core() and at[1] == plan.opponents[0].decks[0].to_core()
        assert at[4] in [deck.to_core() for deck in plan.opponents[-1].decks]
        last.add(at[4].checksum())
    assert len(last) > 1


def test_opponents_are_grouped_by_the_archetype_drawn(archive, cards) -> None:
    """Each game counts once per archetype at the table (a fixed deck under its name), with the deck's VP."""
    plan = _plan(archive, cards, rounds=3)
    expected: dict[str, list[float]] = {}
    for i in range(5):
        played = sim.play_game(plan, cards, seed=SEED, i=i)
        game = played.result.game
        labels = set()
        for seat, slot in enumerate(played.table.seats):
            if slot == 0:
                mine = game.seats[seat].vp
            elif slot == 1:
                labels.add(plan.opponents[0].label)
            else:
                drawn = [d for d in plan.opponents[slot - 1].decks if d.to_core() == played.decks[seat]]
                labels.add(drawn[0].archetype or "Other")
        for label in labels:
            expected.setdefault(label, []).append(mine)
    tally = sim.simulate_chunk(plan, cards, seed=SEED, start=0, stop=5)
    rows = sim.games_report(plan, tally, seed=SEED, seconds=1.0)["opponents"]
    assert {row["label"]: row["games"] for row in rows} == {label: len(vps) for label, vps in expected.items()}
    for row in rows:
        assert row["deck_vp_mean"] == pytest.approx(sum(expected[row["label"]]) / row["games"])
    assert [row["games"] for row in rows] == sorted((row["games"] for row in rows), reverse=True)


def _stuck_card(deck: Deck, cards) -> int:
    """A modelled card that only a minion can play and that no vampire of the deck's crypt may play."""
    comp = compiled(cards)
    book = for_cards(cards)
    handlers: dict[int, list] = {}
    for (card_id, _), handler in comp.by_mode.items():
        handlers.setdefault(card_id, []).append(handler)
    for card_id in sorted(comp.implemented):
        modes = handlers.get(card_id, [])
        if (
            card_id not in deck.library
            and modes
            and all(h.role is not Role.METHUSELAH and h.requirement is not None for h in modes)
            and book.unplayable(deck.crypt, [card_id]) == [card_id]
        ):
            return card_id
    raise AssertionError("no card the crypt cannot play")


def test_per_card_figures_match_a_count_of_the_cards(archive, cards) -> None:
    """Short games (3 rounds: no Methuselah is ousted so early here, so every card drawn is still out of the
    library): copies drawn are the copies gone from library and crypt; a card the crypt cannot play is stuck
    whenever drawn and never played; an unmodelled card says so."""
    base = archive[0]
    stuck_id = _stuck_card(base, cards)
    deck = Deck(name=base.name, crypt=dict(base.crypt), library={**base.library, stuck_id: 6})
    plan = _plan(archive, cards, rounds=3, deck=deck)
    rows = {card.id: k for k, card in enumerate(plan.cards)}
    unmodelled = [card for card in plan.cards if not card.modelled and card.part == "library"]
    assert unmodelled, "the deck has a card the engine does not implement"
    total = None
    for i in range(5):
        tally = sim.simulate_chunk(plan, cards, seed=SEED, start=i, stop=i + 1)
        played = sim.play_game(plan, cards, seed=SEED, i=i)
        seat = played.result.game.seats[played.table.seats.index(0)]
        assert not seat.ousted
        for card in plan.cards:
            zone = seat.crypt if card.part == "crypt" else seat.library
            gone = card.count - sum(played.result.game.card_of[c] == card.id for c in zone)
            assert tally["cards"][rows[card.id]][1] == gone, card.name
        total = tally if total is None else sim.merge_tallies([total, tally])
    summary = sim.games_report(plan, total, seed=SEED, seconds=1.0)
    row = summary["cards"][rows[stuck_id]]
    assert row["modelled"] and row["drawn"] > 0
    assert row["stuck"] == 1.0 and row["played"] == 0.0 and row["dead"] == 1.0
    for card in unmodelled:
        assert summary["cards"][rows[card.id]]["modelled"] is False
        assert summary["cards"][rows[card.id]]["stuck"] is None and summary["cards"][rows[card.id]]["dead"] is None
    crypt_rows = [r for r in summary["cards"] if r["part"] == "crypt"]
    assert sum(r["drawn_mean"] for r in crypt_rows) >= OPENING_CRYPT  # the opening crypt draw counts
    assert sum(r["played_mean"] for r in crypt_rows) > 0  # vampires came into play within 3 rounds


def test_vampires_brought_out_and_the_first_vampire_match_the_game_log(archive, cards) -> None:
    """Counted from each game's log: the crypt cards the deck's seat brought into play, and its own turn (its
    "turn" events so far) of its first "bring out" (4.4: vampires come out in the influence phase)."""
    plan = _plan(archive, cards, rounds=4)
    crypt = {card.id: k for k, card in enumerate(plan.cards) if card.part == "crypt"}
    total = None
    by_seat: dict[int, list[int | None]] = {}
    for i in range(2 * plan.players):
        tally = sim.simulate_chunk(plan, cards, seed=SEED, start=i, stop=i + 1)
        played = sim.play_game(plan, cards, seed=SEED, i=i, log=True)
        game = played.result.game
        seat = played.table.seats.index(0)
        turns, first, out = 0, None, {card_id: 0 for card_id in crypt}
        for event in game.events or []:
            if event[0] == "turn" and event[1] == seat:
                turns += 1
            if event[0] == "bring out" and event[1] == seat:
                out[game.card_of[event[2]]] += 1  # type: ignore[index]
                first = first or turns
        assert {card_id: tally["cards"][k][3] for card_id, k in crypt.items()} == out
        assert tally["first_vampire"][seat] == {
            "games": 1,
            "turns": {str(first): 1} if first else {},
            "never": int(first is None),
        }
        by_seat.setdefault(seat, []).append(first)
        total = tally if total is None else sim.merge_tallies([total, tally])
    seats = sim.games_report(plan, total, seed=SEED, seconds=1.0)["first_vampire"]["seats"]
    assert [row["seat"] for row in seats] == list(range(1, plan.players + 1))
    for row in seats:
        firsts = by_seat[row["seat"] - 1]
        assert row["games"] == len(firsts) == 2
        assert row["by_turn"] == [sum(f is not None and f <= t for f in firsts) / 2 for t in range(1, 11)]
        assert row["never"] == sum(f is None for f in firsts) / 2


def test_a_game_that_raises_is_an_error_of_the_tally_and_a_stop_is_not(archive, cards, monkeypatch) -> None:
    plan = _plan(archive, cards, rounds=2)
    bad = schedule.game_seed(SEED, 1)
    real = sim.play

    def broken(decks, cards_, **kw):  # type: ignore[no-untyped-def]
        if kw["seed"] == bad:
            raise g.GameError("a broken rule")
        return real(decks, cards_, **kw)

    monkeypatch.setattr(sim, "play", broken)
    tally = sim.simulate_chunk(plan, cards, seed=SEED, start=0, stop=3)
    assert tally["games"] == 3 and tally["played"] == 2 and tally["error_count"] == 1
    assert tally["errors"] == [{"game": 1, "seed": bad, "error": "GameError: a broken rule"}]
    done: list[int] = []

    def cancel(n: int) -> None:
        done.append(n)
        raise KeyboardInterrupt("cancelled")

    with pytest.raises(KeyboardInterrupt):
        sim.simulate_chunk(plan, cards, seed=SEED, start=0, stop=3, progress=cancel)
    assert done == [1]


def test_compile_plan_refuses_what_cannot_be_played(archive, cards) -> None:
    field = _field(archive, cards)
    small = Deck(name="Two vampires", crypt=dict(list(archive[0].crypt.items())[:1]), library=dict(archive[0].library))
    with pytest.raises(sim.GamesInputError) as refused:
        sim.compile_plan(small, cards, opponents=[field] * 4)
    assert refused.value.field == "deck" and "cannot sit at a table" in str(refused.value)
    for count in (3, 5):
        with pytest.raises(sim.GamesInputError) as refused:
            sim.compile_plan(archive[0], cards, opponents=[field] * count)
        assert refused.value.field == "opponents"
    empty = sim.Opponent(kind="archetype", key="none", label="Nobody", decks=(sim.pool_deck(small),))
    with pytest.raises(sim.GamesInputError) as refused:
        sim.compile_plan(archive[0], cards, opponents=[field, field, field, empty])
    assert refused.value.field == "opponents" and "Nobody" in str(refused.value)
    with pytest.raises(sim.GamesInputError) as refused:
        sim.compile_plan(archive[0], cards, opponents=[field] * 5, players=6)
    assert refused.value.field == "players"
    with pytest.raises(sim.GamesInputError) as refused:
        sim.compile_plan(archive[0], cards, opponents=[field] * 4, rules="2020")
    assert refused.value.field == "rules"
    with pytest.raises(sim.GamesInputError) as refused:
        sim.compile_plan(archive[0], cards, opponents=[field] * 4, rounds=0)
    assert refused.value.field == "rounds"


def test_a_large_pool_is_sampled_with_the_seed_and_unplayable_decks_dropped(archive, cards, monkeypatch) -> None:
    monkeypatch.setattr(sim, "FIELD_POOL_MAX", 10)
    broken = sim.pool_deck(Deck(name="Empty", crypt={}, library=dict(archive[0].library)))
    field = _field(archive, cards)
    field = sim.Opponent(kind=field.kind, key=field.key, label=field.label, decks=(broken, *field.decks))
    plans = [sim.compile_plan(archive[0], cards, opponents=[field] * 4, seed=s) for s in (1, 1, 2)]
    pools = [plan.opponents[0].decks for plan in plans]
    assert [len(p) for p in pools] == [10, 10, 10]
    assert pools[0] == pools[1] and pools[0] != pools[2]
    assert plans[0].opponents[1].decks == pools[0]  # slots given one pool keep one pool
    assert all(broken not in p for p in pools)
    assert all(set(p) <= set(field.decks) for p in pools)
    # the report says how large the pool asked for was, as the plan read back from its JSON does
    assert [o.sampled_from for o in plans[0].opponents] == [len(field.decks)] * 4
    assert sim.GamesPlan.from_dict(plans[0].to_dict()).opponents == plans[0].opponents
    monkeypatch.setattr(sim, "FIELD_POOL_MAX", len(field.decks))
    unsampled = sim.compile_plan(archive[0], cards, opponents=[field] * 4, seed=1)
    assert [o.sampled_from for o in unsampled.opponents] == [0] * 4  # the whole pool, nothing to say


def test_a_plan_stored_before_pools_were_said_sampled_reads_as_not_sampled(archive, cards) -> None:
    plan = sim.compile_plan(archive[0], cards, opponents=[_field(archive, cards)] * 4)
    stored = plan.to_dict()
    for opponent in stored["opponents"]:
        del opponent["sampled_from"]
    assert sim.GamesPlan.from_dict(stored) == plan


def test_chunk_sizes_cut_a_job() -> None:
    assert sim.chunk_sizes(60) == [25, 25, 10]
    assert sim.chunk_sizes(50, 25) == [25, 25]
    with pytest.raises(sim.GamesInputError):
        sim.chunk_sizes(sim.MAX_GAMES + 1)


def test_an_action_card_counts_as_played_when_its_action_is_announced(archive, cards) -> None:
    """4.3.3 step 1: an action card is played as its action is announced (it leaves the hand then), not through
    a play window. Its "played" copies are the seat's "action" events with that card, counted from the log."""
    comp = compiled(cards)

    def action_cards(deck: Deck) -> set[int]:
        in_play = {card for card, _window in comp.in_play}  # none of these: a card in play announces no action
        return {i for i in deck.library if i in comp.implemented and cards[i].types == ("Action",) and i not in in_play}

    deck = max(archive[:10], key=lambda d: sum(d.library[i] for i in action_cards(d)))
    wanted = action_cards(deck)
    assert wanted, "a deck with modelled action cards"
    plan = _plan(archive, cards, rounds=8, deck=deck)
    rows = {card.id: k for k, card in enumerate(plan.cards)}
    announced = dict.fromkeys(wanted, 0)
    for i in range(6):
        game = sim.play_game(plan, cards, seed=SEED, i=i, log=True)
        seat = game.table.seats.index(0)
        state = game.result.game
        for event in state.events or ():
            if event[0] == "action" and event[1] == seat and isinstance(event[4], int) and event[4] >= 0:
                card = state.card_of[event[4]]
                if card in announced:
                    announced[card] += 1
    tally = sim.simulate_chunk(plan, cards, seed=SEED, start=0, stop=6)
    assert {card: tally["cards"][rows[card]][3] for card in wanted} == announced
    assert sum(announced.values()) > 0, "the deck announced an action card in six games"


def test_a_tally_keeps_the_deck_s_vp_and_win_of_each_game_for_pairing_two_jobs(archive, cards) -> None:
    from vtesdeck.core.engine import compare

    plan = _plan(archive, cards, players=4)
    tallies = [sim.simulate_chunk(plan, cards, seed=SEED, start=a, stop=b) for a, b in ((0, 3), (3, 5))]
    merged = sim.merge_tallies(reversed(tallies))
    assert list(merged["per_game"]) == ["0", "1", "2", "3", "4"]  # each game once, in game order
    results = compare.job_results(merged["per_game"], 5)
    report = sim.games_report(plan, merged, seed=SEED, seconds=1.0)
    assert sum(v for v in results.vp if v is not None) / 5 == pytest.approx(report["deck"]["vp_mean"])
    assert sum(w for w in results.wins if w is not None) == round(report["deck"]["win_rate"] * 5)
    # Another deck at the same tables is paired with this one game by game; another table is not.
    other = _plan(archive, cards, players=4, deck=archive[9])
    assert sim.same_tables(plan, other) and not sim.same_tables(plan, _plan(archive, cards, players=4, rounds=7))
    assert not sim.same_tables(plan, _plan(archive, cards, players=5))
