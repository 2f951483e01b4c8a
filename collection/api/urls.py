from __future__ import annotations

from django.urls import path

from . import views

app_name = "collection-api"
# Mounted at /api/v1/collection/.
urlpatterns = [
    path("", views.CollectionView.as_view(), name="collection"),
    path("remove/", views.RemoveView.as_view(), name="remove"),
    path("import/", views.ImportView.as_view(), name="import"),
    path("export/", views.ExportView.as_view(), name="export"),
    path("precons/", views.PreconsView.as_view(), name="precons"),
    path("wishlist/", views.WishlistView.as_view(), name="wishlist"),
    path("wishlist/<str:card_id>/", views.WishView.as_view(), name="wish"),
    path("history/", views.HistoryView.as_view(), name="history"),
    path("history/<str:event_id>/", views.HistoryEventView.as_view(), name="history_event"),
    path("shared/<str:token>/", views.SharedView.as_view(), name="shared"),
    path("share/", views.ShareView.as_view(), name="share"),
    path("planner/", views.PlannerView.as_view(), name="planner"),
]
