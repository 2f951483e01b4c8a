"""The "fits format" filter of the archive and public deck searches (``?fits=<ruleset>``).

A deck *fits* a format when every card it holds is in the format on the day asked (today by default):
in the format's pool (its sets and listed cards), not banned, legal by the release rule
(``validate.card_in_format``), and when it keeps the format's crypt and library sizes and its group rule.
A player's deck is asked all of it, whatever the format. Archive decks were built for VEKN tournaments:
for a format with the VEKN sizes (``vekn``, ``v5``, a custom format of 12+ crypt and 60-90 library) they
are asked all of it too, but a format of other sizes (duel, the 2011 rulebook, a 40-card league) asks
their cards only ("could these cards be played there"), as no winning deck was built to those sizes.

The cost is one SQL query whatever the archive's size: the cards *out* of the format are worked out once
per format and day (``validate.out_of_format``, cached with the card list), and a deck fits when no row of
it names one of them (``NOT EXISTS``), served by the rows' card index.
"""

from __future__ import annotations

import datetime

from django.db.models import Case, Exists, F, IntegerField, Max, Min, OuterRef, QuerySet, Value, When

from cards import index
from vtesdeck.core.validate import RULESETS, Ruleset, out_of_format


def asks_sizes(ruleset: Ruleset, *, archive: bool) -> bool:
    """Whether "fits" asks the format's sizes and group rule of a deck (see above)."""
    if not archive:
        return True
    vekn = RULESETS["vekn"]
    return (ruleset.crypt_min, ruleset.crypt_max, ruleset.library_limits(ruleset.default_players)) == (
        vekn.crypt_min,
        vekn.crypt_max,
        vekn.library_limits(vekn.default_players),
    )


def fits_format(decks: QuerySet, ruleset: Ruleset, as_of: datetime.date | None = None) -> QuerySet:
    """``decks`` (player decks or archive decks: any model whose ``cards`` rows carry ``card_id``, and
    ``crypt_count`` and ``library_count``) that fit ``ruleset`` on ``as_of`` (today when None)."""
    cards = index.get()
    rows = decks.model.cards.rel.related_model.objects
    out = out_of_format(ruleset, cards, as_of)
    mine = rows.filter(deck_id=OuterRef("pk"))
    if len(out) * 2 > len(cards):
        # A small pool (V5 keeps ~800 of ~4,000 cards): a row outside the list of cards *in* the format.
        # That list is the shorter one to send; a card the card list no longer has is out either way.
        outside = mine.exclude(card_id__in=sorted(card.id for card in cards if card.id not in out))
    else:
        outside = mine.filter(card_id__in=sorted(out))
    decks = decks.filter(~Exists(outside))
    if asks_sizes(ruleset, archive=decks.model._meta.app_label == "twda"):
        library_min, library_max = ruleset.library_limits(ruleset.default_players)
        decks = decks.filter(crypt_count__gte=ruleset.crypt_min, library_count__gte=library_min)
        if ruleset.crypt_max is not None:
            decks = decks.filter(crypt_count__lte=ruleset.crypt_max)
        if library_max is not None:
            decks = decks.filter(library_count__lte=library_max)
        if ruleset.group_window is not None:
            decks = decks.exclude(pk__in=_spanning_groups(rows, ruleset.group_window, cards))
    return decks


def _spanning_groups(rows, window: int, cards) -> QuerySet:
    """The ids of the decks whose crypt spans ``window`` groups or more apart (group ANY fits every crypt):
    each crypt row's group by its card, the lowest and highest per deck, in one grouped query."""
    by_group: dict[int, list[int]] = {}
    for card in cards:
        if card.is_crypt and card.group.isdigit():
            by_group.setdefault(int(card.group), []).append(card.id)
    group = Case(
        *(When(card_id__in=sorted(ids), then=Value(g)) for g, ids in sorted(by_group.items())),
        output_field=IntegerField(),
    )
    numbered = sorted(i for ids in by_group.values() for i in ids)
    return (
        rows.filter(card_id__in=numbered)
        .values("deck_id")
        .annotate(low=Min(group), high=Max(group))
        .filter(high__gte=F("low") + window)
        .values("deck_id")
    )
