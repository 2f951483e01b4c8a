"""The accounts API: ``POST /api/v1/token/`` and ``/api/v1/tokens/`` (see ``views``)."""

from __future__ import annotations

from .views import obtain_token

__all__ = ["obtain_token"]
