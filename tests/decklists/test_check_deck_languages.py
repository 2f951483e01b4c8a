"""``check_deck --lang en|pl|de``: a Polish or German judge reads the verdicts, messages and rule citations in
their language; codes, ``params``, card names and the JSON keys stay the same for scripts."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.samples import SHORT_LIBRARY

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(tmp_path) -> Path:
    (tmp_path / "short.txt").write_text(SHORT_LIBRARY)
    (tmp_path / "empty.txt").write_text("\n\n")
    return tmp_path


def check_deck(*args: str) -> str:
    out = io.StringIO()
    try:
        call_command("check_deck", *args, stdout=out)
    except CommandError:
        pass  # a file that could not be read: exit 1, the output is what matters here
    return out.getvalue()


def reports(*args: str) -> list[dict]:
    return [json.loads(line) for line in check_deck(*args, "--json").splitlines()]


@pytest.mark.parametrize(
    ("language", "message", "rule", "refusal"),
    [
        (
            "pl",
            "Biblioteka ma 38 kart; talia turniejowa musi mieć od 60 do 90 (brakuje 22).",
            "Zasady gry VEKN, 1. Wstęp › Budowa talii; Zasady turniejowe VEKN, 6.2 Limity rozmiaru talii",
            "Lista talii jest pusta.",
        ),
        (
            "de",
            "Die Bibliothek hat 38 Karten; ein Turnierdeck braucht 60 bis 90 (22 zu wenig).",
            "VEKN-Regelwerk, 1. Einleitung › Deckbau; VEKN-Turnierregeln, 6.2 Grenzen der Deckgröße",
            "Die Deckliste ist leer.",
        ),
    ],
)
def test_json_reports_speak_the_language_asked_for(decks, language, message, rule, refusal):
    english_short, english_empty = reports(str(decks / "short.txt"), str(decks / "empty.txt"))
    short, empty = reports(str(decks / "short.txt"), str(decks / "empty.txt"), "--lang", language)
    small = next(e for e in short["errors"] if e["code"] == "LIBRARY_TOO_SMALL")
    assert (small["message"], small["rule"]) == (message, rule)
    assert small["rule_url"] == "https://www.vekn.net/rulebook/1-introduction"
    # What machines read is the same in every language.
    assert [(e["code"], e["params"], e["rule_url"], e["cards"]) for e in short["errors"]] == [
        (e["code"], e["params"], e["rule_url"], e["cards"]) for e in english_short["errors"]
    ]
    assert {k: v for k, v in short.items() if k not in ("errors", "warnings")} == {
        k: v for k, v in english_short.items() if k not in ("errors", "warnings")
    }
    unknown = next(e for e in short["errors"] if e["code"] == "UNKNOWN_CARD")
    assert "Govern the Unaligned" in unknown["message"] and "Govern teh Unaligned" in unknown["message"]
    assert (empty["error"], empty["code"], empty["params"]) == (refusal, "EMPTY_DECKLIST", {})
    assert english_empty["error"] == "The decklist is empty."


def test_the_verdicts_are_in_the_language_too(decks):
    output = check_deck(str(decks / "short.txt"), "--lang", "de")
    assert "NICHT TURNIERLEGAL" in output
    assert "    Fehler LIBRARY_TOO_SMALL: Die Bibliothek hat 38 Karten;" in output
    assert "1 Deck geprüft: 0 turnierlegal, 1 nicht turnierlegal." in output
    polish = check_deck(str(decks / "short.txt"), str(decks / "empty.txt"), "--lang", "pl")
    assert "Sprawdzono 1 talię: legalne: 0, nielegalne: 1; nie udało się odczytać 1 pliku." in polish
    english = check_deck(str(decks / "short.txt"))
    assert "    error LIBRARY_TOO_SMALL: Library has 38 cards; a tournament deck needs 60 to 90 (22 short)." in english


def test_an_unknown_language_is_a_usage_error(decks):
    with pytest.raises(CommandError, match="invalid choice: 'fr'"):
        call_command("check_deck", str(decks / "short.txt"), "--lang", "fr", stdout=io.StringIO())
