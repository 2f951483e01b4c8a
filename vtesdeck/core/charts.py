"""Deck statistics and draw odds drawn as SVG on the server, for the deck editor and the Draws pages.

Mostly horizontal bar charts: a label column, one bar per row (or a stacked bar, superior then inferior
for disciplines) and the value after it; odds (shares 0..1) are drawn on a fixed 0–100 % scale, with a
tick where the exact value lies when the bar is a simulated one. Figures that change by turn (first
vampire out, library types seen) are line charts: one line per seat or type over turns 1, 2, …. The output is a self-contained ``<svg>`` string — no script,
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
from typing import Any

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
    # The Draws pages (a deck's exact odds, a simulation's results).
    "percent": "%(value)s%%",
    "decimal": ".",
    "library_odds_title": "Library: at least one copy in the opening hand",
    "crypt_odds_title": "Crypt: at least one copy among the first 4 vampires",
    "exact_marker": "exact",
    "simulated": "simulated",
    "card_odds": "%(name)s: %(value)s",
    "card_odds_exact": "%(name)s: %(value)s simulated, %(exact)s exact",
    "playable_title": "Playable library cards in the opening hand",
    "playable_row": "%(count)s of 7 playable",
    "first_vampire_title": "A vampire in play by the end of turn",
    "seat": "Seat %(seat)s",
    "turn": "Turn",
    "point": "%(series)s, turn %(turn)s: %(value)s",
    "types_by_turn_title": "Library types seen by the start of turn",
    # A games job's page.
    "vp_by_seat_title": "Victory points per game, by seat",
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

# Line charts: one colour and one dash pattern per line (the pattern tells lines apart without colour).
SERIES_STROKES = ("#8c2f39", "#1a5fb4", "#2a7d4f", "#c17d11", "#613583", "#0e7c86", "#6b6265", "#b5485d")
SERIES_DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 2", "1 2", "10 4", "3 3 1 3")
LINE_PLOT_HEIGHT = 160
AXIS_WIDTH = 44  # the y axis's "100%" labels
X_AXIS_HEIGHT = 34  # turn numbers and the axis title
MARKER_FILL = "#222222"

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
    marker: float | None = None  # a tick across the bar at this value (the exact odds beside a simulated bar)
    marker_tooltip: str = ""

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
            label=name,
            segments=(_Segment("bar", share.copies, f"{name}: {share.copies} ({share.share:.0%})"),),
            text=f"{share.copies} ({share.share:.0%})",
        )
        for share in stats.library.types
        for name in (_type_name(words, share.type),)
    ]
    return _render(rows, title=words["types_title"], width=width, chart_id="library-types-chart", empty=words["empty"])


# --- draw odds (the Draws tab and a simulation's page) ---------------------------------------------


def format_share(value: float | None, *, labels: Mapping[str, str] | None = None) -> str:
    """A share 0..1 as a percentage: one decimal, or up to three where one would print a value that is
    neither 0 nor 1 as "0%" or "100%" (a 99.996 % chance is not a certainty); closer still, "<0.001%" or
    ">99.999%". ``labels`` gives the pattern (``"percent"``) and the decimal separator (``"decimal"``);
    None (a figure not computed) prints "–"."""
    if value is None:
        return "–"
    words = _words(labels)

    def written(percent: float, decimals: int) -> str:
        text = f"{percent:.{decimals}f}"
        if text.startswith("-") and float(text) == 0:
            text = text[1:]
        return words["percent"] % {"value": text.replace(".", words["decimal"])}

    percent = value * 100
    if not 0 < value < 1:
        return written(percent, 1)
    for decimals in (1, 2, 3):
        if round(percent, decimals) not in (0, 100):
            return written(percent, decimals)
    return "<" + written(0.001, 3) if value < 0.5 else ">" + written(99.999, 3)


def opening_odds_chart(
    cards: Sequence[Mapping[str, Any]],
    *,
    part: str = "library",
    simulated: bool = False,
    width: int = WIDTH,
    labels: Mapping[str, str] | None = None,
) -> str:
    """P(at least one copy in the opening hand) per card of a hands report's ``library`` or ``crypt`` list.

    Bars are drawn on a fixed 0–100 % scale. With ``simulated``, a bar is the simulated share
    (``p_opening``) and a dark tick marks the exact probability (``p_opening_exact``): where the two
    disagree is where to look. Without it (no job run yet) the bar is the exact probability.
    """
    words = _words(labels)
    rows = []
    for card in cards:
        label = f"{card['name']} ×{card['count']}"
        exact = card.get("p_opening_exact")
        value = card.get("p_opening") if simulated else exact
        if value is None:
            continue
        shown = format_share(value, labels=words)
        if simulated and exact is not None:
            tooltip = words["card_odds_exact"] % {
                "name": label,
                "value": shown,
                "exact": format_share(exact, labels=words),
            }
        else:
            tooltip = words["card_odds"] % {"name": label, "value": shown}
        rows.append(
            _Row(
                label=label,
                segments=(_Segment("bar", value, tooltip),),
                text=shown,
                marker=exact if simulated else None,
                marker_tooltip=f"{words['exact_marker']}: {format_share(exact, labels=words)}" if simulated else "",
            )
        )
    title = words["crypt_odds_title"] if part == "crypt" else words["library_odds_title"]
    legend = (("marker", words["exact_marker"]),) if simulated and rows else ()
    return _render(
        rows, title=title, width=width, chart_id=f"{part}-odds-chart", legend=legend, empty=words["empty"], maximum=1.0
    )


def vp_by_seat_chart(
    by_seat: Sequence[Mapping[str, Any]], *, width: int = WIDTH, labels: Mapping[str, str] | None = None
) -> str:
    """A games job's victory points per game of the deck at each seat (its report's ``deck.by_seat``), two
    decimals with the page's decimal sign, the bars scaled to the best seat."""
    words = _words(labels)
    rows = []
    for row in by_seat:
        if row.get("vp_mean") is None:
            continue
        label = words["seat"] % {"seat": row["seat"]}
        shown = f"{float(row['vp_mean']):.2f}".replace(".", words["decimal"])
        rows.append(
            _Row(label=label, segments=(_Segment("bar", float(row["vp_mean"]), f"{label}: {shown}"),), text=shown)
        )
    return _render(
        rows, title=words["vp_by_seat_title"], width=width, chart_id="vp-by-seat-chart", empty=words["empty"]
    )


def share_bar_chart(
    items: Sequence[tuple[str, float | None]],
    *,
    title: str,
    width: int = WIDTH,
    chart_id: str | None = None,
    labels: Mapping[str, str] | None = None,
) -> str:
    """Horizontal bars of shares (0..1) on a fixed 0–100 % scale, one per ``(label, share)``, the percentage
    after each (a games job's oust order: ousted 1st, 2nd, …, survived). A share not computed (None) is left
    out."""
    words = _words(labels)
    rows = [
        _Row(
            label=label,
            segments=(_Segment("bar", share, f"{label}: {format_share(share, labels=words)}"),),
            text=format_share(share, labels=words),
        )
        for label, share in items
        if share is not None
    ]
    return _render(rows, title=title, width=width, chart_id=chart_id, empty=words["empty"], maximum=1.0)


def playable_histogram(
    playable: Mapping[str, Any], *, width: int = WIDTH, labels: Mapping[str, str] | None = None
) -> str:
    """The share of opening hands with 0, 1, …, 7 playable library cards (a hands report's ``playable``)."""
    words = _words(labels)
    rows = [
        _Row(
            label=words["playable_row"] % {"count": count},
            segments=(
                _Segment(
                    "bar", share, f"{words['playable_row'] % {'count': count}}: {format_share(share, labels=words)}"
                ),
            ),
            text=format_share(share, labels=words),
        )
        for count, share in enumerate(playable.get("histogram") or ())
    ]
    return _render(
        rows,
        title=words["playable_title"],
        width=width,
        chart_id="playable-histogram",
        empty=words["empty"],
        maximum=1.0,
    )


def first_vampire_chart(
    first_vampire: Mapping[str, Any], *, width: int = WIDTH, labels: Mapping[str, str] | None = None
) -> str:
    """P(a vampire is in play by the end of turn t) for each seat, one line per seat (a hands report's
    ``first_vampire``)."""
    words = _words(labels)
    series = [
        (words["seat"] % {"seat": seat["seat"]}, list(seat.get("by_turn") or ()))
        for seat in first_vampire.get("seats") or ()
    ]
    return line_chart(
        series, title=words["first_vampire_title"], width=width, chart_id="first-vampire-chart", labels=words
    )


def _type_name(words: Mapping[str, str], name: str) -> str:
    """A card type as the caller's ``labels`` name it (``"type:Master"``), else as printed."""
    return words.get(f"type:{name}", name)


def types_by_turn_chart(
    groups: Sequence[Mapping[str, Any]], *, width: int = WIDTH, labels: Mapping[str, str] | None = None
) -> str:
    """P(at least one card of each library type seen by the start of turn t), the hand refilled to 7 (the
    ``groups`` of a hands report whose part is the library and kind the card type)."""
    words = _words(labels)
    series = [
        (_type_name(words, group["label"]), list(group.get("p_by_turn_exact") or ()))
        for group in groups
        if group.get("part") == "library" and group.get("kind") == "type"
    ]
    return line_chart(
        series, title=words["types_by_turn_title"], width=width, chart_id="types-by-turn-chart", labels=words
    )


def line_chart(
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    title: str,
    width: int = WIDTH,
    chart_id: str | None = None,
    labels: Mapping[str, str] | None = None,
) -> str:
    """Shares (0..1) by turn: one line per ``(name, [value at turn 1, turn 2, …])``, on a 0–100 % axis.

    Each point carries a tooltip ("Seat 2, turn 3: 45.1%") and the ``<desc>`` lists every value, so the
    chart reads without the picture; lines differ by dash pattern as well as colour. A legend below names
    them.
    """
    words = _words(labels)
    series = [(name, [float(v) for v in values]) for name, values in series if values]
    width = max(width, MIN_WIDTH)
    ident = _ident(chart_id or title)
    if not series:
        return _empty(title, width, ident, words["empty"])
    turns = max(len(values) for _name, values in series)
    legend_rows = _legend_rows([name for name, _values in series], width)
    top = PADDING + TITLE_HEIGHT
    height = top + LINE_PLOT_HEIGHT + X_AXIS_HEIGHT + len(legend_rows) * 18 + PADDING
    left, right = AXIS_WIDTH, width - PADDING
    step = (right - left) / max(turns - 1, 1)

    def x(turn: int) -> float:  # turn is 1-based
        return left + (turn - 1) * step if turns > 1 else (left + right) / 2

    def y(value: float) -> float:
        # A share outside 0..1 would be a bug upstream; it is drawn at the edge rather than off the chart.
        return top + LINE_PLOT_HEIGHT * (1 - min(max(value, 0.0), 1.0))

    description = "; ".join(
        f"{name}: " + ", ".join(f"{turn} {format_share(v, labels=words)}" for turn, v in enumerate(values, 1))
        for name, values in series
    )
    parts = [
        _open(width, height, ident, described=True),
        f'<title id="{ident}-title">{_text(title)}</title>',
        f'<desc id="{ident}-desc">{_text(words["turn"])}: {_text(description)}</desc>',
        _heading(title),
        '<g class="axis">',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line class="grid" x1="{left}" y1="{_n(y(tick))}" x2="{right}" y2="{_n(y(tick))}" '
            f'stroke="#dddddd" stroke-width="1"/>'
        )
        parts.append(
            f'<text class="tick" x="{left - 4}" y="{_n(y(tick))}" text-anchor="end" dominant-baseline="central" '
            f'fill="{FILLS["muted"]}">{_text(words["percent"] % {"value": int(tick * 100)})}</text>'
        )
    axis_y = top + LINE_PLOT_HEIGHT
    every = max(1, -(-turns // 12))  # at most about 12 turn numbers under the axis
    for turn in range(1, turns + 1, every):
        parts.append(
            f'<text class="tick" x="{_n(x(turn))}" y="{axis_y + 12}" text-anchor="middle" dominant-baseline="central" '
            f'fill="{FILLS["muted"]}">{turn}</text>'
        )
    parts.append(
        f'<text class="axis-title" x="{_n((left + right) / 2)}" y="{axis_y + 27}" text-anchor="middle" '
        f'dominant-baseline="central" fill="{FILLS["muted"]}">{_text(words["turn"])}</text>'
    )
    parts.append("</g>")
    for index, (name, values) in enumerate(series):
        stroke = SERIES_STROKES[index % len(SERIES_STROKES)]
        dash = SERIES_DASHES[index % len(SERIES_DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{_n(x(turn))},{_n(y(v))}" for turn, v in enumerate(values, 1))
        parts.append(f'<g class="series" data-series="{index + 1}">')
        parts.append(f"<title>{_text(name)}</title>")
        parts.append(
            f'<polyline class="line" points="{points}" fill="none" stroke="{stroke}" stroke-width="2"{dashed}/>'
        )
        for turn, v in enumerate(values, 1):
            tooltip = words["point"] % {"series": name, "turn": turn, "value": format_share(v, labels=words)}
            parts.append(
                f'<circle class="point" cx="{_n(x(turn))}" cy="{_n(y(v))}" r="3" fill="{stroke}">'
                f"<title>{_text(tooltip)}</title></circle>"
            )
        parts.append("</g>")
    legend_top = axis_y + X_AXIS_HEIGHT
    parts.append('<g class="legend">')
    for row_index, row in enumerate(legend_rows):
        for index, x0 in row:
            name = series[index][0]
            stroke = SERIES_STROKES[index % len(SERIES_STROKES)]
            dash = SERIES_DASHES[index % len(SERIES_DASHES)]
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            ly = legend_top + row_index * 18 + 7
            parts.append(
                f'<line x1="{_n(x0)}" y1="{ly}" x2="{_n(x0 + 18)}" y2="{ly}" stroke="{stroke}" stroke-width="2"{dashed}/>'
            )
            parts.append(
                f'<text class="legend-label" x="{_n(x0 + 22)}" y="{ly}" dominant-baseline="central" '
                f'fill="{FILLS["muted"]}">{_text(_cut(name))}</text>'
            )
    parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _legend_rows(names: Sequence[str], width: int) -> list[list[tuple[int, float]]]:
    """The legend's entries as rows of ``(series index, x)``, wrapped to the chart's width."""
    rows: list[list[tuple[int, float]]] = [[]]
    x = float(PADDING)
    for index, name in enumerate(names):
        size = 22 + len(_cut(name)) * CHAR_WIDTH + 14
        if rows[-1] and x + size > width - PADDING:
            rows.append([])
            x = float(PADDING)
        rows[-1].append((index, x))
        x += size
    return rows


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
    maximum: float | None = None,
) -> str:
    width = max(width, MIN_WIDTH)
    ident = _ident(chart_id or title)
    if not rows:
        return _empty(title, width, ident, empty)
    top = PADDING + TITLE_HEIGHT
    step = BAR_HEIGHT + ROW_GAP
    height = top + len(rows) * step + (step if legend else 0) + PADDING - ROW_GAP
    description = "; ".join(
        f"{row.label}: {row.text}" + (f" ({row.marker_tooltip})" if row.marker_tooltip else "") for row in rows
    )
    parts = [
        _open(width, height, ident, described=True),
        f'<title id="{ident}-title">{_text(title)}</title>',
        f'<desc id="{ident}-desc">{_text(description)}</desc>',
        _heading(title),
    ]
    scale = _scale(rows, width, maximum)
    for index, row in enumerate(rows):
        parts.append(_bar_row(row, top + index * step, scale))
    if legend:
        parts.append(_legend(legend, top + len(rows) * step))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _scale(rows: list[_Row], width: int, maximum: float | None = None) -> float:
    """Pixels per unit, so the largest row (or ``maximum``: 1 for shares) fills the bar column exactly."""
    largest = maximum if maximum is not None else max(row.total for row in rows)
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
    if row.marker is not None:
        # The tick's own tooltip says what it marks; it is drawn over the bar, 2 px wider on each side.
        at = _n(LABEL_WIDTH + max(row.marker, 0) * scale)
        parts.append(
            f'<line class="marker" x1="{at}" y1="{y - 2}" x2="{at}" y2="{y + BAR_HEIGHT + 2}" '
            f'stroke="{MARKER_FILL}" stroke-width="2"><title>{_text(row.marker_tooltip)}</title></line>'
        )
        x = max(x, LABEL_WIDTH + max(row.marker, 0) * scale)
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
        if css == "marker":
            parts.append(
                f'<line class="marker" x1="{_n(x + 5)}" y1="{y + 2}" x2="{_n(x + 5)}" y2="{y + 16}" '
                f'stroke="{MARKER_FILL}" stroke-width="2"/>'
            )
        else:
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


# --- the tournament archive (a card's page) ----------------------------------------------------

ARCHIVE_LABELS: Mapping[str, str] = {
    "archive_years_title": "Winning decks playing it, by year",
    "archive_year_value": "%(decks)s (%(share)s)",
    "archive_year_tooltip": "%(year)s — decks: %(decks)s, copies: %(copies)s, share of that year's decks: %(share)s",
    "archive_empty": "Not in any winning deck",
}


def archive_years_chart(
    by_year: Mapping[str, Mapping[str, Any]], *, width: int = WIDTH, labels: Mapping[str, str] | None = None
) -> str:
    """A card's winning decks per year (a ``CardArchiveStats.by_year``: ``{"2021": {"decks", "copies",
    "share"}}``), oldest year first, one bar per year from the first to the last (a year between them
    without the card is a zero row, so the gaps show). A bar's length is the number of decks; the value
    after it adds their share of that year's winning decks. Keys that are not years are ignored."""
    words = {**ARCHIVE_LABELS, **_words(labels)}
    figures: dict[int, Mapping[str, Any]] = {}
    for key, entry in by_year.items():
        if len(str(key)) == 4 and str(key).isdigit() and isinstance(entry, Mapping):
            figures[int(key)] = entry
    rows = []
    if figures:
        for year in range(min(figures), max(figures) + 1):
            entry = figures.get(year, {})
            decks = int(entry.get("decks") or 0)
            copies = int(entry.get("copies") or 0)
            share = format_share(float(entry.get("share") or 0), labels=words)
            tooltip = words["archive_year_tooltip"] % {"year": year, "decks": decks, "copies": copies, "share": share}
            rows.append(
                _Row(
                    label=str(year),
                    segments=(_Segment("bar", decks, tooltip),),
                    text=words["archive_year_value"] % {"decks": decks, "share": share},
                )
            )
    return _render(
        rows,
        title=words["archive_years_title"],
        width=width,
        chart_id="archive-years-chart",
        empty=words["archive_empty"],
    )
