from __future__ import annotations

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.api import obtain_token
from collection.api import views as collection_api
from decks import urls as decks_urls
from simulations import urls as simulations_urls
from suggestions import urls as suggestions_urls
from twda import urls as twda_urls

from . import views

# The API's routes, under /api/v1/ (urlpatterns' first entry: below).
api_v1: list[URLPattern | URLResolver] = [
    path("", include("cards.api.urls")),
    path("decklists/", include("decklists.api.urls")),
    path("decks/<str:deck_id>/missing/", collection_api.MissingView.as_view(), name="deck-missing"),
    path("decks/<str:deck_id>/build-mode/", collection_api.ModeView.as_view(), name="deck-build-mode"),
    path("decks/", include("decks.api.urls")),
    # A deck's suggestions, served by suggestions under the deck's own address (/api/v1/decks/<id>/suggestions/).
    path("decks/", include("suggestions.api.urls")),
    path("simulations/", include("simulations.api.urls")),
    path("twda/", include("twda.api.urls")),
    path("collection/", include("collection.api.urls")),
    path("formats/", include("formats.api.urls")),
    path("events/", include("events.api.urls")),
    path("token/", obtain_token, name="api-token"),
    path("tokens/", include("accounts.api.urls")),
]

urlpatterns = [
    # First: the API takes most requests, and Django tries the entries in order on every request (each include
    # a pattern match at least), so API requests skip the site's dozen includes.
    path("api/v1/", include(api_v1)),
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("cards/", include("cards.urls")),
    path("check/", include("decklists.urls")),
    # A deck's namespace holds the tabs and pages other apps serve about it (the apps never import each other's
    # views: the project composes them here).
    path(
        "decks/",
        include((decks_urls.urlpatterns + simulations_urls.deck_tabs + suggestions_urls.deck_routes, "decks")),
    ),
    path("simulations/", include("simulations.urls")),
    path("", include("proxies.urls")),
    path(
        "twda/",
        include((twda_urls.urlpatterns + simulations_urls.archive_tabs + suggestions_urls.archive_routes, "twda")),
    ),
    path("collection/", include("collection.urls")),
    path("formats/", include("formats.urls")),
    path("events/", include("events.urls")),
    path("veto/", include("veto.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Split: the page and its start-up script (?script) are separate responses, so that the page needs no
    # inline script under our Content-Security-Policy (vtesdeck.security).
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api/swagger_ui.html"),
        name="api-docs",
    ),
    path("accounts/", include("accounts.urls")),
    # The admin's own login form is not throttled: send it to ours, which is.
    path("admin/login/", RedirectView.as_view(pattern_name="accounts:login", query_string=True)),
    path("admin/", admin.site.urls),
]

# Django's own errors: JSON in the API's error shape on /api/ paths, the site's pages elsewhere.
handler400 = "vtesdeck.api.bad_request"
handler404 = "vtesdeck.api.page_not_found"
handler500 = "vtesdeck.api.server_error"
