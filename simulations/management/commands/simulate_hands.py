"""``manage.py simulate_hands PATH [--hands N] [--seed S] [--condition EXPR ...] [--json] [--via-workers]``.

Draws N opening hands (7 library cards, 4 crypt cards) from the decklist in PATH (any format, detected)
and prints, per card, the share of hands holding it beside the exact odds and their difference in
standard errors; then card groups, playable hands, the first vampire's turn per seat and any conditions.
With ``--json`` it prints the hands report (DESIGN.md's shape) instead.

It runs in this process by default (no broker or worker needed). ``--via-workers`` queues the same job
for the Celery workers (as the Draws tab does) and waits for it, printing its progress; the same seed gives
the very same figures either way.

Exit status: 0 with a report; 1 when the deck cannot be read or drawn from (a missing file, too few cards),
or a job via the workers failed; 2 on usage errors (a bad number, a condition that does not parse).
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from pathlib import Path
from typing import cast

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards import index as card_index
from simulations.cli import read_deck_file
from vtesdeck.core import draws

USAGE_ERROR = 2
UNUSABLE = 1
POLL_SECONDS = 0.5


class Command(BaseCommand):
    help = (
        "Opening-hand statistics of a decklist: per card the simulated share of opening hands holding it, "
        "the exact odds and their difference in standard errors. Exit 0 with a report, 1 when the deck cannot "
        "be read or drawn from, 2 on usage errors."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", metavar="PATH", help="a decklist file (any supported format)")
        parser.add_argument(
            "--hands",
            type=int,
            default=None,
            metavar="N",
            help=f"opening hands to draw (default {settings.SIMULATION_DEFAULT_HANDS:,}; at most {draws.MAX_HANDS:,})",
        )
        parser.add_argument("--seed", type=int, default=None, metavar="S", help="random seed (default: a random one)")
        parser.add_argument(
            "--condition",
            action="append",
            default=[],
            dest="conditions",
            metavar="EXPR",
            help="a joint condition on the opening hand, e.g. 'library.type(\"Master\") >= 1' (repeatable)",
        )
        parser.add_argument(
            "--chunk-size",
            type=int,
            default=None,
            metavar="N",
            help=f"hands per chunk (default {settings.SIMULATION_CHUNK_SIZE:,}); part of what the seed reproduces",
        )
        parser.add_argument("--json", action="store_true", dest="as_json", help="print the hands report as JSON")
        parser.add_argument(
            "--via-workers",
            action="store_true",
            help="queue the job for the Celery workers (as the site does) and wait for it",
        )

    def handle(
        self, *args, path: str, hands, seed, conditions, chunk_size, as_json: bool, via_workers: bool, **options
    ) -> None:
        hands = settings.SIMULATION_DEFAULT_HANDS if hands is None else hands
        chunk_size = settings.SIMULATION_CHUNK_SIZE if chunk_size is None else chunk_size
        _check_range("--hands", hands, 1, draws.MAX_HANDS)
        _check_range("--chunk-size", chunk_size, 1_000, draws.MAX_HANDS)
        if seed is None:
            seed = secrets.randbits(31)
        _check_range("--seed", seed, 0, 2**63 - 1)
        if len(conditions) > draws.MAX_CONDITIONS:
            raise CommandError(
                f"At most {draws.MAX_CONDITIONS} conditions, not {len(conditions)}.", returncode=USAGE_ERROR
            )
        cards, note = card_index.for_command()
        if note:
            self.stderr.write(note)
        deck = self._read_deck(path, cards)
        card_index.remember(cards)  # the card list's snapshot, for the next command (cards.snapshot)
        if via_workers:
            report = self._via_workers(
                deck, cards, hands=hands, seed=seed, conditions=conditions, chunk_size=chunk_size
            )
        else:
            try:
                report = draws.run_hands(
                    deck, cards, hands=hands, seed=seed, conditions=conditions, chunk_size=chunk_size
                )
            except draws.ConditionError as exc:
                raise CommandError(str(exc), returncode=USAGE_ERROR) from None
            except draws.DrawsError as exc:
                raise CommandError(f"{path}: {exc}", returncode=UNUSABLE) from None
        if as_json:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
        else:
            self.stdout.write(_table(report, deck, path))

    def _read_deck(self, path: str, cards):
        deck = read_deck_file(path, cards, returncode=UNUSABLE)
        if deck.unresolved:
            lines = ", ".join(f"line {u.line} {u.text.strip()!r}" for u in deck.unresolved[:5])
            more = f" and {len(deck.unresolved) - 5} more" if len(deck.unresolved) > 5 else ""
            self.stderr.write(f"Left out, naming no known card: {lines}{more}.")
        return deck

    def _via_workers(self, deck, cards, *, hands: int, seed: int, conditions: list[str], chunk_size: int) -> dict:
        from simulations import services

        try:
            simulation = services.start_hands(
                deck=deck, cards=cards, hands=hands, seed=seed, conditions=conditions, chunk_size=chunk_size
            )
        except services.SimulationInputError as exc:
            raise CommandError(str(exc), returncode=UNUSABLE if exc.field == "deck" else USAGE_ERROR) from None
        except services.BrokerUnavailable as exc:
            raise CommandError(f"The job could not be queued: {exc}", returncode=UNUSABLE) from None
        self.stderr.write(f"Job {simulation.id}: {simulation.chunks_total} chunks queued (seed {seed}).")
        try:
            while not simulation.finished:
                time.sleep(POLL_SECONDS)
                simulation = services.refresh(simulation)
                if sys.stderr.isatty():
                    self.stderr.write(_progress(simulation), ending="\r")
        except KeyboardInterrupt:
            services.cancel(simulation)
            raise CommandError(f"Interrupted: job {simulation.id} was cancelled.", returncode=130) from None
        if sys.stderr.isatty():
            self.stderr.write("")
        workers = sorted(set(simulation.chunks.values_list("worker", flat=True)))
        self.stderr.write(f"Job {simulation.id}: {simulation.status}; workers: {', '.join(workers) or 'none'}.")
        if simulation.status != simulation.Status.DONE:
            reason = simulation.error or simulation.get_status_display().lower()
            raise CommandError(f"Job {simulation.id} did not finish: {reason}.", returncode=UNUSABLE)
        return cast(dict, simulation.result)  # a done job holds its report


def _check_range(option: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise CommandError(f"{option} must be from {low:,} to {high:,}, not {value:,}.", returncode=USAGE_ERROR)


def _progress(simulation) -> str:
    return (
        f"  {simulation.progress:6.1%}  {simulation.units_done:,} / {simulation.units:,} hands, "
        f"{simulation.chunks_done}/{simulation.chunks_total} chunks, {simulation.status}   "
    )


# --- the readable report ----------------------------------------------------------------------------


def _percent(value) -> str:
    return "   —  " if value is None else f"{value:6.1%}"


def _se(row: dict, p_key: str = "p_opening", exact_key: str = "p_opening_exact", se_key: str = "stderr") -> str:
    p, exact, se = row.get(p_key), row.get(exact_key), row.get(se_key)
    if p is None or exact is None:
        return ""
    if not se:
        return "  0.0" if p == exact else "   ∞"
    return f"{(p - exact) / se:+5.1f}"


def _table(report: dict, deck, path: str) -> str:
    name = deck.name or Path(path).name
    lines = [
        f"{name}: {report['crypt_size']} crypt, {report['library_size']} library cards",
        f"{report['hands']:,} opening hands (7 library, 4 crypt), seed {report['seed']}, {report['chunks']} chunk{'s' if report['chunks'] != 1 else ''}, "
        f"{report['seconds']:.2f} s ({report['hands_per_second']:,.0f} hands/s)",
        "",
        "'opening' is the share of simulated opening hands holding at least one copy; 'exact' the exact odds;",
        "'diff' their difference in standard errors (|diff| above 4 would be suspicious).",
    ]
    for part, heading in (("library", "Library card"), ("crypt", "Crypt card")):
        rows = report.get(part, [])
        if not rows:
            continue
        width = max(len(heading), *(len(row["name"]) for row in rows))
        lines += ["", f"{heading:<{width}}  copies  opening   exact   diff"]
        for row in rows:
            lines.append(
                f"{row['name']:<{width}}  {row['count']:>6}  {_percent(row['p_opening'])}  "
                f"{_percent(row['p_opening_exact'])}  {_se(row)}"
            )
    groups = report.get("groups", [])
    if groups:
        width = max(len("Group"), *(len(f"{g['part']} {g['kind']}: {g['label']}") for g in groups))
        lines += ["", f"{'Group':<{width}}   cards  opening   exact  ≥2 exact"]
        for group in groups:
            label = f"{group['part']} {group['kind']}: {group['label']}"
            at_least = group.get("at_least_exact") or []
            second = _percent(at_least[1]) if len(at_least) > 1 else "   —  "
            lines.append(
                f"{label:<{width}}  {group['count']:>6}  {_percent(group.get('p_opening'))}  "
                f"{_percent(group.get('p_opening_exact'))}  {second}"
            )
    playable = report.get("playable")
    if playable:
        lines += [
            "",
            f"Playable hand: on average {playable['mean_share']:.1%} of the 7 library cards are playable by the 4 "
            f"crypt cards; all 7 in {playable['all_playable']:.1%} of hands.",
        ]
    first = report.get("first_vampire")
    if first and first.get("seats"):
        seats = ", ".join(
            f"seat {seat['seat']} turn {seat['mean_turn']:.1f}" for seat in first["seats"] if seat.get("mean_turn")
        )
        lines += ["", f"First vampire out (mean turn): {seats}", f"  ({first['policy']})"]
    conditions = report.get("conditions", [])
    if conditions:
        lines += ["", "Condition  share of hands  (exact)"]
        for condition in conditions:
            exact = "" if condition.get("p_exact") is None else f"  ({condition['p_exact']:.1%})"
            lines.append(f"  {condition['expression']}: {condition['p']:.1%} ± {condition['stderr']:.1%}{exact}")
    return "\n".join(lines)
