"""Action cards (played by a ready unlocked minion as its action; W.ACTION)."""

from __future__ import annotations

import itertools
from collections.abc import Generator
from typing import Any

from .. import economy
from ..cards import Mode, Play, card
from ..economy import Kind, Option
from ..state import VAMPIRE, Game, Minion
from ..vocabulary import (
    AddBlood,
    BloodToUncontrolled,
    CorruptionCounterOnMinionOfTarget,
    EnterCombatWithTarget,
    Equip,
    GainPool,
    If,
    LockMinionOfTarget,
    StealPool,
    UnlockSelf,
    any_methuselah_but_you,
    bleed_succeeded,
    choose,
    leave_aside,
    move_blood,
    ready_minions_of_others,
    ready_vampires_of_others,
    to_ash_heap,
    uncontrolled_of_clan,
    younger_uncontrolled,
)
from ..windows import W

Flow = Generator[Any, Any, None]

card(
    "Govern the Unaligned",
    Mode(window=W.ACTION, bleeds=True, bleed=2, label="bleed +2"),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        targets=younger_uncontrolled,
        effects=(AddBlood(3),),
        label="add 3 blood to a younger uncontrolled vampire",
    ),
)


# -- helpers of the cards below (the escape hatch: card-only behaviour) ----------------------------------------------------


def _multi_bleed(name: str, parts: dict[str, tuple[int, int, tuple[Any, ...]]], **extra: Any) -> tuple[Mode, ...]:
    """The modes of a "More than one Discipline can be used" bleed card: one per non-empty set of its
    disciplines, in the card's order; ``parts``: discipline → (stealth, bleed, effects)."""
    modes = []
    names = list(parts)
    for size in range(1, len(names) + 1):
        for combo in itertools.combinations(names, size):
            modes.append(
                Mode(
                    window=W.ACTION,
                    disciplines=combo,
                    bleeds=True,
                    stealth=sum(parts[d][0] for d in combo),
                    bleed=sum(parts[d][1] for d in combo),
                    effects=tuple(e for d in combo for e in parts[d][2]),
                    label=f"{name} bleed [{']['.join(combo)}]",
                    **extra,
                )
            )
    return tuple(modes)


def _equipment_in_library(game: Game, play: Play, paid: bool = False) -> list[int]:
    """Magic of the Smith: the equipment cards of the library the acting vampire could equip (requirements and
    cost apply), modelled ones first. ``paid``: on resolution, the Smith's own 1 blood is already paid."""
    m = game.minions.get(play.minion)
    if m is None:
        return []
    comp = game.compiled
    found: dict[int, int] = {}
    for copy in game.seats[play.seat].library:
        vekn = game.card_of[copy]
        if vekn in found or "Equipment" not in comp.types.get(vekn, _equipment_types(game, vekn)):
            continue
        card = comp.cards.get(vekn)
        if card is None:
            continue
        blood = card.blood_cost.value or 0 if card.blood_cost else 0
        pool = card.pool_cost.value or 0 if card.pool_cost else 0
        # the Smith's own 1 blood is paid first
        if blood and m.blood - (0 if paid else 1) < blood or pool and game.seats[play.seat].pool <= pool:
            continue
        if comp.eligibility.requirement(vekn) is not None and not (
            comp.eligibility.minion(m.card) is not None and comp.eligibility.can_play(m.card, vekn)
        ):
            continue
        found[vekn] = copy
    return sorted(found.values(), key=lambda c: (game.card_of[c] not in comp.specs, c))


def _equipment_types(game: Game, vekn: int) -> frozenset[str]:
    card = game.compiled.cards.get(vekn)
    return frozenset(card.types) if card is not None else frozenset()


def _magic_of_the_smith(game: Game, play: Play) -> Flow:
    """Search the library for an equipment card (chosen now), pay its cost, equip the acting vampire with it
    (its spec's effects when it has one), shuffle the library."""
    m = game.minions.get(play.minion)
    seat = game.seats[play.seat]
    candidates = _equipment_in_library(game, play, paid=True)
    if m is None or not candidates:
        game.rng.shuffle(seat.library)
        return
    options = [Option(Kind.TERMS, play.seat, target=c) for c in candidates]
    option = yield from choose(game, play.seat, options)
    copy = option.target
    seat.library.remove(copy)
    game.aside.append(copy)
    game.rng.shuffle(seat.library)
    vekn = game.card_of[copy]
    card = game.compiled.cards.get(vekn)
    blood = card.blood_cost.value or 0 if card is not None and card.blood_cost else 0
    pool = card.pool_cost.value or 0 if card is not None and card.pool_cost else 0
    if blood:
        move_blood(game, m.id, -blood)
    if pool:
        economy.burn_pool(game, play.seat, pool)
        if game.finished or seat.ousted:
            return
    handlers = game.compiled.actions.get(vekn, ())
    if handlers:
        sub = Play(seat=play.seat, card=copy, mode=handlers[0].mode, minion=m.id, frame=play.frame)
        for effect in handlers[0].mode.effects:
            result = effect(game, sub)
            if result is not None:
                yield from result
    else:
        Equip()(game, Play(seat=play.seat, card=copy, mode=play.mode, minion=m.id, frame=play.frame))
    if copy in game.aside:  # its effects did not put it in play
        to_ash_heap(game, copy)


def _smith_possible(game: Game, play: Play) -> bool:
    return bool(_equipment_in_library(game, play))


def _embrace(game: Game, play: Play) -> None:
    """The Embrace: the card copy becomes a 1-capacity vampire of the acting vampire's clan and sect, ready
    and unlocked with no blood, so the forced hunt makes it hunt this turn."""
    actor = game.minions.get(play.minion)
    leave_aside(game, play.card)
    game.seats[play.seat].controlled.append(play.card)
    game.minions[play.card] = Minion(
        id=play.card,
        card=game.card_of[play.card],
        capacity=1,
        blood=0,
        in_play=True,
        kind=VAMPIRE,
        clan=actor.clan if actor is not None else "",
        sect=actor.sect if actor is not None else "",
    )
    game.log("embrace", play.seat, play.minion, play.card)


card(
    "Thing",
    Mode(
        window=W.ACTION,
        stealth=1,
        targets=uncontrolled_of_clan("Gangrel"),
        effects=(AddBlood(2),),
        label="add 2 blood to an uncontrolled Gangrel",
    ),
)
card(
    "Deep Song",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        directed=True,
        targets=ready_vampires_of_others,
        effects=(EnterCombatWithTarget(lock_target=True, target_acts=True),),
        label="lock a vampire and enter combat with it",
    ),
    notes="[ANI]: the Frenzy card type has no effect here (no card cares yet).",
)
card(
    "Platinum Protocol, The",
    *_multi_bleed(
        "Platinum Protocol",
        {
            "obf": (1, 0, ()),
            "pre": (0, 1, ()),
            "pro": (0, 0, (If(bleed_succeeded, (CorruptionCounterOnMinionOfTarget(),)),)),
        },
    ),
)
card(
    "Kindred Spirits",
    Mode(
        window=W.ACTION,
        bleeds=True,
        targets=any_methuselah_but_you,
        effects=(If(bleed_succeeded, (GainPool(1),)),),
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        bleeds=True,
        bleed=1,
        targets=any_methuselah_but_you,
        effects=(If(bleed_succeeded, (GainPool(1),)),),
    ),
)
card(
    "Break the Bonds",
    *_multi_bleed(
        "Break the Bonds",
        {
            "ani": (0, 1, ()),
            "obf": (0, 0, (If(bleed_succeeded, (LockMinionOfTarget(),)),)),
            "pre": (0, 0, (If(bleed_succeeded, (BloodToUncontrolled(1),)),)),
        },
    ),
    notes="[pre]: the uncontrolled vampire is chosen on resolution (the card: on declaration); every mode "
    "with [pre] needs one.",
)
card(
    "Entrancement",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    missing="[PRE] (steal an ally) is left out: minions stay with their owner (NO_CONTROL_CHANGE).",
)
card(
    "Enchant Kindred",
    Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=1,
        targets=younger_uncontrolled,
        effects=(AddBlood(2),),
        label="add 2 blood to a younger uncontrolled vampire",
    ),
)
card(
    "Magic of the Smith",
    Mode(
        window=W.ACTION,
        stealth=1,
        when=_smith_possible,
        effects=(_magic_of_the_smith,),
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        stealth=3,
        when=_smith_possible,
        effects=(_magic_of_the_smith,),
    ),
    notes="Always an equip action (not recruit/employ for the equipment-like cards); the equipment's own "
    "effects run when it has a spec.",
)
card(
    "Embrace, The",
    Mode(window=W.ACTION, stealth=1, effects=(_embrace,), label="a new 1-capacity vampire"),
    notes="The new vampire has no disciplines (the card gives none); it meets the requirements of its clan, sect "
    "and capacity (game.may_play).",
)
card(
    "Line Brawl",
    Mode(
        window=W.ACTION,
        disciplines=("cel",),
        directed=True,
        seat_target=True,
        targets=any_methuselah_but_you,
        effects=(StealPool(1),),
        label="steal 1 pool",
    ),
    Mode(
        window=W.ACTION,
        disciplines=("pot",),
        directed=True,
        enters_combat=True,
        targets=ready_minions_of_others,
        label="enter combat",
    ),
    Mode(window=W.ACTION, disciplines=("pre",), bleeds=True, bleed=1, label="bleed +1"),
)


# -- Computer Hacking, Bum's Rush, Illegalism ---------------------------------------------------------------------------

card("Computer Hacking", Mode(window=W.ACTION, bleeds=True, bleed=1, label="bleed +1"))


card(
    "Bum's Rush",
    Mode(
        window=W.ACTION,
        directed=True,
        enters_combat=True,
        combat_maneuvers=1,
        replace_after_action=True,
        targets=ready_minions_of_others,
        label="enter combat, 1 optional maneuver",
    ),
)


card(
    "Illegalism",
    *_multi_bleed(
        "Illegalism", {"cel": (0, 0, (If(bleed_succeeded, (UnlockSelf(),)),)), "chi": (1, 0, ()), "pre": (0, 1, ())}
    ),
)
