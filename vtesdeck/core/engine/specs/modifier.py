"""Action modifiers (played by the acting minion during its action)."""

from __future__ import annotations

import itertools
from typing import Any

from .. import vocabulary as v
from ..cards import Attached, Bearer, Mode, Play, Role, UnlockPhase, card, hook
from ..frames import Until
from ..state import ALLY, VAMPIRE, Game
from ..vocabulary import (
    BLOCKED_COMBAT_AGGRAVATED,
    BLOCKED_COMBAT_CANCELLED,
    BLOCKER_CANNOT_END_COMBAT,
    ActionIs,
    AggravatedHandStrikesThisAction,
    AlliesAndYoungerLessIntercept,
    AttemptCostsBlood,
    AttemptFails,
    AttemptFailsUnlessCancelled,
    Bleed,
    BleedFromAshHeap,
    BlockerBurnsBlood,
    BlockerIntercept,
    BlockerToTorpor,
    BlockFailsAndContinues,
    BurnBlood,
    BurnEdgeTo,
    BurnPool,
    BurnThisCard,
    CancelAsPlayed,
    CancelKeepingCost,
    CancelReferendum,
    CannotBlockTarget,
    CombatEndsStrikeIfBlocked,
    DamageAfterResolution,
    DoNotReplace,
    EndAction,
    ExtraVotes,
    ForceAbstain,
    GainPool,
    IfBlockedEndAction,
    Intercept,
    KindCannotBlock,
    LessInterceptThisAction,
    LockFailedBlockers,
    LockSelf,
    Maneuver,
    ManeuverInCombat,
    ManeuverInFirstRound,
    ManeuverOrPressInCombat,
    MarkAction,
    MarkThisCard,
    NoEquipmentInCombat,
    OnlySectVotes,
    OptionalPress,
    Press,
    PreventOnceInCombat,
    PutInPlay,
    PutOnTarget,
    Redirect,
    ReturnReferendumCard,
    Stealth,
    StealthNow,
    StrengthInCombat,
    UnlockAfterSuccess,
    UnlockAfterSuccessForBlood,
    UnlockAtEndOfTurn,
    UnlockSelf,
    UnlockTarget,
    action_blocked,
    action_not_marked,
    action_of,
    action_succeeded,
    actor_of_kind,
    actor_younger,
    add_rider,
    all_of,
    ash_heap_at_least,
    bled_prey,
    bleeding_you,
    block_in_progress,
    blocker_ally_or_younger,
    blocker_is_ally,
    blocker_vampire_without,
    capacity_at_least,
    card_being_played,
    current_action,
    during_bleed,
    has_blood,
    has_edge,
    has_targets,
    in_polling,
    less_intercept_bites,
    locked_self,
    not_,
    not_bleed,
    not_carrying,
    other_methuselahs,
    political,
    possible_blockers,
    possible_blockers_that,
    recruiting_or_employing,
    referendum_passed,
    rider_sum,
    target_pool_at_most,
    to_ash_heap,
    vampires_with_votes,
    vekn,
    x_within_blood,
    younger_possible_blockers,
)
from ..windows import Act, W

# -- bot scores: play a card only when it can change something -------------------------------------------------------------


card(
    "Conditioning",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(2),)),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=during_bleed, effects=(Bleed(3),)),
)


_LIC, _ITA = "lost_in_crowds", "into_thin_air"
card(
    "Lost in Crowds",
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=action_not_marked(_ITA),
        effects=(Stealth(1), MarkAction(_LIC)),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=action_not_marked(_ITA),
        effects=(Stealth(2), MarkAction(_LIC)),
    ),
    notes="Several Lost in Crowds may be played in one action, but not once Into Thin Air was played on it.",
)
card(
    "Freak Drive",
    Mode(window=W.AFTER_ACTION, when=action_succeeded, effects=(UnlockSelf(),)),
    Mode(
        window=W.AFTER_ACTION,
        superior=True,
        when=action_blocked,
        effects=(UnlockSelf(),),
    ),
)
card(
    "Elder Impersonation",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=block_in_progress,
        effects=(AttemptFails(),),
    ),
)


_captivated = all_of(political, referendum_passed)
card(
    "Voter Captivation",
    Mode(window=W.AFTER_ACTION, when=_captivated, effects=(v.BloodPerVotePassedBy(),)),
    Mode(
        window=W.AFTER_ACTION,
        superior=True,
        when=_captivated,
        values=x_within_blood(0, 1, 2, within="votes passed by"),
        effects=(v.BloodPerVotePassedBy(),),
    ),
)


card(
    "Faceless Night",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1), LockFailedBlockers())),
    notes="[OBF]: the failed blockers are locked only when the action resolves unblocked.",
)
card(
    "Earth Control",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(2),)),
)


card(
    "Form of the Bat",
    Mode(
        window=W.BLOCK_ATTEMPT,
        role=Role.ACTING,
        when=block_in_progress,
        effects=(BlockerIntercept(-1), ManeuverInCombat(), NoEquipmentInCombat()),
        label="blocker -1 intercept",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.BLOCKER,
        effects=(Intercept(1), ManeuverInCombat(), NoEquipmentInCombat()),
        label="+1 intercept",
    ),
    notes="'Cannot use equipment': its equipment gives no strike, maneuver nor strength in the combat.",
)
card(
    "Swallowed by the Night",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.RANGE, superior=True, effects=(Maneuver(),)),
)
card(
    "Cloak the Gathering",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, role=Role.OTHER_READY, effects=(Stealth(1),)),
)


card(
    "Mirror Walk",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1), DoNotReplace(Until.END_OF_TURN))),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        effects=(Stealth(1), DoNotReplace(Until.END_OF_TURN), IfBlockedEndAction()),
    ),
    notes="The rider lasts until the end of the turn at most (action modifiers are played in your own turn).",
)
card(
    "Instantaneous Transformation",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(
        window=W.AFTER_ACTION,
        superior=True,
        when=action_succeeded,
        effects=(UnlockSelf(),),
        limit="instantaneous transformation",
        limit_scope="turn",
    ),
)
card(
    "Forgotten Labyrinth",
    Mode(window=W.BLOCK_ATTEMPT, when=not_bleed, effects=(Stealth(2),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, when=not_bleed, effects=(Stealth(3),)),
)


@hook("card_actions", "Enkil Cog")
def _cog_actions(game: Game, seat: int) -> list[tuple[int, int]]:
    """The vampire carrying the Cog can lock it to take an action, during any Methuselah's minion phase."""
    cog = vekn(game, "Enkil Cog")
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.cards:
            for a in m.cards:
                if game.card_of[a] == cog:
                    return [(c, a)]
    return []


card(
    "Enkil Cog",
    Mode(
        window=W.AFTER_ACTION,
        when=all_of(capacity_at_least(10), bled_prey),
        effects=(PutOnTarget(on_self=True),),
        label="put on this vampire",
    ),
    bearer=Bearer(bleed=1),
    notes="The action by locking the Cog is offered in its controller's minion phase to the vampire once it is "
    "locked (an unlocked one acts as usual first), and in another Methuselah's minion phase once that "
    "Methuselah has taken all their actions. An action cancelled as it is played unlocks the Cog again (the "
    "ruling keeps it locked with the action still to take: the same unless the vampire then declines).",
)


def _spy_target(game: Game, copy: int) -> int:
    return rider_sum(game, copy, "spying_target") - 1


def _spy(game: Game, play: Play) -> None:
    """[OBF]: the bleed burns no pool and is unsuccessful (the action ends); the card goes on this vampire,
    remembering the Methuselah bled."""
    act = action_of(play)
    if act is None:
        return
    act.ended = True
    game.log("action ends", play.seat, act.actor)
    add_rider(game, play.card, "spying_target", act.target + 1, Until.END_OF_GAME)


def _spy_due(game: Game, play: Play) -> bool:
    act = action_of(play)
    return (
        act is not None
        and act.actor == play.minion
        and act.is_bleed()
        and act.bleed >= 1
        and act.target == _spy_target(game, play.card)
    )


def _spy_burn(game: Game, play: Play) -> None:
    act = action_of(play)
    m = game.minions.get(play.minion)
    if act is None or m is None or play.card not in m.cards:
        return
    m.cards.remove(play.card)
    to_ash_heap(game, play.card)
    game.riders = [r for r in game.riders if not (r.holder == play.card and r.key == "spying_target")]
    act.bleed += 2
    game.log("spying mission", play.seat, play.minion, act.target)


def _bleeding_for_one_or_more(game: Game, play: Play) -> bool:
    """The bleed would be successful: its amount is 1 or more (4.3.2)."""
    act = action_of(play) or current_action(game)
    return act is not None and act.bleed >= 1


card(
    "Spying Mission",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=all_of(during_bleed, _bleeding_for_one_or_more),
        effects=(_spy, PutOnTarget(on_self=True)),
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        in_play=True,
        when=_spy_due,
        effects=(_spy_burn,),
        label="burn: +2 bleed",
    ),
    notes="[OBF] is played after blocks are declined (ends the action unsuccessfully); the +2 is taken after the "
    "next unblocked bleed of that Methuselah by this vampire is declined, not at the last instant.",
)
# [PRE][PRO]: "if the bleed is successful, this vampire can burn 2 of your corruption counters from a minion
# controlled by the target Methuselah to unlock"
_SERPENT_UNLOCK = v.BurnCorruptionTo(2, "unlock after a successful bleed")
card(
    "Revelation of the Serpent",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),), label="+1 bleed"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=during_bleed,
        effects=(Stealth(1), Bleed(1)),
        label="+1 stealth +1 bleed",
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=during_bleed,
        effects=(Bleed(1), _SERPENT_UNLOCK),
        label="+1 bleed",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=during_bleed,
        effects=(Stealth(1), Bleed(1), _SERPENT_UNLOCK),
        label="+1 stealth +1 bleed",
    ),
    notes="[PRE][PRO]'s optional unlock (burning 2 of your corruption counters from a minion of the target "
    "Methuselah) is taken automatically after a successful bleed whenever such a minion exists.",
)
card(
    "Bonding",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, when=during_bleed, effects=(Stealth(1), Bleed(1))),
)


card(
    "Seduction",
    Mode(
        window=W.ANNOUNCED,
        targets=younger_possible_blockers,
        effects=(CannotBlockTarget(),),
    ),
    Mode(
        window=W.ANNOUNCED,
        superior=True,
        targets=possible_blockers,
        effects=(CannotBlockTarget(),),
    ),
    notes="Only vampires of the Methuselahs who may block are offered as choices (another one would change nothing).",
)


card(
    "Forced March",
    Mode(
        window=W.AFTER_ACTION,
        when=action_succeeded,
        effects=(UnlockSelf(),),
        limit="forced march",
        limit_scope="turn",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        effects=(Stealth(1), UnlockAfterSuccessForBlood()),
        limit="forced march",
        limit_scope="turn",
    ),
    notes="[CEL][FOR]'s optional unlock for 1 blood is taken automatically when the vampire keeps at least 1 blood.",
)


card(
    "Call of the Hungry Dead",
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=block_in_progress,
        effects=(BlockerIntercept(-1),),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=all_of(block_in_progress, has_blood(1)),
        effects=(BurnBlood(1), AttemptFails()),
    ),
)


card(
    "Aire of Elation",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1, clan="Toreador"),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=during_bleed,
        effects=(Bleed(2, clan="Toreador"),),
    ),
)


card(
    "Perfect Paragon",
    Mode(window=W.POLLING, when=in_polling, effects=(ExtraVotes(3),), label="+3 votes"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=blocker_ally_or_younger,
        effects=(AlliesAndYoungerLessIntercept(1),),
    ),
    notes="[PRE] is played during a block attempt by an ally or a younger vampire (the ruling allows any time).",
)


card(
    "Resist Earth's Grasp",
    Mode(window=W.PRESS, effects=(Press(),), label="press"),
    Mode(
        window=W.RANGE,
        effects=(Maneuver(), OptionalPress(1)),
        label="maneuver, 1 optional press",
    ),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1),)),
)


_RIFT_PARTS: dict[str, tuple[Any, ...]] = {
    "dem": (CannotBlockTarget(),),
    "obf": (StealthNow(1),),
    "pre": (CombatEndsStrikeIfBlocked("combat ends (Memory Rift)"),),
}


def _rift_modes() -> tuple[Mode, ...]:
    """One mode per non-empty set of the card's Disciplines ("More than one Discipline can be used"), single
    ones first (modes 0-2: [dem], [obf], [pre]); a set with [dem] chooses the vampire that cannot block."""
    modes = []
    for size in (1, 2, 3):
        for combo in itertools.combinations(_RIFT_PARTS, size):
            modes.append(
                Mode(
                    window=W.ANNOUNCED,
                    disciplines=combo,
                    targets=possible_blockers_that(titled=True, younger=True) if "dem" in combo else None,
                    effects=tuple(e for d in combo for e in _RIFT_PARTS[d]),
                    label=f"[{']['.join(combo)}]",
                )
            )
    return tuple(modes)


card("Memory Rift", *_rift_modes())


# -- ranks 101-140 ---------------------------------------------------------------------------------------------------------


card(
    "Foreshadowing Destruction",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=all_of(during_bleed, target_pool_at_most(9)),
        effects=(Bleed(3),),
    ),
    notes="[DOM] is offered only while the target has 9 or fewer pool; its lingering use against 10 or more "
    "(no limit counted, +3 if the pool drops later: PIB 20110817) and losing the bonus on a redirect are not "
    "modelled.",
)
card(
    "Confusion",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),), label="+1 bleed"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=during_bleed,
        effects=(Stealth(1), Bleed(1)),
        label="+1 stealth +1 bleed",
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=during_bleed,
        effects=(Bleed(1),),
        label="+1 bleed",
    ),
    notes="[DEM] is offered during a block attempt (stealth needed) and after blocks are declined (the stealth "
    "then changes nothing).",
)
card(
    "Enchanting Gaze",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1), v.BurnCorruptionTo(1, "fail a block"))),
    notes="[PRE][PRO]'s burn of 1 corruption counter is taken when a block attempt would succeed (after intercept "
    "and stealth are settled, before block resolution), against any blocker of this action holding your "
    "counters, the first time only.",
)
card(
    "Shadow Play",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(2),)),
)


card(
    "Monkey Wrench",
    Mode(
        window=W.BLOCKS_DECLINED,
        when=during_bleed,
        x_cost=True,
        values=x_within_blood(1, 2, 3),
        effects=(Bleed(0, plus_x=True),),
        label="+X bleed",
    ),
)
card(
    "Eyes of Chaos",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=during_bleed, effects=(Bleed(2),)),
)
card(
    "Spectral Divination",
    Mode(window=W.BLOCK_ATTEMPT, role=Role.ACTING, effects=(Stealth(1),), label="+1 stealth"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.BLOCKER,
        effects=(Intercept(1),),
        label="+1 intercept",
    ),
)


card(
    "Murmur of the False Will",
    Mode(
        window=W.BLOCKS_DECLINED,
        role=Role.ACTING,
        when=during_bleed,
        effects=(Bleed(1),),
        label="+1 bleed",
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        role=Role.REACTING,
        when=all_of(bleeding_you, actor_younger),
        targets=other_methuselahs,
        effects=(LockSelf(), Redirect()),
        label="redirect the bleed",
    ),
)


_ITA_LESS_INTERCEPT = AlliesAndYoungerLessIntercept(blocker_for_blood=1)
card(
    "Into Thin Air",
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=action_not_marked(_LIC),
        effects=(Stealth(1), MarkAction(_ITA), DoNotReplace(Until.NEXT_UNLOCK), _ITA_LESS_INTERCEPT),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=action_not_marked(_LIC),
        effects=(Stealth(2), MarkAction(_ITA), DoNotReplace(Until.NEXT_UNLOCK), _ITA_LESS_INTERCEPT),
    ),
    notes="The optional 1-blood burn for -1 intercept is taken only as the card is played, against the current "
    "blocker, and only when the block would otherwise succeed and the vampire keeps 1 blood (no later use "
    "this action).",
)


# -- issue 27: the action modifiers tournament decks play ------------------------------------------------------------------


card(
    "Visions of Gehenna",
    Mode(window=W.ANNOUNCED, effects=(KindCannotBlock(ALLY),)),
    Mode(window=W.ANNOUNCED, superior=True, when=during_bleed, effects=(KindCannotBlock(ALLY), Bleed(2))),
    notes="Played as the action is announced (before any block attempt: the useful time), like Seduction.",
)
card(
    "Changeling",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1),)),
)
card(
    "Shroud of Absence",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        effects=(Stealth(1), CombatEndsStrikeIfBlocked("combat ends (Shroud of Absence)")),
    ),
)
card(
    "Bewitching Oration",
    Mode(window=W.POLLING, when=in_polling, effects=(ExtraVotes(2),)),
    Mode(window=W.POLLING, superior=True, when=in_polling, effects=(ExtraVotes(4),)),
    notes="Automatic referendums are never polled, so it is not offered there (PIB 20150105).",
)
card(
    "Daring the Dawn",
    Mode(window=W.ANNOUNCED, effects=(KindCannotBlock(VAMPIRE), DamageAfterResolution(2))),
    Mode(window=W.ANNOUNCED, superior=True, effects=(KindCannotBlock(VAMPIRE), DamageAfterResolution(1))),
    notes="Played as the action is announced (before any block attempt: the useful time), like Seduction.",
)
card(
    "Awe",
    Mode(
        window=W.POLLING,
        when=in_polling,
        x_cost=True,
        values=x_within_blood(0, 1, 2, 3, 4),
        effects=(ExtraVotes(1, per_x=1),),
        label="+X+1 votes",
    ),
    Mode(
        window=W.POLLING,
        superior=True,
        when=in_polling,
        x_cost=True,
        values=x_within_blood(0, 1, 2, 3, 4),
        effects=(ExtraVotes(1, per_x=2),),
        label="+2X+1 votes",
    ),
    notes="X is offered from 0 to 4 (within the vampire's blood).",
)
card(
    "Threats",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=during_bleed, effects=(Bleed(2),)),
)
card(
    "Iron Glare",
    Mode(window=W.POLLING, when=in_polling, effects=(ExtraVotes(2),), label="+2 votes"),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=during_bleed, effects=(Bleed(2),), label="+2 bleed"),
)
card(
    "Shroud of Night",
    Mode(window=W.BLOCK_ATTEMPT, when=not_bleed, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1),)),
)
card(
    "Stygian Shroud",
    Mode(window=W.BLOCK_ATTEMPT, when=block_in_progress, effects=(BlockerIntercept(-1),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=all_of(block_in_progress, has_blood(1)),
        effects=(BurnBlood(1), AttemptFails()),
    ),
)
card(
    "Blanket of Night",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),), label="+1 stealth"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.OTHER_READY,
        when=all_of(block_in_progress, not_(locked_self)),
        effects=(LockSelf(), AttemptFails()),
        label="lock: the attempt fails",
    ),
)
card(
    "Tenebrous Form",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1), AttemptCostsBlood(("obt",)))),
)
card(
    "Where the Veil Thins",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1), AttemptCostsBlood(("obl",)))),
)


card(
    "Acheron Vortex",
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=less_intercept_bites("nec", "obt"),
        effects=(LessInterceptThisAction(unless=("nec", "obt")),),
    ),
    notes="Offered during a block attempt by a minion it hits (LSJ 20020612 allows it earlier too, which changes "
    "nothing but the timing); its -1 intercept lasts the action, once however many copies are played.",
)


card(
    "Change of Target",
    Mode(window=W.BLOCKED, effects=(UnlockSelf(), EndAction())),
    notes="'Cannot perform the same action again this turn' holds for bleeds, political actions and action cards "
    "(the engine's once-a-turn rules); other default actions (hunt) are not restricted.",
)
card(
    "Power of One",
    Mode(window=W.BLOCKED, disciplines=("obt",), effects=(BlockerBurnsBlood(2),), label="the blocker burns 2"),
    Mode(
        window=W.BLOCKS_DECLINED,
        disciplines=("pot",),
        when=during_bleed,
        effects=(Bleed(1, limited=False),),
        label="+1 bleed (no limit)",
    ),
    Mode(window=W.BLOCKS_DECLINED, disciplines=("pre",), when=during_bleed, effects=(Bleed(1),), label="+1 bleed"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        disciplines=("pre",),
        when=during_bleed,
        effects=(Stealth(1), Bleed(1)),
        label="+1 stealth +1 bleed",
    ),
)


card(
    "Domain of Evernight",
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("obf",), effects=(Stealth(1),), label="+1 stealth"),
    Mode(
        window=W.BLOCKED,
        disciplines=("tem",),
        effects=(MarkAction(BLOCKED_COMBAT_AGGRAVATED),),
        label="combat damage on vampires is aggravated",
    ),
    Mode(
        window=W.AFTER_ACTION,
        superior=True,
        when=action_succeeded,
        effects=(UnlockSelf(),),
        limit="domain of evernight",
        limit_scope="turn",
    ),
    notes="[tem] is played once the action is blocked (before block resolution: when it is known to matter); it "
    "makes strike damage on vampires aggravated (environmental damage in that combat stays as it is).",
)


_VEIL = "veil the legions"


# "Only usable by a ready unlocked vampire other than the acting minion. Only one Veil the Legions can be played each
# action."
_veil_unplayed = all_of(action_not_marked(_VEIL), not_(locked_self))


card(
    "Veil the Legions",
    Mode(
        window=W.BLOCK_ATTEMPT,
        role=Role.OTHER_READY,
        when=_veil_unplayed,
        effects=(Stealth(1), MarkAction(_VEIL)),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.OTHER_READY,
        when=_veil_unplayed,
        values=x_within_blood(0, 1, 2, 3),
        effects=(Stealth(1), MarkAction(_VEIL), v.StealthThisTurn(next_x_actions=True)),
        limit="veil the legions superior",
        limit_scope="table turn",  # "Only one Veil the Legions can be played at superior each turn"
    ),
    notes="[OBF]'s X is chosen as the card is played (0 to 3, within the vampire's blood). 'Only one … at superior "
    "each turn' is read as by anyone at the table (as Loup's 'only one Loup can be played each turn').",
)


_AUS_REACTION = all_of(card_being_played("Reaction"), v.card_being_played_requiring("aus"))
card(
    "I am Legion",
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("dai",), effects=(Stealth(1),), label="+1 stealth"),
    Mode(
        window=W.AS_PLAYED,
        role=Role.ACTING,
        disciplines=("dai", "obf"),
        when=_AUS_REACTION,
        effects=(CancelKeepingCost(),),
        label="cancel an Auspex reaction",
    ),
    Mode(
        window=W.AS_PLAYED,
        superior=True,
        role=Role.ACTING,
        when=_AUS_REACTION,
        effects=(CancelKeepingCost(), v.PoolAfterSuccess(1)),
        label="cancel an Auspex reaction, and 1 pool if successful",
    ),
    Mode(
        window=W.AFTER_ACTION,
        superior=True,
        when=action_succeeded,
        effects=(GainPool(1),),
        label="1 pool",
    ),
    notes="[DAI][OBF]'s pool is taken after a successful action (LSJ 20100902-2: without cancelling), or after "
    "resolution when played to cancel.",
)


_AFTER_ANARCH_SUCCESS = v.own_action_requiring_succeeded("Anarch", titles=("baron",))
_LOCKED_ANARCHS = v.Minions(sect="Anarch", locked=True)
card(
    "CrimethInc.",
    Mode(window=W.AFTER_ACTION, disciplines=("pro",), when=_AFTER_ANARCH_SUCCESS, effects=(UnlockSelf(),)),
    Mode(
        window=W.AFTER_ACTION,
        disciplines=("qui",),
        when=_AFTER_ANARCH_SUCCESS,
        targets=v.Minions(sect="Anarch", locked=True, not_self=True),
        effects=(UnlockTarget(),),
    ),
    Mode(window=W.AFTER_ACTION, disciplines=("tha",), when=_AFTER_ANARCH_SUCCESS, effects=(PutInPlay(),)),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=v.own_minion_phase,
        targets=_LOCKED_ANARCHS,
        effects=(BurnPool(1), UnlockTarget()),
        label="burn 1 pool: unlock a ready Anarch",
    ),
    notes="In play ([tha]), the 1-pool unlock is offered after each of your actions in your minion phase (between "
    "actions: when an unlock can matter), for a locked ready Anarch.",
)


card(
    "Shadow Cast",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(
        window=W.AFTER_ACTION,
        superior=True,
        when=ActionIs(directed=True, succeeded=True, at_other=True),
        effects=(PutOnTarget(on_self=True, remember_target=True),),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=v.carrier_needs_stealth(same_target=True),
        effects=(StealthNow(1), BurnThisCard()),
        label="burn: +1 stealth",
    ),
)


card(
    "Under My Skin",
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("obf",), effects=(Stealth(1),), label="+1 stealth"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        disciplines=("thn",),
        effects=(Stealth(1), PutOnTarget(on_self=True, later=True)),
        label="+1 stealth, put on this vampire",
    ),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(2), PutOnTarget(on_self=True, later=True))),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=v.carrier_needs_stealth(later=True),
        effects=(StealthNow(1), BurnThisCard()),
        label="burn: +1 stealth",
    ),
)


card(
    "Propaganda of the Deed",
    Mode(window=W.AFTER_ACTION, when=ActionIs(directed=True, succeeded=True, at_other=True), effects=(PutInPlay(),)),
    Mode(window=W.POLLING, in_play=True, when=in_polling, effects=(ExtraVotes(2), BurnThisCard()), label="+2 votes"),
)


card(
    "Trochomancy",
    Mode(
        window=W.BLOCKS_DECLINED,
        disciplines=("nec",),
        when=all_of(during_bleed, ash_heap_at_least(13)),
        effects=(BleedFromAshHeap(remove=13),),
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        disciplines=("aus", "nec"),
        when=all_of(during_bleed, ash_heap_at_least(7)),
        effects=(BleedFromAshHeap(remove=7),),
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=all_of(during_bleed, ash_heap_at_least(7)),
        effects=(BleedFromAshHeap(remove=7, amount=2),),
    ),
)


card(
    "Unthinkable Humiliation",
    *(
        Mode(window=W.ANNOUNCED, disciplines=(d,), superior=sup, effects=effects)
        for sup, effects in ((False, (AttemptCostsBlood(),)), (True, (AttemptCostsBlood(), LessInterceptThisAction())))
        for d in ("pot", "pre")
    ),
    notes="Played as the action is announced (LSJ 20020612 allows any time before resolution: before any attempt "
    "is when it matters).",
)
card(
    "Dominant Personality",
    *(
        Mode(window=W.BLOCK_ATTEMPT, disciplines=(d,), when=block_in_progress, effects=(BlockerIntercept(-1),))
        for d in ("pot", "pre")
    ),
    *(
        Mode(
            window=W.ANNOUNCED,
            disciplines=(d,),
            superior=True,
            targets=possible_blockers,
            effects=(CannotBlockTarget(),),
        )
        for d in ("pot", "pre")
    ),
    notes="[POT]/[PRE]: only vampires of the Methuselahs who may block are offered (another changes nothing).",
)
card(
    "Forced Confessional",
    Mode(window=W.BLOCK_ATTEMPT, when=block_in_progress, effects=(BlockerIntercept(-1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, when=block_in_progress, effects=(AttemptFails(),)),
)
card(
    "Truth of a Thousand Lies",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(2),)),
    Mode(window=W.AFTER_ACTION, superior=True, when=action_succeeded, effects=(UnlockSelf(),)),
)
card(
    "Fata Morgana",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),), label="+1 stealth"),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=during_bleed, effects=(Bleed(1),), label="+1 bleed"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=during_bleed,
        effects=(Stealth(1), Bleed(1)),
        label="+1 stealth +1 bleed",
    ),
)


card(
    "Hag's Wrinkles",
    Mode(
        window=W.BLOCK_ATTEMPT,
        disciplines=("obf",),
        when=ActionIs(kinds=(Act.EQUIP,)),
        effects=(Stealth(2),),
        label="+2 stealth",
    ),
    Mode(
        window=W.AFTER_ACTION,
        disciplines=("thn",),
        when=ActionIs(kinds=(Act.EQUIP,), succeeded=True),
        effects=(UnlockSelf(),),
        label="unlock",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=ActionIs(kinds=(Act.EQUIP,)),
        effects=(Stealth(1), UnlockAfterSuccess()),
        label="+1 stealth, unlock after success",
    ),
    Mode(
        window=W.AFTER_ACTION,
        superior=True,
        when=ActionIs(kinds=(Act.EQUIP,), succeeded=True),
        effects=(UnlockSelf(),),
        label="unlock",
    ),
    notes="The unlock ('after action resolution if this action is successful') is played after resolution once "
    "the action succeeded, or with [THN]'s +1 stealth during a block attempt and taken after resolution.",
)


card(
    "Leverage",
    Mode(
        window=W.BLOCKS_DECLINED,
        when=all_of(during_bleed, has_edge),
        effects=(BurnEdgeTo(()), MarkAction("no edge"), Bleed(1, limited=False)),
    ),
    notes='This action cannot gain the Edge (game.bleed reads the action\'s "no edge" mark).',
)


card(
    "Inevitability of the Void",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=all_of(during_bleed, ash_heap_at_least(10)),
        effects=(BleedFromAshHeap(per=10),),
    ),
    notes="[AUS][NEC] is offered while the target's ash heap holds 10 cards or more (less adds nothing).",
)


card(
    "Stone Travel",
    Mode(
        window=W.BLOCK_ATTEMPT,
        disciplines=("obt",),
        when=has_blood(1),
        effects=(BurnBlood(1), Stealth(1)),
        label="burn 1 blood: +1 stealth",
    ),
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("myt",), effects=(Stealth(1),), label="+1 stealth"),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1), MarkAction(BLOCKED_COMBAT_CANCELLED))),
    notes="[MYT]'s choice to cancel the combat is always taken once blocked.",
)


card(
    "Psychomachia",
    Mode(
        window=W.BLOCKED,
        disciplines=("pre",),
        when=all_of(action_blocked, blocker_ally_or_younger),
        effects=(UnlockSelf(), EndAction()),
        label="unlock, the action ends",
    ),
    Mode(
        window=W.BLOCKED,
        disciplines=("dai",),
        when=all_of(action_blocked, blocker_ally_or_younger),
        effects=(BlockFailsAndContinues(lock_blocker=False),),
        label="the block fails",
    ),
    Mode(
        window=W.BLOCKED,
        superior=True,
        when=all_of(action_blocked, blocker_ally_or_younger),
        effects=(BlockFailsAndContinues(lock_blocker=False, damage=1),),
        label="the block fails, 1 damage to the blocker",
    ),
)


v.card_gives("stealth", "Loup", 1, v.Minions(kind=None, clan="Toreador"), where="anywhere")  # "Toreador get +1 stealth"
# "Burn this card at the end of the turn or after a Toreador performs a successful action"
v.burned_after_successful_action("Loup", by=v.Minions(kind=None, clan="Toreador"))


card(
    "Loup",
    Mode(
        window=W.BLOCK_ATTEMPT,
        effects=(PutInPlay(), Stealth(1)),
        limit="loup",
        limit_scope="table turn",  # "Only one Loup can be played each turn"
    ),
    notes="Played during a block attempt (its stealth counts for the action it is played in, only as needed); "
    "burned at the next unlock phase (the end of the turn) or after a Toreador's successful action.",
    burns_at="end of turn",
)


card(
    "True Love's Face",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=block_in_progress,
        effects=(AttemptFailsUnlessCancelled(pool=1, keeps=4),),
    ),
    notes="[OBF][PRE]: the blocking Methuselah's 1-pool cancel is taken whenever it keeps 4 pool or more.",
)


_ally_or_younger_attempt = all_of(block_in_progress, blocker_ally_or_younger)
card(
    "Crocodile's Tongue",
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=_ally_or_younger_attempt,
        effects=(AttemptFailsUnlessCancelled(blood=1, whole_seat=True),),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=_ally_or_younger_attempt,
        effects=(AttemptFailsUnlessCancelled(blood=2, whole_seat=True),),
    ),
    notes="The blocking minion's cancel is taken whenever it keeps 1 blood or life.",
)


card(
    "Amici Noctis",
    Mode(
        window=W.AFTER_ACTION,
        when=_captivated,
        effects=(v.BloodPerVotePassedBy(among_clan="Lasombra", pool_up_to=1, pool_up_to_titled=2),),
    ),
    notes="The blood is distributed automatically: the pool first (as much as allowed), then the Lasombra in "
    "table order. An automatically passing referendum passes by 0 votes (LSJ 19980107): nothing to distribute.",
)


card(
    "Shadow Cloak",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.AFTER_ACTION, superior=True, when=action_succeeded, effects=(PutOnTarget(on_self=True),)),
    notes="[OBL]: the protection covers the actions that aim at the vampire: action cards, abilities, diablerie.",
    attached=Attached(targeted_only_with="aus"),
    unlock_phase=UnlockPhase(burn=True),
)


card(
    "Mind of the Wilds",
    Mode(
        window=W.BLOCKED,
        effects=(MarkAction(BLOCKER_CANNOT_END_COMBAT), ManeuverInFirstRound()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        effects=(Stealth(1), MarkAction(BLOCKER_CANNOT_END_COMBAT), ManeuverInFirstRound()),
    ),
    notes="[ani][aus] is played once the action is blocked (before block resolution: when it is known to "
    "matter); [ANI][AUS] during a block attempt, for its stealth too.",
)


card(
    "Mind Tricks",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Stealth(1), ManeuverOrPressInCombat())),
    notes="[DEM] is played during a block attempt (for its stealth); the maneuver or press is then there for the "
    "resulting combat if the block succeeds anyway. Used with another once-each-combat maneuver or press, the "
    "first one used counts as this card's.",
)


# --- cards added for political: Beast Meld, Zephyr, Adhocracy, As the Crow ---


card(
    "Beast Meld",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Stealth(1), PreventOnceInCombat(1))),
    Mode(window=W.ANNOUNCED, superior=True, when=not_bleed, effects=(KindCannotBlock(VAMPIRE),)),
    notes="[ani][pro] is played during a block attempt (for its stealth); the prevention is then there for the "
    "resulting combat if the block succeeds anyway, used on the first damage the vampire would take.",
)
card(
    "Zephyr",
    Mode(window=W.AFTER_ACTION, when=all_of(not_(action_succeeded), locked_self), effects=(UnlockAtEndOfTurn(),)),
    Mode(
        window=W.AFTER_ACTION, superior=True, when=all_of(not_(action_succeeded), locked_self), effects=(UnlockSelf(),)
    ),
    notes="An action that fizzled (ANK 20220218) counts as unsuccessful.",
)
card(
    "Adhocracy",
    Mode(window=W.BLOCKS_DECLINED, disciplines=("ani",), when=during_bleed, effects=(Bleed(1),), label="+1 bleed"),
    Mode(window=W.POLLING, disciplines=("chi",), when=in_polling, effects=(ExtraVotes(3),), label="+3 votes"),
    Mode(window=W.BLOCKED, disciplines=("pot",), effects=(StrengthInCombat(1),), label="+1 strength if blocked"),
    notes="[pot] is played once the action is blocked (before the combat: when it is known to matter).",
)
card(
    "As the Crow",
    Mode(
        window=W.AFTER_ACTION,
        when=all_of(action_succeeded, locked_self),
        effects=(UnlockSelf(),),
        limit="as the crow",
        limit_scope="turn",
    ),
)
card(
    "Shroud Mastery",
    Mode(window=W.BLOCK_ATTEMPT, role=Role.OTHER_READY, when=actor_of_kind("wraith"), effects=(Stealth(1),)),
    Mode(window=W.ANNOUNCED, superior=True, when=recruiting_or_employing("wraith"), effects=(UnlockAfterSuccess(),)),
)


# -- Closed Session: non-Camarilla vampires cast no votes or ballots in this referendum ------------------------------


card(
    "Closed Session",
    Mode(window=W.POLLING, when=in_polling, effects=(OnlySectVotes("Camarilla"),)),
    notes="Votes from cards played by non-Camarilla vampires before it in the polling step still count.",
)
card(
    "Kiss of Ra, The",
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=blocker_vampire_without("for"),
        effects=(AttemptFails(), BlockerBurnsBlood(2), EndAction()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=blocker_vampire_without("for"),
        effects=(AttemptFails(), BlockerBurnsBlood(2), BlockerToTorpor(), EndAction()),
    ),
)
card(
    "Telepathic Vote Counting",
    Mode(window=W.POLLING, when=in_polling, effects=(CancelReferendum(), ReturnReferendumCard())),
    Mode(
        window=W.POLLING,
        superior=True,
        when=all_of(in_polling, has_targets(vampires_with_votes)),
        targets=vampires_with_votes,
        effects=(ForceAbstain(),),
    ),
    notes="Votes from cards the abstaining vampire played earlier in the polling step still count.",
)


card(
    "Horrific Countenance",
    Mode(
        window=W.BLOCKED,
        effects=(
            BlockFailsAndContinues(lock_blocker=False, unlock_blocker=True),
            KindCannotBlock(VAMPIRE),
            KindCannotBlock(ALLY),
        ),
    ),
    notes="[pro]: the blocking minion unlocks; the action is not blocked and is now unblockable.",
)
card(
    "Invigorate",
    Mode(window=W.BLOCKED, disciplines=("ani",), effects=(StrengthInCombat(1, any_combat=True),), label="+1 strength"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        disciplines=("dom",),
        when=blocker_is_ally,
        effects=(KindCannotBlock(ALLY),),
        label="allies cannot block",
    ),
    Mode(
        window=W.BLOCKED,
        disciplines=("pro",),
        effects=(AggravatedHandStrikesThisAction(),),
        label="aggravated hand strikes",
    ),
    notes="[ani] and [pro] are played once the action is blocked (before the combat: when they are known to "
    "matter), [dom] as an ally attempts to block.",
)


# -- Scorn of Adonis: those who vote against burn 1 pool once results are tallied --------------------------------------


card("Scorn of Adonis", Mode(window=W.POLLING, when=in_polling, effects=(v.VotersAgainstBurnPool(),)))


# -- Perfect Clarity: Dominate and Presence reactions do not affect this vampire this action ---------------------------

_CLARITY = ("dom", "pre")


card(
    "Perfect Clarity",
    Mode(window=W.ANNOUNCED, effects=(v.NoMoreCardsThisAction(types=("Reaction",), requiring=_CLARITY),)),
    Mode(
        window=W.ANNOUNCED,
        superior=True,
        effects=(v.NoMoreCardsThisAction(types=("Reaction",), requiring=_CLARITY, opposing_in_combat=True),),
    ),
    notes="Reactions requiring Dominate or Presence are not played at all during the action (rather than played "
    "without affecting the vampire).",
)


# -- Cryptic Rider: the next referendum a vampire of yours calls this turn passes automatically ------------------------


card(
    "Cryptic Rider",
    Mode(window=W.AFTER_ACTION, when=referendum_passed, effects=(v.NextReferendumPasses(),)),
)


# -- Business Pressure: Methuselahs burn pool for votes -------------------------------------------------------------------


card(
    "Business Pressure",
    Mode(window=W.POLLING, when=in_polling, effects=(v.VotesForPool(per=2, own_per=2),)),
    Mode(window=W.POLLING, superior=True, when=in_polling, effects=(v.VotesForPool(per=2, own_per=3),)),
    notes="Each Methuselah burns 0 to 3 pool (never its last) once, in turn from the player.",
)


# -- Approximation of Loyalty: a small minion cannot block; a small minion's reaction cancelled ------------------------


_SMALL_BLOCKERS = v.blockers_ally_or_capacity_at_most(6)
card(
    "Approximation of Loyalty",
    Mode(
        window=W.ANNOUNCED,
        when=has_targets(_SMALL_BLOCKERS),
        targets=_SMALL_BLOCKERS,
        effects=(CannotBlockTarget(),),
    ),
    Mode(
        window=W.AS_PLAYED,
        superior=True,
        role=Role.ACTING,
        when=all_of(card_being_played("Reaction"), v.played_by_ally_or_capacity_at_most(6)),
        effects=(CancelAsPlayed(), v.NoMoreCardsThisAction(types=("Action Modifier",))),
    ),
    notes="[pre]: only the minions of the Methuselahs who may block are offered as choices.",
)


# -- The Sleeping Mind: a locked vampire cannot block; minions cannot unlock during this action --------------------------

card(
    "Sleeping Mind, The",
    Mode(
        window=W.ANNOUNCED,
        when=has_targets(possible_blockers_that(locked=True)),
        targets=possible_blockers_that(locked=True),
        effects=(CannotBlockTarget(),),
    ),
    Mode(window=W.ANNOUNCED, superior=True, effects=(v.NoMoreCardsThisAction(unlocking=True),)),
    notes="[DOM]: cards whose effect unlocks a minion are not played during the action (rather than played to no "
    "effect); an unlock written as a card's own code is not prevented.",
)


# -- cards added by cov_c -------------------------------------------------------------------------------------------------

_BLITHE = "Blithe Acceptance"

card(
    _BLITHE,
    Mode(
        window=W.BLOCK_ATTEMPT,
        when=not_carrying(_BLITHE),
        effects=(Stealth(1), PutOnTarget(on_self=True)),
        label="+1 stealth, on this vampire",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        when=not_carrying(_BLITHE),
        effects=(Stealth(1), PutOnTarget(on_self=True), MarkThisCard(v.BLOOD_INSTEAD_OF_BURNING)),
        label="+1 stealth, on this vampire (1 blood as it enters combat)",
    ),
    bearer=Bearer(stealth=1),
    attached=Attached(burn_entering_combat=True),
    notes="Played when its stealth is needed (a block attempt), its +1 stealth counted for this action and every "
    "later one. [OBF]: as the vampire enters combat it burns 1 blood instead of the card by a fixed rule, when it "
    "has 2 or more.",
)


# -- Command of the Beast -----------------------------------------------------------------------------------------------

card(
    "Command of the Beast",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1),)),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=during_bleed, effects=(Bleed(1, limited=False),)),
)


# -- Strange Day --------------------------------------------------------------------------------------------------------

card(
    "Strange Day",
    Mode(
        window=W.ANNOUNCED,
        effects=(KindCannotBlock(VAMPIRE),),
        limit="strange day",
        limit_scope="game",
        label="vampires cannot block this action",
    ),
    notes="Played as the action is announced (W.ANNOUNCED), once in a game by anyone.",
)


# -- cards added by cov_f --------------------------------------------------------------------------------------------

_OLD_FRIENDS_UNREPLACED = DoNotReplace(Until.NEXT_UNLOCK)
card(
    "Old Friends",
    Mode(window=W.BLOCKS_DECLINED, when=during_bleed, effects=(Bleed(1), _OLD_FRIENDS_UNREPLACED), label="+1 bleed"),
    Mode(
        window=W.POLLING,
        superior=True,
        when=in_polling,
        effects=(ExtraVotes(2), _OLD_FRIENDS_UNREPLACED),
        label="+2 votes",
    ),
    notes="Automatic referendums are never polled, so [OBF] is not offered there (PIB 20150105).",
)

card(
    "Unleash the Hounds",
    Mode(window=W.BLOCKS_DECLINED, disciplines=("dom",), when=during_bleed, effects=(Bleed(1),), label="+1 bleed"),
    Mode(window=W.BLOCKS_DECLINED, disciplines=("vis",), when=during_bleed, effects=(Bleed(1),), label="+1 bleed"),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=all_of(during_bleed, v.unique_slave_gargoyle),
        values=v.ready_vampires_of_enslaving_clan,
        effects=(Bleed(0, plus_x=True),),
        label="+1 bleed for each ready vampire of the enslaving clan",
    ),
)
