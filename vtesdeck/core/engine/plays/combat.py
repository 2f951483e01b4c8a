"""The bots' judgement of the cards of specs/combat.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from ..cards import Play
from ..frames import Combat
from ..playbook import _harm, judge, press_score, strike_worth
from ..specs.combat_strikes import COMBAT_ENDS
from ..state import Game
from ..vocabulary import controller
from . import combat_strikes as cs

judge("Form of Mist", 1, score=cs.mist_score)
judge("Immortal Grapple", 0, score=cs.grapple_score)
judge("Immortal Grapple", 1, score=cs.grapple_score)
judge("Target Vitals", 0, score=cs.aim_score)
judge("Psyche!", 1, score=press_score)
judge("Typhonic Beast", 0, score=cs.beast_score)
judge("Typhonic Beast", 1, score=cs.beast_score)
judge("Typhonic Beast", 2, score=cs.beast_score)
judge("Claws of the Dead", 0, score=cs.aggravated_hand_score)
judge("Chiropteran Marauder", 1, score=cs.aggravated_hand_score)
judge("Disarm", 2, score=cs.disarm_burn_score)
judge("Brick by Brick", 3, score=cs.set_range_score)
judge("Relentless Reaper", 2, score=press_score)
judge("Telepathic Tracking", 1, score=press_score)
judge("Breath of the Dragon", 0, score=cs.breath_of_the_dragon_score)
judge("Breath of the Dragon", 1, score=cs.breath_of_the_dragon_score)
judge("Slam", 2, score=cs.slam_close_score)
judge("Trap", 0, score=cs.trap_score)


def _martyr_score(game: Game, play: Play) -> float:
    """Martyr's Resilience: only on damage to one of its own minions, when the damage it saves is worth the blood
    the bystander burns."""
    c = play.frame
    if not isinstance(c, Combat) or c.victim not in game.minions or controller(game, c.victim) != play.seat:
        return -1.0
    victim = game.minions[c.victim]
    normal, agg = c.pending
    x = play.value if play.mode.x_cost else 0
    left = 1 + x
    cut = min(left, agg)
    after_a, after_n = agg - cut, max(0, normal - (left - cut))
    before = _harm(game, victim.id, normal, agg, victim.blood)
    after = _harm(game, victim.id, after_n, after_a, victim.blood)
    return 5.0 * (before - after - x)


judge("Martyr's Resilience", 0, score=_martyr_score)
judge("Martyr's Resilience", 1, score=_martyr_score)
judge("Unholy Penance", 2, score=lambda game, play: 6.0)  # burning it: only when nothing better is at hand


def _skin_of_night_score(game: Game, play: Play) -> float:
    """Skin of Night: worth the harm the aggravated damage (less 1 prevented at superior) would do beyond normal."""
    c = play.frame
    m = game.minions.get(play.minion)
    if not isinstance(c, Combat) or m is None or c.victim != play.minion:
        return -1.0
    normal, agg = c.pending
    if not agg:
        return -1.0
    total = max(0, normal + agg - (1 if play.mode.superior else 0))
    return 5.0 * (_harm(game, m.id, normal, agg, m.blood) - _harm(game, m.id, total, 0, m.blood))


judge("Skin of Night", 0, score=_skin_of_night_score)
judge("Skin of Night", 1, score=_skin_of_night_score)
judge("Bone Spur", 0, score=cs.aggravated_hand_score)
judge("Bone Spur", 1, score=cs.aggravated_hand_score)


def _monstrous_form_on_self_score(game: Game, play: Play) -> float:
    """Monstrous Form [DOM][PRO] on the vampire: once (a second copy gives little more)."""
    m = game.minions.get(play.minion)
    wanted = game.card_of[play.card]
    if m is None or any(game.card_of[c] == wanted for c in m.cards):
        return -1.0
    return 15.0


def _end_combat_before_range_score(game: Game, play: Play) -> float:
    """Ending the combat before range (Alpha Glint [ANI][FOR]): judged as a combat ends strike."""
    c = play.frame
    if not isinstance(c, Combat):
        return -1.0
    return strike_worth(game, c, play.minion, COMBAT_ENDS)


judge("Monstrous Form", 1, score=_monstrous_form_on_self_score)
judge("Alpha Glint", 1, score=_end_combat_before_range_score)


def _inner_essence_score(game: Game, play: Play) -> float:
    """Inner Essence: with a combat card costing blood in the hand, or at superior for the blood it gives."""
    comp = game.compiled
    m = game.minions.get(play.minion)
    if comp is None or m is None:
        return -1.0
    costly = any(
        "Combat" in (card := comp.cards[game.card_of[c]]).types and card.blood_cost is not None
        for c in game.seats[play.seat].hand
        if c != play.card
    )
    if costly:
        return 15.0
    return 12.0 if play.mode.superior and m.blood < m.capacity else -1.0


judge("Inner Essence", 0, score=_inner_essence_score)
judge("Inner Essence", 1, score=_inner_essence_score)
