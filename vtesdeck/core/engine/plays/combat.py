"""The bots' judgement of the cards of specs/combat.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from ..cards import Play
from ..frames import Combat
from ..playbook import _harm, judge, press_score
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
