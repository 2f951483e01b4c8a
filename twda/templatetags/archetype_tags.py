"""``{% style_badges core %}``: a player's deck's named archetype and tag badges, on its page (decks).

The archive's named archetypes are twda's (``twda.styles``, the /twda/styles/ pages the badges link to); decks,
below twda, shows them through this tag rather than by importing it."""

from __future__ import annotations

from typing import Any

from django import template

from cards import index
from vtesdeck.core.deck import Deck as CoreDeck

from .. import styles

register = template.Library()


@register.inclusion_tag("twda/_style_badges.html")
def style_badges(core: CoreDeck) -> dict[str, Any]:
    """``core``: the deck's cards the card list knows (a deck of unknown ids alone has no badges)."""
    return {"style": styles.deck_style(core, index.get())}
