"""The condition language: what it reads, what it refuses (and how it says so), and the exact odds it gives,
checked against dealing every opening hand of a small deck."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pytest

from vtesdeck.core import conditions, odds
from vtesdeck.core.conditions import ConditionError, DeckCards, DrawsError

LIBRARY = {"Govern the Unaligned": 3, "Blood Doll": 2, "Deflection": 1, "Majesty": 2, "Hostile Takeover": 2}
CRYPT = {"Lodin (Olaf Holte)": 2, "Anson": 1, "Maxwell": 1, "Ember Wright": 1, "Tupdog": 1}


@pytest.fixture(scope="module")
def small(cards) -> DeckCards:
    """A 10-card library and a 6-card crypt: few enough hands (120 × 15) to deal every one."""
    return DeckCards(
        library=[cards.lookup(name) for name in LIBRARY], crypt=[cards.lookup(name) for name in CRYPT], cards=cards
    )


def every_opening(small: DeckCards):
    """Every (7 library cards, 4 crypt cards) opening of the small deck, copies told apart."""
    library = [card for card, n in zip(small.library, LIBRARY.values(), strict=True) for _ in range(n)]
    crypt = [card for card, n in zip(small.crypt, CRYPT.values(), strict=True) for _ in range(n)]
    for hand in itertools.combinations(library, 7):
        for drawn in itertools.combinations(crypt, 4):
            yield hand, drawn


def count(cards, test) -> int:
    return sum(1 for card in cards if test(card))


# Each condition beside the same question asked of a hand in plain Python, card by card.
READINGS = [
    (
        'library.type("Master") >= 1 and crypt.capacity("<=6") >= 2',
        lambda h, c: count(h, lambda x: "Master" in x.types) >= 1 and count(c, lambda x: x.capacity <= 6) >= 2,
    ),
    (
        'library.discipline("dom") + library.clan("Ventrue") >= 5 or not crypt.discipline("DOM")',
        lambda h, c: (
            count(h, lambda x: "dom" in x.discipline_requirement.codes)
            + count(h, lambda x: "Ventrue" in x.requirements.clans)
            >= 5
            or not count(c, lambda x: x.has_discipline("dom", superior=True)) >= 1
        ),
    ),
    (
        'crypt.title() == 0 or library.card("Govern the Unaligned") != 1',
        lambda h, c: (
            count(c, lambda x: bool(x.title)) == 0 or count(h, lambda x: x.name == "Govern the Unaligned") != 1
        ),
    ),
    (
        'crypt.title("prince") > crypt.sect("Sabbat")',
        lambda h, c: count(c, lambda x: x.title == "prince") > count(c, lambda x: x.sect == "Sabbat"),
    ),
    (
        'library.card(100199) < 2 AND (crypt.clan("ventrue") or crypt.card("Tupdog"))',  # Blood Doll by id
        lambda h, c: (
            count(h, lambda x: x.name == "Blood Doll") < 2
            and (count(c, lambda x: x.clans == ("Ventrue",)) >= 1 or count(c, lambda x: x.name == "Tupdog") >= 1)
        ),
    ),
    ('not not library.type("combat")', lambda h, c: count(h, lambda x: "Combat" in x.types) >= 1),
    (
        '4 <= library.type("Master") + library.type("Reaction")',
        lambda h, c: count(h, lambda x: "Master" in x.types or "Reaction" in x.types) >= 4,
    ),
    ('crypt.discipline("Dominate") >= 3', lambda h, c: count(c, lambda x: x.has_discipline("dom")) >= 3),
    (
        "crypt.capacity(8) == 2 or crypt.capacity('> 8') + 1 == crypt.capacity(\"<3\")",
        lambda h, c: (
            count(c, lambda x: x.capacity == 8) == 2
            or count(c, lambda x: x.capacity > 8) + 1 == count(c, lambda x: x.capacity < 3)
        ),
    ),
]


@pytest.mark.parametrize("text, reading", READINGS, ids=[text for text, _ in READINGS])
def test_exact_odds_match_every_opening_hand(small, text, reading):
    compiled = conditions.compile_condition(text, small)
    hits = total = 0
    for hand, drawn in every_opening(small):
        total += 1
        hits += bool(reading(hand, drawn))
    p = conditions.exact_probability(compiled, list(LIBRARY.values()), list(CRYPT.values()))
    assert p == float(Fraction(hits, total))
    assert 0 < hits < total  # a condition that always or never holds would prove little


@pytest.mark.parametrize("text, reading", READINGS, ids=[text for text, _ in READINGS])
def test_the_vectorised_evaluation_agrees_hand_by_hand(small, text, reading):
    compiled = json.loads(json.dumps(conditions.compile_condition(text, small)))  # as a worker receives it
    hands = list(every_opening(small))
    library_index = {card.id: i for i, card in enumerate(small.library)}
    crypt_index = {card.id: i for i, card in enumerate(small.crypt)}
    values = []
    for comparison in compiled["comparisons"]:
        values.append(
            np.array(
                [
                    sum(comparison["library"][library_index[x.id]] for x in hand)
                    + sum(comparison["crypt"][crypt_index[x.id]] for x in drawn)
                    for hand, drawn in hands
                ]
            )
        )
    expected = [bool(reading(hand, drawn)) for hand, drawn in hands]
    assert conditions.evaluate(compiled, values).tolist() == expected


def test_disjoint_minimums_are_the_multivariate_hypergeometric(small):
    # 4 Masters and 3 Govern the Unaligned are different cards: the joint law applies directly.
    compiled = conditions.compile_condition(
        'library.type("Master") >= 1 and library.card("Govern the Unaligned") >= 2', small
    )
    p = conditions.exact_probability(compiled, list(LIBRARY.values()), list(CRYPT.values()))
    assert p == odds.p_at_least_joint(10, [(4, 1), (3, 2)], 7)
    # Library and crypt are shuffled apart: their odds multiply.
    compiled = conditions.compile_condition('library.type("Master") >= 2 and crypt.capacity(">=8") >= 3', small)
    p = conditions.exact_probability(compiled, list(LIBRARY.values()), list(CRYPT.values()))
    assert p == pytest.approx(odds.p_at_least(10, 4, 7, 2) * odds.p_at_least(6, 4, 4, 3), rel=1e-12)


def test_conditions_too_costly_to_count_exactly_are_left_to_the_simulation(small, monkeypatch):
    compiled = conditions.compile_condition('library.type("Master") >= 1 and crypt.title() >= 1', small)
    monkeypatch.setattr(conditions, "MAX_EXACT_OUTCOMES", 10)
    assert conditions.exact_probability(compiled, list(LIBRARY.values()), list(CRYPT.values())) is None


def test_the_compiled_form_weighs_each_distinct_card(small):
    compiled = conditions.compile_condition('library.discipline("dom") + library.card("Deflection") >= 2', small)
    (comparison,) = compiled["comparisons"]
    # Govern the Unaligned and Deflection need Dominate; Deflection is counted twice.
    assert comparison["library"] == [1, 0, 2, 0, 0]
    assert comparison["crypt"] == [0] * 5
    assert (comparison["op"], comparison["value"]) == (">=", 2)
    assert compiled["program"] == ["cmp", 0]


def test_upper_case_asks_for_the_superior_level(small):
    superior = conditions.compile_condition('crypt.discipline("DOM")', small)["comparisons"][0]["crypt"]
    any_level = conditions.compile_condition('crypt.discipline("dom")', small)["comparisons"][0]["crypt"]
    # Lodin has DOM; Anson and Ember Wright dom; Maxwell and Tupdog none.
    assert superior == [1, 0, 0, 0, 0]
    assert any_level == [1, 1, 0, 1, 0]


def test_not_binds_tighter_than_and_tighter_than_or():
    tree = conditions.parse("crypt.title() or not crypt.title() and crypt.title()")
    assert isinstance(tree, conditions.Logic) and tree.op == "or"
    right = tree.items[1]
    assert right.op == "and" and right.items[0].op == "not"


ERRORS = [
    ('library.type("Mastr") >= 1', 13, "unknown card type 'Mastr' at 13; did you mean Master?"),
    ('library.typ("Master")', 8, "did you mean type?"),
    ('libary.type("Master")', 0, "expected library or crypt, found 'libary' at 0; did you mean library?"),
    ('library.type("Master") >= ', 26, "expected a count"),
    ('library.type("Master") => 1', 23, "unexpected '='; write '=='"),
    ('library.type("Master") >= 1 && crypt.title()', 28, "write 'and'"),
    ('library.type("Master") >= 1 || crypt.title()', 28, "write 'or'"),
    ("!crypt.title()", 0, "write 'not'"),
    ("", 0, "the condition is empty"),
    ("   ", 3, "the condition is empty"),
    ("3 >= 1", 0, "compares two numbers"),
    ("3", 1, "expected a comparison"),
    ('crypt.capacity("<=x")', 15, "is not a capacity"),
    ("crypt.capacity()", 15, "needs a capacity"),
    ("library.type(Master)", 13, 'write it in quotes: "Master"'),
    (
        'library.card("Govern teh Unaligned")',
        13,
        "no card is named 'Govern teh Unaligned' at 13; did you mean Govern the Unaligned?",
    ),
    ('library.card("Conditioning")', 13, "Conditioning is not in this deck's library"),
    ('library.card("Tupdog")', 13, "Tupdog is a crypt card; count it with crypt.card"),
    ("crypt.card(999999)", 11, "no card is named '999999'"),
    ('library.discipline("dominat")', 19, "did you mean Dominate?"),
    ('crypt.clan("Ventru")', 11, "unknown clan 'Ventru' at 11; did you mean Ventrue?"),
    ('crypt.sect("Camarila")', 11, "did you mean Camarilla?"),
    ('crypt.title("prinse")', 12, "did you mean prince?"),
    ('library.type("Master) >= 1', 13, "no closing"),
    ("$$$", 0, "unexpected character '$' at 0"),
    ('library.type("Master") >= 1 crypt.title()', 28, "expected 'and', 'or' or the end"),
    ('library.type("Master") >= 1)', 27, "expected 'and', 'or' or the end, found ')'"),
    ('(library.type("Master") >= 1', 28, "expected ')'"),
    ("not", 3, "found the end"),
    ("crypt.title() >= 99999999", 17, "too large to count cards"),
    ("crypt.card(1234567890)", 11, "too large"),
    ("library", 7, "expected '.' after library"),
    ('library.type("Master") >= 1 or ' * 12, 300, "longer than 300 characters"),
    ("(" * 25 + "crypt.title()" + ")" * 25, 20, "nests more than 20 levels"),
    ("not " * 25 + "crypt.title()", 80, "nests more than 20 levels"),
    ("+".join(["crypt.title()"] * 17), 224, "at most 16 things"),
]


@pytest.mark.parametrize("text, position, message", ERRORS, ids=[e[0][:40] or "empty" for e in ERRORS])
def test_mistakes_are_pointed_at_in_a_sentence(small, text, position, message):
    with pytest.raises(ConditionError) as caught:
        conditions.compile_condition(text, small, index=3)
    error = caught.value
    assert message in str(error)
    assert error.position == position
    assert error.expression == text
    assert error.index == 3
    assert isinstance(error, DrawsError) and isinstance(error, ValueError)


def test_a_condition_must_be_text(small):
    with pytest.raises(ConditionError, match="must be text"):
        conditions.compile_condition(["library.type('Master')"], small)  # type: ignore[arg-type]


def test_random_garbage_never_escapes_as_anything_but_a_condition_error(small):
    rng = np.random.default_rng(5)
    alphabet = list("libraycpt.()\"'<>=!&|+ 0123456789andortMasterDOM")
    for _ in range(2000):
        text = "".join(rng.choice(alphabet, size=int(rng.integers(0, 40))))
        try:
            conditions.compile_condition(text, small)
        except ConditionError as error:
            assert 0 <= error.position <= len(text)
