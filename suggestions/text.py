"""Suggestions as people read them: each card with its reason, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.suggest import Suggestion, Suggestions
from vtesdeck.labels import signed_figure


def _percent(share: float) -> str:
    """12 %, or 0.4 % under ten (the reader's decimal separator)."""
    if share >= 0.1 or not share:
        return f"{round(share * 100)} %"
    return f"{number_format(round(share * 100, 1), decimal_pos=1)} %"


def measured_reason(found: Suggestion) -> str:
    """A cut from a card impact: what the card brought in the simulated games, with its interval."""
    measured = found.measured
    assert measured is not None and measured.ci95 is not None  # the core offers no cut without them
    numbers = {
        "games": measured.games,
        "delta": signed_figure(measured.vp_delta, sign=True),
        "low": signed_figure(measured.ci95[0], sign=True),
        "high": signed_figure(measured.ci95[1], sign=True),
    }
    if measured.ci95[1] < 0:
        return (
            ngettext(
                "the deck did better with it blanked in %(games)d simulated game: %(delta)s VP a game, "
                "95 %% [%(low)s, %(high)s]",
                "the deck did better with it blanked in %(games)d simulated games: %(delta)s VP a game, "
                "95 %% [%(low)s, %(high)s]",
                measured.games,
            )
            % numbers
        )
    return (
        ngettext(
            "brought no VP that %(games)d simulated game could see: %(delta)s VP a game, 95 %% [%(low)s, %(high)s]",
            "brought no VP that %(games)d simulated games could see: %(delta)s VP a game, 95 %% [%(low)s, %(high)s]",
            measured.games,
        )
        % numbers
    )


def reason(found: Suggestion, *, winning: bool) -> str:
    """ "in 34 of 50 similar winning decks (12 % of all winning decks), usually 2–4 copies"; for a cut from a card
    impact, what the card brought in the simulated games (``measured_reason``)."""
    if found.measured is not None:
        return measured_reason(found)
    counts = {"decks": found.decks, "of": found.of}
    if winning:
        among = (
            ngettext(
                "in %(decks)d of %(of)d similar winning deck", "in %(decks)d of %(of)d similar winning decks", found.of
            )
            % counts
        )
    else:
        among = (
            ngettext("in %(decks)d of %(of)d similar deck", "in %(decks)d of %(of)d similar decks", found.of) % counts
        )
    overall = _("%(share)s of all winning decks") % {"share": _percent(found.base_share)}
    text = _("%(among)s (%(overall)s)") % {"among": among, "overall": overall}
    if found.decks:
        low, high = found.copies
        if low == high:
            copies = ngettext("usually %(n)d copy", "usually %(n)d copies", low) % {"n": low}
        else:
            copies = _("usually %(low)d–%(high)d copies") % {"low": low, "high": high}
        text = _("%(reason)s, %(copies)s") % {"reason": text, "copies": copies}
    return text


def rows(found: Suggestions, cards: CardIndex) -> dict[str, list[dict[str, Any]]]:
    """``{"add": […], "cut": […]}``: each suggestion as the API and the editor show it."""
    out: dict[str, list[dict[str, Any]]] = {}
    for name, items in (("add", found.add), ("cut", found.cut)):
        out[name] = [
            {
                "id": s.card_id,
                "name": cards[s.card_id].unique_name if s.card_id in cards else f"#{s.card_id}",
                "card": cards.get(s.card_id),
                "kind": "crypt" if s.crypt else "library",
                "score": s.score,
                "reason": reason(s, winning=found.winning),
                "decks": s.decks,
                "of": s.of,
                "copies": list(s.copies),
                "share": s.share,
                "archive_share": s.base_share,
                "lift": s.lift,
                "in_deck": s.in_deck,
                "vp_delta": s.measured.vp_delta if s.measured else None,
                "vp_delta_ci95": list(s.measured.ci95) if s.measured and s.measured.ci95 else None,
            }
            for s in items
        ]
    return out
