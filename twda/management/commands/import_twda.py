"""``manage.py import_twda PATH|URL [--if-empty]``: load the Tournament Winning Deck Archive.

Exit status: 0 when the archive was read (even if some files were skipped, each listed with its reason),
1 when the source cannot be read at all (the database is then unchanged), 2 for a usage error.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from vtesdeck.core.twda import ArchiveError


class Command(BaseCommand):
    help = (
        "Import the Tournament Winning Deck Archive from SOURCE: a folder of its .txt files (e.g. "
        "../shared/twda), a zip of them, or an http(s) URL of such a zip. Idempotent: unchanged files are "
        "skipped, changed ones updated; a file that does not parse is reported and skipped. All or nothing."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("source", metavar="PATH|URL", help="the archive's folder, a zip of it, or a URL of one")
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing when the database already holds archive decks"
        )

    def handle(self, *args, source: str, if_empty: bool, **options) -> None:
        from twda import services
        from twda.models import TournamentDeck

        if if_empty and TournamentDeck.objects.exists():
            self.stdout.write(f"{TournamentDeck.objects.count():,} archive decks already imported; nothing to do.")
            return
        started = time.monotonic()
        try:
            result = services.import_archive(source, stdout=self.stdout if options["verbosity"] > 1 else None)
        except ArchiveError as exc:
            raise CommandError(f"The archive was not imported, the database is unchanged: {exc}") from exc
        except DatabaseError as exc:
            raise CommandError(
                f"The archive was not imported, the database is unchanged: database error: {exc}"
            ) from exc
        for name, reason in result.skipped:
            self.stderr.write(f"skipped {name}: {reason}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Archive {source} read in {time.monotonic() - started:.1f} s: {result.imported:,} imported, "
                f"{result.updated:,} updated, {result.unchanged:,} unchanged, {len(result.skipped):,} skipped."
            )
        )
