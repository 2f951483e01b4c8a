"""Decklists over the API: what a request may hold, and the documented shape of every answer.

Requests are read through these serializers (field errors come back as DRF's ``{"field": ["…"]}``).
Answers are the core's own dicts (``Report.to_dict()``, the parsed deck, a Veto deck's
``VetoReport.to_dict()``), written once in the core and returned as they are, so the CLI, the page and the API
cannot drift; the response serializers below (and the report's, ``vtesdeck.serializers``, which the decks API
documents a deck's report with too) only document them, and the tests check that every key an answer holds is
documented.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from vtesdeck.core import decklist, veto
from vtesdeck.core.validate import RULESETS
from vtesdeck.core.veto.rules import ERROR_CODES as VETO_ERROR_CODES
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
    "VetoReportSerializer",
]

# What a Veto rule set leaves out: these fields are VTES's (a date, the table size, a VTES decklist format).
VTES_ONLY = ("as_of", "players", "format")


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
        "a saved custom format (`/api/v1/formats/`); or a Veto one (a Polish CCG, not VTES): "
        f"{', '.join(f'`{name}`' for name in services.VETO_RULESETS)}, judged against your own Veto card list, "
        "else the site's (a 400 when there is neither), and answered with the Veto report. `as_of`, `players` and "
        "`format` are VTES's: a 400 with a Veto rule set.",
    )
    lang = CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="The Veto rule sets only: the language of the Veto report's `message`, `title`, `rule` and "
        "`format`, `pl` (Polish, the game's, the default) or `en`; it outranks `?lang=`. A VTES report takes its "
        "language from `?lang=` or `Accept-Language`, as before, whatever this says.",
    )
    players = IntegerField(
        required=False,
        allow_null=True,
        min_value=services.MIN_PLAYERS,
        max_value=services.MAX_PLAYERS,
        help_text="Players at the table: the 2011 rulebook's library limit grows with them (default: 5).",
    )

    def validate_ruleset(self, value: str):
        if services.is_veto(value):
            return services.veto_ruleset(value)
        try:
            return services.parse_ruleset(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc), code="invalid") from None

    def validate(self, attrs: dict) -> dict:
        attrs = super().validate(attrs)
        if not isinstance(attrs.get("ruleset"), veto.VetoRuleset):
            return attrs
        errors = {
            field: [_("Not used by the Veto rule sets.")] for field in VTES_ONLY if attrs.get(field) not in (None, "")
        }
        lang = attrs.get("lang") or None
        if lang is not None and lang not in veto.LANGUAGES:
            errors["lang"] = [_("Veto reports are in Polish or English: pl or en.")]
        if errors:
            raise serializers.ValidationError(errors, code="invalid")
        return attrs

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


# --- a Veto deck's report (documentation of vtesdeck.core.veto's VetoReport.to_dict) -----------------------


class VetoIssueSerializer(serializers.Serializer):
    code = serializers.CharField(help_text=f"one of {', '.join(VETO_ERROR_CODES)}; warnings: DUAL_MARK")
    title = serializers.CharField(help_text='the code for people, in `lang`: "Za mały Kredens" / "Deck too small"')
    message_id = serializers.CharField(help_text="which sentence: a code may have several (ELEKT_MISSING…)")
    message = serializers.CharField(help_text="a sentence for people, in `lang`")
    rule = serializers.CharField(help_text='the articles cited, in `lang`: "Artykuły Henrykowskie 3.0.3, 204.7"')
    rule_url = serializers.CharField(allow_blank=True, help_text='always "": the rules have no page online')
    articles = serializers.ListField(child=serializers.CharField(), help_text='e.g. ["101.5.a", "204.4"]')
    params = serializers.DictField(help_text="the values the message names, the same in every language")
    cards = serializers.ListField(child=serializers.CharField(), help_text='cards by full name: "Name, Epithet"')


class VetoCardCountSerializer(serializers.Serializer):
    name = serializers.CharField()
    epithet = serializers.CharField(allow_blank=True)
    count = serializers.IntegerField()


class VetoSpecialCardsSerializer(serializers.Serializer):
    elekt = serializers.ListField(child=serializers.CharField())
    strategy = serializers.ListField(child=serializers.CharField())
    other = serializers.ListField(
        child=serializers.CharField(), help_text="ordinary cards listed among the special cards (an error)"
    )


class VetoUnresolvedLineSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="1-based line number in the decklist")
    text = serializers.CharField(help_text="the line as written")
    count = serializers.IntegerField()
    section = serializers.ChoiceField(choices=["deck", "sideboard", "special"])
    reason = serializers.ChoiceField(choices=["unknown", "ambiguous", "count", "too_long"])
    suggestions = serializers.ListField(child=serializers.CharField(), help_text="the closest cards' full names")


class VetoReportSerializer(serializers.Serializer):
    """A Veto deck's report (``ruleset`` `veto` or `veto-sealed`): its own shape, with cards by name."""

    path = serializers.CharField(allow_null=True, help_text="the uploaded file's name; null for `text`")
    game = serializers.ChoiceField(choices=["veto"], help_text="always `veto`: tells this report from a VTES one")
    legal = serializers.BooleanField(help_text="no errors")
    ruleset = serializers.ChoiceField(choices=list(services.VETO_RULESETS))
    format = serializers.CharField(help_text="the rule set's name, in `lang`")
    lang = serializers.ChoiceField(choices=list(veto.LANGUAGES), help_text="the language of the sentences")
    deck_count = serializers.IntegerField(help_text="the Kredens (deck), special cards listed in it left out")
    sideboard_count = serializers.IntegerField(help_text="the Sakwa (sideboard)")
    special = VetoSpecialCardsSerializer(help_text="the Special Cards Field, by type")
    deck = VetoCardCountSerializer(many=True)
    sideboard = VetoCardCountSerializer(many=True)
    # DRF's metaclass moves declared fields out of the class, so this field does not hide ``Serializer.errors``;
    # the stubs cannot say so.
    errors = VetoIssueSerializer(many=True)  # type: ignore[assignment]
    warnings = VetoIssueSerializer(many=True)
    unresolved = VetoUnresolvedLineSerializer(many=True, help_text="lines naming no single card of the list")


class DecklistFormatSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="the identifier for `format` and `to`")
    # DRF's metaclass moves declared fields out of the class, so this field does not hide ``Field.label``; the
    # stubs cannot say so.
    label = serializers.CharField()  # type: ignore[assignment]
    extension = serializers.CharField()
    media_type = serializers.CharField()
    can_export = serializers.BooleanField(help_text="usable as `to` in /convert")
