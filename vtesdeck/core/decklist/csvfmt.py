"""Format ``csv``: a spreadsheet of counts, one card per row.

    count,id,name
    2,200076,Anson
    4,100199,Bum's Rush

What we write is above (``count,id,name``, crypt rows first). What we read is any such table, with or
without a header line: ``Quantity,Card ID``, ``Quantity,Card Name``, extra columns in any order (a
header names them; without one the first column is the count, then an id or a name), and ``;`` as the
separator when a spreadsheet in a comma-decimal locale saved it. The id wins when we know it; else the
name is resolved; else the row is kept as an unresolved line.
"""

from __future__ import annotations

import csv
import io
import logging
import re

from ..carddb import CardIndex
from ..deck import Deck
from ..messages import gettext_noop
from ..versions import settle
from .base import DecklistError, Format
from .entries import Entries, parse_count

logger = logging.getLogger(__name__)

# Header words, folded to lower case without spaces, underscores or dashes.
_COUNT_HEADERS = frozenset({"count", "quantity", "qty", "number", "copies", "amount", "q", "n", "nb"})
_ID_HEADERS = frozenset({"id", "cardid", "veknid", "vekn", "cid"})
_NAME_HEADERS = frozenset({"name", "cardname", "card", "title"})
_SECTION_HEADERS = frozenset({"section", "kind", "type", "cardtype", "part", "zone"})
_HEADER_WORD = re.compile(r"[\s_\-]+")

# Detection: a header naming a count and an id or name column, or rows of "count,<id or name>".
_FIRST_ROW = re.compile(r"\s*\"?\d{1,5}\"?\s*[,;]")
_ID_ROW = re.compile(r"^\s*\"?\d{1,5}\"?\s*[,;]\s*\"?[12]\d{5}\"?\s*(?:[,;]|$)", re.MULTILINE)
_COLUMN_NAME = re.compile(r"^(?:\w[\w .#()/&'+-]{0,40})?$")
_NAME_ROW = re.compile(r"^\s*\"?\d{1,5}\"?\s*[,;]\s*\"?[A-Za-z\u00c0-\u024f]", re.MULTILINE)


def detect(text: str) -> float:
    head = text[:1024]
    first = head.lstrip().split("\n", 1)[0]
    if "," not in first and ";" not in first:
        return 0.0
    # Cells as CSV quotes them: ELDB's first line, '"Count, id and name"', is one quoted text, not three.
    delimiter = ";" if first.count(";") > first.count(",") else ","
    cells = [cell.strip() for cell in next(csv.reader([first.strip()], delimiter=delimiter, skipinitialspace=True))]
    # A header is column names; "Deck Name: count, id" is a text list's first line naming its deck.
    if all(_COLUMN_NAME.match(cell) for cell in cells) and _header(cells):
        return 1.0
    if not _FIRST_ROW.match(first):
        return 0.0
    lines = [line for line in head.splitlines()[:12] if line.strip()]
    ids = len(_ID_ROW.findall(head))
    if ids and ids >= len(lines) - 1:  # the last line may be cut at the 1 KB mark
        return 0.9
    # "2,Fame" rows: a plain list never puts a comma straight after the count.
    names = len(_NAME_ROW.findall(head))
    return 0.8 if names >= 2 and names >= len(lines) - 1 else 0.0


def parse(text: str, cards: CardIndex) -> Deck:
    deck = Deck()
    entries = Entries(deck, cards)
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, skipinitialspace=True)
    source_lines = text.split("\n")  # as csv counts lines: on "\n" alone
    columns: dict[str, int] | None = None
    try:
        for row in reader:
            cells = [cell.strip() for cell in row]
            if not any(cells):
                continue
            line = reader.line_num
            if columns is None:
                columns = _header(cells)
                if columns:
                    continue
                columns = {}  # no header: every row is read by its shape
            raw = source_lines[line - 1].strip() if line <= len(source_lines) else delimiter.join(row)
            _read_row(entries, cells, columns, line, raw)
    except csv.Error as exc:  # a quote never closed, a cell past csv's field size limit
        raise DecklistError.of("CSV_UNREADABLE", line=reader.line_num, detail=str(exc)) from exc
    return settle(deck, cards)  # bare shared vampire names: see versions


def _header(cells: list[str]) -> dict[str, int]:
    """Column positions by role when the row is a header (names a count column and an id or name one)."""
    columns: dict[str, int] = {}
    for position, cell in enumerate(cells):
        word = _HEADER_WORD.sub("", cell.lower())
        for role, words in (
            ("count", _COUNT_HEADERS),
            ("id", _ID_HEADERS),
            ("name", _NAME_HEADERS),
            ("section", _SECTION_HEADERS),
        ):
            if word in words and role not in columns:
                columns[role] = position
                break
    return columns if "count" in columns and ("id" in columns or "name" in columns) else {}


def _read_row(entries: Entries, cells: list[str], columns: dict[str, int], line: int, raw: str) -> None:
    def cell(role: str) -> str:
        position = columns.get(role)
        return cells[position] if position is not None and position < len(cells) else ""

    if columns:
        count_text, id_text, name, section = cell("count"), cell("id"), cell("name"), cell("section")
    else:
        # "2,200001", "2,200001,Aabbt Kindred", "2,Aabbt Kindred": count first, then an id or a name.
        count_text, rest = cells[0], cells[1:]
        id_text = rest[0] if rest and rest[0].isdigit() else ""
        name = next((c for c in (rest[1:] if id_text else rest) if c and not c.isdigit()), "")
        section = ""
    section = section.lower() if section.lower() in ("crypt", "library") else ""
    card = entries.by_id(id_text) if id_text else None
    if card is None and name:
        card = entries.by_name(name, section)
    entries.add(card, parse_count(count_text), line=line, text=raw, section=section, name=name)


def export(deck: Deck, cards: CardIndex) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("count", "id", "name"))
    for part in (deck.crypt, deck.library):
        for card_id, count in part.items():
            card = cards.get(card_id)
            writer.writerow((count, card_id, card.unique_name if card else ""))
    return out.getvalue()


FORMATS = (
    Format(
        name="csv",
        label=gettext_noop("CSV (count, card id, name)"),
        extension="csv",
        media_type="text/csv",
        parse=parse,
        detect=detect,
        export=export,
    ),
)
