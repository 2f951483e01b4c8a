"""`Authorization: Token <key>` (placeholder: DRF's own token model until accounts' API tokens land)."""

from __future__ import annotations

from rest_framework.authentication import TokenAuthentication as _DRFTokenAuthentication


class TokenAuthentication(_DRFTokenAuthentication):
    pass
