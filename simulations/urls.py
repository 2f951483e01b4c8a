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
    # Two games jobs of one deck side by side.
    path("<str:simulation_id>/compare/<str:other_id>/", views.compare_jobs, name="compare_jobs"),
]

# A deck's tabs, mounted under /decks/ in the decks namespace and under /twda/ in the twda namespace by the
# project's urls (sitewide/urls.py): the pages are this app's, the paths and names the deck's.
deck_tabs = [
    # The Draws tab: exact odds at once, simulation jobs on demand.
    path("<str:deck_id>/draws/", views.deck_draws, name="draws"),
    # The Games tab: full simulated games of the deck at a table, as jobs.
    path("<str:deck_id>/games/", views.deck_games, name="games"),
    # The Games tab's "What each card brings": a card impact job.
    path("<str:deck_id>/impact/", views.deck_impact, name="impact"),
    # "Compare with…": the deck and another in the same games, a comparison job.
    path("<str:deck_id>/compare/", views.deck_compare, name="compare"),
]
archive_tabs = [
    path("<str:deck_id>/games/", views.archive_games, name="games"),
    path("<str:deck_id>/impact/", views.archive_impact, name="impact"),
]
