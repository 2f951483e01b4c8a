"""Every rules scenario in tests/engine/scenarios passes (``engine_scenario`` runs the same files), and every
card spec has a scenario that plays it: a card counts as implemented only then (issue 15, item 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vtesdeck.core import carddb
from vtesdeck.core.engine import cards as spec_format
from vtesdeck.core.engine import scenario
from vtesdeck.core.engine.compile import compiled

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.yaml"))


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("™", "")).strip("-")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file_passes(path: Path, cards: carddb.CardIndex) -> None:
    outcomes = scenario.run_file(path, cards)
    assert outcomes, f"{path.name} holds no scenario"
    failed = {o.name: o.failures for o in outcomes if not o.passed}
    assert not failed


def _played(path: Path, cards: carddb.CardIndex) -> set[int]:
    """The VEKN ids of the cards played (from the hand, in play, or as a minion's ability) in a file's games."""
    played: set[int] = set()
    for data in scenario.load(path):
        try:
            game, _, _ = scenario.play_scenario(data, cards)
        except scenario.ScenarioError:
            continue
        for event in game.events or ():
            if event[0] in ("play", "action") and len(event) > 2 and isinstance(event[2], int) and event[2] >= 0:
                copy = event[2] if event[0] == "play" else event[4]
                if isinstance(copy, int) and 0 <= copy < len(game.card_of):
                    played.add(game.card_of[copy])
                    minion = game.minions.get(copy)
                    if minion is not None:
                        played.add(minion.card)
    return played


def test_every_library_spec_has_a_scenario_that_plays_it(cards: carddb.CardIndex) -> None:
    comp = compiled(cards)
    missing = []
    for vekn, spec in sorted(comp.specs.items()):
        # named after the card: its official name ("embrace-the") or as printed ("the-embrace")
        paths = [SCENARIOS / f"{slug(name)}.yaml" for name in (spec.name, cards[vekn].printed_name)]
        if not any(path.exists() and vekn in _played(path, cards) for path in paths):
            missing.append(spec.name)
    assert not missing, f"specs without a scenario playing them ({len(missing)}): {missing}"


def test_every_vampire_spec_has_a_scenario(cards: carddb.CardIndex) -> None:
    """A vampire's printed ability is implemented only with a scenario naming the vampire (its own file, or
    vampires-*.yaml files that set it up)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES)
    missing = [name for name in spec_format.CRYPT if name.split(" (")[0] not in text]
    assert not missing, f"vampire specs without a scenario: {missing}"
