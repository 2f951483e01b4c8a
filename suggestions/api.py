"""GET /api/v1/decks/<id>/suggestions/ (an action of the deck API), and ``?similar=`` on the searches.

``?similar=<id>`` takes an archive deck id ("10009") or the id of a deck the client may read (public,
unlisted, or their own); anything else is a 404, so the parameter never tells a private deck from no deck.
The search's other filters apply first; of the decks they match, the ``SEARCH_LIMIT`` most similar are
returned (decks sharing no card with it are left out), most similar first, each with its ``similarity`` (0 to
1); the answer's ``count`` is the number of decks so ranked. The archive search ranks every match (its index
holds the whole archive); a players' deck search ranks every deck it matched that its reader may read (public
ones, and their own with ``mine=true``), whether or not its owner shares it with suggestions (that is about
*other* players' suggestions): public decks from the kept index, the ``RANK_CAP`` most similar at most checked
against the other filters, and the reader's own others read (``services.rank_decks``). Past the request's work
budget, a 429 naming the limit.
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Iterator

from django.db import connection
from django.db.models import FloatField, QuerySet
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from cards import index as card_index
from vtesdeck.api import ERROR_SCHEMA
from vtesdeck.core.decklist.base import DecklistError
from vtesdeck.messages import decklist_error

from . import services, text

MAX_CANDIDATES = 20_000  # decks a ?similar= search reads the ids of, at most (the archive holds some 4,100)
SIMILAR_DESCRIPTION = (
    "Order by similarity to this deck: an archive deck id, or the id of a deck you may read (public, unlisted or "
    f"your own; else 404). Of the decks matching the other filters, the {services.SEARCH_LIMIT} most similar (decks "
    "sharing no card with it left out), most similar first, each with its `similarity` (0 to 1; cosine of the "
    "decks' weighted card vectors); `count` is the number of decks so ranked."
)


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
    score = serializers.FloatField(help_text="adds: share among the similar decks × ln(lift); cuts: 1 − lift")
    reason = serializers.CharField(help_text="why, in the request's language: “in 34 of 50 similar winning decks …”")
    kind = serializers.CharField(help_text="`crypt` or `library`")
    decks = serializers.IntegerField(help_text="similar decks playing the card")
    of = serializers.IntegerField(help_text="similar decks read")
    copies = serializers.ListField(child=serializers.IntegerField(), help_text="usual copies among them: [low, high]")
    archive_share = serializers.FloatField(help_text="share of all winning decks playing it")
    lift = serializers.FloatField(help_text="share among the similar decks ÷ share among all winning decks")
    in_deck = serializers.IntegerField(help_text="copies this deck plays (cuts)")


class SuggestionsSerializer(serializers.Serializer):
    add = SuggestionSerializer(many=True)
    cut = SuggestionSerializer(many=True)
    neighbours = serializers.IntegerField(help_text="similar decks read (winning decks, and public decks shared)")
    as_of = serializers.DateField()
    format = serializers.CharField(help_text="the deck's format, whose pool and bans the adds keep to")


SUGGESTIONS_SCHEMA = extend_schema(
    operation_id="decks_suggestions",
    tags=["decks"],
    summary="Cards to add and to cut",
    description="From the 50 decks most similar to this one (tournament-winning decks, and public decks whose "
    "owners share them), the cards they play far more than decks in general do (add) and the cards of this deck "
    "they hardly play (cut), each with its reason. Adds keep to the deck's format on `as_of` (pool, bans, release "
    "dates), keep the crypt within its groups, and are cards some vampire of this crypt can play. Read access as "
    "for the deck itself.",
    parameters=[SuggestionQuerySerializer],
    responses={
        200: SuggestionsSerializer,
        400: OpenApiResponse(response=ERROR_SCHEMA, description="A bad `as_of` or `limit`."),
        404: OpenApiResponse(response=ERROR_SCHEMA, description="No such deck, or one you may not read."),
    },
)


@contextlib.contextmanager
def within_budget() -> Iterator[None]:
    """The request's work budget spent while reading decks' cards: a 429 naming the limit, not a 500."""
    try:
        yield
    except DecklistError as exc:
        raise exceptions.Throttled(detail=decklist_error(exc)) from None


def deck_suggestions(deck, request: Request) -> Response:
    query = SuggestionQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    as_of = query.validated_data.get("as_of")
    subject = services.for_deck(deck)
    with within_budget():
        found = services.suggestions_for(subject, as_of=as_of, limit=query.validated_data["limit"])
    rows = text.rows(found, card_index.get())
    for items in rows.values():
        for row in items:
            del row["card"], row["share"]
    day = as_of or datetime.date.today()
    return Response({**rows, "neighbours": found.neighbours, "as_of": day.isoformat(), "format": deck.format})


def similar_parameter() -> OpenApiParameter:
    return OpenApiParameter("similar", str, description=SIMILAR_DESCRIPTION)


def subject_or_404(ident: str, user) -> services.Subject:
    try:
        return services.subject_of(ident, user)
    except services.NotFound:
        raise exceptions.NotFound(
            _(
                "No deck with this id that you may read: similar= takes an archive deck id or "
                "the id of a deck you may open."
            )
        ) from None


def order_by_similarity(decks: QuerySet, subject: services.Subject, *, archive: bool, reader=None) -> QuerySet:
    """``decks`` narrowed to the ``SEARCH_LIMIT`` most similar to the subject, annotated with ``similarity``
    and ordered by it (most similar first, then by id). ``reader``: who searches players' decks (their own
    decks that are not public are ranked too, when ``decks`` holds them). ``BudgetSpent`` (a ``DecklistError``)
    past the request's work budget: each door says so (``within_budget``, or the page's own sentence)."""
    if archive:
        ids = [str(pk) for pk in decks.order_by().values_list("pk", flat=True)[:MAX_CANDIDATES]]
        ranked = services.rank_archive(subject, ids)
    else:
        ranked = services.rank_decks(subject, decks, reader)
    if not ranked:
        return decks.none()
    similarity = _similarity_of(decks.model, ranked)
    return decks.filter(pk__in=[pk for pk, _ in ranked]).annotate(similarity=similarity).order_by("-similarity", "pk")


def _similarity_of(model, ranked: list[tuple[str, float]]) -> RawSQL:
    """``CASE <pk> WHEN <id> THEN <similarity> … END``, parameters and all: the same as a ``Case`` of a ``When``
    per deck, which costs some 10 ms of ORM work for a hundred decks, each time the query is compiled."""
    column = f"{connection.ops.quote_name(model._meta.db_table)}.{connection.ops.quote_name(model._meta.pk.column)}"
    params = [value for pk, score in ranked for value in (pk, score)]
    return RawSQL(f"CASE {column} {' '.join(['WHEN %s THEN %s'] * len(ranked))} END", params, output_field=FloatField())


# --- the searches' results with their similarity ---------------------------------------------------------------


def _similar_serializer(base: type[serializers.ModelSerializer]) -> type[serializers.ModelSerializer]:
    """``base`` with the ``similarity`` that ``order_by_similarity`` annotates (only sent with ``?similar=``)."""
    meta = type("Meta", (base.Meta,), {"fields": [*base.Meta.fields, "similarity"]})
    field = serializers.FloatField(read_only=True, help_text="0 to 1: how alike the two decks' cards are")
    return type(f"Similar{base.__name__}", (base,), {"similarity": field, "Meta": meta, "__module__": __name__})


def similar_tournament_deck_serializer() -> type[serializers.ModelSerializer]:
    from twda.api.serializers import TournamentDeckSerializer

    return _similar_serializer(TournamentDeckSerializer)


def similar_deck_serializer() -> type[serializers.ModelSerializer]:
    from decks.api.serializers import DeckSerializer

    return _similar_serializer(DeckSerializer)
