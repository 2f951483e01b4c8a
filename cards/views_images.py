"""A card's text card (``/cards/<id>/face.svg``) and its image (``/cards/<id>/image``): ``cards.images``.

The text card is drawn from the card list alone (``vtesdeck.core.cardface``), so it works offline and is
what every page falls back to. The image is the mirrored file when there is one, else the file fetched now
when ``CARD_IMAGE_FETCH_TEMPLATE`` is set (``images.fetch_on_view``; when it cannot be, a redirect to the text
card: the browser shows a card, never a broken image or a failed request), else a redirect to the hotlinked URL
when ``CARD_IMAGE_URL_TEMPLATE`` is set, else a 404 (the page then shows the text card).
"""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from vtesdeck.core import cardface
from vtesdeck.core.domain import Card

from . import images
from .index import get as card_index  # the card list is this app's own: no deck code is needed to draw a card

# The SVG's own geometry (its viewBox is 250 × 350, the ratio of a card: 63 × 88 mm).
TEXT_LEFT, TEXT_RIGHT = 12, 230  # wrapped a little short of the 238 edge: sans-serif fonts differ in width
TEXT_BOTTOM = 326
SECONDS = 24 * 3600  # browsers keep a face or an image this long: a new card list changes few of them


def _card(card_id: int) -> Card:
    card = card_index().get(card_id)
    if card is None:
        raise Http404(_("No card has this id."))
    return card


@require_safe
@cache_control(public=True, max_age=SECONDS)
def face_svg(request: HttpRequest, card_id: int) -> HttpResponse:
    face = cardface.face(_card(card_id))
    top = 57 + (16 if face.requirement else 0) + (16 if face.title else 0)
    text = cardface.fit_text(face.paragraphs, TEXT_RIGHT - TEXT_LEFT, TEXT_BOTTOM - top, largest=12, smallest=7)
    step = text.size * cardface.LINE_HEIGHT
    lines = [{"y": f"{top + step * (number + 0.8):.1f}", "text": line} for number, line in enumerate(text.lines)]
    width = TEXT_RIGHT - TEXT_LEFT - (34 if face.kind == "crypt" else 0)
    name_size = min(18.0, width / max(len(face.name), 1) / cardface.CHAR_WIDTH_EM / 1.08)
    context = {
        "face": face,
        "text": text,
        "lines": lines,
        "name_size": f"{name_size:.1f}",
        "band": 50 + (16 if face.requirement else 0),
        "title_y": 61 + (16 if face.requirement else 0),
        "footer": _("text card"),
    }
    svg = render_to_string("cards/face.svg", context, request=request)
    return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


@require_safe
def image(request: HttpRequest, card_id: int) -> HttpResponseBase:
    card = _card(card_id)
    # A file past the size or pixel limits is no image: the text card shows.
    found = images.scan_file(card.id)
    on_view = images.fetch_on_view(card) if found is None else images.OnView(found)
    seconds = SECONDS
    response: HttpResponseBase
    if on_view.found is not None:
        path, content_type = on_view.found
        response = FileResponse(path.open("rb"), content_type=content_type)
    elif images.fetch_template():
        # The text card, for as long as fetch_on_view says: a day when the site has none, less when it is failing
        # or busy, so that the art shows once it can.
        response = HttpResponseRedirect(reverse("cards:face", args=[card.id]))
        seconds = on_view.seconds
    elif template := images.hotlink_template():
        response = HttpResponseRedirect(images.expand(template, card))
    else:
        raise Http404(_("No image of this card here: its text card is at face.svg."))
    patch_cache_control(response, public=True, max_age=seconds)
    return response
