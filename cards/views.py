"""Card pages: search, autocomplete, and a card's own page."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from vtesdeck.labels import suggestion_texts

from . import matching
from . import search as card_search
from .models import Card

PAGE_SIZE = 50


def search_page(request: HttpRequest) -> HttpResponse:
    form = card_search.CardFilterForm(request.GET or None)
    _enhance_widgets(form)
    status = 200
    if not form.is_bound:
        cards = Card.objects.all()
    elif form.is_valid():
        cards = card_search.search(form.cleaned_data)
    else:
        cards = Card.objects.none()
        status = 400
    page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    close_matches = []
    if status == 200 and form.is_bound and form.cleaned_data.get("q") and not page.paginator.count:
        # A typo finds nothing: the cards it most likely meant, shown as results (labelled as such).
        close_matches = matching.close_matches(form.cleaned_data)[:]
    context = {
        "form": form,
        "page": page,
        "page_range": page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1),
        "filters": _filters(request.GET),
        "close_matches": close_matches,
        "view": "grid" if request.GET.get("view") == "grid" else "table",  # the cards as pictures, or a table
    }
    return render(request, "cards/card_search.html", context, status=status)


def autocomplete(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"results": card_search.autocomplete(request.GET.get("q", ""))})


def detail(request: HttpRequest, card_id: int) -> HttpResponse:
    cards = Card.objects.select_related("base").prefetch_related("printings__set", "advanced_versions")
    card = get_object_or_404(cards, id=card_id)
    versions = Card.objects.filter(name=card.name, kind=card.kind).exclude(id=card.id).order_by("group", "advanced")
    # The "In winning decks" section is the archive's: the template loads it from twda (``{% card_archive %}``).
    context = {"card": card, "core": card.card, "versions": versions}
    return render(request, "cards/card_detail.html", context)


def _filters(params: QueryDict) -> QueryDict:
    """The filters in use, without the page number or empty fields: what pagination links carry on."""
    kept = QueryDict(mutable=True)
    for name, values in params.lists():
        if name != "page" and (values := [v for v in values if v.strip()]):
            kept.setlist(name, values)
    return kept


def _enhance_widgets(form: card_search.CardFilterForm) -> None:
    """Browser hints on this page's copy of the form's widgets (the API uses the same form, untouched)."""
    form.fields["q"].widget.attrs.update(
        {
            "autocomplete": "off",
            "data-autocomplete": reverse("cards:autocomplete"),
            "data-detail-prefix": reverse("cards:search"),
            **suggestion_texts(),
        }
    )


# A sample count per CLDR plural category ("one", "few", "many", "other") that gettext puts in the same
# plural form, for English, Polish and German: card_search.js picks the category with Intl.PluralRules.
