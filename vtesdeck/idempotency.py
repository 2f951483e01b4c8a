"""``Idempotency-Key``: an API write sent again (a retry after a timeout or a lost answer) is carried out once.

A client that sends ``Idempotency-Key: <key>`` with a request that makes something (a deck, a copy of a
deck, a simulation job: the views decorated with ``idempotent``) gets, for every later request with the
same key, method and path within ``WINDOW`` (24 hours), the first request's answer again — its status, body
and ``Location`` — with ``Idempotent-Replayed: true``, and nothing is made a second time. A key belongs to
its client: a user (however they authenticate) or, without an account, the client's address; the same key
from two clients names two requests.

* The same key with another body is the client's mistake: 422 ``idempotency_key_reused``, nothing done.
* The same key while its first request is still being carried out: 409 ``request_in_progress`` with
  ``Retry-After``; retried a moment later, it gets the answer.
* Only answers that made something (2xx) are kept: a refused or failed request leaves its key free, so
  the corrected request, or a retry after a 503, is carried out.
* A key is 1 to 255 visible ASCII characters (a random UUID is best); anything else is a 400.

How a request is carried out once whatever the concurrency: its key is first *claimed* by inserting its row
(a unique digest), committed at once, so that a second request with the key finds it (409, or the replay).
Then the view's work and the stored answer commit in one transaction: a crash between the two loses both,
and a claim its crashed process left without an answer is taken over by a retry after ``ABANDONED``. Rows
older than ``WINDOW`` are deleted whenever a key is claimed (one indexed range, nearly always empty).

The token endpoints are deliberately not idempotent: their answer holds a new key shown once, which the
site must never store (a retry makes another token, which its owner can revoke).
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import logging
import re
from collections.abc import Callable

from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response

from .api import ERROR_SCHEMA, error_body, header
from .models import IdempotentRequest
from .throttling import client_address

__all__ = ["HEADER", "REPLAYED", "WINDOW", "idempotent", "parameters", "responses"]

logger = logging.getLogger(__name__)

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
WINDOW = datetime.timedelta(hours=24)
# Longer than any request may run (gunicorn's timeout is 30 s): a claim this old has no live request behind it.
ABANDONED = datetime.timedelta(minutes=10)
KEY = re.compile(r"[!-~]{1,255}")  # visible ASCII: what any HTTP client sends unchanged
RETRY_AFTER = "1"


def idempotent(view_method: Callable[..., Response]) -> Callable[..., Response]:
    """For a DRF view method that makes something: with an ``Idempotency-Key``, carried out once (see the
    module's docstring); without one, as it was. It runs after ``initial()``, so a replay is authenticated,
    permitted and throttled like the request it answers."""

    @functools.wraps(view_method)
    def carry_out_once(view, request: Request, *args, **kwargs) -> Response:
        key = request.headers.get(HEADER)
        if key is None:
            return view_method(view, request, *args, **kwargs)
        claim = _claim(request, key)
        if isinstance(claim, Response):  # a replay, or a refusal
            return claim
        rows = IdempotentRequest.objects.filter(pk=claim.pk)
        try:
            with transaction.atomic():
                # Writing first takes SQLite's write lock now, waiting its turn (the busy timeout), where a
                # transaction that read first would fail at its first write under WAL if another had written.
                rows.update(status=None)
                response = view_method(view, request, *args, **kwargs)
                if status.is_success(response.status_code):
                    rows.update(
                        status=response.status_code, body=response.data, location=header(response.get("Location", ""))
                    )
                else:
                    rows.delete()  # nothing was made: the key is free for the corrected request
        except BaseException:
            _release(rows)
            raise
        return response

    return carry_out_once


def _claim(request: Request, key: str):
    """The new row claiming ``key`` for this request, or the answer to give instead (a replay, 409, 422)."""
    if not KEY.fullmatch(key):
        raise exceptions.ValidationError(
            {HEADER: [_("An idempotency key is 1 to 255 visible ASCII characters, such as a random UUID.")]}
        )
    fingerprint = _fingerprint(request.data)  # a body that cannot be read is refused (400) before any claim
    digest = _digest(request, key)
    now = timezone.now()
    IdempotentRequest.objects.filter(created__lt=now - WINDOW).delete()
    for _attempt in range(3):  # the row found may be released before it is read: claim again
        try:
            with transaction.atomic():
                return IdempotentRequest.objects.create(digest=digest, fingerprint=fingerprint, created=now)
        except IntegrityError:
            earlier = IdempotentRequest.objects.filter(digest=digest).first()
        if earlier is None:
            continue
        if earlier.fingerprint != fingerprint:
            return Response(
                error_body(
                    _("This idempotency key was used with another request body: use a new key for a new request."),
                    "idempotency_key_reused",
                ),
                status=status.HTTP_422_UNPROCESSABLE_ENTITY,
            )
        if earlier.status is not None:
            return _replay(earlier)
        abandoned = IdempotentRequest.objects.filter(
            pk=earlier.pk, status__isnull=True, created=earlier.created, created__lt=now - ABANDONED
        )
        if abandoned.update(created=now):  # its process died before answering (nothing of it was kept)
            return earlier
        break
    return Response(
        error_body(
            _("A request with this idempotency key is still being carried out; retry in a moment."),
            "request_in_progress",
        ),
        status=status.HTTP_409_CONFLICT,
        headers={"Retry-After": RETRY_AFTER},
    )


def _release(rows) -> None:
    """Free the key of a request that raised (its transaction was rolled back, so nothing was made)."""
    try:
        rows.filter(status__isnull=True).delete()
    except DatabaseError:  # the database went away: the claim is taken over after ABANDONED
        logger.warning("could not release an idempotency key", exc_info=True)


def _replay(earlier) -> Response:
    headers = {REPLAYED: "true"}
    if earlier.location:
        headers["Location"] = earlier.location
    return Response(earlier.body, status=earlier.status, headers=headers)


def _fingerprint(data) -> str:
    """The body as a hash of its JSON value: the same JSON however it is spaced or its keys ordered."""
    if hasattr(data, "lists"):  # a QueryDict: no body, or a form
        data = dict(data.lists())
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _digest(request: Request, key: str) -> str:
    """The request a key names: who sent it, the key, the method and the path."""
    user = request.user
    client = f"user:{user.pk}" if user is not None and user.is_authenticated else f"address:{client_address(request)}"
    named = json.dumps([client, key, request.method, request.path])
    return hashlib.sha256(named.encode()).hexdigest()


# --- the OpenAPI schema of an idempotent operation ---------------------------------------------------

_KEY_DESCRIPTION = (
    "Any string of 1 to 255 visible ASCII characters, new for each new request (a random UUID is best). "
    "Sent again with the same body within 24 hours, the request is not carried out again: the first "
    "answer is returned again (status, body and `Location`), with `Idempotent-Replayed: true`. Only answers "
    "that made something are kept; the same key with another body is a 422, and while the first request is "
    "still being carried out a 409 with `Retry-After`. Keys are per user, or per address without an account."
)


def parameters(success: int) -> list[OpenApiParameter]:
    """The request header, and the response headers of the ``success`` answer."""
    return [
        OpenApiParameter(
            HEADER,
            {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
            OpenApiParameter.HEADER,
            description=_KEY_DESCRIPTION,
        ),
        OpenApiParameter(
            "Location",
            {"type": "string", "format": "uri"},
            OpenApiParameter.HEADER,
            description="What was made: the same URL as the body's `url`.",
            response=[success],
        ),
        OpenApiParameter(
            REPLAYED,
            {"type": "string", "enum": ["true"]},
            OpenApiParameter.HEADER,
            description="Present when this is the stored answer of an earlier request with the same `Idempotency-Key`.",
            response=[success],
        ),
    ]


def responses() -> dict[int, OpenApiResponse]:
    return {
        409: OpenApiResponse(
            response=ERROR_SCHEMA,
            description="A request with the same `Idempotency-Key` is still being carried out "
            "(`request_in_progress`); retry after the `Retry-After` header's seconds.",
        ),
        422: OpenApiResponse(
            response=ERROR_SCHEMA,
            description="This `Idempotency-Key` was used with another body (`idempotency_key_reused`): nothing "
            "was done.",
        ),
    }
