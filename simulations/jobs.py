"""A games job from a request's checked values, for the pages and the API alike: what the request asks (the
opponents for this user), then ``services``, which checks, stores and queues (a proxies job: ``proxies.kind``).
The API's serializer and the Games tab's form check the values; this module is the one way to start the job."""

from __future__ import annotations

from vtesdeck.core.engine import options as table_options
from vtesdeck.throttling import client_address

from . import services
from .models import Simulation

__all__ = ["start_games"]


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
