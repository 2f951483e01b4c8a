"""The API token endpoints: log in for a new token, and list, make and revoke one's own tokens.

``POST /api/v1/token/`` takes a user name and password, so each attempt counts against the login page's
throttle (``accounts.throttle``): every door to a password shares the same 10 attempts per 15 minutes.
``/api/v1/tokens/`` sees the caller's own tokens alone; another user's token id is a 404, as an id that
does not exist is, so ids tell nothing about other accounts.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import exceptions, mixins, status, viewsets
from rest_framework.parsers import FormParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from vtesdeck.api import ERROR_SCHEMA, JSONParser, Pagination

from .. import throttle
from ..models import MAX_TOKENS_PER_USER, ApiToken
from .serializers import ApiTokenSerializer, LoginSerializer, NewApiTokenSerializer, TokenNameSerializer

__all__ = ["ApiTokenViewSet", "ObtainToken", "obtain_token"]

TAGS = ["accounts"]


class LoginThrottled(exceptions.Throttled):
    default_detail = _("Too many failed attempts to log in. Please wait 15 minutes before trying again.")

    def __init__(self) -> None:
        super().__init__()  # without `wait`, which would add DRF's own sentence about seconds to ours
        self.wait = throttle.RETRY_AFTER  # the Retry-After header: an upper bound (accounts.throttle)


def _issue(user, name: str) -> ApiToken:
    try:
        token, key = ApiToken.objects.issue(user, name)
    except DjangoValidationError as exc:  # too many tokens
        raise exceptions.ValidationError({api_settings.NON_FIELD_ERRORS_KEY: exc.messages}, code="invalid") from None
    token.key = key  # for NewApiTokenSerializer, this once
    return token


# --- documented answers ----------------------------------------------------------------------------

CREATED = OpenApiResponse(
    NewApiTokenSerializer,
    description="The new token with its key in `token`. The key is shown this once; keep it now.",
    examples=[
        OpenApiExample(
            "A new token",
            value={
                "id": 7,
                "name": "Discord bot",
                "prefix": "vtd_Q2hhcm9u",
                "created": "2026-11-23T14:42:00Z",
                "token": "vtd_Q2hhcm9uX2lzX2FfZmVycnltYW5fb2ZfdGhlX2Q",
            },
        )
    ],
)
TOO_MANY = f"an account holds at most {MAX_TOKENS_PER_USER} tokens (`errors.non_field_errors`)"
BAD_TOKEN = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="The `Authorization: Token` key is unknown, revoked or malformed, or its user deactivated.",
)
LOGIN_REQUIRED = OpenApiResponse(
    response=ERROR_SCHEMA, description="Log in first: a session, an API token or HTTP Basic."
)
UNSUPPORTED = OpenApiResponse(response=ERROR_SCHEMA, description="The body is not JSON (`application/json`).")


class ObtainToken(APIView):
    permission_classes = [AllowAny]
    parser_classes = [JSONParser, FormParser]

    @extend_schema(
        operation_id="token_create",
        tags=TAGS,
        summary="Log in for a new API token",
        description="A user name and password in, a new API token of that user out (for "
        "`Authorization: Token <key>`). Each call makes another token, listed and revoked at "
        "`/api/v1/tokens/` and on the account page. Failed attempts count against the login page's "
        "throttle: 10 per 15 minutes per user name and per address.",
        auth=[],
        request=LoginSerializer,
        responses={
            201: CREATED,
            400: OpenApiResponse(
                response=ERROR_SCHEMA,
                description=f"A wrong user name or password, a missing field, or {TOO_MANY}.",
                examples=[
                    OpenApiExample(
                        "Wrong password",
                        value={
                            "detail": "The user name or password is wrong.",
                            "code": "invalid",
                            "errors": {"non_field_errors": ["The user name or password is wrong."]},
                        },
                    )
                ],
            ),
            401: BAD_TOKEN,
            415: OpenApiResponse(response=ERROR_SCHEMA, description="The body is neither JSON nor a form."),
            429: OpenApiResponse(
                response=ERROR_SCHEMA,
                description="Too many failed attempts for this user name or from this address; retry after "
                "the `Retry-After` header's seconds (15 minutes at most).",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        if not isinstance(request.data, Mapping):  # JSON null, a list, a string: nothing to log in with
            raise exceptions.ParseError(_("The body must be a JSON object with a username and a password."))
        username = str(request.data.get("username", ""))[:150]
        address = throttle.client_address(request)
        if not throttle.count_attempt(username, address):
            raise LoginThrottled()
        login = LoginSerializer(data=request.data, context={"request": request})
        login.is_valid(raise_exception=True)  # a wrong password raises: a 400, still counted
        throttle.forget_attempt(username, address)
        token = _issue(login.validated_data["user"], login.validated_data.get("name", ""))
        return Response(NewApiTokenSerializer(token).data, status=status.HTTP_201_CREATED)


obtain_token = ObtainToken.as_view()


@extend_schema_view(
    list=extend_schema(
        operation_id="tokens_list",
        tags=TAGS,
        summary="List your API tokens",
        description="Your own tokens, newest first, without their keys (the site keeps only their hashes).",
        responses={
            200: ApiTokenSerializer(many=True),
            401: BAD_TOKEN,
            403: LOGIN_REQUIRED,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="A page past the last one."),
        },
    ),
    create=extend_schema(
        operation_id="tokens_create",
        tags=TAGS,
        summary="Make an API token",
        description="A new token of yours, optionally named. Its key is in this answer alone.",
        request=TokenNameSerializer,
        responses={
            201: CREATED,
            400: OpenApiResponse(response=ERROR_SCHEMA, description=f"A name over 100 characters, or {TOO_MANY}."),
            401: BAD_TOKEN,
            403: LOGIN_REQUIRED,
            415: UNSUPPORTED,
        },
    ),
    destroy=extend_schema(
        operation_id="tokens_destroy",
        tags=TAGS,
        summary="Revoke an API token",
        description="The token stops working at once, for every request after this one.",
        responses={
            204: OpenApiResponse(description="Revoked."),
            401: BAD_TOKEN,
            403: LOGIN_REQUIRED,
            404: OpenApiResponse(
                response=ERROR_SCHEMA,
                description="No such token of yours (another user's token answers the same).",
            ),
        },
    ),
)
class ApiTokenViewSet(mixins.ListModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet):
    serializer_class = ApiTokenSerializer
    permission_classes = [IsAuthenticated]
    pagination_class = Pagination
    parser_classes = [JSONParser]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular reading the model, with no user
            return ApiToken.objects.none()
        return ApiToken.objects.filter(user=self.request.user)

    def create(self, request: Request) -> Response:
        body = TokenNameSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        token = _issue(request.user, body.validated_data.get("name", ""))
        return Response(NewApiTokenSerializer(token).data, status=status.HTTP_201_CREATED)
