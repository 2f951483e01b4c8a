from __future__ import annotations

from django.urls import path

from . import views_editor as views

urlpatterns = [
    path("new", views.new, name="new"),
    path("<str:deck_id>/edit", views.edit, name="edit"),
    path("<str:deck_id>/cards", views.change_cards, name="change"),
    path("<str:deck_id>/details", views.change_details, name="details"),
    path("<str:deck_id>/panels", views.panels, name="panels"),
    path("<str:deck_id>/search", views.search, name="search"),
]
