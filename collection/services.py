"""The collection's operations, for its pages and its API alike: every change is one ``Event`` and the ``Entry``
rows it changes, in one transaction that has the collection to itself (``changing``); a file that cannot be read
whole stores nothing.

What a deck needs (``deck_report``) and the planner's input (``planner_decks``) are read here from the database
and computed by the core (``vtesdeck.core.collection``, ``vtesdeck.core.planner``).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any

from django.db import OperationalError, connection, models, transaction
from django.db.models import Count, ExpressionWrapper, F, ForeignObjectRel, IntegerField, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce, Greatest, Least
from django.utils.translation import gettext as _

from cards import index
from cards.models import CardSet
from decks.models import Deck, DeckCard
from twda.models import TournamentCard
from vtesdeck.core import collection as core
from vtesdeck.core import planner
from vtesdeck.core.carddb import CardIndex

from .models import CardTotal, DeckBuild, Entry, Event, Ledger, Share, WishlistEntry

MAX_ENTRIES = 20_000  # distinct rows one collection may hold (a complete collection is about 4,000 cards)
MAX_PLANNER_DECKS = 200  # decks one planner question may name
MAX_WISHES = 5_000  # cards one wishlist request may name
# The history's bound: past either, the oldest changes are summed into one (``_compact``), down to 3/4 of each.
# A replace of a whole collection writes up to 2 × MAX_ENTRIES lines (every row gone, every row new).
MAX_EVENTS = 1_000
MAX_HISTORY_LINES = 100_000
PREVIEW_LINES = 10  # lines of an event shown with it in a listing; more are read one event at a time
LOCK_WAIT_SECONDS = 10  # how long a change waits for another change of the same collection (PostgreSQL)
CHUNK = 1000  # rows per statement of the bulk writes

Key = tuple[int, str, str]  # a row of a collection: a card, a printing, a language


class CollectionError(ValueError):
    """A request the collection refuses, with a sentence for the user (nothing was stored)."""

    status = 400

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


class CollectionBusy(CollectionError):
    """Another change of the same collection kept it longer than ``LOCK_WAIT_SECONDS``: nothing was stored."""

    status = 409


# --- messages of the core's file errors, in the reader's language ---------------------------------


def file_error_message(error: core.CollectionFileError) -> str:
    messages = {
        "unknown_format": _("Unknown collection format “%(format)s”; the formats are %(known)s."),
        "unreadable": _("The file cannot be read: %(reason)s"),
        "empty": _("The file lists no cards."),
        "unknown_card": _("No card matches “%(text)s”."),
        "bad_json": _("The file is not valid JSON (%(reason)s)."),
        "json_shape": _("The JSON must be a list of cards (or an object with a “cards” list), each an object."),
        "too_many_lines": _("A collection file may list at most %(limit)s rows."),
        "csv_header": _("The first line must name the columns: %(expected)s."),
        "bad_csv": _("The CSV is malformed (%(reason)s)."),
        "bad_count": _("“%(count)s” is not a number of copies from 1 to %(limit)s."),
        "bad_text": _("The set, language and note must be text."),
        "text_too_long": _("A set, language or note is at most %(limit)s characters."),
    }
    template = messages.get(error.code, _("The file cannot be read."))
    try:
        sentence = template % error.params
    except (KeyError, TypeError, ValueError):
        sentence = template
    if error.line:
        return _("Line %(line)d: %(message)s") % {"line": error.line, "message": sentence}
    return sentence


# --- reading the collection -----------------------------------------------------------------------


def entries(user) -> list[core.Line]:
    return [
        core.Line(card_id=e.card_id, count=e.count, set=e.set, language=e.language, note=e.note)
        for e in Entry.objects.filter(owner=user)
    ]


def owned(user) -> dict[int, int]:
    """Copies per card, all printings together."""
    return dict(CardTotal.objects.filter(owner=user, copies__gt=0).values_list("card_id", "copies"))


def copies(user) -> int:
    """Copies in the whole collection."""
    return CardTotal.objects.filter(owner=user).aggregate(total=Sum("copies"))["total"] or 0


def holdings(user, card_ids: Iterable[int]) -> list[core.Holding]:
    return [
        core.Holding(card_id=e.card_id, set=e.set, count=e.count)
        for e in Entry.objects.filter(owner=user, card_id__in=list(card_ids))
    ]


def history(user) -> models.QuerySet:
    """The collection's events, newest first, without their lines (``lines_of`` reads those of small ones)."""
    return Event.objects.filter(owner=user).defer("lines")


def lines_of(events: Iterable[Event], *, most: int = PREVIEW_LINES) -> dict[int, list[core.Line]]:
    """The lines of the events among ``events`` that have at most ``most`` of them, by event id: one query."""
    small = [event.pk for event in events if event.rows <= most]
    found = Event.objects.filter(pk__in=small).values_list("pk", "lines") if small else []
    return {pk: [_line_of(row) for row in lines] for pk, lines in found}


def history_total(user) -> dict[Key, int]:
    """What the history sums to, per row: always the collection's rows and copies (the check of the history)."""
    pks = list(Event.objects.filter(owner=user).order_by("created", "pk").values_list("pk", flat=True))
    return {key: line.count for key, line in core.merged(_lines_in_order(pks)).items() if line.count}


def event_lines(user, event_id: int) -> tuple[Event, list[core.Line]] | None:
    """One of the user's events and all its lines (at most 2 × ``MAX_ENTRIES``); None when it is not theirs."""
    event = Event.objects.filter(owner=user, pk=event_id).first()
    return (event, [_line_of(row) for row in event.lines]) if event is not None else None


def _line_of(row: list) -> core.Line:
    """A line of an event (``[card_id, set, language, delta, note]``) as a core line whose count is the delta."""
    card_id, set, language, delta, note = row
    return core.Line(card_id=card_id, count=delta, set=set, language=language, note=note)


# --- changing it ----------------------------------------------------------------------------------


@contextlib.contextmanager
def changing(user, *, counted: bool = True) -> Iterator[None]:
    """A transaction that has ``user``'s collection to itself: its ``Ledger`` row is written first, which takes
    the row's lock on PostgreSQL and the database's write lock on SQLite (whose first write in a transaction
    waits for the other writers, before anything is read). So two changes of one collection never interleave:
    each reads what the one before wrote (two imports at once leave the second's cards and a history summing to
    them; two additions of a new printing add up), and each event is written in the order of the changes. A
    change kept waiting past ``LOCK_WAIT_SECONDS`` is refused (``CollectionBusy``), nothing stored (PostgreSQL;
    SQLite's writers wait its busy timeout for any other writer). ``counted``: whether the ledger counts it as a change of the collection (bringing ``CardTotal.held`` up to
    date is not one)."""
    bump = F("changes") + 1 if counted else F("changes")
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute(f"SET LOCAL lock_timeout = '{int(LOCK_WAIT_SECONDS * 1000)}ms'")
            if not Ledger.objects.filter(owner=user).update(changes=bump):
                Ledger.objects.bulk_create([Ledger(owner=user)], ignore_conflicts=True)  # another may make it first
                Ledger.objects.filter(owner=user).update(changes=bump)
            yield
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) != "55P03":  # lock_not_available: only our lock_timeout
            raise
        raise CollectionBusy(
            _("Your collection is being changed by another request; nothing was stored. Try again in a moment.")
        ) from None


def _check_line(line: core.Line, cards: CardIndex) -> None:
    if line.card_id not in cards:
        raise CollectionError(_("No card has the id %(id)s.") % {"id": line.card_id}, field="card_id")
    if not 1 <= line.count <= core.MAX_COUNT:
        raise CollectionError(
            _("count must be from 1 to %(limit)s, not %(value)s.") % {"limit": core.MAX_COUNT, "value": line.count},
            field="count",
        )


def add(user, lines: Iterable[core.Line], *, kind: str = Event.Kind.ADD, source: str = "") -> int:
    """Add copies (each ``Line``); returns the copies added. All or nothing, one event."""
    cards = index.get()
    lines = list(lines)
    for line in lines:
        _check_line(line, cards)
    merged = core.merged(lines)  # a file may list a row twice
    with changing(user):
        existing = _rows_of(user, {key[0] for key in merged})
        wanted = {}
        for key, line in merged.items():
            _pk, count, note = existing.get(key, (None, 0, ""))
            _check_total(count + line.count, line.card_id, cards)
            wanted[key] = (count + line.count, line.note or note)
        _store(user, kind, source, existing, wanted)
    return sum(line.count for line in lines)


def remove(user, line: core.Line) -> int:
    """Take copies away from one printing and language (all of them when fewer are owned); the copies removed."""
    with changing(user):
        existing = {key: row for key, row in _rows_of(user, {line.card_id}).items() if key == line.key}
        if not existing:
            raise CollectionError(_("You have no copies of that card in that printing and language."))
        _pk, count, note = existing[line.key]
        taken = min(count, line.count)
        _store(user, Event.Kind.REMOVE, "", existing, {line.key: (count - taken, note)})
    return taken


def import_file(user, data: bytes | str, *, format: str | None = None, replace: bool = False) -> int:
    """Read a collection file and add its cards (``replace``: the collection becomes the file's cards); the copies
    in the file. A file that cannot be read whole raises ``CollectionError`` and stores nothing. Whatever its size
    (``core.MAX_LINES`` rows at most), it is one event and a few bulk statements."""
    cards = index.get()
    try:
        lines = core.read(data, cards, format)
    except core.CollectionFileError as exc:
        raise CollectionError(file_error_message(exc), field="file") from None
    source = format or "detected"
    if not replace:
        return add(user, lines, kind=Event.Kind.IMPORT, source=source)
    wanted = {}
    for key, line in core.merged(lines).items():
        _check_total(line.count, line.card_id, cards)
        wanted[key] = (line.count, line.note)
    if len(wanted) > MAX_ENTRIES:  # before the collection is even read
        raise CollectionError(_("A collection may hold at most %(limit)s rows.") % {"limit": MAX_ENTRIES})
    with changing(user):
        existing = _rows_of(user)
        for key in existing.keys() - wanted.keys():
            wanted[key] = (0, "")
        _store(user, Event.Kind.REPLACE, source, existing, wanted)
    return sum(line.count for line in lines)


def _check_total(total: int, card_id: int, cards: CardIndex) -> None:
    if total > core.MAX_COUNT:  # a row holds at most as many copies as one line of a file may
        card = cards.get(card_id)
        raise CollectionError(
            _("You would have %(total)s copies of %(card)s in one printing and language; the most is %(limit)s.")
            % {"total": f"{total:,}", "card": card.unique_name if card else card_id, "limit": f"{core.MAX_COUNT:,}"},
            field="count",
        )


Row = tuple[int, int, str]  # an entry as ``_store`` reads it: its id, copies and note


def _rows_of(user, card_ids: Iterable[int] | None = None) -> dict[Key, Row]:
    """The user's entries (of these cards), as tuples: a whole collection is 20,000 of them."""
    found = Entry.objects.filter(owner=user)
    if card_ids is not None:
        found = found.filter(card_id__in=sorted(card_ids))
    rows = found.values_list("pk", "card_id", "set", "language", "count", "note")
    return {(card_id, set, language): (pk, count, note) for pk, card_id, set, language, count, note in rows}


def _store(user, kind: str, source: str, existing: Mapping[Key, Row], wanted: Mapping[Key, tuple[int, str]]) -> None:
    """Within ``changing``: bring the rows ``wanted`` names to their (copies, note), 0 copies meaning no row
    (``existing``: those rows as they are), in a few bulk statements, and keep what changed as one event."""
    made, changed, gone = [], [], []
    lines: list[list[Any]] = []  # [card id, set, language, copies added (or removed), note]: an Event's lines
    for key, (count, note) in wanted.items():
        pk, before, noted = existing.get(key, (None, 0, ""))
        if (count, note) == (before, noted) or (pk is None and count == 0):
            continue
        lines.append([*key, count - before, note if note != noted else ""])
        if pk is None:
            made.append((user.pk, *key, count, note))
        elif count == 0:
            gone.append(pk)
        else:
            changed.append((count, note, pk))
    if not lines:
        return
    if len(made) > len(gone) and Entry.objects.filter(owner=user).count() + len(made) - len(gone) > MAX_ENTRIES:
        raise CollectionError(_("A collection may hold at most %(limit)s rows.") % {"limit": MAX_ENTRIES})
    for start in range(0, len(gone), CHUNK):
        Entry.objects.filter(pk__in=gone[start : start + CHUNK]).delete()
    _update(Entry, ["count", "note"], changed)
    _insert(Entry, ["owner", "card_id", "set", "language", "count", "note"], made)
    Event.objects.create(
        owner=user, kind=kind, source=source, copies=sum(line[3] for line in lines), rows=len(lines), lines=lines
    )
    _recount(user, {line[0] for line in lines})
    _compact(user)


def _recount(user, card_ids: set[int]) -> None:
    """``CardTotal.copies`` of these cards, from their rows as they now are: two statements."""
    ids = sorted(card_ids)
    totals = CardTotal.objects.filter(owner=user)
    entries = Entry.objects.filter(owner=user)
    if len(ids) <= CHUNK:  # else all of them: as cheap as naming thousands
        totals, entries = totals.filter(card_id__in=ids), entries.filter(card_id__in=ids)
    totals.update(copies=0)
    select, params = entries.values("owner", "card_id").annotate(total=Sum("count")).query.sql_with_params()
    table, owner, card, copies = _names(CardTotal, "owner", "card_id", "copies")
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({owner}, {card}, {copies}, {_names(CardTotal, 'held')[1]}) "
            f"SELECT *, 0 FROM ({select}) counted WHERE true "  # WHERE: SQLite's upsert after a SELECT needs one
            f"ON CONFLICT ({owner}, {card}) DO UPDATE SET {copies} = excluded.{copies}",
            params,
        )


# The ORM's bulk_create and bulk_update build a model instance and compile each value of each row: seconds for a
# whole collection. These send the rows as they are, one statement run for all of them.


def _names(model: type[models.Model], *fields: str) -> list[str]:
    """The model's table and these fields' columns, quoted for SQL."""
    quote, meta = connection.ops.quote_name, model._meta
    columns = (_column(meta.pk if name == "pk" else meta.get_field(name)) for name in fields)
    return [quote(meta.db_table), *map(quote, columns)]


def _column(field: models.Field | ForeignObjectRel) -> str:
    """The column of one of a model's own fields, the only ones ``_names`` is given (a relation's other side,
    or a many-to-many field, has none: the statement could not be written)."""
    if isinstance(field, models.Field) and field.column is not None:
        return field.column
    raise TypeError(f"{field} has no column of its own")


def _insert(model: type[models.Model], fields: list[str], rows: list[tuple]) -> None:
    """Insert ``rows``, each the values of ``fields`` in order."""
    if rows:
        table, *columns = _names(model, *fields)
        with connection.cursor() as cursor:
            cursor.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(['%s'] * len(columns))})", rows
            )


def _update(model: type[models.Model], fields: list[str], rows: list[tuple]) -> None:
    """Update rows by id, each ``(*values of fields, id)``."""
    if rows:
        table, pk, *columns = _names(model, "pk", *fields)
        with connection.cursor() as cursor:
            cursor.executemany(f"UPDATE {table} SET {', '.join(f'{c} = %s' for c in columns)} WHERE {pk} = %s", rows)


def _compact(user) -> None:
    """Keep the history within its bound: past ``MAX_EVENTS`` events or ``MAX_HISTORY_LINES`` lines, the oldest
    events are summed into one "earlier changes" event (at the time of the last of them) and deleted, down to
    three quarters of each bound. The events always sum to the collection; none is ever changed. The sum of the
    oldest events is the collection as it was then: at most ``MAX_ENTRIES`` lines."""
    size = Event.objects.filter(owner=user).aggregate(events=Count("pk"), lines=Sum("rows"))
    events, lines = size["events"], size["lines"] or 0
    if events <= MAX_EVENTS and lines <= MAX_HISTORY_LINES:
        return
    oldest = Event.objects.filter(owner=user).order_by("created", "pk").values_list("pk", "rows", "created")
    folded: list[int] = []
    last: datetime | None = None
    for pk, rows, created in oldest[: events - 1]:  # the newest stays as it is
        if events - len(folded) <= MAX_EVENTS * 3 // 4 and lines <= MAX_HISTORY_LINES * 3 // 4:
            break
        folded.append(pk)
        lines -= rows
        last = created
    if len(folded) < 2 or last is None:  # last is the created of folded[-1]: never None here
        return
    summed = core.merged(_lines_in_order(folded))
    kept = [[*key, line.count, line.note] for key, line in summed.items() if line.count]
    for start in range(0, len(folded), CHUNK):
        Event.objects.filter(pk__in=folded[start : start + CHUNK]).delete()
    Event.objects.create(
        owner=user,
        kind=Event.Kind.EARLIER,
        copies=sum(line[3] for line in kept),
        rows=len(kept),
        lines=kept,
        created=last,
    )


def _lines_in_order(pks: list[int], per_query: int = 100) -> Iterator[core.Line]:
    """The lines of these events, oldest event first, a few events' lines in memory at a time."""
    for start in range(0, len(pks), per_query):
        chunk = Event.objects.filter(pk__in=pks[start : start + per_query]).order_by("created", "pk")
        for rows in chunk.values_list("lines", flat=True):
            yield from map(_line_of, rows)


def export_file(user, format: str) -> str:
    try:
        return core.export(entries(user), index.get(), format)
    except core.CollectionFileError as exc:
        raise CollectionError(file_error_message(exc), field="format") from None


@dataclasses.dataclass(frozen=True)
class PreconChoice:
    key: str
    label: str
    size: int


def precons() -> dict[str, core.Precon]:
    return index.get().derived("vtesdeck.core.collection.precons", core.precons)


def precon_choices() -> list[PreconChoice]:
    return [PreconChoice(key=key, label=precon_label(precon), size=precon.size) for key, precon in precons().items()]


def precon_label(precon: core.Precon) -> str:
    """A precon as players know it, by its set and product name: "Fifth Edition — Malkavian", "Third Edition —
    Starter Kit Brujah antitribu"; by its code only when the card data names none ("Fifth Edition — precon M")."""
    set_name = _set_names().get(precon.set, precon.set)
    if precon.name:
        return f"{set_name} — {precon.name}"
    kind = _("starter kit") if precon.starter_kit else _("precon")
    deck = precon.code[2:] if precon.starter_kit else precon.code.removeprefix("P")
    return f"{set_name} — {kind} {deck}"


def _set_names() -> dict[str, str]:
    """Set abbreviation → name, read once per card list (a history of precons names one set per line)."""
    return index.get().derived(
        f"{__name__}.set_names", lambda cards: dict(CardSet.objects.values_list("abbrev", "name"))
    )


def add_precon(user, key: str, *, set_printing: bool = True) -> int:
    precon = precons().get(key)
    if precon is None:
        raise CollectionError(_("No precon is called “%(key)s”.") % {"key": key[:100]}, field="precon")
    lines = [
        core.Line(card_id=card_id, count=count, set=precon.set if set_printing else "")
        for card_id, count in precon.cards.items()
    ]
    return add(user, lines, kind=Event.Kind.PRECON, source=key)


# --- wishlist and sharing -------------------------------------------------------------------------


def wish(user, needs: Mapping[int, int]) -> int:
    """Put cards on the wishlist, raising a wish to ``count`` when it asked for fewer; the copies added."""
    needs = {card_id: count for card_id, count in needs.items() if count > 0}
    added, made, raised = 0, [], []
    with changing(user):
        wishes = {
            card_id: (pk, count)
            for card_id, pk, count in WishlistEntry.objects.filter(owner=user).values_list("card_id", "pk", "count")
        }
        for card_id, count in needs.items():
            pk, wished = wishes.get(card_id, (None, 0))
            if pk is None:
                made.append((user.pk, card_id, count, ""))
            elif wished < count:
                raised.append((count, pk))
            added += max(count - wished, 0)
        _insert(WishlistEntry, ["owner", "card_id", "count", "note"], made)
        _update(WishlistEntry, ["count"], raised)
    return added


def share(user, *, on: bool) -> Share | None:
    if not on:
        Share.objects.filter(owner=user).delete()
        return None
    return Share.objects.get_or_create(owner=user)[0]


# --- decks ----------------------------------------------------------------------------------------


def mode_of(deck: Deck) -> str:
    build = DeckBuild.objects.filter(deck=deck).first()
    return build.mode if build else DeckBuild.Mode.FLEXIBLE


def set_mode(deck: Deck, mode: str) -> None:
    if mode not in DeckBuild.Mode.values:
        raise CollectionError(
            _("mode must be %(choices)s, not %(value)s.")
            % {"choices": ", ".join(DeckBuild.Mode.values), "value": repr(mode)[:40]},
            field="mode",
        )
    DeckBuild.objects.update_or_create(deck=deck, defaults={"mode": mode})


def held_by_fixed(user, *, besides: str | None = None) -> dict[int, int]:
    """The copies the user's fixed decks hold (all but deck ``besides``)."""
    rows = DeckCard.objects.filter(deck__owner=user, deck__build__mode=DeckBuild.Mode.FIXED)
    if besides is not None:
        rows = rows.exclude(deck_id=besides)
    return {r["card_id"]: r["total"] for r in rows.values("card_id").annotate(total=Sum("count"))}


@dataclasses.dataclass
class DeckReport:
    rows: list[dict[str, Any]]  # per card: card, needed, owned, held, have, missing
    crypt_missing: int
    library_missing: int
    copies: int
    have: int
    mixed: list[dict[str, Any]]  # per card: card, printings [(set, copies)]

    @property
    def missing(self) -> dict[int, int]:
        return {row["card"].id: row["missing"] for row in self.rows if row["missing"]}

    @property
    def share(self) -> int:
        return round(100 * self.have / self.copies) if self.copies else 0

    def to_dict(self) -> dict[str, Any]:
        def part(crypt: bool) -> list[dict[str, Any]]:
            return [
                {
                    "id": r["card"].id,
                    "name": r["card"].unique_name,
                    "needed": r["needed"],
                    "owned": r["owned"],
                    "held": r["held"],
                    "missing": r["missing"],
                }
                for r in self.rows
                if r["card"].is_crypt == crypt and r["missing"]
            ]

        return {
            "copies": self.copies,
            "owned": self.have,
            "share": self.share,
            "crypt": part(True),
            "library": part(False),
            "mixed_printings": [
                {
                    "id": m["card"].id,
                    "name": m["card"].unique_name,
                    "printings": [{"set": s, "count": n} for s, n in m["printings"]],
                }
                for m in self.mixed
            ],
        }


def deck_report(user, needs: Mapping[int, int], *, deck_id: str | None = None) -> DeckReport:
    """What ``user`` owns and misses of a deck's cards (``needs``), after their other fixed decks took theirs."""
    cards = index.get()
    needs = {i: n for i, n in needs.items() if i in cards and n > 0}
    have = {i: n for i, n in owned(user).items() if i in needs}
    shortfalls = core.missing(needs, have, held_by_fixed(user, besides=deck_id))
    rows: list[dict[str, Any]] = [
        {
            "card": cards[s.card_id],
            "needed": s.needed,
            "owned": s.owned,
            "held": s.held,
            "have": s.have,
            "missing": s.missing,
        }
        for s in shortfalls
    ]
    mixed = core.assign_printings(needs, holdings(user, needs))
    return DeckReport(
        rows=rows,
        crypt_missing=sum(r["missing"] for r in rows if r["card"].is_crypt),
        library_missing=sum(r["missing"] for r in rows if not r["card"].is_crypt),
        copies=sum(needs.values()),
        have=sum(r["have"] for r in rows),
        mixed=[{"card": cards[i], "printings": printings} for i, printings in mixed.items()],
    )


def planner_decks(user, deck_ids: Iterable[str] | None = None) -> list[planner.DeckNeeds]:
    """The user's decks for the planner (virtual ones hold nothing: never planned); ``deck_ids`` narrows them
    (fixed decks are always in, as they hold their cards whatever is asked)."""
    query = Deck.objects.filter(owner=user).exclude(build__mode=DeckBuild.Mode.VIRTUAL)
    query = query.annotate(mode=Coalesce("build__mode", Value(DeckBuild.Mode.FLEXIBLE))).order_by("name", "id")
    if deck_ids is not None:
        asked = list(deck_ids)
        query = query.filter(models.Q(id__in=asked) | models.Q(build__mode=DeckBuild.Mode.FIXED))
    decks = list(query[: MAX_PLANNER_DECKS + 1])
    if len(decks) > MAX_PLANNER_DECKS:
        raise CollectionError(_("The planner takes at most %(limit)s decks.") % {"limit": MAX_PLANNER_DECKS})
    cards: dict[str, dict[int, int]] = {deck.id: {} for deck in decks}
    for row in DeckCard.objects.filter(deck__in=decks).values("deck_id", "card_id", "count"):
        cards[row["deck_id"]][row["card_id"]] = row["count"]
    return [
        planner.DeckNeeds(key=deck.id, name=deck.name, cards=cards[deck.id], fixed=deck.mode == DeckBuild.Mode.FIXED)
        for deck in decks
    ]


# --- the buildable filters ------------------------------------------------------------------------


def _held_up_to_date(user) -> None:
    """``CardTotal.held`` as the user's fixed decks hold now (``held_by_fixed``): written only where it differs
    (a fixed deck was made, changed or deleted since the last filter). Should the collection stay busy past
    ``LOCK_WAIT_SECONDS``, this filter counts with the copies held as last written."""
    held = held_by_fixed(user)
    stored = dict(CardTotal.objects.filter(owner=user, held__gt=0).values_list("card_id", "held"))
    if held == stored:
        return
    with contextlib.suppress(CollectionBusy), changing(user, counted=False):
        differ = sorted(card_id for card_id in held.keys() | stored.keys() if held.get(card_id) != stored.get(card_id))
        # A card without a row is one the user owns no copy of (every change keeps the rows of what it owns).
        CardTotal.objects.bulk_create(
            [CardTotal(owner=user, card_id=card_id, held=held.get(card_id, 0)) for card_id in differ],
            update_conflicts=True,
            unique_fields=["owner", "card_id"],
            update_fields=["held"],
            batch_size=CHUNK,
        )


def _have(user, outer_held: Any = None):
    """Per card row of a deck: the copies the user has for it, as ``deck_report`` counts them (``core.missing``,
    ``core.owned_copies``): what they own less what their fixed decks hold, up to what the deck plays; plus the
    row's own copies when ``outer_held`` (an expression on the deck) says the deck is one of those fixed decks.
    One row of ``CardTotal`` read per card, whatever the collection holds of it or how many decks are fixed."""
    total = CardTotal.objects.filter(owner=user, card_id=OuterRef("card_id"))
    free = Coalesce(Subquery(total.annotate(free=F("copies") - F("held")).values("free")[:1]), 0)
    if outer_held is not None:
        free = free + F("count") * outer_held
    return Least(F("count"), Greatest(free, Value(0)), output_field=IntegerField())


def buildable_decks(decks: models.QuerySet, user, percent: int) -> models.QuerySet:
    """Players' decks (``decks.Deck``) of which ``user`` has at least ``percent`` % of the card copies: one SQL
    query, summing per deck the copies owned (less those the user's other fixed decks hold) up to the copies
    played; ``owned_copies`` is that sum."""
    _held_up_to_date(user)
    decks = decks.annotate(
        held_here=models.Case(
            models.When(owner=user, build__mode=DeckBuild.Mode.FIXED, then=Value(1)),
            default=Value(0),
            output_field=IntegerField(),
        )
    )
    rows = (
        DeckCard.objects.filter(deck=OuterRef("pk"))
        .annotate(have=_have(user, OuterRef("held_here")))
        .values("deck")
        .annotate(total=Sum("have"))
        .values("total")[:1]
    )
    decks = decks.annotate(owned_copies=Coalesce(Subquery(rows), 0))
    return decks.filter(owned_copies__gte=_share_of(percent, F("crypt_count") + F("library_count")))


def buildable_archive(decks: models.QuerySet, user, percent: int) -> models.QuerySet:
    """The same for winning decks (``twda.TournamentDeck``): every fixed deck of the user's holds its cards."""

    _held_up_to_date(user)
    rows = (
        TournamentCard.objects.filter(deck=OuterRef("pk"))
        .annotate(have=_have(user))
        .values("deck")
        .annotate(total=Sum("have"))
        .values("total")[:1]
    )
    decks = decks.annotate(owned_copies=Coalesce(Subquery(rows), 0))
    return decks.filter(owned_copies__gte=_share_of(percent, F("crypt_count") + F("library_count")))


def _share_of(percent: int, total):
    # owned ≥ percent/100 × total, in whole numbers: owned × 100 ≥ percent × total.
    return ExpressionWrapper((total * percent + 99) / 100, output_field=IntegerField())
