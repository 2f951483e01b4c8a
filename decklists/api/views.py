"""POST /api/v1/decklists/validate|parse|convert and GET /api/v1/decklists/formats.

Anonymous use is allowed and throttled (scope ``decklists``). Every refusal is in the API's error shape
(``vtesdeck.api``): a 400 whose ``errors`` name the bad fields (``{"text": ["The decklist is empty."]}``), or
whose ``detail`` alone speaks for the request as a whole; a body over the limit is a 413.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import index
from veto import services as veto_services
from vtesdeck import messages
from vtesdeck.api import DEFAULT_THROTTLES, ERROR_SCHEMA, BodyLimit, JSONParser, PayloadTooLarge
from vtesdeck.core import decklist, veto
from vtesdeck.core.decklist import archive
from vtesdeck.core.validate import validate
from vtesdeck.serializers import DeckReportSerializer

from .. import services
from ..throttle import DecklistsAnonThrottle
from .serializers import (
    ConvertedDecklistSerializer,
    ConvertQuerySerializer,
    DecklistFormatSerializer,
    ParsedDecklistSerializer,
    ParseRequestSerializer,
    ParseUploadSerializer,
    ValidateRequestSerializer,
    ValidateUploadSerializer,
    VetoReportSerializer,
)

__all__ = ["ConvertView", "FormatsView", "ParseView", "ValidateView"]

TAGS = ["decklists"]


_BAD_DATE = "'15/12/2021' is not a date: use YYYY-MM-DD (e.g. 2021-12-15), or 'deck' for each decklist's own date."
BAD_REQUEST = OpenApiResponse(
    response=ERROR_SCHEMA,
    description='Bad input: `errors` maps each bad field to its messages (`{"text": ["The decklist is empty."]}`), '
    "or only `detail` says what is wrong (a body that is not JSON: `parse_error`).",
    examples=[
        OpenApiExample(
            "An empty decklist",
            value={
                "detail": "Invalid value for text: The decklist is empty.",
                "code": "invalid",
                "errors": {"text": ["The decklist is empty."]},
            },
        ),
        OpenApiExample(
            "A bad date",
            value={
                "detail": f"Invalid value for as_of: {_BAD_DATE}",
                "code": "invalid",
                "errors": {"as_of": [_BAD_DATE]},
            },
        ),
        OpenApiExample(
            "Not JSON",
            value={"detail": "JSON parse error - Expecting value: line 1 column 1 (char 0).", "code": "parse_error"},
        ),
    ],
)
LANG = OpenApiParameter(
    "lang",
    str,
    OpenApiParameter.QUERY,
    required=False,
    description="The language of `message` and `rule` in the answer (and of refusals): `en`, `pl` or `de`. It "
    "outranks the `Accept-Language` header; any other value is English. Codes, `params`, card names and "
    "`rule_url` are the same in every language.",
)
# The answer of validate: the VTES deck report, or a Veto deck's report (``ruleset`` veto|veto-sealed), which
# carries ``"game": "veto"``.
VALIDATION_REPORT = PolymorphicProxySerializer(
    component_name="ValidationReport",
    serializers=[DeckReportSerializer, VetoReportSerializer],
    resource_type_field_name=None,
)
THROTTLED = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="Too many requests from this address; retry after the `Retry-After` header's seconds.",
)
UNSUPPORTED = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="The body is neither JSON, a form nor a multipart upload.",
)
REQUEST_BODIES = {
    "validate": {
        "application/json": ValidateRequestSerializer,
        "application/x-www-form-urlencoded": ValidateRequestSerializer,
        "multipart/form-data": ValidateUploadSerializer,
    },
    "parse": {
        "application/json": ParseRequestSerializer,
        "application/x-www-form-urlencoded": ParseRequestSerializer,
        "multipart/form-data": ParseUploadSerializer,
    },
}


class DecklistView(BodyLimit, APIView):
    """A decklist in the body: JSON ``{"text": …}``, a form, or a multipart upload of one ``file``."""

    parser_classes = [JSONParser, FormParser, MultiPartParser]
    throttle_classes = [*DEFAULT_THROTTLES, DecklistsAnonThrottle]
    input_serializers = (ParseRequestSerializer, ParseUploadSerializer)  # (JSON or form, multipart)

    def max_body(self) -> int:
        return services.max_upload_bytes()

    def read_input(self, request: Request) -> dict:
        try:
            data = request.data
        except (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent) as exc:
            raise PayloadTooLarge(str(exc)) from None
        except RecursionError:
            raise ParseError("JSON parse error - nested too deeply.") from None
        text_only, upload = self.input_serializers
        serializer = (upload if request.content_type.startswith("multipart/") else text_only)(data=data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        if isinstance(attrs["source"], bytes) and archive.is_zip(attrs["source"]):
            raise ValidationError(
                {
                    "file": [
                        "A zip holds several decklists: send one decklist per request (check_deck and /check/ "
                        "take zips)."
                    ]
                },
                code="zip",
            )
        return attrs

    def parse_deck(self, attrs: dict):
        field = "text" if attrs["path"] is None else "file"
        try:
            return decklist.parse(attrs["source"], _cards(), format=attrs.get("format"), path=attrs["path"] or "")
        except decklist.DecklistError as exc:
            raise ValidationError({field: [messages.decklist_error(exc)]}, code="decklist") from None


def _cards():
    return index.get()


class ValidateView(DecklistView):
    input_serializers = (ValidateRequestSerializer, ValidateUploadSerializer)

    @extend_schema(
        operation_id="decklists_validate",
        summary="Validate a decklist",
        description="Parses a decklist (any supported format) and judges it against a rule set on a date. "
        "The answer is the deck report (`legal`, counts, groups, `errors` with their rule, `warnings`, "
        "`unresolved` lines with suggestions): the same object `manage.py check_deck --json` prints. "
        "An illegal deck is still a 200; only input that is no decklist is a 400. Each error and warning has "
        "its `code` and structured `params`, its `message` and the `rule` it cites in the language asked for "
        "(`?lang=` or `Accept-Language`: English, Polish or German), and `rule_url`, the official section.\n\n"
        "**Veto** (a Polish CCG, not VTES): with `ruleset` `veto` or `veto-sealed`, the decklist (headings in "
        "Polish or English: `Karty specjalne`/`Special cards`, `Kredens`/`Deck`, `Sakwa`/`Sideboard`) is judged "
        "against the caller's own Veto card list (imported at /veto/cards/), else the site's; with neither, a "
        '400 says how to get one. The answer is the Veto report (`"game": "veto"`, counts of the Kredens and '
        "the Sakwa, the special cards, `errors` citing the articles of the Artykuły Henrykowskie 3.0.3), in "
        "Polish unless `lang` (or `?lang=`) is `en`.",
        tags=TAGS,
        parameters=[LANG],
        request=REQUEST_BODIES["validate"],
        responses={
            200: VALIDATION_REPORT,
            400: BAD_REQUEST,
            415: UNSUPPORTED,
            429: THROTTLED,
        },
    )
    def post(self, request: Request) -> Response:
        attrs = self.read_input(request)
        if isinstance(attrs["ruleset"], veto.VetoRuleset):
            return self.veto(request, attrs)
        deck = self.parse_deck(attrs)
        try:
            report = validate(
                deck, _cards(), ruleset=attrs["ruleset"], as_of=attrs.get("as_of"), players=attrs.get("players")
            )
        except ValueError as exc:  # a header date the validator cannot use…: the decklist's fault
            raise ValidationError({"text" if attrs["path"] is None else "file": [str(exc)]}) from None
        return Response(messages.report(report, path=attrs["path"]))

    def veto(self, request: Request, attrs: dict) -> Response:
        """A Veto deck, judged against the caller's own card list, else the site's."""
        card_list = veto_services.card_list_for(request.user)
        if card_list is None:
            raise ValidationError([_(NO_VETO_CARD_LIST)], code="no_card_list")
        lang = _veto_lang(attrs.get("lang"), request.query_params.get("lang"))
        try:
            report = veto_services.judge(attrs["source"], card_list, attrs["ruleset"])
        except veto.VetoDecklistError as exc:
            field = "text" if attrs["path"] is None else "file"
            raise ValidationError({field: [exc.message(lang)]}, code="decklist") from None
        response = Response({"path": attrs["path"], **report.to_dict(lang)})
        response["Content-Language"] = lang
        return response


NO_VETO_CARD_LIST = gettext_noop(
    "There is no Veto card list to judge Veto decks by: import your own at /veto/cards/ (logged in), or ask the "
    "site's administrator to import one (manage.py import_veto_cards)."
)


def _veto_lang(field: str | None, query: str | None) -> veto.Lang:
    """The Veto report's language: the body's ``lang``, else ``?lang=`` when it is one the core speaks, else
    Polish, the game's."""
    for value in (field, (query or "").strip().lower()):
        if value == "en":
            return "en"
        if value == "pl":
            return "pl"
    return "pl"


class ParseView(DecklistView):
    @extend_schema(
        operation_id="decklists_parse",
        summary="Parse a decklist",
        description="Reads a decklist (any supported format) into cards, without judging it: the detected "
        "`format`, name, author, event header, crypt and library with official names and counts, the lines "
        "naming no known card (with suggestions) and the deck checksum.",
        tags=TAGS,
        parameters=[LANG],
        request=REQUEST_BODIES["parse"],
        responses={200: ParsedDecklistSerializer, 400: BAD_REQUEST, 415: UNSUPPORTED, 429: THROTTLED},
    )
    def post(self, request: Request) -> Response:
        deck = self.parse_deck(self.read_input(request))
        return Response(services.parsed(deck, _cards()))


class ConvertView(DecklistView):
    @extend_schema(
        operation_id="decklists_convert",
        summary="Convert a decklist to another format",
        description="Reads a decklist (any supported format) and writes it in the format `to` names. Lines "
        "naming no known card cannot be carried over: they are listed in `unresolved`.",
        tags=TAGS,
        parameters=[ConvertQuerySerializer],
        request=REQUEST_BODIES["parse"],
        responses={200: ConvertedDecklistSerializer, 400: BAD_REQUEST, 415: UNSUPPORTED, 429: THROTTLED},
    )
    def post(self, request: Request) -> Response:
        query = ConvertQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        target = decklist.FORMATS[query.validated_data["to"]]
        deck = self.parse_deck(self.read_input(request))
        try:
            text = decklist.export(deck, _cards(), target.name)
        except decklist.DecklistError as exc:
            raise ValidationError({"to": [messages.decklist_error(exc)]}) from None
        return Response(
            {
                "format": target.name,
                "media_type": target.media_type,
                "extension": target.extension,
                "text": text,
                "unresolved": deck.to_dict(with_origin=False)["unresolved"],
            }
        )


class FormatsView(APIView):
    @extend_schema(
        operation_id="decklists_formats",
        summary="Decklist formats",
        description="Every format `validate`, `parse` and `convert` read (detected, or named with `format`), "
        "in detection order; those with `can_export` can be written by `convert`. `label` is in the language "
        "asked for (`?lang=` or `Accept-Language`).",
        tags=TAGS,
        parameters=[LANG],
        responses={200: DecklistFormatSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "name": fmt.name,
                    "label": messages.format_label(fmt),
                    "extension": fmt.extension,
                    "media_type": fmt.media_type,
                    "can_export": fmt.export is not None,
                }
                for fmt in decklist.FORMATS.values()
            ]
        )
