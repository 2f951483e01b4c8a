"""The collection's pages: my collection (add, remove, import, export, precons, sharing, wishlist, history), a
shared collection's read-only page (a page of rows at a time, throttled per address as its API twin is), the build
planner, and the deck pages' forms (build mode, missing cards to the wishlist). Every change goes through
``collection.services``; a refused one is a 400 page saying why (409 when another change kept the collection
busy)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.requests import signed_in_user
from cards import index
from decks.models import Deck
from simulations import services as job_services
from simulations.models import Simulation
from twda.models import TournamentDeck
from vtesdeck.api import page_wait
from vtesdeck.core import collection as core
from vtesdeck.core import planner
from vtesdeck.core.decklist.resolve import resolver_for
from vtesdeck.core.numbers import whole_number

from . import services
from .models import DeckBuild, Entry, Share, WishlistEntry
from .throttle import SharedCollectionThrottle

PAGE_SIZE = 100
HISTORY_SIZE = 50  # changes on the page (the API pages through them all)
HISTORY_CARDS = 3  # cards named with a change; a larger one says how many rows it changed
# The core's collection formats (``core.FORMATS``), in the reader's language.
FORMAT_LABELS = {
    "vdb-csv": gettext_lazy("VDB inventory CSV (Quantity,Card ID)"),
    "lackey": gettext_lazy("LackeyCCG deck (text or .dek)"),
    "json": gettext_lazy("vtesdeck JSON"),
    "csv": gettext_lazy("vtesdeck CSV (count, card id, name, set, language, note)"),
}
MAX_UPLOAD = 2 * 1024 * 1024


class AddForm(forms.Form):
    card = forms.CharField(label=gettext_lazy("Card"), max_length=200)
    count = forms.IntegerField(label=gettext_lazy("Copies"), min_value=1, max_value=core.MAX_COUNT, initial=1)
    set = forms.CharField(label=gettext_lazy("Printing (set)"), max_length=core.MAX_TEXT, required=False)
    language = forms.CharField(label=gettext_lazy("Language"), max_length=core.MAX_TEXT, required=False)
    note = forms.CharField(label=gettext_lazy("Note"), max_length=core.MAX_TEXT, required=False)

    def clean_card(self) -> int:
        return card_id_of(self.cleaned_data["card"])


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File"))
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        required=False,
        choices=[("", gettext_lazy("detect")), *FORMAT_LABELS.items()],
    )
    replace = forms.BooleanField(label=gettext_lazy("Replace my collection"), required=False)


def card_id_of(text: Any) -> int:
    """A card named by its VEKN id or a name; ``forms.ValidationError`` with a sentence otherwise."""
    cards = index.get()
    text = str(text).strip()
    number = whole_number(text)
    if number is not None and number in cards:
        return number
    card = resolver_for(cards).resolve(text) if text and number is None and len(text) <= 200 else None
    if card is None:
        raise forms.ValidationError(_("No card is called “%(name)s”.") % {"name": text[:100]})
    return card.id


def _back(request: HttpRequest, default: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        return redirect(target)
    return redirect(default)


def _row_id(value: str | None) -> int:
    """A row's id from a form; 0 (no row) for anything else."""
    return whole_number(value or "", digits=18) or 0


def _page_of(entries, request: HttpRequest) -> tuple[Any, list[dict[str, Any]]]:
    """One page of a collection's rows (``PAGE_SIZE``), and the rows with their cards."""
    page = Paginator(entries.order_by("card_id", "set", "language"), PAGE_SIZE).get_page(request.GET.get("page"))
    cards = index.get()
    return page, [{"line": e, "card": cards.get(e.card_id)} for e in page.object_list]


def _history(user) -> list[dict[str, Any]]:
    """The latest changes, each with its cards when it changed a few rows (a large import says how many)."""
    events = list(services.history(user)[:HISTORY_SIZE])
    lines = services.lines_of(events, most=HISTORY_CARDS)
    cards = index.get()
    return [
        {"event": event, "lines": [{"line": line, "card": cards.get(line.card_id)} for line in lines.get(event.pk, [])]}
        for event in events
    ]


# --- my collection --------------------------------------------------------------------------------


@login_required
@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    return _collection_page(request, AddForm(), ImportForm())


def _collection_page(
    request: HttpRequest, add_form: AddForm, import_form: ImportForm, status: int = 200, errors: list[str] | None = None
) -> HttpResponse:
    user = signed_in_user(request)  # every caller is a @login_required view
    page, rows = _page_of(Entry.objects.filter(owner=user), request)
    cards = index.get()
    share = Share.objects.filter(owner=user).first()
    context = {
        "page": page,
        "rows": rows,
        "copies": services.copies(user),
        "add_form": add_form,
        "import_form": import_form,
        "errors": errors or [],
        "precons": services.precon_choices(),
        "formats": list(FORMAT_LABELS.items()),
        "share_url": request.build_absolute_uri(share.get_absolute_url()) if share else "",
        "wishlist": [{"wish": w, "card": cards.get(w.card_id)} for w in WishlistEntry.objects.filter(owner=user)],
        "history": _history(user),
    }
    return render(request, "collection/mine.html", context, status=status)


@login_required
@require_POST
def add(request: HttpRequest) -> HttpResponse:
    form = AddForm(request.POST)
    if not form.is_valid():
        return _collection_page(request, form, ImportForm(), status=400)
    data = form.cleaned_data
    try:
        count = services.add(
            request.user,
            [
                core.Line(
                    card_id=data["card"],
                    count=data["count"],
                    set=data["set"],
                    language=data["language"],
                    note=data["note"],
                )
            ],
        )
    except services.CollectionError as exc:
        return _collection_page(request, form, ImportForm(), status=exc.status, errors=[str(exc)])
    messages.success(request, ngettext("Added %(count)d copy.", "Added %(count)d copies.", count) % {"count": count})
    return _back(request, "collection:mine")


@login_required
@require_POST
def remove(request: HttpRequest) -> HttpResponse:
    entry = get_object_or_404(Entry, owner=request.user, pk=_row_id(request.POST.get("entry")))
    raw = request.POST.get("count") or ""
    count = whole_number(raw) if raw else entry.count
    if count is None or count < 1:
        return _collection_page(
            request, AddForm(), ImportForm(), status=400, errors=[_("Say how many copies to remove (1 or more).")]
        )
    line = core.Line(card_id=entry.card_id, count=count, set=entry.set, language=entry.language)
    try:
        removed = services.remove(request.user, line)
    except services.CollectionError as exc:  # the row went in the meantime (another tab), or the collection is busy
        return _collection_page(request, AddForm(), ImportForm(), status=exc.status, errors=[str(exc)])
    messages.success(
        request, ngettext("Removed %(count)d copy.", "Removed %(count)d copies.", removed) % {"count": removed}
    )
    return redirect("collection:mine")


@login_required
@require_POST
def import_file(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _collection_page(request, AddForm(), form, status=400)
    upload = form.cleaned_data["file"]
    if upload.size > MAX_UPLOAD:
        return _collection_page(
            request,
            AddForm(),
            form,
            status=413,
            errors=[_("The file is larger than %(limit)s bytes.") % {"limit": MAX_UPLOAD}],
        )
    try:
        count = services.import_file(
            request.user,
            upload.read(MAX_UPLOAD + 1),
            format=form.cleaned_data["format"] or None,
            replace=form.cleaned_data["replace"],
        )
    except services.CollectionError as exc:
        return _collection_page(request, AddForm(), form, status=exc.status, errors=[str(exc)])
    messages.success(
        request, ngettext("Imported %(count)d copy.", "Imported %(count)d copies.", count) % {"count": count}
    )
    return redirect("collection:mine")


@login_required
@require_GET
def export(request: HttpRequest, format: str) -> HttpResponse:
    if format not in core.FORMATS:
        raise Http404
    text = services.export_file(request.user, format)
    media, extension = {"json": ("application/json", "json"), "lackey": ("text/plain", "txt")}.get(
        format, ("text/csv", "csv")
    )
    response = HttpResponse(text, content_type=f"{media}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="collection-{format}.{extension}"'
    return response


@login_required
@require_POST
def add_precon(request: HttpRequest) -> HttpResponse:
    try:
        count = services.add_precon(request.user, request.POST.get("precon", ""))
    except services.CollectionError as exc:
        return _collection_page(request, AddForm(), ImportForm(), status=exc.status, errors=[str(exc)])
    messages.success(request, ngettext("Added %(count)d copy.", "Added %(count)d copies.", count) % {"count": count})
    return _back(request, "collection:mine")


@login_required
@require_POST
def share(request: HttpRequest) -> HttpResponse:
    services.share(request.user, on=request.POST.get("share") == "on")
    return redirect("collection:mine")


@login_required
@require_POST
def unwish(request: HttpRequest) -> HttpResponse:
    WishlistEntry.objects.filter(owner=signed_in_user(request), pk=_row_id(request.POST.get("wish"))).delete()
    return redirect("collection:mine")


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    """A page of a shared collection's rows: its cost is one page's, however large the collection."""
    wait = page_wait(request, SharedCollectionThrottle())  # counted as its API twin counts, before any work
    if wait is not None:
        message = _("Too many pages from your address in a short time: please wait %(seconds)s seconds.") % {
            "seconds": wait
        }
        context: dict[str, Any] = {"title": _("Shared collection"), "message": message}
        response = render(request, "collection/problem.html", context, status=429)
        response["Retry-After"] = str(wait)
        return response
    link = get_object_or_404(Share.objects.select_related("owner"), token=token[:64])
    page, rows = _page_of(Entry.objects.filter(owner=link.owner), request)
    context = {"owner": link.owner, "page": page, "rows": rows, "copies": services.copies(link.owner)}
    response = render(request, "collection/shared.html", context)
    response["X-Robots-Tag"] = "noindex"
    return response


# --- decks ----------------------------------------------------------------------------------------


@login_required
@require_POST
def deck_mode(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = get_object_or_404(Deck, owner=request.user, pk=deck_id)
    try:
        services.set_mode(deck, request.POST.get("mode", ""))
    except services.CollectionError as exc:
        return render(request, "collection/problem.html", {"message": str(exc)}, status=400)
    return _back(request, deck.get_absolute_url())


@login_required
@require_POST
def wish_missing(request: HttpRequest, source: str, deck_id: str) -> HttpResponse:
    """Put the cards a deck (a player's deck, or an archive deck) misses on my wishlist."""
    needs, mine_id, url = deck_needs(request, source, deck_id)
    report = services.deck_report(request.user, needs, deck_id=mine_id)
    try:
        added = services.wish(request.user, report.missing)
    except services.CollectionError as exc:  # busy
        return render(request, "collection/problem.html", {"message": str(exc)}, status=exc.status)
    messages.success(
        request,
        ngettext("%(count)d copy added to your wishlist.", "%(count)d copies added to your wishlist.", added)
        % {"count": added},
    )
    return redirect(url)


def deck_needs(request: HttpRequest, source: str, deck_id: str) -> tuple[dict[int, int], str | None, str]:
    """(the deck's cards, its id if it is one of the reader's decks, its page), for any deck the reader may open."""
    if source == "twda":
        archived = get_object_or_404(TournamentDeck, pk=deck_id)
        needs = {row.card_id: row.count for row in archived.cards.all()}
        return needs, None, reverse("twda:detail", args=[archived.pk])
    if source != "decks":
        raise Http404
    deck = get_object_or_404(Deck.objects.readable_by(request.user), pk=deck_id)
    needs = dict(deck.cards.values_list("card_id", "count"))
    return needs, deck.id if deck.owner_id == request.user.pk else None, deck.get_absolute_url()


# --- the planner ----------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def planner_page(request: HttpRequest) -> HttpResponse:
    try:
        decks = services.planner_decks(request.user)
    except services.CollectionError as exc:  # more decks than the planner takes
        return render(request, "collection/problem.html", {"message": str(exc)}, status=400)
    names = {deck.key: deck.name for deck in decks}
    asked = request.POST.getlist("deck") if request.method == "POST" else []
    context: dict[str, Any] = {"decks": decks, "asked": set(asked), "modes": DeckBuild.Mode.choices}
    if request.method == "POST":
        chosen = [deck for deck in decks if deck.key in asked or deck.fixed]
        if not chosen:
            context["error"] = _("Choose at least one deck.")
            return render(request, "collection/planner.html", context, status=400)
        owned = services.owned(request.user)
        cards = index.get()
        found = planner.conflicts(chosen, owned)
        context["conflicts"] = [_conflict_view(c, names, cards) for c in found]
        context["together"] = not found
        rivals = len([d for d in chosen if not d.fixed])
        if rivals > planner.WEB_MAX_DECKS:
            context["job"] = _start_job(request, chosen, owned)
        else:
            plan = planner.largest_buildable(chosen, owned)
            if not plan.exact:
                context["job"] = _start_job(request, chosen, owned)
            context["plan"] = plan
            context["chosen_names"] = [names[key] for key in plan.chosen]
            context["left_out_names"] = [names[key] for key in plan.left_out]
    return render(request, "collection/planner.html", context)


@login_required
@require_GET
def planner_job(request: HttpRequest, simulation_id: str) -> HttpResponse:
    """A planner job's answer (its owner's alone: it names their decks)."""

    job = get_object_or_404(Simulation, pk=simulation_id, owner=request.user, kind=Simulation.Kind.PLANNER)
    job = job_services.refresh(job)
    context: dict[str, Any] = {"job": job}
    if job.status == Simulation.Status.DONE and job.result:
        names = job.result.get("names", {})
        cards = index.get()
        context["chosen_names"] = [names.get(key, key) for key in job.result.get("chosen", [])]
        context["left_out_names"] = [names.get(key, key) for key in job.result.get("left_out", [])]
        context["conflicts"] = [
            _conflict_view(
                planner.Conflict(
                    card_id=c["card_id"],
                    owned=c["owned"],
                    wanted=c["wanted"],
                    decks=tuple((d["key"], d["count"]) for d in c["decks"]),
                ),
                names,
                cards,
            )
            for c in job.result.get("conflicts", [])
        ]
    return render(request, "collection/planner_job.html", context)


def _start_job(request: HttpRequest, decks: list[planner.DeckNeeds], owned: dict[int, int]) -> Any:
    try:
        return job_services.start_planner(
            plan=planner.job_plan(decks, owned), units=len(decks), owner=request.user, name=_("Build planner")
        )
    except (job_services.SimulationInputError, job_services.JobLimitReached, job_services.BrokerUnavailable) as exc:
        messages.error(request, str(exc))
        return None


def _conflict_view(conflict: planner.Conflict, names: dict[str, str], cards) -> dict[str, Any]:
    return {
        "card": cards.get(conflict.card_id),
        "owned": conflict.owned,
        "wanted": conflict.wanted,
        "decks": [{"name": names.get(key, key), "count": count} for key, count in conflict.decks],
    }
