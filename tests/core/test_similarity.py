"""Similar decks: a deck is nearest to itself, cards a deck shares count by how rare they are, and the crypt
and the library each hold their share of the likeness (vtesdeck.core.similarity)."""

from __future__ import annotations

import math

import pytest

from vtesdeck.core.similarity import CRYPT_WEIGHT, Entry, SimilarityIndex, Weights

# Card ids stand for cards; only their sharing matters here.
VAMPIRES = {1: 4, 2: 4, 3: 4}
OTHER_VAMPIRES = {11: 6, 12: 6}
STAPLE, RARE, FILLER = 100, 200, 300


def weights_for(*decks: tuple[dict[int, int], dict[int, int]]) -> Weights:
    return Weights.from_decks((crypt, library) for crypt, library in decks)


def test_a_deck_is_wholly_like_itself_and_nearest_to_itself():
    decks = {"a": (VAMPIRES, {STAPLE: 4, RARE: 4}), "b": (OTHER_VAMPIRES, {STAPLE: 4, FILLER: 8})}
    weights = weights_for(*decks.values())
    index = SimilarityIndex.build((Entry(k, c, lib) for k, (c, lib) in decks.items()), weights)
    query = weights.vector(*decks["a"])
    nearest = index.nearest(query, 2)
    assert [n.key for n in nearest] == ["a", "b"]
    assert nearest[0].similarity == pytest.approx(1.0, abs=1e-4)
    assert 0 < nearest[1].similarity < 1


def test_the_same_library_under_another_crypt_keeps_the_librarys_share_of_the_likeness():
    library = {STAPLE: 4, RARE: 3}
    weights = weights_for((VAMPIRES, library), (OTHER_VAMPIRES, library))
    index = SimilarityIndex.build([Entry("other crypt", OTHER_VAMPIRES, library)], weights)
    similarity = index.nearest(weights.vector(VAMPIRES, library), 1)[0].similarity
    assert similarity == pytest.approx(1 - CRYPT_WEIGHT, abs=1e-4)


def test_sharing_a_rare_card_makes_decks_more_alike_than_sharing_a_staple():
    # Every deck plays the staple; one other deck plays the rare card.
    pool = [(VAMPIRES, {STAPLE: 1, FILLER + i: 1}) for i in range(20)] + [(VAMPIRES, {RARE: 1, STAPLE: 1})]
    weights = weights_for(*pool)
    assert weights.idf(RARE) > weights.idf(STAPLE)
    entries = [
        Entry("shares the rare card", {}, {RARE: 1, 901: 1}),
        Entry("shares the staple", {}, {STAPLE: 1, 902: 1}),
    ]
    index = SimilarityIndex.build(entries, weights)
    nearest = index.nearest(weights.vector({}, {RARE: 1, STAPLE: 1}), 2)
    assert [n.key for n in nearest] == ["shares the rare card", "shares the staple"]


def test_more_copies_count_but_less_than_the_first():
    weights = weights_for((VAMPIRES, {STAPLE: 1}))
    one, nine = (weights.vector({}, {STAPLE: n}).values[0] for n in (1, 9))
    assert one == pytest.approx(nine)  # alone in its part, a card's weight is normalised away…
    mixed = weights.vector({}, {STAPLE: 9, RARE: 1})
    assert mixed.values[0] / mixed.values[1] == pytest.approx(
        math.log1p(9) * weights.idf(STAPLE) / (math.log1p(1) * weights.idf(RARE))
    )  # …beside another, nine copies weigh log(10)/log(2) times one copy, not nine times


def test_nearest_leaves_out_the_excluded_decks_and_those_sharing_no_card():
    weights = weights_for((VAMPIRES, {STAPLE: 1}))
    entries = [
        Entry("me", VAMPIRES, {STAPLE: 1}),
        Entry("twin", VAMPIRES, {STAPLE: 2}),
        Entry("stranger", {7: 12}, {8: 60}),
    ]
    index = SimilarityIndex.build(entries, weights)
    assert [n.key for n in index.nearest(weights.vector(VAMPIRES, {STAPLE: 1}), 10, exclude=["me"])] == ["twin"]
    assert index.cards(index.row("twin")) == (VAMPIRES, {STAPLE: 2})


def test_nearest_refuses_an_unbounded_k():
    index = SimilarityIndex.build([], weights_for())
    with pytest.raises(ValueError):
        index.nearest(weights_for().vector(VAMPIRES, {}), 10_000)
    assert index.nearest(weights_for().vector(VAMPIRES, {}), 5) == []


def test_an_updated_index_answers_as_one_built_afresh_and_leaves_the_old_one_as_it_was():
    import random

    rng = random.Random(7)

    def deck() -> tuple[dict[int, int], dict[int, int]]:
        crypt = {rng.randint(1, 30): rng.randint(1, 4) for _ in range(rng.randint(0, 6))}
        return crypt, {rng.randint(100, 160): rng.randint(1, 9) for _ in range(rng.randint(1, 20))}

    decks = {f"d{i:02d}": deck() for i in range(40)}
    weights = weights_for(*decks.values())
    before = SimilarityIndex.build((Entry(k, *cards) for k, cards in decks.items()), weights)
    answers_before = {k: before.nearest(weights.vector(*cards), 40) for k, cards in decks.items()}
    # Some decks leave, some change, some are new (with a card no deck played: a new column).
    gone = ["d03", "d17", "d39", "not held"]
    changed = {k: deck() for k in ("d00", "d20", "d21")} | {"new 1": deck(), "new 2": ({5: 2}, {999: 3})}
    after = before.updated((Entry(k, *cards) for k, cards in changed.items()), weights, remove=gone, version="v2")
    now = {k: cards for k, cards in decks.items() if k not in gone} | changed
    afresh = SimilarityIndex.build((Entry(k, *cards) for k, cards in now.items()), weights)
    assert after.version == "v2" and len(after) == len(afresh) == len(now)
    for key, cards in [*now.items(), ("a stranger", deck())]:
        query = weights.vector(*cards)
        got = [(n.key, n.similarity) for n in after.nearest(query, 50)]
        assert got == [(n.key, n.similarity) for n in afresh.nearest(query, 50)]
        if key in now:
            assert after.cards(after.row(key)) == afresh.cards(afresh.row(key)) == cards
    assert after.row("d03") is None and after.row("new 2") is not None
    # The index it came from is untouched: readers holding it keep their answers.
    assert {k: before.nearest(weights.vector(*cards), 40) for k, cards in decks.items()} == answers_before


def test_equally_similar_decks_are_ranked_by_key_whatever_their_rows():
    weights = weights_for((VAMPIRES, {STAPLE: 1}))
    index = SimilarityIndex.build([Entry(key, VAMPIRES, {STAPLE: 1}) for key in ("c", "a", "b")], weights)
    index = index.updated([Entry("0", VAMPIRES, {STAPLE: 1})], weights)  # the last row, the first key
    query = weights.vector(VAMPIRES, {STAPLE: 1})
    assert [n.key for n in index.nearest(query, 3)] == ["0", "a", "b"]
    rows, scores = index.ranking(query, 4, exclude=["a"])
    assert [index.keys[row] for row in rows] == ["0", "b", "c"] and scores.tolist() == pytest.approx([1.0] * 3)
