"""Card-list snapshots: the ``CardIndex`` a command-line process needs, read back from one file, warm.

``manage.py check_deck`` is a short process. Building its card index from the database (4,000 cards'
JSON decoded into dataclasses, every name folded) costs about half a second, as much as checking a
thousand decklists; unpickling the same index costs a few hundredths. So the first command after each
import builds the index and, at its end, writes it to ``settings.CARD_SNAPSHOT_DIR``; the next ones read
it. A command gets its index from ``cached()`` (through ``cards.index.for_command``) and calls ``remember()``
when it is done.

A snapshot also carries what the core worked out from that card list and keeps with it
(``CardIndex.derived``: the resolver with the decklist lines it has read, the validator's facts…), none
named here.
A command that made them grow much (``remember``) writes the snapshot again, so that the next process
starts where it stopped: the archive's 150,000 card lines hold 25,000 distinct ones, and a line read
before costs a dict lookup instead of a parse. Those caches are pure functions of the card list and the
text, which is why a snapshot is keyed by both the card list and the core's source code.

A snapshot is used only when it answers exactly as a fresh build would:

* its name is a key made of the card list's version (``CardListVersion``, written by every import; or a
  digest of the bundled files), the database it came from, the core's source code (a change to how cards
  are parsed, indexed or resolved is a new snapshot) and the Python version. A new card list is a new key,
  so a snapshot is never stale: it is simply not the one looked for, and the next build replaces it;
* its payload is signed (HMAC-SHA256 with ``SECRET_KEY``) and checked before it is unpickled, so a
  truncated, damaged or foreign file is ignored and rebuilt, never trusted. Unpickling only ever reads
  what this code wrote;
* it is written to a temporary file and renamed into place, so a reader sees a whole snapshot or none,
  and an index built while an import ran (the version changed meanwhile) is not written at all.

Nothing here can make a command fail: an unreadable or unwritable folder only means building the index
as before. ``CARD_SNAPSHOT_DIR=""`` turns snapshots off.
"""

from __future__ import annotations

import gc
import hashlib
import hmac
import io
import logging
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from django.conf import settings

import vtesdeck.core
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.domain import Card

__all__ = ["FORMAT", "cached", "digest", "forget", "key", "load", "remember", "save"]

logger = logging.getLogger(__name__)

# Bump when the file layout changes; the pickled classes are covered by the core's source digest.
FORMAT = 1
MAGIC = b"vtesdeck card snapshot\n"
SIGNATURE_BYTES = hashlib.sha256().digest_size
SUFFIX = ".cards"
# Snapshots of other card lists or databases are kept up to this many (a test database and a development
# one may share the folder); the oldest go first.
KEEP = 4
# ``remember`` writes the snapshot again when the caches it carries grew by this many entries, and by this
# share of what they held: a run over a new event's forty decklists is not worth a rewrite, a first run
# over the archive is.
GROWTH_ENTRIES = 1_000
GROWTH_SHARE = 0.05

_CORE = Path(vtesdeck.core.__file__).parent
_source_digest: str | None = None
# This process's snapshot by key: the index, which caches its file carries (None: built here, not written yet)
# and how many entries they held. A second command in one process (tests, a shell) reuses it, and
# ``remember`` measures what those caches learnt since; one the file cannot carry is never a reason to write.
_loaded: dict[str, tuple[CardIndex, frozenset[str] | None, int]] = {}


def digest(files: dict[str, bytes]) -> str:
    """A digest of a card list's raw files (the bundled CSVs), names included."""
    sha = hashlib.sha256()
    for name in sorted(files):
        sha.update(f"{name}\0{len(files[name])}\0".encode())
        sha.update(files[name])
    return sha.hexdigest()


def key(*parts: str) -> str:
    """The snapshot key of a card list: its ``parts`` (where it comes from, its version), the core's source
    code and the Python version."""
    sha = hashlib.sha256()
    for part in (f"format {FORMAT}", f"python {sys.version_info[0]}.{sys.version_info[1]}", _core_digest(), *parts):
        sha.update(part.encode() + b"\0")
    return sha.hexdigest()[:40]


def _core_digest() -> str:
    # Every source file of the core (a snapshot holds its classes and what its code worked out from the cards),
    # this module and the one that builds the index from the database.
    global _source_digest
    if _source_digest is None:
        sha = hashlib.sha256()
        here = Path(__file__).parent
        for path in [*sorted(_CORE.rglob("*.py")), here / "index.py", here / "snapshot.py"]:
            sha.update(str(path.relative_to(_CORE.parent.parent)).encode() + b"\0" + path.read_bytes() + b"\0")
        _source_digest = sha.hexdigest()
    return _source_digest


def folder() -> Path | None:
    value = getattr(settings, "CARD_SNAPSHOT_DIR", None)
    return Path(value) if value else None


def _path(where: Path, snapshot_key: str) -> Path:
    return where / f"{snapshot_key}{SUFFIX}"


def _signature(payload: bytes) -> bytes:
    return hmac.new(settings.SECRET_KEY.encode(), payload, hashlib.sha256).digest()


def load(snapshot_key: str, where: Path | None = None) -> CardIndex | None:
    """The index stored under ``snapshot_key``, or None when there is none or it cannot be trusted."""
    where = where or folder()
    if where is None:
        return None
    path = _path(where, snapshot_key)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        logger.warning("Card snapshot %s not read (%s); building the card index instead.", path, exc)
        return None
    head = len(MAGIC) + SIGNATURE_BYTES
    payload = data[head:]
    if (
        len(data) <= head
        or not data.startswith(MAGIC)
        or not hmac.compare_digest(data[len(MAGIC) : head], _signature(payload))
    ):
        logger.warning("Card snapshot %s is damaged; it is ignored and rebuilt.", path)
        return None
    # Unpickling makes some hundred thousand objects: the cyclic collector would walk them all several times.
    collecting = gc.isenabled()
    gc.disable()
    try:
        stored = pickle.loads(payload)
    except Exception as exc:  # signed by us, so only a change of code we did not foresee gets here
        logger.warning("Card snapshot %s cannot be read (%s); it is ignored and rebuilt.", path, exc)
        return None
    finally:
        if collecting:
            gc.enable()
    if (
        not isinstance(stored, dict)
        or stored.get("key") != snapshot_key
        or not isinstance(stored.get("cards"), CardIndex)
    ):
        logger.warning("Card snapshot %s holds another card list; it is ignored and rebuilt.", path)
        return None
    cards = stored["cards"]
    for name, value in stored.get("caches", {}).items():
        cards.keep_derived(name, value)
    return cards


def save(snapshot_key: str, cards: CardIndex, where: Path | None = None) -> Path | None:
    """Write ``cards`` under ``snapshot_key`` atomically. Returns the file, or None when it could not be written."""
    return _write(snapshot_key, cards, where)[0]


def _write(snapshot_key: str, cards: CardIndex, where: Path | None) -> tuple[Path | None, frozenset[str]]:
    """``save``, and which caches went in."""
    where = where or folder()
    if where is None:
        return None, frozenset()
    try:
        # One pickle for the cards and the caches: a cached card is the very object the index holds.
        caches = _picklable(_caches(cards), cards)
        payload = pickle.dumps(
            {"key": snapshot_key, "cards": cards, "caches": caches}, protocol=pickle.HIGHEST_PROTOCOL
        )
    except Exception as exc:  # the index itself refused (a change to the core's classes): a bug to see
        logger.warning("Card snapshot not written (%s: %s).", type(exc).__name__, exc)
        return None, frozenset()
    path = _path(where, snapshot_key)
    try:
        where.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=where, prefix=".writing-", suffix=SUFFIX, delete=False) as file:
            try:
                # No fsync: a file the system lost half of after a crash fails its signature and is rebuilt.
                file.write(MAGIC + _signature(payload) + payload)
            except BaseException:
                os.unlink(file.name)
                raise
        os.replace(file.name, path)
    except OSError as exc:
        logger.warning(
            "Card snapshot not written to %s (%s); the next command builds the card index again. "
            "Set CARD_SNAPSHOT_DIR to a folder it may write, or to nothing.",
            where,
            exc,
        )
        return None, frozenset()
    _prune(where, keep=path)
    return path, frozenset(caches)


def _prune(where: Path, keep: Path) -> None:
    try:
        others = sorted(
            (p for p in where.glob(f"*{SUFFIX}") if p != keep and not p.name.startswith(".")),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )
        for old in others[KEEP - 1 :]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # another process pruned the same files: nothing to do


def cached(
    snapshot_key: str, build: Callable[[], CardIndex], *, still_current: Callable[[], bool] = lambda: True
) -> CardIndex:
    """The index under ``snapshot_key``: this process's, the snapshot's, or else ``build()``'s, which the
    command's ``remember()`` then writes, with what the command worked out from it.

    ``still_current()`` is asked after a build: False (the card list changed while it was read) means the
    index is used but never written, since its key no longer says what it holds.
    """
    if snapshot_key in _loaded:
        return _loaded[snapshot_key][0]
    cards = load(snapshot_key)
    carried: frozenset[str] | None = None
    if cards is not None:
        carried = frozenset(_caches(cards))  # a new index: only what the file brought
    else:
        cards = build()
        if not still_current():
            return cards
    _loaded.clear()  # only the latest: an old card list is not kept alive
    _loaded[snapshot_key] = (cards, carried, _entries(_caches(cards), carried))
    return cards


def remember(cards: CardIndex) -> Path | None:
    """At the end of a command: write the snapshot of ``cards`` if it was built here, or if its caches grew
    much since it was read (see ``GROWTH_*``), so that the next process starts with them. Returns the file
    written, else None."""
    for snapshot_key, (loaded, carried, entries) in _loaded.items():
        if loaded is not cards:
            continue
        grown = _entries(_caches(cards), carried) - entries
        if carried is not None and grown < max(GROWTH_ENTRIES, GROWTH_SHARE * entries):
            return None
        written, carried = _write(snapshot_key, cards, None)
        if written is not None:
            _loaded[snapshot_key] = (cards, carried, _entries(_caches(cards), carried))
        return written
    return None


def forget() -> None:
    """Drop this process's snapshots (after an import: the next command reads the new list's)."""
    _loaded.clear()


def _caches(cards: CardIndex) -> dict[str, object]:
    """What the core keeps for ``cards`` (``CardIndex.derived``), by name."""
    return cards.derived_values()


def _picklable(caches: dict[str, object], cards: CardIndex) -> dict[str, object]:
    """The caches pickle can write. One that holds what it refuses (a weak reference back to the index, a
    lock) is left out: each process then builds it for itself, as without snapshots."""
    kept = {}
    for where, cache in caches.items():
        probe = _Probe(io.BytesIO(), cards)
        try:
            probe.dump(cache)
        except Exception as exc:
            logger.debug("%s is not kept in card snapshots (%s)", where, exc)
        else:
            kept[where] = cache
    return kept


class _Probe(pickle.Pickler):
    """Pickles a cache without its cards (they are written once, with the index): a quick test."""

    def __init__(self, file: io.BytesIO, cards: CardIndex) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.cards = cards

    def persistent_id(self, obj: object) -> int | None:
        return id(obj) if obj is self.cards or isinstance(obj, Card) else None


def _entries(caches: dict[str, object], only: frozenset[str] | None) -> int:
    """About how many entries the caches hold (those named in ``only``, if given): the lengths of their
    dicts, and of the dicts in those."""
    total = 0
    for where, cache in caches.items():
        if only is not None and where not in only:
            continue
        for part in vars(cache).values() if hasattr(cache, "__dict__") else (cache,):
            if isinstance(part, dict):
                total += len(part) + sum(len(inner) for inner in part.values() if isinstance(inner, dict))
    return total
