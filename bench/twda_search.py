"""Latency of searches by card over the whole tournament archive: GET /api/v1/twda/?card=…

    .venv/bin/python bench/twda_search.py [--requests 500] [--seed 1] [--warmup 50] [--check] [--archive DIR]

Sets up its own throwaway SQLite database (temporary file: `migrate`, `import_cards`, then the whole
archive through ``twda.services.import_archive``), so the developer's vtesdeck.sqlite3 is never touched.
BENCH_DATABASE_URL runs against another database instead (importing what it lacks).

Each request goes through django.test.Client in this process (routing, middleware, form validation with
card-name resolution, SQL with the count for pagination, serialization, JSON); no HTTP server. A search
holds one to three card conditions (at least n, exactly n, at most n, none) on cards the archive really
plays, drawn from a seeded RNG, sometimes with a clan, date or players filter.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from card_search import measure_gets, report, setup_django  # noqa: E402

TARGET_P95_MS = 100.0
ENDPOINT = "/api/v1/twda/"


def prepare_database(archive: Path) -> str:
    from django.core.management import call_command

    from cards.models import Card
    from twda import services
    from twda.models import TournamentDeck

    call_command("migrate", "--noinput", verbosity=0)
    if not Card.objects.exists():
        call_command("import_cards", verbosity=0, stdout=io.StringIO())
    if not TournamentDeck.objects.exists():
        started = time.perf_counter()
        result = services.import_archive(str(archive))
        print(f"  archive imported in {time.perf_counter() - started:.1f} s ({len(result.skipped)} skipped)")
    return f"{TournamentDeck.objects.count()} winning decks"


class QueryMaker:
    def __init__(self, rng: random.Random) -> None:
        from django.db.models import Count

        from cards.models import Card
        from twda.models import TournamentCard, TournamentDeck

        self.rng = rng
        played = TournamentCard.objects.values("card_id").annotate(n=Count("id")).order_by("-n")
        self.popular = [row["card_id"] for row in played[:300]]
        self.any = [row["card_id"] for row in played]
        self.names = dict(Card.objects.filter(id__in=self.popular).values_list("id", "unique_name"))
        self.clans = sorted(
            {k for v in TournamentDeck.objects.values_list("clans", flat=True) for k in v.split("|") if k}
        )

    def condition(self) -> str:
        rng = self.rng
        card_id = rng.choice(self.popular if rng.random() < 0.8 else self.any)
        card = self.names[card_id] if card_id in self.names and rng.random() < 0.4 else str(card_id)
        kind = rng.choices([">=", "=", "<=", "none"], weights=[60, 10, 10, 20])[0]
        if kind == "none":
            return f"{card}:0"
        return f"{card}:{kind}{rng.choice([1, 1, 2, 3, 4, 6])}"

    def __call__(self) -> list[tuple[str, str]]:
        rng = self.rng
        params = [("card", self.condition()) for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
        if rng.random() < 0.15:
            params.append(("clan", rng.choice(self.clans)))
        if rng.random() < 0.15:
            params.append(("date_from", f"{rng.randint(1995, 2024)}-01-01"))
        if rng.random() < 0.1:
            params.append(("players_min", str(rng.choice([12, 20, 30, 50]))))
        if rng.random() < 0.1:
            params.append(("order", "players"))
        return params


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=float, default=TARGET_P95_MS, help="p95 target in ms (default 100)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the p95 target is missed")
    parser.add_argument("--archive", type=Path, default=None, help="the archive folder (default: tests.paths.TWDA)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="vtesdeck-bench-") as folder:
        database_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3"
        setup_django(database_url)
        from django.db import connection, connections

        from tests.paths import TWDA

        archive = args.archive or TWDA
        if not archive.exists():
            print(f"twda search bench: no archive at {archive}; skipped")
            return 0
        print(f"twda search bench: {args.requests} requests GET {ENDPOINT}?card=… (seed {args.seed})")
        setup_started = time.perf_counter()
        holding = prepare_database(archive)
        where = f"{connection.vendor} {connection.settings_dict['NAME']}"
        print(f"  database: {where}, {holding} (ready in {time.perf_counter() - setup_started:.1f} s)")
        print("  timing: server-side, in-process via django.test.Client.get(); no HTTP server, no network")

        make = QueryMaker(random.Random(args.seed))
        urls = [f"{ENDPOINT}?{urlencode(make())}" for _ in range(args.warmup + args.requests)]
        timings, most_queries = measure_gets(urls, args.warmup)
        connections.close_all()

    return report(timings, most_queries, args, where)


if __name__ == "__main__":
    sys.exit(main())
