from __future__ import annotations

from django.urls import path

from . import views

app_name = "proxies"
# Mounted at the site's root: a deck's Proxies tab sits with its other tabs, the PDF with the job's id.
urlpatterns = [
    path("decks/<str:deck_id>/proxies/", views.deck_proxies, name="deck"),
    path("proxies/<str:simulation_id>.pdf", views.pdf, name="pdf"),
]
