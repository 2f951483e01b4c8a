"""``manage.py reap_simulations``: resend or fail the simulation jobs whose workers were lost.

Pages, the API and starting workers already do this for the jobs they touch (``services.refresh``,
``services.reap_stale``); this command does it for every job at once, from cron or by hand after an outage.
Exit 0, printing how many jobs it handled.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from simulations import services


class Command(BaseCommand):
    help = (
        "Resend the lost chunks of running simulation jobs whose workers stopped reporting, fail the jobs "
        "that ran out of attempts or waited too long for a worker, and finish those whose last chunk was "
        "stored by a worker that died before finishing."
    )

    def handle(self, *args, **options) -> None:
        handled = services.reap_stale()
        self.stdout.write(f"{handled} stale simulation job{'s' if handled != 1 else ''} handled.")
