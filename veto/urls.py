from __future__ import annotations

from django.urls import path

from . import views

app_name = "veto"
urlpatterns = [
    path("cards/", views.cards, name="cards"),
    path("cards/export", views.export, name="export"),
    path("cards/delete", views.delete, name="delete"),
    path("cards/example.csv", views.example, name="example"),
]
