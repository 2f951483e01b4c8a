"""Card images: none by default, a mirror in the media folder, or hotlinks to one https origin.

**Modes.** With nothing configured every card shows as its text card (``/cards/<id>/face.svg``, drawn by
the site from the card list): no page ever asks another site for anything. ``manage.py fetch_card_images
--template URL`` mirrors the publisher's scans once into ``MEDIA_ROOT/cards/`` with a manifest
(``manifest.json``: card id → file, sha256, bytes, url, fetched_at); the site then serves them itself from
``/cards/<id>/image``, so the Content-Security-Policy is unchanged. ``CARD_IMAGE_URL_TEMPLATE`` instead
sends browsers to another site: ``/cards/<id>/image`` redirects there, and that origin alone joins the CSP's
``img-src`` (``vtesdeck.security``). A card with no image answers 404, and the page's script
(``static/js/card_faces.js``) shows the text card instead.

**Templates.** An https URL with the placeholders ``{id}`` (the VEKN id), ``{slug}`` (the krcg-style file
name: ``cardface.slug``) and ``{name}`` (the official name, URL-quoted): for example
``https://static.krcg.org/card/{slug}.jpg``.

**Fetching.** https only (a redirect to anything else is refused), a size cap per image (``CARD_IMAGE_MAX_BYTES``,
read in pieces: a larger answer is cut off, never held whole), connect and read timeouts, only images Pillow
recognises. Each file is written under a temporary name and renamed when whole, the manifest likewise and
every ``SAVE_EVERY`` cards: an interrupted run leaves no half file, and the next run skips every card whose
file is there with the manifest's checksum.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import io
import json
import os
import string
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from django.conf import settings

from vtesdeck.core.cardface import slug
from vtesdeck.core.domain import Card

__all__ = [
    "PLACEHOLDERS",
    "FetchReport",
    "TemplateError",
    "check_template",
    "expand",
    "fetch",
    "folder",
    "hotlink_origin",
    "hotlink_template",
    "image_url",
    "mirrored",
    "read_manifest",
    "shows_images",
]

PLACEHOLDERS = ("id", "slug", "name")
MANIFEST = "manifest.json"
SAVE_EVERY = 50
FAILURES_IN_A_ROW = 10  # so many errors in a row (not 404s): the site or the network is down, stop
FORMATS = {"JPEG": ("jpg", "image/jpeg"), "PNG": ("png", "image/png"), "WEBP": ("webp", "image/webp")}
CONTENT_TYPES = {extension: content_type for extension, content_type in FORMATS.values()}


class TemplateError(ValueError):
    """An image URL template this site will not use; ``str()`` says why."""


def check_template(template: str, *, allow_http: bool = False) -> str:
    """The template, checked: an https URL naming a host, whose only placeholders are ``PLACEHOLDERS`` (and at
    least one of them, or every card would get the same picture). ``allow_http`` is for the tests' local server."""
    template = template.strip()
    try:
        fields = [field for _text, field, spec, conversion in string.Formatter().parse(template) if field is not None]
        specs = [(spec, conversion) for _text, field, spec, conversion in string.Formatter().parse(template) if field]
    except ValueError as exc:
        raise TemplateError(f"the template {template!r} is not a URL template ({exc})") from None
    unknown = sorted({field for field in fields if field not in PLACEHOLDERS})
    if unknown:
        raise TemplateError(
            f"unknown placeholder {{{unknown[0]}}} in {template!r}: use {', '.join('{' + p + '}' for p in PLACEHOLDERS)}"
        )
    if any(spec or conversion for spec, conversion in specs):
        raise TemplateError(f"placeholders take no format in {template!r}: write {{id}}, not {{id:05}}")
    if not fields:
        raise TemplateError(f"the template {template!r} names no card: put {{slug}}, {{id}} or {{name}} in it")
    parts = urlsplit(template.replace("{", "").replace("}", ""))
    schemes = ("https", "http") if allow_http else ("https",)
    if parts.scheme not in schemes:
        raise TemplateError(f"card images are fetched over https only, not {parts.scheme or 'a relative URL'!r}")
    if not parts.hostname:
        raise TemplateError(f"the template {template!r} names no host")
    if "{" in urlsplit(template).netloc:
        raise TemplateError(f"the host of {template!r} may not depend on the card")
    return template


def expand(template: str, card: Card) -> str:
    return template.format(id=card.id, slug=slug(card), name=quote(card.name, safe=""))


def hotlink_template() -> str:
    """``CARD_IMAGE_URL_TEMPLATE``, checked (an unusable one is refused at start-up: ``vtesdeck.checks``)."""
    template = settings.CARD_IMAGE_URL_TEMPLATE
    return check_template(template) if template else ""


def hotlink_origin(template: str) -> str:
    """The scheme, host and port of a template: what the CSP's img-src must allow for it."""
    parts = urlsplit(template)
    return f"{parts.scheme}://{parts.netloc}"


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
    return _cache["manifest"]  # type: ignore[no-any-return]


def mirrored(card_id: int) -> tuple[Path, str] | None:
    """(file, content type) of a mirrored card image, or None. The manifest may name a file that is gone
    (deleted by hand, a volume not mounted): None then too."""
    entry = read_manifest().get(str(card_id))
    if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
        return None
    path = folder() / Path(entry["file"]).name  # never outside the folder, whatever the manifest says
    if not path.is_file():
        return None
    return path, CONTENT_TYPES.get(path.suffix.lstrip("."), "application/octet-stream")


def shows_images() -> bool:
    """Whether pages show card images at all (a mirror or a hotlink template), else text cards only."""
    return bool(settings.CARD_IMAGE_URL_TEMPLATE) or bool(read_manifest())


def image_url(card: Card) -> str | None:
    """Where a browser gets this card's image: its mirrored file, else the hotlinked URL, else None."""
    if mirrored(card.id) is not None:
        return f"/cards/{card.id}/image"
    template = hotlink_template()
    return expand(template, card) if template else None


def image_bytes(card_id: int) -> bytes | None:
    """A mirrored image's bytes (the proxies' worker), or None."""
    found = mirrored(card_id)
    if found is None:
        return None
    try:
        return found[0].read_bytes()
    except OSError:
        return None


# --- fetching -------------------------------------------------------------------------------------


@dataclasses.dataclass
class FetchReport:
    fetched: int = 0
    skipped: int = 0  # already mirrored, checksum verified
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
    delay: float = 0.0,
    allow_http: bool = False,
    say: Callable[[str], None] = lambda line: None,
) -> FetchReport:
    """Mirror the image of each card into ``where`` (default ``folder()``), with ``session`` (a
    ``requests.Session``: the command's own, or a test's). Resumable: a card whose file matches its manifest
    checksum is skipped."""
    template = check_template(template, allow_http=allow_http)
    where = where or folder()
    where.mkdir(parents=True, exist_ok=True)
    limit = max_bytes or settings.CARD_IMAGE_MAX_BYTES
    manifest = dict(read_manifest(where))
    report = FetchReport()
    in_a_row = 0
    changed = 0
    try:
        for card in cards:
            entry = manifest.get(str(card.id))
            if isinstance(entry, dict) and _intact(where, entry):
                report.skipped += 1
                continue
            url = expand(template, card)
            try:
                data, extension = _download(session, url, limit=limit, timeout=timeout, allow_http=allow_http)
            except FetchError as exc:
                if exc.missing:
                    report.missing.append(card.id)
                    in_a_row = 0
                    continue
                report.failed.append((card.id, str(exc)))
                say(f"{card.id} {card.name}: {exc}")
                in_a_row += 1
                if in_a_row >= FAILURES_IN_A_ROW:
                    report.stopped = f"{in_a_row} failures in a row, the last: {exc}"
                    break
                continue
            in_a_row = 0
            name = f"{card.id}.{extension}"
            _write_atomic(where / name, data)
            manifest[str(card.id)] = {
                "file": name,
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
                "url": url,
                "fetched_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            }
            report.fetched += 1
            changed += 1
            if changed % SAVE_EVERY == 0:
                _save_manifest(where, manifest)
            if delay:
                time.sleep(delay)
    finally:
        if changed:
            _save_manifest(where, manifest)
    return report


def _intact(where: Path, entry: dict[str, Any]) -> bool:
    path = where / Path(str(entry.get("file", ""))).name
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return hashlib.sha256(data).hexdigest() == entry.get("sha256")


def _download(
    session: Any, url: str, *, limit: int, timeout: tuple[float, float], allow_http: bool
) -> tuple[bytes, str]:
    import requests
    from PIL import Image, UnidentifiedImageError

    try:
        response = session.get(url, stream=True, timeout=timeout, allow_redirects=True)
    except requests.Timeout:
        raise FetchError(f"no answer from {url} within {timeout[1]:g} s") from None
    except requests.RequestException as exc:
        raise FetchError(f"could not reach {url}: {exc.__class__.__name__}") from None
    with response:
        final = urlsplit(response.url or url)
        if final.scheme != "https" and not (allow_http and final.scheme == "http"):
            raise FetchError(f"{url} redirected to {final.scheme}://{final.netloc}: https only")
        if response.status_code in (404, 410):
            raise FetchError(f"{url}: no such image", missing=True)
        if response.status_code != 200:
            raise FetchError(f"{url} answered HTTP {response.status_code}")
        declared = response.headers.get("Content-Length")
        if declared and declared.isdigit() and int(declared) > limit:
            raise FetchError(f"{url} is {int(declared):,} bytes, more than the {limit:,}-byte cap")
        chunks, size = [], 0
        try:
            for chunk in response.iter_content(64 * 1024):
                size += len(chunk)
                if size > limit:
                    raise FetchError(f"{url} is more than the {limit:,}-byte cap")
                chunks.append(chunk)
        except requests.RequestException as exc:
            raise FetchError(f"{url}: the download broke off ({exc.__class__.__name__})") from None
    data = b"".join(chunks)
    try:
        with Image.open(io.BytesIO(data)) as image:
            kind = image.format or ""
            image.verify()
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        raise FetchError(f"{url} is not an image") from None
    if kind not in FORMATS:
        raise FetchError(f"{url} is a {kind or 'unknown'} image; JPEG, PNG or WebP only")
    return data, FORMATS[kind][0]


def _write_atomic(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".part-", suffix=path.suffix)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _save_manifest(where: Path, manifest: dict[str, Any]) -> None:
    ordered = dict(sorted(manifest.items(), key=lambda item: int(item[0]) if item[0].isdigit() else 0))
    _write_atomic(where / MANIFEST, (json.dumps(ordered, indent=1) + "\n").encode())
