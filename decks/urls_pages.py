from __future__ import annotations

from django.urls import path

from simulations import views as simulation_views
from suggestions import views as suggestion_views

from . import views_pages as views

urlpatterns = [
    path("", views.public_list, name="list"),
    path("mine/", views.my_decks, name="mine"),
    path("import/", views.import_new, name="import"),
    path("<str:deck_id>/", views.detail, name="detail"),
    path("<str:deck_id>/import/", views.import_into, name="import_into"),
    path("<str:deck_id>/export/<str:format>", views.export, name="export"),
    path("<str:deck_id>/clone", views.clone, name="clone"),
    path("<str:deck_id>/delete", views.delete, name="delete"),
    path("<str:deck_id>/revisions/", views.revisions, name="revisions"),
    # The Draws tab: exact odds at once, simulation jobs on demand (the simulations app's pages).
    path("<str:deck_id>/draws/", simulation_views.deck_draws, name="draws"),
    # The Games tab: full simulated games of the deck at a table, as jobs.
    path("<str:deck_id>/games/", simulation_views.deck_games, name="games"),
    # The deck beside a winning deck (the nearest one, from the "Similar decks" section).
    path("<str:deck_id>/diff/<str:other_id>/", suggestion_views.deck_diff, name="diff"),
]
