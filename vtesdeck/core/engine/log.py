"""A game's events as the readable log a VTES player would tell, and one decision option as a phrase.

Only called when a log is asked for (``simulate_games --log``, ``replay_game``, scenarios): the engine's hot
path appends bare tuples ``(kind, seat, *ids_and_numbers)`` (``Game.log``) and never formats anything.

The events' shapes (every ``game.log`` call of the engine): ids are card copy ids (names from
``cards[game.card_of[id]]``), seats are indices (``Seat 2 (deck name)``, numbered from 0 as in the games JSON;
a page numbering seats from 1, as its reports do, asks ``segments(…, first_seat=1)``).
An event kind this module does not know (a new spec's) renders generically, never as a crash.

Targets. A card's target (``play`` events, ``Option.target``) is a seat or a card copy id in one number space:
a number below the seat count is read as a seat unless it is a copy in play as a minion or card on the table
(copies below the seat count are the first library cards of seat 0, rarely in play).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from ..carddb import CardIndex
from .economy import Kind, Option, winner
from .state import Game
from .windows import Act, Range

Event = tuple[object, ...]


class _Names:
    """Seat and card names of one game."""

    def __init__(self, game: Game, cards: CardIndex, first_seat: int = 0) -> None:
        self.game = game
        self.cards = cards
        self.first_seat = first_seat  # the number seat 0 is called by

    def seat(self, index: object) -> str:
        if not isinstance(index, int) or not 0 <= index < len(self.game.seats):
            return f"Seat {index}"
        name = self.game.seats[index].name
        return f"{self.short(index)} ({name})" if name else self.short(index)

    def short(self, index: object) -> str:
        return f"Seat {index + self.first_seat}" if isinstance(index, int) else f"Seat {index}"

    def card(self, copy_id: object) -> str:
        if not isinstance(copy_id, int) or not 0 <= copy_id < len(self.game.card_of):
            return f"card {copy_id}"
        vekn = self.game.card_of[copy_id]
        return self.cards[vekn].name if vekn in self.cards else f"card {vekn}"

    def target(self, target: object) -> str:
        """A seat or a card copy (see the module's note on targets)."""
        if not isinstance(target, int) or target < 0:
            return ""
        game = self.game
        in_play = target in game.minions or any(target in s.controlled for s in game.seats)
        if target < len(game.seats) and not in_play:
            return self.short(target)
        return self.card(target)

    def level(self, copy_id: object, mode: object) -> str:
        """The discipline level of a card's mode ("[dom]", "[DOM]"), or its label, when the specs say."""
        comp = self.game.compiled
        if comp is None or not isinstance(copy_id, int) or not isinstance(mode, int) or mode < 0:
            return ""
        if not 0 <= copy_id < len(self.game.card_of):
            return ""
        vekn = self.game.card_of[copy_id]
        spec = comp.specs.get(vekn) or comp.vampires.get(vekn)
        if spec is None or mode >= len(spec.modes):
            return ""
        m = spec.modes[mode]
        return m.level or (f"({m.label})" if m.label else "")


def _plural(n: object, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) else default


def _fields(e: Event, need: int, total: int) -> tuple[object, ...]:
    """The event's first ``total`` values, None for missing optional ones; too few for the kind: IndexError
    (the generic rendering)."""
    if len(e) < need:
        raise IndexError(f"{e[0] if e else '?'} needs {need} values")
    return (*e, *(None,) * total)[:total]


# -- one event -----------------------------------------------------------------------------------------------------


def _action(n: _Names, e: Event) -> str:
    _, seat, actor, kind, card, target, target_minion = _fields(e, 4, 7)
    who = n.card(actor)
    try:
        act = Act(_int(kind))
    except ValueError:
        act = None
    card_name = n.card(card) if isinstance(card, int) and card >= 0 else ""
    seat_target = n.short(target) if isinstance(target, int) and target >= 0 else ""
    minion_target = n.card(target_minion) if isinstance(target_minion, int) and target_minion >= 0 else ""
    if act is Act.BLEED:
        return f"{who} announces a bleed on {seat_target}"
    if act is Act.HUNT:
        return f"{who} hunts"
    if act is Act.LEAVE_TORPOR:
        return f"{who} tries to leave torpor"
    if act is Act.RESCUE:
        return f"{who} tries to rescue {minion_target} from torpor"
    if act is Act.DIABLERIE:
        return f"{who} tries to diablerize {minion_target}"
    if act is Act.EQUIP:
        return f"{who} equips with {card_name}"
    if act is Act.EMPLOY:
        return f"{who} employs {card_name}"
    if act is Act.RECRUIT:
        return f"{who} recruits {card_name}"
    aim = minion_target or seat_target
    aim = f" → {aim}" if aim else ""
    if act is Act.BECOME_ANARCH:
        return f"{who} tries to become Anarch"
    if act is Act.BURN_CARD:
        return f"{who} tries to burn {minion_target}"
    if act is Act.STEAL_CARD:
        return f"{who} tries to steal {minion_target}"
    if act is Act.POLITICAL:
        if not card_name and minion_target:
            return f"{who} calls a referendum to burn {minion_target}"
        return f"{who} calls {card_name}{aim}"
    return f"{who} takes the action {card_name or 'of a card'}{aim}"


def _play(n: _Names, e: Event) -> str:
    _, seat, card, mode, minion, target = _fields(e, 3, 6)
    level = n.level(card, mode)
    by = f" ({n.card(minion)})" if isinstance(minion, int) and minion >= 0 else ""
    aim = n.target(target)
    aim = f" → {aim}" if aim else ""
    if isinstance(card, int) and 0 <= card < len(n.game.card_of) and n.game.card_of[card] in n.cards:
        if n.cards[n.game.card_of[card]].is_crypt:
            return f"{n.short(seat)} uses {n.card(card)}'s ability{(' ' + level) if level else ''}{aim}"
    return f"{n.short(seat)} plays {n.card(card)}{(' ' + level) if level else ''}{by}{aim}"


def _bleed(n: _Names, e: Event) -> str:
    _, seat, actor, target, burned, after = _fields(e, 5, 6)
    pool = f" (pool {_int(after) + _int(burned)} → {after})" if isinstance(after, int) else ""
    return f"{n.card(actor)} bleeds {n.short(target)} for {burned}{pool}"


def _damage(n: _Names, e: Event) -> str:
    if len(e) >= 5:
        normal, agg = _int(e[3]), _int(e[4])
        total = normal + agg
        return f"{n.card(e[2])} takes {total} damage" + (f" ({agg} aggravated)" if agg else "")
    return f"{n.card(e[2])} takes {e[3] if len(e) > 3 else '?'} damage"


def _transfer(n: _Names, e: Event) -> str:
    amount = _int(e[3]) if len(e) > 3 else 0
    if amount >= 0:
        return f"{n.short(e[1])} transfers {amount} pool onto {n.card(e[2])}"
    return f"{n.short(e[1])} moves {-amount} blood from {n.card(e[2])} back to the pool"


def _vote(n: _Names, e: Event) -> str:
    value = _int(e[2]) if len(e) > 2 else 0
    side = "for" if value > 0 else "against" if value < 0 else "abstains"
    votes = _plural(e[3], "vote") if len(e) > 3 else "its votes"
    return f"{n.short(e[1])} votes {side} with {votes}"


def _referendum(n: _Names, e: Event) -> str:
    _, seat, votes_for, against, passed = _fields(e, 5, 5)
    return f"The referendum {'passes' if passed else 'fails'} {votes_for}–{against}"


_Render = Callable[[_Names, Event], str]

RENDER: dict[str, _Render] = {
    "turn": lambda n, e: f"Turn {e[2]} — {n.seat(e[1])}",
    "edge pool": lambda n, e: f"{n.short(e[1])} gains 1 pool from the Edge",
    "draw": lambda n, e: f"{n.short(e[1])} draws {_plural(e[2], 'card')}",
    "crypt draw": lambda n, e: f"{n.short(e[1])} draws {n.card(e[2])} from the crypt",
    "transfer": _transfer,
    "bring out": lambda n, e: f"{n.short(e[1])} brings out {n.card(e[2])}",
    "contested": lambda n, e: f"{n.card(e[2])} of {n.short(e[1])} is contested: face down, out of play",
    "contest": lambda n, e: f"{n.short(e[1])} pays 1 pool to keep contesting {n.card(e[2])}",
    "yield": lambda n, e: f"{n.short(e[1])} yields {n.card(e[2])}: it is burned",
    "uncontested": lambda n, e: f"{n.card(e[2])} of {n.short(e[1])} is no longer contested",
    "discard": lambda n, e: f"{n.short(e[1])} discards {n.card(e[2])}",
    "become anarch": lambda n, e: f"{n.card(e[2])} becomes Anarch",
    "sect sabbat": lambda n, e: f"{n.card(e[2])} becomes Sabbat",
    "sect camarilla": lambda n, e: f"{n.card(e[2])} becomes Camarilla",
    "title contest": lambda n, e: f"{n.card(e[2])} {e[3]} (a contested title)",
    "discard down": lambda n, e: f"{n.short(e[1])} discards {n.card(e[2])} down to hand size",
    "action": _action,
    "block attempt": lambda n, e: f"{n.card(e[2])} tries to block {n.card(e[3])}",
    "block fails": lambda n, e: f"{n.card(e[2])} fails to block",
    "blocked": lambda n, e: f"{n.card(e[3])} blocks {n.card(e[2])}",
    "bleed": _bleed,
    "edge": lambda n, e: f"{n.short(e[1])} takes the Edge",
    "hunt": lambda n, e: f"{n.card(e[2])} gains {e[3]} blood",
    "leave torpor": lambda n, e: f"{n.card(e[2])} leaves torpor",
    "rescue": lambda n, e: f"{n.card(e[2])} rescues {n.card(e[3])} from torpor",
    "diablerie": lambda n, e: f"{n.card(e[2])} diablerizes {n.card(e[3])}",
    "play": _play,
    "combat": lambda n, e: f"{n.card(e[2])} and {n.card(e[3])} enter combat",
    "maneuver": lambda n, e: f"{n.card(e[2])} maneuvers to {'long' if e[3] == Range.LONG else 'close'} range",
    "range set": lambda n, e: f"{n.card(e[2])} sets the range: {'long' if e[3] == Range.LONG else 'close'}",
    "new round": lambda n, e: f"{n.card(e[2])} starts a new round of combat",
    "open hand": lambda n, e: f"{n.short(e[2])} plays with an open hand this combat",
    "look at hand": lambda n, e: f"{n.short(e[1])} looks at {n.short(e[2])}'s hand",
    "press": lambda n, e: f"{n.card(e[2])} presses",
    "strike": lambda n, e: f"{n.card(e[2])} strikes: {e[3]}",
    "combat ends": lambda n, e: f"{n.card(e[2])} ends the combat",
    "steal blood": lambda n, e: f"{n.card(e[2])} steals {e[4]} blood from {n.card(e[3])}",
    "damage": _damage,
    "prevent": lambda n, e: f"{n.card(e[3])} prevents damage to {n.card(e[2])}",
    "torpor": lambda n, e: f"{n.card(e[2])} goes to torpor",
    "burn": lambda n, e: f"{n.card(e[2])} is burned",
    "remove from the game": lambda n, e: f"{n.short(e[1])} removes {n.card(e[2])} from the game",
    "vote": _vote,
    "abstain": lambda n, e: f"{n.short(e[1])} forces {n.card(e[2])} to abstain",
    "referendum": _referendum,
    "referendum cancelled": lambda n, e: f"{n.short(e[1])} cancels the referendum",
    "pool burned by referendum": lambda n, e: "The Methuselahs burn pool as the referendum says",
    "pool changed by referendum": lambda n, e: (
        f"{n.short(e[1])} {'gains' if _int(e[2]) > 0 else 'burns'} {abs(_int(e[2]))} pool as the referendum says"
    ),
    "pool moved by referendum": lambda n, e: f"{n.short(e[2])} gives {e[3]} pool to {n.short(e[1])}",
    "burn blood": lambda n, e: f"{n.card(e[2])} burns {e[3]} blood",
    "end combat": lambda n, e: f"{n.short(e[1])} ends the combat with {n.card(e[2])}",
    "exchange": lambda n, e: f"{n.short(e[1])} exchanges {n.card(e[2])} for {n.card(e[3])} from the ash heap",
    "smiling jack blood": lambda n, e: f"Smiling Jack: {n.short(e[1])} burns {e[3]} blood from {n.card(e[2])}",
    "smiling jack counter": lambda n, e: f"{n.short(e[1])} moves 1 pool onto {n.card(e[2])}",
    "smiling jack pool": lambda n, e: f"Smiling Jack: {n.short(e[1])} burns {e[2]} pool",
    "wash": lambda n, e: f"{n.short(e[1])} cancels {n.card(e[2])} with Wash",
    # masters_a's master cards
    "becomes anarch": lambda n, e: f"{n.card(e[2])} becomes Anarch",
    "blind spot": lambda n, e: f"{n.card(e[3])} cannot block {n.card(e[2])} nor play reactions while it acts",
    "burn counter": lambda n, e: f"{n.short(e[1])} burns {_plural(e[3], 'counter')} from {n.card(e[2])}",
    "contract": lambda n, e: f"{n.short(e[1])} puts a contract on {n.card(e[3])} for {n.card(e[2])}",
    "kaymakli nightmares": lambda n, e: f"{n.short(e[1])} reshuffles {_plural(e[2], 'uncontrolled vampire')}",
    "move card": lambda n, e: f"{n.short(e[1])} moves {n.card(e[2])} to {n.card(e[3])}",
    "move counter": lambda n, e: f"{n.short(e[1])} moves a counter from {n.card(e[2])} to {n.card(e[3])}",
    "referendum fails": lambda n, e: f"{n.short(e[1])} makes the referendum fail",
    "reorder library": lambda n, e: f"{n.short(e[1])} reorders the top {_plural(e[2], 'card')} of the library",
    "actor burned": lambda n, e: f"{n.card(e[2])}, the acting minion, is burned: the action fails",
    "ashur tablets": lambda n, e: f"{n.short(e[1])} removes the Ashur Tablets: 3 pool and {_plural(e[2], 'card')} back",
    "banish": lambda n, e: f"{n.card(e[2])} is banished to the uncontrolled region",
    "burn card": lambda n, e: f"{n.card(e[2])} is burned",
    "life boon": lambda n, e: f"{n.short(e[1])} gives {e[3]} pool to {n.short(e[2])} with Life Boon",
    "vp taken": lambda n, e: f"{n.short(e[1])} takes the victory point {n.short(e[2])} gains, by {n.card(e[3])}",
    "steal": lambda n, e: f"{n.short(e[1])} steals {n.card(e[2])} from {n.short(e[3])}",
    "fbi": lambda n, e: f"FBI Special Affairs Division: {n.card(e[2])} takes 2 unpreventable damage",
    "takes control": lambda n, e: f"{n.short(e[1])} takes control of {n.card(e[2])} from {n.short(e[3])}",
    "reveal crypt": lambda n, e: f"{n.short(e[1])} reveals {n.card(e[2])} and puts it at the bottom of the crypt",
    "move blood": lambda n, e: f"{n.short(e[1])} moves {e[4]} blood from {n.card(e[2])} to {n.card(e[3])}",
    "gain transfer": lambda n, e: f"{n.short(e[1])} gets +{e[2]} transfer",
    "discipline": lambda n, e: f"{n.card(e[2])} gets +1 level of {e[3]} (now {e[4]}) and +1 capacity",
    "discard phase burn": lambda n, e: f"{n.short(e[1])} burns {e[2]} pool in the discard phase",
    "cancel": lambda n, e: f"{n.short(e[1])} cancels {n.card(e[2])} as it is played",
    "combat queued": lambda n, e: f"{n.card(e[2])} queues another combat",
    "continue unblocked": lambda n, e: f"{n.card(e[2])} continues the action as if unblocked",
    "cycle": lambda n, e: f"{n.short(e[1])} cycles {_plural(e[3], 'card')} with {n.card(e[2])}",
    "embrace": lambda n, e: f"{n.card(e[2])} embraces a new vampire ({n.card(e[3])})",
    "fame": lambda n, e: f"Fame: {n.short(e[1])} burns pool for {n.card(e[2])} in torpor",
    "lock": lambda n, e: f"{n.card(e[2])} is locked",
    "discipline card": lambda n, e: f"{n.short(e[1])} puts {n.card(e[3])} on {n.card(e[2])}",
    "burn pool": lambda n, e: f"{n.short(e[1])} burns {e[2]} pool",
    "torture counter": lambda n, e: f"{n.short(e[1])} puts a torture counter on {n.card(e[2])}",  # Path of Lilith
    "clan": lambda n, e: f"{n.card(e[2])} is now of clan {e[3]}",  # Clan Impersonation
    "hackerspace counters": lambda n, e: f"{n.short(e[1])} takes {_plural(e[3], 'counter')} from {n.card(e[2])}",
    "pool to card": lambda n, e: f"{n.short(e[1])} moves {e[3]} pool onto {n.card(e[2])}",
    "edge burned": lambda n, e: f"{n.short(e[1])} burns the Edge",
    "pool to blood": lambda n, e: f"{n.short(e[1])} moves {e[3]} pool onto {n.card(e[2])}",
    "remove from game": lambda n, e: f"{n.short(e[1])} removes {n.card(e[2])} from the game",
    "ash heap to card": lambda n, e: f"{n.short(e[1])} moves {n.card(e[2])} from an ash heap onto {n.card(e[3])}",
    "burn counters": lambda n, e: f"{n.short(e[1])} burns {_plural(e[3], 'counter')} from {n.card(e[2])}",
    "library to card": lambda n, e: f"{n.short(e[1])} moves the top of the library onto {n.card(e[2])}",
    "draw from card": lambda n, e: f"{n.short(e[1])} draws a card from {n.card(e[2])} instead of the library",
    "burn held": lambda n, e: f"the {_plural(e[3], 'card')} on {n.card(e[2])} burn",
    "cards to card": lambda n, e: f"{n.short(e[1])} puts {_plural(e[3], 'card')} from the hand on {n.card(e[2])}",
    "search": lambda n, e: f"{n.short(e[1])} searches the library for {n.card(e[2])}",
    "reveal": lambda n, e: f"{n.short(e[1])} reveals {n.card(e[2])} from the top of the library",
    "die roll": lambda n, e: f"{n.short(e[1])} rolls {e[3]} for {n.card(e[2])}",
    "spying mission": lambda n, e: f"{n.card(e[2])} puts Spying Mission on itself instead of bleeding {n.short(e[3])}",
    "steal pool": lambda n, e: f"{n.short(e[1])} steals {e[3]} pool from {n.short(e[2])}",
    "unlock burn": lambda n, e: f"{n.short(e[1])} burns {e[2]} pool in the unlock phase",
    "voter captivation": lambda n, e: f"{n.card(e[2])} gains {e[3]} from Voter Captivation",
    "corruption": lambda n, e: f"{n.short(e[1])} puts {_plural(e[3], 'corruption counter')} on {n.card(e[2])}",
    "burn corruption": lambda n, e: f"{n.short(e[1])} burns {_plural(e[3], 'corruption counter')} from {n.card(e[2])}",
    "attempt costs blood": lambda n, e: f"{n.card(e[2])} burns {e[3]} blood to attempt to block",
    "combat cancelled": lambda n, e: f"{n.card(e[2])} is blocked, and cancels the combat",
    "lock card": lambda n, e: f"{n.short(e[1])} locks {n.card(e[2])} to take an action",
    "into thin air": lambda n, e: f"{n.card(e[2])} burns 1 blood: {n.card(e[3])} gets -1 intercept (Into Thin Air)",
    "forced awakening": lambda n, e: f"{n.card(e[2])} did not block and burns 1 blood (Forced Awakening)",
    "blood for intercept": lambda n, e: f"{n.card(e[2])} burns 1 blood for +1 intercept",
    "redirect": lambda n, e: f"{n.short(e[1])} redirects {n.card(e[2])}'s bleed to {n.short(e[3])}",
    "unlock": lambda n, e: f"{n.card(e[2])} unlocks",
    "action ends": lambda n, e: f"{n.short(e[1])} ends {n.card(e[2])}'s action",
    "add blood": lambda n, e: f"{n.short(e[1])} adds {e[3]} blood to {n.card(e[2])}",
    "distribute blood": lambda n, e: f"{n.card(e[2])} moves {e[3]} blood to uncontrolled vampires",
    "prey burns pool": lambda n, e: f"{n.short(e[2])}, prey of {n.short(e[1])}, burns {e[3]} pool",
    "gain pool": lambda n, e: f"{n.short(e[1])} gains {e[2]} pool",
    "burn edge": lambda n, e: f"{n.short(e[1])} burns the Edge",
    "no camarilla votes": lambda n, e: f"{n.card(e[2])} burns 1 blood: Camarilla vampires cannot vote",
    "hand size": lambda n, e: f"{n.short(e[1])} gets +{e[2]} hand size until the end of the game",
    "mill": lambda n, e: f"{n.short(e[1])} burns the top {_plural(e[2], 'card')} of the library",
    "ash heap to library": lambda n, e: f"{n.short(e[1])} puts {n.card(e[2])} back in the library",
    "ash heap to hand": lambda n, e: f"{n.short(e[1])} moves {n.card(e[2])} from the ash heap to the hand",
    "ash heap to uncontrolled": lambda n, e: f"{n.short(e[1])} moves {n.card(e[2])} to the uncontrolled region",
    "counter": lambda n, e: f"{n.short(e[1])} puts a counter on {n.card(e[2])}",
    "retainer damage": lambda n, e: f"{n.card(e[2])}'s retainer inflicts {e[3]} damage",
    "blood to pool": lambda n, e: f"{n.short(e[1])} moves {e[3]} blood from {n.card(e[2])} to the pool",
    "equip": lambda n, e: f"{n.card(e[2])} takes {n.card(e[3])}",
    "employ": lambda n, e: f"{n.card(e[2])} employs {n.card(e[3])}",
    "recruit": lambda n, e: f"{n.short(e[1])} recruits {n.card(e[3])}",
    "time": lambda n, e: "Time is called: " + ", ".join(n.short(s) for s in e[1:]) + " get ½ VP each",
    "last standing": lambda n, e: f"{n.short(e[1])} is the last Methuselah standing (+1 VP)",
    # In ``lines`` an oust also says whether the predator gained 6 pool (not if ousted at the same moment).
    "oust": lambda n, e: f"{n.short(e[1])} is ousted; {n.short(e[2])} gains 1 VP",
    "no transfers": lambda n, e: f"{n.short(e[1])} chooses to lose the transfers of its next influence phase",
    # --- political group
    "title": lambda n, e: f"{n.card(e[2])} gets a title",
    "title lost": lambda n, e: f"{n.card(e[2])} loses its title",
    "expelled": lambda n, e: f"{n.card(e[2])} cannot play reactions, block or vote this turn",
    "skip turn": lambda n, e: f"{n.short(e[1])} skips the turn",
    "shuffle back": lambda n, e: f"{n.short(e[1])} shuffles {_plural(e[2], 'card')} from the ash heap into the library",
    # cov_a
    "great beast": lambda n, e: f"{n.card(e[2])} becomes a vampire: the Great Beast rises",
    "beast disciplines": lambda n, e: f"{n.card(e[2])} chooses {e[3]} at the superior level",
}
QUIET = frozenset({"draw"})  # rendered on request, left out of the told log (a player does not say them)


def generic(n: _Names, e: Event) -> str:
    """An event no renderer knows: its kind and its values, readable enough to debug."""
    parts = [n.short(e[1])] if len(e) > 1 else []
    parts += [str(v) for v in e[2:]]
    return f"{e[0] if e else '?'}: {', '.join(parts)}" if parts else str(e[0] if e else "?")


def render_event(game: Game, cards: CardIndex, event: Event) -> str:
    """One event as a sentence; generic for a kind without a renderer or with unexpected values."""
    n = _Names(game, cards)
    return _render(n, event)


def _render(n: _Names, event: Event) -> str:
    kind = event[0] if event else None
    render = RENDER.get(kind) if isinstance(kind, str) else None
    if render is not None:
        try:
            return render(n, event)
        except (IndexError, TypeError, ValueError, KeyError):
            pass
    return generic(n, event)


# -- the whole log ---------------------------------------------------------------------------------------------------


def _merged(events: Iterable[Event]) -> list[Event]:
    """Runs of one seat's transfers onto one vampire become one event with their sum (a player says "3 pool
    onto Anson", not three times 1)."""
    out: list[Event] = []
    for e in events:
        if e and e[0] == "transfer" and len(e) == 4 and out:
            last = out[-1]
            same = last[0] == "transfer" and len(last) == 4 and last[1:3] == e[1:3]
            if same and isinstance(last[3], int) and isinstance(e[3], int) and (last[3] > 0) == (e[3] > 0):
                out[-1] = (*last[:3], last[3] + e[3])
                continue
        out.append(e)
    return out


def lines(game: Game, cards: CardIndex, events: Sequence[Event] | None = None, *, first_seat: int = 0) -> list[str]:
    """The log, one line per told event: "Set-up" and "Turn t — Seat s (deck)" headers, the events indented
    below them, a bleed's "takes the Edge" on the bleed's line, and the result at the end. ``first_seat``: the
    number seat 0 is called by."""
    return _lines(_Names(game, cards, first_seat), game, events)


def _lines(n: _Names, game: Game, events: Sequence[Event] | None) -> list[str]:
    events = _merged(game.events or () if events is None else events)
    out = ["Set-up"]
    ousting: set[object] = set()
    for i, e in enumerate(events):
        kind = e[0] if e else None
        if kind == "turn":
            out.append(_render(n, e))
            continue
        if kind in QUIET:
            continue
        if kind == "oust" and len(e) >= 3:
            if i == 0 or events[i - 1][:1] != ("oust",):
                ousting = {x[1] for x in _oust_run(events, i)}
            gain = "1 VP" if e[2] in ousting else "1 VP and 6 pool"
            out.append(f"  {n.short(e[1])} is ousted; {n.short(e[2])} gains {gain}")
            continue
        text = _render(n, e)
        if kind == "edge" and i > 0 and events[i - 1][:1] == ("bleed",) and out:
            out[-1] += f"; {text}"
            continue
        out.append(f"  {text}")
    out.append(result_line(game, n))
    return out


# -- the log as segments (a page links the card names) --------------------------------------------------------------

Segment = tuple[str, int | None]  # (text, the VEKN id it names, or None for plain text)

# Private-use characters around a card name while a line is built: "\ue000<vekn>\ue001<name>\ue002". No card name
# holds them, and they are taken out of the deck names a line prints, so splitting on them is exact.
_OPEN, _MID, _CLOSE = "\ue000", "\ue001", "\ue002"
_MARKED = re.compile(f"{_OPEN}(\\d+){_MID}(.*?){_CLOSE}", re.S)


class _MarkedNames(_Names):
    """Names as ``_Names`` says them, each card's wrapped with its VEKN id (see ``_OPEN``)."""

    def seat(self, index: object) -> str:
        return _unmarked(super().seat(index))

    def card(self, copy_id: object) -> str:
        name = super().card(copy_id)
        if not isinstance(copy_id, int) or not 0 <= copy_id < len(self.game.card_of):
            return name
        vekn = self.game.card_of[copy_id]
        return f"{_OPEN}{vekn}{_MID}{_unmarked(name)}{_CLOSE}" if vekn in self.cards else name


def _unmarked(text: str) -> str:
    return text.replace(_OPEN, "").replace(_MID, "").replace(_CLOSE, "")


def segments(
    game: Game, cards: CardIndex, events: Sequence[Event] | None = None, *, first_seat: int = 0
) -> list[list[Segment]]:
    """``lines`` with each line cut into segments, so that a page can link each card name to its card:
    ``"".join(text for text, _ in line)`` is the line ``lines`` gives; a card's name is a segment of its own
    with its VEKN id, the rest plain text (None). ``first_seat``: the number seat 0 is called by."""
    return [_split(line) for line in _lines(_MarkedNames(game, cards, first_seat), game, events)]


def _split(line: str) -> list[Segment]:
    out: list[Segment] = []
    at = 0
    for match in _MARKED.finditer(line):
        if match.start() > at:
            out.append((line[at : match.start()], None))
        out.append((match.group(2), int(match.group(1))))
        at = match.end()
    if at < len(line):
        out.append((line[at:], None))
    return out


def _oust_run(events: Sequence[Event], start: int) -> list[Event]:
    run = []
    for e in events[start:]:
        if e[:1] != ("oust",) or len(e) < 3:
            break
        run.append(e)
    return run


def result_line(game: Game, n: _Names) -> str:
    vp = ", ".join(f"{n.short(s.index)} {s.vp:g}" for s in game.seats)
    best = winner(game) if game.seats else None
    won = f"; {n.seat(best)} wins" if best is not None else "; no game win"
    return f"Result after round {game.round}: VP {vp}{won}"


def render(game: Game, cards: CardIndex) -> str:
    """The readable log of a game played with ``log=True``."""
    return "\n".join(lines(game, cards))


# -- one decision option ---------------------------------------------------------------------------------------------


def describe(game: Game, option: Option, cards: CardIndex | None = None) -> str:
    """One decision option as a short phrase ("bleed with Anson → Seat 2", "play Govern the Unaligned [dom]
    (Anson) → Seat 2", "block with Lucinde", "pass")."""
    index = cards if cards is not None else (game.compiled.cards if game.compiled is not None else None)
    if index is None:
        return f"{option.kind.name.lower()} {option}"
    n = _Names(game, index)
    kind = option.kind
    first = option.ids[0] if option.ids else -1
    minion = n.card(option.minion) if option.minion >= 0 else ""
    if kind is Kind.PASS:
        return "pass"
    if kind is Kind.TRANSFER_TO_VAMPIRE:
        return f"transfer 1 pool onto {n.card(first)}"
    if kind is Kind.TRANSFER_TO_POOL:
        return f"move 1 blood from {n.card(first)} to the pool"
    if kind is Kind.CRYPT_DRAW:
        return "draw a crypt card (4 transfers and 1 pool)"
    if kind is Kind.BRING_OUT:
        return f"bring out {n.card(first)}"
    if kind is Kind.DISCARD:
        return f"discard {n.card(first)}"
    if kind is Kind.ACTION:
        act = Act(option.value) if option.value in Act._value2member_map_ else None
        if act is Act.BLEED:
            return f"bleed with {minion} → {n.short(option.target)}"
        if act is Act.HUNT:
            return f"hunt with {minion}"
        if act is Act.LEAVE_TORPOR:
            return f"leave torpor with {minion}"
        if act is Act.RESCUE:
            return f"rescue {n.card(option.target)} with {minion}"
        if act is Act.DIABLERIE:
            return f"diablerize {n.card(option.target)} with {minion}"
        return f"action {option.value} with {minion}"
    if kind is Kind.PLAY:
        level = n.level(option.card, option.mode)
        by = f" ({minion})" if minion else ""
        aim = n.target(option.target)
        amount = f" X={option.value}" if option.value else ""
        verb = "use" if option.ids == (1,) else "play"
        return f"{verb} {n.card(option.card)}{(' ' + level) if level else ''}{by}{amount}" + (
            f" → {aim}" if aim else ""
        )
    if kind is Kind.BLOCK:
        return f"block with {minion}"
    if kind is Kind.STRIKE:
        if option.card >= 0:
            return f"strike with {n.card(option.card)} ({minion})"
        if option.value:
            from .game import GRANTED

            granted = GRANTED.get(option.value)
            label = granted.label if granted is not None and granted.label else "a granted strike"
            return f"strike: {label} ({minion})"
        return f"hand strike ({minion})"
    if kind is Kind.VOTE:
        side = {1: "vote for", -1: "vote against"}.get(option.value, "abstain")
        return side + (" (+1 vote: the Edge or a political card)" if option.target == 1 and option.value else "")
    if kind is Kind.TERMS:
        return f"terms: {n.target(option.target) or option.target}"
    if kind is Kind.MANEUVER:
        return f"maneuver ({minion})"
    if kind is Kind.PRESS:
        return f"press ({minion})"
    return f"{kind.name.lower()} {option}"
