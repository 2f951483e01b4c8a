"""The proxies kind of simulation job (``simulations.kinds``, which the proxies app fills from its
``AppConfig.ready``): its unit and caps, how a worker runs it (``proxies.jobs``), its page, and how a page or
the API starts one. The job machinery (``simulations.services``, ``simulations.tasks``) runs it as its own kinds
and never imports this app: proxies sits above simulations, and only proxies names the other.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from rest_framework import serializers

from simulations import services
from simulations.kinds import OneChunkKind, Progress, card_index
from simulations.models import Simulation
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.numbers import whole_number
from vtesdeck.core.proxies import MAX_CARDS
from vtesdeck.throttling import client_address

from . import jobs, sheets

__all__ = ["PROXIES", "ProxiesKind", "ProxiesReportSerializer", "start", "start_from_request"]


class ProxiesReportSerializer(serializers.Serializer):
    """A proxies job's report: the PDF's figures and where to download it."""

    cards = serializers.IntegerField(help_text="card boxes placed (63 × 88 mm each)")
    pages = serializers.IntegerField(help_text="pages: nine cards to a page")
    images = serializers.IntegerField(help_text="cards printed from a mirrored image")
    text_cards = serializers.IntegerField(help_text="cards printed as text cards (casual play only)")
    bytes = serializers.IntegerField()
    paper = serializers.CharField(help_text="a4 or letter")
    marks = serializers.CharField(help_text="crop or gaps")
    download_url = serializers.CharField(help_text="the PDF (readable by whoever may read the job)")
    expires_at = serializers.DateTimeField(
        help_text="when the PDF is deleted (PROXIES_RETENTION_DAYS after it was made)"
    )
    seconds = serializers.FloatField()


class ProxiesKind(OneChunkKind):
    """A deck's proxy sheets as a PDF (``vtesdeck.core.proxies``; ``proxies.jobs`` renders and stores it): one
    chunk, its unit a card placed on the sheets."""

    name = "proxies"
    unit = "cards"
    max_units = MAX_CARDS
    api_parameters = ("paper", "marks", "print", "printings")
    report_serializer = ProxiesReportSerializer

    def quick_max_units(self) -> int:
        # Always the quick queue: 360 cards take well under a second of one core (text cards 0.4 s, scans 0.2 s).
        return self.max_units

    def unit_caps(self, anonymous: bool) -> int:
        return self.max_units * (2 if anonymous else 4)

    def run_chunk(self, simulation: Simulation, index: int, units: int, progress: Progress) -> dict[str, Any]:
        return jobs.render(simulation, card_index(), progress)

    def report(self, simulation: Simulation, tally: dict[str, Any], seconds: float) -> dict[str, Any]:
        return jobs.report(simulation, tally, seconds)

    def page(self, simulation: Simulation) -> tuple[str, dict[str, Any]]:
        return "proxies/job.html", sheets.job_context(simulation)

    def start_from_request(
        self, request: Any, attrs: dict[str, Any], core: Any, cards: Any, *, source_deck: Any = None
    ) -> Simulation:
        return start_from_request(request, attrs, core, cards, source_deck=source_deck)

    def too_large(self, limit: int, value: int, *, anonymous: bool) -> str:
        return _("At most %(limit)s cards per PDF, not %(value)s.") % {"limit": f"{limit:,}", "value": f"{value:,}"}

    def over_cap(self, left: int, asked: int, limit: int, *, anonymous: bool) -> str:
        return _(
            "Your unfinished proxy sheets still have %(left)s cards to place and these ask for %(cards)s; at most "
            "%(limit)s may be unfinished at once. Wait for one to finish."
        ) % {"left": f"{left:,}", "cards": f"{asked:,}", "limit": f"{limit:,}"}


PROXIES = ProxiesKind()


def start(
    *,
    deck: CoreDeck,
    cards: CardIndex,
    owner=None,
    source_deck=None,
    paper: str = "a4",
    marks: str = "crop",
    counts: dict[int, int] | None = None,
    printings: dict[int, str] | None = None,
    parameters: dict[str, Any] | None = None,
    client: str | None = None,
) -> Simulation:
    """Store a proxies job (a PDF of ``deck``'s cards: all, or ``counts`` of them) and queue its one chunk. The
    same caps, errors and transaction as every job (``simulations.services``), and the room its owner has left
    for PDFs (``proxies.sheets``)."""
    try:
        plan = jobs.plan(deck, cards, paper=paper, marks=marks, counts=counts, printings=printings)
    except jobs.ProxiesInputError as exc:
        raise services.SimulationInputError(str(exc), field=exc.field) from None
    asked = {
        "paper": paper,
        "marks": marks,
        "printings": plan["printings"],
        "language": get_language() or "en",
        **(parameters or {}),
    }
    return services.start_whole(
        PROXIES,
        deck=deck,
        plan=plan,
        units=len(plan["cards"]),
        owner=owner,
        client=client,
        source_deck=source_deck,
        parameters=asked,
        room=_check_room,
    )


def _check_room(owner, starter: str) -> None:
    """No room left for another PDF: answered as the other caps are (429)."""
    try:
        sheets.check_room(owner, starter)
    except sheets.NoRoom as exc:
        raise services.JobLimitReached(str(exc)) from None


def start_from_request(request, attrs: dict, core, cards, *, source_deck=None) -> Simulation:
    """A proxies job from the API's checked values: which cards (``print``: all, the collection's missing ones,
    ``only`` these ids), then ``start``. Raises what it raises."""
    choice = attrs.get("print") or "all"
    if attrs.get("only") and choice != "only":
        raise services.SimulationInputError(_("`only` goes with `print` only."), field="only")
    counts = None
    if choice == "missing":
        if source_deck is None:
            raise services.SimulationInputError(_("`print` missing needs a stored `deck`."), field="print")
        try:
            counts = jobs.missing_cards(request.user, source_deck)
        except jobs.ProxiesInputError as exc:
            raise services.SimulationInputError(str(exc), field="print") from None
    elif choice == "only":
        if not attrs.get("only"):
            raise services.SimulationInputError(_("List the card ids to print in `only`."), field="only")
        counts = jobs.selection(attrs["only"], core)
    printings = {}
    for key, abbrev in (attrs.get("printings") or {}).items():
        card_id = whole_number(str(key))
        if card_id is None:
            raise services.SimulationInputError(
                _("printings maps card ids to sets, not %(key)r.") % {"key": str(key)[:40]}, field="printings"
            )
        printings[card_id] = abbrev
    return start(
        deck=core,
        cards=cards,
        owner=request.user,
        source_deck=source_deck,
        paper=attrs.get("paper") or "a4",
        marks=attrs.get("marks") or "crop",
        counts=counts,
        printings=printings,
        parameters={"print": choice},
        client=client_address(request),
    )
