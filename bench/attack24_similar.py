"""Issue 24, item 2: anonymous clients hammering ``?similar=`` on the players' deck searches.

    .venv/bin/python bench/attack24.py --only similar-search

The site holds 2,000 public decks (one player's, made from archive decklists by ``decks.services.create``, as
bench/similarity.py makes them). Six anonymous clients then ask ``/decks/?similar=<id>`` and
``/api/v1/decks/?similar=<id>`` in turn, each time about another public deck, for ``SECONDS`` (the server
restarted first, as a site holding those decks would run), while /healthz is polled. The
throttles keep their production rates: the API's anonymous one answers some of them 429, the page has none.

It prints /healthz's latency throughout, the answers by status, their latency, and the server's CPU seconds per
request. PASS when /healthz answered under 1 s throughout and no request failed (a 5xx, or no answer). Before
the fix each request read the cards of every public deck (1.1–1.6 s with 300 of them; /healthz at 3.2 s).
"""

from __future__ import annotations

import random
import statistics
import threading
import time
from collections import Counter
from pathlib import Path

import requests
from _attack24 import Site, scenario
from similarity import make_public_decks

ARCHIVE = Path(__file__).resolve().parent.parent.parent / "shared" / "twda"
PUBLIC_DECKS = 2_000
CLIENTS = 6
SECONDS = 40.0
DOORS = ("/decks/?similar={}", "/api/v1/decks/?similar={}")


def settled(site: Site, seconds: float = 90.0) -> None:
    """Back from a restart: /healthz answered under a second five times running (the workers are up)."""
    deadline, running = time.monotonic() + seconds, 0
    while running < 5 and time.monotonic() < deadline:
        began = time.monotonic()
        try:
            ok = requests.get(f"{site.url}/healthz", timeout=10).status_code == 200
        except requests.RequestException:
            ok = False
        running = running + 1 if ok and time.monotonic() - began < 1.0 else 0
        time.sleep(0.2)


@scenario("similar-search", item=2)
def similar_search(site: Site) -> bool:
    """Six anonymous clients hammer ?similar= on /decks/ and /api/v1/decks/ with 2,000 public decks stored."""
    site.orm()
    started = time.perf_counter()
    deck_ids = make_public_decks(sorted(ARCHIVE.iterdir())[:PUBLIC_DECKS], owner_name="similar-attack")
    print(f"  {len(deck_ids):,} public decks made in {time.perf_counter() - started:.0f} s")
    # Restarted, as a site holding them runs: the master builds the similar-deck indexes once (gunicorn.conf.py's
    # when_ready) and every worker starts with a copy.
    site.stop()
    site.start()
    settled(site)

    answers: list[tuple[str, int | None, float, float]] = []  # door, status (None: no answer), seconds, ended at
    lock = threading.Lock()
    stop = threading.Event()

    def client(seed: int) -> None:
        rng = random.Random(seed)
        with requests.Session() as session:
            turn = seed
            while not stop.is_set():
                door = DOORS[turn % 2]
                turn += 1
                began = time.monotonic()
                try:
                    status = session.get(site.url + door.format(rng.choice(deck_ids)), timeout=60).status_code
                except requests.RequestException:
                    status = None
                ended = time.monotonic()
                with lock:
                    answers.append((door.split("?")[0], status, ended - began, ended))

    cpu_before = site.cpu_seconds()
    with site.poller() as poll:
        clients = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(CLIENTS)]
        for thread in clients:
            thread.start()
        stop.wait(SECONDS / 2)
        halfway, cpu_halfway = time.monotonic(), site.cpu_seconds()
        stop.wait(SECONDS / 2)
        stop.set()
        for thread in clients:
            thread.join(timeout=70)
    cpu = site.cpu_seconds() - cpu_before
    cpu_second_half = site.cpu_seconds() - cpu_halfway
    healthy = poll.report(f"{CLIENTS} clients asking ?similar= for {SECONDS:.0f} s")

    later = sum(1 for *_rest, ended in answers if ended >= halfway)
    print(
        f"  {len(answers):,} requests ({len(answers) / SECONDS:.1f}/s); server CPU {cpu:.1f} s: "
        f"{cpu / max(1, len(answers)) * 1000:.1f} ms per request, {cpu_second_half / max(1, later) * 1000:.1f} ms in "
        "the second half"
    )
    failed = 0
    for door in sorted({door for door, *_rest in answers}):
        mine = [(status, seconds) for d, status, seconds, _ended in answers if d == door]
        statuses = Counter("no answer" if status is None else status for status, _seconds in mine)
        served = sorted(seconds for status, seconds in mine if status == 200)
        failed += sum(n for status, n in statuses.items() if status == "no answer" or status >= 500)
        timing = (
            f"200s p50 {statistics.median(served) * 1000:.0f} ms, max {served[-1] * 1000:.0f} ms"
            if served
            else "no 200"
        )
        print(f"    {door:15s} {len(mine):5d} requests {dict(sorted(statuses.items(), key=str))}; {timing}")
    print(f"  {'PASS' if not failed else 'FAIL'}  every request answered, none with a 5xx ({failed} failed)")
    return healthy and not failed
