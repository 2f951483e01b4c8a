"""The deck pages' collection panel: what the reader owns and misses of the deck on the page (a player's deck
or an archive deck), its build mode for the deck's owner, and mixed printings; and a history event's source
named as players know it."""

from __future__ import annotations

from typing import Any

from django import template

from decks.models import Deck

from .. import services
from ..models import DeckBuild

register = template.Library()


@register.inclusion_tag("collection/_deck_panel_body.html", takes_context=True)
def collection_panel(context: template.Context) -> dict[str, Any]:
    request = context.get("request")
    deck = context.get("deck")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or deck is None:
        return {"anonymous": True, "request": request}
    if isinstance(deck, Deck):
        source, needs = "decks", dict(deck.cards.values_list("card_id", "count"))
        own = deck.owner_id == user.pk
    else:
        source, needs, own = "twda", {row.card_id: row.count for row in deck.cards.all()}, False
    report = services.deck_report(user, needs, deck_id=deck.pk if own else None)
    missing = [row for row in report.rows if row["missing"]]
    return {
        "anonymous": False,
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "source": source,
        "deck_id": deck.pk,
        "report": report,
        "crypt_missing": [r for r in missing if r["card"].is_crypt],
        "library_missing": [r for r in missing if not r["card"].is_crypt],
        "own": own,
        "mode": services.mode_of(deck) if own else "",
        "modes": DeckBuild.Mode.choices,
    }


@register.filter
def event_source(source: str) -> str:
    """A history event's source: a precon by its set and product name ("Fifth Edition — Malkavian") rather than its
    key ("V5:PM"); an imported file's format as it is."""
    precon = services.precons().get(source) if ":" in source else None
    return services.precon_label(precon) if precon is not None else source
