"""Equipment, retainers and allies (put in play by an action: equip, employ, recruit)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Ally, Bearer, Mode, Play, card, hook
from ..frames import Action
from ..state import ALLY, Game, Minion, draw
from ..vocabulary import (
    Employ,
    Equip,
    Intercept,
    Recruit,
    Strike,
    is_ready,
    move_blood,
    ready_minions,
    vekn,
)
from ..windows import W


def carried(game: Game, minion: int, name: str) -> list[int]:
    """The copies of the named card on the minion (equipment, retainers)."""
    m = game.minions.get(minion)
    if m is None or not m.cards:
        return []
    wanted = vekn(game, name)
    return [c for c in m.cards if game.card_of[c] == wanted]


# -- .44 Magnum ---------------------------------------------------------------------------------------------------

MAGNUM = Strike(damage=2, ranged=True, label=".44 Magnum")

card(
    ".44 Magnum",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(strike=MAGNUM, maneuver_each_combat=True),
    notes="Maneuvering with it commits the bearer to its strike that round (L1592-1597): with hand strikes only, "
    "no strike.",
)


# -- Raven Spy -------------------------------------------------------------------------------------------------------


card(
    "Raven Spy",
    Mode(window=W.ACTION, effects=(Employ(1),)),
    Mode(
        window=W.ACTION,
        superior=True,
        effects=(Employ(2),),
    ),
    bearer=Bearer(intercept=1),
)


# -- Nephandus ------------------------------------------------------------------------------------------------------------

NEPHANDUS = Strike(damage=1, ranged=True, label="Nephandus")


card(
    "Nephandus",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=0, bleed=1),), label="recruit"),
    ally=Ally(strikes=(NEPHANDUS,), presses_each_combat=1, strike_damage_taken=1),
    missing="The (D) action to burn a vampire in torpor and gain 1 life is not modelled (allies' in-play actions "
    "have no hook yet); the reduction applies to strikes in combat only, not to damaging effects.",
)


# -- Emerald Legionnaire ---------------------------------------------------------------------------------------------


def _harbingers(game: Game, seat: int) -> int:
    return sum(1 for m in ready_minions(game, seat) if m.clan == "Harbinger of Skulls")


def _legionnaires(game: Game, seat: int) -> list[int]:
    wanted = vekn(game, "Emerald Legionnaire")
    return [c for c in game.seats[seat].controlled if game.card_of[c] == wanted and c in game.minions]


def _legion_may_return(game: Game, play: Play) -> bool:
    s = game.seats[play.seat]
    wanted = vekn(game, "Emerald Legionnaire")
    in_heap = [c for c in s.ash_heap if game.card_of[c] == wanted]
    return (
        bool(in_heap)
        and len(s.ash_heap) - 1 >= 7
        and is_ready(game, play.minion)
        and len(_legionnaires(game, play.seat)) < _harbingers(game, play.seat)
    )


def _legion_return(game: Game, play: Play) -> None:
    """Remove 7 other ash heap cards from the game (the oldest first) and return a Legionnaire with 2 life; it
    may act this turn (ANK 20180509)."""
    s = game.seats[play.seat]
    wanted = vekn(game, "Emerald Legionnaire")
    back = next(c for c in s.ash_heap if game.card_of[c] == wanted)
    s.ash_heap.remove(back)
    others = [c for c in s.ash_heap if game.card_of[c] != wanted]
    if len(others) < 7:  # only other Legionnaires left: remove those too
        others = list(s.ash_heap)
    for c in others[:7]:
        s.ash_heap.remove(c)
        s.removed.append(c)
    s.controlled.append(back)
    game.minions[back] = Minion(
        id=back, card=wanted, capacity=99, blood=2, in_play=True, kind=ALLY, strength=2, bleed=1
    )
    game.gained += 2
    game.log("recruit", play.seat, play.minion, back)


card(
    "Emerald Legionnaire",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=2, bleed=1),), label="recruit"),
    Mode(
        window=W.UNLOCK, in_play=True, when=_legion_may_return, effects=(_legion_return,), label="return a Legionnaire"
    ),
    notes="The 7 cards removed from the game are the oldest in the ash heap (not chosen).",
)


# -- Heart of Nizchetus -----------------------------------------------------------------------------------------------


def _heart_ready(game: Game, play: Play) -> bool:
    return is_ready(game, play.minion) and bool(game.seats[play.seat].library)


def _heart_values(game: Game, play: Play) -> Sequence[int]:
    return (min(3, len(game.seats[play.seat].library)),)


def _heart_cycle(game: Game, play: Play) -> None:
    """Draw up to 3 cards, then move as many from the hand to the bottom of the library: the least useful
    ones (cards the engine does not model, then second copies, then the oldest in hand)."""
    s = game.seats[play.seat]
    drawn = draw(game, play.seat, play.value)
    comp = game.compiled
    names: dict[int, int] = {}
    ranked: list[tuple[int, int, int]] = []
    for i, c in enumerate(s.hand):
        v = game.card_of[c]
        names[v] = names.get(v, 0) + 1
        modelled = comp is not None and v in comp.implemented
        ranked.append((0 if not modelled else 1 if names[v] > 1 else 2, i, c))
    for _, _, c in sorted(ranked)[:drawn]:
        s.hand.remove(c)
        s.library.insert(0, c)  # the bottom (the top is the list's end)
    game.log("cycle", play.seat, play.minion, drawn)


card(
    "Heart of Nizchetus",
    Mode(
        window=W.ACTION,
        effects=(Equip(),),
        label="equip",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=_heart_ready,
        values=_heart_values,
        effects=(_heart_cycle,),
        limit="heart of nizchetus",
        limit_scope="turn",
        label="draw 3, put 3 on the bottom",
    ),
    notes="The cards put back are chosen by a fixed rule (unmodelled, duplicates, oldest) and always 3 are drawn.",
)


# -- Carlton Van Wyk ------------------------------------------------------------------------------------------------

CARLTON_STRIKE = Strike(damage=1, ranged=True, label="Carlton: 1R damage")
CARLTON_DODGE = Strike(dodge=True, label="Carlton: dodge")


card(
    "Carlton Van Wyk",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=0, bleed=0),), label="recruit"),
    ally=Ally(strikes=(CARLTON_STRIKE,), once_each_combat=(CARLTON_DODGE,), intercept_vs_vampires=1),
    missing="The discard-phase burn of a vampire who committed diablerie since your last turn is not modelled.",
)


# -- Bowl of Convergence --------------------------------------------------------------------------------------------


def _aus_level(game: Game, minion: int) -> int:
    m = game.minions.get(minion)
    return dict(m.disciplines).get("aus", 0) if m is not None else 0


@hook("intercept", "Bowl of Convergence")
def _bowl_intercept(game: Game, minion: int, act: Action) -> int:
    """The bearer with Auspex gets +1 intercept."""
    if _aus_level(game, minion) < 1:
        return 0
    return 1 if carried(game, minion, "Bowl of Convergence") else 0


def _bowl_usable(game: Game, play: Play) -> bool:
    """[AUS]: the bearer blocking, its intercept short of the stealth, with blood to burn."""
    act = play.frame
    m = game.minions.get(play.minion)
    return (
        isinstance(act, Action)
        and m is not None
        and act.blocker == play.minion
        and act.stealth > act.intercept
        and m.blood >= 1
        and _aus_level(game, play.minion) >= 2
    )


def _bowl_burn(game: Game, play: Play) -> None:
    move_blood(game, play.minion, -1)
    game.log("burn blood", play.seat, play.minion, 1)


card(
    "Bowl of Convergence",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_bowl_usable,
        effects=(_bowl_burn, Intercept(1)),
        limit="bowl of convergence",
        limit_scope="action",
        label="burn 1 blood: +1 intercept",
    ),
    missing="[AUS]'s additional +1 intercept is used once each action, only by a blocking bearer (not to bounce "
    "an action otherwise).",
)
