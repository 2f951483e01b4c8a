"""The bots' judgement of the cards of specs/political.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from .. import game as g
from ..cards import Play
from ..playbook import judge
from ..specs.political import (
    _clan_count,
    _clan_terms,
)
from ..state import Game


def _parity_stakes(game: Game, play: Play, seat: int) -> float:
    return 3.0 if seat == play.seat else -3.0 if seat == play.target else 0.0


def _banish_stakes(game: Game, play: Play, seat: int) -> float:
    if play.target not in game.minions:
        return 0.0
    owner = g.controller(game, play.target)
    return 2.0 if seat == play.seat else -3.0 if seat == owner else 0.0


def _boon_stakes(game: Game, play: Play, seat: int) -> float:
    return float(_clan_count(game, seat, play.target))


def _boon_score(game: Game, play: Play) -> float:
    """Worth calling only when the best clan gives the caller more than any other seat."""
    terms = _clan_terms(game, play)
    if not terms:
        return -1.0
    mine = _clan_count(game, play.seat, terms[0])
    best_other = max((_clan_count(game, s, terms[0]) for s in game.order if s != play.seat), default=0)
    return 18.0 + 4 * mine if mine > best_other else -1.0


judge("Parity Shift", 0, stakes=_parity_stakes)
judge("Banishment", 0, stakes=_banish_stakes)
judge("Consanguineous Boon", 0, stakes=_boon_stakes)
judge("Consanguineous Boon", 0, score=_boon_score)
