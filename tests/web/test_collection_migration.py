"""Migration collection 0002: the history of old (a row per card changed, grouped by the request that wrote it)
becomes one event per request, still summing to the collection; the copies per card are counted; and back."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

OLD = [("collection", "0001_initial")]
NEW = [("collection", "0002_history_per_change")]


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture
def old_schema():
    apps = _migrate(OLD)
    yield apps
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema the other tests expect


def test_the_old_history_becomes_one_change_per_request_and_back(old_schema):
    user = old_schema.get_model(settings.AUTH_USER_MODEL).objects.create(username="alice")
    Entry, Event = old_schema.get_model("collection", "Entry"), old_schema.get_model("collection", "Event")
    at = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    old = [  # an addition of two rows, then a replace of old: every row removed, then the file's rows added
        ("a", "add", "", 201393, "LoB", 3),
        ("a", "add", "", 100001, "", 1),
        ("b", "import", "json", 201393, "LoB", -3),
        ("b", "import", "json", 100001, "", -1),
        ("c", "import", "json", 201393, "", 2),
    ]
    for number, (batch, kind, source, card_id, set, delta) in enumerate(old):
        event = Event.objects.create(
            owner=user, kind=kind, batch=batch, source=source, card_id=card_id, set=set, delta=delta
        )
        # The old field was auto_now_add: set once made.
        Event.objects.filter(pk=event.pk).update(created=at + datetime.timedelta(minutes=number))
    Entry.objects.create(owner=user, card_id=201393, set="", count=2)

    apps = _migrate(NEW)
    events = apps.get_model("collection", "Event").objects.order_by("created")
    assert [(e.kind, e.source, e.copies, e.rows, e.created.minute) for e in events] == [
        ("add", "", 4, 2, 0),
        ("import", "json", -4, 2, 2),
        ("import", "json", 2, 1, 4),
    ]
    assert events[0].lines == [[201393, "LoB", "", 3, ""], [100001, "", "", 1, ""]]
    totals = apps.get_model("collection", "CardTotal").objects.values_list("card_id", "copies", "held")
    assert list(totals) == [(201393, 2, 0)]

    apps = _migrate(OLD)
    rows = apps.get_model("collection", "Event").objects.order_by("created", "card_id")
    assert sorted((e.kind, e.card_id, e.set, e.delta) for e in rows) == sorted(
        (kind, card_id, set, delta) for _batch, kind, _source, card_id, set, delta in old
    )
