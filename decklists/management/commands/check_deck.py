"""``manage.py check_deck PATH... [--as-of DATE|deck] [--ruleset NAME] [--players N] [--json] [--format NAME]
[--lang en|pl|de] [--veto-cards CSV]``.

``--lang`` is the language of the verdicts, messages and rule citations (English by default); codes, card
names, the JSON keys and ``params`` stay as they are.

``--ruleset veto|veto-sealed`` judges Veto decks (a Polish CCG, not VTES: ``vtesdeck.core.veto``) against the
card list ``--veto-cards`` names, else the site's list in the database; ``--json`` prints the core's Veto report
per deck. Veto speaks Polish (the default) or English; the VTES-only options (``--as-of``, ``--players``,
``--format``) are usage errors there.

Exit status: 0 when every file was read, whatever the verdicts (an illegal deck is an answer, not a
failure); 1 when some file could not be read (it is reported and the others are still checked); 2 on
usage errors (bad date, unknown rule set or format), before any file is read.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
from collections.abc import Sequence
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards import index as card_index
from decklists import services
from veto import services as veto_services
from vtesdeck import messages
from vtesdeck.core import decklist, veto
from vtesdeck.core.decklist import archive
from vtesdeck.core.validate import RULESETS
from vtesdeck.core.veto.cards import MAX_SIZE as VETO_LIST_MAX_SIZE

USAGE_ERROR = 2


def _as_of(value: str) -> services.AsOf:
    try:
        return services.parse_as_of(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _players(value: str) -> int | None:
    try:
        return services.parse_players(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


class Command(BaseCommand):
    # Django's system checks import every URLconf, view and API schema (DRF, drf-spectacular…): a third of
    # a second this command never needs. `manage.py check` still runs them.
    requires_system_checks = []
    help = (
        "Parse and validate decklist files (any supported format, detected; a zip = every decklist inside). "
        "Prints one verdict per deck, or with --json one deck report per line. Exit 0 when every file was "
        "read whatever the verdicts, 1 when a file could not be read, 2 on usage errors."
    )

    def run_from_argv(self, argv: list[str]) -> None:
        # A process of its own (manage.py, not call_command): everything it allocates lives until it exits, so
        # the cyclic collector, walking the card list and its caches again and again, would find nothing to
        # free. Frozen at the end, they are not walked once more at exit either.
        gc.disable()
        try:
            super().run_from_argv(argv)
        finally:
            gc.freeze()

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="decklist files or zips of them")
        parser.add_argument(
            "--as-of",
            type=_as_of,
            default=None,
            metavar="YYYY-MM-DD|deck",
            help="judge legality on this date; 'deck' = each decklist's own event date (TWD header), else today "
            "(default: today)",
        )
        parser.add_argument(
            "--ruleset",
            default=services.DEFAULT_RULESET,
            metavar="|".join([*RULESETS, *services.VETO_RULESETS, "ID"]),
            help="the format: a built-in one, a saved custom format by its id, or a Veto one (veto, veto-sealed: "
            "see --veto-cards) (default: vekn)",
        )
        parser.add_argument(
            "--players",
            type=_players,
            default=None,
            metavar="N",
            help="players at the table: the 2011 rulebook's library limit depends on it (default: 5)",
        )
        parser.add_argument("--format", choices=list(decklist.FORMATS), default=None, help="skip format detection")
        parser.add_argument("--json", action="store_true", dest="as_json", help="one JSON deck report per line")
        parser.add_argument(
            "--lang",
            choices=list(messages.LANGUAGES),
            default=None,
            help="the language of verdicts, messages and rule citations (codes, card names and JSON keys stay) "
            "(default: en; pl for the Veto rule sets, which speak pl or en)",
        )
        parser.add_argument(
            "--veto-cards",
            default=None,
            metavar="CSV",
            help="the Veto rule sets: the card list to judge by (default: the site's, imported with import_veto_cards)",
        )

    def handle(self, *args, lang: str | None = None, veto_cards: str | None = None, **options) -> None:
        if services.is_veto(options.get("ruleset")):
            self._check_veto(lang=lang, veto_cards=veto_cards, **options)
            return
        if veto_cards is not None:
            raise CommandError(
                _("--veto-cards is for the Veto rule sets (--ruleset veto|veto-sealed)."), returncode=USAGE_ERROR
            )
        # One language for the whole run, activated once: every message is rendered in it.
        with translation.override(messages.language_code(lang or "en")):
            self._check(**options)

    def _check(self, *args, paths: list[str], as_of, ruleset: str, players, format, as_json: bool, **options) -> None:
        try:
            # call_command(as_of="…") hands option values over as given, without argparse's conversions.
            check_options = services.CheckOptions(
                ruleset=services.parse_ruleset(ruleset),
                as_of=services.parse_as_of(as_of) if isinstance(as_of, str) else as_of,
                players=services.parse_players(players),
                format=_format(format),
            )
        except ValueError as exc:
            raise CommandError(str(exc), returncode=USAGE_ERROR) from None
        cards, note = card_index.for_command()
        if note:
            self.stderr.write(note)
        outcomes: list[services.Outcome] = []
        for path in paths:
            try:
                content = _read(path)
            except OSError as exc:
                checked = [services.Outcome(path=path, error=_os_error(path, exc))]
            else:
                checked = services.check_files([(path, content)], cards, check_options)
            for outcome in checked:
                outcomes.append(outcome)
                # One line per deck as soon as it is checked: a long run shows progress, a pipe gets lines.
                self.stdout.write(_json_line(outcome) if as_json else self._verdict(outcome))
        # The lines read here, kept in the card list's snapshot: the next run reads them for free.
        card_index.remember(cards)
        if not as_json:
            self.stdout.write(_summary(outcomes))
        if any(not outcome.ok for outcome in outcomes):
            raise CommandError(_("Some files could not be read (see above); the others were checked."), returncode=1)

    def _check_veto(
        self, *, paths: list[str], ruleset: str, lang: str | None, veto_cards: str | None, as_json: bool, **options
    ) -> None:
        given = [f"--{name.replace('_', '-')}" for name in ("as_of", "players", "format") if options.get(name)]
        if given:
            raise CommandError(
                _("%(options)s: not used by the Veto rule sets.") % {"options": ", ".join(given)},
                returncode=USAGE_ERROR,
            )
        language = lang or "pl"
        if language not in veto.LANGUAGES:
            raise CommandError(
                _("--lang %(lang)s: Veto reports are in Polish or English (pl, en).") % {"lang": language},
                returncode=USAGE_ERROR,
            )
        veto_lang: veto.Lang = "en" if language == "en" else "pl"
        with translation.override(veto_lang):
            card_list = self._veto_card_list(veto_cards, veto_lang)
            rules = services.veto_ruleset(ruleset)
            outcomes: list[services.VetoOutcome] = []
            for path in paths:
                try:
                    content = _read(path)
                except OSError as exc:
                    checked = [services.VetoOutcome(path=path, lang=veto_lang, error=_os_error(path, exc))]
                else:
                    checked = services.check_veto_files([(path, content)], card_list, rules, veto_lang)
                for outcome in checked:
                    outcomes.append(outcome)
                    self.stdout.write(_JSON.encode(outcome.to_dict()) if as_json else self._veto_verdict(outcome))
            if not as_json:
                self.stdout.write(_summary(outcomes))
            if any(not outcome.ok for outcome in outcomes):
                raise CommandError(
                    _("Some files could not be read (see above); the others were checked."), returncode=1
                )

    def _veto_card_list(self, path: str | None, lang: veto.Lang) -> veto.VetoCardList:
        """The list ``--veto-cards`` names, else the site's; a usage error (exit 2) when there is none or it is
        refused, with every problem at its line."""
        if path is None:
            try:
                found = veto_services.card_list_for(None)
            except DatabaseError:  # a database never migrated: no site list
                found = None
            if found is None:
                raise CommandError(
                    _(
                        "There is no Veto card list for the site: import one with `manage.py import_veto_cards CSV`, "
                        "or name one with --veto-cards CSV."
                    ),
                    returncode=USAGE_ERROR,
                )
            return found
        try:
            with open(path, "rb") as file:
                source = file.read(VETO_LIST_MAX_SIZE + 1)
        except OSError as exc:
            raise CommandError(_os_error(path, exc), returncode=USAGE_ERROR) from None
        try:
            return veto.parse_card_list(source)
        except veto.CardListError as exc:
            heading = _("The Veto card list %(path)s was refused:") % {"path": path}
            raise CommandError(
                "\n".join([heading, *(problem.message(lang) for problem in exc.problems)]), returncode=USAGE_ERROR
            ) from None

    def _veto_verdict(self, outcome: services.VetoOutcome) -> str:
        if outcome.report is None:
            return f"{self.style.ERROR(_('UNREADABLE'))} {outcome.path}\n    {outcome.error}"
        report, lang = outcome.report, outcome.lang
        verdict = self.style.SUCCESS(_("LEGAL")) if report.legal else self.style.ERROR(_("ILLEGAL"))
        counts = _("%(deck)s cards in the deck (Kredens), %(sideboard)s in the sideboard (Sakwa)") % {
            "deck": report.deck_count,
            "sideboard": report.sideboard_count,
        }
        lines = [f"{verdict} {outcome.path} — {report.ruleset.label(lang)}: {counts}"]
        # Each issue with the articles it stands on: in Veto the citation is the rule itself (no page to link).
        for template, issues in (
            (_("error %(code)s: %(message)s"), report.errors),
            (_("warning %(code)s: %(message)s"), report.warnings),
        ):
            lines += [
                "    " + template % {"code": issue.code, "message": f"{issue.message(lang)} ({issue.rule(lang)})"}
                for issue in issues
            ]
        return "\n".join(lines)

    def _verdict(self, outcome: services.Outcome) -> str:
        if outcome.report is None:
            return f"{self.style.ERROR(_('UNREADABLE'))} {outcome.path}\n    {outcome.error}"
        report = outcome.report
        verdict = self.style.SUCCESS(_("LEGAL")) if report.legal else self.style.ERROR(_("ILLEGAL"))
        name = report.deck.name or _("(no deck name)")
        lines = [f"{verdict} {outcome.path} — {name}"]
        lines += ["    " + _("error %(code)s: %(message)s") % messages.issue(issue) for issue in report.errors]
        lines += ["    " + _("warning %(code)s: %(message)s") % messages.issue(issue) for issue in report.warnings]
        return "\n".join(lines)


def _format(name: str | None) -> str | None:
    if name and name not in decklist.FORMATS:
        raise ValueError(f"Unknown decklist format {name!r}; known formats: {', '.join(decklist.FORMATS)}.")
    return name or None


def _read(path: str) -> bytes:
    # One open, one fstat, one read: a run over the archive opens four thousand files.
    try:
        file = open(path, "rb")  # closed by the with block below, after the size check
    except OSError:
        if Path(path).is_dir():
            raise IsADirectoryError(f"a folder, not a file; name the decklists in it (e.g. {path}/*.txt)") from None
        raise
    with file:
        # Nothing larger is read as a decklist or unpacked as a zip of them; no need to load it to say so.
        size, limit = os.fstat(file.fileno()).st_size, max(decklist.MAX_BYTES, archive.MAX_TOTAL)
        if size > limit:
            raise OSError(f"too large ({size:,} bytes; the limit is {limit:,})")
        return file.read()


def _os_error(path: str, exc: OSError) -> str:
    # strerror is the system's plain sentence ("No such file or directory") without the repeated path.
    return _("Cannot read %(path)s: %(reason)s.") % {"path": path, "reason": exc.strerror or exc}


# One encoder for every line (json.dumps would make one per call), with no cycle check (a report is a tree):
# the same output as json.dumps(report, ensure_ascii=False).
_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False)


def _json_line(outcome: services.Outcome) -> str:
    return _JSON.encode(outcome.to_dict())


def _summary(outcomes: Sequence[services.Outcome | services.VetoOutcome]) -> str:
    reports = [o.report for o in outcomes if o.report is not None]
    legal = sum(report.legal for report in reports)
    text = ngettext(
        "%(count)s deck checked: %(legal)s legal, %(illegal)s illegal",
        "%(count)s decks checked: %(legal)s legal, %(illegal)s illegal",
        len(reports),
    ) % {"count": len(reports), "legal": legal, "illegal": len(reports) - legal}
    unreadable = len(outcomes) - len(reports)
    if unreadable:
        text += ngettext("; %(count)s file could not be read", "; %(count)s files could not be read", unreadable) % {
            "count": unreadable
        }
    return text + "."
