"""What the structured formats (JSON, CSV, Lackey .dek, ELDB .eld, VDB URL) share: finding a card by id or
by name, and adding a counted entry to a deck, where a bad count or an unknown card becomes an
``Unresolved`` line instead of vanishing.
"""

from __future__ import annotations

import logging

from .. import budget
from ..carddb import CardIndex
from ..deck import Ambiguous, Deck, Unresolved
from ..domain import Card
from ..numbers import whole_number
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
    text in the same section merges, as repeated lines of a known card do. A bare name two groups of a
    vampire share ("Theo Bell") is added as its earliest printing and kept in ``deck.ambiguous``: the
    format's ``parse`` settles it once the whole deck is read (``versions.settle``)."""

    def __init__(self, deck: Deck, cards: CardIndex) -> None:
        self.deck, self.cards = deck, cards
        self.resolver = resolver_for(cards)
        self._copies = 0
        self._unknown: dict[tuple[str, str], Unresolved] = {}
        # The card ``by_name`` last found for a bare shared name, with its candidates, for ``add`` to
        # record; any other lookup forgets it, so a card an entry gave by id is never taken for one.
        self._bare: tuple[Card, str, tuple[Card, ...]] | None = None

    def by_id(self, value: object) -> Card | None:
        """The card a VEKN id names (an int or a string of digits), or None."""
        self._bare = None
        if isinstance(value, bool):
            return None
        if isinstance(value, str):
            value = whole_number(value)
        return self.cards.get(value) if isinstance(value, int) else None

    def by_name(self, name: str, section: str = "") -> Card | None:
        name = name.strip()
        card = self.resolver.resolve(name, section=section) if name else None
        versions = self.resolver.versions(name, section=section) if card is not None else ()
        self._bare = (card, name, versions) if card is not None and versions else None
        return card

    def add(
        self,
        card: Card | None,
        count: int | None,
        *,
        line: int,
        text: str,
        section: str = "",
        name: str | None = None,
        comment: str = "",
    ) -> None:
        """Add ``count`` copies of ``card``; ``count=None`` means the count could not be read at all.

        ``text`` is what a judge sees for an unresolved entry; ``name`` (default: ``text``) is what the
        fuzzy suggestions start from, "" for none (an entry that gave only an unknown id)."""
        bare, self._bare = self._bare, None
        spending = budget.current()
        spending.tick()
        if count is None or not 1 <= count <= MAX_COUNT or self._copies + count > MAX_COPIES:
            spending.unknown(len(self.deck.unresolved), line=line)
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
                spending.unknown(len(self.deck.unresolved), line=line)
                # Suggestions cost about a millisecond each: a file of junk gets them for its first lines.
                suggest = bool(name) and len(self.deck.unresolved) < SUGGESTED_LINES
                if suggest:
                    spending.suggestion()
                known = Unresolved(
                    line=line,
                    text=text,
                    count=count,
                    section=section,
                    suggestions=self.resolver.suggest(name, section=section) if suggest else [],
                )
                self._unknown[(text, section)] = known
                self.deck.unresolved.append(known)
            self._copies += count
            return
        self._copies += count
        self.deck.add(card, count, comment)
        if bare is not None and bare[0] is card:
            self.deck.ambiguous.append(
                Ambiguous(
                    line=line,
                    text=text,
                    name=bare[1],
                    count=count,
                    candidates=[c.id for c in bare[2]],
                    chosen=card.id,
                    comment=comment,
                )
            )


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
        # Up to 30 digits: a huge count is read, for its refusal to show it; nothing longer is a count.
        return whole_number(value, digits=30, signed=True)
    return None


def check_copies(deck: Deck, format: str) -> None:
    """Formats that write a line per copy (``format`` names one) refuse a deck no table could hold rather
    than fill memory."""
    copies = deck.crypt_count + deck.library_count
    if copies > MAX_COPIES or any(not 0 < n <= MAX_COUNT for part in (deck.crypt, deck.library) for n in part.values()):
        raise DecklistError.of(
            "TOO_MANY_COPIES_TO_WRITE", format=format, copies=copies, max_count=MAX_COUNT, max_copies=MAX_COPIES
        )
