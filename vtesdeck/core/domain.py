"""The VTES card vocabulary as plain dataclasses.

Everything the deck builder, the validator and the rules engine need to know about a card, structured
once when the VEKN CSVs are read (see ``carddb``) so no caller ever re-parses card text. The types
round-trip through ``to_dict``/``from_dict`` so the Django side can store a card as JSON and rebuild
the very same object.
"""

from __future__ import annotations

import dataclasses
import datetime
from enum import StrEnum
from typing import Any

# Trigram → name. Crypt cards print trigrams (upper case = superior), library cards print names.
DISCIPLINES: dict[str, str] = {
    "abo": "Abombwe",
    "ani": "Animalism",
    "aus": "Auspex",
    "cel": "Celerity",
    "chi": "Chimerstry",
    "dai": "Daimoinon",
    "dem": "Dementation",
    "dom": "Dominate",
    "fli": "Flight",
    "for": "Fortitude",
    "mal": "Maleficia",
    "mel": "Melpominee",
    "myt": "Mytherceria",
    "nec": "Necromancy",
    "obe": "Obeah",
    "obf": "Obfuscate",
    "obl": "Oblivion",
    "obt": "Obtenebration",
    "pot": "Potence",
    "pre": "Presence",
    "pro": "Protean",
    "qui": "Quietus",
    "san": "Sanguinus",
    "ser": "Serpentis",
    "spi": "Spiritus",
    "str": "Striga",
    "tem": "Temporis",
    "tha": "Thaumaturgy",
    "thn": "Thanatosis",
    "val": "Valeren",
    "vic": "Vicissitude",
    "vis": "Visceratika",
}
# Imbued virtues. Vision is "viz" so it cannot be confused with Visceratika.
VIRTUES: dict[str, str] = {
    "def": "Defense",
    "inn": "Innocence",
    "jud": "Judgment",
    "mar": "Martyrdom",
    "red": "Redemption",
    "ven": "Vengeance",
    "viz": "Vision",
}
TRAITS_BY_NAME: dict[str, str] = {name.lower(): code for code, name in {**DISCIPLINES, **VIRTUES}.items()}

SECTS = ("Camarilla", "Sabbat", "Anarch", "Independent", "Laibon")

# Votes a title gives (rulebook: political actions, "titles"); "1 vote"/"2 votes" are independent titles.
TITLE_VOTES: dict[str, int] = {
    "primogen": 1,
    "prince": 2,
    "justicar": 3,
    "inner circle": 4,
    "bishop": 1,
    "archbishop": 2,
    "priscus": 3,
    "cardinal": 3,
    "regent": 4,
    "baron": 2,
    "magaji": 2,
    "1 vote": 1,
    "2 votes": 2,
}

# Crypt groups a deck may mix are 1..7; "ANY" vampires fit any crypt.
ANY_GROUP = "ANY"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Discipline:
    """A discipline (or Imbued virtue) a vampire has, at inferior or superior level."""

    code: str  # lower-case trigram, e.g. "aus"
    superior: bool = False

    @property
    def name(self) -> str:
        return DISCIPLINES.get(self.code) or VIRTUES.get(self.code, self.code)

    @property
    def is_virtue(self) -> bool:
        return self.code in VIRTUES

    def __str__(self) -> str:
        return self.code.upper() if self.superior else self.code


@dataclasses.dataclass(frozen=True, kw_only=True)
class Cost:
    """A pool, blood or conviction cost: a number, or "X" (decided when played)."""

    value: int | None  # None means X
    kind: str  # "pool", "blood" or "conviction"

    @property
    def is_x(self) -> bool:
        return self.value is None

    def __str__(self) -> str:
        return "X" if self.value is None else str(self.value)


@dataclasses.dataclass(frozen=True, kw_only=True)
class DisciplineRequirement:
    """Disciplines a library card asks for.

    ``all`` is the VEKN "A & B" form (the minion needs every one), ``any`` the "A/B" form (one of
    them: the card has a line of text per discipline).
    """

    class Mode(StrEnum):
        NONE = "none"
        ANY = "any"
        ALL = "all"

    mode: Mode = Mode.NONE
    codes: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, kw_only=True)
class Requirements:
    """Who may play a library card, beyond disciplines: from the Clan column and vteslibmeta.csv."""

    clans: tuple[str, ...] = ()  # any of these clans
    titles: tuple[str, ...] = ()  # any of these titles ("titled" = any title)
    sects: tuple[str, ...] = ()  # any of these sects
    capacity_min: int | None = None
    capacity_max: int | None = None
    other: tuple[str, ...] = ()  # "black hand", "non-sterile", "red list", "2 Gehenna"…


@dataclasses.dataclass(frozen=True, kw_only=True)
class Printing:
    """One appearance of a card in a set, as the CSV's Set column writes it (``CE:PTo3``)."""

    set: str  # set abbreviation, e.g. "CE"
    code: str = ""  # raw rarity/precon code after the colon, e.g. "PTo3"
    # rarity, precon and copies are what ``printings.read_code`` reads in ``code`` (it also gives each precon's copies)
    rarity: str = ""  # C, U, R, V… with frequency suffix kept ("U2")
    precon: str = ""  # precon deck code ("To" in "PTo3"), several "/"-joined ("L/M/Tr" in "PL7/PM12/PTr12")
    copies: int | None = None  # copies in that precon or fixed set, when printed; None when in several precons
    # The set's release day (vtessets.csv; a promo's from its name): formats whose pool is a list of sets
    # take a card in from the day its printing in one of them came out, not from the card's first release.
    released: datetime.date | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class CardSet:
    """A VTES expansion or promo, from vtessets.csv."""

    abbrev: str
    name: str
    release_date: datetime.date | None = None
    company: str = ""
    vekn_id: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Ruling:
    text: str
    references: tuple[str, ...] = ()  # "LSJ 19980302-2"…


@dataclasses.dataclass(frozen=True, kw_only=True)
class Card:
    """One official card, crypt or library. Crypt-only and library-only fields stay at their default on
    the other kind."""

    class Kind(StrEnum):
        CRYPT = "crypt"
        LIBRARY = "library"

    id: int
    kind: Kind
    name: str  # the official VEKN name, as decklists write it: "Rack, The"
    printed_name: str  # as printed on the card: "The Rack"
    unique_name: str  # tells versions apart: "Alan Sovereign (ADV)", "Theo Bell (G2)"
    aka: tuple[str, ...] = ()
    types: tuple[str, ...] = ()  # ("Action Modifier", "Reaction"); crypt: ("Vampire",) or ("Imbued",)
    clans: tuple[str, ...] = ()  # crypt: the clan (or creed); library: clans that may play it
    path: str = ""
    text: str = ""
    flavor: str = ""
    artists: tuple[str, ...] = ()
    banned_year: int | None = None
    printings: tuple[Printing, ...] = ()
    first_release: datetime.date | None = None
    name_forms: tuple[str, ...] = ()  # folded names a decklist may use for this card
    rulings: tuple[Ruling, ...] = ()
    # crypt
    group: str = ""  # "1".."7" or "ANY"
    capacity: int | None = None
    disciplines: tuple[Discipline, ...] = ()
    title: str = ""
    votes: int = 0
    sect: str = ""
    advanced: bool = False
    base_id: int | None = None  # the base vampire of an advanced one
    traits: tuple[str, ...] = ()  # "black hand", "red list", "infernal", "slave", "sterile"…
    # library
    discipline_requirement: DisciplineRequirement = DisciplineRequirement()
    requirements: Requirements = Requirements()
    pool_cost: Cost | None = None
    blood_cost: Cost | None = None
    conviction_cost: Cost | None = None
    burn_option: bool = False
    capacity_change: str = ""  # the library CSV's Capacity column: "+1" on master disciplines…

    @property
    def is_crypt(self) -> bool:
        return self.kind is Card.Kind.CRYPT

    @property
    def is_imbued(self) -> bool:
        return "Imbued" in self.types

    @property
    def banned(self) -> bool:
        return self.banned_year is not None

    def has_discipline(self, code: str, *, superior: bool = False) -> bool:
        return any(d.code == code and (d.superior or not superior) for d in self.disciplines)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _to_jsonable(dataclasses.asdict(self))  # a dict stays a dict
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        d = dict(data)
        d["kind"] = Card.Kind(d["kind"])
        for key in ("aka", "types", "clans", "artists", "name_forms", "traits"):
            d[key] = tuple(d.get(key, ()))
        d["printings"] = tuple(
            Printing(**{**p, "released": datetime.date.fromisoformat(p["released"]) if p.get("released") else None})
            for p in d.get("printings", ())
        )
        d["rulings"] = tuple(Ruling(text=r["text"], references=tuple(r["references"])) for r in d.get("rulings", ()))
        d["disciplines"] = tuple(Discipline(**x) for x in d.get("disciplines", ()))
        dr = d.get("discipline_requirement") or {}
        d["discipline_requirement"] = DisciplineRequirement(
            mode=DisciplineRequirement.Mode(dr.get("mode", "none")), codes=tuple(dr.get("codes", ()))
        )
        rq = d.get("requirements") or {}
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in rq.items()}
        d["requirements"] = Requirements(**fields)
        for key in ("pool_cost", "blood_cost", "conviction_cost"):
            if d.get(key) is not None:
                d[key] = Cost(**d[key])
        if d.get("first_release"):
            d["first_release"] = datetime.date.fromisoformat(d["first_release"])
        return cls(**d)


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_jsonable(v) for v in value]
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value
