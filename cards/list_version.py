"""The version of the stored card list, which every per-process cache of it is keyed by (the card search's
values, the name matcher's snapshot, the API's ETags).

The version is a digest of every stored card and set, which the importer records in the one row of
``CardListVersion`` when it stores a list. Digesting the tables costs most of a second of CPU; reading the row
is one tiny query. Each process keeps the version and reads the row again when its card index was rebuilt
(an import in this process resets it) or, for imports run by other processes (``manage.py import_cards``),
after ``RECHECK_SECONDS``. Only when the row is missing (a database imported before it existed, a card or
set edited outside the importer) does a process digest the tables, and it records the row for the others.
"""

from __future__ import annotations

import threading
import time

from . import index
from .models import CardListVersion

__all__ = ["RECHECK_SECONDS", "card_list_version", "forget"]

# Reading the version is one small query: other processes' imports are seen within seconds.
RECHECK_SECONDS = 10.0

_lock = threading.Lock()
_state: dict = {"version": None, "at": 0.0, "index": None}


def card_list_version() -> str:
    """A digest of the stored card list: changes whenever an import changed a card or a set."""
    # The process's card index (built once, as deck parsing does anyway) is rebuilt after an import here.
    built = index.get()
    with _lock:
        stale = time.monotonic() - _state["at"] > RECHECK_SECONDS
        if _state["version"] is None or stale or built is not _state["index"]:
            _state.update(version=CardListVersion.read_or_stamp(), at=time.monotonic(), index=built)
        return _state["version"]


def forget() -> None:
    """For tests that change the card table directly: the version is digested again on the next request."""
    CardListVersion.clear()
    with _lock:
        _state.update(version=None, index=None)
