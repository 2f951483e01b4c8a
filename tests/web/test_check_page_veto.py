"""/check/?game=veto: the judge's page for Veto decks (a Polish CCG, not VTES), judged against the player's own
card list, else the site's. The game selector leaves the VTES page as it was."""

from __future__ import annotations

import html as html_lib
import io
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.veto.samples import LEGAL, SEALED, SHORT, SHORT_MESSAGE_EN, SHORT_MESSAGE_PL, SHORT_RULE_PL, UNKNOWN
from tests.web.test_check_page import LEGAL_DECK as VTES_DECK
from veto import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

URL = "/check/?game=veto"


def text_of(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def check(client, expect: int = 200, language: str = "en", **data) -> str:
    data = {"ruleset": "veto", **data}
    response = client.post(URL, data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == expect, response.content.decode()[:3000]
    return response.content.decode()


def verdicts(page: str) -> list[list[str]]:
    rows = re.findall(r'<tr class="verdict-row">(.*?)</tr>', page, re.S)
    return [[text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)] for row in rows]


def issues(page: str) -> list[str]:
    """Each error's and warning's text, its inline tags dropped (the template's line breaks keep words apart)."""
    items = re.findall(r'<li class="issue veto-issue".*?</li>', page, re.S)
    return [" ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", item)).split()) for item in items]


# --- the game selector --------------------------------------------------------------------------------------


def test_the_vtes_page_is_the_default_and_keeps_its_fields(client):
    page = client.get("/check/").content.decode()
    assert re.search(r'id="game-vtes" aria-current="true"', page)
    assert 'href="/check/?game=veto" id="game-veto">' in page
    for name in ("text", "files", "ruleset", "as_of", "date", "players", "format", "player"):
        assert f'name="{name}"' in page
    assert 'action="/check/#verdicts"' in page


def test_the_vtes_check_is_unchanged_by_a_veto_list(client, veto_site_list):
    response = client.post("/check/", {"ruleset": "vekn", "as_of": "today", "text": VTES_DECK})
    assert response.status_code == 200
    page = response.content.decode()
    assert verdicts(page)[0][-2] == "LEGAL"
    assert "veto-report" not in page


def test_the_veto_page_has_no_vtes_only_fields(client, veto_site_list):
    response = client.get(URL)
    assert response.status_code == 200
    page = response.content.decode()
    assert re.search(r'id="game-veto" aria-current="true"', page)
    assert 'action="/check/?game=veto#verdicts"' in page
    for name in ("text", "files", "ruleset"):
        assert f'name="{name}"' in page
    for name in ("as_of", "date", "players", "format", "player"):
        assert f'name="{name}"' not in page
    select = re.search(r'<select name="ruleset".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="([^"]+)"', select) == ["veto", "veto-sealed"]


# --- the verdicts -------------------------------------------------------------------------------------------


def test_a_legal_deck_is_legal(client, veto_site_list):
    page = check(client, text=LEGAL)
    assert verdicts(page) == [["pasted decklist", "Format kwarciany", "60", "15", "LEGAL", "0"]]
    report = text_of(re.search(r'<div class="deck-report veto-report">.*?</dl>', page, re.S).group(0))
    assert "Wojewoda Mścisław, Elekt Dworski" in report and "Sejmik Burzliwy" in report
    assert "Judged against the site's card list (46 cards)." in text_of(page)


def test_an_illegal_deck_shows_the_polish_message_first_then_the_english_and_its_article(client, veto_site_list):
    page = check(client, text=SHORT)
    assert verdicts(page)[0][-2:] == ["ILLEGAL", "1"]
    (issue,) = issues(page)
    assert issue.index(SHORT_MESSAGE_PL) < issue.index(SHORT_MESSAGE_EN)
    assert issue.startswith("Za mały Kredens: " + SHORT_MESSAGE_PL)
    assert SHORT_RULE_PL in issue
    assert re.search(r'<li class="issue veto-issue" data-code="DECK_TOO_SMALL">', page)


def test_a_polish_page_shows_the_polish_alone(client, veto_site_list):
    page = check(client, text=SHORT, language="pl")
    (issue,) = issues(page)
    assert SHORT_MESSAGE_PL in issue and SHORT_RULE_PL in issue
    assert SHORT_MESSAGE_EN not in page
    assert 'lang="pl"' in page


def test_the_sealed_rule_set_is_chosen_on_the_form(client, veto_site_list):
    page = check(client, text=SEALED, ruleset="veto-sealed")
    assert verdicts(page)[0][1:] == ["Format wybraniecki", "30", "15", "LEGAL", "0"]
    assert "ILLEGAL" in verdicts(check(client, text=SEALED))[0]  # the constructed rules refuse it


def test_lines_naming_no_card_are_listed_with_their_line_numbers(client, veto_site_list):
    page = check(client, text=UNKNOWN)
    unresolved = re.search(r'<ul class="issues unresolved">(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r'data-line="(\d+)"', unresolved) == ["9", "10"]
    lines = [text_of(item) for item in re.findall(r"<li.*?</li>", unresolved, re.S)]
    assert lines[0] == "line 9: 3x Sekretarz Kancelari — did you mean Sekretarz Kancelarii ?"
    assert lines[1] == "line 10: 3x Nieznana Karta"
    codes = re.findall(r'data-code="([A-Z_]+)"', page)
    assert codes.count("UNKNOWN_CARD") == 2
    assert any(issue.startswith("Nieznana karta: Wiersz 10: „3x Nieznana Karta”") for issue in issues(page))


def test_uploaded_files_and_zips_are_judged_one_by_one(client, veto_site_list):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("round1/legal.txt", LEGAL)
        archive.writestr("round1/short.txt", SHORT)
    files = [
        SimpleUploadedFile("one.txt", LEGAL.encode("utf-8")),
        SimpleUploadedFile("event.zip", buffer.getvalue()),
        SimpleUploadedFile("photo.jpg", b"\xff\xd8\xff\x00\x00binary"),
    ]
    page = check(client, files=files)
    rows = verdicts(page)
    assert [row[0] for row in rows] == [
        "one.txt",
        "event.zip/round1/legal.txt",
        "event.zip/round1/short.txt",
        "photo.jpg",
    ]
    assert [row[-2] for row in rows] == ["LEGAL", "LEGAL", "ILLEGAL", "UNREADABLE"]
    assert "This is not a text file (binary data at line 1)" in rows[3][1]
    assert "3 decks checked: 1 legal" not in text_of(page)  # two legal, one illegal
    assert "3 decks checked: 2 legal, 1 illegal; 1 file could not be read." in text_of(page)


def test_a_users_own_list_outranks_the_sites(client, alice, veto_site_list):
    services.import_list("name,type\nKarabela,other\n", alice)
    client.force_login(alice)
    page = check(client, text=LEGAL)
    assert "Judged against your own card list (1 card)." in text_of(page)
    assert verdicts(page)[0][-2] == "ILLEGAL"  # alice's list holds none of the deck's cards but one


# --- without a card list, and bad input ---------------------------------------------------------------------


def test_without_any_list_an_anonymous_user_is_told_of_the_admin_command(client):
    page = client.get(URL).content.decode()
    message = text_of(
        re.search(r'<div class="error-summary no-print" role="alert" id="no-card-list">.*?</div>', page, re.S).group(0)
    )
    assert "There is no Veto card list to judge Veto decks by." in message
    assert "manage.py import_veto_cards CSV" in message
    assert "/accounts/login/?next=" in page
    page = check(client, 400, text=LEGAL)
    assert 'id="no-card-list"' in page and "verdicts-heading" not in page


def test_without_any_list_a_logged_in_user_is_sent_to_the_card_list_page(client, alice):
    client.force_login(alice)
    page = check(client, 400, text=LEGAL)
    no_list = re.search(r'id="no-card-list">.*?</div>', page, re.S).group(0)
    assert 'href="/veto/cards/"' in no_list
    assert "import_veto_cards" not in no_list


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"text": ""}, "Paste a decklist or choose decklist files to check."),
        ({"text": "   \n# only a comment\n"}, "The decklist is empty."),
        ({"text": LEGAL, "ruleset": "vekn"}, "Select a valid choice."),
        ({"text": LEGAL, "ruleset": "nonsense"}, "Select a valid choice."),
        ({"text": "x" * 200_001}, "The decklist is too large"),
    ],
    ids=["nothing", "empty", "vtes-rule-set", "unknown-rule-set", "too-large"],
)
def test_bad_input_is_a_400_saying_why(client, veto_site_list, data, expected):
    page = check(client, 400, **data)
    summary = text_of(re.search(r'id="check-errors">.*?</div>', page, re.S).group(0))
    assert expected in summary


def test_a_binary_upload_alone_is_a_400(client, veto_site_list):
    page = check(client, 400, files=[SimpleUploadedFile("photo.jpg", b"\x89PNG\r\n\x1a\n\x00\x00")])
    assert "photo.jpg: This is not a text file" in text_of(page)


def test_a_body_over_the_limit_is_refused_with_the_veto_form(client, settings, veto_site_list):
    settings.DECKLIST_UPLOAD_MAX_BYTES = 1000
    page = check(client, 400, text=LEGAL * 3)
    assert "The upload is too large" in text_of(page)
    assert 'action="/check/?game=veto#verdicts"' in page


def test_the_veto_check_is_throttled_with_the_vtes_one(client, settings, veto_site_list):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "decklists": "1/minute"},
    }
    check(client, text=LEGAL)
    response = client.post(URL, {"ruleset": "veto", "text": LEGAL})
    assert response.status_code == 429
    assert 'action="/check/?game=veto#verdicts"' in response.content.decode()
