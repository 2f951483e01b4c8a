"""Rules scenarios: a table set up by hand, scripted choices, and what must be true afterwards
(``engine_scenario``; the format is documented here).

A scenario is a YAML mapping (a file holds one, or a list under ``scenarios:``)::

    name: Govern the Unaligned [dom] bleeds for 3
    source: card text            # or "ruling: …", "rulebook §4.3.3 L1333-1340"
    turn: 5                      # the game's turn number (5 and later: 4 transfers)
    phase: minion                # where the acting seat's turn starts: unlock|master|minion|influence|discard
    stop: minion                 # the last phase played (default: discard, then the turn ends)
    turns: 1                     # turns played: the scripted one, then the next seats' whole turns (``stop``: the last's)
    acting: 0                    # the seat whose turn it is (default 0)
    edge: null                   # the seat holding the Edge
    seats:                       # in turn order: seat 0's prey is seat 1
      - pool: 30
        hand: [Govern the Unaligned]
        ready: [{card: Anson, blood: 3, as: anson}]
      - ready: [{card: Lucinde, blood: 2, locked: true}]
    choices:                     # the scripted decisions, in order (fields left out match anything)
      - {seat: 0, play: Govern the Unaligned, mode: 0, by: anson}
      - {seat: 1, pass: true}
    default: pass                # unscripted decisions: pass (or abstain, the hand strike) | bot
    expect:
      - {seat: 1, pool: 27}
      - {minion: anson, locked: true}
      - {edge: 0}

Seat keys: ``pool``, ``vp``, ``name``, ``hand``, ``library`` (top card last), ``crypt``, ``ash_heap``,
``uncontrolled`` (names or ``{card, blood}``), ``ready`` and ``torpor`` (minions: ``{card, blood, life,
locked, as, cards, corruption}``, and ``clan``, ``sect``, ``capacity`` for a library card that became a vampire: The
Embrace): ``cards`` are equipment, retainers and masters on it (``{card, owner, counters}`` for a card of another
seat or with counters), ``life`` an ally's or retainer's, ``corruption`` ``{seat: counters}``),
``in_play`` (masters and locations on the table, or ``{card, counters, held, as, locked}``; ``held`` lists the cards
face down on it, names or ``{card, owner, exiled, as}``, as ``cards`` on a minion may too). Names are official card
names;
a card repeated is several copies. Choice keys: ``seat``; one of ``play`` (a card name: from the hand, in play,
or a minion's ability),
``action`` (bleed, hunt, rescue, diablerie, leave torpor, burn card, steal card, become anarch), ``block`` (a minion, or a card in play that blocks: its name), ``strike`` (a card name or
``hand``), ``vote`` (for, against, abstain), ``terms``, ``transfer``, ``bring out``, ``discard``,
``maneuver``, ``press``, ``pass``, ``contest``, ``yield`` (a contested vampire); and ``mode`` (the mode's index), ``by`` (the minion), ``target`` (a
minion alias or name, or ``seat N``), ``value`` (an amount, or a minion alias). Expectations: ``{seat: N, pool|vp|hand|ash_heap|library|
transfers|ousted|removed|held: …, hand_has|ash_heap_has|controls|uncontrolled_has|removed_has|held_has: name}``, ``{minion: alias, blood|life|locked|torpor|
ready|contested|counters|burned|removed|sect|clan|corruption: …, has: card name}`` (``corruption``: every seat's counters), ``{edge: N|null}``, ``{log_has: event kind}``, ``{log_lacks: kind}``,
``{finished: bool}``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml

from ..carddb import CardIndex
from . import game as g
from .bots import HeuristicBot, View
from .compile import compiled
from .economy import Kind, Option
from .frames import Until
from .state import ALLY, RETAINER, VAMPIRE, Game, Minion, Phase, Seat, audit, vampire_template
from .table import apply_vampire_specs
from .windows import Act

PHASES = {p.name.lower(): p for p in (Phase.UNLOCK, Phase.MASTER, Phase.MINION, Phase.INFLUENCE, Phase.DISCARD)}
ACTIONS = {
    "bleed": Act.BLEED,
    "hunt": Act.HUNT,
    "rescue": Act.RESCUE,
    "diablerie": Act.DIABLERIE,
    "leave torpor": Act.LEAVE_TORPOR,
    "burn card": Act.BURN_CARD,
    "steal card": Act.STEAL_CARD,
    "become anarch": Act.BECOME_ANARCH,
}
CHOICE_KINDS = {
    "play": Kind.PLAY,
    "block": Kind.BLOCK,
    "strike": Kind.STRIKE,
    "vote": Kind.VOTE,
    "terms": Kind.TERMS,
    "transfer": Kind.TRANSFER_TO_VAMPIRE,
    "bring out": Kind.BRING_OUT,
    "discard": Kind.DISCARD,
    "maneuver": Kind.MANEUVER,
    "press": Kind.PRESS,
    "pass": Kind.PASS,
    "action": Kind.ACTION,
    "crypt draw": Kind.CRYPT_DRAW,
    "transfer to pool": Kind.TRANSFER_TO_POOL,
    "contest": Kind.CONTEST,
    "yield": Kind.YIELD,
}
VOTES = {"for": 1, "against": -1, "abstain": 0}
MAX_CHOICES = 2_000


class ScenarioError(ValueError):
    """A malformed scenario: the message says what and where."""


@dataclasses.dataclass(slots=True)
class Outcome:
    file: str
    name: str
    passed: bool
    failures: list[str]

    def to_json_line(self) -> str:
        return json.dumps(
            {"file": self.file, "name": self.name, "passed": self.passed, "failures": self.failures}, ensure_ascii=False
        )


def load(path: Path) -> list[dict[str, Any]]:
    """The scenarios of one YAML file (a mapping, or ``scenarios:`` with a list of mappings)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{path}: cannot read it as YAML: {exc}".splitlines()[0]) from None
    if isinstance(data, dict) and "scenarios" in data:
        data = data["scenarios"]
    items = data if isinstance(data, list) else [data]
    for i, item in enumerate(items):
        if not isinstance(item, dict) or "seats" not in item:
            raise ScenarioError(f"{path}: scenario {i + 1} is not a mapping with 'seats'")
    return items


class Table:
    """A scenario's game under construction: card copies, aliases for minions."""

    def __init__(self, cards: CardIndex) -> None:
        self.cards = cards
        self.card_of: list[int] = []
        self.owner_of: list[int] = []
        self.aliases: dict[str, int] = {}
        self.minions: dict[int, Minion] = {}
        self.vampires: dict[int, Minion] = {}
        self.counters: dict[int, int] = {}  # counters on cards put on minions (``{card, counters}``)
        self.corruption: list[tuple[int, int, int]] = []  # (minion, seat whose counters, how many)
        self.held: dict[int, list[int]] = {}  # cards face down on a card in play (``held``)
        self.exiled: set[int] = set()  # … removed from the game when burned (``{card, owner, exiled: true}``)

    def hold(self, holder: int, entries: Any, seat: int, where: str) -> None:
        """The cards face down on a card in play: names, or ``{card, owner, exiled}``."""
        for entry in entries or []:
            if isinstance(entry, str):
                entry = {"card": entry}
            owner = _int(entry.get("owner", seat), f"{where} held card owner")
            copy = self.copy(entry.get("card"), owner, where)
            self.held.setdefault(holder, []).append(copy)
            if entry.get("exiled"):
                self.exiled.add(copy)
            if "as" in entry:
                self.aliases[str(entry["as"])] = copy

    def card_id(self, name: Any, where: str) -> int:
        if not isinstance(name, str) or not name.strip():
            raise ScenarioError(f"{where}: a card name is expected, not {name!r}")
        card = self.cards.lookup(name) or next((c for c in self.cards if c.unique_name == name), None)
        if card is None:
            raise ScenarioError(f"{where}: unknown card {name!r}")
        return card.id

    def copy(self, name: Any, seat: int, where: str) -> int:
        vekn = self.card_id(name, where)
        self.card_of.append(vekn)
        self.owner_of.append(seat)
        copy = len(self.card_of) - 1
        if self.cards[vekn].is_crypt and vekn not in self.vampires:
            self.vampires[vekn] = vampire_template(vekn, self.cards)
        return copy

    def zone(self, names: Any, seat: int, where: str) -> list[int]:
        if names is None:
            return []
        if not isinstance(names, list):
            raise ScenarioError(f"{where}: a list of card names is expected")
        return [self.copy(n, seat, where) for n in names]

    def minion(self, entry: Any, seat: int, where: str, *, in_play: bool, torpor: bool = False) -> int:
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict) or "card" not in entry:
            raise ScenarioError(f"{where}: a minion is a name or a mapping with 'card'")
        copy = self.copy(entry["card"], seat, where)
        card = self.cards[self.card_of[copy]]
        if card.is_crypt:
            m = dataclasses.replace(self.vampires[card.id], id=copy, cards=[], riders=[])
            m.blood = _int(entry.get("blood", 0), f"{where} blood")
        elif "Ally" in card.types:
            life = _int(entry.get("life", 1), f"{where} life")
            m = Minion(
                id=copy,
                card=card.id,
                capacity=99,
                blood=life,
                kind=ALLY,
                strength=_int(entry.get("strength", 1), f"{where} strength"),
                bleed=_int(entry.get("bleed", 1), f"{where} bleed"),
            )
        elif "clan" in entry or "sect" in entry:  # a library card that became a vampire (The Embrace)
            m = Minion(
                id=copy,
                card=card.id,
                capacity=_int(entry.get("capacity", 1), f"{where} capacity"),
                blood=_int(entry.get("blood", 0), f"{where} blood"),
                kind=VAMPIRE,
                clan=str(entry.get("clan", "")),
                sect=str(entry.get("sect", "")),
            )
        else:
            raise ScenarioError(f"{where}: {card.name} is neither a vampire nor an ally")
        m.in_play = in_play
        m.torpor = torpor
        m.locked = bool(entry.get("locked", False))
        m.sect = str(entry.get("sect", m.sect))  # a vampire that became Anarch (the become-Anarch action)
        for owner, count in (entry.get("corruption") or {}).items():  # {seat: counters}: that seat's counters
            self.corruption.append((copy, _int(owner, f"{where} corruption seat"), _int(count, f"{where} corruption")))
        for attached in entry.get("cards", []) or []:
            if isinstance(attached, str):
                attached = {"card": attached}
            owner = _int(attached.get("owner", seat), f"{where} card owner")  # a master another Methuselah put on it
            sub = self.copy(attached.get("card"), owner, where)
            m.cards.append(sub)
            if attached.get("counters"):
                self.counters[sub] = _int(attached["counters"], f"{where} card counters")
            self.hold(sub, attached.get("held"), owner, where)
            sub_card = self.cards[self.card_of[sub]]
            if "Retainer" in sub_card.types:
                life = _int(attached.get("life", 1), f"{where} retainer life")
                self.minions[sub] = Minion(
                    id=sub,
                    card=sub_card.id,
                    capacity=life,
                    blood=life,
                    in_play=True,
                    kind=RETAINER,
                    holder=copy,
                    strength=0,
                    bleed=0,
                )
            if "as" in attached:
                self.aliases[str(attached["as"])] = sub
        self.minions[copy] = m
        alias = str(entry.get("as", card.name))
        self.aliases.setdefault(alias, copy)
        self.aliases.setdefault(card.name, copy)
        return copy


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{where}: a whole number is expected, not {value!r}")
    return value


def build(data: dict[str, Any], cards: CardIndex) -> tuple[Game, dict[str, int], Phase, Phase]:
    """The game a scenario sets up, its aliases, and the phases to start and stop at."""
    table = Table(cards)
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or not 2 <= len(seats_data) <= 6:
        raise ScenarioError("'seats' must list 2 to 6 seats")
    seats: list[Seat] = []
    card_counters: dict[int, int] = {}
    locked_cards: set[int] = set()
    for index, sd in enumerate(seats_data):
        where = f"seat {index}"
        sd = sd or {}
        if not isinstance(sd, dict):
            raise ScenarioError(f"{where}: a mapping is expected")
        seat = Seat(index=index, name=str(sd.get("name", f"Seat {index}")))
        seat.pool = _int(sd.get("pool", 30), f"{where} pool")
        seat.vp = float(sd.get("vp", 0))
        seat.library = table.zone(sd.get("library"), index, f"{where} library")
        seat.crypt = table.zone(sd.get("crypt"), index, f"{where} crypt")
        seat.hand = table.zone(sd.get("hand"), index, f"{where} hand")
        seat.ash_heap = table.zone(sd.get("ash_heap"), index, f"{where} ash heap")
        for entry in sd.get("uncontrolled", []) or []:
            seat.uncontrolled.append(table.minion(entry, index, f"{where} uncontrolled", in_play=False))
        for entry in sd.get("ready", []) or []:
            seat.controlled.append(table.minion(entry, index, f"{where} ready", in_play=True))
        for entry in sd.get("torpor", []) or []:
            seat.controlled.append(table.minion(entry, index, f"{where} torpor", in_play=True, torpor=True))
        for entry in sd.get("in_play", []) or []:  # a name, or {card, counters} (counters on the card)
            copy = table.copy(entry["card"] if isinstance(entry, dict) else entry, index, f"{where} in play")
            seat.controlled.append(copy)
            if isinstance(entry, dict) and entry.get("counters"):
                card_counters[copy] = _int(entry["counters"], f"{where} in play counters")
            if isinstance(entry, dict):
                table.hold(copy, entry.get("held"), index, f"{where} in play")
                if "as" in entry:  # an alias, for its ``counters``
                    table.aliases[str(entry["as"])] = copy
                if entry.get("locked"):
                    locked_cards.add(copy)
        seats.append(seat)
    phase_name = str(data.get("phase", "minion")).lower()
    stop_name = str(data.get("stop", "discard")).lower()
    if phase_name not in PHASES or stop_name not in PHASES:
        raise ScenarioError(f"'phase' and 'stop' are one of {', '.join(PHASES)}")
    acting = _int(data.get("acting", 0), "acting")
    if not 0 <= acting < len(seats):
        raise ScenarioError("'acting' is not a seat")
    turn = _int(data.get("turn", 5), "turn")
    import random

    game = Game(
        seats=seats,
        card_of=table.card_of,
        owner_of=table.owner_of,
        rng=random.Random(0),
        seed=0,
        order=tuple(range(len(seats))),
        minions=table.minions,
        vampires=table.vampires,
    )
    game.turn = turn
    game.acting = acting
    game.card_counters.update(card_counters)
    game.locked_cards |= locked_cards
    game.card_counters.update(table.counters)
    game.held = table.held
    game.exiled = table.exiled
    for minion, owner, count in table.corruption:
        g.add_rider(game, minion, "corruption", count, Until.END_OF_GAME, owner)
    game.round = max(1, (turn + len(seats) - 1) // len(seats))
    for seat in seats:
        seat.turns = game.round
    seats[acting].master_actions = 1
    seats[acting].discard_actions = 1
    edge = data.get("edge")
    game.edge = None if edge is None else _int(edge, "edge")
    game.rules = str(data.get("rules", "vekn"))
    game.events = []
    game.compiled = compiled(cards)
    apply_vampire_specs(game)
    for m in game.minions.values():
        if m.kind == VAMPIRE and m.in_play:
            m.blood = min(m.blood, m.capacity)
    game.gained = game.counters() - 30 * len(seats)
    game.phase = PHASES[phase_name]
    return game, table.aliases, PHASES[phase_name], PHASES[stop_name]


def _name(game: Game, cards: CardIndex, copy: int) -> str:
    if 0 <= copy < len(game.card_of):
        return cards[game.card_of[copy]].name
    return ""


def matches(choice: dict[str, Any], option: Option, game: Game, cards: CardIndex, aliases: dict[str, int]) -> bool:
    """Whether a scripted choice names this option (fields left out match anything)."""
    if "seat" in choice and choice["seat"] != option.seat:
        return False
    kinds = [k for k in CHOICE_KINDS if k in choice]
    if len(kinds) != 1:
        raise ScenarioError(f"choice {choice}: exactly one of {', '.join(CHOICE_KINDS)} is expected")
    key = kinds[0]
    value = choice[key]
    kind = CHOICE_KINDS[key]
    if key == "action":
        if option.kind is not Kind.ACTION or ACTIONS.get(str(value)) != option.value:
            return False
    elif key == "pass":
        return option.kind is Kind.PASS or (option.kind is Kind.VOTE and option.value == 0)
    elif key == "vote":
        if option.kind is not Kind.VOTE or VOTES.get(str(value), 9) != option.value:
            return False
    elif key == "strike":
        if option.kind is Kind.STRIKE:
            # a granted strike (a weapon's, an ally's) is named by its label, e.g. ".44 Magnum"
            label = "hand" if option.value == 0 else g.GRANTED[option.value].label
            if value != label:
                return False
        elif option.kind is not Kind.PLAY or _name(game, cards, option.card) != value:
            return False
    elif key == "block":
        if option.kind is not Kind.BLOCK or (
            value is not True
            and aliases.get(str(value), -2) != option.minion
            and (option.minion in game.minions or _name(game, cards, option.minion) != value)
        ):
            return False  # a minion by its alias, or a card in play that blocks by its name
    elif key in ("transfer", "bring out", "discard", "transfer to pool", "contest", "yield"):
        if option.kind is not kind:
            return False
        if value is not True:
            copy = option.ids[0] if option.ids else -1
            if aliases.get(str(value), -2) != copy and _name(game, cards, copy) != value:
                return False
    elif key == "play":
        if option.kind is not Kind.PLAY:
            return False
        card = option.card
        name = (
            cards[game.minions[card].card].name
            if option.ids == (1,) and card in game.minions
            else _name(game, cards, card)
        )
        if name != value:
            return False
    elif option.kind is not kind:
        return False
    if "mode" in choice and choice["mode"] != option.mode:
        return False
    if "by" in choice and aliases.get(str(choice["by"]), -2) != option.minion:
        return False
    if "value" in choice and aliases.get(str(choice["value"]), choice["value"]) != option.value:
        return False  # an amount, or a minion's alias (a second target: Funeral Wake)
    if "target" in choice:
        target = str(choice["target"])
        if target.startswith("seat "):
            if option.target != int(target.split()[1]):
                return False
        elif aliases.get(target, -2) != option.target and not (
            0 <= option.target < len(game.card_of) and target == _name(game, cards, option.target)
        ):
            return False  # a minion or a card in play, by its alias or its name
    return True


def _default(options: Sequence[Option]) -> int:
    for i, o in enumerate(options):
        if o.kind is Kind.PASS or (o.kind is Kind.VOTE and o.value == 0):
            return i
    return 0


def play_scenario(data: dict[str, Any], cards: CardIndex) -> tuple[Game, dict[str, int], list[str]]:
    """Set up, play the scripted turn, and return the game, the aliases and the problems met while playing."""
    game, aliases, start, stop = build(data, cards)
    choices = list(data.get("choices") or [])
    for c in choices:
        if not isinstance(c, dict):
            raise ScenarioError(f"choice {c!r} is not a mapping")
    policy = str(data.get("default", "pass"))
    bot = HeuristicBot()
    problems: list[str] = []

    def decide(seat: int, options: list[Option]) -> int:
        if choices:
            for i, option in enumerate(options):
                if matches(choices[0], option, game, cards, aliases):
                    choices.pop(0)
                    return i
        if policy == "bot":
            return options.index(bot.decide(View(game, seat), options))
        return _default(options)

    turns = int(data.get("turns", 1))

    def turns_flow() -> g.Flow:
        # Effects that last until a Methuselah's next unlock phase show in the turns after the scripted one.
        for i in range(turns):
            last = stop if i == turns - 1 else Phase.DISCARD
            yield from g.turn(game, start=start if i == 0 else Phase.UNLOCK, stop=last)
            if game.finished:
                return

    flow = turns_flow()
    try:
        ask = next(flow)
        count = 0
        while True:
            seat, options = ask
            count += 1
            if count > MAX_CHOICES:
                problems.append("the scenario did not end")
                break
            ask = flow.send(options[decide(seat, options)])
    except StopIteration:
        pass
    # A scripted choice met while the engine forced the only legal option also counts as used.
    if choices:
        problems.append(f"scripted choices never offered: {choices}")
    problems += [f"audit: {p}" for p in audit(game)]
    return game, aliases, problems


def check(game: Game, aliases: dict[str, int], cards: CardIndex, expectations: Sequence[Any]) -> list[str]:
    failures = []
    kinds = {e[0] for e in game.events or ()}
    for exp in expectations:
        if not isinstance(exp, dict):
            raise ScenarioError(f"expectation {exp!r} is not a mapping")
        for key, want in exp.items():
            if key in ("seat", "minion"):
                continue
            got = _observe(game, aliases, cards, exp, key, want)
            if key in ("log_has", "log_lacks"):
                ok = (want in kinds) == (key == "log_has")
                if not ok:
                    failures.append(f"{key} {want!r}: events were {sorted(map(str, kinds))}")
                continue
            if got != want:
                who = f"seat {exp['seat']} " if "seat" in exp else f"{exp['minion']} " if "minion" in exp else ""
                failures.append(f"{who}{key}: expected {want!r}, got {got!r}")
    return failures


def _observe(game: Game, aliases: dict[str, int], cards: CardIndex, exp: dict[str, Any], key: str, want: Any) -> Any:
    if key in ("log_has", "log_lacks"):
        return None
    if key == "edge":
        return game.edge
    if key == "finished":
        return game.finished
    if "seat" in exp:
        s = game.seats[_int(exp["seat"], "expect seat")]
        zones = {
            "hand_has": [_name(game, cards, c) for c in s.hand],
            "ash_heap_has": [_name(game, cards, c) for c in s.ash_heap],
            "controls": [_name(game, cards, c) for c in s.controlled],
            "uncontrolled_has": [_name(game, cards, c) for c in s.uncontrolled],
            "removed_has": [_name(game, cards, c) for c in s.removed],
            "held_has": [_name(game, cards, c) for c in _held_by(game, s.index)],
        }
        if key in zones:
            return want if want in zones[key] else zones[key]
        values = {
            "pool": s.pool,
            "vp": s.vp,
            "hand": len(s.hand),
            "ash_heap": len(s.ash_heap),
            "library": len(s.library),
            "transfers": s.transfers,
            "ousted": s.ousted,
            "uncontrolled": len(s.uncontrolled),
            "removed": len(s.removed),
            "held": len(_held_by(game, s.index)),
        }
        if key not in values:
            raise ScenarioError(f"unknown seat expectation {key!r}")
        return values[key]
    if "minion" in exp:
        alias = str(exp["minion"])
        if alias not in aliases:
            raise ScenarioError(f"unknown minion {alias!r}")
        copy = aliases[alias]
        m = game.minions.get(copy)
        if key == "burned":
            return m is None and copy in game.seats[game.owner_of[copy]].ash_heap
        if key == "removed":  # out of the game (Anarch Convert removing himself)
            return m is None and copy in game.seats[game.owner_of[copy]].removed
        if key == "sect" and m is not None:
            return m.sect
        if key == "clan" and m is not None:  # a clan changed in play (Clan Impersonation)
            return m.clan

        if key == "counters" and m is None:  # a card in play that is no minion (an ``in_play`` alias)
            return game.card_counters.get(copy, 0)
        if m is None:
            return "burned"
        if key == "has":
            names = [_name(game, cards, c) for c in m.cards]
            return want if want in names else names
        values = {
            "blood": m.blood,
            "life": m.blood,
            "locked": m.locked,
            "torpor": m.torpor,
            "ready": m.in_play and not m.torpor,
            "in_play": m.in_play,
            "contested": m.contested,
            "counters": game.card_counters.get(copy, 0),  # counters on the card other than blood
            "corruption": sum(r.value for r in game.riders if r.holder == copy and r.key == "corruption"),
        }
        if key not in values:
            raise ScenarioError(f"unknown minion expectation {key!r}")
        return values[key]
    raise ScenarioError(f"expectation {exp} names no seat or minion")


def _held_by(game: Game, seat: int) -> list[int]:
    """The cards face down on the cards the seat controls (on the table or on its minions)."""
    controlled = game.seats[seat].controlled
    holders = [*controlled, *(x for c in controlled if c in game.minions for x in game.minions[c].cards)]
    return [c for h in holders for c in game.held.get(h, ())]


def run(data: dict[str, Any], cards: CardIndex, file: str = "") -> Outcome:
    name = str(data.get("name", "unnamed"))
    try:
        game, aliases, problems = play_scenario(data, cards)
        failures = problems + check(game, aliases, cards, data.get("expect") or [])
    except ScenarioError as exc:
        failures = [f"malformed: {exc}"]
    except g.GameError as exc:
        failures = [f"engine error: {exc}"]
    return Outcome(file=file, name=name, passed=not failures, failures=failures)


def run_file(path: Path, cards: CardIndex) -> list[Outcome]:
    try:
        items = load(path)
    except ScenarioError as exc:
        return [Outcome(file=str(path), name="", passed=False, failures=[f"malformed: {exc}"])]
    return [run(item, cards, str(path)) for item in items]


Cards = Callable[[], CardIndex]
