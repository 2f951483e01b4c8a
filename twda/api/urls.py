from __future__ import annotations

from django.urls import path
from rest_framework.routers import SimpleRouter

from . import styles, views

app_name = "twda-api"
# Mounted at /api/v1/twda/: /api/v1/twda/ (twda-list) and /api/v1/twda/<id>/ (twda-detail), and the
# archetypes, /api/v1/twda/archetypes/ and …/archetypes/<slug>/: registered first, since a deck id matches
# any path segment (archive ids are numbers, so no deck is called "archetypes").
router = SimpleRouter()
router.register("archetypes", views.ArchetypeViewSet, basename="archetype")
router.register("", views.TwdaViewSet, basename="twda")
# The named archetypes (stealth bleed, wall…), before the router's deck ids for the same reason.
urlpatterns = [
    path("styles/", styles.style_list, name="style-list"),
    path("styles/<slug:slug>/", styles.style_detail, name="style-detail"),
    *router.urls,
]
