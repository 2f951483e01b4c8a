"""Deck statistics drawn as SVG on the server, for the deck editor's statistics panel.

Horizontal bar charts only: a label column, one bar per row (or a stacked bar, superior then inferior
for disciplines) and the value after it. The output is a self-contained ``<svg>`` string — no script,
no external stylesheet or font — that a template inlines as it is. Charts are accessible images
(``role="img"``, a ``<title>`` and a ``<desc>`` listing the numbers), every text is escaped, and the same
input always gives the same bytes, so pages cache and tests compare them.

Every word a chart prints besides the deck's own labels (card types, discipline names) comes from
``LABELS``, in English; a caller shows another language by passing ``labels=`` with some or all of
its keys translated (the core knows no translation machinery). ``%(name)s`` placeholders are filled in
here.
"""

from __future__ import annotations

import dataclasses
import html
import logging
import re
from collections.abc import Mapping, Sequence

from .stats import DeckStats

logger = logging.getLogger(__name__)

WIDTH = 480
MIN_WIDTH = 240  # below this the label and value columns leave no room for a bar
BAR_HEIGHT = 18
ROW_GAP = 6
LABEL_WIDTH = 170
VALUE_WIDTH = 64
PADDING = 8
TITLE_HEIGHT = 24
FONT_SIZE = 12
# Mean glyph width of a 12px sans-serif: labels longer than their column are cut with "…" (the whole
# label stays in the row's tooltip).
CHAR_WIDTH = 6.5

# The words of the charts, in English; ``labels=`` overrides any of them (see the module docstring).
LABELS: Mapping[str, str] = {
    "empty": "No cards yet",
    "capacity_title": "Crypt capacity",
    "capacity_row": "Capacity %(capacity)s",
    "disciplines_title": "Crypt disciplines",
    "superior": "superior",
    "inferior": "inferior",
    "superior_copies": "%(discipline)s: %(count)s superior",
    "inferior_copies": "%(discipline)s: %(count)s inferior",
    "types_title": "Library card types",
}
EMPTY_TEXT = LABELS["empty"]

# Default colours, written as presentation attributes (fill="…"): any CSS rule on the classes
# (".chart .bar.sup { fill: … }") outranks them, so a page restyles the charts while a standalone file
# still looks right.
FILLS = {
    "bar": "#8c2f39",
    "bar sup": "#8c2f39",
    "bar inf": "#e0a3a9",
    "text": "#222222",
    "muted": "#666666",
}

# Characters XML 1.0 forbids even escaped: a label holding one would make the whole chart unreadable.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_NOT_ID = re.compile(r"[^a-z0-9]+")


@dataclasses.dataclass(frozen=True)
class _Segment:
    css: str  # "bar", "bar sup", "bar inf"
    value: float
    tooltip: str


@dataclasses.dataclass(frozen=True)
class _Row:
    label: str
    segments: tuple[_Segment, ...]
    text: str  # the value printed after the bar

    @property
    def total(self) -> float:
        # A negative count has no length to draw.
        return sum(max(segment.value, 0) for segment in self.segments)


def bar_chart(
    items: Sequence[tuple[str, int | float]],
    *,
    title: str,
    width: int = WIDTH,
    chart_id: str | None = None,
    labels: Mapping[str, str] | None = None,
) -> str:
    """Horizontal bars, one per ``(label, value)``, longest for the largest value.

    Args:
        items: labels and values, drawn top to bottom in this order.
        title: the chart's accessible name, also printed above the bars.
        width: the SVG's width in pixels; the bars take what the label and value columns leave.
        chart_id: prefix of the ids ``<title>``/``<desc>`` take; defaults to one made from the title.
            Give one when two charts with the same title share a page.
        labels: translations of ``LABELS`` (only ``"empty"`` is used here).
    """
    rows = [
        _Row(label=label, segments=(_Segment("bar", value, f"{label}: {_number(value)}"),), text=_number(value))
        for label, value in items
    ]
    return _render(rows, title=title, width=width, chart_id=chart_id, empty=_words(labels)["empty"])


def capacity_histogram(stats: DeckStats, *, width: int = WIDTH, labels: Mapping[str, str] | None = None) -> str:
    """Crypt copies per capacity, cheapest first."""
    words = _words(labels)
    items = [
        (words["capacity_row"] % {"capacity": capacity}, copies) for capacity, copies in stats.crypt.capacities.items()
    ]
    return bar_chart(items, title=words["capacity_title"], width=width, chart_id="capacity-histogram", labels=words)


def discipline_chart(stats: DeckStats, *, width: int = WIDTH, labels: Mapping[str, str] | None = None) -> str:
    """Crypt copies per discipline, each bar superior copies then inferior ones."""
    words = _words(labels)
    rows = [
        _Row(
            label=spread.name,
            segments=(
                _Segment(
                    "bar sup",
                    spread.superior,
                    words["superior_copies"] % {"discipline": spread.name, "count": spread.superior},
                ),
                _Segment(
                    "bar inf",
                    spread.inferior,
                    words["inferior_copies"] % {"discipline": spread.name, "count": spread.inferior},
                ),
            ),
            text=str(spread.total),
        )
        for spread in stats.crypt.disciplines
    ]
    legend = (("bar sup", words["superior"]), ("bar inf", words["inferior"]))
    return _render(
        rows,
        title=words["disciplines_title"],
        width=width,
        chart_id="discipline-chart",
        legend=legend,
        empty=words["empty"],
    )


def library_types_chart(stats: DeckStats, *, width: int = WIDTH, labels: Mapping[str, str] | None = None) -> str:
    """Library copies per card type, in the archive's section order, with each type's share."""
    words = _words(labels)
    rows = [
        _Row(
            label=share.type,
            segments=(_Segment("bar", share.copies, f"{share.type}: {share.copies} ({share.share:.0%})"),),
            text=f"{share.copies} ({share.share:.0%})",
        )
        for share in stats.library.types
    ]
    return _render(rows, title=words["types_title"], width=width, chart_id="library-types-chart", empty=words["empty"])


def _words(labels: Mapping[str, str] | None) -> dict[str, str]:
    """``LABELS`` with the caller's translations over it; a key it leaves out stays English."""
    return {**LABELS, **(labels or {})}


# --- drawing -----------------------------------------------------------------------------------


def _render(
    rows: list[_Row],
    *,
    title: str,
    width: int,
    chart_id: str | None,
    legend: tuple[tuple[str, str], ...] = (),
    empty: str = EMPTY_TEXT,
) -> str:
    width = max(width, MIN_WIDTH)
    ident = _ident(chart_id or title)
    if not rows:
        return _empty(title, width, ident, empty)
    top = PADDING + TITLE_HEIGHT
    step = BAR_HEIGHT + ROW_GAP
    height = top + len(rows) * step + (step if legend else 0) + PADDING - ROW_GAP
    description = "; ".join(f"{row.label}: {row.text}" for row in rows)
    parts = [
        _open(width, height, ident, described=True),
        f'<title id="{ident}-title">{_text(title)}</title>',
        f'<desc id="{ident}-desc">{_text(description)}</desc>',
        _heading(title),
    ]
    scale = _scale(rows, width)
    for index, row in enumerate(rows):
        parts.append(_bar_row(row, top + index * step, scale))
    if legend:
        parts.append(_legend(legend, top + len(rows) * step))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _scale(rows: list[_Row], width: int) -> float:
    """Pixels per unit, so the largest row fills the bar column exactly."""
    largest = max(row.total for row in rows)
    return (width - LABEL_WIDTH - VALUE_WIDTH - PADDING) / largest if largest > 0 else 0.0


def _bar_row(row: _Row, y: int, scale: float) -> str:
    middle = _n(y + BAR_HEIGHT / 2)
    parts = [
        '<g class="row">',
        f"<title>{_text(row.label)}: {_text(row.text)}</title>",
        f'<text class="label" x="{LABEL_WIDTH - 6}" y="{middle}" text-anchor="end" dominant-baseline="central" '
        f'fill="{FILLS["text"]}">{_text(_cut(row.label))}</text>',
    ]
    x = float(LABEL_WIDTH)
    for segment in row.segments:
        length = max(segment.value, 0) * scale
        parts.append(
            f'<rect class="{segment.css}" x="{_n(x)}" y="{y}" width="{_n(length)}" height="{BAR_HEIGHT}" '
            f'fill="{FILLS[segment.css]}"><title>{_text(segment.tooltip)}</title></rect>'
        )
        x += length
    parts.append(
        f'<text class="value" x="{_n(x + 4)}" y="{middle}" dominant-baseline="central" '
        f'fill="{FILLS["text"]}">{_text(row.text)}</text>'
    )
    parts.append("</g>")
    return "\n".join(parts)


def _legend(entries: tuple[tuple[str, str], ...], y: int) -> str:
    parts = ['<g class="legend">']
    x = float(LABEL_WIDTH)
    for css, name in entries:
        parts.append(f'<rect class="{css}" x="{_n(x)}" y="{y + 4}" width="10" height="10" fill="{FILLS[css]}"/>')
        parts.append(
            f'<text class="legend-label" x="{_n(x + 14)}" y="{y + 9}" dominant-baseline="central" '
            f'fill="{FILLS["muted"]}">{_text(name)}</text>'
        )
        x += 14 + len(name) * CHAR_WIDTH + 16
    parts.append("</g>")
    return "\n".join(parts)


def _empty(title: str, width: int, ident: str, empty: str) -> str:
    # An empty deck is the editor's starting point, not an error: a small chart says so.
    height = PADDING + TITLE_HEIGHT + 24
    return (
        "\n".join(
            [
                _open(width, height, ident, described=False),
                f'<title id="{ident}-title">{_text(title)}: {_text(empty)}</title>',
                _heading(title),
                f'<text class="empty" x="{_n(width / 2)}" y="{PADDING + TITLE_HEIGHT + 12}" text-anchor="middle" '
                f'dominant-baseline="central" fill="{FILLS["muted"]}">{_text(empty)}</text>',
                "</svg>",
            ]
        )
        + "\n"
    )


def _open(width: int, height: int, ident: str, *, described: bool) -> str:
    described_by = f' aria-describedby="{ident}-desc"' if described else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-labelledby="{ident}-title"'
        f'{described_by} width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'font-family="sans-serif" font-size="{FONT_SIZE}">'
    )


def _heading(title: str) -> str:
    return (
        f'<text class="chart-title" x="{PADDING}" y="{PADDING + 12}" font-weight="bold" '
        f'fill="{FILLS["text"]}">{_text(title)}</text>'
    )


# --- text --------------------------------------------------------------------------------------


def _text(value: str) -> str:
    """Safe inside an element or an attribute: XML-forbidden characters dropped, markup escaped."""
    return html.escape(_NOT_XML.sub("", value), quote=True)


def _cut(label: str) -> str:
    room = int((LABEL_WIDTH - 12) / CHAR_WIDTH)
    return label if len(label) <= room else label[: room - 1].rstrip() + "…"


def _ident(name: str) -> str:
    # Ids join aria-labelledby to <title>: only [a-z0-9-], so no escaping question arises.
    return "chart-" + (_NOT_ID.sub("-", name.lower()).strip("-") or "untitled")


def _number(value: int | float) -> str:
    if isinstance(value, int):
        return str(value)
    return _n(value)


def _n(value: float) -> str:
    """A coordinate or value with at most two decimals and no trailing zeros: "12", "12.5", "0.33"."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
