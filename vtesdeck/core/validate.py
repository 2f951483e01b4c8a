"""Deck legality: the construction rules of a format, checked on a given day.

    report = validate(deck, cards, ruleset="vekn", as_of="deck")
    report.legal, report.errors, report.warnings, report.to_dict()

A format is data (``Ruleset``): crypt and library sizes, the crypt group window, the banned list and
the day each ban took effect, when new cards become legal, and for custom limited formats the sets
and cards allowed. ``RULESETS`` holds the two the rulebooks define: ``vekn`` (current VEKN tournament
rules) and ``rulebook-2011`` (the 2011 rulebook, casual play). Every error and warning names its cards,
carries its code and parameters (``Issue.params``; its English sentence from ``messages``) and cites the
rule it enforces: a section of the VEKN rulebook or of the VEKN tournament rules, linked to its official
page, or of the German 2011 rulebook.

What a check needs to know about a card is worked out once per ``CardIndex`` (``_facts``, cached by
the index object), so a call costs a few dict lookups per distinct card in the deck.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import logging
import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal, overload

from . import eligibility, formats, memo
from .carddb import CardIndex, set_release_date
from .deck import Ambiguous, Deck, Event, Unresolved
from .domain import Card
from .messages import (
    FORMAT_RULES,
    RULEBOOK_2011,
    TOURNAMENT_RULES,
    VEKN_RULEBOOK,
    Citation,
    Reference,
    citation_text,
    citation_url,
    gettext_noop,
    render,
)
from .versions import settle

logger = logging.getLogger(__name__)

# The parsers keep a decklist line's count within these bounds (a bigger one is an Unresolved "count").
MAX_COUNT = 10_000

# --- rule facts --------------------------------------------------------------------------------

# When each VEKN ban took effect. The card list gives only the year (its Banned column); a ban from a
# Rules Team announcement applies from the date below. Sources:
#   1995, 1997, 1999, 2005, 2016, 2020: the ban table of krcg 4.19 (cards.py), which names the Rules
#     Team rulings behind each date: RTR 1995-10-06 → 1995-11-01, RTR 1997-07-01 → 1997-07-01,
#     RTR 1999-03-24 → 1999-04-01, RTR 2004-12-05 → 2005-01-01, RTR 2016-01-19 → 2016-02-16,
#     RTR 2020-07-05 → 2020-08-01.
#   2008: "V:EKN Tournament Rules 2008 Season" (published 2007-12-04): "4.1 Added three cards to the
#     banned list: Edge Explosion, Memories of Mortality, and Protect Thine Own", from 2008-01-01.
#   2013: vekn.net, "Rules Team Rulings 22 April 2013": Lilith's Blessing banned; "these become
#     active on May 22nd, 2013".
# Cross-check: in the TWDA no winning deck holds one of these cards on or after its date, and decks
# did hold them until shortly before (Lilith's Blessing until 2013-05-18, Tsigane until 2020-02-22),
# which the bare year would have ruled illegal.
VEKN_BAN_DATES: dict[int, datetime.date] = {
    100481: datetime.date(1995, 11, 1),  # Cunctator Motion (ante)
    100928: datetime.date(1995, 11, 1),  # High Stakes (ante)
    101403: datetime.date(1995, 11, 1),  # Playing for Keeps (ante)
    101140: datetime.date(1997, 7, 1),  # Madness of the Bard
    101620: datetime.date(1999, 4, 1),  # The Return to Innocence
    100583: datetime.date(2005, 1, 1),  # Dramatic Upheaval
    101052: datetime.date(2005, 1, 1),  # Kindred Restructure
    101893: datetime.date(2005, 1, 1),  # Succubus Club
    100612: datetime.date(2008, 1, 1),  # Edge Explosion
    101198: datetime.date(2008, 1, 1),  # Memories of Mortality
    101499: datetime.date(2008, 1, 1),  # Protect Thine Own
    101108: datetime.date(2013, 5, 22),  # Lilith's Blessing
    100074: datetime.date(2016, 2, 16),  # Anthelios, the Red Star
    101713: datetime.date(2016, 2, 16),  # Seeds of Corruption
    101955: datetime.date(2016, 2, 16),  # Temptation of Greater Power
    100875: datetime.date(2020, 8, 1),  # Gypsies
    101650: datetime.date(2020, 8, 1),  # Rom Gypsy
    101961: datetime.date(2020, 8, 1),  # Terrorists
    201343: datetime.date(2020, 8, 1),  # Tarbaby Jack
    201391: datetime.date(2020, 8, 1),  # Tsigane
}

# Sets whose cards were tournament-legal from their release day instead of 30 days later. Evidence:
# VEKN-sanctioned events (vekn.net event calendar) won with these cards inside the 30 days:
#   LK  (Lost Kindred, VEKN print-and-play): NCQ Marseille on the release day (event 8891),
#       Powerbase: Berkeley 2018-06-23 (8939), Riihimäki Anarch Salon 2018-07-07 (8945);
#   V5A (Fifth Edition: Anarch): Sede de Vitae 25 2021-12-05 (9997), 5th Great Symposium 2021-12-19 (9980);
#   NB3 (New Blood III, VEKN print-and-play): WoN Event 1 2025-06-15 (12062), Oceania Grand Prix
#       2025-06-21 (12263), Swallowed by the Labyrinth 2025-06-22 (12140);
#   SV5 (Sabbat V5): seven events from 2025-11-01 (12596), among them the German national
#       championship 2025-11-08 (12548).
VEKN_SET_LEGAL_DATES: dict[str, datetime.date] = {
    "LK": datetime.date(2018, 6, 9),
    "V5A": datetime.date(2021, 12, 1),
    "NB3": datetime.date(2025, 5, 31),
    "SV5": datetime.date(2025, 10, 26),
}

# Citations, by code: the section of the official rulebook (https://www.vekn.net/rulebook, whose Polish
# translation is shared/rules/vtes-rulebook-pl.txt: its headings carry these links) or of the VEKN
# tournament rules that states the rule. Line numbers (L…) are those of the rulebook files in shared/rules,
# for whoever checks a citation; people read the section and follow the link.
_RULEBOOK = "https://www.vekn.net/rulebook/"
_TOURNAMENT_GAME = "https://www.vekn.net/tournament-rules/4-tournament-game-rules"
_CONSTRUCTED = "https://www.vekn.net/tournament-rules/6-constructed-tournament-rules"
# "BUDOWA TALII" box of §1 (Polish rulebook L56-65): 12+ crypt, 60-90 library, one or two consecutive groups.
_DECK_CONSTRUCTION = Reference(
    VEKN_RULEBOOK,
    (("1.", gettext_noop("Introduction")), ("", gettext_noop("Deck construction"))),
    _RULEBOOK + "1-introduction",
)
_SIZE_LIMITS = Reference(TOURNAMENT_RULES, (("6.2", gettext_noop("Constructed Deck Size Limits")),), _CONSTRUCTED)
# Group ANY fits every crypt: the glossary's "Grupa" (L2649-2651).
_GROUP_ANY = Reference(
    VEKN_RULEBOOK, (("8.", gettext_noop("Glossaries")), ("", gettext_noop("Group"))), _RULEBOOK + "8-glossaries"
)
# "Wymagania dla zagrywania kart" under "KARTY BIBLIOTEKI" (L312-333); the file links it by this anchor.
_REQUIREMENTS = Reference(
    VEKN_RULEBOOK,
    (
        ("2.", gettext_noop("Card types")),
        ("", gettext_noop("Library cards")),
        ("", gettext_noop("Requirements for playing cards")),
    ),
    _RULEBOOK + "2-card-types#requirements-for-playing-cards",
)
# Advanced vampires: the "Zaawansowana" box of "KARTY KRYPTY" (L232-237); merging: influence phase (L2053-2088),
# linked as the file links it.
_CRYPT_CARDS = Reference(
    VEKN_RULEBOOK, (("2.", gettext_noop("Card types")), ("", gettext_noop("Crypt cards"))), _RULEBOOK + "2-card-types"
)
_MERGING = Reference(
    VEKN_RULEBOOK,
    (("4.", gettext_noop("Detailed turn sequence")), ("", gettext_noop("Influence phase"))),
    _RULEBOOK + "4-detailed-turn-sequence#advanced",
)
_CARDS_ALLOWED = Reference(TOURNAMENT_RULES, (("4.1", gettext_noop("Cards Allowed")),), _TOURNAMENT_GAME)
_SET_RESTRICTIONS = Reference(TOURNAMENT_RULES, (("6.1.1", gettext_noop("Set Restrictions")),), _CONSTRUCTED)
# The decklist registered records every card, by its name and count.
_REGISTRATION = Reference(TOURNAMENT_RULES, (("6.3", gettext_noop("Constructed Deck Registration")),), _CONSTRUCTED)
VEKN_RULES: dict[str, Citation] = {
    "CRYPT_TOO_SMALL": (_DECK_CONSTRUCTION, _SIZE_LIMITS),
    "CRYPT_TOO_LARGE": (_DECK_CONSTRUCTION, _SIZE_LIMITS),
    "LIBRARY_TOO_SMALL": (_DECK_CONSTRUCTION, _SIZE_LIMITS),
    "LIBRARY_TOO_LARGE": (_DECK_CONSTRUCTION, _SIZE_LIMITS),
    "CRYPT_GROUPS": (_DECK_CONSTRUCTION, _GROUP_ANY),
    # The rulebook has no banned list (Polish digest §1.2): the tournament rules keep it.
    "BANNED_CARD": (_CARDS_ALLOWED,),
    "NOT_YET_LEGAL": (_CARDS_ALLOWED,),  # new cards are legal 30 days after their release
    "NOT_IN_FORMAT": (_SET_RESTRICTIONS,),
    "UNKNOWN_CARD": (_REGISTRATION,),
    "COUNT_INVALID": (_REGISTRATION,),
    "REQUIREMENT_UNMET": (_REQUIREMENTS,),
    "FUTURE_SET": (_CARDS_ALLOWED,),
    "ADVANCED_PAIR": (_CRYPT_CARDS, _MERGING),
    "DECLARED_COUNT_MISMATCH": (_REGISTRATION,),
    "AMBIGUOUS_NAME": (_REGISTRATION,),  # the decklist names each card; this line leaves the version open
}
# The German 2011 rulebook (shared/rules/vtes-rulebook-de-2011.txt, "Heirs to the Blood"): "1.2 Benötigtes
# Spielmaterial", item "1. Karten" (L210): 12+ crypt, 40 library plus up to 10 per player, the group rule.
_2011_CARDS = Reference(
    RULEBOOK_2011, (("1.2", gettext_noop("Required game materials")), ("1.", gettext_noop("Cards")))
)
_2011_GROUP = Reference(
    RULEBOOK_2011, (("1.5", gettext_noop("Crypt cards overview")), ("5.", gettext_noop("Group")))
)  # L240
_2011_ADVANCED = Reference(
    RULEBOOK_2011, (("1.5", gettext_noop("Crypt cards overview")), ("6.", gettext_noop("Advanced vampires")))
)  # L242-250
_2011_REQUIREMENTS = Reference(
    RULEBOOK_2011,
    (
        ("1.6", gettext_noop("Library cards overview")),
        ("1.6.1", gettext_noop("General")),
        ("3.", gettext_noop("Requirements for playing cards")),
    ),
)  # L260-262
RULEBOOK_2011_RULES: dict[str, Citation] = {
    "CRYPT_TOO_SMALL": (_2011_CARDS,),
    "CRYPT_TOO_LARGE": (_2011_CARDS,),
    "LIBRARY_TOO_SMALL": (_2011_CARDS,),
    "LIBRARY_TOO_LARGE": (_2011_CARDS,),
    "CRYPT_GROUPS": (_2011_CARDS, _2011_GROUP),
    "UNKNOWN_CARD": (_2011_CARDS,),  # the deck is made of cards
    "COUNT_INVALID": (_2011_CARDS,),
    "REQUIREMENT_UNMET": (_2011_REQUIREMENTS,),
    "FUTURE_SET": (Reference(RULEBOOK_2011),),  # the card did not exist when the rulebook was written
    "ADVANCED_PAIR": (_2011_ADVANCED,),
    # No banned list, no release rule, no card pool, no registration: the VEKN citations stand.
}

# VEKN's V5 format (tournament rules §6.4): the standard rules on a reduced card pool (``formats``).
_V5_FORMAT = Reference(TOURNAMENT_RULES, (("6.4", gettext_noop("V5 Format")),), _CONSTRUCTED)
V5_RULES: dict[str, Citation] = {**VEKN_RULES, "NOT_IN_FORMAT": (_V5_FORMAT,)}
# Duel: two players. VEKN sanctions no duel format, so this one is casual: the 2011 rulebook's sizes for a
# two-player game ("1.2 Benötigtes Spielmaterial", item 1: 40 library cards plus up to 10 per player, so
# 40-60; 12+ crypt), with the group rule and the VEKN banned list kept as players expect them.
DUEL_RULES: dict[str, Citation] = {
    **VEKN_RULES,
    "CRYPT_TOO_SMALL": (_2011_CARDS,),
    "CRYPT_TOO_LARGE": (_2011_CARDS,),
    "LIBRARY_TOO_SMALL": (_2011_CARDS,),
    "LIBRARY_TOO_LARGE": (_2011_CARDS,),
}

ERROR_CODES = (
    "CRYPT_TOO_SMALL",
    "CRYPT_TOO_LARGE",
    "LIBRARY_TOO_SMALL",
    "LIBRARY_TOO_LARGE",
    "CRYPT_GROUPS",
    "BANNED_CARD",
    "NOT_YET_LEGAL",
    "NOT_IN_FORMAT",
    "UNKNOWN_CARD",
    "COUNT_INVALID",
)
WARNING_CODES = ("REQUIREMENT_UNMET", "FUTURE_SET", "ADVANCED_PAIR", "DECLARED_COUNT_MISMATCH", "AMBIGUOUS_NAME")


# --- rule sets ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Ruleset:
    """The deck construction rules of one format.

    ``library_per_player`` makes the library maximum depend on the table: ``library_min +
    library_per_player × players`` (the 2011 rulebook). ``group_window`` is how many consecutive
    groups a crypt may span (None: no group rule). ``legality_delay_days`` is how long after its first
    release a card becomes legal (None: no release check; cards newer than the day only warn).
    A card is in the format when no pool is set, or from the day one of its printings in
    ``allowed_sets`` is legal by the release rule (released, when there is none), or, for a card listed
    in ``allowed_cards``, one of its printings from ``allowed_cards_from`` on (any printing when None):
    a card reprinted in a V5 set joins the V5 pool when the reprint comes out, not before.
    """

    name: str
    label: str
    deck_noun: str = ""  # unused: messages name a deck by its format (``messages.deck_noun``)
    crypt_min: int = 12
    crypt_max: int | None = None
    library_min: int = 60
    library_max: int | None = 90
    library_per_player: int | None = None
    default_players: int = 5
    group_window: int | None = 2
    bans: bool = True  # the VEKN banned list, each ban from its date
    banned_cards: frozenset[int] = frozenset()  # banned by this format whatever the date
    allowed_sets: frozenset[str] | None = None
    allowed_cards: frozenset[int] | None = None
    allowed_cards_from: datetime.date | None = None
    legality_delay_days: int | None = 30
    set_legal_dates: Mapping[str, datetime.date] = dataclasses.field(default_factory=dict)
    rules: Mapping[str, Citation] = dataclasses.field(default_factory=dict)  # code → the rules it cites

    def library_limits(self, players: int) -> tuple[int, int | None]:
        if self.library_per_player is not None:
            return self.library_min, self.library_min + self.library_per_player * players
        return self.library_min, self.library_max

    def citation(self, code: str) -> Citation:
        return self.rules.get(code) or VEKN_RULES.get(code, ())

    def rule(self, code: str) -> str:
        """The rules ``code`` cites, in English: "VEKN rulebook, 1. Introduction › Deck construction; …"."""
        return citation_text(self.citation(code))

    def to_dict(self) -> dict[str, Any]:
        """The ruleset as ``from_dict`` reads it (JSON-ready)."""
        return {
            "name": self.name,
            "label": self.label,
            "crypt_min": self.crypt_min,
            "crypt_max": self.crypt_max,
            "library_min": self.library_min,
            "library_max": self.library_max,
            "library_per_player": self.library_per_player,
            "players": self.default_players,
            "group_window": self.group_window,
            "bans": self.bans,
            "banned_cards": sorted(self.banned_cards),
            "allowed_sets": None if self.allowed_sets is None else sorted(self.allowed_sets),
            "allowed_cards": None if self.allowed_cards is None else sorted(self.allowed_cards),
            "allowed_cards_from": None if self.allowed_cards_from is None else self.allowed_cards_from.isoformat(),
            "legality_delay_days": self.legality_delay_days,
            "set_legal_dates": {k: v.isoformat() for k, v in sorted(self.set_legal_dates.items())},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """A custom format (a limited event, a set-restricted league) from plain data, checked field by
        field. Missing keys take the VEKN values. Raises ``ValueError`` naming the first bad field."""
        if not isinstance(data, Mapping):
            raise ValueError("A ruleset must be a mapping of settings (a JSON object).")
        unknown = sorted(set(data) - _RULESET_KEYS)
        if unknown:
            raise ValueError(
                f"Unknown ruleset setting(s): {', '.join(map(str, unknown))}; "
                f"known settings: {', '.join(sorted(_RULESET_KEYS))}."
            )
        name = data.get("name")
        if not isinstance(name, str) or not _RULESET_NAME.match(name):
            raise ValueError("Ruleset 'name' must be 1 to 64 letters, digits, '-' or '_' (e.g. \"v5-limited\").")
        label = data.get("label", name)
        if not isinstance(label, str) or not label.strip() or len(label) > 200:
            raise ValueError("Ruleset 'label' must be a non-empty text of at most 200 characters.")
        crypt_min = _count_setting(data, "crypt_min", 12)
        crypt_max = _count_setting(data, "crypt_max", None, nullable=True)
        library_min = _count_setting(data, "library_min", 60)
        library_max = _count_setting(data, "library_max", 90, nullable=True)
        per_player = _count_setting(data, "library_per_player", None, nullable=True)
        players = _count_setting(data, "players", 5)
        if crypt_max is not None and crypt_max < crypt_min:
            raise ValueError(f"Ruleset 'crypt_max' ({crypt_max}) is below 'crypt_min' ({crypt_min}).")
        if library_max is not None and library_max < library_min:
            raise ValueError(f"Ruleset 'library_max' ({library_max}) is below 'library_min' ({library_min}).")
        if players < 1:
            raise ValueError("Ruleset 'players' must be at least 1.")
        window = _count_setting(data, "group_window", 2, nullable=True)
        if window is not None and window < 1:
            raise ValueError("Ruleset 'group_window' must be at least 1 (one group), or null for no group rule.")
        bans = data.get("bans", True)
        if not isinstance(bans, bool):
            raise ValueError("Ruleset 'bans' must be true or false.")
        delay = _count_setting(data, "legality_delay_days", 30, nullable=True)
        cards_from = data.get("allowed_cards_from")
        cards_from = None if cards_from is None else _date_setting(cards_from, "'allowed_cards_from'")
        set_dates = data.get("set_legal_dates", VEKN_SET_LEGAL_DATES)
        if not isinstance(set_dates, Mapping):
            raise ValueError("Ruleset 'set_legal_dates' must map set abbreviations to YYYY-MM-DD dates.")
        parsed_dates = {}
        for abbrev, day in set_dates.items():
            if not isinstance(abbrev, str) or not abbrev:
                raise ValueError("Ruleset 'set_legal_dates' keys must be set abbreviations such as \"V5\".")
            parsed_dates[abbrev] = _date_setting(day, f"set_legal_dates[{abbrev!r}]")
        return cls(
            name=name,
            label=label.strip(),
            crypt_min=crypt_min,
            crypt_max=crypt_max,
            library_min=library_min,
            library_max=library_max if per_player is None else None,
            library_per_player=per_player,
            default_players=players,
            group_window=window,
            bans=bans,
            banned_cards=_ids_setting(data, "banned_cards") or frozenset(),
            allowed_sets=_sets_setting(data, "allowed_sets"),
            allowed_cards=_ids_setting(data, "allowed_cards"),
            allowed_cards_from=cards_from,
            legality_delay_days=delay,
            set_legal_dates=parsed_dates,
            rules={code: (Reference(FORMAT_RULES, format=label.strip()), *VEKN_RULES[code]) for code in VEKN_RULES},
        )


_RULESET_KEYS = frozenset(
    {
        "name",
        "label",
        "crypt_min",
        "crypt_max",
        "library_min",
        "library_max",
        "library_per_player",
        "players",
        "group_window",
        "bans",
        "banned_cards",
        "allowed_sets",
        "allowed_cards",
        "allowed_cards_from",
        "legality_delay_days",
        "set_legal_dates",
    }
)
_RULESET_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MAX_SETTING = 1_000_000


# Without ``nullable`` a null value fails the check like any other non-number: the setting is always a number.
@overload
def _count_setting(data: Mapping[str, Any], key: str, default: int, *, nullable: Literal[False] = False) -> int: ...
@overload
def _count_setting(
    data: Mapping[str, Any], key: str, default: int | None, *, nullable: Literal[True]
) -> int | None: ...
def _count_setting(data: Mapping[str, Any], key: str, default: int | None, *, nullable: bool = False) -> int | None:
    value = data.get(key, default)
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_SETTING:
        null = ", or null" if nullable else ""
        raise ValueError(f"Ruleset {key!r} must be a whole number from 0 to {_MAX_SETTING:,}{null}; got {value!r}.")
    return value


def _ids_setting(data: Mapping[str, Any], key: str) -> frozenset[int] | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"Ruleset {key!r} must be a list of VEKN card ids.")
    ids = []
    for item in value:
        if isinstance(item, str) and item.strip().isascii() and item.strip().isdigit() and len(item.strip()) <= 9:
            item = int(item)
        if isinstance(item, bool) or not isinstance(item, int) or item <= 0:
            raise ValueError(f"Ruleset {key!r} must list VEKN card ids (whole numbers); got {item!r}.")
        ids.append(item)
    return frozenset(ids)


def _sets_setting(data: Mapping[str, Any], key: str) -> frozenset[str] | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f'Ruleset {key!r} must be a list of set abbreviations such as ["V5", "V5A"].')
    abbrevs = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise ValueError(f"Ruleset {key!r} must list set abbreviations (texts); got {item!r}.")
        abbrevs.append(item.strip())
    return frozenset(abbrevs)


def _date_setting(value: Any, key: str) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"Ruleset {key} must be a date written YYYY-MM-DD; got {value!r}.") from None


RULESETS: dict[str, Ruleset] = {
    "vekn": Ruleset(
        name="vekn",
        label="VEKN tournament",
        set_legal_dates=VEKN_SET_LEGAL_DATES,
        rules=VEKN_RULES,
    ),
    "rulebook-2011": Ruleset(
        name="rulebook-2011",
        label="2011 rulebook",
        library_min=40,
        library_max=None,
        library_per_player=10,  # "up to 10 more cards per participating player" (German rulebook L210)
        default_players=5,  # the rulebook's game is for 4 or 5 players (Polish rulebook §1 L5-6)
        bans=False,
        legality_delay_days=None,
        rules=RULEBOOK_2011_RULES,
    ),
    "v5": Ruleset(
        name="v5",
        label="V5",
        allowed_sets=formats.v5_pool().sets,
        allowed_cards=formats.v5_pool().promos,
        allowed_cards_from=formats.v5_pool().promos_from,  # the promo printings of the V5 era
        set_legal_dates=VEKN_SET_LEGAL_DATES,
        rules=V5_RULES,
    ),
    "duel": Ruleset(
        name="duel",
        label="Duel (casual)",
        library_min=40,
        library_max=60,  # 40 + 10 × 2 players (German rulebook L210)
        default_players=2,
        legality_delay_days=None,  # casual play: no tournament release delay; newer cards only warn
        rules=DUEL_RULES,
    ),
}


# --- the report --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Issue:
    """One rule a deck breaks (an error) or a fact worth a judge's eye (a warning).

    ``message`` and ``rule`` are English; ``message_id`` and ``params`` (plain JSON values) say the same
    for a shell to render in its reader's language (``messages.render``), ``citation`` the rules cited.
    """

    code: str
    message: str
    rule: str = ""
    cards: tuple[int, ...] = ()
    # The message says the parameters: they take no part in comparing or hashing issues.
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict, compare=False)
    message_id: str = ""  # "" for a message written in English only
    citation: Citation = ()

    @property
    def rule_url(self) -> str:
        return citation_url(self.citation)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "rule": self.rule,
            "rule_url": self.rule_url,
            "params": dict(self.params),
            "cards": list(self.cards),
        }


@dataclasses.dataclass(kw_only=True)
class Report:
    deck: Deck
    ruleset: Ruleset
    as_of: datetime.date
    players: int | None
    crypt_count: int
    library_count: int
    groups: tuple[int, ...]
    errors: list[Issue]
    warnings: list[Issue]
    cards: CardIndex = dataclasses.field(repr=False, compare=False)

    @property
    def legal(self) -> bool:
        return not self.errors

    def to_dict(self, path: str | None = None) -> dict[str, Any]:
        """The deck report of DESIGN.md, plus the deck's name, author, format, checksum, event,
        declared counts and the table size the library limit used."""
        deck = self.deck
        unique = _facts(self.cards).unique
        return {
            "path": path if path is not None else (deck.path or None),
            "legal": self.legal,
            "ruleset": self.ruleset.name,
            "as_of": self.as_of.isoformat(),
            "crypt_count": self.crypt_count,
            "library_count": self.library_count,
            "groups": list(self.groups),
            "crypt": [{"id": i, "name": unique.get(i) or f"#{i}", "count": n} for i, n in deck.crypt.items()],
            "library": [{"id": i, "name": unique.get(i) or f"#{i}", "count": n} for i, n in deck.library.items()],
            "errors": [issue.to_dict() for issue in self.errors],
            "warnings": [issue.to_dict() for issue in self.warnings],
            "unresolved": [
                {
                    "line": u.line,
                    "text": u.text,
                    "count": u.count,
                    "section": u.section,
                    "suggestions": list(u.suggestions),
                }
                for u in deck.unresolved
            ],
            "name": deck.name,
            "author": deck.author,
            "format": deck.source_format,
            "checksum": deck.checksum(),
            "players": self.players,
            "event": _event_dict(deck.event),
            "declared": _plain(deck.declared),
        }


def _event_dict(event: Event | None) -> dict[str, Any] | None:
    return None if event is None else _plain(event)


def _plain(record: Any) -> dict[str, Any]:
    """A flat dataclass as JSON-ready data (``dataclasses.asdict`` deep-copies, at 10× the cost)."""
    data = {}
    for field in dataclasses.fields(record):
        value = getattr(record, field.name)
        if isinstance(value, datetime.date):
            value = value.isoformat()
        elif isinstance(value, dict):
            value = dict(value)
        data[field.name] = value
    return data


# --- card facts, once per CardIndex -------------------------------------------------------------

_TRIFLE = re.compile(r"\btrifle\b", re.IGNORECASE)


class _Vampire:
    """A crypt card as the group and advanced-pair checks see it (who may play what: ``eligibility``)."""

    __slots__ = ("id", "group", "base_id")

    def __init__(self, card: Card) -> None:
        self.id = card.id
        self.group = int(card.group) if card.group.isdigit() else 0  # 0: group ANY
        self.base_id = card.base_id


class _Facts:
    """Everything ``validate`` asks of the card list, precomputed: dict lookups by id at call time."""

    __slots__ = (
        "names",
        "unique",
        "vampires",
        "banned_year",
        "ban_dates",
        "ban_exact",
        "first_release",
        "sets",
        "printed",
        "section",
        "sections",
        "trifles",
        "_pool_from",
        "out_of_format",
        "__weakref__",
    )

    def __init__(self, cards: CardIndex) -> None:
        self.names: dict[int, str] = {}  # official names, for messages
        self.unique: dict[int, str] = {}  # names that tell versions apart, for the report's card lists
        self.vampires: dict[int, _Vampire] = {}
        self.ban_dates: dict[int, datetime.date] = {}
        self.ban_exact: set[int] = set()
        self.first_release: dict[int, datetime.date] = {}
        self.sets: dict[int, frozenset[str]] = {}
        self.printed: dict[int, tuple[tuple[str, datetime.date], ...]] = {}  # (set, its release day) per printing
        self.section: dict[int, str] = {}
        self.trifles: set[int] = set()
        for card in cards:
            self.names[card.id] = card.name
            self.unique[card.id] = card.unique_name
            if card.first_release:
                self.first_release[card.id] = card.first_release
            self.sets[card.id] = frozenset(p.set for p in card.printings if p.set != "POD")
            # A printing without a date (a card list stored before printings were dated): the card's first
            # release, the earliest it can be; a promo is dated by its name.
            self.printed[card.id] = tuple(
                (p.set, p.released or set_release_date(p.set, {}) or card.first_release or datetime.date.min)
                for p in card.printings
                if p.set != "POD"
            )
            if card.banned_year is not None:
                exact = VEKN_BAN_DATES.get(card.id)
                self.ban_dates[card.id] = exact or datetime.date(card.banned_year, 1, 1)
                if exact:
                    self.ban_exact.add(card.id)
            if card.is_crypt:
                self.vampires[card.id] = _Vampire(card)
                continue
            self.section[card.id] = "/".join(card.types).lower()
            if "Master" in card.types and _TRIFLE.search(card.text.split("\n", 1)[0]):
                self.trifles.add(card.id)
        self.sections = frozenset(self.section.values())
        self._pool_from: dict[tuple[Any, ...], dict[int, tuple[datetime.date, datetime.date | None]]] = {}
        self.out_of_format: dict[tuple[Any, ...], frozenset[int]] = {}  # (format, day) → cards out of it

    def legal_day(self, card_id: int, released: datetime.date, ruleset: Ruleset) -> datetime.date:
        """The first day the card (first released on ``released``) is legal under the ruleset's release rule:
        the delay after its first release, or the day a set it is printed in was made legal if that comes first.
        Worked out when asked, never kept: the delay is a custom format's setting, and a memo per delay grew a
        worker by 270 KB for every value a format was given (issue 24)."""
        day = _after(released, ruleset.legality_delay_days or 0)
        set_dates = ruleset.set_legal_dates
        for abbrev in self.sets[card_id]:
            legal = set_dates.get(abbrev)
            if legal is not None and legal < day:
                day = legal
        return day

    def pool_from(self, ruleset: Ruleset) -> dict[int, tuple[datetime.date, datetime.date | None]]:
        """Card id → when the card enters the ruleset's pool, as ``_pool_later`` reads it: (the release of its
        earliest printing in an allowed set, or for an allowed card from ``allowed_cards_from`` on; the
        earliest legal day of such a printing's set, if its set has one). A card never printed so is missing.
        Kept per pool (64 at most: custom formats make pools), not per release delay, which ``_pool_later``
        applies: min(release + delay, set's day) over the printings is min(earliest + delay, earliest set day)."""
        key = (
            ruleset.allowed_sets,
            ruleset.allowed_cards,
            ruleset.allowed_cards_from,
            tuple(sorted(ruleset.set_legal_dates.items())),
        )
        pool = self._pool_from.get(key)
        if pool is None:
            sets = ruleset.allowed_sets or frozenset()
            listed = ruleset.allowed_cards or frozenset()
            since = ruleset.allowed_cards_from or datetime.date.min
            set_dates = ruleset.set_legal_dates
            pool = {}
            for card_id, printed in self.printed.items():
                is_listed = card_id in listed
                first = set_day = None
                for abbrev, released in printed:
                    if abbrev in sets or (is_listed and released >= since):
                        if first is None or released < first:
                            first = released
                        legal = set_dates.get(abbrev)
                        if legal is not None and (set_day is None or legal < set_day):
                            set_day = legal
                if first is not None:
                    pool[card_id] = (first, set_day)
                elif is_listed and not printed and ruleset.allowed_cards_from is None:
                    # Listed by id and printed nowhere known: listed is enough, whatever the delay.
                    pool[card_id] = (datetime.date.min, datetime.date.min)
            if len(self._pool_from) >= 64:  # one entry per pool asked (custom formats too): keep memory bounded
                self._pool_from.clear()
            self._pool_from[key] = pool
        return pool


def _pool_later(
    entered: tuple[datetime.date, datetime.date | None],
    day: datetime.date,
    horizon: datetime.date | None,
    delay: int | None,
) -> bool:
    """Whether a card (``_Facts.pool_from``'s entry) joins the pool only after ``day``: the day it joins is its
    earliest allowed printing's release, under a release delay the delay after it or its set's legal day if
    sooner; said with the day's ``horizon`` (``_horizon``), which spares a date sum per card."""
    first, set_day = entered
    if horizon is not None and first <= horizon:
        return False
    return delay is None or set_day is None or day < set_day


def _after(day: datetime.date, days: int) -> datetime.date:
    """``days`` after ``day``; the last day there is when that is beyond the calendar (a delay of 1,000,000)."""
    try:
        return day + datetime.timedelta(days=days)
    except OverflowError:
        return datetime.date.max


def _horizon(day: datetime.date, rules: Ruleset) -> datetime.date | None:
    """The latest first release that is legal on ``day`` by the ruleset's release delay (released, when it has
    none): a card released after it may not be legal yet. None when the delay reaches before the calendar."""
    try:
        return day - datetime.timedelta(days=rules.legality_delay_days or 0)
    except OverflowError:
        return None


def _facts(cards: CardIndex) -> _Facts:
    return cards.derived(__name__, _Facts)


def ban_dates(cards: CardIndex) -> dict[int, tuple[datetime.date, bool]]:
    """Card id → (the day its VEKN ban took effect, whether that day is known exactly). A banned card
    missing from ``VEKN_BAN_DATES`` falls back to 1 January of the card list's ban year."""
    facts = _facts(cards)
    return {card_id: (day, card_id in facts.ban_exact) for card_id, day in facts.ban_dates.items()}


# --- one card in a format -----------------------------------------------------------------------


def card_in_format(
    ruleset: str | Ruleset | Mapping[str, Any],
    card_id: int,
    cards: CardIndex,
    as_of: datetime.date | str | None = None,
) -> bool:
    """Whether a deck of this format may hold the card on the day ``as_of`` (a date, ``YYYY-MM-DD``,
    or None for today): the card exists, is in the format's pool (its sets or its card list), is not
    banned (the VEKN list from each ban's date where the format keeps it, and the format's own bans),
    is legal by the format's release rule, and has been released at all by that day.

    The card-pool checks of ``validate`` for one card (a card it would report as ``UNKNOWN_CARD``,
    ``BANNED_CARD``, ``NOT_YET_LEGAL`` or ``NOT_IN_FORMAT`` is out), plus: a card not yet printed on the
    day is out even where the format only warns of it (``FUTURE_SET``): no one can offer it yet.
    Raises ``ValueError`` for an unknown ruleset name or a bad date.
    """
    return card_id not in out_of_format(ruleset, cards, as_of) and card_id in _facts(cards).names


def out_of_format(
    ruleset: str | Ruleset | Mapping[str, Any],
    cards: CardIndex,
    as_of: datetime.date | str | None = None,
) -> frozenset[int]:
    """The ids of the cards of ``cards`` that ``card_in_format`` says are out on the day: the whole card
    list checked once (cached per ruleset and day on the index), for filters over many decks at a time
    ("no card of the deck in this set")."""
    rules = _ruleset(ruleset)
    day = _as_of(as_of, _NO_DECK)
    facts = _facts(cards)
    key = (_ruleset_key(rules), day)
    found = facts.out_of_format.get(key)
    if found is None:
        if len(facts.out_of_format) >= 64:  # many days asked: keep the memory bounded
            facts.out_of_format.clear()
        horizon = _horizon(day, rules)
        found = frozenset(card_id for card_id in facts.names if not _card_fits(rules, facts, card_id, day, horizon))
        facts.out_of_format[key] = found
    return found


_NO_DECK = Deck()


def _ruleset_key(rules: Ruleset) -> tuple[Any, ...]:
    # What decides a card's place in the format; sizes and groups do not.
    return (
        rules.bans,
        rules.banned_cards,
        rules.allowed_sets,
        rules.allowed_cards,
        rules.allowed_cards_from,
        rules.legality_delay_days,
        tuple(sorted(rules.set_legal_dates.items())),
    )


def _card_fits(rules: Ruleset, facts: _Facts, card_id: int, day: datetime.date, horizon: datetime.date | None) -> bool:
    released = facts.first_release.get(card_id)
    if released is not None and day < released:
        return False
    if rules.legality_delay_days is not None and released is not None and (horizon is None or released > horizon):
        if day < facts.legal_day(card_id, released, rules):
            return False
    if card_id in rules.banned_cards:
        return False
    if rules.bans:
        banned = facts.ban_dates.get(card_id)
        if banned is not None and day >= banned:
            return False
    if rules.allowed_sets is None and rules.allowed_cards is None:
        return True
    entered = facts.pool_from(rules).get(card_id)
    return entered is not None and not _pool_later(entered, day, horizon, rules.legality_delay_days)


# --- validation --------------------------------------------------------------------------------


def validate(
    deck: Deck,
    cards: CardIndex,
    *,
    ruleset: str | Ruleset | Mapping[str, Any] = "vekn",
    as_of: datetime.date | str | None = None,
    players: int | None = None,
) -> Report:
    """Check a deck against a format's construction rules on a given day.

    Args:
        ruleset: a name from ``RULESETS``, a ``Ruleset``, or a mapping for ``Ruleset.from_dict``.
        as_of: the day the deck is played: a date (or ``YYYY-MM-DD``), ``"deck"`` for the deck's own
            event date (today when it has none), or None for today.
        players: the table size, for formats whose library limit depends on it (default: the format's).

    Raises ``ValueError`` for an unknown ruleset, a bad date or a bad number of players.
    """
    rules = _ruleset(ruleset)
    day = _as_of(as_of, deck)
    # Vampire names the list wrote without their group are settled for this day (``versions``): the report's
    # deck holds the versions checked; the caller's deck is left as it was read.
    deck = settle(deck, cards, day)
    if players is not None and (isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 100):
        raise ValueError(f"players must be a whole number from 1 to 100; got {players!r}.")
    table = players if players is not None else rules.default_players
    facts = _facts(cards)
    names = facts.names
    errors: list[Issue] = []
    warnings: list[Issue] = []

    crypt_count = sum(deck.crypt.values())
    library_count = sum(deck.library.values())

    # Deck sizes (Polish rulebook L56-61; German rulebook L210).
    # Message parameters, spread into ``_issue``'s keyword arguments.
    limits: dict[str, Any] = {
        "min": rules.crypt_min,
        "max": rules.crypt_max,
        "ruleset": rules.name,
        "format": rules.label,
    }
    if crypt_count < rules.crypt_min:
        errors.append(
            _issue(rules, "CRYPT_TOO_SMALL", count=crypt_count, short=rules.crypt_min - crypt_count, **limits)
        )
    elif rules.crypt_max is not None and crypt_count > rules.crypt_max:
        errors.append(
            _issue(rules, "CRYPT_TOO_LARGE", count=crypt_count, excess=crypt_count - rules.crypt_max, **limits)
        )
    low, high = rules.library_limits(table)
    # The table size is part of the limit only where the limit grows with it (the 2011 rulebook).
    limits = {
        "min": low,
        "max": high,
        "players": table if rules.library_per_player is not None else None,
        "ruleset": rules.name,
        "format": rules.label,
    }
    if library_count < low:
        errors.append(_issue(rules, "LIBRARY_TOO_SMALL", count=library_count, short=low - library_count, **limits))
    elif high is not None and library_count > high:
        errors.append(_issue(rules, "LIBRARY_TOO_LARGE", count=library_count, excess=library_count - high, **limits))

    # Crypt groups: one group or two consecutive ones; ANY fits every crypt.
    vampires = [(facts.vampires[card_id], n) for card_id, n in deck.crypt.items() if card_id in facts.vampires]
    groups = tuple(sorted({v.group for v, _ in vampires if v.group}))
    if rules.group_window is not None and groups and groups[-1] - groups[0] >= rules.group_window:
        errors.append(_group_issue(rules, vampires, groups, names))

    # The card pool: bans, release dates, the format's sets and cards. One pass, local names: this
    # loop runs for every card of every deck.
    unknown: list[int] = []
    bad_counts: list[tuple[int, int]] = []
    banned: list[int] = []
    early: dict[datetime.date, list[int]] = {}
    future: dict[datetime.date, list[int]] = {}
    outside: list[int] = []
    check_release = rules.legality_delay_days is not None
    delay = rules.legality_delay_days
    horizon = _horizon(day, rules)  # a card first released after it may not be legal (or out) yet
    first_release = facts.first_release
    ban_dates = facts.ban_dates if rules.bans else {}
    format_bans = rules.banned_cards
    pool_sets, pool_cards = rules.allowed_sets, rules.allowed_cards
    has_pool = pool_sets is not None or pool_cards is not None
    pool_from = facts.pool_from(rules) if has_pool else {}
    for part in (deck.crypt, deck.library):
        for card_id, n in part.items():
            if not 1 <= n <= MAX_COUNT:
                bad_counts.append((card_id, n))
            released = first_release.get(card_id)
            not_yet = False
            if released is None:
                if card_id not in names:
                    unknown.append(card_id)
                    continue
            elif horizon is None or released > horizon:
                legal = facts.legal_day(card_id, released, rules) if check_release else released
                if day < legal:
                    not_yet = True
                    (early if check_release else future).setdefault(legal, []).append(card_id)
            if card_id in ban_dates and day >= ban_dates[card_id] or card_id in format_bans:
                banned.append(card_id)
            # Out of the pool: no allowed printing, or none legal yet on the day, unless the card itself is
            # not legal (or not printed) yet, which is said above.
            if has_pool:
                entered = pool_from.get(card_id)
                if entered is None or (not not_yet and _pool_later(entered, day, horizon, delay)):
                    outside.append(card_id)
    for card_id in banned:
        errors.append(_ban_issue(rules, card_id, facts, day))
    for legal, ids in sorted(early.items()):
        released = min(first_release[i] for i in ids)
        errors.append(
            _issue(
                rules,
                "NOT_YET_LEGAL",
                cards=ids,
                names=[names[i] for i in ids],
                date=legal.isoformat(),
                released=released.isoformat(),
            )
        )
    if outside:
        errors.append(
            _issue(
                rules,
                "NOT_IN_FORMAT",
                cards=outside,
                names=[names[i] for i in outside],
                ruleset=rules.name,
                format=rules.label,
                sets=sorted(pool_sets) if pool_sets else [],
                card_list=bool(pool_cards),
            )
        )

    # What the decklist could not say: unknown names and impossible counts.
    for card_id in unknown:
        errors.append(_issue(rules, "UNKNOWN_CARD", cards=(card_id,), message_id="UNKNOWN_CARD_ID", card=card_id))
    for card_id, n in bad_counts:
        errors.append(
            _issue(
                rules, "COUNT_INVALID", cards=(card_id,), card=card_id, name=names.get(card_id), copies=n, max=MAX_COUNT
            )
        )
    for line in deck.unresolved:
        errors.append(_unresolved_issue(rules, line))

    # Warnings.
    for entry in deck.ambiguous:
        warnings.append(_ambiguous_issue(rules, entry, day, facts))
    if future:
        for released, ids in sorted(future.items()):
            warnings.append(
                _issue(
                    rules,
                    "FUTURE_SET",
                    cards=ids,
                    names=[names[i] for i in ids],
                    date=day.isoformat(),
                    released=released.isoformat(),
                )
            )
    warnings.extend(_requirement_issues(rules, deck, facts, cards))
    in_crypt = deck.crypt
    for vampire, _ in vampires:
        if vampire.base_id is not None and vampire.base_id in in_crypt:
            warnings.append(
                _issue(
                    rules,
                    "ADVANCED_PAIR",
                    cards=(vampire.base_id, vampire.id),
                    card=vampire.base_id,
                    name=names.get(vampire.base_id, ""),
                    advanced=vampire.id,
                )
            )
    warnings.extend(_declared_issues(rules, deck, facts, crypt_count, library_count))

    return Report(
        deck=deck,
        ruleset=rules,
        as_of=day,
        players=table if rules.library_per_player is not None else players,
        crypt_count=crypt_count,
        library_count=library_count,
        groups=groups,
        errors=errors,
        warnings=warnings,
        cards=cards,
    )


def _ruleset(ruleset: str | Ruleset | Mapping[str, Any]) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, str):
        found = RULESETS.get(ruleset)
        if found is None:
            raise ValueError(f"Unknown ruleset {ruleset!r}; known rulesets: {', '.join(RULESETS)}.")
        return found
    if isinstance(ruleset, Mapping):
        return Ruleset.from_dict(ruleset)
    raise ValueError(f"A ruleset is a name ({', '.join(RULESETS)}), a Ruleset or a mapping; got {ruleset!r}.")


def _as_of(as_of: datetime.date | str | None, deck: Deck) -> datetime.date:
    if as_of is None:
        return datetime.date.today()
    if as_of == "deck":
        return deck.event.date if deck.event is not None and deck.event.date else datetime.date.today()
    if isinstance(as_of, datetime.datetime):
        return as_of.date()
    if isinstance(as_of, datetime.date):
        return as_of
    if isinstance(as_of, str):
        try:
            return datetime.date.fromisoformat(as_of)
        except ValueError:
            pass
    raise ValueError(f'as_of must be a date (YYYY-MM-DD), "deck" or nothing; got {as_of!r}.')


def _issue(
    rules: Ruleset,
    code: str,
    message: str | None = None,
    cards: Iterable[int] = (),
    *,
    message_id: str | None = None,
    **params: Any,
) -> Issue:
    """An issue of ``code``, cited from the ruleset: the sentence of ``message_id`` (default: the code,
    see ``messages.MESSAGES``) filled with ``params``. A ready ``message`` is taken as it is, in English
    only (shells cannot translate it: give a message id)."""
    citation = rules.citation(code)
    if message is None:
        message_id = message_id or code
        message = render(message_id, params)
    return Issue(
        code=code,
        message=message,
        rule=_rule_text(citation),
        cards=tuple(cards),
        params=params,
        message_id=message_id or "",
        citation=citation,
    )


_rule_text = functools.lru_cache(maxsize=256)(citation_text)


def _group_issue(
    rules: Ruleset, vampires: list[tuple[_Vampire, int]], groups: tuple[int, ...], names: Mapping[int, str]
) -> Issue:
    # Name the vampires outside the window that keeps the most copies: those are the ones to cut.
    window = rules.group_window or 1
    copies: dict[int, int] = {}
    for vampire, n in vampires:
        copies[vampire.group] = copies.get(vampire.group, 0) + n
    start = max(
        range(groups[0], groups[-1] - window + 2),
        key=lambda s: (sum(copies.get(g, 0) for g in range(s, s + window)), -s),
    )
    kept = range(start, start + window)
    out = [v for v, _ in vampires if v.group and v.group not in kept]
    return _issue(
        rules,
        "CRYPT_GROUPS",
        cards=[v.id for v in out],
        groups=list(groups),
        window=window,
        kept=[start, start + window - 1],
        outside=[{"id": v.id, "name": names[v.id], "group": v.group} for v in out],
    )


def _ban_issue(rules: Ruleset, card_id: int, facts: _Facts, day: datetime.date) -> Issue:
    name = facts.names[card_id]
    if card_id in rules.banned_cards:
        return _issue(
            rules,
            "BANNED_CARD",
            cards=(card_id,),
            message_id="BANNED_IN_FORMAT",
            card=card_id,
            name=name,
            ruleset=rules.name,
            format=rules.label,
        )
    exact = card_id in facts.ban_exact
    return _issue(
        rules,
        "BANNED_CARD",
        cards=(card_id,),
        message_id="BANNED_CARD" if exact else "BANNED_CARD_SINCE_YEAR",
        card=card_id,
        name=name,
        since=facts.ban_dates[card_id].isoformat(),
        exact=exact,
    )


def _unresolved_issue(rules: Ruleset, line: Unresolved) -> Issue:
    text = " ".join(line.text.split())
    if len(text) > 120:
        text = text[:117] + "…"
    if line.reason == "count":
        return _issue(
            rules,
            "COUNT_INVALID",
            message_id="COUNT_INVALID_LINE",
            line=line.line,
            text=text,
            count=line.count,
            max=MAX_COUNT,
        )
    return _issue(rules, "UNKNOWN_CARD", line=line.line, text=text, suggestions=list(line.suggestions))


def _ambiguous_issue(rules: Ruleset, entry: Ambiguous, day: datetime.date, facts: _Facts) -> Issue:
    text = " ".join(entry.text.split())
    if len(text) > 120:
        text = text[:117] + "…"
    others = [{"id": i, "name": facts.unique.get(i, f"#{i}")} for i in entry.candidates if i != entry.chosen]
    return _issue(
        rules,
        "AMBIGUOUS_NAME",
        cards=(entry.chosen,),
        line=entry.line,
        text=text,
        name=entry.name,
        vampire=facts.names.get(entry.chosen, entry.name),
        card=entry.chosen,
        chosen=facts.unique.get(entry.chosen, entry.name),
        others=others,
        reason=entry.reason,
        date=day.isoformat(),
    )


def _requirement_issues(rules: Ruleset, deck: Deck, facts: _Facts, cards: CardIndex) -> list[Issue]:
    # Could a vampire of the crypt play it, after the become-Anarch action if need be? (``eligibility``.)
    book = eligibility.for_cards(cards)
    issues = []
    for card_id in book.unplayable(deck.crypt, deck.library, may_become_anarch=True):
        requirement = book.requirement(card_id)
        assert requirement is not None  # ``unplayable`` lists only cards with a requirement
        issues.append(
            _issue(
                rules,
                "REQUIREMENT_UNMET",
                cards=(card_id,),
                card=card_id,
                name=facts.names[card_id],
                needs=requirement.needs_params(),
            )
        )
    return issues


def _declared_issues(rules: Ruleset, deck: Deck, facts: _Facts, crypt_count: int, library_count: int) -> list[Issue]:
    declared = deck.declared
    issues = []
    if declared.crypt is not None and declared.crypt != crypt_count:
        issues.append(
            _issue(
                rules,
                "DECLARED_COUNT_MISMATCH",
                message_id="DECLARED_CRYPT",
                declared=declared.crypt,
                count=crypt_count,
            )
        )
    if declared.library is not None and declared.library != library_count:
        issues.append(
            _issue(
                rules,
                "DECLARED_COUNT_MISMATCH",
                message_id="DECLARED_LIBRARY",
                declared=declared.library,
                count=library_count,
            )
        )
    if declared.sections:
        section_of = facts.section
        real: dict[str, int] = {}
        for card_id, n in deck.library.items():
            key = section_of.get(card_id)
            if key is not None:
                real[key] = real.get(key, 0) + n
        for title, said in declared.sections.items():
            key = _section_key(title)
            if key not in facts.sections:  # a heading that is no card type ("Combo"): nothing to compare
                continue
            if said != real.get(key, 0):
                members = [card_id for card_id in deck.library if section_of.get(card_id) == key]
                issues.append(
                    _issue(
                        rules,
                        "DECLARED_COUNT_MISMATCH",
                        cards=members,
                        message_id="DECLARED_SECTION",
                        title=title,
                        declared=said,
                        count=real.get(key, 0),
                    )
                )
    if declared.trifles is not None:
        trifles = sum(n for card_id, n in deck.library.items() if card_id in facts.trifles)
        if declared.trifles != trifles:
            issues.append(
                _issue(
                    rules,
                    "DECLARED_COUNT_MISMATCH",
                    message_id="DECLARED_TRIFLES",
                    declared=declared.trifles,
                    count=trifles,
                )
            )
    return issues


@memo.text_memo(maxsize=1024)  # a JSON deck's "type" may be any text: long ones are not kept
def _section_key(title: str) -> str:
    """A library heading as a card type key: "Action Modifier / Combat" → "action modifier/combat"."""
    return "/".join(part.strip() for part in title.lower().split("/"))
