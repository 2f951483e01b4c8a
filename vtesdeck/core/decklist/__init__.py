"""Decklists in every format players, deck builders and tournament software write.

    deck = decklist.parse(uploaded_bytes, cards)          # format detected
    text = decklist.export(deck, cards, "jol")

Each format lives in its own module and declares ``FORMATS`` (see ``base.Format``); this module only
decodes input within bounds, picks the format and dispatches. The registry order is the detection
tie-break: the most specific formats come first, the plain list last.
"""

from __future__ import annotations

import codecs
import re

from .. import budget
from ..carddb import CardIndex
from ..deck import Deck
from . import csvfmt, eld, jsonfmt, lackey_dek, text, twd, vdb_url
from .base import MAX_BYTES, MAX_LINES, DecklistError, Format
from .mangled import repair_text

__all__ = ["FORMATS", "MAX_BYTES", "MAX_LINES", "DecklistError", "Format", "decode", "detect", "export", "parse"]

FORMATS: dict[str, Format] = {
    f.name: f for module in (jsonfmt, lackey_dek, eld, vdb_url, csvfmt, twd, text) for f in module.FORMATS
}

# Control characters a text file never holds; many of them mean a binary upload (an image, a PDF…).
_CONTROL = frozenset(range(0, 32)) - {9, 10, 12, 13}
# The same characters as a regular expression: counting them char by char in Python took 0.14 ms a request.
_CONTROL_CHARS = re.compile("[" + "".join(re.escape(chr(code)) for code in sorted(_CONTROL)) + "]")


def decode(source: bytes | str) -> str:
    """The text of an upload or a paste, refused with a plain sentence when it cannot be a decklist; text
    that old mail or a wrong code page damaged (quoted-printable, mojibake) comes back repaired."""
    if isinstance(source, str):
        if len(source) > MAX_BYTES:
            raise DecklistError.of("TEXT_TOO_LARGE", size=len(source), limit=MAX_BYTES)
        text = source
    else:
        if len(source) > MAX_BYTES:
            raise DecklistError.of("FILE_TOO_LARGE", size=len(source), limit=MAX_BYTES)
        text = _decode_bytes(bytes(source))
    if text.startswith("\ufeff"):
        text = text[1:]
    sample = text[:4096]
    if "\x00" in sample or len(_CONTROL_CHARS.findall(sample)) > len(sample) // 20:
        raise DecklistError.of("BINARY_FILE")
    if not text.strip():
        raise DecklistError.of("EMPTY_DECKLIST")
    if text.count("\n") >= MAX_LINES:
        raise DecklistError.of("TOO_MANY_LINES", limit=MAX_LINES)
    return repair_text(text)


def _decode_bytes(data: bytes) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise DecklistError.of("BAD_UTF16", reason=exc.reason) from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if b"\x00" in data[:4096]:
        raise DecklistError.of("BINARY_FILE")
    # Older tools (Lackey, ARDB on Windows) save in the Windows code page; cp1252 leaves five bytes
    # undefined, so latin-1 takes whatever is left rather than refuse a decklist over one character.
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def detect(text: str) -> str:
    """The name of the format ``text`` is most likely written in ("plain" when nothing claims it)."""
    best, best_score = "plain", 0.0
    for name, fmt in FORMATS.items():
        score = fmt.detect(text)
        if score > best_score:
            best, best_score = name, score
            if score >= 1.0:
                break
    return best


def parse(source: bytes | str, cards: CardIndex, *, format: str | None = None, path: str = "") -> Deck:
    """Read a decklist in any supported format. Raises ``DecklistError`` for input that is no decklist."""
    if format is not None and format not in FORMATS:
        raise DecklistError.of("UNKNOWN_FORMAT", format=format, known=list(FORMATS))
    # Counted before anything is decoded: a request whose budget is spent reads no more decklists.
    spending = budget.current()
    spending.read((source.count(b"\n") if isinstance(source, bytes | bytearray) else source.count("\n")) + 1)
    with spending.reading():
        text = decode(source)
        name = format or detect(text)
        deck = FORMATS[name].parse(text, cards)
    deck.source_format = name
    deck.path = path
    return deck


def export(deck: Deck, cards: CardIndex, format: str) -> str:
    fmt = FORMATS.get(format)
    if fmt is None or fmt.export is None:
        writable = [name for name, f in FORMATS.items() if f.export is not None]
        raise DecklistError.of("CANNOT_EXPORT", format=format, known=writable)
    return fmt.export(deck, cards)
