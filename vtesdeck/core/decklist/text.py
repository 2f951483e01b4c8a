"""The simple line formats: JOL, Lackey text, and a plain list.

``jol`` — what the JOL online table takes: one card per line as ``4 x Name``, ``4x Name``, ``4xName``
or a bare name (one copy), ``#`` comments, crypt and library in one list with no headers (each name
says which it is).

``lackey`` — LackeyCCG's text deck: ``4<TAB>Name`` lines, the library first, then a ``Crypt:`` line
and the crypt; advanced vampires written ``Name Adv.``.

``plain`` — anything else a person types or pastes: headers or not, ``Deck Name:``, counts in any
spelling (see ``lines``). Its export is the list a human would write: ``Crypt (12 cards)``, then
``2x Name`` lines. The deck's name and author are written on one line each (line breaks become spaces),
card comments after `` -- `` likewise, and each line of the description as a ``// `` comment, which the
reader takes back exactly: no text of the deck can be read as a header, a card or metadata.
"""

from __future__ import annotations

import re

from ..carddb import CardIndex
from ..deck import Deck
from ..domain import Card
from ..messages import gettext_noop
from .base import Format, one_line, text_lines
from .lines import library_sections, parse_sections, read_header_line

# --- JOL -----------------------------------------------------------------------------------------

_JOL_LINE = re.compile(r"^\s*\d+\s*[xX]\s*\S")


def parse_jol(text: str, cards: CardIndex) -> Deck:
    return parse_sections(text, cards)


def export_jol(deck: Deck, cards: CardIndex) -> str:
    out = [f"{count}x {cards[card_id].unique_name}" for card_id, count in deck.crypt.items()]
    out.append("")
    out += [f"{count}x {cards[card_id].name}" for card_id, count in deck.library.items()]
    return "\n".join(out) + "\n"


def detect_jol(text: str) -> float:
    """JOL lists are nothing but ``4x Name`` lines (and ``#`` comments): no headers, no metadata."""
    counted = total = 0
    for line in text[:20_000].splitlines()[:400]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if read_header_line(stripped) is not None:
            return 0.0
        total += 1
        counted += bool(_JOL_LINE.match(stripped))
    return 0.6 if total and counted * 10 >= total * 9 else 0.0


# --- Lackey --------------------------------------------------------------------------------------

_LACKEY_LINE = re.compile(r"^\d+\t\S")
_LACKEY_CRYPT = re.compile(r"^\s*crypt:\s*$", re.IGNORECASE | re.MULTILINE)


def parse_lackey(text: str, cards: CardIndex) -> Deck:
    # Lackey writes no "Library:" header: everything before "Crypt:" is library.
    return parse_sections(text, cards, section="library")


def lackey_name(card: Card) -> str:
    """Lackey's spelling: the version in brackets when several groups share a name, "Adv." at the end."""
    if not card.is_crypt:
        return card.name
    name = card.unique_name
    if card.advanced:
        name = re.sub(r"\s*\((?:G(\w+) )?ADV\)$", lambda m: f" (G{m[1]})" if m[1] else "", name) + " Adv."
    return name


def export_lackey(deck: Deck, cards: CardIndex) -> str:
    out = [f"{count}\t{lackey_name(cards[card_id])}" for card_id, count in deck.library.items()]
    out.append("Crypt:")
    out += [f"{count}\t{lackey_name(cards[card_id])}" for card_id, count in deck.crypt.items()]
    return "\n".join(out) + "\n"


def detect_lackey(text: str) -> float:
    head = text[:20_000]
    if "\t" not in head:
        return 0.0
    lines = [line for line in head.splitlines()[:400] if line.strip()]
    tabbed = sum(bool(_LACKEY_LINE.match(line)) for line in lines)
    if not tabbed or tabbed * 10 < len(lines) * 8:
        return 0.0
    return 1.0 if _LACKEY_CRYPT.search(head) else 0.7


# --- plain ---------------------------------------------------------------------------------------


def export_plain(deck: Deck, cards: CardIndex) -> str:
    out = []
    if name := one_line(deck.name):
        out.append(f"Deck Name: {name}")
    if author := one_line(deck.author):
        out.append(f"Author: {author}")
    # As comments: a description line may look like a card line ("2x Arika, for the vote") or a header.
    out += [f"// {line}".rstrip() for line in text_lines(deck.description)]
    if out:
        out.append("")
    out.append(f"Crypt ({deck.crypt_count} cards)")
    out += [
        _line(count, cards[card_id].unique_name, deck.comments.get(card_id)) for card_id, count in deck.crypt.items()
    ]
    out += ["", f"Library ({deck.library_count} cards)"]
    for section, entries in library_sections(deck, cards):
        out += ["", f"{section} ({sum(n for _, n in entries)})"]
        out += [_line(count, card.name, deck.comments.get(card.id)) for card, count in entries]
    return "\n".join(out) + "\n"


def _line(count: int, name: str, comment: str | None) -> str:
    comment = one_line(comment or "")
    return f"{count}x {name}" + (f" -- {comment}" if comment else "")


def detect_plain(text: str) -> float:
    return 0.05  # the fallback: any list of lines


FORMATS = (
    Format(
        name="lackey",
        label=gettext_noop("LackeyCCG text deck"),
        extension="txt",
        media_type="text/plain",
        parse=parse_lackey,
        detect=detect_lackey,
        export=export_lackey,
    ),
    Format(
        name="jol",
        label=gettext_noop("JOL (online table) deck"),
        extension="txt",
        media_type="text/plain",
        parse=parse_jol,
        detect=detect_jol,
        export=export_jol,
    ),
    Format(
        name="plain",
        label=gettext_noop("Plain list"),
        extension="txt",
        media_type="text/plain",
        parse=parse_sections,
        detect=detect_plain,
        export=export_plain,
    ),
)
