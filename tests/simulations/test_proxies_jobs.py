"""Proxy sheets are rendered on a real worker (kind ``proxies``: the simulations' one job lifecycle), which stores
the PDF in the database, where the web process that serves it reads it. The worker reads the card list from the
table (``cards_in_database``: the rows back after the flushes of earlier transactional tests)."""

from __future__ import annotations

import math
import re

from django.contrib.auth import get_user_model
from django.test import Client

from decks import services as deck_services
from simulations.models import Simulation
from tests.simulations.test_worker import finished, wait_for

DECK = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


def test_a_worker_renders_the_pdf_and_the_site_serves_it(simulation_worker, cards_in_database):
    user = get_user_model().objects.create_user("printer", password="not-a-real-password-42")
    deck = deck_services.create(user, deck_services.parse_text(DECK), name="Rock drop")
    client = Client()
    client.force_login(user)
    response = client.post(
        "/api/v1/simulations/", {"kind": "proxies", "deck": deck.id, "paper": "letter"}, content_type="application/json"
    )
    assert response.status_code == 202, response.content
    job = wait_for(Simulation.objects.get(pk=response.json()["id"]), finished)
    assert job.status == Simulation.Status.DONE, job.error
    assert job.result["cards"] == 72 and job.result["pages"] == math.ceil(72 / 9)
    pdf = client.get(job.result["download_url"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    content = b"".join(pdf.streaming_content)
    assert len(re.findall(rb"/Type /Page\b", content)) == 8
    assert b"/MediaBox [0 0 612.00 792.00]" in content
    assert job.chunks.get().worker  # stored by the worker, not this process
