"""The bots' judgement of the cards of specs/vampires.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..cards import CRYPT, Play
from ..frames import Referendum
from ..playbook import judge, stake
from ..specs.vampires import INFERNAL, pairs_in_hand
from ..state import VAMPIRE, Game
from ..vocabulary import controller, ready_minions


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


# --- issue 27, part 1 ---


def _infernal_unlock_score(game: Game, play: Play) -> float:
    """Pay 1 pool to unlock a ready infernal vampire while the pool is comfortable; one in torpor is not worth it."""
    m = game.minions.get(play.minion)
    if m is None or m.torpor:
        return -5.0
    return 25.0 if game.seats[play.seat].pool > 4 else -5.0


def _convert_score(game: Game, play: Play) -> float:
    """Remove the convert to make a non-Anarch vampire Anarch (keep him as a vampire otherwise)."""
    m = game.minions.get(play.target)
    if m is None or m.sect == "Anarch":
        return -5.0
    return 30.0


def _convert_draw_score(game: Game, play: Play) -> float:
    """The crypt card rather than the pool while the crypt holds some."""
    return _convert_score(game, play) + (2.0 if game.seats[play.seat].crypt else -3.0)


def _erlik_score(game: Game, play: Play) -> float:
    """Move as much as he can spare: he keeps the rest (the more moved, the better)."""
    return 10.0 + play.value


def _abstain_score(game: Game, play: Play) -> float:
    """Make a vampire abstain when its Methuselah would vote against what this seat wants."""
    ref = play.frame
    m = game.minions.get(play.target)
    if not isinstance(ref, Referendum) or m is None:
        return -5.0
    mine, theirs = stake(game, ref, play.seat), stake(game, ref, controller(game, m.id))
    return 15.0 + m.votes if mine * theirs < 0 else -5.0


judge("Anarch Convert", 0, score=_convert_score)
judge("Anarch Convert", 1, score=_convert_draw_score)
judge("Erlik", 0, score=_erlik_score)
judge("Arishat", 0, score=_abstain_score)
for _name, _spec in CRYPT.items():
    for _index, _mode in enumerate(_spec.modes):
        if _mode is INFERNAL:  # scores are by card name: "Nergal (ADV)" is judged as "Nergal"
            judge(re.sub(r" \((?:G\d+|ADV)\)$", "", _name), _index, score=_infernal_unlock_score)


def _alafin_score(game: Game, play: Play) -> float:
    """Discard a pair of one card (the others' hand size shrinks); two different cards are not worth it."""
    pairs = pairs_in_hand(game, play.seat)
    if not 0 <= play.value < len(pairs):
        return -5.0
    a, b = pairs[play.value]
    return 15.0 if a == b else -5.0


judge("Babalawo Alafin", 0, score=_alafin_score)


def _nicomedes_score(game: Game, play: Play) -> float:
    """Cycle the hand when most of it is dead weight (cards the engine cannot play), keeping a blood."""
    m = game.minions.get(play.minion)
    comp = game.compiled
    if m is None or comp is None or m.blood < 2:
        return -5.0
    hand = game.seats[play.seat].hand
    dead = sum(1 for c in hand if game.card_of[c] not in comp.specs)
    return 25.0 if dead >= 4 else -5.0


def _carna_score(game: Game, play: Play) -> float:
    """Trade a retainer for 2 blood only when Carna runs low."""
    m = game.minions.get(play.minion)
    return 12.0 if m is not None and m.blood <= 2 else -5.0


judge("Theo Bell", 0, score=_tupdog_score)  # scores are by card name (Theo Bell (G6))
judge("Nicomedes", 0, score=_nicomedes_score)
judge("Carna, The Princess Witch", 0, score=_carna_score)


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
