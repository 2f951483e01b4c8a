"""Reactions (played by ready unlocked minions of other Methuselahs during an action).

Intercept is "only as needed" and only by the blocker (the compiler: ``Role.BLOCKER`` in W.BLOCK_ATTEMPT).
A reaction that unlocks a locked minion so it may block is played in state A of 4.3.3 (W.BEFORE_BLOCKS) by a
ready locked minion of the seat that may block (``Role.LOCKED_REACTING``); one that wakes it is played in any window
of the action where reactions are (``vocabulary.wake_modes``), the bots judging whether waking is worth it. A wake is
offered only where the woken minion could then block or play a card of its Methuselah's hand (NO_IDLE_WAKE:
``vocabulary.woken_may_act``).
"""

from __future__ import annotations

import re
from typing import Any

from .. import economy
from .. import vocabulary as v
from ..cards import Mode, Play, Role, card, hook
from ..frames import Action, Referendum, Until
from ..state import VAMPIRE, Game
from ..vocabulary import (
    WAKE_WINDOWS,
    ActionFails,
    AttemptBlock,
    BloodForIntercept,
    BurnBloodUnlessBlocks,
    CancelAsPlayed,
    CancelReferendum,
    DoNotReplace,
    EndAction,
    ExtraVotes,
    Intercept,
    InterceptNow,
    LockSelf,
    LockUnlessBlocks,
    ManeuverInCombat,
    MarkAction,
    NoLockForBlocking,
    NoStrikesFirstRound,
    PreventInFirstRound,
    Redirect,
    ReduceBleed,
    ReduceBleedToZero,
    SkipNextUnlockIfAlly,
    UnlockActor,
    UnlockSelf,
    VotesAgainst,
    VotesEach,
    WakeTarget,
    about_to_fight_younger_actor,
    action_blocked,
    action_not_marked,
    actor_ally_or_younger,
    actor_younger,
    all_of,
    allies_of_kind,
    bleeding_you,
    blocker_in_sect,
    blocker_locked,
    card_being_played_using,
    directed_at_you,
    during_bleed,
    has_targets,
    in_action_not_combat,
    in_polling,
    in_sect,
    locked_and_ready,
    may_attempt_block,
    may_block_any_seat,
    may_wake,
    not_,
    once_between_unlocks,
    other_methuselahs,
    self_vampire,
    wake_modes,
)
from ..windows import W

# -- predicates and bot scores shared by the "unlock and block" cards ------------------------------------------------


card(
    "Deflection",
    Mode(
        window=W.BLOCKS_DECLINED,
        when=bleeding_you,
        targets=other_methuselahs,
        effects=(LockSelf(), Redirect()),
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=bleeding_you,
        targets=other_methuselahs,
        effects=(Redirect(),),
    ),
)
card(
    "Telepathic Misdirection",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=bleeding_you,
        targets=other_methuselahs,
        effects=(LockSelf(), Redirect()),
    ),
)
card(
    "Eyes of Argus",
    Mode(window=W.BLOCK_ATTEMPT, when=directed_at_you, effects=(Intercept(2),)),
    *wake_modes(superior=True),
)
_qui_vive_once, _qui_vive_mark = once_between_unlocks("On the Qui Vive")
card(
    "On the Qui Vive",
    *wake_modes(_qui_vive_mark, SkipNextUnlockIfAlly(), when=_qui_vive_once),
)

# -- unlock (or wake) and attempt to block -------------------------------------------------------------------------------------

card(
    "Organized Resistance",
    Mode(window=W.BLOCK_ATTEMPT, role=Role.BLOCKER, when=blocker_in_sect("Anarch"), effects=(Intercept(1),)),
    Mode(
        window=W.BEFORE_BLOCKS,
        role=Role.LOCKED_REACTING,
        when=all_of(in_sect("Anarch"), may_attempt_block),
        effects=(UnlockSelf(), AttemptBlock(intercept=1)),
    ),
    notes="Played by the baron for itself: the +1 intercept goes to the blocking baron (an Anarch), and the "
    "locked baron unlocks itself to block; giving them to another Anarch you control is not modelled.",
)
card(
    "Second Tradition: Domain",
    Mode(window=W.BLOCK_ATTEMPT, role=Role.BLOCKER, effects=(Intercept(2),)),
    Mode(
        window=W.BEFORE_BLOCKS,
        role=Role.LOCKED_REACTING,
        cost_blood=1,
        when=may_attempt_block,
        effects=(UnlockSelf(), AttemptBlock(intercept=2)),
    ),
    notes="The 1 blood burned to unlock is modelled as the mode's blood cost (so cost reducers would apply).",
)
card(
    "Sense the Savage Way",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(
        window=W.BEFORE_BLOCKS,
        superior=True,
        role=Role.LOCKED_REACTING,
        when=may_attempt_block,
        effects=(UnlockSelf(), AttemptBlock()),
    ),
)


card(
    "Eyes of the Wild",
    Mode(
        window=W.BEFORE_BLOCKS,
        role=Role.LOCKED_REACTING,
        when=may_attempt_block,
        effects=(UnlockSelf(), BloodForIntercept(), LockUnlessBlocks(), AttemptBlock()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        role=Role.BLOCKER,
        when=blocker_locked,
        effects=(UnlockSelf(), BloodForIntercept(), LockUnlessBlocks()),
        label="unlock while blocking",
    ),
    notes="The second mode is the Gangrel already attempting to block, woken (ANK 20181122-2): it unlocks and "
    "the attempt goes on. The blood for +1 intercept is burned when the Gangrel's intercept falls short and that "
    "closes the gap leaving it a blood (the player is not asked: vocabulary.BloodForIntercept).",
)


card(
    "Eagle's Sight",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=may_block_any_seat,
        effects=(AttemptBlock(),),
    ),
    notes="[AUS] is played after blocks are declined (the first window every Methuselah gets); the prey, "
    "predator or target who declined may not use it (prior decision not to block, RTR 20020501).",
)

# -- bleed redirection and reduction ---------------------------------------------------------------------------------------------

card(
    "Bait and Switch",
    Mode(window=W.BLOCKS_DECLINED, when=bleeding_you, targets=other_methuselahs, effects=(LockSelf(), Redirect())),
)


card(
    "My Enemy's Enemy",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=v.bleeding_you_by("predator"),
        targets=v.acting_methuselahs("predator"),
        effects=(LockSelf(), Redirect()),
    ),
)
card(
    "Deep Ecology",
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("ani",), when=directed_at_you, effects=(Intercept(2),)),
    Mode(window=W.BLOCKS_DECLINED, disciplines=("for",), when=bleeding_you, effects=(ReduceBleed(2),)),
    Mode(
        window=W.BEFORE_BLOCKS,
        disciplines=("pro",),
        role=Role.LOCKED_REACTING,
        cost_blood=1,
        when=may_attempt_block,
        effects=(UnlockSelf(),),
    ),
    notes="[pro]'s 1 blood burned to unlock is the mode's blood cost; it is offered only in state A (to block).",
)
card(
    "Enhanced Senses",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Intercept(2),)),
)


card(
    "Cats' Guidance",
    Mode(
        window=W.AFTER_ACTION,
        role=Role.BLOCKER,
        when=all_of(action_blocked, locked_and_ready),
        effects=(UnlockSelf(),),
    ),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Intercept(1),)),
)

# -- politics and combat ---------------------------------------------------------------------------------------------------------


card(
    "Delaying Tactics",
    Mode(window=W.POLLING, role=Role.REACTING, when=in_polling, effects=(CancelReferendum(return_card=True),)),
    notes="Played during the polling step before votes (not after votes are cast). Automatic referendums are "
    "never polled, so it is not offered there.",
)


card(
    "Obedience",
    Mode(
        window=W.BEFORE_COMBAT,
        role=Role.METHUSELAH,
        when=about_to_fight_younger_actor,
        effects=(ActionFails(), UnlockActor(), EndAction()),
    ),
    Mode(
        window=W.BEFORE_COMBAT,
        superior=True,
        role=Role.METHUSELAH,
        when=about_to_fight_younger_actor,
        effects=(ActionFails(), EndAction()),
    ),
    notes="Played by the seat (the vampire about to fight is found from the action, its Dominate checked "
    "there). 'Cannot perform the same action this turn' holds for bleeds and action cards (the engine's "
    "once-a-turn rules); other default actions are not restricted.",
)


# -- ranks 101-140 ---------------------------------------------------------------------------------------------------------


card(
    "Protection Racket",
    Mode(window=W.BLOCK_ATTEMPT, role=Role.BLOCKER, effects=(Intercept(1, titled_actor=1),)),
    notes="The additional intercept is read when the card is played (a later sect or title change does not change it).",
)
card(
    "Party Out Of Bounds",
    Mode(window=W.BLOCKS_DECLINED, disciplines=("obf",), when=bleeding_you, effects=(ReduceBleed(2),)),
    Mode(window=W.POLLING, disciplines=("pre",), when=in_polling, effects=(ExtraVotes(2),), label="+2 votes"),
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("pro",), effects=(Intercept(1),)),
    notes="[pre]'s +2 votes are the vampire's, cast with its Methuselah's (VOTES_TOGETHER). No referendum of the "
    "engine passes automatically (the ruling's case: PIB 20150105), and a blood hunt has no polling step.",
)


card("Forced Awakening", *wake_modes(BurnBloodUnlessBlocks(), when=self_vampire))


# -- ranks 141-: wakes, unlocks, intercept with combat riders, redirects, votes ---------------------------------------------


card("Wake with Evening's Freshness", *wake_modes(DoNotReplace(Until.NEXT_UNLOCK), when=self_vampire))
card(
    "Visions of Zapathasura",
    Mode(window=W.BLOCKS_DECLINED, when=bleeding_you, effects=(ReduceBleed(3),)),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=bleeding_you, effects=(LockSelf(), ReduceBleedToZero())),
)
card(
    "Redirection",
    Mode(
        window=W.BLOCKS_DECLINED,
        when=all_of(bleeding_you, actor_younger),
        targets=other_methuselahs,
        effects=(LockSelf(), Redirect()),
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=bleeding_you,
        targets=other_methuselahs,
        effects=(LockSelf(), Redirect()),
    ),
)
card(
    "Lost in Translation",
    Mode(
        window=W.BLOCKS_DECLINED,
        when=all_of(bleeding_you, actor_ally_or_younger, action_not_marked("Lost in Translation")),
        targets=other_methuselahs,
        effects=(MarkAction("Lost in Translation"), LockSelf(), Redirect()),
    ),
)

# Guard Dogs unlocks in any window of the bleed but its combat (to block in state A, to react after blocks are
# declined, to be ready for the next action after resolution), like a wake (vocabulary.may_wake's timing).
_GUARD_DOGS_WINDOWS = (W.BEFORE_BLOCKS, W.BLOCK_ATTEMPT, W.BLOCKS_DECLINED, W.AFTER_ACTION, W.AS_PLAYED)
card(
    "Guard Dogs",
    *(
        Mode(window=w, role=Role.LOCKED_REACTING, when=all_of(may_wake, bleeding_you), effects=(UnlockSelf(),))
        for w in _GUARD_DOGS_WINDOWS
    ),
    *(
        Mode(
            window=w,
            superior=True,
            role=Role.LOCKED_REACTING,
            when=all_of(may_wake, bleeding_you),
            effects=(UnlockSelf(), ManeuverInCombat()),
        )
        for w in _GUARD_DOGS_WINDOWS
    ),
)
card(
    "Spirit's Touch",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Intercept(1), ManeuverInCombat())),
)
card(
    "Quicken Sight",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1), ManeuverInCombat())),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Intercept(2), ManeuverInCombat())),
)
card(
    "Precognition",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Intercept(1), PreventInFirstRound(1))),
)
card(
    "Eluding the Arms of Morpheus",
    Mode(
        window=W.BEFORE_BLOCKS,
        role=Role.LOCKED_REACTING,
        when=may_attempt_block,
        effects=(UnlockSelf(), AttemptBlock()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        role=Role.BLOCKER,
        when=blocker_locked,
        effects=(UnlockSelf(),),
        label="unlock while blocking",
    ),
    notes="The second mode is the vampire already attempting to block, woken (ANK 20181122-2): it unlocks and "
    "the attempt goes on.",
)
card(
    "Speak with Spirits",
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("ani",), when=during_bleed, effects=(Intercept(1),)),
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("spi",), effects=(Intercept(1),)),
    Mode(
        window=W.BEFORE_BLOCKS,
        superior=True,
        role=Role.LOCKED_REACTING,
        when=may_attempt_block,
        effects=(UnlockSelf(), BloodForIntercept(once=True), AttemptBlock()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.BLOCKER,
        when=blocker_locked,
        effects=(UnlockSelf(), BloodForIntercept(once=True)),
        label="unlock while blocking",
    ),
    notes="[SPI]'s second mode is the vampire already attempting to block, woken (ANK 20181122-2). The blood for +1 "
    "intercept is burned when the intercept falls short by 1 and the vampire keeps a blood (the player is not "
    "asked: vocabulary.BloodForIntercept).",
)
card(
    "Ominous Chorus",
    Mode(window=W.POLLING, when=in_polling, effects=(ExtraVotes(3),), label="+3 votes"),
    Mode(window=W.POLLING, role=Role.REACTING, when=in_polling, effects=(ExtraVotes(3),), label="+3 votes"),
    notes="Played by the acting Lasombra (action modifier) or another Methuselah's (reaction).",
)
card(
    "Eldest Are Kholo, The",
    Mode(
        window=W.POLLING, when=in_polling, effects=(VotesEach(2, "Ravnos", "Laibon"),), label="+2 votes a Laibon Ravnos"
    ),
    Mode(
        window=W.POLLING,
        role=Role.REACTING,
        when=in_polling,
        effects=(VotesEach(1, "Ravnos"),),
        label="+1 vote a Ravnos",
    ),
    notes="Each ready Ravnos at the table (any Methuselah's) gets the votes, cast with its Methuselah's.",
)


_SETITES = ("Follower of Set", "Ministry")


# Mental Maze costs 1 blood, Followers of Set 1 fewer (paid as it is played: a cancelled copy pays none).
_maze_payable = v.any_of(v.has_clan(*_SETITES), v.has_blood(1))
_maze_cost = v.BurnBlood(1, unless_clans=_SETITES)


card(
    "Mental Maze",
    Mode(
        window=W.BEFORE_COMBAT,
        role=Role.BLOCKER,
        cost_blood=0,
        when=all_of(action_blocked, actor_ally_or_younger, _maze_payable),
        effects=(_maze_cost, LockSelf(), EndAction()),
    ),
    Mode(
        window=W.BEFORE_COMBAT,
        superior=True,
        role=Role.BLOCKER,
        cost_blood=0,
        when=all_of(action_blocked, actor_ally_or_younger, _maze_payable),
        effects=(_maze_cost, ActionFails(), EndAction()),
    ),
    notes="Played by the blocker as its combat is about to start (before block resolution). The 1 blood (none for "
    "a Follower of Set) is paid by the mode's first effect.",
)


_sentinel_once, _sentinel_mark = once_between_unlocks("Shadow Sentinel")
card(
    "Shadow Sentinel",
    *wake_modes(_sentinel_mark, when=_sentinel_once),
    *wake_modes(
        _sentinel_mark,
        WakeTarget(),
        superior=True,
        wake_self=False,
        when=all_of(_sentinel_once, has_targets(allies_of_kind("wraith", "zombie", locked=True))),
        targets=allies_of_kind("wraith", "zombie", locked=True),
    ),
    notes="[OBL] is played by a vampire, locked (it stays locked) or not, and wakes the chosen ally; it is offered "
    "where a woken minion could act (NO_IDLE_WAKE, judged by the vampire's own chance to block in state A).",
)
card(
    "One With the Land",
    Mode(window=W.BLOCK_ATTEMPT, when=directed_at_you, effects=(Intercept(2),)),
    Mode(
        window=W.BEFORE_BLOCKS,
        superior=True,
        role=Role.LOCKED_REACTING,
        when=all_of(directed_at_you, may_attempt_block),
        effects=(UnlockSelf(), NoStrikesFirstRound(), AttemptBlock()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.BLOCKER,
        when=all_of(directed_at_you, blocker_locked),
        effects=(UnlockSelf(), NoStrikesFirstRound()),
        label="unlock while blocking",
    ),
    notes="[PRO]'s third mode is the vampire already attempting to block, woken (ANK 20181122-2): it unlocks and "
    "the attempt goes on.",
)


# Guardian Vigil: its lines add up ("more than one Discipline can be used"): one mode per combination, the most
# Disciplines first (the bots take the first of equal plays). Played by an Anarch of a Methuselah who may block, who
# attempts to block, or by the Anarch already attempting to block (ANK 20181122-2; before the block succeeds:
# ANK 20180926).
_VIGIL = (("aus", "cel", "for"), ("aus", "cel"), ("aus", "for"), ("cel", "for"), ("aus",), ("cel",), ("for",))


def _vigil_effects(disciplines: tuple[str, ...]) -> tuple[Any, ...]:
    return (
        *((ManeuverInCombat(),) if "cel" in disciplines else ()),
        *((NoLockForBlocking(),) if "for" in disciplines else ()),
    )


card(
    "Guardian Vigil",
    *(
        Mode(
            window=W.BEFORE_BLOCKS,
            disciplines=ds,
            when=may_attempt_block,
            effects=(*_vigil_effects(ds), AttemptBlock(intercept=1 if "aus" in ds else 0)),
            label="attempt to block",
        )
        for ds in _VIGIL
    ),
    *(
        Mode(
            window=W.BLOCK_ATTEMPT,
            disciplines=ds,
            role=Role.BLOCKER,
            effects=(*((InterceptNow(1),) if "aus" in ds else ()), *_vigil_effects(ds)),
            label="while blocking",
        )
        for ds in _VIGIL
    ),
)
card(
    "Protected District",
    Mode(window=W.BLOCKS_DECLINED, when=bleeding_you, effects=(ReduceBleed(3),), label="reduce the bleed by 3"),
    Mode(window=W.POLLING, when=in_polling, effects=(VotesAgainst(3),), label="+3 votes against"),
    notes="The +3 votes force the primogen's Methuselah to vote against with all its votes (VOTES_TOGETHER).",
)

_CLARITY = card_being_played_using("dem", "dom", "pre")
card(
    "Touch of Clarity",
    Mode(window=W.AS_PLAYED, role=Role.REACTING, when=_CLARITY, effects=(CancelAsPlayed(), LockSelf())),
    Mode(
        window=W.AS_PLAYED,
        role=Role.OTHER_READY,
        when=all_of(_CLARITY, not_(locked_and_ready)),
        effects=(CancelAsPlayed(), LockSelf()),
        label="as an action modifier",
    ),
    Mode(window=W.AS_PLAYED, superior=True, role=Role.REACTING, when=_CLARITY, effects=(CancelAsPlayed(),)),
    Mode(
        window=W.AS_PLAYED,
        superior=True,
        role=Role.OTHER_READY,
        when=all_of(_CLARITY, not_(locked_and_ready)),
        effects=(CancelAsPlayed(),),
        label="as an action modifier",
    ),
    notes="As a reaction by another Methuselah's ready unlocked (or woken) vampire; as an action modifier by a ready "
    "unlocked vampire of the acting Methuselah other than the acting minion (LSJ 20090425).",
)
card(
    "Read the Winds",
    Mode(
        window=W.BLOCK_ATTEMPT,
        effects=(DoNotReplace(Until.END_OF_ACTION), Intercept(1), NoLockForBlocking()),
    ),
    Mode(
        window=W.BEFORE_BLOCKS,
        superior=True,
        role=Role.LOCKED_REACTING,
        when=may_attempt_block,
        effects=(DoNotReplace(Until.END_OF_ACTION), UnlockSelf(), AttemptBlock(intercept=1)),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.BLOCKER,
        when=blocker_locked,
        effects=(DoNotReplace(Until.END_OF_ACTION), UnlockSelf(), InterceptNow(1)),
        label="unlock while blocking",
    ),
    notes="[ANI][AUS]'s third mode is the vampire already attempting to block, woken (ANK 20181122-2): it unlocks "
    "and gets +1 intercept, even if not yet needed.",
)


_locked_kind_allies = allies_of_kind("mummy", "wraith", "zombie", locked=True, woken_too=True)


def _funeral_modes(superior: bool, values: Any) -> tuple[Mode, ...]:
    """ "Usable by a locked vampire": by a ready vampire, locked or not, in any window of an action but its combat
    (an unlocked one not as a card is played, where a reaction of an unlocked minion is a cancel)."""
    when = all_of(in_action_not_combat, has_targets(_locked_kind_allies))
    return tuple(
        Mode(
            window=w,
            superior=superior,
            role=role,
            when=when,
            targets=_locked_kind_allies,
            values=values,
            effects=(v.UnlockTarget(and_value=True),),
            label="unlock allies",
        )
        for role in (Role.LOCKED_REACTING, Role.REACTING)
        for w in WAKE_WINDOWS
        if not (role is Role.REACTING and w is W.AS_PLAYED)
    )


card(
    "Funeral Wake",
    *_funeral_modes(False, None),
    *_funeral_modes(True, v.or_none(_locked_kind_allies)),
    notes="[NEC] unlocks the chosen ally and, if chosen, a second one.",
)


# -- reactions of the combat group (issue 27) --------------------------------------------------------------------------

card(
    "Telepathic Counter",
    Mode(window=W.BLOCKS_DECLINED, when=bleeding_you, effects=(ReduceBleed(1),)),
    Mode(window=W.BLOCKS_DECLINED, superior=True, when=bleeding_you, effects=(ReduceBleed(2),)),
    notes="Played once the blocks are declined, before the bleed succeeds (TOM 19960303, LSJ 20061212).",
)

card(
    "Rat's Warning",
    *(
        Mode(window=w, role=Role.LOCKED_REACTING, when=all_of(may_wake, bleeding_you), effects=(UnlockSelf(),))
        for w in _GUARD_DOGS_WINDOWS
    ),
    *(
        Mode(
            window=w,
            superior=True,
            role=Role.LOCKED_REACTING,
            when=all_of(may_wake, bleeding_you),
            effects=(UnlockSelf(), v.PressInCombat()),
        )
        for w in _GUARD_DOGS_WINDOWS
    ),
    notes="Offered in any window of the bleed but its combat, like Guard Dogs (to block in state A, to react later).",
)
card(
    "Sense the Sin",
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("aus",), when=actor_younger, effects=(Intercept(1),)),
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("dai",), effects=(v.InterceptMoreIfCorrupted(1, more=1),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        superior=True,
        when=during_bleed,
        effects=(v.Bleed(2), v.CorruptedLessIntercept(1)),
        label="+2 bleed; corrupted minions -1 intercept",
    ),
    notes="[DAI] is played once blocks are declined (a bleed increase); its -1 intercept lasts the action.",
)


_COMBAT_ENDS = v.Strike(combat_ends=True, label="combat ends")
card(
    "Night Terrors",
    Mode(window=W.BLOCK_ATTEMPT, effects=(v.StealthToZero(),), label="the acting minion's stealth to 0"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        effects=(v.StealthToZero(), v.StrikeInFirstRoundIfBlocks(_COMBAT_ENDS)),
        label="stealth to 0; if this vampire blocks, a combat ends strike in the first round",
    ),
    notes="Played as a block is attempted (where stealth matters: RTR 20030519).",
)
card(
    "Gift of Sleep",
    Mode(window=W.BLOCK_ATTEMPT, disciplines=("obf",), role=Role.ACTING, effects=(v.Stealth(1),)),
    Mode(
        window=W.BEFORE_COMBAT,
        disciplines=("obe",),
        role=Role.ACTING,
        when=v.about_to_fight_ally,
        effects=(v.LockOpposingAllyAndEnd(),),
        label="lock the blocking ally and end the action",
    ),
    Mode(
        window=W.BEFORE_COMBAT,
        disciplines=("obe",),
        role=Role.BLOCKER,
        when=v.about_to_fight_ally,
        effects=(v.LockOpposingAllyAndEnd(),),
        label="lock the acting ally and end the action",
    ),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, role=Role.ACTING, effects=(v.Stealth(1),)),
)


# -- Poison Pill, Confusion of the Eye: referendum reactions -----------------------------------------------------------


def _poison_pill(game: Game, play: Play) -> None:
    """Note the player's pool before the referendum's effects (+1: 0 pool is a value too)."""
    act = v.current_action(game)
    if act is not None:
        act.flags[f"poison pill:{play.seat}"] = game.seats[play.seat].pool + 1


@hook("referendum_passed", "Poison Pill")
def _poison_pill_bites(game: Game, ref: Any) -> None:
    """The pool its player lost to the referendum's effects, the acting minion's controller loses too."""
    act = v.current_action(game)
    if act is None or not act.flags:
        return
    for key in [k for k in act.flags if k.startswith("poison pill:")]:
        seat = int(key.split(":")[1])
        lost = act.flags.pop(key) - 1 - game.seats[seat].pool
        if lost > 0 and not game.seats[ref.seat].ousted:
            economy.burn_pool(game, ref.seat, lost)
            game.log("burn pool", ref.seat, lost)


card(
    "Poison Pill",
    Mode(window=W.POLLING, effects=(_poison_pill,), label="the acting Methuselah loses what pool you lose"),
    notes="The pool lost is the pool the player has less after the referendum's effects than before (a gain in "
    "the same effects offsets a loss: ANK 20180813 counts the loss only).",
)

_TITLE_REQUIRED = re.compile(
    r"Requires an? (titled|prince|justicar|archbishop|cardinal|primogen|baron|bishop|priscus|regent|inner circle|"
    r"magaji|kholo)",
    re.IGNORECASE,
)


def _confusion(game: Game, play: Play) -> None:
    """[OBF]: the acting vampire casts no votes or ballots in this referendum."""
    act = v.current_action(game)
    if act is not None:
        act.flags["confusion of the eye"] = 1


def _confused(game: Game, ref: Any) -> bool:
    act = v.current_action(game)
    return (
        act is not None and bool(act.flags) and bool(act.flags.get("confusion of the eye")) and act.actor == ref.caller
    )


@hook("votes_cast", "Confusion of the Eye")
def _confusion_votes(game: Game, seat: int, ref: Any, side: int) -> int:
    """The acting vampire's votes (its title's, the political action card's 1 vote) are not cast."""
    if seat != ref.seat or not _confused(game, ref):
        return 0
    caller = game.minions.get(ref.caller)
    by_card = ref.card >= 0 and ref.card not in game.minions
    return -((caller.votes if caller is not None and v.is_ready(game, caller.id) else 0) + (1 if by_card else 0))


@hook("referendum_tallied", "Confusion of the Eye")
def _confusion_fails(game: Game, ref: Any) -> None:
    """A referendum whose card requires a titled vampire fails."""
    if not _confused(game, ref) or ref.card < 0 or game.compiled is None:
        return
    found = game.compiled.cards.get(game.card_of[ref.card])
    if found is not None and _TITLE_REQUIRED.search(found.text or ""):
        ref.passed = False


card(
    "Confusion of the Eye",
    Mode(window=W.BLOCKS_DECLINED, when=all_of(bleeding_you, actor_ally_or_younger), effects=(ReduceBleed(1),)),
    Mode(
        window=W.POLLING,
        superior=True,
        effects=(_confusion,),
        label="the acting vampire casts no votes; a referendum requiring a title fails",
    ),
)


# -- Melange [AUS] -----------------------------------------------------------------------------------------------------


def _melange_mark(game: Game, play: Play) -> None:
    """If this vampire blocks, the card (in the ash heap by then) goes on the acting minion."""
    act = v.current_action(game)
    if act is not None and play.card >= 0:
        act.flags[f"melange:{play.minion}"] = play.card + 1


@hook("blocked", "Melange")
def _melange_on_actor(game: Game, act: Any) -> None:
    """Put it on the acting minion from the ash heap (none if it left it: ANK 20220805); the rider names the
    vampire that may burn it."""
    copy = act.flags.pop(f"melange:{act.blocker}", 0) - 1 if act.flags else -1
    actor = game.minions.get(act.actor)
    if copy < 0 or actor is None:
        return
    heap = game.seats[game.owner_of[copy]].ash_heap
    if copy in heap:
        heap.remove(copy)
        actor.cards.append(copy)
        v.add_rider(game, copy, "melange vampire", act.blocker + 1, Until.END_OF_GAME)


@hook("announced", "Melange")
def _melange_bleed(game: Game, act: Any) -> None:
    """A bleed by that vampire against the controller of the minion carrying it: it burns the card for +1 bleed
    (before resolution: ANK 20180531, LSJ 19970718)."""
    if not act.is_bleed() or act.target < 0:
        return
    wanted = v.vekn(game, "Melange")
    for minion in list(game.seats[act.target].controlled):
        m = game.minions.get(minion)
        if m is None or not m.cards:
            continue
        for x in [x for x in m.cards if game.card_of[x] == wanted]:
            if v.rider_sum(game, x, "melange vampire") == act.actor + 1:
                v.burn_card(game, x)
                act.bleed += 1
                return


card(
    "Melange",
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        effects=(Intercept(1), _melange_mark),
        label="+1 intercept; if this vampire blocks, this card on the acting minion",
    ),
    notes="[AUS]: the vampire always burns the card for +1 bleed as it bleeds the controller of the minion carrying "
    "it (not asked).",
)


# -- Scalpel Tongue: once the votes are cast (W.VOTES_CAST) --------------------------------------------------------------


def current_referendum(game: Game) -> Referendum | None:
    return next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)


def votes_of_vampire(game: Game, ref: Referendum, m: Any) -> int:
    """The votes a vampire cast: its title's, and the political action card's 1 vote for the caller."""
    by_card = ref.card >= 0 and ref.card not in game.minions
    return int(m.votes) + (1 if m.id == ref.caller and by_card else 0)


def _voters(game: Game, play: Play) -> list[int]:
    """The vampires that cast votes in this referendum (their Methuselah voted for or against)."""
    ref = current_referendum(game)
    if ref is None or ref.blood_hunt:
        return []
    return [
        m.id
        for seat, cast in ref.votes_by_seat.items()
        if cast
        for m in v.ready_minions(game, seat)
        if m.kind == VAMPIRE and votes_of_vampire(game, ref, m) > 0
    ]


def _abstains(burn: int) -> Any:
    def effect(game: Game, play: Play) -> None:
        """The chosen vampire is locked and its votes are cancelled ([CEL][PRE]: it burns 1 blood too)."""
        ref = current_referendum(game)
        m = game.minions.get(play.target)
        if ref is None or m is None or not m.in_play:
            return
        seat = v.controller(game, m.id)
        cast = ref.votes_by_seat.get(seat, 0)
        n = min(votes_of_vampire(game, ref, m), abs(cast))
        if cast > 0:
            ref.votes_for -= n
            ref.votes_by_seat[seat] = cast - n
        elif cast < 0:
            ref.votes_against -= n
            ref.votes_by_seat[seat] = cast + n
        m.locked = True
        game.log("lock", play.seat, m.id)
        if burn and m.blood > 0:
            v.move_blood(game, m.id, -burn)
            game.log("burn blood", play.seat, m.id, burn)

    return effect


_SCALPEL_WHEN = has_targets(_voters)
card(
    "Scalpel Tongue",
    *(
        Mode(
            window=W.VOTES_CAST,
            superior=superior,
            role=role,
            when=_SCALPEL_WHEN,
            targets=_voters,
            effects=(_abstains(1 if superior else 0),),
            label="a vampire that voted is locked and abstains" + (", burns 1 blood" if superior else ""),
        )
        for superior in (False, True)
        for role in (Role.ACTING, Role.REACTING)
    ),
    notes="Played once the votes are cast, before the tally (the engine's polling has its cards before the votes: "
    "W.VOTES_CAST). A vampire's votes are its title's and, for the caller, the political action card's.",
)


# -- cards added by cov_c -------------------------------------------------------------------------------------------------


# Power of All: its Methuselah's two youngest ready unlocked Anarchs (the one playing it among them), with or
# without an action, not in its own turn nor in combat.
_UNLOCKED_ANARCHS = v.Minions(sect="Anarch", unlocked=True)


card(
    "Power of All",
    Mode(
        window=W.AS_PLAYED,
        role=Role.METHUSELAH,
        when=all_of(v.not_your_turn, v.not_in_combat, v.any_card_being_played, v.at_least(2, _UNLOCKED_ANARCHS)),
        effects=(v.LockOwnMinions(2, _UNLOCKED_ANARCHS), CancelAsPlayed()),
        label="lock two Anarchs: cancel a library card as it is played",
    ),
    notes="Played by its Methuselah for the two youngest of its ready unlocked Anarchs (the one playing it among "
    "them), with or without an action.",
)


# -- cards added by cov_f --------------------------------------------------------------------------------------------

_SONAR_UNREPLACED = DoNotReplace(Until.END_OF_TURN)
card(
    "Sonar",
    Mode(window=W.BLOCK_ATTEMPT, when=v.directed_action, effects=(Intercept(1), _SONAR_UNREPLACED)),
    Mode(window=W.BLOCK_ATTEMPT, superior=True, effects=(Intercept(1), _SONAR_UNREPLACED)),
)

_EYES = "Eyes of the Beast"
card(
    _EYES,
    Mode(window=W.BLOCK_ATTEMPT, effects=(Intercept(1), v.PutOnTarget(on_self=True))),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        effects=(Intercept(1), v.PutOnTarget(on_self=True), v.ManeuverInFirstRound()),
    ),
    notes="Played only as needed (intercept), by the vampire attempting to block; the card stays on it. It burns "
    "as its controller's discard phase starts.",
    burns_at="discard phase",
)
v.bearer_stealth(_EYES, -1)


card(
    "Black Sunrise",
    Mode(
        window=W.BEFORE_BLOCKS,
        role=Role.LOCKED_REACTING,
        when=all_of(directed_at_you, may_attempt_block),
        effects=(UnlockSelf(), AttemptBlock()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        role=Role.BLOCKER,
        when=all_of(directed_at_you, blocker_locked),
        effects=(UnlockSelf(),),
        label="unlock while blocking",
    ),
    Mode(
        window=W.BEFORE_BLOCKS,
        superior=True,
        role=Role.LOCKED_REACTING,
        when=may_attempt_block,
        effects=(UnlockSelf(), AttemptBlock()),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        superior=True,
        role=Role.BLOCKER,
        when=blocker_locked,
        effects=(UnlockSelf(),),
        label="unlock while blocking",
    ),
    notes="The second and fourth modes are the vampire already attempting to block, woken (ANK 20181122-2): it "
    "unlocks and the attempt goes on. Prey, predator and target restrictions apply (ANK 20180623).",
)


_SALT = "salt of thoth on"


def _action_at_own_location(game: Game, play: Play) -> bool:
    """An action directed at a location the player controls, no block attempted nor made (ANK 20260316)."""
    act = play.frame
    return (
        isinstance(act, Action)
        and act.directed
        and act.blocker < 0
        and not act.blocked
        and act.target_minion in game.seats[play.seat].controlled
        and v.is_location(game, act.target_minion)
    )


def _salt_on_location(game: Game, play: Play) -> None:
    """The card goes on the location the action was directed at (in play beside it, the location noted)."""
    act = play.frame
    if not isinstance(act, Action):
        return
    v.leave_aside(game, play.card)
    game.seats[play.seat].controlled.append(play.card)
    v.add_rider(game, play.card, _SALT, act.target_minion, Until.END_OF_GAME)


def _action_at_salted_location(game: Game, play: Play) -> bool:
    if not _action_at_own_location(game, play):
        return False
    act = play.frame
    return any(r.holder == play.card and r.key == _SALT and r.value == act.target_minion for r in game.riders)


card(
    "Salt of Thoth",
    Mode(
        window=W.BEFORE_BLOCKS,
        role=Role.LOCKED_REACTING,
        when=_action_at_own_location,
        effects=(ActionFails(), EndAction(), _salt_on_location),
        label="the action at a location fails; put this card on the location",
    ),
    Mode(
        window=W.BEFORE_BLOCKS,
        in_play=True,
        when=_action_at_salted_location,
        effects=(v.BurnThisCard(), ActionFails(), EndAction()),
        label="burn: the action at this location fails",
    ),
    notes="Played before any block is attempted (ANK 20260316). A failed action reached resolution (the same action "
    "cannot be taken again: the engine's once-a-turn rule for action cards).",
)
