"""One rate for reading shared collections without an account, the same on the shared page and its API twin:
one count per address (scope ``shared_collection``, ``SHARED_COLLECTION_ANON_RATE``). Each answer is one page of
the collection, so that a link read by many costs each of them little; the rate keeps one address from reading
pages without end."""

from __future__ import annotations

from vtesdeck.api import AnonThrottle

__all__ = ["SharedCollectionThrottle"]


class SharedCollectionThrottle(AnonThrottle):
    """Reads of a shared collection, per address of clients without an account (logged-in users: their own
    API rate)."""

    scope = "shared_collection"
