"""The bots' judgement of the cards of specs/combat.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from ..playbook import judge, press_score
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
