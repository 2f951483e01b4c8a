"""veto.services: one card list per user and one for the site, replaced whole or not at all, read back as the core
wrote it, found for a user (their own, else the site's), and parsed once per process within bounds."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests.veto.samples import EXAMPLE_CSV, LEGAL, SHORT
from veto import services
from veto.models import CardList
from vtesdeck.core import veto

pytestmark = pytest.mark.django_db

SMALL = "nazwa,typ,frakcje\nWojewoda Mścisław,elekt,Dworscy\nKarabela,,\n"
# Three bad lines: an unknown type (line 3), a keyword nobody knows (line 4), the same card twice (line 5).
MALFORMED = (
    "name,epithet,type,factions,alliance,keywords\n"
    "Karabela,,other,,,\n"
    "Fortel,,postać,,,\n"
    "Plotka,,other,,,Legendarnyy\n"
    "Karabela,,other,,,\n"
)


@pytest.fixture(autouse=True)
def no_parsed_lists():
    services._cache.clear()
    yield
    services._cache.clear()


def test_it_imports_the_sites_list_as_the_core_writes_it(veto_site_list):
    assert veto_site_list.owner is None
    assert veto_site_list.card_count == 46
    assert services.export_list() == EXAMPLE_CSV  # the example is already in the core's columns


def test_it_stores_a_list_in_its_canonical_columns_whatever_the_file_said(alice):
    row = services.import_list(SMALL.encode("utf-8"), alice)
    assert row.card_count == 2
    assert services.export_list(alice) == (
        "name,epithet,type,factions,alliance,keywords\nWojewoda Mścisław,,elekt,Dworscy,,\nKarabela,,other,,,\n"
    )


def test_a_new_import_replaces_the_list_of_the_same_owner_only(alice, bob, veto_site_list):
    services.import_list(EXAMPLE_CSV, alice)
    services.import_list(SMALL, bob)
    services.import_list(SMALL, alice)
    assert CardList.objects.count() == 3
    assert services.find(alice).card_count == 2
    assert services.find(None).card_count == 46
    assert services.export_list(bob) == services.export_list(alice)


def test_a_malformed_list_is_refused_with_every_problem_at_its_line_and_changes_nothing(alice):
    before = services.import_list(SMALL, alice)
    with pytest.raises(veto.CardListError) as refused:
        services.import_list(MALFORMED, alice)
    problems = refused.value.problems
    assert [(p.line, p.message_id) for p in problems] == [
        (3, "CARDS_BAD_TYPE"),
        (4, "CARDS_UNKNOWN_KEYWORD"),
        (5, "CARDS_DUPLICATE_CARD"),
    ]
    assert problems[0].message("pl").startswith("Wiersz 3: ")
    assert problems[0].message("en").startswith("Line 3: ")
    after = CardList.objects.get(owner=alice)
    assert (after.csv, after.card_count, after.imported) == (before.csv, before.card_count, before.imported)


@pytest.mark.parametrize(
    "source",
    [b"", b"\x00\x01\x02binary", "name\n".encode("utf-16"), b"\xff\xfename,type\n", "typ\nelekt\n"],
    ids=["empty", "binary", "utf-16", "not-utf-8", "no-name-column"],
)
def test_garbage_is_refused_and_stores_nothing(source):
    with pytest.raises(veto.CardListError) as refused:
        services.import_list(source)
    assert all(problem.line >= 1 for problem in refused.value.problems)
    assert not CardList.objects.exists()


def test_a_list_over_the_cores_size_is_refused_unstored():
    huge = b"name\n" + b"x" * (veto.cards.MAX_SIZE + 1)
    with pytest.raises(veto.CardListError) as refused:
        services.import_list(huge)
    assert refused.value.problems[0].message_id == "CARDS_TOO_LARGE"
    assert not CardList.objects.exists()


def test_the_database_holds_one_list_per_user_and_one_for_the_site(alice, veto_site_list):
    CardList.objects.create(owner=alice, csv="", card_count=0, imported=veto_site_list.imported)
    for owner in (None, alice):
        with pytest.raises(IntegrityError), transaction.atomic():
            CardList.objects.create(owner=owner, csv="", card_count=0, imported=veto_site_list.imported)


def test_a_user_is_judged_by_their_own_list_else_the_sites(alice, bob, veto_site_list):
    from django.contrib.auth.models import AnonymousUser

    own = services.import_list(SMALL, alice)
    assert services.row_for(alice) == own
    assert len(services.card_list_for(alice)) == 2
    assert services.row_for(bob) == veto_site_list
    assert services.row_for(AnonymousUser()) == veto_site_list
    assert services.row_for(None) == veto_site_list
    assert len(services.card_list_for(bob)) == 46


def test_without_any_list_there_is_none(alice):
    assert services.row_for(alice) is None
    assert services.card_list_for(alice) is None
    assert services.card_list_for(None) is None


def test_delete_removes_the_owners_list_only(alice, veto_site_list):
    services.import_list(SMALL, alice)
    assert services.delete_list(alice) is True
    assert services.delete_list(alice) is False
    assert services.find(alice) is None and services.find(None) == veto_site_list
    assert services.export_list(alice) is None


def test_a_parsed_list_is_kept_until_its_row_changes(alice, django_assert_num_queries):
    row = services.import_list(SMALL, alice)
    first = services.card_list_for(alice)
    with django_assert_num_queries(1):  # the row, without its CSV: the list itself is not read nor parsed again
        assert services.card_list_for(alice) is first
    services.import_list(EXAMPLE_CSV, alice)
    replaced = services.card_list_for(alice)
    assert replaced is not first and len(replaced) == 46
    assert (row.pk, row.imported) not in services._cache  # the replaced list is forgotten


def test_the_kept_lists_are_bounded_in_lists_and_in_cards(monkeypatch, alice, bob):
    monkeypatch.setattr(services, "MAX_CACHED", 2)
    rows = [services.import_list(SMALL, owner) for owner in (None, alice, bob)]
    assert len(services._cache) == 2 and (rows[0].pk, rows[0].imported) not in services._cache
    monkeypatch.setattr(services, "MAX_CACHED_CARDS", 47)
    services.import_list(EXAMPLE_CSV, alice)  # 46 cards: with bob's list of 2, over 47 → bob's goes
    assert [len(card_list) for card_list in services._cache.values()] == [46]


def test_a_parsed_list_is_read_again_from_the_database_when_the_process_forgot_it(alice):
    services.import_list(EXAMPLE_CSV, alice)
    services._cache.clear()
    assert len(services.card_list_for(alice)) == 46


def test_it_judges_a_deck_against_a_list():
    card_list = veto.load_example()
    assert services.judge(LEGAL, card_list, "veto").legal
    report = services.judge(SHORT, card_list, "veto")
    assert [issue.code for issue in report.errors] == ["DECK_TOO_SMALL"]
    with pytest.raises(veto.VetoDecklistError):
        services.judge(b"\x00\x00", card_list, "veto")
