"""Action cards whose effect outlasts the turn a scenario plays (tests/engine/scenarios holds the rest): the
scenario's turn is played, then the next Methuselah's unlock phase."""

from __future__ import annotations

from vtesdeck.core import carddb
from vtesdeck.core.engine import economy, scenario


def test_mind_numb_stuns_the_vampire_through_its_controllers_next_unlock_phase(cards: carddb.CardIndex) -> None:
    data = {
        "stop": "minion",
        "seats": [
            {"hand": ["Mind Numb"], "ready": [{"card": "Adelino Da Silva", "blood": 3, "as": "adelino"}]},
            {
                "ready": [
                    {"card": "Diana Vick", "blood": 3, "as": "diana"},
                    {"card": "Anwar", "blood": 3, "as": "anwar", "locked": True},
                ]
            },
        ],
        "choices": [{"seat": 0, "play": "Mind Numb", "mode": 0, "by": "adelino", "target": "diana"}],
    }
    game, aliases, problems = scenario.play_scenario(data, cards)
    assert not problems
    diana, anwar = game.minions[aliases["diana"]], game.minions[aliases["anwar"]]
    assert diana.locked
    game.acting = 1
    economy.unlock_phase(game)
    assert diana.locked and not anwar.locked  # stunned: it does not unlock as normal, the others do
    economy.unlock_phase(game)
    assert not diana.locked  # only the next unlock phase
