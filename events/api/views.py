"""/api/v1/events/: a judge's event over the API, with the pages' permissions (``events.views``).

Who sees what:

- the organiser and the event's judges (``services.is_staff``) see and run everything;
- a player sees the event, the players, the seatings, the scores, the standings and the final, and their
  own list; another player's list only once the event is over and its ``decklists_mode`` shows it (every
  list for ``public``, the winner's for ``winner``); the deck-check picks, the lists' verdicts and
  checksums and a judge's score overrides stay with the staff;
- anyone else gets a 404 for the event and all under it, as for an id that names nothing (the ids are
  unguessable: they are the event's secret). Registering oneself takes the registration link's own
  secret, the event's ``token``.

Every change goes through ``events.services``, as the pages' do; a refusal there (``EventError``) is
answered in the API's error shape with its status: 400 with the bad field named in ``errors``, 403 for
someone not allowed, 409 for something the event's stage forbids now. Nothing is changed by a refused
request.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.generics import GenericAPIView
from rest_framework.metadata import SimpleMetadata
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.serializers import Serializer
from rest_framework.settings import api_settings

from cards import index
from decks.models import Deck
from vtesdeck import messages
from vtesdeck.api import DEFAULT_THROTTLES, ERROR_SCHEMA, BodyLimit, Conflict, JSONParser, created
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.events import deckcheck, finals, seating
from vtesdeck.core.numbers import whole_number
from vtesdeck.openapi_examples import ROCK_DROP
from vtesdeck.pagination import StrictPagination

from .. import services
from ..models import MAX_ROUNDS, DeckCheck, Decklist, Event, Player, Round, Table
from . import serializers as s

TAGS = ["events"]
# The largest body any of these operations reads: a decklist at its longest (services.MAX_DECKLIST_CHARS),
# JSON-escaped, with room to spare.
MAX_BODY = 1024 * 1024
ORGANISER, JUDGE, PLAYER = s.ROLES

# --- documented answers ------------------------------------------------------------------------------------

NOT_FOUND = OpenApiResponse(
    ERROR_SCHEMA,
    description="No event you run or play in has this id (or no such player, round, table or list in it).",
)
FORBIDDEN = OpenApiResponse(
    ERROR_SCHEMA, description="Not allowed: only the organiser and the judges (or the player concerned) may."
)
CONFLICT = OpenApiResponse(
    ERROR_SCHEMA,
    description="Not now: the event's stage forbids it (started, a round not scored, a locked list, "
    "a duplicate registration…). `detail` says why.",
)
BAD_REQUEST = OpenApiResponse(
    ERROR_SCHEMA,
    description="Bad input: `errors` names each bad field (a score no game ends with names its codes, such as "
    "`INSUFFICIENT_TOTAL`, under `vps`).",
    examples=[
        OpenApiExample(
            "A score no game ends with",
            value={
                "detail": "Invalid value for vps: No game ends with these scores: INSUFFICIENT_TOTAL.",
                "code": "invalid",
                "errors": {"vps": ["No game ends with these scores: INSUFFICIENT_TOTAL."]},
            },
        )
    ],
)
NO_CONTENT = OpenApiResponse(description="Deleted.")


def _path(name: str, description: str, *, number: int = 0) -> OpenApiParameter:
    """A path parameter: an id (lower-case letters and digits) or a whole number up to ``number``, as the
    URL's pattern matches them (anything else is a 404 before any view)."""
    schema: dict[str, Any] = (
        {"type": "integer", "minimum": 0, "maximum": number}
        if number
        else {"type": "string", "pattern": "^[0-9a-z]{1,40}$"}
    )
    return OpenApiParameter(name, schema, OpenApiParameter.PATH, description=description)


EVENT_ID = _path("event_id", "the event's id")
PLAYER_NUMBER = _path("number", "the player's number in the event", number=9999)
ROUND_NUMBER = _path(
    "round_number", "the round's number (the final's is the last preliminary round's + 1)", number=9999
)
TABLE_NUMBER = _path("table_number", "the table's number in the round", number=9999)
CHECK_ID = _path("check_id", "the deck check's id", number=999_999_999)
TOKEN = _path("token", "the registration link's secret (the event's `join_url`)")
LIST_ROUND = OpenApiParameter(
    "round",
    {"type": "integer", "minimum": 0, "maximum": MAX_ROUNDS + 1},
    OpenApiParameter.QUERY,
    description="with multideck, the round whose list to read (default: the player's latest)",
)


def operation(operation_id: str, summary: str, *, path: Sequence[OpenApiParameter] = (), **kwargs: Any):
    """``extend_schema`` for one operation of this API: its id, tag, summary and path parameters."""
    parameters = [*path, *kwargs.pop("parameters", [])]
    return extend_schema(operation_id=operation_id, tags=TAGS, summary=summary, parameters=parameters, **kwargs)


def example(name: str, value: dict[str, Any], description: str = "") -> OpenApiExample:
    return OpenApiExample(name, value=value, description=description, request_only=True)


# --- refusals ----------------------------------------------------------------------------------------------


# The field a refusal of the services is about, for ``errors``.
REFUSED_FIELDS = {
    "IMPOSSIBLE_SCORE": "vps",
    "BAD_SCORE": "vps",
    "REASON_REQUIRED": "reason",
    "BAD_VEKN": "vekn",
    "BAD_NAME": "name",
    "BAD_MOVE": "players",
    "BAD_COUNT": "counted",
    "BAD_PENALTY": "penalty",
    "UNKNOWN_FORMAT": "ruleset",
    "BAD_ROUNDS": "rounds",
    "BAD_ROUND_TIME": "round_minutes",
    "MULTIDECK_FORBIDDEN": "multideck",
}


@contextlib.contextmanager
def refusals(**fields: str) -> Iterator[None]:
    """``services.EventError`` as the API's answer: 400 naming the field (``fields`` maps a refusal's code to
    the field of this request it is about, over ``REFUSED_FIELDS``), 403, 409."""
    try:
        yield
    except services.EventError as exc:
        if exc.status == status.HTTP_400_BAD_REQUEST:
            field = fields.get(exc.code) or REFUSED_FIELDS.get(exc.code) or api_settings.NON_FIELD_ERRORS_KEY
            raise exceptions.ValidationError({field: [exc.message]}) from None
        if exc.status == status.HTTP_403_FORBIDDEN:
            raise exceptions.PermissionDenied(exc.message) from None
        if exc.status == status.HTTP_409_CONFLICT:
            raise Conflict(exc.message) from None
        error = exceptions.APIException(exc.message)
        error.status_code = exc.status
        raise error from None


def _read(serializer_class: type[Serializer], request: Request, **kwargs: Any) -> dict[str, Any]:
    if not isinstance(request.data, Mapping):
        raise exceptions.ValidationError(
            {api_settings.NON_FIELD_ERRORS_KEY: [_("Send the request's fields as a JSON object.")]}
        )
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


# --- who asks ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Access:
    """An event as one user sees it: as its staff (organiser or judge), as one of its players, or both."""

    event: Event
    staff: bool
    me: Player | None

    def require_staff(self) -> None:
        if not self.staff:
            raise exceptions.PermissionDenied(_("Only the event's organiser and judges may do this."))


def access(request: Request, event_id: str) -> Access:
    """The event for its staff and players; a 404 for anyone else, as for an id that names nothing."""
    event = services.visible_to(request.user).select_related("owner").filter(pk=event_id).first()
    if event is None:
        raise exceptions.NotFound(_("No event you run or play in has this id."))
    staff = services.is_staff(event, request.user)
    return Access(event, staff, services.player_of(event, request.user))


def _player(event: Event, number: int) -> Player:
    player = event.players.filter(number=number).first()
    if player is None:
        raise exceptions.NotFound(_("No player has this number in this event."))
    return player


def _round(event: Event, number: int) -> Round:
    round_ = event.round_set.filter(number=number).first()
    if round_ is None:
        raise exceptions.NotFound(_("This event has no such round (yet)."))
    return round_


# --- what the answers hold ---------------------------------------------------------------------------------


def _url(request: Request, name: str, *args: Any) -> str:
    return str(reverse(f"events-api:{name}", args=[str(a) for a in args], request=request))


def _events_data(request: Request, events: Sequence[Event]) -> list[dict[str, Any]]:
    """The events as the API shows them to ``request.user``, with a few queries for the lot."""
    ids = [e.pk for e in events]
    user_id = int(request.user.pk or 0)  # signed in: anonymous clients see no event
    players = dict(
        Player.objects.filter(event_id__in=ids).values("event_id").annotate(n=Count("id")).values_list("event_id", "n")
    )
    seated = dict(
        Round.objects.filter(event_id__in=ids, final=False)
        .values("event_id")
        .annotate(n=Count("id"))
        .values_list("event_id", "n")
    )
    judged = set(
        Event.judges.through.objects.filter(event_id__in=ids, user_id=user_id).values_list("event_id", flat=True)
    )
    mine = dict(Player.objects.filter(event_id__in=ids, user_id=user_id).values_list("event_id", "number"))
    out = []
    for event in events:
        owner = event.owner_id == user_id
        staff = owner or event.pk in judged
        out.append(
            {
                **{field: getattr(event, field) for field in services.EDITABLE},
                "id": event.pk,
                "url": _url(request, "event-detail", event.pk),
                "stage": event.stage,
                "owner": event.owner.get_username(),
                "role": ORGANISER if owner else JUDGE if staff else PLAYER,
                "me": mine.get(event.pk),
                "players": players.get(event.pk, 0),
                "rounds_seated": seated.get(event.pk, 0),
                "join_url": _url(request, "join", event.token) if staff else None,
                "registration_url": request.build_absolute_uri(event.registration_url()) if staff else None,
                "created": event.created,
                "updated": event.updated,
            }
        )
    return list(s.EventSerializer(out, many=True).data)


def _event_data(request: Request, event: Event) -> dict[str, Any]:
    return _events_data(request, [event])[0]


def _list_round(event: Event) -> int:
    """The round whose list the players' table shows: the event's one list, or with multideck the next."""
    return services.list_round(event) if event.multideck else 0


def _players_data(request: Request, seen: Access, players: Iterable[Player]) -> list[dict[str, Any]]:
    players = list(players)
    number = _list_round(seen.event)
    lists = {d.player_id: d for d in Decklist.objects.filter(player__in=players, round=number)}
    out = []
    for player in players:
        listed = lists.get(player.pk)
        own = seen.me is not None and seen.me.pk == player.pk
        shown = listed is not None and (seen.staff or own)
        out.append(
            {
                "number": player.number,
                "url": _url(request, "player-detail", seen.event.pk, player.number),
                "name": player.name,
                "vekn": player.vekn,
                "status": player.status,
                "me": own,
                "decklist": {
                    "submitted": listed is not None,
                    "locked": listed is not None and listed.locked,
                    "legal": listed.legal if shown and listed is not None else None,
                    "checksum": listed.checksum if shown and listed is not None else None,
                    "round": number,
                },
                "decklist_url": _url(request, "player-decklist", seen.event.pk, player.number),
            }
        )
    return list(s.EventPlayerSerializer(out, many=True).data)


def _decklist_data(seen: Access, player: Player, listed: Decklist, report: Any) -> dict[str, Any]:
    own = seen.me is not None and seen.me.pk == player.pk
    data = {
        "player": player.number,
        "round": listed.round,
        "source": listed.source,
        # A deck's id is its link when unlisted: the player's and the staff's alone.
        "source_deck": (listed.source_deck or None) if (seen.staff or own) else None,
        "text": listed.text,
        "checksum": listed.checksum,
        "legal": listed.legal,
        "locked": listed.locked,
        "submitted": listed.submitted,
        "report": None,
    }
    body = dict(s.EventDecklistSerializer(data).data)
    body["report"] = messages.report(report) if report is not None else None  # the core's report as it is
    return body


def _list_round_of(event: Event, value: int | None) -> int | None:
    """The round a list is for, as a request names it (None: the services' default): 0 for an event with one
    list, a round of the event (the final's included) with multideck."""
    if value is None:
        return None
    if not event.multideck:
        if value != 0:
            raise exceptions.ValidationError({"round": [_("This event has one list for all its rounds: 0.")]})
        return 0
    last = event.rounds + (1 if event.finals else 0)
    if not 1 <= value <= last:
        raise exceptions.ValidationError(
            {"round": [_("A multideck list is for a round from 1 to %(last)d.") % {"last": last}]}
        )
    return value


def _names(event: Event) -> dict[int, str]:
    return dict(event.players.values_list("number", "name"))


def _table_data(request: Request, seen: Access, round_: Round, table: Table, names: Mapping[int, str]) -> dict:
    vps = list(table.vps)
    return {
        "number": table.number,
        "seats": [
            {"seat": k, "player": p, "name": names.get(p, ""), "vp": vps[k - 1] if vps else None}
            for k, p in enumerate(table.seats, 1)
        ],
        "vps": vps,
        "scored": bool(vps),
        "locked": table.locked,
        "override": table.override if seen.staff else None,
        "score_url": _url(request, "table-score", seen.event.pk, round_.number, table.number),
    }


def _rounds_data(request: Request, seen: Access, rounds: Iterable[Round]) -> list[dict[str, Any]]:
    rounds = list(rounds)
    names = _names(seen.event)
    seated = services.seatings(seen.event)
    tables: dict[int, list[Table]] = {r.pk: [] for r in rounds}
    for table in Table.objects.filter(round__in=rounds).order_by("round_id", "number"):
        tables[table.round_id].append(table)
    out = []
    for round_ in rounds:
        played = [] if round_.final else seated[: round_.number]
        here = tables[round_.pk]
        out.append(
            {
                "number": round_.number,
                "url": _url(request, "round-detail", seen.event.pk, round_.number),
                "final": round_.final,
                "scored": bool(here) and all(t.vps for t in here),
                "tables": [_table_data(request, seen, round_, t, names) for t in here],
                "checked_tables": list(round_.checked_tables) if seen.staff else None,
                "violations": seating.score(played) if played else None,
            }
        )
    return list(s.EventRoundSerializer(out, many=True).data)


def _finals_data(request: Request, seen: Access, round_: Round) -> dict[str, Any]:
    setup = finals.FinalsSetup.from_dict(round_.finals_setup)
    names = _names(seen.event)
    cards = index.get()
    table = round_.tables.first()
    data = {
        "round": round_.number,
        "url": _url(request, "finals", seen.event.pk),
        "qualifiers": [
            {
                "seed": seed,
                "number": number,
                "name": names.get(number, ""),
                "reveals": [
                    {"id": card, "name": cards[card].unique_name if card in cards else f"#{card}"}
                    for card in setup.reveals.get(number, ())
                ],
                "crypt_left": setup.crypt_left.get(number),
            }
            for seed, number in enumerate(setup.qualifiers, 1)
        ],
        "row": list(setup.row),
        "next_to_place": setup.next_to_place,
        "places": setup.places(),
        "complete": setup.complete,
        "first": setup.first,
        "seats": setup.seats,
        "table": _table_data(request, seen, round_, table, names) if table is not None else None,
    }
    return s.EventFinalsSerializer(data).data


def _deck_check_data(request: Request, seen: Access, check: DeckCheck) -> dict[str, Any]:
    player, round_ = check.player, check.round
    differences = [
        deckcheck.Difference(str(d.get("group", "")), int(d.get("expected", 0)), int(d.get("counted", 0)))
        for d in check.differences
    ]
    found = deckcheck.finding(differences)
    listed = services.registered_list(player, round_.number)
    expected = deckcheck.expected_counts(CoreDeck.from_dict(listed.deck), index.get()) if listed is not None else {}
    data = {
        "id": check.pk,
        "url": _url(request, "deck-check-detail", seen.event.pk, round_.number, check.pk),
        "round": round_.number,
        "player": player.number,
        "name": player.name,
        "expected": expected,
        "counted": dict(check.counted),
        "differences": [d.to_dict() for d in differences],
        "finding": found.to_dict() if found is not None else None,
        "penalty": check.penalty,
        "note": check.note,
        "judge": check.judge.get_username() if check.judge is not None else None,
        "created": check.created,
    }
    return s.EventDeckCheckSerializer(data).data


# --- the views ---------------------------------------------------------------------------------------------


class Metadata(SimpleMetadata):
    """OPTIONS: the fields each write takes, from the view's ``writes`` (DRF's own would look the object up
    through a queryset these views do not have: they find the event themselves, for its staff and players)."""

    def determine_actions(self, request: Request, view: Any) -> dict[str, Any]:
        writes = getattr(view, "writes", {})
        return {
            method: self.get_serializer_info(serializer_class())
            for method, serializer_class in writes.items()
            if method in view.allowed_methods
        }


class EventsView(BodyLimit, GenericAPIView):
    """What every view of this API shares: JSON bodies (capped), the default throttles, strict pages."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    throttle_classes = DEFAULT_THROTTLES
    pagination_class = StrictPagination
    metadata_class = Metadata
    # The request serializer of each write that reads a body (OPTIONS describes them).
    writes: dict[str, type[Serializer]] = {}

    def max_body(self) -> int:
        return MAX_BODY

    def page_of(self, items: Any) -> Any:
        page = self.paginate_queryset(items)
        return page if page is not None else items


class EventListView(EventsView):
    writes = {"POST": s.EventWriteSerializer}

    @operation(
        "events_list",
        "List my events",
        description="The events you organise, judge or play in, the latest first.",
        responses={200: s.EventSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(_("Log in to see your events."))
        events: QuerySet[Event] = (
            services.visible_to(request.user).select_related("owner").order_by("-date", "-created", "id")
        )
        return self.get_paginated_response(_events_data(request, self.page_of(events)))

    @operation(
        "events_create",
        "Create an event",
        description="You are its organiser. `name` and `date` are required; the other settings have defaults "
        "(`vekn`, casual, 3 rounds of 120 minutes, a final, lists required, the winner's list shown after).",
        request=s.EventWriteSerializer,
        responses={201: s.EventSerializer, 400: BAD_REQUEST},
        examples=[
            example("A casual event", {"name": "Friday night", "date": "2026-12-04", "location": "Lyon"}),
            example(
                "A national championship",
                {
                    "name": "French championship",
                    "date": "2026-12-12",
                    "rank": "national",
                    "rounds": 3,
                    "finals": True,
                    "decklists_mode": "public",
                },
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(_("Log in to create an event."))
        values = _read(s.EventWriteSerializer, request)
        with refusals():
            event = services.create_event(request.user, **values)
        return created(_event_data(request, event))


class EventDetailView(EventsView):
    writes = {"PATCH": s.EventWriteSerializer}

    @operation(
        "events_retrieve",
        "One event",
        path=[EVENT_ID],
        description="Its settings, its stage and your role in it. The registration link (`join_url`, "
        "`registration_url`) is the organiser's and judges' alone.",
        responses={200: s.EventSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str) -> Response:
        return Response(_event_data(request, access(request, event_id).event))

    @operation(
        "events_partial_update",
        "Change an event's settings",
        path=[EVENT_ID],
        description="The organiser and judges. Once the event has started its date, format, multideck and "
        "lists-required settings no longer change (409), nor do the rounds drop below those seated.",
        request=s.EventWriteSerializer(partial=True),
        responses={200: s.EventSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
        examples=[example("Close registration", {"registration_open": False}), example("Four rounds", {"rounds": 4})],
    )
    def patch(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        values = _read(s.EventWriteSerializer, request, partial=True)
        with refusals():
            event = services.update_event(seen.event, request.user, **values)
        return Response(_event_data(request, event))

    @operation(
        "events_destroy",
        "Delete an event",
        path=[EVENT_ID],
        description="The organiser alone, before the event starts.",
        request=None,
        responses={204: NO_CONTENT, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    def delete(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        with refusals():
            services.delete_event(seen.event, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class JoinView(EventsView):
    writes = {"POST": s.EventJoinSerializer}

    @operation(
        "events_join",
        "Register for an event",
        path=[TOKEN],
        description="Registers you (your account is the player) through the event's registration link, while "
        "registration is open. You play under your user name unless `name` says otherwise. Registering twice "
        "(the same account, VEKN number or name) is a 409.",
        request=s.EventJoinSerializer,
        responses={201: s.EventPlayerSerializer, 400: BAD_REQUEST, 404: NOT_FOUND, 409: CONFLICT},
        examples=[example("As myself", {}), example("With my VEKN number", {"name": "Ana", "vekn": "3200123"})],
    )
    def post(self, request: Request, token: str) -> Response:
        event = Event.objects.filter(token=token).first()
        if event is None:
            raise exceptions.NotFound(_("This registration link is not valid."))
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(_("Log in to register for an event."))
        values = _read(s.EventJoinSerializer, request)
        with refusals():
            player = services.register(event, by=request.user, name=values["name"], vekn=values["vekn"], account=True)
        return created(_players_data(request, access(request, event.pk), [player])[0])


class PlayerListView(EventsView):
    writes = {"POST": s.EventPlayerWriteSerializer}

    @operation(
        "events_players_list",
        "The players",
        path=[EVENT_ID],
        description="In the order of registration. Whether each has a list is shown to all; a list's verdict "
        "(`legal`) and `checksum` to the organiser, the judges and the player alone.",
        responses={200: s.EventPlayerSerializer(many=True), 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        players = seen.event.players.order_by("number")
        return self.get_paginated_response(_players_data(request, seen, self.page_of(players)))

    @operation(
        "events_players_create",
        "Add a player",
        path=[EVENT_ID],
        description="The organiser and judges, late arrivals included (until the final). A player is "
        "registered once: the same VEKN number or name again is a 409.",
        request=s.EventPlayerWriteSerializer,
        responses={201: s.EventPlayerSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
        examples=[example("A player", {"name": "Bruno", "vekn": "3200456"})],
    )
    def post(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        seen.require_staff()
        values = _read(s.EventPlayerWriteSerializer, request)
        with refusals():
            player = services.register(
                seen.event, by=request.user, name=values["name"], vekn=values["vekn"], account=False
            )
        return created(_players_data(request, seen, [player])[0])


class PlayerDetailView(EventsView):
    @operation(
        "events_players_retrieve",
        "One player",
        path=[EVENT_ID, PLAYER_NUMBER],
        responses={200: s.EventPlayerSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str, number: str) -> Response:
        seen = access(request, event_id)
        return Response(_players_data(request, seen, [_player(seen.event, int(number))])[0])


class DropView(EventsView):
    @operation(
        "events_players_drop",
        "Drop a player",
        path=[EVENT_ID, PLAYER_NUMBER],
        description="A judge, or the player themselves: they keep what they earned and are seated no more.",
        request=None,
        responses={200: s.EventPlayerSerializer, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def post(self, request: Request, event_id: str, number: str) -> Response:
        seen = access(request, event_id)
        player = _player(seen.event, int(number))
        with refusals():
            services.drop(player, request.user)
        player.refresh_from_db()
        return Response(_players_data(request, seen, [player])[0])


class DecklistView(EventsView):
    writes = {"PUT": s.EventDecklistWriteSerializer}

    @operation(
        "events_decklist_retrieve",
        "A player's list",
        path=[EVENT_ID, PLAYER_NUMBER],
        parameters=[LIST_ROUND],
        description="The registered snapshot and the validator's report, every rule cited. Your own list, or "
        "any for the organiser and judges; another player's once the event is over, when the event shows "
        "lists (`decklists_mode`: every list for `public`, the winner's for `winner`).",
        responses={200: s.EventDecklistSerializer, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str, number: str) -> Response:
        seen = access(request, event_id)
        player = _player(seen.event, int(number))
        if not services.may_read_list(seen.event, request.user, player):
            raise exceptions.PermissionDenied(_("Only the player and the event's judges see this list."))
        lists = Decklist.objects.filter(player=player)
        wanted = request.query_params.get("round")
        if wanted is not None:
            value = whole_number(wanted)
            if value is None or not 0 <= value <= MAX_ROUNDS + 1:
                raise exceptions.ValidationError({"round": [f"Must be a whole number from 0 to {MAX_ROUNDS + 1}."]})
            lists = lists.filter(round=_list_round_of(seen.event, value) or 0)
        listed = lists.order_by("-round").first()
        if listed is None:
            raise exceptions.NotFound(_("This player has no list registered."))
        return Response(_decklist_data(seen, player, listed, services.verdict(listed)))

    @operation(
        "events_decklist_update",
        "Register a player's list",
        path=[EVENT_ID, PLAYER_NUMBER],
        description="The player (their own list) or a judge: the list as `text`, or a snapshot of one of your "
        "vtesdeck decks by its id (`deck`). It is judged at once; an illegal list is kept, with the report "
        "saying why, but is no list to check in with. Once the event starts the lists are locked: a player's "
        "change is then a 409, and a judge's needs a `reason` (logged).",
        request=s.EventDecklistWriteSerializer,
        responses={200: s.EventDecklistSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
        examples=[
            example("A decklist", {"text": ROCK_DROP}),
            example("One of my decks", {"deck": "k3m5p7r9t2v4"}),
            example("A judge's correction", {"text": ROCK_DROP, "reason": "a misspelt card, fixed at check-in"}),
        ],
    )
    def put(self, request: Request, event_id: str, number: str) -> Response:
        seen = access(request, event_id)
        player = _player(seen.event, int(number))
        values = _read(s.EventDecklistWriteSerializer, request)
        deck = None
        if "deck" in values:
            deck = self._deck(request, player, values["deck"])
        with refusals(BAD_DECKLIST="deck" if deck is not None else "text"):
            submitted = services.submit_list(
                player,
                by=request.user,
                text=values.get("text"),
                deck=deck,
                reason=values["reason"],
                round_number=_list_round_of(seen.event, values.get("round")),
            )
        return Response(_decklist_data(seen, player, submitted.decklist, submitted.report))

    @staticmethod
    def _deck(request: Request, player: Player, deck_id: str) -> Deck:
        """A deck the caller may read (theirs, or shared by its link), or the player's own."""
        readable = Deck.objects.readable_by(request.user).filter(pk=deck_id).first()
        if readable is None and player.user_id is not None:
            readable = Deck.objects.filter(pk=deck_id, owner_id=player.user_id).first()
        if readable is None:
            raise exceptions.ValidationError({"deck": [_("No deck you may read has this id.")]})
        return readable


class StartView(EventsView):
    @operation(
        "events_start",
        "Start the event",
        path=[EVENT_ID],
        description="The organiser and judges: registration closes and every list is locked. It needs 4 players "
        "and, when lists are required, a legal list for each (409 naming those without).",
        request=None,
        responses={200: s.EventSerializer, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    def post(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        with refusals():
            event = services.start(seen.event, request.user)
        return Response(_event_data(request, event))


class FinishView(EventsView):
    @operation(
        "events_finish",
        "Finish an event without a final",
        path=[EVENT_ID],
        description="The organiser and judges close an event that has no final once every preliminary round is "
        "scored (an event with a final finishes when the final's score is entered). Its lists become public as "
        "`decklists_mode` says.",
        request=None,
        responses={200: s.EventSerializer, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    def post(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        with refusals():
            event = services.finish(seen.event, request.user)
        return Response(_event_data(request, event))


class RoundListView(EventsView):
    @operation(
        "events_rounds_list",
        "The rounds",
        path=[EVENT_ID],
        description="Each round's tables, seat 1 first, with their scores; the final last. The tables picked "
        "for a deck check are shown to the organiser and judges alone.",
        responses={200: s.EventRoundSerializer(many=True), 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        rounds = seen.event.round_set.order_by("number")
        return self.get_paginated_response(_rounds_data(request, seen, self.page_of(rounds)))

    @operation(
        "events_rounds_create",
        "Seat the next round",
        path=[EVENT_ID],
        description="The organiser and judges: the next preliminary round seated by the VEKN rules given the "
        "rounds played (drops and late arrivals count), and its tables picked for a deck check. The previous "
        "round must be scored.",
        request=None,
        responses={201: s.EventRoundSerializer, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    def post(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        with refusals():
            round_ = services.seat_next_round(seen.event, request.user)
        return created(_rounds_data(request, seen, [round_])[0])


class RoundDetailView(EventsView):
    @operation(
        "events_rounds_retrieve",
        "One round",
        path=[EVENT_ID, ROUND_NUMBER],
        description="Its tables, their scores and the seating criteria R1..R9 reached so far.",
        responses={200: s.EventRoundSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str, round_number: str) -> Response:
        seen = access(request, event_id)
        return Response(_rounds_data(request, seen, [_round(seen.event, int(round_number))])[0])


class MoveView(EventsView):
    writes = {"POST": s.EventMoveSerializer}

    @operation(
        "events_rounds_move",
        "Swap two players",
        path=[EVENT_ID, ROUND_NUMBER],
        description="The organiser and judges, before any table of the round is scored: two players swap seats "
        "(at one table or two). The answer is the round with its criteria R1..R9 after the move.",
        request=s.EventMoveSerializer,
        responses={200: s.EventRoundSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
        examples=[example("Two players swap", {"players": [3, 8], "reason": "players from the same club"})],
    )
    def post(self, request: Request, event_id: str, round_number: str) -> Response:
        seen = access(request, event_id)
        round_ = _round(seen.event, int(round_number))
        values = _read(s.EventMoveSerializer, request)
        table = round_.tables.first()
        if round_.final or table is None:
            raise Conflict(_("Only a preliminary round's seats are moved (the final is seated by its ritual)."))
        one, other = values["players"]
        with refusals():
            services.move(table, request.user, one, other, values["reason"])
        return Response(_rounds_data(request, seen, [round_])[0])


class ScoreView(EventsView):
    writes = {"PUT": s.EventScoreSerializer}

    @operation(
        "events_tables_score",
        "Score a table",
        path=[EVENT_ID, ROUND_NUMBER, TABLE_NUMBER],
        description="Each seat's VPs in seat order, by a judge or by a player at the table until a judge locks "
        "it (`lock`, judges only). A score no game ends with is a 400 naming the rule's codes "
        "(`INSUFFICIENT_TOTAL`, `EXCESSIVE_TOTAL`, `MISSING_VP`, `MISSING_HALF_VP`), unless a judge gives "
        "a `reason` (a penalty, a game loss), logged. Scoring the final ends the event.",
        request=s.EventScoreSerializer,
        responses={200: s.EventTableSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
        examples=[
            example("A table of five", {"vps": [2, 0, 0, 1.5, 0.5]}),
            example("Scored and locked by a judge", {"vps": [1, 1, 1, 1, 0], "lock": True}),
        ],
    )
    def put(self, request: Request, event_id: str, round_number: str, table_number: str) -> Response:
        seen = access(request, event_id)
        round_ = _round(seen.event, int(round_number))
        table = round_.tables.filter(number=int(table_number)).first()
        if table is None:
            raise exceptions.NotFound(_("This round has no such table."))
        values = _read(s.EventScoreSerializer, request)
        with refusals():
            table = services.enter_score(
                table, request.user, values["vps"], reason=values["reason"], lock=values["lock"]
            )
        return Response(_table_data(request, seen, round_, table, _names(seen.event)))


class StandingsView(EventsView):
    @operation(
        "events_standings",
        "The standings",
        path=[EVENT_ID],
        description="The players ranked by game wins, VPs, tournament points and the recorded toss; once the "
        "final is scored, its finishers first in the final's order.",
        responses={200: s.EventStandingsSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        rows = [
            {
                "rank": row.standing.rank,
                "number": row.player.number,
                "name": row.player.name,
                "status": row.player.status,
                "gw": row.standing.gw,
                "vp": row.standing.vp,
                "tp": row.standing.tp,
                "toss": row.standing.toss,
                "rounds": row.rounds,
                "finals_place": row.finals_place,
            }
            for row in services.standings(seen.event)
        ]
        return Response(s.EventStandingsSerializer({"stage": seen.event.stage, "rows": rows}).data)


class FinalsView(EventsView):
    @operation(
        "events_finals_retrieve",
        "The final",
        path=[EVENT_ID],
        description="The final's helper as far as it has gone: the qualifiers (top seed first) with the crypt "
        "cards revealed for each, the row of name cards laid, whose turn it is and where their card may go, "
        "then the first player drawn and the seats; the table once seated.",
        responses={200: s.EventFinalsSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        round_ = services.final_round(seen.event)
        if round_ is None:
            raise exceptions.NotFound(_("The final has not started."))
        return Response(_finals_data(request, seen, round_))

    @operation(
        "events_finals_create",
        "Start the final",
        path=[EVENT_ID],
        description="The organiser and judges, once every preliminary round is scored: the top five qualify and "
        "three random crypt cards of each one's list are revealed.",
        request=None,
        responses={201: s.EventFinalsSerializer, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    def post(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        with refusals():
            round_ = services.start_finals(seen.event, request.user)
        return created(_finals_data(request, seen, round_))


class PlaceView(EventsView):
    writes = {"POST": s.EventPlaceSerializer}

    @operation(
        "events_finals_place",
        "Place a finalist's name card",
        path=[EVENT_ID],
        description="The organiser and judges: the finalist whose turn it is (`next_to_place`, the lowest "
        "qualifier first) lays their card at one of `places`. Once all are laid the first player is drawn and "
        "the final's table seated.",
        request=s.EventPlaceSerializer,
        responses={200: s.EventFinalsSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
        examples=[example("The fifth qualifier, first card", {"player": 12, "index": 0})],
    )
    def post(self, request: Request, event_id: str) -> Response:
        seen = access(request, event_id)
        values = _read(s.EventPlaceSerializer, request)
        with refusals(BAD_PLACE=api_settings.NON_FIELD_ERRORS_KEY):
            services.place_finalist(seen.event, request.user, values["player"], values["index"])
        round_ = services.final_round(seen.event)
        assert round_ is not None  # place_finalist refuses an event without one
        return Response(_finals_data(request, seen, round_))


class DeckCheckListView(EventsView):
    writes = {"POST": s.EventDeckCheckWriteSerializer}

    @operation(
        "events_deck_checks_list",
        "A round's deck checks",
        path=[EVENT_ID, ROUND_NUMBER],
        description="The organiser and judges: the checks recorded this round, the latest first.",
        responses={200: s.EventDeckCheckSerializer(many=True), 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str, round_number: str) -> Response:
        seen = access(request, event_id)
        seen.require_staff()
        round_ = _round(seen.event, int(round_number))
        checks = round_.deck_checks.select_related("player", "round", "judge").order_by("-created", "-id")
        return self.get_paginated_response([_deck_check_data(request, seen, c) for c in self.page_of(checks)])

    @operation(
        "events_deck_checks_create",
        "Record a deck check",
        path=[EVENT_ID, ROUND_NUMBER],
        description="The organiser and judges: a player's deck counted by group (the crypt, then the library's "
        "sections) against their locked list. The answer holds the differences and, when there are some, the "
        "Judges' Guide's infraction, remedy and default penalty; `penalty` records the head judge's choice.",
        request=s.EventDeckCheckWriteSerializer,
        responses={201: s.EventDeckCheckSerializer, 400: BAD_REQUEST, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
        examples=[
            example(
                "A deck one Action short",
                {"player": 7, "counted": {"Crypt": 12, "Master": 10, "Action": 29, "Combat": 20}, "note": ""},
            )
        ],
    )
    def post(self, request: Request, event_id: str, round_number: str) -> Response:
        seen = access(request, event_id)
        seen.require_staff()
        round_ = _round(seen.event, int(round_number))
        values = _read(s.EventDeckCheckWriteSerializer, request)
        player = seen.event.players.filter(number=values["player"]).first()
        if player is None:
            raise exceptions.ValidationError({"player": [_("No player has this number in this event.")]})
        with refusals():
            check = services.record_deck_check(
                round_, player, request.user, values["counted"], penalty=values["penalty"], note=values["note"]
            )
        return created(_deck_check_data(request, seen, check))


class DeckCheckDetailView(EventsView):
    @operation(
        "events_deck_checks_retrieve",
        "One deck check",
        path=[EVENT_ID, ROUND_NUMBER, CHECK_ID],
        responses={200: s.EventDeckCheckSerializer, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    def get(self, request: Request, event_id: str, round_number: str, check_id: str) -> Response:
        seen = access(request, event_id)
        seen.require_staff()
        round_ = _round(seen.event, int(round_number))
        check = round_.deck_checks.select_related("player", "round", "judge").filter(pk=int(check_id)).first()
        if check is None:
            raise exceptions.NotFound(_("This round has no such deck check."))
        return Response(_deck_check_data(request, seen, check))
