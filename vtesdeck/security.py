"""Security headers Django does not set itself: a Content-Security-Policy and a Permissions-Policy.

Every page loads its script and styles from our own static files (one small script per page, no CDN, no
inline ``<script>``, ``style=`` or ``on…=`` handlers; the SVG charts use presentation attributes, which are
not styles), so the policy can forbid everything inline: an injected ``<script>`` or ``onerror=`` does
not run even if some template ever escaped too little. The Swagger UI at /api/docs/ is served in
drf-spectacular's split mode (its start-up script is a separate ``?script`` request) for the same reason.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from vtesdeck.core.image_urls import check_template, hotlink_origin


def content_security_policy(image_origin: str = "") -> str:
    """The policy; ``image_origin`` (the https origin of ``CARD_IMAGE_URL_TEMPLATE``, when card images are
    hotlinked: ``cards.images``) is the one other place images may come from."""
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            # Swagger UI's and our CSS draw small icons as data: URIs.
            "img-src 'self' data:" + (f" {image_origin}" if image_origin else ""),
            "object-src 'none'",
            "base-uri 'self'",
            # The same as X-Frame-Options: DENY, for browsers that read only the CSP.
            "frame-ancestors 'none'",
            "form-action 'self'",
            "connect-src 'self'",
        ]
    )


CONTENT_SECURITY_POLICY = content_security_policy()

# No page uses any of these powerful features: refused to us and to anything we might ever embed. Only
# features every current browser knows are listed (Chromium logs an error for each unknown one).
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)

# Other sites may not load our responses as their <script>, <img> and the like (no-cors requests; CORS
# reads of the public API are unaffected). This matters for /api/docs/?script, the Swagger UI start-up
# script, which carries the visitor's CSRF token.
CROSS_ORIGIN_RESOURCE_POLICY = "same-origin"

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Resource-Policy": CROSS_ORIGIN_RESOURCE_POLICY,
}


def _headers() -> dict[str, str]:
    """``HEADERS``, with the hotlinked card images' origin in img-src when ``CARD_IMAGE_URL_TEMPLATE`` is set
    (read when asked, so that a test's ``override_settings`` holds; the policy is built once per value)."""
    template = getattr(settings, "CARD_IMAGE_URL_TEMPLATE", "")
    if not template:
        return HEADERS
    return {**HEADERS, "Content-Security-Policy": _hotlink_policy(template)}


@functools.lru_cache(maxsize=4)
def _hotlink_policy(template: str) -> str:
    return content_security_policy(hotlink_origin(check_template(template)))


class SecurityHeadersMiddleware:
    """Adds ``HEADERS`` to every response that does not already carry them (a view may set its own)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # Django's debug pages (DJANGO_DEBUG=true only) are styled and scripted inline: no CSP on them.
        debug_page = response.status_code >= 400 and settings.DEBUG
        headers = response.headers
        for name, value in _headers().items():
            if name not in headers and not (debug_page and name == "Content-Security-Policy"):
                headers[name] = value
        return response
