"""``manage.py fetch_card_images --template URL``: mirror card scans into MEDIA_ROOT/cards/ (``cards.images``)."""

from __future__ import annotations

import time

import requests
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards import images
from cards.index import get as card_index


class Command(BaseCommand):
    help = (
        "Mirror the card images once into MEDIA_ROOT/cards/ (with manifest.json: id, file, sha256, bytes, url, "
        "fetched_at), served by this site itself. TEMPLATE is an https URL with {id}, {slug} (krcg's file name) "
        "or {name}, e.g. https://static.krcg.org/card/{slug}.jpg; with {set} too (a set's abbreviation) it fetches "
        "one image per printing, which proxy sheets print for the chosen printing. Resumable: files already mirrored with their "
        "checksum are skipped. The images are the publisher's: see docs/user-guide.md (Card images and proxies) for the terms."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--template", required=True, help="https URL with {id}, {slug} or {name}, and maybe {set}")
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
        started = time.monotonic()
        session = requests.Session()
        session.headers["User-Agent"] = "vtesdeck fetch_card_images"
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
                say=lambda line: self.stderr.write(line),
            )
        except OSError as exc:
            raise CommandError(f"Could not write to {images.folder()}: {exc}") from None
        finally:
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
