"""The deck editor's statistics panel: what a player expects to read about a deck, and the charts of it."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from vtesdeck.core.charts import bar_chart, capacity_histogram, discipline_chart, library_types_chart
from vtesdeck.core.deck import Deck
from vtesdeck.core.decklist import parse
from vtesdeck.core.decklist.lines import LIBRARY_TYPES
from vtesdeck.core.decklist.twd import format_average
from vtesdeck.core.stats import DeckStats, deck_stats

SVG = "{http://www.w3.org/2000/svg}"
ARCHIVE_DECK = Path("/work/shared/twda/10009.txt")
CHARTS = (capacity_histogram, discipline_chart, library_types_chart)


def _card(cards, name):
    card = cards.lookup(name)
    assert card is not None, name
    return card


def _deck(cards, crypt=(), library=()) -> Deck:
    deck = Deck()
    for name, count in (*crypt, *library):
        deck.add(_card(cards, name), count)
    return deck


def _unknown_id(cards, start: int) -> int:
    card_id = start
    while card_id in cards:
        card_id += 1
    return card_id


def _bars(svg: str) -> list[tuple[str, float]]:
    """(label, drawn length) of each row of a chart, stacked segments added up."""
    root = ET.fromstring(svg)
    rows = []
    for row in root.iter(f"{SVG}g"):
        if row.get("class") != "row":
            continue
        label = next(t for t in row.iter(f"{SVG}text") if t.get("class") == "label").text or ""
        rows.append((label, sum(float(r.get("width", 0)) for r in row.iter(f"{SVG}rect"))))
    return rows


# --- the crypt ---------------------------------------------------------------------------------

CRYPT = (("Tupdog", 4), ("Keith Moody", 3), ("Anson", 2), ("Arika", 1), ("Cesewayo", 2))


def test_crypt_capacities_are_read_as_the_archive_states_them(cards):
    capacities = sorted(_card(cards, name).capacity for name, count in CRYPT for _ in range(count))
    crypt = deck_stats(_deck(cards, crypt=CRYPT), cards).crypt
    assert crypt.size == 12
    assert (crypt.capacity_min, crypt.capacity_max) == (capacities[0], capacities[-1])
    assert crypt.capacity_average == pytest.approx(sum(capacities) / 12)
    # The header's "min=" and "max=": the cheapest and the dearest four vampires a crypt draw can bring.
    assert crypt.cheapest_four == sum(capacities[:4])
    assert crypt.dearest_four == sum(capacities[-4:])


def test_the_capacity_histogram_counts_copies_cheapest_first(cards):
    crypt = deck_stats(_deck(cards, crypt=CRYPT), cards).crypt
    expected = Counter()
    for name, count in CRYPT:
        expected[_card(cards, name).capacity] += count
    assert crypt.capacities == dict(expected)
    assert list(crypt.capacities) == sorted(expected)


def test_groups_present_are_listed_numbered_first_then_any(cards):
    crypt = deck_stats(_deck(cards, crypt=(*CRYPT, ("Anarch Convert", 1))), cards).crypt
    numbered = sorted({_card(cards, name).group for name, _ in CRYPT}, key=int)
    assert crypt.groups == (*numbered, "ANY")


def test_disciplines_count_copies_at_each_level_most_common_first(cards):
    crypt = deck_stats(_deck(cards, crypt=CRYPT), cards).crypt
    vampires = [(_card(cards, name), count) for name, count in CRYPT]
    for spread in crypt.disciplines:
        with_it = sum(count for card, count in vampires if card.has_discipline(spread.code))
        at_superior = sum(count for card, count in vampires if card.has_discipline(spread.code, superior=True))
        assert (spread.superior, spread.inferior) == (at_superior, with_it - at_superior), spread.code
    codes = {d.code for card, _ in vampires for d in card.disciplines}
    assert {spread.code for spread in crypt.disciplines} == codes
    totals = [spread.total for spread in crypt.disciplines]
    assert totals == sorted(totals, reverse=True)
    # Four Tupdogs and two Cesewayo at superior Potence: six copies, none inferior.
    potence = next(spread for spread in crypt.disciplines if spread.code == "pot")
    assert (potence.name, potence.superior, potence.inferior) == ("Potence", 6, 0)


def test_clans_sects_and_titles_count_copies(cards):
    crypt = deck_stats(_deck(cards, crypt=CRYPT), cards).crypt
    vampires = [(_card(cards, name), count) for name, count in CRYPT]
    clans, sects, titles = Counter(), Counter(), Counter()
    for card, count in vampires:
        clans[card.clans[0]] += count
        sects[card.sect] += count
        if card.title:
            titles[card.title] += count
    assert crypt.clans == dict(clans)
    assert crypt.sects == dict(sects)
    # Anson is a prince, Arika in the inner circle, Cesewayo a magaji; Tupdog and Keith hold no title.
    assert crypt.titles == dict(titles) == {"prince": 2, "inner circle": 1, "magaji": 2}
    assert list(crypt.clans.values()) == sorted(crypt.clans.values(), reverse=True)


# --- the library -------------------------------------------------------------------------------


def test_library_types_follow_the_archives_order_with_their_share(cards):
    library = (("Immortal Grapple", 6), ("Dreams of the Sphinx", 2), ("Deflection", 4), ("Govern the Unaligned", 8))
    stats = deck_stats(_deck(cards, library=library), cards).library
    assert stats.size == 20
    assert [(t.type, t.copies) for t in stats.types] == [("Master", 2), ("Action", 8), ("Reaction", 4), ("Combat", 6)]
    assert [LIBRARY_TYPES.index(t.type) for t in stats.types] == sorted(
        LIBRARY_TYPES.index(t.type) for t in stats.types
    )
    assert [t.share for t in stats.types] == [0.1, 0.4, 0.2, 0.3]


def test_an_or_requirement_counts_toward_each_discipline(cards):
    # Brick by Brick may be played with Visceratika or with Thaumaturgy: both disciplines feed it.
    brick = _card(cards, "Brick by Brick")
    assert brick.discipline_requirement.mode == "any" and set(brick.discipline_requirement.codes) == {"vis", "tha"}
    library = (("Brick by Brick", 3), ("Immortal Grapple", 5), ("Absolute Tyranny", 1))
    needs = {d.code: d.copies for d in deck_stats(_deck(cards, library=library), cards).library.disciplines}
    # Absolute Tyranny needs Potence and Presence together, so it counts toward both as well.
    assert needs == {"pot": 6, "vis": 3, "tha": 3, "pre": 1}


def test_library_disciplines_are_named_most_needed_first(cards):
    library = (("Deflection", 2), ("Immortal Grapple", 5), ("Dive Bomb", 3))
    needs = deck_stats(_deck(cards, library=library), cards).library.disciplines
    assert [(d.name, d.copies) for d in needs] == [("Potence", 5), ("Flight", 3), ("Dominate", 2)]


def test_clan_requirements_and_cards_anyone_may_play(cards):
    library = (
        ("Raking Talons", 4),  # Gargoyle only
        ("Create Gargoyle", 1),  # Tremere or Tremere antitribu
        ("Dreams of the Sphinx", 2),  # no requirement at all
        ("Bum's Rush", 3),  # no requirement at all
        ("Archon", 1),  # a prince or a justicar: a requirement, though no clan
        ("Immortal Grapple", 2),  # Potence
    )
    stats = deck_stats(_deck(cards, library=library), cards).library
    assert stats.clans == {"Gargoyle": 4, "Tremere": 1, "Tremere antitribu": 1}
    assert stats.no_requirement == 5


def test_costs_are_summed_copy_by_copy_with_x_apart(cards):
    library = (
        ("Dreams of the Sphinx", 2),
        ("Zillah's Valley", 1),
        ("Bounty", 2),
        ("Govern the Unaligned", 4),
        ("Awe", 3),
        ("Immortal Grapple", 5),
    )
    dreams, valley, govern = (
        _card(cards, n) for n in ("Dreams of the Sphinx", "Zillah's Valley", "Govern the Unaligned")
    )
    assert _card(cards, "Bounty").pool_cost.is_x and _card(cards, "Awe").blood_cost.is_x
    stats = deck_stats(_deck(cards, library=library), cards).library
    pool_total = 2 * dreams.pool_cost.value + valley.pool_cost.value
    assert (stats.pool_cost.total, stats.pool_cost.paying_copies, stats.pool_cost.x_copies) == (pool_total, 3, 2)
    assert stats.pool_cost.average == pytest.approx(pool_total / 3)
    blood_total = 4 * govern.blood_cost.value
    assert (stats.blood_cost.total, stats.blood_cost.paying_copies, stats.blood_cost.x_copies) == (blood_total, 4, 3)
    assert stats.blood_cost.average == pytest.approx(blood_total / 4)


# --- odd decks ---------------------------------------------------------------------------------


def test_an_empty_deck_has_empty_statistics_and_charts(cards):
    stats = deck_stats(Deck(), cards)
    assert stats == DeckStats()
    assert (stats.crypt.size, stats.crypt.cheapest_four, stats.crypt.capacity_average) == (0, 0, 0.0)
    assert (stats.library.size, stats.library.types, stats.library.pool_cost.average) == (0, (), 0.0)
    for chart in CHARTS:
        svg = chart(stats)
        assert "No cards yet" in svg
        assert ET.fromstring(svg).get("role") == "img"
    assert "No cards yet" in bar_chart([], title="Nothing")


def test_unknown_ids_are_skipped_and_counted(cards):
    tupdog, grapple = _card(cards, "Tupdog"), _card(cards, "Immortal Grapple")
    lost_vampire, lost_card = _unknown_id(cards, 299_990), _unknown_id(cards, 199_990)
    deck = Deck(crypt={tupdog.id: 2, lost_vampire: 3}, library={lost_card: 1, grapple.id: 4})
    stats = deck_stats(deck, cards)
    assert (stats.unknown_ids, stats.unknown_copies) == ((lost_vampire, lost_card), 4)
    assert (stats.crypt.size, stats.library.size) == (2, 4)


def test_a_huge_count_is_counted_not_spelt_out(cards):
    # A deck read from JSON is not bounded like a parsed decklist: statistics must not list every copy.
    tupdog, anson = _card(cards, "Tupdog"), _card(cards, "Anson")
    crypt = deck_stats(Deck(crypt={tupdog.id: 10**12, anson.id: 1}), cards).crypt
    assert crypt.size == 10**12 + 1
    assert (crypt.cheapest_four, crypt.dearest_four) == (4 * tupdog.capacity, 3 * tupdog.capacity + anson.capacity)


def test_a_vampire_filed_in_the_library_still_counts_as_crypt(cards):
    tupdog = _card(cards, "Tupdog")
    stats = deck_stats(Deck(library={tupdog.id: 2}), cards)
    assert (stats.crypt.size, stats.library.size) == (2, 0)


def test_statistics_survive_json(cards):
    stats = deck_stats(_deck(cards, crypt=CRYPT, library=(("Bounty", 1), ("Brick by Brick", 2))), cards)
    data = stats.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["crypt"]["capacities"][0] == {"capacity": 1, "copies": 4}
    assert data["library"]["pool_cost"] == {"total": 0, "paying_copies": 0, "x_copies": 1, "average": 0.0}


# --- a real archive deck -----------------------------------------------------------------------


def test_an_archive_decks_crypt_agrees_with_its_own_header(cards):
    if not ARCHIVE_DECK.exists():
        pytest.skip(f"{ARCHIVE_DECK} is not here")
    data = ARCHIVE_DECK.read_bytes()
    header = re.search(r"^Crypt \((\d+) cards?, min=(\d+), max=(\d+), avg=([\d.]+)\)", data.decode(), re.MULTILINE)
    assert header is not None
    stats = deck_stats(parse(data, cards), cards)
    crypt = stats.crypt
    assert (crypt.size, crypt.cheapest_four, crypt.dearest_four) == tuple(int(n) for n in header.groups()[:3])
    assert format_average(crypt.capacity_average) == header[4]
    assert stats.unknown_ids == ()
    for chart in CHARTS:
        ET.fromstring(chart(stats))


# --- charts ------------------------------------------------------------------------------------


def test_chart_text_is_escaped(cards):
    svg = bar_chart([("<script>alert(1)</script>", 3), ('Tom & "Jerry"', 1)], title="Bleed & <b>bounce</b>")
    assert "<script>" not in svg and "<b>" not in svg
    assert "&lt;script&gt;" in svg
    root = ET.fromstring(svg)
    title = root.find(f"{SVG}title")
    assert title.text == "Bleed & <b>bounce</b>"
    assert root.get("aria-labelledby") == title.get("id")
    rows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "row"]
    assert [row.find(f"{SVG}title").text for row in rows] == ["<script>alert(1)</script>: 3", 'Tom & "Jerry": 1']
    # A label too long for its column is cut on screen; the row's tooltip keeps it whole.
    assert [label for label, _ in _bars(svg)] == ["<script>alert(1)</scrip…", 'Tom & "Jerry"']


def test_characters_xml_forbids_do_not_break_a_chart():
    ET.fromstring(bar_chart([("Bell\x07 tower", 1)], title="Odd\x00 title"))


def test_the_longest_bar_is_the_largest_value():
    svg = bar_chart([("Potence", 3), ("Dominate", 7), ("Auspex", 5)], title="Disciplines")
    lengths = dict(_bars(svg))
    assert max(lengths, key=lengths.get) == "Dominate"
    # Bars are proportional to their values.
    assert lengths["Potence"] / lengths["Dominate"] == pytest.approx(3 / 7, abs=0.01)
    assert lengths["Auspex"] / lengths["Dominate"] == pytest.approx(5 / 7, abs=0.01)


def test_discipline_bars_stack_superior_and_inferior(cards):
    stats = deck_stats(_deck(cards, crypt=CRYPT), cards)
    svg = discipline_chart(stats)
    root = ET.fromstring(svg)
    assert root.findall(f".//{SVG}rect[@class='bar sup']") and root.findall(f".//{SVG}rect[@class='bar inf']")
    lengths = [length for _, length in _bars(svg)]
    longest = max(lengths)
    biggest = stats.crypt.disciplines[0].total
    for spread, length in zip(stats.crypt.disciplines, lengths, strict=True):
        assert length == pytest.approx(longest * spread.total / biggest, abs=0.02)


def test_every_chart_of_a_deck_is_well_formed_and_labelled(cards):
    library = (("Immortal Grapple", 6), ("Dreams of the Sphinx", 2), ("Deflection", 4))
    stats = deck_stats(_deck(cards, crypt=CRYPT, library=library), cards)
    for chart in CHARTS:
        root = ET.fromstring(chart(stats))
        assert root.tag == f"{SVG}svg" and root.get("role") == "img"
        assert root.find(f"{SVG}title").get("id") == root.get("aria-labelledby")
        assert root.find(f"{SVG}desc").get("id") == root.get("aria-describedby")
    assert [label for label, _ in _bars(library_types_chart(stats))] == ["Master", "Reaction", "Combat"]
    assert [label for label, _ in _bars(capacity_histogram(stats))] == [f"Capacity {c}" for c in stats.crypt.capacities]


def test_charts_are_deterministic(cards):
    deck = _deck(cards, crypt=CRYPT, library=(("Brick by Brick", 3),))
    for chart in CHARTS:
        assert chart(deck_stats(deck, cards)) == chart(deck_stats(deck, cards))
