"""The Celery application. Settings come from Django's, under the ``CELERY_`` prefix."""

from __future__ import annotations

import os

from celery import Celery
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vtesdeck.settings")

app = Celery("vtesdeck", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="vtesdeck.ping")
def ping() -> str:
    """Answered by any live worker: /healthz sends it to prove one is listening."""
    return "pong"


# The simulation queues' names, read at each call (tests and deployments change the settings): the one rule for
# the jobs that send chunks (simulations.services) and the commands that start workers (manage.py serve).
def quick_queue() -> str:
    """The queue of small jobs' chunks (``SIMULATION_QUICK_QUEUE``, else the main queue's name and "-quick",
    the rule the settings' ``CELERY_TASK_QUEUES`` follows too)."""
    return settings.SIMULATION_QUICK_QUEUE or f"{settings.SIMULATION_QUEUE}-quick"


def long_queue() -> str:
    """The queue of jobs whose one chunk may hold a worker for minutes (``SIMULATION_LONG_QUEUE``, else the main
    queue's name and "-long"). Not in ``CELERY_TASK_QUEUES``: only the workers started for it (``-Q``) take them."""
    return settings.SIMULATION_LONG_QUEUE or f"{settings.SIMULATION_QUEUE}-long"
