"""Site-wide pages: the home page, the icon and the health check."""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from cards.models import Card
from vtesdeck.celery import app as celery_app
from vtesdeck.celery import ping
from vtesdeck.labels import suggestion_texts

logger = logging.getLogger(__name__)

WORKER_TIMEOUT = 2.0  # seconds a live worker has to answer the ping


def home(request: HttpRequest) -> HttpResponse:
    counts = {kind: Card.objects.filter(kind=kind).count() for kind in Card.Kind.values}
    return render(request, "home.html", {"counts": counts, "suggestion_texts": suggestion_texts()})


@require_safe
@cache_control(public=True, max_age=86400)
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """/favicon.ico, which browsers and feed readers ask for whatever the page links: the site's SVG icon.
    The static URL is looked up per request, as it may carry a hashed name once collected."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker answer, 503 when either does not; the worker's state is
    reported too (a web node may run without one, so it does not fail the check)."""
    report: dict[str, Any] = {"database": _database_state(), "broker": _broker_state()}
    # Load balancers probing every second can skip the worker round trip with ?worker=0.
    if not report["broker"]["ok"]:
        report["worker"] = {"ok": False, "detail": _("broker unavailable")}
    elif request.GET.get("worker") == "0":
        report["worker"] = {"ok": None, "detail": _("not checked (?worker=0)")}
    else:
        report["worker"] = _worker_state()
    healthy = report["database"]["ok"] and report["broker"]["ok"]
    report["status"] = "ok" if healthy else "unavailable"
    return JsonResponse(report, status=200 if healthy else 503)


def _database_state() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return {"ok": True, "vendor": connection.vendor, "cards": Card.objects.count()}
    except DatabaseError as exc:
        return {"ok": False, "vendor": connection.vendor, "detail": str(exc).strip()[:200]}


def _broker_state() -> dict:
    url = celery_app.conf.broker_url.split("://", 1)[0]
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return {"ok": True, "transport": url}
    except Exception as exc:  # kombu raises transport-specific errors; any of them means "down"
        return {"ok": False, "transport": url, "detail": str(exc)[:200]}


def _worker_state() -> dict:
    try:
        answer = ping.apply_async(expires=WORKER_TIMEOUT * 5).get(timeout=WORKER_TIMEOUT)
        return {"ok": answer == "pong"}
    except Exception as exc:  # a timeout or a backend error both mean no worker answered in time
        detail = _("no worker answered within %(seconds).0f s (%(error)s)") % {
            "seconds": WORKER_TIMEOUT,
            "error": type(exc).__name__,
        }
        return {"ok": False, "detail": detail}
