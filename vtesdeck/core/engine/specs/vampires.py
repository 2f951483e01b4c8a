"""Vampires' printed abilities (by unique name). A vampire whose text is only its sect, title, clan or traits
has an empty spec: the engine models those already (votes from the title, sect, traits).

Static bonuses are the ``vampire(...)`` fields (a vampire's hand size counts while it is ready: game.hand_size
sums the ready minions'); conditional ones are hooks below, each checking that the minion is the vampire
named (hooks are global: every game calls them)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from .. import economy
from ..cards import CRYPT, Mode, Play, Role, hook, vampire
from ..frames import Action, Combat, Referendum, Until
from ..handlers import Handler
from ..state import ALLY, RETAINER, VAMPIRE, Game, Minion, leave_play
from ..vocabulary import (
    Bleed,
    BurnBlood,
    CancelKeepingCost,
    CryptDraw,
    DiscardOfType,
    GainPool,
    LockSelf,
    Redirect,
    Stealth,
    StrengthThisCombat,
    Strike,
    StrikeWith,
    UnlockSelf,
    action_of,
    add_rider,
    all_of,
    any_methuselah_but_you,
    bleed_succeeded,
    bleeding_you,
    burn_minion,
    card_being_played,
    controller,
    discard,
    during_own_referendum,
    has_blood,
    holds_card_of_type,
    in_polling,
    is_ready,
    move_blood,
    ready_minions,
    ready_minions_of_others,
    refill,
    rider_sum,
    self_ready,
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


# --- issue 27, part 1 ---
#
# Infernal (§7 L2322-2324): an infernal vampire does not unlock in its controller's unlock phase; the Methuselah may
# burn 1 pool to unlock it. Every infernal vampire's spec ends with ``INFERNAL`` (the pay-to-unlock ability), and
# the "stays_locked" hook at the end of this module keeps those specs' vampires locked through the unlock.


def _infernal_payable(game: Game, play: Play) -> bool:
    """The infernal vampire is locked and the pool it costs is not the last (NO_SUICIDE_PAYMENTS)."""
    m = game.minions.get(play.minion)
    return m is not None and m.locked and m.in_play and game.seats[play.seat].pool > 1


def _burn_pool(amount: int) -> Any:
    def burn(game: Game, play: Play) -> None:
        economy.burn_pool(game, play.seat, amount)

    return burn


INFERNAL = Mode(
    window=W.UNLOCK,
    in_play=True,
    when=_infernal_payable,
    effects=(_burn_pool(1), UnlockSelf()),
    label="infernal: burn 1 pool to unlock",
)


# Cost reductions ("cards cost X 1 fewer blood"): the "cost_less" hook, read by game.card_cost as a card is
# offered and paid. Allies and retainers of a kind (animals, wraiths) are told by the first line of their text.
_KIND_OF_MINION_CARD: dict[tuple[int, str], bool] = {}


def _minion_card_of_kind(game: Game, handler: Handler, kind: str) -> bool:
    """Whether the card is an ally or retainer of ``kind`` ("Animal with 1 life.", "Wraith with 2 life.")."""
    key = (handler.card, kind)
    found = _KIND_OF_MINION_CARD.get(key)
    if found is None:
        card = game.compiled.cards.get(handler.card) if game.compiled is not None else None
        first = card.text.split("\n", 1)[0].lower() if card is not None else ""
        found = _KIND_OF_MINION_CARD[key] = bool({"Ally", "Retainer"} & handler.types) and (
            re.search(rf"\b{kind}\b", first) is not None
        )
    return found


def _library_card(game: Game, handler: Handler) -> bool:
    return game.compiled is not None and handler.card in game.compiled.specs


@hook("cost_less", "Tupdog", "Kuyén", "Erebus", "Lord Tremere")
def _cost_less(game: Game, minion: int, handler: Handler, paying: bool) -> tuple[int, int]:
    """Tupdog: Visceratika cards 1 fewer blood; Lord Tremere: Thaumaturgy cards 1 fewer blood (a card of several
    Disciplines counts as the one it is played as: PIB 20150924-2); Kuyén: animals, Erebus: wraiths (allies and
    retainers) 1 fewer blood or pool (whichever they cost)."""
    if not _library_card(game, handler):
        return 0, 0
    if _named(game, minion, "Tupdog") and "vis" in handler.mode.disciplines:
        return 1, 0
    if _named(game, minion, "Lord Tremere") and "tha" in handler.mode.disciplines:
        return 1, 0
    for name, kind in (("Kuyén", "animal"), ("Erebus", "wraith")):
        if _named(game, minion, name) and _minion_card_of_kind(game, handler, kind):
            return (1, 0) if handler.blood else (0, 1)
    return 0, 0


# The vampires new to the engine, by popularity (TWDA).

_COMBAT_WINDOWS = frozenset({W.BEFORE_RANGE, W.RANGE, W.BEFORE_STRIKES, W.STRIKE, W.PREVENT, W.PRESS, W.END_OF_ROUND})


@hook("cost_less", "Adana de Sforza", "Montano", "Badr, Shadow of Granada", "Nergal")
def _cost_less_2(game: Game, minion: int, handler: Handler, paying: bool) -> tuple[int, int]:
    """Adana: combat cards 1 fewer blood (a card of several types counts as the one it is played as: PIB
    20150924-2, read from the mode's window); Montano, Badr: Obtenebration cards 1 fewer blood; Nergal: once each
    turn, any card he plays 1 fewer blood (the turn's use marked as it is paid)."""
    if not handler.blood or not _library_card(game, handler):
        return 0, 0
    if _named(game, minion, "Adana de Sforza") and handler.mode.window in _COMBAT_WINDOWS:
        return 1, 0
    if ("obt" in handler.mode.disciplines) and (
        _named(game, minion, "Montano") or _named(game, minion, "Badr, Shadow of Granada")
    ):
        return 1, 0
    if _named(game, minion, "Nergal") and ("nergal", minion, game.turn) not in game.used:
        if paying:
            game.used.add(("nergal", minion, game.turn))
        return 1, 0
    return 0, 0


vampire("Neighbor John", intercept=1)
vampire("Mordechai Ben-Nun", intercept=1)
vampire("Catalina Vega", bleed=1)
vampire("Khurshid", strength=2)
vampire("Adana de Sforza", bleed=2, notes="Combat cards cost her 1 fewer blood: the cost_less hook.")
vampire("Badr, Shadow of Granada", notes="Obtenebration cards cost him 1 fewer blood: the cost_less hook.")


def _montano_stealth(game: Game, play: Play) -> bool:
    """During an action by a minion you control, while a block would succeed (stealth only as needed); Montano
    locked or in torpor too (ANK 20220705, LSJ 20100705), with a blood to burn."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    return (
        act is not None
        and act.seat == play.seat
        and act.blocker >= 0
        and act.intercept >= act.stealth
        and me is not None
        and me.in_play
        and me.blood >= 1
    )


vampire(
    "Montano",
    bleed=1,
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=_montano_stealth,
            effects=(BurnBlood(1), Stealth(1)),
            label="burn 1 blood: +1 stealth to an action of yours",
        ),
    ),
    notes="Obtenebration cards cost him 1 fewer blood (the cost_less hook); the stealth is offered only as needed.",
)
vampire(
    "Nergal",
    bleed=2,
    modes=(INFERNAL,),
    notes="Once each turn a card he plays costs 1 fewer blood (the cost_less hook), the first card with a blood cost "
    "(the reduction is always taken; a card cancelled as played still uses it up).",
)


@hook("blocked", "Marialena")
def _marialena(game: Game, act: Action) -> None:
    """If Marialena is blocked, she burns 1 blood before block resolution (in torpor too: LSJ 20011022)."""
    if _named(game, act.actor, "Marialena"):
        move_blood(game, act.actor, -1)
        game.log("burn blood", act.seat, act.actor, 1)


vampire("Marialena")


def _kasim_can(game: Game, play: Play) -> bool:
    return self_ready(game, play) and holds_card_of_type("Political Action")(game, play)


vampire(
    "Kasim Bayar",
    bleed=1,
    modes=(
        Mode(
            window=W.BEFORE_RANGE,
            role=Role.COMBATANT,
            in_play=True,
            when=_kasim_can,
            effects=(DiscardOfType("Political Action"), StrengthThisCombat(2)),
            limit="kasim strength",
            limit_scope="combat",
            label="discard a political action: +2 strength this combat",
        ),
    ),
    notes="The political action card discarded is the first in hand (the bot's pick).",
)
vampire(
    "Goratrix",
    bleed=1,
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            effects=(StrikeWith(Strike(steal=2, ranged=True, label="steal 2 blood, ranged")),),
            label="strike: steal 2 blood (ranged)",
        ),
    ),
)
vampire(
    "Theo Bell (G6)",
    strength=1,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            enters_combat=True,
            targets=ready_minions_of_others,
            label="enter combat with a minion",
        ),
    ),
)


def _carna_retainers(game: Game, play: Play) -> Sequence[int]:
    m = game.minions.get(play.minion)
    if m is None or not self_ready(game, play):
        return []
    return [c for c in m.cards if c in game.minions and game.minions[c].kind == RETAINER]


def _carna(game: Game, play: Play) -> None:
    """Burn the chosen retainer of hers; she gains 2 blood."""
    if play.target in game.minions:
        burn_minion(game, play.target)
        move_blood(game, play.minion, 2)
        game.log("hunt", play.seat, play.minion, 2)


vampire(
    "Carna, The Princess Witch",
    intercept=1,
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            targets=_carna_retainers,
            effects=(_carna,),
            label="burn a retainer of hers: gain 2 blood",
        ),
    ),
)


def _gathii_acts(game: Game, play: Play) -> bool:
    """During his own action (in torpor too: LSJ 20011022), while stealth is needed (stealth gained when none is
    needed is lost: ANK 20231031), with a library to reveal."""
    act = action_of(play)
    return (
        act is not None
        and act.actor == play.minion
        and act.blocker >= 0
        and act.intercept >= act.stealth
        and bool(game.seats[play.seat].library)
    )


def _gathii(game: Game, play: Play) -> None:
    """Reveal the top card of the library: a master card makes him burn 1 blood, any other gives +1 stealth."""
    top = game.seats[play.seat].library[-1]
    game.log("reveal", play.seat, top)
    if "Master" in game.compiled.types.get(game.card_of[top], frozenset()):
        move_blood(game, play.minion, -1)
        game.log("burn blood", play.seat, play.minion, 1)
    else:
        act = action_of(play)
        if act is not None:
            act.stealth += 1


vampire(
    "Gathii",
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=_gathii_acts,
            effects=(_gathii,),
            limit="gathii reveals",
            limit_scope="action",
            label="reveal the top card: +1 stealth, or burn 1 blood for a master card",
        ),
    ),
    notes="Used once an action (the card revealed stays on top: revealing again shows the same card), only while "
    "stealth is needed.",
)


@hook("discard_actions", "Sreelekha", "Unmada")
def _discard_actions(game: Game, seat: int) -> int:
    """+1 discard phase action if Sreelekha, or Unmada, is ready at the start of your discard phase."""
    return len(_ready_named(game, seat, "Sreelekha")) + len(_ready_named(game, seat, "Unmada"))


vampire("Sreelekha", bleed=1)
vampire("Unmada", hand_size=1)


def _nicomedes(game: Game, play: Play) -> None:
    """Shuffle the hand into the library; draw up afterward."""
    s = game.seats[play.seat]
    count = len(s.hand)
    s.library.extend(s.hand)
    s.hand.clear()
    game.rng.shuffle(s.library)
    game.log("cycle", play.seat, play.minion, count)
    refill(game, play.seat)


vampire(
    "Nicomedes",
    modes=(
        Mode(
            window=W.MASTER,
            in_play=True,
            when=all_of(self_ready, has_blood(1)),
            effects=(BurnBlood(1), _nicomedes),
            label="burn 1 blood: shuffle the hand into the library, draw up",
        ),
    ),
    notes="Offered at the master phase (once a turn), the part of the turn where a new hand is of most use.",
)
vampire(
    "New Blood",
    modes=(Mode(window=W.ENTERS_PLAY, in_play=True, effects=(CryptDraw(),), label="draw 1 card from the crypt"),),
    notes="Circles are not modelled (no card read here asks for one): the circle chosen changes nothing. The crypt "
    "draw is offered as he is brought out and the bots always take it.",
)


# -- the vampires, by popularity (TWDA) ----------------------------------------------------------------------------

# "As he enters play" (W.ENTERS_PLAY, game.entering_play): used before he is in play, so before a contest.


def _convertible(game: Game, play: Play) -> Sequence[int]:
    """The non-titled vampires you control (ready or in torpor; already Anarch too: PIB 20121031)."""
    out = []
    for c in game.seats[play.seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.kind == VAMPIRE and m.in_play and not m.title and c != play.card:
            out.append(c)
    return out


def _convert(game: Game, play: Play) -> None:
    """Remove the convert from the game; the chosen vampire becomes Anarch."""
    leave_play(game, play.card, removed=True)
    game.log("remove from game", play.seat, play.card)
    m = game.minions.get(play.target)
    if m is not None:
        m.sect = "Anarch"
        game.log("become anarch", play.seat, m.id)


vampire(
    "Anarch Convert",
    modes=(
        Mode(
            window=W.ENTERS_PLAY,
            in_play=True,
            targets=_convertible,
            effects=(_convert, GainPool(1)),
            label="remove him: a vampire becomes Anarch, gain 1 pool",
        ),
        Mode(
            window=W.ENTERS_PLAY,
            in_play=True,
            targets=_convertible,
            effects=(_convert, CryptDraw()),
            label="remove him: a vampire becomes Anarch, draw a crypt card",
        ),
    ),
    notes="'As he enters play' is offered as he is brought out in the influence phase (no card brings him out "
    "otherwise here).",
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
    notes="Visceratika cards cost him 1 fewer blood (the cost_less hook); Flight is his like a Discipline.",
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


def _add_blood(amount: int) -> Any:
    """Add blood from the bank to the target minion."""

    def add(game: Game, play: Play) -> None:
        if play.target in game.minions:
            move_blood(game, play.target, amount)
            game.log("add blood", play.seat, play.target, amount)

    return add


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
        INFERNAL,
    ),
)
vampire("Kuyén", notes="Animals (allies and retainers) cost her 1 fewer blood or pool: the cost_less hook.")
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


def _uncontrolled_harbingers(game: Game, play: Play) -> Sequence[int]:
    region = game.seats[play.seat].uncontrolled
    return [c for c in region if c != play.card and game.minions[c].clan == "Harbinger of Skulls"]


def _erlik_splits(game: Game, play: Play) -> Sequence[int]:
    """X, the blood to move: 1 up to 5, what he has, and what the Harbingers can hold (NO_BLOOD_ABOVE_CAPACITY)."""
    m = game.minions.get(play.card)
    room = sum(game.minions[c].capacity - game.minions[c].blood for c in _uncontrolled_harbingers(game, play))
    return list(range(1, min(5, m.blood, room) + 1)) if m is not None else []


def _erlik(game: Game, play: Play) -> None:
    """Move X blood from Erlik to the uncontrolled Harbingers, one at a time to the one that needs the most (a fixed
    rule for the split: the amount is chosen, not each vampire's share)."""
    region = _uncontrolled_harbingers(game, play)
    for _ in range(play.value):
        best = max(region, key=lambda c: game.minions[c].capacity - game.minions[c].blood)
        if game.minions[play.card].blood < 1 or game.minions[best].blood >= game.minions[best].capacity:
            return
        game.minions[play.card].blood -= 1
        game.minions[best].blood += 1
    game.log("distribute blood", play.seat, play.card, play.value)


vampire(
    "Erlik",
    bleed=1,
    hand_size=1,
    modes=(
        Mode(
            window=W.ENTERS_PLAY,
            in_play=True,
            values=_erlik_splits,
            effects=(_erlik,),
            label="distribute X blood to uncontrolled Harbingers of Skulls",
        ),
    ),
    notes="The amount is chosen; its split among several uncontrolled Harbingers goes to the one that needs most.",
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


def _horde_boosts(game: Game, play: Play) -> bool:
    """During a bleed of your own by another infernal minion, before resolution; The Horde unlocked (in torpor too:
    LSJ 20011022)."""
    act = action_of(play)
    me, actor = game.minions.get(play.minion), game.minions.get(act.actor) if act is not None else None
    return (
        act is not None
        and act.is_bleed()
        and act.seat == play.seat
        and act.actor != play.minion
        and actor is not None
        and "infernal" in actor.traits
        and me is not None
        and me.in_play
        and not me.locked
    )


vampire(
    "Horde, The",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=_horde_boosts,
            effects=(LockSelf(), Bleed(1, limited=False)),
            label="lock: another acting infernal minion gets +1 bleed",
        ),
        INFERNAL,
    ),
    notes="The bleed is raised once blocks are declined (the last moment before resolution: ANK 20231124).",
)


def _aline_unlocks(game: Game, play: Play) -> bool:
    """After another Anarch you control performs a successful action (one that fizzled too: ANK 20220218; becoming
    Anarch counts: ANK 20220814); Aline locked, with a blood to burn (in torpor too: LSJ 20011022)."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    actor = game.minions.get(act.actor) if act is not None else None
    return (
        act is not None
        and act.succeeded
        and act.seat == play.seat
        and act.actor != play.minion
        and actor is not None
        and actor.sect == "Anarch"
        and me is not None
        and me.in_play
        and me.locked
        and me.blood >= 1
    )


vampire(
    "Aline Gädeke",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_aline_unlocks,
            effects=(BurnBlood(1), UnlockSelf()),
            limit="aline unlocks",
            limit_scope="turn",
            label="burn 1 blood: unlock after another Anarch's successful action",
        ),
    ),
)


@hook("referendum_passed", "Lutz von Hohenzollern")
def _lutz(game: Game, ref: Referendum) -> None:
    """If Lutz is ready, your prey burns 1 pool after the referendum of a political action passes, once its effects
    are applied (not if they ousted you: ANK 20220808)."""
    for seat in game.order:
        if not game.seats[seat].ousted and _ready_named(game, seat, "Lutz von Hohenzollern"):
            prey = game.prey(seat)
            if prey != seat and not game.seats[prey].ousted:
                economy.burn_pool(game, prey, 1)
                game.log("prey burns pool", seat, prey, 1)


vampire("Lutz von Hohenzollern", bleed=2)


def _may_abstain(game: Game, play: Play) -> Sequence[int]:
    """The ready vampires with votes not yet forced to abstain in this referendum."""
    ref = play.frame
    if not isinstance(ref, Referendum):
        return []
    out = []
    for seat in game.order:
        for m in ready_minions(game, seat):
            if m.kind == VAMPIRE and m.votes > 0 and ("abstain", id(ref), m.id) not in game.used:
                out.append(m.id)
    return out


def _abstain(game: Game, play: Play) -> None:
    """The vampire abstains: its votes leave its Methuselah's total (VOTES_TOGETHER: a seat votes as one)."""
    ref, m = play.frame, game.minions.get(play.target)
    if not isinstance(ref, Referendum) or m is None:
        return
    seat = controller(game, m.id)
    ref.extra_votes[seat] = ref.extra_votes.get(seat, 0) - m.votes
    game.used.add(("abstain", id(ref), m.id))
    game.kept.append(ref)
    game.log("abstain", play.seat, m.id)


vampire(
    "Arishat",
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            when=all_of(in_polling, self_ready, has_blood(1)),
            targets=_may_abstain,
            effects=(BurnBlood(1), _abstain),
            label="burn 1 blood: a vampire abstains",
        ),
        INFERNAL,
    ),
    notes="A vampire forced to abstain takes its votes out of its Methuselah's total (Methuselahs vote as one).",
)
vampire("Indira")
vampire("Kassandra Tassaki")
vampire("Nathan Turner")
vampire("Leumeah")


@hook("master_actions", "Nana Buruku", "Anson")
def _extra_master_actions(game: Game, seat: int) -> int:
    """Counted as the turn starts (before the unlock phase): Anson "ready during your master phase" is read as
    ready (the unlock phase unlocks him)."""
    return sum(1 for m in ready_minions(game, seat) if _named(game, m.id, "Nana Buruku") or _named(game, m.id, "Anson"))


@hook("master_phase_start", "Cybele")
def _cybele(game: Game, seat: int) -> int:
    """+1 master phase action if Cybele is unlocked at the start of your master phase (infernal: after the unlock
    phase, where she is unlocked only if you paid)."""
    return sum(1 for m in _ready_named(game, seat, "Cybele") if not m.locked)


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
        INFERNAL,
    ),
)
vampire("Nana Buruku", hand_size=1)


def _unlocked_self(game: Game, play: Play) -> bool:
    m = game.minions.get(play.minion)
    return m is not None and m.in_play and not m.torpor and not m.locked


vampire(
    "Aksinya Daclau",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=all_of(bleeding_you, _unlocked_self, holds_card_of_type("Master")),
            targets=any_methuselah_but_you,
            effects=(DiscardOfType("Master"), Redirect()),
            limit="aksinya redirects",
            limit_scope="turn",
            label="discard a master card: redirect the bleed",
        ),
    ),
    notes="After blocks are declined (LSJ 20000507), once in each Methuselah's turn (ANK 20180719-4); the master "
    "card discarded is the first in hand (the bot's pick).",
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
vampire("Erebus", notes="Wraiths (allies and retainers) cost him 1 fewer blood or pool: the cost_less hook.")
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


def pairs_in_hand(game: Game, seat: int) -> list[tuple[int, int]]:
    """The distinct pairs of cards (by name, a pair of one name needing two copies) in the hand, in a fixed
    order: a mode's ``values`` index them."""
    names = sorted({game.card_of[c] for c in game.seats[seat].hand})
    held = [game.card_of[c] for c in game.seats[seat].hand]
    return [(a, b) for i, a in enumerate(names) for b in names[i:] if a != b or held.count(a) >= 2]


def _alafin_values(game: Game, play: Play) -> Sequence[int]:
    return range(len(pairs_in_hand(game, play.seat))) if self_ready(game, play) else ()


def _alafin(game: Game, play: Play) -> None:
    """Discard the chosen two cards (draw afterward); two of one name make each other Methuselah's hand size one
    smaller until its next unlock phase."""
    pairs = pairs_in_hand(game, play.seat)
    if not 0 <= play.value < len(pairs):
        return
    a, b = pairs[play.value]
    hand = game.seats[play.seat].hand
    first = next(c for c in hand if game.card_of[c] == a)
    second = next(c for c in hand if game.card_of[c] == b and c != first)
    discard(game, play.seat, [first, second])
    refill(game, play.seat)
    if a == b:
        for other in game.order:
            if other != play.seat and not game.seats[other].ousted:
                add_rider(game, -1 - other, "hand_size", -1, Until.NEXT_UNLOCK, other)


vampire(
    "Babalawo Alafin",
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            values=_alafin_values,
            effects=(_alafin,),
            label="discard two cards (the same: the others' hand size -1)",
        ),
    ),
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


@hook("burned", "Capuchin, The")
def _capuchin_burned(game: Game, m: Minion, seat: int) -> None:
    """If The Capuchin is burned, he moves from his owner's ash heap to the owner's uncontrolled region as a new
    vampire (no counters, no cards: ANK 20200417), and the Methuselah who controlled him gets +3 transfers at the
    start of his next influence phase."""
    comp = game.compiled
    spec = comp.vampires.get(m.card) if comp is not None else None
    if spec is None or spec.name != "Capuchin, The" or m.kind != VAMPIRE:
        return
    owner = game.seats[game.owner_of[m.id]]
    if owner.ousted or m.id not in owner.ash_heap:
        return
    owner.ash_heap.remove(m.id)
    owner.uncontrolled.append(m.id)
    game.minions[m.id] = dataclasses.replace(game.vampires[m.card], id=m.id, cards=[], riders=[])
    game.log("banish", owner.index, m.id)
    if seat >= 0 and not game.seats[seat].ousted:
        add_rider(game, -1 - seat, "capuchin transfers", 3, Until.END_OF_GAME, seat)


@hook("transfers", "Capuchin, The")
def _capuchin_transfers(game: Game, seat: int) -> int:
    """The +3 transfers of a burned Capuchin, at the start of that Methuselah's next influence phase (used up)."""
    extra = rider_sum(game, -1 - seat, "capuchin transfers")
    if extra:
        game.riders = [r for r in game.riders if not (r.key == "capuchin transfers" and r.holder == -1 - seat)]
    return extra


vampire("Capuchin, The", bleed=1, hand_size=2, intercept=1)
vampire("Rafael de Corazon", bleed=2, notes="Title contests are not modelled.")
vampire("Sergio Bueno", missing="Corruption counters are not modelled.")


def _ready_setites(game: Game, play: Play) -> Sequence[int]:
    """With Nonu Dis ready and a master card played this master phase: your ready Followers of Set (the Ministry
    is the clan's later name)."""
    if not self_ready(game, play) or ("master card played", play.seat, game.turn) not in game.used:
        return []
    return [m.id for m in ready_minions(game, play.seat) if m.clan in ("Follower of Set", "Ministry")]


vampire(
    "Nonu Dis",
    bleed=1,
    modes=(
        Mode(
            window=W.MASTER,
            in_play=True,
            targets=_ready_setites,
            effects=(_add_blood(1),),
            label="add 1 blood to a ready Follower of Set after a master card",
        ),
    ),
    notes="Once each master phase (ANK 20220617), at any time after a master card was played in it.",
)
vampire(
    "Arika",
    bleed=2,
    missing="Her prey's locations upkeep (burn 1 pool or the location) is not modelled.",
)


# -- Infernal: the vampires whose spec has INFERNAL stay locked through their controller's unlock phase -----------


def _stays_locked(game: Game, seat: int) -> list[int]:
    """The seat's locked infernal vampires, before its unlock phase (game.turn relocks them after it)."""
    comp = game.compiled
    out = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.locked and comp is not None:
            spec = comp.vampires.get(m.card)
            if spec is not None and INFERNAL in spec.modes:
                out.append(c)
    return out


hook("stays_locked", *(name for name, spec in CRYPT.items() if INFERNAL in spec.modes))(_stays_locked)
