"""Proxy sheets (``vtesdeck.core.proxies``): real card size, nine to a page, the archive's order, and the
casual-play line on every page of text cards. The PDF itself is read back (its page boxes, its drawn card
boxes and its text) rather than trusting the renderer's own layout list alone."""

from __future__ import annotations

import io
import math
import re
import zlib

import pytest
from PIL import Image

from vtesdeck.core import cardface, proxies
from vtesdeck.core.deck import Deck

PT = 72 / 25.4  # points per mm
# Anson and Gaël Pilet; Govern the Unaligned (Action), Conditioning (Action Modifier), Blood Doll (Master),
# Deflection (Reaction): listed out of the archive's order on purpose.
VENTRUE = {"crypt": {200107: 6, 200491: 6}, "library": {100845: 12, 100401: 10, 100199: 8, 100518: 8}}


def deck_of(cards, crypt: dict[int, int], library: dict[int, int]) -> Deck:
    return Deck(crypt=dict(crypt), library=dict(library))


def page_boxes(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(w), float(h)) for w, h in re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)]


def streams(pdf: bytes) -> list[bytes]:
    """Every content stream, inflated (fpdf2 compresses them)."""
    out = []
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            out.append(zlib.decompress(raw))
        except zlib.error:
            continue  # an image's data
    return out


def card_boxes(pdf: bytes) -> int:
    """Rectangles of exactly 63 × 88 mm drawn in the PDF (a text card's outline, or any card with gaps)."""
    width, height = f"{63 * PT:.2f}", f"{-88 * PT:.2f}"
    pattern = re.compile(rf"[\d.]+ [\d.]+ {re.escape(width)} {re.escape(height)} re".encode())
    return sum(len(pattern.findall(stream)) for stream in streams(pdf))


def pages_saying(pdf: bytes, words: str) -> int:
    return sum(1 for stream in streams(pdf) if words.encode("latin-1") in stream and b" Tj" in stream)


def faces(cards, ids: list[int]) -> list[proxies.ProxyCard]:
    return [proxies.ProxyCard(cardface.face(cards[i])) for i in ids]


def jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (126, 176), (90, 20, 30)).save(out, "JPEG")
    return out.getvalue()


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_pages_are_a4_or_letter_and_hold_nine_cards_each(cards, paper, size):
    to_print = faces(cards, [200107] * 20)
    sheet = proxies.render(to_print, paper=paper)
    assert sheet.pages == math.ceil(20 / 9) == 3
    assert set(page_boxes(sheet.pdf)) == {size}  # fpdf2 writes one MediaBox for pages of one size
    assert len(re.findall(rb"/Type /Page\b", sheet.pdf)) == 3
    assert len(sheet.placements) == 20
    assert [sum(1 for p in sheet.placements if p.page == page) for page in range(3)] == [9, 9, 2]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("marks", ["crop", "gaps"])
def test_every_card_is_exactly_63_by_88_mm_and_fits_on_the_page(cards, paper, marks):
    sheet = proxies.render(faces(cards, [100824] * 9), paper=paper, marks=marks)
    width, height = proxies.PAPERS[paper]
    for box in sheet.placements:
        assert (box.width, box.height) == (63.0, 88.0)
        assert 0 < box.x and box.x + box.width < width and 0 < box.y and box.y + box.height < height
    assert card_boxes(sheet.pdf) == 9  # drawn at that size in the PDF itself
    columns = sorted({round(box.x, 3) for box in sheet.placements})
    rows = sorted({round(box.y, 3) for box in sheet.placements})
    gap = 0.0 if marks == "crop" else proxies.GAP
    assert [round(b - a, 3) for a, b in zip(columns, columns[1:], strict=False)] == [63 + gap] * 2
    assert [round(b - a, 3) for a, b in zip(rows, rows[1:], strict=False)] == [88 + gap] * 2


def test_pages_of_text_cards_say_they_are_for_casual_play_only(cards):
    sheet = proxies.render(faces(cards, [100824] * 10))
    assert pages_saying(sheet.pdf, "for casual play only") == sheet.pages == 2


def test_a_page_of_images_carries_the_notice_and_not_the_casual_play_line(cards):
    image = jpeg()
    scans = [proxies.ProxyCard(cardface.face(cards[100824]), image) for _ in range(9)]
    text = faces(cards, [100401])
    sheet = proxies.render(scans + text, notice="Card images (c) Paradox Interactive AB")
    assert [p.image for p in sheet.placements] == [True] * 9 + [False]
    assert pages_saying(sheet.pdf, "for casual play only") == 1  # the second page only
    assert pages_saying(sheet.pdf, "Paradox Interactive AB") == 1  # the first page only
    assert len(re.findall(rb"/Subtype /Image", sheet.pdf)) >= 1


def test_bytes_that_are_no_image_print_as_a_text_card(cards):
    sheet = proxies.render([proxies.ProxyCard(cardface.face(cards[100824]), b"<html>404</html>")])
    assert [p.image for p in sheet.placements] == [False]
    assert pages_saying(sheet.pdf, "for casual play only") == 1


def test_crypt_first_then_the_library_in_the_archives_type_order(cards):
    deck = deck_of(cards, VENTRUE["crypt"], VENTRUE["library"])
    order = proxies.cards_to_print(deck, cards)
    assert len(order) == deck.crypt_count + deck.library_count
    kinds = [card.is_crypt for card in order]
    assert kinds == sorted(kinds, reverse=True)  # every crypt card before every library card
    types = [card.types[0] for card in order if not card.is_crypt]
    # Blood Doll (Master) first, then the actions (Govern the Unaligned), modifiers, reactions.
    assert types[0] == "Master"
    ranks = {"Master": 0, "Action": 1, "Action Modifier": 2, "Reaction": 3}
    assert [ranks[t] for t in types] == sorted(ranks[t] for t in types)


def test_only_the_asked_copies_are_printed_never_more_than_the_deck_has(cards):
    deck = deck_of(cards, VENTRUE["crypt"], VENTRUE["library"])
    order = proxies.cards_to_print(deck, cards, {200107: 2, 100845: 50, 999999: 3})
    assert sorted(card.id for card in order) == [100845] * 12 + [200107] * 2


def test_names_beyond_latin_1_are_transliterated_not_dropped(cards):
    beyond = [card for card in cards if any(ord(ch) > 255 for ch in card.printed_name)]
    assert beyond, "the card list has names beyond Latin-1"
    sheet = proxies.render([proxies.ProxyCard(cardface.face(card)) for card in beyond[:9]])
    assert sheet.pages == 1


def test_an_advanced_vampires_text_card_carries_the_advanced_mark(cards):
    advanced = cards.lookup("Alan Sovereign (ADV)")
    sheet = proxies.render([proxies.ProxyCard(cardface.face(advanced))])
    assert pages_saying(sheet.pdf, r"Alan Sovereign \(Adv.\)") == 1  # a PDF string escapes its parentheses


def test_what_cannot_be_printed_is_refused_with_a_reason(cards):
    with pytest.raises(proxies.ProxyError, match="no cards"):
        proxies.render([])
    with pytest.raises(proxies.ProxyError, match="paper"):
        proxies.render(faces(cards, [100824]), paper="a3")
    with pytest.raises(proxies.ProxyError, match="at most"):
        proxies.render(faces(cards, [100824]) * (proxies.MAX_CARDS + 1))


def test_no_line_of_a_text_card_runs_past_the_cards_margin_in_helvetica(cards):
    from fpdf import FPDF

    pdf = FPDF(unit="mm")
    pdf.add_page()
    inner = proxies.CARD_WIDTH - 6  # 3 mm margins
    longest = sorted(cards, key=lambda card: len(card.text))[-40:]
    for card in longest:
        pdf.set_font("helvetica", size=1)
        fitted = cardface.fit_text(
            [proxies._latin1(p) for p in cardface.face(card).paragraphs],
            inner * PT,
            60 * PT,
            largest=8,
            smallest=5,
            measure=lambda text: pdf.get_string_width(text) * PT,
            ellipsis="...",
        )
        pdf.set_font("helvetica", size=fitted.size)
        assert max(pdf.get_string_width(line) for line in fitted.lines) <= inner, card.name
