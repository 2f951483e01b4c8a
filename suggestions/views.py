"""The suggestions panel of the editor, and a deck compared with another (the nearest winning deck).

Who may see what is the decks' rule: the editor's panel is the owner's alone (404 for anyone else, as the
editor); a comparison needs a deck its reader may open (public, unlisted or their own) and an archive deck.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards import index as card_index
from decks.models import Deck
from twda.models import TournamentDeck
from vtesdeck.core.deck import diff
from vtesdeck.core.decklist.base import DecklistError

from . import services, text

if TYPE_CHECKING:
    from django.contrib.auth.models import User


@login_required
@require_GET
def editor_panel(request: HttpRequest, deck_id: str) -> HttpResponse:
    """The editor's Suggestions panel (``suggestions/_editor_panel.html``), fetched by the editor's script."""
    user = cast("User", request.user)  # @login_required: never anonymous here
    deck = get_object_or_404(Deck.objects.filter(owner=user), pk=deck_id)
    return render(request, "suggestions/_editor_panel.html", panel_context(deck))


def panel_context(deck: Deck, *, as_of: datetime.date | None = None) -> dict[str, Any]:
    """The panel's context: the deck, its suggestions (or why there are none), and the card impact job of this
    version of the deck its cuts come from, when there is one."""
    impact = services.latest_impact(deck)
    try:
        found = services.suggestions_for(services.for_deck(deck), as_of=as_of, impact=impact)
    except DecklistError:  # the request's work budget is spent: the panel says so, the editor goes on
        return {"deck": deck, "suggestions": None, "spent": True}
    return {
        "deck": deck,
        "suggestions": text.rows(found, card_index.get()),
        "neighbours": found.neighbours,
        "winning": found.winning,
        "impact": impact,
    }


@require_GET
def deck_diff(request: HttpRequest, deck_id: str, other_id: str) -> HttpResponse:
    deck = get_object_or_404(Deck.objects.readable_by(request.user), pk=deck_id)
    return _diff_page(request, services.for_deck(deck), other_id)


@require_GET
def archive_diff(request: HttpRequest, deck_id: str, other_id: str) -> HttpResponse:
    deck = get_object_or_404(TournamentDeck, pk=deck_id)
    return _diff_page(request, services.for_archive(deck), other_id)


def _diff_page(request: HttpRequest, subject: services.Subject, other_id: str) -> HttpResponse:
    other = get_object_or_404(_archive(), pk=other_id)
    theirs = services.archive_core(other)
    cards = card_index.get()
    changes = []
    for change in diff(subject.core, theirs):
        card = cards.get(change.id)
        changes.append(
            {
                "id": change.id,
                "card": card,
                "name": card.unique_name if card else f"#{change.id}",
                "crypt": bool(card and card.is_crypt),
                "before": change.before,
                "after": change.after,
                "delta": change.delta,
            }
        )
    current = services.pool()
    similarity = current.archive.similarities(current.vector(subject.core), [services.ARCHIVE + other.id])
    archive = cast(TournamentDeck, subject.archive)  # read only when there is no deck: a Subject holds one of them
    context = {
        "subject": subject,
        "name": subject.deck.name if subject.deck else (archive.name or archive.event),
        "url": (subject.deck or archive).get_absolute_url(),
        "other": other,
        "similarity": similarity.get(services.ARCHIVE + other.id),
        "changes": changes,
        "added": sum(1 for c in changes if c["before"] == 0),
        "removed": sum(1 for c in changes if c["after"] == 0),
        "changed": sum(1 for c in changes if c["before"] and c["after"]),
    }
    return render(request, "suggestions/diff.html", context)


def _archive() -> QuerySet[TournamentDeck]:
    return TournamentDeck.objects.defer("text")


@login_required
@require_POST
def share(request: HttpRequest, deck_id: str) -> HttpResponse:
    """The owner lets the deck inform other players' suggestions and similar decks (``share=1``), or stops
    (``share=0``). It counts only while the deck is public: private and unlisted decks are never in the pool."""
    user = cast("User", request.user)  # @login_required: never anonymous here
    deck = get_object_or_404(Deck.objects.filter(owner=user), pk=deck_id)
    wanted = request.POST.get("share", "").strip()
    if wanted not in ("0", "1"):
        return render(
            request,
            "decks/problem.html",
            {
                "title": _("The deck was not changed"),
                "deck": deck,
                "message": _("Say whether to share the deck with suggestions (share=1) or not (share=0)."),
            },
            status=400,
        )
    # The pool's version follows ``updated`` (suggestions.services.public_version): the change is seen at once
    # here, within the recheck interval in other processes.
    Deck.objects.filter(pk=deck.pk).update(share_with_suggestions=wanted == "1", updated=timezone.now())
    services.forget_versions()
    if wanted == "1":
        messages.success(request, _("This deck now informs other players' suggestions while it is public."))
    else:
        messages.success(request, _("This deck no longer informs other players' suggestions."))
    return redirect("decks:edit", deck.id)
