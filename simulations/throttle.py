"""One allowance for starting jobs, the same on the API (``/api/v1/simulations/``), the Draws, Games and proxies
pages: per user, or per address without an account (each job is seconds of a worker's time). Reading and polling
jobs are free."""

from __future__ import annotations

from types import SimpleNamespace

from django.http import HttpRequest
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from vtesdeck import api
from vtesdeck.api import ScopedThrottle

__all__ = ["SimulationStartThrottle", "page_wait"]

# What the throttle takes for a view that starts a job (it throttles only those).
STARTING = SimpleNamespace(action="create")


class SimulationStartThrottle(ScopedThrottle):
    """Starting jobs only (reading and polling are free): per user, or per address without an account.

    The rates are ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["simulations"]`` (logged in) and
    ``["simulations_anon"]``, else the defaults below.
    """

    default_rates = {"simulations": "120/hour", "simulations_anon": "30/hour"}

    def __init__(self) -> None:  # the scope, and so the rate, depends on the request
        pass

    def allow_request(self, request: Request, view) -> bool:
        if request.method in SAFE_METHODS or getattr(view, "action", None) != "create":
            return True
        self.scope = "simulations" if request.user.is_authenticated else "simulations_anon"
        self.default_rate = self.default_rates[self.scope]
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)


def page_wait(request: HttpRequest) -> int | None:
    """For a page starting a job: None when ``request`` is within the allowance and now counted, else the
    seconds to wait before the next one (``Retry-After``)."""
    return api.page_wait(request, SimulationStartThrottle(), STARTING)
