from __future__ import annotations

from django.urls import path

from . import views

app_name = "twda"
urlpatterns = [
    path("", views.search_page, name="search"),
    path("archetypes/", views.archetypes, name="archetypes"),
    path("<str:deck_id>/", views.detail, name="detail"),
    path("<str:deck_id>/export/<str:format>/", views.export, name="export"),
    path("<str:deck_id>/copy/", views.copy, name="copy"),
    # The Games tab of an archive deck (the simulations app's tab, as a stored deck's).
    path("<str:deck_id>/games/", views.games, name="games"),
]
