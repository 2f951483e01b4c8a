"""The bots' playbook: the judgement the heuristic bot (bots.py) and the cards' own scores (a mode's ``score``)
share, so that a card's spec never imports a bot: the combat policy (the worth of a strike, when to maneuver,
when to press) and which crypt card a seat can best spare. Pure functions of the game; they read only what
the seat deciding may see (its hand and library are its own)."""

from __future__ import annotations

from collections.abc import Sequence

from .economy import rivals, self_contest
from .frames import Combat
from .game import HAND_STRIKE, Strike, hook_sum, strength_of, strike_damage
from .state import Game
from .windows import Range


def least_wanted_vampires(game: Game, seat: int, copies: Sequence[int], drawn: int = -1) -> list[int]:
    """The seat's uncontrolled vampires ``copies``, the one it can best spare first (Wider View's removal): a
    copy that cannot come out (the seat controls its name) or would be contested, then the least blood put on
    it, then the fewest of the seat's library cards (hand and library) it could play; on a full tie the card
    just ``drawn`` is kept."""
    s = game.seats[seat]
    comp = game.compiled
    needs = [
        {d for mode in comp.specs[game.card_of[c]].modes for d in mode.disciplines}
        for c in (*s.hand, *s.library)
        if comp is not None and game.card_of[c] in comp.specs
    ]

    def keep(copy: int) -> tuple[int, int, int, int]:
        m = game.minions[copy]
        usable = not (self_contest(game, seat, copy) or (m.unique and rivals(game, copy)))
        have = {d for d, _ in m.disciplines}
        fit = sum(1 for need in needs if not need or need & have)
        return (int(usable), m.blood, fit, int(copy == drawn))

    return sorted(copies, key=keep)


W_SAVE = 40.0  # a combat ends or a dodge that saves the minion from torpor or burning


def strike_worth(game: Game, c: Combat, minion: int, strike: Strike) -> float:
    """The heuristic worth of a strike: 10 per point of damage it deals at the current range (aggravated ×1.5,
    stolen blood ×1.5: it also heals); a combat ends or a dodge is worth W_SAVE when the opponent's hand strike
    would send this minion to torpor or burn it, a little when it would only hurt, and nothing when this
    minion is winning (its own strike would torpor the opponent first)."""
    side, other = c.side(minion), c.other(minion)
    mine, theirs = game.minions.get(minion), game.minions.get(other.minion)
    if mine is None or theirs is None:
        return 0.0
    threat = theirs.strength + other.strength + other.combat_strength + hook_sum(game, "strength", theirs.id)
    if c.range is Range.LONG:
        threat = 0  # most strikes need close range; a ranged one is a risk the bot does not guess
    my_hand = strike_damage(game, c, side, HAND_STRIKE) if c.range is Range.CLOSE else 0
    if strike.combat_ends or strike.dodge:
        if threat >= max(1, mine.blood):
            return W_SAVE + (2.0 if strike.combat_ends else 0.0)
        if my_hand >= max(1, theirs.blood):
            return -5.0
        return 5.0 * threat
    if c.range is Range.LONG and not strike.ranged:
        return 0.0
    dmg = strike.steal * 1.5 if strike.steal else float(strike_damage(game, c, side, strike))
    return dmg * 10.0 + (dmg * 5 if strike.aggravated else 0)


def wants_to_maneuver(game: Game, c: Combat, minion: int) -> bool:
    """The bots' range policy, for granted maneuvers and maneuver cards alike: go long when the opponent hits
    harder up close."""
    other = c.other(minion).minion
    if minion not in game.minions or other not in game.minions:
        return False
    return c.range is Range.CLOSE and strength_of(game, other) > strength_of(game, minion)


def wants_to_press(game: Game, c: Combat, minion: int) -> bool:
    """The bots' press policy, for granted presses and press cards alike: cancel the opponent's press to
    continue when weaker or when its strike would torpor this minion; press to continue when this minion's
    strike would finish the opponent and it survives the opponent's."""
    mine, other = game.minions.get(minion), game.minions.get(c.other(minion).minion)
    if mine is None or other is None:
        return False
    my_strength, their_strength = strength_of(game, minion), strength_of(game, other.id)
    if c.press > 0:
        return their_strength > my_strength or mine.blood <= their_strength
    return my_strength >= other.blood and mine.blood > their_strength
