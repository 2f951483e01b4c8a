"""Code for combat cards that a vocabulary primitive does not cover (combat.py's escape hatch): Hunger of
Marduk's granted strike, Weighted Walking Stick's strike (its counters are ``Attached(worn_by_strikes=True)``), and the
bot's worth of prevention and strength."""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Sequence
from typing import Any

from ..cards import Play, hook
from ..frames import Combat, Side
from ..handlers import Handler
from ..state import Game
from ..vocabulary import (
    HandStrikesOnly,
    HoldTheOpposingMinion,
    KeepTheOpposingMinionAway,
    Strike,
    StrikeThisRound,
    StrikeWith,
    burn_card,
    burn_minion,
    combat_of,
    controller,
    is_ready,
    leave_aside,
    may_play,
    move_blood,
    refill,
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


# -- Pack Alpha ------------------------------------------------------------------------------------------------------

_ANIMAL = re.compile(r"^(?:unique )?animal\b", re.IGNORECASE)


def _is_animal(game: Game, vekn_id: int) -> bool:
    return game.compiled is not None and _ANIMAL.match(game.compiled.cards[vekn_id].text) is not None


def _employ_handler(game: Game, play: Play, copy: int) -> Handler | None:
    """The retainer's most capable employ mode the minion may play and afford (requirements and cost as normal)."""
    m = game.minions.get(play.minion)
    comp = game.compiled
    if m is None or comp is None:
        return None
    s = game.seats[play.seat]
    found = None
    for handler in comp.actions.get(game.card_of[copy], ()):
        if may_play(game, handler, m) and m.blood >= handler.blood and s.pool > handler.pool:
            found = handler
    return found


def animal_retainers_in_hand(game: Game, play: Play) -> Sequence[int]:
    """[ani]: animal retainers in the hand the minion may employ."""
    types = game.compiled.types if game.compiled is not None else {}
    out = []
    seen = set()
    for copy in game.seats[play.seat].hand:
        v = game.card_of[copy]
        if v in seen or "Retainer" not in types.get(v, ()) or not _is_animal(game, v):
            continue
        seen.add(v)
        if _employ_handler(game, play, copy) is not None:
            out.append(copy)
    return out


def employ_from_hand(game: Game, play: Play) -> Generator[Any, Any, None] | None:
    """Employ the chosen retainer now (not an action: LSJ 20080815): pay its cost, put it on the minion, replace it."""
    s = game.seats[play.seat]
    handler = _employ_handler(game, play, play.target) if play.target in s.hand else None
    if handler is None:
        return None
    return _employ(game, play, handler)


def _employ(game: Game, play: Play, handler: Handler) -> Generator[Any, Any, None]:
    s = game.seats[play.seat]
    if handler.blood:
        move_blood(game, play.minion, -handler.blood)
    if handler.pool:
        from ..economy import burn_pool

        burn_pool(game, play.seat, handler.pool)
        if s.ousted:
            return
    s.hand.remove(play.target)
    employ = Play(seat=play.seat, card=play.target, mode=handler.mode, minion=play.minion, frame=play.frame)
    for effect in handler.mode.effects:
        result = effect(game, employ)
        if result is not None:
            yield from result
    refill(game, play.seat)


def animal_retainers_on_self(game: Game, play: Play) -> Sequence[int]:
    """[ANI]: the animal retainers employed by this vampire."""
    m = game.minions.get(play.minion)
    if m is None:
        return []
    return [x for x in m.cards if x in game.minions and _is_animal(game, game.card_of[x])]


def burn_retainer_put_on_self(game: Game, play: Play) -> None:
    """[ANI]: burn the chosen animal retainer, and put this card on this vampire (+1 strength: its Bearer)."""
    m = game.minions.get(play.minion)
    if m is None or play.target not in game.minions:
        return
    burn_minion(game, play.target)
    leave_aside(game, play.card)
    m.cards.append(play.card)


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


# -- Groundfighting --------------------------------------------------------------------------------------------------


def restricts_strikes(game: Game, play: Play) -> bool:
    """The combat card being played by the opposing minion would restrict this minion's choice of strikes this
    round: only hand strikes (Immortal Grapple), or no equipment while it has a weapon (LSJ 20050221); not one that
    sets the range, steals or destroys equipment, or takes every strike away (LSJ 20050221)."""
    mode = game.playing
    if mode is None or not game.aside or game.compiled is None:
        return False
    if "Combat" not in game.compiled.types.get(game.card_of[game.aside[-1]], frozenset()):
        return False
    kinds = {type(e) for e in mode.effects}
    if HandStrikesOnly in kinds:
        return True
    if kinds & {HoldTheOpposingMinion, KeepTheOpposingMinionAway}:
        m = game.minions.get(play.minion)
        given = game.compiled.bearers
        return m is not None and any(getattr(given.get(game.card_of[x]), "strike", None) is not None for x in m.cards)
    return False
