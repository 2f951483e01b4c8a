"""Named archetypes on the site: translated labels, a deck's badges, and what an archetype's page shows.

The method is ``vtesdeck.core.archetypes``'s (tags, the curated list, the nearest-centroid rule); the archive's
figures per archetype are ``NamedArchetype`` rows that ``services.classify`` writes at every import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from vtesdeck.core import archetypes as named
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck

__all__ = ["TAG_LABELS", "archetype", "badges", "deck_style", "label"]

TAG_LABELS = {
    "bleed": gettext_lazy("bleed"),
    "stealth": gettext_lazy("stealth"),
    "block": gettext_lazy("block"),
    "vote": gettext_lazy("vote"),
    "rush": gettext_lazy("rush"),
    "combat": gettext_lazy("combat"),
    "ally": gettext_lazy("ally"),
    "swarm": gettext_lazy("swarm"),
    "master": gettext_lazy("master phase"),
    "acceleration": gettext_lazy("acceleration"),
}
BADGE_MIN = 0.2  # tags scored lower are left off a deck's badges (every deck has a little of most)


def archetype(slug: str) -> named.NamedArchetype | None:
    return next((a for a in named.named_archetypes() if a.slug == slug), None)


def label(slug: str) -> str:
    """The translated name of a named archetype's slug ("Unclassified", "" for a deck not computed yet)."""
    if slug == named.UNCLASSIFIED:
        return _("Unclassified")
    found = archetype(slug)
    return _(found.name) if found else ""


def badges(scores: Mapping[str, float]) -> list[dict[str, Any]]:
    """A deck's tags worth a badge, highest score first: ``{"tag", "label", "score", "percent"}``."""
    rows = [
        {"tag": tag, "label": TAG_LABELS[tag], "score": float(scores[tag]), "percent": round(float(scores[tag]) * 100)}
        for tag in named.TAGS
        if float(scores.get(tag, 0.0)) >= BADGE_MIN
    ]
    return sorted(rows, key=lambda row: (-row["score"], named.TAGS.index(row["tag"])))


def deck_style(core: CoreDeck, cards: CardIndex) -> dict[str, Any]:
    """What a deck page shows of any deck: its named archetype (slug and label) and its tag badges."""
    if not core.crypt and not core.library:
        return {"slug": "", "label": "", "badges": []}
    scores = named.tags(core, cards)
    slug = named.classify(scores).slug
    return {"slug": slug, "label": label(slug), "badges": badges(scores), "named": slug != named.UNCLASSIFIED}
