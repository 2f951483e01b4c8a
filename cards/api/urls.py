from __future__ import annotations

from rest_framework.routers import SimpleRouter

from . import views

app_name = "cards-api"
# Paths end in a slash (/api/v1/cards/); CommonMiddleware redirects the slashless form.
router = SimpleRouter()
router.register("cards", views.CardViewSet, basename="card")
router.register("sets", views.CardSetViewSet, basename="set")
urlpatterns = router.urls
