"""Proxies jobs: what the web side checks and stores, and what a worker renders (``proxies.kind.PROXIES``).

A proxies job is a simulation job of kind ``proxies`` (one lifecycle for every kind: ``simulations.services``):
its unit is a card to place, its plan the card ids in print order with the paper, the marks and the printing
chosen per card, and it runs as one chunk (a deck's PDF takes well under a second to lay out; the job is on
the workers so that a web process never holds a request open for it, and so that every PDF, with its images,
is made in one place). The worker stores the finished PDF as a file in the default storage with its
``ProxySheet`` row (``proxies.sheets``: retention and caps), which every web process reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from cards import images, index
from collection import services as collection
from simulations.errors import JobRefused
from vtesdeck.core import cardface
from vtesdeck.core import proxies as core
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.domain import Card

from . import sheets


class ProxiesInputError(ValueError):
    """A request that cannot be printed; ``str()`` is a sentence for the user, ``field`` the field it is about."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def missing_cards(user, deck) -> dict[int, int]:
    """The copies of ``deck``'s cards ``user``'s collection lacks (card id → copies): the collection's own
    answer (``collection.services.deck_report``, the one place that counts what one owns and what one's
    fixed decks hold)."""
    if user is None or not user.is_authenticated:
        raise ProxiesInputError(_("Log in to print only the cards your collection lacks."), field="cards")
    core_deck = deck.to_core()
    needs = {**core_deck.crypt, **core_deck.library}
    return collection.deck_report(user, needs, deck_id=deck.id).missing


def plan(
    deck: CoreDeck,
    cards: CardIndex,
    *,
    paper: str,
    marks: str,
    counts: Mapping[int, int] | None = None,
    printings: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """The job's plan (plain JSON): the card ids in print order, the paper, the marks, and the printing (a set's
    abbreviation) per card. ``counts`` limits the cards printed (the missing ones, a selection)."""
    if paper not in core.PAPERS:
        raise ProxiesInputError(
            _("paper must be %(choices)s, not %(value)r.") % {"choices": " or ".join(core.PAPERS), "value": paper},
            field="paper",
        )
    if marks not in core.MARKS:
        raise ProxiesInputError(
            _("marks must be %(choices)s, not %(value)r.") % {"choices": " or ".join(core.MARKS), "value": marks},
            field="marks",
        )
    chosen: dict[str, str] = {}
    for card_id, abbrev in (printings or {}).items():
        card = cards.get(card_id)
        sets = [printing.set for printing in card.printings] if card is not None else []
        if abbrev not in sets:
            raise ProxiesInputError(
                _("Card %(id)s was not printed in %(set)r; its sets: %(sets)s.")
                % {"id": card_id, "set": abbrev, "sets": ", ".join(sets) or "—"},
                field="printings",
            )
        chosen[str(card_id)] = abbrev
    order = core.cards_to_print(deck, cards, counts)
    if not order:
        message = (
            _("Nothing to print: the deck has no cards.")
            if counts is None
            else _("Nothing to print: none of the chosen cards is in the deck.")
        )
        raise ProxiesInputError(message, field="cards")
    if len(order) > core.MAX_CARDS:
        raise ProxiesInputError(
            _("At most %(limit)d cards per PDF, not %(count)d.") % {"limit": core.MAX_CARDS, "count": len(order)},
            field="cards",
        )
    return {"cards": [card.id for card in order], "paper": paper, "marks": marks, "printings": chosen}


def selection(ids: Iterable[int], deck: CoreDeck) -> dict[int, int]:
    """The "only these card ids" choice: every copy the deck has of each."""
    wanted = set(ids)
    return {i: n for i, n in {**deck.crypt, **deck.library}.items() if i in wanted}


def proxy_card(card: Card, printing: str = "") -> core.ProxyCard:
    """One card to print: the chosen printing's mirrored scan, else the card's default scan, else its text
    card (which names the chosen printing at its foot). The scan's file, read when the card is laid out."""

    return core.ProxyCard(cardface.face(card, printing=printing), images.image_file(card.id, printing))


def render(simulation, cards: CardIndex, progress: Callable[[int], None]) -> dict[str, Any]:
    """In a worker: lay out the job's PDF and store it (``sheets.keep``); the tally is its figures. A PDF past its
    size cap, or past its owner's room, fails the job with a sentence saying so (nothing stored)."""
    job = simulation.plan
    if any(card_id not in cards for card_id in job["cards"]):
        # A card list imported since this worker read its own (the web process that queued the job knew the
        # cards): read it again, once.

        index.reset()
        cards = index.get()
    printings = job.get("printings") or {}
    faces, made = [], {}  # copies of a card share one ProxyCard
    for card_id in job["cards"]:
        card = cards.get(card_id)
        if card is None:  # the card list changed since the job was queued: it cannot be drawn any more
            continue
        printing = printings.get(str(card_id), "")
        if (card_id, printing) not in made:
            made[card_id, printing] = proxy_card(card, printing)
        faces.append(made[card_id, printing])
    # The PDF's sentences, and the job's failure if it fails, in the language of who asked for it (the worker has
    # no request of its own).
    with translation.override(simulation.parameters.get("language") or "en"):
        # The notice the fan content policy asks for (cards.templatetags.card_images), short enough for a margin.
        notice = _(
            "Card images © Paradox Interactive AB, used under its fan content policy (Dark Pack). Vampire: The "
            "Eternal Struggle is a trademark of Paradox Interactive AB. Unofficial proxies, not for sale."
        )
        casual = _(
            "Pages with text cards are for casual play only: the tournament rules allow proxies only as images "
            "of the real card, and only where the organiser allows them."
        )
        try:
            sheet = core.render(
                faces,
                paper=job["paper"],
                marks=job["marks"],
                notice=notice,
                casual_play=casual,
                title=simulation.deck_name,
                progress=progress,
                max_pixels=settings.CARD_IMAGE_MAX_PIXELS,
                max_bytes=settings.PROXIES_MAX_PDF_BYTES,
            )
            placed_images = sum(1 for placement in sheet.placements if placement.image)
            stored = sheets.keep(
                simulation, sheet.pdf, pages=sheet.pages, cards=len(sheet.placements), images=placed_images
            )
        except core.SheetTooLarge as exc:  # the job fails with the owner's sentence, not a worker's error
            raise JobRefused(
                _("This PDF would take more than %(limit)s, the most one may take: print fewer cards at once.")
                % {"limit": sheets.megabytes(exc.limit)}
            ) from None
        except sheets.NoRoom as exc:
            raise JobRefused(str(exc)) from None
    return {"cards": stored.cards, "pages": stored.pages, "images": stored.images, "bytes": stored.bytes}


def report(simulation, tally: dict[str, Any], seconds: float) -> dict[str, Any]:
    return {
        "cards": tally.get("cards", 0),
        "pages": tally.get("pages", 0),
        "images": tally.get("images", 0),
        "text_cards": tally.get("cards", 0) - tally.get("images", 0),
        "bytes": tally.get("bytes", 0),
        "paper": simulation.plan.get("paper"),
        "marks": simulation.plan.get("marks"),
        "download_url": reverse("proxies:pdf", args=[simulation.pk]),
        "expires_at": sheets.expiry_of(simulation.pk),
        "seconds": round(seconds, 3),
    }
