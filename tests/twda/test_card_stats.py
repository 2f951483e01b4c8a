"""Card statistics over the WHOLE archive, checked against counts read from the raw files.

The archive is imported once for this module (the one test module that does: some 40 s). Expected
values come from a plain regular expression over each file's card lines ("3x Govern the Unaligned",
"2x Deflection -- comment"), never from the project's parser.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

import pytest
from django.db.models import Count

from cards.models import Card
from tests.paths import TWDA
from twda import services
from twda.models import Archetype, CardArchiveStats, TournamentCard, TournamentDeck

LIBRARY_CARDS = ["Govern the Unaligned", "Deflection", "Conditioning", "Blood Doll", "Villein"]


def _text(path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@pytest.fixture(scope="module")
def raw():
    """file id → text of every archive file."""
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    return {path.stem: _text(path) for path in sorted(TWDA.glob("*.txt"))}


@pytest.fixture(scope="module")
def whole_archive(django_db_setup, django_db_blocker, raw):
    with django_db_blocker.unblock():
        result = services.import_archive(str(TWDA))
        try:
            yield result
        finally:
            TournamentCard.objects.all().delete()
            CardArchiveStats.objects.all().delete()
            TournamentDeck.objects.all().delete()
            Archetype.objects.all().delete()


def _copies(text: str, name: str) -> int:
    line = re.compile(rf"^\s*(\d+)\s*x?\s+{re.escape(name)}\s*(?:--.*)?$", re.M | re.I)
    return sum(int(n) for n in line.findall(text))


@pytest.mark.django_db
def test_the_whole_archive_is_imported(whole_archive, raw):
    # How long it takes is bench/import_twda.py's to measure: a test does not race the machine.
    result = whole_archive
    assert result.skipped == [] and result.imported == len(raw) > 4000
    assert TournamentDeck.objects.count() == len(raw)
    assert not TournamentDeck.objects.filter(archetype=None).exists()
    assert sum(Archetype.objects.values_list("deck_count", flat=True)) == len(raw)


@pytest.mark.django_db
@pytest.mark.parametrize("name", LIBRARY_CARDS)
def test_library_card_counts_match_the_files(whole_archive, raw, name):
    per_deck = {deck_id: n for deck_id, text in raw.items() if (n := _copies(text, name))}
    stats = CardArchiveStats.objects.get(card__name=name, card__kind="library")
    assert stats.decks == len(per_deck) > 50
    assert stats.copies == sum(per_deck.values())
    # By year, with the year's share; dates from the stored decks, membership from the files.
    dates = dict(TournamentDeck.objects.values_list("id", "date"))
    year_decks = Counter(str(d.year) for d in dates.values())
    expected: dict[str, dict] = defaultdict(lambda: {"decks": 0, "copies": 0})
    for deck_id, n in per_deck.items():
        row = expected[str(dates[deck_id].year)]
        row["decks"] += 1
        row["copies"] += n
    assert {y: (r["decks"], r["copies"]) for y, r in stats.by_year.items()} == {
        y: (r["decks"], r["copies"]) for y, r in expected.items()
    }
    for year, row in stats.by_year.items():
        assert row["share"] == pytest.approx(row["decks"] / year_decks[year], abs=1e-4)
    first = min(per_deck, key=lambda d: (dates[d], d))
    last = max(per_deck, key=lambda d: (dates[d], d))
    assert (stats.first_deck_id, stats.first_date) == (first, dates[first])
    assert (stats.last_deck_id, stats.last_date) == (last, dates[last])


@pytest.mark.django_db
def test_played_with_counts_shared_decks(whole_archive, raw):
    govern = CardArchiveStats.objects.get(card__name="Govern the Unaligned")
    assert len(govern.played_with) == 10
    counts = [entry["decks"] for entry in govern.played_with]
    assert counts == sorted(counts, reverse=True)
    with_govern = {d for d, text in raw.items() if _copies(text, "Govern the Unaligned")}
    names = dict(Card.objects.filter(id__in=[e["id"] for e in govern.played_with]).values_list("id", "name"))
    for entry in govern.played_with:
        name = names[entry["id"]]
        if Card.objects.get(id=entry["id"]).kind == "library":
            shared = sum(1 for d in with_govern if _copies(raw[d], name))
            assert entry["decks"] == shared, name
    # The top one really is the most common companion among the library cards counted from the rows.
    top = (
        TournamentCard.objects.filter(deck__cards__card_id=govern.card_id)
        .exclude(card_id=govern.card_id)
        .values("card_id")
        .annotate(n=Count("deck", distinct=True))
        .order_by("-n", "card_id")[:10]
    )
    assert [(t["card_id"], t["n"]) for t in top] == [(e["id"], e["decks"]) for e in govern.played_with]


@pytest.mark.django_db
def test_every_card_seen_has_stats_and_no_other(whole_archive):
    seen = set(TournamentCard.objects.values_list("card_id", flat=True).distinct())
    assert set(CardArchiveStats.objects.values_list("card_id", flat=True)) == seen
    assert not CardArchiveStats.objects.filter(decks=0).exists()


@pytest.mark.django_db
def test_archetypes_are_meaningful(whole_archive):
    biggest = Archetype.objects.order_by("-deck_count").first()
    assert biggest.deck_count > 50 and biggest.clans and biggest.signature
    assert len(biggest.signature) <= 3 and biggest.name.startswith(" + ".join(biggest.clans))
    ventrue = TournamentDeck.objects.filter(clans__startswith="|ventrue|").count()
    assert ventrue > 100
    assert Archetype.objects.filter(clans=["Ventrue"]).exists()
