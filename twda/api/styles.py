"""GET /api/v1/twda/styles/ and …/styles/<slug>/: the named archetypes (stealth bleed, wall, vote…).

The curated list is ``vtesdeck/core/data/archetypes.json`` (``vtesdeck.core.archetypes``); deck counts, key
cards and periods are the ``NamedArchetype`` rows the last import computed. Filter the archive by one with
``/api/v1/twda/?style=<slug>``; draw games opponents from one with ``{"style": "<slug>"}``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from cards import index
from vtesdeck.api import ERROR_SCHEMA
from vtesdeck.core import archetypes as named

from .. import styles
from ..models import NamedArchetype

__all__ = ["style_detail", "style_list"]


class ReferenceSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="the archive deck's id (/api/v1/twda/<id>/)")
    why = serializers.CharField(help_text="why it is a reference of this archetype")


class KeyCardSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField(help_text="the card's unique name")
    decks = serializers.IntegerField(help_text="decks of this archetype playing it")
    share = serializers.FloatField(help_text="share (0–1) of this archetype's decks playing it")
    archive = serializers.FloatField(help_text="share (0–1) of all winning decks playing it")


class PeriodSerializer(serializers.Serializer):
    period = serializers.CharField(help_text="two years, e.g. 2020–2021")
    decks = serializers.IntegerField(help_text="decks of this archetype in the period")
    archive = serializers.IntegerField(help_text="winning decks of the period, all archetypes")
    cards = serializers.DictField(
        child=serializers.FloatField(),
        help_text="key card's VEKN id → share (0–1) of the period's decks of this archetype",
    )


class StyleSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    deck_count = serializers.IntegerField(help_text="archive decks classified as this archetype")
    centroid = serializers.DictField(
        child=serializers.FloatField(), help_text="tag → mean score (0–1) of the references"
    )
    references = ReferenceSerializer(many=True)


class StyleDetailSerializer(StyleSerializer):
    key_cards = KeyCardSerializer(many=True)
    periods = PeriodSerializer(many=True)


def _style(archetype: named.NamedArchetype, stats: NamedArchetype | None, *, detail: bool) -> dict:
    data = {
        "slug": archetype.slug,
        "name": _(archetype.name),
        "description": _(archetype.description),
        "deck_count": stats.deck_count if stats else 0,
        "centroid": dict(zip(named.TAGS, archetype.centroid, strict=True)),
        "references": [{"id": deck_id, "why": _(why)} for deck_id, why in archetype.references],
    }
    if detail:
        cards = index.get()
        data["key_cards"] = [
            {**entry, "name": cards[entry["id"]].unique_name}
            for entry in (stats.key_cards if stats else [])
            if entry["id"] in cards
        ]
        data["periods"] = [
            {"period": label, "decks": row["decks"], "archive": row["archive"], "cards": row["cards"]}
            for label, row in (stats.periods if stats else {}).items()
        ]
    return data


@extend_schema(
    summary="Named archetypes",
    description="The archetypes players name (stealth bleed, power bleed, vote, wall, rush, bruise, allies and swarm, "
    "toolbox): each with its description, the archive decks it is defined by, the mean tags of those decks (a "
    "deck is the archetype whose mean is nearest to its own tags) and how many archive decks it holds. Each "
    "archive deck's `style` and `tags` are on /api/v1/twda/; filter with `?style=<slug>`.",
    responses={200: StyleSerializer(many=True)},
)
@api_view(["GET"])
def style_list(request: Request) -> Response:
    stats = {row.slug: row for row in NamedArchetype.objects.all()}
    return Response([_style(a, stats.get(a.slug), detail=False) for a in named.named_archetypes()])


@extend_schema(
    summary="One named archetype",
    description="As in the list, plus its key cards (library cards in at least a quarter of its decks, most "
    "over-represented against the whole archive first) and, per two-year period, its deck count and the share of "
    "its decks playing each key card.",
    responses={
        200: StyleDetailSerializer,
        404: OpenApiResponse(response=ERROR_SCHEMA, description="No such archetype."),
    },
)
@api_view(["GET"])
def style_detail(request: Request, slug: str) -> Response:
    archetype = styles.archetype(slug)
    if archetype is None:
        raise NotFound(_("No named archetype has the slug “%(slug)s”.") % {"slug": slug})
    return Response(_style(archetype, NamedArchetype.objects.filter(slug=slug).first(), detail=True))
