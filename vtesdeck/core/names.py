"""Card-name folding: the one place that decides when two spellings name the same card.

Decklists are typed by hand. "The Rack", "Rack, The", "rack the", "Dónal O’Connor", "Carlton Van Wyk
(Hunter)™" must all meet the official name, so every name is reduced to a folded key: accents
removed, case and punctuation dropped, a trailing ", The" moved to the front.
"""

from __future__ import annotations

import re
import unicodedata

# Characters NFKD does not take apart into an ASCII letter plus accents.
_TRANSLITERATE = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "ae",
        "ø": "o",
        "Ø": "o",
        "œ": "oe",
        "Œ": "oe",
        "ł": "l",
        "Ł": "l",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "ı": "i",
    }
)
_TRADEMARK = re.compile(r"\(tm\)|™|\(r\)|®", re.IGNORECASE)
_NOT_WORD = re.compile(r"[^a-z0-9]+")
# Version suffixes decklists append to vampire names: (ADV), (advanced), Adv., (G2), (G2 ADV), [G2]…
_VERSION = re.compile(
    r"""\s*[\(\[]\s*(?:g\s*(?P<group>\d|any)\s*)?(?P<adv>adv(?:anced|\.)?)?\s*[\)\]]\s*$  # (G2 ADV), (ADV)
        |\s+(?P<adv2>adv(?:anced|\.)?)\s*$                                               # ... Adv.
    """,
    re.IGNORECASE | re.VERBOSE,
)


def fold(name: str) -> str:
    """The lookup key of a card name: ASCII, lower case, words separated by single spaces."""
    text = _TRADEMARK.sub("", name)
    if not text.isascii():  # most names are plain ASCII, which neither step below would change
        text = text.translate(_TRANSLITERATE)
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = text.lower()
    # "’" and "'" both vanish, so "O'Connor" == "OConnor" == "O’Connor".
    text = text.replace("'", "")
    text = _NOT_WORD.sub(" ", text).strip()
    # The comma of "Rack, The" is gone by now, so "rack the" and "Rack, The" both become "the rack".
    if text.endswith(" the"):
        text = "the " + text[: -len(" the")]
    return text


def split_version(name: str) -> tuple[str, str | None, bool]:
    """Split a vampire name from its version suffix: ``"Theo Bell (G2 ADV)"`` → ("Theo Bell", "2", True).

    Returns the bare name, the group it names (or None) and whether it says "advanced". Suffixes
    stack in the wild ("Kemintiri (ADV) (G2)"), so they are stripped until none is left.
    """
    group: str | None = None
    advanced = False
    while True:
        # Every suffix ends in a bracket or in "adv", "adv." or "advanced": most names end otherwise, and a
        # search of the whole name for the pattern would find nothing.
        end = name.rstrip()[-9:].lower()
        if not end.endswith((")", "]", "adv", "adv.", "advanced")):
            return name.strip(), group, advanced
        match = _VERSION.search(name)
        if not match or match.start() == 0:
            return name.strip(), group, advanced
        if match["group"]:
            group = match["group"].upper()
        if match["adv"] or match["adv2"]:
            advanced = True
        name = name[: match.start()]


# Numbers as people type them in a card's name: "Mask of 1000 Faces", "2nd Tradition", "Power of 1".
_CARDINALS = "zero one two three four five six seven eight nine ten eleven twelve thirteen".split()
_ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth".split()
_ORDINAL_DIGITS = "1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th 11th 12th 13th".split()
_NUMBER_WORDS = {
    **{word: str(n) for n, word in enumerate(_CARDINALS)},
    **dict(zip(_ORDINALS, _ORDINAL_DIGITS, strict=True)),
    "hundred": "100",
    "thousand": "1000",
}
_ARTICLES = ("the", "a", "an")


def typed_form(folded: str) -> str:
    """A folded name as people type it, for names that match no card as written: numbers as digits ("a thousand"
    and "1000" → "1000", "second" and "2nd" → "2nd") and no leading or trailing article ("Return to Innocence"
    for "The Return to Innocence", "Anarch Manifesto" for "Anarch Manifesto, An")."""
    words = folded.split()
    if not _NUMBER_WORDS.keys().isdisjoint(words):
        words = [_NUMBER_WORDS.get(word, word) for word in words]
    if "a" in words or "an" in words:
        # "a thousand" is "1000": the digits leave the article out.
        words = [
            word
            for word, after in zip(words, [*words[1:], ""], strict=True)
            if not (word in ("a", "an") and after[:1].isdigit())
        ]
    if len(words) > 1 and words[0] in _ARTICLES:
        del words[0]
    if len(words) > 1 and words[-1] in _ARTICLES:
        del words[-1]
    return " ".join(words)
