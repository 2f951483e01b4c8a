"""Card pages: search, autocomplete, and a card's own page."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from twda.models import CardArchiveStats, TournamentDeck
from vtesdeck.core import charts
from vtesdeck.labels import share_labels, suggestion_texts

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
    }
    return render(request, "cards/card_search.html", context, status=status)


def autocomplete(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"results": card_search.autocomplete(request.GET.get("q", ""))})


def detail(request: HttpRequest, card_id: int) -> HttpResponse:
    cards = Card.objects.select_related("base").prefetch_related("printings__set", "advanced_versions")
    card = get_object_or_404(cards, id=card_id)
    versions = Card.objects.filter(name=card.name, kind=card.kind).exclude(id=card.id).order_by("group", "advanced")
    context = {"card": card, "core": card.card, "versions": versions, "archive": archive_stats(card)}
    return render(request, "cards/card_detail.html", context)


def archive_stats(card: Card) -> dict | None:
    """What the tournament archive says about a card, for its page; None while no archive is imported.

    The figures are ``CardArchiveStats``, computed at import time: a page view reads one row, the
    first/last decks and the cards played beside it, never the archive itself.
    """
    total = TournamentDeck.objects.count()
    if not total:
        return None
    stats = CardArchiveStats.objects.select_related("first_deck", "last_deck").filter(card=card).first()
    if stats is None or not stats.decks:
        return {"total": total, "decks": 0, "search_url": _archive_search_url(card)}
    partner_ids = [entry["id"] for entry in stats.played_with if isinstance(entry, dict) and "id" in entry]
    partners = Card.objects.in_bulk(partner_ids)
    played_with = [
        {
            "card": partners[entry["id"]],
            "decks": entry.get("decks", 0),
            "share": _share(entry.get("decks", 0), stats.decks),
        }
        for entry in stats.played_with
        if isinstance(entry, dict) and entry.get("id") in partners
    ][:10]
    words = share_labels()
    return {
        "total": total,
        "decks": stats.decks,
        "copies": stats.copies,
        "copies_per_deck": stats.copies / stats.decks,
        "share": charts.format_share(stats.decks / total, labels=words),
        "first": _appearance(stats.first_deck, stats.first_date),
        "last": _appearance(stats.last_deck, stats.last_date),
        "chart": charts.archive_years_chart(stats.by_year or {}, labels={**words, **_archive_chart_labels()}),
        "played_with": [{**row, "share": charts.format_share(row["share"], labels=words)} for row in played_with],
        "search_url": _archive_search_url(card),
    }


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _appearance(deck: TournamentDeck | None, date) -> dict | None:
    if deck is None and date is None:
        return None
    return {"deck": deck, "date": date or (deck.date if deck else None), "url": _deck_url(deck)}


def _deck_url(deck: TournamentDeck | None) -> str:
    if deck is None:
        return ""
    return deck.get_absolute_url()


def _archive_search_url(card: Card) -> str:
    """The archive search for winning decks playing at least one copy of the card."""
    query = QueryDict(mutable=True)
    query["card"] = f"{card.id}:>=1"
    return f"{reverse('twda:search')}?{query.urlencode()}"


def _archive_chart_labels() -> dict[str, str]:
    """``core.charts.ARCHIVE_LABELS`` in the active language."""
    return {
        "archive_years_title": _("Winning decks playing it, by year"),
        # Translators: a year's bar on a card's archive chart: decks playing the card (share of that year's decks).
        "archive_year_value": _("%(decks)s (%(share)s)"),
        "archive_year_tooltip": _(
            "%(year)s — decks: %(decks)s, copies: %(copies)s, share of that year's decks: %(share)s"
        ),
        "archive_empty": _("Not in any winning deck"),
    }


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
