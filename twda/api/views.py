"""GET /api/v1/twda/: the tournament archive, read-only.

The list filters are ``TwdaSearchForm``'s fields, validated by that form and run by ``search()``: the
very code behind the /twda/ page. A filter the form rejects, an unknown card name among them, is a 400
in the API's error shape whose ``errors`` name the parameter,
``{"card": ["No card is called “Govrn”. Did you mean: …?"]}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django import forms
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from decks.filters import ranked
from vtesdeck.api import ERROR_SCHEMA, FILTER_ERROR_RESPONSE, filter_errors
from vtesdeck.pagination import StrictPagination

from ..models import Archetype, TournamentDeck
from ..search import ARCHIVE_SEARCH, TwdaSearchForm, search
from .serializers import (
    ArchetypeSerializer,
    SimilarTournamentDeckSerializer,
    TournamentDeckDetailSerializer,
    TournamentDeckSerializer,
)

__all__ = ["ArchetypeViewSet", "TwdaViewSet"]

_DESCRIPTIONS = {
    "q": "Words (all required, ignoring case) found in the deck name, event, author or winner.",
    "card": "A card condition, repeatable (all must hold): `<card>:<op><n>` where the card is a VEKN id or a "
    "name, op is `>=` (at least, the default), `<=` (at most; decks without the card match) or `=` (exactly); "
    "`<card>:0` or `<card>:none` means no copy. `4x <name>` means at least 4, a bare card at least 1. "
    "Example: `card=100845:>=4&card=Deflection:0`.",
    "clan": "A crypt clan, ignoring case, e.g. `Ventrue`: decks whose crypt holds one.",
    "sect": "A crypt sect: decks whose crypt holds one.",
    "discipline": "Discipline trigrams, space or comma separated, all required: some crypt vampire has each.",
    "date_from": "Event on or after this date (YYYY-MM-DD).",
    "date_to": "Event on or before this date (YYYY-MM-DD); not before `date_from`.",
    "players_min": "At least this many players.",
    "players_max": "At most this many players; not below `players_min`.",
    "place": "Part of the event's place, ignoring case.",
    "winner": "Part of the winner's name, ignoring case.",
    "archetype": "An archetype's slug (see the deck's `archetype`).",
    "style": "A named archetype's slug (see the deck's `style` and /twda/styles/), or `unclassified`.",
    "order": "Newest first (default), `oldest` first, or most `players` first.",
    "fits": "Decks that fit a format: `vekn`, `v5`, `duel`, `rulebook-2011` or a saved custom format's id. Every "
    "card in the format's pool, not banned and legal today; for `vekn` also its sizes and group rule.",
}


def _parameter(name: str, field: forms.Field, description: str) -> OpenApiParameter:
    if name == "card":
        return OpenApiParameter(
            name, {"type": "array", "items": {"type": "string"}}, description=description, explode=True
        )
    if isinstance(field, forms.DateField):
        return OpenApiParameter(name, OpenApiTypes.DATE, description=description)
    if isinstance(field, forms.IntegerField):
        return OpenApiParameter(
            name, {"type": "integer", "minimum": field.min_value, "maximum": field.max_value}, description=description
        )
    schema: dict = {"type": "string"}
    if name == "fits":  # built-in names or any saved custom format's id: no closed list
        schema["maxLength"] = 80
    elif isinstance(field, forms.ChoiceField):
        # Django's setter has made the choices a list of pairs: the stubs type them as any input it accepts.
        schema["enum"] = [value for value, _label in cast("Iterable[tuple[Any, Any]]", field.choices) if value != ""]
    elif max_length := getattr(field, "max_length", None):
        schema["maxLength"] = max_length
    return OpenApiParameter(name, schema, description=description)


# A form's fields: the class's and those the apps above twda add (ARCHIVE_SEARCH), which registered them when they
# started, before the URLconf (and so this module) was read.
_ALL_DESCRIPTIONS = {**_DESCRIPTIONS, **{extra.name: extra.description for extra in ARCHIVE_SEARCH}}
FILTER_PARAMETERS = [
    _parameter(name, field, _ALL_DESCRIPTIONS.get(name, "")) for name, field in TwdaSearchForm().fields.items()
]
NOT_FOUND_RESPONSE = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="No such deck (or page past the last).",
)


@extend_schema_view(
    list=extend_schema(
        summary="Search the tournament archive",
        description="Tournament-winning decks matching every given filter (those of the /twda/ page), "
        "newest event first unless `order` says otherwise.",
        parameters=FILTER_PARAMETERS,
        responses={200: TournamentDeckSerializer(many=True), 400: FILTER_ERROR_RESPONSE, 404: NOT_FOUND_RESPONSE},
    ),
    retrieve=extend_schema(
        summary="One winning deck in full",
        responses={200: TournamentDeckDetailSerializer, 404: NOT_FOUND_RESPONSE},
    ),
)
class TwdaViewSet(viewsets.ReadOnlyModelViewSet):
    """Tournament-winning decks (the TWDA) with their event."""

    queryset = TournamentDeck.objects.all()
    pagination_class = StrictPagination
    lookup_value_regex = "[^/]+"

    def get_serializer_class(self):
        return TournamentDeckDetailSerializer if self.action == "retrieve" else TournamentDeckSerializer

    def list(self, request: Request, *args, **kwargs) -> Response:
        decks = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(decks)
        # Each result with its similarity when a filter ranked them.
        serializer = SimilarTournamentDeckSerializer if ranked(decks) else TournamentDeckSerializer
        return self.get_paginated_response(serializer(page, many=True, context=self.get_serializer_context()).data)

    def get_queryset(self):
        if self.action != "list":
            return TournamentDeck.objects.select_related("archetype")
        form = TwdaSearchForm(self.request.query_params)
        if not form.is_valid():
            raise ValidationError(filter_errors(form))
        decks = search(form.cleaned_data).defer("deck", "text", "description")
        return ARCHIVE_SEARCH.on_api(decks, form.cleaned_data, self.request)  # the filters apps above twda add


@extend_schema_view(
    list=extend_schema(
        summary="Archetypes of the tournament archive",
        description="Families of winning decks sharing a crypt core (clans, disciplines) and signature library "
        "cards (VEKN ids), most decks first. Filter the archive by one with `/api/v1/twda/?archetype=<slug>`.",
        responses={200: ArchetypeSerializer(many=True), 404: NOT_FOUND_RESPONSE},
    ),
    retrieve=extend_schema(
        summary="One archetype",
        responses={
            200: ArchetypeSerializer,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No such archetype."),
        },
    ),
)
class ArchetypeViewSet(viewsets.ReadOnlyModelViewSet):
    """Archetypes of the tournament archive."""

    queryset = Archetype.objects.order_by("-deck_count", "name", "slug")
    serializer_class = ArchetypeSerializer
    pagination_class = StrictPagination
