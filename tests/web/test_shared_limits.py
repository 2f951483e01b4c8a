"""Limits hold across processes: gunicorn's workers are separate processes, and the throttles' counts (the
default cache) must be one count for all of them, not one per worker. Each test runs another Django process
on the test database, as another worker would be."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from accounts import throttle
from tests.conftest import _worker_database_url
from tests.paths import PROJECT
from vtesdeck.cache import machine_counts
from vtesdeck.models import ThrottleCount

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("file_database", "fresh_throttles")]

PASSWORD = "vampire-crypt-7391"
ADDRESS = "203.0.113.9"


def other_process(code: str, *arguments: str, count: int = 1, **variables: str) -> list[subprocess.Popen]:
    """``count`` Django processes on the test database (and this process's cache settings) running ``code``."""
    env = {**os.environ, "DATABASE_URL": _worker_database_url(), "DJANGO_SETTINGS_MODULE": "vtesdeck.settings"}
    env.update(variables)
    script = "import django\ndjango.setup()\n" + textwrap.dedent(code)
    command = [sys.executable, "-c", script, *arguments]
    return [
        subprocess.Popen(command, cwd=PROJECT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(count)
    ]


def outputs(processes: list[subprocess.Popen]) -> list[str]:
    results = []
    for process in processes:
        out, err = process.communicate(timeout=180)
        assert process.returncode == 0, err
        results.append(out.strip())
    return results


def start_together(processes: list[subprocess.Popen], gate: Path) -> None:
    """Open the gate the processes wait at (``gate/go``) once each is ready (``gate/ready-<pid>``), so that
    they all count at once, as workers serving one burst would."""
    deadline = time.monotonic() + 120  # only stops a test that would otherwise hang
    while len(list(gate.glob("ready-*"))) < len(processes) and time.monotonic() < deadline:
        time.sleep(0.05)
    (gate / "go").touch()


def test_failures_counted_by_one_worker_lock_the_account_for_every_worker(client):
    User.objects.create_user("alice", "alice@example.org", PASSWORD)
    counted = """
        from accounts import throttle
        print(sum(throttle.count_attempt("alice", "203.0.113.9") for _ in range(throttle.LIMIT)))
    """
    assert outputs(other_process(counted)) == [str(throttle.LIMIT)]  # ten wrong passwords went through there

    # Here, the eleventh attempt is refused, even with the right password.
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR=ADDRESS)
    assert "Too many failed attempts to log in" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_counts_made_at_once_by_several_workers_add_up(tmp_path):
    # Four processes count the same failure 50 times each, all starting once all are ready: none is lost.
    cache.add("shared-count", 0, throttle.WINDOW)
    counted = """
        import os, sys, time
        from pathlib import Path
        from django.core.cache import cache
        gate = Path(sys.argv[1])
        (gate / f"ready-{os.getpid()}").touch()
        while not (gate / "go").exists():
            time.sleep(0.01)
        for _ in range(50):
            cache.incr("shared-count")
    """
    processes = other_process(counted, str(tmp_path), count=4)
    start_together(processes, tmp_path)
    outputs(processes)
    assert cache.get("shared-count") == 200


BURST = """
    import os, sys, time
    from pathlib import Path
    from types import SimpleNamespace
    from django.test import RequestFactory
    from rest_framework.request import Request
    from simulations.throttle import SimulationStartThrottle
    from vtesdeck.api import AnonThrottle
    gate, kind = Path(sys.argv[1]), sys.argv[2]
    if kind == "api":
        throttle, method, view = AnonThrottle, "get", None
    else:  # starting a simulation job
        throttle, method, view = SimulationStartThrottle, "post", SimpleNamespace(action="create")
    make = getattr(RequestFactory(), method)
    requests = [Request(make("/api/v1/simulations/", REMOTE_ADDR="203.0.113.7")) for _ in range(15)]
    (gate / f"ready-{os.getpid()}").touch()
    while not (gate / "go").exists():
        time.sleep(0.01)
    print(sum(throttle().allow_request(request, view) for request in requests))
"""


@pytest.mark.parametrize("kind, rate", [("api", "API_ANON_RATE"), ("jobs", "SIMULATIONS_ANON_RATE")])
def test_requests_made_at_once_by_several_workers_stay_within_the_rate(tmp_path, kind, rate):
    # Four processes each let one address make 15 API requests (or job starts), all at once: 20 an hour means
    # 20 in all.
    processes = other_process(BURST, str(tmp_path), kind, count=4, **{rate: "20/hour"})
    start_together(processes, tmp_path)
    assert sum(int(allowed) for allowed in outputs(processes)) == 20


def test_a_refused_address_adds_no_count_for_each_new_name_it_tries():
    # Otherwise one client could fill the cache with names until it culled the counts that matter.
    for number in range(throttle.LIMIT + 100):
        throttle.count_attempt(f"guess-{number}", ADDRESS)
    table = machine_counts()  # the machine's shared memory (SQLite), else the database's table
    if table is not None:
        counts = table.live(time.time())
    else:
        counts = ThrottleCount.objects.filter(cache_key__contains="login-throttle").count()
    assert counts == throttle.LIMIT + 1  # the address's, and one per name tried before it was refused
