"""Decklists over the API: what a request may hold, and the documented shape of every answer.

Requests are read through these serializers (field errors come back as DRF's ``{"field": ["…"]}``).
Answers are the core's own dicts (``Report.to_dict()``, the parsed deck), written once in the core and
returned as they are, so the CLI, the page and the API cannot drift; the response serializers below (and
the report's, ``vtesdeck.serializers``, which the decks API documents a deck's report with too) only
document them, and the tests check that every key an answer holds is documented.
"""

from __future__ import annotations

from rest_framework import serializers

from vtesdeck.core import decklist
from vtesdeck.core.validate import RULESETS
from vtesdeck.serializers import (
    TEXT_HELP,
    CharField,
    ChoiceField,
    DeckFields,
    DecklistTextField,
    IntegerField,
    UnresolvedLineSerializer,
)

from .. import services

__all__ = [
    "ConvertQuerySerializer",
    "ConvertedDecklistSerializer",
    "DecklistFormatSerializer",
    "ParseRequestSerializer",
    "ParseUploadSerializer",
    "ParsedDecklistSerializer",
    "ValidateRequestSerializer",
    "ValidateUploadSerializer",
]


# --- requests --------------------------------------------------------------------------------------


class ParseRequestSerializer(serializers.Serializer):
    text = DecklistTextField(trim_whitespace=False, help_text=TEXT_HELP)
    format = ChoiceField(
        choices=[(name, fmt.label) for name, fmt in decklist.FORMATS.items()],
        required=False,
        allow_null=True,
        help_text="The decklist's format, to skip detection.",
    )

    def validate(self, attrs: dict) -> dict:
        attrs["source"], attrs["path"] = attrs.get("text"), None
        return attrs


class ParseUploadSerializer(ParseRequestSerializer):
    """The same as a form upload: the decklist as ``text`` or as a ``file`` (one decklist, not a zip)."""

    text = DecklistTextField(trim_whitespace=False, required=False, help_text=TEXT_HELP)
    file = serializers.FileField(required=False, help_text="A decklist file, instead of `text`.")

    def validate(self, attrs: dict) -> dict:
        has_text, upload = bool(attrs.get("text")), attrs.get("file")
        if has_text == (upload is not None):
            message = "Send the decklist as `text` or as a `file`, not both." if has_text else "Send a decklist."
            raise serializers.ValidationError({"text": [message]}, code="required")
        if upload is None:
            return super().validate(attrs)
        # The body is already bounded (DECKLIST_UPLOAD_MAX_BYTES); the core refuses a file too large for a deck.
        attrs["source"], attrs["path"] = upload.read(), upload.name
        return attrs


class _ValidateFields(serializers.Serializer):
    as_of = CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="`YYYY-MM-DD`: judge legality on that date; `deck`: on the decklist's own event date (archive "
        "header), else today. Default: today.",
    )
    ruleset = CharField(
        default=services.DEFAULT_RULESET,
        max_length=80,
        help_text=f"The rule set to judge the deck by: {', '.join(f'`{name}`' for name in RULESETS)}, or the id of "
        "a saved custom format (`/api/v1/formats/`).",
    )
    players = IntegerField(
        required=False,
        allow_null=True,
        min_value=services.MIN_PLAYERS,
        max_value=services.MAX_PLAYERS,
        help_text="Players at the table: the 2011 rulebook's library limit grows with them (default: 5).",
    )

    def validate_ruleset(self, value: str):
        try:
            return services.parse_ruleset(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc), code="invalid") from None

    def validate_as_of(self, value: str | None):
        try:
            return services.parse_as_of(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc), code="invalid") from None


class ValidateRequestSerializer(_ValidateFields, ParseRequestSerializer):
    pass


class ValidateUploadSerializer(_ValidateFields, ParseUploadSerializer):
    pass


class ConvertQuerySerializer(serializers.Serializer):
    to = ChoiceField(
        choices=[(name, fmt.label) for name, fmt in decklist.FORMATS.items() if fmt.export is not None],
        help_text="The format to write the decklist in.",
    )


# --- answers ---------------------------------------------------------------------------------------


class ParsedDecklistSerializer(DeckFields):
    description = serializers.CharField()
    comments = serializers.DictField(child=serializers.CharField(), help_text="VEKN id → the list's comment")


class ConvertedDecklistSerializer(serializers.Serializer):
    format = serializers.CharField()
    media_type = serializers.CharField()
    extension = serializers.CharField(help_text="file extension for a download, without the dot")
    text = serializers.CharField(help_text="the decklist, written in `format`")
    unresolved = UnresolvedLineSerializer(
        many=True, help_text="lines of the input naming no known card: they are not in `text`"
    )


class DecklistFormatSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="the identifier for `format` and `to`")
    # DRF's metaclass moves declared fields out of the class, so this field does not hide ``Field.label``; the
    # stubs cannot say so.
    label = serializers.CharField()  # type: ignore[assignment]
    extension = serializers.CharField()
    media_type = serializers.CharField()
    can_export = serializers.BooleanField(help_text="usable as `to` in /convert")
