"""A player's card collection, without Django: precons from the card data, collection files, and what a deck
needs from what one owns.

* **Precons.** The official CSVs' Set column says which preconstructed decks a card came in and how many copies:
  ``CE:PTo3`` (Camarilla Edition, Toreador precon, 3 copies), ``Third:PB2/SKB1`` (Third Edition Brujah precon,
  2 copies; Brujah *starter kit*, 1 copy), ``Third:PTr5/PTz2/SKTr4/SKTz2`` (one printing in four decks). Each
  printing's code is read by ``printings.read_code``, as the card pages read it, which names the products too
  ("Fifth Edition", "Malkavian"). A bare code is one copy: ``C/PA`` is one Assamite precon copy (``PA2`` two).
* **Files.** VDB's inventory CSV (``Quantity,Card ID``), Lackey's text deck (``3<TAB>Name``, and its ``.dek``),
  and ours (JSON and CSV keeping printing, language and note). Lackey and VDB files are read by the decklist
  readers (``decklist.parse``); a file naming any card we cannot find is refused whole.
* **Needs.** What a deck lacks from what one owns (less what fixed decks hold), and the cards whose copies at
  hand come from different printings: their backs differ, which the VEKN tournament rules (§4.1: cards must not
  be told apart by their backs) allow only in opaque sleeves.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import decklist
from .carddb import CardIndex
from .deck import Deck
from .numbers import whole_number
from .printings import read_code

__all__ = [
    "FORMATS",
    "CollectionFileError",
    "Holding",
    "Line",
    "Precon",
    "assign_printings",
    "export",
    "merged",
    "missing",
    "precon_pieces",
    "precons",
    "owned_copies",
    "read",
]

MAX_LINES = 20_000  # distinct rows of one collection file (a complete collection is about 4,000 cards)
MAX_COUNT = 10_000  # copies of one card on one row
MAX_TEXT = 200  # characters of a set, language or note field


class CollectionFileError(ValueError):
    """A collection file that cannot be read: ``code`` and ``params`` say why (the shells word it), ``line`` where
    (0 when the whole file is wrong)."""

    def __init__(self, code: str, *, line: int = 0, **params: Any) -> None:
        self.code, self.line, self.params = code, line, params
        where = f"line {line}: " if line else ""
        super().__init__(f"{where}{code} {params}" if params else f"{where}{code}")


# --- precons -------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Precon:
    """One preconstructed deck or starter kit: ``key`` ``"Third:SKB"``, its cards (VEKN id → copies)."""

    key: str
    set: str
    code: str  # "PB", "SKB"
    starter_kit: bool
    cards: dict[int, int]
    name: str = ""  # the product's name in the card data ("Brujah antitribu"), "" when it has none

    @property
    def size(self) -> int:
        return sum(self.cards.values())


def precon_pieces(code: str, abbrev: str = "") -> list[tuple[str, int]]:
    """The precons a printing's code names, with copies: ``"PTr5/PTz2/SKTr4/SKTz2"`` →
    ``[("PTr", 5), ("PTz", 2), ("SKTr", 4), ("SKTz", 2)]``; a code without a number means one copy. With the
    set, its other named products too (``"DoF3"`` in ``SP``)."""
    return [(precon.code, precon.copies) for precon in read_code(abbrev, code).precons]


def precons(cards: CardIndex) -> dict[str, Precon]:
    """Every precon and starter kit the card list names, by key (``"CE:PTo"``), in set then code order."""
    contents: dict[tuple[str, str], dict[int, int]] = {}
    names: dict[tuple[str, str], str] = {}
    for card in cards:
        for printing in card.printings:
            for precon in read_code(printing.set, printing.code).precons:
                deck = contents.setdefault((printing.set, precon.code), {})
                deck[card.id] = deck.get(card.id, 0) + precon.copies
                names[printing.set, precon.code] = precon.name
    return {
        f"{abbrev}:{code}": Precon(
            key=f"{abbrev}:{code}",
            set=abbrev,
            code=code,
            starter_kit=code.startswith("SK"),
            cards=found,
            name=names[abbrev, code],
        )
        for (abbrev, code), found in sorted(contents.items())
    }


# --- collection files ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Line:
    """Copies of one card, as a file lists them (``set``: a set abbreviation, "" when not said)."""

    card_id: int
    count: int
    set: str = ""
    language: str = ""
    note: str = ""

    @property
    def key(self) -> tuple[int, str, str]:
        """What one row of a collection holds: a card in one printing and language."""
        return (self.card_id, self.set, self.language)


def merged(lines: Iterable[Line]) -> dict[tuple[int, str, str], Line]:
    """The lines added up per card, printing and language (a file may list a row twice; a history's changes sum
    to a collection): copies summed, the last note given kept."""
    rows: dict[tuple[int, str, str], Line] = {}
    for line in lines:
        key = (line.card_id, line.set, line.language)  # line.key, without a call per line of a whole collection
        before = rows.get(key)
        if before is not None:
            line = dataclasses.replace(line, count=before.count + line.count, note=line.note or before.note)
        rows[key] = line
    return rows


FORMATS = {
    "vdb-csv": "VDB inventory CSV (Quantity,Card ID)",
    "lackey": "LackeyCCG deck (text or .dek)",
    "json": "vtesdeck JSON",
    "csv": "vtesdeck CSV (count, card id, name, set, language, note)",
}
JSON_FORMAT = "vtesdeck-collection"
VDB_HEADER = "Quantity,Card ID"
OUR_CSV_HEADER = ("count", "card_id", "name", "set", "language", "note")


def read(data: bytes | str, cards: CardIndex, format: str | None = None) -> list[Line]:
    """The lines of a collection file (``format`` one of ``FORMATS``, else detected). Raises
    ``CollectionFileError`` for anything that is not a whole, readable collection."""
    if format is not None and format not in FORMATS:
        raise CollectionFileError("unknown_format", format=format, known=", ".join(FORMATS))
    try:
        text = decklist.decode(data)
    except decklist.DecklistError as exc:
        raise CollectionFileError("unreadable", reason=str(exc)) from None
    format = format or detect(text)
    if format == "json":
        lines = _read_json(text, cards)
    elif format == "csv":
        lines = _read_our_csv(text, cards)
    else:
        lines = _read_decklist(text, cards, format)
    if not lines:
        raise CollectionFileError("empty")
    return lines


def detect(text: str) -> str:
    head = text.lstrip()[:200]
    if head[:1] in "{[":
        return "json"
    first = head.splitlines()[0].lower().replace(" ", "") if head else ""
    if first.startswith("count,card_id"):
        return "csv"
    if "\t" in head or head.startswith("<"):
        return "lackey"
    return "vdb-csv"


def _read_decklist(text: str, cards: CardIndex, format: str) -> list[Line]:
    if format == "lackey":
        name = "lackey-dek" if text.lstrip().startswith("<") else "lackey"
    else:
        name = "csv"
    try:
        deck = decklist.parse(text, cards, format=name)
    except decklist.DecklistError as exc:
        raise CollectionFileError("unreadable", reason=str(exc)) from None
    if deck.unresolved:
        first = deck.unresolved[0]
        raise CollectionFileError("unknown_card", line=first.line, text=first.text.strip()[:MAX_TEXT])
    return [Line(card_id=i, count=n) for part in (deck.crypt, deck.library) for i, n in part.items()]


def _read_json(text: str, cards: CardIndex) -> list[Line]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CollectionFileError("bad_json", reason=str(exc)[:MAX_TEXT]) from None
    rows = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(rows, list):
        raise CollectionFileError("json_shape")
    if len(rows) > MAX_LINES:
        raise CollectionFileError("too_many_lines", limit=MAX_LINES)
    lines: list[Line] = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise CollectionFileError("json_shape", line=number)
        lines.append(
            _line(number, cards, row.get("id"), row.get("count"), row.get("set"), row.get("language"), row.get("note"))
        )
    return lines


def _read_our_csv(text: str, cards: CardIndex) -> list[Line]:
    reader = csv.reader(io.StringIO(text, newline=""))
    lines: list[Line] = []
    try:
        header = [h.strip().lower() for h in next(reader, [])]
        if "count" not in header or "card_id" not in header:
            raise CollectionFileError("csv_header", expected=",".join(OUR_CSV_HEADER))
        column = {name: header.index(name) for name in OUR_CSV_HEADER if name in header}
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            number = reader.line_num
            if len(lines) >= MAX_LINES:
                raise CollectionFileError("too_many_lines", limit=MAX_LINES)

            def cell(name: str, row: list[str] = row) -> str:
                index = column.get(name)
                return row[index].strip() if index is not None and index < len(row) else ""

            lines.append(
                _line(number, cards, cell("card_id"), cell("count"), cell("set"), cell("language"), cell("note"))
            )
    except csv.Error as exc:
        raise CollectionFileError("bad_csv", line=reader.line_num, reason=str(exc)) from None
    return lines


def _line(number: int, cards: CardIndex, card_id: Any, count: Any, set: Any, language: Any, note: Any) -> Line:
    whole = _whole(card_id)
    if whole is None or whole not in cards:
        raise CollectionFileError("unknown_card", line=number, text=str(card_id)[:MAX_TEXT])
    copies = _whole(count)
    if copies is None or not 1 <= copies <= MAX_COUNT:
        raise CollectionFileError("bad_count", line=number, count=str(count)[:MAX_TEXT], limit=MAX_COUNT)
    texts = []
    for value in (set, language, note):
        if value is not None and not isinstance(value, str | int):
            raise CollectionFileError("bad_text", line=number)
        value = "" if value is None else str(value).strip()
        if len(value) > MAX_TEXT:
            raise CollectionFileError("text_too_long", line=number, limit=MAX_TEXT)
        texts.append(value)
    return Line(card_id=whole, count=copies, set=texts[0], language=texts[1], note=texts[2])


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    return whole_number(value) if isinstance(value, str) else None


def export(lines: Sequence[Line], cards: CardIndex, format: str) -> str:
    """A collection file in ``format`` (``FORMATS``); VDB and Lackey files keep one row per card (their
    formats have no printing, language or note)."""
    if format == "json":
        rows = [
            {
                "id": line.card_id,
                "name": _name(cards, line.card_id),
                "count": line.count,
                "set": line.set,
                "language": line.language,
                "note": line.note,
            }
            for line in lines
        ]
        return json.dumps({"format": JSON_FORMAT, "version": 1, "cards": rows}, ensure_ascii=False, indent=1) + "\n"
    if format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(OUR_CSV_HEADER)
        for line in lines:
            writer.writerow([line.count, line.card_id, _name(cards, line.card_id), line.set, line.language, line.note])
        return out.getvalue()
    totals = totals_of(lines)
    if format == "vdb-csv":
        return VDB_HEADER + "\n" + "".join(f"{count},{card_id}\n" for card_id, count in totals.items())
    if format == "lackey":
        deck = Deck()
        for card_id, count in totals.items():
            card = cards.get(card_id)
            if card is not None:
                (deck.crypt if card.is_crypt else deck.library)[card_id] = count
        return decklist.export(deck, cards, "lackey")
    raise CollectionFileError("unknown_format", format=format, known=", ".join(FORMATS))


def _name(cards: CardIndex, card_id: int) -> str:
    card = cards.get(card_id)
    return card.unique_name if card is not None else ""


def totals_of(lines: Iterable[Line]) -> dict[int, int]:
    """Copies per card, whatever their printing or language."""
    totals: dict[int, int] = {}
    for line in lines:
        totals[line.card_id] = totals.get(line.card_id, 0) + line.count
    return totals


# --- what a deck needs ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Holding:
    """Owned copies of a card in one printing (``set`` "" when unknown)."""

    card_id: int
    set: str
    count: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Shortfall:
    card_id: int
    needed: int
    owned: int  # copies in the collection
    held: int  # of those, held by other (fixed) decks
    have: int  # copies this deck can have: min(needed, owned - held)

    @property
    def missing(self) -> int:
        return self.needed - self.have


def missing(needs: Mapping[int, int], owned: Mapping[int, int], held: Mapping[int, int]) -> list[Shortfall]:
    """For each card the deck plays: what it needs, what the collection has for it once other fixed decks took
    theirs (``held``), and so what is missing."""
    rows = []
    for card_id, needed in needs.items():
        total = owned.get(card_id, 0)
        taken = min(held.get(card_id, 0), total)
        rows.append(Shortfall(card_id=card_id, needed=needed, owned=total, held=taken, have=min(needed, total - taken)))
    return rows


def assign_printings(needs: Mapping[int, int], holdings: Iterable[Holding]) -> dict[int, list[tuple[str, int]]]:
    """The printings a deck's copies come from, the largest printing first (so a card is mixed only when no
    single printing has enough copies); only cards whose assigned copies span two or more known printings are
    returned. Copies of an unknown printing ("") count as neither."""
    by_card: dict[int, dict[str, int]] = {}
    for holding in holdings:
        if holding.card_id in needs and holding.count > 0:
            sets = by_card.setdefault(holding.card_id, {})
            sets[holding.set] = sets.get(holding.set, 0) + holding.count
    mixed = {}
    for card_id, sets in by_card.items():
        left, taken = needs[card_id], []
        for abbrev, count in sorted(sets.items(), key=lambda item: (item[0] == "", -item[1], item[0])):
            if left <= 0:
                break
            use = min(left, count)
            taken.append((abbrev, use))
            left -= use
        if len([abbrev for abbrev, _count in taken if abbrev]) > 1:
            mixed[card_id] = taken
    return mixed


def owned_copies(needs: Mapping[int, int], available: Mapping[int, int]) -> int:
    """How many of a deck's card copies one has (each card up to what the deck plays): the ``buildable`` filters'
    measure, over the deck's copies (the filters compute it in SQL; this is its definition)."""
    return sum(min(n, max(available.get(card_id, 0), 0)) for card_id, n in needs.items())
