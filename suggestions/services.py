"""Similar decks and suggestions on the web side: which decks make up the pool, one index per version of it.

The pool is the tournament archive and the PUBLIC decks whose owners opted in (``Deck.share_with_suggestions``).
Private and unlisted decks are never in it, whatever their flag says: a deck is only ever compared *against*
the pool, and the one asked about (any deck its reader may open) is vectorised on the fly, never stored.

Two indexes, built lazily once per process and kept (``vtesdeck.core.similarity``):

* the archive's, with the card weights (idf: how common a card is anyway) computed from it; its version is
  the archive's size and latest import time, so a re-import (``import_twda``) makes the next request rebuild it;
* the public decks' (the ``POOL_CAP`` most recently changed, shared with suggestions or not), weighted by the
  archive's idf so that both give comparable similarities, with the rows of the shared ones apart
  (``Pool.shared_rows``: the only ones suggestions read); its version is the number of public decks, of shared
  ones, and their latest change, so a public deck saved, deleted or made private is seen at the next request.

A new version of the public decks is made incrementally: one query lists them with their ``updated``; only the
decks changed (or new) since the last build have their cards read, and the index is updated in memory
(``SimilarityIndex.updated``: the decks that left or changed dropped, the changed and new ones added, every other
deck's vector kept as it was). One request builds at a time; while it does, the others are served the previous
indexes instead of waiting (only the very first build is waited for). ``stats`` counts builds and the decks
whose cards were read (tests; a look at a running process).

Asking costs an aggregate query (the archive's version), another (the public decks') at most once a
``RECHECK_SECONDS`` per process (its cost grows with the decks it counts), and, for a deck of the site, one query
for its cards. A deck saved or deleted
in this process is seen at the next request (``forget_versions``, on Deck's signals: suggestions.apps), one
changed by another process within the interval; either way, whether a deck may be shown is the database's word
at each request, never the index's.

``?similar=`` on the players' deck searches (``rank_decks``) ranks the decks the search matched (the reader
may read them all: public ones and their own), not only the shared ones: the opt-in is about feeding *other*
players' suggestions. The public ones are ranked by the kept index, most similar first, and the database only
says which of them the search's other filters match, a chunk of ids at a time, until ``SEARCH_LIMIT`` matched
or ``RANK_CAP`` were checked: no card is read, and the work does not grow with the number of public decks. The
reader's own decks that are not public (in no index) are read: at most ``OWN_CAP`` of them and ``OWN_CARDS``
card rows, charged to the request's work budget like the deck asked about.
"""

from __future__ import annotations

import dataclasses
import datetime
import threading
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from django.db import connection
from django.db.models import Count, FloatField, Max, Q, QuerySet
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.utils.translation import gettext as _

from cards import index as card_index
from decks.models import Deck, DeckCard
from formats.services import ruleset_for
from simulations.models import Simulation
from twda.models import TournamentDeck
from twda.services import stored_decks
from vtesdeck.core import budget
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.similarity import Entry, Neighbour, SimilarityIndex, Vector, Weights
from vtesdeck.core.suggest import Measured, Peer, Suggestions, core_and_flex, legal_adds, suggest
from vtesdeck.core.validate import RULESETS, Ruleset

ARCHIVE = "twda:"
SHARED = "deck:"
NEIGHBOURS = 50  # nearest decks read for suggestions and the core/flex view
SIMILAR_SHOWN = 10  # on a deck's page
SEARCH_LIMIT = 100  # decks a ?similar= search returns (the most similar among those matching its filters)
MAX_CANDIDATES = 20_000  # decks a ?similar= search reads the ids of, at most (the archive holds some 4,100)
POOL_CAP = 20_000  # public decks the index holds, at most: the most recently changed (about 20 MB a process)
RANK_CAP = 2_000  # public decks a ?similar= search checks against its other filters, at most: the most similar
OWN_CAP = 100  # the reader's own decks that are not public a ?similar= search ranks, at most: the latest changed
OWN_CARDS = 10_000  # card rows of those read, at most (a deck whose rows come past it is left out)
READ_CHUNK = 500  # deck ids per query (below every database's bound on query parameters)
MAX_LIMIT = 50  # suggestions per list, at most


class NotFound(LookupError):
    """No deck by that id that the reader may open."""


@dataclasses.dataclass(frozen=True)
class Subject:
    """The deck asked about: its pool key (when it is in the pool), cards, and how to name and link it."""

    key: str
    core: CoreDeck
    archive: TournamentDeck | None = None
    deck: Deck | None = None


@dataclasses.dataclass(frozen=True)
class Pool:
    weights: Weights
    archive: SimilarityIndex
    public: SimilarityIndex  # the public decks, shared with suggestions or not
    shared_rows: npt.NDArray[np.int32]  # the rows of ``public`` whose owners share them with suggestions

    def vector(self, core: CoreDeck) -> Vector:
        return self.weights.vector(core.crypt, core.library)

    def nearest(
        self, core: CoreDeck, k: int, *, exclude: Sequence[str] = (), archive_only: bool = False
    ) -> list[Neighbour]:
        """The ``k`` nearest decks of the archive and (unless ``archive_only``) of the shared decks, best first."""
        query = self.vector(core)
        found = self.archive.nearest(query, k, exclude=exclude)
        if not archive_only:
            found += self.public.nearest(query, k, exclude=exclude, rows=self.shared_rows)
        found.sort(key=lambda n: (-n.similarity, n.key))
        return found[:k]

    def peers(self, neighbours: Sequence[Neighbour]) -> list[Peer]:
        peers = []
        for n in neighbours:
            index = self.archive if n.key.startswith(ARCHIVE) else self.public
            crypt, library = index.cards(n.row)
            peers.append(Peer(n.key, n.similarity, crypt, library, n.winning))
        return peers

    def shared_keys(self) -> set[str]:
        """The keys of the public decks shared with suggestions ("deck:<id>")."""
        return {self.public.keys[row] for row in self.shared_rows.tolist()}


@dataclasses.dataclass(frozen=True)
class _Built:
    """What one build made; replaced whole, never changed, so readers need no lock."""

    archive_key: str
    public_key: str
    pool: Pool
    public_updated: dict[str, datetime.datetime]  # public deck id → its ``updated`` when its cards were read


RECHECK_SECONDS = 1.0
_checked_at = [float("-inf")]  # when this process last found its indexes current (time.monotonic)
_build_lock = threading.Lock()  # one build at a time; readers never wait on it while a previous build exists
_built: _Built | None = None
stats = {"archive_builds": 0, "public_builds": 0, "public_decks_read": 0}


def archive_version() -> str:
    found = TournamentDeck.objects.aggregate(n=Count("id"), last=Max("imported_at"))
    return f"{found['n']}:{found['last'].isoformat() if found['last'] else ''}"


def public_decks():
    """The players' decks in the index: public ones. Never private nor unlisted."""
    return Deck.objects.filter(visibility=Deck.Visibility.PUBLIC)


def public_version() -> str:
    # Every write of a deck moves its ``updated`` (sharing too: suggestions.views.share), so a deck saved, made
    # public or shared moves ``last``; one deleted or made private lowers the count.
    found = public_decks().aggregate(
        n=Count("id"), shared=Count("id", filter=Q(share_with_suggestions=True)), last=Max("updated")
    )
    return f"{found['n']}:{found['shared']}:{found['last'].isoformat() if found['last'] else ''}"


def forget_versions(*_args: Any, **_kwargs: Any) -> None:
    """The next request asks the versions again (a deck of this process changed)."""
    _checked_at[0] = float("-inf")


def pool() -> Pool:
    """The indexes, rebuilt when the archive or the public decks changed since they were built. While another
    request rebuilds them, the previous ones are served: a reader waits only for the very first build."""
    global _built
    built = _built
    now = time.monotonic()
    if built is not None and built.archive_key == archive_version():
        if now - _checked_at[0] < RECHECK_SECONDS:
            return built.pool
        if built.public_key == public_version():
            _checked_at[0] = now
            return built.pool
    if built is None:
        _build_lock.acquire()  # nothing to serve yet: wait for the first build
    elif not _build_lock.acquire(blocking=False):
        return built.pool  # another request is building the new version
    try:
        # Read again under the lock: another request may have built this very version meanwhile.
        archive_key, public_key = archive_version(), public_version()
        built = _built
        if built is None or (built.archive_key, built.public_key) != (archive_key, public_key):
            built = _built = _build(built, archive_key, public_key)
        _checked_at[0] = now
        return built.pool
    finally:
        _build_lock.release()


def _build(previous: _Built | None, archive_key: str, public_key: str) -> _Built:
    listed = public_decks().order_by("-updated", "id").values_list("id", "updated", "share_with_suggestions")
    updated: dict[str, datetime.datetime] = {}
    shared: list[str] = []
    for deck_id, when, share in listed[:POOL_CAP]:
        updated[deck_id] = when
        if share:
            shared.append(deck_id)
    # Only the public decks changed since the previous build are read; the others keep their vectors.
    known = previous.public_updated if previous is not None else {}
    changed = sorted(deck_id for deck_id, when in updated.items() if known.get(deck_id) != when)
    cores = _read_cards(changed)
    stats["public_decks_read"] += len(changed)
    entries = [
        Entry(SHARED + deck_id, core.crypt, core.library, winning=False)
        for deck_id, core in sorted(cores.items())
        if core.crypt or core.library
    ]
    if previous is not None and previous.archive_key == archive_key:
        weights, archive = previous.pool.weights, previous.pool.archive
        leaving = [SHARED + deck_id for deck_id in (known.keys() - updated.keys()) | set(changed)]
        public = previous.pool.public.updated(entries, weights, remove=leaving, version=public_key)
    else:
        weights, archive = _archive_index(archive_key)
        if previous is not None:  # other weights, other vectors: the decks not changed keep their cards
            held = previous.pool.public
            entries += [
                Entry(key, *held.cards(row), winning=False)
                for row, key in enumerate(held.keys)
                if key.removeprefix(SHARED) in updated and key.removeprefix(SHARED) not in cores
            ]
        public = SimilarityIndex.build(entries, weights, version=public_key)
    rows = (public.row(SHARED + deck_id) for deck_id in shared)
    shared_rows = np.sort(np.fromiter((row for row in rows if row is not None), dtype=np.int32))
    stats["public_builds"] += 1
    return _Built(archive_key, public_key, Pool(weights, archive, public, shared_rows), updated)


def _archive_index(archive_key: str) -> tuple[Weights, SimilarityIndex]:
    cards = card_index.get()
    decks = stored_decks(cards)
    weights = Weights.from_decks((deck.crypt, deck.library) for _id, _date, deck in decks)
    entries = (Entry(ARCHIVE + deck_id, deck.crypt, deck.library) for deck_id, _date, deck in decks)
    stats["archive_builds"] += 1
    return weights, SimilarityIndex.build(entries, weights, version=archive_key)


def _read_cards(deck_ids: Sequence[str], *, most: int | None = None) -> dict[str, CoreDeck]:
    """The cards of the decks ``deck_ids`` (those the card list knows), by deck id; with ``most``, at most that
    many card rows are read, and a deck whose rows come past it is left out."""
    cards = card_index.get()
    decks: dict[str, CoreDeck] = {}
    rows_read = 0
    for start in range(0, len(deck_ids), READ_CHUNK):
        rows = DeckCard.objects.filter(deck_id__in=deck_ids[start : start + READ_CHUNK])
        found = rows.order_by("deck_id", "position", "id").values_list("deck_id", "card_id", "count")
        if most is not None:
            found = found[: most - rows_read + 1]
        for deck_id, card_id, count in found.iterator(chunk_size=5000):
            rows_read += 1
            if most is not None and rows_read > most:
                decks.pop(deck_id, None)  # read in part: left out, as the decks after it
                return decks
            core = decks.setdefault(deck_id, CoreDeck())
            card = cards.get(card_id)
            if card is not None:
                (core.crypt if card.is_crypt else core.library)[card_id] = count
    return decks


def forget() -> None:
    """Drop the indexes (tests that change the pool without changing its version)."""
    global _built
    with _build_lock:
        _built = None


# --- the deck asked about -------------------------------------------------------------------------------------


def archive_core(deck: TournamentDeck) -> CoreDeck:
    core = CoreDeck.from_dict(deck.deck)
    core.unresolved = []
    return core


def subject_of(ident: str, user) -> Subject:
    """The deck ``ident`` names: an archive deck id ("10009", or "twda:10009"), else a deck of the site the
    user may open ("deck:<id>" or its id: public, unlisted, or their own). ``NotFound`` otherwise: a private
    deck of someone else is not told apart from no deck at all."""
    ident = (ident or "").strip()
    if not ident or len(ident) > 110:
        raise NotFound(ident)
    if not ident.startswith(SHARED):
        archive_id = ident.removeprefix(ARCHIVE)
        found = TournamentDeck.objects.filter(pk=archive_id).first()
        if found is not None:
            return for_archive(found)
        if ident.startswith(ARCHIVE):
            raise NotFound(ident)
    deck = Deck.objects.readable_by(user).filter(pk=ident.removeprefix(SHARED)).first()
    if deck is None:
        raise NotFound(ident)
    return for_deck(deck)


def for_archive(deck: TournamentDeck) -> Subject:
    return Subject(ARCHIVE + deck.id, archive_core(deck), archive=deck)


def for_deck(deck: Deck) -> Subject:
    return Subject(SHARED + deck.id, deck.to_core(), deck=deck)


# --- what the pages and the API ask ---------------------------------------------------------------------------


def ruleset_of(deck: Deck | None) -> Ruleset:
    """The deck's format as a ``Ruleset`` (``formats.services``), VEKN's when it names none we know."""
    name = deck.format if deck is not None else "vekn"
    try:
        return ruleset_for(name)
    except (ImportError, ValueError):
        return RULESETS.get(name, RULESETS["vekn"])


def latest_impact(deck: Deck | None) -> Simulation | None:
    """The latest finished card impact job of this very version of a stored deck (``simulations``' ``impact``
    kind), whose figures choose the deck's cuts; None when there is none (an edit since makes it another deck)."""
    if deck is None:
        return None
    done = Simulation.objects.filter(
        kind=Simulation.Kind.IMPACT, status=Simulation.Status.DONE, deck=deck, deck_version=deck.version
    )
    return done.order_by("-finished_at", "-created_at").first()


def measured_cards(impact: Simulation) -> list[Measured]:
    """A card impact job's cards as the core's cut rule reads them (``suggest.Measured``)."""
    report = impact.result or {}
    return [
        Measured(
            card_id=int(row["id"]),
            vp_delta=row.get("vp_delta"),
            ci95=(row["vp_delta_ci95"][0], row["vp_delta_ci95"][1]) if row.get("vp_delta_ci95") else None,
            games=int(report.get("games") or 0),
            modelled=bool(row.get("modelled", True)),
        )
        for row in report.get("cards") or []
    ]


def suggestions_for(
    subject: Subject, *, as_of: datetime.date | None = None, limit: int = 10, impact: Simulation | None = None
) -> Suggestions:
    """Cards to add and to cut for the deck, from its ``NEIGHBOURS`` nearest decks of the pool; the cuts from a
    card impact of the deck (``latest_impact``) when one is given (``suggest``'s rule for measured cards)."""
    core = subject.core
    spending = budget.current()
    spending.read(len(core.crypt) + len(core.library))  # a deck's cards, as a decklist's lines: the request's budget
    with spending.reading():
        current = pool()
        peers = current.peers(current.nearest(core, NEIGHBOURS, exclude=[subject.key]))
        cards = card_index.get()
        rules = ruleset_of(subject.deck)
        day = as_of or datetime.date.today()
        crypt = {i: n for i, n in core.crypt.items() if i in cards}
        library = {i: n for i, n in core.library.items() if i in cards}

        def allowed(ids: Sequence[int]) -> set[int]:
            return legal_adds(crypt, library, ids, cards, ruleset=rules, as_of=day)

        measured = measured_cards(impact) if impact is not None else None
        return suggest(crypt, library, peers, current.weights, allowed=allowed, limit=limit, measured=measured)


def similar_view(subject: Subject) -> dict[str, Any]:
    """What a deck's page shows: the most similar winning decks, the core and flex cards, the nearest winning
    deck to compare with."""
    budget.current().read(len(subject.core.crypt) + len(subject.core.library))  # as ``suggestions_for``
    current = pool()
    cards = card_index.get()
    # Winning decks only: the section is about them, and a deck's page says nothing of other players' decks.
    neighbours = current.nearest(subject.core, NEIGHBOURS, exclude=[subject.key], archive_only=True)
    peers = current.peers(neighbours)
    winning = neighbours[:SIMILAR_SHOWN]
    shown = TournamentDeck.objects.defer("deck", "text", "description")
    decks = shown.in_bulk([n.key.removeprefix(ARCHIVE) for n in winning])
    rows = [
        {"deck": decks[n.key.removeprefix(ARCHIVE)], "similarity": n.similarity}
        for n in winning
        if n.key.removeprefix(ARCHIVE) in decks
    ]
    common, flex = core_and_flex(subject.core.crypt, subject.core.library, peers)
    return {
        "rows": rows,
        "nearest": rows[0] if rows else None,
        "neighbours": len(peers),
        "core": [{"card": cards[i], "decks": n, "mine": mine} for i, n, mine in common if i in cards],
        "flex": [cards[i] for i in flex if i in cards],
    }


def rank_archive(subject: Subject, ids: Sequence[str], *, limit: int = SEARCH_LIMIT) -> list[tuple[str, float]]:
    """Of the archive decks ``ids`` (a search's matches), the ``limit`` most similar to the subject: (id, similarity)."""
    current = pool()
    rows = [r for r in (current.archive.row(ARCHIVE + i) for i in ids) if r is not None]
    found = current.archive.nearest(
        current.vector(subject.core), min(limit, len(rows)), exclude=[subject.key], rows=rows
    )
    return [(n.key.removeprefix(ARCHIVE), n.similarity) for n in found]


def rank_decks(
    subject: Subject, decks: QuerySet[Deck], reader=None, *, limit: int = SEARCH_LIMIT
) -> list[tuple[str, float]]:
    """Of the players' decks ``decks`` (a search's matches, all readable by ``reader``), the ``limit`` most similar
    to the subject, best first: (id, similarity). Public ones from the kept index (``_public_matches``), shared
    with suggestions or not; the reader's own others read (``_own_matches``). ``BudgetSpent`` when the cards read
    (the subject's, the reader's own decks') pass the request's work budget."""
    spending = budget.current()
    spending.read(len(subject.core.crypt) + len(subject.core.library))  # as ``suggestions_for``
    if decks.query.is_empty():  # a filter that can match nothing (a card no card list holds)
        return []
    current = pool()
    query = current.vector(subject.core)
    found = _public_matches(current.public, query, decks, exclude=subject.key, limit=limit)
    if reader is not None and reader.is_authenticated:
        own = decks.filter(owner=reader).exclude(pk=subject.deck.pk) if subject.deck else decks.filter(owner=reader)
        found += _own_matches(own, query, current.weights, limit=limit)
    found.sort(key=lambda pair: (-pair[1], pair[0]))
    return found[:limit]


def _public_matches(
    index: SimilarityIndex, query: Vector, decks: QuerySet[Deck], *, exclude: str, limit: int
) -> list[tuple[str, float]]:
    """The ``limit`` public decks most similar to ``query`` that ``decks`` matches, best first. The index ranks
    the ``RANK_CAP`` most similar; the database says which of them the search's filters match, most similar
    first, ``2 × limit`` ids then ``READ_CHUNK`` at a time, until ``limit`` matched. The database, not the index,
    has the last word on which decks are public: one made private a moment ago is never shown."""
    rows, scores = index.ranking(query, RANK_CAP, exclude=[exclude])
    matching = decks.filter(visibility=Deck.Visibility.PUBLIC).order_by()
    matched: list[tuple[str, float]] = []
    start, end = 0, 2 * limit
    while len(matched) < limit and start < len(rows):
        chunk = [
            (index.keys[row].removeprefix(SHARED), round(score, 4))
            for row, score in zip(rows[start:end].tolist(), scores[start:end].tolist(), strict=True)
        ]
        found = set(matching.filter(pk__in=[deck_id for deck_id, _ in chunk]).values_list("pk", flat=True))
        matched += [(deck_id, similarity) for deck_id, similarity in chunk if deck_id in found]
        start, end = end, end + READ_CHUNK
    return matched[:limit]


def _own_matches(own: QuerySet[Deck], query: Vector, weights: Weights, *, limit: int) -> list[tuple[str, float]]:
    """Of the reader's own decks ``own`` the search matched (the deck asked about left out), those not public (in
    no index), ranked: the ``OWN_CAP`` most recently changed, their cards read (``OWN_CARDS`` rows at most),
    charged to the work budget."""
    pks = own.exclude(visibility=Deck.Visibility.PUBLIC).order_by("-updated", "id").values_list("pk", flat=True)
    ids = list(dict.fromkeys(pks[:OWN_CAP]))  # a filter on tags or cards may repeat a deck
    if not ids:
        return []
    cores = _read_cards(ids, most=OWN_CARDS)
    budget.current().read(sum(len(core.crypt) + len(core.library) for core in cores.values()))
    entries = [Entry(SHARED + deck_id, core.crypt, core.library, winning=False) for deck_id, core in cores.items()]
    ranked = SimilarityIndex.build(entries, weights).nearest(query, min(limit, len(entries)))
    return [(n.key.removeprefix(SHARED), n.similarity) for n in ranked]


# --- the searches' ?similar= --------------------------------------------------------------------------------------
#
# ``?similar=<id>`` takes an archive deck id ("10009") or the id of a deck the client may read (public, unlisted,
# or their own); anything else is a 404, so the parameter never tells a private deck from no deck. The search's
# other filters apply first; of the decks they match, the ``SEARCH_LIMIT`` most similar are returned (decks
# sharing no card with it are left out), most similar first, each with its ``similarity`` (0 to 1); the answer's
# ``count`` is the number of decks so ranked. The archive search ranks every match (its index holds the whole
# archive); a players' deck search ranks every deck it matched that its reader may read (public ones, and their
# own with ``mine=true``), whether or not its owner shares it with suggestions (that is about *other* players'
# suggestions): public decks from the kept index, the ``RANK_CAP`` most similar at most checked against the other
# filters, and the reader's own others read (``rank_decks``). Past the request's work budget, a 429 naming the
# limit (``vtesdeck.api.within_budget``), or the page's own sentence.


def subject_or_404(ident: str, user) -> Subject:
    """``subject_of`` for the APIs' searches: a 404 (Django's, which the API answers in its error shape) saying
    what ``similar=`` takes when the reader may open no deck by that id."""
    try:
        return subject_of(ident, user)
    except NotFound:
        raise Http404(
            _(
                "No deck with this id that you may read: similar= takes an archive deck id or "
                "the id of a deck you may open."
            )
        ) from None


def order_by_similarity(decks: QuerySet, subject: Subject, *, archive: bool, reader=None) -> QuerySet:
    """``decks`` narrowed to the ``SEARCH_LIMIT`` most similar to the subject, annotated with ``similarity``
    and ordered by it (most similar first, then by id). ``reader``: who searches players' decks (their own
    decks that are not public are ranked too, when ``decks`` holds them). ``BudgetSpent`` (a ``DecklistError``)
    past the request's work budget: each door says so (``vtesdeck.api.within_budget``, or the page's own
    sentence)."""
    if archive:
        ids = [str(pk) for pk in decks.order_by().values_list("pk", flat=True)[:MAX_CANDIDATES]]
        ranked = rank_archive(subject, ids)
    else:
        ranked = rank_decks(subject, decks, reader)
    if not ranked:
        return decks.none()
    similarity = _similarity_of(decks.model, ranked)
    return decks.filter(pk__in=[pk for pk, _ in ranked]).annotate(similarity=similarity).order_by("-similarity", "pk")


def _similarity_of(model, ranked: list[tuple[str, float]]) -> RawSQL:
    """``CASE <pk> WHEN <id> THEN <similarity> … END``, parameters and all: the same as a ``Case`` of a ``When``
    per deck, which costs some 10 ms of ORM work for a hundred decks, each time the query is compiled."""
    column = f"{connection.ops.quote_name(model._meta.db_table)}.{connection.ops.quote_name(model._meta.pk.column)}"
    params = [value for pk, score in ranked for value in (pk, score)]
    return RawSQL(f"CASE {column} {' '.join(['WHEN %s THEN %s'] * len(ranked))} END", params, output_field=FloatField())


def similar_decks(decks: QuerySet, ident: str, user, *, archive: bool) -> QuerySet:
    """A search page's matches ordered by similarity to the deck ``ident`` names (``?similar=``); 404 when the
    reader may open no deck by that id; ``DecklistError`` past the request's work budget (the page says so)."""
    try:
        subject = subject_of(ident, user)
    except NotFound:
        raise Http404(_("No deck with this id that you may open.")) from None
    return order_by_similarity(decks, subject, archive=archive, reader=user)
