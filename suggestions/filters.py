"""“Similar to” on the deck searches: the decks a search matched, most similar first to the deck an id names (an
archive deck, or a deck of the site its reader may open, else a 404): ``services.similar_decks`` on the pages,
``services.order_by_similarity`` over the APIs. The searches' views rank their matches, since the id may name a
deck only this reader may open.

The public deck list and the archive's search belong to decks and twda, below suggestions: they take this filter
from here (``decks.filters``), registered by ``SuggestionsConfig.ready()``.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from decks.filters import SearchFilter
from vtesdeck.api import within_budget
from vtesdeck.serializers import StrictCharField

from . import services

__all__ = ["ARCHIVE", "DECKS"]

MAX_ID = 110  # characters of the id asked for


def _on_page(*, archive: bool) -> Callable:
    def rank(decks: QuerySet, ident: str | None, request) -> QuerySet:
        ident = (ident or "").strip()  # past the request's work budget, a DecklistError: the page says so
        return services.similar_decks(decks, ident, request.user, archive=archive) if ident else decks

    return rank


def _rank_decks(decks: QuerySet, ident: str | None, request) -> QuerySet:
    if not (ident := (ident or "").strip()):
        return decks
    subject = services.subject_or_404(ident, request.user)
    with within_budget():  # the reader's own decks that are not public are read: past the budget, a 429
        return services.order_by_similarity(decks, subject, archive=False, reader=request.user)


def _rank_archive(decks: QuerySet, ident: str | None, request) -> QuerySet:
    if not (ident := (ident or "").strip()):
        return decks
    subject = services.subject_or_404(ident, request.user)
    return services.order_by_similarity(decks, subject, archive=True)


# The public deck list's (decks.filters.DECK_LIST): after every other field.
DECKS = SearchFilter(
    name="similar",
    field=lambda: forms.CharField(
        label=_("Similar to"),
        required=False,
        max_length=MAX_ID,
        help_text=_("An archive deck id, or the id of a deck you may open."),
    ),
    on_page=_on_page(archive=False),
    on_api=_rank_decks,
    api_field=lambda: StrictCharField(
        required=False,
        allow_blank=True,
        max_length=MAX_ID,
        help_text="Most similar first: an archive deck id or the id of a deck you may read (else 404). Of the decks "
        "the other filters match (public ones, shared with suggestions or not, and your own), the "
        f"{services.SEARCH_LIMIT} most similar, each with its `similarity` (0 to 1); `count` is their number. At most "
        f"the {services.RANK_CAP:,} public decks most similar to it are checked against the other filters, and "
        f"{services.OWN_CAP} of your own decks that are not public.",
    ),
)

# The archive search's (twda.search.ARCHIVE_SEARCH): after every other field.
ARCHIVE = SearchFilter(
    name="similar",
    field=lambda: forms.CharField(
        required=False,
        max_length=MAX_ID,
        label=_("Similar to"),
        help_text=_("an archive deck id, or the id of a deck you may open: the most similar decks first"),
    ),
    on_page=_on_page(archive=True),
    on_api=_rank_archive,
    description="Order by similarity to this deck: an archive deck id, or the id of a deck you may read (public, "
    f"unlisted or your own; else 404). Of the decks matching the other filters, the {services.SEARCH_LIMIT} most "
    "similar (decks sharing no card with it left out), most similar first, each with its `similarity` (0 to 1; "
    "cosine of the decks' weighted card vectors); `count` is the number of decks so ranked.",
)
