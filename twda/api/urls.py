from __future__ import annotations

from rest_framework.routers import SimpleRouter

from . import views

app_name = "twda-api"
# Mounted at /api/v1/twda/: /api/v1/twda/ (twda-list) and /api/v1/twda/<id>/ (twda-detail).
router = SimpleRouter()
router.register("", views.TwdaViewSet, basename="twda")
urlpatterns = router.urls
