"""What every decklist format module shares: the ``Format`` record and the error users see."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck
from ..messages import render
from .mangled import repair_text

# Bounds on input, so a pasted novel or a 10 MB upload costs bounded time and memory.
MAX_BYTES = 2_000_000
MAX_LINES = 20_000


# --- free text in an export ----------------------------------------------------------------------
# A deck's name, author, description, event fields and card comments are whatever a user typed. A
# line-based export must not let them start a line of their own ("Nice deck\nLibrary (90)\n40x Immortal
# Grapple" would add 40 cards): every exporter writes free text through these two, which break lines where
# the parsers do (``str.splitlines``: \n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, \u2028, \u2029).


def one_line(text: str) -> str:
    """Free text for a field a format holds on one line (a name, an author, a comment): each line break of
    any kind becomes a space, and the ends are trimmed, as the parsers trim them."""
    return " ".join(_as_read(text).splitlines()).strip()


def text_lines(text: str) -> list[str]:
    """Free text a format keeps as lines (a description), split where the parsers split it; each exporter
    then marks the lines so none can be read as a header, a card or metadata."""
    return _as_read(text).splitlines()


# What ``mangled.repair_text`` takes for a quoted-printable escape ("Caf=E9", "=3D").
_QP_ESCAPE = re.compile(r"=(?=[89A-F][0-9A-F]|3D)")
# Control characters a text file never holds (``decode`` refuses a text full of them as binary).
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1b\x1f]")  # not \x1c-\x1e: line breaks


def _as_read(text: str) -> str:
    """``text`` as the reader will see it. ``decode`` repairs a text that looks damaged (quoted-printable
    mail, mojibake) before any line is read: free text is written repaired, so that what an exporter checks
    line by line is what will be read; and escapes left after that ("=3D3D") are broken up ("= 3D3D"), so
    that no export reads as quoted-printable, whose soft line breaks would join a card line to the one
    before it. Control characters go."""
    for _ in range(3):
        repaired = repair_text(text)
        if repaired == text:
            break
        text = repaired
    if repair_text(text) != text:
        text = _QP_ESCAPE.sub("= ", text)
    return _CONTROL.sub("", text)


class DecklistError(ValueError):
    """Input we refuse to read (empty, binary, too large, not a decklist in the named format). The
    message is a sentence meant for the user who sent it, in English; ``message_id`` and ``params`` say the
    same for a shell to render in the user's language (``messages.render``)."""

    def __init__(self, message: str = "", *, message_id: str = "", params: Mapping[str, Any] | None = None) -> None:
        self.message_id = message_id
        self.params = dict(params or {})
        super().__init__(message or render(message_id, self.params))

    @classmethod
    def of(cls, message_id: str, **params: Any) -> DecklistError:
        """The refusal ``message_id`` (a key of ``messages.MESSAGES``) with its parameters."""
        return cls(message_id=message_id, params=params)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Format:
    name: str  # fixed identifier used by the CLI and the API: "twd", "jol"…
    label: str  # for people: "Tournament Winning Deck Archive"
    extension: str  # file extension for downloads, without the dot
    media_type: str
    parse: Callable[[str, CardIndex], Deck]
    detect: Callable[[str], float]  # 0..1: how sure we are the text is in this format
    export: Callable[[Deck, CardIndex], str] | None = None  # None: import only
