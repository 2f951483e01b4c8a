"""Per-process memos keyed by what people send stay bounded (issue 24, item 3): a custom format's settings,
an as-of day, a decklist's lines, names and headings. The tests count a memo's entries and the length of
what they keep, never a process's memory."""

from __future__ import annotations

import datetime
import json

import pytest

from vtesdeck.core import carddb, decklist, memo, validate
from vtesdeck.core.deck import Deck
from vtesdeck.core.decklist import lines
from vtesdeck.core.decklist.resolve import resolver_for

TODAY = datetime.date(2026, 1, 15)
DISTINCT = 600  # more distinct values than any bounded memo keeps (64)


@pytest.fixture
def fresh(cards) -> carddb.CardIndex:
    """A card index of its own: the memos kept on it start empty, whatever other tests asked."""
    return carddb.CardIndex(list(cards))


def a_deck(cards) -> Deck:
    deck = Deck()
    deck.add(cards.lookup("Anson"), 12)
    deck.add(cards.lookup("Blood Doll"), 60)
    return deck


def memo_sizes(facts) -> dict[str, int]:
    return {name: len(value) for name in type(facts).__slots__ if isinstance(value := getattr(facts, name, None), dict)}


def test_a_custom_formats_release_delays_grow_no_memo(fresh):
    """3,351 edits of one format's delay grew a web worker from 223 MB to 1,067 MB: a memo per delay value.
    Each value here is validated with, filtered with (``out_of_format``) and used with a card pool; what the
    validator keeps on the card list grows by at most its stated bound (64 entries), whatever the values."""
    deck = a_deck(fresh)
    validate.validate(deck, fresh, ruleset="vekn", as_of=TODAY)
    facts = validate._facts(fresh)
    before = memo_sizes(facts)
    for delay in range(DISTINCT):
        plain = {"name": "league", "legality_delay_days": delay}
        validate.validate(deck, fresh, ruleset=plain, as_of=TODAY)
        validate.validate(deck, fresh, ruleset={**plain, "allowed_sets": ["V5", "Jyhad"]}, as_of=TODAY)
        validate.out_of_format(plain, fresh, TODAY)
    grown = {name: n for name, n in memo_sizes(facts).items() if n > before[name]}
    assert all(n <= 64 for n in grown.values()), grown


def test_a_release_delay_still_judges_each_card_by_its_own_release(fresh):
    """What the memo held is now worked out per card: the same verdicts, and a delay past the calendar is no
    crash (every released card is then not yet legal)."""
    doll = fresh.lookup("Blood Doll")
    newest = max((c for c in fresh if c.first_release and not c.is_crypt), key=lambda c: c.first_release)
    deck = a_deck(fresh)
    deck.add(newest, 1)
    for delay in (0, 30, 400):
        legal_on = newest.first_release + datetime.timedelta(days=delay)
        rules = {"name": "league", "legality_delay_days": delay, "set_legal_dates": {}}
        early = validate.validate(deck, fresh, ruleset=rules, as_of=legal_on - datetime.timedelta(days=1))
        assert [(e.code, e.params["date"]) for e in early.errors if e.code == "NOT_YET_LEGAL"] == [
            ("NOT_YET_LEGAL", legal_on.isoformat())
        ]
        assert not [
            e for e in validate.validate(deck, fresh, ruleset=rules, as_of=legal_on).errors if e.code == "NOT_YET_LEGAL"
        ]
    never = {"name": "never", "legality_delay_days": 1_000_000, "set_legal_dates": {}}
    endless = validate.validate(deck, fresh, ruleset=never, as_of=TODAY)
    late = {i for e in endless.errors if e.code == "NOT_YET_LEGAL" for i in e.cards}
    assert late == {doll.id, newest.id, fresh.lookup("Anson").id}
    assert doll.id in validate.out_of_format(never, fresh, TODAY)


def hostile_lists(n: int) -> list[str]:
    """Decklists whose every line and heading is new and far longer than any real one."""
    texts = []
    for i in range(n):
        pad = f"{i:06d}" + "x" * 2000
        texts.append(
            f"{'Crypt/' * 300}Crypt (12 cards {pad})\n"
            f"12x Anson -- {pad}\n"
            f"3x Nosuchcard {pad} -- also {pad}\n"
            f"Library (60) {pad}\n"
            f"60x Blood Doll -- {pad}\n"
            f"{'Master/' * 300}Master (1)\n"
        )
    return texts


def test_decklist_memos_keep_no_text_longer_than_a_real_line(fresh):
    """The parsers' memos (lines, names, suggestions, headings) are bounded in entries; a hostile upload's
    megabyte-long lines would make each entry as big. Such text is read again rather than kept."""
    for text in hostile_lists(40):
        deck = decklist.parse(text, fresh, format="plain")
        assert deck.crypt and deck.library  # the long lines are still read
    resolver = resolver_for(fresh)
    kept = [
        *(key for cache in resolver.lines.values() for key in cache),
        *(key for cache in resolver._cache.values() for key in cache),
        *resolver._suggestions,
        *lines._HEADERS,
    ]
    longest = max(map(len, kept), default=0)
    assert longest <= memo.LONGEST_KEPT, longest


def test_headings_are_read_alike_kept_or_not(fresh):
    short, long = "Master (12)", "Master/" * 300 + "Master (12)"
    before = lines.section_name.cache_info().currsize
    assert lines.read_header(long) == lines.read_header(short)
    assert lines.section_name("/".join(["action"] * 500)) == "Action"
    assert lines.section_name.cache_info().currsize <= before + 1  # only the short one may be kept


def test_a_json_decks_section_titles_are_not_kept_when_long(fresh):
    before = validate._section_key.cache_info().currsize
    for i in range(50):
        data = {
            "crypt": [{"id": fresh.lookup("Anson").id, "count": 12}],
            "library": [
                {
                    "type": f"{i}" + "y" * 5000,
                    "count": 60,
                    "cards": [{"id": fresh.lookup("Blood Doll").id, "count": 60}],
                }
            ],
        }
        deck = decklist.parse(json.dumps(data), fresh, format="json")
        validate.validate(deck, fresh, as_of=TODAY)
    assert validate._section_key.cache_info().currsize == before
