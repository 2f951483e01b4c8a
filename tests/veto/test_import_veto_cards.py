"""``manage.py import_veto_cards PATH|- [--user USERNAME]``: a Veto card list for the site or a user, all of it or
nothing; a refused list has every problem at its line on standard error, and the list before stays."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.veto.samples import EXAMPLE, EXAMPLE_CSV
from veto import services
from veto.models import CardList

pytestmark = pytest.mark.django_db

MALFORMED = "name,type\nKarabela,other\nFortel,postać\nKarabela,other\n"


def run(*args: str, **options) -> tuple[str, str, CommandError | None]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_veto_cards", *args, stdout=out, stderr=err, **options)
    except CommandError as exc:
        return out.getvalue(), err.getvalue(), exc
    return out.getvalue(), err.getvalue(), None


def test_it_imports_the_sites_list():
    out, err, error = run(str(EXAMPLE))
    assert error is None and err == ""
    assert "46" in out
    assert services.export_list() == EXAMPLE_CSV


def test_it_imports_a_users_own_list(alice):
    _, _, error = run(str(EXAMPLE), "--user", "alice")
    assert error is None
    assert services.find(alice).card_count == 46 and services.find(None) is None


def test_it_reads_standard_input():
    _, _, error = run("-", stdin=io.BytesIO(EXAMPLE_CSV.encode("utf-8")))
    assert error is None
    assert services.find(None).card_count == 46


def test_a_malformed_list_goes_to_stderr_line_by_line_and_nothing_is_stored(tmp_path):
    run(str(EXAMPLE))
    before = CardList.objects.get()
    bad = tmp_path / "bad.csv"
    bad.write_text(MALFORMED, encoding="utf-8")
    out, err, error = run(str(bad), "--lang", "en")
    assert error is not None and error.returncode == 1
    assert "nothing was stored" in str(error)
    assert err.splitlines() == [
        "Line 3: Unknown card type “postać”; the types are elekt, strategy or other.",
        "Line 4: The card “Karabela” is already on the list (line 2): a name and epithet name one card.",
    ]
    assert out == ""
    after = CardList.objects.get()
    assert (after.csv, after.imported) == (before.csv, before.imported)


def test_problems_are_in_polish_by_default(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(MALFORMED, encoding="utf-8")
    _, err, error = run(str(bad))
    assert error is not None
    assert err.splitlines()[0].startswith("Wiersz 3: ")
    assert not CardList.objects.exists()


def test_a_binary_file_is_refused(tmp_path):
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)))
    _, err, error = run(str(photo), "--lang", "en")
    assert error is not None and error.returncode == 1
    assert err.startswith("Line 1: This is not a text file")
    assert not CardList.objects.exists()


def test_a_missing_file_is_an_error(tmp_path):
    _, _, error = run(str(tmp_path / "missing.csv"))
    assert error is not None and error.returncode == 1
    assert "missing.csv" in str(error)


def test_an_unknown_user_is_a_usage_error():
    _, _, error = run(str(EXAMPLE), "--user", "nobody")
    assert error is not None and error.returncode == 2
    assert not CardList.objects.exists()
