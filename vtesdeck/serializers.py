"""Serializer pieces the apps' APIs share: strict fields for JSON requests, the decklist text field, and the
documented shape of the core's deck report.

The report is the core's own dict (``Report.to_dict()``), returned as it is by the decklists API and inside a
deck's detail by the decks API; the serializers below only document it (one set of components in the schema,
whichever API names it first).
"""

from __future__ import annotations

import copy

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from vtesdeck.core import decklist

__all__ = [
    "TEXT_HELP",
    "CharField",
    "ChoiceField",
    "CopiedOnce",
    "DeckCardCountSerializer",
    "DeckFields",
    "DeckReportSerializer",
    "DecklistTextField",
    "IntegerField",
    "StrictCharField",
    "StrictIntegerField",
    "StrictKeys",
    "UnresolvedLineSerializer",
    "similarity_field",
]


# --- request fields --------------------------------------------------------------------------------


class StrictKeys:
    """A request serializer that refuses keys it does not know, each named in ``errors`` (code ``unknown``): a typo
    (``"player": 4``) would otherwise be dropped quietly and the request served with the default it meant to
    change. For requests that start work (a job), not for objects a client may send back as it read them."""

    def to_internal_value(self, data):
        fields = getattr(self, "fields", {})
        if isinstance(data, dict):
            unknown = sorted(str(key) for key in data if key not in fields)
            if unknown:
                known = ", ".join(f"`{name}`" for name in fields if not fields[name].read_only)
                message = _("Unknown field; the fields are %(fields)s.") % {"fields": known}
                raise serializers.ValidationError({key[:100]: [message] for key in unknown[:20]}, code="unknown")
        return super().to_internal_value(data)  # type: ignore[misc]


class StrictIntegerField(serializers.IntegerField):
    """A JSON number without a fraction: ``"3"``, ``3.0`` and ``true`` are a client's mistakes, not counts."""

    def to_internal_value(self, data):
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """A JSON string: DRF would quietly turn ``123`` into ``"123"``."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


TEXT_HELP = (
    f"The decklist in any supported format (see `/api/v1/decklists/formats`), detected unless `format` "
    f"names it; at most {decklist.MAX_BYTES:,} characters and {decklist.MAX_LINES:,} lines."
)


class _SurrogateCheck(ProhibitSurrogateCharactersValidator):
    """DRF's check, and its message, but with a test of the whole text in C first: strict UTF-8 refuses
    exactly the surrogate code points, so only a text holding one is walked character by character (DRF
    always does, a tenth of a validation request's CPU for a typical decklist)."""

    def __call__(self, value) -> None:
        try:
            str(value).encode("utf-8")
        except UnicodeEncodeError:
            super().__call__(value)


class CopiedOnce:
    """For the request fields: a serializer deep-copies its declared fields for each request, and DRF's
    copy re-runs each field's ``__init__`` (choices, validators…), most of the cost of reading a request.
    These fields hold nothing a request changes (binding a copy only sets its own attributes), so a shallow
    copy is as good."""

    def __deepcopy__(self, memo):
        return copy.copy(self)


class DecklistTextField(CopiedOnce, serializers.CharField):
    """A decklist is text: a number, a list or ``true`` in its place is a client's mistake, not a deck."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.validators = [
            _SurrogateCheck() if isinstance(v, ProhibitSurrogateCharactersValidator) else v for v in self.validators
        ]

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ChoiceField(CopiedOnce, serializers.ChoiceField):
    pass


class CharField(CopiedOnce, serializers.CharField):
    pass


class IntegerField(CopiedOnce, serializers.IntegerField):
    pass


# --- the deck report (documentation of the core's dict) --------------------------------------------


class DeckCardCountSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField(help_text='the unique name, e.g. "Theo Bell (G2)"')
    count = serializers.IntegerField()


class ReportIssueSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="e.g. LIBRARY_TOO_SMALL, BANNED_CARD, UNKNOWN_CARD")
    message = serializers.CharField(help_text="a sentence for people, in the language asked for (`?lang=`)")
    rule = serializers.CharField(
        help_text='the rules it cites, by section, in the language asked for: "VEKN rulebook, 1. Introduction › Deck '
        'construction; VEKN tournament rules, 6.2 Constructed Deck Size Limits"'
    )
    rule_url = serializers.CharField(
        allow_blank=True, help_text='the official page of the first section cited ("" for the 2011 rulebook)'
    )
    params = serializers.DictField(
        help_text="the values the message names, by code, the same in every language: e.g. for LIBRARY_TOO_SMALL "
        '`{"count": 58, "min": 60, "max": 90, "short": 2, "players": null, "ruleset": "vekn", "format": "VEKN '
        'tournament"}`; for UNKNOWN_CARD `{"line": 14, "text": "2x Govern teh Unaligned", "suggestions": […]}`'
    )
    cards = serializers.ListField(child=serializers.IntegerField(), help_text="VEKN ids of the cards concerned")


class UnresolvedLineSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="1-based line number in the decklist")
    text = serializers.CharField(help_text="the line as written")
    count = serializers.IntegerField()
    section = serializers.CharField(help_text='"crypt", "library" or "" when the list did not say')
    suggestions = serializers.ListField(child=serializers.CharField(), help_text="official names, best first")
    reason = serializers.CharField(
        required=False, help_text='"" = no such card; "count" = a card, but a count no deck can hold'
    )


class DecklistEventSerializer(serializers.Serializer):
    name = serializers.CharField()
    place = serializers.CharField()
    date = serializers.DateField(allow_null=True)
    date_end = serializers.DateField(allow_null=True)
    format = serializers.CharField(help_text='e.g. "3R+F"')
    players = IntegerField(allow_null=True)
    winner = serializers.CharField()
    url = serializers.CharField()
    score = serializers.CharField()


class DeclaredCountsSerializer(serializers.Serializer):
    crypt = serializers.IntegerField(allow_null=True, help_text="crypt size the decklist states")
    library = serializers.IntegerField(allow_null=True)
    sections = serializers.DictField(child=serializers.IntegerField(), help_text="library type → stated count")
    trifles = serializers.IntegerField(allow_null=True)


# What the parsed decklist (decklists' parse answer) and the deck report both hold about the deck. A comment,
# not a docstring: drf-spectacular would give its subclasses without one (ParsedDecklist) this description.
class DeckFields(serializers.Serializer):
    name = serializers.CharField()
    author = serializers.CharField()
    format = serializers.CharField(help_text="the decklist format, detected or as given")
    checksum = serializers.CharField(help_text="digest of the card counts alone, for registration sheets")
    event = DecklistEventSerializer(allow_null=True, help_text="the tournament header of an archive decklist")
    declared = DeclaredCountsSerializer(help_text="counts the decklist states about itself")
    crypt_count = serializers.IntegerField()
    library_count = serializers.IntegerField()
    crypt = DeckCardCountSerializer(many=True)
    library = DeckCardCountSerializer(many=True)
    unresolved = UnresolvedLineSerializer(many=True, help_text="lines naming no card we know; never dropped")


class DeckReportSerializer(DeckFields):
    """The deck report: the same JSON object from ``check_deck --json``, this API and the deck pages."""

    path = serializers.CharField(allow_null=True, help_text="the uploaded file's name; null for `text`")
    legal = serializers.BooleanField(help_text="no errors")
    ruleset = serializers.CharField()
    as_of = serializers.DateField(help_text="the date legality was judged on")
    players = IntegerField(allow_null=True, help_text="the table size the library limit used")
    groups = serializers.ListField(child=serializers.IntegerField(), help_text="distinct crypt groups")
    errors = ReportIssueSerializer(many=True)
    warnings = ReportIssueSerializer(many=True)


# --- a ?similar= search's results ---------------------------------------------------------------


def similarity_field() -> serializers.FloatField:
    """The ``similarity`` a ``?similar=`` search annotates each deck it returns with
    (``suggestions.services.order_by_similarity``): for the searches' ``Similar…Serializer``."""
    return serializers.FloatField(read_only=True, help_text="0 to 1: how alike the two decks' cards are")
