"""The default cache: Django's database cache, shared by every process that uses the same database.

The cache holds counts only: the login and reset throttles (accounts.throttle) and DRF's throttles
(vtesdeck.api). A count kept per process (LocMemCache) is wrong as soon as gunicorn runs several workers, so
the default is a table of the site's database (``vtesdeck_cache``, made by `migrate`: vtesdeck.models). Three
changes to Django's ``DatabaseCache``:

* ``incr``/``decr`` are atomic. Django's read the value, then write it back in another statement, so two
  workers counting the same failure at once both write n+1. Here the row is written first (locked on
  PostgreSQL, the database's write lock on SQLite) and read and written again in the same transaction.
* ``locked(key)``: while a block holds it, the same block for the same key waits in every other process.
  DRF's throttles read a client's history and write it back: two requests at once would both see room
  left, and both be let in (24 parallel requests let 155 through a limit of 100 without it).
* Past MAX_ENTRIES, expired entries go first, then a random third. Django's culls the third with the
  lowest keys, and ``:1:login-throttle:…`` sorts before ``:1:throttle_…``: whoever filled the table from
  many addresses would flush every login count at once.
"""

from __future__ import annotations

import base64
import pickle
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import caches
from django.core.cache.backends import db
from django.db import connections, router, transaction
from django.utils import timezone


@contextmanager
def locked(key: str) -> Iterator[None]:
    """One process at a time runs the block for ``key`` (of the default cache). Only the database cache
    locks; with another backend (Redis, memory) the block runs as it is."""
    backend = caches["default"]
    if not isinstance(backend, DatabaseCache):
        yield
        return
    with backend.locked(key):
        yield


class DatabaseCache(db.DatabaseCache):
    @contextmanager
    def locked(self, key, version=None) -> Iterator[None]:
        """A transaction that takes a lock first: PostgreSQL's advisory lock on the key, SQLite's write lock (an
        UPDATE takes it, row or no row); both held until the commit, so that other processes wait their turn."""
        key = self.make_and_validate_key(key, version=version)
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        with transaction.atomic(using=alias):
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql":
                    cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [key])
                elif connection.vendor == "sqlite":
                    table, cache_key = connection.ops.quote_name(self._table), connection.ops.quote_name("cache_key")
                    cursor.execute(f"UPDATE {table} SET {cache_key} = {cache_key} WHERE {cache_key} = %s", [key])
            yield

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        quote = connection.ops.quote_name
        table, cache_key, value, expires = (quote(name) for name in (self._table, "cache_key", "value", "expires"))
        # As DatabaseCache.has_key compares it (the column holds naive UTC on SQLite).
        moment = connection.ops.adapt_datetimefield_value(timezone.now().replace(microsecond=0, tzinfo=None))
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            # A write first: no other process reads this count until we commit.
            cursor.execute(
                f"UPDATE {table} SET {expires} = {expires} WHERE {cache_key} = %s AND {expires} > %s", [key, moment]
            )
            if cursor.rowcount != 1:
                raise ValueError(f"Key '{key}' not found.")  # as BaseCache.incr: no count running
            cursor.execute(f"SELECT {value} FROM {table} WHERE {cache_key} = %s", [key])
            stored = connection.ops.process_clob(cursor.fetchone()[0])
            result = pickle.loads(base64.b64decode(stored.encode())) + delta
            pickled = base64.b64encode(pickle.dumps(result, self.pickle_protocol)).decode("latin1")
            cursor.execute(f"UPDATE {table} SET {value} = %s WHERE {cache_key} = %s", [pickled, key])
        return result

    def _cull(self, db, cursor, now, num):
        connection = connections[db]
        if self._cull_frequency == 0 or connection.vendor not in ("sqlite", "postgresql"):
            return super()._cull(db, cursor, now, num)
        table, cache_key, expires = (connection.ops.quote_name(name) for name in (self._table, "cache_key", "expires"))
        cursor.execute(f"DELETE FROM {table} WHERE {expires} < %s", [connection.ops.adapt_datetimefield_value(now)])
        remaining = num - cursor.rowcount
        if remaining > self._max_entries:
            cursor.execute(
                f"DELETE FROM {table} WHERE {cache_key} IN "
                f"(SELECT {cache_key} FROM {table} ORDER BY RANDOM() LIMIT %s)",
                [remaining // self._cull_frequency],
            )
