"""Process plumbing for the HTTP benchmarks (bench/load.py, bench/faults.py): nothing here knows a route.

- ``throwaway_database(folder)``: a database URL that exists only for the ``with`` block (SQLite in
  ``folder``; with BENCH_DATABASE_URL=postgres://…, a fresh database on that server, dropped afterwards);
- ``manage(database_url, "migrate")``: a ``manage.py`` command in a subprocess against that database;
- ``Gunicorn(...)``: the site served by gunicorn on 127.0.0.1, pinned to two cores, as a context manager
  that stops the whole process group on the way out, errors and Ctrl-C included;
- ``free_port()``, ``wait_for_port()``;
- ``find_wrk()`` and ``run_wrk()``: wrk with a Lua script whose ``done()`` ends with ``WRK_DONE_LUA``,
  parsed into a ``WrkResult`` (rate, latency percentiles, status counts, socket errors).

Every process started here is started in its own session and stopped by its own process group id.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

PROJECT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
HOST = "127.0.0.1"
# The cores the server is pinned to: the targets are stated for a two-core machine.
SERVER_CPUS = "0,1"


# --- ports -----------------------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now (the kernel picks it)."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, *, timeout: float = 60.0, process: subprocess.Popen | None = None) -> None:
    """Return once something accepts connections on 127.0.0.1:``port``; raise RuntimeError after ``timeout``
    seconds, or as soon as ``process`` (the one meant to listen) has exited."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return
        except OSError:
            pass
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode} before listening on {port}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"nothing listens on {HOST}:{port} after {timeout:g} s")
        time.sleep(0.1)


# --- the database ----------------------------------------------------------------------------------


@contextlib.contextmanager
def throwaway_database(folder: Path) -> Iterator[str]:
    """A database URL for the block: ``sqlite:///<folder>/bench.sqlite3`` by default.

    BENCH_DATABASE_URL=postgres://user@host:port/db names a PostgreSQL server instead (e.g.
    ``postgres://postgres@127.0.0.1:5432/postgres``): a new database ``vtesdeck_bench_<random>`` is created
    on it and dropped afterwards, whatever happened; the database named in the URL is only used to
    connect and is never touched. Any other URL is used as it is (and left as it is).
    """
    url = os.environ.get("BENCH_DATABASE_URL", "")
    if not url:
        yield f"sqlite:///{folder}/bench.sqlite3"
        return
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        yield url
        return
    import psycopg
    from psycopg import sql

    name = f"vtesdeck_bench_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True, connect_timeout=5) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(url, autocommit=True, connect_timeout=5) as admin:
            # FORCE: a server process that did not stop cleanly must not keep the database alive.
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def manage(database_url: str, *args: str, env: dict[str, str] | None = None) -> str:
    """Run ``manage.py *args`` against ``database_url`` in a subprocess; its output, or RuntimeError."""
    result = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=PROJECT,
        env={**os.environ, **(env or {}), "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
    )
    if result.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


# --- gunicorn --------------------------------------------------------------------------------------


def pinned(command: Sequence[str], cpus: str = SERVER_CPUS) -> list[str]:
    """``command`` under ``taskset -c cpus`` when taskset exists and this machine has those CPUs."""
    wanted = {int(cpu) for cpu in cpus.split(",")}
    if shutil.which("taskset") and wanted <= os.sched_getaffinity(0):
        return ["taskset", "-c", cpus, *command]
    return list(command)


@dataclass
class Gunicorn:
    """``vtesdeck.wsgi`` served by gunicorn on 127.0.0.1:``port`` with ``env`` added to this environment.

    The project's ``gunicorn.conf.py`` is used when it exists; ``workers``, ``worker_class`` and ``threads``
    override it (command-line flags win over the file), and stand in for it when it is missing. The
    server's output goes to ``log``. Use as a context manager: ``with Gunicorn(...) as server:``.
    """

    log: Path
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    workers: int | None = None
    worker_class: str | None = None
    threads: int | None = None
    extra_args: Sequence[str] = ()
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def config(self) -> Path | None:
        path = PROJECT / "gunicorn.conf.py"
        return path if path.is_file() else None

    def command(self) -> list[str]:
        command = [PYTHON, "-m", "gunicorn", "vtesdeck.wsgi:application", "--bind", f"{HOST}:{self.port}"]
        if self.config:
            command += ["--config", str(self.config)]
        else:
            # Without the project's file: two sync workers, no access log, a generous timeout.
            command += ["--workers", "2", "--timeout", "60"]
        if self.workers is not None:
            command += ["--workers", str(self.workers)]
        if self.worker_class is not None:
            command += ["--worker-class", self.worker_class]
        threads = self.threads
        if threads is None and self.worker_class == "sync":
            threads = 1  # gunicorn.conf.py sets threads, and gunicorn runs gthread for sync with threads > 1
        if threads is not None:
            command += ["--threads", str(threads)]
        return pinned([*command, *self.extra_args])

    def start(self, timeout: float = 60.0) -> Gunicorn:
        env = {**os.environ, **self.env, "PYTHONUNBUFFERED": "1"}
        env.pop("GUNICORN_CMD_ARGS", None)  # the figures must not depend on the caller's shell
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                self.command(), cwd=PROJECT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        try:
            wait_for_port(self.port, timeout=timeout, process=self.process)
        except RuntimeError as exc:
            self.stop()
            raise RuntimeError(f"{exc}; its log ({self.log}) ends:\n{self.log_tail()}") from None
        return self

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM to the server's process group (master and workers), SIGKILL after ``timeout`` seconds."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=timeout)
        self.process = None

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the server has used so far: master, live workers, and the workers that
        already exited (the master reaped them, so the kernel adds theirs to its children's time). Unlike
        latency, this hardly changes when other programs compete for the cores."""
        if self.process is None:
            return 0.0
        ticks = os.sysconf("SC_CLK_TCK")
        total = _cpu_ticks(self.process.pid, children=True)
        for pid in _children(self.process.pid):
            total += _cpu_ticks(pid, children=False)
        return total / ticks

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:]) if self.log.exists() else ""

    def __enter__(self) -> Gunicorn:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()


def _children(pid: int) -> list[int]:
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _cpu_ticks(pid: int, *, children: bool) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # exited meanwhile: its time goes to its parent's children time
        return 0
    # After the command name: utime, stime, cutime, cstime are fields 14-17 of proc(5), 12-15 here.
    utime, stime, cutime, cstime = (int(value) for value in fields[11:15])
    return utime + stime + (cutime + cstime if children else 0)


# --- wrk -------------------------------------------------------------------------------------------

# Paste at the end of a wrk Lua script's setup/response/done section: each thread counts its statuses;
# ``done()`` prints one JSON line that ``run_wrk`` reads (latencies in microseconds, as wrk keeps them).
WRK_DONE_LUA = r"""
local __threads = {}
function setup(thread)
  table.insert(__threads, thread)
  thread:set("thread_number", #__threads)
end

statuses = {}
function response(status, headers, body)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

function done(summary, latency, rates)
  local counts = {}
  for _, thread in ipairs(__threads) do
    for code, n in pairs(thread:get("statuses") or {}) do
      counts[code] = (counts[code] or 0) + n
    end
  end
  local parts = {}
  for code, n in pairs(counts) do
    table.insert(parts, string.format('"%s": %d', code, n))
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"duration_us": %d, "requests": %d, "bytes": %d, "connect": %d, "read": %d, "write": %d, '
    .. '"status": %d, "timeout": %d, "p50_us": %d, "p75_us": %d, "p90_us": %d, "p99_us": %d, '
    .. '"mean_us": %.1f, "max_us": %d, "statuses": {%s}}\n',
    summary.duration, summary.requests, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(75), latency:percentile(90), latency:percentile(99),
    latency.mean, latency.max, table.concat(parts, ", ")))
end
"""


@dataclass
class WrkResult:
    """One wrk run: what its ``done()`` printed, and wrk's own text (``--latency`` table included)."""

    duration_s: float
    requests: int
    bytes: int
    socket_errors: dict[str, int]  # connect, read, write, timeout
    statuses: dict[int, int]
    latency_ms: dict[str, float]  # p50, p75, p90, p99, mean, max
    output: str

    @property
    def rate(self) -> float:
        return self.requests / self.duration_s if self.duration_s else 0.0

    @property
    def non_2xx(self) -> int:
        return sum(n for status, n in self.statuses.items() if not 200 <= status < 300)

    @property
    def errors(self) -> int:
        return sum(self.socket_errors.values())

    def figures(self) -> dict:
        return {
            "requests": self.requests,
            "duration_s": round(self.duration_s, 2),
            "requests_per_s": round(self.rate, 1),
            **{f"{name}_ms": round(value, 2) for name, value in self.latency_ms.items()},
            "non_2xx": self.non_2xx,
            "statuses": {str(status): n for status, n in sorted(self.statuses.items())},
            "socket_errors": self.socket_errors,
        }


def find_wrk(install: bool = True) -> str | None:
    """wrk's path; when missing and ``install``, one ``apt-get install -y wrk`` attempt first (as root)."""
    found = shutil.which("wrk")
    if found or not install or not shutil.which("apt-get"):
        return found
    command = ["apt-get", "install", "-y", "wrk"]
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            return None
        command = ["sudo", "-n", *command]
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return shutil.which("wrk")


def run_wrk(
    url: str,
    script: Path,
    *,
    duration: float,
    connections: int,
    threads: int = 2,
    timeout: float = 10.0,
    wrk: str = "wrk",
) -> WrkResult:
    """Run wrk against ``url`` with ``script`` (which must hold ``WRK_DONE_LUA``) and read its result line."""
    command = [
        wrk,
        "--threads",
        str(threads),
        "--connections",
        str(connections),
        "--duration",
        f"{max(1, round(duration))}s",
        "--timeout",
        f"{timeout:g}s",
        "--latency",
        "--script",
        str(script),
        url,
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=duration + timeout + 60)
    line = next((ln for ln in result.stdout.splitlines() if ln.startswith("WRK_RESULT ")), None)
    if result.returncode or line is None:
        raise RuntimeError(f"wrk failed (status {result.returncode}):\n{result.stdout}{result.stderr}")
    data = json.loads(line.removeprefix("WRK_RESULT "))
    text = "\n".join(ln for ln in result.stdout.splitlines() if not ln.startswith("WRK_RESULT "))
    return WrkResult(
        duration_s=data["duration_us"] / 1e6,
        requests=data["requests"],
        bytes=data["bytes"],
        socket_errors={name: data[name] for name in ("connect", "read", "write", "timeout")},
        statuses={int(status): n for status, n in data["statuses"].items()},
        latency_ms={name: data[f"{name}_us"] / 1000 for name in ("p50", "p75", "p90", "p99", "mean", "max")},
        output=text,
    )
