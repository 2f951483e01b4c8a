from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.reverse import reverse

from cards import index
from cards.models import CardSet

from .. import services
from ..models import CustomFormat

MAX_LISTED = 5000


class FormatSerializer(serializers.Serializer):
    """A custom format as the API shows it: its settings are those of ``Ruleset.to_dict()``."""

    id = serializers.CharField(read_only=True, help_text="the format's unguessable id: its `ruleset` value and link")
    url = serializers.SerializerMethodField()
    name = serializers.CharField(max_length=100)
    owner = serializers.CharField(
        source="owner.username", read_only=True, allow_null=True, help_text="its owner's user name; null: built in"
    )
    crypt_min = serializers.IntegerField(min_value=0, max_value=10_000, default=12)
    crypt_max = serializers.IntegerField(min_value=0, max_value=10_000, allow_null=True, default=None)
    library_min = serializers.IntegerField(min_value=0, max_value=10_000, default=60)
    library_max = serializers.IntegerField(min_value=0, max_value=10_000, allow_null=True, default=90)
    library_per_player = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="library cards allowed beyond `library_min` per player (the 2011 rulebook); null otherwise",
    )
    group_window = serializers.IntegerField(
        min_value=1,
        max_value=10,
        allow_null=True,
        default=2,
        help_text="consecutive groups a crypt may span; null: any",
    )
    bans = serializers.BooleanField(default=True, help_text="the VEKN banned list applies, each ban from its date")
    banned_cards = serializers.ListField(
        child=serializers.IntegerField(min_value=1), max_length=MAX_LISTED, default=list
    )
    allowed_sets = serializers.ListField(
        child=serializers.CharField(max_length=40),
        max_length=500,
        allow_null=True,
        default=None,
        help_text="set abbreviations (vtessets.csv); null with `allowed_cards` null: every card",
    )
    allowed_cards = serializers.ListField(
        child=serializers.IntegerField(min_value=1), max_length=MAX_LISTED, allow_null=True, default=None
    )
    legality_delay_days = serializers.IntegerField(
        min_value=0, max_value=3650, allow_null=True, default=30, help_text="days after release a card is legal"
    )
    created = serializers.DateTimeField(read_only=True, allow_null=True, help_text="null for a built-in format")
    updated = serializers.DateTimeField(read_only=True, allow_null=True, help_text="null for a built-in format")

    def get_url(self, custom: CustomFormat) -> str:
        return reverse("formats-api:format-detail", args=[custom.id], request=self.context.get("request"))

    def to_representation(self, custom: CustomFormat) -> dict[str, Any]:
        data = {
            "id": custom.id,
            "url": self.get_url(custom),
            "name": custom.name,
            "owner": custom.owner.username,
            **services.data_of(services.to_ruleset(custom)),
            "library_per_player": None,
            "created": serializers.DateTimeField().to_representation(custom.created),
            "updated": serializers.DateTimeField().to_representation(custom.updated),
        }
        return data

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        cards = index.get()
        errors: dict[str, list[str]] = {}
        for key in ("banned_cards", "allowed_cards"):
            unknown = [i for i in attrs.get(key) or () if i not in cards]
            if unknown:
                errors[key] = [f"Unknown card id(s): {', '.join(map(str, unknown[:10]))}."]

        sets = attrs.get("allowed_sets")
        if sets:
            known = set(CardSet.objects.filter(abbrev__in=sets).values_list("abbrev", flat=True))
            missing = [s for s in sets if s not in known]
            if missing:
                errors["allowed_sets"] = [f"Unknown set(s): {', '.join(missing[:10])}."]
        for low, high in (("crypt_min", "crypt_max"), ("library_min", "library_max")):
            if attrs.get(high) is not None and attrs[high] < attrs.get(low, 0):
                errors[high] = [f"Must not be less than {low}."]
        if errors:
            raise serializers.ValidationError(errors)
        settings = {key: attrs[key] for key in services.SETTINGS if key in attrs}
        try:
            services.ruleset_from("check", attrs.get("name") or "format", settings)
        except ValueError as exc:
            raise serializers.ValidationError({"non_field_errors": [str(exc)]}) from None
        return attrs
