"""Vampires' printed abilities (issue 27, part 2) a one-turn scenario cannot show: an effect at a later turn
(Lubomira Hradok), and a play that must not be offered (Dr. John Dee's Ventrue, Parijat's blockers)."""

from __future__ import annotations

from vtesdeck.core import carddb
from vtesdeck.core.engine.state import Phase

from .test_rules import block_seats, drive, offered, table


def test_lubomira_does_not_unlock_after_bleeding_a_methuselah_with_a_ready_titled_vampire(
    cards: carddb.CardIndex,
) -> None:
    """Card text; PIB 20110915-1: Lubomira is the one who does not unlock, at her next unlock phase only."""
    game, aliases = table(
        cards,
        {"ready": [{"card": "Lubomira Hradok", "blood": 3, "as": "lubo"}]},
        {"pool": 20, "ready": [{"card": "Bloody Mary", "blood": 3}]},
    )
    drive(game, aliases, cards, [{"seat": 0, "action": "bleed", "by": "lubo"}], stop=Phase.DISCARD)
    assert game.seats[1].pool == 19
    assert game.acting == 1
    drive(game, aliases, cards, start=Phase.UNLOCK, stop=Phase.DISCARD)
    drive(game, aliases, cards, start=Phase.UNLOCK, stop=Phase.DISCARD)
    assert game.minions[aliases["lubo"]].locked  # her unlock phase left her locked
    drive(game, aliases, cards, start=Phase.UNLOCK, stop=Phase.DISCARD)
    drive(game, aliases, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert not game.minions[aliases["lubo"]].locked  # the one after unlocks her as usual


def test_lubomira_unlocks_after_bleeding_a_methuselah_with_no_titled_vampire(cards: carddb.CardIndex) -> None:
    game, aliases = table(
        cards,
        {"ready": [{"card": "Lubomira Hradok", "blood": 3, "as": "lubo"}]},
        {"pool": 20, "ready": [{"card": "Sheila Mezarin", "blood": 3}]},
    )
    drive(game, aliases, cards, [{"seat": 0, "action": "bleed", "by": "lubo"}], stop=Phase.DISCARD)
    drive(game, aliases, cards, start=Phase.UNLOCK, stop=Phase.DISCARD)
    drive(game, aliases, cards, start=Phase.UNLOCK, stop=Phase.UNLOCK)
    assert not game.minions[aliases["lubo"]].locked


def _majesty_offered(cards: carddb.CardIndex, actor: str) -> int:
    game, aliases = table(
        cards,
        {"ready": [{"card": actor, "blood": 4, "as": "actor"}]},
        {"pool": 20, "hand": ["Majesty"], "ready": [{"card": "Mary Anne Blaire", "blood": 4, "as": "mab"}]},
    )
    asked = drive(game, aliases, cards, [{"seat": 0, "action": "bleed", "by": "actor"}, {"seat": 1, "block": "mab"}])
    return offered(asked, game, cards, "Majesty")


def test_a_ventrue_in_combat_with_dr_john_dee_cannot_strike_combat_ends(cards: carddb.CardIndex) -> None:
    """Card text: Mary Anne Blaire (Ventrue) may not play Majesty against him, but may against another."""
    assert _majesty_offered(cards, "Dr. John Dee") == 0
    assert _majesty_offered(cards, "Sheila Mezarin") > 0


def _blockers_asked(cards: carddb.CardIndex, library: list[str]) -> list[int]:
    game, aliases = table(
        cards,
        {
            "ready": [
                {"card": "Emerald Legionnaire", "life": 2, "as": "legion"},
                {"card": "Parijat, the Dark Oracle", "blood": 3},
            ]
        },
        {"pool": 20, "library": library, "ready": [{"card": "Sheila Mezarin", "blood": 4}]},
    )
    asked = drive(game, aliases, cards, [{"seat": 0, "action": "bleed", "by": "legion"}])
    return block_seats(asked)


def test_parijat_no_library_card_to_burn_no_block_attempt_on_a_wraith_ally(cards: carddb.CardIndex) -> None:
    """ANK 20260317: a Methuselah who cannot burn the top card of the library cannot attempt to block."""
    assert _blockers_asked(cards, []) == []
    assert _blockers_asked(cards, ["Vessel"]) == [1]
