"""Jobs about their starter rather than about a deck are read by their starter alone, through the API and on
the site alike (``simulations.services.readable_jobs``, the one rule): a build planner job names every deck
of its starter's, private ones too, and the copies they own; proxy sheets of the cards a collection is
missing tell what it holds. Anyone else holding the id gets the 404 of an id that names no job, even when the
job was started on a public deck. Proxy sheets of a whole public deck stay shareable by their id."""

from __future__ import annotations

import pytest
from django.test import Client

from simulations.models import Simulation
from tests.access import alices_decks, make_people

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]


@pytest.fixture
def people() -> dict:
    return make_people()


@pytest.fixture
def jobs(people) -> dict[str, Simulation]:
    public = alices_decks(people)["public"]
    alice = people["alice"]
    on_public = {"owner": alice, "deck": public, "deck_name": public.name, "deck_version": public.version, "seed": 7}
    return {
        "planner": Simulation.objects.create(
            kind=Simulation.Kind.PLANNER, owner=alice, deck_name="Build planner", seed=0, parameters={"decks": 3}
        ),
        "proxies of the missing cards": Simulation.objects.create(
            kind=Simulation.Kind.PROXIES, parameters={"print": "missing"}, **on_public
        ),
        "proxies of the whole deck": Simulation.objects.create(
            kind=Simulation.Kind.PROXIES, parameters={"print": "all"}, **on_public
        ),
    }


def client_for(people: dict, who: str) -> Client:
    client = Client()
    if who != "anonymous":
        client.force_login(people[who])
    return client


@pytest.mark.parametrize("job", ["planner", "proxies of the missing cards"])
@pytest.mark.parametrize("reader", ["bob", "anonymous"])
def test_a_job_about_its_starter_is_nobody_elses(people, jobs, job, reader):
    client, simulation = client_for(people, reader), jobs[job]
    assert client.get(f"/api/v1/simulations/{simulation.id}/").status_code == 404
    assert client.post(f"/api/v1/simulations/{simulation.id}/cancel/").status_code == 404
    assert client.get(f"/simulations/{simulation.id}/").status_code == 404
    if simulation.kind == Simulation.Kind.PROXIES:
        assert client.get(f"/proxies/{simulation.id}.pdf").status_code == 404
    simulation.refresh_from_db()
    assert simulation.status == Simulation.Status.QUEUED


@pytest.mark.parametrize("job", ["planner", "proxies of the missing cards"])
def test_its_starter_reads_it(people, jobs, job):
    simulation = jobs[job]
    answer = client_for(people, "alice").get(f"/api/v1/simulations/{simulation.id}/")
    assert answer.status_code == 200 and answer.json()["id"] == simulation.id
    assert client_for(people, "alice").get(f"/simulations/{simulation.id}/", follow=True).status_code == 200


@pytest.mark.parametrize("reader", ["bob", "anonymous"])
def test_proxies_of_a_whole_public_deck_are_read_by_their_id(people, jobs, reader):
    simulation = jobs["proxies of the whole deck"]
    assert client_for(people, reader).get(f"/api/v1/simulations/{simulation.id}/").status_code == 200


@pytest.mark.parametrize(("job", "unit"), [("planner", "decks"), ("proxies of the missing cards", "cards")])
def test_each_kind_shows_its_own_unit(people, jobs, job, unit):
    simulation = jobs[job]
    simulation.units, simulation.units_done = 12, 5
    simulation.save(update_fields=["units", "units_done"])
    answer = client_for(people, "alice").get(f"/api/v1/simulations/{simulation.id}/").json()
    assert (answer[unit], answer[f"{unit}_done"]) == (12, 5)
    units = {"hands", "games", "cards", "decks"}
    assert not {key for other in units - {unit} for key in (other, f"{other}_done")} & set(answer)
