"""The site that bench/attack24.py attacks, and the registry its scenario modules fill (nothing here knows an attack).

A scenario lives in a module ``bench/attack24_<area>.py`` and registers itself::

    from _attack24 import Site, scenario

    @scenario("shared-collection", item=1, worker=False)
    def shared_collection(site: Site) -> bool:
        '''One line saying what the attacker does.'''
        ...  # set up through site.orm() / site.user(), attack over HTTP with site.url, print figures
        return ok  # True when every guarantee held

``Site`` is a throwaway database (SQLite in a temporary folder, or a fresh PostgreSQL database with
BENCH_DATABASE_URL), migrated, with the card list; gunicorn with the project's gunicorn.conf.py, DEBUG off,
pinned to two cores; and, for scenarios registered with ``worker=True``, a Celery worker on a broker of its own
(a filesystem broker in the temporary folder, or BENCH_BROKER_URL). Throttles keep their production rates
unless a scenario sets its own environment with ``env=`` (a scenario about a throttle must see it).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
PROJECT = BENCH.parent
if str(PROJECT) not in sys.path:
    sys.path.insert(0, str(PROJECT))  # our `cards` app before krcg's top-level `cards` package
if str(BENCH) not in sys.path:
    sys.path.insert(1, str(BENCH))

import _servers  # noqa: E402
import requests  # noqa: E402
from attack import Poller  # noqa: E402  (/healthz polled every 100 ms; .report(what) prints PASS/FAIL)

PASSWORD = "attack-24-password"


@dataclass
class Scenario:
    name: str
    item: int
    run: Callable[[Site], bool]
    worker: bool = False
    env: dict[str, str] = field(default_factory=dict)

    @property
    def doc(self) -> str:
        return (self.run.__doc__ or "").strip().splitlines()[0] if self.run.__doc__ else ""


SCENARIOS: dict[str, Scenario] = {}


def scenario(name: str, *, item: int, worker: bool = False, env: dict[str, str] | None = None):
    """Register ``function(site) -> bool`` as the replay of issue 24's ``item``."""

    def register(function: Callable[[Site], bool]) -> Callable[[Site], bool]:
        if name in SCENARIOS:
            raise ValueError(f"two scenarios are called {name!r}")
        SCENARIOS[name] = Scenario(name, item, function, worker, dict(env or {}))
        return function

    return register


# --- the site ---------------------------------------------------------------------------------------


def rss_mb(pid: int) -> float:
    """Resident memory of one process in MB (0 once it has exited)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


@dataclass
class Site:
    """A production-like site for one scenario: see the module's docstring. Use as a context manager."""

    folder: Path
    database_url: str
    env: dict[str, str] = field(default_factory=dict)
    worker: bool = False
    server: _servers.Gunicorn | None = None
    celery: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return self.server.url

    def environment(self) -> dict[str, str]:
        media = self.folder / "media"
        media.mkdir(exist_ok=True)
        celery_dir = self.folder / "celery"
        base = {
            "DATABASE_URL": self.database_url,
            "DJANGO_SETTINGS_MODULE": "vtesdeck.settings",
            "DJANGO_DEBUG": "false",
            "MEDIA_ROOT": str(media),
            "CELERY_DATA_DIR": str(celery_dir),
            "CELERY_BROKER_URL": os.environ.get("BENCH_BROKER_URL", "filesystem://"),
        }
        return {**base, **self.env}

    def start(self) -> Site:
        env = self.environment()
        os.environ.update(env)  # the in-process ORM (site.orm()) sees the same database and folders
        self.server = _servers.Gunicorn(log=self.folder / "gunicorn.log", env=env).start()
        if self.worker:
            with (self.folder / "celery.log").open("ab") as log:
                self.celery = subprocess.Popen(
                    _servers.pinned(
                        [
                            _servers.PYTHON,
                            "-m",
                            "celery",
                            "-A",
                            "vtesdeck",
                            "worker",
                            "--loglevel=INFO",
                            "--concurrency=2",
                        ]
                    ),
                    cwd=PROJECT,
                    env={**os.environ, **env},
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
        return self

    def stop(self) -> None:
        if self.celery is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.celery.pid, 15)
            try:
                self.celery.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.celery.pid, 9)
            self.celery = None
        if self.server is not None:
            self.server.stop()

    def __enter__(self) -> Site:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    # --- what scenarios use ---

    def poller(self) -> Poller:
        """``with site.poller() as poll: ...attack...`` then ``poll.report("the attack")`` (PASS under 1 s)."""
        return Poller(self.url)

    def server_pids(self) -> list[int]:
        assert self.server is not None and self.server.process is not None
        master = self.server.process.pid
        # taskset execs gunicorn in place, so the process is gunicorn's master; its children are the workers.
        return [master, *_servers._children(master)]

    def rss_mb(self) -> dict[str, float]:
        """The web server's resident memory: ``{"max_worker": MB, "total": MB}`` (master and workers)."""
        sizes = [rss_mb(pid) for pid in self.server_pids()]
        return {"max_worker": max(sizes[1:] or [0.0]), "total": sum(sizes)}

    def cpu_seconds(self) -> float:
        assert self.server is not None
        return self.server.cpu_seconds()

    @staticmethod
    def orm() -> None:
        """Django set up in this process against the site's database (call it before importing models). Each
        scenario runs in a process of its own (bench/attack24.py), so settings read here are the site's."""
        import django
        from django.apps import apps

        if not apps.ready:
            django.setup()

    def user(self, name: str | None = None) -> tuple[object, str]:
        """A new account (password ``PASSWORD``) and an API token for it: ``(user, token_key)``."""
        self.orm()
        from django.contrib.auth import get_user_model

        from accounts.models import ApiToken

        name = name or f"attacker-{secrets.token_hex(3)}"
        user = get_user_model().objects.create_user(name, password=PASSWORD)
        _token, key = ApiToken.objects.issue(user, "attack24")
        return user, key

    def logged_in(self, name: str) -> requests.Session:
        """A requests session logged in through the login page as ``name`` (made by ``site.user``)."""
        session = requests.Session()
        page = session.get(f"{self.url}/accounts/login/", timeout=30)
        token = session.cookies.get("csrftoken", "")
        if not token:
            raise RuntimeError(f"the login page set no CSRF cookie ({page.status_code})")
        answer = session.post(
            f"{self.url}/accounts/login/",
            data={"username": name, "password": PASSWORD, "csrfmiddlewaretoken": token},
            headers={"Referer": f"{self.url}/accounts/login/"},
            timeout=30,
            allow_redirects=False,
        )
        if answer.status_code != 302:
            raise RuntimeError(f"logging in as {name} answered {answer.status_code}")
        return session

    @staticmethod
    def api(key: str) -> requests.Session:
        session = requests.Session()
        session.headers["Authorization"] = f"Token {key}"
        return session


@contextlib.contextmanager
def site_for(chosen: Scenario) -> Iterator[Site]:
    """A fresh database and server (and worker) for one scenario, removed afterwards."""
    with (
        tempfile.TemporaryDirectory(prefix="vtesdeck-attack24-") as tmp,
        _servers.throwaway_database(Path(tmp)) as database_url,
    ):
        started = time.perf_counter()
        _servers.manage(database_url, "migrate", "--noinput")
        _servers.manage(database_url, "import_cards")
        print(f"  (database ready in {time.perf_counter() - started:.1f} s)")
        with Site(Path(tmp), database_url, env=chosen.env, worker=chosen.worker) as site:
            yield site
