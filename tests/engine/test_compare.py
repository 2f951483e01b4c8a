"""Paired runs (``engine.compare``): A and B in the same games differ only by the deck in slot 0, so a deck paired
with itself differs by exactly 0; the paired difference and its interval; the verdict in words; card_impact's
blanks, its games as built played once for every card, and its order (most valuable first)."""

from __future__ import annotations

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck
from vtesdeck.core.engine import compare, run
from vtesdeck.core.engine.compile import compiled
from vtesdeck.core.engine.simulation import GamesInputError
from vtesdeck.core.engine.state import vampire_template
from vtesdeck.core.twda import read_archive

MINUS = compare.MINUS


@pytest.fixture(scope="module")
def field(cards):
    return run.field_from_files(read_archive(TWDA), cards, limit=8)


@pytest.fixture(scope="module")
def tupdogs(cards):
    return decklist.parse((TWDA / "10009.txt").read_bytes(), cards)


@pytest.fixture(scope="module")
def malkavians(cards):
    return decklist.parse((TWDA / "10012.txt").read_bytes(), cards)


def test_a_deck_paired_with_itself_differs_by_exactly_zero(tupdogs, cards, field):
    result = compare.compare(tupdogs, tupdogs, cards, games=6, seed=3, players=4, field=field)
    assert (result.diff.vp, result.diff.vp_ci95, result.diff.wins, result.diff.wins_ci95) == (0, (0, 0), 0, (0, 0))
    assert result.a == result.b and result.diff.games == 6 and not result.errors
    data = result.to_dict()
    assert data["verdict"] == "no difference found at this size (95 % [0.00, 0.00])"
    assert data["decks"][0] == {
        "vp_mean": result.a.vp_mean,
        "vp_ci95": list(result.a.vp_ci95),
        "game_wins": result.a.game_wins,
    }


def test_the_paired_games_differ_only_by_the_deck_compared(tupdogs, malkavians, cards, field, monkeypatch):
    """Game i of A and game i of B: the same seed, seats, opponents and field; only slot 0 changes."""
    calls = []
    real = run.play_one

    def spy(decks, cards, **kwargs):
        calls.append((decks[0], list(decks[1:]), kwargs))
        return real(decks, cards, **kwargs)

    monkeypatch.setattr(run, "play_one", spy)
    opponent = [malkavians]
    compare.compare(tupdogs, malkavians, cards, games=3, seed=2, players=4, opponents=opponent, field=field)
    assert [deck for deck, _, _ in calls] == [tupdogs] * 3 + [malkavians] * 3
    assert [rest for _, *rest in calls[:3]] == [rest for _, *rest in calls[3:]]


def test_two_different_decks_give_a_paired_difference_equal_to_the_difference_of_means(
    tupdogs, malkavians, cards, field
):
    result = compare.compare(tupdogs, malkavians, cards, games=8, seed=1, players=4, field=field)
    assert result.diff.vp == pytest.approx(result.b.vp_mean - result.a.vp_mean)
    low, high = result.diff.vp_ci95
    assert low < result.diff.vp < high  # the paired games differ: their differences have a spread
    again = compare.compare(tupdogs, malkavians, cards, games=8, seed=1, players=4, field=field)
    assert again.to_dict() == result.to_dict()  # same arguments, same figures


def test_a_deck_whose_library_is_all_blanks_does_worse(cards, field):
    # A bleed deck's library (archive 10032: Govern the Unaligned, Conditioning, Deflection): without it the
    # deck lost 0.25 to 1.2 VP a game in every seed tried (10 paired games at four seats, seeds 2 to 7).
    tremere = decklist.parse((TWDA / "10032.txt").read_bytes(), cards)
    table = compare.with_blanks(tremere, cards)
    blank = tremere
    for card_id in list(tremere.library):
        blank = compare.blanked(blank, card_id, table)
    assert blank.library == {compare.BLANK_LIBRARY: tremere.library_count} and blank.crypt == tremere.crypt
    result = compare.compare(tremere, blank, table, games=10, seed=3, players=4, field=field)
    assert result.diff.vp < 0 and result.diff.games == 10
    assert compare.verdict(result.diff.vp, result.diff.vp_ci95).startswith(("A is better by", "no difference"))


@pytest.mark.parametrize(
    "diff, ci, words",
    [
        (0.1, (0.01, 0.18), "B is better by 0.10 VP a game, 95 % [0.01, 0.18]"),
        (-0.1, (-0.18, -0.01), "A is better by 0.10 VP a game, 95 % [0.01, 0.18]"),
        (0.01, (-0.05, 0.07), f"no difference found at this size (95 % [{MINUS}0.05, 0.07])"),
        (0.0, (-0.001, 0.001), "no difference found at this size (95 % [0.00, 0.00])"),
        (0.5, None, "too few games to tell (an interval needs at least 2)"),
        (None, None, "no game finished on both sides: nothing to compare"),
    ],
)
def test_the_verdict_says_which_deck_is_better_only_when_the_interval_leaves_0_out(diff, ci, words):
    assert compare.verdict(diff, ci) == words


def test_runs_that_cannot_be_played_are_refused_before_any_game(tupdogs, cards, field):
    for kwargs in ({"players": 3}, {"games": 0}, {"seed": -1}, {"opponents": [tupdogs] * 4}):
        with pytest.raises(ValueError):
            compare.compare(tupdogs, tupdogs, cards, **{"games": 1, "seed": 0, "players": 4, "field": field, **kwargs})
    with pytest.raises(ValueError, match="archive"):
        compare.compare(tupdogs, tupdogs, cards, games=1, seed=0, players=4)
    with pytest.raises(ValueError, match="archive"):
        compare.card_impact(tupdogs, cards, games=1, seed=0, players=4, field=())


def test_blanks_keep_the_deck_s_shape_and_the_card_s_place(tupdogs, cards):
    table = compare.with_blanks(tupdogs, cards)
    tupdog = cards.lookup("Tupdog")
    keith = cards.lookup("Keith Moody")
    without = compare.blanked(tupdogs, tupdog.id, table)
    assert without.crypt_count == tupdogs.crypt_count and without.library == tupdogs.library
    blank = table[list(without.crypt)[list(tupdogs.crypt).index(tupdog.id)]]  # where Tupdog was
    assert blank.id not in cards and blank.capacity == tupdog.capacity and not blank.disciplines
    assert (blank.clans, blank.sect, blank.title, blank.votes) == ((), "", "", 0)
    assert not vampire_template(blank.id, table).unique  # Tupdogs are not unique: neither is their blank
    assert vampire_template(compare.blank_vampire(keith, cards).id, table).unique
    doll = cards.lookup("Deflection")
    library = compare.blanked(tupdogs, doll.id, table).library
    assert list(library) == [compare.BLANK_LIBRARY if c == doll.id else c for c in tupdogs.library]
    assert compare.BLANK_LIBRARY not in compiled(table).implemented  # never offered as a play
    with pytest.raises(ValueError):
        compare.blanked(tupdogs, cards.lookup("Blood Doll").id, table)


def test_card_impact_plays_the_games_as_built_once_for_every_card(tupdogs, cards, field, monkeypatch):
    names = ("Keith Moody", "Deflection", "Dive Bomb")  # a vampire, a modelled and an unmodelled library card
    only = {cards.lookup(name).id for name in names}
    played = []
    real = run.play_one
    monkeypatch.setattr(run, "play_one", lambda decks, cards, **kw: played.append(kw["i"]) or real(decks, cards, **kw))
    impact = compare.card_impact(tupdogs, cards, games=4, seed=5, players=4, field=field, only=only)
    assert len(played) == impact.played == compare.impact_games(tupdogs, 4, only) == 4 * (3 + 1)
    assert sorted(card.name for card in impact.cards) == sorted(names)
    deltas = [card.delta.vp for card in impact.cards]
    assert deltas == sorted(deltas, reverse=True)  # the most valuable first
    # The copy of the card index that holds the blanks plays the games as built exactly as the index does.
    built = compare.play_deck(tupdogs, cards, games=4, seed=5, players=4, field=field)
    assert impact.as_built == compare.figures(built, range(4), 4)
    dive_bomb = next(card for card in impact.cards if card.name == "Dive Bomb")
    assert not dive_bomb.modelled and dive_bomb.delta.vp == 0  # an unmodelled card already plays as a blank
    assert [list(card.to_dict()) for card in impact.cards] == [
        ["id", "name", "copies", "vp_delta", "vp_delta_ci95", "win_delta", "win_delta_ci95"]
    ] * 3
    assert list(impact.to_dict())[:3] == ["cards", "games", "seed"]
    assert {card.name: card.copies for card in impact.cards} == {"Keith Moody": 2, "Deflection": 2, "Dive Bomb": 4}


def test_a_game_that_raises_is_an_error_of_its_side_and_left_out_of_the_pairs(tupdogs, cards, field, monkeypatch):
    real = run.play_one

    def flaky(decks, cards, **kwargs):
        if decks[0] is not tupdogs and kwargs["i"] == 1:
            raise RuntimeError("boom")
        return real(decks, cards, **kwargs)

    monkeypatch.setattr(run, "play_one", flaky)
    table = compare.with_blanks(tupdogs, cards)
    other = compare.blanked(tupdogs, cards.lookup("Deflection").id, table)
    result = compare.compare(tupdogs, other, table, games=3, seed=0, players=4, field=field)
    assert [(side, error.game, error.error) for side, error in result.errors] == [("b", 1, "RuntimeError: boom")]
    assert result.diff.games == 2
    assert result.to_dict()["errors"][0]["deck"] == "b"


# --- in chunks, on workers ------------------------------------------------------------------------------------


def chunked(plan, cards, *, seed, games, size, order=reversed):
    """The plan's games played in chunks of ``size`` game indices, the chunks merged in the given order."""
    table = plan.table(cards)
    starts = list(range(0, games, size))
    tallies = [
        compare.play_chunk(plan, table, seed=seed, start=start, stop=min(start + size, games)) for start in starts
    ]
    return compare.merge_chunks(order(tallies))


def test_a_compare_plan_played_in_chunks_merged_in_any_order_gives_compare_s_figures(tupdogs, malkavians, cards, field):
    plan = compare.make_plan(tupdogs, cards, other=malkavians, field=field, players=4, seed=3)
    assert (plan.sides, plan.per_game) == (("a", "b"), 2)
    plan = compare.Plan.from_dict(plan.to_dict())  # as a worker reads it back from the job's row
    merged = chunked(plan, cards, seed=3, games=5, size=2)
    assert [len(merged["sides"][side]["vp"]) for side in ("a", "b")] == [5, 5]
    report = compare.plan_report(plan, cards, merged, seed=3)
    whole = compare.compare(tupdogs, malkavians, cards, games=5, seed=3, players=4, field=plan.field)
    assert report.to_dict() == whole.to_dict()


def test_an_impact_plan_played_in_chunks_gives_card_impact_s_figures_and_counts_every_game(tupdogs, cards, field):
    only = {cards.lookup(name).id for name in ("Keith Moody", "Deflection")}
    plan = compare.Plan.from_dict(
        compare.make_plan(tupdogs, cards, field=field, players=4, seed=5, only=only).to_dict()
    )
    assert plan.measured == tuple(compare.measured_cards(tupdogs, only)) and plan.per_game == 3
    done = []
    table = plan.table(cards)
    first = compare.play_chunk(plan, table, seed=5, start=0, stop=2, progress=done.append)
    assert done == list(range(1, 2 * plan.per_game + 1))  # each game of each side, the chunk's count
    rest = compare.play_chunk(plan, table, seed=5, start=2, stop=3)
    report = compare.plan_report(plan, cards, compare.merge_chunks([rest, first]), seed=5)
    whole = compare.card_impact(tupdogs, cards, games=3, seed=5, players=4, field=plan.field, only=only)
    assert report.to_dict() == whole.to_dict()
    assert [(card.id, card.modelled, card.crypt) for card in report.cards] == [
        (card.id, card.modelled, card.crypt) for card in whole.cards
    ]


def test_opponents_keep_their_seats_in_a_plan_played_in_chunks_and_the_field_fills_the_rest(
    tupdogs, malkavians, cards, field, monkeypatch
):
    """An opponent sits at a seat of its own in every game of every side; the field fills only the seats left, and
    none when the opponents fill the table (no field is needed then)."""
    plan = compare.Plan.from_dict(
        compare.make_plan(tupdogs, cards, other=tupdogs, opponents=[malkavians], field=field, players=4).to_dict()
    )
    assert [cards_of(deck) for deck in plan.opponents] == [cards_of(malkavians)] and plan.field
    seated = []
    real = run.play_one

    def spy(decks, cards, **kwargs):
        seated.append(([cards_of(deck) for deck in decks], len(kwargs["field"])))
        return real(decks, cards, **kwargs)

    monkeypatch.setattr(run, "play_one", spy)
    merged = compare.merge_chunks([compare.play_chunk(plan, cards, seed=4, start=0, stop=2)])
    assert [decks for decks, _ in seated] == [[cards_of(tupdogs), cards_of(malkavians)]] * 4  # games 0, 1 of A, of B
    report = compare.plan_report(plan, cards, merged, seed=4)
    assert report.diff.vp == 0  # A and B are the same deck at the same tables
    whole = compare.compare(
        tupdogs, tupdogs, cards, games=2, seed=4, players=4, opponents=plan.opponents, field=plan.field
    )
    assert report.to_dict() == whole.to_dict()

    full = compare.make_plan(tupdogs, cards, opponents=[malkavians] * 3, field=[], players=4, only=[])
    assert full.field == () and full.opponents == (malkavians,) * 3
    seated.clear()
    compare.play_chunk(full, full.table(cards), seed=4, start=0, stop=1)
    assert seated == [([cards_of(tupdogs)] + [cards_of(malkavians)] * 3, 0)]


def test_a_pool_at_seats_of_its_own_draws_a_deck_for_each_game_the_same_for_both_sides_and_in_chunks(
    tupdogs, malkavians, cards, field, monkeypatch
):
    """Two seats asking for one pool (an archetype's decks, say) beside the field: each draws one of the pool's
    decks per game, two different ones at one table, the same for A and for B, whatever the chunks; the plan writes
    the pool once."""
    pool = tuple(field[:4])
    plan = compare.make_plan(tupdogs, cards, other=malkavians, opponents=[pool, pool], field=field[4:], players=5)
    data = plan.to_dict()
    assert data["opponents"] == [{"pool": 0}, {"pool": 0}] and len(data["pools"]) == 1 and len(data["pools"][0]) == 4
    plan = compare.Plan.from_dict(data)
    assert plan.opponents[0] is plan.opponents[1] and [cards_of(d) for d in plan.opponents[0]] == [
        cards_of(d) for d in pool
    ]
    seats = []
    real = run.seated

    def held(deck: Deck) -> tuple:
        return tuple(sorted(deck.crypt.items())), tuple(sorted(deck.library.items()))

    def spy(decks, **kwargs):
        table, at_seats = real(decks, **kwargs)
        seats.append({slot: held(at_seats[seat]) for seat, slot in enumerate(table.seats) if slot in (1, 2)})
        return table, at_seats

    monkeypatch.setattr(run, "seated", spy)
    merged = compare.merge_chunks([compare.play_chunk(plan, cards, seed=1, start=k, stop=k + 1) for k in range(6)])
    drawn = [seats[2 * k] for k in range(6)]  # each chunk plays game k for A, then for B
    assert drawn == [seats[2 * k + 1] for k in range(6)]  # B's game k seats what A's did
    assert all(game[1] != game[2] and {game[1], game[2]} <= {held(d) for d in pool} for game in drawn)
    assert len({game[1] for game in drawn}) > 1  # a deck drawn per game, not one for the run
    whole = compare.compare(
        tupdogs, malkavians, cards, games=6, seed=1, players=5, opponents=plan.opponents, field=plan.field
    )
    assert compare.plan_report(plan, cards, merged, seed=1).to_dict() == whole.to_dict()
    with pytest.raises(GamesInputError) as refused:
        compare.make_plan(tupdogs, cards, opponents=[(Deck(name="empty"),)], field=field)
    assert refused.value.field == "opponents" and "pool" in str(refused.value)
    with pytest.raises(ValueError, match="damaged"):
        compare.Plan.from_dict({**data, "opponents": [{"pool": 1}]})


def cards_of(deck: Deck) -> tuple[dict[int, int], dict[int, int]]:
    """A deck's cards: what a plan keeps of it (its JSON drops the rest)."""
    return deck.crypt, deck.library


def test_a_plan_stored_before_paired_jobs_took_opponents_reads_as_the_field_alone(tupdogs, cards, field):
    data = compare.make_plan(tupdogs, cards, field=field, players=4).to_dict()
    del data["opponents"]
    assert compare.Plan.from_dict(data).opponents == ()


def test_chunks_must_cover_every_game_once(tupdogs, malkavians, cards, field):
    plan = compare.make_plan(tupdogs, cards, other=malkavians, field=field, players=4)
    one = compare.play_chunk(plan, cards, seed=0, start=0, stop=1)
    three = compare.play_chunk(plan, cards, seed=0, start=2, stop=3)
    with pytest.raises(ValueError, match="missing or counted twice"):
        compare.merge_chunks([one, three])
    with pytest.raises(ValueError, match="missing or counted twice"):
        compare.merge_chunks([one, one])
    with pytest.raises(ValueError, match="another version"):
        compare.merge_chunks([{**one, "version": 0}])


def test_a_plan_refuses_what_cannot_be_played_naming_the_field_at_fault(tupdogs, cards, field):
    small = Deck(name="small", crypt=dict(tupdogs.crypt), library={cards.lookup("Deflection").id: 5})
    cases = [
        ({"other": small}, "other"),
        ({"players": 3}, "players"),
        ({"seed": -1}, "seed"),
        ({"field": []}, "opponents"),
        ({"opponents": [tupdogs] * 4, "players": 4}, "opponents"),  # 4 seats leave room for 3
        ({"opponents": [small]}, "opponents"),
    ]
    for kwargs, name in cases:
        with pytest.raises(GamesInputError) as refused:
            compare.make_plan(tupdogs, cards, **{"field": field, **kwargs})
        assert refused.value.field == name, kwargs
    with pytest.raises(GamesInputError) as refused:
        compare.make_plan(small, cards, field=field)
    assert refused.value.field == "deck" and "cannot sit at a table" in str(refused.value)
    with pytest.raises(ValueError, match="another version"):
        compare.Plan.from_dict({"version": 0})


@pytest.mark.parametrize(
    "diff, ci, found",
    [
        (0.1, (0.01, 0.18), compare.Finding(compare.B_BETTER, 0.1, 0.01, 0.18)),
        (-0.1, (-0.18, -0.01), compare.Finding(compare.A_BETTER, 0.1, 0.01, 0.18)),
        (0.01, (-0.05, 0.07), compare.Finding(compare.NO_DIFFERENCE, 0.01, -0.05, 0.07)),
        (0.5, None, compare.Finding(compare.TOO_FEW)),
        (None, None, compare.Finding(compare.NOTHING)),
    ],
)
def test_the_finding_is_the_verdict_before_its_words(diff, ci, found):
    assert compare.finding(diff, ci) == found


def test_two_runs_that_are_not_paired_differ_by_their_means_with_a_wider_interval(tupdogs, malkavians, cards, field):
    paired = compare.compare(tupdogs, malkavians, cards, games=8, seed=1, players=4, field=field)
    first = compare.play_deck(tupdogs, cards, games=8, seed=1, players=4, field=field)
    second = compare.play_deck(malkavians, cards, games=8, seed=1, players=4, field=field)
    apart = compare.unpaired(first, second, 4)
    assert apart.vp == pytest.approx(paired.diff.vp) and apart.games == 8
    low, high = apart.vp_ci95
    assert low <= apart.vp <= high and -4 <= low and high <= 4
    assert compare.unpaired(first, compare.Results(vp=(1.0,), wins=(0,)), 4).vp_ci95 is None  # one game: no interval
    assert compare.unpaired(first, compare.Results(vp=(None,), wins=(None,)), 4).vp is None


def test_a_games_job_s_per_game_tally_reads_as_results():
    results = compare.job_results({"0": [3, 1], "2": [0, 0]}, 3)
    assert results == compare.Results(vp=(1.5, None, 0.0), wins=(1, None, 0))
