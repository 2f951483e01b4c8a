"""The bots' judgement of the cards of specs/modifier.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from collections.abc import Callable

from .. import game as g
from ..cards import Play
from ..frames import Combat
from ..playbook import W_PLAY, break_block_score, judge, wants_to_maneuver, wants_to_press
from ..state import ALLY, VAMPIRE, Game
from ..vocabulary import (
    action_of,
    possible_blockers,
)


def _could_block(game: Game, play: Play) -> float:
    """Worth it when the chosen vampire is unlocked and has the intercept to block."""
    act = action_of(play)
    m = game.minions.get(play.target)
    if act is None or m is None or m.locked:
        return -5.0
    return W_PLAY if g.intercept_of(game, m.id, act) >= act.stealth else -1.0


def _someone_may_block(game: Game, play: Play) -> float:
    act = action_of(play)
    if act is None:
        return -5.0
    live = [b for b in possible_blockers(game, play) if not game.minions[b].locked]
    return W_PLAY if live else -5.0


def _spy_score(game: Game, play: Play) -> float:
    """Trade a bleed of 1 now for +2 on the next one; never a bigger bleed or an ousting one."""
    act = action_of(play)
    if act is None or act.bleed > 1 or game.seats[act.target].pool <= act.bleed:
        return -5.0
    return W_PLAY


def _press_score(game: Game, play: Play) -> float:
    """The bots' press policy (``playbook.wants_to_press``)."""
    c = play.frame
    return 6.0 if isinstance(c, Combat) and wants_to_press(game, c, play.minion) else -5.0


def _maneuver_score(game: Game, play: Play) -> float:
    """The bots' range policy (``playbook.wants_to_maneuver``)."""
    c = play.frame
    return 6.0 if isinstance(c, Combat) and wants_to_maneuver(game, c, play.minion) else -5.0


def _rift_score(disciplines: str) -> Callable[[Game, Play], float]:
    """[dem] when the chosen vampire could block, [obf]/[pre] when anyone may block; +0.5 a Discipline more."""

    def score(game: Game, play: Play) -> float:
        base = _could_block(game, play) if "d" in disciplines else _someone_may_block(game, play)
        return base + 0.5 * (len(disciplines) - 1) if base > 0 else base

    return score


def _wrench_score(game: Game, play: Play) -> float:
    """The largest X that leaves the vampire 1 blood."""
    m = game.minions.get(play.minion)
    return W_PLAY + play.value if m is not None and m.blood - play.value >= 1 else -5.0


def _allies_may_block(game: Game, play: Play) -> float:
    """Visions of Gehenna [pre]: worth it when the Methuselahs who may block have an unlocked ally."""
    act = action_of(play)
    if act is None:
        return -5.0
    allies = [m for s in g.blocking_seats(game, act) for m in g.blockers(game, s, act) if m.kind == ALLY]
    return W_PLAY if allies else -5.0


def _dawn_score(game: Game, play: Play) -> float:
    """Daring the Dawn sends the vampire to torpor: only for a bleed that ousts its target, when a vampire of
    the target could block it."""
    act = action_of(play)
    if act is None or not act.is_bleed() or act.target < 0 or game.seats[act.target].pool > act.bleed:
        return -5.0
    vampires = [m for m in g.blockers(game, act.target, act) if m.kind == VAMPIRE]
    return W_PLAY if vampires else -5.0


def _awe_score(game: Game, play: Play) -> float:
    """Awe: the larger X that leaves the vampire 2 blood."""
    m = game.minions.get(play.minion)
    return W_PLAY + play.value if m is not None and m.blood - play.value >= 2 else -5.0


def _avoid_combat_score(game: Game, play: Play) -> float:
    """Change of Target: end a blocked action rather than fight a blocker that hits as hard as the acting
    vampire's blood, or harder than it hits back."""
    act = action_of(play)
    actor = game.minions.get(play.minion)
    if act is None or actor is None or act.blocker not in game.minions:
        return -5.0
    theirs, ours = g.strength_of(game, act.blocker), g.strength_of(game, play.minion)
    return W_PLAY if theirs >= actor.blood or theirs > ours else -5.0


def _aggravated_combat_score(game: Game, play: Play) -> float:
    """Domain of Evernight [tem]: aggravated damage both ways, worth it when the acting vampire hits at least as
    hard as a blocking vampire."""
    act = action_of(play)
    blocker = game.minions.get(act.blocker) if act is not None else None
    if blocker is None or blocker.kind != VAMPIRE:
        return -5.0
    return W_PLAY if g.strength_of(game, play.minion) >= g.strength_of(game, blocker.id) else -5.0


def _crimethinc_unlock_score(game: Game, play: Play) -> float:
    """CrimethInc. in play: 1 pool for another action by an Anarch with blood, while the pool stays healthy."""
    m = game.minions.get(play.target)
    return W_PLAY if m is not None and m.blood >= 1 and game.seats[play.seat].pool >= 8 else -5.0


def _leverage_score(game: Game, play: Play) -> float:
    """Leverage: the Edge for +1 bleed, when that bleed ousts its target."""
    act = action_of(play)
    if act is None or act.target < 0:
        return -5.0
    return W_PLAY if game.seats[act.target].pool <= act.bleed + 1 else -5.0


judge("CrimethInc.", 3, score=_crimethinc_unlock_score)
judge("Leverage", 0, score=_leverage_score)
judge("True Love's Face", 1, score=break_block_score)
judge("Crocodile's Tongue", 0, score=break_block_score)
judge("Crocodile's Tongue", 1, score=break_block_score)
judge("Psychomachia", 0, score=_avoid_combat_score)
judge("Dominant Personality", 2, score=_could_block)
judge("Dominant Personality", 3, score=_could_block)
for _mode in range(4):
    judge("Unthinkable Humiliation", _mode, score=_someone_may_block)
judge("Change of Target", 0, score=_avoid_combat_score)
judge("Domain of Evernight", 1, score=_aggravated_combat_score)
judge("Visions of Gehenna", 0, score=_allies_may_block)
judge("Daring the Dawn", 0, score=_dawn_score)
judge("Daring the Dawn", 1, score=_dawn_score)
judge("Awe", 0, score=_awe_score)
judge("Awe", 1, score=_awe_score)
judge("Acheron Vortex", 0, score=break_block_score)
judge("Voter Captivation", 1, score=lambda game, play: W_PLAY + play.value)
judge("Spying Mission", 1, score=_spy_score)
judge("Spying Mission", 2, score=lambda game, play: 50.0)
judge("Seduction", 0, score=_could_block)
judge("Seduction", 1, score=_could_block)
judge("Perfect Paragon", 1, score=break_block_score)
judge("Resist Earth's Grasp", 0, score=_press_score)
judge("Resist Earth's Grasp", 1, score=_maneuver_score)
# Memory Rift's modes: [dem], [obf], [pre], then the sets of two and all three (specs/modifier.py ``_rift_modes``);
# each Discipline more is worth a little more when its part is worth playing.
for _mode, _disciplines in enumerate(("d", "o", "p", "do", "dp", "op", "dop")):
    judge("Memory Rift", _mode, score=_rift_score(_disciplines))
judge("Monkey Wrench", 0, score=_wrench_score)


# --- political group ---


def _closed_session_score(game: Game, play: Play) -> float:
    """Worth it when the other Methuselahs hold more non-Camarilla votes than the caller's own."""

    def outside(seat: int) -> int:
        return sum(m.votes for m in g.ready_minions(game, seat) if m.kind == VAMPIRE and m.sect != "Camarilla")

    theirs = sum(outside(s) for s in game.order if s != play.seat)
    return W_PLAY if theirs > outside(play.seat) else -5.0


judge("Closed Session", 0, score=_closed_session_score)


def _referendum_lost(game: Game, play: Play) -> float:
    """[aus]: cancel (and take the card back) when the other Methuselahs' votes outnumber the caller's."""
    ref = play.frame
    mine = g.votes_of(game, play.seat) + 1 + (ref.extra_votes.get(play.seat, 0) if ref is not None else 0)
    theirs = sum(g.votes_of(game, s) for s in game.order if s != play.seat)
    return W_PLAY if theirs > mine else -5.0


def _abstain_score(game: Game, play: Play) -> float:
    """[AUS]: silence another Methuselah's vampire with votes."""
    m = game.minions.get(play.target)
    return W_PLAY if m is not None and m.votes > 0 and g.controller(game, m.id) != play.seat else -5.0


judge("Telepathic Vote Counting", 0, score=_referendum_lost)
judge("Telepathic Vote Counting", 1, score=_abstain_score)


def _horrific_score(game: Game, play: Play) -> float:
    """Pay 4 blood to go on unblocked when the vampire keeps 1 blood after."""
    m = game.minions.get(play.minion)
    return W_PLAY if m is not None and m.blood >= 5 else -5.0


judge("Horrific Countenance", 0, score=_horrific_score)
judge("Invigorate", 0, score=lambda game, play: W_PLAY)
judge("Invigorate", 2, score=lambda game, play: W_PLAY)


def _scorn_score(game: Game, play: Play) -> float:
    """Worth it when another Methuselah has votes to cast against."""
    return W_PLAY if any(g.votes_of(game, s) > 0 for s in game.order if s != play.seat) else -5.0


judge("Scorn of Adonis", 0, score=_scorn_score)


def _clarity_score(game: Game, play: Play) -> float:
    """Worth its 2 blood when bleeding a Methuselah with a ready vampire of Dominate or Presence."""
    act = action_of(play)
    if act is None or not act.is_bleed() or act.target < 0:
        return -5.0
    wary = any(
        dict(m.disciplines).keys() & {"dom", "pre"} for m in g.ready_minions(game, act.target) if m.kind == VAMPIRE
    )
    return W_PLAY if wary else -5.0


judge("Perfect Clarity", 0, score=_clarity_score)
judge("Perfect Clarity", 1, score=_clarity_score)


def _cryptic_rider_score(game: Game, play: Play) -> float:
    """Worth it with another political action card in hand and another ready unlocked vampire to call it."""
    seat = game.seats[play.seat]
    political = any(g._is_political(game, c) for c in seat.hand if c != play.card)
    callers = [m for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and not m.locked]
    return W_PLAY if political and callers else -5.0


judge("Cryptic Rider", 0, score=_cryptic_rider_score)
judge("Business Pressure", 0, score=lambda game, play: W_PLAY if game.seats[play.seat].pool > 4 else -5.0)
judge("Business Pressure", 1, score=lambda game, play: W_PLAY if game.seats[play.seat].pool > 4 else -5.0)
