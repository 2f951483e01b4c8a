"""/decks/…: the editor (``views_editor``) and the deck pages around it (``views_pages``)."""

from __future__ import annotations

from . import urls_editor, urls_pages

app_name = "decks"
urlpatterns = urls_pages.urlpatterns + urls_editor.urlpatterns
