"""The resolver that turns a decklist's card name into an official card: the section a list is in decides
between a vampire and a library card of the same name, a pasted crypt row is read by its name and group,
ARDB's names cut at 18 characters still find their vampire, set notes are ignored, a name naming no card
gets at most three suggestions (the closest first), and its caches stay bounded under a flood of junk."""

from __future__ import annotations

import dataclasses

import pytest

from vtesdeck.core import carddb
from vtesdeck.core.decklist import resolve
from vtesdeck.core.decklist.resolve import Resolver

ARDB_WIDTH = 18  # ARDB's text export cuts vampire names at this many characters


@pytest.fixture
def resolver(cards) -> Resolver:
    """A fresh resolver: nothing another test resolved is cached in it."""
    return Resolver(cards)


def card(cards, name: str):
    found = cards.lookup(name)
    assert found is not None, name
    return found


# --- sections ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_name(cards) -> carddb.CardIndex:
    """A card list where a vampire and a library card share the name "Tupdog". No official name is both
    (so the list is made up), but an aka or a future printing may make one."""
    tupdog = card(cards, "Tupdog")
    impostor = dataclasses.replace(
        card(cards, "Govern the Unaligned"),
        name="Tupdog",
        printed_name="Tupdog",
        unique_name="Tupdog",
        aka=(),
        name_forms=(),
    )
    return carddb.CardIndex([tupdog, impostor])


@pytest.mark.parametrize(
    ("section", "crypt"),
    [("crypt", True), ("library", False), ("Action", False), ("Master", False), ("Political Action", False)],
)
def test_the_section_a_name_is_listed_in_decides_between_a_vampire_and_a_library_card(shared_name, section, crypt):
    found = Resolver(shared_name).resolve("Tupdog", section=section)
    assert found is not None and found.is_crypt is crypt


def test_the_section_preference_is_remembered_per_section(shared_name):
    resolver = Resolver(shared_name)
    assert resolver.resolve("Tupdog", section="library").is_crypt is False
    assert resolver.resolve("Tupdog", section="crypt").is_crypt is True  # not the library answer, cached
    assert resolver.resolve("Tupdog", section="Action").is_crypt is False


def test_outside_any_section_a_name_still_resolves(shared_name, resolver, cards):
    assert Resolver(shared_name).resolve("Tupdog") is not None
    assert resolver.resolve("Govern the Unaligned") == card(cards, "Govern the Unaligned")
    assert resolver.resolve("Tupdog") == card(cards, "Tupdog")


def test_a_name_of_no_card_resolves_to_nothing(resolver):
    for text in ("Govern teh Unaligned", "", "   ", "**", "12", "Crypt (12 cards)"):
        assert resolver.resolve(text) is None
        assert resolver.resolve(text, section="crypt") is None


# --- crypt rows ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "official"),
    [
        ("Tupdog   1  POT VIS   Gargoyle:3", "Tupdog"),
        ("Theo Bell  7  POT cel dom pre  Brujah:2", "Theo Bell (G2)"),
        ("Theo Bell  8  CEL POT PRE aus dom  Brujah:6", "Theo Bell (G6)"),
        ("Theo Bell (ADV)  7  CEL POT PRE aus dom  Brujah:2", "Theo Bell (ADV)"),
        ("Dónal O'Connor  8  CEL DOM POT  prince  Brujah:2", "Dónal O'Connor (G2)"),
        ("Donal O’Connor  8  CEL DOM POT  prince  Brujah:6", "Dónal O'Connor (G6)"),
        ("Gilbert Duane  7  AUS DOM OBF  prince  Malkavian:1", "Gilbert Duane (G1)"),
        ("Gilbert Duane  7  AUS DOM OBF  baron  Malkavian:6", "Gilbert Duane (G6)"),
        ("Kemintiri (ADV)  10  OBF PRE SER THA aus dom  Follower of Set:2", "Kemintiri (ADV)"),
        ("Kemintiri  Adv 10  OBF PRE SER THA aus dom  Follower of Set :2", "Kemintiri (ADV)"),  # ARDB's column
        ("Kemintiri  10  OBF PRE SER THA aus dom  Follower of Set:2", "Kemintiri"),
    ],
)
def test_a_crypt_row_is_read_by_its_name_and_its_group_picks_the_version(resolver, cards, row, official):
    assert resolver.resolve(row, section="crypt") == card(cards, official)


def test_a_bare_name_of_several_groups_is_left_to_its_deck(resolver, cards):
    # The row's group tells the versions apart. Without it the name has candidates for the deck to settle
    # (tests/core/test_ambiguous_names.py); asked alone, with no deck, the earliest printing answers.
    assert resolver.versions("Theo Bell", section="crypt") == (
        card(cards, "Theo Bell (G2)"),
        card(cards, "Theo Bell (G6)"),
    )
    assert resolver.resolve("Theo Bell", section="crypt") == card(cards, "Theo Bell (G2)")
    assert resolver.resolve("Theo Bell  8  CEL POT PRE aus dom  Brujah:6", section="crypt") == card(
        cards, "Theo Bell (G6)"
    )
    for explicit in ("Theo Bell  8  CEL POT PRE aus dom  Brujah:6", "Theo Bell (G6)", "Theo Bell (ADV)", "Tupdog"):
        assert resolver.versions(explicit, section="crypt") == ()


def test_a_group_no_version_has_falls_back_on_the_name(resolver, cards):
    assert resolver.resolve("Tupdog   1  POT VIS   Gargoyle:5", section="crypt") == card(cards, "Tupdog")


def test_a_crypt_row_is_not_read_as_a_library_card(resolver):
    assert resolver.resolve("Tupdog   1  POT VIS   Gargoyle:3", section="library") is None


# --- ARDB's cut names ----------------------------------------------------------------------------


def ardb_row(vampire) -> str:
    adv = "Adv " if vampire.advanced else ""
    disciplines = " ".join(sorted(str(d) for d in vampire.disciplines))
    clan = vampire.clans[0] if vampire.clans else ""
    return f"{vampire.name[:ARDB_WIDTH]}  {adv}{vampire.capacity}  {disciplines}  {clan}:{vampire.group}"


def test_every_vampire_ardb_cuts_short_is_found_from_its_row(cards):
    """Every vampire whose name ARDB cuts, except where the cut name, group and advanced mark are the
    same for two vampires ("Hermana Hambrienta Mayor" and "… Menor"): no reader could tell those apart."""
    resolver = Resolver(cards)
    vampires = [c for c in cards if c.is_crypt]
    version = {}
    for vampire in vampires:
        key = (vampire.name[:ARDB_WIDTH], vampire.group, vampire.advanced)
        version[key] = None if key in version else vampire
    cut = [v for v in vampires if len(v.name) > ARDB_WIDTH]
    assert len(cut) > 100
    missed = [
        (ardb_row(v), v.unique_name)
        for v in cut
        if version[(v.name[:ARDB_WIDTH], v.group, v.advanced)] is not None
        and resolver.resolve(ardb_row(v), section="crypt") != v
    ]
    assert missed == []


@pytest.mark.parametrize(
    ("row", "official"),
    [
        (
            "Ambrosio Luis Monç  10  DOM OBT POT PRE aus for  cardinal  Lasombra:2",
            "Ambrosio Luis Monçada, Plenipotentiary",
        ),
        # The cut falls after an article, which must not be read as "Vykos, The" (the article of a whole name).
        ("Sascha Vykos, The   8  AUS THA VIC ani dom  Tzimisce:2", "Sascha Vykos, The Angel of Caine"),
        ("Sascha Vykos, The   Adv 8  AUS THA VIC ani dom  Tzimisce:2", "Sascha Vykos, The Angel of Caine (ADV)"),
        ("Delizbieta of the   6  ...  Tzimisce:4", "Delizbieta of the Dark Eyes"),
        ("Ferox, The Rock Lo  Adv 7  FOR POT VIS ani  Gargoyle:2", "Ferox, The Rock Lord (ADV)"),
        ("Al-Ashrad, Amr of   9  CEL QUI THA aus obf  Assamite:2", "Al-Ashrad, Amr of Alamut"),
    ],
)
def test_an_ardb_name_cut_at_18_characters_is_found_from_its_row(resolver, cards, row, official):
    assert resolver.resolve(row, section="crypt") == card(cards, official)


def test_a_short_prefix_is_not_taken_for_a_cut_name(resolver):
    # Under 12 letters a prefix is more likely a typo than ARDB's cut: no guess is made.
    assert resolver.resolve("Ambrosio Lu  10  DOM OBT POT PRE  Lasombra:2", section="crypt") is None
    assert resolver.resolve("Theo Be  7  POT cel dom pre  Brujah:2", section="crypt") is None


def test_a_cut_name_alone_without_its_row_is_not_guessed(resolver):
    assert resolver.resolve("Ambrosio Luis Monç", section="crypt") is None


# --- set notes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "official"),
    [
        ("Govern the Unaligned [CE]", "Govern the Unaligned"),
        ("Govern the Unaligned [CE:C]", "Govern the Unaligned"),
        ("Deflection [KMW]", "Deflection"),
        ("Deflection (KMW:U)", "Deflection"),
        ("Rack, The [BH:R2]", "Rack, The"),
        ("Kemintiri (ADV) [KMW]", "Kemintiri (ADV)"),
    ],
)
def test_set_and_rarity_notes_after_a_name_are_ignored(resolver, cards, written, official):
    assert resolver.resolve(written) == card(cards, official)


def test_a_set_note_does_not_make_a_misspelt_name_a_card(resolver):
    assert resolver.resolve("Govern teh Unaligned [CE]") is None


# --- suggestions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("misspelt", "meant"),
    [
        ("Govern teh Unaligned", "Govern the Unaligned"),
        ("Dreams of teh Sphynx", "Dreams of the Sphinx"),
        ("Deflecton", "Deflection"),
        ("Tupdgo", "Tupdog"),
        ("Blod Doll", "Blood Doll"),
        ("Pentex Subversoin", "Pentex(TM) Subversion"),
        ("The Rakc", "Rack, The"),
    ],
)
def test_a_misspelt_name_suggests_the_card_meant_first(resolver, misspelt, meant):
    suggestions = resolver.suggest(misspelt)
    assert suggestions[0] == meant
    assert len(suggestions) <= 3


def test_a_misspelt_vampire_suggests_its_versions(resolver):
    assert set(resolver.suggest("Theo Bel (G2)")) == {"Theo Bell (G2)", "Theo Bell (G6)", "Theo Bell (ADV)"}


def test_suggestions_are_three_at_most_unless_more_are_asked_for(resolver):
    three, more = resolver.suggest("Blod Doll"), resolver.suggest("Blod Doll", n=10)
    assert len(three) == 3
    assert len(more) > 3
    assert more[:3] == three  # the same ranking, cut


def test_suggestions_are_official_names_without_repeats(resolver, cards):
    official = {c.unique_name for c in cards}
    for text in ("Theo Bel", "Dreams of teh Sphynx", "Carlton Van Wik (Hunter)"):
        suggestions = resolver.suggest(text, n=10)
        assert suggestions and set(suggestions) <= official
        assert len(suggestions) == len(set(suggestions))


@pytest.mark.parametrize(
    ("row", "meant"),
    [
        # The archive's rows (tests/… real lines of ../shared/twda, one letter doubled or dropped).
        ("Darius Shirazzi        6  AUS DOM obf                    Malkavian:5", "Darius Shirazi"),  # 11282.txt
        ("Gabriele di Righetti  10  ANI AUS DOM THA obf pot  justicar  Tremere:5", "Gabrielle di Righetti"),
        ("Anarch Convet     1  -none-                 Caitiff:ANY", "Anarch Convert"),
        ("Gilbert Duanne          7  AUS DOM OBF              baron     Malkavian:6", "Gilbert Duane (G6)"),
        ("Gilbert Duanne                 7  AUS DOM OBF          prince        Malkavian:1", "Gilbert Duane (G1)"),
        ("Kemintri (ADV)  10  OBF PRE SER THA aus dom  Follower of Set:2", "Kemintiri (ADV)"),
        # VDB's text export: the name padded to a column.
        ("Theo Bel                                7  POT cel dom pre                     Brujah:2", "Theo Bell (G2)"),
        ("Theo Bel                                8  CEL POT PRE aus dom                 Brujah:6", "Theo Bell (G6)"),
        # ARDB's: tabs, an "Adv" column, names cut at 18 characters.
        ("Theo Bel\t\t\tAdv   7 CEL POT PRE aus dom\t\tBrujah:2", "Theo Bell (ADV)"),
        (
            "Ambrosio Luis Mnç\t  10 DOM OBT POT PRE aus for\tcardinal\tLasombra:2",
            "Ambrosio Luis Monçada, Plenipotentiary",
        ),
        ("Sasccha Vykos, The\t\t\t  8 AUS THA VIC ani dom\t\tpriscus\tTzimisce:2", "Sascha Vykos, The Angel of Caine"),
        # A row cut before its clan and group.
        ("Darius Shirazzi  6  AUS DOM obf", "Darius Shirazi"),
    ],
)
def test_a_misspelt_crypt_row_suggests_the_vampire_by_its_name_and_group(resolver, row, meant):
    assert resolver.resolve(row, section="crypt") is None
    assert resolver.suggest(row)[0] == meant


def test_a_version_mark_or_the_crypt_section_puts_vampires_and_the_marked_version_first(resolver):
    assert resolver.suggest("Theo Bel (G6)")[0] == "Theo Bell (G6)"
    assert resolver.suggest("Theo Bel Adv.")[0] == "Theo Bell (ADV)"  # Lackey's mark
    # "Dowage" is nearest "Dodge" (a library card); listed in the crypt it is "The Dowager".
    assert resolver.suggest("Dowage") == ["Dodge", "Dowager, The"]
    assert resolver.suggest("Dowage", section="crypt") == ["Dowager, The", "Dodge"]


def crypt_rows(vampire, name: str):
    """The rows the archive (and VDB, padded alike) and ARDB print for a vampire, under another name."""
    disciplines = " ".join(sorted(str(d) for d in vampire.disciplines)) or "-none-"
    clan = vampire.clans[0] if vampire.clans else ""
    mark = " (ADV)" if vampire.advanced else ""
    yield f"{name}{mark}  {vampire.capacity}  {disciplines}  {vampire.title}  {clan}:{vampire.group}"
    yield f"{name + mark:<40}{vampire.capacity:>3}  {disciplines:<30}{vampire.title:<10}{clan}:{vampire.group}"
    adv = "Adv " if vampire.advanced else ""
    yield f"{name[:ARDB_WIDTH]}\t\t\t{adv}  {vampire.capacity} {disciplines}\t\t{vampire.title}\t{clan}:{vampire.group}"


def typo(name: str) -> str:
    """A name with the middle letter of its longest word doubled ("Shirazi" → "Shirazzi")."""
    words = name.split(" ")
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[longest]
    words[longest] = word[: len(word) // 2] + word[len(word) // 2 :][:1] + word[len(word) // 2 :]
    return " ".join(words)


def test_every_vampire_misspelt_in_a_crypt_row_is_suggested_first(cards):
    """Every third vampire (some 600), its name misspelt, in one of the three row shapes in turn. Only where
    ARDB's cut leaves two vampires the same row (Hermana Hambrienta Mayor and Menor) may the one meant
    come second."""
    resolver = Resolver(cards)
    vampires = sorted((c for c in cards if c.is_crypt), key=lambda c: c.id)[::3]
    missed = []
    for index, vampire in enumerate(vampires):
        row = list(crypt_rows(vampire, typo(vampire.name)))[index % 3]
        suggestions = resolver.suggest(row)
        if vampire.unique_name not in suggestions[:2] or (
            suggestions[0] != vampire.unique_name and not suggestions[0].startswith(vampire.name[:ARDB_WIDTH])
        ):
            missed.append((row, suggestions, vampire.unique_name))
    assert len(vampires) > 500
    assert missed == []


def test_an_importer_gets_suggestions_for_a_misspelt_row(cards):
    from vtesdeck.core import decklist

    deck = decklist.parse(
        "Crypt (12 cards, min=1, max=1, avg=1)\n"
        "2x Darius Shirazzi        6  AUS DOM obf                    Malkavian:5\n"
        "10x Theo Bel  8  CEL POT PRE aus dom  Brujah:6\n",
        cards,
        format="twd",
    )
    assert [u.suggestions[0] for u in deck.unresolved] == ["Darius Shirazi", "Theo Bell (G6)"]


def test_a_text_like_no_card_gets_no_suggestion(resolver):
    assert resolver.suggest("zzqqxxjj") == []
    assert resolver.suggest("") == []
    assert resolver.suggest("!!! ???") == []


# --- names as people type them --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("2nd tradition", "Second Tradition: Domain"),
        ("Sixth Tradition", "Sixth Tradition: Destruction"),
        ("return to innocence", "Return to Innocence, The"),
        ("Mask of 1000 Faces", "Mask of a Thousand Faces"),
        ("Mask of 1000 Faces [KMW]", "Mask of a Thousand Faces"),
        ("Vigil", "Vigil: The Thin Line"),
    ],
)
def test_a_name_as_people_type_it_names_its_card(resolver, typed, meant):
    assert resolver.resolve(typed) is None  # not as written: only the parsers' last reading finds it
    assert resolver.resolve(resolver.typed_name(typed)).unique_name == meant


@pytest.mark.parametrize("typed", ["Praxis Seizure", "Powerbase", "Elysium", "Trophy", "Shakar", "the", "1000"])
def test_a_name_that_several_cards_names_read_as_names_none(resolver, typed):
    assert resolver.typed_name(typed) is None


def test_every_typed_name_is_one_cards_and_resolves(resolver, cards):
    """No typed form of a name stands for a card of another name (the index knows every name's form)."""
    for card_ in cards:
        for form in card_.name_forms:
            official = resolver.typed_name(form)
            assert official is None or resolver.resolve(official).name == card_.name, form


# --- bounded caches ------------------------------------------------------------------------------


def test_a_flood_of_names_never_grows_the_caches_past_their_bound(cards, monkeypatch):
    bound = 100
    monkeypatch.setattr(resolve, "MAX_CACHE", bound)
    resolver = Resolver(cards)
    resolved, suggested = [], []
    for number in range(bound + 10):
        junk = f"Junk card number {number}"
        assert resolver.resolve(junk) is None
        resolver.suggest(junk)
        resolved.append(len(resolver._cache[""]))
        suggested.append(len(resolver._suggestions))
    # The caches were used up to their bound, and never past it.
    assert max(resolved) == bound
    assert max(suggested) == bound
    # A cache emptied when full answers as before.
    assert resolver.resolve("Govern the Unaligned") == card(cards, "Govern the Unaligned")
    assert resolver.resolve("Theo Bell  7  POT cel dom pre  Brujah:2", section="crypt") == card(cards, "Theo Bell (G2)")
