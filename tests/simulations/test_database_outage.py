"""Issue 24, item 12: a PostgreSQL outage is not a lost worker. A chunk that cannot reach the database waits and
tries again with back-off, without spending one of the job's attempts, and the job ends ``done`` once the
database is back (once every queued chunk failed within a second, and the job came back only after the 60 s
stale check, its last attempt spent).

The machine's PostgreSQL is never stopped (others use it): the worker reaches the test database through a TCP
proxy of this test's own, which the test cuts (every connection dropped, new ones closed at once) and restores;
the test process itself stays connected. It acts on observable states only: a chunk held at the workers' test
gate (under way), the worker's log saying each chunk waits for the database. PostgreSQL only: SQLite has no
server to lose (skipped loudly).
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from urllib.parse import quote

import pytest

from simulations.models import Simulation, SimulationChunk
from tests.simulations.test_worker import DEADLINE, finished, held_chunks, start, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


class CutProxy:
    """A TCP proxy to a PostgreSQL server that a test cuts and restores, as an outage of the network or the server
    would: ``cut()`` drops every connection through it and closes new ones at once; ``restore()`` lets them
    through again."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.lock = threading.Lock()
        self.sockets: set[socket.socket] = set()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:  # closed
                return
            with self.lock:
                if not self.up:
                    client.close()
                    continue
                try:
                    server = socket.create_connection(self.target, timeout=5)
                except OSError:
                    client.close()
                    continue
                server.settimeout(None)
                self.sockets |= {client, server}
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            self._drop(source, sink)

    def _drop(self, *ends: socket.socket) -> None:
        with self.lock:
            for end in ends:
                self.sockets.discard(end)
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                end.close()

    def cut(self) -> None:
        with self.lock:
            self.up = False
            ends = list(self.sockets)
        self._drop(*ends)

    def restore(self) -> None:
        with self.lock:
            self.up = True

    def close(self) -> None:
        self.listener.close()
        self.cut()


@pytest.fixture
def database_proxy():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("DATABASE OUTAGE TEST SKIPPED: it needs PostgreSQL (DATABASE_URL); SQLite has no server to lose")
    settings_dict = connection.settings_dict
    proxy = CutProxy(settings_dict.get("HOST") or "127.0.0.1", int(settings_dict.get("PORT") or 5432))
    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    proxy.url = f"postgres://{credentials}127.0.0.1:{proxy.port}/{quote(str(settings_dict['NAME']), safe='')}"
    yield proxy
    proxy.close()


def waits_for_the_database(worker, job: Simulation, index: int, pause: str) -> None:
    """Wait until the worker's log says chunk ``index`` waits ``pause`` seconds for the database; fail at once if
    it says the chunk raised instead (what it did before: the task failed, its message gone)."""
    waiting = re.compile(
        rf"simulation {job.id}: chunk {index}: the database is unavailable .*trying again in {pause} s"
    )
    deadline = time.monotonic() + DEADLINE
    while not waiting.search(log := worker.output(2000)):
        assert "raised unexpected" not in log, f"a chunk raised instead of waiting for the database:\n{log[-3000:]}"
        assert time.monotonic() < deadline, f"{waiting.pattern!r} not in the worker's log after {DEADLINE} s:\n{log}"
        time.sleep(0.2)


def test_a_chunk_waits_out_a_database_outage_and_the_job_ends_done_without_spending_an_attempt(
    start_worker, cards_kept, settings, gate, database_proxy
):
    settings.SIMULATION_QUEUE = queue = f"vtesdeck-test-{os.getpid()}-outage"
    worker = start_worker("sim-test-outage", queue=queue, env={"DATABASE_URL": database_proxy.url})
    job = start(hands=200_000, chunk_size=100_000, seed=24)  # two chunks, one worker process
    held_chunks(gate, job)  # chunk 0 under way
    database_proxy.cut()
    gate.open()
    # Chunk 0 meets the outage when it stores its tally, chunk 1 when it begins; both wait, backing off.
    waits_for_the_database(worker, job, 0, "1")
    waits_for_the_database(worker, job, 1, "1")
    waits_for_the_database(worker, job, 0, "2")
    job.refresh_from_db()
    assert (job.status, job.attempts, job.chunks_done) == ("running", 1, 0)
    database_proxy.restore()
    job = wait_for(job, finished)
    assert (job.status, job.error, job.attempts) == ("done", "", 1)
    assert (job.chunks_done, job.hands_done) == (2, 200_000)
    assert sorted(SimulationChunk.objects.filter(simulation=job).values_list("index", flat=True)) == [0, 1]
