"""Who sits at the table with the deck of a games job: the request's opponents, read from the database.

A request names one opponent per other seat (fewer: the rest are "the field"), each one of

- ``"field"``: a deck drawn for every game from the tournament archive since ``field_since`` (default
  ``engine.run.FIELD_SINCE``). Every archive deck is a tournament win, so drawing decks uniformly draws each
  archetype in proportion to how often it won in that period: the field is weighted by its archetypes' wins.
- ``{"style": slug}``: a deck drawn for every game from the archive decks of that *named* archetype (stealth
  bleed, wall, vote…: ``vtesdeck.core.archetypes``, slugs in ``vtesdeck/core/data/archetypes.json``; any date).
- ``{"archetype": slug}``: a deck drawn for every game from that archetype's archive decks (any date). The
  slug is a crypt-core family's (``twda.models.Archetype``, e.g. ``ventrue-dom-pre``) as before; a slug no
  family has but a named archetype has (``"wall"``) draws from the named archetype, as ``{"style": slug}``.
- ``{"deck": id}``: a stored deck the user may read (their own, unlisted by link, or public).
- ``{"twda": id}``: one archive deck.

A comparison (kind ``compare``) and a card impact (kind ``impact``) take the same opponents (``resolve_paired``):
a deck sits at a seat of its own; the seats asking for the field, or, when none does, for the first pool asked,
are the core's field seats (``engine.compare``); each seat asking for another pool draws from it, a slot of its
own. A comparison's deck B is ``other`` (``resolve_other``): a stored deck, a revision of the job's deck, or an
archive deck.

``resolve`` turns them into the core's ``engine.simulation.Opponent`` (plain decks: the plan a worker runs
needs no database) and returns, beside them, the opponents as asked (stored with the job, for its page).
Errors are ``services.SimulationInputError`` on the field ``opponents``.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.translation import gettext as _

from decks.models import Deck
from twda import styles
from twda.models import Archetype, TournamentDeck, shown_name
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.engine import run
from vtesdeck.core.engine import simulation as games

from .services import DeckNotFound, SimulationInputError

__all__ = ["FIELD", "field_decks", "field_label", "resolve", "resolve_other", "resolve_paired"]

FIELD = "field"
MAX_OPPONENTS = 4  # five seats at most
KINDS = '"field", {"style": slug}, {"archetype": slug}, {"deck": id} or {"twda": id}'  # the API's own words


def _error(message: str) -> SimulationInputError:
    return SimulationInputError(message, field="opponents")


def field_label(since: str) -> str:
    return _("The field since %(date)s") % {"date": since}


def resolve(
    asked: Any, *, user, players: int, since: datetime.date | str | None = None
) -> tuple[list[games.Opponent], list[Any]]:
    """The opponents of a games job and the request's list, normalised (one entry per other seat)."""
    since = _since(since)
    if asked is None or asked == FIELD:
        asked = []
    if not isinstance(asked, list):
        raise _error(_("opponents must be a list (of %(kinds)s).") % {"kinds": KINDS})
    if len(asked) > players - 1:
        raise _error(
            _("%(players)d seats leave room for %(room)d opponents, not %(count)d.")
            % {"players": players, "room": players - 1, "count": len(asked)}
        )
    asked = [*asked, *[FIELD] * (players - 1 - len(asked))]
    field_pool: tuple[games.PoolDeck, ...] | None = None
    opponents = []
    for item in asked:
        if item == FIELD:
            if field_pool is None:
                field_pool = _field(since)
            opponents.append(
                games.Opponent(
                    kind="field", key=since.isoformat(), label=field_label(since.isoformat()), decks=field_pool
                )
            )
        elif isinstance(item, dict) and len(item) == 1:
            ((kind, key),) = item.items()
            if not isinstance(key, str) or not key or len(key) > 200:
                raise _error(_("Each opponent's id must be a non-empty string."))
            opponents.append(_one(kind, key, user))
        else:
            raise _error(_("Each opponent is %(kinds)s, not %(value)s.") % {"kinds": KINDS, "value": repr(item)[:80]})
    return opponents, asked


def _since(since: datetime.date | str | None) -> datetime.date:
    if since is None or since == "":
        return run.FIELD_SINCE
    if isinstance(since, datetime.date):
        return since
    try:
        return datetime.date.fromisoformat(str(since))
    except ValueError:
        raise SimulationInputError(
            _("field_since must be a date (YYYY-MM-DD), not %(value)s.") % {"value": repr(since)[:40]},
            field="field_since",
        ) from None


def field_decks(since: datetime.date | str | None = None) -> list[CoreDeck]:
    """The archive decks since ``since`` (default ``engine.run.FIELD_SINCE``) that fill the empty seats of a paired
    job (a comparison, a card impact: ``engine.compare``), as the core reads them."""
    return [deck.to_core() for deck in _field(_since(since))]


def resolve_paired(
    asked: Any, *, user, players: int, since: datetime.date | str | None = None
) -> tuple[list[run.Slot], list[CoreDeck], list[Any]]:
    """A paired job's opponents (``resolve``'s request, read by ``resolve``): the slots of their own, in the order
    asked (a deck: ``{"deck": id}``, ``{"twda": id}``; a pool other than the field seats', one tuple per pool shared
    by its seats), the decks the field seats draw from (the field by default; when no seat asks for the field, the
    first pool asked), and the request's list, normalised."""
    if asked is None or asked == FIELD or asked == []:
        return [], field_decks(since), []  # the default: no query for opponents, the field at every seat
    opponents, normalised = resolve(asked, user=user, players=players, since=since)
    drawn = [(o.kind, o.key) for o in opponents if o.kind != "deck"]
    field_key = next((key for key in drawn if key[0] == "field"), drawn[0] if drawn else None)
    pools: dict[tuple[str, str], tuple[CoreDeck, ...]] = {}  # each pool read once, shared by its seats
    slots: list[run.Slot] = []
    field: list[CoreDeck] = []
    for o in opponents:
        if o.kind == "deck":
            slots.append(o.decks[0].to_core())
            continue
        if (o.kind, o.key) not in pools:
            pools[(o.kind, o.key)] = tuple(deck.to_core() for deck in o.decks)
        if (o.kind, o.key) == field_key:
            field = list(pools[field_key])
        else:
            slots.append(pools[(o.kind, o.key)])
    return slots, field, normalised


OTHER_KINDS = '{"deck": id}, {"revision": number} or {"twda": id}'  # the API's own words


def resolve_other(asked: Any, *, user, source_deck: Deck | None, cards) -> tuple[CoreDeck, dict[str, Any]]:
    """Deck B of a comparison, from the request's ``other``: a stored deck the user may read (``{"deck": id}``), a
    saved revision of the job's own deck, the owner's (``{"revision": number}``), or an archive deck (``{"twda":
    id}``); and ``other`` as asked, to store with the job. Cards the card list dropped since are left out, as they
    are of deck A. ``services.DeckNotFound`` for a deck the user may not read (answered as no deck at all: 404),
    ``SimulationInputError`` on the field ``other`` for the rest."""
    if not isinstance(asked, dict) or len(asked) != 1 or next(iter(asked)) not in ("deck", "revision", "twda"):
        raise SimulationInputError(
            _("other must be one of %(kinds)s, not %(value)s.") % {"kinds": OTHER_KINDS, "value": repr(asked)[:80]},
            field="other",
        )
    ((kind, key),) = asked.items()
    if kind == "revision":
        if isinstance(key, bool) or not isinstance(key, int):
            raise SimulationInputError(
                _("A revision is a whole number, not %(value)s.") % {"value": repr(key)[:40]}, field="other"
            )
        if source_deck is None:
            raise SimulationInputError(
                _("A revision is one of a stored deck's: send the deck as `deck`, not as `text`, to compare with one."),
                field="other",
            )
        mine = getattr(user, "pk", None) == source_deck.owner_id
        revision = source_deck.revisions.filter(number=key).first() if mine else None
        if revision is None:
            raise SimulationInputError(
                _("This deck has no revision %(number)s that you may read (revisions are their owner's).")
                % {"number": key},
                field="other",
            )
        core = revision.to_core()
        core.name = _("%(name)s, revision %(number)d") % {"name": core.name or source_deck.name, "number": key}
    else:
        if not isinstance(key, str) or not key or len(key) > 200:
            raise SimulationInputError(_("The other deck's id must be a non-empty string."), field="other")
        if kind == "deck":
            deck = Deck.objects.readable_by(user).filter(pk=key).first()
            if deck is None:
                raise DeckNotFound(_("No deck has this id, or it is not yours to read."), field="other")
            core = deck.to_core()
            core.name = deck.name or _("Untitled deck")
        else:
            row = TournamentDeck.objects.filter(pk=key).first()
            if row is None:
                raise SimulationInputError(_("No archive deck has the id %(id)s.") % {"id": repr(key)}, field="other")
            core = CoreDeck.from_dict(row.deck)
            core.name = row.shown_name
    core.crypt = {i: n for i, n in core.crypt.items() if i in cards}
    core.library = {i: n for i, n in core.library.items() if i in cards}
    core.unresolved = []
    return core, {kind: key}


def _field(since: datetime.date) -> tuple[games.PoolDeck, ...]:
    rows = TournamentDeck.objects.filter(date__gte=since).order_by("id").values_list(*POOL_FIELDS, "archetype__name")
    pool = tuple(_pool_deck(row[:-1], row[-1] or "") for row in rows.iterator())
    if not pool:
        latest = TournamentDeck.objects.order_by("-date").values_list("date", flat=True).first()
        if latest is None:  # nothing a player can change: the site's operator imports the archive
            raise _error(
                _(
                    "This site's tournament archive is empty (its operator imports it with make setup): name other "
                    "opponents."
                )
            )
        raise SimulationInputError(
            _(
                "The tournament archive holds no deck since %(date)s (its latest is of %(latest)s): choose an earlier "
                "date, or other opponents."
            )
            % {"date": since.isoformat(), "latest": latest.isoformat()},
            field="field_since",
        )
    return pool


def _one(kind: str, key: str, user) -> games.Opponent:
    named_only = kind == "archetype" and styles.archetype(key) and not Archetype.objects.filter(slug=key).exists()
    if kind == "style" or named_only:
        return _named(key)
    if kind == "archetype":
        archetype = Archetype.objects.filter(slug=key).first()
        if archetype is None:
            raise _error(_("No archetype has the slug %(slug)s.") % {"slug": repr(key)})
        rows = TournamentDeck.objects.filter(archetype=archetype).order_by("id").values_list(*POOL_FIELDS)
        pool = tuple(_pool_deck(row, archetype.name) for row in rows.iterator())
        if not pool:
            raise _error(_("The archetype %(name)s has no deck in the archive.") % {"name": archetype.name})
        return games.Opponent(kind="archetype", key=key, label=archetype.name, decks=pool)
    if kind == "deck":
        deck = Deck.objects.readable_by(user).filter(pk=key).first()
        if deck is None:
            raise _error(_("No deck has the id %(id)s, or it is not yours to read.") % {"id": repr(key)})
        core = deck.to_core()
        # Its name, never its id: the label is shown to whoever reads the job, and an unlisted deck's id is its link.
        return games.Opponent(
            kind="deck", key=key, label=deck.name or _("Untitled deck"), decks=(games.pool_deck(core, key=key),)
        )
    if kind == "twda":
        row = TournamentDeck.objects.filter(pk=key).select_related("archetype").first()
        if row is None:
            raise _error(_("No archive deck has the id %(id)s.") % {"id": repr(key)})
        family = row.archetype.name if row.archetype else ""  # selected with the row: no query
        pooled = _pool_deck((key, row.deck, row.name, row.winner, row.event), family)
        return games.Opponent(kind="deck", key=f"twda:{key}", label=row.shown_name, decks=(pooled,))
    raise _error(_("Each opponent is %(kinds)s, not %(value)s.") % {"kinds": KINDS, "value": repr({kind: key})[:80]})


def _named(slug: str) -> games.Opponent:
    """A named archetype's archive decks, one drawn per game and seat."""
    if styles.archetype(slug) is None:
        raise _error(_("No named archetype has the slug %(slug)s.") % {"slug": repr(slug)})
    label = styles.label(slug)
    rows = TournamentDeck.objects.filter(style=slug).order_by("id").values_list(*POOL_FIELDS)
    pool = tuple(_pool_deck(row, label) for row in rows.iterator())
    if not pool:
        raise _error(_("The archetype %(name)s has no deck in the archive.") % {"name": label})
    return games.Opponent(kind="archetype", key=slug, label=label, decks=pool)


# What a pool deck is made of: an archive deck's id, cards, and what names it (``_pool_deck``).
POOL_FIELDS = ("id", "deck", "name", "winner", "event")


def _pool_deck(row: tuple, archetype: str) -> games.PoolDeck:
    """An archive deck (``POOL_FIELDS``) at the table, named as its page names it: an unnamed one by its winner
    and event, never a blank name in a game's table and log."""
    deck_id, data, name, winner, event = row
    core = CoreDeck.from_dict(data)
    core.name = shown_name(name, winner, event, deck_id)
    return games.pool_deck(core, archetype=archetype, key=deck_id)
