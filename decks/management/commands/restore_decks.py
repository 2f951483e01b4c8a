"""``manage.py restore_decks FILE [--replace] [--dry-run]``: a ``backup_decks`` file back into the database.

The whole file is checked first; any problem is listed (every one found, each naming where in the file
it is) and nothing is written, exit 1. Otherwise everything is written in one transaction. Existing users
(by name) keep their password and details, and existing decks (by id) with the same or a newer version
are kept, unless ``--replace``. ``--dry-run`` says what would be done and writes nothing. ``-`` reads
standard input. Exit 0 after a restore (or a dry run), 1 when nothing could be written.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from decks import backup


class Command(BaseCommand):
    help = (
        "Restore users and decks from a backup_decks file (gzipped or not; - for standard input). All or "
        "nothing: a file with any problem is refused with the list of problems. Existing users and decks of "
        "the same or a newer version are kept unless --replace."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="a backup made by backup_decks (.json or .json.gz), or - for stdin")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="overwrite existing users (password, e-mail, active flag, API tokens) and decks whatever "
            "their version",
        )
        parser.add_argument("--dry-run", action="store_true", help="say what would be restored; write nothing")

    def handle(self, *args, **options) -> None:
        source = options["file"]
        try:
            document = backup.read(source)
            outcome = backup.restore(document, replace=options["replace"], dry_run=options["dry_run"])
        except backup.BackupError as exc:
            raise CommandError(f"Nothing was restored from {source}:\n{exc}") from None
        for sentence in outcome.kept:
            self.stdout.write(sentence)
        if options["dry_run"]:
            self.stdout.write(f"Dry run, nothing written. It would write {outcome.summary()}.")
        else:
            self.stdout.write(f"Restored {backup.describe(document)}: {outcome.summary()}.")
