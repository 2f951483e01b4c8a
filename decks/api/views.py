"""/api/v1/decks/: players' decks over the API — list, create, read, change, delete, export, clone, history.

Privacy is decided in ``get_queryset`` and nowhere else, as on the deck pages: reading, exporting and
cloning see public and unlisted decks and one's own; changing, deleting and the history see one's own
alone. Anything else is a 404, to strangers and anonymous clients alike, so the API never tells a private
deck from one that does not exist (that is why ``clone`` looks the deck up before asking for a login).

Every write goes through ``decks.services``, as the pages' do. A change names the ``version`` the client
last read; a change from an older one is a 409 carrying the current version. Bad input is a 400 in the
API's error shape (``vtesdeck.api``: ``detail``, ``code``, and ``errors`` naming the bad fields), never a 500.

The list's filters that need apps above decks (your collection, similar decks) are theirs, registered in
``decks.filters``.
"""

from __future__ import annotations

import logging
from typing import cast

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import SAFE_METHODS, AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from formats.fits import fits_format
from vtesdeck import idempotency, messages
from vtesdeck.api import (
    DEFAULT_THROTTLES,
    ERROR_SCHEMA,
    MAX_DECKLIST_BODY,
    BodyLimit,
    ErrorSerializer,
    JSONParser,
    ScopedThrottle,
    created,
    error_body,
)
from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.deck import diff
from vtesdeck.pagination import StrictPagination

from .. import services
from ..filters import DECK_LIST, ranked
from ..models import Deck, Revision
from .serializers import (
    DeckCreateSerializer,
    DeckDetailSerializer,
    DeckExportQuerySerializer,
    DeckExportSerializer,
    DeckFilterSerializer,
    DeckSerializer,
    DeckUpdateSerializer,
    RevisionDiffSerializer,
    RevisionPageSerializer,
    RevisionQuerySerializer,
    SimilarDeckSerializer,
)

__all__ = ["DeckViewSet"]

logger = logging.getLogger(__name__)

TAGS = ["decks"]


class DeckWriteThrottle(ScopedThrottle):
    """Writes (create, change, delete, clone) per user, or per address for anonymous attempts.

    ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["decks"]`` sets the rate when present; otherwise it is
    ``default_rate``, 600 writes an hour: far above anyone editing by hand or syncing a collection, low
    enough that a runaway script cannot fill the database.
    """

    scope = "decks"
    default_rate = "600/hour"

    def allow_request(self, request: Request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


class BadDeckInput(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"
    default_detail = "The request is not a deck this site can store."


# --- documented answers ----------------------------------------------------------------------------

BAD_REQUEST = OpenApiResponse(
    response=ERROR_SCHEMA,
    description='Bad input: `errors` maps each bad field to its messages (`{"crypt": ["Unknown card id 1 in the '
    'crypt."]}`), or only `detail` says what is wrong (a body that is not JSON: `parse_error`).',
    examples=[
        OpenApiExample(
            "A count no deck holds",
            value={
                "detail": "Invalid value for library[0].count: Ensure this value is less than or equal to 999.",
                "code": "invalid",
                "errors": {"library[0].count": ["Ensure this value is less than or equal to 999."]},
            },
        ),
        OpenApiExample(
            "Not a decklist",
            value={
                "detail": "Invalid value for text: This is not a text file (it holds binary data); upload a decklist as text.",
                "code": "invalid",
                "errors": {"text": ["This is not a text file (it holds binary data); upload a decklist as text."]},
            },
        ),
        OpenApiExample(
            "Not JSON",
            value={"detail": "JSON parse error - Expecting value: line 1 column 1 (char 0).", "code": "parse_error"},
        ),
    ],
)
NOT_FOUND = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="No such deck, or one you may not see (another user's private deck) or change (anyone "
    "else's deck): the two are not told apart.",
)
LOGIN_REQUIRED = OpenApiResponse(
    response=ERROR_SCHEMA, description="Log in first: a session, HTTP Basic (or a token, where the site issues them)."
)
THROTTLED = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="Too many changes; retry after the `Retry-After` header's seconds.",
)


class ConflictSerializer(ErrorSerializer):
    """The error shape (code `conflict`) with the deck's current version."""

    version = serializers.IntegerField(help_text="The deck's current version: read it again, then retry.")


CONFLICT = OpenApiResponse(
    response=ConflictSerializer,
    description="The deck changed since `version` (another tab, device or script): nothing was written.",
)
UNSUPPORTED = OpenApiResponse(response=ERROR_SCHEMA, description="The body is not JSON (`application/json`).")
# PUT and PATCH answer alike (PUT changes only the fields sent, as PATCH does).
UPDATE_RESPONSES = {
    200: DeckDetailSerializer,
    400: BAD_REQUEST,
    404: NOT_FOUND,
    409: CONFLICT,
    415: UNSUPPORTED,
    429: THROTTLED,
}
REVISIONS = PolymorphicProxySerializer(
    component_name="DeckRevisions",
    serializers=[RevisionPageSerializer, RevisionDiffSerializer],
    resource_type_field_name=None,
)
REVISION_PAGE_PARAMETERS = [
    OpenApiParameter("page", int, description="Page number of the list, from 1."),
    OpenApiParameter(
        "page_size",
        int,
        description=f"Revisions per page, 1 to {StrictPagination.max_page_size} "
        f"(default {StrictPagination.page_size}).",
    ),
]


@extend_schema_view(
    list=extend_schema(
        operation_id="decks_list",
        tags=TAGS,
        summary="List decks",
        description="Public decks, newest change first; logged in, your own decks too (private and unlisted "
        "ones), or with `mine` your own alone. Unlisted decks of others are never listed: they are read by id.",
        parameters=[DeckFilterSerializer],
        responses={200: DeckSerializer(many=True), 400: BAD_REQUEST, 403: LOGIN_REQUIRED, 404: NOT_FOUND},
    ),
    create=extend_schema(
        operation_id="decks_create",
        tags=TAGS,
        summary="Create a deck",
        description="A new deck of yours, from a decklist in any format (`text`) or from `crypt` and "
        '`library` lists of `{"id", "count"}`. The answer is the stored deck with its cards, its report and '
        "the decklist lines naming no known card (`unresolved`: they are not in the deck). With an "
        "`Idempotency-Key`, a retry of the same request makes no second deck.",
        request=DeckCreateSerializer,
        parameters=idempotency.parameters(201),
        responses={
            201: DeckDetailSerializer,
            400: BAD_REQUEST,
            403: LOGIN_REQUIRED,
            415: UNSUPPORTED,
            429: THROTTLED,
            **idempotency.responses(),
        },
    ),
    retrieve=extend_schema(
        operation_id="decks_retrieve",
        tags=TAGS,
        summary="One deck",
        description="A deck with its cards and its report (VEKN rules, today). Unlisted decks are read by "
        "anyone who has the id.",
        responses={200: DeckDetailSerializer, 404: NOT_FOUND},
    ),
    update=extend_schema(
        operation_id="decks_update",
        tags=TAGS,
        summary="Change a deck",
        description="The same as PATCH: only the fields sent change.",
        request=DeckUpdateSerializer,
        responses=UPDATE_RESPONSES,
    ),
    partial_update=extend_schema(
        operation_id="decks_partial_update",
        tags=TAGS,
        summary="Change a deck",
        description="Change your deck's name, description, visibility or tags, and/or replace all of its "
        "cards (`text`, or `crypt` and `library`). `version` is required: the deck's version as you last read "
        "it. A change from an older version is refused with 409 and the current version; read the deck again "
        "and retry.",
        request=DeckUpdateSerializer,
        responses=UPDATE_RESPONSES,
    ),
    destroy=extend_schema(
        operation_id="decks_destroy",
        tags=TAGS,
        summary="Delete a deck",
        description="Deletes your deck with its history. Copies others cloned from it stay theirs.",
        responses={204: None, 404: NOT_FOUND, 429: THROTTLED},
    ),
)
class DeckViewSet(BodyLimit, viewsets.GenericViewSet):
    """Players' decks."""

    queryset = Deck.objects.all()  # the model, for the schema; get_queryset decides who sees what
    serializer_class = DeckDetailSerializer
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    pagination_class = StrictPagination
    throttle_classes = [*DEFAULT_THROTTLES, DeckWriteThrottle]

    def get_permissions(self):
        # Only creating asks for a login up front: on an existing deck a stranger gets the same 404 whether
        # logged in or not (see get_queryset), and clone checks the login once the deck is found.
        return [IsAuthenticated()] if self.action == "create" else super().get_permissions()

    def max_body(self) -> int:
        return MAX_DECKLIST_BODY

    def get_queryset(self) -> QuerySet[Deck]:
        user = self.request.user
        if self.action in ("retrieve", "export", "clone"):
            decks = Deck.objects.readable_by(user)
        elif user.is_authenticated:
            decks = Deck.objects.filter(owner=user)
        else:
            decks = Deck.objects.none()
        return decks.select_related("owner").prefetch_related("tags")

    def _reread(self, deck: Deck) -> Deck:
        # After a write: the answer shows what is stored, read as a GET would read it.
        return Deck.objects.select_related("owner").prefetch_related("tags", "cards").get(pk=deck.pk)

    def _detail(self, deck: Deck, *, parsed: CoreDeck | None = None, reread: bool = True) -> dict:
        context = {**self.get_serializer_context(), "parsed": parsed}
        return DeckDetailSerializer(self._reread(deck) if reread else deck, context=context).data

    # --- the collection ---------------------------------------------------------------------------

    def list(self, request: Request) -> Response:
        params = DeckFilterSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        filters = params.validated_data
        user = request.user
        decks: QuerySet[Deck]
        if filters["mine"]:
            if not user.is_authenticated:
                raise exceptions.NotAuthenticated(_("Log in to list your own decks."))
            decks = Deck.objects.filter(owner=user)
        elif user.is_authenticated:
            decks = Deck.objects.filter(Q(visibility=Deck.Visibility.PUBLIC) | Q(owner=user))
        else:
            decks = Deck.objects.listed()
        if name := filters.get("q", "").strip():
            decks = decks.filter(name__icontains=name)
        if clan := filters.get("clan"):
            decks = decks.filter(clans__contains=f"|{clan}|")
        if "card" in filters:
            decks = decks.filter(cards__card_id=filters["card"])  # one row per card: no duplicates
        if author := filters.get("author", "").strip():
            decks = decks.filter(owner__username__iexact=author)
        if tag := filters.get("tag", "").strip():
            decks = decks.filter(tags__name=slugify(tag, allow_unicode=True))
        if filters.get("fits") is not None:
            decks = fits_format(decks, filters["fits"])
        decks = decks.select_related("owner").prefetch_related("tags").order_by("-updated", "id")
        decks = DECK_LIST.on_api(decks, filters, request)  # the filters apps above decks add
        serializer = SimilarDeckSerializer if ranked(decks) else DeckSerializer  # each result with its similarity
        page = self.paginate_queryset(decks)
        return self.get_paginated_response(serializer(page, many=True, context=self.get_serializer_context()).data)

    @idempotency.idempotent
    def create(self, request: Request) -> Response:
        serializer = DeckCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        core = attrs["core"]
        if "description" in attrs:
            core.description = attrs["description"]
        try:
            # The answer is read before the commit (see update): a 503 never hides a stored deck.
            with transaction.atomic():
                deck = services.create(
                    request.user,
                    core,
                    name=attrs.get("name", ""),
                    visibility=attrs["visibility"],
                    tags=attrs.get("tags", ()),
                    format=attrs.get("ruleset", "vekn"),
                )
                data = self._detail(deck, parsed=core)
        except services.DeckInputError as exc:
            raise BadDeckInput(str(exc)) from None
        return created(data)

    # --- one deck ---------------------------------------------------------------------------------

    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(self._detail(self.get_object(), reread=False))

    def update(self, request: Request, pk: str) -> Response:
        deck = self.get_object()
        serializer = DeckUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        details = {key: attrs[key] for key in ("name", "description", "visibility", "tags") if key in attrs}
        if "ruleset" in attrs:
            details["format"] = attrs["ruleset"]
        if "share_with_suggestions" in attrs:
            details["share_with_suggestions"] = attrs["share_with_suggestions"]
        try:
            with transaction.atomic():
                version = attrs["version"]
                if details:
                    services.update_details(deck, version=version, **details)
                    version = deck.version
                if attrs["core"] is not None:
                    services.replace_cards(deck, attrs["core"], version=version)
                # The answer is read before the commit: should the database go away while it is read, the change
                # is rolled back with it, so a 503 ("nothing was changed") is never said of a stored change.
                data = self._detail(deck, parsed=attrs["core"])
        except services.Conflict as exc:
            return Response(error_body(str(exc), "conflict", version=exc.deck.version), status=status.HTTP_409_CONFLICT)
        except services.DeckInputError as exc:
            raise BadDeckInput(str(exc)) from None
        return Response(data)

    def partial_update(self, request: Request, pk: str) -> Response:
        return self.update(request, pk)

    def destroy(self, request: Request, pk: str) -> Response:
        deck = self.get_object()
        # services has no delete: a deck's rows (cards, revisions, tag links) go with it by cascade.
        deck.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        operation_id="decks_export",
        tags=TAGS,
        summary="Export a deck",
        description="The deck written as a decklist in the format `to` names, for a file or another tool.",
        parameters=[DeckExportQuerySerializer],
        responses={200: DeckExportSerializer, 400: BAD_REQUEST, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"])
    def export(self, request: Request, pk: str) -> Response:
        deck = self.get_object()
        query = DeckExportQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        target = decklist.FORMATS[query.validated_data["to"]]
        cards = services.card_index()
        core = deck.to_core()
        # A card the card list dropped since stays in the deck, but no exporter can name it.
        core.crypt = {i: n for i, n in core.crypt.items() if i in cards}
        core.library = {i: n for i, n in core.library.items() if i in cards}
        try:
            text = decklist.export(core, cards, target.name)
        except decklist.DecklistError as exc:
            raise exceptions.ValidationError({"to": [messages.decklist_error(exc)]}) from None
        return Response(
            {
                "format": target.name,
                "media_type": target.media_type,
                "extension": target.extension,
                "file_name": services.export_file_name(deck.name, target.name),
                "text": text,
            }
        )

    @extend_schema(
        operation_id="decks_clone",
        tags=TAGS,
        summary="Clone a deck",
        description="A private copy, yours, of a deck you can read (public, unlisted, or your own). With an "
        "`Idempotency-Key`, a retry of the same request makes no second copy.",
        request=None,
        parameters=idempotency.parameters(201),
        responses={
            201: DeckDetailSerializer,
            400: BAD_REQUEST,
            403: LOGIN_REQUIRED,
            404: NOT_FOUND,
            429: THROTTLED,
            **idempotency.responses(),
        },
    )
    @action(detail=True, methods=["post"])
    @idempotency.idempotent
    def clone(self, request: Request, pk: str) -> Response:
        deck = self.get_object()
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(_("Log in to clone this deck."))
        try:
            with transaction.atomic():  # the answer is read before the commit (see update)
                copy = services.clone(deck, request.user)
                data = self._detail(copy)
        except services.DeckInputError as exc:
            raise BadDeckInput(str(exc)) from None
        return created(data)

    @extend_schema(
        operation_id="decks_revisions",
        tags=TAGS,
        summary="A deck's history",
        description="Your deck's saved revisions, newest first (a page of them); with `a` and `b`, the cards "
        "whose counts differ from revision `a` to revision `b` instead.",
        parameters=[RevisionQuerySerializer, *REVISION_PAGE_PARAMETERS],
        responses={200: REVISIONS, 400: BAD_REQUEST, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"])
    def revisions(self, request: Request, pk: str) -> Response:
        deck = self.get_object()
        query = RevisionQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        if "a" in query.validated_data:
            return Response(_compare(deck, query.validated_data["a"], query.validated_data["b"]))
        # A list, never None: this view set has a paginator.
        page = cast("list[Revision]", self.paginate_queryset(deck.revisions.order_by("-number")))
        return self.get_paginated_response([_revision(revision) for revision in page])


def _revision(revision: Revision) -> dict:
    data = revision.data or {}
    return {
        "number": revision.number,
        "note": revision.note,
        "created": serializers.DateTimeField().to_representation(revision.created),
        "crypt_count": sum(int(c.get("count", 0)) for c in data.get("crypt", ())),
        "library_count": sum(int(c.get("count", 0)) for c in data.get("library", ())),
    }


def _compare(deck: Deck, a: int, b: int) -> dict:
    by_number = {revision.number: revision for revision in deck.revisions.filter(number__in=[a, b])}
    for field, number in (("a", a), ("b", b)):
        if number not in by_number:
            raise exceptions.ValidationError(
                {field: [_("This deck has no revision %(number)d.") % {"number": number}]}, code="not_found"
            )
    cards = services.card_index()
    changes = []
    for change in diff(by_number[a].to_core(), by_number[b].to_core()):
        card = cards.get(change.id)
        changes.append(
            {
                "id": change.id,
                "name": card.unique_name if card else f"#{change.id}",
                "before": change.before,
                "after": change.after,
                "delta": change.delta,
            }
        )
    return {"a": _revision(by_number[a]), "b": _revision(by_number[b]), "changes": changes}
