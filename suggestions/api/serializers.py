"""What ``GET /api/v1/decks/<id>/suggestions/`` takes and answers."""

from __future__ import annotations

from rest_framework import serializers

from .. import services

__all__ = ["SuggestionQuerySerializer", "SuggestionSerializer", "SuggestionsSerializer"]


class SuggestionQuerySerializer(serializers.Serializer):
    as_of = serializers.DateField(
        required=False, help_text="The day whose bans and legal cards count (default: today)."
    )
    limit = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=services.MAX_LIMIT,
        default=10,
        help_text=f"Cards per list, 1 to {services.MAX_LIMIT} (default 10).",
    )


class SuggestionSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField(help_text="the card's unique name")
    score = serializers.FloatField(
        help_text="adds: share among the similar decks × ln(lift); cuts: 1 − lift, or −vp_delta for cuts from a card "
        "impact"
    )
    reason = serializers.CharField(help_text="why, in the request's language: “in 34 of 50 similar winning decks …”")
    kind = serializers.CharField(help_text="`crypt` or `library`")
    decks = serializers.IntegerField(help_text="similar decks playing the card")
    of = serializers.IntegerField(help_text="similar decks read")
    copies = serializers.ListField(child=serializers.IntegerField(), help_text="usual copies among them: [low, high]")
    archive_share = serializers.FloatField(help_text="share of all winning decks playing it")
    lift = serializers.FloatField(help_text="share among the similar decks ÷ share among all winning decks")
    in_deck = serializers.IntegerField(help_text="copies this deck plays (cuts)")
    vp_delta = serializers.FloatField(
        allow_null=True,
        help_text="cuts from a card impact: VP a game as built − with every copy blanked, in its simulated games "
        "(else null)",
    )
    vp_delta_ci95 = serializers.ListField(
        child=serializers.FloatField(),
        allow_null=True,
        min_length=2,
        max_length=2,
        help_text="its 95 % interval (null unless the cut comes from a card impact)",
    )


class SuggestionsSerializer(serializers.Serializer):
    add = SuggestionSerializer(many=True)
    cut = SuggestionSerializer(many=True)
    neighbours = serializers.IntegerField(help_text="similar decks read (winning decks, and public decks shared)")
    as_of = serializers.DateField()
    format = serializers.CharField(help_text="the deck's format, whose pool and bans the adds keep to")
    impact_job = serializers.CharField(
        allow_null=True,
        help_text="the card impact job (`/api/v1/simulations/<id>/`) of this version of the deck whose figures chose "
        "the cuts; null when they come from the similar decks",
    )
