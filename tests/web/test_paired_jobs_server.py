"""Paired games through the real server (gunicorn with gunicorn.conf.py, on the test database): a comparison and a
card impact started over the API answer 202 with the job's URL and read back from another request; the pages that
start them (the Games tab's impact form, "Compare with…", both posted with their CSRF token) and show them (a job's
page, two games jobs side by side) answer too. No worker runs: the chunks wait in a queue of this test's own (the
two games jobs compared are played in this process before the server starts)."""

from __future__ import annotations

import re

import pytest
import requests

from decks import services as deck_services
from tests.api.test_simulations_api import GARGOYLES
from tests.web.test_compare_jobs_page import done_job
from tests.web.test_slow_clients import gunicorn
from vtesdeck.core.engine.options import DEFAULT_ROUNDS

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def posted(session: requests.Session, page: str, action: str, data: dict) -> requests.Response:
    """A form of ``page`` posted as a browser would: with the CSRF cookie and the token the page holds."""
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', session.get(page, timeout=30).text).group(1)
    return session.post(action, data={"csrfmiddlewaretoken": token, **data}, allow_redirects=False, timeout=60)


def test_paired_jobs_start_and_show_through_gunicorn(
    file_database, cards_in_database, archive_ids, idle_queue, tmp_path, alice
):
    deck = deck_services.create(alice, deck_services.parse_text(GARGOYLES), name="Rock drop", visibility="public")
    first, second = done_job(deck, alice), done_job(deck, alice, seed=9)
    # Four jobs from one address without an account: more than its default allowance of unfinished jobs.
    env = {
        "SIMULATION_QUEUE": idle_queue,
        "SIMULATIONS_ANON_RATE": "1000/minute",
        "SIMULATION_MAX_ACTIVE_JOBS_ANON": "10",
    }
    with gunicorn(tmp_path, **env) as (base, _port, log):
        api = f"{base}/api/v1/simulations/"
        compared = requests.post(
            api,
            json={"kind": "compare", "deck": deck.id, "other": {"twda": archive_ids[0]}, "games": 4, "players": 4},
            timeout=60,
        )
        assert compared.status_code == 202, compared.text
        job = compared.json()
        assert compared.headers["Location"] == job["url"]
        assert (job["kind"], job["games"], job["parameters"]) == (
            "compare",
            8,
            {"games": 4, "players": 4, "rounds": DEFAULT_ROUNDS, "other": {"twda": archive_ids[0]}},
        )
        read = requests.get(job["url"], timeout=30)
        assert read.status_code == 200 and read.json()["status"] == "queued"
        page = requests.get(job["page_url"], timeout=30)
        assert page.status_code == 200 and "compared with" in page.text

        impact = requests.post(api, json={"kind": "impact", "text": GARGOYLES, "games": 2, "players": 4}, timeout=60)
        assert impact.status_code == 202, impact.text
        assert (impact.json()["kind"], impact.json()["games"]) == ("impact", 2 * (3 + 1))
        page = requests.get(impact.json()["page_url"], timeout=30)
        assert page.status_code == 200 and "What each card of “Rock drop” brings" in page.text

        bad = requests.post(api, json={"kind": "compare", "text": GARGOYLES}, timeout=30)
        assert bad.status_code == 400 and list(bad.json()["errors"]) == ["other"]

        # The pages' forms, each posted once with its token: the job's page is where they lead.
        session = requests.Session()
        tab = f"{base}/decks/{deck.id}/games/"
        started = posted(session, tab, f"{base}/decks/{deck.id}/impact/", {"impact-games": "20", "impact-players": "4"})
        assert started.status_code == 302 and re.fullmatch(r"/simulations/\w+/", started.headers["Location"])
        chooser = f"{base}/decks/{deck.id}/compare/"
        answer = posted(
            session, chooser, chooser, {"against": "twda", "twda": archive_ids[0], "games": "100", "players": "4"}
        )
        assert answer.status_code == 302, answer.text[:2000]
        side_by_side = requests.get(f"{base}/simulations/{first.id}/compare/{second.id}/", timeout=30)
        assert side_by_side.status_code == 200 and "These jobs are not paired" in side_by_side.text
    lines = log.read_text(errors="replace")
    assert "POST /api/v1/simulations/ 202" in lines and f"POST /decks/{deck.id}/impact/ 302" in lines
