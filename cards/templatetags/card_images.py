"""Card faces and images on pages: the hover script, a card's picture, and the publisher's notice.

Whether pages show images at all is ``cards.images.shows_images`` (a mirror or a hotlink template); with
neither, every picture and hover is the site's own text card, and no page asks another site for anything.
"""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from cards import images

register = template.Library()


def image_notice() -> str:
    """What the publisher's fan-content policy (Paradox Interactive's Dark Pack) asks of a fan site showing
    its card images; shown wherever images are."""
    return _(
        "Card images © Paradox Interactive AB. Vampire: The Eternal Struggle, V:TES and World of Darkness are "
        "trademarks and/or registered trademarks of Paradox Interactive AB, and portions of the materials are "
        "their copyrights and trademarks, used under Paradox Interactive's fan content policy (Dark Pack). "
        "vtesdeck is an unofficial fan project, not approved or endorsed by Paradox Interactive AB or Black "
        "Chantry Productions."
    )


@register.simple_tag
def card_faces_assets() -> str:
    """The stylesheet and the script of card hovers (``static/js/card_faces.js``); the script learns from its
    own attributes whether to show images (``/cards/<id>/image``, falling back to the text card) or text cards."""
    return format_html(
        '<link rel="stylesheet" href="{}"><script src="{}" defer data-images="{}" data-label="{}" data-open="{}"'
        ' data-close="{}"></script>',
        static("css/card_faces.css"),
        static("js/card_faces.js"),
        "1" if images.shows_images() else "0",
        _("Card preview"),
        _("Open the card's page"),
        _("Close the preview"),
    )


@register.inclusion_tag("cards/_card_picture.html")
def card_picture(card) -> dict:
    """A card's picture on its page: the image with the text card as its fallback, or the text card."""
    face = reverse("cards:face", args=[card.id])
    # The mirrored file, or the hotlinked URL itself (no redirect through us), or straight to the text card.
    src = images.image_url(card.card) if images.shows_images() else None
    return {
        "src": src or face,
        "fallback": face,
        "name": card.name,
        "images": src is not None,
        "notice": image_notice() if src is not None else "",
    }


@register.inclusion_tag("cards/_card_thumb.html")
def card_thumb(card, count: int = 0, lazy: bool = False) -> dict:
    """A core card small: its image (the text card as its fallback) or its text card, its name below, both a link
    to its page. As dealt (the Draws tab's sample hand), in a deck's visual view with its ``count`` as a badge
    ("×3"), in the card search's grid; ``lazy`` for long grids, whose pictures load as they scroll into view."""
    face = reverse("cards:face", args=[card.id])
    src = images.image_url(card) if images.shows_images() else None
    return {
        "id": card.id,
        "src": src or face,
        "fallback": face,
        "name": card.unique_name,
        "images": src is not None,
        "count": count,
        "lazy": lazy,
    }


@register.simple_tag
def card_image_notice() -> str:
    """The notice, on pages showing card images (nothing otherwise)."""
    if not images.shows_images():
        return ""
    return format_html('<p class="card-image-notice">{}</p>', image_notice())
