"""The hand-written text formats: the Tournament Winning Deck Archive's layout, VDB's and ARDB's text exports,
JOL's and Lackey's lists and a plain list.

The same deck is written in each format as the tool (or a person) writes it, and must read back as the
same cards with what the list says about itself: the archive's event header, name, author, description,
the counts it declares and the comments after cards. Then the ways a card's name is spelled (accents,
"The X", ™, akas, advanced and group marks, curly quotes, pasted crypt rows, any case), the ways a count
is written, repeated lines, lines naming no card, and which format each sample is detected as.
"""

from __future__ import annotations

import datetime
import unicodedata

import pytest

from vtesdeck.core import decklist
from vtesdeck.core.deck import Declared, Event

# --- the deck every sample holds -----------------------------------------------------------------

CRYPT = {
    "Theo Bell (G2)": 2,  # a bare "Theo Bell" is the group 6 one: the row's group must pick this one
    "Theo Bell (ADV)": 1,
    "Dónal O'Connor (G2)": 2,
    "Kemintiri (ADV)": 2,
    "Ambrosio Luis Monçada, Plenipotentiary": 1,  # ARDB cuts it to "Ambrosio Luis Monç"
    "Tupdog": 4,
}
LIBRARY = {
    "Agent of Power": 1,  # a trifle
    "Dreams of the Sphinx": 2,
    "Pentex(TM) Subversion": 1,
    "Rack, The": 1,
    "Govern the Unaligned": 4,
    "Deflection": 3,
}

TWD = """\
Grand Prix Lisbon 2025
Lisbon, Portugal
{date}
3R+F
15 players
Jane Doe
https://www.vekn.net/event-calendar/event/12345

-- 1GW3 + 1GW3.5 in final

Deck Name: Bells and Sphinxes
{author_key} John Smith
Description: Theo bleeds for five.
The Sphinx finds what he needs.

Kemintiri takes the Edge late.

Crypt (12 cards, min=4, max=38, avg=5.92)
-----------------------------------------
2x Theo Bell                                7  POT cel dom pre                            Brujah:2 -- the best bleeder
1x Theo Bell (ADV)                          7  CEL POT PRE aus dom                        Brujah:2
2x Dónal O'Connor                           8  CEL DOM POT              prince            Brujah:2
2x Kemintiri (ADV)                         10  OBF PRE SER THA aus dom                    Follower of Set:2
1x Ambrosio Luis Monçada, Plenipotentiary  10  DOM OBT POT PRE aus for  cardinal          Lasombra:2
4x Tupdog                                   1  POT VIS                                    Gargoyle:3

Library (12 cards)
Master (5; 1 trifle)
1x Agent of Power
2x Dreams of the Sphinx
1x Pentex(TM) Subversion
1x Rack, The

Action (4)
4x Govern the Unaligned -- never enough

Reaction (3)
3x Deflection
"""

VDB = """\
Deck Name: Bells and Sphinxes
Author: John Smith
Description: Theo bleeds for five.

Crypt (12 cards, min=4 max=38 avg=5.92)
---------------------------------------
2x Theo Bell                                7  POT cel dom pre                     Brujah:2
1x Theo Bell (ADV)                          7  CEL POT PRE aus dom                 Brujah:2
2x Dónal O'Connor                           8  CEL DOM POT              prince     Brujah:2
2x Kemintiri (ADV)                         10  OBF PRE SER THA aus dom             Follower of Set:2
1x Ambrosio Luis Monçada, Plenipotentiary  10  DOM OBT POT PRE aus for  cardinal   Lasombra:2
4x Tupdog                                   1  POT VIS                             Gargoyle:3

Library (12 cards)
Master (5; 1 trifle)
1x Agent of Power
2x Dreams of the Sphinx
1x Pentex(TM) Subversion
1x Rack, The

Action (4)
4x Govern the Unaligned

Reaction (3)
3x Deflection
"""

ARDB = """\
Deck Name : Bells and Sphinxes
Author : John Smith
Description :
Theo bleeds for five.

Crypt [12 vampires] Capacity min: 4 max: 38 average: 5.91667
------------------------------------------------------------
2x Theo Bell\t\t\t   7 POT cel dom pre\t\t\tBrujah:2
1x Theo Bell\t\t\tAdv   7 CEL POT PRE aus dom\t\tBrujah:2
2x Dónal O'Connor\t\t   8 CEL DOM POT\t\tprince\tBrujah:2
2x Kemintiri\t\t\tAdv  10 OBF PRE SER THA aus dom\tFollower of Set:2
1x Ambrosio Luis Monç\t  10 DOM OBT POT PRE aus for\tcardinal\tLasombra:2
4x Tupdog\t\t\t   1 POT VIS\t\t\tGargoyle:3

Library [12 cards]
------------------------------------------------------------
Master [5]
  1x Agent of Power
  2x Dreams of the Sphinx
  1x Pentex(TM) Subversion
  1x Rack, The

Action [4]
  4x Govern the Unaligned

Reaction [3]
  3x Deflection
"""

JOL = """\
# Bells and Sphinxes, by John Smith
2 x Theo Bell (G2)
1x Theo Bell (ADV)
2xDonal O'Connor (G2)
2x Kemintiri (ADV)
1x Ambrosio Luis Monçada, Plenipotentiary
4 x Tupdog

Agent of Power
2x Dreams of the Sphinx
1x Pentex(TM) Subversion
1x The Rack
4xGovern the Unaligned
3 x Deflection
"""

LACKEY = """\
1\tAgent of Power
2\tDreams of the Sphinx
1\tPentex(TM) Subversion
1\tRack, The
4\tGovern the Unaligned
3\tDeflection
Crypt:
2\tTheo Bell (G2)
1\tTheo Bell Adv.
2\tDónal O'Connor (G2)
2\tKemintiri Adv.
1\tAmbrosio Luis Monçada, Plenipotentiary
4\tTupdog
"""

PLAIN = """\
Deck Name: Bells and Sphinxes

Crypt:
2 Theo Bell (G2)
Theo Bell (advanced)
2 Donal O'Connor (G2)
Kemintiri (ADV) x2
1 Ambrosio Luis Monçada, Plenipotentiary
4 Tupdog

Library:
- 1 Agent of Power
- 2 Dreams of the Sphinx
- 1 Pentex™ Subversion
- 1 The Rack
- 4 Govern the Unaligned
- 3 Deflection
"""

AMARANTH = """\
Deck exported from Amaranth: https://amaranth.vtes.co.nz/#deck/1234abcd

Crypt (12)
2x Theo Bell (G2)
1x Theo Bell (ADV)
2x Dónal O'Connor (G2)
2x Kemintiri (ADV)
1x Ambrosio Luis Monçada, Plenipotentiary
4x Tupdog

Library (12)
1x Agent of Power
2x Dreams of the Sphinx
1x Pentex(TM) Subversion
1x Rack, The
4x Govern the Unaligned
3x Deflection
"""

SAMPLES = {
    "twd": TWD.format(date="May 3rd 2025", author_key="Created by:"),
    "vdb": VDB,
    "ardb": ARDB,
    "amaranth": AMARANTH,
    "jol": JOL,
    "lackey": LACKEY,
    "plain": PLAIN,
}


def card_id(cards, name: str) -> int:
    found = cards.lookup(name)
    assert found is not None, name
    return found.id


def counts(cards, named: dict[str, int]) -> dict[int, int]:
    return {card_id(cards, name): count for name, count in named.items()}


def read(text: str, cards, **options):
    return decklist.parse(text, cards, **options)


# --- every format reads the same deck ------------------------------------------------------------


@pytest.mark.parametrize("format", SAMPLES)
def test_each_format_reads_the_whole_deck(cards, format):
    deck = read(SAMPLES[format], cards)
    assert deck.source_format == format
    assert deck.unresolved == []
    assert deck.crypt == counts(cards, CRYPT)
    assert deck.library == counts(cards, LIBRARY)


@pytest.mark.parametrize("format", SAMPLES)
def test_detection_names_each_formats_sample(format):
    assert decklist.detect(SAMPLES[format]) == format


@pytest.mark.parametrize("format", SAMPLES)
def test_a_line_naming_no_card_is_kept_with_suggestions_in_every_format(cards, format):
    text = SAMPLES[format]
    misspelt = "3\tGovern teh Unaligned" if format == "lackey" else "3x Govern teh Unaligned"
    anchor = "2\tDreams of the Sphinx" if format == "lackey" else "2x Dreams of the Sphinx"
    if format == "plain":
        anchor, misspelt = "- 2 Dreams of the Sphinx", "- 3 Govern teh Unaligned"
    assert anchor in text
    text = text.replace(anchor, f"{anchor}\n{misspelt}")
    deck = read(text, cards)
    assert deck.library == counts(cards, LIBRARY)  # nothing else lost or added
    [line] = deck.unresolved
    section = "" if format == "jol" else "library"  # a JOL list has no sections to say which
    assert (line.text, line.count, line.section) == (misspelt.strip(), 3, section)
    assert text.splitlines()[line.line - 1].strip() == misspelt.strip()
    assert line.suggestions[0] == "Govern the Unaligned"
    assert len(line.suggestions) <= 3


# --- the archive's layout ------------------------------------------------------------------------


def test_the_archive_header_is_the_event(cards):
    deck = read(SAMPLES["twd"], cards)
    assert deck.event == Event(
        name="Grand Prix Lisbon 2025",
        place="Lisbon, Portugal",
        date=datetime.date(2025, 5, 3),
        format="3R+F",
        players=15,
        winner="Jane Doe",
        url="https://www.vekn.net/event-calendar/event/12345",
        score="1GW3 + 1GW3.5 in final",
    )


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        ("May 3rd 2025", datetime.date(2025, 5, 3), None),
        ("May 3rd 2025 -- May 4th 2025", datetime.date(2025, 5, 3), datetime.date(2025, 5, 4)),
        ("May 3rd-4th 2025", datetime.date(2025, 5, 3), datetime.date(2025, 5, 4)),
        ("May 31st - June 1st 2025", datetime.date(2025, 5, 31), datetime.date(2025, 6, 1)),
        ("December 30th 2024 -- January 1st 2025", datetime.date(2024, 12, 30), datetime.date(2025, 1, 1)),
        ("3 May 2025", datetime.date(2025, 5, 3), None),
        ("2025-05-03", datetime.date(2025, 5, 3), None),
    ],
)
def test_the_archive_date_may_be_one_day_or_a_range(cards, line, first, last):
    deck = read(TWD.format(date=line, author_key="Created by:"), cards)
    assert deck.source_format == "twd"
    assert (deck.event.date, deck.event.date_end) == (first, last)
    assert (deck.event.format, deck.event.players, deck.event.winner) == ("3R+F", 15, "Jane Doe")


def test_an_event_without_rounds_or_players_still_finds_its_winner_and_link(cards):
    text = SAMPLES["twd"].replace("3R+F\n15 players\n", "")
    event = read(text, cards).event
    assert (event.format, event.players) == ("", None)
    assert (event.winner, event.url) == ("Jane Doe", "https://www.vekn.net/event-calendar/event/12345")


@pytest.mark.parametrize("author_key", ["Created by:", "Author:"])
def test_the_archive_deck_name_author_and_description(cards, author_key):
    deck = read(TWD.format(date="May 3rd 2025", author_key=author_key), cards)
    assert deck.name == "Bells and Sphinxes"
    assert deck.author == "John Smith"
    # Every line of it, blank line included, up to the crypt.
    assert (
        deck.description == "Theo bleeds for five.\nThe Sphinx finds what he needs.\n\nKemintiri takes the Edge late."
    )


def test_the_archive_crypt_rows_pick_each_vampires_version(cards):
    crypt = read(SAMPLES["twd"], cards).crypt
    # "Theo Bell … Brujah:2" is not the group 6 Theo Bell a bare name means; "(ADV)" is the advanced one.
    assert card_id(cards, "Theo Bell (G2)") in crypt
    assert card_id(cards, "Theo Bell") not in crypt
    assert crypt[card_id(cards, "Theo Bell (ADV)")] == 1
    # An accented name with a title column, group 2 of two groups.
    assert crypt[card_id(cards, "Dónal O'Connor (G2)")] == 2
    assert card_id(cards, "Dónal O'Connor (G6)") not in crypt


def test_the_archive_declared_counts_are_kept_apart(cards):
    deck = read(SAMPLES["twd"], cards)
    assert deck.declared == Declared(
        crypt=12, library=12, sections={"Master": 5, "Action": 4, "Reaction": 3}, trifles=1
    )


def test_declared_counts_are_kept_even_when_the_list_miscounts(cards):
    text = SAMPLES["twd"].replace("Crypt (12 cards,", "Crypt (13 cards,").replace("Action (4)", "Action (5)")
    deck = read(text, cards)
    assert (deck.declared.crypt, deck.declared.sections["Action"]) == (13, 5)
    assert (deck.crypt_count, deck.library_count) == (12, 12)  # the cards themselves are what was listed


def test_the_archive_comments_after_cards_are_kept_on_the_card(cards):
    deck = read(SAMPLES["twd"], cards)
    assert deck.comments == {
        card_id(cards, "Theo Bell (G2)"): "the best bleeder",
        card_id(cards, "Govern the Unaligned"): "never enough",
    }


def test_prose_among_the_archive_sections_joins_the_description(cards):
    text = SAMPLES["twd"].replace("Reaction (3)", "-- the reactions were an afterthought\nReaction (3)")
    deck = read(text, cards)
    assert deck.description.endswith("-- the reactions were an afterthought")
    assert deck.library == counts(cards, LIBRARY)


# --- the tools' exports --------------------------------------------------------------------------


def test_vdb_text_keeps_its_metadata_and_declared_counts(cards):
    deck = read(SAMPLES["vdb"], cards)
    assert (deck.name, deck.author, deck.description) == ("Bells and Sphinxes", "John Smith", "Theo bleeds for five.")
    assert deck.event is None
    assert deck.declared == Declared(
        crypt=12, library=12, sections={"Master": 5, "Action": 4, "Reaction": 3}, trifles=1
    )


def test_ardb_text_keeps_its_metadata_and_bracketed_counts(cards):
    deck = read(SAMPLES["ardb"], cards)
    assert (deck.name, deck.author, deck.description) == ("Bells and Sphinxes", "John Smith", "Theo bleeds for five.")
    assert deck.declared == Declared(crypt=12, library=12, sections={"Master": 5, "Action": 4, "Reaction": 3})


def test_ardb_names_cut_at_18_characters_and_its_adv_column_find_the_vampire(cards):
    crypt = read(SAMPLES["ardb"], cards).crypt
    assert crypt[card_id(cards, "Ambrosio Luis Monçada, Plenipotentiary")] == 1
    assert crypt[card_id(cards, "Kemintiri (ADV)")] == 2
    assert card_id(cards, "Kemintiri") not in crypt


def test_jol_counts_in_every_spelling_and_a_bare_name_is_one_copy(cards):
    deck = read(SAMPLES["jol"], cards)
    assert deck.library[card_id(cards, "Agent of Power")] == 1  # bare
    assert deck.library[card_id(cards, "Govern the Unaligned")] == 4  # 4xName
    assert deck.library[card_id(cards, "Deflection")] == 3  # 3 x Name
    assert deck.crypt[card_id(cards, "Theo Bell (G2)")] == 2
    # "#" lines are comments on the deck, kept as its description.
    assert deck.description == "Bells and Sphinxes, by John Smith"


def test_lackey_reads_the_library_first_then_the_crypt_after_its_header(cards):
    deck = read(SAMPLES["lackey"], cards)
    assert deck.crypt[card_id(cards, "Theo Bell (ADV)")] == 1  # "Theo Bell Adv."
    assert deck.crypt[card_id(cards, "Kemintiri (ADV)")] == 2
    text = SAMPLES["lackey"].replace("4\tTupdog", "4\tTupdgo").replace("3\tDeflection", "3\tDeflecton")
    sections = {u.text: u.section for u in read(text, cards).unresolved}
    assert sections == {"3\tDeflecton": "library", "4\tTupdgo": "crypt"}


def test_a_plain_list_reads_headers_bullets_and_counts_after_names(cards):
    deck = read(SAMPLES["plain"], cards)
    assert deck.name == "Bells and Sphinxes"
    assert deck.crypt[card_id(cards, "Kemintiri (ADV)")] == 2  # "Kemintiri (ADV) x2"
    assert deck.library[card_id(cards, "Rack, The")] == 1  # "- 1 The Rack"


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("3x Deflection", 3),
        ("3 x Deflection", 3),
        ("3xDeflection", 3),
        ("3X Deflection", 3),
        ("3 Deflection", 3),
        ("3\tDeflection", 3),
        ("3* Deflection", 3),
        ("3×Deflection", 3),
        ("Deflection x3", 3),
        ("x3 Deflection", 3),
        ("- 3 Deflection", 3),
        ("* 3x Deflection", 3),
        ("• Deflection", 1),
        ("Deflection", 1),
        ("  3x   Deflection   ", 3),
    ],
)
def test_a_count_is_read_however_it_is_written(cards, line, count):
    for format in ("plain", "jol"):
        deck = read(f"{line}\n", cards, format=format)
        assert deck.library == {card_id(cards, "Deflection"): count}
        assert deck.unresolved == []


# --- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "official"),
    [
        # accents
        ("Donal O'Connor (G2)", "Dónal O'Connor (G2)"),
        ("Clara Hjortshoj", "Clara Hjortshøj"),
        ("Boleslaw Gutowski", "Bolesław Gutowski"),
        ("Frau Schadel", "Frau Schädel"),
        # the article
        ("The Rack", "Rack, The"),
        ("Rack, The", "Rack, The"),
        ("Rack The", "Rack, The"),
        # the trademark sign
        ("Pentex™ Subversion", "Pentex(TM) Subversion"),
        ("Pentex(TM) Subversion", "Pentex(TM) Subversion"),
        ("Pentex Subversion", "Pentex(TM) Subversion"),
        # other names the card is known by
        ("Bloodhunt", "Blood Hunt"),
        ("Carlton Van Wyk (Hunter)", "Carlton Van Wyk"),
        ("Akhenaten, The Sun Pharaoh (Mummy)", "Akhenaten, The Sun Pharaoh"),
        # advanced and group marks
        ("Kemintiri (ADV)", "Kemintiri (ADV)"),
        ("Kemintiri Adv.", "Kemintiri (ADV)"),
        ("Kemintiri Adv", "Kemintiri (ADV)"),
        ("Kemintiri (advanced)", "Kemintiri (ADV)"),
        ("Kemintiri", "Kemintiri"),
        ("Theo Bell (G2)", "Theo Bell (G2)"),
        ("Theo Bell [G2]", "Theo Bell (G2)"),
        ("Theo Bell (G2 ADV)", "Theo Bell (ADV)"),
        ("Theo Bell (G6)", "Theo Bell (G6)"),
        ("Theo Bell", "Theo Bell (G2)"),  # no group said, nothing else in the deck: the earliest printing
        # word processors' quotes
        ("Anna “Dictatrix11” Suljic", 'Anna "Dictatrix11" Suljic'),
        ("Aaron Duggan, Cameron’s Toady", "Aaron Duggan, Cameron's Toady"),
        ("Saulot’s Guiding Wisdom", "Saulot's Guiding Wisdom"),
        ("Dónal O‘Connor (G6)", "Dónal O'Connor (G6)"),
        # a crypt row pasted whole
        ("Tupdog   1  POT VIS   Gargoyle:3", "Tupdog"),
        ("Theo Bell  7  POT cel dom pre  Brujah:2", "Theo Bell (G2)"),
        ("Dónal O'Connor  8  CEL DOM POT  prince  Brujah:6", "Dónal O'Connor (G6)"),
        # any case
        ("GOVERN THE UNALIGNED", "Govern the Unaligned"),
        ("govern the unaligned", "Govern the Unaligned"),
        ("gOVERN tHE uNALIGNED", "Govern the Unaligned"),
        ("THEO BELL (g2)", "Theo Bell (G2)"),
    ],
)
def test_each_way_of_writing_a_name_reads_as_the_card(cards, written, official):
    deck = read(f"2x {written}\n", cards, format="plain")
    assert deck.unresolved == []
    assert {**deck.crypt, **deck.library} == {card_id(cards, official): 2}


def test_every_accented_name_reads_without_its_accents(cards):
    checked, missed = 0, []
    for card in cards:
        plain = "".join(ch for ch in unicodedata.normalize("NFKD", card.unique_name) if not unicodedata.combining(ch))
        if plain == card.unique_name or not plain.isascii():
            continue  # no accent, or letters ("ø", "ł") that do not decompose: tested above
        checked += 1
        deck = read(f"1x {plain}\n", cards, format="plain")
        if {**deck.crypt, **deck.library} != {card.id: 1}:
            missed.append((plain, card.unique_name))
    assert checked > 50
    assert missed == []


def test_every_other_name_a_card_is_known_by_reads_as_that_card(cards):
    known = [(card, aka) for card in cards for aka in card.aka]
    assert len(known) > 30
    missed = []
    for card, aka in known:
        deck = read(f"1x {aka}\n", cards, format="plain")
        # Some akas are shared by a vampire's versions ("Sébastian Goulet"): any card of that name will do.
        read_as = [cards[i] for i in {**deck.crypt, **deck.library}]
        if [c.name for c in read_as] != [card.name]:
            missed.append((aka, card.unique_name))
    assert missed == []


# --- counts and lines naming no card -------------------------------------------------------------


def test_repeated_lines_merge_their_counts_however_the_name_is_spelt(cards):
    text = (
        "Crypt\n2x Theo Bell (G2)\nTheo Bell  7  POT cel dom pre  Brujah:2\n1x THEO BELL (G2)\n\n"
        "Library\n2x Govern the Unaligned\n1 Govern the Unaligned -- a spare\nGovern the Unaligned x1\n"
        "1x The Rack\n1x Rack, The\n"
    )
    deck = read(text, cards, format="plain")
    assert deck.crypt == {card_id(cards, "Theo Bell (G2)"): 4}
    assert deck.library == {card_id(cards, "Govern the Unaligned"): 4, card_id(cards, "Rack, The"): 2}
    assert deck.comments == {card_id(cards, "Govern the Unaligned"): "a spare"}


def test_repeated_archive_lines_merge_and_their_comments_join(cards):
    text = SAMPLES["twd"].replace("3x Deflection", "2x Deflection -- early\n1x Deflection -- late")
    deck = read(text, cards)
    assert deck.library == counts(cards, LIBRARY)
    assert deck.comments[card_id(cards, "Deflection")] == "early; late"


def test_lines_naming_no_card_are_kept_never_dropped(cards):
    text = (
        "Crypt (3 cards)\n"
        "2x Theo Bel (G2)\n"
        "1x Tupdog\n"
        "Library (6 cards)\n"
        "3x Govern teh Unaligned\n"
        "2x Deflection\n"
        "1x Qwxzv Plmkj\n"
    )
    deck = read(text, cards, format="plain")
    assert deck.crypt == {card_id(cards, "Tupdog"): 1}
    assert deck.library == {card_id(cards, "Deflection"): 2}
    found = [(u.line, u.text, u.count, u.section, u.reason) for u in deck.unresolved]
    assert found == [
        (2, "2x Theo Bel (G2)", 2, "crypt", ""),
        (5, "3x Govern teh Unaligned", 3, "library", ""),
        (7, "1x Qwxzv Plmkj", 1, "library", ""),
    ]
    theo, govern, nonsense = (u.suggestions for u in deck.unresolved)
    assert "Theo Bell (G2)" in theo
    assert govern[0] == "Govern the Unaligned"
    assert nonsense == []  # nothing is close: no guess offered
    assert all(len(u.suggestions) <= 3 for u in deck.unresolved)


def test_a_misspelt_bare_name_is_kept_too(cards):
    deck = read("Govern teh Unaligned\n4x Deflection\n", cards, format="jol")
    [line] = deck.unresolved
    assert (line.text, line.count, line.suggestions[0]) == ("Govern teh Unaligned", 1, "Govern the Unaligned")


@pytest.mark.parametrize(
    ("line", "official", "count"),
    [
        ("419 Operation", "419 Operation", 1),  # not 419 copies of "Operation"
        ("419 Operation -- for the pool", "419 Operation", 1),
        ("2x 419 Operation", "419 Operation", 2),
        ("2 419 Operation", "419 Operation", 2),
        ("47th Street Royals", "47th Street Royals", 1),
        ("3x 47th Street Royals", "47th Street Royals", 3),
    ],
)
def test_a_name_that_starts_with_a_number_is_the_card_not_a_count(cards, line, official, count):
    deck = read(f"Library\n{line}\n", cards, format="plain")
    assert deck.unresolved == []
    assert deck.library == {card_id(cards, official): count}


def test_a_double_dash_that_belongs_to_a_name_is_not_a_comment(cards):
    # "Bang Nakh -- Tiger's Claws" is how lists without an em dash write "Bang Nakh — Tiger's Claws".
    bang_nakh = card_id(cards, "Bang Nakh — Tiger's Claws")
    deck = read("2x Bang Nakh -- Tiger's Claws -- for the Tzimisce\n1x Fame -- Tiger's Claws\n", cards, format="plain")
    assert deck.unresolved == []
    assert deck.library == {bang_nakh: 2, card_id(cards, "Fame"): 1}
    assert deck.comments == {bang_nakh: "for the Tzimisce", card_id(cards, "Fame"): "Tiger's Claws"}
