"""/accounts/…: sign up and the account page with its API tokens here; log in, log out and passwords are
Django's own views (see urls.py), some with a few lines more (below)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib import auth, messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST, require_safe

from . import throttle
from .forms import ApiTokenForm, LoginForm, PasswordChangeForm, PasswordResetForm, SetPasswordForm, SignupForm
from .models import MAX_TOKENS_PER_USER, ApiToken, TooManyTokens
from .requests import signed_in_user

if TYPE_CHECKING:
    from django.contrib.auth import forms as auth_forms
    from django.views.generic import FormView

    # What the mixins below are mixed into (Django's form views), for their super() calls.
    _FormView = FormView
else:
    _FormView = object

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


class _Throttled(_FormView):
    """A form the throttle refused (its error coded "throttled", ``accounts.throttle``) answers 429, not 200:
    scripts and monitoring can tell the throttle from a wrong password or address."""

    throttled: str  # what was refused, for the log

    def form_invalid(self, form) -> HttpResponse:
        response = super().form_invalid(form)
        if form.has_error(NON_FIELD_ERRORS, "throttled"):
            logger.warning("%s throttled from %s", self.throttled, throttle.client_address(self.request))
            response.status_code = 429
            response["Retry-After"] = str(throttle.RETRY_AFTER)  # an upper bound (accounts.throttle)
        return response


class LoginView(_Throttled, auth_views.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    throttled = "login"


class PasswordResetView(_Throttled, auth_views.PasswordResetView):
    """Django's, throttled (``throttle.count_reset``), and sending its message after the answer.

    Looking the address up and writing the message happen once the answer has gone (``_RedirectThen``): this
    request does the same work for an address with an account and one without, so its timing tells nobody
    which addresses have accounts."""

    form_class = PasswordResetForm
    throttled = "password reset"

    def get_form_kwargs(self) -> dict:
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form: auth_forms.PasswordResetForm) -> HttpResponse:  # ours, typed as FormView has it
        opts = {
            "use_https": self.request.is_secure(),
            "token_generator": self.token_generator,
            "from_email": self.from_email,
            "email_template_name": self.email_template_name,
            "subject_template_name": self.subject_template_name,
            "request": self.request,
            "html_email_template_name": self.html_email_template_name,
            "extra_email_context": self.extra_email_context,
        }
        language = translation.get_language()

        def send() -> None:
            with translation.override(language):
                form.save(**opts)

        return _RedirectThen(self.get_success_url(), send)


class _RedirectThen(HttpResponseRedirect):
    """A redirect that calls ``then()`` once it has been sent: WSGI servers (and Django's test client) close
    the answer after its last byte. A failure there is logged; the client has its answer already."""

    def __init__(self, url: str, then) -> None:
        super().__init__(url)
        self._then = then

    def close(self) -> None:
        try:
            self._then()
        except Exception:
            logger.exception("work after the answer to %s failed", self.url)
        finally:
            super().close()


class _SaysRevoked(_FormView):
    """A new password's form (which revoked the API tokens, ``form.revoked`` of them) tells the user so."""

    def form_valid(self, form) -> HttpResponse:
        response = super().form_valid(form)
        if form.revoked:
            logger.info("user %s revoked all %d API tokens with a new password", form.user.pk, form.revoked)
            messages.success(self.request, _revoked_message(form.revoked))
        return response


class PasswordChangeView(_SaysRevoked, auth_views.PasswordChangeView):
    """Django's, revoking the API tokens too unless the user unticks it (``PasswordChangeForm``)."""

    form_class = PasswordChangeForm


class PasswordResetConfirmView(_SaysRevoked, auth_views.PasswordResetConfirmView):
    """Django's, revoking the account's API tokens with the old password (``SetPasswordForm``)."""

    form_class = SetPasswordForm


def _revoked_message(count: int) -> str:
    return ngettext(
        "Your API token was revoked: it no longer works. Make a new one on your account page.",
        "Your %(count)d API tokens were revoked: they no longer work. Make new ones on your account page.",
        count,
    ) % {"count": count}


def _safe_next(request: HttpRequest) -> str:
    """Where to go after signing up: ``next`` when it stays on this site, else ""."""
    url = request.POST.get("next", request.GET.get("next", ""))
    allowed = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if allowed else ""


@require_safe
@login_required
@never_cache
def account(request: HttpRequest) -> HttpResponse:
    return _account_page(request, ApiTokenForm())


@require_POST
@login_required
@never_cache  # the answer holds a new key: no cache may keep it
def create_token(request: HttpRequest) -> HttpResponse:
    # The key is shown in this answer, never through a redirect: a message would store it in the session.
    form = ApiTokenForm(request.POST)
    if not form.is_valid():
        return _account_page(request, form, status=400)
    try:
        token, key = ApiToken.objects.issue(request.user, form.cleaned_data["name"])
    except TooManyTokens as exc:
        form.add_error(None, exc)
        return _account_page(request, form, status=400)
    logger.info("user %s made API token %s", request.user.pk, token.pk)
    return _account_page(request, ApiTokenForm(), new_token=token, new_key=key)


@require_POST
@login_required
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=token_id, user=request.user)  # another user's token: 404
    token.delete()
    logger.info("user %s revoked API token %s", request.user.pk, token_id)
    messages.success(
        request,
        _("The API token “%(name)s” (%(prefix)s…) is revoked: it no longer works.")
        % {"name": token.name, "prefix": token.prefix},
    )
    return redirect("accounts:account")


def _account_page(request: HttpRequest, form: ApiTokenForm, *, status: int = 200, **extra) -> HttpResponse:
    tokens = list(signed_in_user(request).api_tokens.all())  # only the @login_required views call this
    context = {"form": form, "tokens": tokens, "token_limit": MAX_TOKENS_PER_USER, **extra}
    return render(request, "accounts/account.html", context, status=status)
