from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import throttle
from .models import ApiToken


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Email"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=_("Used only to reset your password if you forget it."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = User.objects.normalize_email(self.cleaned_data["email"])
        # Password reset looks accounts up by email, case-insensitively: two accounts sharing one
        # address would both be reset by one message.
        if User.objects.filter(email__iexact=email).exists():
            raise ValidationError(_("An account with this email address already exists."), code="duplicate_email")
        return email


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "throttled": _(
            "Too many failed attempts to log in to this account or from your network. "
            "Please wait 15 minutes before trying again, or reset your password."
        ),
    }

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if not username or not password:
            return super().clean()  # the missing field's own error says what is wrong
        address = throttle.client_address(self.request)
        if not throttle.count_attempt(username, address):
            raise ValidationError(self.error_messages["throttled"], code="throttled")
        cleaned = super().clean()  # raises on a wrong password, which stays counted
        throttle.forget_attempt(username, address)
        return cleaned


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=100,
        required=False,
        help_text=_("What the token is for, to tell it from the others (“Discord bot”). Optional."),
    )


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's, counted against the reset throttle: per email address (known or not, the answer must not
    tell) and per client address."""

    error_messages = {
        "throttled": _(
            "Too many password reset requests for this address or from your network. "
            "Please wait 15 minutes before asking again, and check your spam folder meanwhile."
        ),
    }

    def __init__(self, *args: Any, request=None, **kwargs: Any) -> None:
        self.request = request
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        super().clean()  # Form.clean: returns cleaned_data, typed as Optional
        email = self.cleaned_data.get("email")
        if email and not throttle.count_reset(email, throttle.client_address(self.request)):
            raise ValidationError(self.error_messages["throttled"], code="throttled")
        return self.cleaned_data


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Django's, with the choice to revoke the account's API tokens: one made by someone who knew the old
    password would outlive it otherwise."""

    revoke_tokens = forms.BooleanField(
        label=_("Revoke all my API tokens"),
        required=False,
        initial=True,
        help_text=_(
            "Recommended if someone else may know your old password: a token made with it keeps working until "
            "revoked. Scripts using a token need a new one afterwards."
        ),
    )

    revoked = 0  # how many tokens save() revoked

    def save(self, commit: bool = True) -> User:
        user = super().save(commit)
        if commit and self.cleaned_data["revoke_tokens"]:
            self.revoked = ApiToken.objects.revoke_all(user)
        return user


class SetPasswordForm(auth_forms.SetPasswordForm):
    """Django's, for a password reset: the account's API tokens are revoked with the old password, always
    (whoever asked for the reset may not be the one who made them)."""

    revoked = 0  # how many tokens save() revoked

    def save(self, commit: bool = True) -> User:
        user = super().save(commit)
        if commit:
            self.revoked = ApiToken.objects.revoke_all(user)
        return user
