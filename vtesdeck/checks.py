"""Deployment checks of our own (`manage.py check --deploy`)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, register

PER_PROCESS_CACHES = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
}


@register(Tags.caches, deploy=True)
def check_shared_cache(app_configs, **kwargs) -> list[Error]:
    """The throttles count in the default cache: one kept per process counts per gunicorn worker (and forgets
    on every restart), so that five workers allow five times the limits."""
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    if backend not in PER_PROCESS_CACHES:
        return []
    return [
        Error(
            f"The default cache ({backend.rsplit('.', 1)[-1]}) is kept per process: the login, reset and API "
            "throttles would count per web worker and forget on every restart.",
            hint="Leave CACHE_URL unset (the database cache, shared by every process on the site's database) "
            "or set CACHE_URL=redis://host:6379/1 (several web machines).",
            id="vtesdeck.E001",
        )
    ]
