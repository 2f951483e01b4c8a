"""Winning decks over the API: the event, the deck's metadata, and (in full) its cards with names."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards import index
from vtesdeck.serializers import similarity_field

from ..models import Archetype, TournamentDeck

__all__ = [
    "ArchetypeSerializer",
    "SimilarTournamentDeckSerializer",
    "TournamentDeckSerializer",
    "TournamentDeckDetailSerializer",
]


def _split(value: str) -> list[str]:
    return [part for part in value.split("|") if part]


class ArchetypeSerializer(serializers.ModelSerializer):
    class Meta:
        model = Archetype
        fields = ["slug", "name", "clans", "disciplines", "signature", "deck_count"]


class DeckCardSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField(help_text="the card's unique name")
    count = serializers.IntegerField()


class TournamentDeckSerializer(serializers.ModelSerializer):
    url = serializers.HyperlinkedIdentityField(view_name="twda-api:twda-detail", lookup_field="pk")
    page = serializers.SerializerMethodField(help_text="the deck's page on this site")
    clans = serializers.SerializerMethodField(help_text="the crypt's clans, lower case, most copies first")
    sects = serializers.SerializerMethodField(help_text="the crypt's sects, lower case, most copies first")
    disciplines = serializers.SerializerMethodField(help_text="the crypt's discipline trigrams, most copies first")
    # A Field: the detail serializer shows the archetype itself (ArchetypeSerializer) under the same name.
    archetype: serializers.Field = serializers.CharField(
        source="archetype_id", allow_null=True, help_text="the archetype's slug"
    )
    # DRF's metaclass moves declared fields out of the class, so this field does not hide ``Field.style``; the
    # stubs cannot say so.
    style = serializers.CharField(  # type: ignore[assignment]
        read_only=True, help_text="the named archetype's slug (/twda/styles/), `unclassified`, or empty if not computed"
    )
    tags = serializers.DictField(
        child=serializers.FloatField(),
        read_only=True,
        help_text="what the deck does: bleed, stealth, block, vote, rush, combat, ally, swarm, master, acceleration, "
        "each scored 0–1",
    )

    class Meta:
        model = TournamentDeck
        fields = [
            "id",
            "url",
            "page",
            "event",
            "place",
            "date",
            "date_end",
            "format",
            "players",
            "winner",
            "event_url",
            "score",
            "name",
            "author",
            "crypt_count",
            "library_count",
            "clans",
            "sects",
            "disciplines",
            "archetype",
            "style",
            "tags",
        ]

    def get_page(self, deck: TournamentDeck) -> str:
        return deck.get_absolute_url()

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_clans(self, deck: TournamentDeck) -> list[str]:
        return _split(deck.clans)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_sects(self, deck: TournamentDeck) -> list[str]:
        return _split(deck.sects)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_disciplines(self, deck: TournamentDeck) -> list[str]:
        return _split(deck.disciplines)


class SimilarTournamentDeckSerializer(TournamentDeckSerializer):
    """A ``?similar=`` search's result: the deck with the ``similarity`` that ``order_by_similarity`` annotates
    (only sent with ``?similar=``)."""

    similarity = similarity_field()

    class Meta(TournamentDeckSerializer.Meta):
        fields = [*TournamentDeckSerializer.Meta.fields, "similarity"]


class TournamentDeckDetailSerializer(TournamentDeckSerializer):
    archetype = ArchetypeSerializer(allow_null=True, read_only=True)
    crypt = serializers.SerializerMethodField()
    library = serializers.SerializerMethodField()

    class Meta(TournamentDeckSerializer.Meta):
        fields = [*TournamentDeckSerializer.Meta.fields, "description", "crypt", "library"]

    def _cards(self, part: list[dict]) -> list[dict]:
        cards = index.get()
        rows = []
        for row in part:
            card = cards.get(int(row["id"]))
            rows.append(
                {
                    "id": int(row["id"]),
                    "name": card.unique_name if card else f"#{row['id']}",
                    "count": int(row["count"]),
                }
            )
        return rows

    @extend_schema_field(DeckCardSerializer(many=True))
    def get_crypt(self, deck: TournamentDeck) -> list[dict]:
        return self._cards(deck.deck.get("crypt", []))

    @extend_schema_field(DeckCardSerializer(many=True))
    def get_library(self, deck: TournamentDeck) -> list[dict]:
        return self._cards(deck.deck.get("library", []))
