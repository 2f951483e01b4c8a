"""The bots' judgement of the cards of specs/permanent.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Play
from ..playbook import judge
from ..specs.permanent import (
    _aus_level,
    carried,
)
from ..state import Game


def _on_minion_score(name: str, first: float, more: float) -> Callable[[Game, Play], float]:
    """The bot's worth of equipping or employing: ``first`` for the first copy on the minion, ``more`` after."""

    def score(game: Game, play: Play) -> float:
        return more if carried(game, play.minion, name) else first

    return score


def _bowl_score(game: Game, play: Play) -> float:
    """Worth equipping only on a vampire with Auspex not yet carrying one (a second adds nothing)."""
    if _aus_level(game, play.minion) < 1 or carried(game, play.minion, "Bowl of Convergence"):
        return -1.0
    return 22.0


def _bowl_burn_score(game: Game, play: Play) -> float:
    """Burn blood for the intercept, but never the bearer's last."""
    m = game.minions.get(play.minion)
    return 15.0 if m is not None and m.blood > 1 else -1.0


judge(".44 Magnum", 0, score=_on_minion_score(".44 Magnum", 24.0, 3.0))
judge("Raven Spy", 0, score=_on_minion_score("Raven Spy", 22.0, 4.0))
judge("Raven Spy", 1, score=_on_minion_score("Raven Spy", 23.0, 5.0))
judge("Heart of Nizchetus", 0, score=_on_minion_score("Heart of Nizchetus", 20.0, -5.0))
judge("Bowl of Convergence", 0, score=_bowl_score)
judge("Bowl of Convergence", 1, score=_bowl_burn_score)
