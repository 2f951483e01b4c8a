"""The throttles' counts in the machine's shared memory (vtesdeck.shared_counts, the default on SQLite): bounded
whatever is counted, exact when the table has no room for a key (counted in the database then), shared by
processes that open the file and by children forked after it was opened."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from vtesdeck import shared_counts, throttling
from vtesdeck.cache import machine_counts
from vtesdeck.shared_counts import BUCKETS, Table
from vtesdeck.throttling import Rate

NOW = 1_700_000_000.0


def step(limit: int, slot: int):
    def counted(state):
        allowed, changed = throttling.step(state, slot, limit)
        return allowed, changed, (changed[0] + 11) * 6.0 if changed else 0.0

    return counted


def home(key: str) -> int:
    return int.from_bytes(Table.digest(key)[:8], "little") % BUCKETS


def colliding(count: int) -> list[str]:
    """``count`` keys whose first bucket is the same."""
    seen: dict[int, list[str]] = {}
    for n in range(10**7):
        key = f"203.0.113.{n}"
        keys = seen.setdefault(home(key), [])
        keys.append(key)
        if len(keys) == count:
            return keys
    raise AssertionError("no collision")


def test_the_file_keeps_its_size_whatever_is_counted(tmp_path):
    table = Table(tmp_path / "counts")
    for n in range(20_000):
        assert table.take(f"user-{n}", NOW, step(5, int(NOW // 6)))
    assert (tmp_path / "counts").stat().st_size == Table.size < 6 * 1024 * 1024


def test_a_file_of_another_layout_starts_empty(tmp_path):
    path = tmp_path / "counts"
    path.write_bytes(b"garbage" * 1000)
    table = Table(path)
    assert path.stat().st_size == Table.size
    assert table.take("203.0.113.7", NOW, step(1, int(NOW // 6)))
    assert not table.take("203.0.113.7", NOW, step(1, int(NOW // 6)))


def _count_in_child(path: str, key: str, attempts: int, queue) -> None:
    table = shared_counts.table_for(None if path == "" else __import__("pathlib").Path(path))
    queue.put(sum(table.take(key, NOW, step(7, int(NOW // 6))) for _ in range(attempts)))


def test_processes_opening_the_file_share_one_count(tmp_path):
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    children = [
        context.Process(target=_count_in_child, args=(str(tmp_path / "counts"), "k", 5, queue)) for _ in range(4)
    ]
    for child in children:
        child.start()
    let_in = sum(queue.get(timeout=60) for _ in children)
    for child in children:
        child.join(timeout=60)
    assert let_in == 7  # 20 attempts, 7 per window


def test_children_forked_after_the_file_was_opened_share_its_count(tmp_path):
    # gunicorn's preloading master may open it before it forks the workers.
    table = shared_counts.table_for(tmp_path / "counts")
    assert table.take("k", NOW, step(7, int(NOW // 6)))
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    children = [
        context.Process(target=_count_in_child, args=(str(tmp_path / "counts"), "k", 5, queue)) for _ in range(3)
    ]
    for child in children:
        child.start()
    assert sum(queue.get(timeout=60) for _ in children) == 6
    for child in children:
        child.join(timeout=60)


@pytest.mark.django_db(transaction=True)
def test_a_key_the_table_has_no_room_for_is_counted_exactly_in_the_database(monkeypatch, settings, file_database):
    from django.core.cache import cache

    settings.THROTTLE_STORE = "auto"
    table = machine_counts()
    if table is None:
        pytest.skip("the throttles count in the database here (not SQLite)")
    cache.clear()
    monkeypatch.setattr(shared_counts, "PROBE", 1)  # one bucket per key: two keys of one home cannot both have it
    first, second = colliding(2)
    rate = Rate(2, 60)
    assert throttling.take(first, rate, NOW)  # its window ends about 64 s later
    # The bucket is taken: the second key is counted in the database, still exactly.
    assert [bool(throttling.take(second, rate, NOW + 30 + n)) for n in range(3)] == [True, True, False]
    assert 0 < throttling.take(second, rate, NOW + 33).wait <= 66
    # The first key's window has passed and its bucket is free again, but the second key's counts in the database
    # still count: it stays there (had it moved to the free bucket, it would have been let in again).
    assert not throttling.take(second, rate, NOW + 70)
    # Once every count kept in the database has left its window, keys are counted in memory again.
    later = NOW + 200
    assert throttling.take(second, rate, later) and throttling.take(second, rate, later)
    assert not throttling.take(second, rate, later)
    assert table.change(f"{cache.make_key('rate:' + second)}", lambda state: None)  # in the table now
    # A key given back or forgotten where it is counted.
    throttling.give_back(second, rate, later)
    assert throttling.take(second, rate, later)
    throttling.forget(second)
    assert throttling.take(second, rate, later)


def test_the_table_in_memory_belongs_to_its_process():
    table = Table(None)
    assert table.fd == -1 and len(table.memory) == Table.size
    assert os.getpid()  # nothing shared: a database in memory is this process's alone
