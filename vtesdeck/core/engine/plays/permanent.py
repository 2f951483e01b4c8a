"""The bots' judgement of the cards of specs/permanent.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

from collections.abc import Callable

from .. import game as g
from ..cards import Play
from ..frames import Action, Combat
from ..playbook import judge
from ..specs.permanent import (
    _aus_level,
    carried,
)
from ..state import Game


def _on_minion_score(name: str, first: float, more: float) -> Callable[[Game, Play], float]:
    """The bot's worth of equipping or employing: ``first`` for the first copy on the minion, ``more`` after."""

    def score(game: Game, play: Play) -> float:
        return more if carried(game, play.minion, name) else first

    return score


def _bowl_score(game: Game, play: Play) -> float:
    """Worth equipping only on a vampire with Auspex not yet carrying one (a second adds nothing)."""
    if _aus_level(game, play.minion) < 1 or carried(game, play.minion, "Bowl of Convergence"):
        return -1.0
    return 22.0


def _bowl_burn_score(game: Game, play: Play) -> float:
    """Burn blood for the intercept, but never the bearer's last."""
    m = game.minions.get(play.minion)
    return 15.0 if m is not None and m.blood > 1 else -1.0


def _manse_burn_score(game: Game, play: Play) -> float:
    """Burn the Manse to end the combat when the opponent's hit would send the bearer to torpor or outhits it
    by 2 or more (the Manse's +1 bleed is worth keeping otherwise)."""
    c = play.frame
    if not isinstance(c, Combat):
        return -1.0
    other = c.other(play.minion).minion
    m, o = game.minions.get(play.minion), game.minions.get(other)
    if m is None or o is None or g.controller(game, other) == play.seat:
        return -1.0
    hits_me, hits_back = g.strength_of(game, other), g.strength_of(game, play.minion)
    return 24.0 if m.blood <= hits_me or hits_me >= hits_back + 2 else -1.0


def _carlton_burn_score(game: Game, play: Play) -> float:
    """Trade Carlton for another Methuselah's diablerist (the bigger the better), never for one's own."""
    m = game.minions.get(play.target)
    if m is None or g.controller(game, play.target) == play.seat:
        return -1.0
    return 20.0 + m.capacity


def _sniper_range_score(game: Game, play: Play) -> float:
    """Take the first round to long range: the rifle hits for 2 where the opponent's hand strike cannot."""
    return 26.0


def _ally_fight_score(game: Game, play: Play) -> float:
    """Enter combat with a minion the ally outfights: one the target's hit does not burn, the more damage dealt
    and the less taken the better."""
    me, them = game.minions.get(play.minion), game.minions.get(play.target)
    if me is None or them is None:
        return -1.0
    mine, theirs = g.strength_of(game, me.id), g.strength_of(game, them.id)
    if theirs >= me.blood or mine <= 0:
        return -1.0
    return 18.0 + 3 * min(mine, them.blood) - 2 * theirs


judge(".44 Magnum", 0, score=_on_minion_score(".44 Magnum", 24.0, 3.0))
judge("Raven Spy", 0, score=_on_minion_score("Raven Spy", 22.0, 4.0))
judge("Raven Spy", 1, score=_on_minion_score("Raven Spy", 23.0, 5.0))
judge("Heart of Nizchetus", 0, score=_on_minion_score("Heart of Nizchetus", 20.0, -5.0))
judge("Bowl of Convergence", 0, score=_bowl_score)
judge("Bowl of Convergence", 1, score=_bowl_burn_score)
judge("Living Manse", 0, score=_on_minion_score("Living Manse", 24.0, -5.0))
judge("Living Manse", 1, score=_manse_burn_score)
judge("Carlton Van Wyk", 1, score=_carlton_burn_score)
judge("Sniper Rifle", 0, score=_on_minion_score("Sniper Rifle", 22.0, 2.0))
judge("Sniper Rifle", 1, score=_sniper_range_score)
judge("Mylan Horseed", 2, score=lambda game, play: -1.0)  # unlocking another Methuselah's vampire helps them
judge("Renegade Garou", 1, score=_ally_fight_score)
judge("Shambling Hordes", 2, score=_ally_fight_score)
judge("Kevlar Vest", 0, score=_on_minion_score("Kevlar Vest", 20.0, -5.0))
judge("J. S. Simmons, Esq.", 0, score=_on_minion_score("J. S. Simmons, Esq.", 22.0, 22.0))
judge("Sport Bike", 0, score=_on_minion_score("Sport Bike", 20.0, -5.0))
judge("Cooler", 0, score=_on_minion_score("Cooler", 18.0, 10.0))


def _ghoul_location_score(game: Game, play: Play) -> float:
    """Trade the War Ghoul for another Methuselah's location only."""
    owner = next((s for s in game.order if play.target in game.seats[s].controlled), -1)
    if owner < 0:
        holder = next((m for m in game.minions.values() if play.target in m.cards), None)
        owner = g.controller(game, holder.id) if holder is not None else play.seat
    return 15.0 if owner != play.seat else -1.0


judge("War Ghoul", 1, score=_ally_fight_score)
for _index in range(2, 7):
    judge("War Ghoul", _index, score=_ghoul_location_score)
judge("Signet of King Saul, The", 0, score=_on_minion_score("Signet of King Saul, The", 20.0, -5.0))


def _tears_blood_score(game: Game, play: Play) -> float:
    """Burn the Blood Tears for blood only when both points fit (below capacity by 2 or more)."""
    m = game.minions.get(play.minion)
    return 12.0 if m is not None and m.blood <= m.capacity - 2 else -1.0


def _jacket_score(game: Game, play: Play) -> float:
    """Burn the Leather Jacket against a strike doing 2 or more damage, or one that would send the bearer to
    torpor."""
    c = play.frame
    m = game.minions.get(play.minion)
    if not isinstance(c, Combat) or m is None:
        return -1.0
    pending = sum(c.pending)
    return 20.0 if pending >= 2 or pending > m.blood else -1.0


judge("Blood Tears of Kephran", 2, score=_tears_blood_score)
judge("Leather Jacket", 1, score=_jacket_score)
judge("Assault Rifle", 0, score=_on_minion_score("Assault Rifle", 26.0, 3.0))
judge("Kali's Fang", 0, score=_on_minion_score("Kali's Fang", 20.0, 2.0))
judge("IR Goggles", 0, score=_on_minion_score("IR Goggles", 14.0, 2.0))
judge("Laptop Computer", 0, score=_on_minion_score("Laptop Computer", 20.0, -5.0))
judge("Treasured Samadji", 0, score=_on_minion_score("Treasured Samadji", 22.0, -5.0))


def _stray_unlock_score(game: Game, play: Play) -> float:
    """Burn the Underbridge Stray to unlock a blocker only against a bleed of 3 or more (an ally is worth more
    than a small bleed)."""
    act = play.frame
    return 14.0 if isinstance(act, Action) and act.is_bleed() and act.bleed >= 3 else -1.0


judge("Underbridge Stray", 3, score=_stray_unlock_score)


def _nwc_score(game: Game, play: Play) -> float:
    """Neighborhood Watch Commander: damage another Methuselah's failed vampire, never one's own."""
    act = play.frame
    if not isinstance(act, Action) or g.controller(game, act.actor) == play.seat:
        return -1.0
    return 15.0


judge("Neighborhood Watch Commander", 1, score=_nwc_score)
judge("Flak Jacket", 0, score=_on_minion_score("Flak Jacket", 20.0, 5.0))
judge("Revenant", 0, score=_on_minion_score("Revenant", 22.0, 4.0))
judge("Sawed-Off Shotgun", 0, score=_on_minion_score("Sawed-Off Shotgun", 25.0, 5.0))
judge("Flamethrower", 0, score=_on_minion_score("Flamethrower", 25.0, -1.0))


def _blade_of_enoch_score(game: Game, play: Play) -> float:
    """Blade of Enoch: only a vampire of capacity above 5 strikes with it."""
    m = game.minions.get(play.minion)
    if m is None or m.capacity <= 5 or carried(game, play.minion, "Blade of Enoch"):
        return -1.0
    return 24.0


judge("Blade of Enoch", 0, score=_blade_of_enoch_score)
judge("Sire's Index Finger", 0, score=_on_minion_score("Sire's Index Finger", 12.0, -5.0))
judge("Improvised Flamethrower", 0, score=_on_minion_score("Improvised Flamethrower", 24.0, 4.0))
judge("Vivienne Géroux", 1, score=lambda game, play: -1.0)  # giving her away: a deal the bots never make
judge("Vivienne Géroux", 2, score=lambda game, play: 22.0)


judge("Gran Madre di Dio, Italy", 0, score=lambda game, play: 14.0)  # a standing tax on the neighbours' new minions
