"""Template filters for card pages: how a core card's structured fields read on screen.

The words around the card's data are translated; the data itself (discipline names, clans, sects,
titles) reads as printed on the English cards, in every language. Card types are named in the page's
language (``card_type``).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from vtesdeck.core.domain import DISCIPLINES, VIRTUES, Card, Discipline, DisciplineRequirement
from vtesdeck.labels import card_type_label

register = template.Library()

_VOTE_TITLES = {"1 vote", "2 votes"}


@register.filter
def card_type(value) -> str:
    """A card type or a library section (``"Action Modifier/Reaction"``), or a card's types joined with " / ", in
    the page's language."""
    if isinstance(value, str):
        return card_type_label(value)
    return " / ".join(card_type_label(name) for name in value or ())


@register.filter
def discipline_name(code: str) -> str:
    """``"dom"`` → ``"Dominate"``; virtues too (``"viz"`` → ``"Vision"``)."""
    code = (code or "").lower()
    return DISCIPLINES.get(code) or VIRTUES.get(code) or code


@register.filter
def disciplines(values: tuple[Discipline, ...]) -> str:
    """A vampire's disciplines as printed: inferior in lower case, superior in upper case and bold."""
    return format_html_join(
        " ",
        '<abbr class="disc{}" title="{}">{}</abbr>',
        ((" sup" if d.superior else "", _discipline_title(d), str(d)) for d in values),
    )


def _discipline_title(value: Discipline) -> str:
    return _("%(name)s (superior)") % {"name": value.name} if value.superior else value.name


@register.filter
def requirement(value: DisciplineRequirement) -> str:
    """A library card's discipline requirement: ``pot & pre`` (all of them) or ``aus / dom`` (any one)."""
    if not value.codes:
        return ""
    separator = " & " if value.mode == DisciplineRequirement.Mode.ALL else " / "
    return format_html_join(
        separator, '<abbr class="disc" title="{}">{}</abbr>', ((discipline_name(c), c) for c in value.codes)
    )


@register.filter
def requirement_names(value: DisciplineRequirement) -> str:
    """The same requirement in words: ``Potence & Presence``, ``Auspex / Dominate``."""
    separator = " & " if value.mode == DisciplineRequirement.Mode.ALL else " / "
    return separator.join(discipline_name(c) for c in value.codes)


@register.filter
def title_label(title: str) -> str:
    """``"inner circle"`` → ``"Inner Circle"``; the independent ``"1 vote"`` titles stay as they are."""
    if not title or title in _VOTE_TITLES:
        return title
    return " ".join(word.capitalize() for word in title.split())


@register.filter
def costs(card: Card) -> list[str]:
    """A library card's costs as printed: ``["X pool"]``, ``["1 blood"]``, ``["2 pool", "1 blood"]``."""
    return [_cost(cost) for cost in (card.pool_cost, card.blood_cost, card.conviction_cost) if cost]


def _cost(cost) -> str:
    if cost.kind == "pool":
        return _("%(cost)s pool") % {"cost": cost}
    if cost.kind == "blood":
        return _("%(cost)s blood") % {"cost": cost}
    if cost.kind == "conviction":
        return _("%(cost)s conviction") % {"cost": cost}
    return f"{cost} {cost.kind}"


@register.filter
def group_label(group: str) -> str:
    return _("Any") if group == "ANY" else group


@register.filter
def version_label(card) -> str:
    """How one version of a vampire is told from the others: ``group 2``, ``group 2, advanced``."""
    parts = []
    if card.group:
        parts.append(_("any group") if card.group == "ANY" else _("group %(group)s") % {"group": card.group})
    if card.advanced:
        parts.append(_("advanced"))
    return ", ".join(parts)


@register.filter
def titles_label(titles: tuple[str, ...]) -> str:
    """Titles a library card asks for, any one of them: ``Prince or Justicar``."""
    return pgettext("between alternatives", " or ").join(title_label(t) for t in titles)


@register.filter
def title_with_votes(card: Card) -> str:
    """``Prince (2 votes)``; the independent vote titles read as themselves: ``1 vote``."""
    if not card.title:
        return _votes(card.votes) if card.votes else ""
    if card.title in _VOTE_TITLES:
        return card.title
    return f"{title_label(card.title)} ({_votes(card.votes)})"


def _votes(votes: int) -> str:
    return ngettext("%(count)s vote", "%(count)s votes", votes) % {"count": votes}
