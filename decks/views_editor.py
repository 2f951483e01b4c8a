"""The deck editor: a new deck, the editing page, and the small endpoints its script calls.

The page is whole without JavaScript: the card search is a GET form, every +/−/remove/Add button is a
POST form that comes back to the page. ``static/js/deck_editor.js`` sends the same changes as JSON and
swaps in the three panels each answer carries (deck, legality, statistics), rendered here by the very
partials the page includes, so both paths always show the same thing.

Every write carries the deck version the editor last saw; ``services`` refuses a stale one
(``Conflict``) and the answer is a 409 with a sentence and the current version, never a silent
overwrite. Only the owner edits a deck: anyone else gets a 404, whatever the deck's visibility.

A JSON body is read by the API's own reader (``vtesdeck.jsonbody``) and the details by the deck API's field
rules (``DetailsInput``), so the editor refuses what the API refuses: JSON nested thousands deep, a lone
surrogate, an object where a name belongs. A refusal is a 400 (415, 413) in the API's error shape
(``detail``, ``code``, ``errors``), whose ``detail`` the script shows, and changes nothing.

A change answers in one deck load, one write, one validation, one statistics pass and three partials;
card facts come from the in-memory ``CardIndex``, never from one query per card. The answer is read inside
the write's transaction (as the deck API's): a database lost while it is read takes the change away with
it, so the 503 that says "nothing was changed" is true, and the editor's retry is not refused as stale.
"""

from __future__ import annotations

import json
import logging
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from rest_framework import serializers
from rest_framework.settings import api_settings

from accounts.requests import signed_in_user
from cards import search as card_search
from cards.models import Card as CardRow
from formats.forms import format_choices
from vtesdeck import jsonbody
from vtesdeck.api import error_body, field_errors
from vtesdeck.core import charts
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.decklist.lines import library_sections
from vtesdeck.core.domain import ANY_GROUP, DISCIPLINES, VIRTUES
from vtesdeck.core.numbers import whole_number
from vtesdeck.core.stats import deck_stats
from vtesdeck.core.validate import Report, Ruleset, out_of_format
from vtesdeck.labels import chart_labels, ruleset_label
from vtesdeck.messages import issue_view

from . import services
from .fields import (
    DESCRIPTION_MAX,
    NAME_MAX,
    check_format,
    description_field,
    name_field,
    ruleset_field,
    tags_field,
    version_field,
    visibility_field,
)
from .models import Deck, DeckCard

logger = logging.getLogger(__name__)

SEARCH_LIMIT = 50
# The card filters the editor offers (a subset of cards.search.CardFilterForm), and its own switch.
FILTER_KEYS = ("q", "kind", "clan", "discipline", "type")
HIDE_BREAKERS = "hide_breakers"
IN_FORMAT = "in_format"  # only cards in the deck's format (validate.card_in_format), today
PANELS = ("deck", "legality", "stats")
_TRUE = ("1", "on", "true", "yes")
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


# --- forms ----------------------------------------------------------------------------------------


class NewDeckForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Deck name"),
        max_length=NAME_MAX,
        required=False,
        help_text=gettext_lazy("You can change it at any time."),
    )
    visibility = forms.ChoiceField(
        label=gettext_lazy("Visibility"), choices=Deck.Visibility.choices, initial=Deck.Visibility.PRIVATE
    )


class DetailsForm(forms.Form):
    """The deck's own words, as the page shows them (labels, widgets, the browser's own length limits). Every
    field is optional: an autosave sends what changed, and a field left out of the request is left as it is.
    Requests are checked by ``DetailsInput``, the deck API's rules, not by this form (see ``_details_changes``)."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_MAX, required=False, strip=True)
    description = forms.CharField(
        label=gettext_lazy("Description"),
        max_length=DESCRIPTION_MAX,
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 5}),
    )
    visibility = forms.ChoiceField(label=gettext_lazy("Visibility"), choices=Deck.Visibility.choices, required=False)
    tags = forms.CharField(
        label=gettext_lazy("Tags"),
        max_length=600,
        required=False,
        help_text=gettext_lazy("Comma separated, at most 12."),
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        required=False,
        help_text=gettext_lazy("The deck's legality, search filter and suggestions follow it."),
    )
    version = forms.IntegerField(
        min_value=1, widget=forms.HiddenInput, error_messages={"required": gettext_lazy("The deck version is missing.")}
    )

    def __init__(self, *args, user=None, current_format: str = "vekn", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The built-in formats, the user's own, and the deck's (a custom format shared with its owner).
        choices = format_choices(user)
        if current_format not in dict(choices):
            choices.append((current_format, ruleset_label(current_format)))
        cast(forms.ChoiceField, self.fields["format"]).choices = choices  # declared above as one
        ids = {
            "name": "deck-name",
            "description": "deck-description",
            "visibility": "deck-visibility",
            "tags": "deck-tags",
            "format": "deck-format",
            "version": "deck-version",
        }
        for name, field in self.fields.items():
            field.widget.attrs["id"] = ids[name]
        self.fields["tags"].widget.attrs.update({"autocomplete": "off", "spellcheck": "false"})


def _tag_list(value: str) -> list[str]:
    return [tag.strip() for tag in value.split(",") if tag.strip()]


# --- access ---------------------------------------------------------------------------------------


def _own_deck(request: HttpRequest, deck_id: str) -> Deck:
    """The deck if it is the user's own; 404 otherwise, even for a public deck: editing is the owner's."""
    # Only @login_required views call this.
    return get_object_or_404(Deck.objects.filter(owner=signed_in_user(request)), pk=deck_id)


# --- pages ----------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    form = NewDeckForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if form.is_valid():
            deck = services.create(
                request.user,
                CoreDeck(),
                name=form.cleaned_data["name"].strip(),
                visibility=form.cleaned_data["visibility"],
            )
            return redirect("decks:edit", deck.id)
        return render(request, "decks/editor_new.html", {"form": form}, status=400)
    return render(request, "decks/editor_new.html", {"form": form})


@login_required
@require_GET
def edit(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    cards = services.card_index()
    core = deck.to_core()
    search, status = _search(deck, request.GET, cards, crypt_ids=core.crypt)
    details = DetailsForm(
        initial={
            "name": deck.name,
            "description": deck.description,
            "visibility": deck.visibility,
            "tags": ", ".join(deck.tags.values_list("name", flat=True)),
            "format": deck.format,
            "version": deck.version,
        },
        user=request.user,
        current_format=deck.format,
    )
    context = {
        "deck": deck,
        "details_form": details,
        "search": search,
        "filters": _filter_choices(cards),
        "search_query": _search_query(request.GET),
        "exports": services.download_formats(),
        "vdb_url": services.vdb_link(deck),
        **_panel_context(deck, core, cards),
    }
    return render(request, "decks/editor.html", context, status=status)


@login_required
@require_GET
def search(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    cards = services.card_index()
    crypt_ids = DeckCard.objects.filter(deck=deck, crypt=True).values_list("card_id", flat=True)
    context, status = _search(deck, request.GET, cards, crypt_ids=crypt_ids)
    context = {"deck": deck, "search": context, "search_query": _search_query(request.GET)}
    return render(request, "decks/_editor_search_results.html", context, status=status)


@login_required
@require_GET
def panels(request: HttpRequest, deck_id: str) -> JsonResponse:
    deck = _own_deck(request, deck_id)
    return JsonResponse(_panels_payload(request, deck, with_details=True))


# --- writes ---------------------------------------------------------------------------------------


@login_required
@require_POST
def change_cards(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    as_json = _wants_json(request)
    try:
        data = _payload(request)
        card_id, delta, count, version = _change_request(data)
        with transaction.atomic():  # the answer is read before the commit (see the module's docstring)
            if count is not None:
                deck = services.set_count(deck, card_id, count, version=version)
            else:
                deck = services.add(deck, card_id, delta, version=version)
            answer = _panels_payload(request, deck) if as_json else None
    except services.Conflict as exc:
        return _conflict(request, exc, as_json)
    except services.DeckInputError as exc:
        return _bad_request(request, deck, exc, as_json)
    if answer is None:
        return redirect(_edit_url(deck, data.get("search", "")))
    return JsonResponse(answer)


@login_required
@require_POST
def change_details(request: HttpRequest, deck_id: str) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    as_json = _wants_json(request)
    try:
        data = _payload(request)
        changes, version = _details_changes(data, current_format=deck.format)
        with transaction.atomic():  # the answer is read before the commit (see the module's docstring)
            deck = services.update_details(deck, version=version, **changes)
            answer = None
            if as_json:
                answer = {"version": deck.version, "details": _details(deck), "vdb_url": services.vdb_link(deck)}
                if "format" in changes:  # the legality panel follows the format
                    answer = {**_panels_payload(request, deck), **answer}
    except services.Conflict as exc:
        return _conflict(request, exc, as_json)
    except services.DeckInputError as exc:
        return _bad_request(request, deck, exc, as_json)
    if answer is None:
        messages.success(request, _("The deck's details were saved."))
        return redirect("decks:edit", deck.id)
    return JsonResponse(answer)


def _change_request(data: dict[str, Any]) -> tuple[int, int, int | None, int]:
    """(card id, delta, count or None, version) from a change request; ``DeckInputError`` when wrong."""
    card_id = _integer(data.get("card"), _("the card"))
    if card_id is None or card_id < 1:
        raise services.DeckInputError(_("Say which card to change (its VEKN id)."))
    delta = _integer(data.get("delta"), _("the number of copies to add"))
    count = _integer(data.get("count"), _("the number of copies"))
    if (delta is None) == (count is None):
        raise services.DeckInputError(_("Send either a number of copies to add (delta) or a count, not both."))
    if delta is not None and not (delta and abs(delta) <= services.MAX_COPIES):
        raise services.DeckInputError(
            _("Add or take away 1 to %(max)d copies at a time.") % {"max": services.MAX_COPIES}
        )
    if count is not None and not 0 <= count <= services.MAX_COPIES:
        raise services.DeckInputError(
            _("A deck may hold 0 to %(max)d copies of a card.") % {"max": services.MAX_COPIES}
        )
    return card_id, delta or 0, count, _version(data)


class DetailsInput(serializers.Serializer):
    """The details an editor request changes, read by the deck API's rules for them (the same fields, from
    ``decks.fields``): a name is a string of at most 200 characters, never an object or a number…"""

    name = name_field()
    description = description_field()
    visibility = visibility_field(required=False)
    tags = tags_field()
    format = ruleset_field(required=False)

    def validate_format(self, value: str) -> str:
        return check_format(value)


def _details_changes(data: dict[str, Any], *, current_format: str = "vekn") -> tuple[dict[str, Any], int]:
    """The details a request changes (fields it leaves out stay as they are) and its version."""
    version = _version(data)
    values = {name: data[name] for name in ("name", "description", "visibility", "tags", "format") if name in data}
    if values.get("format") == current_format:  # the form posts the format with every change: unchanged is fine
        del values["format"]  # even a custom format deleted since (the deck is judged by VEKN meanwhile)
    if isinstance(values.get("tags"), str):  # the form's one box of comma-separated tags: the list it holds
        values["tags"] = _tag_list(values["tags"])
    details = DetailsInput(data=values)
    if not details.is_valid():
        raise BadInput(field_errors(details.errors))
    return dict(details.validated_data), version


def _version(data: dict[str, Any]) -> int:
    version = _integer(data.get("version"), _("the deck version"))
    if version is None or version < 1:
        raise services.DeckInputError(_("The deck version is missing: reload the editor."))
    try:
        return version_field().run_validation(version)  # the API's bounds (a version of 10^30 is no version)
    except serializers.ValidationError as exc:
        raise BadInput(field_errors({"version": exc.detail})) from None


def _integer(value: Any, what: str) -> int | None:
    """A whole number from JSON (a number) or a form (its digits); None when absent."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and (number := whole_number(value, signed=True)) is not None:
        return number
    raise services.DeckInputError(
        _("Expected a whole number for %(what)s, got %(value)s.") % {"what": what, "value": json.dumps(value)[:40]}
    )


# --- request and answer plumbing ------------------------------------------------------------------


def _wants_json(request: HttpRequest) -> bool:
    return request.content_type == "application/json" or "application/json" in request.headers.get("Accept", "")


class BadInput(services.DeckInputError):
    """A refused request body, in the API's error shape: a sentence (``str()``), a code, and the bad fields."""

    def __init__(self, errors: dict[str, list[str]], *, detail: str = "", code: str = "invalid", status: int = 400):
        field, messages = next(iter(errors.items())) if errors else ("", [""])
        base = field.split("[", 1)[0].split(".", 1)[0]
        label = DetailsForm.base_fields[base].label if base in DetailsForm.base_fields else None
        if not label and field != api_settings.NON_FIELD_ERRORS_KEY:
            label = field  # a field the page has no label for: named as the request names it
        super().__init__(detail or (f"{label}: {messages[0]}" if label else messages[0]))
        self.errors, self.code, self.status = errors, code, status


def _payload(request: HttpRequest) -> dict[str, Any]:
    """The request's fields: a form's, or a JSON object read as the API reads one (``vtesdeck.jsonbody``)."""
    if request.content_type in FORM_TYPES or not request.content_type:
        return request.POST.dict()
    if request.content_type != "application/json":
        raise BadInput(
            {},
            # DRF's sentence for the API's 415, translated by its catalogue.
            detail=_('Unsupported media type "{media_type}" in request.').format(media_type=request.content_type),
            code="unsupported_media_type",
            status=415,
        )
    try:
        data = jsonbody.loads(request.body or b"null", request.encoding or "utf-8")
    except RequestDataTooBig:
        raise BadInput({}, detail=_("The request is too large."), code="payload_too_large", status=413) from None
    except jsonbody.SurrogateInBody as exc:
        raise BadInput({exc.path or api_settings.NON_FIELD_ERRORS_KEY: [str(exc)]}) from None
    except jsonbody.BadJSON as exc:
        raise BadInput(
            {api_settings.NON_FIELD_ERRORS_KEY: [str(exc)]},
            detail=_("The request body is not valid JSON."),
            code="parse_error",
        ) from None
    if not isinstance(data, dict):
        raise services.DeckInputError(_("The request body must be a JSON object."))
    return data


def _conflict(request: HttpRequest, exc: services.Conflict, as_json: bool) -> HttpResponse:
    if as_json:
        return JsonResponse(error_body(str(exc), "conflict", version=exc.deck.version), status=409)
    context = {"title": _("The deck changed in the meantime"), "message": str(exc), "deck": exc.deck}
    return render(request, "decks/problem.html", context, status=409)


def _bad_request(request: HttpRequest, deck: Deck, exc: services.DeckInputError, as_json: bool) -> HttpResponse:
    """400 (415 for a body of another type, 413 for one too large): the API's error shape for the script, a
    page for a form."""
    status = getattr(exc, "status", 400)
    if as_json:
        body = error_body(str(exc), getattr(exc, "code", "invalid"), getattr(exc, "errors", None))
        return JsonResponse(body, status=status)
    context = {"title": _("The deck was not changed"), "message": str(exc), "deck": deck}
    return render(request, "decks/problem.html", context, status=status)


def _edit_url(deck: Deck, search: Any) -> str:
    """Back to the editor, with the card search the form was sent from (only the known filters)."""
    url = reverse("decks:edit", args=[deck.id])
    query = _search_query(QueryDict(search if isinstance(search, str) else ""))
    return f"{url}?{query}" if query else url


def _search_query(params: QueryDict) -> str:
    kept = QueryDict(mutable=True)
    for key in (*FILTER_KEYS, HIDE_BREAKERS, IN_FORMAT):
        if value := params.get(key, "").strip():
            kept[key] = value[: card_search.MAX_QUERY_LENGTH]
    return kept.urlencode()


# --- the card search ------------------------------------------------------------------------------


def _search(deck: Deck, params: QueryDict, cards: CardIndex, *, crypt_ids) -> tuple[dict[str, Any], int]:
    """The search panel's state: what was asked, the matching cards (at most ``SEARCH_LIMIT``), and
    the status to answer with (400 for filters that cannot be used)."""
    asked = {key: params.get(key, "").strip() for key in FILTER_KEYS}
    hide = params.get(HIDE_BREAKERS, "").strip().lower() in _TRUE
    in_format = params.get(IN_FORMAT, "").strip().lower() in _TRUE
    context: dict[str, Any] = {
        "asked": asked,
        "hide_breakers": hide,
        "in_format": in_format,
        "active": any(asked.values()),
    }
    if not context["active"]:
        return context, 200
    form = card_search.CardFilterForm(asked)
    if not form.is_valid():
        context["errors"] = [error for errors in form.errors.values() for error in errors]
        return context, 400
    found = card_search.search(form.cleaned_data)
    if not form.cleaned_data.get("q"):
        found = found.order_by("kind", "name", "id")
    if hide and (window := _group_window(crypt_ids, cards)):
        low, high = window
        fits = [str(g) for g in range(max(low, 1), high + 1)] + [ANY_GROUP, ""]
        found = found.exclude(Q(kind=CardRow.Kind.CRYPT) & ~Q(group__in=fits))
        context["window"] = (low, high) if low <= high else None
    rules = services.deck_ruleset(deck)
    if in_format:
        # The smaller of the two id lists goes into the query: V5 keeps ~800 cards of ~4,000.
        out = out_of_format(rules, cards)
        if len(out) * 2 > len(cards):
            found = found.filter(id__in=sorted(card.id for card in cards if card.id not in out))
        else:
            found = found.exclude(id__in=sorted(out))
    ids = list(found.values_list("id", flat=True)[: SEARCH_LIMIT + 1])
    context["results"] = [cards[i] for i in ids[:SEARCH_LIMIT] if i in cards]
    context["more"] = len(ids) > SEARCH_LIMIT
    context["add_max"] = _add_max(rules)
    return context, 200


def _add_max(rules: Ruleset) -> dict[str, int]:
    """The most copies a result's count box offers to add at once: what the deck's crypt or library may hold in
    its format (a crypt without a maximum, and the server's own bound: ``services.MAX_COPIES``)."""
    _library_min, library_max = rules.library_limits(rules.default_players)
    return {
        "crypt": min(rules.crypt_max or services.MAX_COPIES, services.MAX_COPIES),
        "library": min(library_max or services.MAX_COPIES, services.MAX_COPIES),
    }


def _group_window(crypt_ids, cards: CardIndex) -> tuple[int, int] | None:
    """The groups a vampire may have without breaking the crypt's group rule: within one of every
    numbered group already there (ANY fits all). None when the crypt has no numbered group yet."""
    groups = {int(card.group) for i in crypt_ids if (card := cards.get(i)) and card.group.isdigit()}
    if not groups:
        return None
    return max(groups) - 1, min(groups) + 1


def _filter_choices(cards: CardIndex) -> dict[str, Any]:
    clans = sorted({clan for card in cards if card.is_crypt for clan in card.clans}, key=str.lower)
    traits = sorted({**DISCIPLINES, **VIRTUES}.items(), key=lambda item: item[1])
    return {
        "kinds": [("crypt", _("Crypt")), ("library", _("Library"))],
        "clans": clans,
        "disciplines": traits,
        "crypt_types": card_search.CRYPT_TYPES,
        "library_types": card_search.LIBRARY_TYPES,
    }


# --- panels ---------------------------------------------------------------------------------------


def _panel_context(deck: Deck, core: CoreDeck, cards: CardIndex) -> dict[str, Any]:
    known = _known(core, cards)
    report = services.report(core, ruleset=services.deck_ruleset(deck))
    stats = deck_stats(known, cards)
    return {
        "deck": deck,
        "crypt": [(cards[i], n) for i, n in known.crypt.items()],
        "library": [(kind, sum(n for _card, n in rows), rows) for kind, rows in library_sections(known, cards)],
        "missing": [i for part in (core.crypt, core.library) for i in part if i not in cards],
        "report": report,
        "legality": _legality(report, cards),
        "stats": stats,
        "charts": {
            "capacity": charts.capacity_histogram(stats, labels=chart_labels()),
            "disciplines": charts.discipline_chart(stats, labels=chart_labels()),
            "types": charts.library_types_chart(stats, labels=chart_labels()),
        },
    }


def _known(core: CoreDeck, cards: CardIndex) -> CoreDeck:
    """``core`` without ids the card list no longer has (the deck keeps them; tables need real cards)."""
    if all(i in cards for part in (core.crypt, core.library) for i in part):
        return core
    return CoreDeck(
        crypt={i: n for i, n in core.crypt.items() if i in cards},
        library={i: n for i, n in core.library.items() if i in cards},
    )


def _legality(report: Report, cards: CardIndex) -> dict[str, Any]:
    rules = report.ruleset
    library_min, library_max = rules.library_limits(report.players or rules.default_players)

    warnings = [issue_view(issue, cards) for issue in report.warnings]
    return {
        "legal": report.legal,
        "ruleset": ruleset_label(rules.name),
        "as_of": report.as_of,
        "crypt_count": report.crypt_count,
        "crypt_min": rules.crypt_min,
        "crypt_max": rules.crypt_max,
        "crypt_ok": report.crypt_count >= rules.crypt_min
        and (rules.crypt_max is None or report.crypt_count <= rules.crypt_max),
        "library_count": report.library_count,
        "library_min": library_min,
        "library_max": library_max,
        "library_ok": report.library_count >= library_min
        and (library_max is None or report.library_count <= library_max),
        "groups": list(report.groups),
        "groups_ok": not any(issue.code == "CRYPT_GROUPS" for issue in report.errors),
        "errors": [issue_view(issue, cards) for issue in report.errors],
        "unplayable": [issue for issue in warnings if issue["code"] == "REQUIREMENT_UNMET"],
        "warnings": [issue for issue in warnings if issue["code"] != "REQUIREMENT_UNMET"],
    }


def _panels_payload(request: HttpRequest, deck: Deck, *, with_details: bool = False) -> dict[str, Any]:
    cards = services.card_index()
    context = _panel_context(deck, deck.to_core(), cards)
    legality = context["legality"]
    payload = {
        "version": deck.version,
        "panels": {name: render_to_string(f"decks/_editor_{name}.html", context, request) for name in PANELS},
        "summary": {
            "crypt_count": legality["crypt_count"],
            "library_count": legality["library_count"],
            "legal": legality["legal"],
            "errors": len(legality["errors"]),
            "warnings": len(legality["warnings"]) + len(legality["unplayable"]),
            "groups": legality["groups"],
        },
        "vdb_url": services.vdb_link(deck),
    }
    if with_details:
        payload["details"] = _details(deck)
    return payload


def _details(deck: Deck) -> dict[str, Any]:
    return {
        "name": deck.name,
        "description": deck.description,
        "visibility": deck.visibility,
        "tags": list(deck.tags.values_list("name", flat=True)),
        "format": deck.format,
    }
