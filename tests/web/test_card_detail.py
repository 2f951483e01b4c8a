"""GET /cards/<id>/: everything known about one card."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.db.models import Max

from cards.models import Card

pytestmark = pytest.mark.django_db


def page(client, unique_name: str) -> str:
    card = Card.objects.get(unique_name=unique_name)
    response = client.get(f"/cards/{card.id}/")
    assert response.status_code == 200
    return response.content.decode()


def fact(html: str, label: str) -> str:
    """The text of the <dd> after <dt>label</dt>, tags stripped and whitespace collapsed."""
    match = re.search(rf"<dt>{re.escape(label)}</dt>\s*<dd[^>]*>(.*?)</dd>", html, re.S)
    assert match, f"no {label!r} fact"
    return html_lib.unescape(" ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split()))


def url_of(unique_name: str) -> str:
    return f"/cards/{Card.objects.get(unique_name=unique_name).id}/"


def test_it_answers_404_for_an_unknown_card(client):
    missing = Card.objects.aggregate(top=Max("id"))["top"] + 1
    assert client.get(f"/cards/{missing}/").status_code == 404
    assert client.get("/cards/99999999999999999999999999/").status_code == 404  # beyond any integer column
    assert client.get("/cards/not-a-number/").status_code == 404


def test_it_shows_a_vampires_facts(client):
    html = page(client, "Alan Sovereign (ADV)")
    assert "<h1>Alan Sovereign</h1>" in html
    assert fact(html, "Unique name") == "Alan Sovereign (ADV)"
    assert fact(html, "Kind") == "Crypt"
    assert fact(html, "Type") == "Vampire"
    assert fact(html, "Clan") == "Ventrue"
    assert fact(html, "Capacity") == "6"
    assert fact(html, "Group") == "3"
    assert fact(html, "Sect") == "Camarilla"
    assert fact(html, "Disciplines").startswith("for pre AUS DOM")
    assert "Auspex (superior), Dominate (superior)" in fact(html, "Disciplines")
    assert '<abbr class="disc sup" title="Dominate (superior)">DOM</abbr>' in html
    assert fact(html, "Artist") == "Leif Jones"
    assert fact(html, "First release") == "1 October 2005"


def test_it_links_an_advanced_vampire_to_its_base(client):
    html = page(client, "Alan Sovereign (ADV)")
    base = url_of("Alan Sovereign")
    assert fact(html, "Advanced") == "Yes — advanced version of Alan Sovereign"
    assert f'advanced version of <a href="{base}">Alan Sovereign</a>' in html


def test_it_links_a_base_vampire_to_its_advanced_version_and_other_versions(client):
    html = page(client, "Theo Bell (G2)")
    assert fact(html, "Advanced") == "No — advanced version: Theo Bell (ADV)"
    versions = re.search(r'<ul class="versions">.*?</ul>', html, re.S).group(0)
    assert (
        f'<a href="{url_of("Theo Bell (ADV)")}">Theo Bell (ADV)</a> <span class="muted">(group 2, advanced)</span>'
        in versions
    )
    assert f'<a href="{url_of("Theo Bell (G6)")}">Theo Bell (G6)</a> <span class="muted">(group 6)</span>' in versions
    assert "Theo Bell (G2)" not in versions


def test_it_shows_title_votes_and_accented_names(client):
    html = page(client, "Dónal O'Connor (G2)")
    assert "<h1>Dónal O&#x27;Connor</h1>" in html
    assert fact(html, "Title") == "Prince (2 votes)"


def test_it_shows_traits(client):
    traits = Card.objects.get(unique_name="Annazir").card.traits
    assert traits
    assert fact(page(client, "Annazir"), "Traits") == ", ".join(traits)


def test_it_shows_an_imbueds_creed_life_and_virtues(client):
    html = page(client, 'Jennie "Cassie247" Orne')
    assert fact(html, "Type") == "Imbued"
    assert fact(html, "Creed") == "Visionary"
    assert fact(html, "Life") == "5"
    assert fact(html, "Virtues") == "inn jud viz Innocence, Judgment, Vision"


def test_it_shows_x_costs_as_x(client):
    html = page(client, "Bounty")
    assert fact(html, "Pool cost") == "X"
    assert "<dt>Blood cost</dt>" not in html


def test_it_shows_blood_and_conviction_costs(client):
    assert fact(page(client, "Govern the Unaligned"), "Blood cost") == "1"
    assert fact(page(client, "Augur"), "Conviction cost") == "1"


def test_it_tells_any_of_from_all_of_discipline_requirements(client):
    any_of = fact(page(client, "Absorb the Mind"), "Disciplines")
    assert any_of == "myt / dom Mytherceria / Dominate — any one of them"
    all_of = fact(page(client, "Absolute Tyranny"), "Disciplines")
    assert all_of == "pot & pre Potence & Presence — all of them"
    assert fact(page(client, "Govern the Unaligned"), "Discipline") == "dom Dominate"


def test_it_shows_requirements(client):
    assert fact(page(client, "Bamba"), "Requirements") == "Sect: Laibon Capacity 4 or more Also: non-sterile"
    assert fact(page(client, "Anticipation"), "Requirements") == "Clan: Salubri"
    titled = Card.objects.filter(kind="library").exclude(data__requirements__titles=[]).order_by("id").first()
    assert "Title: " in fact(page(client, titled.unique_name), "Requirements")


def test_it_shows_burn_option_and_capacity_change(client):
    assert fact(page(client, "Barrenness"), "Burn option") == "Yes"
    assert fact(page(client, "Abombwe"), "Capacity change") == "+1"


def test_it_keeps_the_line_breaks_of_the_card_text(client):
    html = page(client, "Govern the Unaligned")
    assert "[dom] (D) Bleed with +2 bleed.<br>[DOM] +1 stealth action." in html


def test_it_shows_the_printed_name_beside_the_official_one(client):
    html = page(client, "Rack, The")
    assert "<h1>The Rack</h1>" in html
    assert fact(html, "Official name") == "Rack, The"


def test_it_shows_flavor_text(client):
    assert "6 pool to anyone who destroys Amelia.<br>" in page(client, "Bounty")


def test_it_shows_banned_status(client):
    html = page(client, "Anthelios, The Red Star")
    assert fact(html, "Status") == "Banned since 2016"
    assert fact(page(client, "Bounty"), "Status") == "Legal"


def test_it_lists_the_printings_with_set_names(client):
    html = page(client, "Govern the Unaligned")
    table = re.search(r'<table class="sets-table">.*?</table>', html, re.S).group(0)
    rows = re.findall(r"<tr>\s*<th scope=\"row\">(.*?)</th>(.*?)</tr>", table, re.S)
    sets = [name for name, _ in rows]
    assert len(sets) == Card.objects.get(unique_name="Govern the Unaligned").printings.count()
    assert sets[0] == "Jyhad"  # oldest first
    assert "Fifth Edition" in sets and "Kindred Most Wanted" in sets
    v5 = dict(rows)["Fifth Edition"]
    assert '<a href="/cards/?set=V5"' in v5 and "2020-11-30" in v5
    kmw = [
        re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", dict(rows)["Kindred Most Wanted"])
    ]
    assert kmw == ["KMW", "2005-02-21", "—", "Alastors", "3"]  # the Alastors precon, 3 copies


def test_a_printing_in_several_precons_shows_each_with_its_copies(client):
    html = page(client, "Govern the Unaligned")
    table = re.search(r'<table class="sets-table">.*?</table>', html, re.S).group(0)
    rows = {
        name: [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", cells, re.S)]
        for name, cells in re.findall(r"<tr>\s*<th scope=\"row\">(.*?)</th>(.*?)</tr>", table, re.S)
    }
    # Abbreviation, release date, rarity, precons, copies.
    assert rows["Fifth Edition"][2:] == ["—", "Lasombra ×7, Malkavian ×12, Tremere ×12", "—"]
    assert rows["Sabbat War"][2:] == ["—", "Lasombra ×2, Ventrue antitribu ×1", "—"]
    assert rows["Heirs to the Blood"][2:] == ["—", "Kiasyd ×6, Salubri antitribu ×4", "—"]
    assert rows["Third Edition"][2:] == ["—", "Tremere antitribu ×5, Starter Kit Tremere antitribu ×3", "—"]


def test_printings_stored_before_the_one_reader_still_show_right(client):
    # A card list imported before: its columns held "SKTr3" as a rarity and one precon; the page reads the code.
    govern = Card.objects.get(unique_name="Govern the Unaligned")
    govern.printings.filter(set_id="Third").update(rarity="SKTr3", precon="Tr", copies=5)
    html = page(client, "Govern the Unaligned")
    assert "SKTr3" not in html and "Starter Kit Tremere antitribu ×3" in html


def test_it_shows_the_rulings_with_their_references(client):
    html = page(client, "Bounty")
    rulings = re.search(r'<ol class="rulings">.*?</ol>', html, re.S).group(0)
    assert "X can be zero, but not less than zero." in rulings
    assert "<cite>LSJ 20030502</cite>" in rulings


def test_it_says_when_there_are_no_rulings(client):
    assert "No rulings for this card." in page(client, "Alan Sovereign (ADV)")


def test_it_shows_the_site_page_for_an_unknown_card(client):
    response = client.get("/cards/1/")
    assert response.status_code == 404
    assert b"card search" in response.content and b"<nav" in response.content
