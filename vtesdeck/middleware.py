"""Turn a lost database into a clear 503, never a 500 with a traceback; let an API client name its language."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from . import messages
from .api import UNAVAILABLE, UNAVAILABLE_RETRY_AFTER, database_unavailable, wants_json

logger = logging.getLogger(__name__)

__all__ = ["UNAVAILABLE", "ApiLanguageMiddleware", "DatabaseUnavailableMiddleware"]


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning("database unavailable on %s: %s", request.path, exception)
        if wants_json(request):  # the API's error shape, in the language LocaleMiddleware chose
            return database_unavailable()
        response = HttpResponse(
            render_to_string("503.html", {"message": gettext(UNAVAILABLE)}), status=503, content_type="text/html"
        )
        response["Retry-After"] = UNAVAILABLE_RETRY_AFTER
        return response


class ApiLanguageMiddleware:
    """``?lang=`` on the API: a client names the language of the messages and rule citations (``en``, ``pl``,
    ``de``; anything else is English). It outranks ``Accept-Language``, which LocaleMiddleware (just before
    this one) has applied; LocaleMiddleware then names the language in ``Content-Language``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info.startswith("/api/") and "lang" in request.GET:
            language = messages.language_code(request.GET["lang"])
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
