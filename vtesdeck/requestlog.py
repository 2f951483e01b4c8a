"""One log line per request (logger ``vtesdeck.request``), and the JSON formatter of ``LOG_FORMAT=json``.

The line carries the method, path, status, duration, user, client address and a request id. The id comes
from the ``X-Request-ID`` header a proxy or client sent, when it is a sane token, else a new one; it is
sent back as ``X-Request-ID`` and attached to every other record logged while the request runs (the
``RequestIdFilter`` on the console handler), so a traceback can be matched with its request.

gunicorn's access log is off (gunicorn.conf.py): this line replaces it, with the user and the id besides.
"""

from __future__ import annotations

import contextvars
import datetime
import json
import logging
import re
import secrets
import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from .throttling import client_address

logger = logging.getLogger("vtesdeck.request")

HEADER = "X-Request-ID"
# What a request id sent to us may look like: UUIDs, hex, base64 and dotted ids fit. Anything else
# (too long, spaces, control characters that would forge log lines) is replaced, never logged.
VALID_REQUEST_ID = re.compile(r"[A-Za-z0-9._:+/=-]{1,128}")
# Paths are decoded user input: control characters are escaped so that one request stays one line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
MAX_PATH = 500

current_request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)


def request_id_from(value: str | None) -> str:
    """The id sent by the client or a proxy when it is valid, else a new random one."""
    if value and VALID_REQUEST_ID.fullmatch(value):
        return value
    # 128 random bits as 32 hex digits, as uuid4().hex gave, without building a UUID object each time.
    return secrets.token_hex(16)


def _printable(path: str) -> str:
    path = _CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}", path)
    return path if len(path) <= MAX_PATH else path[:MAX_PATH] + "…"


def _user_id(request: HttpRequest) -> int | str | None:
    user = getattr(request, "user", None)  # missing for static files: whitenoise answers before auth
    if user is None:
        return None
    try:
        return user.pk if user.is_authenticated else None
    except Exception:  # the session or user table unreadable (database away): the line is still written
        return None


class RequestLogMiddleware:
    """Outermost middleware: times the whole stack, static files and redirects included."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_from(request.headers.get(HEADER))
        request.request_id = request_id
        token = current_request_id.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
        finally:
            current_request_id.reset(token)
        duration_ms = round((time.perf_counter() - started) * 1000, 1)
        response[HEADER] = request_id
        self.log(request, response, request_id, duration_ms)
        return response

    def log(self, request: HttpRequest, response: HttpResponse, request_id: str, duration_ms: float) -> None:
        status = response.status_code
        level = logging.ERROR if status >= 500 else logging.WARNING if status >= 400 else logging.INFO
        if not logger.isEnabledFor(level):
            return
        fields = {
            "method": _printable(request.method or ""),
            "path": _printable(request.path),
            "status": status,
            "duration_ms": duration_ms,
            "user_id": _user_id(request),
            "client": client_address(request),
            "request_id": request_id,
        }
        logger.log(
            level,
            "%(method)s %(path)s %(status)s %(duration_ms).1fms user=%(user)s client=%(client)s id=%(request_id)s",
            {**fields, "user": fields["user_id"] if fields["user_id"] is not None else "anonymous"},
            extra=fields,
        )


class RequestIdFilter(logging.Filter):
    """Gives every record logged during a request that request's id (``record.request_id``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request_id = current_request_id.get()
            if request_id is not None:
                record.request_id = request_id
        return True


# The attributes every LogRecord has; anything else on a record came from ``extra=`` and is emitted.
_STANDARD_ATTRIBUTES = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the record's extra fields,
    and the traceback as a string. Values JSON cannot hold (a request object) are written as their str()."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.datetime.fromtimestamp(record.created, tz=datetime.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD_ATTRIBUTES and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)
