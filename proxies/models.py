"""A finished proxies job's PDF, kept in the database: the worker that renders it and the web process that
serves it may be on different machines, and the database is what they all share."""

from __future__ import annotations

from django.db import models


class ProxySheet(models.Model):
    simulation = models.OneToOneField(
        "simulations.Simulation", primary_key=True, on_delete=models.CASCADE, related_name="proxy_sheet"
    )
    pdf = models.BinaryField()
    pages = models.PositiveIntegerField()
    cards = models.PositiveIntegerField()  # card boxes placed
    images = models.PositiveIntegerField(default=0)  # of them, printed from a mirrored image
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"proxies {self.simulation_id} ({self.pages} pages)"
