"""The Celery application. Settings come from Django's, under the ``CELERY_`` prefix."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vtesdeck.settings")

app = Celery("vtesdeck", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="vtesdeck.ping")
def ping() -> str:
    """Answered by any live worker: /healthz sends it to prove one is listening."""
    return "pong"
