"""Similar decks and suggestions over the whole tournament archive: index build time, memory, query time.

    .venv/bin/python bench/similarity.py [--archive DIR] [--queries 300] [--seed 1]

Pure core, no database (the web side builds the same index from the stored archive once per process and per
import: ``suggestions.services.pool``). Reads every archive file with the decklist parser, then times:

* the build: the card weights (idf) and the index of every deck's vector (``SimilarityIndex.build``);
* its memory: the numpy arrays (``nbytes``) and everything the build allocated (tracemalloc, keys included);
* a query: the 50 nearest decks of a random archive deck (``nearest``), and the whole suggestion for it
  (nearest, then ``suggest`` with the hard rules of ``legal_adds`` on the deck's own date), p50 and p95.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from vtesdeck.core import carddb, decklist  # noqa: E402
from vtesdeck.core.similarity import Entry, SimilarityIndex, Weights  # noqa: E402
from vtesdeck.core.suggest import Peer, legal_adds, suggest  # noqa: E402

NEIGHBOURS = 50


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archive", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not args.archive.is_dir():
        sys.exit(f"No archive at {args.archive}: pass --archive DIR.")

    cards = carddb.CardIndex(carddb.parse(carddb.read_bundled()).cards)
    started = time.perf_counter()
    decks = [(p.stem, decklist.parse(p.read_bytes(), cards, path=p.name)) for p in sorted(args.archive.iterdir())]
    print(f"archive: {len(decks):,} decks read in {time.perf_counter() - started:.2f} s (not part of the build)")

    started = time.perf_counter()
    weights = Weights.from_decks((deck.crypt, deck.library) for _key, deck in decks)
    index = SimilarityIndex.build((Entry(key, deck.crypt, deck.library) for key, deck in decks), weights)
    build = time.perf_counter() - started
    tracemalloc.start()  # a second build, traced (tracing slows it down several times: not the one timed)
    traced_index = SimilarityIndex.build((Entry(key, deck.crypt, deck.library) for key, deck in decks), weights)
    traced, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del traced_index
    print(f"build: {build * 1000:.0f} ms for {len(index):,} decks and {len(weights.df):,} distinct cards")
    print(f"memory: {index.nbytes / 1e6:.2f} MB of arrays; {traced / 1e6:.2f} MB held by an index in all (keys too)")

    rng = random.Random(args.seed)
    sample = [rng.choice(decks) for _ in range(args.queries)]
    nearest_ms, suggest_ms = [], []
    for key, deck in sample:
        started = time.perf_counter()
        near = index.nearest(weights.vector(deck.crypt, deck.library), NEIGHBOURS, exclude=[key])
        nearest_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        near = index.nearest(weights.vector(deck.crypt, deck.library), NEIGHBOURS, exclude=[key])
        peers = [Peer(n.key, n.similarity, *index.cards(n.row)) for n in near]
        day = deck.event.date if deck.event else None
        suggest(deck.crypt, deck.library, peers, weights,
                allowed=lambda ids, d=deck, day=day: legal_adds(d.crypt, d.library, ids, cards, as_of=day))  # fmt: skip
        suggest_ms.append((time.perf_counter() - started) * 1000)
    for name, values in (("nearest 50", nearest_ms), ("suggestions", suggest_ms)):
        print(f"{name}: p50 {statistics.median(values):.2f} ms, p95 {percentile(values, 0.95):.2f} ms "
              f"over {len(values)} queries")  # fmt: skip


if __name__ == "__main__":
    main()
