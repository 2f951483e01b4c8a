"""``{% similar_decks deck %}``: the "Similar decks" section of a deck's page (a player's deck or an archive deck)."""

from __future__ import annotations

from typing import Any

from django import template

from decks.models import Deck
from twda.models import TournamentDeck
from vtesdeck.core.decklist.base import DecklistError

from .. import services

register = template.Library()


@register.inclusion_tag("suggestions/_similar.html")
def similar_decks(deck: Deck | TournamentDeck) -> dict[str, Any]:
    """The deck's nearest winning decks with their similarity, its core and flex cards, and a link to compare it
    with the nearest one. The page already checked that its reader may open the deck."""
    subject = services.for_archive(deck) if isinstance(deck, TournamentDeck) else services.for_deck(deck)
    try:
        context = services.similar_view(subject)
    except DecklistError:  # the request's work budget is spent: the section says so, the page is whole
        context = {"rows": [], "spent": True}
    if isinstance(deck, TournamentDeck):
        context["diff_url_name"], context["subject_id"] = "twda:diff", deck.id
    else:
        context["diff_url_name"], context["subject_id"] = "decks:diff", deck.id
    return context


@register.inclusion_tag("suggestions/_editor_panel.html", takes_context=True)
def editor_suggestions(context: template.Context, deck: Deck) -> dict[str, Any]:
    """The editor's Suggestions panel as the page first shows it (the script fetches it again after each change)."""
    from ..views import panel_context

    return {**panel_context(deck), "csrf_token": context.get("csrf_token"), "request": context.get("request")}
