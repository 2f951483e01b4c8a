"""The structured decklist formats: our JSON (and krcg's and VDB's), LackeyCCG .dek, ELDB .eld, CSV and the
VDB deck link. Each is read from a realistic sample (metadata included), recognised by detection without
claiming the others' samples, and written back."""

from __future__ import annotations

import datetime
import json
import urllib.parse

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck, Event, Unresolved
from vtesdeck.core.decklist import DecklistError

STRUCTURED = ("json", "lackey-dek", "eld", "csv", "vdb-url")


def ids(cards, *names: str) -> list[int]:
    return [cards.lookup(name).id for name in names]


# --- samples, as the tools write them ------------------------------------------------------------


def json_sample(cards) -> str:
    tupdog, moody, dreams, govern = ids(cards, "Tupdog", "Keith Moody", "Dreams of the Sphinx", "Govern the Unaligned")
    return json.dumps(
        {
            "name": "4 Tupdog",
            "author": "Arnau Diez Sans",
            "description": "Gargoyles that bleed early.",
            "event": {
                "name": "La Marató 2021",
                "place": "Barcelona, Spain",
                "date": "2021-12-19",
                "format": "2R+F",
                "players": 35,
                "winner": "Arnau Diez Sans",
                "url": "https://www.vekn.net/event-calendar/event/10009",
            },
            "crypt": [{"id": tupdog, "name": "Tupdog", "count": 24}, {"id": moody, "count": 2}],
            "library": [
                {"id": dreams, "name": "Dreams of the Sphinx", "count": 2},
                {"name": "Govern the Unaligned", "count": 2},  # a name alone is resolved
                {"id": 999999, "name": "Fame", "count": 3},  # an id we do not know: the name decides
                {"id": 999998, "count": 1},  # neither: kept for the judge
                {"name": "Govern teh Unaligned", "count": 1},
            ],
            "comments": {str(govern): "one is a proxy"},
            "declared": {"crypt": 26, "library": 9},
        },
        ensure_ascii=False,
        indent=2,
    )


def krcg_sample(cards) -> str:
    anson, dreams, deflection = ids(cards, "Anson", "Dreams of the Sphinx", "Deflection")
    return json.dumps(
        {
            "id": "2k21lamarato",
            "event": "La Marató 2021",
            "place": "Barcelona, Spain",
            "date": "2021-12-19",
            "tournament_format": "2R+F",
            "players_count": 35,
            "player": "Arnau Diez Sans",
            "name": "Anson's Dreams",
            "author": "Arnau Diez Sans",
            "comments": "Played in the final.",
            "crypt": {"count": 3, "cards": [{"id": anson, "count": 3, "name": "Anson"}]},
            "library": {
                "count": 6,
                "cards": [
                    {
                        "type": "Master",
                        "count": 2,
                        "cards": [{"id": dreams, "count": 2, "name": "Dreams of the Sphinx"}],
                    },
                    {
                        "type": "Reaction",
                        "count": 4,
                        "cards": [{"id": deflection, "count": 4, "name": "Deflection", "comments": "vs. bleed"}],
                    },
                ],
            },
        }
    )


def dek_sample() -> str:
    rows = ['<deck version="0.8">', "\t<meta>", "\t\t<game>vtes</game>", "\t</meta>", '\t<superzone name="Deck">']
    rows += ['\t\t<card><name id="BumsRush">Bum&apos;s Rush</name><set>Jyhad</set></card>'] * 3
    rows += ['\t\t<card><name id="TheRack">Rack, The</name><set>VTES</set></card>']
    rows += ['\t\t<card><name id="GoverntheUnaligned">Govern teh Unaligned</name><set>VTES</set></card>'] * 2
    rows += ["\t</superzone>", '\t<superzone name="Crypt">']
    rows += ['\t\t<card><name id="KemintiriAdv">Kemintiri Adv.</name><set>KMW</set></card>']
    rows += ['\t\t<card><name id="Anson">Anson</name><set>Jyhad</set></card>'] * 2
    rows += ["\t\t<card><name id=\"Ondine\">Ondine 'Boudicca' Sinclair</name><set>LotN</set></card>"]
    rows += ["\t</superzone>", "</deck>"]
    return "\n".join(rows) + "\n"


ELD_SAMPLE = """\
"Tupdog Swarm"
"Arnau Diez Sans"
"Gargoyles that bleed.

Take the Edge early."
3
"Tupdog"
"Tupdog"
"Al-Muntathir, God`s Witness"
6
"Bum`s Rush"
"Bum`s Rush"
"Rack, The"
"Dreams of the Sphinx"
"Pentex(TM) Subversion"
"Govern teh Unaligned"
"""


def csv_samples(cards) -> list[str]:
    tupdog, dreams, rack = ids(cards, "Tupdog", "Dreams of the Sphinx", "The Rack")
    return [
        f"Quantity,Card ID\n12,{tupdog}\n2,{dreams}\n1,{rack}\n",
        'Quantity,Card Name\n12,Tupdog\n2,Dreams of the Sphinx\n1,"Rack, The"\n',
        f'12,{tupdog},Tupdog\n2,{dreams},Dreams of the Sphinx\n1,{rack},"Rack, The"\n',
        f"Card Name;Set;Quantity;Card ID\nTupdog;Gargoyles;12;{tupdog}\nDreams of the Sphinx;Jyhad;2;{dreams}\n"
        f"Rack, The;VTES;1;{rack}\n",
    ]


def vdb_samples(cards) -> list[str]:
    tupdog, dreams, rack = ids(cards, "Tupdog", "Dreams of the Sphinx", "The Rack")
    pairs = f"{tupdog}=12;{dreams}=2;{rack}=1"
    return [
        f"https://vdb.im/decks/deck?name=Tupdog%20Swarm&author=Arnau%20Diez%20Sans"
        f"&description=Gargoyles%20that%20bleed.%0AEarly.#{pairs}",
        f"#{pairs}",
        f"{pairs}\n",
    ]


# Other formats' texts, which none of these may claim.
TEXT_SAMPLES = {
    "plain": "2x Fame\n3 Govern the Unaligned\n12 Tupdog\n",
    "jol": "2xFame\n3xGovern the Unaligned\nAnson\nAnson\n",
    "lackey": "2\tFame\n3\tGovern the Unaligned\nCrypt:\n2\tAnson\n",
    "ardb": "Deck Name : Tupdog\nAuthor : Arnau\n\nCrypt [12 vampires] Capacity min: 3 max: 3\n"
    "------------------------------------------------------------\n12x Tupdog  3 POT VIS Gargoyle:3\n",
}


def all_samples(cards) -> dict[str, list[str]]:
    return {
        "json": [json_sample(cards), krcg_sample(cards)],
        "lackey-dek": [dek_sample()],
        "eld": [ELD_SAMPLE],
        "csv": csv_samples(cards),
        "vdb-url": vdb_samples(cards),
    }


# --- json ----------------------------------------------------------------------------------------


def test_json_reads_our_record_with_its_metadata(cards):
    deck = decklist.parse(json_sample(cards), cards)
    tupdog, moody, dreams, govern, fame = ids(
        cards, "Tupdog", "Keith Moody", "Dreams of the Sphinx", "Govern the Unaligned", "Fame"
    )
    assert deck.source_format == "json"
    assert (deck.name, deck.author, deck.description) == ("4 Tupdog", "Arnau Diez Sans", "Gargoyles that bleed early.")
    assert deck.event == Event(
        name="La Marató 2021",
        place="Barcelona, Spain",
        date=datetime.date(2021, 12, 19),
        format="2R+F",
        players=35,
        winner="Arnau Diez Sans",
        url="https://www.vekn.net/event-calendar/event/10009",
    )
    assert deck.crypt == {tupdog: 24, moody: 2}
    assert deck.library == {dreams: 2, govern: 2, fame: 3}
    assert deck.comments == {govern: "one is a proxy"}
    assert (deck.declared.crypt, deck.declared.library) == (26, 9)
    assert [(u.text, u.count, u.section) for u in deck.unresolved] == [
        ("card id 999998", 1, "library"),
        ("Govern teh Unaligned", 1, "library"),
    ]


def test_json_reads_the_shape_krcg_writes(cards):
    deck = decklist.parse(krcg_sample(cards), cards)
    anson, dreams, deflection = ids(cards, "Anson", "Dreams of the Sphinx", "Deflection")
    assert deck.source_format == "json"
    assert (deck.name, deck.author, deck.description) == ("Anson's Dreams", "Arnau Diez Sans", "Played in the final.")
    assert (deck.event.name, deck.event.date, deck.event.players, deck.event.winner) == (
        "La Marató 2021",
        datetime.date(2021, 12, 19),
        35,
        "Arnau Diez Sans",
    )
    assert deck.crypt == {anson: 3}
    assert deck.library == {dreams: 2, deflection: 4}
    assert deck.comments == {deflection: "vs. bleed"}
    assert (deck.declared.crypt, deck.declared.library, deck.declared.sections) == (3, 6, {"Master": 2, "Reaction": 4})


def test_json_reads_vdbs_counts_by_id(cards):
    anson, fame = ids(cards, "Anson", "Fame")
    deck = decklist.parse(json.dumps({"name": "VDB deck", "cards": {str(anson): 12, str(fame): 3}}), cards)
    assert (deck.crypt, deck.library, deck.name) == ({anson: 12}, {fame: 3}, "VDB deck")


def test_json_export_carries_everything_and_names_the_cards(cards):
    anson, fame = ids(cards, "Anson", "Fame")
    deck = Deck(
        crypt={anson: 12},
        library={fame: 3},
        name="Anson",
        author="Me",
        description="a\nb",
        event=Event(name="Open", date=datetime.date(2024, 5, 4), players=21),
        comments={fame: "proxy"},
        unresolved=[Unresolved(line=4, text="2x Famme", count=2)],
    )
    deck.declared.sections["Master"] = 3
    text = decklist.export(deck, cards, "json")
    assert json.loads(text)["library"] == [{"id": fame, "name": "Fame", "count": 3}]
    assert decklist.parse(text, cards, format="json") == deck


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"crypt": [}', "line 1, column 12"),
        ('{"name": "x",\n "crypt": [1 2]}', "line 2, column 14"),
        ("[" * 100_000 + "]" * 100_000, "too deeply"),
        ('"just a string"', "holds no deck"),
        ('{"event": {"date": "last tuesday"}}', "not a date"),
    ],
)
def test_json_that_cannot_be_a_deck_is_refused_with_where(cards, text, message):
    with pytest.raises(DecklistError, match=message):
        decklist.parse(text, cards, format="json")


def test_json_huge_numbers_are_kept_as_impossible_counts(cards):
    fame = cards.lookup("Fame").id
    text = json.dumps({"library": [{"id": fame, "count": 10**12}]}).replace(
        "}]", '}, {"name": "Fame", "count": ' + "9" * 5000 + "}]"
    )
    deck = decklist.parse(text, cards, format="json")
    assert deck.library == {}
    assert [(u.reason, u.count == 10**12) for u in deck.unresolved] == [("count", True), ("count", False)]


# --- lackey .dek ---------------------------------------------------------------------------------


def test_dek_reads_one_card_element_per_copy(cards):
    deck = decklist.parse(dek_sample(), cards)
    bums, rack, kemintiri, anson, ondine = ids(
        cards, "Bum's Rush", "The Rack", "Kemintiri (ADV)", "Anson", 'Ondine "Boudicca" Sinclair'
    )
    assert deck.source_format == "lackey-dek"
    assert deck.library == {bums: 3, rack: 1}
    assert deck.crypt == {kemintiri: 1, anson: 2, ondine: 1}
    [typo] = deck.unresolved
    assert (typo.text, typo.count, typo.section, typo.line) == ("Govern teh Unaligned", 2, "library", 10)


def test_dek_falls_back_on_the_id_when_the_name_is_unknown(cards):
    fame = cards.lookup("Fame").id
    text = f'<deck version="0.8"><superzone name="Deck"><card><name id="{fame}">Fmae</name></card></superzone></deck>'
    assert decklist.parse(text, cards).library == {fame: 1}


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n'
            '<deck version="0.8"><superzone name="Deck"><card><name>&lol2;</name></card></superzone></deck>',
            "refused for safety",
        ),
        ('<deck version="0.8">\n<superzone name="Deck">\n<card><name>Fame</card>\n</deck>', "line 3, column"),
        (
            '<deck version="0.8"><superzone name="Deck"><card><name>&unknown;</name></card></superzone></deck>',
            "undefined entity",
        ),
        ("<cockatrice_deck><superzone/></cockatrice_deck>", "not a LackeyCCG deck"),
    ],
)
def test_dek_refuses_entities_and_broken_xml(cards, text, message):
    with pytest.raises(DecklistError, match=message):
        decklist.parse(text, cards, format="lackey-dek")


def test_dek_export_writes_a_card_per_copy_library_first(cards):
    anson, fame = ids(cards, "Anson", "Fame")
    text = decklist.export(Deck(crypt={anson: 2}, library={fame: 3}), cards, "lackey-dek")
    assert text.startswith('<deck version="0.8">\n\t<meta>\n\t\t<game>vtes</game>')
    assert text.count(f'<name id="{fame}">Fame</name>') == 3
    assert text.index('<superzone name="Deck">') < text.index("Fame") < text.index('<superzone name="Crypt">')
    assert text.count(f'<name id="{anson}">Anson</name>') == 2


# --- eld -----------------------------------------------------------------------------------------


def test_eld_reads_the_header_the_sizes_and_a_line_per_copy(cards):
    deck = decklist.parse(ELD_SAMPLE, cards)
    tupdog, muntathir, bums, rack, dreams, pentex = ids(
        cards,
        "Tupdog",
        "Al-Muntathir, God's Witness",
        "Bum's Rush",
        "The Rack",
        "Dreams of the Sphinx",
        "Pentex(TM) Subversion",
    )
    assert deck.source_format == "eld"
    assert (deck.name, deck.author) == ("Tupdog Swarm", "Arnau Diez Sans")
    assert deck.description == "Gargoyles that bleed.\n\nTake the Edge early."
    assert deck.crypt == {tupdog: 2, muntathir: 1}
    assert deck.library == {bums: 2, rack: 1, dreams: 1, pentex: 1}
    assert (deck.declared.crypt, deck.declared.library) == (3, 6)
    [typo] = deck.unresolved
    assert (typo.text, typo.line, typo.section) == ('"Govern teh Unaligned"', 16, "library")


def test_eld_reads_counts_after_names(cards):
    fame = cards.lookup("Fame").id
    deck = decklist.parse('"Deck"\n"Me"\n""\n0\n3\n"Fame",3\n', cards)
    assert (deck.source_format, deck.library, deck.declared.library) == ("eld", {fame: 3}, 3)


def test_eld_without_its_closing_quote_is_refused(cards):
    with pytest.raises(DecklistError, match="never closes its quote"):
        decklist.parse('"Deck"\n"Me"\n"A description\n2\nAnson\n', cards, format="eld")


def test_eld_export_writes_sizes_and_backquotes(cards):
    muntathir, bums = ids(cards, "Al-Muntathir, God's Witness", "Bum's Rush")
    deck = Deck(crypt={muntathir: 1}, library={bums: 2}, name='The "Witness"', author="Me", description="x")
    text = decklist.export(deck, cards, "eld")
    assert text == '"The `Witness`"\n"Me"\n"x"\n1\n"Al-Muntathir, God`s Witness"\n2\n"Bum`s Rush"\n"Bum`s Rush"\n'


# --- csv -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", range(4))
def test_csv_reads_ids_names_any_header_or_none(cards, which):
    tupdog, dreams, rack = ids(cards, "Tupdog", "Dreams of the Sphinx", "The Rack")
    deck = decklist.parse(csv_samples(cards)[which], cards)
    assert deck.source_format == "csv"
    assert (deck.crypt, deck.library, deck.unresolved) == ({tupdog: 12}, {dreams: 2, rack: 1}, [])


def test_csv_keeps_unknown_ids_bad_names_and_bad_counts_as_lines(cards):
    fame = cards.lookup("Fame").id
    deck = decklist.parse(f"count,id,name\n3,{fame},Fame\n2,999999,\n1,,Famme\nabc,{fame},Fame\n", cards)
    assert deck.library == {fame: 3}
    assert [(u.line, u.text, u.reason) for u in deck.unresolved] == [
        (3, "2,999999,", ""),
        (4, "1,,Famme", ""),
        (5, f"abc,{fame},Fame", "count"),
    ]


def test_csv_export_is_count_id_name_with_a_header(cards):
    anson, rack = ids(cards, "Anson", "The Rack")
    text = decklist.export(Deck(crypt={anson: 2}, library={rack: 1}), cards, "csv")
    assert text == f'count,id,name\n2,{anson},Anson\n1,{rack},"Rack, The"\n'


# --- vdb-url -------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", range(3))
def test_vdb_url_reads_the_link_the_fragment_or_the_pairs(cards, which):
    tupdog, dreams, rack = ids(cards, "Tupdog", "Dreams of the Sphinx", "The Rack")
    deck = decklist.parse(vdb_samples(cards)[which], cards)
    assert deck.source_format == "vdb-url"
    assert (deck.crypt, deck.library, deck.unresolved) == ({tupdog: 12}, {dreams: 2, rack: 1}, [])


def test_vdb_url_carries_name_author_and_description(cards):
    deck = decklist.parse(vdb_samples(cards)[0], cards)
    assert (deck.name, deck.author, deck.description) == (
        "Tupdog Swarm",
        "Arnau Diez Sans",
        "Gargoyles that bleed.\nEarly.",
    )


def test_vdb_url_keeps_unknown_pairs_and_survives_line_wrapping(cards):
    fame = cards.lookup("Fame").id
    deck = decklist.parse(f"https://vdb.im/decks/deck?name=X#{fame}=3;\n999999=2;abc=1;{fame}=100000000000", cards)
    assert deck.library == {fame: 3}
    assert [(u.text, u.reason) for u in deck.unresolved] == [
        ("999999=2", ""),
        ("abc=1", ""),
        (f"{fame}=100000000000", "count"),
    ]


def test_a_link_to_a_saved_vdb_deck_is_refused_with_what_to_do(cards):
    with pytest.raises(DecklistError, match="Deck in URL"):
        decklist.parse("https://vdb.im/decks/3a4f1d2e9c", cards)


def test_vdb_url_export_is_a_full_link(cards):
    anson, fame = ids(cards, "Anson", "Fame")
    deck = Deck(crypt={anson: 12}, library={fame: 3}, name="Anson & co #1", author="Me")
    text = decklist.export(deck, cards, "vdb-url")
    assert text == f"https://vdb.im/decks/deck?name=Anson%20%26%20co%20%231&author=Me#{anson}=12;{fame}=3\n"
    parts = urllib.parse.urlsplit(text.strip())
    assert urllib.parse.parse_qs(parts.query)["name"] == ["Anson & co #1"]


# --- detection -----------------------------------------------------------------------------------


def test_detection_picks_each_sample_format_and_no_other_claims_it_as_surely(cards):
    for name, samples in all_samples(cards).items():
        for sample in samples:
            assert decklist.detect(sample) == name, sample[:80]
            own = decklist.FORMATS[name].detect(sample)
            for other in STRUCTURED:
                if other != name:
                    assert decklist.FORMATS[other].detect(sample) < own, (other, sample[:80])


@pytest.mark.parametrize("name", STRUCTURED)
def test_structured_formats_do_not_claim_text_decklists(name):
    for sample in TEXT_SAMPLES.values():
        assert decklist.FORMATS[name].detect(sample) == 0.0, sample


@pytest.mark.skipif(not TWDA.is_dir(), reason="no TWDA folder")
def test_structured_formats_claim_no_twda_decklist():
    detectors = [decklist.FORMATS[name].detect for name in STRUCTURED]
    claimed = [
        path.name for path in sorted(TWDA.iterdir()) if any(d(decklist.decode(path.read_bytes())) for d in detectors)
    ]
    assert claimed == []


def test_detection_reads_only_the_start_of_a_text(cards):
    # A 2 MB file costs no more to detect than a short one: padding after the first KB changes nothing.
    for name, samples in all_samples(cards).items():
        sample = samples[0]
        assert decklist.FORMATS[name].detect(sample + " " * 1_900_000) == decklist.FORMATS[name].detect(sample)
