"""Format ``eld``: the deck files of ELDB ("Eternal Library DataBase"), the old Windows deck builder.

The layout, as the ELDB import and export code of Sutekh documents it (ELDB itself is long gone, so this
is the authority we could find; we copy facts, not code):

    "Deck name"
    "Author"
    "Description, which may run
    over several lines"
    12                        ← crypt size
    "Anson"                   ← one quoted line per copy
    "Anson"
    …
    90                        ← library size
    "Bum`s Rush"
    …

ELDB writes apostrophes and double quotes inside names as backquotes (``Bum`s Rush``) and moves a
leading "The" to the back (``Rack, The``); we read both. As some tools write a count after the name
(``"Bum's Rush",4``, the ELDB inventory style), that is read too. The two sizes are what the file
declares about itself: they go to ``deck.declared``, so a judge learns when they disagree with the
lines below them.
"""

from __future__ import annotations

import logging
import re

from ..carddb import CardIndex
from ..deck import Deck
from ..messages import gettext_noop
from ..versions import settle
from .base import DecklistError, Format, one_line, text_lines
from .entries import Entries, check_copies, parse_count

logger = logging.getLogger(__name__)

_HEADER = re.compile(r'\A\s*"[^"\n]*"[ \t]*\r?\n\s*"')
_CUT_HEADER = re.compile(r'\A\s*"[^"\n]*(?:"[ \t]*\r?\n\s*"[^"\n]*)?\Z')
_SIZE_THEN_CARD = re.compile(r'\n[ \t]*\d+[ \t]*\r?\n[ \t]*"')
_CARD_LINE = re.compile(r'\A"(?P<name>[^"]*)"\s*(?:,\s*(?P<count>[-+]?\d+)\s*)?\Z')


def detect(text: str) -> float:
    head = text[:1024]
    if not _HEADER.match(head):
        # A name or author longer than the head: it ends inside the opening quoted lines.
        return 0.9 if len(head) == 1024 and _CUT_HEADER.match(head) else 0.0
    # Two whole quoted lines and a third opening a quote begin no other decklist; a long description
    # may push the sizes past the first KB, so the header alone is near certain.
    return 1.0 if _SIZE_THEN_CARD.search(head) else 0.95


def _unquote(line: str) -> str:
    line = line.strip()
    return line[1:-1] if len(line) >= 2 and line[0] == line[-1] == '"' else line.strip('"')


def parse(text: str, cards: CardIndex) -> Deck:
    lines = text.split("\n")
    deck = Deck()
    number = 0

    def next_line(what: str) -> str:
        nonlocal number
        while number < len(lines):
            line = lines[number].rstrip("\r")
            number += 1
            if line.strip():
                return line
        raise DecklistError.of(what)

    first = next_line("ELDB_NO_NAME")
    if not first.lstrip().startswith('"'):
        raise DecklistError.of("NOT_ELDB")
    deck.name = _unquote(first)
    deck.author = _unquote(next_line("ELDB_NO_AUTHOR"))
    # The description keeps its blank lines: it runs to the first line that ends with a quote.
    description = next_line("ELDB_NO_DESCRIPTION").strip()
    if len(description) >= 2 and description.startswith('"') and description.endswith('"'):
        deck.description = description[1:-1]
    else:
        parts = [description.removeprefix('"')]
        while True:
            if number >= len(lines):
                raise DecklistError.of("ELDB_OPEN_QUOTE")
            line = lines[number].rstrip("\r")
            number += 1
            if line.rstrip().endswith('"'):
                parts.append(line.rstrip()[:-1])
                break
            parts.append(line)
        deck.description = "\n".join(parts).strip()
    _read_cards(deck, cards, lines, number)
    return settle(deck, cards)  # bare shared vampire names: see versions


def _read_cards(deck: Deck, cards: CardIndex, lines: list[str], start: int) -> None:
    sections = iter(("crypt", "library"))
    section = ""
    # (section, name) → [copies, first line]; lines naming no card and impossible counts go straight in.
    copies: dict[tuple[str, str], list[int]] = {}
    entries = Entries(deck, cards)
    for number in range(start, len(lines)):
        line = lines[number].strip()
        if not line:
            continue
        if line.isascii() and line.isdigit():
            section = next(sections, section)
            size = int(line) if len(line) <= 9 else None
            if section == "crypt" and deck.declared.crypt is None:
                deck.declared.crypt = size
            elif section == "library" and deck.declared.library is None:
                deck.declared.library = size
            continue
        match = _CARD_LINE.match(line)
        if match is None:
            entries.add(None, 1, line=number + 1, text=line, section=section)
            continue
        count = parse_count(match["count"]) if match["count"] else 1
        if count is None or count < 1:
            entries.add(None, count, line=number + 1, text=line, section=section)
            continue
        found = copies.setdefault((section, match["name"].strip()), [0, number + 1])
        found[0] += count
    for (section, name), (count, first_line) in copies.items():
        # ELDB's backquote stands for an apostrophe or a double quote; either folds the same way.
        card = entries.by_name(name.replace("`", "'"), section)
        entries.add(card, count, line=first_line, text=f'"{name}"', section=section, name=name.replace("`", "'"))


def _eld_name(name: str) -> str:
    return name.replace('"', "`").replace("'", "`").replace("\n", " ")


def export(deck: Deck, cards: CardIndex) -> str:
    """ELDB quotes its three texts and ends the description at the first line ending with a quote: the name
    and author are written on one line each, the description's lines joined by "\\n" alone, and no text
    holds a double quote (the description gets "'", the rest ELDB's backquote)."""
    check_copies(deck, "eld")
    description = "\n".join(text_lines(deck.description)).replace('"', "'")
    lines = [f'"{_eld_name(one_line(deck.name))}"', f'"{_eld_name(one_line(deck.author))}"', f'"{description}"']
    for part in (deck.crypt, deck.library):
        lines.append(str(sum(part.values())))
        for card_id, count in part.items():
            card = cards.get(card_id)
            lines.extend([f'"{_eld_name(card.unique_name) if card else card_id}"'] * count)
    return "\n".join(lines) + "\n"


FORMATS = (
    Format(
        name="eld",
        label=gettext_noop("ELDB deck file (.eld)"),
        extension="eld",
        media_type="text/plain",
        parse=parse,
        detect=detect,
        export=export,
    ),
)
