"""``manage.py engine_scenario FILE...`` (DESIGN.md): runs rules scenarios.

Each FILE is a YAML scenario file (or a folder: its ``*.yaml`` files, sorted), in the format of
``vtesdeck/core/engine/scenario.py`` and docs/engine.md's "Rules scenarios". Prints one JSON line per scenario,
``{"file", "name", "passed", "failures": […]}``.

Exit status: 0 when every scenario passed; 1 when one failed; 2 when a file is missing or malformed (it still
gets its JSON line, and a one-line message on stderr), or when no scenario was given.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from cards import index as card_index
from vtesdeck.core.engine import scenario

FAILED, MALFORMED = 1, 2


def scenario_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        files += sorted(path.glob("*.yaml")) + sorted(path.glob("*.yml")) if path.is_dir() else [path]
    return files


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = (
        "Run rules scenarios (YAML files or folders of them): one JSON line per scenario. "
        "Exit 1 when one failed, 2 when a file is missing or malformed."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", metavar="FILE", help="scenario files, or folders of *.yaml files")

    def handle(self, *args: Any, paths: list[str], **options: Any) -> None:
        files = scenario_files(paths)
        if not files:
            raise CommandError("No scenario files: the folders given hold no *.yaml file.", returncode=MALFORMED)
        cards, note = card_index.for_command()
        if note:
            self.stderr.write(note)
        malformed = failed = 0
        for path in files:
            if not path.is_file():
                outcomes = [
                    scenario.Outcome(file=str(path), name="", passed=False, failures=["malformed: no such file"])
                ]
            else:
                outcomes = scenario.run_file(path, cards)
            for outcome in outcomes:
                self.stdout.write(outcome.to_json_line())
                if outcome.passed:
                    continue
                if any(f.startswith("malformed:") for f in outcome.failures):
                    malformed += 1
                    self.stderr.write(f"{path}: {outcome.name or 'scenario'}: {outcome.failures[0]}")
                else:
                    failed += 1
        if malformed:
            raise CommandError(f"{malformed} malformed scenario(s), {failed} failed.", returncode=MALFORMED)
        if failed:
            raise CommandError(f"{failed} scenario(s) failed.", returncode=FAILED)
