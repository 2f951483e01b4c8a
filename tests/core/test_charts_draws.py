"""The Draws pages' charts (``core.charts``): odds drawn on a fixed 0–100 % scale with the exact value marked
beside a simulated bar, lines by turn for the first vampire and the library types, and percentages that
never print a possible event as impossible or a likely one as certain."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from math import comb

import pytest

from vtesdeck.core import charts, draws
from vtesdeck.core.deck import Deck

SVG = "{http://www.w3.org/2000/svg}"
BAR_COLUMN = charts.WIDTH - charts.LABEL_WIDTH - charts.VALUE_WIDTH - charts.PADDING
GERMAN = {"percent": "%(value)s %%", "decimal": ",", "library_odds_title": "Bibliothek", "seat": "Platz %(seat)s"}


def bars(svg: str) -> dict[str, float]:
    """Each row's label (from its tooltip) → the width of its bar."""
    root = ET.fromstring(svg)
    rows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "row"]
    return {row.find(f"{SVG}title").text.rsplit(": ", 1)[0]: float(row.find(f"{SVG}rect").get("width")) for row in rows}


def markers(svg: str) -> list[float]:
    root = ET.fromstring(svg)
    return [
        float(line.get("x1")) for g in root.iter(f"{SVG}g") if g.get("class") == "row" for line in g.iter(f"{SVG}line")
    ]


def library_row(name: str, count: int, p: float, exact: float | None = None) -> dict:
    return {
        "id": 1,
        "name": name,
        "count": count,
        "type": "Master",
        "p_opening": p,
        "p_opening_exact": p if exact is None else exact,
    }


@pytest.fixture(scope="module")
def report(cards) -> dict:
    deck = Deck(
        crypt={cards.lookup("Tupdog").id: 8, cards.lookup("Anson").id: 4},
        library={
            cards.lookup("Govern the Unaligned").id: 4,
            cards.lookup("Blood Doll").id: 40,
            cards.lookup("Deflection").id: 36,
        },
    )
    return draws.exact_report(draws.compile_plan(deck, cards))


# --- percentages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("share", "shown"),
    [
        (0.30934, "30.9%"),
        (0.5, "50.0%"),
        (0.0, "0.0%"),
        (1.0, "100.0%"),
        (0.9996, "99.96%"),
        (0.00004, "0.004%"),
        (0.9999999, ">99.999%"),
        (1e-9, "<0.001%"),
        (None, "–"),
    ],
)
def test_a_share_reads_as_a_percentage_that_never_rounds_a_chance_away(share, shown):
    assert charts.format_share(share) == shown


def test_a_percentage_takes_the_pages_way_of_writing_it():
    assert charts.format_share(0.3118, labels=GERMAN) == "31,2 %"
    assert charts.format_share(1 - comb(76, 7) / comb(80, 7)) == "31.2%"


# --- odds per card -------------------------------------------------------------------------------------


def test_card_odds_are_drawn_on_a_fixed_scale_so_bars_compare_across_decks():
    svg = charts.opening_odds_chart(
        [library_row("Half", 2, 0.5), library_row("Certain", 9, 1.0), library_row("Tenth", 1, 0.1)]
    )
    widths = bars(svg)
    assert widths["Half ×2"] == pytest.approx(BAR_COLUMN / 2, abs=0.01)
    assert widths["Certain ×9"] == pytest.approx(BAR_COLUMN, abs=0.01)
    assert widths["Tenth ×1"] == pytest.approx(BAR_COLUMN / 10, abs=0.01)
    assert markers(svg) == []  # exact odds alone: nothing to compare them with
    assert "Library: at least one copy in the opening hand" in svg


def test_a_simulated_bar_carries_a_tick_at_the_exact_odds():
    svg = charts.opening_odds_chart([library_row("Govern", 4, 0.32, exact=0.3118)], simulated=True)
    assert bars(svg)["Govern ×4"] == pytest.approx(0.32 * BAR_COLUMN, abs=0.01)
    assert markers(svg) == [pytest.approx(charts.LABEL_WIDTH + 0.3118 * BAR_COLUMN, abs=0.01)]
    root = ET.fromstring(svg)
    assert "Govern ×4: 32.0% (exact: 31.2%)" in root.find(f"{SVG}desc").text
    assert "32.0% simulated, 31.2% exact" in svg
    assert any(t.text == "exact" for t in root.iter(f"{SVG}text") if t.get("class") == "legend-label")


def test_crypt_odds_have_their_own_title_and_id(report):
    svg = charts.opening_odds_chart(report["crypt"], part="crypt")
    root = ET.fromstring(svg)
    assert root.get("aria-labelledby") == "chart-crypt-odds-chart-title"
    assert bars(svg)["Anson ×4"] == pytest.approx((1 - comb(8, 4) / comb(12, 4)) * BAR_COLUMN, abs=0.01)


def test_card_names_are_escaped():
    svg = charts.opening_odds_chart([library_row('<b>"Bold"</b> & Co', 1, 0.2)])
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    ET.fromstring(svg)


def test_no_cards_gives_a_small_chart_saying_so():
    svg = charts.opening_odds_chart([], labels={"empty": "Noch keine Karten"})
    assert "Noch keine Karten" in svg and ET.fromstring(svg).get("role") == "img"


# --- the playable hand ------------------------------------------------------------------------------


def test_the_playable_histogram_has_a_row_for_each_count_of_playable_cards(report):
    histogram = report["playable"]["histogram_exact"]
    svg = charts.playable_histogram({"histogram": histogram})
    widths = bars(svg)
    assert list(widths) == [f"{n} of 7 playable" for n in range(8)]
    for n, share in enumerate(histogram):
        assert widths[f"{n} of 7 playable"] == pytest.approx(share * BAR_COLUMN, abs=0.01)


# --- lines by turn -----------------------------------------------------------------------------------


def points(svg: str) -> dict[str, list[tuple[float, float]]]:
    root = ET.fromstring(svg)
    found = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "series":
            line = g.find(f"{SVG}polyline").get("points")
            found[g.find(f"{SVG}title").text] = [tuple(map(float, p.split(","))) for p in line.split()]
    return found


def test_a_line_chart_puts_certainty_at_the_top_and_never_at_the_bottom():
    svg = charts.line_chart([("A", [0.0, 0.5, 1.0]), ("B", [0.25, 0.25])], title="By turn")
    lines = points(svg)
    top = charts.PADDING + charts.TITLE_HEIGHT
    bottom = top + charts.LINE_PLOT_HEIGHT
    assert [y for _x, y in lines["A"]] == [bottom, (top + bottom) / 2, top]
    assert [x for x, _y in lines["A"]] == [
        charts.AXIS_WIDTH,
        pytest.approx((charts.AXIS_WIDTH + charts.WIDTH - charts.PADDING) / 2),
        charts.WIDTH - charts.PADDING,
    ]
    assert len(lines["B"]) == 2  # a shorter series stops where its values do
    desc = ET.fromstring(svg).find(f"{SVG}desc").text
    assert "A: 1 0.0%, 2 50.0%, 3 100.0%" in desc
    # Each point says what it is.
    assert "A, turn 2: 50.0%" in svg


def test_lines_differ_by_dash_as_well_as_colour():
    svg = charts.line_chart([(f"S{i}", [0.1 * i]) for i in range(3)], title="T")
    dashes = re.findall(r'<polyline[^>]*?(?: stroke-dasharray="([^"]+)")?/>', svg)
    assert len(set(dashes)) == 3


def test_the_first_vampire_chart_has_a_line_per_seat(report):
    svg = charts.first_vampire_chart(
        {"seats": [{"seat": s["seat"], "by_turn": s["by_turn_exact"]} for s in report["first_vampire"]["seats"]]},
        labels=GERMAN,
    )
    lines = points(svg)
    assert list(lines) == [f"Platz {seat}" for seat in range(1, 6)]
    assert all(len(line) == report["first_vampire"]["turns"] for line in lines.values())
    assert "Platz 1, turn 1" in svg  # words not given stay English
    assert "0 %" in svg and "100 %" in svg  # the axis in the given way of writing percentages


def test_the_types_chart_follows_the_library_types_only(report):
    svg = charts.types_by_turn_chart(report["groups"])
    types = [g["label"] for g in report["groups"] if g["part"] == "library" and g["kind"] == "type"]
    assert list(points(svg)) == types
    assert charts.types_by_turn_chart([]) == charts.types_by_turn_chart([{"part": "crypt", "kind": "clan"}])


def test_charts_are_the_same_bytes_for_the_same_figures(report):
    first = charts.opening_odds_chart(report["library"]) + charts.types_by_turn_chart(report["groups"])
    again = charts.opening_odds_chart(report["library"]) + charts.types_by_turn_chart(report["groups"])
    assert first == again
