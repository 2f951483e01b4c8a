"""``check_deck --ruleset veto|veto-sealed PATH...``: Veto decks (a Polish CCG, not VTES) judged against the card list
``--veto-cards`` names, else the site's; Polish by default, English with ``--lang en``; the core's Veto report per
line with ``--json``. Exit 0 when every file was read, 1 when one was not, 2 on usage errors (no card list, a
malformed one, VTES-only options)."""

from __future__ import annotations

import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.decklists.test_check_deck import check_deck, json_lines
from tests.decklists.test_check_deck import manage as check_deck_process
from tests.veto.samples import EXAMPLE, LEGAL, SEALED, SHORT, SHORT_MESSAGE_EN, SHORT_MESSAGE_PL, SHORT_RULE_PL, UNKNOWN
from vtesdeck.core import veto

pytestmark = pytest.mark.django_db

PROJECT = Path(__file__).resolve().parents[2]
MALFORMED = "name,type\nKarabela,other\nFortel,postać\nKarabela,other\n"


@pytest.fixture
def decks(tmp_path) -> Path:
    for name, text in (("legal.txt", LEGAL), ("short.txt", SHORT), ("unknown.txt", UNKNOWN), ("sealed.txt", SEALED)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01" + bytes(range(256)))
    (tmp_path / "bad.csv").write_text(MALFORMED, encoding="utf-8")
    return tmp_path


def test_it_judges_against_the_sites_list_in_polish(decks, veto_site_list):
    output, error = check_deck(str(decks / "legal.txt"), str(decks / "short.txt"), "--ruleset", "veto")
    assert error is None
    lines = output.splitlines()
    assert lines[0].startswith("LEGALNA ")  # the shell's words in Polish too
    assert f"{decks / 'legal.txt'} — Format kwarciany" in lines[0]
    assert f"{decks / 'short.txt'} — Format kwarciany" in lines[1]
    assert lines[2] == f"    błąd DECK_TOO_SMALL: {SHORT_MESSAGE_PL} ({SHORT_RULE_PL})"
    assert len(lines) == 4  # the summary


def test_json_prints_the_cores_report_per_deck(decks, veto_site_list):
    output, error = check_deck(str(decks / "legal.txt"), str(decks / "short.txt"), "--ruleset", "veto", "--json")
    assert error is None
    legal, short = json_lines(output)
    card_list = veto.load_example()
    expected = veto.validate(veto.parse_decklist(SHORT, card_list), card_list, "veto").to_dict("pl")
    assert short == {"path": str(decks / "short.txt"), **expected}
    assert legal["legal"] is True and legal["game"] == "veto" and legal["lang"] == "pl"
    assert short["errors"][0]["message"] == SHORT_MESSAGE_PL


def test_lang_en_speaks_english(decks, veto_site_list):
    output, _ = check_deck(str(decks / "short.txt"), "--ruleset", "veto", "--lang", "en")
    assert f"    error DECK_TOO_SMALL: {SHORT_MESSAGE_EN} (Henrician Articles 3.0.3, 101.5.a, 204.4)" in output
    assert output.splitlines()[0].startswith("ILLEGAL ")
    output, _ = check_deck(str(decks / "short.txt"), "--ruleset", "veto", "--lang", "en", "--json")
    (report,) = json_lines(output)
    assert report["lang"] == "en" and report["errors"][0]["message"] == SHORT_MESSAGE_EN


def test_a_malformed_decklist_has_its_unknown_lines_numbered(decks, veto_site_list):
    output, _ = check_deck(str(decks / "unknown.txt"), "--ruleset", "veto", "--json", "--lang", "en")
    (report,) = json_lines(output)
    assert [(line["line"], line["text"]) for line in report["unresolved"]] == [
        (9, "3x Sekretarz Kancelari"),
        (10, "3x Nieznana Karta"),
    ]
    text, _ = check_deck(str(decks / "unknown.txt"), "--ruleset", "veto", "--lang", "en")
    assert "error UNKNOWN_CARD: Line 10: “3x Nieznana Karta” names no card of the card list." in text


def test_the_sealed_rule_set(decks, veto_site_list):
    output, _ = check_deck(str(decks / "sealed.txt"), "--ruleset", "veto-sealed", "--json")
    (report,) = json_lines(output)
    assert (report["ruleset"], report["legal"], report["format"]) == ("veto-sealed", True, "Format wybraniecki")


def test_veto_cards_outranks_the_sites_list(decks, veto_site_list, tmp_path):
    mine = tmp_path / "mine.csv"
    mine.write_text("name,type\nKarabela,other\n", encoding="utf-8")
    output, _ = check_deck(str(decks / "legal.txt"), "--ruleset", "veto", "--veto-cards", str(mine), "--json")
    (report,) = json_lines(output)
    assert report["legal"] is False and report["deck"] == [{"name": "Karabela", "epithet": "", "count": 3}]


def test_it_reads_every_decklist_in_a_zip_and_reports_unreadable_files(decks, veto_site_list):
    with zipfile.ZipFile(decks / "event.zip", "w") as archive:
        archive.writestr("a.txt", LEGAL)
        archive.writestr("b.txt", SHORT)
    output, error = check_deck(
        str(decks / "event.zip"), str(decks / "photo.jpg"), "--ruleset", "veto", "--json", "--lang", "en"
    )
    zipped_a, zipped_b, photo = json_lines(output)
    assert (zipped_a["path"], zipped_a["legal"]) == (f"{decks}/event.zip/a.txt", True)
    assert zipped_b["legal"] is False
    assert photo["code"] == "DECKLIST_BINARY" and photo["error"].startswith("This is not a text file")
    assert set(photo) == {"path", "error", "code", "params"}
    assert error is not None and error.returncode == 1


def test_without_any_card_list_it_is_a_usage_error(decks):
    _, error = check_deck(str(decks / "legal.txt"), "--ruleset", "veto", "--lang", "en")
    assert error is not None and error.returncode == 2
    assert "There is no Veto card list for the site" in str(error) and "import_veto_cards" in str(error)


def test_a_malformed_card_list_is_a_usage_error_naming_each_line(decks, veto_site_list):
    _, error = check_deck(str(decks / "legal.txt"), "--ruleset", "veto", "--veto-cards", str(decks / "bad.csv"))
    assert error is not None and error.returncode == 2
    heading, *problems = str(error).splitlines()
    assert str(decks / "bad.csv") in heading  # the shell's sentence, in Polish once translated
    with pytest.raises(veto.CardListError) as refused:
        veto.parse_card_list(MALFORMED)
    assert problems == [problem.message("pl") for problem in refused.value.problems]
    assert [problem[:10] for problem in problems] == ["Wiersz 3: ", "Wiersz 4: "]


@pytest.mark.parametrize(
    "args",
    [
        ["--ruleset", "veto", "--as-of", "2024-01-01"],
        ["--ruleset", "veto", "--players", "4"],
        ["--ruleset", "veto", "--format", "jol"],
        ["--ruleset", "veto", "--lang", "de"],
        ["--ruleset", "vekn", "--veto-cards", str(EXAMPLE)],
        ["--ruleset", "veto", "--veto-cards", "/no/such/cards.csv"],
    ],
    ids=["as-of", "players", "format", "german", "vtes-with-veto-cards", "missing-card-list"],
)
def test_usage_errors_exit_2(decks, veto_site_list, args):
    output, error = check_deck(str(decks / "legal.txt"), *args)
    assert error is not None and error.returncode == 2
    assert output == ""


def test_vtes_keeps_english_by_default(veto_site_list, tmp_path):
    deck = tmp_path / "vtes.txt"
    deck.write_text("Crypt\n12x Tupdog\nLibrary\n40x Blood Doll\n", encoding="utf-8")
    output, _ = check_deck(str(deck))
    assert output.splitlines()[0].startswith("ILLEGAL ")
    assert "error LIBRARY_TOO_SMALL:" in output


# --- as its own process: exit statuses and streams, on a database never migrated -----------------------------


def manage(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """The command as a process (the VTES tests' ``manage``) on a database never migrated: a card list file
    needs none."""
    return check_deck_process({**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}"}, *args)


def test_as_a_process_it_judges_with_a_card_list_file_and_exits_0(decks, tmp_path):
    result = manage(tmp_path, str(decks / "short.txt"), "--ruleset", "veto", "--veto-cards", str(EXAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    (report,) = json_lines(result.stdout)
    assert report["legal"] is False and report["errors"][0]["code"] == "DECK_TOO_SMALL"


def test_as_a_process_without_a_card_list_it_says_so_in_one_line_and_exits_2(decks, tmp_path):
    result = manage(tmp_path, str(decks / "legal.txt"), "--ruleset", "veto", "--lang", "en")
    assert result.returncode == 2
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "There is no Veto card list for the site" in result.stderr


def test_as_a_process_a_malformed_card_list_exits_2_with_its_lines(decks, tmp_path):
    result = manage(tmp_path, str(decks / "legal.txt"), "--ruleset", "veto", "--veto-cards", str(decks / "bad.csv"))
    assert result.returncode == 2 and result.stdout == ""
    assert "Wiersz 3: " in result.stderr and "Wiersz 4: " in result.stderr
