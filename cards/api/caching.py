"""ETags and caching for the card list's read-only answers (/api/v1/cards/, /api/v1/sets/).

The card list changes only when ``import_cards`` runs, a few times a year. Its answers carry a strong
``ETag`` made of the card list's version and what the request asked for (path, query, the representation
chosen: JSON or the browsable page, the language), and may be cached by anyone for five minutes. A client
revalidating with ``If-None-Match`` gets a 304 before any search runs.

The version is ``cards.list_version``'s, which the card search and the name matcher read too.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language
from rest_framework import status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from ..list_version import card_list_version

__all__ = ["CACHE_CONTROL", "CachedReadMixin"]

CACHE_CONTROL = "public, max-age=300"

if TYPE_CHECKING:
    # What the mixin is mixed into (its ``list`` and ``retrieve`` call the viewset's own): said to mypy only.
    _ReadOnlyViewSet = viewsets.ReadOnlyModelViewSet
else:
    _ReadOnlyViewSet = object


class CachedReadMixin(_ReadOnlyViewSet):
    """For read-only viewsets over the card list: ``list`` and ``retrieve`` answer with an ETag and
    ``Cache-Control``, or with 304 when ``If-None-Match`` holds that tag.

    Only JSON answers are tagged: the browsable API page shows the visitor's login and CSRF token. A
    view returns ``False`` from ``cacheable`` for requests whose answer depends on more than the card list.
    """

    def cacheable(self, request: Request) -> bool:
        return True

    def etag(self, request: Request) -> str | None:
        if request.accepted_renderer.format != "json" or not self.cacheable(request):
            return None
        parts = [card_list_version(), request.get_full_path(), request.accepted_media_type or "", get_language() or ""]
        return '"' + hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32] + '"'

    def _cached(self, request: Request, answer) -> Response:
        tag = self.etag(request)
        if tag is not None and _matches(tag, request.headers.get("If-None-Match", "")):
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
        else:
            response = answer()
        if tag is not None and response.status_code in (200, 304):
            response["ETag"] = tag
            response["Cache-Control"] = CACHE_CONTROL
            patch_vary_headers(response, ["Accept", "Accept-Language"])
        return response

    def list(self, request: Request, *args, **kwargs) -> Response:
        return self._cached(request, lambda: super(CachedReadMixin, self).list(request, *args, **kwargs))

    def retrieve(self, request: Request, *args, **kwargs) -> Response:
        return self._cached(request, lambda: super(CachedReadMixin, self).retrieve(request, *args, **kwargs))


def _matches(tag: str, header: str) -> bool:
    # If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x".
    if not header:
        return False
    if header.strip() == "*":
        return True
    return any(candidate.removeprefix("W/") == tag for candidate in parse_etags(header))
