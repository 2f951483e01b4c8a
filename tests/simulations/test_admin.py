"""The admin's simulation jobs: listed and read (never edited), and cancelled through the same service."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from simulations.models import Simulation, SimulationChunk

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.org", None))
    return client


@pytest.fixture
def job():
    simulation = Simulation.objects.create(
        seed=5, hands=2_000, chunks_total=2, deck_name="Rock drop", status="running", plan={"version": 1}
    )
    SimulationChunk.objects.create(simulation=simulation, index=0, hands=1_000, tally={}, worker="w1@host")
    return simulation


def test_it_lists_and_shows_jobs_with_the_workers_of_their_chunks(admin_client, job):
    listing = admin_client.get("/admin/simulations/simulation/")
    assert listing.status_code == 200 and job.id in listing.content.decode()
    page = admin_client.get(f"/admin/simulations/simulation/{job.id}/change/")
    assert page.status_code == 200
    assert "w1@host" in page.content.decode() and "Rock drop" in page.content.decode()
    assert admin_client.get("/admin/simulations/simulation/add/").status_code == 403


def test_its_action_cancels_running_jobs_only(admin_client, job):
    done = Simulation.objects.create(seed=1, hands=1, status="done")
    response = admin_client.post(
        "/admin/simulations/simulation/",
        {"action": "cancel_jobs", "_selected_action": [job.id, done.id]},
        follow=True,
    )
    assert "1 job cancelled." in response.content.decode()
    assert Simulation.objects.get(pk=job.pk).status == "cancelled"
    assert Simulation.objects.get(pk=done.pk).status == "done"
