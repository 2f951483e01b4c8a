"""Who may play a library card: the one answer the validator, the draw simulator and the game engine share.

The rulebook (§2 "Requirements", Polish rulebook L312-349, L467-469) says only a minion that meets a card's
requirements may play it, and a master card with requirements needs a ready minion of its Methuselah that
meets them. This module reads those requirements once per card and answers for any crypt card::

    from vtesdeck.core import eligibility

    eligibility.can_play(anson, govern_the_unaligned)      # True: Anson has Dominate
    eligibility.can_play(anson, the_art_of_memory)         # False: it requires a Black Hand vampire
    eligibility.can_play(tupdog, anarch_salon)             # False: Tupdog is Sabbat…
    eligibility.can_play(tupdog, anarch_salon, may_become_anarch=True)  # True: …but may become Anarch

    book = eligibility.for_cards(cards)                    # one per CardIndex, each card compiled once
    book.can_play(vampire_id, card_id)                     # the same answer, by ids, in a few bit operations
    book.unplayable(deck.crypt, deck.library, may_become_anarch=True)  # library cards no crypt card can play
    book.minion(vampire_id)                                # the crypt card compiled: bit sets
    requirement = book.requirement(card_id)                # None: no requirement, any minion may play it
    requirement.parts   # (("disciplines", (("dom",),)), ("titled", True)): what it asks, for any language
    requirement.needs   # "Dominate, a title": the same in English (``messages.needs_text``)
    requirement.conditions  # ("1 gehenna",): game state the cards alone cannot answer, left to the game

What is judged, from the card list alone (the crypt card as printed, the library card's attribute bar, its
``vteslibmeta.csv`` requirements and its text):

* disciplines at any level, Imbued virtues and Flight (Gargoyles print [FLIGHT] in their text); a card whose
  lines of text each open with their own discipline icons (Trochomancy: [nec] …, [aus][nec] …) is playable
  with the icons of any one line;
* clans, creeds for Imbued cards, with the clans the card list renamed read as one (``CLAN_ALIASES``);
* titles: "titled" is any title (the independents' "1 vote"/"2 votes" too), else one of the named ones;
  "non-titled" is none; a "city title" is prince, archbishop or baron (§6);
* sects, and "non-<sect>"; capacity bounds;
* traits from the crypt card's text: Black Hand, Seraph, Red List, Infernal, Scarce, Sterile, Slave (and
  their "non-" forms), advanced or base; the Path a vampire follows, where the card list names one (a
  vampire printed before Paths may follow any);
* who the minion is: Imbued are mortals, not vampires (Appendix). Only vampires play political actions
  (L556), cards with a blood cost (L467-469) and cards whose text requires a vampire; only Imbued play
  power and conviction cards, cards with a conviction cost and cards that require an imbued or a mortal.

**Becoming Anarch.** "Any ready untitled non-Anarch vampire" may take the become-Anarch action (§4 L1206-1211,
§6 L2212-2216). So there are two questions, both answered from the same compiled requirement:

* ``may_become_anarch=False`` (the default): can this vampire play the card as it comes out of the crypt? The
  draw simulator's opening-hand question, and the game engine's at the moment a card is played.
* ``may_become_anarch=True``: could the vampire play it after taking that action? Tried only when the first
  answer is no, on the vampire with its sect changed to Anarch: an Anarch card, or one for a non-Camarilla
  vampire, comes within reach of an untitled Camarilla vampire; a card for a non-Anarch stays what it was.
  The deck validator asks this one: a card within reach of a vampire in the crypt is no mistake in a deck.

**Not judged** (left to the game, and counted as met here): what other cards in play may change or grant
(Gehenna events in play, a title card, the Edge, a Blood Brother circle, merging), listed in
``Requirement.conditions`` as the card list names them; costs, except that a blood cost needs a vampire and a
conviction cost an imbued. Where a card offers an alternative that only a card in play grants (Auto-da-fé's
"or Inquisitor"), the printed alternatives alone are judged. A master asking for two vampires at once (Treaty
of Laibach: "both Follower of Set and Tremere") is judged vampire by vampire: either clan plays its part.
"""

from __future__ import annotations

import enum
import functools
import re
import threading
import weakref
from collections.abc import Iterable
from typing import Any, Final, NoReturn, cast

from .carddb import CardIndex
from .domain import DISCIPLINES, SECTS, TITLE_VOTES, VIRTUES, Card, Discipline, DisciplineRequirement
from .messages import needs_text

__all__ = [
    "CLAN_ALIASES",
    "NEEDS_KEYS",
    "Eligibility",
    "Minion",
    "Requirement",
    "can_play",
    "clan",
    "compile_minion",
    "compile_requirement",
    "for_cards",
    "playable_by_any_vampire",
    "playable_by_anyone",
]

# The card list keeps the old clan names on old cards; the rulebook names both as one clan (§8 L2566, L2647;
# §9 L2979, L2997). A card naming either fits a vampire of either.
CLAN_ALIASES = {"Assamite": "Banu Haqim", "Follower of Set": "Ministry"}

# Traits a crypt card's text gives it (carddb reads them) that a library card may require or refuse.
TRAITS = ("black hand", "seraph", "red list", "infernal", "scarce", "sterile", "slave")
# Titles tied to a city (§6 L2202-2225; §7 L2253-2282): "Requires a ready vampire with a city title".
CITY_TITLES = ("prince", "archbishop", "baron")
# A mortal in the crypt is an imbued (Appendix: imbued are mortal allies); ghouls and mages are library allies.
MINION_KINDS = ("vampire", "imbued", "mortal", "ghoul", "mage")

# ``Requirement.parts``: what a card asks, as (key, value) pairs in this order, the values hashable (tuples).
# ``Requirement.needs_params()`` gives them as a JSON object (lists) for REQUIREMENT_UNMET's ``needs``, and
# ``messages.needs_text`` words them in any language. Keys (the first seven are the validator's historical ones):
#   disciplines   alternatives, each a tuple of discipline/virtue codes needed together: (("aus", "nec"),)
#   clans         clan or creed names, any one: ("Tremere", "Tremere antitribu")
#   titled        True: any title
#   titles        titles, any one: ("justicar", "prince")
#   sects         sects, any one: ("Independent", "Anarch")
#   capacity_min  a number: capacity N or more
#   capacity_max  a number: capacity N or less
#   untitled      True: no title
#   not_clans     clans the minion must not be of: ("Caitiff",)
#   not_sects     sects the minion must not be of: ("Anarch",)
#   traits        traits the minion must all have: ("black hand",)
#   not_traits    traits it must not have: ("sterile",)
#   minions       what the minion is, any one: ("vampire",), ("imbued",), ("mortal", "ghoul", "mage")
#   version       "advanced" or "base"
#   paths         the Path the vampire follows, any one: ("Power and the Inner Voice",)
#   either        alternatives across keys, each one (key, value) pair: (("sects", ("Laibon",)), ("untitled", True))
NEEDS_KEYS = (
    "disciplines",
    "clans",
    "titled",
    "titles",
    "sects",
    "capacity_min",
    "capacity_max",
    "untitled",
    "not_clans",
    "not_sects",
    "traits",
    "not_traits",
    "minions",
    "version",
    "paths",
    "either",
)


# --- the bits ----------------------------------------------------------------------------------

# Disciplines and virtues: a fixed vocabulary, one bit each.
_DISCIPLINE_BITS = {code: 1 << i for i, code in enumerate([*DISCIPLINES, *VIRTUES])}
# Disciplines and facts side by side in one number (``Minion.bits``), for the deck check's unions.
_FACTS_SHIFT = 64
assert len(_DISCIPLINE_BITS) <= _FACTS_SHIFT


class _FactBits:
    """Names of what a crypt card is (its clan, sect, title, traits…) → one bit each, in one growing table
    shared by every card list, so compiled cards of any list compare. Clans and Paths are added as met."""

    def __init__(self) -> None:
        self._bits: dict[str, int] = {}
        self._lock = threading.Lock()

    def __call__(self, name: str) -> int:
        bit = self._bits.get(name)
        if bit is None:
            with self._lock:
                bit = self._bits.setdefault(name, 1 << len(self._bits))
        return bit


_fact = _FactBits()
_VAMPIRE, _IMBUED, _MORTAL = _fact("kind:vampire"), _fact("kind:imbued"), _fact("kind:mortal")
_ADVANCED, _BASE = _fact("version:advanced"), _fact("version:base")
_TITLED, _UNTITLED = _fact("titled"), _fact("untitled")
_NO_PATH = _fact("path:")  # the card list names no Path for the vampire
_SECT_BITS = {sect: _fact(f"sect:{sect}") for sect in SECTS}
_ANY_SECT = sum(_SECT_BITS.values())
_ANARCH = _SECT_BITS["Anarch"]
_TITLE_BITS = {title: _fact(f"title:{title}") for title in TITLE_VOTES}
_TRAIT_BITS = {trait: _fact(f"trait:{trait}") for trait in TRAITS}
_KIND_BITS = {"vampire": _VAMPIRE, "imbued": _IMBUED, "mortal": _MORTAL, "ghoul": 0, "mage": 0}


def clan(name: str) -> str:
    """The clan's one name: "Assamite" → "Banu Haqim"; other names unchanged."""
    return CLAN_ALIASES.get(name, name)


def _clan_bit(name: str) -> int:
    return _fact(f"clan:{clan(name)}")


def _path_bit(name: str) -> int:
    return _fact(f"path:{name.lower()}")


# --- crypt cards -------------------------------------------------------------------------------


class Minion:
    """A crypt card as the requirement checks see it: bit sets and a number.

    ``facts`` holds its clan, sect, title (and "titled" or "untitled"), traits, kind (vampire, or imbued and
    mortal), version and Path; ``disciplines`` its disciplines at any level, virtues and Flight;
    ``as_anarch`` its facts once it has become Anarch, when it may (else None). ``bits`` holds disciplines and
    facts in one number (and ``reach`` with the facts as Anarch, when it may), ``which`` is 1 for a vampire
    and 2 for an imbued: what ``Eligibility.unplayable`` adds up."""

    __slots__ = ("id", "facts", "disciplines", "capacity", "as_anarch", "bits", "reach", "which")

    def __init__(self, card_id: int, facts: int, disciplines: int, capacity: int, as_anarch: int | None) -> None:
        self.id, self.facts, self.disciplines, self.capacity, self.as_anarch = (
            card_id,
            facts,
            disciplines,
            capacity,
            as_anarch,
        )
        self.bits = disciplines | facts << _FACTS_SHIFT
        self.reach = self.bits if as_anarch is None else self.bits | as_anarch << _FACTS_SHIFT
        self.which = 1 if facts & _VAMPIRE else 2

    @property
    def can_become_anarch(self) -> bool:
        return self.as_anarch is not None

    def __repr__(self) -> str:
        return f"Minion({self.id})"


def compile_minion(card: Card) -> Minion:
    """The crypt card ``card`` as a ``Minion``. Cached by the card's content: calling again is cheap."""
    return _compile_minion(
        card.id,
        card.types,
        card.clans,
        card.disciplines,
        card.title,
        card.sect,
        card.traits,
        card.capacity,
        card.advanced,
        card.path,
    )


@functools.lru_cache(maxsize=8192)
def _compile_minion(
    card_id: int,
    types: tuple[str, ...],
    clans: tuple[str, ...],
    disciplines: tuple[Discipline, ...],
    title: str,
    sect: str,
    traits: tuple[str, ...],
    capacity: int | None,
    advanced: bool,
    path: str,
) -> Minion:
    imbued = "Imbued" in types
    facts = (_IMBUED | _MORTAL) if imbued else _VAMPIRE
    facts |= _ADVANCED if advanced else _BASE
    for name in clans:
        facts |= _clan_bit(name)
    facts |= _SECT_BITS.get(sect, 0)
    facts |= (_TITLE_BITS.get(title, 0) | _TITLED) if title else _UNTITLED
    for trait in traits:
        facts |= _TRAIT_BITS.get(trait, 0)
    facts |= _path_bit(path) if path else _NO_PATH
    bits = 0
    for discipline in disciplines:
        bits |= _DISCIPLINE_BITS.get(discipline.code, 0)
    # Gargoyles' Flight is printed in their text ([FLIGHT]), but library cards ask for it like a discipline.
    if "flight" in traits:
        bits |= _DISCIPLINE_BITS["fli"]
    # The become-Anarch action: any ready untitled non-Anarch vampire (§4 L1206-1211). It changes the sect.
    as_anarch = None
    if not imbued and not title and sect != "Anarch":
        as_anarch = (facts & ~_ANY_SECT) | _ANARCH
    return Minion(card_id, facts, bits, capacity or 0, as_anarch)


@functools.lru_cache(maxsize=1024)
def in_game(minion: Minion, disciplines: tuple[str, ...], capacity: int) -> Minion:
    """The minion with the disciplines and capacity it has in a game (Dominate, a Discipline master card on it,
    gives +1 level of [dom] and +1 capacity): what requirements read then. Cached: the engine asks often."""
    bits = minion.disciplines
    for code in disciplines:
        bits |= _DISCIPLINE_BITS.get(code, 0)
    return Minion(minion.id, minion.facts, bits, capacity, minion.as_anarch)


def with_title(minion: Minion, title: str) -> Minion:
    """The minion holding ``title`` instead of its printed one (a title card on it: a Fee Stake's baron)."""
    facts = minion.facts & ~(_TITLED | _UNTITLED | sum(_TITLE_BITS.values()))
    facts |= (_TITLE_BITS.get(title, 0) | _TITLED) if title else _UNTITLED
    return Minion(minion.id, facts, minion.disciplines, minion.capacity, None if title else minion.as_anarch)


@functools.lru_cache(maxsize=1024)
def with_clan(minion: Minion, printed: tuple[str, ...], clan_name: str) -> Minion:
    """The minion of clan ``clan_name`` instead of its ``printed`` clans (Clan Impersonation: "considered to be of
    the chosen clan instead of his or her original clan"); its sect and title unchanged."""
    facts = minion.facts
    for name in printed:
        facts &= ~_clan_bit(name)
    facts |= _clan_bit(clan_name) if clan_name else 0
    return Minion(minion.id, facts, minion.disciplines, minion.capacity, minion.as_anarch)


def embraced_minion(
    clan_name: str,
    sect: str,
    capacity: int,
    disciplines: tuple[tuple[str, int], ...] = (),
    traits: tuple[str, ...] = (),
) -> Minion:
    """A vampire that is no crypt card (The Embrace: "a 1-capacity non-unique vampire of the same clan and sect
    as the acting vampire"), as the requirement checks see it: untitled, with the disciplines ((code, level)
    pairs) a Discipline master card gave it (Childe of the Revolution) and the traits its card gives it (Call
    the Great Beast's infernal vampire)."""
    levels = tuple(Discipline(code=code, superior=level >= 2) for code, level in disciplines)
    clans = (clan_name,) if clan_name else ()
    return _compile_minion(-1, ("Vampire",), clans, levels, "", sect, traits, capacity, False, "")


# --- library cards -----------------------------------------------------------------------------


class Requirement:
    """What a library card asks of the minion that plays it, compiled to bit sets.

    A minion meets it when it is of the ``kind`` (vampire or imbued bits; 0: any), its facts hold every bit
    of ``all_of`` and none of ``none_of`` and at least one bit of each ``any_of`` clause, it has every
    discipline of at least one ``disciplines`` alternative, and its capacity is within the bounds. ``parts``
    says the same for people (see ``NEEDS_KEYS`` and ``needs``); ``conditions`` lists what only the game can
    tell. Equal requirements compare and hash equal, so a test can check each distinct one once."""

    __slots__ = (
        "kind",
        "all_of",
        "none_of",
        "any_of",
        "disciplines",
        "capacity_min",
        "capacity_max",
        "parts",
        "conditions",
        "_key",
        "union",
        "needs_a_minion",
    )

    def __init__(
        self,
        *,
        kind: int = 0,
        all_of: int = 0,
        none_of: int = 0,
        any_of: tuple[int, ...] = (),
        disciplines: tuple[int, ...] = (),
        capacity_min: int | None = None,
        capacity_max: int | None = None,
        parts: tuple[tuple[str, Any], ...] = (),
        conditions: tuple[str, ...] = (),
    ) -> None:
        self.kind, self.all_of, self.none_of, self.any_of, self.disciplines = kind, all_of, none_of, any_of, disciplines
        self.capacity_min, self.capacity_max = capacity_min, capacity_max
        self.parts, self.conditions = parts, conditions
        self._key = (kind, all_of, none_of, any_of, disciplines, capacity_min, capacity_max, parts, conditions)
        bounded = capacity_min is not None or capacity_max is not None
        # A requirement made only of game state (a Gehenna event's) asks nothing of a minion.
        self.needs_a_minion = bool(kind or all_of or none_of or any_of or disciplines or bounded)
        # Most cards ask for one discipline out of a few, or one clan, sect, title or trait out of a few, and
        # nothing else but the kind of minion: then the union of the bits of a crypt's minions of that kind
        # answers for the whole crypt at once (``Eligibility.unplayable``). ``union`` is (which minions: 0 all,
        # 1 vampires, 2 imbued; bits as in ``Minion.bits``), any of which in their union will do; else None.
        single = disciplines and all(alt & (alt - 1) == 0 for alt in disciplines)
        clauses = list(any_of) + ([all_of] if all_of else [])
        one_clause = len(clauses) == 1 and (not all_of or all_of & (all_of - 1) == 0)
        self.union: tuple[int, int] | None = None
        which = 0 if not kind or kind & _VAMPIRE and kind & (_IMBUED | _MORTAL) else 1 if kind & _VAMPIRE else 2
        if single and not (all_of or none_of or any_of or bounded):
            self.union = (which, sum(disciplines))
        elif one_clause and not (none_of or disciplines or bounded):
            self.union = (which, clauses[0] << _FACTS_SHIFT)
        elif kind and not (clauses or none_of or disciplines or bounded):
            self.union = (which, kind << _FACTS_SHIFT)  # "a vampire", "an imbued": any of that kind

    def met_by(self, minion: Minion, *, may_become_anarch: bool = False, became_anarch: bool = False) -> bool:
        """Whether ``minion`` meets the requirement; with ``may_become_anarch``, also once it has become
        Anarch, when it may (see the module's docstring); with ``became_anarch``, as the Anarch it has become in
        a game (a change of sect: its printed sect no longer counts)."""
        if became_anarch and minion.as_anarch is not None:
            return self._met(minion.as_anarch, minion.disciplines, minion.capacity)
        if self._met(minion.facts, minion.disciplines, minion.capacity):
            return True
        return (
            may_become_anarch
            and minion.as_anarch is not None
            and self._met(minion.as_anarch, minion.disciplines, minion.capacity)
        )

    def _met(self, facts: int, disciplines: int, capacity: int) -> bool:
        if self.kind and not facts & self.kind:
            return False
        if facts & self.all_of != self.all_of or facts & self.none_of:
            return False
        for clause in self.any_of:
            if not facts & clause:
                return False
        if self.disciplines:
            for alternative in self.disciplines:
                if disciplines & alternative == alternative:
                    break
            else:
                return False
        if self.capacity_min is not None and capacity < self.capacity_min:
            return False
        return self.capacity_max is None or capacity <= self.capacity_max

    def needs_params(self) -> dict[str, Any]:
        """``parts`` as plain JSON values, REQUIREMENT_UNMET's ``needs``: {"disciplines": [["dom"]], "titled": true}."""
        return {
            key: [{k: _plain(v)} for k, v in value] if key == "either" else _plain(value) for key, value in self.parts
        }

    @property
    def needs(self) -> str:
        """The parts in English (``messages.needs_text``): "Dominate, a title", "Animalism and Fortitude"."""
        return needs_text(self.needs_params())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Requirement) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"Requirement({self.needs!r})"


def compile_requirement(card: Card) -> Requirement | None:
    """The library card ``card``'s requirement, or None when any minion (or, for a master, any Methuselah)
    may play it. Cached by the card's content: calling again is cheap."""
    rq = card.requirements
    return _compile_requirement(
        card.types,
        card.discipline_requirement,
        rq.clans,
        rq.titles,
        rq.sects,
        rq.capacity_min,
        rq.capacity_max,
        rq.other,
        card.text,
        card.blood_cost is not None,
        card.conviction_cost is not None,
    )


_REQUIRES_A_VAMPIRE = re.compile(r"(?:^|[.:]\s+)Requires\b[^.]*?\bvampires?\b", re.MULTILINE)
_REQUIRES_A_SECT = re.compile(
    r"(?:^|[.:]\s+)Requires an? (?:ready,? |titled )*(Camarilla|Sabbat|Anarch|Independent|Laibon)\b", re.MULTILINE
)
_OR_NON_TITLED = re.compile(r"(?:^|[.:]\s+)Requires\b[^.]*?\bor non-titled\b", re.MULTILINE)
_PATH = re.compile(r"^(\d+) path of (.+)$")
_IMBUED_TYPES = {"Power", "Conviction"}


@functools.lru_cache(maxsize=8192)
def _compile_requirement(
    types: tuple[str, ...],
    discipline_requirement: DisciplineRequirement,
    clans: tuple[str, ...],
    titles: tuple[str, ...],
    sects: tuple[str, ...],
    capacity_min: int | None,
    capacity_max: int | None,
    other: tuple[str, ...],
    text: str,
    blood_cost: bool,
    conviction_cost: bool,
) -> Requirement | None:
    political = "Political Action" in types
    if not (
        titles
        or sects
        or other
        or conviction_cost
        or capacity_min is not None
        or capacity_max is not None
        or "Requires" in text
        or not _IMBUED_TYPES.isdisjoint(types)
    ):
        # Most cards: disciplines and a clan at most, and who pays blood or calls a referendum.
        return _plain_requirement(discipline_requirement, clans, text, political or blood_cost)
    if "{" in text:
        text = text.replace("{", "").replace("}", "")  # braces mark errata: the corrected text counts
    all_of = none_of = 0
    any_of: list[int] = []
    needs: dict[str, Any] = {}
    conditions: list[str] = []

    alternatives = _discipline_alternatives(discipline_requirement, text)
    if alternatives:
        needs["disciplines"] = tuple(alternatives)
    clan_names = tuple(dict.fromkeys(clan(c) for c in clans))
    if clan_names:
        any_of.append(sum(_clan_bit(c) for c in clan_names))
        needs["clans"] = clan_names

    title_names = set(titles)
    untitled = False
    traits: list[str] = []
    not_traits: list[str] = []
    not_sects: list[str] = []
    not_clans: list[str] = []
    paths: list[str] = []
    for requirement in other:
        negated = requirement.startswith("non-")
        wanted = requirement[4:] if negated else requirement
        sect = next((s for s in SECTS if s.lower() == wanted), None)
        if requirement == "city title":
            title_names.update(CITY_TITLES)
        elif requirement == "non-titled":
            untitled = True
        elif wanted in _TRAIT_BITS:
            (not_traits if negated else traits).append(wanted)
        elif sect and negated:
            not_sects.append(sect)
        elif requirement in ("advanced", "base"):
            all_of |= _ADVANCED if requirement == "advanced" else _BASE
            needs["version"] = requirement
        elif requirement == "inquisitor":
            pass  # Auto-da-fé's "or Inquisitor": a vampire given the Sabbat Inquisitor card, in play only
        elif match := _PATH.match(requirement):
            paths.append(_clan_named(match[2]))
            conditions.append(requirement)  # "2 or more ready vampires who follow" it: a count in play
        elif negated and wanted not in MINION_KINDS:
            not_clans.append(clan(_clan_named(wanted)))  # "non-caitiff"
        elif wanted not in MINION_KINDS:
            conditions.append(requirement)  # "1 gehenna", "same circle", "edge", "unmerged": game state
    kinds = [k for k in MINION_KINDS if k in other]

    if "titled" in title_names:
        any_of.append(_TITLED)
        needs["titled"] = True
    elif title_names:
        any_of.append(sum(_TITLE_BITS[t] for t in title_names))
        needs["titles"] = tuple(sorted(title_names))
    if not sects and "Requires" in text and (match := _REQUIRES_A_SECT.search(text)):
        sects = (match[1],)  # the card list's requirements miss a few new cards' ("Praxis Seizure: York")
    sect_clause = sum(_SECT_BITS[s] for s in sects)
    if untitled and sects and _OR_NON_TITLED.search(text):
        # "Requires a Laibon or non-titled vampire" (Mozambique Allure): the card list splits it in two.
        any_of.append(sect_clause | _UNTITLED)
        needs["either"] = (("sects", tuple(sects)), ("untitled", True))
    else:
        if sects:
            any_of.append(sect_clause)
            needs["sects"] = tuple(sects)
        if untitled:
            all_of |= _UNTITLED
            needs["untitled"] = True
    if capacity_min is not None:
        needs["capacity_min"] = capacity_min
    if capacity_max is not None:
        needs["capacity_max"] = capacity_max
    for names, key in (
        (not_clans, "not_clans"),
        (not_sects, "not_sects"),
        (traits, "traits"),
        (not_traits, "not_traits"),
        (paths, "paths"),
    ):
        if names:
            needs[key] = tuple(names)
    none_of |= sum(_clan_bit(c) for c in not_clans) | sum(_SECT_BITS[s] for s in not_sects)
    all_of |= sum(_TRAIT_BITS[t] for t in traits)
    # The card list names a Path only for the vampires printed with one (from Sabbat, 2025); one printed
    # before may follow it (the archive's "Lasombra Path of Power" decks play Privileged Position with them).
    any_of.extend(_path_bit(p) | _NO_PATH for p in paths)
    none_of |= sum(_TRAIT_BITS[t] for t in not_traits)

    # Who the minion is. Imbued play power and conviction cards, and pay conviction (Appendix); only vampires
    # play political actions (L556) and cards with a blood cost (L467-469).
    if not _IMBUED_TYPES.isdisjoint(types) or conviction_cost or "imbued" in kinds:
        kinds = ["imbued"]
    elif political or blood_cost or ("Requires" in text and _REQUIRES_A_VAMPIRE.search(text)):
        kinds = kinds or ["vampire"]
    kind = sum(_KIND_BITS[k] for k in kinds)
    if kinds:
        # What the minion is goes without saying beside a discipline or virtue, clan or creed, title, sect,
        # trait or capacity: it is said only when it is all the card asks (so the wording of the other cards'
        # requirements stays as it was before vampires and imbued were told apart).
        if not needs:
            needs["minions"] = tuple(kinds)

    if not (needs or conditions):
        return None
    return Requirement(
        kind=kind,
        all_of=all_of,
        none_of=none_of,
        any_of=tuple(any_of),
        disciplines=tuple(sum(_DISCIPLINE_BITS[c] for c in alt) for alt in alternatives),
        capacity_min=capacity_min,
        capacity_max=capacity_max,
        parts=tuple((key, needs[key]) for key in NEEDS_KEYS if key in needs),
        conditions=tuple(conditions),
    )


def _plain_requirement(
    discipline_requirement: DisciplineRequirement, clans: tuple[str, ...], text: str, vampire: bool
) -> Requirement | None:
    """``_compile_requirement`` for a card asking disciplines and a clan at most (a vampire, if ``vampire``)."""
    alternatives = _discipline_alternatives(discipline_requirement, text)
    clan_names = tuple(dict.fromkeys(clan(c) for c in clans)) if clans else ()
    if not (alternatives or clan_names):
        return Requirement(kind=_VAMPIRE, parts=(("minions", ("vampire",)),)) if vampire else None
    parts: list[tuple[str, Any]] = []
    if alternatives:
        parts.append(("disciplines", tuple(alternatives)))
    if clan_names:
        parts.append(("clans", clan_names))
    return Requirement(
        kind=_VAMPIRE if vampire else 0,
        any_of=(sum(_clan_bit(c) for c in clan_names),) if clan_names else (),
        disciplines=tuple(sum(_DISCIPLINE_BITS[c] for c in alt) for alt in alternatives),
        parts=tuple(parts),
    )


def _clan_named(folded: str) -> str:
    # The card list's requirements are in lower case ("non-caitiff", "path of power and the inner voice");
    # the crypt writes "Caitiff", "Power and the Inner Voice".
    return " ".join(word if word in ("of", "the", "and") else word.capitalize() for word in folded.split())


_ICONS = re.compile(r"^(?:\[[^\]]+\]\s*(?:or\s+(?=\[))?)+")
_ICON = re.compile(r"\[([^\]]+)\]")
# Icons in card text: discipline trigrams (lower case inferior, upper case superior) and [flight].
_ICON_CODES = {**{code: code for code in DISCIPLINES}, "flight": "fli"}


def _discipline_alternatives(required: DisciplineRequirement, text: str) -> list[tuple[str, ...]]:
    """The discipline sets a minion needs for at least one effect of the card, smallest first.

    The card list's Discipline column says "A/B" (any one) or "A & B" (all together); the card text is finer:
    Trochomancy is "Auspex & Necromancy", but its first effect needs Necromancy alone. So each line of text
    that opens with discipline icons is one alternative (the rulebook: each effect shows the disciplines it
    needs, L330-333); the column decides when the text does not name exactly its disciplines."""
    if required.mode is DisciplineRequirement.Mode.NONE or not required.codes:
        return []
    if len(required.codes) == 1:
        return [required.codes]  # most cards: one discipline, whatever the text's lines say
    column = frozenset(required.codes)
    lines: list[frozenset[str]] = []
    for line in text.split("\n"):
        if match := _ICONS.match(line):
            found = (_ICON_CODES.get(icon.lower()) for icon in _ICON.findall(match.group()))
            icons = {code for code in found if code is not None}
            if " or " in match.group():  # "[ani] or [cel] +1 intercept.": either icon plays the line
                lines.extend(frozenset({icon}) for icon in icons)
            elif icons:
                lines.append(frozenset(icons))
    if not lines or frozenset().union(*lines) != column:
        lines = [column] if required.mode is DisciplineRequirement.Mode.ALL else [frozenset({c}) for c in column]
    minimal = [alt for alt in set(lines) if not any(other < alt for other in lines)]
    return sorted((tuple(sorted(alt)) for alt in minimal), key=lambda alt: (len(alt), alt))


def _plain(value: Any) -> Any:
    """A part's value as JSON: tuples become lists."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


# --- one pair ----------------------------------------------------------------------------------


def can_play(vampire: Card, card: Card, *, may_become_anarch: bool = False) -> bool:
    """Whether the crypt card ``vampire`` meets the requirements of the library card ``card``.

    ``may_become_anarch``: count the become-Anarch action (see the module's docstring). Game state
    (``Requirement.conditions``) counts as met.

        can_play(cards.lookup("Anson"), cards.lookup("Art of Memory, The"))  # False: no Black Hand
    """
    requirement = compile_requirement(card)
    return requirement is None or requirement.met_by(compile_minion(vampire), may_become_anarch=may_become_anarch)


def playable_by_anyone(card: Card) -> bool:
    """No requirement at all: any minion, or the Methuselah for a master, may play it."""
    return compile_requirement(card) is None


def playable_by_any_vampire(card: Card) -> bool:
    """No requirement a vampire could fail: none at all, or only that the minion be a vampire (a political
    action, a blood cost, "Requires a ready vampire"). What a deck's statistics call "playable by anyone"."""
    requirement = compile_requirement(card)
    return requirement is None or (requirement.parts == _ANY_VAMPIRE and not requirement.conditions)


_ANY_VAMPIRE = (("minions", ("vampire",)),)


# --- a whole card list -------------------------------------------------------------------------


class _Unknown(enum.Enum):
    """Not looked up yet: ``dict.get``'s default where None is a known answer. (One enum member rather than a
    bare ``object()``, so that ``is _UNKNOWN`` narrows the type for mypy.)"""

    TOKEN = 0


_UNKNOWN: Final = _Unknown.TOKEN


class Eligibility:
    """The cards of a ``CardIndex``, each compiled on its first question and kept: answers by card id, in
    a few bit operations. Get it with ``for_cards(cards)``. Compiling on demand keeps a short process (one
    deck checked) from paying for the whole card list."""

    __slots__ = ("_cards", "_minions", "_requirements", "_checks", "__weakref__")

    def __init__(self, cards: CardIndex) -> None:
        self._cards = weakref.ref(cards)  # kept by the index itself (``for_cards``): no strong reference back
        self._minions: dict[int, Minion | None] = {}
        self._requirements: dict[int, Requirement | None] = {}
        # What ``unplayable`` does with a library card: nothing (None), a ``Requirement.union`` to look up, or
        # the Requirement itself to ask minion by minion.
        self._checks: dict[int, tuple[int, int] | Requirement | None] = {}

    def __reduce__(self) -> NoReturn:
        # Not for card snapshots (``cards.snapshot`` keeps what pickles): the fact bits of its compiled cards
        # are numbered in this process, as they are met; another process rebuilds its own, card by card.
        raise TypeError("an Eligibility is rebuilt in each process")

    def _card(self, card_id: int) -> Card | None:
        cards = self._cards()
        return None if cards is None else cards.get(card_id)

    def minion(self, card_id: int) -> Minion | None:
        """The crypt card as a ``Minion``; None for an id that is no crypt card of the list."""
        minion = self._minions.get(card_id, _UNKNOWN)
        if minion is _UNKNOWN:
            card = self._card(card_id)
            minion = self._minions[card_id] = compile_minion(card) if card is not None and card.is_crypt else None
        return minion

    def requirement(self, card_id: int) -> Requirement | None:
        """The library card's requirement; None when it has none (or is no library card of the list)."""
        requirement = self._requirements.get(card_id, _UNKNOWN)
        if requirement is _UNKNOWN:
            card = self._card(card_id)
            requirement = compile_requirement(card) if card is not None and not card.is_crypt else None
            self._requirements[card_id] = requirement
        return requirement

    def can_play(
        self, vampire_id: int, card_id: int, *, may_become_anarch: bool = False, became_anarch: bool = False
    ) -> bool:
        """``can_play`` by ids (``became_anarch``: see ``Requirement.met_by``). Raises ``KeyError`` for a vampire
        id that is no crypt card of the list."""
        requirement = self.requirement(card_id)
        if requirement is None:
            return True
        minion = self.minion(vampire_id)
        if minion is None:
            raise KeyError(vampire_id)
        return requirement.met_by(minion, may_become_anarch=may_become_anarch, became_anarch=became_anarch)

    def unplayable(self, crypt: Iterable[int], library: Iterable[int], *, may_become_anarch: bool = False) -> list[int]:
        """The library cards (ids, in the given order) that no card of ``crypt`` can play: the deck check.
        Ids the list does not know are left out on either side. (It runs for every deck the validator
        sees: local names, and each distinct requirement checked once.)"""
        known_minions = self._minions
        minions = []
        vampires = imbued = 0  # the union of their ``Minion.bits``
        for card_id in crypt:
            minion = known_minions.get(card_id, _UNKNOWN)
            if minion is _UNKNOWN:
                minion = self.minion(card_id)
            if minion is not None:
                minions.append(minion)
                if minion.which == 1:
                    vampires |= minion.reach if may_become_anarch else minion.bits
                else:
                    imbued |= minion.reach if may_become_anarch else minion.bits
        unions = (vampires | imbued, vampires, imbued)  # ``Requirement.union`` picks one
        checks = self._checks
        met: dict[int, bool] = {}  # by id(requirement)
        out = []
        for card_id in library:
            check = checks.get(card_id, _UNKNOWN)
            if check is None:  # nothing to check: most masters, many actions
                continue
            if check is _UNKNOWN:
                check = self._check(card_id)
                if check is None:
                    continue
            if check.__class__ is tuple:
                if not check[1] & unions[check[0]]:
                    out.append(card_id)
                continue
            ok = met.get(id(check))
            if ok is None:
                # No tuple gets here, but mypy narrows on ``isinstance`` only, dearer than ``__class__ is`` in
                # this loop: the cast runs once per distinct requirement.
                requirement = cast(Requirement, check)
                ok = met[id(check)] = any(requirement.met_by(m, may_become_anarch=may_become_anarch) for m in minions)
            if not ok:
                out.append(card_id)
        return out

    def _check(self, card_id: int) -> tuple[int, int] | Requirement | None:
        requirement = self.requirement(card_id)
        if requirement is None or not requirement.needs_a_minion:
            check = None
        else:
            check = requirement.union or requirement
        self._checks[card_id] = check
        return check


def for_cards(cards: CardIndex) -> Eligibility:
    """The compiled cards of a card list, kept as long as the index lives."""
    return cards.derived(__name__, Eligibility)
