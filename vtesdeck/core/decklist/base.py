"""What every decklist format module shares: the ``Format`` record and the error users see."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck
from ..messages import render

# Bounds on input, so a pasted novel or a 10 MB upload costs bounded time and memory.
MAX_BYTES = 2_000_000
MAX_LINES = 20_000


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
