"""One rate for importing Veto card lists, per user (scope ``veto_card_lists``, ``VETO_CARD_LISTS_RATE``): each
import reads a whole list (up to 20,000 cards) and stores it."""

from __future__ import annotations

from django.http import HttpRequest

from vtesdeck import api
from vtesdeck.api import ScopedThrottle

__all__ = ["VetoCardListThrottle", "page_wait"]


class VetoCardListThrottle(ScopedThrottle):
    scope = "veto_card_lists"
    default_rate = "60/hour"


def page_wait(request: HttpRequest) -> int | None:
    """None when ``request`` is within the rate and now counted, else the seconds to wait (``Retry-After``)."""
    return api.page_wait(request, VetoCardListThrottle())
