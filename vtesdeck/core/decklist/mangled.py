"""Decklist text damaged on its way to us, put back as it was written.

Lists reach a judge through old mail archives, forums and word processors, and each leaves its marks:

* quoted-printable mail (``Evening=92s Freshness``, ``Caf=E9``, ``=20`` at line ends, lines cut with a
  trailing ``=`` "soft break");
* UTF-8 read as Windows-1252 or Latin-1 ("mojibake": ``DÃ³nal``, ``Eveningâ€™s``), once or twice over;
* HTML entities (``Rumors &amp; Gossip``, ``Evening&#39;s``);
* non-breaking, thin and zero-width spaces, soft hyphens, and the accents people type for an apostrophe
  (``Evening´s``).

``repair_text`` mends a whole decklist, but only the damage that is unmistakable there (a quoted-printable
escape inside a word, a run of mojibake that decodes to real letters), so a list that was never damaged
comes back unchanged, character for character, and costs almost nothing. ``repair_line`` mends one line
more boldly: the parser calls it only for a line that named no card as it stood.
"""

from __future__ import annotations

import html
import re

# --- quoted-printable ----------------------------------------------------------------------------

# Quoted-printable escapes only three kinds of character: bytes above ASCII ("=92", "=C3=A9": one character's
# bytes in a row), "=" itself ("=3D") and a space or tab ending a line ("=20", "=09"). Only those are decoded:
# "min=17" and "#100952=10" in a VDB link are what they say.
_QP_HIGH = re.compile(r"(?<!min)(?<!max)(?<!avg)(?:=[89A-F][0-9A-F])+")
_QP_OTHER = re.compile(r"=3D|=(?:20|09)(?=\r?\n|$)", re.MULTILINE)
_QP_SOFT_BREAK = re.compile(r"(?<!=)=[ \t]*\r?\n")  # a rule of "=====" ends in "=" too: not a break
# A text is quoted-printable beyond doubt when it holds "=3D", or a run of high escapes inside a word:
# after a letter and before a small letter, a space or a stop ("Evening=92s", "Caf=E9 ", "Vall=C3=A8s"),
# not "name=BBB" in a link. The scan starts from a plain pattern the engine finds fast.
_QP_CANDIDATE = re.compile(r"=[89A-F][0-9A-F]")
_QP_WORD_END = re.compile(r"[a-z\s.,;:!?)'\"]|$")


def _is_quoted_printable(text: str) -> bool:
    if "=3D" in text:
        return True
    for found in _QP_CANDIDATE.finditer(text):
        start = found.start()
        if start == 0 or not text[start - 1].isalpha() or text[max(0, start - 3) : start] in ("min", "max", "avg"):
            continue
        run = _QP_HIGH.match(text, start)
        if run is not None and _QP_WORD_END.match(text, run.end()):
            return True
    return False


def _qp_bytes(match: re.Match[str]) -> str:
    data = bytes.fromhex(match[0].replace("=", ""))
    decoded = _decode_bytes(data)
    # A repair never adds a line ("=C2=85" is U+0085, where str.splitlines breaks): it would be read as a
    # header or a card line the text never showed.
    return match[0] if _breaks_lines(decoded) else decoded


def _decode_bytes(data: bytes) -> str:
    # Mail of the 1990s and 2000s is UTF-8 or Windows-1252; Latin-1 takes the five bytes cp1252 lacks.
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _decode_quoted_printable(text: str) -> str:
    text = _QP_HIGH.sub(_qp_bytes, _QP_SOFT_BREAK.sub("", text))
    return _QP_OTHER.sub(lambda m: bytes.fromhex(m[0][1:]).decode("ascii"), text)


def _breaks_lines(text: str) -> bool:
    """Whether ``text`` holds a line break of any kind ``str.splitlines`` splits at."""
    return "".join(text.splitlines()) != text


# --- mojibake ------------------------------------------------------------------------------------


def _cp1252_char(byte: int) -> str:
    try:
        return bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:
        return chr(byte)  # the five bytes cp1252 leaves undefined read as Latin-1 control characters


# A UTF-8 lead byte (0xC2-0xF4) then continuation bytes (0x80-0xBF), as Windows-1252 or Latin-1 shows them.
_LEADS = "".join(_cp1252_char(b) for b in range(0xC2, 0xF5))
_CONTINUATIONS = "".join(sorted({_cp1252_char(b) for b in range(0x80, 0xC0)} | {chr(b) for b in range(0x80, 0xA0)}))
_MOJIBAKE = re.compile(f"[{re.escape(_LEADS)}][{re.escape(_CONTINUATIONS)}]+")
# The lead bytes of nearly every damaged decklist (Latin letters, Polish and Czech ones, curly quotes, dashes,
# ™) as they show: a substring test for them is far cheaper than the pattern above.
_COMMON_LEADS = ("Ã", "Â", "â", "Å", "Ä")
_TO_BYTE = {_cp1252_char(b): b for b in range(0x80, 0x100)} | {chr(b): b for b in range(0x80, 0xA0)}


def _plausible(char: str) -> bool:
    """A letter or sign a decklist may hold: Latin letters, punctuation, currency, ™; or a control character
    of the range text damaged twice goes through (the "\x9d" of a once-repaired "â€\x9d", which is "”").
    Mojibake decoded by chance into Ogham or CJK is no repair: "Tomáš" before a curly quote stays as it is."""
    code = ord(char)
    return 0x80 <= code <= 0x24F or 0x2000 <= code <= 0x20CF or 0x2100 <= code <= 0x214F


def _unmojibake(match: re.Match[str]) -> str:
    run = match[0]
    try:
        fixed = bytes(_TO_BYTE[char] for char in run).decode("utf-8")
    except (KeyError, UnicodeDecodeError):
        return run
    return fixed if all(_plausible(char) for char in fixed) and not _breaks_lines(fixed) else run


def _fix_mojibake(text: str) -> str:
    for _ in range(3):  # text mis-decoded twice ("Ãƒâ€š") takes two rounds
        fixed = _MOJIBAKE.sub(_unmojibake, text)
        if fixed == text:
            break
        text = fixed
    return text


# --- the whole text ------------------------------------------------------------------------------


def repair_text(text: str) -> str:
    """A decklist with the damage only a damaged text shows (quoted-printable escapes inside words, runs of
    mojibake that decode to letters) undone; any other text is returned as it is."""
    if _is_quoted_printable(text):
        text = _decode_quoted_printable(text)
    if not text.isascii() and any(lead in text for lead in _COMMON_LEADS) and _MOJIBAKE.search(text):
        text = _fix_mojibake(text)
    return text


# --- one line ------------------------------------------------------------------------------------

_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# Spaces that are not " ", characters that print as nothing, and what people type for an apostrophe.
_SPACES = re.compile(r"[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_INVISIBLE = re.compile(r"[\u00ad\u200b-\u200d\u2060\ufeff]")
_APOSTROPHES = str.maketrans({"´": "'", "′": "'", "ʼ": "'", "‚": "'", "ʻ": "'"})


def repair_line(text: str) -> str:
    """A line with every repair tried on it: entities, quoted-printable escapes, mojibake, odd spaces and
    apostrophes. Bolder than ``repair_text``: for a line that named no card as it was written."""
    if "&" in text:
        text = _ENTITY.sub(lambda m: html.unescape(m[0]), text)
    if "=" in text:
        text = _decode_quoted_printable(text)
    if not text.isascii():
        text = _fix_mojibake(text)
        text = _INVISIBLE.sub("", _SPACES.sub(" ", text)).translate(_APOSTROPHES)
    return text
