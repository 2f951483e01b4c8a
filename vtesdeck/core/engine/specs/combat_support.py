"""Code for combat cards that a vocabulary primitive does not cover (combat.py's escape hatch): Hunger of
Marduk's granted strike, Weighted Walking Stick's strike (its counters are ``Attached(worn_by_strikes=True)``), and the
bot's worth of prevention and strength."""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Play, hook
from ..frames import Combat, Side
from ..state import Game
from ..vocabulary import (
    Strike,
    StrikeThisRound,
    StrikeWith,
    burn_card,
    combat_of,
    controller,
    is_ready,
    move_blood,
    vekn,
)
from ..windows import Range

THEFT_1 = StrikeWith(Strike(damage=0, ranged=True, steal=1, label="Theft of Vitae"))
THEFT_2 = StrikeWith(Strike(damage=0, ranged=True, steal=2, label="Theft of Vitae"))
MARDUK_1 = StrikeThisRound(Strike(damage=0, ranged=True, steal=1, label="Hunger of Marduk"))
MARDUK_2 = StrikeThisRound(Strike(damage=0, ranged=True, steal=2, label="Hunger of Marduk"))


# -- Weighted Walking Stick --------------------------------------------------------------------------------------

WALKING_STICK = Strike(bonus=1, label="Weighted Walking Stick")


# -- Flesh of Marble -------------------------------------------------------------------------------------------------


def _flesh_of_marble(level: str) -> Callable[[Game, Play], None]:
    def effect(game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add(f"combat:flesh of marble {level}")

    return effect


FLESH_BASIC = _flesh_of_marble("basic")
FLESH_SUPERIOR = _flesh_of_marble("superior")


@hook("damage_to_take", "Flesh of Marble")
def _flesh_caps(game: Game, c: Combat, side: Side, normal: int, agg: int) -> tuple[int, int]:
    """Once a damage is inflicted on the vampire in a round, any more that round is prevented: normal damage only
    at basic (aggravated damage counts as inflicted, and is not prevented: LSJ 20040812-2); at superior
    aggravated too, the vampire keeping the normal point when both come at once (its choice: LSJ 20021001)."""
    superior = "combat:flesh of marble superior" in side.used
    if not superior and "combat:flesh of marble basic" not in side.used:
        return normal, agg
    hit = "round:flesh of marble hit" in side.used
    if superior:
        if hit:
            normal, agg = 0, 0
        elif normal:
            normal, agg = 1, 0
        else:
            agg = min(agg, 1)
    else:
        normal = 0 if hit or agg else min(normal, 1)
    if normal or agg:
        side.used.add("round:flesh of marble hit")
    return normal, agg


# -- Superior Mettle [FOR] -----------------------------------------------------------------------------------------


def mettle_each_round(game: Game, play: Play) -> None:
    """[FOR]: each later round of this combat, 1 blood prevents all damage of the opposing initial strike."""
    c = combat_of(play)
    if c is not None:
        c.side(play.minion).used.add("combat:superior mettle")


@hook("normal_strike_resolution", "Superior Mettle")
def _mettle_pass(game: Game, c: Combat) -> None:
    """Count the strike resolutions of the round: the second one is an additional strike's."""
    for side in (c.a, c.b):
        if "combat:superior mettle" in side.used:
            side.used.add(
                "round:mettle later strike" if "round:mettle strikes" in side.used else "round:mettle strikes"
            )


@hook("damage_to_take", "Superior Mettle")
def _mettle_prevents(game: Game, c: Combat, side: Side, normal: int, agg: int) -> tuple[int, int]:
    """Damage from the opposing initial strike of a round after the card's (first strikes included): the vampire
    burns 1 blood to prevent all of it (environmental damage stays)."""
    if "combat:superior mettle" not in side.used or "round:mettle later strike" in side.used:
        return normal, agg
    if "round:mettle used" in side.used or not (normal or agg):
        return normal, agg
    m = game.minions.get(side.minion)
    env = c.env_damage.get(side.minion, 0) + (c.env_close.get(side.minion, 0) if c.range is Range.CLOSE else 0)
    if m is None or m.blood < 1 or normal + agg <= env:
        return normal, agg
    side.used.add("round:mettle used")
    move_blood(game, side.minion, -1)
    game.log("burn blood", controller(game, side.minion), side.minion, 1)
    return min(normal, env), 0


# -- Zip Gun ----------------------------------------------------------------------------------------------------------

ZIP_GUN = Strike(damage=1, ranged=True, recoil=1, label="Zip Gun")


# -- Molotov Cocktail ------------------------------------------------------------------------------------------------

MOLOTOV_THROW = Strike(damage=0, ranged=True, label="Molotov Cocktail: on this minion")
MOLOTOV = Strike(damage=2, ranged=True, aggravated=True, label="Molotov Cocktail")


def molotov_copy(game: Game, play: Play) -> None:
    """Remember the copy its strike puts on the minion."""
    c = combat_of(play)
    if c is not None and play.card >= 0:
        c.side(play.minion).used.add(f"round:molotov copy:{play.card}")


@hook("normal_strike_resolution", "Molotov Cocktail")
def _molotov_resolves(game: Game, c: Combat) -> None:
    """Its strike resolves (a combat ends strike resolved first stops it: ANK 20200203-1): the card goes on the
    minion for the next round (its weapon strike is not usable the round it is put in play; burned at the end of
    combat, it never is if no round follows). The weapon's strike used: it burns."""
    for side in (c.a, c.b):
        if side.strike == MOLOTOV_THROW and is_ready(game, side.minion):
            for mark in [u for u in side.used if u.startswith("round:molotov copy:")]:
                side.used.discard(mark)
                side.used.add(f"combat:molotov pending:{mark.rsplit(':', 1)[1]}")
        elif side.strike == MOLOTOV:
            side.used.add("combat:molotov used")


@hook("round_start", "Molotov Cocktail")
def _molotov_next_round(game: Game, c: Combat) -> None:
    for side in (c.a, c.b):
        m = game.minions.get(side.minion)
        if m is None:
            continue
        if "combat:molotov used" in side.used:
            side.used.discard("combat:molotov used")
            _burn_molotovs(game, m.id)
        for mark in [u for u in side.used if u.startswith("combat:molotov pending:")]:
            side.used.discard(mark)
            copy = int(mark.rsplit(":", 1)[1])
            heap = game.seats[game.owner_of[copy]].ash_heap
            if copy in heap and m.in_play:
                heap.remove(copy)
                m.cards.append(copy)
                game.log("equip", controller(game, m.id), m.id, copy)


@hook("after_combat", "Molotov Cocktail")
def _molotov_burns(game: Game, c: Combat) -> None:
    """Burned at the end of combat."""
    for side in (c.a, c.b):
        if side.minion in game.minions:
            _burn_molotovs(game, side.minion)


def _burn_molotovs(game: Game, minion: int) -> None:
    wanted = vekn(game, "Molotov Cocktail")
    m = game.minions[minion]
    for x in [x for x in m.cards if game.card_of[x] == wanted]:
        burn_card(game, x)
