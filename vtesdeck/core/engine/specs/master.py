"""Master cards (played in the master phase with a master phase action; trifles; out-of-turn masters) and
events (played in the discard phase in place of the discard phase action)."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from .. import economy
from ..cards import Bearer, Controller, Everyone, Mode, Play, Upkeep, card, hook
from ..frames import Action, Until
from ..playbook import least_wanted_vampires
from ..state import VAMPIRE, Game
from ..vocabulary import (
    AddBlood,
    Bleed,
    BloodToPool,
    BurnActor,
    BurnOnTarget,
    BurnThisCard,
    BurnThisMinion,
    CancelAsPlayed,
    CounterOnThisCard,
    CryptDraw,
    CryptDrawThenRemove,
    DiscardOfType,
    DoNotReplace,
    FillToCapacity,
    GainPool,
    HandSizeThisTurn,
    HolderToPool,
    LockThisCard,
    MasterActions,
    MillLibrary,
    MorePoolIfTargetCarries,
    PayTransfers,
    PoolToHolder,
    PutInPlay,
    PutOnTarget,
    Recruit,
    add_rider,
    all_of,
    bleeding_you_for,
    crypt_not_empty,
    empty_ready_vampires,
    has_edge,
    holder_can_take_pool,
    holder_has_blood,
    holds_card_of_type,
    library_at_least,
    minion_card_being_played,
    move_blood,
    own_bleed_by_clan,
    own_vampires,
    own_vampires_with_blood,
    ready_minions,
    ready_minions_of_others,
    ready_vampires_of_others,
    transfers_at_least,
    uncontrolled_of_capacity,
    uncontrolled_vampires,
    values_of,
    vekn,
)
from ..windows import W

Flow = Generator[Any, Any, None]

# -- helpers ------------------------------------------------------------------------------------------------------


def _copies_controlled(game: Game, seat: int, name: str) -> list[int]:
    wanted = vekn(game, name)
    return [c for c in game.seats[seat].controlled if c not in game.minions and game.card_of[c] == wanted]


def _copies_anywhere(game: Game, name: str) -> list[int]:
    """Copies in play on the table (controlled cards and cards on minions), every seat."""
    wanted = vekn(game, name)
    out = []
    for s in game.order:
        for c in game.seats[s].controlled:
            if c not in game.minions and game.card_of[c] == wanted:
                out.append(c)
            m = game.minions.get(c)
            if m is not None:
                out.extend(a for a in m.cards if game.card_of[a] == wanted)
    return out


def _has_card(game: Game, minion_id: int, name: str) -> bool:
    m = game.minions.get(minion_id)
    if m is None or not m.cards:
        return False
    wanted = vekn(game, name)
    return any(game.card_of[a] == wanted for a in m.cards)


# -- Ashur Tablets ----------------------------------------------------------------------------------------------------


def _ashur(game: Game, play: Play) -> None:
    """The third copy: remove every copy in play from the game, gain 3 pool, and take back up to 13 library
    cards from the ash heap (the most recent ones): the first to the hand, the others shuffled in."""
    mine = _copies_controlled(game, play.seat, "Ashur Tablets")
    if len(mine) < 3:
        return
    for copy in _copies_anywhere(game, "Ashur Tablets"):
        for s in game.order:
            if copy in game.seats[s].controlled:
                game.seats[s].controlled.remove(copy)
        game.seats[game.owner_of[copy]].removed.append(copy)
    economy.gain_pool(game, play.seat, 3)
    me = game.seats[play.seat]
    # Library cards only: a crypt card stays in the ash heap. The compiled types this read before know only the
    # cards with a spec, so burned vampires without one were shuffled into the library.
    cards = game.compiled.cards
    library_cards = [c for c in me.ash_heap if c not in game.minions and not cards[game.card_of[c]].is_crypt]
    chosen = library_cards[-13:]
    for c in chosen:
        me.ash_heap.remove(c)
    if chosen:
        me.hand.append(chosen[-1])
        me.library.extend(chosen[:-1])
        game.rng.shuffle(me.library)
    game.log("ashur tablets", play.seat, len(chosen))


# -- The Parthenon, Information Highway, Powerbase: Montreal, Wider View ---------------------------------------------------


# -- Anarch Revolt, Fame (unlock-phase triggers: game.turn's "unlock" hook) ------------------------------------------------


def _controls_ready_anarch(game: Game, seat: int) -> bool:
    return any(m.sect == "Anarch" and m.kind == VAMPIRE for m in ready_minions(game, seat))


# -- Jake Washington, Perfectionist, The Unmasking ------------------------------------------------------------------------


ARCHETYPES = ("Perfectionist", "Dabbler")  # the archetypes modelled: "a vampire can have only one archetype"


def _own_vampires_without_archetype(game: Game, play: Play) -> Sequence[int]:
    return [c for c in own_vampires(game, play) if not any(_has_card(game, c, a) for a in ARCHETYPES)]


def _perfect_action(game: Game, play: Play) -> bool:
    act = play.frame
    m = game.minions.get(play.minion)
    return (
        isinstance(act, Action)
        and act.actor == play.minion
        and act.succeeded
        and act.reactions == 0
        and m is not None
        and m.blood < m.capacity
    )


def _gain_one(game: Game, play: Play) -> None:
    move_blood(game, play.minion, 1)
    game.log("add blood", play.seat, play.minion, 1)


# -- the cards --------------------------------------------------------------------------------------------------------------


card(
    "Ashur Tablets",
    Mode(window=W.MASTER, effects=(PutInPlay(), _ashur), limit="ashur tablets", limit_scope="turn"),
    notes="The cards taken back are the 13 most recent library cards of the ash heap, the last one to the hand.",
)
card(
    "Dreams of the Sphinx",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        effects=(LockThisCard(), CounterOnThisCard(burn_at=3), HandSizeThisTurn(2)),
        label="+2 hand size",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=has_edge,
        effects=(LockThisCard(), CounterOnThisCard(burn_at=3), GainPool(1)),
        label="gain 1 pool",
    ),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        targets=uncontrolled_vampires,
        effects=(LockThisCard(), CounterOnThisCard(burn_at=3), AddBlood(1)),
        label="add 1 blood to an uncontrolled vampire",
    ),
    notes="Unique: not played while a copy is in play (contesting not modelled). Each lock is offered in one "
    "window (hand size in the master phase, blood in the influence phase); the hand is drawn up at once.",
)
card(
    "Vessel",
    Mode(window=W.MASTER, trifle=True, targets=own_vampires, effects=(BurnOnTarget("Blood Doll"), PutOnTarget())),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=holder_has_blood,
        effects=(HolderToPool(),),
        limit="vessel",
        limit_scope="turn",
        label="1 blood to the pool",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=holder_can_take_pool,
        effects=(PoolToHolder(),),
        limit="vessel",
        limit_scope="turn",
        label="1 pool to the vampire",
    ),
    notes="Put on a vampire its player controls (not another Methuselah's).",
)
card(
    "Zillah's Valley",
    Mode(window=W.MASTER, targets=uncontrolled_of_capacity(8), effects=(AddBlood(4),)),
)
card(
    "Wider View",
    Mode(window=W.MASTER, trifle=True, effects=(PutInPlay(),)),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        when=all_of(transfers_at_least(1), crypt_not_empty),
        effects=(PayTransfers(1), CryptDrawThenRemove(order=least_wanted_vampires)),
        label="1 transfer: draw a crypt card, remove one",
    ),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        when=transfers_at_least(4),
        effects=(PayTransfers(4), BurnThisCard(), GainPool(2)),
        label="4 transfers: burn it, gain 2 pool",
    ),
    notes="The abilities are offered at the start of the influence phase.",
)
card(
    "Information Highway",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique location: not played while a copy is in play (contesting not modelled).",
    controller=Controller(transfers=2),
)

card(
    "Liquidation",
    Mode(
        window=W.MASTER,
        when=library_at_least(7),
        effects=(MillLibrary(7), GainPool(3), DoNotReplace(Until.END_OF_TURN)),
    ),
    notes="'Do not replace until your discard phase' is one card short until the end of the turn.",
)
card(
    "Direct Intervention",
    Mode(window=W.AS_PLAYED, out_of_turn=True, when=minion_card_being_played, effects=(CancelAsPlayed(),)),
    notes="The bot cancels cards of actions at its seat. A cancelled strike card is not replaced by another strike.",
)
card(
    "Parthenon, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(window=W.MASTER, in_play=True, effects=(LockThisCard(), MasterActions(1)), label="+1 master phase action"),
    notes="Unique location: not played while a copy is in play (contesting not modelled).",
)
card(
    "Giant's Blood",
    Mode(
        window=W.MASTER,
        targets=own_vampires,
        effects=(FillToCapacity(),),
        limit="giant's blood",
        limit_scope="game",
    ),
    notes="Only vampires of its player are chosen (the card allows any controlled vampire).",
)
card(
    "Pentex(TM) Subversion",
    Mode(window=W.MASTER, targets=ready_minions_of_others, effects=(PutOnTarget(),)),
    notes="Unique (no second copy while one is in play).",
    burn="other minion",
    bearer=Bearer(cannot_block=True),
)
card(
    "Powerbase: Montreal",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        targets=uncontrolled_vampires,
        effects=(AddBlood(1),),
        limit="montreal",
        limit_scope="turn",
        label="add 1 blood to an uncontrolled vampire",
    ),
    notes="Unique location: not played while a copy is in play (contesting not modelled).",
    steal="vampire",
)
card(
    "Blood Doll",
    Mode(window=W.MASTER, targets=own_vampires, effects=(PutOnTarget(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=holder_has_blood,
        effects=(HolderToPool(),),
        limit="blood doll",
        limit_scope="turn",
        label="1 blood to the pool",
    ),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=holder_can_take_pool,
        effects=(PoolToHolder(),),
        limit="blood doll",
        limit_scope="turn",
        label="1 pool to the vampire",
    ),
)
card(
    "Anarch Revolt",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="The bot plays it only with a ready Anarch.",
    burn="referendum",
    upkeep=Upkeep(pool=1, unless_ready_sect="Anarch"),
)
card(
    "Jake Washington",
    Mode(window=W.MASTER, effects=(Recruit(life=1, strength=0, bleed=0),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        targets=empty_ready_vampires,
        effects=(BurnThisMinion(), AddBlood(4)),
        label="burn Jake: 4 blood to an empty vampire",
    ),
    notes="Unique: not played while a copy is in play. Jake's blood goes to its player's own empty vampires "
    "only (the card allows any ready vampire with no blood).",
)
card(
    "Archon Investigation",
    Mode(window=W.BLOCKS_DECLINED, out_of_turn=True, when=bleeding_you_for(4), effects=(BurnActor(),)),
)
card(
    "Perfectionist",
    Mode(window=W.MASTER, targets=_own_vampires_without_archetype, effects=(PutOnTarget(),)),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=_perfect_action,
        effects=(_gain_one,),
        limit="perfectionist",
        limit_scope="turn",
        label="gain 1 blood",
    ),
    notes="'A vampire can have only one archetype' checks the archetypes modelled (Perfectionist, Dabbler).",
)
card(
    "Fame",
    Mode(
        window=W.MASTER,
        targets=ready_vampires_of_others,
        effects=(PutOnTarget(),),
    ),
    notes="Unique (no second copy while one is in play); the bot puts it on other Methuselahs' vampires.",
    bearer=Bearer(pool_on_torpor=3),
    upkeep=Upkeep(pool=1, while_in_torpor=True),
)
card(
    "Unmasking, The",
    Mode(
        window=W.DISCARD,
        effects=(DoNotReplace(Until.NEXT_UNLOCK), PutInPlay()),
    ),
    notes="An event: played in the discard phase for the discard phase action; not replaced until the next turn.",
    everyone=Everyone(ally_intercept_vs_vampires=1),
)
card(
    "Villein",
    Mode(
        window=W.MASTER,
        trifle=True,
        targets=own_vampires_with_blood,
        values=values_of(2, 3, 4, 5),
        effects=(MorePoolIfTargetCarries("Villein"), BloodToPool(), PutOnTarget()),
        label="move blood to your pool",
    ),
    missing="The Minion Tap cost increase is not modelled; ready vampires only.",
)


# -- Smiling Jack, The Anarch (unlock-phase counters: game.turn's "unlock" hook) ------------------------------------------


def _controller_of_card(game: Game, copy: int) -> int:
    return next((s for s in game.order if copy in game.seats[s].controlled), -1)


def _pay_jack(game: Game, seat: int, owed: int) -> None:
    """The Methuselah pays each counter with 1 pool or 1 blood of a vampire it controls (the bot's pick, any
    mix, per the ruling): blood from its fullest vampire with 2 or more blood while its pool is 10 or less,
    else pool. An empty vampire pays nothing, so the pool pays."""
    s = game.seats[seat]
    for _ in range(owed):
        vampires = [
            game.minions[c]
            for c in s.controlled
            if c in game.minions and game.minions[c].kind == VAMPIRE and game.minions[c].in_play
        ]
        fullest = max(vampires, key=lambda m: m.blood, default=None)
        if fullest is not None and fullest.blood >= 2 and s.pool <= 10:
            move_blood(game, fullest.id, -1)
            game.log("smiling jack blood", seat, fullest.id, 1)
        else:
            economy.burn_pool(game, seat, 1)
            game.log("smiling jack pool", seat, 1)
        if s.ousted or game.finished:
            return


@hook("unlock", "Smiling Jack, The Anarch")
def _smiling_jack(game: Game, seat: int) -> int:
    """During its controller's unlock phase a counter moves from the pool to the card; during each other
    Methuselah's, that Methuselah burns 1 pool or 1 blood per counter."""
    for copy in _copies_anywhere(game, "Smiling Jack, The Anarch"):
        holder = _controller_of_card(game, copy)
        if holder == seat:
            if economy.burn_pool(game, seat, 1):  # moved, not gained back: the counter leaves the pool
                game.card_counters[copy] = game.card_counters.get(copy, 0) + 1
                game.log("smiling jack counter", seat, copy)
        elif holder >= 0 and game.card_counters.get(copy, 0):
            _pay_jack(game, seat, game.card_counters[copy])
        if game.seats[seat].ousted or game.finished:
            break
    return 0


# -- Wash -------------------------------------------------------------------------------------------------------------


def _master_by_neighbour(game: Game, play: Play) -> bool:
    """A master card being played by the player's predator or prey (the last card set aside)."""
    if not game.aside:
        return False
    copy = game.aside[-1]
    if "Master" not in game.compiled.types.get(game.card_of[copy], frozenset()):
        return False
    player = game.owner_of[copy]
    return player != play.seat and player in (game.prey(play.seat), game.predator(play.seat))


def _master_mode_flag(game: Game, vekn: int, flag: str) -> bool:
    comp = game.compiled
    return any(getattr(h.mode, flag) for w in W for h in comp.hand.get((vekn, w), ()))


def _wash(game: Game, play: Play) -> None:
    """Cancel the master card as played (game.cancelled: resolve_play refunds its cost); its player gets +1
    master phase action at once, or at its next master phase for an out-of-turn master (a -1 on the
    out-of-turn debt). Wash is not replaced until its player's next unlock phase."""
    copy = game.cancelled
    add_rider(game, -1 - play.seat, "unreplaced", 1, Until.NEXT_UNLOCK, play.seat)
    if copy < 0:
        return
    player = game.owner_of[copy]
    vekn = game.card_of[copy]
    if _master_mode_flag(game, vekn, "out_of_turn"):
        add_rider(game, -1 - player, "mpa_debt", -1, Until.NEXT_UNLOCK, player)
    elif not _master_mode_flag(game, vekn, "trifle"):
        game.seats[player].master_actions += 1
    game.log("wash", play.seat, copy)


# -- Haqim's Law: Retribution -------------------------------------------------------------------------------------------


card(
    "Smiling Jack, The Anarch",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique: not played while a copy is in play (contesting not modelled). Each other Methuselah pays "
    "with pool or blood by a fixed rule (blood from its fullest vampire with 2+ blood while its pool is 10 or "
    "less).",
    burn="vampire",
)
card(
    "Wash",
    Mode(window=W.AS_PLAYED, trifle=True, out_of_turn=True, when=_master_by_neighbour, effects=(_wash,)),
    notes="A cancelled trifle gives no master phase action back (its free play stands for Wash's +1), and the "
    "turn's trifle bonus stays used. Wash is replaced at its player's next card play or end of turn after the "
    "unlock phase, not exactly at the unlock.",
)
card(
    "Effective Management",
    Mode(window=W.MASTER, when=crypt_not_empty, effects=(CryptDraw(),)),
)
card(
    "Haqim's Law: Retribution",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        in_play=True,
        when=all_of(own_bleed_by_clan("Assamite"), holds_card_of_type("Combat")),
        effects=(DiscardOfType("Combat"), Bleed(1, limited=False)),
        limit="haqim's law",
        limit_scope="action",
        label="discard a combat card: +1 bleed",
    ),
    notes="Offered once blocks are declined (the bleed will resolve); the combat card discarded is the first "
    "in the hand.",
)


# -- Dabbler (Action.disciplines: the Disciplines each minion used to play cards during the action) ------------------------


def _disciplines_used(game: Game, play: Play) -> set[str]:
    """The Disciplines the holder used to play cards during the action (its action card's too)."""
    act = play.frame
    if not isinstance(act, Action):
        return set()
    used = set(act.disciplines.get(play.minion, ()))
    if act.actor == play.minion and act.card >= 0 and act.mode is not None:
        used.update(act.mode.disciplines)
    return used


def _dabbled(game: Game, play: Play) -> bool:
    m = game.minions.get(play.minion)
    return m is not None and m.in_play and not m.torpor and len(_disciplines_used(game, play)) >= 3


def _dabbler_can_unlock(game: Game, play: Play) -> bool:
    m = game.minions.get(play.minion)
    return _dabbled(game, play) and m is not None and m.locked and m.blood >= 1


def _dabbler_can_gain(game: Game, play: Play) -> bool:
    m = game.minions.get(play.minion)
    return _dabbled(game, play) and m is not None and m.blood < m.capacity


def _burn_to_unlock(game: Game, play: Play) -> None:
    m = game.minions.get(play.minion)
    if m is not None and m.blood >= 1:
        move_blood(game, play.minion, -1)
        m.locked = False
        game.log("unlock", play.seat, play.minion)


card(
    "Dabbler",
    Mode(window=W.MASTER, trifle=True, targets=_own_vampires_without_archetype, effects=(PutOnTarget(),)),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=_dabbler_can_unlock,
        effects=(_burn_to_unlock,),
        limit="dabbler",
        limit_scope="turn",
        label="burn 1 blood to unlock",
    ),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=_dabbler_can_gain,
        effects=(_gain_one,),
        limit="dabbler",
        limit_scope="turn",
        label="gain 1 blood",
    ),
    notes="Offered after an action that reached resolution or a block, to every Methuselah. Put on a vampire of "
    "its player.",
)
