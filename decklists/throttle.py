"""One rate for reading decklists without an account, the same on the /check/ page and the decklists API: one
count per address (scope ``decklists``, ``DECKLISTS_ANON_RATE``), so neither door is a way around the other."""

from __future__ import annotations

from django.http import HttpRequest

from vtesdeck import api
from vtesdeck.api import AnonThrottle

__all__ = ["DecklistsAnonThrottle", "page_wait"]


class DecklistsAnonThrottle(AnonThrottle):
    """Requests that read decklists, per address of clients without an account (logged-in users: none)."""

    scope = "decklists"


def page_wait(request: HttpRequest) -> int | None:
    """For a page (not a DRF view): None when ``request`` is within the rate and now counted, else the seconds
    to wait before the next one (``Retry-After``)."""
    return api.page_wait(request, DecklistsAnonThrottle())
