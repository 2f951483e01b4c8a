"""Political actions (a +1 stealth action calling a referendum; the effects happen if it passes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import game as g
from ..cards import Mode, Play, card
from ..state import VAMPIRE, Game
from ..windows import W


def _krc_allocations(game: Game, play: Play) -> list[dict[int, int]]:
    """Kine Resources Contested's allocations the bots consider, best first for the caller: 4 points among two
    or more Methuselahs (you may be one: LSJ 20000622), never 4 on one. 2 to the prey and 2 to the next; 3 to
    the prey and 1 to the next; 2 to the prey and 1 to each of two others; 3 to the prey and 1 to yourself
    (the only one left with two Methuselahs)."""
    prey = game.prey(play.seat)
    if prey == play.seat:
        return []
    rest = [s for s in game.order if s not in (play.seat, prey)]
    out = []
    if rest:
        out += [{prey: 2, rest[0]: 2}, {prey: 3, rest[0]: 1}]
    if len(rest) >= 2:
        out.append({prey: 2, rest[0]: 1, rest[1]: 1})
    out.append({prey: 3, play.seat: 1})
    return out


def _others_allocations(total: int) -> Callable[[Game, Play], list[dict[int, int]]]:
    """Allocations of ``total`` points among two or more Methuselahs other than the caller (the prey takes the
    most); none when fewer than two are left to share them (LSJ 20100129)."""

    def allocations(game: Game, play: Play) -> list[dict[int, int]]:
        prey = game.prey(play.seat)
        rest = [s for s in game.order if s not in (play.seat, prey)]
        if prey == play.seat or not rest:
            return []
        out = []
        for pattern in _split_patterns(total):
            if len(pattern) - 1 <= len(rest):
                out.append({prey: pattern[0], **{rest[i]: n for i, n in enumerate(pattern[1:])}})
        return out

    return allocations


def _allocation_mode(allocations: Callable[[Game, Play], list[dict[int, int]]], gain: int, **fields: Any) -> Mode:
    """A political mode whose terms are an allocation of points among Methuselahs (``allocations``: the ones the
    bots consider, best first for the caller): each Methuselah burns 1 pool a point (at the same moment, ousts
    checked once after: LSJ 20000309), then the caller gains ``gain`` pool. Kine Resources Contested, Reckless
    Agitation, Camarilla's Iron Fist."""

    def terms(game: Game, play: Play) -> Sequence[int]:
        return list(range(len(allocations(game, play))))

    def allocation(game: Game, play: Play) -> dict[int, int]:
        found = allocations(game, play)
        return found[play.target] if 0 <= play.target < len(found) else {}

    def effect(game: Game, play: Play) -> None:
        from ..economy import check_ousts, gain_pool

        for seat, points in sorted(allocation(game, play).items()):
            s = game.seats[seat]
            if not s.ousted:
                paid = min(points, s.pool)
                s.pool -= paid
                game.burned += paid
        game.log("pool burned by referendum", play.seat)
        if gain and not game.seats[play.seat].ousted:
            gain_pool(game, play.seat, gain)
        check_ousts(game)

    def stakes(game: Game, play: Play, seat: int) -> float:
        return -float(allocation(game, play).get(seat, 0)) + (2.5 + gain if seat == play.seat else 0.0)

    def possible(game: Game, play: Play) -> bool:
        return bool(allocations(game, play))

    return Mode(
        window=W.ACTION, political=True, when=possible, targets=terms, effects=(effect,), stakes=stakes, **fields
    )


card(
    "Kine Resources Contested",
    _allocation_mode(_krc_allocations, 0),
    notes="The allocation is one of four patterns centred on the prey (the bot's choice), not any split.",
)


def _richer(game: Game, play: Play) -> list[int]:
    """Parity Shift's terms: a Methuselah with more pool than the caller, the richest first."""
    mine = game.seats[play.seat].pool
    return sorted((s for s in game.order if game.seats[s].pool > mine), key=lambda s: (-game.seats[s].pool, s))


def _parity_shift(game: Game, play: Play) -> None:
    """3 of the chosen Methuselah's pool (what it has, LSJ 20010606) all go to the caller."""
    from ..economy import check_ousts

    s = game.seats[play.target]
    if s.ousted:
        return
    moved = min(3, s.pool)
    s.pool -= moved
    game.seats[play.seat].pool += moved
    game.log("pool moved by referendum", play.seat, play.target, moved)
    check_ousts(game)


def _parity_stakes(game: Game, play: Play, seat: int) -> float:
    return 3.0 if seat == play.seat else -3.0 if seat == play.target else 0.0


def _younger_ready_vampires(game: Game, play: Play) -> list[int]:
    """Banishment's terms: a ready vampire younger than the caller, of another Methuselah, the prey's and the
    oldest first."""
    me = game.minions.get(play.minion)
    if me is None:
        return []
    prey = game.prey(play.seat)
    found = [
        m
        for s in game.order
        if s != play.seat
        for m in g.ready_minions(game, s)
        if m.kind == VAMPIRE and m.capacity < me.capacity
    ]
    found.sort(key=lambda m: (g.controller(game, m.id) != prey, -m.capacity, m.id))
    return [m.id for m in found]


def _banish(game: Game, play: Play) -> None:
    """The vampire goes to its controller's uncontrolled region, unlocked, with its blood and cards (out of play
    while it stays there)."""
    m = game.minions.get(play.target)
    if m is None or not m.in_play:
        return
    seat = game.seats[g.controller(game, m.id)]
    if m.id in seat.controlled:
        seat.controlled.remove(m.id)
    seat.uncontrolled.append(m.id)
    m.in_play = False
    m.locked = False
    m.torpor = False
    game.log("banish", play.seat, m.id)


def _banish_stakes(game: Game, play: Play, seat: int) -> float:
    if play.target not in game.minions:
        return 0.0
    owner = g.controller(game, play.target)
    return 2.0 if seat == play.seat else -3.0 if seat == owner else 0.0


_CLANS: list[str] = []  # clan names interned as terms (a term is an int)


def _clan_terms(game: Game, play: Play) -> list[int]:
    """Consanguineous Boon's terms: a clan of a vampire in play, the best for the caller first (its own count
    minus the most any other seat gains)."""
    counts: dict[str, dict[int, int]] = {}
    for s in game.order:
        for c in game.seats[s].controlled:
            m = game.minions.get(c)
            if m is not None and m.kind == VAMPIRE and m.clan:
                counts.setdefault(m.clan, {}).setdefault(s, 0)
                counts[m.clan][s] += 1
    for clan in sorted(counts):
        if clan not in _CLANS:
            _CLANS.append(clan)

    def worth(clan: str) -> tuple[int, str]:
        by = counts[clan]
        return (-(by.get(play.seat, 0) - max((n for s, n in by.items() if s != play.seat), default=0)), clan)

    return [_CLANS.index(clan) for clan in sorted(counts, key=worth)]


def _clan_count(game: Game, seat: int, term: int) -> int:
    clan = _CLANS[term] if 0 <= term < len(_CLANS) else None
    return sum(
        1
        for c in game.seats[seat].controlled
        if (m := game.minions.get(c)) is not None and m.kind == VAMPIRE and m.clan == clan
    )


def _boon(game: Game, play: Play) -> None:
    from ..economy import gain_pool

    for s in game.order:
        n = _clan_count(game, s, play.target)
        if n:
            gain_pool(game, s, n)
            game.log("gain pool", s, n)


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


card(
    "Parity Shift",
    Mode(
        window=W.ACTION,
        political=True,
        when=lambda game, play: bool(_richer(game, play)),
        targets=_richer,
        effects=(_parity_shift,),
        stakes=_parity_stakes,
    ),
    notes="All 3 pool go to the caller (the card lets the caller split them among several Methuselahs).",
)
card(
    "Banishment",
    Mode(
        window=W.ACTION,
        political=True,
        when=lambda game, play: bool(_younger_ready_vampires(game, play)),
        targets=_younger_ready_vampires,
        effects=(_banish,),
        stakes=_banish_stakes,
    ),
    notes="Only other Methuselahs' vampires are offered as terms; retainers on a banished vampire stay on it.",
)
card(
    "Consanguineous Boon",
    Mode(
        window=W.ACTION,
        political=True,
        when=lambda game, play: bool(_clan_terms(game, play)),
        targets=_clan_terms,
        effects=(_boon,),
        stakes=_boon_stakes,
        score=_boon_score,
    ),
    notes="The Boon card type has no effect here.",
)


# -- Reckless Agitation, Camarilla's Iron Fist: points allocated among other Methuselahs -----------------------------


def _split_patterns(total: int) -> tuple[tuple[int, ...], ...]:
    """The splits of ``total`` points the bots consider, the prey's share first, then one or two others': never
    all on one Methuselah (LSJ 20000622)."""
    pairs = tuple((total - k, k) for k in range(1, total // 2 + 1))
    return pairs + ((total - 2, 1, 1),)


card(
    "Reckless Agitation",
    _allocation_mode(_others_allocations(6), 0),
    notes="The allocation is one of a few patterns centred on the prey (the bot's choice), not any split.",
)
card(
    "Camarilla's Iron Fist",
    _allocation_mode(_others_allocations(5), 1),
    notes="The chosen Methuselah who gains 1 pool is always the caller; the allocation is one of a few patterns "
    "centred on the prey among the others, not any split.",
)
