"""``manage.py backup_decks FILE [--user NAME ...]``: users' decks out to one JSON document.

FILE ending in ``.gz`` is gzipped; ``-`` writes to standard output (the summary then goes to standard
error, so the output can be piped). The format is ``decks.backup``'s; ``restore_decks`` reads it back.
Exit 0, 1 when the backup could not be made (an unknown user name, a folder that cannot be written).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from decks import backup


class Command(BaseCommand):
    help = (
        "Write every user who owns decks (or the users named with --user), with their password hashes, "
        "decks, cards, tags, versions and revisions, to one JSON file (gzipped when it ends in .gz; - for "
        "standard output). restore_decks reads it back."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="where to write the backup: a path (.gz to compress it) or - for stdout")
        parser.add_argument(
            "--user", action="append", dest="users", metavar="NAME", help="back up this user only (repeatable)"
        )

    def handle(self, *args, **options) -> None:
        target = options["file"]
        try:
            document = backup.dump(options["users"])
            size = backup.write(document, target, stdout=self.stdout)
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from None
        except DatabaseError as exc:
            raise CommandError(f"The database could not be read: {exc}") from None
        where = "standard output" if target == "-" else target
        report = self.stderr if target == "-" else self.stdout
        report.write(f"Wrote {backup.describe(document)} to {where} ({size:,} bytes).")
