"""Template filters for the Draws pages: odds as percentages, standard errors, counts and durations, in
the page's language (the numbers come from the core's hands report)."""

from __future__ import annotations

import logging

from django import template
from django.template.defaultfilters import floatformat
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from vtesdeck.core.charts import format_share
from vtesdeck.labels import share_labels, signed_figure

logger = logging.getLogger(__name__)
register = template.Library()


@register.filter
def share(value: float | None) -> str:
    """0.30934 → "30.9%" ("30,9 %" in German); None (a figure not computed) → "–"."""
    return format_share(value, labels=share_labels())


@register.filter
def stderr(value: float | None) -> str:
    """A standard error, as ± percentage points with two decimals (more when it would print as 0)."""
    if value is None:
        return "–"
    points = value * 100
    decimals = 2
    while decimals < 5 and 0 < points and round(points, decimals) == 0:
        decimals += 1
    return "±" + share_labels()["percent"] % {"value": _fixed(points, decimals)}


@register.filter
def grouped(value: int | float | None) -> str:
    """200000 → "200,000" ("200 000", "200.000")."""
    if value is None:
        return "–"
    return number_format(round(value), 0, force_grouping=True)


@register.filter
def seconds(value: float | None) -> str:
    """A duration: "0.8 s", "12 s", "3 min 05 s"."""
    if value is None:
        return "–"
    if value < 10:
        return _("%(seconds)s s") % {"seconds": _fixed(value, 1)}
    if value < 60:
        return _("%(seconds)s s") % {"seconds": _fixed(value, 0)}
    minutes, rest = divmod(int(round(value)), 60)
    return _("%(minutes)d min %(seconds)02d s") % {"minutes": minutes, "seconds": rest}


@register.filter
def turn_number(value: float | None) -> str:
    """A mean turn, to one decimal."""
    return "–" if value is None else _fixed(value, 1)


@register.filter
def at(values, index: int):
    """``values[index]``, or None past its end (a report without that figure)."""
    try:
        return values[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


def _fixed(value: float, decimals: int) -> str:
    # Django's number_format cuts extra decimals off (0.0074 → "0.00"); rounding first makes it "0.01".
    return number_format(round(value, decimals), decimals)


@register.filter
def figure(value: float | None) -> str:
    """A VP figure or difference: two decimals in the page's language, a real minus sign, never "−0.00"
    (``engine.compare.figure``, localised); None → "–"."""
    return signed_figure(value, sign=False)


@register.filter
def signed(value: float | None) -> str:
    """``figure`` with "+" before a difference that is not negative."""
    return signed_figure(value, sign=True)


# How each page writes the two ends of an interval: the filters above, or floatformat's decimals.
_ENDS = {
    "share": share,
    "figure": figure,
    "signed": signed,
    "1": lambda v: floatformat(v, 1),
    "2": lambda v: floatformat(v, 2),
}


@register.filter
def interval(ends, form: str = "figure") -> str:
    """A 95 % interval, ``[low, high]``, as "low – high", each end written by ``form`` ("share", "figure",
    "signed", or "1"/"2" decimals); "–" for a figure with no interval (too few games, or an older report).
    One filter for every table cell of an interval, so the pages write them alike."""
    try:
        low, high = ends
    except (TypeError, ValueError):
        return "–"
    write = _ENDS[str(form)]
    return f"{write(low)} – {write(high)}"
