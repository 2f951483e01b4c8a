from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "events"
urlpatterns: list[URLPattern] = [
    path("", views.mine, name="mine"),
    path("new/", views.create, name="new"),
    path("join/<str:token>/", views.join, name="join"),
    path("entry/<str:token>/", views.entry, name="entry"),
    path("<str:event_id>/", views.detail, name="detail"),
    path("<str:event_id>/settings/", views.edit, name="edit"),
    path("<str:event_id>/judges/", views.add_judge, name="add-judge"),
    path("<str:event_id>/players/", views.add_player, name="add-player"),
    path("<str:event_id>/players/<int:number>/drop/", views.drop, name="drop"),
    path("<str:event_id>/start/", views.start, name="start"),
    path("<str:event_id>/seat/", views.seat_next, name="seat"),
    path("<str:event_id>/list/", views.decklist, name="list"),
    path("<str:event_id>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<str:event_id>/rounds/<int:number>/swap/", views.swap, name="swap"),
    path("<str:event_id>/rounds/<int:number>/tables/<int:table_number>/score/", views.score, name="score"),
    path("<str:event_id>/rounds/<int:number>/print/", views.print_round, name="print"),
    path("<str:event_id>/rounds/<int:number>/check/<int:player_number>/", views.deck_check, name="deck-check"),
    path("<str:event_id>/finals/", views.finals_view, name="finals"),
    path("<str:event_id>/finals/start/", views.start_finals, name="finals-start"),
    path("<str:event_id>/finish/", views.finish, name="finish"),
    path("<str:event_id>/standings.csv", views.standings_csv, name="standings-csv"),
    path("<str:event_id>/archon.csv", views.archon_csv, name="archon-csv"),
    path("<str:event_id>/twd.txt", views.twd, name="twd"),
]
