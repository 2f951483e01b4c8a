"""GET /api/v1/cards/ and /api/v1/cards/<id>/: the search page's filters over JSON, against the full card list.

Cards are named, never numbered: ids are looked up from names, so the tests read as card-game facts.
"""

from __future__ import annotations

import re

import pytest
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from cards.api.serializers import CardSerializer
from cards.models import Card, Printing
from cards.search import CardFilterForm, search

pytestmark = pytest.mark.django_db
LIST = "/api/v1/cards/"


def card_id(unique_name: str) -> int:
    return Card.objects.get(unique_name=unique_name).id


def get(client, url: str = LIST, **params):
    return client.get(url, params, HTTP_ACCEPT="application/json")


def found(client, **params) -> list[dict]:
    """Every card the API returns for these filters, across all pages, in order."""
    response = get(client, page_size=500, **params)
    assert response.status_code == 200, response.content
    body = response.json()
    results = body["results"]
    while body["next"]:
        body = client.get(body["next"], HTTP_ACCEPT="application/json").json()
        results += body["results"]
    assert len(results) == response.json()["count"]
    return results


def names(client, **params) -> list[str]:
    return [card["unique_name"] for card in found(client, **params)]


# --- filters ---------------------------------------------------------------------------------------


def test_it_finds_a_card_by_name_ignoring_case_accents_and_punctuation(client):
    assert names(client, q="bounty") == ["Bounty"]
    assert {"Dónal O'Connor (G2)", "Dónal O'Connor (G6)"} <= set(names(client, q="DONAL O’CONNOR"))
    # The official "Rack, The" is found under its printed name.
    assert "Rack, The" in names(client, q="the rack")


def test_it_ranks_names_starting_with_the_query_first(client):
    result = names(client, q="ambush")
    assert result[0] == "Ambush"
    assert "Blood Brother Ambush" in result[1:]


def test_it_finds_cards_whose_text_has_every_word(client):
    result = found(client, text="additional STRIKE")
    assert "Jacko" in [card["unique_name"] for card in result]
    for text in Card.objects.filter(id__in=[card["id"] for card in result]).values_list("text", flat=True):
        assert "additional" in text.lower() and "strike" in text.lower()


def test_it_lists_a_multi_type_card_under_each_of_its_types(client):
    # Absolute Tyranny is an Action Modifier/Reaction; Abandoning the Flesh a Combat/Reaction.
    reactions = names(client, type="Reaction")
    assert {"Absolute Tyranny", "Abandoning the Flesh"} <= set(reactions)
    assert "Absolute Tyranny" in names(client, type="Action Modifier")
    assert "Abandoning the Flesh" in names(client, type="Combat")
    for card in found(client, type="Reaction"):
        assert "Reaction" in card["types"]


def test_it_does_not_confuse_action_with_action_modifier(client):
    actions = found(client, type="Action")
    assert "Absolute Tyranny" not in [card["unique_name"] for card in actions]
    assert all("Action" in card["types"] for card in actions)


def test_it_filters_by_clan_ignoring_case_and_without_the_antitribu(client):
    result = found(client, clan="BRUJAH")
    crypt = [card for card in result if card["kind"] == "crypt"]
    assert crypt and all(card["clans"] == ["Brujah"] for card in crypt)
    assert "Brujah antitribu" not in {clan for card in result for clan in card["clans"]}
    # Library cards the clan may play come too.
    assert "Brujah Debate" in [card["unique_name"] for card in result]


def test_it_tells_superior_from_any_level_disciplines(client):
    superior = found(client, kind="crypt", discipline="DOM")
    any_level = found(client, kind="crypt", discipline="dom")
    assert superior and all(any(d["code"] == "dom" and d["superior"] for d in card["disciplines"]) for card in superior)
    assert all(any(d["code"] == "dom" for d in card["disciplines"]) for card in any_level)
    assert {c["id"] for c in superior} < {c["id"] for c in any_level}
    # Afifa has inferior Dominate only.
    assert "Afifa, The Herald" in [c["unique_name"] for c in any_level]
    assert "Afifa, The Herald" not in [c["unique_name"] for c in superior]


def test_it_matches_library_cards_needing_a_discipline_at_either_level(client):
    assert "Deflection" in names(client, kind="library", discipline="dom")
    assert "Deflection" in names(client, kind="library", discipline="DOM")


def test_it_requires_every_discipline_listed(client):
    result = found(client, discipline="aus, DOM tha")
    assert result
    for card in result:
        codes = {d["code"]: d["superior"] for d in card["disciplines"]}
        assert {"aus", "dom", "tha"} <= set(codes)
        assert codes["dom"] or card["kind"] == "library"


def test_it_filters_by_group_including_any(client):
    assert set(names(client, group="ANY")) == {"Anarch Convert", "New Blood"}
    group_two = found(client, group="2")
    assert "Etrius" in [card["unique_name"] for card in group_two]
    assert all(card["group"] == "2" for card in group_two)


def test_it_filters_by_capacity_range(client):
    result = found(client, capacity_min=10, capacity_max=11)
    assert "Etrius" in [card["unique_name"] for card in result]
    assert {card["capacity"] for card in result} == {10, 11}
    assert all(card["capacity"] >= 11 for card in found(client, capacity_min=11))
    assert {card["capacity"] for card in found(client, capacity_max=1)} == {1}


def test_it_filters_by_sect_and_title(client):
    laibon = found(client, sect="Laibon")
    assert laibon and all(card["sect"] == "Laibon" for card in laibon)
    justicars = found(client, title="justicar")
    assert "Anneke" in [card["unique_name"] for card in justicars]
    assert all(card["title"] == "justicar" and card["votes"] == 3 for card in justicars)


def test_it_filters_by_set_ignoring_case(client):
    result = found(client, set="kmw")
    assert "Alexis Sorokin" in [card["unique_name"] for card in result]
    in_kmw = set(Printing.objects.filter(set_id="KMW").values_list("card_id", flat=True))
    assert {card["id"] for card in result} == in_kmw


def test_it_filters_banned_cards(client):
    banned = found(client, banned="yes")
    assert "Tarbaby Jack" in [card["unique_name"] for card in banned]
    assert all(card["banned"] and card["banned_year"] for card in banned)
    legal = get(client, banned="no").json()["count"]
    assert len(banned) + legal == Card.objects.count()
    assert "Tarbaby Jack" not in names(client, banned="no", q="tarbaby")


def test_it_combines_filters(client):
    result = found(
        client, kind="crypt", clan="tremere", discipline="THA dom", group="2", capacity_min=8, sect="Camarilla"
    )
    assert "Etrius" in [card["unique_name"] for card in result]
    for card in result:
        disciplines = {d["code"]: d["superior"] for d in card["disciplines"]}
        assert card["clans"] == ["Tremere"] and card["group"] == "2" and card["capacity"] >= 8
        assert card["sect"] == "Camarilla" and disciplines["tha"] and "dom" in disciplines


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"q": "the"},
        {"q": "Dónal"},
        {"text": "bleed +1"},
        {"type": "Reaction", "discipline": "aus"},
        {"clan": "Malkavian", "discipline": "AUS", "capacity_max": "6"},
        {"group": "ANY"},
        {"kind": "crypt", "sect": "Sabbat", "title": "archbishop"},
        {"set": "v5", "banned": "no"},
        {"q": "blood", "kind": "library", "type": "Action Modifier"},
    ],
)
def test_it_answers_exactly_what_the_search_form_finds(client, params):
    form = CardFilterForm(params)
    assert form.is_valid(), form.errors
    expected = list(search(form.cleaned_data).values_list("id", flat=True))
    assert [card["id"] for card in found(client, **params)] == expected


# --- pagination ------------------------------------------------------------------------------------


def test_it_pages_results(client):
    total = Card.objects.filter(clans="|gargoyle|").count()
    first = get(client, clan="gargoyle", page_size=10).json()
    assert set(first) == {"count", "next", "previous", "results"}
    assert first["count"] == total and len(first["results"]) == 10
    assert first["previous"] is None and "page=2" in first["next"] and "clan=gargoyle" in first["next"]
    second = client.get(first["next"]).json()
    assert second["previous"] and {c["id"] for c in second["results"]}.isdisjoint(c["id"] for c in first["results"])
    every = [card["id"] for card in found(client, clan="gargoyle")]
    assert len(every) == len(set(every)) == total


def test_it_defaults_to_fifty_per_page_and_allows_up_to_five_hundred(client):
    assert len(get(client).json()["results"]) == 50
    assert len(get(client, page_size=500).json()["results"]) == 500


def test_it_serves_the_last_page_and_404s_past_it(client):
    last = get(client, clan="gargoyle", page_size=10, page="last").json()
    assert last["next"] is None and 0 < len(last["results"]) <= 10
    response = get(client, clan="gargoyle", page=99)
    assert response.status_code == 404 and response.json()["code"] == "not_found"


@pytest.mark.parametrize(
    ("language", "page", "size"),
    [
        ("en", "Must be a whole number from 1, or “last”.", "Must be a whole number from 1 to 500."),
        ("de", "Muss eine ganze Zahl ab 1 sein, oder „last“.", "Muss eine ganze Zahl von 1 bis 500 sein."),
        ("pl", "Musi być liczbą całkowitą od 1 albo „last”.", "Musi być liczbą całkowitą od 1 do 500."),
    ],
)
def test_a_bad_page_or_page_size_is_a_400_in_the_reader_s_language(client, language, page, size):
    for params, field, message in (({"page": "abc"}, "page", page), ({"page_size": "0"}, "page_size", size)):
        response = client.get(LIST, params, HTTP_ACCEPT="application/json", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 400 and response.json()["errors"] == {field: [message]}


@pytest.mark.usefixtures("unthrottled")
def test_it_lists_a_page_in_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    # At most a count and a page, whatever the page size: nothing is fetched per card. (The card list's
    # version, for the ETag, is read once a minute at most: the first request reads it.)
    get(client)
    with django_assert_max_num_queries(2):
        assert len(get(client, page_size=500).json()["results"]) == 500
    with django_assert_max_num_queries(2):
        assert len(get(client, page_size=5, q="a", discipline="dom aus", clan="tremere").json()["results"]) == 5


@pytest.mark.usefixtures("unthrottled")
def test_it_checks_a_set_filter_with_one_query_more(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        assert get(client, set="V5", page_size=200).json()["count"] > 100


# --- what a card looks like ------------------------------------------------------------------------


def test_it_represents_x_costs(client):
    [bounty] = found(client, q="bounty")
    assert bounty["pool_cost"] == {"value": None, "x": True}
    assert bounty["blood_cost"] is None
    [awe] = [c for c in found(client, q="awe") if c["unique_name"] == "Awe"]
    assert awe["blood_cost"] == {"value": None, "x": True}
    [magnum] = found(client, q=".44 magnum")
    assert magnum["pool_cost"] == {"value": 2, "x": False}


def test_it_shows_advanced_vampires_with_their_base(client):
    [advanced] = [c for c in found(client, q="alan sovereign") if c["advanced"]]
    base_id = card_id("Alan Sovereign")
    assert advanced["unique_name"] == "Alan Sovereign (ADV)" and advanced["base"] == base_id
    base = get(client, f"{LIST}{base_id}/").json()
    assert base["advanced"] is False and base["base"] is None
    assert base["advanced_versions"] == [advanced["id"]]


def test_it_describes_a_vampire(client):
    [etrius] = [c for c in found(client, q="etrius", kind="crypt") if c["unique_name"] == "Etrius"]
    assert etrius["kind"] == "crypt" and etrius["types"] == ["Vampire"] and etrius["clans"] == ["Tremere"]
    assert (etrius["group"], etrius["capacity"], etrius["sect"]) == ("2", 11, "Camarilla")
    assert {"code": "tha", "name": "Thaumaturgy", "superior": True} in etrius["disciplines"]
    assert etrius["url"].endswith(f"/api/v1/cards/{etrius['id']}/")


def test_it_gives_the_full_card(client):
    response = get(client, f"{LIST}{card_id('Bounty')}/")
    assert response.status_code == 200
    bounty = response.json()
    assert bounty["text"].startswith("Master.") and "X+1 counters" in bounty["text"]
    assert bounty["types"] == ["Master"] and bounty["pool_cost"] == {"value": None, "x": True}
    assert {(p["set"], p["set_name"]) for p in bounty["printings"]} >= {("CE", "Camarilla Edition")}
    assert all(p["release_date"] for p in bounty["printings"])
    assert any("X can be zero" in r["text"] and r["references"] for r in bounty["rulings"])
    assert bounty["data"]["unique_name"] == "Bounty" and bounty["data"]["rulings"]


def test_a_printing_in_several_precons_lists_each_with_its_copies(client):
    govern = get(client, f"{LIST}{card_id('Govern the Unaligned')}/").json()
    printings = {p["set"]: p for p in govern["printings"]}
    assert printings["V5"]["precons"] == [
        {"code": "PL", "name": "Lasombra", "copies": 7, "starter_kit": False},
        {"code": "PM", "name": "Malkavian", "copies": 12, "starter_kit": False},
        {"code": "PTr", "name": "Tremere", "copies": 12, "starter_kit": False},
    ]
    assert (printings["V5"]["precon"], printings["V5"]["copies"]) == ("L/M/Tr", None)
    assert [(p["name"], p["copies"]) for p in printings["SW"]["precons"]] == [("Lasombra", 2), ("Ventrue antitribu", 1)]
    assert [(p["code"], p["copies"]) for p in printings["HttB"]["precons"]] == [("PKia", 6), ("PSal", 4)]
    third = printings["Third"]
    assert third["rarity"] == "" and [(p["code"], p["starter_kit"]) for p in third["precons"]] == [
        ("PTr", False),
        ("SKTr", True),
    ]
    assert (printings["CE"]["rarity"], printings["CE"]["precon"], printings["CE"]["copies"]) == ("C", "V", 4)


def test_it_gives_a_library_card_its_requirements(client):
    flesh = get(client, f"{LIST}{card_id('Abandoning the Flesh')}/").json()
    assert flesh["discipline_mode"] == "any"
    assert flesh["disciplines"] == [{"code": "dem", "name": "Dementation", "superior": False}]
    assert set(flesh["requirements"]) == {"clans", "titles", "sects", "capacity_min", "capacity_max", "other"}


def test_it_answers_404_in_json_for_an_unknown_card(client):
    for url in (f"{LIST}999999999/", f"{LIST}not-a-number/"):
        response = client.get(url)
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json()["code"] == "not_found" and response.json()["detail"]


def test_it_renders_every_card_as_the_declared_fields_would():
    # The list serializer builds its output by hand for speed; DRF's own rendering is the reference.
    request = Request(APIRequestFactory().get(LIST))
    serializer = CardSerializer(context={"request": request})
    for card in Card.objects.all():
        fast, reference = serializer.to_representation(card), serializer.declared_representation(card)
        assert fast == reference, card.unique_name
        assert list(fast) == list(reference)


# --- bad requests ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"capacity_min": "ten"}, "capacity_min"),
        ({"capacity_max": "3.5"}, "capacity_max"),
        ({"capacity_min": "99"}, "capacity_min"),
        ({"capacity_min": "8", "capacity_max": "4"}, "capacity_min"),
        ({"discipline": "xyz"}, "discipline"),
        ({"discipline": "aus dominate"}, "discipline"),
        ({"set": "NoSuchSet"}, "set"),
        ({"q": "a" * 10_000}, "q"),
        ({"text": "b" * 10_000}, "text"),
        ({"type": "Vampyre"}, "type"),
        ({"group": "8"}, "group"),
        ({"sect": "Tremere"}, "sect"),
        ({"banned": "maybe"}, "banned"),
        ({"kind": "deck"}, "kind"),
        ({"page_size": "-1"}, "page_size"),
        ({"page_size": "0"}, "page_size"),
        ({"page_size": "100000"}, "page_size"),
        ({"page_size": "many"}, "page_size"),
        ({"page": "0"}, "page"),
        ({"page": "first"}, "page"),
        ({"q": "nul\x00byte"}, "q"),
    ],
)
def test_it_rejects_a_bad_parameter_with_a_400_naming_it(client, params, field):
    response = get(client, **params)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == "invalid" and field in body["detail"], body
    errors = body["errors"]
    assert errors[field] and all(isinstance(message, str) and message for message in errors[field])


@pytest.mark.parametrize(
    ("params", "allowed"),
    [
        ({"clan": "Brujahh"}, ["Brujah", "Brujah antitribu", "True Brujah", "Banu Haqim"]),
        ({"clan": "Camarilla"}, ["Gangrel antitribu", "Ahrimane"]),
        ({"type": "Vampyre"}, ["Vampire", "Imbued", "Action Modifier", "Political Action"]),
        ({"sect": "Tremere"}, ["Camarilla", "Sabbat", "Anarch", "Independent", "Laibon"]),
        ({"title": "king"}, ["prince", "justicar", "inner circle", "magaji"]),
        ({"set": "NoSuchSet"}, ["V5", "KMW", "Jyhad"]),
        ({"group": "8"}, ["1", "7", "ANY"]),
        ({"discipline": "xyz"}, ["aus", "dom", "tha", "jud"]),
    ],
)
def test_an_unknown_filter_value_is_a_400_naming_the_allowed_values(client, params, allowed):
    # A typo used to find nothing, silently, for clans: now every filter over printed values says what it takes.
    response = get(client, **params)
    assert response.status_code == 400
    [(field, [message])] = response.json()["errors"].items()
    assert field == next(iter(params))
    assert repr(params[field]).strip("'") in message
    listed = re.split(r"[:,]\s*", message.rstrip(".) ").split("are:", 1)[1])
    assert set(allowed) <= {value.split(" (")[0].strip() for value in listed}, message


@pytest.mark.parametrize(
    ("asked", "printed"),
    [
        ({"clan": "brujah ANTITRIBU"}, {"clan": "Brujah antitribu"}),
        ({"type": "action modifier"}, {"type": "Action Modifier"}),
        ({"sect": "laibon"}, {"sect": "Laibon"}),
        ({"title": "Justicar"}, {"title": "justicar"}),
        ({"set": "kmw"}, {"set": "KMW"}),
        ({"group": "any"}, {"group": "ANY"}),
        ({"kind": "Crypt"}, {"kind": "crypt"}),
    ],
)
def test_valid_values_are_read_in_any_case_as_before(client, asked, printed):
    assert [card["id"] for card in found(client, **asked)] == [card["id"] for card in found(client, **printed)]
    assert found(client, **printed)


def test_disciplines_may_also_come_as_a_repeated_parameter(client):
    repeated = client.get(LIST, {"discipline": ["aus", "DOM"], "kind": "crypt", "page_size": 500}).json()
    assert [c["id"] for c in repeated["results"]] == [
        c["id"] for c in found(client, discipline="aus DOM", kind="crypt")
    ]


def test_it_finds_a_name_from_its_words_in_any_order(client):
    assert names(client, q="unaligned govern") == ["Govern the Unaligned"]
    assert names(client, q="the rack") == ["Rack, The"]
    assert names(client, q="blood doll")[0] == "Blood Doll"


def test_a_name_that_finds_nothing_gets_did_you_mean_suggestions(client):
    body = get(client, q="gover the unalinged").json()
    assert body["count"] == 0 and body["results"] == []
    assert body["suggestions"][0] == "Govern the Unaligned"
    # Each suggestion finds cards with the other filters: none would for a crypt search.
    assert "Govern the Unaligned" not in get(client, q="gover the unalinged", kind="crypt").json()["suggestions"]
    # Only for an empty answer to a name query.
    assert "suggestions" not in get(client, q="govern").json()
    assert "suggestions" not in get(client, kind="crypt", capacity_min=12).json()


def test_a_name_that_finds_nothing_gets_the_close_matches_themselves(client):
    body = get(client, q="gover the unalinged").json()
    assert body["count"] == 0 and body["results"] == []  # what matches: nothing, as before
    govern = body["close_matches"][0]
    assert govern["unique_name"] == "Govern the Unaligned" and govern["url"].endswith(f"/api/v1/cards/{govern['id']}/")
    assert set(govern) == set(get(client, q="govern the unaligned").json()["results"][0])  # a card as results are
    assert [card["unique_name"] for card in body["close_matches"]] == body["suggestions"]
    assert 1 <= len(body["close_matches"]) <= 3
    crypt = get(client, q="gover the unalinged", kind="crypt").json()
    assert all(card["kind"] == "crypt" for card in crypt["close_matches"])
    assert "close_matches" not in get(client, q="govern").json()


def test_the_schema_documents_the_suggestions(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    ok = schema["paths"]["/api/v1/cards/"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    if "$ref" in ok:
        ok = schema["components"]["schemas"][ok["$ref"].rsplit("/", 1)[1]]
    assert ok["properties"]["suggestions"]["items"] == {"type": "string"}
    assert "suggestions" not in ok.get("required", [])
    assert ok["properties"]["close_matches"]["items"] == ok["properties"]["results"]["items"]
    assert "close_matches" not in ok.get("required", [])


def test_it_reports_every_bad_parameter_at_once(client):
    body = get(client, capacity_min="x", discipline="zzz", type="Nope").json()
    assert {"capacity_min", "discipline", "type"} <= set(body["errors"])


def test_it_ignores_parameters_it_does_not_know(client):
    assert get(client, q="bounty", colour="red").json()["count"] == 1


def test_it_redirects_the_path_without_its_trailing_slash(client):
    response = client.get("/api/v1/cards?q=bounty")
    assert response.status_code == 301 and response["Location"] == "/api/v1/cards/?q=bounty"


@pytest.mark.parametrize("query", [{"q": "!!!", "capacity_min": 12}, {"q": "Govern the Unaligned"}])
def test_a_query_that_finds_nothing_and_is_no_typo_has_no_close_matches(client, query):
    """A name of punctuation only, or a real name the other filters refuse: no card found, none offered, no 500."""
    answer = client.get("/api/v1/cards/", {**query, "kind": "crypt"})
    assert answer.status_code == 200
    assert answer.json()["count"] == 0 and answer.json()["close_matches"] == []


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"q": "govern", "clan": "ventrue", "discipline": ["dom", "PRE"], "capacity_min": "3", "capacity_max": "9"},
        {"capacity_min": "many", "discipline": "xyz", "clan": "nobody", "banned": "maybe", "set": "nowhere"},
        {"q": "x" * 500, "kind": "vampire", "group": "9", "sect": "Sabbat", "title": "prince"},
        {"twda": "seen", "type": "action modifier", "text": "+1 stealth"},
    ],
)
def test_the_api_reads_its_filters_as_the_search_form_does(params):
    # The API's form cleans its fields without a BoundField each (cards.api.views.CardFilterParams): the same
    # values and the same errors as the /cards/ page's form, field by field.
    from django.http import QueryDict

    from cards.api.views import CardFilterParams

    data = QueryDict(mutable=True)
    for name, value in params.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    api, page = CardFilterParams(data), CardFilterForm(data)
    assert api.is_valid() == page.is_valid()
    assert api.cleaned_data == page.cleaned_data
    assert {field: errors for field, errors in api.errors.items()} == dict(page.errors.items())
