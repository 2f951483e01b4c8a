"""Locations (master cards put in play: Carfax Abbey, The Rack, Monastery of Shadows, Garibaldi-Meucci Museum,
Club Illusion, Anarch Railroad) and Secure Haven (a haven put on a minion). The helpers shared with the other
master cards come from ``master.py``."""

from __future__ import annotations

import re
from collections.abc import Generator, Sequence
from typing import Any

from ...eligibility import CITY_TITLES
from .. import economy
from ..cards import Bearer, Controller, DiscardPhase, Everyone, Gehenna, Mode, Play, Role, UnlockPhase, card, hook
from ..economy import Kind, Option
from ..frames import Action, Rider, Until
from ..state import VAMPIRE, Game, Minion, Phase
from ..vocabulary import (
    ActionIs,
    ActorBurnsBlood,
    AddBlood,
    Bleed,
    BlockerBurnsBlood,
    BloodToActor,
    BloodToThisCard,
    BurnPool,
    BurnPoolUnlessBlocks,
    BurnThisCard,
    BurnXCounters,
    CancelReferendum,
    CombatBetween,
    CorruptThenMaySteal,
    CounterOnThisCard,
    CountersToPool,
    CountersToTarget,
    DiscardTarget,
    DoNotReplace,
    DrawCards,
    EndAction,
    EndCombat,
    ExtraVotes,
    GainPool,
    GainTransfers,
    GehennaEventPlayed,
    GehennaEventsInPlay,
    HandSizeThisTurn,
    HuntingGroundBlood,
    HuntingGroundEach,
    If,
    Intercept,
    LockTargetCard,
    LockThisCard,
    MasterActions,
    MillPreyLibrary,
    Minions,
    OwnMinionBurnsBlood,
    OwnVotesEach,
    PutInPlay,
    PutOnTarget,
    Redirect,
    ReduceBleed,
    Stealth,
    StealthNow,
    ToReadyRegion,
    UnlockAfterSuccess,
    UnlockCaller,
    WithCounters,
    actor_below_capacity,
    add_rider,
    all_of,
    allies_or_younger,
    any_feedable,
    bleeding_you,
    blocker_of,
    burn_card,
    burn_replacing,
    card_cost,
    card_cost_change,
    card_gives,
    card_has_counters,
    cards_with,
    choose,
    controller,
    controls_ready_of_clan,
    controls_ready_sect,
    counters_at_most,
    counters_on,
    directed_at_own,
    discard,
    emptiest,
    enter_combat,
    gehenna_event,
    go_to_torpor,
    hand_cards,
    has_clan,
    has_targets,
    hunting_ground_fed,
    hunting_ground_feedable,
    in_polling,
    in_sect,
    is_location,
    is_ready,
    locations_of_others,
    lock_to_discount,
    may_play,
    move_blood,
    oldest,
    own_acting_vampire_fighting,
    own_bleed_by,
    own_card,
    own_ready_sabbat_vampires,
    own_ready_vampires,
    own_unlocked_locations,
    phase_data_hooks,
    pool_at_least,
    ready_minions,
    refill,
    removal_stealth,
    self_vampire,
    stealth_needed_by,
    successful_hunt,
    take_damage,
    terms_choose_own,
    uncontrolled_of_clan,
    vekn,
    x_counters_of_card,
)
from ..windows import W
from .master import (
    _copies_anywhere,
)

Flow = Generator[Any, Any, None]

# shared words (vocabulary.py) under the names this module's specs use
_hunting_ground_fed = hunting_ground_fed
_hunting_ground = HuntingGroundBlood
_blocker_of = blocker_of
_ready_of_clan = controls_ready_of_clan
_zoo_targets = hunting_ground_feedable
_has_counters = card_has_counters
_counters_of_card = x_counters_of_card
_burn_x_counters = BurnXCounters()
_own_ready_sabbat = own_ready_sabbat_vampires
_ready_sabbat = has_targets(own_ready_sabbat_vampires)
_own_undirected_vampire_action = ActionIs(own=True, directed=False, aimed=False, actor_kind=VAMPIRE)


def _anarch(m: Minion | None) -> bool:
    return m is not None and m.kind == VAMPIRE and m.sect == "Anarch"


_ready_anarch = controls_ready_sect("Anarch")


# -- Carfax Abbey (a hunting ground) ------------------------------------------------------------------------------------


# Carfax Abbey: 1 blood to the chosen Anarch and, with a ready baron, 1 to another ready Anarch (the emptiest one:
# the chosen one is fed by then).
_FEEDABLE_ANARCHS = Minions(sect="Anarch", feedable=True)
_CARFAX = (
    HuntingGroundBlood(1),
    If(has_targets(Minions(sect="Anarch", titles=("baron",))), (HuntingGroundEach(1, emptiest(1, _FEEDABLE_ANARCHS)),)),
)


# -- Papillon (a hunting ground) ---------------------------------------------------------------------------------------


# -- The Barrens ------------------------------------------------------------------------------------------------------


# -- Creepshow Casino, KRCG News Radio, The Anarch Free Press ------------------------------------------------------------


# -- Zoo Hunting Ground, Ennoia's Theater, Metro Underground, New Carthage -------------------------------------------------


# Metro Underground's, The Uncoiling's, NSA Trio's and Ruins of Charizel's discard (and unlock) phase rules
# (cards.DiscardPhase, UnlockPhase), in their place among the hooks of those moments
phase_data_hooks()


# "Titled Brujah get +1 bleed and +1 vote. Ventrue get -1 vote" (a net vote never below 0: ANK 20251125)
card_gives("bleed", "New Carthage", 1, Minions(clan="Brujah", titled=True), where="anywhere", each_copy=False)
card_gives("votes", "New Carthage", 1, Minions(clan="Brujah", titled=True), where="anywhere", each_copy=False)
card_gives("votes", "New Carthage", -1, Minions(clan="Ventrue"), where="anywhere", each_copy=False)


# -- Gangrel Revel, Fragment of the Book of Nod --------------------------------------------------------------------------


card_gives("strength", "Gangrel Revel", 1, Minions(clan="Gangrel"))  # "Gangrel you control get +1 strength"


# -- Heidelberg Castle, Germany ---------------------------------------------------------------------------------------


def _movables(game: Game, m: Minion) -> list[int]:
    """The equipment and retainers on a minion (not the other cards on it: Villein, Guardian Angel)."""
    cards = game.compiled.cards
    return [c for c in m.cards if c in game.minions or "Equipment" in cards[game.card_of[c]].types]


def _heidelberg_sources(game: Game, play: Play) -> Sequence[int]:
    """A ready vampire of the player's with blood, equipment or retainers, and another ready vampire to move to."""
    ready = [m for m in ready_minions(game, play.seat) if m.kind == VAMPIRE]
    if len(ready) < 2:
        return []
    return [m.id for m in ready if m.blood > 0 or _movables(game, m)]


def _heidelberg_amounts(game: Game, play: Play) -> Sequence[int]:
    most = max((m.blood for m in ready_minions(game, play.seat) if m.kind == VAMPIRE), default=0)
    return range(0, most + 1)


def _heidelberg(game: Game, play: Play) -> Flow | None:
    """Move ``value`` blood (what the vampire has; the excess over the other's capacity drains: ANK 20170804)
    and, one by one, the equipment and retainers chosen, to the other ready vampire chosen now."""
    source = game.minions.get(play.target)
    if source is None:
        return None
    others = sorted(
        (m for m in ready_minions(game, play.seat) if m.kind == VAMPIRE and m.id != source.id),
        key=lambda m: (m.blood - m.capacity, -m.capacity, m.id),
    )
    if not others:
        return None
    return _heidelberg_move(game, play, source, [Option(Kind.TERMS, play.seat, target=m.id) for m in others])


def _heidelberg_move(game: Game, play: Play, source: Minion, options: list[Option]) -> Flow:
    option = yield from choose(game, play.seat, options)
    dest = game.minions[option.target]
    moved = min(play.value, source.blood)
    if moved:
        move_blood(game, source.id, -moved)
        gained = move_blood(game, dest.id, moved)
        game.log("move blood", play.seat, source.id, dest.id, gained)
    for copy in _movables(game, source):
        move = Option(Kind.TERMS, play.seat, target=copy, value=1)
        keep = Option(Kind.PASS, play.seat)
        chosen = yield from choose(game, play.seat, [move, keep] if dest.capacity > source.capacity else [keep, move])
        if chosen.kind is Kind.TERMS and copy in source.cards:
            source.cards.remove(copy)
            dest.cards.append(copy)
            held = game.minions.get(copy)
            if held is not None:
                held.holder = dest.id
            game.log("equip", play.seat, dest.id, copy)


# -- The Rack ---------------------------------------------------------------------------------------------------------------


def _rack_choice(game: Game, copy: int) -> Rider | None:
    return next((r for r in game.riders if r.holder == copy and r.key == "rack_chosen"), None)


def _rack_choose(game: Game, play: Play) -> None:
    """The vampire chosen as The Rack is played: kept for the game (it tracks that vampire: rulings TOM 19960122,
    LSJ 20010809)."""
    game.riders = [r for r in game.riders if not (r.holder == play.card and r.key == "rack_chosen")]
    game.riders.append(Rider(play.card, "rack_chosen", play.target, Until.END_OF_GAME))


def _rack_targets(game: Game, play: Play) -> Sequence[int]:
    """In the unlock phase: the chosen vampire, in play (ready or in torpor: PIB 20150522; not while out of
    play, uncontrolled or contested: LSJ 20010623, LSJ 20010809) and not full; a Rack with no choice yet (set on
    the table by a scenario) lets its controller choose a ready vampire now. A new controller with no ready
    vampire chose none (-1)."""
    choice = _rack_choice(game, play.card)
    if choice is None:
        return [m.id for m in ready_minions(game, play.seat) if m.kind == VAMPIRE and m.blood < m.capacity]
    m = game.minions.get(choice.value)
    return [m.id] if m is not None and m.in_play and m.blood < m.capacity else []


@hook("card_stolen", "Rack, The")
def _rack_stolen(game: Game, seat: int, copy: int) -> Flow | None:
    """ "As ... its controller changes, its controller chooses a ready vampire they control": the one with the
    most room for blood offered first."""
    if game.card_of[copy] != vekn(game, "Rack, The"):
        return None
    ready = sorted(
        (m for m in ready_minions(game, seat) if m.kind == VAMPIRE),
        key=lambda m: (-min(2, m.capacity - m.blood), -m.capacity, m.id),
    )
    game.riders = [r for r in game.riders if not (r.holder == copy and r.key == "rack_chosen")]
    if not ready:
        game.riders.append(Rider(copy, "rack_chosen", -1, Until.END_OF_GAME))
        return None
    return _rack_rechoose(game, seat, copy, [Option(Kind.TERMS, seat, target=m.id) for m in ready])


def _rack_rechoose(game: Game, seat: int, copy: int, options: list[Option]) -> Flow:
    option = yield from choose(game, seat, options)
    game.riders.append(Rider(copy, "rack_chosen", option.target, Until.END_OF_GAME))


def _rack(game: Game, play: Play) -> None:
    if _rack_choice(game, play.card) is None:
        _rack_choose(game, play)
    gained = move_blood(game, play.target, 2)
    game.log("add blood", play.seat, play.target, gained)


# -- Garibaldi-Meucci Museum ---------------------------------------------------------------------------------------------------

_REQUIRES_ANARCH = re.compile(r"\brequires?\b[^.|]*?(?<!non-)\b(anarch|baron)s?\b", re.IGNORECASE)


def _requires_anarch(game: Game, copy: int) -> bool:
    """A card whose requirement names Anarch or baron explicitly (ANK 20250320): "Requires an Anarch"."""
    text = game.compiled.cards[game.card_of[copy]].text or ""
    head = text.split("\n", 1)[0]
    return bool(_REQUIRES_ANARCH.search(head))


def _museum_targets(game: Game, play: Play) -> Sequence[int]:
    s = game.seats[play.seat]
    if not s.hand or s.pool <= 1:
        return []
    seen: set[int] = set()
    out = []
    for c in reversed(s.ash_heap):
        if c in game.minions or game.card_of[c] in seen:
            continue
        seen.add(game.card_of[c])
        if _requires_anarch(game, c):
            out.append(c)
    return out


def _museum_give_up(game: Game, seat: int) -> int:
    """The card given for the one taken back: one the engine does not model, else a second copy, else the
    oldest in hand."""
    s = game.seats[seat]
    comp = game.compiled
    counts: dict[int, int] = {}
    ranked = []
    for i, c in enumerate(s.hand):
        v = game.card_of[c]
        counts[v] = counts.get(v, 0) + 1
        modelled = v in comp.implemented
        ranked.append((0 if not modelled else 1 if counts[v] > 1 else 2, i, c))
    return min(ranked)[2]


def _museum_exchange(game: Game, play: Play) -> None:
    s = game.seats[play.seat]
    if play.target not in s.ash_heap or not s.hand:
        return
    game.locked_cards.add(play.card)
    economy.burn_pool(game, play.seat, 1)
    given = _museum_give_up(game, play.seat)
    s.hand.remove(given)
    s.ash_heap.remove(play.target)
    s.hand.append(play.target)
    s.ash_heap.append(given)
    game.log("exchange", play.seat, given, play.target)


# -- Club Illusion ------------------------------------------------------------------------------------------------------------


# -- Powerbase: Los Angeles, Powerbase: Savannah, Narrow Minds -----------------------------------------------------------

_MAKES_ANARCH = re.compile(r"\b(becomes?|be) (an )?anarch\b", re.IGNORECASE)


def _own_discard_phase(game: Game, play: Play) -> bool:
    return game.acting == play.seat and game.phase is Phase.DISCARD and bool(game.seats[play.seat].hand)


def _la_discard(game: Game, play: Play) -> Flow | None:
    """The extra discard phase action, used at once: discard the chosen card and draw; a card requiring an
    Anarch (or a baron: LSJ 20050128) or making a vampire Anarch lets its player unlock a ready Anarch."""
    if play.target not in game.seats[play.seat].hand:
        return None
    text = game.compiled.cards[game.card_of[play.target]].text or ""
    anarch_card = _requires_anarch(game, play.target) or _MAKES_ANARCH.search(text) is not None
    discard(game, play.seat, [play.target])
    game.log("discard", play.seat, play.target)
    if not anarch_card:
        return None
    locked = sorted(
        (m for m in ready_minions(game, play.seat) if _anarch(m) and m.locked), key=lambda m: (-m.capacity, m.id)
    )
    if not locked:
        return None
    return _unlock_one(game, play.seat, [Option(Kind.TERMS, play.seat, target=m.id) for m in locked])


def _unlock_one(game: Game, seat: int, options: list[Option]) -> Flow:
    option = yield from choose(game, seat, [*options, Option(Kind.PASS, seat)])
    if option.kind is Kind.TERMS and game.minions[option.target].locked:
        game.minions[option.target].locked = False
        game.log("unlock", seat, option.target)


# "Minion cards that change the target of a bleed action cost +1 blood" (the modes that redirect)
card_cost_change("Narrow Minds", 1, effects=(Redirect,))


# -- Poacher's Hunting Ground, NRA PAC, WMRH Talk Radio, Chantry ------------------------------------------------------


# Poacher's Hunting Ground: up to X of its controller's ready Anarchs that can take a hunting ground's blood (the ones
# with most room first), X the non-derivative hunting grounds other Methuselahs control.
_POACHED = emptiest(cards_with(locations_of_others, "hunting ground", without=("derivative",)), _FEEDABLE_ANARCHS)


# Chantry: a Tremere in torpor (its controller's: the rest of the table's Tremere are theirs to rescue); the blood
# burned from its ready Tremere with the most.
_TORPID_TREMERE = Minions(clan="Tremere", ready=False, torpid=True)
_TREMERE_WITH_BLOOD = Minions(clan="Tremere", min_blood=1)


# -- Wasserschloss Anif, Alamut, Powerbase: Barranquilla -------------------------------------------------------------


@hook("bleed_pool_burned", "Alamut")
def _alamut_before(game: Game, act: Action, pay: int) -> int:
    """The bled Methuselah's pool before the bleed burns it (read after resolution: the pool lost)."""
    if 0 <= act.target < len(game.seats):
        act.flags["alamut pool"] = game.seats[act.target].pool + 1
    return pay


@hook("after_resolution", "Alamut")
def _alamut_counters(game: Game, act: Action) -> None:
    """After an Assamite its controller controls successfully bleeds, the pool lost goes on Alamut."""
    before = act.flags.get("alamut pool", 0) - 1
    m = game.minions.get(act.actor)
    if before < 0 or not act.flags.get("successful_bleed") or m is None or m.clan != "Assamite":
        return
    lost = before - (0 if game.seats[act.target].ousted else game.seats[act.target].pool)
    if lost <= 0:
        return
    wanted = vekn(game, "Alamut")
    for c in game.seats[act.seat].controlled:
        if game.card_of[c] == wanted:
            game.card_counters[c] = counters_on(game, c) + lost
            game.log("add blood", act.seat, c, lost)
            return


def _controls_ready_vampire(game: Game, play: Play) -> bool:
    return any(m.kind == VAMPIRE for m in ready_minions(game, play.seat))


# -- Events in play (The Fourth Cycle burns the Gehenna ones) ---------------------------------------------------------


def _events_in_play(game: Game) -> list[int]:
    types = game.compiled.types
    return [
        c
        for s in game.order
        for c in game.seats[s].controlled
        if c not in game.minions and "Event" in types.get(game.card_of[c], ())
    ]


# -- Yawp Court --------------------------------------------------------------------------------------------------------


@hook("before_referendum", "Yawp Court")
def _yawp_court(game: Game, act: Action, play: Play) -> Flow | None:
    """A successful political action, before its referendum: each Methuselah with an unlocked Yawp Court and a
    ready unlocked Sabbat vampire (its acting vampire aside) may lock both to have that vampire enter combat with
    the acting vampire; offered first when the referendum would cost the seat (its stakes) and the vampire has 3
    blood or more."""
    wanted = vekn(game, "Yawp Court")
    users = []
    for seat in game.order:
        yawp = next(
            (c for c in game.seats[seat].controlled if game.card_of[c] == wanted and c not in game.locked_cards), -1
        )
        fighters = [
            m
            for m in ready_minions(game, seat)
            if m.kind == VAMPIRE and m.sect == "Sabbat" and not m.locked and m.id != act.actor
        ]
        if yawp >= 0 and fighters:
            users.append((seat, yawp, sorted(fighters, key=lambda m: (-m.blood, m.id))))
    return _yawp_uses(game, act, play, users) if users else None


def _yawp_uses(game: Game, act: Action, play: Play, users: list[tuple[int, int, list[Minion]]]) -> Flow:
    for seat, yawp, fighters in users:
        if act.ended or game.finished or not is_ready(game, act.actor) or yawp in game.locked_cards:
            return
        mode = act.mode
        stake = mode.stakes(game, play, seat) if mode is not None and mode.stakes is not None else 0.0
        options = [Option(Kind.TERMS, seat, target=m.id, value=yawp) for m in fighters if not m.locked]
        if not options:
            continue
        want = seat != act.seat and stake < 0 and game.minions[options[0].target].blood >= 3
        keep = Option(Kind.PASS, seat)
        option = yield from choose(game, seat, [*options, keep] if want else [keep, *options])
        if option.kind is not Kind.TERMS:
            continue
        fighter = option.target
        game.locked_cards.add(yawp)
        game.minions[fighter].locked = True
        game.log("lock", seat, yawp)
        yield from enter_combat(game, act.actor, fighter, act)
        if game.finished:
            return
        if not is_ready(game, act.actor):
            act.ended = True  # no referendum (LSJ 20060902, LSJ 20090325-1)
            game.log("action ends", act.seat, act.actor)
            return
        if is_ready(game, fighter):
            take_damage(game, fighter, 2, 0)  # environmental, after the combat (RTR 19970630)


# -- Yoruba Shrine, The Rumor Mill -------------------------------------------------------------------------------------


_ASSAMITE = Minions(clan="Assamite")  # Yoruba Shrine: a ready Assamite of its controller's


# -- Powerbase: Madrid, Powerbase: Chicago ---------------------------------------------------------------------------


@hook("burn_instead", "Maabara")
def _maabara_burned(game: Game, act: Action, copy: int) -> bool:
    """Maabara burns, the cards on it first."""
    if game.card_of[copy] == vekn(game, "Maabara"):
        _maabara_burns(game, copy)
    return False


# -- Maabara ------------------------------------------------------------------------------------------------------------
# The cards moved onto Maabara, face down, wait in their owner's ``removed`` zone, each with a rider naming the copy of
# Maabara it is on ("on maabara"); they leave it for the top of the library, or for the ash heap as Maabara burns.


def _on_maabara(game: Game, copy: int) -> list[int]:
    return [r.value for r in game.riders if r.holder == copy and r.key == "on maabara"]


def _ash_heap_library_cards(game: Game, play: Play) -> Sequence[int]:
    """A library card of the player's ash heap, one copy of each card."""
    seen: set[int] = set()
    out = []
    for c in reversed(game.seats[play.seat].ash_heap):
        if c not in game.minions and game.card_of[c] not in seen and not game.compiled.cards[game.card_of[c]].is_crypt:
            seen.add(game.card_of[c])
            out.append(c)
    return out


def _to_maabara(game: Game, play: Play) -> None:
    s = game.seats[play.seat]
    if play.target in s.ash_heap:
        s.ash_heap.remove(play.target)
        s.removed.append(play.target)
        game.riders.append(Rider(play.card, "on maabara", play.target, Until.END_OF_GAME))
        game.log("remove from game", play.seat, play.target)


def _maabara_cards(game: Game, play: Play) -> Sequence[int]:
    if game.seats[play.seat].master_actions < 1:
        return []
    return [c for c in _on_maabara(game, play.card) if c in game.seats[play.seat].removed]


def _maabara_to_library(game: Game, play: Play) -> None:
    s = game.seats[play.seat]
    game.riders = [
        r for r in game.riders if not (r.holder == play.card and r.key == "on maabara" and r.value == play.target)
    ]
    if play.target in s.removed:
        s.removed.remove(play.target)
        s.library.append(play.target)  # the top card is the last
        game.log("ash heap to library", play.seat, play.target)


def _maabara_burns(game: Game, copy: int) -> None:
    """As Maabara burns, the cards on it go to their owner's ash heap."""
    for c in _on_maabara(game, copy):
        s = game.seats[game.owner_of[c]]
        if c in s.removed:
            s.removed.remove(c)
            s.ash_heap.append(c)
    game.riders = [r for r in game.riders if not (r.holder == copy and r.key == "on maabara")]


# -- Wall Street Night --------------------------------------------------------------------------------------------------


# -- Black Forest Base -------------------------------------------------------------------------------------------------


# -- Cave of Apples ---------------------------------------------------------------------------------------------------


# -- Carver's Meat Packing and Storage -------------------------------------------------------------------------------
# Hostage counters are riders on the vampire ("hostage"); they count only while a Carver's Meat Packing is in play
# ("after this card leaves play, burn all the hostage counters").

_CARVERS = "Carver's Meat Packing and Storage"


def _hostages(game: Game, minion: int) -> int:
    m = game.minions.get(minion)
    if m is None or not m.in_play or not game.riders:
        return 0
    return sum(r.value for r in game.riders if r.holder == minion and r.key == "hostage")


def _held_hostage(game: Game, minion: int) -> bool:
    return _hostages(game, minion) > 0 and bool(_copies_anywhere(game, _CARVERS))


@hook("torpor", _CARVERS)
def _carvers_takes_hostage(game: Game, minion_id: int) -> None:
    m = game.minions.get(minion_id)
    if m is not None and m.kind == VAMPIRE and m.capacity <= 3 and _copies_anywhere(game, _CARVERS):
        game.riders.append(Rider(minion_id, "hostage", 1, Until.END_OF_GAME))


@hook("may_leave_torpor", _CARVERS)
def _hostage_stays(game: Game, minion: int) -> bool:
    """ "Vampires with any hostage counters cannot be moved to the ready region" (rescue, leaving torpor)."""
    return not _held_hostage(game, minion)


@hook("actor_may_target", _CARVERS)
def _hostage_not_diablerized(game: Game, actor: int, target: int) -> bool:
    """ "… or be diablerized": no action aims at a vampire held hostage in torpor."""
    m = game.minions.get(target)
    return m is None or not m.torpor or not _held_hostage(game, target)


@hook("unlock", _CARVERS)
def _ransom(game: Game, seat: int) -> None:
    """In its unlock phase, once a turn, a Methuselah whose vampire is held hostage has its ready vampire with the
    most blood (4 or more) burn 2 blood to burn that vampire's hostage counters (the biggest held first)."""
    if ("carver's ransom", game.turn) in game.used or not _copies_anywhere(game, _CARVERS):
        return
    held = sorted(
        (c for c in game.seats[seat].controlled if _held_hostage(game, c)), key=lambda c: (-game.minions[c].capacity, c)
    )
    payers = [m for m in ready_minions(game, seat) if m.kind == VAMPIRE and m.blood >= 4]
    if not held or not payers:
        return
    payer = max(payers, key=lambda m: (m.blood, -m.id))
    game.used.add(("carver's ransom", game.turn))
    move_blood(game, payer.id, -2)
    game.log("burn blood", seat, payer.id, 2)
    game.riders = [r for r in game.riders if not (r.holder == held[0] and r.key == "hostage")]


def _hostages_held(game: Game, play: Play) -> bool:
    return any(_held_hostage(game, m.id) for m in game.minions.values())


def _blood_for_hostages(game: Game, play: Play) -> None:
    x = sum(1 for m in game.minions.values() if _held_hostage(game, m.id))
    if play.target in game.minions and x:
        gained = move_blood(game, play.target, x)
        game.log("add blood", play.seat, play.target, gained)


# -- Filchware's Pawn Shop --------------------------------------------------------------------------------------------


def _filchware_cost(game: Game, play: Play, copy: int) -> tuple[int, int] | None:
    """The equip handler's blood and pool cost from this ash heap (+1 pool from its own controller's, else 1 less
    pool or blood), or None for a card that cannot be equipped this way."""
    owner = game.owner_of[copy]
    handler = next((h for h in game.compiled.actions.get(game.card_of[copy], ()) if "Equipment" in h.types), None)
    m = game.minions.get(play.minion)
    if handler is None or m is None or is_location(game, copy) or handler.mode.limit_scope == "game":
        return None
    if not may_play(game, handler, m):
        return None
    blood, pool = handler.blood, handler.pool
    if owner == play.seat:
        pool += 1
    elif pool:
        pool -= 1
    else:
        blood = max(0, blood - 1)
    if (blood and (m.kind != VAMPIRE or m.blood < blood)) or game.seats[play.seat].pool <= pool:
        return None
    if handler.unique and any(game.card_of[c] == game.card_of[copy] for x in game.minions.values() for c in x.cards):
        return None
    return blood, pool


def _pawned_equipment(game: Game, play: Play) -> Sequence[int]:
    """A non-location equipment card of any Methuselah's ash heap (one copy of each card an ash heap) that the minion
    may play and pay for."""
    out = []
    for seat in game.order:
        seen: set[int] = set()
        for c in reversed(game.seats[seat].ash_heap):
            if game.card_of[c] in seen:
                continue
            seen.add(game.card_of[c])
            if _filchware_cost(game, play, c) is not None:
                out.append(c)
    return out


def _equip_from_ash_heap(game: Game, play: Play) -> None:
    """The equipment leaves its ash heap for the acting minion, the cost paid now (at resolution)."""
    m = game.minions.get(play.minion)
    heap = game.seats[game.owner_of[play.target]].ash_heap if play.target >= 0 else []
    cost = _filchware_cost(game, play, play.target) if play.target in heap else None
    if m is None or cost is None:
        return
    blood, pool = cost
    if blood:
        move_blood(game, m.id, -blood)
    if pool:
        economy.burn_pool(game, play.seat, pool)
    heap.remove(play.target)
    m.cards.append(play.target)
    game.log("equip", play.seat, m.id, play.target)


# -- Ruins of Charizel --------------------------------------------------------------------------------------------------


# -- The Slow Withering, The Fourth Cycle (Gehenna) -------------------------------------------------------------------


def _gehenna_in_play(game: Game) -> list[int]:
    return [c for c in _events_in_play(game) if gehenna_event(game, c)]


# "Gehenna events cannot be played" while The Fourth Cycle is in play (Blood Weakens, The Slow Withering, Veil of
# Darkness); The Slow Withering "requires 1 or more other Gehenna events in play", The Fourth Cycle 2 or more.
_GEHENNA_PLAYABLE = GehennaEventsInPlay(barred_by="Fourth Cycle, The")


def _fourth_cycle(game: Game, play: Play) -> None:
    """After it enters play: every Gehenna event burns (no conviction card is modelled), then every vampire of
    capacity 3 or less in play goes to torpor."""
    for c in _gehenna_in_play(game):
        if game.card_of[c] == vekn(game, "Veil of Darkness"):
            burn_replacing(game, c)  # "do not replace as long as this card is in play": replaced now
        else:
            burn_card(game, c)
    for m in sorted(game.minions.values(), key=lambda m: m.id):
        if m.kind == VAMPIRE and m.in_play and not m.torpor and m.capacity <= 3:
            go_to_torpor(game, m.id)


# -- The British Museum, London ---------------------------------------------------------------------------------------

_MUSEUM = "British Museum, London, The"
_NOT_MUNDANE = re.compile(r"\b(electronic|vehicle|weapon)\b", re.IGNORECASE)


def _mundane_equipment(game: Game, vekn_id: int) -> bool:
    """A non-electronic, non-vehicle, non-weapon equipment card (read from its type line: ANK 20220824)."""
    card = game.compiled.cards[vekn_id]
    return "Equipment" in card.types and not _NOT_MUNDANE.search((card.text or "").split("\n", 1)[0])


def _controls_museum(game: Game, seat: int) -> bool:
    return seat >= 0 and any(game.card_of[c] == vekn(game, _MUSEUM) for c in game.seats[seat].controlled)


@hook("cost_less", _MUSEUM)
def _museum_discount(game: Game, minion: int, handler: Any, paying: bool) -> tuple[int, int]:
    """ "Non-electronic, non-vehicle, non-weapon equipment cards cost minions you control -1 blood or pool to equip"
    (equipped from the hand or not: ANK 20221026)."""
    if "Equipment" not in handler.types or not _mundane_equipment(game, handler.card):
        return 0, 0
    if not _controls_museum(game, controller(game, minion)):
        return 0, 0
    return (1, 0) if handler.blood else (0, 1)


def _museum_equipment(game: Game, play: Play) -> Sequence[int]:
    """After a successful action of a minion of the Museum's controller, still in play and not yet unlocked this way
    this turn: the mundane equipment cards of the hand it may play and pay for."""
    act = play.frame
    if not isinstance(act, Action) or act.seat != play.seat or not act.succeeded:
        return []
    m = game.minions.get(act.actor)
    if m is None or not m.in_play or m.torpor or ("museum unlock", m.id, game.turn) in game.used:
        return []
    out = []
    for c in game.seats[play.seat].hand:
        handler = next((h for h in game.compiled.actions.get(game.card_of[c], ()) if "Equipment" in h.types), None)
        if handler is None or not _mundane_equipment(game, game.card_of[c]) or not may_play(game, handler, m):
            continue
        blood, pool = card_cost(game, handler, play.seat, m.id)
        if game.seats[play.seat].pool > pool and (not blood or m.blood >= blood):
            out.append(c)
    return out


def _museum_equip(game: Game, play: Play) -> None:
    """The acting minion unlocks and equips with the card from the hand, paying its cost (less 1)."""
    act = play.frame
    s = game.seats[play.seat]
    m = game.minions.get(act.actor) if isinstance(act, Action) else None
    handler = next(
        (h for h in game.compiled.actions.get(game.card_of[play.target], ()) if "Equipment" in h.types), None
    )
    if m is None or handler is None or play.target not in s.hand:
        return
    game.used.add(("museum unlock", m.id, game.turn))
    blood, pool = card_cost(game, handler, play.seat, m.id, paying=True)
    if m.locked:
        m.locked = False
        game.log("unlock", play.seat, m.id)
    if blood:
        move_blood(game, m.id, -blood)
    if pool:
        economy.burn_pool(game, play.seat, pool)
    s.hand.remove(play.target)
    m.cards.append(play.target)
    game.log("equip", play.seat, m.id, play.target)
    refill(game, play.seat)


# -- The Shard, The Line ------------------------------------------------------------------------------------------------


def _any_card(game: Game, handler: Any, seat: int, minion: int) -> bool:
    return True


def _action_card_of_own_vampire(game: Game, handler: Any, seat: int, minion: int) -> bool:
    """An action card (equipment, ally, retainer and political actions too: ANK 20181007) played by a vampire
    (not an ally playing it as a vampire: ANK 20200605)."""
    m = game.minions.get(minion)
    return handler.mode.window is W.ACTION and m is not None and m.kind == VAMPIRE


lock_to_discount("Shard, London, The", 2, _any_card, edge=True)
lock_to_discount("Line, The", 1, _action_card_of_own_vampire, blood_only=True)
removal_stealth("Shard, London, The", 1, clan="Ventrue")


# -- Channel 10, Elysium: The Palace of Versailles, The Hungry Coyote --------------------------------------------------


@hook("announced", "Channel 10")
def _mark_first_action(game: Game, act: Action) -> None:
    """The first action of a minion phase, marked as it is announced: an action cancelled as it is played
    (Direct Intervention) is never announced and leaves the next one the first (LSJ 20100505); one cancelled
    later (Tangle Atropos' Hand) was the first (ANK 20210124)."""
    if ("first action", game.turn) not in game.used:
        game.used.add(("first action", game.turn))
        act.flags["first action"] = 1


def _not_first_action(game: Game, play: Play) -> bool:
    act = play.frame
    return isinstance(act, Action) and not act.flags.get("first action")


# "Sabbat vampires you control get +1 hunt"
card_gives("hunt", "Hungry Coyote, The", 1, Minions(sect="Sabbat"), each_copy=False)


# -- Secure Haven -----------------------------------------------------------------------------------------------------------------


# -- the cards ------------------------------------------------------------------------------------------------------------------

card(
    "Carfax Abbey",
    Mode(window=W.MASTER, when=_ready_anarch, effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        targets=_FEEDABLE_ANARCHS,
        effects=_CARFAX,
        label="1 blood to a ready Anarch (2 Anarchs with a baron)",
    ),
    notes="Unique location: not played while a copy is in play (contesting not modelled). With a ready baron the "
    "second Anarch fed is the one with most room for blood, not a choice. Hunting grounds share a 'hunting ground' "
    "mark per vampire per turn.",
)
card(
    "Rack, The",
    Mode(window=W.MASTER, targets=own_ready_vampires, effects=(PutInPlay(), _rack_choose)),
    Mode(window=W.UNLOCK, in_play=True, targets=_rack_targets, effects=(_rack,), label="2 blood to the chosen vampire"),
    notes="Unique location (contesting not modelled). Stolen by a (D) action of another Methuselah's vampire; its "
    "new controller chooses at once (the 'card_stolen' hook). The chosen vampire is always its controller's "
    "(minions never change control in the engine), so the gain is its controller's own choice.",
    steal="vampire",
)
card(
    "Papillon",
    Mode(window=W.MASTER, when=has_targets(Minions(titles=CITY_TITLES)), effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        targets=Minions(titled=True, feedable=True),
        effects=(_hunting_ground(2),),
        label="2 blood to a ready titled vampire",
    ),
    notes="Unique location: not played while a copy is in play (contesting not modelled). Hunting grounds share a "
    "'hunting ground' mark per vampire per turn.",
)
card(
    "Barrens, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=hand_cards,
        effects=(LockThisCard(), DiscardTarget()),
        label="lock: discard a card and draw",
    ),
    notes="Unique location (contesting not modelled). 'You can lock this card' is offered in its controller's "
    "master phase only.",
)
card(
    "Ecoterrorists",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        targets=uncontrolled_of_clan("Gangrel"),
        effects=(LockThisCard(), AddBlood(1)),
        label="lock: 1 blood to an uncontrolled Gangrel",
    ),
    notes="Unique location (contesting not modelled). Offered at the start of the influence phase.",
)
card(
    "Backways",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=stealth_needed_by(clan="Gangrel"),
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth to a Gangrel",
    ),
    notes="Unique location (contesting not modelled). The stealth is given to its controller's acting Gangrel "
    "only, during a block attempt that would succeed.",
)
card(
    "Opium Den",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=stealth_needed_by(clan="Follower of Set"),
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth to a Follower of Set",
    ),
    notes="Unique location (contesting not modelled). The stealth is given to its controller's acting Follower of "
    "Set only, during a block attempt that would succeed.",
)
card(
    "Creepshow Casino",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.ANNOUNCED,
        in_play=True,
        when=_own_undirected_vampire_action,
        effects=(LockThisCard(), StealthNow(1)),
        label="lock: +1 stealth to an undirected action",
    ),
    notes="Unique location (contesting not modelled).",
)
card(
    "KRCG News Radio",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=True),
        effects=(LockThisCard(), Intercept(1)),
        label="lock: +1 intercept to a minion you control",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(_blocker_of(own=False), pool_at_least(2)),
        effects=(LockThisCard(), BurnPool(1), Intercept(1)),
        label="lock, burn 1 pool: +1 intercept to another Methuselah's minion",
    ),
    notes="Unique location (contesting not modelled). The intercept goes to a blocking minion, during its block "
    "attempt (only as needed).",
)
card(
    "Anarch Free Press, The",
    Mode(window=W.MASTER, when=_ready_anarch, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=True, sect="Anarch"),
        effects=(LockThisCard(), Intercept(1)),
        label="lock: +1 intercept to an Anarch",
    ),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=all_of(ActionIs(own=True, actor_sect="Anarch"), successful_hunt, actor_below_capacity),
        effects=(LockThisCard(), BloodToActor(1)),
        label="lock: 1 blood to the Anarch that hunted",
    ),
    notes="Unique (not played while a copy is in play). The intercept goes to its controller's blocking Anarch "
    "(only as needed); the blood to its controller's Anarch that hunted.",
)
card(
    "Zoo Hunting Ground",
    Mode(window=W.MASTER, when=_ready_of_clan("Gangrel"), effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        targets=_zoo_targets,
        effects=(_hunting_ground(1),),
        label="1 blood to a ready vampire",
    ),
    notes="Unique location (contesting not modelled). Its Gangrel requirement: played with a ready Gangrel. Hunting "
    "grounds share a 'hunting ground' mark per vampire per turn.",
)
card(
    "Ennoia's Theater",
    Mode(window=W.MASTER, when=_ready_of_clan("Gangrel", "Gangrel antitribu"), effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        effects=(LockThisCard(), HandSizeThisTurn(1)),
        label="lock: +1 hand size this turn",
    ),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        effects=(LockThisCard(), GainTransfers(1)),
        label="lock: +1 transfer",
    ),
    notes="Unique location (contesting not modelled). Its requirement: played with a ready Gangrel or Gangrel "
    "antitribu (ANK 20190203). The hand size lock is offered in the master phase, the transfer at the start of the "
    "influence phase.",
)
card(
    "Metro Underground",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique location (contesting not modelled). Its discard phase unlock (DiscardPhase.unlock_for_pool) is "
    "offered as the phase starts: the biggest locked vampire first, declined first below 6 pool.",
    discard_phase=DiscardPhase(unlock_for_pool=1),
)
card(
    "New Carthage",
    Mode(window=W.MASTER, when=_ready_of_clan("Brujah"), effects=(PutInPlay(),)),
    notes="Unique location (contesting not modelled). Its Brujah requirement: played with a ready Brujah. The bleed "
    "and votes are hooks; two copies (contested) would still count once.",
)
for _name, _clan in (
    ("Library Hunting Ground", "Tzimisce"),
    ("Academic Hunting Ground", "Tremere"),
    ("Asylum Hunting Ground", "Malkavian"),
    ("Warzone Hunting Ground", "Brujah"),
    ("University Hunting Ground", "Tremere antitribu"),
    ("Society Hunting Ground", "Toreador"),
    ("Temple Hunting Ground", "Follower of Set"),
    ("Park Hunting Ground", "Ravnos"),
    ("Political Hunting Ground", "Lasombra"),
    ("Underworld Hunting Ground", "Assamite"),
    ("Uptown Hunting Ground", "Ventrue"),
):
    card(
        _name,
        Mode(window=W.MASTER, when=_ready_of_clan(_clan), effects=(PutInPlay(),)),
        Mode(
            window=W.UNLOCK,
            in_play=True,
            targets=_zoo_targets,
            effects=(_hunting_ground(1),),
            label="1 blood to a ready vampire",
        ),
        notes=f"Unique location (contesting not modelled). Its {_clan} requirement: played with a ready {_clan}. "
        "Hunting grounds share a 'hunting ground' mark per vampire per turn.",
    )
card(
    "Elysian Fields",
    Mode(window=W.MASTER, when=_ready_of_clan("Lasombra"), effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=stealth_needed_by(clan="Lasombra"),
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth to a Lasombra",
    ),
    notes="Unique location (contesting not modelled). Its Lasombra requirement: played with a ready Lasombra. The "
    "stealth is given to its controller's acting Lasombra only, during a block attempt that would succeed.",
)
card(
    "Art Museum",
    Mode(window=W.MASTER, when=_ready_of_clan("Toreador"), effects=(PutInPlay(),)),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        targets=uncontrolled_of_clan("Toreador"),
        effects=(LockThisCard(), AddBlood(1)),
        label="lock: 1 blood to an uncontrolled Toreador",
    ),
    notes="Unique location (contesting not modelled). Its Toreador requirement: played with a ready Toreador. "
    "Offered at the start of the influence phase.",
)
card(
    "Gangrel Revel",
    Mode(window=W.MASTER, when=_ready_of_clan("Gangrel"), effects=(PutInPlay(),)),
    notes="Unique (not played while a copy is in play). Its Gangrel requirement: played with a ready Gangrel. The "
    "strength is the 'strength' hook.",
    burn="non-Ravnos minion",
)
card(
    "Fragment of the Book of Nod",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(window=W.MASTER, in_play=True, effects=(LockThisCard(), DrawCards(2)), label="lock: draw 2 cards"),
    notes="Unique (not played while a copy is in play). The lock is offered in its controller's master phase only.",
    steal="vampire",
)
card(
    "Heidelberg Castle, Germany",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=_heidelberg_sources,
        values=_heidelberg_amounts,
        effects=(LockThisCard(), _heidelberg),
        label="lock: move blood, equipment and retainers between two ready vampires",
    ),
    notes="Unique location (contesting not modelled). Used in its controller's master phase (never during an "
    "action); the vampire moved from is the target, the blood moved the value, the vampire moved to and each "
    "equipment or retainer moved are chosen as it resolves (no card of the engine forbids an equipment).",
)
card(
    "Warsaw Station",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.ANNOUNCED,
        in_play=True,
        when=ActionIs(own=True, directed=False, aimed=False, actor_kind=VAMPIRE, actor_clan="Nosferatu"),
        effects=(LockThisCard(), UnlockAfterSuccess(clan="Nosferatu")),
        label="lock: the Nosferatu unlocks after a successful action",
    ),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=Minions(clan="Nosferatu", ready=False, torpid=True),
        effects=(BurnThisCard(), ToReadyRegion()),
        label="burn: a Nosferatu in torpor to the ready region",
    ),
    notes="Unique location (contesting not modelled). The burn is offered in its controller's master phase (not "
    "during an action).",
)
card(
    "Monastery of Shadows",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=stealth_needed_by(capacity=8),
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth to a vampire with capacity 8 or more",
    ),
    notes="Unique location (contesting not modelled). The stealth is given to its controller's acting vampire "
    "only, during a block attempt that would succeed.",
    controller=Controller(hand_size=1),
)
card(
    "Garibaldi-Meucci Museum",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        targets=_museum_targets,
        effects=(_museum_exchange,),
        label="lock, burn 1 pool: exchange a hand card for an Anarch card",
    ),
    Mode(
        window=W.BEFORE_RANGE,
        in_play=True,
        when=CombatBetween(Minions(sect="Anarch")),
        effects=(LockThisCard(), EndCombat()),
        label="lock: end a combat between Anarchs",
    ),
    notes="Unique location (contesting not modelled). The card given from the hand is chosen by a fixed rule "
    "(unmodelled, then a second copy, then the oldest); 'requiring an Anarch' is read from the card's "
    "requirement text (Anarch or baron, not 'non-').",
)
card(
    "Club Illusion",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.ANNOUNCED,
        in_play=True,
        when=own_bleed_by("Anarch", blood=1),
        effects=(ActorBurnsBlood(1), Bleed(1, limited=False)),
        limit="club illusion",
        limit_scope="action",
        label="burn 1 blood: +1 bleed",
    ),
    notes="Unique location (contesting not modelled).",
)
card(
    "Anarch Railroad",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=stealth_needed_by(sect="Anarch"),
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth to an Anarch",
    ),
    notes="Unique location (contesting not modelled). The stealth is given to its controller's acting Anarch "
    "only, during a block attempt that would succeed.",
)
card(
    "Secure Haven",
    Mode(window=W.MASTER, targets=Minions(kind=None, without=("Secure Haven",)), effects=(PutOnTarget(),)),
    notes="Unique (contesting not modelled); put on a ready minion. Other Methuselahs' action cards cannot target "
    "the minion (Bearer.untargetable_by_others); the +1 pool on master cards targeting it and political terms "
    "choosing it are not modelled.",
    bearer=Bearer(untargetable_by_others=True, burns_on_torpor=True),
)
card(
    "Fortune Teller Shop",
    Mode(window=W.MASTER, when=_ready_of_clan("Ravnos"), effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=stealth_needed_by(clan="Ravnos"),
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth to a Ravnos",
    ),
    notes="Unique location (contesting not modelled). Its Ravnos requirement: played with a ready Ravnos. The "
    "stealth is given to its controller's acting Ravnos (another Methuselah's action is never helped by the bots), "
    "during a block attempt that would succeed.",
)
card(
    "Labyrinth, The",
    Mode(window=W.MASTER, when=_ready_of_clan("Nosferatu"), effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=stealth_needed_by(clan="Nosferatu"),
        effects=(LockThisCard(), Stealth(1)),
        label="lock: +1 stealth to a Nosferatu",
    ),
    notes="Unique location (contesting not modelled). Its Nosferatu requirement: played with a ready Nosferatu. The "
    "stealth is given to its controller's acting Nosferatu only, during a block attempt that would succeed.",
)
card(
    "Market Square",
    Mode(window=W.MASTER, when=_ready_of_clan("Assamite"), effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=True, clan="Assamite"),
        effects=(LockThisCard(), Intercept(1)),
        label="lock: +1 intercept to an Assamite",
    ),
    notes="Unique location (contesting not modelled). Its Assamite requirement: played with a ready Assamite. The "
    "intercept goes to its controller's blocking Assamite (only as needed).",
)
card(
    "Channel 10",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(_blocker_of(own=True), _not_first_action),
        effects=(LockThisCard(), Intercept(2)),
        label="lock: +2 intercept to a minion you control",
    ),
    notes="Unique location (contesting not modelled). The intercept goes to a blocking minion of its controller's "
    "(only as needed), never during the first action of a minion phase (the 'announced' hook marks it).",
)
card(
    "Ventrue Headquarters",
    Mode(window=W.MASTER, when=_ready_of_clan("Ventrue"), effects=(PutInPlay(),)),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=in_polling,
        effects=(LockThisCard(), ExtraVotes(3)),
        label="lock: +3 votes",
    ),
    notes="Unique location (contesting not modelled). Its Ventrue requirement: played with a ready Ventrue. The "
    "engine's blood hunts have no polling step, so the votes are used in political actions' referendums.",
)
card(
    "Black Throne, The",
    Mode(window=W.MASTER, when=_ready_of_clan("Assamite"), effects=(PutInPlay(),)),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=in_polling,
        effects=(LockThisCard(), ExtraVotes(2)),
        label="lock: +2 votes",
    ),
    notes="Unique location (contesting not modelled). Its Assamite requirement: played with a ready Assamite. The "
    "engine's blood hunts have no polling step. No contract card is modelled, so its contract clause (lock to gain "
    "1 pool after a minion with a contract leaves the ready region) never has a contract to read.",
)
card(
    "Elysium: The Palace of Versailles",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=all_of(in_polling, has_targets(Minions(sect="Camarilla", titled=True))),
        effects=(LockThisCard(), OwnVotesEach(1, to=Minions(sect="Camarilla", titled=True))),
        label="lock: +1 vote each titled Camarilla vampire you control",
    ),
    notes="Unique location (contesting not modelled). Every referendum with a polling step in the engine is a "
    "political action's.",
)
card(
    "Hungry Coyote, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique location (contesting not modelled). The +1 hunt is the 'hunt' hook.",
)
card(
    "Arcane Library",
    Mode(window=W.MASTER, when=_ready_of_clan("Tremere"), effects=(PutInPlay(),)),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        targets=uncontrolled_of_clan("Tremere"),
        effects=(LockThisCard(), AddBlood(1)),
        label="lock: 1 blood to an uncontrolled Tremere",
    ),
    notes="Unique location (contesting not modelled). Its Tremere requirement: played with a ready Tremere. "
    "Offered at the start of the influence phase.",
)
card(
    "Slaughterhouse, The",
    Mode(window=W.MASTER, when=_ready_of_clan("Harbinger of Skulls"), effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        effects=(LockThisCard(), MillPreyLibrary(2)),
        label="lock: burn the top 2 cards of your prey's library",
    ),
    notes="Not unique. Its Harbinger of Skulls requirement: played with a ready Harbinger of Skulls. The lock is "
    "offered in its controller's master phase.",
)
card(
    "Powerbase: Los Angeles",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.DISCARD,
        in_play=True,
        when=_own_discard_phase,
        targets=hand_cards,
        effects=(LockThisCard(), _la_discard),
        label="lock: +1 discard phase action (an Anarch card discarded unlocks a ready Anarch)",
    ),
    notes="Unique location (contesting not modelled). The extra discard phase action is used as it is gained, to "
    "discard a card (not to play an event); a card requiring an Anarch or a baron, or making a vampire Anarch, then "
    "lets its player unlock one of its own ready Anarchs. Stolen by a (D) action of another Methuselah's Anarch.",
    steal="Anarch",
)
card(
    "Powerbase: Savannah",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BEFORE_RANGE,
        in_play=True,
        when=own_acting_vampire_fighting,
        targets=cards_with(own_unlocked_locations(), "unique"),
        effects=(LockTargetCard(), EndCombat()),
        label="lock another unique location: end combat",
    ),
    notes="Unique location (contesting not modelled). The combat ended is one of its controller's acting vampire "
    "(the acting side of the combat: ANK 20230814). Stolen by a (D) action of another Methuselah's vampire.",
    steal="vampire",
)
card(
    "Narrow Minds",
    Mode(window=W.DISCARD, effects=(DoNotReplace(Until.NEXT_UNLOCK), PutInPlay())),
    notes="An event: played in the discard phase for the discard phase action; replaced at its player's next unlock "
    "phase, before the cards unlock (ANK 20200129). The +1 cost is the 'blood_cost' hook on the modes that change a "
    "bleed's target (Redirect); an ally playing one pays blood the engine has it pay (no ally plays a redirect card "
    "in the engine).",
)
card(
    "Poacher's Hunting Ground",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=has_targets(_POACHED),
        effects=(HuntingGroundEach(1, _POACHED),),
        label="1 blood to each of up to X ready Anarchs",
    ),
    notes="Not unique. X is read as it is used: the hunting grounds (first line 'Hunting ground') other "
    "Methuselahs control that are not derivative. The Anarchs fed are the ones with most room for blood (all of them "
    "up to X: gaining blood is never declined). Hunting grounds share a 'hunting ground' mark per vampire per turn.",
)
card(
    "NRA PAC",
    Mode(window=W.DISCARD, effects=(PutInPlay(),)),
    notes="An event: played in the discard phase for the discard phase action. A successful equip action while it "
    "is in play marks the minion; the marked minions unlock as the turn's discard phase ends, the end of the turn "
    "(Everyone.unlock_after_equip).",
    everyone=Everyone(unlock_after_equip=True),
)
card(
    "WMRH Talk Radio",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=True),
        effects=(LockThisCard(), Intercept(1), BurnPoolUnlessBlocks(1)),
        label="lock: +1 intercept to a minion you control",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=False),
        effects=(LockThisCard(), Intercept(1), BurnPoolUnlessBlocks(1)),
        label="lock: +1 intercept to another Methuselah's minion",
    ),
    notes="Unique location (contesting not modelled). The intercept goes to a minion attempting to block (only as "
    "needed); if that minion does not block the action (more stealth after it), its controller burns 1 pool "
    "after resolution (the 'after_resolution' hook).",
)
card(
    "Chantry",
    Mode(window=W.MASTER, when=_ready_of_clan("Tremere"), effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=_TORPID_TREMERE,
        effects=(LockThisCard(), BurnPool(1), ToReadyRegion()),
        label="lock, burn 1 pool: a Tremere from torpor to the ready region",
    ),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=has_targets(_TREMERE_WITH_BLOOD),
        targets=_TORPID_TREMERE,
        effects=(LockThisCard(), OwnMinionBurnsBlood(_TREMERE_WITH_BLOOD), ToReadyRegion()),
        label="lock, burn 1 blood of a ready Tremere: a Tremere from torpor to the ready region",
    ),
    notes="Unique location (contesting not modelled). Its Tremere requirement: played with a ready Tremere. The "
    "Tremere moved is one of its controller's; the blood is burned from its ready Tremere with the most.",
)
card(
    "Wasserschloss Anif, Austria",
    Mode(window=W.MASTER, when=_ready_of_clan("Tremere"), effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=Minions(clan="Tremere", min_blood=1),
        effects=(BloodToThisCard(1),),
        limit="blood from a Tremere",  # "from one Tremere on any given turn" (RTR 19960221)
        limit_scope="turn",
        label="a Tremere moves 1 blood to this card",
    ),
    Mode(
        window=W.INFLUENCE,
        in_play=True,
        when=_has_counters,
        targets=uncontrolled_of_clan("Tremere"),
        effects=(LockThisCard(), CountersToTarget()),
        label="lock: move the counters to an uncontrolled Tremere",
    ),
    notes="Unique location (contesting not modelled). Its Tremere requirement: played with a ready Tremere. Blood "
    "from one Tremere a turn (RTR 19960221). The counters an uncontrolled vampire has no room for stay on the card. "
    "Any minion can burn it as a (D) action, Malkavians with +1 stealth.",
    burn="minion",
)
removal_stealth("Wasserschloss Anif, Austria", 1, clan="Malkavian")
card(
    "Alamut",
    Mode(window=W.MASTER, when=_ready_of_clan("Assamite"), effects=(PutInPlay(),)),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=all_of(in_polling, _has_counters, _controls_ready_vampire),
        values=_counters_of_card,
        effects=(BurnXCounters(), ExtraVotes(0, per_x=1)),
        label="burn X counters: +X votes",
    ),
    notes="Unique location (contesting not modelled). Its Assamite requirement: played with a ready Assamite. The "
    "pool lost to a successful bleed by an Assamite of its controller's goes on it (the 'bleed_pool_burned' and "
    "'after_resolution' hooks).",
)
card(
    "Powerbase: Barranquilla",
    Mode(window=W.MASTER, targets=_own_ready_sabbat, effects=(PutInPlay(), WithCounters(target_capacity=True))),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=_has_counters,
        effects=(CountersToPool(1, burn_when_empty=True),),
        label="1 blood from this card to your pool",
    ),
    notes="Unique location (contesting not modelled). Played with a ready Sabbat vampire, whose capacity is the "
    "blood put on it. Burned once it has no counters. Any vampire can burn it as a (D) action, titled ones with +1 "
    "stealth.",
    burn="vampire",
)
removal_stealth("Powerbase: Barranquilla", 1, titled=True)
card(
    "Shard, London, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique location (contesting not modelled). While its controller has the Edge it takes 2 off the blood, "
    "else the pool, cost of the first card with a cost its controller plays (minion cards too: ANK 20221102), and "
    "locks (the 'discount' hook, lock_to_discount: as an action is announced, so not for an action cancelled as "
    "played: ANK 20230620). Stolen by a (D) action of another Methuselah's vampire, Ventrue with +1 stealth.",
    steal="vampire",
)
card(
    "Line, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    notes="Unique location (contesting not modelled). It takes 1 blood off the cost of the first action card with a "
    "blood cost a vampire of its controller's plays, and locks (the 'discount' hook, lock_to_discount: as the action "
    "is announced, so not for an action cancelled as played: ANK 20230620). Stolen by a (D) action of another "
    "Methuselah's vampire.",
    steal="vampire",
)
card(
    "Uncoiling, The",
    Mode(window=W.DISCARD, effects=(PutInPlay(), DoNotReplace(Until.END_OF_GAME))),
    notes="An event: played in the discard phase for the discard phase action; its player's hand stays one card "
    "short while it is in play. As a discard phase starts (DiscardPhase): its controller's, another event burns at "
    "random; another Methuselah's, that Methuselah may spend a discard phase action and X pool to burn it (its "
    "owner's hand is then replaced).",
    discard_phase=DiscardPhase(burns_other_event=True, burned_for_pool_per_event=True),
)
card(
    "Yawp Court",
    Mode(window=W.MASTER, when=_ready_sabbat, effects=(PutInPlay(),)),
    notes="Unique location (contesting not modelled). Its requirement: played with a ready Sabbat vampire. Used "
    "through the 'before_referendum' hook: after the terms, before the polling, its controller may lock it and a "
    "ready unlocked Sabbat vampire to enter combat with the acting vampire (the action's combat: the acting vampire "
    "acts first); the acting vampire not ready after it, the action ends with no referendum (LSJ 20060902); else "
    "the Sabbat vampire, if still ready, takes 2 environmental damage (not prevented: no combat) and the "
    "referendum goes on.",
)
card(
    "Elysium: The Arboretum",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BEFORE_RANGE,
        in_play=True,
        when=CombatBetween(Minions(sect="Camarilla")),
        effects=(LockThisCard(), EndCombat()),
        label="lock: end a combat between Camarilla vampires",
    ),
    notes="Unique location (contesting not modelled). Any Camarilla vampire can burn it by a referendum (a +1 "
    "stealth political action).",
    burn="Camarilla referendum",
)
card(
    "Yoruba Shrine",
    Mode(window=W.MASTER, when=_ready_of_clan("Assamite"), effects=(PutInPlay(),)),
    Mode(
        window=W.BEFORE_BLOCKS,
        in_play=True,
        when=directed_at_own(_ASSAMITE),
        effects=(LockThisCard(), EndAction(unlock_actor=True)),
        label="lock: a directed action at your Assamite fails, the acting minion unlocks",
    ),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=terms_choose_own(_ASSAMITE),
        effects=(LockThisCard(), UnlockCaller(), CancelReferendum()),
        label="lock: a referendum choosing your Assamite fails, the acting minion unlocks",
    ),
    notes="Unique location (contesting not modelled). Its Assamite requirement: played with a ready Assamite. Used "
    "as the directed action is announced: in its controller's first window of the action, before any block "
    "(W.BEFORE_BLOCKS: the acting Methuselah's 'as announced' effects come first, LSJ 20081105), or in the "
    "polling step before the votes (the engine's polling window, cards before votes); the failed action ends "
    "without resolution, the failed referendum is cancelled (no votes, no terms).",
)
card(
    "Rumor Mill, Tabloid Newspaper, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=True, kind=VAMPIRE, min_blood=1),
        effects=(LockThisCard(), BlockerBurnsBlood(1), Intercept(1)),
        label="lock: a vampire you control burns 1 blood for +1 intercept",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=False, kind=VAMPIRE, min_blood=1),
        effects=(LockThisCard(), BlockerBurnsBlood(1), Intercept(1)),
        label="lock: another Methuselah's vampire burns 1 blood for +1 intercept",
    ),
    notes="Unique location (contesting not modelled). Locked during a block attempt (only as needed) for the "
    "vampire attempting to block, which burns 1 blood then for +1 intercept (the choice of vampire and its burn "
    "read together: the one vampire that can use the intercept).",
)
card(
    "NSA Trio",
    Mode(window=W.DISCARD, effects=(PutInPlay(),)),
    notes="An event: played in the discard phase for the discard phase action. The first combat each turn between "
    "an acting vampire and its blocking vampire is marked as it starts (Everyone.no_combat_ending_first_round): in "
    "its first round no 'strike: combat ends' is offered to either. In its discard phase a Methuselah whose minions "
    "announced no action this turn may spend a discard phase action to burn it (DiscardPhase.burned_if_no_action).",
    discard_phase=DiscardPhase(burned_if_no_action=True),
    everyone=Everyone(no_combat_ending_first_round=True),
)
card(
    "Powerbase: Madrid",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=counters_at_most(3),
        effects=(CounterOnThisCard(),),
        label="add 1 counter (3 or fewer on it)",
    ),
    Mode(
        window=W.POLLING,
        in_play=True,
        when=all_of(in_polling, _has_counters, has_targets(Minions(sect="Sabbat", titled=True))),
        effects=(LockThisCard(), ExtraVotes(0, per_counter=1)),
        label="lock: a titled Sabbat vampire gets +1 vote for each counter",
    ),
    notes="Unique location (contesting not modelled). The titled Sabbat vampire is one of its controller's (the "
    "votes are its controller's). Another Methuselah's vampire can burn all its counters as a (D) action (the "
    "engine's burn action, 'burn_instead': the card stays). The engine's blood hunts have no polling step.",
    burn="vampire",
    burn_instead="counters",
)
card(
    "Powerbase: Chicago",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        effects=(CounterOnThisCard(),),
        limit="unlock phase use",
        limit_scope="turn",
        label="1 blood from the bank to this card",
    ),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=_has_counters,
        effects=(CountersToPool(),),
        limit="unlock phase use",
        limit_scope="turn",
        label="all the blood on this card to your pool",
    ),
    notes="Unique location (contesting not modelled). One of its two unlock phase uses a turn. Another Methuselah's "
    "vampire can move all the blood on it to its controller's pool as a (D) action (the engine's burn action, "
    "'burn_instead': the card stays).",
    burn="vampire",
    burn_instead="counters to pool",
)
card(
    "Maabara",
    Mode(window=W.MASTER, when=_ready_of_clan("Harbinger of Skulls"), effects=(PutInPlay(),)),
    Mode(
        window=W.DISCARD,
        in_play=True,
        targets=_ash_heap_library_cards,
        effects=(LockThisCard(), _to_maabara),
        label="lock: a library card from your ash heap onto this card, face down",
    ),
    Mode(
        window=W.MASTER,
        in_play=True,
        targets=_maabara_cards,
        effects=(MasterActions(-1), _maabara_to_library),
        label="a master phase action: a card from this card to the top of your library",
    ),
    notes="Unique location (contesting not modelled). Its Harbinger of Skulls requirement: played with a ready "
    "Harbinger of Skulls. Its lock is offered in the discard phase (its own, or another Methuselah's), so that it has "
    "unlocked by its controller's next master phase, where the engine offers no locked card's ability. The cards on "
    "it wait face down in their owner's removed zone (a rider names the Maabara they are on); burned by a vampire's (D) action, it takes "
    "them to the ash heap (the 'burn_instead' hook, which lets it burn).",
    burn="vampire",
)
card(
    "Wall Street Night, Financial Newspaper",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=all_of(ActionIs(directed=False), _blocker_of(own=True)),
        effects=(LockThisCard(), Intercept(1)),
        label="lock: +1 intercept to a minion you control during an undirected action",
    ),
    notes="Unique location (contesting not modelled). The intercept goes to a blocking minion of its controller's "
    "(only as needed). No investment card is modelled (Protracted Investment, Short-Term Investment…), so its (D) "
    "action to move a counter from an investment card never has a card to aim at.",
)
card(
    "Black Forest Base",
    Mode(window=W.MASTER, when=_ready_sabbat, effects=(PutInPlay(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        political=True,
        stealth=1,
        when=all_of(own_card, self_vampire, in_sect("Sabbat")),
        effects=(GainPool(2),),
        limit="once each turn",
        limit_scope="turn",
        label="a Sabbat vampire calls a referendum: its controller gains 2 pool",
    ),
    notes="Unique location (contesting not modelled). Its requirement: played with a ready Sabbat vampire. The "
    "referendum is an action the card gives its controller's Sabbat vampires (a political action: no vote from a "
    "card played), once each turn whoever attempts it (LSJ 20091224, ANK 20180719-4). Changeling allies of other "
    "Methuselahs can burn it as a +1 stealth (D) action.",
    burn="Changeling ally",
)
removal_stealth("Black Forest Base", 1)
card(
    "Cave of Apples",
    Mode(window=W.MASTER, when=_ready_of_clan("Follower of Set"), effects=(PutInPlay(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        when=all_of(own_card, self_vampire, has_clan("Follower of Set")),
        targets=allies_or_younger(Minions(whose="prey", kind=None)),
        effects=(CorruptThenMaySteal(),),
        label="(D) 1 corruption counter on an ally or younger vampire of your prey; steal it with enough",
    ),
    notes="Unique location (contesting not modelled). Its Follower of Set requirement: played with a ready Follower "
    "of Set; the action it gives its controller's Followers of Set requires one (LSJ 20080604). The minion's cost is "
    "its card's pool or blood cost (vocabulary.minion_cost, as the corruption cards read it). The steal, when possible, is offered first (its player may pass); a stolen "
    "vampire changes control as an ally does (Game.stolen).",
)
card(
    "Carver's Meat Packing and Storage",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.MASTER,
        in_play=True,
        when=_hostages_held,
        targets=own_ready_vampires,
        effects=(LockThisCard(), _blood_for_hostages),
        label="lock: X blood to a ready vampire you control (X: the vampires held hostage)",
    ),
    notes="Unique location (contesting not modelled). Hostage counters are riders put as a vampire of capacity 3 or "
    "less goes to torpor ('torpor' hook), read only while a copy is in play (so burned as it leaves). A vampire "
    "held hostage is offered no rescue and no leaving torpor ('may_leave_torpor'), nor aimed at by an action "
    "('actor_may_target': diablerie; the other actions aiming at a vampire in torpor move it to the ready region). "
    "The ransom is its own unlock phase's: once a turn, a Methuselah whose vampire is held hostage has its ready "
    "vampire with the most blood (4 or more) burn 2 blood to burn that vampire's counters (not a choice, and not "
    "used on other Methuselahs' vampires).",
)
card(
    "Filchware's Pawn Shop",
    Mode(window=W.MASTER, trifle=True, effects=(PutInPlay(),)),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        stealth=1,
        targets=_pawned_equipment,
        effects=(_equip_from_ash_heap,),
        label="equip with an equipment card from an ash heap",
    ),
    notes="Unique location (contesting not modelled); a trifle (its master phase action back even if it contests). The action is offered to every "
    "Methuselah's minions: an undirected +1 stealth action whose target is the equipment card (one of each card an "
    "ash heap) the minion may play (its requirements: game.may_play) and pay for: its printed cost, 1 pool more from "
    "its own controller's ash heap, else 1 pool (or, with no pool cost, 1 blood) less, paid at resolution. Unique "
    "equipment already on a minion and cards played once a game (LSJ 20040518) are not offered. It is a card "
    "action (not counted as an equip action by NRA PAC).",
)
card(
    "Ruins of Charizel",
    Mode(window=W.MASTER, when=_ready_of_clan("Baali"), effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCKS_DECLINED,
        in_play=True,
        when=all_of(bleeding_you, _has_counters),
        values=_counters_of_card,
        effects=(BurnXCounters(), ReduceBleed(0, plus_x=True)),
        label="burn X counters: -X bleed against you",
    ),
    notes="Unique location (contesting not modelled). Its Baali requirement: played with a ready Baali. The pool "
    "paid to unlock its controller's infernal minions by their trait goes on it (UnlockPhase.infernal_pool_to_card): "
    "the infernal minions still locked as the unlock phase's abilities open and unlocked at its end paid 1 pool "
    "each (LSJ 20050228-2: not other unlocks). Burn X counters to reduce a bleed against its controller, once the "
    "blocks are declined. Its counters burn in its controller's predator's discard phase "
    "(DiscardPhase.counters_burn_in_predators_phase).",
    unlock_phase=UnlockPhase(infernal_pool_to_card=True),
    discard_phase=DiscardPhase(counters_burn_in_predators_phase=True),
)
card(
    "Slow Withering, The",
    Mode(
        window=W.DISCARD,
        when=GehennaEventsInPlay(1, barred_by="Fourth Cycle, The"),
        effects=(PutInPlay(), DoNotReplace(Until.END_OF_GAME, until_diablerie=True), GehennaEventPlayed()),
    ),
    notes="An event: played in the discard phase for the discard phase action, with another Gehenna event in play "
    "(none while The Fourth Cycle is). Its player's hand stays a card short until a vampire commits diablerie "
    "(Gehenna: the vocabulary's 'diablerie' hook). Cards played at a superior Discipline level cost +1 blood "
    "(Gehenna.superior_blood), paid with the cost (ANK 20190625); a diablerist ignores it until a Gehenna event is "
    "played.",
    gehenna=Gehenna(superior_blood=1),
)
card(
    "Fourth Cycle, The",
    Mode(window=W.DISCARD, when=GehennaEventsInPlay(2), effects=(PutInPlay(), _fourth_cycle)),
    notes="An event: played in the discard phase for the discard phase action, with 2 or more Gehenna events in "
    "play. As it enters play every Gehenna event burns (no conviction card is modelled) and every vampire of "
    "capacity 3 or less in play goes to torpor; while it is in play no Gehenna event is played.",
)
card(
    "British Museum, London, The",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        targets=_museum_equipment,
        effects=(_museum_equip,),
        label="the acting minion unlocks to equip with a non-electronic, non-vehicle, non-weapon equipment card",
    ),
    notes="Unique location (contesting not modelled). +1 hand size (Controller). After a successful action of a "
    "minion of its controller's, that minion may unlock (once a turn) to equip with such an equipment card from the "
    "hand, paying its cost; those equipment cards cost minions its controller controls 1 blood or pool less (the "
    "'cost_less' hook, equipped from the hand or not: ANK 20221026; the type read on the card: ANK 20220824).",
    controller=Controller(hand_size=1),
)
card(
    "Blood Weakens",
    Mode(
        window=W.DISCARD,
        when=_GEHENNA_PLAYABLE,
        effects=(PutInPlay(), DoNotReplace(Until.END_OF_GAME, until_diablerie=True), GehennaEventPlayed()),
    ),
    notes="A Gehenna event: played in the discard phase for the discard phase action (not while The Fourth Cycle is in "
    "play). Its player's hand stays a card short until a vampire commits diablerie (Gehenna: the vocabulary's "
    "'diablerie' hook; even if it is burned: LSJ 20080805). During an action a card requiring Disciplines played by a "
    "minion is not replaced until the action ends (a rider of the action, as the card would be replaced: "
    "Gehenna.unreplaced_during_action), unless its player's hand is then empty; a diablerist ignores it until a "
    "Gehenna event is played.",
    gehenna=Gehenna(unreplaced_during_action=True),
)
card(
    "Veil of Darkness",
    Mode(
        window=W.DISCARD,
        when=_GEHENNA_PLAYABLE,
        effects=(PutInPlay(), DoNotReplace(Until.END_OF_GAME), GehennaEventPlayed()),
    ),
    notes="A Gehenna event: played in the discard phase for the discard phase action (not while The Fourth Cycle is in "
    "play); its player's hand stays a card short while it is in play. A vampire's first card requiring Disciplines "
    "each turn (Gehenna.reveal_test, read as the card is played): its controller's top library card is revealed, and "
    "a master card makes the played card have no effect (cancelled as played, its cost unpaid; an action not taken). "
    "A diablerist ignores it until a Gehenna event is played (this one too, as it is played).",
    gehenna=Gehenna(reveal_test=True),
)


# -- Hackerspace: its counters (game.card_counters) grow with the Anarchs its controller gets; the Anarchs already
# counted are riders on the card (one per vampire), so each new one is counted once, at the next of the points the
# rules call (bring-outs, action resolutions, phase ends, a cost worked out) -----------------------------------------

_HACKERSPACE = "Hackerspace"
_COUNTED = "hackerspace: anarch counted"  # a rider on the card copy: the id of an Anarch already counted
_RESERVED = "hackerspace counters"  # an action's flag: the counters its cost will take, on success


def _anarchs_of(game: Game, seat: int) -> list[int]:
    return [
        c
        for c in game.seats[seat].controlled
        if (m := game.minions.get(c)) is not None and m.kind == VAMPIRE and m.in_play and m.sect == "Anarch"
    ]


def _hackerspaces(game: Game, seat: int) -> list[int]:
    wanted = vekn(game, _HACKERSPACE)
    return [c for c in game.seats[seat].controlled if c not in game.minions and game.card_of[c] == wanted]


def _hackerspace_sync(game: Game, seat: int) -> None:
    """1 counter on each of the seat's Hackerspaces for each of its Anarchs not yet counted (one that came into play
    under its control or became Anarch since)."""
    for copy in _hackerspaces(game, seat):
        counted = {r.value for r in game.riders if r.holder == copy and r.key == _COUNTED}
        for anarch in _anarchs_of(game, seat):
            if anarch not in counted:
                add_rider(game, copy, _COUNTED, anarch, Until.END_OF_GAME)
                game.card_counters[copy] = game.card_counters.get(copy, 0) + 1


def _hackerspace_in_play(game: Game, play: Play) -> None:
    """ "This card comes into play with 1 counter for each Anarch you control"."""
    game.riders = [r for r in game.riders if not (r.holder == play.card and r.key == _COUNTED)]
    game.card_counters[play.card] = 0
    _hackerspace_sync(game, play.seat)


@hook("brought_out", _HACKERSPACE)
def _hackerspace_brought_out(game: Game, seat: int, copy: int) -> None:
    _hackerspace_sync(game, seat)


@hook("after_resolution", _HACKERSPACE)
def _hackerspace_after_action(game: Game, act: Action) -> None:
    _hackerspace_sync(game, act.seat)


@hook("after_minion_phase", _HACKERSPACE)
def _hackerspace_after_minion_phase(game: Game, seat: int) -> None:
    for s in game.order:
        _hackerspace_sync(game, s)


@hook("cost_less", _HACKERSPACE)
def _hackerspace_pays(game: Game, minion: int, handler: Any, paying: bool) -> tuple[int, int]:
    """An Anarch of its controller pays an equipment's pool cost, then its blood cost, with the counters (all it
    can, by a fixed rule); an equip action takes them as its cost is paid, on success."""
    m = game.minions.get(minion)
    if (
        m is None
        or m.kind != VAMPIRE
        or m.sect != "Anarch"
        or handler.mode.in_play
        or "Equipment" not in game.compiled.types.get(handler.card, ())
        or not (handler.blood or handler.pool)
    ):
        return 0, 0
    seat = controller(game, minion)
    _hackerspace_sync(game, seat)
    copies = _hackerspaces(game, seat)
    left = sum(game.card_counters.get(c, 0) for c in copies)
    less_pool = min(left, handler.pool)
    less_blood = min(left - less_pool, handler.blood)
    if paying and less_pool + less_blood:
        game.used.add((_RESERVED, minion, less_pool + less_blood))
    return less_blood, less_pool


@hook("announced", _HACKERSPACE)
def _hackerspace_reserve(game: Game, act: Action) -> None:
    for key in [k for k in game.used if k[0] == _RESERVED and k[1] == act.actor]:
        game.used.discard(key)
        act.flags[_RESERVED] = key[2]


@hook("before_resolution", _HACKERSPACE)
def _hackerspace_spend(game: Game, act: Action) -> None:
    """The equip action succeeds: its cost is paid, the counters with it."""
    owed = act.flags.pop(_RESERVED, 0)
    for copy in _hackerspaces(game, act.seat):
        take = min(owed, game.card_counters.get(copy, 0))
        if take:
            game.card_counters[copy] -= take
            owed -= take
            game.log("hackerspace counters", act.seat, copy, take)


card(
    _HACKERSPACE,
    Mode(window=W.MASTER, effects=(PutInPlay(), _hackerspace_in_play)),
    notes="An Anarch arriving is counted at the next bring-out, action resolution or end of a minion phase (one that "
    "came and left in between is missed). The counters pay an equip action's cost by a fixed rule (all they can, "
    "pool first), taken as that cost is paid on success.",
)


# -- London Evening Star ------------------------------------------------------------------------------------------------

card(
    "London Evening Star, Tabloid Newspaper",
    Mode(window=W.MASTER, effects=(PutInPlay(),)),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=True),
        effects=(LockThisCard(), Intercept(1)),
        label="lock: +1 intercept to a minion you control",
    ),
    Mode(
        window=W.BLOCK_ATTEMPT,
        in_play=True,
        when=_blocker_of(own=False),
        effects=(LockThisCard(), Intercept(1)),
        label="lock: +1 intercept to another Methuselah's minion",
    ),
    notes="Unique location (contesting not modelled). The intercept goes to a minion attempting to block, during its "
    "block attempt (only as needed): the one minion it can help in the action.",
)


# -- Gurchon Hall -------------------------------------------------------------------------------------------------------


# "Requires a ready cardinal or regent" (read as its player controlling one); its two oldest ready vampires.
_TWO_OLDEST = oldest(2, Minions())
card(
    "Gurchon Hall",
    Mode(window=W.MASTER, when=has_targets(Minions(titles=("cardinal", "regent"))), effects=(PutInPlay(),)),
    Mode(
        window=W.UNLOCK,
        in_play=True,
        when=any_feedable(_TWO_OLDEST),
        effects=(HuntingGroundEach(1, _TWO_OLDEST),),
        label="1 blood to each of your two oldest ready vampires",
    ),
    notes="Unique location (contesting not modelled). Its requirement: played with a ready cardinal or regent. Of two "
    "vampires of one capacity, the first in play is the older; one that fed from another hunting ground this turn "
    "gets none.",
)
