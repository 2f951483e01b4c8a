"""Filters of the deck searches that apps above decks answer.

The public list of decks (/decks/ and GET /api/v1/decks/) filters by what a deck holds: name, clan, card, author,
tag, format. Two of its filters need apps above decks: the decks one can build from one's collection, and the decks
most similar to a given one. decks may not import those apps (the layers run the other way), so each registers its
filter here when it starts, in its ``AppConfig.ready()``: its field, and what it does to the decks the search's own
filters matched, on the page and over the API. The list's form and serializer add the fields (``placed``), its
views run the filters (``on_page``, ``on_api``), in the order the apps registered them, after the list's own.

The archive's search (``twda.search.ARCHIVE_SEARCH``, a ``SearchFilters`` of its own) takes the same two filters
the same way.

A filter that ranks the decks (most similar first) annotates each with its ``similarity``, 0 to 1; the APIs then
send it with each deck (``ranked``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from django import forms
    from django.db.models import QuerySet
    from django.http import HttpRequest
    from rest_framework import serializers
    from rest_framework.request import Request

__all__ = ["DECK_LIST", "SearchFilter", "SearchFilters", "ranked"]

Field = TypeVar("Field")


@dataclasses.dataclass(frozen=True)
class SearchFilter:
    """A filter an app above a search adds to it."""

    name: str  # the query parameter, on the page and over the API
    field: Callable[[], forms.Field]  # the page form's field
    # What the filter does to the decks the search matched, given the form's cleaned value and the request.
    on_page: Callable[[QuerySet, Any, HttpRequest], QuerySet]
    # The same over the API, given its validated value (None when the parameter is not sent) and the request.
    on_api: Callable[[QuerySet, Any, Request], QuerySet]
    after: str = ""  # the field it follows on the form and the serializer ("": after every other)
    # The API's parameter: its own field where the API validates with a serializer (the deck list), its
    # description where it validates with the page's form (the archive's search).
    api_field: Callable[[], serializers.Field] | None = None
    description: str = ""
    # The page shows the field to signed-in players only (a filter by one's own collection means nothing to a
    # visitor); the API answers a visitor who sends it that it needs a login.
    signed_in_only: bool = False


class SearchFilters:
    """The filters apps above a search add to it, in the order they registered."""

    def __init__(self) -> None:
        self._filters: dict[str, SearchFilter] = {}

    def register(self, search_filter: SearchFilter) -> None:
        # By name: an app that starts again (a test's second ready()) replaces its filter rather than doubling it.
        self._filters[search_filter.name] = search_filter

    def __iter__(self) -> Iterator[SearchFilter]:
        return iter(list(self._filters.values()))

    def placed(self, fields: Mapping[str, Field], make: Callable[[SearchFilter], Field]) -> dict[str, Field]:
        """``fields`` (a form's or a serializer's, by name) with each filter's own, ``make(filter)``, right after
        the field the filter follows, else at the end: the order the page and the API documentation show."""
        placed = dict(fields)
        for search_filter in self:
            names = list(placed)
            at = names.index(search_filter.after) + 1 if search_filter.after in placed else len(names)
            field = make(search_filter)
            placed = {
                **{name: placed[name] for name in names[:at]},
                search_filter.name: field,
                **{name: placed[name] for name in names[at:]},
            }
        return placed

    def hidden_from(self, user: Any) -> set[str]:
        """The fields the page does not show ``user`` (the page's templates skip them by these names)."""
        signed_in = bool(getattr(user, "is_authenticated", False))
        return {search_filter.name for search_filter in self if search_filter.signed_in_only and not signed_in}

    def on_page(self, decks: QuerySet, data: Mapping[str, Any], request: HttpRequest) -> QuerySet:
        """``decks`` through every filter, with the page form's cleaned ``data``."""
        for search_filter in self:
            decks = search_filter.on_page(decks, data.get(search_filter.name), request)
        return decks

    def on_api(self, decks: QuerySet, data: Mapping[str, Any], request: Request) -> QuerySet:
        """``decks`` through every filter, with the API's validated ``data``."""
        for search_filter in self:
            decks = search_filter.on_api(decks, data.get(search_filter.name), request)
        return decks


def ranked(decks: QuerySet) -> bool:
    """Whether a filter ranked ``decks``, each deck then carrying its ``similarity`` (0 to 1)."""
    return "similarity" in decks.query.annotations


# The public deck list's: the page's ``DeckFilterForm`` and the API's ``DeckFilterSerializer``.
DECK_LIST = SearchFilters()
