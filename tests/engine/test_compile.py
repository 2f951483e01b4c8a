"""The compiler reads a card's disciplines from its text (rulebook 2.3: a library card's discipline icons say which
discipline, at which level, plays each of its effects), so a spec says only what the data cannot."""

from __future__ import annotations

import pytest

from vtesdeck.core.engine.cards import Mode, Spec
from vtesdeck.core.engine.compile import _check_levels, card_levels, compiled, with_disciplines
from vtesdeck.core.engine.vocabulary import Bleed
from vtesdeck.core.engine.windows import W


@pytest.mark.parametrize(
    "name, levels",
    [
        ("Conditioning", ((("dom",), False), (("dom",), True))),
        # [pot][ser] is one line of two disciplines; upper case is superior
        ("Typhonic Beast", ((("ser",), False), (("pot", "ser"), False), (("pot", "ser"), True))),
        # the card-type icons of a multi-type card are no disciplines
        ("Resist Earth's Grasp", ((("cel",), False), (("cel",), True))),
        ("Line Brawl", ((("cel",), False), (("pot",), False), (("pre",), False))),
        ("Govern the Unaligned", ((("dom",), False), (("dom",), True))),
        ("Pentex(TM) Subversion", ()),
        ("Dreams of the Sphinx", ()),
    ],
)
def test_a_cards_levels_are_its_lines_that_open_with_discipline_icons(cards, name: str, levels) -> None:
    assert card_levels(cards.lookup(name)) == levels


def test_a_mode_that_names_no_discipline_gets_the_cards_line_at_its_level(cards) -> None:
    comp = compiled(cards)
    conditioning = cards.lookup("Conditioning").id
    basic, superior = (comp.by_mode[conditioning, i].mode for i in (0, 1))
    assert (basic.disciplines, basic.superior, basic.level) == (("dom",), False, "[dom]")
    assert (superior.disciplines, superior.superior, superior.level) == (("dom",), True, "[DOM]")
    # what the bots read (comp.specs) is what the rules check (the handlers)
    assert comp.specs[conditioning].modes == (basic, superior)


def test_a_card_without_disciplines_keeps_none(cards) -> None:
    comp = compiled(cards)
    sphinx = cards.lookup("Dreams of the Sphinx").id
    assert all(h.mode.disciplines == () for h in comp.by_mode.values() if h.card == sphinx)


def test_every_compiled_mode_plays_a_line_of_its_card_at_its_level(cards) -> None:
    comp = compiled(cards)
    checked = 0
    for handler in comp.by_mode.values():
        card = cards[handler.card]
        levels = card_levels(card)
        if card.is_crypt or handler.mode.in_play or not levels:
            continue
        lines = {frozenset(d) for d, superior in levels if superior == handler.mode.superior}
        named = frozenset(handler.mode.disciplines)
        several = "more than one discipline" in card.text.lower()
        assert named in lines or (several and named <= frozenset().union(*lines)), (card.name, handler.index)
        checked += 1
    assert checked > 150


def _conditioning(cards, *modes: Mode, missing: str = "") -> tuple:
    return cards.lookup("Conditioning"), Spec("Conditioning", modes, missing=missing)


def test_a_discipline_the_card_does_not_print_at_that_level_is_refused(cards) -> None:
    card, spec = _conditioning(cards, Mode(window=W.BLOCKS_DECLINED, disciplines=("aus",), effects=(Bleed(2),)))
    with pytest.raises(ValueError, match=r"Conditioning, mode 0: \[aus\] is no basic line of the card"):
        with_disciplines(card, spec, 0, spec.modes[0])


def test_a_spec_may_not_repeat_what_the_card_data_says(cards) -> None:
    card, spec = _conditioning(cards, Mode(window=W.BLOCKS_DECLINED, disciplines=("dom",), effects=(Bleed(2),)))
    with pytest.raises(ValueError, match=r"\[dom\] is the card's only basic line; say nothing"):
        with_disciplines(card, spec, 0, spec.modes[0])


def test_a_card_with_a_line_per_discipline_needs_each_mode_to_name_its_own(cards) -> None:
    card = cards.lookup("Line Brawl")
    spec = Spec("Line Brawl", (Mode(window=W.ACTION, bleeds=True, bleed=1),))
    with pytest.raises(
        ValueError, match=r"name its disciplines; the card's basic lines are \[cel\] or \[pot\] or \[pre\]"
    ):
        with_disciplines(card, spec, 0, spec.modes[0])
    named = Mode(window=W.ACTION, disciplines=("pre",), bleeds=True, bleed=1)
    assert with_disciplines(card, spec, 0, named) is named
    # Line Brawl's lines do not add up: [cel][pre] is no way to play it
    both = Mode(window=W.ACTION, disciplines=("cel", "pre"), bleeds=True, bleed=1)
    with pytest.raises(ValueError, match="no basic line"):
        with_disciplines(card, spec, 0, both)


def test_more_than_one_discipline_lets_a_mode_add_the_lines_up(cards) -> None:
    card = cards.lookup("Platinum Protocol, The")
    mode = Mode(window=W.ACTION, disciplines=("obf", "pre"), bleeds=True, stealth=1, bleed=1)
    assert with_disciplines(card, Spec(card.name, (mode,)), 0, mode) is mode


def test_a_mode_may_not_name_a_discipline_of_a_card_without_one(cards) -> None:
    card = cards.lookup("Dreams of the Sphinx")
    mode = Mode(window=W.MASTER, disciplines=("dom",))
    with pytest.raises(ValueError, match="the card has no discipline"):
        with_disciplines(card, Spec(card.name, (mode,)), 0, mode)


def test_every_line_of_the_card_has_a_mode_or_the_spec_says_it_leaves_it_out(cards) -> None:
    basic = Mode(window=W.BLOCKS_DECLINED, disciplines=("dom",), effects=(Bleed(2),))
    card, spec = _conditioning(cards, basic)
    with pytest.raises(ValueError, match=r"Conditioning: no mode plays its \[DOM\] line"):
        _check_levels(card, spec, spec.modes)
    card, spec = _conditioning(cards, basic, missing="[DOM] is not modelled.")
    _check_levels(card, spec, spec.modes)  # partial, and says so
    superior = Mode(window=W.BLOCKS_DECLINED, disciplines=("dom",), superior=True, effects=(Bleed(3),))
    card, spec = _conditioning(cards, basic, superior)
    _check_levels(card, spec, spec.modes)
