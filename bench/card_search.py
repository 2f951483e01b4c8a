"""Latency of card searches through the API: GET /api/v1/cards/?… with random, realistic filters.

    .venv/bin/python bench/card_search.py [--requests 1000] [--seed 1] [--warmup 50] [--check]

Sets up its own throwaway SQLite database (temporary file: `migrate`, then `import_cards` of the
bundled list) so figures do not depend on the state of the developer's vtesdeck.sqlite3, which is never
touched. BENCH_DATABASE_URL runs against another database instead (importing the list if it has no
cards), e.g. a PostgreSQL one.

Each request goes through django.test.Client in this process: URL routing, middleware, form validation,
SQL, serialization and JSON rendering are timed; there is no HTTP server and no network. The queries
mix name prefixes taken from real card names, card-text words, types, clans, discipline codes (both
levels), groups, capacity ranges, sects, titles, sets and the banned flag, drawn from a seeded RNG so
every run asks the same questions.
"""

from __future__ import annotations

import argparse
import collections
import gc
import io
import json
import os
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from urllib.parse import urlencode

PROJECT = Path(__file__).resolve().parent.parent
# Our project first: the krcg wheel installs a top-level `cards` package that must not shadow our app.
sys.path.insert(0, str(PROJECT))

TARGET_P95_MS = 50.0
ENDPOINT = "/api/v1/cards/"


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "vtesdeck.settings"
    os.environ["DJANGO_DEBUG"] = "False"  # DEBUG keeps every SQL statement in memory: not what production runs
    warnings.filterwarnings("ignore", message="No directory at", module="whitenoise")
    import django

    django.setup()
    import cards

    if not Path(cards.__file__).resolve().is_relative_to(PROJECT):
        sys.exit(f"`cards` resolves to {cards.__file__}, not this project's app: fix sys.path")


def prepare_database() -> str:
    from django.core.management import call_command

    from cards.models import Card

    call_command("migrate", "--noinput", verbosity=0)
    if not Card.objects.exists():
        call_command("import_cards", verbosity=0, stdout=io.StringIO())
    return f"{Card.objects.count()} cards"


class QueryMaker:
    """Random filter combinations a player would type, built from the cards actually stored."""

    STOPWORDS = frozenset("this that with from your their they them then than when have does into only each".split())

    def __init__(self, rng: random.Random) -> None:
        from cards.models import Card, CardDiscipline, CardSet
        from cards.search import GROUPS, LIBRARY_TYPES
        from vtesdeck.core.domain import SECTS, TITLE_VOTES

        self.rng = rng
        # name_search opens with the card's own folded name: "|the rack|rack the|" → "the rack".
        self.names = sorted({row.split("|")[1] for row in Card.objects.values_list("name_search", flat=True)})
        self.crypt_clans = sorted(
            {
                clan
                for row in Card.objects.filter(kind="crypt").values_list("clans", flat=True)
                for clan in row.split("|")
                if clan
            }
        )
        self.disciplines = sorted(set(CardDiscipline.objects.values_list("code", flat=True)))
        self.sets = sorted(CardSet.objects.filter(printings__isnull=False).values_list("abbrev", flat=True).distinct())
        words = collections.Counter(
            word.strip(".,:;()[]\"'")
            for text in Card.objects.values_list("text_search", flat=True)
            for word in text.split()
        )
        self.words = [w for w, _ in words.most_common(600) if len(w) >= 4 and w.isalpha() and w not in self.STOPWORDS][
            :400
        ]
        self.library_types = list(LIBRARY_TYPES)
        self.groups = [g for g in GROUPS if g != "ANY"]
        self.sects, self.titles = list(SECTS), list(TITLE_VOTES)

    def name_prefix(self) -> str:
        words = self.rng.choice(self.names).split()
        start = 0 if len(words) == 1 or self.rng.random() < 0.7 else self.rng.randrange(len(words))
        phrase = " ".join(words[start:])
        return phrase[: self.rng.randint(3, 8)].strip()

    def discipline(self, superior_ok: bool) -> str:
        code = self.rng.choice(self.disciplines)
        return code.upper() if superior_ok and self.rng.random() < 0.4 else code

    def maybe(self, probability: float) -> bool:
        return self.rng.random() < probability

    def __call__(self) -> dict[str, str]:
        rng, params = self.rng, {}
        style = rng.choices(["name", "crypt", "library"], weights=[40, 30, 30])[0]
        if style == "name":
            params["q"] = self.name_prefix()
            if self.maybe(0.2):
                params["kind"] = rng.choice(["crypt", "library"])
        elif style == "crypt":
            if self.maybe(0.5):
                params["kind"] = "crypt"
            if self.maybe(0.6):
                params["clan"] = rng.choice(self.crypt_clans)
            if self.maybe(0.6):
                params["discipline"] = " ".join(self.discipline(True) for _ in range(rng.choice([1, 1, 2, 3])))
            if self.maybe(0.3):
                params["group"] = "ANY" if self.maybe(0.05) else rng.choice(self.groups)
            if self.maybe(0.35):
                low = rng.randint(1, 9)
                side = rng.random()
                if side < 0.7:
                    params["capacity_min"] = str(low)
                if side > 0.3:
                    params["capacity_max"] = str(rng.randint(low, 11))
            if self.maybe(0.2):
                params["sect"] = rng.choice(self.sects)
            if self.maybe(0.1):
                params["title"] = rng.choice(self.titles)
            if self.maybe(0.1):
                params["q"] = self.name_prefix()
        else:
            if self.maybe(0.7):
                params["type"] = rng.choice(self.library_types)
            if self.maybe(0.4):
                params["discipline"] = self.discipline(False)
            if self.maybe(0.2):
                params["clan"] = rng.choice(self.crypt_clans)
            if self.maybe(0.4):
                params["text"] = " ".join(rng.sample(self.words, rng.choice([1, 1, 2])))
            if self.maybe(0.15):
                params["set"] = rng.choice(self.sets)
            if self.maybe(0.1):
                params["banned"] = "no"
            if self.maybe(0.1):
                params["q"] = self.name_prefix()
        if not params or params == {"kind": "crypt"}:
            params["q"] = self.name_prefix()
        return params


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    index = max(0, min(len(sorted_values) - 1, round(fraction * len(sorted_values) + 0.5) - 1))
    return sorted_values[index]


def run(urls: list[str], client) -> list[tuple[float, str, int]]:
    timings = []
    for url in urls:
        started = time.perf_counter()
        response = client.get(url)
        elapsed = (time.perf_counter() - started) * 1000
        timings.append((elapsed, url, response.status_code))
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=50, help="untimed requests first (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=float, default=TARGET_P95_MS, help="p95 target in ms (default 50)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the p95 target is missed")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="vtesdeck-bench-") as folder:
        database_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3"
        setup_django(database_url)
        from django.db import connection, connections

        setup_started = time.perf_counter()
        holding = prepare_database()
        where = f"{connection.vendor} {connection.settings_dict['NAME']}"
        print(f"card search bench: {args.requests} requests GET {ENDPOINT}?… (seed {args.seed}, {args.warmup} warm-up)")
        print(f"  database: {where}, {holding} (ready in {time.perf_counter() - setup_started:.1f} s)")
        print(
            "  timing: server-side, in-process via django.test.Client.get() (routing, middleware, form, SQL, "
            "serialization, JSON); no HTTP server, no network"
        )

        rng = random.Random(args.seed)
        make = QueryMaker(rng)
        urls = [f"{ENDPOINT}?{urlencode(make())}" for _ in range(args.warmup + args.requests)]
        timings, most_queries = measure_gets(urls, args.warmup)
        connections.close_all()

    return report(timings, most_queries, args, where)


def measure_gets(urls: list[str], warmup: int) -> tuple[list[tuple[float, str, int]], int]:
    """GET every URL in process: the first ``warmup`` untimed (counting their SQL queries), the rest timed.
    Returns the timings and the most SQL queries a warm-up request ran."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="localhost")
    # The import and the vocabulary above leave a large heap a web worker would not have; freezing it
    # keeps the garbage collector's full passes over it out of the request times (GC stays on).
    gc.collect()
    gc.freeze()
    with CaptureQueriesContext(connection) as queries:  # warm-up: also counts SQL per request
        most_queries = 0
        for url in urls[:warmup]:
            before = len(queries.captured_queries)
            client.get(url)
            most_queries = max(most_queries, len(queries.captured_queries) - before)
    return run(urls[warmup:], client), most_queries


def report(timings: list[tuple[float, str, int]], most_queries: int, args: argparse.Namespace, where: str) -> int:
    """Print p50/p95/p99, the slowest URLs and the verdict on ``args.target``; write ``args.json``; the exit
    status (1 only with ``args.check`` and a missed target)."""
    failures = [(url, status) for _, url, status in timings if status != 200]
    values = sorted(t for t, _, _ in timings)
    figures = {
        "requests": len(values),
        "p50_ms": percentile(values, 0.50),
        "p95_ms": percentile(values, 0.95),
        "p99_ms": percentile(values, 0.99),
        "mean_ms": statistics.fmean(values),
        "max_ms": values[-1],
        "target_p95_ms": args.target,
        "database": where.split()[0],
        "seed": args.seed,
        "non_200": len(failures),
        "max_queries_per_request": most_queries,
    }
    line = "  latency ms: p50 {p50_ms:.2f}  p95 {p95_ms:.2f}  p99 {p99_ms:.2f}  mean {mean_ms:.2f}  max {max_ms:.2f}"
    print(line.format(**figures))
    print(f"  SQL queries per request (warm-up): at most {most_queries}")
    print("  slowest:")
    for elapsed, url, _ in sorted(timings, reverse=True)[:5]:
        print(f"    {elapsed:7.2f} ms  {url}")
    if failures:
        print(f"  {len(failures)} requests did not answer 200, e.g. {failures[0]}")
    met = figures["p95_ms"] < args.target and not failures
    print(f"target: p95 under {args.target:g} ms on {figures['database']}: {'met' if met else 'NOT met'}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
