"""/accounts/…: sign up here; log in, log out and passwords are Django's own views (see urls.py)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib import auth
from django.contrib.auth import views as auth_views
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters

from . import throttle
from .forms import LoginForm, SignupForm

logger = logging.getLogger(__name__)


@sensitive_post_parameters("password1", "password2")
@csrf_protect
@never_cache
def signup(request: HttpRequest) -> HttpResponse:
    next_url = _safe_next(request)
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        user = form.save()
        auth.login(request, user)
        return redirect(next_url or resolve_url(settings.LOGIN_REDIRECT_URL))
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"

    def form_invalid(self, form: LoginForm) -> HttpResponse:
        response = super().form_invalid(form)
        if form.has_error(NON_FIELD_ERRORS, "throttled"):
            # 429, not 200: scripts and monitoring can tell the throttle from a wrong password.
            logger.warning("login throttled from %s", throttle.client_address(self.request))
            response.status_code = 429
            response["Retry-After"] = str(throttle.WINDOW)  # an upper bound: the count may be older
        return response


def _safe_next(request: HttpRequest) -> str:
    """Where to go after signing up: ``next`` when it stays on this site, else ""."""
    url = request.POST.get("next", request.GET.get("next", ""))
    allowed = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if allowed else ""
