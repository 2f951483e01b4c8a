"""GET /api/v1/twda/: the tournament archive, read-only.

The list filters are ``TwdaSearchForm``'s fields, validated by that form and run by ``search()``: the
very code behind the /twda/ page. A filter the form rejects, an unknown card name among them, is a 400
in the API's error shape whose ``errors`` name the parameter,
``{"card": ["No card is called “Govrn”. Did you mean: …?"]}``.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.exceptions import NotAuthenticated, ValidationError

from suggestions import services as similar
from vtesdeck.api import ERROR_SCHEMA, FILTER_ERROR_RESPONSE, filter_errors
from vtesdeck.pagination import StrictPagination

from ..models import Archetype, TournamentDeck
from ..search import TwdaSearchForm, search
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
    "similar": "Order by similarity to this deck: an archive deck id, or the id of a deck you may read (public, "
    f"unlisted or your own; else 404). Of the decks matching the other filters, the {similar.SEARCH_LIMIT} most "
    "similar (decks sharing no card with it left out), most similar first, each with its `similarity` (0 to 1; "
    "cosine of the decks' weighted card vectors); `count` is the number of decks so ranked.",
    "buildable": "Decks of which you own at least this percentage of the card copies (your collection); needs a login.",
    "fits": "Decks that fit a format: `vekn`, `v5`, `duel`, `rulebook-2011` or a saved custom format's id. Every "
    "card in the format's pool, not banned and legal today; for `vekn` also its sizes and group rule.",
}


def _parameter(name: str, field: forms.Field) -> OpenApiParameter:
    description = _DESCRIPTIONS.get(name, "")
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
        schema["enum"] = [value for value, _label in field.choices if value != ""]
    elif getattr(field, "max_length", None):
        schema["maxLength"] = field.max_length
    return OpenApiParameter(name, schema, description=description)


FILTER_PARAMETERS = [_parameter(name, field) for name, field in TwdaSearchForm.base_fields.items()]
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
        if self.action == "list" and self.request.query_params.get("similar", "").strip():
            return SimilarTournamentDeckSerializer  # each result with its similarity
        return TournamentDeckDetailSerializer if self.action == "retrieve" else TournamentDeckSerializer

    def get_queryset(self):
        if self.action != "list":
            return TournamentDeck.objects.select_related("archetype")
        form = TwdaSearchForm(self.request.query_params)
        if not form.is_valid():
            raise ValidationError(filter_errors(form))
        decks = search(form.cleaned_data).defer("deck", "text", "description")
        if form.cleaned_data.get("buildable") is not None:
            if not self.request.user.is_authenticated:
                raise NotAuthenticated(_("Log in to filter by your collection."))
            from collection.services import buildable_archive

            decks = buildable_archive(decks, self.request.user, form.cleaned_data["buildable"])
        if form.cleaned_data.get("similar", "").strip():
            subject = similar.subject_or_404(form.cleaned_data["similar"], self.request.user)
            decks = similar.order_by_similarity(decks, subject, archive=True)
        return decks


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
