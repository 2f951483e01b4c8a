"""Proxy PDFs through the real server (issue 24, item 5): six downloads at once of a large PDF, each whole, from
the file in storage; an expired one answered 410; and the migration that moved the PDFs out of the database.

The server is gunicorn with gunicorn.conf.py (tests/web/test_slow_clients.py's), on the test database and this
session's media folder (tests/conftest.py exports MEDIA_ROOT). The memory the downloads cost is a benchmark's
figure (bench/attack24_proxies_images.py), not this test's.
"""

from __future__ import annotations

import datetime
import hashlib
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from proxies.models import ProxySheet
from simulations.models import Simulation
from tests.web.test_slow_clients import gunicorn

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SIZE = 24 * 1024 * 1024  # larger than the 22 MB PDF of the issue
PARALLEL = 6


def a_done_job(name: str = "Big deck") -> Simulation:
    """A finished public proxies job (no deck: its id is enough to read it), as a worker leaves it."""
    return Simulation.objects.create(
        kind="proxies",
        status="done",
        deck_name=name,
        deck_snapshot={},
        parameters={},
        plan={},
        seed=0,
        units=360,
        units_done=360,
        chunks_total=1,
        chunks_done=1,
        finished_at=timezone.now(),
    )


def test_six_parallel_downloads_of_a_large_pdf_are_whole_and_an_expired_one_is_gone(
    file_database, cards_in_database, tmp_path
):
    pdf = b"%PDF-1.3\n" + os.urandom(SIZE) + b"\n%%EOF\n"
    job, old = a_done_job(), a_done_job("Old deck")
    for simulation, made in ((job, timezone.now()), (old, timezone.now() - datetime.timedelta(days=8))):
        name = default_storage.save(f"proxies/{simulation.pk}.pdf", ContentFile(pdf))
        ProxySheet.objects.create(simulation=simulation, file=name, bytes=len(pdf), pages=40, cards=360)
        ProxySheet.objects.filter(pk=simulation.pk).update(created=made)
    with gunicorn(tmp_path, MEDIA_ROOT=default_storage.location) as (base, _port, _log):

        def download(_index: int) -> tuple[int, str, str]:
            with requests.get(f"{base}/proxies/{job.pk}.pdf", stream=True, timeout=120) as answer:
                digest = hashlib.sha256()
                for block in answer.iter_content(256 * 1024):
                    digest.update(block)
                return answer.status_code, answer.headers["Content-Length"], digest.hexdigest()

        with ThreadPoolExecutor(PARALLEL) as pool:
            answers = list(pool.map(download, range(PARALLEL)))
        expected = (200, str(len(pdf)), hashlib.sha256(pdf).hexdigest())
        assert answers == [expected] * PARALLEL
        gone = requests.get(f"{base}/proxies/{old.pk}.pdf", timeout=30)
        assert gone.status_code == 410 and "this one was deleted" in gone.text


def test_the_migration_moves_pdfs_from_the_database_into_storage_and_back(cards_in_database):
    executor = MigrationExecutor(connection)
    executor.migrate([("proxies", "0001_initial")])
    before = executor.loader.project_state([("proxies", "0001_initial")]).apps
    job = a_done_job()
    pdf = b"%PDF-1.3\n" + os.urandom(300_000) + b"\n%%EOF\n"
    before.get_model("proxies", "ProxySheet").objects.create(simulation_id=job.pk, pdf=pdf, pages=1, cards=9)
    try:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes("proxies"))
        sheet = ProxySheet.objects.get(pk=job.pk)
        assert (sheet.file.name, sheet.bytes) == (f"proxies/{job.pk}.pdf", len(pdf))
        with default_storage.open(sheet.file.name, "rb") as handle:
            assert handle.read() == pdf
        executor = MigrationExecutor(connection)
        executor.migrate([("proxies", "0001_initial")])  # and back: the column holds it again, the file is gone
        old = MigrationExecutor(connection).loader.project_state([("proxies", "0001_initial")]).apps
        assert bytes(old.get_model("proxies", "ProxySheet").objects.get(pk=job.pk).pdf) == pdf
        assert not default_storage.exists(f"proxies/{job.pk}.pdf")
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes("proxies"))
