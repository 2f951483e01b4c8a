"""How alike two decks are: weighted card vectors, an index of precomputed ones, cosine nearest neighbours.

    weights = Weights.from_decks(archive)                 # idf of every card, from the reference pool
    index = SimilarityIndex.build(entries, weights, version="…")
    query = weights.vector(deck.crypt, deck.library)
    index.nearest(query, k=50, exclude={"twda:10009"})    # [Neighbour(key, similarity, row)], best first
    index.cards(row)                                      # the neighbour's (crypt, library) counts

Pure Python and numpy (no Django): the web side decides which decks make up the pool (the tournament archive,
and public decks whose owners opted in: never private or unlisted ones) and keeps one index per version of it.

The weighting, and why
----------------------
A deck is a vector over card ids. A card's weight is ``log(1 + copies) × idf``:

* ``log(1 + copies)``: the difference between 0 and 1 copy of a card says more about a deck than the one
  between 8 and 9 (a deck with one Deflection plays Auspex; its ninth says little more). The logarithm keeps
  a 20-copy card from drowning a deck's other 30 cards.
* ``idf = ln((1 + N) / (1 + df)) + 1`` (``df``: decks of the reference pool playing the card, ``N``: their
  number): a card every deck plays (a Villein, a Dreams of the Sphinx) says little about what a deck does;
  a rare card says much. The smoothing keeps a card no reference deck plays finite (the largest weight).

The crypt and the library are normalised apart, then joined with the crypt holding ``CRYPT_WEIGHT`` of the
squared length and the library the rest, so the cosine of two decks is
``CRYPT_WEIGHT × cos(crypts) + (1 − CRYPT_WEIGHT) × cos(libraries)``. Without that the library (thirty-odd
distinct cards) would swamp the crypt (six or so), and two decks of one clan playing different strategies
would look as far apart as two decks of unrelated clans. The crypt gets a third rather than a half: the same
vampires carry bleed, vote and wall decks alike, and it is the library that tells those apart. A deck without
a crypt (or a library) is compared on the other part alone, on the same scale (at most its part's share).

The index stores every deck's weighted vector once, column by column (each card: the decks playing it and
their weights), so a query touches only the columns of the cards the asked deck plays: a few hundred
thousand numbers for the whole archive, well under a millisecond of numpy per query.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["CRYPT_WEIGHT", "Entry", "Neighbour", "SimilarityIndex", "Vector", "Weights"]

CRYPT_WEIGHT = 1 / 3
MAX_K = 2_000  # neighbours one query may ask for (a deck search checks up to 2,000 of them against its filters)

FloatArray = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.int32]


@dataclasses.dataclass(frozen=True)
class Entry:
    """One deck of a pool: its key ("twda:10009", "deck:abc…") and its card counts by VEKN id."""

    key: str
    crypt: Mapping[int, int]
    library: Mapping[int, int]
    winning: bool = True  # a tournament-winning deck (the archive); False for a player's public deck


@dataclasses.dataclass(frozen=True)
class Vector:
    """A deck's weighted, normalised vector: card ids and their weights (sparse)."""

    ids: tuple[int, ...]
    values: tuple[float, ...]

    def __bool__(self) -> bool:
        return bool(self.ids)


@dataclasses.dataclass(frozen=True)
class Neighbour:
    key: str
    similarity: float  # cosine, 0 to 1 (weights are never negative)
    row: int  # in its index: ``SimilarityIndex.cards(row)``
    winning: bool


class Weights:
    """Each card's idf, from a reference pool (the tournament archive): what "common anyway" means."""

    __slots__ = ("decks", "df", "crypt_weight")

    def __init__(self, df: Mapping[int, int], decks: int, *, crypt_weight: float = CRYPT_WEIGHT) -> None:
        if not 0.0 <= crypt_weight <= 1.0:
            raise ValueError(f"crypt_weight must be between 0 and 1; got {crypt_weight!r}.")
        self.df = dict(df)  # card id → reference decks playing it
        self.decks = decks
        self.crypt_weight = crypt_weight

    @classmethod
    def from_decks(cls, decks: Iterable[tuple[Iterable[int], Iterable[int]]], **kwargs: float) -> Weights:
        """From (crypt ids, library ids) of every reference deck."""
        df: dict[int, int] = {}
        total = 0
        for crypt, library in decks:
            total += 1
            for card_id in {*crypt, *library}:
                df[card_id] = df.get(card_id, 0) + 1
        return cls(df, total, **kwargs)

    def idf(self, card_id: int) -> float:
        return math.log((1 + self.decks) / (1 + self.df.get(card_id, 0))) + 1.0

    def share(self, card_id: int) -> float:
        """The share of reference decks playing the card (0 when there are none)."""
        return self.df.get(card_id, 0) / self.decks if self.decks else 0.0

    def vector(self, crypt: Mapping[int, int], library: Mapping[int, int]) -> Vector:
        """The deck's vector (see the module's docstring). Counts below 1 are left out."""
        ids: list[int] = []
        values: list[float] = []
        for part, share in ((crypt, self.crypt_weight), (library, 1.0 - self.crypt_weight)):
            weighted = [(card_id, math.log1p(n) * self.idf(card_id)) for card_id, n in part.items() if n > 0]
            norm = math.sqrt(sum(w * w for _, w in weighted))
            if not norm or not share:
                continue
            scale = math.sqrt(share) / norm
            for card_id, w in weighted:
                ids.append(card_id)
                values.append(w * scale)
        return Vector(tuple(ids), tuple(values))


class SimilarityIndex:
    """The vectors of a pool of decks, stored column by column, and their raw counts row by row."""

    __slots__ = (
        "version",
        "keys",
        "winning",
        "_column",
        "_col_ptr",
        "_col_rows",
        "_col_vals",
        "_row_ptr",
        "_row_cards",
        "_row_copies",
        "_row_crypt",
        "_by_key",
        "_key_ranks",
    )

    def __init__(
        self,
        *,
        version: str,
        keys: Sequence[str],
        winning: npt.NDArray[np.bool_],
        column: dict[int, int],
        col_ptr: IntArray,
        col_rows: IntArray,
        col_vals: FloatArray,
        row_ptr: IntArray,
        row_cards: IntArray,
        row_copies: IntArray,
        row_crypt: npt.NDArray[np.bool_],
    ) -> None:
        self.version = version
        self.keys = tuple(keys)
        self.winning = winning
        self._column = column
        self._col_ptr, self._col_rows, self._col_vals = col_ptr, col_rows, col_vals
        self._row_ptr, self._row_cards, self._row_copies, self._row_crypt = row_ptr, row_cards, row_copies, row_crypt
        self._by_key: dict[str, int] | None = None  # key → row, built on first use (most queries go by vector)
        self._key_ranks: IntArray | None = None  # built on first use, as ``_by_key``

    @classmethod
    def build(cls, entries: Iterable[Entry], weights: Weights, *, version: str = "") -> SimilarityIndex:
        return cls._assemble(_Parts.of(entries, weights, column={}, first_row=0), version)

    def updated(
        self, entries: Iterable[Entry], weights: Weights, *, remove: Iterable[str] = (), version: str = ""
    ) -> SimilarityIndex:
        """A new index: this one without the decks ``remove`` names (keys it does not hold are ignored), with
        ``entries`` (one whose key it holds replaces that deck). Only ``entries`` are weighted; the decks kept keep
        their vectors and counts, taken over array by array, so an update costs numpy work on the index's size
        and Python work on the entries alone. ``weights`` must be the ones this index was built with."""
        entries = list(entries)
        keep = np.ones(len(self.keys), dtype=np.bool_)
        for key in (*remove, *(entry.key for entry in entries)):
            row = self._row_of(key)
            if row is not None:
                keep[row] = False
        renumbered = (np.cumsum(keep, dtype=np.int32) - 1).astype(np.int32)  # an old row's number among those kept
        kept = int(keep.sum())
        # The vectors, column by column, back to (row, column, value) triples: those of the decks kept.
        columns = np.repeat(np.arange(len(self._column), dtype=np.int32), np.diff(self._col_ptr))
        alive = keep[self._col_rows]
        cells = np.repeat(keep, np.diff(self._row_ptr))  # the decks' counts, row by row: those kept
        old = _Parts(
            keys=[key for key, ok in zip(self.keys, keep.tolist(), strict=True) if ok],
            winning=self.winning[keep],
            column=dict(self._column),
            rows=renumbered[self._col_rows[alive]],
            cols=columns[alive],
            vals=self._col_vals[alive],
            row_lengths=np.diff(self._row_ptr)[keep].astype(np.int32),
            row_cards=self._row_cards[cells],
            row_copies=self._row_copies[cells],
            row_crypt=self._row_crypt[cells],
        )
        return self._assemble(old.extended(_Parts.of(entries, weights, column=old.column, first_row=kept)), version)

    @classmethod
    def _assemble(cls, parts: _Parts, version: str) -> SimilarityIndex:
        order = np.argsort(parts.cols, kind="stable")  # column by column, rows ascending within each
        counts = np.bincount(parts.cols, minlength=len(parts.column)).astype(np.int32)
        col_ptr = np.zeros(len(parts.column) + 1, dtype=np.int32)
        np.cumsum(counts, out=col_ptr[1:])
        row_ptr = np.zeros(len(parts.keys) + 1, dtype=np.int32)
        np.cumsum(parts.row_lengths, out=row_ptr[1:])
        return cls(
            version=version,
            keys=parts.keys,
            winning=parts.winning,
            column=parts.column,
            col_ptr=col_ptr,
            col_rows=parts.rows[order],
            col_vals=parts.vals[order],
            row_ptr=row_ptr,
            row_cards=parts.row_cards,
            row_copies=parts.row_copies,
            row_crypt=parts.row_crypt,
        )

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def nbytes(self) -> int:
        """Bytes of the numpy arrays (the keys and the column map come on top: see bench/similarity.py)."""
        arrays = (
            self.winning,
            self._col_ptr,
            self._col_rows,
            self._col_vals,
            self._row_ptr,
            self._row_cards,
            self._row_copies,
            self._row_crypt,
        )
        return sum(int(a.nbytes) for a in arrays)

    def scores(self, query: Vector) -> FloatArray:
        """The cosine of ``query`` with every deck of the index, by row."""
        scores = np.zeros(len(self.keys), dtype=np.float32)
        ptr, rows, vals, column = self._col_ptr, self._col_rows, self._col_vals, self._column
        for card_id, value in zip(query.ids, query.values, strict=True):
            col = column.get(card_id)
            if col is None:
                continue  # no deck of the pool plays it: it adds nothing to any dot product
            start, end = int(ptr[col]), int(ptr[col + 1])
            scores[rows[start:end]] += np.float32(value) * vals[start:end]  # rows are distinct within a column
        np.clip(scores, 0.0, 1.0, out=scores)  # float rounding: 1.0000001 for the deck itself
        return scores

    def nearest(
        self, query: Vector, k: int, *, exclude: Iterable[str] = (), rows: Sequence[int] | IntArray | None = None
    ) -> list[Neighbour]:
        """The ``k`` decks most similar to ``query`` (best first; ties by key), among ``rows`` when given,
        leaving out the keys in ``exclude`` and decks sharing no card with it."""
        ranked, scores = self.ranking(query, k, exclude=exclude, rows=rows)
        return [
            Neighbour(self.keys[r], round(float(score), 4), r, bool(self.winning[r]))
            for r, score in zip(ranked.tolist(), scores.tolist(), strict=True)
        ]

    def ranking(
        self, query: Vector, k: int, *, exclude: Iterable[str] = (), rows: Sequence[int] | IntArray | None = None
    ) -> tuple[IntArray, FloatArray]:
        """``nearest`` as two arrays, no object per deck: the rows (best first; ties by key) and their cosines."""
        if not 0 <= k <= MAX_K:
            raise ValueError(f"k must be 0 to {MAX_K}; got {k!r}.")
        if not k or not query or not self.keys:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.float32)
        scores = self.scores(query)
        candidates = np.arange(len(self.keys), dtype=np.int32) if rows is None else np.asarray(rows, dtype=np.int32)
        excluded = {self._row_of(key) for key in exclude} - {None}
        if excluded:
            candidates = candidates[~np.isin(candidates, np.fromiter(excluded, dtype=np.int32))]
        candidates = candidates[scores[candidates] > 0]
        if len(candidates) > k:
            # The k best, plus every deck tied with the k-th, then sorted: ties are broken by key, not by row.
            kth = np.partition(scores[candidates], len(candidates) - k)[len(candidates) - k]
            candidates = candidates[scores[candidates] >= kth]
        ranked = candidates[np.lexsort((self._key_rank()[candidates], -scores[candidates]))][:k]
        return ranked, scores[ranked]

    def similarities(self, query: Vector, keys: Iterable[str]) -> dict[str, float]:
        """The similarity of ``query`` with each of ``keys`` the index holds."""
        scores = self.scores(query)
        out: dict[str, float] = {}
        for key in keys:
            row = self._row_of(key)
            if row is not None:
                out[key] = round(float(scores[row]), 4)
        return out

    def cards(self, row: int) -> tuple[dict[int, int], dict[int, int]]:
        """The (crypt, library) counts of the deck at ``row``."""
        start, end = int(self._row_ptr[row]), int(self._row_ptr[row + 1])
        crypt: dict[int, int] = {}
        library: dict[int, int] = {}
        for card_id, n, is_crypt in zip(
            self._row_cards[start:end].tolist(),
            self._row_copies[start:end].tolist(),
            self._row_crypt[start:end].tolist(),
            strict=True,
        ):
            (crypt if is_crypt else library)[card_id] = n
        return crypt, library

    def row(self, key: str) -> int | None:
        return self._row_of(key)

    def _key_rank(self) -> IntArray:
        """Each row's place in the order of the keys (ties between equal similarities go by it)."""
        if self._key_ranks is None:
            order = np.argsort(np.asarray(self.keys, dtype=str), kind="stable")
            ranks = np.empty(len(self.keys), dtype=np.int32)
            ranks[order] = np.arange(len(self.keys), dtype=np.int32)
            self._key_ranks = ranks
        return self._key_ranks

    def _row_of(self, key: str) -> int | None:
        if self._by_key is None:
            self._by_key = {key: row for row, key in enumerate(self.keys)}
        return self._by_key.get(key)


@dataclasses.dataclass
class _Parts:
    """An index's contents before they are laid out column by column: one (row, column, value) triple per card of
    each deck's vector, and the decks' raw counts row by row."""

    keys: list[str]
    winning: npt.NDArray[np.bool_]
    column: dict[int, int]  # card id → column (shared with the index made of these parts)
    rows: IntArray
    cols: IntArray
    vals: FloatArray
    row_lengths: IntArray
    row_cards: IntArray
    row_copies: IntArray
    row_crypt: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, entries: Iterable[Entry], weights: Weights, *, column: dict[int, int], first_row: int) -> _Parts:
        """The parts of ``entries``, numbered from ``first_row``; a card no column holds yet gets one in ``column``."""
        keys: list[str] = []
        winning: list[bool] = []
        rows: list[int] = []
        cols: list[int] = []
        vals: list[float] = []
        row_lengths: list[int] = []
        row_cards: list[int] = []
        row_copies: list[int] = []
        row_crypt: list[bool] = []
        for row, entry in enumerate(entries, start=first_row):
            keys.append(entry.key)
            winning.append(entry.winning)
            vector = weights.vector(entry.crypt, entry.library)
            for card_id, value in zip(vector.ids, vector.values, strict=True):
                rows.append(row)
                cols.append(column.setdefault(card_id, len(column)))
                vals.append(value)
            before = len(row_cards)
            for part, is_crypt in ((entry.crypt, True), (entry.library, False)):
                for card_id, n in part.items():
                    if n > 0:
                        row_cards.append(card_id)
                        row_copies.append(min(n, 32767))
                        row_crypt.append(is_crypt)
            row_lengths.append(len(row_cards) - before)
        return cls(
            keys=keys,
            winning=np.asarray(winning, dtype=np.bool_),
            column=column,
            rows=np.asarray(rows, dtype=np.int32),
            cols=np.asarray(cols, dtype=np.int32),
            vals=np.asarray(vals, dtype=np.float32),
            row_lengths=np.asarray(row_lengths, dtype=np.int32),
            row_cards=np.asarray(row_cards, dtype=np.int32),
            row_copies=np.asarray(row_copies, dtype=np.int32),
            row_crypt=np.asarray(row_crypt, dtype=np.bool_),
        )

    def extended(self, more: _Parts) -> _Parts:
        """These parts, then ``more`` (numbered after them, on the same ``column``)."""
        return _Parts(
            keys=self.keys + more.keys,
            winning=np.concatenate([self.winning, more.winning]),
            column=more.column,
            **{
                name: np.concatenate([getattr(self, name), getattr(more, name)])
                for name in ("rows", "cols", "vals", "row_lengths", "row_cards", "row_copies", "row_crypt")
            },
        )
