"""Vampires' printed abilities (by unique name). A vampire whose text is only its sect, title, clan or traits
has an empty spec: the engine models those already (votes from the title, sect, traits).

Static bonuses are the ``vampire(...)`` fields (a vampire's hand size counts while it is ready: game.hand_size
sums the ready minions'); conditional ones are hooks below, each checking that the minion is the vampire
named (hooks are global: every game calls them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import economy
from ..cards import Mode, Play, Role, hook, vampire
from ..frames import Action, Combat
from ..state import ALLY, VAMPIRE, Game, Minion, leave_play
from ..vocabulary import (
    BurnBlood,
    CancelKeepingCost,
    Strike,
    StrikeWith,
    action_of,
    all_of,
    bleed_succeeded,
    burn_minion,
    card_being_played,
    controller,
    during_own_referendum,
    has_blood,
    is_ready,
    move_blood,
    ready_minions,
    ready_minions_of_others,
)
from ..windows import W


def _named(game: Game, minion_id: int, name: str) -> bool:
    """Whether the minion is the vampire with this unique name (by its spec)."""
    m = game.minions.get(minion_id)
    if m is None or m.kind != VAMPIRE or game.compiled is None:
        return False
    spec = game.compiled.vampires.get(m.card)
    return spec is not None and spec.name == name


def _ready_named(game: Game, seat: int, name: str) -> list[Minion]:
    return [m for m in ready_minions(game, seat) if _named(game, m.id, name)]


# -- the vampires, by popularity (TWDA) ----------------------------------------------------------------------------

vampire(
    "Anarch Convert",
    missing="The 'as he enters play' choice (remove him to make a non-titled vampire Anarch and gain 1 pool or "
    "draw a crypt card) is not modelled: he stays in play as a 1-capacity Caitiff.",
)


vampire(
    "Tupdog",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            enters_combat=True,
            targets=ready_minions_of_others,
            label="enter combat with any minion",
        ),
    ),
    missing="Visceratika cost reduction and Flight are not modelled.",
)


@hook("after_minion_phase", "Tupdog")
def _tupdog_burns(game: Game, seat: int) -> None:
    """After the end of your minion phase, burn Tupdog and move the top card of your crypt to your
    uncontrolled region (ready or in torpor: "burn Tupdog" does not ask for a ready one)."""
    s = game.seats[seat]
    if s.ousted:
        return
    for minion_id in list(s.controlled):
        if _named(game, minion_id, "Tupdog"):
            burn_minion(game, minion_id)
            from ..state import crypt_draw

            crypt_draw(game, seat)


_UNNAMED_STRIKE = Strike(damage=2, ranged=True, aggravated=True, label="2R aggravated")


def _unnamed_gains(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.actor == play.minion and bleed_succeeded(game, play)


def _gain_pool(amount: int) -> Any:
    def gain(game: Game, play: Play) -> None:
        economy.gain_pool(game, play.seat, amount)
        game.log("gain pool", play.seat, amount)

    return gain


vampire(
    "unnamed, The",
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            when=has_blood(1),
            effects=(BurnBlood(1), StrikeWith(_UNNAMED_STRIKE)),
            label="burn 1 blood: strike 2R aggravated",
        ),
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_unnamed_gains,
            effects=(_gain_pool(2),),
            limit="unnamed gains",
            limit_scope="action",
            label="gain 2 pool after a successful bleed",
        ),
    ),
    missing="Infernal (upkeep) is not modelled.",
)
vampire("Kuyén", missing="Animals (allies and retainers) cost her 1 less: the cost reduction is not modelled.")
vampire("Casey Snyder")
vampire(
    "Antonio d'Erlette",
    missing="The 4-transfer search for a mage ally is not modelled.",
)
vampire("Massimiliano", strength=1)
vampire("Ángel Guerrero")
vampire("Vivian VI")


@hook("combat_start", "Adrino Manauara", "Saku Pihlajamäki")
def _combat_start(game: Game, c: Combat) -> None:
    """Once each combat: Adrino's press, Saku's optional maneuver."""
    for side in (c.a, c.b):
        if _named(game, side.minion, "Adrino Manauara"):
            side.combat_presses += 1
        elif _named(game, side.minion, "Saku Pihlajamäki"):
            side.combat_maneuvers += 1


vampire(
    "Adrino Manauara",
    notes="His press each combat is optional and may also cancel a press to continue (the engine's press is "
    "either); the card says mandatory and only to continue.",
)
vampire(
    "Erlik",
    bleed=1,
    hand_size=1,
    missing="The 'as he enters play' blood distribution to uncontrolled Harbingers is not modelled.",
)
vampire("Kamile Paukstys", bleed=1)


@hook("can_block", "Stanislava")
def _stanislava(game: Game, blocker: int, act: Action) -> bool:
    """Allies cannot block Stanislava."""
    m = game.minions.get(blocker)
    return not (m is not None and m.kind == ALLY and _named(game, act.actor, "Stanislava"))


vampire(
    "Stanislava",
    bleed=2,
    missing="Retainers of her opponents losing their abilities in combat is not modelled.",
)
vampire("Elisha Tucker")
vampire(
    "Horde, The",
    missing="Locking to give another acting infernal minion +1 bleed is not modelled; Infernal upkeep neither.",
)
vampire(
    "Aline Gädeke",
    missing="Burning 1 blood to unlock after another Anarch's successful action is not modelled.",
)
vampire(
    "Lutz von Hohenzollern",
    bleed=2,
    missing="Your prey burning 1 pool after a political action passes is not modelled (no after-referendum "
    "window opens).",
)
vampire("Arishat", missing="Burning 1 blood to force a vampire to abstain is not modelled; Infernal neither.")
vampire("Indira")
vampire("Kassandra Tassaki")
vampire("Nathan Turner")
vampire("Leumeah")


@hook("master_actions", "Cybele", "Nana Buruku", "Anson")
def _extra_master_actions(game: Game, seat: int) -> int:
    """Counted as the turn starts (before the unlock phase): Cybele "unlocked at the start of your master
    phase" and Anson "ready during your master phase" are read as ready (the unlock phase unlocks them)."""
    return sum(
        1
        for m in ready_minions(game, seat)
        if _named(game, m.id, "Cybele") or _named(game, m.id, "Nana Buruku") or _named(game, m.id, "Anson")
    )


vampire(
    "Cybele",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            bleeds=True,
            bleed=2,
            cost_blood=1,
            label="(D) bleed with +2 bleed, costs 1 blood",
        ),
    ),
    missing="Her master phase action is counted when she is ready as the turn starts; Infernal is not modelled.",
)
vampire("Nana Buruku", hand_size=1)
vampire(
    "Aksinya Daclau",
    missing="Discarding a master card to redirect a bleed is not modelled.",
)
vampire("Atiena")
vampire("Valeriya Zinovieva", strength=1)


def _malgorzata_targets(game: Game, play: Play) -> Sequence[int]:
    """The vampire to remove: one of your uncontrolled vampires, when another one can take the blood."""
    region = game.seats[play.seat].uncontrolled
    return list(region) if len(region) >= 2 else []


def _malgorzata(game: Game, play: Play) -> None:
    """Remove the chosen vampire from the game; 4 blood to the other uncontrolled vampire that needs the most
    (a fixed rule, not a decision)."""
    s = game.seats[play.seat]
    if play.target not in s.uncontrolled:
        return
    others = [c for c in s.uncontrolled if c != play.target]
    if not others:
        return
    leave_play(game, play.target, removed=True)
    game.log("remove from game", play.seat, play.target)
    best = max(others, key=lambda c: game.minions[c].capacity - game.minions[c].blood)
    move_blood(game, best, 4)


vampire(
    "Malgorzata",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            stealth=1,
            targets=_malgorzata_targets,
            effects=(_malgorzata,),
            label="remove an uncontrolled vampire: 4 blood to another",
        ),
    ),
    notes="The vampire getting the 4 blood is the other uncontrolled vampire that needs the most (not chosen).",
)


@hook("intercept", "Branimira", "Martina Srnankova")
def _conditional_intercept(game: Game, minion_id: int, act: Action) -> int:
    """Branimira: +1 intercept while you have 9 or fewer pool; Martina: +1 intercept during bleed actions."""
    if _named(game, minion_id, "Branimira"):
        return 1 if game.seats[controller(game, minion_id)].pool <= 9 else 0
    if _named(game, minion_id, "Martina Srnankova"):
        return 1 if act.is_bleed() else 0
    return 0


vampire("Branimira")
vampire("André the Manipulator", hand_size=2)


def _fanchon(game: Game, play: Play) -> None:
    """Search the library for a minion card (not a master or event) and move it to the hand: the one with
    the fewest copies in hand already, top-most first (a fixed rule, not a decision); shuffle afterward."""
    s = game.seats[play.seat]
    comp = game.compiled
    if comp is None:
        return
    found = [c for c in reversed(s.library) if not {"Master", "Event"} & set(comp.types.get(game.card_of[c], ()))]
    if found:
        in_hand = [game.card_of[c] for c in s.hand]
        pick = min(found, key=lambda c: in_hand.count(game.card_of[c]))
        s.library.remove(pick)
        s.hand.append(pick)
        game.log("search", play.seat, pick)
    game.rng.shuffle(s.library)


vampire(
    "Mistress Fanchon",
    bleed=2,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            stealth=1,
            effects=(_fanchon,),
            label="search the library for a minion card",
        ),
    ),
    notes="The card fetched is picked by a fixed rule (fewest copies in hand), not chosen.",
)
vampire("Warmaksan")
vampire("Erebus", missing="Wraiths cost him 1 less: the cost reduction is not modelled.")
vampire("Anson", notes="His second master phase action is counted when he is ready as the turn starts.")
vampire(
    "Diana Iadanza",
    bleed=1,
    modes=(
        Mode(
            window=W.AS_PLAYED,
            in_play=True,
            when=all_of(card_being_played("Reaction"), during_own_referendum, has_blood(1)),
            effects=(BurnBlood(1), CancelKeepingCost()),
            label="burn 1 blood: cancel a reaction card (its cost paid)",
        ),
    ),
)
vampire("Saku Pihlajamäki")
vampire("Hanna Nokelainen")
vampire(
    "Babalawo Alafin",
    missing="Discarding two cards in the unlock phase (smaller hands for the others) is not modelled.",
)
vampire("Martina Srnankova")
vampire("Farah Sarroub")


@hook("after_combat", "Matasuntha")
def _matasuntha(game: Game, c: Combat) -> None:
    """After a minion in combat with Matasuntha leaves the ready region (torpor, burned), gain 1 pool
    (counted once the combat ends; always taken)."""
    for side, other in ((c.a, c.b), (c.b, c.a)):
        if _named(game, side.minion, "Matasuntha") and not is_ready(game, other.minion):
            seat = controller(game, side.minion)
            if game.seats[seat].ousted:
                continue
            economy.gain_pool(game, seat, 1)
            game.log("gain pool", seat, 1)


vampire("Matasuntha", strength=2, notes="The pool is gained as the combat ends, not as the minion leaves.")
vampire("Ruslan Fedorenko")


@hook("transfers", "Ingrid Rossler")
def _ingrid(game: Game, seat: int) -> int:
    """+2 transfers if Ingrid is ready at the start of your influence phase."""
    return 2 if _ready_named(game, seat, "Ingrid Rossler") else 0


vampire("Ingrid Rossler")
vampire("Joaquín de Cádiz")
vampire(
    "Lord Tremere",
    bleed=2,
    intercept=1,
    missing="Thaumaturgy cost reduction and locking or unlocking another Tremere are not modelled.",
)
vampire(
    "Capuchin, The",
    bleed=1,
    hand_size=2,
    intercept=1,
    missing="Returning to the uncontrolled region when burned (+3 transfers) is not modelled.",
)
vampire("Rafael de Corazon", bleed=2, notes="Title contests are not modelled.")
vampire("Sergio Bueno", missing="Corruption counters are not modelled.")
vampire(
    "Nonu Dis",
    bleed=1,
    missing="Adding 1 blood to a Follower of Set after playing a master card is not modelled.",
)
vampire(
    "Arika",
    bleed=2,
    missing="Her prey's locations upkeep (burn 1 pool or the location) is not modelled.",
)
