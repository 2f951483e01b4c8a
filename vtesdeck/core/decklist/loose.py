"""Card lines as people type them: the readings tried when the plain grammar of ``lines`` names no card.

Forum posts, mails and hand-typed lists write a card line in more ways than any tool exports:

* the count after the name, bare or decorated: ``Blood Doll 2``, ``Blood Doll (2)``, ``Blood Doll [x2]``,
  ``Blood Doll - 2``, ``Blood Doll : 2``, ``Blood Doll 2x``, ``Blood Doll (2 copies)``, ``Blood Doll x2,``,
  ``Blood Doll // 2``;
* the count before the name, wrapped or decorated: ``[2] Blood Doll``, ``(2) Blood Doll``, ``2) Blood Doll``,
  ``2. Blood Doll``, ``= 2x Blood Doll``, ``2xx Blood Doll``, ``xx2 Blood Doll``, ``x 2 Blood Doll``,
  ``2 - Blood Doll``;
* a column left after the name: a clan (``Tupdog  Gargoyle``), disciplines (``Govern the Unaligned  dom``),
  a type (``Blood Doll  Master``), ``trifle``, a cost (``2x Blood Doll 1 pool``), a capacity
  (``2x Tupdog 1 POT VIS``);
* a comment after the name: ``Deflection (great card)``, ``3x Deflection - the best``, ``Deflection # why``.

Card names hold digits and brackets themselves ("419 Operation", "Channel 10", "AK-47", "Theo Bell (G2)",
"Khazar's Diary (Endless Night)"), so none of these readings is forced on a line: ``readings`` offers
them one by one, the likeliest first and each taking one more thing off the end of the line, and the
parser keeps the first that names a card. A line the plain grammar reads is never read here: these are
fallbacks, and cost nothing on the lines tools write. A line with no count keeps its words, but for what
brackets or a wide gap set apart: "Arika - Tremere votes" or "Tom: Brujah Anarch Combat" is a title, and
must not become a card by losing its last words.

Some lines name no card and must never become an unknown card: a total (``Total: 90``, ``90 cards``,
``Deck size: 102``) or a line without a letter (``12``, ``=====``). ``is_total`` and ``has_letter`` tell.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..carddb import CardIndex
from ..domain import DISCIPLINES, SECTS, TITLE_VOTES, VIRTUES

# (count, name, comment, counted): one way to read a line; ``counted`` is False for "one copy, unsaid".
Reading = tuple[int, str, str, bool]

MAX_STEPS = 12  # tails taken off one line: more columns than any tool prints
MAX_COUNT_AFTER = 99  # "Spiridonas 2007" is a year, not two thousand copies

# " # why" and " // why" end a line's card part: no card name holds them.
_COMMENT_TAIL = re.compile(r"(?<!\s)\s+(?:#|//)\s*")
# What may stand before the name: a bullet or a rule, then a count in any spelling.
_START = re.compile(
    r"""^\s*(?:[-*•·=+>~|]+\s*(?=\S))?                            # "- ", "* ", "= ", "=> ", "•"
        (?:[(\[{<]\s*[xX×*]?\s*(?P<wrapped>\d+)\s*[xX×*]?\s*[)\]}>][\s.:=-]*   # [2] (2) {2} <2> (x2) [2x]
          |(?P<marked>\d+)(?:\s*[xX×*]+(?![A-Za-z])|[xX×]+(?=[A-Z])|\s*[).:=])\s*   # 2x 2 x 2xx 2* 2) 2. 2:
          |(?P<dashed>\d+)\s+[-–—]+\s+                             # 2 - Name
          |[xX×*]+\s*(?P<times>\d+)[\s.:=)-]+                      # x2 Name, x 2 Name, *2 Name, xx2 Name
          |(?P<bare>\d+)\s+                                        # 2 Name
        )?
        (?P<name>(?:.*\S)?)\s*$""",
    re.VERBOSE,
)
# A count after the name. Tried only on a name that did not resolve whole ("Channel 10", "AK-47").
_END_COUNT = re.compile(
    r"""^(?P<name>.*?\S)
        (?:\s*[(\[{<]\s*[xX×*]?\s*(?P<wrapped>\d+)\s*(?:[xX×]|copies|copy|cards?)?\s*[)\]}>]   # (2) [x2] (2 copies)
          |(?:\s*[-–—=,]|\s+:|:(?=\s))\s*[xX×*]?\s*(?P<separated>\d+)\s*(?:[xX×]|copies|copy)?  # - 2, : 2, = 2
          |\s*[*×]\s*(?P<starred>\d+)                                                      # *2, ×2
          |\s+[xX]?\s*(?P<spaced>\d+)\s*(?:[xX×]|copies|copy)?                             # 2, x2, x 2, 2x
        )\s*[.;,]?$""",
    re.VERBOSE,
)
# A comment that is a count: "Deny -- 2", "Deny // x2".
_COUNT_COMMENT = re.compile(r"^[xX×*]?\s*(\d{1,2})\s*[xX×]?$")
# What separates the columns of a row ("DOM/PRE", "Tremere, Camarilla", "Gargoyle:3").
_SEPARATORS = " \t,/&+;:"
_SEPARATOR = re.compile(r"[\s,/&+;:]+")
_DISCIPLINE_CODES = frozenset([*DISCIPLINES, *VIRTUES, "-none-"])
_COST = re.compile(r"\d+\s*(?:pool|blood|conviction|bp|cp|p|b)|(?:pool|blood|cost|cap|capacity)\s*\d+|any")
_DASHES = (" - ", " -- ", " – ", " — ", " | ", "\t- ", "\t-- ")


def _column_words(cards: CardIndex) -> frozenset[str]:
    """What a list may print in a column after a card's name, folded to lower case: clans (ARDB writes
    "!Toreador" for the antitribu), discipline and virtue names, card types, sects, titles, "trifle"."""
    clans = {clan for card in cards for clan in card.clans}
    words = {
        *clans,
        *(f"!{clan.split()[0]}" for clan in clans),
        *DISCIPLINES.values(),
        *VIRTUES.values(),
        *{kind for card in cards for kind in card.types},
        "Modifier",
        "Politics",
        "Political",
        "Vote",
        "Votes",
        "Reflex",
        "Trifle",
        "Unique",
        "Assamite",
        "Setite",
        "Followers of Set",
        "Ministry",
        *SECTS,
        *TITLE_VOTES,
    }
    folded = {" ".join(_SEPARATOR.split(word.lower())) for word in words}
    return frozenset(folded | {f"{word}s" for word in folded})


def column_words(cards: CardIndex) -> frozenset[str]:
    """``_column_words`` of a card list, made once."""
    return cards.derived(__name__, _column_words)


def readings(text: str, columns: frozenset[str]) -> Iterator[Reading]:
    """The ways to read a card line, the likeliest first; the caller keeps the first naming a card.

    Each step offers the line as it stands (and, when no count was written before the name, with the
    count read from its end), then takes one tail off the end: a bracket, a column after a wide gap, a
    " - comment", a clan, discipline, type or cost word, a capacity. What brackets and dashes held
    becomes the card's comment; columns are dropped.
    """
    body, comment = text, ""
    if "#" in text or "//" in text:
        parts = _COMMENT_TAIL.split(text, maxsplit=1)
        if len(parts) == 2:
            body, comment = parts[0], parts[1].strip()
    start = _START.match(body)
    assert start is not None  # every part of the pattern is optional
    if not start["name"]:
        return
    number = next((n for n in start.group("wrapped", "marked", "dashed", "times", "bare") if n), None)
    if number is None and (said := count_comment(comment)) is not None:
        number, comment = str(said), ""
    yield from _steps(int(number or 1), start["name"], comment, number is not None, columns)
    if start["bare"]:
        # "419 Operation x1": the number may begin the name. Read again with no count before the name.
        yield from _steps(1, body[start.start("bare") :].strip(), comment, False, columns)


def count_comment(comment: str) -> int | None:
    """The count a comment after a name states, when it says nothing else ("Deny -- 2", "Deny // x2")."""
    match = _COUNT_COMMENT.match(comment) if comment else None
    return int(match[1]) if match else None


def _steps(count: int, name: str, comment: str, counted: bool, columns: frozenset[str]) -> Iterator[Reading]:
    comments = [comment] if comment else []
    capacity = False  # a discipline column was taken: a number before it is a capacity, not a count
    for _ in range(MAX_STEPS):
        joined = "; ".join(comments)
        yield count, name, joined, counted
        if not counted and not capacity and _ends_in_count(name) and (end := _END_COUNT.match(name)):
            number = next(n for n in end.group("wrapped", "separated", "starred", "spaced") if n)
            if int(number) <= MAX_COUNT_AFTER:
                yield int(number), end["name"], joined, True
        taken = _take_tail(name, columns, counted=counted, capacity=capacity)
        if taken is None:
            return
        name, tail, kind = taken
        if kind == "comment" and tail:
            comments.insert(0, tail)
        capacity = capacity or kind == "discipline"


def _ends_in_count(name: str) -> bool:
    """Whether ``name`` may end in a count (a digit before any "x", "copies", bracket or stop): a string test
    that spares most lines the pattern ``_END_COUNT``."""
    end = name.rstrip(" \t.;,)]}>").removesuffix("copies").removesuffix("copy").removesuffix("cards")
    return end.rstrip(" \txX×").removesuffix("card")[-1:].isdigit()


def _take_tail(name: str, columns: frozenset[str], *, counted: bool, capacity: bool) -> tuple[str, str, str] | None:
    """The name with its last tail taken off, the tail, and its kind ("comment", "discipline", "column");
    the shortest tail of those found, so tails come off one at a time from the end.

    A line without a count keeps its words: only what brackets or a wide gap set apart comes off. A title
    ("Arika - Tremere votes", "Tom: Brujah Anarch Combat") must not become a card by losing its last words.
    (Plain string searches from the end, not patterns: a pasted page of prose comes through here too.)
    """
    found = [_bracket_tail(name), _gap_tail(name)]
    dash = _dash_tail(name)
    if counted or (dash is not None and _ends_in_count(dash[0]) and _END_COUNT.match(dash[0])):  # "Doll - 2 - why"
        found.append(dash)
    if counted or capacity:
        found.append(_column_tail(name, columns, numbers=True, words=counted))
    best: tuple[str, str, str] | None = None
    for taken in found:
        if taken is not None and (best is None or len(taken[0]) > len(best[0])):
            best = taken
    if best is not None and best[2] == "comment" and (kind := _columns_kind(best[1], columns)) is not None:
        best = (best[0], best[1], kind)  # "Deflection (DOM)", "Tupdog  Gargoyle": a column, not something said
    return best


def _bracket_tail(name: str) -> tuple[str, str, str] | None:
    end = name.rstrip(" \t.,;:")
    if not end or end[-1] not in ")]}>":
        return None
    opening = max(end.rfind(bracket) for bracket in "([{<")
    inner = end[opening + 1 : -1]
    rest = end[:opening].rstrip()
    if opening < 0 or not rest or any(bracket in inner for bracket in ")]}>"):
        return None
    return rest, inner.strip(), "comment"


def _gap_tail(name: str) -> tuple[str, str, str] | None:
    """ "Tupdog  Gargoyle", "Tupdog<TAB>Gargoyle": what stands after the last wide gap is a column."""
    gap = max(name.rfind("  "), name.rfind("\t"))
    rest, tail = name[:gap].rstrip(), name[gap:].strip()
    return (rest, tail, "comment") if gap > 0 and rest and tail else None


def _dash_tail(name: str) -> tuple[str, str, str] | None:
    """ " - why", " -- why", " | why": the comment after the last dash."""
    dash = max(name.rfind(mark) for mark in _DASHES)
    if dash <= 0:
        return None
    rest, tail = name[:dash].rstrip(), name[dash:].strip(" \t-–—|")
    return (rest, tail, "comment") if rest else None


def _column_tail(name: str, columns: frozenset[str], *, numbers: bool, words: bool) -> tuple[str, str, str] | None:
    """The last one to three words when they are a column: a discipline, a clan, a type, a title, a cost
    (``words``), or a number (``numbers``: a capacity or a cost)."""
    end = len(name)
    for size in (1, 2, 3):
        # Back over separators, then over one more word.
        while end and name[end - 1] in _SEPARATORS:
            end -= 1
        while end and name[end - 1] not in _SEPARATORS:
            end -= 1
        rest = name[:end].rstrip(_SEPARATORS)
        if not rest:
            return None
        tail = " ".join(_SEPARATOR.split(name[end:].strip(_SEPARATORS).lower()))
        if size == 1 and (tail.isdigit() or tail == "any"):
            if numbers:
                return rest, tail, "column"
            continue
        if not words:
            continue
        if size == 1 and tail in _DISCIPLINE_CODES:
            return rest, tail, "discipline"
        if tail in columns or _COST.fullmatch(tail):
            return rest, tail, "column"
    return None


def _columns_kind(text: str, columns: frozenset[str]) -> str | None:
    """ "discipline" or "column" when ``text`` is nothing but column words ("DOM", "1  POT VIS", "Gargoyle",
    "trifle"), "discipline" when disciplines are among them; None when it says something else."""
    rest, kind = f"x {text}", "column"
    for _ in range(MAX_STEPS):
        if rest.strip() == "x":
            return kind
        taken = _column_tail(rest, columns, numbers=True, words=True)
        if taken is None:
            return None
        rest = taken[0]
        if taken[2] == "discipline":
            kind = "discipline"
    return None


def guess(text: str, columns: frozenset[str]) -> Reading | None:
    """The count and name a line names no card by: its count read wherever it was written, the name as
    given. What an unresolved line reports, and what suggestions are made from."""
    first = None
    for reading in readings(text, columns):
        if first is None:
            first = reading
            if reading[3]:
                return reading
        elif reading[3]:
            return reading  # the count read from the end of the name
        else:
            break
    return first


# --- lines that name no card -------------------------------------------------------------------

_TOTAL_WORDS = frozenset(
    (
        "total",
        "totals",
        "deck",
        "size",
        "sum",
        "count",
        "cards",
        "card",
        "crypt",
        "library",
        "vampires",
        "vampire",
        "in",
        "all",
        "the",
        "of",
        "and",
        "overall",
        "grand",
        "x",
    )
)
_SAYS_TOTAL = frozenset(("total", "totals", "sum", "size", "cards", "card", "vampires", "vampire"))
_TOKENS = re.compile(r"[^\W\d_]+|\d+")


def is_total(text: str) -> bool:
    """A line stating a total rather than a card: "Total: 90", "Total 90 cards", "90 cards", "Deck size: 102",
    "Cards: 90", "(12 crypt / 90 library)". Section totals ("Library total: 90") are headers (``lines``)."""
    tokens = _TOKENS.findall(text.lower())
    words = {token for token in tokens if not token.isdigit()}
    numbers = len(tokens) - len(words)
    return numbers > 0 and words <= _TOTAL_WORDS and (bool(words & _SAYS_TOTAL) or numbers > 1)


_COUNT_MARK = re.compile(r"[xX×](?=\s*\d)|(?<=\d)\s*[xX×]+")


def has_letter(text: str) -> bool:
    """Every card name has a letter: "12", "x2", "=====", "-- 3 --" name none."""
    return any(char.isalpha() for char in _COUNT_MARK.sub("", text))
