"""``manage.py purge_proxy_sheets``: delete the proxy PDFs past ``PROXIES_RETENTION_DAYS`` (``proxies.sheets``).

Workers already delete a few expired sheets each time they store one; this deletes them all at once, and the
files no row names (older than an hour), from cron or by hand. Exit 0, printing how many it deleted.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from proxies import sheets


class Command(BaseCommand):
    help = (
        "Delete the proxy PDFs made more than PROXIES_RETENTION_DAYS ago (their rows and files), and the files "
        "under proxies/ in storage that no row names."
    )

    def handle(self, *args, **options) -> None:
        expired = sheets.purge()
        orphans = sheets.sweep_orphans()
        self.stdout.write(
            f"{expired} expired proxy PDF{'s' if expired != 1 else ''} deleted, {orphans} orphan file"
            f"{'s' if orphans != 1 else ''} removed."
        )
