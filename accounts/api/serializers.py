from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from ..models import DEFAULT_NAME, ApiToken

__all__ = ["ApiTokenSerializer", "LoginSerializer", "NewApiTokenSerializer", "TokenNameSerializer"]

NAME_HELP = f"What the token is for, to tell it from the others (“Discord bot”); “{DEFAULT_NAME}” when left out."


class TokenNameSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, max_length=100, help_text=NAME_HELP)


class LoginSerializer(TokenNameSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(trim_whitespace=False, write_only=True, style={"input_type": "password"})

    def validate(self, attrs: dict) -> dict:
        # Django's backends refuse deactivated users too.
        user = authenticate(self.context.get("request"), username=attrs["username"], password=attrs["password"])
        if user is None:
            raise serializers.ValidationError(_("The user name or password is wrong."), code="invalid")
        return {**attrs, "user": user}


class ApiTokenSerializer(serializers.ModelSerializer):
    """A token as its owner sees it later: never its key."""

    prefix = serializers.CharField(read_only=True, help_text="The key's first characters, to tell it from the others.")
    last_used = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="Last request made with it (to the minute); null when never used."
    )

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created", "last_used"]
        read_only_fields = fields


class NewApiTokenSerializer(serializers.ModelSerializer):
    """A token just made: the only answer that ever holds its key."""

    prefix = serializers.CharField(read_only=True, help_text="The key's first characters, to tell it from the others.")
    token = serializers.CharField(
        source="key",
        read_only=True,
        help_text="The key, for `Authorization: Token <key>`. Shown this once: the site keeps only its hash.",
    )

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created", "token"]
        read_only_fields = fields
