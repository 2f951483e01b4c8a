"""vtesdeck: the Django project (settings, URLs, Celery app) around the pure-Python ``core``."""

from __future__ import annotations

# The Celery app is loaded with Django so that @shared_task binds to it (Celery's Django convention).
from .celery import app as celery_app

__all__ = ["celery_app"]
