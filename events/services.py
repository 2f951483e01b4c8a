"""Everything that changes an event, for the pages, the API and the admin alike: one rule, one place.

Each function checks who may do it and in which stage of the event, does it in one transaction (the
event's row locked, so two judges or two players at once are served one after the other), and raises
``EventError`` for anything refused: a sentence in the active language, a code for machines and the HTTP
status the pages and the API answer with (400 bad input, 403 not allowed, 409 not now). Nothing is
changed by a refused call.

The rules themselves are computed by ``vtesdeck.core.events`` (seating, scores, standings, the finals'
helper, deck checks); this module stores their results.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.db.models import Field, Max, Q, QuerySet
from django.utils.translation import gettext as _

from cards import index
from decklists import services as decklist_services
from formats.services import UnknownFormat, ruleset_for
from vtesdeck.core import decklist as core_decklist
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.events import deckcheck, exports, finals, scoring, seating
from vtesdeck.core.numbers import whole_number
from vtesdeck.core.validate import Report

from .models import (
    MAX_PLAYERS,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    DeckCheck,
    Decklist,
    Event,
    LogEntry,
    Player,
    Round,
    Table,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    from decks.models import Deck

    # Who acts: request.user, an account or nobody logged in.
    Someone = User | AnonymousUser

logger = logging.getLogger(__name__)

# Ranks where every player must play one deck all day (TR §3.1.5: multideck is for lesser events).
NO_MULTIDECK = (Event.Rank.NATIONAL, Event.Rank.CONTINENTAL, Event.Rank.GRAND_PRIX)
FINALISTS = 5
# Events an organiser runs at once (finished ones do not count): a bound on what one account can store.
MAX_OPEN_EVENTS = 50
OPEN_STAGES = (Event.Stage.REGISTRATION, Event.Stage.RUNNING, Event.Stage.FINALS)
MAX_DECKLIST_CHARS = 60_000
MAX_JUDGES = 20
# A deck check's penalty when the judge gives none (an empty one means the guide's default).
NO_PENALTY = "none"


class EventError(ValueError):
    """A refused change: ``message`` for people, ``code`` for machines, ``status`` for HTTP."""

    def __init__(self, message: str, *, code: str, status: int = 400, detail: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.detail = detail


def _denied(message: str) -> EventError:
    return EventError(message, code="NOT_ALLOWED", status=403)


# --- who may do what ---------------------------------------------------------------------------------------


def is_staff(event: Event, user: Someone | None) -> bool:
    """The organiser and the event's judges run it."""
    if user is None or not user.is_authenticated:
        return False
    return event.owner_id == user.pk or event.judges.filter(pk=user.pk).exists()


def player_of(event: Event, user: Someone | None) -> Player | None:
    if user is None or not user.is_authenticated:
        return None
    return event.players.filter(user_id=user.pk).first()


def require_staff(event: Event, user: Someone | None) -> None:
    if not is_staff(event, user):
        raise _denied(_("Only the event's organiser and judges may do this."))


def visible_to(user: Someone | None) -> QuerySet[Event]:
    """The events a user may see: those they run and those they play in."""
    if user is None or not user.is_authenticated:
        return Event.objects.none()
    return Event.objects.filter(Q(owner_id=user.pk) | Q(judges=user.pk) | Q(players__user_id=user.pk)).distinct()


# --- the event ----------------------------------------------------------------------------------------------

EDITABLE = (
    "name",
    "date",
    "location",
    "ruleset",
    "rank",
    "proxies",
    "decklists_required",
    "decklists_mode",
    "rounds",
    "round_minutes",
    "finals",
    "multideck",
    "registration_open",
)
# What can no longer change once the event has started: the lists were judged and locked by these.
FIXED_ONCE_STARTED = ("date", "ruleset", "multideck", "decklists_required")


def _check_settings(values: dict[str, Any]) -> None:
    try:
        ruleset_for(values["ruleset"])
    except UnknownFormat as exc:
        raise EventError(str(exc), code="UNKNOWN_FORMAT") from exc
    if not 1 <= values["rounds"] <= MAX_ROUNDS:
        raise EventError(
            _("An event has from 1 to %(max)d preliminary rounds.") % {"max": MAX_ROUNDS}, code="BAD_ROUNDS"
        )
    if not 30 <= values["round_minutes"] <= MAX_ROUND_MINUTES:
        raise EventError(
            _("A round lasts from 30 to %(max)d minutes.") % {"max": MAX_ROUND_MINUTES}, code="BAD_ROUND_TIME"
        )
    if values["multideck"] and values["rank"] in NO_MULTIDECK:
        raise EventError(
            _("Multideck is not allowed at national, continental and grand-prix events (TR §3.1.5)."),
            code="MULTIDECK_FORBIDDEN",
        )


def create_event(owner: User, **values: Any) -> Event:
    if Event.objects.filter(owner=owner, stage__in=OPEN_STAGES).count() >= MAX_OPEN_EVENTS:
        raise EventError(
            _("You may run at most %(max)d events that are not finished.") % {"max": MAX_OPEN_EVENTS},
            code="TOO_MANY_EVENTS",
            status=409,
        )
    defaults = {field: _default(field) for field in EDITABLE}
    unknown = set(values) - set(EDITABLE)
    if unknown:
        raise EventError(_("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))}, code="BAD_FIELD")
    settings = {**defaults, **values}
    if not settings.get("name") or not settings.get("date"):
        raise EventError(_("An event needs a name and a date."), code="BAD_FIELD")
    _check_settings(settings)
    return Event.objects.create(owner=owner, **settings)


def _default(field: str) -> Any:
    found = Event._meta.get_field(field)
    return found.get_default() if isinstance(found, Field) else None


def update_event(event: Event, by: Someone, **values: Any) -> Event:
    with transaction.atomic():
        event = _locked(event)
        require_staff(event, by)
        unknown = set(values) - set(EDITABLE)
        if unknown:
            raise EventError(
                _("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))}, code="BAD_FIELD"
            )
        if event.started:
            fixed = [f for f in FIXED_ONCE_STARTED if f in values and values[f] != getattr(event, f)]
            if fixed:
                raise EventError(
                    _("The event has started: %(names)s can no longer change.") % {"names": ", ".join(fixed)},
                    code="EVENT_STARTED",
                    status=409,
                )
            seated = event.round_set.filter(final=False).count()
            if "rounds" in values and values["rounds"] < seated:
                raise EventError(
                    _("%(count)d rounds are already seated.") % {"count": seated}, code="BAD_ROUNDS", status=409
                )
        settings = {field: getattr(event, field) for field in EDITABLE} | values
        _check_settings(settings)
        for field, value in values.items():
            setattr(event, field, value)
        event.save()
        return event


def add_judge(event: Event, by: Someone, judge: User) -> None:
    with transaction.atomic():
        event = _locked(event)
        require_staff(event, by)
        if event.judges.count() >= MAX_JUDGES:
            raise EventError(_("An event has at most %(max)d judges.") % {"max": MAX_JUDGES}, code="TOO_MANY_JUDGES")
        event.judges.add(judge)


def _locked(event: Event) -> Event:
    """The event's row, locked until the transaction ends: changes to one event are served one at a time."""
    return Event.objects.select_for_update().get(pk=event.pk)


def _log(event: Event, by: Someone | None, action: str, reason: str = "", **detail: Any) -> None:
    user_id = by.pk if by is not None and by.is_authenticated else None
    LogEntry.objects.create(event=event, user_id=user_id, action=action, reason=reason[:300], detail=detail)


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise EventError(_("A judge's change after the lock needs a reason."), code="REASON_REQUIRED")
    return reason[:300]


# --- registration ------------------------------------------------------------------------------------------


def parse_vekn(value: str | int | None) -> str:
    """A VEKN number is up to 7 digits (the id card's); empty when not given."""
    text = str(value if value is not None else "").strip()
    if not text:
        return ""
    number = whole_number(text)
    if number is None or number <= 0 or len(text) > 7:
        raise EventError(_("%(value)r is not a VEKN number (up to 7 digits).") % {"value": text}, code="BAD_VEKN")
    return str(number)


def register(event: Event, *, by: Someone | None, name: str = "", vekn: str = "", account: bool = False) -> Player:
    """Register a player: ``by`` themselves (``account``: their account is the player) through the link while
    registration is open, or anyone a judge adds, late arrivals included (TR: a late player joins the next
    round). A player is registered once: the same account, VEKN number or name again is refused (409)."""
    with transaction.atomic():
        event = _locked(event)
        staff = is_staff(event, by)
        if event.stage in (Event.Stage.FINALS, Event.Stage.FINISHED):
            raise EventError(_("The preliminary rounds are over."), code="REGISTRATION_CLOSED", status=409)
        if not staff and (event.started or not event.registration_open):
            raise EventError(_("Registration for this event is closed."), code="REGISTRATION_CLOSED", status=409)
        user = by if (account and by is not None and by.is_authenticated) else None
        name = " ".join((name or "").split())[:120]
        if not name and user is not None:
            name = user.get_username()
        if not name:
            raise EventError(_("A player needs a name."), code="BAD_NAME")
        vekn = parse_vekn(vekn)
        if event.players.count() >= MAX_PLAYERS:
            raise EventError(
                _("An event has at most %(max)d players.") % {"max": MAX_PLAYERS}, code="EVENT_FULL", status=409
            )
        if user is not None and event.players.filter(user_id=user.pk).exists():
            raise EventError(_("You are already registered."), code="DUPLICATE_REGISTRATION", status=409)
        if vekn and event.players.filter(vekn=vekn).exists():
            raise EventError(
                _("VEKN number %(vekn)s is already registered.") % {"vekn": vekn},
                code="DUPLICATE_REGISTRATION",
                status=409,
            )
        if event.players.filter(name__iexact=name).exists():
            raise EventError(
                _("A player named %(name)s is already registered.") % {"name": name},
                code="DUPLICATE_REGISTRATION",
                status=409,
            )
        number = (event.players.aggregate(top=Max("number"))["top"] or 0) + 1
        try:
            with transaction.atomic():
                player = Player.objects.create(event=event, number=number, user=user, name=name, vekn=vekn)
        except IntegrityError as exc:  # the constraints, should a check above ever miss a case
            raise EventError(
                _("This player is already registered."), code="DUPLICATE_REGISTRATION", status=409
            ) from exc
        if event.started:
            _log(event, by, "late_arrival", player=number, name=name)
        return player


def drop(player: Player, by: Someone) -> None:
    """A player leaves the event (drops): kept in the standings with what they earned, seated no more."""
    with transaction.atomic():
        event = _locked(player.event)
        if not (is_staff(event, by) or (by.is_authenticated and player.user_id == by.pk)):
            raise _denied(_("Only a judge or the player may drop a player."))
        Player.objects.filter(pk=player.pk).update(status=Player.Status.DROPPED)
        player.status = Player.Status.DROPPED
        _log(event, by, "drop", player=player.number)


# --- decklists ---------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Submitted:
    decklist: Decklist
    report: Report


def list_round(event: Event) -> int:
    """The round a list submitted now is for: 0 (the event's one list), or with multideck the next round
    not yet started (the final's after the last preliminary round)."""
    if not event.multideck:
        return 0
    seated = event.round_set.aggregate(top=Max("number"))["top"] or 0
    return seated + 1


def check_list(event: Event, text: str, path: str = "decklist") -> decklist_services.Outcome:
    """Parse and judge a list as the event judges it: its format, as of its date (the 30-day rule with it)."""
    options = decklist_services.CheckOptions(ruleset=ruleset_for(event.ruleset), as_of=event.date)
    return decklist_services.check(path, text, index.get(), options)


def submit_list(
    player: Player,
    *,
    by: Someone,
    text: str | bytes | None = None,
    deck: Deck | None = None,
    source: str = Decklist.Source.TEXT,
    reason: str = "",
    round_number: int | None = None,
    by_link: bool = False,
) -> Submitted:
    """Register (or replace) a player's list: a snapshot of one of their vtesdeck decks, pasted text or a
    file. The list is judged at once; an illegal list is kept (the player sees why) but is no list for
    check-in. A locked list changes only by a judge, with a reason, logged. ``by_link``: the caller opened the
    player's own link (``Player.token``), which stands for the player's account when they have none."""
    cards = index.get()
    if deck is not None:
        snapshot = deck.to_core()
        snapshot.name = deck.name
        body = core_decklist.export(snapshot, cards, "twd")
        source, source_deck = Decklist.Source.DECK, deck.pk
    else:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise EventError(_("The file is not a text decklist (UTF-8)."), code="BAD_DECKLIST") from exc
        body, source_deck = (text or "").strip(), ""
    if not body:
        raise EventError(_("The decklist is empty."), code="BAD_DECKLIST")
    if len(body) > MAX_DECKLIST_CHARS:
        raise EventError(_("The decklist is too long."), code="BAD_DECKLIST")
    with transaction.atomic():
        event = _locked(player.event)
        player = Player.objects.get(pk=player.pk)
        staff = is_staff(event, by)
        if not (staff or by_link or (by.is_authenticated and player.user_id == by.pk)):
            raise _denied(_("Only the player and the event's judges may submit this list."))
        if deck is not None and not staff and deck.owner_id != by.pk:
            raise _denied(_("That deck is not yours."))
        number = list_round(event) if round_number is None else round_number
        current = Decklist.objects.filter(player=player, round=number).first()
        seated = event.round_set.filter(number__gte=number).exists() if event.multideck else event.started
        locked = (current is not None and current.locked) or seated
        if locked:
            if not staff:
                raise EventError(
                    _("The lists are locked: the event has started. Ask a judge."), code="LIST_LOCKED", status=409
                )
            reason = _reason(reason)
        outcome = check_list(event, body)
        if outcome.report is None:
            raise EventError(outcome.error, code="BAD_DECKLIST", detail={"code": outcome.error_code})
        parsed = core_decklist.parse(body, cards)
        values = {
            "source": source,
            "source_deck": source_deck,
            "text": body,
            "deck": parsed.to_dict(with_origin=False),
            "checksum": parsed.checksum(),
            "legal": outcome.report.legal,
            "locked": locked,
        }
        saved, _created = Decklist.objects.update_or_create(player=player, round=number, defaults=values)
        if locked:
            _log(event, by, "list_changed", reason, player=player.number, round=number, checksum=values["checksum"])
        return Submitted(decklist=saved, report=outcome.report)


def registered_list(player: Player, round_number: int = 0) -> Decklist | None:
    """The list a player plays in a round: with multideck that round's, else the event's one list."""
    number = round_number if player.event.multideck else 0
    return Decklist.objects.filter(player=player, round=number).first()


def verdict(decklist: Decklist) -> Report | None:
    """The stored list judged again as the event judges it (for the page: every rule cited, in the viewer's
    language)."""
    return check_list(decklist.player.event, decklist.text).report


def barriers(event: Event) -> list[Player]:
    """The players who cannot check in: no legal list when the event requires lists."""
    if not event.decklists_required:
        return []
    number = list_round(event) if event.multideck else 0
    legal = Decklist.objects.filter(player__event=event, round=number, legal=True).values("player_id")
    return list(event.players.filter(status=Player.Status.ACTIVE).exclude(pk__in=legal))


# --- the event starts: rounds, seating and scores ----------------------------------------------------------


def start(event: Event, by: Someone) -> Event:
    """The event starts: registration closes and every list is locked (players can no longer change theirs)."""
    with transaction.atomic():
        event = _locked(event)
        require_staff(event, by)
        if event.started:
            raise EventError(_("The event has already started."), code="WRONG_STAGE", status=409)
        active = event.players.filter(status=Player.Status.ACTIVE).count()
        if active < 4:
            raise EventError(_("An event needs at least 4 players."), code="TOO_FEW_PLAYERS", status=409)
        if not event.multideck:
            _check_in(event, 0)
        event.stage = Event.Stage.RUNNING
        event.registration_open = False
        event.save(update_fields=["stage", "registration_open", "updated"])
        _log(event, by, "start")
        return event


def _check_in(event: Event, round_number: int) -> None:
    """The lists for a round (0: the event's one list) locked as it starts; refused while a player has no
    legal list and lists are required (the barrier to check-in), naming them."""
    blocked = barriers(event)
    if blocked:
        raise EventError(
            _("No legal list yet: %(names)s.") % {"names": ", ".join(p.name for p in blocked)},
            code="NO_LEGAL_LIST",
            status=409,
            detail={"players": [p.number for p in blocked]},
        )
    Decklist.objects.filter(player__event=event, round=round_number).update(locked=True)


def _require_scored(event: Event) -> None:
    if Table.objects.filter(round__event=event, vps=[]).exists():
        raise EventError(_("Score every table of the round first."), code="ROUND_NOT_SCORED", status=409)


def seatings(event: Event, *, final: bool = False) -> list[list[list[int]]]:
    """The preliminary rounds as seated (player numbers in seat order), first round first."""
    rounds = event.round_set.filter(final=final).prefetch_related("tables")
    return [[list(t.seats) for t in r.tables.all()] for r in rounds]


def seat_next_round(event: Event, by: Someone) -> Round:
    """Seat the next preliminary round, optimised given the rounds played (so drops and late arrivals
    count), and pick its tables for a deck check. The previous round must be scored first."""
    with transaction.atomic():
        event = _locked(event)
        require_staff(event, by)
        if event.stage != Event.Stage.RUNNING:
            raise EventError(_("Start the event first."), code="WRONG_STAGE", status=409)
        played = seatings(event)
        if len(played) >= event.rounds:
            raise EventError(_("Every preliminary round is seated."), code="WRONG_STAGE", status=409)
        _require_scored(event)
        number = len(played) + 1
        if event.multideck:
            _check_in(event, number)
        present = list(event.players.filter(status=Player.Status.ACTIVE).values_list("number", flat=True))
        if len(present) < 4:
            raise EventError(_("Fewer than 4 players are left."), code="TOO_FEW_PLAYERS", status=409)
        players = event.players.aggregate(top=Max("number"))["top"] or 0
        try:
            seated = seating.seat_rounds(
                players, event.rounds, seed=event.seed + number, played=played, present=present
            )
        except ValueError as exc:
            raise EventError(str(exc), code="CANNOT_SEAT", status=409) from exc
        tables = seated[number - 1]
        checked = deckcheck.pick_tables(len(tables), random.Random(event.seed * 31 + number))
        round_ = Round.objects.create(event=event, number=number, checked_tables=checked)
        Table.objects.bulk_create(Table(round=round_, number=k, seats=seats) for k, seats in enumerate(tables, 1))
        _log(event, by, "seat_round", round=number)
        return round_


def violations(event: Event) -> dict[str, float]:
    """R1..R9 of the preliminary rounds as seated now (the judge's moves included): shown live."""
    rounds = seatings(event)
    return seating.score(rounds) if rounds else {}


def move(table: Table, by: Someone, player: int, other: int, reason: str = "") -> dict[str, float]:
    """A judge swaps two players of a round not yet scored (at one table or two); returns R1..R9 after."""
    with transaction.atomic():
        event = _locked(table.round.event)
        require_staff(event, by)
        tables = list(Table.objects.select_for_update().filter(round_id=table.round_id))
        if any(t.vps for t in tables):
            raise EventError(_("A scored round is not reseated."), code="ROUND_SCORED", status=409)
        where = {p: (t, i) for t in tables for i, p in enumerate(t.seats)}
        if player not in where or other not in where or player == other:
            raise EventError(_("Choose two different players seated in this round."), code="BAD_MOVE")
        (ta, ia), (tb, ib) = where[player], where[other]
        ta.seats[ia], tb.seats[ib] = other, player
        for t in {ta.pk: ta, tb.pk: tb}.values():
            t.save(update_fields=["seats"])
        _log(event, by, "move", reason, round=table.round.number, players=[player, other])
    return violations(event)


def may_score(table: Table, user: Someone | None) -> bool:
    event = table.round.event
    if is_staff(event, user):
        return True
    me = player_of(event, user)
    return me is not None and me.number in table.seats and not table.locked


def enter_score(table: Table, by: Someone, vps: Sequence[Any], *, reason: str = "", lock: bool | None = None) -> Table:
    """Record a table's VPs in seat order. A judge, or a player at the table until a judge locks it. A table
    no game could end with is refused (``check_table``'s codes) unless a judge gives a reason (a game loss,
    a penalty), which is logged. A final's score decides the event."""
    with transaction.atomic():
        event = _locked(table.round.event)
        table = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
        staff = is_staff(event, by)
        if not staff:
            me = player_of(event, by)
            if me is None or me.number not in table.seats:
                raise _denied(_("Only a judge or a player at this table may enter its score."))
            if table.locked:
                raise _denied(_("A judge has locked this table's score."))
            if lock is not None:
                raise _denied(_("Only a judge locks a table."))
        if event.stage == Event.Stage.FINISHED:
            raise EventError(_("The event is over."), code="WRONG_STAGE", status=409)
        values = _vps(vps, len(table.seats))
        problems = scoring.check_table(values)
        override = ""
        if problems:
            if not (staff and (reason or "").strip()):
                raise EventError(
                    _("No game ends with these scores: %(codes)s.") % {"codes": ", ".join(problems)},
                    code="IMPOSSIBLE_SCORE",
                    detail={"errors": problems},
                )
            override = _reason(reason)
        changed = bool(table.vps) and table.vps != values
        table.vps, table.override = values, override
        if lock is not None:
            table.locked = lock
        table.save(update_fields=["vps", "override", "locked"])
        if override or (changed and staff):
            _log(event, by, "score", reason, round=table.round.number, table=table.number, vps=values)
        if table.round.final and event.stage == Event.Stage.FINALS:
            event.stage = Event.Stage.FINISHED
            event.save(update_fields=["stage", "updated"])
            _log(event, by, "finish")
        return table


def _vps(vps: Sequence[Any], seats: int) -> list[float]:
    if isinstance(vps, str | bytes) or not isinstance(vps, Sequence) or len(vps) != seats:
        raise EventError(
            _("Give one VP for each of the %(seats)d seats, in seat order.") % {"seats": seats}, code="BAD_SCORE"
        )
    out = []
    for vp in vps:
        try:
            value = float(str(vp).replace(",", ".")) if not isinstance(vp, bool) else None
        except ValueError:
            value = None
        if value is None or not 0 <= value <= 5 or value * 2 != int(value * 2):
            raise EventError(_("%(value)r is not a VP (0 to 5, in halves).") % {"value": vp}, code="BAD_SCORE")
        out.append(value)
    return out


# --- standings and the final -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Row:
    standing: scoring.Standing
    player: Player
    rounds: int
    finals_place: int | None


def results(event: Event) -> dict[int, list[dict[str, float]]]:
    """Each player's ``table_points`` rows, one per scored preliminary round they played."""
    rows: dict[int, list[dict[str, float]]] = {n: [] for n in event.players.values_list("number", flat=True)}
    for table in Table.objects.filter(round__event=event, round__final=False).exclude(vps=[]):
        for number, points in zip(table.seats, scoring.table_points(table.vps), strict=True):
            rows.setdefault(number, []).append(points)
    return rows


def standings(event: Event) -> list[Row]:
    """The players ranked by GW, VP, TP and the recorded toss (drawn once for the players who have none,
    and kept). After the final its finishers come first, in the final's order (TR §3.7.5)."""
    players = {p.number: p for p in event.players.all()}
    tosses = {n: p.toss for n, p in players.items() if p.toss is not None}
    rows_by_player = results(event)
    ranked = scoring.standings(rows_by_player, tosses, seed=event.seed)
    new = [s for s in ranked if s.player not in tosses]
    if new:
        with transaction.atomic():
            for s in new:
                Player.objects.filter(pk=players[s.player].pk, toss__isnull=True).update(toss=s.toss)
    places = finals_places(event)
    rows = [Row(s, players[s.player], len(rows_by_player[s.player]), places.get(s.player)) for s in ranked]
    if places:
        rows.sort(key=lambda row: (row.finals_place is None, row.finals_place or 0, row.standing.rank))
    return rows


def finals_places(event: Event) -> dict[int, int]:
    table = Table.objects.filter(round__event=event, round__final=True).exclude(vps=[]).first()
    if table is None:
        return {}
    setup = finals.FinalsSetup.from_dict(table.round.finals_setup)
    ranks = [setup.qualifiers.index(p) + 1 for p in table.seats]
    places = finals.finals_result(table.vps, ranks)
    return dict(zip(table.seats, places, strict=True))


def start_finals(event: Event, by: Someone) -> Round:
    """The top five go to the final (TR §3.1.3): each reveals three random crypt cards from their registered
    list, then they place their name cards from the lowest qualifier up; the first player is drawn."""
    with transaction.atomic():
        event = _locked(event)
        require_staff(event, by)
        if not event.finals:
            raise EventError(_("This event has no final."), code="WRONG_STAGE", status=409)
        if event.stage != Event.Stage.RUNNING or event.round_set.filter(final=False).count() < event.rounds:
            raise EventError(_("Play every preliminary round first."), code="WRONG_STAGE", status=409)
        _require_scored(event)
        ranked = [row for row in standings(event) if row.player.status == Player.Status.ACTIVE]
        qualifiers = [row.player.number for row in ranked[:FINALISTS]]
        if len(qualifiers) < 4:
            raise EventError(_("Fewer than 4 players are left."), code="TOO_FEW_PLAYERS", status=409)
        number = event.rounds + 1
        rng = random.Random(event.seed * 17 + number)
        crypts = {}
        for q in qualifiers:
            listed = registered_list(event.players.get(number=q), number)
            if listed is not None:
                crypts[q] = CoreDeck.from_dict(listed.deck).crypt
        setup = finals.FinalsSetup.start(qualifiers, crypts, rng)
        round_ = Round.objects.create(event=event, number=number, final=True, finals_setup=setup.to_dict())
        event.stage = Event.Stage.FINALS
        event.save(update_fields=["stage", "updated"])
        if event.multideck:
            Decklist.objects.filter(player__event=event, round=number).update(locked=True)
        _log(event, by, "start_finals", qualifiers=qualifiers)
        return round_


def final_round(event: Event) -> Round | None:
    return event.round_set.filter(final=True).first()


def place_finalist(event: Event, by: Someone, player: int, index: int) -> finals.FinalsSetup:
    """A finalist's name card goes at an end of the row or in a gap; once all are placed the first player
    is drawn and the final's table is seated."""
    with transaction.atomic():
        event = _locked(event)
        require_staff(event, by)
        round_ = final_round(event)
        if round_ is None or event.stage != Event.Stage.FINALS or round_.tables.exists():
            raise EventError(_("The final is not being seated."), code="WRONG_STAGE", status=409)
        setup = finals.FinalsSetup.from_dict(round_.finals_setup)
        try:
            setup = setup.place(player, index)
        except ValueError as exc:
            raise EventError(str(exc), code="BAD_PLACE") from exc
        if setup.complete:
            setup = setup.draw_first(random.Random(event.seed * 19 + round_.number))
            Table.objects.create(round=round_, number=1, seats=setup.seats)
        round_.finals_setup = setup.to_dict()
        round_.save(update_fields=["finals_setup"])
        return setup


# --- deck checks -------------------------------------------------------------------------------------------


def record_deck_check(
    round_: Round, player: Player, by: Someone, counted: dict[str, Any], *, penalty: str = "", note: str = ""
) -> DeckCheck:
    """A judge's count of a player's physical deck, per card type, against the locked list; the difference
    and the guide's remedy and penalty (pre-filled: an empty ``penalty`` takes the guide's, ``"none"`` is the
    judge's choice of none)."""
    with transaction.atomic():
        event = _locked(round_.event)
        require_staff(event, by)
        listed = registered_list(player, round_.number)
        if listed is None:
            raise EventError(_("This player has no registered list."), code="NO_LIST", status=409)
        cards = index.get()
        expected = deckcheck.expected_counts(CoreDeck.from_dict(listed.deck), cards)
        try:
            numbers = {group: _count(value) for group, value in counted.items()}
            differences = deckcheck.compare(expected, numbers)
        except ValueError as exc:
            raise EventError(str(exc), code="BAD_COUNT") from exc
        found = deckcheck.finding(differences)
        if penalty and penalty not in (NO_PENALTY, *deckcheck.PENALTIES):
            raise EventError(_("Unknown penalty %(value)r.") % {"value": penalty}, code="BAD_PENALTY")
        check = DeckCheck.objects.create(
            round=round_,
            player=player,
            counted=numbers,
            differences=[dataclasses.asdict(d) for d in differences],
            penalty=penalty or (found.penalty if found else ""),
            note=(note or "")[:300],
            judge_id=by.pk,
        )
        _log(event, by, "deck_check", round=round_.number, player=player.number, differences=len(differences))
        return check


def _count(value: Any) -> int:
    number = value if isinstance(value, int) and not isinstance(value, bool) else whole_number(str(value))
    if number is None:
        raise ValueError(_("%(value)r is not a number of cards.") % {"value": value})
    return number


def checked_players(round_: Round) -> Iterable[Player]:
    """The players at the tables picked for a deck check this round."""
    numbers = [n for t in round_.tables.filter(number__in=round_.checked_tables) for n in t.seats]
    return round_.event.players.filter(number__in=numbers)


# --- added for the API (events/api, DELETE /api/v1/events/{id}/): deleting an event --------------------------


def delete_event(event: Event, by: Someone) -> None:
    """The organiser deletes an event that has not started: nothing played, nothing to keep."""
    with transaction.atomic():
        event = _locked(event)
        if not (by.is_authenticated and event.owner_id == by.pk):
            raise _denied(_("Only the event's organiser may delete it."))
        if event.started:
            raise EventError(_("The event has started: it can no longer be deleted."), code="EVENT_STARTED", status=409)
        event.delete()


# --- the end of the event: the winner, and whose lists are shown ----------------------------------------------


def finish(event: Event, by: Someone) -> Event:
    """A judge closes an event without a final once every preliminary round is scored (an event with a
    final finishes when the final's score is entered)."""
    with transaction.atomic():
        event = _locked(event)
        require_staff(event, by)
        if event.finals or event.stage != Event.Stage.RUNNING:
            raise EventError(_("Only an event without a final is finished this way."), code="WRONG_STAGE", status=409)
        if event.round_set.filter(final=False).count() < event.rounds:
            raise EventError(_("Play every preliminary round first."), code="WRONG_STAGE", status=409)
        _require_scored(event)
        event.stage = Event.Stage.FINISHED
        event.save(update_fields=["stage", "updated"])
        _log(event, by, "finish")
        return event


def winner(event: Event) -> Player | None:
    """The event's winner once it is over: the final's (TR §3.7.5), or with no final the first of the
    standings."""
    if event.stage != Event.Stage.FINISHED:
        return None
    places = finals_places(event)
    if places:
        number = next(n for n, place in places.items() if place == 1)
        return event.players.filter(number=number).first()
    ranked = standings(event)
    return ranked[0].player if ranked else None


def may_read_list(event: Event, user: Someone | None, player: Player) -> bool:
    """A list is its player's and the staff's; once the event is over, everyone's who may see the event when
    ``decklists_mode`` shows it (every list, or the winner's)."""
    if is_staff(event, user) or (user is not None and user.is_authenticated and player.user_id == user.pk):
        return True
    if event.stage != Event.Stage.FINISHED or event.decklists_mode == Event.Decklists.PRIVATE:
        return False
    if event.decklists_mode == Event.Decklists.PUBLIC:
        return True
    found = winner(event)
    return found is not None and found.pk == player.pk


# --- exports ----------------------------------------------------------------------------------------------------


def export_rows(event: Event) -> list[dict[str, Any]]:
    """The standings as the exports write them (``core.events.exports``): a row per player, best first."""
    rows = []
    final = final_round(event)
    final_table = final.tables.first() if final is not None else None
    final_vps = dict(zip(final_table.seats, final_table.vps, strict=True)) if final_table and final_table.vps else {}
    for place, row in enumerate(standings(event), start=1):
        s = row.standing
        rows.append(
            {
                "rank": place,
                "number": row.player.number,
                "name": row.player.name,
                "vekn": row.player.vekn,
                "gw": s.gw,
                "vp": s.vp,
                "tp": s.tp,
                "toss": s.toss,
                "finals": row.finals_place,
                "finals_vp": final_vps.get(row.player.number),
                "status": row.player.status,
                "games": row.rounds,
            }
        )
    return rows


def standings_csv(event: Event) -> str:
    return exports.standings_csv(export_rows(event))


def archon_csv(event: Event) -> str:
    # "Minimum VPs" stays empty: what the Archon's sheet means by it is not settled offline.
    return exports.archon_report(export_rows(event))


def winner_twd(event: Event) -> str:
    """The winner's registered list in the archive's layout, with the event's header and score line."""
    found = winner(event)
    if found is None:
        raise EventError(_("The event has no winner yet."), code="NO_WINNER", status=409)
    final = final_round(event)
    listed = registered_list(found, final.number if final is not None else event.rounds)
    if listed is None:
        raise EventError(_("The winner has no registered list."), code="NO_LIST", status=409)
    standing = next(row for row in standings(event) if row.player.pk == found.pk).standing
    score = f"{standing.gw}GW{standing.vp:g}"
    if final is not None:
        table = final.tables.first()
        if table is not None and table.vps:
            score += f" + {table.vps[table.seats.index(found.number)]:g}VP in the final"
    return exports.twd_report(
        CoreDeck.from_dict(listed.deck),
        index.get(),
        event=event.name,
        location=event.location,
        date=event.date,
        rounds_label=f"{event.rounds}R+F" if event.finals else f"{event.rounds}R",
        players=event.players.count(),
        winner=found.name,
        score=score,
    )
