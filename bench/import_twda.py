"""Time `manage.py import_twda` of the whole Tournament Winning Deck Archive into a throwaway database.

    .venv/bin/python bench/import_twda.py [--source PATH] [--target SECONDS]

Creates a temporary SQLite file (removed afterwards), runs `migrate` and `import_cards`, then times a
first import of the archive (every deck new, statistics and archetypes computed) and a re-import (every
file unchanged: nothing written). The source defaults to ../shared/twda (or VTESDECK_TWDA). The
developer's vtesdeck.sqlite3 and any DATABASE_URL in the environment are never used; BENCH_DATABASE_URL
points the bench at another, empty, database instead.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

TARGET_SECONDS = 60.0


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "vtesdeck.settings"
    os.environ["DJANGO_DEBUG"] = "False"
    import django

    django.setup()


def timed(*args: str) -> tuple[float, str]:
    from django.core.management import call_command

    out = io.StringIO()
    started = time.perf_counter()
    call_command(*args, stdout=out, stderr=io.StringIO(), verbosity=1)
    return time.perf_counter() - started, out.getvalue().strip()


def main() -> int:
    from tests.paths import TWDA

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=str(TWDA), help="the archive folder, zip or URL")
    parser.add_argument("--target", type=float, default=TARGET_SECONDS, help="seconds a first import may take")
    args = parser.parse_args()
    if not args.source.startswith(("http://", "https://")) and not Path(args.source).exists():
        print(f"import_twda bench: no archive at {args.source}; skipped")
        return 0

    with tempfile.TemporaryDirectory(prefix="vtesdeck-bench-") as folder:
        setup_django(os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3")
        from django.db import connection, connections

        from twda.models import Archetype, CardArchiveStats, TournamentCard, TournamentDeck

        print(f"import_twda bench: {args.source} into a throwaway {connection.vendor} database")
        timed("migrate", "--noinput")
        timed("import_cards", "--if-empty")
        if TournamentDeck.objects.exists():
            sys.exit("the bench database already holds archive decks: point BENCH_DATABASE_URL at an empty one")
        first_seconds, first_output = timed("import_twda", args.source)
        again_seconds, again_output = timed("import_twda", args.source)
        counts = (
            TournamentDeck.objects.count(),
            TournamentCard.objects.count(),
            CardArchiveStats.objects.count(),
            Archetype.objects.count(),
        )
        connections.close_all()

    print(f"  import (fresh DB)  {first_seconds:6.2f} s   {first_output}")
    print(f"  re-import          {again_seconds:6.2f} s   {again_output}")
    print("  {:,} decks, {:,} card rows, {:,} card statistics, {:,} archetypes".format(*counts))
    met = first_seconds < args.target
    print(f"target: first import under {args.target:g} s: {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
