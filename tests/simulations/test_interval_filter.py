"""The ``interval`` filter: every page's table cell of a 95 % interval, "low – high" in the page's language."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation


def cell(ends, form: str | None = None, language: str = "en") -> str:
    arg = f':"{form}"' if form else ""
    with translation.override(language):
        return Template("{% load draws_tags %}{{ ends|interval" + arg + " }}").render(Context({"ends": ends}))


def test_a_vp_interval_is_written_as_figures_with_a_real_minus_sign():
    assert cell([-0.1234, 0.5]) == "−0.12 – 0.50"


def test_a_difference_s_interval_carries_its_signs():
    assert cell([-0.05, 0.18], "signed") == "−0.05 – +0.18"


def test_a_share_s_interval_is_in_percent_in_the_page_s_language():
    assert cell([0.125, 0.25], "share") == "12.5% – 25.0%"
    assert cell([0.125, 0.25], "share", "de") == "12,5 % – 25,0 %"


def test_decimals_follow_the_page_s_language():
    assert cell([11.66, 12.04], "1") == "11.7 – 12.0"
    assert cell([11.66, 12.04], "1", "pl") == "11,7 – 12,0"


@pytest.mark.parametrize("ends", [None, [], "", [0.1]])
def test_a_figure_with_no_interval_is_a_dash(ends):
    assert cell(ends) == "–"
