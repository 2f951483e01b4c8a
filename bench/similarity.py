"""Similar decks and suggestions: the index over the whole tournament archive, then ``?similar=`` on the deck search.

    .venv/bin/python bench/similarity.py [--archive DIR] [--queries 300] [--seed 1]
                                         [--public 300,2000] [--requests 60] [--no-web]

First the pure core, no database (the web side builds the same index from the stored archive once per process
and per import: ``suggestions.services.pool``). Reads every archive file with the decklist parser, then times:

* the build: the card weights (idf) and the index of every deck's vector (``SimilarityIndex.build``);
* its memory: the numpy arrays (``nbytes``) and everything the build allocated (tracemalloc, keys included);
* a query: the 50 nearest decks of a random archive deck (``nearest``), and the whole suggestion for it
  (nearest, then ``suggest`` with the hard rules of ``legal_adds`` on the deck's own date), p50 and p95.

Then the web side (unless ``--no-web``): a throwaway SQLite database (``BENCH_DATABASE_URL`` for another) with
the card list and one player's public decks made from archive decklists (``decks.services.create``), 300 of
them, then 2,000 (``--public``), in one run. At each size, ``GET /api/v1/decks/?similar=<a public deck>`` (and
the same with that deck's clan as a filter) through django.test.Client in this process, anonymous, the API
throttles off: the first request (which brings the process's index up to date) apart, then ``--requests``
requests, each asking about another deck: wall and CPU ms per request, SQL statements, and the ratio of the
largest size to the smallest (the guarantee: it does not grow with the number of public decks).
"""

from __future__ import annotations

import argparse
import gc
import io
import logging
import os
import random
import statistics
import sys
import tempfile
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
    parser.add_argument("--public", default="300,2000", help="public deck counts, ascending (default 300,2000)")
    parser.add_argument("--requests", type=int, default=60, help="timed ?similar= requests per size and kind")
    parser.add_argument("--no-web", action="store_true", help="the core figures only (no database)")
    args = parser.parse_args()
    if not args.archive.is_dir():
        sys.exit(f"No archive at {args.archive}: pass --archive DIR.")
    core_figures(args)
    if not args.no_web:
        web_figures(args)


def core_figures(args: argparse.Namespace) -> None:

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
        suggest(
            deck.crypt,
            deck.library,
            peers,
            weights,
            allowed=lambda ids, d=deck, day=day: legal_adds(d.crypt, d.library, ids, cards, as_of=day),
        )
        suggest_ms.append((time.perf_counter() - started) * 1000)
    for name, values in (("nearest 50", nearest_ms), ("suggestions", suggest_ms)):
        print(
            f"{name}: p50 {statistics.median(values):.2f} ms, p95 {percentile(values, 0.95):.2f} ms "
            f"over {len(values)} queries"
        )


# --- ?similar= on the players' deck search ----------------------------------------------------------------------


def make_public_decks(paths: list[Path], owner_name: str = "bench-player") -> list[str]:
    """One player's public decks, one per archive decklist in ``paths`` (``decks.services.create``): their ids."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from decks import services

    owner, _made = get_user_model().objects.get_or_create(username=owner_name)
    made = []
    with transaction.atomic():
        for path in paths:
            core = services.parse_text(path.read_bytes())
            core.unresolved = []
            made.append(services.create(owner, core, name=path.stem, visibility="public").id)
    return made


def measure_similar(urls: list[str]) -> dict[str, float]:
    """GET each URL in process, timed: wall and CPU ms per request (p50, mean), SQL statements per request."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="localhost")
    walls, cpus, statements = [], [], []
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            wall, cpu = time.perf_counter(), time.process_time()
            answer = client.get(url)
            cpus.append((time.process_time() - cpu) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
        if answer.status_code != 200:
            sys.exit(f"{url} answered {answer.status_code}: {answer.content[:300]!r}")
        statements.append(len(queries.captured_queries))
    return {
        "wall_p50": statistics.median(walls),
        "wall_mean": statistics.fmean(walls),
        "cpu_p50": statistics.median(cpus),
        "cpu_mean": statistics.fmean(cpus),
        "sql": max(statements),
    }


def web_figures(args: argparse.Namespace) -> None:
    sizes = sorted({int(n) for n in args.public.split(",")})
    files = sorted(args.archive.iterdir())[: sizes[-1]]
    if len(files) < sizes[-1]:
        sys.exit(f"{args.archive} holds {len(files)} decklists; --public asks for {sizes[-1]}.")
    with tempfile.TemporaryDirectory(prefix="vtesdeck-bench-") as folder:
        os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3"
        os.environ["DJANGO_SETTINGS_MODULE"] = "vtesdeck.settings"
        os.environ["DJANGO_DEBUG"] = "False"  # DEBUG keeps every SQL statement in memory: not what production runs
        os.environ["API_ANON_RATE"] = "off"  # the requests of a benchmark, not an attack
        import django

        django.setup()
        logging.getLogger("vtesdeck.request").setLevel(logging.WARNING)  # a line per request otherwise
        from django.core.management import call_command
        from django.db import connection, connections

        from cards.models import Card
        from decks import services
        from decks.models import Deck

        call_command("migrate", "--noinput", verbosity=0)
        if not Card.objects.exists():
            call_command("import_cards", verbosity=0, stdout=io.StringIO())
        print(
            f"\n?similar= on GET /api/v1/decks/ ({connection.vendor}; anonymous; {args.requests} requests per size "
            "and kind, each about another public deck)"
        )
        rng = random.Random(args.seed)
        figures: dict[tuple[int, str], dict[str, float]] = {}
        made: list[str] = []
        for size in sizes:
            started = time.perf_counter()
            made += make_public_decks(files[len(made) : size])
            print(f"  {size:,} public decks ({time.perf_counter() - started:.1f} s to make them)")
            gc.collect()
            gc.freeze()  # as in card_search.py: the setup's heap is not what a web worker carries
            subjects = rng.sample(made, min(args.requests, len(made)))
            clans = dict(Deck.objects.filter(pk__in=subjects).values_list("pk", "clans"))
            kinds = {
                "similar": [f"/api/v1/decks/?similar={deck_id}" for deck_id in subjects],
                "similar+clan": [
                    f"/api/v1/decks/?similar={deck_id}&clan={clans[deck_id].split('|')[1]}"
                    for deck_id in subjects
                    if clans[deck_id]
                ],
            }
            first = measure_similar(kinds["similar"][:1])
            print(f"    first request (the index brought up to date): {first['wall_mean']:.0f} ms")
            edited = Deck.objects.get(pk=made[0])  # one public deck saved: the next request updates the index
            services.update_details(edited, version=edited.version, name=f"{edited.name} (edited)")
            after_edit = measure_similar(kinds["similar"][1:2])
            print(
                f"    the request after one public deck was saved (the index updated): "
                f"{after_edit['wall_mean']:.0f} ms, {after_edit['cpu_mean']:.0f} ms of CPU"
            )
            for kind, urls in kinds.items():
                figures[size, kind] = got = measure_similar(urls)
                print(
                    f"    {kind:13s} wall p50 {got['wall_p50']:6.1f} ms, mean {got['wall_mean']:6.1f} ms; "
                    f"CPU p50 {got['cpu_p50']:6.1f} ms, mean {got['cpu_mean']:6.1f} ms; "
                    f"at most {got['sql']} SQL statements"
                )
        connections.close_all()
    small, large = sizes[0], sizes[-1]
    for kind in ("similar", "similar+clan"):
        ratio = figures[large, kind]["cpu_mean"] / figures[small, kind]["cpu_mean"]
        print(f"  {kind}: CPU per request with {large:,} public decks / with {small:,}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
