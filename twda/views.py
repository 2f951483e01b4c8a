"""The archive's pages: search, a winning deck's page (statistics as in the editor, exports, copy to my
decks) and the archetypes.

Search goes through ``twda.search`` as the API does. A filter the form refuses, an unknown card name
among them, is a 400 page saying why (with names close to the one asked for), never a 500.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards import index
from decks import services as deck_services
from vtesdeck.core import archetypes as named_archetypes
from vtesdeck.core import charts, decklist
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.decklist.lines import library_sections
from vtesdeck.core.stats import deck_stats
from vtesdeck.labels import chart_labels
from vtesdeck.messages import format_label

from . import search as twda_search
from . import services, styles
from .models import Archetype, CardArchiveStats, NamedArchetype, TournamentDeck

PAGE_SIZE = 25
POPULAR_NAMES = 400


@require_GET
def search_page(request: HttpRequest) -> HttpResponse:
    form = twda_search.TwdaPageForm(request.GET or None)
    decks, status, conditions = TournamentDeck.objects.all(), 200, []
    if form.is_bound and form.is_valid():
        decks = twda_search.search(form.cleaned_data)
        conditions = form.cleaned_data["card"]
        # Then the filters apps above twda add.
        decks = twda_search.ARCHIVE_SEARCH.on_page(decks, form.cleaned_data, request)
    elif form.is_bound:
        decks, status = decks.none(), 400
    decks = decks.select_related("archetype").defer("deck", "text", "description")
    page = Paginator(decks, PAGE_SIZE).get_page(request.GET.get("page"))
    known = twda_search.known_clans()
    context = {
        "form": form,
        "hidden_fields": twda_search.ARCHIVE_SEARCH.hidden_from(request.user),
        "page": page,
        "page_range": page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1),
        "rows": [(deck, [known.get(k, k) for k in deck.clans.split("|") if k]) for deck in page.object_list],
        "conditions": [c.describe() for c in conditions],
        "filtered": form.is_bound and any(str(v).strip() for k, v in request.GET.items() if k != "page"),
        "clans": sorted(known.values(), key=str.lower),
        "total": TournamentDeck.objects.count(),
        "card_names": _popular_card_names(),
    }
    return render(request, "twda/search.html", context, status=status)


def _popular_card_names() -> list[str]:
    """Names for the card rows' suggestions (a plain <datalist>): the cards most winning decks play."""
    cards = index.get()
    ids = CardArchiveStats.objects.filter(decks__gt=0).order_by("-decks").values_list("card_id", flat=True)
    return sorted(cards[i].unique_name for i in ids[:POPULAR_NAMES] if i in cards)


@require_GET
def detail(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = get_object_or_404(TournamentDeck.objects.select_related("archetype"), pk=deck_id)
    cards = index.get()
    core = services.playable_core(deck)
    stats = deck_stats(core, cards)
    known = twda_search.known_clans()
    context: dict[str, Any] = {
        "deck": deck,
        "clans": [known.get(k, k) for k in deck.clans.split("|") if k],
        "crypt": [{"card": cards[i], "count": n} for i, n in core.crypt.items()],
        "library": [
            {"type": kind, "count": sum(n for _card, n in rows), "cards": rows}
            for kind, rows in library_sections(core, cards)
        ],
        "crypt_count": core.crypt_count,
        "library_count": core.library_count,
        "view": "visual" if request.GET.get("view") == "visual" else "list",  # the cards as pictures, or listed
        "stats": stats,
        "charts": {
            "capacity": charts.capacity_histogram(stats, labels=chart_labels()),
            "disciplines": charts.discipline_chart(stats, labels=chart_labels()),
            "types": charts.library_types_chart(stats, labels=chart_labels()),
        },
        "exports": [(name, format_label(fmt)) for name, fmt in decklist.FORMATS.items() if fmt.export is not None],
        "style": _stored_style(deck, core),
    }
    return render(request, "twda/detail.html", context)


def _stored_style(deck: TournamentDeck, core: CoreDeck) -> dict[str, Any]:
    """The deck's named archetype and tags as the last import stored them (computed now if it did not)."""
    if not deck.style:
        return styles.deck_style(core, index.get())
    named = styles.archetype(deck.style) is not None
    return {"slug": deck.style, "label": styles.label(deck.style), "badges": styles.badges(deck.tags), "named": named}


@require_GET
def export(request: HttpRequest, deck_id: str, format: str) -> HttpResponse:
    deck = get_object_or_404(TournamentDeck, pk=deck_id)
    fmt = decklist.FORMATS.get(format)
    if fmt is None or fmt.export is None:
        writable = ", ".join(name for name, f in decklist.FORMATS.items() if f.export is not None)
        message = _("This deck cannot be exported as “%(format)s”. Formats that can be written: %(formats)s.") % {
            "format": format,
            "formats": writable,
        }
        return render(
            request,
            "twda/problem.html",
            {"title": _("Unknown export format"), "message": message, "deck": deck},
            status=404,
        )
    content = decklist.export(services.playable_core(deck), index.get(), format)
    charset = "" if fmt.media_type == "application/json" else "; charset=utf-8"
    response = HttpResponse(content, content_type=fmt.media_type + charset)
    filename = f"{slugify(deck.shown_name)[:80] or 'deck'}.{fmt.extension}"
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@require_POST
def copy(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = get_object_or_404(TournamentDeck, pk=deck_id)
    if not request.user.is_authenticated:
        return redirect_to_login(deck.get_absolute_url())
    core = services.playable_core(deck)
    core.event = None
    name = deck.shown_name
    try:
        copy = deck_services.create(request.user, core, name=name, note=_("Copied from the tournament archive"))
    except deck_services.DeckInputError as exc:
        return render(
            request,
            "twda/problem.html",
            {"title": _("The deck could not be copied"), "message": str(exc), "deck": deck},
            status=400,
        )
    messages.success(request, _("This is your own copy of “%(name)s”.") % {"name": name})
    return redirect("decks:edit", copy.id)


@require_GET
def archetypes(request: HttpRequest) -> HttpResponse:
    cards = index.get()
    rows = []
    for archetype in Archetype.objects.all():
        signature = [cards[i] for i in archetype.signature if i in cards]
        rows.append({"archetype": archetype, "signature": signature})
    return render(request, "twda/archetypes.html", {"rows": rows})


# --- named archetypes ---------------------------------------------------------------------------------


@require_GET
def styles_list(request: HttpRequest) -> HttpResponse:
    """The named archetypes (the curated list), with their deck counts in the archive."""
    counts = dict(NamedArchetype.objects.values_list("slug", "deck_count"))
    total = TournamentDeck.objects.count()
    unclassified = TournamentDeck.objects.filter(style=named_archetypes.UNCLASSIFIED).count()
    rows = [
        {"archetype": a, "name": _(a.name), "description": _(a.description), "decks": counts.get(a.slug, 0)}
        for a in named_archetypes.named_archetypes()
    ]
    context = {
        "rows": rows,
        "total": total,
        "unclassified": unclassified,
        "tags": list(styles.TAG_LABELS.values()),
        "max_distance": named_archetypes.MAX_DISTANCE,
    }
    return render(request, "twda/styles.html", context)


@require_GET
def style_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """One named archetype: what it is, its reference decks, its key cards and their share per period."""
    archetype = styles.archetype(slug)
    if archetype is None:
        message = _("No named archetype has the slug “%(slug)s”.") % {"slug": slug}
        return render(request, "twda/problem.html", {"title": _("Unknown archetype"), "message": message}, status=404)
    cards = index.get()
    stats = NamedArchetype.objects.filter(slug=slug).first()
    references = {
        d.id: d
        for d in TournamentDeck.objects.filter(id__in=[i for i, _w in archetype.references]).only(
            "id", "name", "winner", "event", "date"
        )
    }
    key_cards = [entry for entry in (stats.key_cards if stats else []) if entry["id"] in cards]
    periods = [(label, row) for label, row in (stats.periods if stats else {}).items() if row["archive"]]
    chart = charts.share_bar_chart(
        [(label, row["decks"] / row["archive"]) for label, row in periods],
        title=_("Share of the period's winning decks"),
        chart_id="style-periods",
        labels=chart_labels(),
    )
    context = {
        "archetype": archetype,
        "name": _(archetype.name),
        "description": _(archetype.description),
        "deck_count": stats.deck_count if stats else 0,
        "references": [{"id": i, "why": _(why), "deck": references.get(i)} for i, why in archetype.references],
        "centroid": styles.badges(dict(zip(named_archetypes.TAGS, archetype.centroid, strict=True))),
        "key_cards": [
            {
                "card": cards[entry["id"]],
                "share": round(entry["share"] * 100),
                "archive": round(entry["archive"] * 100),
                "periods": [
                    round(row["cards"].get(str(entry["id"]), 0) * 100) if row["decks"] else None
                    for _label, row in periods
                ],
            }
            for entry in key_cards
        ],
        "periods": [{"label": label, "decks": row["decks"], "archive": row["archive"]} for label, row in periods],
        "chart": chart,
    }
    return render(request, "twda/style.html", context)
