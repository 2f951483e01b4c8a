"""The rules of the game, one test per rule of ../shared/rules/digest-pl.md (issue 15 item 7): 4.1 the unlock
phase, 4.2 the master phase, 4.3.1-4.3.3 actions and blocks, 4.3.5 torpor, 4.3.6 referendums, 5 ousting (with
the rulebook's five-player example) and 4.4's influence example, 6 the Edge. Line numbers are those of the
Polish rulebook (../shared/rules/vtes-rulebook-pl.txt). Combat is test_combat_rules.py's; set-up, influence and
discard test_economy.py's.

Tables are set up with the scenario format (``scenario.build``), then played through ``game.turn`` with scripted
choices (``drive``: unscripted decisions pass or abstain)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from vtesdeck.core import carddb
from vtesdeck.core.engine import economy, scenario
from vtesdeck.core.engine import game as g
from vtesdeck.core.engine.cards import Play
from vtesdeck.core.engine.economy import Kind, Option
from vtesdeck.core.engine.frames import Action
from vtesdeck.core.engine.state import Game, Phase, audit
from vtesdeck.core.engine.windows import Act, W

Choice = dict[str, Any] | Callable[[Option], bool]
Asked = list[tuple[int, list[Option]]]


def table(cards: carddb.CardIndex, *seats: dict[str, Any], **extra: Any) -> tuple[Game, dict[str, int]]:
    padded = [*seats, {"pool": 30}] if len(seats) < 2 else list(seats)  # a game has two seats at least
    game, aliases, _, _ = scenario.build({"name": "rule", "stop": "minion", "seats": padded, **extra}, cards)
    return game, aliases


def drive(
    game: Game,
    aliases: dict[str, int],
    cards: carddb.CardIndex,
    choices: Sequence[Choice] = (),
    start: Phase = Phase.MINION,
    stop: Phase = Phase.MINION,
) -> Asked:
    """Play the acting seat's turn from ``start`` to ``stop``: scripted choices in order (a scenario choice, or a
    predicate over the options), others pass or abstain. Returns the decisions asked; every scripted choice
    must have been offered and the table must pass the audit."""
    pending = list(choices)
    asked: Asked = []
    flow = g.turn(game, start=start, stop=stop)
    try:
        ask = next(flow)
        while True:
            seat, options = ask
            asked.append((seat, list(options)))
            pick = scenario._default(options)
            if pending:
                want = pending[0]
                for i, option in enumerate(options):
                    ok = want(option) if callable(want) else scenario.matches(want, option, game, cards, aliases)
                    if ok:
                        pending.pop(0)
                        pick = i
                        break
            ask = flow.send(options[pick])
    except StopIteration:
        pass
    assert not pending, f"scripted choices never offered: {pending}"
    assert audit(game) == []
    return asked


def events(game: Game, kind: str) -> list[tuple[Any, ...]]:
    return [e for e in game.events or () if e[0] == kind]


def acts(options: list[Option], minion: int) -> set[Any]:
    """The default actions (``Act``) and action cards (``(copy, mode)``) offered to one minion."""
    out: set[Any] = set()
    for o in options:
        if o.minion == minion and o.kind is Kind.ACTION:
            out.add(Act(o.value))
        elif o.minion == minion and o.kind is Kind.PLAY:
            out.add((o.card, o.mode))
    return out


def block_seats(asked: Asked) -> list[int]:
    """The seats asked whether to block, in order."""
    return [seat for seat, options in asked if any(o.kind is Kind.BLOCK for o in options)]


def vote(seat: int, value: int, extra: bool = False) -> Callable[[Option], bool]:
    """A vote: for (1) or against (-1), with the extra sources (the Edge, a political card) when ``extra``."""
    return lambda o: o.kind is Kind.VOTE and o.seat == seat and o.value == value and (o.target == 1) == extra


# -- 2 card types, and drawing (L300-310, L448-607) ------------------------------------------------------------------------


def offered(asked: Asked, game: Game, cards: carddb.CardIndex, name: str) -> int:
    """How many decisions offered to play ``name`` from the hand."""
    return sum(
        any(o.kind is Kind.PLAY and o.ids != (1,) and cards[game.card_of[o.card]].name == name for o in options)
        for _seat, options in asked
    )


def test_2_4_a_a_minion_plays_the_same_action_modifier_once_per_action(cards: carddb.CardIndex) -> None:
    """L485-489: Alice Chen's referendum passed and she plays Voter Captivation after it; she may not play her second
    copy during the same action, at either level (43 of 60 logged games had a minion play a modifier twice in one
    action: Cloak the Gathering three times in one bleed). Next turn's action is another action."""
    game, al = table(
        cards,
        {
            "hand": ["Kine Resources Contested", "Voter Captivation", "Voter Captivation"],
            "ready": [{"card": "Alice Chen", "blood": 3, "as": "alice"}],
        },
        {"pool": 30},
        {"pool": 30},
    )
    asked = drive(
        game,
        al,
        cards,
        [
            {"play": "Kine Resources Contested", "by": "alice"},
            {"vote": "for"},
            {"play": "Voter Captivation", "mode": 0},
        ],
    )
    assert offered(asked, game, cards, "Voter Captivation") == 1  # only before the first copy
    assert [cards[game.card_of[c]].name for c in game.seats[0].hand].count("Voter Captivation") == 1
    assert game.minions[al["alice"]].blood == 6  # the one copy's 3 blood, not twice that


def test_2_4_b_a_cancelled_modifier_does_not_use_up_the_minions_one(cards: carddb.CardIndex) -> None:
    """L485-489 and the limits that count what resolved: the once-per-action mark is made when the card resolves,
    after its "as played" window (a copy cancelled there, by Direct Intervention, marks nothing)."""
    game, al = table(
        cards,
        {
            "hand": ["Kine Resources Contested", "Voter Captivation", "Voter Captivation"],
            "ready": [{"card": "Alice Chen", "blood": 3, "as": "alice"}],
        },
        {"pool": 30, "hand": ["Direct Intervention"]},
        {"pool": 30},
    )
    asked = drive(
        game,
        al,
        cards,
        [
            {"play": "Kine Resources Contested", "by": "alice"},
            {"vote": "for"},
            {"play": "Voter Captivation", "mode": 0},
            {"seat": 1, "play": "Direct Intervention"},
            {"play": "Voter Captivation", "mode": 0},
        ],
    )
    assert offered(asked, game, cards, "Voter Captivation") == 2
    assert game.minions[al["alice"]].blood == 6  # the second copy resolved


def test_2_4_c_a_cancelled_limited_bleed_leaves_the_limit_unused(cards: carddb.CardIndex) -> None:
    """L947-951 and the limits that count what resolved: Anson's Conditioning is cancelled as it is played (Direct
    Intervention); the bleed was not raised, so his other copy may still raise it: 1 + 2."""
    game, al = table(
        cards,
        {"hand": ["Conditioning", "Conditioning"], "ready": [{"card": "Anson", "blood": 4}]},
        {"pool": 30, "hand": ["Direct Intervention"]},
    )
    drive(
        game,
        al,
        cards,
        [
            {"action": "bleed", "by": "Anson"},
            {"play": "Conditioning", "mode": 0},
            {"seat": 1, "play": "Direct Intervention"},
            {"play": "Conditioning", "mode": 0},
        ],
    )
    assert [e[4] for e in events(game, "bleed")] == [3]  # the pool the bleed burned


def test_2_5_a_one_out_of_turn_master_card_between_two_of_ones_turns(cards: carddb.CardIndex) -> None:
    """L436-442: whatever its master phase actions, a Methuselah plays at most one out-of-turn master card between two
    of its turns. Having cancelled Alice's referendum card with Direct Intervention, seat 1 may not cancel Anson's."""
    game, al = table(
        cards,
        {
            "hand": ["Kine Resources Contested", "Kine Resources Contested"],
            "ready": [{"card": "Alice Chen", "blood": 3, "as": "alice"}, {"card": "Anson", "blood": 4}],
        },
        {"pool": 30, "hand": ["Direct Intervention", "Direct Intervention"]},
        {"pool": 30},
    )
    asked = drive(
        game,
        al,
        cards,
        [
            {"play": "Kine Resources Contested", "by": "alice"},
            {"seat": 1, "play": "Direct Intervention"},
            {"play": "Kine Resources Contested", "by": "Anson"},
        ],
    )
    assert offered(asked, game, cards, "Direct Intervention") == 1
    assert [cards[game.card_of[c]].name for c in game.seats[1].hand].count("Direct Intervention") == 1
    assert g.audit_rules(game) == []


def test_2_2_a_a_hand_over_its_size_is_discarded_down_at_once(cards: carddb.CardIndex) -> None:
    """L302-310: "whenever an effect changes your hand size, or adds or removes cards, immediately discard or draw to
    hand size". A hand of 9 (two cards a search put there, a hand size bonus that ended) is discarded down to 7
    before its Methuselah, or anyone, decides anything else; the audit finds no hand over its size afterwards."""
    game, al = table(
        cards,
        {"hand": ["Govern the Unaligned"] * 9, "ready": [{"card": "Anson", "blood": 4}]},
        {"pool": 30, "hand": ["Deflection"] * 9},
    )
    asked = drive(game, al, cards)
    assert [seat for seat, options in asked[:4] if all(o.kind is Kind.DISCARD for o in options)] == [0, 0, 1, 1]
    assert len(game.seats[0].hand) == 7 and len(game.seats[1].hand) == 7
    assert len(events(game, "discard down")) == 4 and g.audit_rules(game) == []


def test_2_2_c_a_card_discarded_down_leaves_its_other_copies_playable(cards: carddb.CardIndex) -> None:
    """L302-310: discarding down to the hand size takes the cards discarded, not the plays of the copies kept. Anson's
    Methuselah holds 9 Govern the Unaligned as its minion phase starts: the decision it was about to take waits for
    the discard down to 7 (the first copies go), and then still offers Govern the Unaligned by another copy."""
    game, al = table(
        cards,
        {"hand": ["Govern the Unaligned"] * 9, "ready": [{"card": "Anson", "blood": 4}]},
        {"pool": 30, "ready": [{"card": "Lodin (Olaf Holte)", "blood": 4}]},
    )
    first_copies = list(game.seats[0].hand[:2])
    asked = drive(game, al, cards, [{"play": "Govern the Unaligned", "mode": 0, "by": "Anson"}])
    assert [seat for seat, options in asked[:2] if all(o.kind is Kind.DISCARD for o in options)] == [0, 0]
    assert [e[2] for e in events(game, "discard down")] == first_copies
    assert offered(asked[2:3], game, cards, "Govern the Unaligned") == 1  # the decision taken after the discards
    assert [e[4] for e in events(game, "action")] == [2]  # and played by the first copy kept


def test_2_2_b_an_action_card_is_replaced_as_it_is_played(cards: carddb.CardIndex) -> None:
    """L296-297, L302-305: the replacement is drawn after the "as played" window, not when the action ends: while its
    prey decides whether to block Anson's Govern the Unaligned, his Methuselah holds 7 cards again."""
    held: list[int] = []

    def prey_decides(option: Option) -> bool:
        if option.seat != 1:
            return False
        held.append(len(game.seats[0].hand))
        return True

    game, al = table(
        cards,
        {
            "hand": ["Govern the Unaligned", *["Deflection"] * 6],
            "library": ["Deflection"] * 5,
            "ready": [{"card": "Anson", "blood": 4}],
        },
        {"pool": 30, "ready": [{"card": "Lodin (Olaf Holte)", "blood": 4}]},
    )
    drive(game, al, cards, [{"play": "Govern the Unaligned", "mode": 0, "by": "Anson"}, prey_decides])
    assert held == [7]
    assert len(game.seats[0].library) == 4  # one replacement only


# -- 4.1 the unlock phase (L735-812) ---------------------------------------------------------------------------------------


def test_4_1_a_the_acting_methuselah_unlocks_all_its_cards(cards: carddb.CardIndex) -> None:
    """L737-742: unlock all your cards first (minions and cards in play)."""
    game, al = table(cards, {"ready": [{"card": "Anson", "blood": 3, "locked": True}], "in_play": ["Wider View"]})
    view = next(c for c in game.seats[0].controlled if c not in game.minions)
    game.locked_cards.add(view)
    drive(game, al, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert not game.minions[al["Anson"]].locked and view not in game.locked_cards


def test_4_1_b_torpid_vampires_unlock_too(cards: carddb.CardIndex) -> None:
    """L1923-1925: a vampire in torpor is still controlled, and unlocks at the start of the unlock phase."""
    game, al = table(cards, {"torpor": [{"card": "Nathan Turner", "blood": 1, "locked": True}]})
    drive(game, al, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    nathan = game.minions[al["Nathan Turner"]]
    assert not nathan.locked and nathan.torpor


def test_4_1_c_the_edge_gives_its_holder_1_pool(cards: carddb.CardIndex) -> None:
    """L744 (digest 6): the Edge's holder may gain 1 pool in its unlock phase (the engine always takes it);
    the other seats gain nothing."""
    game, al = table(cards, {"pool": 30}, {"pool": 30}, edge=0)
    drive(game, al, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert [s.pool for s in game.seats] == [31, 30]
    game, al = table(cards, {"pool": 30}, {"pool": 30}, edge=1)
    drive(game, al, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert [s.pool for s in game.seats] == [30, 30]


# -- 4.1 item 4: contested cards (L758-778; [DECK] L781-787) ----------------------------------------------------------


def theo_bells(cards: carddb.CardIndex) -> tuple[Game, dict[str, int]]:
    """Seat 0 can bring out Theo Bell (G6) in its influence phase; seat 1 controls Theo Bell (ADV), the same
    name (a base and an advanced vampire are copies of one unique card)."""
    return table(
        cards,
        {
            "pool": 20,
            "uncontrolled": [{"card": "Theo Bell (G6)", "blood": 8}],
            "ready": [{"card": "Anson", "blood": 2}],
        },
        {"pool": 20, "ready": [{"card": "Theo Bell (ADV)", "blood": 5, "as": "theo1", "cards": ["Ivory Bow"]}]},
    )


def test_4_1_4_a_second_copy_of_your_own_unique_vampire_cannot_come_out(cards: carddb.CardIndex) -> None:
    """[DECK] L781-787: you cannot control two copies of a unique card nor contest with yourself: the copy stays
    uncontrolled (the 2018 rules) and the 2011 automatic bring-out skips it. Non-unique vampires (Tupdog: "Tupdogs
    are not unique") come out side by side."""
    seat = {
        "uncontrolled": [{"card": "Theo Bell (ADV)", "blood": 7, "as": "adv"}, {"card": "Tupdog", "blood": 1}],
        "ready": [{"card": "Theo Bell (G6)", "blood": 3, "as": "g6"}, {"card": "Tupdog", "blood": 1, "as": "dog"}],
    }
    game, al = table(cards, seat, phase="influence")
    adv, g6 = game.minions[al["adv"]], game.minions[al["g6"]]
    assert adv.key == g6.key == "Theo Bell" and adv.unique and not game.minions[al["dog"]].unique
    economy.start_influence(game)
    out = {o.ids[0] for o in economy.influence_options(game) if o.kind is Kind.BRING_OUT}
    assert al["adv"] not in out and len(out) == 1  # the uncontrolled Tupdog only
    game, al = table(cards, seat, phase="influence", rules="2011")
    economy.start_influence(game)
    economy.start_discard(game)
    assert al["adv"] in game.seats[0].uncontrolled and not events(game, "contested")


def test_4_1_4_b_contested_cards_are_out_of_play_and_cost_1_pool_each_unlock(cards: carddb.CardIndex) -> None:
    """L762-774: a unique vampire brought out while another Methuselah controls one of that name makes every copy
    contested: face down, out of play (no actions, no blocks, no votes), counters and cards kept; in each of its
    controller's unlock phases a contested card costs 1 pool, or is yielded."""
    game, al = theo_bells(cards)
    drive(game, al, cards, [{"bring out": "Theo Bell"}], start=Phase.INFLUENCE, stop=Phase.INFLUENCE)
    mine = game.seats[0].controlled[-1]
    theirs = al["theo1"]
    for c in (mine, theirs):
        m = game.minions[c]
        assert m.contested and not m.in_play and not g.is_ready(game, c)
    assert [m.id for m in g.ready_minions(game, 1)] == [] and g.votes_of(game, 1) == 0
    assert game.minions[theirs].blood == 5 and game.minions[theirs].cards  # counters and cards stay
    assert len(events(game, "contested")) == 2
    game.acting = 1
    asked = drive(game, al, cards, [{"contest": "theo1"}], start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert {o.kind for o in asked[0][1]} == {Kind.CONTEST, Kind.YIELD}
    assert game.seats[1].pool == 19 and game.minions[theirs].contested and events(game, "contest")
    game.acting = 0
    drive(game, al, cards, [{"contest": True}], start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert game.seats[0].pool == 19 and game.minions[mine].contested


def test_4_1_4_c_a_yielded_card_is_burned_and_the_other_is_uncontested_next_unlock(cards: carddb.CardIndex) -> None:
    """L770-778: a yielded card is burned with every card and counter on it; once all the other copies are
    yielded, the remaining one is unlocked and turned face up in its controller's next unlock phase, at no cost."""
    game, al = theo_bells(cards)
    drive(game, al, cards, [{"bring out": "Theo Bell"}], start=Phase.INFLUENCE, stop=Phase.INFLUENCE)
    mine = game.seats[0].controlled[-1]
    game.acting = 1
    drive(game, al, cards, [{"yield": "theo1"}], start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert al["theo1"] not in game.minions and al["theo1"] in game.seats[1].ash_heap
    assert len(game.seats[1].ash_heap) == 2 and events(game, "yield")  # with its Ivory Bow
    assert game.minions[mine].contested  # until its controller's next unlock phase
    game.acting = 0
    asked = drive(game, al, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    m = game.minions[mine]
    assert not m.contested and g.is_ready(game, mine) and game.seats[0].pool == 20
    assert not any(o.kind in (Kind.CONTEST, Kind.YIELD) for _, options in asked for o in options)


# -- 4.2 the master phase (L815-840) ---------------------------------------------------------------------------------------


def test_4_2_a_one_master_phase_action(cards: carddb.CardIndex) -> None:
    """L821-831: 1 master phase action by default; the second Zillah's Valley cannot be played."""
    game, al = table(
        cards,
        {"hand": ["Zillah's Valley", "Zillah's Valley"], "uncontrolled": [{"card": "Alexa Draper", "as": "alexa"}]},
        phase="master",
    )
    drive(game, al, cards, [{"play": "Zillah's Valley"}], start=Phase.MASTER, stop=Phase.MASTER)
    assert len(game.seats[0].hand) == 1 and game.minions[al["alexa"]].blood == 4
    assert game.seats[0].master_actions == 0


def test_4_2_b_the_first_trifle_gives_its_master_phase_action_back(cards: carddb.CardIndex) -> None:
    """4.2 / 2.5 (glossary "trifle"): Villein (a trifle) then Zillah's Valley in one master phase; a second
    Villein is no trifle's free play any more and there is no master phase action left for it."""
    game, al = table(
        cards,
        {
            "hand": ["Villein", "Villein", "Zillah's Valley"],
            "ready": [{"card": "Anson", "blood": 6}],
            "uncontrolled": [{"card": "Alexa Draper", "as": "alexa"}],
        },
        phase="master",
    )
    drive(game, al, cards, [{"play": "Villein"}, {"play": "Zillah's Valley"}], start=Phase.MASTER, stop=Phase.MASTER)
    assert [cards[game.card_of[c]].name for c in game.seats[0].hand] == ["Villein"]
    assert game.minions[al["alexa"]].blood == 4 and game.seats[0].master_actions == 0


# -- 4.3.1 general rules (L847-937) ------------------------------------------------------------------------------------------


def test_4_3_1_a_only_ready_unlocked_minions_act(cards: carddb.CardIndex) -> None:
    """L847-857, L1919: a locked minion takes no action; a torpid vampire only leaves torpor."""
    game, al = table(
        cards,
        {
            "ready": [{"card": "Anson", "blood": 3, "locked": True}, {"card": "Nathan Turner", "blood": 2}],
            "torpor": [{"card": "Lodin (Olaf Holte)", "blood": 3}],
        },
    )
    options = g.action_options(game, 0)
    assert acts(options, al["Anson"]) == set()
    assert {Act.BLEED, Act.HUNT} <= acts(options, al["Nathan Turner"])
    assert acts(options, al["Lodin (Olaf Holte)"]) == {Act.LEAVE_TORPOR}


def test_4_3_1_b_acting_locks_the_minion(cards: carddb.CardIndex) -> None:
    """L847-857 (and step 1, L1217-1222): the acting minion locks."""
    game, al = table(cards, {"ready": [{"card": "Nathan Turner", "blood": 2}]})
    drive(game, al, cards, [{"action": "hunt"}])
    assert game.minions[al["Nathan Turner"]].locked


def test_4_3_1_c_a_ready_vampire_with_no_blood_must_hunt_first(cards: carddb.CardIndex) -> None:
    """L859-869, L984-989: the empty vampire's hunt is forced, and no other action comes before it."""
    game, al = table(cards, {"ready": [{"card": "Anson", "blood": 0}, {"card": "Nathan Turner", "blood": 2}]})
    options = g.action_options(game, 0)
    assert [(o.minion, Act(o.value)) for o in options] == [(al["Anson"], Act.HUNT)]
    drive(game, al, cards)
    assert game.minions[al["Anson"]].blood == 1


def test_4_3_1_d_a_minion_cannot_bleed_twice_in_a_turn(cards: carddb.CardIndex) -> None:
    """L953-954: not even once unlocked again, and not with a bleed action card (Govern the Unaligned [dom]).
    The engine offered the card's bleed after a bleed: fixed in game._handler_options."""
    game, al = table(cards, {"hand": ["Govern the Unaligned"], "ready": [{"card": "Anson", "blood": 4}]})
    drive(game, al, cards, [{"action": "bleed"}])
    anson = game.minions[al["Anson"]]
    anson.locked = False  # unlocked by some effect
    offered = acts(g.action_options(game, 0), anson.id)
    assert Act.BLEED not in offered and Act.HUNT in offered
    assert not any(isinstance(a, tuple) for a in offered)  # Govern's bleed is a bleed too


def test_4_3_1_e_a_vampire_takes_one_political_action_a_turn(cards: carddb.CardIndex) -> None:
    """L1093-1095: once unlocked, Anson may not call a second referendum (another card); Lodin still may.
    The engine did not enforce it: fixed in game._handler_options."""
    game, al = table(
        cards,
        {
            "hand": ["Kine Resources Contested", "Parity Shift"],
            "ready": [{"card": "Anson", "blood": 4}, {"card": "Lodin (Olaf Holte)", "blood": 4}],
            "pool": 20,
        },
        {"pool": 30},
    )
    drive(game, al, cards, [{"play": "Kine Resources Contested", "by": "Anson"}])
    game.minions[al["Anson"]].locked = False
    options = g.action_options(game, 0)
    shift = next(c for c in game.seats[0].hand if cards[game.card_of[c]].name == "Parity Shift")
    assert not any(isinstance(a, tuple) and a[0] == shift for a in acts(options, al["Anson"]))
    assert any(isinstance(a, tuple) and a[0] == shift for a in acts(options, al["Lodin (Olaf Holte)"]))


def test_4_3_1_f_the_same_action_card_once_a_turn_per_minion(cards: carddb.CardIndex) -> None:
    """L933, L1186-1188: Lodin played Govern the Unaligned; unlocked, he may not play another copy; Anson may."""
    game, al = table(
        cards,
        {
            "hand": ["Govern the Unaligned", "Govern the Unaligned"],
            "ready": [{"card": "Lodin (Olaf Holte)", "blood": 4}, {"card": "Anson", "blood": 4}],
            "uncontrolled": [{"card": "Nathan Turner", "blood": 0, "as": "nathan"}],
        },
    )
    drive(game, al, cards, [{"play": "Govern the Unaligned", "mode": 1, "by": "Lodin (Olaf Holte)"}])
    assert game.minions[al["nathan"]].blood == 3
    game.minions[al["Lodin (Olaf Holte)"]].locked = False
    options = g.action_options(game, 0)
    assert not any(isinstance(a, tuple) for a in acts(options, al["Lodin (Olaf Holte)"]))
    assert any(isinstance(a, tuple) for a in acts(options, al["Anson"]))


# -- 4.3.2 the default actions -------------------------------------------------------------------------------------------------


def test_4_3_2_a_bleed_burns_1_pool_of_the_prey(cards: carddb.CardIndex) -> None:
    """L947-964: the default bleed is directed at the prey, for 1."""
    game, al = table(cards, {"ready": [{"card": "Anson", "blood": 3}]}, {"pool": 30}, {"pool": 30})
    assert {o.target for o in g.action_options(game, 0) if o.value == Act.BLEED} == {1}
    drive(game, al, cards, [{"action": "bleed"}])
    assert [s.pool for s in game.seats] == [30, 29, 30]


def test_4_3_2_b_hunt_has_1_stealth_and_gains_1_blood_excess_drains(cards: carddb.CardIndex) -> None:
    """L984-997: the prey's unlocked Lodin (0 intercept) cannot block the hunt (+1 stealth); Anson gains 1
    blood; Nathan Turner, full (4 of 4), hunts and the extra blood drains to the bank."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 2}, {"card": "Nathan Turner", "blood": 4}]},
        {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 3, "as": "lodin"}]},
    )
    drive(game, al, cards, [{"action": "hunt", "by": "Anson"}, {"block": "lodin"}])
    assert events(game, "block fails") and game.minions[al["Anson"]].blood == 3
    drive(game, al, cards, [{"action": "hunt", "by": "Nathan Turner"}])
    assert game.minions[al["Nathan Turner"]].blood == 4


def test_4_3_2_c_leave_torpor_costs_2_blood(cards: carddb.CardIndex) -> None:
    """L1112-1125: the vampire moves to the ready region; the cost is paid on success."""
    game, al = table(cards, {"torpor": [{"card": "Nathan Turner", "blood": 3}]})
    drive(game, al, cards, [{"action": "leave torpor"}])
    nathan = game.minions[al["Nathan Turner"]]
    assert (nathan.torpor, nathan.blood, nathan.locked) == (False, 1, True)


def test_4_3_2_d_a_blocked_leave_torpor_has_no_combat_and_costs_nothing(cards: carddb.CardIndex) -> None:
    """L1112-1125: blocked, the vampire stays in torpor and pays nothing; there is no combat. Simplified: the
    blocking vampire never diablerizes (the engine's blocker declines; noted in game._announce_to_resolution)."""
    game, al = table(
        cards,
        {"torpor": [{"card": "Nathan Turner", "blood": 3}]},
        {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 3, "as": "lodin"}]},
    )
    game.minions[al["lodin"]].intercept = 1  # enough for the action's 1 stealth
    drive(game, al, cards, [{"action": "leave torpor"}, {"block": "lodin"}])
    nathan = game.minions[al["Nathan Turner"]]
    assert (nathan.torpor, nathan.blood) == (True, 3)
    assert game.minions[al["lodin"]].locked and not events(game, "combat")


def test_4_3_2_e_rescue_costs_2_blood_and_readies_the_vampire(cards: carddb.CardIndex) -> None:
    """L1133-1152: Anson pays 2 blood; the rescued Nathan is ready, neither locked nor unlocked by it (with
    blood, so not forced to hunt at once).
    Simplified: the engine offers rescue of one's own vampires only (not another Methuselah's)."""
    game, al = table(
        cards, {"ready": [{"card": "Anson", "blood": 4}], "torpor": [{"card": "Nathan Turner", "blood": 1}]}
    )
    drive(game, al, cards, [{"action": "rescue"}])
    nathan = game.minions[al["Nathan Turner"]]
    assert game.minions[al["Anson"]].blood == 2
    assert (nathan.torpor, nathan.locked) == (False, False)


def test_4_3_2_g_an_untitled_vampire_becomes_anarch_for_2_blood_or_1_beside_a_ready_anarch(
    cards: carddb.CardIndex,
) -> None:
    """L1206-1211, L2212-2220: any ready untitled non-Anarch vampire may become Anarch, a +1 stealth undirected action
    costing 2 blood, 1 if its Methuselah controls another ready Anarch; a change of sect. Aleph (Camarilla, no
    title) is offered it; Anson (a prince) and Nathan Turner (Anarch already) are not."""
    game, al = table(
        cards,
        {
            "ready": [
                {"card": "Aleph", "blood": 4, "as": "aleph"},
                {"card": "Anson", "blood": 4, "as": "anson"},
                {"card": "Nathan Turner", "blood": 2, "as": "nathan"},
            ],
        },
    )
    aleph, nathan = game.minions[al["aleph"]], game.minions[al["nathan"]]
    offered_to = {o.minion for o in g.action_options(game, 0) if o.kind is Kind.ACTION and o.value == Act.BECOME_ANARCH}
    assert offered_to == {aleph.id}
    assert g.become_anarch_cost(game, 0, aleph.id) == 1  # Nathan Turner is a ready Anarch
    nathan.torpor = True  # only a ready one lowers the cost
    assert g.become_anarch_cost(game, 0, aleph.id) == 2
    drive(game, al, cards, [{"action": "become anarch", "by": "aleph"}])
    assert aleph.sect == "Anarch" and aleph.blood == 2 and aleph.locked and events(game, "become anarch")
    aleph.locked = False
    assert not any(o.value == Act.BECOME_ANARCH for o in g.action_options(game, 0) if o.kind is Kind.ACTION)


def test_4_3_2_h_a_vampire_become_anarch_plays_the_cards_that_require_an_anarch(cards: carddb.CardIndex) -> None:
    """L2212-2220: becoming Anarch is a change of sect: requirements read the sect it has now (core.eligibility)."""
    from vtesdeck.core.eligibility import for_cards

    eligibility = for_cards(cards)
    aleph = cards.lookup("Aleph").id
    needs_anarch = next(
        card.id
        for card in cards
        if not card.is_crypt
        and not eligibility.can_play(aleph, card.id)
        and eligibility.can_play(aleph, card.id, became_anarch=True)
    )
    assert eligibility.can_play(aleph, needs_anarch, may_become_anarch=True)


def test_4_3_2_f_diablerie_moves_the_blood_burns_the_victim_and_calls_a_blood_hunt(cards: carddb.CardIndex) -> None:
    """L1161-1178, 4.3.8 (L1944-1966), 4.3.7 (L1970-1985): all the victim's blood moves to the diablerist (the
    excess over capacity drains), the victim is burned, and the blood hunt referendum follows: when nobody
    votes it fails and the diablerist stays."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 4}]},
        {"torpor": [{"card": "Lodin (Olaf Holte)", "blood": 6, "as": "lodin"}]},
        {"pool": 30},
    )
    drive(game, al, cards, [{"action": "diablerie", "target": "lodin"}])
    assert game.minions[al["Anson"]].blood == 8  # 4 + 6, capacity 8
    assert al["lodin"] not in game.minions and al["lodin"] in game.seats[1].ash_heap
    assert [e[4] for e in events(game, "referendum")] == [0]


def test_4_3_2_g_a_blood_hunt_that_passes_burns_the_diablerist(cards: carddb.CardIndex) -> None:
    """4.3.7 (L1978-1980): the third seat's prince votes for the blood hunt: Anson is burned."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 4}]},
        {"torpor": [{"card": "Lodin (Olaf Holte)", "blood": 2, "as": "lodin"}]},
        {"ready": [{"card": "Alexa Draper", "blood": 3}]},
    )
    drive(game, al, cards, [{"action": "diablerie", "target": "lodin"}, vote(2, 1)])
    assert al["Anson"] not in game.minions and al["Anson"] in game.seats[0].ash_heap


# -- 4.3.3 action resolution (L1215-1422) -------------------------------------------------------------------------------------


def test_4_3_3_a_only_the_target_may_block_a_directed_action(cards: carddb.CardIndex) -> None:
    """L1279-1283: a bleed at the prey: the predator's ready vampire is never asked."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 3}]},
        {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 3}]},
        {"ready": [{"card": "Alexa Draper", "blood": 3}]},
    )
    assert block_seats(drive(game, al, cards, [{"action": "bleed"}])) == [1]


def test_4_3_3_b_prey_then_predator_may_block_an_undirected_action(cards: carddb.CardIndex) -> None:
    """L1285-1288, L1314-1320: a hunt: the prey is asked first, then the predator."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 3}]},
        {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 3}]},
        {"pool": 30},
        {"ready": [{"card": "Alexa Draper", "blood": 3}]},
    )
    assert block_seats(drive(game, al, cards, [{"action": "hunt"}])) == [1, 3]


def test_4_3_3_c_intercept_at_least_stealth_blocks(cards: carddb.CardIndex) -> None:
    """L1333-1340: the hunt's 1 stealth against 1 intercept: blocked (against 0: the attempt fails, above)."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 3}]},
        {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 3, "as": "lodin"}]},
    )
    game.minions[al["lodin"]].intercept = 1
    drive(game, al, cards, [{"action": "hunt"}, {"block": "lodin"}])
    assert events(game, "blocked") and not events(game, "hunt")


def test_4_3_3_d_stealth_and_intercept_only_as_needed(cards: carddb.CardIndex) -> None:
    """L1348-1352: the acting minion adds stealth (Lost in Crowds) only while a blocker has enough intercept;
    the blocker adds intercept (Enhanced Senses) only while the stealth is higher."""
    game, al = table(
        cards,
        {"hand": ["Lost in Crowds"], "ready": [{"card": "Pearl", "blood": 3, "as": "pearl"}]},
        {"hand": ["Enhanced Senses"], "ready": [{"card": "Malachi", "blood": 3, "as": "malachi"}]},
    )
    act = Action(kind=Act.BLEED, seat=0, actor=al["pearl"], directed=True, target=1)
    game.frames.append(act)

    def offered(seat: int) -> bool:
        return bool(g.hand_options(game, seat, W.BLOCK_ATTEMPT, act))

    assert not offered(0) and not offered(1)  # no block attempt in progress
    act.blocker, act.stealth, act.intercept = al["malachi"], 0, 0
    assert offered(0) and not offered(1)  # the blocker has enough: stealth helps, intercept does not
    act.stealth = 1
    assert not offered(0) and offered(1)  # the stealth is enough: intercept helps, stealth does not


def test_4_3_3_e_declining_to_block_is_final_until_the_target_changes(cards: carddb.CardIndex) -> None:
    """L1295-1298: the prey declines once and is not asked again; when Deflection redirects the bleed to the
    third seat, that seat may block."""
    game, al = table(
        cards,
        {"ready": [{"card": "Nathan Turner", "blood": 2}]},
        {"hand": ["Deflection"], "ready": [{"card": "Anson", "blood": 3}]},
        {"ready": [{"card": "Alexa Draper", "blood": 3}]},
    )
    asked = drive(game, al, cards, [{"action": "bleed"}, {"seat": 1, "pass": True}, {"play": "Deflection"}])
    assert block_seats(asked) == [1, 2]
    assert [s.pool for s in game.seats] == [30, 30, 29]


def test_4_3_3_f_a_blocked_action_burns_the_card_costs_nothing_locks_the_blocker_and_combat(
    cards: carddb.CardIndex,
) -> None:
    """L1406-1416: Govern the Unaligned (1 blood) blocked: the card is burned, its blood not paid (Anson loses
    only the 1 blood that heals the hand strike's damage), the blocker locks and they fight."""
    game, al = table(
        cards,
        {"hand": ["Govern the Unaligned"], "ready": [{"card": "Anson", "blood": 4}]},
        {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 3, "as": "lodin"}]},
    )
    drive(game, al, cards, [{"play": "Govern the Unaligned", "mode": 0}, {"block": "lodin"}])
    assert [cards[game.card_of[c]].name for c in game.seats[0].ash_heap] == ["Govern the Unaligned"]
    assert game.minions[al["Anson"]].blood == 3 and game.seats[1].pool == 30
    assert game.minions[al["lodin"]].locked and events(game, "combat")


def test_4_3_3_g_a_successful_action_pays_its_cost(cards: carddb.CardIndex) -> None:
    """L1406-1410: unblocked, Govern the Unaligned's 1 blood is paid, then it bleeds for 3."""
    game, al = table(cards, {"hand": ["Govern the Unaligned"], "ready": [{"card": "Anson", "blood": 4}]})
    drive(game, al, cards, [{"play": "Govern the Unaligned", "mode": 0}])
    assert game.minions[al["Anson"]].blood == 3 and game.seats[1].pool == 27


# -- 4.3.5 torpor (L1907-1928) ------------------------------------------------------------------------------------------------


def test_4_3_5_a_a_torpid_vampire_only_leaves_torpor(cards: carddb.CardIndex) -> None:
    """L1919-1921: no action but leave torpor."""
    game, al = table(cards, {"torpor": [{"card": "Anson", "blood": 4}]})
    assert {Act(o.value) for o in g.action_options(game, 0) if o.minion == al["Anson"]} == {Act.LEAVE_TORPOR}


def test_4_3_5_b_a_torpid_vampire_cannot_block(cards: carddb.CardIndex) -> None:
    """L1919-1921: the prey's only vampire is in torpor: it is never asked to block the bleed."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 3}]},
        {"torpor": [{"card": "Lodin (Olaf Holte)", "blood": 3}]},
    )
    assert block_seats(drive(game, al, cards, [{"action": "bleed"}])) == []
    assert game.seats[1].pool == 29


def test_4_3_5_c_a_torpid_vampire_still_unlocks(cards: carddb.CardIndex) -> None:
    """L1923-1925 (see 4.1 b): locked in torpor, unlocked in the unlock phase, still in torpor."""
    game, al = table(cards, {"torpor": [{"card": "Anson", "blood": 2, "locked": True}]})
    drive(game, al, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert not game.minions[al["Anson"]].locked and game.minions[al["Anson"]].torpor


# -- 4.3.6 referendums (L1427-1510) ------------------------------------------------------------------------------------------


def krc(cards: carddb.CardIndex, caller: str, *others: dict[str, Any], edge: int | None = None) -> tuple[Game, dict]:
    """Kine Resources Contested (the caller's prey burns 3 pool, the caller 1, with two seats) in hand."""
    return table(
        cards, {"hand": ["Kine Resources Contested"], "ready": [{"card": caller, "blood": 4}]}, *others, edge=edge
    )


def referendum(game: Game) -> tuple[int, int, int]:
    (_, _, votes_for, against, passed) = events(game, "referendum")[-1]
    return votes_for, against, passed


def test_4_3_6_a_more_for_than_against_passes(cards: carddb.CardIndex) -> None:
    """L1457-1460: Anson (prince, 2 votes, and 1 from the card) for, nobody against: it passes."""
    game, al = krc(cards, "Anson", {"ready": [{"card": "Nathan Turner", "blood": 2}]})
    drive(game, al, cards, [{"play": "Kine Resources Contested"}, vote(0, 1)])
    assert referendum(game) == (3, 0, 1)
    assert [s.pool for s in game.seats] == [29, 27]


def test_4_3_6_b_a_tie_fails(cards: carddb.CardIndex) -> None:
    """L1457-1460: 3 for (Anson and the card), 3 against (Lodin, prince, and the burned Edge): it fails."""
    game, al = krc(cards, "Anson", {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 2}]}, edge=1)
    drive(game, al, cards, [{"play": "Kine Resources Contested"}, vote(0, 1), vote(1, -1, extra=True)])
    assert referendum(game) == (3, 3, 0)
    assert [s.pool for s in game.seats] == [30, 30]


def test_4_3_6_c_votes_come_from_ready_titled_vampires_only(cards: carddb.CardIndex) -> None:
    """L1483-1502: a locked prince votes (2); a prince in torpor does not; an untitled vampire has none."""
    game, _ = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 3, "locked": True}]},
        {"torpor": [{"card": "Lodin (Olaf Holte)", "blood": 3}]},
        {"ready": [{"card": "Nathan Turner", "blood": 3}]},
    )
    assert [g.votes_of(game, s) for s in range(3)] == [2, 0, 0]


def test_4_3_6_d_the_edge_is_burned_for_1_vote(cards: carddb.CardIndex) -> None:
    """L1504-1505: the Edge's holder burns it (back to the centre) for 1 vote; 1 against 1 fails."""
    game, al = krc(cards, "Nathan Turner", {"ready": [{"card": "Pearl", "blood": 2}]}, edge=1)
    drive(game, al, cards, [{"play": "Kine Resources Contested"}, vote(0, 1), vote(1, -1, extra=True)])
    assert referendum(game) == (1, 1, 0) and game.edge is None


def test_4_3_6_e_one_political_card_is_burned_for_1_vote(cards: carddb.CardIndex) -> None:
    """L1476-1482: at most 1 vote from political action cards: of two in hand, one is burned for 1 vote and
    its text ignored."""
    game, al = krc(cards, "Nathan Turner", {"hand": ["Parity Shift", "Parity Shift"], "ready": ["Pearl"]})
    drive(game, al, cards, [{"play": "Kine Resources Contested"}, vote(0, 1), vote(1, -1, extra=True)])
    assert referendum(game) == (1, 1, 0)
    assert len(game.seats[1].hand) == 1 and len(game.seats[1].ash_heap) == 1


def test_4_3_6_f_the_calling_card_gives_its_caller_1_vote(cards: carddb.CardIndex) -> None:
    """L1476-1482: untitled Nathan Turner calls the referendum: 1 vote for, from the card; it passes."""
    game, al = krc(cards, "Nathan Turner", {"ready": [{"card": "Pearl", "blood": 2}]})
    drive(game, al, cards, [{"play": "Kine Resources Contested"}, vote(0, 1)])
    assert referendum(game) == (1, 0, 1)
    assert game.seats[1].pool == 27


# -- 5 ousting (L2110-2171) ------------------------------------------------------------------------------------------------------


def test_5_a_the_predator_of_the_moment_gets_1_vp_and_6_pool(cards: carddb.CardIndex) -> None:
    """L2114-2122: Anson bleeds his prey's last pool: the prey is ousted, Anson's Methuselah gets 1 VP and 6
    pool, and the ousted seat's vampire leaves the game."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 3}]},
        {"pool": 1, "ready": [{"card": "Nathan Turner", "blood": 2, "locked": True}]},
        {"pool": 30},
    )
    drive(game, al, cards, [{"action": "bleed"}])
    assert game.seats[1].ousted and al["Nathan Turner"] not in game.minions
    assert (game.seats[0].vp, game.seats[0].pool) == (1, 36) and not game.finished


def test_5_b_simultaneous_ousts(cards: carddb.CardIndex) -> None:
    """L2129-2131: Kine Resources Contested burns 2 pool from each of the caller's prey and the next seat, both
    on 2 pool: both are ousted at once. The caller gets 1 VP and 6 pool; the prey, ousted at the same moment
    as its own prey, gets the VP but not the pool."""
    game, al = krc(cards, "Anson", {"pool": 2}, {"pool": 2}, {"pool": 30})
    terms = lambda o: o.kind is Kind.TERMS and o.target == 0  # noqa: E731 - 2 to the prey, 2 to the next
    drive(game, al, cards, [{"play": "Kine Resources Contested"}, terms, vote(0, 1)])
    assert [(s.vp, s.pool, s.ousted) for s in game.seats] == [
        (1, 36, False),
        (1, 0, True),
        (0, 0, True),
        (0, 30, False),
    ]


def test_5_c_the_ousted_seats_prey_becomes_the_predators_prey(cards: carddb.CardIndex) -> None:
    """L2133-2135: after seat 1 is ousted, seat 0's prey is seat 2, and seat 2's predator seat 0."""
    game, al = table(cards, {"ready": [{"card": "Anson", "blood": 3}]}, {"pool": 1}, {"pool": 30})
    drive(game, al, cards, [{"action": "bleed"}])
    assert (game.prey(0), game.predator(2), game.order) == (2, 0, (0, 2))


def test_5_d_the_last_methuselah_standing_gets_1_vp(cards: carddb.CardIndex) -> None:
    """L2122-2124: two seats; the prey is ousted: 1 VP for the oust, 1 for being the last; the game ends."""
    game, al = table(cards, {"ready": [{"card": "Anson", "blood": 3}]}, {"pool": 1})
    drive(game, al, cards, [{"action": "bleed"}])
    assert game.seats[0].vp == 2 and game.finished and economy.winner(game) == 0


def test_5_e_the_rulebooks_five_player_example(cards: carddb.CardIndex) -> None:
    """L2137-2148: Justyna, Eliza, Ryszard, Szymon and Stefan sit clockwise. Played out with bleeds of each
    victim's last pool (its other pool lost beforehand): Szymon ousts Stefan, Ryszard ousts Szymon, Justyna
    ousts Eliza, then Ryszard (now her prey). Final: Justyna 3, Ryszard 1, Szymon 1, Eliza 0, Stefan 0."""
    names = ["Justyna", "Eliza", "Ryszard", "Szymon", "Stefan"]
    vampires = ["Anson", "Nathan Turner", "Lodin (Olaf Holte)", "Alexa Draper", "Pearl"]
    game, al = table(
        cards, *({"name": n, "ready": [{"card": v, "blood": 3, "as": n}]} for n, v in zip(names, vampires, strict=True))
    )
    j, e, r, sz, st = range(5)
    for ousting, ousted in ((sz, st), (r, sz), (j, e), (j, r)):
        assert game.prey(ousting) == ousted
        economy.burn_pool(game, ousted, game.seats[ousted].pool - 1)
        game.acting = ousting
        game.turn += 1  # the next turn: the acting minion may bleed again
        game.minions[al[names[ousting]]].locked = False
        drive(game, al, cards, [{"action": "bleed", "by": names[ousting]}])
        assert game.seats[ousted].ousted
    assert [s.vp for s in game.seats] == [3, 0, 1, 1, 0]
    assert game.finished and game.ended_by == "last standing" and economy.winner(game) == j


def test_4_4_the_influence_worked_example(cards: carddb.CardIndex) -> None:
    """L2039-2050: Nadia has 4 transfers and 2 pool, Alexa Draper (capacity 8) with 6 blood, Sybren van Oosten
    with 2. Spending both pool would oust her, so 2 transfers move 1 blood of Sybren back to her pool (3 pool),
    and the other 2 move 2 pool onto Alexa, who comes out ready."""
    game, al = table(
        cards,
        {
            "name": "Nadia",
            "pool": 2,
            "uncontrolled": [
                {"card": "Alexa Draper", "blood": 6, "as": "alexa"},
                {"card": "Sybren van Oosten", "blood": 2, "as": "sybren"},
            ],
        },
        phase="influence",
    )
    drive(
        game,
        al,
        cards,
        [{"transfer to pool": "sybren"}, {"transfer": "alexa"}, {"transfer": "alexa"}, {"bring out": "alexa"}],
        start=Phase.INFLUENCE,
        stop=Phase.INFLUENCE,
    )
    alexa = game.minions[al["alexa"]]
    assert (game.seats[0].pool, game.seats[0].transfers, game.minions[al["sybren"]].blood) == (1, 0, 1)
    assert (alexa.in_play, alexa.blood, alexa.locked) == (True, 8, False) and not game.seats[0].ousted


# -- 6 the Edge --------------------------------------------------------------------------------------------------------------------


def test_6_a_a_successful_bleed_of_1_or_more_takes_the_edge(cards: carddb.CardIndex) -> None:
    """L960-964: the acting minion's Methuselah takes the Edge from whoever holds it."""
    game, al = table(cards, {"ready": [{"card": "Anson", "blood": 3}]}, {"pool": 30}, {"pool": 30}, edge=2)
    drive(game, al, cards, [{"action": "bleed"}])
    assert game.edge == 0


def test_6_b_a_bleed_of_0_does_not_move_the_edge(cards: carddb.CardIndex) -> None:
    """L960-964: a bleed whose amount is 0 is no successful bleed."""
    game, al = table(cards, {"ready": [{"card": "Anson", "blood": 3}]}, {"pool": 30}, {"pool": 30}, edge=2)
    game.minions[al["Anson"]].bleed = 0
    drive(game, al, cards, [{"action": "bleed"}])
    assert game.edge == 2 and game.seats[1].pool == 30


def test_6_c_a_blocked_bleed_does_not_move_the_edge(cards: carddb.CardIndex) -> None:
    """L960-964: only a successful bleed moves it."""
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": 3}]},
        {"ready": [{"card": "Lodin (Olaf Holte)", "blood": 3, "as": "lodin"}]},
        edge=1,
    )
    drive(game, al, cards, [{"action": "bleed"}, {"block": "lodin"}])
    assert game.edge == 1 and game.seats[1].pool == 30


def test_2011_rules_bring_vampires_out_automatically_at_the_end_of_the_influence_phase(cards):
    """digest-de-2011.md §9 row 4 (the 2011 edition, ``--rules 2011``): a vampire whose blood reaches its
    capacity comes out by itself at the end of the influence phase; under the current rules (digest-pl 4.4,
    L2031-2037) the Methuselah moves it out during the phase, or leaves it."""
    for rules in ("vekn", "2011"):
        game, al = table(
            cards,
            {"uncontrolled": [{"card": "Nathan Turner", "blood": 4, "as": "nathan"}]},
            phase="influence",
            rules=rules,
        )
        asked = drive(game, al, cards, start=Phase.INFLUENCE, stop=Phase.INFLUENCE)
        offered = any(o.kind is Kind.BRING_OUT for _, options in asked for o in options)
        nathan = game.minions[al["nathan"]]
        if rules == "vekn":
            assert offered and not nathan.in_play  # offered; passing leaves it uncontrolled
        else:
            assert not offered and nathan.in_play and nathan.blood == 4


def test_a_card_others_may_burn_is_offered_to_the_minions_its_text_names(cards: carddb.CardIndex) -> None:
    """Pentex(TM) Subversion: "Other minions can burn this card as a (D) action": Nathan may, Anson (the minion it
    is on) may not; the card's own player is offered nothing against it."""
    game, al = table(
        cards,
        {
            "ready": [
                {"card": "Anson", "blood": 3, "cards": [{"card": "Pentex(TM) Subversion", "owner": 1}]},
                {"card": "Nathan Turner", "blood": 2},
            ]
        },
        {"pool": 20, "ready": [{"card": "Lodin (Olaf Holte)", "blood": 4}]},
    )
    burners = {o.minion for o in g.action_options(game, 0) if o.kind is Kind.ACTION and o.value == Act.BURN_CARD}
    assert burners == {al["Nathan Turner"]}
    assert not [o for o in g.action_options(game, 1) if o.kind is Kind.ACTION and o.value == Act.BURN_CARD]


def test_a_location_vampires_may_steal_is_offered_to_vampires_only_and_changes_control(cards: carddb.CardIndex) -> None:
    """Powerbase: Montreal: "Vampires can steal this location as a (D) action": Nathan (a vampire) may, the ally
    Nephandus may not, its controller is offered nothing; stolen, it is used by its new controller, and it
    still goes to its owner's ash heap when burned."""
    game, al = table(
        cards,
        {"ready": [{"card": "Nathan Turner", "blood": 3}, {"card": "Nephandus", "life": 2}]},
        {"pool": 20, "in_play": ["Powerbase: Montreal"], "ready": [{"card": "Lodin (Olaf Holte)", "blood": 4}]},
    )
    steal = [o for o in g.action_options(game, 0) if o.kind is Kind.ACTION and o.value == Act.STEAL_CARD]
    assert {o.minion for o in steal} == {al["Nathan Turner"]}
    assert not [o for o in g.action_options(game, 1) if o.kind is Kind.ACTION and o.value == Act.STEAL_CARD]
    montreal = steal[0].target
    assert game.owner_of[montreal] == 1
    act = Action(seat=0, actor=al["Nathan Turner"], kind=Act.STEAL_CARD, target_minion=montreal)
    game.frames.append(act)
    g._steal_effect(game, Play(seat=0, card=-1, mode=g.STEAL_BY_ACTION, minion=al["Nathan Turner"]))
    game.frames.pop()
    assert montreal in game.seats[0].controlled and montreal not in game.seats[1].controlled
    assert not audit(game)
    g.burn_card(game, montreal)
    assert montreal in game.seats[1].ash_heap and not audit(game)


def test_an_event_is_played_once_a_game_and_the_unmasking_gives_allies_intercept_against_vampires(
    cards: carddb.CardIndex,
) -> None:
    """Events (L599-605): "each event can be played only once per game": a second copy of The Unmasking is not
    offered while one is in play. Its text: "Allies get +1 intercept against vampires" (not against allies)."""
    game, al = table(
        cards,
        {"hand": ["Unmasking, The"], "in_play": ["Unmasking, The"], "ready": [{"card": "Anson", "blood": 3}]},
        {"ready": [{"card": "Nephandus", "life": 2, "as": "ally"}, {"card": "Nathan Turner", "blood": 3}]},
    )
    assert not g.hand_options(game, 0, W.DISCARD, None)
    vampire = Action(kind=Act.BLEED, seat=0, actor=al["Anson"], target=1)
    assert g.intercept_of(game, al["ally"], vampire) == game.minions[al["ally"]].intercept + 1
    assert g.intercept_of(game, al["Nathan Turner"], vampire) == game.minions[al["Nathan Turner"]].intercept
    g.burn_card(game, next(c for c in game.seats[0].controlled if c not in game.minions))  # the event leaves
    assert g.intercept_of(game, al["ally"], vampire) == game.minions[al["ally"]].intercept


def test_the_audit_reports_an_event_in_play_twice(cards: carddb.CardIndex) -> None:
    """``--audit`` checks the events rule (L599-605) on the state: two copies of The Unmasking in play."""
    game, _ = table(cards, {"in_play": ["Unmasking, The"], "ready": [{"card": "Anson", "blood": 3}]})
    assert not g.audit_rules(game)
    twice, _ = table(cards, {"in_play": ["Unmasking, The", "Unmasking, The"], "ready": [{"card": "Anson", "blood": 3}]})
    assert any(p.startswith("event-twice") for p in g.audit_rules(twice))


@pytest.mark.parametrize(("loses_it", "bled"), [(False, 2), (True, 0)])
def test_an_action_a_carried_card_gives_fizzles_once_the_card_left_the_acting_minion(
    cards: carddb.CardIndex, loses_it: bool, bled: int
) -> None:
    """RTR 19960221: the action an equipment gives the minion carrying it fizzles (succeeds for no effect) if the
    equipment is no longer on the acting minion as the action resolves unblocked (``Mode.fizzles_unless_carried``:
    Camera Phone's bleed)."""
    game, aliases = table(
        cards,
        {"ready": [{"card": "Nathan Turner", "blood": 4, "as": "nathan", "cards": ["Camera Phone"]}]},
        {"pool": 20, "ready": [{"card": "Alexandra", "blood": 6, "as": "alexandra"}]},
    )
    nathan = game.minions[aliases["nathan"]]
    phone = nathan.cards[0]

    def declines(option: Option) -> bool:
        """The prey declines to block; the phone burns then, before resolution (as a reaction burning it would)."""
        if option.seat != 1 or option.kind is not Kind.PASS:
            return False
        if loses_it and phone in nathan.cards:
            g.burn_card(game, phone)
        return True

    drive(game, aliases, cards, [{"seat": 0, "play": "Camera Phone", "mode": 1, "by": "nathan"}, declines])
    assert game.seats[1].pool == 20 - bled
    assert (phone in nathan.cards) is not loses_it


def test_an_unholy_penance_put_on_a_minion_again_raises_only_its_new_strikers_bleed(cards: carddb.CardIndex) -> None:
    """Unholy Penance [PRE]: "The striking vampire gets +1 bleed against this minion's controller": the striker of
    the copy's current placement only. A copy back in hand and played again by another vampire chooses that one
    (``PutAfterCombat(opposing=True)``, ``Attached.bleed_for_chosen``): the first striker's bonus is gone."""
    game, aliases = table(
        cards,
        {"ready": [{"card": "Nathan Turner", "blood": 3, "as": "nathan"}]},
        {
            "pool": 30,
            "hand": ["Unholy Penance"],
            "ready": [{"card": "Anson", "blood": 3, "as": "anson"}, {"card": "Alexandra", "blood": 6, "as": "alex"}],
        },
    )
    nathan = game.minions[aliases["nathan"]]
    for striker in ("anson", "alex"):
        nathan.locked, nathan.bled_turn = False, 0  # he may act again (the engine's one bleed a turn)
        drive(
            game,
            aliases,
            cards,
            [
                {"seat": 0, "action": "bleed", "by": "nathan"},
                {"seat": 1, "block": striker},
                {"seat": 1, "strike": "Unholy Penance", "mode": 1},
            ],
        )
        assert len(nathan.cards) == 1
        if striker == "anson":  # the copy goes back to its owner's hand (as a card returning it would)
            game.seats[1].hand.append(nathan.cards.pop())

    def bleed_bonus(actor: str) -> int:
        act = Action(kind=Act.BLEED, seat=1, actor=aliases[actor], directed=True, target=0)
        return g.hook_sum(game, "bleed", act)

    assert bleed_bonus("alex") == 1
    assert bleed_bonus("anson") == 0


def test_a_famous_minion_whose_torpor_ousts_its_controller_ends_the_torpor_hooks(cards: carddb.CardIndex) -> None:
    """Fame: "If this vampire goes to torpor, its controller burns 3 pool." With 3 pool or less that ousts the
    controller (§ ousting: their minions and the cards on them leave the game), so what else the torpor would do
    to the minion (Secure Haven: "burn this card if the minion goes to torpor") has no minion left to do it to:
    the game goes on, it does not fail on the vanished minion."""
    data = {
        "phase": "minion",
        "stop": "minion",
        "seats": [
            {"pool": 20, "ready": [{"card": "Nathan Turner", "blood": 2}]},
            {"pool": 3, "ready": [{"card": "Anson", "blood": 1, "as": "anson", "cards": ["Fame", "Secure Haven"]}]},
            {"pool": 20, "ready": [{"card": "Alicia Cortez", "blood": 3}]},
        ],
    }
    game, aliases, problems = scenario.play_scenario(data, cards)
    assert not problems
    anson = aliases["anson"]
    g.go_to_torpor(game, anson)
    assert anson not in game.minions
    assert game.seats[1].ousted
