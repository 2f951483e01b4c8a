"""“Buildable from my collection” on the deck searches: the decks of which the reader owns at least a given share
of the card copies (``services.buildable_decks``, ``services.buildable_archive``).

The public deck list and the archive's search belong to decks and twda, below collection: they take this filter
from here (``decks.filters``), registered by ``CollectionConfig.ready()``. It is only for a logged-in reader: the
pages ignore it otherwise, the APIs answer that it needs a login.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, serializers

from decks.filters import SearchFilter

from . import services

__all__ = ["ARCHIVE", "DECKS"]

HELP = "Decks of which you own at least this percentage of the card copies (your collection); needs a login."
Buildable = Callable[[QuerySet, object, int], QuerySet]  # the decks, the user, the percentage


def _field() -> forms.IntegerField:
    return forms.IntegerField(
        label=gettext_lazy("Buildable from my collection (%)"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=gettext_lazy("At least this share of the deck's cards in your collection."),
    )


def _api_field() -> serializers.IntegerField:
    return serializers.IntegerField(required=False, min_value=1, max_value=100, help_text=HELP)


def _on_page(buildable: Buildable) -> Callable:
    def narrow(decks: QuerySet, percent: int | None, request) -> QuerySet:
        if percent and request.user.is_authenticated:
            return buildable(decks, request.user, percent)
        return decks

    return narrow


def _on_api(buildable: Buildable) -> Callable:
    def narrow(decks: QuerySet, percent: int | None, request) -> QuerySet:
        if percent is None:
            return decks
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(_("Log in to filter by your collection."))
        return buildable(decks, request.user, percent)

    return narrow


# After "fits format" on both searches' forms, as the pages have always shown it.
DECKS = SearchFilter(
    name="buildable",
    field=_field,
    on_page=_on_page(services.buildable_decks),
    on_api=_on_api(services.buildable_decks),
    after="fits",
    api_field=_api_field,
    signed_in_only=True,
)
ARCHIVE = SearchFilter(
    name="buildable",
    field=_field,
    on_page=_on_page(services.buildable_archive),
    on_api=_on_api(services.buildable_archive),
    after="fits",
    description=HELP,
    signed_in_only=True,
)
