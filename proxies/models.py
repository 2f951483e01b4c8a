"""A finished proxies job's PDF: a file in the default storage (``proxies.sheets``), this row saying where it is,
how large, and when it was made (it is deleted ``PROXIES_RETENTION_DAYS`` later). The worker that renders it and
the web process that serves it may be on different machines: both reach the same storage (docs/deploy.md)."""

from __future__ import annotations

from django.db import models


class ProxySheet(models.Model):
    simulation = models.OneToOneField(
        "simulations.Simulation", primary_key=True, on_delete=models.CASCADE, related_name="proxy_sheet"
    )
    file = models.FileField(max_length=200)  # a name in the default storage: proxies/<job id>.pdf
    bytes = models.PositiveBigIntegerField(default=0)
    pages = models.PositiveIntegerField()
    cards = models.PositiveIntegerField()  # card boxes placed
    images = models.PositiveIntegerField(default=0)  # of them, printed from a mirrored image
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"proxies {self.simulation_id} ({self.pages} pages)"
