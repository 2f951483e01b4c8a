"""The Veto card list: a CSV the user supplies, read into ``VetoCard`` records and written back.

    card_list = parse_card_list(text)          # or raises CardListError, holding every problem found
    card_list.get("Pani Eufrozyna", "Dama Dworu")
    to_csv(card_list)                          # the same columns: parse → to_csv → parse gives the same list

Veto is out of print and has no card database we could ship, so a player brings the list of the cards
they play. The CSV (UTF-8, comma-separated, a header row first, fields quoted with ``"`` when they hold a
comma) has these columns, in any order; the header may name them in English or in Polish:

* ``name`` (``nazwa``), required: the card's name.
* ``epithet`` (``przydomek``): may be empty. The epithet is part of the name (A 105.1.a): "Podczaszy
  Ambroży, Wierny Sługa" and "Podczaszy Ambroży, Stary Intrygant" are two cards.
* ``type`` (``typ``): ``elekt`` for the elekt/faction card (also ``frakcja``, ``faction``), ``strategy``
  for a strategy card (also ``strategia``), ``other`` for every other card (also ``inna``; empty means
  ``other``). Only these three matter to deck building; the printed type (postać, posesja…) does not.
* ``factions`` (``frakcje``): the crests (A 102), several separated by ``;`` or ``|`` (a card with two
  crests is of both factions, A 102.3); empty for a factionless card. Names are the list's own (the
  Articles name four, 106.1.a: Awanturnicy, Dworscy, Radziwiłłowie, Wiśniowieccy) and compare without
  case or diacritics.
* ``alliance`` (``sojusz``): the alliance mark (A 103); empty for none; several separated by ``;`` or
  ``|`` for a card with more than one mark (A 103.2.b).
* ``keywords`` (``słowa kluczowe``): the keywords that touch deck building, separated by ``;`` or ``|``,
  without case: ``Legendarny`` (D 401.1.u), ``Limitowany`` (D 401.1.v), ``Biesiadny`` (D 401.1.a), or in
  English ``Legendary``, ``Limited``, ``Convivial``. Any other word is an error: a keyword the validator
  does not know would be dropped in silence, and a misspelt "Legendarny" would let a deck through.

A card is identified by its name and epithet, compared without case and with runs of spaces as one:
the same card twice is an error. Blank lines are skipped. ``to_csv`` writes the columns in the order
above, types and keywords in their first spelling (``other``, ``Legendarny``), several values joined by
``;``.

Bounds: at most ``MAX_ROWS`` cards, ``MAX_FIELD`` characters a field, ``MAX_SIZE`` characters (or bytes)
in all. ``parse_card_list`` reports every problem at once, each with the CSV's physical line (a quoted
field may span lines, but no field may hold a line break) and a message id with parameters
(``messages.render`` in Polish or English), up to ``MAX_PROBLEMS`` of them.
"""

from __future__ import annotations

import codecs
import csv
import dataclasses
import functools
import io
import logging
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn

from ..names import fold
from .messages import Lang, render

logger = logging.getLogger(__name__)

MAX_ROWS = 20_000  # a few times every card Veto ever printed
MAX_FIELD = 200  # the longest name with its epithet is a few dozen characters
MAX_SIZE = 5_000_000  # 20,000 rows of about 250 characters: bounds the memory one upload costs
MAX_PROBLEMS = 200  # a file that wrong is the wrong file: the first 200 say so

COLUMNS = ("name", "epithet", "type", "factions", "alliance", "keywords")
EXAMPLE = Path(__file__).with_name("data") / "example.csv"


class CardType(StrEnum):
    """What a card is to deck building: the elekt/faction card (B 207), a strategy card (B 206), or any
    card of the Kredens."""

    ELEKT = "elekt"
    STRATEGY = "strategy"
    OTHER = "other"


class Keyword(StrEnum):
    """The keywords that limit deck building, valued as printed on the cards (bold, D 401.1)."""

    LEGENDARY = "Legendarny"  # D 401.1.u
    LIMITED = "Limitowany"  # D 401.1.v
    CONVIVIAL = "Biesiadny"  # D 401.1.a


# Spellings a list may use, folded (``names.fold``: no case, no diacritics).
_TYPES: dict[str, CardType] = {
    "": CardType.OTHER,
    "elekt": CardType.ELEKT,
    "frakcja": CardType.ELEKT,
    "faction": CardType.ELEKT,
    "strategy": CardType.STRATEGY,
    "strategia": CardType.STRATEGY,
    "other": CardType.OTHER,
    "inna": CardType.OTHER,
}
_KEYWORDS: dict[str, Keyword] = {
    "legendarny": Keyword.LEGENDARY,
    "legendary": Keyword.LEGENDARY,
    "limitowany": Keyword.LIMITED,
    "limited": Keyword.LIMITED,
    "biesiadny": Keyword.CONVIVIAL,
    "convivial": Keyword.CONVIVIAL,
}
_COLUMN_NAMES: dict[str, str] = {
    "name": "name",
    "nazwa": "name",
    "epithet": "epithet",
    "przydomek": "epithet",
    "type": "type",
    "typ": "type",
    "factions": "factions",
    "faction": "factions",
    "frakcje": "factions",
    "frakcja": "factions",
    "alliance": "alliance",
    "alliances": "alliance",
    "sojusz": "alliance",
    "sojusze": "alliance",
    "keywords": "keywords",
    "slowa kluczowe": "keywords",
}
_SEPARATORS = re.compile(r"[;|]")
# Control characters, line breaks and lone surrogates: none belongs in a card's field.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def identity(name: str, epithet: str = "") -> tuple[str, str]:
    """What tells two cards apart: name and epithet without case, runs of spaces as one."""
    return " ".join(name.split()).casefold(), " ".join(epithet.split()).casefold()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class VetoCard:
    """One card of the list, as deck building sees it."""

    name: str
    epithet: str = ""
    type: CardType = CardType.OTHER
    factions: tuple[str, ...] = ()  # crests as the list writes them
    alliances: tuple[str, ...] = ()  # alliance marks as the list writes them
    keywords: frozenset[Keyword] = frozenset()

    @property
    def key(self) -> tuple[str, str]:
        return identity(self.name, self.epithet)

    @property
    def full_name(self) -> str:
        """ "Podczaszy Ambroży, Wierny Sługa": how decklists and messages name the card."""
        return f"{self.name}, {self.epithet}" if self.epithet else self.name

    @property
    def is_special(self) -> bool:
        """An elekt/faction or strategy card: it sits on the Special Cards Field, not in the Kredens (210.1)."""
        return self.type is not CardType.OTHER


@dataclasses.dataclass(frozen=True)
class VetoCardList:
    """The cards a player supplied, in the list's order; no two share a name and epithet."""

    cards: tuple[VetoCard, ...]
    _by_key: dict[tuple[str, str], VetoCard] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[tuple[str, str], VetoCard] = {}
        for card in self.cards:
            if card.key in index:
                raise ValueError(f"The card list holds {card.full_name!r} twice.")
            index[card.key] = card
        object.__setattr__(self, "_by_key", index)

    def get(self, name: str, epithet: str = "") -> VetoCard | None:
        return self._by_key.get(identity(name, epithet))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[VetoCard]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, VetoCard) and self._by_key.get(card.key) == card

    # Decklists are typed by hand: these find a card by its folded spelling (``names.fold``: no case, no
    # diacritics, no punctuation), built once per list.
    @functools.cached_property
    def by_folded_name(self) -> Mapping[str, tuple[VetoCard, ...]]:
        """Cards by their folded name and epithet together ("pani eufrozyna dama dworu")."""
        return _group(self.cards, lambda card: fold(f"{card.name} {card.epithet}"))

    @functools.cached_property
    def by_folded_bare_name(self) -> Mapping[str, tuple[VetoCard, ...]]:
        """Cards by their folded name alone: the versions of a name, whatever their epithets."""
        return _group(self.cards, lambda card: fold(card.name))


def _group(cards: Sequence[VetoCard], key: Callable[[VetoCard], str]) -> dict[str, tuple[VetoCard, ...]]:
    grouped: dict[str, list[VetoCard]] = {}
    for card in cards:
        grouped.setdefault(key(card), []).append(card)
    return {k: tuple(v) for k, v in grouped.items()}


def load_example() -> VetoCardList:
    """The invented list the tests build their decks from (``data/example.csv``)."""
    return parse_card_list(EXAMPLE.read_text(encoding="utf-8"))


# --- problems ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class CardListProblem:
    """One thing wrong with a card list, at a physical line of the CSV."""

    line: int
    message_id: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def message(self, lang: Lang = "pl") -> str:
        """ "Wiersz 4: Nieznany typ karty „postac”…"."""
        return render("AT_LINE", {"line": self.line, "message": render(self.message_id, self.params, lang)}, lang)

    def to_dict(self, lang: Lang = "pl") -> dict[str, Any]:
        return {
            "line": self.line,
            "message_id": self.message_id,
            "message": self.message(lang),
            "params": dict(self.params),
        }


class CardListError(ValueError):
    """A card list we refuse, with every problem found (``problems``, in line order). ``str()`` is English,
    for logs; ``message(lang)`` and each problem's ``message(lang)`` are for the user."""

    def __init__(self, problems: Sequence[CardListProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__(self.message("en"))

    def message(self, lang: Lang = "pl") -> str:
        return "\n".join(problem.message(lang) for problem in self.problems)

    def to_dict(self, lang: Lang = "pl") -> dict[str, Any]:
        return {"problems": [problem.to_dict(lang) for problem in self.problems]}


class _Stop(Exception):
    """Reading gives up: MAX_PROBLEMS reached, or a problem past which no line can be read."""


class _Problems:
    def __init__(self) -> None:
        self.found: list[CardListProblem] = []

    def add(self, line: int, message_id: str, **params: Any) -> None:
        self.found.append(CardListProblem(line, message_id, params))
        if len(self.found) >= MAX_PROBLEMS:
            self.found.append(CardListProblem(line, "CARDS_TOO_MANY_ERRORS", {"limit": MAX_PROBLEMS}))
            raise _Stop

    def stop(self, line: int, message_id: str, **params: Any) -> NoReturn:
        self.found.append(CardListProblem(line, message_id, params))
        raise _Stop


# --- reading -----------------------------------------------------------------------------------


def parse_card_list(source: str | bytes) -> VetoCardList:
    """The card list in ``source`` (text, or the bytes of an uploaded file in UTF-8).

    Raises ``CardListError`` holding every problem found, each at its line."""
    problems = _Problems()
    cards: list[VetoCard] = []
    try:
        text = _text(source, problems)
        cards = _read(text, problems)
    except _Stop:
        pass
    if problems.found:
        raise CardListError(problems.found)
    return VetoCardList(tuple(cards))


def _text(source: str | bytes, problems: _Problems) -> str:
    if len(source) > MAX_SIZE:
        problems.stop(_line_of(source, MAX_SIZE), "CARDS_TOO_LARGE", size=len(source), limit=MAX_SIZE)
    if isinstance(source, bytes):
        source = source.removeprefix(codecs.BOM_UTF8)
        # A NUL never occurs in text, in any encoding a spreadsheet writes but UTF-16 (which we refuse).
        if b"\x00" in source:
            problems.stop(_line_of(source, source.index(b"\x00")), "CARDS_BINARY")
        try:
            text = source.decode("utf-8")
        except UnicodeDecodeError as exc:
            problems.stop(_line_of(source, exc.start), "CARDS_NOT_UTF8")
    else:
        text = source.removeprefix("\ufeff")
        if "\x00" in text:
            problems.stop(_line_of(text, text.index("\x00")), "CARDS_BINARY")
    if not text.strip():
        problems.stop(1, "CARDS_EMPTY")
    return text


def _line_of(source: str | bytes, offset: int) -> int:
    if isinstance(source, bytes):
        return source[:offset].count(b"\n") + 1
    return source[:offset].count("\n") + 1


def _rows(text: str, problems: _Problems) -> Iterator[tuple[int, list[str]]]:
    """Each non-blank row with the physical line it starts on."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            # Past a broken quote no row boundary can be trusted: stop, at the line the reader reached.
            problems.stop(reader.line_num, "CARDS_CSV_ERROR", detail=str(exc))
        line, start = start, reader.line_num + 1
        if any(cell.strip() for cell in row):
            yield line, row


def _read(text: str, problems: _Problems) -> list[VetoCard]:
    rows = _rows(text, problems)
    header_line, header = next(rows, (1, []))
    columns = _columns(header_line, header, problems)
    cards: list[VetoCard] = []
    first_lines: dict[tuple[str, str], int] = {}
    last_line = header_line
    for count, (line, row) in enumerate(rows, start=1):
        last_line = line
        if count > MAX_ROWS:
            problems.stop(line, "CARDS_TOO_MANY_ROWS", limit=MAX_ROWS)
        card = _card(line, row, columns, len(header), problems)
        if card is None:
            continue
        first = first_lines.setdefault(card.key, line)
        if first != line:
            problems.add(line, "CARDS_DUPLICATE_CARD", name=card.full_name, first_line=first)
            continue
        cards.append(card)
    if not cards and not problems.found:
        problems.add(last_line + 1, "CARDS_NO_ROWS")
    return cards


def _columns(line: int, header: list[str], problems: _Problems) -> dict[str, int]:
    """Where each known column is; unknown, repeated and missing columns reported."""
    columns: dict[str, int] = {}
    for index, raw in enumerate(header):
        written = raw.strip()
        if not written:
            continue  # spreadsheets end rows with empty cells: a column without a name holds nothing
        column = _COLUMN_NAMES.get(fold(written))
        if column is None:
            # Refused rather than skipped: "frakcje " misspelt would otherwise leave every card factionless.
            problems.add(line, "CARDS_UNKNOWN_COLUMN", column=written[:MAX_FIELD], known=list(COLUMNS))
        elif column in columns:
            problems.add(line, "CARDS_DUPLICATE_COLUMN", column=written[:MAX_FIELD])
        else:
            columns[column] = index
    if "name" not in columns:
        problems.stop(line, "CARDS_MISSING_COLUMN", column="name")
    return columns


def _card(line: int, row: list[str], columns: Mapping[str, int], width: int, problems: _Problems) -> VetoCard | None:
    if len(row) > width and any(cell.strip() for cell in row[width:]):
        problems.add(line, "CARDS_TOO_MANY_FIELDS", count=len(row), expected=width)
        return None
    fields: dict[str, str] = {}
    readable = True
    for column, index in columns.items():
        value = row[index].strip() if index < len(row) else ""
        if len(value) > MAX_FIELD:
            problems.add(line, "CARDS_FIELD_TOO_LONG", column=column, length=len(value), limit=MAX_FIELD)
            readable = False
        elif _CONTROL.search(value):
            problems.add(line, "CARDS_CONTROL_CHARACTER", column=column)
            readable = False
        fields[column] = value
    if not readable:
        return None
    if not fields["name"]:
        problems.add(line, "CARDS_NAME_MISSING")
        readable = False
    kind = _TYPES.get(fold(fields.get("type", "")))
    if kind is None:
        problems.add(line, "CARDS_BAD_TYPE", value=fields["type"], known=[t.value for t in CardType])
        readable = False
    keywords: set[Keyword] = set()
    for word in _split(fields.get("keywords", "")):
        keyword = _KEYWORDS.get(fold(word))
        if keyword is None:
            problems.add(line, "CARDS_UNKNOWN_KEYWORD", value=word, known=[k.value for k in Keyword])
            readable = False
        else:
            keywords.add(keyword)
    if not readable or kind is None:
        return None
    return VetoCard(
        name=fields["name"],
        epithet=fields.get("epithet", ""),
        type=kind,
        factions=_split(fields.get("factions", "")),
        alliances=_split(fields.get("alliance", "")),
        keywords=frozenset(keywords),
    )


def _split(value: str) -> tuple[str, ...]:
    """ "Dworscy; Wiśniowieccy" → ("Dworscy", "Wiśniowieccy"): empty parts dropped, the same name once."""
    parts: dict[str, str] = {}
    for part in _SEPARATORS.split(value):
        part = part.strip()
        if part:
            parts.setdefault(fold(part) or part, part)
    return tuple(parts.values())


# --- writing -----------------------------------------------------------------------------------


def to_csv(card_list: VetoCardList) -> str:
    """The list as a CSV with the columns of ``COLUMNS``; ``parse_card_list`` reads it back equal."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for card in card_list:
        writer.writerow(
            [
                card.name,
                card.epithet,
                card.type.value,
                ";".join(card.factions),
                ";".join(card.alliances),
                ";".join(keyword.value for keyword in Keyword if keyword in card.keywords),
            ]
        )
    return buffer.getvalue()
