"""The line grammar hand-written decklists share, and the builder that turns lines into a ``Deck``.

Every text format (the archive's, VDB's, ARDB's, Amaranth's, JOL's, Lackey's, a plain list) is lines
of three kinds:

* card lines: a count in any of the spellings tools use — ``2x Name``, ``2 x Name``, ``2xName``,
  ``2 Name``, ``2X Name``, ``Name x2``, ``Name (2)``, ``2<TAB>Name`` — or a bare name meaning one copy,
  with an optional `` -- comment`` tail kept as the card's comment (a comment that is only a count is the
  count: ``Name -- 2``). A line naming no card that way is read again as people type (``loose``: ``Blood
  Doll - 2``, ``[2] Blood Doll``, ``Tupdog  Gargoyle``, ``Deflection (great card)``) and with the damage of
  old encodings undone (``mangled``); last, with names as people type them (``2nd Tradition``, ``Mask of
  1000 Faces``, ``Return to Innocence``), when exactly one card's name reads so;
* section headers, their count in any bracket or none, decorated or not: ``Crypt (12 cards, min=17,
  max=30, avg=5.92)``, ``Library (90 cards)``, ``Master (18; 7 trifle)``, ``Crypt:``, ARDB's ``Crypt [12
  vampires] Capacity min: 2 …`` and ``Action [20]``, ``Master {12}``, ``Masters x12``, ``=== Crypt (12)
  ===``, ``**Library** (90)``, ``Library total: 90``; the counts they state are kept in ``deck.declared``;
* everything else: blank lines, ``#`` comments, rules of dashes, prose, totals (``Total: 90``).

``DeckBuilder`` reads card lines into a deck: counts are checked (1..10,000 a line, 100,000 a deck),
repeated lines merge, and a line naming no card is kept as ``Unresolved`` with suggestions.
"""

from __future__ import annotations

import dataclasses
import re

from .. import budget, memo
from ..carddb import CardIndex
from ..deck import Ambiguous, Deck, Unresolved
from ..domain import Card
from ..versions import settle
from . import loose
from .mangled import repair_line
from .resolve import MAX_CACHE, Resolver, resolver_for

MAX_LINE_COUNT = 10_000  # more copies than any deck could hold on one line: a typo or an attack
MAX_DECK_COPIES = 100_000  # bounds the memory and the time every later step spends on one deck
SUGGESTED_LINES = 100  # unresolved lines per deck given suggestions (each costs about a millisecond)
# Longer than any card's name or crypt row (the archive's longest card line, comment included, has 274
# characters). A longer name is prose; reading such lines in every way people type would cost time without end.
MAX_CARD_LINE = 400

# Library sections in the order the archive prints them.
LIBRARY_TYPES = (
    "Master",
    "Conviction",
    "Action",
    "Action/Combat",
    "Action/Reaction",
    "Ally",
    "Equipment",
    "Political Action",
    "Power",
    "Retainer",
    "Action Modifier",
    "Action Modifier/Combat",
    "Action Modifier/Reaction",
    "Reaction",
    "Combat",
    "Combat/Reaction",
    "Event",
)
_TYPE_RANK = {name: rank for rank, name in enumerate(LIBRARY_TYPES)}


def library_type(card: Card) -> str:
    """The library section a card is listed under: its types joined as the archive writes them."""
    return "/".join(sorted(card.types)) if len(card.types) > 1 else (card.types[0] if card.types else "")


def type_rank(section: str) -> int:
    return _TYPE_RANK.get(section, len(LIBRARY_TYPES))


def is_trifle(card: Card) -> bool:
    """Master cards marked "Trifle." (a second master phase action): the archive counts them."""
    return "Master" in card.types and "trifle" in card.text.lower()


def library_sections(deck: Deck, cards: CardIndex) -> list[tuple[str, list[tuple[Card, int]]]]:
    """Library cards grouped by type in the archive's order, each group in the deck's own order."""
    groups: dict[str, list[tuple[Card, int]]] = {}
    for card_id, count in deck.library.items():
        card = cards[card_id]
        groups.setdefault(library_type(card), []).append((card, count))
    return sorted(groups.items(), key=lambda item: (type_rank(item[0]), item[0]))


# --- section headers ---------------------------------------------------------------------------

# Header words, singular and lower case → the section they open.
_SECTIONS = {
    "crypt": "crypt",
    "vampire": "crypt",
    "imbued": "crypt",
    "library": "library",
    "master": "Master",
    "conviction": "Conviction",
    "action": "Action",
    "political action": "Political Action",
    "politic": "Political Action",
    "political": "Political Action",
    "ally": "Ally",
    "allie": "Ally",
    "equipment": "Equipment",
    "retainer": "Retainer",
    "power": "Power",
    "action modifier": "Action Modifier",
    "modifier": "Action Modifier",
    "reaction": "Reaction",
    "combat": "Combat",
    "event": "Event",
}
_HEADER_WORD = (
    r"(?:crypts?|vampires?|imbued|library|masters?|convictions?|political(?:\s+actions?)?|politics?|actions?"
    r"(?:\s+modifiers?)?|modifiers?|allies|allys?|equipments?|retainers?|powers?|reactions?|combats?|events?)"
    r"(?:\s+cards)?"
)
# What people put around a header: markdown ("## Crypt", "**Library** (90)"), rules ("=== Crypt (12) ===",
# "-- Master (12) --"), brackets ("[Library]"), bullets.
HEADER_DECORATION = "#=*-_~[({<|>•·+"
# A header starts with a header word (several joined by "/" or "&"), perhaps after "Total"; anything else
# is no header, and most lines are rejected by this one match.
_HEADER_TITLE = re.compile(
    rf"^\s*(?:[-#=*_~\[({{<|>•·+]+\s*)?(?:total\s+)?(?P<title>{_HEADER_WORD}(?:\s*[/&]\s*{_HEADER_WORD})*)"
    rf"(?![A-Za-z])(?P<after>.*)$",
    re.IGNORECASE,
)
# The count in any bracket, or none: "Master (12)", "Master [12]", "Master {12}", "Master: 12", "Master - 12".
_HEADER_AFTER = re.compile(
    r"^[\s:*_#=~|\])}>–—-]*(?:[(\[{]\s*(?P<inner>[^)\]}]*)[)\]}])?\s*:?\s*(?P<rest>(?:.*\S)?)\s*$"
)
_LEADING_NUMBER = re.compile(r"^\s*[x×#]?\s*(\d+)", re.IGNORECASE)
# "12 cards", "x12", "total: 90", "size: 90", "= 12", "<12>"
_REST_NUMBER = re.compile(r"^[\s:=#*_~|<>–—-]*(?:(?:total|size)\s*[:=]?\s*)?[x×]?\s*(\d+)", re.IGNORECASE)
_TRIFLES = re.compile(r"(\d+)\s*trifles?", re.IGNORECASE)
# What may follow a header besides another header: crypt statistics, "cards", a count, a rule.
_HEADER_REST = re.compile(
    r"^(?:[\d\s.,;:=()\[\]{}/*_#~|<>+–—-]|x(?=\s*\d)|×|cards?|vampires?|trifles?|min|max|avg|average|mean|capacity|cap"
    r"|total|groups?|size|copies|of)*$",
    re.IGNORECASE,
)


@dataclasses.dataclass(frozen=True, slots=True)
class Header:
    """A section header: "crypt", "library" or a library card type ("Master", "Action Modifier/Reaction")."""

    section: str
    count: int | None = None
    trifles: int | None = None
    then: Header | None = None  # a second header on the same line: "Library (90 cards) Master (17; 2 trifle)"


_TITLE_PARTS = re.compile(r"\s*[/&]\s*")


@memo.text_memo(maxsize=1024)
def section_name(title: str) -> str | None:
    """The section a header title opens ("Action Modifiers" → "Action Modifier"), or None."""
    parts = []
    for part in _TITLE_PARTS.split(title.strip().lower()):
        words = part.split()
        if not words:
            return None
        if words[-1].endswith("s") and not words[-1].endswith("ss"):
            words[-1] = words[-1][:-1]
        if len(words) > 1 and words[-1] == "card":  # "Master cards", "Crypt cards"
            words.pop()
        section = _SECTIONS.get(" ".join(words))
        if section is None:
            return None
        parts.append(section)
    if len(parts) == 1:
        return parts[0]
    if "crypt" in parts or "library" in parts:
        return None
    return "/".join(sorted(dict.fromkeys(parts)))


_HEADERS: dict[str, Header | None] = {}
_STRIPPED = " \t" + HEADER_DECORATION
_HEADER_STARTS = frozenset(
    (
        "cryp",
        "vamp",
        "imbu",
        "libr",
        "mast",
        "conv",
        "poli",
        "acti",
        "modi",
        "alli",
        "ally",
        "equi",
        "reta",
        "powe",
        "reac",
        "comb",
        "even",
        "tota",
    )
)


def read_header(text: str) -> Header | None:
    """The section header on a line, or None when the line is something else."""
    # The same few thousand header lines recur across decklists ("Master (12; 3 trifle)"): cached.
    try:
        return _HEADERS[text]
    except KeyError:
        pass
    # Most lines that reach here are prose: four letters tell them apart without a regex.
    start = text.lstrip(_STRIPPED)[:4].lower()
    if start not in _HEADER_STARTS:
        return None
    header = _read_header(text)
    if header is not None and memo.keeps(text):
        if len(_HEADERS) >= 10_000:
            _HEADERS.clear()
        _HEADERS[text] = header
    return header


def _read_header(text: str) -> Header | None:
    match = _HEADER_TITLE.match(text)
    if match is None:
        return None
    section = section_name(match["title"])
    if section is None:
        return None
    after = _HEADER_AFTER.match(match["after"])
    assert after is not None  # every part of the pattern is optional
    inner, rest = after["inner"], after["rest"]
    then = None
    if rest and not _HEADER_REST.match(rest):
        if inner is None:
            return None  # "Political Ally: 1" is a card; a second header follows a first one's count
        then = read_header(rest)
        if then is None:
            return None  # "Combat: lots of it" is prose, not a header
    count = trifles = None
    if inner is not None and (number := _LEADING_NUMBER.match(inner)):
        count = int(number[1])
    elif inner is None and rest and (number := _REST_NUMBER.match(rest)):
        count = int(number[1])
    for part in (inner, rest if then is None else None):
        if part and (found := _TRIFLES.search(part)):
            trifles = int(found[1])
    return Header(section=section, count=count, trifles=trifles, then=then)


def read_header_line(stripped: str) -> Header | None:
    """``read_header`` for any stripped line: only a line starting with a letter or a decoration ("## Crypt",
    "=== Crypt ===", "-- Master (12) --", "**Library**") may be a header; card lines are not looked at."""
    first = stripped[:1]
    if first.isalpha() or (first and first in HEADER_DECORATION):
        return read_header(stripped)
    return None


def is_rule(text: str) -> bool:
    """A line of dashes, equals signs or underscores under a header."""
    stripped = text.strip()
    return bool(stripped) and not stripped.strip("-=_~* ")


# --- metadata ----------------------------------------------------------------------------------

_META = re.compile(
    r"^\s*(?P<key>deck\s*name|name|deck|title|created\s*by|creator|authors?|description|comments?)\s*:"
    r"\s*(?P<value>(?:.*\S)?)\s*$",
    re.IGNORECASE,
)
_META_KEYS = {
    "deckname": "name",
    "name": "name",
    "deck": "name",
    "title": "name",
    "createdby": "author",
    "creator": "author",
    "author": "author",
    "authors": "author",
    "description": "description",
    "comment": "description",
    "comments": "description",
}


def read_meta(text: str) -> tuple[str, str] | None:
    """("name" | "author" | "description", value) for "Deck Name: …", "Created by: …", "Description: …"."""
    match = _META.match(text)
    if match is None:
        return None
    return _META_KEYS[re.sub(r"\s+", "", match["key"].lower())], match["value"]


# --- card lines --------------------------------------------------------------------------------

_CARD_LINE = re.compile(
    r"""^\s*(?:[-*•]\s+)?                           # a list bullet
        (?:(?P<n>[-+]?\d+)\s*[xX×*]?\s+             # 2x Name, 2 x Name, 2 Name, 2X Name, 2<TAB>Name, 2* Name
          |(?P<n2>[-+]?\d+)[xX×*](?=\S)             # 2xName
          |[xX×](?P<n3>\d+)\s+                      # x2 Name
        )?
        (?P<name>.*\S)?\s*$""",
    re.VERBOSE,
)
# A count after the name: "Name x2", "Name *2", "Name (2)", "Name [x2]" (no card name ends so). Looked for
# only in a name ending in a digit or a bracket: a pattern trying it at every character of every line
# cost the archive's first reading a sixth more.
_COUNT_AFTER = re.compile(r"(?:\s+[xX×*]\s*(\d+)|\s*[(\[{]\s*[xX×]?\s*(\d+)\s*[xX×]?\s*[)\]}])$")
# " -- why this card": a comment on the card. Card names hold no double dash; one alternative name does
# (see ``DeckBuilder._read``).
_COMMENT = re.compile(r"(?<!\s)\s+--\s*")  # from a run's first space: linear on a long run of spaces


@dataclasses.dataclass(frozen=True, slots=True)
class CardLine:
    count: int
    name: str
    comment: str = ""
    counted: bool = True  # False for a bare name (one copy)


def read_card_line(text: str) -> CardLine | None:
    """Count, name and comment of a card line; None when the line holds no name."""
    comment = ""
    if "--" in text:
        parts = _COMMENT.split(text, maxsplit=1)
        if len(parts) == 2:
            text, comment = parts[0], parts[1].strip()
    match = _CARD_LINE.match(text)
    if match is None or not (name := match["name"]):
        return None
    number = match["n"] or match["n2"] or match["n3"]
    # Searched in the last characters only: the pattern would retry a long run of spaces at every one.
    if name[-1] in "0123456789)]}" and (after := _COUNT_AFTER.search(name, max(0, len(name) - 40))) and after.start():
        name = name[: after.start()]
        number = number or after[1] or after[2]
    if number is None and (said := loose.count_comment(comment)) is not None:
        return CardLine(count=said, name=name)  # "Deny -- 2"
    if number is None:
        return CardLine(count=1, name=name, comment=comment, counted=False)
    return CardLine(count=int(number), name=name, comment=comment)


def looks_like_prose(text: str) -> bool:
    """A sentence rather than a misspelt card name: long, a link, or ending like a sentence.
    (The longest card names have 8 words; "J. S. Simmons, Esq." ends with a full stop.)"""
    words = len(text.split())
    return words >= 9 or "://" in text or text.endswith(("?", ":")) or (words >= 5 and text.endswith("."))


# --- building the deck -------------------------------------------------------------------------


class DeckBuilder:
    """A deck being read line by line: cards added, headers' counts declared, unknown lines kept."""

    def __init__(self, cards: CardIndex) -> None:
        self.resolver: Resolver = resolver_for(cards)
        self.deck = Deck()
        self.copies = 0
        self.section = ""  # "crypt", "library", or "" before any header

    # The parsed form of every line is cached per card list by its raw text: the TWDA's 150,000 card
    # lines hold about 25,000 distinct ones, and each later sighting costs one dict lookup. A bare name
    # that two groups of a vampire share is cached as its candidates, never as a card (the card slot is
    # None, so ``twd``'s fast path comes here): which one a deck holds is settled by ``finish``, per deck.
    def card(self, number: int, text: str, *, kind: str | None = None) -> bool:
        """Read ``text`` as a card line into the deck. False when it is no card line: no name at
        all, or prose (an uncounted sentence that names no card), which the caller keeps as text."""
        budget.current().tick()
        if kind is None:
            kind = "crypt" if self.section == "crypt" else ("library" if self.section else "")
        cache = self.resolver.lines[kind]
        entry = cache.get(text)
        if entry is None:
            entry = self._read(text, kind)
            if memo.keeps(text):
                if len(cache) >= MAX_CACHE:
                    cache.clear()
                cache[text] = entry
        count, card, comment, name, prose, versions = entry
        if count is None or prose:
            return False
        if versions:
            card = versions[0]  # for now: ``finish`` settles it with the whole crypt known
        if card is None:
            self.unresolved(number, text, count, name)
        elif 0 < count <= MAX_LINE_COUNT and self.copies + count <= MAX_DECK_COPIES:
            self.copies += count
            self.deck.add(card, count, comment)
            if versions:
                self.deck.ambiguous.append(
                    Ambiguous(
                        line=number,
                        text=text.strip(),
                        name=name,
                        count=count,
                        candidates=[c.id for c in versions],
                        chosen=card.id,
                        comment=comment,
                    )
                )
        else:
            self.unresolved(number, text, count, "", reason="count")
        return True

    def _read(self, text: str, kind: str) -> tuple[int | None, Card | None, str, str, bool, tuple[Card, ...]]:
        count, card, comment, name, prose = self._read_name(text, kind)
        versions = self.resolver.versions(name, section=kind) if card is not None else ()
        return count, None if versions else card, comment, name, prose, versions

    def _read_name(
        self, text: str, kind: str, *, repair: bool = True
    ) -> tuple[int | None, Card | None, str, str, bool]:
        line = read_card_line(text)
        if line is None:
            return None, None, "", "", False
        if len(line.name) > MAX_CARD_LINE:
            return line.count, None, line.comment, line.name, True  # no card is named that long: prose
        card = self.resolver.resolve(line.name, section=kind)
        name, comment = line.name, line.comment
        while card is None and comment:
            # A double dash that belongs to the name: "Bang Nakh -- Tiger's Claws" is how ASCII writes
            # "Bang Nakh — Tiger's Claws" (its official alternative name), not a comment on "Bang Nakh".
            more, *after = _COMMENT.split(comment, maxsplit=1)
            name, comment = f"{name} -- {more}", after[0].strip() if after else ""
            if (card := self.resolver.resolve(name, section=kind)) is not None:
                return line.count, card, comment, name, False
        if card is None and line.counted:
            # "419 Operation", "47th Street Royals": a number that belongs to the name.
            whole = _COMMENT.split(text.strip(), maxsplit=1)[0]
            if (found := self.resolver.resolve(whole, section=kind)) is not None:
                return 1, found, line.comment, whole, False
        if card is not None:
            return line.count, card, line.comment, line.name, False
        if len(text) > MAX_CARD_LINE:
            # A card line with a long comment that named no card: too long to try every reading of.
            prose = not line.counted and looks_like_prose(line.name)
            return line.count, None, line.comment, line.name, prose
        columns = loose.column_words(self.resolver.cards)
        guess = loose.guess(text, columns)
        # A sentence among the cards is prose for the description, unless it reads as a card line with a
        # count ("Enzo Giovanni, Pentex Board of Directors (ADV) - 1", "2. J. S. Simmons, Esq.").
        sentence = not line.counted and looks_like_prose(line.name)
        if not sentence or (guess is not None and guess[3]):
            if (loosely := self._read_loosely(text, kind, columns, repair=repair)) is not None:
                return loosely
        if sentence:
            return line.count, None, line.comment, line.name, True
        if not loose.has_letter(text) or loose.is_total(text):
            return None, None, "", "", False  # "Total: 90", "90 cards", "12": never an unknown card
        if not line.counted and guess is not None:
            return guess[0], None, line.comment, guess[1], False  # "Blood Dol 2": suggest for "Blood Dol"
        return line.count, None, line.comment, line.name, False

    def _read_loosely(
        self, text: str, kind: str, columns: frozenset[str], *, repair: bool
    ) -> tuple[int | None, Card | None, str, str, bool] | None:
        """A line the plain grammar named no card by, read again with the damage of old encodings undone
        (``mangled``), then in the ways people type (``loose``): the first reading naming a card, or None.
        Only when no reading names a card as written are they read with names as people type them
        (``Resolver.typed_name``: "2nd Tradition", "Mask of 1000 Faces", "Return to Innocence")."""
        if repair and (repaired := repair_line(text)) != text:
            found = self._read_name(repaired, kind, repair=False)
            if found[1] is not None:
                return found
        tried = []
        for count, name, comment, _ in loose.readings(text, columns):
            if (card := self.resolver.resolve(name, section=kind)) is not None:
                return count, card, comment, name, False
            tried.append((count, name, comment))
        for count, name, comment in tried:
            official = self.resolver.typed_name(name)
            if official is not None and (card := self.resolver.resolve(official, section=kind)) is not None:
                return count, card, comment, official, False
        return None

    def unresolved(self, number: int, text: str, count: int, name: str, *, reason: str = "") -> None:
        """Keep a line naming no card; its reading may stop here (``budget``: too many such lines)."""
        spending = budget.current()
        spending.unknown(len(self.deck.unresolved), line=number)
        suggestions: list[str] = []
        if not reason and name and len(self.deck.unresolved) < SUGGESTED_LINES:
            spending.suggestion()
            suggestions = self.resolver.suggest(name, section=self.section)
        self.deck.unresolved.append(
            Unresolved(
                line=number,
                text=text.strip(),
                count=count,
                section="crypt" if self.section == "crypt" else ("library" if self.section else ""),
                suggestions=suggestions,
                reason=reason,
            )
        )

    def finish(self) -> Deck:
        """The deck read, with its bare shared vampire names settled for its own event date (else today)
        and the groups of the rest of its crypt. Call it when the deck's event is known."""
        self.deck = settle(self.deck, self.resolver.cards)
        return self.deck

    def header(self, header: Header | None) -> None:
        """Open the header's section and keep the counts it states."""
        declared = self.deck.declared
        while header is not None:
            if header.section == "crypt":
                if header.count is not None and declared.crypt is None:
                    declared.crypt = header.count
            elif header.section == "library":
                if header.count is not None and declared.library is None:
                    declared.library = header.count
            elif header.count is not None:
                declared.sections[header.section] = declared.sections.get(header.section, 0) + header.count
            if header.trifles is not None:
                declared.trifles = (declared.trifles or 0) + header.trifles
            self.section = header.section
            header = header.then


def join_description(lines: list[str]) -> str:
    """Description lines as one text: trailing spaces and runs of blank lines dropped, so that reading
    a description back from an export gives the very same text."""
    out: list[str] = []
    for line in lines:
        line = line.rstrip()
        if not line and (not out or not out[-1]):
            continue
        out.append(line if out else line.lstrip())
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def parse_sections(text: str, cards: CardIndex, *, section: str = "") -> Deck:
    """Any list of card lines, with or without headers and "Deck Name:"-style metadata.

    ``section`` is where cards go before any header says ("library" for Lackey, whose crypt follows
    a "Crypt:" line). "#" and "//" lines are comments; prose goes to the description.
    """
    builder = DeckBuilder(cards)
    builder.section = section
    deck = builder.deck
    notes: list[str] = []
    describing = False
    for index, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if not stripped:
            if describing:
                notes.append("")
            continue
        first = stripped[0]
        if describing:
            # A description runs until the deck itself begins: a header or a counted card line.
            if (header := read_header_line(stripped)) is not None:
                describing = False
                builder.header(header)
            elif first.isdigit() and (card_line := read_card_line(stripped)) is not None and card_line.counted:
                describing = False
                builder.card(index + 1, stripped)
            else:
                notes.append(line)
            continue
        if first in HEADER_DECORATION and (header := read_header_line(stripped)) is not None:
            builder.header(header)  # "## Crypt (12)", "=== Library ===", "-- Master (12) --"
            continue
        if stripped.startswith("//"):
            # How the plain export writes a description: "// " and the line, taken back as it was.
            comment = line.lstrip()[2:]
            notes.append(comment[1:] if comment[:1] == " " else comment)
            continue
        if first == "#":
            notes.append(stripped.lstrip("#/ \t") if len(stripped) > 1 else "")  # JOL's comments are kept
            continue
        if is_rule(stripped):
            continue
        if stripped.startswith("--"):
            notes.append(stripped)
            continue
        if first.isalpha():
            if (header := read_header(stripped)) is not None:
                builder.header(header)
                continue
            if (meta := read_meta(stripped)) is not None:
                key, value = meta
                if key == "description":
                    describing = True
                    notes.append(value)
                elif key == "name" and not deck.name:
                    deck.name = value
                elif key == "author" and not deck.author:
                    deck.author = value
                else:
                    notes.append(stripped)
                continue
        if not builder.card(index + 1, stripped):
            notes.append(stripped)
    deck.description = join_description(notes)
    return builder.finish()
