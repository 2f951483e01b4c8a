"""Form widgets the apps' forms share."""

from __future__ import annotations

from django import forms

ISO_DATE = "%Y-%m-%d"


class DateInput(forms.DateInput):
    """The browser's date picker (``<input type="date">``). Its value is ISO 8601, ``YYYY-MM-DD``, whatever the
    page's language: a value in the language's own format (``01.01.2018`` in Polish and German) is one the
    browser throws away, leaving the field empty. Typed dates are still read in either form (Django accepts
    ISO dates in every language)."""

    input_type = "date"

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(attrs, format=ISO_DATE)
