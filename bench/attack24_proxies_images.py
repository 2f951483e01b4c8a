"""Issue 24, items 5, 6 and 11: proxy PDFs, huge images, and image fetches sent to private addresses.

    .venv/bin/python bench/attack24.py --only proxy-pdfs,image-pixels,image-redirects

* **proxy-pdfs** (item 5): an anonymous client prints a public 360-card deck whose 45 cards all have mirrored
  scans (744 × 1039 JPEGs of noise, the worst case for their size: about a 22 MB PDF), then downloads the PDF
  six times at once, five rounds. Figures: where the PDF went and its size, the web server's memory before and at its peak
  during the downloads, /healthz throughout; then the same client's next PDF, past its address's room
  (``PROXIES_MAX_STORED_BYTES_ANON`` set here to 30 MB), refused. PASS: the PDF is a file, no download
  answers short, the web server grew less than 100 MB in all, /healthz under 1 s, and the next PDF refused with
  nothing stored.
* **image-pixels** (item 6): a 144-megapixel PNG of about 420 KB offered to ``fetch_card_images`` (from a local
  https server allowed by name), with a 2000 × 2800 scan beside it; then the same PNG copied into the mirror by
  hand (as a file from before the fix would be) for nine cards of a deck printed as proxies. Figures: what was
  mirrored and at what size, the command's peak memory, the worker's peak memory while it lays the sheet out.
  PASS: the PNG refused, the scan kept at 742 × 1039, the command under 300 MB, the sheet done with those nine
  cards as text cards and the worker grown less than 100 MB (one process reached 1.5 GB before the fix).
* **image-redirects** (item 11): the allowed image server answers redirects to https://127.0.0.1:6379/ (the
  local Redis), to a listening port on 127.0.0.1 (which counts connections), to [::1] and to the cloud metadata
  address 169.254.169.254. PASS: each refused by the command, naming the address, and nothing connected to the
  listening port.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import io
import json
import os
import random
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from _attack24 import PROJECT, Site, rss_mb, scenario

from tests.images import jpeg, one_colour_png

MB = 1024 * 1024
ROOM = 30 * MB  # an address's room for PDFs in the proxy-pdfs scenario: one 22 MB PDF, not two
DISTINCT, COPIES = 45, 8  # 360 cards
DOWNLOADS, ROUNDS = 6, 5  # six downloads at once, five times over
WEB_GROWTH_LIMIT = 100  # MB, the whole web server's growth during the six downloads
FETCH_MEMORY_LIMIT = 300  # MB, fetch_card_images's peak
WORKER_GROWTH_LIMIT = 100  # MB, the worker's growth (main and pool) while it lays a sheet with the huge image out
ANSON, RACK = 200107, 101536


# --- plumbing ----------------------------------------------------------------------------------------


class RssPeak:
    """Samples ``measure()`` (MB) every 50 ms from a thread while in the ``with`` block; ``peak`` and ``first``."""

    def __init__(self, measure: Callable[[], float]) -> None:
        self.measure, self.peak, self.first = measure, 0.0, measure()
        self.halt = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.halt.is_set():
            self.peak = max(self.peak, self.measure())
            self.halt.wait(0.05)

    def __enter__(self) -> RssPeak:
        self.thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.halt.set()
        self.thread.join()
        self.peak = max(self.peak, self.measure())


def warm_up(site: Site) -> None:
    """A few requests first, so that /healthz during the attack times the attack, not the workers' first
    request (each web worker's first answer is slower)."""
    for _ in range(6):
        requests.get(f"{site.url}/healthz?worker=0", timeout=60)


def worker_rss(site: Site) -> float:
    """The Celery worker's resident memory: its main process and its pool's."""
    assert site.celery is not None
    from _servers import _children

    pids = [site.celery.pid, *_children(site.celery.pid)]
    return sum(rss_mb(pid) for pid in pids)


def wait_for_job(session: requests.Session, site: Site, job_id: str, seconds: float = 600) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        job = session.get(f"{site.url}/api/v1/simulations/{job_id}/", timeout=30).json()
        if job["status"] in ("done", "failed", "cancelled") or time.monotonic() > deadline:
            return job
        time.sleep(0.5)


def mirror_by_hand(site: Site, scans: dict[int, bytes]) -> None:
    """Files in MEDIA_ROOT/cards/ with their manifest, as fetch_card_images leaves them (or a copy by hand)."""
    folder = Path(site.environment()["MEDIA_ROOT"]) / "cards"
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    for card_id, data in scans.items():
        extension = "png" if data.startswith(b"\x89PNG") else "jpg"
        (folder / f"{card_id}.{extension}").write_bytes(data)
        manifest[str(card_id)] = {
            "file": f"{card_id}.{extension}",
            "sha256": hashlib.sha256(data).hexdigest(),
            "bytes": len(data),
            "url": "https://bench.invalid/",
            "fetched_at": "2026-01-01",
        }
    manifest_path.write_text(json.dumps(manifest))


def public_deck(site: Site, card_ids: dict[int, int], name: str) -> str:
    site.orm()
    from decks import services as deck_services
    from vtesdeck.core.deck import Deck as CoreDeck

    owner, _key = site.user()
    library = {i: n for i, n in card_ids.items() if i < 200000}
    crypt = {i: n for i, n in card_ids.items() if i >= 200000}
    return deck_services.create(owner, CoreDeck(crypt=crypt, library=library), name=name, visibility="public").id


class Routes(http.server.BaseHTTPRequestHandler):
    routes: dict[str, tuple[int, bytes]] = {}

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        status, body = self.routes.get(self.path, (404, b"no such image"))
        self.send_response(status)
        if 300 <= status < 400:
            self.send_header("Location", body.decode())
            body = b""
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def image_server(folder: Path, routes: dict[str, tuple[int, bytes]]) -> Iterator[tuple[int, Path]]:
    """An https server on 127.0.0.1 with a certificate for the name ``localhost``: (port, the certificate)."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost",
        ],
        check=True,
        capture_output=True,
    )
    Routes.routes = routes
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Routes)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], cert
    finally:
        server.shutdown()
        server.server_close()


FETCH = """
import io, json, resource, sys
import django
django.setup()
from django.core.management import CommandError, call_command
out, err = io.StringIO(), io.StringIO()
try:
    call_command("fetch_card_images", template=sys.argv[1], ids=sys.argv[2], delay=0, stdout=out, stderr=err)
    code = 0
except CommandError as exc:
    err.write(str(exc))
    code = 1
print(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue(),
                  "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def fetch_card_images(template: str, ids: list[int], cert: Path) -> dict:
    """``manage.py fetch_card_images`` in a process of its own (the site's database and media folder), as an
    operator runs it with the image server allowed by name and its certificate trusted."""
    env = {**os.environ, "CARD_IMAGE_ALLOWED_HOSTS": "localhost", "REQUESTS_CA_BUNDLE": str(cert)}
    ran = subprocess.run(
        [sys.executable, "-c", FETCH, template, ",".join(map(str, ids))],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if ran.returncode != 0:
        raise RuntimeError(f"fetch_card_images crashed:\n{ran.stderr[-3000:]}")
    return json.loads(ran.stdout.strip().splitlines()[-1])


def noise_jpeg(seed: int) -> bytes:
    from PIL import Image

    rng = random.Random(seed)
    image = Image.frombytes("RGB", (744, 1039), rng.randbytes(744 * 1039 * 3))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


# --- item 5: proxy PDFs ----------------------------------------------------------------------------------


@scenario("proxy-pdfs", item=5, worker=True, env={"PROXIES_MAX_STORED_BYTES_ANON": str(ROOM)})
def proxy_pdfs(site: Site) -> bool:
    """An anonymous 360-card PDF of scans (~22 MB), downloaded six times at once; the next one past the room."""
    site.orm()
    warm_up(site)
    from django.conf import settings

    from cards import index
    from proxies.models import ProxySheet

    library = sorted((card for card in index.get() if not card.is_crypt), key=lambda card: card.id)[:DISTINCT]
    mirror_by_hand(site, {card.id: noise_jpeg(card.id) for card in library})
    deck = public_deck(site, {card.id: COPIES for card in library}, "Forty scans")
    anonymous = requests.Session()
    started = anonymous.post(f"{site.url}/api/v1/simulations/", json={"kind": "proxies", "deck": deck}, timeout=60)
    if started.status_code != 202:
        print(f"  the job was not started: {started.status_code} {started.text[:300]}")
        return False
    job = wait_for_job(anonymous, site, started.json()["id"])
    if job["status"] != "done":
        print(f"  the job ended {job['status']}: {job.get('error')}")
        return False
    result = job["result"]
    sheet = ProxySheet.objects.get(pk=job["id"])
    path = Path(settings.MEDIA_ROOT) / sheet.file.name
    columns = [field.name for field in ProxySheet._meta.concrete_fields]
    print(
        f"  PDF: {result['cards']} cards ({result['images']} from scans), {result['pages']} pages, "
        f"{result['bytes'] / MB:.1f} MB, kept until {result['expires_at']}"
    )
    print(f"  stored as a file: {path} ({path.stat().st_size / MB:.1f} MB); its row's columns: {', '.join(columns)}")
    stored_as_file = path.is_file() and path.stat().st_size == result["bytes"] and "pdf" not in columns

    def download(_index: int) -> int:
        with requests.get(f"{site.url}{result['download_url']}", stream=True, timeout=300) as answer:
            return sum(len(block) for block in answer.iter_content(256 * 1024)) if answer.status_code == 200 else -1

    before = site.rss_mb()
    cpu = site.cpu_seconds()
    with site.poller() as poll, RssPeak(lambda: site.rss_mb()["total"]) as web:
        began = time.monotonic()
        sizes = []
        for _round in range(ROUNDS):
            with ThreadPoolExecutor(DOWNLOADS) as pool:
                sizes += pool.map(download, range(DOWNLOADS))
        seconds = time.monotonic() - began
    growth = web.peak - before["total"]
    print(
        f"  {ROUNDS} rounds of {DOWNLOADS} parallel downloads ({sum(sizes) / MB:.0f} MB sent) in {seconds:.1f} s, "
        f"{site.cpu_seconds() - cpu:.2f} s of server CPU; each {sizes[0] / MB:.1f} MB"
    )
    print(
        f"  web server memory: {before['total']:.0f} MB before (largest worker {before['max_worker']:.0f} MB), "
        f"{web.peak:.0f} MB at its peak: +{growth:.0f} MB (before the fix: ~590 MB added)"
    )
    healthz = poll.report(f"{DOWNLOADS * ROUNDS} downloads of the {result['bytes'] / MB:.0f} MB PDF")
    whole = sizes == [result["bytes"]] * DOWNLOADS * ROUNDS
    bounded = growth < WEB_GROWTH_LIMIT

    # The same address's next PDF: its room (30 MB here) holds one such PDF, not two.
    again = anonymous.post(f"{site.url}/api/v1/simulations/", json={"kind": "proxies", "deck": deck}, timeout=60)
    if again.status_code == 429:
        print(f"  the next PDF: refused at its start, 429: {again.json().get('detail')}")
        refused = True
    else:
        second = wait_for_job(anonymous, site, again.json()["id"])
        print(f"  the next PDF: {second['status']} ({second.get('error')})")
        refused = second["status"] == "failed" and "at most 30.0 MB" in (second.get("error") or "")
    files = sorted(path.parent.iterdir())
    print(f"  PDFs in storage afterwards: {len(files)} ({', '.join(f'{p.stat().st_size / MB:.1f} MB' for p in files)})")
    refused = refused and len(files) == 1
    for ok, what in (
        (stored_as_file, "the PDF is a file in storage, not a database row"),
        (whole, "every download whole"),
        (bounded, f"the web server grew less than {WEB_GROWTH_LIMIT} MB"),
        (refused, "the next PDF past the address's room refused, nothing stored"),
    ):
        print(f"  {'PASS' if ok else 'FAIL'}  {what}")
    return stored_as_file and whole and bounded and healthz and refused


# --- item 6: huge images -------------------------------------------------------------------------------


@scenario("image-pixels", item=6, worker=True)
def image_pixels(site: Site) -> bool:
    """A 144-Mpx PNG of ~420 KB offered to the mirror, then already in it when a proxy sheet uses it."""
    site.orm()
    warm_up(site)
    from PIL import Image

    from cards import index

    bomb = one_colour_png(12_000, 12_000)
    scan = jpeg((2000, 2800))
    print(
        f"  the PNG: 12000 × 12000 pixels (144 Mpx, {12_000 * 12_000 * 3 / MB:.0f} MB decoded), {len(bomb) / 1024:.0f} KB"
    )
    cards = index.get()
    routes = {"/ansong1.png": (200, bomb), "/rackthe.png": (200, scan)}
    with image_server(site.folder, routes) as (port, cert), site.poller() as poll:
        fetched = fetch_card_images(f"https://localhost:{port}/{{slug}}.png", [ANSON, RACK], cert)
    print(f"  fetch_card_images: {fetched['out'].strip()}")
    for line in fetched["err"].strip().splitlines():
        print(f"    {line}")
    print(f"  its peak memory: {fetched['maxrss_mb']:.0f} MB")
    healthz = poll.report("the fetch")
    folder = Path(site.environment()["MEDIA_ROOT"]) / "cards"
    manifest = json.loads((folder / "manifest.json").read_text()) if (folder / "manifest.json").exists() else {}
    kept_size = None
    if str(RACK) in manifest:
        with Image.open(folder / manifest[str(RACK)]["file"]) as image:
            kept_size = image.size
    print(f"  mirrored: {sorted(manifest)}; the 2000 × 2800 scan kept at {kept_size}")
    refused = str(ANSON) not in manifest and "pixel limit" in fetched["err"]
    shrunk = kept_size == (742, 1039)
    light = fetched["maxrss_mb"] < FETCH_MEMORY_LIMIT

    # The same PNG already in the mirror (copied by hand, or mirrored before the limit) for nine crypt cards.
    crypt = sorted((card for card in cards if card.is_crypt), key=lambda card: card.id)[:9]
    mirror_by_hand(site, {card.id: bomb for card in crypt})
    image_answer = requests.get(f"{site.url}/cards/{crypt[0].id}/image", timeout=30).status_code
    deck = public_deck(site, {card.id: 1 for card in crypt}, "Nine bombs")
    _user, key = site.user()
    api = site.api(key)
    started = api.post(f"{site.url}/api/v1/simulations/", json={"kind": "proxies", "deck": deck}, timeout=60)
    before = worker_rss(site)
    with site.poller() as poll, RssPeak(lambda: worker_rss(site)) as worker:
        job = wait_for_job(api, site, started.json()["id"])
    result = job.get("result") or {}
    print(f"  /cards/{crypt[0].id}/image with the PNG on disk: {image_answer}")
    print(
        f"  proxy sheet of the nine: {job['status']}, {result.get('images')} from scans, "
        f"{result.get('text_cards')} text cards, {result.get('bytes', 0) / 1024:.0f} KB"
    )
    print(
        f"  worker memory (main and two pool processes): {before:.0f} MB before, {worker.peak:.0f} MB at its peak: "
        f"+{worker.peak - before:.0f} MB (before the fix, one process reached 1.5 GB)"
    )
    healthz = poll.report("the proxy sheet") and healthz
    printed_safely = job["status"] == "done" and result.get("images") == 0 and image_answer == 404
    worker_light = worker.peak - before < WORKER_GROWTH_LIMIT
    for ok, what in (
        (refused, "the 144-Mpx PNG refused by the mirror, from its header"),
        (shrunk, "a larger scan kept at 742 × 1039 (63 × 88 mm at 300 dpi)"),
        (light, f"fetch_card_images under {FETCH_MEMORY_LIMIT} MB"),
        (printed_safely, "the PNG already on disk: neither served nor printed, the sheet done"),
        (worker_light, f"the worker grew less than {WORKER_GROWTH_LIMIT} MB"),
    ):
        print(f"  {'PASS' if ok else 'FAIL'}  {what}")
    return refused and shrunk and light and printed_safely and worker_light and healthz


# --- item 11: redirects to private addresses ------------------------------------------------------------


@scenario("image-redirects", item=11)
def image_redirects(site: Site) -> bool:
    """The image server redirects fetch_card_images to Redis on 127.0.0.1:6379, [::1], 169.254.169.254."""
    site.orm()
    warm_up(site)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    accepted, halt = [], threading.Event()

    def count() -> None:
        while not halt.is_set():
            with contextlib.suppress(OSError):
                connection, _address = listener.accept()
                accepted.append(1)
                connection.close()

    counter = threading.Thread(target=count, daemon=True)
    counter.start()
    targets = {
        ANSON: "https://127.0.0.1:6379/",
        RACK: f"https://127.0.0.1:{listener.getsockname()[1]}/x.jpg",
        100845: "https://[::1]:6379/",
        100401: "https://169.254.169.254/latest/meta-data/",
    }
    slugs = {ANSON: "ansong1", RACK: "rackthe", 100845: "governtheunaligned", 100401: "conditioning"}
    routes = {f"/{slugs[card_id]}.jpg": (302, target.encode()) for card_id, target in targets.items()}
    try:
        with image_server(site.folder, routes) as (port, cert), site.poller() as poll:
            fetched = fetch_card_images(f"https://localhost:{port}/{{slug}}.jpg", list(targets), cert)
    finally:
        halt.set()
        counter.join()
        listener.close()
    lines = fetched["err"].strip().splitlines()
    for line in lines:
        print(f"    {line}")
    print(f"  connections that reached the listening port on 127.0.0.1: {len(accepted)}")
    healthz = poll.report("the fetch")
    named = all(any(f"{target}: refused," in line for line in lines) for target in targets.values())
    ok = named and not accepted and fetched["code"] == 1
    print(
        f"  {'PASS' if ok else 'FAIL'}  every redirect to a loopback, link-local or private address refused "
        "before connecting"
    )
    return ok and healthz
