"""The named timing windows any card can hook (ENGINE.md, "A vocabulary to start from"), and the kinds of
actions and frames. A card spec names its window; the engine opens each window at one place of the turn
(game.py) and runs the impulse cycle there (``game.impulse``).

Sources (``../shared/rules/digest-pl.md``): 4.1-4.5 the phases, 4.3.3 the action's steps (announce, block
attempts A/B, all declined C, resolve), 4.3.4 the combat round's seven steps, 4.3.6 the referendum.
"""

from __future__ import annotations

from enum import IntEnum, unique


@unique  # two windows with one value are one window under two names: its cards offered in both
class W(IntEnum):
    """Where a card may be played or a card in play may be used."""

    UNLOCK = 1  # the acting Methuselah's unlock phase (4.1): cards in play with "during your unlock phase"
    MASTER = 2  # the master phase (4.2): master cards from the hand, cards in play used in it
    INFLUENCE = 3  # start of the influence phase (4.4): transfers from cards in play
    DISCARD = 4  # the discard phase (4.5)
    AS_PLAYED = 5  # a card as it is played: only cancels (Direct Intervention)
    ANNOUNCED = 6  # "as the action is announced" (4.3.3 step 1): before ordinary modifiers and reactions
    BEFORE_BLOCKS = 7  # state A: a Methuselah who may block may play reactions first (wake, unlock)
    BLOCK_ATTEMPT = 8  # state B: stealth (acting) and intercept (blocking) "only as needed"
    BLOCKS_DECLINED = 9  # state C: after blocks are declined (+bleed, redirect, reduce a bleed)
    BLOCKED = 22  # "if this minion is blocked, before block resolution": the blocker not yet locked (Change of Target)
    AFTER_ACTION = 10  # after resolution (Freak Drive, Forced March, Voter Captivation)
    BEFORE_RANGE = 11  # combat step 1
    RANGE = 12  # combat step 2: maneuvers
    BEFORE_STRIKES = 13  # combat step 3
    STRIKE = 14  # combat step 4: strike cards (and aims) as the minion chooses its strike
    PREVENT = 15  # combat step 5: prevention by the minion taking damage
    PRESS = 16  # combat step 6
    END_OF_ROUND = 17  # combat step 7
    POLLING = 18  # referendum: "during the polling step, before votes are cast"
    AFTER_REFERENDUM = 19  # after the referendum resolved (Voter Captivation is AFTER_ACTION)
    ACTION = 20  # the minion phase's choice of action: action cards, equipment, allies, retainers, politics
    BEFORE_COMBAT = 21  # an action's combat is about to start: the opposing minion's controller (Obedience)
    ENTERS_PLAY = 23  # a vampire being brought out, before it is in play: "as it enters play" (Anarch Convert, Erlik)
    VOTES_CAST = 60  # referendum: the votes cast, before the tally (Scalpel Tongue): only at a table with such a card
    OUSTING = 73  # a Methuselah with no pool is about to be ousted (Life Boon): only at a table with such a card


@unique
class Act(IntEnum):
    """The kinds of actions (4.3.2's catalogue)."""

    BLEED = 1
    HUNT = 2
    CARD = 3  # an action card or a card in play used as an action; its spec says what it does
    EQUIP = 4
    EMPLOY = 5
    RECRUIT = 6
    POLITICAL = 7
    LEAVE_TORPOR = 8
    RESCUE = 9
    DIABLERIE = 10
    BECOME_ANARCH = 12  # an untitled, non-Anarch ready vampire: 2 blood (1 with another ready Anarch), +1 stealth
    BURN_CARD = (
        11  # "(minions) can burn this card as a (D) action" or by a referendum: the card's ``burn`` (cards.Spec)
    )
    STEAL_CARD = 13  # "vampires can steal this location as a (D) action": the card's ``steal`` (cards.Spec)


@unique
class Range(IntEnum):
    CLOSE = 0
    LONG = 1
