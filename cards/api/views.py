"""GET /api/v1/cards/ and /api/v1/sets/: the card database, read-only.

The list filters are ``CardFilterForm``'s fields, validated by that form and run by ``search()``: the
very code behind the /cards/ page. A filter the form rejects is a 400 in the API's error shape whose
``errors`` name the parameter, ``{"capacity_min": ["Enter a whole number."]}``; an unknown card id is a 404.
Answers carry an ETag and may be cached for five minutes (see ``caching``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django import forms
from django.db.models import F, Prefetch
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.exceptions import ValidationError

from vtesdeck.api import ERROR_SCHEMA, FILTER_ERROR_RESPONSE, filter_errors
from vtesdeck.pagination import StrictPagination

from .. import matching
from ..models import Card, CardSet, Printing
from ..search import SUGGESTIONS, CardFilterForm, search
from .caching import CachedReadMixin
from .serializers import CardDetailSerializer, CardSerializer, CardSetSerializer

__all__ = ["CardViewSet", "CardSetViewSet", "CardFilterParams"]


class CardFilterParams(CardFilterForm):
    """The search form as the API reads it: its one cross-field check is reported against a field.

    An API client needs a parameter name to point at; the form's "capacity from > capacity to" error
    has none (the page shows it above the form), so it is filed under ``capacity_min`` here. Any other
    form-wide error goes under DRF's ``non_field_errors``.
    """

    def _clean_fields(self) -> None:
        # Django's own loop without a BoundField per field (14 per request, a sixth of a card search's CPU with
        # the rest of the form): this form is never rendered, and none of its fields is disabled or a file, the
        # two cases a BoundField is for. Same values, same hooks, same errors.
        for name, field in self.fields.items():
            try:
                self.cleaned_data[name] = field.clean(field.widget.value_from_datadict(self.data, self.files, name))
                hook = getattr(self, f"clean_{name}", None)
                if hook is not None:
                    self.cleaned_data[name] = hook()
            except forms.ValidationError as error:
                self.add_error(name, error)

    def clean(self) -> dict:
        try:
            return super().clean()
        except forms.ValidationError:
            low, high = self.cleaned_data.get("capacity_min"), self.cleaned_data.get("capacity_max")
            if low is None or high is None or low <= high:
                raise
            self.add_error("capacity_min", f"capacity_min ({low}) must not exceed capacity_max ({high}).")
            return self.cleaned_data


class _SharedFields(dict):
    """``base_fields`` whose "deep copy" (every form instance makes one) is a new dict of the same fields:
    the API's form only validates, which reads its fields and changes none of them (it is never rendered),
    and copying them with their widgets (the select boxes' choices) was a tenth of a card search's CPU."""

    def __deepcopy__(self, memo) -> dict:
        return dict(self)


CardFilterParams.base_fields = _SharedFields(CardFilterParams.base_fields)


_DESCRIPTIONS = {
    "q": "Card name (any of its names: printed, official, AKA), ignoring case, accents and punctuation; its "
    "words in any order (`govern unaligned`). Cards whose name starts with it come first, then names holding "
    "it as written. When no card matches, the answer's `close_matches` holds the cards it most likely meant "
    "and `suggestions` their names.",
    "text": "Words the card text must all contain, ignoring case.",
    "kind": "Crypt or library cards.",
    "type": "Card type, ignoring case. A card of several types (Action Modifier/Reaction) matches each of them.",
    "clan": "Clan as printed on the cards, ignoring case, e.g. `Brujah antitribu`: a vampire of that clan, or "
    "a library card that clan may play. A name that is no clan is a 400 whose message lists the clans.",
    "discipline": "Discipline (or Imbued virtue) trigrams, space or comma separated or the parameter repeated, "
    "all required: lower case = any level, UPPER case = superior (`aus DOM`). Library cards needing the "
    "discipline match at any level. An unknown trigram is a 400 whose message lists them.",
    "group": "Crypt group; `ANY` is the group of vampires that fit any crypt.",
    "capacity_min": "Smallest vampire capacity (inclusive).",
    "capacity_max": "Largest vampire capacity (inclusive); not below `capacity_min`.",
    "sect": "Vampire sect, ignoring case.",
    "title": "Vampire title, ignoring case.",
    "set": "Set abbreviation, ignoring case, e.g. `V5` or `KMW` (see /api/v1/sets/): cards printed in it. "
    "An unknown set is a 400 whose message lists the abbreviations.",
    "banned": "`no`: legal cards only; `yes`: banned cards only.",
    "twda": "The Tournament Winning Deck Archive: `seen`: cards in at least one archived winning deck; "
    "`never`: cards in none. A 400 while the archive is not imported (every card would be `never`).",
}


def _parameter_schema(field: forms.Field) -> dict:
    if isinstance(field, forms.IntegerField):
        schema: dict = {"type": "integer"}
        if field.min_value is not None:
            schema["minimum"] = field.min_value
        if field.max_value is not None:
            schema["maximum"] = field.max_value
        return schema
    schema = {"type": "string"}
    if isinstance(field, forms.ChoiceField) and not getattr(field, "from_card_list", False):
        # Django's setter has made the choices a list of pairs: the stubs type them as any input it accepts.
        schema["enum"] = [value for value, _label in cast("Iterable[tuple[Any, Any]]", field.choices) if value != ""]
    elif max_length := getattr(field, "max_length", None):
        schema["maxLength"] = max_length
    return schema


FILTER_PARAMETERS = [
    OpenApiParameter(
        name, _parameter_schema(field), description=_DESCRIPTIONS.get(name) or str(field.help_text or field.label or "")
    )
    for name, field in CardFilterParams.base_fields.items()
]
NOT_FOUND_RESPONSE = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="No such card (or page past the last).",
)
NOT_MODIFIED = OpenApiResponse(
    description="Not modified: `If-None-Match` holds this answer's current `ETag` (no body). Card-list answers "
    "carry an `ETag` and `Cache-Control: public, max-age=300`."
)


class CardSearchPagination(StrictPagination):
    """The card search's pages: when a name query found no card, the answer also carries ``close_matches``, the
    cards it most likely meant, and ``suggestions``, their names ("did you mean"), which the view computes
    (``no_hit``: ``cards.search.close_matches``). They stay out of ``results`` and ``count``: those hold only
    cards that match, as a client paging through them expects."""

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        no_hit = getattr(self, "no_hit", None)
        if no_hit is not None and response.data["count"] == 0:
            response.data.update(no_hit())
        return response

    def get_paginated_response_schema(self, schema: dict) -> dict:
        paginated = super().get_paginated_response_schema(schema)
        paginated["properties"]["suggestions"] = {
            "type": "array",
            "items": {"type": "string"},
            "description": "Only when `q` was given and no card matched: the names of `close_matches`, best first "
            '("did you mean"); may be empty.',
            "example": ["Govern the Unaligned"],
        }
        paginated["properties"]["close_matches"] = {
            **schema,
            "description": "Only when `q` was given and no card matched: the cards closest to `q` that pass the "
            f"other filters, best first, at most {SUGGESTIONS} (the cards the decklist resolver suggests for a "
            "misspelt name); may be empty. Not counted in `count`.",
        }
        return paginated


@extend_schema_view(
    list=extend_schema(
        summary="Search cards",
        description="Official VTES cards matching every given filter (the filters of the /cards/ page), "
        "best name matches first when `q` is given, else by name. A filter over printed values (clan, type, "
        "sect, title, set, group…) takes them in any case and refuses one that names nothing with a 400 "
        "listing the allowed values. A name query that finds nothing gets `close_matches` (the cards it most "
        "likely meant, outside `results` and `count`, which hold only what matches) and `suggestions` (their "
        "names).",
        parameters=FILTER_PARAMETERS,
        responses={
            200: CardSerializer(many=True),
            304: NOT_MODIFIED,
            400: FILTER_ERROR_RESPONSE,
            404: NOT_FOUND_RESPONSE,
        },
    ),
    retrieve=extend_schema(
        summary="One card in full",
        responses={200: CardDetailSerializer, 304: NOT_MODIFIED, 404: NOT_FOUND_RESPONSE},
    ),
)
class CardViewSet(CachedReadMixin, viewsets.ReadOnlyModelViewSet):
    """Official VTES cards."""

    queryset = Card.objects.all()
    pagination_class = CardSearchPagination

    def get_serializer_class(self):
        return CardDetailSerializer if self.action == "retrieve" else CardSerializer

    def cacheable(self, request) -> bool:
        # `twda=` follows the tournament archive, imported apart from the card list.
        return not request.query_params.get("twda")

    def get_queryset(self):
        if self.action != "list":
            return Card.objects.prefetch_related(
                Prefetch("printings", queryset=Printing.objects.select_related("set")),
                Prefetch("advanced_versions", queryset=Card.objects.only("id", "base_id").order_by("id")),
            )
        form = CardFilterParams(self.request.query_params)
        if not form.is_valid():
            raise ValidationError(filter_errors(form))
        if form.cleaned_data.get("q"):
            # Asked only when the page turns out empty (see CardSearchPagination).
            self.paginator.no_hit = lambda: self._close_matches(form.cleaned_data)
        # The same cards as search() in the same order, picked in memory: only the page's rows are read.
        found = matching.find(form.cleaned_data)
        return search(form.cleaned_data) if found is None else found

    def _close_matches(self, data: dict) -> dict:
        # Each card as a page of results renders it: kept once per process (``ListedMatches``).
        cards = CardSerializer(
            matching.close_matches(data).listed(CardSerializer.listed)[:],
            many=True,
            context=self.get_serializer_context(),
        ).data
        return {"suggestions": [card["unique_name"] for card in cards], "close_matches": cards}

    def paginate_queryset(self, queryset):
        if isinstance(queryset, matching.CardMatches):
            # A page of in-memory matches: each card's fields as rendered the first time this process
            # listed it (the same for every request), so that a page is a lookup rather than rows to read.
            queryset = queryset.listed(CardSerializer.listed)
        return super().paginate_queryset(queryset)


@extend_schema_view(
    list=extend_schema(
        summary="All sets",
        responses={
            200: CardSetSerializer(many=True),
            304: NOT_MODIFIED,
            400: FILTER_ERROR_RESPONSE,
            404: NOT_FOUND_RESPONSE,
        },
    ),
    retrieve=extend_schema(
        summary="One set", responses={200: CardSetSerializer, 304: NOT_MODIFIED, 404: NOT_FOUND_RESPONSE}
    ),
)
class CardSetViewSet(CachedReadMixin, viewsets.ReadOnlyModelViewSet):
    """VTES sets and promos with their release dates, oldest first (undated ones last)."""

    # Spelled out: SQLite and PostgreSQL disagree on where NULL dates sort.
    queryset = CardSet.objects.order_by(F("release_date").asc(nulls_last=True), "abbrev")
    serializer_class = CardSetSerializer
    pagination_class = StrictPagination
