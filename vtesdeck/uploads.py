"""A page's form body, read where a refusal can still be answered (the /check/ page, the deck import page, the Veto
card list page): these pages are exempt from the CSRF middleware, which would parse the whole body first, and
call ``body_refusal`` before their form.

A body declared larger than the page's limit is refused unread; otherwise it is parsed here, within Django's own
limits (DATA_UPLOAD_MAX_MEMORY_SIZE, ..._NUMBER_FILES, ..._NUMBER_FIELDS), and a body those refuse, or that is no
form at all, is named by its reason. Each page words the reasons about its own limits; the last two are worded
alike everywhere (``sentence``).
"""

from __future__ import annotations

import logging

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest
from django.http.multipartparser import MultiPartParserError
from django.utils.translation import gettext as _

from vtesdeck.api import declared_length

logger = logging.getLogger(__name__)

__all__ = [
    "TOO_LARGE",
    "TOO_MANY_FIELDS",
    "TOO_MANY_FILES",
    "TOO_MUCH_DATA",
    "UNREADABLE",
    "body_refusal",
    "sentence",
]

TOO_LARGE = "too_large"  # Content-Length over the page's limit: not read at all
TOO_MUCH_DATA = "too_much_data"  # fields beyond DATA_UPLOAD_MAX_MEMORY_SIZE (a pasted text)
TOO_MANY_FILES = "too_many_files"
TOO_MANY_FIELDS = "too_many_fields"
UNREADABLE = "unreadable"  # no form body a browser sends


def body_refusal(request: HttpRequest, limit: int, *, page: str) -> str | None:
    """None when the body is read (``request.POST`` and ``request.FILES`` are ready), else why it is not: one of
    the reasons above. ``page`` names the page in the log line of an unreadable body."""
    if declared_length(request) > limit:
        return TOO_LARGE
    try:
        request.POST, request.FILES  # noqa: B018 - parse now, where a refusal can still be answered
    except RequestDataTooBig:
        return TOO_MUCH_DATA
    except TooManyFilesSent:
        return TOO_MANY_FILES
    except TooManyFieldsSent:
        return TOO_MANY_FIELDS
    except (MultiPartParserError, SuspiciousOperation) as exc:
        logger.info("%s: unreadable form body: %s", page, exc)
        return UNREADABLE
    return None


def sentence(reason: str | None) -> str:
    """The sentence every page says for a reason no page words its own way ("" for None)."""
    if reason is None:
        return ""
    if reason == UNREADABLE:
        return _("The form data could not be read; please send the form again.")
    return _("The form holds too many fields; please use the form on this page.")
