"""Specs → handlers indexed by window, once per process and card list (``compiled(cards)``, kept with the
card index like the resolver's tables: ``CardIndex.derived``).

The compiler applies the rules every card of a type obeys (4.3.3 "Modifiers and reactions", 2.3 costs and
requirements), so specs do not repeat them:

- who plays a mode (``Role``) follows from the card's type and the window unless the mode says otherwise;
- requirements (clan, sect, title, capacity) come from ``core.eligibility``: the single module that says
  whether a minion may play a card. The mode's disciplines and level are checked here against the minion's;
- costs are the card's printed blood and pool costs unless the mode overrides them;
- a mode's disciplines are the card text's line at the mode's level ("[dom] +2 bleed." for a basic mode,
  "[DOM]" for a superior one) unless the mode names them, which it must only where the text has several lines at
  that level (a card of several disciplines); named disciplines are checked against the text, and every line of
  the text must have a mode or the spec must say what it leaves out (``card_levels``, ``with_disciplines``);
- a mode whose effects add stealth or intercept is offered only as needed (``rules.py`` checks that), one
  that raises a bleed by a "(limited)" amount only once per action;
- a card whose text says it is unique ("Unique.", "Unique location.", "Master: unique location.") is played
  from the hand only while no copy is in play (``game._handler_options``), read from the card data.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from ..carddb import CardIndex
from ..domain import DISCIPLINES, SECTS, VIRTUES, Card
from ..eligibility import for_cards
from . import cards as spec_format
from .cards import Mode, Role, Spec, VampireSpec
from .handlers import Compiled, Handler
from .windows import W

_ACTION_WINDOWS = {
    W.ANNOUNCED,
    W.BLOCK_ATTEMPT,
    W.BLOCKS_DECLINED,
    W.BLOCKED,
    W.AFTER_ACTION,
    W.BEFORE_BLOCKS,
    W.POLLING,
}
_COMBAT_WINDOWS = {W.BEFORE_RANGE, W.RANGE, W.BEFORE_STRIKES, W.STRIKE, W.PREVENT, W.PRESS, W.END_OF_ROUND}


def default_role(mode: Mode, types: frozenset[str]) -> Role:
    """The compiler's rule for who plays a mode, from its window and the card's type."""
    if mode.role is not Role.DEFAULT:
        return mode.role
    w = mode.window
    if mode.in_play:
        return Role.METHUSELAH
    if w is W.ACTION:
        return Role.ACTOR
    if w in _COMBAT_WINDOWS:
        return Role.COMBATANT
    if "Master" in types or w in (W.UNLOCK, W.MASTER, W.INFLUENCE, W.DISCARD):
        return Role.METHUSELAH
    if w in _ACTION_WINDOWS:
        if "Reaction" in types and not ("Action Modifier" in types and w is not W.BLOCK_ATTEMPT):
            return Role.BLOCKER if w is W.BLOCK_ATTEMPT and mode_gives(mode, "intercept") else Role.REACTING
        return Role.ACTING
    return Role.METHUSELAH


def mode_gives(mode: Mode, what: str) -> bool:
    """Whether one of the mode's effects is a vocabulary primitive that gives ``what`` ("stealth",
    "intercept", "bleed"): each such primitive carries a ``gives`` attribute."""
    return any(getattr(effect, "gives", "") == what for effect in mode.effects)


def _limited(mode: Mode) -> bool:
    return any(getattr(effect, "limited", False) for effect in mode.effects)


# "Unique" opens a sentence of the card text: "Unique.", "Unique location.", "Unique mortal with 2 life.", or
# after the type in older texts ("Master: unique location."). Mentions elsewhere are not the card's own
# ("a non-unique weapon card", "becomes a unique mortal ally", "the unique Sabbat title").
_UNIQUE = re.compile(r"(?:^|[.:]\s+)unique\b", re.IGNORECASE | re.MULTILINE)


def says_unique(text: str) -> bool:
    """Whether a library card's text makes it unique (rulebook glossary "Unikatowa, Unique", L2807-2811).
    Braces mark errata ("{Unique.}"): the corrected text counts."""
    return _UNIQUE.search(text.replace("{", "").replace("}", "")) is not None


# A vampire whose text names only its sect and title ("Sabbat.", "Camarilla Prince of Boston.", "Sabbat bishop."),
# perhaps with traits that only decide which cards it may play ("Sabbat. Black Hand."): its sect, title, votes,
# clan, disciplines and capacity are the card's fields, which the engine reads for every vampire.
_NO_ABILITY = re.compile(rf"(?:{'|'.join(SECTS)})(?: [^.:\n]+)?\.(?: (?:Black Hand|Seraph|Scarce)\.)*", re.IGNORECASE)


def has_no_ability(card: Card) -> bool:
    """Whether a crypt card has no ability text: nothing on it for a spec to model (it counts as modelled)."""
    return card.is_crypt and _NO_ABILITY.fullmatch(card.text.replace("{", "").replace("}", "").strip()) is not None


# A line of a library card's text that opens with discipline icons: "[dom] +2 bleed (limited).", "[POT][SER] As
# [pot][ser] above…", "[cel] [COMBAT] Press…". Card-type icons ([COMBAT]) are not disciplines; neither is [FLIGHT],
# which has no level: a card of it has no discipline line and takes its discipline from its requirement.
# "[pot] or [pre] …" (Unthinkable Humiliation) offers each alternative as a line of its own.
_LEVEL_LINE = re.compile(r"^((?:\[[A-Za-z]+\]\s*)+(?:or\s+(?:\[[A-Za-z]+\]\s*)+)*)", re.MULTILINE)
_ICON = re.compile(r"\[([A-Za-z]+)\]")
_CODES = frozenset(DISCIPLINES) | frozenset(VIRTUES)
Level = tuple[tuple[str, ...], bool]  # ("pot", "ser"), superior


def card_levels(card: Card) -> tuple[Level, ...]:
    """The ways a library card's text offers to play it by discipline, in the text's order: each line that opens
    with discipline icons gives those disciplines and whether they are at superior (upper case). A card whose
    requirement names one discipline but whose text has no such line (a flight card) gives it at basic."""
    levels: list[Level] = []
    for line in _LEVEL_LINE.finditer(card.text.replace("{", "").replace("}", "")):
        for alternative in line.group(1).split(" or "):
            icons = [icon for icon in _ICON.findall(alternative) if icon.lower() in _CODES]
            if icons:
                levels.append((tuple(icon.lower() for icon in icons), all(icon.isupper() for icon in icons)))
    if not levels and len(card.discipline_requirement.codes) == 1:
        levels.append((card.discipline_requirement.codes, False))
    return tuple(levels)


def _several_disciplines(card: Card) -> bool:
    """Whether the text says "More than one Discipline can be used to play this card": its lines add up."""
    return "more than one discipline can be used" in card.text.lower()


def with_disciplines(card: Card, spec: Spec, index: int, mode: Mode) -> Mode:
    """The mode with its disciplines read from the card text (see the module's note), or a ValueError that says
    what the spec must write. A mode of the card in play (an equipment's, a location's) needs none."""
    levels = card_levels(card)
    if mode.in_play or not levels:
        if mode.disciplines and not mode.in_play:
            raise ValueError(f"{spec.name}, mode {index}: the card has no discipline, the mode names {mode.level}")
        return mode
    here = {frozenset(d) for d, superior in levels if superior == mode.superior}
    level = "superior" if mode.superior else "basic"
    if not mode.disciplines:
        if len(here) != 1:
            found = " or ".join(sorted("".join(f"[{d}]" for d in sorted(ds)) for ds in here)) or "none"
            raise ValueError(f"{spec.name}, mode {index}: name its disciplines; the card's {level} lines are {found}")
        return dataclasses.replace(mode, disciplines=next(d for d, s in levels if s == mode.superior))
    named = frozenset(mode.disciplines)
    if len(here) == 1 and named in here:
        raise ValueError(f"{spec.name}, mode {index}: {mode.level} is the card's only {level} line; say nothing")
    if named not in here and not (_several_disciplines(card) and named <= frozenset().union(*here)):
        raise ValueError(f"{spec.name}, mode {index}: {mode.level} is no {level} line of the card")
    return mode


def _check_levels(card: Card, spec: Spec, modes: tuple[Mode, ...]) -> None:
    """Every discipline line of the card has a mode, unless the spec says what it leaves out (it is then partial)."""
    played = {(frozenset(m.disciplines), m.superior) for m in modes if not m.in_play}
    unplayed = [
        "".join(f"[{d.upper() if superior else d}]" for d in ds)
        for ds, superior in card_levels(card)
        if (frozenset(ds), superior) not in played
    ]
    if unplayed and not spec.missing and any(not m.in_play for m in modes):
        raise ValueError(f"{spec.name}: no mode plays its {unplayed[0]} line; model it or say so in `missing`")


def _load_specs() -> None:
    from . import plays, specs  # noqa: F401  (importing the packages registers every spec, then the bots' judgement)


def build(cards: CardIndex) -> Compiled:
    _load_specs()
    eligibility = for_cards(cards)
    hand: dict[tuple[int, W], list[Handler]] = {}
    in_play: dict[tuple[int, W], list[Handler]] = {}
    actions: dict[int, list[Handler]] = {}
    specs: dict[int, Spec] = {}
    types: dict[int, frozenset[str]] = {}
    for name, spec in spec_format.LIBRARY.items():
        card = cards.lookup(name)
        if card is None or card.is_crypt:
            raise ValueError(f"spec for {name!r}, which is no library card of this card list")
        modes = tuple(with_disciplines(card, spec, index, mode) for index, mode in enumerate(spec.modes))
        _check_levels(card, spec, modes)
        spec = specs[card.id] = dataclasses.replace(spec, modes=modes)
        card_types = frozenset(card.types)
        types[card.id] = card_types
        # "Unique", and an event: each event is played only once a game (L599-605), so never while one is in play
        unique = says_unique(card.text) or "Event" in card_types
        for index, mode in enumerate(spec.modes):
            # The printed cost and requirements are what playing the card costs and needs; a mode of the card
            # once in play (an ally's action, a location's ability) costs only what the mode says.
            printed = not mode.in_play
            blood = (
                mode.cost_blood
                if mode.cost_blood is not None
                else (card.blood_cost.value or 0 if card.blood_cost and printed else 0)
            )
            pool = (
                mode.cost_pool
                if mode.cost_pool is not None
                else (card.pool_cost.value or 0 if card.pool_cost and printed else 0)
            )
            handler = Handler(
                card=card.id,
                name=card.name,
                index=index,
                mode=mode,
                role=default_role(mode, card_types),
                types=card_types,
                requirement=eligibility.requirement(card.id) if printed else None,  # to play the card, not to use it
                blood=blood,
                pool=pool,
                stealth=mode_gives(mode, "stealth"),
                intercept=mode_gives(mode, "intercept"),
                limited_bleed=_limited(mode),
                unique=unique and not mode.in_play,  # a copy in play uses its abilities
                once_per_action=not mode.in_play and bool(card_types & {"Action Modifier", "Reaction"}),
            )
            if mode.in_play:
                in_play.setdefault((card.id, mode.window), []).append(handler)
            elif mode.window is W.ACTION:
                actions.setdefault(card.id, []).append(handler)
            else:
                hand.setdefault((card.id, mode.window), []).append(handler)
    vampires: dict[int, VampireSpec] = {}
    by_unique = {c.unique_name: c for c in cards if c.is_crypt}
    for name, vspec in spec_format.CRYPT.items():
        vcard = by_unique.get(name) or cards.lookup(name)
        if vcard is None or not vcard.is_crypt:
            raise ValueError(f"vampire spec for {name!r}, which is no crypt card of this card list")
        vampires[vcard.id] = vspec
        for index, mode in enumerate(vspec.modes):
            handler = Handler(
                card=vcard.id,
                name=vcard.name,
                index=index,
                mode=mode,
                role=mode.role if mode.role is not Role.DEFAULT else Role.METHUSELAH,
                types=frozenset(vcard.types),
                requirement=None,
                blood=mode.cost_blood or 0,
                pool=mode.cost_pool or 0,
                stealth=mode_gives(mode, "stealth"),
                intercept=mode_gives(mode, "intercept"),
                limited_bleed=_limited(mode),
            )
            if mode.window is W.ACTION:
                actions.setdefault(vcard.id, []).append(handler)
            else:
                in_play.setdefault((vcard.id, mode.window), []).append(handler)
    by_mode = {(h.card, h.index): h for table in (hand, in_play) for hs in table.values() for h in hs}
    by_mode.update({(h.card, h.index): h for hs in actions.values() for h in hs})
    partial = {vekn: spec.missing for vekn, spec in specs.items() if spec.missing}
    partial.update({vekn: vspec.missing for vekn, vspec in vampires.items() if vspec.missing})
    crypt_implemented = frozenset(vampires) | {card.id for card in cards if has_no_ability(card)}
    return Compiled(
        partial=partial,
        modelled=frozenset(specs) - partial.keys(),
        crypt_modelled=crypt_implemented - partial.keys(),
        by_mode=by_mode,
        hand={k: tuple(v) for k, v in hand.items()},
        in_play={k: tuple(v) for k, v in in_play.items()},
        actions={k: tuple(v) for k, v in actions.items()},
        vampires=vampires,
        specs=specs,
        implemented=frozenset(specs),
        crypt_implemented=crypt_implemented,
        active=frozenset(k[0] for k in in_play) | frozenset(k for k in actions if k in vampires),
        in_play_by_window={w: frozenset(k[0] for k in in_play if k[1] is w) for w in {k[1] for k in in_play}},
        hand_by_window={w: {k[0]: tuple(v) for k, v in hand.items() if k[1] is w} for w in {k[1] for k in hand}},
        eligibility=eligibility,
        cards=cards,
        types=types,
        hooks=spec_format.HOOKS,
        hook_cards={
            **{fn: _hook_ids(cards, fn, names, by_unique) for fn, names in spec_format.HOOK_CARDS.items()},
            **{fn: _reader_ids(specs, vampires, *reads) for fn, reads in spec_format.HOOK_READS.items()},
        },
        burnable={vekn: spec.burn for vekn, spec in specs.items() if spec.burn},
        stealable={vekn: spec.steal for vekn, spec in specs.items() if spec.steal},
        bearers={vekn: spec.bearer for vekn, spec in specs.items() if spec.bearer is not None},
        controllers={vekn: spec.controller for vekn, spec in specs.items() if spec.controller is not None},
        allies={vekn: spec.ally for vekn, spec in specs.items() if spec.ally is not None},
        upkeeps={vekn: spec.upkeep for vekn, spec in specs.items() if spec.upkeep is not None},
        everyone={vekn: spec.everyone for vekn, spec in specs.items() if spec.everyone is not None},
        blocking={vekn: spec.blocks for vekn, spec in specs.items() if spec.blocks is not None},
    )


def _hook_ids(
    cards: CardIndex, fn: Callable[..., Any], names: tuple[str, ...], by_unique: dict[str, Card]
) -> frozenset[int]:
    """The VEKN ids of a hook's cards; a name that is no card of the list is a spec error, said at once."""
    ids = set()
    for name in names:
        card = by_unique.get(name) or cards.lookup(name)
        if card is None:
            raise ValueError(f"hook {fn.__qualname__} names {name!r}, which is no card of this card list")
        ids.add(card.id)
    return frozenset(ids)


def _reader_ids(
    specs: dict[int, Spec], vampires: dict[int, VampireSpec], data: tuple[str, ...], effects: tuple[type, ...]
) -> frozenset[int]:
    """The cards a vocabulary hook reads: those whose spec has one of the ``data`` fields ("bearer"; "bearer.flag":
    a data class whose ``flag`` is set, so a hook few cards need is not called at every table with a bearer), or a
    mode with one of the ``effects`` (inside an ``If`` too) or a ``when`` of one of those types
    (``vocabulary.ByLockedMinion``)."""

    def has_effect(mode: Mode) -> bool:
        if isinstance(mode.when, effects):
            return True
        stack = [*mode.effects, *mode.before_combat]
        while stack:
            e = stack.pop()
            if isinstance(e, effects):
                return True
            stack.extend(getattr(e, "effects", ()) or ())
        return False

    def reads(spec: Spec, field: str) -> bool:
        """A field of the spec is set ("ally"), or a field of that ("ally.additional_strike": set, not 0 nor empty);
        "modes.action_bleed": a field of one of its modes is set."""
        head, _, rest = field.partition(".")
        value = getattr(spec, head, None)
        if head == "modes":
            return any(getattr(m, rest, None) for m in spec.modes)
        return value is not None and (not rest or bool(getattr(value, rest, None)))

    ids = {v for v, spec in specs.items() if any(reads(spec, field) for field in data)}
    if effects:
        ids |= {v for v, spec in specs.items() if any(has_effect(m) for m in spec.modes)}
        ids |= {v for v, vspec in vampires.items() if any(has_effect(m) for m in vspec.modes)}
    return frozenset(ids)


def compiled(cards: CardIndex) -> Compiled:
    """The compiled specs for this card list, built once and kept with it."""
    return cards.derived(__name__, build)
