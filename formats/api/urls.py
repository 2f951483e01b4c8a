from __future__ import annotations

from rest_framework.routers import SimpleRouter

from . import views

app_name = "formats-api"
# Mounted at /api/v1/formats/: format-list and format-detail (a custom format's id or a built-in name).
router = SimpleRouter()
router.register("", views.FormatViewSet, basename="format")
urlpatterns = router.urls
