"""How deck API clients log in: the site's session, or a user name and password on every request.

HTTP Basic sends a password with each request, so it would let anyone guess passwords as fast as the
server answers, past the login page's throttle. Here it goes through that same throttle
(``accounts.throttle``): the same failures count against the same user name and address, whichever
door they knock on.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.authentication import BasicScheme
from rest_framework import exceptions
from rest_framework.authentication import BasicAuthentication

from accounts import throttle

__all__ = ["ThrottledBasicAuthentication"]


class ThrottledBasicAuthentication(BasicAuthentication):
    def authenticate_credentials(self, userid, password, request=None):
        address = throttle.client_address(request)
        if not throttle.count_attempt(userid, address):
            raise exceptions.AuthenticationFailed(
                _("Too many failed attempts to log in. Please wait 15 minutes before trying again.")
            )
        answer = super().authenticate_credentials(userid, password, request)  # raises on a wrong password
        throttle.forget_attempt(userid, address)
        return answer


class ThrottledBasicScheme(BasicScheme):
    """Documents it as plain HTTP Basic (drf-spectacular matches authentication classes exactly)."""

    # A dotted path, as BasicScheme's own target (which types the attribute as str).
    target_class = "decks.api.authentication.ThrottledBasicAuthentication"
