"""The Tournament Winning Deck Archive's layout, and the deck builders' text exports close to it.

An archive decklist (``twd``)::

    Basagan ng Bungo 2025                     ← event
    Metro Manila, Philippines                 ← place
    November 29th 2025                        ← date, or "May 3rd 2025 -- May 4th 2025"
    3R+F                                      ← rounds (optional)
    15 players                                ← (optional)
    Dante Gagelonia                           ← winner
    https://archon.vekn.net/tournament/…      ← (optional)

    -- 1GW3 + 1GW3.5 in final                 ← score (optional)

    Deck Name: Saulot's Guidance Counselor
    Created by: …                             ← or "Author:"
    Description: …                            ← any number of lines, until the crypt

    Crypt (12 cards, min=17, max=30, avg=5.92)
    ------------------------------------------
    2x Mora, the Death Seer  7  AUS FOR OBL ani  Hecata:6
    …
    Library (80 cards)
    Master (18; 7 trifle)
    1x Channel 10
    …

Prose the archive keeps between or after the sections, and comment lines ("-- …"), join the
description: nothing a winner wrote is lost, and an exported deck reads back the same.

``vdb`` (VDB's "Text" export), ``ardb`` (ARDB's text export: ``Crypt [12 vampires]``, ``Action [20]``,
names cut at 18 characters) and ``amaranth`` are read with the shared grammar of ``lines``.
"""

from __future__ import annotations

import datetime
import re

from ..carddb import CardIndex
from ..deck import Deck, Event
from ..domain import Card
from ..messages import gettext_noop
from ..versions import settle
from . import csvfmt, eld, jsonfmt, lackey_dek, vdb_url
from .base import Format, one_line, text_lines
from .lines import (
    HEADER_DECORATION,
    MAX_DECK_COPIES,
    MAX_LINE_COUNT,
    DeckBuilder,
    is_rule,
    is_trifle,
    join_description,
    library_sections,
    parse_sections,
    read_header,
    read_header_line,
)

# --- dates -------------------------------------------------------------------------------------

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH_NAMES = (
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_ORDINAL = r"(?:st|nd|rd|th)?"
# "May 3rd 2025", "3 May 2025", "May 3rd-4th 2025", "May 31st - June 1st 2025", "09 February 2025,"
_DATE = re.compile(
    rf"""^\s*(?:(?P<month>[a-z]+)\.?\s+(?P<day>\d{{1,2}}){_ORDINAL}
             |(?P<day_first>\d{{1,2}}){_ORDINAL}\s+(?P<month_after>[a-z]+)\.?)
        (?:\s*[-–]\s*(?:(?P<end_month>[a-z]+)\.?\s+)?(?P<end_day>\d{{1,2}}){_ORDINAL})?
        ,?\s+(?P<year>\d{{4}})[\s,.]*$""",
    re.IGNORECASE | re.VERBOSE,
)
# "May 3rd 2025 -- May 4th 2025" (the archive's), "May 31st 2025 - June 1st 2025"
_DATE_RANGE = re.compile(r"\s+--\s+|\s+[-–]\s+(?=\D*\d{1,2}\D+\d{4})")
_ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s*$")


def parse_dates(text: str) -> tuple[datetime.date, datetime.date | None] | None:
    """The first and last day of an event from its date line; None when the line is no date."""
    parts = _DATE_RANGE.split(text.strip(), maxsplit=1)
    if len(parts) == 2 and (first := _date(parts[0])) and (last := _date(parts[1])):
        return first[0], last[0]
    found = _date(text)
    if found is None:
        return None
    return found


def _date(text: str) -> tuple[datetime.date, datetime.date | None] | None:
    if iso := _ISO_DATE.match(text):
        try:
            return datetime.date(int(iso[1]), int(iso[2]), int(iso[3])), None
        except ValueError:
            return None
    match = _DATE.match(text)
    if match is None:
        return None
    month = _MONTHS.get((match["month"] or match["month_after"]).lower())
    if month is None:
        return None
    year, day = int(match["year"]), int(match["day"] or match["day_first"])
    try:
        start = datetime.date(year, month, day)
        end = None
        if match["end_day"]:
            end_month = _MONTHS.get(match["end_month"].lower()) if match["end_month"] else month
            if end_month is None:
                return None
            end = datetime.date(year, end_month, int(match["end_day"]))
    except ValueError:
        return None
    return start, end


def format_date(day: datetime.date) -> str:
    """The archive's way: "November 29th 2025"."""
    suffix = "th" if 11 <= day.day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10, "th")
    return f"{_MONTH_NAMES[day.month]} {day.day}{suffix} {day.year}"


# --- the event header --------------------------------------------------------------------------

_ROUNDS = re.compile(r"^\d+\s*R\b.*$")  # "3R+F", "2R+F", "3R (no final)"
_PLAYERS = re.compile(r"^(\d+)\s+players?\b.*$", re.IGNORECASE)  # "15 players", "8 players only"
_URL = re.compile(r"^https?://\S+$")
# The result line under the header: "-- 1GW3 + 1GW3.5 in final", "-- 4vp in final", "-- 2GW8 across 3 rounds".
_SCORE = re.compile(r"\d\s*(?:gw|vp)|gw\s*\d|\d\s+in\s+final", re.IGNORECASE)
_TWD_META = re.compile(
    r"^(?P<key>deck\s*name|created\s*by|authors?|description)\s*:\s*(?P<value>(?:.*\S)?)\s*$", re.IGNORECASE
)


def _read_event(block: list[str]) -> tuple[Event | None, list[str]]:
    """The event of a header block, and its lines no Event field holds (a second link, an organizer)."""
    if len(block) < 3:
        return None, []
    dates = parse_dates(block[2])
    if dates is None and not any(_ROUNDS.match(x) or _PLAYERS.match(x) or _URL.match(x) for x in block[2:]):
        return None, []
    # An event may be named like a section ("Event 3", "Library 2024"): under it, a date says it is the event.
    if _TWD_META.match(block[0]) or (dates is None and read_header(block[0])):
        return None, []
    event = Event(name=unescape(block[0]), place=unescape(block[1]))
    rest = block[2:]
    if dates is not None:
        event.date, event.date_end = dates
        rest = block[3:]
    extra = []
    for line in rest:
        if not event.format and not event.players and not event.winner and _ROUNDS.match(line):
            event.format = line
        elif event.players is None and not event.winner and (players := _PLAYERS.match(line)):
            event.players = int(players[1])
        elif not event.url and _URL.match(line):
            event.url = line
        elif not event.winner and not event.url:
            event.winner = unescape(line)
        else:
            extra.append(unescape(line))
    return event, extra


# --- parse -------------------------------------------------------------------------------------


def parse(text: str, cards: CardIndex) -> Deck:
    lines = text.splitlines()
    builder = DeckBuilder(cards)
    deck = builder.deck
    notes: list[str] = []
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    event, extra = _read_event([line.strip() for line in lines[start:end]])
    if event is not None:
        deck.event = event
        notes.extend(extra)
        start = end
    start = _read_preamble(lines, start, deck, notes)
    if start == len(lines):
        # No header anywhere: a bare list under the archive's header. Read it as the plain grammar does.
        plain = parse_sections("\n".join(lines[end if event else 0 :]), cards)
        plain.event = deck.event
        return settle(plain, cards)  # again, now that the event's date is known
    _read_body(lines, start, builder, notes)
    deck.description = join_description(notes)
    return builder.finish()


def _read_preamble(lines: list[str], start: int, deck: Deck, notes: list[str]) -> int:
    """Score, name, author and description, up to the first section header. Returns its index."""
    describing = False
    seen = False
    bracketed = False  # "[Misc.: 6 cards … Political: 20 cards]": a breakdown, not the deck's headers
    for index in range(start, len(lines)):
        line = lines[index]
        stripped = line.strip()
        if not stripped:
            notes.append("")
            continue
        if stripped[0] == "[" or (bracketed and not _ends_note(stripped)):
            bracketed = "]" not in stripped
            notes.append(unescape(line))
            continue
        bracketed = False
        if read_header_line(stripped) is not None:
            return index
        if not describing:
            if deck.event and not seen and stripped.startswith("--") and _SCORE.search(stripped):
                deck.event.score = stripped[2:].strip()
                seen = True
                continue
            seen = True
            if meta := _TWD_META.match(stripped):
                key, value = meta["key"].lower(), meta["value"]
                if key.startswith("desc"):
                    describing = True
                    notes.append(unescape(value))
                    continue
                if key.startswith("deck") and not deck.name:
                    deck.name = value
                    continue
                if not key.startswith("deck") and not deck.author:
                    deck.author = value
                    continue
        notes.append(unescape(line))
    return len(lines)


def _read_body(lines: list[str], start: int, builder: DeckBuilder, notes: list[str]) -> None:
    body_notes: list[str] = []
    deck = builder.deck
    crypt, library, comments = deck.crypt, deck.library, deck.comments
    caches = builder.resolver.lines
    cache = caches["library"]
    bracketed = False  # inside a "[ … ]" note (a breakdown of counts some lists add), not cards
    for index in range(start, len(lines)):
        line = lines[index]
        if line[:1] == "[" or (bracketed and not _ends_note(line)):
            if line[:1] == "[" and _BRACKETED_COUNT.match(line) and builder.card(index + 1, line.strip()):
                bracketed = False
                continue  # "[2] Blood Doll": a count in brackets, not a note
            # A note ends at its "]" or, left unclosed, where the deck resumes.
            bracketed = "]" not in line
            if line.strip():
                body_notes.append(line.strip())
            continue
        bracketed = False
        # Nearly every line is "2x Name…", read before: one lookup in the card list's line cache.
        if line[:1].isdigit():
            entry = cache.get(line)
            if entry is not None and (card := entry[1]) is not None and 0 < (count := entry[0]) <= MAX_LINE_COUNT:
                if builder.copies + count <= MAX_DECK_COPIES:
                    builder.copies += count
                    # Deck.add, unrolled: this loop runs 150,000 times over the archive.
                    part = crypt if card.kind is _CRYPT else library
                    part[card.id] = part.get(card.id, 0) + count
                    if comment := entry[2]:
                        comments[card.id] = f"{comments[card.id]}; {comment}" if card.id in comments else comment
                    continue
            if builder.card(index + 1, line):
                continue
        stripped = line.strip()
        if not stripped:
            continue
        first = stripped[0]
        # ``read_header_line``, unrolled: this loop runs 150,000 times over the archive.
        if (first.isalpha() or first in HEADER_DECORATION) and (header := read_header(stripped)) is not None:
            builder.header(header)
            cache = caches["crypt" if builder.section == "crypt" else "library"]
        elif is_rule(stripped):
            continue
        elif stripped.startswith("--") or stripped.startswith("#"):
            body_notes.append(stripped)
        elif not builder.card(index + 1, stripped):
            body_notes.append(stripped)
    if body_notes:
        notes.append("")
        notes.extend(body_notes)


_CRYPT = Card.Kind.CRYPT
_BRACKETED_COUNT = re.compile(r"^\[\s*[xX]?\d+\s*[xX]?\]\s*\S")


def _ends_note(line: str) -> bool:
    """A card line or a "Crypt (12 cards…)" header: the deck goes on after an unclosed "[" note."""
    stripped = line.strip()
    return stripped[:1].isdigit() or ("(" in stripped and read_header_line(stripped) is not None)


# --- free text ---------------------------------------------------------------------------------
# The archive's layout has no quoting: the event's lines and the description are bare lines. A line of a
# deck's text that the reader would take for something else (a section header, "Deck Name: …", and in the
# event's lines a round count, a player count or a link) is written with a backslash in front, which the
# reader takes off again: "\Library (90)" is the description line "Library (90)". A line that starts with
# a backslash gets one more, so every text comes back as it was (save what ``join_description`` tidies).


def escape(line: str, *, event: bool = False) -> str:
    """``line`` (one line of free text) as the archive's reader will take for text. ``event``: a line of
    the event's header, read by its shape and before any "Description:"."""
    stripped = line.strip()
    if (
        stripped.startswith("\\")
        or read_header_line(stripped) is not None
        or (event and any(shape.match(stripped) for shape in (_TWD_META, _ROUNDS, _PLAYERS, _URL)))
    ):
        return "\\" + line
    return line


_STRUCTURED = tuple(f.detect for module in (jsonfmt, lackey_dek, eld, vdb_url, csvfmt) for f in module.FORMATS)


def _claimed(head: list[str]) -> bool:
    """Whether detection could take an export starting with these lines for another format (a CSV header, a
    JSON object, an ELDB file, a VDB link; a Lackey file or a byte-order mark: by their first character)."""
    return head[0][:1] in ("<", "\ufeff") or any(detect("\n".join(head) + "\n") for detect in _STRUCTURED)


def unescape(line: str) -> str:
    """A line read back: the backslash ``escape`` put in front taken off."""
    if line.lstrip()[:1] == "\\":
        at = line.index("\\")
        return line[:at] + line[at + 1 :]
    return line


# --- export ------------------------------------------------------------------------------------


def crypt_name(card: Card) -> str:
    """A vampire as the archive names it: the group sits in its own column, so only "(ADV)" is added."""
    return f"{card.name} (ADV)" if card.advanced else card.name


def crypt_stats(capacities: list[int]) -> tuple[int, int, float]:
    """min, max and avg as the archive's crypt header states them: the 4 cheapest and the 4 dearest
    capacities summed (a crypt draw is 4 vampires), and the mean capacity."""
    ordered = sorted(capacities)
    if not ordered:
        return 0, 0, 0.0
    return sum(ordered[:4]), sum(ordered[-4:]), sum(ordered) / len(ordered)


def format_average(value: float) -> str:
    """6.5 → "6.5", 10.0 → "10", 5.916… → "5.92" (rounded half up, as the archive does)."""
    hundredths = int(value * 100 + 0.5 + 1e-9)
    whole, cents = divmod(hundredths, 100)
    return f"{whole}.{cents:02d}".rstrip("0").rstrip(".")


def crypt_table(deck: Deck, cards: CardIndex) -> list[str]:
    """The crypt header, its rule and the aligned rows (name, capacity, disciplines, title, clan:group)."""
    rows = []
    capacities: list[int] = []
    for card_id, count in deck.crypt.items():
        card = cards[card_id]
        capacities += [card.capacity or 0] * count
        disciplines = " ".join(sorted(str(d) for d in card.disciplines)) or "-none-"
        rows.append(
            (
                f"{count}x",
                crypt_name(card),
                str(card.capacity or 0),
                disciplines,
                card.title,
                f"{card.clans[0] if card.clans else ''}:{card.group}",
                one_line(deck.comments.get(card_id, "")),
            )
        )
    low, high, mean = crypt_stats(capacities)
    count = deck.declared.crypt if deck.declared.crypt is not None else sum(deck.crypt.values())
    title = f"Crypt ({count} cards, min={low}, max={high}, avg={format_average(mean)})"
    out = [title, "-" * len(title)]
    if not rows:
        return out
    widths = [max(len(row[column]) for row in rows) for column in range(5)]
    titled = widths[4] > 0
    for number, name, capacity, disciplines, vote_title, clan, comment in rows:
        cells = [
            f"{number:<{widths[0]}} {name:<{widths[1]}}",
            f"{capacity:>{widths[2]}}",
            f"{disciplines:<{widths[3]}}",
        ]
        if titled:
            cells.append(f"{vote_title:<{widths[4]}}")
        cells.append(clan)
        out.append("  ".join(cells) + (f" -- {comment}" if comment else ""))
    return out


def export(deck: Deck, cards: CardIndex) -> str:
    """The archive's layout. Counts a decklist stated about itself (``deck.declared``) are written as
    it stated them, so an archive deck reads back whole; a deck that stated none gets its real ones."""
    out: list[str] = []
    event = deck.event
    if event is not None:
        if event.date is None:
            date_line = "Date unknown"
        elif event.date_end is None:
            date_line = format_date(event.date)
        else:
            date_line = f"{format_date(event.date)} -- {format_date(event.date_end)}"
        name, place = one_line(event.name), one_line(event.place)
        head = [escape(name or "Tournament", event=True), escape(place or "Unknown place", event=True)]
        if _claimed(head):  # the export's first lines: detection reads them too
            head[0] = "\\" + head[0]
        out += [*head, date_line]
        # The lines after the date are read by their shape: a round count, "15 players", a link, the winner.
        if rounds := one_line(event.format):
            out.append(escape(rounds, event=not _ROUNDS.match(rounds)))
        if event.players is not None:
            out.append(f"{event.players} players")
        if winner := one_line(event.winner):
            out.append(escape(winner, event=True))
        if url := one_line(event.url):
            out.append(escape(url, event=not _URL.match(url)))
        out.append("")
        if score := one_line(event.score):
            out += [escape(f"-- {score}"), ""]
    if name := one_line(deck.name):
        out.append(f"Deck Name: {name}")
    if author := one_line(deck.author):
        out.append(f"Created by: {author}")
    if deck.description:
        first, *rest = text_lines(deck.description) or [""]
        out.append(f"Description: {escape(first)}")
        out += [escape(line) for line in rest]
    if out and out[-1]:
        out.append("")
    out += crypt_table(deck, cards)
    out += [one_line(u.text) for u in deck.unresolved if u.section == "crypt"]
    declared = deck.declared
    library_count = declared.library if declared.library is not None else sum(deck.library.values())
    out += ["", f"Library ({library_count} cards)"]
    for index, (section, entries) in enumerate(library_sections(deck, cards)):
        count = declared.sections.get(section, sum(n for _, n in entries))
        trifles = ""
        if section == "Master":
            number = declared.trifles if declared.trifles is not None else sum(n for c, n in entries if is_trifle(c))
            trifles = f"; {number} trifle" if number else ""
        if index:
            out.append("")
        out.append(f"{section} ({count}{trifles})")
        for card, number in entries:
            comment = one_line(deck.comments.get(card.id, ""))
            out.append(f"{number}x {card.name}" + (f" -- {comment}" if comment else ""))
    out += [one_line(u.text) for u in deck.unresolved if u.section != "crypt"]
    return "\n".join(out) + "\n"


# --- detection ---------------------------------------------------------------------------------

# The archive's crypt header has commas between its figures; VDB's has none.
_TWD_CRYPT = re.compile(r"^\s*Crypt \(\d+ cards?, min=\d+, max=\d+, avg=[\d.]+\)", re.MULTILINE)
_VDB_CRYPT = re.compile(r"^\s*Crypt \(\d+ cards?, min=\d+ max=\d+ avg=[\d.]+\)", re.MULTILINE)
_ARDB = re.compile(r"^\s*(?:Crypt \[\d+ vampires?\]|Library \[\d+ cards?\]|Deck Name\s+:)", re.MULTILINE)


def detect(text: str) -> float:
    if "Crypt (" in text and _TWD_CRYPT.search(text):
        return 1.0
    head = text.lstrip()[:2000].splitlines()[:8]
    block = []
    for line in head:
        if not line.strip():
            break
        block.append(line.strip())
    if len(block) >= 4 and parse_dates(block[2]) is not None and ("Crypt" in text or "crypt" in text):
        return 0.9
    return 0.0


def detect_vdb(text: str) -> float:
    return 1.0 if "Crypt (" in text and _VDB_CRYPT.search(text) else 0.0


def detect_ardb(text: str) -> float:
    return 1.0 if ("[" in text or " :" in text) and _ARDB.search(text) else 0.0


_AMARANTH = re.compile(
    r"amaranth\.vtes\.co\.nz|(?:exported|made|built)\s+(?:from|by|with|in)\s+amaranth", re.IGNORECASE
)


def detect_amaranth(text: str) -> float:
    # Amaranth's text export has no layout of its own to recognise it by; lists pasted from it keep its
    # name or its deck link.
    # ("Amaranth" alone will not do: it is also a card.)
    # Only its first lines count: a description may well say which tool the deck was built with.
    # Comments ("#", "//": how the plain export writes a description) are the deck's words, not the tool's.
    head = [line for line in text[:4000].splitlines()[:12] if not line.lstrip().startswith(("#", "//"))]
    return 0.9 if _AMARANTH.search("\n".join(head)) else 0.0


def parse_vdb(text: str, cards: CardIndex) -> Deck:
    return parse_sections(text, cards)


FORMATS = (
    Format(
        name="twd",
        label=gettext_noop("Tournament Winning Deck Archive"),
        extension="txt",
        media_type="text/plain",
        parse=parse,
        detect=detect,
        export=export,
    ),
    Format(
        name="vdb",
        label=gettext_noop("VDB text export"),
        extension="txt",
        media_type="text/plain",
        parse=parse_vdb,
        detect=detect_vdb,
    ),
    Format(
        name="amaranth",
        label=gettext_noop("Amaranth text export"),
        extension="txt",
        media_type="text/plain",
        parse=parse_vdb,
        detect=detect_amaranth,
    ),
    Format(
        name="ardb",
        label=gettext_noop("ARDB text export"),
        extension="txt",
        media_type="text/plain",
        parse=parse_vdb,
        detect=detect_ardb,
    ),
)
