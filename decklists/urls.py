from __future__ import annotations

from django.urls import path

from . import views

app_name = "decklists"
urlpatterns = [
    path("", views.check, name="check"),
]
