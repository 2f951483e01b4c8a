"""The strikes and once-each-round limits the combat cards of specs/combat.py compose from the vocabulary (their
scores are in plays/)."""

from __future__ import annotations

from ..vocabulary import (
    Strike,
    all_of,
    at_close_range,
    once_each_round,
    opposing_vampire_lost_blood,
    self_ready,
)

COMBAT_ENDS = Strike(combat_ends=True, label="combat ends")
DODGE = Strike(dodge=True, label="dodge")

# -- Immortal Grapple -----------------------------------------------------------------------------------------------

grapple_once, grapple_mark = once_each_round("immortal grapple")
grapple_when = all_of(at_close_range, grapple_once)


# -- Taste of Vitae ------------------------------------------------------------------------------------------------------

taste_once, taste_mark = once_each_round("taste of vitae")
# not by a vampire going to torpor or burned; only when the opposing vampire lost blood to damage this round
taste_when = all_of(self_ready, taste_once, opposing_vampire_lost_blood)
