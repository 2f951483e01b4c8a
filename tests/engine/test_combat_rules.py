"""Combat, one test per rule of ../shared/rules/digest-pl.md §4.3.4 (L1514-1905), with the rulebook's worked
examples: ranges (L1607-1614), additional strikes (L1697-1711), aggravated damage (L1773-1788) and stealing
blood (L1869-1878). Tables are set up with the scenario format (``scenario.build``/``scenario.run``); single
strike resolutions are driven directly through ``game.resolve_strikes``."""

from __future__ import annotations

from typing import Any

import pytest

from vtesdeck.core import carddb
from vtesdeck.core.engine import game as g
from vtesdeck.core.engine import scenario
from vtesdeck.core.engine.frames import Combat, Side
from vtesdeck.core.engine.state import Game
from vtesdeck.core.engine.windows import Range


def table(cards: carddb.CardIndex, *seats: dict[str, Any]) -> tuple[Game, dict[str, int]]:
    padded = [*seats, {"pool": 30}] if len(seats) < 2 else list(seats)  # a game has two seats at least
    game, aliases, _, _ = scenario.build({"name": "table", "stop": "minion", "seats": padded}, cards)
    return game, aliases


def run(cards: carddb.CardIndex, data: dict[str, Any]) -> None:
    outcome = scenario.run({"stop": "minion", "source": "rulebook §4.3.4", **data}, cards)
    assert outcome.passed, outcome.failures


def resolve(game: Game, a: int, b: int, strike_a: g.Strike, strike_b: g.Strike, rng: Range = Range.CLOSE) -> Combat:
    """One pair of strikes resolving (no decision may be asked: nobody holds prevention cards)."""
    c = Combat(a=Side(minion=a), b=Side(minion=b))
    c.range = rng
    c.a.strike, c.b.strike = strike_a, strike_b
    game.frames.append(c)
    try:
        for ask in g.resolve_strikes(game, c):
            raise AssertionError(f"unexpected decision {ask}")
    finally:
        game.frames.pop()
    return c


def two_vampires(cards: carddb.CardIndex, blood_a: int = 4, blood_b: int = 4) -> tuple[Game, int, int]:
    # b: a vampire with no printed ability (no decision of its own in combat: Lodin now prevents damage)
    game, al = table(
        cards,
        {"ready": [{"card": "Anson", "blood": blood_a, "as": "a"}]},
        {"ready": [{"card": "Nathan Turner", "blood": blood_b, "as": "b"}]},
    )
    return game, al["a"], al["b"]


# -- preconditions (L1516-1532) ---------------------------------------------------------------------------------------


def test_preconditions_your_minions_never_enter_combat_with_each_other(cards: carddb.CardIndex) -> None:
    game, al = table(
        cards, {"ready": [{"card": "Anson", "blood": 4, "as": "a"}, {"card": "Nathan Turner", "blood": 4, "as": "b"}]}
    )
    assert list(g.combat(game, al["a"], al["b"])) == []
    assert not any(e[0] == "combat" for e in game.events or ())


# -- 2. determine range (L1574-1616) ------------------------------------------------------------------------------------


def test_range_worked_example_ayelech_and_colette(cards: carddb.CardIndex) -> None:
    """L1607-1614: Colette (acting) declares no maneuver; Ayelech maneuvers to long range with her .44 Magnum;
    Colette plays a maneuver card back to close; Ayelech plays another to long; Colette has none left: long
    range, where Colette's hand strike cannot be used and the Magnum's 2R strike hits."""
    run(
        cards,
        {
            "name": "range worked example",
            "seats": [
                {"hand": ["Pursuit"], "ready": [{"card": "Anson", "blood": 4, "as": "colette"}]},
                {
                    "hand": ["Pursuit"],
                    "ready": [{"card": "Adana de Sforza", "blood": 4, "as": "ayelech", "cards": [".44 Magnum"]}],
                },
            ],
            "choices": [
                {"seat": 0, "action": "bleed", "by": "colette"},
                {"seat": 1, "block": "ayelech"},
                {"seat": 0, "pass": True},
                {"seat": 1, "maneuver": True, "by": "ayelech"},
                {"seat": 0, "play": "Pursuit", "mode": 0, "by": "colette"},
                {"seat": 1, "play": "Pursuit", "mode": 0, "by": "ayelech"},
                # no strike choice: the Magnum's maneuver committed Ayelech to its strike (L1592-1597)
            ],
            "expect": [{"minion": "colette", "blood": 2}, {"minion": "ayelech", "blood": 4}, {"log_has": "maneuver"}],
        },
    )


def armed_combat(cards: carddb.CardIndex, hand: list[str] | None = None) -> tuple[Game, Combat, int, int]:
    """Nathan (acting, carrying a .44 Magnum, holding ``hand``) in combat with Anson, before the range step."""
    game, al = table(
        cards,
        {"hand": hand or [], "ready": [{"card": "Nathan Turner", "blood": 4, "as": "a", "cards": [".44 Magnum"]}]},
        {"ready": [{"card": "Anson", "blood": 4, "as": "b"}]},
    )
    c = Combat(a=Side(minion=al["a"]), b=Side(minion=al["b"]))
    for h in game.compiled.hooks.get("combat_start", ()):
        h(game, c)
    game.frames.append(c)
    return game, c, al["a"], al["b"]


def range_step(game: Game, c: Combat, *picks: str) -> list[list[g.Option]]:
    """Drive the range step: ``picks`` name each decision's choice ("weapon", "maneuver", "card", "pass");
    returns the options offered at each decision."""
    offered = []
    flow = g.maneuvers(game, c)
    feed = iter(picks)
    try:
        ask = next(flow)
        while True:
            _, options = ask
            offered.append(options)
            pick = next(feed, "pass")
            chosen = next(
                o
                for o in options
                if (pick == "pass" and o.kind is g.Kind.PASS)
                or (pick == "weapon" and o.kind is g.Kind.MANEUVER and o.value)
                or (pick == "maneuver" and o.kind is g.Kind.MANEUVER and not o.value)
                or (pick == "card" and o.kind is g.Kind.PLAY)
            )
            ask = flow.send(chosen)
    except StopIteration:
        pass
    return offered


def test_range_maneuvering_with_a_weapon_commits_the_minion_to_its_strike(cards: carddb.CardIndex) -> None:
    """L1592-1597, L1652-1655: the .44 Magnum's maneuver also chooses the bearer's strike: the Magnum's is its
    only strike that round (no hand strike, no strike card), and ``--audit`` reports any other."""
    game, c, a, b = armed_combat(cards, hand=["Aid from Bats"])
    range_step(game, c, "weapon")
    assert c.range is Range.LONG and c.a.committed
    options = g.strike_options(game, c, a)
    assert [g.option_strike(game, o).label for o in options] == [".44 Magnum"]
    c.a.strike = g.HAND_STRIKE
    assert any(p.startswith("weapon-commit") for p in g.audit_rules(game))
    c.a.strike = g.option_strike(game, options[0])
    assert not g.audit_rules(game)


def test_range_a_weapon_maneuver_unused_commits_to_nothing(cards: carddb.CardIndex) -> None:
    """Carrying a weapon commits nothing: without its maneuver the bearer picks any strike."""
    game, c, a, b = armed_combat(cards, hand=["Aid from Bats"])
    range_step(game, c)
    options = g.strike_options(game, c, a)
    assert {o.card >= 0 for o in options} == {True, False} and any(o.value == 0 and o.card < 0 for o in options)


def test_range_no_second_weapon_or_strike_card_maneuver_once_a_strike_is_chosen(cards: carddb.CardIndex) -> None:
    """L1595-1597: a minion that maneuvered with a strike card (Aid from Bats at the range step) has chosen its
    strike: when the opponent maneuvers back, neither the Magnum's maneuver nor a second strike card's is offered."""
    game, c, a, b = armed_combat(cards, hand=["Aid from Bats", "Aid from Bats"])
    c.b.combat_maneuvers += 1  # Anson can maneuver back to close range
    offered = range_step(game, c, "card", "maneuver")
    assert c.a.strike is not None and c.range is Range.CLOSE
    assert [opts[0].seat for opts in offered] == [0, 1]  # Nathan is not asked again: nothing is left to offer


def test_range_a_maneuver_that_commits_nothing_is_used_before_the_weapons(cards: carddb.CardIndex) -> None:
    """An ability's maneuver (Saku's, Bum's Rush's) leaves the strike free: it is offered first."""
    game, c, a, b = armed_combat(cards)
    c.a.combat_maneuvers += 1  # another once-each-combat maneuver that is not a weapon's
    first = range_step(game, c, "maneuver")[0]
    assert [o.value for o in first if o.kind is g.Kind.MANEUVER] == [0]
    assert not c.a.committed and c.a.weapon_maneuver  # the Magnum's maneuver is still there, uncommitted


def test_strike_a_committed_minion_with_hand_strikes_only_gets_no_strike(cards: carddb.CardIndex) -> None:
    """Committed to the Magnum, then only hand strikes are allowed (Immortal Grapple): no strike at all
    (TOM 19951217 for a strike card committed at the range step)."""
    game, c, a, b = armed_combat(cards)
    range_step(game, c, "weapon")
    c.hand_strikes_only = True
    options = g.strike_options(game, c, a)
    assert [g.option_strike(game, o) for o in options] == [g.NO_STRIKE]


def test_additional_strikes_after_a_weapon_maneuver_may_be_any_strike(cards: carddb.CardIndex) -> None:
    """L1692-1694: the commitment is the first strike's; an additional strike may be the hand strike."""
    game, c, a, b = armed_combat(cards)
    range_step(game, c, "weapon")
    c.a.extra_strikes = 1
    flow = g.strikes(game, c)
    seat, options = next(flow)  # both first strikes were forced (the Magnum; Anson's hand strike) and resolved
    assert game.minions[b].blood == 2  # the Magnum's 2R
    assert seat == 0 and any(o.value == 0 and o.card < 0 for o in options)  # Nathan's additional: the hand too


def test_range_most_strikes_only_at_close_range(cards: carddb.CardIndex) -> None:
    """L1661-1666: at long range the hand strike does nothing; ranged strikes, dodges and combat ends work."""
    game, a, b = two_vampires(cards)
    resolve(game, a, b, g.HAND_STRIKE, g.Strike(damage=2, ranged=True), Range.LONG)
    assert game.minions[b].blood == 4 and game.minions[a].blood == 2


# -- 4. strike (L1626-1711) -----------------------------------------------------------------------------------------------


def test_strike_pair_resolves_simultaneously(cards: carddb.CardIndex) -> None:
    """L1633-1634, L1668-1670: both strikes of the pair resolve together, even if one puts its target in torpor."""
    game, a, b = two_vampires(cards, blood_a=1, blood_b=4)
    resolve(game, a, b, g.HAND_STRIKE, g.Strike(damage=3))
    assert game.minions[a].torpor and game.minions[b].blood == 3


def test_additional_strikes_worked_example_wauneka_and_flavio(cards: carddb.CardIndex) -> None:
    """L1697-1711: Flávio dodges Wauneka's first strike; Wauneka gets 1 additional strike, Flávio 2, all at the
    same (close) range: both hand strikes hit (1 each), then Flávio strikes alone once more. (The engine plays
    the additional strike cards before strikes are chosen: W.BEFORE_STRIKES.)"""
    run(
        cards,
        {
            "name": "additional strikes worked example",
            "seats": [
                {"hand": ["Pursuit"], "ready": [{"card": "Anson", "blood": 4, "as": "wauneka"}]},
                {"hand": ["Blur", "Form of Mist"], "ready": [{"card": "Don Cerro", "blood": 5, "as": "flavio"}]},
            ],
            "choices": [
                {"seat": 0, "action": "bleed", "by": "wauneka"},
                {"seat": 1, "block": "flavio"},
                {"seat": 0, "pass": True},
                {"seat": 0, "play": "Pursuit", "mode": 1, "by": "wauneka"},
                {"seat": 1, "play": "Blur", "mode": 1, "by": "flavio"},
                {"seat": 1, "strike": "Form of Mist", "mode": 0},
            ],
            # Wauneka takes 2 (two of Flávio's strikes), Flávio 1 (Wauneka's one additional strike) and 1 for Blur.
            "expect": [{"minion": "wauneka", "blood": 2}, {"minion": "flavio", "blood": 3}],
        },
    )


def test_additional_strikes_one_source_a_round(cards: carddb.CardIndex) -> None:
    """L1683-1694: "(limit)": a second source of additional strikes in the same round adds nothing."""
    game, a, b = two_vampires(cards)
    from vtesdeck.core.engine.cards import Mode, Play
    from vtesdeck.core.engine.vocabulary import AdditionalStrikes
    from vtesdeck.core.engine.windows import W

    c = Combat(a=Side(minion=a), b=Side(minion=b))
    play = Play(seat=0, card=-1, mode=Mode(window=W.BEFORE_STRIKES), minion=a, frame=c)
    AdditionalStrikes(2)(game, play)
    AdditionalStrikes(1)(game, play)
    assert c.a.extra_strikes == 2


def test_combat_ends_resolves_before_first_strike(cards: carddb.CardIndex) -> None:
    """L1838-1905: combat ends always resolves first, even before a first strike."""
    game, a, b = two_vampires(cards)
    c = resolve(game, a, b, g.Strike(combat_ends=True), g.Strike(damage=3, first=True))
    assert c.over and game.minions[a].blood == 4 and game.minions[b].blood == 4


def test_dodge_works_against_first_strike_and_deals_no_damage(cards: carddb.CardIndex) -> None:
    """L1838-1905: a dodge protects against the opponent's strike, even a first strike; it deals no damage."""
    game, a, b = two_vampires(cards)
    resolve(game, a, b, g.Strike(dodge=True), g.Strike(damage=3, first=True))
    assert game.minions[a].blood == 4 and game.minions[b].blood == 4


def test_dodge_does_not_affect_combat_ends(cards: carddb.CardIndex) -> None:
    game, a, b = two_vampires(cards)
    c = resolve(game, a, b, g.Strike(dodge=True), g.Strike(combat_ends=True))
    assert c.over


def test_first_strike_preempts_when_it_torpors(cards: carddb.CardIndex) -> None:
    """L1838-1905: a first strike that sends the opponent to torpor: the opponent's strike never resolves."""
    game, a, b = two_vampires(cards, blood_a=4, blood_b=1)
    resolve(game, a, b, g.Strike(damage=3, first=True), g.Strike(damage=3))
    assert game.minions[b].torpor and game.minions[a].blood == 4


def test_both_first_strikes_resolve_simultaneously(cards: carddb.CardIndex) -> None:
    game, a, b = two_vampires(cards, blood_a=1, blood_b=1)
    resolve(game, a, b, g.Strike(damage=2, first=True), g.Strike(damage=2, first=True))
    assert game.minions[a].torpor and game.minions[b].torpor


# -- 5. damage resolution (L1714-1797) ---------------------------------------------------------------------------------------


def test_damage_vampire_heals_by_burning_blood_and_unhealed_damage_sends_it_to_torpor(cards: carddb.CardIndex) -> None:
    """L1725-1732."""
    game, a, _ = two_vampires(cards, blood_a=2)
    g.take_damage(game, a, 2, 0)
    assert game.minions[a].blood == 0 and not game.minions[a].torpor
    g.take_damage(game, a, 1, 0)
    assert game.minions[a].torpor


@pytest.mark.parametrize(
    ("blood", "normal", "aggravated", "burned", "left"),
    [
        (1, 0, 1, False, 1),  # wounded by the aggravated point: torpor with 1 blood
        (2, 0, 3, False, 0),  # wounded by the first, burns 2 blood to survive the other 2: torpor empty
        (1, 2, 1, True, 0),  # heals 1 normal, wounded by the second: the aggravated point burns it
    ],
)
def test_aggravated_damage_worked_examples(
    cards: carddb.CardIndex, blood: int, normal: int, aggravated: int, burned: bool, left: int
) -> None:
    """L1773-1788, the rulebook's three examples."""
    game, a, _ = two_vampires(cards, blood_a=blood)
    g.take_damage(game, a, normal, aggravated)
    if burned:
        assert a not in game.minions
    else:
        assert game.minions[a].torpor and game.minions[a].blood == left


def test_aggravated_damage_burns_a_vampire_already_in_torpor(cards: carddb.CardIndex) -> None:
    """L1754-1757: being in torpor is being wounded."""
    game, a, _ = two_vampires(cards, blood_a=0)
    game.minions[a].torpor = True
    g.take_damage(game, a, 0, 1)
    assert a not in game.minions


def test_allies_lose_life_and_aggravated_works_as_normal(cards: carddb.CardIndex) -> None:
    """L1790-1793."""
    game, al = table(cards, {"ready": [{"card": "Underbridge Stray", "life": 3, "as": "ally"}]})
    g.take_damage(game, al["ally"], 1, 1)
    assert game.minions[al["ally"]].blood == 1
    g.take_damage(game, al["ally"], 0, 1)
    assert al["ally"] not in game.minions


def test_environmental_damage_cannot_be_dodged(cards: carddb.CardIndex) -> None:
    """L1735-1743: non-strike damage (Carrion Crows) is dealt even to a dodging minion."""
    game, a, b = two_vampires(cards)
    c = Combat(a=Side(minion=a), b=Side(minion=b))
    c.env_damage[a] = 1
    c.a.strike, c.b.strike = g.Strike(dodge=True), g.HAND_STRIKE
    game.frames.append(c)
    for ask in g.resolve_strikes(game, c):
        raise AssertionError(ask)
    game.frames.pop()
    assert game.minions[a].blood == 3


# -- strike effects: steal blood (L1838-1905) ----------------------------------------------------------------------------------


def test_steal_blood_worked_example_chrysanthemum(cards: carddb.CardIndex) -> None:
    """L1869-1878: a capacity-5 vampire with 4 blood steals 2 from an ally with 2 life and takes 1 damage: 6
    blood drains back to 5, the ally is burned at 0 life, the vampire burns 1 to heal: 4 blood."""
    game, al = table(
        cards,
        {"ready": [{"card": "Brandon Grime", "blood": 4, "as": "chrysanthemum"}]},
        {"ready": [{"card": "Underbridge Stray", "life": 2, "as": "stray"}]},
    )
    vampire, ally = al["chrysanthemum"], al["stray"]
    assert game.minions[vampire].capacity == 5
    resolve(game, vampire, ally, g.Strike(steal=2), g.Strike(damage=1))
    assert game.minions[vampire].blood == 4
    assert ally not in game.minions


# -- 6. press and 7. end of round (L1798-1822) -----------------------------------------------------------------------------------


def test_press_an_uncancelled_press_to_continue_starts_a_new_round(cards: carddb.CardIndex) -> None:
    run(
        cards,
        {
            "name": "press",
            "seats": [
                {"hand": ["Psyche!"], "ready": [{"card": "Anson", "blood": 4, "as": "anson"}]},
                {"ready": [{"card": "Nathan Turner", "blood": 4, "as": "nathan"}]},
            ],
            "choices": [
                {"seat": 0, "action": "bleed", "by": "anson"},
                {"seat": 1, "block": "nathan"},
                {"seat": 0, "play": "Psyche!", "mode": 0, "by": "anson"},
            ],
            "expect": [{"minion": "nathan", "blood": 2}, {"minion": "anson", "blood": 2}],
        },
    )


def test_press_without_a_press_the_combat_ends_after_one_round(cards: carddb.CardIndex) -> None:
    run(
        cards,
        {
            "name": "no press",
            "seats": [
                {"ready": [{"card": "Anson", "blood": 4, "as": "anson"}]},
                {"ready": [{"card": "Nathan Turner", "blood": 4, "as": "nathan"}]},
            ],
            "choices": [{"seat": 0, "action": "bleed", "by": "anson"}, {"seat": 1, "block": "nathan"}],
            "expect": [{"minion": "nathan", "blood": 3}, {"minion": "anson", "blood": 3}],
        },
    )


def test_end_of_round_happens_even_if_the_combat_ended_early(cards: carddb.CardIndex) -> None:
    """L1816-1822: the opponent went to torpor during strikes; "end of round" cards (Taste of Vitae) still play."""
    run(
        cards,
        {
            "name": "end of round after torpor",
            "seats": [
                {
                    "hand": ["Dust Up", "Taste of Vitae"],
                    "ready": [{"card": "Brandon Grime", "blood": 3, "as": "brandon"}],
                },
                {"ready": [{"card": "Nathan Turner", "blood": 2, "as": "nathan"}]},
            ],
            "choices": [
                {"seat": 0, "action": "bleed", "by": "brandon"},
                {"seat": 1, "block": "nathan"},
                {"seat": 0, "strike": "Dust Up", "mode": 2},
                {"seat": 0, "play": "Taste of Vitae", "by": "brandon"},
            ],
            "expect": [{"minion": "nathan", "torpor": True}, {"minion": "brandon", "blood": 4}],
        },
    )


def test_form_of_mist_superior_once_each_action_even_in_a_queued_combat(cards: carddb.CardIndex) -> None:
    """Card text: "A vampire can play only one Form of Mist at superior each action": after [PRO] ends the
    combat and Psyche! queues another, a second [PRO] is not offered to Nathan in that combat (its [pro] dodge
    is); a "(limit) each action" counts over every combat of the action."""
    data = {
        "name": "second Form of Mist [PRO]",
        "seats": [
            {
                "hand": ["Form of Mist", "Form of Mist"],
                "ready": [{"card": "Nathan Turner", "blood": 5, "as": "nathan"}],
            },
            {"hand": ["Psyche!"], "ready": [{"card": "Anson", "blood": 4, "as": "anson"}]},
        ],
        "choices": [
            {"seat": 0, "action": "bleed", "by": "nathan"},
            {"seat": 1, "block": "anson"},
            {"seat": 0, "strike": "Form of Mist", "mode": 1},
            {"seat": 1, "play": "Psyche!", "mode": 1, "by": "anson"},
            {"seat": 0, "strike": "Form of Mist", "mode": 1},
        ],
    }
    outcome = scenario.run({"stop": "minion", "source": "card text", **data}, cards)
    assert any("never offered" in f and "'mode': 1" in f for f in outcome.failures), outcome.failures
    data["choices"][-1] = {"seat": 0, "strike": "Form of Mist", "mode": 0}
    run(cards, data)


def test_vozhd_of_gravesend_cancels_no_card_giving_a_strike_for_later(cards: carddb.CardIndex) -> None:
    """The Vozhd of Gravesend cancels "a strike card as it is played": Hunger of Marduk, played before range ("this
    round, this vampire can strike"), is no strike card, so its in-play cancel is not offered for it."""
    data = {
        "name": "Vozhd against Hunger of Marduk",
        "seats": [
            {"ready": [{"card": "Vozhd of Gravesend, The", "life": 5, "as": "vozhd"}]},
            {"pool": 20, "hand": ["Hunger of Marduk"], "ready": [{"card": "Arjun Shah", "blood": 4, "as": "arjun"}]},
        ],
        "choices": [
            {"seat": 0, "play": "Vozhd of Gravesend, The", "mode": 1, "by": "vozhd", "target": "arjun"},
            {"seat": 1, "play": "Hunger of Marduk", "mode": 0, "by": "arjun"},
            {"seat": 0, "play": "Vozhd of Gravesend, The", "mode": 2},
        ],
    }
    outcome = scenario.run({"stop": "minion", "source": "card text", **data}, cards)
    assert any("never offered" in f and "'mode': 2" in f for f in outcome.failures), outcome.failures
    data["choices"].pop()
    run(cards, data)


def test_groundfighting_no_weapon_in_a_card_giving_a_strike(cards: carddb.CardIndex) -> None:
    """Groundfighting cancels a card forbidding equipment only "while the anarch has a weapon" (LSJ 20050221): a
    card that is no equipment but gives a strike (Contagion, an action card on the vampire) is no weapon, so Terror
    Frenzy restricts nothing and the cancel is not offered."""
    data = {
        "name": "Groundfighting against Terror Frenzy, Contagion on the anarch",
        "acting": 1,
        "seats": [
            {
                "hand": ["Groundfighting"],
                "ready": [{"card": "Brandon Grime", "blood": 4, "as": "brandon", "cards": ["Contagion"]}],
            },
            {"hand": ["Terror Frenzy"], "ready": [{"card": "Bear Paw", "blood": 4, "as": "paw"}]},
        ],
        "choices": [
            {"seat": 1, "action": "bleed", "by": "paw"},
            {"seat": 0, "block": "brandon"},
            {"seat": 1, "play": "Terror Frenzy", "mode": 0, "by": "paw"},
            {"seat": 0, "play": "Groundfighting", "mode": 2, "by": "brandon"},
        ],
    }
    outcome = scenario.run({"stop": "minion", "source": "card text", **data}, cards)
    assert any("never offered" in f and "'mode': 2" in f for f in outcome.failures), outcome.failures
    data["choices"].pop()
    run(cards, data)
