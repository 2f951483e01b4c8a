"""Shared fixtures: the official card list, imported once per test session."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from vtesdeck.core import carddb


@pytest.fixture(scope="session")
def bundled_files() -> dict[str, bytes]:
    """The raw VEKN files from the krcg wheel (read once; tests copy and damage them freely)."""
    return carddb.read_bundled()


@pytest.fixture(scope="session")
def cards(bundled_files) -> carddb.CardIndex:
    """The core index of the bundled card list, with no database involved."""
    return carddb.CardIndex(carddb.parse(bundled_files).cards)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database holds the whole official card list, as after `make setup`."""
    with django_db_blocker.unblock():
        call_command("import_cards", verbosity=0)
