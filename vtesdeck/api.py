"""Shared DRF pieces: pagination and the one exception handler every API error goes through."""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .middleware import UNAVAILABLE

logger = logging.getLogger(__name__)

# The two error bodies every endpoint documents (OpenAPI schema objects): a sentence, or each bad field
# mapped to its messages with an optional sentence about the request as a whole.
DETAIL_SCHEMA = {"type": "object", "properties": {"detail": {"type": "string"}}, "required": ["detail"]}
FIELD_ERRORS_SCHEMA = {
    "type": "object",
    "properties": {"detail": {"type": "string", "description": "what is wrong with the request as a whole"}},
    "additionalProperties": {"type": "array", "items": {"type": "string"}},
}


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


def exception_handler(exc: Exception, context: dict) -> Response | None:
    response = drf_exception_handler(exc, context)
    if response is not None:
        return response
    if isinstance(exc, (OperationalError, InterfaceError)):
        logger.warning("database unavailable: %s", exc)
        return Response({"detail": UNAVAILABLE}, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "5"})
    return None
