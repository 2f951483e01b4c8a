"""``manage.py check_deck PATH... [--as-of DATE|deck] [--ruleset NAME] [--players N] [--json] [--format NAME]``.

Exit status: 0 when every file was read, whatever the verdicts (an illegal deck is an answer, not a
failure); 1 when some file could not be read (it is reported and the others are still checked); 2 on
usage errors (bad date, unknown rule set or format), before any file is read.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards import index as card_index
from decklists import services
from vtesdeck.core import decklist
from vtesdeck.core.decklist import archive
from vtesdeck.core.validate import RULESETS

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
    help = (
        "Parse and validate decklist files (any supported format, detected; a zip = every decklist inside). "
        "Prints one verdict per deck, or with --json one deck report per line. Exit 0 when every file was "
        "read whatever the verdicts, 1 when a file could not be read, 2 on usage errors."
    )

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
        parser.add_argument("--ruleset", choices=list(RULESETS), default=services.DEFAULT_RULESET)
        parser.add_argument(
            "--players",
            type=_players,
            default=None,
            metavar="N",
            help="players at the table: the 2011 rulebook's library limit depends on it (default: 5)",
        )
        parser.add_argument("--format", choices=list(decklist.FORMATS), default=None, help="skip format detection")
        parser.add_argument("--json", action="store_true", dest="as_json", help="one JSON deck report per line")

    def handle(self, *args, paths: list[str], as_of, ruleset: str, players, format, as_json: bool, **options) -> None:
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
        if not as_json:
            self.stdout.write(_summary(outcomes))
        if any(not outcome.ok for outcome in outcomes):
            raise CommandError("Some files could not be read (see above); the others were checked.", returncode=1)

    def _verdict(self, outcome: services.Outcome) -> str:
        if outcome.report is None:
            return f"{self.style.ERROR('UNREADABLE')} {outcome.path}\n    {outcome.error}"
        report = outcome.report
        verdict = self.style.SUCCESS("LEGAL") if report.legal else self.style.ERROR("ILLEGAL")
        name = report.deck.name or "(no deck name)"
        lines = [f"{verdict} {outcome.path} — {name}"]
        lines += [f"    error {issue.code}: {issue.message}" for issue in report.errors]
        lines += [f"    warning {issue.code}: {issue.message}" for issue in report.warnings]
        return "\n".join(lines)


def _format(name: str | None) -> str | None:
    if name and name not in decklist.FORMATS:
        raise ValueError(f"Unknown decklist format {name!r}; known formats: {', '.join(decklist.FORMATS)}.")
    return name or None



def _read(path: str) -> bytes:
    file = Path(path)
    if file.is_dir():
        raise IsADirectoryError(f"a folder, not a file; name the decklists in it (e.g. {path}/*.txt)")
    # Nothing larger is read as a decklist or unpacked as a zip of them; no need to load it to say so.
    size, limit = file.stat().st_size, max(decklist.MAX_BYTES, archive.MAX_TOTAL)
    if size > limit:
        raise OSError(f"too large ({size:,} bytes; the limit is {limit:,})")
    return file.read_bytes()


def _os_error(path: str, exc: OSError) -> str:
    # strerror is the system's plain sentence ("No such file or directory") without the repeated path.
    return f"Cannot read {path}: {exc.strerror or exc}."


def _json_line(outcome: services.Outcome) -> str:
    return json.dumps(outcome.to_dict(), ensure_ascii=False)


def _summary(outcomes: list[services.Outcome]) -> str:
    reports = [o.report for o in outcomes if o.report is not None]
    legal = sum(report.legal for report in reports)
    text = (
        f"{len(reports)} deck{'s' if len(reports) != 1 else ''} checked: {legal} legal, {len(reports) - legal} illegal"
    )
    unreadable = len(outcomes) - len(reports)
    if unreadable:
        text += f"; {unreadable} file{'s' if unreadable != 1 else ''} could not be read"
    return text + "."
