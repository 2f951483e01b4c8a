"""The API page's examples are the API's answers: what a newcomer copies from docs/api.md is what the server
says. Each example is read from docs/api.md itself, so the two cannot drift apart again (the blank decklist's
answer was shown in a shape the API had left)."""

from __future__ import annotations

import json
import re

import pytest

from tests.paths import PROJECT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

PAGE = PROJECT / "docs" / "api.md"


def example_after(words: str) -> dict:
    """The JSON block that follows the API page's first mention of ``words``."""
    text = PAGE.read_text(encoding="utf-8")
    at = text.index(words)
    block = re.compile(r"```json\n(.*?)\n```", re.S).search(text, at)
    assert block, f"no JSON example after {words!r} in docs/api.md"
    return json.loads(block.group(1))


@pytest.mark.parametrize("endpoint", ["validate", "parse"])
def test_a_blank_decklist_is_answered_as_the_api_page_shows(client, endpoint):
    shown = example_after("A blank decklist")
    response = client.post(f"/api/v1/decklists/{endpoint}", {"text": "   "}, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == shown
