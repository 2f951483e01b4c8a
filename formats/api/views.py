"""/api/v1/formats/: saved custom formats over the API — list one's own, create, read by id, change,
delete. A format's id is its link: anyone may read a format by its id (and use it as a ``ruleset``);
only its owner may change or delete it (403 for others). The built-in formats read by name too
(``/api/v1/formats/v5/``), read-only. Errors are the API's shape (``vtesdeck.api``), never a 500.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import exceptions, status, viewsets
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from vtesdeck.api import DEFAULT_THROTTLES, ERROR_SCHEMA, BodyLimit, JSONParser, created
from vtesdeck.core.validate import RULESETS
from vtesdeck.pagination import StrictPagination

from .. import services
from ..models import CustomFormat
from .serializers import FormatSerializer

if TYPE_CHECKING:
    from django.contrib.auth.models import User

TAGS = ["formats"]
MAX_BODY = 1024 * 1024
MAX_FORMATS_PER_USER = 200
NOT_FOUND = OpenApiResponse(response=ERROR_SCHEMA, description="No format has this id.")
FORBIDDEN = OpenApiResponse(response=ERROR_SCHEMA, description="Not yours: only its owner may change a format.")
BAD_REQUEST = OpenApiResponse(response=ERROR_SCHEMA, description="Bad settings: `errors` names each bad field.")


@extend_schema_view(
    list=extend_schema(
        operation_id="formats_list", tags=TAGS, summary="List my formats", responses={200: FormatSerializer(many=True)}
    ),
    create=extend_schema(
        operation_id="formats_create",
        tags=TAGS,
        summary="Save a custom format",
        responses={201: FormatSerializer, 400: BAD_REQUEST},
    ),
    retrieve=extend_schema(
        operation_id="formats_retrieve",
        tags=TAGS,
        summary="One format",
        description="A custom format by its id (anyone with the id), or a built-in one by its name "
        "(`vekn`, `v5`, `duel`, `rulebook-2011`): its settings as `ruleset` uses them.",
        responses={200: FormatSerializer, 404: NOT_FOUND},
    ),
    update=extend_schema(
        operation_id="formats_update",
        tags=TAGS,
        summary="Change a format",
        responses={200: FormatSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
    ),
    partial_update=extend_schema(
        operation_id="formats_partial_update",
        tags=TAGS,
        summary="Change a format",
        responses={200: FormatSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND},
    ),
    destroy=extend_schema(
        operation_id="formats_destroy",
        tags=TAGS,
        summary="Delete a format",
        responses={204: None, 403: FORBIDDEN, 404: NOT_FOUND},
    ),
)
class FormatViewSet(BodyLimit, viewsets.GenericViewSet):
    queryset = CustomFormat.objects.all()
    serializer_class = FormatSerializer
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    pagination_class = StrictPagination
    throttle_classes = DEFAULT_THROTTLES

    def get_permissions(self):
        return [IsAuthenticated()] if self.action in ("list", "create") else super().get_permissions()

    def max_body(self) -> int:
        return MAX_BODY

    def get_queryset(self) -> QuerySet[CustomFormat]:
        return CustomFormat.objects.select_related("owner")

    def _own(self, request: Request, pk: str) -> CustomFormat:
        custom = get_object_or_404(self.get_queryset(), pk=pk)
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(_("Log in to change your formats."))
        if custom.owner_id != request.user.pk:
            raise exceptions.PermissionDenied(_("Only its owner may change a format."))
        return custom

    def list(self, request: Request) -> Response:
        user = cast("User", request.user)  # IsAuthenticated (get_permissions): never anonymous here
        formats = self.get_queryset().filter(owner=user).order_by("-updated", "id")
        page = self.paginate_queryset(formats)
        return self.get_paginated_response(
            FormatSerializer(page, many=True, context=self.get_serializer_context()).data
        )

    def create(self, request: Request) -> Response:
        serializer = FormatSerializer(data=request.data, context=self.get_serializer_context())
        serializer.is_valid(raise_exception=True)
        user = cast("User", request.user)  # IsAuthenticated (get_permissions): never anonymous here
        if CustomFormat.objects.filter(owner=user).count() >= MAX_FORMATS_PER_USER:
            raise exceptions.ValidationError(
                {"name": [_("You may save at most %(max)d formats.") % {"max": MAX_FORMATS_PER_USER}]}
            )
        attrs = serializer.validated_data
        custom = CustomFormat.objects.create(owner=user, name=attrs["name"].strip(), data=_settings(attrs))
        return created(FormatSerializer(custom, context=self.get_serializer_context()).data)

    def retrieve(self, request: Request, pk: str) -> Response:
        if pk in RULESETS:
            rules = RULESETS[pk]
            return Response(
                {
                    "id": rules.name,
                    "url": request.build_absolute_uri(),
                    "name": rules.label,
                    "owner": None,
                    **services.data_of(rules),
                    "library_per_player": rules.library_per_player,
                    "created": None,
                    "updated": None,
                }
            )
        custom = get_object_or_404(self.get_queryset(), pk=pk)
        return Response(FormatSerializer(custom, context=self.get_serializer_context()).data)

    def update(self, request: Request, pk: str) -> Response:
        custom = self._own(request, pk)
        if not isinstance(request.data, dict):
            raise exceptions.ValidationError({"non_field_errors": [_("Send the format's settings as a JSON object.")]})
        current = {"name": custom.name, **custom.data}
        serializer = FormatSerializer(data={**current, **request.data}, context=self.get_serializer_context())
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        custom.name = attrs["name"].strip()
        custom.data = _settings(attrs)
        services.save(custom)
        return Response(FormatSerializer(custom, context=self.get_serializer_context()).data)

    def partial_update(self, request: Request, pk: str) -> Response:
        return self.update(request, pk)

    def destroy(self, request: Request, pk: str) -> Response:
        services.delete(self._own(request, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


def _settings(attrs: dict) -> dict:
    return {key: attrs.get(key) for key in services.SETTINGS}
