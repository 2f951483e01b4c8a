"""Time `manage.py import_cards` of the bundled VEKN card list into a fresh, throwaway database.

    .venv/bin/python bench/import_cards.py [--target SECONDS]

Creates a temporary SQLite file (removed afterwards), runs `migrate`, then times a first import (every
card new) and a re-import (every card unchanged). The developer's vtesdeck.sqlite3 and any DATABASE_URL
in the environment are never used. BENCH_DATABASE_URL points the bench at another database instead
(say an empty PostgreSQL one); it must hold no cards, as the bench writes the whole list into it.
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
# Our project first: the krcg wheel installs a top-level `cards` package that must not shadow our app.
sys.path.insert(0, str(PROJECT))

TARGET_SECONDS = 20.0


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "vtesdeck.settings"
    os.environ["DJANGO_DEBUG"] = "False"  # DEBUG keeps every SQL statement in memory: not what production runs
    import django

    django.setup()
    import cards

    if not Path(cards.__file__).resolve().is_relative_to(PROJECT):
        sys.exit(f"`cards` resolves to {cards.__file__}, not this project's app: fix sys.path")


def timed(*args: str) -> tuple[float, str]:
    from django.core.management import call_command

    out = io.StringIO()
    started = time.perf_counter()
    call_command(*args, stdout=out, verbosity=1)
    return time.perf_counter() - started, out.getvalue().strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=TARGET_SECONDS, help="seconds a first import may take")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="vtesdeck-bench-") as folder:
        database_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{folder}/bench.sqlite3"
        setup_django(database_url)
        from django.db import connection, connections

        from cards.models import Card

        where = connection.settings_dict["NAME"]
        print(f"import_cards bench: bundled card list into a throwaway {connection.vendor} database ({where})")
        migrate_seconds, _ = timed("migrate", "--noinput")
        if Card.objects.exists():
            sys.exit(f"{where} already holds cards: point BENCH_DATABASE_URL at an empty database")
        first_seconds, first_output = timed("import_cards")
        again_seconds, again_output = timed("import_cards")
        cards = Card.objects.count()
        connections.close_all()

    print(f"  migrate            {migrate_seconds:6.2f} s")
    print(f"  import (fresh DB)  {first_seconds:6.2f} s   {first_output}")
    print(f"  re-import          {again_seconds:6.2f} s   {again_output}")
    print(f"  {cards} cards stored; wall time of call_command in this process (CSV parsing included)")
    met = first_seconds < args.target and again_seconds < args.target
    print(f"target: each import under {args.target:g} s: {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
