from __future__ import annotations

from django.urls import path

from . import views

app_name = "collection"
urlpatterns = [
    path("", views.mine, name="mine"),
    path("add/", views.add, name="add"),
    path("remove/", views.remove, name="remove"),
    path("import/", views.import_file, name="import"),
    path("export/<str:format>/", views.export, name="export"),
    path("precon/", views.add_precon, name="add_precon"),
    path("share/", views.share, name="share"),
    path("wishlist/remove/", views.unwish, name="unwish"),
    path("shared/<str:token>/", views.shared, name="shared"),
    path("planner/", views.planner_page, name="planner"),
    path("planner/<str:simulation_id>/", views.planner_job, name="planner_job"),
    path("mode/<str:deck_id>/", views.deck_mode, name="deck_mode"),
    path("wish/<str:source>/<str:deck_id>/", views.wish_missing, name="wish_missing"),
]
