"""The final round by the VEKN tournament rules §3.1.3 (the crypt reveals and the seating ritual) and §3.7.5
(the final's places)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from vtesdeck.core.events.finals import (
    FinalsSetup,
    finals_result,
    first_player,
    next_to_place,
    place,
    places,
    reveal_crypt,
    seat_order,
)

# The finalists in preliminary standing order: 7 is the top seed, 9 the lowest qualifier.
QUALIFIERS = [7, 3, 12, 1, 9]


# --- the reveals (§3.1.3: three random cards from each finalist's shuffled crypt) ----------------------------


def test_three_cards_are_revealed_from_the_crypt():
    crypt = {200107: 3, 201344: 3, 200534: 2, 200848: 2, 200418: 2}
    revealed = reveal_crypt(crypt, random.Random(1))
    assert len(revealed) == 3
    assert set(revealed) <= set(crypt)


def test_a_reveal_never_shows_a_card_the_list_does_not_hold_nor_more_copies_than_registered():
    crypt = {200107: 2, 201344: 1, 200534: 1, 200848: 8}
    for seed in range(300):
        shown = Counter(reveal_crypt(crypt, random.Random(seed)))
        assert set(shown) <= set(crypt)
        assert all(shown[card] <= crypt[card] for card in shown)


def test_copies_count_as_in_a_shuffled_crypt():
    # Eleven copies of one vampire and a single other: most reveals show the eleven thrice or twice.
    crypt = {200107: 11, 201344: 1}
    shown = Counter(reveal_crypt(crypt, random.Random(seed)).count(200107) for seed in range(400))
    assert set(shown) == {2, 3}
    assert shown[3] > shown[2]  # 3 of 12 cards miss the single copy 3 times in 4


def test_a_small_crypt_reveals_what_it_has():
    assert sorted(reveal_crypt({200107: 1, 201344: 1}, random.Random(0))) == [200107, 201344]
    assert reveal_crypt({}, random.Random(0)) == []
    assert reveal_crypt({200107: 0}, random.Random(0)) == []


def test_the_same_seed_reveals_the_same_cards():
    crypt = {200107: 3, 201344: 3, 200534: 2, 200848: 2, 200418: 2}
    assert reveal_crypt(crypt, random.Random(42)) == reveal_crypt(crypt, random.Random(42))


def test_a_reveal_refuses_what_no_list_holds():
    with pytest.raises(ValueError):
        reveal_crypt({200107: -1}, random.Random(0))
    with pytest.raises(ValueError):
        reveal_crypt({200107: 12}, random.Random(0), count=-1)


# --- the row of name cards (§3.1.3) ------------------------------------------------------------------------------


def test_a_card_goes_at_either_end_of_the_row_or_in_a_gap():
    assert places([]) == [0]
    assert places([9]) == [0, 1]
    assert places([9, 1, 12]) == [0, 1, 2, 3]


def test_the_lowest_qualifier_places_first_and_the_top_seed_last():
    row: list[int] = []
    order = []
    while (player := next_to_place(row, QUALIFIERS)) is not None:
        order.append(player)
        row = place(row, player, 0, qualifiers=QUALIFIERS)
    assert order == [9, 1, 12, 3, 7]


def test_the_whole_ritual():
    row = place([], 9, 0, qualifiers=QUALIFIERS)
    row = place(row, 1, 1, qualifiers=QUALIFIERS)  # at the right end
    row = place(row, 12, 1, qualifiers=QUALIFIERS)  # in the gap between 9 and 1
    row = place(row, 3, 0, qualifiers=QUALIFIERS)  # at the left end
    row = place(row, 7, 4, qualifiers=QUALIFIERS)  # at the right end, after 1
    assert row == [3, 9, 12, 1, 7]


def test_a_card_placed_out_of_turn_is_refused():
    with pytest.raises(ValueError, match="player 9 places now"):
        place([], 7, 0, qualifiers=QUALIFIERS)  # the top seed places last, not first
    with pytest.raises(ValueError, match="player 12 places now"):
        place([9, 1], 3, 0, qualifiers=QUALIFIERS)


def test_a_card_is_placed_once_by_a_finalist_within_the_row():
    with pytest.raises(ValueError, match="already placed"):
        place([9], 9, 0, qualifiers=QUALIFIERS)
    with pytest.raises(ValueError, match="not a finalist"):
        place([9], 4, 0, qualifiers=QUALIFIERS)
    with pytest.raises(ValueError, match="0 to 1"):
        place([9], 1, 2, qualifiers=QUALIFIERS)
    with pytest.raises(ValueError):
        place([9], 1, -1, qualifiers=QUALIFIERS)
    with pytest.raises(ValueError):
        place(QUALIFIERS[::-1], 7, 0, qualifiers=QUALIFIERS)  # everyone has placed


def test_the_row_is_read_round_the_table_from_the_first_player():
    row = [3, 9, 12, 1, 7]
    assert seat_order(row, 3) == [3, 9, 12, 1, 7]
    assert seat_order(row, 12) == [12, 1, 7, 3, 9]  # wraps: the ends sit side by side
    assert seat_order(row, 7) == [7, 3, 9, 12, 1]
    with pytest.raises(ValueError):
        seat_order(row, 4)


def test_the_first_player_is_drawn_from_the_row():
    row = [3, 9, 12, 1, 7]
    drawn = {first_player(row, random.Random(seed)) for seed in range(100)}
    assert drawn == set(row)  # any finalist may start
    with pytest.raises(ValueError):
        first_player([], random.Random(0))


# --- the setup the event keeps -----------------------------------------------------------------------------------


def crypts():
    return {p: {200107 + p: 10, 201344: 2} for p in QUALIFIERS}


def test_the_setup_reveals_for_every_finalist_and_counts_what_is_left():
    setup = FinalsSetup.start(QUALIFIERS, crypts(), random.Random(3))
    assert set(setup.reveals) == set(QUALIFIERS)
    assert all(len(cards) == 3 for cards in setup.reveals.values())
    assert setup.crypt_left == dict.fromkeys(QUALIFIERS, 9)  # 12 cards, 3 revealed
    assert setup.next_to_place == 9
    assert setup.places() == [0]
    assert FinalsSetup.start(QUALIFIERS, crypts(), random.Random(3)) == setup


def test_the_setup_walks_the_ritual_and_draws_the_first_player_once():
    setup = FinalsSetup.start(QUALIFIERS, crypts(), random.Random(3))
    with pytest.raises(ValueError):
        setup.place(7, 0)
    for player, index in [(9, 0), (1, 1), (12, 1), (3, 0)]:
        setup = setup.place(player, index)
    with pytest.raises(ValueError, match="once every finalist"):
        setup.draw_first(random.Random(0))
    assert setup.seats is None
    setup = setup.place(7, 4)
    assert setup.complete and setup.places() == [] and setup.next_to_place is None
    drawn = setup.draw_first(random.Random(5))
    assert drawn.first in QUALIFIERS
    assert drawn.draw_first(random.Random(6)) == drawn  # a drawn first player is kept
    assert drawn.seats == seat_order([3, 9, 12, 1, 7], drawn.first)


def test_the_setup_round_trips_through_json():
    setup = FinalsSetup.start(QUALIFIERS, crypts(), random.Random(3))
    assert FinalsSetup.from_dict(json.loads(json.dumps(setup.to_dict()))) == setup
    for player, index in [(9, 0), (1, 1), (12, 1), (3, 0), (7, 4)]:
        setup = setup.place(player, index)
    setup = setup.draw_first(random.Random(1))
    again = FinalsSetup.from_dict(json.loads(json.dumps(setup.to_dict())))
    assert again == setup
    assert again.seats == setup.seats


def test_lists_and_tuples_make_the_same_setup():
    assert FinalsSetup(qualifiers=QUALIFIERS, reveals={9: [200107]}) == FinalsSetup(
        qualifiers=tuple(QUALIFIERS), reveals={9: (200107,)}
    )


@pytest.mark.parametrize(
    "data",
    [
        {"qualifiers": []},
        {"qualifiers": [7, 7, 3, 1, 9]},
        {"qualifiers": QUALIFIERS, "row": [7]},  # the top seed placed first
        {"qualifiers": QUALIFIERS, "row": [9, 9]},
        {"qualifiers": QUALIFIERS, "row": [9, 1], "first": 9},  # drawn before the row was complete
        {"qualifiers": QUALIFIERS, "row": [3, 9, 12, 1, 7], "first": 4},
        {"qualifiers": QUALIFIERS, "reveals": {"4": [200107]}},
        {"qualifiers": QUALIFIERS, "crypt_left": {"9": -1}},
    ],
)
def test_a_stored_setup_no_ritual_could_reach_is_refused(data):
    with pytest.raises(ValueError):
        FinalsSetup.from_dict(data)


# --- the final's places (§3.7.5) ---------------------------------------------------------------------------------


def test_the_most_vps_wins_the_final():
    assert finals_result([0, 0, 4, 1, 0], prelim_ranks=[1, 2, 3, 4, 5]) == [3, 4, 1, 2, 5]


def test_a_tie_goes_to_the_better_preliminary_standing():
    # Time runs out with seats 1 and 2 on 1.5 VP: seat 2 was 2nd after the preliminaries, seat 1 4th.
    assert finals_result([1.5, 1.5, 0, 1, 1], prelim_ranks=[4, 2, 1, 3, 5]) == [2, 1, 5, 3, 4]


def test_the_final_has_a_winner_even_without_two_vps():
    places_ = finals_result([0.5, 0.5, 1.5, 0.5, 0.5], prelim_ranks=[1, 2, 3, 4, 5])
    assert places_ == [2, 3, 1, 4, 5]


def test_the_others_follow_by_vps_then_standing():
    assert finals_result([2.5, 0, 0, 0.5, 0.5], prelim_ranks=[3, 1, 5, 2, 4]) == [1, 4, 5, 2, 3]


def test_a_final_of_four():
    assert finals_result([0, 3, 0, 1], prelim_ranks=[2, 4, 1, 3]) == [4, 1, 3, 2]


def test_each_finalist_has_one_distinct_preliminary_rank():
    with pytest.raises(ValueError):
        finals_result([0, 0, 4, 1, 0], prelim_ranks=[1, 2, 3, 4])
    with pytest.raises(ValueError):
        finals_result([0, 0, 4, 1, 0], prelim_ranks=[1, 1, 3, 4, 5])
    with pytest.raises(ValueError):
        finals_result([0, 0, 4, 1], prelim_ranks=[1, 2, 3])
