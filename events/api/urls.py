"""/api/v1/events/ (mounted by sitewide.urls): events, their players and lists, rounds, tables and scores,
standings, the final and deck checks. Ids and numbers are matched by their shape, so that a path holding
anything else is a plain 404 before any view reads it."""

from __future__ import annotations

from django.urls import URLPattern, re_path

from . import views

app_name = "events-api"

EVENT = r"^(?P<event_id>[0-9a-z]{1,40})/"
PLAYER = EVENT + r"players/(?P<number>[0-9]{1,4})/"
ROUND = EVENT + r"rounds/(?P<round_number>[0-9]{1,4})/"

urlpatterns: list[URLPattern] = [
    re_path(r"^$", views.EventListView.as_view(), name="event-list"),
    re_path(r"^join/(?P<token>[0-9a-z]{1,40})/$", views.JoinView.as_view(), name="join"),
    re_path(EVENT + r"$", views.EventDetailView.as_view(), name="event-detail"),
    re_path(EVENT + r"start/$", views.StartView.as_view(), name="start"),
    re_path(EVENT + r"finish/$", views.FinishView.as_view(), name="finish"),
    re_path(EVENT + r"players/$", views.PlayerListView.as_view(), name="player-list"),
    re_path(PLAYER + r"$", views.PlayerDetailView.as_view(), name="player-detail"),
    re_path(PLAYER + r"drop/$", views.DropView.as_view(), name="player-drop"),
    re_path(PLAYER + r"decklist/$", views.DecklistView.as_view(), name="player-decklist"),
    re_path(EVENT + r"rounds/$", views.RoundListView.as_view(), name="round-list"),
    re_path(ROUND + r"$", views.RoundDetailView.as_view(), name="round-detail"),
    re_path(ROUND + r"moves/$", views.MoveView.as_view(), name="round-moves"),
    re_path(ROUND + r"tables/(?P<table_number>[0-9]{1,4})/score/$", views.ScoreView.as_view(), name="table-score"),
    re_path(ROUND + r"deck-checks/$", views.DeckCheckListView.as_view(), name="deck-check-list"),
    re_path(
        ROUND + r"deck-checks/(?P<check_id>[0-9]{1,9})/$", views.DeckCheckDetailView.as_view(), name="deck-check-detail"
    ),
    re_path(EVENT + r"standings/$", views.StandingsView.as_view(), name="standings"),
    re_path(EVENT + r"finals/$", views.FinalsView.as_view(), name="finals"),
    re_path(EVENT + r"finals/place/$", views.PlaceView.as_view(), name="finals-place"),
]
