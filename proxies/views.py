"""A deck's Proxies tab (``/decks/<id>/proxies/``), a proxies job's page and its PDF (``/proxies/<job id>.pdf``).

The tab's form asks for the paper, the marks, which cards (all, only those one's collection lacks, or a
selection) and the printing of each; it starts a job of kind ``proxies`` (``proxies.kind``: the same throttle,
caps and answers as the Draws and Games tabs), whose page follows it with the same progress bar and then links
the PDF. The PDF is streamed from storage (``proxies.sheets``: a file, sent in blocks, whatever
its size) to whoever may read the job (``simulations.services.readable_jobs``): the same rule as the job's
page. Once it expired (``PROXIES_RETENTION_DAYS``) the download is a 410 page saying so. When some of the
deck's cards have no mirrored image, the tab says how many copies print as text cards and that ``make images``
(``manage.py fetch_card_images``) mirrors the art the PDF then prints.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from django import forms
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from cards import images
from decks import services as deck_services
from decks.models import Deck
from simulations import services
from simulations.models import Simulation
from simulations.services import readable_jobs
from simulations.throttle import page_wait
from vtesdeck.core import proxies as core
from vtesdeck.throttling import client_address

from . import jobs, kind, sheets
from .models import ProxySheet

logger = logging.getLogger(__name__)
RECENT = 5


class ProxiesForm(forms.Form):
    paper = forms.ChoiceField(
        label=gettext_lazy("Paper"), choices=[("a4", "A4"), ("letter", gettext_lazy("US Letter"))], initial="a4"
    )
    marks = forms.ChoiceField(
        label=gettext_lazy("Cutting"),
        choices=[
            ("crop", gettext_lazy("Crop marks (cards side by side: cut along the marks)")),
            ("gaps", gettext_lazy("Gaps between the cards (cut each card out)")),
        ],
        initial="crop",
        widget=forms.RadioSelect,
    )
    cards = forms.ChoiceField(
        label=gettext_lazy("Cards"),
        choices=[
            ("all", gettext_lazy("All the deck's cards")),
            ("missing", gettext_lazy("Only the cards my collection lacks")),
            ("only", gettext_lazy("Only the cards ticked below")),
        ],
        initial="all",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, rows: list[dict[str, Any]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows
        for row in rows:
            card = row["card"]
            self.fields[f"pick_{card.id}"] = forms.BooleanField(required=False, label=card.unique_name)
            sets = sorted({printing.set for printing in card.printings})
            self.fields[f"printing_{card.id}"] = forms.ChoiceField(
                required=False,
                label=_("Printing of %(name)s") % {"name": card.unique_name},
                choices=[("", _("any"))] + [(abbrev, abbrev) for abbrev in sets],
            )
            row["pick"] = self[f"pick_{card.id}"]
            row["printing"] = self[f"printing_{card.id}"]

    def picked(self) -> list[int]:
        return [int(name[5:]) for name, value in self.cleaned_data.items() if re.fullmatch(r"pick_\d+", name) and value]

    def printings(self) -> dict[int, str]:
        return {
            int(name[9:]): value
            for name, value in self.cleaned_data.items()
            if re.fullmatch(r"printing_\d+", name) and value
        }


def _rows(deck: Deck) -> list[dict[str, Any]]:
    """The deck's cards in print order (crypt, then library by type), one row per card."""
    cards = deck_services.card_index()
    core_deck = deck.to_core()
    seen: dict[int, dict[str, Any]] = {}
    for card in core.cards_to_print(core_deck, cards):
        row = seen.setdefault(card.id, {"card": card, "count": 0})
        row["count"] += 1
    return list(seen.values())


@require_http_methods(["GET", "POST"])
def deck_proxies(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = get_object_or_404(Deck.objects.readable_by(request.user).select_related("owner"), pk=deck_id)
    rows = _rows(deck)
    form = ProxiesForm(request.POST if request.method == "POST" else None, rows=rows)
    page = {"deck": deck, "form": form}
    if request.method != "POST":
        return _page(request, **page)
    if not form.is_valid():
        return _page(request, **page, status=400)
    wait = page_wait(request)  # the Draws and Games tabs' one allowance
    if wait:
        form.add_error(
            None, _("Too many jobs started in a short time; please wait %(seconds)d seconds.") % {"seconds": wait}
        )
        response = _page(request, **page, status=429)
        response["Retry-After"] = str(wait)
        return response
    core_deck = deck.to_core()
    choice = form.cleaned_data["cards"]
    try:
        counts = None
        if choice == "missing":
            counts = jobs.missing_cards(request.user, deck)
        elif choice == "only":
            counts = jobs.selection(form.picked(), core_deck)
        simulation = kind.start(
            deck=core_deck,
            cards=deck_services.card_index(),
            owner=request.user,
            source_deck=deck,
            paper=form.cleaned_data["paper"],
            marks=form.cleaned_data["marks"],
            counts=counts,
            printings=form.printings(),
            parameters={"print": choice},
            client=client_address(request),
        )
    except jobs.ProxiesInputError as exc:
        form.add_error("cards" if exc.field == "cards" else None, str(exc))
        return _page(request, **page, status=400)
    except services.JobLimitReached as exc:
        form.add_error(None, str(exc))
        response = _page(request, **page, status=429)
        response["Retry-After"] = str(exc.retry_after)
        return response
    except services.SimulationInputError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        return _page(request, **page, status=400)
    except services.BrokerUnavailable as exc:
        logger.warning("deck %s: proxies job not queued: %s", deck.id, exc)
        message = _("The proxy sheets could not be queued: %(reason)s. Please try again in a minute.") % {"reason": exc}
        context = {"title": _("The proxy sheets could not be started"), "message": message, "deck": deck}
        return render(request, "decks/problem.html", context, status=503)
    return redirect(simulation)


def _page(request: HttpRequest, *, deck: Deck, form: ProxiesForm, status: int = 200) -> HttpResponse:
    recent: list[Simulation] = []
    if request.user.is_authenticated:
        mine = readable_jobs(request.user).filter(deck=deck, owner=request.user, kind=Simulation.Kind.PROXIES)
        recent = list(mine.order_by("-created_at")[:RECENT])
    context = {
        "deck": deck,
        "form": form,
        "is_owner": request.user.is_authenticated and deck.owner_id == request.user.pk,
        "recent": recent,
        "copies": sum(row["count"] for row in form.rows),
        "text_cards": _text_cards(form.rows),
        "card_width": f"{core.CARD_WIDTH:g}",
        "card_height": f"{core.CARD_HEIGHT:g}",
    }
    return render(request, "proxies/deck_proxies.html", context, status=status)


def _text_cards(rows: list[dict[str, Any]]) -> int:
    """The deck's copies that print as text cards: those of cards with no mirrored image (``images.image_file``: the
    card's default image, which every printing falls back to). When there are any, the tab says how the art is
    mirrored."""
    return sum(row["count"] for row in rows if images.image_file(row["card"].id) is None)


@require_GET
def pdf(request: HttpRequest, simulation_id: str) -> HttpResponse | FileResponse:
    simulation = get_object_or_404(readable_jobs(request.user), pk=simulation_id, kind=Simulation.Kind.PROXIES)
    sheet = ProxySheet.objects.filter(pk=simulation.pk).first()
    if sheet is None and simulation.status != Simulation.Status.DONE:
        raise Http404(_("These proxy sheets are not ready (or failed): see the job's page."))
    try:
        if sheet is None or sheets.expired(sheet):
            raise FileNotFoundError
        handle = sheets.open(sheet)
    except OSError:  # expired (purged or not yet), or lost by storage
        return _gone(request, simulation)
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", simulation.deck_name or "deck").strip("-")[:60] or "deck"
    # Sent in blocks from the file (the server's sendfile where it has one): a download holds no PDF in memory.
    response = FileResponse(handle, content_type="application/pdf", as_attachment=True, filename=f"{name}-proxies.pdf")
    response["Cache-Control"] = "private, max-age=3600"
    return response


def _gone(request: HttpRequest, simulation: Simulation) -> HttpResponse:
    deck = simulation.deck if simulation.deck_named_to(request.user) else None
    context = {"title": _("These proxy sheets were deleted"), "message": sheets.gone_message(), "deck": deck}
    return render(request, "decks/problem.html", context, status=410)
