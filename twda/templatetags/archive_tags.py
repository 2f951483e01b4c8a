"""``{% card_archive card %}``: the "In winning decks" section of a card's page.

It is the archive's to say what the archive holds about a card, so the section lives here and the card page
only loads it: ``cards`` sits below ``twda`` and never imports it.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import template
from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _

from cards.models import Card
from vtesdeck.core import charts
from vtesdeck.labels import share_labels

from ..models import CardArchiveStats, TournamentDeck

register = template.Library()


@register.inclusion_tag("twda/_card_archive.html")
def card_archive(card: Card) -> dict[str, Any]:
    return {"archive": archive_stats(card)}


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


def _appearance(deck: TournamentDeck | None, date: datetime.date | None) -> dict | None:
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
