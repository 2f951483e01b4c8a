"""POST /api/v1/token/: a user name and password in, an API token out (``Authorization: Token <key>``).

DRF's own view would let anyone guess passwords as fast as the server answers; this one counts each
attempt against the login page's throttle (``accounts.throttle``), so every door to a password shares
the same 10 attempts per 15 minutes.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, JSONParser
from rest_framework.response import Response

from . import throttle


class ObtainToken(ObtainAuthToken):
    parser_classes = [JSONParser, FormParser]

    @extend_schema(
        tags=["accounts"],
        request=AuthTokenSerializer,
        responses={
            200: OpenApiResponse(
                response={"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]},
                description="The user's API token (the same one on every call).",
            ),
            400: OpenApiResponse(description="Wrong user name or password."),
            429: OpenApiResponse(description="Too many failed attempts; wait 15 minutes."),
        },
    )
    def post(self, request, *args, **kwargs):
        username = str(request.data.get("username", ""))[:150]
        address = throttle.client_address(request)
        if not throttle.count_attempt(username, address):
            return Response(
                {"detail": _("Too many failed attempts to log in. Please wait 15 minutes before trying again.")},
                status=status.HTTP_429_TOO_MANY_REQUESTS,
                headers={"Retry-After": "900"},
            )
        answer = super().post(request, *args, **kwargs)  # a wrong password raises: a 400, still counted
        throttle.forget_attempt(username, address)
        return answer


obtain_token = ObtainToken.as_view()
