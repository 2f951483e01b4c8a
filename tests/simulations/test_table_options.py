"""A games table's options have one contract, the engine's ``TableOptions``: the API, the Games form,
``simulate_games`` and the job service refuse the same value with the same sentence, on the same field; a round
cap of 500 is refused everywhere (it used to pass the CLI)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from cards import index
from simulations import services
from simulations.forms import GamesForm
from simulations.models import Simulation
from tests.paths import TWDA
from vtesdeck.core.deck import Deck
from vtesdeck.core.engine.options import MAX_ROUNDS, TableOptionError, TableOptions

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

GARGOYLES = (TWDA / "10009.txt").read_text()
DECKS = [str(TWDA / name) for name in ("10009.txt", "10012.txt", "10009.txt", "10012.txt")]

BAD = [
    ("rounds", 500, "The round cap must be a whole number from 1 to 150 (or none), not 500."),
    ("rounds", 0, "The round cap must be a whole number from 1 to 150 (or none), not 0."),
    ("players", 6, "A table has 4 or 5 seats, not 6."),
    ("players", 3, "A table has 4 or 5 seats, not 3."),
    ("rules", "1994", "The rules must be vekn (the current VEKN rules) or 2011 (the 2011 rulebook), not '1994'."),
    ("seed", -1, "The seed must be a whole number from 0 to 9,223,372,036,854,775,807, not -1."),
]


def test_a_long_value_is_quoted_cut_short():
    with pytest.raises(TableOptionError) as refused:
        TableOptions(rules="x" * 100_000)
    assert (
        str(refused.value)
        == "The rules must be vekn (the current VEKN rules) or 2011 (the 2011 rulebook), not '" + "x" * 38 + "…."
    )


def test_the_round_cap_goes_as_far_as_an_uncapped_game_does():
    assert MAX_ROUNDS == 150
    assert TableOptions(rounds=150).rounds == 150 and TableOptions(rounds=None).rounds is None


@pytest.mark.parametrize("field, value, sentence", BAD)
def test_the_engine_refuses_a_bad_option_with_its_field_and_sentence(field, value, sentence):
    with pytest.raises(TableOptionError) as refused:
        TableOptions(**{field: value})
    assert (refused.value.field, str(refused.value)) == (field, sentence)


@pytest.mark.parametrize("field, value, sentence", BAD)
def test_the_api_refuses_it_with_the_same_sentence(field, value, sentence):
    body = {"kind": "games", "text": GARGOYLES, field: value}
    response = APIClient().post("/api/v1/simulations/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400, response.content[:500]
    assert response.json()["errors"][field] == [sentence]
    assert not Simulation.objects.exists()


@pytest.mark.parametrize("field, value, sentence", BAD)
def test_the_games_form_refuses_it_with_the_same_sentence(field, value, sentence):
    form = GamesForm({"opponents": "field", "games": "100", "players": "5", "rounds": "20", "rules": "vekn"})
    assert form.is_valid(), form.errors  # the table asked for by default is fine
    form = GamesForm({"opponents": "field", "games": "100", "players": "5", "rules": "vekn", field: str(value)})
    assert not form.is_valid()
    assert form.errors[field] == [sentence]


@pytest.mark.parametrize("field, value, sentence", BAD)
def test_simulate_games_refuses_it_with_the_same_sentence_and_exit_2(field, value, sentence):
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("simulate_games", *DECKS, f"--{field}", str(value), stdout=out, stderr=err)
    assert refused.value.returncode == 2 and str(refused.value) == sentence


@pytest.mark.parametrize("field, value, sentence", BAD)
def test_the_job_service_refuses_it_with_the_same_sentence(field, value, sentence):
    with pytest.raises(services.SimulationInputError) as refused:
        services.start_games(deck=Deck(name="x"), cards=index.get(), opponents=[], **{field: value})
    assert (refused.value.field, str(refused.value)) == (field, sentence)
    assert not Simulation.objects.exists()


def test_a_hands_job_takes_the_same_seed_rule():
    seed_rule = next(sentence for field, _value, sentence in BAD if field == "seed")
    body = {"kind": "hands", "text": GARGOYLES, "seed": -1}
    response = APIClient().post("/api/v1/simulations/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"]["seed"] == [seed_rule]
    with pytest.raises(services.SimulationInputError) as refused:
        services.start_hands(deck=Deck(name="x"), cards=index.get(), seed=-1)
    assert (refused.value.field, str(refused.value)) == ("seed", seed_rule)
    assert not Simulation.objects.exists()
