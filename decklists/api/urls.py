from __future__ import annotations

from django.urls import path

from . import views

app_name = "decklists-api"
# Actions, not resources: no trailing slash (POST /api/v1/decklists/validate), as DESIGN.md writes them.
urlpatterns = [
    path("validate", views.ValidateView.as_view(), name="validate"),
    path("parse", views.ParseView.as_view(), name="parse"),
    path("convert", views.ConvertView.as_view(), name="convert"),
    path("formats", views.FormatsView.as_view(), name="formats"),
]
