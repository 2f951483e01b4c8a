"""Code for the combat cards Form of Mist … Taste of Vitae (specs/combat.py): their predicates, card-only
effects and the heuristic bot's scores (a mode's ``score``: the strike decision scores the hand strike 10 a
point of damage, passing 0)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from .. import game as g
from ..cards import Play
from ..game import Strike
from ..state import Game
from ..vocabulary import (
    at_close_range,
    combat_of,
    once_each_round,
)

COMBAT_ENDS = Strike(combat_ends=True, label="combat ends")
DODGE = Strike(dodge=True, label="dodge")
NO_STRIKE = g.NO_STRIKE  # one "no strike" for the engine and the cards
Flow = Generator[Any, Any, None]

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


def grapple_when(game: Game, play: Play) -> bool:
    return at_close_range(game, play) and grapple_once(game, play)


def grapple_commitments(game: Game, play: Play) -> None:
    """A minion already committed to a strike that is not a hand strike (a strike card's maneuver) gets no
    strike this round (TOM 19951217)."""
    c = combat_of(play)
    if c is None:
        return
    for side in (c.a, c.b):
        if isinstance(side.strike, Strike) and not side.strike.hand:
            side.strike = NO_STRIKE


# -- Taste of Vitae ------------------------------------------------------------------------------------------------------

taste_once, taste_mark = once_each_round("taste of vitae")


def taste_when(game: Game, play: Play) -> bool:
    """Not by a vampire going to torpor or burned; not against an ally (PIB 20121028); only when the opposing
    vampire lost blood to damage this round (otherwise the card does nothing)."""
    c = combat_of(play)
    if c is None or not g.is_ready(game, play.minion) or not taste_once(game, play):
        return False
    other = c.other(play.minion)
    card = game.compiled.cards[game.card_of[other.minion]] if game.compiled is not None else None
    return other.lost_blood > 0 and card is not None and card.is_crypt
