"""The web worker reads each request whole before a thread runs it (vtesdeck/serving.py): when is it whole?"""

from __future__ import annotations

from vtesdeck.serving import READY, UNBUFFERED, WAITING, PendingRequest


def byte_by_byte(data: bytes) -> list[str]:
    pending = PendingRequest()
    states = []
    for n in range(len(data)):
        pending.feed(data[n : n + 1])
        states.append(pending.state())
    return states


def test_a_request_is_whole_once_its_head_and_its_body_are_in_however_slowly_they_came():
    get = b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
    post = b"POST /api/v1/decklists/validate HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
    chunked = b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
    for request in (get, post, chunked):
        states = byte_by_byte(request)
        assert states[-1] == READY and set(states[:-1]) == {WAITING}, request
    # Pipelined: the first request is whole; the rest stays for the next.
    assert PendingRequest(get + post[:20]).state() == READY


def test_a_client_expecting_100_continue_is_told_to_send_its_body():
    head = b"POST /check/ HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"
    pending = PendingRequest(head)
    assert pending.state() == WAITING and pending.wants_continue()
    pending.feed(b"he")
    assert not pending.wants_continue()


def test_what_is_not_buffered_goes_to_a_thread_as_it_is():
    too_large = b"POST /check/ HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n"
    no_number = b"POST /check/ HTTP/1.1\r\nContent-Length: many\r\n\r\n"
    endless_head = b"GET / HTTP/1.1\r\nX: " + b"a" * 2_000_000
    for request in (too_large, no_number, endless_head):
        assert PendingRequest(request).state() == UNBUFFERED


def test_a_killed_or_stopped_worker_holds_no_one_back():
    """The board of connections (vtesdeck.serving.Board): a worker killed with its door open, or one that stopped,
    must not count as the least loaded, or every other worker would stop taking connections."""
    import subprocess
    import sys
    import time

    from vtesdeck.serving import Board

    board = Board()
    mine, killed, stopped = board.claim(), board.claim(), board.claim()
    board.write(mine, 12, True)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(gone.stdout)  # a process that has exited (and been reaped)
    Board.ROW.pack_into(
        board.memory, killed * Board.ROW.size, dead, 0, True, time.monotonic() - Board.FRESH_SECONDS - 1
    )
    board.write(stopped, 3, True)
    assert board.fewest_elsewhere(mine) == 3
    board.leave(stopped)
    assert board.fewest_elsewhere(mine) is None  # the killed worker's 0 does not count either
    Board.ROW.pack_into(board.memory, killed * Board.ROW.size, dead, 0, True, time.monotonic())
    assert board.fewest_elsewhere(mine) == 0  # a fresh row is trusted without asking the system


def test_heavy_requests_never_take_the_last_thread_of_a_worker():
    """A worker of N threads runs up to N requests at once, and keeps one thread more for a light request (a card
    search, a login, /healthz) while all N run heavy ones (uploads: bodies over GUNICORN_LIGHT_BYTES, or too
    large to buffer)."""
    from vtesdeck.serving import may_start

    threads = 2
    # Light requests alone: N at once, as stock gthread; the kept thread is not theirs.
    assert may_start(False, started=1, heavy_started=0, threads=threads)
    assert not may_start(False, started=2, heavy_started=0, threads=threads)
    # Heavy requests: N at once at most, never the kept thread.
    assert may_start(True, started=1, heavy_started=1, threads=threads)
    assert not may_start(True, started=2, heavy_started=2, threads=threads)
    # Every thread on a heavy request: one light request may still start, on the kept thread, and only one.
    assert may_start(False, started=2, heavy_started=2, threads=threads)
    assert not may_start(False, started=3, heavy_started=2, threads=threads)
    # A light request running beside one heavy: the worker is full, as stock gthread would be.
    assert not may_start(False, started=2, heavy_started=1, threads=threads)
    assert not may_start(True, started=2, heavy_started=1, threads=threads)
