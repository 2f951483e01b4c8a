from __future__ import annotations

from rest_framework.routers import SimpleRouter

from . import views

app_name = "simulations-api"
# Mounted at /api/v1/simulations/: the list and POST to start (simulation-list), one job
# (simulation-detail, /api/v1/simulations/<id>/) and /api/v1/simulations/<id>/cancel/.
router = SimpleRouter()
router.register("", views.SimulationViewSet, basename="simulation")
urlpatterns = router.urls
