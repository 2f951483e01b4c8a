"""Veto card lists, stored and read back, and Veto decks judged against them: what the /veto/cards/ page, the
import and export commands, /check/, ``check_deck`` and the decklists API share.

    import_list(csv_bytes, owner=user)      # or raises core.veto.CardListError: nothing stored
    card_list_for(user)                     # the user's own list, else the site's, else None
    judge(decklist_text, card_list, "veto") # the core's VetoReport

An import reads the whole list first and refuses it with every line-numbered problem, before the database is
touched: the previous list stays as it was. A good list replaces the previous one in one statement.

Each process keeps the lists it has parsed (``MAX_CACHED`` lists and ``MAX_CACHED_CARDS`` cards at most, the
least recently used dropped first), keyed by the row's id and import time: a new import is a new key, so no
process reads a replaced list, and a list is parsed again only when it changed or was dropped.
"""

from __future__ import annotations

import collections
import datetime
import logging
import threading
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from vtesdeck.core import veto

from .models import CardList

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

logger = logging.getLogger(__name__)

__all__ = [
    "MAX_CACHED",
    "MAX_CACHED_CARDS",
    "RULESETS",
    "card_list_for",
    "delete_list",
    "export_list",
    "find",
    "import_list",
    "judge",
    "max_upload_bytes",
    "parsed",
    "row_for",
]

RULESETS = tuple(veto.RULESETS)  # ("veto", "veto-sealed")

MAX_CACHED = 16  # lists: the site's and those of the players checking decks right now
MAX_CACHED_CARDS = 40_000  # cards in all: two of the largest lists the core reads (cards.MAX_ROWS)

_Key = tuple[int, datetime.datetime]
_cache: collections.OrderedDict[_Key, veto.VetoCardList] = collections.OrderedDict()
_lock = threading.Lock()


def max_upload_bytes() -> int:
    """The largest card list file the page reads (``VETO_CARD_LIST_MAX_BYTES``); the core's own bound
    (``cards.MAX_SIZE``) holds too."""
    return settings.VETO_CARD_LIST_MAX_BYTES


# --- the stored lists ---------------------------------------------------------------------------------------


def find(owner: User | None) -> CardList | None:
    """The list of exactly ``owner`` (None: the site's), without its CSV (read when needed)."""
    rows = CardList.objects.defer("csv")
    return (rows.filter(owner__isnull=True) if owner is None else rows.filter(owner=owner)).first()


def row_for(user: User | AnonymousUser | None) -> CardList | None:
    """The list a user's Veto decks are judged against: their own, else the site's; None when neither exists."""
    rows = CardList.objects.defer("csv")
    if user is None or not user.is_authenticated:
        return rows.filter(owner__isnull=True).first()
    # One query for both: the user's own row first (owner set), the site's (NULL) after it.
    return rows.filter(Q(owner=user) | Q(owner__isnull=True)).order_by(F("owner").asc(nulls_last=True)).first()


def card_list_for(user: User | AnonymousUser | None) -> veto.VetoCardList | None:
    """The parsed list ``row_for`` finds, or None."""
    row = row_for(user)
    return parsed(row) if row is not None else None


def parsed(row: CardList) -> veto.VetoCardList:
    """The row's card list, parsed once per process (see the module's docstring)."""
    key = (row.pk, row.imported)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    # A stored list is the core's own CSV: it always reads back (a failure here is a bug, and raises).
    card_list = veto.parse_card_list(row.csv)
    _remember(key, card_list)
    return card_list


def _remember(key: _Key, card_list: veto.VetoCardList) -> None:
    with _lock:
        _cache[key] = card_list
        _cache.move_to_end(key)
        while len(_cache) > MAX_CACHED or (len(_cache) > 1 and sum(map(len, _cache.values())) > MAX_CACHED_CARDS):
            _cache.popitem(last=False)


def _forget(pk: int) -> None:
    with _lock:
        for key in [key for key in _cache if key[0] == pk]:
            del _cache[key]


# --- changes ------------------------------------------------------------------------------------------------


def import_list(source: str | bytes, owner: User | None = None) -> CardList:
    """Replace ``owner``'s list (None: the site's) with the one in ``source`` (the CSV's text or bytes).

    Raises ``veto.CardListError`` with every problem at its line, having stored nothing."""
    card_list = veto.parse_card_list(source)
    text = veto.to_csv(card_list)
    values = {"csv": text, "card_count": len(card_list), "imported": timezone.now()}
    with transaction.atomic():
        # The row locked, or created (two first imports at once: get_or_create's second reads the first's row).
        row, _created = CardList.objects.update_or_create(owner=owner, defaults=values)
    _forget(row.pk)
    _remember((row.pk, row.imported), card_list)
    logger.info("Veto card list of %s imported: %s cards", _whose(owner), len(card_list))
    return row


def export_list(owner: User | None = None) -> str | None:
    """``owner``'s list as CSV (None: the site's), or None when there is none."""
    rows = CardList.objects.filter(owner__isnull=True) if owner is None else CardList.objects.filter(owner=owner)
    return rows.values_list("csv", flat=True).first()


def delete_list(owner: User | None = None) -> bool:
    """Delete ``owner``'s list (None: the site's); False when there was none."""
    row = find(owner)
    if row is None:
        return False
    row.delete()
    _forget(row.pk)
    logger.info("Veto card list of %s deleted", _whose(owner))
    return True


def _whose(owner: User | None) -> str:
    return "the site" if owner is None else f"user {owner.pk}"


# --- decks --------------------------------------------------------------------------------------------------


def judge(source: str | bytes, card_list: veto.VetoCardList, ruleset: str | veto.VetoRuleset) -> veto.VetoReport:
    """A Veto decklist read against ``card_list`` and judged by ``ruleset``. Raises ``veto.VetoDecklistError``
    for a text that is no decklist at all (empty, binary, too large); a line naming no card is in the report."""
    return veto.validate(veto.parse_decklist(source, card_list), card_list, ruleset)
