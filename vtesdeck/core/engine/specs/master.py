"""Master cards (played in the master phase with a master phase action; trifles; out-of-turn masters) and
events (played in the discard phase in place of the discard phase action)."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from ...domain import DISCIPLINES
from .. import economy
from .. import vocabulary as v
from ..cards import Bearer, Controller, Everyone, Mode, Play, Role, Upkeep, card, hook
from ..economy import Kind, Option
from ..frames import Action, Combat, Ousting, Rider, Until
from ..handlers import Handler
from ..playbook import least_wanted_vampires
from ..state import ALLY, VAMPIRE, Game, Minion, crypt_draw, leave_play
from ..vocabulary import (
    ActionIs,
    AddBlood,
    Bleed,
    BloodToPool,
    BurnActor,
    BurnCounterFromThisCard,
    BurnOnTarget,
    BurnPool,
    BurnPoolPerCopyOnOwnMinions,
    BurnRangedWeaponsOfTarget,
    BurnTargetBlood,
    BurnTargetCard,
    BurnThisCard,
    BurnThisMinion,
    CancelAsPlayed,
    CancelMasterAsPlayed,
    ContinueOnlyPress,
    CounterOnThisCard,
    CryptDraw,
    CryptDrawThenRemove,
    DiscardOfType,
    DoNotReplace,
    DrawUpToHandSize,
    EachReadyVampireBloodToPool,
    Employ,
    EndAction,
    Equip,
    ExtraVotes,
    FailReferendum,
    FillToCapacity,
    GainDisciplineLevel,
    GainPool,
    GiveThisCard,
    GrantThisCardsActionThisTurn,
    HandSizeThisTurn,
    HolderToPool,
    HoldTargetFromAshHeap,
    LessVotesEach,
    LockTarget,
    LockThisCard,
    LockUpTo,
    MasterActions,
    MillLibrary,
    Minions,
    MorePoolIfTargetCarries,
    MoveThisCardToTarget,
    OwnVotesEach,
    PayTransfers,
    PoolToHolder,
    Prevent,
    PutInPlay,
    PutOnTarget,
    Recruit,
    Redirect,
    RemoveTargetFromAshHeapForPool,
    ReorderLibraryTop,
    RevealCryptTop,
    SearchLibraryToHand,
    SpendMasterAction,
    StealMinion,
    Stealth,
    Strike,
    UnlockEach,
    UnlockSelfForBlood,
    WithCounters,
    act_in_any_minion_phase,
    action_at_holder,
    add_rider,
    after_ready_minion_leaves,
    all_of,
    bearer_acting,
    bearer_once_each_turn,
    bled_prey_successfully,
    bleeding_you_for,
    blocked_burns_actor_and_card,
    blocked_costs_blocker_pool,
    blocks_titled_or_political,
    burn_action_damages,
    burn_card,
    burn_minion,
    burnable_by_discarding,
    burned_after_successful_action,
    burned_in_influence_phase,
    burned_when_bearer_in_torpor,
    cannot_block,
    cannot_have_ranged_weapons,
    caps_pool_burned_by_bleed,
    card_being_played,
    card_being_played_by_another,
    card_cost_change,
    card_gives,
    card_gives_bleeding,
    card_gives_in_combat,
    card_has_counters,
    card_owned_by_another,
    cards_on,
    carried_by_actor,
    choose,
    controller,
    controls_ready_clan,
    controls_ready_sect,
    costs_others_more_while_bearer_busy,
    crypt_not_empty,
    current_action,
    current_combat,
    damage_pending,
    discipline_level,
    each_unlock_pool_unless_burning,
    empty_ready_vampires,
    go_to_torpor,
    granted_this_turn,
    hand_options,
    hand_size_per_counter,
    has_blood,
    has_edge,
    has_targets,
    holder_below_capacity,
    holder_can_take_pool,
    holder_has_blood,
    holder_in_combat,
    holder_of_this_card,
    holds_card_of_type,
    holds_no_card,
    hook_sum,
    in_polling,
    intercept_vs_bleeds_at_controller,
    leave_aside,
    library_at_least,
    lock_or_burn_pool_each_unlock,
    locked_and_ready,
    locks_oldest_each_master_phase,
    makes_brought_out_vampires_anarch,
    master_action_left,
    master_card_being_played,
    may_play,
    minion_card_being_played,
    minions_of_methuselahs_with_pool_at_most,
    move_blood,
    moves_each_unlock,
    no_reactions_played,
    no_transfers_with,
    not_,
    once_each_game_per_methuselah,
    opponent_left_not_ready,
    ousts,
    own_action_of_sect,
    own_bleed_by_clan,
    own_card,
    own_combatants,
    own_ready_minions_without,
    own_ready_vampires,
    own_ready_vampires_of_clan,
    own_vampires,
    own_vampires_brought_out_last_turn,
    own_vampires_with_blood_paying_for,
    own_vampires_without_superior,
    passes_to_predator_in_discard_phase,
    phase_actions,
    plays_held_cards,
    pool_at_least,
    pool_covers_copies_on_own_minions,
    prey_ash_heap_library_cards,
    prey_uncontrolled_vampires,
    ranged_weapon,
    ready_minions,
    ready_minions_of_others,
    ready_vampires_of_others,
    ready_vampires_others_first,
    refill,
    removal_stealth,
    replacing_burns_counters,
    resolve_play,
    rider_sum,
    run_effects,
    set_aside,
    stealth_needed_by,
    strike_damage,
    succeeded_costing_blood,
    targets_that,
    this_card,
    to_ash_heap,
    transfers_at_least,
    turn_blood,
    uncontrolled_of_capacity,
    uncontrolled_vampires,
    uncontrolled_younger_than_oldest,
    usable_strike,
    used_disciplines_at_least,
    values_of,
    vampires_in_ash_heap,
    vampires_in_play,
    vekn,
    when_combat_opponent_leaves,
    with_blood,
    with_discipline,
    with_room,
    x_up_to_most_blood,
)
from ..windows import Act, W

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


_ready_anarch = controls_ready_sect("Anarch")  # "Requires a ready Anarch": its player controlling one


# -- Jake Washington, Perfectionist, The Unmasking ------------------------------------------------------------------------


ARCHETYPES = (
    "Perfectionist",
    "Dabbler",
    "Rebel",
    "Cavalier",
    "Monster",
    "Capitalist",
)  # the archetypes modelled: "a vampire can have only one archetype"


_own_vampires_without_archetype = Minions(ready=False, without=ARCHETYPES)


# -- Villein, Minion Tap ------------------------------------------------------------------------------------------------


def _villeins_on(game: Game, minion_id: int) -> int:
    m = game.minions.get(minion_id)
    if m is None or not m.cards:
        return 0
    wanted = vekn(game, "Villein")
    return sum(1 for c in m.cards if game.card_of[c] == wanted)


def _villein_tax(game: Game, seat: int) -> int:
    """ "Cards named Minion Tap cost you +1 pool": one per Villein on the vampires the seat controls."""
    return sum(_villeins_on(game, c) for c in game.seats[seat].controlled if c in game.minions)


_own_vampires = Minions(ready=False)  # a vampire of the player's, ready or in torpor


# -- the cards --------------------------------------------------------------------------------------------------------------


card(
    "Ashur Tablets",
    Mode(window=W.MASTER, effects=(PutInPlay(), _ashur), limit="ashur tablets", limit_scope="table turn"),
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
        when=all_of(bearer_acting, ActionIs(succeeded=True), no_reactions_played, holder_below_capacity),
        effects=(AddBlood(1, to_self=True),),
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
        targets=own_vampires_with_blood_paying_for("Villein"),
        values=values_of(2, 3, 4, 5),
        effects=(BloodToPool(), MorePoolIfTargetCarries("Villein"), PutOnTarget()),
        label="move blood to your pool",
    ),
    notes="'Any amount of blood': any vampire its player controls, ready or in torpor, with 1 blood or more (it "
    "takes what there is). Its +1 pool per Villein already on the vampire is paid with the pool gained (LSJ "
    "20020620) and must be payable beforehand (ANK 20210714); the +1 pool on Minion Tap is Minion Tap's.",
)
card(
    "Minion Tap",
    Mode(
        window=W.MASTER,
        when=pool_covers_copies_on_own_minions("Villein"),  # "Cards named Minion Tap cost you +1 pool" (Villein)
        targets=with_blood(_own_vampires),
        values=x_up_to_most_blood(_own_vampires),
        effects=(BloodToPool(), BurnPoolPerCopyOnOwnMinions("Villein")),
        label="move blood to your pool",
    ),
    notes="'Any amount': 1 or more, up to the most blood of its player's vampires (ready or in torpor); it takes "
    "what the vampire has. Each Villein on a vampire its player controls adds 1 pool to its cost, paid with the "
    "pool gained (LSJ 20020620) and payable beforehand.",
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
    player = controller(game, copy)  # its player (a card played from The Erciyes Fragments is another's)
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


# -- The Coven --------------------------------------------------------------------------------------------------------------


# "During your discard phase, your predator takes control of The Coven"; "you can lock this card to put 2 blood on a
# ready vampire you control"
passes_to_predator_in_discard_phase("Coven, The", may_lock_for=Minions(), blood=2)


# -- Life in the City, The Eternals of Sirius ----------------------------------------------------------------------------


_pool_at_least = pool_at_least
_controls_ready_clan = controls_ready_clan


# -- Anarch Troublemaker -------------------------------------------------------------------------------------------------


# -- Piper ----------------------------------------------------------------------------------------------------------------


def _piper_handler(game: Game, seat: int, anarch: int, copy: int) -> Handler | None:
    """The mode (its handler) by which the Anarch may recruit or employ the hand card ``copy`` (requirements,
    Discipline level and cost as normal): the last that fits, the superior one before the basic one."""
    m = game.minions.get(anarch)
    if m is None:
        return None
    found = None
    for handler in game.compiled.actions.get(game.card_of[copy], ()):
        if not any(isinstance(e, (Employ, Recruit)) for e in handler.mode.effects):
            continue
        if handler.pool and game.seats[seat].pool <= handler.pool:
            continue  # its cost would take the last pool
        if may_play(game, handler, m):
            found = handler
    return found


def _piper_anarchs(game: Game, play: Play) -> Sequence[int]:
    """A ready unlocked Anarch of the player's with an ally or retainer in the hand it may recruit or employ."""
    hand = game.seats[play.seat].hand
    return [
        m.id
        for m in ready_minions(game, play.seat)
        if m.kind == VAMPIRE
        and m.sect == "Anarch"
        and not m.locked
        and any(_piper_handler(game, play.seat, m.id, c) is not None for c in hand if c != play.card)
    ]


def _piper(game: Game, play: Play) -> Flow | None:
    """Lock the Anarch; it recruits or employs a card of the hand (chosen now, the costliest first), paying its
    cost; not an action, so nothing can block it."""
    anarch = game.minions.get(play.target)
    if anarch is None:
        return None
    hand = game.seats[play.seat].hand
    fits = [(c, h) for c in hand if (h := _piper_handler(game, play.seat, anarch.id, c)) is not None]
    if not fits:
        return None
    anarch.locked = True
    game.log("lock", play.seat, anarch.id)
    fits.sort(key=lambda f: (-(f[1].pool + f[1].blood), f[0]))
    return _piper_put(game, play, anarch.id, fits)


def _piper_put(game: Game, play: Play, anarch: int, fits: list[tuple[int, Handler]]) -> Flow:
    options = [Option(Kind.TERMS, play.seat, target=c) for c, _ in fits]
    option = yield from choose(game, play.seat, options)
    copy = option.target
    handler = dict(fits)[copy]
    set_aside(game, play.seat, copy)
    if handler.blood:
        move_blood(game, anarch, -handler.blood)
    if handler.pool:
        economy.burn_pool(game, play.seat, handler.pool)
    game.log("play", play.seat, copy, handler.index, anarch, -1)
    put = Play(seat=play.seat, card=copy, mode=handler.mode, minion=anarch, frame=None)
    yield from run_effects(game, handler.mode.effects, put)
    refill(game, play.seat)


# -- Misdirection, Guardian Angel, Golconda: Inner Peace --------------------------------------------------------------------


intercept_vs_bleeds_at_controller("Guardian Angel", 1)  # "+1 intercept when a minion bleeds you" (its controller)
burned_when_bearer_in_torpor("Guardian Angel")  # "If this vampire is in torpor, burn this card"


# -- Discipline cards (Protean, Obfuscate, Dominate, Fortitude, Dementation), Tribute to the Master ----------------------


_level = discipline_level
_without_superior = own_vampires_without_superior
_discipline_level = GainDisciplineLevel


# -- Unholy Sacrament, Family Gathering, Grooming the Protégé ----------------------------------------------------------


# -- Protected Resources, Tend the Flock, Fortschritt Library ------------------------------------------------------------


caps_pool_burned_by_bleed("Protected Resources", 2)  # "If you would burn more than 2 pool to a bleed, … 2 pool"
# "After a minion you control successfully bleeds, burn this card"
burned_after_successful_action("Protected Resources", bleed=True)


def _gehenna_events(game: Game, seat: int) -> list[int]:
    """The Gehenna events of the library (the bots' worth of Fortschritt Library)."""
    cards = game.compiled.cards
    out = []
    for c in game.seats[seat].library:
        card_data = cards[game.card_of[c]]
        if "Event" in card_data.types and (card_data.text or "").startswith("Gehenna."):
            out.append(c)
    return out


# -- Toreador Grand Ball ------------------------------------------------------------------------------------------------

_TGB = "Toreador Grand Ball"


def _ready_toreador(game: Game, seat: int) -> list[Minion]:
    return [m for m in ready_minions(game, seat) if m.kind == VAMPIRE and m.clan == "Toreador"]


def _tgb_targets(game: Game, play: Play) -> Sequence[int]:
    """The Toreador to lock, with another ready Toreador of the player's to be the free one."""
    toreador = _ready_toreador(game, play.seat)
    return [m.id for m in toreador] if len(toreador) >= 2 else []


def _tgb(game: Game, play: Play) -> Flow | None:
    """Lock the chosen Toreador (kept locked: the "unlock" hook) and choose the other one (its non-bleed actions
    cannot be blocked: the "can_block" hook), the biggest unlocked one offered first."""
    locked = game.minions.get(play.target)
    others = sorted(
        (m for m in _ready_toreador(game, play.seat) if m.id != play.target), key=lambda m: (m.locked, -m.capacity)
    )
    if locked is None or not others:
        return None
    locked.locked = True
    game.log("lock", play.seat, locked.id)
    game.riders.append(Rider(play.card, "tgb_locked", locked.id, Until.END_OF_GAME))
    return _tgb_free(game, play, [Option(Kind.TERMS, play.seat, target=m.id) for m in others])


def _tgb_free(game: Game, play: Play, options: list[Option]) -> Flow:
    option = yield from choose(game, play.seat, options)
    game.riders.append(Rider(play.card, "tgb_free", option.target, Until.END_OF_GAME))


def _tgb_chosen(game: Game, key: str) -> set[int]:
    """The Toreador chosen by the Grand Balls in play (``key``: "tgb_locked" or "tgb_free")."""
    balls = set(_copies_anywhere(game, _TGB))
    return {r.value for r in game.riders if r.key == key and r.holder in balls}


@hook("unlock", _TGB)
def _tgb_keeps_locked(game: Game, seat: int) -> int:
    """ "The locked Toreador does not unlock as normal": locked again right after the unlock."""
    for minion in _tgb_chosen(game, "tgb_locked"):
        m = game.minions.get(minion)
        if m is not None and m.in_play and controller(game, minion) == seat:
            m.locked = True
    return 0


@hook("can_block", _TGB)
def _tgb_unblockable(game: Game, blocker: int, act: Action) -> bool:
    """ "The other Toreador's non-bleed actions cannot be blocked" (even after it bleeds: LSJ 19970814)."""
    if act.is_bleed():
        return True
    return act.actor not in _tgb_chosen(game, "tgb_free")


@hook("stealth", _TGB)
def _tgb_nosferatu(game: Game, act: Action) -> int:
    """ "Nosferatu get -1 stealth during that action" (the action to burn the Grand Ball)."""
    if act.kind is not Act.BURN_CARD or act.target_minion < 0 or game.card_of[act.target_minion] != vekn(game, _TGB):
        return 0
    m = game.minions.get(act.actor)
    return -1 if m is not None and m.clan == "Nosferatu" else 0


# -- Brujah Debate ------------------------------------------------------------------------------------------------------


_brujah = Minions(clan="Brujah")
# "During each Methuselah's master phase, that Methuselah locks one of the oldest Brujah they control"
locks_oldest_each_master_phase("Brujah Debate", _brujah)
card_gives("strength", "Brujah Debate", 1, _brujah, where="anywhere")  # "Brujah get +1 strength …
card_gives_in_combat("Brujah Debate", _brujah, maneuvers=1)  # … and 1 optional maneuver each combat"


# -- Legendary Vampire --------------------------------------------------------------------------------------------------


card_gives("votes", "Legendary Vampire", 2, where="carried")  # "This vampire gets ... +2 votes" (while ready)


# -- Camarilla Conclave -------------------------------------------------------------------------------------------------


_own_camarilla_politics = all_of(own_action_of_sect("Camarilla", Act.POLITICAL), card_has_counters)


# -- Sudden Reversal ----------------------------------------------------------------------------------------------------


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
    "Coven, The",
    Mode(window=W.MASTER, trifle=True, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=with_room(Minions(), most_first=True),
        effects=(LockThisCard(), AddBlood(2)),
        label="lock: 2 blood to a ready vampire",
    ),
    notes="Unique (not played while a copy is in play). 'You can lock this card' is offered in its controller's "
    "master phase, and to the predator as it takes control of an unlocked Coven; not during damage (PIB "
    "20121031) nor at other times.",
)
card(
    "Life in the City",
    Mode(window=W.MASTER, trifle=True, targets=Minions(whose="own first"), effects=(AddBlood(1),)),
)
card(
    "Eternals of Sirius, The",
    Mode(
        window=W.MASTER,
        cost_pool=0,
        when=all_of(_controls_ready_clan("Follower of Set"), _pool_at_least(4)),
        effects=(GainPool(5), BurnPool(4)),
        label="gain 5 pool",
    ),
    Mode(
        window=W.MASTER,
        targets=Minions(whose="uncontrolled", clan="Follower of Set", min_capacity=9),
        effects=(AddBlood(5),),
        label="5 blood to an uncontrolled Follower of Set",
    ),
    notes="The 4 pool of the pool mode is paid with the pool gained (LSJ 20020620: playable at 4 pool, not at 3: "
    "ANK 20210714-2); a cancelled copy pays nothing.",
)
card(
    "Anarch Troublemaker",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=has_targets(Minions(whose="prey")),
        effects=(GiveThisCard("prey"), LockUpTo(2, Minions(whose="prey"))),
        label="give it to the prey: lock up to two of its vampires",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        targets=cards_on(Minions(whose="prey", kind=None, ready=False), "Equipment"),
        effects=(GiveThisCard("prey"), BurnTargetCard()),
        label="give it to the prey: burn an equipment on one of its minions",
    ),
    notes="Unique (not played while a copy is in play). Used once in the unlock phase, after the unlock.",
)
card(
    "Piper",
    Mode(window=W.MASTER, when=_ready_anarch, targets=_piper_anarchs, effects=(_piper,)),
    notes="The ally or retainer is one whose spec recruits or employs it; the card chosen is the costliest that "
    "fits (a bot choice). Cost reductions are not modelled for any card, so none applies here.",
)
card(
    "Misdirection",
    Mode(window=W.MASTER, targets=Minions(whose="others first", kind=None, unlocked=True), effects=(LockTarget(),)),
)
card(
    "Guardian Angel",
    Mode(window=W.MASTER, targets=own_ready_vampires, effects=(PutOnTarget(),)),
    Mode(
        window=W.PREVENT,
        in_play=True,
        when=all_of(holder_in_combat, damage_pending),
        effects=(Prevent(1),),
        limit="guardian angel",
        limit_scope="combat",
        label="prevent 1 damage",
    ),
    notes="The +1 intercept (during bleeds directed at its controller) and the burn in torpor are hooks.",
)
card(
    "Golconda: Inner Peace",
    Mode(
        window=W.MASTER,
        targets=Minions(whose="own first", ready=False, min_capacity=8),
        effects=(v.RemoveTargetFromGame(controller_gains_capacity=True, cancel_for_pool=2),),
    ),
    notes="Another Methuselah's cancel (burn 2 pool) is asked as the card resolves; by a fixed rule for the bots: "
    "cancel for a ready vampire with 5 pool or more.",
)
for _name, _code in (
    ("Protean", "pro"),
    ("Obfuscate", "obf"),
    ("Dominate", "dom"),
    ("Fortitude", "for"),
    ("Dementation", "dem"),
    ("Animalism", "ani"),
    ("Celerity", "cel"),
    ("Presence", "pre"),
    ("Auspex", "aus"),
    ("Vicissitude", "vic"),
    ("Potence", "pot"),
    ("Thaumaturgy", "tha"),
    ("Quietus", "qui"),
    ("Chimerstry", "chi"),
    ("Obtenebration", "obt"),
    ("Serpentis", "ser"),
    ("Necromancy", "nec"),
):
    card(
        _name,
        Mode(
            window=W.MASTER,
            targets=_without_superior(_code),
            effects=(_discipline_level(_code), PutOnTarget()),
        ),
        notes="Put on a vampire of its player's (the card allows any vampire). The level and capacity stay while the "
        "card is on the vampire: no modelled effect takes a master card off a vampire.",
    )


card(
    "Abombwe",
    Mode(
        window=W.MASTER,
        trifle=True,
        targets=targets_that(_without_superior("abo"), Minions(sect="Laibon").fits, with_discipline("pro")),
        effects=(_discipline_level("abo"), PutOnTarget()),
    ),
    notes="Put on a vampire of its player's (the card allows any Laibon or vampire with Protean). The level and "
    "capacity stay while the card is on the vampire.",
)
card(
    "Tribute to the Master",
    Mode(window=W.MASTER, effects=(EachReadyVampireBloodToPool(1),)),
    notes="Playable with no ready vampire (ANK 20210717).",
)
card(
    "Elder Library",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique location: not played while a copy is in play (contesting not modelled).",
    controller=Controller(hand_size=1),
)
card(
    "Unholy Sacrament",
    Mode(window=W.MASTER, targets=Minions(whose="uncontrolled", sect="Sabbat", titled=True), effects=(AddBlood(3),)),
)
card(
    "Family Gathering",
    Mode(window=W.MASTER, trifle=True, when=crypt_not_empty, effects=(RevealCryptTop("Hecata", blood=1),)),
    notes="Not played with an empty crypt (RTR 20000501).",
)
card(
    "Grooming the Protégé",
    Mode(
        window=W.MASTER,
        targets=v.blood_movers(to="younger uncontrolled of its clan"),
        values=values_of(1, 2, 3),
        effects=(v.MoveBloodToAnother(0, to="younger uncontrolled of its clan"),),
    ),
    notes="The younger vampire is chosen as the card resolves (the bots: the one closest to coming out).",
)
card(
    "Protected Resources",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="The cap on the pool burned and the burn after its controller's successful bleed are hooks.",
)
card(
    "Tend the Flock",
    Mode(
        window=W.MASTER,
        targets=uncontrolled_younger_than_oldest(
            Minions(clan="Baali", trait="infernal", unlocked=True), trait="infernal"
        ),
        effects=(AddBlood(3),),
    ),
    notes="The blood comes from the bank (ANK 20190511); the Baali chosen is not locked.",
)
card(
    "Fortschritt Library",
    Mode(
        window=W.MASTER,
        effects=(SearchLibraryToHand("Event", text_starts="Gehenna."),),
        limit="fortschritt library",
        limit_scope="game",
    ),
    notes="Once a game at the whole table (the limit's key has no minion). The event found is the first in the "
    "library; the library is shuffled after the search.",
)
card(
    "Toreador Grand Ball",
    Mode(window=W.MASTER, targets=_tgb_targets, effects=(PutInPlay(), _tgb)),
    notes="The target is the Toreador locked; the other is chosen as it resolves. The chosen Toreador are kept "
    "by the card while it is in play (several Balls may choose the same one: TOM 19960528).",
    burn="minion",
)
card(
    "Brujah Debate",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="The lock of each Methuselah's oldest Brujah is done as its unlock phase ends, right before its master "
    "phase; among equally old Brujah a locked one is chosen first (it changes nothing), else the first.",
    burn="non-Ventrue minion",
)
card(
    "Legendary Vampire",
    Mode(window=W.MASTER, targets=own_vampires_brought_out_last_turn(min_capacity=7), effects=(PutOnTarget(),)),
    notes="Unique (not played while a copy is in play). Put on a vampire of its player's (merging is not modelled). "
    "The +2 votes are a hook, the +2 bleed the bearer's.",
    burn="referendum",
    bearer=Bearer(bleed=2),
)
card(
    "Camarilla Conclave",
    Mode(
        window=W.MASTER,
        when=has_targets(Minions(kind=None, titles=("justicar", "inner circle"))),
        effects=(PutInPlay(), WithCounters(4)),
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(_own_camarilla_politics, stealth_needed_by(sect="Camarilla")),
        effects=(BurnCounterFromThisCard(), Stealth(1)),
        label="burn a counter: +1 stealth",
    ),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=_own_camarilla_politics,
        effects=(BurnCounterFromThisCard(), LessVotesEach(Minions(not_sect="Camarilla"))),
        limit="camarilla conclave",
        limit_scope="action",
        label="burn a counter: each non-Camarilla vampire -1 vote",
    ),
    notes="Unique (not played while a copy is in play). The stealth is given during a block attempt that would "
    "succeed; the votes are taken once a referendum, in its polling step.",
)
card(
    "Sudden Reversal",
    Mode(
        window=W.AS_PLAYED, out_of_turn=True, when=master_card_being_played("other"), effects=(CancelMasterAsPlayed(),)
    ),
    notes="A cancelled trifle played first in its turn costs its player the master phase action it would have "
    "given back; a card cancelled is replaced at once, its 'do not replace' clause cancelled with it.",
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


_dabbled = used_disciplines_at_least(3)  # "after an action during which this vampire used three or more Disciplines"


card(
    "Dabbler",
    Mode(window=W.MASTER, trifle=True, targets=_own_vampires_without_archetype, effects=(PutOnTarget(),)),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=all_of(_dabbled, locked_and_ready, has_blood(1)),
        effects=(UnlockSelfForBlood(1),),
        limit="dabbler",
        limit_scope="turn",
        label="burn 1 blood to unlock",
    ),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=all_of(_dabbled, holder_below_capacity),
        effects=(AddBlood(1, to_self=True),),
        limit="dabbler",
        limit_scope="turn",
        label="gain 1 blood",
    ),
    notes="Offered after an action that reached resolution or a block, to every Methuselah. Put on a vampire of "
    "its player.",
)


# -- masters_a: Ferraille, Power Structure, Failsafe, Khabar, Charisma, Aching Beauty, Redeem the Lost Soul, Vox
# Domini, Secret Passage ---------------------------------------------------------------------------------------------

_vox_allowed, _vox_mark = once_each_game_per_methuselah("vox domini")


_KHABAR = "Khabar: Community, The"


card_gives_bleeding(
    "stealth", _KHABAR, 1, Minions(kind=None, clan="Assamite")
)  # "Assamites get +1 stealth when bleeding"
removal_stealth(_KHABAR, 1, clan="Tremere")  # "Tremere get +1 stealth during" the action to burn it


# "Recruit ally actions cost this vampire -1 blood or pool" (whichever the ally costs)
card_cost_change("Charisma", -1, where="carried", types=("Ally",), window=W.ACTION)


_own_ready_toreador = Minions(clan="Toreador")


# "If this Toreador is blocked, the blocking minion's controller burns 1 pool before block resolution"
blocked_costs_blocker_pool("Aching Beauty", 1)


card(
    "Ferraille",
    Mode(window=W.MASTER, when=_controls_ready_clan("Follower of Set"), effects=(PutInPlay(),)),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=all_of(in_polling, _pool_at_least(2)),
        effects=(BurnPool(1), ExtraVotes(3)),
        limit="ferraille",
        limit_scope="turn",
        label="burn 1 pool: +3 votes",
    ),
    notes="Not used when the pool burned would oust its controller (LSJ 20081105); once during each player's "
    "turn (ANK 20180719-4).",
)
card(
    "Power Structure",
    Mode(window=W.MASTER, when=_controls_ready_clan("Lasombra"), effects=(PutInPlay(),)),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=all_of(in_polling, _controls_ready_clan("Lasombra")),
        effects=(LockThisCard(), OwnVotesEach(1, "Lasombra")),
        label="lock: +1 vote each Lasombra you control",
    ),
    notes="'During the polling step of a political action': in the polling of any referendum but a blood hunt's.",
)
card(
    "Failsafe",
    Mode(window=W.MASTER, trifle=True, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=all_of(not_(_pool_at_least(3)), master_action_left),
        effects=(SpendMasterAction(), BurnThisCard(), GainPool(4)),
        label="a master phase action: burn it, gain 4 pool",
    ),
)
card(
    _KHABAR,
    Mode(window=W.MASTER, when=_controls_ready_clan("Assamite"), effects=(PutInPlay(),)),
    notes="The +1 stealth of bleeding Assamites (any Methuselah's) and of Tremere burning it is a hook.",
    burn="minion",
)
card(
    "Charisma",
    Mode(window=W.MASTER, targets=own_ready_vampires, effects=(PutOnTarget(),)),
    notes="Put on a ready vampire of its player's (the card allows any). The cost reduction is a hook.",
)
card(
    "Aching Beauty",
    Mode(window=W.MASTER, targets=_own_ready_toreador, effects=(PutOnTarget(),)),
    notes="Put on a ready Toreador of its player's (the card allows any Toreador). The pool burned is a hook.",
)
card(
    "Redeem the Lost Soul",
    Mode(window=W.MASTER, targets=vampires_in_ash_heap, effects=(RemoveTargetFromAshHeapForPool(2),)),
)
card(
    "Vox Domini",
    Mode(
        window=W.POLLING,
        out_of_turn=True,
        when=all_of(in_polling, _vox_allowed),
        effects=(_vox_mark, FailReferendum()),
    ),
    notes="No referendum the engine holds passes automatically. Once a game per Methuselah (a mark kept the game).",
)
card(
    "Secret Passage",
    Mode(window=W.MASTER, targets=own_ready_minions_without("Secret Passage"), effects=(PutOnTarget(),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        in_play=True,
        when=action_at_holder,
        effects=(BurnThisCard(), EndAction()),
        label="burn it: the action fails",
    ),
    notes="Burned once blocks are declined (a blocked action is resolved by the combat).",
)


# -- masters_a: Fear of Mekhet, Bleeding the Vine, Kaymakli Nightmares, Tension in the Ranks, Frontal Assault, Rebel,
# Cavalier, Monster, Libertas -----------------------------------------------------------------------------------------

_JIC = ("justicar", "inner circle")


def _carried(game: Game, m: Minion, name: str) -> list[int]:
    wanted = vekn(game, name)
    return [c for c in m.cards if game.card_of[c] == wanted]


# "During this vampire's unlock phase, they burn 5 blood. If they cannot burn the blood, they are burned; otherwise,
# their controller moves this card to another justicar or Inner Circle member, or burns this card if there are no others"
turn_blood("unlock", "Fear of Mekhet", -5, or_burned=True)
moves_each_unlock("Fear of Mekhet", Minions(ready=False, titles=_JIC))


def _kaymakli(game: Game, play: Play) -> None:
    """Every Methuselah's uncontrolled vampires go back to the crypt (their blood to the pool, the cards on them
    burned); the crypt is shuffled and as many are drawn back to the uncontrolled region."""
    for seat in game.order:
        s = game.seats[seat]
        back = list(s.uncontrolled)
        for c in back:
            m = game.minions[c]
            for attached in list(m.cards):
                if attached in game.minions:
                    leave_play(game, attached)
                else:
                    m.cards.remove(attached)
                    to_ash_heap(game, attached)
            if m.blood:
                s.pool += m.blood
                game.log("blood to pool", seat, c, m.blood)
                m.blood = 0
            s.uncontrolled.remove(c)
            del game.minions[c]  # a crypt card again: drawn afresh
            s.crypt.append(c)
        game.rng.shuffle(s.crypt)
        for _ in back:
            if s.crypt:
                crypt_draw(game, seat)
        game.log("kaymakli nightmares", seat, len(back))


_TENSION = "Tension in the Ranks"


# "After a ready minion is burned or sent to torpor, their controller burns 1 pool"
after_ready_minion_leaves(_TENSION, controller_burns=1)
# "Methuselahs can use a master phase action and discard two master cards to burn this card"
burnable_by_discarding(_TENSION, 2, "Master")


# "After a ready minion controlled by your prey is burned or sent to torpor, gain 1 pool"
after_ready_minion_leaves("Frontal Assault", its_predators_gain=1)
# "During your influence phase, burn this card and burn 1 pool for each ready minion controlled by your prey"
burned_in_influence_phase("Frontal Assault", pool_per_prey_minion=1)


# "Once each turn, if they block a titled vampire or a political action, this vampire gains 1 blood before block
# resolution"
bearer_once_each_turn("blocks", "Rebel", blocks_titled_or_political, gains=1)
# "Once each turn, this vampire can burn 1 blood to unlock after performing a successful action costing blood"
bearer_once_each_turn("acts", "Cavalier", succeeded_costing_blood, unlocks_for=1)
# "Once each turn after a combat involving this vampire ends, this vampire can burn 1 blood to unlock if the opposing
# minion is not ready"
bearer_once_each_turn("combat ends", "Monster", opponent_left_not_ready, unlocks_for=1)


_own_ready_vampires_without_archetype = Minions(without=ARCHETYPES)


cannot_block("Libertas", Minions(kind=ALLY))  # "Allies cannot block this Anarch"
# "Cards requiring Dominate or Presence cost other minions +1 blood while this Anarch is acting, attempting to block or
# in combat"
costs_others_more_while_bearer_busy("Libertas", 1, ("dom", "pre"))


_own_ready_anarchs = Minions(sect="Anarch")


card(
    "Fear of Mekhet",
    Mode(window=W.MASTER, targets=Minions(whose="others first", titles=_JIC), effects=(LockTarget(), PutOnTarget())),
    notes="The card is moved by a fixed rule: to another Methuselah's justicar or Inner Circle member first.",
)
lock_or_burn_pool_each_unlock(
    "Bleeding the Vine", 1, pays_from=8
)  # "During your unlock phase, lock this card or burn 1 pool"
card(
    "Bleeding the Vine",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.AS_PLAYED,
        in_play=True,
        when=master_card_being_played("other", out_of_turn=False),
        effects=(LockThisCard(), CancelMasterAsPlayed(gives_action=True)),
        label="lock: cancel a master card",
    ),
    notes="Unique. Its unlock-phase cost is paid by a fixed rule: 1 pool while its controller has 8 or more, else "
    "the card is locked.",
)
card(
    "Kaymakli Nightmares",
    Mode(window=W.MASTER, effects=(_kaymakli,), limit="kaymakli nightmares", limit_scope="game"),
    notes="Once a game at the whole table.",
)
card(
    _TENSION,
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique. Burned by another Methuselah by a fixed rule: one holding two master cards uses its master "
    "phase action and discards them as its master phase begins.",
)
card(
    "Frontal Assault",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        enters_combat=True,
        when=own_card,
        targets=Minions(whose="prey", kind=None),
        label="enter combat with a minion of the prey",
    ),
    notes="The copies stack (LSJ 20061018). The burn and pool cost happen as the influence phase begins.",
)
card(
    "Rebel",
    Mode(window=W.MASTER, trifle=True, targets=_own_vampires_without_archetype, effects=(PutOnTarget(),)),
    notes="The blood gained is a hook (a blocker with no room gains none).",
)
card(
    "Cavalier",
    Mode(window=W.MASTER, targets=_own_vampires_without_archetype, effects=(PutOnTarget(),)),
    notes="The unlock is taken by a fixed rule: when the vampire keeps 1 blood.",
)
card(
    "Monster",
    Mode(
        window=W.MASTER,
        targets=_own_ready_vampires_without_archetype,
        effects=(PutOnTarget(),),
    ),
    notes="The unlock is taken by a fixed rule: when the vampire keeps 1 blood.",
)
card(
    "Libertas",
    Mode(window=W.MASTER, when=controls_ready_sect("Anarch"), targets=_own_ready_anarchs, effects=(PutOnTarget(),)),
    notes="Put on a ready Anarch of its player's (the card allows any Anarch).",
)


# -- masters_a: Lazarene Inquisitor, Haven Uncovered, Society of Leopold, Priority Contract, Millicent Smith, Blind
# Spot ----------------------------------------------------------------------------------------------------------------


_own_ready_of_clan = own_ready_vampires_of_clan
_ready_vampires_others_first = ready_vampires_others_first


# "During his or her controller's unlock phase, the vampire with this card either burns 1 blood or is burned"
turn_blood("unlock", "Society of Leopold", -1, or_burned=True)


_CONTRACT = "Priority Contract"


def _contract_pairs(game: Game, play: Play) -> list[tuple[int, int]]:
    """(the ready Assamite chosen, the prey's ready minion the card goes on), the strongest Assamite first."""
    prey = game.prey(play.seat)
    if prey == play.seat:
        return []
    assamites = sorted(_own_ready_of_clan("Assamite")(game, play), key=lambda c: -game.minions[c].blood)
    return [(a, t.id) for a in assamites for t in ready_minions(game, prey)]


def _contract_terms(game: Game, play: Play) -> Sequence[int]:
    return list(range(len(_contract_pairs(game, play))))


def _contract_put(game: Game, play: Play) -> None:
    pairs = _contract_pairs(game, play)
    if not 0 <= play.target < len(pairs):
        return
    assamite, minion = pairs[play.target]
    target = game.minions[minion]
    leave_aside(game, play.card)
    target.cards.append(play.card)
    add_rider(game, play.card, _CONTRACT, assamite, Until.END_OF_GAME, play.seat)
    add_rider(game, minion, "contract on", play.card, Until.END_OF_GAME, play.seat)
    game.log("contract", play.seat, assamite, minion)


def _contract_assamite(game: Game, play: Play) -> bool:
    """The acting minion is the Assamite chosen for the contract."""
    return any(r.holder == play.card and r.key == _CONTRACT and r.value == play.minion for r in game.riders)


def _contract_cash(game: Game, m: Minion) -> None:
    """ "If the attached minion is about to leave the ready region, you can burn this card to gain 3 pool" (taken
    as it leaves: burned, the card going with it, or sent to torpor)."""
    marks = [r for r in game.riders if r.holder == m.id and r.key == "contract on"]
    for r in marks:
        game.riders.remove(r)
        owner = game.owner_of[r.value]
        if r.value in m.cards:
            burn_card(game, r.value)
        if not game.seats[owner].ousted:
            economy.gain_pool(game, owner, 3)
            game.log("gain pool", owner, 3)


@hook("torpor", _CONTRACT)
def _contract_torpor(game: Game, minion: int) -> None:
    m = game.minions.get(minion)
    if m is not None and game.riders:
        _contract_cash(game, m)


@hook("burned", _CONTRACT)
def _contract_burned(game: Game, m: Minion, seat: int) -> None:
    if m.in_play and not m.torpor and game.riders:
        _contract_cash(game, m)


_MILLICENT = "Millicent Smith, Puritan Vampire Hunter"


blocked_burns_actor_and_card(
    _MILLICENT
)  # "If any of your vampires are blocked, burn Millicent and your acting vampire"
passes_to_predator_in_discard_phase(_MILLICENT)  # "During your discard phase, your predator takes control of Millicent"


def _blind_spot_pairs(game: Game, play: Play) -> list[tuple[int, int]]:
    """(a ready vampire of the player's, an ally or younger vampire of the prey)."""
    prey = game.prey(play.seat)
    if prey == play.seat:
        return []
    out = []
    for mine in own_ready_vampires(game, play):
        me = game.minions[mine]
        for other in ready_minions(game, prey):
            if other.kind == ALLY or other.kind == VAMPIRE and other.capacity < me.capacity:
                out.append((mine, other.id))
    return out


def _blind_spot_terms(game: Game, play: Play) -> Sequence[int]:
    return list(range(len(_blind_spot_pairs(game, play))))


def _blind_spot(game: Game, play: Play) -> None:
    pairs = _blind_spot_pairs(game, play)
    if 0 <= play.target < len(pairs):
        mine, other = pairs[play.target]
        add_rider(game, other, "blind spot", mine, Until.END_OF_TURN, play.seat)
        game.log("blind spot", play.seat, mine, other)


def _blind_to(game: Game, minion: int) -> set[int]:
    return {r.value for r in game.riders if r.holder == minion and r.key == "blind spot"}


@hook("can_block", "Blind Spot")
def _blind_spot_block(game: Game, minion: int, act: Any) -> bool:
    """ "While the first chosen vampire is acting this turn, the other chosen minion cannot block …"."""
    return not game.riders or act.actor not in _blind_to(game, minion)


@hook("may_play", "Blind Spot")
def _blind_spot_react(game: Game, handler: Any, m: Minion) -> bool:
    """ "… or play reaction cards"."""
    if not game.riders or "Reaction" not in handler.types:
        return True
    act = current_action(game)
    return act is None or act.actor not in _blind_to(game, m.id)


card(
    "Lazarene Inquisitor",
    Mode(window=W.MASTER, targets=_own_ready_of_clan("Harbinger of Skulls"), effects=(PutOnTarget(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        when=carried_by_actor,
        targets=ready_vampires_of_others,
        effects=(BurnTargetBlood(2),),
        label="burn up to 2 blood from a ready vampire",
    ),
    burn="Sabbat vampire",
)
card(
    "Haven Uncovered",
    Mode(window=W.MASTER, targets=_ready_vampires_others_first, effects=(PutOnTarget(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        enters_combat=True,
        targets=holder_of_this_card,
        label="enter combat with this vampire",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        when=all_of(carried_by_actor, card_owned_by_another),
        targets=this_card,
        effects=(BurnThisCard(),),
        label="burn this card",
    ),
    notes="The vampire's burn action is directed at the card's owner (not offered on a card of its own Methuselah's).",
)
card(
    "Society of Leopold",
    Mode(window=W.MASTER, targets=_ready_vampires_others_first, effects=(PutOnTarget(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        when=carried_by_actor,
        targets=Minions(whose="others", ready=False, ready_first=True),
        effects=(MoveThisCardToTarget(),),
        label="move it to another vampire",
    ),
    notes="Put on a ready vampire (the card allows any vampire). The vampire burns 1 blood when it has some, else "
    "it is burned. The move is a (D) action: to another Methuselah's vampire.",
)
card(
    _CONTRACT,
    Mode(window=W.MASTER, trifle=True, targets=_contract_terms, effects=(_contract_put,)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        enters_combat=True,
        when=_contract_assamite,
        targets=holder_of_this_card,
        label="enter combat with the attached minion",
    ),
    notes="The target is a pair (the Assamite, the prey's minion). The 3 pool is always taken, as the attached "
    "minion is burned or goes to torpor.",
)
card(
    _MILLICENT,
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique. Passes to the predator as its controller's discard phase begins.",
)
card(
    "Blind Spot",
    Mode(window=W.MASTER, targets=_blind_spot_terms, effects=(_blind_spot,)),
    notes="The target is a pair (the player's ready vampire, the prey's ally or younger vampire).",
)


# -- masters_a: Path of Evil Revelations, The Path of Night, Antediluvian Awakening, The Marrakesh Codex, Not to Be,
# Infernal Pact --------------------------------------------------------------------------------------------------------

_PATHS = ("Path of Evil Revelations", "Path of Night, The")
_LOCKED_INFERNAL = Minions(kind=None, locked=True, trait="infernal")
burn_action_damages(1, *_PATHS)


# "Cards requiring Obtenebration cost Lasombra 1 fewer blood"
card_cost_change("Path of Night, The", -1, Minions(clan="Lasombra"), disciplines=("obt",), blood_only=True)


# "During each Methuselah's unlock phase, that Methuselah burns 1 pool unless they burn a vampire they control with
# capacity 4 or more to burn this card"
each_unlock_pool_unless_burning("Antediluvian Awakening", Minions(ready=False, min_capacity=4), 1)


phase_actions("master", "Not to Be", 1)  # "During your master phase, you get one additional master phase action"
# "During your discard phase, you get one fewer discard phase action, and this card is burned"
phase_actions("discard", "Not to Be", -1, then_burned=True)


_ALL_DISCIPLINES = tuple(sorted(DISCIPLINES))


def _pact_pairs(game: Game, play: Play) -> list[tuple[int, str]]:
    """(a Tremere antitribu of the player's, a Discipline): its inferior Disciplines first, then every other."""
    mine = [
        m
        for m in (game.minions.get(c) for c in game.seats[play.seat].controlled)
        if m is not None and m.in_play and m.kind == VAMPIRE and m.clan == "Tremere antitribu"
    ]
    first = [(m.id, d) for m in mine for d, n in m.disciplines if n == 1]
    rest = [(m.id, d) for m in mine for d in _ALL_DISCIPLINES if _level(m, d) == 0]
    return first + rest


def _pact_terms(game: Game, play: Play) -> Sequence[int]:
    return list(range(len(_pact_pairs(game, play))))


def _pact(game: Game, play: Play) -> None:
    """Put it on the vampire: it plays cards requiring the Discipline as though it had the superior level."""
    pairs = _pact_pairs(game, play)
    if not 0 <= play.target < len(pairs):
        return
    minion, code = pairs[play.target]
    m = game.minions[minion]
    m.disciplines = (*((d, n) for d, n in m.disciplines if d != code), (code, 2))
    leave_aside(game, play.card)
    m.cards.append(play.card)
    game.log("discipline", play.seat, minion, code, 2)


card(
    "Path of Evil Revelations",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=all_of(_pool_at_least(2), has_targets(_LOCKED_INFERNAL)),
        effects=(BurnPool(1), UnlockEach(_LOCKED_INFERNAL)),
        label="burn 1 pool: unlock the infernal minions",
    ),
    notes="Unique. The 1 damage of the action to burn it is a hook (as it resolves).",
    burn="minion",
)
card(
    "Path of Night, The",
    Mode(window=W.MASTER, when=_controls_ready_clan("Lasombra"), effects=(PutInPlay(),)),
    notes="Unique. The cost reduction and the 1 damage of the action to burn it are hooks.",
    burn="minion",
)
card(
    "Antediluvian Awakening",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique. The choice to burn a vampire is taken by a fixed rule (see the hook).",
)
card(
    "Marrakesh Codex, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        effects=(LockThisCard(), ReorderLibraryTop(4)),
        label="lock: reorder the top 4 cards",
    ),
    notes="Unique. Used in its controller's master phase; the order is a fixed rule (modelled cards on top).",
    steal="vampire",
)
card(
    "Not to Be",
    Mode(
        window=W.AS_PLAYED,
        out_of_turn=True,
        when=all_of(card_being_played("Event"), card_being_played_by_another),
        effects=(CancelAsPlayed(), PutInPlay()),
    ),
    notes="The card goes into play with the event cancelled (a hook gives the master phase action and takes the "
    "discard phase action).",
)
card(
    "Infernal Pact",
    Mode(window=W.MASTER, targets=_pact_terms, effects=(_pact,)),
    notes="The target is a pair (the Tremere antitribu, the Discipline). The vampire gets the superior level while "
    "the card is on it: no modelled effect takes a master card off a vampire.",
)


_DARK = "Dark Influences"


card(
    _DARK,
    Mode(
        window=W.AS_PLAYED,
        out_of_turn=True,
        when=minion_card_being_played,
        effects=(
            CancelAsPlayed(not_again_this_turn=True),
            PutInPlay(),
            v.CancelNextPlayed("cancels another's minion card"),
        ),
    ),
    notes="'That card cannot be played again this turn': by its player, any copy. A cancel of the player's own "
    "minion card by another counts too.",
)
card(
    "Two Wrongs",
    Mode(
        window=W.BLOCKS_DECLINED,
        trifle=True,
        out_of_turn=True,
        when=v.bleeding_you_by("not predator"),
        targets=v.acting_methuselahs("prey"),
        effects=(Redirect(), v.CancelNextPlayed("redirects this bleed")),
    ),
    notes="A card 'that would change the target of this bleed' is one whose effects redirect it (the vocabulary's "
    "Redirect).",
)


# -- masters_a: Rötschreck (game.strikes' "strikes_chosen" hooks) ---------------------------------------------------------

_ROTSCHRECK = "Rötschreck"


def _aggravated_strike_at(game: Game, c: Combat, minion: int) -> int:
    """The aggravated damage the opposing minion's chosen strike would inflict on ``minion`` (a vampire) at this
    range, whether or not it would be prevented; 0 if none."""
    m = game.minions.get(minion)
    if m is None or m.kind != VAMPIRE:
        return 0
    other = c.other(minion)
    strike = other.strike
    if not isinstance(strike, Strike) or strike.dodge or strike.combat_ends or strike.steal:
        return 0
    aggravated = strike.aggravated or (
        strike.hand and ("combat:aggravated_hand" in other.used or "round:aggravated_hand" in other.used)
    )
    if not aggravated or not usable_strike(c, strike):
        return 0
    return strike_damage(game, c, other, strike)


def _rotschreck_targets(game: Game, play: Play) -> Sequence[int]:
    c = play.frame
    if not isinstance(c, Combat) or c.over:
        return []
    return [
        s.minion
        for s in (c.a, c.b)
        if s.minion in game.minions
        and controller(game, s.minion) == play.seat
        and _aggravated_strike_at(game, c, s.minion) > 0
        and not v.frenzy_immune(game, s.minion)  # Sire's Index Finger
    ]


def _rotschreck(game: Game, play: Play) -> None:
    """Put it on the vampire; combat ends; the vampire is locked and sent to torpor."""
    c = play.frame
    m = game.minions.get(play.target)
    if m is None or not isinstance(c, Combat):
        return
    leave_aside(game, play.card)
    m.cards.append(play.card)
    c.over = True
    game.log("combat ends", play.seat, play.target)
    m.locked = True
    go_to_torpor(game, play.target)


@hook("strikes_chosen", _ROTSCHRECK)
def _rotschreck_window(game: Game, c: Combat) -> Flow | None:
    """Once the strikes are declared, before they resolve, the Methuselah of a vampire facing an aggravated strike
    may play Rötschreck (a Methuselah's card of the strike window)."""
    seats = [controller(game, s.minion) for s in (c.a, c.b) if s.minion in game.minions]
    if not any(_aggravated_strike_at(game, c, s.minion) for s in (c.a, c.b)):
        return None
    return _rotschreck_asked(game, c, seats)


def _rotschreck_asked(game: Game, c: Combat, seats: list[int]) -> Flow:
    for seat in seats:
        if c.over or game.seats[seat].ousted:
            continue
        wanted = vekn(game, _ROTSCHRECK)
        options = [o for o in hand_options(game, seat, W.STRIKE, c) if o.minion < 0 and game.card_of[o.card] == wanted]
        if not options:
            continue
        option = yield from choose(game, seat, [Option(Kind.PASS, seat), *options])
        if option.kind is Kind.PLAY:
            yield from resolve_play(game, option, c)


@hook("stays_locked", _ROTSCHRECK)
def _rotschreck_locked(game: Game, seat: int) -> list[int]:
    """ "This vampire does not unlock as normal"."""
    wanted = vekn(game, _ROTSCHRECK)
    return [
        c
        for c in game.seats[seat].controlled
        if (m := game.minions.get(c)) is not None and any(game.card_of[x] == wanted for x in m.cards)
    ]


@hook("unlock", _ROTSCHRECK)
def _rotschreck_burns(game: Game, seat: int) -> int:
    """ "During this vampire's next unlock phase, burn this card"."""
    for c in list(game.seats[seat].controlled):
        m = game.minions.get(c)
        if m is not None and m.cards:
            for copy in _carried(game, m, _ROTSCHRECK):
                burn_card(game, copy)
    return 0


card(
    _ROTSCHRECK,
    Mode(
        window=W.STRIKE,
        role=Role.METHUSELAH,
        out_of_turn=True,
        targets=_rotschreck_targets,
        effects=(_rotschreck,),
    ),
    notes="Offered once both strikes are declared, before they resolve (LSJ 19990217), to the Methuselah of a vampire "
    "facing an aggravated strike usable at the range (ANK 20211102), not a non-strike effect's (ANK 20220114).",
)


# -- masters_a: Flames of Insurrection -----------------------------------------------------------------------------------

_FLAMES = "Flames of Insurrection"


# "When a minion opposing an anarch in combat leaves the ready region, the controller of that anarch may move a counter
# from the bank to a vampire in his or her uncontrolled region"
when_combat_opponent_leaves(_FLAMES, Minions(sect="Anarch"))


card(
    _FLAMES,
    Mode(window=W.MASTER, when=controls_ready_sect("Anarch"), effects=(PutInPlay(),)),
    notes="Unique. The counter is always moved, to the uncontrolled vampire nearest to coming out.",
    burn="referendum",
)


# -- masters_a: Visit from the Capuchin (game.refill's "replace_instead" hooks) -------------------------------------------

_CAPUCHIN_VISIT = "Visit from the Capuchin"


hand_size_per_counter(_CAPUCHIN_VISIT)  # "You get +1 hand size for each counter on this card"
# "Each time you would replace a card other than this card, instead burn 1 counter from this card"
replacing_burns_counters(_CAPUCHIN_VISIT)


card(
    _CAPUCHIN_VISIT,
    Mode(window=W.MASTER, effects=(PutInPlay(), WithCounters(4), DrawUpToHandSize())),
    notes="Unique. The 4 more cards are drawn as it is put in play, with its own replacement.",
)


# -- masters_a: Week of Nightmares (game.action_options' "may_hunt" hooks) ------------------------------------------------

_WEEK = "Week of Nightmares"
_NIGHTMARE = "nightmare"


def _week_on(game: Game) -> bool:
    return bool(_copies_anywhere(game, _WEEK))


def _ravnos(m: Minion | None) -> bool:
    return m is not None and m.kind == VAMPIRE and m.clan == "Ravnos"


@hook("bleed", _WEEK)
def _week_bleed(game: Game, act: Action) -> int:
    """ "Ravnos get +1 bleed"."""
    return 1 if _ravnos(game.minions.get(act.actor)) and _week_on(game) else 0


@hook("strength", _WEEK)
def _week_strength(game: Game, minion: int) -> int:
    """ "Ravnos get … +1 strength"."""
    return 1 if _ravnos(game.minions.get(minion)) and _week_on(game) else 0


@hook("may_hunt", _WEEK)
def _week_no_hunt(game: Game, minion: int) -> bool:
    """ "Ravnos … do not hunt as normal"."""
    return not (_ravnos(game.minions.get(minion)) and _week_on(game))


def _ravnos_actor(game: Game, play: Play) -> bool:
    return _ravnos(game.minions.get(play.minion))


def _other_ravnos(game: Game, play: Play) -> Sequence[int]:
    """Another Methuselah's Ravnos (ready), the one with most blood first: the special hunt is directed."""
    found = [m for s in game.order if s != play.seat for m in ready_minions(game, s) if _ravnos(m)]
    return [m.id for m in sorted(found, key=lambda m: -m.blood)]


def _week_hunt(game: Game, play: Play) -> None:
    """Steal 1 blood (plus the hunt bonuses) from the target Ravnos; what the hunter cannot take goes to the bank
    (LSJ 20010809-1); no more than the target has (LSJ 20050720-2)."""
    target = game.minions.get(play.target)
    act = current_action(game)
    if target is None or not target.in_play or act is None:
        return
    wanted = 1 + hook_sum(game, "hunt", act)
    taken = -move_blood(game, target.id, -wanted)
    if taken:
        gained = move_blood(game, play.minion, taken)
        game.log("hunt", play.seat, play.minion, gained)


def _nightmares_on(game: Game, minion: int) -> int:
    return rider_sum(game, minion, _NIGHTMARE)


@hook("unlock", _WEEK)
def _week_counters(game: Game, seat: int) -> int:
    """ "During each Methuselah's unlock phase, that Methuselah can move 1 nightmare counter from this card to a
    Ravnos" (by a fixed rule: to another Methuselah's Ravnos with the least blood, or none). With no counter left,
    each Ravnos burns 1 blood per nightmare counter on them or is burned, then the card and counters burn."""
    for copy in _copies_anywhere(game, _WEEK):
        left = game.card_counters.get(copy, 0)
        theirs = [m for s in game.order if s != seat for m in ready_minions(game, s) if _ravnos(m)]
        if left > 0 and theirs:
            victim = min(theirs, key=lambda m: (m.blood, m.id))
            game.card_counters[copy] = left - 1
            add_rider(game, victim.id, _NIGHTMARE, 1, Until.END_OF_GAME, seat)
            game.log("move counter", seat, copy, victim.id)
        if game.card_counters.get(copy, 0) <= 0:
            _week_ends(game, copy)
    return 0


def _week_ends(game: Game, copy: int) -> None:
    for m in list(game.minions.values()):
        n = _nightmares_on(game, m.id)
        if not n or not m.in_play:
            continue
        if m.blood >= n:
            move_blood(game, m.id, -n)
            game.log("burn blood", controller(game, m.id), m.id, n)
        else:
            burn_minion(game, m.id)
    game.riders = [r for r in game.riders if r.key != _NIGHTMARE]
    burn_card(game, copy)


def _ten_nightmares(game: Game, play: Play) -> None:
    game.card_counters[play.card] = 10


card(
    _WEEK,
    Mode(
        window=W.MASTER,
        when=_controls_ready_clan("Ravnos"),
        effects=(PutInPlay(), _ten_nightmares),
        limit="week of nightmares",
        limit_scope="game",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        when=_ravnos_actor,
        targets=_other_ravnos,
        effects=(_week_hunt,),
        label="hunt: steal 1 blood from another Ravnos",
    ),
    notes="The special hunt is directed at another Methuselah's Ravnos (a directed action is never at oneself), once "
    "a turn per Ravnos; a Ravnos with no blood is not forced to hunt. The counters are moved by a fixed rule.",
)


# -- masters_a: Twilight Camp (game.influence's "brought_out" hooks) -------------------------------------------------------

_CAMP = "Twilight Camp"


makes_brought_out_vampires_anarch(_CAMP)  # "… you can burn 1 blood from this card to make that vampire Anarch"


card(
    _CAMP,
    Mode(window=W.MASTER, effects=(PutInPlay(), WithCounters(4))),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=all_of(master_action_left, card_has_counters),
        targets=with_room(_own_ready_anarchs),
        effects=(SpendMasterAction(), AddBlood(1), BurnCounterFromThisCard()),
        label="a master phase action: 1 blood to an Anarch",
    ),
    notes="The blood is counted as the card's counters. A vampire brought out is always made Anarch while blood is "
    "left; the blood moved goes to a ready Anarch of its controller's (the card allows any Anarch).",
)


# -- masters_a: Mob Connections ---------------------------------------------------------------------------------------------


card(
    "Mob Connections",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BEFORE_STRIKES,
        in_play=True,
        targets=own_combatants,
        effects=(LockThisCard(), ContinueOnlyPress()),
        label="lock: 1 press to continue combat",
    ),
    notes="Unique. Used before strikes, for the round's press step.",
    burn="minion",
)


# -- masters_a: Left for Dead (game.take_damage's "ally_spared" hooks) ----------------------------------------------------

_LEFT = "Left for Dead"


def _never(game: Game, play: Play) -> bool:
    return False  # played by its hook, as the ally would be burned: no window offers it


@hook("ally_spared", _LEFT)
def _left_for_dead(game: Game, minion: int) -> bool:
    """ "Only usable when an ally would be burned in combat. Combat ends. Put this card on that ally; that ally is not
    burned. Put 1 life on the ally from the blood bank if he or she has no life. Lock the ally." Played by its
    controller from the hand whenever it may (an out-of-turn master card: one between two of its turns)."""
    c = current_combat(game)
    m = game.minions.get(minion)
    if c is None or m is None or minion not in (c.a.minion, c.b.minion):
        return False
    seat = controller(game, minion)
    wanted = vekn(game, _LEFT)
    copies = [x for x in game.seats[seat].hand if game.card_of[x] == wanted]
    if not copies or (seat != game.acting and rider_sum(game, -1 - seat, "out_of_turn") > 0):
        return False
    copy = copies[0]
    set_aside(game, seat, copy)
    if seat != game.acting:
        add_rider(game, -1 - seat, "mpa_debt", 1, Until.NEXT_UNLOCK, seat)
        add_rider(game, -1 - seat, "out_of_turn", 1, Until.NEXT_UNLOCK, seat)
    game.log("play", seat, copy, 0, -1, minion)
    leave_aside(game, copy)
    m.cards.append(copy)
    if m.blood <= 0:
        move_blood(game, minion, 1)
    m.locked = True
    c.over = True
    game.log("combat ends", seat, minion)
    refill(game, seat)
    return True


@hook("stays_locked", _LEFT)
def _left_locked(game: Game, seat: int) -> list[int]:
    """ "This ally does not unlock as normal"."""
    wanted = vekn(game, _LEFT)
    return [
        c
        for c in game.seats[seat].controlled
        if (m := game.minions.get(c)) is not None and any(game.card_of[x] == wanted for x in m.cards)
    ]


@hook("unlock", _LEFT)
def _left_burns(game: Game, seat: int) -> int:
    """ "Burn this card during his or her next unlock phase"."""
    for c in list(game.seats[seat].controlled):
        m = game.minions.get(c)
        if m is not None and m.cards:
            for copy in _carried(game, m, _LEFT):
                burn_card(game, copy)
    return 0


@hook("combat_start", _LEFT)
def _left_in_combat(game: Game, c: Combat) -> None:
    """ "If he or she enters combat, he or she is burned"."""
    for side in (c.a, c.b):
        m = game.minions.get(side.minion)
        if m is not None and m.cards and _carried(game, m, _LEFT):
            burn_minion(game, side.minion)
            c.over = True


card(
    _LEFT,
    Mode(window=W.PREVENT, role=Role.METHUSELAH, out_of_turn=True, when=_never),
    notes="Played by a hook as the ally would be burned in combat (the rules' damage step asks no decision there), "
    "by a fixed rule: always, when its player may play an out-of-turn master card; no card may cancel it as played.",
)


# -- cov_d: Life Boon ---------------------------------------------------------------------------------------------

_LIFE_BOON = "Life Boon"


def _about_to_be_ousted(game: Game, play: Play) -> Sequence[int]:
    """The other Methuselahs with no pool about to be ousted (the W.OUSTING window's seats)."""
    frame = play.frame
    return [s for s in frame.seats if s != play.seat] if isinstance(frame, Ousting) else []


def _not_own_turn(game: Game, play: Play) -> bool:
    return play.seat != game.acting  # an out-of-turn master card, never in one's own turn (digest 2.5)


def _boon_pool(game: Game, play: Play) -> Sequence[int]:
    """The pool given: 1 to 6, never its player's last (NO_SUICIDE_PAYMENTS). Pool never goes below 0 here (an
    effect burns what there is), so any amount covers what the Methuselah owed (RTR 19970630)."""
    return range(1, min(6, game.seats[play.seat].pool - 1) + 1)


def _life_boon(game: Game, play: Play) -> None:
    """Give the pool (moved, not burned), the card stays in play, and the saved Methuselah's VP go to its player
    (economy.gain_vp reads the ``vp to`` rider: boons played on one Methuselah take its VP in turn)."""
    game.seats[play.seat].pool -= play.value
    game.seats[play.target].pool += play.value
    add_rider(game, -1 - play.target, "vp to", play.card, Until.END_OF_GAME)
    game.log("life boon", play.seat, play.target, play.value)


def boons_on(game: Game, seat: int) -> list[int]:
    """The Life Boons in play saving ``seat`` (their ``vp to`` riders, first played first)."""
    return [
        r.value
        for r in game.riders
        if r.key == "vp to" and r.holder == -1 - seat and r.value in game.seats[game.owner_of[r.value]].controlled
    ]


@hook("unlock", _LIFE_BOON)
def _life_boon_unlock(game: Game, seat: int) -> Any:
    """ "During each of their unlock phases, you can steal 1 pool from that Methuselah": each boon's player
    chooses (listed best first for the bots: the pool, unless the saved Methuselah would be left with 2 or less,
    whose VP the boon is waiting for)."""
    boons = boons_on(game, seat) if game.riders else []
    return _boon_steals(game, seat, boons) if boons else None


def _boon_steals(game: Game, seat: int, boons: list[int]) -> Generator[Any, Any, None]:
    for boon in boons:
        player = game.owner_of[boon]
        if game.seats[seat].ousted or game.seats[player].ousted or boon not in game.seats[player].controlled:
            continue
        steal = Option(Kind.TERMS, player, card=boon, value=1)
        keep = Option(Kind.TERMS, player, card=boon, value=0)
        low = game.seats[seat].pool <= 3
        option = yield from choose(game, player, [keep, steal] if low else [steal, keep])
        if option.value == 1:
            game.log("steal pool", player, seat, 1)
            economy.gain_pool(game, player, 1)
            economy.burn_pool(game, seat, 1)
            yield from ousts(game)


card(
    _LIFE_BOON,
    Mode(
        window=W.OUSTING,
        out_of_turn=True,
        when=_not_own_turn,
        targets=_about_to_be_ousted,
        values=_boon_pool,
        effects=(_life_boon, PutInPlay()),
    ),
    notes="The VP taken instead of the saved Methuselah: economy.gain_vp (half VPs count; burned at 1 VP).",
)


# -- cov_d: From a Sinking Ship -------------------------------------------------------------------------------------


card(
    "From a Sinking Ship",
    Mode(
        window=W.MASTER,
        targets=minions_of_methuselahs_with_pool_at_most(3, max_capacity=6),
        effects=(StealMinion(),),
        limit="from a sinking ship",
        limit_scope="game",
    ),
    notes="Requirements do not apply to the minion taken (TOM 19960226-1). A retainer is not offered: it would need "
    "a minion of its new Methuselah to go on, which the card does not give.",
)


# -- cov_d: Madness Network -----------------------------------------------------------------------------------------

_NETWORK = "Madness Network"


# "Unlocked Malkavians can take actions in any Methuselah's minion phase"; any may block the action to burn it
act_in_any_minion_phase(_NETWORK, Minions(clan="Malkavian", ready=False, unlocked=True))


card(
    _NETWORK,
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="The Malkavians of the other Methuselahs act once the acting Methuselah has finished its actions, in turn "
    "order (as Enkil Cog's actions do); a Malkavian with no blood acting then must hunt (LSJ 20060508).",
    burn="minion",
)


# -- cards added by cov_c -------------------------------------------------------------------------------------------------

card(
    "Powerbase: Luanda",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=own_ready_vampires,
        effects=(LockThisCard(), GrantThisCardsActionThisTurn()),
        label="lock: a vampire may enter combat with any minion as a +1 stealth (D) action this turn",
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        enters_combat=True,
        when=granted_this_turn,
        targets=ready_minions_of_others,
        label="enter combat with a minion",
    ),
    notes="Unique location: not played while a copy is in play (contesting not modelled). The vampire chosen is a "
    "ready one.",
    steal="vampire",
)


# -- The Path of Lilith: torture counters are riders on the vampires, each naming the copy that put it (they count only
# while that copy is in play: "burn all torture counters when this card leaves play") ------------------------------------

_LILITH = "Path of Lilith, The"
_TORTURE = "torture counter"


@hook("torpor", _LILITH)
def _lilith_torture(game: Game, minion: int) -> None:
    """ "When a non-Camarilla vampire you control sends an opposing vampire to torpor in combat, you may lock this
    card to put a torture counter on the opposing vampire": always, by a fixed rule."""
    c = current_combat(game)
    victim = game.minions.get(minion)
    if c is None or victim is None or victim.kind != VAMPIRE or minion not in (c.a.minion, c.b.minion):
        return
    sender = game.minions.get(c.other(minion).minion)
    if sender is None or sender.kind != VAMPIRE or sender.sect == "Camarilla":
        return
    seat = controller(game, sender.id)
    for copy in _copies_controlled(game, seat, _LILITH):
        if copy not in game.locked_cards and controller(game, minion) != seat:
            game.locked_cards.add(copy)
            add_rider(game, minion, _TORTURE, copy, Until.END_OF_GAME)
            game.log("torture counter", seat, minion)
            return


@hook("unlock", _LILITH)
def _lilith_burns(game: Game, seat: int) -> None:
    """ "During your unlock phase, each Methuselah who controls any vampires with torture counters burns 1 pool"
    (the counters of the copies still in play)."""
    copies = set(_copies_anywhere(game, _LILITH))
    mine = copies & set(game.seats[seat].controlled)
    if not mine:
        return
    tortured = {r.holder for r in game.riders if r.key == _TORTURE and r.value in copies}
    for s in list(game.order):
        if any(c in tortured and game.minions[c].in_play for c in game.seats[s].controlled if c in game.minions):
            economy.burn_pool(game, s, 1)
            game.log("burn pool", s, 1)


card(
    _LILITH,
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique (not played while a copy is in play). The torture counter is always put (its player's choice).",
    burn="minion",
)


# -- Vast Wealth -----------------------------------------------------------------------------------------------------------

_VAST_WEALTH = "Vast Wealth"


def _own_ready_minions(game: Game, play: Play) -> Sequence[int]:
    return [m.id for m in ready_minions(game, play.seat)]


def _vast_wealth_controlled(game: Game, play: Play) -> bool:
    """ "If you control this minion": the card's player controls the minion it is on (RTR 19951017)."""
    return game.owner_of[play.card] == play.seat


def _vast_wealth_equip(game: Game, play: Play) -> Flow | None:
    """On success (TOM 19951107): the first equipment found working down from the top of the library, equipped
    with its requirements and cost (paid even if it ousts: RTR 19941109, RTR 20010710), or burned without cost when
    it cannot be (TOM 19950407); the library is shuffled."""
    m = game.minions.get(play.minion)
    seat = game.seats[play.seat]
    comp = game.compiled
    found = next((c for c in reversed(seat.library) if "Equipment" in comp.types.get(game.card_of[c], ())), None)
    if m is None or found is None:
        game.rng.shuffle(seat.library)
        return None
    seat.library.remove(found)
    game.aside.append(found)
    game.rng.shuffle(seat.library)
    vekn = game.card_of[found]
    card = comp.cards.get(vekn)
    blood = card.blood_cost.value or 0 if card is not None and card.blood_cost else 0
    pool = card.pool_cost.value or 0 if card is not None and card.pool_cost else 0
    printed = comp.eligibility.minion(m.card)
    legal = m.blood >= blood and (
        comp.eligibility.requirement(vekn) is None or (printed is not None and comp.eligibility.can_play(m.card, vekn))
    )
    if not legal:
        to_ash_heap(game, found)
        game.log("burn card", play.seat, found)
        return None
    return _vast_wealth_pay_and_equip(game, play, m, found, blood, pool)


def _vast_wealth_pay_and_equip(game: Game, play: Play, m: Minion, copy: int, blood: int, pool: int) -> Flow:
    if blood:
        move_blood(game, m.id, -blood)
    if pool:
        economy.burn_pool(game, play.seat, pool)
        if game.finished or game.seats[play.seat].ousted:
            return
    handlers = [h for h in game.compiled.actions.get(game.card_of[copy], ()) if not h.mode.in_play]
    if handlers:
        sub = Play(seat=play.seat, card=copy, mode=handlers[0].mode, minion=m.id, frame=play.frame)
        yield from run_effects(game, handlers[0].mode.effects, sub)
    else:
        Equip()(game, Play(seat=play.seat, card=copy, mode=play.mode, minion=m.id, frame=play.frame))
    if copy in game.aside:  # its effects did not put it in play
        to_ash_heap(game, copy)


@hook("announced", _VAST_WEALTH)
def _vast_wealth_is_equip(game: Game, act: Action) -> None:
    """ "The provided action is an equip action" (TOM 19960130, RTR 19960124)."""
    if (
        act.card >= 0
        and act.mode is not None
        and act.mode.in_play
        and game.card_of[act.card] == vekn(game, _VAST_WEALTH)
    ):
        act.kind = Act.EQUIP


card(
    _VAST_WEALTH,
    Mode(window=W.MASTER, targets=_own_ready_minions, effects=(PutOnTarget(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=1,
        when=all_of(carried_by_actor, _vast_wealth_controlled),
        effects=(_vast_wealth_equip,),
        label="equip with the first equipment of the library",
    ),
)


# -- The Erciyes Fragments ----------------------------------------------------------------------------------------------
# The card on it waits face down in ``Game.held``; its controller plays it as if from the hand (vocabulary
# ``plays_held_cards``: game.as_if_from_hand); burned, or played and done, it leaves the game (``Game.exiled``).

_ERCIYES = "Erciyes Fragments, The"


plays_held_cards(_ERCIYES)
card(
    _ERCIYES,
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=holds_no_card,  # "Only 1 card can be on this card at a time"
        targets=prey_ash_heap_library_cards,
        effects=(LockThisCard(), HoldTargetFromAshHeap(exiled=True)),
        label="lock: a library card from your prey's ash heap onto this card, face down",
    ),
    notes="Its lock is offered in its controller's master phase (it unlocks in the unlock phase just before: the card "
    "taken is then playable the whole turn and until the next). The card on it is played as if from the hand by its "
    "controller or its minions (requirements and costs apply; no replacement is drawn and 'do not replace' clauses "
    "are ignored: LSJ 20081126); burned (played and done, cancelled, or as the Fragments leave play: LSJ 20021128) "
    "it is removed from the game; returned to its owner's hand (Delaying Tactics: LSJ 20050322) it is any other card. "
    "It cannot pay for votes or be discarded (LSJ 20050118): only the hand can. Stolen, it takes the card on it along.",
    steal="vampire of capacity 5 or more",
)


# -- Brainwash ----------------------------------------------------------------------------------------------------------


no_transfers_with("Brainwash")  # "No transfers can be used to move blood to or from that card"


card(
    "Brainwash",
    Mode(window=W.MASTER, targets=prey_uncontrolled_vampires, effects=(PutOnTarget(),)),
    notes="It stays on the vampire once it is brought out (LSJ 20010211: by other means than transfers); any minion "
    "of another Methuselah may burn it as a +1 stealth (D) action at its player.",
    burn="minion, +1 stealth (D)",
)


# -- Anachronism --------------------------------------------------------------------------------------------------------

_ANACHRONISM = "Anachronism"


def _ranged_weapon(game: Game, vekn_id: int) -> bool:
    """A weapon with a ranged strike (LSJ 20060825), the Ivory Bow excepted (the bots' worth of Anachronism)."""
    return ranged_weapon(game, vekn_id, ("Ivory Bow",))


# "This vampire cannot have … any ranged weapons except the Ivory Bow"
cannot_have_ranged_weapons(_ANACHRONISM, allowed=("Ivory Bow",))


card(
    _ANACHRONISM,
    Mode(
        window=W.MASTER,
        targets=vampires_in_play(min_capacity=7),
        effects=(PutOnTarget(), BurnRangedWeaponsOfTarget(allowed=("Ivory Bow",))),
    ),
    notes="A ranged weapon is any equipment with a ranged strike (LSJ 20060825); the vampire carrying it cannot equip "
    "one (its own equip action nor an equip given to it), so it never has one to use.",
)


# -- Capitalist ---------------------------------------------------------------------------------------------------------


# "Once per turn, when this vampire successfully bleeds his or her prey, he or she gains 1 blood from the bank"
bearer_once_each_turn("acts", "Capitalist", bled_prey_successfully, gains=1)


card(
    "Capitalist",
    Mode(window=W.MASTER, targets=Minions(ready=False, sect="Sabbat", without=ARCHETYPES), effects=(PutOnTarget(),)),
    notes="'A vampire can have only one archetype' checks the archetypes modelled (Perfectionist, Dabbler, Rebel, "
    "Cavalier, Monster, Capitalist).",
)


# -- cards added by cov_f --------------------------------------------------------------------------------------------

card(
    "Vulnerability",
    Mode(
        window=W.MASTER,
        when=v.has_targets(v.torpid_vampires),
        targets=v.torpid_vampires,
        effects=(v.BurnTorpidTarget(),),
        label="burn a vampire in torpor",
    ),
)


card(
    "Lupine Assault",
    Mode(
        window=W.MASTER,
        effects=(v.DoNotReplace(Until.END_OF_TURN), v.EachMethuselahDiscards(5)),
        limit="lupine assault",
        limit_scope="game",
    ),
    notes="'Do not replace until your influence phase': it is replaced as the discard phase starts (nothing is "
    "played from the hand in the influence phase between).",
)
