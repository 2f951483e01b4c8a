"""/events/: the judge's event pages (issue #29). Thin views: every change goes through ``services``, whose
``EventError`` is shown on the page it came from with its status (400 bad input, 403 not allowed, 409 not
now), the page drawn again as it was.

Who sees what: the organiser and the judges (staff) see and run everything; a player of the event sees a
player's view (their list, the seatings, their table's score form); anyone else gets a 404, as for a private
deck (an event's id is unguessable). The registration link is the one page for people outside the event.
After the event, the winner's list (``twd.txt``) is public when the event's ``decklists_mode`` says so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards import index
from vtesdeck import messages as report_messages
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.events import deckcheck, finals, seating
from vtesdeck.labels import ruleset_label

from . import services
from .forms import (
    INFRACTION,
    REMEDY,
    DeckCheckForm,
    DecklistForm,
    EventForm,
    JudgeForm,
    PlaceForm,
    PlayerForm,
    ScoreForm,
    SwapForm,
    group_label,
    penalty_label,
)
from .models import Decklist, Event, Player, Round, Table

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.forms import BaseForm

LOG_SHOWN = 100
# What the log's actions (services._log) read as.
LOG_ACTIONS = {
    "start": gettext_lazy("event started"),
    "seat_round": gettext_lazy("round seated"),
    "move": gettext_lazy("players swapped"),
    "score": gettext_lazy("score changed"),
    "finish": gettext_lazy("event finished"),
    "list_changed": gettext_lazy("locked list changed"),
    "late_arrival": gettext_lazy("late arrival"),
    "drop": gettext_lazy("player dropped"),
    "deck_check": gettext_lazy("deck check"),
    "start_finals": gettext_lazy("final started"),
}


def log_label(action: str) -> str:
    return str(LOG_ACTIONS.get(action, action))


@dataclasses.dataclass
class Access:
    event: Event
    staff: bool
    me: Player | None


def _access(request: HttpRequest, event_id: str) -> Access:
    """The event, for its staff and players; a 404 for anyone else (the event's id is its secret)."""
    event = get_object_or_404(Event.objects.select_related("owner"), pk=event_id)
    staff = services.is_staff(event, request.user)
    me = services.player_of(event, request.user)
    if not staff and me is None:
        raise Http404
    return Access(event, staff, me)


def _refused(request: HttpRequest, event: Event | None, message: str, status: int) -> HttpResponse:
    return render(request, "events/refused.html", {"event": event, "message": message}, status=status)


def _not_staff(request: HttpRequest, event: Event) -> HttpResponse:
    return _refused(request, event, _("Only the event's organiser and judges may do this."), 403)


def _round_or_404(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def _names(event: Event) -> dict[int, str]:
    return dict(event.players.values_list("number", "name"))


def _base(event: Event) -> dict[str, Any]:
    return {"event": event, "ruleset_label": ruleset_label(event.ruleset)}


# --- my events, a new event ----------------------------------------------------------------------------


@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    """The events I run (as organiser or judge) and those I play in."""
    running: list[Event] = []
    playing: list[tuple[Event, Player]] = []
    if request.user.is_authenticated:
        user = request.user
        for event in services.visible_to(user).select_related("owner"):
            if services.is_staff(event, user):
                running.append(event)
            else:
                me = services.player_of(event, user)
                if me is not None:
                    playing.append((event, me))
    return render(request, "events/mine.html", {"running": running, "playing": playing})


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None, user=request.user, create=True)
    errors: list[str] = []
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                event = services.create_event(cast("User", request.user), **form.values())
            except services.EventError as exc:
                errors, status = [exc.message], exc.status
            else:
                messages.success(request, _("The event is created. Hand out its registration link to the players."))
                return redirect(event)
    return render(request, "events/new.html", {"form": form, "errors": errors}, status=status)


# --- the dashboard ------------------------------------------------------------------------------------------


def _dashboard(
    request: HttpRequest, access: Access, *, status: int = 200, errors: list[str] | None = None, **forms: BaseForm
) -> HttpResponse:
    event = access.event
    user = request.user
    players = list(event.players.all())
    rounds = list(event.round_set.prefetch_related("tables"))
    summaries = [_round_summary(r) for r in rounds]
    lists = {d.player_id: d for d in Decklist.objects.filter(player__event=event, round=services.list_round(event))}
    context: dict[str, Any] = {
        **_base(event),
        "staff": access.staff,
        "me": access.me,
        "errors": errors or [],
        "players": [(p, lists.get(p.pk)) for p in players],
        "rounds": summaries,
        "standings": services.standings(event) if any(r["scored"] for r in summaries) else [],
        "final": next((r for r in rounds if r.final), None),
        "seated": sum(not r.final for r in rounds),
        "form": next(iter(forms.values()), None),  # the form sent, for the error summary
    }
    if access.me is not None:
        mine = lists.get(access.me.pk)
        context["my_list"] = mine
        context["my_tables"] = [
            (r, t) for r in rounds for t in r.tables.all() if access.me.number in t.seats and not r.final
        ]
    if access.staff:
        unscored = any(not t.vps for r in rounds for t in r.tables.all())
        context.update(
            registration_url=request.build_absolute_uri(event.registration_url()),
            judges=list(event.judges.all()),
            barriers=services.barriers(event) if event.stage in (Event.Stage.REGISTRATION, Event.Stage.RUNNING) else [],
            can_start=event.stage == Event.Stage.REGISTRATION,
            can_seat=event.stage == Event.Stage.RUNNING and context["seated"] < event.rounds and not unscored,
            can_start_finals=(
                event.finals
                and event.stage == Event.Stage.RUNNING
                and context["seated"] >= event.rounds
                and not unscored
            ),
            can_finish=(
                not event.finals
                and event.stage == Event.Stage.RUNNING
                and context["seated"] >= event.rounds
                and not unscored
            ),
            can_add_player=event.stage in (Event.Stage.REGISTRATION, Event.Stage.RUNNING),
            log=[(entry, log_label(entry.action)) for entry in event.log.select_related("user")[:LOG_SHOWN]],
            settings_form=forms.get("settings_form") or EventForm(instance=_fresh(event), user=user, prefix="settings"),
            judge_form=forms.get("judge_form") or JudgeForm(prefix="judge"),
            player_form=forms.get("player_form") or PlayerForm(prefix="player"),
            has_winner=services.winner(event) is not None,
        )
    return render(request, "events/detail.html", context, status=status)


def _fresh(event: Event) -> Event:
    """A copy of the event for a settings form (a bound ModelForm writes into its instance)."""
    return Event.objects.get(pk=event.pk)


def _round_summary(round_: Round) -> dict[str, Any]:
    tables = list(round_.tables.all())
    return {
        "round": round_,
        "tables": len(tables),
        "scored": sum(bool(t.vps) for t in tables),
        "done": bool(tables) and all(t.vps for t in tables),
    }


@require_GET
def detail(request: HttpRequest, event_id: str) -> HttpResponse:
    return _dashboard(request, _access(request, event_id))


def _staff_post(request: HttpRequest, event_id: str) -> Access | HttpResponse:
    access = _access(request, event_id)
    if not access.staff:
        return _not_staff(request, access.event)
    return access


def _dashboard_form(
    request: HttpRequest,
    event_id: str,
    key: str,
    make: Callable[[Access], BaseForm],
    act: Callable[[Access, Any], str],
) -> HttpResponse:
    """A staff form on the dashboard: refused for others, the dashboard again (the form under ``key``, 400 or
    the service's status) when it is bad or the service refuses, else ``act``'s message and the dashboard."""
    access = _staff_post(request, event_id)
    if isinstance(access, HttpResponse):
        return access
    form = make(access)
    if not form.is_valid():
        return _dashboard(request, access, status=400, errors=None, **{key: form})
    try:
        done = act(access, form)
    except services.EventError as exc:
        return _dashboard(request, access, status=exc.status, errors=[exc.message], **{key: form})
    messages.success(request, done)
    return redirect(access.event)


@require_POST
def edit(request: HttpRequest, event_id: str) -> HttpResponse:
    def act(access: Access, form: EventForm) -> str:
        services.update_event(access.event, request.user, **form.values())
        return _("The settings are saved.")

    return _dashboard_form(
        request,
        event_id,
        "settings_form",
        lambda access: EventForm(request.POST, instance=_fresh(access.event), user=request.user, prefix="settings"),
        act,
    )


@require_POST
def add_judge(request: HttpRequest, event_id: str) -> HttpResponse:
    def act(access: Access, form: JudgeForm) -> str:
        services.add_judge(access.event, request.user, form.cleaned_data["username"])
        return _("%(name)s is a judge of this event.") % {"name": form.cleaned_data["username"]}

    return _dashboard_form(request, event_id, "judge_form", lambda access: JudgeForm(request.POST, prefix="judge"), act)


@require_POST
def add_player(request: HttpRequest, event_id: str) -> HttpResponse:
    def act(access: Access, form: PlayerForm) -> str:
        data = form.cleaned_data
        player = services.register(access.event, by=request.user, name=data["name"], vekn=data["vekn"])
        return _("%(name)s is player %(number)d.") % {"name": player.name, "number": player.number}

    return _dashboard_form(
        request, event_id, "player_form", lambda access: PlayerForm(request.POST, prefix="player"), act
    )


@require_POST
def drop(request: HttpRequest, event_id: str, number: int) -> HttpResponse:
    access = _access(request, event_id)
    player = get_object_or_404(Player, event=access.event, number=number)
    try:
        services.drop(player, request.user)
    except services.EventError as exc:
        return _dashboard(request, access, status=exc.status, errors=[exc.message])
    messages.success(request, _("%(name)s has dropped.") % {"name": player.name})
    return redirect(access.event)


def _staff_action(request: HttpRequest, event_id: str, action: str) -> HttpResponse:
    access = _staff_post(request, event_id)
    if isinstance(access, HttpResponse):
        return access
    event = access.event
    try:
        if action == "start":
            services.start(event, request.user)
            messages.success(request, _("The event has started: registration is closed and the lists are locked."))
            return redirect(event)
        if action == "seat":
            round_ = services.seat_next_round(event, request.user)
            messages.success(request, _("Round %(number)d is seated.") % {"number": round_.number})
            return redirect("events:round", event.id, round_.number)
        if action == "finish":
            services.finish(event, request.user)
            messages.success(request, _("The event is over."))
            return redirect(event)
        services.start_finals(event, request.user)
        return redirect("events:finals", event.id)
    except services.EventError as exc:
        detail = exc.detail if isinstance(exc.detail, dict) else {}
        errors = [exc.message]
        if detail.get("players"):
            errors.append(_("Players without a legal list: %(numbers)s.") % {"numbers": _numbers(detail["players"])})
        return _dashboard(request, access, status=exc.status, errors=errors)


def _numbers(numbers: list[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


@require_POST
def start(request: HttpRequest, event_id: str) -> HttpResponse:
    return _staff_action(request, event_id, "start")


@require_POST
def seat_next(request: HttpRequest, event_id: str) -> HttpResponse:
    return _staff_action(request, event_id, "seat")


@require_POST
def start_finals(request: HttpRequest, event_id: str) -> HttpResponse:
    return _staff_action(request, event_id, "finals")


@require_POST
def finish(request: HttpRequest, event_id: str) -> HttpResponse:
    return _staff_action(request, event_id, "finish")


# --- registration through the link -------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """The registration link: a logged-in visitor registers with their account (their name prefilled); an
    anonymous one is asked to log in first (and comes back here)."""
    event = get_object_or_404(Event, token=token)
    user = request.user
    if not user.is_authenticated:
        return _join_without_account(request, event)
    me = services.player_of(event, user)
    form = PlayerForm(request.POST or None, initial={"name": user.get_username()})
    open_ = event.registration_open and not event.started
    player, status, errors = _register_by_link(request, event, form, account=True)
    if player is not None:
        messages.success(
            request, _("You are registered as player %(number)d. Now submit your decklist.") % {"number": player.number}
        )
        return redirect("events:list", event.id)
    context = {
        **_base(event),
        "form": form,
        "me": me,
        "open": open_,
        "errors": errors,
        "staff": services.is_staff(event, user),
    }
    return render(request, "events/join.html", context, status=status)


def _register_by_link(
    request: HttpRequest, event: Event, form: PlayerForm, *, account: bool
) -> tuple[Player | None, int, list[str]]:
    """The join page's POST, with or without an account: the player registered, or None with the page's status
    (200 for a GET, 400 for a form with errors, the service's refusal) and the refusal's sentence."""
    if request.method != "POST":
        return None, 200, []
    if not form.is_valid():
        return None, 400, []
    try:
        player = services.register(
            event, by=request.user, name=form.cleaned_data["name"], vekn=form.cleaned_data["vekn"], account=account
        )
    except services.EventError as exc:
        return None, exc.status, [exc.message]
    return player, 200, []


def _join_without_account(request: HttpRequest, event: Event) -> HttpResponse:
    """A visitor with no account registers by name and VEKN number, and is sent to their own link (the
    player's token): where they submit and see their list."""
    form = PlayerForm(request.POST or None)
    player, status, errors = _register_by_link(request, event, form, account=False)
    if player is not None:
        messages.success(
            request,
            _("You are registered as player %(number)d. Keep this page's address: it is your entry.")
            % {"number": player.number},
        )
        return redirect("events:entry", player.token)
    open_ = event.registration_open and not event.started
    context = {**_base(event), "anonymous": True, "form": form, "open": open_, "errors": errors}
    return render(request, "events/join.html", context, status=status)


# --- a player's list ---------------------------------------------------------------------------------------


def _list_player(request: HttpRequest, access: Access) -> Player | None:
    wanted = request.GET.get("player", "")
    if access.staff and wanted:
        if not wanted.isdigit() or len(wanted) > 4:
            raise Http404
        return get_object_or_404(Player, event=access.event, number=int(wanted))
    return access.me


@require_http_methods(["GET", "POST"])
def decklist(request: HttpRequest, event_id: str) -> HttpResponse:
    """A player's list: submitted from one of my decks, pasted or uploaded, judged at once with every rule
    cited. Locked once the event starts: then the form is gone for the player, and a judge gives a reason."""
    access = _access(request, event_id)
    player = _list_player(request, access)
    if player is None:  # a judge who plays no part: pick a player on the dashboard
        return redirect(access.event)
    query = f"?player={player.number}" if access.staff and player != access.me else ""
    return _decklist_page(
        request, player, staff=access.staff, back=reverse("events:list", args=[player.event_id]) + query
    )


@require_http_methods(["GET", "POST"])
def entry(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own link, for one registered without an account: their list, submitted and judged here."""
    player = get_object_or_404(Player.objects.select_related("event"), token=token)
    return _decklist_page(request, player, staff=False, back=request.path, by_link=True)


def _decklist_page(
    request: HttpRequest, player: Player, *, staff: bool, back: str, by_link: bool = False
) -> HttpResponse:
    event = player.event
    number = services.list_round(event)
    current = Decklist.objects.filter(player=player, round=number).first()
    locked = (current is not None and current.locked) or (not event.multideck and event.started)
    can_submit = staff or (not locked and event.stage != Event.Stage.FINISHED)
    user = request.user if not by_link else AnonymousUser()  # a link holder picks none of the visitor's decks
    form = DecklistForm(request.POST or None, request.FILES or None, user=user, locked=locked and staff)
    status, errors = 200, []
    if request.method == "POST":
        status = 400
        if not can_submit:
            status, errors = 409, [_("The lists are locked: the event has started. Ask a judge.")]
        elif form.is_valid():
            data = form.cleaned_data
            upload = data.get("file")
            try:
                submitted = services.submit_list(
                    player,
                    by=request.user,
                    deck=data.get("deck"),
                    text=upload.read() if upload else data.get("text"),
                    source=Decklist.Source.FILE if upload else Decklist.Source.TEXT,
                    reason=data.get("reason", ""),
                    by_link=by_link,
                )
            except services.EventError as exc:
                status, errors = exc.status, [exc.message]
            else:
                if submitted.report.legal:
                    messages.success(request, _("The list is saved, and legal."))
                else:
                    messages.error(request, _("The list is saved, but it is not legal: see why below."))
                return redirect(back)
    context: dict[str, Any] = {
        **_base(event),
        "by_link": by_link,
        "staff": staff,
        "player": player,
        "decklist": current,
        "locked": locked,
        "can_submit": can_submit,
        "form": form,
        "errors": errors,
        "round_number": number,
    }
    if current is not None:
        context.update(_verdict(current))
    return render(request, "events/decklist.html", context, status=status)


def _verdict(current: Decklist) -> dict[str, Any]:
    report = services.verdict(current)
    if report is None:
        return {"verdict": None}
    cards = index.get()
    return {
        "verdict": report,
        "issues": [report_messages.issue_view(i, cards) for i in report.errors],
        "warnings": [report_messages.issue_view(i, cards) for i in report.warnings],
    }


# --- a round -----------------------------------------------------------------------------------------------


def _table_view(
    table: Table, names: dict[int, str], access: Access, round_: Round, form: ScoreForm | None = None
) -> dict[str, Any]:
    seats = [(seat, number, names.get(number, "?")) for seat, number in enumerate(table.seats, start=1)]
    mine = access.me is not None and access.me.number in table.seats
    may_score = (access.staff or (mine and not table.locked)) and access.event.stage != Event.Stage.FINISHED
    if may_score and form is None:
        form = ScoreForm(
            initial=ScoreForm.initial_for(table.vps, table.locked),
            names=[name for _seat, _number, name in seats],
            staff=access.staff,
            prefix=f"t{table.number}",
        )
    shown = form if may_score else None
    return {
        "table": table,
        "rows": [
            (seat, number, name, table.vps[seat - 1] if table.vps else None, shown[f"vp_{seat}"] if shown else None)
            for seat, number, name in seats
        ],
        "mine": mine,
        "checked": table.number in round_.checked_tables,
        "form": shown,
    }


def _round_page(
    request: HttpRequest,
    access: Access,
    round_: Round,
    *,
    status: int = 200,
    errors: list[str] | None = None,
    swap_form: SwapForm | None = None,
    score_forms: dict[int, ScoreForm] | None = None,
) -> HttpResponse:
    event = access.event
    names = _names(event)
    tables = list(round_.tables.all())
    score_forms = score_forms or {}
    scored = any(t.vps for t in tables)
    context: dict[str, Any] = {
        **_base(event),
        "round": round_,
        "staff": access.staff,
        "me": access.me,
        "errors": errors or [],
        "tables": [_table_view(t, names, access, round_, score_forms.get(t.number)) for t in tables],
        "scored": scored,
    }
    if access.staff:
        context.update(
            violations=services.violations(event),
            criteria=seating.CRITERIA,
            swap_form=swap_form or (None if scored else SwapForm()),
            checked_players=list(services.checked_players(round_)),
            deck_checks=[
                (c, penalty_label(c.penalty)) for c in round_.deck_checks.select_related("player").order_by("-created")
            ],
        )
    return render(request, "events/round.html", context, status=status)


@require_GET
def round_detail(request: HttpRequest, event_id: str, number: int) -> HttpResponse:
    access = _access(request, event_id)
    round_ = _round_or_404(access.event, number)
    if round_.final:
        return redirect("events:finals", access.event.id)
    return _round_page(request, access, round_)


@require_POST
def swap(request: HttpRequest, event_id: str, number: int) -> HttpResponse:
    access = _staff_post(request, event_id)
    if isinstance(access, HttpResponse):
        return access
    round_ = _round_or_404(access.event, number)
    form = SwapForm(request.POST)
    table = round_.tables.first()
    if not form.is_valid() or table is None:
        return _round_page(request, access, round_, status=400, swap_form=form)
    data = form.cleaned_data
    try:
        services.move(table, request.user, data["player"], data["other"], data["reason"])
    except services.EventError as exc:
        return _round_page(request, access, round_, status=exc.status, errors=[exc.message], swap_form=form)
    messages.success(request, _("Players %(a)d and %(b)d swapped seats.") % {"a": data["player"], "b": data["other"]})
    return redirect("events:round", access.event.id, number)


@require_POST
def score(request: HttpRequest, event_id: str, number: int, table_number: int) -> HttpResponse:
    """A table's VPs: a judge (lock and override reason too), or a player at the table until it is locked."""
    access = _access(request, event_id)
    round_ = _round_or_404(access.event, number)
    table = get_object_or_404(Table, round=round_, number=table_number)
    names = _names(access.event)
    form = ScoreForm(
        request.POST,
        names=[names.get(n, "?") for n in table.seats],
        staff=access.staff,
        prefix=f"t{table.number}",
    )

    def again(status: int, errors: list[str]) -> HttpResponse:
        if round_.final:
            return _finals_page(request, access, status=status, errors=errors, score_form=form)
        return _round_page(request, access, round_, status=status, errors=errors, score_forms={table.number: form})

    if not services.may_score(table, request.user):
        message = (
            _("A judge has locked this table's score.")
            if access.me is not None and access.me.number in table.seats
            else _("Only a judge or a player at this table may enter its score.")
        )
        return again(403, [message])
    if not form.is_valid():
        return again(400, [])
    try:
        services.enter_score(
            table,
            request.user,
            form.vps(),
            reason=form.cleaned_data.get("reason", "") if access.staff else "",
            lock=bool(form.cleaned_data.get("lock")) if access.staff else None,
        )
    except services.EventError as exc:
        form.add_error(None, exc.message)
        return again(exc.status, [exc.message])
    messages.success(request, _("Table %(table)d's score is saved.") % {"table": table.number})
    if round_.final:
        return redirect("events:finals", access.event.id)
    return redirect(reverse("events:round", args=[access.event.id, number]) + f"#table-{table.number}")


@require_GET
def print_round(request: HttpRequest, event_id: str, number: int) -> HttpResponse:
    """The round's seating and score sheet, one A4 page."""
    access = _access(request, event_id)
    round_ = _round_or_404(access.event, number)
    names = _names(access.event)
    tables = [
        {"table": t, "seats": [(seat, n, names.get(n, "?")) for seat, n in enumerate(t.seats, start=1)]}
        for t in round_.tables.all()
    ]
    return render(request, "events/print.html", {**_base(access.event), "round": round_, "tables": tables})


# --- the final ---------------------------------------------------------------------------------------------


def _finals_page(
    request: HttpRequest,
    access: Access,
    *,
    status: int = 200,
    errors: list[str] | None = None,
    score_form: ScoreForm | None = None,
) -> HttpResponse:
    event = access.event
    round_ = services.final_round(event)
    context: dict[str, Any] = {
        **_base(event),
        "staff": access.staff,
        "me": access.me,
        "errors": errors or [],
        "final": round_,
    }
    if round_ is None:
        return render(request, "events/finals.html", context, status=status)
    cards = index.get()
    names = _names(event)
    setup = finals.FinalsSetup.from_dict(round_.finals_setup)

    def card_name(card_id: int) -> str:
        card = cards.get(card_id)
        return card.unique_name if card is not None else f"#{card_id}"

    row = list(setup.row)
    places = []
    for index_ in setup.places():
        if not row:
            label = _("Lay the first name card")
        elif index_ == 0:
            label = _("Before %(name)s") % {"name": names.get(row[0], "?")}
        elif index_ == len(row):
            label = _("After %(name)s") % {"name": names.get(row[-1], "?")}
        else:
            label = _("Between %(left)s and %(right)s") % {
                "left": names.get(row[index_ - 1], "?"),
                "right": names.get(row[index_], "?"),
            }
        places.append((index_, label))
    table = round_.tables.first()
    context.update(
        qualifiers=[
            {
                "rank": rank,
                "number": q,
                "name": names.get(q, "?"),
                "reveals": [card_name(c) for c in setup.reveals.get(q, ())],
                "left": setup.crypt_left.get(q),
                "placed": q in row,
            }
            for rank, q in enumerate(setup.qualifiers, start=1)
        ],
        row=[(n, names.get(n, "?")) for n in row],
        next_player=setup.next_to_place,
        next_name=names.get(setup.next_to_place, "") if setup.next_to_place else "",
        places=places,
        first=setup.first,
        first_name=names.get(setup.first, "") if setup.first else "",
        seats=[(seat, n, names.get(n, "?")) for seat, n in enumerate(setup.seats or [], start=1)],
        table=_table_view(table, names, access, round_, score_form) if table is not None else None,
        places_result=services.finals_places(event) if table is not None and table.vps else {},
    )
    return render(request, "events/finals.html", context, status=status)


@require_http_methods(["GET", "POST"])
def finals_view(request: HttpRequest, event_id: str) -> HttpResponse:
    """The final's helper: the qualifiers' revealed crypt cards, the row of name cards laid so far and the
    places the next finalist may choose; once all are laid, the drawn first player and the seats."""
    access = _access(request, event_id)
    if request.method == "POST":
        if not access.staff:
            return _not_staff(request, access.event)
        form = PlaceForm(request.POST)
        if not form.is_valid():
            return _finals_page(request, access, status=400, errors=[_("Choose a place in the row.")])
        try:
            setup = services.place_finalist(
                access.event, request.user, form.cleaned_data["player"], form.cleaned_data["index"]
            )
        except services.EventError as exc:
            return _finals_page(request, access, status=exc.status, errors=[exc.message])
        if setup.complete:
            messages.success(request, _("Every finalist is placed: the first player is drawn."))
        return redirect("events:finals", access.event.id)
    return _finals_page(request, access)


# --- deck checks -------------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def deck_check(request: HttpRequest, event_id: str, number: int, player_number: int) -> HttpResponse:
    """A judge counts a player's deck per card type against the locked list: the difference, the guide's
    remedy and penalty pre-filled; "Compare" shows them, "Save" records the check."""
    access = _access(request, event_id)
    if not access.staff:
        return _not_staff(request, access.event)
    event = access.event
    round_ = _round_or_404(event, number)
    player = get_object_or_404(Player, event=event, number=player_number)
    listed = services.registered_list(player, round_.number)
    if listed is None:
        return _refused(request, event, _("This player has no registered list."), 409)
    expected = deckcheck.expected_counts(CoreDeck.from_dict(listed.deck), index.get())
    form = DeckCheckForm(request.POST or None, expected=expected)
    context: dict[str, Any] = {
        **_base(event),
        "round": round_,
        "player": player,
        "decklist": listed,
        "expected": [(group_label(g), n) for g, n in expected.items()],
        "form": form,
        "errors": [],
        "previous": [
            (c, penalty_label(c.penalty))
            for c in round_.deck_checks.filter(player=player).select_related("judge").order_by("-created")
        ],
    }
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            counted = form.counted()
            try:
                differences = deckcheck.compare(expected, counted)
            except ValueError as exc:  # the form only sends known groups and counts ≥ 0
                context["errors"] = [str(exc)]
            else:
                found = deckcheck.finding(differences)
                if request.POST.get("action") == "save":
                    try:
                        services.record_deck_check(
                            round_,
                            player,
                            request.user,
                            counted,
                            penalty=form.cleaned_data["penalty"],
                            note=form.cleaned_data["note"],
                        )
                    except services.EventError as exc:
                        status, context["errors"] = exc.status, [exc.message]
                    else:
                        messages.success(request, _("The deck check of %(name)s is recorded.") % {"name": player.name})
                        return redirect("events:round", event.id, round_.number)
                else:
                    status = 200
                    context.update(
                        compared=True,
                        differences=[
                            {
                                "group": group_label(d.group),
                                "expected": d.expected,
                                "counted": d.counted,
                                "delta": d.delta,
                            }
                            for d in differences
                        ],
                        finding=found,
                        infraction=INFRACTION,
                        remedy=REMEDY,
                        default_penalty=penalty_label(found.penalty) if found else "",
                    )
                    if found is not None and not form.data.get("penalty"):
                        data = request.POST.copy()
                        data["penalty"] = found.penalty
                        form = DeckCheckForm(data, expected=expected)
                        form.is_valid()
                        context["form"] = form
    return render(request, "events/deck_check.html", context, status=status)


# --- exports -----------------------------------------------------------------------------------------------


def _csv(body: str, filename: str) -> HttpResponse:
    response = HttpResponse(body.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _filename(event: Event, suffix: str) -> str:
    stem = "".join(ch if ch.isalnum() else "-" for ch in event.name.lower()).strip("-")[:60] or "event"
    return f"{stem}-{suffix}"


def _staff_csv(request: HttpRequest, event_id: str, write: Callable[[Event], str], name: str) -> HttpResponse:
    access = _access(request, event_id)
    if not access.staff:
        return _not_staff(request, access.event)
    return _csv(write(access.event), _filename(access.event, name))


@require_GET
def standings_csv(request: HttpRequest, event_id: str) -> HttpResponse:
    return _staff_csv(request, event_id, services.standings_csv, "standings.csv")


@require_GET
def archon_csv(request: HttpRequest, event_id: str) -> HttpResponse:
    return _staff_csv(request, event_id, services.archon_csv, "archon.csv")


@require_GET
def twd(request: HttpRequest, event_id: str) -> HttpResponse:
    """The winner's list in the archive's layout: for the staff once the event has a winner; for anyone
    holding the event's link once it is over, when its lists are shown (the winner's or all)."""
    event = get_object_or_404(Event, pk=event_id)
    staff = services.is_staff(event, request.user)
    public = event.stage == Event.Stage.FINISHED and event.decklists_mode != Event.Decklists.PRIVATE
    if not staff and not public:
        if services.player_of(event, request.user) is None:
            raise Http404
        return _not_staff(request, event)
    try:
        text = services.winner_twd(event)
    except services.EventError as exc:
        return _refused(request, event, exc.message, exc.status)
    response = HttpResponse(text.encode("utf-8"), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(event, "twd.txt")}"'
    return response
