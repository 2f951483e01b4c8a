"""Changes of one collection sent at once, through a real WSGI server (Django's threaded development server, one
database connection per request, as in production): each is answered 201, or 409 when another change kept the
collection busy too long, never a 500 (a duplicate row) nor a 503 (SQLite's "database is locked"); and what is
stored adds up: the rows are what the answered changes made, and the history sums to them.

Run on SQLite by default and on PostgreSQL with DATABASE_URL (as CI's second run does); both serialise the
changes of a collection (``collection.services.changing``)."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest
from django.contrib.auth import get_user_model

from accounts.models import ApiToken
from cards import index
from collection import services
from collection.models import Entry, Event
from tests.api.conftest import no_throttling  # noqa: F401 (a fixture)
from tests.web.test_wsgi_server import TIMEOUT, check_answer, serving

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_throttling")]

CLIENTS = 8
ROUNDS = ("Gehenna", "Third", "KMW", "Jyhad", "VTES", "Sabbat")  # a new printing each round


@pytest.fixture
def site(file_database):
    with serving() as served:
        yield served


@pytest.fixture
def player(file_database):
    user = get_user_model().objects.create_user("carol", password="not-a-real-password-42")
    _token, key = ApiToken.objects.issue(user, "races")
    return user, {"Authorization": f"Token {key}", "Content-Type": "application/json", "Accept": "application/json"}


def at_once(site, path: str, bodies: list[dict], headers: dict[str, str]) -> list[tuple[int, dict]]:
    """POST each body to ``path`` from a thread of its own, all released together: (status, answer) each."""
    start = threading.Barrier(len(bodies), timeout=TIMEOUT)
    answers: list[tuple[int, dict]] = []

    def send(body: dict) -> None:
        request = urllib.request.Request(
            site.base + path, data=json.dumps(body).encode(), method="POST", headers=headers
        )
        start.wait()
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                answers.append((response.status, json.loads(response.read())))
        except urllib.error.HTTPError as error:
            answers.append((error.code, json.loads(error.read())))

    threads = [threading.Thread(target=send, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=2 * TIMEOUT)
    for answer in site.recorder.answers:
        check_answer(answer)
    assert len(answers) == len(bodies)
    for status, answer in answers:
        assert status in (201, 409), (status, answer)
        assert status == 201 or answer["code"] == "conflict"
    return answers


def _collection(user) -> dict[tuple[int, str, str], int]:
    return {(e.card_id, e.set, e.language): e.count for e in Entry.objects.filter(owner=user)}


def test_adding_a_new_printing_from_many_clients_at_once_adds_up(site, player):
    """Round after round, a printing no one has yet, from every client at once: each client's copies count once."""
    user, headers = player
    tupdog = index.get().lookup("Tupdog").id
    expected = {}
    for printing in ROUNDS:
        body = {"card": "Tupdog", "count": 2, "set": printing, "language": "pl"}
        answers = at_once(site, "/api/v1/collection/", [body] * CLIENTS, headers)
        expected[(tupdog, printing, "pl")] = sum(answer["copies"] for status, answer in answers if status == 201)
        assert _collection(user) == {key: copies for key, copies in expected.items() if copies}, printing
    assert services.history_total(user) == _collection(user)
    assert Event.objects.filter(owner=user).count() == sum(expected.values()) // 2
    assert services.owned(user) == {tupdog: sum(expected.values())}


def test_two_replace_imports_at_once_leave_one_collection_and_a_history_summing_to_it(site, player):
    user, headers = player
    ids = sorted(card.id for card in index.get())
    services.add(user, [services.core.Line(card_id=card_id, count=1, set="Third") for card_id in ids[:300]])
    file = json.dumps(
        [{"id": card_id, "count": 3, "language": language} for card_id in ids[200:1200] for language in ("en", "fr")]
    )
    body = {"data": file, "format": "json", "replace": True}
    answers = at_once(site, "/api/v1/collection/import/", [body, body], headers)
    assert [status for status, _answer in answers].count(201) >= 1
    assert _collection(user) == {(card_id, "", language): 3 for card_id in ids[200:1200] for language in ("en", "fr")}
    assert services.history_total(user) == _collection(user)
    # The first replace changed every row; the second, if it ran, found the file's cards there and changed nothing.
    assert list(Event.objects.filter(owner=user).order_by("created").values_list("kind", "rows")) == [
        ("add", 300),
        ("replace", 300 + 2000),
    ]


def test_a_change_kept_waiting_too_long_by_another_is_a_409_storing_nothing(site, player, monkeypatch):
    """PostgreSQL: while another change holds the collection (here a transaction of this test's, held until the
    answer came), a change waits ``LOCK_WAIT_SECONDS`` for it, then is refused with 409 ``conflict``. (SQLite has
    one write lock for the whole database, held by any writer: a writer waits its busy timeout for any other.)"""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the per-collection lock timeout is PostgreSQL's (run with DATABASE_URL=postgres://...)")
    monkeypatch.setattr(services, "LOCK_WAIT_SECONDS", 1)
    user, headers = player
    holding, answered = threading.Event(), threading.Event()

    def hold() -> None:
        with services.changing(user):
            holding.set()
            answered.wait(timeout=2 * TIMEOUT)
        connection.close()  # this thread's own connection

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(timeout=TIMEOUT)
    try:
        body = json.dumps({"card": "Tupdog", "count": 2}).encode()
        request = urllib.request.Request(site.base + "/api/v1/collection/", data=body, method="POST", headers=headers)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=TIMEOUT)
    finally:
        answered.set()
        holder.join(timeout=TIMEOUT)
    assert refused.value.code == 409 and json.loads(refused.value.read())["code"] == "conflict"
    assert not Entry.objects.filter(owner=user).exists() and not Event.objects.filter(owner=user).exists()
    for answer in site.recorder.answers:
        check_answer(answer)
