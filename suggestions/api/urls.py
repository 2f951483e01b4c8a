from __future__ import annotations

from django.urls import re_path

from . import views

app_name = "suggestions-api"
# Mounted at /api/v1/decks/ beside the deck API (decks.api.urls), whose router once served this path: its pattern
# (an id without "/" or ".") is kept, so that the same addresses answer as before.
urlpatterns = [
    re_path(r"^(?P<pk>[^/.]+)/suggestions/$", views.SuggestionsView.as_view(), name="deck-suggestions"),
]
