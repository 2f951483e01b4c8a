"""A games or proxies job from a request's checked values, for the pages and the API alike: what the request
asks (the opponents for this user, the cards to print), then ``services``, which checks, stores and queues.
The API's serializer and the Games tab's form check the values; this module is the one way to start the job."""

from __future__ import annotations

from django.utils.translation import gettext as _

from proxies import jobs as proxy_jobs
from vtesdeck.core.engine import options as table_options
from vtesdeck.core.numbers import whole_number
from vtesdeck.throttling import client_address

from . import services
from .models import Simulation

__all__ = ["start_games", "start_proxies"]


def start_games(request, attrs: dict, core, cards, *, source_deck=None, parameters: dict | None = None) -> Simulation:
    """A games job from checked request values (the API's, the Games tab's): the opponents resolved for this
    user, then ``services.start_games``. Raises what it raises."""
    from .opponents import resolve as resolve_opponents  # the engine: loaded by the first games job only

    players = attrs.get("players") or table_options.DEFAULT_PLAYERS
    opponents, asked = resolve_opponents(
        attrs.get("opponents"), user=request.user, players=players, since=attrs.get("field_since")
    )
    stored = {"opponents": asked, **(parameters or {})}
    if attrs.get("field_since"):
        stored["field_since"] = str(attrs["field_since"])
    return services.start_games(
        deck=core,
        cards=cards,
        opponents=opponents,
        owner=request.user,
        source_deck=source_deck,
        games=attrs.get("games"),
        seed=attrs.get("seed"),
        players=players,
        rounds=attrs["rounds"] if "rounds" in attrs else "default",
        rules=attrs.get("rules") or "vekn",
        client=client_address(request),
        parameters=stored,
    )


def start_proxies(request, attrs: dict, core, cards, *, source_deck=None) -> Simulation:
    """A proxies job from checked request values: which cards (``print``: all, the collection's missing ones,
    ``only`` these ids), then ``services.start_proxies``. Raises what it raises."""
    choice = attrs.get("print") or "all"
    if attrs.get("only") and choice != "only":
        raise services.SimulationInputError(_("`only` goes with `print` only."), field="only")
    counts = None
    if choice == "missing":
        if source_deck is None:
            raise services.SimulationInputError(_("`print` missing needs a stored `deck`."), field="print")
        try:
            counts = proxy_jobs.missing_cards(request.user, source_deck)
        except proxy_jobs.ProxiesInputError as exc:
            raise services.SimulationInputError(str(exc), field="print") from None
    elif choice == "only":
        if not attrs.get("only"):
            raise services.SimulationInputError(_("List the card ids to print in `only`."), field="only")
        counts = proxy_jobs.selection(attrs["only"], core)
    printings = {}
    for key, abbrev in (attrs.get("printings") or {}).items():
        card_id = whole_number(str(key))
        if card_id is None:
            raise services.SimulationInputError(
                _("printings maps card ids to sets, not %(key)r.") % {"key": str(key)[:40]}, field="printings"
            )
        printings[card_id] = abbrev
    return services.start_proxies(
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
