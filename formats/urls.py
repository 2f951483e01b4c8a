from __future__ import annotations

from django.urls import path

from . import views

app_name = "formats"
urlpatterns = [
    path("", views.mine, name="mine"),
    path("new/", views.create, name="new"),
    path("<str:format_id>/", views.detail, name="detail"),
    path("<str:format_id>/edit/", views.edit, name="edit"),
    path("<str:format_id>/delete", views.delete, name="delete"),
]
