"""The core ``CardIndex`` for this process, built from the database once and kept.

Web and Celery worker processes each build it on first use; ``reset()`` (called after an import)
makes the next caller rebuild it.
"""

from __future__ import annotations

import functools

from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.domain import Card as CoreCard


@functools.cache
def get() -> CardIndex:
    from .models import Card

    return CardIndex(CoreCard.from_dict(data) for data in Card.objects.values_list("data", flat=True).iterator())


def reset() -> None:
    get.cache_clear()
