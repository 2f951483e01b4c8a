"""``manage.py export_veto_cards [--user USERNAME] [PATH|-]``: the site's Veto card list (or a user's) as CSV, in
the columns ``import_veto_cards`` reads: standard output by default, or the file PATH.

Exit status: 0 when written; 1 when there is no such list or the file cannot be written; 2 on usage errors (no
such user).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from veto import services

from .import_veto_cards import user_named, whose


class Command(BaseCommand):
    help = "Write the site's Veto card list (or the list of the user named with --user) as CSV, to PATH or stdout."

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", nargs="?", default="-", metavar="PATH|-", help="where to write (default: stdout)")
        parser.add_argument("--user", metavar="USERNAME", help="export this user's own list (default: the site's)")

    def handle(self, *args: Any, path: str, user: str | None, **options: Any) -> None:
        owner = user_named(user)
        row = services.find(owner)
        if row is None:
            raise CommandError(
                _("There is no Veto card list for %(whose)s; import one with import_veto_cards.")
                % {"whose": whose(owner)}
            )
        text = row.csv
        if path == "-":
            self.stdout.write(text, ending="")
            return
        try:
            with open(path, "w", encoding="utf-8", newline="") as file:
                file.write(text)
        except OSError as exc:
            raise CommandError(
                _("Cannot write %(path)s: %(reason)s.") % {"path": path, "reason": exc.strerror or exc}
            ) from None
        self.stderr.write(_("Wrote %(count)s cards to %(path)s.") % {"count": row.card_count, "path": path})
