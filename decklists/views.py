"""/check/: the judge's page. Paste a decklist or upload many (or one zip); get a verdict per deck, its
full report, and a printable registration sheet per deck.

A game selector above the form: VTES (the default) or Veto (``?game=veto``, a Polish CCG, not VTES), whose decks
are judged by its own rule sets against the player's Veto card list, else the site's (``veto.services``). The
game is in the address, the form's own included, so that a refusal before the body is read (too large,
throttled) answers with the right form. A Veto report shows each sentence in Polish, the game's language, and,
on a page in another language, in English under it.

The request body is bounded before Django reads it: the view is exempt from the CSRF middleware, which
would otherwise parse a huge multipart body first, checks ``Content-Length``, then runs the CSRF check
itself (Django's documented pattern for views that must see an upload before the middleware does).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods

from cards import index
from veto import services as veto_services
from veto.models import CardList
from vtesdeck import messages, uploads
from vtesdeck.api import declared_length
from vtesdeck.core import veto
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.decklist.lines import library_type, type_rank
from vtesdeck.labels import ruleset_label

from . import services
from .forms import CheckForm, VetoCheckForm
from .throttle import page_wait

PASTED = "pasted decklist"  # the pasted text's path: a key here, shown translated
VETO = "veto"  # ?game=veto: the Veto checker; anything else, VTES's


def _is_veto(request: HttpRequest) -> bool:
    return request.GET.get("game") == VETO


@csrf_exempt
@require_http_methods(["GET", "POST"])
def check(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        # Counted as the decklists API counts (one rate, one count per address), before the body is read.
        wait = page_wait(request)
        if wait is not None:
            return _throttled(request, wait)
        too_large = _refuse_body(request)
        if too_large:
            return _empty_form(request, errors=[too_large], status=400)
    return _check_veto(request) if _is_veto(request) else _check(request)


def _throttled(request: HttpRequest, wait: int) -> HttpResponse:
    error = _(
        "Too many checks from your address in a short time: please wait %(seconds)s seconds and send the form again."
    ) % {"seconds": wait}
    response = _empty_form(request, errors=[error], status=429)
    response["Retry-After"] = str(wait)
    return response


def _empty_form(request: HttpRequest, *, errors: list[str], status: int) -> HttpResponse:
    """The game's form again, saying why the body was not read."""
    if _is_veto(request):
        return _veto_page(
            request, VetoCheckForm(), row=veto_services.row_for(request.user), errors=errors, status=status
        )
    return _page(request, CheckForm(), errors=errors, status=status)


def _refuse_body(request: HttpRequest) -> str:
    """A sentence when the body must not be read (too large or malformed), else ""."""
    limit = services.max_upload_bytes()
    reason = uploads.body_refusal(request, limit, page="check page")
    if reason == uploads.TOO_LARGE:
        return _(
            "The upload is too large (%(size).1f MB; the limit is %(limit).0f MB). "
            "Check fewer files at a time, or zip them."
        ) % {"size": declared_length(request) / 1e6, "limit": limit / 1e6}
    if reason == uploads.TOO_MUCH_DATA:
        return _("The pasted text is too large; a decklist holds at most 2 MB.")
    if reason == uploads.TOO_MANY_FILES:
        return _("Too many files at once (at most %(count)s); zip them and upload the zip.") % {
            "count": settings.DATA_UPLOAD_MAX_NUMBER_FILES
        }
    return uploads.sentence(reason)


@csrf_protect
def _check(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        # ?ruleset=<name or custom format id>: a format's page links here with its format chosen.
        chosen = request.GET.get("ruleset", "")[:80]
        return _page(request, CheckForm(initial={"ruleset": chosen} if chosen else None, user=request.user))
    form = CheckForm(request.POST, request.FILES, user=request.user)
    if not form.is_valid():
        return _page(request, form, status=400)
    cards = _cards()
    options = form.options()
    uploads, refused = _uploads(form)
    outcomes = refused + services.check_files(uploads, cards, options)
    if not any(outcome.ok for outcome in outcomes):
        # Nothing could be read at all: the form again, saying why, as for any other bad input.
        errors = [f"{o.path}: {o.error}" if o.path != PASTED else o.error for o in outcomes]
        return _page(request, form, errors=errors, status=400)
    player = form.cleaned_data.get("player", "")
    results = [_result(n, outcome, cards, player) for n, outcome in enumerate(outcomes, start=1)]
    # Decklists left unread because the request's work budget ran out (vtesdeck.core.budget).
    not_checked = sum(o.error_code.startswith("WORK_BUDGET_") for o in outcomes)
    return _page(request, form, results=results, summary={**_summary(results), "not_checked": not_checked})


def _summary(results: list[dict[str, Any]]) -> dict[str, int]:
    """The verdicts' count line, for either game: decks read, legal, illegal, and inputs that were no decklist."""
    reports = [r for r in results if r["ok"]]
    return {
        "decks": len(reports),
        "legal": sum(r["legal"] for r in reports),
        "illegal": sum(not r["legal"] for r in reports),
        "unreadable": len(results) - len(reports),
    }


def _page(request: HttpRequest, form: CheckForm, *, status: int = 200, **context: Any) -> HttpResponse:
    return render(request, "decklists/check.html", {"form": form, "game": "vtes", **context}, status=status)


# --- Veto ---------------------------------------------------------------------------------------------------


@csrf_protect
def _check_veto(request: HttpRequest) -> HttpResponse:
    row = veto_services.row_for(request.user)
    if request.method != "POST":
        return _veto_page(request, VetoCheckForm(), row=row)
    form = VetoCheckForm(request.POST, request.FILES)
    if not form.is_valid():
        return _veto_page(request, form, row=row, status=400)
    if row is None:
        # Said at the top of the page, with how to get a list (check_veto.html, #no-card-list).
        return _veto_page(request, form, row=row, status=400)
    lang = messages.veto_language()
    uploads, refused = _uploads(form)
    veto_refused = [services.VetoOutcome(path=o.path, lang=lang, error=o.error) for o in refused]
    outcomes = veto_refused + services.check_veto_files(uploads, veto_services.parsed(row), form.veto_ruleset(), lang)
    if not any(outcome.ok for outcome in outcomes):
        errors = [f"{o.path}: {o.error}" if o.path != PASTED else o.error for o in outcomes]
        return _veto_page(request, form, row=row, errors=errors, status=400)
    results = [_veto_result(n, outcome) for n, outcome in enumerate(outcomes, start=1)]
    return _veto_page(request, form, row=row, results=results, summary=_summary(results))


def _veto_page(
    request: HttpRequest, form: VetoCheckForm, *, row: CardList | None = None, status: int = 200, **context: Any
) -> HttpResponse:
    context = {
        "form": form,
        "game": VETO,
        "card_list": row,
        "own_list": row is not None and row.owner_id is not None,
        "english_too": messages.veto_language() != "pl",
        "game_query": "?game=veto",
        **context,
    }
    return render(request, "decklists/check_veto.html", context, status=status)


def _veto_result(number: int, outcome: services.VetoOutcome) -> dict[str, Any]:
    """One Veto deck's row and report: the core's report in Polish, each error and warning in English too."""
    path = _("pasted decklist") if outcome.path == PASTED else outcome.path
    if outcome.report is None:
        return {"number": number, "ok": False, "path": path, "error": outcome.error}
    report = outcome.report
    return {
        **report.to_dict("pl"),
        "number": number,
        "ok": True,
        "path": path,
        "format_en": report.ruleset.label("en"),
        "errors": [_veto_issue(issue) for issue in report.errors],
        "warnings": [_veto_issue(issue) for issue in report.warnings],
    }


def _veto_issue(issue: veto.VetoIssue) -> dict[str, Any]:
    return {
        "code": issue.code,
        "articles": issue.articles,
        "cards": issue.cards,
        "pl": {"title": issue.title("pl"), "message": issue.message("pl"), "rule": issue.rule("pl")},
        "en": {"title": issue.title("en"), "message": issue.message("en"), "rule": issue.rule("en")},
    }


def _uploads(form: CheckForm | VetoCheckForm) -> tuple[list[tuple[str, bytes | str]], list[services.Outcome]]:
    """What the form holds to check (the pasted text, then the files), and the files refused for their size."""
    uploads: list[tuple[str, bytes | str]] = []
    if form.cleaned_data["text"].strip():
        uploads.append((PASTED, form.cleaned_data["text"]))
    refused: list[services.Outcome] = []
    for upload in form.cleaned_data["files"]:
        if upload.size > services.max_upload_bytes():
            refused.append(services.Outcome(path=upload.name, error=_("The file is too large.")))
        else:
            uploads.append((upload.name, upload.read()))
    return uploads, refused


def _cards() -> CardIndex:
    return index.get()


def _result(number: int, outcome: services.Outcome, cards: CardIndex, player: str) -> dict[str, Any]:
    """One row of the verdict table with everything its report and registration sheet show."""
    path = _("pasted decklist") if outcome.path == PASTED else outcome.path
    if outcome.report is None:
        return {"number": number, "ok": False, "path": path, "error": outcome.error}
    report = outcome.to_dict()
    crypt_rows = [_crypt_row(entry, cards) for entry in report["crypt"]]
    library_sections = _library_sections(report["library"], cards)
    return {
        **report,
        "number": number,
        "ok": True,
        "path": path,
        "format_label": messages.format_label(report.get("format") or ""),
        "ruleset_label": ruleset_label(report["ruleset"]),
        "player": _player(report, player if outcome.path == PASTED else ""),
        "crypt_rows": crypt_rows,
        "library_sections": library_sections,
        "sheet_dense": _sheet_lines(crypt_rows, library_sections) > SHEET_LINES,
        "errors": [messages.issue_view(issue, cards) for issue in outcome.report.errors],
        "warnings": [messages.issue_view(issue, cards) for issue in outcome.report.warnings],
    }


def _player(report: dict[str, Any], typed: str) -> str:
    """Who the sheet registers: the name typed on the form (for the pasted decklist), else the player the
    decklist names: an archive decklist's winner (its header), else its author."""
    return typed or (report.get("event") or {}).get("winner") or report.get("author") or ""


# The lines a registration sheet fits on one A4 page in its usual print size (check.css): a crypt row
# takes a line across the page, a library card or section caption a line of one of three columns. A sheet
# needing more prints smaller, in four columns (.sheet-dense).
SHEET_LINES = 48


def _sheet_lines(crypt: list[dict], library_sections: list[dict[str, Any]]) -> float:
    library = sum(len(section["cards"]) + 2 for section in library_sections)  # a caption and a gap each
    return len(crypt) + library / 3


def _crypt_row(entry: dict, cards: CardIndex) -> dict[str, Any]:
    card = cards.get(entry["id"])
    return {
        **entry,
        "capacity": card.capacity if card else None,
        "clan": " / ".join(card.clans) if card else "",
        "group": card.group if card else "",
        "disciplines": card.disciplines if card else (),
    }


def _library_sections(entries: list[dict], cards: CardIndex) -> list[dict[str, Any]]:
    """The report's library by type, named and ordered as the archive (and the editor) lists it."""
    sections: dict[str, list[dict]] = {}
    for entry in entries:
        card = cards.get(entry["id"])
        kind = library_type(card) if card and card.types else _("Other")
        sections.setdefault(kind, []).append(entry)
    return [
        {"type": kind, "count": sum(e["count"] for e in sections[kind]), "cards": sections[kind]}
        for kind in sorted(sections, key=lambda kind: (type_rank(kind), kind))
    ]
