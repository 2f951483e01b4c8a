from __future__ import annotations

from django.urls import path

from . import views

app_name = "simulations"
# Mounted at /simulations/. A deck's Draws tab, where jobs are started, is /decks/<id>/draws/ (decks:draws).
urlpatterns = [
    path("<str:simulation_id>/", views.detail, name="detail"),
    path("<str:simulation_id>/cancel", views.cancel, name="cancel"),
    # A games job's games, played again with their log.
    path("<str:simulation_id>/games/", views.game_number, name="game_number"),
    path("<str:simulation_id>/games/<int:number>/", views.game, name="game"),
]

# A deck's tabs, mounted under /decks/ in the decks namespace and under /twda/ in the twda namespace by the
# project's urls (sitewide/urls.py): the pages are this app's, the paths and names the deck's.
deck_tabs = [
    # The Draws tab: exact odds at once, simulation jobs on demand.
    path("<str:deck_id>/draws/", views.deck_draws, name="draws"),
    # The Games tab: full simulated games of the deck at a table, as jobs.
    path("<str:deck_id>/games/", views.deck_games, name="games"),
]
archive_tabs = [
    path("<str:deck_id>/games/", views.archive_games, name="games"),
]
