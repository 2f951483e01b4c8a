"""Every throttle of the site counts here: the API's rates (vtesdeck.api), the pages that share them, deck
writes, simulation starts, and the login and password-reset counts (accounts.throttle). One rule, one atomic
step per check, in the shared default cache.

**The rule.** A rate of N per period lets a request in when fewer than N requests of the same key were let in
during the last period, counting in slots of a tenth of the period (SLOTS): the slot the request falls in and
the SLOTS before it. So never more than N are let in within any window of the period's length, whatever the
concurrency, and a request is refused at most a tenth of the period earlier than a perfect sliding window
would (the oldest slot counted may have begun up to 1.1 periods ago). A burst of N at once is let in; a client
sending steadily gets at least 10/11 of the rate. Refused requests are not counted. ``Verdict.wait`` is the
time until the next one would be let in (for ``Retry-After``).

**Exact under concurrency.** Each check is one atomic read-modify-write of one key's state (the newest slot and
SLOTS + 1 counts kept in a ring), whichever backend the default cache is:

* Redis: a Lua script (one round trip; Redis runs a script alone);
* the database cache on SQLite (the embedded default, where every web process is on one machine): memory shared
  by the machine's processes (vtesdeck.shared_counts: a file beside the database, mapped into each process, one
  short locked step per check), no database round trip; a key it has no room for is counted in the database;
* the database cache on PostgreSQL (several web machines may share it): one ``INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`` on the
  table ``vtesdeck_throttle`` (SQLite ≥ 3.35, PostgreSQL): the row is locked and re-read by the statement
  itself, so two workers can never both see room left;
* anything else (locmem: one process only): the cache's get and set under a lock of this process.

THROTTLE_STORE=cache counts in the default cache even on SQLite; THROTTLE_STORE=machine counts in the machine's
shared memory whatever the cache (a deployment on PostgreSQL whose web processes all run on one machine).

The backends say the same thing in three languages (Python below is the reference; tests replay the same requests
through each). Times come from this machine's clock: web machines sharing a Redis must keep their clocks in
step (NTP), and a machine behind counts into the newest slot already written, never an older one.

A backend that does not answer (Redis down) raises ``Unavailable``; the API and the pages answer 503, as for a
lost database: a throttle that cannot count refuses rather than letting a password guesser through.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from dataclasses import dataclass

import redis
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest

from vtesdeck import shared_counts
from vtesdeck.cache import THROTTLE_TABLE, DatabaseCache, counts_database, machine_counts

__all__ = ["RING", "SLOTS", "Rate", "Unavailable", "Verdict", "client_address", "forget", "give_back", "take"]

# Slots per period; the ring keeps one more, the slot being filled.
SLOTS = 10
RING = SLOTS + 1
# How often one process deletes the database's counts that no longer matter.
SWEEP_SECONDS = 60
# Longer keys are counted by their digest: every backend takes keys of up to 250 characters.
MAX_KEY = 200


class Unavailable(Exception):
    """The cache holding the counts does not answer."""


@dataclass(frozen=True)
class Rate:
    """N requests per period (seconds)."""

    limit: int
    period: float

    @property
    def width(self) -> float:
        return self.period / SLOTS

    def slot(self, now: float) -> int:
        return math.floor(now / self.width)

    def ends(self, slot: int) -> float:
        """When every count made in ``slot`` has left the window."""
        return (slot + RING) * self.width


@dataclass(frozen=True)
class Verdict:
    """Let in or not; when not, ``wait`` is the seconds until the next request would be (None: never)."""

    allowed: bool
    wait: float | None = None

    def __bool__(self) -> bool:
        return self.allowed


# --- the rule, in Python (the reference; locmem runs it as it is) -----------------------------------------

State = tuple[int, tuple[int, ...]]  # the newest slot written, and the ring of counts (position: slot % RING)


def _moved(state: State | None, slot: int) -> tuple[int, list[int]]:
    """The state seen from ``slot`` (or from its own newest slot, if that is later): counts that left the
    window are zero."""
    if state is None:
        return slot, [0] * RING
    newest, counts = state
    now = max(slot, newest)
    moved = now - newest
    return now, [count if (newest - j) % RING + moved <= SLOTS else 0 for j, count in enumerate(counts)]


def step(state: State | None, slot: int, limit: int) -> tuple[bool, State | None]:
    """One check at ``slot``: whether it is let in, and the state to store (None: nothing changes)."""
    now, counts = _moved(state, slot)
    if sum(counts) >= limit:
        return False, None
    counts[now % RING] += 1
    return True, (now, tuple(counts))


def wait(state: State | None, now: float, rate: Rate) -> float | None:
    """Seconds from ``now`` until a request would be let in, nothing else being let in meanwhile."""
    if rate.limit <= 0:
        return None
    newest, counts = _moved(state, rate.slot(now))
    total = sum(counts)
    if total < rate.limit:
        return 0.0
    for age in range(SLOTS, -1, -1):  # slots leave the window oldest first
        held = newest - age
        total -= counts[held % RING]
        if total < rate.limit:
            return max(0.0, rate.ends(held) - now)
    return rate.period  # not reached: once every slot has left, nothing is counted


def _give_back(state: State | None) -> State | None:
    """One count fewer in the newest slot (a login that succeeded gives its attempt back)."""
    if state is None:
        return None
    newest, counts = state
    position = newest % RING
    if not counts[position]:
        return None
    changed = list(counts)
    changed[position] -= 1
    return newest, tuple(changed)


def _parse(stored) -> State | None:
    """A state as stored (a tuple, or the text "newest n0 … n10" of Redis and the database); None otherwise."""
    if isinstance(stored, tuple) and len(stored) == 2 and len(stored[1]) == RING:
        return stored
    if isinstance(stored, (bytes, str)):
        values = stored.split()
        if len(values) == RING + 1 and all(v.isdigit() for v in values):
            numbers = [int(v) for v in values]
            return numbers[0], tuple(numbers[1:])
    return None


# --- Redis: the same rule in Lua ------------------------------------------------------------------------

_TAKE_LUA = """
local slot, limit, ring, slots = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local stored = redis.call('GET', KEYS[1])
local newest, counts = slot, {}
for j = 0, ring - 1 do counts[j] = 0 end
if stored then
  local values = {}
  for word in string.gmatch(stored, '%d+') do values[#values + 1] = tonumber(word) end
  if #values == ring + 1 then
    newest = values[1]
    for j = 0, ring - 1 do counts[j] = values[j + 2] end
  else
    stored = ''
  end
end
local now = math.max(slot, newest)
local moved, total = now - newest, 0
for j = 0, ring - 1 do
  if (newest - j) % ring + moved <= slots then total = total + counts[j] else counts[j] = 0 end
end
if total >= limit then return {0, stored or ''} end
counts[now % ring] = counts[now % ring] + 1
local parts = {string.format('%d', now)}
for j = 0, ring - 1 do parts[#parts + 1] = string.format('%d', counts[j]) end
local ttl = math.ceil(tonumber(ARGV[5]) + (now - slot) * tonumber(ARGV[6]))  -- the newest slot may be ahead of ours
redis.call('SET', KEYS[1], table.concat(parts, ' '), 'PX', ttl)
return {1, ''}
"""

_GIVE_BACK_LUA = """
local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
local values = {}
for word in string.gmatch(stored, '%d+') do values[#values + 1] = tonumber(word) end
local ring = tonumber(ARGV[1])
if #values ~= ring + 1 then return 0 end
local index = values[1] % ring + 2
if values[index] < 1 then return 0 end
values[index] = values[index] - 1
local parts = {}
for i = 1, #values do parts[i] = string.format('%d', values[i]) end
redis.call('SET', KEYS[1], table.concat(parts, ' '), 'KEEPTTL')
return 1
"""


class _Redis:
    def __init__(self) -> None:
        self.scripts: dict[str, redis.commands.core.Script] = {}

    def _run(self, backend: RedisCache, name: str, source: str, key: str, args: list) -> object:
        client = backend._cache.get_client(key, write=True)
        script = self.scripts.get(name)
        if script is None:  # registered once per process; EVALSHA with a fallback to EVAL
            script = self.scripts[name] = client.register_script(source)
        try:
            return script(keys=[key], args=args, client=client)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise Unavailable(f"Redis: {exc}") from exc

    def take(self, backend: RedisCache, key: str, rate: Rate, now: float) -> Verdict:
        slot = rate.slot(now)
        ttl_ms = (rate.ends(slot) - now) * 1000
        args = [slot, rate.limit, RING, SLOTS, ttl_ms, rate.width * 1000]
        allowed, stored = self._run(backend, "take", _TAKE_LUA, key, args)
        if allowed:
            return Verdict(True)
        return Verdict(False, wait(_parse(stored), now, rate))

    def give_back(self, backend: RedisCache, key: str, rate: Rate, now: float) -> None:
        self._run(backend, "give_back", _GIVE_BACK_LUA, key, [RING])

    def forget(self, backend: RedisCache, key: str) -> None:
        try:
            backend._cache.get_client(key, write=True).delete(key)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise Unavailable(f"Redis: {exc}") from exc


# --- the database cache: the same rule in one SQL statement -----------------------------------------------


def _counts(prefix: str = "") -> str:
    return ", ".join(f"{prefix}n{j}" for j in range(RING))


class _Database:
    def __init__(self) -> None:
        self.statements: dict[str, str] = {}
        self.next_sweep = 0.0

    def _take_sql(self, connection) -> str:
        """The upsert for this database: a new key is inserted counting one; an existing one is moved to the
        request's slot and counted, only WHERE its window holds fewer than the limit; RETURNING says which."""
        sql = self.statements.get(connection.vendor)
        if sql is not None:
            return sql
        table = connection.ops.quote_name(THROTTLE_TABLE)
        greatest = "max" if connection.vendor == "sqlite" else "GREATEST"
        now = f"{greatest}(excluded.slot, r.slot)"

        def kept(j: int) -> str:  # position j's count if its slot is still in the window at `now`, else 0
            return f"(CASE WHEN (r.slot - {j}) %% {RING} + {now} - r.slot <= {SLOTS} THEN r.n{j} ELSE 0 END)"

        counted = ", ".join(
            f"n{j} = {kept(j)} + (CASE WHEN {now} %% {RING} = {j} THEN 1 ELSE 0 END)" for j in range(RING)
        )
        sql = (
            f"INSERT INTO {table} AS r (cache_key, slot, expires, {_counts()}) "
            f"VALUES (%(key)s, %(slot)s, %(expires)s, {', '.join(f'%(n{j})s' for j in range(RING))}) "
            f"ON CONFLICT (cache_key) DO UPDATE SET {counted}, slot = {now}, "
            f"expires = {greatest}(excluded.expires, r.expires) "
            f"WHERE {' + '.join(kept(j) for j in range(RING))} < %(limit)s RETURNING 1"
        )
        self.statements[connection.vendor] = sql
        return sql

    def take(self, connection, key: str, rate: Rate, now: float) -> Verdict:
        slot = rate.slot(now)
        params = {"key": key, "slot": slot, "expires": rate.ends(slot), "limit": rate.limit}
        params.update({f"n{j}": int(j == slot % RING) for j in range(RING)})
        with connection.cursor() as cursor:
            self._sweep(cursor, now)
            cursor.execute(self._take_sql(connection), params)
            if cursor.fetchone() is not None:
                return Verdict(True)
            # Refused: the counts as they are now, for the advice only (the decision above was atomic).
            cursor.execute(f"SELECT slot, {_counts()} FROM {THROTTLE_TABLE} WHERE cache_key = %s", [key])
            row = cursor.fetchone()
        return Verdict(False, wait((row[0], tuple(row[1:])) if row else None, now, rate))

    def give_back(self, connection, key: str, rate: Rate, now: float) -> None:
        less = ", ".join(
            f"n{j} = n{j} - (CASE WHEN slot %% {RING} = {j} AND n{j} > 0 THEN 1 ELSE 0 END)" for j in range(RING)
        )
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {THROTTLE_TABLE} SET {less} WHERE cache_key = %s", [key])

    def forget(self, connection, key: str) -> None:
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {THROTTLE_TABLE} WHERE cache_key = %s", [key])

    def _sweep(self, cursor, now: float) -> None:
        """Counts whose every slot has left their window go, once a minute per process: the table holds the keys
        seen within their last period, and nothing a live count needs is ever dropped."""
        if time.monotonic() < self.next_sweep:
            return
        self.next_sweep = time.monotonic() + SWEEP_SECONDS
        cursor.execute(f"DELETE FROM {THROTTLE_TABLE} WHERE expires < %s", [now])


# --- anything else (locmem): the rule under a lock of this process ----------------------------------------


class _Locked:
    def __init__(self) -> None:
        self.lock = threading.Lock()

    def take(self, backend, key: str, rate: Rate, now: float) -> Verdict:
        slot = rate.slot(now)
        with self.lock:
            state = _parse(backend.get(key))
            allowed, changed = step(state, slot, rate.limit)
            if changed is not None:
                backend.set(key, changed, rate.ends(changed[0]) - now)
        return Verdict(True) if allowed else Verdict(False, wait(state, now, rate))

    def give_back(self, backend, key: str, rate: Rate, now: float) -> None:
        with self.lock:
            changed = _give_back(_parse(backend.get(key)))
            if changed is not None:
                backend.set(key, changed, rate.ends(changed[0]) - now)

    def forget(self, backend, key: str) -> None:
        backend.delete(key)


# --- one machine: the rule in memory its processes share -------------------------------------------------


class _Machine:
    """vtesdeck.shared_counts, and the database for the keys it has no room for (rare: a flood of keys)."""

    def take(self, table: shared_counts.Table, key: str, rate: Rate, now: float) -> Verdict:
        slot = rate.slot(now)
        seen: list[State | None] = []

        def counted(state: State | None) -> tuple[bool, State | None, float]:
            seen.append(state)
            allowed, changed = step(state, slot, rate.limit)
            return allowed, changed, rate.ends(changed[0]) if changed else 0.0

        try:
            # No room: counted in the database, and keys not in the table are too until this count has expired.
            allowed = table.take(key, now, counted, spill_until=rate.ends(slot) + rate.width)
        except shared_counts.Full:
            return _DATABASE.take(counts_database(), key, rate, now)
        return Verdict(True) if allowed else Verdict(False, wait(seen[0], now, rate))

    def give_back(self, table: shared_counts.Table, key: str, rate: Rate, now: float) -> None:
        if not table.change(key, _give_back):  # counted in the database while the table had no room for it
            _DATABASE.give_back(counts_database(), key, rate, now)

    def forget(self, table: shared_counts.Table, key: str) -> None:
        if not table.forget(key):
            _DATABASE.forget(counts_database(), key)


_REDIS, _DATABASE, _LOCKED, _MACHINE = _Redis(), _Database(), _Locked(), _Machine()


def _where(key: str):
    """Where ``key`` is counted: the store (the cache, or the database connection of the database cache), the
    counter that counts atomically in it, and the key as that store names it."""
    backend = caches["default"]
    if len(key) > MAX_KEY:  # a forwarded address no proxy wrote, say: counted by its digest
        key = "sha256:" + hashlib.sha256(key.encode()).hexdigest()
    key = f"rate:{key}"
    table = machine_counts(backend)
    if table is not None:
        return table, _MACHINE, backend.make_key(key)
    if isinstance(backend, RedisCache):
        return backend, _REDIS, backend.make_key(key)
    if isinstance(backend, DatabaseCache):
        connection = counts_database()
        if connection.vendor in ("sqlite", "postgresql"):
            return connection, _DATABASE, backend.make_key(key)
    return backend, _LOCKED, key


# --- what the throttles call ---------------------------------------------------------------------------


def client_address(request: HttpRequest | None) -> str:
    """Whom a request without an account is counted as: REMOTE_ADDR, or behind NUM_PROXIES reverse proxies the
    address that many entries from the right of X-Forwarded-For."""
    address = request.META.get("REMOTE_ADDR", "") if request else ""
    hops = settings.NUM_PROXIES
    if request and hops:
        # Behind N reverse proxies REMOTE_ADDR is the nearest proxy; each proxy appends the address it was
        # called from, so the client is N entries from the right. Entries further left are whatever the
        # client sent, and cannot be trusted.
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
        if forwarded:
            address = forwarded[-min(hops, len(forwarded))]
    return address


def take(key: str, rate: Rate, now: float | None = None) -> Verdict:
    """Count one request of ``key`` against ``rate`` if the rule lets it in (see the module's docstring)."""
    now = time.time() if now is None else now
    if rate.limit <= 0:
        return Verdict(False, None)
    backend, counter, full_key = _where(key)
    return counter.take(backend, full_key, rate, now)


def give_back(key: str, rate: Rate, now: float | None = None) -> None:
    """One count fewer for ``key`` (in its newest slot), as if its last request had not been counted."""
    backend, counter, full_key = _where(key)
    counter.give_back(backend, full_key, rate, time.time() if now is None else now)


def forget(key: str) -> None:
    """No count at all for ``key``."""
    backend, counter, full_key = _where(key)
    counter.forget(backend, full_key)
