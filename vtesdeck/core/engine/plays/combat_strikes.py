"""The bots' judgement of the cards of specs/combat_strikes.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from .. import game as g
from ..cards import Play
from ..playbook import wants_to_maneuver
from ..state import Game
from ..vocabulary import (
    at_close_range,
    combat_of,
    opponent_armed,
)


def opponent_strength(game: Game, play: Play) -> float:
    c = combat_of(play)
    return float(g.strength_of(game, c.other(play.minion).minion)) if c is not None else 0.0


def dodge_score(game: Game, play: Play) -> float:
    """A dodge or a combat ends: worth the opponent's hand damage avoided, against the own hand strike."""
    return 10.0 * opponent_strength(game, play) + 2.0


def aim_score(game: Game, play: Play) -> float:
    """Target Vitals: only at close range with some strength (a strike that deals damage follows)."""
    return 25.0 if at_close_range(game, play) and g.strength_of(game, play.minion) > 0 else -1.0


def mist_score(game: Game, play: Play) -> float:
    c = combat_of(play)
    act = c.action if c is not None else None
    m = game.minions.get(play.minion)
    if act is not None and act.blocked and act.actor == play.minion and m is not None and m.blood >= 2:
        return 40.0  # the action goes on
    return dodge_score(game, play)


def grapple_score(game: Game, play: Play) -> float:
    """Worth it against an armed opponent, or when this minion is the stronger one."""
    if opponent_armed(game, play) or g.strength_of(game, play.minion) > opponent_strength(game, play):
        return 15.0
    return -1.0


def beast_score(game: Game, play: Play) -> float:
    """Typhonic Beast: +1 strength for the combat is worth a point of damage each round, unless the blood is the
    vampire's last."""
    m = game.minions.get(play.minion)
    return 14.0 if m is not None and m.blood > 1 else -1.0


def aggravated_hand_score(game: Game, play: Play) -> float:
    """Hand strikes aggravated this round (Claws of the Dead, Chiropteran Marauder): at close range with some
    strength, and not already so (Raking Talons)."""
    c = combat_of(play)
    if c is None or not at_close_range(game, play) or g.strength_of(game, play.minion) <= 0:
        return -1.0
    used = c.side(play.minion).used
    return -1.0 if "combat:aggravated_hand" in used or "round:aggravated_hand" in used else 18.0


def disarm_burn_score(game: Game, play: Play) -> float:
    """Burning 3 blood to lose Disarm's strength penalty: only for a ready vampire rich enough to keep fighting."""
    m = game.minions.get(play.minion)
    return 5.0 if m is not None and not m.torpor and m.blood >= 6 else -1.0


def set_range_score(game: Game, play: Play) -> float:
    """Brick by Brick [VIS]: set long range when the opponent hits harder up close (the bots' range policy)."""
    c = combat_of(play)
    return 10.0 if c is not None and play.value == 1 and wants_to_maneuver(game, c, play.minion) else -1.0


def breath_of_the_dragon_score(game: Game, play: Play) -> float:
    """Breath of the Dragon burns its own striker at close range: played at long range only."""
    c = combat_of(play)
    return 25.0 if c is not None and not at_close_range(game, play) else -1.0


def slam_close_score(game: Game, play: Play) -> float:
    """Slam [POT]'s maneuver back to close range: worth it when this minion hits at least as hard up close."""
    c = combat_of(play)
    if c is None or at_close_range(game, play):
        return -1.0
    return 15.0 if g.strength_of(game, play.minion) + 2 >= opponent_strength(game, play) else -1.0


def trap_score(game: Game, play: Play) -> float:
    """Trap keeps the combat going: worth it for the minion that wins a long exchange of hand strikes."""
    c = combat_of(play)
    m = game.minions.get(play.minion)
    other = game.minions.get(c.other(play.minion).minion) if c is not None else None
    if m is None or other is None:
        return -1.0
    mine, theirs = g.strength_of(game, m.id), g.strength_of(game, other.id)
    return 15.0 if mine > theirs or (mine == theirs and m.blood > other.blood) else -1.0
