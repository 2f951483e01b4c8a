"""``manage.py seat_event --players N [--rounds R] [--seed S] [--json]`` (DESIGN.md "Events"): an event's
preliminary rounds seated by the VEKN tournament rules (TR §3.1.2) and the nine seating criteria R1..R9 they
reach (lower is better; R1, a predator–prey pair repeated, must be 0 whenever it can be).

Printed: each round's tables, players in seat order (seat 1 first), the players sitting a round out when the
event is staggered (6, 7 and 11 players), then the criteria. ``--json``: ``{"players", "seed", "rounds",
"score"}`` on one line, ``rounds`` as ``seat_rounds`` returns them. Exit 2 on a count the rules cannot seat.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from vtesdeck.core.events.seating import CRITERIA, score, seat_rounds

USAGE_ERROR = 2
MAX_PLAYERS = 1000  # a world championship is a few hundred: past this the seating takes minutes
MAX_ROUNDS = 10


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = "Seat an event's preliminary rounds by the VEKN rules and print the R1..R9 criteria (DESIGN.md)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--players", type=int, required=True, help="how many players (4 or more)")
        parser.add_argument("--rounds", type=int, default=3, help="preliminary rounds (default 3)")
        parser.add_argument("--seed", type=int, default=0, help="the optimiser's seed (default 0)")
        parser.add_argument("--json", action="store_true", help="print the rounds and the criteria as JSON")

    def handle(self, *args, **options) -> None:
        players, rounds, seed = options["players"], options["rounds"], options["seed"]
        if not 4 <= players <= MAX_PLAYERS:
            raise CommandError(f"--players must be between 4 and {MAX_PLAYERS}, not {players}.", returncode=USAGE_ERROR)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise CommandError(f"--rounds must be between 1 and {MAX_ROUNDS}, not {rounds}.", returncode=USAGE_ERROR)
        seating = seat_rounds(players, rounds, seed)
        figures = score(seating)
        if options["json"]:
            self.stdout.write(json.dumps({"players": players, "seed": seed, "rounds": seating, "score": figures}))
            return
        everyone = set(range(1, players + 1))
        for number, tables in enumerate(seating, 1):
            self.stdout.write(f"Round {number}")
            for t, table in enumerate(tables, 1):
                self.stdout.write(f"  table {t} ({len(table)} seats): " + " ".join(str(p) for p in table))
            out = sorted(everyone - {p for table in tables for p in table})
            if out:
                self.stdout.write("  sitting out: " + " ".join(str(p) for p in out))
        self.stdout.write(
            "Criteria (lower is better; R1 must be 0): " + ", ".join(_figure(c, figures[c]) for c in CRITERIA)
        )


def _figure(name: str, value: float) -> str:
    return f"{name} {value:g}" if float(value).is_integer() else f"{name} {value:.3f}"
