"""The table and its economy (docs/engine-design.md, step 1a): set-up, unlock, influence, discard, ousting,
VP, the round cap and the state hash. One test per rule, named after its section of
../shared/rules/digest-pl.md; then a seeded property loop over random legal choices."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.samples import FOUR_GOVERNS
from vtesdeck.core import decklist
from vtesdeck.core.engine import economy, state
from vtesdeck.core.engine.economy import Kind, Option
from vtesdeck.core.engine.state import Phase

# A second deck, crypt of several capacities (1 to 11) so random influence brings vampires out.
MIXED = """Deck Name: Mixed
Crypt (12 cards)
3x Tupdog
3x Anson
2x Gilbert Duane
2x Ghede
2x Rebekka, Chantry Elder of Munich
Library (60 cards)
20x Blood Doll
20x Deflection
20x Govern the Unaligned
"""


@pytest.fixture(scope="module")
def decks(cards):
    return [decklist.parse(FOUR_GOVERNS, cards), decklist.parse(MIXED, cards)]


def _table(decks, cards, n=4, seed=1, **kwargs):
    return state.new_game([decks[i % 2] for i in range(n)], cards, seed=seed, **kwargs)


def _to_influence(game):
    economy.start_turn(game)
    economy.unlock_phase(game)
    economy.start_influence(game)


def _pass_turn(game):
    """A turn in which the acting seat does nothing."""
    _to_influence(game)
    economy.apply(game, Option(Kind.PASS, game.acting))
    economy.apply(game, Option(Kind.PASS, game.acting))


def _option(game, kind, *ids):
    option = Option(kind, game.acting, ids)
    assert option in economy.options(game), (option, economy.options(game))
    return option


def test_3_setup_deals_7_cards_4_crypt_cards_and_30_pool(decks, cards):
    game = _table(decks, cards, n=5)
    assert game.order == (0, 1, 2, 3, 4) and game.edge is None and game.turn == 0
    for seat, deck in zip(game.seats, [decks[i % 2] for i in range(5)], strict=True):
        assert seat.pool == 30 and seat.vp == 0
        assert len(seat.hand) == 7
        assert len(seat.uncontrolled) == 4
        assert all(game.minions[c].blood == 0 and not game.minions[c].in_play for c in seat.uncontrolled)
        assert len(seat.library) == deck.library_count - 7
        assert len(seat.crypt) == deck.crypt_count - 4
        owned = [c for _, zone in seat.zones() for c in zone]
        assert Counter(game.card_of[c] for c in owned) == Counter(deck.library) + Counter(deck.crypt)
    assert len(game.card_of) == sum(len(c) for s in game.seats for _, c in s.zones())
    assert state.audit(game) == []


def test_3_setup_shuffles_with_the_game_rng(decks, cards):
    a, b = _table(decks, cards, seed=1), _table(decks, cards, seed=2)
    assert a.seats[0].library != b.seats[0].library
    assert a.seats[0].library == _table(decks, cards, seed=1).seats[0].library


def test_3_prey_is_the_next_live_seat_and_predator_the_previous(decks, cards):
    game = _table(decks, cards, n=5)
    assert (game.prey(0), game.predator(0)) == (1, 4)
    economy.oust(game, [1])
    assert (game.prey(0), game.predator(2)) == (2, 0)
    assert game.order == (0, 2, 3, 4)


def test_4_1_unlock_phase_unlocks_all_and_the_edge_may_give_1_pool(decks, cards):
    game = _table(decks, cards)
    seat = game.seats[0]
    for copy_id, torpor in zip(seat.uncontrolled[:2], (False, True), strict=True):
        economy.bring_out(game, 0, copy_id)
        game.minions[copy_id].locked = True
        game.minions[copy_id].torpor = torpor  # torpid vampires unlock too (L1924-1925)
    game.edge = 0
    economy.start_turn(game)
    economy.unlock_phase(game)
    assert not any(game.minions[c].locked for c in seat.controlled)
    assert seat.pool == 31 and game.gained == 1
    game.acting = 1
    economy.start_turn(game)
    economy.unlock_phase(game)  # the Edge is seat 0's: nothing for seat 1
    assert game.seats[1].pool == 30
    game.acting = 0
    economy.start_turn(game)
    economy.unlock_phase(game, take_edge=False)  # "may"
    assert seat.pool == 31


def test_4_4_first_turn_transfers_are_1_2_3_then_4(decks, cards):
    game = _table(decks, cards, n=5)
    seen = []
    for _ in range(8):
        _to_influence(game)
        seen.append((game.acting, game.seats[game.acting].transfers))
        economy.apply(game, Option(Kind.PASS, game.acting))
        economy.apply(game, Option(Kind.PASS, game.acting))
    assert seen == [(0, 1), (1, 2), (2, 3), (3, 4), (4, 4), (0, 4), (1, 4), (2, 4)]


def test_4_4_one_transfer_moves_1_pool_onto_an_uncontrolled_vampire(decks, cards):
    game = _table(decks, cards)
    _to_influence(game)  # turn 1: 1 transfer
    vampire = game.seats[0].uncontrolled[0]
    economy.apply(game, _option(game, Kind.TRANSFER_TO_VAMPIRE, vampire))
    assert game.minions[vampire].blood == 1 and game.seats[0].pool == 29 and game.seats[0].transfers == 0
    # No transfer left: nothing but passing and (a vampire of capacity 1) bringing it out.
    assert {o.kind for o in economy.options(game)} <= {Kind.PASS, Kind.BRING_OUT}


def test_4_4_two_transfers_move_1_blood_back_to_pool(decks, cards):
    game = _table(decks, cards)
    game.acting, game.turn = 1, 1  # the second turn: 2 transfers
    vampire = game.seats[1].uncontrolled[0]
    game.minions[vampire].blood, game.seats[1].pool = 1, 29
    _to_influence(game)
    assert game.seats[1].transfers == 2
    economy.apply(game, _option(game, Kind.TRANSFER_TO_POOL, vampire))
    assert game.minions[vampire].blood == 0 and game.seats[1].pool == 30 and game.seats[1].transfers == 0


def test_4_4_four_transfers_and_a_pool_draw_a_crypt_card(decks, cards):
    game = _table(decks, cards)
    _to_influence(game)
    assert all(o.kind is not Kind.CRYPT_DRAW for o in economy.options(game))  # 1 transfer on turn 1
    game.seats[0].transfers = 4
    top = game.seats[0].crypt[-1]
    economy.apply(game, _option(game, Kind.CRYPT_DRAW))
    seat = game.seats[0]
    assert seat.uncontrolled[-1] == top and len(seat.uncontrolled) == 5 and len(seat.crypt) == 7
    assert seat.pool == 29 and seat.transfers == 0 and game.burned == 1
    assert game.minions[top].blood == 0 and state.audit(game) == []


def test_4_4_a_vampire_at_capacity_comes_out_ready_at_any_time_in_the_phase(decks, cards):
    game = _table(decks, cards)
    vampire = game.seats[0].uncontrolled[0]
    minion = game.minions[vampire]
    minion.blood = minion.capacity
    game.seats[0].pool -= minion.capacity
    _to_influence(game)
    game.seats[0].transfers = 0  # no transfer needed
    economy.apply(game, _option(game, Kind.BRING_OUT, vampire))
    assert vampire in game.seats[0].controlled and vampire not in game.seats[0].uncontrolled
    assert minion.in_play and not minion.locked and not minion.torpor and minion.blood == minion.capacity
    assert state.audit(game) == []


def test_4_4_no_pool_onto_a_vampire_already_at_capacity(decks, cards):
    game = _table(decks, cards)
    vampire = game.seats[0].uncontrolled[0]
    game.minions[vampire].blood = game.minions[vampire].capacity
    game.seats[0].pool -= game.minions[vampire].capacity
    _to_influence(game)
    assert Option(Kind.TRANSFER_TO_VAMPIRE, 0, (vampire,)) not in economy.options(game)


def test_4_4_scarce_vampire_costs_3_pool_per_controlled_vampire_of_its_clan(decks, cards):
    game = _table(decks, cards)
    first, second = game.seats[0].uncontrolled[:2]
    economy.bring_out(game, 0, first)
    scarce = game.minions[second]
    scarce.traits, scarce.clan = ("scarce",), game.minions[first].clan
    scarce.blood = scarce.capacity
    game.seats[0].pool -= scarce.capacity
    pool = game.seats[0].pool
    _to_influence(game)
    economy.apply(game, _option(game, Kind.BRING_OUT, second))
    assert game.seats[0].pool == pool - 3 and game.burned == 3 and state.audit(game) == []


def test_4_4_spending_the_last_pool_ousts_and_ends_the_turn(decks, cards):
    game = _table(decks, cards)
    game.seats[0].pool = 1
    game.burned = 29
    _to_influence(game)
    economy.apply(game, _option(game, Kind.TRANSFER_TO_VAMPIRE, game.seats[0].uncontrolled[0]))
    assert game.seats[0].ousted and game.seats[3].vp == 1 and game.seats[3].pool == 36
    assert game.acting == 1 and game.order == (1, 2, 3)
    assert state.audit(game) == []


def test_4_5_discard_phase_discards_a_card_and_draws_back_to_hand_size(decks, cards):
    game = _table(decks, cards)
    _to_influence(game)
    economy.apply(game, Option(Kind.PASS, 0))
    assert game.phase is Phase.DISCARD and game.seats[0].transfers == 0
    seat = game.seats[0]
    card, library = seat.hand[0], len(seat.library)
    economy.apply(game, _option(game, Kind.DISCARD, card))
    assert seat.ash_heap == [card] and len(seat.hand) == 7 and len(seat.library) == library - 1
    assert economy.options(game) == [Option(Kind.PASS, 0)]  # one discard phase action
    economy.apply(game, Option(Kind.PASS, 0))
    assert game.acting == 1 and game.phase is Phase.END


def test_4_0_empty_library_draws_nothing(decks, cards):
    game = _table(decks, cards)
    seat = game.seats[0]
    seat.removed.extend(seat.library)  # out of the way, still in one zone
    seat.library.clear()
    _to_influence(game)
    economy.apply(game, Option(Kind.PASS, 0))
    economy.apply(game, Option(Kind.DISCARD, 0, (seat.hand[0],)))
    assert len(seat.hand) == 6


def test_5_oust_gives_the_predator_1_vp_and_6_pool_and_relinks(decks, cards):
    game = _table(decks, cards, n=4)
    vampire = game.seats[2].uncontrolled[0]
    game.minions[vampire].blood = 2
    game.seats[2].pool = 0  # 28 pool burned, 2 moved onto the vampire
    game.burned = 28
    game.edge = 2
    assert economy.check_ousts(game) == [2]
    assert game.seats[1].vp == 1 and game.seats[1].pool == 36
    assert game.seats[2].ousted and game.edge is None and vampire not in game.minions
    assert game.order == (0, 1, 3) and game.prey(1) == 3 and game.predator(3) == 1
    assert not game.finished and state.audit(game) == []


def test_5_ousted_at_the_same_moment_as_the_prey_gets_the_vp_but_not_the_pool(decks, cards):
    game = _table(decks, cards, n=4)
    game.seats[1].pool = game.seats[2].pool = 0
    economy.check_ousts(game)
    assert (game.seats[0].vp, game.seats[0].pool) == (1, 36)
    assert (game.seats[1].vp, game.seats[1].pool) == (1, 0)


def test_5_worked_example_of_five_ousts(decks, cards):
    """L2137-2148: Justyna, Eliza, Ryszard, Szymon, Stefan, clockwise."""
    names = ["Justyna", "Eliza", "Ryszard", "Szymon", "Stefan"]
    game = _table(decks, cards, n=5, players=names)
    j, e, r, sz, st = range(5)
    for ousted, predator in ((st, sz), (sz, r), (e, j), (r, j)):
        assert game.predator(ousted) == predator
        economy.burn_pool(game, ousted, game.seats[ousted].pool)
    assert [s.vp for s in game.seats] == [3, 0, 1, 1, 0]
    assert game.finished and game.ended_by == "last standing" and economy.winner(game) == j
    assert state.audit(game) == []


def test_last_standing_gets_a_vp(decks, cards):
    game = _table(decks, cards, n=2)
    economy.burn_pool(game, 1, 30)
    assert game.seats[0].vp == 2 and game.finished and game.ended_by == "last standing"
    assert economy.options(game) == []


def test_time_limit_gives_half_vp_to_survivors(decks, cards):
    game = _table(decks, cards, n=4, max_rounds=2)
    economy.burn_pool(game, 3, 30)  # seat 2 gets 1 VP, seat 3 is out
    turns = 0
    while not game.finished:
        _pass_turn(game)
        turns += 1
    assert turns == 6 and [s.turns for s in game.seats] == [2, 2, 2, 0]
    assert game.ended_by == "time" and [s.vp for s in game.seats] == [0.5, 0.5, 1.5, 0]
    assert economy.winner(game) is None


def test_winner_needs_the_most_vp_and_at_least_2(decks, cards):
    game = _table(decks, cards, n=4)
    for vps, expected in (
        ([2, 1, 1, 0], 0),
        ([1.5, 0.5, 1, 1], None),  # the most, but below 2
        ([2, 2, 0, 0], None),  # a tie
        ([0, 0, 2.5, 1.5], 2),
    ):
        for seat, vp in zip(game.seats, vps, strict=True):
            seat.vp = vp
        assert economy.winner(game) == expected


def _random_game(decks, cards, seed, n=4, max_rounds=15, taken=None):
    """A game of random legal economy choices, the audit after every step; counts the kinds of option taken."""
    game = _table(decks, cards, n=n, seed=seed, max_rounds=max_rounds)
    chooser = random.Random(seed * 7919)
    while not game.finished:
        economy.start_turn(game)
        economy.unlock_phase(game, take_edge=chooser.random() < 0.5)
        # A stand-in for the minion phase (not built yet): a bleed of 0 to 3 pool on the prey, the Edge on a
        # bleed of 1 or more.
        amount = chooser.randint(0, 3)
        if amount:
            game.edge = game.acting
            economy.burn_pool(game, game.prey(game.acting), amount)
            assert state.audit(game) == [], (seed, game.turn, "bleed")
            if game.finished:
                break
        economy.start_influence(game)
        assert game.seats[game.acting].transfers == economy.transfers_for_turn(game.turn) in (1, 2, 3, 4)
        acting = game.acting
        while game.acting == acting and game.phase in (Phase.INFLUENCE, Phase.DISCARD) and not game.finished:
            choices = economy.options(game)
            # Pass rarely, so pool runs out and seats are ousted in some games.
            moves = [o for o in choices if o.kind is not Kind.PASS]
            option = chooser.choice(moves) if moves and chooser.random() < 0.9 else choices[0]
            economy.apply(game, option)
            if taken is not None:
                taken[option.kind] += 1
            assert state.audit(game) == [], (seed, game.turn, option)
    return game


def test_random_legal_choices_keep_the_invariants(decks, cards):
    """Counters conserved (pools + blood = 30 × seats + gained − burned), blood within 0 and capacity, every
    card copy in exactly one zone, 1/2/3/4 transfers, and a finished game's VP: n for a last standing, the
    ousts plus ½ per survivor on time."""
    endings, taken = Counter(), Counter()
    for seed in range(150):
        n = 4 + seed % 2
        game = _random_game(decks, cards, seed, n=n, taken=taken)
        endings[game.ended_by] += 1
        ousted = sum(s.ousted for s in game.seats)
        total = sum(s.vp for s in game.seats)
        if game.ended_by == "last standing":
            assert total == n
        else:
            assert total == ousted + 0.5 * (n - ousted)
        # a contested vampire (4.1 item 4) is controlled but out of play
        assert all(
            (m.in_play or m.contested) == (m.id in game.seats[game.owner_of[m.id]].controlled)
            for m in game.minions.values()
        )
    assert endings["time"] > 10 and endings["last standing"] > 10, endings
    # every kind of the economy's own options was taken somewhere (the others are game.py's: actions, blocks…)
    economy_kinds = {
        Kind.PASS,
        Kind.TRANSFER_TO_VAMPIRE,
        Kind.TRANSFER_TO_POOL,
        Kind.CRYPT_DRAW,
        Kind.BRING_OUT,
        Kind.DISCARD,
    }
    assert set(taken) == economy_kinds, taken


def test_same_seed_same_state_hash(decks, cards):
    a = _random_game(decks, cards, seed=5)
    b = _random_game(decks, cards, seed=5)
    c = _random_game(decks, cards, seed=6)
    assert state.state_hash(a) == state.state_hash(b) != state.state_hash(c)
    assert state.state_hash(_table(decks, cards, seed=3)) == state.state_hash(_table(decks, cards, seed=3))


def test_audit_finds_a_card_in_two_zones_and_counters_out_of_place(decks, cards):
    game = _table(decks, cards)
    game.seats[0].ash_heap.append(game.seats[0].hand[0])
    game.seats[1].pool += 1
    problems = state.audit(game)
    assert any("2 zones" in p for p in problems) and any("counters" in p for p in problems)
