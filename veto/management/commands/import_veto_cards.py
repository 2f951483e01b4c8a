"""``manage.py import_veto_cards PATH|- [--user USERNAME] [--lang pl|en]``: a Veto card list (CSV) for the site,
or for one user.

The whole list is read before anything is stored: a list with any bad line is refused with every problem at its
line on standard error, in Polish (the game's language) or English, and the list stored before stays as it was.
A good list replaces it. Exit status: 0 when imported; 1 when the list was refused or could not be read; 2 on
usage errors (no such user).
"""

from __future__ import annotations

import sys
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from veto import services
from vtesdeck.core import veto
from vtesdeck.core.veto import cards

USAGE_ERROR = 2


def user_named(username: str | None):
    """The user ``--user`` names (None without the option); ``CommandError`` (exit 2) for an unknown name."""
    if username is None:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(_("No user is named %(name)r.") % {"name": username}, returncode=USAGE_ERROR)
    return user


def whose(user) -> str:
    return _("the site") if user is None else _("user %(name)s") % {"name": user.get_username()}


class Command(BaseCommand):
    help = (
        "Import a Veto card list (CSV: name, epithet, type, factions, alliance, keywords) for the site, or for the "
        "user named with --user; - reads standard input. A list with any bad line is refused with every problem at "
        "its line, and nothing is stored."
    )
    # call_command(..., stdin=io.BytesIO(...)): what "-" reads in tests.
    stealth_options = ("stdin",)

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", metavar="PATH|-", help="the CSV file, or - for standard input")
        parser.add_argument("--user", metavar="USERNAME", help="import this user's own list (default: the site's)")
        parser.add_argument(
            "--lang",
            choices=list(veto.LANGUAGES),
            default="pl",
            help="the language of the problems found (default: pl, the game's language)",
        )

    def handle(self, *args: Any, path: str, user: str | None, lang: veto.Lang, **options: Any) -> None:
        with translation.override(lang):
            owner = user_named(user)
            source = self._read(path, options.get("stdin"))
            try:
                row = services.import_list(source, owner)
            except veto.CardListError as exc:
                for problem in exc.problems:
                    self.stderr.write(problem.message(lang))
                raise CommandError(
                    ngettext(
                        "The card list was refused (%(count)s problem, above); nothing was stored.",
                        "The card list was refused (%(count)s problems, above); nothing was stored.",
                        len(exc.problems),
                    )
                    % {"count": len(exc.problems)}
                ) from None
            self.stdout.write(
                ngettext(
                    "Imported %(count)s Veto card for %(whose)s.",
                    "Imported %(count)s Veto cards for %(whose)s.",
                    row.card_count,
                )
                % {"count": row.card_count, "whose": whose(owner)}
            )

    def _read(self, path: str, stdin: IO[Any] | None) -> bytes | str:
        # One byte past the core's bound is enough for it to refuse the list, naming the bound.
        limit = cards.MAX_SIZE + 1
        if path == "-":
            stream = stdin if stdin is not None else sys.stdin
            return getattr(stream, "buffer", stream).read(limit)
        try:
            with open(path, "rb") as file:
                return file.read(limit)
        except OSError as exc:
            raise CommandError(
                _("Cannot read %(path)s: %(reason)s.") % {"path": path, "reason": exc.strerror or exc}
            ) from None
