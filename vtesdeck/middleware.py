"""Turn a lost database (or the cache counting requests) into a clear 503, never a 500 with a traceback; let an
API client name its language; refuse a body sent without its length."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.contrib.messages.middleware import MessageMiddleware
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from . import messages
from .api import UNAVAILABLE, UNAVAILABLE_RETRY_AFTER, error_response, outage, unavailable, wants_json
from .core import budget

logger = logging.getLogger(__name__)

__all__ = [
    "UNAVAILABLE",
    "ApiLanguageMiddleware",
    "DatabaseUnavailableMiddleware",
    "LengthRequiredMiddleware",
    "PageMessageMiddleware",
    "WorkBudgetMiddleware",
    "request_budget",
]


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        lost = outage(exception)
        if lost is None:
            return None
        message, code = lost
        logger.warning("%s on %s: %s", code.replace("_", " "), request.path, exception)
        if wants_json(request):  # the API's error shape, in the language LocaleMiddleware chose
            return unavailable(message, code)
        response = HttpResponse(
            render_to_string("503.html", {"message": message}), status=503, content_type="text/html"
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


class PageMessageMiddleware(MessageMiddleware):
    """Django's messages (the notes a page shows once: "Deck saved."), for the pages only: no API view leaves
    one, and making the message storage for every API request was a fiftieth of a card search's CPU."""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info.startswith("/api/"):
            return self.get_response(request)
        return super().__call__(request)


class LengthRequiredMiddleware:
    """A request with a ``Transfer-Encoding`` (a body sent in chunks) is refused with a 411, before anything
    reads it: send the body with its ``Content-Length``.

    Django reads a body up to its Content-Length and no further. Django's development server passes a chunked
    body on undecoded and gunicorn decodes it, but neither gives a length, so every form and API read the
    body as empty and answered "this field is required" about fields the client did send."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "HTTP_TRANSFER_ENCODING" not in request.META:
            return self.get_response(request)
        message = gettext(
            "This site does not read request bodies sent in chunks (Transfer-Encoding): send the body with a "
            "Content-Length header."
        )
        if wants_json(request):
            return error_response(message, "length_required", 411)
        return HttpResponse(
            render_to_string("411.html", {"message": message}),
            status=411,
            content_type="text/html",
        )


def request_budget() -> budget.Budget:
    """The work one request may spend reading decklists (settings ``DECKLIST_BUDGET_*``)."""
    return budget.Budget(
        lines=settings.DECKLIST_BUDGET_LINES,
        unresolved=settings.DECKLIST_BUDGET_UNRESOLVED,
        suggestions=settings.DECKLIST_BUDGET_SUGGESTIONS,
        cpu_seconds=settings.DECKLIST_BUDGET_CPU_SECONDS,
    )


class WorkBudgetMiddleware:
    """Every request reads its decklists within one budget (the /check/ page, the decklists and deck APIs, deck
    import, simulations from text): past it, what is left is refused as not checked, never a worker timeout."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with budget.spending(request_budget()) as spending:
            request.work_budget = spending
            return self.get_response(request)
