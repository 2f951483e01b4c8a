"""``check_deck --ruleset``: every built-in format and a saved custom format's id; anything else is a usage
error (exit 2) naming the known formats, before a file is read."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from formats.models import CustomFormat

pytestmark = pytest.mark.django_db

# Tupdog (Lords of the Night) and Dive Bomb (Heirs to the Blood): no card of the V5 era; 40 library cards.
DECK = "Crypt (12 cards)\n12x Tupdog\nLibrary (40 cards)\n20x Blood Doll\n20x Dive Bomb\n"


def reports(path, ruleset: str) -> list[dict]:
    out = io.StringIO()
    call_command("check_deck", str(path), "--json", "--ruleset", ruleset, stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture
def deck(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(DECK)
    return path


@pytest.mark.parametrize(
    "ruleset, errors",
    [
        ("vekn", ["LIBRARY_TOO_SMALL"]),
        ("v5", ["LIBRARY_TOO_SMALL", "NOT_IN_FORMAT"]),
        ("duel", []),
        ("rulebook-2011", []),
    ],
)
def test_it_checks_with_each_built_in_format(deck, ruleset, errors):
    (report,) = reports(deck, ruleset)
    assert report["ruleset"] == ruleset
    assert sorted(e["code"] for e in report["errors"]) == errors


def test_it_checks_with_a_saved_custom_format_by_its_id(deck):
    owner = get_user_model().objects.create_user("alice", password="not-a-real-password-42")
    league = CustomFormat.objects.create(owner=owner, name="Forty cards", data={"library_min": 40, "library_max": 40})
    (report,) = reports(deck, league.id)
    assert report["ruleset"] == league.id and report["legal"], report["errors"]


def test_an_unknown_format_is_a_usage_error(deck):
    with pytest.raises(CommandError, match="known rule sets: vekn, rulebook-2011, v5, duel") as raised:
        reports(deck, "fzzzzzzzzzzzzzzz")
    assert raised.value.returncode == 2
