"""``manage.py fetch_card_images [--template URL]``: mirror card scans into MEDIA_ROOT/cards/ (``cards.images``).

``make images`` runs it with no template: krcg's scans (``FIELD_TEMPLATE``), each card's default image. It first
says how many images it wants, how many are mirrored already and about how large the rest is (``size_line``), then
draws a progress bar on stderr (``Bar``): one line rewritten in place on a terminal, a plain line every
``PLAIN_STEP`` % otherwise, so that a CI log stays short.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import requests
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards import images
from cards.index import get as card_index
from vtesdeck.core.image_urls import FIELD_TEMPLATE

BAR_WIDTH = 20  # characters of the bar itself
PLAIN_STEP = 5  # percent: without a terminal, one line each time the run passes another step


def about(size: int) -> str:
    """A size for people, to two significant figures in decimal units: 168,321,000 → "170 MB", 42,310 → "42 KB"."""
    value = float(f"{max(size, 0):.2g}")
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1000 or unit == "GB":
            return f"{value:.3g} {unit}"
        value /= 1000
    raise AssertionError("unreachable")


def size_line(plan: images.MirrorPlan, where: Path) -> str:
    """What a run is about to download, said before it starts; a resumed run counts only what is left."""
    into = f"Mirroring {plan.total:,} card images into {where}{os.sep}"
    if not plan.left:
        return f"{into}: {'all already here, ' if plan.total else ''}nothing to download."
    return (
        f"{into}: about {about(plan.bytes_left)} (about {about(plan.per_image)} an image), "
        f"{plan.already:,} already here."
    )


def bar_line(done: int, total: int, fetched_bytes: int, width: int = BAR_WIDTH) -> str:
    """The progress bar's line: ``[#########...........] 1,234/3,998  52 MB`` (the bytes fetched so far)."""
    filled = width * done // total if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}  {about(fetched_bytes)}"


class Bar:
    """``fetch``'s progress callback: ``bar_line`` written with ``write`` (no newline added), rewritten in place
    ("\\r") on a terminal, else as a plain line at the first image, every ``PLAIN_STEP`` % and the last."""

    def __init__(self, write: Callable[[str], None], *, tty: bool, fetched_bytes: Callable[[], int]) -> None:
        self.write = write
        self.tty = tty
        self.fetched_bytes = fetched_bytes
        self.step = -1  # the last PLAIN_STEP step printed
        self.drawn = 0  # characters of the bar on the terminal's current line (0: none)

    def __call__(self, done: int, total: int) -> None:
        line = bar_line(done, total, self.fetched_bytes())
        if self.tty:
            last = done >= total
            self.write("\r" + line.ljust(self.drawn) + ("\n" if last else ""))
            self.drawn = 0 if last else len(line)
            return
        step = done * 100 // total // PLAIN_STEP if total else 0
        if step > self.step:
            self.step = step
            self.write(line + "\n")

    def end_line(self) -> None:
        """Before another line on the terminal (a failure's): the bar's line ends, redrawn below at the next image."""
        if self.drawn:
            self.write("\n")
            self.drawn = 0


class Command(BaseCommand):
    help = (
        "Mirror the card images once into MEDIA_ROOT/cards/ (with manifest.json: id, file, sha256, bytes, url, "
        "fetched_at), served by this site itself. TEMPLATE is an https URL with {id}, {slug} (krcg's file name) "
        f"or {{name}}; by default {FIELD_TEMPLATE} (krcg's scans, what `make images` mirrors); with {{set}} too (a "
        "set's abbreviation) it fetches one image per printing, which proxy sheets print for the chosen printing. "
        "It says the download's size first, then shows its progress. Resumable: files already mirrored with their "
        "checksum are skipped. The images are the publisher's: see docs/user-guide.md (Card images and proxies) for "
        "the terms."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--template",
            default=FIELD_TEMPLATE,
            help=f"https URL with {{id}}, {{slug}} or {{name}}, and maybe {{set}} (default {FIELD_TEMPLATE})",
        )
        parser.add_argument(
            "--sets", default="", help="with {set} in the template: only these sets (comma-separated abbreviations)"
        )
        parser.add_argument("--ids", default="", help="only these card ids (comma-separated)")
        parser.add_argument("--limit", type=int, default=0, help="at most this many cards (0: all)")
        parser.add_argument(
            "--max-bytes", type=int, default=0, help="size cap per image (default CARD_IMAGE_MAX_BYTES)"
        )
        parser.add_argument("--timeout", type=float, default=20.0, help="seconds to wait for an answer (default 20)")
        parser.add_argument(
            "--deadline",
            type=float,
            default=images.DEADLINE,
            help=f"most seconds one image may take, however slowly it comes (default {images.DEADLINE:g})",
        )
        parser.add_argument(
            "--delay", type=float, default=0.1, help="seconds between two downloads, to spare the site (default 0.1)"
        )

    def handle(
        self,
        *args,
        template: str,
        ids: str,
        limit: int,
        max_bytes: int,
        timeout: float,
        delay: float,
        sets: str = "",
        deadline: float = images.DEADLINE,
        **options,
    ) -> None:
        # Plain http only for the tests' local server (a setting, never an environment variable or a flag).
        allow_http = bool(getattr(settings, "CARD_IMAGE_ALLOW_HTTP", False))
        try:
            template = images.check_template(template, allow_http=allow_http)
        except images.TemplateError as exc:
            raise CommandError(f"No image fetched: {exc}.") from None
        if max_bytes < 0 or timeout <= 0 or deadline <= 0 or delay < 0 or limit < 0:
            raise CommandError(
                "--max-bytes, --limit and --delay must not be negative, --timeout and --deadline must be positive."
            )
        chosen_sets = {part.strip() for part in sets.split(",") if part.strip()} or None
        if chosen_sets and not images.by_printing(template):
            raise CommandError("--sets needs {set} in the template: without it each card has one image.")
        cards = sorted(card_index(), key=lambda card: card.id)
        if not cards:
            raise CommandError("No card list in the database: run `manage.py import_cards` first.")
        if ids:
            try:
                wanted = {int(part) for part in ids.split(",") if part.strip()}
            except ValueError:
                raise CommandError(f"--ids must be card ids separated by commas, not {ids!r}.") from None
            cards = [card for card in cards if card.id in wanted]
        if limit:
            cards = cards[:limit]
        # Before anything is asked of the site: how much, and how much of it is here already (a resumed run).
        self.stdout.write(size_line(images.plan(cards, template, sets=chosen_sets), images.folder()))
        started = time.monotonic()
        session = requests.Session()
        session.headers["User-Agent"] = "vtesdeck fetch_card_images"
        report = images.FetchReport()
        bar = Bar(self._raw_stderr, tty=self.stderr.isatty(), fetched_bytes=lambda: report.bytes)

        def say(line: str) -> None:
            bar.end_line()
            self.stderr.write(line)

        try:
            report = images.fetch(
                cards,
                template,
                session=session,
                max_bytes=max_bytes or None,
                timeout=(min(timeout, 10.0), timeout),
                deadline=deadline,
                sets=chosen_sets,
                delay=delay,
                allow_http=allow_http,
                say=say,
                progress=bar,
                report=report,
            )
        except OSError as exc:
            raise CommandError(f"Could not write to {images.folder()}: {exc}") from None
        finally:
            bar.end_line()
            session.close()
        self.stdout.write(
            f"{report.fetched} images fetched, {report.skipped} already mirrored, {len(report.missing)} not on the "
            f"site, {len(report.failed)} failed, in {time.monotonic() - started:.0f} s; manifest: "
            f"{images.folder() / images.MANIFEST}"
        )
        if report.stopped:
            raise CommandError(f"Stopped: {report.stopped}. Run the command again to resume.")
        if report.failed:
            raise CommandError(f"{len(report.failed)} images failed (listed above). Run the command again to resume.")
        if cards and report.missing and not report.fetched and not report.skipped:
            raise CommandError(f"The site had none of the {len(cards)} images: is the template right? {template}")

    def _raw_stderr(self, text: str) -> None:
        # The bar as it is: not in the error style stderr's lines take on a terminal, and shown at once.
        self.stderr.write(text, style_func=lambda same: same, ending="")
        self.stderr.flush()
