"""The Deck record every format parses into: counts by VEKN id, merged lines, a checksum for deck checks."""

from __future__ import annotations

import datetime
import json

from vtesdeck.core.deck import Deck, Declared, Event, Unresolved, diff


def test_repeated_lines_merge_and_go_to_their_own_part(cards):
    deck = Deck()
    govern, nana = cards.lookup("Govern the Unaligned"), cards.lookup("Nana Buruku")
    deck.add(govern, 3)
    deck.add(nana, 2)
    deck.add(govern, 2, comment="one is a proxy")
    assert deck.library == {govern.id: 5}
    assert deck.crypt == {nana.id: 2}
    assert (deck.crypt_count, deck.library_count) == (2, 5)
    assert deck.comments == {govern.id: "one is a proxy"}


def test_the_checksum_depends_on_the_cards_alone(cards):
    govern, deflection = cards.lookup("Govern the Unaligned").id, cards.lookup("Deflection").id
    one = Deck(library={govern: 4, deflection: 6}, name="A")
    other = Deck(library={deflection: 6, govern: 4}, name="B", author="someone else")
    assert one.checksum() == other.checksum()
    assert one.checksum() != Deck(library={govern: 4, deflection: 5}).checksum()
    # A crypt card and a library card with the same count must not collide.
    assert Deck(crypt={200001: 1}).checksum() != Deck(library={200001: 1}).checksum()


def test_a_deck_survives_json_whole():
    deck = Deck(
        crypt={200001: 2},
        library={100001: 3},
        name="Saulot's Guidance Counselor",
        author="Dante",
        description="two\nlines",
        event=Event(name="Basagan", date=datetime.date(2025, 11, 29), players=15),
        comments={100001: "proxy"},
        unresolved=[Unresolved(line=3, text="2x Govern teh Unaligned", count=2, suggestions=["Govern the Unaligned"])],
        declared=Declared(crypt=12, library=80, sections={"Master": 18}, trifles=7),
        source_format="twd",
        path="decks/1.txt",
    )
    again = Deck.from_dict(json.loads(json.dumps(deck.to_dict())))
    assert again == deck
    assert (again.source_format, again.path) == ("twd", "decks/1.txt")


def test_where_a_deck_came_from_is_not_what_it_is():
    assert Deck(library={100001: 1}, source_format="jol") == Deck(library={100001: 1}, path="x.txt")
    assert Deck(library={100001: 1}) != Deck(library={100001: 2})


def test_a_diff_names_each_card_whose_count_changed(cards):
    tupdog, gargoyle = cards.lookup("Tupdog"), cards.lookup("Mosfair")
    fame, govern = cards.lookup("Fame"), cards.lookup("Govern the Unaligned")
    before, after = Deck(), Deck()
    before.add(tupdog, 12)
    before.add(fame, 2)
    after.add(tupdog, 10)
    after.add(gargoyle, 2)
    after.add(govern, 4)
    changes = [(c.id, c.before, c.after, c.delta) for c in diff(before, after)]
    assert changes == [
        (tupdog.id, 12, 10, -2),
        (gargoyle.id, 0, 2, 2),
        (fame.id, 2, 0, -2),
        (govern.id, 0, 4, 4),
    ]
    assert diff(after, after) == []
