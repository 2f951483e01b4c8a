"""/formats/: the user's saved custom formats — list, create, edit, delete — and any format's page by its
link. A custom format's id is its link: anyone holding it may read the format and check decks with it
(``/check/?ruleset=<id>``); only its owner may change it. Others get a 404 on the edit pages, as for decks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cards import index
from vtesdeck.core import formats as core_formats
from vtesdeck.core.validate import RULESETS
from vtesdeck.labels import ruleset_label

from . import services
from .forms import CustomFormatForm
from .models import CustomFormat

if TYPE_CHECKING:
    from django.contrib.auth.models import User

MAX_FORMATS_PER_USER = 200


def _own(request: HttpRequest, format_id: str) -> CustomFormat:
    if not request.user.is_authenticated:
        raise Http404
    return get_object_or_404(CustomFormat, pk=format_id, owner=request.user)


def mine(request: HttpRequest) -> HttpResponse:
    """The built-in formats for everyone; logged in, one's own saved formats too."""
    user = request.user
    formats = CustomFormat.objects.filter(owner=user).order_by("name") if user.is_authenticated else None
    return render(request, "formats/list.html", {"formats": formats, "builtins": _builtins()})


def _builtins() -> list[tuple[str, str]]:
    return [(name, ruleset_label(name)) for name in RULESETS]


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    cards = index.get()
    form = CustomFormatForm(request.POST or None, cards=cards)
    if request.method == "POST" and form.is_valid():
        user = cast("User", request.user)  # @login_required: never anonymous here
        if CustomFormat.objects.filter(owner=user).count() >= MAX_FORMATS_PER_USER:
            form.add_error(None, _("You may save at most %(max)d formats.") % {"max": MAX_FORMATS_PER_USER})
        else:
            custom = CustomFormat(owner=user, name=form.cleaned_data["name"].strip(), data=form.format_data())
            services.to_ruleset(custom)  # the form only makes what Ruleset.from_dict accepts
            custom.save()
            return redirect(custom)
    status = 400 if request.method == "POST" else 200
    return render(request, "formats/edit.html", {"form": form, "custom": None}, status=status)


@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, format_id: str) -> HttpResponse:
    custom = _own(request, format_id)
    cards = index.get()
    if request.method == "POST":
        form = CustomFormatForm(request.POST, cards=cards)
        if form.is_valid():
            custom.name = form.cleaned_data["name"].strip()
            custom.data = form.format_data()
            services.to_ruleset(custom)
            services.save(custom)
            return redirect(custom)
    else:
        form = CustomFormatForm(initial=CustomFormatForm.initial_from(custom, cards), cards=cards)
    status = 400 if request.method == "POST" else 200
    return render(request, "formats/edit.html", {"form": form, "custom": custom}, status=status)


@require_POST
def delete(request: HttpRequest, format_id: str) -> HttpResponse:
    services.delete(_own(request, format_id))
    return redirect("formats:mine")


def detail(request: HttpRequest, format_id: str) -> HttpResponse:
    """A format's page: a built-in one by its name, a custom one by its id (its link)."""
    if format_id in RULESETS:
        rules, custom = RULESETS[format_id], None
    else:
        custom = services.find(format_id)
        if custom is None:
            raise Http404
        rules = services.to_ruleset(custom)
    cards = index.get()

    def named(ids: frozenset[int] | None) -> list[tuple[int, str]]:
        return sorted(
            ((i, card.unique_name if (card := cards.get(i)) else f"#{i}") for i in ids or ()), key=lambda pair: pair[1]
        )

    low, high = rules.library_limits(rules.default_players)
    context: dict[str, Any] = {
        "rules": rules,
        "label": custom.name if custom is not None else ruleset_label(rules.name),
        "custom": custom,
        "mine": custom is not None and request.user.is_authenticated and custom.owner_id == request.user.pk,
        "library_min": low,
        "library_max": high,
        "sets": sorted(rules.allowed_sets or ()),
        "allowed_cards": named(rules.allowed_cards),
        "banned_cards": named(rules.banned_cards),
        "casual": rules.name in ("duel", "rulebook-2011"),
        "share_url": request.build_absolute_uri(request.path),
    }
    if rules.name == "v5":  # the pool is versioned data: its version, its rule's source, the notes on promos
        data = core_formats.v5_data()
        notes = {entry["id"]: entry["note"] for entry in data["promos"] if entry.get("note")}
        context.update(
            pool_version=data["version"],
            pool_source=data["rule"]["source"],
            notes={card_id: notes[card_id] for card_id, _name in context["allowed_cards"] if card_id in notes},
        )
    return render(request, "formats/detail.html", context)
