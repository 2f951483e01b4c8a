from __future__ import annotations

from django.urls import path

from . import views_pages as views

urlpatterns = [
    path("", views.public_list, name="list"),
    path("mine/", views.my_decks, name="mine"),
    path("import/", views.import_new, name="import"),
    path("<str:deck_id>/", views.detail, name="detail"),
    path("<str:deck_id>/import/", views.import_into, name="import_into"),
    path("<str:deck_id>/export/<str:format>", views.export, name="export"),
    path("<str:deck_id>/clone", views.clone, name="clone"),
    path("<str:deck_id>/delete", views.delete, name="delete"),
    path("<str:deck_id>/revisions/", views.revisions, name="revisions"),
]
# The Draws and Games tabs (simulations) and the suggestions' pages join this namespace in sitewide/urls.py.
