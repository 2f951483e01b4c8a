"""``manage.py export_veto_cards [--user USERNAME] [PATH|-]``: the stored list as CSV; the repository's example list
comes back byte for byte from an import."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.veto.samples import EXAMPLE, EXAMPLE_CSV

pytestmark = pytest.mark.django_db


def run(command: str, *args: str) -> tuple[str, str, CommandError | None]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=err)
    except CommandError as exc:
        return out.getvalue(), err.getvalue(), exc
    return out.getvalue(), err.getvalue(), None


def test_the_example_list_round_trips_through_import_and_export():
    run("import_veto_cards", str(EXAMPLE))
    out, _, error = run("export_veto_cards")
    assert error is None
    assert out == EXAMPLE.read_text(encoding="utf-8")


def test_it_writes_a_users_list_to_a_file(alice, tmp_path):
    run("import_veto_cards", str(EXAMPLE), "--user", "alice")
    target = tmp_path / "alice.csv"
    out, err, error = run("export_veto_cards", "--user", "alice", str(target))
    assert error is None and out == ""
    assert target.read_text(encoding="utf-8") == EXAMPLE_CSV
    assert "46" in err


def test_without_a_list_it_says_so(alice):
    _, _, error = run("export_veto_cards")
    assert error is not None and error.returncode == 1
    assert "import_veto_cards" in str(error)
    run("import_veto_cards", str(EXAMPLE))
    _, _, error = run("export_veto_cards", "--user", "alice")  # the site's list is not alice's
    assert error is not None and error.returncode == 1


def test_an_unknown_user_is_a_usage_error():
    _, _, error = run("export_veto_cards", "--user", "nobody")
    assert error is not None and error.returncode == 2


def test_a_path_that_cannot_be_written_is_an_error(tmp_path):
    run("import_veto_cards", str(EXAMPLE))
    _, _, error = run("export_veto_cards", str(tmp_path / "no" / "such" / "folder.csv"))
    assert error is not None and error.returncode == 1
