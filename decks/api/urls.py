from __future__ import annotations

from rest_framework.routers import SimpleRouter

from . import views

app_name = "decks-api"
# Mounted at /api/v1/decks/: /api/v1/decks/ (deck-list), /api/v1/decks/<id>/ (deck-detail), and the
# deck's actions /api/v1/decks/<id>/export/, clone/, revisions/. Paths end in a slash, as /api/v1/cards/ do.
router = SimpleRouter()
router.register("", views.DeckViewSet, basename="deck")
urlpatterns = router.urls
