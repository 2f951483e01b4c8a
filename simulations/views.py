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

The Games tab (``/decks/<id>/games/``, and ``/twda/<id>/games/``, ``archive_games``) says how much of
the deck the rules engine models and starts a games job through ``jobs.start_games``, as the API does (the same
throttle, caps and answers as the Draws tab's form); a games job's page shows its report (VP, wins, survival,
oust order, seats, opponents, cards, first vampire), and ``/simulations/<id>/games/<n>/`` plays game n of a done
job again and tells it turn by turn (the games are deterministic: the same game as the worker's).

Every read of a job goes through ``services.refresh`` first: a job whose workers were lost is resent or
failed there, so a page left open is enough to keep a job from staying ``running`` for ever.
"""

from __future__ import annotations

import itertools
import logging
import secrets
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks import services as deck_services
from decks.models import Deck
from twda import services as twda_services
from twda import styles
from twda.models import Archetype, NamedArchetype, TournamentDeck
from vtesdeck.api import NothingHere
from vtesdeck.core import charts, draws
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.engine import options as table_options
from vtesdeck.core.numbers import whole_number
from vtesdeck.labels import card_type_label, draws_chart_labels, share_labels, signed_figure
from vtesdeck.throttling import client_address

from . import kinds, services
from .forms import CompareForm, GamesForm, HandsForm, ImpactForm
from .jobs import start_compare, start_games, start_impact
from .models import Simulation
from .services import readable_jobs
from .throttle import page_wait

logger = logging.getLogger(__name__)

# Columns of the per-card table on the Draws tab besides the opening hand: seen by the start of these turns.
TURN_COLUMNS = (3, 5)
RECENT_JOBS = 5
# The Draws tab's sample hand: ``?hand=<its number>``, at most this many digits.
SAMPLE_HAND = "hand"
SAMPLE_SEED_DIGITS = 9


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
    if request.method == "GET" and SAMPLE_HAND in request.GET:
        sample = _sample_hand(request.GET[SAMPLE_HAND], plan, cards)
        return _draws_page(request, deck, plan=plan, form=form, sample=sample, status=400 if "error" in sample else 200)
    if request.method == "POST":
        if not form.is_valid():
            return _draws_page(request, deck, plan=plan, form=form, status=400)
        pointed = _check_conditions(form, core, cards)
        if pointed is not None:
            return _draws_page(request, deck, plan=plan, form=form, pointed=pointed, status=400)
        wait = page_wait(request)
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


def _sample_hand(asked: str, plan: draws.HandsPlan, cards: CardIndex) -> dict[str, Any]:
    """``?hand=<number>``: that opening deal of the deck (the number is the deal's seed, so a link keeps its
    hand), its cards in the order dealt; or why the number is none."""
    seed = whole_number(asked, digits=SAMPLE_SEED_DIGITS)
    if seed is None:
        return {"error": _("“%(value)s” is not the number of a hand: deal a new one.") % {"value": asked[:40]}}
    hand = draws.sample_hand(plan, seed)
    return {"seed": seed, "library": [cards[i] for i in hand.library], "crypt": [cards[i] for i in hand.crypt]}


def _draws_page(
    request: HttpRequest,
    deck: Deck,
    *,
    plan: draws.HandsPlan | None = None,
    form: HandsForm | None = None,
    too_small: str = "",
    pointed: dict[str, Any] | None = None,
    sample: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    context: dict[str, Any] = {
        "pointed": pointed,
        "deck": deck,
        "is_owner": request.user.is_authenticated and deck.owner_id == request.user.pk,
        "too_small": too_small,
        "form": form,
        "recent": _recent_jobs(request, deck),
        "sample": sample,
        # The next deal's number: a fresh one on every page, so "Deal again" always deals another hand.
        "deal": secrets.randbelow(10**SAMPLE_SEED_DIGITS),
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
    mine = readable_jobs(request.user).filter(deck=deck, owner=request.user, kind=Simulation.Kind.HANDS)
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
    page = kinds.of(simulation).page(simulation)  # a kind another app registered draws its own (proxies)
    if page is not None:
        template, extra = page
        return render(request, template, {**context, **extra})
    if simulation.kind == Simulation.Kind.PLANNER:  # its answer names its owner's decks: their page alone
        return redirect("collection:planner_job", simulation.id)
    if simulation.kind in (Simulation.Kind.COMPARE, Simulation.Kind.IMPACT):
        context.update(_paired_context(simulation, request.user))
        return render(request, f"simulations/{simulation.kind}_job.html", context)
    games = simulation.kind == Simulation.Kind.GAMES
    if games:
        context["games_job"] = True
        context["twda"] = simulation.parameters.get("twda")
        context["table"] = _table_asked(simulation, request.user)
    if simulation.status == Simulation.Status.DONE and simulation.result:
        if games:
            context.update(_games_context(simulation, simulation.result))
            context["other_jobs"] = list(services.games_of_the_deck(simulation, request.user)[:OTHER_JOBS])
        else:
            context.update(_report_context(simulation.result, simulated=True))
    return render(request, "simulations/detail.html", context)


def _table_asked(simulation: Simulation, user) -> dict[str, Any]:
    """A games job's table as asked (its parameters), for the progress panel: the report's labels once done,
    before that the names of what the request named (a deck's only if this user may read it; never its id)."""

    parameters = simulation.parameters
    planned = (simulation.result or {}).get("opponents_plan") if simulation.status == Simulation.Status.DONE else None
    named = parameters.get("opponents") or []
    if not named and parameters.get("field_since"):
        # a paired job's field, of the date asked
        named = ["field"] * ((parameters.get("players") or table_options.DEFAULT_PLAYERS) - 1)
    asked = [item for item in named if isinstance(item, dict) and len(item) == 1]
    keys: dict[str, set[str]] = {}
    for item in asked:
        ((kind, key),) = item.items()
        keys.setdefault(kind, set()).add(str(key))
    names = {
        "deck": dict(Deck.objects.readable_by(user).filter(pk__in=keys.get("deck", ())).values_list("id", "name")),
        "archetype": {
            # a named archetype's slug asked as an archetype ("wall") draws from the named archetype
            **{slug: styles.label(slug) for slug in keys.get("archetype", ()) if styles.archetype(slug)},
            **dict(Archetype.objects.filter(pk__in=keys.get("archetype", ())).values_list("slug", "name")),
        },
        "style": {slug: styles.label(slug) for slug in keys.get("style", ()) if styles.archetype(slug)},
        "twda": {
            pk: name or event
            for pk, name, event in TournamentDeck.objects.filter(pk__in=keys.get("twda", ())).values_list(
                "id", "name", "event"
            )
        },
    }
    opponents = []
    if planned:
        opponents = [_label(row) for row in planned]
    for item in [] if planned else named:
        if item == "field":
            opponents.append(_("The field since %(date)s") % {"date": parameters.get("field_since") or "2018-01-01"})
        elif isinstance(item, dict) and len(item) == 1:
            ((kind, key),) = item.items()
            name = names.get(kind, {}).get(str(key))
            if not name and kind == "deck":
                # A deck this reader may not open (private, deleted): never its id, which may be its link.
                name = _("a deck you may not open")
            opponents.append(
                name
                or {"archetype": _("archetype %(key)s"), "twda": _("archive deck %(key)s")}.get(kind, "%(key)s")
                % {"key": key}
            )
    return {
        "players": parameters.get("players"),
        "rounds": parameters.get("rounds"),
        "rules": parameters.get("rules"),
        # The same opponent at several seats once, with how many ("The field since 2018-01-01 × 4").
        "opponents": [(label, sum(1 for _ in run)) for label, run in itertools.groupby(opponents)],
    }


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
    """The group's name in the page's language. Clans and discipline names stay as printed."""
    key, label = str(group.get("key", "")), str(group.get("label", ""))
    if group.get("kind") == "type":
        return card_type_label(label)
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
        rows = [
            {**group, "shown_label": _group_label(group)}
            for group in groups
            if group.get("part") == part and group.get("kind") == kind
        ]
        if rows:
            sections.append({"part": part, "kind": kind, "heading": _group_heading(part, kind), "rows": rows})
    type_groups = [g for g in groups if g.get("part") == "library" and g.get("kind") == "type"]
    curve = (report.get("draw_curve") or {}).get("turns") or []
    draw_curve = [
        {
            "turn": turn["turn"],
            "seen": turn["seen"],
            "types": [(g.get("p_by_turn_exact") or [None] * len(curve))[i] for g in type_groups],
        }
        for i, turn in enumerate(curve)
    ]
    first = report.get("first_vampire") or {}
    seats = _seats(first, simulated=simulated)
    playable = report.get("playable") or {}
    histogram = playable.get("histogram") if simulated else None
    exact_histogram = playable.get("histogram_exact")
    playable_rows = [
        {
            "count": count,
            "share": histogram[count] if histogram else None,
            "exact": exact_histogram[count] if exact_histogram else None,
        }
        for count in range(draws.OPENING_LIBRARY + 1)
    ]
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
            "library": charts.opening_odds_chart(
                report.get("library") or [], part="library", simulated=simulated, labels=labels
            ),
            "crypt": charts.opening_odds_chart(
                report.get("crypt") or [], part="crypt", simulated=simulated, labels=labels
            ),
            "playable": charts.playable_histogram(chart_playable, labels=labels) if chart_playable["histogram"] else "",
            "first_vampire": charts.first_vampire_chart(
                {"seats": [{"seat": s["seat"], "by_turn": s["by_turn"]} for s in seats]}, labels=labels
            )
            if seats
            else "",
            "types_by_turn": charts.types_by_turn_chart(type_groups, labels=labels) if type_groups else "",
        },
    }


def _seats(first: dict[str, Any], *, simulated: bool) -> list[dict[str, Any]]:
    """Per seat: P(a vampire out by the end of each turn) and the mean turn, simulated when the job drew
    them, else exact; the exact mean beside a simulated one."""
    seats = []
    for seat in first.get("seats") or []:
        by_turn = seat.get("by_turn") if simulated and seat.get("by_turn") is not None else seat.get("by_turn_exact")
        if by_turn is None:
            continue
        mean = seat.get("mean_turn") if simulated and seat.get("mean_turn") is not None else seat.get("mean_turn_exact")
        seats.append(
            {
                "seat": seat.get("seat"),
                "by_turn": list(by_turn),
                "mean_turn": mean,
                "mean_turn_exact": seat.get("mean_turn_exact"),
                "second_mean_turn": seat.get("second_mean_turn_exact")
                if not simulated or seat.get("second_mean_turn") is None
                else seat.get("second_mean_turn"),
            }
        )
    return seats


# --- a deck's Games tab ---------------------------------------------------------------------------------------

RECENT_GAMES_JOBS = 5
OPPONENT_ROWS = 12  # opponents shown in the table; the rest behind a "more" disclosure


@require_http_methods(["GET", "POST"])
def deck_games(request: HttpRequest, deck_id: str) -> HttpResponse:
    """``/decks/<id>/games/``: full games of a stored deck at a table, started here, read on the job's page."""
    deck = get_object_or_404(Deck.objects.readable_by(request.user).select_related("owner"), pk=deck_id)
    return games_tab(request, deck.to_core(), deck=deck)


@require_http_methods(["GET", "POST"])
def archive_games(request: HttpRequest, deck_id: str) -> HttpResponse:
    """An archive deck's Games tab (/twda/<id>/games/): full simulated games of it, as a stored deck's."""
    deck = get_object_or_404(TournamentDeck.objects.select_related("archetype"), pk=deck_id)
    core = twda_services.playable_core(deck)
    core.name = deck.shown_name  # the name its jobs and games give it, an unnamed deck's too
    return games_tab(request, core, archive=deck)


def games_tab(
    request: HttpRequest, core: CoreDeck, *, deck: Deck | None = None, archive=None, impact: bool = False
) -> HttpResponse:
    """The Games tab of a stored deck (``deck``) or of an archive deck (``archive``, a ``TournamentDeck``, whose
    jobs store ``{"twda": id}`` and no deck: ``twda.views.games``), ``core`` being the deck as the core reads it.
    Its two forms start a games job (a POST to the tab) or a card impact (``impact``: a POST to ``…/impact/``)."""
    from vtesdeck.core.engine import run as engine_run

    cards = deck_services.card_index()
    # As the API: a card the card list dropped since stays in a stored deck but cannot be played.
    core.crypt = {i: n for i, n in core.crypt.items() if i in cards}
    core.library = {i: n for i, n in core.library.items() if i in cards}
    posted = request.POST if request.method == "POST" else None
    choices = _opponent_choices(request.user)
    form = GamesForm(None if impact else posted, **choices)
    impact_form = ImpactForm(posted if impact else None, cards=len(core.crypt) + len(core.library), **choices)
    page = {"deck": deck, "archive": archive, "core": core, "cards": cards, "form": form, "impact_form": impact_form}
    unplayable = engine_run.unplayable(core, cards).rstrip(".")  # the page ends the sentence
    if unplayable:
        return _games_page(request, **page, unplayable=unplayable, status=400 if request.method == "POST" else 200)
    if request.method != "POST":
        return _games_page(request, **page)
    asked = impact_form if impact else form
    if not asked.is_valid():
        return _games_page(request, **page, status=400)
    twda = {"twda": archive.id} if archive is not None else None
    if impact:

        def start() -> Simulation:
            return start_impact(request, impact_form.attrs(), core, cards, source_deck=deck, parameters=twda)

    else:

        def start() -> Simulation:
            return start_games(request, form.attrs(), core, cards, source_deck=deck, parameters=twda)

    return _started(request, asked, start, lambda status: _games_page(request, **page, status=status), deck or archive)


def _opponent_choices(user) -> dict[str, Any]:
    """What a form offers as opponents (``forms.OpponentsForm``): the crypt-core families and the named archetypes
    that have decks in the archive, and the user's own decks."""
    own_decks = []
    if user.is_authenticated:
        own_decks = list(Deck.objects.filter(owner=user).order_by("name", "id").values_list("id", "name"))
    archetypes = Archetype.objects.filter(deck_count__gt=0).order_by("name").values_list("slug", "name", "deck_count")
    named = [
        (row.slug, styles.label(row.slug), row.deck_count) for row in NamedArchetype.objects.filter(deck_count__gt=0)
    ]
    return {"archetypes": archetypes, "styles": named, "own_decks": own_decks}


def _started(
    request: HttpRequest,
    form,
    start: Callable[[], Simulation],
    page: Callable[[int], HttpResponse],
    where,
    *,
    fields: dict[str, str] | None = None,
) -> HttpResponse:
    """A job started from a page's form (the Games tab's two, the compare page's): the job's page, or the form's
    page again saying why not, with the API's throttle and answers: 429 over a cap or the throttle, 400 for input
    the job refused (on the form's field it names, ``fields`` mapping a request field to the form's), 503 when the
    broker is down."""
    wait = page_wait(request)
    if wait:
        form.add_error(
            None,
            _("Too many simulations started in a short time; please wait %(seconds)d seconds.") % {"seconds": wait},
        )
        response = page(429)
        response["Retry-After"] = str(wait)
        return response
    try:
        simulation = start()
    except services.JobLimitReached as exc:
        form.add_error(None, str(exc))
        response = page(429)
        response["Retry-After"] = str(exc.retry_after)
        return response
    except services.SimulationInputError as exc:
        field = (fields or {}).get(exc.field, exc.field)
        form.add_error(field if field in form.fields else None, str(exc))
        return page(400)
    except services.BrokerUnavailable as exc:
        logger.warning("deck %s: job not queued: %s", where.id, exc)
        message = _("The simulation could not be queued: %(reason)s. Please try the simulation again in a minute.") % {
            "reason": exc
        }
        deck = where if isinstance(where, Deck) else None
        context = {"title": _("The simulation could not be started"), "message": message, "deck": deck}
        return render(request, "decks/problem.html", context, status=503)
    return redirect(simulation)


def _impact_form_of(request: HttpRequest, games_tab_url: str) -> HttpResponse | None:
    """A GET of a card impact's address (a page reloaded after its form was refused, a link kept): the Games tab's
    form, where it is asked. None for the POST the view answers."""
    if request.method == "POST":
        return None
    return redirect(f"{games_tab_url}#impact-section")


@require_http_methods(["GET", "POST"])
def deck_impact(request: HttpRequest, deck_id: str) -> HttpResponse:
    """``/decks/<id>/impact/``: the Games tab's "What each card brings", a card impact job of a stored deck."""
    deck = get_object_or_404(Deck.objects.readable_by(request.user).select_related("owner"), pk=deck_id)
    form = _impact_form_of(request, reverse("decks:games", args=[deck.id]))
    if form is not None:
        return form
    return games_tab(request, deck.to_core(), deck=deck, impact=True)


@require_http_methods(["GET", "POST"])
def archive_impact(request: HttpRequest, deck_id: str) -> HttpResponse:
    """``/twda/<id>/impact/``: a card impact job of an archive deck, as of a stored deck."""
    deck = get_object_or_404(TournamentDeck.objects.select_related("archetype"), pk=deck_id)
    form = _impact_form_of(request, reverse("twda:games", args=[deck.id]))
    if form is not None:
        return form
    core = twda_services.playable_core(deck)
    core.name = deck.shown_name
    return games_tab(request, core, archive=deck, impact=True)


ARCHIVE_MATCHES = 10  # archive decks a search on the compare page offers to pick from


@require_http_methods(["GET", "POST"])
def deck_compare(request: HttpRequest, deck_id: str) -> HttpResponse:
    """``/decks/<id>/compare/``: "Compare with…": a comparison job of the deck (A) with a saved revision of it (its
    owner's), another deck of the user's, or an archive deck (by its id, or a search whose matches it offers), in
    the same games against the tournament field (``jobs.start_compare``, as the API's ``compare`` kind)."""
    from vtesdeck.core.engine import run as engine_run

    deck = get_object_or_404(Deck.objects.readable_by(request.user).select_related("owner"), pk=deck_id)
    cards = deck_services.card_index()
    core = deck.to_core()
    core.crypt = {i: n for i, n in core.crypt.items() if i in cards}
    core.library = {i: n for i, n in core.library.items() if i in cards}
    owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    revisions = []
    if owner:
        for revision in deck.revisions.all():
            label = _("Revision %(number)d, %(date)s") % {
                "number": revision.number,
                "date": revision.created.strftime("%Y-%m-%d %H:%M"),
            }
            revisions.append((revision.number, f"{label}: {revision.note}" if revision.note else label))
    mine = []
    if request.user.is_authenticated:
        others = Deck.objects.filter(owner=request.user).exclude(pk=deck.pk).order_by("name", "id")
        mine = list(others.values_list("id", "name"))
    form = CompareForm(
        request.POST if request.method == "POST" else None,
        revisions=revisions,
        decks=mine,
        **_opponent_choices(request.user),
    )
    unplayable = engine_run.unplayable(core, cards).rstrip(".")

    def page(status: int = 200, matches=(), more: bool = False) -> HttpResponse:
        context = {
            "deck": deck,
            "form": form,
            "unplayable": unplayable,
            "matches": matches,
            "more_matches": more,
            "is_owner": owner,
        }
        return render(request, "decks/compare.html", context, status=status)

    if unplayable:
        return page(400 if request.method == "POST" else 200)
    if request.method != "POST":
        return page()
    if not form.is_valid():
        return page(400)
    twda = None
    if form.cleaned_data["against"] == "twda":
        asked = form.cleaned_data["twda"].strip()
        if TournamentDeck.objects.filter(pk=asked).exists():
            twda = asked
        else:
            words = Q()
            for word in asked.split()[:5]:
                words &= Q(name__icontains=word) | Q(event__icontains=word) | Q(winner__icontains=word)
            # one more than are shown, to say whether there are more
            matches = list(TournamentDeck.objects.filter(words).order_by("-date", "id")[: ARCHIVE_MATCHES + 1])
            if not matches:
                form.add_error("twda", _("No archive deck has this id or matches these words."))
                return page(400)
            if len(matches) > 1:  # the player picks one: each is a button sending its id
                return page(200, matches[:ARCHIVE_MATCHES], more=len(matches) > ARCHIVE_MATCHES)
            twda = matches[0].id
    attrs = {**form.attrs(), "other": form.other(twda)}

    def start() -> Simulation:
        return start_compare(request, attrs, core, cards, source_deck=deck)

    return _started(request, form, start, page, deck, fields={"other": form.chosen_field()})


def _games_page(
    request: HttpRequest,
    *,
    deck: Deck | None,
    archive,
    core: CoreDeck,
    cards: CardIndex,
    form: GamesForm,
    impact_form: ImpactForm,
    unplayable: str = "",
    status: int = 200,
) -> HttpResponse:
    from vtesdeck.core.engine import run as engine_run

    coverage = engine_run.coverage([core], cards) if not unplayable else None
    context: dict[str, Any] = {
        "deck": deck,
        "archive": archive,
        "name": deck.name if deck is not None else (archive.name or archive.event),
        "is_owner": deck is not None and request.user.is_authenticated and deck.owner_id == request.user.pk,
        "form": form,
        "impact_form": impact_form,
        "impact_cards": impact_form.cards,
        "impact_action": reverse("decks:impact", args=[deck.id])
        if deck is not None
        else reverse("twda:impact", args=[archive.id]),
        "unplayable": unplayable,
        "coverage": coverage.coverage if coverage else None,
        "crypt_coverage": coverage.crypt_coverage if coverage else None,
        "unsupported": [u.to_dict() for u in coverage.unsupported] if coverage else [],
        "recent": _recent_games(request, deck, archive),
        "action": reverse("decks:games", args=[deck.id])
        if deck is not None
        else reverse("twda:games", args=[archive.id]),
    }
    return render(request, "decks/games.html", context, status=status)


def _recent_games(request: HttpRequest, deck: Deck | None, archive) -> list[Simulation]:
    if not request.user.is_authenticated:
        return []
    played = (Simulation.Kind.GAMES, Simulation.Kind.COMPARE, Simulation.Kind.IMPACT)
    mine = readable_jobs(request.user).filter(owner=request.user, kind__in=played)
    if deck is not None:
        mine = mine.filter(deck=deck)
    else:
        mine = mine.filter(deck__isnull=True, parameters__twda=archive.id)
    return list(mine.order_by("-created_at")[:RECENT_GAMES_JOBS])


# --- a games job's results ------------------------------------------------------------------------------------


def _games_context(simulation: Simulation, report: dict[str, Any]) -> dict[str, Any]:
    """What ``simulations/_games_results.html`` shows of a done games job's report."""
    from .kinds import card_index, plan_of

    words = {**draws_chart_labels(), **_games_chart_labels()}
    figures = report.get("deck") or {}
    players = int(report.get("players") or 0)
    ousted = list((figures.get("oust_order") or {}).get("ousted") or [])
    oust_rows = [{"label": _ordinal_ousted(k), "share": share} for k, share in enumerate(ousted, 1)]
    oust_rows.append({"label": _("Survived"), "share": (figures.get("oust_order") or {}).get("survived")})
    by_seat = figures.get("by_seat") or []
    # The same deck's first vampire from the Draws tab's exact odds (hands only, no opponents), beside the games'.
    exact_seats: dict[int, dict[str, Any]] = {}
    try:
        plan = plan_of(simulation)
        hands = draws.exact_report(draws.compile_plan(plan.deck.to_core(), card_index()))
        exact_seats = {row["seat"]: row for row in (hands.get("first_vampire") or {}).get("seats") or []}
    except (draws.DrawsError, ValueError, KeyError) as exc:  # a deck the Draws tab cannot draw from
        logger.info("simulation %s: no exact first vampire: %s", simulation.id, exc)
    first = report.get("first_vampire") or {}
    vampire_seats = []
    for row in first.get("seats") or []:
        exact = exact_seats.get(row.get("seat")) or {}
        vampire_seats.append(
            {**row, "mean_turn_exact": exact.get("mean_turn_exact"), "by_turn_exact": exact.get("by_turn_exact") or []}
        )
    time_limit = report.get("time_limit") or 0
    games = report.get("games") or 0
    return {
        "report": report,
        "figures": figures,
        "players": players,
        "oust_rows": oust_rows,
        "by_seat": by_seat,
        # Most games first: the field meets hundreds of archetypes, most of them in a few games only.
        "opponent_rows": (report.get("opponents") or [])[:OPPONENT_ROWS],
        "opponent_more": (report.get("opponents") or [])[OPPONENT_ROWS:],
        "card_rows": report.get("cards") or [],
        "vampire_seats": vampire_seats,
        "vampire_turns": list(range(1, int(first.get("turns") or 0) + 1)),
        "rounds_histogram": sorted(
            ((int(r), n) for r, n in ((figures.get("rounds") or {}).get("histogram") or {}).items()),
            key=lambda pair: pair[0],
        ),
        "time_limit_share": time_limit / games if games else None,
        "unsupported": report.get("unsupported") or [],
        "errors": report.get("errors") or [],
        "error_count": report.get("error_count", len(report.get("errors") or [])),
        "examples": report.get("examples") or {},
        "opponents_plan": _slots(report.get("opponents_plan") or []),
        "charts": {
            "by_seat": charts.vp_by_seat_chart(by_seat, labels=words),
            "oust_order": charts.share_bar_chart(
                [(row["label"], row["share"]) for row in oust_rows],
                title=words["oust_order_title"],
                chart_id="oust-order-chart",
                labels=words,
            ),
            "first_vampire": charts.first_vampire_chart(
                # A seat the deck never sat at (fewer games than seats) has no shares to draw.
                {"seats": [{"seat": s["seat"], "by_turn": s["by_turn"]} for s in vampire_seats if s.get("games")]},
                labels={**words, "first_vampire_title": words["games_first_vampire_title"]},
            )
            if vampire_seats
            else "",
        },
    }


def _slots(planned: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The opponents' slots (numbered from 2: slot 1 is the deck), runs of the same opponent as one line."""
    runs: list[dict[str, Any]] = []
    for slot, row in enumerate(planned, 2):
        label = _label(row)
        sampled_from = row.get("sampled_from") or 0
        if runs and (runs[-1]["label"], runs[-1]["decks"], runs[-1]["sampled_from"]) == (
            label,
            row.get("decks"),
            sampled_from,
        ):
            runs[-1]["last"] = slot
        else:
            runs.append(
                {"first": slot, "last": slot, "label": label, "decks": row.get("decks"), "sampled_from": sampled_from}
            )
    return runs


def _label(row: dict[str, Any]) -> str:
    """An opponent's label in the page's language: the field's is a sentence, the others are names."""
    if row.get("kind") == "field":
        return _("The field since %(date)s") % {"date": row.get("key")}
    return str(row.get("label", ""))


def _ordinal_ousted(place: int) -> str:
    return {
        1: _("Ousted 1st"),
        2: _("Ousted 2nd"),
        3: _("Ousted 3rd"),
        4: _("Ousted 4th"),
    }.get(place, _("Ousted %(place)dth") % {"place": place})


def _games_chart_labels() -> dict[str, str]:
    return {
        "vp_by_seat_title": _("Victory points per game, by seat"),
        "oust_order_title": _("When the deck was ousted"),
        "games_first_vampire_title": _("A vampire in play by the end of your turn (games)"),
    }


# --- a comparison's and a card impact's pages -------------------------------------------------------------------


def _paired_context(simulation: Simulation, user) -> dict[str, Any]:
    """What a comparison's or a card impact's page shows: what was asked (the games for each side, the seats, deck
    B as this reader may know it), then once done the report: a comparison's verdict in words and both decks'
    figures; a card impact's cards ranked by what they bring."""
    parameters, report = simulation.shown_to(user)
    games = parameters.get("games") or 0
    context: dict[str, Any] = {
        "games_job": True,  # the units are games: the status panel counts games played
        "twda": parameters.get("twda"),
        "asked_games": games,
        "players": parameters.get("players"),
        "measured": parameters.get("cards"),
        # the opponents named by the request, as a games job's page names them (none: the field at every seat)
        "table": _table_asked(simulation, user)
        if parameters.get("opponents") or parameters.get("field_since")
        else None,
    }
    if simulation.kind == Simulation.Kind.COMPARE:
        context["other"] = _other_label(parameters.get("other"), simulation)
    if simulation.status != Simulation.Status.DONE or not report:
        return context
    context["report"] = report
    if simulation.kind == Simulation.Kind.COMPARE:
        from vtesdeck.core.engine import compare

        # B as the heading names it (a revision in the reader's language), else as the report does
        names = (report["decks"][0].get("name") or "A", context["other"] or report["decks"][1].get("name") or "B")
        context["verdict"] = verdict_words(compare.finding(report["vp_diff"], report["vp_diff_ci95"]), *names)
        context["decks"] = [
            {"label": label, **deck, "name": name}
            for label, deck, name in zip(("A", "B"), report["decks"], names, strict=True)
        ]
    else:
        context["card_rows"] = report.get("cards") or []
        context["unmodelled"] = sum(1 for row in context["card_rows"] if not row.get("modelled", True))
    return context


def _other_label(other: Any, simulation: Simulation) -> str:
    """Deck B as the comparison's page names it, queued, running or done: a revision in the reader's language, an
    archive deck by its name, a stored deck by the name the job's plan keeps (whoever reads the job may read that
    deck: ``services.readable_jobs``; its id is not for every reader)."""
    kind, key = next(iter(other.items())) if isinstance(other, dict) and len(other) == 1 else ("", None)
    if kind == "revision":
        return _("revision %(number)s of this deck") % {"number": key}
    planned = (simulation.plan or {}).get("other") if isinstance(simulation.plan, dict) else None
    if isinstance(planned, dict) and planned.get("name"):
        return str(planned["name"])
    if kind == "twda":
        row = TournamentDeck.objects.filter(pk=key).first()
        return row.shown_name if row else _("archive deck %(key)s") % {"key": key}
    return _("another deck")


# --- two games jobs of one deck, side by side ------------------------------------------------------------------

OTHER_JOBS = 10  # the other jobs of the deck a games job's page offers to compare it with


@require_GET
def compare_jobs(request: HttpRequest, simulation_id: str, other_id: str) -> HttpResponse:
    """``/simulations/<a>/compare/<b>/``: two finished games jobs of one deck side by side (A the first, B the other),
    and B − A: paired game by game when they played the same tables (the same seed, seats, rules and opponents:
    ``engine.simulation.same_tables``), with a verdict; otherwise said to be unpaired, the difference of their means
    with its wider interval (``engine.compare.unpaired``)."""
    from vtesdeck.core.engine import compare
    from vtesdeck.core.engine.simulation import same_tables

    from .kinds import plan_of

    done = readable_jobs(request.user).filter(kind=Simulation.Kind.GAMES, status=Simulation.Status.DONE)
    first = get_object_or_404(done, pk=simulation_id)
    second = get_object_or_404(done.exclude(pk=first.pk), pk=other_id)
    if not services.same_deck(first, second):
        raise Http404(_("These two jobs are not of the same deck."))
    players = int((first.result or {}).get("players") or 0)
    seeds = first.seed == second.seed
    tables = same_tables(plan_of(first), plan_of(second))
    paired = seeds and tables
    results = [services.per_game_results(job) for job in (first, second)]
    diff = None
    if results[0] is not None and results[1] is not None:
        a, b = results
        if paired:
            n = min(len(a.vp), len(b.vp))  # the games both jobs played: the first n of the longer one
            a, b = (compare.Results(vp=r.vp[:n], wins=r.wins[:n]) for r in (a, b))
            diff = compare.difference(a, b, players)
        else:
            diff = compare.unpaired(a, b, players)
    sides = [_job_side(job, label, request.user) for job, label in ((first, "A"), (second, "B"))]
    means = [side["figures"].get("vp_mean") for side in sides]
    context = {
        "first": first,
        "second": second,
        "sides": sides,
        "deck": first.deck if first.deck_named_to(request.user) else None,
        "twda": first.parameters.get("twda"),
        "paired": paired,
        "why_unpaired": "" if paired else (_("different seeds") if not seeds else _("different tables or opponents")),
        "diff": diff,
        # Jobs played before games kept their per-game results: their means alone, without an interval.
        "mean_diff": means[1] - means[0] if None not in means else None,
        "verdict": verdict_words(compare.finding(diff.vp, diff.vp_ci95), "A", "B") if paired and diff else "",
    }
    return render(request, "simulations/compare_jobs.html", context)


def _job_side(simulation: Simulation, label: str, user) -> dict[str, Any]:
    report = simulation.result or {}
    return {
        "label": label,
        "job": simulation,
        "figures": report.get("deck") or {},
        "report": report,
        "table": _table_asked(simulation, user),
    }


def verdict_words(found, a: str, b: str) -> str:
    """A paired difference ``B - A`` in words, in the page's language (``engine.compare.finding``: the one rule of
    when a deck is better; ``compare.verdict`` says the same in English for the API and the command line)."""
    from vtesdeck.core.engine import compare

    numbers = {
        "by": signed_figure(found.by, sign=False),
        "low": signed_figure(found.low, sign=False),
        "high": signed_figure(found.high, sign=False),
    }
    if found.kind in (compare.B_BETTER, compare.A_BETTER):
        better = b if found.kind == compare.B_BETTER else a
        return _("%(deck)s is better by %(by)s VP a game, 95 %% [%(low)s, %(high)s]") % {**numbers, "deck": better}
    if found.kind == compare.NO_DIFFERENCE:
        return _("No difference found at this size (95 %% [%(low)s, %(high)s])") % numbers
    if found.kind == compare.TOO_FEW:
        return _("Too few games to tell (an interval needs at least 2)")
    return _("No game finished on both sides: nothing to compare")


# --- a game to read -------------------------------------------------------------------------------------------


# Pages number seats from 1, seat 1 playing first, as the job's report does (``by_seat``, ``first_vampire``); the
# engine's games files and replay_game's log number them from 0.
FIRST_SEAT = 1


@require_GET
def game(request: HttpRequest, simulation_id: str, number: int) -> HttpResponse:
    """``/simulations/<id>/games/<n>/``: game n of a done games job, played again with its log (the games are
    deterministic: the same plan, seed and number give the same game as the worker's)."""
    from vtesdeck.core.engine import log as engine_log
    from vtesdeck.core.engine import simulation as games_core

    from .kinds import card_index, plan_of

    simulation = get_object_or_404(
        readable_jobs(request.user), pk=simulation_id, kind=Simulation.Kind.GAMES, status=Simulation.Status.DONE
    )
    if not 0 <= number < simulation.units:
        raise NothingHere(_("This job played no game with this number."))
    plan = plan_of(simulation)
    cards = card_index()
    context: dict[str, Any] = {
        "simulation": simulation,
        "number": number,
        "deck": simulation.deck if simulation.deck_named_to(request.user) else None,
        "twda": simulation.parameters.get("twda"),
        "command": f"python manage.py replay_game --job {simulation.id} --game {number}",
        "previous": number - 1 if number > 0 else None,
        "next": number + 1 if number + 1 < simulation.units else None,
        "error": "",
    }
    try:
        played = games_core.play_game(plan, cards, seed=simulation.seed, i=number, log=True)
    except Exception as exc:  # the game raised in the job too: its report lists it among the errors
        logger.info("simulation %s: game %d raised %r", simulation.id, number, exc)
        context["error"] = f"{type(exc).__name__}: {exc}"
        return render(request, "simulations/game.html", context)
    result = played.result
    final = result.game
    best = _winner(final)
    slots = played.table.seats  # the slot (0: the job's deck) at each seat
    context.update(
        {
            "seats": [
                {
                    "seat": seat + FIRST_SEAT,
                    "name": deck.name,
                    "mine": slots[seat] == 0,
                    "vp": final.seats[seat].vp,
                    "ousted_at": final.seats[seat].ousted_at,
                    "winner": best == seat,
                }
                for seat, deck in enumerate(played.decks)
            ],
            "table_seed": played.table.seed,
            "rounds": final.round,
            "hash": result.hash,
            "log": [
                {"indent": line[0][0].startswith("  ") if line else False, "segments": line}
                for line in engine_log.segments(final, cards, first_seat=FIRST_SEAT)
            ],
        }
    )
    return render(request, "simulations/game.html", context)


@require_GET
def game_number(request: HttpRequest, simulation_id: str) -> HttpResponse:
    """The job page's "game number" box: ``?n=`` to that game's page."""
    simulation = get_object_or_404(readable_jobs(request.user), pk=simulation_id, kind=Simulation.Kind.GAMES)
    number = whole_number(request.GET.get("n", ""), signed=True)
    if number is None:
        raise NothingHere(_("This job played no game with this number."))
    return redirect("simulations:game", simulation.id, number) if number >= 0 else redirect(simulation)


def _winner(game) -> int | None:
    from vtesdeck.core.engine.economy import winner

    return winner(game) if game.seats else None
