"""Shared DRF pieces: pagination, the default throttles, and the one error shape every API answer uses.

Every 4xx/5xx under ``/api/`` has the same body, whoever produced it (DRF, Django, a middleware, a view):

    {"detail": "<one sentence for a person>", "code": "<machine code>", "errors": {"<field>": ["…"]}}

``detail`` and ``code`` are always there; ``errors`` only when particular fields or parameters are bad.
DRF's errors come through ``exception_handler``; Django's own (unknown URL, 500, CSRF, a body over
``DATA_UPLOAD_MAX_MEMORY_SIZE``) through the handlers below, which ``sitewide.urls`` and the settings name.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
from collections.abc import Iterable, Iterator

from django import forms
from django.core.exceptions import (
    NON_FIELD_ERRORS,
    PermissionDenied,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views import csrf, defaults
from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from rest_framework import exceptions, parsers, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

from vtesdeck import jsonbody, throttling
from vtesdeck.core.decklist import DecklistError
from vtesdeck.messages import decklist_error

logger = logging.getLogger(__name__)

UNAVAILABLE = gettext_noop("The database is unavailable right now; nothing was changed. Please try again in a moment.")
COUNTS_UNAVAILABLE = gettext_noop(
    "Requests cannot be counted right now (the cache does not answer); nothing was changed. Please try again in "
    "a moment."
)
# Seconds a client should wait before retrying after a lost database (or cache).
UNAVAILABLE_RETRY_AFTER = "5"


# --- the error shape --------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    """The body of every 4xx and 5xx answer of the API."""

    detail = serializers.CharField(help_text="What went wrong, in one sentence for a person.")
    code = serializers.CharField(
        help_text="What went wrong, for a program: `invalid`, `parse_error`, `not_found`, `not_authenticated`, "
        "`authentication_failed`, `permission_denied`, `method_not_allowed`, `not_acceptable`, "
        "`unsupported_media_type`, `throttled`, `payload_too_large`, `length_required`, `conflict`, "
        "`request_in_progress`, "
        "`idempotency_key_reused`, `job_limit`, `database_unavailable`, `cache_unavailable`, `broker_unavailable` or "
        "`server_error`."
    )
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Only when particular fields are bad: each bad field of the body (`library[0].count` inside "
        "lists and objects) or query parameter, mapped to its messages; `non_field_errors` for the request "
        "as a whole.",
    )


ERROR_SCHEMA = ErrorSerializer


# --- filters read by a form -------------------------------------------------------------------------


def filter_errors(form: forms.Form) -> dict[str, list[exceptions.ErrorDetail]]:
    """A bound, invalid form's errors in DRF's shape: ``{"field": ["message", …]}``: for searches whose query
    parameters a Django form reads (the cards', the archive's), raised as a ``ValidationError``."""
    return {
        api_settings.NON_FIELD_ERRORS_KEY if field == NON_FIELD_ERRORS else field: [
            exceptions.ErrorDetail(error["message"], code=error["code"] or "invalid") for error in errors
        ]
        for field, errors in form.errors.get_json_data().items()
    }


FILTER_ERROR_RESPONSE = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="A parameter is invalid: `errors` maps each bad parameter to its messages.",
    examples=[
        OpenApiExample(
            "A capacity that is no number",
            value={
                "detail": "Invalid value for capacity_min: Enter a whole number.",
                "code": "invalid",
                "errors": {"capacity_min": ["Enter a whole number."]},
            },
        )
    ],
)


def sentence(text: str) -> str:
    """A message as a sentence: capitalised, ending with a full stop (DRF's parse errors have none)."""
    text = " ".join(str(text).split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else f"{text}."


def error_body(detail: str, code: str, errors: dict[str, list[str]] | None = None, **extra) -> dict:
    """The error shape; ``extra`` keys (a conflict's current ``version``…) come after the shape's own."""
    body: dict = {"detail": sentence(detail), "code": code}
    if errors:
        body["errors"] = errors
    body.update(extra)
    return body


def error_response(detail: str, code: str, status: int, **extra) -> JsonResponse:
    """The error shape as a plain Django response, for answers made outside DRF."""
    return JsonResponse(error_body(detail, code, **extra), status=status)


def header(value) -> str:
    """``value`` as a header's value: exactly ``str``, as WSGI requires (PEP 3333), never a subclass.

    URLs from serializers are DRF's ``Hyperlink``, a ``str`` subclass; Django's response keeps a subclass
    as it was given, and a strict server (``runserver``, anything that validates WSGI) then refuses the whole
    answer with a 500 after the view has done its work. ``str.__str__`` copies a subclass (even one whose
    own ``__str__`` returns itself, as ``SafeString``'s does) into a plain ``str``.
    """
    return str.__str__(str(value))


def created(data: dict, *, status: int = 201, **headers: str) -> Response:
    """The answer to a request that made something: its representation (``data``), with ``Location``
    naming it (``data["url"]``) as a plain string."""
    return Response(data, status=status, headers={"Location": header(data["url"]), **headers})


def wants_json(request: HttpRequest) -> bool:
    """Whether an error answer should be the JSON shape rather than an HTML page."""
    return request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", "")


def _flatten(detail, path: str, into: dict[str, list[str]]) -> None:
    # {"library": [{"count": ["…"]}, {}]} → {"library[0].count": ["…"]}: a client points at the bad value.
    if isinstance(detail, dict):
        for key, value in detail.items():
            # ListField reports its items by number: conditions[0], as for a list of objects.
            if isinstance(key, int):
                _flatten(value, f"{path}[{key}]", into)
            else:
                _flatten(value, f"{path}.{key}" if path else str(key), into)
    elif isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            if detail:
                into.setdefault(path or api_settings.NON_FIELD_ERRORS_KEY, []).extend(str(i) for i in detail)
            return
        for index, item in enumerate(detail):
            _flatten(item, f"{path}[{index}]", into)
    else:
        into.setdefault(path or api_settings.NON_FIELD_ERRORS_KEY, []).append(str(detail))


def field_errors(detail) -> dict[str, list[str]]:
    """DRF's error detail (a message, a list, or fields mapped to messages, nested) as ``{field: [message]}``."""
    errors: dict[str, list[str]] = {}
    _flatten(detail, "", errors)
    return errors


def _validation_sentence(errors: dict[str, list[str]]) -> str:
    whole = errors.get(api_settings.NON_FIELD_ERRORS_KEY, [])
    fields = [field for field in errors if field != api_settings.NON_FIELD_ERRORS_KEY]
    if whole and not fields:
        return whole[0]
    if len(fields) == 1:
        return _("Invalid value for %(field)s: %(message)s") % {"field": fields[0], "message": errors[fields[0]][0]}
    if fields:
        return _("Invalid values for %(fields)s; see `errors` for each.") % {"fields": ", ".join(fields)}
    return _("The request is invalid.")


class Conflict(exceptions.APIException):
    """409: the request is well formed but cannot be done now (a change of the same thing under way, a stage
    that forbids it); ``detail`` says why, and sending it again later may succeed."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"
    default_detail = "Not now: the request conflicts with the current state."  # callers always say why


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"
    default_detail = gettext_noop("The request is too large.")


def declared_length(request: HttpRequest) -> int:
    """The body's size as the client declares it (Content-Length); 0 when absent or not a number."""
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class BodyLimit:
    """For API views: a body larger than ``max_body()`` is refused unread with a 413 (DRF parses JSON
    straight from the socket with no limit of its own). Checked before ``super().initial()``, whose CSRF
    check may read the body."""

    def max_body(self) -> int:
        raise NotImplementedError

    def initial(self, request, *args, **kwargs) -> None:
        length, limit = declared_length(request), self.max_body()
        if length > limit:
            raise PayloadTooLarge(
                _("The request is too large (%(size)s bytes; the limit is %(limit)s).")
                % {"size": f"{length:,}", "limit": f"{limit:,}"}
            )
        super().initial(request, *args, **kwargs)


@contextlib.contextmanager
def within_budget() -> Iterator[None]:
    """The request's work budget spent while reading decks' cards: a 429 naming the limit, not a 500."""
    try:
        yield
    except DecklistError as exc:
        raise exceptions.Throttled(detail=decklist_error(exc)) from None


# The largest request body an API view carrying a decklist reads at all (the decks' and the simulations'
# ``max_body``): a 2,000,000-character decklist, JSON-escaped, with room to spare.
MAX_DECKLIST_BODY = 12 * 1024 * 1024


def _as_api_exception(exc: Exception) -> Exception:
    """Django's errors as the API exceptions they amount to (DRF's handler knows only the first two)."""
    if isinstance(exc, Http404):
        return exceptions.NotFound(*exc.args)
    if isinstance(exc, PermissionDenied):
        return exceptions.PermissionDenied(*exc.args)
    if isinstance(exc, RequestDataTooBig):
        return PayloadTooLarge(
            _("The request body is larger than this site accepts (%(limit)s bytes).")
            % {"limit": f"{_upload_limit():,}"}
        )
    if isinstance(exc, (TooManyFieldsSent, TooManyFilesSent)):
        return exceptions.ValidationError(
            {api_settings.NON_FIELD_ERRORS_KEY: [_("The request has too many form fields or files.")]}
        )
    return exc


def _upload_limit() -> int:
    from django.conf import settings

    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's handler (status, headers such as ``Retry-After``), with every body rewritten into the shape."""
    # Imported here: rest_framework.views reads DEFAULT_THROTTLE_CLASSES, which name this module's throttles.
    from rest_framework.views import exception_handler as drf_exception_handler

    exc = _as_api_exception(exc)
    response = drf_exception_handler(exc, context)
    if response is None:
        lost = outage(exc)
        if lost is not None:
            logger.warning("%s: %s", lost[1].replace("_", " "), exc)
            return Response(
                error_body(*lost),
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
                headers={"Retry-After": UNAVAILABLE_RETRY_AFTER},
            )
        return None  # a bug: Django's 500, which handler500 answers in the shape on /api/ paths
    if isinstance(exc, exceptions.ValidationError) or isinstance(exc.detail, (dict, list)):
        errors = field_errors(exc.detail)
        if isinstance(exc, exceptions.ValidationError):
            response.data = error_body(_validation_sentence(errors), "invalid", errors)
        else:  # another API error raised with fields (rare): the class's own sentence and code
            response.data = error_body(str(exc.default_detail), exc.default_code, errors)
    else:
        code = getattr(exc.detail, "code", None) or getattr(exc, "default_code", "error")
        response.data = error_body(str(exc.detail), code)
    return response


# --- Django's own errors, on API paths --------------------------------------------------------------


class NothingHere(Http404):
    """A 404 whose message is a sentence for the reader ("This job played no game with this number."): the site's
    404 page says it. Other 404s' messages (``get_object_or_404``'s "No Simulation matches…") are not shown."""


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler404``: the shape on API paths, the site's 404 page elsewhere (saying a ``NothingHere``'s sentence)."""
    if request.path.startswith("/api/"):
        return error_response(_("There is nothing at this address."), "not_found", 404)
    if isinstance(exception, NothingHere):
        return render(request, "404.html", {"said": str(exception)}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a bug. The traceback goes to the log (Django's), never to the client."""
    if request.path.startswith("/api/"):
        return error_response(
            _("Something went wrong on the server; it has been logged. Please try again later."), "server_error", 500
        )
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler400``: Django's refusals before any view ran (a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``
    read by a middleware, a bad Host header…). A body too large is a 413 on API paths."""
    if not request.path.startswith("/api/"):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        too_large = _as_api_exception(exception)
        return error_response(str(too_large.detail), "payload_too_large", 413)
    return error_response(_("The request is malformed."), "invalid", 400)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: a form post without its CSRF token. (DRF's views check the token themselves
    for session logins, answering a 403 through ``exception_handler``.)"""
    if request.path.startswith("/api/"):
        return error_response(
            _("CSRF check failed (%(reason)s): send the CSRF token with a logged-in session, or use a token.")
            % {"reason": reason.rstrip(".")},
            "permission_denied",
            403,
        )
    return csrf.csrf_failure(request, reason)


def outage(exc: Exception) -> tuple[str, str] | None:
    """A service lost (the database; the cache holding the throttles' counts) as the sentence and code of the
    503 that answers it; None for any other error."""
    if isinstance(exc, (OperationalError, InterfaceError)):
        return _(UNAVAILABLE), "database_unavailable"
    if isinstance(exc, throttling.Unavailable):
        return _(COUNTS_UNAVAILABLE), "cache_unavailable"
    return None


def unavailable(detail: str, code: str) -> JsonResponse:
    """The 503 for a lost service (``outage``), outside DRF."""
    response = error_response(detail, code, 503)
    response["Retry-After"] = UNAVAILABLE_RETRY_AFTER
    return response


# --- pagination and throttles -----------------------------------------------------------------------


class JSONParser(parsers.JSONParser):
    """DRF's, reading with ``vtesdeck.jsonbody`` (as the deck editor does): JSON nested thousands deep is a
    ``parse_error``, not Python's RecursionError (a 500); a lone surrogate in any string or key is a 400 naming
    where it is, as a text field's own check would, before any field (a choice, a card name) quotes it back in
    an answer that cannot be encoded (a 500).

    The default parser of every API view (``settings.REST_FRAMEWORK``)."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = parsers.get_encoding(parser_context or {})
        try:
            return jsonbody.loads(stream.read(), encoding)
        except jsonbody.SurrogateInBody as exc:
            raise exceptions.ValidationError({exc.path or api_settings.NON_FIELD_ERRORS_KEY: [str(exc)]}) from None
        except jsonbody.BadJSON as exc:
            raise exceptions.ParseError(str(exc)) from None


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


@functools.lru_cache(maxsize=64)
def _parsed_rate(rate: str | None) -> tuple[int | None, int | None]:
    return SimpleRateThrottle.parse_rate(None, rate)  # it reads nothing of the instance


class ClientIdent:
    """Throttles count a client without an account by ``vtesdeck.throttling.client_address``: the address
    NUM_PROXIES entries from the right of X-Forwarded-For, else REMOTE_ADDR. DRF's own ``get_ident`` trusts
    the whole header when its own NUM_PROXIES is unset, so a client writing a fresh value each request
    would be a fresh client each time (every anonymous limit one header away from gone)."""

    def get_ident(self, request) -> str:
        return throttling.client_address(request)


class CountedThrottle(ClientIdent, SimpleRateThrottle):
    """A DRF throttle whose counts are vtesdeck.throttling's: one atomic step per check in the shared cache,
    never more than the rate within any window of its period, whatever the concurrency (DRF's own reads a
    client's history and writes it back, so that parallel requests all see room left). Subclasses say whose
    count it is (``get_cache_key``) and at what rate (``rate``, ``num_requests``, ``duration``), as DRF's do.
    Also usable from a page: ``page_wait``."""

    verdict: throttling.Verdict | None = None

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        return _parsed_rate(rate)

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        self.verdict = throttling.take(key, throttling.Rate(self.num_requests, self.duration), self.timer())
        return self.verdict.allowed

    def wait(self) -> float | None:
        """Seconds until this client's next request would be let in (``Retry-After``)."""
        return self.verdict.wait if self.verdict is not None else None


class _LiveRate(CountedThrottle):
    """DRF reads the rates once, into a class attribute, when it is imported; these read the settings at
    each request, so that ``REST_FRAMEWORK`` changed by a deployment's local settings or a test counts."""

    scope: str

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class AnonThrottle(_LiveRate, AnonRateThrottle):
    """Every API request of a client without an account, per address (scope ``anon``, ``API_ANON_RATE``)."""


class UserThrottle(_LiveRate, UserRateThrottle):
    """Every API request of a logged-in user, per user (scope ``user``, ``API_USER_RATE``)."""

    def get_cache_key(self, request, view) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None  # AnonThrottle's
        return super().get_cache_key(request, view)


class ScopedThrottle(CountedThrottle):
    """A scope of its own (deck writes, simulation starts), per user or per address without an account: the
    rate is ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope]`` when set, else ``default_rate``."""

    scope: str
    default_rate: str | None = None

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope) or self.default_rate

    def get_cache_key(self, request, view) -> str:
        user = getattr(request, "user", None)
        ident = user.pk if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


# Views with their own throttles list these first, so that the defaults still hold for them.
DEFAULT_THROTTLES = [AnonThrottle, UserThrottle]


def page_wait(request: HttpRequest, throttle: CountedThrottle, view=None) -> int | None:
    """For a page (not a DRF view) sharing an API throttle: None when ``request`` is within the rate and now
    counted, else the whole seconds to wait before the next one (``Retry-After``)."""
    if throttle.allow_request(request, view):
        return None
    return max(1, math.ceil(throttle.wait() or 1))


# --- the OpenAPI schema: the errors any operation can answer -----------------------------------------

_COMMON_ERRORS = {
    "401": "Bad credentials (a wrong or revoked token, a wrong password).",
    "403": "Bad credentials, a session without its CSRF token, or not allowed.",
    "406": "No representation matches the `Accept` header (the API answers JSON).",
    "429": "Too many requests; retry after the `Retry-After` header's seconds.",
    "503": "The database, the cache counting requests (or, for simulations, the task queue) is unavailable right "
    "now; retry after the `Retry-After` header's seconds. Nothing was changed.",
}
_BODY_ERRORS = {
    "400": "Bad input: `errors` names each bad field; or the body is not valid JSON (`parse_error`).",
    "413": "The request body is too large (`payload_too_large`).",
    "415": "The body's `Content-Type` is not one this operation reads.",
}
_NOT_FOUND = "No such object, or a page past the last."
_BAD_QUERY = "A bad query parameter: `errors` names it."


def _schema_response(description: str) -> dict:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def _add(responses: dict, statuses: Iterable[tuple[str, str]]) -> None:
    for code, description in statuses:
        responses.setdefault(code, _schema_response(description))


def document_errors(result: dict, generator, request, public) -> dict:
    """``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``: every operation documents the errors it can answer
    whatever the view (throttling, credentials, the database, a body's size and type, a page past the end),
    so that the views document only their own (``ErrorSerializer`` bodies with their own descriptions)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    if "Error" not in schemas:  # only when no view names ErrorSerializer itself
        from drf_spectacular.openapi import AutoSchema

        schemas["Error"] = AutoSchema()._map_serializer(ErrorSerializer(), "response")
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in {"get", "put", "post", "patch", "delete", "head", "options"}:
                continue
            responses = operation.setdefault("responses", {})
            _add(responses, _COMMON_ERRORS.items())
            parameters = operation.get("parameters", [])
            if "requestBody" in operation:
                _add(responses, _BODY_ERRORS.items())
            if any(p.get("in") == "path" for p in parameters) or any(p.get("name") == "page" for p in parameters):
                _add(responses, [("404", _NOT_FOUND)])
            if any(p.get("in") == "query" for p in parameters):
                _add(responses, [("400", _BAD_QUERY)])
    return result
