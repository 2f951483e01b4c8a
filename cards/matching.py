"""Card search in process memory, for the search API under load: the same answers as ``search.search``.

``search.search`` asks the database, which cannot use an index for "contains" filters: SQLite scans the
whole card table (wide rows: the text and the stored core card) twice per API request, once to count the
matches and once for the page. That was two thirds of a search's time. The card list is small (about
4,000 cards) and changes only on ``import_cards``, so each process keeps the few columns the filters read,
in the database's own order (its collation decides how names sort), and picks the matching ids in Python;
the database is asked only for the rows of the page shown. The last ``CACHED_QUERIES`` searches' ids are
kept too: players repeat searches. For the API's pages (``ListedMatches``) not even that: each card's fields
are rendered once per process and version and kept, so a page is a list of lookups.

The snapshot is keyed by the card list version of ``cards.api.caching`` (the one the ETags carry), so it
is rebuilt when that changes: at once after an import in this process, within its recheck interval after an
import elsewhere. Filters the snapshot cannot answer (``twda``, which follows the tournament archive) return
``None``: the caller asks the database as before.

``close_matches`` is what a name query that found nothing shows instead, on the page and over the API: the cards
it most likely meant, each checked against the other filters here.
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import contains

from vtesdeck.core.decklist.resolve import resolver_for
from vtesdeck.core.names import fold

from . import index
from .list_version import card_list_version
from .models import Card, CardDiscipline, Printing
from .search import SUGGESTION_CANDIDATES, SUGGESTIONS, name_words, search, words_start_words

__all__ = ["CardMatches", "ListedMatches", "close_matches", "find"]

CACHED_QUERIES = 2048
# The kept searches' bound in memory, whatever they match: ids held in all (4 bytes each in an ``array``: 4 MB).
# Without it, 2,048 searches matching the whole card list held 2,048 lists of it (about 60 MB a process). Their
# keys are bounded by the search form's fields.
CACHED_IDS = 1_000_000


@dataclass(frozen=True, slots=True)
class _Row:
    id: int
    name_search: str
    text_search: str
    kind: str
    types: str
    clans: str
    group: str
    capacity: int | None
    sect: str
    title: str
    banned: bool
    disciplines: dict  # code → superior
    sets: frozenset[str]


class _Snapshot:
    def __init__(self, version: str) -> None:
        self.version = version
        disciplines: dict[int, dict[str, bool]] = {}
        for card_id, code, superior in CardDiscipline.objects.values_list("card_id", "code", "superior"):
            disciplines.setdefault(card_id, {})[code] = superior
        sets: dict[int, set[str]] = {}
        for card_id, set_id in Printing.objects.values_list("card_id", "set_id"):
            sets.setdefault(card_id, set()).add(set_id)
        columns = ("id", "name_search", "text_search", "kind", "types", "clans", "group", "capacity", "sect", "title")
        # Card's default ordering (name, id) as the database sorts it: the order search() answers in.
        self.rows = [
            _Row(
                **dict(zip(columns, values, strict=True)),
                banned=banned_year is not None,
                disciplines=disciplines.get(values[0], {}),
                sets=frozenset(sets.get(values[0], ())),
            )
            for *values, banned_year in Card.objects.order_by("name", "id").values_list(*columns, "banned_year")
        ]
        self.index = _index(self.rows)
        self.columns = {name: [getattr(row, name) for row in self.rows] for name in ("name_search", "text_search")}
        self.capacities = sorted({row.capacity for row in self.rows if row.capacity is not None})
        self.index.setdefault(("banned", True), frozenset())
        self.index.setdefault(("banned", False), frozenset())
        self.found: OrderedDict[tuple, array[int]] = OrderedDict()
        self.found_ids = 0  # ids held in ``found``, bounded by CACHED_IDS
        self.data: dict[int, dict] = {}  # card id → its stored core card, decoded (read-only: shared)
        self.listed: dict[Callable, dict[int, dict]] = {}  # render → card id → render(card) (read-only: shared)
        self.lock = threading.Lock()

    def ids(self, data: dict) -> Sequence[int]:
        """The ids ``search.search(data)`` would answer, in its order."""
        question = tuple(sorted((name, repr(value)) for name, value in data.items() if value not in (None, "", [])))
        with self.lock:
            if question in self.found:
                self.found.move_to_end(question)
                return self.found[question]
        ids = array("i", self._match(data))
        with self.lock:
            if question not in self.found:
                self.found[question] = ids
                self.found_ids += len(ids)
            while len(self.found) > CACHED_QUERIES or self.found_ids > CACHED_IDS:
                self.found_ids -= len(self.found.popitem(last=False)[1])
        return ids

    def _match(self, data: dict) -> list[int]:
        # Each step mirrors one filter of search.search. Exact-value filters intersect precomputed sets of
        # row positions; "contains" filters then test the few rows left. The stored search columns are
        # lower case, as are the values compared with them, so "contains" is a plain substring test here
        # as in SQL.
        index = self.index
        picked: set[int] | None = None

        def keep(positions) -> None:
            nonlocal picked
            picked = set(positions) if picked is None else picked & positions

        if kind := data.get("kind"):
            keep(index.get(("kind", kind), frozenset()))
        if card_type := data.get("type"):
            keep(index.get(("type", card_type.lower()), frozenset()))
        clan = (data.get("clan") or "").strip().lower()
        if clan and "|" not in clan:
            keep(index.get(("clan", clan), frozenset()))
        for code, superior in data.get("discipline") or []:
            # A library card has no level of its own: it matches any vampire level.
            keep(index.get(("superior" if superior else "discipline", code), frozenset()))
        for name in ("group", "sect", "title", "set"):
            if value := data.get(name):
                keep(index.get((name, value), frozenset()))
        if (low := data.get("capacity_min")) is not None:
            keep(frozenset().union(*(index.get(("capacity", c), ()) for c in self.capacities if c >= low)))
        if (high := data.get("capacity_max")) is not None:
            keep(frozenset().union(*(index.get(("capacity", c), ()) for c in self.capacities if c <= high)))
        if data.get("banned") in ("yes", "no"):
            keep(index[("banned", data["banned"] == "yes")])
        rows = self.rows if picked is None else [self.rows[position] for position in sorted(picked)]
        query = fold(data.get("q") or "")
        words = name_words(query)
        for word in words:  # needed by either way of matching (search.search): narrows the rows in C first
            rows = self._containing(rows, "name_search", word)
        if len(words) > 1:
            rows = [row for row in rows if query in row.name_search or words_start_words(row.name_search, words)]
        for word in (data.get("text") or "").strip().lower().split():
            rows = self._containing(rows, "text_search", word)
        if clan and "|" in clan:
            wanted_clan = f"|{clan}|"
            rows = [row for row in rows if wanted_clan in row.clans]
        if query:
            # search.search's rank: the card's own name starting with the query, then another of its
            # names, then names containing it as written, then its words in another order; ties keep the
            # (name, id) order (sorted() is stable).
            start = f"|{query}"

            def rank(row: _Row) -> int:
                if row.name_search.startswith(start):
                    return 0
                if start in row.name_search:
                    return 1
                return 2 if query in row.name_search else 3

            rows.sort(key=rank)
        return [row.id for row in rows]

    def _containing(self, rows: list[_Row], column: str, part: str) -> list[_Row]:
        """The rows whose ``column`` contains ``part``. A name or text filter often runs on every card; the
        substring tests then run in C over the column kept whole (a Python loop over 4,000 rows was most
        of a search's CPU)."""
        values = self.columns[column] if rows is self.rows else [getattr(row, column) for row in rows]
        return list(compress(rows, map(contains, values, repeat(part))))


def _index(rows: list[_Row]) -> dict[tuple, frozenset[int]]:
    """(filter, value) → the positions of the rows it keeps, for every exact-value filter."""
    index: dict[tuple, set[int]] = {}
    for position, row in enumerate(rows):
        keys: list[tuple[str, object]] = [
            ("kind", row.kind),
            ("group", row.group),
            ("sect", row.sect),
            ("title", row.title),
        ]
        keys += [("capacity", row.capacity), ("banned", row.banned)]
        keys += [("type", name) for name in row.types.split("|") if name]
        keys += [("clan", name) for name in row.clans.split("|") if name]
        keys += [("set", abbrev) for abbrev in row.sets]
        for code, superior in row.disciplines.items():
            keys.append(("discipline", code))
            if superior or row.kind == Card.Kind.LIBRARY:
                keys.append(("superior", code))
        for key in keys:
            index.setdefault(key, set()).add(position)
    return {key: frozenset(positions) for key, positions in index.items()}


class CardMatches(Sequence):
    """The matching cards as a sequence a paginator can count and slice: slicing reads only those rows."""

    ordered = True  # for Django's Paginator: the order is search()'s, not arbitrary

    def __init__(self, ids: Sequence[int], snapshot: _Snapshot | None = None) -> None:
        self.ids, self.snapshot = ids, snapshot

    def __len__(self) -> int:
        return len(self.ids)

    def listed(self, render: Callable[[Card], dict]) -> Sequence:
        """These cards as ``render`` gives them, each rendered once per process (``render`` must depend on
        nothing but the card, and the dicts it makes are shared: read-only)."""
        return self if self.snapshot is None else ListedMatches(self.ids, self.snapshot, render)

    def __getitem__(self, index):
        if not isinstance(index, slice):
            return Card.objects.get(pk=self.ids[index])  # IndexError for an index out of range, as a list
        wanted = self.ids[index]
        if self.snapshot is None:
            found = Card.objects.in_bulk(wanted)
        else:
            # The stored core card (JSON) is the bulk of a row: decoded once per process and reused.
            found = Card.objects.defer("data").in_bulk(wanted)
            stored = self.snapshot.data
            missing = [card_id for card_id in found if card_id not in stored]
            if missing:
                stored.update(Card.objects.filter(id__in=missing).values_list("id", "data"))
            for card in found.values():
                card.data = stored[card.id]
        return [found[card_id] for card_id in wanted if card_id in found]


class ListedMatches(Sequence):
    """The matching cards as ``render(card)`` gives them, for a paginator: a page's cards are rendered (and
    read) once per process and card list version, then served from memory without touching the database."""

    ordered = True

    def __init__(self, ids: Sequence[int], snapshot: _Snapshot, render: Callable[[Card], dict]) -> None:
        self.ids, self.snapshot, self.render = ids, snapshot, render

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, index):
        wanted = self.ids[index] if isinstance(index, slice) else [self.ids[index]]
        with self.snapshot.lock:
            listed = self.snapshot.listed.setdefault(self.render, {})
        missing = [card_id for card_id in wanted if card_id not in listed]
        if missing:
            # dict.update is atomic under the GIL: a thread rendering the same cards meanwhile is harmless.
            listed.update((card.id, self.render(card)) for card in Card.objects.filter(id__in=missing))
        found = [listed[card_id] for card_id in wanted if card_id in listed]
        return found if isinstance(index, slice) else found[0]


_lock = threading.Lock()
_snapshot: list[_Snapshot] = []


def find(data: dict) -> CardMatches | None:
    """The cards a ``CardFilterForm``'s cleaned data matches, as ``search.search`` orders them; ``None``
    for filters this module does not answer (the caller then runs ``search.search``)."""
    if data.get("twda"):
        return None
    snapshot = _current()
    return CardMatches(snapshot.ids(data), snapshot)


def _current() -> _Snapshot:
    """This process's snapshot of the card list's current version (made when there is none)."""
    version = card_list_version()
    with _lock:
        snapshot = _snapshot[0] if _snapshot and _snapshot[0].version == version else None
    if snapshot is None:
        snapshot = _Snapshot(version)
        with _lock:
            _snapshot[:] = [snapshot]
    return snapshot


def close_matches(data: dict) -> CardMatches:
    """The cards closest to a name query that found nothing, best first, at most ``SUGGESTIONS``: those the
    decklist resolver suggests for the query (``Resolver.suggest``, the very suggestions an unknown decklist line
    gets), each kept only when it passes the other filters, so that every one shown is a card the search could
    have found. Empty for a search without a name. Like ``find``'s, read as rows by slicing, or ``listed``."""
    query = data.get("q") or ""
    if not fold(query):
        return CardMatches([], _current())
    named = find({"q": query})
    if named is not None and len(named):
        return CardMatches(
            [], _current()
        )  # the name is no typo: it names cards, which the other filters left out (so would its neighbours')
    cards = index.get()
    picked: list[int] = []
    for name in resolver_for(cards).suggest(query, n=SUGGESTION_CANDIDATES):
        card = cards.lookup(name)
        if card is None or card.id in picked:
            continue
        trial = {**data, "q": name}
        found = find(trial)
        if card.id in found.ids if found is not None else search(trial).filter(id=card.id).exists():
            picked.append(card.id)
            if len(picked) == SUGGESTIONS:
                break
    return CardMatches(picked, _current())


def warm(render: Callable[[Card], dict] | None = None) -> int:
    """Build this process's card index, version and search snapshot now, and ``render`` every card for
    ``ListedMatches``; the number of cards. gunicorn's master calls it before forking its workers
    (gunicorn.conf.py), which then share all of it instead of each paying for it on its first requests."""
    found = find({})
    assert found is not None
    if render is not None:
        found.listed(render)[:]
    # The index behind close matches (the decklist resolver's suggestions), built now rather than by the
    # first search that finds nothing (a few hundred milliseconds); and the one behind names as people type
    # them ("2nd Tradition"), which the first decklist line naming no card as written asks for.
    close_matches({"q": "warm"})
    resolver_for(index.get()).typed_name("warm")
    return len(found)
