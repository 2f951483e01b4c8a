"""The collection's API: ``/api/v1/collection/`` (list, add, remove, import, export, precons, wishlist, history,
share, build modes, the planner) and ``GET /api/v1/decks/<id>/missing/``. Every endpoint needs a logged-in user (a
session, an API token or HTTP Basic): 403 otherwise (401 for bad credentials), as the token endpoints answer;
but for ``GET shared/<token>/``, a shared collection read by whoever holds its link, as its page is (a page of
rows at a time, throttled per address as the page is). A change refused because another change of the same
collection kept it busy is a 409 ``conflict``; nothing was stored."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import exceptions, serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.requests import signed_in_user
from cards import index
from decks.models import Deck
from simulations import services as job_services
from twda.models import TournamentDeck
from vtesdeck.api import DEFAULT_THROTTLES, ERROR_SCHEMA, BodyLimit, Conflict, JSONParser, Pagination
from vtesdeck.core import collection as core
from vtesdeck.core import planner
from vtesdeck.core.numbers import whole_number

from .. import services
from ..models import DeckBuild, Entry, Event, Share, WishlistEntry
from ..throttle import SharedCollectionThrottle
from ..views import card_id_of

TAGS = ["collection"]
MAX_BODY = 3 * 1024 * 1024
LOGIN = OpenApiResponse(response=ERROR_SCHEMA, description="Log in first: a session, an API token or HTTP Basic.")
BAD = OpenApiResponse(response=ERROR_SCHEMA, description="Bad input: `detail` says why; nothing was stored.")
BUSY = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="Another change of your collection kept it busy (`conflict`); nothing was stored: send it again.",
)


def _invalid(message: str, field: str = "non_field_errors") -> exceptions.ValidationError:
    return exceptions.ValidationError({field: [message]})


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string", "maxLength": 200}]})
class CardField(serializers.Field):
    """A card by its VEKN id (a number) or its name."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | str):
            raise serializers.ValidationError(_("A card is its VEKN id or its name."))
        try:
            return card_id_of(data)
        except forms.ValidationError as exc:
            raise serializers.ValidationError(exc.messages) from None

    def to_representation(self, value: int) -> int:
        return value


class CollectionEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="card_id", help_text="The card's VEKN id.")
    name = serializers.SerializerMethodField()
    count = serializers.IntegerField()
    set = serializers.CharField(help_text="The printing's set abbreviation, empty when not said.")
    language = serializers.CharField()
    note = serializers.CharField()

    def get_name(self, entry: Any) -> str:
        card = index.get().get(entry.card_id)
        return card.unique_name if card else ""


class CollectionPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = CollectionEntrySerializer(many=True)


class CollectionAddSerializer(serializers.Serializer):
    card = CardField(required=False, help_text="A VEKN id or a card name.")
    count = serializers.IntegerField(min_value=1, max_value=core.MAX_COUNT, default=1)
    set = serializers.CharField(max_length=core.MAX_TEXT, required=False, allow_blank=True, default="")
    language = serializers.CharField(max_length=core.MAX_TEXT, required=False, allow_blank=True, default="")
    note = serializers.CharField(max_length=core.MAX_TEXT, required=False, allow_blank=True, default="")
    precon = serializers.CharField(
        max_length=100, required=False, help_text="Instead of `card`: a whole precon by its key (`GET precons/`)."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("card" in attrs) == ("precon" in attrs):
            raise serializers.ValidationError(_("Send either a card or a precon."))
        return attrs


class CollectionRemoveSerializer(serializers.Serializer):
    card = CardField(help_text="A VEKN id or a card name.")
    count = serializers.IntegerField(min_value=1, max_value=core.MAX_COUNT, default=1)
    set = serializers.CharField(max_length=core.MAX_TEXT, required=False, allow_blank=True, default="")
    language = serializers.CharField(max_length=core.MAX_TEXT, required=False, allow_blank=True, default="")


class CollectionImportSerializer(serializers.Serializer):
    # A field named as a Serializer attribute: the metaclass takes it out of the class (DRF's declared fields).
    data = serializers.CharField(  # type: ignore[assignment]
        max_length=MAX_BODY,
        trim_whitespace=False,
        required=False,
        help_text="The file's text (or send it as `file` in a multipart form).",
    )
    file = serializers.FileField(required=False)
    # Not a choice field: its enum would collide in the schema with the decklist formats' (both named `format`).
    format = serializers.CharField(
        required=False,
        max_length=20,
        help_text=f"One of {', '.join(f'`{name}`' for name in core.FORMATS)}; detected when absent.",
    )

    def validate_format(self, value: str) -> str:
        if value not in core.FORMATS:
            raise serializers.ValidationError(
                _("format must be one of %(known)s.") % {"known": ", ".join(core.FORMATS)}
            )
        return value

    replace = serializers.BooleanField(default=False, help_text="Remove every card owned first.")


class CollectionChangeSerializer(serializers.Serializer):
    copies = serializers.IntegerField(help_text="Copies added or removed.")


class CollectionPreconSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="`<set>:<code>`: `Third:SKB` (starter kit), `CE:PTo` (precon).")
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field, not Field.label (see `data`)
    size = serializers.IntegerField(help_text="Cards in it.")


class WishlistEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="card_id")
    count = serializers.IntegerField()
    note = serializers.CharField()


class WishCardSerializer(serializers.Serializer):
    card = CardField(help_text="A VEKN id or a card name.")
    count = serializers.IntegerField(min_value=1, max_value=core.MAX_COUNT, default=1)


class WishlistAddSerializer(serializers.Serializer):
    # many=True hands max_length to the ListSerializer it makes; the stubs' Serializer.__init__ does not know it.
    cards = WishCardSerializer(  # type: ignore[call-arg]
        many=True,
        required=False,
        max_length=services.MAX_WISHES,
        help_text="Cards to wish for (a card listed twice adds up).",
    )
    deck = serializers.CharField(
        max_length=40,
        required=False,
        help_text="Instead of `cards`: a deck you can read (a player's deck or an archive "
        "deck); the copies your collection misses of it.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("cards" in attrs) == ("deck" in attrs):
            raise serializers.ValidationError(_("Send either cards or a deck."))
        return attrs


class CollectionLineSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="card_id", help_text="The card's VEKN id.")
    name = serializers.SerializerMethodField()
    set = serializers.CharField()
    language = serializers.CharField()
    delta = serializers.IntegerField(source="count", help_text="Copies added (above 0) or removed (below 0).")
    note = serializers.CharField(help_text="The row's note, when the change set one.")

    def get_name(self, line: core.Line) -> str:
        card = index.get().get(line.card_id)
        return card.unique_name if card else ""


class CollectionEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The change's id: `GET history/<id>/` lists all its lines.")
    # Not a choice field: its enum would collide in the schema with the simulations' (both named `kind`).
    kind = serializers.CharField(help_text=f"One of {', '.join(f'`{kind}`' for kind in Event.Kind.values)}.")
    # A declared field, not Field.source (see CollectionImportSerializer.data).
    source = serializers.CharField(help_text="A precon's key, an imported file's format, or empty.")  # type: ignore[assignment]
    copies = serializers.IntegerField(help_text="Copies added, less those removed.")
    rows = serializers.IntegerField(help_text="Rows (a card in a printing and language) it changed.")
    created = serializers.DateTimeField()
    lines = serializers.SerializerMethodField()

    @extend_schema_field(CollectionLineSerializer(many=True, allow_null=True))
    def get_lines(self, event: Event) -> list[dict[str, Any]] | None:
        lines = self.context.get("lines", {}).get(event.pk)
        if lines is None:
            return None
        # many=True makes a ListSerializer, whose data is a list (the stubs give every serializer's as a dict).
        return cast("list[dict[str, Any]]", CollectionLineSerializer(lines, many=True).data)


class CollectionEventPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = CollectionEventSerializer(many=True)


class CollectionEventLinesSerializer(serializers.Serializer):
    event = CollectionEventSerializer(help_text="The change (its `lines` are the `results`).")
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = CollectionLineSerializer(many=True)


class BuildModeSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=DeckBuild.Mode.values)


class CollectionShareSerializer(serializers.Serializer):
    shared = serializers.BooleanField()
    url = serializers.CharField(required=False, allow_blank=True)


class PlannerSerializer(serializers.Serializer):
    decks = serializers.ListField(
        child=serializers.CharField(max_length=20),
        required=False,
        max_length=services.MAX_PLANNER_DECKS,
        help_text="Ids of your decks (all but virtual ones when absent); fixed decks are always in.",
    )


class PlannerConflictDeckSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The deck's id.")
    count = serializers.IntegerField()


class PlannerConflictSerializer(serializers.Serializer):
    card_id = serializers.IntegerField()
    owned = serializers.IntegerField()
    wanted = serializers.IntegerField()
    decks = PlannerConflictDeckSerializer(many=True, help_text="The decks that want it, most copies first.")


class PlannerPlanSerializer(serializers.Serializer):
    chosen = serializers.ListField(child=serializers.CharField(), help_text="Deck ids, fixed decks first.")
    left_out = serializers.ListField(child=serializers.CharField())
    exact = serializers.BooleanField(help_text="Proven the largest (false: the search ran out of its budget).")
    nodes = serializers.IntegerField()
    conflicts = PlannerConflictSerializer(many=True)
    fixed_conflicts = PlannerConflictSerializer(
        many=True, help_text="Cards your fixed decks alone want more of than you own."
    )


class PlannerDeckSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    fixed = serializers.BooleanField()


class PlannerAnswerSerializer(serializers.Serializer):
    decks = PlannerDeckSerializer(many=True)
    together = serializers.BooleanField(help_text="Whether all these decks can be built at the same time.")
    conflicts = PlannerConflictSerializer(many=True)
    plan = PlannerPlanSerializer(allow_null=True)
    job = serializers.CharField(allow_null=True, help_text="A background job's id, when the search needs one.")


class DeckMissingCardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    needed = serializers.IntegerField()
    owned = serializers.IntegerField()
    held = serializers.IntegerField(help_text="Owned copies your fixed decks hold.")
    missing = serializers.IntegerField()


class MixedPrintingCountSerializer(serializers.Serializer):
    set = serializers.CharField()
    count = serializers.IntegerField()


class MixedPrintingsSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    printings = MixedPrintingCountSerializer(many=True)


class DeckMissingSerializer(serializers.Serializer):
    copies = serializers.IntegerField()
    owned = serializers.IntegerField(help_text="Copies of the deck you have.")
    share = serializers.IntegerField(help_text="Percent of the deck's copies you have.")
    crypt = DeckMissingCardSerializer(many=True)
    library = DeckMissingCardSerializer(many=True)
    mixed_printings = MixedPrintingsSerializer(
        many=True,
        help_text="Cards whose copies span two or more printings, whose backs may differ (VEKN tournament rules §4.1).",
    )


class _Base(BodyLimit, APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    def max_body(self) -> int:
        return MAX_BODY

    def _body(self, serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
        if not isinstance(request.data, Mapping):
            raise exceptions.ParseError(_("The body must be a JSON object."))
        body = serializer_class(data=request.data)
        body.is_valid(raise_exception=True)
        return dict(body.validated_data)


def _refused(exc: services.CollectionError) -> exceptions.APIException:
    if isinstance(exc, services.CollectionBusy):
        return Conflict(str(exc))
    return _invalid(str(exc), exc.field or "non_field_errors")


class CollectionView(_Base):
    @extend_schema(
        operation_id="collection_list",
        tags=TAGS,
        summary="List my collection",
        responses={200: CollectionPageSerializer, 403: LOGIN},
    )
    def get(self, request: Request) -> Response:
        paginator = Pagination()
        page = paginator.paginate_queryset(Entry.objects.filter(owner=signed_in_user(request)), request, view=self)
        return paginator.get_paginated_response(CollectionEntrySerializer(page, many=True).data)

    @extend_schema(
        operation_id="collection_add",
        tags=TAGS,
        summary="Add cards (or a whole precon)",
        description="Adds `count` copies of `card` in a printing and language, or every card of "
        "`precon`. Each addition is kept in the collection's history.",
        request=CollectionAddSerializer,
        responses={201: CollectionChangeSerializer, 400: BAD, 403: LOGIN, 409: BUSY},
    )
    def post(self, request: Request) -> Response:
        data = self._body(CollectionAddSerializer, request)
        try:
            if "precon" in data:
                copies = services.add_precon(request.user, data["precon"])
            else:
                line = core.Line(
                    card_id=data["card"],
                    count=data["count"],
                    set=data["set"].strip(),
                    language=data["language"].strip(),
                    note=data["note"].strip(),
                )
                copies = services.add(request.user, [line])
        except services.CollectionError as exc:
            raise _refused(exc) from None
        return Response({"copies": copies}, status=status.HTTP_201_CREATED)


class RemoveView(_Base):
    @extend_schema(
        operation_id="collection_remove",
        tags=TAGS,
        summary="Remove cards",
        request=CollectionRemoveSerializer,
        responses={200: CollectionChangeSerializer, 400: BAD, 403: LOGIN, 409: BUSY},
    )
    def post(self, request: Request) -> Response:
        data = self._body(CollectionRemoveSerializer, request)
        line = core.Line(
            card_id=data["card"], count=data["count"], set=data["set"].strip(), language=data["language"].strip()
        )
        try:
            copies = services.remove(request.user, line)
        except services.CollectionError as exc:
            raise _refused(exc) from None
        return Response({"copies": copies})


class ImportView(_Base):
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    @extend_schema(
        operation_id="collection_import",
        tags=TAGS,
        summary="Import a collection file",
        description="VDB's inventory CSV (`Quantity,Card ID`), a Lackey deck (text or .dek), or ours "
        "(JSON, CSV). A file that cannot be read whole is refused with the line at fault; nothing is "
        "stored then.",
        request=CollectionImportSerializer,
        responses={201: CollectionChangeSerializer, 400: BAD, 403: LOGIN, 409: BUSY},
    )
    def post(self, request: Request) -> Response:
        body = CollectionImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        content = data["file"].read(MAX_BODY + 1) if data.get("file") else data.get("data")
        if not content:
            raise _invalid(_("Send the file as `data` (text) or `file`."), "data")
        try:
            copies = services.import_file(request.user, content, format=data.get("format"), replace=data["replace"])
        except services.CollectionError as exc:
            raise _refused(exc) from None
        return Response({"copies": copies}, status=status.HTTP_201_CREATED)


class ExportView(_Base):
    @extend_schema(
        operation_id="collection_export",
        tags=TAGS,
        summary="Export my collection",
        parameters=[
            OpenApiParameter(
                "as", {"type": "string", "enum": list(core.FORMATS)}, description="The file's format; default `json`."
            )
        ],
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            (200, "application/json"): OpenApiTypes.OBJECT,
            400: BAD,
            403: LOGIN,
        },
    )
    def get(self, request: Request) -> HttpResponse:
        # Not `format`: DRF reads that query parameter as a choice of renderer.
        format = request.query_params.get("as", "json")
        if format not in core.FORMATS:
            raise _invalid(_("as must be one of %(known)s.") % {"known": ", ".join(core.FORMATS)}, "as")
        media = "application/json" if format == "json" else "text/plain"
        return HttpResponse(services.export_file(request.user, format), content_type=f"{media}; charset=utf-8")


class PreconsView(_Base):
    @extend_schema(
        operation_id="collection_precons",
        tags=TAGS,
        summary="Precons one can add whole",
        responses={200: CollectionPreconSerializer(many=True), 403: LOGIN},
    )
    def get(self, request: Request) -> Response:
        return Response(CollectionPreconSerializer(services.precon_choices(), many=True).data)


class WishlistView(_Base):
    @extend_schema(
        operation_id="collection_wishlist",
        tags=TAGS,
        summary="My wishlist",
        responses={200: WishlistEntrySerializer(many=True), 403: LOGIN},
    )
    def get(self, request: Request) -> Response:
        return Response(
            WishlistEntrySerializer(WishlistEntry.objects.filter(owner=signed_in_user(request)), many=True).data
        )

    @extend_schema(
        operation_id="collection_wishlist_add",
        tags=TAGS,
        summary="Wish for cards (or a deck's missing)",
        description="Puts `cards` on your wishlist, or the copies your collection misses of `deck` (as "
        "`GET /api/v1/decks/<id>/missing/` counts them). A wish already there is raised to the count "
        "asked, never lowered. `copies` says how many copies were added.",
        request=WishlistAddSerializer,
        responses={
            201: CollectionChangeSerializer,
            400: BAD,
            403: LOGIN,
            409: BUSY,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No such deck you can read."),
        },
    )
    def post(self, request: Request) -> Response:
        data = self._body(WishlistAddSerializer, request)
        if "deck" in data:
            needs, mine = _deck_needs(request, data["deck"])
            wanted = services.deck_report(request.user, needs, deck_id=mine).missing
        else:
            wanted = {}
            for row in data["cards"]:
                wanted[row["card"]] = min(wanted.get(row["card"], 0) + row["count"], core.MAX_COUNT)
        try:
            copies = services.wish(request.user, wanted)
        except services.CollectionError as exc:
            raise _refused(exc) from None
        return Response({"copies": copies}, status=status.HTTP_201_CREATED)


class WishView(_Base):
    @extend_schema(
        operation_id="collection_wishlist_remove",
        tags=TAGS,
        summary="Drop a wish",
        description="Takes a card (by its VEKN id) off your wishlist.",
        responses={
            204: None,
            403: LOGIN,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No such card on your wishlist."),
        },
    )
    def delete(self, request: Request, card_id: str) -> Response:
        number = whole_number(card_id)
        deleted = (
            WishlistEntry.objects.filter(owner=signed_in_user(request), card_id=number).delete()[0] if number else 0
        )
        if not deleted:
            raise exceptions.NotFound(_("This card is not on your wishlist."))
        return Response(status=status.HTTP_204_NO_CONTENT)


class HistoryView(_Base):
    @extend_schema(
        operation_id="collection_history",
        tags=TAGS,
        summary="My collection's history",
        description="The changes made to your collection, newest first, one per change (an addition, a "
        "removal, an import, a replace, a precon), each with the copies it changed per row (`lines`, "
        f"given here for a change of at most {services.PREVIEW_LINES} rows, else null: "
        "`GET history/<id>/` lists them). Changes are never edited: the collection is always their sum. "
        f"The history keeps the latest {services.MAX_EVENTS:,} changes and {services.MAX_HISTORY_LINES:,} "
        "lines: older changes are summed into one `earlier` change.",
        responses={200: CollectionEventPageSerializer, 400: BAD, 403: LOGIN},
    )
    def get(self, request: Request) -> Response:
        paginator = Pagination()
        # A list, never None: Pagination has a page size.
        page = cast("list[Event]", paginator.paginate_queryset(services.history(request.user), request, view=self))
        context = {"lines": services.lines_of(page)}
        return paginator.get_paginated_response(CollectionEventSerializer(page, many=True, context=context).data)


class HistoryEventView(_Base):
    @extend_schema(
        operation_id="collection_history_event",
        tags=TAGS,
        summary="One change of my collection",
        description="A change of your collection and every row it changed, a page at a time.",
        responses={
            200: CollectionEventLinesSerializer,
            403: LOGIN,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No such change of yours."),
        },
    )
    def get(self, request: Request, event_id: str) -> Response:
        number = whole_number(event_id, digits=18)
        found = services.event_lines(request.user, number) if number else None
        if found is None:
            raise exceptions.NotFound(_("Your collection has no such change."))
        event, lines = found
        paginator = Pagination()
        page = paginator.paginate_queryset(lines, request, view=self)
        answer = paginator.get_paginated_response(CollectionLineSerializer(page, many=True).data)
        answer.data = {"event": CollectionEventSerializer(event).data, **answer.data}
        return answer


class SharedView(_Base):
    permission_classes = [AllowAny]
    throttle_classes = [*DEFAULT_THROTTLES, SharedCollectionThrottle]

    @extend_schema(
        operation_id="collection_shared",
        tags=TAGS,
        summary="A collection shared by its link",
        description="The collection behind a share link's token (`POST share/` makes one), read-only, by "
        "whoever holds the link, with or without an account; a page of rows at a time. Without an "
        "account, its page and this count against one rate per address (`SHARED_COLLECTION_ANON_RATE`).",
        responses={
            200: CollectionPageSerializer,
            400: BAD,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No collection is shared by this token."),
        },
    )
    def get(self, request: Request, token: str) -> Response:
        link = Share.objects.filter(token=token[:64]).first()
        if link is None:
            raise exceptions.NotFound(_("No collection is shared by this link."))
        paginator = Pagination()
        page = paginator.paginate_queryset(Entry.objects.filter(owner=link.owner_id), request, view=self)
        return paginator.get_paginated_response(CollectionEntrySerializer(page, many=True).data)


class ShareView(_Base):
    @extend_schema(
        operation_id="collection_share",
        tags=TAGS,
        summary="Share my collection by a link (or stop)",
        request=CollectionShareSerializer,
        responses={200: CollectionShareSerializer, 400: BAD, 403: LOGIN},
    )
    def post(self, request: Request) -> Response:
        data = self._body(CollectionShareSerializer, request)
        link = services.share(request.user, on=data["shared"])
        url = request.build_absolute_uri(link.get_absolute_url()) if link else ""
        return Response({"shared": link is not None, "url": url})

    @extend_schema(
        operation_id="collection_share_read",
        tags=TAGS,
        summary="My collection's share link",
        responses={200: CollectionShareSerializer, 403: LOGIN},
    )
    def get(self, request: Request) -> Response:
        link = Share.objects.filter(owner=signed_in_user(request)).first()
        url = request.build_absolute_uri(link.get_absolute_url()) if link else ""
        return Response({"shared": link is not None, "url": url})


class ModeView(_Base):
    @extend_schema(
        operation_id="collection_deck_mode",
        tags=TAGS,
        summary="Set a deck's build mode",
        description="`virtual` (holds no cards), `flexible` (may share cards), `fixed` (holds its cards).",
        request=BuildModeSerializer,
        responses={
            200: BuildModeSerializer,
            400: BAD,
            403: LOGIN,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No such deck of yours."),
        },
    )
    def put(self, request: Request, deck_id: str) -> Response:
        deck = get_object_or_404(Deck, owner=request.user, pk=deck_id)
        data = self._body(BuildModeSerializer, request)
        services.set_mode(deck, data["mode"])
        return Response({"mode": data["mode"]})


class PlannerView(_Base):
    @extend_schema(
        operation_id="collection_planner",
        tags=TAGS,
        summary="Plan which of my decks to build at once",
        description="Whether the decks can be sleeved at the same time (`conflicts`: each card short, "
        "with the decks that want it), and the largest set buildable at once (`plan`; fixed decks are "
        "always in and served first). With more than 20 competing decks, or a search over its budget, "
        "a background job finds the exact answer: `job` is its id (`/api/v1/simulations/<id>/`).",
        request=PlannerSerializer,
        responses={200: PlannerAnswerSerializer, 400: BAD, 403: LOGIN},
    )
    def post(self, request: Request) -> Response:
        data = self._body(PlannerSerializer, request)
        try:
            decks = services.planner_decks(request.user, data.get("decks"))
        except services.CollectionError as exc:
            raise _refused(exc) from None
        owned = services.owned(request.user)
        found = planner.conflicts(decks, owned)
        answer: dict[str, Any] = {
            "decks": [{"id": d.key, "name": d.name, "fixed": d.fixed} for d in decks],
            "together": not found,
            "conflicts": [c.to_dict() for c in found],
            "plan": None,
            "job": None,
        }
        plan = None
        if len([d for d in decks if not d.fixed]) <= planner.WEB_MAX_DECKS:
            plan = planner.largest_buildable(decks, owned)
            answer["plan"] = plan.to_dict()
        if decks and (plan is None or not plan.exact):
            try:
                job = job_services.start_planner(
                    plan=planner.job_plan(decks, owned), units=len(decks), owner=request.user, name="planner"
                )
            except job_services.SimulationInputError as exc:
                raise _invalid(str(exc), "decks") from None
            except job_services.JobLimitReached as exc:
                raise exceptions.Throttled(detail=str(exc)) from None
            except job_services.BrokerUnavailable as exc:
                raise exceptions.APIException(str(exc)) from None
            answer["job"] = job.id
        return Response(answer)


class MissingView(_Base):
    @extend_schema(
        operation_id="decks_missing",
        tags=["decks"],
        summary="The cards of a deck my collection lacks",
        description="For a deck you can read (a player's deck id, or an archive deck's id): per card "
        "missing, what it needs, what you own and what your other fixed decks hold.",
        responses={
            200: DeckMissingSerializer,
            403: LOGIN,
            404: OpenApiResponse(response=ERROR_SCHEMA, description="No such deck you can read."),
        },
    )
    def get(self, request: Request, deck_id: str) -> Response:
        needs, mine = _deck_needs(request, deck_id)
        return Response(services.deck_report(request.user, needs, deck_id=mine).to_dict())


def _deck_needs(request: Request, deck_id: str) -> tuple[dict[int, int], str | None]:
    """A deck's cards (a player's deck the user may read, else an archive deck), and its id when it is theirs."""
    deck = Deck.objects.readable_by(request.user).filter(pk=deck_id).first()
    if deck is not None:
        return dict(deck.cards.values_list("card_id", "count")), deck.id if deck.owner_id == request.user.pk else None

    archived = get_object_or_404(TournamentDeck, pk=deck_id)
    return {row.card_id: row.count for row in archived.cards.all()}, None
