"""A whole game: the turn, the minion phase's actions, block attempts, combat, referendums and cards played
in their windows, as one state machine over ``Game`` (ENGINE.md "Timing is an explicit state machine").

The flow is written as generators, one per frame kind (turn, action, block attempt, combat, referendum):
each yields a decision ``(seat, options)`` and receives the chosen ``Option``. The generators' stack *is* the
frame stack; the frame records (``frames.py``) are on ``Game.frames`` for the cards' predicates, and they
hold every value that lasts for the frame. ``choose`` elides forced decisions (one legal option): the bot
never sees them and a replay recomputes them. ``play``/``replay`` drive a game to its end.

Rules: ``../shared/rules/digest-pl.md``, sections named at each function (4.1-4.5 the phases, 4.3.1-4.3.8
actions, blocks, combat, torpor, politics, diablerie; 5 ousting).

Simplifications (named; docs/engine.md lists them all):
- ONE_FAILED_ATTEMPT: a minion whose block attempt failed does not attempt again during the action (A3 in
  the digest; ENGINE.md's endless-retry loop).
- VOTES_TOGETHER: a Methuselah casts all its votes the same way (the rulebook allows splitting by source).
- OUT_OF_TURN_MASTERS: an out-of-turn master costs the next turn's master phase action.
- NO_CONTROL_CHANGE: vampires are controlled by their owner; the cards that steal one (Cave of Apples, From a
  Sinking Ship; Puppet Master until the end of the turn) go through ``Game.stolen``, the path allies and retainers
  are stolen by; no other change of a vampire's control (a contested title's vampire) is modelled.
- FORCED_HUNT_BY_DEFAULT: a ready vampire with no blood hunts (the default hunt; trapped minions don't act).
- NO_SUICIDE_PAYMENTS: a card whose pool cost would take its player's last pool is not offered (legal, and it
  ousts; no Methuselah wants it).
- NO_DIABLERIE_DISCIPLINE: the [ADV] discipline a diablerist may gain from an older victim is not modelled.
- NO_DIABLERIE_ON_LEAVE_TORPOR: a vampire blocking a leave-torpor action does not diablerize (it may).
- PHASE_ABILITY_ONCE: a card in play's unlock-, master- or influence-phase ability is used at most once in
  that phase (the texts say "during your … phase, you can …": once).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .. import eligibility
from ..eligibility import embraced_minion
from . import economy
from .cards import HOOKS_ONLY_ADD, SHUFFLERS, Effect, Mode, Play, Role
from .economy import Kind, Option
from .frames import Action, Combat, Ousting, Referendum, Rider, Side, Until
from .state import ALLY, RETAINER, VAMPIRE, Game, Minion, Phase, leave_play, release_held, unhold
from .windows import Act, Range, W

if TYPE_CHECKING:  # the compiled specs are attached to a game by its table (table.py), never built here
    from .handlers import Compiled, Handler

Ask = tuple[int, list[Option]]
Flow = Generator[Ask, Option, Any]

MAX_DECISIONS = 20_000  # a game past this many decisions is an engine error (ENGINE.md: the retry loop)


class GameError(Exception):
    """The engine reached a state it cannot resolve (a bug): the run reports it per game."""


class Stopped(Exception):
    """The safety stop: a game past ``MAX_DECISIONS`` ends on time where it stands (``Game.stopped``); the run
    counts it as a time-out (a sound engine never gets there)."""


# -- decisions ------------------------------------------------------------------------------------------


def choose(game: Game, seat: int, options: list[Option]) -> Flow:
    """The one place decisions are taken: a single option is forced and resolved here (not recorded). Before
    any decision, a hand over its size is discarded down (``discard_down``): whatever put it there, it is done
    "at once" (L302-310), before anyone decides anything else."""
    for h in hooks_of(game, "before_decision"):
        h(game)  # what watches the table between decisions (Sennadurek: "whenever a Methuselah loses the Edge")
    if game.ousting:  # a Methuselah with no pool waits for W.OUSTING (economy's OUST_WINDOW): before anything else
        yield from ousts(game)
        if game.finished or game.seats[seat].ousted:
            return _pass(seat)
    for over in _over_hand_size(game):
        held = set(game.seats[over].hand)
        yield from discard_down(game, over)
        if over == seat:  # options naming a card it has just discarded are gone
            gone = held - set(game.seats[over].hand)
            options = _without_discarded(game, seat, options, gone)
    return (yield from _decide(game, seat, options))


def first_copies(game: Game, cards: Iterable[int]) -> list[tuple[int, int]]:
    """(copy, VEKN id) for the first copy of each card among ``cards``: copies of one card in a hand play alike, so
    only the first is offered (``hand_options``, ``action_options``; ``_without_discarded`` moves a discarded
    one's plays to the next)."""
    seen: set[int] = set()
    out: list[tuple[int, int]] = []
    card_of = game.card_of
    for copy in cards:
        vekn = card_of[copy]
        if vekn not in seen:
            seen.add(vekn)
            out.append((copy, vekn))
    return out


def _without_discarded(game: Game, seat: int, options: list[Option], gone: set[int]) -> list[Option]:
    """The options left once the cards ``gone`` were discarded down: a card played from the hand is offered by its
    first copy only (``first_copies``), so a play of a discarded copy moves to another copy of the card still in the
    hand; the other options naming a discarded card are dropped."""
    hand, card_of = game.seats[seat].hand, game.card_of
    out: list[Option] = []
    for o in options:
        if gone.intersection(o.ids):
            continue
        if o.card in gone:
            other = next((c for c in hand if card_of[c] == card_of[o.card]), -1) if o.kind is Kind.PLAY else -1
            if other < 0:
                continue
            o = dataclasses.replace(o, card=other)
            if o in out:
                continue
        out.append(o)
    return out


def _decide(game: Game, seat: int, options: list[Option]) -> Flow:
    if game.stats is not None:
        _note_offered(game, options)
    if len(options) == 1:
        game.forced += 1
        return options[0]
    game.decisions += 1
    if game.decisions > MAX_DECISIONS:
        raise Stopped(f"more than {MAX_DECISIONS} decisions")
    choice = yield (seat, options)
    return choice


def _note_offered(game: Game, options: list[Option]) -> None:
    """``SeatStats.offered``: the library cards a decision offers to play from the hand. Every hand play reaches
    a seat through here, after its cost, requirements and window were checked, so a card never seen here was
    never playable."""
    stats = game.stats or {}
    for o in options:
        if o.kind is Kind.PLAY and o.ids != (1,) and o.seat in stats and o.card in game.seats[o.seat].hand:
            stats[o.seat].offered.add(game.card_of[o.card])


def _note_brought_out(game: Game, seat: int) -> None:
    """``SeatStats.crypt_played`` and ``first_vampire``: the seat's crypt cards that came into play since the
    last look (at the end of its influence phase, where vampires come out), and its own turn number then."""
    stats = game.stats[seat] if game.stats is not None and seat in game.stats else None
    if stats is None:
        return
    for c in game.seats[seat].controlled:
        vekn = game.card_of[c]
        if vekn in game.vampires and c not in stats.out and game.owner_of[c] == seat:
            stats.out.add(c)
            stats.crypt_played[vekn] += 1
            if stats.first_vampire is None:
                stats.first_vampire = game.seats[seat].turns


# A pass is offered at nearly every decision: one option per seat, built once (options are never changed).
_PASSES = tuple(Option(Kind.PASS, seat) for seat in range(8))


def _pass(seat: int) -> Option:
    return _PASSES[seat] if 0 <= seat < len(_PASSES) else Option(Kind.PASS, seat)


def ousts(game: Game) -> Flow:
    """OUST_WINDOW (economy): the seats waiting with no pool (``Game.ousting``) in the W.OUSTING window, every
    Methuselah in impulse order from the acting one (Life Boon); then those still without pool are ousted at one
    moment (digest 5). The flow opens it as soon as the effect that burned the pool is done, or before the next
    decision."""
    while game.ousting and not game.finished:
        frame = Ousting([s for s in game.ousting if not game.seats[s].ousted])
        game.ousting.clear()
        if frame.seats:
            yield from impulse(game, W.OUSTING, _impulse_order(game, game.acting), frame)
        left = [s for s in frame.seats if not game.seats[s].ousted and game.seats[s].pool <= 0]
        if left and not game.finished:
            economy.oust(game, left)


# -- small queries ----------------------------------------------------------------------------------------


def controller(game: Game, copy_id: int) -> int:
    """The seat controlling a card: its owner, unless a minion was stolen (``Game.stolen``: Entrancement)."""
    return game.stolen.get(copy_id, game.owner_of[copy_id]) if game.stolen else game.owner_of[copy_id]


def is_ready(game: Game, minion_id: int) -> bool:
    m = game.minions.get(minion_id)
    return m is not None and m.in_play and not m.torpor


def ready_minions(game: Game, seat: int) -> list[Minion]:
    """The seat's ready minions (vampires and allies; retainers are not minions that act)."""
    out = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.in_play and not m.torpor and m.kind != RETAINER:
            out.append(m)
    return out


class _TableHooks(dict[str, tuple[Callable[..., Any], ...]]):
    """A table's hooks by name, each worked out on first use (``hooks_of``)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def __missing__(self, name: str) -> tuple[Callable[..., Any], ...]:
        comp = self.game.compiled
        if comp is None:
            return ()
        cards = at_table(self.game)
        owners = comp.hook_cards
        found = self[name] = tuple(
            h for h in comp.hooks.get(name, ()) if h not in owners or not owners[h].isdisjoint(cards)
        )
        return found


def hooks_of(game: Game, name: str) -> Sequence[Callable[..., Any]]:
    """The hooks ``name`` that matter at this table: those whose cards (``cards.hook(name, *cards)``) include
    one of the table's, and those that name none. Worked out once per game."""
    try:
        return game.table["hooks"][name]  # type: ignore[no-any-return]
    except KeyError:
        game.table["hooks"] = _TableHooks(game)
        return game.table["hooks"][name]  # type: ignore[no-any-return]


# hook_sum, hook_all and rider_sum are asked thousands of times a game: plain loops, no generator.
def hook_sum(game: Game, name: str, *args: Any) -> int:
    total = 0
    for h in hooks_of(game, name):
        total += h(game, *args)
    return total


def _oust_pool_bonus(game: Game, predator: int, ousted: int) -> int:
    """The pool an oust gives its predator beyond the 6 (the "oust_pool" hooks: Khabar: Glory)."""
    return hook_sum(game, "oust_pool", predator, ousted)


economy.oust_pool_bonus = _oust_pool_bonus


def hook_all(game: Game, name: str, *args: Any) -> bool:
    for h in hooks_of(game, name):
        if not h(game, *args):
            return False
    return True


def rider_sum(game: Game, holder: int, key: str) -> int:
    total = 0
    for r in game.riders:
        if r.holder == holder and r.key == key:
            total += r.value
    return total


def add_rider(game: Game, holder: int, key: str, value: int, until: Until, seat: int = -1) -> None:
    game.riders.append(Rider(holder, key, value, until, seat))


def younger(game: Game, a: int, b: int) -> bool:
    """Whether minion ``a`` is younger (lower capacity) than ``b`` (glossary)."""
    return game.minions[a].capacity < game.minions[b].capacity


def current_action(game: Game) -> Action | None:
    for frame in reversed(game.frames):
        if isinstance(frame, Action):
            return frame
    return None


def current_combat(game: Game) -> Combat | None:
    frame = game.frames[-1] if game.frames else None
    return frame if isinstance(frame, Combat) else None


def hand_size(game: Game, seat: int) -> int:
    size = 7
    for h in hooks_of(game, "hand_size"):
        size += h(game, seat)
    if game.riders:
        size += rider_sum(game, -1 - seat, "hand_size")
    if table_has(game, "hand size minions", lambda: (v for v, t in game.vampires.items() if t.hand_size)):
        for m in ready_minions(game, seat):
            size += m.hand_size
    return max(0, size)


def effective_hand_size(game: Game, seat: int) -> int:
    """The hand size less the cards not yet replaced ("cards you will replace later reduce your hand size for
    the duration", L306-307)."""
    size = hand_size(game, seat)
    return max(0, size - rider_sum(game, -1 - seat, "unreplaced")) if game.riders else size


def _over_hand_size(game: Game) -> list[int]:
    # Asked before every decision, so cheap: hand sizes only grow above 7 (a vampire's or a card's bonus), and a
    # hand of 7 or fewer is over its size only while its seat has a replacement deferred (an "unreplaced" rider)
    # or a smaller hand size (a "hand_size" rider below 0: Babalawo Alafin's), or while a card in play or an
    # ability can make a hand size smaller (The Meddling of Semsith: -1). The riders give each seat a floor
    # under which its hand cannot be over its size; only the hands above it have their size worked out.
    seats = game.seats
    if _hand_sizes_shrink_now(game):
        return [s.index for s in seats if s.hand and not s.ousted and len(s.hand) > effective_hand_size(game, s.index)]
    n = len(seats)
    sizes: list[int] | None = None  # each seat's "hand_size" riders, when some seat has one or an "unreplaced" one
    unreplaced: list[int] = []
    for r in game.riders:
        key = r.key
        if key == "hand_size" or key == "unreplaced":
            seat = -1 - r.holder
            if 0 <= seat < n:
                if sizes is None:
                    sizes, unreplaced = [0] * n, [0] * n
                if key == "hand_size":
                    sizes[seat] += r.value
                else:
                    unreplaced[seat] += r.value
    over = []
    for s in seats:
        held = len(s.hand)
        floor = 7 if sizes is None else max(0, max(0, 7 + sizes[s.index]) - unreplaced[s.index])
        if held > floor and not s.ousted and held > effective_hand_size(game, s.index):
            over.append(s.index)
    return over


def _shrinking_cards(game: Game) -> tuple[frozenset[int], frozenset[int]]:
    """The cards at this table that may make a hand size smaller than 7 (a "hand_size" hook's card: a vampire's
    ability, a card in play giving its controller a smaller hand size: The Meddling of Semsith; not the cards in
    play that give more, Elder Library, or give other things, Information Highway), as VEKN ids and as copies:
    fixed per table. It reads the cards, never calls the hooks."""
    found: tuple[frozenset[int], frozenset[int]] | None = game.table.get("hand shrinking cards")
    if found is None:
        comp = game.compiled
        owners: set[int] = set()
        if comp is not None:
            for h in comp.hooks.get("hand_size", ()):
                if h not in HOOKS_ONLY_ADD:
                    owners |= comp.hook_cards.get(h, frozenset())
            owners = {v for v in owners if not (v in comp.controllers and comp.controllers[v].hand_size >= 0)}
        copies = frozenset().union(*(copies_at_table(game, v) for v in owners))
        found = game.table["hand shrinking cards"] = (frozenset(owners) if copies else frozenset(), copies)
    return found


def _hand_sizes_shrink_now(game: Game) -> bool:
    """Whether a card that may make a hand size smaller than 7 is in play now (controlled, or on a minion): such a
    card does nothing from a library, a hand or an ash heap, so at most tables holding one (a deck with The Meddling
    of Semsith) the hands are checked against their floors for most of the game. Asked before every decision."""
    cards, copies = _shrinking_cards(game)
    if not copies:
        return False
    for s in game.seats:
        if not copies.isdisjoint(s.controlled):
            return True
    for m in game.minions.values():  # a vampire (its own card, or one it became), a card on a minion
        if m.card in cards or (m.cards and not copies.isdisjoint(m.cards)):
            return True
    return False


def discard_down(game: Game, seat: int) -> Flow:
    """The seat discards, a card at a time of its choice, down to its hand size (L302-310)."""
    s = game.seats[seat]
    while len(s.hand) > effective_hand_size(game, seat):
        game.discarding_down = seat  # the audit's hand-size check waits for it
        try:
            option = yield from _decide(game, seat, [Option(Kind.DISCARD, seat, (copy,)) for copy in s.hand])
        finally:
            game.discarding_down = -1
        copy = option.ids[0]
        s.hand.remove(copy)
        s.ash_heap.append(copy)
        game.log("discard down", seat, copy)


def refill(game: Game, seat: int) -> None:
    """Draw up to the hand size (4.0, L302-310), less cards not yet replaced ("do not replace until…")."""
    s = game.seats[seat]
    s.hand_size = hand_size(game, seat)
    missing = s.hand_size - len(s.hand) - rider_sum(game, -1 - seat, "unreplaced")
    if missing > 0 and not hook_all(game, "may_replace", seat):
        return  # "does not replace cards during any Methuselah's minion phase" (The Meddling of Semsith)
    if missing > 0 and hooks_of(game, "replace_instead"):
        missing -= hook_sum(
            game, "replace_instead", seat, missing
        )  # "instead burn 1 counter" (Visit from the Capuchin)
        s.hand_size = hand_size(game, seat)
    if missing > 0 and game.riders and current_action(game) is None:
        missing -= _retrieve_instead(game, seat)
    if missing > 0:
        from .state import draw

        # "each time you replace a card, draw an additional card and discard down" (Infernal Pursuit [CEL]): the
        # hand is over its size now, discarded down before the next decision (choose)
        extra = rider_sum(game, -1 - seat, "extra draw on replace") if game.riders else 0
        draw(game, seat, missing + extra)


def _retrieve_instead(game: Game, seat: int) -> int:
    """ "If you would replace this card, instead you can take this card from your ash heap" (Steely Tenacity: its
    "retrieve on replace" rider, valued the card's copy): once its action is over (its replacement is deferred until
    then), the card comes back to the hand from the ash heap if it is there (RBK targeting-of-cards), in place of a
    draw. Returns how many came back."""
    mine = [r for r in game.riders if r.key == "retrieve on replace" and r.holder == -1 - seat]
    if not mine:
        return 0
    heap, back = game.seats[seat].ash_heap, 0
    for r in mine:
        game.riders.remove(r)
        if r.value in heap:
            heap.remove(r.value)
            game.seats[seat].hand.append(r.value)
            game.log("ash heap to hand", seat, r.value)
            back += 1
    return back


# -- moving cards -------------------------------------------------------------------------------------------


def to_ash_heap(game: Game, copy_id: int) -> None:
    if copy_id in game.aside:
        game.aside.remove(copy_id)
    if game.stolen:
        game.stolen.pop(copy_id, None)
    if game.exiled and copy_id in game.exiled:  # "when that card is burned, remove it from the game instead"
        game.exiled.discard(copy_id)
        game.seats[game.owner_of[copy_id]].removed.append(copy_id)
        game.log("remove from game", game.owner_of[copy_id], copy_id)
        return
    game.seats[game.owner_of[copy_id]].ash_heap.append(copy_id)


def discard(game: Game, seat: int, copies: Sequence[int]) -> None:
    """Discard cards from the seat's hand as an effect or a cost, then draw back up to the hand size at once
    (L302-310: whenever cards leave the hand, draw)."""
    s = game.seats[seat]
    for copy in copies:
        s.hand.remove(copy)
        s.ash_heap.append(copy)
        game.log("discard", seat, copy)
    refill(game, seat)


def burn_card(game: Game, copy: int) -> None:
    """Burn a card in play (a location, a master on a minion…) to its owner's ash heap, with its counters."""
    for s in game.order:
        if copy in game.seats[s].controlled:
            game.seats[s].controlled.remove(copy)
    for m in game.minions.values():
        if copy in m.cards:
            m.cards.remove(copy)
            for h in hooks_of(game, "card_burned"):
                h(game, copy, m.id)  # a title card leaves its vampire (Fee Stake)
    game.card_counters.pop(copy, None)
    game.locked_cards.discard(copy)
    if game.held:
        release_held(game, copy)  # the cards on it burn with it (LSJ 20021128)
    to_ash_heap(game, copy)
    game.log("burn card", game.owner_of[copy], copy)


def set_aside(game: Game, seat: int, copy_id: int) -> None:
    """A card played leaves the hand and waits, in no other zone, until it resolves (4.3.3 step 1). Every card
    played from the hand passes here (an action card as its action is announced, any other as it is played):
    the one place its play is counted for the card statistics."""
    if game.stats is not None and seat in game.stats:
        game.stats[seat].played[game.card_of[copy_id]] += 1
    hand = game.seats[seat].hand
    if copy_id in hand:
        hand.remove(copy_id)
        game.exiled.discard(copy_id)  # back in a hand, it is any other card (Delaying Tactics' return)
        if game.stolen:
            game.stolen.pop(copy_id, None)
    else:
        holder = unhold(game, copy_id)  # played as if from the hand, from the card it was on (as_if_from_hand)
        if game.owner_of[copy_id] != seat:
            game.stolen[copy_id] = seat  # its player controls it (``controller``), in play too (Erciyes Fragments)
        if holder >= 0 and holder not in game.held:
            for h in hooks_of(game, "held_emptied"):
                h(game, holder)  # "burn this card if it has no cards on it" (Gift of Proteus)
    game.aside.append(copy_id)


def as_if_from_hand(game: Game, seat: int) -> list[tuple[int, int]]:
    """The cards the seat may play "as if from its hand" from another zone (cards face down on a card in play: The
    Erciyes Fragments, Gift of Proteus; hook ``as_if_from_hand``), each with the one minion that may play it (-1:
    any). Requirements and costs apply; the card goes where a played card goes; no replacement is drawn for it and
    its "do not replace" clauses and special replacement effects are ignored (LSJ 20081126)."""
    if not game.held:
        return []
    return [pair for h in hooks_of(game, "as_if_from_hand") for pair in h(game, seat)]


def played_from_hand(game: Game, seat: int, copy: int) -> bool:
    """Whether a card copy the seat plays is played from its hand, or as if from it (``as_if_from_hand``)."""
    return copy in game.seats[seat].hand or (bool(game.held) and any(c == copy for c, _ in as_if_from_hand(game, seat)))


def leave_aside(game: Game, copy_id: int) -> None:
    """A set-aside card goes into play (a location, equipment, an ally): it leaves the waiting zone."""
    if copy_id in game.aside:
        game.aside.remove(copy_id)


def burn_minion(game: Game, minion_id: int) -> None:
    """Burn a minion (to its owner's ash heap) with every card and counter on it (4.3.8 step 3, glossary)."""
    hooks = hooks_of(game, "burned")
    seat = controller(game, minion_id) if hooks else -1
    m = leave_play(game, minion_id)
    if m is not None:
        game.log("burn", game.owner_of[minion_id], minion_id)
        for h in hooks:
            h(game, m, seat)  # "if X is burned" (The Capuchin), with the Methuselah who controlled it


def move_blood(game: Game, minion_id: int, amount: int) -> int:
    """Add (from the bank) or burn blood on a minion, within 0 and its capacity (excess drains, L1869-1878).
    Returns the change."""
    m = game.minions[minion_id]
    new = max(0, min(m.capacity, m.blood + amount))
    change = new - m.blood
    m.blood = new
    if change > 0:
        game.gained += change
    else:
        game.burned -= change
    return change


def go_to_torpor(game: Game, minion_id: int) -> None:
    m = game.minions[minion_id]
    if not m.torpor:
        m.torpor = True
        game.log("torpor", controller(game, minion_id), minion_id)
        for h in hooks_of(game, "torpor"):
            if minion_id not in game.minions:  # a hook's pool burn ousted its controller (Fame): nothing left to do
                break
            h(game, minion_id)


def take_damage(game: Game, minion_id: int, normal: int, aggravated: int) -> int:
    """Damage resolution after prevention (4.3.4 step 5, L1725-1788): a vampire heals normal damage by burning
    blood, and unhealed damage wounds it; aggravated damage cannot be healed: the first point wounds a vampire
    that is not yet wounded, each further point costs 1 blood to avoid destruction, or burns it (normal damage
    resolves first). A wounded vampire goes to torpor. Allies and retainers lose 1 life per point and are burned
    at 0 ([ADV] agg works as normal for them). Returns the blood or life lost (Taste of Vitae)."""
    m = game.minions.get(minion_id)
    for h in hooks_of(game, "damage_immunity"):  # "immune to non-aggravated damage" (Ponticulus), in or out of combat
        normal, aggravated = h(game, minion_id, normal, aggravated)
    if m is None or normal + aggravated <= 0:
        return 0
    if m.kind != VAMPIRE:
        lost = min(m.blood, normal + aggravated)
        m.blood -= lost
        game.burned += lost
        game.log("damage", controller(game, minion_id), minion_id, normal + aggravated)
        if m.blood <= 0:
            if m.kind == ALLY and any(h(game, minion_id) for h in hooks_of(game, "ally_spared")):
                return lost  # "that ally is not burned" (Left for Dead)
            burn_minion(game, minion_id)
        return lost
    game.log("damage", controller(game, minion_id), minion_id, normal, aggravated)
    wounded = m.torpor
    healed = min(normal, m.blood)
    m.blood -= healed
    game.burned += healed
    lost = healed
    if normal > healed:
        wounded = True
    for _ in range(aggravated):
        if not wounded:
            wounded = True
        elif m.blood >= 1:
            m.blood -= 1
            game.burned += 1
            lost += 1
        else:
            burn_minion(game, minion_id)
            return lost
    if wounded:
        go_to_torpor(game, minion_id)
    return lost


# -- a game ---------------------------------------------------------------------------------------------------


def game_flow(game: Game) -> Flow:
    """Turns until the game ends (one Methuselah left, or the round cap)."""
    while not game.finished:
        yield from turn(game)


def turn(game: Game, start: Phase = Phase.UNLOCK, stop: Phase = Phase.END) -> Flow:
    """One turn (digest 4: unlock, master, minion, influence, discard); ``start`` begins it at a later phase
    and ``stop`` ends it after an earlier one, without ending the turn (a scenario's set-up)."""
    seat = game.acting
    s = game.seats[seat]
    if start <= Phase.UNLOCK:
        economy.start_turn(game)
        game.used.clear()
        game.kept.clear()
        for h in hooks_of(game, "skip_turn"):  # "a Methuselah can choose to skip his or her entire turn"
            if (yield from h(game, seat)):
                _end_of_turn(game, seat)
                return
        s.master_actions = max(0, 1 + hook_sum(game, "master_actions", seat) - rider_sum(game, -1 - seat, "mpa_debt"))
        expired = [r for r in game.riders if r.until is Until.NEXT_UNLOCK and r.seat == seat]
        if expired:
            game.riders = [r for r in game.riders if not (r.until is Until.NEXT_UNLOCK and r.seat == seat)]
            if any(r.key == "unreplaced" for r in expired):
                refill(game, seat)  # "do not replace until your unlock phase" (Into Thin Air): before unlocking
        held = [c for h in hooks_of(game, "stays_locked") for c in h(game, seat)]
        economy.unlock_phase(game)
        for c in held:  # infernal (§7 L2322-2324): unlocked only by paying 1 pool (its W.UNLOCK mode)
            game.minions[c].locked = True
        for c in s.controlled:
            game.locked_cards.discard(c)
        if game.locked_cards:  # the cards on its minions unlock too (Enkil Cog, locked to take an action)
            for c in s.controlled:
                minion = game.minions.get(c)
                if minion is not None and minion.cards:
                    game.locked_cards.difference_update(minion.cards)
        yield from contests(game, seat)
        if _over(game, seat):
            return
        for h in hooks_of(game, "unlock"):
            result = h(game, seat)  # unlock-phase burns of cards in play (Anarch Revolt, Fame)
            if isinstance(result, Generator):
                yield from result  # a choice made in the unlock phase (Leandro: burn 1 pool or lose the transfers)
        if _over(game, seat):
            return
        yield from permanents(game, seat, W.UNLOCK)
        for h in hooks_of(game, "unlock_end"):
            h(game, seat)  # at the end of the unlock phase, once its cards were used (Arika: ANK 20200629)
        if _over(game, seat):
            return
    if stop < Phase.MASTER:
        return
    if start <= Phase.MASTER:
        game.phase = Phase.MASTER
        yield from master_phase(game, seat)
        if _over(game, seat):
            return
    if stop < Phase.MINION:
        return
    if start <= Phase.MINION:
        game.phase = Phase.MINION
        hooks = hooks_of(game, "minion_phase")
        if hooks:  # "during your next minion phase" (Puppet Master: the control taken as the phase starts)
            yield from _run_hooks(game, hooks, seat)
        yield from minion_phase(game, seat)
        for h in hooks_of(game, "after_minion_phase"):
            h(game, seat)  # "after the end of your minion phase" (Tupdog)
        if _over(game, seat):
            return
    if stop < Phase.INFLUENCE:
        return
    if start <= Phase.INFLUENCE:
        economy.start_influence(game)
        s.transfers = max(0, s.transfers + hook_sum(game, "transfers", seat))  # (Leandro: all lost)
        yield from permanents(game, seat, W.INFLUENCE)
        while not _over(game, seat) and game.phase is Phase.INFLUENCE:
            options = list(economy.influence_options(game))
            if hooks_of(game, "may_transfer"):  # "No transfers can be used to move blood to or from" it (Brainwash)
                moves = (Kind.TRANSFER_TO_VAMPIRE, Kind.TRANSFER_TO_POOL)
                options = [o for o in options if o.kind not in moves or hook_all(game, "may_transfer", o.ids[0])]
            option = yield from choose(game, seat, options)
            if option.kind is Kind.BRING_OUT and W.ENTERS_PLAY in _live_windows(game):
                yield from entering_play(game, seat, option)
            else:
                economy.apply(game, option)
            if option.kind is Kind.BRING_OUT:
                for h in hooks_of(game, "brought_out"):
                    h(game, seat, option.ids[0])  # "after you put a vampire in play from your uncontrolled region"
                minion_entered(game, seat, option.ids[0])
        if game.stats is not None:
            _note_brought_out(game, seat)
        if _over(game, seat):
            return
    if stop < Phase.DISCARD:
        return
    game.phase = Phase.DISCARD
    s.discard_actions += hook_sum(game, "discard_actions", seat)  # "ready at the start of your discard phase"
    if game.riders:  # "do not replace until your next discard phase" (Mirror Walk) ends now
        game.riders = [
            r
            for r in game.riders
            if not (r.key == "unreplaced" and r.holder == -1 - seat and r.until is Until.END_OF_TURN)
        ]
        refill(game, seat)
    hooks = hooks_of(game, "discard_phase")
    if hooks:  # "during your discard phase" (The Coven passes to the predator)
        yield from _run_hooks(game, hooks, seat)
    discarded: list[int] = []  # the cards discarded during the phase (Rachel Brandywine puts them back)
    while not _over(game, seat) and game.phase is Phase.DISCARD:
        events = hand_options(game, seat, W.DISCARD, None) if s.discard_actions >= 1 else []
        # cards in play used "during your discard phase" (Carlton Van Wyk), not as its discard phase action
        events += in_play_options(game, seat, W.DISCARD, None)
        option = yield from choose(game, seat, [*economy.discard_options(game), *events])
        if option.kind is Kind.PASS:
            break
        if option.kind is Kind.PLAY and option.ids == (1,):
            yield from resolve_play(game, option, None)
            continue
        if option.kind is Kind.PLAY:  # an event, in place of the discard phase action (4.5)
            s.discard_actions -= 1
            yield from resolve_play(game, option, None)
            continue
        economy.apply(game, option)
        if option.kind is Kind.DISCARD:
            discarded.extend(option.ids)
        refill(game, seat)
    if W.DISCARD in _live_windows(game):  # "during your/another Methuselah's discard phase" (Luciano, Giotto)
        for other in _impulse_order(game, seat):
            if not game.finished and not game.seats[other].ousted:
                yield from permanents(game, other, W.DISCARD)
    if not game.finished and not s.ousted:
        for h in hooks_of(game, "discard_phase_end"):
            h(game, seat, discarded)  # "at the end of your discard phase" (Rachel), "during any discard phase" (Masika)
    _end_of_turn(game, seat)


def entering_play(game: Game, seat: int, option: Option) -> Flow:
    """Bring a vampire out with its "as it enters play" abilities (``W.ENTERS_PLAY`` modes: Anarch Convert,
    Erlik), used before it enters play and so before any contest (their rulings); one that removes the vampire
    (Anarch Convert) ends the bring-out, one that moves its blood away (Erlik) does not stop it."""
    copy = option.ids[0]
    m = game.minions[copy]
    handlers = game.compiled.in_play.get((m.card, W.ENTERS_PLAY), ())
    options = [o for h in handlers for o in in_play_handler(game, h, seat, copy, None)]
    if not options:
        economy.apply(game, option)
        return
    cost = economy.scarce_cost(game, copy)
    chosen = yield from choose(game, seat, [_pass(seat), *options])
    if chosen.kind is not Kind.PASS:
        yield from resolve_play(game, chosen, None)
    if copy in game.seats[seat].uncontrolled and not game.finished:
        economy.bring_out(game, seat, copy)
        if cost:
            economy.burn_pool(game, seat, cost)


def minion_entered(game: Game, seat: int, copy: int) -> None:
    """A minion the seat put in play (a vampire influenced out, an ally recruited, a vampire made of a card): the
    "minion_in_play" hooks ("when your predator or prey puts a minion in play": Gran Madre di Dio, Italy)."""
    if copy in game.minions:
        for h in hooks_of(game, "minion_in_play"):
            h(game, seat, copy)


def contests(game: Game, seat: int) -> Flow:
    """Digest 4.1 item 4 (L770-778), right after the unlock: each contested vampire of the seat costs 1 pool
    or is yielded; one with no rival left is uncontested (economy.CONTESTS)."""
    for c in list(game.seats[seat].controlled):
        m = game.minions.get(c)
        if m is None or not m.contested or not economy.contest_step(game, c):
            continue
        option = yield from choose(game, seat, economy.contest_options(game, c))
        economy.settle_contest(game, option)
        if game.finished or game.seats[seat].ousted:
            return


def _over(game: Game, seat: int) -> bool:
    if game.finished:
        return True
    if game.seats[seat].ousted:
        if game.acting == seat and game.phase is not Phase.END:
            economy.end_turn(game)
        return True
    return False


def _end_of_turn(game: Game, seat: int) -> None:
    for h in hooks_of(game, "end_of_turn"):
        h(game, seat)  # "until the end of your turn" (Puppet Master: the control given back)
    game.riders = [r for r in game.riders if r.until is not Until.END_OF_TURN]
    for index in game.order:
        refill(game, index)
    if game.phase is not Phase.END and not game.finished:
        economy.end_turn(game)


def permanents(game: Game, seat: int, window: W) -> Flow:
    """The seat's cards in play and minions' abilities usable in ``window`` (its unlock, influence…), in an
    impulse of its own: it may use each while it has options, then passes."""
    while not game.finished:
        options = in_play_options(game, seat, window, None)
        if not options:
            return
        option = yield from choose(game, seat, [_pass(seat), *options])
        if option.kind is Kind.PASS:
            return
        yield from resolve_play(game, option, None)


# -- the master phase (4.2) ---------------------------------------------------------------------------------------


def master_phase(game: Game, seat: int) -> Flow:
    s = game.seats[seat]
    s.master_actions += hook_sum(game, "master_phase_start", seat)  # "unlocked at the start of your master phase"
    trifled = False
    while not game.finished and not s.ousted:
        options = [_pass(seat)]
        if s.master_actions > 0 or not trifled:
            for option in hand_options(game, seat, W.MASTER, None):
                handler = handler_of(game, option)
                if s.master_actions > 0 or (handler.mode.trifle and not trifled):
                    options.append(option)
        options += in_play_options(game, seat, W.MASTER, None)
        if len(options) == 1:
            return
        option = yield from choose(game, seat, options)
        if option.kind is Kind.PASS:
            return
        if option.ids != (1,) and played_from_hand(game, seat, option.card):
            handler = handler_of(game, option)
            if handler.mode.trifle and not trifled:
                trifled = True  # the first trifle of the turn gives its master phase action back (glossary)
                game.used.add(("free trifle", option.card, game.turn))  # unless cancelled (Sudden Reversal)
            else:
                s.master_actions -= 1
            game.used.add(("master card played", seat, game.turn))  # "after playing a master card" (Nonu Dis)
        yield from resolve_play(game, option, None)


# -- the minion phase (4.3) ----------------------------------------------------------------------------------------


def minion_phase(game: Game, seat: int) -> Flow:
    by_card = bool(hooks_of(game, "card_actions"))  # a table with Enkil Cog
    while not game.finished and not game.seats[seat].ousted:
        options = action_options(game, seat)
        if by_card:
            options += card_action_options(game, seat)
        option = yield from choose(game, seat, options)
        if option.kind is Kind.PASS:
            break
        yield from action(game, option)
    if by_card:
        yield from _card_actions_of_others(game, seat)
    if hooks_of(game, "acts_elsewhere"):  # a table with Madness Network
        yield from _actions_of_others(game, seat)


def card_action_options(game: Game, seat: int) -> list[Option]:
    """The actions a minion takes by locking a card on it instead of itself ("during any Methuselah's minion
    phase, this vampire can lock this card to take an action": Enkil Cog; hook ``card_actions`` gives the
    (minion, card) pairs of the seat): the actions it would have unlocked, each naming the card (``ids`` ==
    (-1, card)). In its own minion phase only a locked minion is offered them: an unlocked one acts as usual
    (locking itself) and may then act again by the card."""
    own = seat == game.acting
    out: list[Option] = []
    for h in hooks_of(game, "card_actions"):
        for minion, card in h(game, seat):
            m = game.minions.get(minion)
            if m is None or card in game.locked_cards or not is_ready(game, minion) or (own and not m.locked):
                continue
            locked, m.locked = m.locked, False
            try:
                found = action_options(game, seat)
            finally:
                m.locked = locked
            out += [dataclasses.replace(o, ids=(-1, card)) for o in found if o.minion == minion]
    return out


def _card_actions_of_others(game: Game, seat: int) -> Flow:
    """Once the acting Methuselah's minion phase is over, the others may still take actions by locking a card
    (Enkil Cog), in turn order: still during that minion phase."""
    for other in _impulse_order(game, seat)[1:]:
        while not game.finished and not game.seats[seat].ousted and not game.seats[other].ousted:
            options = card_action_options(game, other)
            if not options:
                break
            option = yield from choose(game, other, [_pass(other), *options])
            if option.kind is Kind.PASS:
                break
            yield from action(game, option)


def _actions_of_others(game: Game, seat: int) -> Flow:
    """Once the acting Methuselah's minion phase is over, the minions the ``acts_elsewhere`` hooks name (unlocked
    Malkavians with Madness Network in play) may take actions in it, their Methuselahs in turn order."""
    for other in _impulse_order(game, seat)[1:]:
        while not game.finished and not game.seats[seat].ousted and not game.seats[other].ousted:
            may = {m for h in hooks_of(game, "acts_elsewhere") for m in h(game, other)}
            options = [o for o in action_options(game, other) if o.minion in may] if may else []
            if not options:
                break
            option = yield from choose(game, other, [_pass(other), *options])
            if option.kind is Kind.PASS:
                break
            yield from action(game, option)


def action_options(game: Game, seat: int) -> list[Option]:
    """The actions the seat's minions may take (4.3.1-4.3.2). A ready unlocked vampire with no blood must hunt
    and no other action may be taken before (L859-869, L984-989)."""
    hunts = hooks_of(game, "may_hunt")  # "Ravnos … do not hunt as normal" (Week of Nightmares)
    forced = [
        Option(Kind.ACTION, seat, minion=m.id, value=Act.HUNT)
        for m in ready_minions(game, seat)
        if m.kind == VAMPIRE
        and not m.locked
        and m.blood == 0
        and m.recruited_turn != game.turn
        and (not hunts or hook_all(game, "may_hunt", m.id))
    ]
    if forced:
        return forced
    options = [_pass(seat)]
    s = game.seats[seat]
    prey = game.prey(seat)
    burnable = _burnable_in_play(game, seat)  # the same for every minion of the seat: read once
    directs = hooks_of(game, "may_direct")  # "cannot perform directed actions unless…" (Valkyrie)
    locked_cards = hooks_of(game, "locked_actor")  # action cards "only usable by a locked vampire" (Force of Will)
    elsewhere = as_if_from_hand(game, seat)  # (The Erciyes Fragments, Gift of Proteus)
    # the vampires in torpor, the seat's own (to rescue) and the others' (to diablerize): the same for every minion
    torpid: list[list[int]] = [[], []]  # [own, others']
    for index in game.order:
        for other in game.seats[index].controlled:
            o = game.minions.get(other)
            if o is not None and o.torpor and o.in_play and o.kind == VAMPIRE:
                torpid[index != seat].append(other)
    for m in ready_minions(game, seat):
        if m.locked and locked_cards and m.recruited_turn != game.turn:
            for copy in s.hand:
                for handler in game.compiled.actions.get(game.card_of[copy], ()):
                    if any(h(game, handler) for h in locked_cards):
                        options.extend(_handler_options(game, handler, seat, copy, m, None))
        if m.locked or m.recruited_turn == game.turn:
            continue  # an ally the turn it is recruited, a vampire that "cannot perform actions this turn" (Progeny)
        first = len(options)
        if (
            m.bled_turn != game.turn
            and prey != seat
            and m.bleed > 0
            or (m.kind == VAMPIRE and m.bled_turn != game.turn and prey != seat)
        ):
            options.append(Option(Kind.ACTION, seat, minion=m.id, value=Act.BLEED, target=prey))
        if m.kind == VAMPIRE:
            if (not hunts or hook_all(game, "may_hunt", m.id)) and not _hunts_into_torpor(game, m.id):
                options.append(Option(Kind.ACTION, seat, minion=m.id, value=Act.HUNT))
            for other in torpid[0]:
                if m.blood + game.minions[other].blood >= rescue_cost(game, m.id, other) and hook_all(
                    game, "may_leave_torpor", other
                ):  # hostage counters (Carver's Meat Packing)
                    options.append(Option(Kind.ACTION, seat, minion=m.id, value=Act.RESCUE, target=other))
            for other in torpid[1] if hook_all(game, "may_diablerize", m.id) else ():  # (Blood Cursed: Alu)
                if hook_all(game, "actor_may_target", m.id, other):  # directed at it (Shadow Cloak)
                    options.append(Option(Kind.ACTION, seat, minion=m.id, value=Act.DIABLERIE, target=other))
            if not m.title and m.sect != "Anarch" and m.blood >= become_anarch_cost(game, seat, m.id):
                options.append(Option(Kind.ACTION, seat, minion=m.id, value=Act.BECOME_ANARCH))
        options.extend(_burn_options(game, seat, m, burnable))
        for copy, vekn in first_copies(game, s.hand):
            for handler in game.compiled.actions.get(vekn, ()):
                options.extend(_handler_options(game, handler, seat, copy, m, None))
        for copy, only in elsewhere:
            for handler in game.compiled.actions.get(game.card_of[copy], ()) if only in (-1, m.id) else ():
                options.extend(_handler_options(game, handler, seat, copy, m, None))
        for handler in game.compiled.actions.get(m.card, ()) if m.card not in game.compiled.specs else ():
            options.extend(_handler_options(game, handler, seat, m.id, m, None))  # (a library-card vampire: none)
        if m.kind == ALLY or m.card in game.compiled.specs:
            # an ally's own actions ("can burn a vampire in torpor … as a (D) action": Nephandus), a library card's
            # vampire's (Call the Great Beast's (D) combat)
            for handler in game.compiled.in_play.get((m.card, W.ACTION), ()):
                options.extend(_handler_options(game, handler, seat, m.id, m, None))
        for h in hooks_of(game, "offered_actions"):  # another minion's ability used as an action (Maldavis)
            for copy, handler in h(game, seat, m):
                options.extend(_handler_options(game, handler, seat, copy, m, None))
        for copy in _granting_cards(
            game, seat, m
        ):  # actions a card in play gives (Frontal Assault, Lazarene Inquisitor)
            for handler in game.compiled.in_play.get((game.card_of[copy], W.ACTION), ()):
                options.extend(_handler_options(game, handler, seat, copy, m, None))
        if directs and not hook_all(game, "may_direct", m.id):
            options[first:] = [o for o in options[first:] if not _directed(game, o)]
    for c in s.controlled:
        m2 = game.minions.get(c)
        if (
            m2 is not None
            and m2.torpor
            and m2.in_play
            and not m2.locked
            and m2.blood >= 2
            and hook_all(game, "may_leave_torpor", c)
        ):
            options.append(Option(Kind.ACTION, seat, minion=c, value=Act.LEAVE_TORPOR))
    allowed = hooks_of(game, "action_allowed")  # "must bleed … as a (D) action" (Elen Kamjian): all must allow
    if allowed:
        options = [o for o in options if all(h(game, o) for h in allowed)] or options[:1]  # never none
    return options


def _granting_cards(game: Game, seat: int, m: Minion) -> list[int]:
    """The cards in play (not minions) that may give the minion an action, their modes' ``when`` saying whose:
    those on the table ("each ready minion you control can … as a (D) action": Frontal Assault) and those
    on any minion in play ("the vampire with this card can …": Lazarene Inquisitor; "minions can enter combat with
    this vampire": Haven Uncovered)."""
    granting = game.table.get("granting")
    if granting is None:
        comp = game.compiled
        ids = {v for (v, w) in comp.in_play if w is W.ACTION and "Ally" not in comp.types.get(v, ())}
        granting = game.table["granting"] = frozenset(ids & at_table(game))
    if not granting:
        return []
    held: list[int] = []
    types, card_of = game.compiled.types, game.card_of
    for s in game.order:  # asked for every minion: the granting cards picked first, the rest never looked at
        for c in game.seats[s].controlled:
            other = game.minions.get(c)
            if other is None:
                if card_of[c] in granting:
                    held.append(c)  # another's too: "any Ravnos can … as a hunt action" (Week of Nightmares)
            elif other.cards and other.in_play:
                # equipment serves its bearer only (Camera Phone, Seal of Veddartha); a master card on a minion
                # may serve others ("minions can enter combat with this vampire": Haven Uncovered)
                for x in other.cards:
                    if card_of[x] in granting and (c == m.id or "Equipment" not in types.get(card_of[x], ())):
                        held.append(x)
    return [c for c in held if c not in game.minions and c not in game.locked_cards]


def _directed(game: Game, option: Option) -> bool:
    """Whether an action option is a directed action (as action() will announce it)."""
    if option.kind is Kind.PLAY:
        mode = handler_of(game, option).mode
        return mode.directed or mode.bleeds
    kind = Act(option.value)
    if kind in (Act.RESCUE, Act.DIABLERIE):
        return controller(game, option.target) != option.seat
    if kind is Act.BURN_CARD:  # a (D) action, unless its card is burned by a referendum (a political action)
        who = game.compiled.burnable.get(game.card_of[option.target], "")
        return not (who.endswith("referendum") or who in UNDIRECTED_BURNS)
    return kind in (Act.BLEED, Act.STEAL_CARD)


def rescue_cost(game: Game, rescuer: int, rescued: int) -> int:
    """The rescue action's blood cost (L1133-1152): 2, changed by the vampires' abilities ("rescue_cost" hooks:
    rescuing Isanwayen costs 1 more, Doc Martina rescues for 1 less)."""
    return max(0, 2 + hook_sum(game, "rescue_cost", rescuer, rescued))


def become_anarch_cost(game: Game, seat: int, vampire: int) -> int:
    """The become-Anarch action's blood cost (L1206-1211): 2, or 1 while the seat controls another ready Anarch."""
    others = (m for m in ready_minions(game, seat) if m.id != vampire and m.kind == VAMPIRE)
    cost = 1 if any(m.sect == "Anarch" for m in others) else 2
    if not hooks_of(game, "become_anarch_cost"):
        return cost
    return max(0, cost + hook_sum(game, "become_anarch_cost", seat, vampire))  # Brunhilde: 0 blood


def _burnable_in_play(game: Game, seat: int) -> list[tuple[int, int, str]]:
    """(card copy, the minion it is on or -1, who may burn it) for the cards of other Methuselahs in play that
    say "… can burn this card as a (D) action" or by a referendum (``Spec.burn``); "steal" for a card that
    vampires may steal by a (D) action (``Spec.steal``: Powerbase: Montreal)."""
    burnable = game.compiled.burnable
    stealable = game.compiled.stealable
    if not table_has(game, "removable", lambda: (*burnable, *stealable)):
        return []  # no card at this table may be burned or stolen by an action
    out = []
    for index in game.order:
        for c in game.seats[index].controlled:
            m = game.minions.get(c)
            if m is None:
                if index != seat and game.card_of[c] in burnable:
                    out.append((c, -1, burnable[game.card_of[c]]))
                if index != seat and game.card_of[c] in stealable:
                    out.append((c, -1, _STEAL_BY[stealable[game.card_of[c]]]))
                continue
            for attached in m.cards:  # a master card on a minion is its player's, whoever controls the minion
                if game.owner_of[attached] != seat and game.card_of[attached] in burnable:
                    out.append((attached, m.id, burnable[game.card_of[attached]]))
                if index != seat and game.card_of[attached] in stealable:  # an equipment (Shaal Fragment)
                    out.append((attached, m.id, "steal"))
        for c in game.seats[index].uncontrolled:  # a master on an uncontrolled vampire (Brainwash)
            for attached in minion_cards(game, c):
                if game.owner_of[attached] != seat and game.card_of[attached] in burnable:
                    out.append((attached, c, burnable[game.card_of[attached]]))
    return out


_STEAL_BY = {"vampire": "steal", "Anarch": "steal Anarch", "vampire of capacity 5 or more": "steal capacity 5"}


def _burn_options(game: Game, seat: int, m: Minion, burnable: list[tuple[int, int, str]]) -> list[Option]:
    out = []
    restricted = hooks_of(game, "may_remove")  # who may act against a card beyond its ``burn``/``steal`` word (Skaald)
    for copy, on, who in burnable:
        if restricted and not hook_all(game, "may_remove", m.id, copy, on):
            continue
        if who.endswith("referendum"):
            if m.kind != VAMPIRE or m.political_turn == game.turn:
                continue  # a political action: vampires only, one a turn (L1093-1095)
            if who != "referendum" and m.sect != who.split()[0]:
                continue  # "Any Camarilla vampire can call a referendum to burn this card" (Elysium: The Arboretum)
        elif (
            who in ("vampire", "steal", "vampire, two +1 stealth actions")
            and m.kind != VAMPIRE
            or who == "other minion"
            and on == m.id
        ):
            continue
        elif who == CHOSEN_MINION and chosen_minion(game, copy) != m.id:
            continue  # "The chosen minion can burn this card as a (D) action" (Divine Sign)

        elif who == "steal capacity 5" and (m.kind != VAMPIRE or m.capacity < 5):
            continue  # "Any vampire with a capacity above 4 can steal the Fragments" (The Erciyes Fragments)
        elif who == "steal Anarch" and (m.kind != VAMPIRE or m.sect != "Anarch"):
            continue  # "Anarchs controlled by other Methuselahs can steal this location" (Powerbase: Los Angeles)
        elif who == "Changeling ally" and (m.kind != ALLY or "changeling" not in _first_line(game, m.card)):
            continue  # "Changeling allies can burn this location" (Black Forest Base)
        elif who.startswith("non-") and m.clan == who[4:].removesuffix(" minion"):
            continue  # "non-Ravnos minions can burn this card" (Gangrel Revel)
        elif who.endswith(" vampire") and (m.kind != VAMPIRE or m.sect != who.removesuffix(" vampire")):
            continue  # "any Sabbat vampire can burn this card" (Lazarene Inquisitor)
        elif who == SHUFFLERS and (m.kind != VAMPIRE or m.capacity < 5):
            continue  # "vampires with capacity 5 or more can shuffle" it into the library instead (Aranthebes)
        act = Act.STEAL_CARD if who.startswith("steal") else Act.BURN_CARD
        out.append(Option(Kind.ACTION, seat, minion=m.id, value=act, target=copy))
    return out


CHOSEN_MINION = "chosen minion"  # a rider held by a card in play: the minion its text chose (Divine Sign)


def chosen_minion(game: Game, copy: int) -> int:
    """The minion a card in play chose as it was played (its ``CHOSEN_MINION`` rider), -1 when none."""
    for r in game.riders:
        if r.holder == copy and r.key == CHOSEN_MINION:
            return int(r.value)
    return -1


def _first_line(game: Game, vekn: int) -> str:
    card = game.compiled.cards.get(vekn)
    return (card.text or "").split("\n", 1)[0].lower() if card is not None else ""


def _burn_effect(game: Game, play: Play) -> None:
    """The action succeeded (or its referendum passed): the card burns, if it is still in play."""
    act = current_action(game)
    copy = act.target_minion if act is not None else -1
    regions = [z for s in game.order for z in (game.seats[s].controlled, game.seats[s].uncontrolled)]
    if copy >= 0 and any(copy in (c, *minion_cards(game, c)) for zone in regions for c in zone):
        if act is not None and any(h(game, act, copy) for h in hooks_of(game, "burn_instead")):
            return  # the action does something else to the card (Powerbase: Madrid burns its counters)
        if game.compiled.burnable.get(game.card_of[copy]) == TWO_ACTIONS and not game.card_counters.get(copy):
            game.card_counters[copy] = 1  # the first of the two actions leaves a counter (Pulled Fangs: ANK 20170202-2)
            return
        burn_card(game, copy)
        if game.compiled.burnable.get(game.card_of[copy]) == SHUFFLERS:  # into its owner's library (Aranthebes)
            library = game.seats[game.owner_of[copy]].library
            game.seats[game.owner_of[copy]].ash_heap.remove(copy)
            library.append(copy)
            game.rng.shuffle(library)


def _steal_effect(game: Game, play: Play) -> Flow | None:
    """The action succeeded: the acting Methuselah takes control of the card, if it is still in play (its owner
    keeps it: it goes to the owner's ash heap when burned). The "card_stolen" hooks then run (The Rack: its new
    controller chooses a vampire as its controller changes)."""
    act = current_action(game)
    copy = act.target_minion if act is not None else -1
    for s in game.order:
        held = game.seats[s].controlled
        if copy >= 0 and copy in held and s != play.seat:
            held.remove(copy)
            game.seats[play.seat].controlled.append(copy)
            game.locked_cards.discard(copy)
            game.log("steal", play.seat, copy, s)
            hooks = hooks_of(game, "card_stolen")
            return _run_hooks(game, hooks, play.seat, copy) if hooks else None
    thief = game.minions.get(act.actor) if act is not None else None
    for m in list(game.minions.values()):  # an equipment goes to the acting minion (Shaal Fragment)
        if copy >= 0 and copy in m.cards and thief is not None and m.id != thief.id and copy not in game.minions:
            m.cards.remove(copy)
            thief.cards.append(copy)
            game.log("steal", play.seat, copy, controller(game, m.id))
            break
    return None


def _run_hooks(game: Game, hooks: Sequence[Callable[..., Any]], *args: Any) -> Flow:
    """Trigger hooks that may ask for decisions (they return None or a generator)."""
    for h in hooks:
        result = h(game, *args)
        if result is not None:
            yield from result
        if game.ousting:
            yield from ousts(game)


def minion_cards(game: Game, copy: int) -> list[int]:
    m = game.minions.get(copy)
    return m.cards if m is not None else []


def _burn_stakes(game: Game, play: Play, seat: int) -> float:
    """A referendum to burn a card: its player votes against, everyone else for."""
    act = current_action(game)
    copy = act.target_minion if act is not None else -1
    return -1.0 if copy >= 0 and game.owner_of[copy] == seat else 1.0


# The actions that burn a card in play: a (D) action at the card's player, or a referendum (+1 stealth) that burns it.
BURN_BY_ACTION = Mode(window=W.ACTION, directed=True, effects=(_burn_effect,), label="burn this card")
BURN_BY_REFERENDUM = Mode(
    window=W.ACTION, political=True, stealth=1, effects=(_burn_effect,), stakes=_burn_stakes, label="burn this card"
)
STEAL_BY_ACTION = Mode(window=W.ACTION, directed=True, effects=(_steal_effect,), label="steal this card")


TWO_ACTIONS = "vampire, two +1 stealth actions"  # two such actions burn the card, the first leaves a counter on it
UNDIRECTED_BURNS = ("minion +1 stealth", TWO_ACTIONS)  # +1 stealth burn actions
_DEFAULT_STEALTH = {
    Act.HUNT: 1,
    Act.EQUIP: 1,
    Act.EMPLOY: 1,
    Act.RECRUIT: 1,
    Act.POLITICAL: 1,
    Act.LEAVE_TORPOR: 1,
    Act.BECOME_ANARCH: 1,
}


def _hunts_into_torpor(game: Game, minion: int) -> bool:
    """ "This vampire cannot hunt. If they must hunt, they go to torpor instead" (Pulled Fangs): no hunt action is
    offered, and the hunt a vampire with no blood must take sends it to torpor ("hunts_into_torpor" hooks)."""
    hooks = hooks_of(game, "hunts_into_torpor")
    return bool(hooks) and any(h(game, minion) for h in hooks)


def action(game: Game, option: Option) -> Flow:
    """One action, announce to resolution (4.3.3). ``option`` is an ACTION (a default action) or a PLAY of an
    action card or a minion's action ability."""
    seat = option.seat
    actor = game.minions[option.minion]
    if option.kind is Kind.ACTION and option.value == Act.HUNT and _hunts_into_torpor(game, actor.id):
        go_to_torpor(game, actor.id)  # "if they must hunt, they go to torpor instead" (Pulled Fangs)
        return
    handler = handler_of(game, option) if option.kind is Kind.PLAY else None
    unreplaced: Rider | None = None
    if handler is not None:
        mode = handler.mode
        kind = Act.POLITICAL if mode.political else Act.CARD
        act = Action(kind=kind, seat=seat, actor=actor.id, card=option.card, mode=mode)
        if mode.in_play:
            pass  # a minion's ability used as an action (an ally's): no card is equipped, employed or recruited
        elif "Equipment" in handler.types:
            act.kind = Act.EQUIP
        elif "Retainer" in handler.types:
            act.kind = Act.EMPLOY
        elif "Ally" in handler.types:
            act.kind = Act.RECRUIT
        act.stealth = mode.stealth or _DEFAULT_STEALTH.get(act.kind, 0)
        act.directed = mode.directed or mode.bleeds
        act.cost_blood, act.cost_pool = card_cost(game, handler, seat, actor.id, paying=True)
        if mode.x_cost:
            act.cost_blood = option.value
        elif mode.values is not None:
            act.flags["value"] = option.value  # chosen as the action is announced (Charming Lobby's political card)

        elif option.value:
            act.flags["value"] = option.value  # an amount chosen as the action is announced (Gift of Proteus)
        if mode.bleeds:
            act.target = option.target if option.target >= 0 and option.target < len(game.seats) else game.prey(seat)
            act.bleed = actor.bleed + mode.bleed
        elif mode.directed and mode.seat_target:
            act.target = option.target  # a seat index, never a minion id (they may coincide)
        elif mode.directed and option.target >= 0:
            # a minion or a card in play (a card copy id): directed at its controller
            act.target = controller(game, option.target)
            act.target_minion = option.target
        elif option.target >= 0:
            act.target_minion = option.target
        if played_from_hand(game, seat, option.card):
            if option.card not in game.seats[seat].hand:
                act.flags["as if from hand"] = 1  # no replacement, no "do not replace" (LSJ 20081126)
            set_aside(game, seat, option.card)  # until resolution (L1217-1222)
            if hooks_of(game, "cancels_own_card") and any(h(game, option) for h in hooks_of(game, "cancels_own_card")):
                to_ash_heap(game, option.card)  # cancelled as played (Andrew Stuart): the action is not taken
                refill(game, seat)
                return
            if mode.replace_after_action and not act.flags.get("as if from hand"):
                # the hand stays a card short until the action ends (LSJ 20001120)
                unreplaced = Rider(-1 - seat, "unreplaced", 1, Until.END_OF_TURN, seat)
                game.riders.append(unreplaced)
        game.used.add(_acted_with(game, actor.id, handler))
        mark_played_in_game(game, mode)  # "played or called": as it is played, whether or not it succeeds
    else:
        kind = Act(option.value)
        act = Action(kind=kind, seat=seat, actor=actor.id)
        act.stealth = _DEFAULT_STEALTH.get(kind, 0)
        if kind is Act.BLEED:
            act.directed = True
            act.target = option.target
            act.bleed = actor.bleed
        elif kind in (Act.RESCUE, Act.DIABLERIE):
            act.target_minion = option.target
            owner = controller(game, option.target)
            act.directed = owner != seat
            act.target = owner if act.directed else -1
            act.stealth = 0 if act.directed else 1
            if kind is Act.RESCUE:
                act.cost_blood = rescue_cost(game, actor.id, option.target)
        elif kind is Act.LEAVE_TORPOR:
            act.cost_blood = 2
        elif kind is Act.BECOME_ANARCH:
            act.cost_blood = become_anarch_cost(game, seat, actor.id)  # paid on success, as printed
        elif kind is Act.BURN_CARD:
            act.target_minion = option.target  # the card copy to burn
            if game.compiled.burnable.get(game.card_of[option.target], "").endswith("referendum"):
                act.kind, act.mode, act.stealth = Act.POLITICAL, BURN_BY_REFERENDUM, 1
            elif game.compiled.burnable.get(game.card_of[option.target]) in UNDIRECTED_BURNS:
                act.mode, act.stealth = BURN_BY_ACTION, 1  # undirected (Sculpt the Flesh, Pulled Fangs)
            else:
                act.mode, act.directed, act.target = BURN_BY_ACTION, True, game.owner_of[option.target]
                if game.compiled.burnable.get(game.card_of[option.target]) == "minion, +1 stealth (D)":
                    act.stealth = 1  # (Brainwash)
        elif kind is Act.STEAL_CARD:
            act.target_minion = option.target  # the card copy to steal, at the Methuselah controlling it
            holder = next(
                s
                for s in game.order
                if any(option.target in (c, *minion_cards(game, c)) for c in game.seats[s].controlled)
            )  # a card on a minion (an equipment: Shaal Fragment) is at the Methuselah controlling the minion
            act.mode, act.directed, act.target = STEAL_BY_ACTION, True, holder
    act.stealth += actor.stealth + hook_sum(game, "stealth", act)
    if act.directed:
        act.cost_pool += hook_sum(game, "directed_cost", act)  # "actions directed at him cost 1 more pool" (Monçada)
    act.flags["was_bled"], act.flags["was_political"] = actor.bled_turn, actor.political_turn
    if act.kind is Act.BLEED or (act.mode is not None and act.mode.bleeds):
        act.bleed += hook_sum(game, "bleed", act)
        actor.bled_turn = game.turn
    if act.kind is Act.POLITICAL:
        actor.political_turn = game.turn
    if len(option.ids) == 2 and option.ids[0] == -1:  # a card locks instead of the minion (Enkil Cog)
        act.flags["by_card"], act.flags["was_locked"] = option.ids[1] + 1, int(actor.locked)
        game.locked_cards.add(option.ids[1])
        game.log("lock card", seat, option.ids[1])
    else:
        actor.locked = True
    game.frames.append(act)
    game.log("action", seat, actor.id, int(act.kind), act.card, act.target, act.target_minion)
    try:
        yield from _announce_to_resolution(game, act)
    finally:
        game.frames.pop()
    if act.card >= 0 and _is_set_aside(game, act.card):
        to_ash_heap(game, act.card)
        refill(game, seat)
    if unreplaced is not None and unreplaced in game.riders:  # replaced after every "after resolution" effect
        game.riders.remove(unreplaced)  # (LSJ 20101021)
        if not game.finished and not game.seats[seat].ousted:
            refill(game, seat)
    if game.riders and any(r.until is Until.END_OF_ACTION for r in game.riders):
        # "Do not replace until after this action" (Read the Winds): the hands are made whole now
        ended = {r.seat for r in game.riders if r.until is Until.END_OF_ACTION}
        game.riders = [r for r in game.riders if r.until is not Until.END_OF_ACTION]
        for index in sorted(ended):
            if index >= 0 and not game.seats[index].ousted:
                refill(game, index)


def _is_set_aside(game: Game, copy_id: int) -> bool:
    """Whether a played card is still waiting (set aside, not put in play or burned)."""
    return copy_id in game.aside


def _announce_to_resolution(game: Game, act: Action, continued: bool = False) -> Flow:
    """``continued``: the action goes on "as if unblocked" after its combat (Form of Mist): block attempts by
    the Methuselahs that have not declined, then resolution."""
    seat = act.seat
    if act.card >= 0 and act.mode is not None and not continued and not act.mode.in_play:
        for h in hooks_of(game, "before_as_played"):
            h(game, act.card, seat, act.mode, act.actor)  # before any cancel (Veil of Darkness: LSJ 20100728)
        yield from as_played(
            game, act.card, seat, act.mode
        )  # (an ability of a card in play is not a card being played)
        # An action card is replaced as it is played, after the "as played" window (L296-297, L302-305), not when
        # its action ends: the hand is whole while the action is blocked, fought over and resolved.
        if _is_set_aside(game, act.card):  # played from the hand (not a card in play used as an action)
            for h in hooks_of(game, "replacing") if not act.flags.get("as if from hand") else ():
                h(game, seat, act.mode, act.actor)  # "… are not replaced until the end of that action" (Blood Weakens)
            refill(game, seat)
        if act.ended:
            _not_taken(game, act)
            return
    if not continued:
        if act.mode is not None and act.mode.in_play and act.mode.limit:  # a card in play's action: _limit_holder
            game.used.add((act.mode.limit, act.card, _scope(game, act.mode, act)))
        for h in hooks_of(game, "announced"):
            h(game, act)  # "as a minion announces an action directed at …" (Evan Klein's coin: the action fails)
        if not act.ended:
            yield from impulse(game, W.ANNOUNCED, [seat], act)
    while not act.ended:
        version = act.target_version
        yield from block_attempts(game, act)
        if act.blocked or act.ended or not game.seats[seat].controlled:
            break
        yield from impulse(game, W.BLOCKS_DECLINED, _impulse_order(game, seat), act)
        if act.target_version == version:
            break
    if act.blocked and not act.ended and not game.finished:
        # "If this minion is blocked, before block resolution" (Change of Target): the blocker not yet locked.
        yield from impulse(game, W.BLOCKED, _impulse_order(game, seat), act)
        if not act.blocked and not act.ended and not game.finished:
            # "The block fails, and the action continues" (Psychomachia): the other block attempts, then resolution
            yield from _announce_to_resolution(game, act, continued=True)
            return
    if act.ended and not game.finished:
        for h in hooks_of(game, "action_ended"):
            h(game, act)  # an action ended before or at resolution still reached it (Daring the Dawn's damage)
    if act.ended or game.finished:
        return
    actor = game.minions.get(act.actor)
    if actor is None:
        return
    if act.blocked:
        game.log("blocked", seat, act.actor, act.blocker)
        if act.card >= 0 and _is_set_aside(game, act.card):
            to_ash_heap(game, act.card)
            refill(game, seat)
        blocker = game.minions.get(act.blocker)
        if blocker is not None:
            act.flags["blocker_was_locked"] = int(blocker.locked)  # Obedience: "do not lock this vampire"
            if not act.flags.get(f"no lock for blocking:{blocker.id}"):  # Guardian Vigil [for]
                blocker.locked = True
            if act.kind is Act.LEAVE_TORPOR:
                pass  # no combat with a torpid vampire; NO_DIABLERIE_ON_LEAVE_TORPOR
            elif act.flags.get("combat cancelled"):
                game.log("combat cancelled", seat, act.actor)  # "cancel the resulting combat" (Stone Travel)
            elif is_ready(game, act.actor) and is_ready(game, act.blocker):
                yield from combat(game, act.actor, act.blocker, act)
                if act.flags.pop("continue_unblocked", 0) and _continue_unblocked(game, act):
                    yield from _announce_to_resolution(game, act, continued=True)
                    return
    else:
        for h in hooks_of(game, "before_resolution"):
            h(game, act)  # "before action resolution" (Faceless Night locks the failed blockers)
        if act.mode is not None and act.mode.fizzles_unless_carried and act.card not in minion_cards(game, act.actor):
            act.bleed = 0  # the card giving the action left the acting minion: it fizzles (RTR 19960221)
        if act.mode is not None and act.mode.bleed_at_most and act.bleed > act.mode.bleed_at_most:
            act.bleed = act.mode.bleed_at_most  # "… ignore the excess" (Night Moves)
        yield from resolve_action(game, act)
    if not game.finished:
        for h in hooks_of(game, "after_resolution"):
            h(game, act)  # "after action resolution, if successful" (Forced March superior's unlock)
        # After resolution every Methuselah may play, the acting one first (the blocker's controller: Cats'
        # Guidance's "after block resolution"; the bled Methuselah: Guard Dogs' unlock; a woken minion's reaction).
        yield from impulse(game, W.AFTER_ACTION, _impulse_order(game, seat), act)


def _continue_unblocked(game: Game, act: Action) -> bool:
    """Form of Mist superior after its combat: the blocked acting vampire burns 1 blood to continue the action
    with +1 stealth as if unblocked (always, when it can: the bot's choice is not asked); Shadow Body superior
    (the flag ``continue_unblocked_free``): without the blood or the stealth. The action card comes back from the
    ash heap; if it is not there, the action cannot continue (rulings RTR 19941109, ANK 20190116)."""
    actor = game.minions.get(act.actor)
    free = bool(act.flags.pop("continue_unblocked_free", 0))
    if actor is None or not is_ready(game, act.actor) or (actor.blood < 1 and not free) or game.finished:
        return False
    if act.card >= 0:
        heap = game.seats[game.owner_of[act.card]].ash_heap
        if act.card not in heap:
            return False
        heap.remove(act.card)
        game.aside.append(act.card)
    if not free:
        move_blood(game, act.actor, -1)
        act.stealth += 1
    act.tried.add(act.blocker)
    act.blocked = False
    act.blocker = -1
    act.intercept = 0
    game.log("continue unblocked", act.seat, act.actor)
    return True


def _not_taken(game: Game, act: Action) -> None:
    """An action card cancelled as it was played: the action was never taken (Direct Intervention: "the acting
    minion does not lock"), so its once-per-turn marks go too: the minion may still bleed, call a referendum or
    play that card this turn."""
    actor = game.minions.get(act.actor)
    if actor is None:
        return
    actor.locked = bool(act.flags.get("was_locked", 0))
    if act.flags.get("by_card"):  # the card locked to take it: that action may still be taken (LSJ 20081213-1)
        game.locked_cards.discard(act.flags["by_card"] - 1)
    actor.bled_turn, actor.political_turn = act.flags["was_bled"], act.flags["was_political"]
    if act.mode is not None:
        game.used.discard((actor.id, game.card_of[act.card]))


def _impulse_order(game: Game, first: int) -> list[int]:
    """The acting Methuselah first, then the others clockwise (sequencing, 4.0)."""
    order = game.order
    i = order.index(first) if first in order else 0
    return [*order[i:], *order[:i]]


def blocking_seats(game: Game, act: Action) -> list[int]:
    """Who may attempt to block (4.3.3 step 2): the target of a directed action; the prey then the predator of
    an undirected one; then the Methuselahs of the minions an ``extra_blockers`` hook adds ("any unlocked Malkavian
    can attempt to block", Madness Network)."""
    seats = _usual_blocking_seats(game, act)
    for h in hooks_of(game, "extra_blockers"):
        extra = dict.fromkeys(controller(game, m) for m in h(game, act))
        seats += [s for s in extra if s not in seats and s != act.seat and s in game.order]
    return seats


def _usual_blocking_seats(game: Game, act: Action) -> list[int]:
    if act.directed:
        return [act.target] if act.target >= 0 and act.target != act.seat and act.target in game.order else []
    prey, predator = game.prey(act.seat), game.predator(act.seat)
    return [s for s in dict.fromkeys((prey, predator)) if s != act.seat]


def blockers(game: Game, seat: int, act: Action) -> list[Minion]:
    out = []
    extra = hooks_of(game, "extra_blockers")
    only = None  # a seat that may block only with the minions an ``extra_blockers`` hook adds
    if extra and seat not in _usual_blocking_seats(game, act):
        only = {m for h in extra for m in h(game, act)}
    for m in ready_minions(game, seat):
        if only is not None and m.id not in only:
            continue
        if m.id in act.tried or m.id in act.cannot_block:
            continue
        if m.locked and m.id not in act.woken:
            continue
        if not hook_all(game, "can_block", m.id, act) or rider_sum(game, m.id, "cannot_block"):
            continue
        out.append(m)
    blocking = game.compiled.blocking
    if act.directed and blocking and table_has(game, "blocking cards", lambda: blocking):
        for c in game.seats[seat].controlled:  # cards that attempt to block as a minion (Unleash Hell's Fury)
            if c in game.minions or game.card_of[c] not in blocking or c in act.tried or c in act.cannot_block:
                continue
            stand_in = game.minions[c] = card_blocker(game, c)
            allowed = hook_all(game, "can_block", c, act) and not rider_sum(game, c, "cannot_block")
            del game.minions[c]
            if allowed:
                out.append(stand_in)
    return out


def card_blocker(game: Game, copy: int) -> Minion:
    """The minion a card in play is while it attempts to block (cards.Blocks): a vampire of its capacity, intercept
    and traits, with no blood, ready and unlocked. It is in ``Game.minions`` (under the card's copy id: the same
    minion for every attempt) only during the attempt (block_attempts), and never fights: on a block the card's
    own "blocked" hook says what happens, and _announce_to_resolution finds no minion to lock or to fight."""
    b = game.compiled.blocking[game.card_of[copy]]
    return Minion(
        id=copy, card=game.card_of[copy], capacity=b.capacity, intercept=b.intercept, traits=b.traits, in_play=True
    )


def intercept_of(game: Game, minion_id: int, act: Action) -> int:
    m = game.minions[minion_id]
    return m.intercept + hook_sum(game, "intercept", minion_id, act) + rider_sum(game, minion_id, "intercept")


def block_attempts(game: Game, act: Action) -> Flow:
    """States A and B of 4.3.3 for each seat that may block, in order; a seat that declines stays declined
    until the target changes (L1295-1298)."""
    for seat in blocking_seats(game, act):
        if seat in act.declined:
            continue
        while not act.ended and not act.blocked:
            # State A: the seat may play reactions first (wake, unlock), then block or decline.
            reactions = hand_options(game, seat, W.BEFORE_BLOCKS, act) + in_play_options(
                game, seat, W.BEFORE_BLOCKS, act
            )
            options = [_pass(seat)]
            options += [Option(Kind.BLOCK, seat, minion=m.id) for m in blockers(game, seat, act)]
            options += reactions
            option = yield from choose(game, seat, options)
            if option.kind is Kind.PASS:
                act.declined.add(seat)
                break
            if option.kind is Kind.PLAY:
                yield from resolve_play(game, option, act)
                continue
            stand_in = option.minion not in game.minions  # a card attempting to block (card_blocker)
            if stand_in:
                game.minions[option.minion] = card_blocker(game, option.minion)
            try:
                yield from attempt(game, act, option.minion)
            finally:
                if stand_in:
                    game.minions.pop(option.minion, None)
            if act.target_version and seat != act.target and act.directed:
                break
        if act.blocked or act.ended:
            return


def attempt(game: Game, act: Action, blocker: int) -> Flow:
    """State B: one block attempt; stealth and intercept are added only as needed (L1348-1352), the acting
    Methuselah first; the attempt succeeds if intercept ≥ stealth."""
    act.blocker = blocker
    act.intercept = intercept_of(game, blocker, act)
    seat = controller(game, blocker)
    game.log("block attempt", seat, blocker, act.actor)
    for h in hooks_of(game, "block_attempt"):
        h(game, act, blocker)  # what attempting to block costs (Tenebrous Form: 1 blood)
    order = _impulse_order(game, act.seat)
    yield from impulse(game, W.BLOCK_ATTEMPT, order, act)
    # An ability the blocker uses as the window closes short of intercept (hooks "attempt_short": Eyes of the
    # Wild's "burn 1 blood for +1 intercept") reopens it: the acting Methuselah may answer with stealth.
    while not act.ended and act.blocker == blocker and is_ready(game, blocker) and hook_sum(game, "attempt_short", act):
        yield from impulse(game, W.BLOCK_ATTEMPT, order, act)
    if act.ended or not is_ready(game, blocker):
        act.blocker = -1
        return
    if act.blocker == blocker and act.intercept >= act.stealth and not act.flags.get("attempt_fails"):
        act.blocked = True
        for h in hooks_of(game, "blocked"):
            h(game, act)  # "if this action is blocked", before block resolution (Mirror Walk may end it)
        return
    act.flags.pop("attempt_fails", None)
    act.tried.add(blocker)
    act.blocker = -1
    act.intercept = 0
    game.log("block fails", seat, blocker)


def resolve_action(game: Game, act: Action) -> Flow:
    """Step 3, success (L1406-1410): pay the cost, then the effect."""
    seat = act.seat
    actor = game.minions.get(act.actor)
    if actor is None:
        return
    if act.cost_blood:
        if act.kind is Act.RESCUE:
            pay = min(act.cost_blood, actor.blood)
            move_blood(game, actor.id, -pay)
            if act.cost_blood - pay:
                move_blood(game, act.target_minion, -(act.cost_blood - pay))
        else:
            move_blood(game, actor.id, -act.cost_blood)
    if act.cost_pool:
        economy.burn_pool(game, seat, act.cost_pool)
        if game.ousting:
            yield from ousts(game)
        if game.finished or game.seats[seat].ousted:
            return
    act.succeeded = True
    kind = act.kind
    if kind is Act.BLEED or (act.mode is not None and act.mode.bleeds):
        yield from bleed(game, act)
        if kind is Act.BLEED:
            return
    if kind is Act.HUNT:
        gained = move_blood(game, actor.id, 1 + hook_sum(game, "hunt", act))
        act.flags["hunted"] = gained  # a hunt that gains no blood is no successful hunt (The Anarch Free Press)
        game.log("hunt", seat, actor.id, gained)
    elif kind is Act.LEAVE_TORPOR:
        actor.torpor = False
        game.log("leave torpor", seat, actor.id)
    elif kind is Act.BECOME_ANARCH:
        actor.sect = "Anarch"  # a change of sect (L2212-2220): cards for Anarchs, Anarch Revolt, barons' cards
        game.log("become anarch", seat, actor.id)
    elif kind is Act.RESCUE:
        rescued = game.minions.get(act.target_minion)
        if rescued is not None:
            rescued.torpor = False
            game.log("rescue", seat, actor.id, rescued.id)
    elif kind is Act.DIABLERIE:
        yield from diablerie(game, act)
    elif kind is Act.POLITICAL:
        yield from political_action(game, act)
    elif act.mode is not None:
        if act.mode.enters_combat and act.target_minion >= 0:
            if is_ready(game, act.target_minion):
                if act.mode.before_combat:  # what the action gives in its combat (Big Game against a Red List minion)
                    before = Play(seat, act.card, act.mode, minion=act.actor, target=act.target_minion, frame=act)
                    yield from run_effects(game, act.mode.before_combat, before)
                yield from combat(game, act.actor, act.target_minion, act)
            if act.ended:
                return
        play = Play(
            seat=seat,
            card=act.card,
            mode=act.mode,
            minion=act.actor,
            target=act.target_minion if act.target_minion >= 0 else act.target,
            value=act.flags.get("value", 0),
            frame=act,
        )
        effects = act.mode.effects
        if act.flags.get("as if from hand"):  # no "do not replace" nor special replacement (LSJ 20081126)
            effects = tuple(e for e in effects if not getattr(e, "replacement", False))
        yield from run_effects(game, effects, play)


def run_effects(game: Game, effects: Iterable[Effect], play: Play) -> Flow:
    """A mode's effects in order, for a card played, an action card's resolution or a referendum that passed.
    An effect returns None, or a generator when it needs decisions or a frame of its own (a combat). The rest
    is skipped once the game is over or the player is ousted (an ousted Methuselah's cards leave the game)."""
    for effect in effects:
        result = effect(game, play)
        if result is not None:
            yield from result
        if game.ousting:
            yield from ousts(game)
        if game.finished or game.seats[play.seat].ousted:
            return


def bleed(game: Game, act: Action) -> Flow:
    """A successful bleed (4.3.2, L947-964): the target burns pool equal to the bleed amount; a bleed of 1 or
    more is successful and its controller takes the Edge (digest 6)."""
    amount = max(0, act.bleed)
    target = act.target
    if target < 0 or game.seats[target].ousted:
        return
    act.flags["bled"] = amount
    pool = game.seats[target].pool
    pay = amount
    for h in hooks_of(game, "bleed_pool_burned"):
        pay = h(game, act, pay)  # "you burn 2 pool instead" (Protected Resources): the bleed amount stays
    burned = min(pay, pool)
    # logged before the pool is burned, so an oust it causes reads after it; the pool left is for log.py
    game.log("bleed", act.seat, act.actor, target, burned, pool - burned)
    economy.burn_pool(game, target, pay)
    if amount >= 1:
        act.flags["successful_bleed"] = 1
        if act.flags.get("no edge"):  # "you cannot gain the Edge this action" (Leverage): none is taken
            pass
        elif game.edge != act.seat:
            game.edge = act.seat
            game.log("edge", act.seat)
    if game.ousting:  # the bleed's Edge taken, a Methuselah left with no pool may be saved (Life Boon)
        yield from ousts(game)


# -- card plays ----------------------------------------------------------------------------------------------------


def handler_of(game: Game, option: Option) -> Handler:
    """The compiled mode an option plays: its card (a copy in hand, or in play: ``ids == (1,)``, or a minion's
    own ability) and its mode index."""
    card = option.card
    vekn = game.minions[card].card if option.ids == (1,) and card in game.minions else game.card_of[card]
    compiled_specs: Compiled = game.compiled
    return compiled_specs.by_mode[(vekn, option.mode)]


def has_discipline(m: Minion, mode: Mode) -> bool:
    if not mode.disciplines:
        return True
    need = 2 if mode.superior else 1
    for d in mode.disciplines:  # plain loops, no generator: asked for every card and minion at every decision
        for have, level in m.disciplines:
            if have == d and level >= need:
                break
        else:
            return False
    return True


def card_cost(
    game: Game, handler: Handler, seat: int, minion: int, target: int = -1, *, paying: bool = False
) -> tuple[int, int]:
    """A card's blood and pool cost, the one place costs are worked out: the printed cost changed by abilities,
    never below 0. "cost_less" hooks take a (blood, pool) reduction off a cost the minion pays (Tupdog, Kuyén,
    Nergal…; ``paying``: the cost is being paid now, so a "once each turn" reduction is used up); "blood_cost"
    hooks change the blood the minion pays ("cards requiring Animalism cost Ludmijla 1 less blood", "reaction
    cards cost her +1 blood"); "pool_cost" hooks the pool the Methuselah pays (Grimgroth: mage allies cost Tremere
    2 less pool; Walker Grimes: a master card targeting him costs 1 more)."""
    blood, pool = handler.blood, handler.pool
    if not _costs_change(game):
        return blood, pool
    if minion >= 0:
        if blood or pool:
            for h in hooks_of(game, "cost_less"):
                less_blood, less_pool = h(game, minion, handler, paying)
                blood, pool = max(0, blood - less_blood), max(0, pool - less_pool)
        for h in hooks_of(game, "blood_cost"):
            blood = max(0, blood + h(game, handler, minion))
    for h in hooks_of(game, "pool_cost"):
        pool = max(0, pool + h(game, handler, seat, minion, target))
    for h in hooks_of(game, "discount"):  # "lock this card to reduce the cost of a card" (The Line, The Shard)
        blood, pool = h(game, handler, seat, minion, blood, pool, paying)
    for h in hooks_of(game, "cost_paid_by"):  # a vampire's blood paying a card's cost (Regina Blake: a location's)
        blood, pool = h(game, handler, seat, blood, pool, paying)
    return blood, pool


def may_play(game: Game, handler: Handler, m: Minion) -> bool:
    """Requirements (``core.eligibility``: the one place) and the mode's discipline level; costs."""
    if handler.requirement is not None:
        if m.kind != VAMPIRE:
            # an ally that "may play cards requiring basic Potence as a 3-capacity vampire" (Rock Cat)
            return _as_vampire(game, handler, m) and _ally_may_pay(game, handler, m)
        if game.compiled.eligibility.minion(m.card) is None:
            # a vampire that is no crypt card (The Embrace): its clan, sect and capacity are the game's
            requirement = game.compiled.eligibility.requirement(handler.card)
            embraced = embraced_minion(m.clan, m.sect, m.capacity, m.disciplines, m.traits)
            if requirement is None or not requirement.met_by(embraced):
                return False
        elif not game.compiled.eligibility.can_play(m.card, handler.card, became_anarch=m.sect == "Anarch"):
            # a Discipline grown in play (_met_as_grown); "… can play cards requiring a Ventrue as if she were a
            # Ventrue" (Gem Ghastly, Mata Hari: "meets_requirement" hooks)
            if not _met_as_grown(game, handler, m) and not any(
                h(game, handler, m) for h in hooks_of(game, "meets_requirement")
            ):
                return False
    if not _has_level(game, handler, m):
        return False
    blood = card_cost(game, handler, controller(game, m.id), m.id)[0]
    if blood and (m.kind != VAMPIRE or m.blood < blood):
        return False
    # What a minion's own text forbids it (Beast "cannot play action cards"): predicates all must allow.
    return hook_all(game, "may_play", handler, m)


def _has_level(game: Game, handler: Handler, m: Minion) -> bool:
    """The mode's Discipline level: the minion's own, or one lent or given ("has_discipline" hooks: "may play cards
    that require [nec]", Phagian; "this vampire gets superior Potence", Hand of Conrad; an ally playing cards as a
    vampire, Rock Cat)."""
    return has_discipline(m, handler.mode) or any(h(game, handler, m) for h in hooks_of(game, "has_discipline"))


def _as_vampire(game: Game, handler: Handler, m: Minion) -> bool:
    return any(h(game, handler, m) for h in hooks_of(game, "plays_as_vampire"))


def _ally_may_pay(game: Game, handler: Handler, m: Minion) -> bool:
    """An ally playing a card as a vampire: the mode's level, and a blood cost paid with its life, never its last
    (NO_SUICIDE_PAYMENTS)."""
    if not _has_level(game, handler, m):
        return False
    blood = card_cost(game, handler, controller(game, m.id), m.id)[0]
    return (not blood or m.blood > blood) and hook_all(game, "may_play", handler, m)


def _met_as_grown(game: Game, handler: Handler, m: Minion) -> bool:
    """The requirement checked again with what a Discipline master card gave the vampire (its capacity is then
    above the printed one): its levels and capacity in this game (Dominate on a vampire lets it play [dom])."""
    printed = game.compiled.eligibility.minion(m.card)
    if printed is None or printed.capacity == m.capacity or handler.requirement is None:
        return False
    grown = eligibility.in_game(printed, tuple(d for d, _ in m.disciplines), m.capacity)
    return handler.requirement.met_by(grown, became_anarch=m.sect == "Anarch")


def _candidates(game: Game, handler: Handler, seat: int, frame: Any) -> list[int]:
    """The minions (ids) of ``seat`` that may play the handler now, by its role; [-1] for the Methuselah."""
    role = handler.role
    if role is Role.METHUSELAH:
        return [-1]
    if isinstance(frame, Action):
        if role is Role.ACTING:
            return [frame.actor] if frame.seat == seat else []
        if role is Role.OTHER_READY:
            return [
                m.id
                for m in ready_minions(game, seat)
                if frame.seat == seat and m.id != frame.actor and m.kind == VAMPIRE
            ]
        if frame.seat == seat:
            return []
        if role is Role.BLOCKER:
            return [frame.blocker] if frame.blocker >= 0 and controller(game, frame.blocker) == seat else []
        if role is Role.REACTING:
            return [m.id for m in ready_minions(game, seat) if not m.locked or m.id in frame.woken]
        if role is Role.LOCKED_REACTING:
            return [m.id for m in ready_minions(game, seat) if m.locked and m.id not in frame.woken]
        return []
    if isinstance(frame, Combat):
        if role is Role.COMBATANT:
            return [
                s.minion for s in (frame.a, frame.b) if s.minion in game.minions and controller(game, s.minion) == seat
            ]
        if role is Role.REACTING:  # an unlocked vampire not in the combat, ready or in torpor (Martyr's Resilience)
            return [
                m
                for m in game.seats[seat].controlled
                if m in game.minions
                and game.minions[m].kind == VAMPIRE
                and game.minions[m].in_play
                and not game.minions[m].locked
                and m not in (frame.a.minion, frame.b.minion)
            ]
        return []
    if isinstance(frame, Referendum):
        action_frame = current_action(game)
        if action_frame is None:
            return []
        return _candidates(game, handler, seat, action_frame)
    return []


def _costs_change(game: Game) -> bool:
    """Whether some card of this table changes a cost (``card_cost``'s hooks): fixed per table."""
    found = game.table.get("costs change")
    if found is None:
        hooks = ("cost_less", "blood_cost", "pool_cost", "discount", "cost_paid_by")
        found = game.table["costs change"] = any(hooks_of(game, name) for name in hooks)
    return found


def _pool_costs_change(game: Game) -> bool:
    """Whether some card of this table changes a pool cost ("cost_less", "pool_cost", "discount" and
    "cost_paid_by" hooks: a cheaper card, blood paying for it): fixed per table."""
    found = game.table.get("pool costs change")
    if found is None:
        hooks = ("cost_less", "pool_cost", "discount", "cost_paid_by")
        found = game.table["pool costs change"] = any(hooks_of(game, name) for name in hooks)
    return found


def copies_at_table(game: Game, vekn: int) -> frozenset[int]:
    """The copies of a card at this table, wherever they are (fixed once the game is set up)."""
    by_card: dict[int, frozenset[int]] | None = game.table.get("copies by card")
    if by_card is None:
        found: dict[int, set[int]] = {}
        for copy, card in enumerate(game.card_of):
            found.setdefault(card, set()).add(copy)
        by_card = game.table["copies by card"] = {card: frozenset(copies) for card, copies in found.items()}
    return by_card.get(vekn, frozenset())


def _unique_in_play(game: Game, vekn: int) -> bool:
    """Whether a copy of the card is in play: controlled by a Methuselah in the game, on the table or on a minion
    (not on a contested one: out of play, with the cards on it). Asked for every unique card offered, so a set
    operation per seat and per minion carrying cards first; the copies found are then checked one by one."""
    copies = copies_at_table(game, vekn)
    seats, minions = game.seats, game.minions
    if all(copies.isdisjoint(seats[s].controlled) for s in game.order) and all(
        not m.cards or copies.isdisjoint(m.cards) for m in minions.values()
    ):
        return False  # most of the time: no copy is among the cards in play
    card_of = game.card_of
    for other in game.order:
        for held in seats[other].controlled:
            h = minions.get(held)
            if h is not None and h.contested:
                continue
            if card_of[held] == vekn or (h is not None and any(card_of[c] == vekn for c in h.cards)):
                return True
    return False


_UNUSED_PLAY = Play(seat=-1, card=-1, mode=BURN_BY_ACTION)  # for a mode with no predicate, targets nor values


def _handler_options(
    game: Game,
    handler: Handler,
    seat: int,
    copy: int,
    m: Minion | None,
    frame: Any,
    candidates: list[int] | None = None,
) -> list[Option]:
    """The options of one handler for one card copy: per minion that may play it, per target, per value.
    ``candidates``: the minions that may play it by its role (``_candidates``), when the caller has them."""
    if candidates is None:
        candidates = [m.id] if m is not None else _candidates(game, handler, seat, frame)
    if not candidates:
        return []  # first: no minion of the seat has the handler's role now (most reactions, most windows)
    mode = handler.mode
    s = game.seats[seat]
    # a pool cost some minion pays less of ("cost_less"), or some minion or target changes ("pool_cost")
    changed = _pool_costs_change(game)
    if handler.pool and s.pool <= handler.pool and not changed:
        return []  # NO_SUICIDE_PAYMENTS: a cost that would take the last pool is not offered
    if mode.out_of_turn and seat != game.acting and rider_sum(game, -1 - seat, "out_of_turn") > 0:
        return []  # one out-of-turn master card between two of one's own turns (L436-442)
    if handler.unique:
        # "Unique" (glossary L2807-2811): one copy in play at a time, anyone's, on the table (an ally too) or on
        # a minion. Another Methuselah's copy would make both contested (L758-778), which the engine does not
        # model for library cards; one of your own would burn the new copy (L781-787). So it is not offered.
        if _unique_in_play(game, handler.card):
            return []
    if mode.limit_scope == "game" and played_in_game(game, mode):
        return []  # "Only one … can be played in a game": by any Methuselah, in any turn
    if (handler.stealth or handler.intercept) and not _as_needed(handler, frame):
        return []
    if handler.limited_bleed and isinstance(frame, Action) and frame.bleed_raised:
        return []
    # the play is built only for the mode's own functions (its predicate, targets, values): most modes have none
    wants_play = mode.when is not None or mode.targets is not None or mode.values is not None
    out = []
    for minion_id in candidates:
        if handler.pool and changed and s.pool <= card_cost(game, handler, seat, minion_id)[1]:
            continue  # NO_SUICIDE_PAYMENTS, at the cost for this minion (checked above when no hook changes it)
        play = Play(seat=seat, card=copy, mode=mode, minion=minion_id, frame=frame) if wants_play else _UNUSED_PLAY
        if mode.when is not None and not mode.when(game, play):
            continue  # first: a mode's predicate rejects most plays, and costs less than may_play
        if minion_id >= 0:
            minion = game.minions.get(minion_id)
            if minion is None or not may_play(game, handler, minion):
                continue
            if (
                handler.role is Role.ACTOR
                and _acted_with(game, minion_id, handler) in game.used
                and not any(h(game, handler, minion) for h in hooks_of(game, "may_repeat_action"))  # Nocturn [OBT]
            ):
                continue  # the same action card once per turn (L933); an ally's ability, each once (LSJ 20100909)
            if handler.role is Role.ACTOR and game.turn in (
                minion.political_turn if mode.political else -1,
                minion.bled_turn if mode.bleeds else -1,
            ):
                continue  # one political action per vampire (L1093-1095), one bleed per minion (L953-954) a turn
        if mode.limit and (mode.limit, _limit_holder(mode, minion_id, copy), _scope(game, mode, frame)) in game.used:
            continue
        if handler.once_per_action and minion_id >= 0 and _played_this_action(game, minion_id, handler.card):
            continue  # the same action modifier or reaction once per action per minion (L485-489, L581-584)
        targets: Sequence[int] = mode.targets(game, play) if mode.targets is not None and not mode.political else (-1,)
        if handler.role is Role.ACTOR and not (mode.seat_target or mode.bleeds) and targets != (-1,):
            targets = [t for t in targets if hook_all(game, "action_target", seat, t)]  # Secure Haven
            if hooks_of(game, "actor_may_target"):  # what the acting minion itself may aim at (Shadow Cloak)
                targets = [t for t in targets if hook_all(game, "actor_may_target", minion_id, t)]
            if mode.enters_combat and hooks_of(game, "may_enter_combat"):  # not with Tremere (Reginald Moore)
                targets = [t for t in targets if hook_all(game, "may_enter_combat", minion_id, t)]
        values: Sequence[int] = mode.values(game, play) if mode.values is not None else (0,)
        for target in targets:
            if (
                handler.pool
                and target >= 0
                and changed
                and s.pool <= card_cost(game, handler, seat, minion_id, target)[1]
            ):
                continue  # NO_SUICIDE_PAYMENTS at this target's cost (Walker Grimes)
            for value in values:
                out.append(
                    Option(Kind.PLAY, seat, card=copy, mode=handler.index, minion=minion_id, target=target, value=value)
                )
    return out


# The holder of the riders that mark "Only one … can be played in a game" (a mode's ``limit_scope="game"``): no
# minion id nor seat (-1 - seat) is this low.
GAME_LIMIT_HOLDER = -1000


def played_in_game(game: Game, mode: Mode) -> bool:
    """Whether a card with "Only one … can be played (or called) in a game" was played already, by anyone: its
    mark is a rider that lasts the game (``game.used`` is cleared every turn)."""
    return rider_sum(game, GAME_LIMIT_HOLDER, mode.limit) > 0


def mark_played_in_game(game: Game, mode: Mode) -> None:
    if mode.limit_scope == "game" and mode.limit:
        add_rider(game, GAME_LIMIT_HOLDER, mode.limit, 1, Until.END_OF_GAME)


def _acted_with(game: Game, minion_id: int, handler: Handler) -> tuple[int, ...]:
    """The once-a-turn mark of an action: the action card (L933), or each of a minion's in-play action abilities
    apart (Gregory Winter's two actions are not cross-restrictive: LSJ 20100909)."""
    if handler.mode.in_play:
        return (minion_id, handler.card, handler.index)
    return (minion_id, handler.card)


def _played_this_action(game: Game, minion_id: int, card: int) -> bool:
    act = current_action(game)
    return act is not None and (minion_id, card) in act.once


def _limit_holder(mode: Mode, minion_id: int, copy: int) -> int:
    """Whose limit a play uses up: the minion's; a card in play's action, the card's, whoever takes it ("once each
    turn, a Sabbat vampire can …": Black Forest Base), used up as the action is announced (LSJ 20091224); the
    table's (-1, as a master card's) for "only one … can be played each turn" (``limit_scope="table turn"``: Loup)."""
    if mode.limit_scope == "table turn":
        return -1
    return copy if mode.in_play and mode.window is W.ACTION else minion_id


def _scope(game: Game, mode: Mode, frame: Any) -> int | tuple[int, int]:
    if mode.limit_scope in ("turn", "table turn"):
        return game.turn
    if mode.limit_scope == "game":
        return 0
    if mode.limit_scope == "action" and isinstance(frame, Combat) and frame.action is not None:
        return id(frame.action)  # "each action": every combat of the action (a queued one too) shares the limit
    if mode.limit_scope == "round" and isinstance(frame, Combat):
        return (id(frame), frame.round)  # "only one Quickness each round": the next round of the combat may
    return id(frame)  # the frame: the action, or the combat


def _as_needed(handler: Handler, frame: Any) -> bool:
    """Stealth only while the action is being blocked by enough intercept; intercept only by the blocker while
    the stealth exceeds it (L1348-1352). In other windows (a combat card…) the rule does not apply."""
    if not isinstance(frame, Action):
        return True
    if frame.blocker < 0:
        return False
    if handler.stealth and handler.role in (Role.ACTING, Role.OTHER_READY):
        return frame.intercept >= frame.stealth
    if handler.intercept:
        return frame.stealth > frame.intercept
    return True


def _hand_handlers(game: Game, window: W) -> tuple[dict[int, tuple[Handler, ...]], frozenset[int]] | None:
    """The hand handlers in ``window`` of the cards at this table (by VEKN id), and the card copies they are for,
    None when there are none: worked out once per table and window."""
    per_window: dict[W, tuple[dict[int, tuple[Handler, ...]], frozenset[int]] | None] | None = game.table.get("hand")
    if per_window is None:
        per_window = game.table["hand"] = {}
    if window in per_window:
        return per_window[window]
    cards = at_table(game)
    by_card = {v: hs for v, hs in game.compiled.hand_by_window.get(window, {}).items() if v in cards}
    copies = frozenset().union(*(copies_at_table(game, v) for v in by_card))
    found = per_window[window] = (by_card, copies) if by_card else None
    return found


def hand_options(game: Game, seat: int, window: W, frame: Any) -> list[Option]:
    """Cards in the seat's hand playable now in ``window``."""
    found = _hand_handlers(game, window)
    if found is None:
        return []  # no card of this table is played from the hand in this window
    by_card, copies = found
    hand = game.seats[seat].hand
    if copies.isdisjoint(hand) and not game.held:
        return []  # no card in this hand is played in this window (most hands, most windows): one set operation
    out: list[Option] = []
    card_of = game.card_of
    by_role: dict[Role, list[int]] = {}  # the candidates of each role: the same for every card of this call
    for copy, vekn in first_copies(game, [c for c in hand if c in copies]):
        for handler in by_card[vekn]:
            candidates = by_role.get(handler.role)
            if candidates is None:
                candidates = by_role[handler.role] = _candidates(game, handler, seat, frame)
            if candidates:
                out.extend(_handler_options(game, handler, seat, copy, None, frame, candidates))
    if game.held:
        for copy, only in as_if_from_hand(game, seat):  # (The Erciyes Fragments, Gift of Proteus)
            for handler in by_card.get(card_of[copy], ()):
                plays = _handler_options(game, handler, seat, copy, None, frame)
                out.extend(o for o in plays if only < 0 or o.minion == only)
    return out


def in_play_options(game: Game, seat: int, window: W, frame: Any) -> list[Option]:
    """Cards in play the seat controls (and its minions' printed abilities, and the cards on them) usable in
    ``window``."""
    comp = game.compiled
    if window not in _live_windows(game):
        return []  # no card of this table has an ability used in this window
    live = comp.in_play_by_window[window]  # the VEKN ids with an ability in this window
    out: list[Option] = []
    minions, card_of, locked = game.minions, game.card_of, game.locked_cards
    for c in game.seats[seat].controlled:
        m = minions.get(c)
        if m is not None and m.contested:
            continue  # out of play, with the cards on it (4.1 item 4)
        vekn = m.card if m is not None else card_of[c]
        if vekn in live and c not in locked:
            for handler in comp.in_play[(vekn, window)]:
                out.extend(in_play_handler(game, handler, seat, c, frame))
        if m is not None and m.cards:
            for attached in m.cards:
                av = card_of[attached]
                if av in live and attached not in locked:
                    for handler in comp.in_play[(av, window)]:
                        out.extend(in_play_handler(game, handler, seat, attached, frame))
    for h in hooks_of(game, "offered_abilities"):  # another Methuselah's vampire's ability (Mustafa, The Heir)
        for copy, handler in h(game, seat, window):
            out.extend(in_play_handler(game, handler, seat, copy, frame))
    return out


def at_table(game: Game) -> frozenset[int]:
    """The VEKN ids of every card copy at this table (fixed once the game is set up)."""
    found = game.table.get("cards")
    if found is None:
        found = game.table["cards"] = frozenset(game.card_of)
    return found


def table_has(game: Game, key: str, ids: Callable[[], Iterable[int]]) -> bool:
    """Whether any card of this table is among ``ids()`` (asked once per table and ``key``): the rules and the
    vocabulary skip what no card at the table can do (most cards' hooks, most windows' abilities)."""
    found = game.table.get(key)
    if found is None:
        found = game.table[key] = not at_table(game).isdisjoint(ids())
    return found


def _live_windows(game: Game) -> frozenset[W]:
    """The windows some card of this table has an in-play ability in."""
    found = game.table.get("windows")
    if found is None:
        cards = at_table(game)
        windows = game.compiled.in_play_by_window.items()
        found = game.table["windows"] = frozenset(w for w, ids in windows if not ids.isdisjoint(cards))
    return found


def in_play_handler(game: Game, handler: Handler, seat: int, copy: int, frame: Any) -> list[Option]:
    mode = handler.mode
    if mode.limit and (mode.limit, copy, _scope(game, mode, frame)) in game.used:
        return []
    if frame is None and ("phase use", copy, handler.index, game.turn) in game.used:
        return []  # a card in play's phase ability is used once per phase (its text says "during your … phase")
    holder = copy if copy in game.minions else _holder_of(game, copy)
    play = Play(seat=seat, card=copy, mode=mode, minion=holder, frame=frame)
    if mode.when is not None and not mode.when(game, play):
        return []
    targets: Sequence[int] = mode.targets(game, play) if mode.targets is not None else (-1,)
    values: Sequence[int] = mode.values(game, play) if mode.values is not None else (0,)
    return [
        Option(Kind.PLAY, seat, card=copy, mode=handler.index, minion=holder, target=t, value=v, ids=(1,))
        for t in targets
        for v in values
    ]


def _holder_of(game: Game, copy: int) -> int:
    for m in game.minions.values():
        if copy in m.cards:
            return m.id
    return -1


def as_played(game: Game, copy: int, seat: int, mode: Mode | None = None) -> Flow:
    """The card's "as played" window: every other Methuselah, in turn order, may cancel it with a card from its
    hand (Direct Intervention, Wash) or a card or ability in play (Diana Iadanza). ``mode``: the mode played, on
    ``Game.playing`` for the window (a cancel by the Disciplines used: Touch of Clarity)."""
    outer, game.playing = game.playing, mode
    try:
        yield from _as_played(game, copy, seat)
    finally:
        game.playing = outer


def _as_played(game: Game, copy: int, seat: int) -> Flow:
    for h in hooks_of(game, "cancel_as_played"):
        if h(game, copy, seat):  # "the next card that would … is canceled as it is played" (Dark Influences)
            game.cancelled = copy
            return
    frame = current_combat(game) or current_action(game)  # in combat: the opposing combatant may cancel (Bollix)
    for other in _impulse_order(game, seat)[1:]:
        while True:
            options = hand_options(game, other, W.AS_PLAYED, frame) + in_play_options(game, other, W.AS_PLAYED, frame)
            if not options:
                break
            option = yield from choose(game, other, [_pass(other), *options])
            if option.kind is Kind.PASS:
                break
            if handler_of(game, option).role is Role.LOCKED_REACTING:
                # A wake (vocabulary.wake_modes, ANK 20210819) cancels nothing: the woken minion may then cancel
                # the card with a reaction, so the window stays open for the same Methuselah.
                yield from resolve_play(game, option, frame)
                continue
            game.cancelled = copy
            yield from resolve_play(game, option, frame)
            return


def resolve_play(game: Game, option: Option, frame: Any) -> Flow:
    """Play a card from the hand (pay its cost, effects, then the ash heap and a replacement: 4.0), or use a
    card in play or an ability (``option.ids == (1,)``)."""
    handler = handler_of(game, option)
    mode = handler.mode
    seat = option.seat
    s = game.seats[seat]
    from_hand = option.ids != (1,) and played_from_hand(game, seat, option.card)
    elsewhere = from_hand and option.card not in s.hand  # as if from the hand: nothing to replace (LSJ 20081126)
    play = Play(
        seat=seat,
        card=option.card,
        mode=mode,
        minion=option.minion,
        target=option.target,
        value=option.value,
        frame=frame,
    )
    cost_blood, cost_pool = (
        card_cost(game, handler, seat, option.minion, option.target, paying=True) if from_hand else (0, 0)
    )
    if from_hand:
        set_aside(game, seat, option.card)
        if cost_blood and option.minion >= 0:
            move_blood(game, option.minion, -cost_blood)
        if mode.x_cost and option.minion >= 0:
            move_blood(game, option.minion, -option.value)
        if cost_pool:
            economy.burn_pool(game, seat, cost_pool)
            if game.ousting:
                yield from ousts(game)
        if mode.out_of_turn and seat != game.acting:
            # An MPA of the next master phase, and the one out-of-turn master card allowed until then, even if it
            # is cancelled (L436-442).
            add_rider(game, -1 - seat, "mpa_debt", 1, Until.NEXT_UNLOCK, seat)
            add_rider(game, -1 - seat, "out_of_turn", 1, Until.NEXT_UNLOCK, seat)
        if s.ousted:  # the cost took its last pool: the card leaves the game with the rest of its cards
            leave_aside(game, option.card)
            s.removed.append(option.card)
            return
    if not from_hand and frame is None:
        game.used.add(("phase use", option.card, option.mode, game.turn))
    act_of = frame if isinstance(frame, Action) else frame.action if isinstance(frame, Combat) else None
    if act_of is not None and from_hand and mode.disciplines and option.minion >= 0:
        # Dabbler counts the Disciplines of the cards played, cancelled ones too (its ruling)
        act_of.disciplines.setdefault(option.minion, set()).update(mode.disciplines)
    game.log("play", seat, option.card, option.mode, option.minion, option.target)
    if from_hand and isinstance(frame, Combat):
        frame.plays += 1
    if from_hand:
        if act_of is not None:
            act_of.flags["playing minion"] = option.minion  # who plays the card (Approximation of Loyalty [PRE])
        for h in hooks_of(game, "before_as_played"):
            h(game, option.card, seat, mode, option.minion)  # before any cancel (Veil of Darkness: LSJ 20100728)
        if hooks_of(game, "cancels_own_card") and any(h(game, option) for h in hooks_of(game, "cancels_own_card")):
            game.cancelled = option.card  # its player's own ability cancels it before anyone else may (Andrew Stuart)
        else:
            yield from as_played(game, option.card, seat, mode)
        if game.cancelled == option.card:
            game.cancelled = -1
            refund = not game.cancel_keeps_cost  # its cost is not paid, unless the canceller says it is
            game.cancel_keeps_cost = False
            if refund and cost_blood and option.minion >= 0 and option.minion in game.minions:
                move_blood(game, option.minion, cost_blood)
            if refund and mode.x_cost and option.minion >= 0 and option.minion in game.minions:
                move_blood(game, option.minion, option.value)
            if refund and cost_pool:
                economy.gain_pool(game, seat, cost_pool)
            to_ash_heap(game, option.card)
            for h in hooks_of(game, "play_cancelled"):
                h(game, seat, option.card)  # "if a card … you play is canceled" (Victor Donaldson)
            refill(game, seat)
            return
    # The limits count what resolved: a card cancelled as it was played used up none of them.
    if mode.limit:
        holder = -1 if mode.limit_scope == "table turn" else option.minion if from_hand else option.card
        game.used.add((mode.limit, holder, _scope(game, mode, frame)))
        mark_played_in_game(game, mode)
        if mode.limit_scope not in ("turn", "table turn", "game"):
            game.kept.append(frame)  # its id is in ``used``: no later frame of the turn may take that id
    if isinstance(frame, Action):
        if handler.limited_bleed:
            frame.bleed_raised = True  # the one "(limited)" bleed increase (L947-951)
        if from_hand and "Reaction" in handler.types:
            frame.reactions += 1
    if from_hand and handler.once_per_action and option.minion >= 0:
        act = current_action(game)
        if act is not None:  # the same action modifier or reaction once per action per minion (L485-489)
            act.once.append((option.minion, handler.card))
    effects = mode.effects
    if elsewhere:  # its "do not replace" clauses and special replacement effects are ignored (LSJ 20081126)
        effects = tuple(e for e in effects if not getattr(e, "replacement", False))
    yield from run_effects(game, effects, play)
    if from_hand and "Master" in handler.types:
        for h in hooks_of(game, "master_played"):
            h(game, seat)  # "after another Methuselah plays a master card" (Sascha Vykos)
    if from_hand and _is_set_aside(game, option.card):
        if s.ousted:
            leave_aside(game, option.card)
            s.removed.append(option.card)
        else:
            to_ash_heap(game, option.card)
    if from_hand and not elsewhere and not game.seats[seat].ousted:
        for h in hooks_of(game, "replacing"):
            h(game, seat, mode, option.minion)  # "… are not replaced until the end of that action" (Blood Weakens)
        refill(game, seat)


# -- windows: the impulse cycle --------------------------------------------------------------------------------------


def impulse(game: Game, window: W, seats: Sequence[int], frame: Any) -> Flow:
    """One window's impulse cycle (4.0 sequencing): the seats in order (the acting Methuselah first) may each
    play one card or effect at a time; a play gives the impulse back to the first seat; the window closes when
    every seat has passed in a row. Seats with nothing playable pass without a decision."""
    n = len(seats)
    i = 0
    passed = 0
    while passed < n and not game.finished:
        if isinstance(frame, Action) and (frame.ended or frame.blocked and window is W.BLOCKS_DECLINED):
            return  # a block made during "after blocks are declined" (Eagle's Sight) closes that window
        if isinstance(frame, Combat) and frame.over and window is not W.END_OF_ROUND:
            return  # the end of round step happens even if the combat ended early (L1816-1822)
        seat = seats[i]
        if game.seats[seat].ousted:
            options: list[Option] = []
        else:
            options = hand_options(game, seat, window, frame) + in_play_options(game, seat, window, frame)
        if options:
            option = yield from choose(game, seat, [_pass(seat), *options])
        else:
            option = None
        if option is None or option.kind is Kind.PASS:
            passed += 1
            i = (i + 1) % n
            continue
        yield from resolve_play(game, option, frame)
        passed = 0
        i = 0


# -- combat (4.3.4) --------------------------------------------------------------------------------------------------------


def combat(game: Game, a: int, b: int, act: Action | None = None) -> Flow:
    """A combat between minion ``a`` (the acting minion) and ``b``: rounds of before range, range, before
    strikes, strikes (with additional strikes), damage, press and end of round, until a press to continue is
    missing or either combatant stops being ready (L1537-1812)."""
    if controller(game, a) == controller(game, b):
        return  # your minions never enter combat with each other (L1516-1532)
    if act is not None and not act.ended:
        # "About to enter combat with the acting minion" (Obedience): the opposing minion's controller may end
        # the action first; then no combat happens.
        act.flags["combat_with"] = b
        yield from impulse(game, W.BEFORE_COMBAT, [controller(game, a), controller(game, b)], act)  # Gift of Sleep
        if act.ended or game.finished:
            return
    c = Combat(a=Side(minion=a), b=Side(minion=b), action=act)
    _combat_start(game, c)
    game.frames.append(c)
    game.log("combat", controller(game, a), a, b)
    seats = [controller(game, a), controller(game, b)]
    try:
        while not game.finished:
            yield from combat_round(game, c, seats)
            if c.again and is_ready(game, a) and is_ready(game, b) and not game.finished:
                # a queued combat (Psyche!): a new combat with the same minions, part of the same action; an
                # "after combat" continuation of the ended one is lost (Form of Mist, RTR 20020501)
                c = Combat(a=Side(minion=a), b=Side(minion=b), action=act)
                _combat_start(game, c)
                game.frames[-1] = c
                if act is not None:
                    act.flags.pop("continue_unblocked", None)
                game.log("combat", controller(game, a), a, b)
                continue
            if c.over or not (is_ready(game, a) and is_ready(game, b)) or c.press <= 0:
                break
    finally:
        game.frames.pop()
    if game.riders and any(r.until is Until.AFTER_COMBAT for r in game.riders):
        # "do not replace until after combat" (Dodge): the cards are replaced now
        game.riders = [r for r in game.riders if r.until is not Until.AFTER_COMBAT]
        for seat in seats:
            if not game.seats[seat].ousted:
                refill(game, seat)
    for h in hooks_of(game, "after_combat"):
        h(game, c)


def _combat_start(game: Game, c: Combat) -> None:
    """Once-each-combat maneuvers and presses: the hooks' (.44 Magnum, Nephandus) and the acting minion's from
    the action card that entered the combat ("enter combat …, with 1 optional maneuver": Bum's Rush)."""
    for h in hooks_of(game, "combat_start"):
        h(game, c)
    act = c.action
    if act is not None and act.mode is not None and act.mode.combat_maneuvers and c.a.minion == act.actor:
        c.a.combat_maneuvers += act.mode.combat_maneuvers
    if act is not None and act.mode is not None and act.mode.combat_presses and c.a.minion == act.actor:
        c.a.combat_presses += act.mode.combat_presses
    if act is not None and act.mode is not None and act.mode.combat_strength and c.a.minion == act.actor:
        c.a.combat_strength += act.mode.combat_strength


def combat_round(game: Game, c: Combat, seats: list[int]) -> Flow:
    c.round += 1
    for side in (c.a, c.b):
        side.strength = 0
        side.strike = None
        side.extra_strikes = 0
        side.extra_source = False
        side.prevent = 0
        side.prevent_all = False
        side.prevent_strike = False
        side.maneuvers = 0
        side.presses = 0
        side.lost_blood = 0
        side.inflicted = 0
        side.dodging = False
        side.cannot_press = False
        side.committed = 0
        side.used = {u for u in side.used if not u.startswith("round:")}
    c.press = 0
    c.last_maneuver = c.last_press = -1
    c.hand_strikes_only = False
    c.range = Range.CLOSE
    for h in hooks_of(game, "round_start"):
        h(game, c)  # each-round effects of the combat (Typhonic Beast's prevention)
    yield from impulse(game, W.BEFORE_RANGE, seats, c)
    if _combat_done(game, c):
        yield from impulse(game, W.END_OF_ROUND, seats, c)
        return
    if c.fixed_close:
        c.fixed_close = False
    else:
        yield from maneuvers(game, c)
    yield from impulse(game, W.BEFORE_STRIKES, seats, c)
    if _combat_done(game, c):
        yield from impulse(game, W.END_OF_ROUND, seats, c)
        return
    yield from strikes(game, c)
    if _combat_done(game, c):
        yield from impulse(game, W.END_OF_ROUND, seats, c)
        return
    yield from presses(game, c)
    yield from impulse(game, W.END_OF_ROUND, seats, c)


def _combat_done(game: Game, c: Combat) -> bool:
    if game.finished or not (is_ready(game, c.a.minion) and is_ready(game, c.b.minion)):
        c.over = True
    return c.over


def maneuvers(game: Game, c: Combat) -> Flow:
    """Range (L1574-1616): maneuvers alternate, each cancelling the last; no two in a row by one minion."""
    yield from _alternate(game, c, W.RANGE, Kind.MANEUVER)


def _range_options(game: Game, side: Side, seat: int, cards: list[Option]) -> list[Option]:
    """The range step's choices for a combatant: its ``cards`` playable now, and a granted maneuver (a weapon's,
    an ability's, a strike card's optional one). Maneuvering with a strike card or a weapon chooses the minion's
    strike, so once it has chosen one no second strike card or weapon maneuvers that round (L1592-1597). A
    maneuver that commits to nothing is offered before a weapon's (``value``: the weapon's granted strike, 0 for
    none)."""
    # A minion that cannot strike this round cannot use a strike's maneuver either (LSJ 20001126: .44 Magnum).
    chosen = side.strike is not None or bool(side.committed) or "round:cannot strike" in side.used
    options = [o for o in cards if not _chooses_strike(game, o)] if chosen else list(cards)
    free = side.maneuvers + side.combat_maneuvers - (1 if side.weapon_maneuver else 0)
    if free > 0:
        options.append(Option(Kind.MANEUVER, seat, minion=side.minion))
    elif side.weapon_maneuver and not chosen:
        options.append(Option(Kind.MANEUVER, seat, minion=side.minion, value=side.weapon_maneuver))
    return options


def _chooses_strike(game: Game, option: Option) -> bool:
    """A card played at the range step that is the minion's strike too (a strike card's maneuver)."""
    return any(isinstance(getattr(e, "strike", None), Strike) for e in handler_of(game, option).mode.effects)


def weapon_maneuver(side: Side, strike: Strike) -> None:
    """A weapon's once-each-combat maneuver (.44 Magnum): using it commits the minion to the weapon's strike."""
    side.combat_maneuvers += 1
    side.weapon_maneuver = grant(strike)


def maneuver(game: Game, c: Combat, minion: int) -> None:
    c.range = Range.LONG if c.range is Range.CLOSE else Range.CLOSE
    c.last_maneuver = minion
    game.log("maneuver", controller(game, minion), minion, int(c.range))


def presses(game: Game, c: Combat) -> Flow:
    """Press (L1798-1812): presses alternate like maneuvers; an uncancelled press to continue starts a new
    round (``c.press`` > 0)."""
    for h in hooks_of(game, "press_step"):
        h(game, c)  # a press provided before any other (Trap: ANK 20200525-1)
    yield from _alternate(game, c, W.PRESS, Kind.PRESS)


def _alternate(game: Game, c: Combat, window: W, kind: Kind) -> Flow:
    """The range and press steps' shared cycle: the combatants alternate, the acting minion first, each
    playing a card of ``window`` or using a granted maneuver or press (``kind``: a round's optional ones first,
    then the once-each-combat ones), never two in a row; the step ends when both pass in a row."""
    pressing = kind is Kind.PRESS
    order = [c.a.minion, c.b.minion]
    passed = 0
    i = 0
    while passed < 2 and not _combat_done(game, c):
        minion = order[i]
        seat = controller(game, minion)
        side = c.side(minion)
        last = c.last_press if pressing else c.last_maneuver
        options: list[Option] = []
        if last != minion and not (pressing and side.cannot_press) and not _held_in(c, side, pressing):
            options = [o for o in hand_options(game, seat, window, c) if o.minion == minion]
            options += [o for o in in_play_options(game, seat, window, c) if o.minion == minion]  # Monstrous Form
            if pressing:
                if (side.presses or side.combat_presses) and not _continue_only(c, minion, side):
                    options.append(Option(kind, seat, minion=minion))
            else:
                options = _range_options(game, side, seat, options)
        option = (yield from choose(game, seat, [_pass(seat), *options])) if options else None
        if option is None or option.kind is Kind.PASS:
            passed += 1
            i = 1 - i
            continue
        if option.kind is kind:
            if pressing:
                if side.presses > 0:
                    side.presses -= 1
                else:
                    side.combat_presses -= 1
                    if "combat:maneuver or press" in side.used:  # Mind Tricks: the maneuver goes with it
                        side.used.discard("combat:maneuver or press")
                        side.combat_maneuvers -= 1
                press(game, c, minion)
            else:
                if option.value:  # the weapon's own maneuver: its strike is this round's (L1592-1597)
                    side.combat_maneuvers -= 1
                    side.weapon_maneuver = 0
                    side.committed = option.value
                elif side.maneuvers > 0:
                    side.maneuvers -= 1
                else:
                    side.combat_maneuvers -= 1
                    if "combat:maneuver or press" in side.used:  # Mind Tricks: the press goes with it
                        side.used.discard("combat:maneuver or press")
                        side.combat_presses -= 1
                maneuver(game, c, minion)
        else:
            yield from resolve_play(game, option, c)
        passed = 0
        i = 1 - i


def _continue_only(c: Combat, minion: int, side: Side) -> bool:
    """The acting minion's only presses are its action card's, "only usable to continue combat" (Harass), and a
    press to continue stands (another press would cancel it)."""
    if c.press > 0 and "round:continue-only press" in side.used and side.presses <= 1 and not side.combat_presses:
        return True  # a press given "only usable to continue combat" (Mob Connections)
    if c.press <= 0 and "round:end-only press" in side.used and side.presses <= 1 and not side.combat_presses:
        return True  # a press "only usable to end combat" (The Jones [ser]): none to continue stands to cancel
    act = c.action
    if c.press > 0 and side.presses == 1 and not side.combat_presses and "round:press to continue only" in side.used:
        return True  # its one press this round is "to continue combat" (Conquer the Beast [ANI])
    if c.press <= 0 or act is None or act.mode is None or not act.mode.presses_continue_only:
        return False
    return minion == act.actor and not side.presses and side.combat_presses <= act.mode.combat_presses


def _held_in(c: Combat, side: Side, pressing: bool) -> bool:
    """A combatant that cannot maneuver to long range (from close, every maneuver would) or press to end combat
    (when a press to continue stands, a press would end it): Drawing Out the Beast's marks."""
    if not side.used:
        return False
    if pressing:
        if c.press <= 0 and "combat:no press to continue" in side.used:  # Terror Frenzy [ani]
            return True
        return c.press > 0 and "combat:no press to end" in side.used
    if c.range is Range.LONG and "combat:no maneuver to close" in side.used:  # Terror Frenzy [ani]
        return True
    return c.range is Range.CLOSE and "combat:no maneuver to long" in side.used


def press(game: Game, c: Combat, minion: int) -> None:
    """A press: to continue when none stands, else cancelling the opponent's press to continue."""
    c.press = -1 if c.press > 0 else 1
    c.last_press = minion
    game.log("press", controller(game, minion), minion)
    for h in hooks_of(game, "pressed"):
        h(game, c, minion)  # "a vampire burns 1 blood after using a press to continue combat with her" (Petra)


@dataclasses.dataclass(frozen=True, slots=True)
class Strike:
    """What a strike does (4.3.4 "Strike effects"): ``damage`` (None: the striker's strength, the hand
    strike), ``ranged`` (usable at long range), ``aggravated``, ``first``, ``dodge``, ``combat_ends``,
    ``steal`` (blood or life moved to the striker), ``undodgeable``, ``burn_equipment`` (equipment or a
    retainer, Donnybrook), ``hand`` (a hand strike, for "only hand strikes" rounds)."""

    damage: int | None = None
    bonus: int = 0
    ranged: bool = False
    aggravated: bool = False
    first: bool = False
    dodge: bool = False
    combat_ends: bool = False
    steal: int = 0
    undodgeable: bool = False
    long_only: bool = False  # "only usable at long range" (Sniper Rifle)
    burn_equipment: bool = False
    equipment_only: bool = False  # burn_equipment: equipment, not a retainer (Canine Horde [ANI])
    weapon_only: bool = False  # burn_equipment: a weapon (Voracious Vermin [ANI])
    steal_weapon: bool = False  # take the opposing minion's weapon (Fast Hands)
    send_to_torpor: bool = False  # the opposing vampire goes to torpor (Entombment [OBT])
    burn_ally: bool = False  # the opposing ally is burned (Entombment [obt])
    recoil: int = 0  # environmental damage to its striker, once each combat (Zip Gun)
    then_combat_ends: bool = False  # combat ends right after this strike resolves (Anesthetic Touch [obe])
    self_aggravated: int = 0  # environmental aggravated damage to its striker at close range (Breath of the Dragon)
    # what the strike does instead of damage, as it resolves (unless dodged): vocabulary effects run for its striker
    # (Contagion [DAI]: a corruption counter on the opposing minion, which may then be stolen)
    effects: tuple[Any, ...] = ()
    hand: bool = False
    maneuver: bool = False  # with 1 optional maneuver
    press: bool = False  # with 1 optional press
    at_most: int = 0  # "if more than N damage is inflicted with this strike, ignore the excess" (Quick Jab)
    aggravated_vs: tuple[str, ...] = ()  # its damage is aggravated on a minion of these clans (Blade of Enoch)
    label: str = ""


HAND_STRIKE = Strike(hand=True, label="hand strike")
# The strike of a minion committed to a weapon's strike it can no longer use (the weapon gone, hand strikes only).
NO_STRIKE = Strike(damage=0, label="no strike")


def strike_options(game: Game, c: Combat, minion: int) -> list[Option]:
    """The strikes a combatant may choose: the hand strike, strike cards in hand, its weapons' and its
    abilities' strikes (hooks "strikes"), at the current range."""
    seat = controller(game, minion)
    side = c.side(minion)
    if "round:cannot strike" in side.used:  # "cannot strike this round" (One With the Land): no strike at all
        return [Option(Kind.STRIKE, seat, minion=minion, card=-1, value=grant(NO_STRIKE))]
    if side.committed:
        # maneuvered with a weapon: its strike is the first strike, or none if it can no longer be used
        granted = [
            o
            for h in (() if c.hand_strikes_only else hooks_of(game, "strikes"))
            for o in h(game, c, minion)
            if o.value == side.committed
        ]
        if not granted:
            return [Option(Kind.STRIKE, seat, minion=minion, card=-1, value=grant(NO_STRIKE))]
        return granted[:1] + _aim_options(game, c, minion)  # an aim on the weapon's strike (LSJ 20080409)
    options = [Option(Kind.STRIKE, seat, minion=minion, card=-1)]
    cards = [o for o in hand_options(game, seat, W.STRIKE, c) if o.minion == minion]
    if c.hand_strikes_only:
        # only hand strikes (Immortal Grapple): a strike card's hand strike (Dust Up [pot]) or an aim stay usable
        return options + [o for o in cards if _hand_strike_only(game, o)]
    options += cards
    for h in hooks_of(game, "strikes"):
        options += h(game, c, minion)
    if c.round == 1 and "no combat ends in round 1" in side.used:  # (NSA Trio)
        options = [o for o in options if not _ends_combat(game, o)]
    del side
    act = c.action
    if act is not None and act.flags and act.flags.get("blocker cannot end combat") and minion == act.blocker:
        options = [o for o in options if not _ends_combat(game, o)]  # Mind of the Wilds
    if c.round == 1 and act is not None and act.flags and act.flags.get("target cannot end combat in round 1"):
        if minion == act.target_minion and c.a.minion == act.actor:  # the action's own combat (Hunter's Mark [CEL])
            options = [o for o in options if not _ends_combat(game, o)]
    if hooks_of(game, "may_end_combat") and not hook_all(game, "may_end_combat", c, minion):
        options = [o for o in options if not _ends_combat(game, o)]  # "cannot strike: combat ends" (Faruq)
    if "combat:cannot end combat" in c.side(minion).used:  # in combat with Dog Pack's employer
        options = [o for o in options if not _ends_combat(game, o)]
    return options


def _aim_options(game: Game, c: Combat, minion: int) -> list[Option]:
    """The aims (strike-step cards that are not strikes: Target Vitals) the combatant may play on a strike it
    committed to at the range step; none once that strike cannot be used (LSJ 20080409: Immortal Grapple)."""
    seat = controller(game, minion)
    return [
        o
        for o in hand_options(game, seat, W.STRIKE, c)
        if o.minion == minion and not _chooses_strike(game, o) and c.side(minion).strike is not NO_STRIKE
    ]


def _aim_committed(game: Game, c: Combat, side: Side) -> Flow:
    """A strike chosen at the range step (a strike card's maneuver): its minion may still play an aim on it."""
    aims = _aim_options(game, c, side.minion)
    if aims and not _combat_done(game, c):
        seat = controller(game, side.minion)
        option = yield from choose(game, seat, [_pass(seat), *aims])
        if option.kind is not Kind.PASS:
            yield from resolve_play(game, option, c)


def _ends_combat(game: Game, option: Option) -> bool:
    """Whether a strike option is a "strike: combat ends" (a granted strike, or a strike card's)."""
    if option.kind is Kind.STRIKE:
        return option.value != 0 and GRANTED[option.value].combat_ends
    mode = handler_of(game, option).mode
    strikes = [mode.strike, *(getattr(e, "strike", None) for e in mode.effects)]
    return any(getattr(s, "combat_ends", False) for s in strikes)


def strikes(game: Game, c: Combat) -> Flow:
    """Strike step (L1626-1711): the acting minion chooses first, then the opponent; then strikes resolve
    (combat ends first, then first strikes, then the rest simultaneously); then additional strikes."""
    first = True
    while first or c.a.extra_strikes > 0 or c.b.extra_strikes > 0:
        if _combat_done(game, c):
            return
        for side in (c.a, c.b):
            if first or side.extra_strikes > 0:
                if not first:
                    side.extra_strikes -= 1
                    fixed = [u for u in sorted(side.used) if u.startswith("round:extra strike:")]
                    if fixed:  # an additional strike that is a given strike (Wind Dance [THA]: dodge)
                        side.used.discard(fixed[0])
                        side.strike = GRANTED[int(fixed[0].rsplit(":", 1)[1])]
                        continue
                if side.strike is not None and first:
                    # chosen at the range step with a maneuvering strike card: an aim is still played as the
                    # strike is chosen, at this step (Target Vitals: LSJ 20080409)
                    yield from _aim_committed(game, c, side)
                    continue
                seat = controller(game, side.minion)
                while True:
                    option = yield from choose(game, seat, strike_options(game, c, side.minion))
                    if option.kind is Kind.STRIKE and option.card < 0:
                        side.strike = HAND_STRIKE if option.value == 0 else option_strike(game, option)
                        if option.value:  # once-each-combat strikes (Carlton Van Wyk); a use again is counted
                            side.used.add(_use_mark(side, f"granted:{option.value}"))  # (a 2nd Sawed-Off Shotgun)
                        break
                    yield from resolve_play(game, option, c)
                    again = side.aim or side.committed or "round:choose strike again" in side.used
                    if side.strike is not None or not again or _combat_done(game, c):
                        break  # an aim (Target Vitals) is played as the strike is chosen: then the strike
                if side.strike is None:
                    side.strike = HAND_STRIKE
                if hooks_of(game, "strike_declared"):  # a strike's cost, paid as declared (Lucian, the Perfect)
                    for h in hooks_of(game, "strike_declared"):
                        h(game, c, side, option)
                    if _combat_done(game, c):
                        return
            else:
                side.strike = None
        first = False
        c.a.committed = c.b.committed = 0  # additional strikes may be any strike (L1692-1694)
        hooks = hooks_of(game, "strikes_chosen")
        if hooks:  # strikes declared, before resolution: "when an opposing minion attempts to inflict aggravated
            yield from _run_hooks(game, hooks, c)  # damage" (Rötschreck)
        yield from resolve_strikes(game, c)
        c.a.strike = c.b.strike = None
        c.a.aim = c.b.aim = 0
        if c.over:
            return


def _use_mark(side: Side, mark: str) -> str:
    """The mark of a granted strike's use this combat: ``mark``, then ``mark:2``, ``mark:3``… (``strike_uses``)."""
    if mark not in side.used:
        return mark
    n = 2
    while f"{mark}:{n}" in side.used:
        n += 1
    return f"{mark}:{n}"


def strike_uses(side: Side, value: int) -> int:
    """How many times this combat the side used the granted strike ``value`` (a once-each-combat weapon's)."""
    mark = f"granted:{value}"
    return sum(1 for u in side.used if u == mark or u.startswith(mark + ":"))


def equipment_or_retainers(game: Game, minion: int) -> list[int]:
    """The equipment and retainers on a minion (not the other cards put on it: Villein, Vessel)."""
    m = game.minions.get(minion)
    if m is None or game.compiled is None:
        return []
    types = game.compiled.types
    bearers = game.compiled.bearers  # a card that "becomes equipment" (Weighted Walking Stick) says so there
    return [
        x
        for x in m.cards
        if x in game.minions
        or _counts_as_equipment(game, types, x)
        or getattr(bearers.get(game.card_of[x]), "equipment", False)
    ]


def _counts_as_equipment(game: Game, types: Any, copy: int) -> bool:
    """An equipment card on a minion, unless its text says it does not count as one in play (Living Manse: "While
    in play, this card does not count as equipment": a location)."""
    if "Equipment" not in types.get(game.card_of[copy], ()):
        return False
    card = game.compiled.cards.get(game.card_of[copy]) if game.compiled is not None else None
    return card is None or "does not count as equipment" not in (card.text or "")


def _hand_strike_only(game: Game, option: Option) -> bool:
    """The card's strikes (StrikeWith effects), if any, are all hand strikes."""
    strikes = [getattr(e, "strike", None) for e in handler_of(game, option).mode.effects]
    return all(s.hand for s in strikes if isinstance(s, Strike))


def option_strike(game: Game, option: Option) -> Strike:
    """A strike granted by a weapon or ability (hooks "strikes" build options with ``value`` != 0 and keep the
    Strike in ``GRANTED``)."""
    return GRANTED[option.value]


GRANTED: dict[int, Strike] = {}


def grant(strike: Strike) -> int:
    """Register a granted strike (a weapon's, an ability's) once per process; returns its option value."""
    key = len(GRANTED) + 1
    for k, v in GRANTED.items():
        if v == strike:
            return k
    GRANTED[key] = strike
    return key


def strength_of(game: Game, minion: int) -> int:
    """A minion's strength before this round's and this combat's bonuses: printed (with its spec's bonus) plus
    the "strength" hooks; 0 for a minion no longer in play."""
    m = game.minions.get(minion)
    return m.strength + hook_sum(game, "strength", minion) if m is not None else 0


def strike_damage(game: Game, c: Combat, side: Side, strike: Strike) -> int:
    if strike.damage is None:
        base = strength_of(game, side.minion) + side.strength + side.combat_strength
    else:
        base = strike.damage
    if base > 0:  # "+1 damage with ranged strikes" (The Dracon); none to a strike doing no damage (RTR 19960221)
        base += hook_sum(game, "strike_bonus", c, side, strike, False)
    if strike.at_most:
        return min(strike.at_most, max(0, base + strike.bonus))
    return max(0, base + strike.bonus)


def _usable(c: Combat, strike: Strike) -> bool:
    if strike.long_only:
        return c.range is Range.LONG
    return c.range is Range.CLOSE or strike.ranged or strike.dodge or strike.combat_ends


def resolve_strikes(game: Game, c: Combat) -> Flow:
    sa, sb = c.a.strike, c.b.strike
    if game.events is not None:
        for side in (c.a, c.b):
            if isinstance(side.strike, Strike) and side.minion in game.minions:
                game.log(
                    "strike", controller(game, side.minion), side.minion, side.strike.label or "strike", int(c.range)
                )
    pairs = [(c.a, c.b, sa), (c.b, c.a, sb)]
    # Combat ends resolves first, even before first strike (L1838-1905).
    for side, _, strike in pairs:
        if isinstance(strike, Strike) and strike.combat_ends:
            game.log("combat ends", controller(game, side.minion), side.minion)
            c.over = True
    if c.over:
        for side, _, strike in pairs:
            if isinstance(strike, Strike) and strike.dodge:
                side.used.add("round:dodged")  # a dodge still protects from what follows the combat (Oubliette)
        return
    for side, _, strike in pairs:
        if isinstance(strike, Strike) and strike.dodge:
            side.dodging = True
    # "strikes with first strike" (Muddled Vampire Hunter): the side's mark, for every strike it uses
    firsts = [p for p in pairs if isinstance(p[2], Strike) and (p[2].first or "combat:first strike" in p[0].used)]
    if len(firsts) == 1:
        yield from _apply_strikes(game, c, firsts)
        if _combat_done(game, c):
            return
        _normal_strike_resolution(game, c)
        yield from _apply_strikes(game, c, [p for p in pairs if p not in firsts])
    else:
        _normal_strike_resolution(game, c)
        yield from _apply_strikes(game, c, pairs)
    for side in (c.a, c.b):
        side.dodging = False
    for side, _, strike in pairs:
        if isinstance(strike, Strike) and strike.then_combat_ends and not c.over:
            game.log("combat ends", controller(game, side.minion), side.minion)  # even if dodged (LSJ 20011210-2)
            c.over = True


def _normal_strike_resolution(game: Game, c: Combat) -> None:
    """Normal strike resolution is about to begin (after first strikes): "during normal strike resolution"
    effects (Mambo Jeanne's environmental damage at close range)."""
    for h in hooks_of(game, "normal_strike_resolution"):
        h(game, c)


def _apply_strikes(game: Game, c: Combat, pairs: Iterable[tuple[Side, Side, Any]]) -> Flow:
    """Strikes resolving together: effects (steal blood) first, then damage with prevention (L1668-1670)."""
    damage: dict[int, list[int]] = {}
    steals: list[tuple[Side, Side, int]] = []
    backfire: dict[int, int] = {}  # environmental aggravated damage a strike does to its striker
    outcomes: list[tuple[Side, Side, Strike]] = []  # steal weapon, torpor, burn ally
    recoil: dict[int, int] = {}  # environmental damage a strike does to its striker once each combat
    for side, other, strike in pairs:
        if not isinstance(strike, Strike) or not is_ready(game, side.minion) or not _usable(c, strike):
            continue
        if strike.self_aggravated and c.range is Range.CLOSE:
            backfire[side.minion] = backfire.get(side.minion, 0) + strike.self_aggravated
        if strike.recoil and f"combat:recoil:{grant(strike)}" not in side.used:
            side.used.add(f"combat:recoil:{grant(strike)}")
            recoil[side.minion] = recoil.get(side.minion, 0) + strike.recoil
        if other.dodging and not strike.undodgeable:
            continue
        if strike.dodge:
            continue  # a dodge deals no damage (L1838-1905)
        if strike.steal:
            more = hook_sum(game, "strike_bonus", c, side, strike, True)  # "steals 1 additional blood" (The Dracon)
            steals.append((side, other, strike.steal + more))
            continue
        if strike.steal_weapon or strike.send_to_torpor or strike.burn_ally or strike.effects:
            outcomes.append((side, other, strike))  # after the damage: the strikes resolve together
            continue
        amount = strike_damage(game, c, side, strike)
        if amount > 0:
            amount = max(0, amount - hook_sum(game, "strike_damage_taken", other.minion))  # Nephandus: 1 less
            for h in hooks_of(game, "strike_inflicted"):
                h(game, c, side, strike, amount)  # the damage counted even if prevented (Weighted Walking Stick)
        if strike.burn_equipment:
            victim = game.minions.get(other.minion)
            gear = equipment_or_retainers(game, other.minion)
            if strike.equipment_only:
                gear = [x for x in gear if x not in game.minions]
            if strike.weapon_only:
                weapons = game.compiled.bearers if game.compiled is not None else {}
                gear = [x for x in gear if getattr(weapons.get(game.card_of[x]), "strike", None) is not None]
            if victim is not None and gear:
                target = gear[-1]
                if target in game.minions:
                    burn_minion(game, target)
                else:
                    victim.cards.remove(target)
                    to_ash_heap(game, target)
            continue
        if amount > 0:
            entry = damage.setdefault(other.minion, [0, 0])
            # hand strikes made aggravated for the combat (Raking Talons) mark the side "combat:aggravated_hand"
            aggravated = strike.aggravated or (
                strike.hand and ("combat:aggravated_hand" in side.used or "round:aggravated_hand" in side.used)
            )
            if strike.aggravated_vs and game.minions[other.minion].clan in strike.aggravated_vs:
                aggravated = True  # "damage inflicted by this weapon on a Brujah … is aggravated" (Blade of Enoch)
            if not aggravated and c.action is not None and c.action.flags.get("combat damage aggravated"):
                aggravated = game.minions[other.minion].kind == VAMPIRE  # Domain of Evernight [tem]: on vampires
            entry[1 if aggravated else 0] += amount
    # Steals resolve together (two Theft of Vitae: ANK 20200123): each takes from the blood its victim had,
    # all losses before the gains (no blood wears off in between).
    takes = [(s, o, min(n, game.minions[o.minion].blood)) for s, o, n in steals if o.minion in game.minions]
    for _, other, taken in takes:
        game.minions[other.minion].blood -= taken
        game.burned += taken
    for side, other, taken in takes:
        move_blood(game, side.minion, taken)
        game.log("steal blood", controller(game, side.minion), side.minion, other.minion, taken)
    for _, other, _ in takes:
        victim = game.minions.get(other.minion)
        if victim is not None and victim.kind != VAMPIRE and victim.blood <= 0:
            burn_minion(game, other.minion)
    env_of: dict[int, int] = {}
    for side in (c.a, c.b):
        env = c.env_damage.get(side.minion, 0)
        if c.env_close and c.range is Range.CLOSE:
            env += c.env_close.get(side.minion, 0)
        if env and is_ready(game, side.minion) and "round:env" not in side.used:
            side.used.add("round:env")  # once each round, even with first strikes or additional strikes
            entry = damage.setdefault(side.minion, [0, 0])
            entry[0] += env
            env_of[side.minion] = env
    for minion, n in backfire.items():
        damage.setdefault(minion, [0, 0])[1] += n
        env_of[minion] = env_of.get(minion, 0) + n
    for minion, n in recoil.items():
        damage.setdefault(minion, [0, 0])[0] += n
        env_of[minion] = env_of.get(minion, 0) + n
    for minion, (normal, agg) in sorted(damage.items()):
        if minion not in game.minions:
            continue
        side = c.side(minion)
        c.pending = [normal, agg]
        c.victim = minion
        seat = controller(game, minion)
        yield from impulse(game, W.PREVENT, _prevent_seats(game, seat), c)
        normal, agg = c.pending
        if side.prevent_all or side.prevent_strike:  # all damage from the opposing strikes, not environmental
            normal, agg = min(normal, env_of.get(minion, 0)), 0
            side.prevent_strike = False  # the strike being resolved only (Skin of Steel [for])
        prevent = side.prevent
        cut = min(prevent, agg)
        agg -= cut
        prevent -= cut
        used = min(prevent, max(0, normal))
        normal -= used
        side.prevent = prevent - used  # a "prevent 1 damage this round" is used up once it prevented that damage
        striker = c.other(minion)
        inflicted = max(0, normal) + max(0, agg) > env_of.get(minion, 0)  # environmental damage of this pass
        if striker.aim and inflicted and isinstance(striker.strike, Strike):
            # an aim: +N damage of the strike's type once its damage is successfully inflicted (Target Vitals)
            if striker.strike.aggravated:
                agg = max(0, agg) + striker.aim
            else:
                normal = max(0, normal) + striker.aim
            side.cannot_press = True
        for h in hooks_of(game, "damage_to_take"):
            normal, agg = h(game, c, side, max(0, normal), max(0, agg))  # what is left after prevention is capped
        striker.inflicted += max(0, max(0, normal) + max(0, agg) - env_of.get(minion, 0))
        side.lost_blood += take_damage(game, minion, max(0, normal), max(0, agg))
    for side, other, strike in outcomes:
        if strike.effects and is_ready(game, side.minion) and is_ready(game, other.minion):
            play = Play(seat=controller(game, side.minion), card=-1, mode=STRIKE_EFFECT, minion=side.minion, frame=c)
            yield from run_effects(game, strike.effects, play)
        elif not strike.effects:
            _strike_outcome(game, side, other, strike)
    _combat_done(game, c)


STRIKE_EFFECT = Mode(window=W.STRIKE, label="a strike's effect")  # the mode of a Strike.effects play


def _prevent_seats(game: Game, seat: int) -> list[int]:
    """Who may prevent damage to a minion of ``seat``: that seat, and every other if a card of the table lets a
    minion outside the combat prevent it (Martyr's Resilience: ``Role.REACTING`` in W.PREVENT)."""
    comp = game.compiled
    bystanders = table_has(
        game,
        "bystander prevention",
        lambda: {
            v
            for table in (comp.hand, comp.in_play)  # an ability too: "prevent … on any other minion" (Randall)
            for (v, w), hs in table.items()
            if w is W.PREVENT and any(h.role is Role.REACTING for h in hs)
        },
    )
    return _impulse_order(game, seat) if bystanders else [seat]


def _strike_outcome(game: Game, side: Side, other: Side, strike: Strike) -> None:
    """A strike that is no damage: steal the opposing weapon (the last one put on it), send the opposing vampire
    to torpor, burn the opposing ally."""
    victim = game.minions.get(other.minion)
    if victim is None or not victim.in_play:
        return
    if strike.steal_weapon:
        given = game.compiled.bearers if game.compiled is not None else {}
        weapons = [
            x
            for x in equipment_or_retainers(game, victim.id)
            if x not in game.minions and getattr(given.get(game.card_of[x]), "strike", None) is not None
        ]
        striker = game.minions.get(side.minion)
        if weapons and striker is not None and is_ready(game, striker.id):
            victim.cards.remove(weapons[-1])
            striker.cards.append(weapons[-1])
            game.log("steal", controller(game, striker.id), weapons[-1], controller(game, victim.id))
    elif strike.send_to_torpor and victim.kind == VAMPIRE and not victim.torpor:
        go_to_torpor(game, victim.id)
    elif strike.burn_ally and victim.kind == ALLY:
        burn_minion(game, victim.id)


# -- politics (4.3.6), diablerie and the blood hunt (4.3.7-4.3.8) -----------------------------------------------------------


def political_action(game: Game, act: Action) -> Flow:
    """A successful political action: the terms are chosen now (L1436-1438), then the referendum."""
    mode = act.mode
    assert mode is not None
    ref = Referendum(seat=act.seat, caller=act.actor, card=act.card, mode=mode)
    play = Play(seat=act.seat, card=act.card, mode=mode, minion=act.actor, frame=ref)
    if mode.targets is not None:
        terms = [Option(Kind.TERMS, act.seat, target=t) for t in mode.targets(game, play)]
        if not terms:
            return
        option = yield from choose(game, act.seat, terms)
        play.target = option.target
    ref.terms = (play.target,)
    hooks = hooks_of(game, "before_referendum")
    if hooks:  # "if a political action is successful, before the referendum" (Yawp Court)
        yield from _run_hooks(game, hooks, act, play)
        if act.ended or game.finished:
            return
    yield from referendum(game, ref, play)
    act.flags["referendum_passed"] = int(ref.passed)
    act.flags["votes_by"] = ref.votes_for - ref.votes_against
    if ref.passed:
        yield from run_effects(game, mode.effects, play)
        for h in hooks_of(game, "referendum_passed"):
            h(game, ref)  # "after the referendum of a political action passes" (Lutz von Hohenzollern)


def votes_of(game: Game, seat: int) -> int:
    """Votes from the seat's ready titled minions (L1483-1502)."""
    return sum(m.votes for m in ready_minions(game, seat)) + hook_sum(game, "votes", seat)


def referendum(game: Game, ref: Referendum, play: Play) -> Flow:
    """Polling (cards first, then every Methuselah's votes, in impulse order from the caller), then more for
    than against passes; a tie fails (L1441-1460). VOTES_TOGETHER."""
    game.frames.append(ref)
    try:
        if not ref.blood_hunt and any(h(game, ref) for h in hooks_of(game, "passes_automatically")):
            ref.passed = True  # no polling step, no votes (Cryptic Rider: LSJ 19980107)
            game.log("referendum", ref.seat, 0, 0, 1)
            return
        if not ref.blood_hunt:
            yield from impulse(game, W.POLLING, _impulse_order(game, ref.seat), ref)
        if ref.cancelled or game.finished:
            return
        # A minion's own referendum ability (Benjamin Rose: ``ref.card`` is the minion) has no card to give a vote.
        by_card = ref.card >= 0 and ref.card not in game.minions and not (ref.mode is not None and ref.mode.in_play)
        for seat in _impulse_order(game, ref.seat):
            base = votes_of(game, seat) + ref.extra_votes.get(seat, 0)
            if seat == ref.seat and by_card:
                base += 1  # the card calling it gives its caller 1 vote (L1476-1482)
            extra_sources = []
            if game.edge == seat:
                extra_sources.append("edge")
            if not (seat == ref.seat and by_card) and any(
                "Political Action" in game.compiled.types.get(game.card_of[c], ()) or _is_political(game, c)
                for c in game.seats[seat].hand
            ):
                extra_sources.append("card")
            options = []
            if base > 0:
                options += [Option(Kind.VOTE, seat, value=1), Option(Kind.VOTE, seat, value=-1)]
            if extra_sources:
                options += [Option(Kind.VOTE, seat, value=1, target=1), Option(Kind.VOTE, seat, value=-1, target=1)]
            if not options:
                continue
            if seat in ref.forced_against:  # forced to vote against (VOTES_TOGETHER: all the seat's votes)
                options = [o for o in options if o.value < 0]
            else:
                options.insert(0, Option(Kind.VOTE, seat, value=0))
            option = yield from choose(game, seat, options)
            if option.value == 0:
                continue
            votes = base
            if option.target == 1:
                if "edge" in extra_sources:
                    game.edge = None
                    ref.edge_burned = True
                    votes += 1
                if "card" in extra_sources:
                    for c in game.seats[seat].hand:
                        if _is_political(game, c):
                            game.seats[seat].hand.remove(c)
                            to_ash_heap(game, c)
                            refill(game, seat)
                            votes += 1
                            break
            votes += hook_sum(game, "votes_cast", seat, ref, option.value)  # votes for one side (Jason Newberry)
            if option.value > 0:
                ref.votes_for += votes
            else:
                ref.votes_against += votes
                ref.voted_against.append(seat)
            ref.votes_by_seat[seat] = votes if option.value > 0 else -votes
            game.log("vote", seat, option.value, votes)
        comp = game.compiled
        if table_has(game, "votes cast", lambda: {v for v, w in comp.hand if w is W.VOTES_CAST}):
            yield from impulse(game, W.VOTES_CAST, _impulse_order(game, ref.seat), ref)  # Scalpel Tongue
        ref.passed = ref.votes_for > ref.votes_against
        game.log("referendum", ref.seat, ref.votes_for, ref.votes_against, int(ref.passed))
        for h in hooks_of(game, "referendum_tallied"):
            h(game, ref)  # "once results are tallied" (Marcos Belegrad: those who voted against burn 1 pool)
    finally:
        game.frames.pop()


def _is_political(game: Game, copy: int) -> bool:
    card = game.compiled.cards.get(game.card_of[copy])
    return card is not None and "Political Action" in card.types


def diablerie(game: Game, act: Action) -> Flow:
    """Diablerie (4.3.8): all the victim's blood moves to the diablerist (excess drains), the victim is burned;
    then the blood hunt referendum (4.3.7): if it passes the diablerist is burned. NO_DIABLERIE_DISCIPLINE: the
    [ADV] master discipline search is not modelled."""
    victim = game.minions.get(act.target_minion)
    if victim is None or not victim.torpor:
        return
    blood = victim.blood
    victim.blood = 0
    game.burned += blood
    move_blood(game, act.actor, blood)
    game.log("diablerie", act.seat, act.actor, victim.id)
    for h in hooks_of(game, "diablerie"):
        h(game, act.actor)  # "a vampire who has committed diablerie since your last turn" (Carlton Van Wyk)
    burn_minion(game, victim.id)
    ref = Referendum(seat=act.seat, caller=-1, blood_hunt=True)
    yield from referendum(game, ref, Play(seat=act.seat, card=-1, mode=_BLOOD_HUNT, minion=act.actor, frame=ref))
    if ref.passed and act.actor in game.minions:
        burn_minion(game, act.actor)


_BLOOD_HUNT = Mode(window=W.POLLING, label="blood hunt")


# -- driving a game --------------------------------------------------------------------------------------------------------


def run(
    game: Game,
    decide: Callable[[int, list[Option]], int],
    *,
    audit: Callable[[Game], list[str]] | None = None,
) -> list[int]:
    """Drive the game to its end; ``decide(seat, options)`` returns the chosen option's index. Returns the
    decisions (indices). With ``audit``, it is called after each decision's consequences."""
    decisions: list[int] = []
    flow = game_flow(game)
    try:
        ask = next(flow)
        while True:
            seat, options = ask
            index = decide(seat, options)
            if not 0 <= index < len(options):
                raise GameError(f"decision {len(decisions)}: option {index} of {len(options)}")
            decisions.append(index)
            ask = flow.send(options[index])
            if audit is not None:
                audit(game)
    except StopIteration:
        pass
    except Stopped:
        game.frames.clear()
        _return_aside(game)
        economy.time_limit(game)
        game.stopped = True
    return decisions


def _return_aside(game: Game) -> None:
    """Cards set aside when the safety stop ended the game go to their owners' ash heaps."""
    for copy_id in list(game.aside):
        to_ash_heap(game, copy_id)


def audit_rules(game: Game) -> list[str]:
    """The rules the engine enforces that the state alone cannot show (``state.audit`` checks the state), checked
    after every decision with ``--audit``: a minion played the same action modifier or reaction once per action
    (L485-489, L581-584); one out-of-turn master card between two of one's turns (L436-442); no hand is over its
    hand size (L302-310: discarded down at once); a minion that maneuvered with a weapon strikes with it first
    (L1592-1597); no event is in play twice (L599-605)."""
    problems = []
    for frame in game.frames:
        if isinstance(frame, Combat):
            for side in (frame.a, frame.b):
                chosen = side.strike
                if side.committed and chosen is not None and chosen not in (GRANTED[side.committed], NO_STRIKE):
                    problems.append(f"weapon-commit: minion {side.minion} maneuvered with a weapon, struck otherwise")
        once = getattr(frame, "once", None)
        if once and len(set(once)) != len(once):
            twice = sorted(
                {game.compiled.specs[card].name for pair in once if once.count(pair) > 1 for card in pair[1:]}
            )
            problems.append(f"once-per-action: the same card twice by one minion in one action ({', '.join(twice)})")
    types = game.compiled.types if game.compiled is not None else {}
    events = [
        game.card_of[c]
        for s in game.order
        for held in game.seats[s].controlled
        for c in (held, *minion_cards(game, held))
        if "Event" in types.get(game.card_of[c], ())
    ]
    if len(events) != len(set(events)):
        problems.append("event-twice: an event is in play twice (each event once a game, L599-605)")
    for seat in game.seats:
        if rider_sum(game, -1 - seat.index, "out_of_turn") > 1:
            problems.append(f"out-of-turn: seat {seat.index} played two out-of-turn master cards between its turns")
    # A game over asks no one to discard; while one seat discards down, the others over their size (a hand size cut
    # for every other Methuselah: Babalawo Alafin) wait their turn in the same queue (choose: before any decision).
    for seat in () if game.finished or game.discarding_down >= 0 else game.seats:
        size = effective_hand_size(game, seat.index)
        if not seat.ousted and len(seat.hand) > size:
            problems.append(f"hand-size: seat {seat.index} holds {len(seat.hand)} cards for a hand size of {size}")
    return problems
