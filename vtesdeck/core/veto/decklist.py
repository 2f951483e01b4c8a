"""Veto decklists as plain text: one card a line, in three sections, read against the player's card list.

    Karty specjalne:
    Wojewoda Mścisław, Elekt Dworski
    Sejmik Burzliwy
    Kredens (60):
    3x Podczaszy Ambroży, Wierny Sługa
    # a comment
    Sakwa:
    3 x Weksel

A card line is a count and the card: ``3x Name, Epithet``, ``3 x Name``, ``3× Name``, ``3 Name`` or just
``Name`` (one copy). The epithet follows the name after a comma; a line may leave it out when only one
card of the list bears that name. Names are matched against the card list without case, diacritics or
punctuation ("lapowka" finds "Łapówka"; "Pani Eufrozyna (Dama Dworu)" finds "Pani Eufrozyna, Dama
Dworu"), the exact spelling first.

Sections open with a heading, in Polish or English, without case, with an optional count in parentheses
(not checked: the lines are what count) and an optional colon, which a card may follow on the same line
(``Elekt: Wojewoda Mścisław``): ``Kredens`` / ``Deck`` / ``Talia`` for the
deck; ``Sakwa`` / ``Sideboard`` for the sideboard; ``Karty specjalne`` / ``Special cards`` / ``Elekt`` /
``Strategia`` / ``Strategy`` for the special cards (the elekt/faction card and the strategy card, which
sit on the Special Cards Field, outside the deck: 210.1). Lines before any heading belong to the deck.
Blank lines and lines starting with ``#`` or ``//`` are skipped.

An elekt or strategy card listed in the deck stays where the list puts it: the validator reports it
(``ELEKT_IN_DECK``, ``STRATEGY_IN_DECK``) rather than this reader moving it in silence, since a list that
mixes them up may be wrong in other ways its author should see. A line whose card is unknown, ambiguous
or whose count is impossible is kept as an ``UnresolvedLine`` with its line number, its text and, when
cheap, the closest names: the validator reports each, since a deck that cannot be read is not legal.
"""

from __future__ import annotations

import codecs
import dataclasses
import difflib
import logging
import re
from collections.abc import Iterator
from enum import StrEnum
from typing import Any, Literal

from ..names import fold
from .cards import VetoCard, VetoCardList
from .messages import Lang, render

logger = logging.getLogger(__name__)

MAX_SIZE = 200_000  # characters (or bytes): a 75-card deck with its Sakwa is about 2,000
MAX_LINES = 2_000
MAX_LINE_COUNT = 999  # copies on one line: more is a typo (or an attack on the counters)
MAX_LINE_LENGTH = 300
MAX_SUGGESTED = 20  # unknown lines that get close-name suggestions: each costs a scan of the list
SUGGESTIONS = 3


class Section(StrEnum):
    DECK = "deck"  # the Kredens
    SIDEBOARD = "sideboard"  # the Sakwa
    SPECIAL = "special"  # the Special Cards Field: elekt/faction and strategy cards


# Headings, folded (``names.fold``).
HEADINGS: dict[str, Section] = {
    "kredens": Section.DECK,
    "deck": Section.DECK,
    "talia": Section.DECK,
    "sakwa": Section.SIDEBOARD,
    "sideboard": Section.SIDEBOARD,
    "karty specjalne": Section.SPECIAL,
    "special cards": Section.SPECIAL,
    "elekt": Section.SPECIAL,
    "strategia": Section.SPECIAL,
    "strategy": Section.SPECIAL,
}
# How ``to_text`` heads each section, in the order it writes them.
TITLES: dict[Lang, dict[Section, str]] = {
    "pl": {Section.SPECIAL: "Karty specjalne", Section.DECK: "Kredens", Section.SIDEBOARD: "Sakwa"},
    "en": {Section.SPECIAL: "Special cards", Section.DECK: "Deck", Section.SIDEBOARD: "Sideboard"},
}

# "Kredens", "Sakwa (15):", "Karty specjalne (2 karty)": a title that starts with a letter, a count in
# parentheses, a colon. Whether the title is a heading is the folded title's business (``HEADINGS``).
_HEADING = re.compile(r"^(?P<title>[^\W\d_][^():]*?)\s*(?:\([^()]*\))?\s*:?$")
# "3x Name", "3 x Name", "3× Name", "3 Name": the x touches the count or stands alone, so "3 Xenia" is three
# Xenia.
_COUNTED = re.compile(r"^(?P<count>\d+)(?:\s*[x×](?=\s)|(?=\s))\s*(?P<card>\S.*)$", re.IGNORECASE)

Reason = Literal["unknown", "ambiguous", "count", "too_long"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UnresolvedLine:
    """A decklist line that names no single card of the list, or asks for an impossible count."""

    line: int
    text: str
    count: int
    section: Section
    reason: Reason = "unknown"
    suggestions: tuple[str, ...] = ()  # full names ("Name, Epithet") of the closest cards

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "text": self.text,
            "count": self.count,
            "section": self.section.value,
            "reason": self.reason,
            "suggestions": list(self.suggestions),
        }


@dataclasses.dataclass(kw_only=True)
class VetoDeck:
    """A decklist as read: copies of each card by section, in the order listed, and the lines not read."""

    deck: dict[VetoCard, int] = dataclasses.field(default_factory=dict)
    sideboard: dict[VetoCard, int] = dataclasses.field(default_factory=dict)
    special: dict[VetoCard, int] = dataclasses.field(default_factory=dict)
    unresolved: list[UnresolvedLine] = dataclasses.field(default_factory=list)

    def section(self, section: Section) -> dict[VetoCard, int]:
        if section is Section.DECK:
            return self.deck
        return self.sideboard if section is Section.SIDEBOARD else self.special

    def add(self, card: VetoCard, count: int = 1, section: Section = Section.DECK) -> None:
        cards = self.section(section)
        cards[card] = cards.get(card, 0) + count


class VetoDecklistError(ValueError):
    """A decklist we refuse to read at all (empty, binary, too large). ``str()`` is English, for logs;
    ``message(lang)`` is for the user."""

    def __init__(self, message_id: str, **params: Any) -> None:
        self.message_id = message_id
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: Lang = "pl") -> str:
        return render(self.message_id, self.params, lang)


# --- reading -----------------------------------------------------------------------------------


def parse_decklist(source: str | bytes, card_list: VetoCardList) -> VetoDeck:
    """The deck ``source`` lists, its cards found in ``card_list``. Raises ``VetoDecklistError`` for a
    text that is no decklist at all; a line that names no card is kept in ``unresolved``."""
    text = _text(source)
    deck = VetoDeck()
    section = Section.DECK
    suggested = 0
    for number, raw in _lines(text):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        heading, line = _heading(line)
        if heading is not None:
            section = heading
            if not line:
                continue
        if len(line) > MAX_LINE_LENGTH:
            deck.unresolved.append(UnresolvedLine(line=number, text=line, count=1, section=section, reason="too_long"))
            continue
        count, card, candidates = _read_line(line, card_list)
        if card is not None and 1 <= count <= MAX_LINE_COUNT:
            deck.add(card, count, section)
            continue
        if card is not None:
            reason: Reason = "count"
        elif candidates:
            reason = "ambiguous"
        else:
            reason = "unknown"
            if suggested < MAX_SUGGESTED:
                suggested += 1
                candidates = _closest(line, card_list)
        deck.unresolved.append(
            UnresolvedLine(
                line=number,
                text=line,
                count=count,
                section=section,
                reason=reason,
                suggestions=tuple(card.full_name for card in candidates),
            )
        )
    return deck


def _text(source: str | bytes) -> str:
    if len(source) > MAX_SIZE:
        raise VetoDecklistError("DECKLIST_TOO_LARGE", size=len(source), limit=MAX_SIZE)
    if isinstance(source, bytes):
        source = source.removeprefix(codecs.BOM_UTF8)
        if b"\x00" in source:
            raise VetoDecklistError("DECKLIST_BINARY", line=source[: source.index(b"\x00")].count(b"\n") + 1)
        try:
            text = source.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise VetoDecklistError("DECKLIST_NOT_UTF8", line=source[: exc.start].count(b"\n") + 1) from None
    else:
        text = source.removeprefix("\ufeff")
        if "\x00" in text:
            raise VetoDecklistError("DECKLIST_BINARY", line=text[: text.index("\x00")].count("\n") + 1)
    if not any(line.strip() and not line.strip().startswith(("#", "//")) for line in text.splitlines()):
        raise VetoDecklistError("DECKLIST_EMPTY")
    return text


def _lines(text: str) -> Iterator[tuple[int, str]]:
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise VetoDecklistError("DECKLIST_TOO_MANY_LINES", limit=MAX_LINES)
    return enumerate(lines, start=1)


def _heading(line: str) -> tuple[Section | None, str]:
    """The section a heading line opens, and what follows its colon ("Elekt: Wojewoda Mścisław")."""
    match = _HEADING.match(line)
    if match and fold(match["title"]) in HEADINGS:
        return HEADINGS[fold(match["title"])], ""
    title, colon, rest = line.partition(":")
    heading = HEADINGS.get(fold(title)) if colon else None
    return (heading, rest.strip()) if heading is not None else (None, line)


def _read_line(line: str, card_list: VetoCardList) -> tuple[int, VetoCard | None, tuple[VetoCard, ...]]:
    """The count, the card (or None) and, when the line fits several cards, those cards."""
    match = _COUNTED.match(line)
    if match is None:
        card, candidates = _resolve(line, card_list)
        return 1, card, candidates
    card, candidates = _resolve(match["card"], card_list)
    if card is None and not candidates:
        # A name may start with a number ("1812 Overture" is one card, not 1812 Overtures).
        whole, whole_candidates = _resolve(line, card_list)
        if whole is not None or whole_candidates:
            return 1, whole, whole_candidates
    return int(match["count"]), card, candidates


def _resolve(written: str, card_list: VetoCardList) -> tuple[VetoCard | None, tuple[VetoCard, ...]]:
    # The exact name first, split at each comma in turn: a name may hold a comma ("Zgoda, Panowie Bracia").
    splits = [(written, "")] + [(written[:i], written[i + 1 :]) for i, c in enumerate(written) if c == ","]
    for name, epithet in splits:
        card = card_list.get(name, epithet)
        if card is not None:
            return card, ()
    folded = fold(written)
    for index in (card_list.by_folded_name, card_list.by_folded_bare_name):
        found = index.get(folded, ())
        if len(found) == 1:
            return found[0], ()
        if found:
            return None, found
    return None, ()


def _closest(line: str, card_list: VetoCardList) -> tuple[VetoCard, ...]:
    match = _COUNTED.match(line)
    folded = fold(match["card"] if match else line)
    index = card_list.by_folded_name
    names = difflib.get_close_matches(folded, index.keys(), n=SUGGESTIONS, cutoff=0.7)
    return tuple(index[name][0] for name in names)


# --- writing -----------------------------------------------------------------------------------


def to_text(deck: VetoDeck, lang: Lang = "pl") -> str:
    """The deck as a decklist ``parse_decklist`` reads back: headings in ``lang``, the special cards, the
    Kredens, the Sakwa, each card as "3x Name, Epithet"; lines not read are written as they were, in their
    section."""
    blocks = []
    for section, title in TITLES[lang].items():
        cards = deck.section(section)
        lines = [f"{count}x {card.full_name}" for card, count in cards.items()]
        lines += [line.text for line in deck.unresolved if line.section is section]
        if lines or section is Section.DECK:
            blocks.append("\n".join([f"{title} ({sum(cards.values())}):", *lines]))
    return "\n\n".join(blocks) + "\n"
