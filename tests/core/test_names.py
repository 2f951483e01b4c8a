"""Name folding: every spelling a decklist may use meets the official name."""

from __future__ import annotations

import pytest

from vtesdeck.core.names import fold, split_version, typed_form


@pytest.mark.parametrize(
    ("spelling", "official"),
    [
        ("The Rack", "Rack, The"),
        ("rack the", "Rack, The"),
        ("RACK, THE", "Rack, The"),
        ("Dónal O’Connor", "Dónal O'Connor"),
        ("Donal OConnor", "Dónal O'Connor"),
        ("Ángel Guerrero", "angel guerrero"),
        ("Alek Konig", "Alek König"),
        ("Pentex™ Loves You!", "Pentex(TM) Loves You!"),
        ("pentex loves you", "Pentex(TM) Loves You!"),
        ("“Govern  the Unaligned”", "Govern the Unaligned"),
        ("Fifth Tradition: Hospitality, The", "The Fifth Tradition: Hospitality"),
    ],
)
def test_it_folds_spellings_together(spelling, official):
    assert fold(spelling) == fold(official)


def test_it_keeps_different_names_apart():
    assert fold("Rack, The") != fold("Rack")
    assert fold("Theo Bell") != fold("Theo Bell (G2)")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Theo Bell", ("Theo Bell", None, False)),
        ("Theo Bell (G2)", ("Theo Bell", "2", False)),
        ("Theo Bell (G2 ADV)", ("Theo Bell", "2", True)),
        ("Alan Sovereign (ADV)", ("Alan Sovereign", None, True)),
        ("Alan Sovereign (advanced)", ("Alan Sovereign", None, True)),
        ("Alan Sovereign Adv.", ("Alan Sovereign", None, True)),
        ("Kemintiri (ADV) (G2)", ("Kemintiri", "2", True)),
        ("Anarch Convert (GANY)", ("Anarch Convert", "ANY", False)),
        ("Carlton Van Wyk (Hunter)", ("Carlton Van Wyk (Hunter)", None, False)),
    ],
)
def test_it_splits_version_suffixes(text, expected):
    assert split_version(text) == expected


@pytest.mark.parametrize(
    ("typed", "official"),
    [
        ("Mask of 1000 Faces", "Mask of a Thousand Faces"),
        ("Mask of a 1000 Faces", "Mask of a Thousand Faces"),
        ("2nd Tradition", "Second Tradition"),
        ("5th Tradition: Hospitality", "The Fifth Tradition: Hospitality"),
        ("Return to Innocence", "Return to Innocence, The"),
        ("An Anarch Manifesto", "Anarch Manifesto, An"),
        ("Malkavian 7 Miseries", "Malkavian Seven Miseries, The"),
    ],
)
def test_names_as_people_type_them_meet_the_official_one(typed, official):
    assert typed_form(fold(typed)) == typed_form(fold(official))
    assert fold(typed) != fold(official)  # folding alone does not: the typed form is the parser's last resort


def test_the_typed_form_keeps_what_tells_names_apart():
    assert typed_form(fold("Seraph's Second")) != typed_form(fold("Second Sight"))
    assert typed_form(fold("The")) == "the"  # an article alone is a word, not nothing
