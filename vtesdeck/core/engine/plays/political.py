"""The bots' judgement of the cards of specs/political.py: their scores (and a political card's stakes), by card
and mode, read by the heuristic bot through ``playbook.card_score`` (the specs hold the rules only)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from .. import game as g
from ..cards import LIBRARY, Play
from ..playbook import judge
from ..specs.permanent import location_controller
from ..specs.political import (
    _clan_count,
    _clan_terms,
    bleeders_of_3,
    cardinal_candidates,
    cold_war_choice,
    confiscation_terms,
    council_allocation,
    territory_terms,
)
from ..state import ALLY, Game
from ..vocabulary import PoolChanges, vampires_for_title
from ..vocabulary import ready_allies as _allies

Changes = Callable[[Game, Play], dict[int, int]]


def _parity_stakes(game: Game, play: Play, seat: int) -> float:
    return 3.0 if seat == play.seat else -3.0 if seat == play.target else 0.0


def _banish_stakes(game: Game, play: Play, seat: int) -> float:
    if play.target not in game.minions:
        return 0.0
    owner = g.controller(game, play.target)
    return 2.0 if seat == play.seat else -3.0 if seat == owner else 0.0


def _boon_stakes(game: Game, play: Play, seat: int) -> float:
    return float(_clan_count(game, seat, play.target))


def _boon_score(game: Game, play: Play) -> float:
    """Worth calling only when the best clan gives the caller more than any other seat."""
    terms = _clan_terms(game, play)
    if not terms:
        return -1.0
    mine = _clan_count(game, play.seat, terms[0])
    best_other = max((_clan_count(game, s, terms[0]) for s in game.order if s != play.seat), default=0)
    return 18.0 + 4 * mine if mine > best_other else -1.0


judge("Parity Shift", 0, stakes=_parity_stakes)
judge("Banishment", 0, stakes=_banish_stakes)
judge("Consanguineous Boon", 0, stakes=_boon_stakes)
judge("Consanguineous Boon", 0, score=_boon_score)


def _relative(changes: Changes) -> tuple[Callable[[Game, Play, int], float], Callable[[Game, Play], float]]:
    """Stakes and score of a referendum that changes every Methuselah's pool at once: a seat gains what it gains
    less what the others gain on average (the table's pool is what it plays against); the caller calls it when
    that is worth at least 1 pool, never when it would oust itself."""

    def stakes(game: Game, play: Play, seat: int) -> float:
        by = changes(game, play)
        others = [by.get(s, 0) for s in game.order if s != seat]
        if game.seats[seat].pool + by.get(seat, 0) <= 0:
            return -100.0
        return by.get(seat, 0) - (sum(others) / len(others) if others else 0.0)

    def score(game: Game, play: Play) -> float:
        worth = stakes(game, play, play.seat)
        return 20.0 + 4 * worth if worth >= 1 else -1.0

    return stakes, score


def _changes(name: str) -> Changes:
    """The pool changes of the card's referendum (its vocabulary.PoolChanges)."""
    effect = LIBRARY[name].modes[0].effects[-1]
    assert isinstance(effect, PoolChanges)
    return effect.changes


for _name in (
    "Anarchist Uprising",
    "Ancilla Empowerment",
    "Political Stranglehold",
    "Ancient Influence",
    "Reins of Power",
    "Autarkis Persecution",
    "Exclusion Principle",
):
    _stakes, _score = _relative(_changes(_name))
    judge(_name, 0, stakes=_stakes, score=_score)


def _breach_stakes(game: Game, play: Play, seat: int) -> float:
    """What a seat loses if it passes; the caller gains what the chosen Methuselahs lose."""
    by = _changes("Neonate Breach")(game, play)
    if seat == play.seat:
        return 1.0 - sum(by.values())
    return float(by.get(seat, 0))


def _breach_score(game: Game, play: Play) -> float:
    """The terms are chosen later (the bots' first set: every other Methuselah): call it when they lose 4 or more."""
    worth = -sum(_changes("Neonate Breach")(game, dataclasses.replace(play, target=0)).values())
    return 18.0 + 2 * worth if worth >= 4 else -1.0


judge("Neonate Breach", 0, stakes=_breach_stakes, score=_breach_score)


def _cold_war_stakes(game: Game, play: Play, seat: int) -> float:
    """The chosen Methuselah loses 3 pool, the location's controller the location (worth 2); the caller gains."""
    target, place = cold_war_choice(game, play)
    if seat == play.seat:
        return 2.0
    return (-3.0 if seat == target else 0.0) + (
        -2.0 if place >= 0 and location_controller(game, place) == seat else 0.0
    )


judge("Cold War", 0, stakes=_cold_war_stakes)


def _territory_stakes(game: Game, play: Play, seat: int) -> float:
    """The new controller gains the location, its old controller loses it."""
    place, taker = territory_terms.chosen(game, play)
    if place < 0:
        return 0.0
    return 3.0 if seat == taker else -3.0 if seat == location_controller(game, place) else 0.0


judge("Disputed Territory", 0, stakes=_territory_stakes)
judge(
    "Disputed Territory",
    0,
    score=lambda game, play: (
        22.0 if territory_terms.chosen(game, dataclasses.replace(play, target=0))[1] == play.seat else -1.0
    ),
)


# --- Revolutionary Council, Domain Challenge ---


def _council_stakes(game: Game, play: Play, seat: int) -> float:
    """The allocated Methuselahs lose their points; the caller gains the table's loss less its locked Anarchs."""
    by = council_allocation(game, play)
    if seat == play.seat:
        return 2.0 + sum(by.values()) / 2 - play.target // 2
    return -float(by.get(seat, 0))


judge("Revolutionary Council", 0, stakes=_council_stakes)
_dc_stakes, _dc_score = _relative(_changes("Domain Challenge"))
judge("Domain Challenge", 0, stakes=_dc_stakes, score=_dc_score)


def _eat_stakes(game: Game, play: Play, seat: int) -> float:
    """What a seat loses if it passes; the caller gains what the chosen Methuselahs lose."""
    by = _changes("Eat the Rich")(game, play)
    if seat == play.seat:
        return 1.0 - sum(by.values())
    return float(by.get(seat, 0))


def _eat_score(game: Game, play: Play) -> float:
    """Call it when the bots' first choice (every other Methuselah) loses 4 or more."""
    worth = -sum(_changes("Eat the Rich")(game, dataclasses.replace(play, target=0)).values())
    return 18.0 + 2 * worth if worth >= 4 else -1.0


judge("Eat the Rich", 0, stakes=_eat_stakes, score=_eat_score)
judge("Rumors of Gehenna", 0, stakes=lambda game, play, seat: 3.0 if seat == play.seat else -1.0)


def _vacation_stakes(game: Game, play: Play, seat: int) -> float:
    """The ally's controller loses it (its worth: 3); the caller gains when it is another's."""
    if play.target not in game.minions:
        return 0.0
    owner = g.controller(game, play.target)
    if seat == owner:
        return -3.0
    return 2.0 if seat == play.seat else 0.0


judge("Permanent Vacation", 0, stakes=_vacation_stakes)
judge(
    "Permanent Vacation",
    0,
    score=lambda game, play: 20.0 if any(g.controller(game, a) != play.seat for a in _allies(game, play)) else -1.0,
)


def _title_stakes(game: Game, play: Play, seat: int) -> float:
    """The chosen vampire's controller gains a justicar (3 votes), the others lose ground."""
    if play.target not in game.minions:
        return 0.0
    return 3.0 if seat == g.controller(game, play.target) else -1.0


def _title_score(clan: str) -> Callable[[Game, Play], float]:
    """Call it for one of the caller's own vampires (the targets list them first)."""
    targets = vampires_for_title("justicar", clan)

    def score(game: Game, play: Play) -> float:
        return 20.0 if any(g.controller(game, t) == play.seat for t in targets(game, play)) else -1.0

    return score


for _clan in ("Lasombra", "Toreador"):
    judge(f"{_clan} Justicar", 0, stakes=_title_stakes)
    judge(f"{_clan} Justicar", 0, score=_title_score(_clan))


def _meddling_stakes(game: Game, play: Play, seat: int) -> float:
    """The chosen Methuselah loses its replacements in minion phases; the caller a card of hand size."""
    if seat == play.target:
        return -3.0
    return 1.5 if seat == play.seat else 0.0


judge("Meddling of Semsith, The", 0, stakes=_meddling_stakes)


def _anathema_stakes(game: Game, play: Play, seat: int) -> float:
    """The chosen vampire's controller risks it; the others may gain its capacity."""
    if play.target not in game.minions:
        return 0.0
    return -2.0 if seat == g.controller(game, play.target) else 0.5


judge("Anathema", 0, stakes=_anathema_stakes)
judge("My Kin Against the World", 0, stakes=lambda game, play, seat: 2.0 if seat == play.seat else -0.5)


def _patsy_stakes(game: Game, play: Play, seat: int) -> float:
    """The target's controller loses its title and 2 pool; the caller pays the Edge."""
    if play.target not in game.minions:
        return 0.0
    if seat == g.controller(game, play.target):
        return -2.0 - game.minions[play.target].votes
    return 1.0 if seat == play.seat else 0.0


judge("Patsy", 0, stakes=_patsy_stakes)
judge("Firebrand", 0, stakes=lambda game, play, seat: 2.0 if seat == play.seat else -0.5)
judge("Expulsion", 0, stakes=lambda game, play, seat: 1.5 if seat == play.seat else -0.5)
judge("Reinforcements", 0, stakes=lambda game, play, seat: 1.5 if seat == play.seat else 0.0)


def allies_by_seat(game: Game) -> dict[int, list[int]]:
    """Every Methuselah's allies in play (ready or not)."""
    return {
        s: [c for c in game.seats[s].controlled if (m := game.minions.get(c)) is not None and m.kind == ALLY]
        for s in game.order
    }


def _segregation_stakes(game: Game, play: Play, seat: int) -> float:
    """Each seat risks its allies (or their pool cost); the caller gains what the others lose."""
    by = allies_by_seat(game)
    mine = len(by.get(seat, []))
    theirs = sum(len(v) for s, v in by.items() if s != seat) / max(1, len(game.order) - 1)
    return 2.0 * (theirs - mine)


def _segregation_score(game: Game, play: Play) -> float:
    worth = _segregation_stakes(game, play, play.seat)
    return 18.0 + 2 * worth if worth >= 2 else -1.0


judge("Kindred Segregation", 0, stakes=_segregation_stakes, score=_segregation_score)
judge(
    "Alastor",
    0,
    stakes=lambda game, play, seat: (
        (2.5 if seat == g.controller(game, play.target) else -0.5) if play.target in game.minions else 0.0
    ),
)


def _tradition_stakes(game: Game, play: Play, seat: int) -> float:
    """Every Methuselah burns 2 pool a turn: the poorer lose most."""
    pools = [game.seats[s].pool for s in game.order]
    return (game.seats[seat].pool - sum(pools) / len(pools)) / 4 - 1.0


def _tradition_score(game: Game, play: Play) -> float:
    worth = _tradition_stakes(game, play, play.seat)
    return 18.0 + 2 * worth if worth >= 1 else -1.0


judge("First Tradition: The Masquerade", 0, stakes=_tradition_stakes, score=_tradition_score)


def _retribution_losses(game: Game, play: Play) -> dict[int, int]:
    """Seat → the capacity of its vampires Justicar Retribution would burn."""
    lost: dict[int, int] = {}
    for minion in bleeders_of_3(game, play):
        seat = g.controller(game, minion)
        lost[seat] = lost.get(seat, 0) + game.minions[minion].capacity
    return lost


def _retribution_stakes(game: Game, play: Play, seat: int) -> float:
    """Against when it burns the seat's own vampires, for when it burns only others'."""
    lost = _retribution_losses(game, play)
    return -float(lost[seat]) if lost.get(seat) else 1.0 if lost else 0.0


def _retribution_score(game: Game, play: Play) -> float:
    """Call it only when it burns others' vampires, none of the caller's."""
    lost = _retribution_losses(game, play)
    return -1.0 if not lost or lost.get(play.seat) else 20.0 + sum(lost.values())


judge("Justicar Retribution", 0, score=_retribution_score, stakes=_retribution_stakes)


def _confiscation_stakes(game: Game, play: Play, seat: int) -> float:
    """For the caller, against for the Methuselah whose equipment is taken."""
    terms = confiscation_terms.pairs(game, play)
    if not 0 <= play.target < len(terms):
        return 0.0
    holder = next((m.id for m in game.minions.values() if terms[play.target][0] in m.cards), -1)
    return 2.0 if seat == play.seat else -3.0 if holder >= 0 and seat == g.controller(game, holder) else 0.0


judge("Confiscation", 0, stakes=_confiscation_stakes)


judge("Cardinal Benediction", 0, stakes=_title_stakes)
judge(
    "Cardinal Benediction",
    0,
    score=lambda game, play: (
        20.0 if any(g.controller(game, t) == play.seat for t in cardinal_candidates(game, play)) else -1.0
    ),
)


judge("Year of Fortune", 0, stakes=lambda game, play, seat: 2.0 if seat == play.target else 0.0)
