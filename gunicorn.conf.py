"""gunicorn settings for vtesdeck: `.venv/bin/gunicorn` from the project folder reads this file.

Every value a deployment may need to change comes from the environment; the defaults suit one web machine
behind a reverse proxy (nginx, a load balancer) that terminates TLS and buffers slow clients.
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

PROJECT = Path(__file__).resolve().parent

wsgi_app = "vtesdeck.wsgi:application"
# The project folder first on sys.path: krcg's wheel installs a top-level `cards` package that our `cards`
# app must shadow (gunicorn puts chdir at the front of sys.path).
chdir = str(PROJECT)

# Only the local proxy reaches gunicorn by default; GUNICORN_BIND=0.0.0.0:8000 (or unix:/run/vtesdeck.sock)
# when the proxy is on another machine.
bind = [address.strip() for address in os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")]

# Sync workers, one request per process at a time: our views spend their time in Python (the card index,
# the validator, rendering, the SVG charts), which threads of one process cannot run in parallel (the GIL),
# and the database is local or a few milliseconds away, so a worker seldom waits. One process per request
# in flight also keeps a slow request from stalling others in its process. Slow clients are the proxy's
# problem: it must buffer requests and responses (nginx does by default), as sync workers cannot wait on
# them. 2 x cores + 1 keeps every core busy while some workers wait on the database or the broker.
worker_class = "sync"
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)

# The slowest legitimate request is a /check/ upload of a whole event's decklists (a few seconds); a
# worker silent for longer than this is stuck and is killed and replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM (deploy, scale down) requests under way get this long to finish.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
# Behind a proxy keeping connections open to us.
keepalive = 5
# Each worker is replaced after about this many requests, in case some library leaks memory slowly; the
# jitter keeps the workers from all restarting at the same moment. High, because at the load the site is
# sized for (700 requests a second over five workers) 2,000 replaced each worker every 15 seconds or so,
# and a replacement's first request is slow: about 50 ms of CPU forked from the preloaded master below, 700 ms
# without it, more when the card list changed since the master started. 0 turns recycling off.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "50000"))
max_requests_jitter = max_requests // 10

# The application is loaded, and the card index, the card list version, the search snapshot and every
# card's API fields built (`when_ready` below), once in the master before it forks the workers: they share
# that memory and answer fast from their first request, and a recycled worker starts warm. The price: a
# HUP reloads the configuration but not the code; deploy new code by restarting gunicorn (or with
# GUNICORN_PRELOAD=false).
preload_app = os.environ.get("GUNICORN_PRELOAD", "true").lower() not in ("0", "false", "no", "off")


def when_ready(server) -> None:
    if not preload_app:
        return
    import time

    from django.db import DatabaseError, connections
    from django.urls import resolve

    started = time.monotonic()
    try:
        # Every view module imported (the URLconf, loaded on the first request otherwise) and the
        # resolver's tables built: most of what a fresh worker's first request still paid.
        resolve("/api/v1/cards/")
        from cards import matching
        from cards.api.serializers import CardSerializer

        count = matching.warm(CardSerializer.listed)
        server.log.info("card list ready for the workers: %d cards in %.1f s", count, time.monotonic() - started)
    except DatabaseError as exc:  # no database yet, or not migrated: each worker builds it on first use
        server.log.warning("card list not preloaded (%s); workers will build it themselves", exc)
    finally:
        # Workers must not share the master's database connections: each opens its own after the fork.
        connections.close_all()


# The proxies whose X-Forwarded-Proto gunicorn believes (request.is_secure() behind a TLS terminator).
# Comma-separated addresses or networks; gunicorn's own default is the local machine.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# No access log: vtesdeck.requestlog writes one line per request, with the user and a request id
# besides. gunicorn's own messages (start, worker restarts, timeouts) go to stderr.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
proc_name = "vtesdeck"

# The heartbeat file in memory rather than on a disk that may block (containers, network disks).
if Path("/dev/shm").is_dir():
    worker_tmp_dir = "/dev/shm"

# gunicornc's control socket defaults to one path per user, which two instances on one machine (a
# deploy beside the old release, the tests) would share: off unless a path is given.
control_socket_path = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
if control_socket_path:
    control_socket = control_socket_path
else:
    control_socket_disable = True
