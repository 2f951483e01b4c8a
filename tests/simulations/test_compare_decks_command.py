"""``manage.py compare_decks`` and ``card_impact`` (DESIGN.md): paired games, DESIGN.md's figures in the JSON, the
readable output (with card_impact's count of games before they start), the same arguments giving the same figures,
and bad input refused with exit 2 and one line."""

from __future__ import annotations

import io
import json
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.paths import TWDA

pytestmark = pytest.mark.django_db

A, B = str(TWDA / "10009.txt"), str(TWDA / "10012.txt")
OPPONENTS = [str(TWDA / name) for name in ("20182tlaef.txt", "2018adbfb.txt", "20188hnvf.txt")]
SMALL = "Crypt (12 cards)\n12x Tupdog\nLibrary (60 cards)\n40x Blood Doll\n20x Deflection\n"


def command(name: str, *args: object) -> tuple[str, CommandError | None]:
    out = io.StringIO()
    try:
        call_command(name, *map(str, args), stdout=out, stderr=io.StringIO())
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


@pytest.fixture
def archive(tmp_path, monkeypatch):
    """The database holds no archive decks here: a small archive folder (``VTESDECK_TWDA``) is the field."""
    folder = tmp_path / "twda"
    folder.mkdir()
    for name in ("10009.txt", "20182tlaef.txt", "2018adbfb.txt", "20188hnvf.txt"):
        shutil.copy(TWDA / name, folder / name)
    monkeypatch.setenv("VTESDECK_TWDA", str(folder))
    return folder


@pytest.fixture
def small(tmp_path):
    path = tmp_path / "small.txt"
    path.write_text(SMALL)
    return path


def test_compare_decks_json_has_each_deck_s_figures_and_the_paired_differences():
    output, error = command(
        "compare_decks", A, A, "--opponents", *OPPONENTS, "--players", "4", "--games", "3", "--json"
    )
    assert error is None, error
    data = json.loads(output)
    assert [list(deck) for deck in data["decks"]] == [["path", "name", "vp_mean", "vp_ci95", "game_wins"]] * 2
    assert (data["games"], data["players"], data["opponents"], data["paired_games"]) == (3, 4, OPPONENTS, 3)
    assert (data["vp_diff"], data["vp_diff_ci95"], data["win_diff"], data["win_diff_ci95"]) == (0, [0, 0], 0, [0, 0])
    assert data["verdict"].startswith("no difference found") and data["errors"] == []


def test_compare_decks_against_the_field_prints_the_figures_and_a_verdict(archive):
    runs = []
    for _ in range(2):
        output, error = command("compare_decks", A, B, "--players", "4", "--games", "4", "--seed", "2", "--json")
        assert error is None, error
        data = json.loads(output)
        assert data["opponents"] == "field"
        del data["seconds"]
        runs.append(data)
    assert runs[0] == runs[1]  # the same arguments, the same figures
    output, error = command("compare_decks", A, B, "--players", "4", "--games", "4", "--seed", "2")
    assert error is None, error
    lines = output.splitlines()
    assert lines[0].startswith("4 paired games, 4 seats, seed 2, against the archive field (4 decks)")
    assert lines[1].startswith("A 4 Tupdog: VP ") and lines[2].startswith("B Malk Madness (SDV 27): VP ")
    assert lines[3].startswith("B − A over 4 games: VP ") and lines[4] == runs[0]["verdict"]


@pytest.mark.parametrize(
    "args, message",
    [
        ([A, "missing.txt"], "Cannot read missing.txt"),
        (["missing.txt", A], "Cannot read missing.txt"),
        ([A, B, "--opponents", "missing.txt"], "Cannot read missing.txt"),
        ([A, B, "--opponents", "field", A], "not both"),
        ([A, B, "--players", "4", "--opponents", A, A, A, A], "do not fit"),
        ([A, B, "--games", "0"], "number of games"),
        ([A, B, "--players", "7"], "4 or 5 seats"),
        ([A, B, "--seed", "-1"], "seed"),
        ([A, B, "--rounds", "0"], "round"),
    ],
)
def test_compare_decks_bad_input_exits_2_with_one_line(args, message, archive):
    _, error = command("compare_decks", *args)
    assert error is not None and error.returncode == 2 and message in str(error), error
    assert "\n" not in str(error)


def test_the_round_cap_reaches_the_games_of_both_commands(archive, small):
    # One round each: no Methuselah can be ousted yet, so every seat survives to the time limit with ½ VP.
    output, error = command("compare_decks", A, B, "--players", "4", "--games", "3", "--rounds", "1", "--json")
    assert error is None, error
    data = json.loads(output)
    assert data["rounds"] == 1 and [deck["vp_mean"] for deck in data["decks"]] == [0.5, 0.5]
    output, error = command("card_impact", small, "--games", "2", "--rounds", "1", "--json")
    assert error is None, error
    data = json.loads(output)
    assert data["rounds"] == 1 and data["as_built"]["vp_mean"] == 0.5
    assert all(card["vp_delta"] == 0 for card in data["cards"])


def test_card_impact_json_has_design_md_keys_and_the_same_figures_every_time(archive, small):
    runs = []
    for _ in range(2):
        output, error = command("card_impact", small, "--games", "2", "--seed", "4", "--json")
        assert error is None, error
        data = json.loads(output)
        del data["seconds"]
        runs.append(data)
    assert runs[0] == runs[1]
    data = runs[0]
    assert list(data)[:3] == ["cards", "games", "seed"] and (data["games"], data["seed"]) == (2, 4)
    keys = ["id", "name", "copies", "vp_delta", "vp_delta_ci95", "win_delta", "win_delta_ci95"]
    assert [list(card) for card in data["cards"]] == [keys] * 3
    assert {card["name"]: card["copies"] for card in data["cards"]} == {
        "Tupdog": 12,
        "Blood Doll": 40,
        "Deflection": 20,
    }
    deltas = [card["vp_delta"] for card in data["cards"]]
    assert deltas == sorted(deltas, reverse=True)
    assert data["errors"] == [] and data["players"] == 5


def test_card_impact_says_how_many_games_it_plays_before_it_plays_them(archive, small):
    output, error = command("card_impact", small, "--games", "2")
    assert error is None, error
    lines = output.splitlines()
    assert lines[0] == (
        f"{small}: 3 cards × 2 games + 2 as built = 8 games, 5 seats, seed 0, against the archive field (4 decks)"
    )
    assert lines[1].startswith("as built: VP ") and "8 games in" in lines[1]
    assert sum(line.startswith("VP ") for line in lines) == 3


def test_card_impact_seats_the_opponents_given_as_compare_decks_does(small):
    """``--opponents`` and ``--players`` as compare_decks takes them: the deck as built plays the very games deck A
    plays there (the same seats and opponents, game by game), so its figures are A's."""
    table = ["--opponents", *OPPONENTS, "--players", "4", "--games", "3", "--seed", "2"]
    output, error = command("card_impact", small, *table, "--json")
    assert error is None, error
    impact = json.loads(output)
    assert (impact["opponents"], impact["players"], impact["games"]) == (OPPONENTS, 4, 3)
    output, error = command("compare_decks", small, small, *table, "--json")
    assert error is None, error
    a = json.loads(output)["decks"][0]
    assert impact["as_built"] == {key: a[key] for key in ("vp_mean", "vp_ci95", "game_wins")}
    output, error = command("card_impact", small, *table)
    assert error is None, error
    assert output.splitlines()[0].endswith(f"4 seats, seed 2, against {', '.join(OPPONENTS)}")


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.txt"], "Cannot read missing.txt"),
        ([A, "--opponents", "field", A], "--opponents takes the word field or decklist files, not both."),
        ([A, "--players", "4", "--opponents", *OPPONENTS, A], "4 seats"),
        ([A, "--games", "0"], "number of games"),
        ([A, "--rounds", "0"], "round"),
    ],
)
def test_card_impact_bad_input_exits_2_with_one_line(args, message, archive):
    _, error = command("card_impact", *args)
    assert error is not None and error.returncode == 2 and message in str(error), error
    assert "\n" not in str(error)
