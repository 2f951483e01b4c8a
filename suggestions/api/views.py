"""GET /api/v1/decks/<id>/suggestions/: the cards to add to a player's deck and to cut from it.

Read access as for the deck itself (``Deck.objects.readable_by``): anything else is a 404, to strangers and
anonymous clients alike, as on the deck API. Past the request's work budget it is a 429 naming the limit.
"""

from __future__ import annotations

import datetime

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards import index as card_index
from decks.models import Deck
from vtesdeck.api import ERROR_SCHEMA, within_budget

from .. import services, text
from .serializers import SuggestionQuerySerializer, SuggestionsSerializer

__all__ = ["SuggestionsView"]


class SuggestionsView(GenericAPIView):
    """The cards to add to a deck and to cut from it."""

    queryset = Deck.objects.all()  # the model, for the schema; get_queryset decides who reads what
    permission_classes = [AllowAny]

    def get_queryset(self) -> QuerySet[Deck]:
        return Deck.objects.readable_by(self.request.user)

    @extend_schema(
        operation_id="decks_suggestions",
        tags=["decks"],
        summary="Cards to add and to cut",
        description="From the 50 decks most similar to this one (tournament-winning decks, and public decks whose "
        "owners share them), the cards they play far more than decks in general do (add) and the cards of this deck "
        "they hardly play (cut), each with its reason. When a card impact job of this very version of the deck is done "
        "(`kind` `impact`), the cuts come from it instead: its modelled cards whose interval of `vp_delta` does not lie "
        "above 0, the lowest first (`impact_job` names it). Adds keep to the deck's format on `as_of` (pool, bans, release "
        "dates), keep the crypt within its groups, and are cards some vampire of this crypt can play. Read access as "
        "for the deck itself.",
        parameters=[SuggestionQuerySerializer],
        responses={
            200: SuggestionsSerializer,
            400: OpenApiResponse(response=ERROR_SCHEMA, description="A bad `as_of` or `limit`."),
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No such deck, or one you may not read."),
        },
    )
    def get(self, request: Request, pk: str) -> Response:
        deck = self.get_object()
        query = SuggestionQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        as_of = query.validated_data.get("as_of")
        subject = services.for_deck(deck)
        impact = services.latest_impact(deck)
        with within_budget():
            found = services.suggestions_for(subject, as_of=as_of, limit=query.validated_data["limit"], impact=impact)
        rows = text.rows(found, card_index.get())
        for items in rows.values():
            for row in items:
                del row["card"], row["share"]
        day = as_of or datetime.date.today()
        return Response(
            {
                **rows,
                "neighbours": found.neighbours,
                "as_of": day.isoformat(),
                "format": deck.format,
                "impact_job": impact.id if impact is not None else None,
            }
        )
