from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import throttle


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
