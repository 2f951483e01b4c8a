from __future__ import annotations

from django.urls import path

from . import views, views_images

app_name = "cards"
urlpatterns = [
    path("", views.search_page, name="search"),
    path("autocomplete", views.autocomplete, name="autocomplete"),
    path("<int:card_id>/", views.detail, name="detail"),
    path("<int:card_id>/face.svg", views_images.face_svg, name="face"),
    path("<int:card_id>/image", views_images.image, name="image"),
]
