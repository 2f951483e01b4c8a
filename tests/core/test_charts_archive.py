"""core.charts.archive_years_chart: a card's winning decks per year, drawn for its page."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from vtesdeck.core.charts import archive_years_chart

BY_YEAR = {
    "2018": {"decks": 4, "copies": 20, "share": 0.08},
    "2021": {"decks": 2, "copies": 7, "share": 0.5},
}


def rows(svg: str) -> list[tuple[str, str, float]]:
    """(year label, printed value, bar width) per row, top to bottom."""
    ns = {"s": "http://www.w3.org/2000/svg"}
    found = []
    for group in ET.fromstring(svg).findall("s:g[@class='row']", ns):
        label = group.find("s:text[@class='label']", ns).text
        value = group.find("s:text[@class='value']", ns).text
        found.append((label, value, float(group.find("s:rect", ns).get("width"))))
    return found


def test_one_bar_per_year_from_first_to_last_with_gaps_at_zero():
    drawn = rows(archive_years_chart(BY_YEAR))
    assert [(label, value) for label, value, _ in drawn] == [
        ("2018", "4 (8.0%)"),
        ("2019", "0 (0.0%)"),
        ("2020", "0 (0.0%)"),
        ("2021", "2 (50.0%)"),
    ]
    widths = [width for *_, width in drawn]
    assert widths[1] == widths[2] == 0
    assert widths[0] == 2 * widths[3] > 0  # the bar is the number of decks, not the share


def test_it_is_an_accessible_image_whose_tooltips_give_copies_and_share():
    svg = archive_years_chart(BY_YEAR)
    assert 'role="img"' in svg and 'aria-labelledby="chart-archive-years-chart-title"' in svg
    assert "2018: 4 (8.0%); 2019: 0 (0.0%); 2020: 0 (0.0%); 2021: 2 (50.0%)" in svg
    assert "2021 — decks: 2, copies: 7, share of that year&#x27;s decks: 50.0%" in svg
    assert svg == archive_years_chart(dict(reversed(BY_YEAR.items())))  # same input, same bytes


def test_it_prints_the_callers_words():
    labels = {
        "archive_years_title": "Zwycięskie talie z tą kartą, według lat",
        "archive_year_value": "%(decks)s [%(share)s]",
        "archive_year_tooltip": "%(year)s: %(decks)s/%(copies)s/%(share)s",
        "percent": "%(value)s %%",
        "decimal": ",",
    }
    svg = archive_years_chart(BY_YEAR, labels=labels)
    assert "Zwycięskie talie z tą kartą, według lat" in svg
    assert rows(svg)[0][1] == "4 [8,0 %]"
    assert "2018: 4/20/8,0 %" in svg


def test_an_empty_or_odd_mapping_draws_the_empty_chart():
    for by_year in ({}, {"total": {"decks": 3}, "20x1": {"decks": 1}, "2020": "junk"}):
        svg = archive_years_chart(by_year, labels={"archive_empty": "Never"})
        assert "<rect" not in svg and ">Never</text>" in svg
        ET.fromstring(svg)


def test_markup_in_labels_is_escaped():
    svg = archive_years_chart(BY_YEAR, labels={"archive_years_title": "<b>&"})
    assert "&lt;b&gt;&amp;" in svg and not re.search(r"<b>", svg)
