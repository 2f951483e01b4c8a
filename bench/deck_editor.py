"""Latency of the deck editor's card changes: POST /decks/<id>/cards (JSON), as its script sends them.

    .venv/bin/python bench/deck_editor.py [--additions 200] [--seed 1] [--warmup 20] [--check]

Sets up its own throwaway SQLite database as bench/card_search.py does (temporary file: `migrate`, then
`import_cards` of the bundled list), creates a user and an empty deck, then adds one copy at a time of
random cards (a third crypt, two thirds library, drawn from the whole card list with a seeded RNG). Each
answer carries what the editor shows after a change: the deck, legality and statistics panels, rendered
from one deck load, one validation and one statistics pass. BENCH_DATABASE_URL runs against another
database instead (importing the card list if it has none).

Times are server-side and in process: django.test.Client.post() through URL routing, middleware, the
session and login check, the JSON parsing, the write (version check, card row, revision), the panels'
rendering and the JSON answer. There is no HTTP server and no network.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))
sys.path.insert(0, str(PROJECT / "bench"))

from card_search import percentile, prepare_database, setup_django  # noqa: E402

TARGET_P95_MS = 150.0
CRYPT_SHARE = 1 / 3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--additions", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20, help="untimed additions first, on another deck (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=float, default=TARGET_P95_MS, help="p95 target in ms (default 150)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the p95 target is missed")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="vtesdeck-bench-") as folder:
        database_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3"
        setup_django(database_url)
        from django.contrib.auth import get_user_model
        from django.db import connection, connections
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        from decks import services
        from vtesdeck.core.deck import Deck as CoreDeck

        setup_started = time.perf_counter()
        holding = prepare_database()
        where = f"{connection.vendor} {connection.settings_dict['NAME']}"
        print(
            f"deck editor bench: {args.additions} card additions POST /decks/<id>/cards (seed {args.seed}, "
            f"{args.warmup} warm-up)"
        )
        print(f"  database: {where}, {holding} (ready in {time.perf_counter() - setup_started:.1f} s)")
        print(
            "  timing: server-side, in-process via django.test.Client.post() (routing, middleware, session, "
            "write, validation, statistics, three panels, JSON); no HTTP server, no network"
        )

        user, _ = get_user_model().objects.get_or_create(username="bench-editor")
        cards = services.card_index()
        crypt = sorted(card.id for card in cards if card.is_crypt)
        library = sorted(card.id for card in cards if not card.is_crypt)
        rng = random.Random(args.seed)

        def pick() -> int:
            return rng.choice(crypt if rng.random() < CRYPT_SHARE else library)

        client = Client(HTTP_HOST="localhost")
        client.force_login(user)
        gc.collect()
        gc.freeze()  # as in card_search.py: the setup's heap is not what a web worker carries

        def add(deck_id: str, card_id: int, version: int) -> tuple[float, int, int]:
            url = reverse("decks:change", args=[deck_id])
            body = json.dumps({"card": card_id, "delta": 1, "version": version})
            started = time.perf_counter()
            response = client.post(url, body, content_type="application/json")
            elapsed = (time.perf_counter() - started) * 1000
            new_version = response.json()["version"] if response.status_code == 200 else version
            return elapsed, response.status_code, new_version

        warm = services.create(user, CoreDeck(), name="Warm-up")
        version = warm.version
        with CaptureQueriesContext(connection) as queries:
            most_queries = 0
            for _ in range(args.warmup):
                before = len(queries.captured_queries)
                _, _, version = add(warm.id, pick(), version)
                most_queries = max(most_queries, len(queries.captured_queries) - before)

        deck = services.create(user, CoreDeck(), name="Bench deck")
        version = deck.version
        timings: list[tuple[float, int]] = []
        failures = 0
        for _ in range(args.additions):
            card_id = pick()
            elapsed, status, version = add(deck.id, card_id, version)
            timings.append((elapsed, card_id))
            failures += status != 200
        deck.refresh_from_db()
        final = f"{deck.crypt_count} crypt + {deck.library_count} library cards, {deck.cards.count()} different"
        connections.close_all()

    values = sorted(t for t, _ in timings)
    figures = {
        "additions": len(values),
        "p50_ms": percentile(values, 0.50),
        "p95_ms": percentile(values, 0.95),
        "p99_ms": percentile(values, 0.99),
        "mean_ms": statistics.fmean(values),
        "max_ms": values[-1],
        "target_p95_ms": args.target,
        "database": where.split()[0],
        "seed": args.seed,
        "non_200": failures,
        "max_queries_per_request": most_queries,
    }
    line = "  latency ms: p50 {p50_ms:.2f}  p95 {p95_ms:.2f}  p99 {p99_ms:.2f}  mean {mean_ms:.2f}  max {max_ms:.2f}"
    print(line.format(**figures))
    print(f"  SQL queries per change (warm-up): at most {most_queries}")
    print(f"  the deck at the end: {final}")
    if failures:
        print(f"  {failures} additions did not answer 200")
    met = figures["p95_ms"] < args.target and not failures
    print(f"target: p95 under {args.target:g} ms on {figures['database']}: {'met' if met else 'NOT met'}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
