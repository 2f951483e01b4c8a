"""Suggestions (vtesdeck.core.suggest): cards the similar decks play far more than decks in general do, cards
they hardly play, and the hard rules no suggestion may break, checked over hundreds of archive decks: an add
never breaks the crypt group rule, is always playable by some vampire of the crypt, and is never banned or not
yet legal on the deck's own event date."""

from __future__ import annotations

import datetime
import random

import pytest

from tests.core.test_formats import v5_days_by_the_csvs
from tests.paths import TWDA
from vtesdeck.core import decklist, eligibility
from vtesdeck.core.deck import Deck
from vtesdeck.core.similarity import Entry, SimilarityIndex, Weights
from vtesdeck.core.suggest import Measured, Peer, core_and_flex, legal_adds, suggest
from vtesdeck.core.validate import validate

SAMPLED = 300
SEED = 17
VAMPIRES = {1: 6, 2: 6}


def peers(*libraries: dict[int, int]) -> list[Peer]:
    return [Peer(f"p{i}", 0.9, VAMPIRES, library) for i, library in enumerate(libraries)]


# --- ranking, on made-up decks -------------------------------------------------------------------------


def test_a_card_every_similar_deck_plays_and_few_others_do_is_the_first_add_with_its_reason_numbers():
    # 100 reference decks: card 50 in 10 of them, card 60 in 80; 5 similar decks all play both.
    weights = Weights({50: 10, 60: 80, 70: 3}, 100)
    near = peers(*({50: 3, 60: 1, 70: 1} if i < 2 else {50: 2 + i, 60: 1} for i in range(5)))
    found = suggest(VAMPIRES, {99: 1}, near, weights)
    assert [s.card_id for s in found.add][:2] == [50, 60]
    first = found.add[0]
    assert (first.decks, first.of, first.share, first.base_share) == (5, 5, 1.0, 0.1)
    assert first.copies == (3, 5)  # the quartiles of 3, 3, 4, 5, 6
    assert 70 not in [s.card_id for s in found.add]  # in 2 of 5 similar decks only: under MIN_DECKS


def test_a_card_the_deck_already_plays_is_never_an_add():
    weights = Weights({50: 10}, 100)
    assert suggest(VAMPIRES, {50: 1}, peers(*[{50: 2}] * 5), weights).add == []


def test_a_card_no_similar_deck_plays_is_a_cut_the_more_copies_the_first():
    weights = Weights({50: 10, 7: 40, 8: 40}, 100)
    found = suggest(VAMPIRES, {50: 3, 7: 1, 8: 4}, peers(*[{50: 2}] * 10), weights)
    assert [s.card_id for s in found.cut] == [8, 7]
    assert found.cut[0].decks == 0 and found.cut[0].in_deck == 4 and found.cut[0].score == 1.0


def test_cuts_from_a_card_impact_are_the_modelled_cards_whose_interval_is_not_above_zero_lowest_first():
    weights = Weights({50: 10, 7: 40, 8: 40, 9: 40, 10: 40, 11: 40}, 100)
    deck = {50: 3, 7: 1, 8: 4, 9: 2, 10: 2, 11: 1}
    measured = [
        Measured(50, 0.30, (0.10, 0.50), 100),  # brings VP: never a cut
        Measured(7, 0.02, (-0.10, 0.14), 100),  # around 0
        Measured(8, -0.20, (-0.35, -0.05), 100),  # the deck did better without it
        Measured(9, -0.40, (-0.90, 0.10), 100, modelled=False),  # plays as a blank already: says nothing
        Measured(10, -0.50, None, 1),  # one game: no interval
        Measured(11, -0.10, (-0.30, 0.10), 100),
        Measured(12, -0.90, (-1.0, -0.5), 100),  # measured, but no longer in the deck
    ]
    found = suggest(VAMPIRES, deck, peers(*[{50: 2, 7: 1}] * 10), weights, measured=measured)
    assert [s.card_id for s in found.cut] == [8, 11, 7]
    cut = found.cut[0]
    assert (cut.score, cut.in_deck, cut.measured) == (0.2, 4, measured[2])
    assert found.cut[2].decks == 10  # the similar decks' figures kept beside its own
    # Without a card impact, the cuts are the similar decks' as ever.
    assert [s.card_id for s in suggest(VAMPIRES, deck, peers(*[{50: 2, 7: 1}] * 10), weights).cut] != [8, 11, 7]
    assert suggest(VAMPIRES, deck, peers(*[{50: 2}] * 10), weights, measured=measured, limit=1).cut[0].card_id == 8


def test_the_hard_rules_filter_adds_before_the_limit():
    weights = Weights({50: 10, 60: 10, 70: 10}, 100)
    near = peers(*[{50: 1, 60: 1, 70: 1}] * 5)
    found = suggest(VAMPIRES, {}, near, weights, allowed=lambda ids: {i for i in ids if i != 50}, limit=1)
    assert [s.card_id for s in found.add] == [60]


def test_core_cards_are_those_most_similar_decks_play_and_flex_those_none_does():
    near = peers({50: 1, 60: 1}, {50: 1}, {50: 2, 70: 1})
    common, flex = core_and_flex({}, {50: 3, 99: 1}, near)
    assert common == [(1, 3, 0), (2, 3, 0), (50, 3, 3)]  # card 60: in 1 of 3, not most
    assert flex == [99]


# --- the hard rules, over the archive -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def archive(cards) -> list[tuple[str, Deck]]:
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    return [(path.stem, decklist.parse(path.read_bytes(), cards, path=path.name)) for path in sorted(TWDA.iterdir())]


@pytest.fixture(scope="module")
def archive_index(archive) -> tuple[Weights, SimilarityIndex]:
    weights = Weights.from_decks((deck.crypt, deck.library) for _key, deck in archive)
    return weights, SimilarityIndex.build((Entry(key, deck.crypt, deck.library) for key, deck in archive), weights)


def test_no_add_breaks_the_group_rule_is_unplayable_by_the_crypt_or_is_out_of_the_format_on_the_day(
    archive, archive_index, cards
):
    weights, index = archive_index
    sample = random.Random(SEED).sample(archive, SAMPLED)
    with_adds = 0
    for key, deck in sample:
        day = deck.event.date
        near = index.nearest(weights.vector(deck.crypt, deck.library), 50, exclude=[key])
        found = suggest(
            deck.crypt,
            deck.library,
            [Peer(n.key, n.similarity, *index.cards(n.row)) for n in near],
            weights,
            limit=50,
            allowed=lambda ids, d=deck, day=day: legal_adds(d.crypt, d.library, ids, cards, as_of=day),
        )
        with_adds += bool(found.add)
        groups_broken = any(i.code == "CRYPT_GROUPS" for i in validate(deck, cards, as_of=day).errors)
        for add in found.add:
            card = cards[add.card_id]
            alone = validate(
                Deck(crypt={card.id: 1}) if card.is_crypt else Deck(library={card.id: 1}), cards, as_of=day
            )
            pool_codes = {i.code for i in alone.errors if card.id in i.cards}
            assert not pool_codes & {"BANNED_CARD", "NOT_YET_LEGAL", "NOT_IN_FORMAT"}, (key, card.name, pool_codes)
            assert not card.first_release or card.first_release <= day, (key, card.name)
            if card.is_crypt:
                bigger = Deck(crypt={**deck.crypt, card.id: deck.crypt.get(card.id, 0) + 1}, library=deck.library)
                broken = any(i.code == "CRYPT_GROUPS" for i in validate(bigger, cards, as_of=day).errors)
                assert groups_broken or not broken, (key, card.name)
            else:
                playable = any(eligibility.can_play(cards[v], card, may_become_anarch=True) for v in deck.crypt)
                assert playable, (key, card.name)
    assert with_adds >= SAMPLED * 0.8  # the rules leave suggestions to make: this test checks real adds


def test_adds_for_a_deck_of_a_reduced_format_stay_in_its_card_pool(archive, archive_index, cards, bundled_files):
    """A deck built for V5 is offered V5 cards only, whatever the similar decks (of any format) play: cards
    whose V5-era printing (by the official CSVs' dates) is legal on the day, and not banned."""
    day = datetime.date(2025, 1, 1)
    v5 = {card_id for card_id, since in v5_days_by_the_csvs(bundled_files).items() if since <= day}
    weights, index = archive_index
    offered = 0
    for key, deck in random.Random(SEED).sample(archive, 50):
        near = index.nearest(weights.vector(deck.crypt, deck.library), 50, exclude=[key])
        peers = [Peer(n.key, n.similarity, *index.cards(n.row)) for n in near]
        found = suggest(
            deck.crypt,
            deck.library,
            peers,
            weights,
            limit=50,
            allowed=lambda ids, d=deck: legal_adds(d.crypt, d.library, ids, cards, ruleset="v5", as_of=day),
        )
        offered += len(found.add)
        outside = [cards[s.card_id].name for s in found.add if s.card_id not in v5 or cards[s.card_id].banned]
        assert not outside, (key, outside)
    assert offered  # V5 leaves cards to offer: the check above saw real adds
