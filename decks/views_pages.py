"""The deck pages around the editor: the public list, "my decks", a deck's page, import (new deck or into
one), export, clone, delete, and revisions with their differences.

Privacy is decided in two helpers and nowhere else: ``_readable_deck`` (public, unlisted or one's own)
and ``_own_deck`` (the owner's alone). Both answer 404 for anything else, to strangers and anonymous
visitors alike, so no page tells a private deck from one that does not exist; that is why the deck
views check the deck before asking anyone to log in.

The import pages bound the request body before Django reads it, as the judge's page does: they are
exempt from the CSRF middleware (which would otherwise parse a huge multipart body first), check
``Content-Length``, then run the CSRF check themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import number_format
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.requests import signed_in_user
from formats.fits import fits_format
from formats.services import ruleset_for
from vtesdeck import uploads
from vtesdeck.api import declared_length
from vtesdeck.core import decklist
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.deck import diff
from vtesdeck.core.decklist.base import DecklistError
from vtesdeck.core.decklist.lines import library_sections
from vtesdeck.core.decklist.resolve import resolver_for
from vtesdeck.core.decklist.twd import crypt_stats, format_average
from vtesdeck.core.domain import Card
from vtesdeck.core.numbers import whole_number
from vtesdeck.core.validate import Report
from vtesdeck.labels import ruleset_label
from vtesdeck.messages import decklist_error, issue_view

from . import services
from .filters import DECK_LIST
from .forms import (
    CompareForm,
    DeckFilterForm,
    DeckImportForm,
    ImportForm,
    NewDeckImportForm,
    ResolveForm,
    RevisionNoteForm,
)
from .models import Deck, Revision

PAGE_SIZE = 25
# The largest request body an import page reads at all: a 2 MB file or a 2,000,000-character paste
# (up to 4 bytes a character, and the confirmation step sends it back as a form field).
MAX_IMPORT_BODY = 12 * 1024 * 1024

# --- access ---------------------------------------------------------------------------------------


def _readable_deck(request: HttpRequest, deck_id: str) -> Deck:
    return get_object_or_404(Deck.objects.readable_by(request.user).select_related("owner"), pk=deck_id)


def _own_deck(request: HttpRequest, deck_id: str) -> Deck:
    if not request.user.is_authenticated:
        raise Http404
    return get_object_or_404(Deck.objects.filter(owner=request.user).select_related("owner"), pk=deck_id)


# --- lists ----------------------------------------------------------------------------------------


@require_GET
def public_list(request: HttpRequest) -> HttpResponse:
    cards = services.card_index()
    known = _known_clans(cards)
    form = DeckFilterForm(request.GET or None, present_clans=_present_clans(known), known_clans=known)
    decks: QuerySet[Deck] = Deck.objects.listed()
    status, card, problem, suggestions = 200, None, "", []
    if form.is_bound and not form.is_valid():
        decks, status = decks.none(), 400
    elif form.is_bound:
        decks, card, problem, suggestions = _filter(decks, form.cleaned_data, cards)
    decks = decks.select_related("owner").prefetch_related("tags").order_by("-updated", "id")
    if status == 200 and form.is_bound:
        try:
            decks = DECK_LIST.on_page(decks, form.cleaned_data, request)  # the filters apps above decks add
        except DecklistError as exc:  # the request's work budget is spent: the page says so
            decks, status, problem = decks.none(), 429, decklist_error(exc)
    page = Paginator(decks, PAGE_SIZE).get_page(request.GET.get("page"))
    services.judge_stale(page.object_list)  # badges of decks whose format changed since: judged again
    context = {
        "form": form,
        "hidden_fields": DECK_LIST.hidden_from(request.user),
        "page": page,
        "page_range": page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1),
        "rows": [(deck, _clan_labels(deck, known)) for deck in page.object_list],
        "card": card,
        "problem": problem,
        "suggestions": suggestions,
        "filtered": form.is_bound and any(str(v).strip() for k, v in request.GET.items() if k != "page"),
    }
    return render(request, "decks/deck_list.html", context, status=status)


def _filter(decks: QuerySet[Deck], data: dict[str, Any], cards: CardIndex) -> tuple:
    """The public decks the filters ask for, the card asked for, and a sentence (with suggestions) when
    the card asked for names no card."""
    card, problem, suggestions = None, "", []
    if name := data["q"].strip():
        decks = decks.filter(name__icontains=name)
    if data["clan"]:
        decks = decks.filter(clans__contains=f"|{data['clan']}|")
    if author := data["author"].strip():
        decks = decks.filter(owner__username__iexact=author)
    if tag := data["tag"].strip():
        decks = decks.filter(tags__name=slugify(tag, allow_unicode=True))
    if data.get("fits"):
        decks = fits_format(decks, ruleset_for(data["fits"]))
    if asked := data["card"].strip():
        card = _card_named(asked, cards)
        if card is None:
            decks = decks.none()
            problem = _("No card is called “%(name)s”.") % {"name": asked}
            suggestions = [] if asked.isdigit() else resolver_for(cards).suggest(asked, n=5)
        else:
            decks = decks.filter(cards__card_id=card.id)
    return decks, card, problem, suggestions


def _card_named(text: str, cards: CardIndex) -> Card | None:
    card_id = whole_number(text)
    return cards.get(card_id) if card_id is not None else resolver_for(cards).resolve(text)


def _known_clans(cards: CardIndex) -> dict[str, str]:
    """Every crypt clan (and creed): the lower-case key decks are filtered by → the printed name."""
    return {clan.lower(): clan for card in cards if card.is_crypt for clan in card.clans}


def _present_clans(known: dict[str, str]) -> dict[str, str]:
    # Without order_by(), the model's ordering ("-updated") would make every public deck a distinct row.
    present = Deck.objects.listed().order_by().values_list("clans", flat=True).distinct()
    keys = {key for value in present for key in value.split("|")}
    return {key: known.get(key, key) for key in keys if key}


def _clan_labels(deck: Deck, known: dict[str, str]) -> list[str]:
    return [known.get(key, key) for key in deck.clans.split("|") if key]


@login_required
@require_GET
def my_decks(request: HttpRequest) -> HttpResponse:
    decks = Deck.objects.filter(owner=signed_in_user(request)).prefetch_related("tags").order_by("-updated", "id")
    page = Paginator(decks, PAGE_SIZE).get_page(request.GET.get("page"))
    services.judge_stale(page.object_list)
    known = _known_clans(services.card_index())
    context = {
        "page": page,
        "page_range": page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1),
        "rows": [(deck, _clan_labels(deck, known)) for deck in page.object_list],
    }
    return render(request, "decks/my_decks.html", context)


# --- one deck -------------------------------------------------------------------------------------


@require_GET
def detail(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _readable_deck(request, deck_id)
    cards = services.card_index()
    core = deck.to_core()
    known = _known_core(core, cards)
    report = services.report(core, ruleset=services.deck_ruleset(deck))
    capacities = [cards[i].capacity or 0 for i, n in known.crypt.items() for _copy in range(n)]
    low, high, mean = crypt_stats(capacities)
    context = {
        "deck": deck,
        "is_owner": request.user.is_authenticated and deck.owner_id == request.user.pk,
        "cloned_from": deck.source_named_to(request.user),  # None unless this reader was given its link
        "tags": deck.tags.all(),
        "crypt": [{"card": cards[i], "count": n} for i, n in known.crypt.items()],
        "crypt_count": core.crypt_count,
        "crypt_stats": {"min": low, "max": high, "avg": format_average(mean)},
        "library": [
            {"type": kind, "count": sum(n for _card, n in rows), "cards": rows}
            for kind, rows in library_sections(known, cards)
        ],
        "library_count": core.library_count,
        "view": "visual" if request.GET.get("view") == "visual" else "list",  # the cards as pictures, or listed
        "missing": [i for part in (core.crypt, core.library) for i in part if i not in cards],
        "core": known,  # for the named archetype and tag badges (twda's archetype_tags)
        "report": report,
        "issues": _issues(report, cards),
        "exports": services.download_formats(),
        "vdb_url": services.vdb_link(deck),
        "share_url": request.build_absolute_uri(deck.get_absolute_url())
        if deck.visibility == Deck.Visibility.UNLISTED
        else "",
    }
    return render(request, "decks/deck_detail.html", context)


def _known_core(core: CoreDeck, cards: CardIndex) -> CoreDeck:
    """``core`` without the ids the card list no longer has (a deck keeps them; tables and exporters
    need real cards)."""
    if all(i in cards for part in (core.crypt, core.library) for i in part):
        return core
    return CoreDeck(
        crypt={i: n for i, n in core.crypt.items() if i in cards},
        library={i: n for i, n in core.library.items() if i in cards},
        name=core.name,
        author=core.author,
        description=core.description,
        comments={i: c for i, c in core.comments.items() if i in cards},
    )


def _issues(report: Report, cards: CardIndex) -> dict[str, Any]:
    return {
        "ruleset": ruleset_label(report.ruleset.name),
        "errors": [issue_view(i, cards) for i in report.errors],
        "warnings": [issue_view(i, cards) for i in report.warnings],
    }


@require_GET
def export(request: HttpRequest, deck_id: str, format: str) -> HttpResponse:
    deck = _readable_deck(request, deck_id)
    fmt = decklist.FORMATS.get(format)
    if fmt is None or fmt.export is None:
        writable = ", ".join(name for name, f in decklist.FORMATS.items() if f.export is not None)
        message = _("This deck cannot be exported as “%(format)s”. Formats that can be written: %(formats)s.") % {
            "format": format,
            "formats": writable,
        }
        return _problem(request, _("Unknown export format"), message, deck=deck, status=404)
    cards = services.card_index()
    content = decklist.export(_known_core(deck.to_core(), cards), cards, format)
    charset = "" if fmt.media_type == "application/json" else "; charset=utf-8"
    response = HttpResponse(content, content_type=fmt.media_type + charset)
    response["Content-Disposition"] = content_disposition_header(True, services.export_file_name(deck.name, format))
    return response


@require_POST
def clone(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _readable_deck(request, deck_id)
    if not request.user.is_authenticated:
        return redirect_to_login(deck.get_absolute_url())
    try:
        copy = services.clone(deck, request.user)
    except services.DeckInputError as exc:
        return _problem(request, _("The deck could not be cloned"), str(exc), deck=deck, status=400)
    messages.success(request, _("This is your own copy of “%(name)s”.") % {"name": deck.name})
    return redirect("decks:edit", copy.id)


@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    if request.method == "POST":
        name = deck.name
        # services has no delete: a deck's rows (cards, revisions, tag links) go with it by cascade.
        services.delete(deck)
        messages.success(request, _("“%(name)s” was deleted.") % {"name": name})
        return redirect("decks:mine")
    return render(request, "decks/delete.html", {"deck": deck})


# --- revisions ------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def revisions(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    status = 200
    note_form = RevisionNoteForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if note_form.is_valid():
            revision = services.save_revision(deck, note_form.cleaned_data["note"])
            messages.success(request, _("Saved revision %(number)d.") % {"number": revision.number})
            return redirect("decks:revisions", deck.id)
        status = 400
    history = list(deck.revisions.all())
    compare_form = CompareForm(request.GET or None)
    comparison, problem = _compare(compare_form, history)
    if problem:
        status = 400
    context = {
        "deck": deck,
        "history": [(revision, *_revision_counts(revision)) for revision in history],
        "note_form": note_form,
        "compare_form": compare_form,
        "comparison": comparison,
        "problem": problem,
    }
    return render(request, "decks/revisions.html", context, status=status)


def _revision_counts(revision: Revision) -> tuple[int, int]:
    data = revision.data or {}
    return (
        sum(int(c.get("count", 0)) for c in data.get("crypt", ())),
        sum(int(c.get("count", 0)) for c in data.get("library", ())),
    )


def _compare(form: CompareForm, history: list[Revision]) -> tuple[dict[str, Any] | None, str]:
    """The changed cards between revisions ``a`` and ``b`` (default: the two newest), or a sentence
    saying why they cannot be compared."""
    if form.is_bound and not form.is_valid():
        return None, _("Revisions are numbered 1, 2, 3…; choose two from the list.")
    data = form.cleaned_data if form.is_bound else {}
    a, b = data.get("a"), data.get("b")
    if a is None and b is None and len(history) < 2:
        return None, ""
    by_number = {revision.number: revision for revision in history}
    a = a if a is not None else (history[1].number if len(history) > 1 else history[0].number)
    b = b if b is not None else history[0].number
    for number in (a, b):
        if number not in by_number:
            return None, _("This deck has no revision %(number)d.") % {"number": number}
    cards = services.card_index()
    changes = []
    for change in diff(by_number[a].to_core(), by_number[b].to_core()):
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
    return {"a": by_number[a], "b": by_number[b], "changes": changes}, ""


# --- import ---------------------------------------------------------------------------------------


@csrf_exempt
@require_http_methods(["GET", "POST"])
def import_new(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    return _guarded_import(request, None)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def import_into(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    return _guarded_import(request, deck)


def _guarded_import(request: HttpRequest, deck: Deck | None) -> HttpResponse:
    if request.method == "POST" and (refused := _refuse_body(request)):
        return _import_page(request, _empty_form(deck), deck, errors=[refused], status=400)
    return _import(request, deck)


def _refuse_body(request: HttpRequest) -> str:
    """A sentence when the body must not be read (too large or malformed), else ""."""
    reason = uploads.body_refusal(request, MAX_IMPORT_BODY, page="deck import")
    if reason == uploads.TOO_LARGE:
        return _("The upload is too large (%(size).1f MB); a decklist file may be at most 2 MB.") % {
            "size": declared_length(request) / 1e6
        }
    if reason == uploads.TOO_MUCH_DATA:
        return _("The pasted decklist is too large; a decklist holds at most 2,000,000 characters.")
    if reason == uploads.TOO_MANY_FILES:
        return _("Upload one decklist file at a time.")
    return uploads.sentence(reason)


def _empty_form(deck: Deck | None) -> ImportForm:
    return NewDeckImportForm() if deck is None else DeckImportForm(initial={"version": deck.version})


@csrf_protect
def _import(request: HttpRequest, deck: Deck | None) -> HttpResponse:
    if request.method != "POST":
        return _import_page(request, _empty_form(deck), deck)
    form_class = NewDeckImportForm if deck is None else DeckImportForm
    # The confirmation step sends the decklist back as text, in a hidden field.
    resolving = request.POST.get("step") == "resolve"
    form = form_class(request.POST, None if resolving else request.FILES)
    if not form.is_valid():
        return _import_page(request, form, deck, status=400)
    source = form.cleaned_data["source"]
    try:
        core = services.parse_text(source, format=form.cleaned_data["format"] or None)
    except services.DeckInputError as exc:
        form.add_error(None, str(exc))
        return _import_page(request, form, deck, status=400)
    if core.unresolved:
        cards = services.card_index()
        resolve = ResolveForm(request.POST if resolving else None, unresolved=core.unresolved, cards=cards)
        if not resolving or not resolve.is_valid():
            text = source if isinstance(source, str) else decklist.decode(source)
            return _resolve_page(request, form, resolve, core, text, deck, status=400 if resolving else 200)
        for line, card_id in resolve.choices():
            if card_id is not None:
                core.add(cards[card_id], line.count)  # its own part of the deck, whatever the line's section
        core.unresolved = []
    return _save_import(request, form, core, deck)


def _save_import(request: HttpRequest, form: ImportForm, core: CoreDeck, deck: Deck | None) -> HttpResponse:
    try:
        if deck is None:
            name, visibility = form.cleaned_data["name"].strip(), form.cleaned_data["visibility"]
            deck = services.create(request.user, core, name=name, visibility=visibility, note=_("Imported"))
        else:
            deck = services.replace_cards(deck, core, version=form.cleaned_data["version"])
    except services.Conflict as exc:
        return _problem(request, _("The deck changed in the meantime"), str(exc), deck=exc.deck, status=409)
    except services.DeckInputError as exc:
        form.add_error(None, str(exc))
        return _import_page(request, form, deck, status=400)
    messages.success(
        request,
        _("Imported %(crypt)d crypt and %(library)d library cards.")
        % {"crypt": core.crypt_count, "library": core.library_count},
    )
    return redirect("decks:edit", deck.id)


def _import_page(
    request: HttpRequest, form: ImportForm, deck: Deck | None, *, errors: Sequence[str] = (), status: int = 200
) -> HttpResponse:
    context = {
        "form": form,
        "deck": deck,
        "errors": errors,
        "max_text": number_format(decklist.MAX_BYTES, force_grouping=True),
    }
    return render(request, "decks/import.html", context, status=status)


def _resolve_page(
    request: HttpRequest,
    form: ImportForm,
    resolve: ResolveForm,
    core: CoreDeck,
    text: str,
    deck: Deck | None,
    *,
    status: int,
) -> HttpResponse:
    hidden = {name: value for name, value in form.cleaned_data.items() if name in ("name", "visibility", "version")}
    context = {
        "form": form,
        "resolve": resolve,
        "core": core,
        "text": text,
        "format": core.source_format,
        "format_label": getattr(decklist.FORMATS.get(core.source_format), "label", core.source_format),
        "hidden": hidden,
        "deck": deck,
    }
    return render(request, "decks/import_resolve.html", context, status=status)


def _problem(request: HttpRequest, title: str, message: str, *, deck: Deck | None = None, status: int) -> HttpResponse:
    context = {"title": title, "message": message, "deck": deck}
    return render(request, "decks/problem.html", context, status=status)
