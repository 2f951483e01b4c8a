"""The frame stack: what is being resolved now (``Game.frames``). An action, its combat and a referendum
are frames; the turn is the game's own fields (phase, acting seat). A frame holds every temporary value that
lasts as long as it does, so those values expire with it (ENGINE.md's scoped riders): stealth, intercept and
the bleed amount last for the action (4.3.3, L1354-1356), range, strength bonuses and prevention for the
round or the combat (4.3.4). Effects that outlast a frame (this turn, until your next unlock phase) are
``Rider`` records on ``Game.riders`` with an expiry (``Until``).
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum, unique
from typing import TYPE_CHECKING

from .windows import Act, Range

if TYPE_CHECKING:
    from .cards import Mode


@unique  # two members with one value would be one member under two names (one rider expiring as another)
class Until(IntEnum):
    """When a rider expires."""

    END_OF_TURN = 1
    NEXT_UNLOCK = 2  # its seat's next unlock phase
    END_OF_GAME = 3
    AFTER_COMBAT = 4  # the end of the current combat ("do not replace until after combat": Dodge)
    END_OF_ACTION = 5  # the end of the action being resolved ("do not replace until after this action")


@dataclasses.dataclass(slots=True)
class Rider:
    """A temporary effect that outlasts its frame: ``key`` on ``holder`` (a minion id, or a seat's index for
    seat riders) worth ``value``, until ``until`` (for NEXT_UNLOCK: the unlock phase of seat ``seat``)."""

    holder: int
    key: str
    value: int
    until: Until
    seat: int = -1


@dataclasses.dataclass(slots=True, kw_only=True)
class Action:
    """An action being resolved (4.3.3). ``target`` is the Methuselah it is directed at (-1 undirected),
    ``target_minion`` a minion it aims at. ``stealth`` and ``intercept`` are the current values (the
    blocker's intercept while an attempt is in progress). ``bleed`` is the bleed amount; ``bleed_raised``
    notes a "(limit)" bleed increase (L947-951). ``declined`` holds the seats that declined to block since the
    target last changed (``target_version``)."""

    kind: Act
    seat: int
    actor: int
    card: int = -1  # the action card's copy id, set aside until resolution
    mode: Mode | None = None
    directed: bool = False
    target: int = -1
    target_minion: int = -1
    stealth: int = 0
    intercept: int = 0
    bleed: int = 1
    bleed_raised: bool = False
    blocker: int = -1
    blocked: bool = False
    succeeded: bool = False
    ended: bool = False  # an effect ended the action: no block result, no resolution (L1413-1416)
    cost_blood: int = 0  # paid on success (L1262-1270)
    cost_pool: int = 0
    declined: set[int] = dataclasses.field(default_factory=set)
    tried: set[int] = dataclasses.field(default_factory=set)  # minions whose block attempt failed
    cannot_block: set[int] = dataclasses.field(default_factory=set)
    woken: set[int] = dataclasses.field(default_factory=set)  # locked minions that may block and react
    target_version: int = 0
    played: list[int] = dataclasses.field(default_factory=list)  # cards played during it (name once each)
    reactions: int = 0  # reaction cards played (Perfectionist)
    # (minion, VEKN id) of each action modifier and reaction that resolved during it: a minion plays the same one
    # at most once per action, whatever the Discipline level (L485-489, L581-584); the audit checks it.
    once: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    disciplines: dict[int, set[str]] = dataclasses.field(default_factory=dict)  # minion → Disciplines it used
    flags: dict[str, int] = dataclasses.field(default_factory=dict)  # card-specific marks (Form of Mist…)

    def is_bleed(self) -> bool:
        return self.kind is Act.BLEED or (self.kind is Act.CARD and self.mode is not None and self.mode.bleeds)


@dataclasses.dataclass(slots=True, kw_only=True)
class Side:
    """One combatant's round: its strike(s), maneuvers, presses and bonuses (4.3.4)."""

    minion: int
    strength: int = 0  # a bonus to the hand strike this round
    combat_strength: int = 0  # a bonus for the whole combat (Torn Signpost), kept across rounds
    strike: object | None = None  # the chosen strike (cards.Strike) for the current pair
    extra_strikes: int = 0
    extra_source: bool = False  # at most one source of additional strikes a round ("(limit)")
    prevent: int = 0  # damage still to prevent this round (Rolling with the Punches superior: 99)
    prevent_all: bool = False
    prevent_strike: bool = False  # all damage from the opposing strike being resolved (Skin of Steel [for])
    maneuvers: int = 0  # optional maneuvers available (weapons, cards)
    presses: int = 0  # optional presses available this round
    combat_maneuvers: int = 0  # once-each-combat maneuvers (.44 Magnum)
    combat_presses: int = 0
    # A weapon's once-each-combat maneuver, counted in ``combat_maneuvers``: the granted strike (``game.grant``) it
    # commits the minion to when used (L1592-1597); ``committed``: this round's first strike must be that one.
    weapon_maneuver: int = 0
    committed: int = 0
    lost_blood: int = 0  # blood lost to damage this round (Taste of Vitae)
    inflicted: int = 0  # damage its strikes inflicted on the opposing minion this round, not environmental (Disarm)
    dodging: bool = False
    cannot_press: bool = False
    aim: int = 0  # +damage from an aim on the current strike, if it inflicts damage (Target Vitals)
    used: set[str] = dataclasses.field(default_factory=set)  # "one X each round/combat" marks


@dataclasses.dataclass(slots=True, kw_only=True)
class Combat:
    """A combat between two ready minions (4.3.4): ``a`` is the acting minion's side (it acts first at each
    step), ``b`` the opposing one. ``range`` is set per round; ``over`` once either stops being ready or an
    effect ends it; ``env_damage`` the environmental damage dealt to a side each round (Carrion Crows)."""

    a: Side
    b: Side
    action: Action | None = None
    round: int = 0
    range: Range = Range.CLOSE
    fixed_close: bool = False  # skip the range step of the next round (Immortal Grapple superior)
    hand_strikes_only: bool = False
    over: bool = False
    press: int = 0  # +1: a press to continue stands, -1: a press to end, 0: none
    last_maneuver: int = -1  # the minion that played the last maneuver (no two in a row)
    last_press: int = -1
    env_damage: dict[int, int] = dataclasses.field(default_factory=dict)  # minion id → damage each round
    env_close: dict[int, int] = dataclasses.field(default_factory=dict)  # … at close range only (Groaning Corpse)
    again: bool = False  # a combat queued (Psyche!)
    plays: int = 0  # cards played during this combat (Trap's counters reset on each)
    pending: list[int] = dataclasses.field(default_factory=lambda: [0, 0])  # damage being prevented: normal, agg
    victim: int = -1  # the minion the pending damage is to (Martyr's Resilience: prevented by a bystander)

    def side(self, minion: int) -> Side:
        return self.a if self.a.minion == minion else self.b

    def other(self, minion: int) -> Side:
        return self.b if self.a.minion == minion else self.a


@dataclasses.dataclass(slots=True, kw_only=True)
class Referendum:
    """A referendum (4.3.6): the calling seat, the terms (chosen after the action succeeded) and the votes."""

    seat: int
    caller: int  # the acting vampire (-1 for a blood hunt)
    card: int = -1
    mode: Mode | None = None
    terms: tuple[int, ...] = ()
    votes_for: int = 0
    votes_against: int = 0
    extra_votes: dict[int, int] = dataclasses.field(default_factory=dict)  # seat → votes from cards
    forced_against: set[int] = dataclasses.field(
        default_factory=set
    )  # seats forced to vote against (Protected District)
    cancelled: bool = False
    passed: bool = False
    blood_hunt: bool = False
    edge_burned: bool = False  # a Methuselah burned the Edge for a vote (Tyler McGill's +1 vote after it)
    voted_against: list[int] = dataclasses.field(default_factory=list)  # seats that voted against (Marcos Belegrad)
    votes_by_seat: dict[int, int] = dataclasses.field(default_factory=dict)  # seat → votes cast, + for, - against


@dataclasses.dataclass(slots=True)
class Ousting:
    """The W.OUSTING window (economy's OUST_WINDOW): the seats with no pool about to be ousted, in their order."""

    seats: list[int]
