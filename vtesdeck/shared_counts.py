"""The throttles' counts in memory shared by every process of one machine: no database round trip per check.

vtesdeck.throttling counts each key's requests as a small state (the newest slot and a ring of SLOTS + 1
counts). On SQLite (the embedded default) every web process is on one machine, and each check writing a row of
the database (one write transaction, and SQLite runs one at a time: threads waited for each other's, up to its
busy timeout) cost more than the API request it guarded. Here the states live in a file mapped into memory by
every process that opens it (``Table``): a fixed hash table of ``BUCKETS`` buckets, each check one short critical
section under a lock of the file (``fcntl``, between processes) and a lock of the process (between its threads),
so exact across gunicorn's workers and their threads as the database was. A process killed mid-check leaves at
worst one key's counts stale; the lock dies with it.

Bounded: the file is ``Table.size`` bytes (about 5 MB), whatever is counted. A key is looked for in ``PROBE``
buckets from its hash (open addressing); a bucket whose window has passed is reused. When all of them hold live
counts (a flood of distinct keys: addresses, user names), ``take`` says so (``Full``) and the caller counts that
key elsewhere (the database): exactness is kept by ``spilled_until``, the time until which counts may live
elsewhere, during which a key not already here is counted elsewhere too.

No Django here: the caller says which file (the one beside the SQLite database) and supplies the rule's step.
"""

from __future__ import annotations

import fcntl
import hashlib
import mmap
import os
import struct
import threading
from collections.abc import Callable
from pathlib import Path

__all__ = ["BUCKETS", "PROBE", "Full", "Table", "table_for"]

BUCKETS = 1 << 16
PROBE = 64
COUNTS = 11  # vtesdeck.throttling.RING
MAGIC = b"vtesdeck-counts-1"
HEADER = struct.Struct("<32s d")  # magic, spilled_until
# digest of the key, when its counts have all left the window, the newest slot, the ring of counts
BUCKET = struct.Struct(f"<16s d q {COUNTS}I 4x")
EMPTY = bytes(16)

State = tuple[int, tuple[int, ...]]
# One check of the rule: (stored state or None) -> (allowed, state to store or None, when that state expires).
Step = Callable[[State | None], tuple[bool, State | None, float]]


class Full(Exception):
    """No bucket for this key now: count it elsewhere."""


class Table:
    """The hash table in ``path`` (None: in this process's memory only, for a database in memory)."""

    size = HEADER.size + BUCKETS * BUCKET.size

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.local = threading.Lock()
        if path is None:
            self.fd = -1
            self.memory = mmap.mmap(-1, self.size)
        else:
            self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            with self._locked():
                if os.fstat(self.fd).st_size != self.size:
                    os.ftruncate(self.fd, 0)  # another layout, or a new file: start empty
                    os.ftruncate(self.fd, self.size)
            self.memory = mmap.mmap(self.fd, self.size)
        with self._locked():
            if HEADER.unpack_from(self.memory, 0)[0] != MAGIC.ljust(32, b"\0"):
                self._wipe()

    def _locked(self):
        return _Locked(self)

    def _wipe(self) -> None:
        self.memory[:] = bytes(self.size)
        HEADER.pack_into(self.memory, 0, MAGIC, 0.0)

    @staticmethod
    def digest(key: str) -> bytes:
        return hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16).digest()

    def _find(self, digest: bytes, now: float) -> tuple[int | None, int | None]:
        """The offset of ``digest``'s bucket (None if absent) and of the first bucket free for it (None if none)."""
        home = int.from_bytes(digest[:8], "little") % BUCKETS
        free = None
        memory, unpack, size = self.memory, BUCKET.unpack_from, BUCKET.size
        for i in range(PROBE):
            offset = HEADER.size + ((home + i) % BUCKETS) * size
            stored = memory[offset : offset + 16]
            if stored == digest:
                return offset, free
            if stored == EMPTY:  # never used: the key is not further on
                return None, offset if free is None else free
            if free is None and unpack(memory, offset)[1] < now:
                free = offset
        return None, free

    def take(self, key: str, now: float, step: Step, spill_until: float = 0.0) -> bool:
        """Run ``step`` on ``key``'s state and store what it returns; raise ``Full`` if the key has no bucket
        (nothing is counted then), having marked, in the same step, that counts live elsewhere until
        ``spill_until`` (so no other process puts that key here meanwhile)."""
        digest = self.digest(key)
        with self._locked():
            offset, free = self._find(digest, now)
            if offset is None:
                magic, spilled = HEADER.unpack_from(self.memory, 0)
                if free is None or spilled >= now:
                    if spill_until > spilled:
                        HEADER.pack_into(self.memory, 0, magic, spill_until)
                    raise Full(key)
                state = None
            else:
                _digest, expires, newest, *counts = BUCKET.unpack_from(self.memory, offset)
                state = (newest, tuple(counts))
            allowed, changed, expires = step(state)
            if changed is not None:
                BUCKET.pack_into(
                    self.memory, offset if offset is not None else free, digest, expires, changed[0], *changed[1]
                )
        return allowed

    def change(self, key: str, change: Callable[[State], State | None]) -> bool:
        """Replace ``key``'s state by ``change(state)`` (None: leave it); False if the key has no bucket here."""
        with self._locked():
            offset, _free = self._find(self.digest(key), float("inf"))
            if offset is None:
                return False
            digest, expires, newest, *counts = BUCKET.unpack_from(self.memory, offset)
            changed = change((newest, tuple(counts)))
            if changed is not None:
                BUCKET.pack_into(self.memory, offset, digest, expires, changed[0], *changed[1])
            return True

    def forget(self, key: str) -> bool:
        """No counts for ``key``: its bucket stays taken (others may lie beyond it) with nothing counted."""
        return self.change(key, lambda state: (state[0], (0,) * COUNTS))

    def live(self, now: float) -> int:
        """How many keys hold counts that still count at ``now``."""
        with self._locked():
            return sum(
                1
                for offset in range(HEADER.size, self.size, BUCKET.size)
                if self.memory[offset : offset + 16] != EMPTY and BUCKET.unpack_from(self.memory, offset)[1] >= now
            )

    def clear(self) -> None:
        with self._locked():
            self._wipe()


class _Locked:
    """The process's lock, then the file's: threads of one process share its fcntl lock, so they need their own."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __enter__(self) -> None:
        self.table.local.acquire()
        if self.table.fd >= 0:
            try:
                fcntl.lockf(self.table.fd, fcntl.LOCK_EX)
            except BaseException:
                self.table.local.release()
                raise

    def __exit__(self, *exc) -> None:
        try:
            if self.table.fd >= 0:
                fcntl.lockf(self.table.fd, fcntl.LOCK_UN)
        finally:
            self.table.local.release()


_tables: dict[Path | None, Table] = {}
_opening = threading.Lock()


def _after_fork() -> None:
    # A thread of the parent may have held a lock when it forked (gunicorn's preloading master): the child,
    # which has only the forking thread, starts with fresh ones. The mappings and descriptors are shared.
    global _opening
    _opening = threading.Lock()
    for table in _tables.values():
        table.local = threading.Lock()


os.register_at_fork(after_in_child=_after_fork)


def table_for(path: Path | None) -> Table:
    """The table kept in ``path`` (None: this process's own), opened once per process. Bounded: a process
    opens the table of the database it uses (two or three in a test run)."""
    table = _tables.get(path)
    if table is None:
        with _opening:
            table = _tables.get(path)
            if table is None:
                if len(_tables) >= 8:
                    _tables.clear()  # a test run's throwaway databases; a site has one
                table = _tables[path] = Table(path)
    return table
