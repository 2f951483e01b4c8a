"""Whole numbers as people type them and clients send them: the one reading every door shares
(``vtesdeck.core.numbers.whole_number``): the API's pages, the editor's counts, ids in card boxes, the
collection's copies, a game's number, a decklist's counts."""

from __future__ import annotations

import pytest

from vtesdeck.core.numbers import whole_number


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("7", 7), (" 42 ", 42), ("007", 7), ("999999999", 999_999_999)])
def test_a_short_run_of_ascii_digits_is_a_whole_number(text, number):
    assert whole_number(text) == number


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "²",  # a digit to str.isdigit(), not to int()
        "١٢",  # Arabic-Indic digits: int() reads them, a person typing an id did not mean them
        "1_000",  # int() reads underscores
        "1 000",
        "1.0",
        "1e3",
        "0x10",
        "+5",  # a sign only where a sign makes sense (signed=True)
        "-5",
        "1234567890",  # more digits than asked (9 by default)
        "9" * 5000,  # int() itself refuses more than 4,300 digits: refused here without trying
    ],
)
def test_anything_else_is_none_and_never_raises(text):
    assert whole_number(text) is None


def test_a_signed_number_takes_one_leading_sign():
    assert whole_number("-3", signed=True) == -3
    assert whole_number(" +12 ", signed=True) == 12
    assert whole_number("--3", signed=True) is None
    assert whole_number("-", signed=True) is None
    assert whole_number("3-", signed=True) is None


def test_the_digits_allowed_are_the_callers_to_say():
    assert whole_number("1" * 18, digits=18) == int("1" * 18)
    assert whole_number("1" * 19, digits=18) is None
