"""`make run` (manage.py serve) stops once, quietly, on Ctrl-C or TERM: the web server and the Celery worker both gone, no
"Segmentation fault" from make, no traceback, no screenful of shutdown lines.

The recipe runs through make itself (`make -o setup run`: the recipe alone, without the install and the
migrations its prerequisite would do) in a session of its own, as a terminal runs a foreground job: Ctrl-C is
SIGINT to the whole process group, `kill` is SIGTERM to make alone. A process still in that session after the
stop is a server or worker left behind.

Celery's own warm shutdown takes several seconds, more on a loaded machine, where the stop may go on to the
cold one after its grace period: one more line each, and still a stop.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.conftest import _worker_database_url
from tests.paths import PROJECT
from tests.web.test_gunicorn import free_port

READY_SECONDS = 120  # both started, on a loaded machine; only a hung start waits this long
STOP_SECONDS = 60  # the stop's own bound is seconds (vtesdeck.management.commands.serve.GRACE_SECONDS)


def session_members(session: int) -> list[str]:
    """The live processes of a session (zombies aside): their pid and command line."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        # After the command name in parentheses: state, ppid, pgrp, session.
        state, _ppid, _pgrp, sid = stat.rsplit(")", 1)[1].split()[:4]
        if int(sid) == session and state != "Z":
            members.append(f"{entry.name} {command.strip()}")
    return members


class Run:
    def __init__(self, process: subprocess.Popen, log: Path, port: int) -> None:
        self.process, self.log, self.port = process, log, port

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until_ready(self) -> None:
        """The web server accepts connections and both workers said they are ready."""
        deadline = time.monotonic() + READY_SECONDS
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"make run exited ({self.process.returncode}):\n{self.output()}")
            if self.output().count(" ready.") >= WORKERS:  # each worker's banner printed before any stop
                try:
                    with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                        return
                except OSError:
                    pass
            if time.monotonic() > deadline:
                pytest.fail(f"make run was not ready in {READY_SECONDS} s:\n{self.output()}")
            time.sleep(0.2)

    def wait_until_gone(self) -> str:
        """Everything `make run` started has exited: what it printed meanwhile."""
        deadline = time.monotonic() + STOP_SECONDS
        while (left := session_members(self.process.pid)) or self.process.poll() is None:
            if time.monotonic() > deadline:
                pytest.fail(f"still running {STOP_SECONDS} s after the stop: {left}\n{self.output()}")
            time.sleep(0.2)
        return self.output()


# What a stop may print: each worker's warm shutdown, and on a slow machine the cold one after the grace period.
STOP_LINES = ("worker: Warm shutdown (MainProcess)", "Still running after", "worker: Cold shutdown (MainProcess)")
WORKERS = 2  # `make run` starts two Celery workers: the main and quick queues', and the long queue's


@pytest.fixture
def make_run(file_database, cards_in_database, tmp_path):
    """`make run`'s recipe on a free port, on the test database, with a broker folder of its own."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": _worker_database_url(),
        "CELERY_BROKER_URL": "filesystem://",  # its own folder: no other test's worker shares its queues
        "CELERY_DATA_DIR": str(tmp_path / "celery"),
        "SIMULATION_QUEUE": f"vtesdeck-test-run-{uuid.uuid4().hex[:8]}",
        "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("CELERY_RESULT_BACKEND", None)
    env.pop("MAKEFLAGS", None)
    log = tmp_path / "make-run.log"
    # -o setup: the recipe alone, without the install and the migrations of its prerequisite.
    variables = [f"PORT={port}", "WORKERS=1", f"PY={sys.executable}"]
    command = ["make", "--no-print-directory", "-o", "setup", "run", *variables]
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, cwd=PROJECT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    run = Run(process, log, port)
    try:
        run.wait_until_ready()
        yield run
    finally:
        for member in session_members(process.pid):  # whatever a failed stop left behind
            try:
                os.kill(int(member.split()[0]), signal.SIGKILL)
            except ProcessLookupError:
                pass
        if process.poll() is None:
            process.wait(timeout=30)


def assert_quiet(before: str, after: str) -> None:
    said = [line for line in after[len(before) :].splitlines() if line.strip()]
    assert "Segmentation fault" not in after
    assert "Traceback" not in after
    assert all(line.startswith(STOP_LINES) for line in said), said  # not make's "*** [Makefile:…: run] Error 1"
    # Once per worker at most, and the supervisor's own line once: one stop, not a signal echoed round the group.
    assert all(sum(line.startswith(kind) for line in said) <= WORKERS for kind in STOP_LINES), said
    assert sum(line.startswith("Still running after") for line in said) <= 1, said


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_ctrl_c_stops_the_server_and_the_worker_once_and_quietly(make_run):
    before = make_run.output()
    os.killpg(make_run.process.pid, signal.SIGINT)  # what a terminal does on Ctrl-C: the whole foreground group
    assert_quiet(before, make_run.wait_until_gone())


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_term_stops_the_server_and_the_worker_once_and_quietly(make_run):
    before = make_run.output()
    os.kill(make_run.process.pid, signal.SIGTERM)  # `kill <pid of make>`
    assert_quiet(before, make_run.wait_until_gone())


# --- the stop's bound, with children that stand for a stuck worker and a server that fails --------------------

SUPERVISE = """
import sys
from vtesdeck.management.commands.serve import supervise
sys.exit(supervise(dict(zip(sys.argv[1::2], ([sys.executable, "-c", code] for code in sys.argv[2::2]))), grace=0.5))
"""
# Ignores TERM and QUIT (a worker stuck in a chunk), after saying it has started.
STUBBORN = (
    "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); signal.signal(signal.SIGQUIT, signal.SIG_IGN);"
    " print('started', flush=True); time.sleep(600)"
)
SLEEPER = "import time; print('started', flush=True); time.sleep(600)"


def supervise(tmp_path: Path, **children: str) -> tuple[subprocess.Popen, Path]:
    log = tmp_path / "supervise.log"
    arguments = [part for name, code in children.items() for part in (name, code)]
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-c", SUPERVISE, *arguments],
            cwd=PROJECT,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return process, log


def wait_until_gone(process: subprocess.Popen, log: Path) -> str:
    deadline = time.monotonic() + STOP_SECONDS
    while (left := session_members(process.pid)) or process.poll() is None:
        if time.monotonic() > deadline:
            for member in left:
                os.kill(int(member.split()[0]), signal.SIGKILL)
            pytest.fail(f"still running {STOP_SECONDS} s after the stop: {left}\n{log.read_text()}")
        time.sleep(0.1)
    return log.read_text()


def test_a_child_deaf_to_term_and_quit_is_killed_after_the_grace_periods(tmp_path):
    process, log = supervise(tmp_path, stuck=STUBBORN, sleeper=SLEEPER)
    deadline = time.monotonic() + READY_SECONDS
    while log.read_text().count("started") < 2:
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGINT)
    said = wait_until_gone(process, log)
    assert process.returncode == 0
    assert "Still running after 0.5 s" in said


def test_when_one_child_exits_the_other_is_stopped_and_its_status_is_the_exit_status(tmp_path):
    process, log = supervise(tmp_path, sleeper=SLEEPER, failing="import sys; sys.exit(3)")
    said = wait_until_gone(process, log)
    assert process.returncode == 3
    assert "failing exited (3): stopping the rest" in said
