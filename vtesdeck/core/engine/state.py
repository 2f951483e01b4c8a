"""The game state: slotted dataclasses with integer ids, the seeded RNG, set-up and the audit.

Every card copy gets an integer id for its whole game (``Game.card_of[id]`` is its VEKN id,
``Game.owner_of[id]`` its owning seat); zones are lists of ids, so "every card in exactly one zone" is a
cheap check (``audit``). A vampire with counters on it (in an uncontrolled region or in play) has a
``Minion`` record in ``Game.minions`` under its copy id.

Rules (``../shared/rules/digest-pl.md``, section 3 "Game setup", rulebook §3 L612-654): 30 pool each
(L626), the Edge uncontrolled (L633-634), crypt and library shuffled (L645-646), 7 cards in hand and 4 crypt
cards face down in the uncontrolled region (L647-650); prey to the left, predator to the right, the next
live seat replacing an ousted one (L617-622); turns clockwise from the first player (§1 L100).

Simplifications (named, see the module docstrings and the report of issue 15): seat 0 starts (the caller
seats the decks; no random choice of the first player, L616-617), and the predator's cut (L645-646) is not
modelled: the game RNG's shuffle is the whole randomisation.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
from collections import Counter
from collections.abc import Sequence
from enum import IntEnum, unique
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck

STARTING_POOL = 30  # digest 0 / 3, §3 L626
HAND_SIZE = 7  # digest 0, §2 L307-308, §3 L647
OPENING_CRYPT = 4  # digest 0 / 3, §3 L647-649
VAMPIRE, ALLY, RETAINER = 0, 1, 2  # Minion.kind


@unique
class Phase(IntEnum):
    """The five phases of a turn (digest 4, §1 L98-112), plus the set-up and the end of the turn."""

    SETUP = 0
    UNLOCK = 1
    MASTER = 2
    MINION = 3
    INFLUENCE = 4
    DISCARD = 5
    END = 6


@dataclasses.dataclass(slots=True, kw_only=True)
class Minion:
    """A vampire with counters: in an uncontrolled region (``in_play`` False) or in play (ready or torpor), or
    contested (in ``Seat.controlled`` with ``in_play`` False and ``contested`` True: out of play).

    ``id`` is the card copy's id; ``card`` its VEKN id. ``disciplines`` holds (code, level) pairs, level 1
    inferior and 2 superior. ``cards`` are the ids of cards on it (equipment, retainers); ``riders`` the
    temporary effects (riders.py, built later)."""

    id: int
    card: int
    capacity: int
    blood: int = 0
    in_play: bool = False
    locked: bool = False
    torpor: bool = False
    disciplines: tuple[tuple[str, int], ...] = ()
    clan: str = ""
    sect: str = ""
    title: str = ""
    traits: tuple[str, ...] = ()
    cards: list[int] = dataclasses.field(default_factory=list)
    riders: list[tuple[object, ...]] = dataclasses.field(default_factory=list)
    # What the engine's actions and combat read: the kind (VAMPIRE, ALLY, RETAINER; an ally's or retainer's
    # life is its ``blood``), the printed bonuses (a vampire's spec, an ally's card), the votes of its title,
    # and the turn it last bled or took a political action (4.3.1's repeat limits).
    kind: int = 0
    strength: int = 1
    bleed: int = 1
    intercept: int = 0
    stealth: int = 0
    votes: int = 0
    hand_size: int = 0
    bled_turn: int = 0
    political_turn: int = 0
    holder: int = -1  # a retainer's employer
    recruited_turn: int = 0  # an ally cannot act the turn it is recruited (4.3.2)
    entered_turn: int = 0  # its Methuselah's turn (Seat.turns) it was brought out in (Legendary Vampire)
    # Contested cards (digest 4.1 item 4, L758-778): a crypt card is unique unless its text says it is not;
    # ``key`` is its name, shared by every version (groups, advanced). A contested copy stays in its seat's
    # ``controlled`` but face down and out of play (``in_play`` False, counters and cards kept).
    unique: bool = False
    key: str = ""
    contested: bool = False


@dataclasses.dataclass(slots=True, kw_only=True)
class Seat:
    """One Methuselah: pool, VP and zones (lists of card copy ids; the top of library and crypt is the list's
    end). ``controlled`` holds the cards in play it controls (vampires ready or in torpor: ``Minion.torpor``
    tells which). ``removed`` holds the cards removed from the game when the seat was ousted."""

    index: int
    name: str = ""
    pool: int = STARTING_POOL
    vp: float = 0.0
    ousted_at: int | None = None  # the round it was ousted in
    turns: int = 0  # turns it has started
    hand_size: int = HAND_SIZE
    library: list[int] = dataclasses.field(default_factory=list)
    crypt: list[int] = dataclasses.field(default_factory=list)
    hand: list[int] = dataclasses.field(default_factory=list)
    uncontrolled: list[int] = dataclasses.field(default_factory=list)
    controlled: list[int] = dataclasses.field(default_factory=list)
    ash_heap: list[int] = dataclasses.field(default_factory=list)
    removed: list[int] = dataclasses.field(default_factory=list)
    transfers: int = 0
    master_actions: int = 0
    discard_actions: int = 0

    @property
    def ousted(self) -> bool:
        return self.ousted_at is not None

    def zones(self) -> tuple[tuple[str, list[int]], ...]:
        return (
            ("library", self.library),
            ("crypt", self.crypt),
            ("hand", self.hand),
            ("uncontrolled", self.uncontrolled),
            ("controlled", self.controlled),
            ("ash_heap", self.ash_heap),
            ("removed", self.removed),
        )


@dataclasses.dataclass(slots=True)
class SeatStats:
    """What one seat's cards did in a game, for the per-card figures of a games job (``table.play(stats=…)``):
    library copies drawn into the hand (the opening hand included) and played from it, the library cards
    offered at least once as a legal play from the hand (a card whose cost or requirements are never met
    never is), crypt copies drawn into the uncontrolled region and brought into play, and the seat's own turn
    in which its first vampire came into play. Observations only: never read by the rules, the bots or
    ``state_hash``."""

    drawn: Counter[int] = dataclasses.field(default_factory=Counter)
    played: Counter[int] = dataclasses.field(default_factory=Counter)
    offered: set[int] = dataclasses.field(default_factory=set)
    crypt_drawn: Counter[int] = dataclasses.field(default_factory=Counter)
    crypt_played: Counter[int] = dataclasses.field(default_factory=Counter)
    first_vampire: int | None = None
    out: set[int] = dataclasses.field(default_factory=set)  # crypt copies already counted as brought into play


@dataclasses.dataclass(slots=True, kw_only=True)
class Game:
    """A table. ``order`` holds the live seats in turn order (relinked on an oust); ``turn`` counts the
    turns started in the game (1 = the first), ``round`` the highest turn count of any seat. ``gained`` and
    ``burned`` count the counters taken from and returned to the bank, for the conservation check:
    pools + blood == 30 × seats + gained − burned. ``events`` is None unless a log was asked for."""

    seats: list[Seat]
    card_of: list[int]  # copy id → VEKN id
    owner_of: list[int]  # copy id → owning seat
    rng: random.Random
    seed: int
    order: tuple[int, ...] = ()
    minions: dict[int, Minion] = dataclasses.field(default_factory=dict)
    # VEKN id → a Minion template (capacity, disciplines, clan…) for every crypt card in the decks, so a crypt
    # draw needs no card index.
    vampires: dict[int, Minion] = dataclasses.field(default_factory=dict)
    turn: int = 0
    round: int = 0
    acting: int = 0
    phase: Phase = Phase.SETUP
    edge: int | None = None  # the seat holding the Edge, None = uncontrolled (digest 6)
    frames: list[object] = dataclasses.field(default_factory=list)
    max_rounds: int | None = None  # the round cap (time limit), see economy.end_turn
    finished: bool = False
    ended_by: str = ""  # "last standing", "time", or "" while the game runs
    oust_order: list[int] = dataclasses.field(default_factory=list)  # seats, first ousted first (the games JSON)
    gained: int = 0
    burned: int = 0
    events: list[tuple[object, ...]] | None = None
    # Cards in play that are not minions (locations, masters on the table or on a minion, equipment): their
    # counters and locked state. ``riders``: effects that outlast their frame (frames.Rider). ``used``: the
    # (minion, VEKN id) pairs that acted through a card this turn (4.3.1: once per turn) and other per-turn
    # marks. ``decisions``/``forced``: the bots' and the engine's own choices so far. ``rules``: "vekn" or
    # "2011". ``compiled``: the process's compiled card specs (compile.Compiled; not part of the state).
    card_counters: dict[int, int] = dataclasses.field(default_factory=dict)
    # Minions controlled by another seat than their owner's (an ally stolen by Entrancement, a retainer by Far
    # Mastery): copy → the controlling seat (game.controller reads it; an ally sits in that seat's ``controlled``).
    stolen: dict[int, int] = dataclasses.field(default_factory=dict)
    locked_cards: set[int] = dataclasses.field(default_factory=set)
    riders: list[Any] = dataclasses.field(default_factory=list)
    used: set[tuple[Any, ...]] = dataclasses.field(default_factory=set)
    decisions: int = 0
    forced: int = 0
    rules: str = "vekn"
    compiled: Any = None
    cancelled: int = -1  # the card copy cancelled as it was played (Direct Intervention)
    cancel_keeps_cost: bool = False  # … and its cost is still paid (Diana Iadanza's cancel)
    playing: Any = None  # the Mode of the card in its "as played" window (Touch of Clarity reads its Disciplines)
    aside: list[int] = dataclasses.field(default_factory=list)  # cards played and set aside until resolved
    # Seats with no pool waiting for the W.OUSTING window before they are ousted (economy.check_ousts, game.ousts):
    # only at a table with a card played then (Life Boon), and only until the next window opens.
    ousting: list[int] = dataclasses.field(default_factory=list)
    discarding_down: int = -1  # the seat choosing which card to discard down to its hand size (game.discard_down)
    stopped: bool = False  # ended by the engine's safety stop (game.MAX_DECISIONS, economy.ENDLESS_ROUNDS)
    stats: dict[int, SeatStats] | None = None  # seat → its card statistics, for the seats asked (not state)
    # What the cards at this table allow, computed once (the copies are fixed once a game is set up): game.at_table
    # and game.table_has. A cache, not state.
    table: dict[str, Any] = dataclasses.field(default_factory=dict)
    # Frames whose ``id()`` is in ``used`` (a once-per-action or once-per-combat mark), kept alive until ``used``
    # is cleared: a frame freed during the turn could give its id to a later one, which would then find the
    # mark, and whether it does would depend on memory allocation (a game not reproducible from its seed).
    kept: list[object] = dataclasses.field(default_factory=list)
    # Cards face down on a card in play, out of play (The Erciyes Fragments, Gift of Proteus, Shilmulo Tarot): the
    # holding card's copy → them, the first put on it first. They burn as it leaves play (``release_held``).
    held: dict[int, list[int]] = dataclasses.field(default_factory=dict)
    # Cards removed from the game instead of burned ("when that card is burned, remove it from the game instead":
    # a card on The Erciyes Fragments, or played from it), until they go back to a hand.
    exiled: set[int] = dataclasses.field(default_factory=set)

    def log(self, *event: object) -> None:
        if self.events is not None:
            self.events.append(event)

    def next_live(self, seat: int) -> int:
        """The seat's prey: the next live seat clockwise (digest 3 item 2, §3 L617-622; digest 5 L2133-2135)."""
        n = len(self.seats)
        for k in range(1, n + 1):
            other = (seat + k) % n
            if not self.seats[other].ousted:
                return other
        return seat

    def previous_live(self, seat: int) -> int:
        """The seat's predator: the previous live seat (the one to its right)."""
        n = len(self.seats)
        for k in range(1, n + 1):
            other = (seat - k) % n
            if not self.seats[other].ousted:
                return other
        return seat

    def prey(self, seat: int) -> int:
        return self.next_live(seat)

    def predator(self, seat: int) -> int:
        return self.previous_live(seat)

    def counters(self) -> int:
        """Pool and blood on the table (uncontrolled vampires and vampires in play)."""
        return sum(s.pool for s in self.seats) + sum(m.blood for m in self.minions.values())


def vampire_template(card_id: int, cards: CardIndex) -> Minion:
    """A crypt card's printed facts as a ``Minion`` record (no counters, not in play), copied for each copy."""
    card = cards[card_id]
    return Minion(
        id=-1,
        card=card_id,
        capacity=card.capacity or 1,
        disciplines=tuple((d.code, 2 if d.superior else 1) for d in card.disciplines)
        + ((("fli", 1),) if "flight" in card.traits else ()),  # Flight [FLIGHT] is played like a discipline
        clan=card.clans[0] if card.clans else "",
        sect=card.sect,
        title=card.title,
        traits=card.traits,
        votes=card.votes,
        unique=not _NOT_UNIQUE.search(card.text or ""),
        key=card.name,
    )


# "Non-unique.", "Tupdogs are not unique.", "Hermanas are not unique." (digest 4.1 item 4: every other crypt
# card is unique)
_NOT_UNIQUE = re.compile(r"non-unique|not unique", re.IGNORECASE)


def new_game(
    decks: Sequence[Deck],
    cards: CardIndex,
    *,
    seed: int,
    players: Sequence[str] | None = None,
    max_rounds: int | None = None,
    log: bool = False,
    stats: Sequence[int] = (),
) -> Game:
    """A table set up as digest section 3 says (§3 L612-654): one seat per deck, in seating order (seat 0
    plays first, its prey is seat 1); each deck's library and crypt counts become card copies with ids; the
    game RNG (``random.Random(seed)``) shuffles, in this fixed order, seat 0's library, seat 0's crypt, seat
    1's library, …; each seat draws 7 cards and puts the top 4 crypt cards face down in its uncontrolled
    region, and has 30 pool; the Edge starts uncontrolled. ``players`` names the seats (default: the deck
    names). Set-up uses the RNG for the shuffles only. ``stats``: the seats whose ``SeatStats`` are kept,
    from the opening hand on."""
    if len(decks) < 2:
        raise ValueError("a game needs at least 2 decks")
    if players is not None and len(players) != len(decks):
        raise ValueError("one player name per deck")
    rng = random.Random(seed)
    card_of: list[int] = []
    owner_of: list[int] = []
    seats: list[Seat] = []
    minions: dict[int, Minion] = {}
    for index, deck in enumerate(decks):
        # An unnamed deck's seat has no name: the log calls it by its number alone ("Seat 4"), never by a
        # made-up name that would number the same seat differently ("Seat 4 (Seat 5)").
        name = players[index] if players is not None else deck.name
        seat = Seat(index=index, name=name)
        for part, zone in ((deck.library, seat.library), (deck.crypt, seat.crypt)):
            for card_id, count in part.items():
                if card_id not in cards:
                    raise ValueError(f"unknown card id {card_id}")
                for _ in range(count):
                    zone.append(len(card_of))
                    card_of.append(card_id)
                    owner_of.append(index)
        seats.append(seat)
    for seat in seats:
        rng.shuffle(seat.library)
        rng.shuffle(seat.crypt)
    game = Game(
        seats=seats,
        card_of=card_of,
        owner_of=owner_of,
        rng=rng,
        seed=seed,
        order=tuple(range(len(seats))),
        minions=minions,
        vampires={card_id: vampire_template(card_id, cards) for deck in decks for card_id in deck.crypt},
        max_rounds=max_rounds,
        events=[] if log else None,
        stats={seat: SeatStats() for seat in stats} if stats else None,
    )
    for seat in seats:
        draw(game, seat.index, HAND_SIZE)
        for _ in range(min(OPENING_CRYPT, len(seat.crypt))):
            crypt_draw(game, seat.index)
    return game


def draw(game: Game, seat: int, n: int = 1) -> int:
    """Draw up to ``n`` library cards into the hand; an empty library draws nothing (digest 4.0, L302-310).
    Returns how many were drawn."""
    s = game.seats[seat]
    if game.held and n > 0:
        n -= _drawn_instead(game, seat, n)
    drawn = 0
    while drawn < n and s.library:
        s.hand.append(s.library.pop())
        drawn += 1
    if drawn:
        game.log("draw", seat, drawn)
        if game.stats is not None and seat in game.stats:
            game.stats[seat].drawn.update(game.card_of[c] for c in s.hand[-drawn:])
    return drawn


def _drawn_instead(game: Game, seat: int, n: int) -> int:
    """ "If you would draw a card from your library, you can draw one of these cards instead" (Shilmulo Tarot): the
    ``draw_instead`` hooks of this table's cards (as game.hooks_of finds them; the one hook the state layer calls, as
    every draw passes here) put the cards they draw instead into the hand and say how many."""
    hooks = game.table.get("draw instead")
    if hooks is None:
        comp = game.compiled
        if comp is None:
            return 0
        cards = frozenset(game.card_of)
        owners = comp.hook_cards
        hooks = game.table["draw instead"] = tuple(
            h for h in comp.hooks.get("draw_instead", ()) if h not in owners or not owners[h].isdisjoint(cards)
        )
    return sum(h(game, seat, n) for h in hooks) if hooks else 0


def refill_hand(game: Game, seat: int) -> int:
    """Draw up to the hand size (digest 4.0: "your hand should always equal your hand size", L302-310)."""
    s = game.seats[seat]
    return draw(game, seat, s.hand_size - len(s.hand)) if len(s.hand) < s.hand_size else 0


def crypt_draw(game: Game, seat: int) -> int | None:
    """The top crypt card face down into the uncontrolled region, with no counters yet. Returns its id."""
    s = game.seats[seat]
    if not s.crypt:
        return None
    copy_id = s.crypt.pop()
    s.uncontrolled.append(copy_id)
    if copy_id not in game.minions:
        template = game.vampires[game.card_of[copy_id]]
        game.minions[copy_id] = dataclasses.replace(template, id=copy_id, cards=[], riders=[])
    game.log("crypt draw", seat, copy_id)
    if game.stats is not None and seat in game.stats:
        game.stats[seat].crypt_drawn[game.card_of[copy_id]] += 1
    return copy_id


def leave_play(game: Game, minion_id: int, *, removed: bool = False) -> Minion | None:
    """A minion (in play, torpid or uncontrolled, or a retainer) leaves: to its owner's ash heap (burned), or
    out of the game (``removed``), with every card and counter on it (glossary "burn"; 4.3.8 step 3; 5 L2114-2119
    for an ousted Methuselah's cards). Its blood goes to the bank, and so do its retainers'. The one place a
    minion record leaves ``Game.minions``. Returns it (None when it was not there)."""
    m = game.minions.pop(minion_id, None)
    if m is None:
        return None
    game.burned += m.blood
    m.blood = 0
    for attached in list(m.cards):
        if attached in game.minions:
            leave_play(game, attached, removed=removed)  # a retainer leaves with its employer
        else:
            _leave(game, attached, removed)
    m.cards.clear()
    holder = game.minions.get(m.holder) if m.holder >= 0 else None
    if holder is not None and minion_id in holder.cards:
        holder.cards.remove(minion_id)
    seat = game.seats[game.stolen.pop(minion_id, game.owner_of[minion_id])]
    for zone in (seat.controlled, seat.uncontrolled):
        if minion_id in zone:
            zone.remove(minion_id)
    _leave(game, minion_id, removed)
    return m


def _leave(game: Game, copy_id: int, removed: bool) -> None:
    game.card_counters.pop(copy_id, None)
    game.locked_cards.discard(copy_id)
    if game.held:
        release_held(game, copy_id, removed=removed)
    if game.stolen:
        game.stolen.pop(copy_id, None)
    seat = game.seats[game.owner_of[copy_id]]
    if copy_id in game.exiled:
        game.exiled.discard(copy_id)
        removed = True
    (seat.removed if removed else seat.ash_heap).append(copy_id)


def hold(game: Game, holder: int, copy_id: int) -> None:
    """A card (already taken from its zone) goes face down on a card in play, out of play (``Game.held``)."""
    game.held.setdefault(holder, []).append(copy_id)


def unhold(game: Game, copy_id: int) -> int:
    """A card leaves the card it was held on; returns the holder (-1 when it was on none)."""
    for holder, cards in game.held.items():
        if copy_id in cards:
            cards.remove(copy_id)
            if not cards:
                del game.held[holder]
            return holder
    return -1


def held_on(game: Game, holder: int) -> list[int]:
    return game.held.get(holder, [])


def release_held(game: Game, holder: int, *, removed: bool = False) -> None:
    """The card leaves play: the cards held on it burn to their owners' ash heaps (LSJ 20021128), or leave the game
    (``removed``: an ousted Methuselah's; or an exiled card: The Erciyes Fragments)."""
    held = game.held.pop(holder, ())
    for copy_id in held:
        seat = game.seats[game.owner_of[copy_id]]
        out = removed or copy_id in game.exiled
        game.exiled.discard(copy_id)
        (seat.removed if out else seat.ash_heap).append(copy_id)
    if held and not removed:  # (an ousted Methuselah's cards leave the game unlogged, as all its others do)
        game.log("burn held", game.owner_of[holder], holder, len(held))


def audit(game: Game) -> list[str]:
    """The invariants that hold after every step: each card copy in exactly one zone of its owner's seat
    (cards on minions count as the minion's zone; a non-minion card in play may be controlled by another seat), blood within 0 and capacity, pool never negative, counters
    conserved (pools + blood = 30 × seats + gained − burned), ousted seats hold nothing but the ash heap and
    the removed cards. Returns the problems found (empty when all is well)."""
    problems = []
    seen = [0] * len(game.card_of)
    for seat in game.seats:
        for zone_name, zone in seat.zones():
            for copy_id in zone:
                seen[copy_id] += 1
                # a card in play whose control changed (a stolen location) is in its controller's region
                stolen = zone_name == "controlled" and (
                    copy_id not in game.minions or game.stolen.get(copy_id) == seat.index
                )
                if game.owner_of[copy_id] != seat.index and not stolen:
                    problems.append(
                        f"card {copy_id} of seat {game.owner_of[copy_id]} in seat {seat.index}'s {zone_name}"
                    )
        if seat.pool < 0:
            problems.append(f"seat {seat.index} has negative pool {seat.pool}")
        if seat.ousted and (
            seat.pool or seat.hand or seat.library or seat.crypt or seat.uncontrolled or seat.controlled
        ):
            problems.append(f"ousted seat {seat.index} still holds pool or cards")
    for copy_id in game.aside:
        seen[copy_id] += 1
    for on, held in game.held.items():
        for copy_id in held:
            seen[copy_id] += 1
        if not held:
            problems.append(f"card {on} holds an empty list of cards")
    if game.held:
        in_play = {c for s in game.seats for c in s.controlled}
        in_play.update(c for m in game.minions.values() for c in m.cards)
        problems += [f"cards held on card {h}, which is not in play" for h in game.held if h not in in_play]
    for minion in game.minions.values():
        for copy_id in minion.cards:
            seen[copy_id] += 1
        # every minion record has its place: a retainer on its employer, others in their owner's regions
        if minion.kind == RETAINER:
            holder = game.minions.get(minion.holder)
            if holder is None or minion.id not in holder.cards:
                problems.append(f"minion {minion.id} (a retainer) is on no minion")
        else:
            owner = game.seats[game.stolen.get(minion.id, game.owner_of[minion.id])]  # its controller's
            if minion.id not in owner.controlled and minion.id not in owner.uncontrolled:
                problems.append(f"minion {minion.id} is in no region")
        if minion.blood < 0 or (minion.in_play and minion.blood > minion.capacity):
            problems.append(f"minion {minion.id} has {minion.blood} blood for capacity {minion.capacity}")
    problems += [f"card {i} is in {n} zones" for i, n in enumerate(seen) if n != 1]
    expected = STARTING_POOL * len(game.seats) + game.gained - game.burned
    if game.counters() != expected:
        problems.append(f"{game.counters()} counters on the table, expected {expected}")
    live = tuple(s.index for s in game.seats if not s.ousted)
    if game.order != live:
        problems.append(f"order {game.order} is not the live seats {live}")
    return problems


def state_hash(game: Game) -> str:
    """A BLAKE2 digest of a canonical tuple of the state (seats and zones in order, minions by id, the
    table, the RNG's state): two runs with the same seed and decisions give the same hash (design,
    "Determinism, replay, logs")."""
    canonical = (
        tuple(
            (
                s.index,
                s.pool,
                s.vp,
                s.ousted_at,
                s.turns,
                s.hand_size,
                s.transfers,
                s.master_actions,
                s.discard_actions,
                *(tuple(zone) for _, zone in s.zones()),
            )
            for s in game.seats
        ),
        tuple(
            (
                m.id,
                m.card,
                m.capacity,
                m.blood,
                m.in_play,
                m.locked,
                m.torpor,
                tuple(m.cards),
                m.kind,
                m.holder,
                m.contested,
            )
            for _, m in sorted(game.minions.items())
        ),
        tuple(game.card_of),
        game.order,
        game.turn,
        game.round,
        game.acting,
        int(game.phase),
        game.edge,
        tuple(sorted(game.card_counters.items())),
        tuple(sorted(game.locked_cards)),
        tuple(sorted((k, tuple(v)) for k, v in game.held.items())),
        game.finished,
        game.ended_by,
        game.gained,
        game.burned,
        game.rng.getstate(),
    )
    return hashlib.blake2b(repr(canonical).encode(), digest_size=16).hexdigest()
