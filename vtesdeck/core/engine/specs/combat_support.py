"""Code for combat cards that a vocabulary primitive does not cover (combat.py's escape hatch): Hunger of
Marduk's granted strike, Concealed Weapon's equipping, and the bot's worth of prevention and strength."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Play
from ..state import Game
from ..vocabulary import (
    Strike,
    StrikeThisRound,
    StrikeWith,
    bearer_maneuvers,
    combat_of,
    may_play,
    move_blood,
    refill,
)

THEFT_1 = StrikeWith(Strike(damage=0, ranged=True, steal=1, label="Theft of Vitae"))
THEFT_2 = StrikeWith(Strike(damage=0, ranged=True, steal=2, label="Theft of Vitae"))
MARDUK_1 = StrikeThisRound(Strike(damage=0, ranged=True, steal=1, label="Hunger of Marduk"))
MARDUK_2 = StrikeThisRound(Strike(damage=0, ranged=True, steal=2, label="Hunger of Marduk"))


# -- Concealed Weapon --------------------------------------------------------------------------------------------


def concealed_weapons(game: Game, play: Play) -> Sequence[int]:
    """Weapons in the hand it may equip: non-unique, under 3 pool, a regular strike neither aggravated nor of 4
    or more damage (the minion's strength not counted: LSJ 20020821), requirements and costs as normal."""
    m = game.minions.get(play.minion)
    if m is None or game.compiled is None:
        return []
    s = game.seats[play.seat]
    out = []
    seen = set()
    for copy in s.hand:
        v = game.card_of[copy]
        if v in seen:
            continue
        seen.add(v)
        weapon = game.compiled.bearers.get(v)
        strike = weapon.strike if weapon is not None else None
        if strike is None or strike.aggravated or (strike.damage or 0) >= 4:
            continue
        handler = game.compiled.actions[v][0]
        if handler.pool >= 3 or s.pool <= handler.pool or not may_play(game, handler, m):
            continue
        out.append(copy)
    return out


def concealed_weapon(game: Game, play: Play) -> None:
    """Equip the chosen weapon now: pay its cost, put it on the minion, replace it (not an action: LSJ
    20090115)."""
    c = combat_of(play)
    s = game.seats[play.seat]
    m = game.minions.get(play.minion)
    if c is None or m is None or play.target not in s.hand or game.compiled is None:
        return
    v = game.card_of[play.target]
    handler = game.compiled.actions[v][0]
    if handler.blood:
        move_blood(game, m.id, -handler.blood)
    if handler.pool:
        from ..economy import burn_pool

        burn_pool(game, play.seat, handler.pool)
        if s.ousted:
            return
    s.hand.remove(play.target)
    m.cards.append(play.target)
    game.log("equip", play.seat, m.id, play.target)
    bearer_maneuvers(game, c, c.side(m.id))  # a weapon's maneuver each combat is there at once
    refill(game, play.seat)
