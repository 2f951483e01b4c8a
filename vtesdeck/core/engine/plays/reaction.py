"""The bots' judgement of the cards of specs/reaction.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from .. import game as g
from ..cards import Play
from ..frames import Referendum
from ..playbook import W_REACT, judge, stake, woken_would_react, worth_blocking
from ..state import Game
from ..vocabulary import (
    action_of,
)
from ..windows import W


def _eagle_score(game: Game, play: Play) -> float:
    """Block across the table only a bleed by the predator's minions (the threat) with enough intercept."""
    act = action_of(play)
    if act is None or act.seat != game.predator(play.seat) or not act.is_bleed():
        return -1.0
    return W_REACT if g.intercept_of(game, play.minion, act) >= act.stealth else -1.0


def _eyes_wild_score(game: Game, play: Play) -> float:
    """Unlock to block when the Gangrel's intercept, with the blood it can spare for +1 intercept each, reaches
    the action's stealth; while already blocking (woken), when the blood it can spare closes the gap."""
    m = game.minions.get(play.minion)
    act = action_of(play)
    if m is None or act is None:
        return -1.0
    spare = max(0, m.blood - 1)
    if play.mode.window is W.BEFORE_BLOCKS:
        return W_REACT if worth_blocking(game, play, spare) else -1.0
    gap = act.stealth - act.intercept
    return W_REACT if 0 < gap <= spare else -1.0


def _guard_dogs_score(game: Game, play: Play) -> float:
    """Unlock to block in state A, to play a reaction that needs it after blocks are declined, or after resolution
    (ready to block the next action): not during another's block attempt."""
    window = play.mode.window
    if window is W.BEFORE_BLOCKS:
        return W_REACT if worth_blocking(game, play) else -1.0
    if window is W.AFTER_ACTION:
        return W_REACT
    return W_REACT if window is not W.BLOCK_ATTEMPT and woken_would_react(game, play) else -1.0


def _sentinel_ally_score(game: Game, play: Play) -> float:
    """Shadow Sentinel [OBL]: wake the chosen ally as a wake of its own would be judged (to block, or to react)."""
    if play.target not in game.minions:
        return -1.0
    woken = Play(seat=play.seat, card=play.card, mode=play.mode, minion=play.target, frame=play.frame)
    if play.mode.window is W.BEFORE_BLOCKS and worth_blocking(game, woken):
        return W_REACT
    return W_REACT if woken_would_react(game, woken) else -1.0


def _clarity_score(game: Game, play: Play) -> float:
    """Cancel a card of another Methuselah played in an action aimed at this seat (or by its own acting minion's
    opponent), keeping a blood."""
    m = game.minions.get(play.minion)
    if not game.aside or m is None or m.blood < 2:
        return -1.0
    player = game.owner_of[game.aside[-1]]
    act = g.current_action(game)
    if act is None or player == play.seat:
        return -1.0
    if act.seat == play.seat or (act.seat == player and act.target == play.seat):
        return W_REACT
    return -1.0


def _funeral_score(game: Game, play: Play) -> float:
    """Funeral Wake: unlock the ally to block in state A, or after resolution (ready for the next action)."""
    if play.target not in game.minions:
        return -1.0
    if play.mode.window is W.AFTER_ACTION:
        return W_REACT + (1.0 if play.value >= 0 and play.value != play.target else 0.0)
    ally = Play(seat=play.seat, card=play.card, mode=play.mode, minion=play.target, frame=play.frame)
    return W_REACT if play.mode.window is W.BEFORE_BLOCKS and worth_blocking(game, ally) else -1.0


def _delaying_score(game: Game, play: Play) -> float:
    """Cancel a referendum that would cost the seat (``vocabulary.stake``)."""
    ref = play.frame
    if not isinstance(ref, Referendum) or ref.mode is None:
        return -1.0
    return W_REACT if stake(game, ref, play.seat) < 0 else -1.0


def _obedience_score(game: Game, play: Play) -> float:
    """Avoid a combat against a stronger acting vampire."""
    act = action_of(play)
    if act is None:
        return -1.0
    mine = game.minions.get(act.flags.get("combat_with", -1))
    actor = game.minions.get(act.actor)
    if mine is None or actor is None:
        return -1.0
    return W_REACT if actor.strength >= mine.strength or mine.blood <= actor.strength else -1.0


judge("Eyes of the Wild", 0, score=_eyes_wild_score)
judge("Eyes of the Wild", 1, score=_eyes_wild_score)
judge("Eagle's Sight", 1, score=_eagle_score)
judge("Delaying Tactics", 0, score=_delaying_score)
judge("Obedience", 0, score=_obedience_score)
judge("Obedience", 1, score=_obedience_score)
judge("Mental Maze", 0, score=_obedience_score)
judge("Mental Maze", 1, score=_obedience_score)
for _mode in range(10):
    judge("Guard Dogs", _mode, score=_guard_dogs_score)
for _mode in range(6, 17):
    judge("Shadow Sentinel", _mode, score=_sentinel_ally_score)
judge("Protected District", 1, score=_delaying_score)
for _mode in range(4):
    judge("Touch of Clarity", _mode, score=_clarity_score)
for _mode in range(22):
    judge("Funeral Wake", _mode, score=_funeral_score)


def _scalpel_score(game: Game, play: Play) -> float:
    """Scalpel Tongue: only on a vampire whose votes went against the side its own Methuselah voted for, when
    taking them away changes the outcome."""
    ref = next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)
    m = game.minions.get(play.target)
    if ref is None or m is None:
        return -1.0
    own = ref.votes_by_seat.get(play.seat, 0)
    theirs = ref.votes_by_seat.get(g.controller(game, m.id), 0)
    if own == 0 or theirs == 0 or (own > 0) == (theirs > 0):
        return -1.0
    n = min(abs(theirs), int(m.votes) + (1 if m.id == ref.caller else 0))
    before = ref.votes_for > ref.votes_against
    after = (ref.votes_for - (n if theirs > 0 else 0)) > (ref.votes_against - (n if theirs < 0 else 0))
    return 20.0 if before != after else -1.0


for _mode in range(4):
    judge("Scalpel Tongue", _mode, score=_scalpel_score)


# -- cards added by cov_c -------------------------------------------------------------------------------------------------


def _power_of_all_score(game: Game, play: Play) -> float:
    """Lock two Anarchs to cancel a card aimed at this seat (a bleed or directed action at it), or a neighbour's
    master card."""
    if not game.aside:
        return -1.0
    copy = game.aside[-1]
    player = game.owner_of[copy]
    act = g.current_action(game)
    if act is not None and act.seat == player and act.target == play.seat and (act.is_bleed() or act.directed):
        return 32.0
    if act is None and "Master" in game.compiled.types.get(game.card_of[copy], ()):
        return 20.0 if player in (game.prey(play.seat), game.predator(play.seat)) else -1.0
    return -1.0


judge("Power of All", 0, score=_power_of_all_score)
