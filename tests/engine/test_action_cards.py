"""Action cards whose effect outlasts the turn a scenario plays (tests/engine/scenarios holds the rest): the
scenario's turn is played, then the next Methuselah's unlock phase."""

from __future__ import annotations

from vtesdeck.core import carddb
from vtesdeck.core.engine import economy, scenario
from vtesdeck.core.engine import game as g
from vtesdeck.core.engine.frames import Action
from vtesdeck.core.engine.state import Game, audit
from vtesdeck.core.engine.windows import Act, W


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


def _entranced(cards: carddb.CardIndex) -> tuple[object, dict[str, int]]:
    data = {
        "stop": "minion",
        "seats": [
            {"hand": ["Entrancement"], "ready": [{"card": "Amber", "blood": 3, "as": "amber"}]},
            {"pool": 20, "ready": [{"card": "Carlton Van Wyk", "life": 3, "as": "carlton"}]},
            {"pool": 20, "ready": [{"card": "Diana Vick", "blood": 3}]},
        ],
        "choices": [{"seat": 0, "play": "Entrancement", "mode": 1, "by": "amber", "target": "carlton"}],
    }
    game, aliases, problems = scenario.play_scenario(data, cards)
    assert not problems
    return game, aliases


def test_a_stolen_ally_leaves_the_game_with_its_ousted_controller(cards: carddb.CardIndex) -> None:
    """Digest 5 (L2114-2119): all cards the ousted player controls are removed from the game."""
    game, aliases = _entranced(cards)
    assert isinstance(game, Game)
    carlton = aliases["carlton"]
    assert game.stolen == {carlton: 0} and g.controller(game, carlton) == 0
    economy.oust(game, [0])
    assert carlton not in game.minions and carlton in game.seats[1].removed and not game.stolen
    assert not audit(game)


def test_a_stolen_ally_stays_with_its_controller_when_its_owner_is_ousted(cards: carddb.CardIndex) -> None:
    """L689-694: the ousted player's owned cards controlled by others stay in play normally."""
    game, aliases = _entranced(cards)
    assert isinstance(game, Game)
    carlton = aliases["carlton"]
    economy.oust(game, [1])
    assert carlton in game.seats[0].controlled and carlton in game.minions
    assert not audit(game)


def test_only_one_loup_each_turn_by_any_minion(cards: carddb.CardIndex) -> None:
    """Loup: "Only one Loup can be played each turn", by any minion (``limit_scope="table turn"``): once Anson played
    one, Allanyan Serata's blocked hunt is not offered the second, though another minion plays it."""
    data = {
        "stop": "minion",
        "seats": [
            {
                "hand": ["Loup", "Loup"],
                "ready": [
                    {"card": "Anson", "blood": 3, "as": "actor"},
                    {"card": "Allanyan Serata", "blood": 3, "as": "hunter"},
                ],
            },
            {"pool": 30, "ready": [{"card": "Alicia Cortez", "blood": 3, "as": "alicia"}]},
        ],
        "choices": [
            {"seat": 0, "action": "bleed", "by": "actor"},
            {"seat": 1, "block": "alicia"},
            {"seat": 0, "play": "Loup"},
        ],
    }
    game, aliases, problems = scenario.play_scenario(data, cards)
    assert not problems
    loup = game.card_of[next(c for c in game.seats[0].hand)]
    act = Action(kind=Act.HUNT, seat=0, actor=aliases["hunter"], blocker=aliases["alicia"], stealth=0, intercept=1)
    game.frames.append(act)
    assert not [o for o in g.hand_options(game, 0, W.BLOCK_ATTEMPT, act) if game.card_of[o.card] == loup]
    game.turn += 1  # the next turn: one may be played again
    assert [o for o in g.hand_options(game, 0, W.BLOCK_ATTEMPT, act) if game.card_of[o.card] == loup]


def test_only_one_veil_the_legions_at_superior_each_turn(cards: carddb.CardIndex) -> None:
    """Veil the Legions [OBF]: "Only one Veil the Legions can be played at superior each turn" (``limit_scope="table
    turn"``): once Agrippina played one at superior, a later action is offered the second copy at [obf] only."""
    data = {
        "stop": "minion",
        "seats": [
            {
                "hand": ["Veil the Legions", "Veil the Legions"],
                "ready": [
                    {"card": "Alice Chen", "blood": 3, "as": "actor"},
                    {"card": "Agrippina", "blood": 3, "as": "agrippina"},
                    {"card": "Allanyan Serata", "blood": 3, "as": "hunter"},
                ],
            },
            {"pool": 30, "ready": [{"card": "Alicia Cortez", "blood": 3, "as": "alicia"}]},
        ],
        "choices": [
            {"seat": 0, "action": "bleed", "by": "actor"},
            {"seat": 1, "block": "alicia"},
            {"seat": 0, "play": "Veil the Legions", "mode": 1, "by": "agrippina", "value": 0},
        ],
    }
    game, aliases, problems = scenario.play_scenario(data, cards)
    assert not problems
    act = Action(kind=Act.HUNT, seat=0, actor=aliases["hunter"], blocker=aliases["alicia"], stealth=0, intercept=1)
    game.frames.append(act)
    modes = {o.mode for o in g.hand_options(game, 0, W.BLOCK_ATTEMPT, act)}
    assert modes == {0}
    game.turn += 1  # the next turn: [OBF] again
    assert {o.mode for o in g.hand_options(game, 0, W.BLOCK_ATTEMPT, act)} == {0, 1}


def test_veil_the_legions_at_superior_is_once_each_turn_at_the_whole_table(cards: carddb.CardIndex) -> None:
    """ "Only one Veil the Legions can be played at superior each turn": by anyone, not once per Methuselah (the engine
    read it per Methuselah before): a minion of another Methuselah acting in this turn (Enkil Cog, Madness Network)
    is offered the [obf] line only; the next turn the [OBF] one again."""
    data = {
        "stop": "minion",
        "seats": [
            {
                "hand": ["Veil the Legions"],
                "ready": [
                    {"card": "Alice Chen", "blood": 3, "as": "actor"},
                    {"card": "Agrippina", "blood": 3, "as": "agrippina"},
                ],
            },
            {
                "pool": 30,
                "hand": ["Veil the Legions"],
                "ready": [
                    {"card": "Alicia Cortez", "blood": 3, "as": "alicia"},
                    {"card": "Baron Dieudonne", "blood": 3, "as": "baron"},
                ],
            },
        ],
        "choices": [
            {"seat": 0, "action": "bleed", "by": "actor"},
            {"seat": 1, "block": "alicia"},
            {"seat": 0, "play": "Veil the Legions", "mode": 1, "by": "agrippina", "value": 0},
        ],
    }
    game, aliases, problems = scenario.play_scenario(data, cards)
    assert not problems and game.acting == 0
    act = Action(kind=Act.HUNT, seat=1, actor=aliases["alicia"], blocker=aliases["agrippina"], stealth=0, intercept=1)
    game.frames.append(act)
    assert {(o.mode, o.minion) for o in g.hand_options(game, 1, W.BLOCK_ATTEMPT, act)} == {(0, aliases["baron"])}
    game.turn += 1
    assert {o.mode for o in g.hand_options(game, 1, W.BLOCK_ATTEMPT, act)} == {0, 1}


def _smith_offered(cards: carddb.CardIndex, library: list[str]) -> bool:
    data = {
        "stop": "minion",
        "seats": [
            {"hand": ["Magic of the Smith"], "library": library, "ready": [{"card": "Abraham DuSable", "blood": 4}]},
            {"pool": 20},
        ],
    }
    game, _aliases, problems = scenario.play_scenario(data, cards)
    assert not problems
    smith = game.card_of[game.seats[0].hand[0]]
    return any(o.card >= 0 and game.card_of[o.card] == smith for o in g.action_options(game, 0))


def test_magic_of_the_smith_needs_an_equipment_in_the_library_the_vampire_could_play(cards: carddb.CardIndex) -> None:
    """Magic of the Smith: "Search your library for an equipment card" the vampire can use, requirements and cost
    applying (``library_has_playable``): with only Deflections in the library there is nothing to fetch."""
    assert not _smith_offered(cards, ["Deflection", "Deflection"])
    assert _smith_offered(cards, ["Deflection", "Flak Jacket"])
