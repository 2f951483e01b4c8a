"""gunicorn's threaded worker, with each request read whole before a thread is given to it.

gunicorn.conf.py serves the site with ``BufferingThreadWorker``. Stock ``gthread`` hands a connection to a
thread as soon as its first byte arrives, and the thread then reads the request head with a blocking socket
and no deadline: a client sending its headers one byte every few seconds holds a thread for as long as it
likes, and a few dozen of them hold every thread of every worker (a worker whose threads are all taken
still accepts connections, which wait in its queue: ``/healthz`` among them). Here the worker's main loop
reads the request head, and a body of a known length up to ``BUFFER_BYTES``, from non-blocking sockets in
its poller, as a buffering proxy (nginx) would; a thread gets the connection once the request is all in
memory, and never waits on the network for it. A slow client costs a socket and its bytes, not a thread.

What a client must do, else it is answered 408 and the connection closed:
- send its whole request head within ``CLIENT_TIMEOUT`` seconds (20) of connecting, or of its first byte
  on a kept-alive connection;
- never pause longer than ``CLIENT_TIMEOUT`` seconds while sending the body, and send it whole within
  ``BODY_SECONDS`` (300).

What is not buffered goes to a thread as stock gthread would send it, and the thread reads the rest from
the socket: a body larger than ``BUFFER_BYTES`` (the site refuses those from ``Content-Length`` without
reading them), a head larger than gunicorn's own limits (it answers 400), a connection arriving while the
worker already holds ``WORKER_BUFFER_BYTES`` of unfinished requests (memory stays bounded whatever many
clients send), TLS, and HTTP/2 with prior knowledge (neither is configured here).

Requests whose body is larger than ``LIGHT_BYTES`` (64 KB: uploads), or that are not buffered, are heavy: at most
GUNICORN_THREADS of them run in a worker at once, and the worker keeps one thread more for light requests (a card
search, a login, /healthz) while all the others run heavy ones. Eight uploads at once held every thread of every
worker, and the site's other clients waited seconds behind them (bench/attack.py).

Once a thread has it, the connection's socket gets a ``CLIENT_TIMEOUT`` timeout too: a client that stops
reading its response (or the unbuffered rest of its body) frees the thread after that long.

A worker's main loop tells the master it is alive every second whatever its threads do, so gunicorn's
``timeout`` would no longer end a runaway request as it does a sync worker's. Here a worker whose request
has run longer than ``timeout`` seconds stops taking connections, lets its other requests finish and stops
telling the master it is alive, which kills and replaces it ``timeout`` seconds later.

Environment: GUNICORN_CLIENT_TIMEOUT, GUNICORN_BUFFER_BYTES, GUNICORN_WORKER_BUFFER_BYTES, GUNICORN_LIGHT_BYTES.

Why not an async worker: gevent and eventlet switch only where code waits, and our requests spend their time
in Python (parsing, validating, rendering): one long request would stall every other request of its worker,
/healthz among them, where threads are switched by the interpreter. This subclass leans on gthread's
internals (``enqueue_req``, ``murder_pending``, ``TConn``, the parser's unreader), hence gunicorn pinned in
requirements.txt; tests/web/test_slow_clients.py and test_request_buffering.py fail if an upgrade moves them.
"""

from __future__ import annotations

import collections
import mmap
import os
import selectors
import struct
import threading
import time
from concurrent import futures
from functools import partial

from gunicorn.http2 import negotiation
from gunicorn.workers.gthread import STOP_KEEPALIVE_LINGER, ThreadWorker

CLIENT_TIMEOUT = float(os.environ.get("GUNICORN_CLIENT_TIMEOUT") or 20)
BODY_SECONDS = 300.0
# The largest body read into memory: DECKLIST_UPLOAD_MAX_BYTES (16 MiB, the largest the site reads) and
# the multipart framing around it.
BUFFER_BYTES = int(os.environ.get("GUNICORN_BUFFER_BYTES") or 17 * 1024 * 1024)
WORKER_BUFFER_BYTES = int(os.environ.get("GUNICORN_WORKER_BUFFER_BYTES") or 256 * 1024 * 1024)
# gunicorn's own limits allow a head of about 800 KB (100 fields of 8,190 bytes): past that it is not a
# request head, and gunicorn's parser answers it.
HEAD_BYTES = 1024 * 1024
# While every thread is busy, new connections are still taken as long as no request has run longer than this (see
# ``BufferingThreadWorker.gate``): an API request takes milliseconds, a request that takes longer is heavy work.
BUSY_SECONDS = 0.1
READ_SIZE = 256 * 1024
# How often a worker whose door is shut looks at the board again (``wait_for_and_dispatch_events``).
DOOR_RECHECK_SECONDS = 0.05
# A request whose body is larger than this is heavy (an upload: a zip of decklists, a collection); one that is not
# buffered (its body too large to buffer, or the worker's buffers full) is heavy too. See ``BufferingThreadWorker.
# may_start``: heavy requests never take a worker's last thread, which stays for light ones (/healthz among them).
LIGHT_BYTES = int(os.environ.get("GUNICORN_LIGHT_BYTES") or 64 * 1024)

TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"

WAITING, READY, UNBUFFERED = "waiting", "ready", "unbuffered"


class PendingRequest:
    """The bytes of one HTTP/1 request as they arrive, and whether it is all in: each arrival costs work in
    proportion to its own size (the head is looked for in the new bytes only and read once), whatever the
    pace the client sends at."""

    def __init__(self, data: bytes = b"") -> None:
        self.data = bytearray()
        self.head_end = -1  # offset of the blank line ending the head, once seen
        self.length: int | None = 0  # Content-Length; None when it is no number (gunicorn answers 400)
        self.chunked = False
        self.expects = False  # "Expect: 100-continue": the client waits for a go-ahead before its body
        self.finished = False  # a chunked body's last chunk arrived
        self.feed(data)

    def feed(self, chunk: bytes) -> None:
        before = len(self.data)
        self.data += chunk
        if self.head_end < 0:
            self.head_end = self.data.find(b"\r\n\r\n", max(0, before - 3))
            if self.head_end >= 0:
                self.read_head(bytes(self.data[: self.head_end]))
                before = self.head_end + 2
        if self.chunked and not self.finished and self.head_end >= 0:
            # The last chunk ("0", no trailers) ends the body; trailers, if any, wait for the deadline.
            start = max(self.head_end + 2, before - 6)
            self.finished = self.data.find(b"\r\n0\r\n\r\n", start) >= 0

    def read_head(self, head: bytes) -> None:
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == b"content-length":
                self.length = int(value) if value.isdigit() and len(value) <= 18 else None
            elif name == b"transfer-encoding":
                self.chunked = True
            elif name == b"expect":
                self.expects = value == b"100-continue"

    def state(self, limit: int = BUFFER_BYTES) -> str:
        """WAITING: more is to come and will be buffered; READY: the head and the whole body are here (bytes
        after them are the next request's); UNBUFFERED: hand the connection over as it is (a body over
        ``limit``, an oversized head, a length gunicorn will refuse)."""
        if self.head_end < 0:
            return UNBUFFERED if len(self.data) > HEAD_BYTES else WAITING
        body = len(self.data) - self.head_end - 4
        if self.chunked:
            return READY if self.finished else UNBUFFERED if body > limit else WAITING
        if self.length is None or self.length > limit:
            return UNBUFFERED
        return READY if body >= self.length else WAITING

    def wants_continue(self) -> bool:
        return self.head_end >= 0 and self.expects and len(self.data) == self.head_end + 4


class Board:
    """Each worker's open connections, in memory the master maps before it forks the workers (this module is
    imported by the master, which loads the worker class): what ``BufferingThreadWorker.fair`` compares.

    Why: a kept-alive connection stays with the worker that accepted it, and whichever worker polls first
    accepts; 64 clients connecting at once were spread 28, 19, 9, 8 and 0 over five workers, so that the
    clients of the first waited three times as long as those of the fourth, all workers being equally busy
    (bench/load.py's p99 was three times its median). A row per worker: its pid, its open connections,
    whether its door is open (a thread free, or busy only briefly) and when it last wrote (a worker writes at
    each pass of its loop, at least every second; a row not written for ``STALE_SECONDS`` is a dead worker's).
    The master hands out the rows (``claim``), one process, so no two workers share one."""

    ROWS = 64
    ROW = struct.Struct("<iii4xd")  # pid (-1: claimed by the master, not yet forked), connections, door, written
    STALE_SECONDS = 10.0
    # A live worker writes its row at every pass of its loop, at least once a second: an older row is checked
    # (is its process still there?) before it counts.
    FRESH_SECONDS = 1.5

    def __init__(self) -> None:
        self.memory = mmap.mmap(-1, self.ROWS * self.ROW.size)

    def claim(self) -> int:
        """A row for a worker about to be forked (in the master): one no live worker writes."""
        now = time.monotonic()
        for row in range(self.ROWS):
            pid, _connections, _door, written = self.ROW.unpack_from(self.memory, row * self.ROW.size)
            if pid == 0 or now - written > self.STALE_SECONDS:
                self.ROW.pack_into(self.memory, row * self.ROW.size, -1, 0, 0, now)
                return row
        return -1  # more workers than rows: this one takes part in no comparison

    def write(self, row: int, connections: int, door: bool) -> None:
        if row >= 0:
            self.ROW.pack_into(self.memory, row * self.ROW.size, os.getpid(), connections, door, time.monotonic())

    def fewest_elsewhere(self, row: int) -> int | None:
        """The fewest connections held by another live worker whose door is open (None: no such worker)."""
        now, fewest = time.monotonic(), None
        # Rows are claimed lowest first and never given back empty: the first empty one ends the claimed ones.
        for other, (pid, connections, door, written) in enumerate(self.ROW.iter_unpack(self.memory)):
            if pid == 0:
                break
            if other == row or pid < 0 or not door or now - written > self.STALE_SECONDS:
                continue
            if now - written > self.FRESH_SECONDS and not _alive(pid):
                continue  # a worker killed with its door open: its row would hold the others back
            fewest = connections if fewest is None or connections < fewest else fewest
        return fewest

    def leave(self, row: int) -> None:
        """The worker is gone: its row no longer counts (its door shut), until the master hands it out again."""
        if row >= 0:
            pid, connections, _door, written = self.ROW.unpack_from(self.memory, row * self.ROW.size)
            self.ROW.pack_into(self.memory, row * self.ROW.size, pid, connections, False, written)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def may_start(heavy: bool, started: int, heavy_started: int, threads: int) -> bool:
    """Whether a request may have a thread of its worker now, ``started`` requests running (``heavy_started`` of them
    heavy) in a worker of ``threads`` threads (GUNICORN_THREADS). Up to ``threads`` requests run at once, as in stock
    gthread; one more thread is kept for a light request while every other thread runs a heavy one, so that eight
    uploads at once (bench/attack.py) no longer hold every thread of every worker, with /healthz, a card search or a
    login waiting seconds behind them. A request that may not start waits in the worker's loop, in its order."""
    if heavy:
        return started < threads
    return started < threads or started == heavy_started <= threads


BOARD = Board()
# A worker may hold this many connections more than the least loaded open one and still take new ones: two
# workers reading the board at the same moment may both take one.
FAIR_MARGIN = 1
# A worker holding this many more than the least loaded open one closes its kept-alive connections after their
# response until it does not: more than FAIR_MARGIN, so that a connection moved is never moved back.
SHED_MARGIN = 2


class BufferingThreadWorker(ThreadWorker):
    """``gthread`` reading each request in its poller first (see the module's docstring)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.reading: dict = {}  # TConn -> None: connections whose request is being buffered
        self.buffered_bytes = 0
        self.running: dict[int, float] = {}  # thread id -> when it took its connection
        self.started = 0  # requests running in a thread (or submitted to one that is free)
        self.heavy_started = 0  # of which heavy (``LIGHT_BYTES``)
        self.held: collections.deque = collections.deque()  # requests waiting for a thread they may take, in order
        self.stuck = False
        self.board_row = BOARD.claim()  # in the master, before the fork

    # Every connection on its way to a thread passes here: new ones (accept), kept-alive ones that became
    # readable, and those with pipelined bytes left after a response.
    def enqueue_req(self, conn) -> None:
        if not self.bufferable(conn):
            conn.whole = False  # its size is not known: heavy
            self.dispatch(conn)
            return
        conn.pending = PendingRequest(conn.parser.unreader.take_buffered() if conn.parser else b"")
        conn.continued = False
        now = time.monotonic()
        conn.head_deadline = now + CLIENT_TIMEOUT
        conn.idle_deadline = now + CLIENT_TIMEOUT
        conn.body_deadline = now + BODY_SECONDS
        self.buffered_bytes += len(conn.pending.data)
        conn.sock.setblocking(False)
        self.reading[conn] = None
        if not self.advance(conn):
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))
            # A kept-alive connection is here because its next request arrived: read it now, not a poll later.
            self.on_request_bytes(conn, conn.sock)

    def bufferable(self, conn) -> bool:
        if self.cfg.is_ssl or conn.is_http2:
            return False
        if not conn.initialized and negotiation.prior_knowledge_allowed(self.cfg, conn.client):
            return False
        return self.buffered_bytes < WORKER_BUFFER_BYTES

    def on_request_bytes(self, conn, _sock) -> None:
        try:
            chunk = conn.sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:  # the client went away (or broke the connection) before its request was in
            self.poller.unregister(conn.sock)
            self.drop(conn)
            return
        conn.pending.feed(chunk)
        self.buffered_bytes += len(chunk)
        conn.idle_deadline = time.monotonic() + CLIENT_TIMEOUT
        self.advance(conn)

    def advance(self, conn) -> bool:
        """Hand the connection to a thread if its request is in (or cannot be buffered); True if it was."""
        state = conn.pending.state()
        if state == WAITING and self.buffered_bytes >= WORKER_BUFFER_BYTES:
            state = UNBUFFERED
        if state == WAITING:
            if conn.pending.wants_continue() and not conn.continued:
                conn.continued = True
                try:
                    conn.sock.send(CONTINUE)
                except OSError:
                    pass
            return False
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError):  # not registered yet: the whole request came with the connection
            pass
        del self.reading[conn]
        self.buffered_bytes -= len(conn.pending.data)
        conn.whole = state == READY  # else the thread reads the rest from the socket: heavy
        conn.prebuffered, conn.pending = bytes(conn.pending.data), None
        conn.data_ready = True  # never wait for the first byte in a thread
        self.dispatch(conn)
        return True

    def get_thread_pool(self):
        # One thread more than GUNICORN_THREADS: the one heavy requests never take (``may_start``).
        return futures.ThreadPoolExecutor(max_workers=self.cfg.threads + 1)

    def dispatch(self, conn) -> None:
        data = getattr(conn, "prebuffered", b"")
        conn.heavy = not getattr(conn, "whole", False) or len(data) > LIGHT_BYTES
        # Nothing held back can start now (it would have started as the last request finished): a request
        # that may start passes none of its own kind.
        if not self.may_start(conn.heavy):
            self.held.append(conn)
            self.buffered_bytes += len(data)  # still in memory: it counts against WORKER_BUFFER_BYTES
        else:
            self.start(conn)
        self.gate()

    def may_start(self, heavy: bool) -> bool:
        return may_start(heavy, self.started, self.heavy_started, self.cfg.threads)

    def start(self, conn) -> None:
        self.started += 1
        self.heavy_started += conn.heavy
        super().enqueue_req(conn)

    def finish_request(self, conn, fs) -> None:
        self.started -= 1
        self.heavy_started -= getattr(conn, "heavy", False)
        # The requests held back start in their order, as threads allow: a light one may pass a heavy one.
        for waiting in list(self.held):
            if self.may_start(waiting.heavy):
                self.held.remove(waiting)
                self.buffered_bytes -= len(getattr(waiting, "prebuffered", b""))
                self.start(waiting)
        super().finish_request(conn, fs)
        self.gate()

    def gate(self) -> None:
        """Take new connections only while a thread is free, or while the busy threads' requests are young: stock
        gthread accepts up to worker_connections and queues their requests behind busy threads, while another
        worker may be idle; but a worker that took none while its threads were busy with short requests left a
        new connection in the listen queue for as long as its kept-alive clients kept every thread busy (seconds
        under load: 64 clients, a p99 of 3.4 s for a card search answered in 4 ms). A request older than
        ``BUSY_SECONDS`` (a /check/ of a large zip) still closes the door: a new connection, /healthz among them,
        waits for a worker that can answer it now; the thread kept for light requests (``may_start``) leaves the
        door open while the others run heavy ones."""
        if self.alive:
            self.set_accept_enabled(self.nr_conns < self.worker_connections)

    def set_accept_enabled(self, enabled: bool) -> None:
        free = self.alive and (self.may_start(heavy=False) or self.threads_busy_briefly())
        BOARD.write(self.board_row, self.nr_conns, free)
        super().set_accept_enabled(enabled and free and self.fair())

    def fair(self) -> bool:
        """Whether this worker holds no more connections than the least loaded open worker (and the margin):
        new connections go to the workers with fewest (see ``Board``)."""
        fewest = BOARD.fewest_elsewhere(self.board_row)
        return fewest is None or self.nr_conns <= fewest + FAIR_MARGIN

    @property
    def max_keepalived(self) -> int:
        """How many idle kept-alive connections gthread keeps (beyond that, a response says "Connection: close"):
        none while this worker holds ``SHED_MARGIN`` more connections than the least loaded open worker, whose
        clients come back through the door to the least loaded. Connections accepted while a worker was still
        starting (or before one was replaced) move over this way, one per response, and stop moving once
        spread evenly."""
        fewest = BOARD.fewest_elsewhere(self.board_row)
        if fewest is not None and self.nr_conns > fewest + SHED_MARGIN:
            return 0
        return self._max_keepalived

    @max_keepalived.setter
    def max_keepalived(self, value: int) -> None:
        self._max_keepalived = value

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        # While the door is shut, look again often: it is opened by ``gate``, at this worker's own events, but what
        # shuts it (the other workers' connections on the board, a request growing old) changes at theirs. Waiting
        # the loop's usual second, every door could stay shut at once after a burst of connections, and new
        # clients waited in the listen queue: /healthz took 1-3 s in bench/attack.py's slow scenario.
        if self.alive and not self._accepting:
            timeout = min(timeout, DOOR_RECHECK_SECONDS)
        super().wait_for_and_dispatch_events(timeout)

    def accept(self, listener) -> None:
        super().accept(listener)
        self.gate()  # the others see this connection before they take the next one

    def threads_busy_briefly(self) -> bool:
        """No thread of this worker has run its request longer than ``BUSY_SECONDS``."""
        started = min(self.running.copy().values(), default=None)
        return started is None or time.monotonic() - started < BUSY_SECONDS

    def handle(self, conn):
        thread = threading.get_ident()
        self.running[thread] = time.monotonic()
        try:
            data = getattr(conn, "prebuffered", b"")
            if data:
                conn.prebuffered = b""
                conn.sock.setblocking(True)
                conn.init()
                conn.parser.unreader.unread(data)
            return super().handle(conn)
        finally:
            del self.running[thread]

    def handle_request(self, req, conn):
        conn.sock.settimeout(CLIENT_TIMEOUT)  # super().handle() made it blocking with no timeout
        return super().handle_request(req, conn)

    def notify(self) -> None:
        if not self.stuck:
            super().notify()

    def run(self) -> None:
        try:
            super().run()
        finally:
            BOARD.leave(self.board_row)  # a worker stopping (or replaced) no longer holds the others back

    def watch_requests(self) -> None:
        started = min(self.running.copy().values(), default=None)
        if self.stuck or started is None or not self.cfg.timeout:
            return
        if time.monotonic() - started > self.cfg.timeout:
            self.log.error(
                "A request has run over %s s: worker %s takes no more connections and will be replaced.",
                self.cfg.timeout,
                self.pid,
            )
            self.stuck = True
            self.alive = False

    def drop(self, conn, answer: bytes = b"") -> None:
        self.reading.pop(conn, None)
        self.buffered_bytes -= len(conn.pending.data)
        conn.pending = None
        if answer:
            try:
                conn.sock.send(answer)
            except OSError:
                pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """Also close the connections whose request did not come in time (run() calls this every second, and at
        each pass of its loop), and close the door to new connections once a running request has grown old."""
        super().murder_pending()
        self.watch_requests()
        now = time.monotonic()
        for conn in list(self.reading):
            if not self.alive:  # stopping: a request under way gets a short while to finish arriving
                conn.head_deadline = min(conn.head_deadline, now + STOP_KEEPALIVE_LINGER)
                conn.idle_deadline = min(conn.idle_deadline, now + STOP_KEEPALIVE_LINGER)
            head_in = conn.pending.head_end >= 0
            late = conn.idle_deadline < now or conn.body_deadline < now or (conn.head_deadline < now and not head_in)
            if late:
                try:
                    self.poller.unregister(conn.sock)
                except (KeyError, ValueError, OSError):
                    pass
                self.drop(conn, TIMED_OUT if conn.pending.data else b"")
        # After the drops: the board must show the connections this worker holds now, not a moment ago (else the
        # others compare with a count it no longer has, and every door can stay shut until the next pass).
        self.gate()
