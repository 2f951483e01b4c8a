"""The bots' judgement of the cards of specs/action.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from .. import game as g
from ..cards import Play
from ..playbook import judge
from ..specs.action import (
    _equipment_in_library,
)
from ..state import VAMPIRE, Game


def _bleed_anyone_score(game: Game, play: Play) -> float:
    """Kindred Spirits may bleed any Methuselah: the prey is worth it (an oust of another seat gives its VP
    to someone else), the others barely."""
    m = game.minions.get(play.minion)
    base = 10.0 * ((m.bleed if m is not None else 1) + play.mode.bleed) + 8
    return base if play.target == game.prey(play.seat) else base - 30


def _combat_score(game: Game, play: Play) -> float:
    """Enter combat only with a minion the actor out-hits: its strength at least the target's blood or
    life, and more blood than the target's strength."""
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None:
        return -1.0
    if me.strength >= other.blood and me.blood > other.strength:
        return 24.0 + other.capacity if other.kind == VAMPIRE else 20.0
    return -5.0


def _steal_score(game: Game, play: Play) -> float:
    return 30.0 if play.target == game.prey(play.seat) else 8.0


def _smith_score(game: Game, play: Play) -> float:
    found = _equipment_in_library(game, play)
    return 28.0 if found and game.card_of[found[0]] in game.compiled.specs else 2.0


def _embrace_score(game: Game, play: Play) -> float:
    """Worth it with blood to spare and few vampires in play."""
    m = game.minions.get(play.minion)
    mine = len(g.ready_minions(game, play.seat))
    if m is None or m.blood < 4 or mine >= 4:
        return -1.0
    return 20.0


judge("Deep Song", 1, score=_combat_score)
judge("Kindred Spirits", 0, score=_bleed_anyone_score)
judge("Kindred Spirits", 1, score=_bleed_anyone_score)
judge("Magic of the Smith", 0, score=_smith_score)
judge("Magic of the Smith", 1, score=_smith_score)
judge("Embrace, The", 0, score=_embrace_score)
judge("Line Brawl", 0, score=_steal_score)
judge("Line Brawl", 1, score=_combat_score)
judge("Bum's Rush", 0, score=_combat_score)
