"""Vampires' printed abilities (by unique name). A vampire whose text is only its sect, title, clan or traits
has an empty spec: the engine models those already (votes from the title, sect, traits).

Static bonuses are the ``vampire(...)`` fields (a vampire's hand size counts while it is ready: game.hand_size
sums the ready minions'); conditional ones are hooks below, each checking that the minion is the vampire
named (hooks are global: every game calls them)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any

from ...domain import TITLE_VOTES, Discipline
from ...eligibility import compile_minion
from .. import economy
from ..cards import CRYPT, Mode, Play, Role, hook, vampire
from ..frames import Action, Combat, Referendum, Until
from ..handlers import Handler
from ..state import ALLY, RETAINER, VAMPIRE, Game, Minion, Phase, draw, leave_play
from ..vocabulary import (
    CORRUPTION,
    NO_STRIKE,
    AddBlood,
    AttemptBlock,
    AttemptFails,
    Bleed,
    BlockerIntercept,
    BurnBlood,
    BurnPool,
    BurnTargetBlood,
    BurnTheEdge,
    CancelKeepingCost,
    CryptDraw,
    DiscardOfType,
    DrawCards,
    EnterCombatWithTarget,
    ExtraVotes,
    GainPool,
    If,
    LockSelf,
    MasterActions,
    PayTransfers,
    Prevent,
    PutCorruption,
    Recruit,
    Redirect,
    StealMinion,
    Stealth,
    StrengthThisCombat,
    Strike,
    StrikeWith,
    UnlockSelf,
    UnlockTarget,
    action_of,
    add_rider,
    all_of,
    allies_of_others,
    any_methuselah_but_you,
    bleed_succeeded,
    bleeding_you,
    burn_card,
    burn_corruption,
    burn_minion,
    card_being_played,
    card_cost,
    combat_of,
    controller,
    corruption_on,
    current_action,
    current_combat,
    damage_pending,
    discard,
    during_own_referendum,
    grant,
    has_blood,
    has_edge,
    holds_card_of_type,
    in_polling,
    is_ready,
    locked_self,
    may_block_any_seat,
    may_play,
    move_blood,
    ready_minions,
    ready_minions_of_others,
    ready_vampires_of_others,
    referendum_passed,
    refill,
    rider_sum,
    run_effects,
    self_ready,
    take_damage,
    target_still,
    uncontrolled_vampires,
    younger_ready_vampires_of_others,
)
from ..windows import Act, Range, W


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


INFERNAL = Mode(
    window=W.UNLOCK,
    in_play=True,
    when=_infernal_payable,
    effects=(BurnPool(1), UnlockSelf()),
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


@hook("cost_less", "Adana de Sforza", "Montano", "Badr, Shadow of Granada", "Nergal", "Ghede")
def _cost_less_2(game: Game, minion: int, handler: Handler, paying: bool) -> tuple[int, int]:
    """Adana: combat cards 1 fewer blood (a card of several types counts as the one it is played as: PIB
    20150924-2, read from the mode's window); Montano, Badr: Obtenebration cards 1 fewer blood; Nergal: once each
    turn, any card he plays 1 fewer blood; Ghede: combat cards requiring Serpentis 1 fewer blood (the turn's use marked as it is paid)."""
    if not handler.blood or not _library_card(game, handler):
        return 0, 0
    if _named(game, minion, "Adana de Sforza") and handler.mode.window in _COMBAT_WINDOWS:
        return 1, 0
    if _named(game, minion, "Ghede") and handler.mode.window in _COMBAT_WINDOWS and "ser" in handler.mode.disciplines:
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


def _discard_at_random(game: Game, play: Play) -> None:
    hand = game.seats[play.seat].hand
    if hand:
        discard(game, play.seat, [game.rng.choice(hand)])
        refill(game, play.seat)


def _has_hand(game: Game, play: Play) -> bool:
    return bool(game.seats[play.seat].hand)


_DODGE = Strike(dodge=True, label="dodge")

vampire(
    "Phaibun",
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            when=_has_hand,
            effects=(_discard_at_random, StrikeWith(_DODGE)),
            limit="phaibun dodges",
            limit_scope="combat",
            label="discard a card at random: strike: dodge",
        ),
    ),
)
vampire(
    "Flávio Gonçalves",
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            effects=(StrikeWith(_DODGE),),
            limit="flavio dodges",
            limit_scope="combat",
            label="strike: dodge",
        ),
    ),
)
vampire(
    "Omaya",
    modes=(
        Mode(
            window=W.PREVENT,
            role=Role.COMBATANT,
            in_play=True,
            when=damage_pending,
            effects=(Prevent(1),),
            limit="omaya prevents",
            limit_scope="combat",
            label="prevent 1 damage",
        ),
    ),
)
vampire(
    "Lodin (Olaf Holte)",
    modes=(
        Mode(
            window=W.PREVENT,
            role=Role.COMBATANT,
            in_play=True,
            when=damage_pending,
            effects=(Prevent(1),),
            limit="lodin prevents",
            limit_scope="combat",
            label="prevent 1 damage from the opposing strike",
        ),
    ),
    notes="The damage prevented is the opposing strike's pending damage (the prevention step's).",
)


@hook("combat_start", "Abaddon", "Juliet Parr")
def _combat_start_2(game: Game, c: Combat) -> None:
    """Once each combat: Abaddon's optional maneuver and press, Juliet Parr's optional maneuver."""
    for side in (c.a, c.b):
        if _named(game, side.minion, "Abaddon"):
            side.combat_maneuvers += 1
            side.combat_presses += 1
        elif _named(game, side.minion, "Juliet Parr"):
            side.combat_maneuvers += 1


@hook("referendum_passed", "Juliet Parr")
def _juliet(game: Game, ref: Referendum) -> None:
    """After a referendum called by Juliet passes, her Methuselah gets +2 hand size until the next unlock phase."""
    if _named(game, ref.caller, "Juliet Parr") and not game.seats[ref.seat].ousted:
        add_rider(game, -1 - ref.seat, "hand_size", 2, Until.NEXT_UNLOCK, ref.seat)
        refill(game, ref.seat)


vampire("Abaddon")
vampire("Juliet Parr")


@hook("stealth", "Zöe", "Ariane", "Karen Suadela", "Guillaume Giovanni")
def _actor_stealth(game: Game, act: Action) -> int:
    """Zöe: no +1 stealth when hunting; Ariane: -1 stealth on undirected actions; Karen Suadela: +1 stealth on
    undirected actions; Guillaume Giovanni: +1 stealth on recruit and employ actions."""
    actor = act.actor
    if _named(game, actor, "Zöe"):
        return -1 if act.kind is Act.HUNT else 0
    if _named(game, actor, "Ariane") or _named(game, actor, "Karen Suadela"):
        if act.directed:
            return 0
        return -1 if _named(game, actor, "Ariane") else 1
    if _named(game, actor, "Guillaume Giovanni"):
        return 1 if act.kind in (Act.RECRUIT, Act.EMPLOY) else 0
    return 0


_LOCATION_CARD: dict[int, bool] = {}


def _is_location(game: Game, vekn: int) -> bool:
    """A master card whose text opens "Location." or "Unique location."."""
    found = _LOCATION_CARD.get(vekn)
    if found is None:
        card = game.compiled.cards.get(vekn) if game.compiled is not None else None
        first = card.text.split("\n", 1)[0].lower() if card is not None and not card.is_crypt else ""
        found = _LOCATION_CARD[vekn] = re.search(r"\blocation\b", first) is not None
    return found


def _locations(game: Game, seat: int) -> int:
    """The locations the seat controls."""
    return sum(1 for c in game.seats[seat].controlled if _is_location(game, game.card_of[c]))


@hook("hand_size", "Guillaume Giovanni", only_adds=True)
def _guillaume_hand(game: Game, seat: int) -> int:
    """While Guillaume is ready, +1 hand size for each location you control."""
    return _locations(game, seat) * len(_ready_named(game, seat, "Guillaume Giovanni"))


vampire("Zöe")
vampire("Ariane")
vampire(
    "Karen Suadela",
    notes="No Gehenna event is modelled, so her immunity to them has nothing to act on yet.",
)
vampire("Guillaume Giovanni")


@hook("strength", "Mickey Wheeler")
def _mickey(game: Game, minion: int) -> int:
    """+1 strength in combat with an older vampire (higher capacity)."""
    c = current_combat(game)
    if c is None or not _named(game, minion, "Mickey Wheeler") or minion not in (c.a.minion, c.b.minion):
        return 0
    other = game.minions.get(c.other(minion).minion)
    return 1 if other is not None and other.kind == VAMPIRE and other.capacity > game.minions[minion].capacity else 0


vampire("Mickey Wheeler")
vampire("Gratiano", bleed=1, votes=1, notes="His ballot counts as a vote (prisci ballots are not modelled apart).")


def _anu_boosts(game: Game, play: Play) -> bool:
    """During a bleed action, before resolution, with a blood to burn (in torpor too)."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    return act is not None and act.is_bleed() and me is not None and me.in_play and me.blood >= 1


vampire(
    "Anu Diptinatpa",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=_anu_boosts,
            effects=(BurnBlood(1), Bleed(1, limited=False)),
            label="burn 1 blood: the bleeding minion gets +1 bleed",
        ),
    ),
    notes="Any bleed action, the acting minion (ANK 20220502), once blocks are declined (before resolution: ANK "
    "20231124).",
)


def _hecate_bled(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.actor == play.minion and bleed_succeeded(game, play) and act.target >= 0


def _burn_top_of_target(game: Game, play: Play) -> None:
    act = action_of(play)
    if act is None or act.target < 0:
        return
    s = game.seats[act.target]
    if s.library:
        top = s.library.pop()
        s.ash_heap.append(top)
        game.log("discard", act.target, top)


vampire(
    "Hecate",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_hecate_bled,
            effects=(_burn_top_of_target,),
            limit="hecate burns",
            limit_scope="action",
            label="burn the top card of the bled Methuselah's library",
        ),
    ),
)


def _aaradhya_politics(game: Game, play: Play) -> bool:
    """After her successful political action (the referendum passed or failed), Aaradhya locked (in torpor too)."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    return (
        act is not None
        and act.actor == play.minion
        and act.kind is Act.POLITICAL
        and act.succeeded
        and me is not None
        and me.locked
    )


vampire(
    "Aaradhya, The Callous Tyrant",
    bleed=1,
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_aaradhya_politics,
            effects=(UnlockSelf(),),
            limit="aaradhya unlocks",
            limit_scope="action",
            label="unlock after a successful political action",
        ),
    ),
)


@hook("intercept", "Oluwafunmilayo")
def _oluwafunmilayo(game: Game, minion_id: int, act: Action) -> int:
    """+1 intercept during political actions."""
    return 1 if act.kind is Act.POLITICAL and _named(game, minion_id, "Oluwafunmilayo") else 0


vampire("Oluwafunmilayo")


@hook("votes", "Gerald Windham", "Orlando Oriundus", "Neserian")
def _votes(game: Game, seat: int) -> int:
    """Gerald Windham, while untitled: +1 vote per ready titled vampire of the other Methuselahs (no title: ANK
    20190725). Orlando Oriundus, ready: the seat's vampires' votes are doubled (once). Neserian: +1 vote while you
    control a location."""
    extra = 0
    mine = ready_minions(game, seat)
    for m in mine:
        if _named(game, m.id, "Gerald Windham") and not m.title:
            extra += sum(
                1
                for other in game.order
                if other != seat
                for o in ready_minions(game, other)
                if o.kind == VAMPIRE and o.title
            )
        elif _named(game, m.id, "Neserian") and _locations(game, seat):
            extra += 1
    if any(_named(game, m.id, "Orlando Oriundus") for m in mine):
        extra += sum(m.votes for m in mine if m.kind == VAMPIRE)
    return extra


@hook("bleed", "Neserian")
def _neserian_bleed(game: Game, act: Action) -> int:
    """-1 bleed while you control no locations."""
    return -1 if _named(game, act.actor, "Neserian") and not _locations(game, act.seat) else 0


vampire("Gerald Windham", stealth=1)
vampire(
    "Orlando Oriundus",
    bleed=1,
    notes="The doubling counts the vampires' own votes (titles and printed votes); no vote multiplier card is "
    "modelled, so 'other multipliers may not be played' has nothing to forbid yet.",
)
vampire("Neserian")


def _shalmath_locked(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    return me is not None and me.in_play and not me.torpor and me.locked


vampire(
    "Shalmath",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_shalmath_locked,
            effects=(UnlockSelf(),),
            limit="shalmath unlocks",
            limit_scope="turn",
            label="unlock (once each turn)",
        ),
    ),
    notes="Used after an action (his own, to act again), once in each Methuselah's turn (ANK 20180719-4); he has no "
    "Celerity, so the cards requiring it are not his to play anyway.",
)
vampire(
    "Ghede",
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
    notes="Combat cards requiring Serpentis cost him 1 fewer blood: the cost_less hook.",
)


def _steal_two(game: Game, play: Play) -> None:
    """Steal 2 blood, or life that becomes blood, from the target minion (what it has; the excess drains)."""
    if play.target not in game.minions or play.minion not in game.minions:
        return
    taken = -move_blood(game, play.target, -2)
    move_blood(game, play.minion, taken)
    game.log("steal blood", play.seat, play.minion, play.target, taken)
    if game.minions[play.target].kind != VAMPIRE and game.minions[play.target].blood <= 0:
        burn_minion(game, play.target)


vampire(
    "Gabrielle di Righetti",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            targets=ready_minions_of_others,
            effects=(_steal_two,),
            label="(D) steal 2 blood or life from a ready minion",
        ),
    ),
)


def _kalinda_can(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    return game.acting == play.seat and game.edge == play.seat and me is not None and me.locked and not me.torpor


vampire(
    "Kalinda (G6)",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_kalinda_can,
            effects=(BurnTheEdge(), UnlockSelf()),
            label="burn the Edge: unlock",
        ),
    ),
    notes="Offered after an action of your turn (the time a locked Kalinda wants it).",
)


@hook("after_resolution", "Alonso Petrodon")
def _alonso(game: Game, act: Action) -> None:
    """After Alonso bleeds successfully, 1 unpreventable damage to each Anarch the bled Methuselah controls."""
    if not _named(game, act.actor, "Alonso Petrodon") or not act.flags.get("successful_bleed") or act.target < 0:
        return
    for m in list(ready_minions(game, act.target)):
        if m.kind == VAMPIRE and m.sect == "Anarch":
            take_damage(game, m.id, 1, 0)


vampire("Alonso Petrodon", bleed=1)


@hook("rescue_cost", "Isanwayen", "Doc Martina")
def _rescue_cost(game: Game, rescuer: int, rescued: int) -> int:
    """Rescuing Isanwayen costs 1 more blood; Doc Martina rescues for 1 less."""
    return (1 if _named(game, rescued, "Isanwayen") else 0) - (1 if _named(game, rescuer, "Doc Martina") else 0)


def _isanwayen_can(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    return me is not None and me.in_play and not me.torpor and not me.locked


vampire(
    "Isanwayen",
    modes=(
        Mode(
            window=W.MASTER,
            in_play=True,
            when=_isanwayen_can,
            effects=(LockSelf(), MasterActions(1)),
            label="lock: +1 master phase action",
        ),
    ),
)
vampire("Doc Martina")


vampire("Ermenegildo, The Rake", notes="Black Hand is a trait (card requirements read it).")


@hook("strength", "Mark Decker")
def _mark_decker(game: Game, minion: int) -> int:
    """An additional +1 strength in combat with a werewolf (a minion whose card says it is one)."""
    c = current_combat(game)
    if c is None or not _named(game, minion, "Mark Decker") or minion not in (c.a.minion, c.b.minion):
        return 0
    other = game.minions.get(c.other(minion).minion)
    card = game.compiled.cards.get(other.card) if other is not None and game.compiled is not None else None
    return 1 if card is not None and re.search(r"\bwerewolf\b", card.text.split("\n", 1)[0].lower()) else 0


vampire("Mark Decker", strength=1)
vampire(
    "Massassi",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            enters_combat=True,
            combat_maneuvers=1,
            targets=ready_vampires_of_others,
            label="enter combat with a ready vampire (an optional maneuver)",
        ),
    ),
    notes="Her optional maneuver is given for the combat the action starts (its first round is where it matters).",
)


def _dmitra_allocations(game: Game, play: Play) -> list[dict[int, int]]:
    """Dmitra's terms: 4 blood to one ready vampire (any at the table), 2 and 2 to your two neediest, 1 each to your
    four neediest (the bots' candidates: not every split)."""
    mine = sorted(
        (m for m in ready_minions(game, play.seat) if m.kind == VAMPIRE),
        key=lambda m: (m.blood - m.capacity, m.id),
    )
    everyone = [m for seat in game.order for m in ready_minions(game, seat) if m.kind == VAMPIRE]
    out = [{m.id: 4} for m in sorted(everyone, key=lambda m: (controller(game, m.id) != play.seat, m.id))]
    if len(mine) >= 2:
        out.append({mine[0].id: 2, mine[1].id: 2})
    if len(mine) >= 4:
        out.append({m.id: 1 for m in mine[:4]})
    return out


def _dmitra_terms(game: Game, play: Play) -> Sequence[int]:
    return list(range(len(_dmitra_allocations(game, play))))


def _dmitra(game: Game, play: Play) -> None:
    """The blood from the bank onto the vampires of the terms still ready (the excess over capacity drains)."""
    found = _dmitra_allocations(game, play)
    if not 0 <= play.target < len(found):
        return
    for minion, blood in sorted(found[play.target].items()):
        if is_ready(game, minion):
            move_blood(game, minion, blood)
            game.log("add blood", play.seat, minion, blood)


def _dmitra_stakes(game: Game, play: Play, seat: int) -> float:
    """What passing gives ``seat``: the blood onto its vampires, less half of what goes to the others."""
    found = _dmitra_allocations(game, play)
    if not 0 <= play.target < len(found):
        return 0.0
    gain = sum(b for m, b in found[play.target].items() if controller(game, m) == seat)
    return gain - (4 - gain) / 2


vampire(
    "Dmitra Ilyanova",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            political=True,
            stealth=1,
            targets=_dmitra_terms,
            effects=(_dmitra,),
            stakes=_dmitra_stakes,
            label="referendum: distribute 4 blood among ready vampires",
        ),
    ),
    notes="The distribution is one of a few patterns (4 to one vampire, 2 and 2, or 1 each to four of yours), the "
    "caller's pick; not every split.",
)


def _own_action(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.actor == play.minion


vampire(
    "Xaviar (ADV)",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=all_of(referendum_passed, _own_action, locked_self),
            effects=(UnlockSelf(),),
            label="unlock after his referendum passes",
        ),
    ),
)


def _blocking_minion_of_yours(game: Game, play: Play) -> bool:
    """A minion of yours attempts to block and its intercept does not yet reach the stealth; Maris with a blood
    (locked too: ANK 20220705; as often as wanted: LSJ 20020814)."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    return (
        act is not None
        and act.blocker >= 0
        and controller(game, act.blocker) == play.seat
        and act.stealth > act.intercept
        and me is not None
        and me.in_play
        and not me.torpor
        and me.blood >= 1
    )


def _maris_library(game: Game, play: Play) -> None:
    """Look at the top 5 library cards and rearrange them: the cards with a spec go on top (a fixed order, not
    chosen)."""
    s = game.seats[play.seat]
    comp = game.compiled
    top = s.library[-5:]
    del s.library[-5:]
    top.sort(key=lambda c: comp is not None and game.card_of[c] in comp.specs)
    s.library.extend(top)
    game.log("search", play.seat, top[-1] if top else -1)


vampire(
    "Maris Streck",
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=_blocking_minion_of_yours,
            effects=(BurnBlood(1), BlockerIntercept(1)),
            label="burn 1 blood: a blocking minion of yours gets +1 intercept",
        ),
        Mode(window=W.ACTION, role=Role.ACTOR, stealth=1, effects=(_maris_library,), label="rearrange the top 5"),
    ),
    notes="The top 5 cards are rearranged by a fixed rule (those the engine can play on top), not chosen.",
)


def _maila_can(game: Game, play: Play) -> bool:
    """During your turn, Maila ready, a minion of yours acting and stealth needed, a political action card in hand."""
    act = action_of(play)
    return (
        act is not None
        and act.seat == play.seat
        and game.acting == play.seat
        and act.blocker >= 0
        and act.intercept >= act.stealth
        and self_ready(game, play)
        and holds_card_of_type("Political Action")(game, play)
    )


vampire(
    "Maila",
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=_maila_can,
            effects=(DiscardOfType("Political Action"), Stealth(1)),
            limit="maila stealth",
            limit_scope="turn",
            label="discard a political action: +1 stealth",
        ),
    ),
    notes="Once during each of your turns (ANK 20230122); the stealth is offered only as needed; the card discarded "
    "is the first political action in hand.",
)


@hook("burned", "Mina Grotius")
def _mina_gains(game: Game, m: Minion, seat: int) -> None:
    """Whenever a vampire controlled by your predator or prey is burned, Mina gains 3 blood."""
    if m.kind != VAMPIRE or seat < 0:
        return
    for mine in game.order:
        if seat in (game.predator(mine), game.prey(mine)) and seat != mine:
            for c in game.seats[mine].controlled:
                if _named(game, c, "Mina Grotius") and game.minions[c].in_play:
                    move_blood(game, c, 3)
                    game.log("add blood", mine, c, 3)


def _mina_bleeds(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.is_bleed() and act.actor == play.minion and has_blood(1)(game, play)


vampire(
    "Mina Grotius",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=_mina_bleeds,
            effects=(BurnBlood(1), Bleed(1, limited=False)),
            limit="mina bleeds",
            limit_scope="action",
            label="burn 1 blood: +1 bleed",
        ),
    ),
)


def _obl_in_hand(game: Game, seat: int) -> list[int]:
    comp = game.compiled
    out = []
    for c in game.seats[seat].hand:
        spec = comp.specs.get(game.card_of[c]) if comp is not None else None
        card = comp.cards.get(game.card_of[c]) if comp is not None else None
        if card is not None and "obl" in (card.discipline_requirement.codes if card.discipline_requirement else ()):
            out.append(c)
        elif spec is not None and any("obl" in mode.disciplines for mode in spec.modes):
            out.append(c)
    return out


def _yewon_can(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    return in_polling(game, play) and me is not None and me.in_play and bool(_obl_in_hand(game, play.seat))


def _discard_obl(game: Game, play: Play) -> None:
    held = _obl_in_hand(game, play.seat)
    if held:
        discard(game, play.seat, held[:1])
        refill(game, play.seat)


vampire(
    "Yewon Ong",
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            when=_yewon_can,
            effects=(_discard_obl, ExtraVotes(1)),
            limit="yewon votes",
            limit_scope="action",
            label="discard a card requiring Oblivion: +1 vote",
        ),
    ),
    notes="Locked or in torpor too (LSJ 20011022, ANK 20220705), once per referendum.",
)


@hook("votes", "Xeper, Sultan of Lepers")
def _xeper_votes(game: Game, seat: int) -> int:
    """Ready Xeper: +1 vote for each ready unique infernal vampire you control (not titled: LSJ 20100601)."""
    mine = ready_minions(game, seat)
    if not any(_named(game, m.id, "Xeper, Sultan of Lepers") for m in mine):
        return 0
    return sum(1 for m in mine if m.kind == VAMPIRE and m.unique and "infernal" in m.traits)


vampire(
    "Xeper, Sultan of Lepers",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            targets=allies_of_others,
            effects=(If(target_still(allies_of_others), (StealMinion(),)),),
            label="(D) steal an ally",
        ),
        INFERNAL,
    ),
    notes="The stolen ally is his Methuselah's (Game.stolen), into its ready region.",
)


def _giotto_discards(game: Game, play: Play) -> Sequence[int]:
    """During another Methuselah's discard phase: a card of your hand (one copy of each)."""
    if game.acting == play.seat or game.phase is not Phase.DISCARD or play.minion not in game.minions:
        return []
    seen: dict[int, int] = {}
    for c in game.seats[play.seat].hand:
        seen.setdefault(game.card_of[c], c)
    return list(seen.values())


def _discard_target(game: Game, play: Play) -> None:
    if play.target in game.seats[play.seat].hand:
        discard(game, play.seat, [play.target])
        refill(game, play.seat)


@hook("can_block", "Giotto Verducci")
def _giotto_block(game: Game, blocker: int, act: Action) -> bool:
    """A vampire with no blood to burn cannot attempt to block Giotto."""
    m = game.minions.get(blocker)
    return not (m is not None and m.kind == VAMPIRE and m.blood < 1 and _named(game, act.actor, "Giotto Verducci"))


@hook("block_attempt", "Giotto Verducci")
def _giotto_attempt(game: Game, act: Action, blocker: int) -> None:
    """Vampires must burn 1 blood to attempt to block Giotto."""
    m = game.minions.get(blocker)
    if m is not None and m.kind == VAMPIRE and _named(game, act.actor, "Giotto Verducci"):
        move_blood(game, blocker, -1)
        game.log("burn blood", controller(game, blocker), blocker, 1)


vampire(
    "Giotto Verducci",
    modes=(
        Mode(
            window=W.DISCARD,
            in_play=True,
            targets=_giotto_discards,
            effects=(_discard_target,),
            label="discard a card in another Methuselah's discard phase",
        ),
        INFERNAL,
    ),
    notes="His discard is offered once in each other Methuselah's discard phase, after its own discards.",
)


def _prey_uncontrolled_with_blood(game: Game, play: Play) -> Sequence[int]:
    """Your prey's uncontrolled vampires with blood, while Solomon is ready and 2 transfers are left."""
    prey = game.prey(play.seat)
    if prey == play.seat or not self_ready(game, play) or game.seats[play.seat].transfers < 2:
        return []
    return [c for c in game.seats[prey].uncontrolled if game.minions[c].blood >= 1]


def _solomon_amounts(game: Game, play: Play) -> Sequence[int]:
    """X blood, 2 transfers each (the target's blood and the transfers left bound it)."""
    return range(1, game.seats[play.seat].transfers // 2 + 1)


def _solomon(game: Game, play: Play) -> None:
    """Move up to X blood from the prey's uncontrolled vampire to the prey's pool, paying 2 transfers each."""
    m = game.minions.get(play.target)
    s = game.seats[play.seat]
    if m is None:
        return
    moved = min(play.value, m.blood, s.transfers // 2)
    s.transfers -= 2 * moved
    m.blood -= moved
    prey = game.owner_of[m.id]
    game.seats[prey].pool += moved
    game.log("blood to pool", prey, m.id, moved)


vampire(
    "Solomon Batanea",
    modes=(
        Mode(
            window=W.INFLUENCE,
            in_play=True,
            targets=_prey_uncontrolled_with_blood,
            values=_solomon_amounts,
            effects=(_solomon,),
            label="2 transfers a blood: move blood from your prey's uncontrolled vampire to its pool",
        ),
    ),
    notes="Offered at the start of your influence phase (where cards in play use transfers), once, for one of the "
    "prey's uncontrolled vampires.",
)


def _gilbert_can(game: Game, play: Play) -> bool:
    return self_ready(game, play) and has_blood(1)(game, play) and bool(game.seats[play.seat].crypt)


def _gilbert(game: Game, play: Play) -> None:
    """Reveal and remove the top crypt card; a Malkavian makes a non-titled vampire you control Anarch (the first
    one that is not Anarch yet: a fixed pick)."""
    s = game.seats[play.seat]
    top = s.crypt.pop()
    s.removed.append(top)
    game.log("remove from game", play.seat, top)
    if game.vampires[game.card_of[top]].clan != "Malkavian":
        return
    candidates = [
        game.minions[c]
        for c in s.controlled
        if c in game.minions
        and game.minions[c].kind == VAMPIRE
        and game.minions[c].in_play
        and not game.minions[c].title
    ]
    candidates.sort(key=lambda m: m.sect == "Anarch")
    if candidates:
        candidates[0].sect = "Anarch"
        game.log("become anarch", play.seat, candidates[0].id)


vampire(
    "Gilbert Duane (G6)",
    modes=(
        Mode(
            window=W.INFLUENCE,
            in_play=True,
            when=_gilbert_can,
            effects=(BurnBlood(1), _gilbert),
            label="burn 1 blood: remove the top crypt card; a Malkavian makes a vampire Anarch",
        ),
    ),
    notes="The vampire that becomes Anarch is a fixed pick (the first non-titled one not Anarch yet), not chosen.",
)


def _undele_terms(game: Game, play: Play) -> Sequence[int]:
    """Two minion cards of the ash heap, by name (LSJ 20100917): the pairs, indexed (none: the action cannot be
    taken, ANK 20191228)."""
    return list(range(len(_ash_pairs(game, play.seat))))


def _ash_pairs(game: Game, seat: int) -> list[tuple[int, int]]:
    comp = game.compiled
    held = [game.card_of[c] for c in game.seats[seat].ash_heap]
    names = sorted({v for v in held if comp is not None and not {"Master", "Event"} & set(comp.types.get(v, ()))})
    return [(a, b) for i, a in enumerate(names) for b in names[i:] if a != b or held.count(a) >= 2]


def _undele_can(game: Game, play: Play) -> bool:
    return bool(_ash_pairs(game, play.seat))


def _undele(game: Game, play: Play) -> None:
    """The two named cards move from the ash heap to the hand (the discard down follows at once)."""
    pairs = _ash_pairs(game, play.seat)
    if not 0 <= play.target < len(pairs):
        return
    s = game.seats[play.seat]
    for vekn in pairs[play.target]:
        copy = next((c for c in s.ash_heap if game.card_of[c] == vekn), None)
        if copy is not None:
            s.ash_heap.remove(copy)
            s.hand.append(copy)
            game.log("exchange", play.seat, copy, copy)


vampire(
    "Undele",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            political=True,
            stealth=1,
            when=_undele_can,
            targets=_undele_terms,
            effects=(_undele,),
            label="referendum: two minion cards from the ash heap to the hand",
        ),
    ),
)


def _retainers_of_others(game: Game, play: Play) -> Sequence[int]:
    return [
        c
        for seat in game.order
        if seat != play.seat
        for m in ready_minions(game, seat)
        for c in m.cards
        if c in game.minions and game.minions[c].kind == RETAINER
    ]


def _burn_target(game: Game, play: Play) -> None:
    if play.target in game.minions:
        burn_minion(game, play.target)


@hook("bleed", "Marcus Vitel")
def _marcus_bleed(game: Game, act: Action) -> int:
    """While Marcus is ready and a prince, your Sabbat vampires get +1 bleed when bleeding a Methuselah who
    controls a ready Camarilla vampire."""
    actor = game.minions.get(act.actor)
    if actor is None or actor.kind != VAMPIRE or actor.sect != "Sabbat" or act.target < 0:
        return 0
    if not any(m.title == "prince" for m in _ready_named(game, act.seat, "Marcus Vitel")):
        return 0
    return 1 if any(m.kind == VAMPIRE and m.sect == "Camarilla" for m in ready_minions(game, act.target)) else 0


vampire(
    "Marcus Vitel",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            targets=_retainers_of_others,
            effects=(_burn_target,),
            label="(D) burn a retainer",
        ),
    ),
)


def _andre_can(game: Game, play: Play) -> bool:
    """A bleed of a vampire you control that would succeed (its amount 1 or more), once each bleed (LSJ 20081123)."""
    act = action_of(play)
    actor = game.minions.get(act.actor) if act is not None else None
    return (
        act is not None
        and act.is_bleed()
        and act.seat == play.seat
        and act.bleed >= 1
        and actor is not None
        and actor.kind == VAMPIRE
        and play.minion in game.minions
        and game.minions[play.minion].in_play
    )


def _andre(game: Game, play: Play) -> None:
    """The bleed is 1 less; Andre gets +2 bleed this turn (on his own bleed too: -1 +2, LSJ 20081124-2)."""
    act = action_of(play)
    if act is None:
        return
    act.bleed -= 1
    add_rider(game, play.minion, "andre bleed", 2, Until.END_OF_TURN, play.seat)
    if act.actor == play.minion:
        act.bleed += 2


@hook("bleed", "Andre LeRoux")
def _andre_bleed(game: Game, act: Action) -> int:
    return rider_sum(game, act.actor, "andre bleed") if _named(game, act.actor, "Andre LeRoux") else 0


vampire(
    "Andre LeRoux",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=_andre_can,
            effects=(_andre,),
            limit="andre bleeds",
            limit_scope="action",
            label="reduce the bleed by 1: Andre gets +2 bleed this turn",
        ),
    ),
)


@hook("may_diablerize", "Alu")
def _blood_cursed(game: Game, minion: int) -> bool:
    """Blood Cursed vampires cannot commit diablerie (§7 L2316)."""
    return not _named(game, minion, "Alu")


vampire("Alu")


@hook("votes_cast", 'Jason "Son" Newberry')
def _jason_votes(game: Game, seat: int, ref: Referendum, side: int) -> int:
    """+2 votes when casting votes against a blood hunt referendum (Jason ready)."""
    if not ref.blood_hunt or side >= 0:
        return 0
    return 2 * len(_ready_named(game, seat, 'Jason "Son" Newberry'))


vampire('Jason "Son" Newberry', bleed=1)


def _animal_retainers_of_yours(game: Game, play: Play) -> Sequence[int]:
    if game.acting != play.seat or play.minion not in game.minions or not game.minions[play.minion].in_play:
        return []
    out = []
    for c in game.seats[play.seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.kind == VAMPIRE and m.in_play:
            for r in m.cards:
                if r in game.minions and game.minions[r].kind == RETAINER and _animal(game, game.card_of[r]):
                    out.append(r)
    return out


_ANIMAL: dict[int, bool] = {}


def _animal(game: Game, vekn: int) -> bool:
    found = _ANIMAL.get(vekn)
    if found is None:
        card = game.compiled.cards.get(vekn) if game.compiled is not None else None
        first = card.text.split("\n", 1)[0].lower() if card is not None else ""
        found = _ANIMAL[vekn] = re.search(r"\banimal\b", first) is not None
    return found


def _other_vampires_of_yours(game: Game, play: Play) -> Sequence[int]:
    """Values: the vampire (its id) the retainer moves to, a vampire you control in play (its own employer is no
    move: that pair does nothing)."""
    return [c for c in game.seats[play.seat].controlled if c in game.minions and game.minions[c].kind == VAMPIRE]


def _move_retainer(game: Game, play: Play) -> None:
    retainer = game.minions.get(play.target)
    to = game.minions.get(play.value)
    if retainer is None or to is None or to.id == retainer.holder or not to.in_play:
        return
    old = game.minions.get(retainer.holder)
    if old is not None and retainer.id in old.cards:
        old.cards.remove(retainer.id)
    to.cards.append(retainer.id)
    retainer.holder = to.id
    game.log("employ", play.seat, to.id, retainer.id)


vampire(
    "Luciano Carvalho",
    modes=(
        Mode(
            window=W.DISCARD,
            in_play=True,
            targets=_animal_retainers_of_yours,
            values=_other_vampires_of_yours,
            effects=(_move_retainer,),
            label="move an animal retainer to another vampire of yours",
        ),
    ),
    notes="Offered once in your discard phase, after your discards (in torpor too: LSJ 20011022).",
)


@hook("master_played", "Sascha Vykos, The Angel of Caine (ADV)")
def _sascha_draws(game: Game, seat: int) -> None:
    """If Sascha is ready, you draw 1 card after another Methuselah plays a master card (discard afterward: the
    hand is then over its size and discarded down at once)."""
    for other in game.order:
        if other != seat and not game.seats[other].ousted:
            for m in ready_minions(game, other):
                if _named(game, m.id, "Sascha Vykos, The Angel of Caine (ADV)"):
                    draw(game, other, 1)


vampire(
    "Sascha Vykos, The Angel of Caine (ADV)",
    notes="The draw is always taken. [MERGED] Sabbat cardinal: merging is not modelled (NO_MERGE).",
)


@hook("may_direct", "Valkyrie")
def _valkyrie(game: Game, minion: int) -> bool:
    """Valkyrie cannot perform directed actions unless Brunhilde is ready (any Methuselah's)."""
    if not _named(game, minion, "Valkyrie"):
        return True
    comp = game.compiled
    return any(
        comp is not None and comp.cards[m.card].name == "Brunhilde"
        for seat in game.order
        for m in ready_minions(game, seat)
        if m.kind == VAMPIRE
    )


vampire("Valkyrie", strength=1)


@hook("can_block", "Ambrosio Luis Monçada, Plenipotentiary")
def _moncada_cannot_block(game: Game, blocker: int, act: Action) -> bool:
    return not _named(game, blocker, "Ambrosio Luis Monçada, Plenipotentiary")


@hook("directed_cost", "Ambrosio Luis Monçada, Plenipotentiary")
def _moncada_cost(game: Game, act: Action) -> int:
    """Actions directed at him cost 1 more pool (another Methuselah's: those of his own are undirected, LSJ
    20030214-2)."""
    return (
        1 if act.target_minion >= 0 and _named(game, act.target_minion, "Ambrosio Luis Monçada, Plenipotentiary") else 0
    )


def _locked_lasombra(game: Game, play: Play) -> Sequence[int]:
    if game.acting != play.seat or game.phase is not Phase.DISCARD or not self_ready(game, play):
        return []
    return [
        m.id
        for m in ready_minions(game, play.seat)
        if m.id != play.minion and m.kind == VAMPIRE and m.clan == "Lasombra" and m.locked
    ]


vampire(
    "Ambrosio Luis Monçada, Plenipotentiary",
    modes=(
        Mode(
            window=W.DISCARD,
            in_play=True,
            targets=_locked_lasombra,
            effects=(UnlockTarget(),),
            label="unlock another ready Lasombra",
        ),
    ),
    notes="The unlock is offered once in your discard phase, after your discards.",
)


@hook("votes_cast", "Hartmut Stover", "Alexander Silverson")
def _votes_against(game: Game, seat: int, ref: Referendum, side: int) -> int:
    """Voting against a referendum called by Hartmut: each vampire casting votes burns 1 blood (as the votes are
    cast: the tally does not depend on it). Against one called by Alexander: each must burn 1 blood to cast its
    votes; one with none left casts none (the seat's votes less its)."""
    if side >= 0 or ref.caller < 0:
        return 0
    hartmut = _named(game, ref.caller, "Hartmut Stover")
    alexander = _named(game, ref.caller, "Alexander Silverson")
    if not (hartmut or alexander):
        return 0
    lost = 0
    for m in ready_minions(game, seat):
        if m.kind != VAMPIRE or m.votes <= 0:
            continue
        if m.blood >= 1:
            move_blood(game, m.id, -1)
            game.log("burn blood", seat, m.id, 1)
        elif alexander:
            lost += m.votes
    return -lost


def _edge_holder_discarding(game: Game, play: Play) -> bool:
    return game.acting == play.seat and game.phase is Phase.DISCARD and game.edge == play.seat


vampire(
    "Hartmut Stover",
    modes=(
        Mode(
            window=W.DISCARD,
            in_play=True,
            when=_edge_holder_discarding,
            effects=(BurnTheEdge(), GainPool(1)),
            label="burn the Edge: gain 1 pool",
        ),
    ),
    notes="Ballots are not modelled apart from votes.",
)
vampire("Alexander Silverson", notes="Ballots are not modelled apart from votes.")


@hook("unlock_end", "Keith Moody")
def _keith(game: Game, seat: int) -> None:
    """During your unlock phase your prey can burn the Edge to burn 1 blood from Keith: a fixed rule for the prey's
    choice, it does whenever it holds the Edge and Keith has blood."""
    prey = game.prey(seat)
    if prey == seat or game.edge != prey:
        return
    for m in _ready_named(game, seat, "Keith Moody"):
        if m.blood >= 1 and game.edge == prey:
            game.edge = None
            move_blood(game, m.id, -1)
            game.log("burn blood", seat, m.id, 1)


vampire(
    "Keith Moody",
    notes="His prey's choice is a fixed rule: it burns the Edge whenever it holds it and Keith has blood.",
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
            effects=(GainPool(2),),
            limit="unnamed gains",
            limit_scope="action",
            label="gain 2 pool after a successful bleed",
        ),
        INFERNAL,
    ),
)
vampire("Kuyén", notes="Animals (allies and retainers) cost her 1 fewer blood or pool: the cost_less hook.")
vampire("Casey Snyder")
_MAGE: dict[int, bool] = {}


def _recruit_handler(game: Game, vekn: int) -> Handler | None:
    """The mode that recruits an ally card (its action with a Recruit effect), when the ally has a spec."""
    handlers: tuple[Handler, ...] = game.compiled.actions.get(vekn, ()) if game.compiled is not None else ()
    for handler in handlers:
        if any(isinstance(e, Recruit) for e in handler.mode.effects):
            return handler
    return None


def _mage_allies(game: Game, play: Play) -> Sequence[int]:
    """One copy of each mage ally in your hand or library that Antonio could play (requirements, Discipline and
    pool cost, its reductions applied: LSJ 20090920-2), hand copies first."""
    m = game.minions.get(play.minion)
    s = game.seats[play.seat]
    if m is None or not self_ready(game, play) or s.transfers < 4:
        return []
    out: dict[int, int] = {}
    for copy in (*s.hand, *reversed(s.library)):
        vekn = game.card_of[copy]
        if vekn in out:
            continue
        mage = _MAGE.get(vekn)
        if mage is None:
            card = game.compiled.cards.get(vekn) if game.compiled is not None else None
            first = card.text.split("\n", 1)[0].lower() if card is not None and "Ally" in card.types else ""
            mage = _MAGE[vekn] = re.search(r"\bmage\b", first) is not None
        handler = _recruit_handler(game, vekn) if mage else None
        if handler is not None and may_play(game, handler, m) and s.pool > card_cost(game, handler, play.seat, m.id)[1]:
            out[vekn] = copy
    return list(out.values())


def _antonio(game: Game, play: Play) -> Any:
    """Take the ally from the hand or library (shuffle the library afterward), pay its cost as normal and put it
    in play with its starting life (its recruit mode's effects)."""
    s = game.seats[play.seat]
    handler = _recruit_handler(game, game.card_of[play.target])
    if handler is None or play.minion not in game.minions:
        return None
    if play.target in s.hand:
        s.hand.remove(play.target)
    elif play.target in s.library:
        s.library.remove(play.target)
    else:
        return None
    game.rng.shuffle(s.library)
    game.aside.append(play.target)
    game.log("search", play.seat, play.target)
    _, pool = card_cost(game, handler, play.seat, play.minion, paying=True)
    if pool:
        economy.burn_pool(game, play.seat, pool)
    ally = Play(seat=play.seat, card=play.target, mode=handler.mode, minion=play.minion)
    return run_effects(game, handler.mode.effects, ally)


vampire(
    "Antonio d'Erlette",
    modes=(
        Mode(
            window=W.INFLUENCE,
            in_play=True,
            targets=_mage_allies,
            effects=(PayTransfers(4), _antonio),
            label="4 transfers: search the library or hand for a mage ally, put it in play",
        ),
    ),
    notes="Offered at the start of the influence phase (where cards in play use transfers); only mage allies "
    "with a spec can be put in play (the others cannot be in play here at all).",
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


@hook("retainer_abilities", "Stanislava")
def _stanislava_retainers(game: Game, minion: int) -> bool:
    """Retainers employed by a minion in combat with Stanislava lose their abilities (False: they do)."""
    c = current_combat(game)
    if c is None or minion not in (c.a.minion, c.b.minion):
        return True
    return not _named(game, c.other(minion).minion, "Stanislava")


vampire(
    "Stanislava",
    bleed=2,
    notes="Her opponents' retainers lose what they give their employer (vocabulary._bearers) in combat with her; "
    "no retainer with a combat ability has a spec yet.",
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
_TREMERE = ("Tremere", "Tremere antitribu")


def _lord_tremere_now(game: Game, play: Play) -> bool:
    """During your minion phase, Lord Tremere in play (in torpor too: LSJ 20011022, LSJ 20100902-2)."""
    me = game.minions.get(play.minion)
    return game.acting == play.seat and game.phase is Phase.MINION and me is not None and me.in_play


def _other_tremere(locked: bool) -> Any:
    def targets(game: Game, play: Play) -> Sequence[int]:
        if not _lord_tremere_now(game, play):
            return []
        return [
            m.id
            for seat in game.order
            for m in ready_minions(game, seat)
            if m.id != play.minion and m.kind == VAMPIRE and m.clan in _TREMERE and m.locked == locked
        ]

    return targets


def _blocking_tremere(game: Game, play: Play) -> Sequence[int]:
    """The Tremere attempting to block your minion's action (locked, its attempt fails: LSJ 20010702)."""
    act = action_of(play)
    blocker = game.minions.get(act.blocker) if act is not None and act.blocker >= 0 else None
    if blocker is None or act is None or act.seat != play.seat or not _lord_tremere_now(game, play):
        return []
    return [blocker.id] if blocker.kind == VAMPIRE and blocker.clan in _TREMERE and blocker.id != play.minion else []


def _set_locked(locked: bool) -> Any:
    def effect(game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None:
            m.locked = locked
            game.log("lock" if locked else "unlock", play.seat, m.id)

    return effect


vampire(
    "Lord Tremere",
    bleed=2,
    intercept=1,
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            targets=_other_tremere(locked=True),
            effects=(_set_locked(False),),
            label="unlock another ready Tremere",
        ),
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            targets=_other_tremere(locked=False),
            effects=(_set_locked(True),),
            label="lock another ready Tremere",
        ),
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            targets=_blocking_tremere,
            effects=(_set_locked(True), AttemptFails()),
            label="lock the Tremere attempting to block",
        ),
    ),
    notes="Thaumaturgy cards cost him 1 fewer blood (the cost_less hook). Locking or unlocking is offered after each "
    "action of your minion phase, and as a Tremere attempts to block one (the attempt then fails).",
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


def _corrupted_by_sergio(game: Game, blocker: int, act: Action) -> bool:
    """The would-be blocker carries 1 or more of Sergio Bueno's Methuselah's corruption counters, and he acts."""
    return _named(game, act.actor, "Sergio Bueno") and corruption_on(game, blocker, controller(game, act.actor)) > 0


@hook("can_block", "Sergio Bueno")
def _sergio_block(game: Game, blocker: int, act: Action) -> bool:
    """A minion with his Methuselah's corruption counters and no blood or life to burn cannot attempt to block him."""
    m = game.minions.get(blocker)
    return not (m is not None and m.blood < 1 and _corrupted_by_sergio(game, blocker, act))


@hook("block_attempt", "Sergio Bueno")
def _sergio_attempt(game: Game, act: Action, blocker: int) -> None:
    """Minions with 1 or more of your corruption counters burn 1 blood or life to attempt to block Sergio."""
    if blocker in game.minions and _corrupted_by_sergio(game, blocker, act):
        move_blood(game, blocker, -1)
        game.log("burn blood", controller(game, blocker), blocker, 1)


vampire(
    "Sergio Bueno",
    notes="An ally or retainer with 1 life does not burn its last life to attempt to block him (it could: it would "
    "burn); it lets him through.",
)


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


@hook("unlock_end", "Arika")
def _arika(game: Game, seat: int) -> None:
    """If Arika is ready during your prey's unlock phase, for each location it controls your prey burns 1 pool or
    the location (after it could use them: ANK 20200629; once each unlock phase)."""
    predator = game.predator(seat)
    if predator == seat or not _ready_named(game, predator, "Arika"):
        return
    s = game.seats[seat]
    for c in [c for c in s.controlled if _is_location(game, game.card_of[c])]:
        if s.ousted:
            return
        if s.pool > 4:
            economy.burn_pool(game, seat, 1)
            game.log("prey burns pool", predator, seat, 1)
        else:
            burn_card(game, c)


vampire(
    "Arika",
    bleed=2,
    notes="Her prey's choice for each location is a fixed rule: it pays 1 pool while it has more than 4, else burns "
    "the location.",
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


# (the hook is registered at the end of the module, once every infernal vampire's spec is written)


# --- issue 27, part 2 ---
# Printed bonuses under a condition, one small rule per vampire in a table by unique name, read by one hook per
# kind of bonus (each hook declares the table's names: a table without them never calls it).


def _spec_name(game: Game, minion_id: int) -> str:
    """The unique name of the vampire's spec ("" for an ally, a retainer or a vampire without a spec)."""
    m = game.minions.get(minion_id)
    if m is None or m.kind != VAMPIRE or game.compiled is None:
        return ""
    spec = game.compiled.vampires.get(m.card)
    return spec.name if spec is not None else ""


def _vampire_spec(game: Game, minion_id: int) -> Any:
    """The vampire's spec (None for an ally, a retainer or a vampire without a spec)."""
    m = game.minions.get(minion_id)
    if m is None or m.kind != VAMPIRE or game.compiled is None:
        return None
    return game.compiled.vampires.get(m.card)


def _controls_ready_clan(game: Game, seat: int, clans: tuple[str, ...]) -> bool:
    """Whether the Methuselah controls a ready vampire of one of the clans."""
    return 0 <= seat < len(game.seats) and any(m.kind == VAMPIRE and m.clan in clans for m in ready_minions(game, seat))


def _in_play_named(game: Game, seat: int, name: str) -> list[Minion]:
    """The seat's vampires in play (ready or in torpor) with this unique name."""
    out = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.in_play and _named(game, c, name):
            out.append(m)
    return out


def _actor_of(game: Game, act: Action) -> Minion | None:
    return game.minions.get(act.actor)


def _unique_equipment(game: Game, m: Minion) -> int:
    """The unique equipment cards on the minion (a unique card's equip mode is compiled as unique)."""
    comp = game.compiled
    if comp is None:
        return 0
    count = 0
    for c in m.cards:
        vekn = game.card_of[c]
        if "Equipment" in comp.types.get(vekn, ()) and any(h.unique for h in comp.actions.get(vekn, ())):
            count += 1
    return count


def _uresseg_prey_low(game: Game, seat: int) -> bool:
    """Üresség: your prey has 10 or fewer pool."""
    prey = game.prey(seat)
    return prey != seat and game.seats[prey].pool <= 10


# +bleed of the acting vampire (the action's bleed, counted as it is announced).
_BLEED_BONUS: dict[str, Callable[[Game, Minion, Action], int]] = {
    "Üresség": lambda game, m, act: 1 if _uresseg_prey_low(game, controller(game, m.id)) else 0,
    "Hesha Ruhadze (G6)": lambda game, m, act: _unique_equipment(game, m),
}
# +stealth of the acting minion's action.
_STEALTH_BONUS: dict[str, Callable[[Game, Minion, Action], int]] = {
    "Dark Selina": lambda game, m, act: 1 if act.kind is Act.POLITICAL else 0,
    "Royce": lambda game, m, act: -1 if act.is_bleed() else 0,
    "Onaedo": lambda game, m, act: (
        1
        if act.kind is Act.DIABLERIE
        and any(o.key == "Otieno" and o.kind == VAMPIRE for s in game.order for o in ready_minions(game, s))
        else 0
    ),
}
# +intercept of the vampire attempting to block.
_INTERCEPT_BONUS: dict[str, Callable[[Game, Minion, Action], int]] = {
    "Christine Boscacci": lambda game, m, act: -1 if act.is_bleed() else 0,
    "Azucena": lambda game, m, act: _azucena(game, m, act),
}
# Who may not block whom: (the blocker, the acting minion) → False when the block is not allowed; keyed by the
# vampire whose text it is (the blocker's or the actor's name).
_CANNOT_BLOCK_AS_BLOCKER: dict[str, Callable[[Game, Minion, Minion], bool]] = {
    "Tyler McGill": lambda game, me, actor: actor.kind == VAMPIRE and actor.clan == "Nosferatu",
    "Volker, The Puppet Prince": lambda game, me, actor: actor.kind == VAMPIRE and actor.title == "primogen",
    "Marie-Pierre": lambda game, me, actor: actor.kind == VAMPIRE and actor.capacity > me.capacity,
}
_CANNOT_BE_BLOCKED_BY: dict[str, Callable[[Game, Minion, Minion], bool]] = {
    # minions with any of his controller's corruption counters (one put on the blocker later: still blocked)
    "Nakhthorheb": lambda game, me, blocker: corruption_on(game, blocker.id, controller(game, me.id)) > 0,
    "Aisling Sturbridge": lambda game, me, blocker: (
        blocker.kind == VAMPIRE and blocker.clan == "Tremere" and blocker.capacity < me.capacity
    ),
}


def _azucena(game: Game, m: Minion, act: Action) -> int:
    """+1 intercept against younger Lasombra, -1 against older Lasombra."""
    actor = _actor_of(game, act)
    if actor is None or actor.kind != VAMPIRE or actor.clan != "Lasombra" or actor.capacity == m.capacity:
        return 0
    return 1 if actor.capacity < m.capacity else -1


def _with_field(field: str) -> tuple[str, ...]:
    """The vampires (so far registered) whose spec sets ``field``: the hooks reading that field declare them."""
    from ..cards import CRYPT

    return tuple(name for name, spec in CRYPT.items() if getattr(spec, field))


vampire("Sheila Mezarin", bleed=1)
vampire("Bloody Mary", bleed=1)
vampire("Jost Werner", stealth=1)
vampire("Corine Marcón", strength=1)
vampire("Rinaldo Albizzi", intercept=1)
vampire("Banjoko", notes="Black Hand and Seraph are traits: card requirements read them.")
vampire("Mosfair", notes="Black Hand is a trait: card requirements read it.")
vampire("Djuhah, The Bronze Bow", notes="Black Hand and Seraph are traits: card requirements read them.")
vampire(
    "Genevieve",
    votes=1,
    notes="Her additional vote counts with her title's while she is ready; the seat's votes go to one side.",
)
vampire("Queen Anne (G2)", bleed=1, bleed_vs_clans=("Tremere",))
vampire("Rebekka, Chantry Elder of Munich", stealth=1, bleed_vs_clans=("Malkavian",))
vampire(
    "Martin Franckel",
    bleed=-1,
    bleed_vs_clans=("Tremere", "Tremere antitribu"),
    notes="-1 bleed, and +1 back when the Methuselah bled controls a ready Tremere or Tremere antitribu.",
)
vampire("Üresség", notes="+1 vote and +1 bleed while your prey has 10 or fewer pool (the votes counted when cast).")
vampire("Hesha Ruhadze (G6)")
vampire("Dark Selina")
vampire("Royce")
vampire("Onaedo", notes="Any ready Otieno (any version, any controller) counts.")
vampire("Christine Boscacci")
vampire("Azucena")
vampire("Volker, The Puppet Prince")


def _marie_pierre_opponents(game: Game, play: Play) -> Sequence[int]:
    """After an action's combat involving another Samedi you control: the opposing minion, still ready (she is
    ready and unlocked, to lock)."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    fought = act.flags.get("combat_with", -1) if act is not None else -1  # the acting minion's opponent
    if act is None or me is None or me.locked or not is_ready(game, me.id) or fought < 0:
        return []
    pair = (act.actor, fought)
    for mine, theirs in (pair, pair[::-1]):
        m = game.minions.get(mine)
        if (
            m is not None
            and mine != me.id
            and m.kind == VAMPIRE
            and m.clan == "Samedi"
            and controller(game, mine) == play.seat
            and is_ready(game, theirs)
            and controller(game, theirs) != play.seat
        ):
            return [theirs]
    return []


vampire(
    "Marie-Pierre",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            targets=_marie_pierre_opponents,
            effects=(LockSelf(), EnterCombatWithTarget(outside_action=True)),
            limit="marie-pierre",
            limit_scope="action",
            label="lock: enter combat with the minion that fought your Samedi",
        ),
    ),
    notes="Offered after an action that led to a combat (a block, or an action entering combat: the engine's "
    "combats come from actions); her combat is no part of that action (ANK 20180929).",
)
vampire("Aisling Sturbridge")
vampire("Charles Delmare", presses_each_combat=1)
vampire("Antón de Concepción", maneuvers_first_round=1)
vampire('Jack "Hannibal137" Harmon', maneuvers_first_round=1)


def _enter_combat_with(targets: Any, label: str) -> Mode:
    """ "X can enter combat with <a minion> as a (D) action" (Dafina Hanganu, Lucinde, Baroque…)."""
    return Mode(
        window=W.ACTION,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        targets=targets,
        label=label,
    )


def _non_camarilla_vampires(game: Game, play: Play) -> Sequence[int]:
    return [t for t in ready_vampires_of_others(game, play) if game.minions[t].sect != "Camarilla"]


def _baroque_targets(game: Game, play: Play) -> Sequence[int]:
    """Younger vampires who are not Giovanni or Nosferatu."""
    return [
        t for t in younger_ready_vampires_of_others(game, play) if game.minions[t].clan not in ("Giovanni", "Nosferatu")
    ]


def _locked_vampires_of_others(game: Game, play: Play) -> Sequence[int]:
    return [t for t in ready_vampires_of_others(game, play) if game.minions[t].locked]


def _target_still_locked(game: Game, play: Play) -> bool:
    m = game.minions.get(play.target)
    return m is not None and m.locked


def _younger_vampires_of_others(game: Game, play: Play) -> Sequence[int]:
    """Vampires of other Methuselahs younger than the playing one, ready or in torpor."""
    me = game.minions.get(play.minion)
    if me is None:
        return []
    return [
        c
        for s in game.order
        if s != play.seat
        for c in game.seats[s].controlled
        if c in game.minions
        and game.minions[c].in_play
        and game.minions[c].kind == VAMPIRE
        and game.minions[c].capacity < me.capacity
    ]


def _steal_blood(amount: int) -> Any:
    """The playing vampire steals N blood from the target vampire (what it cannot hold drains off)."""

    def steal(game: Game, play: Play) -> None:
        victim = game.minions.get(play.target)
        if victim is None or play.minion not in game.minions:
            return
        taken = min(amount, victim.blood)
        victim.blood -= taken
        game.burned += taken
        move_blood(game, play.minion, taken)
        game.log("steal blood", play.seat, play.minion, play.target, taken)

    return steal


def _own_bleed_succeeded(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.actor == play.minion and bleed_succeeded(game, play)


def _mill_bled(amount: int) -> Any:
    """Burn the top N cards of the library of the Methuselah bled (Zygodat)."""

    def mill(game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None or not 0 <= act.target < len(game.seats):
            return
        library = game.seats[act.target].library
        for _ in range(amount):
            if library:
                game.seats[act.target].ash_heap.append(library.pop())
        game.log("mill", act.target, amount)

    return mill


def _own_locked_vampires_or_mummies(game: Game, play: Play) -> Sequence[int]:
    """The player's locked ready vampires and mummy allies (Abdelsobek unlocks one)."""
    comp = game.compiled
    out = []
    for m in ready_minions(game, play.seat):
        if not m.locked:
            continue
        if m.kind == VAMPIRE:
            out.append(m.id)
        elif m.kind == ALLY and comp is not None:
            card = comp.cards.get(m.card)
            if card is not None and "mummy" in card.text.lower():
                out.append(m.id)
    return out


def _acting_self(game: Game, play: Play) -> bool:
    """The vampire whose ability it is performs the current action."""
    act = action_of(play) or current_action(game)
    return act is not None and act.actor == play.minion


def _bleeding_self(game: Game, play: Play) -> bool:
    act = action_of(play) or current_action(game)
    return act is not None and act.actor == play.minion and act.is_bleed()


def _hand_size_for_good(game: Game, play: Play) -> None:
    """+1 hand size until the end of the game (Benjamin Rose's referendum)."""
    add_rider(game, -1 - play.seat, "hand_size", 1, Until.END_OF_GAME, play.seat)
    game.log("hand size", play.seat, 1)


vampire(
    "Arcadian, The",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            bleeds=True,
            bleed=1,
            stealth=1,
            cost_blood=1,
            label="(D) bleed with +1 bleed and +1 stealth, costs 1 blood",
        ),
    ),
)
vampire("Dafina Hanganu", modes=(_enter_combat_with(ready_minions_of_others, "enter combat with a minion"),))
vampire(
    "Nangila Were",
    hand_size=1,
    modes=(_enter_combat_with(ready_minions_of_others, "enter combat with a minion"),),
)
vampire(
    "Lucinde, Alastor (G3)",
    modes=(
        _enter_combat_with(_non_camarilla_vampires, "enter combat with a non-Camarilla vampire"),
        Mode(
            window=W.UNLOCK,
            in_play=True,
            when=has_edge,
            effects=(BurnTheEdge(), AddBlood(1, to_self=True)),
            label="burn the Edge: 1 blood to Lucinde",
        ),
    ),
)
vampire("Baroque", modes=(_enter_combat_with(_baroque_targets, "enter combat with a younger vampire"),))
vampire(
    "Nathaniel Bordruff",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            targets=_locked_vampires_of_others,
            effects=(If(_target_still_locked, (EnterCombatWithTarget(),)),),
            label="enter combat with a locked vampire",
        ),
    ),
    notes="A target unlocked by resolution: the action succeeds with no effect (its ruling).",
)
vampire(
    "Zygodat",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_own_bleed_succeeded,
            effects=(_mill_bled(2),),
            limit="zygodat",
            limit_scope="action",
            label="burn the top 2 cards of the library of the Methuselah bled",
        ),
    ),
)
vampire(
    "Victoria",
    modes=(
        Mode(
            window=W.MASTER,
            in_play=True,
            when=all_of(has_edge, self_ready),
            effects=(BurnTheEdge(), GainPool(2)),
            label="burn the Edge: gain 2 pool",
        ),
    ),
)
vampire(
    "La Viuda Blanca",
    modes=(Mode(window=W.ACTION, role=Role.ACTOR, stealth=1, effects=(DrawCards(2),), label="draw 2 cards"),),
    notes="She always draws 2 (the most the text allows), then discards down to her hand size.",
)
vampire(
    "Abdelsobek",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            stealth=1,
            targets=_own_locked_vampires_or_mummies,
            effects=(UnlockTarget(),),
            label="unlock a vampire or mummy you control",
        ),
    ),
)
vampire(
    "Apolonia Czarnecki",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            targets=_younger_vampires_of_others,
            effects=(_steal_blood(1),),
            label="steal 1 blood from a younger vampire",
        ),
    ),
)
vampire(
    "Mary Anne Blaire",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            stealth=1,
            targets=uncontrolled_vampires,
            effects=(AddBlood(2),),
            label="add 2 blood to an uncontrolled vampire",
        ),
    ),
)
vampire(
    "Benjamin Rose",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            political=True,
            stealth=1,
            effects=(_hand_size_for_good,),
            label="referendum: +1 hand size until the end of the game",
        ),
    ),
)
vampire(
    "Virginie, Prodigy",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=all_of(_bleeding_self, has_blood(1)),
            effects=(BurnBlood(1), Bleed(1, limited=False)),
            label="burn 1 blood: +1 bleed",
        ),
    ),
)
vampire(
    "Francisco Domingo de Polonia",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=all_of(_bleeding_self, has_blood(1)),
            effects=(BurnBlood(1), Bleed(1, limited=False)),
            limit="francisco",
            limit_scope="turn",
            label="burn 1 blood: +1 bleed (once each turn)",
        ),
    ),
)
vampire(
    "Veejay Vinod",
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=all_of(_acting_self, has_blood(2)),
            effects=(BurnBlood(2), Stealth(1)),
            label="burn 2 blood: +1 stealth",
        ),
    ),
    notes="Scarce is a trait (the influence rule reads it).",
)
vampire("Armin Brenner")
vampire("Sybren van Oosten")
vampire("Maldavis (ADV)", notes="Merging is not modelled (economy.NO_MERGE): the merged title never applies.")
vampire("Khin Aye")
vampire("Annabelle Triabell (G6)")
vampire("Roderick Phillips March")


MinionTest = Callable[[Game, Minion, Minion], bool]  # (the vampire whose ability it is, the other minion)


def _lock_unlock_modes(
    key: str, other: MinionTest, *, lock: bool, once_each_turn: bool, self_ready_needed: bool, what: str
) -> tuple[Mode, ...]:
    """ "During your turn, you can (lock or) unlock another ready <X>" (Alexandra, Karif al Numair, Alabástrom):
    offered where it changes a game — after each of your actions, unlock one (the actor, to act again); and
    during a block attempt against your action, lock the would-be blocker, whose attempt then fails (its
    ruling: LSJ 20010702). ``once_each_turn``: one use a turn in all (Alexandra)."""

    def usable(game: Game, play: Play) -> bool:
        if game.acting != play.seat:
            return False
        return not self_ready_needed or is_ready(game, play.minion)

    def locked_others(game: Game, play: Play) -> Sequence[int]:
        me = game.minions.get(play.minion)
        if me is None:
            return []
        return [
            m.id
            for seat in game.order
            for m in ready_minions(game, seat)
            if m.locked and m.id != me.id and other(game, me, m)
        ]

    def the_blocker(game: Game, play: Play) -> Sequence[int]:
        act = action_of(play)
        me = game.minions.get(play.minion)
        if act is None or me is None or act.seat != play.seat or act.blocker < 0:
            return []
        blocker = game.minions.get(act.blocker)
        if blocker is None or blocker.locked or blocker.id == me.id or not other(game, me, blocker):
            return []
        return [blocker.id]

    def lock_blocker(game: Game, play: Play) -> None:
        act = action_of(play)
        m = game.minions.get(play.target)
        if act is None or m is None:
            return
        m.locked = True
        game.log("lock", play.seat, m.id)
        if m.id not in act.woken:
            act.flags["attempt_fails"] = 1

    scope = "turn" if once_each_turn else "action"
    modes = [
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=usable,
            targets=locked_others,
            effects=(UnlockTarget(),),
            label=f"unlock another ready {what}",
            limit=key,
            limit_scope=scope,
        )
    ]
    if lock:
        modes.append(
            Mode(
                window=W.BLOCK_ATTEMPT,
                in_play=True,
                when=usable,
                targets=the_blocker,
                effects=(lock_blocker,),
                label=f"lock the blocking {what}: the block fails",
                limit=key,
                limit_scope=scope,
            )
        )
    return tuple(modes)


vampire(
    "Alexandra",
    bleed=2,
    modes=_lock_unlock_modes(
        "alexandra",
        lambda game, me, m: m.kind == VAMPIRE and m.clan == "Toreador",
        lock=True,
        once_each_turn=True,
        self_ready_needed=False,
        what="Toreador",
    ),
    notes="Her lock or unlock is offered after each of your actions (unlock) and during a block attempt against "
    "your action (lock the blocker); she uses it in torpor too (LSJ 20011022).",
)
vampire(
    "Karif al Numair",
    bleed=1,
    strength=1,
    modes=_lock_unlock_modes(
        "karif",
        lambda game, me, m: m.kind == VAMPIRE and "black hand" in m.traits,
        lock=True,
        once_each_turn=False,
        self_ready_needed=False,
        what="Black Hand vampire",
    ),
    notes="His lock or unlock is offered after each of your actions (unlock, once each action) and during a "
    "block attempt against your action (lock the blocker); he uses it in torpor too (LSJ 20011022).",
)
vampire(
    "Alabástrom",
    modes=_lock_unlock_modes(
        "alabastrom",
        lambda game, me, m: (
            m.kind == VAMPIRE and m.clan == "Gargoyle" and controller(game, m.id) == controller(game, me.id)
        ),
        lock=False,
        once_each_turn=False,
        self_ready_needed=True,
        what="Gargoyle you control",
    ),
    notes="His unlock is offered after each of your actions (once each action). Flight is a trait.",
)


def _own_minion_phase_locked(game: Game, play: Play) -> bool:
    """During your minion phase (after one of your actions), the vampire is ready and locked."""
    m = game.minions.get(play.minion)
    return game.acting == play.seat and m is not None and m.locked and is_ready(game, play.minion)


def _aabbt_in_crypt(game: Game, play: Play) -> bool:
    ids = _aabbt_ids(game)
    return any(game.card_of[c] in ids for c in game.seats[play.seat].crypt)


# The compiled card list last asked about and its Aabbt Kindred ids: one entry (a process plays with one card
# list), since finding them reads every card and the condition is asked before each of the seat's turns.
_AABBT: dict[str, Any] = {"compiled": None, "ids": frozenset()}


def _aabbt_ids(game: Game) -> frozenset[int]:
    comp = game.compiled
    if comp is None:
        return frozenset()
    if _AABBT["compiled"] is not comp:
        ids = frozenset(c.id for c in comp.cards if c.is_crypt and c.name == "Aabbt Kindred")
        _AABBT.update(compiled=comp, ids=ids)
        return ids
    found: frozenset[int] = _AABBT["ids"]
    return found


def _fetch_aabbt(game: Game, play: Play) -> None:
    """Search the crypt for a card named Aabbt Kindred (the top-most), move it to the uncontrolled region;
    shuffle the crypt afterward."""
    s = game.seats[play.seat]
    ids = _aabbt_ids(game)
    found = [c for c in reversed(s.crypt) if game.card_of[c] in ids]
    if found:
        copy_id = found[0]
        s.crypt.remove(copy_id)
        s.uncontrolled.append(copy_id)
        if copy_id not in game.minions:
            template = game.vampires[game.card_of[copy_id]]
            game.minions[copy_id] = dataclasses.replace(template, id=copy_id, cards=[], riders=[])
        game.log("search", play.seat, copy_id)
    game.rng.shuffle(s.crypt)


def _opikun_may_prevent(game: Game, play: Play) -> bool:
    """Normal damage is about to be inflicted on a vampire you control in combat (Opikun in torpor too)."""
    c = combat_of(play) if isinstance(play.frame, Combat) else None
    if c is None or c.pending[0] <= 0:
        return False
    damaged = [side.minion for side in (c.a, c.b) if controller(game, side.minion) == play.seat]
    return any(game.minions[m].kind == VAMPIRE for m in damaged if m in game.minions)


def _prevent_normal(amount: int) -> Any:
    """Prevent up to N of the non-aggravated damage being inflicted (never aggravated: LSJ 20040812-2)."""

    def prevent(game: Game, play: Play) -> None:
        c = combat_of(play) if isinstance(play.frame, Combat) else None
        if c is not None:
            c.pending = [max(0, c.pending[0] - amount), c.pending[1]]

    return prevent


_ANASTASZ_STRIKE = Strike(steal=1, ranged=True, label="steal 1 blood at range")
_LEOPOLD_STRIKE = Strike(steal=2, ranged=True, label="steal 2 blood or life at range")


def _keegan_unlocks(game: Game, play: Play) -> bool:
    """After his successful action (one that fizzled too: ANK 20220218) requiring a Gangrel (its card)."""
    act = action_of(play)
    m = game.minions.get(play.minion)
    if act is None or m is None or act.actor != play.minion or not act.succeeded or not m.locked:
        return False
    comp = game.compiled
    if act.card < 0 or comp is None or act.card in game.minions:
        return False
    card = comp.cards.get(game.card_of[act.card])
    return card is not None and "Gangrel" in card.requirements.clans


vampire(
    "Modius",
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            when=holds_card_of_type("Master"),
            effects=(DiscardOfType("Master"), ExtraVotes(1)),
            label="discard a master card: +1 vote",
        ),
    ),
    notes="Used in torpor too (LSJ 20011022); the master card discarded is the first one in hand.",
)
vampire(
    "Nakhthorheb",
    strength=1,
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_own_minion_phase_locked,
            effects=(UnlockSelf(),),
            label="unlock (during your minion phase)",
        ),
    ),
    notes="His unlock is offered after each of your actions.",
)
vampire(
    "Nefertiti (ADV)",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            stealth=1,
            when=_aabbt_in_crypt,
            effects=(_fetch_aabbt,),
            label="search the crypt for Aabbt Kindred",
        ),
    ),
    notes="Merging is not modelled (economy.NO_MERGE): the merged unlock never applies.",
)
vampire(
    "Opikun",
    modes=(
        Mode(
            window=W.PREVENT,
            in_play=True,
            when=all_of(_opikun_may_prevent, has_blood(1)),
            effects=(BurnBlood(1), _prevent_normal(2)),
            limit="opikun",
            limit_scope="combat",
            label="burn 1 blood: prevent 2 non-aggravated damage to your vampire",
        ),
    ),
    notes="Used in torpor too (LSJ 20011022); environmental damage in the same pass counts as the strike's.",
)
vampire(
    "Anastasz di Zagreb",
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            effects=(StrikeWith(_ANASTASZ_STRIKE),),
            label="strike: steal 1 blood at range",
        ),
    ),
)
vampire(
    "Lord Leopold Valdemar",
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            effects=(StrikeWith(_LEOPOLD_STRIKE),),
            label="strike: steal 2 blood or life at range",
        ),
    ),
)
vampire(
    "Keegan",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_keegan_unlocks,
            effects=(UnlockSelf(),),
            limit="keegan",
            limit_scope="turn",
            label="unlock after a successful action requiring a Gangrel",
        ),
    ),
)
vampire("Gnaeus Aemilius Augustinus", notes="The prey's choice is a fixed rule: its ready minion with the most blood.")
vampire("Ilonka", notes="She always uses it; the card discarded is at random.")
vampire("Evan Klein (G6)")
vampire("Lubomira Hradok", notes="Black Hand is a trait.")


@hook("votes", "Anastasz di Zagreb")
def _anastasz_votes(game: Game, seat: int) -> int:
    """1 fewer vote from his justicar title while another justicar is ready."""
    mine = _ready_named(game, seat, "Anastasz di Zagreb")
    if not mine:
        return 0
    others = any(
        m.title == "justicar" and m.id not in {a.id for a in mine} for s in game.order for m in ready_minions(game, s)
    )
    return -len(mine) if others else 0


@hook("unlock", "Gnaeus Aemilius Augustinus", "Lubomira Hradok")
def _unlock_phase_2(game: Game, seat: int) -> None:
    """Gnaeus ready: your prey's ready minion with the most blood (life) takes 1 unpreventable damage.
    Lubomira, after her successful bleed of a Methuselah with a ready titled vampire: she stays locked."""
    for m in list(game.minions.values()):
        if _named(game, m.id, "Lubomira Hradok") and any(r.holder == m.id and r.key == "lubomira" for r in game.riders):
            if m.in_play and controller(game, m.id) == seat:
                m.locked = True
                game.riders = [r for r in game.riders if not (r.holder == m.id and r.key == "lubomira")]
    if _ready_named(game, seat, "Gnaeus Aemilius Augustinus"):
        prey = game.prey(seat)
        if prey == seat:
            return
        victims = sorted(ready_minions(game, prey), key=lambda v: (-v.blood, v.kind != VAMPIRE, v.id))
        if victims:
            take_damage(game, victims[0].id, 1, 0)


@hook("after_resolution", "Ilonka", "Lubomira Hradok")
def _after_bleed_2(game: Game, act: Action) -> None:
    """Ilonka ready after a successful bleed against you (once each turn): the acting Methuselah discards a
    card at random. Lubomira's successful bleed of a Methuselah with a ready titled vampire: mark her."""
    if not act.is_bleed() or not act.succeeded or act.blocked:
        return
    if _named(game, act.actor, "Lubomira Hradok") and 0 <= act.target < len(game.seats):
        if any(m.kind == VAMPIRE and m.title for m in ready_minions(game, act.target)):
            add_rider(game, act.actor, "lubomira", 1, Until.END_OF_GAME, act.seat)
    if 0 <= act.target < len(game.seats) and _ready_named(game, act.target, "Ilonka"):
        key = ("ilonka", act.target, game.turn)
        hand = game.seats[act.seat].hand
        if key in game.used or not hand:
            return
        game.used.add(key)
        discard(game, act.seat, [game.rng.choice(hand)])
        refill(game, act.seat)


@hook("announced", "Evan Klein (G6)")
def _evan_klein(game: Game, act: Action) -> None:
    """As a minion announces an action directed at Evan (another Methuselah's: the same controller's are not
    directed, LSJ 20030214-2), flip a coin: tails, the action fails."""
    if not act.directed or act.target_minion < 0 or not _named(game, act.target_minion, "Evan Klein (G6)"):
        return
    if game.rng.random() < 0.5:
        act.ended = True
        game.log("action ends", act.seat, act.actor)


# Cost changes ("blood_cost" / "pool_cost" hooks, read by game.blood_cost and game.pool_cost). "Cards requiring
# Animalism" are the cards played with it (the mode's disciplines); a reaction is a card played as a reaction (its
# role: a card of two types is the type it is played as, PIB 20150924-2).
_DISCIPLINE_DISCOUNT: dict[str, str] = {
    "Ludmijla Rakoczy": "ani",
    "Meshenka": "vic",
    "Omme Enberbenight": "myt",
    "Ragnar Nordstrom": "pro",
}
_AS_REACTION = (Role.REACTING, Role.LOCKED_REACTING, Role.BLOCKER)


def _as_reaction(handler: Any) -> bool:
    return "Reaction" in handler.types and handler.role in _AS_REACTION and not handler.mode.in_play


def _from_library(handler: Any, game: Game) -> Any:
    """The library card of the handler (None for a vampire's own ability)."""
    comp = game.compiled
    return comp.cards.get(handler.card) if comp is not None and handler.card not in comp.vampires else None


def _is_mage_ally(card: Any) -> bool:
    return "Ally" in card.types and re.search(r"\bmage\b", card.text.lower()) is not None


def _needs_gangrel_ally(card: Any) -> bool:
    return "Ally" in card.types and "Gangrel" in card.requirements.clans


@hook(
    "blood_cost",
    *_DISCIPLINE_DISCOUNT,
    "Angelique",
    "Inyanga",
    "Scout Youngwood",
    "Conrad Adoula",
    "Nergal (ADV)",
)
def _blood_costs(game: Game, handler: Any, minion: int) -> int:
    card = _from_library(handler, game)
    m = game.minions.get(minion)
    if card is None or m is None:
        return 0
    change = 0
    name = _spec_name(game, minion)
    code = _DISCIPLINE_DISCOUNT.get(name)
    if code is not None and code in handler.mode.disciplines:
        change -= 1
    if name == "Inyanga" and _needs_gangrel_ally(card) and not handler.pool:
        change -= 1  # "1 fewer blood or pool": the cost it has
    if name == "Scout Youngwood" and _as_reaction(handler):
        change += 1
    if (
        m.kind == VAMPIRE
        and m.clan == "Harbinger of Skulls"
        and "nec" in handler.mode.disciplines
        and _ready_named(game, controller(game, minion), "Angelique")
    ):
        change -= 1
    if _as_reaction(handler):
        act = current_action(game)
        actor = game.minions.get(act.actor) if act is not None else None
        actor_name = _spec_name(game, act.actor) if act is not None else ""
        if actor is not None and actor_name == "Conrad Adoula" and m.capacity < actor.capacity and m.kind == VAMPIRE:
            change += 1
        if actor_name == "Nergal (ADV)":
            change += 1
    return change


@hook("pool_cost", "Inyanga", "Grimgroth")
def _pool_costs(game: Game, handler: Any, seat: int, minion: int, target: int = -1) -> int:
    card = _from_library(handler, game)
    m = game.minions.get(minion)
    if card is None or m is None:
        return 0
    change = 0
    if _named(game, minion, "Inyanga") and _needs_gangrel_ally(card) and handler.pool:
        change -= 1
    if m.kind == VAMPIRE and m.clan == "Tremere" and _is_mage_ally(card):
        change -= 2 * len(_ready_named(game, seat, "Grimgroth"))
    return change


def _scout_targets(game: Game, play: Play) -> Sequence[int]:
    """An ally or a younger vampire your prey controls (ready, not yet locked)."""
    me = game.minions.get(play.minion)
    prey = game.prey(play.seat)
    if me is None or prey == play.seat:
        return []
    return [
        m.id
        for m in ready_minions(game, prey)
        if not m.locked and (m.kind == ALLY or (m.kind == VAMPIRE and m.capacity < me.capacity))
    ]


def _lock_target(game: Game, play: Play) -> None:
    m = game.minions.get(play.target)
    if m is not None:
        m.locked = True
        game.log("lock", play.seat, m.id)


def _ragnar_strength(game: Game, m: Minion) -> int:
    """+1 strength in combat with an ally or a younger vampire."""
    c = next((f for f in reversed(game.frames) if isinstance(f, Combat)), None)
    if c is None or m.id not in (c.a.minion, c.b.minion):
        return 0
    other = game.minions.get(c.other(m.id).minion)
    if other is None:
        return 0
    return 1 if other.kind == ALLY or (other.kind == VAMPIRE and other.capacity < m.capacity) else 0


vampire("Ludmijla Rakoczy")
vampire("Meshenka")
vampire("Omme Enberbenight")
vampire("Ragnar Nordstrom")
vampire("Angelique", notes="Her own cards requiring Necromancy cost her 1 less too (she is a Harbinger of Skulls).")
vampire("Inyanga", intercept=1)
vampire("Grimgroth", bleed=2)
vampire("Conrad Adoula")
vampire(
    "Scout Youngwood",
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            when=has_blood(2),
            targets=_scout_targets,
            effects=(BurnBlood(2), _lock_target),
            label="burn 2 blood: lock an ally or younger vampire of your prey",
        ),
    ),
)
vampire(
    "Nergal (ADV)",
    modes=(
        INFERNAL,  # first: the bots' scores are by name, and Nergal's mode 0 is INFERNAL too
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=all_of(_acting_self, has_blood(1)),
            effects=(BurnBlood(1), Stealth(1)),
            label="burn 1 blood: +1 stealth",
        ),
    ),
)


@hook("strength", "Ragnar Nordstrom")
def _strength_2(game: Game, minion: int) -> int:
    m = game.minions.get(minion)
    if m is None or not _named(game, minion, "Ragnar Nordstrom"):
        return 0
    return _ragnar_strength(game, m)


vampire("Masika", bleed=1, notes="She always unlocks, at the end of each discard phase (in torpor too: LSJ 20011022).")
vampire(
    "Mora, the Death Seer",
    bleed=1,
    notes="The library card moved is the one most recently put in the ash heap (a fixed rule, not a choice).",
)
vampire(
    "Rachel Brandywine",
    bleed=1,
    notes="She always places the cards discarded in the discard phase (its discard actions) back in the library; "
    "make all discards and redraws first (RTR 20030519).",
)


@hook("discard_phase_end", "Masika", "Mora, the Death Seer", "Rachel Brandywine")
def _discard_phase_end(game: Game, seat: int, discarded: list[int]) -> None:
    """Masika unlocks during any Methuselah's discard phase; Mora, ready in your discard phase, moves a library
    card from your ash heap to the bottom of your library; Rachel, ready, shuffles the cards you discarded during
    the phase back into your library."""
    for s in game.order:
        for m in _in_play_named(game, s, "Masika"):
            if m.locked:
                m.locked = False
                game.log("unlock", s, m.id)
    me = game.seats[seat]
    comp = game.compiled
    if _ready_named(game, seat, "Mora, the Death Seer") and comp is not None:
        library_cards = [c for c in me.ash_heap if not comp.cards[game.card_of[c]].is_crypt]
        if library_cards:
            card = library_cards[-1]
            me.ash_heap.remove(card)
            me.library.insert(0, card)  # the bottom (the top is the list's end)
            game.log("ash heap to library", seat, card)
    if _ready_named(game, seat, "Rachel Brandywine"):
        back = [c for c in discarded if c in me.ash_heap]
        if back:
            for c in back:
                me.ash_heap.remove(c)
                me.library.append(c)
            game.rng.shuffle(me.library)
            game.log("ash heap to library", seat, back[0])


def _pool_above(amount: int) -> Any:
    """The player has more than N pool (a cost never takes the last pool: NO_SUICIDE_PAYMENTS)."""

    def check(game: Game, play: Play) -> bool:
        return game.seats[play.seat].pool > amount

    return check


vampire("Tyler McGill")
vampire(
    "Huitzilopochtli",
    bleed=1,
    modes=(
        Mode(
            window=W.MASTER,
            in_play=True,
            when=all_of(self_ready, _pool_above(1)),
            effects=(BurnPool(1), MasterActions(1)),
            label="burn 1 pool: +1 master phase action",
        ),
        INFERNAL,
    ),
)
vampire(
    "Mambo Jeanne",
    bleed=1,
    notes="Her environmental damage is dealt with the round's normal strikes (a dodge does not avoid it), not "
    "when combat ended or a combatant left at first strike (their ruling).",
)


@hook("normal_strike_resolution", "Mambo Jeanne")
def _mambo_jeanne(game: Game, c: Combat) -> None:
    """Minions opposing Jeanne take 2 environmental damage during normal strike resolution at close range:
    the combat's environmental damage for this round's strikes (taken back at the next round's start)."""
    if c.range is not Range.CLOSE:
        return
    for side in (c.a, c.b):
        if _named(game, side.minion, "Mambo Jeanne"):
            other = c.other(side.minion)
            c.env_damage[other.minion] = c.env_damage.get(other.minion, 0) + 2
            other.used.add("combat:mambo jeanne")


@hook("round_start", "Mambo Jeanne")
def _mambo_jeanne_round(game: Game, c: Combat) -> None:
    for side in (c.a, c.b):
        if "combat:mambo jeanne" in side.used:
            side.used.discard("combat:mambo jeanne")
            c.env_damage[side.minion] = max(0, c.env_damage.get(side.minion, 0) - 2)


@hook("votes", "Tyler McGill")
def _tyler_votes(game: Game, seat: int) -> int:
    """+1 vote for each ready Tyler once a Methuselah has burned the Edge for a vote in this referendum."""
    ref = next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)
    if ref is None or not ref.edge_burned:
        return 0
    return len(_ready_named(game, seat, "Tyler McGill"))


def _bruce_announces(game: Game, play: Play) -> bool:
    """Bruce announces a political action (the "as announced" window of his own action)."""
    act = action_of(play) or current_action(game)
    return act is not None and act.actor == play.minion and act.kind is Act.POLITICAL


def _mark_no_camarilla_votes(game: Game, play: Play) -> None:
    act = action_of(play) or current_action(game)
    if act is not None:
        act.flags["no_camarilla_votes"] = 1
        game.log("no camarilla votes", play.seat, play.minion)


def _camarilla_silenced(game: Game) -> bool:
    """The referendum under way comes from a political action whose caller silenced Camarilla vampires."""
    act = current_action(game)
    return (
        act is not None
        and bool(act.flags.get("no_camarilla_votes"))
        and any(isinstance(f, Referendum) for f in game.frames)
    )


vampire(
    "Beast, The Leatherface of Detroit",
    strength=1,
    modes=(_enter_combat_with(ready_minions_of_others, "enter combat with a ready minion"),),
    notes="He cannot play action cards nor equipment or retainer cards (the ways the engine gives a minion "
    "equipment or retainers).",
)
vampire(
    "Bruce de Guy",
    bleed=1,
    modes=(
        Mode(
            window=W.ANNOUNCED,
            in_play=True,
            when=all_of(_bruce_announces, has_blood(1)),
            effects=(BurnBlood(1), _mark_no_camarilla_votes),
            limit="bruce",
            limit_scope="action",
            label="burn 1 blood: Camarilla vampires cast no votes or ballots in this referendum",
        ),
    ),
    notes="Camarilla vampires lose their title votes and cannot play cards giving votes in that referendum.",
)


@hook("may_play", "Beast, The Leatherface of Detroit", "Bruce de Guy")
def _may_play_2(game: Game, handler: Any, m: Minion) -> bool:
    if _named(game, m.id, "Beast, The Leatherface of Detroit"):
        if {"Action", "Equipment", "Retainer"} & set(handler.types) and not handler.mode.in_play:
            return False
    if m.kind == VAMPIRE and m.sect == "Camarilla" and handler.mode.window is W.POLLING:
        if any(isinstance(e, ExtraVotes) for e in handler.mode.effects) and _camarilla_silenced(game):
            return False
    return True


@hook("votes", "Bruce de Guy")
def _bruce_votes(game: Game, seat: int) -> int:
    """Camarilla vampires cast no votes in the referendum Bruce silenced them in: their title votes go."""
    if not _camarilla_silenced(game):
        return 0
    return -sum(m.votes for m in ready_minions(game, seat) if m.kind == VAMPIRE and m.sect == "Camarilla")


def _thaumaturgy_cards(game: Game, seat: int) -> list[int]:
    """The cards in the seat's hand requiring Thaumaturgy."""
    comp = game.compiled
    if comp is None:
        return []
    out = []
    for c in game.seats[seat].hand:
        card = comp.cards.get(game.card_of[c])
        if card is not None and "tha" in card.discipline_requirement.codes:
            out.append(c)
    return out


def _holds_thaumaturgy(game: Game, play: Play) -> bool:
    return bool(_thaumaturgy_cards(game, play.seat))


def _discard_thaumaturgy(game: Game, play: Play) -> None:
    """Discard a card requiring Thaumaturgy (the first in hand) and draw back up."""
    held = _thaumaturgy_cards(game, play.seat)
    if held:
        discard(game, play.seat, held[:1])


def _strikes_combat_ends(handler: Any) -> bool:
    return any(
        isinstance(getattr(e, "strike", None), Strike) and e.strike.combat_ends for e in handler.mode.effects
    ) or (isinstance(handler.mode.strike, Strike) and handler.mode.strike.combat_ends)


def _opponent_in_combat(game: Game, minion: int) -> Minion | None:
    c = next((f for f in reversed(game.frames) if isinstance(f, Combat)), None)
    if c is None or minion not in (c.a.minion, c.b.minion):
        return None
    return game.minions.get(c.other(minion).minion)


vampire(
    "Dr. John Dee",
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            when=_holds_thaumaturgy,
            effects=(_discard_thaumaturgy, ExtraVotes(2)),
            limit="john dee",
            label="discard a card requiring Thaumaturgy: +2 votes",
        ),
    ),
    notes="A Ventrue in combat with him cannot play a strike card (or use a printed strike) that is 'strike: "
    "combat ends'; the engine has no weapon with one. The card discarded is the first in hand; once each "
    "referendum, locked too (ANK 20220705).",
)
vampire(
    "Carolina Vález",
    notes="Immune to the damage of an ally's strikes (the engine has no retainer or ally damage outside them).",
)
vampire("Věnceslava, The Implacable", notes="She always gains the pool.")
vampire("Walker Grimes", notes="Only master cards his controller plays (LSJ 20081124-1).")


@hook("strike_damage_taken", "Carolina Vález")
def _carolina(game: Game, minion: int) -> int:
    """Carolina is immune to damage from allies: an ally's strike inflicts none on her."""
    if not _named(game, minion, "Carolina Vález"):
        return 0
    other = _opponent_in_combat(game, minion)
    return 1_000 if other is not None and other.kind == ALLY else 0


@hook("may_play", "Dr. John Dee")
def _john_dee(game: Game, handler: Any, m: Minion) -> bool:
    """Ventrue in combat with John cannot strike: combat ends."""
    if m.kind != VAMPIRE or m.clan != "Ventrue" or handler.mode.window is not W.STRIKE:
        return True
    other = _opponent_in_combat(game, m.id)
    return not (other is not None and _named(game, other.id, "Dr. John Dee") and _strikes_combat_ends(handler))


@hook("announced", "Věnceslava, The Implacable")
def _venceslava_announced(game: Game, act: Action) -> None:
    """Her action: note her prey's pool as it is announced."""
    if _named(game, act.actor, "Věnceslava, The Implacable"):
        act.flags["prey_pool"] = game.seats[game.prey(act.seat)].pool + 1  # +1: 0 pool is a value too


@hook("after_resolution", "Věnceslava, The Implacable")
def _venceslava(game: Game, act: Action) -> None:
    """Once each turn, after her action during which your prey burned pool, you gain 1 pool (not once ousted)."""
    before = act.flags.get("prey_pool")
    if not before or game.seats[act.seat].ousted:
        return
    prey = game.prey(act.seat)
    key = ("venceslava", act.seat, game.turn)
    if prey != act.seat and game.seats[prey].pool < before - 1 and key not in game.used:
        game.used.add(key)
        economy.gain_pool(game, act.seat, 1)
        game.log("gain pool", act.seat, 1)


@hook("pool_cost", "Walker Grimes")
def _walker(game: Game, handler: Any, seat: int, minion: int, target: int = -1) -> int:
    """Master cards targeting Walker cost his controller 1 more pool."""
    if "Master" not in handler.types or target < 0 or not _named(game, target, "Walker Grimes"):
        return 0
    return 1 if controller(game, target) == seat else 0


def _discipline_cards_on_others(game: Game, play: Play) -> Sequence[int]:
    """Other Methuselahs' ready minions with a corruption counter (the minion: burn a counter), and the cards
    requiring a Discipline on them (equipment, retainers, cards on them: burn the card)."""
    comp = game.compiled
    if comp is None:
        return []
    out = []
    for s in game.order:
        if s == play.seat:
            continue
        for m in ready_minions(game, s):
            if corruption_on(game, m.id):
                out.append(m.id)
            for c in m.cards:
                card = comp.cards.get(game.card_of[c])
                if card is not None and card.discipline_requirement.codes:
                    out.append(c)
    return out


def _burn_target_card(game: Game, play: Play) -> None:
    """Burn a corruption counter from the target minion, or the target card: a retainer (a minion of its own)
    or another card on a minion."""
    m = game.minions.get(play.target)
    if m is not None and m.kind != RETAINER and corruption_on(game, m.id):
        owner = next(r.seat for r in game.riders if r.holder == m.id and r.key == CORRUPTION)
        burn_corruption(game, m.id, owner, 1)
    elif play.target in game.minions:
        burn_minion(game, play.target)
    elif any(play.target in m.cards for m in game.minions.values()):
        burn_card(game, play.target)


vampire(
    "Aniel",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            cost_blood=1,
            targets=_discipline_cards_on_others,
            effects=(_burn_target_card,),
            label="burn a corruption counter or a card requiring a Discipline from another ready minion",
        ),
    ),
)


def _prey_minions(game: Game, play: Play) -> Sequence[int]:
    """The minions your prey controls (ready or in torpor; not retainers)."""
    prey = game.prey(play.seat)
    if prey == play.seat:
        return []
    return [
        c
        for c in game.seats[prey].controlled
        if c in game.minions and game.minions[c].in_play and game.minions[c].kind != RETAINER
    ]


vampire(
    "Nefertiti",
    bleed=1,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            cost_blood=1,
            targets=_prey_minions,
            effects=(PutCorruption(1),),
            label="put a corruption counter on a minion of your prey",
        ),
    ),
)
vampire("Marcos Belegrad")


@hook("referendum_tallied", "Marcos Belegrad")
def _marcos(game: Game, ref: Referendum) -> None:
    """Methuselahs who cast votes or ballots against a referendum Marcos called burn 1 pool as it is tallied."""
    if ref.blood_hunt or not _named(game, ref.caller, "Marcos Belegrad"):
        return
    for seat in ref.voted_against:
        if not game.seats[seat].ousted and not game.finished:
            economy.burn_pool(game, seat, 1)
            game.log("burn pool", seat, 1)


vampire(
    "Brunhilde (ADV)",
    notes="While she is in play (ready or in torpor). Merging is not modelled (economy.NO_MERGE): her merged "
    "title and (D) action never apply.",
)


@hook("become_anarch_cost", "Brunhilde (ADV)")
def _brunhilde(game: Game, seat: int, vampire_id: int) -> int:
    """The action to become Anarch costs vampires you control 0 blood."""
    return -99 if _in_play_named(game, seat, "Brunhilde (ADV)") else 0


def _parijat_guards(game: Game, act: Action) -> bool:
    """A ready Parijat, and the acting minion is a wraith or zombie ally."""
    actor = _actor_of(game, act)
    comp = game.compiled
    if actor is None or actor.kind != ALLY or comp is None:
        return False
    card = comp.cards.get(actor.card)
    if card is None or re.search(r"\b(wraith|zombie)\b", card.text.lower()) is None:
        return False
    return any(_ready_named(game, s, "Parijat, the Dark Oracle") for s in game.order)


vampire("Parijat, the Dark Oracle")


@hook("can_block", "Parijat, the Dark Oracle")
def _parijat_can_block(game: Game, blocker: int, act: Action) -> bool:
    """A Methuselah with no library card to burn cannot attempt to block a wraith or zombie ally (ANK 20260317)."""
    return not (_parijat_guards(game, act) and not game.seats[controller(game, blocker)].library)


@hook("block_attempt", "Parijat, the Dark Oracle")
def _parijat_attempt(game: Game, act: Action, blocker: int) -> None:
    """Attempting to block a wraith or zombie ally while Parijat is ready burns the top card of the library."""
    if _parijat_guards(game, act):
        seat = controller(game, blocker)
        library = game.seats[seat].library
        if library:
            game.seats[seat].ash_heap.append(library.pop())
            game.log("mill", seat, 1)


def _meets_as(game: Game, handler: Any, m: Minion, *, clans: tuple[str, ...], sect: str = "") -> bool:
    """Whether the vampire meets the card's requirement as if it were also of ``clans`` (and of ``sect``)."""
    comp = game.compiled
    if comp is None:
        return False
    requirement = comp.eligibility.requirement(handler.card)
    card = comp.cards.get(m.card)
    if requirement is None or card is None:
        return requirement is None
    printed = dataclasses.replace(card, clans=(*card.clans, *clans), sect=sect or card.sect)
    return bool(requirement.met_by(compile_minion(printed)))


vampire(
    "Gem Ghastly",
    notes="She meets a clan requirement of Ventrue; effects of the card that read her clan do not see one.",
)
vampire(
    "Mata Hari",
    notes="She meets a card's clan and sect requirements (her title counts in the sect required: LSJ 20050526); "
    "effects of the card that read her clan or sect do not see them. Red List is a trait.",
)


@hook("meets_requirement", "Gem Ghastly", "Mata Hari")
def _plays_as_if(game: Game, handler: Any, m: Minion) -> bool:
    """Gem plays cards requiring a Ventrue as if she were a Ventrue; Mata Hari plays cards requiring a sect
    and/or clan as if she were of the required sect and clan (only cards played normally: from the hand)."""
    if handler.mode.in_play:
        return False
    comp = game.compiled
    card = comp.cards.get(handler.card) if comp is not None else None
    if card is None:
        return False
    needs = card.requirements
    if _named(game, m.id, "Gem Ghastly"):
        return "Ventrue" in needs.clans and _meets_as(game, handler, m, clans=("Ventrue",))
    if _named(game, m.id, "Mata Hari") and (needs.clans or needs.sects):
        return any(_meets_as(game, handler, m, clans=needs.clans, sect=sect) for sect in (needs.sects or ("",)))
    return False


@hook("after_resolution", "Armin Brenner", "Sybren van Oosten")
def _after_own_referendum(game: Game, act: Action) -> None:
    """After a referendum Armin calls passes, gain 1 pool (after its effects: LSJ 20090115-2); Sybren unlocks
    after a referendum he calls passes (always taken)."""
    if act.kind is not Act.POLITICAL or not act.flags.get("referendum_passed"):
        return
    name = _spec_name(game, act.actor)
    if name == "Armin Brenner" and not game.seats[act.seat].ousted:
        economy.gain_pool(game, act.seat, 1)
        game.log("gain pool", act.seat, 1)
    elif name == "Sybren van Oosten" and act.actor in game.minions:
        game.minions[act.actor].locked = False
        game.log("unlock", act.seat, act.actor)


@hook("votes", "Maldavis (ADV)")
def _maldavis_votes(game: Game, seat: int) -> int:
    """Primogen get +1 vote in referendums called by Maldavis: the seat's ready primogen."""
    ref = next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)
    if ref is None or not _named(game, ref.caller, "Maldavis (ADV)"):
        return 0
    return sum(1 for m in ready_minions(game, seat) if m.kind == VAMPIRE and m.title == "primogen")


@hook("hand_size", "Khin Aye", only_adds=True)
def _khin_aye(game: Game, seat: int) -> int:
    """+1 hand size while your predator controls more ready minions than you (she counts in torpor too)."""
    if not _in_play_named(game, seat, "Khin Aye"):
        return 0
    predator = game.predator(seat)
    if predator == seat:
        return 0
    return 1 if len(ready_minions(game, predator)) > len(ready_minions(game, seat)) else 0


@hook("stealth", "Annabelle Triabell (G6)", "Roderick Phillips March")
def _stealth_for_others(game: Game, act: Action) -> int:
    """Annabelle locked (in torpor too: LSJ 20011022): other Toreador you control get +1 stealth; Roderick
    ready: your minions get +1 stealth on equip actions."""
    actor = _actor_of(game, act)
    if actor is None:
        return 0
    bonus = 0
    if actor.kind == VAMPIRE and actor.clan == "Toreador":
        locked = [m for m in _in_play_named(game, act.seat, "Annabelle Triabell (G6)") if m.locked]
        bonus += 1 if any(m.id != actor.id for m in locked) else 0
    if act.kind is Act.EQUIP and _ready_named(game, act.seat, "Roderick Phillips March"):
        bonus += 1
    return bonus


@hook("bleed", "Mary Anne Blaire")
def _mary_anne_blaire(game: Game, act: Action) -> int:
    """While Mary Anne is ready, Inner Circle members get -2 bleed."""
    actor = _actor_of(game, act)
    if actor is None or actor.title != "inner circle":
        return 0
    ready = any(_ready_named(game, s, "Mary Anne Blaire") for s in game.order)
    return -2 if ready else 0


@hook("votes", "Üresség")
def _uresseg_votes(game: Game, seat: int) -> int:
    """+1 vote from each ready Üresség while the seat's prey has 10 or fewer pool."""
    if not _uresseg_prey_low(game, seat):
        return 0
    return len(_ready_named(game, seat, "Üresség"))


@hook("bleed", *_BLEED_BONUS, *_with_field("bleed_vs_clans"))
def _bleed_bonuses(game: Game, act: Action) -> int:
    m = _actor_of(game, act)
    if m is None:
        return 0
    name = _spec_name(game, m.id)
    rule = _BLEED_BONUS.get(name)
    bonus = rule(game, m, act) if rule is not None else 0
    spec = game.compiled.vampires.get(m.card) if name and game.compiled is not None else None
    if spec is not None and spec.bleed_vs_clans and _controls_ready_clan(game, act.target, spec.bleed_vs_clans):
        bonus += 1
    return bonus


@hook("stealth", *_STEALTH_BONUS)
def _stealth_bonuses(game: Game, act: Action) -> int:
    m = _actor_of(game, act)
    rule = _STEALTH_BONUS.get(_spec_name(game, act.actor)) if m is not None else None
    return rule(game, m, act) if rule is not None and m is not None else 0


@hook("intercept", *_INTERCEPT_BONUS)
def _intercept_bonuses(game: Game, minion_id: int, act: Action) -> int:
    m = game.minions.get(minion_id)
    rule = _INTERCEPT_BONUS.get(_spec_name(game, minion_id)) if m is not None else None
    return rule(game, m, act) if rule is not None and m is not None else 0


@hook("can_block", *_CANNOT_BLOCK_AS_BLOCKER, *_CANNOT_BE_BLOCKED_BY)
def _block_restrictions(game: Game, blocker: int, act: Action) -> bool:
    me, actor = game.minions.get(blocker), _actor_of(game, act)
    if me is None or actor is None:
        return True
    mine = _CANNOT_BLOCK_AS_BLOCKER.get(_spec_name(game, blocker))
    if mine is not None and mine(game, me, actor):
        return False
    theirs = _CANNOT_BE_BLOCKED_BY.get(_spec_name(game, act.actor))
    return not (theirs is not None and theirs(game, actor, me))


@hook("combat_start", *_with_field("presses_each_combat"))
def _presses_each_combat(game: Game, c: Combat) -> None:
    """Optional presses once each combat (Charles Delmare)."""
    for side in (c.a, c.b):
        spec = _vampire_spec(game, side.minion)
        if spec is not None and spec.presses_each_combat:
            side.combat_presses += spec.presses_each_combat


@hook("round_start", *_with_field("maneuvers_first_round"))
def _first_round_maneuvers(game: Game, c: Combat) -> None:
    """Optional maneuvers during the first round of combat (Antón de Concepción): this round's only."""
    if c.round != 1:
        return
    for side in (c.a, c.b):
        spec = _vampire_spec(game, side.minion)
        if spec is not None and spec.maneuvers_first_round:
            side.maneuvers += spec.maneuvers_first_round


# --- vampires added for vamps_b


def _vb_text(game: Game, minion: int) -> str:
    """The first line of a minion card's text, lower case ("Werewolf with 4 life. …")."""
    m = game.minions.get(minion)
    card = game.compiled.cards.get(m.card) if m is not None and game.compiled is not None else None
    return card.text.split("\n", 1)[0].lower() if card is not None and card.text else ""


def _vb_opponent(game: Game, minion: int) -> Minion | None:
    """The minion in the current combat opposing ``minion`` (None outside its combat)."""
    c = current_combat(game)
    if c is None or minion not in (c.a.minion, c.b.minion):
        return None
    return game.minions.get(c.other(minion).minion)


@hook("damage_to_take", "Selena")
def _selena(game: Game, c: Combat, side: Any, normal: int, agg: int) -> tuple[int, int]:
    """Damage inflicted on Selena by a werewolf (an ally whose text opens "Werewolf with …") is aggravated."""
    if normal and _named(game, side.minion, "Selena"):
        other = game.minions.get(c.other(side.minion).minion)
        if other is not None and other.kind == ALLY and re.search(r"\bwerewolf\b", _vb_text(game, other.id)):
            return 0, agg + normal
    return normal, agg


vampire(
    "Selena",
    notes="Black Hand is a trait (card requirements read it). The werewolf's damage made aggravated is what is "
    "left after prevention, environmental damage in the same round included.",
)
vampire(
    "Abraham Mellon",
    hand_size=1,
    notes="He meets a clan requirement of Tremere (the meets_requirement hook); effects of the card that read his "
    "clan do not see one, and cards not played from the hand are not helped (LSJ 20050119).",
)


@hook("meets_requirement", "Abraham Mellon")
def _abraham(game: Game, handler: Any, m: Minion) -> bool:
    """Abraham plays cards requiring a Tremere as if he were a Tremere (cards played from the hand only)."""
    if handler.mode.in_play or not _named(game, m.id, "Abraham Mellon"):
        return False
    card = game.compiled.cards.get(handler.card) if game.compiled is not None else None
    return card is not None and "Tremere" in card.requirements.clans and _meets_as(game, handler, m, clans=("Tremere",))


# Lucian, the Perfect: strikes against him cost 1 more blood or life (paid as declared: LSJ 20090703; a strike
# card's cost is raised instead: LSJ 20070829-1); the minion opposing him may choose not to strike.


def _vs_lucian(game: Game, c: Combat, minion: int) -> bool:
    return _named(game, c.other(minion).minion, "Lucian, the Perfect")


@hook("strikes", "Lucian, the Perfect")
def _lucian_no_strike(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    """The minion opposing Lucian may choose not to strike."""
    if not _vs_lucian(game, c, minion):
        return []
    seat = controller(game, minion)
    return [economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=grant(NO_STRIKE))]


def _strike_card(handler: Any) -> bool:
    mode = handler.mode
    return mode.strike is not None or any(isinstance(getattr(e, "strike", None), Strike) for e in mode.effects)


@hook("blood_cost", "Lucian, the Perfect")
def _lucian_card_cost(game: Game, handler: Any, minion: int) -> int:
    """A strike card played from the hand against Lucian costs 1 more blood."""
    c = current_combat(game)
    if (
        c is None
        or handler.mode.window is not W.STRIKE
        or handler.mode.in_play
        or minion not in (c.a.minion, c.b.minion)
    ):
        return 0
    return 1 if _vs_lucian(game, c, minion) and _library_card(game, handler) and _strike_card(handler) else 0


@hook("strike_declared", "Lucian, the Perfect")
def _lucian_strike_cost(game: Game, c: Combat, side: Any, option: economy.Option) -> None:
    """A strike (not a strike card from the hand: its cost was raised) against Lucian costs 1 blood (a vampire) or
    1 life (an ally or retainer: one that spends its last is burned, and combat ends). A vampire with no blood
    cannot strike. Strikes at cards on him (burn equipment or a retainer) cost nothing more (LSJ 20090528-2)."""
    strike = side.strike
    if not _vs_lucian(game, c, side.minion) or not isinstance(strike, Strike) or strike == NO_STRIKE:
        return
    if strike.burn_equipment or (option.kind is economy.Kind.PLAY and option.ids != (1,)):
        return
    m = game.minions.get(side.minion)
    if m is None:
        return
    if m.kind == VAMPIRE and m.blood < 1:
        side.strike = NO_STRIKE
        return
    move_blood(game, m.id, -1)
    game.log("burn blood", controller(game, m.id), m.id, 1)
    if m.kind != VAMPIRE and m.blood <= 0:
        burn_minion(game, m.id)


vampire(
    "Lucian, the Perfect",
    bleed=3,
    notes="An ally's strike card against him cannot be paid in life (allies pay no blood): it is not offered. A "
    "vampire with no blood to pay for its strike makes none.",
)


@hook("votes_cast", "Troius")
def _troius(game: Game, seat: int, ref: Referendum, side: int) -> int:
    """Troius casts no votes against a blood hunt referendum (his Methuselah's other votes still count)."""
    if side >= 0 or not ref.blood_hunt:
        return 0
    return -sum(max(0, m.votes) for m in _ready_named(game, seat, "Troius"))


vampire("Troius", strength=1, notes="Ballots are not modelled apart from votes.")


def _lock_roy(game: Game, seat: int, *_: Any) -> None:
    for m in _in_play_named(game, seat, "Roy"):
        if not m.locked:
            m.locked = True
            game.log("lock", seat, m.id)


@hook("discard_phase", "Roy")
def _roy_discard_phase(game: Game, seat: int) -> None:
    """If Roy is unlocked during your discard phase, lock him (in torpor too: LSJ 20011022): as it starts."""
    _lock_roy(game, seat)


@hook("discard_phase_end", "Roy")
def _roy_discard_phase_end(game: Game, seat: int, discarded: list[int]) -> None:
    """… and again as it ends, if something unlocked him during it."""
    _lock_roy(game, seat)


@hook("strength", "Roy", "Reginald Moore")
def _strength_vs(game: Game, minion: int) -> int:
    """Roy: +1 strength in combat with a titled vampire; Reginald Moore: with a Tremere or Tremere antitribu."""
    name = _spec_name(game, minion)
    if name not in ("Roy", "Reginald Moore"):
        return 0
    other = _vb_opponent(game, minion)
    if other is None or other.kind != VAMPIRE:
        return 0
    if name == "Roy":
        return 1 if other.title else 0
    return 1 if other.clan in _TREMERE else 0


vampire("Roy")


@hook("rescue_cost", "Frondator")
def _frondator(game: Game, rescuer: int, rescued: int) -> int:
    """Rescuing a vampire from torpor costs Frondator 1 fewer blood."""
    return -1 if _named(game, rescuer, "Frondator") else 0


vampire("Frondator", notes="His own rescue actions (the action's cost, whoever pays it: PIB 20110918).")


def _dieudonne_succeeded(game: Game, play: Play) -> bool:
    """After his own successful action (one that fizzles too: ANK 20220218) in your minion phase, locked, with a
    blood to burn."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    return (
        act is not None
        and act.actor == play.minion
        and act.succeeded
        and game.acting == play.seat
        and game.phase is Phase.MINION
        and me is not None
        and me.locked
        and me.blood >= 1
    )


vampire(
    "Baron Dieudonne",
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_dieudonne_succeeded,
            effects=(BurnBlood(1), UnlockSelf()),
            limit="dieudonne unlocks",
            limit_scope="action",
            label="burn 1 blood: unlock after a successful action",
        ),
    ),
)


@hook("can_block", "Reginald Moore")
def _reginald_block(game: Game, blocker: int, act: Action) -> bool:
    """Reginald cannot block a Tremere or Tremere antitribu."""
    actor = _actor_of(game, act)
    return not (
        _named(game, blocker, "Reginald Moore")
        and actor is not None
        and actor.kind == VAMPIRE
        and actor.clan in _TREMERE
    )


@hook("may_enter_combat", "Reginald Moore")
def _reginald_combat(game: Game, minion: int, target: int) -> bool:
    """Reginald takes no action to enter combat with a Tremere or Tremere antitribu."""
    other = game.minions.get(target)
    return not (
        _named(game, minion, "Reginald Moore")
        and other is not None
        and other.kind == VAMPIRE
        and other.clan in _TREMERE
    )


vampire("Reginald Moore")


def _phagian_lends(game: Game, handler: Any, m: Minion) -> bool:
    """A card played from the hand at basic Necromancy only, by a vampire without Necromancy whose Methuselah
    controls Phagian (in play)."""
    mode = handler.mode
    return (
        m.kind == VAMPIRE
        and not mode.in_play
        and not mode.superior
        and mode.disciplines == ("nec",)
        and not dict(m.disciplines).get("nec")
        and _library_card(game, handler)
        and bool(_in_play_named(game, controller(game, m.id), "Phagian"))
    )


@hook("meets_requirement", "Phagian")
def _phagian_requirement(game: Game, handler: Any, m: Minion) -> bool:
    """The card's requirement met with basic Necromancy added to the vampire's."""
    if not _phagian_lends(game, handler, m):
        return False
    comp = game.compiled
    requirement = comp.eligibility.requirement(handler.card) if comp is not None else None
    card = comp.cards.get(m.card) if comp is not None else None
    if requirement is None or card is None:
        return requirement is None
    printed = dataclasses.replace(card, disciplines=(*card.disciplines, Discipline(code="nec", superior=False)))
    return bool(requirement.met_by(compile_minion(printed)))


@hook("has_discipline", "Phagian")
def _phagian_discipline(game: Game, handler: Any, m: Minion) -> bool:
    """Any vampire you control may play cards requiring Necromancy at the basic level."""
    return _phagian_lends(game, handler, m)


@hook("blood_cost", "Phagian")
def _phagian_cost(game: Game, handler: Any, minion: int) -> int:
    """… with the cost increased by 1 blood."""
    m = game.minions.get(minion)
    return 1 if m is not None and _phagian_lends(game, handler, m) else 0


vampire(
    "Phagian",
    notes="Cards played at basic Necromancy alone (a card whose mode names several Disciplines is not helped), "
    "from the hand, by a vampire without Necromancy, while Phagian is in play (ready or in torpor).",
)


@hook("votes_cast", "Alvaro, The Scion of Angelica")
def _alvaro_votes(game: Game, seat: int, ref: Referendum, side: int) -> int:
    """Alvaro casts his votes when his Methuselah votes while he is ready with votes: marked for the action."""
    act = current_action(game)
    for m in _ready_named(game, seat, "Alvaro, The Scion of Angelica"):
        if m.votes > 0 and act is not None:
            act.flags[f"voted:{m.id}"] = True
    return 0


def _alvaro_abstained(game: Game, play: Play) -> bool:
    """After a political action's resolution (anyone's), if Alvaro cast no vote (in torpor, or untitled, too: LSJ
    20010526)."""
    act = action_of(play)
    me = game.minions.get(play.minion)
    return (
        act is not None
        and act.kind is Act.POLITICAL
        and act.succeeded
        and me is not None
        and me.in_play
        and me.blood < me.capacity
        and not act.flags.get(f"voted:{play.minion}")
    )


vampire(
    "Alvaro, The Scion of Angelica",
    bleed=1,
    modes=(
        Mode(
            window=W.AFTER_ACTION,
            in_play=True,
            when=_alvaro_abstained,
            effects=(AddBlood(2, to_self=True),),
            limit="alvaro gains",
            limit_scope="action",
            label="gain 2 blood (he abstained)",
        ),
    ),
)


_TALBOT_COMBAT = Mode(
    window=W.ACTION,
    role=Role.ACTOR,
    directed=True,
    stealth=1,
    enters_combat=True,
    when=holds_card_of_type("Master"),
    targets=ready_minions_of_others,
    label="discard a master card: enter combat with a minion",
)


@hook("announced", "Talbot")
def _talbot_discards(game: Game, act: Action) -> None:
    """The master card is discarded as the action is announced (its cost: the first master card in hand)."""
    if act.mode is _TALBOT_COMBAT and _named(game, act.actor, "Talbot"):
        DiscardOfType("Master")(game, Play(seat=act.seat, card=-1, mode=_TALBOT_COMBAT, minion=act.actor))


vampire("Talbot", modes=(_TALBOT_COMBAT,), notes="The master card discarded is the first in hand (the bot's pick).")


def _equipment_of_others(game: Game, play: Play) -> Sequence[int]:
    """The equipment on other Methuselahs' minions (ready or in torpor)."""
    comp = game.compiled
    if comp is None:
        return []
    out = []
    for s in game.order:
        if s == play.seat:
            continue
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is not None and m.in_play:
                out += [
                    x for x in m.cards if x not in game.minions and "Equipment" in comp.types.get(game.card_of[x], ())
                ]
    return out


def _steal_equipment(game: Game, play: Play) -> None:
    """Move the target equipment onto the acting minion."""
    actor = game.minions.get(play.minion)
    for m in game.minions.values():
        if play.target in m.cards and actor is not None and m.id != actor.id:
            m.cards.remove(play.target)
            actor.cards.append(play.target)
            game.locked_cards.discard(play.target)
            game.log("steal", play.seat, play.target, controller(game, m.id))
            return


vampire(
    "Saankaláxt",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            cost_blood=1,
            targets=_equipment_of_others,
            effects=(If(target_still(_equipment_of_others), (_steal_equipment,)),),
            label="steal an equipment",
        ),
    ),
)


@hook("may_end_combat", "Faruq Abd al-Qadir", "Oliver Thrace")
def _no_combat_ends(game: Game, c: Combat, minion: int) -> bool:
    """Faruq: minions with any of his controller's corruption counters in combat with him cannot strike: combat
    ends. Oliver Thrace: vampires opposing him may not end combat as a strike."""
    other = game.minions.get(c.other(minion).minion)
    me = game.minions.get(minion)
    if other is None or me is None:
        return True
    if _named(game, other.id, "Faruq Abd al-Qadir") and corruption_on(game, minion, controller(game, other.id)):
        return False
    return not (_named(game, other.id, "Oliver Thrace") and me.kind == VAMPIRE)


vampire("Faruq Abd al-Qadir", strength=1)


def _oliver_bleeds(game: Game, play: Play) -> bool:
    """During his own bleed action, before resolution (ANK 20231124), with a card requiring Thaumaturgy in hand."""
    act = action_of(play)
    return act is not None and act.actor == play.minion and act.is_bleed() and _holds_thaumaturgy(game, play)


def _burn_thaumaturgy(game: Game, play: Play) -> None:
    """Burn a card requiring Thaumaturgy from the hand (the first), drawing back up."""
    held = _thaumaturgy_cards(game, play.seat)
    if held:
        s = game.seats[play.seat]
        s.hand.remove(held[0])
        s.ash_heap.append(held[0])
        game.log("burn", play.seat, held[0])
        refill(game, play.seat)


vampire(
    "Oliver Thrace",
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=_oliver_bleeds,
            effects=(_burn_thaumaturgy, Bleed(1, limited=False)),
            limit="oliver bleeds",
            limit_scope="action",
            label="burn a card requiring Thaumaturgy from the hand: +1 bleed",
        ),
    ),
    notes="The card burned is the first requiring Thaumaturgy in hand (the bot's pick).",
)


def _luca_later_round(game: Game, play: Play) -> bool:
    c = combat_of(play)
    return c is not None and c.round > 1


vampire(
    "Luca Italicus",
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            when=_luca_later_round,
            effects=(StrikeWith(Strike(damage=2, ranged=True, label="2R damage")),),
            limit="luca strikes",
            limit_scope="round",
            label="strike: 2R damage (a round after the first)",
        ),
    ),
)


# J. Oswald "Ozzy" Hyde-White: the die rolled in your unlock phase, a rider on him until your next unlock phase.
_OZZY = 'J. Oswald "Ozzy" Hyde-White'


@hook("unlock", _OZZY)
def _ozzy_rolls(game: Game, seat: int) -> None:
    """During your unlock phase, roll a die for each Ozzy you control (ready or in torpor)."""
    for m in _in_play_named(game, seat, _OZZY):
        roll = game.rng.randint(1, 6)
        game.log("die roll", seat, m.id, roll)
        add_rider(game, m.id, "ozzy roll", roll, Until.NEXT_UNLOCK, seat)


def _ozzy_roll(game: Game, minion: int) -> int:
    return rider_sum(game, minion, "ozzy roll") if _named(game, minion, _OZZY) else 0


@hook("stealth", _OZZY)
def _ozzy_stealth(game: Game, act: Action) -> int:
    """On a 1 or 2, +1 stealth."""
    return 1 if _ozzy_roll(game, act.actor) in (1, 2) else 0


@hook("bleed", _OZZY)
def _ozzy_bleed(game: Game, act: Action) -> int:
    """On a 5 or 6, -1 bleed …"""
    return -1 if _ozzy_roll(game, act.actor) >= 5 else 0


@hook("strength", _OZZY)
def _ozzy_strength(game: Game, minion: int) -> int:
    """… and +1 strength."""
    return 1 if _ozzy_roll(game, minion) >= 5 else 0


vampire(_OZZY)


def _maldavis_of_others(game: Game, play: Play) -> Sequence[int]:
    """The Maldavis other Methuselahs control (in play), while the acting minion is a ready primogen."""
    me = game.minions.get(play.minion)
    if me is None or me.kind != VAMPIRE or me.title != "primogen" or not is_ready(game, me.id):
        return []
    return [m.id for s in game.order if s != play.seat for m in _in_play_named(game, s, "Maldavis")]


_MALDAVIS_BURN = Mode(
    window=W.ACTION,
    role=Role.ACTOR,
    directed=True,
    stealth=1,
    targets=_maldavis_of_others,
    effects=(If(target_still(_maldavis_of_others), (BurnTargetBlood(1),)),),
    label="(a primogen) burn 1 blood from Maldavis",
)


@hook("offered_actions", "Maldavis")
def _maldavis_offered(game: Game, seat: int, m: Minion) -> list[tuple[int, Handler]]:
    """Another Methuselah's ready primogen may take Maldavis's action (his copy names the ability)."""
    if m.kind != VAMPIRE or m.title != "primogen" or game.compiled is None:
        return []
    out = []
    for s in game.order:
        if s != seat:
            for maldavis in _in_play_named(game, s, "Maldavis"):
                out += [
                    (maldavis.id, h) for h in game.compiled.actions.get(maldavis.card, ()) if h.mode is _MALDAVIS_BURN
                ]
    return out[:1]


@hook("bleed", "Maldavis")
def _maldavis_bleed(game: Game, act: Action) -> int:
    """Maldavis gets -1 bleed when bleeding a Methuselah who controls a ready primogen."""
    if not _named(game, act.actor, "Maldavis") or not 0 <= act.target < len(game.seats):
        return 0
    return -1 if any(m.kind == VAMPIRE and m.title == "primogen" for m in ready_minions(game, act.target)) else 0


vampire(
    "Maldavis",
    modes=(_MALDAVIS_BURN,),
    notes="The primogen's action is offered with Maldavis's ability (the engine's offered_actions hook).",
)


vampire(
    "Harrod",
    bleed=2,
    notes="Looking at a card in the prey's uncontrolled region changes nothing the engine models (the bots read "
    "no hidden card): nothing is played for it.",
)


@hook("intercept", "Bret Stryker", "Rutor")
def _intercept_vs(game: Game, minion_id: int, act: Action) -> int:
    """Bret Stryker: -1 intercept against titled vampires; Rutor: Tzimisce get -1 intercept against him."""
    actor = _actor_of(game, act)
    if actor is None or actor.kind != VAMPIRE:
        return 0
    if actor.title and _named(game, minion_id, "Bret Stryker"):
        return -1
    m = game.minions.get(minion_id)
    if m is not None and m.kind == VAMPIRE and m.clan == "Tzimisce" and _named(game, actor.id, "Rutor"):
        return -1
    return 0


vampire("Bret Stryker")
vampire("Rutor")


def _princes_with_blood(game: Game, play: Play) -> Sequence[int]:
    """Other princes you control (ready or in torpor) with blood to move, while Silvian has room."""
    me = game.minions.get(play.minion)
    if me is None or not me.in_play or me.blood >= me.capacity:
        return []
    return [
        c
        for c in game.seats[play.seat].controlled
        if c != play.minion
        and (m := game.minions.get(c)) is not None
        and m.in_play
        and m.kind == VAMPIRE
        and m.title == "prince"
        and m.blood >= 1
    ]


def _blood_from_target(game: Game, play: Play) -> None:
    """Move 1 blood from the target vampire to the playing one."""
    if play.target in game.minions and play.minion in game.minions and game.minions[play.target].blood >= 1:
        move_blood(game, play.target, -1)
        move_blood(game, play.minion, 1)
        game.log("move blood", play.seat, play.target, play.minion, 1)


vampire(
    "Silvian Popescu",
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            targets=_princes_with_blood,
            effects=(_blood_from_target,),
            label="move 1 blood from a prince you control to Silvian",
        ),
    ),
    notes="Once in your unlock phase, in torpor too (LSJ 20011022).",
)

_ASSAMITE = ("Assamite", "Banu Haqim")


def _victoria_boosts(game: Game, play: Play) -> bool:
    """Victoria ready, during a bleed action by an Assamite (anyone's), before resolution, with a card to discard."""
    act = action_of(play)
    actor = _actor_of(game, act) if act is not None else None
    return (
        act is not None
        and act.is_bleed()
        and actor is not None
        and actor.kind == VAMPIRE
        and actor.clan in _ASSAMITE
        and self_ready(game, play)
        and bool(game.seats[play.seat].hand)
    )


def _discard_first(game: Game, play: Play) -> None:
    """Discard a card (the first in hand: the bot's pick) and draw back up."""
    hand = game.seats[play.seat].hand
    if hand:
        discard(game, play.seat, hand[:1])


vampire(
    "Victoria Ash",
    bleed=1,
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=_victoria_boosts,
            effects=(_discard_first, Bleed(1, limited=False)),
            limit="victoria boosts",
            limit_scope="action",
            label="discard a card: the acting Assamite gets +1 bleed",
        ),
    ),
    notes="Once each action (the text leaves it open; one discard for +1 bleed), before resolution (ANK 20231124).",
)


def _sarrasine_can(game: Game, play: Play) -> bool:
    return self_ready(game, play) and game.edge == play.seat and game.acting == play.seat


vampire(
    "Sarrasine",
    modes=(
        Mode(
            window=W.MASTER,
            in_play=True,
            when=_sarrasine_can,
            effects=(BurnTheEdge(), MasterActions(1)),
            label="burn the Edge: +1 master phase action",
        ),
    ),
)


def _anneke_blocks(game: Game, play: Play) -> bool:
    """Anneke may attempt to block another Methuselah's acting vampire whoever it acts against (after blocks are
    declined: the first window every Methuselah gets); a prior decision not to block stands (RTR 20020501)."""
    act = action_of(play)
    actor = _actor_of(game, act) if act is not None else None
    return (
        act is not None
        and actor is not None
        and actor.kind == VAMPIRE
        and act.seat != play.seat
        and may_block_any_seat(game, play)
    )


vampire(
    "Anneke",
    bleed=1,
    modes=(
        Mode(
            window=W.BLOCKS_DECLINED,
            in_play=True,
            when=_anneke_blocks,
            effects=(AttemptBlock(),),
            limit="anneke blocks",
            limit_scope="action",
            label="attempt to block (ignoring prey, predator or target)",
        ),
    ),
)


def _discipline_cards(game: Game, seat: int, code: str) -> list[int]:
    """The cards in the seat's hand requiring the Discipline."""
    comp = game.compiled
    if comp is None:
        return []
    out = []
    for c in game.seats[seat].hand:
        card = comp.cards.get(game.card_of[c])
        if card is not None and code in card.discipline_requirement.codes:
            out.append(c)
    return out


def _alexa_can(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    return me is not None and is_ready(game, me.id) and bool(_discipline_cards(game, play.seat, "dom"))


def _discard_dominate(game: Game, play: Play) -> None:
    held = _discipline_cards(game, play.seat, "dom")
    if held:
        discard(game, play.seat, held[:1])


vampire(
    "Alexa Draper",
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            when=_alexa_can,
            effects=(_discard_dominate, ExtraVotes(1)),
            limit="alexa votes",
            label="discard a card requiring Dominate: +1 vote",
        ),
    ),
    notes="Once each referendum, locked too (ANK 20220705); the card discarded is the first requiring Dominate.",
)


def _emily_can(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    return (
        me is not None
        and me.locked
        and is_ready(game, me.id)
        and game.acting == play.seat
        and game.phase is Phase.DISCARD
        and game.edge == play.seat
    )


vampire(
    "Emily Carson",
    modes=(
        Mode(
            window=W.DISCARD,
            in_play=True,
            when=_emily_can,
            effects=(BurnTheEdge(), UnlockSelf()),
            label="burn the Edge: unlock",
        ),
    ),
)


@hook("bleed", "Bethany Ray")
def _bethany(game: Game, act: Action) -> int:
    """Toreador and Toreador antitribu get +1 bleed against a Methuselah controlling Bethany (in play)."""
    actor = _actor_of(game, act)
    if actor is None or actor.kind != VAMPIRE or actor.clan not in ("Toreador", "Toreador antitribu"):
        return 0
    if not 0 <= act.target < len(game.seats):
        return 0
    return 1 if _in_play_named(game, act.target, "Bethany Ray") else 0


vampire("Bethany Ray", notes="While she is in play (ready or in torpor), once however many copies.")


def _ayse_can(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    return (
        me is not None
        and is_ready(game, me.id)
        and me.blood < me.capacity
        and game.acting == play.seat
        and game.phase is Phase.DISCARD
        and game.seats[play.seat].discard_actions >= 1
    )


def _use_discard_action(game: Game, play: Play) -> None:
    game.seats[play.seat].discard_actions -= 1


vampire(
    "Ayse Dhanial",
    modes=(
        Mode(
            window=W.DISCARD,
            in_play=True,
            when=_ayse_can,
            effects=(_use_discard_action, AddBlood(1, to_self=True)),
            label="a discard phase action: add 1 blood to Ayse",
        ),
    ),
)


def _blood_less_anarchs(game: Game, play: Play) -> Sequence[int]:
    """Other Methuselahs' Anarch vampires with no blood (ready or in torpor)."""
    return [
        c
        for s in game.order
        if s != play.seat
        for c in game.seats[s].controlled
        if (m := game.minions.get(c)) is not None
        and m.in_play
        and m.kind == VAMPIRE
        and m.sect == "Anarch"
        and m.blood == 0
    ]


def _to_sabbat(game: Game, play: Play) -> None:
    m = game.minions.get(play.target)
    if m is not None:
        m.sect = "Sabbat"
        game.log("sect sabbat", controller(game, m.id), m.id)


vampire(
    "Leila Monroe",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            targets=_blood_less_anarchs,
            effects=(If(target_still(_blood_less_anarchs), (_to_sabbat,)),),
            label="change the sect of an Anarch with no blood to Sabbat",
        ),
    ),
)


def _requires_thaumaturgy(game: Game, vekn: int) -> bool:
    card = game.compiled.cards.get(vekn) if game.compiled is not None else None
    return card is not None and not card.is_crypt and "tha" in card.discipline_requirement.codes


@hook("cancels_own_card", "Andrew Stuart")
def _andrew_reveals(game: Game, option: economy.Option) -> bool:
    """As Andrew plays a card requiring Thaumaturgy from the hand (before it is replaced, before any other
    cancel: LSJ 20100728), reveal the top card of the library (it stays there); if it also requires Thaumaturgy,
    the card is cancelled (its cost not paid, its action not taken: ANK 20200813-2) and Andrew burns 1 blood."""
    if not _named(game, option.minion, "Andrew Stuart") or game.compiled is None:
        return False
    mode = game.compiled.by_mode[(game.card_of[option.card], option.mode)].mode
    library = game.seats[option.seat].library
    if "tha" not in mode.disciplines or not library:
        return False
    game.log("reveal", option.seat, library[-1])
    if not _requires_thaumaturgy(game, game.card_of[library[-1]]):
        return False
    game.log("cancel", option.seat, option.card)
    move_blood(game, option.minion, -1)
    game.log("burn blood", option.seat, option.minion, 1)
    return True


vampire(
    "Andrew Stuart",
    notes="A card requiring Thaumaturgy is one played with it (a card of several Disciplines counts as the one it "
    "is played as); cards not played from the hand are not revealed for (RTR 20001020).",
)


# Mustafa, The Heir: another Methuselah's older Toreador moves 1 blood to him in a political action's polling step
# to cast his votes: they count with that Methuselah's votes (the engine's votes go to one side per seat), and no
# longer with his own Methuselah's; the last to use it has the final say (LSJ 20090304-2).
_MUSTAFA = "Mustafa, The Heir"


def _mustafa_toreadors(game: Game, play: Play) -> Sequence[int]:
    """The playing seat's ready Toreador older than Mustafa with a blood to move, each once a referendum, during the
    polling step of a political action; not Mustafa's own Methuselah's."""
    ref, act, mustafa = play.frame, current_action(game), game.minions.get(play.minion)
    if not isinstance(ref, Referendum) or ref.blood_hunt or act is None or act.kind is not Act.POLITICAL:
        return []
    if mustafa is None or not is_ready(game, mustafa.id) or controller(game, mustafa.id) == play.seat:
        return []
    return [
        m.id
        for m in ready_minions(game, play.seat)
        if m.kind == VAMPIRE
        and m.clan == "Toreador"
        and m.capacity > mustafa.capacity
        and m.blood >= 1
        and not act.flags.get(f"mustafa used:{m.id}")
    ]


def _mustafa_forced(game: Game, play: Play) -> None:
    """The Toreador moves 1 blood to Mustafa; his votes go with the playing Methuselah's."""
    ref, act = play.frame, current_action(game)
    toreador, mustafa = game.minions.get(play.target), game.minions.get(play.minion)
    if not isinstance(ref, Referendum) or act is None or toreador is None or mustafa is None:
        return
    move_blood(game, toreador.id, -1)
    move_blood(game, mustafa.id, 1)
    game.log("move blood", play.seat, toreador.id, mustafa.id, 1)
    act.flags[f"mustafa used:{toreador.id}"] = 1
    key = f"mustafa:{mustafa.id}"
    previous = act.flags.get(key, 0) - 1
    if previous >= 0:
        ref.extra_votes[previous] = ref.extra_votes.get(previous, 0) - mustafa.votes
    ref.extra_votes[play.seat] = ref.extra_votes.get(play.seat, 0) + mustafa.votes
    act.flags[key] = play.seat + 1


vampire(
    _MUSTAFA,
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            targets=_mustafa_toreadors,
            effects=(_mustafa_forced,),
            label="(an older Toreador of another Methuselah) move 1 blood to Mustafa: cast his votes",
        ),
    ),
    notes="Used by the other Methuselahs (the offered_abilities hook); his votes then go with that Methuselah's "
    "(its abstaining makes him abstain). Ballots are not modelled apart from votes.",
)


@hook("offered_abilities", _MUSTAFA)
def _mustafa_offered(game: Game, seat: int, window: W) -> list[tuple[int, Handler]]:
    """Mustafa's ability, offered to the other Methuselahs in the polling step."""
    if window is not W.POLLING or game.compiled is None:
        return []
    out = []
    for s in game.order:
        if s != seat:
            for m in _ready_named(game, s, _MUSTAFA):
                out += [(m.id, h) for h in game.compiled.in_play.get((m.card, W.POLLING), ())]
    return out


@hook("votes_cast", _MUSTAFA)
def _mustafa_votes(game: Game, seat: int, ref: Referendum, side: int) -> int:
    """Mustafa's votes, cast by another Methuselah, no longer count with his own Methuselah's."""
    act = current_action(game)
    if act is None:
        return 0
    return -sum(m.votes for m in _ready_named(game, seat, _MUSTAFA) if act.flags.get(f"mustafa:{m.id}"))


# Zane: a referendum gives him a prince's title, contested (§4 unlock phase, contested titles L789-812): both are
# untitled while it lasts; in each of its controller's unlock phases a contesting vampire pays 1 blood or yields (in
# torpor, or with no blood, it yields); once the other yielded (or left play), the title is its own again.
_CONTEST = "title contest"  # a rider on a contesting vampire: the other contestant's id
_CONTEST_VOTES = "title contest votes"  # a rider: the votes it gets back once the contest is won


def _contesting(game: Game, minion: int) -> int:
    """The vampire it contests a title with (-1: none)."""
    for r in game.riders:
        if r.holder == minion and r.key == _CONTEST:
            return int(r.value)
    return -1


def _princes_of_others(game: Game, play: Play) -> Sequence[int]:
    """The princes other Methuselahs control (in play), their titles not contested already."""
    return [
        c
        for s in game.order
        if s != play.seat
        for c in game.seats[s].controlled
        if (m := game.minions.get(c)) is not None
        and m.in_play
        and m.kind == VAMPIRE
        and m.title == "prince"
        and _contesting(game, c) < 0
    ]


def _zane_can(game: Game, play: Play) -> bool:
    """Zane is no prince, contests no title, and a prince's title can be chosen (LSJ 20100129)."""
    me = game.minions.get(play.minion)
    return (
        me is not None
        and me.title != "prince"
        and _contesting(game, me.id) < 0
        and bool(_princes_of_others(game, play))
    )


def _zane_contests(game: Game, play: Play) -> None:
    """Zane receives the prince's title, contested: both untitled until one yields."""
    zane, prince = game.minions.get(play.minion), game.minions.get(play.target)
    if zane is None or prince is None or not zane.in_play or not prince.in_play or prince.title != "prince":
        return
    if _contesting(game, zane.id) >= 0 or _contesting(game, prince.id) >= 0:
        return
    back = {
        zane.id: zane.votes - TITLE_VOTES.get(zane.title, 0) + TITLE_VOTES["prince"],
        prince.id: prince.votes,
    }
    for m, other in ((zane, prince), (prince, zane)):
        seat = controller(game, m.id)
        m.votes -= TITLE_VOTES.get(m.title, 0)
        m.title = ""
        add_rider(game, m.id, _CONTEST, other.id, Until.END_OF_GAME, seat)
        add_rider(game, m.id, _CONTEST_VOTES, back[m.id], Until.END_OF_GAME, seat)
        game.log("title contest", seat, m.id, "contests")


def _end_contest(game: Game, m: Minion) -> int:
    """Remove the vampire's contest riders; the votes it would get back."""
    votes = rider_sum(game, m.id, _CONTEST_VOTES)
    game.riders = [r for r in game.riders if not (r.holder == m.id and r.key in (_CONTEST, _CONTEST_VOTES))]
    return votes


@hook("unlock", "Zane")
def _title_contests(game: Game, seat: int) -> None:
    """The seat's contesting vampires: the title won once the other yielded or left play; else pay 1 blood to go on
    (a fixed rule: while it keeps a blood after paying), or yield (in torpor, or short of blood: untitled for the
    rest of the game)."""
    for c in list(game.seats[seat].controlled):
        m = game.minions.get(c)
        if m is None or not m.in_play:
            continue
        other = _contesting(game, m.id)
        if other < 0:
            continue
        rival = game.minions.get(other)
        if rival is None or not rival.in_play or _contesting(game, other) != m.id:
            m.votes = _end_contest(game, m)
            m.title = "prince"
            game.log("title contest", seat, m.id, "wins")
        elif m.torpor or m.blood < 2:
            _end_contest(game, m)
            game.log("title contest", seat, m.id, "yields")
        else:
            move_blood(game, m.id, -1)
            game.log("title contest", seat, m.id, "burns 1 blood to keep contesting")


vampire(
    "Zane",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            political=True,
            stealth=1,
            when=_zane_can,
            targets=_princes_of_others,
            effects=(_zane_contests,),
            label="referendum: receive (and contest) a prince's title",
        ),
    ),
    notes="A prince of another Methuselah (contesting with oneself is not allowed). Paying to keep contesting is a "
    "fixed rule: while the vampire keeps a blood after paying; one that gets another title is not made to yield.",
)


# --- vampires added for vamps_a

from ..cards import HOOK_CARDS  # noqa: E402  (appended section: its own imports, so parallel additions merge cleanly)
from ..vocabulary import (  # noqa: E402
    BurnTargetCard,
    DamageTargetSeatsVampires,
    DiscardRequiring,
    Intercept,
    LockTarget,
    RemoveTopOfCrypt,
    StealBloodFromTarget,
    StealEquipment,
    TargetDiscardsAtRandom,
    UseDiscardPhaseAction,
    choose,
    crypt_not_empty,
    equipment_of_others,
    has_discard_phase_action,
    holds_card_requiring,
    hook_all,
    locations_of_others,
    prey_only,
    prey_or_predator,
    self_acting,
    self_blocking,
    uncontrolled_of_clan,
    vampires_of_others,
    weapon_strike,
    younger_unlocked_vampires,
)

vampire("Viktor, The Night General", stealth=1)
vampire("Kephamos, High Priest of Marrakech", bleed=1)
vampire("Carmelita Neillson", hand_size=1, notes="While she is ready (game.hand_size sums the ready minions').")
_VILLON_G2_TARGETS = vampires_of_others(torpor=True, younger=True)
vampire(
    "François Villon (G2)",
    bleed=1,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            targets=_VILLON_G2_TARGETS,
            effects=(If(target_still(_VILLON_G2_TARGETS), (StealBloodFromTarget(2),)),),
            label="(D) steal up to 2 blood from a younger vampire",
        ),
    ),
    notes="He steals all 2 he can (what the target has; the excess over his capacity drains): never fewer.",
)
vampire(
    "François Villon (G6)",
    bleed=1,
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            when=all_of(self_ready, has_blood(2)),
            targets=younger_unlocked_vampires,
            effects=(BurnBlood(2), LockTarget()),
            limit="villon lock",
            limit_scope="turn",
            label="burn 2 blood: lock a younger vampire",
        ),
    ),
    notes="Once each unlock phase (after the cards unlock), any younger ready vampire, the prey's first.",
)
_FERGUS_TARGETS = vampires_of_others(sect="Sabbat", locked=True)
vampire(
    "Fergus Alexander",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            targets=_FERGUS_TARGETS,
            effects=(If(target_still(_FERGUS_TARGETS), (EnterCombatWithTarget(),)),),
            label="(D) enter combat with a locked Sabbat vampire",
        ),
    ),
    notes="Unlocked by resolution, the target is no longer one: the action fizzles (ANK 20210124, LSJ 20070411).",
)
vampire(
    "Etrius",
    bleed=2,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            targets=vampires_of_others(clan="Tremere", torpor=True),
            effects=(StealBloodFromTarget(3),),
            label="(D) steal up to 3 blood from a Tremere vampire",
        ),
    ),
    notes="He steals all 3 he can (what the target has; the excess over his capacity drains): never fewer.",
)
vampire("Carlak", presses_each_combat=1, notes="The blood for votes against: the referendum_tallied hook.")
HOOK_CARDS[_presses_each_combat] += ("Carlak",)  # the field hook above declared the vampires registered before it


@hook("referendum_tallied", "Carlak")
def _carlak(game: Game, ref: Referendum) -> None:
    """Carlak (in play) gains 1 blood for each Methuselah casting votes against and none in favour (VOTES_TOGETHER:
    a Methuselah casts all its votes on one side)."""
    for s in game.order:
        for m in game.seats[s].controlled:
            if _named(game, m, "Carlak") and game.minions[m].in_play:
                gained = move_blood(game, m, len(set(ref.voted_against)))
                if gained:
                    game.log("add blood", s, m, gained)


@hook("strength", "Blythe Candeleria")
def _blythe(game: Game, minion: int) -> int:
    """-1 strength in combat with a Malkavian."""
    c = current_combat(game)
    if c is None or not _named(game, minion, "Blythe Candeleria") or minion not in (c.a.minion, c.b.minion):
        return 0
    other = game.minions.get(c.other(minion).minion)
    return -1 if other is not None and other.clan == "Malkavian" else 0


vampire("Blythe Candeleria", notes="The strength hook.")


def _elen_must_bleed(game: Game, m: Minion) -> bool:
    """Elen is ready and unlocked and her Methuselah controls a locked minion (ANK 20211009-2: only her ability's
    bleed counts); a vampire with no blood must hunt instead (game.action_options)."""
    if not _named(game, m.id, "Elen Kamjian") or not m.in_play or m.torpor or m.locked or m.blood == 0:
        return False
    seat = controller(game, m.id)
    return any(
        x is not None and x.in_play and x.locked and x.id != m.id and x.kind != RETAINER
        for x in (game.minions.get(c) for c in game.seats[seat].controlled)
    )


def _elen_pending(game: Game, m: Minion) -> bool:
    """Her mandatory bleed is still to do this turn: it is mandatory and her ability was not used this turn (the
    engine's once-a-turn mark of the action, set as it is announced)."""
    return _elen_must_bleed(game, m) and (m.id, m.card) not in game.used


def _elen_bleed(game: Game, play: Play) -> bool:
    m = game.minions.get(play.minion)
    return m is not None and m.bled_turn != game.turn and _elen_pending(game, m)


@hook("action_allowed", "Elen Kamjian")
def _elen_allowed(game: Game, option: economy.Option) -> bool:
    """While her bleed is mandatory it is her only action, and her Methuselah cannot end the minion phase before it;
    once done she is free if she unlocks (LSJ 20090226); if she bled otherwise this turn she is stuck (ANK
    20211009-2)."""
    if option.kind is economy.Kind.PASS:  # only while her bleed is offered (she may act, and direct actions)
        return not any(
            m.bled_turn != game.turn
            and m.recruited_turn != game.turn
            and game.prey(option.seat) != option.seat
            and _elen_pending(game, m)
            and hook_all(game, "may_direct", m.id)
            for m in _ready_named(game, option.seat, "Elen Kamjian")
        )
    m = game.minions.get(option.minion)
    if m is None or not _elen_pending(game, m):
        return True
    return option.kind is economy.Kind.PLAY and option.card == m.id and m.bled_turn != game.turn


vampire(
    "Elen Kamjian",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            bleeds=True,
            bleed=1,
            when=_elen_bleed,
            label="(D) bleed with +1 bleed (mandatory)",
        ),
    ),
    notes="Mandatory while you control another locked minion: the action_allowed hook. Only this bleed counts "
    '(ANK 20211009-2); no effect makes her "must hunt" but having no blood (she hunts then).',
)
_DARIUS_TARGETS = equipment_of_others(excluding=("electronic", "vehicle", "weapon"))
vampire(
    "Darius Shirazi",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            targets=_DARIUS_TARGETS,
            effects=(If(target_still(_DARIUS_TARGETS), (StealEquipment(),)),),
            label="(D) steal a non-electronic, non-vehicle, non-weapon equipment",
        ),
    ),
    notes="Directed at the Methuselah controlling the equipment (LSJ 20090324).",
)
_ANNAZIR_EQUIPMENT = equipment_of_others()
vampire(
    "Annazir",
    bleed=1,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            targets=locations_of_others,
            effects=(If(target_still(locations_of_others), (BurnTargetCard(),)),),
            limit="annazir action",
            limit_scope="turn",
            label="(D) burn a location",
        ),
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            targets=_ANNAZIR_EQUIPMENT,
            effects=(If(target_still(_ANNAZIR_EQUIPMENT), (StealEquipment(),)),),
            limit="annazir action",
            limit_scope="turn",
            label="(D) steal an equipment",
        ),
        INFERNAL,
    ),
    notes="His action once each turn, either mode (ANK 20220615), directed at the card's controller (LSJ 20090324).",
)


@hook("may_diablerize", "Rebekah")
def _rebekah_cursed(game: Game, minion: int) -> bool:
    """Blood Cursed vampires cannot commit diablerie (§7 L2316)."""
    return not _named(game, minion, "Rebekah")


def _in_play_self(game: Game, play: Play) -> bool:
    m = game.minions.get(play.minion)
    return m is not None and m.in_play


vampire(
    "Rebekah",
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            when=all_of(in_polling, _in_play_self, holds_card_requiring("aus")),
            effects=(DiscardRequiring("aus"), ExtraVotes(2)),
            limit="rebekah votes",
            limit_scope="action",
            label="discard a card requiring Auspex: +2 votes",
        ),
    ),
    notes="Locked or in torpor too, once per referendum (ANK 20220705); Blood Cursed: the may_diablerize hook.",
)


@hook("cost_less", "Máddji, Mistress of Szlachtas", "Anne-Marie Bourgeois, Inconnu Recruiter")
def _cost_less_vamps_a(game: Game, minion: int, handler: Handler, paying: bool) -> tuple[int, int]:
    """Máddji: allies and retainers requiring a Tzimisce 1 fewer blood or pool (whichever they cost); Anne-Marie:
    equipment 1 fewer pool."""
    if not _library_card(game, handler):
        return 0, 0
    if _named(game, minion, "Máddji, Mistress of Szlachtas") and {"Ally", "Retainer"} & handler.types:
        card = game.compiled.cards.get(handler.card) if game.compiled is not None else None
        if card is not None and "Tzimisce" in card.requirements.clans:
            return (1, 0) if handler.blood else (0, 1)
    if _named(game, minion, "Anne-Marie Bourgeois, Inconnu Recruiter") and "Equipment" in handler.types:
        return 0, 1
    return 0, 0


vampire("Máddji, Mistress of Szlachtas", notes="The cost_less hook.")
vampire("Anne-Marie Bourgeois, Inconnu Recruiter", notes="The cost_less hook.")
vampire(
    "Josef von Bauren",
    bleed=1,
    stealth=1,
    modes=(
        Mode(
            window=W.DISCARD,
            in_play=True,
            when=has_discard_phase_action,
            targets=prey_or_predator,
            effects=(UseDiscardPhaseAction(), TargetDiscardsAtRandom()),
            label="discard phase action: a card at random from your predator's or prey's hand",
        ),
    ),
    notes="In torpor too (the text does not ask him ready); once per discard phase action (ANK 20190725).",
)


@hook("meets_requirement", "Karl Schrekt")
def _karl(game: Game, handler: Any, m: Minion) -> bool:
    """Karl plays cards requiring a justicar as if he were one (a Camarilla justicar: LSJ 20050128), only cards
    played normally, from the hand (LSJ 20050119); the title's votes are not his (ANK 20231221)."""
    if handler.mode.in_play or not _named(game, m.id, "Karl Schrekt"):
        return False
    comp = game.compiled
    card = comp.cards.get(handler.card) if comp is not None else None
    printed = comp.cards.get(m.card) if comp is not None else None
    if comp is None or card is None or printed is None or "justicar" not in card.requirements.titles:
        return False
    requirement = comp.eligibility.requirement(handler.card)
    as_justicar = dataclasses.replace(printed, title="justicar", sect="Camarilla")
    return requirement is None or bool(requirement.met_by(compile_minion(as_justicar)))


vampire("Karl Schrekt", intercept=1, notes="Cards requiring a justicar: the meets_requirement hook.")


def _leandro_ready(game: Game, seat: int) -> bool:
    return any(_named(game, m.id, "Leandro") for s in game.order if s != seat for m in ready_minions(game, s))


@hook("unlock", "Leandro")
def _leandro(game: Game, seat: int) -> Any:
    """During each other Methuselah's unlock phase, with Leandro ready, that Methuselah chooses: burn 1 pool, or
    lose all transfers of its next influence phase (the choice is its own: LSJ 20021210-1)."""
    if game.seats[seat].ousted or not _leandro_ready(game, seat):
        return None
    return _leandro_choice(game, seat)


def _leandro_choice(game: Game, seat: int) -> Any:
    burn = economy.Option(economy.Kind.TERMS, seat, value=1)  # burn 1 pool
    lose = economy.Option(economy.Kind.TERMS, seat, value=0)  # lose the transfers
    low = game.seats[seat].pool <= 4  # listed best first for the bots: the pool, unless it runs low
    option = yield from choose(game, seat, [lose, burn] if low else [burn, lose])
    if option.value == 1:
        economy.burn_pool(game, seat, 1)
        game.log("burn pool", seat, 1)
        economy.check_ousts(game)
    else:
        game.used.add(("leandro: no transfers", seat, game.turn))
        game.log("no transfers", seat)


@hook("transfers", "Leandro")
def _leandro_transfers(game: Game, seat: int) -> int:
    """The influence phase after choosing to lose the transfers: none (game.turn clamps at 0)."""
    return -99 if ("leandro: no transfers", seat, game.turn) in game.used else 0


vampire("Leandro", bleed=2, notes="The choice in the other Methuselahs' unlock phases: the unlock and transfers hooks.")


@hook("hunt", "César Holfield")
def _cesar_hunts(game: Game, act: Action) -> int:
    """Marks that César hunted this turn (the mark of his turn's game.used)."""
    if _named(game, act.actor, "César Holfield"):
        game.used.add(("césar hunted", act.actor))
    return 0


def _gehenna_in_play(game: Game) -> bool:
    comp = game.compiled
    return comp is not None and any(
        "Event" in comp.types.get(game.card_of[c], ())
        and (comp.cards[game.card_of[c]].text or "").startswith("Gehenna.")
        for s in game.order
        for c in game.seats[s].controlled
        if c not in game.minions
    )


@hook("after_minion_phase", "César Holfield")
def _cesar(game: Game, seat: int) -> None:
    """At the end of your minion phase, with a Gehenna event in play, César burns 1 blood unless he hunted."""
    mine = [m for m in game.seats[seat].controlled if _named(game, m, "César Holfield") and game.minions[m].in_play]
    if not mine or not _gehenna_in_play(game):
        return
    for m in mine:
        if ("césar hunted", m) not in game.used and move_blood(game, m, -1):
            game.log("burn blood", seat, m, 1)


vampire("César Holfield", notes="The hunt and after_minion_phase hooks.")


@hook("cost_less", "Dracon, The")
def _dracon_cost(game: Game, minion: int, handler: Handler, paying: bool) -> tuple[int, int]:
    """Cards requiring Vicissitude cost The Dracon 1 fewer blood."""
    if handler.blood and _library_card(game, handler) and "vic" in handler.mode.disciplines:
        return (1, 0) if _named(game, minion, "Dracon, The") else (0, 0)
    return 0, 0


@hook("strike_bonus", "Dracon, The", "Jaroslav Pascek")
def _strike_bonus_vamps_a(game: Game, c: Combat, side: Any, strike: Any, steal: bool) -> int:
    """The Dracon: +1 damage, or 1 more blood stolen, with ranged strikes, even at close range; Jaroslav: +2 damage
    with melee weapons (a weapon's strike that is not ranged)."""
    if _named(game, side.minion, "Dracon, The"):
        return 1 if strike.ranged else 0
    if _named(game, side.minion, "Jaroslav Pascek") and not steal and not strike.ranged:
        return 2 if weapon_strike(game, c, side.minion, strike) else 0
    return 0


vampire(
    "Dracon, The",
    bleed=1,
    strength=2,
    notes="Vicissitude costs: the cost_less hook; ranged strikes: the strike_bonus hook (none to a strike that does "
    "no damage: RTR 19960221). Flight is his like a Discipline.",
)
vampire(
    "Jaroslav Pascek",
    intercept=1,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            seat_target=True,
            targets=prey_only,
            effects=(DamageTargetSeatsVampires(1, sect="Sabbat"),),
            label="(D) 1 damage to each of your prey's Sabbat vampires",
        ),
    ),
    notes="The damage goes to the prey's ready Sabbat vampires, with no prevention window (outside combat); melee "
    "weapons: the strike_bonus hook.",
)

vampire(
    "Enkidu, The Noah",
    strength=2,
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            enters_combat=True,
            targets=ready_minions_of_others,
            label="(D) enter combat with any minion",
        ),
    ),
    notes="Unlocks at the end of a turn he employed a retainer: the after_resolution and discard_phase_end hooks; no "
    "equipment (nor a card that becomes or fetches one) is played by him: the may_play hook (LSJ 20050315).",
)


@hook("may_play", "Enkidu, The Noah")
def _enkidu_no_equipment(game: Game, handler: Any, m: Minion) -> bool:
    """He cannot have or use equipment: no equip action (LSJ 20050315, LSJ 20010210), no card that becomes an
    equipment on him (Weighted Walking Stick) or puts one on him (Concealed Weapon)."""
    if not _named(game, m.id, "Enkidu, The Noah") or handler.mode.in_play:
        return True
    comp = game.compiled
    bearer = comp.bearers.get(handler.card) if comp is not None else None
    gives = "Equipment" in handler.types or getattr(bearer, "equipment", False)
    return not gives and handler.name != "Concealed Weapon"


@hook("after_resolution", "Enkidu, The Noah")
def _enkidu_employed(game: Game, act: Action) -> None:
    if act.kind is Act.EMPLOY and act.succeeded and _named(game, act.actor, "Enkidu, The Noah"):
        game.used.add(("enkidu unlocks", act.actor))


@hook("discard_phase_end", "Enkidu, The Noah")
def _enkidu_unlocks(game: Game, seat: int, discarded: Sequence[int]) -> None:
    """At the end of the turn he successfully employed a retainer, Enkidu unlocks."""
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and ("enkidu unlocks", c) in game.used and m.in_play and m.locked:
            m.locked = False
            game.log("unlock", seat, c)


@hook("stealth", "Jayne Jonestown")
def _jayne_stealth(game: Game, act: Action) -> int:
    """An additional +1 stealth when hunting, -1 stealth on any other action."""
    if not _named(game, act.actor, "Jayne Jonestown"):
        return 0
    return 1 if act.kind is Act.HUNT else -1


def _society_copies(game: Game) -> list[tuple[int, int]]:
    """(the Society of Leopold copy, the vampire it is on), wherever it is in play."""
    comp = game.compiled
    out = []
    for s in game.order:
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            for x in m.cards if m is not None else ():
                card = comp.cards.get(game.card_of[x]) if comp is not None else None
                if card is not None and card.name == "Society of Leopold":
                    out.append((x, c))
    return out


def _society_destinations(game: Game, play: Play) -> Sequence[int]:
    if not self_ready(game, play):
        return []
    holders = {on for _, on in _society_copies(game)}
    if not holders:
        return []
    return [m.id for s in game.order for m in ready_minions(game, s) if m.kind == VAMPIRE and m.id not in holders]


def _move_society(game: Game, play: Play) -> None:
    found = _society_copies(game)
    if found and play.target in game.minions:
        copy, on = found[0]
        game.minions[on].cards.remove(copy)
        game.minions[play.target].cards.append(copy)
        game.log("equip", play.seat, play.target, copy)


vampire(
    "Jayne Jonestown",
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            targets=_society_destinations,
            effects=(_move_society,),
            limit="jayne society",
            limit_scope="turn",
            label="move the Society of Leopold to a ready vampire",
        ),
    ),
    notes="Stealth: the stealth hook. The Society moves once each unlock phase (the engine holds no spec of it, so "
    "it is never in play in a game: the move is offered at a table set up with it).",
)
vampire(
    "Paul Cordwood",
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=all_of(self_acting, crypt_not_empty),
            effects=(RemoveTopOfCrypt(), Stealth(1)),
            label="remove the top card of your crypt: +1 stealth",
            limit="paul crypt",
            limit_scope="action",
        ),
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=all_of(self_blocking, crypt_not_empty),
            effects=(RemoveTopOfCrypt(), Intercept(1)),
            label="remove the top card of your crypt: +1 intercept",
            limit="paul crypt",
            limit_scope="action",
        ),
    ),
    notes="Once each action, either; offered only as needed (the compiler's rule for stealth and intercept).",
)
vampire(
    "Abraham DuSable",
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=all_of(self_acting, holds_card_requiring("tha")),
            effects=(DiscardRequiring("tha"), Stealth(1)),
            label="discard a card requiring Blood Sorcery: +1 stealth",
        ),
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=all_of(self_blocking, holds_card_requiring("tha")),
            effects=(DiscardRequiring("tha"), Intercept(1)),
            label="discard a card requiring Blood Sorcery: +1 intercept",
        ),
    ),
    notes="Offered only as needed (the compiler's rule); the card discarded is the first held (the bot's pick).",
)


@hook("after_combat", "Ian Carfax")
def _ian(game: Game, c: Combat) -> None:
    """Once each turn after a combat involving Ian ends, he unlocks if the opposing minion is not ready (always
    taken)."""
    for side in (c.a, c.b):
        m = game.minions.get(side.minion)
        if m is None or not _named(game, m.id, "Ian Carfax") or not m.locked or not is_ready(game, m.id):
            continue
        if not is_ready(game, c.other(m.id).minion) and ("ian unlocks", m.id) not in game.used:
            game.used.add(("ian unlocks", m.id))
            m.locked = False
            game.log("unlock", controller(game, m.id), m.id)


vampire("Ian Carfax", intercept=1, notes="The after_combat hook (the unlock always taken).")
vampire(
    "Nikolaus Vermeulen (G2)",
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            when=has_blood(1),
            targets=uncontrolled_of_clan("Nosferatu"),
            effects=(BurnBlood(1), AddBlood(1)),
            limit="nikolaus blood",
            limit_scope="turn",
            label="move 1 blood from Nikolaus to a Nosferatu in your uncontrolled region",
        ),
    ),
    notes="Once each unlock phase; in torpor too (LSJ 20011022).",
)
vampire(
    "Nikolaus Vermeulen (G6)",
    modes=(
        Mode(
            window=W.INFLUENCE,
            in_play=True,
            when=has_edge,
            targets=uncontrolled_of_clan("Nosferatu"),
            effects=(BurnTheEdge(), AddBlood(1)),
            label="burn the Edge: 1 blood to a Nosferatu in your uncontrolled region",
        ),
    ),
    notes="In torpor too (LSJ 20011022).",
)
vampire(
    "Vasily",
    notes="Title contests are not modelled (economy.NO_TITLE_CONTESTS: two Princes of a city both keep their "
    "votes), so his contest cost never applies.",
)


@hook("play_cancelled", "Victor Donaldson")
def _victor_donaldson(game: Game, seat: int, copy: int) -> None:
    """A Golconda: Inner Peace his Methuselah plays is cancelled: it goes from the ash heap back into the library,
    shuffled (always taken)."""
    comp = game.compiled
    card = comp.cards.get(game.card_of[copy]) if comp is not None else None
    s = game.seats[seat]
    if card is None or card.name != "Golconda: Inner Peace" or (copy not in s.ash_heap and copy not in game.aside):
        return
    if not any(_named(game, c, "Victor Donaldson") and game.minions[c].in_play for c in s.controlled):
        return
    if copy in game.aside:
        game.aside.remove(copy)  # cancelled by its own text as it resolves: still set aside
    else:
        s.ash_heap.remove(copy)
    s.library.append(copy)
    game.rng.shuffle(s.library)
    game.log("ash heap to library", seat, copy)


vampire("Victor Donaldson", notes="The play_cancelled hook (in torpor too: the text does not ask him ready).")


@hook("before_decision", "Sennadurek")
def _sennadurek(game: Game) -> None:
    """Whenever a Methuselah loses the Edge when it is not your turn, a ready Sennadurek of yours unlocks (watched
    between decisions: the Edge's holder is compared with the last one seen, in ``Game.table``)."""
    seen = game.table.get("sennadurek edge", -2)
    if seen == game.edge:
        return
    game.table["sennadurek edge"] = game.edge
    if seen is None or seen == -2:
        return  # nobody held it (or the first look)
    for s in game.order:
        if s == game.acting:
            continue
        for m in _ready_named(game, s, "Sennadurek"):
            if m.locked:
                m.locked = False
                game.log("unlock", s, m.id)


vampire(
    "Sennadurek",
    notes="The before_decision hook; looking at that Methuselah's hand changes nothing the bots use (information "
    "only). Scarce and Black Hand are traits.",
)


@hook("cost_paid_by", "Regina Blake")
def _regina(game: Game, handler: Handler, seat: int, blood: int, pool: int, paying: bool) -> tuple[int, int]:
    """Each time you play a location card, 1 of Regina's blood (in torpor too: LSJ 20011022) pays 1 of its pool
    cost, or else of its blood cost (an equipment that is a location: LSJ 20080107); always taken."""
    if not (blood or pool) or not _library_card(game, handler):
        return blood, pool
    comp = game.compiled
    card = comp.cards.get(handler.card) if comp is not None else None
    if card is None or "location" not in (card.text or "").split("\n", 1)[0].lower():
        return blood, pool
    regina = next(
        (
            m
            for m in (game.minions.get(c) for c in game.seats[seat].controlled)
            if m is not None and m.in_play and m.blood >= 1 and _named(game, m.id, "Regina Blake")
        ),
        None,
    )
    if regina is None:
        return blood, pool
    if paying:
        move_blood(game, regina.id, -1)
        game.log("burn blood", seat, regina.id, 1)
    return (blood, pool - 1) if pool else (blood - 1, pool)


vampire(
    "Regina Blake",
    notes="The cost_paid_by hook: her blood is used as the card is paid for (an equipment location's action: as it "
    "is announced).",
)


# --- vampires added for cov_e

from ..vocabulary import (  # noqa: E402  (appended section: its own imports, so parallel additions merge cleanly)
    AdditionalStrikes,
    CancelReferendum,
    DiscardRequiringSect,
    OpposingChoosesStrikeAgain,
    bleed_against_controller,
    bonus_while_ready,
    damage_to_other_pending,
    handler_of,
    holder_in_combat,
    holds_card_requiring_sect,
    in_first_round,
    meets_requirement_with_title,
    no_extra_source,
    own_action_bonus,
    own_locations,
    presses_when_blocking,
    stealth_needed_by,
    strength_in_combat_with,
    vampire_of_clan,
)

vampire(
    "Sarrasine (ADV)",
    notes="His only ability is [MERGED]; merging is not modelled (economy.NO_MERGE): it never applies.",
)
vampire("Dominique Santo Paulo", notes="Black Hand is a trait (card requirements read it).")
strength_in_combat_with("Dominique Santo Paulo", vampire_of_clan("Nosferatu", "Nosferatu antitribu"))
vampire("Anton", intercept=1)
vampire("Stephen Bateson", stealth=1, bleed_vs_clans=("Tremere",))
HOOK_CARDS[_bleed_bonuses] += ("Stephen Bateson",)  # the field hook declared the vampires registered before it


def _gehenna_events_in_hand(game: Game, seat: int) -> list[int]:
    """The Gehenna event cards in the seat's hand (an event whose text opens "Gehenna.")."""
    comp = game.compiled
    return [
        c
        for c in game.seats[seat].hand
        if "Event" in comp.cards[game.card_of[c]].types
        and (comp.cards[game.card_of[c]].text or "").startswith("Gehenna.")
    ]


def _hands_to_look_at(game: Game, play: Play) -> Sequence[int]:
    """Another Methuselah still in the game, the prey first."""
    prey = game.prey(play.seat)
    others = [s for s in game.order if s != play.seat and not game.seats[s].ousted]
    return sorted(others, key=lambda s: s != prey)


def _discard_gehenna_events(game: Game, play: Play) -> None:
    """Look at the Methuselah's hand and discard up to 2 Gehenna events from it (it draws back up)."""
    if 0 <= play.target < len(game.seats) and not game.seats[play.target].ousted:
        game.log("look at hand", play.seat, play.target)
        discard(game, play.target, _gehenna_events_in_hand(game, play.target)[:2])


vampire(
    "Alicia Barrows",
    modes=(
        Mode(
            window=W.UNLOCK,
            in_play=True,
            when=has_edge,
            targets=_hands_to_look_at,
            effects=(_discard_gehenna_events,),
            label="with the Edge: look at a hand and discard up to 2 Gehenna events from it",
        ),
    ),
    notes="She always discards as many as she can (2 at most); used once each unlock phase, in torpor too.",
)


vampire(
    "Osric Vladislav",
    modes=(
        Mode(
            window=W.BLOCK_ATTEMPT,
            in_play=True,
            when=all_of(_acting_self, stealth_needed_by()),
            targets=own_locations,
            effects=(BurnTargetCard(), Stealth(1)),
            label="burn a location you control: +1 stealth",
        ),
    ),
    notes="As often as stealth is needed, only while he acts (LSJ 20020814).",
)
vampire(
    "Chun Hei",
    strength=1,
    modes=(
        Mode(
            window=W.BEFORE_STRIKES,
            in_play=True,
            when=all_of(holder_in_combat, has_blood(1)),
            effects=(BurnBlood(1), AdditionalStrikes(1, beyond_limit=True)),
            limit="chun hei",
            limit_scope="combat",
            label="burn 1 blood: 1 additional strike (not against the limit)",
        ),
    ),
)
vampire(
    "Gabriel Tremblay",
    stealth=-1,
    modes=(
        Mode(
            window=W.BEFORE_STRIKES,
            in_play=True,
            when=all_of(holder_in_combat, holds_card_requiring_sect("Anarch")),
            effects=(DiscardRequiringSect("Anarch"), StrengthThisCombat(1)),
            limit="gabriel tremblay",
            limit_scope="combat",
            label="discard a card requiring an Anarch: +1 strength this combat",
        ),
    ),
    notes="Used before strikes, once each combat; the card discarded is the first such card in hand.",
)


def _olgas_of_others(game: Game, play: Play) -> Sequence[int]:
    """The Olga Triminov other Methuselahs control (in play), while the acting minion is a Black Hand vampire."""
    me = game.minions.get(play.minion)
    if me is None or me.kind != VAMPIRE or "black hand" not in me.traits:
        return []
    return [m.id for s in game.order if s != play.seat for m in _in_play_named(game, s, "Olga Triminov")]


_OLGA_STEAL = Mode(
    window=W.ACTION,
    role=Role.ACTOR,
    directed=True,
    cost_pool=1,
    targets=_olgas_of_others,
    effects=(If(target_still(_olgas_of_others), (StealMinion(),)),),
    label="(a Black Hand vampire) steal Olga Triminov, costs 1 pool",
)


@hook("offered_actions", "Olga Triminov")
def _olga_offered(game: Game, seat: int, m: Minion) -> list[tuple[int, Handler]]:
    """Another Methuselah's Black Hand vampire may take the action Olga's text gives (her copy names it)."""
    if m.kind != VAMPIRE or "black hand" not in m.traits or game.compiled is None:
        return []
    for s in game.order:
        if s != seat:
            for olga in _in_play_named(game, s, "Olga Triminov"):
                return [(olga.id, h) for h in game.compiled.actions.get(olga.card, ()) if h.mode is _OLGA_STEAL]
    return []


vampire(
    "Olga Triminov",
    modes=(_OLGA_STEAL,),
    notes="The Black Hand vampire's action is offered with Olga's ability (the offered_actions hook); the pool is "
    "paid on success; she comes with the cards on her, in her region (a stolen torpid vampire stays in torpor).",
)
vampire(
    "Effie Lowery", notes="Sterile is a trait: card requirements read it (The Embrace requires a non-sterile vampire)."
)
vampire("Piotr Andreikov", notes="Black Hand is a trait (card requirements read it).")
vampire("Claudia", notes="Black Hand is a trait (card requirements read it).")


def _ash_heap_library_cards(game: Game, play: Play) -> Sequence[int]:
    """A copy of each library card in the player's ash heap the engine models (the latest discarded first)."""
    comp, seen, out = game.compiled, set(), []
    for c in reversed(game.seats[play.seat].ash_heap):
        vekn = game.card_of[c]
        if vekn not in seen and not comp.cards[vekn].is_crypt and vekn in comp.implemented:
            seen.add(vekn)
            out.append(c)
    return out


def _card_to_give(game: Game, play: Play) -> Sequence[int]:
    """The card of the hand given in exchange, named as the action is announced: one the engine does not model,
    else the first held (the bot's pick)."""
    hand = game.seats[play.seat].hand
    if not hand:
        return []
    comp = game.compiled
    return [next((c for c in hand if game.card_of[c] not in comp.implemented), hand[0])]


def _exchange_with_ash_heap(game: Game, play: Play) -> None:
    """The card named in the hand goes to the ash heap, the one named in the ash heap to the hand."""
    s = game.seats[play.seat]
    if play.value in s.hand and play.target in s.ash_heap:
        s.hand.remove(play.value)
        s.ash_heap.remove(play.target)
        s.ash_heap.append(play.value)
        s.hand.append(play.target)
        game.log("exchange", play.seat, play.value, play.target)


vampire(
    "Lenelle, Mambo of Birmingham",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            stealth=1,
            cost_blood=1,
            targets=_ash_heap_library_cards,
            values=_card_to_give,
            effects=(_exchange_with_ash_heap,),
            label="exchange a card from your hand for a library card in your ash heap",
        ),
    ),
    notes="Both cards are named as the action is announced (LSJ 20000222); the card given is a fixed pick (one the "
    "engine does not model, else the first in hand); a card named that has left the hand or the ash heap by "
    "resolution: no exchange.",
)


_SETITES = ("Follower of Set", "Ministry")


@hook("blood_cost", "Murat")
def _murat(game: Game, handler: Any, minion: int) -> int:
    """Combat cards requiring Serpentis cost a Follower of Set in combat with Murat 1 more blood."""
    if "ser" not in handler.mode.disciplines or "Combat" not in handler.types or handler.mode.in_play:
        return 0
    m, other = game.minions.get(minion), _vb_opponent(game, minion)
    if m is None or other is None or m.kind != VAMPIRE or m.clan not in _SETITES:
        return 0
    return 1 if _named(game, other.id, "Murat") else 0


vampire("Murat", notes="The blood_cost hook (Murat in play, in the combat).")


def _damaged_minion(game: Game, play: Play) -> Sequence[int]:
    """The minion the damage being resolved is inflicted on (the option names it)."""
    c = play.frame
    return [c.victim] if isinstance(c, Combat) else []


vampire(
    "Randall",
    modes=(
        Mode(
            window=W.PREVENT,
            in_play=True,
            role=Role.REACTING,
            when=all_of(damage_to_other_pending, has_blood(1)),
            targets=_damaged_minion,
            effects=(BurnBlood(1), Prevent(1, non_aggravated=True)),
            limit="randall",
            limit_scope="turn",
            label="burn 1 blood: prevent 1 non-aggravated damage on another minion in combat",
        ),
    ),
    notes="Once each turn (there is one minion phase a turn), ready or in torpor, any Methuselah's minion; not "
    "aggravated damage, even treated as normal (LSJ 20040812-2). His 1 vote is his title's (card data).",
)


def _tj_can_cancel(game: Game, play: Play) -> bool:
    """T.J. is unlocked with 2 blood (in torpor too: LSJ 20011022), and a titled Camarilla vampire called the
    referendum."""
    me, ref = game.minions.get(play.minion), play.frame
    if me is None or me.locked or me.blood < 2 or not isinstance(ref, Referendum):
        return False
    caller = game.minions.get(ref.caller)
    return caller is not None and caller.kind == VAMPIRE and bool(caller.title) and caller.sect == "Camarilla"


vampire(
    "T.J.",
    modes=(
        Mode(
            window=W.POLLING,
            in_play=True,
            when=all_of(in_polling, _tj_can_cancel),
            effects=(LockSelf(), BurnBlood(2), CancelReferendum()),
            label="lock and burn 2 blood: cancel a referendum called by a titled Camarilla vampire",
        ),
    ),
)


def _titled_actor(game: Game, me: Minion, act: Action) -> bool:
    actor = game.minions.get(act.actor)
    return actor is not None and actor.kind == VAMPIRE and bool(actor.title)


vampire("Freddy Gage", notes="In play, ready or in torpor (a passive ability): the bleed_against_controller word.")
bleed_against_controller("Freddy Gage", _titled_actor)


@hook("round_start", "Alcoan")
def _alcoan(game: Game, c: Combat) -> None:
    """Before range in the first round, in combat with an ally or a younger vampire: Alcoan's Methuselah looks at
    the opposing minion's controller's hand (logged; the bots read no hidden card, so nothing else changes)."""
    if c.round != 1:
        return
    for side in (c.a, c.b):
        me, other = game.minions.get(side.minion), game.minions.get(c.other(side.minion).minion)
        if me is None or other is None or not _named(game, me.id, "Alcoan"):
            continue
        if other.kind == ALLY or other.kind == VAMPIRE and other.capacity < me.capacity:
            game.log("look at hand", controller(game, me.id), controller(game, other.id))


vampire(
    "Alcoan",
    notes="Looking at a hand changes nothing the engine models (the bots read no hidden card): it is logged only.",
)


def opposing_combat_card_cost(game: Game, play: Play) -> int:
    """The blood plus pool cost (its modifications for the player applied: LSJ 20091124) of the combat card the
    minion in combat with the playing one is playing, -1 for none."""
    c = play.frame
    if not isinstance(c, Combat) or c.over or play.minion not in (c.a.minion, c.b.minion) or not game.aside:
        return -1
    copy, mode, comp = game.aside[-1], game.playing, game.compiled
    if mode is None or "Combat" not in comp.cards[game.card_of[copy]].types:
        return -1
    other = c.other(play.minion).minion
    playing = c.action.flags.get("playing minion", other) if c.action is not None else other
    if playing != other or game.owner_of[copy] != controller(game, other):
        return -1
    handler = next((h for h in comp.hand.get((game.card_of[copy], mode.window), ()) if h.mode is mode), None)
    if handler is None:
        return -1
    blood, pool = card_cost(game, handler, game.owner_of[copy], other)
    return blood + pool


def _watenda_can(game: Game, play: Play) -> bool:
    me = game.minions.get(play.minion)
    cost = opposing_combat_card_cost(game, play)
    return me is not None and 0 <= cost <= me.blood


def _burn_card_cost(game: Game, play: Play) -> None:
    """Burn blood equal to the card's cost (a pool cost paid in blood: LSJ 20071015-2)."""
    cost = opposing_combat_card_cost(game, play)
    if cost > 0:
        move_blood(game, play.minion, -cost)
        game.log("burn blood", play.seat, play.minion, cost)


vampire(
    "Watenda",
    modes=(
        Mode(
            window=W.AS_PLAYED,
            in_play=True,
            when=_watenda_can,
            effects=(_burn_card_cost, CancelKeepingCost(), OpposingChoosesStrikeAgain()),
            limit="watenda",
            limit_scope="combat",
            label="burn blood equal to its cost: cancel a combat card the opposing minion plays",
        ),
    ),
    notes="Only in his own combat (ANK 20221021), going to torpor too; the card is still played, its cost paid; a "
    "strike card cancelled: the opposing minion chooses another strike.",
)


@hook("cost_less", "Little Tailor of Prague")
def _tailor_cost(game: Game, minion: int, handler: Handler, paying: bool) -> tuple[int, int]:
    """Allies and retainers requiring a Tzimisce or Vicissitude cost the Tailor 1 fewer blood or pool (recruited in
    any way: ANK 20210913)."""
    if not ({"Ally", "Retainer"} & handler.types) or not _named(game, minion, "Little Tailor of Prague"):
        return 0, 0
    card = game.compiled.cards[handler.card]
    if "Tzimisce" not in card.requirements.clans and "vic" not in card.discipline_requirement.codes:
        return 0, 0
    return (1, 0) if handler.blood else (0, 1)


vampire("Little Tailor of Prague", bleed=1, notes="The cost_less hook.")
vampire("Kazimir Savostin", notes="Black Hand and Seraph are traits (card requirements read them).")
presses_when_blocking("Kazimir Savostin")


def _tryphosa_ready(game: Game) -> bool:
    return any(_ready_named(game, s, "Tryphosa") for s in game.order)


def _malkavian_bleeding(game: Game, me: Minion, act: Action) -> bool:
    actor = game.minions.get(act.actor)
    return actor is not None and actor.kind == VAMPIRE and actor.clan == "Malkavian" and act.is_bleed()


@hook("announced", "Tryphosa")
def _tryphosa_cost(game: Game, act: Action) -> None:
    """While Tryphosa is ready, a Malkavian's bleed action costs 1 more blood (paid on success: PIB 20121031)."""
    if _malkavian_bleeding(game, game.minions[act.actor], act) and _tryphosa_ready(game):
        act.cost_blood += 1


@hook("action_allowed", "Tryphosa")
def _tryphosa_allowed(game: Game, option: economy.Option) -> bool:
    """A Malkavian bleeds only with the blood to pay for it, its 1 more blood included."""
    m = game.minions.get(option.minion)
    if (
        m is None
        or m.kind != VAMPIRE
        or m.clan != "Malkavian"
        or option.kind not in (economy.Kind.ACTION, economy.Kind.PLAY)
    ):
        return True
    if option.kind is economy.Kind.ACTION:
        blood = 0 if option.value == Act.BLEED else -1
    else:
        handler = handler_of(game, option)
        blood = card_cost(game, handler, option.seat, m.id)[0] if handler.mode.bleeds else -1
    return blood < 0 or m.blood >= blood + 1 or not _tryphosa_ready(game)


vampire("Tryphosa", notes="Her own bleeds too (she is a Malkavian); the announced and action_allowed hooks.")
bonus_while_ready("stealth", "Tryphosa", _malkavian_bleeding, yours=False)


@hook("strike_declared", "Reverend Blackwood")
def _blackwood_declared(game: Game, c: Combat, side: Any, option: economy.Option) -> None:
    """Reverend Blackwood's strike with a card requiring Thaumaturgy: marked for the strike_bonus hook."""
    if option.kind is economy.Kind.PLAY and _named(game, side.minion, "Reverend Blackwood"):
        if "tha" in handler_of(game, option).mode.disciplines:
            side.used.add(f"round:thaumaturgy strike:{id(side.strike)}")


@hook("strike_bonus", "Reverend Blackwood")
def _blackwood_bonus(game: Game, c: Combat, side: Any, strike: Any, steal: bool) -> int:
    """+1 damage with his damaging strikes that require Thaumaturgy (a strike doing no damage stays so)."""
    if steal or not side.used or f"round:thaumaturgy strike:{id(strike)}" not in side.used:
        return 0
    return 1 if _named(game, side.minion, "Reverend Blackwood") else 0


vampire("Reverend Blackwood", notes="The strike_declared and strike_bonus hooks.")


@hook("strike_bonus", "Nuriel")
def _nuriel_bonus(game: Game, c: Combat, side: Any, strike: Any, steal: bool) -> int:
    """+1 damage with melee weapons (a weapon's strike that is not ranged), of the strike's kind (RTR 19970630)."""
    if steal or strike.ranged or not _named(game, side.minion, "Nuriel"):
        return 0
    return 1 if weapon_strike(game, c, side.minion, strike) else 0


vampire(
    "Nuriel",
    modes=(
        Mode(
            window=W.BEFORE_STRIKES,
            in_play=True,
            when=all_of(holder_in_combat, in_first_round, no_extra_source),
            effects=(AdditionalStrikes(1),),
            limit="nuriel",
            limit_scope="combat",
            label="1 additional strike (limited), first round",
        ),
    ),
)


def _own_werewolf_acting(game: Game, me: Minion, act: Action) -> bool:
    """The acting minion is a werewolf ally ("Werewolf with 3 life.", "Unique werewolf …")."""
    actor = game.minions.get(act.actor)
    return actor is not None and actor.kind == ALLY and re.search(r"\bwerewolf\b", _vb_text(game, actor.id)) is not None


vampire(
    "Jacob Fermor",
    presses_each_combat=1,
    notes="A werewolf printed with 0 bleed still takes no bleed action (game.action_options offers bleeds to allies "
    "with a bleed).",
)
HOOK_CARDS[_presses_each_combat] += ("Jacob Fermor",)
bonus_while_ready("bleed", "Jacob Fermor", _own_werewolf_acting)


def _younger_than_julius(game: Game, blocker: int, act: Action) -> bool:
    """The minion attempting to block is a vampire younger than the acting Dr. Julius Sutphen."""
    me, julius = game.minions.get(blocker), _actor_of(game, act)
    return (
        me is not None
        and julius is not None
        and me.kind == VAMPIRE
        and me.capacity < julius.capacity
        and _named(game, julius.id, "Dr. Julius Sutphen")
    )


@hook("can_block", "Dr. Julius Sutphen")
def _julius_can_block(game: Game, blocker: int, act: Action) -> bool:
    """A younger vampire with no blood to burn cannot attempt to block Julius."""
    return not _younger_than_julius(game, blocker, act) or game.minions[blocker].blood >= 1


@hook("block_attempt", "Dr. Julius Sutphen")
def _julius_attempt(game: Game, act: Action, blocker: int) -> None:
    """A younger vampire burns 1 blood to attempt to block Julius."""
    if _younger_than_julius(game, blocker, act):
        move_blood(game, blocker, -1)
        game.log("attempt costs blood", controller(game, blocker), blocker, 1)


vampire("Dr. Julius Sutphen", notes="The can_block and block_attempt hooks (each attempt pays).")


def _prey_has_ready(*titles: str) -> Any:
    """The acting vampire's Methuselah's prey controls a ready vampire with one of ``titles``."""

    def test(game: Game, me: Minion, act: Action) -> bool:
        prey = game.prey(act.seat)
        return prey != act.seat and any(m.kind == VAMPIRE and m.title in titles for m in ready_minions(game, prey))

    return test


def _controls_ready(*titles: str) -> Any:
    """The acting vampire's Methuselah controls a ready vampire with one of ``titles``."""

    def test(game: Game, me: Minion, act: Action) -> bool:
        return any(m.kind == VAMPIRE and m.title in titles for m in ready_minions(game, act.seat))

    return test


vampire("Suhailah", bleed=1)
own_action_bonus("stealth", "Suhailah", _prey_has_ready("prince", "justicar"))
vampire("Damian")
own_action_bonus("bleed", "Damian", _controls_ready("cardinal"))
vampire("Otieno", bleed_vs_clans=("Guruhi",))
vampire("Bryan Van Duesen", bleed=1)
HOOK_CARDS[_bleed_bonuses] += ("Otieno",)


def _henri_fighting(game: Game, seat: int) -> bool:
    c = current_combat(game)
    return c is not None and any(
        _named(game, x, "Henri Lavenant") and controller(game, x) == seat for x in (c.a.minion, c.b.minion)
    )


@hook("hand_size", "Henri Lavenant")
def _henri_hand_size(game: Game, seat: int) -> int:
    """While Henri is in combat, his Methuselah gets +1 hand size."""
    return 1 if _henri_fighting(game, seat) else 0


@hook("round_start", "Henri Lavenant")
def _henri_draws(game: Game, c: Combat) -> None:
    """… drawn up as the combat starts (a hand size that grows is filled: game.refill); discarded down after it."""
    if c.round != 1:
        return
    for x in (c.a.minion, c.b.minion):
        if _named(game, x, "Henri Lavenant"):
            refill(game, controller(game, x))


vampire("Henri Lavenant", notes="Black Hand is a trait (card requirements read it).")


def _bishop_candidates(game: Game, play: Play) -> Sequence[int]:
    """Another ready non-titled Sabbat vampire the player controls, with capacity 6 or more."""
    return [
        m.id
        for m in ready_minions(game, play.seat)
        if m.kind == VAMPIRE and m.id != play.minion and not m.title and m.sect == "Sabbat" and m.capacity >= 6
    ]


def _make_bishop(game: Game, play: Play) -> None:
    """The target becomes a bishop (1 vote), if it still may."""
    m = game.minions.get(play.target)
    if m is not None and play.target in _bishop_candidates(game, play):
        m.title, m.votes = "bishop", TITLE_VOTES["bishop"]
        game.log("title", play.seat, m.id)


@hook("meets_requirement", "Tobias Smith")
def _tobias_bishops(game: Game, handler: Any, m: Minion) -> bool:
    """A bishop Tobias made meets the requirements of a bishop."""
    return m.title == "bishop" and meets_requirement_with_title(game, handler, m)


vampire(
    "Tobias Smith",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            targets=_bishop_candidates,
            effects=(_make_bishop,),
            label="give another non-titled Sabbat vampire of capacity 6 or more the title of bishop",
        ),
    ),
)


# --- cov_a: Petra, Bakr, Céleste Lamontagne ---------------------------------------------------------------------------


@hook("damage_to_take", "Petra")
def _petra_aggravated(game: Game, c: Combat, side: Any, normal: int, agg: int) -> tuple[int, int]:
    """Damage Petra inflicts on a Baali is aggravated (what is left after prevention, as Selena's)."""
    victim = game.minions.get(side.minion)
    if normal and victim is not None and victim.clan == "Baali" and _named(game, c.other(side.minion).minion, "Petra"):
        return 0, agg + normal
    return normal, agg


@hook("pressed", "Petra")
def _petra_press(game: Game, c: Combat, minion: int) -> None:
    """A vampire burns 1 blood after using a press to continue combat with Petra."""
    m = game.minions.get(minion)
    if c.press > 0 and m is not None and m.kind == VAMPIRE and _named(game, c.other(minion).minion, "Petra"):
        if move_blood(game, minion, -1):
            game.log("burn blood", controller(game, minion), minion, 1)


vampire("Petra", notes="Her aggravated damage on a Baali is what is left after prevention (the damage_to_take hook).")


@hook("may_diablerize", "Bakr")
def _bakr_cursed(game: Game, minion: int) -> bool:
    """Blood Cursed vampires cannot commit diablerie (§7 L2316)."""
    return not _named(game, minion, "Bakr")


vampire(
    "Bakr",
    modes=(
        Mode(
            window=W.ACTION,
            role=Role.ACTOR,
            directed=True,
            stealth=1,
            cost_blood=1,
            enters_combat=True,
            targets=ready_minions_of_others,
            label="enter combat with a minion (+1 stealth, 1 blood)",
        ),
    ),
    notes="Blood Cursed: the may_diablerize hook.",
)


_CELESTE = "Céleste Lamontagne"
_CELESTE_STRIKE = Strike(damage=0, combat_ends=True, label="combat ends")


def _celeste_vs_werewolf(game: Game, play: Play) -> bool:
    """In combat with a werewolf (an ally whose card opens "Werewolf with …")."""
    c = play.frame
    if not isinstance(c, Combat):
        return False
    other = game.minions.get(c.other(play.minion).minion)
    return other is not None and other.kind == ALLY and re.search(r"\bwerewolf\b", _vb_text(game, other.id)) is not None


def _gehenna_controlled(game: Game, seat: int) -> bool:
    """The Methuselah controls a Gehenna card (an event whose text opens "Gehenna.")."""
    comp = game.compiled
    for c in game.seats[seat].controlled:
        card = comp.cards.get(game.card_of[c]) if c not in game.minions else None
        if card is not None and "Event" in card.types and (card.text or "").startswith("Gehenna."):
            return True
    return False


@hook("intercept", _CELESTE)
def _celeste_intercept(game: Game, minion_id: int, act: Action) -> int:
    """+1 intercept against a Camarilla vampire whose controller controls a Gehenna card."""
    actor = game.minions.get(act.actor)
    if actor is None or actor.kind != VAMPIRE or actor.sect != "Camarilla" or not _named(game, minion_id, _CELESTE):
        return 0
    return 1 if _gehenna_controlled(game, act.seat) else 0


vampire(
    _CELESTE,
    modes=(
        Mode(
            window=W.STRIKE,
            role=Role.COMBATANT,
            in_play=True,
            when=_celeste_vs_werewolf,
            effects=(StrikeWith(_CELESTE_STRIKE),),
            label="strike: combat ends (a werewolf)",
        ),
    ),
)


# Every infernal vampire of this module stays locked (the specs above with INFERNAL; see _stays_locked).
hook("stays_locked", *(name for name, spec in CRYPT.items() if INFERNAL in spec.modes))(_stays_locked)
