"""The pages of "how a deck draws": a deck's Draws tab and a simulation job's page.

The Draws tab (``/decks/<id>/draws/``) shows at once what is known exactly (the core's ``exact_report``:
per card and per group the odds in the opening hand, the draw curve, the first vampire out, the playable
hand) and offers a Monte-Carlo job (``services.start_hands``), which anyone who may read the deck may
start. A job's page (``/simulations/<id>/``) follows it: a progress bar that refreshes itself (a meta
refresh without script; ``static/js/draws.js`` polls the API with it), then the report as tables and
charts. Like the API, a job is read by anyone holding its unguessable id, and cancelled by its owner, or
by anyone holding the id of a job started without an account; but a job drawn from a private deck is
read (and cancelled) only by who started it and the deck's owner, and once the deck is deleted only by who
started it (``readable_jobs``): to anyone else its page, and its cancel button's address, answer the 404 of
an id that names no job.

Every read of a job goes through ``services.refresh`` first: a job whose workers were lost is resent or
failed there, so a page left open is enough to keep a job from staying ``running`` for ever.
"""

from __future__ import annotations

import logging
import math
from types import SimpleNamespace
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.throttle import client_address
from decks import services as deck_services
from decks.models import Deck
from vtesdeck.core import charts, draws
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.labels import draws_chart_labels, share_labels

from . import services
from .api.views import SimulationStartThrottle, readable_jobs
from .forms import HandsForm
from .models import Simulation

logger = logging.getLogger(__name__)

# What the API's start throttle takes for a view that starts a job (it throttles only those).
_STARTING = SimpleNamespace(action="create")
# Columns of the per-card table on the Draws tab besides the opening hand: seen by the start of these turns.
TURN_COLUMNS = (3, 5)
RECENT_JOBS = 5


# --- a deck's Draws tab -----------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def deck_draws(request: HttpRequest, deck_id: str) -> HttpResponse:
    # The same rule as every deck page: 404 for a deck one may not read, whoever asks.
    deck = get_object_or_404(Deck.objects.readable_by(request.user).select_related("owner"), pk=deck_id)
    cards = deck_services.card_index()
    # Cards the card list no longer knows stay in a stored deck; the core leaves them out of the draws and
    # lists them (``unknown``), which the pages say.
    core = deck.to_core()
    try:
        plan = draws.compile_plan(core, cards)
    except draws.DrawsError as exc:
        # A deck being built: not an error of the page, a sentence saying what is missing.
        return _draws_page(request, deck, too_small=str(exc))
    form = HandsForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not form.is_valid():
            return _draws_page(request, deck, plan=plan, form=form, status=400)
        pointed = _check_conditions(form, core, cards)
        if pointed is not None:
            return _draws_page(request, deck, plan=plan, form=form, pointed=pointed, status=400)
        wait = _throttled(request)
        if wait:
            form.add_error(
                None,
                _("Too many simulations started in a short time; please wait %(seconds)d seconds.") % {"seconds": wait},
            )
            response = _draws_page(request, deck, plan=plan, form=form, status=429)
            response["Retry-After"] = str(wait)
            return response
        try:
            simulation = services.start_hands(
                deck=core,
                cards=cards,
                owner=request.user,
                source_deck=deck,
                hands=form.cleaned_data["hands"],
                seed=form.cleaned_data["seed"],
                conditions=form.cleaned_data["conditions"],
                client=client_address(request),
            )
        except services.JobLimitReached as exc:
            form.add_error(None, str(exc))
            response = _draws_page(request, deck, plan=plan, form=form, status=429)
            response["Retry-After"] = str(exc.retry_after)
            return response
        except services.SimulationInputError as exc:
            field = exc.field if exc.field in form.fields else None
            form.add_error(field, str(exc))
            return _draws_page(request, deck, plan=plan, form=form, status=400)
        except services.BrokerUnavailable as exc:
            logger.warning("deck %s: simulation not queued: %s", deck.id, exc)
            message = _(
                "The simulation could not be queued: %(reason)s. The exact odds on the Draws tab need no job; "
                "please try the simulation again in a minute."
            ) % {"reason": exc}
            context = {"title": _("The simulation could not be started"), "message": message, "deck": deck}
            return render(request, "decks/problem.html", context, status=503)
        return redirect(simulation)
    return _draws_page(request, deck, plan=plan, form=form)


def _throttled(request: HttpRequest) -> int:
    """Seconds to wait before starting another job, or 0. The page and the API share one allowance per
    user (or per address without an account): each job is seconds of a worker's time."""
    throttle = SimulationStartThrottle()
    if throttle.allow_request(request, _STARTING):
        return 0
    return max(1, math.ceil(throttle.wait() or 1))


def _check_conditions(form: HandsForm, core: CoreDeck, cards: CardIndex) -> dict[str, Any] | None:
    """Compile the asked conditions once here, where the core still says which line is wrong and where:
    the error goes on the form, and the line with a caret under the mistake is returned for the page."""
    conditions = form.cleaned_data["conditions"]
    if not conditions:
        return None
    try:
        draws.compile_plan(core, cards, conditions=conditions)
    except draws.ConditionError as exc:
        line = (exc.index or 0) + 1
        form.add_error("conditions", _("Line %(line)d: %(message)s") % {"line": line, "message": exc})
        position = max(0, min(exc.position, len(exc.expression)))
        return {"line": line, "expression": exc.expression, "caret": " " * position + "^"}
    except draws.DrawsError:
        return None  # the deck's own problem: start_hands says it
    return None


def _draws_page(request: HttpRequest, deck: Deck, *, plan: draws.HandsPlan | None = None,
                form: HandsForm | None = None, too_small: str = "", pointed: dict[str, Any] | None = None,
                status: int = 200) -> HttpResponse:  # fmt: skip
    context: dict[str, Any] = {
        "pointed": pointed,
        "deck": deck,
        "is_owner": request.user.is_authenticated and deck.owner_id == request.user.pk,
        "too_small": too_small,
        "form": form,
        "recent": _recent_jobs(request, deck),
    }
    if plan is not None:
        report = draws.exact_report(plan)
        context.update(_report_context(report, simulated=False))
        context["condition_examples"] = _condition_examples(report)
        context["turn_columns"] = [t for t in TURN_COLUMNS if t <= plan.turns]
        for row in context["library"]:
            row["by_turn_columns"] = [row["p_by_turn_exact"][t - 1] for t in context["turn_columns"]]
    return render(request, "decks/draws.html", context, status=status)


def _condition_examples(report: dict[str, Any]) -> list[str]:
    """Two or three conditions this deck can be asked, made of its own card types, cards and crypt."""
    groups = report.get("groups") or []
    examples = []
    types = [g["key"] for g in groups if g.get("part") == "library" and g.get("kind") == "type"]
    if types:
        wanted = "Master" if "Master" in types else types[0]
        examples.append(f"library.type({_quoted(wanted)}) >= 2")
    capacities = [g["key"] for g in groups if g.get("part") == "crypt" and g.get("kind") == "capacity"]
    if capacities:
        examples.append(f"crypt.capacity({_quoted(capacities[len(capacities) // 2])}) >= 2")
    library = sorted(report.get("library") or [], key=lambda row: -row.get("count", 0))
    clans = [g["key"] for g in groups if g.get("part") == "crypt" and g.get("kind") == "clan"]
    named = [row["name"] for row in library if '"' not in row["name"] or "'" not in row["name"]]
    if named:
        example = f"library.card({_quoted(named[0])})"
        if clans:
            example += f" and crypt.clan({_quoted(clans[0])}) >= 1"
        examples.append(example)
    return examples


def _quoted(text: str) -> str:
    # The condition language takes either quote; the other one needs no escaping inside.
    return f'"{text}"' if '"' not in text else f"'{text}'"


def _not_modelled(playable: dict[str, Any]) -> str:
    """The card requirements the playable-hand figure counts as met, as the core lists them."""
    return ", ".join(playable.get("not_modelled") or ())


def _recent_jobs(request: HttpRequest, deck: Deck) -> list[Simulation]:
    if not request.user.is_authenticated:
        return []
    mine = readable_jobs(request.user).filter(deck=deck, owner=request.user)
    return list(mine.order_by("-created_at")[:RECENT_JOBS])


# --- a job ----------------------------------------------------------------------------------------


@require_GET
def detail(request: HttpRequest, simulation_id: str) -> HttpResponse:
    simulation = services.refresh(get_object_or_404(readable_jobs(request.user), pk=simulation_id))
    # The job stays readable by its id; the deck's link goes only to who was given it (as the API's ``deck``).
    deck = simulation.deck if simulation.deck_named_to(request.user) else None
    context: dict[str, Any] = {
        "simulation": simulation,
        "deck": deck,
        "can_cancel": not simulation.finished and _may_cancel(request, simulation),
        # An attribute value, not text: never localised ("34.5", not "34,5").
        "percent": f"{simulation.progress * 100:.1f}",
        "elapsed": _elapsed(simulation),
        "workers": sorted(set(simulation.chunks.values_list("worker", flat=True)) - {""}),
        "conditions": simulation.parameters.get("conditions", []),
        "status_choices": Simulation.Status.choices,
        # draws.js writes percentages and durations as the page does (templatetags.draws_tags).
        "share_format": share_labels(),
        "duration_format": {"seconds": _("%(seconds)s s"), "minutes": _("%(minutes)d min %(seconds)02d s")},
    }
    if simulation.status == Simulation.Status.DONE and simulation.result:
        context.update(_report_context(simulation.result, simulated=True))
    return render(request, "simulations/detail.html", context)


@require_POST
def cancel(request: HttpRequest, simulation_id: str) -> HttpResponse:
    # One may not cancel what one may not read: the same 404 as a made-up id, never a 403 that tells it is real.
    simulation = get_object_or_404(readable_jobs(request.user), pk=simulation_id)
    if not _may_cancel(request, simulation):
        raise PermissionDenied(_("Only the user who started this simulation may cancel it."))
    was_finished = simulation.finished
    simulation = services.cancel(simulation)
    if not was_finished and simulation.status == Simulation.Status.CANCELLED:
        messages.success(request, _("The simulation was cancelled."))
    return redirect(simulation)


def _may_cancel(request: HttpRequest, simulation: Simulation) -> bool:
    # As the API: a job without an owner is anyone's holding its id.
    return simulation.owner_id is None or simulation.owner_id == request.user.pk


def _elapsed(simulation: Simulation) -> float:
    """Seconds since the first chunk began (or since the job was queued), up to its end."""
    start = simulation.started_at or simulation.created_at
    end = simulation.finished_at or timezone.now()
    return max((end - start).total_seconds(), 0.0)


# --- the report as tables and charts --------------------------------------------------------------

# Headings of the group tables, in the order they are shown.
GROUP_SECTIONS = (
    ("library", "type"),
    ("library", "discipline"),
    ("library", "clan"),
    ("crypt", "clan"),
    ("crypt", "discipline"),
    ("crypt", "capacity"),
)


def _group_heading(part: str, kind: str) -> str:
    return {
        ("library", "type"): _("Library: card types"),
        ("library", "discipline"): _("Library: disciplines required"),
        ("library", "clan"): _("Library: clans required"),
        ("crypt", "clan"): _("Crypt: clans"),
        ("crypt", "discipline"): _("Crypt: disciplines"),
        ("crypt", "capacity"): _("Crypt: capacity"),
    }.get((part, kind), f"{part}: {kind}")


def _group_label(group: dict[str, Any]) -> str:
    """The group's name in the page's language. Card types, clans and discipline names stay as printed."""
    key, label = str(group.get("key", "")), str(group.get("label", ""))
    if group.get("kind") == "capacity" and key.startswith("<="):
        return _("capacity %(capacity)s or less") % {"capacity": key[2:]}
    if group.get("kind") == "discipline" and key.isupper():
        return _("%(name)s (superior)") % {"name": label.removesuffix(" (superior)")}
    return label


def _report_context(report: dict[str, Any], *, simulated: bool) -> dict[str, Any]:
    """What the templates show of a hands report (exact only, or a finished job's)."""
    labels = draws_chart_labels()
    groups = report.get("groups") or []
    sections = []
    for part, kind in GROUP_SECTIONS:
        rows = [{**group, "shown_label": _group_label(group)} for group in groups
                if group.get("part") == part and group.get("kind") == kind]  # fmt: skip
        if rows:
            sections.append({"part": part, "kind": kind, "heading": _group_heading(part, kind), "rows": rows})
    type_groups = [g for g in groups if g.get("part") == "library" and g.get("kind") == "type"]
    curve = (report.get("draw_curve") or {}).get("turns") or []
    draw_curve = [
        {"turn": turn["turn"], "seen": turn["seen"],
         "types": [(g.get("p_by_turn_exact") or [None] * len(curve))[i] for g in type_groups]}
        for i, turn in enumerate(curve)
    ]  # fmt: skip
    first = report.get("first_vampire") or {}
    seats = _seats(first, simulated=simulated)
    playable = report.get("playable") or {}
    histogram = playable.get("histogram") if simulated else None
    exact_histogram = playable.get("histogram_exact")
    playable_rows = [
        {"count": count,
         "share": histogram[count] if histogram else None,
         "exact": exact_histogram[count] if exact_histogram else None}
        for count in range(draws.OPENING_LIBRARY + 1)
    ]  # fmt: skip
    chart_playable = {"histogram": histogram or exact_histogram or []}
    return {
        "report": report,
        "simulated": simulated,
        "library": [dict(row) for row in report.get("library") or []],
        "crypt": report.get("crypt") or [],
        "group_sections": sections,
        "type_groups": type_groups,
        "draw_curve": draw_curve,
        "replacements_per_turn": (report.get("draw_curve") or {}).get("replacements_per_turn"),
        "seats": seats,
        "vampire_turns": list(range(1, int(first.get("turns") or 0) + 1)),
        "playable": playable,
        "playable_rows": playable_rows,
        "has_playable": bool(histogram or exact_histogram),
        "not_modelled": _not_modelled(playable),
        "report_conditions": report.get("conditions") or [],
        "unknown": report.get("unknown") or [],
        "charts": {
            "library": charts.opening_odds_chart(report.get("library") or [], part="library",
                                                 simulated=simulated, labels=labels),
            "crypt": charts.opening_odds_chart(report.get("crypt") or [], part="crypt",
                                               simulated=simulated, labels=labels),
            "playable": charts.playable_histogram(chart_playable, labels=labels)
            if chart_playable["histogram"] else "",
            "first_vampire": charts.first_vampire_chart(
                {"seats": [{"seat": s["seat"], "by_turn": s["by_turn"]} for s in seats]}, labels=labels
            ) if seats else "",
            "types_by_turn": charts.types_by_turn_chart(type_groups, labels=labels) if type_groups else "",
        },
    }  # fmt: skip


def _seats(first: dict[str, Any], *, simulated: bool) -> list[dict[str, Any]]:
    """Per seat: P(a vampire out by the end of each turn) and the mean turn, simulated when the job drew
    them, else exact; the exact mean beside a simulated one."""
    seats = []
    for seat in first.get("seats") or []:
        by_turn = seat.get("by_turn") if simulated and seat.get("by_turn") is not None else seat.get("by_turn_exact")
        if by_turn is None:
            continue
        mean = seat.get("mean_turn") if simulated and seat.get("mean_turn") is not None else seat.get("mean_turn_exact")
        seats.append({
            "seat": seat.get("seat"),
            "by_turn": list(by_turn),
            "mean_turn": mean,
            "mean_turn_exact": seat.get("mean_turn_exact"),
            "second_mean_turn": seat.get("second_mean_turn_exact")
            if not simulated or seat.get("second_mean_turn") is None else seat.get("second_mean_turn"),
        })  # fmt: skip
    return seats
