from __future__ import annotations

from rest_framework.routers import SimpleRouter

from .views import ApiTokenViewSet

app_name = "accounts-api"
# Mounted at /api/v1/tokens/: the caller's tokens and POST to make one (token-list), DELETE
# /api/v1/tokens/<id>/ to revoke one (token-detail).
router = SimpleRouter()
router.register("", ApiTokenViewSet, basename="token")
urlpatterns = router.urls
