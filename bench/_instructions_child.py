"""One measurement of bench/instructions.py, run under callgrind with its instrumentation off: the setup runs
uninstrumented, and only the measured loop is counted (``callgrind_control -i on`` / ``off`` on this process).

    valgrind --tool=callgrind --instr-atstart=no … python bench/_instructions_child.py TREE games|cards|validate N

TREE is the source tree measured (the working tree, or a git worktree of another revision): its modules are
imported, this file's folder only supplies this script. Only interfaces that revisions since November 2026
share are used, so that an older revision can be measured beside the working tree.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path


def instrument(on: bool) -> None:
    subprocess.run(
        ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], capture_output=True, check=False
    )


def games(count: int) -> None:
    """``count`` five-seat games of heuristic bots at random archive tables (the archive folder in
    ``VTESDECK_TWDA``), as bench/games.py plays them."""
    from vtesdeck.core import carddb
    from vtesdeck.core.engine import options, run
    from vtesdeck.core.engine import table as tb
    from vtesdeck.core.engine.compile import compiled
    from vtesdeck.core.twda import read_archive

    cards = carddb.load()
    compiled(cards)
    decks = run.field_from_files(read_archive(Path(os.environ["VTESDECK_TWDA"])), cards, limit=400)
    rng = random.Random(1)
    tables = [rng.sample(decks, 5) for _ in range(count)]
    rounds = options.DEFAULT_ROUNDS  # bench/games.py's cap: a tournament round's time limit
    tb.play(tables[0], cards, seed=10_000, bots=tb.heuristic_bots(5), max_rounds=rounds)  # warm: builds indexes
    decisions = 0
    instrument(True)
    for i, table in enumerate(tables):
        game = tb.play(table, cards, seed=i, bots=tb.heuristic_bots(5), max_rounds=rounds).game
        decisions += game.decisions + game.forced
    instrument(False)
    print(f"decisions {decisions}")  # games differ in length: the driver also gives instructions per decision


def requests(tree: Path, scenario: str, count: int) -> None:
    """``count`` requests of bench/load.py's scenario through Django's WSGI handler (bench/api_profile.py's)."""
    import logging
    import tempfile

    sys.path.insert(1, str(tree / "bench"))
    import _servers
    import api_profile
    import card_search
    import load

    os.environ.update(load.UNTHROTTLED)
    os.environ.pop("CACHE_URL", None)
    with (
        tempfile.TemporaryDirectory(prefix="vtesdeck-instructions-") as tmp,
        _servers.throwaway_database(Path(tmp)) as database_url,
    ):
        card_search.setup_django(database_url)
        logging.disable(logging.INFO)  # the request log is measured, not printed
        card_search.prepare_database()
        from django.core.wsgi import get_wsgi_application
        from django.db import connections

        application = get_wsgi_application()
        if scenario == "cards":
            items, method = [(path, None) for path in load.card_queries(5000, 1)], "GET"
        else:
            bodies, _refused = load.validate_bodies(300)
            items, method = [(load.VALIDATE, body) for body in bodies], "POST"
        encoded = [(path, body.encode() if body is not None else None) for path, body in items]
        for i in range(300):  # warm: the first requests build the card index and the serializers' caches
            api_profile.serve(application, method, *encoded[i % len(encoded)])
        instrument(True)
        statuses = [api_profile.serve(application, method, *encoded[i % len(encoded)]) for i in range(count)]
        instrument(False)
        connections.close_all()
    if set(statuses) != {200}:
        sys.exit(f"statuses {sorted(set(statuses))}: not the answers to measure")


def main() -> None:
    tree, scenario, count = Path(sys.argv[1]).resolve(), sys.argv[2], int(sys.argv[3])
    sys.path.insert(0, str(tree))  # the tree's `cards` app before krcg's top-level `cards` package
    os.chdir(tree)
    if scenario == "games":
        games(count)
    else:
        requests(tree, scenario, count)


if __name__ == "__main__":
    main()
