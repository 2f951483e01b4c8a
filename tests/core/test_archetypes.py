"""Tags and named archetypes (vtesdeck.core.archetypes): what a deck does, read from its cards, and the
curated reference decks of the archive each classified as their own archetype."""

from __future__ import annotations

import math
import re

import pytest

from tests.paths import TWDA
from vtesdeck.core import archetypes, decklist
from vtesdeck.core.deck import Deck


def _deck(cards, library: dict[str, int], crypt: dict[str, int] | None = None) -> Deck:
    crypt = crypt or {"Tupdog": 12}

    def ids(part: dict[str, int]) -> dict[int, int]:
        return {cards.lookup(name).id: n for name, n in part.items()}

    return Deck(crypt=ids(crypt), library=ids(library))


@pytest.fixture(scope="module")
def references(cards) -> dict[str, dict[str, float]]:
    """Archive deck id → tags, for every reference deck of the data file, parsed from the archive's files."""
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    found = {}
    for archetype in archetypes.named_archetypes():
        for deck_id, _why in archetype.references:
            path = TWDA / f"{deck_id}.txt"
            assert path.is_file(), f"reference deck {deck_id} of {archetype.slug} is not in the archive"
            text = decklist.decode(path.read_bytes())
            deck = decklist.FORMATS[decklist.detect(text)].parse(text, cards)
            assert not deck.unresolved, deck_id
            found[deck_id] = archetypes.tags(deck, cards)
    return found


# --- the tags ----------------------------------------------------------------------------------------------


def test_every_tag_is_scored_between_0_and_1(cards):
    scores = archetypes.tags(
        _deck(cards, {"Govern the Unaligned": 30, "Deflection": 30, "Kine Resources Contested": 30}), cards
    )
    assert set(scores) == set(archetypes.TAGS)
    assert all(0.0 <= value <= 1.0 for value in scores.values())


@pytest.mark.parametrize(
    "card, tag",
    [
        ("Conditioning", "bleed"),  # [dom] +2 bleed on a bleed action
        ("Lost in Crowds", "stealth"),  # +1 stealth, an action modifier
        ("Eyes of Argus", "block"),  # +2 intercept
        ("Forced Awakening", "block"),  # a locked vampire wakes and can block
        ("Kine Resources Contested", "vote"),  # a political action
        ("Bum's Rush", "rush"),  # (D) Enter combat with a minion
        ("Immortal Grapple", "combat"),  # a combat card with a press
        ("Carlton Van Wyk", "ally"),
        ("Embrace, The", "swarm"),  # a new 1-capacity vampire
        ("Villein", "acceleration"),  # blood moved to your pool
        ("Minion Tap", "acceleration"),
    ],
)
def test_a_card_feeds_the_tag_its_text_gives_it_fully(cards, card, tag):
    assert archetypes.card_weights(cards)[cards.lookup(card).id][tag] == 1.0


def test_a_card_without_the_effect_feeds_nothing(cards):
    weights = archetypes.card_weights(cards)
    assert "vote" not in weights[cards.lookup("Conditioning").id]
    assert "bleed" not in weights[cards.lookup("Eyes of Argus").id]
    assert "rush" not in weights[cards.lookup("Immortal Grapple").id]  # combat, but it starts no fight


def test_a_library_of_political_actions_is_all_vote_and_no_bleed(cards):
    scores = archetypes.tags(_deck(cards, {"Kine Resources Contested": 40, "Parity Shift": 40}), cards)
    assert scores["vote"] == 1.0
    assert scores["bleed"] == scores["stealth"] == scores["combat"] == 0.0


def test_a_few_copies_score_lower_than_a_deck_built_on_the_card(cards):
    few = archetypes.tags(_deck(cards, {"Eyes of Argus": 4, "Blood Doll": 76}), cards)
    many = archetypes.tags(_deck(cards, {"Eyes of Argus": 20, "Blood Doll": 60}), cards)
    assert 0 < few["block"] < many["block"]


def test_small_vampires_make_a_swarm_large_ones_do_not(cards):
    library = {"Blood Doll": 80}
    small = archetypes.tags(_deck(cards, library, crypt={"Tupdog": 12}), cards)  # capacity 1
    large = archetypes.tags(_deck(cards, library, crypt={"Anson": 12}), cards)  # capacity 8
    assert small["swarm"] > 0 and large["swarm"] == 0.0


@pytest.mark.parametrize(
    "deck_id, tag",
    [
        ("12170", "vote"),  # Lutz: Voter Captivation, Kine Resources Contested
        ("12655", "block"),  # Ian Carfax: Eyes of Argus, Telepathic Misdirection
        ("13133", "ally"),  # Jake Washington, Piper, War Ghoul
    ],
)
def test_a_clear_deck_scores_its_plan_highest(references, deck_id, tag):
    scores = references[deck_id]
    others = [value for name, value in scores.items() if name != tag]
    assert scores[tag] > max(others)


def test_a_stealth_bleed_deck_scores_bleed_and_stealth_above_everything_else(references):
    scores = references["12479"]  # Malkavians: Governs, Lost in Crowds, Cloak the Gathering
    others = [value for name, value in scores.items() if name not in ("bleed", "stealth")]
    assert min(scores["bleed"], scores["stealth"]) > max(others)


def test_a_rush_deck_rushes_and_fights_a_vote_deck_does_neither(references):
    rush, vote = references["12629"], references["12170"]  # Ghede Typhonic Beast; Lutz votes
    assert rush["rush"] >= 0.9 and rush["combat"] >= 0.9
    assert vote["rush"] == 0.0 and vote["combat"] < 0.2


# --- the named archetypes ----------------------------------------------------------------------------------


def test_the_curated_list_has_three_documented_references_per_name():
    named = archetypes.named_archetypes()
    assert len({a.slug for a in named}) == len(named) >= 6
    assert archetypes.UNCLASSIFIED not in {a.slug for a in named}
    for archetype in named:
        assert archetype.name and archetype.description
        assert len(archetype.references) >= 3, archetype.slug
        assert len({deck_id for deck_id, _why in archetype.references}) == len(archetype.references)
        assert all(why.strip() for _deck_id, why in archetype.references)


def test_the_data_file_centroids_are_the_mean_of_the_references(references):
    recomputed = archetypes.with_centroids(archetypes.named_archetypes(), references)
    for stored, fresh in zip(archetypes.named_archetypes(), recomputed, strict=True):
        for tag, a, b in zip(archetypes.TAGS, stored.centroid, fresh.centroid, strict=True):
            assert a == pytest.approx(b, abs=0.002), (stored.slug, tag)


def test_each_reference_deck_is_its_own_archetype_leaving_it_out_of_the_centroid(references):
    named = archetypes.named_archetypes()
    for archetype in named:
        for deck_id, _why in archetype.references:
            without = {i: v for i, v in references.items() if i != deck_id}
            match = archetypes.classify(references[deck_id], archetypes.with_centroids(named, without))
            assert match.slug == archetype.slug, (deck_id, match)


def test_a_deck_far_from_every_centroid_is_unclassified_but_names_its_nearest():
    everything = dict.fromkeys(archetypes.TAGS, 1.0)
    match = archetypes.classify(everything)
    assert match.slug == archetypes.UNCLASSIFIED
    assert match.distance > archetypes.MAX_DISTANCE
    assert match.nearest in {a.slug for a in archetypes.named_archetypes()}


def test_the_nearest_centroid_wins():
    named = archetypes.named_archetypes()
    vote = next(a for a in named if a.slug == "vote")
    at_centroid = dict(zip(archetypes.TAGS, vote.centroid, strict=True))
    match = archetypes.classify(at_centroid)
    assert match.slug == "vote" and match.distance == 0.0
    assert archetypes.classify(at_centroid, ()).slug == archetypes.UNCLASSIFIED
    assert math.isinf(archetypes.classify(at_centroid, ()).distance)


@pytest.mark.parametrize(
    "word, slug, share",
    [("vote", "vote", 0.7), ("politic", "vote", 0.7), ("wall", "wall", 0.6), ("s&b", "stealth-bleed", 0.6)],
)
def test_decks_whose_players_named_them_so_are_mostly_that_archetype(cards, word, slug, share):
    """The players' own deck names, over the whole archive: a "… vote" or "… wall" deck is mostly classified
    so (not all: "Vote & bleed", "Wall? no" exist)."""
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    found = []
    for path in sorted(TWDA.glob("*.txt")):
        text = decklist.decode(path.read_bytes())
        named = re.search(r"^Deck Name:\s*(.*)$", text, re.MULTILINE | re.IGNORECASE)
        if not named or not re.search(r"\b" + re.escape(word), named.group(1).lower()):
            continue
        deck = decklist.FORMATS[decklist.detect(text)].parse(text, cards)
        found.append(archetypes.classify(archetypes.tags(deck, cards)).slug)
    assert len(found) >= 8
    assert found.count(slug) / len(found) >= share, (found.count(slug), len(found))
