"""`Authorization: Token <key>` (or `Bearer <key>`): the per-user API tokens of ``accounts.models``.

A request without that header is left to the other schemes (session, HTTP Basic). A request with it
is answered 401 when the key opens nothing — unknown, revoked, malformed, or its user deactivated —
whatever scheme comes first in the settings (DRF turns an AuthenticationFailed into a 403 when the first
scheme sends no challenge): a script should be told plainly that its key is the problem. This scheme comes
first in the settings, so a request with no credentials where they are needed is a 401 with its challenge.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions, status
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from .models import ApiToken

__all__ = ["TokenAuthentication"]

KEYWORDS = (b"token", b"bearer")
CHALLENGE = 'Token realm="api"'


class BadToken(exceptions.APIException):
    # Not an AuthenticationFailed: DRF would change that into a 403 (see the module's docstring).
    status_code = status.HTTP_401_UNAUTHORIZED
    default_code = "authentication_failed"
    default_detail = _("This API token is not valid: it may have been revoked. Make a new one on your account page.")
    auth_header = CHALLENGE


class TokenAuthentication(BaseAuthentication):
    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if not words or words[0].lower() not in KEYWORDS:
            return None
        if len(words) != 2:
            raise BadToken(_("The Authorization header must be “Token <key>”: one key, without spaces."))
        try:
            key = words[1].decode("ascii")
        except UnicodeDecodeError:
            raise BadToken() from None
        token = ApiToken.objects.find(key)
        if token is None:
            raise BadToken()
        if not token.user.is_active:
            raise BadToken(_("The account this API token belongs to is deactivated."))
        token.touch()
        return token.user, token

    def authenticate_header(self, request) -> str:
        return CHALLENGE


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = TokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "vtd_…",
            "description": "An API token from your account page or `POST /api/v1/token/`, sent as "
            "`Authorization: Token <key>` (or `Authorization: Bearer <key>`).",
        }
