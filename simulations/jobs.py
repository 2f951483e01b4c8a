"""A games job, a comparison or a card impact from a request's checked values, for the pages and the API alike:
what the request asks (the opponents, or the deck to compare with, for this user), then ``services``, which
checks, stores and queues (a proxies job: ``proxies.kind``). The API's serializer and the pages' forms check the
values; this module is the one way to start these jobs."""

from __future__ import annotations

from vtesdeck.core.engine import options as table_options
from vtesdeck.throttling import client_address

from . import kinds, services
from .models import Simulation

__all__ = ["start_compare", "start_games", "start_impact"]


def start_games(request, attrs: dict, core, cards, *, source_deck=None, parameters: dict | None = None) -> Simulation:
    """A games job from checked request values (the API's, the Games tab's): the opponents resolved for this
    user, then ``services.start_games``. Raises what it raises."""
    from .opponents import resolve as resolve_opponents  # the engine: loaded by the first games job only

    players = attrs.get("players") or table_options.DEFAULT_PLAYERS
    opponents, asked = resolve_opponents(
        attrs.get("opponents"), user=request.user, players=players, since=attrs.get("field_since")
    )
    stored = {**_table_asked(attrs, asked), **(parameters or {})}
    return services.start_games(
        deck=core,
        cards=cards,
        opponents=opponents,
        owner=request.user,
        source_deck=source_deck,
        games=attrs.get("games"),
        seed=_seed(attrs, source_deck, parameters),
        players=players,
        rounds=attrs["rounds"] if "rounds" in attrs else "default",
        rules=attrs.get("rules") or "vekn",
        client=client_address(request),
        parameters=stored,
    )


def start_compare(request, attrs: dict, core, cards, *, source_deck=None, parameters: dict | None = None) -> Simulation:
    """A comparison from checked request values (the API's, the compare page's): deck A is ``core`` (the job's
    deck), B the request's ``other`` resolved for this user, both against the request's opponents, then
    ``services.start_paired``. Raises what they raise."""
    from .opponents import resolve_other  # the engine: loaded by the first job that plays games

    other, asked = resolve_other(attrs.get("other"), user=request.user, source_deck=source_deck, cards=cards)
    return _start_paired(
        kinds.COMPARE,
        request,
        attrs,
        core,
        cards,
        source_deck=source_deck,
        parameters=parameters,
        other=other,
        stored={**(parameters or {}), "other": asked},
    )


def start_impact(request, attrs: dict, core, cards, *, source_deck=None, parameters: dict | None = None) -> Simulation:
    """A card impact from checked request values (the API's, the Games tab's): each card of ``core`` blanked
    against the deck as built, against the request's opponents, then ``services.start_paired``."""
    return _start_paired(
        kinds.IMPACT, request, attrs, core, cards, source_deck=source_deck, parameters=parameters, stored=parameters
    )


def _start_paired(
    kind, request, attrs: dict, core, cards, *, source_deck, parameters: dict | None, stored: dict | None, other=None
) -> Simulation:
    """What a comparison and a card impact ask alike: the request's opponents (the archive's field by default), games,
    seats, round cap and seed (the deck's own by default), its owner and client; ``stored``: the parameters the job
    keeps, with the opponents as asked when the request named any."""
    from .opponents import resolve_paired  # the engine: loaded by the first job that plays games

    players = attrs.get("players") or table_options.DEFAULT_PLAYERS
    opponents, field, asked = resolve_paired(
        attrs.get("opponents"), user=request.user, players=players, since=attrs.get("field_since")
    )
    stored = {**(stored or {}), **_table_asked(attrs, asked)}
    return services.start_paired(
        kind,
        deck=core,
        cards=cards,
        field=field,
        opponents=opponents,
        other=other,
        owner=request.user,
        source_deck=source_deck,
        games=attrs.get("games"),
        seed=_seed(attrs, source_deck, parameters),
        players=attrs.get("players"),
        rounds=attrs["rounds"] if "rounds" in attrs else "default",
        client=client_address(request),
        parameters=stored,
    )


def _table_asked(attrs: dict, asked: list) -> dict:
    """What a job keeps of its opponents: the request's list, normalised (none: a paired job's default field), and
    the field's date when the request gave one."""
    kept: dict = {"opponents": asked} if asked else {}
    if attrs.get("field_since"):
        kept["field_since"] = str(attrs["field_since"])
    return kept


def _seed(attrs: dict, source_deck, parameters: dict | None) -> int | None:
    """The request's seed, else the deck's own (``services.deck_seed``: a stored deck's, an archive deck's), else
    None: a decklist's text has no identity to keep a seed by, and gets a random one."""
    if attrs.get("seed") is not None:
        return attrs["seed"]
    if source_deck is not None:
        return services.deck_seed(f"deck:{source_deck.pk}")
    if parameters and parameters.get("twda"):
        return services.deck_seed(f"twda:{parameters['twda']}")
    return None
