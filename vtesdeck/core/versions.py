"""Vampires printed in two groups under one name, and which one a list means when it names one bare.

Fourteen vampires exist as two cards of different groups with the same name (Theo Bell of group 2 and of
group 6, Queen Anne, Gilbert Duane, Victoria Ash, …; the card list says which: crypt cards sharing a name,
advanced versions aside). The archive's crypt rows (``Brujah:2``), "(G2)", "(ADV)" and ids name one card;
a list typed by hand or by an older tool often writes just "2x Theo Bell". Such a name is settled in the
context of its deck, by one rule (``choose``), in this order:

1. Only versions that existed on the day: first released on or before it. A 2007 list cannot mean a card
   printed in 2022. Existence, not tournament legality (a card is legal 30 days after its release): the
   question is which card the list means; whether that card was legal yet is the validator's to say
   (NOT_YET_LEGAL), not a reason to read the list as naming another card.
2. Then the version that fits the groups of the rest of the crypt (its vampires named without doubt;
   ANY fits all): in a group 2–3 crypt, "Theo Bell" is the group 2 one. A version fits when the crypt's
   groups with its own span at most two consecutive groups (the VEKN crypt rule, also the 2011
   rulebook's).
3. Then the earliest printing: the convention of the archive and of other deck tools.

The parsers settle with the deck's own event date, else today (``settle(deck, cards)``); the validator
settles again for the day it checks (``settle(deck, cards, day)``), since the deck keeps each bare line's
candidates (``Deck.ambiguous``).
"""

from __future__ import annotations

import dataclasses
import datetime
from collections import Counter
from collections.abc import Collection, Sequence

from .carddb import CardIndex
from .deck import Ambiguous, Deck
from .domain import Card

# Why a version was taken (``Ambiguous.reason``; the AMBIGUOUS_NAME warning's "reason" parameter).
NOT_PRINTED_YET = "not_printed_yet"  # the other versions did not exist yet on the day
FITS_CRYPT_GROUPS = "fits_crypt_groups"  # the only version the rest of the crypt's groups allow
EARLIEST_PRINTING = "earliest_printing"  # nothing else decides: the archive's convention
REASONS = (NOT_PRINTED_YET, FITS_CRYPT_GROUPS, EARLIEST_PRINTING)

# Groups a crypt may span (VEKN rulebook; the 2011 rulebook likewise): the window a version must fit in.
GROUP_WINDOW = 2


def printing_order(card: Card) -> tuple[datetime.date, int]:
    """Earliest printing first; a card of unknown date last; ties by id."""
    return (card.first_release or datetime.date.max, card.id)


def choose(
    candidates: Sequence[Card], groups: Collection[int] = (), day: datetime.date | None = None
) -> tuple[Card, str]:
    """The version a bare name means, and why (one of ``REASONS``).

    ``groups``: the groups of the rest of the crypt (group ANY left out); ``day``: the day the deck is
    played, None for no date (every version counts as printed)."""
    pool = sorted(candidates, key=printing_order)
    if day is not None:
        printed = [c for c in pool if c.first_release is None or c.first_release <= day]
        if len(printed) == 1 < len(pool):
            return printed[0], NOT_PRINTED_YET
        pool = printed or pool  # none printed yet: the date is wrong, the validator will say so
    if groups:
        fitting = [c for c in pool if _fits(c, groups)]
        if len(fitting) == 1 < len(pool):
            return fitting[0], FITS_CRYPT_GROUPS
        pool = fitting or pool
    return pool[0], EARLIEST_PRINTING


def _fits(card: Card, groups: Collection[int]) -> bool:
    if not card.group.isdigit():
        return True  # group ANY
    group = int(card.group)
    return max(group, *groups) - min(group, *groups) < GROUP_WINDOW


def settle(deck: Deck, cards: CardIndex, day: datetime.date | None = None) -> Deck:
    """``deck`` with each bare name of ``deck.ambiguous`` settled for ``day`` (default: the deck's own event
    date, else today). Returns ``deck`` itself when every choice and reason stands, else a copy holding the
    versions moved (same place in the crypt, same comment): a deck validated as of another day is left as
    it was read."""
    if not deck.ambiguous:
        return deck
    if day is None:
        day = deck.event.date if deck.event is not None and deck.event.date else datetime.date.today()
    groups = _settled_groups(deck, cards)
    settled: list[Ambiguous] = []
    for entry in deck.ambiguous:
        candidates = [cards[i] for i in entry.candidates if i in cards]
        if candidates:
            card, reason = choose(candidates, groups, day)
            if (card.id, reason) != (entry.chosen, entry.reason):
                entry = dataclasses.replace(entry, chosen=card.id, reason=reason)
        settled.append(entry)
    if settled == deck.ambiguous:
        return deck
    crypt, comments = dict(deck.crypt), dict(deck.comments)
    for before, after in zip(deck.ambiguous, settled, strict=True):
        if before.chosen != after.chosen:
            crypt = _move(crypt, before.chosen, after.chosen, before.count)
            if before.comment:
                _move_comment(comments, before.chosen, after.chosen, before.comment)
    return dataclasses.replace(deck, crypt=crypt, comments=comments, ambiguous=settled)


def _settled_groups(deck: Deck, cards: CardIndex) -> set[int]:
    """The groups of the crypt's vampires named without doubt: copies from bare names left out."""
    bare: Counter[int] = Counter()
    for entry in deck.ambiguous:
        bare[entry.chosen] += entry.count
    groups = set()
    for card_id, count in deck.crypt.items():
        card = cards.get(card_id)
        if card is not None and card.group.isdigit() and count > bare[card_id]:
            groups.add(int(card.group))
    return groups


def _move(part: dict[int, int], old: int, new: int, count: int) -> dict[int, int]:
    """``count`` copies of ``old`` become ``new``: where ``new`` already is, or in ``old``'s place."""
    count = min(count, part.get(old, 0))
    if count <= 0 or old == new:
        return part
    moved: dict[int, int] = {}
    for card_id, n in part.items():
        if card_id == old:
            if n > count:
                moved[old] = n - count
            if new not in part:
                moved[new] = count
        else:
            moved[card_id] = n + (count if card_id == new else 0)
    return moved


def _move_comment(comments: dict[int, str], old: int, new: int, comment: str) -> None:
    # Deck.add joins the comments of repeated lines with "; ": take this line's out of them.
    held = comments.get(old, "")
    if held == comment:
        del comments[old]
    elif held.endswith(f"; {comment}"):
        comments[old] = held[: -len(comment) - 2]
    elif held.startswith(f"{comment}; "):
        comments[old] = held[len(comment) + 2 :]
    elif f"; {comment}; " in held:
        comments[old] = held.replace(f"; {comment}; ", "; ", 1)
    else:
        return
    comments[new] = f"{comments[new]}; {comment}" if new in comments else comment
