"""Similar decks and suggestions on the web side: which decks make up the pool, one index per version of it.

The pool is the tournament archive and the PUBLIC decks whose owners opted in (``Deck.share_with_suggestions``).
Private and unlisted decks are never in it, whatever their flag says: a deck is only ever compared *against*
the pool, and the one asked about (any deck its reader may open) is vectorised on the fly, never stored.

Two indexes, built lazily once per process and kept (``vtesdeck.core.similarity``):

* the archive's, with the card weights (idf: how common a card is anyway) computed from it; its version is
  the archive's size and latest import time, so a re-import (``import_twda``) makes the next request rebuild it;
* the shared decks', weighted by the archive's idf so that both give comparable similarities; its version
  is the number of shared decks and their latest change, so an opted-in deck saved is seen at the next request.

A new version of the shared decks is built incrementally: one query lists the shared decks with their
``updated``; only the decks changed (or new) since the last build have their cards read, those that left the
set are dropped, and the others keep the cards the previous index holds. Only the in-memory index is made
again (no database read). One request builds at a time; while it does, the others are served the previous
indexes instead of waiting (only the very first build is waited for). ``stats`` counts builds and the decks
whose cards were read (tests; a look at a running process).

Asking costs two aggregate queries (the versions) and, for a deck of the site, one query for its cards.

``?similar=`` on the players' deck searches (``rank_decks``) ranks the decks the search matched (the reader
may read them all: public ones and their own), not only the shared ones: the opt-in is about feeding *other*
players' suggestions. Their vectors are made on the fly with the same weights, the cards taken from the
shared index when it holds the deck as it is now, read otherwise; at most ``RANK_CAP`` matches are ranked.
"""

from __future__ import annotations

import dataclasses
import datetime
import threading
from collections.abc import Sequence
from typing import Any

from django.db.models import Count, Max, QuerySet

from cards import index as card_index
from decks.models import Deck, DeckCard
from twda.models import TournamentDeck
from twda.services import stored_decks
from vtesdeck.core import budget
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.similarity import Entry, Neighbour, SimilarityIndex, Vector, Weights
from vtesdeck.core.suggest import Peer, Suggestions, core_and_flex, legal_adds, suggest
from vtesdeck.core.validate import RULESETS, Ruleset

ARCHIVE = "twda:"
SHARED = "deck:"
NEIGHBOURS = 50  # nearest decks read for suggestions and the core/flex view
SIMILAR_SHOWN = 10  # on a deck's page
SEARCH_LIMIT = 100  # decks a ?similar= search returns (the most similar among those matching its filters)
RANK_CAP = 2_000  # players' decks a ?similar= search ranks, at most: the first matches in the search's order
READ_CHUNK = 500  # deck ids per query reading cards (below every database's bound on query parameters)
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
    shared: SimilarityIndex

    def vector(self, core: CoreDeck) -> Vector:
        return self.weights.vector(core.crypt, core.library)

    def nearest(
        self, core: CoreDeck, k: int, *, exclude: Sequence[str] = (), archive_only: bool = False
    ) -> list[Neighbour]:
        """The ``k`` nearest decks of the archive and (unless ``archive_only``) of the shared decks, best first."""
        query = self.vector(core)
        found = self.archive.nearest(query, k, exclude=exclude)
        if not archive_only:
            found += self.shared.nearest(query, k, exclude=exclude)
        found.sort(key=lambda n: (-n.similarity, n.key))
        return found[:k]

    def peers(self, neighbours: Sequence[Neighbour]) -> list[Peer]:
        peers = []
        for n in neighbours:
            index = self.archive if n.key.startswith(ARCHIVE) else self.shared
            crypt, library = index.cards(n.row)
            peers.append(Peer(n.key, n.similarity, crypt, library, n.winning))
        return peers


@dataclasses.dataclass(frozen=True)
class _Built:
    """What one build made; replaced whole, never changed, so readers need no lock."""

    archive_key: str
    shared_key: str
    pool: Pool
    shared_updated: dict[str, datetime.datetime]  # shared deck id → its ``updated`` when its cards were read


_build_lock = threading.Lock()  # one build at a time; readers never wait on it while a previous build exists
_built: _Built | None = None
stats = {"archive_builds": 0, "shared_builds": 0, "shared_decks_read": 0}


def archive_version() -> str:
    found = TournamentDeck.objects.aggregate(n=Count("id"), last=Max("imported_at"))
    return f"{found['n']}:{found['last'].isoformat() if found['last'] else ''}"


def shared_decks():
    """The decks of players in the pool: public ones whose owners opted in. Never private nor unlisted."""
    return Deck.objects.filter(visibility=Deck.Visibility.PUBLIC, share_with_suggestions=True)


def shared_version() -> str:
    found = shared_decks().aggregate(n=Count("id"), last=Max("updated"))
    return f"{found['n']}:{found['last'].isoformat() if found['last'] else ''}"


def pool() -> Pool:
    """The indexes, rebuilt when the archive or the shared decks changed since they were built. While another
    request rebuilds them, the previous ones are served: a reader waits only for the very first build."""
    global _built
    built = _built
    if built is not None and (built.archive_key, built.shared_key) == (archive_version(), shared_version()):
        return built.pool
    if built is None:
        _build_lock.acquire()  # nothing to serve yet: wait for the first build
    elif not _build_lock.acquire(blocking=False):
        return built.pool  # another request is building the new version
    try:
        # Read again under the lock: another request may have built this very version meanwhile.
        archive_key, shared_key = archive_version(), shared_version()
        built = _built
        if built is None or (built.archive_key, built.shared_key) != (archive_key, shared_key):
            built = _built = _build(built, archive_key, shared_key)
        return built.pool
    finally:
        _build_lock.release()


def _build(previous: _Built | None, archive_key: str, shared_key: str) -> _Built:
    if previous is not None and previous.archive_key == archive_key:
        weights, archive = previous.pool.weights, previous.pool.archive
    else:
        cards = card_index.get()
        decks = stored_decks(cards)
        weights = Weights.from_decks((deck.crypt, deck.library) for _id, _date, deck in decks)
        entries = (Entry(ARCHIVE + deck_id, deck.crypt, deck.library) for deck_id, _date, deck in decks)
        archive = SimilarityIndex.build(entries, weights, version=archive_key)
        stats["archive_builds"] += 1
    # Only the shared decks changed since the previous build are read; the others keep its cards.
    updated = dict(shared_decks().values_list("id", "updated"))
    known = previous.shared_updated if previous is not None else {}
    changed = [deck_id for deck_id, when in updated.items() if known.get(deck_id) != when]
    cores = _read_cards(changed)
    stats["shared_decks_read"] += len(changed)
    if previous is not None:
        for deck_id in updated.keys() - set(changed):
            row = previous.pool.shared.row(SHARED + deck_id)
            if row is not None:  # a deck without cards is in no index
                cores[deck_id] = _cards_at(previous.pool.shared, row)
    entries = (Entry(SHARED + deck_id, cores[deck_id].crypt, cores[deck_id].library, winning=False)
               for deck_id in sorted(cores) if cores[deck_id].crypt or cores[deck_id].library)  # fmt: skip
    shared = SimilarityIndex.build(entries, weights, version=shared_key)
    stats["shared_builds"] += 1
    return _Built(archive_key, shared_key, Pool(weights, archive, shared), updated)


def _cards_at(index: SimilarityIndex, row: int) -> CoreDeck:
    crypt, library = index.cards(row)
    return CoreDeck(crypt=crypt, library=library)


def _read_cards(deck_ids: Sequence[str]) -> dict[str, CoreDeck]:
    """The cards of the decks ``deck_ids`` (those the card list knows), by deck id."""
    cards = card_index.get()
    decks: dict[str, CoreDeck] = {}
    for start in range(0, len(deck_ids), READ_CHUNK):
        rows = DeckCard.objects.filter(deck_id__in=deck_ids[start : start + READ_CHUNK])
        found = rows.order_by("deck_id", "position", "id").values_list("deck_id", "card_id", "count")
        for deck_id, card_id, count in found.iterator(chunk_size=5000):
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
        from formats.services import ruleset_for

        return ruleset_for(name)
    except (ImportError, ValueError):
        return RULESETS.get(name, RULESETS["vekn"])


def suggestions_for(subject: Subject, *, as_of: datetime.date | None = None, limit: int = 10) -> Suggestions:
    """Cards to add and to cut for the deck, from its ``NEIGHBOURS`` nearest decks of the pool."""
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

        return suggest(crypt, library, peers, current.weights, allowed=allowed, limit=limit)


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
    rows = [{"deck": decks[n.key.removeprefix(ARCHIVE)], "similarity": n.similarity}
            for n in winning if n.key.removeprefix(ARCHIVE) in decks]  # fmt: skip
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
    found = current.archive.nearest(current.vector(subject.core), min(limit, len(rows)), exclude=[subject.key],
                                    rows=rows)  # fmt: skip
    return [(n.key.removeprefix(ARCHIVE), n.similarity) for n in found]


def rank_decks(subject: Subject, decks: QuerySet[Deck], *, limit: int = SEARCH_LIMIT) -> list[tuple[str, float]]:
    """Of the players' decks ``decks`` (a search's matches, all readable by its reader), the ``limit`` most
    similar to the subject: (id, similarity). The first ``RANK_CAP`` matches in the search's order are ranked,
    shared or not: vectors made on the fly with the pool's weights."""
    current, built = pool(), _built
    candidates = list(decks.values_list("pk", "updated")[:RANK_CAP])
    known = built.shared_updated if built is not None and built.pool is current else {}
    cores: dict[str, CoreDeck] = {}
    for deck_id, when in candidates:
        row = current.shared.row(SHARED + deck_id) if known.get(deck_id) == when else None
        if row is not None:  # the shared index holds the deck as it is now
            cores[deck_id] = _cards_at(current.shared, row)
    cores.update(_read_cards([deck_id for deck_id, _when in candidates if deck_id not in cores]))
    entries = [Entry(SHARED + deck_id, core.crypt, core.library, winning=False) for deck_id, core in cores.items()]
    ranked = SimilarityIndex.build(entries, current.weights)
    found = ranked.nearest(current.vector(subject.core), min(limit, len(entries)), exclude=[subject.key])
    return [(n.key.removeprefix(SHARED), n.similarity) for n in found]
