"""gunicorn settings for vtesdeck: `.venv/bin/gunicorn` from the project folder reads this file.

Every value a deployment may need to change comes from the environment; the defaults suit one web machine,
with or without a reverse proxy (nginx, a load balancer) in front: slow clients are handled here either way.
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

# Threaded workers that read each request whole before a thread runs it (vtesdeck/serving.py). The sync
# worker this replaced read request heads with a blocking socket and no deadline: six clients sending their
# headers a byte every few seconds held all five workers until their 30 s timeout, and /healthz with them.
# Here each worker's main loop reads request heads and bodies (up to 17 MB, the largest upload the site
# reads) from non-blocking sockets, as a buffering proxy does; a thread gets a request only once it is all
# in memory. A slow client costs a socket, not a thread, and is answered 408 if its head takes over
# GUNICORN_CLIENT_TIMEOUT (20 s) or its body pauses that long (the tests and bench/attack.py show /healthz
# answering throughout 50 of them). Stock gthread would not do: its threads wait on the trickling bytes.
#
# Processes, not threads, give the parallelism: our views spend their time in Python (the card index, the
# validator, rendering, the SVG charts), which threads of one process run one at a time (the GIL). The
# threads let a process overlap waits (the database, the broker, a response the kernel cannot take yet)
# and keep answering short requests beside a long one. 2 x cores + 1 processes of GUNICORN_THREADS (2)
# threads each: bench/load.py measured 2 threads within 1-3 % of the sync workers' CPU per request, 4 at
# 5-12 % more (threads of one process contend for the GIL); a worker whose threads all have a request
# leaves new connections to the others. Each thread holds its own database connection, kept
# DATABASE_CONN_MAX_AGE (60 s) on PostgreSQL: up to workers x threads (10 on two cores) connections to
# allow for in max_connections.
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "vtesdeck.serving.BufferingThreadWorker")
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
threads = int(os.environ.get("GUNICORN_THREADS", "2"))

# A worker must show the master it is alive at least this often, else it is killed and replaced. Unlike
# the sync worker's, a threaded worker's main loop does this every second whatever its threads do, so this
# no longer cuts a long request short: vtesdeck.serving makes a worker whose request has run longer than
# this stop taking connections, let its other requests finish and be killed and replaced. The slowest
# legitimate request is a /check/ upload of a whole event's decklists (a few seconds).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM (deploy, scale down) requests under way get this long to finish.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
# How long an idle kept-alive connection is kept: in the worker's poller, at no thread's cost. Behind a load
# balancer that keeps connections to the site open, longer than its idle timeout (60 s on many).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Each worker is replaced after about this many requests (counted over all its threads), in case some
# library leaks memory slowly; the jitter keeps the workers from all restarting at the same moment. High,
# because at the load the site is sized for (700 requests a second over five workers) 2,000 replaced each
# worker every 15 seconds or so, and a replacement's first request is slow: about 50 ms of CPU forked from
# the preloaded master below, 700 ms without it, more when the card list changed since the master started.
# A worker being replaced finishes the requests its threads hold first. 0 turns recycling off.
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
        # The similar-deck indexes (the archive's, the public decks'), built once here rather than by every
        # worker's first ?similar= or suggestions request: a worker brings its copy up to date incrementally.
        from suggestions import services as suggestions

        started = time.monotonic()
        decks = len(suggestions.pool().public)
        server.log.info("similar-deck indexes ready: %d public decks in %.1f s", decks, time.monotonic() - started)
    except DatabaseError as exc:  # no database yet, or not migrated: each worker builds it on first use
        server.log.warning("card list not preloaded (%s); workers will build it themselves", exc)
    finally:
        # Workers must not share the master's database connections: each opens its own after the fork.
        connections.close_all()
        if os.environ.get("GC_FREEZE", "1") != "0":
            # What the master built (the card list, the search snapshot, the similar-deck indexes: millions of
            # objects) lives as long as the workers: out of the collector's reach, its full collections walk
            # only what requests made, and the workers' copies of these pages stay shared (copy-on-write).
            import gc

            gc.collect()
            gc.freeze()


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
