"""Issue 24, item 9: throttles that leaked with Redis as the cache, replayed (bench/attack24.py runs these).

The tester saw 5,369 requests pass a 3,000/minute user limit in 40 s and 188 pass a 120/minute limit, with
gunicorn's workers counting in Redis. Replayed at the production rates (API_USER_RATE 3000/minute,
DECKLISTS_ANON_RATE 120/minute), for 40 s each, on Redis (database 14 under a random key prefix, its keys
deleted afterwards; BENCH_REDIS_URL for another) and on the default database cache:

* a logged-in user's API token, 16 clients at once in a closed loop on ``GET /api/v1/sets/``;
* 8 clients without an account posting archive decklists to ``POST /api/v1/decklists/validate``.

PASS when, for each, exactly the rate's number of requests was let through (never more; fewer only if the
server could not answer that many), every refusal was a 429 with a Retry-After, nothing else failed, and
/healthz answered under 1 s throughout. Printed besides: requests sent and let through, server CPU per
request, memory, and how many counts the cache holds afterwards.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import requests
from _attack24 import Site, scenario

from tests.paths import TWDA

REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
PREFIX = f"attack24-{secrets.token_hex(6)}"  # this process's, so never another run's or another test's keys
SECONDS = 40
USER_RATE, DECKLISTS_RATE = 3000, 120
RATES = {"API_USER_RATE": f"{USER_RATE}/minute", "DECKLISTS_ANON_RATE": f"{DECKLISTS_RATE}/minute"}


def hammer(send, clients: int, seconds: float) -> Counter:
    """``clients`` threads calling ``send(session)`` in a closed loop for ``seconds``: the statuses answered
    (429s without a Retry-After counted apart), refused connections and timeouts as their exception's name."""
    statuses: Counter = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client() -> None:
        with requests.Session() as session:
            while time.monotonic() < stop:
                try:
                    answer = send(session)
                    outcome = answer.status_code
                    if outcome == 429 and not answer.headers.get("Retry-After", "").isdigit():
                        outcome = "429 without Retry-After"
                except requests.RequestException as exc:
                    outcome = type(exc).__name__
                with lock:
                    statuses[outcome] += 1

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def decklist_bodies(count: int = 50) -> list[str]:
    files = sorted(TWDA.glob("*.txt"))[:count]
    if not files:
        raise SystemExit(f"no decklists in {TWDA} (set VTESDECK_TWDA)")
    return [json.dumps({"text": path.read_text(errors="replace"), "as_of": "deck"}) for path in files]


def judged(what: str, statuses: Counter, rate: int) -> bool:
    let_through = statuses[200]
    others = {k: v for k, v in statuses.items() if k not in (200, 429)}
    print(
        f"  {what}: {sum(statuses.values()):,} requests in {SECONDS} s, {let_through:,} let through "
        f"(the rate allows {rate:,} a minute), {statuses[429]:,} refused 429, other answers {others or 'none'}"
    )
    ok = let_through <= rate and not others and (let_through == rate or statuses[429] == 0)
    print(f"  {'PASS' if ok else 'FAIL'}  {what}: never more than the rate, every refusal a 429 with Retry-After")
    return ok


def attack(site: Site, counted_in: str, stored) -> bool:
    """Both attacks on ``site``; ``stored()`` says how many counts the cache holds."""
    _user, key = site.user()
    bodies = decklist_bodies()
    sets = f"{site.url}/api/v1/sets/"
    validate = f"{site.url}/api/v1/decklists/validate"
    picks = iter(range(10**9))
    print(f"  counts in {counted_in}; rates {RATES}")
    # Every worker's first /healthz opens its broker connection (about a second): not the attack's doing.
    with ThreadPoolExecutor(10) as pool:
        list(pool.map(lambda _: requests.get(f"{site.url}/healthz?worker=0", timeout=30), range(30)))
    cpu, started = site.cpu_seconds(), time.monotonic()
    with site.poller() as poll:
        users = hammer(lambda s: s.get(sets, headers={"Authorization": f"Token {key}"}, timeout=30), 16, SECONDS)
        anonymous = hammer(
            lambda s: s.post(
                validate,
                data=bodies[next(picks) % len(bodies)],
                headers={"Content-Type": "application/json"},
                timeout=30,
            ),
            8,
            SECONDS,
        )
    sent = sum(users.values()) + sum(anonymous.values())
    print(
        f"  server CPU {(site.cpu_seconds() - cpu) * 1000 / max(1, sent):.2f} ms per request over "
        f"{time.monotonic() - started:.0f} s; memory {site.rss_mb()}; counts stored afterwards: {stored()}"
    )
    ok = judged("one user's token, 16 clients", users, USER_RATE)
    ok &= judged("validate without an account, 8 clients", anonymous, DECKLISTS_RATE)
    return poll.report("the attacks") and ok


def _redis():
    import redis

    return redis.Redis.from_url(REDIS, socket_connect_timeout=2)


@scenario("throttle-leak-redis", item=9, env={**RATES, "CACHE_URL": REDIS, "CACHE_KEY_PREFIX": PREFIX})
def throttle_leak_redis(site: Site) -> bool:
    """A user's token and anonymous validate hammered for 40 s each, gunicorn's workers counting in Redis."""
    client = _redis()
    try:
        client.ping()
    except Exception as exc:  # noqa: BLE001 (any Redis error: the scenario cannot run)
        print(f"  SKIPPED: no Redis at {REDIS} ({exc})")
        return True
    try:
        return attack(site, f"Redis {REDIS}", lambda: sum(1 for _ in client.scan_iter(match=f"{PREFIX}:*")))
    finally:
        for key in client.scan_iter(match=f"{PREFIX}:*"):
            client.delete(key)


@scenario("throttle-leak-database", item=9, env={**RATES, "THROTTLE_STORE": "cache"})
def throttle_leak_database(site: Site) -> bool:
    """The same attacks with the counts in the database cache's table (one SQL statement per check)."""
    site.orm()
    from vtesdeck.models import ThrottleCount

    return attack(site, "the database cache", lambda: ThrottleCount.objects.count())


@scenario("throttle-leak-machine", item=9, env={**RATES, "THROTTLE_STORE": "auto"})
def throttle_leak_machine(site: Site) -> bool:
    """The same attacks with the counts in the machine's shared memory (the default on SQLite)."""
    site.orm()
    from vtesdeck.cache import machine_counts

    table = machine_counts()
    if table is None:
        print("  SKIPPED: the site's database is not SQLite (the throttles count in the database)")
        return True
    return attack(site, "the machine's shared memory", lambda: table.live(time.time()))
