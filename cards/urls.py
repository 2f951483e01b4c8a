from __future__ import annotations

from django.urls import path

from . import views

app_name = "cards"
urlpatterns = [
    path("", views.search_page, name="search"),
    path("autocomplete", views.autocomplete, name="autocomplete"),
    path("<int:card_id>/", views.detail, name="detail"),
]
