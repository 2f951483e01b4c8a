"""The suggestions' pages, mounted by the project's urls (sitewide/urls.py) in the namespaces of the decks they
are about: the editor's panel and a deck beside a winning deck under /decks/, an archive deck beside another
under /twda/."""

from __future__ import annotations

from django.urls import path

from . import views

deck_routes = [
    # The deck beside a winning deck (the nearest one, from the "Similar decks" section).
    path("<str:deck_id>/diff/<str:other_id>/", views.deck_diff, name="diff"),
    path("<str:deck_id>/suggestions", views.editor_panel, name="suggestions"),
    path("<str:deck_id>/suggestions/share", views.share, name="share_suggestions"),
]
archive_routes = [
    path("<str:deck_id>/diff/<str:other_id>/", views.archive_diff, name="diff"),
]
