"""The archive core: reading a folder or zip within bounds, per-card statistics, archetypes."""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest

from vtesdeck.core import twda
from vtesdeck.core.deck import Deck

D = datetime.date


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_reads_a_folder_sorted_skipping_hidden_files(tmp_path):
    (tmp_path / "b.txt").write_bytes(b"bee")
    (tmp_path / "a.txt").write_bytes(b"ay")
    (tmp_path / ".DS_Store").write_bytes(b"junk")
    (tmp_path / "sub").mkdir()
    assert twda.read_archive(tmp_path) == [("a.txt", b"ay"), ("b.txt", b"bee")]


def test_reads_a_zip_by_bytes_or_path_dropping_folders(tmp_path):
    data = _zip({"twda/b.txt": b"bee", "twda/a.txt": b"ay", "__MACOSX/twda/._a.txt": b"x"})
    assert twda.read_archive(data) == [("a.txt", b"ay"), ("b.txt", b"bee")]
    (tmp_path / "archive.zip").write_bytes(data)
    assert twda.read_archive(tmp_path / "archive.zip") == [("a.txt", b"ay"), ("b.txt", b"bee")]


def test_a_single_file_is_an_archive_of_one(tmp_path):
    (tmp_path / "one.txt").write_bytes(b"deck")
    assert twda.read_archive(tmp_path / "one.txt") == [("one.txt", b"deck")]


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p / "missing", "no file or folder"),
        (lambda p: (p / "empty").mkdir() or p / "empty", "holds no files"),
    ],
)
def test_unreadable_sources_are_refused_with_a_sentence(tmp_path, make, message):
    with pytest.raises(twda.ArchiveError, match=message):
        twda.read_archive(make(tmp_path))


def test_a_truncated_zip_is_refused(tmp_path):
    data = _zip({f"{i}.txt": b"Crypt\n" * 200 for i in range(20)})
    with pytest.raises(twda.ArchiveError, match="damaged"):
        twda.read_archive(data[: len(data) // 2])
    (tmp_path / "cut.zip").write_bytes(data[: len(data) // 2])
    with pytest.raises(twda.ArchiveError):
        twda.read_archive(tmp_path / "cut.zip")


def test_bounds_on_file_count_and_size(tmp_path):
    for i in range(5):
        (tmp_path / f"{i}.txt").write_bytes(b"x" * 10)
    with pytest.raises(twda.ArchiveError, match="at most 3"):
        twda.read_archive(tmp_path, max_files=3)
    with pytest.raises(twda.ArchiveError, match="more than 30 bytes"):
        twda.read_archive(tmp_path, max_total=30)
    # A file over the per-file bound is kept cut one byte past it, for the decoder to refuse.
    assert [len(data) for _, data in twda.read_archive(tmp_path, max_file=4)] == [5] * 5


# --- statistics ---------------------------------------------------------------------------------------


def _deck(crypt: dict[int, int], library: dict[int, int]) -> Deck:
    return Deck(crypt=dict(crypt), library=dict(library))


def test_card_stats_counts_decks_copies_years_and_appearances():
    decks = [
        ("b", D(2020, 5, 1), _deck({1: 4}, {10: 3, 11: 1})),
        ("a", D(2020, 5, 1), _deck({1: 2}, {10: 1})),
        ("c", D(2021, 1, 1), _deck({2: 12}, {11: 2, 12: 1})),
        ("d", D(2021, 6, 1), _deck({2: 12}, {12: 5})),
    ]
    stats = twda.card_stats(decks)
    assert set(stats) == {1, 2, 10, 11, 12}
    ten = stats[10]
    assert (ten.decks, ten.copies) == (2, 4)
    # Same day: the deck id breaks the tie, both ways.
    assert (ten.first_date, ten.first_deck, ten.last_date, ten.last_deck) == (D(2020, 5, 1), "a", D(2020, 5, 1), "b")
    assert ten.by_year == {"2020": {"decks": 2, "copies": 4, "share": 1.0}}
    eleven = stats[11]
    assert eleven.by_year == {
        "2020": {"decks": 1, "copies": 1, "share": 0.5},
        "2021": {"decks": 1, "copies": 2, "share": 0.5},
    }
    assert (eleven.first_deck, eleven.last_deck) == ("b", "c")
    # Played with: shared decks, most first, ties by id; never itself.
    assert stats[1].played_with == [(10, 2), (11, 1)]
    assert stats[12].played_with == [(2, 2), (11, 1)]
    assert stats[11].played_with == [(1, 1), (2, 1), (10, 1), (12, 1)]


def test_played_with_keeps_the_top_ten():
    deck = _deck({1: 12}, {100 + i: 1 for i in range(15)})
    stats = twda.card_stats([("x", D(2000, 1, 1), deck)])
    assert len(stats[1].played_with) == 10
    assert [card for card, _ in stats[1].played_with] == list(range(100, 110))


def test_undated_decks_count_but_have_no_year():
    stats = twda.card_stats([("x", None, _deck({1: 1}, {10: 2}))])
    assert (stats[10].decks, stats[10].copies, stats[10].by_year, stats[10].first_date) == (1, 2, {}, None)


# --- archetypes ---------------------------------------------------------------------------------------


def _crypt_ids(cards, clan: str, discipline: str, n: int) -> list[int]:
    ids = [
        c.id
        for c in cards
        if c.is_crypt
        and c.clans == (clan,)
        and not c.advanced
        and discipline in {d.code.lower() for d in c.disciplines}
    ]
    assert len(ids) >= n
    return ids[:n]


def _library_id(cards, name: str) -> int:
    return next(c.id for c in cards if c.name == name)


def test_a_majority_clan_is_the_core_alone(cards):
    ventrue = _crypt_ids(cards, "Ventrue", "dom", 4)
    tremere = _crypt_ids(cards, "Tremere", "tha", 2)
    deck = _deck({v: 2 for v in ventrue} | {t: 1 for t in tremere}, {})
    clans, disciplines = twda.deck_core(deck, cards)
    assert clans == ["Ventrue"]
    assert "dom" in disciplines or disciplines == []
    # No majority: the two biggest clans.
    toreador = _crypt_ids(cards, "Toreador", "pre", 3)
    mixed = _deck({v: 1 for v in ventrue[:3]} | {t: 1 for t in tremere[:2]} | {t: 1 for t in toreador[:3]}, {})
    assert twda.deck_core(mixed, cards)[0] == ["Toreador", "Ventrue"]


def test_disciplines_on_three_quarters_of_the_crypt(cards):
    ventrue = _crypt_ids(cards, "Ventrue", "dom", 4)
    deck = _deck({v: 3 for v in ventrue}, {})
    _, disciplines = twda.deck_core(deck, cards)
    assert disciplines[0] == "dom" or "dom" in disciplines
    for code in disciplines:
        holding = sum(n for v, n in deck.crypt.items() if code in {d.code.lower() for d in cards[v].disciplines})
        assert holding >= 0.75 * deck.crypt_count


def test_archetypes_group_decks_and_find_signature_cards(cards):
    ventrue = _crypt_ids(cards, "Ventrue", "dom", 4)
    tremere = _crypt_ids(cards, "Tremere", "tha", 4)
    govern, deflection, conditioning = (
        _library_id(cards, n) for n in ("Govern the Unaligned", "Deflection", "Conditioning")
    )
    decks = []
    for i in range(4):
        decks.append((f"v{i}", D(2020, 1, 1), _deck({v: 3 for v in ventrue}, {govern: 6, deflection: 2})))
    for i in range(4):
        decks.append((f"t{i}", D(2020, 1, 1), _deck({t: 3 for t in tremere}, {conditioning: 4, deflection: 2})))
    decks.append(("odd", D(2020, 1, 1), _deck({tremere[0]: 12}, {deflection: 1})))
    defs, assignment = twda.archetypes(decks, cards)
    assert set(assignment) == {deck_id for deck_id, _, _ in decks}
    by_slug = {d.slug: d for d in defs}
    ventrue_def = by_slug[assignment["v0"]]
    assert ventrue_def.clans == ["Ventrue"] and ventrue_def.deck_count == 4
    assert ventrue_def.slug.startswith("ventrue")
    # Govern: in every Ventrue deck, in 4 of 9 overall (more than twice less) → signature. Deflection: everywhere → not.
    assert ventrue_def.signature == [govern]
    assert "Govern the Unaligned" in ventrue_def.name and ventrue_def.name.startswith("Ventrue")
    assert by_slug[assignment["t0"]].signature == [conditioning]
    assert {assignment[f"v{i}"] for i in range(4)} == {ventrue_def.slug}
    assert sum(d.deck_count for d in defs) == len(decks)
    assert len({d.slug for d in defs}) == len(defs)
    # Deterministic.
    assert twda.archetypes(list(reversed(decks)), cards) == (defs, assignment)
