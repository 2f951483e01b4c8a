from __future__ import annotations

from django.urls import path

from . import views

app_name = "twda"
urlpatterns = [
    path("", views.search_page, name="search"),
    path("archetypes/", views.archetypes, name="archetypes"),
    # Named archetypes (stealth bleed, wall, vote…): before the deck pages, whose ids match any segment.
    path("styles/", views.styles_list, name="styles"),
    path("styles/<slug:slug>/", views.style_detail, name="style"),
    path("<str:deck_id>/", views.detail, name="detail"),
    path("<str:deck_id>/export/<str:format>/", views.export, name="export"),
    path("<str:deck_id>/copy/", views.copy, name="copy"),
]
# The Games tab (simulations) and the comparison with another winning deck (suggestions) join this namespace in
# sitewide/urls.py.
