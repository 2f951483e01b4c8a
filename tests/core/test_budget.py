"""The work reading decklists may cost (issue 14): a decklist of lines naming no card stops being read and
says so; a request's budget of lines, unknown lines, suggestions and CPU seconds, once spent, leaves the
decklists after it refused as not checked, naming the limit. Outside a request, per-deck bounds only."""

from __future__ import annotations

import time

import pytest

from vtesdeck.core import budget, decklist
from vtesdeck.core.budget import DECK_UNRESOLVED, Budget, BudgetSpent

LEGAL = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Govern the Unaligned\n20x Dive Bomb\n"


def junk(lines: int, shape: str = "{n}x Zorblax Quuxington {n}") -> str:
    """Lines no card is named by, each different (a repeated unknown line merges into one)."""
    return "".join(shape.format(n=n + 1) + "\n" for n in range(lines))


def refusal(source: str, cards, **kwargs) -> decklist.DecklistError:
    with pytest.raises(decklist.DecklistError) as caught:
        decklist.parse(source, cards, **kwargs)
    return caught.value


# --- per deck, always ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape",
    [
        "{n}x Zorblax Quuxington {n}",
        "Zorblax Quux{n}  7  CEL DOM pot  prince  Brujah:3",  # a crypt row of no vampire
        "[2] zorblax quux{n} (baz) -- qux",
    ],
)
def test_a_decklist_whose_lines_name_no_card_stops_being_read_and_says_where(cards, shape):
    error = refusal(LEGAL + junk(5_000, shape), cards)
    assert error.message_id == "TOO_MANY_UNKNOWN_LINES"
    assert error.params == {"limit": DECK_UNRESOLVED, "line": 5 + DECK_UNRESOLVED + 1}
    assert "Reading stopped at line 106" in str(error)


def test_the_structured_formats_stop_too(cards):
    rows = "".join(f'{{"name": "Zorblax {n}", "count": 1}},' for n in range(DECK_UNRESOLVED + 5))
    error = refusal('{"crypt": [], "library": [' + rows.rstrip(",") + "]}", cards, format="json")
    assert error.message_id == "TOO_MANY_UNKNOWN_LINES"


def test_a_decklist_with_fewer_unknown_lines_is_read_whole_each_with_suggestions(cards):
    deck = decklist.parse(LEGAL + junk(DECK_UNRESOLVED - 1, "{n}x Govern teh Unaligned{n}"), cards)
    assert len(deck.unresolved) == DECK_UNRESOLVED - 1
    assert all(line.suggestions for line in deck.unresolved)


def test_outside_a_request_only_the_per_deck_bounds_hold(cards):
    # The CLI and the archive import: any number of decklists, each read in full.
    for _ in range(30):
        decklist.parse(LEGAL + junk(DECK_UNRESOLVED - 1), cards)
    assert budget.current().lines is None and budget.current().spent == ""


# --- per request --------------------------------------------------------------------------------


def read_all(sources: list[str], cards, spending: Budget) -> list[str]:
    """ "ok" or the refusal's message id, per decklist, in order."""
    out = []
    with budget.spending(spending):
        for source in sources:
            try:
                decklist.parse(source, cards)
                out.append("ok")
            except decklist.DecklistError as exc:
                out.append(exc.message_id)
    return out


def test_lines_past_the_request_budget_are_not_read(cards):
    lines = LEGAL.count("\n") + 1  # 6, the last one empty
    spending = Budget(lines=3 * lines)
    assert read_all([LEGAL] * 5, cards, spending) == ["ok", "ok", "ok", "WORK_BUDGET_LINES", "WORK_BUDGET_LINES"]
    assert spending.lines_read == 3 * lines and spending.spent == "lines"


def test_once_spent_no_later_decklist_is_read_even_a_small_one(cards):
    spending = Budget(lines=100)
    big = LEGAL + "\n" * 200
    assert read_all([big, LEGAL], cards, spending) == ["WORK_BUDGET_LINES", "WORK_BUDGET_LINES"]


def test_unknown_lines_past_the_request_budget_stop_the_request(cards):
    spending = Budget(unresolved=25)
    sources = [LEGAL + junk(10, f"{{n}}x Zorblax{k} Quux {{n}}") for k in range(5)]
    assert read_all(sources, cards, spending) == ["ok", "ok", "WORK_BUDGET_UNRESOLVED", *["WORK_BUDGET_UNRESOLVED"] * 2]
    assert spending.unresolved_seen == 25


def test_suggestions_are_capped_per_request(cards):
    spending = Budget(suggestions=12)
    sources = [LEGAL + junk(5, f"{{n}}x Govern teh Unaligned{k}{{n}}") for k in range(4)]
    assert read_all(sources, cards, spending) == ["ok", "ok", "WORK_BUDGET_SUGGESTIONS", "WORK_BUDGET_SUGGESTIONS"]
    assert spending.suggested == 12


def test_the_cpu_backstop_stops_a_request_whatever_its_shape(cards):
    # A safety net for input no count foresaw: with no CPU time at all to spend, nothing long is read.
    spending = Budget(cpu_seconds=0)
    assert read_all([LEGAL * 200] * 2, cards, spending) == ["WORK_BUDGET_CPU_SECONDS"] * 2


def test_only_the_time_spent_reading_decklists_counts_against_the_cpu_limit(cards):
    # The request's other work (a card index rebuilt after an import, say) must not refuse its decklists.
    spending = Budget(cpu_seconds=0.05)
    with budget.spending(spending):
        began = time.thread_time()
        while time.thread_time() - began < 0.1:  # CPU spent before any decklist is read
            pass
    assert read_all([LEGAL], cards, spending) == ["ok"]


def test_a_refusal_names_its_limit(cards):
    with budget.spending(Budget(lines=5)), pytest.raises(BudgetSpent) as caught:
        decklist.parse(LEGAL, cards)
    assert caught.value.params == {"limit": 5}
    assert str(caught.value).startswith("Not checked: this request had already read 5 lines")
