"""Every page in English, Polish and German (issue 4 item 7).

The language follows the browser's Accept-Language, the footer's switcher overrides it, and ``<html lang>``
names it. Card names, card texts, discipline names and error codes stay in the official English. The
catalogs under locale/ are complete (no empty or fuzzy entry), compiled (the .mo files match the .po), and
hold every string the code marks (makemessages finds nothing new).
"""

from __future__ import annotations

import gettext
import html as html_lib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from cards.models import Card
from decks import services
from vtesdeck.core import charts
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.stats import deck_stats
from vtesdeck.labels import chart_labels

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
TRANSLATED = ("pl", "de")
NPLURALS = {"pl": 3, "de": 2}

DECKLIST = """Deck Name: Gargoyle rush
Crypt (12 cards)
12x Tupdog
Library (38 cards)
36x Govern the Unaligned
2x Govern teh Unaligned
"""


def text_of(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def card_url(unique_name: str) -> str:
    return f"/cards/{Card.objects.get(unique_name=unique_name).id}/"


def browser(language: str) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")


# ---- the language follows the browser -------------------------------------------------------------

# A sentence each page shows, in each language.
PAGES = {
    "/": {"en": "Find a card by name", "pl": "Znajdź kartę po nazwie", "de": "Karte nach Namen finden"},
    "/cards/": {"en": "Clear filters", "pl": "Wyczyść filtry", "de": "Filter zurücksetzen"},
    "/cards/?q=govern": {"en": "matching “govern”", "pl": "do „govern”", "de": "passend zu „govern“"},
    "/check/": {"en": "Check decklists", "pl": "Sprawdź listy talii", "de": "Decklisten prüfen"},
    "/decks/": {"en": "Public decks", "pl": "Publiczne talie", "de": "Öffentliche Decks"},
    "/accounts/login/": {"en": "Forgotten your password?", "pl": "Nie pamiętasz hasła?", "de": "Passwort vergessen?"},
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("url", list(PAGES))
def test_it_speaks_the_browsers_language(url, language):
    response = browser(language).get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert response["Content-Language"] == language
    assert PAGES[url][language] in html_lib.unescape(html)
    assert PAGES[url]["en"] not in html_lib.unescape(html)


@pytest.mark.django_db
@pytest.mark.parametrize("header", [None, "en-GB,en;q=0.8", "fr-FR,fr;q=0.9"])
def test_it_speaks_english_otherwise(client, header):
    extra = {"HTTP_ACCEPT_LANGUAGE": header} if header else {}
    html = client.get("/", **extra).content.decode()
    assert '<html lang="en">' in html
    assert "Find a card by name" in html


@pytest.mark.django_db
def test_a_regional_variant_gets_its_language(client):
    html = client.get("/cards/", HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.9").content.decode()
    assert '<html lang="de">' in html and "Filter zurücksetzen" in html


# ---- the switcher ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_footer_offers_every_language_and_comes_back_to_this_page(client):
    html = client.get("/cards/?q=govern").content.decode()
    form = re.search(r'<form class="language-form" action="/i18n/setlang/" method="post">(.*?)</form>', html, re.S)
    assert form, "no language switcher"
    assert '<input name="next" type="hidden" value="/cards/?q=govern">' in form.group(1)
    options = re.findall(r'<option value="(\w+)"[^>]*lang="\w+">([^<]+)</option>', form.group(1))
    assert [code for code, _name in options] == ["en", "pl", "de"]
    assert dict(options)["de"] == "Deutsch"


@pytest.mark.django_db
def test_the_switcher_changes_the_language_and_goes_back(client):
    response = client.post("/i18n/setlang/", {"language": "pl", "next": "/cards/?q=govern"})
    assert response.status_code == 302
    assert response["Location"] == "/cards/?q=govern"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"
    # The choice outlasts the request and outranks the browser's own preference.
    html = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="pl">' in html and "Wyczyść filtry" in html

    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert '<html lang="de">' in client.get("/").content.decode()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()


@pytest.mark.django_db
def test_the_switcher_refuses_to_send_anyone_elsewhere(client):
    response = client.post("/i18n/setlang/", {"language": "pl", "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"


# ---- what stays English ---------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_card_names_and_texts_stay_official_english(language):
    client = browser(language)
    card = Card.objects.get(unique_name="Govern the Unaligned")
    html = client.get(card_url("Govern the Unaligned")).content.decode()
    assert f'<html lang="{language}">' in html
    assert "<h1>Govern the Unaligned</h1>" in html
    assert html_lib.escape(card.card.text.splitlines()[0]) in html
    assert '<abbr class="disc" title="Dominate">dom</abbr>' in html  # discipline names as printed
    assert {"pl": "<dt>Koszt w krwi</dt>", "de": "<dt>Blutkosten</dt>"}[language] in html

    vampire = client.get(card_url("Alan Sovereign (ADV)")).content.decode()
    assert "<h1>Alan Sovereign</h1>" in vampire and "Ventrue" in vampire and "Camarilla" in vampire
    superior = {"pl": "Dominate (poziom wyższy)", "de": "Dominate (verstärkt)"}[language]
    assert f'<abbr class="disc sup" title="{superior}">DOM</abbr>' in vampire

    results = client.get("/cards/", {"q": "govern"}).content.decode()
    assert f'<a href="/cards/{card.id}/">Govern the Unaligned</a>' in results


# Card types as the pages name them; the API, the exports and the search parameters keep the printed names.
ACTION = {"en": "Action", "pl": "Akcja", "de": "Aktion"}
POLITICAL = {"en": "Political Action", "pl": "Akcja polityczna", "de": "Politische Aktion"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_card_types_are_named_in_the_page_language(language):
    client = browser(language)
    owner = get_user_model().objects.create_user("alice", "alice@example.org", "not-a-real-password-42")
    deck = services.create(owner, services.parse_text(DECKLIST), name="Gargoyle rush", visibility="public")
    client.force_login(owner)
    action, political = ACTION[language], POLITICAL[language]

    detail = client.get(card_url("Govern the Unaligned")).content.decode()
    assert f'<span class="badge">{action}</span>' in detail
    assert f"<td>{action}</td>" in client.get("/cards/", {"q": "govern the unaligned"}).content.decode()
    search = client.get("/cards/", {"type": "Political Action"}).content.decode()
    assert f'<option value="Political Action" selected>{political}</option>' in search
    assert f'<h3 class="library-type">{action} (36)</h3>' in client.get(f"/decks/{deck.id}/").content.decode()
    editor = client.get(f"/decks/{deck.id}/edit").content.decode()
    assert f'<option value="Political Action">{political}</option>' in editor
    assert f"{action} (36)" in text_of(editor) and f"{action}: 36 (100%)" in editor  # the types chart too
    check = client.post("/check/", {"text": DECKLIST, "ruleset": "vekn", "as_of": "today"}).content.decode()
    assert f"<h4>{action} (36)</h4>" in check and f"<caption>{action} (36)</caption>" in check

    api = client.get("/api/v1/cards/", {"q": "govern the unaligned"}).json()
    assert api["results"][0]["types"] == ["Action"]


@pytest.mark.django_db
def test_check_keeps_error_codes_and_card_names():
    html = browser("pl").post("/check/", {"text": DECKLIST, "ruleset": "vekn", "as_of": "today"}).content.decode()
    assert '<li class="issue" data-code="UNKNOWN_CARD"><strong class="issue-title">Nieznana karta</strong>' in html
    assert "<strong>Govern the Unaligned</strong>" in html  # the suggestion for the misspelt line
    assert "czy chodziło o" in html and "Sprawdzono <strong>1</strong> talię:" in html


# ---- no English left -------------------------------------------------------------------------------

# English sentences of each page that must be gone in another language (none of them occurs in card data).
ENGLISH = {
    "home": [
        "Find a card by name",
        "The card database",
        "crypt cards",
        "library cards",
        "Skip to content",
        "card search</a>",
        "Card name suggestions",
        "use the arrow keys",
    ],
    "search": [
        "Clear filters",
        "Card text",
        "Capacity from",
        "banned only",
        "legal only",
        "cards matching",
        "Sect / title",
        "Result pages",
        "e.g. aus DOM",
    ],
    "search errors": ["These filters cannot be used", "Unknown discipline", "must not exceed"],
    "library card": [
        "Printings",
        "Rulings",
        "Card text",
        "<dt>Blood cost</dt>",
        "Unique name",
        "library card of",
        "All cards printed in",
        "Also known as",
    ],
    "vampire": [
        "(superior)",
        "<dt>Capacity</dt>",
        "<dt>Disciplines</dt>",
        "<dt>Group</dt>",
        "advanced version of",
        "First release",
        "October",
        "<dt>Advanced</dt>",
    ],
    "titled vampire": ["2 votes)", "<dt>Title</dt>"],
    "check": [
        "Paste a decklist",
        "Rule set",
        "Players at the table",
        "Start again",
        "Legal on",
        "Detect it",
        "upload decklist files",
        "each decklist's own event date",
    ],
    "check results": [
        "Verdicts",
        "Full report",
        "Registration sheet",
        "Judge:",
        "did you mean",
        "deck checked",
        "Print only this sheet",
        "Lines naming no known card",
        "Illegal under",
        "rules as of",
        "pasted decklist",
        "unknown line",
        "ILLEGAL",
    ],
    "decks": ["Public decks", "Search decks", "Nobody has shared a deck yet"],
    "login": ["Forgotten your password?", "No account yet?"],
    "not found": ["Not found", "There is nothing at this address"],
    "editor": ["Crypt capacity", "No cards yet", "Library card types", "Crypt disciplines"],
}


def _pages(client: Client, editor: Client, deck_id: int) -> dict[str, str]:
    check = {"text": DECKLIST, "ruleset": "vekn", "as_of": "today"}
    return {
        "home": client.get("/").content.decode(),
        "search": client.get("/cards/", {"q": "govern"}).content.decode(),
        "search errors": client.get(
            "/cards/", {"discipline": "xyz", "capacity_min": 9, "capacity_max": 3}
        ).content.decode(),
        "library card": client.get(card_url("Govern the Unaligned")).content.decode(),
        "vampire": client.get(card_url("Alan Sovereign (ADV)")).content.decode(),
        "titled vampire": client.get(card_url("Dónal O'Connor (G2)")).content.decode(),
        "check": client.get("/check/").content.decode(),
        "check results": client.post("/check/", check).content.decode(),
        "decks": client.get("/decks/").content.decode(),
        "login": client.get("/accounts/login/").content.decode(),
        "not found": client.get("/cards/999999999/").content.decode(),
        "editor": editor.get(f"/decks/{deck_id}/edit").content.decode(),
    }


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_is_left_on_the_main_pages(language):
    owner = get_user_model().objects.create_user("alice", "alice@example.org", "not-a-real-password-42")
    deck = services.create(owner, CoreDeck(), name="Madness network")
    editor = browser(language)
    editor.force_login(owner)
    pages = _pages(browser(language), editor, deck.id)
    left = {
        page: [phrase for phrase in ENGLISH[page] if phrase in html_lib.unescape(html)] for page, html in pages.items()
    }
    assert not {page: phrases for page, phrases in left.items() if phrases}
    for page, html in pages.items():
        assert f'<html lang="{language}">' in html, page


@pytest.mark.django_db
def test_the_name_suggestions_speak_the_page_language():
    """card_search.js reads its sentences from the search box: one per CLDR plural category."""
    for url in ("/", "/cards/"):
        html = browser("pl").get(url).content.decode()
        box = re.search(r'<input[^>]*data-autocomplete="/cards/autocomplete"[^>]*>', html).group(0)
        attrs = dict(re.findall(r'(data-text-[\w-]+)="([^"]*)"', box))
        assert attrs["data-text-list"] == "Podpowiedzi nazw kart"
        assert attrs["data-text-kind-crypt"] == "krypta"
        assert attrs["data-text-count-one"] == "%(count)s podpowiedź, wybierz strzałkami"
        assert attrs["data-text-count-few"] == "%(count)s podpowiedzi, wybierz strzałkami"
        assert attrs["data-text-count-many"] == attrs["data-text-count-other"]
    english = Client().get("/").content.decode()
    assert 'data-text-count-one="%(count)s suggestion, use the arrow keys to choose"' in english
    assert 'data-text-count-other="%(count)s suggestions, use the arrow keys to choose"' in english


def test_the_charts_take_their_words_from_the_caller(cards):
    """The core stays English and Django-free; the editor hands it translated words."""
    stats = deck_stats(CoreDeck(crypt={cards.lookup("Tupdog").id: 12}), cards)
    assert "Crypt capacity" in charts.capacity_histogram(stats)
    with translation.override("de"):
        svg = charts.capacity_histogram(stats, labels=chart_labels())
        empty = charts.library_types_chart(stats, labels=chart_labels())
    assert "Kapazität in der Gruft" in svg and "Crypt capacity" not in svg and "Kapazität 1" in svg
    assert "Noch keine Karten" in empty and "No cards yet" not in empty


def test_the_unavailable_page_speaks_the_language_too():
    with translation.override("pl"):
        html = render_to_string("503.html", {"message": "…"})
    assert '<html lang="pl">' in html and "Chwilowo niedostępne" in html


# ---- the catalogs ----------------------------------------------------------------------------------


def _unquote(line: str) -> str:
    """A .po string's text: the quotes off, its C escapes (\\n, \\", \\\\) undone."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), line.strip()[1:-1])


def parse_po(path: Path) -> list[dict]:
    """Entries of a .po file: context, msgid, plural, msgstr list and flags (simple line-based parsing)."""
    entries: list[dict] = []
    entry: dict = {}
    field = ""
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry.get("msgid") is not None:
                entries.append(entry)
            entry, field = {}, ""
            continue
        if line.startswith("#,"):
            entry.setdefault("flags", set()).update(f.strip() for f in line[2:].split(","))
        elif line.startswith("#~"):
            entry["obsolete"] = True
        elif line.startswith("#"):
            continue
        elif match := re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line):
            field = match.group(1)
            if field.startswith("msgstr"):
                entry.setdefault("msgstr", []).append(_unquote(match.group(2)))
            else:
                entry[field] = _unquote(match.group(2))
        elif line.startswith('"'):
            if field.startswith("msgstr"):
                entry["msgstr"][-1] += _unquote(line)
            else:
                entry[field] += _unquote(line)
        else:
            raise AssertionError(f"{path}: cannot read {line!r}")
    return entries


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|\{\w+\}", text))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language):
    path = LOCALE / language / "LC_MESSAGES" / "django.po"
    entries = parse_po(path)
    header, messages = entries[0], entries[1:]
    assert header["msgid"] == ""
    assert f"Language: {language}\n" in header["msgstr"][0]
    assert f"Plural-Forms: nplurals={NPLURALS[language]};" in header["msgstr"][0]
    assert "fuzzy" not in header.get("flags", ()), "the header is still marked fuzzy"
    assert len(messages) > 400
    problems = []
    for entry in messages:
        name = f"{entry.get('msgctxt', '')}|{entry['msgid']!r}"
        if entry.get("obsolete"):
            problems.append(f"{name}: obsolete")
        if "fuzzy" in entry.get("flags", ()):
            problems.append(f"{name}: fuzzy")
        if not all(entry["msgstr"]):
            problems.append(f"{name}: untranslated")
        if "msgid_plural" in entry:
            if len(entry["msgstr"]) != NPLURALS[language]:
                problems.append(f"{name}: {len(entry['msgstr'])} plural forms")
            wanted = _placeholders(entry["msgid_plural"])
            # The singular may say "one card" where the plural says "%(counter)s cards".
            if any(not _placeholders(form) <= wanted for form in entry["msgstr"]) or any(
                _placeholders(form) != wanted for form in entry["msgstr"][1:]
            ):
                problems.append(f"{name}: placeholders differ")
        elif _placeholders(entry["msgstr"][0]) != _placeholders(entry["msgid"]):
            problems.append(f"{name}: placeholders differ")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogs_match_the_sources(language, tmp_path):
    folder = LOCALE / language / "LC_MESSAGES"
    committed = folder / "django.mo"
    assert committed.exists(), "run: manage.py compilemessages --ignore=.venv (the .mo files are kept in the tree)"
    with committed.open("rb") as mo:
        shipped = gettext.GNUTranslations(mo)
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed: cannot check that the .mo files match the .po files")
    fresh_path = tmp_path / "django.mo"
    subprocess.run([msgfmt, "--check", "-o", str(fresh_path), str(folder / "django.po")], check=True)
    with fresh_path.open("rb") as mo:
        fresh = gettext.GNUTranslations(mo)
    assert shipped._catalog == fresh._catalog, "stale .mo: run manage.py compilemessages --ignore=.venv"
    assert [shipped.plural(n) for n in range(30)] == [fresh.plural(n) for n in range(30)]


def test_makemessages_finds_nothing_new(tmp_path):
    """Every marked string is in the catalogs, and nothing there is left over from removed code."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        pytest.skip("GNU gettext is not installed: cannot check that makemessages would find nothing new")
    skip = {".venv", "bench", "tests", "staticfiles", "screenshots", "node_modules", "__pycache__"}
    for item in ROOT.iterdir():
        if item.name in skip or item.name.startswith("."):
            continue
        if item.is_dir():
            shutil.copytree(item, tmp_path / item.name, ignore=shutil.ignore_patterns("__pycache__", "*.sqlite3*"))
        elif item.suffix == ".py":
            shutil.copy2(item, tmp_path / item.name)
    command = [
        sys.executable,
        "manage.py",
        "makemessages",
        "--no-obsolete",
        "--ignore=.venv",
        "--ignore=bench",
        "--ignore=tests",
        "--ignore=staticfiles",
    ] + [f"-l{language}" for language in TRANSLATED]
    subprocess.run(command, cwd=tmp_path, check=True, capture_output=True)
    for language in TRANSLATED:
        relative = Path(language) / "LC_MESSAGES" / "django.po"

        def keys(path: Path) -> set[tuple]:
            return {(e.get("msgctxt"), e["msgid"], e.get("msgid_plural")) for e in parse_po(path)[1:]}

        committed, current = keys(LOCALE / relative), keys(tmp_path / "locale" / relative)
        new, gone = sorted(current - committed, key=str), sorted(committed - current, key=str)
        assert not new, f"not in the {language} catalog yet (run makemessages, translate, compilemessages): {new}"
        assert not gone, f"left over in the {language} catalog (run makemessages --no-obsolete): {gone}"


@pytest.mark.parametrize(
    ("language", "seed", "seating", "place"),
    [("pl", "Ziarno losowania", "Rozstawienie", "Miejsce"), ("de", "Startwert", "Setzplatz", "Platz")],
)
def test_one_english_word_of_two_meanings_gets_a_translation_for_each(language, seed, seating, place):
    """A simulation's seed is not a finalist's seed (their seating order), and an ousted seat's finishing place is
    not a tournament's venue: each meaning has a context of its own."""
    with translation.override(language):
        assert (translation.gettext("Seed"), translation.pgettext("the finals' seating order", "Seed")) == (
            seed,
            seating,
        )
        assert translation.pgettext("a finishing position", "Place") == place
