"""Code for the combat cards Form of Mist … Taste of Vitae (specs/combat.py): Form of Mist's own effects, and
the once-each-round limits the other cards compose from the vocabulary (their scores are in plays/)."""

from __future__ import annotations

from .. import game as g
from ..cards import Play
from ..game import Strike
from ..state import Game
from ..vocabulary import (
    all_of,
    at_close_range,
    combat_of,
    once_each_round,
    opposing_vampire_lost_blood,
    self_ready,
)

COMBAT_ENDS = Strike(combat_ends=True, label="combat ends")
DODGE = Strike(dodge=True, label="dodge")
NO_STRIKE = g.NO_STRIKE  # one "no strike" for the engine and the cards

# -- Form of Mist ------------------------------------------------------------------------------------------------


def mist_once(game: Game, play: Play) -> bool:
    """ "A vampire can play only one Form of Mist at superior each action"."""
    c = combat_of(play)
    act = c.action if c is not None else None
    return act is None or f"form of mist:{play.minion}" not in act.flags


def mist_continue(game: Game, play: Play) -> None:
    """[PRO] After combat ends, a blocked acting vampire continues its action as if unblocked: the mark is read
    by game.py (``_continue_unblocked``) once the combat is over; a queued combat (Psyche!) removes it."""
    c = combat_of(play)
    act = c.action if c is not None else None
    if act is None:
        return
    act.flags[f"form of mist:{play.minion}"] = 1
    if act.blocked and act.actor == play.minion:
        act.flags["continue_unblocked"] = 1


# -- Immortal Grapple -----------------------------------------------------------------------------------------------

grapple_once, grapple_mark = once_each_round("immortal grapple")
grapple_when = all_of(at_close_range, grapple_once)


# -- Taste of Vitae ------------------------------------------------------------------------------------------------------

taste_once, taste_mark = once_each_round("taste of vitae")
# not by a vampire going to torpor or burned; only when the opposing vampire lost blood to damage this round
taste_when = all_of(self_ready, taste_once, opposing_vampire_lost_blood)
