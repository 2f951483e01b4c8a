"""Replay issue 14's attacks on a production-like site, and check that /healthz keeps answering under 1 s.

    .venv/bin/python bench/attack.py [--scenario check|slow|all] [--requests 8] [--slow-headers 40]
                                     [--slow-bodies 10] [--seconds 45] [--worker-class CLASS] [--threads N]
                                     [--keep]

Everything runs on 127.0.0.1 and is the script's own: a throwaway SQLite database with the card list
(``BENCH_DATABASE_URL`` for another, see bench/_servers.py) and gunicorn with the project's
``gunicorn.conf.py``, pinned to cores 0 and 1, DEBUG off, throttles raised out of the way (the attacks, not
the throttles, are the subject). ``--worker-class sync`` replays them on the old configuration (sync
workers, one thread each).

* **check**: the worst ``/check/`` request: a zip (about 10 MB) of twenty decklists of 20,000 lines (about
  2 MB each) that name no card, in several shapes (crypt rows such as "Foo Bar  7  CEL DOM pot  prince
  Brujah:3", the costliest; "[2] foo bar (baz) -- qux"; "3x Qwerty Zxcv"), posted ``--requests`` times at
  once to the page (with its CSRF cookie and token); then one such decklist posted ``--requests`` times at
  once to ``POST /api/v1/decklists/validate`` (no CSRF).
* **slow**: ``--slow-headers`` connections sending a request head one byte every 2 s, and
  ``--slow-bodies`` connections sending a whole head, then their body one byte every 2 s, for
  ``--seconds``; a connection the server closes is opened again at once (an attacker would).

During each, a client polls ``GET /healthz?worker=0`` every 100 ms on a new connection each time (as a load
balancer would) and the script prints its p50/p99/max latency and failures, then PASS when every poll was
answered 200 in under 1 s, else FAIL; the exit status is 1 when a check failed.
"""

from __future__ import annotations

import argparse
import io
import random
import re
import signal
import socket
import sys
import tempfile
import threading
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PROJECT = BENCH.parent
sys.path.insert(0, str(PROJECT))  # our `cards` app before krcg's top-level `cards` package
sys.path.insert(1, str(BENCH))

import _servers  # noqa: E402
import requests  # noqa: E402

HEALTHZ = "/healthz?worker=0"
VALIDATE = "/api/v1/decklists/validate"
TARGET = 1.0  # seconds: /healthz must answer within this, throughout
POLL_EVERY = 0.1
DRIP_EVERY = 2.0
RATE = "1000000/minute"  # throttles out of the way, as bench/faults.py does
THROTTLES = ("API_ANON_RATE", "API_USER_RATE", "DECKLISTS_ANON_RATE", "CHECK_RATE", "CHECK_ANON_RATE")
LINES = 20_000
MEMBER_BYTES = 1_990_000  # under a decklist's 2,000,000 bytes
MEMBERS = 20
CLANS = ["Brujah", "Ventrue", "Toreador", "Malkavian", "Nosferatu", "Tremere", "Gangrel", "Lasombra"]
DISCIPLINES = ["CEL", "DOM", "pot", "pre", "aus", "obf", "FOR", "ani", "tha", "dem"]


# --- the worst /check/ request ----------------------------------------------------------------------


def junk_word(rng: random.Random) -> str:
    return "".join(rng.choice("bcdfghjklmnprstvz") + rng.choice("aeiouy") for _ in range(rng.randint(2, 4)))


def junk_line(rng: random.Random, shape: int) -> str:
    name = f"{junk_word(rng).title()} {junk_word(rng).title()}"
    if shape == 0:  # a crypt row naming no vampire: the costliest to resolve; a long name fills the line
        name = " ".join(junk_word(rng).title() for _ in range(6))
        disciplines = " ".join(rng.sample(DISCIPLINES, 6))
        return f"{name}  {rng.randint(1, 11)}  {disciplines}  prince  {rng.choice(CLANS)}:{rng.randint(1, 7)}"
    if shape == 1:
        return f"[{rng.randint(1, 9)}] {name.lower()} ({junk_word(rng)}) -- {junk_word(rng)}"
    return f"{rng.randint(1, 9)}x {name}"


def junk_decklist(rng: random.Random, shape: int | None = None) -> str:
    """20,000 lines naming no card, just under 2 MB: the lines padded to the size. ``shape`` None mixes."""
    lines = []
    for n in range(LINES):
        lines.append(junk_line(rng, n % 3 if shape is None else shape))
    width = MEMBER_BYTES // LINES - 1
    return "\n".join(line[:width].ljust(width) if shape != 0 else line[:width] for line in lines)


def worst_zip(seed: int = 14) -> bytes:
    """Twenty junk decklists: half crypt rows alone, half the shapes mixed."""
    rng = random.Random(seed)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for n in range(MEMBERS):
            archive.writestr(f"deck-{n:02}.txt", junk_decklist(rng, 0 if n % 2 else None))
    return buffer.getvalue()


# --- /healthz, polled -------------------------------------------------------------------------------


@dataclass
class Poll:
    at: float
    seconds: float
    status: int | None
    error: str = ""


@dataclass
class Poller:
    """Polls /healthz every ``POLL_EVERY`` seconds from its own thread until stopped."""

    base: str
    polls: list[Poll] = field(default_factory=list)
    halt: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None

    def run(self) -> None:
        began = time.monotonic()
        while not self.halt.is_set():
            start = time.monotonic()
            try:
                # No session: a new connection each time, accepted like any other.
                status, error = requests.get(self.base + HEALTHZ, timeout=(3.05, 30)).status_code, ""
            except requests.RequestException as exc:
                status, error = None, type(exc).__name__
            self.polls.append(Poll(start - began, time.monotonic() - start, status, error))
            self.halt.wait(max(0.0, POLL_EVERY - (time.monotonic() - start)))

    def __enter__(self) -> Poller:
        self.thread = threading.Thread(target=self.run, daemon=True, name="healthz")
        self.thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.halt.set()
        if self.thread:
            self.thread.join(timeout=40)

    def report(self, what: str) -> bool:
        seconds = sorted(p.seconds for p in self.polls)
        failed = [p for p in self.polls if p.status != 200]
        slow = [p for p in self.polls if p.seconds >= TARGET]
        if not seconds:
            print(f"  /healthz: no poll completed during {what}")
            return False
        print(
            f"  /healthz during {what}: {len(seconds)} polls, p50 {ms(pct(seconds, 0.5))}, p99 {ms(pct(seconds, 0.99))}, "
            f"max {ms(seconds[-1])}; {len(failed)} failed, {len(slow)} took {TARGET:g} s or more"
        )
        for p in (failed or slow)[:5]:
            print(f"    at {p.at:5.1f} s: {p.status or p.error} after {ms(p.seconds)}")
        ok = not failed and not slow
        print(f"  {'PASS' if ok else 'FAIL'}  /healthz answers under {TARGET:g} s throughout {what}")
        return ok


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def pct(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# --- scenario: the worst /check/ request, many at once -----------------------------------------------


def post_check(base: str, archive: bytes) -> tuple[int | None, float, str]:
    started = time.monotonic()
    try:
        with requests.Session() as session:
            page = session.get(f"{base}/check/", timeout=30)
            match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
            token = match.group(1) if match else session.cookies.get("csrftoken", "")
            answer = session.post(
                f"{base}/check/",
                data={"csrfmiddlewaretoken": token, "ruleset": "vekn", "as_of": "today"},
                files=[("files", ("event.zip", archive, "application/zip"))],
                headers={"Referer": f"{base}/check/"},
                timeout=(3.05, 600),
            )
        return answer.status_code, time.monotonic() - started, cut_note(answer.text)
    except requests.RequestException as exc:
        return None, time.monotonic() - started, type(exc).__name__


def post_validate(base: str, text: str) -> tuple[int | None, float, str]:
    started = time.monotonic()
    try:
        answer = requests.post(
            base + VALIDATE, json={"text": text, "as_of": "today", "ruleset": "vekn"}, timeout=(3.05, 600)
        )
        return answer.status_code, time.monotonic() - started, cut_note(answer.text)
    except requests.RequestException as exc:
        return None, time.monotonic() - started, type(exc).__name__


def cut_note(text: str) -> str:
    """A hint of what the answer says about cut work, if it says anything (budget, limit, cut…)."""
    budget = re.search(r'class="[^"]*budget[^"]*"[^>]*>([^<]{1,200})', text)  # the page's note on what was cut
    if budget:
        return " ".join(budget.group(1).split())
    found = re.search(r"[^<>\"]{0,60}\b(not checked|stopped|cut short)\b[^<>\"]{0,100}", text, re.IGNORECASE)
    if found:
        return " ".join(found.group(0).split())
    return " ".join(text.split())[:160] if text.lstrip().startswith("{") else ""


def barrage(name: str, base: str, count: int, send) -> bool:
    print(f"\n-- {count} at once: {name}")
    with Poller(base) as poller, ThreadPoolExecutor(max_workers=count) as pool:
        answers = list(pool.map(lambda _n: send(), range(count)))
    for status, seconds, note in answers:
        print(f"  answered {status} after {seconds:.1f} s" + (f"  ({note[:160]})" if note else ""))
    return poller.report(f"{count} x {name}")


def scenario_check(base: str, count: int) -> bool:
    started = time.monotonic()
    archive = worst_zip()
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        sizes = [info.file_size for info in opened.infolist()]
    text = junk_decklist(random.Random(41), 0)
    print(
        f"worst request: a zip of {len(archive) / 1e6:.1f} MB holding {len(sizes)} decklists of {LINES:,} lines "
        f"({min(sizes) / 1e6:.2f}-{max(sizes) / 1e6:.2f} MB each), built in {time.monotonic() - started:.1f} s; "
        f"for the API, one decklist of {len(text) / 1e6:.2f} MB of crypt rows"
    )
    ok = barrage("POST /check/ (the zip)", base, count, lambda: post_check(base, archive))
    ok &= barrage(f"POST {VALIDATE} (one decklist)", base, count, lambda: post_validate(base, text))
    return ok


# --- scenario: slow clients -------------------------------------------------------------------------


class SlowClient:
    """One connection sending ``head`` (and ``body``) a byte at a time; opened again when the server
    closes it."""

    def __init__(self, port: int, head: bytes, body: bytes, whole_head: bool) -> None:
        self.port, self.head, self.body, self.whole_head = port, head, body, whole_head
        self.sock: socket.socket | None = None
        self.sent = 0
        self.opened = 0
        self.closed_by_server = 0
        self.answers: dict[str, int] = {}

    def open(self) -> None:
        self.sock = socket.create_connection((_servers.HOST, self.port), timeout=5)
        self.sock.setblocking(False)
        self.opened += 1
        self.sent = 0
        if self.whole_head:
            self.sock.sendall(self.head)
            self.sent = len(self.head)

    def drip(self) -> None:
        data = self.head + self.body
        try:
            if self.sock is None:
                self.open()
            # Anything the server said means it gave up on us (408, 400): note it, open a new connection.
            try:
                said = self.sock.recv(4096)
            except BlockingIOError:
                said = None
            if said is not None:
                status = said.split(b" ", 2)[1].decode() if said.startswith(b"HTTP/") else "closed"
                self.answers[status] = self.answers.get(status, 0) + 1
                self.closed_by_server += 1
                self.close()
                self.open()
            if self.sent < len(data):
                self.sock.send(data[self.sent : self.sent + 1])
                self.sent += 1
        except OSError as exc:
            self.answers[type(exc).__name__] = self.answers.get(type(exc).__name__, 0) + 1
            self.close()

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


def scenario_slow(base: str, port: int, headers: int, bodies: int, seconds: float) -> bool:
    pad = "x" * 400  # never finished within --seconds at a byte every 2 s
    head = f"GET {HEALTHZ} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-{pad}\r\n\r\n".encode()
    body = b'{"text": "' + b"x" * 2000 + b'"}'
    post = (
        f"POST {VALIDATE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    clients = [SlowClient(port, head, b"", False) for _ in range(headers)]
    clients += [SlowClient(port, post, body, True) for _ in range(bodies)]
    print(
        f"\n-- {headers} slow-header and {bodies} slow-body connections, a byte every {DRIP_EVERY:g} s each, "
        f"for {seconds:g} s"
    )
    halt = threading.Event()

    def attack() -> None:
        for client in clients:  # spread over the first interval, as separate attackers would be
            client.drip()
            halt.wait(DRIP_EVERY / len(clients))
        while not halt.wait(DRIP_EVERY):
            for client in clients:
                client.drip()

    attacker = threading.Thread(target=attack, daemon=True, name="slow-clients")
    with Poller(base) as poller:
        attacker.start()
        time.sleep(seconds)
        halt.set()
        attacker.join(timeout=30)
    for client in clients:
        client.close()
    opened = sum(c.opened for c in clients)
    closed = sum(c.closed_by_server for c in clients)
    answers: dict[str, int] = {}
    for client in clients:
        for status, n in client.answers.items():
            answers[status] = answers.get(status, 0) + n
    print(
        f"  attacker: {opened} connections opened, {closed} closed by the server"
        + (f" ({', '.join(f'{s}: {n}' for s, n in sorted(answers.items()))})" if answers else "")
    )
    return poller.report(f"{headers + bodies} slow clients")


# --- main -------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=["check", "slow", "all"], default="all")
    parser.add_argument("--requests", type=int, default=8, help="worst /check/ requests at once (default 8)")
    parser.add_argument("--slow-headers", type=int, default=40, help="slow-header connections (default 40)")
    parser.add_argument("--slow-bodies", type=int, default=10, help="slow-body connections (default 10)")
    parser.add_argument("--seconds", type=float, default=45, help="how long the slow clients last (default 45)")
    parser.add_argument("--worker-class", help="gunicorn worker class (default: gunicorn.conf.py's), e.g. sync")
    parser.add_argument("--threads", type=int, help="threads per worker (default: gunicorn.conf.py's; 1 for sync)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (the server's log)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    folder = Path(tempfile.mkdtemp(prefix="vtesdeck-attack-"))
    env = {"DJANGO_DEBUG": "false", **{name: RATE for name in THROTTLES}}
    results: dict[str, bool] = {}
    try:
        with _servers.throwaway_database(folder) as database_url:
            started = time.monotonic()
            _servers.manage(database_url, "migrate", "--noinput", env=env)
            _servers.manage(database_url, "import_cards", env=env)
            print(f"database: {database_url} with the card list ({time.monotonic() - started:.1f} s)")
            server = _servers.Gunicorn(
                log=folder / "gunicorn.log",
                env={**env, "DATABASE_URL": database_url},
                worker_class=args.worker_class,
                threads=args.threads,
            )
            print(f"server: {' '.join(server.command())}")
            with server:
                for _ in range(50):  # every worker up and answering
                    if requests.get(server.url + HEALTHZ, timeout=30).status_code == 200:
                        break
                    time.sleep(0.2)
                if args.scenario in ("check", "all"):
                    results["check"] = scenario_check(server.url, args.requests)
                if args.scenario in ("slow", "all"):
                    results["slow"] = scenario_slow(
                        server.url, server.port, args.slow_headers, args.slow_bodies, args.seconds
                    )
                log = server.log.read_text(errors="replace").splitlines()
            timeouts = sum("WORKER TIMEOUT" in line for line in log)
            boots = sum("Booting worker" in line for line in log)
            print(
                f"\nserver log: {boots} worker starts, {timeouts} worker timeouts" + (f"; kept in {folder}" * args.keep)
            )
    finally:
        if not args.keep:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)
    print("summary: " + "; ".join(f"{name} {'PASS' if ok else 'FAIL'}" for name, ok in results.items()))
    return 0 if results and all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
