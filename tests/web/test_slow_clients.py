"""Slow clients against the real server (issue 14, item 3): gunicorn with gunicorn.conf.py, two workers.

A slow client sends its request a byte at a time. With the sync workers gunicorn.conf.py used to run, a
dozen of them held every worker and /healthz went unanswered; the site now reads each request whole before
a thread runs it (vtesdeck/serving.py), so they cost a socket each and the site keeps answering.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import _worker_database_url
from tests.paths import PROJECT

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

READY_SECONDS = 90
# Generous: /healthz answers in milliseconds; only a server whose workers are all held waits this long.
ANSWER_SECONDS = 30
WORKERS = 2
SLOW_CLIENTS = 40  # far more than the two workers' threads (2 each): each would hold one if it could
GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def gunicorn(tmp_path: Path, **env: str):
    """gunicorn.conf.py on a free port with ``env`` added; yields (base URL, port, log path)."""
    port = free_port()
    environment = {
        **os.environ,
        "DATABASE_URL": _worker_database_url(),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(WORKERS),
        # A worker held by a slow client must not be freed by gunicorn's timeout while the test looks.
        "GUNICORN_TIMEOUT": "120",
        "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
        "DECKLISTS_ANON_RATE": "1000000/minute",
        "API_ANON_RATE": "1000000/minute",
        "PYTHONUNBUFFERED": "1",
        **env,
    }
    log = tmp_path / f"gunicorn-{port}.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(GUNICORN), "--config", str(PROJECT / "gunicorn.conf.py")],
            cwd=tmp_path,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + READY_SECONDS
        while not healthz_answers(f"http://127.0.0.1:{port}", timeout=5):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"gunicorn did not answer /healthz:\n{log.read_text(errors='replace')}")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", port, log
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def healthz_answers(base: str, timeout: float) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/healthz?worker=0", timeout=timeout) as answer:
            return answer.status == 200
    except (OSError, urllib.error.URLError):
        return False


class SlowClients:
    """``count`` connections, each sending ``head`` and ``body`` a byte a second from a background thread
    (the whole head first when ``whole_head``), until stopped; never finished within a test."""

    def __init__(self, port: int, count: int, head: bytes, body: bytes = b"", whole_head: bool = False) -> None:
        self.sockets = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(count)]
        self.data = head + body
        self.sent = len(head) if whole_head else 0
        self.halt = threading.Event()
        for sock in self.sockets:
            sock.sendall(self.data[: self.sent or 1])
        self.sent = self.sent or 1
        self.thread = threading.Thread(target=self.drip, daemon=True)
        self.thread.start()

    def drip(self) -> None:
        while not self.halt.wait(1.0) and self.sent < len(self.data):
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.sendall(self.data[self.sent : self.sent + 1])
            self.sent += 1

    def still_sending(self) -> bool:
        """Every connection open, unanswered, with its request not yet all sent."""
        if self.sent >= len(self.data):
            return False
        for sock in self.sockets:
            sock.setblocking(False)
            try:
                if sock.recv(1, socket.MSG_PEEK) is not None:
                    return False  # an answer, or the server closed it
            except BlockingIOError:
                pass
            finally:
                sock.setblocking(True)
        return True

    def close(self) -> None:
        self.halt.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()


SLOW_HEAD = b"GET /healthz?worker=0 HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: " + b"slow" * 100 + b"\r\n\r\n"
SLOW_BODY = json.dumps({"text": "Crypt (12 cards)\n" * 50}).encode()
SLOW_POST = (
    b"POST /api/v1/decklists/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b"Content-Length: %d\r\n\r\n" % len(SLOW_BODY)
)


@pytest.fixture
def server(file_database, cards_in_database, tmp_path):
    # No client is cut off by the server while the test looks: the slow clients stay connected throughout.
    with gunicorn(tmp_path, GUNICORN_CLIENT_TIMEOUT="120") as running:
        yield running


def test_slow_headers_on_more_connections_than_threads_do_not_stop_healthz(server):
    base, port, _log = server
    slow = SlowClients(port, SLOW_CLIENTS, SLOW_HEAD)
    try:
        time.sleep(2)  # a couple of bytes each: every connection has been taken up by the server
        assert healthz_answers(base, timeout=ANSWER_SECONDS)
        assert slow.still_sending()
    finally:
        slow.close()


def test_slow_bodies_on_more_connections_than_threads_do_not_stop_healthz(server):
    base, port, _log = server
    slow = SlowClients(port, SLOW_CLIENTS, SLOW_POST, SLOW_BODY, whole_head=True)
    try:
        time.sleep(2)
        assert healthz_answers(base, timeout=ANSWER_SECONDS)
        assert slow.still_sending()
    finally:
        slow.close()


def test_uploads_holding_every_thread_leave_one_for_a_light_request(file_database, cards_in_database, tmp_path):
    """A heavy request (a body over GUNICORN_LIGHT_BYTES, or one too large to buffer, read by its thread as it comes)
    never takes a worker's last thread. One worker of one thread, two uploads too large to buffer whose clients send
    a byte a second: the first holds the thread for as long as its client likes, the second waits for it, and
    /healthz is answered all the same, on the thread kept for light requests. Before, eight uploads at once held
    every thread of every worker, and /healthz waited seconds behind them (bench/attack.py); here it would wait for
    ever."""
    env = {"WEB_CONCURRENCY": "1", "GUNICORN_THREADS": "1", "GUNICORN_BUFFER_BYTES": "100"}
    with gunicorn(tmp_path, GUNICORN_CLIENT_TIMEOUT="120", **env) as (base, port, _log):
        uploads = SlowClients(port, 2, SLOW_POST, SLOW_BODY, whole_head=True)
        try:
            time.sleep(2)  # both heads are in: the first upload has the thread, the second waits for it
            assert healthz_answers(base, timeout=ANSWER_SECONDS)
            assert healthz_answers(base, timeout=ANSWER_SECONDS)  # and again: the kept thread is free again
            assert uploads.still_sending()
        finally:
            uploads.close()


def test_requests_read_ahead_of_the_threads_arrive_whole(server):
    """A body read by the worker's poller reaches the view whole, and pipelined requests are each answered."""
    base, port, _log = server
    body = json.dumps({"text": "Crypt:\n2x Anson\nLibrary:\n1x Govern the Unaligned\n"}).encode()
    request = urllib.request.Request(
        f"{base}/api/v1/decklists/parse", data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=ANSWER_SECONDS) as answer:
        parsed = json.loads(answer.read())
    assert "Govern the Unaligned" in json.dumps(parsed)

    # Two requests in one write on one kept-alive connection: two answers, in order.
    with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS) as sock:
        sock.sendall(b"GET /healthz?worker=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 2)
        received = b""
        while received.count(b"HTTP/1.1 200") < 2:
            chunk = sock.recv(65536)
            assert chunk, received
            received += chunk


def test_a_client_too_slow_to_send_its_head_is_answered_408_and_let_go(file_database, cards_in_database, tmp_path):
    with gunicorn(tmp_path, GUNICORN_CLIENT_TIMEOUT="2") as (base, port, _log):
        with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS) as sock:
            sock.sendall(b"GET /healthz?worker=0 HTTP/1.1\r\n")  # and nothing more
            answer = b""
            while chunk := sock.recv(4096):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408 "), answer
        assert healthz_answers(base, timeout=ANSWER_SECONDS)


KEPT_ALIVE = 16  # clients keeping the one thread busy: the server never finds itself without a request in hand


def test_a_new_connection_is_answered_while_kept_alive_clients_keep_every_thread_busy(
    file_database, cards_in_database, tmp_path
):
    """Short requests on kept-alive connections keep the worker's thread busy without a pause. A worker that took
    no new connection while its thread was busy left a new client in the listen queue for as long as they went
    on (a p99 of seconds under bench/load.py's 64 clients); it must be answered after a few of their requests,
    not after all of them. Counted in their requests, not in seconds: the outcome does not depend on speed."""
    import http.client

    done, halt, most = [0], threading.Event(), 4000
    lock = threading.Lock()

    def keep_asking(port: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_SECONDS)
        while not halt.is_set():
            connection.request("GET", "/api/v1/cards/?q=anson&page_size=1")
            connection.getresponse().read()
            with lock:
                done[0] += 1
                if done[0] >= most:
                    halt.set()

    with gunicorn(tmp_path, WEB_CONCURRENCY="1", GUNICORN_THREADS="1") as (base, port, _log):
        clients = [threading.Thread(target=keep_asking, args=(port,), daemon=True) for _ in range(KEPT_ALIVE)]
        for client in clients:
            client.start()
        while done[0] < 200 and not halt.is_set():  # every client connected and kept alive
            time.sleep(0.05)
        before = done[0]
        newcomer = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_SECONDS * 4)
        newcomer.request("GET", "/healthz?worker=0")
        answered = newcomer.getresponse().status
        after = done[0]
        halt.set()
        for client in clients:
            client.join(timeout=ANSWER_SECONDS)
    assert answered == 200
    assert after - before < 500, f"the new client waited for {after - before} requests of the kept-alive ones"


def established_per_worker(log: Path, port: int) -> dict[int, int]:
    """Each worker's established connections to ``port`` (its pid from the server's log), read from /proc."""
    listening_port = f"{port:04X}"
    established = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as rows:
            for row in list(rows)[1:]:
                fields = row.split()
                if fields[1].endswith(f":{listening_port}") and fields[3] == "01":  # local port, ESTABLISHED
                    established.add(f"socket:[{fields[9]}]")  # by the socket's inode
    workers = [
        int(line.rsplit(":", 1)[1]) for line in log.read_text().splitlines() if "Booting worker with pid" in line
    ]
    counts = {}
    for pid in workers:
        with contextlib.suppress(OSError):
            counts[pid] = sum(os.readlink(fd) in established for fd in Path(f"/proc/{pid}/fd").iterdir())
    return counts


def test_kept_alive_connections_are_spread_evenly_over_the_workers(file_database, cards_in_database, tmp_path):
    """Whichever worker polls first accepts a connection, and a kept-alive connection stays with it: 64 clients
    connecting at once were spread 28, 19, 9, 8, 0 over five workers, and the first worker's clients waited
    three times as long as the fourth's. Each worker now takes new connections only while it holds no more than
    one more than the least loaded worker that can answer, and one holding more than two more answers "Connection:
    close" until it does not (vtesdeck.serving.Board): connections taken while a worker was still starting move
    to it. Counted in requests, not seconds: the clients ask until each has had 20 answers and its last one kept
    the connection alive."""
    import http.client

    clients, workers, asks = 48, 4, 20
    # Idle connections kept a minute: the first client done must still be connected when the last is.
    with gunicorn(tmp_path, WEB_CONCURRENCY=str(workers), GUNICORN_KEEPALIVE="60") as (base, port, log):
        start, connections = threading.Barrier(clients), []

        def client() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_SECONDS)
            start.wait()
            for attempt in range(asks + 100):
                connection.request("GET", "/api/v1/cards/?q=anson&page_size=1")  # reconnects after a close
                answer = connection.getresponse()
                assert answer.read()
                if attempt >= asks and not answer.will_close:
                    break
            connections.append(connection)  # kept alive, and open while the workers are counted

        threads = [threading.Thread(target=client) for _ in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        counts = established_per_worker(log, port)
        for connection in connections:
            connection.close()
    assert len(connections) == clients and sum(counts.values()) == clients, counts
    assert len(counts) == workers and max(counts.values()) - min(counts.values()) <= 3, counts
