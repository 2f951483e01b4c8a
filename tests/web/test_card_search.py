"""GET /cards/: the filter form, the results table and its pagination."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from cards.models import Card, CardSet

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<th scope="row"><a href="/cards/(\d+)/">(.*?)</a>')


def rows(response) -> list[str]:
    """The unique names listed in the results table, as rendered."""
    return [html_lib.unescape(name) for _, name in ROW.findall(response.content.decode())]


def everything(response) -> list[Card]:
    """Every matching card, on all pages."""
    return list(response.context["page"].paginator.object_list)


def search(client, **params):
    response = client.get("/cards/", params)
    assert response.status_code == 200, response.content.decode()[:2000]
    return response


def card(unique_name: str) -> Card:
    return Card.objects.get(unique_name=unique_name)


# ---- the page ------------------------------------------------------------------------------------


def test_it_lists_cards_with_the_filter_form_when_nothing_is_asked(client):
    response = search(client)
    html = response.content.decode()
    assert "<strong>4149</strong> cards" in html
    assert len(rows(response)) == 50
    for name in (
        "q",
        "text",
        "kind",
        "type",
        "clan",
        "discipline",
        "group",
        "capacity_min",
        "capacity_max",
        "sect",
        "title",
        "set",
        "banned",
    ):
        assert re.search(rf'<(input|select)[^>]*name="{name}"', html), name


def test_it_renders_a_row_with_the_cards_facts(client):
    response = search(client, q="Alan Sovereign (ADV)")
    html = response.content.decode()
    alan = card("Alan Sovereign (ADV)")
    row = re.search(rf'<tr>\s*<th scope="row"><a href="/cards/{alan.id}/">.*?</tr>', html, re.S).group(0)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
    assert cells[:4] == ["Alan Sovereign (ADV)", "Crypt", "Vampire", "Ventrue"]
    assert cells[5:] == ["6", "3", "", "Camarilla"]
    # Superior disciplines in upper case and bold (class "sup"), inferior ones in lower case.
    assert '<abbr class="disc sup" title="Dominate (superior)">DOM</abbr>' in row
    assert '<abbr class="disc" title="Fortitude">for</abbr>' in row


def test_it_shows_library_costs_and_requirements_in_the_row(client):
    html = search(client, q="Govern the Unaligned").content.decode()
    row = re.search(r'<th scope="row"><a href="/cards/\d+/">Govern the Unaligned</a>.*?</tr>', html, re.S).group(0)
    assert "1 blood" in row
    assert '<abbr class="disc" title="Dominate">dom</abbr>' in row
    assert "X pool" in search(client, q="Bounty").content.decode()


def test_it_marks_banned_cards(client):
    html = search(client, q="Anthelios").content.decode()
    assert re.search(r'Anthelios, The Red Star</a> <span class="badge badge-banned"[^>]*>Banned</span>', html)


# ---- filters -------------------------------------------------------------------------------------


def test_it_finds_a_card_by_its_name(client):
    assert rows(search(client, q="Govern the Unaligned"))[0] == "Govern the Unaligned"


def test_it_finds_cards_by_part_of_their_name(client):
    names = rows(search(client, q="sovereign"))
    assert {"Alan Sovereign", "Alan Sovereign (ADV)"} <= set(names)
    assert rows(search(client, q="unaligned")) == ["Govern the Unaligned"]


def test_it_folds_accents_and_articles_in_names(client):
    assert "Dónal O'Connor (G2)" in rows(search(client, q="Donal"))
    assert rows(search(client, q="The Rack")) == ["Rack, The"]
    assert rows(search(client, q="Rack, The")) == ["Rack, The"]


def test_it_finds_cards_by_their_text(client):
    response = search(client, text="investment card")
    assert "Alan Sovereign (ADV)" in rows(response)
    assert all("investment" in c.text.lower() and "card" in c.text.lower() for c in everything(response))


def test_it_lists_a_multi_type_card_under_each_of_its_types(client):
    assert card("Form of the Bat").card.types == ("Action Modifier", "Reaction")
    for type_ in ("Action Modifier", "Reaction"):
        response = search(client, type=type_)
        found = {c.unique_name for c in everything(response)}
        assert "Form of the Bat" in found, type_
        assert all(type_ in c.card.types for c in everything(response))
    assert "Form of the Bat" not in {c.unique_name for c in everything(search(client, type="Combat"))}


def test_it_filters_by_clan(client):
    response = search(client, clan="Tremere")
    found = {c.unique_name for c in everything(response)}
    assert "Arcane Library" in found  # a library card the clan may play
    assert any(c.is_crypt for c in everything(response))
    assert "Alejandro Aguirre" not in found  # Tremere antitribu is another clan
    assert all("Tremere" in c.card.clans for c in everything(response))


def test_it_filters_by_superior_discipline_in_upper_case(client):
    response = search(client, discipline="DOM")
    cards = everything(response)
    found = {c.unique_name for c in cards}
    assert "Alan Sovereign (ADV)" in found  # DOM
    assert "Aidan Lyle" not in found  # dom only
    assert "Govern the Unaligned" in found  # a library card requiring Dominate
    assert all(c.card.has_discipline("dom", superior=True) for c in cards if c.is_crypt)


def test_it_filters_by_any_level_of_discipline_in_lower_case(client):
    response = search(client, discipline="dom")
    found = {c.unique_name for c in everything(response)}
    assert {"Alan Sovereign (ADV)", "Aidan Lyle", "Govern the Unaligned"} <= found
    assert all(c.card.has_discipline("dom") for c in everything(response) if c.is_crypt)
    assert all("dom" in c.card.discipline_requirement.codes for c in everything(response) if not c.is_crypt)


def test_it_needs_every_discipline_asked_for(client):
    response = search(client, discipline="aus DOM", kind="crypt")
    assert "Alan Sovereign (ADV)" in {c.unique_name for c in everything(response)}
    assert all(
        c.card.has_discipline("aus") and c.card.has_discipline("dom", superior=True) for c in everything(response)
    )


def test_it_filters_by_group(client):
    response = search(client, group="2")
    found = {c.unique_name for c in everything(response)}
    assert "Theo Bell (G2)" in found and "Theo Bell (G6)" not in found
    assert {c.group for c in everything(response)} == {"2"}


def test_it_filters_any_group_vampires(client):
    response = search(client, group="ANY")
    assert "Anarch Convert" in rows(response)
    assert {c.group for c in everything(response)} == {"ANY"}


def test_it_filters_by_capacity_range(client):
    response = search(client, capacity_min=10, capacity_max=11)
    cards = everything(response)
    assert cards and all(c.is_crypt and 10 <= c.capacity <= 11 for c in cards)
    assert len(cards) == Card.objects.filter(kind="crypt", capacity__range=(10, 11)).count()
    only_min = everything(search(client, capacity_min=11))
    assert only_min and all(c.capacity >= 11 for c in only_min)


def test_it_filters_by_sect(client):
    response = search(client, sect="Laibon")
    assert "Abiku" in {c.unique_name for c in everything(response)}
    assert {c.sect for c in everything(response)} == {"Laibon"}


def test_it_filters_by_title(client):
    response = search(client, title="justicar")
    cards = everything(response)
    assert "Anastasz di Zagreb" in {c.unique_name for c in cards}
    assert {c.title for c in cards} == {"justicar"}
    assert "Justicar" in response.content.decode()  # shown capitalised in the Sect / title column


def test_it_filters_by_set(client):
    response = search(client, set="V5")
    found = {c.unique_name for c in everything(response)}
    assert "Govern the Unaligned" in found  # printed in Fifth Edition
    assert "Alan Sovereign (ADV)" not in found
    assert all(c.printings.filter(set_id="V5").exists() for c in everything(response)[:40])
    # The abbreviation is not case-sensitive.
    assert response.context["page"].paginator.count == search(client, set="v5").context["page"].paginator.count


def test_it_filters_by_banned(client):
    banned = {c.unique_name for c in everything(search(client, banned="yes"))}
    legal = {c.unique_name for c in everything(search(client, banned="no"))}
    assert "Anthelios, The Red Star" in banned and "Anthelios, The Red Star" not in legal
    assert "Govern the Unaligned" in legal and "Govern the Unaligned" not in banned
    assert len(banned) + len(legal) == Card.objects.count()


def test_it_combines_filters(client):
    response = search(client, kind="crypt", clan="Ventrue", discipline="DOM", group="3")
    cards = everything(response)
    assert "Alan Sovereign (ADV)" in {c.unique_name for c in cards}
    assert all(c.is_crypt and c.group == "3" and "Ventrue" in c.card.clans for c in cards)


def test_it_says_when_nothing_matches(client):
    response = search(client, q="no such card anywhere")
    assert rows(response) == []
    assert "No cards match" in response.content.decode()


# Names as players type them: words out of order, articles left out, a surname first.
WORDS_IN_ANY_ORDER = [
    ("govern unaligned", "Govern the Unaligned"),
    ("unaligned govern", "Govern the Unaligned"),
    ("doll blood", "Blood Doll"),
    ("bell theo", "Theo Bell (G2)"),
    ("O'Connor Dónal", "Dónal O'Connor (G2)"),
    ("wyk carlton", "Carlton Van Wyk"),
    ("vykos angel sascha", "Sascha Vykos, The Angel of Caine"),
    ("rack the", "Rack, The"),
]


@pytest.mark.parametrize(("query", "expected"), WORDS_IN_ANY_ORDER)
def test_it_finds_a_name_from_its_words_in_any_order(client, query, expected):
    assert expected in rows(search(client, q=query))


def test_names_holding_the_query_as_written_rank_before_those_holding_its_words_elsewhere(client):
    names = rows(search(client, q="blood doll"))
    assert names[0] == "Blood Doll"
    # A word must start a word of the name: "rack" is not the "rack" in "Cracking".
    assert rows(search(client, q="the rack")) == ["Rack, The"]


def close_matches(response) -> tuple[str, list[str]]:
    """The label above the close matches a search that found nothing shows, and the cards listed under it."""
    html = response.content.decode()
    note = re.search(r'<p class="close-matches-note"[^>]*>(.*?)</p>', html, re.S)
    table = re.search(r'<table class="card-table close-matches">(.*?)</table>', html, re.S)
    if note is None or table is None:
        assert note is None and table is None
        return "", []
    names = re.findall(r'<th scope="row"><a href="/cards/\d+/">([^<]+)</a>', table.group(1))
    return html_lib.unescape(note.group(1)), [html_lib.unescape(name) for name in names]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("gover the unalinged", "Govern the Unaligned"),
        ("Deflecton", "Deflection"),
        ("Tupdg", "Tupdog"),
        ("Consanguinous Condemnation", "Consanguineous Condemnation"),
    ],
)
def test_a_misspelt_name_that_finds_nothing_shows_the_close_matches_themselves(client, typed, meant):
    response = search(client, q=typed)
    assert response.status_code == 200
    label, cards = close_matches(response)
    assert label == f"No card matches “{typed}”; close matches:"
    assert cards[0] == meant and 1 <= len(cards) <= 3, cards
    assert f'<a href="/cards/{Card.objects.get(unique_name=meant).id}/">' in response.content.decode()


def test_close_matches_pass_the_other_filters(client):
    _label, cards = close_matches(search(client, q="gover the unalinged", kind="library", type="Action"))
    assert cards[0] == "Govern the Unaligned"
    # Govern the Unaligned is no crypt card: a crypt search shows it nowhere.
    assert "Govern the Unaligned" not in close_matches(search(client, q="gover the unalinged", kind="crypt"))[1]
    # Nothing is shown when the name found cards, nor for a search without a name.
    assert close_matches(search(client, q="govern")) == ("", [])
    assert close_matches(search(client, kind="crypt", capacity_min=12)) == ("", [])


def test_a_name_like_no_card_says_so_without_close_matches(client):
    response = search(client, q="qwxzv plmkj")
    assert close_matches(response) == ("", [])
    assert "No cards match these filters." in response.content.decode()


# ---- filters are choices -------------------------------------------------------------------------


def options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select, f"no <select name={name}>"
    return re.findall(r'<option value="([^"]*)"', select.group(1))


def test_clan_discipline_sect_title_type_and_set_are_lists_to_choose_from(client):
    html = search(client).content.decode()
    for name in ("clan", "discipline", "sect", "title", "type", "set", "group", "kind", "banned"):
        assert not re.search(rf'<input[^>]*name="{name}"', html), f"{name} is free text"
    crypt_clans = {
        clan for clans in Card.objects.filter(kind="crypt").values_list("data__clans", flat=True) for clan in clans
    }
    assert set(options(html, "clan")) == {"", *crypt_clans}
    assert {"Brujah antitribu", "Banu Haqim", "Ahrimane"} <= crypt_clans
    sets = set(options(html, "set"))
    assert {"V5", "KMW", "Jyhad"} <= sets and len(sets) == CardSet.objects.count() + 1
    assert re.search(r'<select name="discipline"[^>]*multiple', html)
    assert {"aus", "AUS", "dom", "DOM", "jud"} <= set(options(html, "discipline"))  # jud: an Imbued virtue
    assert "JUD" not in options(html, "discipline")  # virtues have no superior level
    assert {"Laibon", "Anarch"} <= set(options(html, "sect"))


def test_chosen_disciplines_come_one_per_value_and_mean_the_same_as_the_typed_list(client):
    chosen = client.get("/cards/?discipline=aus&discipline=DOM&kind=crypt")
    typed = search(client, discipline="aus DOM", kind="crypt")
    assert rows(chosen) == rows(typed) and rows(chosen)
    for response in (chosen, typed):
        html = response.content.decode()
        assert re.search(r'<option value="aus" selected>', html) and re.search(r'<option value="DOM" selected>', html)


def test_a_chosen_value_is_read_in_any_case(client):
    html = search(client, clan="brujah antitribu", sect="sabbat").content.decode()
    assert re.search(r'<option value="Brujah antitribu" selected>', html)
    assert all("Brujah antitribu" in c.card.clans for c in everything(search(client, clan="BRUJAH ANTITRIBU")))


# ---- pagination ----------------------------------------------------------------------------------


def test_it_paginates_and_keeps_the_filters_in_the_links(client):
    first = search(client, kind="crypt", sect="Camarilla", text="")
    html = first.content.decode()
    total = first.context["page"].paginator.count
    assert total > 100
    assert f"<strong>{total}</strong> cards" in html and "showing 1–50" in html
    links = re.findall(r'<nav class="pagination".*?</nav>', html, re.S)[0]
    # Filters in use are carried; empty fields are not.
    assert 'href="?kind=crypt&amp;sect=Camarilla&amp;page=2" rel="next"' in links
    assert "text=" not in links

    second = search(client, kind="crypt", sect="Camarilla", page=2)
    assert "showing 51–100" in second.content.decode()
    page_one, page_two = rows(first), rows(second)
    assert len(page_two) == 50 and not set(page_one) & set(page_two)
    assert all(c.sect == "Camarilla" for c in second.context["page"].object_list)
    assert 'href="?kind=crypt&amp;sect=Camarilla&amp;page=1" rel="prev"' in second.content.decode()


def test_it_shows_the_last_page_for_a_page_number_too_far(client):
    response = search(client, kind="crypt", page=9999)
    assert response.context["page"].number == response.context["page"].paginator.num_pages
    response = search(client, kind="crypt", page="abc")
    assert response.context["page"].number == 1


# ---- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "params, message",
    [
        ({"capacity_min": "abc"}, "Enter a whole number."),
        ({"discipline": "xyz"}, "Unknown discipline “xyz”; the allowed trigrams are: abo, ani, aus,"),
        ({"discipline": "dominate"}, "Unknown discipline"),
        ({"capacity_min": "9", "capacity_max": "3"}, "Capacity from must not exceed capacity to."),
        ({"q": "x" * 10_000}, "Ensure this value has at most 200 characters (it has 10000)."),
        ({"set": "NOPE"}, "Unknown value “NOPE”; the allowed values are: "),
        ({"kind": "deck"}, "Unknown value “deck”; the allowed values are: crypt, library."),
        ({"capacity_max": "99"}, "Ensure this value is less than or equal to 20."),
    ],
)
def test_it_answers_400_with_the_reason_for_bad_filters(client, params, message):
    response = client.get("/cards/", params)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert 'class="error-summary" role="alert"' in html
    assert rows(response) == []
    # The form is shown again, with what was typed, so it can be corrected.
    assert '<form method="get" action="/cards/"' in html


def test_it_marks_the_field_in_error(client):
    html = client.get("/cards/", {"capacity_min": "abc"}).content.decode()
    assert re.search(r'<div class="field field-capacity_min has-error">', html)
    assert '<a href="#id_capacity_min">Capacity from</a>' in html


def test_it_escapes_html_in_the_query(client):
    attack = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    response = client.get("/cards/", {"q": attack})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_it_escapes_html_in_bad_input_too(client):
    response = client.get("/cards/", {"discipline": "<b>x</b>", "set": "<i>"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "<b>x</b>" not in html and "<i>" not in html


def test_a_name_that_names_cards_the_other_filters_leave_out_gets_no_close_matches(client):
    """Close matches are for a misspelt name: a name as written, whose cards the other filters refuse, is no typo,
    and its spelling neighbours (other cards) are not what the searcher meant."""
    assert close_matches(search(client, q="Govern the Unaligned", kind="crypt")) == ("", [])
