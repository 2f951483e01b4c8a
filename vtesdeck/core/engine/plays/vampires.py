"""The bots' judgement of the cards of specs/vampires.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Play
from ..frames import Referendum
from ..playbook import judge, stake
from ..state import VAMPIRE, Game
from ..vocabulary import ready_minions


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


# -- issue 27, part 2 ---------------------------------------------------------------------------------------------


def _keeps_blood(least: int) -> Callable[[Game, Play], float]:
    """Burn blood for a bonus only while the vampire keeps ``least`` blood after it (Virginie, Francisco)."""

    def score(game: Game, play: Play) -> float:
        m = game.minions.get(play.minion)
        return 20.0 if m is not None and m.blood - 1 >= least else -1.0

    return score


def _lucinde_edge(game: Game, play: Play) -> float:
    """Burn the Edge for 1 blood only when Lucinde is low on blood (the Edge is worth a pool each turn)."""
    m = game.minions.get(play.minion)
    return 10.0 if m is not None and m.blood <= 1 and m.capacity > m.blood else -1.0


def _huitzilopochtli(game: Game, play: Play) -> float:
    """Buy a master phase action only once the seat's are used, with a master card left and pool to spare."""
    s = game.seats[play.seat]
    types = game.compiled.types if game.compiled is not None else {}
    masters = sum(1 for c in s.hand if "Master" in types.get(game.card_of[c], ()))
    return 15.0 if s.master_actions == 0 and masters >= 1 and s.pool > 6 else -1.0


def _scout(game: Game, play: Play) -> float:
    m = game.minions.get(play.minion)
    return 12.0 if m is not None and m.blood >= 4 else -1.0


def _votes_matter(game: Game, play: Play) -> float:
    """Discard a card for votes only in a referendum the seat cares about (Modius, Dr. John Dee)."""
    ref = play.frame if isinstance(play.frame, Referendum) else None
    return 12.0 if ref is not None and stake(game, ref, play.seat) != 0 else -1.0


def _bruce(game: Game, play: Play) -> float:
    """Silence the Camarilla only when another Methuselah's ready Camarilla vampires have votes."""
    votes = sum(
        m.votes
        for s in game.order
        if s != play.seat
        for m in ready_minions(game, s)
        if m.kind == VAMPIRE and m.sect == "Camarilla"
    )
    return 15.0 if votes > 0 else -1.0


judge("Virginie, Prodigy", 0, score=_keeps_blood(2))
judge("Francisco Domingo de Polonia", 0, score=_keeps_blood(2))
judge("Lucinde, Alastor", 1, score=_lucinde_edge)
judge("Huitzilopochtli", 0, score=_huitzilopochtli)
judge("Scout Youngwood", 0, score=_scout)
judge("Modius", 0, score=_votes_matter)
judge("Dr. John Dee", 0, score=_votes_matter)
judge("Bruce de Guy", 0, score=_bruce)
