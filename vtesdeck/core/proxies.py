"""Proxy sheets: a deck's cards as a PDF at the real card size, nine to a page.

A card is 63 × 88 mm (the size of a VTES card), three by three on A4 or US Letter, the grid centred on the
page. ``marks="crop"`` butts the cards together and draws crop marks in the margins at every cut line (one
straight cut per line with a guillotine); ``marks="gaps"`` leaves ``GAP`` mm between the cards, each with a
thin outline (scissors). Cards come in the order of the archive's decklists: the crypt first, then the
library by type (``decklist.lines.library_sections``), each copy its own card.

A card with an image (a mirrored scan, its bytes or its file: ``cards.images``) is printed as that image, made
a JPEG of at most
``scans.PRINT_BOX`` first (an image of more than ``max_pixels`` is refused from its header, never decoded, and
printed as a text card); any other is a text card drawn from ``cardface.face`` (name, costs, types,
disciplines, clan, group, text). The PDF holds each distinct image once; ``max_bytes`` bounds the images it
holds and the PDF itself (``SheetTooLarge``), so a worker never lays out more than that. A page holding a text
card says, in its bottom margin, that text proxies are for casual play only: the VEKN tournament rules allow
proxies only as images of the real card, and only where the organiser allows them. A page holding an image
carries the publisher's notice (``notice``) in its top margin.

The PDF uses the PDF core fonts (Helvetica), which every reader has, so nothing is embedded and nothing is
needed on the machine: they cover Latin-1, and the few card names and texts beyond it (ł, ě, œ…) are
transliterated (Unidecode).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from fpdf import FPDF
from unidecode import unidecode

from . import scans
from .carddb import CardIndex
from .cardface import LINE_HEIGHT, CardFace, fit_text
from .deck import Deck
from .decklist.lines import library_sections
from .domain import Card

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "CASUAL_PLAY",
    "MAX_CARDS",
    "PAPERS",
    "Placement",
    "ProxyCard",
    "ProxyError",
    "Sheet",
    "SheetTooLarge",
    "cards_to_print",
    "render",
]

CARD_WIDTH = 63.0  # mm
CARD_HEIGHT = 88.0  # mm
COLUMNS = ROWS = 3
PER_PAGE = COLUMNS * ROWS
GAP = 3.0  # mm between cards with marks="gaps"
MARK = 3.0  # mm: length of a crop mark, drawn outside the grid
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm, portrait
MARKS = ("crop", "gaps")
MAX_CARDS = 360  # 40 pages: four decks of the largest legal size
PT = 25.4 / 72  # mm per point

CASUAL_PLAY = (
    "Text proxies: for casual play only. Tournament rules allow proxies only as images of the real card, "
    "and only where the organiser allows them."
)


class ProxyError(ValueError):
    """A request the renderer cannot print (no cards, too many, an unknown paper)."""


class SheetTooLarge(ProxyError):
    """The PDF would take more than ``limit`` bytes (its images alone, or the whole file)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the PDF would take more than {limit:,} bytes")
        self.limit = limit


@dataclasses.dataclass(frozen=True)
class ProxyCard:
    face: CardFace
    # A scan of the card (JPEG, PNG or WebP), or the file holding one (read when its card is laid out, once
    # for all its copies), printed instead of the text card.
    image: bytes | Path | None = None


@dataclasses.dataclass(frozen=True)
class Placement:
    """Where one card went: page (from 0), slot (0–8, row by row), its box in mm from the page's top left."""

    page: int
    slot: int
    card_id: int
    x: float
    y: float
    width: float
    height: float
    image: bool  # printed as its image (else as a text card)


@dataclasses.dataclass(frozen=True)
class Sheet:
    pdf: bytes
    placements: tuple[Placement, ...]
    pages: int
    paper: str


def cards_to_print(deck: Deck, cards: CardIndex, counts: Mapping[int, int] | None = None) -> list[Card]:
    """One entry per copy to print: the crypt in the deck's order, then the library in the archive's type order.
    ``counts`` (card id → copies), when given, prints only those cards, at most as many copies as the deck has:
    the cards one is missing, or a selection."""

    def wanted(card_id: int, count: int) -> int:
        return count if counts is None else max(0, min(count, counts.get(card_id, 0)))

    out: list[Card] = []
    for card_id, count in deck.crypt.items():
        if card_id in cards:
            out += [cards[card_id]] * wanted(card_id, count)
    known = Deck(library={i: n for i, n in deck.library.items() if i in cards})
    for _section, entries in library_sections(known, cards):
        for card, count in entries:
            out += [card] * wanted(card.id, count)
    return out


def render(
    cards: Sequence[ProxyCard],
    *,
    paper: str = "a4",
    marks: str = "crop",
    notice: str = "",
    casual_play: str = CASUAL_PLAY,
    title: str = "",
    progress: Callable[[int], None] | None = None,
    max_pixels: int = scans.MAX_PIXELS,
    max_bytes: int | None = None,
) -> Sheet:
    """The PDF of ``cards`` in the given order. ``notice`` is printed on pages holding an image, ``casual_play``
    (the reader's language of ``CASUAL_PLAY``) on pages holding a text card; ``progress(done)`` is called after
    each card (it may raise to stop). ``SheetTooLarge`` past ``max_bytes``."""
    if paper not in PAPERS:
        raise ProxyError(f"paper must be {' or '.join(PAPERS)}, not {paper!r}")
    if marks not in MARKS:
        raise ProxyError(f"marks must be {' or '.join(MARKS)}, not {marks!r}")
    if not cards:
        raise ProxyError("no cards to print")
    if len(cards) > MAX_CARDS:
        raise ProxyError(f"at most {MAX_CARDS} cards per PDF, not {len(cards)}")
    page_width, page_height = PAPERS[paper]
    gap = GAP if marks == "gaps" else 0.0
    grid_width = COLUMNS * CARD_WIDTH + (COLUMNS - 1) * gap
    grid_height = ROWS * CARD_HEIGHT + (ROWS - 1) * gap
    left, top = (page_width - grid_width) / 2, (page_height - grid_height) / 2

    pdf = FPDF(unit="mm", format=(page_width, page_height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_creator("vtesdeck")
    if title:
        pdf.set_title(_latin1(title))
    placements: list[Placement] = []
    printable = _Printable(max_pixels, max_bytes)
    for start in range(0, len(cards), PER_PAGE):
        page = start // PER_PAGE
        pdf.add_page()
        batch = cards[start : start + PER_PAGE]
        on_page = []
        for slot, proxy in enumerate(batch):
            x = left + (slot % COLUMNS) * (CARD_WIDTH + gap)
            y = top + (slot // COLUMNS) * (CARD_HEIGHT + gap)
            image = printable(proxy.image)
            printed = image is not None and _image(pdf, image, x, y)
            if not printed:
                _text_card(pdf, proxy.face, x, y)
            if marks == "gaps" or not printed:
                pdf.set_draw_color(140, 140, 140)
                pdf.set_line_width(0.1)
                pdf.rect(x, y, CARD_WIDTH, CARD_HEIGHT)
            placement = Placement(page, slot, proxy.face.id, x, y, CARD_WIDTH, CARD_HEIGHT, printed)
            placements.append(placement)
            on_page.append(placement)
            if progress is not None:
                progress(len(placements))
        if marks == "crop":
            _crop_marks(pdf, left, top, grid_width, grid_height, len(batch))
        if any(not p.image for p in on_page):
            below = top + grid_height + (MARK + 1.0 if marks == "crop" else 0.8)
            _margin_text(pdf, casual_play, below, page_height - 0.5, near="top")
        if notice and any(p.image for p in on_page):
            above = top - (MARK + 1.0 if marks == "crop" else 0.8)
            _margin_text(pdf, notice, 0.5, above, near="bottom")
    data = bytes(pdf.output())
    if max_bytes is not None and len(data) > max_bytes:
        raise SheetTooLarge(max_bytes)
    return Sheet(pdf=data, placements=tuple(placements), pages=pdf.pages_count, paper=paper)


class _Printable:
    """A card's image as the PDF takes it (``scans.fit``: a JPEG of at most ``scans.PRINT_BOX``, refused past
    ``max_pixels`` before decoding), or None (a text card). Each distinct scan (file, or bytes) is made once and
    only its printable bytes are kept, at most ``max_bytes`` of them in all: one scan at a time is held whole."""

    def __init__(self, max_pixels: int, max_bytes: int | None) -> None:
        self.max_pixels, self.max_bytes = max_pixels, max_bytes
        self.made: dict[object, bytes | None] = {}  # the file, or the sha256 of the bytes → printable bytes
        self.total = 0

    def __call__(self, scan: bytes | Path | None) -> bytes | None:
        if scan is None:
            return None
        key = scan if isinstance(scan, Path) else hashlib.sha256(scan).digest()
        if key not in self.made:
            self.made[key] = self._make(scan)
            self.total += len(self.made[key] or b"")
            if self.max_bytes is not None and self.total > self.max_bytes:
                raise SheetTooLarge(self.max_bytes)
        return self.made[key]

    def _make(self, scan: bytes | Path) -> bytes | None:
        try:
            data = scan.read_bytes() if isinstance(scan, Path) else scan
            return scans.fit(data, max_pixels=self.max_pixels, to="JPEG")
        except (OSError, scans.ScanError):  # a file gone, damaged, or past the limit: its text card
            return None


def _image(pdf: FPDF, data: bytes, x: float, y: float) -> bool:
    """Place a scan at the card's exact size; False (a text card instead) when the bytes are no image."""
    try:
        pdf.image(io.BytesIO(data), x=x, y=y, w=CARD_WIDTH, h=CARD_HEIGHT)
    except Exception:  # fpdf2 and Pillow raise many kinds for a damaged or foreign file
        return False
    return True


def _crop_marks(pdf: FPDF, left: float, top: float, width: float, height: float, count: int) -> None:
    """Marks outside the grid at every cut line: a guillotine cut along each mark frees every card."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    rows = (count + COLUMNS - 1) // COLUMNS
    bottom = top + rows * CARD_HEIGHT
    for column in range(COLUMNS + 1):
        x = left + column * CARD_WIDTH
        pdf.line(x, top - MARK - 0.5, x, top - 0.5)
        pdf.line(x, bottom + 0.5, x, bottom + MARK + 0.5)
    for row in range(rows + 1):
        y = top + row * CARD_HEIGHT
        pdf.line(left - MARK - 0.5, y, left - 0.5, y)
        pdf.line(left + width + 0.5, y, left + width + MARK + 0.5, y)


def _margin_text(pdf: FPDF, text: str, upper: float, lower: float, *, near: str) -> None:
    """``text`` centred in the margin band from ``upper`` to ``lower`` (mm), in the largest size from 5.5 pt down
    that fits it there (wrapped when it must be), written next to the grid (``near`` the band's top or bottom)."""
    pdf.set_text_color(60, 60, 60)
    width = pdf.w - 10.0
    text = _latin1(text)
    size = 5.5
    while True:
        pdf.set_font("helvetica", size=size)
        lines = pdf.multi_cell(width, size * PT * 1.15, text, align="C", dry_run=True, output="LINES")
        assert isinstance(lines, list)  # output="LINES" answers the wrapped lines
        height = len(lines) * size * PT * 1.15
        if height <= lower - upper or size <= 3.5:
            break
        size -= 0.5
    pdf.set_xy(5.0, upper if near == "top" else max(lower - height, 0.0))
    pdf.multi_cell(width, size * PT * 1.15, text, align="C")


def _text_card(pdf: FPDF, card: CardFace, x: float, y: float) -> None:
    pad = 3.0
    inner = CARD_WIDTH - 2 * pad
    crypt = card.kind == "crypt"
    # A band under the name, darker for the crypt: the two piles are told apart at a glance, as the backs do.
    pdf.set_fill_color(*((225, 215, 215) if crypt else (232, 232, 226)))
    pdf.rect(x, y, CARD_WIDTH, 15.5, style="F")
    pdf.set_text_color(0, 0, 0)
    name_width = inner - (8.0 if crypt and card.capacity else 0.0)
    size = 10.0
    pdf.set_font("helvetica", style="B", size=size)
    name = _latin1(card.name)
    while size > 6.0 and pdf.get_string_width(name) > name_width:
        size -= 0.5
        pdf.set_font("helvetica", style="B", size=size)
    pdf.set_xy(x + pad, y + 2.0)
    pdf.cell(name_width, 5.0, name)
    if crypt and card.capacity:
        pdf.set_draw_color(120, 0, 0)
        pdf.set_line_width(0.3)
        pdf.ellipse(x + CARD_WIDTH - pad - 6.5, y + 1.5, 6.5, 6.5)
        pdf.set_font("helvetica", style="B", size=9)
        pdf.set_xy(x + CARD_WIDTH - pad - 6.5, y + 1.5)
        pdf.cell(6.5, 6.5, card.capacity, align="C")
    pdf.set_font("helvetica", size=6.5)
    pdf.set_xy(x + pad, y + 7.5)
    pdf.cell(inner, 3.5, _latin1(card.header))
    if card.requirement:
        pdf.set_font("helvetica", style="B", size=6.5)
        pdf.set_xy(x + pad, y + 11.0)
        pdf.cell(inner, 3.5, _latin1(card.requirement))
    body_top = y + 17.5
    if card.title:
        pdf.set_font("helvetica", style="I", size=6.5)
        pdf.set_xy(x + pad, body_top)
        pdf.cell(inner, 3.0, _latin1(card.title))
        body_top += 3.5
    foot = 4.0
    height = y + CARD_HEIGHT - foot - body_top
    # Wrapped with Helvetica's own widths (at size 1, in points), so that no line runs past the card's margin.
    pdf.set_font("helvetica", size=1)
    fitted = fit_text(
        [_latin1(p) for p in card.paragraphs],
        inner / PT,
        height / PT,
        largest=8.0,
        smallest=5.0,
        measure=lambda text: pdf.get_string_width(text) / PT,
        ellipsis="...",
    )
    pdf.set_font("helvetica", size=fitted.size)
    step = fitted.size * LINE_HEIGHT * PT
    for number, line in enumerate(fitted.lines):
        pdf.set_xy(x + pad, body_top + number * step)
        pdf.cell(inner, step, line)
    pdf.set_font("helvetica", size=5)
    pdf.set_text_color(90, 90, 90)
    pdf.set_xy(x + pad, y + CARD_HEIGHT - foot)
    pdf.cell(inner, 3.0, _latin1(f"#{card.id}" + (f" · {card.printing}" if card.printing else "") + " · text proxy"))


def _latin1(text: str) -> str:
    """What the core fonts can print: Latin-1 kept, every other character transliterated (ł → l, — → -)."""
    return "".join(ch if ord(ch) < 256 else unidecode(ch) for ch in text)
