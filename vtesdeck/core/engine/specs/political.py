"""Political actions (a +1 stealth action calling a referendum; the effects happen if it passes)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..cards import Attached, ChosenMethuselah, Controller, Mode, Play, ReferendumVotes, Role, card, hook
from ..frames import Action, Combat, Until
from ..state import ALLY, VAMPIRE, Game
from ..vocabulary import (
    Banish,
    BurnAll,
    BurnBlood,
    BurnTheEdge,
    CardsToTake,
    If,
    Minions,
    PoolChanges,
    PutInPlay,
    PutInPlayChoosingMethuselah,
    PutOnTarget,
    RemoveTargetFromGame,
    RemoveTargetTitle,
    TakePool,
    TakerTakesControl,
    TargetControllerBurnsPool,
    TitleOnTarget,
    UnlockTarget,
    add_rider,
    all_of,
    allocation_mode,
    allocations_among_others,
    allocations_with_caller_of,
    burn_card,
    burn_minion,
    carried_by_actor,
    choose,
    controller,
    current_action,
    equipment_of_others,
    has_blood,
    has_edge,
    has_targets,
    locations_in_play,
    methuselah_sets,
    methuselahs_to_choose,
    move_blood,
    not_carrying,
    own_minion_phase,
    ready_allies,
    ready_minions,
    ready_vampires_of_others,
    richer_methuselahs,
    rider_sum,
    seats_from,
    self_ready,
    titled_vampires,
    vampires_for_title,
    vekn,
    younger_ready_vampires_of_others,
)
from ..windows import W
from .permanent import location_controller

card(
    "Kine Resources Contested",
    allocation_mode(allocations_with_caller_of(4), 0),
    notes="The allocation is one of four patterns centred on the prey (the bot's choice), not any split.",
)


_CLANS: list[str] = []  # clan names interned as terms (a term is an int)


def _clan_terms(game: Game, play: Play) -> list[int]:
    """Consanguineous Boon's terms: a clan of a vampire in play, the best for the caller first (its own count
    minus the most any other seat gains)."""
    counts: dict[str, dict[int, int]] = {}
    for s in game.order:
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is not None and m.kind == VAMPIRE and m.clan:
                counts.setdefault(m.clan, {}).setdefault(s, 0)
                counts[m.clan][s] += 1
    for clan in sorted(counts):
        if clan not in _CLANS:
            _CLANS.append(clan)

    def worth(clan: str) -> tuple[int, str]:
        by = counts[clan]
        return (-(by.get(play.seat, 0) - max((n for s, n in by.items() if s != play.seat), default=0)), clan)

    return [_CLANS.index(clan) for clan in sorted(counts, key=worth)]


def _clan_count(game: Game, seat: int, term: int) -> int:
    clan = _CLANS[term] if 0 <= term < len(_CLANS) else None
    return sum(
        1
        for c in game.seats[seat].controlled
        if (m := game.minions.get(c)) is not None and m.kind == VAMPIRE and m.clan == clan
    )


def _boon(game: Game, play: Play) -> None:
    from ..economy import gain_pool

    for s in game.order:
        n = _clan_count(game, s, play.target)
        if n:
            gain_pool(game, s, n)
            game.log("gain pool", s, n)


card(
    "Parity Shift",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(richer_methuselahs),
        targets=richer_methuselahs,
        effects=(TakePool(3),),
    ),
    notes="All 3 pool go to the caller (the card lets the caller split them among several Methuselahs).",
)
card(
    "Banishment",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(younger_ready_vampires_of_others),
        targets=younger_ready_vampires_of_others,
        effects=(Banish(),),
    ),
    notes="Only other Methuselahs' vampires are offered as terms; retainers on a banished vampire stay on it.",
)
card(
    "Consanguineous Boon",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(_clan_terms),
        targets=_clan_terms,
        effects=(_boon,),
    ),
    notes="The Boon card type has no effect here.",
)


# -- Reckless Agitation, Camarilla's Iron Fist: points allocated among other Methuselahs -----------------------------


card(
    "Reckless Agitation",
    allocation_mode(allocations_among_others(6), 0),
    notes="The allocation is one of a few patterns centred on the prey (the bot's choice), not any split.",
)
card(
    "Camarilla's Iron Fist",
    allocation_mode(allocations_among_others(5), 1),
    notes="The chosen Methuselah who gains 1 pool is always the caller; the allocation is one of a few patterns "
    "centred on the prey among the others, not any split.",
)


# -- pool for each minion of a kind: Anarchist Uprising, Ancilla Empowerment, Political Stranglehold… -----------------

for _name in ("Anarchist Uprising", "Ancilla Empowerment"):
    card(_name, Mode(window=W.ACTION, political=True, effects=(PoolChanges(each=-1),)))
card(
    "Political Stranglehold",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(PoolChanges(each=3, counted=Minions(ready=False, min_capacity=8)),),
        limit="political stranglehold",
        limit_scope="game",
    ),
)
card(
    "Ancient Influence",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(PoolChanges(base=-5, biggest=1),),
        limit="ancient influence",
        limit_scope="game",
    ),
    notes="Each Methuselah chooses its ready vampire with the highest capacity (the choice that gains it most).",
)
card(
    "Reins of Power",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(PoolChanges(base=6, biggest=-1, predators=True),),
        limit="reins of power",
        limit_scope="game",
    ),
    notes="Each Methuselah chooses its ready vampire with the highest capacity (the choice only costs its prey pool).",
)
card("Autarkis Persecution", Mode(window=W.ACTION, political=True, effects=(PoolChanges(each=1),)))


card(
    "Conservative Agitation",
    allocation_mode(allocations_with_caller_of(), 0),
    notes="The allocation is one of four patterns centred on the prey (the bot's choice), not any split.",
)


# -- Neonate Breach: chosen Methuselahs burn 1 pool, 3 more with a small ready vampire ---------------------------------

card(
    "Neonate Breach",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(methuselah_sets),
        targets=methuselah_sets,
        effects=(PoolChanges(base=-1, more=-3, having=Minions(max_capacity=4), chosen=True),),
    ),
    notes="The chosen Methuselahs are every other Methuselah or one of them (the bot's choice), not any set: the "
    "caller is never chosen.",
)


# -- Cold War: a Methuselah burns 3 pool, a location burns ---------------------------------------------------------


def _cold_war_terms(game: Game, play: Play) -> list[tuple[int, int]]:
    """(Methuselah or -1, location or -1) pairs the caller may choose, as the bots consider them, best first: with
    a cardinal or regent calling, the prey and each other Methuselah's location together; then each other
    Methuselah; then each location (the caller's own last)."""
    others = [s for s in seats_from(game, play.seat) if s != play.seat]
    places = locations_in_play(game, play)
    theirs = [p for p in places if location_controller(game, p) != play.seat]
    mine = [p for p in places if location_controller(game, p) == play.seat]
    caller = game.minions.get(play.minion)
    out: list[tuple[int, int]] = []
    if caller is not None and caller.title in ("cardinal", "regent") and others:
        out += [(others[0], p) for p in theirs]
    out += [(s, -1) for s in others]
    out += [(-1, p) for p in theirs + mine]
    return out


def cold_war_choice(game: Game, play: Play) -> tuple[int, int]:
    terms = _cold_war_terms(game, play)
    return terms[play.target] if 0 <= play.target < len(terms) else (-1, -1)


def _cold_war(game: Game, play: Play) -> None:
    from ..economy import burn_pool

    seat, place = cold_war_choice(game, play)
    if place >= 0 and place in locations_in_play(game, play):
        burn_card(game, place)
        game.log("burn", game.owner_of[place], place)
    if seat >= 0 and not game.seats[seat].ousted:
        burn_pool(game, seat, 3)
        game.log("pool changed by referendum", seat, -3)


card(
    "Cold War",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(lambda game, play: range(len(_cold_war_terms(game, play)))),
        targets=lambda game, play: range(len(_cold_war_terms(game, play))),
        effects=(_cold_war,),
    ),
    notes="The terms are one of the pairs the bots consider (a cardinal's or regent's pair is the prey and another "
    "Methuselah's location), not any Methuselah with any location.",
)


# -- Disputed Territory: a Methuselah takes control of a location ----------------------------------------------------


# Any location in play and a Methuselah, another Methuselah's location to the caller first (none without a location
# in play: LSJ 20100129).
territory_terms = CardsToTake(locations_in_play)


card(
    "Disputed Territory",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(territory_terms),
        targets=territory_terms,
        effects=(TakerTakesControl(territory_terms),),
    ),
    notes="A location on a minion moves onto the new controller's first ready vampire; the same controller changes "
    "nothing (LSJ 19971002).",
)


# -- Revolutionary Council: X of your unlocked Anarchs lock, 2X points of pool burned --------------------------------


def _council_anarchs(game: Game, play: Play) -> list[int]:
    """The ready unlocked Anarchs the caller controls (the acting one is locked by then)."""
    return [m.id for m in ready_minions(game, play.seat) if m.kind == VAMPIRE and m.sect == "Anarch" and not m.locked]


def _council_terms(game: Game, play: Play) -> list[int]:
    """The terms the bots consider, best first, as 2X + pattern: each X from all the caller's unlocked Anarchs
    down to 1, with the 2X points all on the prey (pattern 0), then half on the prey and half on the next
    Methuselah (pattern 1). X and the points are fixed as the terms are chosen (LSJ 20081203)."""
    if game.prey(play.seat) == play.seat:
        return []
    split = len(game.order) > 2
    return [2 * x + p for x in range(len(_council_anarchs(game, play)), 0, -1) for p in ((0, 1) if split else (0,))]


def council_allocation(game: Game, play: Play) -> dict[int, int]:
    """The points each Methuselah is allocated by the chosen terms."""
    x, pattern = divmod(max(play.target, 0), 2)
    prey = game.prey(play.seat)
    rest = [s for s in game.order if s not in (play.seat, prey)]
    if pattern and rest:
        return {prey: x, rest[0]: x}
    return {prey: 2 * x} if x else {}


def _council(game: Game, play: Play) -> None:
    """The chosen Anarchs lock (the first X still unlocked: one locked during the vote is locked anyway), then
    each Methuselah burns 1 pool a point, more than it has if so (LSJ 20020819), ousts checked once after."""
    from ..economy import check_ousts

    for c in _council_anarchs(game, play)[: play.target // 2]:
        game.minions[c].locked = True
    for seat, points in sorted(council_allocation(game, play).items()):
        s = game.seats[seat]
        if not s.ousted:
            paid = min(points, s.pool)
            s.pool -= paid
            game.burned += paid
            game.log("pool changed by referendum", seat, -points)
    check_ousts(game)


card(
    "Revolutionary Council",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(_council_terms),
        targets=_council_terms,
        effects=(_council,),
    ),
    notes="The terms are one of the (X, allocation) pairs the bots consider: the first X of the caller's unlocked "
    "Anarchs, and the 2X points on Methuselahs only (all on the prey, or half on the prey and half on the next), "
    "never on locations or equipment.",
)


card(
    "Domain Challenge",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(PoolChanges(each=-1, counted=Minions(kind=None, ready=False, locked=True)),),
    ),
    notes="The locked minions are counted as the referendum passes (RTR 19941109).",
)


# -- Eat the Rich: chosen Methuselahs burn 1 pool, 3 more with a ready titled vampire; titles count less ----------


card(
    "Eat the Rich",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(methuselah_sets),
        targets=methuselah_sets,
        effects=(PoolChanges(base=-1, more=-3, having=Minions(titled=True), chosen=True),),
    ),
    notes="The chosen Methuselahs are every other Methuselah or one of them (the bot's choice), not any set; "
    "votes and ballots are one count (a priscus's -1 ballot is -1 vote).",
    referendum_votes=ReferendumVotes(titled=-1, edge=1),
)


# -- Rumors of Gehenna: two master phase actions ----------------------------------------------------------------------


card(
    "Rumors of Gehenna",
    Mode(window=W.ACTION, political=True, effects=(PutInPlay(),)),
    notes="The chosen Methuselah is the caller alone (the bot's choice), who controls the card in play.",
    controller=Controller(master_actions=1),
    burn="referendum",
)
card(
    "Permanent Vacation",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(ready_allies),
        targets=ready_allies,
        effects=(RemoveTargetFromGame(),),
    ),
)


# -- title cards: Lasombra Justicar, Toreador Justicar ---------------------------------------------------------------


for _clan in ("Lasombra", "Toreador"):
    card(
        f"{_clan} Justicar",
        Mode(
            window=W.ACTION,
            political=True,
            when=has_targets(vampires_for_title("justicar", _clan)),
            targets=vampires_for_title("justicar", _clan),
            effects=(TitleOnTarget("justicar"),),
        ),
        notes="Not called while a vampire in play holds the title (a contest for it is not modelled).",
        referendum_votes=ReferendumVotes(clan_bonus=_clan),  # "each [ready] Lasombra/Toreador gets +1 vote"
    )


# -- The Meddling of Semsith: -1 hand size for you, the chosen Methuselah replaces no card in minion phases ----------


card(
    "Meddling of Semsith, The",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(methuselahs_to_choose(others=True)),
        targets=methuselahs_to_choose(others=True),
        effects=(PutInPlayChoosingMethuselah(),),
    ),
    notes="The chosen Methuselah's cards not replaced during a minion phase count against its hand size (ANK "
    "20180318) and are replaced once the phase is over; the card stays while that Methuselah is ousted (LSJ 20021008).",
    controller=Controller(hand_size=-1),
    chosen_methuselah=ChosenMethuselah(no_replacing_in_minion_phases=True),
    burn="referendum",
)


# -- Anathema: burned when its blood is reduced to 0 in combat, the opposing Methuselah gains its capacity ---------


def _anathema_on(game: Game, minion: int) -> bool:
    m = game.minions.get(minion)
    anathema = vekn(game, "Anathema")
    return m is not None and m.kind == VAMPIRE and any(game.card_of[x] == anathema for x in m.cards)


@hook("round_start", "Anathema")
def _anathema_blood(game: Game, c: Combat) -> None:
    """Remember that the vampire had blood in this combat (entering it with none triggers nothing: RTR
    19980623)."""
    for side in (c.a, c.b):
        m = game.minions.get(side.minion)
        if m is not None and m.blood > 0 and _anathema_on(game, side.minion):
            side.used.add("combat:anathema had blood")


@hook("after_combat", "Anathema")
def _anathema(game: Game, c: Combat) -> None:
    """Its blood reduced to 0 in the combat (whatever the source: RTR 19980623), the vampire is burned and the
    Methuselah controlling the opposing minion gains pool equal to its capacity, once however many Anathemas
    (LSJ 20021117). Diablerie (after the combat) does not trigger it (LSJ 20021122-2)."""
    from ..economy import gain_pool

    for side in (c.a, c.b):
        m = game.minions.get(side.minion)
        if m is None or m.blood > 0 or "combat:anathema had blood" not in side.used:
            continue
        if not _anathema_on(game, side.minion):
            continue
        other = c.other(side.minion).minion
        gainer = controller(game, other) if other in game.minions else -1
        capacity = m.capacity
        burn_minion(game, side.minion)
        if gainer >= 0 and not game.seats[gainer].ousted:
            gain_pool(game, gainer, capacity)
            game.log("gain pool", gainer, capacity)


# "Choose a ready vampire": anyone's, other Methuselahs' first.
_READY_VAMPIRES = Minions(whose="others first")


card(
    "Anathema",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(_READY_VAMPIRES),
        targets=_READY_VAMPIRES,
        effects=(PutOnTarget(),),
    ),
    notes="Checked as the combat ends: a vampire whose blood was reduced to 0 during it and is still at 0 then.",
)


# -- My Kin Against the World: X younger vampires of the clan (Laibon) unlock with the caller -------------------------


def _kin(game: Game, minion: int, seat: int) -> list[int]:
    """The vampires younger than ``minion`` of its clan (or Laibon, for a Laibon), as the bots choose them: the
    caller's locked ones first, then its others, then other Methuselahs' (unlocking those is never wanted)."""
    me = game.minions.get(minion)
    if me is None:
        return []
    laibon = me.sect == "Laibon"
    found = [
        m
        for s in [seat, *(x for x in game.order if x != seat)]
        for m in ready_minions(game, s)
        if m.kind == VAMPIRE
        and m.id != minion
        and m.capacity < me.capacity
        and (m.clan == me.clan or (laibon and m.sect == "Laibon"))
    ]
    mine = [m for m in found if controller(game, m.id) == seat]
    return (
        [m.id for m in mine if m.locked]
        + [m.id for m in mine if not m.locked]
        + [m.id for m in found if controller(game, m.id) != seat]
    )


def _kin_x(game: Game, play: Play) -> list[int]:
    """X: the caller's locked younger kin it can pay for first (the bots' choice), then every other amount."""
    m = game.minions.get(play.minion)
    if m is None:
        return []
    kin = _kin(game, play.minion, play.seat)
    most = min(m.blood, len(kin))
    locked = sum(1 for k in kin if game.minions[k].locked and controller(game, k) == play.seat)
    best = min(locked, most)
    return [best, *(x for x in range(most + 1) if x != best)]


def _kin_unlock(game: Game, play: Play) -> None:
    """The acting vampire and the X chosen (the first X: ``_kin``) unlock."""
    act = current_action(game)
    x = act.cost_blood if act is not None else 0
    for c in [play.minion, *_kin(game, play.minion, play.seat)[:x]]:
        m = game.minions.get(c)
        if m is not None and m.in_play and m.locked:
            m.locked = False
            game.log("unlock", controller(game, c), c)


@hook("announced", "My Kin Against the World")
def _kin_called(game: Game, act: Action) -> None:
    """Only one My Kin Against the World can be called each turn (marked as it is called)."""
    if act.card >= 0 and game.card_of[act.card] == vekn(game, "My Kin Against the World"):
        game.used.add(("my kin against the world",))


card(
    "My Kin Against the World",
    Mode(
        window=W.ACTION,
        political=True,
        x_cost=True,
        values=_kin_x,
        when=lambda game, play: ("my kin against the world",) not in game.used,
        effects=(_kin_unlock,),
    ),
    notes="The X vampires are the caller's locked ones first (the bot's choice), then its others, then others'.",
)
card(
    "Patsy",
    Mode(
        window=W.ACTION,
        political=True,
        when=all_of(has_edge, has_targets(titled_vampires(not_sect="Anarch"))),
        targets=titled_vampires(not_sect="Anarch"),
        effects=(If(has_edge, (BurnTheEdge(), RemoveTargetTitle(), TargetControllerBurnsPool(2))),),
    ),
    notes="Nothing happens if the caller no longer holds the Edge when the referendum passes (burned for a vote).",
)


# -- Firebrand: on the acting Anarch: +1 vote, burn 1 blood to unlock a younger Anarch; burned if it goes to torpor


_YOUNGER_LOCKED_ANARCHS = Minions(sect="Anarch", locked=True, younger=True)


card(
    "Firebrand",
    Mode(window=W.ACTION, political=True, when=not_carrying("Firebrand"), effects=(PutOnTarget(on_self=True),)),
    Mode(
        window=W.AFTER_ACTION,
        in_play=True,
        when=all_of(own_minion_phase, self_ready, has_blood(1), has_targets(_YOUNGER_LOCKED_ANARCHS)),
        targets=_YOUNGER_LOCKED_ANARCHS,
        effects=(BurnBlood(1), UnlockTarget()),
        label="burn 1 blood: unlock a younger Anarch",
    ),
    notes="The unlock is offered after each of your actions, for one of your own locked Anarchs.",
    attached=Attached(votes=1, burn_on_torpor=True),
)


# -- Expulsion: up to two minions cannot play reactions, block or cast votes this turn ---------------------------------


def _expulsion_choices(game: Game, play: Play) -> list[tuple[int, ...]]:
    """The sets of minions the bots consider, best first: pairs then singles among other Methuselahs' four ready
    minions that matter most (votes first, then unlocked ones)."""
    found = [m for s in game.order if s != play.seat for m in ready_minions(game, s)]
    found.sort(key=lambda m: (-m.votes, m.locked, -m.blood))
    top = [m.id for m in found[:4]]
    pairs = [(a, b) for i, a in enumerate(top) for b in top[i + 1 :]]
    return [*pairs, *((a,) for a in top)]


def _expel(game: Game, play: Play) -> None:
    choices = _expulsion_choices(game, play)
    for minion in choices[play.target] if 0 <= play.target < len(choices) else ():
        if minion in game.minions:
            add_rider(game, minion, "expelled", 1, Until.END_OF_TURN)
            game.log("expelled", controller(game, minion), minion)


def _expelled(game: Game, minion: int) -> bool:
    return rider_sum(game, minion, "expelled") > 0


@hook("can_block", "Expulsion")
def _expelled_block(game: Game, minion: int, act: Any) -> bool:
    return not _expelled(game, minion)


@hook("may_play", "Expulsion")
def _expelled_reactions(game: Game, handler: Any, m: Any) -> bool:
    return "Reaction" not in handler.types or not _expelled(game, m.id)


@hook("votes", "Expulsion")
def _expelled_votes(game: Game, seat: int) -> int:
    if not game.riders:
        return 0
    return -sum(m.votes for m in ready_minions(game, seat) if m.votes > 0 and _expelled(game, m.id))


card(
    "Expulsion",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(lambda game, play: range(len(_expulsion_choices(game, play)))),
        targets=lambda game, play: range(len(_expulsion_choices(game, play))),
        effects=(_expel,),
    ),
    notes="The minions chosen are one or two of other Methuselahs' four ready minions with the most votes (then "
    "unlocked ones first): the bots' choices, not any minion.",
)


# -- Reinforcements: chosen Methuselahs shuffle up to 3 library cards from their ash heap into their library ------


def _reinforce(game: Game, play: Play) -> None:
    """The caller (the chosen Methuselah) shuffles the 3 library cards last put in its ash heap into its library."""
    seat = game.seats[play.seat]
    cards = game.compiled.cards
    back = [c for c in reversed(seat.ash_heap) if c not in game.minions and not cards[game.card_of[c]].is_crypt][:3]
    for c in back:
        seat.ash_heap.remove(c)
        seat.library.append(c)
    game.rng.shuffle(seat.library)
    game.log("shuffle back", play.seat, len(back))


def _reinforcements_removed(game: Game, act: Action) -> None:
    """Remove the card from the game, even if the action or the referendum fails or is cancelled."""
    if act.card < 0 or game.card_of[act.card] != vekn(game, "Reinforcements"):
        return
    owner = game.seats[game.owner_of[act.card]]
    if act.card in game.aside:
        game.aside.remove(act.card)
    elif act.card in owner.ash_heap:
        owner.ash_heap.remove(act.card)
    else:
        return
    owner.removed.append(act.card)


hook("after_resolution", "Reinforcements")(_reinforcements_removed)
hook("action_ended", "Reinforcements")(_reinforcements_removed)
card(
    "Reinforcements",
    Mode(window=W.ACTION, political=True, effects=(_reinforce,)),
    notes="The chosen Methuselah is the caller alone (the bot's choice); the cards are the 3 library cards last put "
    "in its ash heap.",
)


# -- Kindred Segregation: all allies are burned, each kept by repaying its pool cost -----------------------------------


# Every ally in play, each Methuselah's in the order it controls them.
_ALLIES = Minions(whose="all", kind=ALLY, ready=False)


card(
    "Kindred Segregation",
    Mode(window=W.ACTION, political=True, effects=(BurnAll(_ALLIES, keep_for_pool_cost=True),)),
    notes="Each Methuselah, in turn from the caller, keeps each of its allies by paying its pool cost (0 for a blood "
    "cost: RTR 20010710) or lets it burn (ANK 20190724).",
)


# -- Alastor: on a Camarilla vampire with an equipment from the library; enter combat with a vampire --------------------


# Ready Camarilla vampires without an Alastor ("A vampire can have only one Alastor"), the caller's first.
_ALASTOR_TARGETS = Minions(whose="own first", sect="Camarilla", without=("Alastor",))


def _equipment_cost(game: Game, copy: int) -> tuple[int, int]:
    """An equipment card's printed (blood, pool) cost (X is 0: LSJ 20100204)."""
    card = game.compiled.cards[game.card_of[copy]]
    blood = card.blood_cost.value or 0 if card.blood_cost is not None else 0
    pool = card.pool_cost.value or 0 if card.pool_cost is not None else 0
    return blood, pool


def _alastor(game: Game, play: Play) -> Generator[Any, Any, None]:
    """Alastor goes on the chosen vampire with an equipment card searched from its player's library (requirements
    ignored, optional: LSJ 20050331-2), the library shuffled; half its cost, rounded down, is paid: blood by the
    chosen vampire (LSJ 20040518), pool by the player."""
    from ..economy import Kind, Option, burn_pool

    m = game.minions.get(play.target)
    if m is None or not m.in_play:
        return
    PutOnTarget()(game, play)
    seat = game.seats[play.seat]
    types = game.compiled.types
    found: dict[int, int] = {}
    for c in reversed(seat.library):
        if "Equipment" in types.get(game.card_of[c], ()):
            found.setdefault(game.card_of[c], c)
    ranked = sorted(found.values(), key=lambda c: (-sum(_equipment_cost(game, c)), game.card_of[c]))
    options = [Option(Kind.TERMS, play.seat, target=c) for c in ranked] + [Option(Kind.PASS, play.seat)]
    option = yield from choose(game, play.seat, options)
    if option.kind is Kind.TERMS and option.target in seat.library and play.target in game.minions:
        seat.library.remove(option.target)
        m.cards.append(option.target)
        blood, pool = _equipment_cost(game, option.target)
        if blood // 2:
            move_blood(game, m.id, -(blood // 2))
        if pool // 2:
            burn_pool(game, play.seat, pool // 2)
        game.log("equip", play.seat, m.id, option.target)
    game.rng.shuffle(seat.library)


@hook("may_diablerize", "Alastor")
def _alastor_no_diablerie(game: Game, minion: int) -> bool:
    """The attached vampire cannot commit diablerie."""
    m = game.minions.get(minion)
    alastor = vekn(game, "Alastor")
    return m is None or all(game.card_of[c] != alastor for c in m.cards)


card(
    "Alastor",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(_ALASTOR_TARGETS),
        targets=_ALASTOR_TARGETS,
        effects=(_alastor,),
    ),
    Mode(
        window=W.ACTION,
        in_play=True,
        role=Role.ACTOR,
        directed=True,
        stealth=1,
        enters_combat=True,
        when=all_of(carried_by_actor, has_targets(ready_vampires_of_others)),
        targets=ready_vampires_of_others,
        label="enter combat",
    ),
    notes="The equipment offered first (the bots' default) is the one with the highest cost.",
)


# -- First Tradition: The Masquerade: 2 pool each unlock phase, or skip the turn -------------------------------------------

_TRADITION = "First Tradition: The Masquerade"


def _traditions(game: Game) -> list[tuple[int, int]]:
    """(copy, controller) of each First Tradition in play."""
    tradition = vekn(game, _TRADITION)
    return [(c, s) for s in game.order for c in game.seats[s].controlled if game.card_of[c] == tradition]


def _tradition_count(game: Game, seat: int, key: str, amount: int) -> None:
    """Count the controller's skipped turns or pool burned on each of its copies; burn a copy at 3 skips or 6
    pool (one condition met in full: LSJ 20031011)."""
    for copy, owner in _traditions(game):
        if owner != seat:
            continue
        add_rider(game, copy, key, amount, Until.END_OF_GAME)
        if rider_sum(game, copy, "tradition skips") >= 3 or rider_sum(game, copy, "tradition pool") >= 6:
            burn_card(game, copy)


@hook("skip_turn", _TRADITION)
def _tradition_skip(game: Game, seat: int) -> Generator[Any, Any, bool]:
    """Before its unlock phase (ANK 20210110) a Methuselah may skip its whole turn; the option offered first (the
    bots' default) is to skip only when the pool to burn would oust it. A skip counts for each of its copies
    (RTR 19941222)."""
    from ..economy import Kind, Option

    n = len(_traditions(game))
    if not n:
        return False
    skip, play = Option(Kind.TERMS, seat, value=1), Option(Kind.PASS, seat)
    options = [skip, play] if game.seats[seat].pool <= 2 * n else [play, skip]
    option = yield from choose(game, seat, options)
    if option.kind is not Kind.TERMS:
        return False
    game.log("skip turn", seat)
    _tradition_count(game, seat, "tradition skips", 1)
    return True


@hook("unlock", _TRADITION)
def _tradition_burn(game: Game, seat: int) -> None:
    """In its unlock phase each Methuselah burns 2 pool for each copy in play (RTR 19941222)."""
    from ..economy import burn_pool

    n = len(_traditions(game))
    if n and not game.seats[seat].ousted:
        paid = min(2 * n, game.seats[seat].pool)
        burn_pool(game, seat, 2 * n)
        game.log("unlock burn", seat, 2 * n)
        _tradition_count(game, seat, "tradition pool", min(2, paid))  # each copy's own 2


card(
    _TRADITION,
    Mode(window=W.ACTION, political=True, effects=(PutInPlay(),)),
)


# -- cov_d: Justicar Retribution --------------------------------------------------------------------------------------


# The vampires in play (ready: one in torpor bleeds nobody) with a current bleed of 3 or more.
bleeders_of_3 = Minions(whose="all", min_bleed=3)


card("Justicar Retribution", Mode(window=W.ACTION, political=True, effects=(BurnAll(bleeders_of_3),)))


# -- cov_d: Exclusion Principle -------------------------------------------------------------------------------------


card(
    "Exclusion Principle",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(PoolChanges(each=1, counted=(Minions(sect="Independent"), Minions(sect="Anarch"))),),
    ),
)


# -- cov_d: Confiscation --------------------------------------------------------------------------------------------


# Another Methuselah's equipment (the prey's first) and one of the caller's ready vampires (the calling one first); none
# without one (LSJ 20100129).
confiscation_terms = CardsToTake(equipment_of_others(prey_first=True), Minions(self_first=True))


card(
    "Confiscation",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(confiscation_terms),
        targets=confiscation_terms,
        effects=(TakerTakesControl(confiscation_terms),),
    ),
    notes="The chosen vampire is one of the caller's (the text allows any vampire).",
)


# -- cov_d: Cardinal Benediction ------------------------------------------------------------------------------------

_BENEDICTION = "Cardinal Benediction"


# The ready Sabbat vampires with capacity 7 or more, anyone's (the caller's first).
cardinal_candidates = Minions(whose="own first", sect="Sabbat", min_capacity=7)


card(
    _BENEDICTION,
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(cardinal_candidates),
        targets=cardinal_candidates,
        effects=(TitleOnTarget("cardinal"),),
    ),
    referendum_votes=ReferendumVotes(only_sect="Sabbat"),
)


# -- cov_d: Year of Fortune -----------------------------------------------------------------------------------------

card(
    "Year of Fortune",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(methuselahs_to_choose(unchosen=True)),
        targets=methuselahs_to_choose(unchosen=True),
        effects=(PutInPlayChoosingMethuselah(),),
    ),
    notes="One Methuselah is chosen (the card allows several; the bots choose the caller). The +1 hand size is gone "
    "once the card is burned (PIB 20121028).",
    chosen_methuselah=ChosenMethuselah(hand_size=1),
    burn="referendum",
)

# -- cards added by cov_c -------------------------------------------------------------------------------------------------
