"""The build planner's large case: more than 20 competing decks go to a background job (kind ``planner``), which
a real worker runs to the same exact answer as the search in process."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client

from cards import index
from collection import services as collection_services
from decks import services as deck_services
from simulations.models import Simulation
from tests.simulations.test_worker import finished, wait_for
from vtesdeck.core import collection as core
from vtesdeck.core import planner

ROCK_DROP = "Crypt (12 cards)\n{crypt}x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


def test_the_planner_job_finds_the_largest_set_on_a_worker(simulation_worker):
    user = get_user_model().objects.create_user("planner", password="not-a-real-password-42")
    cards = index.get()
    # 24 decks wanting 1 to 4 Tupdogs each (and the same library): 30 Tupdogs serve at most some of them.
    for number in range(24):
        text = ROCK_DROP.format(crypt=1 + number % 4)
        deck_services.create(user, deck_services.parse_text(text), name=f"Rock drop {number}")
    owned = {"Tupdog": 30, "Govern the Unaligned": 40 * 24, "Dive Bomb": 20 * 24}
    collection_services.add(user, [core.Line(card_id=cards.lookup(n).id, count=c) for n, c in owned.items()])
    client = Client()
    client.force_login(user)

    answer = client.post("/api/v1/collection/planner/", {}, content_type="application/json").json()
    assert answer["plan"] is None and answer["together"] is False
    job = wait_for(Simulation.objects.get(pk=answer["job"]), finished)
    assert job.status == Simulation.Status.DONE, job.error
    decks = collection_services.planner_decks(user)
    expected = planner.largest_buildable(decks, collection_services.owned(user), max_nodes=planner.JOB_MAX_NODES)
    assert job.result["exact"] and len(job.result["chosen"]) == len(expected.chosen)
    # The smallest needs first: 6 decks of 1, 6 of 2 and 4 of 3 Tupdogs are 30 copies, 16 decks.
    assert len(expected.chosen) == 16
    assert not planner.conflicts([d for d in decks if d.key in job.result["chosen"]], collection_services.owned(user))

    # Its page: the simulations' job page sends its owner to the planner's, which names the decks chosen.
    page = client.get(f"/simulations/{job.id}/", follow=True)
    assert page.redirect_chain[-1][0] == f"/collection/planner/{job.id}/"
    assert "16 decks:" in page.content.decode()
    stranger = Client()
    stranger.force_login(get_user_model().objects.create_user("stranger", password="not-a-real-password-42"))
    assert stranger.get(f"/collection/planner/{job.id}/").status_code == 404
    # Followed like any job through the API, in its own unit.
    followed = client.get(f"/api/v1/simulations/{job.id}/").json()
    assert (followed["status"], followed["kind"], followed["result"]["chosen"]) == (
        "done",
        "planner",
        job.result["chosen"],
    )
