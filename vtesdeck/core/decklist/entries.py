"""What the structured formats (JSON, CSV, Lackey .dek, ELDB .eld, VDB URL) share: finding a card by id or
by name, and adding a counted entry to a deck, where a bad count or an unknown card becomes an
``Unresolved`` line instead of vanishing.
"""

from __future__ import annotations

import logging

from ..carddb import CardIndex
from ..deck import Deck, Unresolved
from ..domain import Card
from .base import DecklistError
from .lines import MAX_DECK_COPIES, MAX_LINE_COUNT, SUGGESTED_LINES
from .resolve import resolver_for

logger = logging.getLogger(__name__)

# The bounds the text formats keep (see ``lines``): copies one line may ask for, copies one deck may hold.
MAX_COUNT = MAX_LINE_COUNT
MAX_COPIES = MAX_DECK_COPIES


class Entries:
    """Adds the entries of one decklist to ``deck``. Unknown cards and impossible counts are kept as
    ``Unresolved`` lines (the validator turns them into UNKNOWN_CARD and COUNT_INVALID); the same unknown
    text in the same section merges, as repeated lines of a known card do."""

    def __init__(self, deck: Deck, cards: CardIndex) -> None:
        self.deck, self.cards = deck, cards
        self.resolver = resolver_for(cards)
        self._copies = 0
        self._unknown: dict[tuple[str, str], Unresolved] = {}

    def by_id(self, value: object) -> Card | None:
        """The card a VEKN id names (an int or a string of digits), or None."""
        if isinstance(value, bool):
            return None
        if isinstance(value, str):
            value = value.strip()
            if not value.isdigit() or len(value) > 9:
                return None
            value = int(value)
        return self.cards.get(value) if isinstance(value, int) else None

    def by_name(self, name: str, section: str = "") -> Card | None:
        name = name.strip()
        return self.resolver.resolve(name, section=section) if name else None

    def add(self, card: Card | None, count: int | None, *, line: int, text: str, section: str = "",
            name: str | None = None, comment: str = "") -> None:  # fmt: skip
        """Add ``count`` copies of ``card``; ``count=None`` means the count could not be read at all.

        ``text`` is what a judge sees for an unresolved entry; ``name`` (default: ``text``) is what the
        fuzzy suggestions start from, "" for none (an entry that gave only an unknown id)."""
        if count is None or not 1 <= count <= MAX_COUNT or self._copies + count > MAX_COPIES:
            self.deck.unresolved.append(
                Unresolved(line=line, text=text, count=count or 0, section=section, reason="count")
            )
            return
        if card is None:
            known = self._unknown.get((text, section))
            if known is not None:
                known.count += count
            else:
                name = (text if name is None else name).strip()
                # Suggestions cost about a millisecond each: a file of junk gets them for its first lines.
                suggest = bool(name) and len(self.deck.unresolved) < SUGGESTED_LINES
                known = Unresolved(line=line, text=text, count=count, section=section,
                                   suggestions=self.resolver.suggest(name) if suggest else [])  # fmt: skip
                self._unknown[(text, section)] = known
                self.deck.unresolved.append(known)
            self._copies += count
            return
        self._copies += count
        self.deck.add(card, count, comment)


def parse_count(value: object) -> int | None:
    """A count as decklists write it: an int, an integral float or a string of digits. None when it is
    no whole number; a huge one is returned as is, for ``Entries.add`` to refuse with its value shown."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        value = value.strip()
        digits = value[1:] if value[:1] in "+-" else value
        # int() of a 5,000-digit string is refused by Python itself; nothing that long is a count.
        if digits.isdigit() and len(digits) <= 30:
            return int(value)
    return None


def check_copies(deck: Deck, what: str) -> None:
    """Formats that write a line per copy refuse a deck no table could hold rather than fill memory."""
    copies = deck.crypt_count + deck.library_count
    if copies > MAX_COPIES or any(not 0 < n <= MAX_COUNT for part in (deck.crypt, deck.library) for n in part.values()):
        raise DecklistError(f"This deck cannot be written as {what}: it asks for {copies:,} copies "
                            f"(at most {MAX_COUNT:,} of a card and {MAX_COPIES:,} in all).")  # fmt: skip
