"""Equipment, retainers and allies (put in play by an action: equip, employ, recruit)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Generator, Sequence
from typing import Any

from .. import economy
from .. import vocabulary as v
from ..cards import ActionBleed, Ally, Bearer, Everyone, Mode, Play, Role, card, hook
from ..economy import Kind, Option, bring_out, same_key
from ..frames import Action, Combat, Rider, Until
from ..handlers import Handler
from ..playbook import keeps_anarch, playable_worth
from ..state import ALLY, VAMPIRE, Game, Minion, Phase, crypt_draw, draw, leave_play, unhold
from ..vocabulary import (
    AddBlood,
    Bleed,
    BlockFailsAndContinues,
    BloodToUncontrolled,
    BurnAnotherAllyOrRetainer,
    BurnBlood,
    BurnLifeOfThisCard,
    BurnTargetMinion,
    BurnThisCard,
    BurnThisMinion,
    BurnTorpidTargetGaining,
    CancelAsPlayed,
    DiscardOfType,
    DoNotReplace,
    DrawCards,
    Employ,
    EndAction,
    EndCombat,
    Equip,
    GiveThisCard,
    HoldLibraryTop,
    HuntFor,
    Intercept,
    KindCannotBlock,
    LockSelf,
    LockThisCard,
    MarkThisCard,
    MayActThisTurn,
    MayRepeatThisTurn,
    Minions,
    NoDisciplineCardsThisAction,
    Prevent,
    PutInPlay,
    Recruit,
    ReduceBleed,
    SetRange,
    StealBloodFromTarget,
    StealMinion,
    Stealth,
    Strike,
    UnlockAfterSuccess,
    UnlockAtEndOfTurn,
    UnlockIfFirstRecruit,
    UnlockInDiscardPhase,
    UnlockSelf,
    UnlockTarget,
    WithCounters,
    action_succeeded,
    add_rider,
    all_of,
    allies_below_starting_life,
    allies_of_others,
    ally_cannot_block_vampires,
    ally_first_strike,
    ally_prevents_each_round,
    ally_regains_life,
    ally_stealth,
    bearer_acting,
    bearer_blocking,
    bearer_in_sect,
    bearer_stealth,
    bleeding_you,
    burn_card,
    burn_minion,
    cannot_block,
    capacity_at_least,
    card_gives,
    card_gives_bleeding,
    carries_no,
    carries_no_card_saying,
    choose,
    controller,
    current_combat,
    damage_pending,
    directed_at_bearer,
    directed_at_you,
    during_bleed,
    fixed_levels,
    grants_disciplines,
    has_life,
    has_targets,
    held_on,
    holder_below_capacity,
    holder_blocked,
    holder_has_blood,
    holder_in_combat,
    holds_card_of_type,
    in_first_round,
    is_ready,
    library_at_least,
    locked_self,
    minion_entered,
    move_blood,
    own_acting_of_clan,
    own_blocking_of_clan,
    own_ready_vampires,
    passes_to_predator_in_discard_phase,
    plays_as_vampire,
    range_not_set,
    ready_minions,
    ready_minions_of_others,
    ready_unlocked,
    ready_vampires_of_others,
    retainers_of_others,
    take_damage,
    torpid_vampires_of_others,
    turn_blood,
    vekn,
    while_carried,
)

# re-exported: other spec modules import these from here (Disputed Territory)
from ..vocabulary import location_controller as location_controller
from ..vocabulary import locations_in_play as locations_in_play
from ..windows import Act, Range, W


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
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        when=has_targets(torpid_vampires_of_others),
        targets=torpid_vampires_of_others,
        effects=(BurnTorpidTargetGaining(1),),
        label="burn a vampire in torpor, gain 1 life",
    ),
    ally=Ally(strikes=(NEPHANDUS,), presses_each_combat=1, strike_damage_taken=1),
    notes="The damage reduction applies to each strike against it, weapons' included, before prevention (so to "
    "unpreventable damage too) and not to an aim's added damage (LSJ 20091123-2) nor environmental damage (PIB "
    "20111017): the engine has no other damaging effect of the opposing minion in combat.",
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


# "Since your last turn" (LSJ 20020429): between the end of the Methuselah's last turn and now, its current turn
# included. Each diablerie marks its diablerist with the turn number (game.turn) it was committed in; each turn
# start marks its Methuselah with that turn's number and keeps the previous one: a diablerie counts when it was
# committed after the Methuselah's previous turn.
_DIABLERIE = "carlton: diablerie in turn"
_TURN_NOW, _TURN_BEFORE = "carlton: this turn", "carlton: last turn"


def _rider(game: Game, holder: int, key: str) -> Rider | None:
    return next((r for r in game.riders if r.holder == holder and r.key == key), None)


def _set_rider(game: Game, holder: int, key: str, value: int) -> None:
    """One rider per holder and key, updated in place (not one more each time: riders are scanned often)."""
    r = _rider(game, holder, key)
    if r is None:
        add_rider(game, holder, key, value, Until.END_OF_GAME)
    else:
        r.value = value


@hook("diablerie", "Carlton Van Wyk")
def _note_diablerie(game: Game, diablerist: int) -> None:
    _set_rider(game, diablerist, _DIABLERIE, game.turn)


@hook("unlock", "Carlton Van Wyk")
def _note_turn_start(game: Game, seat: int) -> int:
    now = _rider(game, -1 - seat, _TURN_NOW)
    _set_rider(game, -1 - seat, _TURN_BEFORE, now.value if now is not None else 0)
    _set_rider(game, -1 - seat, _TURN_NOW, game.turn)
    return 0


def _recent_diablerists(game: Game, play: Play) -> list[int]:
    """The vampires in play that committed diablerie since the player's last turn."""
    before = _rider(game, -1 - play.seat, _TURN_BEFORE)
    since = before.value if before is not None else 0
    out = []
    for r in game.riders:
        if r.key == _DIABLERIE and r.value > since:
            m = game.minions.get(r.holder)
            if m is not None and m.in_play and m.kind == VAMPIRE:
                out.append(r.holder)
    return sorted(out)


def _carlton_burns(game: Game, play: Play) -> None:
    """Burn Carlton, then the diablerist."""
    if play.card in game.minions:
        burn_minion(game, play.card)
    if play.target in game.minions:
        burn_minion(game, play.target)


card(
    "Carlton Van Wyk",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=0, bleed=0),), label="recruit"),
    Mode(
        window=W.DISCARD,
        in_play=True,
        when=has_targets(_recent_diablerists),
        targets=_recent_diablerists,
        effects=(_carlton_burns,),
        label="burn Carlton: burn a vampire who committed diablerie",
    ),
    ally=Ally(strikes=(CARLTON_STRIKE,), once_each_combat=(CARLTON_DODGE,), intercept_vs_vampires=1),
    notes="A diablerie counts once it is committed after the player's previous turn (its turn number), the current "
    "turn included (LSJ 20020429), also the turn Carlton was recruited (ANK 20180517).",
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
    notes="[AUS]'s additional +1 intercept is one (once each action), used like every intercept only as needed: by "
    "the bearer attempting to block, its intercept short of the stealth (L1348-1352).",
)


# -- Ivory Bow ----------------------------------------------------------------------------------------------------------

IVORY_BOW = Strike(damage=1, ranged=True, aggravated=True, label="Ivory Bow")

card(
    "Ivory Bow",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(strike=IVORY_BOW),
)


# -- Mr. Winthrop --------------------------------------------------------------------------------------------------------

card("Mr. Winthrop", Mode(window=W.ACTION, effects=(Employ(1),)), bearer=Bearer(intercept=1))


# -- Living Manse ----------------------------------------------------------------------------------------------------------

card(
    "Living Manse",
    Mode(window=W.ACTION, when=carries_no("Living Manse"), effects=(Equip(),), label="equip"),
    Mode(
        window=W.BEFORE_RANGE,
        in_play=True,
        when=holder_in_combat,
        effects=(BurnThisCard(), EndCombat()),
        label="burn Living Manse: end combat",
    ),
    bearer=Bearer(bleed=1),
    notes="Put in play by an equip action (its card type); once there it is a location, not equipment: effects "
    "that burn equipment (Donnybrook) do not take it (game.equipment_or_retainers).",
)


# -- Sniper Rifle -----------------------------------------------------------------------------------------------------------

SNIPER_RIFLE = Strike(damage=2, ranged=True, long_only=True, label="Sniper Rifle")


card(
    "Sniper Rifle",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.BEFORE_RANGE,
        in_play=True,
        # before range in the first round of the combat resulting from the bearer's block, the range not already set
        # by another effect (which has priority: PIB 20120214); no maneuver changes it (RTR 19970630, ANK 20180720)
        when=all_of(holder_in_combat, in_first_round, range_not_set, bearer_blocking(resulting_combat=True)),
        effects=(SetRange(to=Range.LONG, strike_with_this=True),),
        label="set the range to long",
    ),
    bearer=Bearer(strike=SNIPER_RIFLE),
    notes="Its strike is usable only at long range (game.Strike.long_only).",
)


# -- Events played in the discard phase: Scourge of the Enochians, Dragonbound ----------------------------------------


def _copies_in_play(game: Game, seat: int, name: str) -> list[int]:
    """The copies of the named card (not a minion) the seat controls."""
    wanted = vekn(game, name)
    return [c for c in game.seats[seat].controlled if game.card_of[c] == wanted and c not in game.minions]


# "your predator takes control of this card (even if you do not burn a vampire)": as the phase ends, when not used
passes_to_predator_in_discard_phase("Scourge of the Enochians", as_it_ends=True)
# a vampire in play (anyone's, ready or in torpor) with capacity 2 or less
_SMALL_VAMPIRES = Minions(whose="all", ready=False, max_capacity=2)


card(
    "Scourge of the Enochians",
    Mode(window=W.DISCARD, effects=(PutInPlay(),)),
    Mode(
        window=W.DISCARD,
        in_play=True,
        when=has_targets(_SMALL_VAMPIRES),
        targets=_SMALL_VAMPIRES,
        effects=(BurnTargetMinion(), GiveThisCard("predator")),
        label="burn a vampire with capacity 2 or less",
    ),
    notes="An event: played in the discard phase for the discard phase action, usable in that discard phase. When "
    "no vampire is burned, the predator takes it as the discard phase ends.",
)


@hook("discard_phase_end", "Dragonbound")
def _dragonbound(game: Game, seat: int, discarded: list[int]) -> None:
    """Each Methuselah burns 1 pool for each vampire in torpor it controls, in its discard phase (one Dragonbound
    in play at a time: an event)."""
    if not any(_copies_in_play(game, s, "Dragonbound") for s in game.order):
        return
    torpid = sum(
        1
        for c in game.seats[seat].controlled
        if (m := game.minions.get(c)) is not None and m.kind == VAMPIRE and m.torpor and m.in_play
    )
    if torpid:
        economy.burn_pool(game, seat, torpid)
        game.log("discard phase burn", seat, torpid)


card(
    "Dragonbound",
    Mode(window=W.DISCARD, effects=(DoNotReplace(Until.END_OF_GAME), PutInPlay())),
    notes="An event: played in the discard phase for the discard phase action; its player's hand stays one card "
    "short for the rest of the game (it stays in play).",
)


# -- Mylan Horseed -----------------------------------------------------------------------------------------------------------

MYLAN_DODGE = Strike(dodge=True, label="Mylan: dodge")


ally_cannot_block_vampires("Mylan Horseed")


# ready locked non-Camarilla vampires with capacity 8 or more: the player's own, or other Methuselahs'
_MYLAN_OWN = Minions(locked=True, not_sect="Camarilla", min_capacity=8)
_MYLAN_OTHERS = Minions(whose="others", locked=True, not_sect="Camarilla", min_capacity=8)


card(
    "Mylan Horseed",
    Mode(window=W.ACTION, effects=(Recruit(1, strength=0, bleed=1),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=1,
        when=has_targets(_MYLAN_OWN),
        targets=_MYLAN_OWN,
        effects=(UnlockTarget(),),
        label="unlock a vampire",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=1,
        directed=True,
        when=has_targets(_MYLAN_OTHERS),
        targets=_MYLAN_OTHERS,
        effects=(UnlockTarget(),),
        label="unlock another Methuselah's vampire",
    ),
    ally=Ally(once_each_combat=(MYLAN_DODGE,)),
    notes="The unlock action is undirected at the player's own vampire, directed at another's (PIB 20121028).",
)


# -- Allies that enter combat as a (D) action: Renegade Garou, Shambling Hordes ---------------------------------------


def _allies_named(game: Game, seat: int, name: str) -> list[Minion]:
    """The seat's allies in play of the named card."""
    wanted = vekn(game, name)
    out = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.kind == ALLY and m.card == wanted and m.in_play:
            out.append(m)
    return out


def _is_ally_named(game: Game, minion: int, name: str) -> bool:
    m = game.minions.get(minion)
    return m is not None and m.kind == ALLY and m.card == vekn(game, name)


turn_blood("unlock", "Renegade Garou", 1, on="ally", at_most=2)  # with 2 or fewer life, it gains 1 life


card(
    "Renegade Garou",
    Mode(window=W.ACTION, effects=(Recruit(3, strength=2, bleed=0),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        enters_combat=True,
        when=has_targets(ready_minions_of_others),
        targets=ready_minions_of_others,
        label="enter combat",
    ),
    ally=Ally(maneuvers_each_combat=1, additional_strike=True),
)


@hook("strength", "Shambling Hordes")
def _hordes_strength(game: Game, minion: int) -> int:
    """+1 strength for each life it has (read when its strike's damage is worked out: LSJ 20030307)."""
    m = game.minions.get(minion)
    if m is None or m.kind != ALLY or m.card != vekn(game, "Shambling Hordes"):
        return 0
    return m.blood


def _hordes_enter_play(game: Game, play: Play) -> None:
    """After it enters play: remove an ally or vampire in the ash heap from the game (the oldest), or burn it
    (the player may choose to burn it: LSJ 20030701-2; the bot never does). It cannot gain life: its life is
    capped at its starting life (the capacity move_blood keeps to)."""
    m = game.minions.get(play.card)
    if m is None:
        return
    m.capacity = m.blood
    s = game.seats[play.seat]
    types = game.compiled.types if game.compiled is not None else {}
    for c in s.ash_heap:
        if game.card_of[c] in game.vampires or "Ally" in types.get(game.card_of[c], ()):
            s.ash_heap.remove(c)
            s.removed.append(c)
            game.log("remove from the game", play.seat, c)
            return
    burn_minion(game, play.card)


card(
    "Shambling Hordes",
    Mode(window=W.ACTION, effects=(Recruit(3, strength=0, bleed=0), _hordes_enter_play), label="recruit"),
    Mode(
        window=W.ACTION, superior=True, effects=(Recruit(4, strength=0, bleed=0), _hordes_enter_play), label="recruit"
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=has_targets(ready_minions_of_others),
        targets=ready_minions_of_others,
        label="enter combat",
    ),
    notes="It cannot gain life: no effect in the engine gives an ally life unless it names it, and its life is capped "
    "at its starting life besides.",
)


# -- Kevlar Vest -------------------------------------------------------------------------------------------------------------


def _gun_strike(game: Game, c: Combat, minion: int) -> bool:
    """The opposing minion's strike this round is a gun's: a weapon whose card says "gun"."""
    strike = c.other(minion).strike
    comp = game.compiled
    if not isinstance(strike, Strike) or comp is None:
        return False
    for card_id, b in comp.bearers.items():
        if b.strike == strike:
            printed = comp.cards.get(card_id)
            return printed is not None and "gun" in (printed.text or "").lower()
    return False


def _kevlar_marks(play: Play) -> tuple[str, str]:
    return f"combat:kevlar used:{play.card}", f"combat:kevlar 1 left:{play.card}"


def _kevlar_usable(game: Game, play: Play) -> bool:
    """Damage pending on the bearer, the vest not used up this combat (a gun point left over is usable against a
    later gun strike only)."""
    c = play.frame
    if not isinstance(c, Combat) or not holder_in_combat(game, play) or not damage_pending(game, play):
        return False
    used, one_left = _kevlar_marks(play)
    side = c.side(play.minion)
    if used in side.used:
        return False
    return one_left not in side.used or _gun_strike(game, c, play.minion)


def _kevlar_prevent(game: Game, play: Play) -> None:
    """Prevent 2 damage from gun strikes, split over two gun strikes if the first did 1 (LSJ 20081210; optional
    prevention carries over: ANK 20200318), or 1 damage from any other source."""
    c = play.frame
    if not isinstance(c, Combat):
        return
    side = c.side(play.minion)
    used, one_left = _kevlar_marks(play)
    if _gun_strike(game, c, play.minion):
        amount = 1 if one_left in side.used else 2
        pending = sum(c.pending)
        Prevent(amount)(game, play)
        side.used.add(one_left if amount == 2 and pending == 1 else used)
    else:
        Prevent(1)(game, play)
        side.used.add(used)
    game.log("prevent", play.seat, play.minion, play.card)


card(
    "Kevlar Vest",
    Mode(window=W.ACTION, when=carries_no("Kevlar Vest"), effects=(Equip(),), label="equip"),
    Mode(
        window=W.PREVENT,
        in_play=True,
        when=_kevlar_usable,
        effects=(_kevlar_prevent,),
        label="prevent damage",
    ),
    notes="Against damage mixing a gun strike with environmental damage, the gun's 2 points are used.",
)


# -- FBI Special Affairs Division ------------------------------------------------------------------------------------


@hook("after_combat", "FBI Special Affairs Division")
def _fbi(game: Game, c: Combat) -> None:
    """An ally burned in combat with an acting vampire (not the acting minion itself: ANK 20180913-2): a counter
    on the card, then 2 unpreventable environmental damage on the acting vampire; at 4 counters it burns."""
    act = c.action
    if act is None:
        return
    copies = [x for s in game.order for x in _copies_in_play(game, s, "FBI Special Affairs Division")]
    if not copies:
        return
    types = game.compiled.types if game.compiled is not None else {}
    actor = game.minions.get(act.actor)
    for side, other in ((c.a, c.b), (c.b, c.a)):
        burned_ally = side.minion not in game.minions and "Ally" in types.get(game.card_of[side.minion], ())
        if not burned_ally or other.minion != act.actor or actor is None or actor.kind != VAMPIRE:
            continue
        for copy in copies:
            game.card_counters[copy] = game.card_counters.get(copy, 0) + 1
            game.log("fbi", controller(game, act.actor), act.actor, copy)
            if act.actor in game.minions and game.minions[act.actor].in_play:
                take_damage(game, act.actor, 2, 0)
            if game.card_counters[copy] >= 4:
                burn_card(game, copy)


card(
    "FBI Special Affairs Division",
    Mode(window=W.DISCARD, effects=(PutInPlay(),)),
    notes="An event: played in the discard phase for the discard phase action.",
)


# -- J. S. Simmons, Esq., Sport Bike, Cooler ----------------------------------------------------------------------------

card("J. S. Simmons, Esq.", Mode(window=W.ACTION, effects=(Employ(1),)), bearer=Bearer(bleed=1))


card(
    "Sport Bike",
    Mode(window=W.ACTION, when=carries_no_card_saying("Vehicle"), effects=(Equip(),)),
    bearer=Bearer(intercept=1),
)


card(
    "Cooler",
    Mode(window=W.ACTION, effects=(Equip(), WithCounters(4)), label="equip"),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=all_of(holder_below_capacity, v.card_has_counters),
        effects=(v.BloodFromCounter(),),
        label="move 1 blood",
    ),
    notes="Used only when the vampire has room for the blood (below capacity).",
)


# -- Procurer, Gregory Winter --------------------------------------------------------------------------------------------


card(
    "Procurer",
    Mode(window=W.ACTION, effects=(Recruit(1, strength=1, bleed=0),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=2,
        when=has_targets(own_ready_vampires),
        targets=own_ready_vampires,
        effects=(AddBlood(1),),
        label="1 blood to a ready vampire",
    ),
)


turn_blood("unlock", "Gregory Winter", -1, on="ally")  # he burns 1 life during your unlock phase


_OTHERS_VAMPIRES = Minions(whose="others", ready=False, ready_first=True)  # ready or in torpor


card(
    "Gregory Winter",
    Mode(window=W.ACTION, effects=(Recruit(4, strength=1, bleed=1),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=1,
        directed=True,
        when=has_targets(_OTHERS_VAMPIRES),
        targets=_OTHERS_VAMPIRES,
        effects=(StealBloodFromTarget(1),),
        label="steal 1 blood",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        when=has_targets(torpid_vampires_of_others),
        targets=torpid_vampires_of_others,
        effects=(BurnTorpidTargetGaining(2),),
        label="burn a vampire in torpor, gain 2 life",
    ),
)


# -- War Ghoul -----------------------------------------------------------------------------------------------------------


ally_prevents_each_round("War Ghoul", 1)  # it prevents 1 damage each round of combat


card(
    "War Ghoul",
    Mode(window=W.ACTION, effects=(Recruit(5, strength=4, bleed=0), BurnAnotherAllyOrRetainer()), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=has_targets(ready_vampires_of_others),
        targets=ready_vampires_of_others,
        label="enter combat",
    ),
    *(
        Mode(
            window=window,
            in_play=True,
            when=all_of(ready_unlocked, has_targets(v.locations_in_play)),
            targets=v.locations_in_play,
            effects=(LockSelf(), BurnThisMinion(), v.BurnTargetCard()),
            label="lock and burn: burn a location",
        )
        for window in (W.MASTER, W.UNLOCK, W.BEFORE_BLOCKS, W.AFTER_ACTION, W.DISCARD)
    ),
    notes="Locking and burning itself to burn a location (not during combat) is offered in its controller's unlock, "
    "master and discard phases, and during any action (before blocks, after resolution).",
)


# -- Asanbonsam Ghoul ------------------------------------------------------------------------------------------------------


card(
    "Asanbonsam Ghoul",
    Mode(window=W.ACTION, effects=(Recruit(3, strength=2, bleed=0),), label="recruit"),
    ally=Ally(intercept_directed=1, close_blocking_directed=True),
)


# -- The Bitter and Sweet Story, The Signet of King Saul --------------------------------------------------------------


card(
    "Bitter and Sweet Story, The",
    Mode(window=W.DISCARD, effects=(PutInPlay(),)),
    everyone=Everyone(hand_size_per_victory_point=2),
    notes="An event: played in the discard phase for the discard phase action; half victory points (a withdrawal) "
    "count down to the whole point.",
)


cannot_block("Signet of King Saul, The", Minions(min_capacity=8))  # "Vampires with capacity 8 or more cannot block"


card("Signet of King Saul, The", Mode(window=W.ACTION, effects=(Equip(),), label="equip"))


# -- Saatet-ta -------------------------------------------------------------------------------------------------------------

_SETITE = "Follower of Set"


card(
    "Saatet-ta",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=2, bleed=1),), label="recruit"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(ready_unlocked, own_acting_of_clan(_SETITE)),
        effects=(LockSelf(), Stealth(1)),
        label="lock: +1 stealth to a Follower of Set",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(ready_unlocked, own_blocking_of_clan(_SETITE)),
        effects=(LockSelf(), Intercept(1)),
        label="lock: +1 intercept to a Follower of Set",
    ),
    Mode(
        window=W.BLOCKS_DECLINED,
        in_play=True,
        when=all_of(ready_unlocked, during_bleed, own_acting_of_clan(_SETITE)),
        effects=(LockSelf(), Bleed(1, limited=False)),
        label="lock: +1 bleed to a Follower of Set",
    ),
    ally=Ally(shuffled_when_burned=True),
    notes="The +1 bleed is given during a bleed before resolution (ANK 20231124, LSJ 19970718); she can lock for it "
    "the turn she is recruited (ANK 20180517).",
)


# -- Homunculus --------------------------------------------------------------------------------------------------------------


# "During any Methuselah's unlock phase, the employer can burn 1 blood to unlock" (both versions)
v.bearer_once_each_turn("others' unlock", "Homunculus", unlocks_for=1)


card(
    "Homunculus",
    Mode(window=W.ACTION, effects=(Employ(1),)),
    Mode(window=W.ACTION, superior=True, effects=(Employ(2),)),
    notes="The unlock is used in other Methuselahs' unlock phases (in its own, the employer unlocks as normal), by a "
    "fixed rule: a locked employer with 2 or more blood.",
)


# -- Retainers that strike each round: Crypt's Sons, Vengeful Spirit, Murder of Crows ---------------------------------

card(
    "Crypt's Sons",
    Mode(window=W.ACTION, effects=(Employ(3),)),
    Mode(
        window=W.BLOCKED,
        in_play=True,
        when=all_of(holder_blocked, bearer_in_sect("Anarch"), has_life),
        effects=(BurnLifeOfThisCard(1), BlockFailsAndContinues()),
        label="burn 1 life: lock the blocker, continue as if unblocked",
    ),
    notes="The blocker stays locked and no combat happens (LSJ 20080611, ANK 20210131); Methuselahs who declined do "
    "not get another chance to block (ANK 20190116).",
)
while_carried("Crypt's Sons", damage=1)

card(
    "Vengeful Spirit",
    Mode(window=W.ACTION, effects=(Employ(2),)),
    bearer=Bearer(bleed=1),
)
while_carried("Vengeful Spirit", damage=1, close_only=True)

card(
    "Murder of Crows",
    Mode(window=W.ACTION, effects=(Employ(1),)),
    Mode(window=W.ACTION, superior=True, effects=(Employ(2),)),
)
while_carried("Murder of Crows", damage=1)


# -- Retainers: Tasha Morgan, Owl Companion, Raptor, Jackie Therman ----------------------------------------------------

card("Tasha Morgan", Mode(window=W.ACTION, effects=(Employ(1),)), bearer=Bearer(bleed=1))

card(
    "Owl Companion",
    Mode(window=W.ACTION, effects=(Employ(1),)),
    Mode(window=W.ACTION, superior=True, effects=(Employ(2),)),
)
while_carried("Owl Companion", open_hand=True)

_RAPTOR_SUPERIOR = "raptor: [ANI]"
card(
    "Raptor",
    Mode(window=W.ACTION, effects=(Employ(1),)),
    Mode(window=W.ACTION, superior=True, effects=(Employ(1), MarkThisCard(_RAPTOR_SUPERIOR))),
    bearer=Bearer(intercept=1),
    notes="The level it was employed at decides its version for good (RTR 19941109, ANK 20180612).",
)
while_carried("Raptor", opposing_hand_size=-1, marked=_RAPTOR_SUPERIOR)

card("Jackie Therman", Mode(window=W.ACTION, effects=(Employ(1),)))
while_carried("Jackie Therman", maneuvers=1)


# -- Equipment: Assault Rifle, Kali's Fang, IR Goggles, Laptop Computer, Treasured Samadji ---------------------------

ASSAULT_RIFLE = Strike(damage=4, ranged=True, label="Assault Rifle")
card(
    "Assault Rifle",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(strike=ASSAULT_RIFLE, maneuver_each_combat=True),
)

KALIS_FANG = Strike(bonus=1, aggravated=True, label="Kali's Fang")
card("Kali's Fang", Mode(window=W.ACTION, effects=(Equip(),), label="equip"), bearer=Bearer(strike=KALIS_FANG))

card("IR Goggles", Mode(window=W.ACTION, effects=(Equip(),), label="equip"))
while_carried("IR Goggles", maneuvers=1)

card(
    "Laptop Computer",
    Mode(window=W.ACTION, when=carries_no("Laptop Computer"), effects=(Equip(),), label="equip"),
    bearer=Bearer(bleed=1),
)

card("Treasured Samadji", Mode(window=W.ACTION, effects=(Equip(),), label="equip"), bearer=Bearer(bleed=1))
while_carried("Treasured Samadji", strike_once=Strike(dodge=True, label="Treasured Samadji: dodge"))


# -- Double Deuce ----------------------------------------------------------------------------------------------------------

card("Double Deuce", Mode(window=W.ACTION, effects=(Recruit(3, strength=1, bleed=1),), label="recruit"))
ally_stealth("Double Deuce", 1)
ally_regains_life("Double Deuce", at_most=2, amount=1)


# -- Camera Phone ------------------------------------------------------------------------------------------------------------

card(
    "Camera Phone",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        bleeds=True,
        bleed=1,
        fizzles_unless_carried=True,
        action_bleed=ActionBleed(equipment_adds_none=True),  # "no other equipment can increase the bleed amount"
        label="bleed at +1 bleed",
    ),
)


# -- Erebus Mask, Palatial Estate, Blood Tears of Kephran, Leather Jacket --------------------------------------------

card("Erebus Mask", Mode(window=W.ACTION, effects=(Equip(),), label="equip"))
bearer_stealth("Erebus Mask", 1, clan="Harbinger of Skulls")


turn_blood(
    "master_phase_start", "Palatial Estate", 1, Minions()
)  # "During your master phase, this vampire gains 1 blood"


card(
    "Palatial Estate",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    notes="Put in play by an equip action; once there it is a location, not equipment (game.equipment_or_retainers).",
)

card(
    "Blood Tears of Kephran",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.PREVENT,
        in_play=True,
        when=all_of(holder_in_combat, damage_pending),
        effects=(BurnThisCard(), Prevent(2)),
        label="burn: prevent 2 damage",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=holder_below_capacity,
        effects=(BurnThisCard(), AddBlood(2, to_self=True)),
        label="burn: gain 2 blood",
    ),
    notes="Gaining 2 blood is offered in its controller's unlock phase (excess blood drains).",
)

card(
    "Leather Jacket",
    Mode(window=W.ACTION, when=carries_no("Leather Jacket"), effects=(Equip(), UnlockAtEndOfTurn()), label="equip"),
    Mode(
        window=W.PREVENT,
        in_play=True,
        when=all_of(holder_in_combat, damage_pending),
        effects=(BurnThisCard(), Prevent(all_damage=True, this_strike=True)),
        label="burn: prevent all damage from the opposing strike",
    ),
    notes="The unlock at the end of the turn happens as its controller's discard phase ends.",
)


# -- 47th Street Royals, Dog Pack, Incriminating Videotape, Feral Hound, Underbridge Stray --------------------------

card(
    "47th Street Royals",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=1, bleed=0),), label="recruit"),
    Mode(
        window=W.BLOCKS_DECLINED,
        in_play=True,
        when=bleeding_you,
        effects=(BurnThisMinion(), ReduceBleed(3)),
        label="burn: reduce a bleed against you by 3",
    ),
)

card("Dog Pack", Mode(window=W.ACTION, effects=(Employ(1),)))
while_carried("Dog Pack", opposing_cannot_end_combat=True)


_PREY_MINIONS = Minions(whose="prey", kind=None)  # the minions (ready) the player's prey controls


card(
    "Incriminating Videotape",
    Mode(
        window=W.ACTION,
        when=has_targets(_PREY_MINIONS),
        targets=_PREY_MINIONS,
        effects=(Equip(), v.ThisCardChoosesTarget()),
        label="equip, choosing a minion of your prey",
    ),
    notes="The minion is chosen as the equip action is announced (its target) among the prey's ready minions; the "
    "choice stays with the copy whoever later bears it.",
)
cannot_block("Incriminating Videotape", Minions(kind=None), chosen=True)  # "The chosen minion cannot block" the bearer

card(
    "Feral Hound",
    Mode(window=W.ACTION, effects=(Employ(1), UnlockInDiscardPhase())),
    Mode(window=W.ACTION, superior=True, effects=(Employ(1), UnlockAfterSuccess())),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=bearer_blocking(),
        effects=(LockThisCard(), Intercept(1)),
        label="lock: +1 intercept to the employer",
    ),
)


_OWN_LOCKED_OTHERS = Minions(kind=None, locked=True, not_self=True)  # ready locked minions you control


card(
    "Underbridge Stray",
    Mode(window=W.ACTION, effects=(Recruit(1, strength=0, bleed=0),), label="recruit"),
    Mode(window=W.ACTION, superior=True, effects=(Recruit(2, strength=1, bleed=0),), label="recruit"),
    Mode(
        window=W.BEFORE_STRIKES,
        in_play=True,
        when=all_of(has_targets(v.own_combatants), has_life),
        effects=(BurnLifeOfThisCard(1), v.OwnCombatantPresses(1)),
        label="burn 1 life: 1 press to your minion in combat",
    ),
    Mode(
        window=W.BEFORE_BLOCKS,
        in_play=True,
        when=all_of(directed_at_you, v.not_(v.self_blocking), has_targets(_OWN_LOCKED_OTHERS)),
        targets=_OWN_LOCKED_OTHERS,
        effects=(BurnThisMinion(), UnlockTarget()),
        label="burn: unlock a ready minion you control",
    ),
    notes="The press is given before strikes, for this round's press step.",
)


# -- Helicopter --------------------------------------------------------------------------------------------------------------

card(
    "Helicopter",
    Mode(window=W.ACTION, when=carries_no_card_saying("Vehicle"), effects=(Equip(), LockThisCard()), label="equip"),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=all_of(bearer_acting, action_succeeded, locked_self),
        effects=(LockThisCard(), UnlockSelf()),
        label="lock the Helicopter: unlock",
    ),
    notes="Equipping locks the Helicopter (it unlocks with its controller's cards in the unlock phase).",
)


# -- Muddled Vampire Hunter, The Vozhd of Sofia, The Vozhd of Gravesend, Vagabond Mystic ---------------------------------

card(
    "Muddled Vampire Hunter",
    Mode(window=W.ACTION, effects=(Recruit(1, strength=4, bleed=0),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=has_targets(ready_vampires_of_others),
        targets=ready_vampires_of_others,
        label="enter combat",
    ),
)
ally_first_strike("Muddled Vampire Hunter")

VOZHD_STRIKE = Strike(damage=3, ranged=True, label="Vozhd: 3R damage")


card(
    "Vozhd of Sofia, The",
    Mode(window=W.ACTION, effects=(Recruit(5, strength=3, bleed=0), BurnAnotherAllyOrRetainer()), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=has_targets(ready_minions_of_others),
        targets=ready_minions_of_others,
        label="enter combat",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=holds_card_of_type("Ally", "Retainer"),
        effects=(DiscardOfType("Ally", also="Retainer"), AddBlood(2, to_self=True)),
        label="discard an ally or retainer card: +2 life",
    ),
    ally=Ally(strikes=(VOZHD_STRIKE,)),
    notes="The card discarded is the first ally or retainer card in hand. It burns an ally or retainer however it "
    "enters play (ANK 20170309-2), itself with no other (RTR 19961113).",
)


card(
    "Vozhd of Gravesend, The",
    Mode(window=W.ACTION, effects=(Recruit(5, strength=4, bleed=0), BurnAnotherAllyOrRetainer()), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=has_targets(ready_vampires_of_others),
        targets=ready_vampires_of_others,
        label="enter combat",
    ),
    Mode(
        window=W.AS_PLAYED,
        in_play=True,
        when=all_of(holder_in_combat, v.strike_card_being_played, has_life),
        effects=(BurnLifeOfThisCard(1), CancelAsPlayed(), v.OpposingChoosesStrikeAgain()),
        label="burn 1 life: cancel a strike card",
    ),
)
ally_prevents_each_round("Vozhd of Gravesend, The", 1)

card(
    "Vagabond Mystic",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=0, bleed=0),), label="recruit"),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=all_of(ready_unlocked, has_targets(allies_below_starting_life)),
        targets=allies_below_starting_life,
        effects=(LockSelf(), AddBlood(1)),
        label="lock: 1 life to an ally below its starting life",
    ),
    notes="Its lock to heal is offered in its controller's unlock phase (it may lock the turn it is recruited: ANK "
    "20180517; never within a damage resolution step: LSJ 20001111).",
)
ally_cannot_block_vampires("Vagabond Mystic")


# -- Flaming Candle, Concoction of Vitality ----------------------------------------------------------------------------

card(
    "Flaming Candle",
    Mode(window=W.ACTION, effects=(Equip(),), limit="flaming candle", limit_scope="game", label="equip"),
    Mode(
        window=W.ANNOUNCED,
        in_play=True,
        when=all_of(bearer_acting, holder_has_blood),
        effects=(BurnBlood(1), BurnThisCard(), KindCannotBlock(VAMPIRE)),
        label="burn 1 blood and the Candle: unblockable by vampires",
    ),
)

card(
    "Concoction of Vitality",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.ANNOUNCED,
        in_play=True,
        when=bearer_acting,
        effects=(BurnThisCard(), KindCannotBlock(VAMPIRE), NoDisciplineCardsThisAction()),
        label="burn: vampires cannot block",
    ),
    notes="Usable after an action using a Discipline was announced (LSJ 20100402).",
)


# -- Codex of the Edenic Groundskeepers --------------------------------------------------------------------------------

card(
    "Codex of the Edenic Groundskeepers",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        bleeds=True,
        cost_blood=1,
        fizzles_unless_carried=True,
        action_bleed=ActionBleed(vs_no_ready_unlocked=3),  # "+3 bleed if the target controls no ready unlocked minions"
        label="bleed for 1 blood",
    ),
)
# "The bearer gets -2 stealth during bleed actions"
card_gives_bleeding("stealth", "Codex of the Edenic Groundskeepers", -2, Minions(kind=None), where="carried")


# -- Ruins of Ceoris ----------------------------------------------------------------------------------------------------

card(
    "Ruins of Ceoris",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    notes="Put in play by an equip action; once there it is a location, not equipment.",
)
while_carried("Ruins of Ceoris", maneuver_or_press=True, clan="Tremere antitribu")


# -- Zaire River Ferry, The Ankara Citadel, Turkey ---------------------------------------------------------------------

card(
    "Zaire River Ferry",
    Mode(window=W.ACTION, when=carries_no_card_saying("Haven"), effects=(Equip(),), label="equip"),
    Mode(
        window=W.BEFORE_BLOCKS,
        in_play=True,
        when=directed_at_bearer,
        effects=(LockThisCard(), EndAction()),
        label="lock: the action directed at this Lasombra fails",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=bearer_acting,
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth",
    ),
    notes="A location once in play. The action is made to fail at the first chance its controller has (state A, "
    "before any modifier or reaction but the acting Methuselah's 'as announced' ones: ANK 20190425, LSJ 20081105); "
    "it ends unblocked, with no resolution.",
)


card(
    "Ankara Citadel, Turkey, The",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(halves_blood_costs=True),
    notes="A location once in play (not equipment).",
)


# -- Veneficti --------------------------------------------------------------------------------------------------------------


_DEMON_ALLIES = v.of_creature(allies_of_others, "demon")
_DEMON_RETAINERS = v.of_creature(retainers_of_others, "demon")


card(
    "Veneficti",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=1, bleed=2),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        when=has_targets(_DEMON_ALLIES),
        targets=_DEMON_ALLIES,
        effects=(StealMinion(),),
        label="steal a demon ally",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        when=has_targets(_DEMON_RETAINERS),
        targets=_DEMON_RETAINERS,
        effects=(v.BurnTargetMinion(),),
        label="burn a demon retainer",
    ),
    ally=Ally(untargetable_up_to_capacity=6),
    notes="Directed actions that target him as a card (an action card's target) are the ones he is protected from.",
)
ally_stealth("Veneficti", 1)


# -- An Anarch Manifesto ------------------------------------------------------------------------------------------------

_REQUIRES_ANARCH = re.compile(r"[Rr]equires an? (?:[Aa]narch|\{[Aa]\}narch)")


@hook("stealth", "Anarch Manifesto, An")
def _manifesto_stealth(game: Game, act: Action) -> int:
    """The anarch with it gets +1 stealth on actions that require an anarch (an action card saying so)."""
    m = game.minions.get(act.actor)
    comp = game.compiled
    if m is None or m.sect != "Anarch" or act.card < 0 or comp is None or act.mode is None or act.mode.in_play:
        return 0
    printed = comp.cards.get(game.card_of[act.card])
    if printed is None or not _REQUIRES_ANARCH.search(printed.text or ""):
        return 0
    return 1 if carried(game, m.id, "Anarch Manifesto, An") else 0


@hook("strength", "Anarch Manifesto, An")
def _manifesto_strength(game: Game, minion: int) -> int:
    """Titled non-Anarch vampires get +1 strength in combat with the minion carrying it."""
    c = current_combat(game)
    m = game.minions.get(minion)
    if c is None or m is None or minion not in (c.a.minion, c.b.minion):
        return 0
    if m.kind != VAMPIRE or not m.title or m.sect == "Anarch":
        return 0
    return 1 if carried(game, c.other(minion).minion, "Anarch Manifesto, An") else 0


card(
    "Anarch Manifesto, An",
    Mode(window=W.ACTION, when=carries_no("Anarch Manifesto, An"), effects=(Equip(),), label="equip"),
)


# -- Stolen Police Cruiser ------------------------------------------------------------------------------------------------

_CRUISER = "Stolen Police Cruiser"


def _anarch_with_cruiser(game: Game, minion: int) -> bool:
    m = game.minions.get(minion)
    return m is not None and m.sect == "Anarch" and bool(carried(game, minion, _CRUISER))


card_gives("bleed", _CRUISER, 1, Minions(kind=None, sect="Anarch"), where="carried")  # "This Anarch gets +1 bleed"


@hook("intercept", _CRUISER)
def _cruiser_intercept(game: Game, minion: int, act: Action) -> int:
    """Allies and younger vampires get -1 intercept against this Anarch."""
    m, actor = game.minions.get(minion), game.minions.get(act.actor)
    if m is None or actor is None or not _anarch_with_cruiser(game, actor.id):
        return 0
    return -1 if m.kind == ALLY or (m.kind == VAMPIRE and m.capacity < actor.capacity) else 0


def _burning_cruiser(game: Game, act: Action) -> bool:
    return (
        act.kind is Act.BURN_CARD and act.target_minion >= 0 and game.card_of[act.target_minion] == vekn(game, _CRUISER)
    )


@hook("directed_cost", _CRUISER)
def _cruiser_burn_cost(game: Game, act: Action) -> int:
    """Burning it is a (D) action that costs 1 pool."""
    return 1 if _burning_cruiser(game, act) else 0


@hook("before_resolution", _CRUISER)
def _cruiser_bearer(game: Game, act: Action) -> None:
    """Note the minion carrying it before the action burns it."""
    if _burning_cruiser(game, act):
        holder = next((m.id for m in game.minions.values() if act.target_minion in m.cards), -1)
        act.flags["cruiser bearer"] = holder + 1


@hook("after_resolution", _CRUISER)
def _cruiser_burned(game: Game, act: Action) -> None:
    """If the burn action is successful, this Anarch is locked and does not unlock as normal during their next
    unlock phase."""
    holder = act.flags.pop("cruiser bearer", 0) - 1
    m = game.minions.get(holder)
    if act.succeeded and m is not None and m.in_play:
        m.locked = True
        add_rider(game, holder, "stunned", 1, Until.END_OF_GAME)
        game.log("lock", controller(game, holder), holder)


card(
    _CRUISER,
    Mode(window=W.ACTION, when=carries_no_card_saying("Vehicle"), effects=(Equip(),), label="equip"),
    burn="vampire",
)


# -- Cards that give Discipline levels: Hand of Conrad, The Sargon Fragment, Ritual Goblet, Seal of Veddartha -----------


def _still_carried(game: Game, play: Play) -> bool:
    """The card giving the action is still on the acting minion: otherwise the action fizzles (succeeds for no
    effect: RTR 19960221)."""
    m = game.minions.get(play.minion)
    return m is not None and play.card in m.cards


card(
    "Hand of Conrad",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        when=has_targets(v.vampires_in_ash_heap),
        effects=(v.If(v.still_carried, (v.AshHeapVampireToUncontrolled(),)),),
        label="a vampire from the ash heap to the uncontrolled region",
    ),
    notes="The vampire moved is the one with the highest capacity.",
)
grants_disciplines("Hand of Conrad", fixed_levels(pot=2))


card(
    "Sargon Fragment, The",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        cost_blood=1,
        when=has_targets(v.library_cards_in_ash_heap),
        effects=(v.If(v.still_carried, (v.AshHeapCardToHand(fixed=True),)),),
        label="a library card from the ash heap to the hand",
    ),
    notes="The card fetched is chosen by a fixed rule (the last one put in the ash heap that the engine models), on "
    "resolution: any copy of the card named may be fetched then (LSJ 20050228).",
)
grants_disciplines("Sargon Fragment, The", fixed_levels(nec=2))


card(
    "Ritual Goblet",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(rescue_cost=-1, unlock_after_rescue=True),
)
grants_disciplines("Ritual Goblet", fixed_levels(tha=1))


def _seal_levels(game: Game, copy: int) -> dict[str, int]:
    """The first 2 counters each give a level of Dominate, the next 2 a level of Fortitude (LSJ 20070320-2)."""
    n = game.card_counters.get(copy, 0)
    return {"dom": min(n, 2), "for": max(0, min(n, 4) - 2)}


card(
    "Seal of Veddartha",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        bleeds=True,
        bleed=1,
        when=capacity_at_least(6),  # "only usable by a vampire with capacity above 5"
        fizzles_unless_carried=True,
        label="bleed at +1 bleed",
    ),
    notes="A vampire with capacity 5 or less may carry it and gets the Disciplines, not the bleed (LSJ 20030607, ANK "
    "20180801). No effect in the engine moves an equipment to another minion, so its counters are never removed.",
)
grants_disciplines("Seal of Veddartha", _seal_levels)
# "During each of your unlock phases, put a counter on this card if it has 3 or fewer counters" (on a vampire)
turn_blood("unlock", "Seal of Veddartha", 1, Minions(), on="card", at_most=3)


# -- Kaymakli Fragment -----------------------------------------------------------------------------------------------------

_KAYMAKLI = "Kaymakli Fragment"
while_carried(_KAYMAKLI, opposing_steals=True)  # "An opposing minion can strike: steal this equipment"


card(
    _KAYMAKLI,
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        when=bearer_in_sect("Sabbat"),
        effects=(v.If(v.still_carried, (DrawCards(5),)),),
        label="draw 5 cards",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=1,
        when=all_of(v.infernal_actor, has_targets(Minions(whose="uncontrolled"))),
        effects=(v.If(v.still_carried, (BloodToUncontrolled(3),)),),
        label="add 3 blood to an uncontrolled vampire",
    ),
    notes="The steal strike is a close-range strike that resolves with the round's normal strikes.",
)


# -- Ossian ----------------------------------------------------------------------------------------------------------------

_OSSIAN_HELD = "combat:ossian: no maneuver"
_OSSIAN_GAINED = "round:ossian: life gained"


@hook("round_start", "Ossian")
def _ossian_first_round(game: Game, c: Combat) -> None:
    """In the first round of combat with a vampire who played a card requiring Auspex during this action (any
    action: LSJ 20050201), that vampire cannot use any maneuvers or strikes (an Auspex strike is usable when none
    was played before: ANK 20210614)."""
    act = c.action
    for side in (c.a, c.b):
        other = c.other(side.minion)
        if _OSSIAN_HELD in other.used:  # the first round is over
            other.used.discard(_OSSIAN_HELD)
            other.used.discard("combat:no maneuver to long")
        if c.round != 1 or act is None or not _is_ally_named(game, side.minion, "Ossian"):
            continue
        v = game.minions.get(other.minion)
        if v is None or v.kind != VAMPIRE or "aus" not in act.disciplines.get(v.id, set()):
            continue
        other.used.add("round:cannot strike")
        if "combat:no maneuver to long" not in other.used:  # the range is close as the round starts
            other.used.add("combat:no maneuver to long")
            other.used.add(_OSSIAN_HELD)


def _ossian_gains(game: Game, c: Combat) -> None:
    """Ossian gains 1 life for each blood the opposing vampire used this round to heal damage or prevent its
    destruction (its blood lost to damage), once each round."""
    for side in (c.a, c.b):
        other = c.other(side.minion)
        v = game.minions.get(other.minion)
        if _OSSIAN_GAINED in side.used or not _is_ally_named(game, side.minion, "Ossian") or v is None:
            continue
        side.used.add(_OSSIAN_GAINED)
        if v.kind == VAMPIRE and other.lost_blood > 0:
            move_blood(game, side.minion, other.lost_blood)
            game.log("add blood", controller(game, side.minion), side.minion, other.lost_blood)


@hook("press_step", "Ossian")
def _ossian_press_step(game: Game, c: Combat) -> None:
    _ossian_gains(game, c)


@hook("after_combat", "Ossian")
def _ossian_after_combat(game: Game, c: Combat) -> None:
    """The round ended early (no press step): the life is gained all the same (RTR 20030519)."""
    _ossian_gains(game, c)


card(
    "Ossian",
    Mode(window=W.ACTION, effects=(Recruit(4, strength=2, bleed=0),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        enters_combat=True,
        when=has_targets(ready_vampires_of_others),
        targets=ready_vampires_of_others,
        label="enter combat",
    ),
    notes="His life may exceed his starting life (ANK 20171109). The life is gained as the press step starts (or as "
    "the combat ends, when the round ended early): no effect in the engine reads his life in between.",
)


# -- Soul Gem of Etrius ----------------------------------------------------------------------------------------------------

_SOUL_GEM = "soul gem of etrius: on"


def _soul_gem_marks(game: Game, play: Play) -> None:
    """Note the vampire the Gem is on (the "burned" hook reads it once the vampire and its cards are gone)."""
    if play.minion in game.minions and play.card in game.minions[play.minion].cards:
        add_rider(game, play.minion, _SOUL_GEM, play.card, Until.END_OF_GAME)


@hook("unlock", "Soul Gem of Etrius")
def _soul_gem_refresh(game: Game, seat: int) -> int:
    """Each unlock phase the notes are made again from the table: a Gem put on a vampire otherwise than by its
    equip action is noted, a Gem no longer on its vampire is forgotten."""
    wanted = vekn(game, "Soul Gem of Etrius")
    game.riders = [r for r in game.riders if r.key != _SOUL_GEM]
    for m in list(game.minions.values()):
        for c in m.cards:
            if game.card_of[c] == wanted:
                add_rider(game, m.id, _SOUL_GEM, c, Until.END_OF_GAME)
    return 0


def _burned_with(game: Game, gem: int, vampire: int) -> bool:
    """The Gem went to the ash heap with the vampire just burned: only cards that sit on minions (and the vampire)
    follow it in its owner's ash heap."""
    heap = game.seats[game.owner_of[gem]].ash_heap
    if gem not in heap:
        return False
    types = game.compiled.types if game.compiled is not None else {}
    after = heap[heap.index(gem) + 1 :]
    on_minions = {"Equipment", "Retainer", "Master"}
    return all(c == vampire or on_minions & types.get(game.card_of[c], frozenset()) for c in after)


@hook("burned", "Soul Gem of Etrius")
def _soul_gem(game: Game, m: Minion, seat: int) -> None:
    """If the bearer is burned (not removed from the game: LSJ 20000113), its controller draws the top card of
    their crypt: a younger vampire comes to the ready region with the Gem and blood from the bank equal to its
    capacity (a new vampire for all purposes: LSJ 20100213); otherwise it goes to the uncontrolled region and the
    Gem stays burned. A younger vampire burned at once (contested) triggers the Gem again (RTR 20010710)."""
    marks = [r for r in game.riders if r.holder == m.id and r.key == _SOUL_GEM]
    for r in marks:
        game.riders.remove(r)
    if m.kind != VAMPIRE or not marks or seat < 0:
        return
    gem = marks[-1].value
    owner = game.seats[game.owner_of[gem]]
    s = game.seats[seat]
    if not _burned_with(game, gem, m.id) or s.ousted or not s.crypt:
        return
    drawn = crypt_draw(game, seat)
    new = game.minions.get(drawn) if drawn is not None else None
    if new is None or new.capacity >= m.capacity:
        return
    new.blood = new.capacity
    game.gained += new.capacity
    own_copy = bool(new.unique and same_key(game, seat, new.id))
    bring_out(game, seat, new.id)
    minion_entered(game, seat, new.id)
    owner.ash_heap.remove(gem)
    new.cards.append(gem)
    add_rider(game, new.id, _SOUL_GEM, gem, Until.END_OF_GAME)
    game.log("equip", seat, new.id, gem)
    if own_copy:
        burn_minion(game, new.id)  # a copy of a vampire its player controls burns: the Gem goes on (RTR 20010710)


card(
    "Soul Gem of Etrius",
    Mode(window=W.ACTION, effects=(Equip(), _soul_gem_marks), label="equip"),
    notes="A younger vampire that is a copy of one its player controls is burned at once, and the Gem draws again "
    "(RTR 20010710). The Gem's vampire is noted as it is equipped and again at each unlock phase.",
)


# -- Ponticulus --------------------------------------------------------------------------------------------------------------


card(
    "Ponticulus",
    Mode(window=W.ACTION, effects=(Recruit(1, strength=0, bleed=0),), label="recruit"),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(ready_unlocked, v.blocker_of(None, clan="Tremere")),
        effects=(LockSelf(), Intercept(1)),
        label="lock: +1 intercept to a Tremere",
    ),
    ally=Ally(intercept_directed_at_controller=1, immune_to_normal_damage=True, cannot_act=True),
    notes="He cannot act, so he never equips (nor uses equipment).",
)


# -- Shaal Fragment ------------------------------------------------------------------------------------------------------


card_gives("hand_size", "Shaal Fragment", 2, where="on controlled")  # +2 hand size for the minion's controller


card(
    "Shaal Fragment",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    steal="vampire",
    notes="Another Methuselah's vampire steals it by a (D) action at its controller: it goes on the acting vampire.",
)


# -- Rock Cat, Grey Thorne: allies playing cards as vampires --------------------------------------------------------------


card(
    "Rock Cat",
    Mode(window=W.ACTION, effects=(Recruit(4, strength=3, bleed=0),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=has_targets(ready_minions_of_others),
        targets=ready_minions_of_others,
        label="enter combat",
    ),
    ally=Ally(presses_each_combat=1, first_round_stops_capacity=3),
)
plays_as_vampire("Rock Cat", ("pot",), capacity=3)


card(
    "Grey Thorne",
    Mode(window=W.ACTION, effects=(Recruit(2, strength=1, bleed=1),), label="recruit"),
    notes="He plays cards requiring basic Celerity or Potence (a blood cost paid with his life, never his last); his "
    "anarch donor is the ready anarch with the most blood (2 or more).",
)
plays_as_vampire("Grey Thorne", ("cel", "pot"), sect="Anarch")
# "During your unlock phase, if Grey has only 1 life, any ready anarch may burn a blood to add 1 life to him"
ally_regains_life("Grey Thorne", at_most=1, amount=1, donor_sect="Anarch")


# -- Infernal Servitor -------------------------------------------------------------------------------------------------

_SERVITOR = "Infernal Servitor"
_SERVITOR_SUPERIOR = "infernal servitor: [DAI]"


def _infernal(game: Game, m: Minion) -> bool:
    printed = game.compiled.cards.get(m.card) if game.compiled is not None else None
    return m.kind == VAMPIRE and printed is not None and "Infernal." in (printed.text or "")


def _remove_servitors(game: Game, seat: int, only: int = -1) -> None:
    """Remove the seat's Servitors from the game (``only``: that one)."""
    for m in _allies_named(game, seat, _SERVITOR):
        if only < 0 or m.id == only:
            leave_play(game, m.id, removed=True)
            game.log("remove from the game", seat, m.id)


def _servitor_check(game: Game) -> None:
    """Remove it from the game if you control no infernal vampires."""
    for s in game.order:
        if game.seats[s].ousted or not _allies_named(game, s, _SERVITOR):
            continue
        own = (game.minions.get(c) for c in game.seats[s].controlled)
        if not any(m is not None and m.in_play and _infernal(game, m) for m in own):
            _remove_servitors(game, s)


@hook("after_resolution", _SERVITOR)
def _servitor_acted(game: Game, act: Action) -> None:
    """After it performs a successful action, it is removed from the game."""
    if act.succeeded and _is_ally_named(game, act.actor, _SERVITOR):
        _remove_servitors(game, act.seat, only=act.actor)
    _servitor_check(game)


@hook("burned", _SERVITOR)
def _servitor_infernal_burned(game: Game, m: Minion, seat: int) -> None:
    _servitor_check(game)


@hook("unlock", _SERVITOR)
def _servitor_unlock(game: Game, seat: int) -> int:
    _servitor_check(game)
    return 0


card(
    _SERVITOR,
    Mode(window=W.ACTION, effects=(Recruit(2, strength=1, bleed=3), MayActThisTurn()), label="recruit"),
    Mode(
        window=W.ACTION,
        superior=True,
        effects=(Recruit(2, strength=1, bleed=3), MayActThisTurn(), MarkThisCard(_SERVITOR_SUPERIOR)),
        label="recruit",
    ),
    notes="Having no infernal vampire is checked after each action, each burn and each unlock phase. [DAI]: it plays "
    "cards requiring basic Daimoinon or Obfuscate as an independent vampire, a blood cost paid with its life, never "
    "its last (the engine never offers a play that burns it).",
)
plays_as_vampire(_SERVITOR, ("dai", "obf"), sect="Independent", marked=_SERVITOR_SUPERIOR)


# -- Spectral Servitor -------------------------------------------------------------------------------------------------

_SPECTRAL = "Spectral Servitor"
_SPECTRAL_SUPERIOR = "spectral servitor: [OBL]"


card(
    _SPECTRAL,
    Mode(
        window=W.ACTION,
        effects=(Recruit(1, strength=1, bleed=1), UnlockIfFirstRecruit(), MayActThisTurn()),
        label="recruit",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        effects=(
            Recruit(1, strength=1, bleed=1),
            UnlockIfFirstRecruit(),
            MayActThisTurn(),
            MarkThisCard(_SPECTRAL_SUPERIOR),
        ),
        label="recruit",
    ),
    ally=Ally(burned_in_unlock=True, pool_instead_marked=_SPECTRAL_SUPERIOR),
    notes="It plays non-action cards requiring basic Oblivion as an independent vampire, a blood cost paid with its "
    "life, never its last; one Discipline of a multi-Discipline card (LSJ 20011217).",
)
plays_as_vampire(_SPECTRAL, ("obl",), sect="Independent", not_of_type="Action")


# -- Nocturn ---------------------------------------------------------------------------------------------------------------

_NOCTURN = "Nocturn"


card(
    _NOCTURN,
    Mode(
        window=W.ACTION,
        effects=(Recruit(1, strength=1, bleed=1), UnlockIfFirstRecruit(), MayActThisTurn()),
        label="recruit",
    ),
    Mode(
        window=W.ACTION,
        superior=True,
        effects=(Recruit(1, strength=1, bleed=1), UnlockIfFirstRecruit(), MayActThisTurn(), MayRepeatThisTurn(1)),
        label="recruit",
    ),
    ally=Ally(burned_in_unlock=True),
    notes="It plays non-ally cards requiring basic Obtenebration as an independent vampire, a blood cost paid with "
    "its life, never its last; one Discipline of a multi-Discipline card (LSJ 20011217).",
)
plays_as_vampire(_NOCTURN, ("obt",), sect="Independent", not_of_type="Ally")


# -- Shilmulo Tarot -----------------------------------------------------------------------------------------------------
# The cards on it wait face down in ``Game.held``; a replacement draw may take one of them instead (the rules' one
# point: game.refill's "draw_instead" hook).

_TAROT = "Shilmulo Tarot"


@hook("draw_instead", _TAROT)
def _tarot_draw(game: Game, seat: int, n: int) -> int:
    """While the Ravnos carrying it is ready, each card its Methuselah would draw from the library may be one of the
    Tarot's instead: one it could play now (the playbook's ``playable_worth``), the best first."""
    tarot = vekn(game, _TAROT)
    hand = game.seats[seat].hand
    taken = 0
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is None or not m.cards or not m.in_play or m.torpor or m.contested or m.clan != "Ravnos":
            continue
        for t in m.cards:
            if game.card_of[t] != tarot:
                continue
            # only its Methuselah's own cards: a Tarot that changed hands with its Ravnos (a stolen vampire) keeps
            # the first owner's cards, which never enter another Methuselah's hand (1 card-zone violation in 10,000
            # audited games)
            while taken < n and any(game.owner_of[x] == seat for x in held_on(game, t)):
                worth = {x: playable_worth(game, seat, x) for x in held_on(game, t) if game.owner_of[x] == seat}
                best = max(worth, key=lambda x: worth[x])
                if worth[best] <= 0:
                    break
                unhold(game, best)
                hand.append(best)
                taken += 1
                game.log("draw from card", seat, t)
    return taken


card(
    _TAROT,
    Mode(window=W.ACTION, effects=(Equip(), HoldLibraryTop(2)), label="equip"),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=library_at_least(1),
        effects=(HoldLibraryTop(1),),
        label="move the top card of your library to this equipment",
    ),
    notes="A card the Methuselah would draw from the library to replace (or refill the hand: game.refill) is taken "
    "from the Tarot instead when a card on it is playable now by the Methuselah or one of its ready minions (the best "
    "first, by the playbook's judgement: the draw asks no decision); other draws (a card's 'draw a card') come from "
    "the library. Only equipping it moves 2 cards onto it (LSJ 20090506: merely put in play, it gets none). Unique "
    "(a second copy is not offered). The cards on it burn as it leaves play (LSJ 20021128).",
)


# -- Waiting Game -------------------------------------------------------------------------------------------------------

_WAITING = "Waiting Game"


def _waiting_games(game: Game) -> list[int]:
    wanted = vekn(game, _WAITING)
    return [c for s in game.order for c in game.seats[s].controlled if game.card_of[c] == wanted]


@hook("announced", _WAITING)
def _waiting_counter(game: Game, act: Action) -> None:
    """ "Whenever a non-Anarch vampire takes an action, burn a counter from this card" (its action announced past the
    "as played" window: an action cancelled later still counts, ANK 20210124); "burn this card when it has no
    counters"."""
    m = game.minions.get(act.actor)
    if m is None or m.kind != VAMPIRE or m.sect == "Anarch":
        return
    for c in _waiting_games(game):
        game.card_counters[c] = game.card_counters.get(c, 0) - 1
        if game.card_counters[c] <= 0:
            burn_card(game, c)


@hook("unlock", _WAITING)
def _waiting_unlock(game: Game, seat: int) -> Generator[Any, Any, None] | None:
    """During its controller's unlock phase: each Anarch burns 1 blood or becomes Camarilla (its controller's
    choice), each ally burns 1 life."""
    wanted = vekn(game, _WAITING)
    copies = sum(1 for c in game.seats[seat].controlled if game.card_of[c] == wanted)
    return _waiting_toll(game, copies) if copies else None


def _waiting_toll(game: Game, copies: int) -> Generator[Any, Any, None]:
    for _ in range(copies):
        for s in game.order:
            for m in _in_play(game, s):
                if m.kind == ALLY:
                    move_blood(game, m.id, -1)
                    if m.blood <= 0:
                        burn_minion(game, m.id)
                elif m.kind == VAMPIRE and m.sect == "Anarch":
                    burn = Option(Kind.TERMS, s, minion=m.id, value=0)  # burn 1 blood
                    join = Option(Kind.TERMS, s, minion=m.id, value=1)  # become Camarilla
                    options = [join] if m.blood < 1 else [burn, join] if keeps_anarch(game, m.id) else [join, burn]
                    option = yield from choose(game, s, options)
                    if option.value == 0:
                        move_blood(game, m.id, -1)
                    else:
                        m.sect = "Camarilla"
                        game.log("sect camarilla", s, m.id)


def _in_play(game: Game, seat: int) -> list[Minion]:
    """The seat's minions in play, ready or in torpor (retainers too: the caller skips them)."""
    return [m for c in game.seats[seat].controlled if (m := game.minions.get(c)) is not None and m.in_play]


card(
    _WAITING,
    Mode(window=W.DISCARD, effects=(PutInPlay(), WithCounters(10))),
    notes="An event: played in the discard phase for the discard phase action. Every Anarch and every ally at the "
    "table pays its toll in its controller's unlock phase (an Anarch with no blood becomes Camarilla); a retainer is "
    "no ally.",
)


# -- Sengir Dagger ------------------------------------------------------------------------------------------------------

SENGIR_DAGGER = Strike(aggravated=True, label="Sengir Dagger")  # strength aggravated damage, at close range
card(
    "Sengir Dagger",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(strike=SENGIR_DAGGER),
    notes="Unique (a second copy is not offered).",
)


# -- Thirst -------------------------------------------------------------------------------------------------------------


def _gehenna_in_play(game: Game) -> int:
    """The Gehenna events in play (any Methuselah's)."""
    cards = game.compiled.cards
    return sum(
        1
        for s in game.order
        for c in game.seats[s].controlled
        if c not in game.minions and (cards[game.card_of[c]].text or "").startswith("Gehenna.")
    )


@hook("announced", "Thirst")
def _thirst_hunt(game: Game, act: Action) -> None:
    """A hunt action taken (successful or not: LSJ 20050727), by the rules or by a card."""
    hunt = act.kind is Act.HUNT or (act.mode is not None and any(isinstance(e, HuntFor) for e in act.mode.effects))
    if hunt:
        game.used.add(("hunted", act.actor, game.turn))


@hook("after_minion_phase", "Thirst")
def _thirst(game: Game, seat: int) -> None:
    """ "After each Methuselah's minion phase ends, each ready vampire controlled by that Methuselah with capacity
    less than the number of Gehenna events in play who did not hunt during that minion phase burns 1 blood"."""
    events = _gehenna_in_play(game)
    for m in ready_minions(game, seat):
        if m.kind == VAMPIRE and m.capacity < events and ("hunted", m.id, game.turn) not in game.used:
            if move_blood(game, m.id, -1):
                game.log("burn blood", seat, m.id, 1)


card(
    "Thirst",
    Mode(window=W.DISCARD, effects=(PutInPlay(),)),
    notes="An event: played in the discard phase for the discard phase action. A Gehenna event is a card in play whose "
    "text opens with 'Gehenna.'.",
)


# -- cards added by cov_f --------------------------------------------------------------------------------------------

card(
    "Flak Jacket",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    Mode(
        window=W.PREVENT,
        in_play=True,
        when=all_of(holder_in_combat, damage_pending),
        effects=(Prevent(1),),
        limit="flak jacket",
        limit_scope="combat",
        label="prevent 1 damage",
    ),
)
card("Revenant", Mode(window=W.ACTION, effects=(Employ(2),)), bearer=Bearer(intercept=1))
card(
    "D'habi Revenant",
    Mode(window=W.ACTION, effects=(Employ(2),)),
    bearer=Bearer(bleed=1),
    notes="Only a Baali employs it (its requirement), so its bearer is the Baali that gets +1 bleed.",
)
card(
    "Flamethrower",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(strike=Strike(damage=2, ranged=True, aggravated=True, label="Flamethrower")),
)
card(
    "Sawed-Off Shotgun",
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(strike=Strike(damage=3, ranged=True, label="Sawed-Off Shotgun"), once_each_combat=True),
    notes="Each copy carried gives one use a combat (ANK 20230316).",
)
card(
    "ECTU Operative",
    Mode(window=W.ACTION, effects=(Recruit(3, strength=1, bleed=0),), label="recruit"),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        when=has_targets(torpid_vampires_of_others),
        targets=torpid_vampires_of_others,
        effects=(v.BurnTorpidTarget(),),
        label="burn a vampire in torpor",
    ),
    ally=Ally(strikes=(Strike(damage=1, ranged=True, label="ECTU Operative"),), maneuvers_each_combat=1),
)

_NWC_DAMAGE = "neighborhood watch commander damage"
card(
    "Neighborhood Watch Commander",
    Mode(window=W.ACTION, effects=(Recruit(1, strength=1, bleed=0),), label="recruit"),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=all_of(ready_unlocked, v.vampire_action_failed, v.action_not_marked(_NWC_DAMAGE)),
        effects=(LockSelf(), v.MarkAction(_NWC_DAMAGE), v.DamageActor(1)),
        label="lock: 1 damage on the acting vampire",
    ),
)

_FINGER, _BLADE = "Sire's Index Finger", "Blade of Enoch"
card(_FINGER, Mode(window=W.ACTION, effects=(Equip(),), label="equip"), bearer=Bearer(frenzy_immune=True))
card(
    _BLADE,
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(
        strike=Strike(bonus=1, aggravated_vs=("Brujah", "Brujah antitribu"), label="Blade of Enoch"),
        strike_capacity_above=5,
        frenzy_immune=True,
        frenzy_immune_capacity_above=5,
    ),
    notes="A vampire of capacity 5 or less may carry it, without its strike or immunity (LSJ 20030607).",
)


_IMPROVISED = "Improvised Flamethrower"
card(
    _IMPROVISED,
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    bearer=Bearer(
        strike=Strike(damage=2, ranged=True, aggravated=True, label="Improvised Flamethrower"), once_each_combat=True
    ),
    notes="Each copy gives one use a combat (ANK 20230316). The 2 aggravated damage on the bearer is taken at once, "
    "as the opposing strike's damage is counted (before prevention), without a prevention step of its own.",
)


@hook("strike_inflicted", _IMPROVISED)
def _improvised_backfire(game: Game, c: Combat, side: Any, strike: Any, amount: int) -> None:
    """Damage inflicted by the opposing minion at long range, even if prevented (LSJ 20040802): each Improvised
    Flamethrower on the minion hit burns, and the minion takes 2 aggravated damage."""
    if c.range is not Range.LONG or amount <= 0:
        return
    victim = c.other(side.minion).minion
    for copy in carried(game, victim, _IMPROVISED):
        burn_card(game, copy)
        game.log("burn", controller(game, victim), copy)
        if victim in game.minions and game.minions[victim].in_play:
            take_damage(game, victim, 0, 2)


_BOOK = "Book of Going Forth by Night, The"
card(_BOOK, Mode(window=W.ACTION, effects=(Equip(),), label="equip"))
grants_disciplines(_BOOK, fixed_levels(ser=2))


@hook("ally_spared", _BOOK)
def _book_takes_the_ally(game: Game, minion: int) -> bool:
    """An ally opposing the vampire with the Book in combat would be burned: its controller steals and locks it
    instead, and if it has lost its last life it gains 1 life (requirements do not apply: TOM 19960226-1)."""
    c = current_combat(game)
    if c is None or minion not in (c.a.minion, c.b.minion):
        return False
    holder = game.minions.get(c.other(minion).minion)
    if holder is None or holder.kind != VAMPIRE or not carried(game, holder.id, _BOOK) or not is_ready(game, holder.id):
        return False
    seat = controller(game, holder.id)
    StealMinion()(game, Play(seat=seat, card=-1, mode=_BOOK_STEAL, minion=holder.id, target=minion))
    ally = game.minions.get(minion)
    if ally is None or controller(game, minion) != seat:
        return False
    if ally.blood <= 0:
        move_blood(game, minion, 1)
    ally.locked = True
    c.over = True
    return True


_BOOK_STEAL = Mode(window=W.PREVENT, label="The Book of Going Forth by Night: steal the ally")

_VIVIENNE = "Vivienne Géroux"


def _vivienne_here(game: Game, play: Play) -> bool:
    """A vampire acting for the ability (not Vivienne herself: her in-play modes are her Methuselahs' vampires')."""
    m = game.minions.get(play.minion)
    return m is not None and m.kind == VAMPIRE and play.card in game.minions


def _vivienne_itself(game: Game, play: Play) -> Sequence[int]:
    return [play.card] if play.card in game.minions else []


def _give_vivienne(game: Game, play: Play) -> None:
    """The Methuselah the action is directed at takes control of Vivienne."""
    if 0 <= play.target < len(game.seats) and not game.seats[play.target].ousted:
        StealMinion()(game, dataclasses.replace(play, seat=play.target, target=play.card))


_VIVIENNE_GIVE = Mode(
    window=W.ACTION,
    in_play=True,
    role=Role.ACTOR,
    directed=True,
    seat_target=True,
    when=_vivienne_here,
    targets=v.other_methuselahs,
    effects=(_give_vivienne,),
    label="give another Methuselah control of Vivienne",
)
_VIVIENNE_STEAL = Mode(
    window=W.ACTION,
    in_play=True,
    role=Role.ACTOR,
    directed=True,
    when=_vivienne_here,
    targets=_vivienne_itself,
    effects=(StealMinion(),),
    label="steal Vivienne",
)
card(
    _VIVIENNE,
    Mode(window=W.ACTION, effects=(Recruit(2, strength=2, bleed=1),), label="recruit"),
    _VIVIENNE_GIVE,
    _VIVIENNE_STEAL,
    notes="Her Methuselah's vampires may give her away, the others' steal her: the 'offered_actions' hook.",
)
plays_as_vampire(_VIVIENNE, ("cel", "for"), sect="Anarch", combined=True)


@hook("offered_actions", _VIVIENNE)
def _vivienne_offered(game: Game, seat: int, m: Minion) -> list[tuple[int, Handler]]:
    """A vampire may give away Vivienne if its Methuselah controls her, else steal her."""
    if m.kind != VAMPIRE or game.compiled is None:
        return []
    wanted = vekn(game, _VIVIENNE)
    out = []
    for s in game.order:
        for c in game.seats[s].controlled:
            if game.card_of[c] == wanted and c in game.minions and game.minions[c].in_play:
                mode = _VIVIENNE_GIVE if s == seat else _VIVIENNE_STEAL
                out += [(c, h) for h in game.compiled.in_play.get((wanted, W.ACTION), ()) if h.mode is mode]
    return out


@hook("stealth", _VIVIENNE)
def _vivienne_stealth(game: Game, act: Action) -> int:
    """Vampires of Vivienne's Methuselah get -1 stealth during political actions."""
    actor = game.minions.get(act.actor)
    if act.kind is not Act.POLITICAL or actor is None or actor.kind != VAMPIRE:
        return 0
    wanted = vekn(game, _VIVIENNE)
    mine = game.seats[act.seat].controlled
    return -1 if any(game.card_of[c] == wanted and c in game.minions for c in mine) else 0


# --- cov_a ------------------------------------------------------------------------------------------------------------

_GRAN_MADRE = "Gran Madre di Dio, Italy"

card(
    _GRAN_MADRE,
    Mode(window=W.ACTION, effects=(Equip(),), label="equip"),
    notes="An equipment in hand, a location once in play (game.equipment_or_retainers: not equipment); it stays on "
    'the minion it was put on. "A younger vampire" is read as younger than the vampire it is on. No modelled '
    "effect changes its controller (RTR 19960112).",
)


@hook("minion_in_play", _GRAN_MADRE)
def _gran_madre(game: Game, seat: int, copy: int) -> None:
    """When your predator or prey puts a minion in play in any phase but the unlock phase, that minion is locked;
    a vampire younger than the one this card is on burns 1 blood."""
    m = game.minions.get(copy)
    if m is None or not m.in_play or game.phase is Phase.UNLOCK:
        return
    wanted = vekn(game, _GRAN_MADRE)
    for other in game.order:
        if other == seat or seat not in (game.prey(other), game.predator(other)):
            continue
        for c in game.seats[other].controlled:
            holder = game.minions.get(c)
            if holder is None or not any(game.card_of[x] == wanted for x in holder.cards):
                continue
            m.locked = True
            game.log("lock", other, copy)
            if m.kind == VAMPIRE and holder.kind == VAMPIRE and m.capacity < holder.capacity and m.blood:
                move_blood(game, copy, -1)
                game.log("burn blood", seat, copy, 1)
            return
