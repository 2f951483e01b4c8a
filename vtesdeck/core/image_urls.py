"""Card image URL templates: what a template may say, and what it makes of a card (pure: the ``cards`` app fetches
and serves, ``vtesdeck.security`` lets the hotlinked origin into the Content-Security-Policy).

A template is an https URL with the placeholders ``{id}`` (the VEKN id), ``{slug}`` (``cardface.slug``), ``{name}``
(the official name, URL-quoted) and ``{set}`` (a printing's set abbreviation): see ``cards/images.py``.
"""

from __future__ import annotations

import string
from urllib.parse import quote, urlsplit

from .cardface import slug
from .domain import Card

PLACEHOLDERS = ("id", "slug", "name", "set")
CARD_PLACEHOLDERS = ("id", "slug", "name")  # a template must name the card with one of these
# The field's public image host: krcg's scans (358 × 500 JPEG), which the other VTES tools show too. `make run`
# shows them on a player's own machine and `make images` mirrors them; a deployment asks no other site unless
# its operator sets a mode (docs/deploy.md).
FIELD_TEMPLATE = "https://static.krcg.org/card/{slug}.jpg"


class TemplateError(ValueError):
    """An image URL template this site will not use; ``str()`` says why."""


def check_template(template: str, *, allow_http: bool = False) -> str:
    """The template, checked: an https URL naming a host, whose only placeholders are ``PLACEHOLDERS`` (and at
    least one naming the card, or every card would get the same picture). ``allow_http`` is for the tests' local server."""
    template = template.strip()
    try:
        fields = [field for _text, field, spec, conversion in string.Formatter().parse(template) if field is not None]
        specs = [(spec, conversion) for _text, field, spec, conversion in string.Formatter().parse(template) if field]
    except ValueError as exc:
        raise TemplateError(f"the template {template!r} is not a URL template ({exc})") from None
    unknown = sorted({field for field in fields if field not in PLACEHOLDERS})
    if unknown:
        raise TemplateError(
            f"unknown placeholder {{{unknown[0]}}} in {template!r}: use {', '.join('{' + p + '}' for p in PLACEHOLDERS)}"
        )
    if any(spec or conversion for spec, conversion in specs):
        raise TemplateError(f"placeholders take no format in {template!r}: write {{id}}, not {{id:05}}")
    if not any(field in CARD_PLACEHOLDERS for field in fields):
        raise TemplateError(f"the template {template!r} names no card: put {{slug}}, {{id}} or {{name}} in it")
    parts = urlsplit(template.replace("{", "").replace("}", ""))
    schemes = ("https", "http") if allow_http else ("https",)
    if parts.scheme not in schemes:
        raise TemplateError(f"card images are fetched over https only, not {parts.scheme or 'a relative URL'!r}")
    if not parts.hostname:
        raise TemplateError(f"the template {template!r} names no host")
    if "{" in urlsplit(template).netloc:
        raise TemplateError(f"the host of {template!r} may not depend on the card")
    return template


def expand(template: str, card: Card, printing: str = "") -> str:
    """The URL of ``card``'s image (of its ``printing``, a set abbreviation, when the template has ``{set}``)."""
    return template.format(id=card.id, slug=slug(card), name=quote(card.name, safe=""), set=quote(printing, safe=""))


def by_printing(template: str) -> bool:
    """Whether the template names a printing (``{set}``): one image per printing of a card, not one per card."""
    return any(field == "set" for _text, field, _spec, _conversion in string.Formatter().parse(template))


def hotlink_origin(template: str) -> str:
    """The scheme, host and port of a template: what the CSP's img-src must allow for it."""
    parts = urlsplit(template)
    return f"{parts.scheme}://{parts.netloc}"
