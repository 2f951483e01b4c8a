"""Combat cards (played by a combatant at a combat step)."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Attached, Bearer, Mode, Role, card
from ..frames import Until
from ..state import ALLY
from ..vocabulary import (
    CombatStrength,
    EnvironmentalDamage,
    OptionalPress,
    Prevent,
    Strike,
    StrikeWith,
    UnlockSelf,
    damage_pending,
)
from ..windows import W
from . import combat_strikes as cs  # Form of Mist … Taste of Vitae's code
from .combat_support import (  # Carrion Crows … Torn Signpost's code
    FLESH_BASIC,
    FLESH_SUPERIOR,
    MARDUK_1,
    MARDUK_2,
    MOLOTOV,
    MOLOTOV_THROW,
    THEFT_1,
    THEFT_2,
    WALKING_STICK,
    ZIP_GUN,
    mettle_each_round,
    molotov_copy,
)

card(
    "Earth Meld",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(combat_ends=True, label="combat ends")),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(UnlockSelf(), StrikeWith(Strike(combat_ends=True, label="combat ends"))),
    ),
)
card(
    "Majesty",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(combat_ends=True, label="combat ends")),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(UnlockSelf(), StrikeWith(Strike(combat_ends=True, label="combat ends"))),
    ),
)
card(
    "Carrion Crows",
    Mode(
        window=W.BEFORE_RANGE,
        effects=(EnvironmentalDamage(1),),
        limit="carrion crows",
        limit_scope="combat",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(EnvironmentalDamage(2),),
        limit="carrion crows",
        limit_scope="combat",
    ),
)
card(
    "Hunger of Marduk",
    Mode(window=W.BEFORE_RANGE, effects=(MARDUK_1,), label="may strike: steal 1, ranged"),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(MARDUK_2,),
        label="may strike: steal 2, ranged",
    ),
)
card(
    "Theft of Vitae",
    Mode(window=W.STRIKE, effects=(THEFT_1,)),
    Mode(window=W.STRIKE, superior=True, effects=(THEFT_2,)),
    notes="Two thefts resolve together, from the blood each victim had (ANK 20200123: game.py _apply_strikes).",
)
card(
    "Concealed Weapon",
    Mode(
        window=W.BEFORE_RANGE,
        targets=v.weapons_in_hand(restricted=True),
        effects=(v.EquipFromHand(),),
        label="equip a weapon from the hand",
    ),
    notes="Only weapons with a spec registered in permanent.WEAPONS (.44 Magnum) can be chosen.",
)
card(
    "Rolling with the Punches",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(1),)),
    Mode(
        window=W.PREVENT,
        superior=True,
        cost_blood=1,
        when=damage_pending,
        effects=(Prevent(all_damage=True),),
    ),
    notes="[FOR]'s 'burn 1 blood' is modelled as a blood cost (so it needs the blood: ANK 20210226).",
)
card(
    "Hidden Strength",
    Mode(window=W.PREVENT, x_cost=True, values=v.prevent_x, when=damage_pending, effects=(Prevent(1, plus_x=True),)),
    Mode(
        window=W.PREVENT,
        superior=True,
        x_cost=True,
        values=v.prevent_x,
        when=damage_pending,
        effects=(Prevent(1, plus_x=True), OptionalPress()),
    ),
    notes="X is offered from 0 up to what the pending damage needs (X+1 may not exceed it).",
)
card(
    "Torn Signpost",
    # a vampire carrying Preternatural Strength "cannot play cards named Torn Signpost"
    Mode(window=W.BEFORE_RANGE, when=v.not_carrying("Preternatural Strength"), effects=(CombatStrength(2),)),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        when=v.not_carrying("Preternatural Strength"),
        effects=(CombatStrength(3),),
    ),
)

# -- Form of Mist … Taste of Vitae (code in combat_strikes.py) ----------------------------------------------------

card(
    "Form of Mist",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(
        window=W.STRIKE,
        superior=True,
        limit="form of mist",
        limit_scope="action",  # "A vampire can play only one Form of Mist at superior each action"
        effects=(StrikeWith(cs.COMBAT_ENDS), v.ContinueAsIfUnblocked()),
        label="combat ends; continue the action as if unblocked",
    ),
    notes="[PRO]: the blocked vampire always burns the 1 blood to continue when it can (not asked).",
)
card(
    "Immortal Grapple",
    Mode(
        window=W.BEFORE_STRIKES,
        when=cs.grapple_when,
        effects=(cs.grapple_mark, v.HandStrikesOnly()),
        label="only hand strikes this round",
    ),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        when=cs.grapple_when,
        effects=(cs.grapple_mark, v.HandStrikesOnly(close_next=True), OptionalPress()),
        label="only hand strikes, 1 optional press, next round at close range",
    ),
    notes="A range already set by another effect (Neutral Guard's priority) is not modelled.",
)
card(
    "Pursuit",
    Mode(window=W.RANGE, effects=(v.Maneuver(),), label="maneuver"),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        when=v.no_extra_source,
        effects=(v.AdditionalStrikes(1),),
        label="1 additional strike",
    ),
)
card(
    "Target Vitals",
    Mode(window=W.STRIKE, when=v.no_aim_yet, effects=(v.Aim(2, cancel=2),), label="aim: +2 damage"),
    notes="The opponent's cancel discards the first two combat cards of its hand. On a strike committed at the "
    "range step (a strike card's or a weapon's maneuver) it is played at the strike step (LSJ 20080409).",
)
_BATS = Strike(damage=1, ranged=True, maneuver=True, label="1R damage, optional maneuver")
_BATS_PRESS = Strike(damage=1, ranged=True, maneuver=True, press=True, label="1R damage, maneuver, press")
card(
    "Aid from Bats",
    Mode(window=W.STRIKE, effects=(StrikeWith(_BATS),)),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(_BATS_PRESS),)),
    # Maneuvering with a strike card chooses the strike at the range step (L1592-1597).
    Mode(
        window=W.RANGE,
        effects=(StrikeWith(Strike(damage=1, ranged=True, label="1R damage")), v.Maneuver()),
        label="maneuver with the strike",
    ),
    Mode(
        window=W.RANGE,
        superior=True,
        effects=(StrikeWith(Strike(damage=1, ranged=True, press=True, label="1R damage, press")), v.Maneuver()),
        label="maneuver with the strike",
    ),
)
card(
    "Psyche!",
    Mode(window=W.PRESS, effects=(v.Press(),), label="press"),
    Mode(
        window=W.END_OF_ROUND,
        superior=True,
        when=v.combat_about_to_end,
        effects=(v.QueueCombat(),),
        label="queue a combat with the opposing minion",
    ),
    notes="[CEL] is played at the end of the last round (also after a combat ends strike).",
)
card(
    "Dust Up",
    Mode(
        window=W.STRIKE,
        disciplines=("ani",),
        effects=(StrikeWith(Strike(hand=True, bonus=1, undodgeable=True, label="hand strike +1, undodgeable")),),
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("cel",),
        when=v.no_extra_source,
        effects=(StrikeWith(cs.DODGE), v.AdditionalStrikes(1)),
        label="dodge, 1 additional strike",
    ),
    Mode(
        window=W.STRIKE, disciplines=("pot",), effects=(StrikeWith(Strike(hand=True, bonus=2, label="hand strike +2")),)
    ),
)
card(
    "Donnybrook",
    Mode(
        window=W.STRIKE,
        disciplines=("obf",),
        when=v.all_of(v.at_close_range, v.opponent_armed),
        effects=(
            StrikeWith(Strike(burn_equipment=True, first=True, label="burn equipment or retainer, first strike")),
        ),
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("pro",),
        when=v.at_close_range,
        effects=(StrikeWith(Strike(hand=True, aggravated=True, label="hand strike, aggravated")),),
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("ser",),
        when=v.at_close_range,
        effects=(StrikeWith(Strike(steal=2, label="steal 2 blood")),),
    ),
    notes="[obf] burns the last equipment or retainer put on the opposing minion: no choice among several.",
)
card(
    "Blur",
    Mode(
        window=W.BEFORE_STRIKES,
        when=v.no_extra_source,
        effects=(v.AdditionalStrikes(1),),
    ),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        when=v.no_extra_source,
        effects=(v.AdditionalStrikes(2),),
    ),
)
card(
    "Diversion",
    Mode(
        window=W.BEFORE_STRIKES,
        disciplines=("cel",),
        when=v.no_extra_source,
        effects=(v.AdditionalStrikes(1),),
    ),
    Mode(window=W.PREVENT, disciplines=("for",), when=damage_pending, effects=(Prevent(2),)),
    Mode(
        window=W.STRIKE,
        disciplines=("tha",),
        effects=(StrikeWith(Strike(steal=1, ranged=True, maneuver=True, label="ranged steal 1 blood")),),
    ),
    Mode(
        window=W.RANGE,
        disciplines=("tha",),
        effects=(StrikeWith(Strike(steal=1, ranged=True, label="ranged steal 1 blood")), v.Maneuver()),
        label="maneuver with the strike",
    ),
)
card(
    "Taste of Vitae",
    Mode(window=W.END_OF_ROUND, when=cs.taste_when, effects=(cs.taste_mark, v.GainBloodLostByOpponent())),
)

# -- Rego Motum, No Trace, Typhonic Beast ------------------------------------------------------------------------------

card(
    "Rego Motum",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(2),), limit="rego motum", limit_scope="round"),
    Mode(
        window=W.PREVENT,
        superior=True,
        when=damage_pending,
        effects=(Prevent(4),),
        limit="rego motum",
        limit_scope="round",
    ),
    notes="Prevents damage being resolved against the vampire (environmental damage resolved with the strike "
    "included).",
)
card(
    "No Trace",
    Mode(
        window=W.STRIKE,
        when=v.at_long_range,
        effects=(StrikeWith(Strike(combat_ends=True, ranged=True, label="combat ends")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(combat_ends=True, label="combat ends")),),
    ),
)


card(
    "Typhonic Beast",
    Mode(window=W.BEFORE_RANGE, disciplines=("ser",), effects=(v.StrengthThisCombat(1),)),
    Mode(
        window=W.BEFORE_RANGE,
        disciplines=("pot", "ser"),
        effects=(v.StrengthThisCombat(1), v.PreventEachRound()),
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.StrengthThisCombat(1), v.PreventEachRound(), OptionalPress()),
    ),
    notes="The prevention is always used (it is optional on the card); from a second [pot][ser] copy it adds 1 "
    "in its own round only.",
)


card(
    "Raking Talons",
    Mode(
        window=W.BEFORE_RANGE,
        effects=(v.AggravatedHandStrikes(),),
        limit="raking talons",
        limit_scope="combat",
        label="hand strikes aggravated this combat",
    ),
    notes="A hand strike is one marked as such (the default hand strike, Dust Up [pot]'s).",
)


# -- the most played combat cards of issue 27 ------------------------------------------------------------------------

card(
    "Weighted Walking Stick",
    Mode(
        window=W.BEFORE_RANGE,
        when=v.all_of(v.in_first_round, v.carries_none_of("Weighted Walking Stick")),
        effects=(v.PutOnSelfWithCounters(5),),
        label="a melee weapon: strike strength+1",
    ),
    bearer=Bearer(strike=WALKING_STICK, equipment=True),
    attached=Attached(worn_by_strikes=True),
    notes="Its strike is usable from the round it is played (before range of the first round).",
)
card(
    "Disarm",
    Mode(
        window=W.END_OF_ROUND,
        when=v.all_of(
            v.self_ready,
            v.at_close_range,
            v.inflicted_more_this_round,
            v.carries_none_of("Disarm", opposing=True),
        ),
        effects=(v.PutOnTarget(opposing=True), v.OpposingToTorpor()),
        label="on the opposing vampire: to torpor, -1 strength",
    ),
    Mode(
        window=W.END_OF_ROUND,
        superior=True,
        when=v.all_of(
            v.self_ready,
            v.at_close_range,
            v.inflicted_more_this_round,
            v.carries_none_of("Disarm", opposing=True),
        ),
        effects=(v.PutOnTarget(opposing=True, counters=1), v.OpposingToTorpor()),
        label="on the opposing vampire: to torpor, -2 strength",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=v.has_blood(3),
        effects=(v.BurnBlood(3), v.BurnThisCard()),
        label="its vampire burns 3 blood to burn it",
    ),
    bearer=Bearer(strength=-1, per_counter=True),  # [POT]: a counter on it, -2 strength
    notes="The attached vampire's 'burn 3 blood to burn this card' is offered in its controller's unlock phase. "
    "The range at the end of the round is the range of its strikes (Disarm ruling LSJ 20100709 for a round ended "
    "before range: close).",
)
card(
    "Breath of Thanatos",
    Mode(window=W.BLOCK_ATTEMPT, when=v.recruiting_or_employing("wraith"), effects=(v.Stealth(2),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(damage=1, aggravated=True, label="1 aggravated damage")),),
    ),
)
card(
    "Chiropteran Marauder",
    Mode(window=W.RANGE, effects=(v.Maneuver(),), label="maneuver"),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        cost_blood=1,
        effects=(v.AggravatedHandStrikes(this_round=True),),
        label="hand strikes aggravated this round",
    ),
    notes="[VIC]'s 'burn 1 blood' is a blood cost (it needs the blood: ANK 20210226); it is played before the "
    "strikes are chosen (the engine has no window between the choice and the resolution of the strikes).",
)
card(
    "Quickness",
    Mode(
        window=W.BEFORE_STRIKES,
        when=v.no_extra_source,
        effects=(v.AdditionalStrikes(1),),
        limit="quickness",
        limit_scope="round",
    ),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        effects=(v.AdditionalStrikes(1, beyond_limit=True),),
        limit="quickness",
        limit_scope="round",
    ),
)
card(
    "Claws of the Dead",
    Mode(
        window=W.BEFORE_STRIKES,
        effects=(v.AggravatedHandStrikes(this_round=True),),
        label="hand strikes aggravated this round",
    ),
    Mode(window=W.RANGE, superior=True, effects=(v.Maneuver(),), label="maneuver"),
    notes="[pro] is played before the strikes are chosen (no window between their choice and resolution).",
)
card(
    "Roundhouse",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(hand=True, bonus=2, label="hand strike +2")),)),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(Strike(hand=True, bonus=3, label="hand strike +3")),)),
)
card(
    "Rapid Change",
    Mode(window=W.BLOCK_ATTEMPT, effects=(v.Stealth(1),)),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(cs.COMBAT_ENDS),)),
)
card(
    "Indomitability",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(1),)),
    Mode(window=W.PRESS, superior=True, effects=(v.Press(),), label="press"),
    Mode(window=W.PREVENT, superior=True, when=damage_pending, effects=(Prevent(1), OptionalPress())),
)
card(
    "Spiritual Intervention",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
)
card(
    "Unflinching Persistence",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(1),)),
    Mode(
        window=W.RANGE,
        superior=True,
        effects=(v.Maneuver(), v.PreventLaterThisRound(1)),
        label="maneuver, prevent 1 damage later this round",
    ),
)
card(
    "Flash",
    Mode(window=W.RANGE, effects=(v.Maneuver(),), label="maneuver"),
    Mode(window=W.PRESS, effects=(v.Press(),), label="press"),
    Mode(window=W.RANGE, superior=True, effects=(v.Maneuver(), OptionalPress()), label="maneuver, 1 optional press"),
)
card(
    "Sideslip",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(
        window=W.PREVENT,
        superior=True,
        when=damage_pending,
        effects=(Prevent(1),),
        limit="sideslip",
        limit_scope="round",
    ),
)
card(
    "Brick by Brick",
    Mode(window=W.RANGE, disciplines=("tha",), effects=(v.Maneuver(),), label="maneuver"),
    Mode(
        window=W.STRIKE,
        disciplines=("vis",),
        effects=(StrikeWith(Strike(damage=2, ranged=True, maneuver=True, label="2R damage, optional maneuver")),),
    ),
    # Maneuvering with a strike card chooses the strike at the range step (L1592-1597).
    Mode(
        window=W.RANGE,
        disciplines=("vis",),
        effects=(StrikeWith(Strike(damage=2, ranged=True, label="2R damage")), v.Maneuver()),
        label="maneuver with the strike",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        when=v.range_not_set,
        values=v.close_or_long,
        effects=(v.SetRange(),),
        label="set the range",
    ),
)
card(
    "Hell-for-Leather",
    Mode(
        window=W.STRIKE,
        disciplines=("ani",),
        when=v.no_extra_source,
        effects=(StrikeWith(cs.DODGE), v.AdditionalStrikes(1)),
        limit="hell-for-leather ani",
        limit_scope="combat",
        label="dodge, 1 additional strike",
    ),
    Mode(
        window=W.BEFORE_STRIKES,
        disciplines=("cel",),
        effects=(v.AdditionalStrikes(1, beyond_limit=True),),
        limit="hell-for-leather cel",
        limit_scope="combat",
        label="1 additional strike beyond the limit",
    ),
    Mode(
        window=W.END_OF_ROUND,
        disciplines=("obt",),
        when=v.all_of(v.self_ready, v.opposing_not_ready),
        effects=(v.OpposingControllerBurnsPool(2),),
        limit="hell-for-leather obt",
        limit_scope="combat",
        label="the opposing minion's controller burns 2 pool",
    ),
    notes="[obt] is offered at the end of a round in which the opposing minion stopped being ready.",
)
card(
    "Apportation",
    Mode(window=W.PRESS, when=v.no_press_to_continue, effects=(v.Press(),), label="press to continue"),
    Mode(window=W.RANGE, superior=True, effects=(v.Maneuver(),), label="maneuver"),
)
card(
    "Deny",
    Mode(window=W.PRESS, effects=(v.Press(),), label="press"),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(v.Stealth(1),)),
)
card(
    "Plasmic Form",
    Mode(window=W.BLOCK_ATTEMPT, effects=(v.Stealth(1),)),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(cs.DODGE),), label="dodge"),
)
card(
    "Canine Horde",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(damage=1, ranged=True, label="1R damage")),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.opponent_has_equipment,
        effects=(
            StrikeWith(
                Strike(
                    burn_equipment=True,
                    equipment_only=True,
                    first=True,
                    ranged=True,
                    label="ranged: destroy equipment, first strike",
                )
            ),
        ),
    ),
    notes="[ANI] destroys the last equipment put on the opposing minion: no choice among several.",
)
card(
    "Relentless Reaper",
    Mode(window=W.PREVENT, disciplines=("for",), when=damage_pending, effects=(Prevent(1),)),
    Mode(window=W.PRESS, disciplines=("thn",), effects=(v.Press(),), label="press"),
    Mode(
        window=W.END_OF_ROUND,
        superior=True,
        cost_blood=1,
        when=v.combat_about_to_end,
        effects=(v.StartNewRound(),),
        label="burn 1 blood: a new round instead of the end of combat",
    ),
    notes="[THN]'s 'burn 1 blood' is a blood cost (it needs the blood: ANK 20210226).",
)
card(
    "Side Strike",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(window=W.BEFORE_STRIKES, superior=True, when=v.no_extra_source, effects=(v.AdditionalStrikes(1),)),
)
card(
    "Meld with the Land",
    Mode(
        window=W.STRIKE,
        effects=(StrikeWith(cs.COMBAT_ENDS), v.UnlockOpposing()),
        label="combat ends, unlock the opposing minion",
    ),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
    notes="[vic] unlocks the opposing minion as the strike is chosen: a combat ends strike always resolves, first "
    "(its unlock stands if the combat goes on: RTR 20020501).",
)
card(
    "Soak",
    Mode(
        window=W.PREVENT,
        when=v.non_aggravated_damage_pending,
        effects=(Prevent(2, non_aggravated=True),),
        limit="soak",
        limit_scope="round",
    ),
    Mode(
        window=W.PREVENT,
        superior=True,
        when=v.non_aggravated_damage_pending,
        effects=(Prevent(4, non_aggravated=True),),
        limit="soak",
        limit_scope="round",
    ),
)
card(
    "Glancing Blow",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(1), v.DoNotReplace(Until.NEXT_UNLOCK))),
)
card(
    "Shadow Body",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(cs.COMBAT_ENDS), v.ContinueAsIfUnblocked(free=True)),
        label="combat ends; a blocked non-bleed non-political action continues as if unblocked",
    ),
)
card(
    "Skin of Steel",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(all_damage=True, this_strike=True),)),
    Mode(window=W.PREVENT, superior=True, when=damage_pending, effects=(Prevent(all_damage=True),)),
)
card(
    "Dodge",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE), v.DoNotReplace(Until.AFTER_COMBAT)), label="dodge"),
)
card(
    "Fake Out",
    Mode(window=W.RANGE, effects=(v.Maneuver(), v.DoNotReplace(Until.AFTER_COMBAT)), label="maneuver"),
)
card(
    "Bear's Skin",
    Mode(
        window=W.BEFORE_RANGE,
        effects=(v.StrengthThisRound(1), v.PreventLaterThisRound(1)),
        limit="bear's skin",
        limit_scope="combat",
        label="+1 strength, prevent 1 damage this round",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.StrengthThisCombat(1), v.PreventEachRound()),
        limit="bear's skin",
        limit_scope="combat",
        label="+1 strength, prevent 1 damage each round this combat",
    ),
    notes="The prevention is always used on the first damage the vampire takes in the round (it is optional on "
    "the card).",
)
card(
    "Staredown",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
)
card(
    "Thrown Sewer Lid",
    Mode(
        window=W.STRIKE,
        when=v.at_long_range,
        effects=(StrikeWith(Strike(damage=3, ranged=True, label="3R damage")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.at_long_range,
        effects=(StrikeWith(Strike(damage=3, ranged=True, press=True, label="3R damage, optional press")),),
    ),
)
card(
    "Thrown Gate",
    Mode(
        window=W.STRIKE,
        effects=(StrikeWith(Strike(damage=1, ranged=True, maneuver=True, label="1R damage, optional maneuver")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(damage=2, ranged=True, maneuver=True, label="2R damage, optional maneuver")),),
    ),
    # Maneuvering with a strike card chooses the strike at the range step (L1592-1597).
    Mode(
        window=W.RANGE,
        effects=(StrikeWith(Strike(damage=1, ranged=True, label="1R damage")), v.Maneuver()),
        label="maneuver with the strike",
    ),
    Mode(
        window=W.RANGE,
        superior=True,
        effects=(StrikeWith(Strike(damage=2, ranged=True, label="2R damage")), v.Maneuver()),
        label="maneuver with the strike",
    ),
)
card(
    "Horrid Form",
    Mode(window=W.BEFORE_RANGE, effects=(v.StrengthThisCombat(1),), label="+1 strength this combat"),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.StrengthThisCombat(1), v.PreventEachRound()),
        label="+1 strength, prevent 1 damage each round this combat",
    ),
    notes="[VIC]'s prevention is always used on the first damage of each round (it is optional on the card).",
)
card(
    "Form of the Cobra",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(steal=1, label="steal 1 blood")),)),
    Mode(window=W.ANNOUNCED, superior=True, effects=(v.StealthNow(1),), label="+1 stealth as announced"),
)
card(
    "Mirror Image",
    Mode(window=W.BLOCK_ATTEMPT, effects=(v.Stealth(1),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(cs.COMBAT_ENDS), v.ContinueAsIfUnblocked(free=True, political_too=True)),
        label="combat ends; a blocked non-bleed action continues as if unblocked",
    ),
)
card(
    "Swiftness of the Stag",
    Mode(window=W.PRESS, disciplines=("cel",), effects=(v.Press(),), label="press"),
    Mode(window=W.RANGE, disciplines=("spi",), effects=(v.Maneuver(),), label="maneuver"),
    Mode(window=W.PRESS, disciplines=("spi",), effects=(v.Press(),), label="press"),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(v.Stealth(1),)),
)
card(
    "Telepathic Tracking",
    Mode(
        window=W.PRESS,
        when=v.no_press_to_continue,
        effects=(v.Press(), v.ManeuverNextRound()),
        label="press to continue; 1 optional maneuver next round",
    ),
    Mode(
        window=W.END_OF_ROUND,
        superior=True,
        when=v.combat_about_to_end,
        effects=(v.StartNewRound(),),
        label="a new round instead of the end of combat",
    ),
)
card(
    "Flesh of Marble",
    Mode(window=W.BEFORE_RANGE, effects=(FLESH_BASIC,), label="at most 1 damage a round (aggravated not capped)"),
    Mode(window=W.BEFORE_RANGE, superior=True, effects=(FLESH_SUPERIOR,), label="at most 1 damage a round"),
)
card(
    "Pass Through Shadow",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(cs.COMBAT_ENDS), v.PutAfterCombat()),
        label="combat ends; then on this vampire",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=v.carrier_needs_stealth(),
        effects=(v.Stealth(1), v.BurnThisCard()),
        label="burn it: +1 stealth",
    ),
)
card(
    "Force of Personality",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
    Mode(
        window=W.ANNOUNCED,
        superior=True,
        effects=(v.VampiresBurnBloodToBlock(1), v.KindCannotBlock(ALLY, unless=("zombie",))),
        label="vampires burn 1 blood to attempt to block; non-zombie allies cannot block",
    ),
)
card(
    "Breath of the Dragon",
    Mode(
        window=W.STRIKE,
        effects=(
            StrikeWith(
                Strike(
                    damage=1,
                    ranged=True,
                    aggravated=True,
                    self_aggravated=1,
                    label="1R aggravated damage (1 to itself at close range)",
                )
            ),
        ),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(
            StrikeWith(
                Strike(
                    damage=2,
                    ranged=True,
                    aggravated=True,
                    self_aggravated=2,
                    label="2R aggravated damage (2 to itself at close range)",
                )
            ),
        ),
    ),
)
card(
    "Oubliette",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(cs.COMBAT_ENDS), v.OpposingBurnsBloodAfterCombat(1)),
        label="combat ends; the opposing minion burns 1 blood after",
    ),
)
card(
    "Outside the Hourglass",
    Mode(window=W.STRIKE, disciplines=("obf",), effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(window=W.RANGE, disciplines=("tem",), effects=(v.Maneuver(),), label="maneuver"),
    Mode(
        window=W.STRIKE,
        disciplines=("tem",),
        effects=(StrikeWith(Strike(dodge=True, maneuver=True, label="dodge, optional maneuver")),),
        label="dodge, with 1 optional maneuver",
    ),
    # Maneuvering with a strike card chooses the strike at the range step (L1592-1597).
    Mode(
        window=W.RANGE,
        disciplines=("tem",),
        effects=(StrikeWith(cs.DODGE), v.Maneuver()),
        label="maneuver with the dodge",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.InflictDamage(2),),
        limit="outside the hourglass",
        limit_scope="round",
        label="inflict 2 damage on the opposing minion",
    ),
)
card(
    "Anesthetic Touch",
    Mode(window=W.STRIKE, disciplines=("aus",), when=v.at_close_range, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(
        window=W.STRIKE,
        disciplines=("obe",),
        when=v.at_close_range,
        effects=(StrikeWith(Strike(hand=True, then_combat_ends=True, label="hand strike, then combat ends")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.at_close_range,
        effects=(
            StrikeWith(
                Strike(
                    hand=True, first=True, then_combat_ends=True, label="hand strike, first strike, then combat ends"
                )
            ),
        ),
    ),
)
card(
    "Infernal Pursuit",
    Mode(window=W.PRESS, effects=(v.Press(),), label="press"),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.ExtraDrawOnReplaceThisCombat(),),
        label="this combat: draw 1 more on each replacement, then discard down",
    ),
    notes="[CEL] is played before range. A replacement of several cards at once draws 1 more, not 1 more each.",
)
card(
    "Disguised Weapon",
    Mode(
        window=W.BEFORE_RANGE,
        targets=v.weapons_in_hand(),
        effects=(v.EquipFromHand(),),
        label="equip a weapon from the hand",
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        targets=v.weapons_in_hand(),
        effects=(v.EquipFromHand(choose_strike_again=True),),
        label="equip a weapon from the hand, then choose the strike",
    ),
    notes="Only weapons with a spec can be chosen.",
)
card(
    "Groaning Corpse",
    Mode(
        window=W.BEFORE_RANGE,
        x_cost=True,
        values=v.times_played_this_combat,
        effects=(v.MarkPlayedThisCombat(), EnvironmentalDamage(1, close_only=True)),
        label="1 environmental damage each round at close range",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        x_cost=True,
        values=v.times_played_this_combat,
        effects=(v.MarkPlayedThisCombat(), EnvironmentalDamage(2, close_only=True)),
        limit="groaning corpse",
        limit_scope="combat",
        label="2 environmental damage each round at close range",
    ),
)
card(
    "Pack Alpha",
    Mode(
        window=W.BEFORE_RANGE,
        targets=v.from_hand_onto_self("Retainer", "animal"),
        effects=(v.PutTargetOnSelfFromHand(),),
        limit="pack alpha",
        limit_scope="round",
        label="employ an animal retainer from the hand",
    ),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        when=v.carries_none_of("Pack Alpha"),
        targets=v.of_creature(v.cards_on(v.Minions(ready=False, only_self=True), "Retainer"), "animal"),
        effects=(v.BurnTargetMinion(), v.PutOnTarget(on_self=True)),
        limit="pack alpha",
        limit_scope="round",
        label="burn an animal retainer: this card on the vampire, +1 strength",
    ),
    bearer=Bearer(strength=1),
    notes="Only retainers with a spec can be employed. [ANI] is played before strikes (the card gives no window).",
)
card(
    "Slam",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(hand=True, bonus=2, label="hand strike +2")),)),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(Strike(hand=True, bonus=2, label="hand strike +2")),)),
    # Its optional maneuver is only usable to get to close range: used at the range step from long range, it
    # chooses the strike there (L1592-1597); chosen at the strike step, the range step is over.
    Mode(
        window=W.RANGE,
        superior=True,
        when=v.at_long_range,
        effects=(StrikeWith(Strike(hand=True, bonus=2, label="hand strike +2")), v.Maneuver()),
        label="maneuver to close range with the strike",
    ),
)
card(
    "Obedient Flesh",
    Mode(window=W.BLOCK_ATTEMPT, effects=(v.Stealth(1), v.AlliesAndYoungerLessIntercept(allies_only=True))),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.StrengthThisRound(1), v.OptionalManeuver(1), v.PreventLaterThisRound(1)),
        limit="obedient flesh",
        limit_scope="round",
        label="+1 strength, 1 optional maneuver, prevent 1 damage this round",
    ),
    notes="[DOM][PRO]'s prevention is used on the first damage the vampire takes that round (optional on the card).",
)
card(
    "Trap",
    Mode(
        window=W.BEFORE_RANGE,
        when=v.in_first_round,
        effects=(v.PressCounters(3),),
        label="in play: a press to continue each round while cards are played",
    ),
    notes="A second Trap in the same combat provides its press only when no press to continue stands yet.",
)
card(
    "Drawing Out the Beast",
    Mode(
        window=W.BEFORE_RANGE,
        when=v.all_of(v.in_first_round, v.opposing_is_vampire, v.opposing_not_frenzy_immune),
        effects=(v.HoldTheOpposingMinion(),),
        limit="drawing out the beast",
        limit_scope="combat",
        label="opposing vampire: +1 strength, no maneuver to long, no press to end, no equipment",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        when=v.all_of(v.in_first_round, v.opposing_is_vampire, v.opposing_not_frenzy_immune),
        effects=(v.HoldTheOpposingMinion(press_damage=1),),
        limit="drawing out the beast",
        limit_scope="combat",
        label="as [ani], and 1 unpreventable damage to it at each press step",
    ),
    notes="Frenzy has no rule of its own in the engine.",
)
card(
    "Aura Reading",
    Mode(window=W.BEFORE_RANGE, effects=(v.OpenHandThisCombat(),), label="the opposing controller's hand open"),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.HandSizeThisCombat(2),),
        limit="aura reading",
        limit_scope="combat",
        label="+2 hand size this combat",
    ),
)


# -- combat cards of the combat group (issue 27) -----------------------------------------------------------------------

card(
    "Body Flare",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(damage=2, aggravated=True, label="2 aggravated damage")),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(damage=2, ranged=True, aggravated=True, label="2R aggravated damage")),),
    ),
)
card(
    "Wolf Claws",
    Mode(
        window=W.BEFORE_STRIKES,
        effects=(v.AggravatedHandStrikes(this_round=True),),
        label="hand strikes aggravated this round",
    ),
    Mode(window=W.PRESS, superior=True, effects=(v.Press(),), label="press"),
    notes="[pro] is played before the strikes are chosen (no window between their choice and resolution: RTR "
    "19960112 allows it after both are chosen).",
)
card(
    "Form of the Wolf",
    Mode(
        window=W.BEFORE_RANGE,
        effects=(v.StrengthThisCombat(1),),
        limit="form of the wolf",
        limit_scope="combat",
        label="+1 strength this combat",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.StrengthThisCombat(1), OptionalPress()),
        limit="form of the wolf",
        limit_scope="combat",
        label="+1 strength this combat, 1 optional press this round",
    ),
    notes="[PRO]'s optional press is usable in the current round only (TOM 19960521).",
)
card(
    "Walk of Flame",
    Mode(
        window=W.STRIKE,
        when=v.not_first_round,
        effects=(StrikeWith(Strike(damage=1, ranged=True, aggravated=True, label="1R aggravated damage")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.not_first_round,
        effects=(StrikeWith(Strike(damage=2, ranged=True, aggravated=True, label="2R aggravated damage")),),
    ),
)
card(
    "Lightning Reflexes",
    Mode(window=W.BEFORE_STRIKES, when=v.no_extra_source, effects=(v.AdditionalStrikes(1),)),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        x_cost=True,
        values=v.x_blood_beyond(1),
        when=v.no_extra_source,
        effects=(v.AdditionalStrikesX(),),
        label="burn X blood: X additional strikes",
    ),
    notes="[CEL]'s X is 1 or more (X = 0 would give nothing).",
)
card(
    "Torrent",
    Mode(window=W.BEFORE_STRIKES, when=v.no_extra_source, effects=(v.AdditionalStrikes(1),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(cs.COMBAT_ENDS), v.ContinueAnyActionAsIfUnblocked()),
        label="combat ends; a blocked action continues as if unblocked",
    ),
    notes="[CEL]: the action continues only if the combat ends (RTR 20020501) and its card is in the ash heap "
    "(LSJ 20070808-1); a combat from a successful action (Bum's Rush) is not a block (RTR 19970630).",
)
card(
    "Flames of the Netherworld",
    Mode(
        window=W.STRIKE,
        disciplines=("tha",),
        cost_blood=1,
        when=v.at_long_range,
        effects=(StrikeWith(Strike(damage=1, ranged=True, aggravated=True, label="1R aggravated damage")),),
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("dai",),
        effects=(StrikeWith(Strike(damage=1, aggravated=True, label="1 aggravated damage")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(damage=1, ranged=True, aggravated=True, label="1R aggravated damage")),),
    ),
    notes="[tha]'s 'burn 1 blood' is a blood cost (it needs the blood: ANK 20210226).",
)
card(
    "Resilience",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(1),)),
    Mode(
        window=W.PREVENT,
        superior=True,
        when=v.non_aggravated_damage_pending,
        effects=(Prevent(3, non_aggravated=True),),
    ),
)
card(
    "Conflagration",
    Mode(
        window=W.STRIKE,
        disciplines=("pot",),
        effects=(StrikeWith(Strike(damage=2, ranged=True, label="2R damage")),),
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("dai",),
        effects=(StrikeWith(Strike(damage=1, ranged=True, aggravated=True, label="1R aggravated damage")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(damage=2, ranged=True, aggravated=True, label="2R aggravated damage")),),
    ),
)
card(
    "Movement of the Mind",
    Mode(window=W.PRESS, when=v.press_to_continue_stands, effects=(v.Press(),), label="press to end combat"),
    Mode(window=W.RANGE, superior=True, effects=(v.Maneuver(),), label="maneuver"),
)
card(
    "Superior Mettle",
    Mode(window=W.PREVENT, when=damage_pending, effects=(Prevent(all_damage=True, this_strike=True),)),
    Mode(
        window=W.PREVENT,
        superior=True,
        when=damage_pending,
        effects=(Prevent(all_damage=True, this_strike=True), mettle_each_round),
        label="prevent this strike; later rounds burn 1 blood to prevent the initial strike",
    ),
    notes="[FOR]: in each later round of the combat the vampire burns 1 blood to prevent all damage of the "
    "opposing minion's initial strike whenever it takes damage from it and has the blood (not asked).",
)

# Blood Rage, Soul Burn, Bollix [tha]: Fortitude cannot prevent the strike; the opposing weapons do no damage this
# round once it resolves (not dodged: LSJ 20040928; usable at the range: ANK 20230823).
_NOT_FOR = (v.UnpreventableByDiscipline("for"), v.OpposingWeaponsHarmless())

card(
    "Blood Rage",
    Mode(
        window=W.STRIKE,
        when=v.at_close_range,
        effects=(StrikeWith(Strike(hand=True, label="hand strike, unpreventable by Fortitude")), *_NOT_FOR),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.at_close_range,
        effects=(StrikeWith(Strike(hand=True, bonus=1, label="hand strike +1, unpreventable by Fortitude")), *_NOT_FOR),
    ),
    notes="A weapon strike is one its bearer's equipment grants. Prevention a Fortitude card gave earlier in the "
    "round (Unflinching Persistence [FOR]) still applies.",
)
card(
    "Soul Burn",
    Mode(
        window=W.STRIKE,
        effects=(StrikeWith(Strike(damage=1, ranged=True, label="1R damage, unpreventable by Fortitude")), *_NOT_FOR),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(damage=2, ranged=True, label="2R damage, unpreventable by Fortitude")), *_NOT_FOR),
    ),
    notes="A weapon strike is one its bearer's equipment grants; a first strike weapon resolves before it and is "
    "unaffected (LSJ 20040928).",
)
card(
    "Bollix",
    Mode(window=W.RANGE, disciplines=("cel",), effects=(v.Maneuver(),), label="maneuver"),
    Mode(window=W.PRESS, disciplines=("cel",), effects=(v.Press(),), label="press"),
    Mode(
        window=W.AS_PLAYED,
        disciplines=("pre",),
        role=Role.COMBATANT,
        when=v.card_being_played_keyword("Aim", "Frenzy", "Grapple"),
        effects=(v.CancelAsPlayed(),),
        label="cancel an aim, frenzy or grapple card",
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("tha",),
        effects=(StrikeWith(Strike(hand=True, bonus=1, label="hand strike +1, unpreventable by Fortitude")), *_NOT_FOR),
    ),
)
card(
    "Hide the Mind",
    Mode(
        window=W.AS_PLAYED,
        role=Role.COMBATANT,
        when=v.combat_card_being_played_using("aus"),
        effects=(v.CancelAsPlayed(),),
        label="cancel a combat card played with Auspex",
    ),
    Mode(
        window=W.AS_PLAYED,
        superior=True,
        role=Role.ACTING,
        when=v.all_of(v.card_being_played("Reaction"), v.card_being_played_using("aus")),
        effects=(v.CancelAsPlayed(),),
        label="cancel a reaction played with Auspex",
    ),
)
card(
    "Charismatic Aura",
    Mode(
        window=W.AS_PLAYED,
        role=Role.COMBATANT,
        cost_blood=1,
        when=v.any_of(v.strike_card_being_played, v.card_being_played_keyword("Grapple")),
        effects=(v.CancelAsPlayed(), v.OpposingChoosesStrikeAgain()),
        limit="charismatic aura",
        limit_scope="round",
        label="burn 1 blood: cancel a strike or grapple card",
    ),
    Mode(window=W.STRIKE, superior=True, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
    notes="[aus][pre]'s 'burn 1 blood' is a blood cost (it needs the blood: ANK 20210226).",
)
card(
    "Terror Frenzy",
    Mode(
        window=W.BEFORE_RANGE,
        when=v.all_of(v.in_first_round, v.opposing_not_frenzy_immune),
        effects=(v.KeepTheOpposingMinionAway(),),
        label="opposing minion: no maneuver to close, no press to continue, no equipment this combat",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        when=v.opposing_not_frenzy_immune,
        effects=(v.CombatCardsCostOpposingMore(1),),
        limit="terror frenzy superior",
        limit_scope="combat",
        label="combat cards cost the opposing vampire +1 blood this combat",
    ),
    notes="Frenzy has no rule of its own in the engine (Bollix [pre] cancels it as a frenzy card).",
)
_BURN_WEAPON = Strike(burn_equipment=True, weapon_only=True, damage=0, ranged=True, label="ranged: burn weapon")
card(
    "Voracious Vermin",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.no_extra_source,
        effects=(StrikeWith(cs.DODGE), v.AdditionalStrikeOf(_BURN_WEAPON)),
        label="dodge, 1 additional ranged strike: burn weapon",
    ),
    notes="[ANI]'s additional strike burns the last weapon put on the opposing minion: no choice among several.",
)
card(
    "Wind Dance",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.no_extra_source,
        effects=(StrikeWith(cs.DODGE), v.AdditionalStrikeOf(cs.DODGE)),
        label="dodge, 1 additional strike: dodge",
    ),
)
card(
    "Fast Hands",
    Mode(
        window=W.STRIKE,
        when=v.carries_weapon(opposing=True),
        effects=(StrikeWith(Strike(steal_weapon=True, damage=0, label="steal weapon")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.carries_weapon(opposing=True),
        effects=(StrikeWith(Strike(steal_weapon=True, first=True, damage=0, label="steal weapon, first strike")),),
    ),
    notes="Only with a weapon to steal (RTR 19980928); it takes the last weapon put on the opposing minion: no choice "
    "among several. The strike resolves at close range (a weapon steal is no ranged strike).",
)
card(
    "Entombment",
    Mode(
        window=W.STRIKE,
        when=v.all_of(v.at_close_range, v.opposing_is_ally),
        effects=(StrikeWith(Strike(burn_ally=True, damage=0, label="burn the opposing ally")),),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.all_of(v.at_close_range, v.opposing_is_vampire),
        effects=(StrikeWith(Strike(send_to_torpor=True, damage=0, label="send the opposing vampire to torpor")),),
    ),
    notes="Only effective at close range (LSJ 20000110): offered there only.",
)
card(
    "Sculpt the Flesh",
    Mode(window=W.STRIKE, effects=(StrikeWith(Strike(hand=True, aggravated=True, label="hand strike, aggravated")),)),
    Mode(
        window=W.STRIKE,
        superior=True,
        effects=(StrikeWith(Strike(hand=True, bonus=1, label="hand strike +1")), v.PutOnTarget(opposing=True)),
        label="hand strike +1; this card on the opposing minion",
    ),
    burn="minion +1 stealth",
    notes="[PRO] puts the card on the opposing minion as the strike is chosen (a dodge does not stop it).",
    attached=Attached(blood_each_unlock=1),
)
card(
    "Zip Gun",
    Mode(window=W.BEFORE_RANGE, effects=(v.Equip(),), label="a gun: 1R strike, a maneuver each combat"),
    bearer=Bearer(strike=ZIP_GUN, maneuver_each_combat=True, equipment=True),
    notes="Its strike does 1 environmental damage to its bearer the first time it is used in a combat (LSJ "
    "19970801), a dodged strike too. The engine has no ammo card.",
)
card(
    "Molotov Cocktail",
    Mode(window=W.STRIKE, effects=(StrikeWith(MOLOTOV_THROW), molotov_copy), label="ranged: this card on the minion"),
    bearer=Bearer(strike=MOLOTOV, equipment=True),
    notes="Its strike puts the card on the minion as the next round starts (its 2R aggravated strike is not usable "
    "the round it is put in play; burned at the end of combat, it would never be used if no round followed). Once "
    "its strike is used it burns as the next round starts or the combat ends.",
)
card(
    "Conquer the Beast",
    Mode(
        window=W.BEFORE_RANGE,
        when=v.in_first_round,
        effects=(v.PressCounters(3, press="mandatory", no_equipment=True),),
        label="in play: a mandatory press to continue each round while cards are played; no equipment",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        when=v.in_first_round,
        effects=(v.PressCounters(3, press="optional", no_equipment=True),),
        label="in play: an optional press to continue each round while cards are played; no equipment",
    ),
    notes="Counts the cards played from the hand in the combat (as Trap).",
)
card(
    "Pulled Fangs",
    Mode(
        window=W.END_OF_ROUND,
        when=v.all_of(
            v.self_ready,
            v.at_close_range,
            v.inflicted_more_this_round,
            v.carries_none_of("Pulled Fangs", opposing=True),
        ),
        effects=(v.PutOnTarget(opposing=True), v.InflictDamage(1)),
        label="on the opposing vampire (cannot hunt), 1 damage",
    ),
    burn="vampire, two +1 stealth actions",
    notes="Damage of retainers and environmental damage is not counted (TOM 19950304, LSJ 20010812); the range at "
    "the end of a round ended before range is close (LSJ 20100709). A vampire carrying it that must hunt (no blood) "
    "goes to torpor instead.",
    attached=Attached(cannot_hunt=True),
)
_AFTER_COMBAT = v.DoNotReplace(Until.AFTER_COMBAT)
card(
    "Groundfighting",
    Mode(window=W.RANGE, effects=(v.Maneuver(), _AFTER_COMBAT), label="maneuver"),
    Mode(window=W.PRESS, effects=(v.Press(), _AFTER_COMBAT), label="press"),
    Mode(
        window=W.AS_PLAYED,
        role=Role.COMBATANT,
        cost_blood=1,
        # a card restricting the anarch's choice of strikes: only hand strikes, or no equipment while it has a weapon
        when=v.any_of(
            v.card_being_played_with(v.HandStrikesOnly),
            v.all_of(
                v.card_being_played_with(v.HoldTheOpposingMinion, v.KeepTheOpposingMinionAway), v.carries_weapon()
            ),
        ),
        effects=(v.CancelAsPlayed(), _AFTER_COMBAT),
        label="burn 1 blood: cancel a card restricting its strikes",
    ),
    notes="Its 'burn 1 blood' is a blood cost (it needs the blood: ANK 20210226). A card restricting the strikes is "
    "one allowing only hand strikes, or forbidding equipment while the anarch has a weapon.",
)
card(
    "Martyr's Resilience",
    Mode(window=W.PREVENT, role=Role.REACTING, when=damage_pending, effects=(Prevent(1),)),
    Mode(
        window=W.PREVENT,
        superior=True,
        role=Role.REACTING,
        x_cost=True,
        values=v.prevent_x,
        when=damage_pending,
        effects=(Prevent(1, plus_x=True),),
        label="burn X blood: prevent X+1 damage",
    ),
    notes="Played by an unlocked vampire outside the combat, ready or in torpor (LSJ 20020416), of any Methuselah "
    "(ANK 20181101), on the damage being resolved against either combatant. The X blood is no cost a reduction "
    "lowers (ANK 20210226).",
)
card(
    "Unholy Penance",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.COMBAT_ENDS),), label="combat ends"),
    Mode(
        window=W.STRIKE,
        superior=True,
        # "put this card on the opposing minion (ranged)": after the combat ends (RTR 19970630), choosing the
        # striking vampire, whose bleed it raises (``Attached.bleed_for_chosen``)
        effects=(
            StrikeWith(Strike(combat_ends=True, ranged=True, label="combat ends")),
            v.PutAfterCombat(opposing=True),
        ),
        label="combat ends; then on the opposing minion",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        when=v.carried_by_actor,
        stealth=1,
        effects=(v.BurnThisCard(),),
        label="+1 stealth action: burn it",
    ),
    attached=Attached(bleed_for_chosen=1),  # "the striking vampire gets +1 bleed against this minion's controller"
)


# -- Lam Into -----------------------------------------------------------------------------------------------------------

_LAM_INTO_LATER = v.DoNotReplace(Until.AFTER_COMBAT)
card(
    "Lam Into",
    Mode(
        window=W.STRIKE,
        disciplines=("for",),
        values=v.hand_or_melee_strikes,
        effects=(v.StrikeHandOrMelee(bonus=1), _LAM_INTO_LATER),
        label="hand or melee weapon strike at +1 damage",
    ),
    # Maneuvering with a strike card chooses the strike at the range step (L1592-1597).
    Mode(
        window=W.RANGE,
        disciplines=("for",),
        values=v.hand_or_melee_strikes,
        effects=(v.StrikeHandOrMelee(bonus=1), v.Maneuver(), _LAM_INTO_LATER),
        label="maneuver with the strike at +1 damage",
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("pot",),
        values=v.hand_or_melee_strikes,
        effects=(v.StrikeHandOrMelee(bonus=2), _LAM_INTO_LATER),
        label="hand or melee weapon strike at +2 damage",
    ),
    Mode(
        window=W.STRIKE,
        disciplines=("vic",),
        values=v.hand_or_melee_strikes,
        effects=(v.StrikeHandOrMelee(bonus=1, press=True), v.NextRoundClose(), _LAM_INTO_LATER),
        label="hand or melee weapon strike at +1 damage, 1 optional press, next round at close range",
    ),
    notes="Its [for] optional maneuver is used at the range step, choosing the strike then (L1592-1597); the press "
    "is this round's (TOM 19960521). Another effect setting the next round's "
    "range first (Neutral Guard's priority: PIB 20120214) is not modelled.",
)


# -- Blood Fury ---------------------------------------------------------------------------------------------------------

card(
    "Blood Fury",
    Mode(
        window=W.STRIKE,
        when=v.at_close_range,
        effects=(StrikeWith(Strike(hand=True, bonus=1, label="hand strike +1, unpreventable by Fortitude")), *_NOT_FOR),
    ),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.at_close_range,
        effects=(StrikeWith(Strike(hand=True, bonus=2, label="hand strike +2, unpreventable by Fortitude")), *_NOT_FOR),
    ),
    notes="As Blood Rage: a weapon strike is one its bearer's equipment grants; dodged, the opposing weapons still "
    "do damage (LSJ 20040928); a first strike weapon resolves before it, unaffected.",
)


# -- cards added by cov_f --------------------------------------------------------------------------------------------

card(
    "Form of the Ghost",
    Mode(window=W.RANGE, effects=(v.Maneuver(),), label="maneuver"),
    Mode(window=W.PRESS, superior=True, effects=(v.Press(),), label="press"),
)
card(
    "Arms of the Abyss",
    Mode(window=W.STRIKE, effects=(StrikeWith(cs.DODGE),), label="dodge"),
    Mode(
        window=W.STRIKE,
        superior=True,
        when=v.no_extra_source,
        effects=(StrikeWith(cs.DODGE), v.AdditionalStrikes(1)),
        label="dodge, 1 additional strike",
    ),
)
card(
    "Bone Spur",
    Mode(
        window=W.BEFORE_STRIKES,
        effects=(v.AggravatedHandStrikes(this_round=True),),
        label="hand strikes aggravated this round",
    ),
    Mode(
        window=W.BEFORE_STRIKES,
        superior=True,
        effects=(v.AggravatedHandStrikes(),),
        label="hand strikes aggravated this combat",
    ),
    notes="Played before the strikes are chosen (the engine has no window between their choice and resolution: "
    "RTR 19960112 allows either).",
)
card(
    "Skin of Night",
    Mode(window=W.PREVENT, when=damage_pending, effects=(v.AggravatedAsNormal(),), label="aggravated as normal"),
    Mode(
        window=W.PREVENT,
        superior=True,
        when=damage_pending,
        effects=(v.AggravatedAsNormal(), Prevent(1)),
        label="aggravated as normal, prevent 1",
    ),
    notes="Only with damage being resolved on the vampire (LSJ 20001114); the rest of the round's aggravated damage "
    "is normal too.",
)

_monstrous_once, _monstrous_mark = v.once_each_round("monstrous form")
card(
    "Monstrous Form",
    Mode(
        window=W.BEFORE_RANGE,
        when=_monstrous_once,
        effects=(v.StrengthThisCombat(1), _monstrous_mark),
        label="+1 strength this combat",
    ),
    Mode(window=W.ACTION, superior=True, stealth=1, effects=(v.PutOnTarget(on_self=True),), label="put on self"),
    Mode(
        window=W.BEFORE_STRIKES,
        in_play=True,
        when=v.holder_in_combat,
        effects=(v.LockThisCard(), v.StrengthThisRound(1)),
        label="lock: +1 strength this round",
    ),
    Mode(
        window=W.RANGE,
        in_play=True,
        when=v.holder_in_combat,
        effects=(v.LockThisCard(), v.Maneuver()),
        label="lock: maneuver",
    ),
    Mode(
        window=W.PRESS,
        in_play=True,
        when=v.holder_in_combat,
        effects=(v.LockThisCard(), v.Press()),
        label="lock: press",
    ),
    notes="The card on the vampire gives +1 strength before the strikes are chosen.",
)
card(
    "Quick Jab",
    Mode(
        window=W.STRIKE,
        effects=(
            StrikeWith(Strike(hand=True, first=True, at_most=1, label="hand strike, first strike, at most 1")),
            v.DoNotReplace(Until.AFTER_COMBAT),
        ),
    ),
)
card(
    "Alpha Glint",
    Mode(
        window=W.STRIKE,
        when=v.opposing_vampire_not_older,
        effects=(StrikeWith(cs.COMBAT_ENDS),),
        label="combat ends",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        when=v.opposing_vampire_not_older,
        effects=(v.EndCombat(),),
        label="combat ends before range",
    ),
)
_jones_once, _jones_mark = v.once_each_round("the jones superior")
card(
    "Jones, The",
    Mode(
        window=W.STRIKE,
        when=v.opposing_ally_or_younger,
        effects=(StrikeWith(Strike(dodge=True, press=True, label="dodge, press to end combat")), v.EndOnlyPress()),
        label="dodge, optional press to end combat",
    ),
    Mode(
        window=W.AS_PLAYED,
        superior=True,
        role=Role.COMBATANT,
        when=v.all_of(v.strike_card_being_played, v.opposing_ally_or_younger, _jones_once),
        effects=(v.CancelAsPlayed(), v.OpposingChoosesStrikeAgain(), _jones_mark),
        label="cancel the opposing strike card",
    ),
)

card(
    "Inner Essence",
    Mode(
        window=W.BEFORE_RANGE,
        effects=(v.NextCombatCardCostsLess(),),
        limit="inner essence",
        limit_scope="combat",
        label="a combat card costs 1 blood less",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        superior=True,
        effects=(v.NextCombatCardCostsLess(), v.AddBlood(1, to_self=True)),
        limit="inner essence",
        limit_scope="combat",
        label="a combat card costs 1 blood less, gain 1 blood",
    ),
)

_AMARANTH = "Amaranth"
card(
    _AMARANTH,
    Mode(
        window=W.END_OF_ROUND,
        when=v.all_of(v.self_vampire, v.self_ready, v.opposing_sent_to_torpor),
        effects=(v.DiablerizeOpposing(),),
        label="diablerize the opposing vampire",
    ),
    notes="Played at the end of the round in which the opposing vampire's damage sent it to torpor (the engine has "
    "no step between the damage and the torpor): what follows a vampire's going to torpor has happened already.",
)
