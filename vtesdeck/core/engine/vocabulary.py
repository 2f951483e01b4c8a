"""The effect vocabulary: the primitives card specs are written in (ENGINE.md "A vocabulary to start from").

Three kinds of names, each small and documented where it is defined:

- predicates ``(game, play) -> bool`` for a mode's ``when``: ``bleeding_you``, ``during_bleed``,
  ``directed_at_you``, ``action_succeeded``, ``action_blocked``, ``block_in_progress``, ``locked_self``…,
  composed with ``all_of``/``any_of``/``not_``;
- targets ``(game, play) -> ids`` for a mode's ``targets``: ``other_methuselahs``, ``any_methuselah``,
  ``uncontrolled_vampires``, ``younger_uncontrolled``…;
- effects: frozen dataclasses called with ``(game, play)``, each doing one thing (``Stealth(1)``,
  ``Bleed(2)``, ``Redirect()``, ``AddBlood(3)``, ``Strike(...)``, ``Prevent(1)``…). An effect that gives
  stealth, intercept or a bleed increase says so in ``gives`` (and ``limited``): the compiler applies
  "only as needed" and "(limit)" to it (compile.py).

An effect may return a generator when it needs a decision or a sub-frame (a combat): the engine runs it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Generator, Sequence
from typing import Any, ClassVar

from .. import eligibility
from ..domain import SECTS
from . import economy
from . import game as g
from .cards import (
    Attached,
    Bearer,
    ChosenMethuselah,
    DiscardPhase,
    Gehenna,
    Mode,
    Play,
    ReferendumVotes,
    Role,
    UnlockPhase,
    hook,
)
from .frames import Action, Combat, Referendum, Rider, Side, Until
from .handlers import Handler
from .state import ALLY, RETAINER, VAMPIRE, Game, Minion, Phase
from .state import held_on as _held_on
from .state import hold as _hold
from .windows import Act, Range, W

Pred = Callable[[Game, Play], bool]
Targets = Callable[[Game, Play], Sequence[int]]

# -- predicates --------------------------------------------------------------------------------------------------------


def own_card(game: Game, play: Play) -> bool:
    """The card in play giving the action is the acting minion's Methuselah's: a card that gives "each ready
    minion you control" an action (Frontal Assault, Black Forest Base); ``game`` offers every card in play's
    action modes to every minion, so the mode says whose."""
    return play.card in game.seats[play.seat].controlled


# -- the table, read and moved: the words specs use for what no effect says ---------------------------------------
#
# A spec's own code reads and moves the table through these (the vocabulary is the specs' one door to the
# rules; tests/engine/test_layers.py holds every spec module to it): minions' blood and readiness, who controls
# what, riders, the strike type, a decision to ask.
Strike = g.Strike
NO_STRIKE = g.NO_STRIKE
move_blood = g.move_blood
ready_minions = g.ready_minions
controller = g.controller
is_ready = g.is_ready
younger = g.younger
add_rider = g.add_rider
rider_sum = g.rider_sum
to_ash_heap = g.to_ash_heap
refill = g.refill
may_play = g.may_play
card_cost = g.card_cost  # a card's cost for a minion, its reductions applied (Antonio d'Erlette's ally)
run_effects = g.run_effects  # another card's mode resolved by an ability (Antonio d'Erlette's ally)
leave_aside = g.leave_aside
set_aside = g.set_aside  # a hand card played by another card's effect (Piper: the ally it recruits)
run_effects = g.run_effects  # that card's own effects, as if played
current_action = g.current_action
current_combat = g.current_combat  # a vampire's conditional strength (Mickey Wheeler)
take_damage = g.take_damage  # damage outside combat (Alonso Petrodon)
grant = g.grant
choose = g.choose
burn_minion = g.burn_minion
take_damage = g.take_damage  # unpreventable damage outside combat (Gnaeus Aemilius Augustinus)
burn_card = g.burn_card
go_to_torpor = g.go_to_torpor
discard = g.discard

_IDS: dict[tuple[int, str], int] = {}
_IDS_BOUND = 4096  # names asked by the specs' code: a few hundred at most; the bound keeps it so


def vekn(game: Game, name: str) -> int:
    """The VEKN id of a card by its official name, -1 for none (cached per card list: hooks run often)."""
    key = (id(game.compiled), name)
    found = _IDS.get(key)
    if found is None:
        if len(_IDS) >= _IDS_BOUND:
            _IDS.clear()
        card = game.compiled.cards.lookup(name) if game.compiled is not None else None
        found = _IDS[key] = card.id if card is not None else -1
    return found


def action_of(play: Play) -> Action | None:
    frame = play.frame
    if isinstance(frame, Action):
        return frame
    return None


def during_bleed(game: Game, play: Play) -> bool:
    act = action_of(play) or g.current_action(game)
    return act is not None and act.is_bleed()


def bleeding_you(game: Game, play: Play) -> bool:
    """ "Only usable if a minion is bleeding you" (the target is the card's player)."""
    act = action_of(play)
    return act is not None and act.is_bleed() and act.target == play.seat


def directed_at_you(game: Game, play: Play) -> bool:
    """ "Only usable during an action directed at you (or a card you control)"."""
    act = action_of(play)
    return act is not None and act.directed and act.target == play.seat


def action_succeeded(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.succeeded


def action_blocked(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.blocked


def bleed_succeeded(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and bool(act.flags.get("successful_bleed"))


def block_in_progress(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and act.blocker >= 0


def political(game: Game, play: Play) -> bool:
    act = action_of(play) or g.current_action(game)
    return act is not None and act.kind is Act.POLITICAL


def referendum_passed(game: Game, play: Play) -> bool:
    act = action_of(play)
    return act is not None and bool(act.flags.get("referendum_passed"))


def in_polling(game: Game, play: Play) -> bool:
    return isinstance(play.frame, Referendum) and not play.frame.blood_hunt


def locked_self(game: Game, play: Play) -> bool:
    """The playing minion is locked (and not yet woken)."""
    m = game.minions.get(play.minion)
    act = g.current_action(game)
    return m is not None and m.locked and (act is None or play.minion not in act.woken)


def may_attempt_block(game: Game, play: Play) -> bool:
    """The playing minion could attempt to block the current action but for being locked ("cannot be used if
    the vampire cannot attempt to block the action"): no failed attempt yet, no "cannot block", no block or
    attempt in progress, and its controller has not declined."""
    act = action_of(play)
    mid = play.minion
    if act is None or act.blocked or act.blocker >= 0 or mid in act.tried or mid in act.cannot_block:
        return False
    if play.seat in act.declined or g.rider_sum(game, mid, "cannot_block"):
        return False
    return g.hook_all(game, "can_block", mid, act)


def may_wake(game: Game, play: Play) -> bool:
    """A wake's timing ("this minion wakes…"): the playing minion is locked and not yet woken, during an action
    (in any of its windows, after resolution too: LSJ 20091123; as a card is played: ANK 20210819) but not in its
    combat, nor with no action (ANK 20210819). The role (``Role.LOCKED_REACTING``) makes it another Methuselah's."""
    act = g.current_action(game)
    if act is None or (game.frames and isinstance(game.frames[-1], Combat)):
        return False
    m = game.minions.get(play.minion)
    return m is not None and m.locked and play.minion not in act.woken


def in_action_not_combat(game: Game, play: Play) -> bool:
    """During an action, not in its combat: ``may_wake``'s timing for a card that wakes another minion."""
    return g.current_action(game) is not None and not (game.frames and isinstance(game.frames[-1], Combat))


def woken_may_act(game: Game, play: Play) -> bool:
    """Waking would let the minion do something here (NO_IDLE_WAKE: a wake that cannot is legal, and no Methuselah
    wants it, so it is not offered, which spares a decision in every window of every action): in state A, attempt
    to block; elsewhere, play a card of its Methuselah's hand that has a mode in this window, not a wake."""
    window = play.mode.window
    if window is W.BEFORE_BLOCKS:
        return may_attempt_block(game, play)
    hand = game.compiled.hand
    card_of = game.card_of
    for copy in game.seats[play.seat].hand:
        handlers = hand.get((card_of[copy], window))
        if handlers and any(h.role is not Role.LOCKED_REACTING for h in handlers):
            return True
    return False


def not_bleed(game: Game, play: Play) -> bool:
    return not during_bleed(game, play)


def damage_pending(game: Game, play: Play) -> bool:
    """Prevention is only usable with damage still to prevent (LSJ 20001114): some pending and not all of
    the opposing minion's strikes' damage prevented already."""
    c = play.frame
    side = c.side(play.minion) if isinstance(c, Combat) else None
    return side is not None and sum(c.pending) > 0 and not (side.prevent_all or side.prevent_strike)


def non_aggravated_damage_pending(game: Game, play: Play) -> bool:
    """Some non-aggravated damage is still to prevent ("prevent N non-aggravated damage": Soak, LSJ 20040812-2)."""
    c = play.frame
    return damage_pending(game, play) and c.pending[0] > 0


def two_or_more_left(game: Game, play: Play) -> bool:
    return len(game.order) > 2


def card_being_played(*types: str) -> Pred:
    """ "Cancel a … card as it is played": the card being played (the last set aside) is of one of ``types``."""
    wanted = frozenset(types)

    def check(game: Game, play: Play) -> bool:
        return bool(game.aside) and bool(wanted & game.compiled.types.get(game.card_of[game.aside[-1]], frozenset()))

    return check


def card_being_played_using(*disciplines: str) -> Pred:
    """ "Cancel a non-combat card requiring X, Y or Z as it is played": the card being played is no combat card and
    its mode played uses one of ``disciplines`` (a card of several counts as requiring those used: LSJ 20011204-3)."""
    wanted = frozenset(disciplines)

    def check(game: Game, play: Play) -> bool:
        mode = game.playing
        if not game.aside or mode is None:
            return False
        if "Combat" in game.compiled.types.get(game.card_of[game.aside[-1]], frozenset()):
            return False
        return not wanted.isdisjoint(mode.disciplines)

    return check


def minion_card_being_played(game: Game, play: Play) -> bool:
    """A minion card (not a master, not an event) is being played: the last card set aside (Direct
    Intervention)."""
    if not game.aside:
        return False
    types = game.compiled.types.get(game.card_of[game.aside[-1]], frozenset())
    return not ({"Master", "Event"} & types)


def during_own_referendum(game: Game, play: Play) -> bool:
    """During a referendum this minion called (its political action's)."""
    return any(isinstance(f, Referendum) and f.caller == play.minion and play.minion >= 0 for f in game.frames)


def has_blood(amount: int) -> Pred:
    """The playing minion has at least ``amount`` blood (or life): to burn it as a cost."""

    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        return m is not None and m.blood >= amount

    return check


def actor_younger(game: Game, play: Play) -> bool:
    """The acting minion is a vampire younger than this one ("Only usable if a younger vampire is bleeding you")."""
    act = action_of(play)
    actor = game.minions.get(act.actor) if act is not None else None
    return actor is not None and actor.kind == VAMPIRE and g.younger(game, actor.id, play.minion)


def about_to_fight_younger_actor(game: Game, play: Play) -> bool:
    """The player's vampire about to enter combat with the acting vampire (the "before combat" window) is older
    than it and has the mode's discipline level (Obedience: played by the Methuselah for that vampire)."""
    act = action_of(play)
    if act is None:
        return False
    mine = game.minions.get(act.flags.get("combat_with", -1))
    actor = game.minions.get(act.actor)
    if mine is None or actor is None or mine.kind != VAMPIRE or actor.kind != VAMPIRE:
        return False
    if g.controller(game, mine.id) != play.seat or not actor.capacity < mine.capacity:
        return False
    return g.has_discipline(mine, play.mode)


def target_pool_at_most(pool: int) -> Pred:
    """The Methuselah the action is directed at has ``pool`` pool or less (Foreshadowing Destruction: 9)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        return act is not None and act.target in game.order and game.seats[act.target].pool <= pool

    return check


def actor_ally_or_younger(game: Game, play: Play) -> bool:
    """The acting minion is an ally or a vampire younger than this one ("if an ally or younger vampire is bleeding
    you", "if this vampire blocks an ally or younger vampire")."""
    act = action_of(play) or g.current_action(game)
    actor = game.minions.get(act.actor) if act is not None else None
    if actor is None or play.minion not in game.minions:
        return False
    return actor.kind == ALLY or (actor.kind == VAMPIRE and g.younger(game, actor.id, play.minion))


def locked_and_ready(game: Game, play: Play) -> bool:
    """The playing minion is locked and ready (not in torpor)."""
    m = game.minions.get(play.minion)
    return m is not None and m.locked and g.is_ready(game, play.minion)


def action_not_marked(flag: str) -> Pred:
    """No card has marked the current action with ``flag`` ("X and Y cannot both be played on the same action":
    each card marks the action with ``MarkAction`` and checks the other's mark)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play) or g.current_action(game)
        return act is None or not act.flags.get(flag)

    return check


def transfers_at_least(n: int) -> Pred:
    """The player has ``n`` transfers left (an ability of a card in play paid in transfers)."""

    def check(game: Game, play: Play) -> bool:
        return game.seats[play.seat].transfers >= n

    return check


def stealth_needed_by(*, capacity: int = 0, sect: str = "", clan: str = "") -> Pred:
    """During a block attempt against an action of the card's player, by a vampire of ``capacity`` or more (or of
    ``sect``, or of ``clan``), while its stealth does not beat the intercept (stealth only as needed, L1348-1352):
    a location that gives stealth (Monastery of Shadows, Anarch Railroad, Backways)."""

    def check(game: Game, play: Play) -> bool:
        act = play.frame
        if not isinstance(act, Action) or act.seat != play.seat or act.blocker < 0:
            return False
        m = game.minions.get(act.actor)
        fits = m is not None and m.kind == VAMPIRE and m.capacity >= capacity and (not sect or m.sect == sect)
        return act.intercept >= act.stealth and fits and (not clan or m is not None and m.clan == clan)

    return check


def once_each_round(key: str) -> tuple[Pred, Callable[[Game, Play], None]]:
    """ "Only one X each round" for the playing minion: the predicate, and the effect that marks it."""

    def allowed(game: Game, play: Play) -> bool:
        c = combat_of(play)
        return c is not None and f"round:{key}" not in c.side(play.minion).used

    def mark(game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add(f"round:{key}")

    return allowed, mark


def once_between_unlocks(key: str) -> tuple[Pred, Callable[[Game, Play], None]]:
    """ "A minion can play only one X between their unlock phases": the predicate, and the effect that marks the
    playing minion until its controller's next unlock phase (On the Qui Vive, Shadow Sentinel)."""
    rider = f"between unlocks:{key}"

    def allowed(game: Game, play: Play) -> bool:
        return not g.rider_sum(game, play.minion, rider)

    def mark(game: Game, play: Play) -> None:
        if play.minion in game.minions:
            g.add_rider(game, play.minion, rider, 1, Until.NEXT_UNLOCK, g.controller(game, play.minion))

    return allowed, mark


def in_sect(sect: str) -> Pred:
    """The playing minion is of ``sect`` (Organized Resistance: an Anarch)."""

    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        return m is not None and m.sect == sect

    return check


def blocker_in_sect(sect: str) -> Pred:
    """The minion attempting to block is of ``sect``."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        m = game.minions.get(act.blocker) if act is not None else None
        return m is not None and m.sect == sect

    return check


def bleeding_you_for(least: int) -> Pred:
    """A minion is bleeding you for ``least`` or more (Archon Investigation: 4)."""

    def check(game: Game, play: Play) -> bool:
        act = play.frame
        return bleeding_you(game, play) and isinstance(act, Action) and act.bleed >= least

    return check


def combat_about_to_end(game: Game, play: Play) -> bool:
    """Both combatants ready, no press to continue standing (or a combat ends), no combat queued yet."""
    c = combat_of(play)
    if c is None or c.again:
        return False
    ready = g.is_ready(game, c.a.minion) and g.is_ready(game, c.b.minion)
    return ready and (c.over or c.press <= 0)


def self_vampire(game: Game, play: Play) -> bool:
    """The playing minion is a vampire ("only usable by a locked vampire" on a card any minion could play)."""
    m = game.minions.get(play.minion)
    return m is not None and m.kind == VAMPIRE


def blocker_locked(game: Game, play: Play) -> bool:
    """The minion attempting to block is locked (woken: Eyes of the Wild "can be used by a vampire who is already
    attempting to block", ANK 20181122-2)."""
    act = action_of(play)
    m = game.minions.get(act.blocker) if act is not None else None
    return m is not None and m.locked


def self_ready(game: Game, play: Play) -> bool:
    """The playing minion is ready (not in torpor, not burned): not by a vampire going to torpor."""
    return g.is_ready(game, play.minion)


def opposing_vampire_lost_blood(game: Game, play: Play) -> bool:
    """The opposing combatant is a vampire (not an ally: PIB 20121028) that lost blood to damage this round."""
    c = combat_of(play)
    if c is None:
        return False
    other = c.other(play.minion)
    card = game.compiled.cards[game.card_of[other.minion]] if game.compiled is not None else None
    return other.lost_blood > 0 and card is not None and card.is_crypt


def inflicted_more_this_round(game: Game, play: Play) -> bool:
    """The playing minion's strikes successfully inflicted more damage this round than the opposing vampire's
    (environmental damage not counted: Disarm, LSJ 20010812); the opposing combatant is a vampire."""
    c = combat_of(play)
    if c is None:
        return False
    other = game.minions.get(c.other(play.minion).minion)
    return (
        other is not None and other.kind == VAMPIRE and c.side(play.minion).inflicted > c.other(play.minion).inflicted
    )


def recruiting_or_employing(kind: str) -> Pred:
    """The current action recruits an ally or employs a retainer whose card says it is a ``kind`` ("wraith with 2
    life": Breath of Thanatos)."""
    pattern = re.compile(rf"^(?:unique )?{kind}\b", re.IGNORECASE)

    def check(game: Game, play: Play) -> bool:
        act = action_of(play) or g.current_action(game)
        if act is None or act.kind not in (Act.RECRUIT, Act.EMPLOY) or act.card < 0 or game.compiled is None:
            return False
        return pattern.match(game.compiled.cards[game.card_of[act.card]].text) is not None

    return check


def no_aim_yet(game: Game, play: Play) -> bool:
    """ "A minion can play only one aim each strike"."""
    c = combat_of(play)
    return c is not None and c.side(play.minion).aim == 0


def x_within_blood(*choices: int, within: str = "blood") -> Callable[[Game, Play], Sequence[int]]:
    """X among ``choices``, as much as the playing minion's blood pays (an "X blood" cost: Monkey Wrench); with
    ``within="votes passed by"``, no more than the votes by which the action's referendum passed ("move up to 2 of
    those blood to your pool": Voter Captivation [PRE], with ``BloodPerVotePassedBy``)."""
    if within not in ("blood", "votes passed by"):
        raise ValueError(f"x_within_blood: within must be 'blood' or 'votes passed by', not {within!r}")

    def values(game: Game, play: Play) -> Sequence[int]:
        if within == "votes passed by":
            won = _votes_passed_by(play)
            return tuple(x for x in choices if x <= won)
        m = game.minions.get(play.minion)
        return tuple(x for x in choices if m is not None and x <= m.blood)

    return values


def prevent_x(game: Game, play: Play) -> Sequence[int]:
    """X for "prevent X+1 damage": 0 up to the damage pending less 1, within the vampire's blood (Hidden
    Strength)."""
    c = play.frame
    m = game.minions.get(play.minion)
    if not isinstance(c, Combat) or m is None:
        return ()
    return range(0, max(0, min(m.blood, sum(c.pending) - 1)) + 1)


def library_at_least(n: int) -> Pred:
    """The player's library holds ``n`` cards or more (Liquidation: 7)."""

    def check(game: Game, play: Play) -> bool:
        return len(game.seats[play.seat].library) >= n

    return check


def may_block_any_seat(game: Game, play: Play) -> bool:
    """The playing minion could block the action but for the prey/predator/target rule (Eagle's Sight, ruling
    RTR 19950413): no block made or in progress; ready, unlocked (or woken), and nothing says it cannot block."""
    act = action_of(play)
    m = game.minions.get(play.minion)
    if act is None or m is None or act.blocker >= 0 or act.blocked:
        return False
    if m.locked and play.minion not in act.woken:
        return False
    return may_attempt_block(game, play)


def values_of(*xs: int) -> Callable[[Game, Play], Sequence[int]]:
    """A fixed choice of amounts (Villein: move 2 to 5 blood)."""

    def values(game: Game, play: Play) -> Sequence[int]:
        return xs

    return values


def capacity_at_least(n: int) -> Pred:
    """The playing vampire has capacity ``n`` or more ("Requires a vampire with capacity 10 or more")."""

    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        return m is not None and m.capacity >= n

    return check


def bled_prey(game: Game, play: Play) -> bool:
    """The action was a successful bleed against the player's prey ("after resolution of a successful bleed
    against your prey")."""
    act = action_of(play)
    return act is not None and bleed_succeeded(game, play) and act.target == game.prey(play.seat)


def has_targets(targets: Targets) -> Pred:
    """Only when ``targets`` offers one (a political action whose terms name a Methuselah or a minion)."""

    def check(game: Game, play: Play) -> bool:
        return bool(targets(game, play))

    return check


def own_bleed_by(sect: str, blood: int = 0) -> Pred:
    """One of the player's minions of ``sect`` is bleeding, with ``blood`` or more (to burn: Club Illusion)."""

    def check(game: Game, play: Play) -> bool:
        act = play.frame
        if not isinstance(act, Action) or act.seat != play.seat or not act.is_bleed():
            return False
        m = game.minions.get(act.actor)
        return m is not None and m.kind == VAMPIRE and m.sect == sect and m.blood >= blood

    return check


def own_bleed_by_clan(clan: str) -> Pred:
    """One of the player's vampires of ``clan`` is bleeding (any of the clan's names: Assamite is Banu Haqim)."""
    from ..eligibility import clan as canonical

    wanted = canonical(clan)

    def check(game: Game, play: Play) -> bool:
        act = play.frame
        if not isinstance(act, Action) or not act.is_bleed() or act.seat != play.seat or act.ended:
            return False
        m = game.minions.get(act.actor)
        return m is not None and canonical(m.clan) == wanted

    return check


def holds_card_of_type(*kinds: str) -> Pred:
    """The player holds a card of type ``kind`` ("Combat"; or of one of several: "Ally", "Retainer") in hand (to
    discard it as a cost)."""
    wanted = frozenset(kinds)

    def check(game: Game, play: Play) -> bool:
        types = game.compiled.types
        return any(wanted & types.get(game.card_of[c], frozenset()) for c in game.seats[play.seat].hand)

    return check


def carries_no(name: str) -> Pred:
    """The playing minion carries no copy of the named card: "A minion can have only one Kevlar Vest", "A vampire
    can have only one Living Manse" (its equip action is not offered to a minion that has one)."""

    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        if m is None or not m.cards:
            return True
        wanted = vekn(game, name)
        return all(game.card_of[c] != wanted for c in m.cards)

    return check


def holder_in_combat(game: Game, play: Play) -> bool:
    """The minion the card in play is on is in the combat being fought, which has not ended."""
    c = play.frame
    return isinstance(c, Combat) and not c.over and play.minion in (c.a.minion, c.b.minion)


def _ally_or_younger_than_actor(game: Game, minion: int, act: Action) -> bool:
    m = game.minions.get(minion)
    return (
        m is not None
        and act.actor in game.minions
        and (m.kind == ALLY or (m.kind == VAMPIRE and g.younger(game, minion, act.actor)))
    )


def blocker_ally_or_younger(game: Game, play: Play) -> bool:
    """A block attempt is in progress by an ally or a vampire younger than the acting one."""
    act = action_of(play)
    return act is not None and act.blocker >= 0 and _ally_or_younger_than_actor(game, act.blocker, act)


def has_edge(game: Game, play: Play) -> bool:
    """The player holds the Edge."""
    return game.edge == play.seat


def crypt_not_empty(game: Game, play: Play) -> bool:
    return bool(game.seats[play.seat].crypt)


def holder_has_blood(game: Game, play: Play) -> bool:
    """The minion this card is on (``play.minion``) has blood to give."""
    m = game.minions.get(play.minion)
    return m is not None and m.blood > 0


def holder_can_take_pool(game: Game, play: Play) -> bool:
    """The minion this card is on has room for blood, and the player has a pool to spare (not its last)."""
    m = game.minions.get(play.minion)
    return m is not None and m.blood < m.capacity and game.seats[play.seat].pool > 1


def all_of(*preds: Pred) -> Pred:
    # Predicates are asked for every card in hand in every window: two or three of them are tested without
    # a generator, in order, stopping at the first that fails.
    if len(preds) == 2:
        first, second = preds

        def both(game: Game, play: Play) -> bool:
            return bool(first(game, play) and second(game, play))

        return both
    if len(preds) == 3:
        a, b, c = preds

        def all_three(game: Game, play: Play) -> bool:
            return bool(a(game, play) and b(game, play) and c(game, play))

        return all_three

    def every(game: Game, play: Play) -> bool:
        for p in preds:
            if not p(game, play):
                return False
        return True

    return every


def any_of(*preds: Pred) -> Pred:
    def either(game: Game, play: Play) -> bool:
        for p in preds:
            if p(game, play):
                return True
        return False

    return either


def not_(pred: Pred) -> Pred:
    def negated(game: Game, play: Play) -> bool:
        return not pred(game, play)

    return negated


def has_clan(*clans: str) -> Pred:
    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        return m is not None and m.clan in clans

    return check


def not_carrying(name: str) -> Pred:
    """The playing minion carries no copy of the named card ("A vampire can have only one Heart of the City";
    "cannot play cards named Torn Signpost" while carrying Preternatural Strength)."""

    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        if m is None or not m.cards:
            return True
        wanted = vekn(game, name)
        return all(game.card_of[c] != wanted for c in m.cards)

    return check


def has_title(*titles: str) -> Pred:
    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        return m is not None and m.title in titles

    return check


# -- targets ---------------------------------------------------------------------------------------------------------------


def other_methuselahs(game: Game, play: Play) -> Sequence[int]:
    """A redirect's new target: another Methuselah than the acting minion's controller (and than you)."""
    act = action_of(play)
    acting = act.seat if act is not None else play.seat
    return [s for s in game.order if s != acting and s != play.seat]


def any_methuselah_but_you(game: Game, play: Play) -> Sequence[int]:
    return [s for s in game.order if s != play.seat]


def prey_only(game: Game, play: Play) -> Sequence[int]:
    return [game.prey(play.seat)]


def uncontrolled_vampires(game: Game, play: Play) -> Sequence[int]:
    """Vampires in the player's uncontrolled region."""
    return [c for c in game.seats[play.seat].uncontrolled if game.minions[c].kind == VAMPIRE]


def uncontrolled_of_capacity(least: int) -> Targets:
    """Vampires in the player's uncontrolled region with capacity ``least`` or more (Zillah's Valley: 8)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [c for c in uncontrolled_vampires(game, play) if game.minions[c].capacity >= least]

    return targets


def uncontrolled_of_clan(clan: str) -> Targets:
    """The crypt cards of a clan in the player's uncontrolled region (Thing: Gangrel)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [c for c in game.seats[play.seat].uncontrolled if game.minions[c].clan == clan]

    return targets


def uncontrolled_with_trait(trait: str) -> Targets:
    """The vampires of the player's uncontrolled region with a trait, as ``core.eligibility`` names it (Reunion
    Kamut: "black hand")."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [c for c in uncontrolled_vampires(game, play) if trait in game.minions[c].traits]

    return targets


def younger_uncontrolled_with(discipline: str = "", *, clan: str = "") -> Targets:
    """Vampires of the player's uncontrolled region younger than the acting vampire (lower capacity) with
    ``discipline`` at any level (The Call: Dementation), of the ``clan`` if given (Disciple of Lazarus: Harbinger of
    Skulls)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [
            c
            for c in younger_uncontrolled(game, play)
            if (not discipline or discipline in dict(game.minions[c].disciplines))
            and (not clan or game.minions[c].clan == clan)
        ]

    return targets


def prey_or_predator(game: Game, play: Play) -> Sequence[int]:
    """Your prey and your predator (seats; one when they are the same: Night Moves)."""
    return [s for s in dict.fromkeys((game.prey(play.seat), game.predator(play.seat))) if s != play.seat]


_LOCATIONS: dict[tuple[int, int], bool] = {}


def is_location(game: Game, copy: int) -> bool:
    """Whether a card copy is a location: its text's first line says so ("Unique location.") or, for an
    equipment, "This equipment card represents a location" (Palatial Estate). Cached by card list and card."""
    key = (id(game.compiled), game.card_of[copy])
    found = _LOCATIONS.get(key)
    if found is None:
        card = game.compiled.cards.get(key[1]) if game.compiled is not None else None
        first = (card.text or "").split("\n", 1)[0].lower() if card is not None else ""
        found = _LOCATIONS[key] = "location" in first
        if len(_LOCATIONS) > _IDS_BOUND:
            _LOCATIONS.clear()
    return found


def locations_of_others(game: Game, play: Play) -> Sequence[int]:
    """The locations in play (on the table or on a minion) that other Methuselahs control (Rewilding)."""
    out = []
    for s in game.order:
        if s == play.seat:
            continue
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is None:
                if is_location(game, c):
                    out.append(c)
            elif m.cards:
                out += [x for x in m.cards if x not in game.minions and is_location(game, x)]
    return out


def possible_blockers(game: Game, play: Play) -> Sequence[int]:
    """Ready vampires of the Methuselahs who may block the current action (the useful "cannot block" choices)."""
    act = action_of(play)
    if act is None:
        return ()
    return [m.id for s in g.blocking_seats(game, act) for m in g.ready_minions(game, s) if m.kind == VAMPIRE]


def younger_possible_blockers(game: Game, play: Play) -> Sequence[int]:
    """The possible blockers younger than the playing vampire (Seduction [pre])."""
    if play.minion not in game.minions:
        return ()
    return [m for m in possible_blockers(game, play) if g.younger(game, m, play.minion)]


def empty_ready_vampires(game: Game, play: Play) -> Sequence[int]:
    """The player's ready vampires with no blood (Jake Washington)."""
    return [m.id for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.blood == 0]


def richer_methuselahs(game: Game, play: Play) -> Sequence[int]:
    """The Methuselahs with more pool than the player, the richest first (Parity Shift's terms)."""
    mine = game.seats[play.seat].pool
    return sorted((s for s in game.order if game.seats[s].pool > mine), key=lambda s: (-game.seats[s].pool, s))


def younger_ready_vampires_of_others(game: Game, play: Play) -> Sequence[int]:
    """Ready vampires of other Methuselahs younger than the playing vampire, the prey's and the oldest first
    (Banishment's terms)."""
    me = game.minions.get(play.minion)
    if me is None:
        return []
    prey = game.prey(play.seat)
    found = [
        m
        for s in game.order
        if s != play.seat
        for m in g.ready_minions(game, s)
        if m.kind == VAMPIRE and m.capacity < me.capacity
    ]
    found.sort(key=lambda m: (g.controller(game, m.id) != prey, -m.capacity, m.id))
    return [m.id for m in found]


def own_vampires(game: Game, play: Play) -> Sequence[int]:
    """Vampires the player controls, ready or in torpor (not a contested one, out of play)."""
    return [
        c
        for c in game.seats[play.seat].controlled
        if c in game.minions and game.minions[c].kind == VAMPIRE and game.minions[c].in_play
    ]


def younger_uncontrolled(game: Game, play: Play) -> Sequence[int]:
    m = game.minions.get(play.minion)
    cap = m.capacity if m is not None else 99
    return [c for c in game.seats[play.seat].uncontrolled if game.minions[c].capacity < cap]


def own_vampires_with_blood(game: Game, play: Play) -> Sequence[int]:
    return [m.id for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.blood > 0]


def allies_of_kind(*kinds: str, locked: bool = False, woken_too: bool = False) -> Targets:
    """The player's ready allies whose card names them one of ``kinds`` ("wraith", "zombie": the text's opening
    "Wraith with 1 life", "Unique zombie with 2 life"); ``locked``: only locked ones not yet woken, or (``woken_too``)
    every locked one (Funeral Wake: "unlock a locked … ally")."""
    pattern = re.compile(rf"^(?:unique )?(?:{'|'.join(kinds)})\b", re.IGNORECASE)

    def targets(game: Game, play: Play) -> Sequence[int]:
        act = g.current_action(game)
        cards = game.compiled.cards
        out = []
        for m in g.ready_minions(game, play.seat):
            card = cards.get(m.card) if m.kind == ALLY else None
            if card is None or not pattern.match(card.text.replace("{", "").replace("}", "")):
                continue
            if locked and (not m.locked or (not woken_too and act is not None and m.id in act.woken)):
                continue
            out.append(m.id)
        return out

    return targets


def own_ready_vampires(game: Game, play: Play) -> Sequence[int]:
    return [m.id for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE]


def ready_minions_of_others(game: Game, play: Play) -> Sequence[int]:
    return [m.id for s in game.order if s != play.seat for m in g.ready_minions(game, s)]


def locked_ready_minions_of_others(game: Game, play: Play) -> Sequence[int]:
    """Ready locked minions of other Methuselahs ("enter combat with a locked minion": Ambush)."""
    return [m.id for s in game.order if s != play.seat for m in g.ready_minions(game, s) if m.locked]


def locked_or_low_blood_of_others(blood: int) -> Targets:
    """Ready minions of other Methuselahs that are locked or vampires with ``blood`` or fewer blood (Harass: 3)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [m.id for m in map(game.minions.__getitem__, ready_minions_of_others(game, play)) if _low(m, blood)]

    return targets


def _low(m: Minion, blood: int) -> bool:
    return m.locked or (m.kind == VAMPIRE and m.blood <= blood)


def target_still(targets: Targets) -> Pred:
    """The action's target minion is still one of ``targets`` as the action resolves: else the action "fizzles"
    (it succeeds with no effect: Ambush, Harass, rulings LSJ 20070411, ANK 20210124)."""

    def pred(game: Game, play: Play) -> bool:
        return play.target in targets(game, play)

    return pred


def unlocked_vampires_of_others(game: Game, play: Play) -> Sequence[int]:
    """Ready unlocked vampires of other Methuselahs (Mind Numb)."""
    return [
        m.id
        for s in game.order
        if s != play.seat
        for m in g.ready_minions(game, s)
        if m.kind == VAMPIRE and not m.locked
    ]


def allies_of_others(game: Game, play: Play) -> Sequence[int]:
    """Allies in play controlled by other Methuselahs (Entrancement [PRE])."""
    return [m.id for s in game.order if s != play.seat for m in g.ready_minions(game, s) if m.kind == ALLY]


def retainers_of_others(game: Game, play: Play) -> Sequence[int]:
    """Retainers on the minions other Methuselahs control (Far Mastery [dom])."""
    return [
        r
        for s in game.order
        if s != play.seat
        for m in g.ready_minions(game, s)
        for r in m.cards
        if (x := game.minions.get(r)) is not None and x.kind == RETAINER
    ]


def ready_vampires_of_others(game: Game, play: Play) -> Sequence[int]:
    return [m.id for s in game.order if s != play.seat for m in g.ready_minions(game, s) if m.kind == VAMPIRE]


def torpid_vampires_of_others(game: Game, play: Play) -> Sequence[int]:
    out = []
    for s in game.order:
        if s == play.seat:
            continue
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is not None and m.kind == VAMPIRE and m.torpor and m.in_play:
                out.append(c)
    return out


# -- effects: actions ---------------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Stealth:
    """+N stealth to the current action (only as needed, unless the window is "as announced")."""

    amount: int
    gives: ClassVar[str] = "stealth"

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.stealth += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class Intercept:
    """+N intercept to the blocker (only as needed); ``titled_actor``: that many more if the acting minion is
    titled, read as the card is played (Protection Racket: a later title change is not followed, ANK 20190416)."""

    amount: int
    titled_actor: int = 0
    gives: ClassVar[str] = "intercept"

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and act.blocker >= 0:
            actor = game.minions.get(act.actor) if self.titled_actor else None
            act.intercept += self.amount + (self.titled_actor if actor is not None and actor.title else 0)


@dataclasses.dataclass(frozen=True, slots=True)
class InterceptNow:
    """+N intercept to the blocker "even if intercept is not yet needed" (Guardian Vigil [aus] played by the minion
    already attempting to block): no ``gives``, so the compiler does not hold it back."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.blocker >= 0:
            act.intercept += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class NoLockForBlocking:
    """The playing minion "does not lock for blocking this action" (Guardian Vigil [for]): read where the block
    locks the blocker (game._announce_to_resolution)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and play.minion >= 0:
            act.flags[f"no lock for blocking:{play.minion}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class BlockerIntercept:
    """The blocking minion gets ±N intercept (Form of the Bat, Call of the Hungry Dead: −1); not "as needed"
    stealth, so no ``gives``."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.blocker >= 0:
            act.intercept += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class Bleed:
    """+N bleed to the current bleed; ``limited``: counts toward the (limit) of one increase per action;
    ``plus_x``: +X more, X the amount chosen (and paid: Monkey Wrench); ``clan``: 1 more if the playing vampire is
    of that clan (Aire of Elation: Toreador)."""

    amount: int
    limited: bool = True
    plus_x: bool = False
    clan: str = ""
    gives: ClassVar[str] = "bleed"

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.bleed += self.amount + (play.value if self.plus_x else 0)
            if self.clan:
                m = game.minions.get(play.minion)
                act.bleed += 1 if m is not None and m.clan == self.clan else 0


@dataclasses.dataclass(frozen=True, slots=True)
class ReduceBleed:
    amount: int
    # X less again, X the amount chosen (and paid: Ruins of Charizel's "burn X counters … to reduce a bleed … by X")
    plus_x: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.bleed -= self.amount + (play.value if self.plus_x else 0)


@dataclasses.dataclass(frozen=True, slots=True)
class ReduceBleedToZero:
    """Reduce the bleed to 0 ("the acting minion can still increase the bleed amount": later increases count)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.bleed = min(act.bleed, 0)


@dataclasses.dataclass(frozen=True, slots=True)
class Redirect:
    """Change the target of the bleed to ``play.target`` (that Methuselah may attempt to block: 4.3.3, target
    change → state A)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None or play.target < 0:
            return
        act.target = play.target
        act.target_version += 1
        act.declined.discard(play.target)
        game.log("redirect", play.seat, act.actor, play.target)


@dataclasses.dataclass(frozen=True, slots=True)
class LockSelf:
    """Lock the minion playing the card ("Lock this reacting vampire")."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None:
            m.locked = True


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockSelf:
    """Unlock the minion playing the card (Freak Drive, Majesty superior)."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None:
            m.locked = False
            game.log("unlock", play.seat, play.minion)


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockTarget:
    """Unlock the target minion (``play.target``: CrimethInc. [qui], another ready Anarch); ``and_value``: the locked
    target and the locked minion chosen as the value too, if any (-1: none; "up to two": Funeral Wake [NEC])."""

    and_value: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        if self.and_value:
            chosen = (play.target, play.value) if play.mode.values is not None else (play.target,)
            for minion in dict.fromkeys(chosen):
                found = game.minions.get(minion) if minion >= 0 else None
                if found is not None and found.locked:
                    found.locked = False
                    game.log("unlock", play.seat, minion)
            return
        m = game.minions.get(play.target)
        if m is not None:
            m.locked = False
            game.log("unlock", play.seat, play.target)


@dataclasses.dataclass(frozen=True, slots=True)
class Wake:
    """The locked minion may play reactions and attempt to block until the end of the action."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and play.minion >= 0:
            act.woken.add(play.minion)


# The windows of an action where a woken minion may go on to play reactions (or block): state A, a block attempt,
# state C, the polling step of its referendum, after resolution (LSJ 20091123), and as a card is played
# (ANK 20210819). State A comes first: a spec's mode indices keep its wake in state A first.
WAKE_WINDOWS = (W.BEFORE_BLOCKS, W.BLOCK_ATTEMPT, W.BLOCKS_DECLINED, W.POLLING, W.AFTER_ACTION, W.AS_PLAYED)


def wake_modes(
    *effects: Any, superior: bool = False, when: Pred | None = None, wake_self: bool = True, **fields: Any
) -> tuple[Mode, ...]:
    """A wake card's modes ("Only usable by a locked minion. This minion wakes…"): ``Wake`` and ``effects`` by a
    ready locked minion of another Methuselah (``Role.LOCKED_REACTING``), in every window of ``WAKE_WINDOWS``,
    while ``may_wake``, ``woken_may_act`` (and ``when``) hold. The woken minion need not block nor react (TOM 19951129): the bots
    judge whether waking is worth it. ``wake_self=False``: "usable by a locked vampire" (Shadow Sentinel [OBL]): a
    ready vampire, locked or not, plays the card, whose ``effects`` wake another; the unlocked one's modes follow the
    locked one's, without the "as played" window (a reaction played there by an unlocked minion is a cancel)."""
    timing = may_wake if wake_self else in_action_not_combat
    pred = all_of(timing, woken_may_act) if when is None else all_of(timing, woken_may_act, when)
    modes = tuple(
        Mode(
            window=window,
            superior=superior,
            role=Role.LOCKED_REACTING,
            when=pred,
            effects=(Wake(), *effects) if wake_self else effects,
            label="wake",
            **fields,
        )
        for window in WAKE_WINDOWS
    )
    if wake_self:
        return modes
    return modes + tuple(
        Mode(window=window, superior=superior, role=Role.REACTING, when=pred, effects=effects, label="wake", **fields)
        for window in WAKE_WINDOWS
        if window is not W.AS_PLAYED
    )


@dataclasses.dataclass(frozen=True, slots=True)
class WakeTarget:
    """The chosen minion (``play.target``) wakes (Shadow Sentinel [OBL]: a locked wraith or zombie ally)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = g.current_action(game)
        if act is not None and play.target in game.minions:
            act.woken.add(play.target)


@dataclasses.dataclass(frozen=True, slots=True)
class SkipNextUnlockIfAlly:
    """ "If this minion is an ally, they do not unlock as normal during their next unlock phase" (On the Qui
    Vive): a rider read by the vocabulary's "unlock" hook, which locks the ally again as its controller unlocks."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None and m.kind == ALLY:
            g.add_rider(game, play.minion, "skip unlock", 1, Until.END_OF_GAME, g.controller(game, play.minion))


@dataclasses.dataclass(frozen=True, slots=True)
class AttemptBlock:
    """ "This minion attempts to block" (unlocking or waking first is the card's other effect): starts a block
    attempt by the playing minion now, with +``intercept``; ``lock_unless_blocks``: the minion locks again if the
    attempt did not block (Eyes of the Wild: "lock this Gangrel after", no difference since it cannot attempt
    again)."""

    intercept: int = 0
    lock_unless_blocks: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, Any] | None:
        act = action_of(play)
        if act is None or act.blocker >= 0 or play.minion not in game.minions:
            return None
        act.woken.add(play.minion)
        return self._attempt(game, act, play.minion)

    def _attempt(self, game: Game, act: Action, minion: int) -> Generator[Any, Any, Any]:
        # The bonus counts for this attempt only ("even if intercept is not yet needed"): a rider read when the
        # attempt starts (game.intercept_of), removed once it is over.
        rider = Rider(minion, "intercept", self.intercept, Until.END_OF_TURN) if self.intercept else None
        if rider is not None:
            game.riders.append(rider)
        try:
            yield from g.attempt(game, act, minion)
        finally:
            if rider is not None and rider in game.riders:
                game.riders.remove(rider)
        if self.lock_unless_blocks and not (act.blocked and act.blocker == minion) and minion in game.minions:
            game.minions[minion].locked = True


@dataclasses.dataclass(frozen=True, slots=True)
class AttemptFails:
    """The current block attempt fails and that minion cannot attempt to block this action again."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.blocker >= 0:
            act.flags["attempt_fails"] = 1
            act.cannot_block.add(act.blocker)


@dataclasses.dataclass(frozen=True, slots=True)
class EndAction:
    """End the action (no block result, no resolution: L1413-1416). ``unlock_actor``: unlock the acting
    minion."""

    unlock_actor: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is None:
            return
        act.ended = True
        if self.unlock_actor and act.actor in game.minions:
            game.minions[act.actor].locked = False
        game.log("action ends", play.seat, act.actor)


@dataclasses.dataclass(frozen=True, slots=True)
class CannotBlockTarget:
    """The chosen minion (``play.target``) cannot block this action (Seduction, Memory Rift)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and play.target >= 0:
            act.cannot_block.add(play.target)


@dataclasses.dataclass(frozen=True, slots=True)
class KindCannotBlock:
    """ "Allies cannot block this action" (Visions of Gehenna: ``kind`` ALLY), "Vampires cannot block this action"
    (Daring the Dawn: VAMPIRE), "Non-zombie allies cannot block this action" (``unless`` ("zombie",): Force of
    Personality [PRE]): read by the ``can_block`` hooks; an attempt in progress by such a minion fails."""

    kind: int
    unless: tuple[
        str, ...
    ] = ()  # those whose card names them one of these may ("Non-zombie allies": Force of Personality)

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is None:
            return
        if self.unless:
            act.flags["kind cannot block unless"] = 1
            act.flags[f"kind cannot block unless:{self.kind}:{'/'.join(self.unless)}"] = 1
        else:
            act.flags[f"kind cannot block:{self.kind}"] = 1
        blocker = game.minions.get(act.blocker) if act.blocker >= 0 else None
        if blocker is not None and blocker.kind == self.kind and not _names_kind(game, blocker, self.unless):
            act.flags["attempt_fails"] = 1
            act.cannot_block.add(blocker.id)


@dataclasses.dataclass(frozen=True, slots=True)
class AttemptCostsBlood:
    """ "Minions without <Discipline> must burn 1 blood to attempt to block (allies cannot burn blood)" (Tenebrous
    Form: Obtenebration, Where the Veil Thins: Oblivion): from the next attempt on, an attempt in progress is not
    charged (LSJ 20031121-2); read by the ``can_block`` and ``block_attempt`` hooks."""

    disciplines: tuple[str, ...] = ()  # () : every minion pays, allies and retainers in life (Unthinkable Humiliation)

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            key = f"attempt costs blood:{'/'.join(self.disciplines)}"
            act.flags[key] = act.flags.get(key, 0) + 1


def _attempt_blood(game: Game, minion: int, act: Any) -> int:
    """The blood ``minion`` must burn to attempt to block ``act`` (AttemptCostsBlood), -1 when it cannot pay."""
    m = game.minions.get(minion)
    if m is None:
        return 0
    owed = life = 0
    for key, count in act.flags.items():
        if key.startswith("attempt costs blood:"):
            codes = key.split(":", 1)[1]
            if not codes:
                life += count  # "blood or life": any minion may pay
            elif not any(code == c for code, _ in m.disciplines for c in codes.split("/")):
                owed += count
    if owed and m.kind != VAMPIRE or m.blood < owed + life + (0 if m.kind == VAMPIRE else 1):
        return -1  # an ally does not pay its last life (it would be burned instead of blocking)
    return owed + life


@dataclasses.dataclass(frozen=True, slots=True)
class CombatEndsStrikeIfBlocked:
    """ "If this action is blocked, this vampire can strike: combat ends during the first round of the resulting
    combat" (Memory Rift [pre], Shroud of Absence superior): the strike is offered by the ``strikes`` hook, named
    ``label``."""

    label: str

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and play.minion >= 0:
            act.flags[f"combat ends strike:{play.minion}"] = g.grant(Strike(combat_ends=True, label=self.label))


@dataclasses.dataclass(frozen=True, slots=True)
class DamageAfterResolution:
    """ "This vampire takes N unpreventable environmental aggravated damage after action resolution" (Daring the
    Dawn): dealt once the action reached resolution, after its combat if blocked, and also when it ended before
    (Mirror Walk, Change of Target: ANK 20220331); not when cancelled as it is played (ANK 20220401).
    ``even_if_blocked``: owed as the block succeeds too, and dealt after the combat (Force of Will: "even if the
    action is blocked")."""

    aggravated: int
    even_if_blocked: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and play.minion >= 0:
            key = f"damage after resolution:{play.minion}"
            act.flags[key] = act.flags.get(key, 0) + self.aggravated


# -- effects: blood and pool ---------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class AddBlood:
    """Add N blood from the bank to the target vampire (``play.target``: an uncontrolled one for Govern the
    Unaligned); ``to_self``: to the playing minion."""

    amount: int
    to_self: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        target = play.minion if self.to_self else play.target
        m = game.minions.get(target)
        if m is None:
            return
        if m.in_play:
            g.move_blood(game, target, self.amount)
        else:
            m.blood += self.amount  # uncontrolled: counters may exceed capacity until it comes out (L2031-2037)
            game.gained += self.amount
        game.log("add blood", play.seat, target, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class DrawCards:
    """Draw ``amount`` cards from the library; a hand then over its size is discarded down at once, before any
    other decision (game.choose: "discard afterward", Flurry of Action)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        from .state import draw

        draw(game, play.seat, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class GainPool:
    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        economy.gain_pool(game, play.seat, self.amount)
        game.log("gain pool", play.seat, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnTheEdge:
    """The player burns the Edge it holds (a cost: Victoria's "burn the Edge to gain 2 pool"); ``when=has_edge``."""

    def __call__(self, game: Game, play: Play) -> None:
        if game.edge == play.seat:
            game.edge = None
            game.log("burn edge", play.seat)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnPool:
    """The player burns N pool (a cost paid as the effect resolves: CrimethInc. in play, an infernal vampire's
    unlock)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        economy.burn_pool(game, play.seat, self.amount)
        game.log("burn pool", play.seat, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class If:
    """The ``effects``, if ``condition`` holds as the card resolves ("if the bleed is successful, …")."""

    condition: Pred
    effects: tuple[Any, ...]

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        if not self.condition(game, play):
            return None
        return g.run_effects(game, self.effects, play)


@dataclasses.dataclass(frozen=True, slots=True)
class DoNotReplace:
    """ "Do not replace until …": the player's hand stays one card short until ``until`` (riders expire then:
    Until.END_OF_TURN for "until your next discard phase" played in your turn, Until.NEXT_UNLOCK for "until your
    unlock phase", replaced before the cards unlock: ANK 20200129; Until.END_OF_ACTION for "until after this
    action": Read the Winds)."""

    until: Until = Until.END_OF_TURN
    replacement: ClassVar[bool] = True  # ignored on a card played as if from the hand (game.as_if_from_hand)
    # "Do not replace until a vampire commits diablerie" (with ``until`` END_OF_GAME: the Gehenna events' hook
    # replaces it at the next diablerie, even once the card is burned: LSJ 20080805): Blood Weakens, The Slow Withering
    until_diablerie: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, -1 - play.seat, "unreplaced", 1, self.until, play.seat)
        if self.until_diablerie:
            g.add_rider(game, -1 - play.seat, _UNREPLACED_UNTIL_DIABLERIE, 1, self.until, play.seat)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnActor:
    """Burn the acting minion; the action is not successful (it ends: Archon Investigation)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None:
            return
        act.ended = True
        if act.actor in game.minions:
            g.burn_minion(game, act.actor)
        game.log("actor burned", play.seat, act.actor)


@dataclasses.dataclass(frozen=True, slots=True)
class StealPool:
    """``amount`` pool moves from the Methuselah the action is directed at to the player (an oust is checked
    after: Line Brawl)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        target = act.target if act is not None else -1
        if target < 0 or game.seats[target].ousted:
            return
        paid = min(self.amount, game.seats[target].pool)
        game.seats[target].pool -= paid
        game.seats[play.seat].pool += paid
        game.log("steal pool", play.seat, target, paid)
        economy.check_ousts(game)


@dataclasses.dataclass(frozen=True, slots=True)
class StealMinion:
    """The player takes control of the target ally (into its ready region) or retainer (onto the acting minion),
    if it is still in play there; ``Game.stolen`` keeps its controller (requirements do not apply: TOM
    19960226-1). Entrancement [PRE], Far Mastery."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is None or not m.in_play:
            return
        previous = g.controller(game, m.id)
        if previous == play.seat:
            return
        if m.kind == RETAINER:
            holder, actor = game.minions.get(m.holder), game.minions.get(play.minion)
            if holder is None or actor is None or m.id not in holder.cards:
                return
            holder.cards.remove(m.id)
            actor.cards.append(m.id)
            m.holder = actor.id
        else:
            if m.id not in game.seats[previous].controlled:
                return
            game.seats[previous].controlled.remove(m.id)
            game.seats[play.seat].controlled.append(m.id)
        if game.owner_of[m.id] == play.seat:
            game.stolen.pop(m.id, None)
        else:
            game.stolen[m.id] = play.seat
        game.log("steal", play.seat, m.id, previous)


@dataclasses.dataclass(frozen=True, slots=True)
class Aim:
    """An aim: +``amount`` damage from this strike if any of its damage is successfully inflicted, and the
    opposing minion cannot press this round (game.py ``_apply_strikes`` reads ``Side.aim``). With ``cancel``
    (Target Vitals: "They can discard two combat cards to cancel this card"), the opposing minion's controller may
    cancel it by discarding that many combat cards (and draws back up: L302-310): offered as a choice, ``value`` 1
    to cancel (listed first when the aim's damage would take the opposing minion out of the combat), 0 to let
    it stand."""

    amount: int
    cancel: int = 0

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        c = combat_of(play)
        if c is None:
            return None
        return self._resolve(game, play, c)

    def _resolve(self, game: Game, play: Play, c: Combat) -> Generator[Any, Any, None]:
        other = c.other(play.minion).minion
        seat = g.controller(game, other)
        types = game.compiled.types
        held = [x for x in game.seats[seat].hand if "Combat" in types.get(game.card_of[x], ())]
        if self.cancel and len(held) >= self.cancel and seat != play.seat:
            cancel = economy.Option(economy.Kind.TERMS, seat, value=1, ids=tuple(held[: self.cancel]))
            stand = economy.Option(economy.Kind.TERMS, seat, value=0)
            m = game.minions.get(other)
            dangerous = m is not None and m.blood <= g.strength_of(game, play.minion) + self.amount
            option = yield from g.choose(game, seat, [cancel, stand] if dangerous else [stand, cancel])
            if option.value:
                g.discard(game, seat, option.ids)
                game.log("cancel", seat, play.card)
                return
        c.side(play.minion).aim = self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class QueueCombat:
    """Another combat between the same minions follows this one, part of the same action (Psyche!)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.again = True
            game.log("combat queued", play.seat, play.minion)


@dataclasses.dataclass(frozen=True, slots=True)
class ContinueAsIfUnblocked:
    """After the combat, the blocked acting vampire continues its action as if unblocked (Form of Mist [PRO]):
    game.py's ``_continue_unblocked`` reads the mark once the combat is over (the vampire burns 1 blood to do
    it, when it can); a queued combat (Psyche!) removes it."""

    free: bool = False  # Shadow Body [OBT], Mirror Image [CHI]: no blood, no stealth, and not for a bleed
    political_too: bool = False  # with free: a political action continues too (Mirror Image; not Shadow Body)

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or (play.frame.action if isinstance(play.frame, Combat) else None)
        if act is None or not act.blocked or act.actor != play.minion:
            return
        if self.free:
            political = act.kind is Act.POLITICAL or (act.mode is not None and act.mode.political)
            if act.is_bleed() or (political and not self.political_too):
                return
            act.flags["continue_unblocked_free"] = 1
        act.flags["continue_unblocked"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class IfBlockedEndAction:
    """ "If this action is blocked, lock the blocking minion and end the action before block resolution" (Mirror
    Walk [THA]): no combat; read by the vocabulary's "blocked" hook."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags["blocked: lock and end"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockAfterSuccess:
    """ "Unlock this vampire after action resolution if this action is successful" (Hag's Wrinkles [THN]), played
    before resolution: read by the vocabulary's "after_resolution" hook. ``clan``: only if the acting vampire is of
    that clan then (Warsaw Station: "if the action is successful, unlock the Nosferatu", read after resolution: LSJ
    20090216), even if the card giving it left play (ANK 20250120)."""

    clan: str = ""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[_UNLOCK_IF_CLAN + self.clan if self.clan else "unlock after success (free)"] = 1


_UNLOCK_IF_CLAN = "unlock after success if of clan:"


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockAfterSuccessForBlood:
    """ "After a successful action, this vampire can burn 1 blood to unlock" (Forced March [CEL][FOR]): taken when
    it keeps 1 blood; read by the vocabulary's "after_resolution" hook."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags["unlock after success"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class LockFailedBlockers:
    """The minions whose block attempts against this action fail from now on are locked before resolution, if
    it resolves unblocked (Faceless Night [OBF]); those whose attempt failed before the card are spared (ruling).
    Read by the vocabulary's "before_resolution" hook."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags["lock failed blockers"] = 1
            for m in act.tried:
                act.flags[f"failed blocker spared:{m}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class BurnBloodUnlessBlocks:
    """ "If they do not block this action, they burn 1 blood before action resolution" (Forced Awakening: LSJ
    19990421): a successful block by this minion spares it, even if the action continues (LSJ 20070417). Read by
    the vocabulary's "blocked" and "before_resolution" hooks."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[f"burn unless blocks:{play.minion}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class BloodForIntercept:
    """ "During this action, this minion can burn 1 blood to get +1 intercept" (Eyes of the Wild; ``once``: "once
    this action", Speak with Spirits): used while the minion blocks and its intercept falls short, one blood at a
    time, each use reopening the window for the acting Methuselah's answer (the "attempt_short" hook). The player
    is not asked: the minion burns when that closes the gap and leaves it a blood."""

    once: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and play.minion >= 0:
            act.flags[f"blood for intercept:{play.minion}"] = 1 if self.once else 99


@dataclasses.dataclass(frozen=True, slots=True)
class LockUnlessBlocks:
    """ "Lock this minion after action resolution if they did not block this action" (Eyes of the Wild): read by
    the vocabulary's "blocked" hook (a block by it spares it) and "after_resolution" hook (it locks then)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and play.minion >= 0:
            act.flags[f"lock unless blocks:{play.minion}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class MarkAction:
    """Mark the current action with ``flag`` (read by ``action_not_marked``)."""

    flag: str

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.flags[self.flag] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class LockThisCard:
    """Lock the card in play being used (a location's "lock to …")."""

    def __call__(self, game: Game, play: Play) -> None:
        game.locked_cards.add(play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class ManeuverInCombat:
    """The playing minion gets 1 optional maneuver in the combat resulting from a block of this action (Form of the
    Bat), read at the combat's start: in each block-induced combat of the action (a second block after Form of
    Mist too: LSJ 20010814-2), not in a follow-up combat (Psyche!: LSJ 20010813, LSJ 20010819-2). A maneuver only
    for the first round is ``ManeuverInFirstRound``."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[f"combat maneuver:{play.minion}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class NoEquipmentInCombat:
    """The playing minion "cannot use equipment during the resulting combat" (Form of the Bat): in the block-induced
    combats of the action (as ``ManeuverInCombat``), its equipment gives no strike, maneuver nor strength."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[f"no equipment:{play.minion}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class PreventInFirstRound:
    """The playing minion can prevent ``amount`` damage during the first round of the combat resulting from a block
    of this action (Precognition [AUS]): each block-induced combat of the action, not a follow-up one (LSJ 20010813,
    LSJ 20010819-2, LSJ 20010814-2); read by the vocabulary's "combat_start" and "round_start" hooks."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[f"prevent first round:{play.minion}"] = self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class NoStrikesFirstRound:
    """ "If they block, neither combatant can strike during the first round of the resulting combat" (One With the
    Land [PRO]): each block-induced combat where the playing minion is the blocker (a second block after Form of Mist
    too, not a follow-up combat: LSJ 20010813, LSJ 20010814-2); read by the "combat_start" and "round_start" hooks.
    A minion that cannot strike uses no strike's maneuver either (LSJ 20001126, game._range_options)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[f"no strikes first round:{play.minion}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class ManeuverOrPressInCombat:
    """The playing minion gets 1 optional maneuver or press in the combat this action leads to (Mind Tricks
    [DEM]): one of each is offered, using either uses both up (game.py reads the side's mark)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[f"combat maneuver or press:{play.minion}"] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class MorePoolIfTargetCarries:
    """The card costs ``pool`` more to play on a minion for each copy of ``name`` it already carries (each copy
    says so: Villein), paid as it resolves (after the effects before it: with the pool it gains, LSJ 20020620)."""

    name: str
    pool: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        wanted = vekn(game, self.name)
        copies = sum(1 for c in m.cards if game.card_of[c] == wanted) if m is not None else 0
        if copies:
            economy.burn_pool(game, play.seat, self.pool * copies)


@dataclasses.dataclass(frozen=True, slots=True)
class LockMinionOfTarget:
    """Lock a ready, unlocked minion of the Methuselah the action is directed at, chosen now (offered biggest
    first: Break the Bonds [obf])."""

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        act = action_of(play)
        if act is None:
            return None
        ready = sorted(
            (m for m in g.ready_minions(game, act.target) if not m.locked), key=lambda m: (-m.capacity, m.id)
        )
        return self._lock([economy.Option(economy.Kind.TERMS, play.seat, target=m.id) for m in ready], game, play)

    @staticmethod
    def _lock(options: list[economy.Option], game: Game, play: Play) -> Generator[Any, Any, None]:
        if not options:
            return
        option = yield from g.choose(game, play.seat, options)
        game.minions[option.target].locked = True
        game.log("lock", play.seat, option.target)


@dataclasses.dataclass(frozen=True, slots=True)
class StunTarget:
    """Lock the target vampire; it does not unlock during its controller's next unlock phase ("stun": Mind Numb;
    a "stunned" rider that economy.unlock_phase reads and removes)."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is None or not m.in_play:
            return
        m.locked = True
        game.riders.append(Rider(m.id, "stunned", 1, Until.END_OF_GAME))
        game.log("lock", play.seat, m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class CorruptionCounterOnMinionOfTarget:
    """Put a corruption counter on a minion controlled by the Methuselah the action is directed at, chosen now
    (at resolution: ANK 20240706), the biggest first (The Platinum Protocol [pro]). It does nothing by itself (no
    steal: ANK 20200925), the cards that read it do (``corruption_on``)."""

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        act = action_of(play)
        if act is None or act.target < 0:
            return None
        minions = sorted(
            (m for m in game.minions.values() if m.id in game.seats[act.target].controlled and m.in_play),
            key=lambda m: (-m.capacity, m.id),
        )
        if not minions:
            return None
        return self._corrupt([economy.Option(economy.Kind.TERMS, play.seat, target=m.id) for m in minions], game, play)

    @staticmethod
    def _corrupt(options: list[economy.Option], game: Game, play: Play) -> Generator[Any, Any, None]:
        option = yield from g.choose(game, play.seat, options)
        put_corruption(game, option.target, play.seat)


@dataclasses.dataclass(frozen=True, slots=True)
class BloodToUncontrolled:
    """Add ``amount`` blood from the bank to a vampire of the player's uncontrolled region, chosen now (offered
    the one closest to coming out first: Break the Bonds [pre]); ``younger``: only one younger than the acting
    vampire; ``or_controlled``: or a vampire the player controls (offered after: Feast of the Soul's Secrets)."""

    amount: int = 1
    younger: bool = False
    or_controlled: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        actor = game.minions.get(play.minion)
        cap = actor.capacity if self.younger and actor is not None else 99
        region = sorted(
            (c for c in game.seats[play.seat].uncontrolled if game.minions[c].capacity < cap),
            key=lambda c: (game.minions[c].blood - game.minions[c].capacity, c),
            reverse=True,
        )
        if self.or_controlled:
            region += [
                m.id
                for m in g.ready_minions(game, play.seat)
                if m.kind == VAMPIRE and m.capacity < cap and m.blood < m.capacity
            ]
        if not region:
            return None
        return self._add([economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in region], game, play)

    def _add(self, options: list[economy.Option], game: Game, play: Play) -> Generator[Any, Any, None]:
        option = yield from g.choose(game, play.seat, options)
        m = game.minions[option.target]
        if m.in_play:
            g.move_blood(game, m.id, self.amount)
        else:
            m.blood += self.amount
            game.gained += self.amount
        game.log("add blood", play.seat, option.target, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class TakePool:
    """``amount`` pool of the Methuselah named by the terms (``play.target``: what it has, LSJ 20010606) goes to
    the player; an oust is checked after (Parity Shift)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        s = game.seats[play.target]
        if s.ousted:
            return
        moved = min(self.amount, s.pool)
        s.pool -= moved
        game.seats[play.seat].pool += moved
        game.log("pool moved by referendum", play.seat, play.target, moved)
        economy.check_ousts(game)


@dataclasses.dataclass(frozen=True, slots=True)
class Banish:
    """The target vampire goes to the uncontrolled region, unlocked, with its blood and cards (out of play while it
    stays there: Banishment), "breaking any temporary control effects": its owner's region, a stolen vampire's
    theft ended."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is None or not m.in_play:
            return
        if game.seats[game.owner_of[m.id]].ousted:  # a stolen vampire whose owner is out: out of the game with him
            from .state import leave_play

            leave_play(game, m.id, removed=True)
            game.log("banish", play.seat, m.id)
            return
        seat = game.seats[g.controller(game, m.id)]
        if m.id in seat.controlled:
            seat.controlled.remove(m.id)
        game.stolen.pop(m.id, None)
        game.seats[game.owner_of[m.id]].uncontrolled.append(m.id)
        m.in_play = False
        m.locked = False
        m.torpor = False
        game.log("banish", play.seat, m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class ActorBurnsBlood:
    """The acting minion burns ``amount`` blood (a card in play's cost paid by the actor: Club Illusion)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.actor in game.minions:
            g.move_blood(game, act.actor, -self.amount)
            game.log("burn blood", play.seat, act.actor, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class BlockerBurnsBlood:
    """The blocking minion burns ``amount`` blood or life (Power of One [obt]); an ally or retainer left with no
    life is burned."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        m = game.minions.get(act.blocker) if act is not None and act.blocker >= 0 else None
        if m is None:
            return
        g.move_blood(game, m.id, -self.amount)
        game.log("burn blood", g.controller(game, m.id), m.id, self.amount)
        if m.kind != VAMPIRE and m.blood <= 0:
            g.burn_minion(game, m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class AggravatedHandStrikes:
    """The playing minion's hand strikes inflict aggravated damage for the rest of the combat (Raking Talons:
    game.py reads the side's mark); ``this_round``: this round only (Claws of the Dead [pro])."""

    this_round: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add("round:aggravated_hand" if self.this_round else "combat:aggravated_hand")


@dataclasses.dataclass(frozen=True, slots=True)
class InflictDamage:
    """The playing minion inflicts ``amount`` damage on the opposing minion now, outside strike resolution (Outside
    the Hourglass [TEM]: not environmental, PIB 20120426): its controller may prevent it (W.PREVENT), then it is
    resolved as damage (game.take_damage)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        c = combat_of(play)
        if c is None or not g.is_ready(game, c.other(play.minion).minion):
            return None
        return self._inflict(game, play, c)

    def _inflict(self, game: Game, play: Play, c: Combat) -> Generator[Any, Any, None]:
        victim = c.other(play.minion)
        c.pending = [self.amount, 0]
        yield from g.impulse(game, W.PREVENT, [g.controller(game, victim.minion)], c)
        normal = c.pending[0] if not (victim.prevent_all or victim.prevent_strike) else 0
        victim.prevent_strike = False
        used = min(victim.prevent, normal)
        victim.prevent -= used
        normal -= used
        c.pending = [0, 0]
        c.side(play.minion).inflicted += normal
        victim.lost_blood += g.take_damage(game, victim.minion, normal, 0)


@dataclasses.dataclass(frozen=True, slots=True)
class HoldTheOpposingMinion:
    """Drawing Out the Beast: this combat the opposing vampire gets +1 strength and cannot maneuver to long range,
    press to end combat or use equipment (its weapons' maneuvers and strikes, its equipment's strength: game.py
    and the bearer hooks read the marks); ``press_damage``: it takes that much unpreventable environmental damage
    at each press step (``_press_step_damage``)."""

    press_damage: int = 0

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is None:
            return
        other = c.other(play.minion)
        other.combat_strength += 1
        other.used.update(("combat:no maneuver to long", "combat:no press to end", "combat:no equipment"))
        granted = [u for u in other.used if u.startswith("combat:maneuver:")]  # the weapons' maneuvers given
        other.combat_maneuvers = max(0, other.combat_maneuvers - (1 if other.weapon_maneuver and granted else 0))
        other.weapon_maneuver = 0
        if self.press_damage:
            other.used.add(f"combat:press step damage:{self.press_damage}")


@dataclasses.dataclass(frozen=True, slots=True)
class StrengthThisRound:
    """The playing minion gets +``amount`` strength this round (Bear's Skin [ani][pro])."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).strength += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockOpposing:
    """Unlock the opposing combatant (Meld with the Land [vic], as its combat ends strike is chosen)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        m = game.minions.get(c.other(play.minion).minion) if c is not None else None
        if m is not None and m.locked:
            m.locked = False
            game.log("unlock", g.controller(game, m.id), m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class ManeuverNextRound:
    """If another round of this combat occurs, the playing minion gets 1 optional maneuver that round (Telepathic
    Tracking [aus]): the vocabulary's ``round_start`` hook gives it."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add("combat:maneuver next round")


@dataclasses.dataclass(frozen=True, slots=True)
class PreventLaterThisRound:
    """The playing minion can prevent ``amount`` damage later this round (Unflinching Persistence [FOR]): used on
    the first damage it takes from then on this round."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).prevent += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class StrikeThisRound:
    """The playing minion may strike with ``strike`` this round, by every strike of the round (Hunger of Marduk:
    ANK 20220207); read by the vocabulary's "strikes" hook."""

    strike: Any

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add(f"round:strike:{g.grant(self.strike)}")


@dataclasses.dataclass(frozen=True, slots=True)
class StrengthThisCombat:
    """The playing minion gets +``amount`` strength for the rest of the combat (Typhonic Beast)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).combat_strength += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class PreventEachRound:
    """The playing minion may prevent 1 damage each round, this round and the next ones of the combat
    (Typhonic Beast [pot][ser]): the vocabulary's ``round_start`` hook renews it."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            side = c.side(play.minion)
            side.used.add("combat:prevent each round")
            side.prevent += 1


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardOfType:
    """The player discards a card of type ``kind`` from its hand (the first: the bot's pick) and draws back up:
    a cost (Haqim's Law: Retribution); of type ``kind`` or ``also`` (The Vozhd of Sofia: an ally or retainer card)."""

    kind: str
    also: str = ""

    def __call__(self, game: Game, play: Play) -> None:
        types = game.compiled.types
        wanted = {self.kind, self.also} - {""}
        held = [c for c in game.seats[play.seat].hand if wanted & types.get(game.card_of[c], frozenset())]
        if held:
            g.discard(game, play.seat, held[:1])


@dataclasses.dataclass(frozen=True, slots=True)
class TargetDiscards:
    """The Methuselah the action is directed at discards ``amount`` cards of its choice (asked one at a time,
    then drawn back up: g.discard; Shroud of Decay [obl]); of the player's choice with ``players_choice`` ("look at
    the prey's hand and discard a card of your choice from it": Revelations [aus])."""

    amount: int
    players_choice: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        act = action_of(play)
        if act is None or act.target < 0 or game.seats[act.target].ousted or not game.seats[act.target].hand:
            return None
        if self.players_choice:
            return self._players_choice(game, play.seat, act.target)
        return self._discard(game, act.target)

    def _players_choice(self, game: Game, seat: int, target: int) -> Generator[Any, Any, None]:
        chosen: list[int] = []
        for _ in range(self.amount):
            held = [c for c in game.seats[target].hand if c not in chosen]
            if not held:
                break
            options = [economy.Option(economy.Kind.TERMS, seat, target=c) for c in held]
            option = yield from g.choose(game, seat, options)
            chosen.append(option.target)
        g.discard(game, target, chosen)

    def _discard(self, game: Game, seat: int) -> Generator[Any, Any, None]:
        chosen: list[int] = []
        for _ in range(self.amount):
            held = [c for c in game.seats[seat].hand if c not in chosen]
            if not held:
                break
            option = yield from g.choose(game, seat, [economy.Option(economy.Kind.DISCARD, seat, (c,)) for c in held])
            chosen.append(option.ids[0])
        g.discard(game, seat, chosen)


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveFromAshHeapToBurnPool:
    """Remove ``remove`` cards of the ash heap of the Methuselah the action is directed at from the game, to make
    it burn ``burn`` pool; nothing when fewer remain as it resolves (Shroud of Decay [OBL]: the oldest cards)."""

    remove: int
    burn: int

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None or act.target < 0 or game.seats[act.target].ousted:
            return
        target = game.seats[act.target]
        if len(target.ash_heap) < self.remove:
            return
        removed, target.ash_heap[:] = target.ash_heap[: self.remove], target.ash_heap[self.remove :]
        target.removed.extend(removed)
        game.log("remove from game", play.seat, removed[0])
        economy.burn_pool(game, act.target, self.burn)
        game.log("burn pool", act.target, self.burn)


@dataclasses.dataclass(frozen=True, slots=True)
class CryptDrawThenRemove:
    """Draw the top crypt card to the uncontrolled region, then remove one crypt card of that region from the
    game, chosen now among all of them, the one drawn included (Wider View). ``order(game, seat, copies, drawn)``
    lists the choices best first (the bots' judgement, from the playbook); None keeps the region's order."""

    order: Callable[..., Sequence[int]] | None = None

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        from .state import crypt_draw, leave_play

        s = game.seats[play.seat]
        before = set(s.uncontrolled)
        crypt_draw(game, play.seat)
        drawn = next((c for c in s.uncontrolled if c not in before), -1)
        if not s.uncontrolled:
            return
        copies = list(s.uncontrolled)
        ordered = self.order(game, play.seat, copies, drawn) if self.order is not None else copies
        options = [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in ordered]
        option = yield from g.choose(game, play.seat, options)
        leave_play(game, option.target, removed=True)
        game.log("remove from game", play.seat, option.target)


@dataclasses.dataclass(frozen=True, slots=True)
class AlliesAndYoungerLessIntercept:
    """ "Allies and younger vampires get -1 intercept" for the rest of the action (Perfect Paragon [PRE]): the
    current blocker at once, later attempts through the vocabulary's intercept hook; several copies add up."""

    amount: int = 1
    allies_only: bool = False  # "Allies get -1 intercept" (Obedient Flesh [dom][pro])
    # "Once this action, this vampire may burn N blood to give an ally or younger vampire -1 intercept" (Into Thin Air:
    # 1): the current blocker only, taken as the card is played, when the block would otherwise succeed and the vampire
    # keeps 1 blood (logged under the card's name)
    blocker_for_blood: int = 0

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None:
            return
        if self.blocker_for_blood:
            self._blocker_for_blood(game, play, act)
            return
        if self.allies_only:
            act.flags["allies: less intercept"] = act.flags.get("allies: less intercept", 0) + self.amount
            blocker = game.minions.get(act.blocker)
            if blocker is not None and blocker.kind == ALLY:
                act.intercept -= self.amount
            return
        act.flags["allies and younger: less intercept"] = (
            act.flags.get("allies and younger: less intercept", 0) + self.amount
        )
        act.intercept -= self.amount

    def _blocker_for_blood(self, game: Game, play: Play, act: Action) -> None:
        m = game.minions.get(play.minion)
        if m is None or act.flags.get("one ally or younger: less intercept"):
            return
        blocker = game.minions.get(act.blocker)
        if blocker is None or act.intercept < act.stealth or m.blood <= self.blocker_for_blood:
            return
        if not (blocker.kind == ALLY or (blocker.kind == VAMPIRE and g.younger(game, blocker.id, act.actor))):
            return
        act.flags["one ally or younger: less intercept"] = 1
        act.flags[f"less intercept: {blocker.id}"] = act.flags.get(f"less intercept: {blocker.id}", 0) + self.amount
        g.move_blood(game, m.id, -self.blocker_for_blood)
        act.intercept -= self.amount  # the current attempt's; a later attempt by the same minion gets it from the hook
        game.log(game.compiled.specs[game.card_of[play.card]].name.lower(), play.seat, play.minion, blocker.id)


@dataclasses.dataclass(frozen=True, slots=True)
class MillLibrary:
    """Put the top ``n`` cards of the player's library in its ash heap (as many as there are)."""

    n: int

    def __call__(self, game: Game, play: Play) -> None:
        s = game.seats[play.seat]
        for _ in range(self.n):
            if s.library:
                s.ash_heap.append(s.library.pop())


@dataclasses.dataclass(frozen=True, slots=True)
class BurnThisMinion:
    """Burn the minion in play being used (an ally whose ability is "burn this ally to …": Jake Washington)."""

    def __call__(self, game: Game, play: Play) -> None:
        if play.card in game.minions:
            g.burn_minion(game, play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class EnterCombatWithTarget:
    """The playing minion enters combat with the target minion, both ready; ``lock_target`` locks it first, and
    ``target_acts`` makes it the acting side of that combat (Deep Song [ANI]); ``outside_action``: the combat is
    no part of the current action (Marie-Pierre's, after an action's combat: she is not acting)."""

    lock_target: bool = False
    target_acts: bool = False
    outside_action: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        target = game.minions.get(play.target)
        if target is None or not g.is_ready(game, play.target) or not g.is_ready(game, play.minion):
            return None
        if self.lock_target:
            target.locked = True
        first, second = (play.target, play.minion) if self.target_acts else (play.minion, play.target)
        return g.combat(game, first, second, None if self.outside_action else action_of(play))


@dataclasses.dataclass(frozen=True, slots=True)
class MasterActions:
    """The player gets ``amount`` more master phase actions now (The Parthenon)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        game.seats[play.seat].master_actions += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class PayTransfers:
    """An ability of a card in play paid in transfers (Wider View)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        game.seats[play.seat].transfers -= self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class BurnThisCard:
    """Burn the card in play being used (to its owner's ash heap)."""

    def __call__(self, game: Game, play: Play) -> None:
        g.burn_card(game, play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class CounterOnThisCard:
    """Put a counter on the card in play being used; at ``burn_at`` counters it burns (Dreams of the Sphinx)."""

    burn_at: int = 0

    def __call__(self, game: Game, play: Play) -> None:
        game.card_counters[play.card] = game.card_counters.get(play.card, 0) + 1
        if self.burn_at and game.card_counters[play.card] >= self.burn_at:
            g.burn_card(game, play.card)


# Corruption counters ("your corruption counters" on a minion: the Ministry's cards) are riders on the minion, one
# Methuselah's each (``Rider.seat``), kept until the end of the game; they leave with the minion: a minion out of
# play has none (burned, its riders stay behind unread).
CORRUPTION = "corruption"


def corruption_on(game: Game, minion: int, seat: int = -1) -> int:
    """The corruption counters of Methuselah ``seat`` on ``minion`` (-1: every Methuselah's; 0 once it is out of
    play)."""
    if not game.riders:
        return 0
    m = game.minions.get(minion)
    if m is None or not m.in_play:
        return 0
    return sum(r.value for r in game.riders if r.holder == minion and r.key == CORRUPTION and seat in (-1, r.seat))


def put_corruption(game: Game, minion: int, seat: int, amount: int = 1) -> None:
    """Put ``amount`` of Methuselah ``seat``'s corruption counters on ``minion``."""
    if minion in game.minions and amount > 0:
        g.add_rider(game, minion, CORRUPTION, amount, Until.END_OF_GAME, seat)
        game.log("corruption", seat, minion, amount)


def burn_corruption(game: Game, minion: int, seat: int, amount: int) -> bool:
    """Burn ``amount`` of Methuselah ``seat``'s corruption counters from ``minion``: False (none burned) when it
    has fewer."""
    have = corruption_on(game, minion, seat)
    if amount <= 0 or have < amount:
        return False
    game.riders = [r for r in game.riders if not (r.holder == minion and r.key == CORRUPTION and r.seat == seat)]
    if have > amount:
        g.add_rider(game, minion, CORRUPTION, have - amount, Until.END_OF_GAME, seat)
    game.log("burn corruption", seat, minion, amount)
    return True


@dataclasses.dataclass(frozen=True, slots=True)
class PutCorruption:
    """Put N of your corruption counters on the target minion (``play.target``)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        put_corruption(game, play.target, play.seat, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class ExtraDrawOnReplaceThisCombat:
    """For the rest of the combat, each time the player replaces a card it draws 1 more and discards down to its
    hand size (Infernal Pursuit [CEL]; several copies add up: TOM 19950921-2). Read by game.refill."""

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, -1 - play.seat, "extra draw on replace", 1, Until.AFTER_COMBAT, play.seat)


@dataclasses.dataclass(frozen=True, slots=True)
class OpenHandThisCombat:
    """The opposing minion's controller plays with an open hand for the rest of the combat (Aura Reading [aus]):
    an "open hand" rider the bots' View reads (View.open_hand)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            seat = g.controller(game, c.other(play.minion).minion)
            g.add_rider(game, -1 - seat, "open hand", 1, Until.AFTER_COMBAT, seat)
            game.log("open hand", play.seat, seat)


@dataclasses.dataclass(frozen=True, slots=True)
class HandSizeThisCombat:
    """The player's hand size is ``amount`` more for the rest of the combat, drawn up at once (Aura Reading [AUS]);
    after the combat it discards down (game.choose)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, -1 - play.seat, "hand_size", self.amount, Until.AFTER_COMBAT, play.seat)
        g.refill(game, play.seat)


@dataclasses.dataclass(frozen=True, slots=True)
class HandSizeThisTurn:
    """The player's hand size is ``amount`` more until the end of the turn, drawn up at once."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, -1 - play.seat, "hand_size", self.amount, Until.END_OF_TURN, play.seat)
        g.refill(game, play.seat)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnOnTarget:
    """Burn a copy of the card named ``name`` on the target minion, if it has one (Vessel burns a Blood Doll)."""

    name: str

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is None or game.compiled is None:
            return
        for a in list(m.cards):
            if game.compiled.cards[game.card_of[a]].name == self.name:
                g.burn_card(game, a)
                return


@dataclasses.dataclass(frozen=True, slots=True)
class ActionFails:
    """The action ends unsuccessfully ("the action is not successful"). "Do not lock this vampire if they are
    blocking": the blocker, locked by the block, goes back to unlocked unless it was locked (woken) before."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.succeeded = False
            blocker = game.minions.get(act.blocker) if act.blocked else None
            if (
                blocker is not None
                and act.blocker == act.flags.get("combat_with")
                and not act.flags.get("blocker_was_locked")
            ):
                blocker.locked = False


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockActor:
    """Unlock the acting minion."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.actor in game.minions:
            game.minions[act.actor].locked = False


@dataclasses.dataclass(frozen=True, slots=True)
class FillToCapacity:
    """The target vampire (``play.target``) gains blood from the bank up to its capacity (Giant's Blood)."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None:
            gained = g.move_blood(game, play.target, m.capacity - m.blood)
            game.log("add blood", play.seat, play.target, gained)


@dataclasses.dataclass(frozen=True, slots=True)
class PutOnSelfWithCounters:
    """The card goes on the playing minion with ``counters`` counters on it (Weighted Walking Stick: 5)."""

    counters: int

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is None:
            g.to_ash_heap(game, play.card)
            return
        g.leave_aside(game, play.card)
        m.cards.append(play.card)
        game.card_counters[play.card] = self.counters
        game.log("equip", play.seat, play.minion, play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class HolderToPool:
    """1 blood of the minion this card is on moves to its player's pool (Blood Doll, Vessel)."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None and m.blood > 0:
            m.blood -= 1
            game.seats[play.seat].pool += 1
            game.log("blood to pool", play.seat, play.minion, 1)


@dataclasses.dataclass(frozen=True, slots=True)
class PoolToHolder:
    """1 pool of the player moves onto the minion this card is on, as blood (Blood Doll, Vessel)."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None and m.blood < m.capacity and game.seats[play.seat].pool > 1:
            game.seats[play.seat].pool -= 1
            m.blood += 1
            game.log("pool to blood", play.seat, play.minion, 1)


@dataclasses.dataclass(frozen=True, slots=True)
class CryptDraw:
    """The player draws the top card of its crypt to its uncontrolled region (Effective Management); ``blood`` blood
    from the bank goes on it if it is a vampire with ``trait`` (Recruitment Exercise: 1 on a Black Hand vampire)."""

    blood: int = 0
    trait: str = ""

    def __call__(self, game: Game, play: Play) -> None:
        from .state import crypt_draw

        copy = crypt_draw(game, play.seat)
        m = game.minions.get(copy) if copy is not None and self.blood else None
        if m is not None and self.trait in m.traits:
            m.blood += self.blood
            game.gained += self.blood
            game.log("add blood", play.seat, m.id, self.blood)


@dataclasses.dataclass(frozen=True, slots=True)
class BloodToPool:
    """Move ``play.value`` blood from the target vampire (``play.target``, or the playing minion) to the pool
    (Villein)."""

    def __call__(self, game: Game, play: Play) -> None:
        target = play.target if play.target >= 0 else play.minion
        m = game.minions.get(target)
        if m is None:
            return
        amount = min(play.value, m.blood)
        m.blood -= amount
        game.seats[play.seat].pool += amount
        game.log("blood to pool", play.seat, target, amount)


# -- effects: cards in play --------------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class PutInPlay:
    """The card stays in play, controlled by its player (a location, a master on the table)."""

    def __call__(self, game: Game, play: Play) -> None:
        g.leave_aside(game, play.card)
        game.seats[play.seat].controlled.append(play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class PutOnTarget:
    """The card goes on the target minion (``play.target``; Villein, Vessel, Pentex Subversion), on the
    playing minion with ``on_self``, or on the opposing combatant with ``opposing``; with ``later``, not usable
    in this action ("During any action after this one": Under My Skin [thn]); with ``counters`` counters on it (a superior Heart of the City: 1)."""

    on_self: bool = False
    counters: int = 0
    opposing: bool = False  # on the opposing combatant, if still in play (Sculpt the Flesh [PRO], Pulled Fangs)
    later: bool = False  # its in-play ability is usable from the next action on (Under My Skin: carrier_needs_stealth)
    # it remembers the Methuselah the action was directed at ("During an action directed at the same Methuselah":
    # Shadow Cast [OBL], carrier_needs_stealth(same_target=True))
    remember_target: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        if self.later:
            act = action_of(play)
            if act is not None:
                act.flags[f"put on this action:{play.card}"] = 1
        if self.opposing:
            c = combat_of(play)
            victim = game.minions.get(c.other(play.minion).minion) if c is not None else None
            if victim is None or not victim.in_play or play.card < 0:
                return
            g.leave_aside(game, play.card)
            victim.cards.append(play.card)
            game.card_counters.pop(play.card, None)
            if self.counters:
                game.card_counters[play.card] = self.counters
            return
        holder = play.minion if self.on_self else play.target
        m = game.minions.get(holder)
        if m is None:
            g.to_ash_heap(game, play.card)
            return
        g.leave_aside(game, play.card)
        m.cards.append(play.card)
        if self.remember_target:
            act = action_of(play)
            game.riders = [r for r in game.riders if not (r.holder == play.card and r.key == _DIRECTED_AT)]
            if act is not None:
                g.add_rider(game, play.card, _DIRECTED_AT, act.target + 1, Until.END_OF_GAME)
        if self.counters:
            game.card_counters[play.card] = self.counters


@dataclasses.dataclass(frozen=True, slots=True)
class Equip:
    """The equipment goes on the acting minion (4.3.2 equip); played in a combat (a combat card that becomes
    equipment: Zip Gun), its weapon's maneuver each combat is usable in that combat already."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is None:
            g.to_ash_heap(game, play.card)
            return
        g.leave_aside(game, play.card)
        m.cards.append(play.card)
        game.log("equip", play.seat, play.minion, play.card)
        c = combat_of(play)
        if c is not None and play.minion in (c.a.minion, c.b.minion):
            bearer_maneuvers(game, c, c.side(play.minion))


@dataclasses.dataclass(frozen=True, slots=True)
class Employ:
    """The retainer goes on the acting minion with its life from the bank (4.3.2 employ)."""

    life: int

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is None:
            g.to_ash_heap(game, play.card)
            return
        g.leave_aside(game, play.card)
        m.cards.append(play.card)
        game.minions[play.card] = Minion(
            id=play.card,
            card=game.card_of[play.card],
            capacity=self.life,
            blood=self.life,
            in_play=True,
            kind=RETAINER,
            holder=play.minion,
            strength=0,
            bleed=0,
        )
        game.gained += self.life
        game.log("employ", play.seat, play.minion, play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class Recruit:
    """The ally goes to the ready region with its life from the bank and cannot act this turn (4.3.2)."""

    life: int
    strength: int = 1
    bleed: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        g.leave_aside(game, play.card)
        game.seats[play.seat].controlled.append(play.card)
        if game.owner_of[play.card] != play.seat:  # another's card, played as if from the hand (Erciyes Fragments)
            game.stolen[play.card] = play.seat
        game.minions[play.card] = Minion(
            id=play.card,
            card=game.card_of[play.card],
            capacity=99,
            blood=self.life,
            in_play=True,
            kind=ALLY,
            strength=self.strength,
            bleed=self.bleed,
            recruited_turn=game.turn,
        )
        game.gained += self.life
        game.log("recruit", play.seat, play.minion, play.card)
        g.minion_entered(game, play.seat, play.card)


# -- effects: combat -------------------------------------------------------------------------------------------------------------


def combat_of(play: Play) -> Combat | None:
    return play.frame if isinstance(play.frame, Combat) else None


def at_close_range(game: Game, play: Play) -> bool:
    """ "Only usable at close range"."""
    c = combat_of(play)
    return c is not None and c.range is Range.CLOSE


def at_long_range(game: Game, play: Play) -> bool:
    """ "Only usable at long range"."""
    c = combat_of(play)
    return c is not None and c.range is Range.LONG


def range_not_set(game: Game, play: Play) -> bool:
    """No effect has set this round's range yet ("Once the range is set, no other effect can be used to reset
    the range that round": Brick by Brick, RTR 19970630)."""
    c = combat_of(play)
    return c is not None and not c.fixed_close


def no_press_to_continue(game: Game, play: Play) -> bool:
    """A press "only usable to continue combat": no press to continue stands (Apportation)."""
    c = combat_of(play)
    return c is not None and c.press <= 0


def opposing_is_vampire(game: Game, play: Play) -> bool:
    """The opposing combatant is a vampire (not an ally or a retainer)."""
    c = combat_of(play)
    m = game.minions.get(c.other(play.minion).minion) if c is not None else None
    return m is not None and m.kind == VAMPIRE


def opposing_not_ready(game: Game, play: Play) -> bool:
    """The opposing combatant is no longer ready (in torpor or burned: Hell-for-Leather [obt])."""
    c = combat_of(play)
    return c is not None and not g.is_ready(game, c.other(play.minion).minion)


def in_first_round(game: Game, play: Play) -> bool:
    """ "Only usable … during the first round (of combat)"."""
    c = combat_of(play)
    return c is not None and c.round == 1


def carries_none_of(name: str, opposing: bool = False) -> Pred:
    """The playing minion (``opposing``: the opposing combatant) carries no copy of ``name`` ("A minion can have
    only one Weighted Walking Stick", "A vampire can have only one Disarm")."""

    def check(game: Game, play: Play) -> bool:
        c = combat_of(play)
        m = game.minions.get(c.other(play.minion).minion if opposing and c is not None else play.minion)
        wanted = vekn(game, name)
        return m is not None and all(game.card_of[x] != wanted for x in m.cards)

    return check


def no_extra_source(game: Game, play: Play) -> bool:
    """An additional strike "(limited)": one source a round (L1683-1694); offered only while none was used (a
    card whose additional strike is not optional, Dust Up [cel], cannot be played after one: ANK 20220204)."""
    c = combat_of(play)
    return c is not None and not c.side(play.minion).extra_source


def opponent_has_equipment(game: Game, play: Play) -> bool:
    """The opposing minion has equipment (a retainer does not count: Canine Horde [ANI], RTR 19980928)."""
    c = combat_of(play)
    return c is not None and any(
        x not in game.minions for x in g.equipment_or_retainers(game, c.other(play.minion).minion)
    )


def opponent_armed(game: Game, play: Play) -> bool:
    """The opposing minion has equipment or a retainer (to burn: Donnybrook [obf])."""
    c = combat_of(play)
    return c is not None and bool(g.equipment_or_retainers(game, c.other(play.minion).minion))


@dataclasses.dataclass(frozen=True, slots=True)
class StrikeWith:
    """The card is the playing minion's strike this round (a strike card)."""

    strike: g.Strike

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is None:
            return
        side = c.side(play.minion)
        side.strike = self.strike
        if self.strike.maneuver:
            side.maneuvers += 1
        if self.strike.press:
            side.presses += 1


@dataclasses.dataclass(frozen=True, slots=True)
class SetRange:
    """The playing minion sets this round's range (``play.value``: 0 close, 1 long; or ``to``) and the range step is
    skipped (Brick by Brick [VIS]: RTR 19970630, ANK 20180720); with ``strike_with_this``, the playing minion's
    initial strike this round must be the weapon strike of the card being used ("set the range … to long, and their
    initial strike that round must be with this weapon": Sniper Rifle, ``SetRange(to=Range.LONG, …)``)."""

    to: int = -1  # the range set, when not chosen (``play.value``)
    strike_with_this: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            value = play.value if self.to < 0 else int(self.to)
            c.range = Range(value)
            c.fixed_close = True  # skip this round's range step (the flag only skips it; the range is kept)
            if self.strike_with_this and play.card >= 0:
                weapon = game.compiled.bearers.get(game.card_of[play.card])
                if weapon is not None and weapon.strike is not None:
                    c.side(play.minion).committed = g.grant(weapon.strike)
            game.log("range set", play.seat, play.minion, value)


def close_or_long(game: Game, play: Play) -> Sequence[int]:
    """The range a minion may set: close (0) or long (1)."""
    return (0, 1)


@dataclasses.dataclass(frozen=True, slots=True)
class StartNewRound:
    """Instead of ending, the combat goes on with a new round (Relentless Reaper [THN]): a combat ends strike or a
    missing press no longer ends it, and an "after combat" continuation of the action is lost (RTR 20020501)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.over = False
            c.press = 1
            if c.action is not None:
                c.action.flags.pop("continue_unblocked", None)
            for side in (c.a, c.b):  # "after combat ends" effects are lost too (Pass Through Shadow)
                side.used = {u for u in side.used if not u.startswith("combat:after:")}
            game.log("new round", play.seat, play.minion)


@dataclasses.dataclass(frozen=True, slots=True)
class OpposingControllerBurnsPool:
    """The opposing combatant's controller burns ``amount`` pool (Hell-for-Leather [obt])."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is None:
            return
        seat = g.controller(game, c.other(play.minion).minion)
        if not game.seats[seat].ousted:
            economy.burn_pool(game, seat, self.amount)
            game.log("burn pool", seat, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class Maneuver:
    """A maneuver now (a maneuver card at the range step)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            g.maneuver(game, c, play.minion)


@dataclasses.dataclass(frozen=True, slots=True)
class Press:
    """A press now (a press card at the press step)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            g.press(game, c, play.minion)


@dataclasses.dataclass(frozen=True, slots=True)
class OptionalManeuver:
    """N optional maneuvers this round (used at the range step: Obedient Flesh [DOM][PRO])."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).maneuvers += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class OptionalPress:
    """N optional presses this round (used at the press step)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).presses += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class Prevent:
    """Prevent N damage this round (``all_damage``: all damage from the opposing minion's strikes)."""

    amount: int = 0
    all_damage: bool = False
    plus_x: bool = False  # prevent X + amount (X paid as the cost)
    this_strike: bool = False  # with all_damage: the strike being resolved only, not the round (Skin of Steel)
    non_aggravated: bool = False  # "prevent N non-aggravated damage" (Soak)

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is None:
            return
        side = c.side(play.minion)
        amount = self.amount + (play.value if self.plus_x else 0)
        if self.all_damage:
            if self.this_strike:
                side.prevent_strike = True
            else:
                side.prevent_all = True
        normal, agg = c.pending
        cut = 0 if self.non_aggravated else min(amount, agg)
        agg -= cut
        normal -= min(amount - cut, normal)
        c.pending = [normal, agg]


@dataclasses.dataclass(frozen=True, slots=True)
class AdditionalStrikes:
    """N additional strikes this round; (limit): one source a round (L1683-1694). ``beyond_limit``: "additional
    strike that does not count against the limit" (Quickness [CEL]): it neither needs nor uses up the round's
    one source."""

    amount: int = 1
    beyond_limit: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            side = c.side(play.minion)
            if self.beyond_limit:
                side.extra_strikes += self.amount
            elif not side.extra_source:
                side.extra_source = True
                side.extra_strikes += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class CombatStrength:
    """The playing minion's strength becomes ``value`` for this combat (Torn Signpost): its base strength (a
    vampire's 1) is set, even lower (PIB 20130303); its printed "+1 strength" and other bonuses still add."""

    value: int

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        m = game.minions.get(play.minion)
        if c is not None and m is not None:
            c.side(play.minion).combat_strength = self.value - base_strength(game, m)


def base_strength(game: Game, m: Minion) -> int:
    """A minion's strength without its printed bonus (a vampire's "+1 strength"): what "gets a strength of N" sets."""
    printed = game.compiled.vampires.get(m.card) if m.kind == VAMPIRE and game.compiled else None
    return m.strength - (printed.strength if printed is not None else 0)


@dataclasses.dataclass(frozen=True, slots=True)
class EnvironmentalDamage:
    """The opposing minion takes N damage each round during strike resolution, this combat (Carrion Crows)."""

    amount: int
    close_only: bool = False  # "during normal strike resolution at close range" (Groaning Corpse)

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            other = c.other(play.minion).minion
            env = c.env_close if self.close_only else c.env_damage
            env[other] = env.get(other, 0) + self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class HandStrikesOnly:
    """Strikes that are not hand strikes cannot be used this round (Immortal Grapple): a minion already
    committed to another strike (a strike card's maneuver) gets no strike this round (TOM 19951217);
    ``close_next``: the next round is at close range."""

    close_next: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.hand_strikes_only = True
            if self.close_next:
                c.fixed_close = True
            for side in (c.a, c.b):
                if isinstance(side.strike, g.Strike) and not side.strike.hand:
                    side.strike = g.NO_STRIKE


@dataclasses.dataclass(frozen=True, slots=True)
class EndCombat:
    """The combat ends now (Living Manse, burned before range is determined): the end of round step still
    happens (L1816-1822)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None and not c.over:
            c.over = True
            game.log("end combat", play.seat, play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class GainBloodLostByOpponent:
    """Taste of Vitae: gain blood equal to the blood the opposing vampire lost to damage this round."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            g.move_blood(game, play.minion, c.other(play.minion).lost_blood)


# -- effects: politics -----------------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class BurnBlood:
    """The playing minion burns ``amount`` blood (or life), a cost paid as the effect resolves; none for a minion of
    ``unless_clans`` ("Followers of Set pay 1 less blood": Mental Maze, its cost paid as it is played)."""

    amount: int
    unless_clans: tuple[str, ...] = ()

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None and not (self.unless_clans and m.clan in self.unless_clans):
            g.move_blood(game, play.minion, -self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnEdgeTo:
    """Burn the Edge to do ``effects`` (Inside Dirt); nothing if the player no longer holds it."""

    effects: tuple[Any, ...]

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        if game.edge != play.seat:
            return None
        game.edge = None
        game.log("edge burned", play.seat)
        return g.run_effects(game, self.effects, play)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnTargetBlood:
    """The target vampire (``play.target``) burns ``amount`` blood (Inside Dirt)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None and m.in_play:
            g.move_blood(game, m.id, -self.amount)
            game.log("burn blood", play.seat, m.id, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class TargetBurnsPool:
    """The Methuselah the action is directed at burns ``amount`` pool (an oust is checked: Inside Dirt)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.target >= 0 and not game.seats[act.target].ousted:
            economy.burn_pool(game, act.target, self.amount)
            game.log("burn pool", act.target, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class CancelAsPlayed:
    """Cancel the card being played (``game.as_played`` names it in ``game.cancelled``), its cost not paid: an
    action card's action ends and the acting minion unlocks (its cost is paid only on success); any other card
    goes to the ash heap unpaid (game.resolve_play). Direct Intervention. ``not_again_this_turn``: "that card
    cannot be played again this turn", by its player, any copy (Dark Influences: the vocabulary's "may_play"
    hook)."""

    not_again_this_turn: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        if self.not_again_this_turn:
            _not_again_this_turn(game)
        act = g.current_action(game)
        if act is not None and act.card == game.cancelled and act.card >= 0:
            act.ended = True
            if act.actor in game.minions:
                game.minions[act.actor].locked = False
            game.cancelled = -1
        game.log("cancel", play.seat, game.cancelled)


@dataclasses.dataclass(frozen=True, slots=True)
class CancelKeepingCost:
    """Cancel the card being played (``game.as_played`` names it), its cost still paid (Diana Iadanza); a card
    played in the "as played" window cancels it already, cost unpaid (Direct Intervention)."""

    def __call__(self, game: Game, play: Play) -> None:
        game.cancel_keeps_cost = True
        game.log("cancel", play.seat, game.cancelled)


@dataclasses.dataclass(frozen=True, slots=True)
class CancelReferendum:
    """Cancel the referendum. ``return_card`` (Delaying Tactics): also unlock the caller, return the political
    action card played to call it to its owner's hand (discard down afterward), and forbid the acting
    Methuselah's minions the same political action this turn."""

    return_card: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, Any] | None:
        ref = play.frame
        if not isinstance(ref, Referendum):
            return None
        ref.cancelled = True
        game.log("referendum cancelled", play.seat)
        return self._return(game, ref) if self.return_card else None

    @staticmethod
    def _return(game: Game, ref: Referendum) -> Generator[Any, Any, Any]:
        caller = game.minions.get(ref.caller)
        if caller is not None:
            caller.locked = False
        if ref.card < 0:
            return
        vekn_id = game.card_of[ref.card]
        for m in g.ready_minions(game, ref.seat):
            game.used.add((m.id, vekn_id))  # the same action card once per turn (game._handler_options)
        if ref.card in game.aside:
            owner = game.owner_of[ref.card]
            game.aside.remove(ref.card)
            game.seats[owner].hand.append(ref.card)
            yield from g.discard_down(game, owner)  # "discard down afterward"


@dataclasses.dataclass(frozen=True, slots=True)
class ExtraVotes:
    """The playing minion's controller gets N more votes in this referendum; ``per_x``: that many more for each X
    paid (Awe: +X+1, +2X+1)."""

    amount: int
    per_x: int = 0
    per_counter: int = 0  # that many more for each counter on the card in play used (Powerbase: Madrid)

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if isinstance(ref, Referendum):
            more = self.amount + self.per_x * play.value
            if self.per_counter:
                more += self.per_counter * game.card_counters.get(play.card, 0)
            ref.extra_votes[play.seat] = ref.extra_votes.get(play.seat, 0) + more


@dataclasses.dataclass(frozen=True, slots=True)
class VotesAgainst:
    """The playing vampire gains N votes against the referendum, which forces it to vote against (LSJ 20031119);
    its Methuselah casts all its votes against (VOTES_TOGETHER). Protected District."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if isinstance(ref, Referendum):
            ref.extra_votes[play.seat] = ref.extra_votes.get(play.seat, 0) + self.amount
            ref.forced_against.add(play.seat)


@dataclasses.dataclass(frozen=True, slots=True)
class VotesEach:
    """Each ready vampire of ``clan`` (and ``sect``) at the table gets N votes in this referendum, cast with its
    Methuselah's (VOTES_TOGETHER): The Eldest Are Kholo."""

    amount: int
    clan: str
    sect: str = ""

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if not isinstance(ref, Referendum):
            return
        for seat in game.order:
            fits = [
                m
                for m in g.ready_minions(game, seat)
                if m.kind == VAMPIRE and m.clan == self.clan and (not self.sect or m.sect == self.sect)
            ]
            if fits:
                ref.extra_votes[seat] = ref.extra_votes.get(seat, 0) + self.amount * len(fits)


@dataclasses.dataclass(frozen=True, slots=True)
class StealthNow:
    """+N stealth "even if stealth is not yet needed" (as the action is announced: Memory Rift): no ``gives``,
    so the compiler does not hold it back until a block attempt."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.stealth += self.amount


# -- what equipment and retainers give their bearer (cards.Bearer), read where the core asks -----------------------


def _bearers(game: Game, minion: int, c: Combat | None = None) -> list[tuple[int, Any]]:
    """(VEKN id, Bearer) of each card on the minion that gives its bearer something; in combat ``c``, without its
    equipment when it cannot use equipment there (``NoEquipmentInCombat``)."""
    m = game.minions.get(minion)
    if m is None or not m.cards or game.compiled is None:
        return []
    given = game.compiled.bearers
    if not g.table_has(game, "bearers", lambda: given):
        return []
    held = [copy for copy in m.cards if game.card_of[copy] in given]
    if held and g.hooks_of(game, "retainer_abilities") and not g.hook_all(game, "retainer_abilities", minion):
        # the minion's retainers lose their abilities (in combat with Stanislava)
        held = [copy for copy in held if copy not in game.minions or game.minions[copy].kind != RETAINER]
    found = [(game.card_of[copy], given[game.card_of[copy]]) for copy in held]
    if any(b.only_marked for _, b in found):  # a card giving only as played at one level (MarkThisCard)
        held = [
            copy
            for copy, (_, b) in zip(held, found, strict=True)
            if not b.only_marked or card_marked(game, copy, b.only_marked)
        ]
        found = [(game.card_of[copy], given[game.card_of[copy]]) for copy in held]
    if any(b.per_counter for _, b in found):  # each counter on the card counts as one more copy
        found = [
            (game.card_of[copy], b)
            for copy in held
            for b in (given[game.card_of[copy]],)
            for _ in range(1 + (game.card_counters.get(copy, 0) if b.per_counter else 0))
        ]
    if c is not None and minion in (c.a.minion, c.b.minion) and "combat:no equipment" in c.side(minion).used:
        types = game.compiled.types
        found = [(v, b) for v, b in found if "Equipment" not in types.get(v, ())]
    return found


@hook("intercept", data=("bearer",))
def _bearer_intercept(game: Game, minion: int, act: Action) -> int:
    found = _bearers(game, minion)
    total: int = sum(b.intercept for _, b in found)
    if act.directed and any(b.intercept_defending for _, b in found) and act.target == g.controller(game, minion):
        total += sum(b.intercept_defending for _, b in found)
    if any(b.intercept_vs_chosen for _, b in found):  # once, the best of the copies that chose the acting minion
        given: dict[int, Bearer] = game.compiled.bearers
        card_of = game.card_of
        total += max(
            (
                given[card_of[c]].intercept_vs_chosen
                for c in game.minions[minion].cards
                if card_of[c] in given and g.chosen_minion(game, c) == act.actor
            ),
            default=0,
        )
    return total


@hook("strength", data=("bearer",))
def _bearer_strength(game: Game, minion: int) -> int:
    return sum(b.strength for _, b in _bearers(game, minion, g.current_combat(game)))


@hook("bleed", data=("bearer",))
def _bearer_bleed(game: Game, act: Action) -> int:
    found = _bearers(game, act.actor)
    if any(b.bleed_vs_prey for _, b in found) and act.target == game.prey(act.seat):
        return sum(b.bleed + b.bleed_vs_prey for _, b in found)
    return sum(b.bleed for _, b in found)


@hook("strikes", data=("bearer",))
def _bearer_strikes(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    """A weapon's strike, once however many copies are carried."""
    # in the order the cards are carried, each strike once: a set's order would follow the strikes' hashes (of
    # the functions some hold: their addresses), and the options' order must not depend on memory layout
    carried = _bearers(game, minion, c)
    m = game.minions.get(minion)
    strikes = dict.fromkeys(
        b.strike
        for _, b in carried
        if b.strike is not None
        and not (b.strike_capacity_above and (m is None or m.kind != VAMPIRE or m.capacity <= b.strike_capacity_above))
    )
    seat = g.controller(game, minion)
    out = []
    for s in strikes:
        value = g.grant(s)
        once = sum(1 for _, b in carried if b.once_each_combat and b.strike == s)  # each copy once (ANK 20230316)
        if once and g.strike_uses(c.side(minion), value) >= once:
            continue
        out.append(economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=value))
    return out


@hook("can_block", data=("bearer",))
def _bearer_can_block(game: Game, minion: int, act: Any) -> bool:
    return not any(b.cannot_block for _, b in _bearers(game, minion))


def _controlled_sum(game: Game, seat: int, field: str) -> int:
    """What the cards in play the seat controls give it (``Controller.<field>``), once per card name: asked at
    every hand-size and transfer count, so no set is built unless such a card is there."""
    given = game.compiled.controllers if game.compiled is not None else None
    if not given:
        return 0  # the hooks are called only at a table with such a card (data=("controller",))
    key = "controllers giving " + field
    giving = game.table.get(key)
    if giving is None:  # the table's cards giving this (hand size, transfers): fixed per table
        giving = game.table[key] = frozenset(v for v in g.at_table(game) if v in given and getattr(given[v], field))
    if not giving:
        return 0
    found: dict[int, Any] | None = None
    card_of = game.card_of
    for c in game.seats[seat].controlled:
        v = card_of[c]
        if v in giving:
            found = found or {}
            found[v] = given[v]
    return sum(getattr(x, field) for x in found.values()) if found else 0


@hook("transfers", data=("controller",))
def _controller_transfers(game: Game, seat: int) -> int:
    return _controlled_sum(game, seat, "transfers")


@hook("hand_size", data=("controller",))
def _controller_hand_size(game: Game, seat: int) -> int:
    return _controlled_sum(game, seat, "hand_size")


@hook("master_actions", data=("controller",))
def _controller_master_actions(game: Game, seat: int) -> int:
    return _controlled_sum(game, seat, "master_actions")


def _ally(game: Game, minion: int) -> Any:
    """The ``Ally`` of an ally in play, or None."""
    m = game.minions.get(minion)
    if m is None or m.kind != ALLY or game.compiled is None:
        return None
    return game.compiled.allies.get(m.card)


@hook("strikes", data=("ally",))
def _ally_strikes(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    """An ally's strikes, and its once-each-combat ones not used yet this combat."""
    a = _ally(game, minion)
    if a is None:
        return []
    seat = g.controller(game, minion)
    used = c.side(minion).used
    out = [economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=g.grant(s)) for s in a.strikes]
    for s in a.once_each_combat:
        value = g.grant(s)
        if f"granted:{value}" not in used:
            out.append(economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=value))
    return out


@hook("strikes")
def _printed_strikes(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    """A vampire's printed strike ("can burn 1 blood to strike: …"): its spec's W.STRIKE modes, offered with
    the strike cards (game.strike_options reads only the hand's)."""
    m = game.minions.get(minion)
    comp = game.compiled
    if m is None or comp is None or m.card not in comp.vampires:
        return []
    seat = g.controller(game, minion)
    out: list[economy.Option] = []
    for handler in comp.in_play.get((m.card, W.STRIKE), ()):
        out.extend(g.in_play_handler(game, handler, seat, minion, c))
    return out


@hook("strike_damage_taken", data=("ally",))
def _ally_damage_taken(game: Game, minion: int) -> int:
    a = _ally(game, minion)
    return a.strike_damage_taken if a is not None else 0


@hook("intercept", data=("ally",))
def _ally_intercept(game: Game, minion: int, act: Action) -> int:
    a = _ally(game, minion)
    if a is None or not a.intercept_vs_vampires:
        return 0
    actor = game.minions.get(act.actor)
    return a.intercept_vs_vampires if actor is not None and actor.kind == VAMPIRE else 0


@hook("strikes", effects=(StrikeThisRound,))
def _round_strikes(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    """The strikes a card made available this round (StrikeThisRound), the strongest first."""
    used = c.side(minion).used
    if not used:
        return []
    marked = [int(u.rsplit(":", 1)[1]) for u in used if u.startswith("round:strike:")]
    seat = g.controller(game, minion)
    return [
        economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=value)
        for value in sorted(marked, key=lambda v: -g.GRANTED[v].steal)
    ]


@hook("intercept", data=("everyone.ally_intercept_vs_vampires",))
def _everyone_intercept(game: Game, minion: int, act: Action) -> int:
    """Intercept a card in play gives every ally blocking an acting vampire (The Unmasking), once per card name."""
    comp = game.compiled
    if comp is None:
        return 0  # the hook is called only at a table with such a card (data=("everyone",))
    m = game.minions.get(minion)
    actor = game.minions.get(act.actor)
    if m is None or m.kind != ALLY or actor is None or actor.kind != VAMPIRE:
        return 0
    found: dict[int, int] = {}
    for s in game.order:
        for c in game.seats[s].controlled:
            e = comp.everyone.get(game.card_of[c]) if c not in game.minions else None
            if e is not None:
                found[game.card_of[c]] = e.ally_intercept_vs_vampires
    return sum(found.values())


@hook("intercept", effects=(AlliesAndYoungerLessIntercept,))
def _allies_and_younger_intercept(game: Game, minion: int, act: Action) -> int:
    if not act.flags:
        return 0
    less = act.flags.get("allies and younger: less intercept", 0)
    allies = act.flags.get("allies: less intercept", 0)
    out = -less if less and _ally_or_younger_than_actor(game, minion, act) else 0
    out -= act.flags.get(f"less intercept: {minion}", 0)  # ``blocker_for_blood`` (Into Thin Air)
    if allies:
        m = game.minions.get(minion)
        out -= allies if m is not None and m.kind == ALLY else 0
    return out


@hook("unlock", data=("upkeep",))
def _upkeep(game: Game, seat: int) -> int:
    """Each card in play with an ``Upkeep`` makes the unlocking Methuselah burn its pool (one burn for all)."""
    comp = game.compiled
    if comp is None:
        return 0  # the hook is called only at a table with such a card (data=("upkeep",))
    upkeeps = comp.upkeeps
    card_of = game.card_of
    burn = 0
    sects: set[str] | None = None
    for s in game.order:
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is None:
                u = upkeeps.get(card_of[c])
                if u is None or u.while_in_torpor:
                    continue
                if u.unless_ready_sect:
                    if sects is None:
                        sects = {x.sect for x in g.ready_minions(game, seat) if x.kind == VAMPIRE}
                    if u.unless_ready_sect in sects:
                        continue
                if u.if_controlling_not_sect and not own_vampires_not_of_sect(game, seat, u.if_controlling_not_sect):
                    continue
                burn += u.pool
            elif m.cards and m.torpor and m.in_play:
                burn += sum(u.pool for a in m.cards if (u := upkeeps.get(card_of[a])) is not None and u.while_in_torpor)
            elif m.cards and m.in_play and s != seat:
                burn += sum(
                    u.pool for a in m.cards if (u := upkeeps.get(card_of[a])) is not None and u.others_while_ready
                )
    if burn:
        economy.burn_pool(game, seat, burn)
        game.log("unlock burn", seat, burn)
    return 0


@hook("unlock", effects=(SkipNextUnlockIfAlly,))
def _skip_unlock(game: Game, seat: int) -> int:
    """The seat's allies that do not unlock as normal this unlock phase (``SkipNextUnlockIfAlly``) lock again."""
    skipped = [r for r in game.riders if r.key == "skip unlock" and r.seat == seat]
    for r in skipped:
        game.riders.remove(r)
        m = game.minions.get(r.holder)
        if m is not None and m.in_play:
            m.locked = True
            game.log("lock", seat, m.id)
    return 0


@hook("torpor", data=("bearer",))
def _bearer_torpor(game: Game, minion: int) -> None:
    """After a minion goes to torpor, its controller burns what the cards on it say (Fame: 3 pool)."""
    found = _bearers(game, minion)
    burn = sum(b.pool_on_torpor for _, b in found)
    if burn:
        seat = g.controller(game, minion)
        economy.burn_pool(game, seat, burn)
        game.log("fame", seat, minion)
    m = game.minions.get(minion)  # gone when Fame's pool burn ousted its controller, cards and all
    if m is not None and any(b.burns_on_torpor for _, b in found):  # "burn this card if the minion goes to torpor"
        given = game.compiled.bearers  # (Secure Haven)
        for copy in [c for c in m.cards if getattr(given.get(game.card_of[c]), "burns_on_torpor", 0)]:
            g.burn_card(game, copy)


@hook("round_start", effects=(ManeuverNextRound,))
def _maneuver_next_round(game: Game, c: Combat) -> None:
    for side in (c.a, c.b):
        if "combat:maneuver next round" in side.used:
            side.used.discard("combat:maneuver next round")
            side.maneuvers += 1


@hook("round_start", effects=(PreventInFirstRound, NoStrikesFirstRound))
def _first_round(game: Game, c: Combat) -> None:
    if c.round == 1:
        for side in (c.a, c.b):
            for mark in list(side.used):
                if mark.startswith("combat:prevent first round:"):
                    side.prevent += int(mark.split(":")[2])
                elif mark == "combat:no strikes first round":
                    side.used.add("round:cannot strike")


@hook("round_start", effects=(PreventEachRound,))
def _prevent_each_round(game: Game, c: Combat) -> None:
    for side in (c.a, c.b):
        if "combat:prevent each round" in side.used:
            side.prevent += 1


@hook("blocked", effects=(IfBlockedEndAction,))
def _blocked_lock_and_end(game: Game, act: Action) -> None:
    if act.flags.get("blocked: lock and end") and act.blocker in game.minions:
        game.minions[act.blocker].locked = True
        act.ended = True
        game.log("action ends", act.seat, act.actor)


@hook("attempt_short", effects=(BloodForIntercept,))
def _blood_for_intercept(game: Game, act: Action) -> int:
    """The blocker burns 1 blood for +1 intercept (``BloodForIntercept``) when that, with the blood it keeps, can
    close the gap to the stealth; 1 when it did (the window reopens)."""
    key = f"blood for intercept:{act.blocker}"
    uses = act.flags.get(key, 0)
    m = game.minions.get(act.blocker)
    gap = act.stealth - act.intercept
    if not uses or m is None or gap <= 0 or m.blood <= gap or act.flags.get("attempt_fails"):
        return 0
    g.move_blood(game, m.id, -1)
    act.intercept += 1
    act.flags[key] = uses - 1
    game.log("blood for intercept", g.controller(game, m.id), m.id)
    return 1


@hook("blocked", effects=(LockUnlessBlocks,))
def _lock_spared(game: Game, act: Action) -> None:
    act.flags.pop(f"lock unless blocks:{act.blocker}", None)


@hook("after_resolution", effects=(LockUnlessBlocks,))
def _lock_unless_blocked(game: Game, act: Action) -> None:
    for key in [k for k in act.flags if k.startswith("lock unless blocks:")]:
        del act.flags[key]
        m = game.minions.get(int(key.split(":")[1]))
        if m is not None and m.in_play and not m.locked:
            m.locked = True
            game.log("lock", g.controller(game, m.id), m.id)


@hook("blocked", effects=(BurnBloodUnlessBlocks,))
def _blocker_spared(game: Game, act: Action) -> None:
    """The blocker is spared (LSJ 20070417); a woken minion that did not block burns as the blocked action
    resolves ("before action resolution", successfully or not: LSJ 19990421), unless the block ended it."""
    act.flags.pop(f"burn unless blocks:{act.blocker}", None)
    if not act.ended:
        _burn_unless_blocked(game, act)


def _burn_unless_blocked(game: Game, act: Action) -> None:
    for key in [k for k in act.flags if k.startswith("burn unless blocks:")]:
        del act.flags[key]
        minion = int(key.split(":")[1])
        if minion in game.minions:
            g.move_blood(game, minion, -1)
            game.log("forced awakening", g.controller(game, minion), minion)


@hook("before_resolution", effects=(LockFailedBlockers, BurnBloodUnlessBlocks))
def _before_resolution(game: Game, act: Action) -> None:
    if not act.flags:
        return
    if act.flags.get("lock failed blockers"):
        for m in act.tried:
            if m in game.minions and not act.flags.get(f"failed blocker spared:{m}"):
                game.minions[m].locked = True
                game.log("lock", g.controller(game, m), m)
    _burn_unless_blocked(game, act)


@hook("can_block", effects=(KindCannotBlock,))
def _kind_can_block(game: Game, minion: int, act: Any) -> bool:
    if not act.flags:
        return True
    m = game.minions.get(minion)
    return m is None or not act.flags.get(f"kind cannot block:{m.kind}")


@hook("can_block", effects=(AttemptCostsBlood,))
def _can_pay_attempt(game: Game, minion: int, act: Any) -> bool:
    return not act.flags or _attempt_blood(game, minion, act) >= 0


@hook("block_attempt", effects=(AttemptCostsBlood,))
def _pay_attempt(game: Game, act: Action, blocker: int) -> None:
    owed = _attempt_blood(game, blocker, act) if act.flags else 0
    if owed > 0:
        g.move_blood(game, blocker, -owed)
        game.log("attempt costs blood", g.controller(game, blocker), blocker, owed)


@hook("strikes", effects=(CombatEndsStrikeIfBlocked,))
def _combat_ends_strike(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    act = c.action
    if act is None or c.round != 1 or not act.flags:
        return []
    strike = act.flags.get(f"combat ends strike:{minion}")
    if not strike:
        return []
    return [economy.Option(economy.Kind.STRIKE, g.controller(game, minion), minion=minion, card=-1, value=strike)]


@hook("after_resolution", effects=(DamageAfterResolution,))
@hook("action_ended", effects=(DamageAfterResolution,))
def _damage_after_resolution(game: Game, act: Action) -> None:
    for key in [k for k in act.flags if k.startswith("damage after resolution:")]:
        minion = int(key.split(":")[1])
        damage = act.flags.pop(key)
        if minion in game.minions and game.minions[minion].in_play:
            g.take_damage(game, minion, 0, damage)


@hook("after_resolution", effects=(UnlockAfterSuccess,))
def _unlock_after_success_free(game: Game, act: Action) -> None:
    free = act.flags.pop("unlock after success (free)", 0)
    clans = [key[len(_UNLOCK_IF_CLAN) :] for key in act.flags if key.startswith(_UNLOCK_IF_CLAN)]
    for clan in clans:
        del act.flags[_UNLOCK_IF_CLAN + clan]
    if (free or clans) and act.succeeded:
        m = game.minions.get(act.actor)
        if m is None or not m.locked or m.torpor:
            return
        if free or (m.kind == VAMPIRE and m.clan in clans):
            m.locked = False
            game.log("unlock", act.seat, m.id)


@hook("after_resolution", effects=(UnlockAfterSuccessForBlood,))
def _unlock_after_success(game: Game, act: Action) -> None:
    if act.flags.pop("unlock after success", 0) and act.succeeded:
        m = game.minions.get(act.actor)
        if m is not None and m.locked and m.blood >= 2 and not m.torpor:
            g.move_blood(game, m.id, -1)
            m.locked = False
            game.log("unlock", act.seat, m.id)


def bearer_maneuvers(game: Game, c: Combat, side: Any) -> None:
    """A weapon's optional maneuver once each combat, one per weapon card even with several copies or a new
    bearer (LSJ 19980302-2): using it commits the bearer to the weapon's strike (game.weapon_maneuver)."""
    for vekn, b in _bearers(game, side.minion, c):
        key = f"combat:maneuver:{vekn}"
        if b.maneuver_each_combat and key not in side.used:
            side.used.add(key)
            g.weapon_maneuver(side, b.strike)


@hook(
    "combat_start",
    data=("bearer", "ally"),
    effects=(ManeuverInCombat, ManeuverOrPressInCombat, NoEquipmentInCombat, PreventInFirstRound, NoStrikesFirstRound),
)
def _bearer_combat_start(game: Game, c: Combat) -> None:
    act = c.action
    # The combat resulting from a block starts with the action on top of the frames (a follow-up one queued by
    # Psyche! starts over the ended combat): "the resulting combat" of ManeuverInCombat and NoEquipmentInCombat.
    from_block = act is not None and act.blocked and bool(game.frames) and game.frames[-1] is act
    for side in (c.a, c.b):
        if from_block and act is not None and act.flags.get(f"no equipment:{side.minion}"):
            side.used.add("combat:no equipment")
        bearer_maneuvers(game, c, side)
        a = _ally(game, side.minion)
        if a is not None:
            side.combat_presses += a.presses_each_combat
            side.combat_maneuvers += a.maneuvers_each_combat
        if from_block and act is not None and act.flags.get(f"combat maneuver:{side.minion}"):
            side.combat_maneuvers += 1
        if (
            from_block
            and act is not None
            and act.blocker == side.minion
            and act.flags.get(f"no strikes first round:{side.minion}")
        ):
            c.a.used.add("combat:no strikes first round")
            c.b.used.add("combat:no strikes first round")
        if from_block and act is not None and act.flags.get(f"prevent first round:{side.minion}"):
            side.used.add(f"combat:prevent first round:{act.flags[f'prevent first round:{side.minion}']}")
        if act is not None and act.flags.pop(f"combat maneuver or press:{side.minion}", 0):  # ManeuverOrPress…
            side.combat_maneuvers += 1
            side.combat_presses += 1
            side.used.add("combat:maneuver or press")


# -- political terms: allocations of points among Methuselahs ---------------------------------------------------


def _split_patterns(total: int) -> tuple[tuple[int, ...], ...]:
    """The splits of ``total`` points the bots consider, the prey's share first, then one or two others': never
    all on one Methuselah (LSJ 20000622)."""
    pairs = tuple((total - k, k) for k in range(1, total // 2 + 1))
    return pairs + ((total - 2, 1, 1),)


def allocations_among_others(total: int) -> Callable[[Game, Play], list[dict[int, int]]]:
    """Allocations of ``total`` points among two or more Methuselahs other than the caller (the prey takes the
    most); none when fewer than two are left to share them (LSJ 20100129)."""

    def allocations(game: Game, play: Play) -> list[dict[int, int]]:
        prey = game.prey(play.seat)
        rest = [s for s in game.order if s not in (play.seat, prey)]
        if prey == play.seat or not rest:
            return []
        out = []
        for pattern in _split_patterns(total):
            if len(pattern) - 1 <= len(rest):
                out.append({prey: pattern[0], **{rest[i]: n for i, n in enumerate(pattern[1:])}})
        return out

    return allocations


def allocations_with_caller_of(points: int = 0) -> Callable[[Game, Play], list[dict[int, int]]]:
    """Allocations of ``points`` points (4: Kine Resources Contested; 0: "X points, X the number of Methuselahs in
    the game", Conservative Agitation) the bots consider, best first for the caller: among two or more Methuselahs
    (the caller may be one: LSJ 20000622), never all on one. Half to the prey and half to the next; all but 1 to
    the prey and 1 to the next; half to the prey and 1 to each of two others; all but 1 to the prey and 1 to the
    caller (the only split left with two Methuselahs)."""

    def allocations(game: Game, play: Play) -> list[dict[int, int]]:
        total = points or len(game.order)
        prey = game.prey(play.seat)
        if prey == play.seat:
            return []
        rest = [s for s in game.order if s not in (play.seat, prey)]
        out = []
        if rest:
            out += [{prey: total // 2, rest[0]: total - total // 2}, {prey: total - 1, rest[0]: 1}]
        if len(rest) >= 2:
            out.append({prey: total - 2, rest[0]: 1, rest[1]: 1})
        out.append({prey: total - 1, play.seat: 1})
        return out

    return allocations


def allocation_mode(allocations: Callable[[Game, Play], list[dict[int, int]]], gain: int, **fields: Any) -> Mode:
    """A political mode whose terms are an allocation of points among Methuselahs (``allocations``: the ones the
    bots consider, best first for the caller): each Methuselah burns 1 pool a point (at the same moment, ousts
    checked once after: LSJ 20000309), then the caller gains ``gain`` pool. Kine Resources Contested, Reckless
    Agitation, Camarilla's Iron Fist. Its ``stakes``: what passing costs each seat and gives the caller (the
    bots vote by it)."""

    def terms(game: Game, play: Play) -> Sequence[int]:
        return list(range(len(allocations(game, play))))

    def allocation(game: Game, play: Play) -> dict[int, int]:
        found = allocations(game, play)
        return found[play.target] if 0 <= play.target < len(found) else {}

    def effect(game: Game, play: Play) -> None:
        from .economy import check_ousts, gain_pool

        for seat, points in sorted(allocation(game, play).items()):
            s = game.seats[seat]
            if not s.ousted:
                paid = min(points, s.pool)
                s.pool -= paid
                game.burned += paid
        game.log("pool burned by referendum", play.seat)
        if gain and not game.seats[play.seat].ousted:
            gain_pool(game, play.seat, gain)
        check_ousts(game)

    def stakes(game: Game, play: Play, seat: int) -> float:
        return -float(allocation(game, play).get(seat, 0)) + (2.5 + gain if seat == play.seat else 0.0)

    def possible(game: Game, play: Play) -> bool:
        return bool(allocations(game, play))

    return Mode(
        window=W.ACTION, political=True, when=possible, targets=terms, effects=(effect,), stakes=stakes, **fields
    )


# --- words added for masters_b

enter_combat = g.combat  # a combat outside a card's effect list (Yawp Court, before a referendum)


@dataclasses.dataclass(frozen=True, slots=True)
class MillPreyLibrary:
    """Burn the top ``n`` cards of the player's prey's library (to its ash heap, as many as there are): The
    Slaughterhouse."""

    n: int

    def __call__(self, game: Game, play: Play) -> None:
        prey = game.prey(play.seat)
        s = game.seats[prey]
        burned = 0
        for _ in range(self.n):
            if s.library:
                s.ash_heap.append(s.library.pop())
                burned += 1
        game.log("mill", prey, burned)


def removal_stealth(name: str, amount: int, *, clan: str = "", titled: bool = False) -> None:
    """ "… can burn (steal) this card as a (D) action; Malkavians (titled vampires) get +1 stealth during that
    action": a "stealth" hook for the engine's action against the card named (Act.BURN_CARD, Act.STEAL_CARD) by an
    actor of ``clan`` or with a title (Powerbase: Barranquilla, Wasserschloss Anif)."""

    @hook("stealth", name)
    def stealth(game: Game, act: Action) -> int:
        if act.kind not in (Act.BURN_CARD, Act.STEAL_CARD) or act.target_minion < 0:
            return 0
        if game.card_of[act.target_minion] != vekn(game, name):
            return 0
        m = game.minions.get(act.actor)
        if m is None or (clan and m.clan != clan) or (titled and not m.title):
            return 0
        return amount


def counters_on(game: Game, copy: int) -> int:
    return game.card_counters.get(copy, 0)


def hunting_ground(game: Game, copy: int) -> bool:
    """A card in play that is a hunting ground ("Unique location. Hunting ground."): its first line says so."""
    card = game.compiled.cards.get(game.card_of[copy]) if game.compiled is not None else None
    first = (card.text or "").split("\n", 1)[0].lower() if card is not None else ""
    return "hunting ground" in first


def lock_to_discount(
    name: str,
    amount: int,
    applies: Callable[[Game, Any, int, int], bool],
    *,
    edge: bool = False,
    blood_only: bool = False,
) -> None:
    """ "You can lock this card to reduce the cost of a card … by N": a "discount" hook (game.card_cost) that takes
    ``amount`` off the blood cost, else the pool cost, of a card ``applies`` to (handler, the paying seat, the
    minion; ``blood_only``: a blood cost only), while a copy its player controls is unlocked (and, with ``edge``,
    the player has the Edge). It is
    used on the first such card with a cost (not a choice); it lets a card otherwise unaffordable be played
    (LSJ 20090705). An action card's discount locks the card as the action is announced, so an action cancelled
    as it is played leaves it unlocked (ANK 20230620): until then it is held for that action card. The Line, The
    Shard."""

    def copies(game: Game, seat: int) -> list[int]:
        wanted = vekn(game, name)
        return [c for c in game.seats[seat].controlled if game.card_of[c] == wanted and c not in game.locked_cards]

    def held(game: Game, copy: int) -> bool:
        """Held for an action card still set aside (one cancelled as played has gone to the ash heap)."""
        keys = [k for k in game.used if k[0] == "discount held" and k[1] == copy]
        return any(game.card_of[c] == k[2] for k in keys for c in game.aside)

    @hook("discount", name)
    def discount(
        game: Game, handler: Any, seat: int, minion: int, blood: int, pool: int, paying: bool
    ) -> tuple[int, int]:
        if not (blood if blood_only else blood or pool) or seat < 0 or (edge and game.edge != seat):
            return blood, pool
        if handler.mode.in_play or not applies(game, handler, seat, minion):
            return blood, pool
        free = [c for c in copies(game, seat) if not held(game, c)]
        if not free:
            return blood, pool
        if paying:
            act = g.current_action(game)
            if handler.mode.window is W.ACTION and act is None:  # an action being announced (game.action)
                game.used.add(("discount held", free[0], handler.card))
            else:
                game.locked_cards.add(free[0])
                game.log("lock", seat, free[0])
        return (max(0, blood - amount), pool) if blood else (blood, max(0, pool - amount))

    @hook("announced", name)
    def lock_held(game: Game, act: Action) -> None:
        if act.card < 0:
            return
        for key in sorted(k for k in game.used if k[0] == "discount held" and k[2] == game.card_of[act.card]):
            game.used.discard(key)
            if key[1] not in game.locked_cards:
                game.locked_cards.add(key[1])
                game.log("lock", act.seat, key[1])


def hunting_ground_fed(game: Game, minion_id: int) -> bool:
    """ "A vampire can gain blood from only one hunting ground each turn": a mark in ``game.used``."""
    return ("hunting ground", minion_id, game.turn) in game.used


def hunting_ground_feedable(game: Game, play: Play) -> Sequence[int]:
    """A ready vampire of the player's that can take blood and has not fed from a hunting ground this turn."""
    return [
        m.id
        for m in g.ready_minions(game, play.seat)
        if m.kind == VAMPIRE and m.blood < m.capacity and not hunting_ground_fed(game, m.id)
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class HuntingGroundBlood:
    """A hunting ground's blood to the target vampire, marked as its one hunting ground this turn."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        gained = g.move_blood(game, play.target, self.amount)
        game.used.add(("hunting ground", play.target, game.turn))
        game.log("add blood", play.seat, play.target, gained)


def controls_ready_of_clan(*clans: str) -> Pred:
    """A master card's clan requirement: its player controls a ready vampire of the clan."""

    def check(game: Game, play: Play) -> bool:
        return any(m.kind == VAMPIRE and m.clan in clans for m in g.ready_minions(game, play.seat))

    return check


def own_ready_sabbat_vampires(game: Game, play: Play) -> Sequence[int]:
    return [m.id for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.sect == "Sabbat"]


def blocker_of(own: bool | None, sect: str = "", clan: str = "", kind: int | None = None, min_blood: int = 0) -> Pred:
    """A block attempt by a minion of the card's controller (``own``) or of another Methuselah (``own=False``) or of
    anyone (``own=None``: Ponticulus's "any Tremere") (of ``sect``, of ``clan``, of ``kind``, with ``min_blood`` blood
    or more): a location's intercept (KRCG News Radio, Market Square, The Rumor Mill: a vampire with blood to burn)."""

    def check(game: Game, play: Play) -> bool:
        act = play.frame
        if not isinstance(act, Action) or act.blocker < 0:
            return False
        m = game.minions.get(act.blocker)
        if m is None or (own is not None and (g.controller(game, act.blocker) == play.seat) != own):
            return False
        if clan and not (m.kind == VAMPIRE and m.clan == clan):
            return False
        if (kind is not None and m.kind != kind) or m.blood < min_blood:
            return False
        return not sect or (m.kind == VAMPIRE and m.sect == sect)

    return check


def card_has_counters(game: Game, play: Play) -> bool:
    """The card in play being used has counters on it."""
    return counters_on(game, play.card) > 0


def x_counters_of_card(game: Game, play: Play) -> Sequence[int]:
    """X: 1 to the counters on the card in play being used."""
    return range(1, counters_on(game, play.card) + 1)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnXCounters:
    """Burn X (the play's value) counters from the card in play being used."""

    def __call__(self, game: Game, play: Play) -> None:
        game.card_counters[play.card] = max(0, counters_on(game, play.card) - play.value)


# --- words added for permanents


def copies_on(game: Game, minion: int, name: str) -> list[int]:
    """The copies of the named card on the minion (equipment, retainers, a location on it); a retainer's only while it
    has its abilities (not in combat with Stanislava: the "retainer_abilities" hook)."""
    m = game.minions.get(minion)
    if m is None or not m.cards:
        return []
    wanted = vekn(game, name)
    found = [c for c in m.cards if game.card_of[c] == wanted]
    if found and g.hooks_of(game, "retainer_abilities") and not g.hook_all(game, "retainer_abilities", minion):
        found = [c for c in found if c not in game.minions]
    return found


@dataclasses.dataclass(frozen=True, slots=True)
class MarkThisCard:
    """Mark the card copy played for as long as it stays in play (a rider on the copy): the version a retainer was
    employed at, which the Discipline level decides for good (Raptor [ANI]: RTR 19941109, ANK 20180612)."""

    key: str

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, play.card, self.key, 1, Until.END_OF_GAME)


def card_marked(game: Game, copy: int, key: str) -> bool:
    """Whether the card copy carries the mark (``MarkThisCard``)."""
    return any(r.holder == copy and r.key == key for r in game.riders) if game.riders else False


def while_carried(
    name: str,
    *,
    maneuvers: int = 0,
    presses: int = 0,
    opposing_hand_size: int = 0,
    open_hand: bool = False,
    damage: int = 0,
    close_only: bool = False,
    strike_once: Any = None,
    opposing_cannot_end_combat: bool = False,
    maneuver_or_press: bool = False,
    clan: str = "",
    marked: str = "",
    opposing_steals: bool = False,
) -> None:
    """What a card on a minion (a retainer, an equipment, a location on it) gives in each of the bearer's combats,
    per copy it carries (``marked``: only copies with that mark, ``MarkThisCard``): optional ``maneuvers`` and
    ``presses`` each combat (IR Goggles, Jackie Therman); the opposing minion's controller plays with an open hand
    (Owl Companion) or ±``opposing_hand_size`` (Raptor [ANI]) while the combat lasts; ``damage`` to the opposing
    minion each round during normal strike resolution (Murder of Crows: 1R; ``close_only``: at close range,
    Vengeful Spirit): environmental damage with the retainer as its source, dealt even against a dodge, not when
    combat ended or a combatant left at first strike, and not an additional strike (RTR 19941109, PIB 20140324,
    ANK 20200422); a strike usable ``strike_once`` each combat (Treasured Samadji's dodge); the opposing minion
    cannot strike: combat ends (``opposing_cannot_end_combat``: Dog Pack, read by game.strike_options); an optional
    maneuver or press each combat (``maneuver_or_press``: Ruins of Ceoris). ``clan``: only for a bearer of that
    clan ("The Tremere antitribu with this location"). ``opposing_steals``: "an opposing minion can strike: steal this
    equipment" (Kaymakli Fragment): a close-range strike of no damage offered to the minion in combat with the bearer,
    resolved with the round's normal strikes (not against a dodge, nor by a striker no longer ready): a copy moves to
    the striker. Registers the hooks."""

    def copies(game: Game, minion: int) -> int:
        if clan:
            m = game.minions.get(minion)
            if m is None or m.clan != clan:
                return 0
        found = copies_on(game, minion, name)
        if marked:
            found = [c for c in found if card_marked(game, c, marked)]
        return len(found)

    if maneuvers or presses or opposing_hand_size or open_hand or opposing_cannot_end_combat or maneuver_or_press:

        @hook("combat_start", name)
        def _start(game: Game, c: Combat) -> None:
            for side in (c.a, c.b):
                n = copies(game, side.minion)
                if not n:
                    continue
                side.combat_maneuvers += maneuvers * n
                side.combat_presses += presses * n
                if opposing_cannot_end_combat:
                    c.other(side.minion).used.add("combat:cannot end combat")
                if maneuver_or_press:  # the one not used goes with the one used (game._alternate)
                    side.combat_maneuvers += 1
                    side.combat_presses += 1
                    side.used.add("combat:maneuver or press")
                seat = g.controller(game, c.other(side.minion).minion)
                if open_hand:
                    g.add_rider(game, -1 - seat, "open hand", 1, Until.AFTER_COMBAT, seat)
                    game.log("open hand", g.controller(game, side.minion), seat)
                if opposing_hand_size:
                    g.add_rider(game, -1 - seat, "hand_size", opposing_hand_size * n, Until.AFTER_COMBAT, seat)
                    if opposing_hand_size > 0:
                        g.refill(game, seat)

    if damage:
        mark = f"combat:damage each round:{name}:"

        @hook("normal_strike_resolution", name)
        def _damage(game: Game, c: Combat) -> None:
            if close_only and c.range is not Range.CLOSE:
                return
            for side in (c.a, c.b):
                n = copies(game, side.minion)
                if not n or any(u.startswith(mark) for u in side.used):
                    continue
                other = c.other(side.minion)
                c.env_damage[other.minion] = c.env_damage.get(other.minion, 0) + damage * n
                side.used.add(f"{mark}{damage * n}")
                game.log("retainer damage", g.controller(game, side.minion), side.minion, damage * n)

        @hook("round_start", name)
        def _round(game: Game, c: Combat) -> None:
            """This round's damage was dealt with last round's strikes: taken back."""
            for side in (c.a, c.b):
                for u in [u for u in side.used if u.startswith(mark)]:
                    side.used.discard(u)
                    other = c.other(side.minion).minion
                    c.env_damage[other] = max(0, c.env_damage.get(other, 0) - int(u.rsplit(":", 1)[1]))

    if strike_once is not None:

        @hook("strikes", name)
        def _strikes(game: Game, c: Combat, minion: int) -> list[economy.Option]:
            if not copies(game, minion):
                return []
            value = g.grant(strike_once)
            if f"granted:{value}" in c.side(minion).used:
                return []
            return [
                economy.Option(economy.Kind.STRIKE, g.controller(game, minion), minion=minion, card=-1, value=value)
            ]

    if opposing_steals:
        steal = g.Strike(damage=0, label=f"steal {name}")

        @hook("strikes", name)
        def _steal_strike(game: Game, c: Combat, minion: int) -> list[economy.Option]:
            if not copies_on(game, c.other(minion).minion, name):
                return []
            seat = g.controller(game, minion)
            return [economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=g.grant(steal))]

        @hook("normal_strike_resolution", name)
        def _stolen(game: Game, c: Combat) -> None:
            for side in (c.a, c.b):
                other = c.other(side.minion)
                if not isinstance(side.strike, g.Strike) or side.strike.label != steal.label or other.dodging:
                    continue
                victim, thief = game.minions.get(other.minion), game.minions.get(side.minion)
                found = copies_on(game, other.minion, name)
                if victim is None or thief is None or not found or not is_ready(game, thief.id):
                    continue
                victim.cards.remove(found[0])
                thief.cards.append(found[0])
                seat = g.controller(game, thief.id)
                if game.owner_of[found[0]] != seat:
                    game.log("steal", seat, found[0], g.controller(game, victim.id))


def ally_stealth(name: str, amount: int) -> None:
    """The named ally "has +N stealth" on its actions (Double Deuce, Veneficti): registers the hook."""

    @hook("stealth", name)
    def _stealth(game: Game, act: Action) -> int:
        m = game.minions.get(act.actor)
        return amount if m is not None and m.kind == ALLY and m.card == vekn(game, name) else 0


@dataclasses.dataclass(frozen=True, slots=True)
class BurnLifeOfThisCard:
    """The retainer or ally being used burns ``amount`` life (burned at none): Crypt's Sons, Underbridge Stray."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.card)
        if m is None:
            return
        g.move_blood(game, m.id, -self.amount)
        game.log("burn blood", play.seat, m.id, self.amount)
        if m.blood <= 0:
            g.burn_minion(game, m.id)


def has_life(game: Game, play: Play) -> bool:
    """The retainer or ally being used has life to burn."""
    m = game.minions.get(play.card)
    return m is not None and m.blood >= 1


def bearer_of(game: Game, play: Play) -> int:
    """The minion a card in play is on: a retainer's employer (a retainer in play is used as a minion of its own,
    ``play.minion``), an equipment's bearer, or the ally itself."""
    m = game.minions.get(play.minion)
    return m.holder if m is not None and m.kind == RETAINER and m.holder >= 0 else play.minion


def holder_blocked(game: Game, play: Play) -> bool:
    """The minion this card is on (or the ally itself) is the acting minion, and it is blocked (before block
    resolution: W.BLOCKED)."""
    act = action_of(play)
    return act is not None and act.actor == bearer_of(game, play) and act.blocked and act.blocker >= 0


def bearer_in_sect(sect: str) -> Pred:
    """The minion this card is on is of the sect ("If this Anarch…": Crypt's Sons)."""

    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(bearer_of(game, play))
        return m is not None and m.sect == sect

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class BlockFailsAndContinues:
    """Before block resolution: lock the blocking minion (``lock_blocker``) and the action continues as if unblocked
    (game.py goes back to the block attempts of the Methuselahs who have not declined yet: ANK 20190116); every
    modifier and reaction played stays in effect (RTR 19941109). Crypt's Sons. Without ``lock_blocker`` the blocker
    is not locked (Psychomachia [dai]: LSJ 20030902-1); ``unlock_blocker``: it unlocks (Horrific Countenance);
    ``damage``: it first takes that much unpreventable environmental damage (Psychomachia [DAI])."""

    lock_blocker: bool = True
    unlock_blocker: bool = False
    damage: int = 0

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None or act.blocker < 0:
            return
        blocker = act.blocker
        if self.damage and blocker in game.minions:
            g.take_damage(game, blocker, self.damage, 0)
        if self.lock_blocker and blocker in game.minions:
            game.minions[blocker].locked = True
        act.blocked = False
        act.tried.add(blocker)
        act.cannot_block.add(blocker)
        act.blocker = -1
        act.intercept = 0
        game.log("block fails", g.controller(game, blocker), blocker)
        m = game.minions.get(blocker)
        if self.unlock_blocker and m is not None and m.locked:
            m.locked = False
            game.log("unlock", g.controller(game, blocker), blocker)


def ready_unlocked(game: Game, play: Play) -> bool:
    """The minion being used (an ally locking for its ability) is ready and unlocked."""
    m = game.minions.get(play.minion)
    return m is not None and not m.locked and g.is_ready(game, m.id)


def own_acting_of_clan(clan: str) -> Pred:
    """The acting minion of the current action is the player's, of the clan (Saatet-ta: a Follower of Set)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play) or g.current_action(game)
        m = game.minions.get(act.actor) if act is not None else None
        return m is not None and m.clan == clan and g.controller(game, m.id) == play.seat

    return check


def own_blocking_of_clan(clan: str) -> Pred:
    """The minion attempting to block the current action is the player's, of the clan (Saatet-ta)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play) or g.current_action(game)
        m = game.minions.get(act.blocker) if act is not None and act.blocker >= 0 else None
        return m is not None and m.clan == clan and g.controller(game, m.id) == play.seat

    return check


def ally_regains_life(name: str, *, at_most: int = 2, amount: int = 1, donor_sect: str = "") -> None:
    """ "If this ally has ``at_most`` or fewer life during your unlock phase, it gains ``amount`` life" (Double Deuce,
    Renegade Garou), or, with ``donor_sect``, "any ready <sect> may burn a blood to add 1 life to him" (Grey Thorne:
    "Anarch"): by a fixed rule, the ready vampire of that sect with the most blood, when it has 2 or more, burns
    ``amount`` blood for it. Registers the unlock hook."""

    @hook("unlock", name)
    def _regain(game: Game, seat: int) -> int:
        wanted = vekn(game, name)
        for c in game.seats[seat].controlled:
            m = game.minions.get(c)
            if m is None or m.kind != ALLY or m.card != wanted or not m.in_play or m.blood > at_most:
                continue
            if not donor_sect:
                g.move_blood(game, m.id, amount)
                game.log("add blood", seat, m.id, amount)
                continue
            donors = [
                d
                for d in g.ready_minions(game, seat)
                if d.kind == VAMPIRE and d.sect == donor_sect and d.blood >= amount + 1
            ]
            if donors:
                donor = max(donors, key=lambda d: (d.blood, -d.id))
                g.move_blood(game, donor.id, -amount)
                g.move_blood(game, m.id, amount)
                game.log("move blood", seat, donor.id, m.id, amount)
        return 0


def bearer_stealth(name: str, amount: int, *, clan: str = "") -> None:
    """The minion with the named card (of the ``clan``, if given: "The Harbinger of Skulls with this equipment")
    gets +N stealth on its actions (Erebus Mask): registers the hook."""

    @hook("stealth", name)
    def _stealth(game: Game, act: Action) -> int:
        m = game.minions.get(act.actor)
        if m is None or not m.cards or (clan and m.clan != clan):
            return 0
        return amount if copies_on(game, m.id, name) else 0


def bearer_blocking(resulting_combat: bool = False) -> Pred:
    """The minion this card is on is attempting to block the current action (Feral Hound's +1 intercept); with
    ``resulting_combat``, it blocked it and the combat going on is the one resulting from that block, the first of the
    action (a combat queued by Psyche! is not: LSJ 20010814): "If the bearer blocks, … the first round of the
    resulting combat" (Sniper Rifle)."""

    def check(game: Game, play: Play) -> bool:
        c = combat_of(play)
        if resulting_combat:
            act = c.action if c is not None else None
        else:
            act = action_of(play) or g.current_action(game)
        if act is None or act.blocker < 0 or act.blocker != bearer_of(game, play):
            return False
        if not resulting_combat:
            return True
        return c is not None and act.blocked and c.b.minion == act.blocker and act.flags.get(_COMBATS, 0) == 1

    return check


_UNLOCK_IN_DISCARD = "unlock in the discard phase"


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockInDiscardPhase:
    """The acting minion unlocks during its controller's next discard phase (Feral Hound [ani]), as it starts."""

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, play.minion, _UNLOCK_IN_DISCARD, 1, Until.END_OF_GAME, play.seat)


@hook("discard_phase", effects=(UnlockInDiscardPhase,))
def _unlock_in_discard_phase(game: Game, seat: int) -> None:
    due = [r for r in game.riders if r.key == _UNLOCK_IN_DISCARD and r.seat == seat]
    for r in due:
        game.riders.remove(r)
        m = game.minions.get(r.holder)
        if m is not None and m.locked and g.is_ready(game, m.id):
            m.locked = False
            game.log("unlock", seat, m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockAtEndOfTurn:
    """The acting minion unlocks at the end of the turn (Leather Jacket: "if the action to equip … is successful";
    Zephyr [cel]: "unlock this vampire at the end of the turn"), as the discard phase ends."""

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, play.minion, "unlock at end of turn", 1, Until.END_OF_GAME, play.seat)


@hook("discard_phase_end", effects=(UnlockAtEndOfTurn,))
def _unlock_at_end_of_turn(game: Game, seat: int, discarded: list[int]) -> None:
    due = [r for r in game.riders if r.key == "unlock at end of turn" and r.seat == seat]
    for r in due:
        game.riders.remove(r)
        m = game.minions.get(r.holder)
        if m is not None and m.locked and g.is_ready(game, m.id):
            m.locked = False
            game.log("unlock", seat, m.id)


def holder_below_capacity(game: Game, play: Play) -> bool:
    """The vampire this card is on is ready and has room for more blood (Blood Tears of Kephran)."""
    m = game.minions.get(play.minion)
    return m is not None and m.kind == VAMPIRE and g.is_ready(game, m.id) and m.blood < m.capacity


_LIFE = re.compile(r"with (\d+) life")


def starting_life(game: Game, minion: int) -> int:
    """An ally's or retainer's starting life, as printed ("Unique mortal with 2 life"); 0 if none is printed."""
    m = game.minions.get(minion)
    printed = game.compiled.cards.get(m.card) if m is not None and game.compiled is not None else None
    found = _LIFE.search(printed.text or "") if printed is not None else None
    return int(found.group(1)) if found else 0


def allies_below_starting_life(game: Game, play: Play) -> Sequence[int]:
    """The player's allies in play with fewer life than their starting life (Vagabond Mystic)."""
    out = []
    for c in game.seats[play.seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.kind == ALLY and m.in_play and m.blood < starting_life(game, c):
            out.append(c)
    return out


def ally_cannot_block_vampires(name: str) -> None:
    """The named ally "cannot block vampires" (Vagabond Mystic): registers the hook."""

    @hook("can_block", name)
    def _can_block(game: Game, minion: int, act: Any) -> bool:
        m, actor = game.minions.get(minion), game.minions.get(act.actor)
        if m is None or m.kind != ALLY or actor is None or actor.kind != VAMPIRE:
            return True
        return m.card != vekn(game, name)


def ally_prevents_each_round(name: str, amount: int = 1) -> None:
    """The named ally "can prevent N damage each round of combat" (The Vozhd of Gravesend): always used, prevention
    costing nothing. Registers the hook."""

    @hook("round_start", name)
    def _prevent(game: Game, c: Combat) -> None:
        wanted = vekn(game, name)
        for side in (c.a, c.b):
            m = game.minions.get(side.minion)
            if m is not None and m.kind == ALLY and m.card == wanted:
                side.prevent += amount


def ally_first_strike(name: str) -> None:
    """The named ally "strikes with first strike" (Muddled Vampire Hunter): its side's mark, read by
    game.resolve_strikes. Registers the hook."""

    @hook("combat_start", name)
    def _first(game: Game, c: Combat) -> None:
        wanted = vekn(game, name)
        for side in (c.a, c.b):
            m = game.minions.get(side.minion)
            if m is not None and m.kind == ALLY and m.card == wanted:
                side.used.add("combat:first strike")


def bearer_acting(game: Game, play: Play) -> bool:
    """The minion this card is on is the acting minion of the current action."""
    act = action_of(play) or g.current_action(game)
    return act is not None and act.actor == bearer_of(game, play)


def directed_at_bearer(game: Game, play: Play) -> bool:
    """The current action is directed at the minion this card is on (Zaire River Ferry)."""
    act = action_of(play) or g.current_action(game)
    return act is not None and act.directed and act.target_minion == bearer_of(game, play)


def carries_no_card_saying(word: str) -> Pred:
    """The acting minion carries no card whose text says ``word`` ("A minion may have only one vehicle", "A vampire
    can have only one haven")."""

    def check(game: Game, play: Play) -> bool:
        m = game.minions.get(play.minion)
        comp = game.compiled
        if m is None or not m.cards or comp is None:
            return True
        for c in m.cards:
            printed = comp.cards.get(game.card_of[c])
            if printed is not None and re.search(rf"\b{word}\b", printed.text or ""):
                return False
        return True

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class NoDisciplineCardsThisAction:
    """The acting vampire "cannot play cards requiring Disciplines until the action is complete" (Concoction of
    Vitality): a mark on the action, read by the vocabulary's "may_play" hook."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.flags[f"no discipline cards:{act.actor}"] = 1


@hook("may_play", effects=(NoDisciplineCardsThisAction,))
def _no_discipline_cards(game: Game, handler: Any, m: Minion) -> bool:
    if not handler.mode.disciplines:
        return True
    return not any(f.flags.get(f"no discipline cards:{m.id}") for f in game.frames if isinstance(f, Action))


def grants_disciplines(name: str, levels: Callable[[Game, int], dict[str, int]]) -> None:
    """The named card on a vampire gives it Discipline levels: ``levels(game, copy)`` → {code: levels added}
    (Hand of Conrad: superior Potence, {"pot": 2}; Ritual Goblet: +1 level of Blood Sorcery; Seal of Veddartha:
    by its counters), capped at superior; several such cards do not add up beyond that. The vampire does not have
    them printed: they count to play cards (the mode's level, game.may_play: "has_discipline") and for the
    card's requirement ("meets_requirement"). Registers the hooks."""

    def granted(game: Game, m: Minion) -> dict[str, int]:
        out = dict(m.disciplines)
        for copy in copies_on(game, m.id, name):
            for code, n in levels(game, copy).items():
                out[code] = min(2, out.get(code, 0) + n) if n < 2 else 2
        return out

    @hook("has_discipline", name)
    def _has(game: Game, handler: Any, m: Minion) -> bool:
        if m.kind != VAMPIRE or not m.cards:
            return False
        have = granted(game, m)
        need = 2 if handler.mode.superior else 1
        return all(have.get(d, 0) >= need for d in handler.mode.disciplines)

    @hook("meets_requirement", name)
    def _meets(game: Game, handler: Any, m: Minion) -> bool:
        if m.kind != VAMPIRE or not m.cards or handler.requirement is None or not copies_on(game, m.id, name):
            return False
        printed = game.compiled.eligibility.minion(m.card) if game.compiled is not None else None
        if printed is None:
            return False
        codes = tuple(code for code, n in granted(game, m).items() if n > 0)
        grown = eligibility.in_game(printed, codes, m.capacity)
        return bool(handler.requirement.met_by(grown, became_anarch=m.sect == "Anarch"))


def fixed_levels(**levels: int) -> Callable[[Game, int], dict[str, int]]:
    """The same levels whatever the copy (``grants_disciplines``): ``fixed_levels(pot=2)`` is superior Potence."""

    def given(game: Game, copy: int) -> dict[str, int]:
        return dict(levels)

    return given


def plays_as_vampire(
    name: str,
    disciplines: tuple[str, ...],
    *,
    capacity: int = 1,
    sect: str = "",
    marked: str = "",
    not_of_type: str = "",
    combined: bool = False,
) -> None:
    """The named ally "may play cards requiring basic <Discipline> as a <capacity>-capacity <sect> vampire" (Rock
    Cat: Potence as a 3-capacity vampire; Grey Thorne: Celerity or Potence as an Anarch vampire): cards whose
    requirement such a vampire meets and whose mode needs only those Disciplines at basic level; a blood cost is
    paid with its life, never its last (game._ally_may_pay). It does not have the Disciplines (LSJ 19980303).
    ``marked``: only an ally with that mark (recruited at superior: Infernal Servitor [DAI]); ``not_of_type``: not
    cards of that type ("non-action cards": Spectral Servitor); ``combined``: "Celerity and/or Fortitude", a card
    requiring several of them too (Vivienne Géroux). Registers the hooks."""

    allowed = frozenset(disciplines)

    def _played_with(codes: tuple[str, ...]) -> bool:
        if combined:
            return bool(codes) and allowed.issuperset(codes)
        return len(codes) == 1 and codes[0] in allowed

    def named(game: Game, m: Minion) -> bool:
        return m.kind == ALLY and m.card == vekn(game, name) and (not marked or card_marked(game, m.id, marked))

    @hook("plays_as_vampire", name)
    def _plays(game: Game, handler: Any, m: Minion) -> bool:
        if not named(game, m) or handler.requirement is None or not_of_type in handler.types:
            return False
        if handler.mode.superior or not _played_with(handler.mode.disciplines):
            return False  # one of the Disciplines, not two of them (ANK 20180731-1, LSJ 20011217)
        as_vampire = eligibility.embraced_minion("", sect, capacity, tuple((d, 1) for d in sorted(allowed)))
        return bool(handler.requirement.met_by(as_vampire, became_anarch=sect == "Anarch"))

    @hook("has_discipline", name)
    def _has(game: Game, handler: Any, m: Minion) -> bool:
        mode = handler.mode
        return named(game, m) and not mode.superior and _played_with(mode.disciplines)


@dataclasses.dataclass(frozen=True, slots=True)
class MayActThisTurn:
    """The ally just recruited "can perform actions the turn it is recruited" (Infernal Servitor [dai]): not in another
    Methuselah's turn (ANK 20200930), which the engine never gives it."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.card)
        if m is not None and m.kind == ALLY:
            m.recruited_turn = 0


# --- words added for political


@dataclasses.dataclass(frozen=True, slots=True)
class PreventOnceInCombat:
    """ "If this vampire is blocked, they can prevent ``amount`` damage during the resulting combat" (Beast Meld):
    once, in any round of each combat resulting from a block of this action, not a follow-up one (LSJ 20010813,
    LSJ 20010819-2; again after a second block: LSJ 20010814-2); taken off the damage left once the round's
    prevention is counted (the ``damage_to_take`` hook)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            key = f"prevent once in combat:{play.minion}"
            act.flags[key] = act.flags.get(key, 0) + self.amount


@hook("combat_start", effects=(PreventOnceInCombat,))
def _prevent_once_start(game: Game, c: Combat) -> None:
    act = c.action
    if act is None or not act.blocked or not game.frames or game.frames[-1] is not act:
        return  # only the combat resulting from the block
    for side in (c.a, c.b):
        n = act.flags.get(f"prevent once in combat:{side.minion}", 0)
        if n:
            side.used.add(f"combat:prevent once:{n}")


@hook("damage_to_take", effects=(PreventOnceInCombat,))
def _prevent_once(game: Game, c: Combat, side: Any, normal: int, agg: int) -> tuple[int, int]:
    for mark in [m for m in side.used if m.startswith("combat:prevent once:")]:
        left = int(mark.split(":")[2])
        if not (normal or agg):
            break
        cut = min(left, agg)
        agg -= cut
        used = min(left - cut, normal)
        normal -= used
        side.used.discard(mark)
        if left - cut - used:
            side.used.add(f"combat:prevent once:{left - cut - used}")
    return normal, agg


@dataclasses.dataclass(frozen=True, slots=True)
class StrengthInCombat:
    """+``amount`` strength for the playing minion in combat during this action: in the combat resulting from a
    block only ("if this Anarch is blocked, they get +1 strength during the resulting combat": Adhocracy [pot]),
    or with ``any_combat`` in every combat of the action ("+1 strength this action": Invigorate [ani])."""

    amount: int = 1
    any_combat: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is None:
            return
        key = f"{'action' if self.any_combat else 'block'} strength:{play.minion}"
        act.flags[key] = act.flags.get(key, 0) + self.amount
        c = g.current_combat(game)
        if self.any_combat and c is not None and c.action is act and play.minion in (c.a.minion, c.b.minion):
            c.side(play.minion).combat_strength += self.amount  # played during a combat of the action


@hook("combat_start", effects=(StrengthInCombat,))
def _strength_in_combat(game: Game, c: Combat) -> None:
    act = c.action
    if act is None or not act.flags:
        return
    from_block = act.blocked and bool(game.frames) and game.frames[-1] is act
    for side in (c.a, c.b):
        side.combat_strength += act.flags.get(f"action strength:{side.minion}", 0)
        if from_block:
            side.combat_strength += act.flags.get(f"block strength:{side.minion}", 0)


def ready_allies(game: Game, play: Play) -> Sequence[int]:
    """Every ready ally in play, other Methuselahs' first (Permanent Vacation: "choose a ready ally")."""
    others = [m.id for s in game.order if s != play.seat for m in g.ready_minions(game, s) if m.kind == ALLY]
    return others + [m.id for m in g.ready_minions(game, play.seat) if m.kind == ALLY]


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveTargetFromGame:
    """The target minion (``play.target``) is removed from the game, with every card on it (Permanent
    Vacation). ``controller_gains_capacity``: "their controller gains pool equal to the vampire's capacity", and
    ``cancel_for_pool``: "their controller can burn N pool to cancel this card as it is played", asked as the card
    resolves when the vampire is another Methuselah's with more pool than that (nothing can happen between; the bots'
    fixed rule: cancel for a ready vampire with 5 pool or more) (Golconda: Inner Peace: 2)."""

    controller_gains_capacity: bool = False
    cancel_for_pool: int = 0

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        from .state import leave_play

        if not self.controller_gains_capacity:
            if play.target in game.minions and game.minions[play.target].in_play:
                owner = game.owner_of[play.target]
                leave_play(game, play.target, removed=True)
                game.log("remove from game", owner, play.target)
            return None
        seat = g.controller(game, play.target)
        if seat < 0:
            return None
        m = game.minions[play.target]
        if self.cancel_for_pool and seat != play.seat and game.seats[seat].pool > self.cancel_for_pool:
            keep = economy.Option(economy.Kind.TERMS, seat, value=1)
            let = economy.Option(economy.Kind.PASS, seat)
            first = [keep, let] if not m.torpor and game.seats[seat].pool >= 5 else [let, keep]
            return self._asked(game, play, seat, first)
        self._remove_for_pool(game, play, seat)
        return None

    def _asked(self, game: Game, play: Play, seat: int, options: list[Any]) -> Generator[Any, Any, None]:
        option = yield from g.choose(game, seat, options)
        if option.kind is economy.Kind.TERMS:
            economy.burn_pool(game, seat, self.cancel_for_pool)
            game.log("cancel", seat, play.card)
            play_cancelled(game, play.seat, play.card)  # (Victor Donaldson)
            return
        self._remove_for_pool(game, play, seat)

    @staticmethod
    def _remove_for_pool(game: Game, play: Play, seat: int) -> None:
        from .state import leave_play

        capacity = game.minions[play.target].capacity
        leave_play(game, play.target, removed=True)
        game.log("remove from game", seat, play.target)
        economy.gain_pool(game, seat, capacity)
        game.log("gain pool", seat, capacity)


def actor_of_kind(*kinds: str) -> Pred:
    """The acting minion is an ally whose card names it one of ``kinds`` ("the acting wraith": Shroud Mastery)."""
    pattern = re.compile(rf"^(?:unique )?(?:{'|'.join(kinds)})\b", re.IGNORECASE)

    def check(game: Game, play: Play) -> bool:
        act = action_of(play) or g.current_action(game)
        m = game.minions.get(act.actor) if act is not None else None
        if m is None or m.kind != ALLY or game.compiled is None:
            return False
        card = game.compiled.cards.get(m.card)
        return card is not None and pattern.match(card.text.replace("{", "").replace("}", "")) is not None

    return check


def vampires_for_title(title: str, clan: str, sect: str = "Camarilla") -> Targets:
    """The ready vampires of ``clan`` and ``sect`` a title card may go on (Toreador Justicar: the caller's own
    first); none while a vampire in play holds that unique title of that clan (LSJ 20100129: uniqueness)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        if any(m.in_play and m.kind == VAMPIRE and m.clan == clan and m.title == title for m in game.minions.values()):
            return []
        order = [play.seat, *(s for s in game.order if s != play.seat)]
        return [
            m.id
            for s in order
            for m in g.ready_minions(game, s)
            if m.kind == VAMPIRE and m.clan == clan and m.sect == sect
        ]

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class TitleOnTarget:
    """A title card: put on the target vampire to represent its ``title``, with that title's votes (a vampire holds
    one title: it loses any other, §6 L2187-2191); card requirements read it (the ``meets_requirement`` hook)."""

    title: str

    def __call__(self, game: Game, play: Play) -> None:
        from ..domain import TITLE_VOTES

        m = game.minions.get(play.target)
        if m is None or not m.in_play:
            g.to_ash_heap(game, play.card)
            return
        g.leave_aside(game, play.card)
        m.cards.append(play.card)
        m.title = self.title
        m.votes = TITLE_VOTES.get(self.title, 0)
        game.log("title", controller(game, m.id), m.id)


@hook("meets_requirement", effects=(TitleOnTarget,))
def _titled_by_card(game: Game, handler: Any, m: Minion) -> bool:
    """A vampire given a title by a card meets the requirements of a vampire printed with it."""
    from ..eligibility import compile_minion

    comp = game.compiled
    card = comp.cards.get(m.card) if comp is not None else None
    if card is None or m.title == card.title:
        return False
    requirement = comp.eligibility.requirement(handler.card)
    return requirement is not None and bool(
        requirement.met_by(compile_minion(dataclasses.replace(card, title=m.title)))
    )


def blocker_vampire_without(discipline: str) -> Pred:
    """A vampire without ``discipline`` is attempting to block this action (The Kiss of Ra: Fortitude)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        m = game.minions.get(act.blocker) if act is not None and act.blocker >= 0 else None
        return m is not None and m.kind == VAMPIRE and not any(d == discipline for d, _ in m.disciplines)

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class BlockerToTorpor:
    """The blocking vampire goes to torpor (The Kiss of Ra [FOR])."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        m = game.minions.get(act.blocker) if act is not None and act.blocker >= 0 else None
        if m is not None and m.kind == VAMPIRE and m.in_play:
            g.go_to_torpor(game, m.id)


discard_down = g.discard_down  # a hand over a smaller hand size discarded down at once (The Meddling of Semsith)


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnReferendumCard:
    """The political action card played to call this referendum returns to its owner's hand, who discards down
    afterward (Telepathic Vote Counting [aus], after CancelReferendum)."""

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, Any] | None:
        ref = play.frame
        if not isinstance(ref, Referendum) or ref.card < 0 or ref.card not in game.aside:
            return None
        return self._return(game, ref.card)

    @staticmethod
    def _return(game: Game, copy: int) -> Generator[Any, Any, Any]:
        owner = game.owner_of[copy]
        game.aside.remove(copy)
        game.seats[owner].hand.append(copy)
        yield from g.discard_down(game, owner)


def vampires_with_votes(game: Game, play: Play) -> Sequence[int]:
    """The ready vampires with votes or ballots, other Methuselahs' first, the most first (a vampire forced to
    abstain: Telepathic Vote Counting [AUS])."""
    found = [m for s in game.order for m in g.ready_minions(game, s) if m.kind == VAMPIRE and m.votes > 0]
    found.sort(key=lambda m: (g.controller(game, m.id) == play.seat, -m.votes))
    return [m.id for m in found]


def abstaining(game: Game, minion: int) -> bool:
    """Whether the vampire was forced to abstain in the current referendum (ForceAbstain)."""
    ref = next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)
    return ref is not None and ("abstains", id(ref), minion) in game.used


@dataclasses.dataclass(frozen=True, slots=True)
class ForceAbstain:
    """The target vampire abstains in this referendum: its votes and ballots are not cast (the ``votes`` hook), nor
    may it play cards for votes (the ``may_play`` hook). Telepathic Vote Counting [AUS]."""

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if isinstance(ref, Referendum) and play.target in game.minions:
            game.used.add(("abstains", id(ref), play.target))
            game.kept.append(ref)


@hook("votes", effects=(ForceAbstain,))
def _abstaining_votes(game: Game, seat: int) -> int:
    if not game.used:
        return 0
    return -sum(m.votes for m in g.ready_minions(game, seat) if m.votes > 0 and abstaining(game, m.id))


@hook("may_play", effects=(ForceAbstain,))
def _abstaining_cards(game: Game, handler: Any, m: Minion) -> bool:
    if handler.mode.window is not W.POLLING or not abstaining(game, m.id):
        return True
    return not any(isinstance(e, (ExtraVotes, VotesAgainst)) for e in handler.mode.effects)


def titled_vampires(*, not_sect: str = "") -> Targets:
    """The titled vampires in play (not of ``not_sect``), other Methuselahs' first (Patsy: non-Anarch)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        order = [s for s in game.order if s != play.seat] + [play.seat]
        return [
            c
            for s in order
            for c in game.seats[s].controlled
            if (m := game.minions.get(c)) is not None
            and m.in_play
            and m.kind == VAMPIRE
            and m.title
            and (not not_sect or m.sect != not_sect)
        ]

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveTargetTitle:
    """The target vampire loses its title and its votes; a title card on it is burned (§8 "Title")."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is None or not m.in_play:
            return
        m.title = ""
        m.votes = 0
        cards = game.compiled.cards if game.compiled is not None else None
        for c in list(m.cards):
            card = cards.get(game.card_of[c]) if cards is not None and c not in game.minions else None
            if card is not None and card.text.startswith("Title."):
                g.burn_card(game, c)
        game.log("title lost", g.controller(game, m.id), m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class TargetControllerBurnsPool:
    """The Methuselah controlling the target minion burns ``amount`` pool (Patsy)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        if play.target in game.minions:
            seat = g.controller(game, play.target)
            if not game.seats[seat].ousted:
                economy.burn_pool(game, seat, self.amount)
                game.log("burn pool", seat, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class AggravatedHandStrikesThisAction:
    """The playing minion's hand strikes are aggravated in every combat of this action (Invigorate [pro]), played
    before the combat (an action modifier); the ``combat_start`` hook marks its side."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.flags[f"aggravated hand this action:{play.minion}"] = 1


@hook("combat_start", effects=(AggravatedHandStrikesThisAction,))
def _aggravated_hand_this_action(game: Game, c: Combat) -> None:
    act = c.action
    if act is None or not act.flags:
        return
    for side in (c.a, c.b):
        if act.flags.get(f"aggravated hand this action:{side.minion}"):
            side.used.add("combat:aggravated_hand")


def blocker_is_ally(game: Game, play: Play) -> bool:
    """An ally is attempting to block this action."""
    act = action_of(play)
    m = game.minions.get(act.blocker) if act is not None and act.blocker >= 0 else None
    return m is not None and m.kind == ALLY


blocking_seats = g.blocking_seats  # the Methuselahs who may block an action (Approximation of Loyalty's choices)


__all__ = [name for name in dir() if not name.startswith("_")] + ["Act", "VAMPIRE"]


# --- words added for vamps_a


@dataclasses.dataclass(frozen=True, slots=True)
class LockTarget:
    """Lock the target minion (``play.target``: François Villon locks a younger vampire)."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None and m.in_play and not m.torpor:
            m.locked = True
            game.log("lock", play.seat, play.target)


def younger_unlocked_vampires(game: Game, play: Play) -> Sequence[int]:
    """Ready unlocked vampires younger than the playing one, anyone's (the prey's first, then the oldest)."""
    me = game.minions.get(play.minion)
    if me is None:
        return []
    prey = game.prey(play.seat)
    found = [
        m
        for s in game.order
        for m in g.ready_minions(game, s)
        if m.kind == VAMPIRE and not m.locked and m.capacity < me.capacity
    ]
    found.sort(key=lambda m: (g.controller(game, m.id) != prey, g.controller(game, m.id) == play.seat, -m.capacity))
    return [m.id for m in found]


def vampires_of_others(
    *, sect: str = "", clan: str = "", locked: bool | None = None, torpor: bool = False, younger: bool = False
) -> Targets:
    """Ready vampires of other Methuselahs (and those in torpor with ``torpor``) of ``sect``/``clan`` if given,
    locked or unlocked if ``locked`` says so, younger than the playing one with ``younger`` (Fergus Alexander: a
    locked Sabbat vampire; Etrius: a Tremere; François Villon (G2): a younger vampire)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        me = game.minions.get(play.minion)
        cap = me.capacity if younger and me is not None else 99
        out = []
        for s in game.order:
            if s == play.seat or game.seats[s].ousted:
                continue
            for c in game.seats[s].controlled:
                m = game.minions.get(c)
                if m is None or m.kind != VAMPIRE or not m.in_play or (m.torpor and not torpor):
                    continue
                if (sect and m.sect != sect) or (clan and m.clan != clan):
                    continue
                if locked is not None and not m.torpor and m.locked != locked:
                    continue
                if m.capacity >= cap:
                    continue
                out.append(m.id)
        return out

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class StealBloodFromTarget:
    """The playing minion steals ``amount`` blood (or life) from the target minion: what it has; the excess over
    the thief's capacity drains away (move_blood). An ally or retainer left with no life burns (Etrius)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        if play.target not in game.minions or play.minion not in game.minions:
            return
        taken = -g.move_blood(game, play.target, -self.amount)
        g.move_blood(game, play.minion, taken)
        game.log("steal blood", play.seat, play.minion, play.target, taken)
        if game.minions[play.target].kind != VAMPIRE and game.minions[play.target].blood <= 0:
            g.burn_minion(game, play.target)


_EQUIPMENT_KINDS: dict[tuple[int, int], str] = {}


def _equipment_first_line(game: Game, copy: int) -> str:
    """The first line of an equipment card's text, lower case ("weapon: gun.", "electronic.", "vehicle.")."""
    key = (id(game.compiled), game.card_of[copy])
    found = _EQUIPMENT_KINDS.get(key)
    if found is None:
        card = game.compiled.cards.get(key[1]) if game.compiled is not None else None
        found = _EQUIPMENT_KINDS[key] = (card.text or "").split("\n", 1)[0].lower() if card is not None else ""
        if len(_EQUIPMENT_KINDS) > _IDS_BOUND:
            _EQUIPMENT_KINDS.clear()
    return found


def equipment_of_others(*, excluding: tuple[str, ...] = (), prey_first: bool = False) -> Targets:
    """Equipment on the minions other Methuselahs control (ready or in torpor), but those whose first line names
    one of ``excluding`` ("weapon", "electronic", "vehicle": Darius Shirazi steals the others); with ``prey_first``,
    the Methuselahs in turn order from the player's prey (Confiscation), else in seating order."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        out = []
        for s in seats_from(game, play.seat) if prey_first else game.order:
            if s == play.seat:
                continue
            for c in game.seats[s].controlled:
                m = game.minions.get(c)
                if m is None or not m.in_play or m.kind == RETAINER:
                    continue
                for x in g.equipment_or_retainers(game, c):
                    if x in game.minions:
                        continue  # a retainer
                    first = _equipment_first_line(game, x)
                    if not any(re.search(rf"\b{kind}\b", first) for kind in excluding):
                        out.append(x)
        return out

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class StealEquipment:
    """The playing minion takes the target equipment, if it is still on a minion of another Methuselah: it moves
    onto the thief, whose Methuselah now controls it (``Game.stolen``); its owner keeps it (Darius Shirazi)."""

    def __call__(self, game: Game, play: Play) -> None:
        thief = game.minions.get(play.minion)
        if thief is None or not thief.in_play:
            return
        for m in game.minions.values():
            if play.target in m.cards and m.id != thief.id:
                m.cards.remove(play.target)
                thief.cards.append(play.target)
                if game.owner_of[play.target] == play.seat:
                    game.stolen.pop(play.target, None)
                else:
                    game.stolen[play.target] = play.seat
                game.log("steal", play.seat, play.target, g.controller(game, m.id))
                return


@dataclasses.dataclass(frozen=True, slots=True)
class BurnTargetCard:
    """Burn the card in play the action is directed at (a location: Annazir; an equipment: Conceal, Smash and Grab
    [pot]), if it is still in play."""

    def __call__(self, game: Game, play: Play) -> None:
        held = any(
            play.target == c or play.target in (m.cards if (m := game.minions.get(c)) is not None else ())
            for s in game.order
            for c in game.seats[s].controlled
        )
        if held:
            g.burn_card(game, play.target)


def _requires_discipline(game: Game, copy: int, code: str) -> bool:
    comp = game.compiled
    vekn = game.card_of[copy]
    card = comp.cards.get(vekn) if comp is not None else None
    if card is not None and card.discipline_requirement and code in card.discipline_requirement.codes:
        return True
    spec = comp.specs.get(vekn) if comp is not None else None
    return spec is not None and any(code in mode.disciplines for mode in spec.modes)


def cards_requiring(game: Game, seat: int, code: str) -> list[int]:
    """The cards in the seat's hand requiring the Discipline ``code`` (at either level)."""
    return [c for c in game.seats[seat].hand if _requires_discipline(game, c, code)]


def holds_card_requiring(code: str) -> Pred:
    """The player holds a card requiring the Discipline ``code`` (to discard it: Rebekah [aus], Abraham [tha])."""

    def pred(game: Game, play: Play) -> bool:
        return bool(cards_requiring(game, play.seat, code))

    return pred


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardRequiring:
    """Discard a card requiring the Discipline ``code`` from the hand (the first held: the bot's pick), then draw."""

    code: str

    def __call__(self, game: Game, play: Play) -> None:
        held = cards_requiring(game, play.seat, self.code)
        if held:
            g.discard(game, play.seat, held[:1])


def has_discard_phase_action(game: Game, play: Play) -> bool:
    """During the player's own discard phase, with a discard phase action left (Josef von Bauren)."""
    from .state import Phase

    return game.acting == play.seat and game.phase is Phase.DISCARD and game.seats[play.seat].discard_actions >= 1


@dataclasses.dataclass(frozen=True, slots=True)
class UseDiscardPhaseAction:
    """Spend one of the player's discard phase actions (the ability is used as one: Josef von Bauren)."""

    def __call__(self, game: Game, play: Play) -> None:
        game.seats[play.seat].discard_actions -= 1


@dataclasses.dataclass(frozen=True, slots=True)
class TargetDiscardsAtRandom:
    """The target Methuselah (a seat) discards a card at random from its hand, then draws (Josef von Bauren)."""

    def __call__(self, game: Game, play: Play) -> None:
        if 0 <= play.target < len(game.seats) and game.seats[play.target].hand and not game.seats[play.target].ousted:
            g.discard(game, play.target, [game.rng.choice(game.seats[play.target].hand)])


def weapon_strike(game: Game, c: Combat, minion: int, strike: Any) -> bool:
    """Whether the strike is one of the minion's weapons' (a Bearer strike of the equipment it carries)."""
    return any(b.strike == strike for _, b in _bearers(game, minion, c) if b.strike is not None)


@dataclasses.dataclass(frozen=True, slots=True)
class DamageTargetSeatsVampires:
    """Each ready vampire (of ``sect`` if given) of the Methuselah the action is directed at takes ``amount``
    damage (outside combat: no prevention window; Jaroslav Pascek, each of your prey's Sabbat vampires)."""

    amount: int
    sect: str = ""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        seat = act.target if act is not None and act.target >= 0 else play.target
        if not 0 <= seat < len(game.seats) or game.seats[seat].ousted:
            return
        for m in g.ready_minions(game, seat):
            if m.kind == VAMPIRE and (not self.sect or m.sect == self.sect):
                g.take_damage(game, m.id, self.amount, 0)  # (it logs the damage)


def self_acting(game: Game, play: Play) -> bool:
    """The playing minion is the acting one, and a block is being attempted (its stealth: Paul Cordwood)."""
    act = action_of(play)
    return act is not None and act.actor == play.minion and act.blocker >= 0


def self_blocking(game: Game, play: Play) -> bool:
    """The playing minion is attempting to block the action (its intercept: Paul Cordwood)."""
    act = action_of(play)
    return act is not None and act.blocker == play.minion


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveTopOfCrypt:
    """Remove the top card of the player's crypt from the game (a cost: Paul Cordwood)."""

    def __call__(self, game: Game, play: Play) -> None:
        s = game.seats[play.seat]
        if s.crypt:
            top = s.crypt.pop()
            s.removed.append(top)
            game.log("remove from game", play.seat, top)


def play_cancelled(game: Game, seat: int, copy: int) -> None:
    """A card the seat played was cancelled by a card's own text as it resolves (Golconda's burn 2 pool): the
    "play_cancelled" hooks, as game.resolve_play runs them for a cancel as played (Victor Donaldson)."""
    for h in g.hooks_of(game, "play_cancelled"):
        h(game, seat, copy)


hook_all = g.hook_all  # whether every hook of a kind allows (a minion's "may_direct": Elen Kamjian's forced bleed)


# --- words added for masters_a


def master_action_left(game: Game, play: Play) -> bool:
    """The player has a master phase action left ("use a master phase action to …": Failsafe)."""
    return game.seats[play.seat].master_actions > 0


@dataclasses.dataclass(frozen=True, slots=True)
class SpendMasterAction:
    """The player uses a master phase action (a card in play's "use a master phase action to …": Failsafe)."""

    def __call__(self, game: Game, play: Play) -> None:
        s = game.seats[play.seat]
        s.master_actions = max(0, s.master_actions - 1)


@dataclasses.dataclass(frozen=True, slots=True)
class OwnVotesEach:
    """Each ready vampire of ``clan`` the player controls gets N votes in this referendum (Power Structure); or
    each ready minion of the player's ``to`` fits (Elysium: The Palace of Versailles: titled Camarilla vampires)."""

    amount: int
    clan: str = ""
    to: Minions | None = None

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if not isinstance(ref, Referendum):
            return
        fits = [
            m
            for m in g.ready_minions(game, play.seat)
            if ((m.kind == VAMPIRE and m.clan == self.clan) if self.to is None else self.to.fits(game, m))
        ]
        if fits:
            ref.extra_votes[play.seat] = ref.extra_votes.get(play.seat, 0) + self.amount * len(fits)


def once_each_game_per_methuselah(key: str) -> tuple[Pred, Callable[[Game, Play], None]]:
    """ "Each Methuselah may play only one X each game": the predicate, and the effect that marks the player for
    the rest of the game (Vox Domini)."""
    rider = f"once a game:{key}"

    def allowed(game: Game, play: Play) -> bool:
        return not g.rider_sum(game, -1 - play.seat, rider)

    def mark(game: Game, play: Play) -> None:
        g.add_rider(game, -1 - play.seat, rider, 1, Until.END_OF_GAME, play.seat)

    return allowed, mark


def action_at_holder(game: Game, play: Play) -> bool:
    """A (D) action aimed at the ready minion the card in play is on (Secret Passage)."""
    act = action_of(play) or g.current_action(game)
    if act is None or not act.directed or act.target_minion < 0 or act.target_minion != play.minion:
        return False
    m = game.minions.get(play.minion)
    return m is not None and m.in_play and not m.torpor


def vampires_in_ash_heap(game: Game, play: Play) -> Sequence[int]:
    """The vampires (crypt cards) in the player's ash heap, the largest first."""
    cards = game.compiled.cards
    found = [c for c in game.seats[play.seat].ash_heap if "Vampire" in getattr(cards.get(game.card_of[c]), "types", ())]
    return sorted(found, key=lambda c: -int(getattr(cards.get(game.card_of[c]), "capacity", 0) or 0))


@dataclasses.dataclass(frozen=True, slots=True)
class RemoveTargetFromAshHeapForPool:
    """Remove the target card from the player's ash heap from the game, and gain pool: its capacity divided by
    ``divisor`` (rounded down): Redeem the Lost Soul."""

    divisor: int = 2

    def __call__(self, game: Game, play: Play) -> None:
        s = game.seats[play.seat]
        if play.target not in s.ash_heap:
            return
        card = game.compiled.cards.get(game.card_of[play.target])
        capacity = int(getattr(card, "capacity", 0) or 0)
        s.ash_heap.remove(play.target)
        s.removed.append(play.target)
        game.log("remove from game", play.seat, play.target)
        gain = capacity // self.divisor
        if gain:
            economy.gain_pool(game, play.seat, gain)
            game.log("gain pool", play.seat, gain)


def carried_by_actor(game: Game, play: Play) -> bool:
    """The card in play giving an action is on the minion that would take it ("the vampire with this card can …
    as a (D) action": Lazarene Inquisitor, Society of Leopold)."""
    m = game.minions.get(play.minion)
    return m is not None and play.card in m.cards


def holder_of_this_card(game: Game, play: Play) -> Sequence[int]:
    """The ready minion the card in play is on, when another Methuselah controls it ("minions can enter combat with
    this vampire": Haven Uncovered)."""
    for m in game.minions.values():
        if play.card in m.cards:
            if m.in_play and not m.torpor and g.controller(game, m.id) != play.seat:
                return [m.id]
            return []
    return []


def this_card(game: Game, play: Play) -> Sequence[int]:
    """The card in play itself, as the target of an action to burn it ("this vampire can burn this card as a (D)
    action": Haven Uncovered)."""
    return [play.card]


@dataclasses.dataclass(frozen=True, slots=True)
class MoveThisCardToTarget:
    """Move the card in play being used onto the target minion (Society of Leopold)."""

    def __call__(self, game: Game, play: Play) -> None:
        target = game.minions.get(play.target)
        if target is None or not target.in_play:
            return
        for m in game.minions.values():
            if play.card in m.cards:
                m.cards.remove(play.card)
                break
        target.cards.append(play.card)
        game.log("move card", play.seat, play.card, play.target)


# the table's primitives a spec's own code uses (Rötschreck: a card of the hand offered at a point no window names)
hand_options = g.hand_options
resolve_play = g.resolve_play
strike_damage = g.strike_damage
usable_strike = g._usable  # a strike usable at the combat's range
hand_size = g.hand_size
hook_sum = g.hook_sum  # a hook total a spec reads (Week of Nightmares: the hunt bonuses of its own hunt)


def pool_at_least(n: int) -> Pred:
    """The player has N pool or more (a pool cost that must not oust it: Ferraille, Failsafe's "fewer than 3")."""

    def check(game: Game, play: Play) -> bool:
        return game.seats[play.seat].pool >= n

    return check


def controls_ready_clan(clan: str) -> Pred:
    """The player controls a ready vampire of ``clan``: a master card's clan requirement (rulebook A16)."""

    def check(game: Game, play: Play) -> bool:
        return any(m.kind == VAMPIRE and m.clan == clan for m in g.ready_minions(game, play.seat))

    return check


def controls_ready_sect(sect: str) -> Pred:
    """The player controls a ready vampire of ``sect`` ("Requires a ready anarch": a master card's requirement)."""

    def check(game: Game, play: Play) -> bool:
        return any(m.kind == VAMPIRE and m.sect == sect for m in g.ready_minions(game, play.seat))

    return check


def discipline_level(m: Minion, code: str) -> int:
    return dict(m.disciplines).get(code, 0)


def own_vampires_without_superior(code: str) -> Targets:
    """A vampire of the player's in play (ready or in torpor) without the superior level of ``code`` (a Discipline
    master card: "Cannot be put on a vampire with superior …")."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [c for c in own_vampires(game, play) if discipline_level(game.minions[c], code) < 2]

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class GainDisciplineLevel:
    """ "This vampire gets +1 level of [code] and +1 capacity" (the target; the card is put on it by the effect
    after this one): Protean, Animalism…"""

    code: str

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is None:
            return
        level = discipline_level(m, self.code)
        m.disciplines = (*((d, n) for d, n in m.disciplines if d != self.code), (self.code, level + 1))
        m.capacity += 1
        game.log("discipline", play.seat, play.target, self.code, level + 1)


def own_ready_minions_without(name: str) -> Targets:
    """A ready minion of the player's carrying no ``name`` ("A minion can have only one Secret Passage")."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        wanted = vekn(game, name)
        return [m.id for m in g.ready_minions(game, play.seat) if all(game.card_of[c] != wanted for c in m.cards)]

    return targets


def ready_vampires_others_first(game: Game, play: Play) -> Sequence[int]:
    """Every ready vampire (but the playing minion), other Methuselahs' first (Haven Uncovered, Lazarene
    Inquisitor's target)."""
    order = [*(s for s in game.order if s != play.seat), play.seat]
    return [m.id for s in order for m in g.ready_minions(game, s) if m.kind == VAMPIRE and m.id != play.minion]


def own_ready_vampires_of_clan(clan: str) -> Targets:
    def targets(game: Game, play: Play) -> Sequence[int]:
        return [m.id for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.clan == clan]

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class FailReferendum:
    """ "The referendum fails": no votes are cast, it does not pass (Vox Domini)."""

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if isinstance(ref, Referendum):
            ref.cancelled = True
            ref.passed = False
            game.log("referendum fails", play.seat)


def own_combatants(game: Game, play: Play) -> Sequence[int]:
    """The player's minion in the combat (a card in play used for it: Mob Connections)."""
    c = play.frame
    if not isinstance(c, Combat) or c.over:
        return []
    return [s.minion for s in (c.a, c.b) if s.minion in game.minions and g.controller(game, s.minion) == play.seat]


@dataclasses.dataclass(frozen=True, slots=True)
class ContinueOnlyPress:
    """1 optional press this round for the target combatant, "only usable to continue combat" (game._continue_only):
    Mob Connections."""

    def __call__(self, game: Game, play: Play) -> None:
        c = play.frame
        if isinstance(c, Combat) and play.target in (c.a.minion, c.b.minion):
            side = c.side(play.target)
            side.presses += 1
            side.used.add("round:continue-only press")


# --- words added for actions


def _title_card_of(game: Game, copy: int) -> TitleCard | None:
    """The TitleCard effect of a card copy's spec (a title card on a vampire: Fee Stake), if any."""
    spec = game.compiled.specs.get(game.card_of[copy]) if game.compiled is not None else None
    for mode in spec.modes if spec is not None else ():
        for e in mode.effects:
            if isinstance(e, TitleCard):
                return e
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class TitleCard:
    """ "Put this card on this <vampire> to represent the title of <title>" (Fee Stake: baron): the card goes on
    the acting vampire, which holds that title and its votes instead of any other (one title: rulebook L2187-2191)
    until the card leaves it (then it has none). While the vampire is not of ``sect``, the title gives no votes
    (L2193-2199). ``clans``: +1 vote in the referendums the vampire calls while of one of them. ``burn_penalty``:
    in the referendum called to burn the card, titles of other sects than ``sect`` are worth 1 vote less each."""

    title: str
    sect: str = "Anarch"
    clans: tuple[str, ...] = ()
    burn_penalty: bool = True

    def __call__(self, game: Game, play: Play) -> None:
        from ..domain import TITLE_VOTES

        PutOnTarget(on_self=True)(game, play)
        m = game.minions.get(play.minion)
        if m is not None and play.card in m.cards:
            m.title, m.votes = self.title, TITLE_VOTES.get(self.title, 0)


@hook("card_burned", effects=(TitleCard,))
def _title_card_burned(game: Game, copy: int, holder: int) -> None:
    """A title card burned (or gone) from its vampire: the vampire no longer holds the title."""
    m = game.minions.get(holder)
    found = _title_card_of(game, copy)
    if m is not None and found is not None and m.title == found.title:
        m.title, m.votes = "", 0


@hook("votes", effects=(TitleCard,))
def _title_card_votes(game: Game, seat: int) -> int:
    """A title card's votes: none while its vampire is of another sect; +1 for the referendums its vampire calls
    while of the card's clans; titles of other sects worth 1 less in the referendum that would burn it."""
    change = 0
    ref = next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)
    mine = g.ready_minions(game, seat)
    for m in mine:
        for c in m.cards if m.kind == VAMPIRE else ():
            found = _title_card_of(game, c)
            if found is None or m.title != found.title:
                continue
            if m.sect != found.sect:
                change -= m.votes
            elif ref is not None and ref.caller == m.id and m.clan in found.clans:
                change += 1
    act = g.current_action(game)
    if ref is not None and act is not None and act.mode is g.BURN_BY_REFERENDUM and act.target_minion >= 0:
        found = _title_card_of(game, act.target_minion)
        if found is not None and found.burn_penalty:
            change -= sum(min(1, m.votes) for m in mine if m.kind == VAMPIRE and m.title and m.sect != found.sect)
    return change


@hook("meets_requirement", effects=(TitleCard,))
def _title_card_requirement(game: Game, handler: Any, m: Minion) -> bool:
    """A vampire holding a title by a title card meets the requirements of that title ("Requires a baron")."""
    from .. import eligibility

    printed = game.compiled.eligibility.minion(m.card) if game.compiled is not None else None
    if printed is None or handler.requirement is None or not m.title or m.title == printed_title(game, m):
        return False
    grown = eligibility.in_game(
        eligibility.with_title(printed, m.title), tuple(d for d, _ in m.disciplines), m.capacity
    )
    return bool(handler.requirement.met_by(grown, became_anarch=m.sect == "Anarch"))


def printed_title(game: Game, m: Minion) -> str:
    """The title printed on the minion's card ("" for none)."""
    template = game.vampires.get(m.card)
    return template.title if template is not None else ""


def infernal_actor(game: Game, play: Play) -> bool:
    """ "Requires an infernal vampire" (on one Discipline line of a card: Condemnation: Mute [dai])."""
    m = game.minions.get(play.minion)
    return m is not None and "infernal" in m.traits


def minion_cost(game: Game, minion: int) -> int:
    """A minion's capacity (a vampire) or cost (an ally's or retainer's card: pool or blood), for "equals or exceeds
    their capacity or cost" (the corruption cards)."""
    m = game.minions.get(minion)
    if m is None:
        return 0
    if m.kind == VAMPIRE:
        return m.capacity
    card = game.compiled.cards.get(m.card) if game.compiled is not None else None
    if card is None:
        return 0
    pool = card.pool_cost.value or 0 if card.pool_cost else 0
    blood = card.blood_cost.value or 0 if card.blood_cost else 0
    return pool or blood


def minions_of_prey(game: Game, play: Play) -> Sequence[int]:
    """The minions in play controlled by your prey (ready or in torpor), the biggest first."""
    prey = game.prey(play.seat)
    if prey == play.seat:
        return []
    found = [game.minions[c] for c in game.seats[prey].controlled if c in game.minions and game.minions[c].in_play]
    return [m.id for m in sorted(found, key=lambda m: (-minion_cost(game, m.id), m.id))]


@dataclasses.dataclass(frozen=True, slots=True)
class CorruptThenMaySteal:
    """Put 1 of your corruption counters on the target minion (``play.target``, or the opposing minion in combat
    with ``opposing``); if your counters on it equal or exceed its capacity or cost, you can burn them to steal it
    (Corruption; Contagion [DAI]'s strike, which then ends the combat)."""

    opposing: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        target = play.target
        c = combat_of(play) if self.opposing else None
        if self.opposing:
            if c is None:
                return None
            target = c.other(play.minion).minion
        m = game.minions.get(target)
        if m is None or not m.in_play:
            return None
        put_corruption(game, target, play.seat)
        have = corruption_on(game, target, play.seat)
        if have < max(1, minion_cost(game, target)) or g.controller(game, target) == play.seat:
            return None
        return self._steal(game, play, target, have, c)

    @staticmethod
    def _steal(game: Game, play: Play, target: int, have: int, c: Any) -> Generator[Any, Any, None]:
        options = [economy.Option(economy.Kind.TERMS, play.seat, value=v) for v in (1, 0)]
        option = yield from g.choose(game, play.seat, options)
        if not option.value or not burn_corruption(game, target, play.seat, have):
            return
        StealMinion()(game, dataclasses.replace(play, target=target))
        if c is not None and not c.over:
            c.over = True  # stealing the opposing minion ends the combat


referendum = g.referendum  # a referendum called by a card's effect: a blood hunt on its vampire (Abactor)
hook_sum = g.hook_sum  # a hunt made by a card: the vampire's hunt bonuses (Abactor)


@dataclasses.dataclass(frozen=True, slots=True)
class NoMoreBleedsThisTurn:
    """ "Minions you control cannot bleed until the end of the turn" (Enticement): each of the player's minions is
    marked as having bled this turn (a minion bleeds once a turn: game.action_options)."""

    def __call__(self, game: Game, play: Play) -> None:
        for c in game.seats[play.seat].controlled:
            m = game.minions.get(c)
            if m is not None:
                m.bled_turn = game.turn


@dataclasses.dataclass(frozen=True, slots=True)
class TargetLocksOwnMinion:
    """The Methuselah the action is directed at locks a ready unlocked minion they control, of their choice
    (Propaganda [PRE])."""

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        act = action_of(play)
        if act is None or act.target < 0 or game.seats[act.target].ousted:
            return None
        ready = sorted((m for m in g.ready_minions(game, act.target) if not m.locked), key=lambda m: (m.capacity, m.id))
        if not ready:
            return None
        return self._lock(
            game, act.target, [economy.Option(economy.Kind.TERMS, act.target, target=m.id) for m in ready]
        )

    @staticmethod
    def _lock(game: Game, seat: int, options: list[economy.Option]) -> Generator[Any, Any, None]:
        option = yield from g.choose(game, seat, options)
        game.minions[option.target].locked = True
        game.log("lock", seat, option.target)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnTargetLife:
    """Burn ``amount`` life from the target ally or retainer (``play.target``): burned at 0 (Smash and Grab)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is None or not m.in_play:
            return
        g.move_blood(game, m.id, -self.amount)
        game.log("burn blood", play.seat, m.id, self.amount)
        if m.blood <= 0:
            g.burn_minion(game, m.id)


def allies_and_retainers_of_others(game: Game, play: Play) -> Sequence[int]:
    """Allies and retainers controlled by other Methuselahs (retainers on their minions)."""
    return [*allies_of_others(game, play), *retainers_of_others(game, play)]


def locations_of_predator_or_prey(game: Game, play: Play) -> Sequence[int]:
    """Locations controlled by your predator or prey (on the table or on their minions)."""
    neighbours = {game.prey(play.seat), game.predator(play.seat)} - {play.seat}
    return [c for c in locations_of_others(game, play) if _controller_of_card(game, c) in neighbours]


def _controller_of_card(game: Game, copy: int) -> int:
    for s in game.order:
        for c in game.seats[s].controlled:
            if c == copy or (c in game.minions and copy in game.minions[c].cards):
                return s
    return -1


@dataclasses.dataclass(frozen=True, slots=True)
class StealthThisTurn:
    """The playing minion gets +N stealth until the end of the turn (Gear Up [pre]): a rider the "stealth" hook
    reads on each action it takes. ``next_x_actions``: instead, the playing vampire burns X blood (``play.value``)
    to give the next X actions the player's minions perform this turn +1 stealth each (Veil the Legions [OBF]), one
    used up as each action's stealth is counted."""

    amount: int = 1
    next_x_actions: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        if self.next_x_actions:
            if play.value > 0 and play.minion in game.minions:
                g.move_blood(game, play.minion, -play.value)
                g.add_rider(game, -1 - play.seat, _NEXT_ACTIONS_STEALTH, play.value, Until.END_OF_TURN, play.seat)
            return
        if play.minion in game.minions:
            g.add_rider(game, play.minion, "stealth this turn", self.amount, Until.END_OF_TURN, play.seat)


@hook("stealth", effects=(StealthThisTurn,))
def _stealth_this_turn(game: Game, act: Action) -> int:
    holder = -1 - act.seat
    if g.rider_sum(game, holder, _NEXT_ACTIONS_STEALTH) > 0:  # read once, as the action is announced: one used up
        g.add_rider(game, holder, _NEXT_ACTIONS_STEALTH, -1, Until.END_OF_TURN, act.seat)
        return 1 + g.rider_sum(game, act.actor, "stealth this turn")
    return g.rider_sum(game, act.actor, "stealth this turn")


@dataclasses.dataclass(frozen=True, slots=True)
class StrengthUntilNextUnlock:
    """The playing minion gets +N strength until its controller's next unlock phase (Gear Up [vic])."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        if play.minion in game.minions:
            g.add_rider(game, play.minion, "strength until unlock", self.amount, Until.NEXT_UNLOCK, play.seat)


@hook("strength", effects=(StrengthUntilNextUnlock,))
def _strength_until_unlock(game: Game, minion: int) -> int:
    return g.rider_sum(game, minion, "strength until unlock")


@dataclasses.dataclass(frozen=True, slots=True)
class AshHeapCardToHand:
    """Move a card of the player's choice from its ash heap to its hand (Gear Up [nec]); library cards with a spec
    offered first. ``fixed``: a library card taken by a fixed rule, no choice: the last one put there that the engine
    models, else the last one (The Sargon Fragment). A hand then over its size is discarded down (game)."""

    fixed: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        heap = game.seats[play.seat].ash_heap
        if self.fixed:
            library = [c for c in heap if game.card_of[c] not in game.vampires]
            comp = game.compiled
            modelled = [c for c in library if comp is not None and game.card_of[c] in comp.implemented]
            if library:
                chosen = (modelled or library)[-1]
                heap.remove(chosen)
                game.seats[play.seat].hand.append(chosen)
                game.log("ash heap to hand", play.seat, chosen)
            return None
        cards = game.compiled.cards if game.compiled is not None else {}
        found: dict[int, int] = {}
        for c in heap:
            card = cards.get(game.card_of[c])
            if card is not None and not card.is_crypt and game.card_of[c] not in found:
                found[game.card_of[c]] = c
        if not found:
            return None
        specs = game.compiled.specs if game.compiled is not None else {}
        ordered = sorted(found.values(), key=lambda c: (game.card_of[c] not in specs, c))
        return self._take(game, play, [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in ordered])

    @staticmethod
    def _take(game: Game, play: Play, options: list[economy.Option]) -> Generator[Any, Any, None]:
        option = yield from g.choose(game, play.seat, options)
        heap = game.seats[play.seat].ash_heap
        if option.target in heap:
            heap.remove(option.target)
            game.seats[play.seat].hand.append(option.target)
            game.log("search", play.seat, option.target)


def is_wraith(game: Game, minion: int) -> bool:
    """Whether a minion in play is a wraith (an ally whose card says so on its first line)."""
    m = game.minions.get(minion)
    card = game.compiled.cards.get(m.card) if m is not None and game.compiled is not None else None
    if m is None or m.kind != ALLY or card is None:
        return False
    return "wraith" in (card.text or "").split("\n", 1)[0].lower()


def own_wraiths(game: Game, play: Play) -> Sequence[int]:
    """The wraiths the player controls."""
    return [c for c in game.seats[play.seat].controlled if is_wraith(game, c) and game.minions[c].in_play]


def wraiths_of_others(game: Game, play: Play) -> Sequence[int]:
    """The wraiths other Methuselahs control."""
    return [
        c
        for s in game.order
        if s != play.seat
        for c in game.seats[s].controlled
        if is_wraith(game, c) and game.minions[c].in_play
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class HuntFor:
    """The acting vampire hunts with +``bonus`` hunt (a hunt made by a card: Soul Feasting), its own hunt bonuses
    added; ``burn_target``: the target minion is burned first (a wraith burned to hunt)."""

    bonus: int = 0
    burn_target: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None or play.minion not in game.minions:
            return
        if self.burn_target:
            if play.target not in game.minions or not game.minions[play.target].in_play:
                return  # the wraith is gone: no hunt
            g.burn_minion(game, play.target)
        gained = g.move_blood(game, play.minion, 1 + self.bonus + g.hook_sum(game, "hunt", act))
        act.flags["hunted"] = gained
        game.log("hunt", play.seat, play.minion, gained)


# --- words added for combat


def press_to_continue_stands(game: Game, play: Play) -> bool:
    """A press "only usable to end combat": a press to continue stands for it to cancel (Movement of the Mind)."""
    c = combat_of(play)
    return c is not None and c.press > 0


def not_first_round(game: Game, play: Play) -> bool:
    """ "Not usable during the first round" (of combat: Walk of Flame)."""
    c = combat_of(play)
    return c is not None and c.round > 1


def x_blood_beyond(cost: int, least: int = 1) -> Callable[[Game, Play], Sequence[int]]:
    """X for a "burn X blood" on top of the card's own ``cost`` blood: ``least`` up to what is left (Lightning
    Reflexes [CEL])."""

    def values(game: Game, play: Play) -> Sequence[int]:
        m = game.minions.get(play.minion)
        return range(least, m.blood - cost + 1) if m is not None else ()

    return values


@dataclasses.dataclass(frozen=True, slots=True)
class AdditionalStrikesX:
    """X additional strikes this round, X paid as the cost (limited: one source a round, Lightning Reflexes)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            side = c.side(play.minion)
            if not side.extra_source:
                side.extra_source = True
                side.extra_strikes += play.value


@dataclasses.dataclass(frozen=True, slots=True)
class ContinueAnyActionAsIfUnblocked:
    """After the combat the blocked acting vampire's action continues as if unblocked, whatever the action (a bleed,
    a political action too) and for no cost (Torrent [CEL]): game.py's ``_continue_unblocked`` reads the marks."""

    def __call__(self, game: Game, play: Play) -> None:
        act = play.frame.action if isinstance(play.frame, Combat) else action_of(play)
        if act is None or not act.blocked or act.actor != play.minion:
            return
        act.flags["continue_unblocked_free"] = 1
        act.flags["continue_unblocked"] = 1


_KEYWORD_SENTENCE = re.compile(r"(?:^|[.:]\s)(Aim|Frenzy|Grapple)\.")


def card_being_played_keyword(*keywords: str) -> Pred:
    """ "Cancel an aim, frenzy, or grapple card as it is played": the card being played says one of ``keywords``
    as a sentence of its own ("Aim.", "Frenzy.", "Grapple.": Target Vitals, Drawing Out the Beast, Immortal
    Grapple)."""
    wanted = frozenset(keywords)

    def check(game: Game, play: Play) -> bool:
        if not game.aside or game.compiled is None:
            return False
        found = game.compiled.cards.get(game.card_of[game.aside[-1]])
        return found is not None and not wanted.isdisjoint(_KEYWORD_SENTENCE.findall(found.text or ""))

    return check


def combat_card_being_played_using(*disciplines: str) -> Pred:
    """ "Cancel a combat card requiring X as it is played": a combat card whose mode played uses one of
    ``disciplines`` (not one that could have been played with it but was not: PIB 20130704)."""
    wanted = frozenset(disciplines)

    def check(game: Game, play: Play) -> bool:
        mode = game.playing
        if not game.aside or mode is None:
            return False
        if "Combat" not in game.compiled.types.get(game.card_of[game.aside[-1]], frozenset()):
            return False
        return not wanted.isdisjoint(mode.disciplines)

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class OpposingChoosesStrikeAgain:
    """The opposing combatant chooses a strike again (its strike card cancelled as it was played: Charismatic
    Aura): game.strikes reads the mark."""

    def __call__(self, game: Game, play: Play) -> None:
        c = g.current_combat(game)
        if c is not None and play.minion in (c.a.minion, c.b.minion) and strike_card_being_played(game, play):
            c.other(play.minion).used.add("round:choose strike again")


def _strike_key(c: Combat, minion: int) -> int:
    strike = c.side(minion).strike
    return g.grant(strike) if isinstance(strike, g.Strike) else 0


@dataclasses.dataclass(frozen=True, slots=True)
class UnpreventableByDiscipline:
    """Damage from this strike (the playing minion's, chosen by the effects before) cannot be prevented by cards
    requiring ``discipline`` (Blood Rage, Soul Burn: Fortitude); the opponent cannot play them as it resolves
    (LSJ 20050628). Read by the vocabulary's "may_play" hook."""

    discipline: str = "for"

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None and _strike_key(c, play.minion):
            c.other(play.minion).used.add(f"round:no prevention {self.discipline}:{_strike_key(c, play.minion)}")


@hook("may_play", effects=(UnpreventableByDiscipline,))
def _unpreventable_by(game: Game, handler: Any, m: Minion) -> bool:
    if handler.mode.window is not W.PREVENT or not handler.mode.disciplines:
        return True
    c = g.current_combat(game)
    if c is None or m.id not in (c.a.minion, c.b.minion):
        return True
    key = _strike_key(c, c.other(m.id).minion)
    used = c.side(m.id).used
    return not key or not any(f"round:no prevention {d}:{key}" in used for d in handler.mode.disciplines)


@dataclasses.dataclass(frozen=True, slots=True)
class OpposingWeaponsHarmless:
    """ "The opposing vampire's strikes with weapons inflict no damage this round", from this strike (the playing
    minion's, chosen by the effects before) as it resolves: not if it is dodged, not usable at the range, or a weapon
    strikes first before it (LSJ 20040928, ANK 20230823). Read by the vocabulary's "strike_damage_taken" hook."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None and _strike_key(c, play.minion):
            c.side(play.minion).used.add(f"round:weapons harmless:{_strike_key(c, play.minion)}")


@hook("strike_damage_taken", effects=(OpposingWeaponsHarmless,))
def _weapons_harmless(game: Game, minion: int) -> int:
    """A weapon strike against the minion does no damage once its marked strike resolved with it, and for the
    rest of the round (its additional strikes)."""
    c = g.current_combat(game)
    if c is None or minion not in (c.a.minion, c.b.minion):
        return 0
    side, other = c.side(minion), c.other(minion)
    own, theirs = side.strike, other.strike
    if not isinstance(theirs, g.Strike):
        return 0
    if "round:weapons harmless" not in side.used:
        if not isinstance(own, g.Strike) or f"round:weapons harmless:{g.grant(own)}" not in side.used:
            return 0
        if not (c.range is Range.CLOSE or own.ranged) or (other.dodging and not own.undodgeable):
            return 0
        if theirs.first and not own.first:
            return 0
        side.used.add("round:weapons harmless")
    weapons = {b.strike for _, b in _bearers(game, other.minion) if b.strike is not None}
    return 1000 if theirs in weapons else 0


@dataclasses.dataclass(frozen=True, slots=True)
class KeepTheOpposingMinionAway:
    """Terror Frenzy [ani]: this combat the opposing minion cannot maneuver to close range, press to continue
    combat or use equipment (its weapons' maneuvers and strikes, its equipment's strength: game.py's ``_held_in``
    and the bearer hooks read the marks)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is None:
            return
        other = c.other(play.minion)
        other.used.update(("combat:no maneuver to close", "combat:no press to continue", "combat:no equipment"))
        granted = [u for u in other.used if u.startswith("combat:maneuver:")]  # the weapons' maneuvers given
        other.combat_maneuvers = max(0, other.combat_maneuvers - (1 if other.weapon_maneuver and granted else 0))
        other.weapon_maneuver = 0


@dataclasses.dataclass(frozen=True, slots=True)
class CombatCardsCostOpposingMore:
    """This combat, combat cards cost the opposing vampire ``amount`` more blood (Terror Frenzy [ANI]; those played
    at the end of a round too: ANK 20191221). Read by the vocabulary's "blood_cost" hook."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.other(play.minion).used.add(f"combat:combat cards cost more:{self.amount}")


@hook("blood_cost", effects=(CombatCardsCostOpposingMore,))
def _combat_cards_cost_more(game: Game, handler: Any, minion: int) -> int:
    c = g.current_combat(game)
    if c is None or minion not in (c.a.minion, c.b.minion) or "Combat" not in handler.types:
        return 0
    m = game.minions.get(minion)
    if m is None or m.kind != VAMPIRE or handler.mode.in_play:
        return 0
    return sum(int(u.rsplit(":", 1)[1]) for u in c.side(minion).used if u.startswith("combat:combat cards cost more:"))


def acting_minion_corrupted(game: Game, play: Play) -> bool:
    """The acting minion has any corruption counters."""
    act = action_of(play) or g.current_action(game)
    return act is not None and corruption_on(game, act.actor) > 0


@dataclasses.dataclass(frozen=True, slots=True)
class InterceptMoreIfCorrupted:
    """+N intercept to the blocker (only as needed), ``more`` if the acting minion has any corruption counters
    (Sense the Sin [dai])."""

    amount: int = 1
    more: int = 1
    gives: ClassVar[str] = "intercept"

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and act.blocker >= 0:
            act.intercept += self.amount + (self.more if corruption_on(game, act.actor) > 0 else 0)


@dataclasses.dataclass(frozen=True, slots=True)
class CorruptedLessIntercept:
    """During this action, minions with any corruption counters get -``amount`` intercept (Sense the Sin [DAI]).
    Read by the vocabulary's "intercept" hook."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.flags["corrupted less intercept"] = act.flags.get("corrupted less intercept", 0) + self.amount


@hook("intercept", effects=(CorruptedLessIntercept,))
def _corrupted_less_intercept(game: Game, minion: int, act: Action) -> int:
    less = act.flags.get("corrupted less intercept", 0) if act.flags else 0
    return -less if less and corruption_on(game, minion) > 0 else 0


@dataclasses.dataclass(frozen=True, slots=True)
class PressInCombat:
    """The playing minion gets 1 optional press in the combat resulting from a block of this action (Rat's Warning
    [ANI]), read at the combat's start (not in a follow-up combat: like ManeuverInCombat)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.flags[f"combat press:{play.minion}"] = 1


@hook("combat_start", effects=(PressInCombat,))
def _press_in_combat(game: Game, c: Combat) -> None:
    act = c.action
    from_block = act is not None and act.blocked and bool(game.frames) and game.frames[-1] is act
    if from_block and act is not None:
        for side in (c.a, c.b):
            if act.flags.get(f"combat press:{side.minion}") and act.blocker == side.minion:
                side.combat_presses += 1


@dataclasses.dataclass(frozen=True, slots=True)
class StealthToZero:
    """Reduce the acting minion's stealth to 0 (the acting minion can still increase it: Night Terrors)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None and act.stealth > 0:
            act.stealth = 0


def actor_is_ally(game: Game, play: Play) -> bool:
    """The acting minion is an ally."""
    act = action_of(play) or g.current_action(game)
    m = game.minions.get(act.actor) if act is not None else None
    return m is not None and m.kind == ALLY


def about_to_fight_ally(game: Game, play: Play) -> bool:
    """This vampire is about to enter combat with an ally (the "before combat" window): the acting vampire with an
    ally blocking it, or the blocking vampire with an acting ally (Gift of Sleep [obe])."""
    act = action_of(play)
    if act is None or not act.blocked:
        return False
    other = act.blocker if play.minion == act.actor else act.actor if play.minion == act.blocker else -1
    m = game.minions.get(other)
    return m is not None and m.kind == ALLY


@dataclasses.dataclass(frozen=True, slots=True)
class LockOpposingAllyAndEnd:
    """Lock the ally this vampire was about to enter combat with and end the action, unsuccessful; a blocking vampire
    goes back unlocked unless it was locked before (Gift of Sleep [obe]: RTR 20180719)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None:
            return
        other = act.blocker if play.minion == act.actor else act.actor
        ally = game.minions.get(other)
        if ally is not None and ally.in_play:
            ally.locked = True
            game.log("lock", play.seat, other)
        act.succeeded = False
        if play.minion == act.blocker and not act.flags.get("blocker_was_locked") and play.minion in game.minions:
            game.minions[play.minion].locked = False
        act.ended = True
        game.log("action ends", play.seat, act.actor)


@dataclasses.dataclass(frozen=True, slots=True)
class AdditionalStrikeOf:
    """1 additional strike this round that is ``strike`` (limited: one source a round), not chosen (Wind Dance
    [THA]: "1 additional strike: dodge"; Voracious Vermin [ANI]: "1 additional ranged strike: burn weapon"):
    game.strikes reads the mark."""

    strike: Any

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            side = c.side(play.minion)
            if not side.extra_source:
                side.extra_source = True
                side.extra_strikes += 1
                side.used.add(f"round:extra strike:{g.grant(self.strike)}")


def opposing_is_ally(game: Game, play: Play) -> bool:
    """The opposing combatant is an ally."""
    c = combat_of(play)
    m = game.minions.get(c.other(play.minion).minion) if c is not None else None
    return m is not None and m.kind == ALLY


__all__ += [
    "press_to_continue_stands",
    "not_first_round",
    "x_blood_beyond",
    "AdditionalStrikesX",
    "ContinueAnyActionAsIfUnblocked",
    "card_being_played_keyword",
    "combat_card_being_played_using",
    "strike_card_being_played",
    "OpposingChoosesStrikeAgain",
    "UnpreventableByDiscipline",
    "OpposingWeaponsHarmless",
    "KeepTheOpposingMinionAway",
    "CombatCardsCostOpposingMore",
    "acting_minion_corrupted",
    "InterceptMoreIfCorrupted",
    "CorruptedLessIntercept",
    "PressInCombat",
    "StealthToZero",
    "actor_is_ally",
    "about_to_fight_ally",
    "LockOpposingAllyAndEnd",
    "AdditionalStrikeOf",
    "opposing_is_ally",
]


combat = g.combat  # a combat between two minions a card's effect makes (Taunt the Caged Beast [ANI])


def other_ready_vampires(game: Game, play: Play) -> Sequence[int]:
    """Another ready vampire in play (any Methuselah's), the player's own first (Fifth Tradition: Hospitality)."""
    mine = [m.id for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.id != play.minion]
    others = [m.id for s in game.order if s != play.seat for m in g.ready_minions(game, s) if m.kind == VAMPIRE]
    return mine + others


# --- words added for lang_a


@dataclasses.dataclass(frozen=True, slots=True)
class Minions:
    """Targets: the minions in play by whose they are and what they are (a selector, as fireplace's
    ``FRIENDLY_MINIONS + DRAGON``). ``whose``: "own", "others", "all" (every seat), "own first" (every seat, the player's first, then
    the table's order), "others first" (the player's last), "prey" or "uncontrolled" (the player's uncontrolled
    region);
    ``kind``: VAMPIRE or ALLY, None for both; ``ready``: ready ones only (else in torpor too); each seat's in the
    order it controls them. ``clan``/``sect``/``titled``/``unlocked``/``min_capacity`` filter them, ``without``
    leaves out those carrying a card of these names (Rebel: "a vampire without an archetype"). A requirement
    ("requires a ready titled vampire") is ``has_targets(Minions(...))``."""

    whose: str = "own"
    kind: int | None = VAMPIRE
    ready: bool = True
    unlocked: bool = False
    locked: bool = False
    trait: str = ""  # as ``core.eligibility`` names them ("infernal", "black hand")
    clan: str = ""
    sect: str = ""
    not_sect: str = ""  # of any other sect ("non-Camarilla": Mylan Horseed)
    titled: bool = False
    titles: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    feedable: bool = False  # below capacity, and not fed from a hunting ground this turn (Papillon)
    min_capacity: int = 0
    max_capacity: int = 99  # "a ready vampire with capacity 4 or less" (Neonate Breach)
    ready_first: bool = False  # with ``ready=False``: the ready ones first (Society of Leopold's move)
    # other than the playing minion ("a ready minion you control": Underbridge Stray; "another ready Anarch": CrimethInc.)
    not_self: bool = False
    torpid: bool = False  # with ``ready=False``: those in torpor only ("a Tremere in torpor": Chantry, Warsaw Station)
    min_blood: int = 0  # with this much blood or more ("a ready Tremere with blood to burn": Chantry)
    younger: bool = False  # younger than the playing minion (Firebrand: "a ready younger anarch")
    min_bleed: int = 0  # a current bleed of at least this ("vampires with a current bleed of 3 or more")
    self_first: bool = False  # the playing minion first, if selected (Confiscation: the calling vampire)

    only_self: bool = False  # the playing minion alone, if it fits ("employed by this vampire": Pack Alpha, cards_on)

    def seats(self, game: Game, seat: int) -> list[int]:
        if self.whose == "own":
            return [seat]
        if self.whose == "others":
            return [s for s in game.order if s != seat]
        if self.whose == "own first":
            return [seat, *(s for s in game.order if s != seat)]
        if self.whose == "others first":
            return [*(s for s in game.order if s != seat), seat]
        if self.whose == "prey":
            prey = game.prey(seat)
            return [prey] if prey != seat else []
        if self.whose == "all":
            return list(game.order)
        raise ValueError(f"Minions: whose {self.whose!r}")

    def fits(self, game: Game, m: Minion) -> bool:
        return (
            (self.kind is None or m.kind == self.kind)
            and not (self.unlocked and m.locked)
            and not (self.locked and not m.locked)
            and (not self.trait or self.trait in m.traits)
            and (not self.clan or m.clan == self.clan)
            and (not self.sect or m.sect == self.sect)
            and (not self.not_sect or m.sect != self.not_sect)
            and (not self.titled or bool(m.title))
            and (not self.titles or m.title in self.titles)
            and not (self.without and any(game.card_of[c] in _ids(game, self.without) for c in m.cards))
            and not (self.feedable and (m.blood >= m.capacity or hunting_ground_fed(game, m.id)))
            and m.capacity >= self.min_capacity
            and m.capacity <= self.max_capacity
            and not (self.torpid and not m.torpor)
            and m.blood >= self.min_blood
            and (not self.min_bleed or current_bleed(game, m.id) >= self.min_bleed)
        )

    def __call__(self, game: Game, play: Play) -> Sequence[int]:
        if self.whose == "uncontrolled":
            return [c for c in game.seats[play.seat].uncontrolled if self.fits(game, game.minions[c])]
        out: list[int] = []
        for s in self.seats(game, play.seat):
            if self.ready:
                found: Sequence[Minion] = g.ready_minions(game, s)
            else:
                found = [m for c in game.seats[s].controlled if (m := game.minions.get(c)) is not None and m.in_play]
            out.extend(m.id for m in found if self.fits(game, m))
        if self.younger:
            me = game.minions.get(play.minion)
            if me is None:
                return []
            out = [c for c in out if game.minions[c].capacity < me.capacity]
        if self.ready_first:
            out.sort(key=lambda c: game.minions[c].torpor)
        if self.not_self:
            out = [c for c in out if c != play.minion]
        if self.self_first and play.minion in out:
            out.remove(play.minion)
            out.insert(0, play.minion)

        if self.only_self:
            out = [c for c in out if c == play.minion]
        return out


def _ids(game: Game, names: tuple[str, ...]) -> frozenset[int]:
    """The VEKN ids of these card names at this table (worked out once per table)."""
    key = "ids:" + "|".join(names)
    found: frozenset[int] | None = game.table.get(key)
    if found is None:
        found = game.table[key] = frozenset(vekn(game, name) for name in names)
    return found


@dataclasses.dataclass(frozen=True, slots=True)
class ActionIs:
    """A predicate on the action the play is made in (``play.frame``): by the player's minion (``own``), directed
    or not, aimed at a minion or card or not (``aimed``), by a minion of ``actor_kind``; of one of ``kinds`` ("only
    usable during an equip action": Hag's Wrinkles); successful (``succeeded``); directed at another Methuselah
    than the player (``at_other``: "after a successful (D) action", Propaganda of the Deed, Shadow Cast)."""

    own: bool = False
    directed: bool | None = None
    aimed: bool | None = None
    actor_kind: int | None = None
    kinds: tuple[Act, ...] = ()
    succeeded: bool | None = None
    at_other: bool = False
    actor_clan: str = ""  # by a vampire of this clan ("an undirected action by a Nosferatu": Warsaw Station)
    actor_sect: str = ""  # by a vampire of this sect ("after an Anarch you control hunts": The Anarch Free Press)

    def __call__(self, game: Game, play: Play) -> bool:
        act = play.frame
        if not isinstance(act, Action) or (self.own and act.seat != play.seat):
            return False
        if self.directed is not None and act.directed != self.directed:
            return False
        if (self.kinds and act.kind not in self.kinds) or (self.at_other and not 0 <= act.target != play.seat):
            return False
        if self.succeeded is not None and act.succeeded != self.succeeded:
            return False
        if self.aimed is not None and (act.target >= 0) != self.aimed:
            return False
        if self.actor_kind is not None or self.actor_clan or self.actor_sect:
            m = game.minions.get(act.actor)
            if m is None or (self.actor_kind is not None and m.kind != self.actor_kind):
                return False
            if self.actor_clan and not (m.kind == VAMPIRE and m.clan == self.actor_clan):
                return False
            return not self.actor_sect or (m.kind == VAMPIRE and m.sect == self.actor_sect)
        return True


def hand_cards(game: Game, play: Play) -> Sequence[int]:
    """A card of the player's hand, one copy of each card (the choice of which copy changes nothing)."""
    seen: dict[int, int] = {}
    for c in game.seats[play.seat].hand:
        seen.setdefault(game.card_of[c], c)
    return list(seen.values())


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardTarget:
    """Discard the chosen card of the hand (``play.target``: The Barrens' lock), and draw back up at once with
    ``refill``."""

    refill: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        if play.target in game.seats[play.seat].hand:
            g.discard(game, play.seat, [play.target])
            if self.refill:
                g.refill(game, play.seat)


def copies_of(game: Game, name: str, where: str, seat: int = -1, minion: int = -1) -> int:
    """How many copies of a card are in play ``where``: "controlled" (among the cards ``seat`` controls),
    "carried" (on ``minion``), "on controlled" (on the minions ``seat`` controls), "anywhere" (every seat's, on
    the table or on a minion)."""
    wanted = vekn(game, name)
    card_of = game.card_of
    if where == "controlled":
        return sum(1 for c in game.seats[seat].controlled if card_of[c] == wanted)
    if where == "carried":
        m = game.minions.get(minion)
        return sum(1 for c in m.cards if card_of[c] == wanted) if m is not None else 0
    seats = [seat] if where == "on controlled" else game.order
    n = 0
    for s in seats:
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is None:
                n += where == "anywhere" and card_of[c] == wanted
            elif m.in_play:
                n += sum(1 for a in m.cards if card_of[a] == wanted)
    return n


_ACTION_STATS = ("bleed", "stealth", "hunt")


def card_gives(
    stat: str, name: str, amount: int, to: Minions | None = None, *, where: str = "controlled", each_copy: bool = True
) -> None:
    """A card in play gives ``amount`` ``stat`` ("strength", "bleed", "stealth", "hunt", "votes", "hand_size") to
    the minions ``to`` fits (``Minions.fits``: "Gangrel you control get +1 strength", "titled Brujah get +1
    bleed"), for each copy ``where`` (``copies_of``: the copies the minion's controller controls, those the minion
    carries, anywhere), or once (``each_copy=False``). Votes are a Methuselah's: each ready minion fitting adds
    its part, a vampire's net votes never below 0 ("Ventrue get -1 vote": ANK 20251125); a hand size is the
    Methuselah's own, by the copies ``where`` it controls. Registered as the card's hook (in its spec's place)."""

    def copies(game: Game, seat: int, minion: int) -> int:
        n = copies_of(game, name, where, seat, minion)
        return n if each_copy else min(n, 1)

    def fits(game: Game, minion: int) -> Minion | None:
        m = game.minions.get(minion)
        return m if m is not None and (to is None or to.fits(game, m)) else None

    def by_minion(game: Game, minion: int) -> int:
        seat = g.controller(game, minion)
        return amount * copies(game, seat, minion) if seat >= 0 and fits(game, minion) else 0

    def by_action(game: Game, act: Action) -> int:
        return amount * copies(game, act.seat, act.actor) if fits(game, act.actor) else 0

    def votes(game: Game, seat: int) -> int:
        total = 0
        for m in g.ready_minions(game, seat):
            if to is None or to.fits(game, m):
                given = amount * copies(game, seat, m.id)
                total += max(given, -m.votes) if given < 0 else given
        return total

    def hand_size(game: Game, seat: int) -> int:
        return amount * copies(game, seat, -1)

    if stat in _ACTION_STATS:
        hook(stat, name)(by_action)
    elif stat == "votes":
        hook(stat, name)(votes)
    elif stat == "hand_size":
        hook(stat, name, only_adds=amount >= 0)(hand_size)
    else:
        hook(stat, name)(by_minion)


@dataclasses.dataclass(frozen=True, slots=True)
class CombatBetween:
    """A predicate: the combat going on (``play.frame``) is between two minions ``to`` fits, one of them the
    player's ("a combat between a Camarilla vampire you control and another Camarilla vampire": the Elysiums, the
    Garibaldi-Meucci Museum's Anarchs)."""

    to: Minions

    def __call__(self, game: Game, play: Play) -> bool:
        c = play.frame
        if not isinstance(c, Combat) or c.over:
            return False
        a, b = game.minions.get(c.a.minion), game.minions.get(c.b.minion)
        if a is None or b is None or not (self.to.fits(game, a) and self.to.fits(game, b)):
            return False
        return play.seat in (g.controller(game, a.id), g.controller(game, b.id))


def card_cost_change(
    name: str,
    change: int,
    to: Minions | None = None,
    *,
    where: str = "anywhere",
    types: tuple[str, ...] = (),
    window: W | None = None,
    disciplines: tuple[str, ...] = (),
    effects: tuple[type, ...] = (),
    blood_only: bool = False,
) -> None:
    """A card in play changes what cards cost the minions ``to`` fits, while a copy is ``where`` (``copies_of``:
    "carried" by the paying minion, "anywhere"): ``change`` blood (+1: Narrow Minds), or less blood or pool,
    whichever the card costs (-1: Charisma's ally recruits), or less blood only (``blood_only``: The Path of
    Night). The cards: of one of ``types``, played in ``window``, requiring one of ``disciplines``, or holding
    one of ``effects`` (Narrow Minds: those that change a bleed's target, ``Redirect``). Registered as the card's
    "cost_less" or "blood_cost" hook (``game.card_cost``), in its spec's place."""

    def fits(game: Game, minion: int, handler: Any) -> bool:
        mode = handler.mode
        if types and not set(types) & handler.types:
            return False
        if (window is not None and mode.window is not window) or (
            disciplines and not set(disciplines) & set(mode.disciplines)
        ):
            return False
        if effects and not any(isinstance(e, effects) for e in mode.effects):
            return False
        m = game.minions.get(minion)
        if to is not None and (m is None or not to.fits(game, m)):
            return False
        return copies_of(game, name, where, minion=minion) > 0

    def cost_less(game: Game, minion: int, handler: Any, paying: bool) -> tuple[int, int]:
        if (blood_only and not handler.blood) or not fits(game, minion, handler):
            return 0, 0
        return (-change, 0) if handler.blood else (0, -change)

    def blood_cost(game: Game, handler: Any, minion: int) -> int:
        return change if fits(game, minion, handler) else 0

    if change < 0:
        hook("cost_less", name)(cost_less)
    else:
        hook("blood_cost", name)(blood_cost)


def burn_action_damages(amount: int, *names: str) -> None:
    """ "Minions can burn this card as a (D) action that inflicts N unpreventable environmental damage on acting
    vampires" (the Paths): as the action to burn one of these cards succeeds, its acting vampire takes it."""

    def damages(game: Game, act: Action) -> None:
        if act.kind is not Act.BURN_CARD or not act.succeeded or act.target_minion < 0:
            return
        if game.card_of[act.target_minion] not in {vekn(game, name) for name in names}:
            return
        m = game.minions.get(act.actor)
        if m is not None and m.kind == VAMPIRE and m.in_play:
            g.take_damage(game, m.id, amount, 0)
            game.log("damage", act.seat, m.id, amount, 0)

    hook("after_resolution", *names)(damages)


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockEach:
    """Unlock each minion ``of`` lists (Path of Evil Revelations: "unlock the infernal minions you control")."""

    of: Minions

    def __call__(self, game: Game, play: Play) -> None:
        for c in self.of(game, play):
            m = game.minions[c]
            if m.locked:
                m.locked = False
                game.log("unlock", play.seat, c)


def cannot_block(name: str, blockers: Minions, *, of: str = "bearer", chosen: bool = False) -> None:
    """ "Minions ``blockers`` fits cannot block" the minion carrying this card (``of="bearer"``: The Signet of King
    Saul's vampires of capacity 8 or more, Libertas' allies) or the action played with it (``of="action"``); with
    ``chosen``, only the minion a copy the bearer carries chose as it was played (``ThisCardChoosesTarget``:
    Incriminating Videotape's "The chosen minion cannot block the minion with this equipment", the choice staying
    with the copy whoever bears it: LSJ 20020514). Registered as the card's "can_block" hook, in its spec's place."""

    def can_block(game: Game, minion: int, act: Any) -> bool:
        m = game.minions.get(minion)
        if m is None or not blockers.fits(game, m):
            return True
        if of == "action":
            return not (isinstance(act, Action) and act.card >= 0 and game.card_of[act.card] == vekn(game, name))
        if chosen:
            bearer = game.minions.get(act.actor)
            wanted = vekn(game, name)
            return bearer is None or not any(
                game.card_of[c] == wanted and g.chosen_minion(game, c) == minion for c in bearer.cards
            )
        return not copies_of(game, name, "carried", minion=act.actor)

    hook("can_block", name)(can_block)


def turn_blood(
    moment: str,
    name: str,
    amount: int,
    to: Minions | None = None,
    *,
    on: str = "bearer",
    at_most: int = 99,
    or_burned: bool = False,
) -> None:
    """During its controller's ``moment`` ("unlock", "master_phase_start"), each minion in play it controls
    carrying this card (``on="bearer"``), or each ally of this card (``on="ally"``), gains ``amount`` blood or life
    (when it has ``at_most`` or fewer: Renegade Garou) or burns ``-amount`` (an ally or retainer left with none is
    burned: Gregory Winter; one that cannot is burned with ``or_burned``: Society of Leopold); only those ``to``
    fits. With ``on="card"`` each copy of this card on such a minion gets ``amount`` counters instead, when it has
    ``at_most`` or fewer (Seal of Veddartha: "put a counter on this card if it has 3 or fewer counters"). Registered
    as the card's hook, in its spec's place."""

    def subjects(game: Game, seat: int) -> list[Minion]:
        wanted = vekn(game, name)
        out = []
        for c in list(game.seats[seat].controlled):
            m = game.minions.get(c)
            if m is None or not m.in_play or m.contested or (to is not None and not to.fits(game, m)):
                continue
            if m.card == wanted if on == "ally" else any(game.card_of[x] == wanted for x in m.cards):
                out.append(m)
        return out

    def each_turn(game: Game, seat: int) -> int:
        for m in subjects(game, seat):
            if on == "card":
                wanted = vekn(game, name)
                for x in m.cards:
                    if game.card_of[x] == wanted and game.card_counters.get(x, 0) <= at_most:
                        game.card_counters[x] = game.card_counters.get(x, 0) + amount
                        game.log("counter", seat, x)
            elif amount > 0:
                gained = g.move_blood(game, m.id, amount) if m.blood <= at_most else 0
                if gained:
                    game.log("add blood", seat, m.id, gained)
            elif m.blood >= -amount:
                g.move_blood(game, m.id, amount)
                game.log("burn blood", seat, m.id, -amount)
                if m.kind != VAMPIRE and m.blood <= 0:
                    g.burn_minion(game, m.id)
            elif or_burned:
                g.burn_minion(game, m.id)
        return 0

    hook(moment, name)(each_turn)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnTorpidTargetGaining:
    """Burn the target vampire if it is still in torpor, and the playing ally gains ``life`` (beyond its starting
    life: ANK 20171109): Nephandus, Gregory Winter."""

    life: int

    def __call__(self, game: Game, play: Play) -> None:
        victim = game.minions.get(play.target)
        if victim is None or not victim.torpor or not victim.in_play:
            return
        g.burn_minion(game, play.target)
        if play.minion in game.minions:
            g.move_blood(game, play.minion, self.life)
            game.log("add blood", play.seat, play.minion, self.life)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnAnotherAllyOrRetainer:
    """A ghoul's "after it enters play, burn an ally or retainer you control": the one with the least life among
    the others (a retainer first at equal life), itself with no other (RTR 19961113): War Ghoul, the Vozhds."""

    def __call__(self, game: Game, play: Play) -> None:
        ghoul = play.card
        if ghoul not in game.minions:
            return
        others: list[tuple[int, int, int]] = []
        for c in game.seats[play.seat].controlled:
            m = game.minions.get(c)
            if m is None or c == ghoul:
                continue
            if m.kind == ALLY and m.in_play:
                others.append((m.blood, 1, c))
            for a in m.cards:
                r = game.minions.get(a)
                if r is not None and r.kind == RETAINER:
                    others.append((r.blood, 0, a))
        g.burn_minion(game, min(others)[2] if others else ghoul)


# --- words added for lang_b


def seats_from(game: Game, seat: int) -> list[int]:
    """The Methuselahs in the game in turn order, from ``seat`` (the order of impulse it gives)."""
    i = game.order.index(seat) if seat in game.order else 0
    return list(game.order[i:] + game.order[:i])


def chosen_methuselah_sets(game: Game, play: Play) -> list[tuple[int, ...]]:
    """The sets of Methuselahs a caller may choose ("any number of Methuselahs"), as the bots consider them:
    every other Methuselah, then each other Methuselah alone (the prey first); the caller is never chosen."""
    others = [s for s in seats_from(game, play.seat) if s != play.seat]
    return [tuple(others), *((s,) for s in others)] if others else []


def methuselah_sets(game: Game, play: Play) -> Sequence[int]:
    """Terms: the index of one of ``chosen_methuselah_sets`` (Neonate Breach, Eat the Rich)."""
    return range(len(chosen_methuselah_sets(game, play)))


@dataclasses.dataclass(frozen=True, slots=True)
class PoolChanges:
    """Every Methuselah's pool changes at once (the gain and the burn are one change: only the net can oust), and
    the ousts are checked once after: each whose prey was ousted scores, even if ousted too (LSJ 20000309).

    A Methuselah gets ``base`` pool, ``each`` pool for each of its minions ``counted`` selects (Anarchist Uprising:
    -1 a minion; Exclusion Principle: +1 a ready Independent or Anarch vampire), ``more`` pool if it controls a minion ``having`` selects (Neonate Breach: 3 more burned with a
    small ready vampire), and ``biggest`` times the capacity of its ready vampire with the highest capacity (the
    one it chooses: Ancient Influence), of its predator's with ``predators`` (Reins of Power). With ``chosen``,
    only the Methuselahs chosen as the terms (``methuselah_sets``) change. The selections are ``Minions`` of the
    Methuselah's own (``whose="own"``)."""

    base: int = 0
    each: int = 0
    counted: Minions | tuple[Minions, ...] = Minions(kind=None, ready=False)  # a tuple: those of any of them
    more: int = 0
    having: Minions | None = None
    biggest: int = 0
    predators: bool = False
    chosen: bool = False

    def change(self, game: Game, play: Play, seat: int) -> int:
        delta = self.base
        if self.each:
            mine = dataclasses.replace(play, seat=seat)
            counted = self.counted if isinstance(self.counted, tuple) else (self.counted,)
            delta += self.each * sum(len(which(game, mine)) for which in counted)
        if self.having is not None and self.having(game, dataclasses.replace(play, seat=seat)):
            delta += self.more
        if self.biggest:
            whose = game.predator(seat) if self.predators else seat
            ready = Minions()(game, dataclasses.replace(play, seat=whose))
            delta += self.biggest * max((game.minions[c].capacity for c in ready), default=0)
        return delta

    def changes(self, game: Game, play: Play) -> dict[int, int]:
        """Each Methuselah's change (the bots weigh the referendum by them)."""
        if self.chosen:
            sets = chosen_methuselah_sets(game, play)
            seats: Sequence[int] = sets[play.target] if 0 <= play.target < len(sets) else ()
        else:
            seats = game.order
        return {s: self.change(game, play, s) for s in seats}

    def __call__(self, game: Game, play: Play) -> None:
        for seat, delta in sorted(self.changes(game, play).items()):
            s = game.seats[seat]
            if s.ousted or not delta:
                continue
            if delta > 0:
                economy.gain_pool(game, seat, delta)
            else:
                paid = min(-delta, s.pool)
                s.pool -= paid
                game.burned += paid
            game.log("pool changed by referendum", seat, delta)
        economy.check_ousts(game)


# Marks on the action the core reads (``MarkAction``): "if this action is blocked, damage on vampires in the
# resulting combat is aggravated" (Domain of Evernight [tem]: game.py as strikes deal damage); "cancel the resulting
# combat" (Stone Travel [MYT]: game.py at block resolution).
BLOCKED_COMBAT_AGGRAVATED = "combat damage aggravated"
BLOCKED_COMBAT_CANCELLED = "combat cancelled"


# A Discipline master card: "This vampire gets +1 level of Auspex [aus]" (and "Capacity increases by 1").
_DISCIPLINE_MASTER = re.compile(r"(?:gets|gains) \+?1 level of [A-Za-z ]+ \[([a-z]{3})\]")


def _discipline_master(game: Game, copy: int) -> tuple[str, bool] | None:
    """(discipline, capacity +1) of a Discipline master card that goes on any vampire, None for other cards."""
    card = game.compiled.cards.get(game.card_of[copy])
    text = card.text or "" if card is not None else ""
    if card is None or "Master" not in card.types or not text.startswith(("Discipline.", "Master: Discipline.")):
        return None
    found = _DISCIPLINE_MASTER.search(text)
    return (found.group(1), "Capacity increases by 1" in text) if found else None


@dataclasses.dataclass(frozen=True, slots=True)
class Embrace:
    """ "Put this card in play as a 1-capacity vampire" (The Embrace, Childe of the Revolution, Third Tradition:
    Progeny, Waters of Duat): the card copy becomes a vampire of the acting vampire's clan and sect (or ``sect``),
    ready and unlocked with no blood, so the forced hunt makes it hunt this turn (unless ``cannot_act``: "it cannot
    perform actions this turn"). ``discipline_master``: "search your library (shuffle afterward), hand and/or ash
    heap for a Discipline master card and put it on this new vampire" (1 level of the Discipline, 1 capacity when
    the card says so; choosing none is offered last). ``blood_from_actor``: then up to that much blood moves onto it
    from the acting vampire (decided now: PIB 20150418)."""

    sect: str = ""
    discipline_master: bool = False
    cannot_act: bool = False
    blood_from_actor: int = 0

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        actor = game.minions.get(play.minion)
        g.leave_aside(game, play.card)
        game.seats[play.seat].controlled.append(play.card)
        m = game.minions[play.card] = Minion(
            id=play.card,
            card=game.card_of[play.card],
            capacity=1,
            blood=0,
            in_play=True,
            kind=VAMPIRE,
            clan=actor.clan if actor is not None else "",
            sect=self.sect or (actor.sect if actor is not None else ""),
        )
        game.log("embrace", play.seat, play.minion, play.card)
        g.minion_entered(game, play.seat, play.card)
        if self.cannot_act:
            m.recruited_turn = game.turn  # "cannot perform actions this turn" (game.action_options)
        if not self.discipline_master and not self.blood_from_actor:
            return None
        return self._then(game, play, m)

    def _then(self, game: Game, play: Play, m: Minion) -> Generator[Any, Any, None]:
        if self.discipline_master:
            yield from self._discipline_master_onto(game, play, m)
        if self.blood_from_actor:
            actor = game.minions.get(play.minion)
            most = min(self.blood_from_actor, actor.blood if actor is not None else 0, m.capacity)
            options = [economy.Option(economy.Kind.TERMS, play.seat, value=x) for x in range(most, -1, -1)]
            option = yield from g.choose(game, play.seat, options)
            if option.value and actor is not None:
                g.move_blood(game, actor.id, -option.value)
                g.move_blood(game, m.id, option.value)
                game.log("move blood", play.seat, actor.id, m.id, option.value)

    @staticmethod
    def _discipline_master_onto(game: Game, play: Play, m: Minion) -> Generator[Any, Any, None]:
        seat = game.seats[play.seat]
        found: dict[int, int] = {}
        for zone in (seat.hand, seat.ash_heap, seat.library):
            for c in zone:
                if game.card_of[c] not in found and _discipline_master(game, c) is not None:
                    found[game.card_of[c]] = c
        options = [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in found.values()]
        option = yield from g.choose(
            game, play.seat, [*options, economy.Option(economy.Kind.TERMS, play.seat, target=-1)]
        )
        copy = option.target
        if copy >= 0:
            zone = next(z for z in (seat.hand, seat.ash_heap, seat.library) if copy in z)
            zone.remove(copy)
            m.cards.append(copy)
            code, capacity = _discipline_master(game, copy) or ("", False)
            levels = dict(m.disciplines)
            levels[code] = min(2, levels.get(code, 0) + 1)
            m.disciplines = tuple(levels.items())
            m.capacity += 1 if capacity else 0
            game.log("discipline card", play.seat, m.id, copy)
            if zone is seat.hand:
                g.refill(game, play.seat)
        game.rng.shuffle(seat.library)


_LESS_INTERCEPT = "less intercept unless:"  # an action's flag: the Disciplines that spare a minion, comma-separated


def _less_intercept_hits(game: Game, minion: int, unless: tuple[str, ...]) -> bool:
    m = game.minions.get(minion)
    return m is not None and not any(code in unless for code, _ in m.disciplines)


@dataclasses.dataclass(frozen=True, slots=True)
class LessInterceptThisAction:
    """ "Minions get -1 intercept" for the rest of the action (Unthinkable Humiliation [POT][PRE]), those without
    any of the ``unless`` Disciplines only (Acheron Vortex: "minions without Necromancy or Obtenebration"): the
    current blocker at once, later attempts through the vocabulary's intercept hook; once however many copies."""

    unless: tuple[str, ...] = ()

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        flag = _LESS_INTERCEPT + ",".join(self.unless)
        if act is None or act.flags.get(flag):
            return
        act.flags[flag] = 1
        if act.blocker >= 0 and _less_intercept_hits(game, act.blocker, self.unless):
            act.intercept -= 1


@hook("intercept", effects=(LessInterceptThisAction,))
def _less_intercept_this_action(game: Game, minion: int, act: Action) -> int:
    if not act.flags:
        return 0
    return -sum(
        1
        for flag in act.flags
        if flag.startswith(_LESS_INTERCEPT)
        and _less_intercept_hits(game, minion, tuple(filter(None, flag[len(_LESS_INTERCEPT) :].split(","))))
    )


def less_intercept_bites(*unless: str) -> Pred:
    """A block attempt is in progress by a minion ``LessInterceptThisAction(unless)`` would hit, and none is played
    on the action yet (Acheron Vortex: offered when it matters)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        return (
            act is not None
            and act.blocker >= 0
            and not act.flags.get(_LESS_INTERCEPT + ",".join(unless))
            and _less_intercept_hits(game, act.blocker, unless)
        )

    return check


def ash_heap_at_least(n: int, *, whose: str = "target") -> Pred:
    """The ash heap of the Methuselah the action is directed at (``whose="target"``: Trochomancy, Inevitability of
    the Void) or of the player's prey (``"prey"``: Shroud of Decay [OBL]) holds ``n`` cards or more."""

    def check(game: Game, play: Play) -> bool:
        if whose == "prey":
            seat = game.prey(play.seat)
        else:
            act = action_of(play)
            seat = act.target if act is not None else -1
        return seat >= 0 and len(game.seats[seat].ash_heap) >= n

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class BleedFromAshHeap:
    """Bleed more by the target Methuselah's ash heap (limited): +``amount`` bleed for removing ``remove`` cards of it
    from the game, the oldest first (Trochomancy; LSJ 20090710: the player chooses, the ash heap has no order), or
    +1 bleed for every ``per`` cards in it (Inevitability of the Void: 10)."""

    remove: int = 0
    amount: int = 1
    per: int = 0
    gives: ClassVar[str] = "bleed"
    limited: ClassVar[bool] = True

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is None or act.target < 0:
            return
        heap = game.seats[act.target].ash_heap
        if self.per:
            act.bleed += len(heap) // self.per
            return
        for copy in heap[: self.remove]:
            game.seats[game.owner_of[copy]].removed.append(copy)
            game.log("remove from game", play.seat, copy)
        del heap[: self.remove]
        act.bleed += self.amount


@dataclasses.dataclass(frozen=True, slots=True)
class AttemptFailsUnlessCancelled:
    """The block attempt fails and that minion (``whole_seat``: every ready minion of its Methuselah) cannot attempt
    to block this action again, unless the card is cancelled as it is played: by the blocking minion's Methuselah
    burning ``pool`` pool (True Love's Face [OBF][PRE]) or by the blocking minion burning ``blood`` blood or life
    (Crocodile's Tongue); the cancel is taken whenever it keeps ``keeps`` or more of it."""

    pool: int = 0
    blood: int = 0
    whole_seat: bool = False
    keeps: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        blocker = game.minions.get(act.blocker) if act is not None and act.blocker >= 0 else None
        if act is None or blocker is None:
            return
        seat = g.controller(game, blocker.id)
        if self.pool and game.seats[seat].pool - self.pool >= self.keeps:
            economy.burn_pool(game, seat, self.pool)
            game.log("cancel", seat, play.card)
            return
        if self.blood and blocker.blood - self.blood >= self.keeps:
            g.move_blood(game, blocker.id, -self.blood)
            game.log("cancel", seat, play.card)
            return
        AttemptFails()(game, play)
        if self.whole_seat:
            act.cannot_block.update(m.id for m in g.ready_minions(game, seat))


def weapons_in_hand(*, restricted: bool = False) -> Targets:
    """Weapons in the player's hand the minion may equip now (Disguised Weapon: any, requirements and costs as
    normal: LSJ 20100725); ``restricted`` (Concealed Weapon): non-unique, under 3 pool, a regular strike neither
    aggravated nor of 4 or more damage (the minion's strength not counted: LSJ 20020821). A weapon only once in play
    (Weighted Walking Stick, a combat card) is not equipped from the hand."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        m = game.minions.get(play.minion)
        if m is None or game.compiled is None:
            return []
        s = game.seats[play.seat]
        out = []
        seen = set()
        for copy in s.hand:
            v = game.card_of[copy]
            if v in seen:
                continue
            seen.add(v)
            weapon = game.compiled.bearers.get(v)
            strike = weapon.strike if weapon is not None else None
            if strike is None or (restricted and (strike.aggravated or (strike.damage or 0) >= 4)):
                continue
            equip = game.compiled.actions.get(v, ())
            if not equip:
                continue
            handler = equip[0]
            if (restricted and handler.pool >= 3) or s.pool <= handler.pool or not g.may_play(game, handler, m):
                continue
            if handler.blood and m.blood < handler.blood:
                continue
            out.append(copy)
        return out

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class EquipFromHand:
    """Equip the chosen weapon of the hand now (``weapons_in_hand``): pay its cost, put it on the minion, replace
    it (not an action: LSJ 20090115); its maneuver each combat is there at once. ``choose_strike_again``: played as
    the strike is chosen, the minion then chooses its strike (the new weapon's, if wanted: Disguised Weapon [OBF])."""

    choose_strike_again: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        self._equip(game, play)
        c = combat_of(play)
        if self.choose_strike_again and c is not None:
            c.side(play.minion).used.add("round:choose strike again")

    @staticmethod
    def _equip(game: Game, play: Play) -> None:
        c = combat_of(play)
        s = game.seats[play.seat]
        m = game.minions.get(play.minion)
        if c is None or m is None or play.target not in s.hand or game.compiled is None:
            return
        handler = game.compiled.actions[game.card_of[play.target]][0]
        if handler.blood:
            g.move_blood(game, m.id, -handler.blood)
        if handler.pool:
            economy.burn_pool(game, play.seat, handler.pool)
            if s.ousted:
                return
        s.hand.remove(play.target)
        m.cards.append(play.target)
        game.log("equip", play.seat, m.id, play.target)
        bearer_maneuvers(game, c, c.side(m.id))  # a weapon's maneuver each combat is there at once
        g.refill(game, play.seat)


# "The blocking minion cannot strike: combat ends" in any round of any combat of the action (Mind of the Wilds:
# LSJ 20100308): a mark (``MarkAction``) game.strike_options reads.
BLOCKER_CANNOT_END_COMBAT = "blocker cannot end combat"


def possible_blockers_that(*, titled: bool = False, younger: bool = False, locked: bool = False) -> Targets:
    """The possible blockers (``possible_blockers``) that are titled, or younger than the playing vampire, or locked,
    as asked (any of them: Memory Rift [dem]'s "a titled or younger vampire"; The Sleeping Mind's locked ones)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        if younger and play.minion not in game.minions:
            return ()
        return [
            m
            for m in possible_blockers(game, play)
            if (titled and game.minions[m].title)
            or (younger and g.younger(game, m, play.minion))
            or (locked and game.minions[m].locked)
        ]

    return targets


__all__ += [
    "possible_blockers_that",
    "BLOCKER_CANNOT_END_COMBAT",
    "weapons_in_hand",
    "EquipFromHand",
    "AttemptFailsUnlessCancelled",
    "ash_heap_at_least",
    "BleedFromAshHeap",
    "LessInterceptThisAction",
    "less_intercept_bites",
    "Embrace",
    "BLOCKED_COMBAT_AGGRAVATED",
    "BLOCKED_COMBAT_CANCELLED",
]
__all__ += ["seats_from", "chosen_methuselah_sets", "methuselah_sets", "PoolChanges"]
# --- words added for cov_e
# A vampire's printed bonuses under a condition: each factory registers one hook declared for the vampire named (a
# table without it never calls it). "+N strength in combat with …" (Dominique Santo Paulo), "+N bleed (stealth) when
# …" on its own actions (Damian, Suhailah), "while X is ready, … get +N bleed (stealth)" (Jacob Fermor, Tryphosa),
# "… get +N bleed against you" (Freddy Gage), "if X blocks, he gets 1 optional press" (Kazimir Savostin).

MinionTest = Callable[[Game, Minion, Minion], bool]  # (the vampire named, the other minion)
ActionTest = Callable[[Game, Minion, Action], bool]  # (the vampire named, the action)


def is_vampire_named(game: Game, m: Minion, name: str) -> bool:
    """The minion is the vampire with this unique name ("Dr. Julius Sutphen": the base version)."""
    return m.kind == VAMPIRE and m.card == vekn(game, name)


def vampire_of_clan(*clans: str) -> MinionTest:
    """The other minion is a vampire of one of ``clans``."""

    def test(game: Game, me: Minion, other: Minion) -> bool:
        return other.kind == VAMPIRE and other.clan in clans

    return test


def strength_in_combat_with(name: str, test: MinionTest, amount: int = 1) -> None:
    """The named vampire "gets +N strength in combat with <a minion passing ``test``>": the "strength" hook."""

    @hook("strength", name)
    def _strength(game: Game, minion: int) -> int:
        m = game.minions.get(minion)
        c = g.current_combat(game)
        if m is None or c is None or minion not in (c.a.minion, c.b.minion) or not is_vampire_named(game, m, name):
            return 0
        other = game.minions.get(c.other(minion).minion)
        return amount if other is not None and test(game, m, other) else 0


def own_action_bonus(kind: str, name: str, test: ActionTest, amount: int = 1) -> None:
    """The named vampire gets +N ``kind`` ("bleed": on its bleeds; "stealth": on its actions) when ``test`` holds:
    the ``kind`` hook."""

    @hook(kind, name)
    def _bonus(game: Game, act: Action) -> int:
        m = game.minions.get(act.actor)
        return amount if m is not None and is_vampire_named(game, m, name) and test(game, m, act) else 0


def bonus_while_ready(kind: str, name: str, test: ActionTest, amount: int = 1, *, yours: bool = True) -> None:
    """ "While <the named vampire> is ready, <minions> (``yours``: you control) get +N ``kind``" on the actions
    ``test`` accepts (its minion: the ready vampire named): the ``kind`` hook ("bleed", "stealth")."""

    @hook(kind, name)
    def _bonus(game: Game, act: Action) -> int:
        if act.actor not in game.minions:
            return 0
        for seat in (g.controller(game, act.actor),) if yours else game.order:
            for m in g.ready_minions(game, seat):
                if is_vampire_named(game, m, name) and test(game, m, act):
                    return amount
        return 0


def bleed_against_controller(name: str, test: ActionTest, amount: int = 1) -> None:
    """ "<Minions passing ``test``> get +N bleed against you", you: the Methuselah controlling the vampire named (in
    play, ready or in torpor: a passive ability, LSJ 20011022): the "bleed" hook."""

    @hook("bleed", name)
    def _bleed(game: Game, act: Action) -> int:
        if not 0 <= act.target < len(game.seats):
            return 0
        for c in game.seats[act.target].controlled:
            m = game.minions.get(c)
            if m is not None and m.in_play and is_vampire_named(game, m, name) and test(game, m, act):
                return amount
        return 0


def presses_when_blocking(name: str, amount: int = 1) -> None:
    """ "If <the named vampire> blocks, he gets N optional presses during the resulting combat": the "combat_start"
    hook (the combat of the block, not a later one of the same action)."""

    @hook("combat_start", name)
    def _presses(game: Game, c: Combat) -> None:
        act = c.action
        if act is None or not act.blocked or not game.frames or game.frames[-1] is not act:
            return
        m = game.minions.get(act.blocker)
        if m is not None and act.blocker in (c.a.minion, c.b.minion) and is_vampire_named(game, m, name):
            c.side(act.blocker).combat_presses += amount


def own_locations(game: Game, play: Play) -> Sequence[int]:
    """The locations in play (on the table or on a minion) the player controls (Osric Vladislav burns one)."""
    out = []
    for c in game.seats[play.seat].controlled:
        m = game.minions.get(c)
        if m is None:
            if is_location(game, c):
                out.append(c)
        elif m.cards:
            out += [x for x in m.cards if x not in game.minions and is_location(game, x)]
    return out


def cards_requiring_sect(game: Game, seat: int, sect: str) -> list[int]:
    """The cards in the seat's hand whose requirement names ``sect`` ("a card requiring an Anarch")."""
    comp = game.compiled
    return [c for c in game.seats[seat].hand if sect in comp.cards[game.card_of[c]].requirements.sects]


def holds_card_requiring_sect(sect: str) -> Pred:
    """The player holds a card requiring a vampire of ``sect`` (to discard it: Gabriel Tremblay, an Anarch)."""

    def pred(game: Game, play: Play) -> bool:
        return bool(cards_requiring_sect(game, play.seat, sect))

    return pred


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardRequiringSect:
    """Discard a card requiring a vampire of ``sect`` from the hand (the first held: the bot's pick), then draw."""

    sect: str

    def __call__(self, game: Game, play: Play) -> None:
        held = cards_requiring_sect(game, play.seat, self.sect)
        if held:
            g.discard(game, play.seat, held[:1])


def damage_to_other_pending(game: Game, play: Play) -> bool:
    """Non-aggravated damage is about to be inflicted on a minion other than the playing one, not all prevented
    already ("prevent 1 non-aggravated damage inflicted on any other minion in combat": Randall)."""
    c = play.frame
    if not isinstance(c, Combat) or c.victim == play.minion or c.victim not in (c.a.minion, c.b.minion):
        return False
    side = c.side(c.victim)
    return c.pending[0] > 0 and not (side.prevent_all or side.prevent_strike)


def meets_requirement_with_title(game: Game, handler: Any, m: Minion) -> bool:
    """A vampire given a title by an ability (Tobias Smith's bishop) meets the requirements of a vampire printed
    with it: a "meets_requirement" hook's test, as for a title card's (TitleOnTarget)."""
    return bool(_titled_by_card(game, handler, m))


handler_of = g.handler_of  # the compiled mode an option plays (an "action_allowed" hook reading a card's cost)


__all__ += [
    "handler_of",
    "meets_requirement_with_title",
    "damage_to_other_pending",
    "cards_requiring_sect",
    "holds_card_requiring_sect",
    "DiscardRequiringSect",
    "own_locations",
    "MinionTest",
    "ActionTest",
    "is_vampire_named",
    "vampire_of_clan",
    "strength_in_combat_with",
    "own_action_bonus",
    "bonus_while_ready",
    "bleed_against_controller",
    "presses_when_blocking",
]

# --- words added for cov_d

ousts = g.ousts  # the W.OUSTING window, opened now for a seat a hook's choice left with no pool (Life Boon's steal)
BURN_BY_REFERENDUM = g.BURN_BY_REFERENDUM  # the referendum a card in play allows, to burn it (Charming Lobby calls it)


def referendum_burnable(game: Game, play: Play) -> list[int]:
    """The cards in play of other Methuselahs that the playing vampire may call a referendum to burn ("any vampire
    can call a referendum to burn this card", by sect: "any Camarilla vampire"): referendums allowed by an effect
    in play (Charming Lobby)."""
    burnable = game.compiled.burnable
    m = game.minions.get(play.minion)
    if m is None or not g.table_has(
        game, "referendum burns", lambda: {v for v, w in burnable.items() if w.endswith("referendum")}
    ):
        return []
    out = []
    for s in game.order:
        if s == play.seat:
            continue
        for c in game.seats[s].controlled:
            who = burnable.get(game.card_of[c], "") if c not in game.minions else ""
            if who == "referendum" or (who.endswith(" referendum") and m.sect == who.split()[0]):
                out.append(c)
    return out


def current_bleed(game: Game, minion: int) -> int:
    """A minion's current bleed: the amount it would bleed its prey with (RTR 19980623), its printed bleed with the
    "bleed" hooks of a bleed announced now (equipment, cards in play, riders)."""
    m = game.minions[minion]
    seat = g.controller(game, minion)
    act = Action(kind=Act.BLEED, seat=seat, actor=minion, directed=True, target=game.prey(seat), bleed=m.bleed)
    return m.bleed + g.hook_sum(game, "bleed", act)


# --- words added for cov_c


def own_vampires_not_of_sect(game: Game, seat: int, sect: str) -> list[int]:
    """The vampires ``seat`` controls, ready or in torpor, not of ``sect`` ("a non-Camarilla vampire")."""
    minions = game.minions
    return [
        c
        for c in game.seats[seat].controlled
        if (m := minions.get(c)) is not None and m.kind == VAMPIRE and m.in_play and m.sect != sect
    ]


def own_vampires_not_in_sect(sect: str) -> Targets:
    """Targets: the player's vampires not of ``sect`` (Judgment: Camarilla Segregation's "burn a non-Camarilla
    vampire they control")."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return own_vampires_not_of_sect(game, play.seat, sect)

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class BurnTargetMinion:
    """Burn the chosen minion, if it is still in play (a cost: "burn a vampire you control to …")."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None and m.in_play:
            g.burn_minion(game, play.target)


def offered_to_every_methuselah(window: W, *names: str) -> None:
    """The cards' in-play modes in ``window`` may be used by every Methuselah, not only by the card's controller
    ("Methuselahs can … during their master phase": Judgment: Camarilla Segregation, Open War): the other
    Methuselahs' copies are offered to the seat (game.in_play_options' ``offered_abilities`` hook)."""

    @hook("offered_abilities", *names)
    def offered(game: Game, seat: int, at: W) -> list[tuple[int, Any]]:
        comp = game.compiled
        if at is not window or comp is None:
            return []
        out: list[tuple[int, Any]] = []
        for name in names:
            wanted = vekn(game, name)
            handlers = comp.in_play.get((wanted, window), ())
            if not handlers:
                continue
            for s in game.order:
                if s != seat:
                    for c in game.seats[s].controlled:
                        if game.card_of[c] == wanted and c not in game.minions and c not in game.locked_cards:
                            out += [(c, h) for h in handlers]
        return out


@dataclasses.dataclass(frozen=True, slots=True)
class PoolToThisCard:
    """The player moves ``amount`` pool onto the card in play being used as counters (paid to the bank: the card's
    counters are not pool); at ``burn_at`` counters the card burns and its controller gains ``gain`` pool (Open
    War)."""

    amount: int = 1
    burn_at: int = 0
    gain: int = 0

    def __call__(self, game: Game, play: Play) -> None:
        paid = economy.burn_pool(game, play.seat, self.amount)
        if not paid:
            return
        game.card_counters[play.card] = game.card_counters.get(play.card, 0) + paid
        game.log("pool to card", play.seat, play.card, paid)
        if self.burn_at and game.card_counters[play.card] >= self.burn_at:
            owner = card_controller(game, play.card)
            g.burn_card(game, play.card)
            if self.gain and owner >= 0 and not game.seats[owner].ousted:
                economy.gain_pool(game, owner, self.gain)
                game.log("gain pool", owner, self.gain)


def card_controller(game: Game, copy: int) -> int:
    """The Methuselah controlling a card in play (on the table or on a minion); -1 when none does."""
    return _controller_of_card(game, copy)


def _ready_vampires_of(game: Game, seat: int, sect: str) -> list[Minion]:
    return [m for m in g.ready_minions(game, seat) if m.kind == VAMPIRE and (not sect or m.sect == sect)]


def blood_movers(sect: str = "", to: str = "ready vampire") -> Targets:
    """Targets: the player's ready vampires (of ``sect``) with blood, while another ready one (of ``sect``) can take
    some (the source of ``MoveBloodToAnother``); ``to="younger uncontrolled of its clan"``: while a younger vampire of
    its clan is in the player's uncontrolled region (Grooming the Protégé)."""
    if to not in _BLOOD_TO_ANOTHER:
        raise ValueError(f"blood_movers: to must be one of {_BLOOD_TO_ANOTHER}, not {to!r}")

    def targets(game: Game, play: Play) -> Sequence[int]:
        if to == "younger uncontrolled of its clan":
            return [
                m.id
                for m in g.ready_minions(game, play.seat)
                if m.kind == VAMPIRE and m.blood > 0 and _younger_uncontrolled_of_clan(game, m)
            ]
        ready = _ready_vampires_of(game, play.seat, sect)
        if not any(m.blood < m.capacity for m in ready):
            return []
        return [m.id for m in ready if m.blood > 0 and any(o.id != m.id and o.blood < o.capacity for o in ready)]

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class MoveBloodToAnother:
    """Move ``amount`` blood from the target to another ready vampire of the player's (of ``sect``), chosen now,
    the emptiest first (The Status Perfectus: "move 1 blood from a ready anarch you control to another ready
    anarch"). ``to="younger uncontrolled of its clan"``: to a younger vampire of the target's clan in the player's
    uncontrolled region, chosen now (the bots: the one closest to coming out first), ``amount=0`` being X, the amount
    chosen (``play.value``) within the target's blood (Grooming the Protégé: "move up to 3 blood from a ready vampire
    you control to a younger vampire of the same clan in your uncontrolled region")."""

    amount: int = 1
    sect: str = ""
    to: str = "ready vampire"

    def __post_init__(self) -> None:
        if self.to not in _BLOOD_TO_ANOTHER:
            raise ValueError(f"MoveBloodToAnother: to must be one of {_BLOOD_TO_ANOTHER}, not {self.to!r}")

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        source = game.minions.get(play.target)
        if self.to == "younger uncontrolled of its clan":
            proteges = _younger_uncontrolled_of_clan(game, source) if source is not None else []
            return self._to_uncontrolled(game, play, source, proteges) if source is not None and proteges else None
        if source is None or source.blood <= 0:
            return None
        others = sorted(
            (m for m in _ready_vampires_of(game, play.seat, self.sect) if m.id != source.id and m.blood < m.capacity),
            key=lambda m: (m.blood - m.capacity, -m.capacity, m.id),
        )
        if not others:
            return None
        return self._move(game, play, source, others)

    def _move(self, game: Game, play: Play, source: Minion, others: list[Minion]) -> Generator[Any, Any, None]:
        option = yield from g.choose(
            game, play.seat, [economy.Option(economy.Kind.TERMS, play.seat, target=m.id) for m in others]
        )
        dest = game.minions.get(option.target)
        if dest is None or not source.in_play:
            return
        moved = -g.move_blood(game, source.id, -self.amount)
        g.move_blood(game, dest.id, moved)
        game.log("move blood", play.seat, source.id, dest.id, moved)

    def _to_uncontrolled(
        self, game: Game, play: Play, source: Minion, proteges: list[int]
    ) -> Generator[Any, Any, None]:
        option = yield from g.choose(
            game, play.seat, [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in proteges]
        )
        # blood moved, not gained nor burned: an uncontrolled vampire's blood is not capped by its capacity
        moved = min(self.amount or play.value, source.blood)
        source.blood -= moved
        game.minions[option.target].blood += moved
        game.log("move blood", play.seat, source.id, option.target, moved)


NO_STRIKES_NEXT_COMBAT = "no strikes first round of next combat"  # a rider on the minion (this turn)


@dataclasses.dataclass(frozen=True, slots=True)
class ActingMinionCannotStrikeFirstRound:
    """The action's acting minion cannot strike in the first round of the next combat it enters this turn (The
    Status Perfectus: "The acting minion cannot use any strikes in the first round of that combat"), nor use a
    strike's maneuver (LSJ 20001126); it may still gain additional strikes, uselessly (LSJ 19970814-2)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.actor in game.minions:
            g.add_rider(game, act.actor, NO_STRIKES_NEXT_COMBAT, 1, Until.END_OF_TURN)


@hook("combat_start", effects=(ActingMinionCannotStrikeFirstRound,))
def _no_strikes_next_combat(game: Game, c: Combat) -> None:
    if not game.riders:
        return
    for side in (c.a, c.b):
        marks = [r for r in game.riders if r.holder == side.minion and r.key == NO_STRIKES_NEXT_COMBAT]
        if marks:
            game.riders = [r for r in game.riders if r not in marks]
            side.used.add("combat:no strikes first round (this side)")


@hook("round_start", effects=(ActingMinionCannotStrikeFirstRound,))
def _no_strikes_first_round_this_side(game: Game, c: Combat) -> None:
    if c.round == 1:
        for side in (c.a, c.b):
            if "combat:no strikes first round (this side)" in side.used:
                side.used.add("round:cannot strike")


GRANTED_ACTION = "granted action"  # a rider on a vampire: the card copy whose action it may take this turn


@dataclasses.dataclass(frozen=True, slots=True)
class GrantThisCardsActionThisTurn:
    """The chosen vampire may take this card's action (its in-play ``W.ACTION`` mode, ``when=granted_this_turn``)
    once this turn, even once the card is locked or leaves its player's control (Powerbase: Luanda: "Lock this card
    … and choose a vampire you control. Once this turn, the chosen vampire may …")."""

    def __call__(self, game: Game, play: Play) -> None:
        if play.target in game.minions:
            g.add_rider(game, play.target, GRANTED_ACTION, play.card, Until.END_OF_TURN)


def granted_this_turn(game: Game, play: Play) -> bool:
    """The acting vampire was chosen this turn to take this card's action (``GrantThisCardsActionThisTurn``)."""
    return any(r.holder == play.minion and r.key == GRANTED_ACTION and r.value == play.card for r in game.riders)


@hook("offered_actions", effects=(GrantThisCardsActionThisTurn,))
def _granted_actions(game: Game, seat: int, m: Minion) -> list[tuple[int, Any]]:
    """The actions of the cards that chose this vampire this turn (the card itself is locked: game._granting_cards
    offers only unlocked cards)."""
    if not game.riders or game.compiled is None:
        return []
    out: list[tuple[int, Any]] = []
    for r in game.riders:
        if r.holder == m.id and r.key == GRANTED_ACTION and r.value in game.locked_cards:
            out += [(r.value, h) for h in game.compiled.in_play.get((game.card_of[r.value], W.ACTION), ())]
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class ThisCardChoosesTarget:
    """The card played remembers the target minion it chose (a ``game.CHOSEN_MINION`` rider for the game: Divine
    Sign's "Choose any minion … The chosen minion can burn this card")."""

    def __call__(self, game: Game, play: Play) -> None:
        if play.card < 0 or play.target not in game.minions:
            return
        game.riders = [r for r in game.riders if not (r.holder == play.card and r.key == g.CHOSEN_MINION)]
        g.add_rider(game, play.card, g.CHOSEN_MINION, play.target, Until.END_OF_GAME)


def cards_choosing(game: Game, holder: int, name: str, chosen: int) -> int:
    """How many cards named ``name`` on ``holder`` chose the minion ``chosen`` (``ThisCardChoosesTarget``)."""
    m = game.minions.get(holder)
    if m is None or not m.cards:
        return 0
    wanted = vekn(game, name)
    return sum(1 for c in m.cards if game.card_of[c] == wanted and g.chosen_minion(game, c) == chosen)


@hook("stealth", data=("bearer",))
def _bearer_stealth(game: Game, act: Action) -> int:
    """The stealth the cards on the acting minion give its actions (``Bearer.stealth``: Blithe Acceptance)."""
    return sum(b.stealth for _, b in _bearers(game, act.actor))


__all__ += [
    "ThisCardChoosesTarget",
    "cards_choosing",
    "GrantThisCardsActionThisTurn",
    "granted_this_turn",
    "blood_movers",
    "MoveBloodToAnother",
    "ActingMinionCannotStrikeFirstRound",
    "own_vampires_not_of_sect",
    "own_vampires_not_in_sect",
    "BurnTargetMinion",
    "offered_to_every_methuselah",
    "PoolToThisCard",
    "card_controller",
]


# --- words added for cov_b

hold = _hold  # a card (taken from its zone) face down on a card in play, out of play (Game.held)
held_on = _held_on  # the cards face down on a card in play


def plays_held_cards(name: str, *, bearer: bool = False) -> None:
    """The cards face down on this card in play (``Game.held``) are played "as if from your hand" (the one
    mechanic: ``game.as_if_from_hand``) by the Methuselah controlling it and its minions (The Erciyes Fragments), or
    by the minion it is on only (``bearer``: "this Gangrel can play these cards", Gift of Proteus)."""

    @hook("as_if_from_hand", name)
    def _held(game: Game, seat: int) -> list[tuple[int, int]]:
        card = vekn(game, name)
        out: list[tuple[int, int]] = []
        for holder, cards in game.held.items():
            if game.card_of[holder] != card:
                continue
            if not bearer:
                if holder in game.seats[seat].controlled:
                    out.extend((c, -1) for c in cards)
                continue
            for c in game.seats[seat].controlled:
                m = game.minions.get(c)
                if m is not None and holder in m.cards and m.in_play and not m.contested:
                    out.extend((x, m.id) for x in cards)
        return out


@dataclasses.dataclass(frozen=True, slots=True)
class HoldLibraryTop:
    """Move the top ``n`` cards of the player's library face down onto this card (Shilmulo Tarot)."""

    n: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        library = game.seats[play.seat].library
        if play.card not in game.seats[play.seat].controlled and g._holder_of(game, play.card) < 0:
            return  # not in play (its equip failed: the minion left)
        for _ in range(min(self.n, len(library))):
            _hold(game, play.card, library.pop())
        game.log("library to card", play.seat, play.card, self.n)


@dataclasses.dataclass(frozen=True, slots=True)
class RetrieveOnReplace:
    """ "If you would replace this card, instead you can take this card from your ash heap" (Steely Tenacity): once
    the action is over, its deferred replacement takes the card back from the ash heap, if it is there, instead of a
    draw (game.refill). An effect of a mode played during the action (a combat card's, as it resolves: a cancelled
    card's clause is cancelled too, LSJ 20080630); an action card's is marked as its action is announced
    (``retrieves_on_replace``)."""

    replacement: ClassVar[bool] = True  # ignored on a card played as if from the hand (LSJ 20081126)

    def __call__(self, game: Game, play: Play) -> None:
        game.riders.append(Rider(-1 - play.seat, "retrieve on replace", play.card, Until.END_OF_TURN, play.seat))


def retrieves_on_replace(name: str) -> None:
    """The card's action modes take it back from the ash heap as they are replaced (``RetrieveOnReplace``), marked as
    the action is announced, past its "as played" window (not if cancelled then); not when played as if from the
    hand."""

    @hook("announced", name)
    def _mark(game: Game, act: Action) -> None:
        if act.card >= 0 and game.card_of[act.card] == vekn(game, name) and not act.flags.get("as if from hand"):
            game.riders.append(Rider(-1 - act.seat, "retrieve on replace", act.card, Until.END_OF_TURN, act.seat))


def hand_or_melee_strikes(game: Game, play: Play) -> Sequence[int]:
    """ "Strike: hand strike or use a melee weapon strike": 0 for the hand strike, else the granted strike (its
    ``game.grant`` key) of each melee weapon (equipment with a strike usable at close range) the playing minion has."""
    m = game.minions.get(play.minion)
    out = [0]
    if m is None or not m.cards:
        return out
    bearers = game.compiled.bearers
    for x in g.equipment_or_retainers(game, m.id):
        strike = getattr(bearers.get(game.card_of[x]), "strike", None)
        if isinstance(strike, g.Strike) and not strike.ranged and not strike.long_only:
            key = g.grant(strike)
            if key not in out:
                out.append(key)
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class StrikeHandOrMelee:
    """The playing minion's strike this round: its hand strike, or the melee weapon strike ``play.value`` names
    (``hand_or_melee_strikes``), at +``bonus`` damage, with 1 optional press (``press``) or maneuver."""

    bonus: int = 0
    press: bool = False
    maneuver: bool = False

    @property
    def strike(self) -> g.Strike:
        """The hand strike version (what the bots score the card by)."""
        return g.Strike(hand=True, bonus=self.bonus, press=self.press, maneuver=self.maneuver, label="hand strike")

    def __call__(self, game: Game, play: Play) -> None:
        strike = self.strike
        if play.value:
            weapon = g.GRANTED[play.value]
            strike = dataclasses.replace(
                weapon, bonus=weapon.bonus + self.bonus, press=weapon.press or self.press, maneuver=self.maneuver
            )
        StrikeWith(strike)(game, play)


@dataclasses.dataclass(frozen=True, slots=True)
class WithCounters:
    """The card comes into play with ``n`` counters on it (Waiting Game: 10), after ``PutInPlay``; with
    ``target_capacity``, as many blood counters as the chosen vampire's capacity (Powerbase: Barranquilla)."""

    n: int = 0
    target_capacity: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        if self.target_capacity:
            m = game.minions.get(play.target)
            if m is not None:
                game.card_counters[play.card] = m.capacity
                game.log("add blood", play.seat, play.card, m.capacity)
            return
        game.card_counters[play.card] = self.n


@dataclasses.dataclass(frozen=True, slots=True)
class NextRoundClose:
    """ "If another round of combat occurs, that round is at close range (skip the determine range step for that
    round)" (Lam Into [vic]): the combat's range step is skipped once, the range kept (close for a hand or melee
    strike)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.fixed_close = True


__all__ += [
    "NextRoundClose",
    "WithCounters",
    "hold",
    "held_on",
    "plays_held_cards",
    "HoldLibraryTop",
    "RetrieveOnReplace",
    "retrieves_on_replace",
    "hand_or_melee_strikes",
    "StrikeHandOrMelee",
]


# --- words added for cov_f


def directed_action(game: Game, play: Play) -> bool:
    """ "Only usable during a directed action" (Sonar [pro])."""
    act = action_of(play) or g.current_action(game)
    return act is not None and act.directed


_AGG_AS_NORMAL = "round:aggravated as normal"


@dataclasses.dataclass(frozen=True, slots=True)
class AggravatedAsNormal:
    """The playing minion "treats aggravated damage as normal damage for the remainder of this round" (Skin of
    Night): the damage being resolved now, and any later this round (the ``damage_to_take`` hook)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is None:
            return
        c.side(play.minion).used.add(_AGG_AS_NORMAL)
        if c.victim == play.minion:
            normal, agg = c.pending
            c.pending = [normal + agg, 0]


@hook("damage_to_take", effects=(AggravatedAsNormal,))
def _aggravated_as_normal(game: Game, c: Combat, side: Any, normal: int, agg: int) -> tuple[int, int]:
    if agg and _AGG_AS_NORMAL in side.used:
        return normal + agg, 0
    return normal, agg


def torpid_vampires(game: Game, play: Play) -> Sequence[int]:
    """Every vampire in torpor, other Methuselahs' first (Vulnerability: "burn a vampire in torpor")."""
    mine = [c for c in game.seats[play.seat].controlled if _torpid_vampire(game, c)]
    return [*torpid_vampires_of_others(game, play), *mine]


def _torpid_vampire(game: Game, copy: int) -> bool:
    m = game.minions.get(copy)
    return m is not None and m.kind == VAMPIRE and m.torpor and m.in_play


@dataclasses.dataclass(frozen=True, slots=True)
class BurnTorpidTarget:
    """Burn the target vampire, if it is still in torpor (Vulnerability)."""

    def __call__(self, game: Game, play: Play) -> None:
        if _torpid_vampire(game, play.target):
            g.burn_minion(game, play.target)


def opposing_ally_or_younger(game: Game, play: Play) -> bool:
    """In combat with an ally or a younger vampire ("only usable in combat with an ally or younger vampire": The
    Jones)."""
    c = combat_of(play) or g.current_combat(game)
    if c is None or play.minion not in (c.a.minion, c.b.minion):
        return False
    other = game.minions.get(c.other(play.minion).minion)
    if other is None or play.minion not in game.minions:
        return False
    return other.kind == ALLY or (other.kind == VAMPIRE and g.younger(game, other.id, play.minion))


def opposing_vampire_not_older(game: Game, play: Play) -> bool:
    """In combat with a vampire not older than this one ("not usable in combat with an ally or an older vampire":
    Alpha Glint)."""
    c = combat_of(play)
    if c is None or play.minion not in game.minions:
        return False
    other = game.minions.get(c.other(play.minion).minion)
    return other is not None and other.kind == VAMPIRE and not g.younger(game, play.minion, other.id)


@dataclasses.dataclass(frozen=True, slots=True)
class EndOnlyPress:
    """The press the strike gives this round is "only usable to end combat" (The Jones [ser]): game._continue_only
    reads the mark."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add("round:end-only press")


@dataclasses.dataclass(frozen=True, slots=True)
class ManeuverInFirstRound:
    """The playing minion gets 1 optional maneuver during the first round of each combat resulting from a block of
    this action, not a follow-up one: the acting minion's (Mind of the Wilds: "if this action is blocked, this
    vampire gets 1 optional maneuver during the first round"), the blocker's (Eyes of the Beast [PRO]: "if this
    vampire blocks", in a combat after a second block too: ANK 20191108)."""

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[f"first round maneuver:{play.minion}"] = 1


@hook("combat_start", effects=(ManeuverInFirstRound,))
def _first_round_maneuver_start(game: Game, c: Combat) -> None:
    act = c.action
    if act is None or not act.blocked or not game.frames or game.frames[-1] is not act:
        return  # only the combat resulting from the block
    for side in (c.a, c.b):
        if act.flags.get(f"first round maneuver:{side.minion}"):
            side.used.add("combat:first round maneuver")


@hook("round_start", effects=(ManeuverInFirstRound,))
def _maneuver_in_first_round(game: Game, c: Combat) -> None:
    if c.round == 1:
        for side in (c.a, c.b):
            if "combat:first round maneuver" in side.used:
                side.maneuvers += 1


_ENSLAVED = re.compile(r"([A-Z][a-z]+(?: antitribu)?) [Ss]lave")


def enslaving_clan(game: Game, minion: int) -> str:
    """The clan a slave Gargoyle's text names ("Tremere slave", "Tremere antitribu slave"), "" for no slave."""
    m = game.minions.get(minion)
    if m is None or "slave" not in m.traits:
        return ""
    found = _ENSLAVED.search(game.compiled.cards[m.card].text if game.compiled is not None else "")
    return found.group(1) if found else ""


def unique_slave_gargoyle(game: Game, play: Play) -> bool:
    """The playing minion is a unique slave Gargoyle (Unleash the Hounds [VIS])."""
    m = game.minions.get(play.minion)
    return m is not None and "non-unique" not in m.traits and bool(enslaving_clan(game, play.minion))


def ready_vampires_of_enslaving_clan(game: Game, play: Play) -> Sequence[int]:
    """The number of ready vampires of the playing slave's enslaving clan its Methuselah controls, as the one
    amount to choose (Unleash the Hounds [VIS]: "+1 bleed for each")."""
    clan = enslaving_clan(game, play.minion)
    return (sum(1 for m in g.ready_minions(game, play.seat) if m.kind == VAMPIRE and m.clan == clan),)


def events_in_play(game: Game, play: Play) -> Sequence[int]:
    """The events in play, other Methuselahs' first (Shattering [dem]: "burn an event")."""
    cards = game.compiled.cards
    order = [s for s in game.order if s != play.seat] + [play.seat]
    return [
        c
        for s in order
        for c in game.seats[s].controlled
        if c not in game.minions and "Event" in cards[game.card_of[c]].types
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class DamageTarget:
    """The target minion takes ``amount`` damage outside combat (no prevention window: unpreventable; Shattering
    [pro])."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None and m.in_play and not m.torpor:
            g.take_damage(game, m.id, self.amount, 0)


def vampire_action_failed(game: Game, play: Play) -> bool:
    """After resolution of an unsuccessful action (blocked, or failed) by a vampire (Neighborhood Watch Commander)."""
    act = action_of(play)
    actor = game.minions.get(act.actor) if act is not None else None
    return act is not None and not act.succeeded and actor is not None and actor.kind == VAMPIRE


@dataclasses.dataclass(frozen=True, slots=True)
class DamageActor:
    """The acting minion takes ``amount`` damage outside combat (Neighborhood Watch Commander), if still ready."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        m = game.minions.get(act.actor) if act is not None else None
        if m is not None and m.in_play and not m.torpor:
            g.take_damage(game, m.id, self.amount, 0)


def frenzy_immune(game: Game, minion: int) -> bool:
    """Whether the minion is immune to frenzy cards (Sire's Index Finger): the "frenzy_immune" hooks."""
    hooks = g.hooks_of(game, "frenzy_immune")
    return bool(hooks) and any(h(game, minion) for h in hooks)


def opposing_not_frenzy_immune(game: Game, play: Play) -> bool:
    """A frenzy card played on the opposing minion: not on one immune to frenzy cards (Sire's Index Finger)."""
    c = combat_of(play)
    return c is None or not frenzy_immune(game, c.other(play.minion).minion)


diablerie = g.diablerie  # a diablerie a card makes outside the diablerie action (Amaranth)


# --- words added for cov_a
minion_entered = g.minion_entered  # a minion put in play by the seat ("minion_in_play" hooks: Gran Madre di Dio)


# --- words added for bb
#
# Triggers of cards on a minion, read by hooks the factories register for the card that calls them (a table without
# the card never calls them): what an archetype (Rebel, Cavalier, Monster, Capitalist) does for the vampire carrying
# it, once each turn, when that vampire blocks, acts or leaves a combat.

BearerTest = Callable[[Game, Minion, Any], bool]  # (the minion carrying the card, the action or the combat)


def blocks_titled_or_political(game: Game, m: Minion, act: Action) -> bool:
    """The action blocked is a political action or a titled vampire's ("if they block a titled vampire or a
    political action": Rebel)."""
    actor = game.minions.get(act.actor)
    return act.kind is Act.POLITICAL or (actor is not None and actor.kind == VAMPIRE and bool(actor.title))


def bled_prey_successfully(game: Game, m: Minion, act: Action) -> bool:
    """The action is a successful bleed of the acting Methuselah's prey (Capitalist)."""
    return bool(act.flags.get("successful_bleed")) and act.target == game.prey(act.seat)


def succeeded_costing_blood(game: Game, m: Minion, act: Action) -> bool:
    """ "After performing a successful action costing blood" (Cavalier)."""
    return act.succeeded and act.cost_blood > 0


def opponent_left_not_ready(game: Game, m: Minion, c: Combat) -> bool:
    """ "If the opposing minion is not ready" as the combat ends (Monster)."""
    return not g.is_ready(game, c.other(m.id).minion)


def bearer_once_each_turn(
    when: str, name: str, test: BearerTest | None = None, *, gains: int = 0, unlocks_for: int = 0
) -> None:
    """ "Once each turn, when this vampire <does something>, it gains ``gains`` blood" (Rebel, Capitalist), or "it
    can burn ``unlocks_for`` blood to unlock" (Cavalier, Monster: taken by a fixed rule, when the vampire is locked,
    not in torpor and keeps 1 blood). ``when``: "blocks" (the vampire carrying the card blocked an action: the
    "blocked" hook, before block resolution), "acts" (its action resolved: "after_resolution"), "combat ends" (a
    combat it was in ended: "after_combat"), "others' unlock" (another Methuselah's unlock phase, after its minions
    unlock: the "unlock" hook; Homunculus: "During any Methuselah's unlock phase, the employer can burn 1 blood to
    unlock", its own unlocking as normal in its own); ``test`` says whether this one counts (None: every one).
    Registered as the card's hook, in its spec's place."""

    def triggered(game: Game, minion: int, subject: Any) -> None:
        m = game.minions.get(minion)
        if m is None or not any(game.card_of[c] == vekn(game, name) for c in m.cards):
            return
        if test is not None and not test(game, m, subject):
            return
        key = (name, m.id, game.turn)
        if gains:
            if key in game.used:
                return
            game.used.add(key)
            if g.move_blood(game, m.id, gains):
                game.log("add blood", g.controller(game, m.id), m.id, gains)
            return
        if not m.locked or m.torpor or m.blood < unlocks_for + 1 or key in game.used:
            return
        game.used.add(key)
        g.move_blood(game, minion, -unlocks_for)
        m.locked = False
        game.log("unlock", g.controller(game, minion), minion)

    if when == "blocks":
        hook("blocked", name)(lambda game, act: triggered(game, act.blocker, act))
    elif when == "acts":
        hook("after_resolution", name)(lambda game, act: triggered(game, act.actor, act))
    elif when == "combat ends":

        def after_combat(game: Game, c: Combat) -> None:
            for side in (c.a, c.b):
                triggered(game, side.minion, c)

        hook("after_combat", name)(after_combat)
    elif when == "others' unlock":

        def others_unlock(game: Game, seat: int) -> int:
            for s in game.order:
                if s != seat and not game.seats[s].ousted:
                    for m in g.ready_minions(game, s):
                        triggered(game, m.id, None)
            return 0

        hook("unlock", name)(others_unlock)
    else:
        raise ValueError(f"bearer_once_each_turn: when {when!r}")


def no_reactions_played(game: Game, play: Play) -> bool:
    """No reaction card was played during the action (``play.frame``): "after a successful action that no reaction
    cards were played during" (Perfectionist)."""
    act = action_of(play)
    return act is not None and act.reactions == 0


def used_disciplines_at_least(n: int) -> Pred:
    """The playing minion, ready, used ``n`` or more different Disciplines to play cards during the action
    (``play.frame``), its action card's included ("after an action during which this vampire used three or more
    Disciplines": Dabbler)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        if act is None or not g.is_ready(game, play.minion):
            return False
        used = set(act.disciplines.get(play.minion, ()))
        if act.actor == play.minion and act.card >= 0 and act.mode is not None:
            used.update(act.mode.disciplines)
        return len(used) >= n

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockSelfForBlood:
    """The playing minion burns ``amount`` blood to unlock (Dabbler: "this vampire can burn 1 blood to unlock")."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None and m.blood >= self.amount:
            g.move_blood(game, play.minion, -self.amount)
            m.locked = False
            game.log("unlock", play.seat, play.minion)


def card_owned_by_another(game: Game, play: Play) -> bool:
    """The card in play is another Methuselah's: its owner is not the player (Haven Uncovered: the vampire's action
    to burn it is directed at that owner, never at its own Methuselah)."""
    return game.owner_of[play.card] != play.seat


def own_vampires_brought_out_last_turn(min_capacity: int = 0) -> Targets:
    """The player's ready vampires of capacity ``min_capacity`` or more that entered its ready region during its
    last influence phase, brought out in its previous turn ("a vampire with capacity 7 or more who entered your ready
    region during your last influence phase": Legendary Vampire)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        last = game.seats[play.seat].turns - 1
        return [
            m.id
            for m in g.ready_minions(game, play.seat)
            if m.kind == VAMPIRE and m.capacity >= min_capacity and m.entered_turn == last
        ]

    return targets


def minions_of_methuselahs_with_pool_at_most(pool: int, *, max_capacity: int = 99) -> Targets:
    """The allies and the vampires of capacity ``max_capacity`` or less in play (in torpor too, not contested)
    controlled by another Methuselah with ``pool`` or fewer pool, the oldest first ("a vampire with capacity 6 or
    less or an ally controlled by a Methuselah with 3 or fewer pool": From a Sinking Ship)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        found = [
            m
            for s in game.order
            if s != play.seat and game.seats[s].pool <= pool
            for c in game.seats[s].controlled
            if (m := game.minions.get(c)) is not None
            and m.in_play
            and not m.contested
            and (m.kind == ALLY or (m.kind == VAMPIRE and m.capacity <= max_capacity))
        ]
        found.sort(key=lambda m: (-m.capacity, m.id))
        return [m.id for m in found]

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class EachReadyVampireBloodToPool:
    """Move ``amount`` blood from each ready vampire the player controls to its pool (a vampire with less gives what
    it has: Tribute to the Master)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        for m in g.ready_minions(game, play.seat):
            moved = min(self.amount, m.blood) if m.kind == VAMPIRE else 0
            if moved > 0:
                m.blood -= moved
                game.seats[play.seat].pool += moved
                game.log("blood to pool", play.seat, m.id, moved)


def card_gives_bleeding(stat: str, name: str, amount: int, to: Minions, *, where: str = "anywhere") -> None:
    """A card in play gives ``amount`` ``stat`` ("stealth", "bleed") to the minions ``to`` fits when they bleed,
    for each copy ``where`` (``copies_of``): "Assamites get +1 stealth when bleeding" (Khabar: Community). Registered
    as the card's hook, in its spec's place."""

    @hook(stat, name)
    def bonus(game: Game, act: Action) -> int:
        if not act.is_bleed():
            return 0
        m = game.minions.get(act.actor)
        if m is None or not to.fits(game, m):
            return 0
        return amount * copies_of(game, name, where, act.seat, act.actor)


def caps_pool_burned_by_bleed(name: str, most: int) -> None:
    """ "If you would burn more than N pool to a bleed, you burn N pool instead": a Methuselah controlling a copy
    burns at most ``most`` pool to a bleed, after every change to the bleed amount (TOM 19960413), the amount itself
    unchanged (LSJ 20030211): the "bleed_pool_burned" hook (Protected Resources)."""

    @hook("bleed_pool_burned", name)
    def cap(game: Game, act: Action, pay: int) -> int:
        return min(pay, most) if copies_of(game, name, "controlled", act.target) else pay


def blocked_costs_blocker_pool(name: str, amount: int = 1) -> None:
    """ "If this minion is blocked, the blocking minion's controller burns N pool before block resolution", for each
    copy on the acting minion: the "blocked" hook (Aching Beauty)."""

    @hook("blocked", name)
    def burn(game: Game, act: Action) -> None:
        copies = copies_of(game, name, "carried", minion=act.actor)
        seat = g.controller(game, act.blocker)
        if copies and seat >= 0:
            economy.burn_pool(game, seat, amount * copies)
            game.log("burn pool", seat, amount * copies)


def intercept_vs_bleeds_at_controller(name: str, amount: int = 1) -> None:
    """The minion carrying this card gets +N intercept (each copy) during bleed actions directed at the Methuselah
    controlling it: the "intercept" hook (Guardian Angel)."""

    @hook("intercept", name)
    def intercept(game: Game, minion: int, act: Action) -> int:
        if act.target < 0 or not act.is_bleed():
            return 0
        copies = copies_of(game, name, "carried", minion=minion)
        return amount * copies if copies and g.controller(game, minion) == act.target else 0


def burned_when_bearer_in_torpor(name: str) -> None:
    """ "If this vampire is in torpor, burn this card": the copies on a minion going to torpor burn, the "torpor"
    hook (Guardian Angel)."""

    @hook("torpor", name)
    def burn(game: Game, minion_id: int) -> None:
        m = game.minions.get(minion_id)
        if m is None or not m.cards:
            return
        wanted = vekn(game, name)
        for copy in [c for c in m.cards if game.card_of[c] == wanted]:
            g.burn_card(game, copy)


@dataclasses.dataclass(frozen=True, slots=True)
class SearchLibraryToHand:
    """Search the library for a card of ``card_type`` whose text opens with ``text_starts``: the first found goes to
    the hand, then the library is shuffled (Fortschritt Library: a Gehenna event). The hand is discarded down before
    the next decision (game.choose)."""

    card_type: str
    text_starts: str = ""

    def __call__(self, game: Game, play: Play) -> None:
        s = game.seats[play.seat]
        cards = game.compiled.cards
        for c in s.library:
            found = cards[game.card_of[c]]
            if self.card_type in found.types and (found.text or "").startswith(self.text_starts):
                s.library.remove(c)
                s.hand.append(c)
                game.log("search", play.seat, c)
                break
        game.rng.shuffle(s.library)


@dataclasses.dataclass(frozen=True, slots=True)
class ReorderLibraryTop:
    """Look at the top ``amount`` cards of the library and put them back in any order: by a fixed order, the cards
    with a spec (the cards the engine plays) on top (The Marrakesh Codex)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        lib = game.seats[play.seat].library
        top = lib[-self.amount :]
        if not top:
            return
        specs = game.compiled.specs
        lib[-len(top) :] = sorted(top, key=lambda c: game.card_of[c] in specs)  # the list's end is the top
        game.log("reorder library", play.seat, len(top))


@dataclasses.dataclass(frozen=True, slots=True)
class EachMethuselahDiscards:
    """Each Methuselah, the player first, discards ``amount`` cards of its choice (Lupine Assault; the hands are
    drawn back up as usual)."""

    amount: int

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        start = game.order.index(play.seat)
        for seat in game.order[start:] + game.order[:start]:
            s = game.seats[seat]
            chosen: list[int] = []
            while len(chosen) < self.amount and not s.ousted:
                held = [c for c in s.hand if c not in chosen]
                if not held:
                    break
                option = yield from g.choose(
                    game, seat, [economy.Option(economy.Kind.DISCARD, seat, (c,)) for c in held]
                )
                chosen.append(option.ids[0])
            if chosen:
                g.discard(game, seat, chosen)


def _mode_flag(game: Game, vekn_id: int, flag: str) -> bool:
    """A mode of the card played from the hand has ``flag`` ("out_of_turn", "trifle")."""
    comp = game.compiled
    return any(getattr(h.mode, flag) for w in W for h in comp.hand.get((vekn_id, w), ()))


def master_card_being_played(by: str = "other", *, out_of_turn: bool | None = None) -> Pred:
    """A master card being played (the last set aside) by another Methuselah (``by="other"``: Sudden Reversal) or by
    the player's predator or prey (``by="neighbour"``: Wash); ``out_of_turn=False``: not an out-of-turn master
    (Bleeding the Vine). Its player is the card's controller (a card played from The Erciyes Fragments is
    another's)."""

    def check(game: Game, play: Play) -> bool:
        if not game.aside:
            return False
        copy = game.aside[-1]
        if "Master" not in game.compiled.types.get(game.card_of[copy], frozenset()):
            return False
        player = g.controller(game, copy)
        if player == play.seat or (
            by == "neighbour" and player not in (game.prey(play.seat), game.predator(play.seat))
        ):
            return False
        return out_of_turn is None or _mode_flag(game, game.card_of[copy], "out_of_turn") == out_of_turn

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class CancelMasterAsPlayed:
    """Cancel the master card as it is played, its cost not paid (``CancelAsPlayed``). ``gives_action``: its player
    gains another master phase action (Bleeding the Vine); else the one spent on it is not given back (Sudden
    Reversal: LSJ 20090126). Either way a trifle played free as the turn's first (game.master_phase marks it)
    stands for the action: Bleeding the Vine gives none for it, Sudden Reversal takes one now."""

    gives_action: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        if self.gives_action:
            copy = game.aside[-1] if game.aside else -1
            CancelAsPlayed()(game, play)
            if copy >= 0 and ("free trifle", copy, game.turn) not in game.used:
                game.seats[g.controller(game, copy)].master_actions += 1
            return
        copy = game.cancelled
        if copy >= 0 and ("free trifle", copy, game.turn) in game.used:
            s = game.seats[g.controller(game, copy)]
            s.master_actions = max(0, s.master_actions - 1)
        CancelAsPlayed()(game, play)


def lock_or_burn_pool_each_unlock(name: str, pool: int = 1, *, pays_from: int = 8) -> None:
    """ "During your unlock phase, lock this card or burn N pool": by a fixed rule, the pool is burned while its
    controller has ``pays_from`` or more (the card stays ready to use), else the unlocked card is locked (Bleeding
    the Vine). Registered as the card's "unlock" hook, in its spec's place."""

    @hook("unlock", name)
    def upkeep(game: Game, seat: int) -> int:
        wanted = vekn(game, name)
        for copy in [c for c in game.seats[seat].controlled if c not in game.minions and game.card_of[c] == wanted]:
            if copy in game.locked_cards:
                continue
            if game.seats[seat].pool >= pays_from:
                economy.burn_pool(game, seat, pool)
                game.log("burn pool", seat, pool)
            else:
                game.locked_cards.add(copy)
                game.log("lock card", seat, copy)
        return 0


def prey_uncontrolled_vampires(game: Game, play: Play) -> Sequence[int]:
    """A vampire in the prey's uncontrolled region (Brainwash)."""
    prey = game.prey(play.seat)
    return [c for c in game.seats[prey].uncontrolled if c in game.minions] if prey != play.seat else []


def no_transfers_with(name: str) -> None:
    """ "No transfers can be used to move blood to or from that card": the vampire carrying this card (other moves
    are allowed: LSJ 20010211), the "may_transfer" hook (Brainwash)."""

    @hook("may_transfer", name)
    def may_transfer(game: Game, copy: int) -> bool:
        m = game.minions.get(copy)
        return m is None or not m.cards or all(game.card_of[c] != vekn(game, name) for c in m.cards)


def phase_actions(phase: str, name: str, amount: int, *, then_burned: bool = False) -> None:
    """The Methuselah controlling this card gets ``amount`` more (fewer) ``phase`` phase actions ("master",
    "discard") for each copy; ``then_burned``: the copies burn as that phase's actions are counted (Not to Be: "During
    your master phase, you get one additional master phase action. During your discard phase, you get one fewer
    discard phase action, and this card is burned"). Registered as the card's hook, in its spec's place."""

    def actions(game: Game, seat: int) -> int:
        wanted = vekn(game, name)
        copies = [c for c in game.seats[seat].controlled if game.card_of[c] == wanted]
        if then_burned:
            for copy in copies:
                g.burn_card(game, copy)
        return amount * len(copies)

    hook(f"{phase}_actions", name)(actions)


def card_being_played_by_another(game: Game, play: Play) -> bool:
    """The card being played (the last set aside) is another Methuselah's: its controller is not the player (Not to
    Be cancels another's event)."""
    return bool(game.aside) and g.controller(game, game.aside[-1]) != play.seat


def own_vampires_with_blood_paying_for(name: str) -> Targets:
    """A vampire of the player's (ready or in torpor) with blood, when its pool can pay 1 per copy of ``name`` already
    on it (Villein: "+1 pool for each Villein on the vampire", payable beforehand: ANK 20210714)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        pool = game.seats[play.seat].pool
        return [
            c
            for c in own_vampires(game, play)
            if game.minions[c].blood > 0 and copies_of(game, name, "carried", minion=c) <= pool
        ]

    return targets


MinionIs = Callable[[Game, Minion], bool]


def with_discipline(code: str) -> MinionIs:
    """The minion has the Discipline ``code`` at any level."""
    return lambda game, m: discipline_level(m, code) > 0


def targets_that(targets: Targets, *tests: MinionIs) -> Targets:
    """The minions ``targets`` lists that pass one of ``tests`` (a ``Minions(...).fits``, ``with_discipline``):
    Abombwe's "a Laibon or a vampire with Protean"."""

    def found(game: Game, play: Play) -> Sequence[int]:
        return [c for c in targets(game, play) if any(test(game, game.minions[c]) for test in tests)]

    return found


def uncontrolled_younger_than_oldest(of: Targets, *, trait: str = "") -> Targets:
    """Vampires of the player's uncontrolled region (with ``trait``) younger than the oldest of the minions ``of``
    lists (Tend the Flock: an infernal vampire younger than a ready unlocked infernal Baali you control)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        found = of(game, play)
        if not found:
            return []
        oldest = max(game.minions[c].capacity for c in found)
        return [
            c
            for c in game.seats[play.seat].uncontrolled
            if (not trait or trait in game.minions[c].traits) and game.minions[c].capacity < oldest
        ]

    return targets


def blocked_burns_actor_and_card(name: str) -> None:
    """ "If any of your vampires are blocked, burn this card and your acting vampire (without combat)": the acting
    Methuselah's first copy and its blocked vampire burn, the "blocked" hook (Millicent Smith)."""

    @hook("blocked", name)
    def burn(game: Game, act: Action) -> None:
        m = game.minions.get(act.actor)
        wanted = vekn(game, name)
        copies = [c for c in game.seats[act.seat].controlled if c not in game.minions and game.card_of[c] == wanted]
        if m is None or m.kind != VAMPIRE or not copies:
            return
        g.burn_card(game, copies[0])
        g.burn_minion(game, act.actor)


def passes_to_predator_in_discard_phase(
    name: str, *, may_lock_for: Minions | None = None, blood: int = 0, as_it_ends: bool = False
) -> None:
    """ "During your discard phase, your predator takes control of this card" (at once, as the phase begins: LSJ
    20100723): the "discard_phase" hook (Millicent Smith, The Coven). ``may_lock_for``: an unlocked copy may then be
    locked by its new controller to move ``blood`` blood from the bank to one of its minions ``may_lock_for`` fits
    with room, the one with most room offered first (The Coven: "lock this card to put 2 blood on a ready vampire").
    ``as_it_ends``: as the phase ends instead (the "discard_phase_end" hook), the card being usable in the phase
    first (Scourge of the Enochians: "During your discard phase, you can burn a vampire …, and your predator takes
    control of this card (even if you do not burn a vampire)": used, it passes at once by ``GiveThisCard``)."""

    # the "discard_phase_end" hook passes the cards discarded too, which the card does not read
    @hook("discard_phase_end" if as_it_ends else "discard_phase", name)
    def passes(game: Game, seat: int, *_: Any) -> Generator[Any, Any, None] | None:
        predator = game.predator(seat)
        wanted = vekn(game, name)
        mine = [c for c in game.seats[seat].controlled if c not in game.minions and game.card_of[c] == wanted]
        if not mine or predator == seat:
            return None
        for copy in mine:
            game.seats[seat].controlled.remove(copy)
            game.seats[predator].controlled.append(copy)
            game.log("takes control", predator, copy, seat)
        unlocked = [c for c in mine if c not in game.locked_cards]
        if may_lock_for is None or not unlocked:
            return None
        return lock_now(game, predator, unlocked[0], may_lock_for)

    def lock_now(game: Game, seat: int, copy: int, of: Minions) -> Generator[Any, Any, None]:
        found = [m for m in g.ready_minions(game, seat) if of.fits(game, m) and m.blood < m.capacity]
        if not found:
            return
        found.sort(key=lambda m: (m.blood - m.capacity, m.id))
        options = [economy.Option(economy.Kind.TERMS, seat, target=m.id) for m in found]
        option = yield from g.choose(game, seat, [*options, economy.Option(economy.Kind.PASS, seat)])
        if option.kind is economy.Kind.TERMS:
            game.locked_cards.add(copy)
            gained = g.move_blood(game, option.target, blood)
            game.log("add blood", seat, option.target, gained)


def card_gives_in_combat(name: str, to: Minions, *, maneuvers: int = 0, where: str = "anywhere") -> None:
    """A card in play gives the minions ``to`` fits ``maneuvers`` optional maneuvers each combat, for each copy
    ``where`` (``copies_of``): "Brujah get 1 optional maneuver each combat" (Brujah Debate). Registered as the card's
    "combat_start" hook, in its spec's place."""

    @hook("combat_start", name)
    def start(game: Game, c: Combat) -> None:
        for side in (c.a, c.b):
            m = game.minions.get(side.minion)
            if m is not None and to.fits(game, m):
                side.combat_maneuvers += maneuvers * copies_of(game, name, where, g.controller(game, m.id), m.id)


def locks_oldest_each_master_phase(name: str, of: Minions) -> None:
    """ "During each Methuselah's master phase, that Methuselah locks one of the oldest <minions ``of`` fits> they
    control": done as its unlock phase ends (the master phase is next) while a copy is in play anywhere; a locked one
    may be chosen (LSJ 20010508), the first of the oldest by a fixed rule (Brujah Debate). Registered as the card's
    "unlock" hook, in its spec's place."""

    @hook("unlock", name)
    def lock(game: Game, seat: int) -> int:
        if not copies_of(game, name, "anywhere"):
            return 0
        found = [m for m in g.ready_minions(game, seat) if of.fits(game, m)]
        if found:
            oldest = max(found, key=lambda m: (m.capacity, m.locked, -m.id))
            if not oldest.locked:
                oldest.locked = True
                game.log("lock", seat, oldest.id)
        return 0


def own_action_of_sect(sect: str, *kinds: Act) -> Pred:
    """The current action is one of the player's, of one of ``kinds``, by a minion of ``sect`` ("a political action
    by a Camarilla vampire you control": Camarilla Conclave), in any of its windows and its referendum."""

    def check(game: Game, play: Play) -> bool:
        act = g.current_action(game)
        if act is None or act.seat != play.seat or (kinds and act.kind not in kinds):
            return False
        m = game.minions.get(act.actor)
        return m is not None and m.sect == sect

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class BurnCounterFromThisCard:
    """Burn a counter from the card in play being used; with none left, the card burns (Camarilla Conclave)."""

    def __call__(self, game: Game, play: Play) -> None:
        left = game.card_counters.get(play.card, 0) - 1
        game.card_counters[play.card] = left
        if left <= 0:
            g.burn_card(game, play.card)


@dataclasses.dataclass(frozen=True, slots=True)
class LessVotesEach:
    """Each ready minion ``of`` fits, every Methuselah's, gets ``amount`` fewer votes in this referendum, a minion's
    net votes never below 0 (ANK 20251125): "each non-Camarilla vampire gets -1 vote" (Camarilla Conclave)."""

    of: Minions
    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if not isinstance(ref, Referendum):
            return
        for seat in game.order:
            less = sum(min(self.amount, m.votes) for m in g.ready_minions(game, seat) if self.of.fits(game, m))
            if less:
                ref.extra_votes[seat] = ref.extra_votes.get(seat, 0) - less


@dataclasses.dataclass(frozen=True, slots=True)
class LockUpTo:
    """Lock up to ``amount`` of the minions ``of`` lists, chosen one at a time (the first one at least; a locked one
    may be chosen: PIB 20121031), offered unlocked first, the biggest first ("lock up to two vampires your prey
    controls": Anarch Troublemaker)."""

    amount: int
    of: Targets

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        minions = sorted((game.minions[c] for c in self.of(game, play)), key=lambda m: (m.locked, -m.capacity, m.id))
        return self._lock(game, play.seat, [m.id for m in minions]) if minions else None

    def _lock(self, game: Game, seat: int, minions: list[int]) -> Generator[Any, Any, None]:
        for i in range(min(self.amount, len(minions))):
            options = [economy.Option(economy.Kind.TERMS, seat, target=c) for c in minions]
            if i > 0:
                options.append(economy.Option(economy.Kind.PASS, seat))
            option = yield from g.choose(game, seat, options)
            if option.kind is not economy.Kind.TERMS:
                return
            minions.remove(option.target)
            game.minions[option.target].locked = True
            game.log("lock", seat, option.target)


@dataclasses.dataclass(frozen=True, slots=True)
class RevealCryptTop:
    """Reveal the top card of the crypt: a vampire of ``clan`` is drawn (to the uncontrolled region) with ``blood``
    blood from the bank (Family Gathering: a Hecata, 1 blood), or ``blood_if_younger`` if it is younger than the
    acting vampire (Mesu Bedshet: a Follower of Set, 2 blood); any other card goes to the bottom of the crypt, or the
    crypt is shuffled (``shuffle_otherwise``: Mesu Bedshet)."""

    clan: str
    blood: int = 0
    blood_if_younger: int = 0
    shuffle_otherwise: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        from .state import crypt_draw

        s = game.seats[play.seat]
        if not s.crypt:
            return
        top = s.crypt[-1]
        if not _vampire_of_clan(game, top, self.clan):
            if self.shuffle_otherwise:
                game.rng.shuffle(s.crypt)
            else:
                s.crypt.insert(0, s.crypt.pop())
                game.log("reveal crypt", play.seat, top)
            return
        drawn = crypt_draw(game, play.seat)
        m = game.minions.get(drawn) if drawn is not None else None
        if m is None:
            return
        if self.blood:
            m.blood += self.blood
            game.gained += self.blood
            game.log("add blood", play.seat, drawn, self.blood)
        actor = game.minions.get(play.minion)
        if self.blood_if_younger and actor is not None and m.capacity < actor.capacity:
            AddBlood(self.blood_if_younger)(game, dataclasses.replace(play, target=m.id))


def _unlocked_of(game: Game, of: Minions, seats: Sequence[int]) -> list[int]:
    """The seats' unlocked minions ``of`` fits in play, in torpor too, not contested."""
    return [
        c
        for s in seats
        for c in game.seats[s].controlled
        if (m := game.minions.get(c)) is not None
        and m.in_play
        and not m.contested
        and not m.locked
        and of.fits(game, m)
    ]


def act_in_any_minion_phase(name: str, of: Minions) -> None:
    """While a copy is in play, the unlocked minions ``of`` fits (in torpor too: RTR 19950509) "can take actions in
    any Methuselah's minion phase" (the acting one's own as usual), and any of them, every other Methuselah's, may
    attempt to block the action to burn this card (a locked one woken first: LSJ 20041022-2): the "acts_elsewhere" and
    "extra_blockers" hooks (Madness Network: Malkavians)."""

    @hook("acts_elsewhere", name)
    def acts(game: Game, seat: int) -> list[int]:
        return _unlocked_of(game, of, (seat,)) if copies_of(game, name, "anywhere") else []

    @hook("extra_blockers", name)
    def blockers(game: Game, act: Action) -> list[int]:
        if (
            act.kind is not Act.BURN_CARD
            or act.target_minion < 0
            or game.card_of[act.target_minion] != vekn(game, name)
        ):
            return []
        return _unlocked_of(game, of, [s for s in game.order if s != act.seat])


def moves_each_unlock(name: str, to: Minions) -> None:
    """ "During this vampire's unlock phase … their controller moves this card to another <minion ``to`` fits> (in
    torpor too: ANK 20210109; another Methuselah's first), or burns this card if there are no others": the copies on
    the controller's vampires move by that fixed rule, after what else the unlock phase asks of the vampire (a
    ``turn_blood`` registered first: Fear of Mekhet). Registered as the card's "unlock" hook, in its spec's place."""

    @hook("unlock", name)
    def move(game: Game, seat: int) -> int:
        wanted = vekn(game, name)
        for c in list(game.seats[seat].controlled):
            m = game.minions.get(c)
            if m is None or not m.in_play or m.kind != VAMPIRE:
                continue
            for copy in [x for x in m.cards if game.card_of[x] == wanted]:
                others = [
                    o
                    for s in (*(x for x in game.order if x != seat), seat)
                    for o in (game.minions.get(i) for i in game.seats[s].controlled)
                    if o is not None and o.in_play and o.id != c and to.fits(game, o)
                ]
                m.cards.remove(copy)
                if others:
                    others[0].cards.append(copy)
                    game.log("move card", seat, copy, others[0].id)
                else:
                    m.cards.append(copy)
                    g.burn_card(game, copy)
        return 0


def costs_others_more_while_bearer_busy(name: str, change: int, disciplines: tuple[str, ...]) -> None:
    """ "Cards requiring <``disciplines``> cost other minions +N blood while this minion is acting, attempting to block
    or in combat" (the minion carrying this card: Libertas). Registered as the card's "blood_cost" hook
    (``game.card_cost``), in its spec's place."""

    @hook("blood_cost", name)
    def blood_cost(game: Game, handler: Any, minion: int) -> int:
        if not set(disciplines) & set(handler.mode.disciplines):
            return 0
        wanted = vekn(game, name)
        bearers = {m.id for m in game.minions.values() if m.in_play and any(game.card_of[c] == wanted for c in m.cards)}
        if not bearers:
            return 0
        busy: set[int] = set()
        act = g.current_action(game)
        if act is not None:
            busy.update((act.actor, act.blocker))
        for f in game.frames:
            if isinstance(f, Combat):
                busy.update((f.a.minion, f.b.minion))
        return change if (bearers & busy) - {minion} else 0


def after_ready_minion_leaves(name: str, *, controller_burns: int = 0, its_predators_gain: int = 0) -> None:
    """After a ready minion (not a retainer) is burned or sent to torpor while this card is in play: its controller
    burns ``controller_burns`` pool (Tension in the Ranks), each other Methuselah whose prey that controller is gains
    ``its_predators_gain`` pool for each copy it controls (Frontal Assault). Registered as the card's "burned" and
    "torpor" hooks, in its spec's place."""

    def after(game: Game, seat: int) -> None:
        if seat < 0:
            return
        if controller_burns and not game.seats[seat].ousted and copies_of(game, name, "anywhere"):
            economy.burn_pool(game, seat, controller_burns)
            game.log("burn pool", seat, controller_burns)
        if its_predators_gain:
            wanted = vekn(game, name)
            for other in game.order:
                if other != seat and game.prey(other) == seat and not game.seats[other].ousted:
                    n = sum(
                        1 for c in game.seats[other].controlled if c not in game.minions and game.card_of[c] == wanted
                    )
                    if n:
                        economy.gain_pool(game, other, its_predators_gain * n)
                        game.log("gain pool", other, its_predators_gain * n)

    @hook("burned", name)
    def burned(game: Game, m: Minion, seat: int) -> None:
        if m.in_play and not m.torpor and m.kind != RETAINER:
            after(game, seat)

    @hook("torpor", name)
    def torpor(game: Game, minion: int) -> None:
        after(game, g.controller(game, minion))


def burnable_by_discarding(name: str, count: int, card_type: str) -> None:
    """ "Methuselahs can use a master phase action and discard ``count`` <``card_type``> cards to burn this card": by
    a fixed rule, a Methuselah other than its controller holding that many does so as its master phase begins
    (Tension in the Ranks: two master cards). Registered as the card's "master_phase_start" hook, in its spec's
    place (it returns the master phase actions spent)."""

    @hook("master_phase_start", name)
    def burn(game: Game, seat: int) -> int:
        s = game.seats[seat]
        held = [c for c in s.hand if card_type in game.compiled.types.get(game.card_of[c], frozenset())]
        wanted = vekn(game, name)
        theirs = [
            c
            for o in game.order
            for c in game.seats[o].controlled
            if c not in game.minions and game.card_of[c] == wanted and c not in s.controlled
        ]
        if len(held) < count or not theirs or s.master_actions < 1:
            return 0
        for c in held[:count]:
            s.hand.remove(c)
            g.to_ash_heap(game, c)
            game.log("discard", seat, c)
        g.refill(game, seat)
        g.burn_card(game, theirs[0])
        return -1


def burned_in_influence_phase(name: str, *, pool_per_prey_minion: int = 0) -> None:
    """ "During your influence phase, burn this card and burn 1 pool for each ready minion controlled by your prey"
    (as the influence phase begins, right after the minion phase: Frontal Assault). Registered as the card's
    "after_minion_phase" hook, in its spec's place."""

    @hook("after_minion_phase", name)
    def ends(game: Game, seat: int) -> None:
        wanted = vekn(game, name)
        copies = [c for c in game.seats[seat].controlled if c not in game.minions and game.card_of[c] == wanted]
        if not copies:
            return
        prey = game.prey(seat)
        count = pool_per_prey_minion * len(g.ready_minions(game, prey)) if prey != seat else 0
        for copy in copies:
            g.burn_card(game, copy)
            if count:
                economy.burn_pool(game, seat, count)
                game.log("burn pool", seat, count)


def with_room(of: Targets, *, most_first: bool = False) -> Targets:
    """The vampires ``of`` lists with room for more blood (below capacity), ``most_first``: the one with most room
    first ("move 1 blood from this card to an Anarch": Twilight Camp; The Coven's 2 blood)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        found = [game.minions[c] for c in of(game, play)]
        found = [m for m in found if m.blood < m.capacity]
        if most_first:
            found.sort(key=lambda m: (m.blood - m.capacity, m.id))
        return [m.id for m in found]

    return targets


def makes_brought_out_vampires_anarch(name: str) -> None:
    """ "After you put a non-titled non-Anarch vampire in play from your uncontrolled region, you can burn 1 blood
    (counter) from this card to make that vampire Anarch": always taken while a copy its player controls has a
    counter; the last one burns the card (Twilight Camp). Registered as the card's "brought_out" hook, in its spec's
    place."""

    @hook("brought_out", name)
    def converts(game: Game, seat: int, copy: int) -> None:
        m = game.minions.get(copy)
        wanted = vekn(game, name)
        cards = [
            c
            for c in game.seats[seat].controlled
            if c not in game.minions and game.card_of[c] == wanted and game.card_counters.get(c, 0) > 0
        ]
        if m is None or not m.in_play or m.kind != VAMPIRE or m.title or m.sect == "Anarch" or not cards:
            return
        game.card_counters[cards[0]] = game.card_counters.get(cards[0], 0) - 1
        if game.card_counters[cards[0]] <= 0:
            g.burn_card(game, cards[0])
        m.sect = "Anarch"
        game.log("becomes anarch", seat, copy)


def vampires_in_play(*, min_capacity: int = 0) -> Targets:
    """Every vampire in play (ready or in torpor) of capacity ``min_capacity`` or more, any Methuselah's, in the
    table's order ("a vampire with capacity above 6": Anachronism)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [
            c
            for s in game.order
            for c in game.seats[s].controlled
            if (m := game.minions.get(c)) is not None and m.in_play and m.kind == VAMPIRE and m.capacity >= min_capacity
        ]

    return targets


def ranged_weapon(game: Game, vekn_id: int, allowed: tuple[str, ...] = ()) -> bool:
    """An equipment with a ranged strike (a ranged weapon: LSJ 20060825), but those named in ``allowed``."""
    strike = getattr(game.compiled.bearers.get(vekn_id), "strike", None)
    return bool(getattr(strike, "ranged", False)) and vekn_id not in _ids(game, allowed)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnRangedWeaponsOfTarget:
    """Burn the ranged weapons on the target minion, but those named in ``allowed`` ("If he or she currently has any,
    they are burned": Anachronism, the Ivory Bow allowed)."""

    allowed: tuple[str, ...] = ()

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        for c in list(m.cards) if m is not None else ():
            if ranged_weapon(game, game.card_of[c], self.allowed):
                g.burn_card(game, c)


def cannot_have_ranged_weapons(name: str, *, allowed: tuple[str, ...] = ()) -> None:
    """ "This vampire cannot have any ranged weapons" (but those named in ``allowed``): the minion carrying this card
    does not equip one, by its own equip action nor one given to it, so it never has one to use: the "may_play" hook
    (Anachronism). Registered as the card's hook, in its spec's place."""

    @hook("may_play", name)
    def may(game: Game, handler: Any, m: Minion) -> bool:
        if not m.cards or not ranged_weapon(game, handler.card, allowed):
            return True
        return all(game.card_of[c] != vekn(game, name) for c in m.cards)


def hand_size_per_counter(name: str) -> None:
    """ "You get +1 hand size for each counter on this card" (the copies its player controls): the "hand_size" hook
    (Visit from the Capuchin). Registered as the card's hook, in its spec's place."""

    @hook("hand_size", name, only_adds=True)
    def hand_size(game: Game, seat: int) -> int:
        wanted = vekn(game, name)
        return sum(
            game.card_counters.get(c, 0)
            for c in game.seats[seat].controlled
            if c not in game.minions and game.card_of[c] == wanted
        )


def replacing_burns_counters(name: str) -> None:
    """ "Each time you would replace a card other than this card, instead burn 1 counter from this card. Burn this card
    if it has no counters" (Visit from the Capuchin): the "replace_instead" hook, which returns the cards not drawn.
    Registered as the card's hook, in its spec's place."""

    @hook("replace_instead", name)
    def instead(game: Game, seat: int, missing: int) -> int:
        wanted = vekn(game, name)
        done = 0
        for copy in [c for c in game.seats[seat].controlled if c not in game.minions and game.card_of[c] == wanted]:
            n = min(missing - done, game.card_counters.get(copy, 0))
            if n > 0:
                game.card_counters[copy] -= n
                done += n
                game.log("burn counter", seat, copy, n)
            if game.card_counters.get(copy, 0) <= 0:
                g.burn_card(game, copy)
        return done


@dataclasses.dataclass(frozen=True, slots=True)
class DrawUpToHandSize:
    """Draw at once up to the hand size (a hand size just raised: Visit from the Capuchin's counters)."""

    def __call__(self, game: Game, play: Play) -> None:
        from .state import draw

        more = g.hand_size(game, play.seat) - len(game.seats[play.seat].hand)
        if more > 0:
            draw(game, play.seat, more)


def holds_no_card(game: Game, play: Play) -> bool:
    """No card is held face down on the card in play being used ("Only 1 card can be on this card at a time": The
    Erciyes Fragments)."""
    return not _held_on(game, play.card)


def prey_ash_heap_library_cards(game: Game, play: Play) -> Sequence[int]:
    """A library card of the prey's ash heap, one copy of each card, the latest first (The Erciyes Fragments)."""
    prey = game.prey(play.seat)
    if prey == play.seat:
        return []
    seen: set[int] = set()
    out = []
    for c in reversed(game.seats[prey].ash_heap):
        vekn_id = game.card_of[c]
        if c not in game.minions and vekn_id not in seen and not game.compiled.cards[vekn_id].is_crypt:
            seen.add(vekn_id)
            out.append(c)
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class HoldTargetFromAshHeap:
    """The chosen card (``play.target``) leaves its owner's ash heap for this card, face down (all see which: ANK
    20200523), while no card is held on it; ``exiled``: "when that card is burned, remove it from the game instead"
    (The Erciyes Fragments)."""

    exiled: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        heap = game.seats[game.owner_of[play.target]].ash_heap
        if play.target in heap and not _held_on(game, play.card):
            heap.remove(play.target)
            _hold(game, play.card, play.target)
            if self.exiled:
                game.exiled.add(play.target)
            game.log("ash heap to card", play.seat, play.target, play.card)


def when_combat_opponent_leaves(name: str, of: Minions, *, uncontrolled_blood: int = 1) -> None:
    """ "When a minion opposing <a minion ``of`` fits> in combat leaves the ready region (sent to torpor or burned),
    the controller of that minion may move a counter from the bank to a vampire in his or her uncontrolled region":
    always taken, ``uncontrolled_blood`` counters to the uncontrolled vampire nearest to coming out (Flames of
    Insurrection: an anarch). Registered as the card's "torpor" and "burned" hooks, in its spec's place."""

    def leaves(game: Game, minion: int) -> None:
        c = g.current_combat(game)
        if c is None or minion not in (c.a.minion, c.b.minion) or not copies_of(game, name, "anywhere"):
            return
        opposing = game.minions.get(c.other(minion).minion)
        if opposing is None or not of.fits(game, opposing):
            return
        seat = g.controller(game, opposing.id)
        waiting = [
            m
            for m in (game.minions.get(x) for x in game.seats[seat].uncontrolled)
            if m is not None and m.blood < m.capacity
        ]
        if seat < 0 or not waiting:
            return
        best = min(waiting, key=lambda m: (m.capacity - m.blood, m.id))
        g.move_blood(game, best.id, uncontrolled_blood)
        game.log("add blood", seat, best.id, uncontrolled_blood)

    @hook("torpor", name)
    def torpor(game: Game, minion: int) -> None:
        leaves(game, minion)

    @hook("burned", name)
    def burned(game: Game, m: Minion, seat: int) -> None:
        if m.in_play and not m.torpor:
            leaves(game, m.id)


def with_blood(of: Targets) -> Targets:
    """The minions ``of`` lists with 1 blood or more (Minion Tap: a vampire of the player's, ready or in torpor)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return [c for c in of(game, play) if game.minions[c].blood > 0]

    return targets


def x_up_to_most_blood(of: Targets) -> Callable[[Game, Play], Sequence[int]]:
    """X: 1 up to the most blood of the minions ``of`` lists ("move any amount of blood": Minion Tap)."""

    def values(game: Game, play: Play) -> Sequence[int]:
        return range(1, max((game.minions[c].blood for c in of(game, play)), default=0) + 1)

    return values


def _copies_on_own_minions(game: Game, seat: int, name: str) -> int:
    wanted = vekn(game, name)
    return sum(
        sum(1 for a in game.minions[c].cards if game.card_of[a] == wanted)
        for c in game.seats[seat].controlled
        if c in game.minions
    )


def pool_covers_copies_on_own_minions(name: str) -> Pred:
    """The player's pool covers 1 for each copy of ``name`` on the minions it controls: a cost another card adds,
    payable beforehand (Villein: "Cards named Minion Tap cost you +1 pool", ANK 20210714)."""

    def check(game: Game, play: Play) -> bool:
        return _copies_on_own_minions(game, play.seat, name) <= game.seats[play.seat].pool

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class BurnPoolPerCopyOnOwnMinions:
    """Burn 1 pool for each copy of ``name`` on the minions the player controls, paid with the pool just gained (LSJ
    20020620): the cost another card adds (Villein on Minion Tap: "Cards named Minion Tap cost you +1 pool")."""

    name: str

    def __call__(self, game: Game, play: Play) -> None:
        tax = _copies_on_own_minions(game, play.seat, self.name)
        if tax:
            economy.burn_pool(game, play.seat, tax)


def each_unlock_pool_unless_burning(name: str, of: Minions, pool: int = 1) -> None:
    """ "During each Methuselah's unlock phase, that Methuselah burns N pool unless they burn a vampire they control
    <``of`` fits> to burn this card": by a fixed rule, the smallest such vampire in torpor is burned, or the smallest
    ready one when the pool burned would oust the Methuselah (Antediluvian Awakening: capacity 4 or more).
    Registered as the card's "unlock" hook, in its spec's place."""

    @hook("unlock", name)
    def upkeep(game: Game, seat: int) -> int:
        wanted = vekn(game, name)
        copies = [
            c
            for s in game.order
            for c in game.seats[s].controlled
            if c not in game.minions and game.card_of[c] == wanted
        ]
        if not copies or game.seats[seat].ousted:
            return 0
        mine = [
            m
            for m in (game.minions.get(c) for c in game.seats[seat].controlled)
            if m is not None and m.in_play and of.fits(game, m)
        ]
        torpid = sorted((m for m in mine if m.torpor), key=lambda m: m.capacity)
        ready = sorted((m for m in mine if not m.torpor), key=lambda m: m.capacity)
        victim = torpid[0] if torpid else ready[0] if ready and game.seats[seat].pool <= pool else None
        if victim is not None:
            g.burn_minion(game, victim.id)
            g.burn_card(game, copies[0])
            return 0
        economy.burn_pool(game, seat, pool)
        game.log("burn pool", seat, pool)
        return 0


# --- words added for bc


@hook("round_start", data=("ally.additional_strike", "ally.first_round_stops_capacity", "ally.close_blocking_directed"))
def _ally_round_start(game: Game, c: Combat) -> None:
    """What an ally's ``Ally`` data does as each round of its combats starts: its additional strike, "(limited)": the
    round's one additional strike source (L1683-1694), not optional (Renegade Garou: PIB 20121028); in the first
    round, the opposing vampire of ``first_round_stops_capacity`` or less cannot strike (Rock Cat); blocking a
    directed action, the first round's range is close: the range step is skipped (RTR 19970630) unless another effect
    set it already (PIB 20120214), Asanbonsam Ghoul."""
    for side in (c.a, c.b):
        a = _ally(game, side.minion)
        if a is None:
            continue
        if a.additional_strike and not side.extra_source:
            side.extra_source = True
            side.extra_strikes += 1
        if c.round != 1:
            continue
        other = c.other(side.minion)
        v = game.minions.get(other.minion)
        if v is not None and v.kind == VAMPIRE and v.capacity <= a.first_round_stops_capacity:
            other.used.add("round:cannot strike")
        act = c.action
        if (
            a.close_blocking_directed
            and act is not None
            and act.directed
            and act.blocked
            and act.blocker == side.minion == c.b.minion
            and not c.fixed_close
        ):
            c.range = Range.CLOSE
            c.fixed_close = True
            game.log("range set", g.controller(game, side.minion), side.minion, int(c.range))


@hook("intercept", data=("ally.intercept_directed",))
def _ally_intercept_directed(game: Game, minion: int, act: Action) -> int:
    """An ally's +intercept during directed actions (``Ally.intercept_directed``: Asanbonsam Ghoul)."""
    a = _ally(game, minion) if act.directed else None
    return a.intercept_directed if a is not None else 0


@hook("frenzy_immune", data=("bearer.frenzy_immune",))
def _bearer_frenzy_immune(game: Game, minion: int) -> bool:
    """The vampire carrying a card whose ``Bearer`` says ``frenzy_immune`` (above its capacity threshold, if any) is
    immune to frenzy cards: Sire's Index Finger, Blade of Enoch (the frenzy cards' own predicates ask:
    ``frenzy_immune``)."""
    m = game.minions.get(minion)
    if m is None or m.kind != VAMPIRE or not m.cards:
        return False
    return any(b.frenzy_immune and m.capacity > b.frenzy_immune_capacity_above for _, b in _bearers(game, minion))


@hook("unlock", data=("ally.burned_in_unlock",))
def _ally_burned_in_unlock(game: Game, seat: int) -> int:
    """During your unlock phase, each ally of yours whose ``Ally`` says ``burned_in_unlock`` is burned (Nocturn);
    one marked ``pool_instead_marked`` burns 1 pool instead while the pool is above 4 (a fixed rule: Spectral Servitor
    [OBL])."""
    for c in list(game.seats[seat].controlled):
        a = _ally(game, c)
        if a is None or not a.burned_in_unlock or not game.minions[c].in_play:
            continue
        if a.pool_instead_marked and card_marked(game, c, a.pool_instead_marked) and game.seats[seat].pool > 4:
            economy.burn_pool(game, seat, 1)
            game.log("burn pool", seat, 1)
        else:
            g.burn_minion(game, c)
    return 0


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockIfFirstRecruit:
    """ "Unlock this vampire if this is their first successful recruit ally action this turn" (Nocturn, Spectral
    Servitor): an ally it recruited earlier this turn (an action card it played, now in play) counts."""

    def __call__(self, game: Game, play: Play) -> None:
        actor = game.minions.get(play.minion)
        if actor is None:
            return
        mark = ("recruited an ally", play.minion, game.turn)
        earlier = mark in game.used or any(
            (m := game.minions.get(c)) is not None
            and m.kind == ALLY
            and c != play.card
            and m.recruited_turn == game.turn
            and (play.minion, m.card) in game.used
            for c in game.seats[play.seat].controlled
        )
        game.used.add(mark)
        if not earlier and actor.locked and g.is_ready(game, actor.id):
            actor.locked = False
            game.log("unlock", play.seat, actor.id)


@dataclasses.dataclass(frozen=True, slots=True)
class MayRepeatThisTurn:
    """ "This vampire can perform this action again this turn, with the cost increased by ``blood`` blood
    (cumulative)" (Nocturn [OBT]): a rider on the acting minion, by the card, read by the "may_repeat_action" and
    "blood_cost" hooks."""

    blood: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        if play.minion in game.minions and play.card >= 0:
            g.add_rider(game, play.minion, f"may repeat:{game.card_of[play.card]}", self.blood, Until.END_OF_TURN)


@hook("may_repeat_action", effects=(MayRepeatThisTurn,))
def _may_repeat_this_turn(game: Game, handler: Handler, m: Minion) -> bool:
    return g.rider_sum(game, m.id, f"may repeat:{handler.card}") > 0


@hook("blood_cost", effects=(MayRepeatThisTurn,))
def _repeat_costs_more(game: Game, handler: Handler, minion: int) -> int:
    return g.rider_sum(game, minion, f"may repeat:{handler.card}")


@hook("intercept", data=("ally.intercept_directed_at_controller",))
def _ally_intercept_directed_at_controller(game: Game, minion: int, act: Action) -> int:
    """An ally's +intercept during actions directed at its controller (``Ally.intercept_directed_at_controller``:
    Ponticulus)."""
    a = _ally(game, minion) if act.directed else None
    if a is None or not a.intercept_directed_at_controller or act.target != g.controller(game, minion):
        return 0
    return int(a.intercept_directed_at_controller)


@hook("damage_immunity", data=("ally.immune_to_normal_damage",))
def _ally_immune_to_normal_damage(game: Game, minion: int, normal: int, aggravated: int) -> tuple[int, int]:
    """An ally "immune to non-aggravated damage" (``Ally.immune_to_normal_damage``: Ponticulus): it is not inflicted,
    even unpreventable or outside combat (LSJ 20010627)."""
    a = _ally(game, minion)
    return (0, aggravated) if a is not None and a.immune_to_normal_damage else (normal, aggravated)


@hook("damage_to_take", data=("ally.immune_to_normal_damage",))
def _ally_immune_in_combat(game: Game, c: Combat, side: Any, normal: int, agg: int) -> tuple[int, int]:
    """In combat the normal damage is not inflicted on such an ally either (nothing counts it as inflicted)."""
    a = _ally(game, side.minion)
    return (0, agg) if a is not None and a.immune_to_normal_damage else (normal, agg)


@hook("unlock", data=("ally.cannot_act",))
def _ally_cannot_act(game: Game, seat: int) -> int:
    """An ally that "cannot act" (``Ally.cannot_act``: Ponticulus) counts as just recruited each turn of its
    controller (game.action_options offers such an ally no action)."""
    for c in game.seats[seat].controlled:
        a = _ally(game, c)
        if a is not None and a.cannot_act and game.minions[c].in_play:
            game.minions[c].recruited_turn = game.turn
    return 0


@hook("burned", data=("ally.shuffled_when_burned",))
def _ally_shuffled_when_burned(game: Game, m: Minion, seat: int) -> None:
    """An ally that is shuffled into its owner's library "if burned" (``Ally.shuffled_when_burned``: Saatet-ta);
    other "when burned" effects still apply (ANK 20200813); not when discarded (LSJ 20010710: not burning)."""
    a = game.compiled.allies.get(m.card) if m.kind == ALLY and game.compiled is not None else None
    if a is None or not a.shuffled_when_burned:
        return
    owner = game.seats[game.owner_of[m.id]]
    if owner.ousted or m.id not in owner.ash_heap:
        return
    owner.ash_heap.remove(m.id)
    owner.library.append(m.id)
    game.rng.shuffle(owner.library)
    game.log("ash heap to library", owner.index, m.id)


@hook("blood_cost", data=("bearer.halves_blood_costs",))
def _bearer_halves_blood_costs(game: Game, handler: Handler, minion: int) -> int:
    """Non-action-modifier cards costing blood cost the bearer half as much, rounded down (``Bearer.halves_blood_costs``:
    The Ankara Citadel), the halving first, other changes after (RTR 20070707)."""
    if not handler.blood or "Action Modifier" in handler.types:
        return 0
    if not any(b.halves_blood_costs for _, b in _bearers(game, minion)):
        return 0
    return handler.blood // 2 - handler.blood


@hook("rescue_cost", data=("bearer.rescue_cost",))
def _bearer_rescue_cost(game: Game, rescuer: int, rescued: int) -> int:
    """Rescuing a vampire from torpor costs the bearer more or less blood (``Bearer.rescue_cost``: Ritual Goblet,
    -1)."""
    return sum(b.rescue_cost for _, b in _bearers(game, rescuer))


@hook("after_resolution", data=("bearer.unlock_after_rescue",))
def _bearer_unlock_after_rescue(game: Game, act: Action) -> None:
    """Once each turn, the bearer unlocks after rescuing a vampire from torpor (``Bearer.unlock_after_rescue``: Ritual
    Goblet; always taken)."""
    m = game.minions.get(act.actor)
    key = ("unlock after rescue", act.actor, game.turn)
    if act.kind is not Act.RESCUE or not act.succeeded or m is None or not m.locked or key in game.used:
        return
    if any(b.unlock_after_rescue for _, b in _bearers(game, act.actor)) and g.is_ready(game, m.id):
        game.used.add(key)
        m.locked = False
        game.log("unlock", act.seat, m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class BloodFromCounter:
    """Move 1 blood from the card in play being used (its blood counters) to the minion it is on; the card burns with
    no counters left (Cooler: "burn this card when it has no counters")."""

    def __call__(self, game: Game, play: Play) -> None:
        game.card_counters[play.card] = counters_on(game, play.card) - 1
        g.move_blood(game, play.minion, 1)  # from the card to the vampire: counted as gained by the table's blood
        game.log("add blood", play.seat, play.minion, 1)
        if game.card_counters[play.card] <= 0:
            del game.card_counters[play.card]
            g.burn_card(game, play.card)


def still_carried(game: Game, play: Play) -> bool:
    """The card giving the action is still on the acting minion: otherwise the action fizzles (succeeds for no effect:
    RTR 19960221), with ``If`` (Hand of Conrad, The Sargon Fragment)."""
    m = game.minions.get(play.minion)
    return m is not None and play.card in m.cards


def library_cards_in_ash_heap(game: Game, play: Play) -> Sequence[int]:
    """The library cards (not vampires) in the player's ash heap (The Sargon Fragment)."""
    return [c for c in game.seats[play.seat].ash_heap if game.card_of[c] not in game.vampires]


@dataclasses.dataclass(frozen=True, slots=True)
class AshHeapVampireToUncontrolled:
    """Move a vampire from the player's ash heap to its uncontrolled region, as a new card with no counters: the one
    with the highest capacity, the first of those put there (Hand of Conrad)."""

    def __call__(self, game: Game, play: Play) -> None:
        s = game.seats[play.seat]
        found = [c for c in s.ash_heap if game.card_of[c] in game.vampires]
        if not found:
            return
        best = max(found, key=lambda c: (game.vampires[game.card_of[c]].capacity, -found.index(c)))
        s.ash_heap.remove(best)
        s.uncontrolled.append(best)
        game.minions[best] = dataclasses.replace(game.vampires[game.card_of[best]], id=best, cards=[], riders=[])
        game.log("ash heap to uncontrolled", play.seat, best)


@dataclasses.dataclass(frozen=True, slots=True)
class OwnCombatantPresses:
    """The player's minion in the combat gets ``amount`` optional presses this round (a card in play used for it, not
    a combatant: Underbridge Stray)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            side = c.a if g.controller(game, c.a.minion) == play.seat else c.b
            side.presses += self.amount


def location_controller(game: Game, copy: int) -> int:
    """The Methuselah controlling a location: the one holding it, or the one controlling the minion it is on."""
    for s in game.order:
        for c in game.seats[s].controlled:
            if c == copy or (c in game.minions and copy in game.minions[c].cards):
                return s
    return -1


def locations_in_play(game: Game, play: Play) -> Sequence[int]:
    """Every location in play, anyone's: on the table, or on a minion (Living Manse): War Ghoul's, Disputed
    Territory's (``locations_of_others``: only other Methuselahs')."""
    out = []
    for s in game.order:
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is None:
                if is_location(game, c):
                    out.append(c)
            elif m.cards:
                out += [x for x in m.cards if x not in game.minions and is_location(game, x)]
    return out


@hook("actor_may_target", data=("ally.untargetable_up_to_capacity",))
def _ally_untargetable(game: Game, actor: int, target: int) -> bool:
    """An ally that "cannot be the target of a directed action performed by an ally or a vampire with capacity N or
    less" (``Ally.untargetable_up_to_capacity``: Veneficti, 6)."""
    a = _ally(game, target)
    if a is None or not a.untargetable_up_to_capacity:
        return True
    m = game.minions.get(actor)
    return m is None or not (m.kind == ALLY or (m.kind == VAMPIRE and m.capacity <= a.untargetable_up_to_capacity))


def of_creature(targets: Targets, creature: str) -> Targets:
    """The minions among ``targets`` whose card says they are of the ``creature`` type ("demon": Veneficti steals a
    demon ally and burns a demon retainer; the word in the card's text)."""

    def found(game: Game, play: Play) -> Sequence[int]:
        out = []
        for c in targets(game, play):
            m = game.minions.get(c)
            printed = game.compiled.cards.get(m.card) if m is not None and game.compiled is not None else None
            if printed is not None and f" {creature} " in f" {(printed.text or '').lower()} ":
                out.append(c)
        return out

    return found


@hook("hand_size", data=("everyone.hand_size_per_victory_point",), only_adds=True)
def _hand_size_per_victory_point(game: Game, seat: int) -> int:
    """+N hand size for each victory point, every Methuselah, while a card in play (anyone's) says so, once however
    many copies (``Everyone.hand_size_per_victory_point``: The Bitter and Sweet Story; half points count down)."""
    vp = game.seats[seat].vp
    if not vp or game.compiled is None:
        return 0  # asked before every decision: no point, no need to look for the card
    given = game.compiled.everyone
    per = max(
        (
            given[game.card_of[c]].hand_size_per_victory_point
            for s in game.order
            for c in game.seats[s].controlled
            if game.card_of[c] in given and c not in game.minions
        ),
        default=0,
    )
    return int(per * vp)


# --- words added for bd


@dataclasses.dataclass(frozen=True, slots=True)
class GainTransfers:
    """The player gets ``amount`` more transfers this influence phase ("lock this card to gain 1 transfer": Ennoia's
    Theater; a card in play giving transfers each turn is ``Controller(transfers=…)``)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        game.seats[play.seat].transfers += self.amount
        game.log("gain transfer", play.seat, self.amount)


@dataclasses.dataclass(frozen=True, slots=True)
class ToReadyRegion:
    """The target vampire moves from torpor to the ready region (not a rescue: no blood paid, no action), unless a
    card keeps it there (the "may_leave_torpor" hooks: a hostage of Carver's Meat Packing); Chantry, Warsaw Station."""

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None and m.torpor and g.hook_all(game, "may_leave_torpor", m.id):
            m.torpor = False
            game.log("leave torpor", play.seat, m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class OwnMinionBurnsBlood:
    """One of the player's minions that ``among`` selects burns ``amount`` blood, the one with the most (on a tie the
    first in play): a cost a card in play takes from "a ready Tremere you control" (Chantry); ``among`` names the
    blood it needs (``Minions(min_blood=…)``)."""

    among: Minions
    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        payers = [game.minions[c] for c in self.among(game, play)]
        if payers:
            payer = max(payers, key=lambda m: (m.blood, -m.id))
            g.move_blood(game, payer.id, -self.amount)
            game.log("burn blood", play.seat, payer.id, self.amount)


def oldest(n: int, among: Minions) -> Targets:
    """The ``n`` oldest of the minions ``among`` selects: the highest capacities, on a tie the first in play (Gurchon
    Hall: "your two oldest ready vampires")."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        return sorted(among(game, play), key=lambda c: -game.minions[c].capacity)[:n]

    return targets


def any_feedable(targets: Targets) -> Pred:
    """One of ``targets`` can take a hunting ground's blood: below capacity, not yet fed by a hunting ground this turn
    (Gurchon Hall)."""

    def check(game: Game, play: Play) -> bool:
        for c in targets(game, play):
            m = game.minions[c]
            if m.blood < m.capacity and not hunting_ground_fed(game, c):
                return True
        return False

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class HuntingGroundEach:
    """A hunting ground's ``amount`` blood to each of ``targets`` that can take it (below capacity, not fed by a
    hunting ground this turn), each marked as fed (Gurchon Hall: "each of your two oldest ready vampires")."""

    amount: int
    targets: Targets

    def __call__(self, game: Game, play: Play) -> None:
        feed = HuntingGroundBlood(self.amount)
        for c in self.targets(game, play):
            m = game.minions[c]
            if m.blood < m.capacity and not hunting_ground_fed(game, c):
                feed(game, dataclasses.replace(play, target=c))


def successful_hunt(game: Game, play: Play) -> bool:
    """The action is a hunt that gained blood (one that gains none is no successful hunt: LSJ 20050720-2; The Anarch
    Free Press: "after a minion you control successfully hunts")."""
    act = action_of(play)
    return act is not None and act.kind is Act.HUNT and bool(act.flags.get("hunted"))


def actor_below_capacity(game: Game, play: Play) -> bool:
    """The acting minion is in play with room for more blood (a card giving it blood is only offered then: The Anarch
    Free Press)."""
    act = action_of(play)
    m = game.minions.get(act.actor) if act is not None else None
    return m is not None and m.in_play and m.blood < m.capacity


@dataclasses.dataclass(frozen=True, slots=True)
class BloodToActor:
    """The acting minion gains ``amount`` blood from the bank (The Anarch Free Press: "lock to give that minion 1
    blood")."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None and act.actor in game.minions:
            gained = g.move_blood(game, act.actor, self.amount)
            game.log("add blood", play.seat, act.actor, gained)


def counters_at_most(n: int) -> Pred:
    """The card in play being used has ``n`` counters or fewer ("if there are 3 or fewer counters on this card":
    Powerbase: Madrid)."""

    def check(game: Game, play: Play) -> bool:
        return game.card_counters.get(play.card, 0) <= n

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class CountersToPool:
    """Move the counters (blood) on the card in play being used to its player's pool: all of them (Powerbase:
    Chicago), or ``amount``; with ``burn_when_empty`` the card burns once it has none left (Powerbase: Barranquilla)."""

    amount: int = 0
    burn_when_empty: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        n = game.card_counters.get(play.card, 0)
        if self.amount:
            n = min(n, self.amount)
        if n:
            game.card_counters[play.card] -= n
            economy.gain_pool(game, play.seat, n)
            game.log("gain pool", play.seat, n)
        if self.burn_when_empty and not game.card_counters.get(play.card, 0):
            g.burn_card(game, play.card)


@hook("burn_instead", data=("burn_instead",))
def _burn_takes_counters(game: Game, act: Action, copy: int) -> bool:
    """A (D) action that would burn a card whose spec says ``burn_instead`` takes its counters instead, the card
    staying in play: burned ("counters": Powerbase: Madrid), or moved to the acting Methuselah's pool ("counters to
    pool": Powerbase: Chicago)."""
    spec = game.compiled.specs.get(game.card_of[copy])
    what = spec.burn_instead if spec is not None else None
    if what is None:
        return False
    n = game.card_counters.get(copy, 0)
    game.card_counters[copy] = 0
    if what == "counters to pool" and n and not game.seats[act.seat].ousted:
        economy.gain_pool(game, act.seat, n)
        game.log("gain pool", act.seat, n)
    return True


@hook("discard_phase", data=("burns_at",))
def _burns_in_discard_phase(game: Game, seat: int) -> None:
    """ "Burn this card during your discard phase" (``Spec.burns_at="discard phase"``: Eyes of the Beast): the seat's
    copies, on its minions or on the table, burn as its discard phase starts."""
    specs = game.compiled.specs
    for c in list(game.seats[seat].controlled):
        m = game.minions.get(c)
        for copy in [c] if m is None else list(m.cards):
            spec = specs.get(game.card_of[copy])
            if spec is not None and spec.burns_at == "discard phase":
                g.burn_card(game, copy)


@dataclasses.dataclass(frozen=True, slots=True)
class BloodToThisCard:
    """The target minion moves ``amount`` blood onto the card in play being used, as counters (Wasserschloss Anif:
    "a Tremere you control can move 1 blood to this card")."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.target)
        if m is not None and m.blood > 0:
            moved = min(self.amount, m.blood)
            g.move_blood(game, play.target, -moved)
            game.card_counters[play.card] = game.card_counters.get(play.card, 0) + moved
            game.log("move blood", play.seat, play.target, play.card, moved)


@dataclasses.dataclass(frozen=True, slots=True)
class CountersToTarget:
    """All the counters (blood) on the card in play being used move to the target vampire, as far as its capacity
    leaves room: the rest stay on the card (Wasserschloss Anif: "move all blood from this card to an uncontrolled
    Tremere")."""

    def __call__(self, game: Game, play: Play) -> None:
        n = game.card_counters.get(play.card, 0)
        if play.target in game.minions and n:
            moved = g.move_blood(game, play.target, n)
            game.card_counters[play.card] = n - moved
            game.log("add blood", play.seat, play.target, moved)


_FIRST_ROUND_STRIKE = "combat:first round strike:"


@dataclasses.dataclass(frozen=True, slots=True)
class StrikeInFirstRoundIfBlocks:
    """ "If this vampire blocks, it may strike: <``strike``> in the first round of the resulting combat" (Night Terrors
    [OBF][PRE]: combat ends), offered beside its other strikes in each combat resulting from its block of this action
    (a second block too: LSJ 20010814-2), not a follow-up combat (LSJ 20010813)."""

    strike: Strike

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.flags[f"first round strike if blocks:{play.minion}"] = g.grant(self.strike)


@hook("combat_start", effects=(StrikeInFirstRoundIfBlocks,))
def _first_round_strike_start(game: Game, c: Combat) -> None:
    act = c.action
    if act is None or not act.blocked or not game.frames or game.frames[-1] is not act:
        return  # only a combat resulting from the block
    granted = act.flags.get(f"first round strike if blocks:{act.blocker}")
    if granted:
        c.side(act.blocker).used.add(f"{_FIRST_ROUND_STRIKE}{granted}")


@hook("strikes", effects=(StrikeInFirstRoundIfBlocks,))
def _first_round_strike(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    if c.round != 1:
        return []
    seat = g.controller(game, minion)
    return [
        economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=int(key[len(_FIRST_ROUND_STRIKE) :]))
        for key in sorted(c.side(minion).used)
        if key.startswith(_FIRST_ROUND_STRIKE)
    ]


def or_none(targets: Targets) -> Targets:
    """A second choice among ``targets``, or none (-1), as a mode's ``values``: "up to two" (Funeral Wake [NEC]: a
    second ally to unlock; the same as the first is ignored)."""

    def values(game: Game, play: Play) -> Sequence[int]:
        return [-1, *targets(game, play)]

    return values


_NEXT_COMBAT_CARD_LESS = "combat:next combat card costs less"


@dataclasses.dataclass(frozen=True, slots=True)
class NextCombatCardCostsLess:
    """Once this combat, the next combat card with a blood cost the playing vampire plays costs 1 blood less (Inner
    Essence); read by the vocabulary's "cost_less" hook, used up as that card's cost is paid."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add(_NEXT_COMBAT_CARD_LESS)


@hook("cost_less", effects=(NextCombatCardCostsLess,))
def _next_combat_card_less(game: Game, minion: int, handler: Any, paying: bool) -> tuple[int, int]:
    c = g.current_combat(game)
    if c is None or minion not in (c.a.minion, c.b.minion) or not handler.blood or "Combat" not in handler.types:
        return 0, 0
    side = c.side(minion)
    if _NEXT_COMBAT_CARD_LESS not in side.used:
        return 0, 0
    if paying:
        side.used.discard(_NEXT_COMBAT_CARD_LESS)
    return 1, 0


_SENT_TO_TORPOR = "round:sent to torpor"


@dataclasses.dataclass(frozen=True, slots=True)
class DiablerizeOpposing:
    """The playing vampire diablerizes the opposing vampire, in torpor (4.3.8: its blood, the blood hunt) without an
    action (Amaranth, with ``opposing_sent_to_torpor``)."""

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        c = combat_of(play)
        if c is None:
            return None
        victim = c.other(play.minion).minion
        return g.diablerie(game, Action(kind=Act.DIABLERIE, seat=play.seat, actor=play.minion, target_minion=victim))


@hook("torpor", effects=(DiablerizeOpposing,))
def _sent_to_torpor_this_round(game: Game, minion: int) -> None:
    """A combatant sent to torpor this round is marked (``opposing_sent_to_torpor``), at a table where a card may
    diablerize it in the combat (Amaranth)."""
    c = g.current_combat(game)
    if c is not None and minion in (c.a.minion, c.b.minion):
        c.side(minion).used.add(_SENT_TO_TORPOR)


def opposing_sent_to_torpor(game: Game, play: Play) -> bool:
    """The opposing vampire went to torpor this round and is still there (Amaranth: "… is sent to torpor"); marked
    by the "torpor" hook of ``DiablerizeOpposing``."""
    c = combat_of(play)
    if c is None:
        return False
    other = c.other(play.minion)
    m = game.minions.get(other.minion)
    return _SENT_TO_TORPOR in other.used and m is not None and m.kind == VAMPIRE and m.torpor and m.in_play


def times_played_this_combat(game: Game, play: Play) -> Sequence[int]:
    """X as the number of copies of this card already played this combat by either combatant (marked by
    ``MarkPlayedThisCombat``), the only value, when the playing minion has X blood to pay (Groaning Corpse)."""
    c = combat_of(play)
    m = game.minions.get(play.minion)
    if c is None or m is None:
        return ()
    prefix = f"combat:played:{game.card_of[play.card]}:"
    x = sum(1 for side in (c.a, c.b) for u in side.used if u.startswith(prefix))
    return (x,) if m.blood >= x else ()


@dataclasses.dataclass(frozen=True, slots=True)
class MarkPlayedThisCombat:
    """Note this copy played this combat (``times_played_this_combat``: Groaning Corpse)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add(f"combat:played:{game.card_of[play.card]}:{play.card}")


def own_acting_vampire_fighting(game: Game, play: Play) -> bool:
    """A combat (``play.frame``, not over) of the player's acting vampire, on the acting side (Powerbase: Savannah:
    "… when a vampire you control is in combat during its action": ANK 20230814)."""
    c = play.frame
    if not isinstance(c, Combat) or c.over or c.action is None or c.action.actor != c.a.minion:
        return False
    m = game.minions.get(c.a.minion)
    return m is not None and m.kind == VAMPIRE and g.controller(game, m.id) == play.seat


def own_unlocked_locations() -> Targets:
    """The unlocked locations on the table the player controls, but the card being used (Powerbase: Savannah: "lock
    another unique location you control", with ``cards_with(…, "unique")``)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        out = []
        for c in game.seats[play.seat].controlled:
            if c == play.card or c in game.minions or c in game.locked_cards or not is_location(game, c):
                continue
            out.append(c)
        return out

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class LockTargetCard:
    """Lock the chosen card in play (``play.target``: another location, Powerbase: Savannah)."""

    def __call__(self, game: Game, play: Play) -> None:
        game.locked_cards.add(play.target)
        game.log("lock", play.seat, play.target)


def emptiest(n: int | Targets, among: Minions) -> Targets:
    """The ``n`` of the minions ``among`` selects with the most room for blood (then the least blood; on a tie the
    first in play): a card that feeds "another" vampire by a fixed rule (Carfax Abbey with a baron). ``n`` may be a
    target list, as many as it lists ("up to X ready anarchs …, where X is the number of …": Poacher's Hunting
    Ground)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        found = [game.minions[c] for c in among(game, play)]
        many = n if isinstance(n, int) else len(n(game, play))
        return [m.id for m in sorted(found, key=lambda m: (m.blood - m.capacity, m.blood))[:many]]

    return targets


@hook("action_target", data=("bearer.untargetable_by_others",))
def _bearer_untargetable(game: Game, seat: int, target: int) -> bool:
    """ "This minion cannot be the target of other Methuselahs' actions" (``Bearer.untargetable_by_others``: Secure
    Haven): an action card or ability of another Methuselah's minion may not choose it."""
    m = game.minions.get(target)
    if m is None or not m.cards or not any(b.untargetable_by_others for _, b in _bearers(game, target)):
        return True
    return g.controller(game, target) == seat


def _own_ready_fitting(game: Game, play: Play, to: Minions, minion: int) -> bool:
    m = game.minions.get(minion)
    return m is not None and to.fits(game, m) and g.is_ready(game, minion) and g.controller(game, minion) == play.seat


def directed_at_own(to: Minions) -> Pred:
    """A directed action (``play.frame``) aimed at a ready minion of the player's that ``to`` fits (Yoruba Shrine: "a
    directed action at a ready Assamite you control")."""

    def check(game: Game, play: Play) -> bool:
        act = play.frame
        return isinstance(act, Action) and act.directed and _own_ready_fitting(game, play, to, act.target_minion)

    return check


def terms_choose_own(to: Minions) -> Pred:
    """Another Methuselah's referendum (``play.frame``, not a blood hunt) whose terms choose a ready minion of the
    player's that ``to`` fits: terms that are minions (a political mode whose choices are minion ids, not seat
    indices), read before any vote (Yoruba Shrine: "a referendum that chooses a ready Assamite you control")."""

    def check(game: Game, play: Play) -> bool:
        ref = play.frame
        if not isinstance(ref, Referendum) or ref.blood_hunt or ref.seat == play.seat or not ref.terms:
            return False
        term = ref.terms[0]
        if term < len(game.seats) or ref.mode is None or ref.mode.targets is None:
            return False
        if not _own_ready_fitting(game, play, to, term):
            return False
        terms = Play(seat=ref.seat, card=ref.card, mode=ref.mode, minion=ref.caller, frame=ref)
        return all(t in game.minions for t in ref.mode.targets(game, terms))

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class UnlockCaller:
    """The vampire that called the referendum (``play.frame``) unlocks (Yoruba Shrine: "… fails, and the acting
    minion unlocks")."""

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        m = game.minions.get(ref.caller) if isinstance(ref, Referendum) else None
        if isinstance(ref, Referendum) and m is not None and m.locked:
            m.locked = False
            game.log("unlock", ref.seat, m.id)


def not_your_turn(game: Game, play: Play) -> bool:
    """Not during the player's own turn (Power of All)."""
    return game.acting != play.seat


def not_in_combat(game: Game, play: Play) -> bool:
    """No combat going on (Power of All: "not usable in combat": LSJ 20080618)."""
    return g.current_combat(game) is None


def any_card_being_played(game: Game, play: Play) -> bool:
    """A card is being played (set aside, not yet resolved): "cancel a card as it is played" (Power of All)."""
    return bool(game.aside)


def at_least(n: int, targets: Targets) -> Pred:
    """``targets`` offers ``n`` or more (Power of All: "this Anarch and one other unlocked ready Anarch you
    control")."""

    def check(game: Game, play: Play) -> bool:
        return len(targets(game, play)) >= n

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class LockOwnMinions:
    """Lock ``n`` of the player's minions ``among`` selects, the youngest first (on a tie the first in play), a cost
    of the card (Power of All: "lock this Anarch and one other unlocked ready Anarch you control")."""

    n: int
    among: Minions

    def __call__(self, game: Game, play: Play) -> None:
        found = sorted((game.minions[c] for c in self.among(game, play)), key=lambda m: (m.capacity, m.id))
        for m in found[: self.n]:
            m.locked = True
            game.log("lock", play.seat, m.id)


_UNLESS_BLOCKS = "burn pool unless blocks:"


@dataclasses.dataclass(frozen=True, slots=True)
class BurnPoolUnlessBlocks:
    """ "If that minion does not block the action, burn N pool after action resolution" (WMRH Talk Radio, its
    intercept given to a minion attempting to block): the player burns ``amount`` pool after resolution unless the
    minion attempting to block as this is played blocks the action. Read by the vocabulary's "after_resolution"
    hook."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags[_UNLESS_BLOCKS + "minion"] = act.blocker + 1
            act.flags[_UNLESS_BLOCKS + "seat"] = play.seat + 1
            act.flags[_UNLESS_BLOCKS + "amount"] = self.amount


@hook("after_resolution", effects=(BurnPoolUnlessBlocks,))
def _burn_pool_unless_blocked(game: Game, act: Action) -> None:
    if not act.flags:
        return
    minion, seat = act.flags.get(_UNLESS_BLOCKS + "minion", 0) - 1, act.flags.get(_UNLESS_BLOCKS + "seat", 0) - 1
    if seat < 0 or game.seats[seat].ousted or (act.blocked and act.blocker == minion):
        return
    amount = act.flags.get(_UNLESS_BLOCKS + "amount", 1)
    economy.burn_pool(game, seat, amount)
    game.log("burn pool", seat, amount)
    economy.check_ousts(game)


_UNLOCKS_AFTER_EQUIP = "unlocks at the end of the turn: equipped"


@hook("after_resolution", data=("everyone.unlock_after_equip",))
def _everyone_equipped(game: Game, act: Action) -> None:
    """A successful equip action while a card saying ``Everyone.unlock_after_equip`` is in play (NRA PAC): the minion
    unlocks at the end of the turn, even if the card has left play by then (LSJ 20080619); not for an equip action
    before it came into play (LSJ 20061218)."""
    if act.kind is not Act.EQUIP or not act.succeeded:
        return
    given = game.compiled.everyone
    if any(
        c not in game.minions and getattr(given.get(game.card_of[c]), "unlock_after_equip", False)
        for s in game.order
        for c in game.seats[s].controlled
    ):
        game.used.add((_UNLOCKS_AFTER_EQUIP, act.actor))


@hook("discard_phase_end", data=("everyone.unlock_after_equip",))
def _everyone_equipped_unlocks(game: Game, seat: int, discarded: list[int]) -> None:
    for key in sorted(k for k in game.used if k[0] == _UNLOCKS_AFTER_EQUIP):
        m = game.minions.get(key[1])
        if m is not None and m.in_play and m.locked and not m.torpor:
            m.locked = False
            game.log("unlock", g.controller(game, m.id), m.id)


def allies_or_younger(to: Minions) -> Targets:
    """Those of ``to`` that are allies, or vampires younger than the playing minion (Cave of Apples: "an ally or
    younger vampire controlled by your prey", with ``Minions(whose="prey", kind=None)``)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        me = game.minions.get(play.minion)
        if me is None:
            return []
        out = []
        for c in to(game, play):
            m = game.minions[c]
            if m.kind == ALLY or (m.kind == VAMPIRE and m.capacity < me.capacity):
                out.append(c)
        return out

    return targets


# --- words added for be


@hook("press_step", effects=(HoldTheOpposingMinion,))
def _press_step_damage(game: Game, c: Combat) -> None:
    """A combatant held with ``press_damage`` takes that much unpreventable environmental damage at the press step
    of each round (Drawing Out the Beast [ANI]: RTR 19970630); none when the combat ended before it (LSJ
    20010312)."""
    for side in (c.a, c.b):
        for mark in [u for u in side.used if u.startswith("combat:press step damage:")]:
            if side.minion in game.minions:
                g.take_damage(game, side.minion, int(mark.rsplit(":", 1)[1]), 0)


def _referendum_votes(game: Game, ref: Referendum | None) -> ReferendumVotes | None:
    """The ``ReferendumVotes`` of the political action card that called ``ref`` (None without one)."""
    comp = game.compiled
    if ref is None or comp is None or ref.card < 0 or ref.card in game.minions:
        return None
    spec = comp.specs.get(game.card_of[ref.card])
    return spec.referendum_votes if spec is not None else None


@hook("votes", data=("referendum_votes",))
def _votes_in_own_referendum(game: Game, seat: int) -> int:
    """During the referendum of a card with ``ReferendumVotes``: +1 vote for each of the seat's ready vampires of its
    clan (Toreador Justicar), minus the votes of its ready vampires not of its sect (Cardinal Benediction)."""
    rules = _referendum_votes(game, next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None))
    if rules is None or not (rules.clan_bonus or rules.only_sect):
        return 0
    total = 0
    for m in ready_minions(game, seat):
        if m.kind != VAMPIRE:
            continue
        if rules.clan_bonus and m.clan == rules.clan_bonus:
            total += 1
        if rules.only_sect and m.sect != rules.only_sect:
            total -= m.votes
    return total


@hook("votes_cast", data=("referendum_votes",))
def _votes_cast_in_own_referendum(game: Game, seat: int, ref: Referendum, side: int) -> int:
    """In the referendum of a card with ``ReferendumVotes``: ``titled`` votes for each of the seat's ready titled
    vampires (Eat the Rich: a priscus's ballot and a titled vampire's vote, one count), and ``edge`` more when the
    Edge was burned for a vote (the seat that burned it is the first to cast once it is burned)."""
    rules = _referendum_votes(game, ref)
    if rules is None or not (rules.titled or rules.edge):
        return 0
    delta = rules.titled * sum(1 for m in ready_minions(game, seat) if m.kind == VAMPIRE and m.title and m.votes > 0)
    mark = ("referendum votes: edge", id(ref))
    if rules.edge and ref.edge_burned and mark not in game.used:
        game.used.add(mark)
        game.kept.append(ref)
        delta += rules.edge
    return delta


def _referendum_now(game: Game) -> Referendum | None:
    return next((f for f in reversed(game.frames) if isinstance(f, Referendum)), None)


@dataclasses.dataclass(frozen=True, slots=True)
class OnlySectVotes:
    """Played in a referendum: from now on only vampires of ``sect`` cast votes or ballots in it; the others' votes
    do not count, nor may they play cards giving them votes in it (Closed Session: Camarilla; a card calling its own
    referendum that way says so with ``ReferendumVotes(only_sect=…)``: Cardinal Benediction)."""

    sect: str

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if isinstance(ref, Referendum):
            game.used.add(("only sect votes", id(ref)))
            game.used.add(("only sect votes", id(ref), self.sect))
            game.kept.append(ref)


def _voting_sect(game: Game) -> str:
    """The sect an ``OnlySectVotes`` played in the current referendum keeps the votes to ("" for none)."""
    ref = _referendum_now(game)
    if ref is None or ("only sect votes", id(ref)) not in game.used:
        return ""
    return next((s for s in SECTS if ("only sect votes", id(ref), s) in game.used), "")


@hook("votes", effects=(OnlySectVotes,))
def _only_sect_votes(game: Game, seat: int) -> int:
    """The votes of the seat's ready vampires not of the sect do not count."""
    sect = _voting_sect(game)
    if not sect:
        return 0
    return -sum(m.votes for m in ready_minions(game, seat) if m.kind == VAMPIRE and m.sect != sect)


@hook("may_play", effects=(OnlySectVotes,))
def _only_sect_vote_cards(game: Game, handler: Any, m: Any) -> bool:
    """Nor may a vampire not of the sect play a card giving it votes in that referendum."""
    if m.kind != VAMPIRE or handler.mode.window is not W.POLLING:
        return True
    sect = _voting_sect(game)
    if not sect or m.sect == sect:
        return True
    return not any(isinstance(e, (ExtraVotes, VotesAgainst)) for e in handler.mode.effects)


def own_minion_phase(game: Game, play: Play) -> bool:
    """During the player's own minion phase ("During your minion phase, …": CrimethInc. in play, Firebrand)."""
    return game.acting == play.seat and game.phase is Phase.MINION


def _table_attaches(game: Game, field: str) -> bool:
    """Whether a card of this table has an ``Attached`` saying ``field`` (asked once per table: the hooks below are
    called at every table holding any ``Attached`` card, most of which say something else)."""
    comp = game.compiled
    if comp is None:
        return False
    specs = comp.specs
    return g.table_has(
        game,
        f"attached:{field}",
        lambda: [
            v
            for v, spec in specs.items()
            if spec.attached is not None
            and (
                getattr(spec.attached, field)
                or (spec.attached.superior is not None and getattr(spec.attached.superior, field))
            )
        ],
    )


def _attached(game: Game, minion: Minion) -> list[tuple[int, Attached]]:
    """The cards on the minion with an ``Attached``, and what each says (a copy played at superior: its
    ``Attached.superior`` too, as a second entry)."""
    specs = game.compiled.specs if game.compiled is not None else {}
    out = []
    for x in minion.cards:
        spec = specs.get(game.card_of[x])
        if spec is not None and spec.attached is not None:
            out.append((x, spec.attached))
            if spec.attached.superior is not None and card_marked(game, x, PLAYED_AT_SUPERIOR):
                out.append((x, spec.attached.superior))
    return out


@hook("votes", data=("attached",))
def _attached_votes(game: Game, seat: int) -> int:
    """+N votes for each of the seat's ready minions carrying a card with ``Attached(votes=N)``."""
    if not _table_attaches(game, "votes"):
        return 0
    return sum(a.votes for m in ready_minions(game, seat) if m.cards for _, a in _attached(game, m))


@hook("hunts_into_torpor", data=("attached",))
def _attached_cannot_hunt(game: Game, minion: int) -> bool:
    """The minion carries a card saying it cannot hunt (and goes to torpor when it must)."""
    if not _table_attaches(game, "cannot_hunt"):
        return False
    m = game.minions.get(minion)
    return m is not None and bool(m.cards) and any(a.cannot_hunt for _, a in _attached(game, m))


@hook("torpor", data=("attached",))
def _attached_burn_on_torpor(game: Game, minion: int) -> None:
    """The cards on a minion going to torpor that say so burn."""
    if not _table_attaches(game, "burn_on_torpor"):
        return
    m = game.minions.get(minion)
    if m is None or not m.cards:
        return
    for x, a in _attached(game, m):
        if a.burn_on_torpor:
            g.burn_card(game, x)


@hook("unlock", data=("attached",))
def _attached_unlock(game: Game, seat: int) -> int:
    """In the seat's unlock phase each of its minions burns the blood or life the cards on it say (an ally or
    retainer at none is burned). A card burned in that phase says so with ``UnlockPhase(burn=True)``."""
    if not _table_attaches(game, "blood_each_unlock"):
        return 0
    for c in list(game.seats[seat].controlled):
        m = game.minions.get(c)
        if m is None or not m.in_play or not m.cards:
            continue
        n = sum(a.blood_each_unlock for _, a in _attached(game, m))
        if n and m.blood > 0:
            g.move_blood(game, m.id, -min(n, m.blood))
            game.log("burn blood", seat, m.id, min(n, m.blood))
            if m.kind != VAMPIRE and m.blood <= 0:
                g.burn_minion(game, m.id)
    return 0


@hook("actor_may_target", data=("attached",))
def _attached_protects(game: Game, actor: int, target: int) -> bool:
    """Another Methuselah's minion needs the Discipline a card on the target names to direct an action at it."""
    if not _table_attaches(game, "targeted_only_with"):
        return True
    m = game.minions.get(target)
    if m is None or not m.cards or actor not in game.minions:
        return True
    needs = [a.targeted_only_with for _, a in _attached(game, m) if a.targeted_only_with]
    if not needs or g.controller(game, actor) == g.controller(game, target):
        return True
    return all(any(code == d for code, _ in game.minions[actor].disciplines) for d in needs)


def own_action_requiring_succeeded(sect: str, titles: tuple[str, ...] = ()) -> Pred:
    """After resolution of a successful action of the playing minion requiring a vampire of ``sect`` (or holding one
    of ``titles``, which require that sect: a baron is an Anarch, LSJ 20080603), or making it one (becoming Anarch):
    CrimethInc. ("a successful action requiring an Anarch or making this vampire Anarch")."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        if act is None or not act.succeeded or act.actor != play.minion:
            return False
        if act.kind is Act.BECOME_ANARCH:
            return sect == "Anarch"
        if act.card < 0 or game.compiled is None:
            return False
        needs = game.compiled.cards[game.card_of[act.card]].requirements
        return sect in needs.sects or any(x in t.lower() for t in needs.titles for x in titles)

    return check


_UNLOCKING_EFFECTS = (UnlockSelf, UnlockTarget, UnlockActor, UnlockAfterSuccess, UnlockAfterSuccessForBlood)


@dataclasses.dataclass(frozen=True, slots=True)
class NoMoreCardsThisAction:
    """From now on during this action no card of ``types`` may be played ("No more action modifiers can be played on
    this action": Approximation of Loyalty [PRE]); with ``unlocking``, no card whose effect unlocks a minion, and an
    unlock promised after resolution is void ("During this action, minions cannot unlock": The Sleeping Mind [DOM];
    wakes still are: PIB 20150703). With ``requiring``, only the cards of ``types`` requiring one of these
    Disciplines, by minions other than the acting one ("Reaction cards that require Dominate or Presence do not affect
    this vampire for the duration of this action": Perfect Clarity, not played at all), and with
    ``opposing_in_combat`` no card requiring them, of any type, by the minion opposing the acting one in a combat of
    the action (Perfect Clarity [THA]). A mark on the action, read by the vocabulary's "may_play" hook."""

    types: tuple[str, ...] = ()
    unlocking: bool = False
    requiring: tuple[str, ...] = ()
    opposing_in_combat: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is None:
            return
        if self.requiring:
            key = f"{_CLOSED_REQUIRING}{','.join(self.requiring)}:{','.join(self.types)}"
            act.flags[key] = 2 if self.opposing_in_combat else 1
            return
        for kind in self.types:
            act.flags["no more cards"] = 1
            act.flags[f"no more cards:{kind}"] = 1
        if self.unlocking:
            act.flags["minions cannot unlock"] = 1
            act.flags.pop("unlock after success (free)", None)
            act.flags.pop("unlock after success", None)


@hook("may_play", effects=(NoMoreCardsThisAction,))
def _cards_closed_this_action(game: Game, handler: Any, m: Minion) -> bool:
    act = g.current_action(game)
    if act is None or not act.flags:
        return True
    if act.flags.get("minions cannot unlock") and any(isinstance(e, _UNLOCKING_EFFECTS) for e in handler.mode.effects):
        return False
    if handler.mode.disciplines and not _closed_requiring_allows(game, act, handler, m):
        return False
    return not act.flags.get("no more cards") or not any(act.flags.get(f"no more cards:{k}") for k in handler.types)


def _ally_or_capacity_at_most(game: Game, minion: int, capacity: int) -> bool:
    m = game.minions.get(minion)
    return m is not None and (m.kind == ALLY or (m.kind == VAMPIRE and m.capacity <= capacity))


def blockers_ally_or_capacity_at_most(capacity: int) -> Targets:
    """The ready allies, and vampires with capacity ``capacity`` or less, of the Methuselahs who may block the current
    action ("Choose a vampire with capacity 6 or less or an ally. That minion cannot block this action": Approximation
    of Loyalty [pre])."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        act = action_of(play)
        if act is None:
            return []
        return [
            m.id
            for s in g.blocking_seats(game, act)
            for m in g.ready_minions(game, s)
            if _ally_or_capacity_at_most(game, m.id, capacity)
        ]

    return targets


def played_by_ally_or_capacity_at_most(capacity: int) -> Pred:
    """The card being played during the action is played by an ally or a vampire with capacity ``capacity`` or less
    ("Cancel a reaction card played by a vampire with capacity 6 or less or an ally": Approximation of Loyalty
    [PRE])."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play) or g.current_action(game)
        return act is not None and _ally_or_capacity_at_most(game, act.flags.get("playing minion", -1), capacity)

    return check


def card_being_played_requiring(code: str) -> Pred:
    """The card being played (the last set aside) requires the Discipline ``code`` ("Cancel a reaction card requiring
    Auspex as it is played": I am Legion [dai][obf])."""

    def check(game: Game, play: Play) -> bool:
        if not game.aside or game.compiled is None:
            return False
        found = game.compiled.cards[game.card_of[game.aside[-1]]]
        return code in found.discipline_requirement.codes

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class PoolAfterSuccess:
    """The player gains ``amount`` pool after resolution if this action is successful (I am Legion [DAI][OBF] played
    to cancel): a mark on the action, read by the vocabulary's "after_resolution" hook."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        if act is not None:
            act.flags["pool after success"] = act.flags.get("pool after success", 0) + self.amount


@hook("after_resolution", effects=(PoolAfterSuccess,))
def _pool_after_success(game: Game, act: Action) -> None:
    amount = act.flags.pop("pool after success", 0)
    if amount and act.succeeded and not game.seats[act.seat].ousted:
        economy.gain_pool(game, act.seat, amount)
        game.log("gain pool", act.seat, amount)


@dataclasses.dataclass(frozen=True, slots=True)
class NextReferendumPasses:
    """The next referendum a vampire the player controls calls this turn passes automatically (Cryptic Rider): a
    rider on the Methuselah, used up by that referendum (the vocabulary's "passes_automatically" hook)."""

    def __call__(self, game: Game, play: Play) -> None:
        g.add_rider(game, -1 - play.seat, "next referendum passes", 1, Until.END_OF_TURN, play.seat)


@hook("passes_automatically", effects=(NextReferendumPasses,))
def _next_referendum_passes(game: Game, ref: Referendum) -> bool:
    m = game.minions.get(ref.caller) if ref.caller >= 0 else None
    if m is None or m.kind != VAMPIRE:
        return False
    holder = -1 - g.controller(game, m.id)
    rider = next((r for r in game.riders if r.holder == holder and r.key == "next referendum passes"), None)
    if rider is None:
        return False
    game.riders.remove(rider)
    return True


@dataclasses.dataclass(frozen=True, slots=True)
class VotersAgainstBurnPool:
    """Played in a referendum: each Methuselah casting votes or ballots against it burns 1 pool for each copy played
    once results are tallied, once however many votes (Scorn of Adonis: RTR 19951110); a cancelled referendum is
    not tallied (LSJ 20010209)."""

    def __call__(self, game: Game, play: Play) -> None:
        ref = play.frame
        if isinstance(ref, Referendum):
            n = sum(1 for u in game.used if u[:2] == ("voters against burn pool", id(ref)))
            game.used.add(("voters against burn pool", id(ref), n))
            game.kept.append(ref)


@hook("referendum_tallied", effects=(VotersAgainstBurnPool,))
def _voters_against_burn_pool(game: Game, ref: Referendum) -> None:
    n = sum(1 for u in game.used if u[:2] == ("voters against burn pool", id(ref)))
    for seat in dict.fromkeys(ref.voted_against):
        if n and not game.seats[seat].ousted:
            economy.burn_pool(game, seat, n)
            game.log("burn pool", seat, n)


_DIRECTED_AT = "directed at"  # the rider of a card that remembers the Methuselah an action was directed at


def carrier_needs_stealth(later: bool = False, same_target: bool = False) -> Pred:
    """The minion this card is on is acting and a block attempt against it would succeed (stealth as needed): "This
    vampire can burn this card to get +1 stealth" (Pass Through Shadow [OBL]); ``later``: not during the action the
    card was put on it ("During any action after this one": Under My Skin, ``PutOnTarget(later=True)``);
    ``same_target``: an action directed at the Methuselah the card remembers (Shadow Cast [OBL],
    ``PutOnTarget(remember_target=True)``)."""

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        return (
            act is not None
            and act.actor == play.minion
            and not (later and act.flags.get(f"put on this action:{play.card}"))
            and not (
                same_target and not (act.directed and act.target == g.rider_sum(game, play.card, _DIRECTED_AT) - 1)
            )
            and act.blocker >= 0
            and act.intercept >= act.stealth
        )

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class PutAfterCombat:
    """After the combat ends, this card goes on the playing minion (Pass Through Shadow [OBL]), or with ``opposing``
    on the opposing minion (Unholy Penance [PRE]: see ``_put_on_opposing_after_combat``): a mark now, done by the
    vocabulary's "after_combat" hooks; lost if the combat goes on or a new one begins (RTR 20020501)."""

    opposing: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None and play.card >= 0:
            c.side(play.minion).used.add(f"combat:after:on {'opposing' if self.opposing else 'self'}:{play.card}")


@hook("after_combat", effects=(PutAfterCombat,))
def _put_on_self_after_combat(game: Game, c: Combat) -> None:
    for side in (c.a, c.b):
        for mark in [u for u in side.used if u.startswith("combat:after:on self:")]:
            copy = int(mark.rsplit(":", 1)[1])
            m = game.minions.get(side.minion)
            heap = game.seats[game.owner_of[copy]].ash_heap
            if m is not None and m.in_play and copy in heap:
                heap.remove(copy)
                m.cards.append(copy)


@dataclasses.dataclass(frozen=True, slots=True)
class OpposingBurnsBloodAfterCombat:
    """After the combat ends the opposing minion burns ``amount`` blood or life, even at long range (an ally or a
    retainer left with none is burned): Oubliette [OBT]. Not if it dodged the strike (LSJ 19980526); no damage, so
    nothing prevents it (LSJ 20080226). A mark now, done by the vocabulary's "after_combat" hook."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is not None:
            c.side(play.minion).used.add(f"combat:after:opposing burns blood:{self.amount}")


@hook("after_combat", effects=(OpposingBurnsBloodAfterCombat,))
def _opposing_burns_blood_after_combat(game: Game, c: Combat) -> None:
    for side in (c.a, c.b):
        other = c.other(side.minion)
        for mark in [u for u in side.used if u.startswith("combat:after:opposing burns blood:")]:
            m = game.minions.get(other.minion)
            if "round:dodged" in other.used or m is None or not m.in_play:
                continue
            amount = int(mark.rsplit(":", 1)[1])
            g.move_blood(game, m.id, -amount)
            game.log("burn blood", g.controller(game, m.id), m.id, amount)
            if m.kind != VAMPIRE and m.blood <= 0:
                g.burn_minion(game, m.id)


# A copy of a card with ``Attached(burn_entering_combat=True)`` marked so (``MarkThisCard``) costs its minion 1 blood
# instead, when it has 2 or more ("this vampire can burn 1 blood when he enters combat instead": Blithe Acceptance).
BLOOD_INSTEAD_OF_BURNING = "1 blood instead of burning"


@hook("combat_start", data=("attached",))
def _attached_entering_combat(game: Game, c: Combat) -> None:
    """The cards on a minion entering combat that say so burn (in each new combat: ANK 20230527)."""
    if not _table_attaches(game, "burn_entering_combat"):
        return
    for side in (c.a, c.b):
        m = game.minions.get(side.minion)
        if m is None or not m.cards:
            continue
        for copy, a in _attached(game, m):
            if not a.burn_entering_combat:
                continue
            if card_marked(game, copy, BLOOD_INSTEAD_OF_BURNING) and m.blood >= 2:
                g.move_blood(game, m.id, -1)
                game.log("burn blood", g.controller(game, m.id), m.id, 1)
            else:
                g.burn_card(game, copy)


@dataclasses.dataclass(frozen=True, slots=True)
class BurnAll:
    """Burn every minion ``chosen`` selects, worked out first and burned together ("Successful referendum burns all
    vampires with a current bleed of 3 or more": Justicar Retribution, ``Minions(whose="all", min_bleed=3)``). With
    ``keep_for_pool_cost``, each Methuselah, in turn from the player, may keep each of its minions by repaying its
    pool cost instead (Kindred Segregation: ``keep_for_pool_cost=True``, see ``_keep_for_pool_cost``)."""

    chosen: Targets
    keep_for_pool_cost: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        if self.keep_for_pool_cost:
            return _keep_for_pool_cost(game, play, list(self.chosen(game, play)))
        for minion in list(self.chosen(game, play)):
            if minion in game.minions:
                g.burn_minion(game, minion)
        return None


@hook("strike_inflicted", data=("attached",))
def _attached_strike_wears(game: Game, c: Combat, side: Side, strike: Strike, amount: int) -> None:
    """Each damage the strike of a card with ``Attached(worn_by_strikes=True)`` inflicts burns a counter from it, even
    if prevented (not damage reduced first: LSJ 20100519); the full damage is dealt while any counter is left (ANK
    20201229-2); none left burns it (Weighted Walking Stick)."""
    if not _table_attaches(game, "worn_by_strikes"):
        return
    m = game.minions.get(side.minion)
    if m is None or not m.cards or game.compiled is None:
        return
    bearers = game.compiled.bearers
    for copy, a in _attached(game, m):
        b = bearers.get(game.card_of[copy])
        if a.worn_by_strikes and b is not None and b.strike == strike:
            left = game.card_counters.get(copy, 0) - amount
            game.card_counters[copy] = max(0, left)
            if left <= 0:
                g.burn_card(game, copy)
            return


@dataclasses.dataclass(frozen=True, slots=True)
class PressCounters:
    """Put this card in play with ``counters`` counters for this combat: each time a card is played this combat they
    go back to ``counters``; at the press step of each round it burns 1 of them to provide a press to continue, for
    either combatant (``press`` "any": Trap; either may still press to end), or as the playing vampire's mandatory
    press ("mandatory": Conquer the Beast [ani]) or optional one ("optional": [ANI]); burned at the end of combat (with
    the last one, after a combat queued by Psyche!). ``no_equipment``: the vampire cannot use equipment this combat
    (Conquer the Beast). Read by the vocabulary's "press_step" and "after_combat" hooks."""

    counters: int = 3
    press: str = "any"
    no_equipment: bool = False

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        if c is None or play.card < 0:
            return
        g.leave_aside(game, play.card)
        game.seats[play.seat].controlled.append(play.card)
        game.card_counters[play.card] = self.counters
        side = c.a if self.press == "any" else c.side(play.minion)
        side.used.add(f"combat:press counters:{self.press}:{play.card}:{c.plays}:{self.counters}")
        if self.no_equipment:
            side.used.add("combat:no equipment")
            granted = [u for u in side.used if u.startswith("combat:maneuver:")]  # the weapons' maneuvers given
            side.combat_maneuvers = max(0, side.combat_maneuvers - (1 if side.weapon_maneuver and granted else 0))
            side.weapon_maneuver = 0


def _press_counter_marks(side: Side, press: tuple[str, ...]) -> list[tuple[str, str, int, int, int]]:
    """(mark, press, copy, plays seen, counters) of the ``PressCounters`` marks on a combat side."""
    out = []
    for u in side.used:
        if u.startswith("combat:press counters:"):
            _, _, kind, copy, seen, counters = u.split(":")
            if kind in press:
                out.append((u, kind, int(copy), int(seen), int(counters)))
    return out


@hook("press_step", effects=(PressCounters,))
def _press_counters(game: Game, c: Combat) -> None:
    """Counters back to full when a card was played since; then 1 counter burned for a press to continue: either
    combatant's (the press step's alternation lets the other press to end), then each vampire's own."""
    for mark, kind, copy, seen, full in _press_counter_marks(c.a, ("any",)):
        if copy not in game.card_counters:
            continue
        if c.plays > seen:
            game.card_counters[copy] = full
            c.a.used.discard(mark)
            c.a.used.add(f"combat:press counters:{kind}:{copy}:{c.plays}:{full}")
        if game.card_counters[copy] > 0 and c.press <= 0:
            game.card_counters[copy] -= 1
            c.press = 1
            game.log("press", game.owner_of[copy], c.a.minion)
    for side in (c.a, c.b):
        for mark, kind, copy, seen, full in _press_counter_marks(side, ("mandatory", "optional")):
            if copy not in game.card_counters or not g.is_ready(game, side.minion):
                continue
            if c.plays > seen:
                game.card_counters[copy] = full
                side.used.discard(mark)
                side.used.add(f"combat:press counters:{kind}:{copy}:{c.plays}:{full}")
            if game.card_counters[copy] <= 0:
                continue
            game.card_counters[copy] -= 1
            if kind == "optional":
                side.presses += 1
                side.used.add("round:press to continue only")
            elif c.press <= 0:
                c.press = 1
                c.last_press = side.minion
                game.log("press", g.controller(game, side.minion), side.minion)


def _press_counters_kind(game: Game, vekn: int) -> str:
    """The ``press`` of the card's ``PressCounters`` ("" for none)."""
    spec = game.compiled.specs.get(vekn) if game.compiled is not None else None
    for mode in spec.modes if spec is not None else ():
        for e in mode.effects:
            if isinstance(e, PressCounters):
                return e.press
    return ""


@hook("after_combat", effects=(PressCounters,))
def _press_counters_burn(game: Game, c: Combat) -> None:
    """Every such card in play burns once its combat is over (either combatant's first, then the vampires' own)."""
    for own in (False, True):
        for seat in game.order:
            for copy in list(game.seats[seat].controlled):
                if copy in game.minions:
                    continue
                kind = _press_counters_kind(game, game.card_of[copy])
                if kind and (kind != "any") == own:
                    g.burn_card(game, copy)


@dataclasses.dataclass(frozen=True, slots=True)
class VotesForPool:
    """Played in a referendum: each Methuselah, in turn from the player (once each: the give and take of RTR 19960530
    is not modelled), may burn 1 to ``most`` pool, never its last, for ``per`` votes each in this referendum, the
    player ``own_per`` (Business Pressure: +2 votes a pool, [PRE] +3 for the player). The option offered first (the
    bots' default): the player burns as much as it may, the others none."""

    per: int = 2
    own_per: int = 2
    most: int = 3

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        ref = play.frame
        if not isinstance(ref, Referendum):
            return None
        return self._burns(game, play, ref)

    def _burns(self, game: Game, play: Play, ref: Referendum) -> Generator[Any, Any, None]:
        Kind, Option = economy.Kind, economy.Option
        order = [s for s in game.order[game.order.index(play.seat) :] + game.order[: game.order.index(play.seat)]]
        for seat in order:
            most = min(self.most, game.seats[seat].pool - 1)
            if most <= 0 or game.seats[seat].ousted:
                continue
            burns = [Option(Kind.TERMS, seat, value=n) for n in range(1, most + 1)]
            options = (
                [*reversed(burns), Option(Kind.PASS, seat)] if seat == play.seat else [Option(Kind.PASS, seat), *burns]
            )
            option = yield from g.choose(game, seat, options)
            if option.kind is Kind.TERMS and option.value > 0:
                economy.burn_pool(game, seat, option.value)
                per = self.own_per if seat == play.seat else self.per
                ref.extra_votes[seat] = ref.extra_votes.get(seat, 0) + per * option.value
                game.log("burn pool", seat, option.value)


@dataclasses.dataclass(frozen=True, slots=True)
class OpposingToTorpor:
    """Send the opposing combatant to torpor ("Put this card on the opposing vampire and send them to torpor":
    Disarm, after ``PutOnTarget(opposing=True)``)."""

    def __call__(self, game: Game, play: Play) -> None:
        c = combat_of(play)
        victim = c.other(play.minion).minion if c is not None else -1
        if victim in game.minions:
            g.go_to_torpor(game, victim)


def _names_kind(game: Game, m: Minion, kinds: tuple[str, ...]) -> bool:
    """The minion's card names it one of ``kinds`` as its text opens ("Unique zombie with 2 life")."""
    if not kinds or game.compiled is None:
        return False
    text = game.compiled.cards[m.card].text.replace("{", "").replace("}", "").lower()
    return any(re.match(rf"(?:unique )?{kind}\b", text) for kind in kinds)


@hook("can_block", effects=(KindCannotBlock,))
def _kind_can_block_unless(game: Game, minion: int, act: Any) -> bool:
    if not act.flags or not act.flags.get("kind cannot block unless"):
        return True
    m = game.minions.get(minion)
    if m is None:
        return True
    prefix = f"kind cannot block unless:{m.kind}:"
    return all(not k.startswith(prefix) or _names_kind(game, m, tuple(k[len(prefix) :].split("/"))) for k in act.flags)


@dataclasses.dataclass(frozen=True, slots=True)
class VampiresBurnBloodToBlock:
    """ "Vampires must burn 1 blood to attempt to block this action" (Force of Personality [PRE]): a vampire without
    the blood cannot attempt it; the others pay as they attempt (read by the vocabulary's "can_block" and
    "block_attempt" hooks)."""

    amount: int = 1

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play) or g.current_action(game)
        if act is not None:
            act.flags["vampires burn blood to block"] = act.flags.get("vampires burn blood to block", 0) + self.amount


@hook("can_block", effects=(VampiresBurnBloodToBlock,))
def _vampires_can_pay_to_block(game: Game, minion: int, act: Any) -> bool:
    owed = act.flags.get("vampires burn blood to block", 0) if act.flags else 0
    m = game.minions.get(minion)
    return not owed or m is None or m.kind != VAMPIRE or m.blood >= owed


@hook("block_attempt", effects=(VampiresBurnBloodToBlock,))
def _vampires_pay_to_block(game: Game, act: Action, blocker: int) -> None:
    owed = act.flags.get("vampires burn blood to block", 0) if act.flags else 0
    m = game.minions.get(blocker)
    if owed and m is not None and m.kind == VAMPIRE:
        g.move_blood(game, blocker, -owed)
        game.log("burn blood", g.controller(game, blocker), blocker, owed)


# --- words added for ba


def _unlock_phase_cards(game: Game, seat: int) -> list[tuple[int, UnlockPhase, Minion | None]]:
    """The cards the seat controls with an ``UnlockPhase`` (in its region, or on one of its minions, with that
    minion): (copy, what it does, the minion it is on or None)."""
    specs = game.compiled.specs if game.compiled is not None else {}
    card_of = game.card_of
    found: list[tuple[int, UnlockPhase, Minion | None]] = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        for copy in m.cards if m is not None else (c,):
            spec = specs.get(card_of[copy])
            if spec is not None and spec.unlock_phase is not None:
                found.append((copy, spec.unlock_phase, m))
    return found


@hook("stays_locked", data=("unlock_phase",))
def _stays_locked_by_card(game: Game, seat: int) -> list[int]:
    """The seat's locked minions carrying a card that says they do not unlock as normal (``UnlockPhase.stays_locked``:
    Sheepdog)."""
    return [m.id for _, u, m in _unlock_phase_cards(game, seat) if u.stays_locked and m is not None and m.locked]


@hook("unlock", data=("unlock_phase",))
def _unlock_phase(game: Game, seat: int) -> None:
    """In the seat's unlock phase, what its cards in play with an ``UnlockPhase`` do: the prey burns pool (one burn
    for all: Army of Rats, Creeping Sabotage), then the cards to burn burn (Sheepdog)."""
    found = _unlock_phase_cards(game, seat)
    owed = 0
    once: set[int] = set()
    for copy, u, m in found:
        if not u.prey_burns or m is not None:
            continue
        if not u.once:
            owed += u.prey_burns
        elif game.card_of[copy] not in once:
            once.add(game.card_of[copy])
            owed += u.prey_burns
    prey = game.prey(seat)
    if owed and prey != seat:
        economy.burn_pool(game, prey, owed)
        game.log("burn pool", prey, owed)
    for copy, u, _ in found:
        if u.burn:
            g.burn_card(game, copy)


def copies_controlled(game: Game, play: Play) -> Sequence[int]:
    """X: the copies of the card played its player already controls ("X is the number of Creeping Sabotage cards
    you control")."""
    wanted = game.card_of[play.card] if play.card >= 0 else -1
    return [sum(1 for c in game.seats[play.seat].controlled if game.card_of[c] == wanted)]


@hook("blocked", effects=(DamageAfterResolution,))
def _damage_even_if_blocked(game: Game, act: Action) -> None:
    """The damage of a blocked action's card that says "even if the action is blocked"
    (``DamageAfterResolution.even_if_blocked``): owed as the block succeeds, dealt after the combat."""
    mode = act.mode
    if mode is None or act.actor < 0:
        return
    for e in mode.effects:
        if isinstance(e, DamageAfterResolution) and e.even_if_blocked:
            key = f"damage after resolution:{act.actor}"
            act.flags[key] = act.flags.get(key, 0) + e.aggravated


@hook("blocked", data=("bearer",))
def _bearer_blocks_younger_unlocked(game: Game, act: Action) -> None:
    """The blocker does not lock for blocking a vampire of its capacity or less when it carries a card saying so
    (``Bearer.blocks_younger_unlocked``: Atonement, "the same age or younger")."""
    blocker = game.minions.get(act.blocker)
    if blocker is None or not blocker.cards:
        return
    actor = game.minions.get(act.actor)
    if actor is None or actor.kind != VAMPIRE or actor.capacity > blocker.capacity:
        return
    if any(b.blocks_younger_unlocked for _, b in _bearers(game, blocker.id)):
        act.flags[f"no lock for blocking:{blocker.id}"] = 1


def _vampire_of_clan(game: Game, copy: int, clan: str) -> bool:
    """Whether a crypt card is a vampire of the clan (by its card: a card still in the crypt has no minion record)."""
    template = game.vampires.get(game.card_of[copy])
    return template is not None and eligibility.clan(template.clan) == eligibility.clan(clan)


def crypt_has_clan(clan: str) -> Pred:
    """The player's crypt holds a vampire of the clan (Disciple of Lazarus: a Harbinger of Skulls to search for)."""

    def check(game: Game, play: Play) -> bool:
        return any(_vampire_of_clan(game, c, clan) for c in game.seats[play.seat].crypt)

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class SearchCryptFor:
    """Search the crypt for a vampire of the ``clan``, reveal it and move it to the uncontrolled region; then shuffle
    the crypt (Disciple of Lazarus: a Harbinger of Skulls)."""

    clan: str

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        from .state import crypt_draw

        seat = game.seats[play.seat]
        found = list(dict.fromkeys(c for c in seat.crypt if _vampire_of_clan(game, c, self.clan)))
        if found:
            options = [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in found]
            option = yield from g.choose(game, play.seat, options)
            seat.crypt.remove(option.target)
            seat.crypt.append(option.target)  # the crypt's top is its end: drawn from there
            crypt_draw(game, play.seat)
        game.rng.shuffle(seat.crypt)


def cards_on_minions_of(seats: str, *, equipment: bool = False, locations: bool = False) -> Targets:
    """The cards on the minions of ``seats`` ("prey or predator", "others": every other Methuselah), in seat order,
    that are equipment (``equipment``) or locations (``locations``), retainers never (Loss [qui]: "an equipment or
    location card on a minion controlled by your predator or prey")."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        types = game.compiled.types if game.compiled is not None else {}
        if seats == "prey or predator":
            chosen: Sequence[int] = list(dict.fromkeys((game.prey(play.seat), game.predator(play.seat))))
        else:
            chosen = game.order
        out: list[int] = []
        for s in chosen:
            if s == play.seat:
                continue
            for c in game.seats[s].controlled:
                m = game.minions.get(c)
                if m is None or not m.cards:
                    continue
                out += [
                    x
                    for x in m.cards
                    if x not in game.minions
                    and (
                        (equipment and "Equipment" in types.get(game.card_of[x], ()))
                        or (locations and is_location(game, x))
                    )
                ]
        return out

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class TakeControlOfTargetCard:
    """The player takes control of the target card in play of another Methuselah: one in that Methuselah's region
    moves to the player's, one on a minion moves onto the acting minion (Dominate Kine [DOM], a location: RTR
    19960112, RTR 19980623, "onto an appropriate card of the new controller"); it stays as it was, unlocked."""

    def __call__(self, game: Game, play: Play) -> None:
        for s in game.order:
            held = game.seats[s].controlled
            if play.target in held and s != play.seat:
                held.remove(play.target)
                game.seats[play.seat].controlled.append(play.target)
                game.locked_cards.discard(play.target)
                game.log("steal", play.seat, play.target, s)
                return
            for c in held:
                m = game.minions.get(c)
                actor = game.minions.get(play.minion)
                if m is not None and play.target in m.cards and s != play.seat and actor is not None:
                    m.cards.remove(play.target)
                    actor.cards.append(play.target)
                    game.locked_cards.discard(play.target)
                    game.log("steal", play.seat, play.target, s)
                    return


@dataclasses.dataclass(frozen=True, slots=True)
class ByLockedMinion:
    """A ``when``: an action card "only usable by a locked vampire" (Force of Will): the playing minion is locked and
    not yet woken (``locked_self``); the "locked_actor" hook has ``game.action_options`` offer the card's action to
    the seat's locked minions."""

    def __call__(self, game: Game, play: Play) -> bool:
        return locked_self(game, play)


@hook("locked_actor", effects=(ByLockedMinion,))
def _by_locked_minion(game: Game, handler: Any) -> bool:
    return isinstance(handler.mode.when, ByLockedMinion)


@dataclasses.dataclass(frozen=True, slots=True)
class ControllersOfOldestGainPool:
    """Each Methuselah who controls any of the oldest ready vampires of the ``clan`` (the highest capacity among all
    of them at the table) gains ``amount`` pool (Haqim's Law: Leadership: the oldest Banu Haqim, 2 pool)."""

    clan: str
    amount: int

    def __call__(self, game: Game, play: Play) -> None:
        wanted = eligibility.clan(self.clan)
        ready = [
            (m, s)
            for s in game.order
            for m in g.ready_minions(game, s)
            if m.kind == VAMPIRE and eligibility.clan(m.clan) == wanted
        ]
        if not ready:
            return
        oldest = max(m.capacity for m, _ in ready)
        for seat in dict.fromkeys(s for m, s in ready if m.capacity == oldest):
            GainPool(self.amount)(game, Play(seat=seat, card=play.card, mode=play.mode, frame=play.frame))


@dataclasses.dataclass(frozen=True, slots=True)
class TargetLeavesTorporFor:
    """The acting vampire may burn ``blood`` blood to move the target vampire, in torpor and now its Methuselah's, to
    the ready region (Graverobbing [DOM], after ``StealMinion``)."""

    blood: int

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        actor, m = game.minions.get(play.minion), game.minions.get(play.target)
        if actor is None or m is None or actor.blood < self.blood or not m.torpor:
            return
        if g.controller(game, m.id) != play.seat:
            return
        options = [economy.Option(economy.Kind.TERMS, play.seat, value=v) for v in (1, 0)]
        option = yield from g.choose(game, play.seat, options)
        if option.value:
            g.move_blood(game, actor.id, -self.blood)
            m.torpor = False
            game.log("leave torpor", play.seat, m.id)


@dataclasses.dataclass(frozen=True, slots=True)
class BecomeSect:
    """The acting vampire becomes a member of the ``sect`` (Anarch Secession: "This vampire becomes Anarch")."""

    sect: str

    def __call__(self, game: Game, play: Play) -> None:
        m = game.minions.get(play.minion)
        if m is not None:
            m.sect = self.sect


@hook("blocked", data=("blocks",))
def _card_blocked(game: Game, act: Action) -> None:
    """A card in play that blocked as a minion (``Blocks``): the acting minion takes its unpreventable environmental
    aggravated damage, then the card burns if it says so (Unleash Hell's Fury; game.block_attempts then drops the
    minion the card was during the attempt)."""
    comp = game.compiled
    blocks = comp.blocking.get(game.card_of[act.blocker]) if comp is not None and act.blocker >= 0 else None
    if blocks is None:
        return
    if blocks.damage_on_block and act.actor in game.minions:
        g.take_damage(game, act.actor, 0, blocks.damage_on_block)
    if blocks.burn_on_block:
        g.burn_card(game, act.blocker)


@dataclasses.dataclass(frozen=True, slots=True)
class AshHeapToLibraryTop:
    """Move up to ``count`` library cards from the player's ash heap to the top of its library, chosen one at a time
    (any copy; the modelled cards offered first: Sudario Refraction)."""

    count: int

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        seat = game.seats[play.seat]
        comp = game.compiled
        if comp is None:
            return
        for _ in range(self.count):
            found: dict[int, int] = {}
            for c in seat.ash_heap:
                card = comp.cards.get(game.card_of[c])
                if game.card_of[c] not in found and card is not None and not card.is_crypt:
                    found[game.card_of[c]] = c
            if not found:
                break
            candidates = sorted(found.values(), key=lambda c: (game.card_of[c] not in comp.specs, c))
            options = [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in candidates]
            option = yield from g.choose(game, play.seat, options)
            seat.ash_heap.remove(option.target)
            seat.library.append(option.target)  # the library's top is its end
            game.log("search", play.seat, option.target)


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardAtRandom:
    """The player draws its hand up, then discards ``count`` cards of it at random and draws back up (Sudario
    Refraction: a hand not full because the library was empty draws first, LSJ 20080612-2)."""

    count: int

    def __call__(self, game: Game, play: Play) -> None:
        g.refill(game, play.seat)
        hand = game.seats[play.seat].hand
        g.discard(game, play.seat, game.rng.sample(hand, min(self.count, len(hand))))


def locked_in_own_minion_phase(game: Game, play: Play) -> bool:
    """The playing minion is ready and locked, during its controller's minion phase (Rutor's Hand: "during your minion
    phase, lock this card to unlock this vampire")."""
    m = game.minions.get(play.minion)
    return (
        m is not None
        and m.locked
        and m.in_play
        and not m.torpor
        and game.acting == play.seat
        and game.phase is Phase.MINION
    )


@dataclasses.dataclass(frozen=True, slots=True)
class SelfTakesAggravated:
    """The acting vampire takes ``amount`` unpreventable environmental aggravated damage, unless it burns
    ``immune_for_blood`` blood (when it has them, its choice) to be immune to it (Rutor's Hand: 1; [THA]: or 3
    blood)."""

    amount: int
    immune_for_blood: int = 0

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        m = game.minions.get(play.minion)
        if m is None or not m.in_play:
            return
        if self.immune_for_blood and m.blood >= self.immune_for_blood:
            options = [economy.Option(economy.Kind.TERMS, play.seat, value=v) for v in (1, 0)]
            option = yield from g.choose(game, play.seat, options)
            if option.value:
                g.move_blood(game, m.id, -self.immune_for_blood)
                game.log("burn blood", play.seat, m.id, self.immune_for_blood)
                return
        g.take_damage(game, m.id, 0, self.amount)


_OPTIONAL_ACTION = "non-mandatory action"  # a mark in game.used: an action other than a forced hunt, this turn


@dataclasses.dataclass(frozen=True, slots=True)
class NoOptionalActionThisTurn:
    """A ``when``: "not usable if any non-mandatory actions have been performed this turn" (Khabar: Glory): no action
    was announced this turn but a hunt of a vampire with no blood (which must hunt: L859-869), marked by the
    "announced" hook at the tables holding such a card."""

    def __call__(self, game: Game, play: Play) -> bool:
        return (_OPTIONAL_ACTION, game.turn) not in game.used


@hook("announced", effects=(NoOptionalActionThisTurn,))
def _optional_action_announced(game: Game, act: Action) -> None:
    actor = game.minions.get(act.actor)
    if not (act.kind is Act.HUNT and actor is not None and actor.kind == VAMPIRE and actor.blood == 0):
        game.used.add((_OPTIONAL_ACTION, game.turn))


@hook("oust_pool", data=("bearer",))
def _bearer_oust_pool(game: Game, predator: int, ousted: int) -> int:
    """The pool the cards on the predator's minions in play add to an oust (``Bearer.oust_pool``: Khabar: Glory)."""
    total = 0
    for c in game.seats[predator].controlled:
        m = game.minions.get(c)
        if m is not None and m.cards and m.in_play:
            total += sum(b.oust_pool for _, b in _bearers(game, c))
    return total


def this_card_marked(key: str) -> Pred:
    """The card in play being used carries the mark (``MarkThisCard``: the version it was played at, Loki's Gift's
    polling use is its [PRO] one's)."""

    def check(game: Game, play: Play) -> bool:
        return card_marked(game, play.card, key)

    return check


def intercept_reaches_stealth(game: Game, play: Play) -> bool:
    """A block attempt is in progress and its intercept reaches the action's stealth: stealth is needed now (stealth
    only as needed, L1348-1352: Loki's Gift's "+1 stealth")."""
    act = action_of(play)
    return act is not None and act.blocker >= 0 and act.intercept >= act.stealth


# --- words added for lang-political

CHOSEN_METHUSELAH = "chosen methuselah"  # a rider held by a card in play: the Methuselah its terms chose


def _chosen_by(game: Game, seat: int) -> list[tuple[int, ChosenMethuselah]]:
    """(copy, its ``ChosenMethuselah``) for each card in play, controlled by a Methuselah still in the game, that
    chose ``seat`` (``PutInPlayChoosingMethuselah``): a card stays while the Methuselah it chose is ousted (LSJ
    20021008); gone once burned (PIB 20121028)."""
    comp = game.compiled
    if not game.riders or comp is None:
        return []
    out: list[tuple[int, ChosenMethuselah]] = []
    for r in game.riders:
        if r.key != CHOSEN_METHUSELAH or r.value != seat:
            continue
        spec = comp.specs.get(game.card_of[r.holder])
        if spec is None or spec.chosen_methuselah is None:
            continue
        if any(r.holder in game.seats[s].controlled for s in game.order):
            out.append((r.holder, spec.chosen_methuselah))
    return out


def methuselahs_to_choose(*, others: bool = False, unchosen: bool = False) -> Targets:
    """Terms: the Methuselahs a card may choose (``PutInPlayChoosingMethuselah``): with ``others``, every other
    Methuselah, in seating order ("Choose another Methuselah": The Meddling of Semsith); else every Methuselah in
    turn order from the caller, less with ``unchosen`` those another copy of the card in play chose ("who are not
    chosen for any other Year of Fortune in play")."""

    def terms(game: Game, play: Play) -> Sequence[int]:
        if others:
            return [s for s in game.order if s != play.seat]
        seats = seats_from(game, play.seat)
        if not unchosen or not game.riders or play.card < 0:
            return seats
        wanted = game.card_of[play.card]
        held = {c for s in game.order for c in game.seats[s].controlled}
        taken = {
            r.value
            for r in game.riders
            if r.key == CHOSEN_METHUSELAH and r.holder in held and game.card_of[r.holder] == wanted
        }
        return [s for s in seats if s not in taken]

    return terms


@dataclasses.dataclass(frozen=True, slots=True)
class PutInPlayChoosingMethuselah:
    """The card goes in play remembering the Methuselah chosen as its terms (a ``CHOSEN_METHUSELAH`` rider for the
    game), whom its ``Spec.chosen_methuselah`` data affects while it is in play (Year of Fortune, The Meddling of
    Semsith). A card giving its controller a smaller hand size (``Controller.hand_size`` below 0: The Meddling of
    Semsith's -1) has the hand discarded down at once."""

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        PutInPlay()(game, play)
        g.add_rider(game, play.card, CHOSEN_METHUSELAH, play.target, Until.END_OF_GAME)
        comp = game.compiled
        spec = comp.specs.get(game.card_of[play.card]) if comp is not None else None
        if spec is None or spec.controller is None or spec.controller.hand_size >= 0:
            return None
        g.refill(game, play.seat)  # the seat's hand size, smaller now
        return g.discard_down(game, play.seat)


@hook("hand_size", data=("chosen_methuselah.hand_size",))
def _chosen_methuselah_hand_size(game: Game, seat: int) -> int:
    """The hand size the cards in play that chose the Methuselah give it (``ChosenMethuselah.hand_size``: Year of
    Fortune's +1)."""
    return sum(c.hand_size for _, c in _chosen_by(game, seat))


@hook("may_replace", data=("chosen_methuselah.no_replacing_in_minion_phases",))
def _chosen_methuselah_replaces(game: Game, seat: int) -> bool:
    """The Methuselah a card in play chose does not replace cards during any Methuselah's minion phase
    (``ChosenMethuselah.no_replacing_in_minion_phases``: The Meddling of Semsith; the cards not replaced count against
    its hand size, ANK 20180318, and are replaced once the phase is over)."""
    if game.phase is not Phase.MINION:
        return True
    return not any(c.no_replacing_in_minion_phases for _, c in _chosen_by(game, seat))


__all__ += ["CHOSEN_METHUSELAH", "methuselahs_to_choose", "PutInPlayChoosingMethuselah"]


def printed_pool_cost(game: Game, copy: int) -> int:
    """A card's printed pool cost (0 for a blood cost or an X cost)."""
    card = game.compiled.cards.get(game.card_of[copy]) if game.compiled is not None else None
    cost = card.pool_cost if card is not None else None
    return cost.value or 0 if cost is not None else 0


def _keep_for_pool_cost(game: Game, play: Play, chosen: list[int]) -> Generator[Any, Any, None]:
    """``BurnAll(keep_for_pool_cost=True)``: each Methuselah, in turn from the player, keeps each of its chosen
    minions by paying its pool cost (0 for a blood cost: RTR 20010710; one may still let it burn: ANK 20190724), or
    lets it burn. The option offered first (the bots' default) keeps it while the pool stays above the cost."""
    for seat in seats_from(game, play.seat):
        for minion in [c for c in game.seats[seat].controlled if c in chosen]:
            if game.seats[seat].ousted or minion not in game.minions:
                continue
            cost = printed_pool_cost(game, minion)
            keep = economy.Option(economy.Kind.TERMS, seat, target=minion, value=cost)
            let = economy.Option(economy.Kind.PASS, seat)
            options = [keep, let] if game.seats[seat].pool > cost else [let]
            option = yield from g.choose(game, seat, options)
            if option.kind is economy.Kind.TERMS:
                if cost:
                    economy.burn_pool(game, seat, cost)
                    game.log("burn pool", seat, cost)
            else:
                g.burn_minion(game, minion)


__all__ += ["printed_pool_cost"]


@dataclasses.dataclass(frozen=True, slots=True)
class CardsToTake:
    """Terms: the index of one (card, taker) pair, the taker to take control of the card (``TakerTakesControl``): a
    card in play ``cards`` selects and a minion ``takers`` selects, or with ``takers=None`` a Methuselah (every one, in
    seating order), never the one already controlling the card. The pairs whose taker is the player's (the player, or
    one of its minions) come first, then the others, each by card then by taker: the bots take the first. Disputed
    Territory ("Choose a location and a Methuselah": another Methuselah's location to the caller first), Confiscation
    ("Choose an equipment and a vampire": the prey's equipment to the calling vampire first)."""

    cards: Targets
    takers: Targets | None = None

    def pairs(self, game: Game, play: Play) -> list[tuple[int, int]]:
        takers = list(game.order) if self.takers is None else list(self.takers(game, play))
        mine: list[tuple[int, int]] = []
        rest: list[tuple[int, int]] = []
        for card in self.cards(game, play):
            held_by = card_controller(game, card)
            for taker in takers:
                seat = taker if self.takers is None else g.controller(game, taker)
                if seat != held_by:
                    (mine if seat == play.seat else rest).append((card, taker))
        return mine + rest

    def chosen(self, game: Game, play: Play) -> tuple[int, int]:
        """The pair the terms chose, (-1, -1) when none."""
        found = self.pairs(game, play)
        return found[play.target] if 0 <= play.target < len(found) else (-1, -1)

    def __call__(self, game: Game, play: Play) -> Sequence[int]:
        return range(len(self.pairs(game, play)))


@dataclasses.dataclass(frozen=True, slots=True)
class TakerTakesControl:
    """The taker the ``terms`` chose takes control of the card they chose, if the terms could still choose it. A
    Methuselah takes a card in a region into its own, a card on a minion onto its first ready vampire, burned if it
    has none (RTR 19960112, RTR 19980623); a minion takes the card onto itself (``StealEquipment``). Disputed Territory,
    Confiscation."""

    terms: CardsToTake

    def __call__(self, game: Game, play: Play) -> None:
        card, taker = self.terms.chosen(game, play)
        if card < 0 or card not in self.terms.cards(game, play):
            return
        if self.terms.takers is not None:
            if taker in game.minions and game.minions[taker].in_play:
                thief = Play(seat=g.controller(game, taker), card=-1, mode=play.mode, minion=taker, target=card)
                StealEquipment()(game, thief)
            return
        old = card_controller(game, card)
        if game.seats[taker].ousted or old in (taker, -1):
            return
        held = game.seats[old].controlled
        if card in held:
            held.remove(card)
            game.seats[taker].controlled.append(card)
            game.locked_cards.discard(card)
        else:
            holder = next(m for m in game.minions.values() if card in m.cards)
            new = [m for m in g.ready_minions(game, taker) if m.kind == VAMPIRE]
            if not new:
                g.burn_card(game, card)
                return
            holder.cards.remove(card)
            new[0].cards.append(card)
        game.log("takes control", taker, card, old)


__all__ += ["CardsToTake", "TakerTakesControl"]

# --- words added for lang-action
# A card put on a minion whose superior line says "as above, and …": its superior mode marks the copy
# ``MarkThisCard(PLAYED_AT_SUPERIOR)`` and ``Attached.superior`` says what more that copy does (``_attached`` reads it
# as a second entry of the copy): Heroic Might [POT], Condemnation: Mute [DAI]. Shadow of the Beast [PRO], Contagion
# [DAI] and Loki's Gift [PRO] mark their copy with the same words.
PLAYED_AT_SUPERIOR = "played at superior"


@hook("strength", data=("attached",))
def _attached_strength(game: Game, minion: int) -> int:
    """+N strength for each card on the minion with ``Attached(strength=N)`` (Heroic Might)."""
    if not _table_attaches(game, "strength"):
        return 0
    m = game.minions.get(minion)
    return sum(a.strength for _, a in _attached(game, m)) if m is not None and m.cards else 0


@hook("strikes", data=("attached",))
def _attached_strikes(game: Game, c: Combat, minion: int) -> list[economy.Option]:
    """The strikes the cards on the minion give it (``Attached.strikes``: Heroic Might's "burn equipment", [POT]'s
    2R), each once however many copies, in the order the cards say them."""
    if not _table_attaches(game, "strikes"):
        return []
    m = game.minions.get(minion)
    if m is None or not m.cards:
        return []
    strikes = dict.fromkeys(s for _, a in _attached(game, m) for s in a.strikes)
    seat = g.controller(game, minion)
    return [economy.Option(economy.Kind.STRIKE, seat, minion=minion, card=-1, value=g.grant(s)) for s in strikes]


@hook("votes", data=("attached",))
def _attached_lose_votes(game: Game, seat: int) -> int:
    """-N votes for each of the seat's ready minions carrying a card with ``Attached(lose_votes=N)``, never more than
    the minion's own votes (net negative votes subtract nothing: ANK 20251125, Condemnation: Mute)."""
    if not _table_attaches(game, "lose_votes"):
        return 0
    return -sum(
        min(a.lose_votes, m.votes)
        for m in ready_minions(game, seat)
        if m.cards
        for _, a in _attached(game, m)
        if a.lose_votes
    )


@hook("referendum_passed", data=("attached",))
def _attached_blood_after_referendum(game: Game, ref: Referendum) -> None:
    """After a referendum passes, each minion in play carrying a card with ``Attached(blood_after_referendum=N)``
    burns N blood (Condemnation: Mute [DAI]); logged for the card's owner, who played it."""
    if not _table_attaches(game, "blood_after_referendum"):
        return
    for s in game.order:
        for c in list(game.seats[s].controlled):
            m = game.minions.get(c)
            if m is None or not m.in_play or not m.cards:
                continue
            for copy, a in _attached(game, m):
                if a.blood_after_referendum and m.blood >= 1:
                    burned = -g.move_blood(game, m.id, -a.blood_after_referendum)
                    game.log("burn blood", game.owner_of[copy], m.id, burned)


# Searching the library for a card of some types (one copy of each card offered, the modelled ones first; the library
# shuffled afterwards): to the hand (The Summoning [pre]: an ally or retainer), or played by the acting minion with
# its requirements and cost (Magic of the Smith: equip with an equipment; The Summoning [PRE]: recruit an ally).


def _library_cards_of_types(game: Game, seat: int, types: tuple[str, ...]) -> list[int]:
    """One copy of each card of ``types`` in the seat's library, the modelled ones first."""
    comp = game.compiled
    found: dict[int, int] = {}
    for copy in game.seats[seat].library:
        vekn = game.card_of[copy]
        if vekn in found:
            continue
        kinds = comp.types.get(vekn)
        if kinds is None:
            card = comp.cards.get(vekn)
            kinds = frozenset(card.types) if card is not None else frozenset()
        if any(t in kinds for t in types):
            found[vekn] = copy
    return sorted(found.values(), key=lambda c: (game.card_of[c] not in comp.specs, c))


def _printed_costs(game: Game, vekn: int) -> tuple[int, int]:
    card = game.compiled.cards.get(vekn)
    blood = card.blood_cost.value or 0 if card is not None and card.blood_cost else 0
    pool = card.pool_cost.value or 0 if card is not None and card.pool_cost else 0
    return blood, pool


def library_cards_playable(game: Game, play: Play, types: tuple[str, ...], *, paid: bool = True) -> list[int]:
    """The cards of ``types`` in the player's library the acting minion could play: requirements and cost apply (a
    card without a spec only if it is an equipment, equipped as it is); ``paid=False``: the blood cost of the card
    being played is not paid yet (Magic of the Smith's 1 blood comes first)."""
    m = game.minions.get(play.minion)
    if m is None:
        return []
    comp = game.compiled
    own = 0 if paid or play.card < 0 else _printed_costs(game, game.card_of[play.card])[0]
    out = []
    for copy in _library_cards_of_types(game, play.seat, types):
        vekn = game.card_of[copy]
        card = comp.cards.get(vekn)
        if card is None or (vekn not in comp.actions and "Equipment" not in comp.types.get(vekn, card.types)):
            continue
        blood, pool = _printed_costs(game, vekn)
        if blood and m.blood - own < blood or pool and game.seats[play.seat].pool <= pool:
            continue
        if comp.eligibility.requirement(vekn) is not None and not (
            comp.eligibility.minion(m.card) is not None and comp.eligibility.can_play(m.card, vekn)
        ):
            continue
        out.append(copy)
    return out


def library_has_playable(*types: str) -> Pred:
    """The acting minion could play a card of ``types`` from the player's library (``SearchLibraryFor(play=True)``),
    its own card's blood cost paid first."""

    def check(game: Game, play: Play) -> bool:
        return bool(library_cards_playable(game, play, types, paid=False))

    return check


# --- words added for lang-perm-b


@dataclasses.dataclass(frozen=True, slots=True)
class GiveThisCard:
    """The player gives the card in play being used to its ``to`` ("prey" or "predator"), who controls it from then
    on: "give this card to your prey" (Anarch Troublemaker); "your predator takes control of this card" as it is used
    (Scourge of the Enochians: at once, ANK 20200508-1)."""

    to: str = "prey"

    def __call__(self, game: Game, play: Play) -> None:
        other = game.prey(play.seat) if self.to == "prey" else game.predator(play.seat)
        if play.card in game.seats[play.seat].controlled and other != play.seat:
            game.seats[play.seat].controlled.remove(play.card)
            game.seats[other].controlled.append(play.card)
            game.log("takes control", other, play.card, play.seat)


def cards_on(of: Targets, card_type: str) -> Targets:
    """The cards of ``card_type`` on the minions ``of`` lists: "burn an equipment card on a minion your prey controls"
    (Anarch Troublemaker: "Equipment", ``Minions(whose="prey", kind=None, ready=False)``); "burn an animal retainer
    employed by this vampire" (Pack Alpha [ANI]: "Retainer", ``Minions(only_self=True)``, with ``of_creature``)."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        cards = game.compiled.cards
        out: list[int] = []
        for c in of(game, play):
            out.extend(a for a in game.minions[c].cards if card_type in cards[game.card_of[a]].types)
        return out

    return targets


def _onto_self_handler(game: Game, seat: int, minion: int, copy: int) -> Any:
    """The mode that puts the card ``copy`` on a minion (its ``Equip`` or ``Employ`` effect) the minion may play from
    the hand, requirements, ``when`` and cost as normal (its blood, a pool cost that does not oust): the last such mode
    in the card's order, the most capable (a retainer's superior employ over its basic one); None. A location is never
    put on a minion this way ("a non-location equipment card": Anonymous Freight)."""
    m = game.minions.get(minion)
    if m is None or is_location(game, copy):
        return None
    found = None
    for handler in game.compiled.actions.get(game.card_of[copy], ()):
        mode = handler.mode
        if mode.in_play or not any(isinstance(e, Equip | Employ) for e in mode.effects):
            continue
        if not g.may_play(game, handler, m):
            continue
        if mode.when is not None and not mode.when(game, Play(seat=seat, card=copy, mode=mode, minion=minion)):
            continue
        if g.card_cost(game, handler, seat, minion)[1] < game.seats[seat].pool:
            found = handler
    return found


def from_hand_onto_self(card_type: str, creature: str = "") -> Targets:
    """The cards of ``card_type`` of the hand (one copy of each; of the ``creature`` type, the word in the card's text)
    the playing minion may put on itself by their own mode, requirements and cost as normal (``_onto_self_handler``):
    "equip this vampire with a non-location equipment card from your hand" (Anonymous Freight: "Equipment"), "employ
    an animal retainer from your hand" (Pack Alpha [ani]: "Retainer", "animal")."""

    def targets(game: Game, play: Play) -> Sequence[int]:
        types = game.compiled.types
        seen: set[int] = set()
        out = []
        for copy in game.seats[play.seat].hand:
            v = game.card_of[copy]
            if copy == play.card or v in seen or card_type not in types.get(v, ()):
                continue
            if creature and f" {creature} " not in f" {(game.compiled.cards[v].text or '').lower()} ":
                continue
            if _onto_self_handler(game, play.seat, play.minion, copy) is not None:
                seen.add(v)
                out.append(copy)
        return out

    return targets


@dataclasses.dataclass(frozen=True, slots=True)
class PutTargetOnSelfFromHand:
    """The card of the hand chosen (``from_hand_onto_self``), if still there and still allowed, goes on the playing
    minion by its own mode: its cost paid (game.card_cost), its effects (equip, employ), then the hand is drawn back up.
    Not an action: Anonymous Freight's resolution (the card chosen as the action was announced, LSJ 20100130), Pack
    Alpha [ani] before range (LSJ 20080815)."""

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None] | None:
        s = game.seats[play.seat]
        if play.target not in s.hand:
            return None
        handler = _onto_self_handler(game, play.seat, play.minion, play.target)
        return self._put(game, play, handler) if handler is not None else None

    @staticmethod
    def _put(game: Game, play: Play, handler: Any) -> Generator[Any, Any, None]:
        s = game.seats[play.seat]
        copy = play.target
        g.set_aside(game, play.seat, copy)
        blood, pool = g.card_cost(game, handler, play.seat, play.minion, paying=True)
        if blood:
            g.move_blood(game, play.minion, -blood)
        if pool:
            economy.burn_pool(game, play.seat, pool)
        put = Play(seat=play.seat, card=copy, mode=handler.mode, minion=play.minion, frame=play.frame)
        yield from g.run_effects(game, handler.mode.effects, put)
        if copy in game.aside:
            g.leave_aside(game, copy)
            g.to_ash_heap(game, copy)
        if not s.ousted:
            g.refill(game, play.seat)


def card_being_played_with(*effects: type) -> Pred:
    """A card is being played (the "as played" window, ``Game.playing``) whose mode has one of these ``effects``: a
    strike card (``strike_card_being_played``), one allowing only hand strikes (Immortal Grapple's
    ``HandStrikesOnly``) or forbidding equipment (Terror Frenzy, Drawing Out the Beast: Groundfighting cancels them)."""

    def check(game: Game, play: Play) -> bool:
        mode = game.playing
        return bool(game.aside) and mode is not None and any(isinstance(e, effects) for e in mode.effects)

    return check


@dataclasses.dataclass(frozen=True, slots=True)
class SearchLibraryFor:
    """Search the library for a card of ``types`` (chosen now) and shuffle it: the card is shown and goes to the hand
    (The Summoning [pre]; a hand then over its size is discarded down), or with ``play`` the acting minion plays it,
    its cost paid: its spec's action effects (equip, recruit), an equipment without a spec equipped as it is (Magic of
    the Smith, The Summoning [PRE])."""

    types: tuple[str, ...]
    play: bool = False

    def __call__(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        return self._play(game, play) if self.play else self._to_hand(game, play)

    def _to_hand(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        seat = game.seats[play.seat]
        found = _library_cards_of_types(game, play.seat, self.types)
        if found:
            option = yield from g.choose(
                game, play.seat, [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in found]
            )
            seat.library.remove(option.target)
            seat.hand.append(option.target)
            game.log("search", play.seat, option.target)
        game.rng.shuffle(seat.library)

    def _play(self, game: Game, play: Play) -> Generator[Any, Any, None]:
        m = game.minions.get(play.minion)
        seat = game.seats[play.seat]
        candidates = library_cards_playable(game, play, self.types)
        if m is None or not candidates:
            game.rng.shuffle(seat.library)
            return
        option = yield from g.choose(
            game, play.seat, [economy.Option(economy.Kind.TERMS, play.seat, target=c) for c in candidates]
        )
        copy = option.target
        seat.library.remove(copy)
        game.aside.append(copy)
        game.rng.shuffle(seat.library)
        vekn = game.card_of[copy]
        blood, pool = _printed_costs(game, vekn)
        if blood:
            g.move_blood(game, m.id, -blood)
        if pool:
            economy.burn_pool(game, play.seat, pool)
            if game.finished or seat.ousted:
                return
        handlers = game.compiled.actions.get(vekn, ())
        if handlers:
            sub = Play(seat=play.seat, card=copy, mode=handlers[0].mode, minion=m.id, frame=play.frame)
            for effect in handlers[0].mode.effects:
                result = effect(game, sub)
                if result is not None:
                    yield from result
        else:
            Equip()(game, Play(seat=play.seat, card=copy, mode=play.mode, minion=m.id, frame=play.frame))
        if copy in game.aside:  # its effects did not put it in play
            g.to_ash_heap(game, copy)


# "The opposing minion cannot strike: combat ends during the first round of that combat" (Hunter's Mark [CEL][THA]): a
# mark on the action (``MarkAction``, in its ``Mode.before_combat``) that game.strike_options reads: in the first round
# of the action's combat its target cannot use a strike: combat ends (the words' sense in card texts: Mind of the
# Wilds, LSJ 20100308; Dog Pack).
TARGET_CANNOT_END_COMBAT_FIRST_ROUND = "target cannot end combat in round 1"

# A strike card is being played: its mode is a strike (StrikeWith), or "Strike: hand strike or use a melee weapon
# strike" (StrikeHandOrMelee: Lam Into); not a card giving a strike to use later ("this round, this vampire can strike":
# Hunger of Marduk, played before range). Charismatic Aura, The Jones, The Vozhd of Gravesend.
strike_card_being_played = card_being_played_with(StrikeWith, StrikeHandOrMelee)


def carries_weapon(opposing: bool = False) -> Pred:
    """The playing minion (``opposing``: the opposing combatant) carries a weapon: equipment that grants a strike ("steal
    weapon": Fast Hands; "while it has a weapon", a card forbidding equipment restricts its strikes: Groundfighting)."""

    def check(game: Game, play: Play) -> bool:
        c = combat_of(play)
        if c is None or game.compiled is None:
            return False
        minion = c.other(play.minion).minion if opposing else play.minion
        given = game.compiled.bearers
        return any(
            getattr(given.get(game.card_of[x]), "strike", None) is not None
            for x in g.equipment_or_retainers(game, minion)
        )

    return check


_COMBATS = "combats"  # on an action: the combats it led to so far (a block's, then one Psyche! queued…)


@hook("combat_start")
def _count_combats(game: Game, c: Combat) -> None:
    """Count the action's combats (``bearer_blocking(resulting_combat=True)``: only the first results from the
    block)."""
    if c.action is not None:
        c.action.flags[_COMBATS] = c.action.flags.get(_COMBATS, 0) + 1


# --- words added for lang-locations

# A Gehenna event's effect is ignored by the vampires who committed diablerie until a Gehenna event is played
# (``cards.Gehenna``): a rider on the vampire, for the game.
_IGNORES_GEHENNA = "ignores gehenna"
_UNREPLACED_UNTIL_DIABLERIE = "unreplaced until diablerie"


def gehenna_event(game: Game, copy: int) -> bool:
    """A Gehenna event: an event whose text opens with "Gehenna."."""
    card = game.compiled.cards[game.card_of[copy]]
    return "Event" in card.types and (card.text or "").startswith("Gehenna.")


def _gehenna_events_in_play(game: Game) -> list[int]:
    types = game.compiled.types
    return [
        c
        for s in game.order
        for c in game.seats[s].controlled
        if c not in game.minions and "Event" in types.get(game.card_of[c], ()) and gehenna_event(game, c)
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class GehennaEventsInPlay:
    """Pred: ``at_least`` Gehenna events in play ("Requires 1 or more other Gehenna events in play": The Slow
    Withering, checked as it is played: PIB 20121031; "2 or more": The Fourth Cycle); none while a card named
    ``barred_by`` is in play (The Fourth Cycle's "Gehenna events cannot be played": Blood Weakens, The Slow Withering,
    Veil of Darkness)."""

    at_least: int = 0
    barred_by: str = ""

    def __call__(self, game: Game, play: Play) -> bool:
        if self.barred_by and copies_of(game, self.barred_by, "anywhere"):
            return False
        return not self.at_least or len(_gehenna_events_in_play(game)) >= self.at_least


@dataclasses.dataclass(frozen=True, slots=True)
class GehennaEventPlayed:
    """A Gehenna event is played: the vampires who committed diablerie no longer ignore the Gehenna events' effects
    (``cards.Gehenna``: Blood Weakens, The Slow Withering, Veil of Darkness)."""

    def __call__(self, game: Game, play: Play) -> None:
        game.riders = [r for r in game.riders if r.key != _IGNORES_GEHENNA]


def _table_cards_with(game: Game, field: str) -> list[tuple[int, Any]]:
    """The cards in play (not minions) whose spec sets ``field`` (a Spec data field: ``gehenna``,
    ``discard_phase``), every seat's in the table's order: (copy, the field's value)."""
    specs = game.compiled.specs
    card_of = game.card_of
    found = []
    for s in game.order:
        for c in game.seats[s].controlled:
            spec = specs.get(card_of[c]) if c not in game.minions else None
            value = getattr(spec, field) if spec is not None else None
            if value is not None:
                found.append((c, value))
    return found


def _gehenna_effects(game: Game) -> list[Gehenna]:
    """What the Gehenna events in play do (``cards.Gehenna``), anywhere on the table."""
    return [effect for _, effect in _table_cards_with(game, "gehenna")]


def _ignores_gehenna(game: Game, minion: int) -> bool:
    return any(r.holder == minion and r.key == _IGNORES_GEHENNA for r in game.riders)


@hook("diablerie", data=("gehenna",))
def _gehenna_diablerie(game: Game, actor: int) -> None:
    """A vampire commits diablerie: it ignores the Gehenna events' effects until a Gehenna event is played, and the
    players of a card "not replaced until a vampire commits diablerie" replace it."""
    game.riders.append(Rider(actor, _IGNORES_GEHENNA, 1, Until.END_OF_GAME))
    waiting = [r for r in game.riders if r.key == _UNREPLACED_UNTIL_DIABLERIE]
    for mark in waiting:
        game.riders.remove(mark)
        rider = next(
            (
                r
                for r in game.riders
                if r.holder == mark.holder and r.key == "unreplaced" and r.until is Until.END_OF_GAME
            ),
            None,
        )
        if rider is not None:
            game.riders.remove(rider)
        if not game.seats[mark.seat].ousted:
            g.refill(game, mark.seat)


@hook("blood_cost", data=("gehenna.superior_blood",))
def _gehenna_superior_cost(game: Game, handler: Any, minion: int) -> int:
    """ "Cards requiring 1 or more Disciplines at the superior level cost +1 blood" (a mode played at superior:
    ``Gehenna.superior_blood``, The Slow Withering), but to a diablerist."""
    if not handler.mode.superior:
        return 0
    more = max((e.superior_blood for e in _gehenna_effects(game)), default=0)
    return 0 if not more or _ignores_gehenna(game, minion) else more


@hook("replacing", data=("gehenna.unreplaced_during_action",))
def _gehenna_unreplaced_during_action(game: Game, seat: int, mode: Any, minion: int) -> None:
    """A card requiring Disciplines played by a minion during an action (ANK 20201015): not replaced until the end
    of that action (a rider of the action), unless the hand is empty; a diablerist ignores it
    (``Gehenna.unreplaced_during_action``: Blood Weakens)."""
    act = g.current_action(game)
    if act is None or mode is None or not mode.disciplines or minion < 0 or minion not in game.minions:
        return
    if not any(e.unreplaced_during_action for e in _gehenna_effects(game)) or not game.seats[seat].hand:
        return
    if _ignores_gehenna(game, minion):
        return
    game.riders.append(Rider(-1 - seat, "unreplaced", 1, Until.END_OF_ACTION, seat))


@hook("before_as_played", data=("gehenna.reveal_test",))
def _gehenna_reveal_test(game: Game, copy: int, seat: int, mode: Any, minion: int) -> None:
    """A vampire's first card requiring Disciplines this turn (not an ally's: LSJ 20050606): its controller reveals
    the top card of the library (before replacing); a master card, and the card has no effect, its cost unpaid (an
    action is not taken: the vampire does not lock, LSJ 20090323), before anyone may cancel it (LSJ 20100728); a
    card requiring Obtenebration also costs the vampire 2 blood. A diablerist ignores it (``Gehenna.reveal_test``:
    Veil of Darkness)."""
    m = game.minions.get(minion)
    if mode is None or not mode.disciplines or m is None or m.kind != VAMPIRE:
        return
    mark = ("reveal test", minion, game.turn)
    if mark in game.used or not any(e.reveal_test for e in _gehenna_effects(game)):
        return
    game.used.add(mark)
    if _ignores_gehenna(game, minion):
        return
    library = game.seats[seat].library
    if not library or "Master" not in game.compiled.types.get(game.card_of[library[-1]], ()):
        return
    game.log("reveal", seat, library[-1])
    act = g.current_action(game)
    if act is not None and act.card == copy:
        act.ended = True  # the action is not taken (game._not_taken)
    else:
        game.cancelled = copy  # resolve_play: no effect, its cost not paid
    game.log("cancel", seat, copy)
    if "obt" in mode.disciplines:
        lost = g.move_blood(game, minion, -2)
        game.log("burn blood", seat, minion, -lost)


def cards_with(targets: Targets, *words: str, without: tuple[str, ...] = ()) -> Targets:
    """The cards ``targets`` lists whose first line (its type line: "Master. Location. Hunting ground. Derivative.")
    names every one of ``words`` and none of ``without``: "non-derivative hunting grounds controlled by other
    Methuselahs" (Poacher's Hunting Ground: ``cards_with(locations_of_others, "hunting ground", without=
    ("derivative",))``), "another unique location you control" (Powerbase: Savannah)."""

    def found(game: Game, play: Play) -> Sequence[int]:
        cards = game.compiled.cards
        out = []
        for c in targets(game, play):
            first = (cards[game.card_of[c]].text or "").split("\n", 1)[0].lower()
            if all(w in first for w in words) and not any(w in first for w in without):
                out.append(c)
        return out

    return found


# What a card in play does as a discard phase starts (``cards.DiscardPhase``): Metro Underground, The Uncoiling, NSA
# Trio. The hooks run in that order, each asking its own decision (registered by ``discard_phase_hooks``).


def _discard_phase_cards(game: Game) -> list[tuple[int, DiscardPhase]]:
    """The cards on the table with a ``DiscardPhase``, every seat's in the table's order: (copy, what it does)."""
    return _table_cards_with(game, "discard_phase")


def burn_replacing(game: Game, copy: int) -> None:
    """Burn a card in play; one whose owner does not replace "as long as this card is in play" (a ``DoNotReplace``
    rider for the game) lets that owner replace now (The Uncoiling, Veil of Darkness)."""
    owner = game.owner_of[copy]
    g.burn_card(game, copy)
    rider = next(
        (r for r in game.riders if r.holder == -1 - owner and r.key == "unreplaced" and r.until is Until.END_OF_GAME),
        None,
    )
    if rider is not None:
        game.riders.remove(rider)
        if not game.seats[owner].ousted:
            g.refill(game, owner)


def _events_on_table(game: Game) -> list[int]:
    types = game.compiled.types
    return [
        c
        for s in game.order
        for c in game.seats[s].controlled
        if c not in game.minions and "Event" in types.get(game.card_of[c], ())
    ]


def _discard_phase_unlock(game: Game, seat: int) -> Generator[Any, Any, None] | None:
    """ "During your discard phase, you may lock this card and burn 1 pool to unlock a vampire you control"
    (``DiscardPhase.unlock_for_pool``: Metro Underground): the biggest locked vampire offered first, declined first
    below 6 pool."""
    found = next(
        (
            (c, d)
            for c, d in _discard_phase_cards(game)
            if d.unlock_for_pool and c in game.seats[seat].controlled and c not in game.locked_cards
        ),
        None,
    )
    if found is None or game.seats[seat].pool <= found[1].unlock_for_pool:
        return None
    locked = sorted(
        (m for m in g.ready_minions(game, seat) if m.kind == VAMPIRE and m.locked), key=lambda m: (-m.capacity, m.id)
    )
    if not locked:
        return None
    options = [economy.Option(economy.Kind.TERMS, seat, target=m.id) for m in locked]
    options.insert(0 if game.seats[seat].pool < 6 else len(options), economy.Option(economy.Kind.PASS, seat))
    return _lock_to_unlock(game, seat, found[0], found[1].unlock_for_pool, options)


def _lock_to_unlock(
    game: Game, seat: int, copy: int, pool: int, options: list[economy.Option]
) -> Generator[Any, Any, None]:
    option = yield from g.choose(game, seat, options)
    if option.kind is not economy.Kind.TERMS:
        return
    game.locked_cards.add(copy)
    economy.burn_pool(game, seat, pool)
    game.minions[option.target].locked = False
    game.log("unlock", seat, option.target)


def _discard_phase_burns_event(game: Game, seat: int) -> None:
    """ "During your discard phase, burn another event at random" (``DiscardPhase.burns_other_event``: The
    Uncoiling)."""
    copies = [c for c, d in _discard_phase_cards(game) if d.burns_other_event]
    if not copies or copies[0] not in game.seats[seat].controlled:
        return
    others = [c for c in _events_on_table(game) if c != copies[0]]
    if others:
        g.burn_card(game, game.rng.choice(others))


def _discard_phase_burned_for_pool(game: Game, seat: int) -> Generator[Any, Any, None] | None:
    """ "Other Methuselahs can use a discard phase action and burn X pool to burn this card, where X is the number of
    other events in play" (``DiscardPhase.burned_for_pool_per_event``: The Uncoiling): offered first when one of the
    seat's own events is in play and its pool stays at 5 or more."""
    copies = [c for c, d in _discard_phase_cards(game) if d.burned_for_pool_per_event]
    if not copies or copies[0] in game.seats[seat].controlled:
        return None
    s = game.seats[seat]
    events = _events_on_table(game)
    x = len(events) - 1
    if s.discard_actions < 1 or s.pool <= x:
        return None
    burn = economy.Option(economy.Kind.TERMS, seat, target=copies[0], value=x)
    keep = economy.Option(economy.Kind.PASS, seat)
    own_event = any(c in s.controlled for c in events)
    return _burn_for_discard_action(game, seat, [burn, keep] if own_event and s.pool - x >= 5 else [keep, burn])


def _burn_for_discard_action(game: Game, seat: int, options: list[economy.Option]) -> Generator[Any, Any, None]:
    """The seat uses a discard phase action (and burns the option's value in pool) to burn the card."""
    option = yield from g.choose(game, seat, options)
    if option.kind is not economy.Kind.TERMS:
        return
    game.seats[seat].discard_actions -= 1
    if option.value:
        economy.burn_pool(game, seat, option.value)
        game.log("burn pool", seat, option.value)
    burn_replacing(game, option.target)


_ATTEMPTED_ACTION = "attempted an action"  # the seat's minions attempted an action this turn (game.used is per turn)


@hook("announced", data=("discard_phase.burned_if_no_action",))
def _attempted_action(game: Game, act: Action) -> None:
    game.used.add((_ATTEMPTED_ACTION, act.seat))


def _discard_phase_burned_if_no_action(game: Game, seat: int) -> Generator[Any, Any, None] | None:
    """ "A Methuselah may use a discard phase action to burn this card if his or her minions attempted no actions in
    the current turn" (``DiscardPhase.burned_if_no_action``: NSA Trio): offered first when another Methuselah
    controls it."""
    copies = [c for c, d in _discard_phase_cards(game) if d.burned_if_no_action]
    s = game.seats[seat]
    if not copies or s.discard_actions < 1 or (_ATTEMPTED_ACTION, seat) in game.used:
        return None
    burn = economy.Option(economy.Kind.TERMS, seat, target=copies[0])
    keep = economy.Option(economy.Kind.PASS, seat)
    return _burn_for_discard_action(game, seat, [keep, burn] if copies[0] in s.controlled else [burn, keep])


def _counters_burn_in_predators_phase(game: Game, seat: int) -> None:
    """ "During your predator's discard phase, burn all the counters from this card"
    (``DiscardPhase.counters_burn_in_predators_phase``: Ruins of Charizel)."""
    prey = game.prey(seat)
    for c, d in _discard_phase_cards(game):
        if d.counters_burn_in_predators_phase and c in game.seats[prey].controlled:
            game.card_counters[c] = 0


def _infernal_trait(game: Game, m: Minion) -> bool:
    """A minion with the infernal trait: its spec has the pay-to-unlock ability (specs/vampires.py INFERNAL)."""
    modes = game.compiled.in_play.get((m.card, W.UNLOCK), ())
    return any(h.mode.label.startswith("infernal") for h in modes)


_INFERNAL_LOCKED = "infernal locked"


def _infernal_pool_cards(game: Game, seat: int) -> list[int]:
    return [c for c, u, m in _unlock_phase_cards(game, seat) if u.infernal_pool_to_card and m is None]


def _infernal_still_locked(game: Game, seat: int) -> None:
    """As the unlock phase's abilities open: the seat's infernal minions still locked (kept so by their trait), while
    it controls a card with ``UnlockPhase.infernal_pool_to_card`` (Ruins of Charizel)."""
    if not _infernal_pool_cards(game, seat):
        return
    for m in g.ready_minions(game, seat):
        if m.locked and _infernal_trait(game, m):
            game.used.add((_INFERNAL_LOCKED, m.id, game.turn))


def _infernal_pool_to_card(game: Game, seat: int) -> None:
    """The infernal minions unlocked since (by their trait: 1 pool each, LSJ 20050228-2): that pool goes on the card
    (``UnlockPhase.infernal_pool_to_card``: Ruins of Charizel)."""
    cards = _infernal_pool_cards(game, seat)
    if not cards:
        return
    paid = sum(
        1 for m in g.ready_minions(game, seat) if not m.locked and (_INFERNAL_LOCKED, m.id, game.turn) in game.used
    )
    if paid:
        game.card_counters[cards[0]] = counters_on(game, cards[0]) + paid
        game.log("add blood", seat, cards[0], paid)


def phase_data_hooks() -> None:
    """Register the hooks that read ``cards.DiscardPhase`` and ``UnlockPhase.infernal_pool_to_card``. The hooks of
    one moment run in the order they were registered, so ``specs/locations.py`` calls this once, where those cards'
    rules stood: a table's effects "as the discard phase starts" keep their order (The Coven passes to the predator,
    ``specs/master.py``, before Metro Underground unlocks a vampire), and the infernal minions still locked are noted
    once the unlock hooks before them have run."""
    hook("discard_phase", data=("discard_phase.unlock_for_pool",))(_discard_phase_unlock)
    hook("discard_phase", data=("discard_phase.burns_other_event",))(_discard_phase_burns_event)
    hook("discard_phase", data=("discard_phase.burned_for_pool_per_event",))(_discard_phase_burned_for_pool)
    hook("discard_phase", data=("discard_phase.burned_if_no_action",))(_discard_phase_burned_if_no_action)
    hook("unlock", data=("unlock_phase.infernal_pool_to_card",))(_infernal_still_locked)
    hook("unlock_end", data=("unlock_phase.infernal_pool_to_card",))(_infernal_pool_to_card)
    hook("discard_phase", data=("discard_phase.counters_burn_in_predators_phase",))(_counters_burn_in_predators_phase)


@hook("combat_start", data=("everyone.no_combat_ending_first_round",))
def _everyone_no_combat_ending(game: Game, c: Combat) -> None:
    """The first combat each turn between an acting vampire and the vampire blocking it (LSJ 20050215), while a card
    saying ``Everyone.no_combat_ending_first_round`` is on the table (NSA Trio): neither may end combat as a strike
    in its first round (game.strike_options reads the mark)."""
    act = c.action
    if act is None or not act.blocked or c.a.minion != act.actor or c.b.minion != act.blocker:
        return
    a, b = game.minions.get(c.a.minion), game.minions.get(c.b.minion)
    mark = ("no combat ending first round", game.turn)
    if a is None or b is None or a.kind != VAMPIRE or b.kind != VAMPIRE or mark in game.used:
        return
    given = game.compiled.everyone
    if not any(
        x not in game.minions and getattr(given.get(game.card_of[x]), "no_combat_ending_first_round", False)
        for s in game.order
        for x in game.seats[s].controlled
    ):
        return
    game.used.add(mark)
    c.a.used.add("no combat ends in round 1")
    c.b.used.add("no combat ends in round 1")


# --- words added for lang-master


_BLOOD_TO_ANOTHER = ("ready vampire", "younger uncontrolled of its clan")


def _younger_uncontrolled_of_clan(game: Game, donor: Minion) -> list[int]:
    """The younger (smaller capacity) vampires of the donor's clan in its controller's uncontrolled region, the one
    closest to coming out first."""
    seat = g.controller(game, donor.id)
    found = [
        game.minions[c]
        for c in game.seats[seat].uncontrolled
        if game.minions[c].clan == donor.clan and game.minions[c].capacity < donor.capacity
    ]
    return [m.id for m in sorted(found, key=lambda m: (m.blood - m.capacity, m.id), reverse=True)]


_CLOSED_REQUIRING = "no cards requiring:"


def _closed_requiring_allows(game: Game, act: Action, handler: Any, m: Minion) -> bool:
    """``NoMoreCardsThisAction(requiring=…)``: the cards of its types requiring those Disciplines, by another minion
    than the acting one; at level 2 (``opposing_in_combat``) any card requiring them by the opposing minion."""
    for flag, level in act.flags.items():
        if not flag.startswith(_CLOSED_REQUIRING):
            continue
        disciplines, types = flag[len(_CLOSED_REQUIRING) :].split(":")
        if set(disciplines.split(",")).isdisjoint(handler.mode.disciplines):
            continue
        if m.id != act.actor and not set(types.split(",")).isdisjoint(handler.types):
            return False
        c = g.current_combat(game)
        if (
            level == 2
            and c is not None
            and c.action is act
            and act.actor in (c.a.minion, c.b.minion)
            and m.id == c.other(act.actor).minion
        ):
            return False
    return True


_NEXT_ACTIONS_STEALTH = "stealth: the next actions this turn"


_CORRUPTION_USES = ("fail a block", "unlock after a successful bleed")


@dataclasses.dataclass(frozen=True, slots=True)
class BurnCorruptionTo:
    """ "You can burn N of your corruption counters from a minion to …", once this action, a mark on the action read
    by the vocabulary's hooks (each use taken whenever it can, by a fixed rule):

    - ``to="fail a block"``: "from a blocking minion to have their block attempt fail, and they cannot attempt to
      block this action again" (Enchanting Gaze [PRE][PRO]: 1), taken when a block would succeed ("blocked" hook);
    - ``to="unlock after a successful bleed"``: "if the bleed is successful, this vampire can burn N of your
      corruption counters from a minion controlled by the target Methuselah to unlock" (Revelation of the Serpent
      [PRE][PRO]: 2), not once the bleed ousted its target (ANK 20220210): the "after_resolution" hook."""

    amount: int
    to: str

    def __post_init__(self) -> None:
        if self.to not in _CORRUPTION_USES:
            raise ValueError(f"BurnCorruptionTo: to must be one of {_CORRUPTION_USES}, not {self.to!r}")

    def __call__(self, game: Game, play: Play) -> None:
        act = action_of(play)
        key = f"burn corruption to {self.to}"
        if act is not None and not act.flags.get(key):
            act.flags[key] = self.amount


@hook("blocked", effects=(BurnCorruptionTo,))
def _corruption_fails_block(game: Game, act: Action) -> None:
    """A block that would succeed by a minion holding enough of the acting Methuselah's corruption counters: burn
    them to have the attempt fail; the minion cannot attempt to block this action again. Once this action: the mark
    is used up (-1). Taken whenever it can (a block that succeeds is the one worth breaking)."""
    key = "burn corruption to fail a block"
    amount = act.flags.get(key, 0)
    if amount <= 0 or act.ended or not act.blocked or act.blocker < 0:
        return
    blocker = act.blocker
    if not burn_corruption(game, blocker, act.seat, amount):
        return
    act.flags[key] = -1
    act.blocked = False
    act.tried.add(blocker)
    act.cannot_block.add(blocker)
    act.blocker = -1
    act.intercept = 0
    game.log("block fails", g.controller(game, blocker), blocker)


@hook("after_resolution", effects=(BurnCorruptionTo,))
def _corruption_unlocks(game: Game, act: Action) -> None:
    """After a successful bleed (for 1 or more) that did not oust its target, burn the counters from a minion of
    the target Methuselah to unlock the acting vampire: taken whenever it can, from the minion holding the fewest
    (enough of them), so the counters nearest a theft are kept."""
    amount = act.flags.get("burn corruption to unlock after a successful bleed", 0)
    if amount <= 0 or not act.flags.get("successful_bleed"):
        return
    actor = game.minions.get(act.actor)
    if actor is None or not actor.locked or actor.torpor or act.target < 0 or game.seats[act.target].ousted:
        return
    held = [(corruption_on(game, m, act.seat), m) for m in game.seats[act.target].controlled]
    held = [(n, m) for n, m in held if n >= amount]
    if not held:
        return
    burn_corruption(game, min(held)[1], act.seat, amount)
    actor.locked = False
    game.log("unlock", act.seat, act.actor)


def _votes_passed_by(play: Play) -> int:
    """The votes by which the action's referendum passed (0 for one passing automatically: LSJ 19980107)."""
    act = action_of(play)
    return max(0, act.flags.get("votes_by", 0)) if act is not None else 0


@dataclasses.dataclass(frozen=True, slots=True)
class BloodPerVotePassedBy:
    """1 blood from the bank for each vote by which the referendum passed, after resolution of the player's
    political action:

    - by default to the acting vampire, X of them (``play.value``, from ``x_within_blood(…, within="votes passed
      by")``) to the player's pool instead (Voter Captivation: "this vampire gains 1 blood for each vote…; [PRE] move
      up to 2 of those blood to your pool instead"), logged under the card's name;
    - ``among_clan``: distributed among the player's pool and its ready vampires of that clan, 1 each at most
      (Amici Noctis: Lasombra), the pool first, ``pool_up_to`` at most (``pool_up_to_titled`` if the acting vampire
      is titled), then the vampires in table order with room for it, by that fixed rule."""

    among_clan: str = ""
    pool_up_to: int = 0
    pool_up_to_titled: int = 0

    def __call__(self, game: Game, play: Play) -> None:
        won = _votes_passed_by(play)
        if not self.among_clan:
            to_pool = min(play.value, won)
            if to_pool:
                economy.gain_pool(game, play.seat, to_pool)
            move_blood(game, play.minion, won - to_pool)
            game.log(game.compiled.specs[game.card_of[play.card]].name.lower(), play.seat, play.minion, won)
            return
        actor = game.minions.get(play.minion)
        if actor is None or not won:
            return
        to_pool = min(won, self.pool_up_to_titled if actor.title else self.pool_up_to)
        economy.gain_pool(game, play.seat, to_pool)
        game.log("gain pool", play.seat, to_pool)
        left = won - to_pool
        for m in ready_minions(game, play.seat):
            if left <= 0:
                break
            if m.kind == VAMPIRE and m.clan == self.among_clan and m.blood < m.capacity:
                move_blood(game, m.id, 1)
                game.log("add blood", play.seat, m.id, 1)
                left -= 1


_NOT_AGAIN = "not again this turn"


def _not_again_this_turn(game: Game) -> None:
    """Mark the card being cancelled (its card, and its card for its owner): ``CancelAsPlayed(not_again_this_turn)``.
    ``game.used`` is cleared as the next turn starts."""
    copy = game.cancelled if game.cancelled >= 0 else (game.aside[-2] if len(game.aside) > 1 else -1)
    if copy >= 0:
        game.used.add((_NOT_AGAIN, game.card_of[copy]))
        game.used.add((_NOT_AGAIN, game.card_of[copy], game.owner_of[copy]))


@hook("may_play", effects=(CancelAsPlayed,))
def _not_played_again(game: Game, handler: Any, m: Minion) -> bool:
    """A card cancelled by ``CancelAsPlayed(not_again_this_turn=True)`` is not played again this turn by its player
    (Dark Influences)."""
    if (_NOT_AGAIN, handler.card) not in game.used:
        return True
    return (_NOT_AGAIN, handler.card, controller(game, m.id)) not in game.used


_CANCEL_NEXT = ("redirects this bleed", "cancels another's minion card")


@dataclasses.dataclass(frozen=True, slots=True)
class CancelNextPlayed:
    """ "The next card that would … is canceled as it is played" (its cost is paid as for any cancel but where the
    card says not), read by the vocabulary's "cancel_as_played" hook before any Methuselah may cancel it:

    - ``that="redirects this bleed"``: a mark on this action, used up by the next card whose effects ``Redirect``
      it (Two Wrongs: "the next card that would change the target of this bleed");
    - ``that="cancels another's minion card"``: while the card is in play, the next card played in the "as played"
      window (not a wake) to cancel a minion card of another Methuselah than its player, its cost not paid, and
      this card is burned instead (Dark Influences: the first copy in play, in seat order)."""

    that: str

    def __post_init__(self) -> None:
        if self.that not in _CANCEL_NEXT:
            raise ValueError(f"CancelNextPlayed: that must be one of {_CANCEL_NEXT}, not {self.that!r}")

    def __call__(self, game: Game, play: Play) -> None:
        if self.that == "redirects this bleed":
            act = action_of(play)
            if act is not None:
                act.flags["cancel next: redirects this bleed"] = 1


_CANCELS_NEXT_CANCEL: dict[tuple[int, int], bool] = {}


def _cancels_next_cancel(game: Game, vekn_id: int) -> bool:
    """Whether the card's spec cancels the next cancel while in play (``CancelNextPlayed``), cached by card list."""
    key = (id(game.compiled), vekn_id)
    found = _CANCELS_NEXT_CANCEL.get(key)
    if found is None:
        spec = game.compiled.specs.get(vekn_id)
        found = _CANCELS_NEXT_CANCEL[key] = spec is not None and any(
            isinstance(e, CancelNextPlayed) and e.that == "cancels another's minion card"
            for mode in spec.modes
            for e in mode.effects
        )
        if len(_CANCELS_NEXT_CANCEL) > _IDS_BOUND:
            _CANCELS_NEXT_CANCEL.clear()
    return found


def _cards_cancelling_next_cancel(game: Game) -> list[int]:
    """The copies in play (on the table or on a minion, every seat in order) that cancel the next cancel."""
    out = []
    for s in game.order:
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is None:
                if _cancels_next_cancel(game, game.card_of[c]):
                    out.append(c)
            else:
                out.extend(a for a in m.cards if _cancels_next_cancel(game, game.card_of[a]))
    return out


@hook("cancel_as_played", effects=(CancelNextPlayed,))
def _cancelled_at_once(game: Game, copy: int, seat: int) -> bool:
    """The card being played (``copy``, by ``seat``) is cancelled at once by a ``CancelNextPlayed``."""
    mode = game.playing
    if mode is None:
        return False
    if mode.window is W.AS_PLAYED and mode.role is not Role.LOCKED_REACTING and len(game.aside) > 1:  # not a wake
        copies = _cards_cancelling_next_cancel(game)
        other = game.aside[-2]
        types = game.compiled.types.get(game.card_of[other], frozenset())
        if copies and game.owner_of[other] != seat and not {"Master", "Event"} & types:
            burn_card(game, copies[0])
            return True
    act = g.current_action(game)
    if (
        act is not None
        and act.flags.get("cancel next: redirects this bleed")
        and any(isinstance(e, Redirect) for e in mode.effects)
    ):
        act.flags.pop("cancel next: redirects this bleed")
        return True
    return False


def bleeding_you_by(who: str) -> Pred:
    """A minion is bleeding you, controlled by ``who``: "predator", your predator, with more than two Methuselahs left
    (My Enemy's Enemy); "not predator", a Methuselah other than your predator who has a prey other than itself ("a
    minion controlled by a Methuselah other than your predator is bleeding you": Two Wrongs)."""
    if who not in ("predator", "not predator"):
        raise ValueError(f"bleeding_you_by: who must be 'predator' or 'not predator', not {who!r}")

    def check(game: Game, play: Play) -> bool:
        act = action_of(play)
        if act is None or not bleeding_you(game, play):
            return False
        if who == "predator":
            return len(game.order) > 2 and act.seat == game.predator(play.seat)
        return act.seat != game.predator(play.seat) and game.prey(act.seat) != act.seat

    return check


def acting_methuselahs(which: str) -> Targets:
    """The acting Methuselah's ``which`` ("prey" or "predator", a seat), unless that is you: where a bleed is
    redirected ("that minion is now bleeding his or her prey": Two Wrongs; your predator's predator, by your
    predator's bleed: My Enemy's Enemy)."""
    if which not in ("prey", "predator"):
        raise ValueError(f"acting_methuselahs: which must be 'prey' or 'predator', not {which!r}")

    def targets(game: Game, play: Play) -> Sequence[int]:
        act = action_of(play)
        if act is None:
            return []
        seat = game.prey(act.seat) if which == "prey" else game.predator(act.seat)
        return [seat] if seat != play.seat else []

    return targets


def burned_after_successful_action(name: str, *, bleed: bool = False, by: Minions | None = None) -> None:
    """ "Burn this card after <a minion> performs a successful <action>": the "after_resolution" hook, in the card's
    spec's place. ``bleed``: a successful bleed (not one for 0: LSJ 20030701-1) by a minion of the player's, whose
    copies burn ("after a minion you control successfully bleeds, burn this card": Protected Resources); else any
    successful action by a minion ``by`` fits, of any Methuselah, burning every copy on the table ("after a Toreador
    performs a successful action": Loup)."""

    @hook("after_resolution", name)
    def burn(game: Game, act: Action) -> None:
        wanted = vekn(game, name)
        if bleed:
            if act.flags.get("successful_bleed"):
                for copy in [c for c in game.seats[act.seat].controlled if game.card_of[c] == wanted]:
                    g.burn_card(game, copy)
            return
        actor = game.minions.get(act.actor)
        if act.succeeded and actor is not None and (by is None or by.fits(game, actor)):
            for copy in [c for s in game.order for c in game.seats[s].controlled if game.card_of[c] == wanted]:
                g.burn_card(game, copy)


@hook("unlock", data=("burns_at",))
def _burns_at_end_of_turn(game: Game, seat: int) -> int:
    """ "Burn this card at the end of the turn" (``Spec.burns_at="end of turn"``: Loup): every Methuselah's copies on
    the table burn. Nothing happens between the end of a turn and the next unlock phase, so they burn there, with the
    unlock-phase burns."""
    specs = game.compiled.specs
    for s in game.order:
        for copy in [c for c in game.seats[s].controlled if c not in game.minions]:
            spec = specs.get(game.card_of[copy])
            if spec is not None and spec.burns_at == "end of turn":
                g.burn_card(game, copy)
    return 0


# --- words added for lang-leftovers


@hook("bleed", data=("modes.action_bleed",))
def _action_bleed(game: Game, act: Action) -> int:
    """The bleed a mode's ``ActionBleed`` changes for its own bleed action (Camera Phone, Codex of the Edenic
    Groundskeepers): read as the action is announced."""
    rule = act.mode.action_bleed if act.mode is not None else None
    if rule is None:
        return 0
    change = 0
    if rule.vs_no_ready_unlocked and act.target >= 0:
        if not any(not m.locked for m in g.ready_minions(game, act.target)):
            change += rule.vs_no_ready_unlocked
    m = game.minions.get(act.actor)
    comp = game.compiled
    if rule.equipment_adds_none and m is not None and comp is not None:
        for c in m.cards:
            b = comp.bearers.get(game.card_of[c])
            if b is not None and c not in game.minions and "Equipment" in comp.types.get(game.card_of[c], ()):
                change -= b.bleed
    return change


@hook("after_combat", effects=(PutAfterCombat,))
def _put_on_opposing_after_combat(game: Game, c: Combat) -> None:
    """``PutAfterCombat(opposing=True)``: the card goes on the opposing minion, unless it carries a copy already ("a
    minion can have only one"), and chooses the minion that played it (``game.chosen_minion``: the striking vampire
    Unholy Penance's ``Attached.bleed_for_chosen`` is for)."""
    for side, other in ((c.a, c.b), (c.b, c.a)):
        for mark in [u for u in side.used if u.startswith("combat:after:on opposing:")]:
            copy = int(mark.rsplit(":", 1)[1])
            m = game.minions.get(other.minion)
            heap = game.seats[game.owner_of[copy]].ash_heap
            kind = game.card_of[copy]
            if m is None or not m.in_play or copy not in heap or any(game.card_of[x] == kind for x in m.cards):
                continue
            heap.remove(copy)
            m.cards.append(copy)
            game.riders = [r for r in game.riders if not (r.holder == copy and r.key == g.CHOSEN_MINION)]
            g.add_rider(game, copy, g.CHOSEN_MINION, side.minion, Until.END_OF_GAME)
            game.log("move card", game.owner_of[copy], copy, m.id)


@hook("bleed", data=("attached.bleed_for_chosen",))
def _bleed_for_chosen(game: Game, act: Action) -> int:
    """``Attached.bleed_for_chosen``: the minion a card on a minion chose gets that much more bleed against the
    controller of the minion carrying it, per card (Unholy Penance)."""
    if not game.riders or act.target < 0 or game.compiled is None:
        return 0
    specs = game.compiled.specs
    bonus = 0
    for r in game.riders:
        if r.key != g.CHOSEN_MINION or r.value != act.actor:
            continue
        spec = specs.get(game.card_of[r.holder])
        if spec is None or spec.attached is None or not spec.attached.bleed_for_chosen:
            continue
        holder = next((m for m in game.minions.values() if r.holder in m.cards and m.in_play), None)
        if holder is not None and g.controller(game, holder.id) == act.target:
            bonus += spec.attached.bleed_for_chosen
    return bonus
