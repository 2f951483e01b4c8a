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
