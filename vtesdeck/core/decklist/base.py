"""What every decklist format module shares: the ``Format`` record and the error users see."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ..carddb import CardIndex
from ..deck import Deck

# Bounds on input, so a pasted novel or a 10 MB upload costs bounded time and memory.
MAX_BYTES = 2_000_000
MAX_LINES = 20_000


class DecklistError(ValueError):
    """Input we refuse to read (empty, binary, too large, not a decklist in the named format). The
    message is a sentence meant for the user who sent it."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Format:
    name: str  # fixed identifier used by the CLI and the API: "twd", "jol"…
    label: str  # for people: "Tournament Winning Deck Archive"
    extension: str  # file extension for downloads, without the dot
    media_type: str
    parse: Callable[[str, CardIndex], Deck]
    detect: Callable[[str], float]  # 0..1: how sure we are the text is in this format
    export: Callable[[Deck, CardIndex], str] | None = None  # None: import only
