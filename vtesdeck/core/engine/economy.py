"""The table's economy: the unlock, influence and discard phases, paying pool, ousting, victory points,
the round cap and the game's winner. No actions or combat here (frames.py and the Turn frame drive the
phases; this module gives each phase its legal options and applies the chosen one).

Sources (``../shared/rules/digest-pl.md``): 4.1 unlock phase (§4 ph.1 L735-812), 4.4 influence phase
(§4 ph.4 L1989-2088), 4.5 discard phase (L2092-2106), 4.0 drawing (L302-310), 5 ousting, VP and winning
(§5 L2110-2171), 6 the Edge, 7.3 the tournament time limit and game win (outside the rulebook).

Simplifications (named):
- NO_BLOOD_ABOVE_CAPACITY: a transfer of pool onto an uncontrolled vampire is offered only while its blood
  is below its capacity (the rulebook lets the excess drain when the vampire comes out, L2031-2037; extra
  blood has no use, so no option offers it).
- CONTESTS: a crypt card is unique unless its text says it is not (``Minion.unique``; versions of one
  vampire share ``Minion.key``, its name). A seat is not offered to bring out a unique vampire while it
  controls one with the same key (no voluntary contest with oneself, [DECK] L781-787: the copy simply stays
  uncontrolled). When one comes out while another seat controls one, every copy is contested (4.1 item 4,
  L758-778): face down and out of play (``Minion.contested``, ``in_play`` False), counters and cards kept. In
  each of its controller's unlock phases each contested copy costs 1 pool (CONTEST) or is yielded (YIELD:
  burned with everything on it); once every other copy has yielded or left play, the last one is
  uncontested in its controller's next unlock phase, at no cost (``contest_step``, game.py's turn).
- NO_TITLE_CONTESTS: titles (4.1 item 5) stay uncontested: two Princes of one city both keep their votes.
- NO_INFERNAL_UPKEEP: an infernal vampire without a spec unlocks like others; those whose spec has the
  ``INFERNAL`` ability (specs/vampires.py) stay locked unless their Methuselah burns 1 pool (§7 L2322-2324).
- NO_MERGE: advanced vampires are not merged (4.4, L2053-2088).
- EVENTS: the discard phase action discards a card and draws, or plays an event with a spec (game.py's
  discard loop offers them); events without one are only discarded.
- NO_WITHDRAWAL: withdrawal (§5 L2151-2171) is not offered.
- NO_BURN_OPTION: the burn option of the unlock phase (4.1 item 3) is not offered.
- EDGE_OF_AN_OUSTED_SEAT: the Edge held by an ousted Methuselah goes back to the centre (the rulebook does
  not say; all the cards the ousted player controls leave the game, L2114-2119).
- OUSTED_ZONES: an ousted seat's library, crypt, hand, uncontrolled region and controlled cards are all
  removed from the game (``Seat.removed``), their counters burned; its ash heap stays.
- RULES_2011: ``Game.rules == "2011"`` plays the 2011 edition's difference that matters here: vampires come
  out automatically at the end of the influence phase (digest-de-2011.md §9 row 4); its withdrawal rule is not
  modelled (NO_WITHDRAWAL), and its deck sizes are the validator's business.
- NO_ENDLESS_GAMES: a game without a round cap ends on time after ``ENDLESS_ROUNDS`` rounds (two cautious
  bots can hold each other off for ever; real games have a time limit).
- OUST_WINDOW: a Methuselah left with no pool is ousted at once, unless another live Methuselah holds a card
  played as one is about to be ousted (W.OUSTING: Life Boon): then it waits in ``Game.ousting`` for that window,
  which the flow opens as soon as the effect that burned its last pool is done (game.ousts), and is ousted after
  it unless a card gave it pool.
- TIME_LIMIT_BY_ROUNDS: the tournament time limit (digest 7.3) is a round cap: the game ends once every
  live Methuselah has had ``max_rounds`` turns, each survivor getting ½ VP.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from enum import IntEnum, unique

from .frames import Rider, Until
from .state import Game, Phase, crypt_draw, leave_play, refill_hand, release_held
from .windows import W

FULL_TRANSFERS = 4  # digest 0 / 4.4, L2006-2014
FIRST_TURN_TRANSFERS = (1, 2, 3)  # the game's first three turns
CRYPT_DRAW_TRANSFERS = 4  # 4.4, L2018-2023: 4 transfers and 1 pool
OUST_POOL = 6  # digest 5, L2121-2122
# The pool an oust gives its predator beyond OUST_POOL ("If your prey is ousted, you gain 4 additional pool": Khabar:
# Glory): set by the rules (game.py: the cards' "oust_pool" hooks); this module knows no card.
oust_pool_bonus: Callable[[Game, int, int], int] | None = None
ENDLESS_ROUNDS = 150  # NO_ENDLESS_GAMES: a game with no round cap still ends on time after this many rounds
SCARCE_POOL = 3  # §7 L2341-2345, per vampire of the same clan already controlled


@unique  # two members with one value would be one member under two names
class Kind(IntEnum):
    PASS = 0
    TRANSFER_TO_VAMPIRE = 1  # 1 transfer: 1 pool → an uncontrolled vampire
    TRANSFER_TO_POOL = 2  # 2 transfers: 1 blood of an uncontrolled vampire → pool
    CRYPT_DRAW = 3  # 4 transfers and 1 pool: the top crypt card → the uncontrolled region
    BRING_OUT = 4  # a vampire with blood ≥ capacity → the ready region
    DISCARD = 5  # the discard phase action: discard a card, draw back to hand size
    # game.py's decisions (the minion phase, windows, combat, referendums)
    ACTION = 6  # ``minion`` takes the action ``value`` (windows.Act), a card's action by ``card``/``mode``
    PLAY = 7  # play ``card`` (a copy in hand, or a card in play / a minion's ability) in ``mode``
    BLOCK = 8  # ``minion`` attempts to block
    STRIKE = 9  # ``minion`` chooses a strike: ``card`` (a strike card or weapon) or -1 for the hand strike
    VOTE = 10  # ``value``: 1 for, -1 against, 0 abstain; ``target`` 1 to burn the Edge/a political card too
    TERMS = 11  # the referendum's terms: ``target``
    MANEUVER = 12  # an optional maneuver or press granted without a card (a weapon, an ability)
    PRESS = 13
    CONTEST = 14  # the unlock phase: pay 1 pool to keep contesting the vampire ``ids[0]`` (4.1 item 4)
    YIELD = 15  # … or yield it: it is burned with everything on it


@dataclasses.dataclass(frozen=True, slots=True)
class Option:
    """One legal choice for the seat holding the decision: its kind and the card copy ids involved."""

    kind: Kind
    seat: int
    ids: tuple[int, ...] = ()
    card: int = -1  # a card copy id
    mode: int = -1  # the index of the card's mode in its spec
    minion: int = -1  # the minion acting, playing, blocking or striking
    target: int = -1  # a seat or a minion id, per the decision
    value: int = 0  # an amount, an action kind, a side


# -- turns --------------------------------------------------------------------------------------------


def start_turn(game: Game) -> None:
    """Begin the acting seat's turn: count it, give the phase actions (1 master phase action, 1 discard
    phase action: digest 0, L821, L2094) and enter the unlock phase."""
    seat = game.seats[game.acting]
    game.turn += 1
    seat.turns += 1
    game.round = max(game.round, seat.turns)
    seat.master_actions = 1
    seat.discard_actions = 1
    seat.transfers = 0
    game.phase = Phase.UNLOCK
    game.log("turn", game.acting, game.turn)


def unlock_phase(game: Game, *, take_edge: bool = True) -> None:
    """Digest 4.1 (§4 ph.1 L737-744): unlock all the acting seat's cards (torpid vampires too, L1924-1925);
    the Edge's holder may gain 1 pool from the bank (digest 6, L744): ``take_edge``."""
    seat = game.seats[game.acting]
    for copy_id in seat.controlled:
        minion = game.minions.get(copy_id)
        if minion is not None:
            if game.riders and _stunned(game, copy_id):
                continue  # "does not unlock as normal" this once (Mind Numb's stun)
            minion.locked = False
    if take_edge and game.edge == game.acting:
        seat.pool += 1
        game.gained += 1
        game.log("edge pool", game.acting)


def _stunned(game: Game, copy_id: int) -> bool:
    """Whether the minion carries a "stunned" rider (vocabulary.StunTarget), which this unlock phase uses up."""
    for rider in game.riders:
        if rider.holder == copy_id and rider.key == "stunned":
            game.riders.remove(rider)
            return True
    return False


def transfers_for_turn(turn: int) -> int:
    """Digest 4.4 (L2006-2014): 1, 2 and 3 transfers on the game's first three turns, then 4."""
    return FIRST_TURN_TRANSFERS[turn - 1] if 1 <= turn <= len(FIRST_TURN_TRANSFERS) else FULL_TRANSFERS


def start_influence(game: Game) -> None:
    """Enter the influence phase: the acting seat receives its transfers at the start of the phase (a
    vampire brought out during it gives no extra transfers this turn, L2031-2037)."""
    game.phase = Phase.INFLUENCE
    game.seats[game.acting].transfers = transfers_for_turn(game.turn)


def start_discard(game: Game) -> None:
    """Enter the discard phase (digest 4.5); unused transfers are lost (L1997-2004). With the 2011 rules
    (``game.rules == "2011"``), every uncontrolled vampire with blood at its capacity comes out now, at the end
    of the influence phase (digest-de-2011.md §9 row 4: automatic until the 2018 ruling)."""
    if game.rules == "2011":
        seat = game.seats[game.acting]
        for copy_id in list(seat.uncontrolled):
            minion = game.minions[copy_id]
            cost = scarce_cost(game, copy_id)
            if minion.blood >= minion.capacity and seat.pool > cost and not self_contest(game, game.acting, copy_id):
                bring_out(game, game.acting, copy_id)
                if cost:
                    burn_pool(game, game.acting, cost)
    game.phase = Phase.DISCARD
    game.seats[game.acting].transfers = 0


def end_turn(game: Game) -> None:
    """End the acting seat's turn; the next live seat (its prey) acts. The round cap: when the next seat has
    already had ``max_rounds`` turns, every live seat has had as many and the game ends on time (digest 7.3,
    TIME_LIMIT_BY_ROUNDS): each survivor gets ½ VP."""
    seat = game.seats[game.acting]
    seat.transfers = 0
    seat.master_actions = 0
    seat.discard_actions = 0
    game.phase = Phase.END
    if game.finished:
        return
    game.acting = game.next_live(game.acting)
    cap = game.max_rounds if game.max_rounds is not None else ENDLESS_ROUNDS
    if game.seats[game.acting].turns >= cap:
        game.stopped = game.max_rounds is None
        time_limit(game)


def time_limit(game: Game) -> None:
    """Digest 7.3 (VEKN tournament rules 3.7): when time is called each surviving Methuselah gets ½ VP."""
    if game.finished:
        return
    for index in game.order:
        gain_vp(game, index, 0.5)
    game.finished = True
    game.ended_by = "time"
    game.log("time", *game.order)


# -- options ------------------------------------------------------------------------------------------


def options(game: Game) -> list[Option]:
    """The legal options of the acting seat in the current phase (influence or discard); PASS ends the
    phase. Outside those phases, or in a finished game, none."""
    if game.finished:
        return []
    if game.phase is Phase.INFLUENCE:
        return list(influence_options(game))
    if game.phase is Phase.DISCARD:
        return list(discard_options(game))
    return []


def influence_options(game: Game) -> Iterable[Option]:
    """Digest 4.4 (L2018-2037): per uncontrolled vampire, 1 transfer puts 1 pool on it (while its blood is
    below capacity: NO_BLOOD_ABOVE_CAPACITY), 2 transfers take 1 blood back to the pool; 4 transfers and 1
    pool draw the top crypt card; a vampire with blood ≥ capacity may come out at any time in the phase (a
    scarce one also costs 3 pool per vampire of its clan the seat controls, §7 L2341-2345). Spending the
    last pool is legal and ousts (the worked example, L2039-2050)."""
    index = game.acting
    seat = game.seats[index]
    yield Option(Kind.PASS, index)
    for copy_id in seat.uncontrolled:
        minion = game.minions[copy_id]
        if seat.transfers >= 1 and seat.pool >= 1 and minion.blood < minion.capacity:
            yield Option(Kind.TRANSFER_TO_VAMPIRE, index, (copy_id,))
        if seat.transfers >= 2 and minion.blood >= 1:
            yield Option(Kind.TRANSFER_TO_POOL, index, (copy_id,))
        if (
            minion.blood >= minion.capacity
            and seat.pool >= scarce_cost(game, copy_id)
            and game.rules != "2011"
            and not self_contest(game, index, copy_id)
        ):
            yield Option(Kind.BRING_OUT, index, (copy_id,))
    if seat.transfers >= CRYPT_DRAW_TRANSFERS and seat.pool >= 1 and seat.crypt:
        yield Option(Kind.CRYPT_DRAW, index)


def same_key(game: Game, seat: int, copy_id: int) -> list[int]:
    """The other unique vampires with the key of ``copy_id`` that ``seat`` controls (ready, torpid or contested)."""
    minion = game.minions[copy_id]
    out = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if c != copy_id and m is not None and m.unique and m.key == minion.key:
            out.append(c)
    return out


def self_contest(game: Game, seat: int, copy_id: int) -> bool:
    """Whether bringing out ``copy_id`` would contest a unique vampire the seat already controls ([DECK]
    L781-787: not voluntarily; the copy stays uncontrolled)."""
    return game.minions[copy_id].unique and bool(same_key(game, seat, copy_id))


def rivals(game: Game, copy_id: int) -> list[int]:
    """The copies of a unique vampire that other live seats control (contested, or about to be)."""
    seat = game.owner_of[copy_id]
    return [c for other in game.order if other != seat for c in same_key(game, other, copy_id)]


def contest_options(game: Game, copy_id: int) -> list[Option]:
    """4.1 item 4 (L770-778): a contested copy costs 1 pool in its controller's unlock phase, or is yielded."""
    seat = game.owner_of[copy_id]
    return [Option(Kind.CONTEST, seat, (copy_id,)), Option(Kind.YIELD, seat, (copy_id,))]


def contest_step(game: Game, copy_id: int) -> bool:
    """A contested copy at its controller's unlock phase: when no other copy is left the contest ends (it is
    turned face up, unlocked, at no cost: L775-778) and this returns False; else True (a decision is due)."""
    minion = game.minions[copy_id]
    if rivals(game, copy_id):
        return True
    minion.contested = False
    minion.in_play = True
    minion.locked = False
    game.log("uncontested", game.owner_of[copy_id], copy_id)
    return False


def settle_contest(game: Game, option: Option) -> None:
    """Apply CONTEST (burn 1 pool; the last pool ousts) or YIELD (burn the copy with its cards)."""
    copy_id = option.ids[0]
    minion = game.minions.get(copy_id)
    if minion is None or not minion.contested or game.owner_of[copy_id] != option.seat:
        raise ValueError(f"illegal {option}")
    if option.kind is Kind.CONTEST:
        game.log("contest", option.seat, copy_id)
        burn_pool(game, option.seat, 1)
    elif option.kind is Kind.YIELD:
        game.log("yield", option.seat, copy_id)
        leave_play(game, copy_id)
    else:
        raise ValueError(f"unknown option {option}")


def scarce_cost(game: Game, copy_id: int) -> int:
    """The pool a scarce vampire costs to bring out: 3 per vampire of its clan its seat controls."""
    minion = game.minions[copy_id]
    if "scarce" not in minion.traits:
        return 0
    seat = game.seats[game.owner_of[copy_id]]
    same_clan = sum(1 for c in seat.controlled if c in game.minions and game.minions[c].clan == minion.clan)
    return SCARCE_POOL * same_clan


def discard_options(game: Game) -> Iterable[Option]:
    """Digest 4.5 (L2092-2097): with a discard phase action left, discard any card from the hand (and draw);
    or PASS."""
    index = game.acting
    seat = game.seats[index]
    yield Option(Kind.PASS, index)
    if seat.discard_actions >= 1:
        for copy_id in seat.hand:
            yield Option(Kind.DISCARD, index, (copy_id,))


def apply(game: Game, option: Option) -> None:
    """Apply a legal option (from ``options``). PASS ends the influence phase (into the discard phase) or
    the discard phase (the turn ends). An option that ousts the acting seat ends its turn."""
    if option.seat != game.acting or game.finished:
        raise ValueError(f"{option} is not the acting seat's to take")
    _apply(game, option)
    if game.seats[game.acting].ousted and not game.finished and game.phase is not Phase.END:
        end_turn(game)


def _apply(game: Game, option: Option) -> None:
    seat = game.seats[option.seat]
    kind = option.kind
    if kind is Kind.PASS:
        if game.phase is Phase.INFLUENCE:
            start_discard(game)
        elif game.phase is Phase.DISCARD:
            end_turn(game)
        else:
            raise ValueError(f"nothing to pass in phase {game.phase.name}")
        return
    if kind is Kind.DISCARD:
        copy_id = option.ids[0]
        if game.phase is not Phase.DISCARD or seat.discard_actions < 1 or copy_id not in seat.hand:
            raise ValueError(f"illegal {option}")
        seat.discard_actions -= 1
        seat.hand.remove(copy_id)
        seat.ash_heap.append(copy_id)
        game.log("discard", option.seat, copy_id)
        refill_hand(game, option.seat)
        return
    if game.phase is not Phase.INFLUENCE:
        raise ValueError(f"{option} outside the influence phase")
    if kind is Kind.CRYPT_DRAW:
        if seat.transfers < CRYPT_DRAW_TRANSFERS or seat.pool < 1 or not seat.crypt:
            raise ValueError(f"illegal {option}")
        seat.transfers -= CRYPT_DRAW_TRANSFERS
        crypt_draw(game, option.seat)
        burn_pool(game, option.seat, 1)
        return
    copy_id = option.ids[0]
    if copy_id not in seat.uncontrolled:
        raise ValueError(f"{option}: card {copy_id} is not in the uncontrolled region")
    minion = game.minions[copy_id]
    if kind is Kind.TRANSFER_TO_VAMPIRE:
        if seat.transfers < 1 or seat.pool < 1 or minion.blood >= minion.capacity:
            raise ValueError(f"illegal {option}")
        seat.transfers -= 1
        minion.blood += 1
        seat.pool -= 1
        game.log("transfer", option.seat, copy_id, 1)
        check_ousts(game)
    elif kind is Kind.TRANSFER_TO_POOL:
        if seat.transfers < 2 or minion.blood < 1:
            raise ValueError(f"illegal {option}")
        seat.transfers -= 2
        minion.blood -= 1
        seat.pool += 1
        game.log("transfer", option.seat, copy_id, -1)
    elif kind is Kind.BRING_OUT:
        cost = scarce_cost(game, copy_id)
        if minion.blood < minion.capacity or seat.pool < cost:
            raise ValueError(f"illegal {option}")
        bring_out(game, option.seat, copy_id)
        if cost:
            burn_pool(game, option.seat, cost)
    else:
        raise ValueError(f"unknown option {option}")


def bring_out(game: Game, seat: int, copy_id: int) -> None:
    """Digest 4.4 (L2031-2037): move the vampire face up and unlocked to the ready region; its counters stay
    as blood and any excess over capacity drains to the bank at once. A unique vampire another seat controls
    starts a contest (4.1 item 4, CONTESTS): every copy is turned face down, out of play."""
    s = game.seats[seat]
    minion = game.minions[copy_id]
    s.uncontrolled.remove(copy_id)
    s.controlled.append(copy_id)
    minion.in_play = True
    minion.locked = False
    minion.torpor = False
    minion.entered_turn = s.turns
    if minion.blood > minion.capacity:
        game.burned += minion.blood - minion.capacity
        minion.blood = minion.capacity
    game.log("bring out", seat, copy_id)
    others = rivals(game, copy_id) if minion.unique else []
    if others:
        # 4.1 item 4 (L762-769): every copy is contested, face down and out of play, at once
        for c in (copy_id, *others):
            m = game.minions[c]
            if not m.contested:
                m.contested = True
                m.in_play = False
                game.log("contested", game.owner_of[c], c)


# -- pool, ousting, VP ------------------------------------------------------------------------------------


def burn_pool(game: Game, seat: int, amount: int) -> int:
    """Burn (pay) up to ``amount`` pool to the bank; a seat left with no pool is ousted (digest 5,
    L2114-2119). Returns the pool burned (an effect uses what there is, digest 4.0 L355-360)."""
    s = game.seats[seat]
    paid = min(amount, s.pool)
    s.pool -= paid
    game.burned += paid
    check_ousts(game)
    return paid


def gain_pool(game: Game, seat: int, amount: int) -> None:
    """Gain pool from the bank (which never runs out, §3 L627-629)."""
    game.seats[seat].pool += amount
    game.gained += amount


def check_ousts(game: Game) -> list[int]:
    """Oust every live seat with no pool, all at the same moment (digest 5). Returns the seats ousted. At a table
    where another live Methuselah holds a card played then (OUST_WINDOW), they wait for W.OUSTING instead."""
    ousting = [i for i in game.order if game.seats[i].pool <= 0]
    if ousting and _may_be_saved(game, ousting):
        game.ousting.extend(i for i in ousting if i not in game.ousting)
        return []
    if ousting:
        oust(game, ousting)
    return ousting


def oust_cards(game: Game) -> frozenset[int]:
    """The VEKN ids of this table's cards played as a Methuselah is about to be ousted (W.OUSTING): worked out
    once per table (empty at most tables)."""
    found: frozenset[int] | None = game.table.get("oust cards")
    if found is None:
        comp = game.compiled
        held = comp.hand_by_window.get(W.OUSTING, {}) if comp is not None else {}
        found = game.table["oust cards"] = frozenset(held).intersection(game.card_of)
    return found


def _may_be_saved(game: Game, ousting: list[int]) -> bool:
    """Whether a live Methuselah not being ousted holds a card of W.OUSTING (an oust is rare: the hands are read)."""
    cards = oust_cards(game)
    if not cards:
        return False
    card_of = game.card_of
    return any(card_of[c] in cards for s in game.order if s not in ousting for c in game.seats[s].hand)


def gain_vp(game: Game, seat: int, amount: float, ousting: Iterable[int] = ()) -> None:
    """A Methuselah gains VP (an oust, the last one standing, the time limit). VP_TAKEN: while a card in play says
    another Methuselah gains them "instead" (Life Boon: a ``vp to`` rider on the seat names the card, the first
    played first: the boons reserve a series of VP, RTR 19951017), they go to that card's controller until it
    has taken 1 VP, halves counted (RTR 19991206), and the card is burned. A controller being ousted at that
    moment takes none (LSJ 20020622)."""
    if game.riders and oust_cards(game):
        for rider in [r for r in game.riders if r.key == "vp to" and r.holder == -1 - seat]:
            card = rider.value
            taker = game.owner_of[card]
            if amount <= 0 or taker in ousting or card not in game.seats[taker].controlled:
                continue
            halves = sum(r.value for r in game.riders if r.key == "vp taken" and r.holder == card)
            taken = min(amount, (2 - halves) / 2)
            game.seats[taker].vp += taken
            amount -= taken
            game.log("vp taken", taker, seat, card)
            game.riders.append(Rider(card, "vp taken", int(taken * 2), Until.END_OF_GAME))
            if halves + taken * 2 >= 2:
                game.seats[taker].controlled.remove(card)
                game.seats[taker].ash_heap.append(card)
                game.riders = [r for r in game.riders if not (r.holder == card or r.value == card and r.key == "vp to")]
                game.log("burn card", taker, card)
    game.seats[seat].vp += amount


def oust(game: Game, seats: list[int]) -> None:
    """Digest 5 (§5 L2114-2135): each ousted seat's predator of the moment (the previous live seat) gets 1
    VP and 6 pool from the bank, only the VP if it is ousted at the same moment (L2129-2131); the ousted
    seat's cards leave the game (OUSTED_ZONES) and their counters are burned; the table relinks (the ousted
    seat's prey becomes its predator's prey, L2133-2135). When one Methuselah remains it gets +1 VP and the
    game ends (L2122-2124)."""
    ousting = set(seats)
    for index in seats:
        predator = game.previous_live(index)
        if predator == index:
            continue
        gain_vp(game, predator, 1, ousting)
        if predator not in ousting:
            bonus = oust_pool_bonus(game, predator, index) if oust_pool_bonus is not None else 0
            gain_pool(game, predator, OUST_POOL + bonus)
        game.log("oust", index, predator)
    for index in seats:
        seat = game.seats[index]
        seat.ousted_at = game.round
        game.oust_order.append(index)
        game.burned += seat.pool
        seat.pool = 0
        for zone in (seat.uncontrolled, seat.controlled):
            for copy_id in list(zone):
                if copy_id in game.minions:
                    leave_play(game, copy_id, removed=True)  # with the cards on it
        for zone in (seat.library, seat.crypt, seat.hand, seat.uncontrolled, seat.controlled):
            for copy_id in zone:
                if game.held:
                    release_held(game, copy_id, removed=True)  # the cards on it leave with it
                game.card_counters.pop(copy_id, None)
                game.locked_cards.discard(copy_id)
                # removed from the game, to its owner's removed cards (a card it had stolen is another's)
                game.seats[game.owner_of[copy_id]].removed.append(copy_id)
            zone.clear()
        seat.transfers = seat.master_actions = seat.discard_actions = 0
        if game.edge == index:
            game.edge = None  # EDGE_OF_AN_OUSTED_SEAT
    game.order = tuple(s.index for s in game.seats if not s.ousted)
    if len(game.order) <= 1:
        for index in game.order:
            gain_vp(game, index, 1)
        game.finished = True
        game.ended_by = "last standing"
        game.log("last standing", *game.order)


def winner(game: Game) -> int | None:
    """The game's winner: the seat with strictly the most VP, even if ousted (digest 5, L2124-2127), and at
    least 2 VP (the game win of the tournament rules, digest 7.3); None on a tie or below 2 VP."""
    best = max(s.vp for s in game.seats)
    leaders = [s.index for s in game.seats if s.vp == best]
    return leaders[0] if len(leaders) == 1 and best >= 2 else None
