"""The bots' judgement of the cards of specs/vampires.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from ..cards import Play
from ..playbook import judge
from ..state import VAMPIRE, Game


def _tupdog_score(game: Game, play: Play) -> float:
    """Enter combat only with an ally or retainer its hand strike can burn (it burns at the end of the minion
    phase anyway)."""
    me, other = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or other is None or other.kind == VAMPIRE:
        return -10.0
    return 12.0 if other.blood <= me.strength else -10.0


def _unnamed_strike_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.minion)
    return 28.0 if m is not None and m.blood >= 2 else 5.0


def _malgorzata_score(game: Game, play: Play) -> float:
    m = game.minions.get(play.target)
    return 22.0 - (m.blood + m.capacity if m is not None else 0)


judge("Tupdog", 0, score=_tupdog_score)
judge("unnamed, The", 0, score=_unnamed_strike_score)
judge("unnamed, The", 1, score=lambda game, play: 40.0)
judge("Malgorzata", 0, score=_malgorzata_score)
judge("Mistress Fanchon", 0, score=lambda game, play: 15.0)
