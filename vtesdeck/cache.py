"""The default cache: Django's database cache, shared by every process that uses the same database.

The cache holds counts only: every throttle's (vtesdeck.throttling: the API's rates, the pages sharing them,
the login and reset counts). A count kept per process (LocMemCache) is wrong as soon as gunicorn runs several
workers, so the default is the site's database: the table ``vtesdeck_cache`` of Django's cache, and beside it
``vtesdeck_throttle``, one row of small integer counts per key that vtesdeck.throttling updates with one atomic
statement per check (both made by `migrate`: vtesdeck.models). Changes to Django's ``DatabaseCache``:

* ``clear()`` forgets the throttles' counts too, as it does on Redis or in memory, where they are cache keys:
  the table's, and on SQLite those kept in the machine's shared memory (``machine_counts``).
* ``incr``/``decr`` are atomic. Django's read the value, then write it back in another statement, so two
  workers counting at once both write n+1. Here the row is written first (locked on PostgreSQL, the
  database's write lock on SQLite) and read and written again in the same transaction.
* Past MAX_ENTRIES, expired entries go first, then a random third (Django's culls the third with the lowest
  keys, whatever they hold).
"""

from __future__ import annotations

import base64
import pickle
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends import db
from django.db import connections, router, transaction
from django.utils import timezone

from vtesdeck import shared_counts

# The throttles' counts (vtesdeck.throttling), beside the cache's own table.
THROTTLE_TABLE = "vtesdeck_throttle"


class DatabaseCache(db.DatabaseCache):
    def clear(self) -> None:
        super().clear()
        alias = router.db_for_write(self.cache_model_class)
        with connections[alias].cursor() as cursor:
            cursor.execute(f"DELETE FROM {connections[alias].ops.quote_name(THROTTLE_TABLE)}")
        table = machine_counts(self)
        if table is not None:
            table.clear()

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


def counts_database():
    """The connection of the database holding the throttles' table: the database cache's, else the default."""
    backend = caches["default"]
    alias = router.db_for_write(backend.cache_model_class) if isinstance(backend, DatabaseCache) else "default"
    return connections[alias]


_machine_tables: dict[tuple[str, str], shared_counts.Table] = {}  # bounded below


def machine_counts(backend=None) -> shared_counts.Table | None:
    """The machine's shared memory the throttles count in (settings.THROTTLE_STORE, vtesdeck.throttling), or
    None when they count in the cache: on SQLite (one machine) unless told otherwise, the file beside the
    database; a database in memory keeps its counts in this process's memory."""
    store = settings.THROTTLE_STORE
    backend = caches["default"] if backend is None else backend
    if store == "cache" or (store == "auto" and not isinstance(backend, DatabaseCache)):
        return None
    connection = counts_database()
    if store == "auto" and connection.vendor != "sqlite":
        return None
    where = (connection.vendor, str(connection.settings_dict["NAME"]))
    table = _machine_tables.get(where)
    if table is None:
        vendor, name = where
        if vendor == "sqlite" and (name == ":memory:" or "mode=memory" in name):
            path = None
        elif vendor == "sqlite":
            path = Path(f"{name}-throttle")
        else:  # THROTTLE_STORE=machine on another database: a file per database in the temporary folder
            path = Path(tempfile.gettempdir()) / f"vtesdeck-{vendor}-{name}-throttle"
        if len(_machine_tables) >= 8:
            _machine_tables.clear()  # a test run's throwaway databases; a site has one
        table = _machine_tables[where] = shared_counts.table_for(path)
    return table
