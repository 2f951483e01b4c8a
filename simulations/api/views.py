"""/api/v1/simulations/: start a simulation job, follow it, cancel it, list one's own.

Anyone may start a job (throttled per user, or per address without an account: scopes ``simulations``
and ``simulations_anon``; and capped in unfinished jobs and hands at once, a 429 ``job_limit``: see
``simulations.services``), from a deck they can read or from a decklist's text. A job is read by its id by
anyone holding it: ids are unguessable, like unlisted decks' (so a link to a result can be shared); but a
job follows its deck as the deck is now (``services.readable_jobs``): once the deck is private, only its owner and
who started the job read it, once deleted only who started it (and a job about its starter's collection,
planner or proxies of the missing cards, only ever by its starter); anyone else gets the 404 of an id that names
no job. The list shows the logged-in user's own jobs; a job started without an account is only reachable by
its id, so listing asks for a login. Cancelling is the owner's, or anyone's holding the
id of a job without one (of the jobs they may read).

Every read first calls ``services.refresh``: a job whose workers were lost is resent or failed there, so a
client polling a job is what keeps it from staying ``running`` for ever.
"""

from __future__ import annotations

import logging
from typing import cast

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import exceptions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from decks import services as deck_services
from decks.models import Deck
from vtesdeck import idempotency
from vtesdeck.api import (
    DEFAULT_THROTTLES,
    ERROR_SCHEMA,
    MAX_DECKLIST_BODY,
    BodyLimit,
    ErrorSerializer,
    JSONParser,
    created,
    error_body,
)
from vtesdeck.pagination import StrictPagination
from vtesdeck.throttling import client_address

from .. import kinds, services
from ..jobs import start_compare, start_games, start_impact
from ..models import Simulation
from ..throttle import SimulationStartThrottle
from .serializers import SimulationCreateSerializer, SimulationListSerializer, SimulationSerializer

__all__ = ["SimulationViewSet"]

logger = logging.getLogger(__name__)

TAGS = ["simulations"]


class BadSimulationInput(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"
    default_detail = "The request is not a simulation this site can run."


# --- documented answers ----------------------------------------------------------------------------


def _invalid(field: str, message: str) -> dict:
    return error_body(f"Invalid value for {field}: {message}", "invalid", {field: [message]})


BAD_REQUEST = OpenApiResponse(
    response=ERROR_SCHEMA,
    description='Bad input, nothing stored: `errors` maps each bad field to its messages (`{"hands": ["Ensure this '
    'value is greater than or equal to 1."]}`), or only `detail` says what is wrong.',
    examples=[
        OpenApiExample("Too few hands", value=_invalid("hands", "Ensure this value is greater than or equal to 1.")),
        OpenApiExample("A deck too small", value=_invalid("deck", "The library has 5 cards; an opening hand needs 7.")),
        OpenApiExample(
            "Games: too many opponents", value=_invalid("opponents", "5 seats leave room for 4 opponents, not 5.")
        ),
        OpenApiExample(
            "Compare: no revision",
            value=_invalid("other", "This deck has no revision 9 that you may read (revisions are their owner's)."),
        ),
    ],
)
BAD_PAGE = OpenApiResponse(
    response=ERROR_SCHEMA,
    description='A bad `page` or `page_size` (`{"page_size": ["Must be a whole number from 1 to 500."]}`).',
)
NOT_FOUND = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="No such job, or a job of another user's private or deleted deck; or, when starting one, no such deck "
    "or one you may not see (another user's private deck), as `deck` or as a comparison's `other`: the two are not "
    "told apart.",
)
LOGIN_REQUIRED = OpenApiResponse(response=ERROR_SCHEMA, description="Log in to list your own jobs.")
NOT_YOURS = OpenApiResponse(response=ERROR_SCHEMA, description="Another user's job: only they may cancel it.")
THROTTLED = OpenApiResponse(
    response=ERROR_SCHEMA,
    description="Too many jobs started (`throttled`), or you already have as many unfinished jobs, or as many "
    "unfinished hands, as allowed at once (`job_limit`, the sentence names the limit): retry after the "
    "`Retry-After` header's seconds, once a job finished or was cancelled.",
)


class BrokerUnavailableSerializer(ErrorSerializer):
    """The error shape (code `broker_unavailable`) with the job stored as failed, when there is one."""

    id = serializers.CharField(required=False, help_text="The job, stored as `failed` with this reason.")


BROKER_DOWN = OpenApiResponse(
    response=BrokerUnavailableSerializer,
    description="The task queue (broker) did not answer: the job is stored as `failed`, saying why. Retry later.",
)
UNSUPPORTED = OpenApiResponse(response=ERROR_SCHEMA, description="The body is not JSON (`application/json`).")


@extend_schema_view(
    list=extend_schema(
        operation_id="simulations_list",
        tags=TAGS,
        summary="Your simulation jobs",
        description="The jobs you started while logged in, newest first, without their results. Jobs started "
        "without an account belong to no one: they are read by their id alone.",
        responses={200: SimulationListSerializer(many=True), 400: BAD_PAGE, 403: LOGIN_REQUIRED},
    ),
    create=extend_schema(
        operation_id="simulations_create",
        tags=TAGS,
        summary="Start a simulation",
        description="Queues a Monte-Carlo job on a deck you can read (`deck`) or a decklist (`text`): `kind` "
        "`hands` draws `hands` opening hands (7 library cards, 4 crypt cards); `kind` `games` plays `games` full "
        "games of the deck against `opponents` (the tournament field by default) with the rules engine and its "
        "bots; `kind` `compare` plays the deck (A) and `other` (B) in the same `games` against the field, paired "
        "game by game (B − A with its interval and a verdict); `kind` `impact` plays the deck as built and with each "
        "of its cards blanked, paired (what each card brings). The answer (202) is the queued job; its `url` (also the `Location` header) gives its status, "
        "`progress` (0 to 1) and, once `done`, the kind's report in `result`. Large jobs are split into chunks that every available worker shares. With "
        "an `Idempotency-Key`, a retry of the same request starts no second job.",
        request=SimulationCreateSerializer,
        parameters=idempotency.parameters(202),
        responses={
            202: SimulationSerializer,
            400: BAD_REQUEST,
            404: NOT_FOUND,
            415: UNSUPPORTED,
            429: THROTTLED,
            503: BROKER_DOWN,
            **idempotency.responses(),
        },
    ),
    retrieve=extend_schema(
        operation_id="simulations_retrieve",
        tags=TAGS,
        summary="One simulation job",
        description="Status, progress, timings, the reason of a failure, and the hands report once done. "
        "Anyone holding the id may read the job: ids are unguessable, as unlisted decks' are, so share the "
        "link only with whom you mean to. A job drawn from a private deck is read only by who started it "
        "and the deck's owner, one drawn from a deleted deck only by who started it; a `planner` job, and "
        "`proxies` of the cards a collection is `missing`, only by who started it: to anyone else it is a "
        "404, as an id that names no job. Poll it (about once a second is plenty) to follow a job.",
        responses={200: SimulationSerializer, 404: NOT_FOUND},
    ),
)
class SimulationViewSet(BodyLimit, viewsets.GenericViewSet):
    """Simulation jobs."""

    queryset = Simulation.objects.all()  # for the schema; reads go by id (see the module's docstring)
    serializer_class = SimulationSerializer
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    pagination_class = StrictPagination
    throttle_classes = [*DEFAULT_THROTTLES, SimulationStartThrottle]

    def max_body(self) -> int:
        return MAX_DECKLIST_BODY

    def get_queryset(self) -> QuerySet[Simulation]:
        return Simulation.objects.select_related("owner")

    def get_object(self) -> Simulation:
        # A job one may not read is answered as one that does not exist: never 403, which says it does.
        simulation = (
            services.readable_jobs(self.request.user).select_related("owner").filter(pk=self.kwargs["pk"]).first()
        )
        if simulation is None:
            raise exceptions.NotFound(_("No simulation job has this id."))
        return simulation

    def _answer(self, simulation: Simulation, **kwargs) -> Response:
        return Response(SimulationSerializer(simulation, context=self.get_serializer_context()).data, **kwargs)

    def list(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(
                _("Log in to list your simulation jobs; a job started without an account is read by its id.")
            )
        mine = services.readable_jobs(request.user).select_related("owner").filter(owner=request.user)
        # A page, never None: this view has a paginator (``pagination_class``), and it always has a page size.
        page = cast(list[Simulation], self.paginate_queryset(mine.order_by("-created_at", "id")))
        page = [services.refresh(simulation) if not simulation.finished else simulation for simulation in page]
        data = SimulationListSerializer(page, many=True, context=self.get_serializer_context()).data
        return self.get_paginated_response(data)

    @idempotency.idempotent
    def create(self, request: Request) -> Response:
        serializer = SimulationCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attrs = serializer.validated_data
        source_deck = None
        if "deck" in attrs:
            source_deck = Deck.objects.readable_by(request.user).filter(pk=attrs["deck"]).first()
            if source_deck is None:
                raise exceptions.NotFound(_("No deck has this id, or it is not yours to read."))
            core = source_deck.to_core()
        else:
            core = attrs["core"]
        cards = deck_services.card_index()
        # A card the card list dropped since stays in a stored deck, but cannot be drawn.
        core.crypt = {i: n for i, n in core.crypt.items() if i in cards}
        core.library = {i: n for i, n in core.library.items() if i in cards}
        try:
            if attrs["kind"] == Simulation.Kind.GAMES:
                simulation = start_games(request, attrs, core, cards, source_deck=source_deck)
            elif attrs["kind"] == Simulation.Kind.COMPARE:
                simulation = start_compare(request, attrs, core, cards, source_deck=source_deck)
            elif attrs["kind"] == Simulation.Kind.IMPACT:
                simulation = start_impact(request, attrs, core, cards, source_deck=source_deck)
            elif attrs["kind"] != Simulation.Kind.HANDS:  # a kind another app registered (proxies)
                kind = kinds.KINDS[attrs["kind"]]
                simulation = kind.start_from_request(request, attrs, core, cards, source_deck=source_deck)
            else:
                simulation = services.start_hands(
                    deck=core,
                    cards=cards,
                    owner=request.user,
                    source_deck=source_deck,
                    hands=attrs.get("hands"),
                    seed=attrs.get("seed"),
                    conditions=attrs.get("conditions", ()),
                    client=client_address(request),
                )
        except services.JobLimitReached as exc:
            return Response(
                error_body(str(exc), "job_limit"),
                status=status.HTTP_429_TOO_MANY_REQUESTS,
                headers={"Retry-After": str(exc.retry_after)},
            )
        except services.DeckNotFound as exc:
            raise exceptions.NotFound(str(exc)) from None  # as the job's own deck: a private deck is no deck at all
        except services.SimulationInputError as exc:
            field = {"deck": "text" if "text" in attrs else "deck"}.get(exc.field, exc.field)
            if field:
                raise exceptions.ValidationError({field: [str(exc)]}, code="invalid") from None
            raise BadSimulationInput(str(exc)) from None
        except services.BrokerUnavailable as exc:
            body = error_body(str(exc), "broker_unavailable")
            if exc.simulation is not None:
                body["id"] = exc.simulation.id
            return Response(body, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "30"})
        data = SimulationSerializer(simulation, context=self.get_serializer_context()).data
        return created(data, status=status.HTTP_202_ACCEPTED)

    def retrieve(self, request: Request, pk: str) -> Response:
        return self._answer(services.refresh(self.get_object()))

    @extend_schema(
        operation_id="simulations_cancel",
        tags=TAGS,
        summary="Cancel a simulation",
        description="Stops a queued or running job (workers stop within about a second); a finished job is "
        "answered as it is. A job started by a logged-in user is theirs to cancel; one started without an "
        "account may be cancelled by anyone holding its id. A job one may not read (of another user's "
        "private deck) is a 404, as for reading it.",
        request=None,
        responses={200: SimulationSerializer, 403: NOT_YOURS, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, pk: str) -> Response:
        simulation = self.get_object()
        if simulation.owner_id is not None and simulation.owner_id != request.user.pk:
            raise exceptions.PermissionDenied(_("Only the user who started this simulation job may cancel it."))
        return self._answer(services.cancel(simulation))
