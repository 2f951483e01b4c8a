"""Turn a lost database into a clear 503, never a 500 with a traceback."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext, gettext_noop

logger = logging.getLogger(__name__)

UNAVAILABLE = gettext_noop("The database is unavailable right now; nothing was changed. Please try again in a moment.")


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning("database unavailable on %s: %s", request.path, exception)
        message = gettext(UNAVAILABLE)  # the language LocaleMiddleware chose for this request
        if request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", ""):
            response: HttpResponse = JsonResponse({"detail": message}, status=503)
        else:
            response = HttpResponse(
                render_to_string("503.html", {"message": message}), status=503, content_type="text/html"
            )
        response["Retry-After"] = "5"
        return response
