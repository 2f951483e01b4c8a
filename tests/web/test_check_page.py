"""/check/: the judge's page. Paste or upload decklists (a zip counts as its decklists), get a verdict
table, each deck's full report, and registration sheets to print; bad input gets the form back with a
400 saying why."""

from __future__ import annotations

import html as html_lib
import io
import re
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cards import index
from tests.paths import TWDA
from tests.samples import SHORT_LIBRARY
from vtesdeck.core import decklist

pytestmark = pytest.mark.django_db

URL = "/check/"

LEGAL_DECK = """Deck Name: Gargoyle rush
Crypt (12 cards)
12x Tupdog
Library (60 cards)
40x Govern the Unaligned
20x Dive Bomb
"""


def upload(name: str, content: bytes | str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content.encode() if isinstance(content, str) else content)


def zipped(files: dict[str, str | bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def check(client, expect: int = 200, **data):
    data = {"ruleset": "vekn", "as_of": "today", **data}
    response = client.post(URL, data)
    assert response.status_code == expect, response.content.decode()[:3000]
    return response.content.decode()


def text_of(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def verdict_rows(html: str) -> list[list[str]]:
    """The verdict table's rows, as the text of their cells."""
    rows = re.findall(r'<tr class="verdict-row">(.*?)</tr>', html, re.S)
    return [[text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)] for row in rows]


def sheets(html: str) -> list[str]:
    return re.findall(r'<article class="sheet".*?</article>', html, re.S)


def error_summary(html: str) -> str:
    match = re.search(r'<div class="error-summary.*?</div>', html, re.S)
    assert match, "no error summary"
    return html_lib.unescape(match.group(0))


# --- the form -------------------------------------------------------------------------------------


def test_it_shows_the_form(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    # The answer opens at its verdicts (tests/browser/test_check_page.py sees them in the window).
    assert (
        '<form class="check-form no-print" method="post" action="/check/#verdicts" enctype="multipart/form-data"'
        in html
    )
    assert re.search(r'<textarea[^>]*name="text"', html)
    assert re.search(r'<input type="file" name="files"[^>]*multiple', html)
    for name in ("ruleset", "format"):
        assert re.search(rf'<select[^>]*name="{name}"', html), name
    assert '<option value="rulebook-2011"' in html
    assert re.search(r'<input type="radio" name="as_of" value="deck"', html)
    assert re.search(r'<input type="date" name="date"', html)
    assert re.search(r'<input type="number" name="players"', html)
    # No CDN, no script needed.
    assert "<script" not in html and "https://" not in html.split("<footer")[0].split("</head>")[0]
    assert 'href="/static/css/check.css"' in html


def test_it_is_in_the_site_navigation(client):
    html = client.get("/").content.decode()
    assert '<a href="/check/">Check decks</a>' in html
    assert '<a href="/check/" aria-current="page">Check decks</a>' in client.get(URL).content.decode()


# --- pasting one decklist -------------------------------------------------------------------------


def test_it_gives_the_verdict_of_a_pasted_decklist(client):
    html = check(client, text=LEGAL_DECK)
    label = decklist.FORMATS[decklist.detect(LEGAL_DECK)].label
    assert verdict_rows(html) == [["pasted decklist", "Gargoyle rush", label, "12", "60", "3", "LEGAL", "0"]]
    assert "<strong>1</strong> deck checked: <strong>1</strong> legal, <strong>0</strong> illegal" in html
    # The text stays in the form for the next try.
    assert "40x Govern the Unaligned" in html.split("</textarea>")[0]


def test_it_opens_the_full_report_of_each_deck(client):
    html = check(client, text=SHORT_LIBRARY)
    (row,) = verdict_rows(html)
    assert row[1] == "Too short" and row[-2:] == ["ILLEGAL", "2"]  # too short, and the misspelt line
    report = re.search(r"<details>.*?</details>", html, re.S).group(0)
    text = text_of(report)
    # A readable title for each code (the code itself is for API clients), and the section it cites, linked.
    assert (
        '<li class="issue" data-code="LIBRARY_TOO_SMALL"><strong class="issue-title">Library too small</strong>'
        in report
    )
    assert '<li class="issue" data-code="UNKNOWN_CARD"><strong class="issue-title">Unknown card</strong>' in report
    assert report.count('<cite class="rule">') == 4  # each error and warning cites its rule
    assert '<a href="https://www.vekn.net/rulebook/1-introduction" rel="external noopener">' in report
    # The unknown line, where it is, with the name it probably meant.
    assert re.search(
        r"line 6: <code>2x Govern teh Unaligned</code> — did you mean <strong>Govern the Unaligned</strong>", report
    )
    # The card list, linked to the card pages.
    govern = index.get().lookup("Govern the Unaligned")
    assert f'<a href="/cards/{govern.id}/">Govern the Unaligned</a>' in report
    assert "38×" in text and "Crypt (12)" in text and "Library (38)" in text


def test_it_judges_on_the_decklists_own_date_when_asked(client):
    text = (TWDA / "10009.txt").read_text()
    html = check(client, text=text, as_of="deck")
    assert "on 2021-12-19" in html
    (row,) = verdict_rows(html)
    assert row[1].startswith("4 Tupdog") and row[3:5] == ["30", "90"]
    html = check(client, text=text, as_of="date", date="2005-01-01")
    assert "on 2005-01-01" in html


def test_it_escapes_what_the_decklist_says(client):
    html = check(client, text=LEGAL_DECK.replace("Gargoyle rush", "<script>alert(1)</script>"))
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


# --- uploads --------------------------------------------------------------------------------------


def test_it_checks_several_uploaded_files(client):
    files = [
        upload("alice.txt", LEGAL_DECK),
        upload("bob.txt", SHORT_LIBRARY),
        upload("carol.txt", (TWDA / "10009.txt").read_bytes()),
    ]
    html = check(client, files=files)
    rows = verdict_rows(html)
    assert [(r[0], r[-2]) for r in rows] == [("alice.txt", "LEGAL"), ("bob.txt", "ILLEGAL"), ("carol.txt", rows[2][-2])]
    assert rows[2][1].startswith("4 Tupdog")
    assert "<strong>3</strong> decks checked" in html


def test_it_checks_every_decklist_in_a_zip(client):
    archive = zipped({"table1/alice.txt": LEGAL_DECK, "table1/bob.txt": SHORT_LIBRARY})
    html = check(client, files=[upload("event.zip", archive)])
    assert [(r[0], r[-2]) for r in verdict_rows(html)] == [
        ("event.zip/table1/alice.txt", "LEGAL"),
        ("event.zip/table1/bob.txt", "ILLEGAL"),
    ]


def test_it_names_an_unreadable_file_among_readable_ones(client):
    html = check(
        client,
        files=[upload("alice.txt", LEGAL_DECK), upload("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 50)],
    )
    rows = verdict_rows(html)
    assert rows[0][-2] == "LEGAL"
    assert rows[1][0] == "photo.png" and rows[1][-2] == "UNREADABLE"
    assert "This is not a text file" in rows[1][1]
    assert "<strong>1</strong> file could not be read" in html


# --- registration sheets --------------------------------------------------------------------------


def test_it_prints_a_registration_sheet_per_deck_with_its_checksum(client):
    html = check(
        client, files=[upload("alice.txt", LEGAL_DECK), upload("bob.txt", SHORT_LIBRARY)], player="ignored for files"
    )
    alice, bob = sheets(html)
    cards = index.get()
    checksum = decklist.parse(LEGAL_DECK, cards).checksum()
    assert f'<code class="checksum">{checksum}</code>' in alice
    assert f'<code class="checksum">{decklist.parse(SHORT_LIBRARY, cards).checksum()}</code>' in bob
    text = text_of(alice)
    assert "Deck Gargoyle rush" in text
    assert "Crypt (12 cards) 12 Tupdog 1 Gargoyle:3" in text
    assert "Library (60 cards)" in text and "40 Govern the Unaligned" in text and "Action (" in text
    assert "rules as of" in text and "legal" in text
    assert "ILLEGAL (2 errors)" in text_of(bob)
    # One per printed page, and "print only this one" works without a script.
    assert 'id="sheet-1"' in alice and 'href="#sheet-1"' in alice


def test_it_puts_the_player_on_the_sheet_of_a_pasted_decklist(client):
    (sheet,) = sheets(check(client, text=LEGAL_DECK, player="Arnau Diez Sans"))
    assert '<dt>Player</dt><dd class="fill">Arnau Diez Sans</dd>' in sheet


@pytest.mark.parametrize("how", ["uploaded", "pasted"])
def test_it_puts_the_winner_of_an_archive_decklist_on_its_sheet(client, how):
    # The archive's layout names the player who won with the deck (its sixth header line): the sheet left
    # "Player" blank.
    path = TWDA / "10009.txt"  # La Marató 2021, won by Arnau Diez Sans
    if not path.is_file():
        pytest.skip(f"the TWDA decklist {path} is not here")
    text = path.read_text(encoding="utf-8")
    data = {"files": [upload(path.name, text)]} if how == "uploaded" else {"text": text}
    (sheet,) = sheets(check(client, **data))
    assert '<dt>Player</dt><dd class="fill">Arnau Diez Sans</dd>' in sheet


def test_it_prints_only_the_sheets():
    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "check.css").read_text()
    print_rules = css[css.index("@media print") :]
    assert "break-after: page" in print_rules
    assert ".check-results" in print_rules and ".site-header" in print_rules


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        ({}, "Paste a decklist or choose decklist files to check."),
        ({"text": "   \n  "}, "Paste a decklist or choose decklist files to check."),
        ({"text": LEGAL_DECK, "as_of": "date"}, "Give the date the decks must be legal on"),
        ({"text": LEGAL_DECK, "as_of": "date", "date": "31/02/2021"}, "Enter a valid date."),
        (
            {"text": LEGAL_DECK, "ruleset": "modern"},
            "Select a valid choice. modern is not one of the available choices.",
        ),
        ({"text": LEGAL_DECK, "players": "-4"}, "Ensure this value is greater than or equal to 1."),
        ({"text": LEGAL_DECK, "format": "docx"}, "Select a valid choice."),
        ({"text": "\x00\x01\x02" * 100}, "Null characters are not allowed."),
        ({"text": "\x01\x02\x03" * 100}, "This is not a text file"),
        ({"text": "x" * 2_000_001}, "The decklist is too large"),
    ],
)
def test_it_answers_400_with_the_reason_for_bad_input(client, data, message):
    html = check(client, expect=400, **data)
    assert message in error_summary(html)
    assert 'class="check-form' in html  # the form again, to correct and resend
    assert "verdict-row" not in html


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("photo.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 20, "This is not a text file"),
        ("empty.txt", b"", "The submitted file is empty."),
        ("utf16.txt", b"\xff\xfe" + b"\x00\xd8", "not valid UTF-16"),
        ("event.zip", b"PK\x03\x04 this is no zip at all" * 3, "damaged"),
        ("bomb.zip", zipped({"deck.txt": b"1" * 30_000_000}), "bytes"),
        ("nested.zip", zipped({"inner.zip": zipped({"deck.txt": LEGAL_DECK})}), "another archive"),
    ],
)
def test_it_answers_400_when_no_upload_can_be_read(client, name, content, message):
    html = check(client, expect=400, files=[upload(name, content)])
    assert message in error_summary(html)
    assert "verdict-row" not in html


def test_it_refuses_a_huge_upload_before_reading_it(client, settings):
    settings.DECKLIST_UPLOAD_MAX_BYTES = 50_000
    html = check(client, expect=400, files=[upload("huge.txt", LEGAL_DECK * 1000)])
    assert "The upload is too large" in error_summary(html)


def test_it_keeps_csrf_protection(client):
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(URL, {"text": LEGAL_DECK, "ruleset": "vekn", "as_of": "today"}).status_code == 403
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', strict.get(URL).content.decode()).group(1)
    response = strict.post(URL, {"text": LEGAL_DECK, "ruleset": "vekn", "as_of": "today", "csrfmiddlewaretoken": token})
    assert response.status_code == 200
    assert "LEGAL" in response.content.decode()


def test_it_answers_405_to_other_methods(client):
    assert client.put(URL).status_code == 405
