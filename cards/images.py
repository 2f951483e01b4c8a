"""Card images: none by default, a mirror in the media folder (filled at once, or card by card as pages show
them), or hotlinks to one https origin.

**Modes.** With nothing configured every card shows as its text card (``/cards/<id>/face.svg``, drawn by
the site from the card list): no page ever asks another site for anything. ``manage.py fetch_card_images
--template URL`` mirrors the publisher's scans once into ``MEDIA_ROOT/cards/`` with a manifest
(``manifest.json``: card id → file, sha256, bytes, url, fetched_at); the site then serves them itself from
``/cards/<id>/image``, so the Content-Security-Policy is unchanged. ``CARD_IMAGE_URL_TEMPLATE`` instead
sends browsers to another site: ``/cards/<id>/image`` redirects there, and that origin alone joins the CSP's
``img-src`` (``vtesdeck.security``). A card with no image answers 404, and the page's script
(``static/js/card_faces.js``) shows the text card instead.

**Fetched on view** (``CARD_IMAGE_FETCH_TEMPLATE``; what ``manage.py serve``, i.e. `make run`, sets on a player's
own machine): ``/cards/<id>/image`` serves the mirrored file, or else fetches that one card's image from the
template's site (``fetch_on_view``), keeps it in the mirror and serves it; when the site has no image of the card,
or cannot be reached, it redirects to the text card. Browsers only ever talk to this site, so an offline machine
shows text cards with no broken image and no failed request in the console, and the CSP is unchanged. A process
fetches at most ``FETCH_AT_ONCE`` images at once, each within ``FETCH_DEADLINE`` seconds; every writer of the
manifest (these fetches, a `make images` beside them) merges its entries under one lock, across threads and
processes. A site that fails is not asked again for ``CARD_IMAGE_FETCH_RETRY`` seconds, so a page of fifty cards
waits for one failure, not fifty.

**Templates.** An https URL with the placeholders ``{id}`` (the VEKN id), ``{slug}`` (the krcg-style file
name: ``cardface.slug``) and ``{name}`` (the official name, URL-quoted): for example
``https://static.krcg.org/card/{slug}.jpg``. A template may also hold ``{set}`` (a printing's set abbreviation,
``Jyhad``, ``KMW``): it then fetches one image per printing of each card, ``<id>-<set>.<ext>``, listed in the
manifest under ``"<id>:<set>"`` beside the card's default image under ``"<id>"`` (from a template without
``{set}``). A proxy sheet prints the chosen printing's image when it is mirrored, else the card's default image,
else the text card. A hotlink template may not hold ``{set}``: a page shows a card, not one of its printings.

**Fetching.** https only: redirects are followed here, at most ``MAX_REDIRECTS``, and one to anything but https
is refused (never a hop over plain http). Every hop connects only to public addresses (``vtesdeck.outbound``:
the name is resolved once, loopback, link-local, private and reserved addresses are refused, and the connection
goes to the address checked), unless the operator allows a host by name (``CARD_IMAGE_ALLOWED_HOSTS``). A size
cap per image (``CARD_IMAGE_MAX_BYTES``) and a deadline per image (``DEADLINE`` seconds, all hops and the whole
body): the body is read in pieces as they come, so an answer larger than the cap or a server trickling it slower
than the deadline is cut off, never held whole nor waited for without end; connect and read timeouts besides.
Only JPEG, PNG and WebP images of at most ``CARD_IMAGE_MAX_PIXELS`` pixels are kept, read from their header
before anything is decoded (``vtesdeck.core.scans``), and a larger scan than a card printed at 300 dpi needs is
shrunk to that (744 × 1039) before it is written. Each file is written under a temporary name and renamed when
whole, the manifest likewise and every ``SAVE_EVERY`` images: an interrupted run leaves no half file, and the
next run skips every image whose file is there with the manifest's checksum. Before a run, ``plan`` says how many
images it wants, how many of them are mirrored already and about how many bytes the others take (the mean of the
mirror's own images, else ``ESTIMATED_IMAGE_BYTES``); during it, ``fetch`` calls ``progress(done, total)`` after
each image (``make images``: ``fetch_card_images`` with no template mirrors krcg's scans, ``FIELD_TEMPLATE``).

**Reading.** A mirrored file is read (served, printed) only when it is at most ``CARD_IMAGE_MAX_BYTES`` long and
its header says at most ``CARD_IMAGE_MAX_PIXELS`` pixels (``scan_file``): a file mirrored before these limits,
or put there by hand, is a text card instead, never decoded whole.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import fcntl
import hashlib
import json
import logging
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from django.conf import settings

from vtesdeck import outbound
from vtesdeck.core import scans
from vtesdeck.core.domain import Card
from vtesdeck.core.image_urls import (
    PLACEHOLDERS,
    TemplateError,
    by_printing,
    check_template,
    expand,
    hotlink_origin,
)
from vtesdeck.core.numbers import whole_number

__all__ = [
    "PLACEHOLDERS",
    "FetchReport",
    "OnView",
    "MirrorPlan",
    "TemplateError",
    "by_printing",
    "check_template",
    "expand",
    "fetch",
    "fetch_on_view",
    "fetch_template",
    "folder",
    "hotlink_origin",
    "hotlink_template",
    "image_file",
    "image_url",
    "manifest_key",
    "mirrored",
    "plan",
    "read_manifest",
    "scan_file",
    "shows_images",
]

logger = logging.getLogger(__name__)

MANIFEST = "manifest.json"
SAVE_EVERY = 50
DAY = 24 * 3600
MAX_REDIRECTS = 5
DEADLINE = 60.0  # seconds for one image, redirects and body included
FAILURES_IN_A_ROW = 10  # so many errors in a row (not 404s): the site or the network is down, stop
FORMATS = {"JPEG": ("jpg", "image/jpeg"), "PNG": ("png", "image/png"), "WEBP": ("webp", "image/webp")}
CONTENT_TYPES = {extension: content_type for extension, content_type in FORMATS.values()}


def manifest_key(card_id: int, printing: str = "") -> str:
    """The manifest's key of a card's default image ("200107") or of one printing's ("200107:Jyhad")."""
    return f"{card_id}:{printing}" if printing else str(card_id)


def _file_name(card_id: int, printing: str, extension: str) -> str:
    # Set abbreviations are letters, digits and hyphens ("Promo-20190101"); anything else is kept out of a path.
    mark = re.sub(r"[^A-Za-z0-9-]", "_", printing)
    return f"{card_id}-{mark}.{extension}" if printing else f"{card_id}.{extension}"


def hotlink_template() -> str:
    """``CARD_IMAGE_URL_TEMPLATE``, checked (an unusable one is refused at start-up: ``vtesdeck.checks``)."""
    template = settings.CARD_IMAGE_URL_TEMPLATE
    if template and by_printing(check_template(template)):
        # A page shows a card, not one of its printings: a hotlink with {set} would point at no image at all.
        raise TemplateError("{set} is for mirroring each printing (fetch_card_images), not for hotlinks")
    return check_template(template) if template else ""


def fetch_template() -> str:
    """``CARD_IMAGE_FETCH_TEMPLATE``, checked like a hotlink template (an unusable one is refused at start-up)."""
    template = settings.CARD_IMAGE_FETCH_TEMPLATE
    if not template:
        return ""
    template = check_template(template, allow_http=_allow_http())
    if by_printing(template):
        raise TemplateError("{set} is for mirroring each printing (fetch_card_images), not for images fetched on view")
    return template


def _allow_http() -> bool:
    # Plain http only for the tests' local server (a setting, never an environment variable or a flag).
    return bool(getattr(settings, "CARD_IMAGE_ALLOW_HTTP", False))


def folder() -> Path:
    return Path(settings.MEDIA_ROOT) / "cards"


# --- reading the mirror ---------------------------------------------------------------------------

_cache: dict[str, Any] = {"key": None, "manifest": {}}


def read_manifest(where: Path | None = None) -> dict[str, dict[str, Any]]:
    """The manifest of the mirror (card id as a string → entry), {} when there is none. Read again only when
    the file changed (a fetch running beside the site)."""
    path = (where or folder()) / MANIFEST
    try:
        stat = path.stat()
    except OSError:
        return {}
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if _cache["key"] != key:
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = {}
        _cache.update(key=key, manifest=manifest if isinstance(manifest, dict) else {})
    return _cache["manifest"]


def mirrored(card_id: int, printing: str = "") -> tuple[Path, str] | None:
    """(file, content type) of a mirrored card image (of that printing, a set abbreviation, when given), or None.
    The manifest may name a file that is gone (deleted by hand, a volume not mounted): None then too."""
    entry = read_manifest().get(manifest_key(card_id, printing))
    if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
        return None
    path = folder() / Path(entry["file"]).name  # never outside the folder, whatever the manifest says
    if not path.is_file():
        return None
    return path, CONTENT_TYPES.get(path.suffix.lstrip("."), "application/octet-stream")


def shows_images() -> bool:
    """Whether pages show card images at all (a mirror or a hotlink template), else text cards only."""
    return bool(settings.CARD_IMAGE_URL_TEMPLATE or settings.CARD_IMAGE_FETCH_TEMPLATE) or bool(read_manifest())


def image_url(card: Card) -> str | None:
    """Where a browser gets this card's image: this site (its mirrored file, or fetched on view), else the
    hotlinked URL, else None."""
    if settings.CARD_IMAGE_FETCH_TEMPLATE or mirrored(card.id) is not None:
        return f"/cards/{card.id}/image"
    template = hotlink_template()
    return expand(template, card) if template else None


def scan_file(card_id: int, printing: str = "") -> tuple[Path, str] | None:
    """``mirrored``, but only a file this site may read: at most ``CARD_IMAGE_MAX_BYTES`` long and, by its header
    (nothing decoded), an image of at most ``CARD_IMAGE_MAX_PIXELS`` pixels. A file mirrored before these limits
    (or copied in by hand) that passes them is None: its card shows, and prints, as its text card."""
    found = mirrored(card_id, printing)
    if found is None:
        return None
    try:
        if found[0].stat().st_size > settings.CARD_IMAGE_MAX_BYTES:
            return None
        with found[0].open("rb") as handle:
            scans.measure(handle, max_pixels=settings.CARD_IMAGE_MAX_PIXELS)  # reads the header alone
    except (OSError, scans.ScanError):
        return None
    return found


def image_file(card_id: int, printing: str = "") -> Path | None:
    """The mirrored scan a proxy prints: the chosen printing's when it is mirrored, else the card's default
    image, else None (a text card); only a file ``scan_file`` lets through. The worker reads it when it lays the
    card out (``vtesdeck.core.proxies``)."""
    for key in dict.fromkeys((printing, "")):
        found = scan_file(card_id, key)
        if found is not None:
            return found[0]
    return None


# --- fetched on view --------------------------------------------------------------------------------

FETCH_TIMEOUT = (3.0, 5.0)  # connect, read: a page's first image waits at most this for a site that is away
FETCH_DEADLINE = 10.0  # one image, however it trickles
FETCH_AT_ONCE = 4  # images one process fetches at the same time (a browser asks six at a time per site)
BUSY_SECONDS = 10  # a card shown as its text card because every slot was busy: asked again this soon
ABSENT_BOUND = 1 << 14  # cards the site has no image of, remembered (more than the card list holds)
_slots = threading.BoundedSemaphore(FETCH_AT_ONCE)
_down: dict[str, float] = {}  # the template → time.monotonic() before which its site is not asked again
_absent: set[tuple[str, int]] = set()  # (template, card id) the site answered 404 for
_sessions = threading.local()  # a requests.Session per thread


@dataclasses.dataclass(frozen=True)
class OnView:
    """What ``fetch_on_view`` found: the image (file, content type), or None and for how many seconds a page
    should show the text card instead (a day when the site has no image of the card)."""

    found: tuple[Path, str] | None
    seconds: int = 0


def fetch_on_view(card: Card) -> OnView:
    """The card's image fetched now from ``CARD_IMAGE_FETCH_TEMPLATE``'s site into the mirror (the module's
    docstring), for a card ``scan_file`` does not find; nothing without that template. The work is bounded: at
    most ``FETCH_AT_ONCE`` fetches at once in a process (a request waits ``FETCH_TIMEOUT[0]`` seconds for a slot,
    else shows the text card), each within ``FETCH_DEADLINE``; a site that failed is left alone for
    ``CARD_IMAGE_FETCH_RETRY`` seconds (``fetch_failing``)."""
    template = fetch_template()
    retry = settings.CARD_IMAGE_FETCH_RETRY
    if not template:
        return OnView(None)
    if (template, card.id) in _absent:
        return OnView(None, DAY)
    if fetch_failing():
        return OnView(None, retry)
    if not _slots.acquire(timeout=FETCH_TIMEOUT[0]):
        return OnView(None, BUSY_SECONDS)
    try:
        found = scan_file(card.id)  # another request fetched it meanwhile
        if found is not None or fetch_failing():
            return OnView(found, retry)
        try:
            report = fetch(
                [card],
                template,
                session=_fetch_session(),
                timeout=FETCH_TIMEOUT,
                deadline=FETCH_DEADLINE,
                allow_http=_allow_http(),
            )
        except OSError as exc:  # the mirror's folder cannot be written: no use asking the site for every card
            report = FetchReport(failed=[(card.id, f"{folder()} cannot be written ({exc.strerror or exc})")])
    finally:
        _slots.release()
    if report.fetched:
        return OnView(scan_file(card.id), retry)
    if report.missing:
        if len(_absent) >= ABSENT_BOUND:
            _absent.clear()
        _absent.add((template, card.id))
        return OnView(None, DAY)
    _down[template] = time.monotonic() + retry
    logger.warning("Card images: %s; text cards instead, the site asked again in %d s.", report.failed[0][1], retry)
    return OnView(None, retry)


def fetch_failing() -> bool:
    """Whether the fetch-on-view site failed lately (pages show text cards until it is asked again)."""
    return _down.get(fetch_template(), 0.0) > time.monotonic()


def _fetch_session() -> Any:
    import requests

    session = getattr(_sessions, "session", None)
    if session is None:
        session = _sessions.session = requests.Session()
        session.headers["User-Agent"] = "vtesdeck card image (fetched on view)"
    return session


@contextlib.contextmanager
def _folder_lock(where: Path) -> Iterator[None]:
    """The mirror's manifest lock, across threads and processes (the web processes fetching on view, a
    `make images` beside them): the manifest is read and written whole, so each writer merges its own entries
    into the file as it is under this lock (``_merge_manifest``), and none loses another's."""
    with _manifest_lock, open(where / ".lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


_manifest_lock = threading.Lock()  # flock is per open file, so threads of one process also take this one


# --- fetching -------------------------------------------------------------------------------------


@dataclasses.dataclass
class FetchReport:
    fetched: int = 0
    skipped: int = 0  # already mirrored, checksum verified
    bytes: int = 0  # written by this run (the images fetched)
    missing: list[int] = dataclasses.field(default_factory=list)  # 404 / 410: the site has no image of it
    failed: list[tuple[int, str]] = dataclasses.field(default_factory=list)  # card id, why
    stopped: str = ""  # why the run stopped early, if it did


class FetchError(Exception):
    """One card's image could not be fetched; ``missing`` when the site has none (404, 410)."""

    def __init__(self, message: str, *, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


def fetch(
    cards: Iterable[Card],
    template: str,
    *,
    session: Any,
    where: Path | None = None,
    max_bytes: int | None = None,
    timeout: tuple[float, float] = (5.0, 20.0),
    deadline: float = DEADLINE,
    sets: Collection[str] | None = None,
    delay: float = 0.0,
    allow_http: bool = False,
    say: Callable[[str], None] = lambda line: None,
    progress: Callable[[int, int], None] = lambda done, total: None,
    report: FetchReport | None = None,
) -> FetchReport:
    """Mirror the image of each card into ``where`` (default ``folder()``), with ``session`` (a
    ``requests.Session``: the command's own, or a test's; its connections are checked, ``vtesdeck.outbound``).
    A template with ``{set}`` mirrors one image per printing of each card instead (only of ``sets``, when
    given). Resumable: an image whose file matches its manifest checksum is skipped. ``deadline`` is the most
    seconds one image may take, however it trickles. ``progress(done, total)`` is called after each image,
    fetched, skipped, missing or failed; ``report``, when given, is the one filled in (a caller may read it
    meanwhile: the command's progress bar shows its bytes)."""
    template = check_template(template, allow_http=allow_http)
    where = where or folder()
    where.mkdir(parents=True, exist_ok=True)
    limit = max_bytes or settings.CARD_IMAGE_MAX_BYTES
    outbound.guard(session, settings.CARD_IMAGE_ALLOWED_HOSTS)
    manifest = dict(read_manifest(where))
    added: dict[str, Any] = {}  # the entries this run wrote and has not yet merged into the file
    report = FetchReport() if report is None else report
    wanted = list(_wanted(cards, template, sets))
    in_a_row = 0
    changed = 0
    try:
        for done, (card, printing) in enumerate(wanted, 1):
            key = manifest_key(card.id, printing)
            entry = manifest.get(key)
            if isinstance(entry, dict) and _intact(where, entry):
                report.skipped += 1
                progress(done, len(wanted))
                continue
            url = expand(template, card, printing)
            try:
                data, extension = _download(
                    session, url, limit=limit, timeout=timeout, deadline=deadline, allow_http=allow_http
                )
            except FetchError as exc:
                if exc.missing:
                    report.missing.append(card.id)
                    in_a_row = 0
                    progress(done, len(wanted))
                    continue
                report.failed.append((card.id, str(exc)))
                say(f"{card.id} {card.name}{' (' + printing + ')' if printing else ''}: {exc}")
                in_a_row += 1
                progress(done, len(wanted))
                if in_a_row >= FAILURES_IN_A_ROW:
                    report.stopped = f"{in_a_row} failures in a row, the last: {exc}"
                    break
                continue
            in_a_row = 0
            name = _file_name(card.id, printing, extension)
            _write_atomic(where / name, data)
            manifest[key] = added[key] = {
                "file": name,
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
                "url": url,
                "fetched_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            }
            report.fetched += 1
            report.bytes += len(data)
            changed += 1
            if changed % SAVE_EVERY == 0:
                _merge_manifest(where, added)
            progress(done, len(wanted))
            if delay:
                time.sleep(delay)
    finally:
        if added:
            _merge_manifest(where, added)
    return report


# The size of one image before the mirror holds any to measure: an estimate, not a measurement (this was written
# on a machine without the network). krcg's scans are 358 × 500 JPEGs, of a few tens of KB each; from
# MEASURED_FROM mirrored images on, their own mean replaces it.
ESTIMATED_IMAGE_BYTES = 45_000
MEASURED_FROM = 20


@dataclasses.dataclass(frozen=True)
class MirrorPlan:
    """What a fetch is about to do, known before it asks for anything: ``total`` images wanted, ``already`` of
    them mirrored intact (a resumed run skips them), and about ``per_image`` bytes for each of the others
    (``measured``: the mean of the mirror's own images, else ``ESTIMATED_IMAGE_BYTES``)."""

    total: int
    already: int
    per_image: int
    measured: bool

    @property
    def left(self) -> int:
        return self.total - self.already

    @property
    def bytes_left(self) -> int:
        return self.left * self.per_image


def plan(
    cards: Iterable[Card], template: str, *, sets: Collection[str] | None = None, where: Path | None = None
) -> MirrorPlan:
    """What ``fetch`` would do with these arguments (a checked template): nothing asked of any site. Each file the
    manifest names for a wanted image is read to verify its checksum, as ``fetch`` does before skipping it."""
    where = where or folder()
    manifest = read_manifest(where)
    keys = [manifest_key(card.id, printing) for card, printing in _wanted(cards, template, sets)]
    already = 0
    for key in keys:
        entry = manifest.get(key)
        if isinstance(entry, dict) and _intact(where, entry):
            already += 1
    sizes = [
        entry["bytes"]
        for entry in manifest.values()
        if isinstance(entry, dict) and type(entry.get("bytes")) is int and entry["bytes"] > 0
    ]
    measured = len(sizes) >= MEASURED_FROM
    per_image = round(sum(sizes) / len(sizes)) if measured else ESTIMATED_IMAGE_BYTES
    return MirrorPlan(total=len(keys), already=already, per_image=per_image, measured=measured)


def _wanted(cards: Iterable[Card], template: str, sets: Collection[str] | None) -> Iterator[tuple[Card, str]]:
    """(card, printing) to fetch: each card once ("" for its default image), or each of its printings."""
    for card in cards:
        if not by_printing(template):
            yield card, ""
            continue
        for printing in dict.fromkeys(p.set for p in card.printings):
            if sets is None or printing in sets:
                yield card, printing


def _intact(where: Path, entry: dict[str, Any]) -> bool:
    path = where / Path(str(entry.get("file", ""))).name
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return hashlib.sha256(data).hexdigest() == entry.get("sha256")


def _download(
    session: Any, url: str, *, limit: int, timeout: tuple[float, float], deadline: float, allow_http: bool
) -> tuple[bytes, str]:
    """One image's bytes (shrunk to ``scans.PRINT_BOX`` when larger) and file extension. Redirects are followed
    here, not by ``requests``: each Location is checked before it is asked (``requests`` would follow https →
    http → https and show only the last), and each hop's connection by ``vtesdeck.outbound``."""
    outbound.guard(session, settings.CARD_IMAGE_ALLOWED_HOSTS)  # the same session again: already guarded
    schemes = ("https", "http") if allow_http else ("https",)
    ends = time.monotonic() + deadline
    current = url
    for _hop in range(MAX_REDIRECTS + 1):
        response = _get(session, current, timeout=timeout, ends=ends)
        if not response.is_redirect:
            break
        location = urljoin(current, response.headers["Location"])
        response.close()
        target = urlsplit(location)
        if target.scheme not in schemes:
            raise FetchError(f"{url} redirected to {target.scheme}://{target.netloc}: https only")
        current = location
    else:
        response.close()
        raise FetchError(f"{url} redirected more than {MAX_REDIRECTS} times")
    with response:
        if response.status_code in (404, 410):
            raise FetchError(f"{url}: no such image", missing=True)
        if response.status_code != 200:
            raise FetchError(f"{url} answered HTTP {response.status_code}")
        declared = response.headers.get("Content-Length")
        if declared and declared.isdigit() and int(declared) > limit:
            raise FetchError(f"{url} is {int(declared):,} bytes, more than the {limit:,}-byte cap")
        data = _body(response, url, limit=limit, ends=ends, deadline=deadline)
    try:
        kind, _width, _height = scans.measure(data, max_pixels=settings.CARD_IMAGE_MAX_PIXELS)
        if kind not in FORMATS:
            raise FetchError(f"{url} is a {kind or 'unknown'} image; JPEG, PNG or WebP only")
        kept = scans.fit(data, max_pixels=settings.CARD_IMAGE_MAX_PIXELS)
    except scans.ScanError as exc:
        raise FetchError(f"{url} is {exc}") from None
    return kept, FORMATS[kind][0]


def _get(session: Any, url: str, *, timeout: tuple[float, float], ends: float) -> Any:
    import requests

    left = ends - time.monotonic()
    if left <= 0:
        raise FetchError(f"{url}: no image within the deadline")
    # No wait on the socket may outlast what is left of the image's deadline. Identity encoding: the size cap
    # counts the bytes as sent, which a compressed answer could multiply.
    waits = (min(timeout[0], left), min(timeout[1], left))
    try:
        return session.get(
            url, stream=True, timeout=waits, allow_redirects=False, headers={"Accept-Encoding": "identity"}
        )
    except outbound.AddressRefused as exc:
        raise FetchError(f"{url}: refused, {exc} (CARD_IMAGE_ALLOWED_HOSTS may allow a host by name)") from None
    except requests.Timeout:
        raise FetchError(f"no answer from {url} within {waits[1]:g} s") from None
    except requests.RequestException as exc:
        raise FetchError(f"could not reach {url}: {exc.__class__.__name__}") from None


def _body(response: Any, url: str, *, limit: int, ends: float, deadline: float) -> bytes:
    """The body, read as it arrives (``read1``: whatever one read of the socket brings, never waiting to fill
    a piece), stopped past the size cap or the deadline."""
    import requests
    import urllib3

    chunks, size = [], 0
    try:
        while chunk := response.raw.read1(64 * 1024, decode_content=False):
            size += len(chunk)
            if size > limit:
                raise FetchError(f"{url} is more than the {limit:,}-byte cap")
            chunks.append(chunk)
            if time.monotonic() > ends:
                raise FetchError(f"{url} took more than the {deadline:g}-second deadline")
    except (requests.RequestException, urllib3.exceptions.HTTPError, OSError) as exc:
        raise FetchError(f"{url}: the download broke off ({exc.__class__.__name__})") from None
    return b"".join(chunks)


def _write_atomic(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".part-", suffix=path.suffix)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _key_order(key: str) -> tuple[int, str]:
    # "200107" before "200107:Jyhad" before "200107:KMW"; keys of another shape (by hand) first.
    card_id, _colon, printing = key.partition(":")
    return (whole_number(card_id) or 0, printing)


def _merge_manifest(where: Path, added: dict[str, Any]) -> None:
    """Write ``added``'s entries into the manifest as it is on disk now (another process may have added its
    own meanwhile), under the mirror's lock; ``added`` is emptied."""
    with _folder_lock(where):
        _save_manifest(where, {**read_manifest(where), **added})
    added.clear()


def _save_manifest(where: Path, manifest: dict[str, Any]) -> None:
    ordered = dict(sorted(manifest.items(), key=lambda item: _key_order(item[0])))
    _write_atomic(where / MANIFEST, (json.dumps(ordered, indent=1) + "\n").encode())
