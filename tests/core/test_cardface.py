"""The text card (``vtesdeck.core.cardface``): what it shows of a card, how its text is fitted, and the file
names image mirrors use."""

from __future__ import annotations

import pytest

from vtesdeck.core import cardface


def test_a_vampire_shows_capacity_disciplines_clan_group_title_and_sect(cards):
    anson = cardface.face(cards[200107])
    assert (anson.name, anson.kind, anson.capacity, anson.group) == ("Anson", "crypt", "8", "1")
    assert anson.disciplines == "CEL PRE aus dom"  # superior in capitals, as the archive writes them
    assert anson.header == "Toreador · Vampire · G1"
    assert anson.title == "Prince, Camarilla"
    assert anson.costs == ()


def test_a_library_card_shows_its_cost_and_what_a_minion_needs(cards):
    govern = cardface.face(cards.lookup("Govern the Unaligned"))
    assert govern.costs == ("1 blood",)
    assert govern.header == "Action · 1 blood"
    assert govern.requirement == "dom"
    assert govern.paragraphs[0].startswith("[dom] (D) Bleed with +2 bleed.")
    # The card list's /Name/ marks (italics on the printed card) are not printed as slashes.
    villein = cardface.face(cards.lookup("Villein"))
    assert "Cards named Minion Tap cost" in " ".join(villein.paragraphs)
    assert villein.header == "Master"


def test_the_printed_name_is_used_and_the_printing_is_kept(cards):
    rack = cardface.face(cards.lookup("Rack, The"), printing="KMW")
    assert rack.name == "The Rack" and rack.printing == "KMW"


def test_an_advanced_vampire_is_told_apart_from_its_base_card(cards):
    advanced = cards.lookup("Alan Sovereign (ADV)")
    base = cards[advanced.base_id] if advanced.base_id else cards.lookup("Alan Sovereign")
    assert advanced.advanced and not base.advanced
    assert cardface.face(advanced).name == "Alan Sovereign (Adv.)"
    assert cardface.face(base).name == "Alan Sovereign"


@pytest.mark.parametrize(
    ("name", "slug"),
    [("Rack, The", "rackthe"), ("Anson", "ansong1"), ("Alan Sovereign (ADV)", "alansovereigng3adv")],
)
def test_slugs_follow_the_mirrors_file_names(cards, name, slug):
    card = cards.lookup(name)
    assert cardface.slug(card) == slug


def test_every_slug_is_ascii_letters_and_digits_and_tells_cards_apart(cards):
    slugs = [cardface.slug(card) for card in cards]
    assert all(slug and slug.isascii() and slug.isalnum() for slug in slugs)
    assert len(set(slugs)) > 0.99 * len(slugs)


def test_text_is_shrunk_until_it_fits_and_never_overflows(cards):
    longest = max(cards, key=lambda card: len(card.text))
    face = cardface.face(longest)
    roomy = cardface.fit_text(face.paragraphs, 226, 260, largest=12, smallest=6)
    tight = cardface.fit_text(face.paragraphs, 226, 150, largest=12, smallest=6)
    assert tight.size < roomy.size
    for fitted, height in ((roomy, 260), (tight, 150)):
        assert fitted.height <= height
        columns = int(226 / (fitted.size * cardface.CHAR_WIDTH_EM))
        assert max(len(line) for line in fitted.lines) <= columns
    assert " ".join(" ".join(tight.lines).split()) == " ".join(" ".join(face.paragraphs).split())


def test_text_too_long_for_the_smallest_size_ends_with_an_ellipsis(cards):
    fitted = cardface.fit_text(["word " * 400], 100, 40, largest=10, smallest=8)
    assert fitted.height <= 40 and fitted.lines[-1].endswith("…")
