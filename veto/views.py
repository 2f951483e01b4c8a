"""/veto/cards/: a player's own Veto card list: upload it (a CSV file or pasted), see its size, download it, delete
it. A refused list is the page again with every problem at its line (400), and nothing stored.

The upload is bounded before Django reads it, as /check/'s is: the view is exempt from the CSRF middleware (which
would parse the whole body first), checks ``Content-Length``, then runs the CSRF check itself.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.requests import signed_in_user
from vtesdeck import messages, uploads
from vtesdeck.api import declared_length
from vtesdeck.core import veto
from vtesdeck.core.veto import cards as core_cards

from . import services
from .forms import CardListForm
from .throttle import page_wait

# What a multipart body holds besides the list itself: the boundaries, the field names, the CSRF token.
FORM_OVERHEAD = 64 * 1024


@csrf_exempt
@login_required
@require_http_methods(["GET", "POST"])
def cards(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        wait = page_wait(request)
        if wait is not None:
            error = _("Too many imports in a short time: please wait %(seconds)s seconds and send the form again.")
            response = _page(request, CardListForm(), errors=[error % {"seconds": wait}], status=429)
            response["Retry-After"] = str(wait)
            return response
        too_large, status = _refuse_body(request)
        if too_large:
            return _page(request, CardListForm(), errors=[too_large], status=status)
    return _cards(request)


def _refuse_body(request: HttpRequest) -> tuple[str, int]:
    """A sentence and a status when the body must not be read (too large or malformed), else ("", 0)."""
    limit = services.max_upload_bytes()
    reason = uploads.body_refusal(request, limit + FORM_OVERHEAD, page="veto cards page")
    if reason == uploads.TOO_LARGE:
        return _("The upload is too large (%(size)s; the limit is %(limit)s).") % {
            "size": filesizeformat(declared_length(request)),
            "limit": filesizeformat(limit),
        }, 413
    if reason in (uploads.TOO_MUCH_DATA, uploads.TOO_MANY_FILES, uploads.TOO_MANY_FIELDS):
        return _("The form holds too much; please use the form on this page."), 413
    return uploads.sentence(reason), 400 if reason else 0


@csrf_protect
def _cards(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request, CardListForm())
    user = signed_in_user(request)
    form = CardListForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, form, status=400)
    try:
        row = services.import_list(form.source(), user)
    except veto.CardListError as exc:
        lang = messages.veto_language()
        problems = [problem.message(lang) for problem in exc.problems]
        return _page(request, form, problems=problems, status=400)
    flash.success(
        request,
        ngettext(
            "Imported your card list: %(count)s card.", "Imported your card list: %(count)s cards.", row.card_count
        )
        % {"count": row.card_count},
    )
    return redirect("veto:cards")


@login_required
@require_POST
def delete(request: HttpRequest) -> HttpResponse:
    if services.delete_list(signed_in_user(request)):
        flash.success(request, _("Your card list is deleted."))
    return redirect("veto:cards")


@login_required
@require_GET
def export(request: HttpRequest) -> HttpResponse:
    text = services.export_list(signed_in_user(request))
    if text is None:
        raise Http404(_("You have no Veto card list."))
    return _csv(text, "veto-cards.csv")


@require_GET
def example(request: HttpRequest) -> HttpResponse:
    """The repository's example list (invented cards): a file in the columns the page describes."""
    return _csv(core_cards.EXAMPLE.read_text(encoding="utf-8"), "veto-example.csv")


def _csv(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _page(request: HttpRequest, form: CardListForm, *, status: int = 200, **context: Any) -> HttpResponse:
    user = signed_in_user(request)
    context = {
        "form": form,
        "own": services.find(user),
        "site": services.find(None),
        "limit": services.max_upload_bytes(),
        "max_rows": core_cards.MAX_ROWS,
        **context,
    }
    return render(request, "veto/cards.html", context, status=status)
