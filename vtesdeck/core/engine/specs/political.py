"""Political actions (a +1 stealth action calling a referendum; the effects happen if it passes)."""

from __future__ import annotations

from .. import game as g
from ..cards import Mode, Play, card
from ..state import VAMPIRE, Game
from ..vocabulary import allocation_mode, allocations_among_others, allocations_with_caller_of
from ..windows import W

card(
    "Kine Resources Contested",
    allocation_mode(allocations_with_caller_of(4), 0),
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


card(
    "Parity Shift",
    Mode(
        window=W.ACTION,
        political=True,
        when=lambda game, play: bool(_richer(game, play)),
        targets=_richer,
        effects=(_parity_shift,),
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
    ),
    notes="The Boon card type has no effect here.",
)


# -- Reckless Agitation, Camarilla's Iron Fist: points allocated among other Methuselahs -----------------------------


card(
    "Reckless Agitation",
    allocation_mode(allocations_among_others(6), 0),
    notes="The allocation is one of a few patterns centred on the prey (the bot's choice), not any split.",
)
card(
    "Camarilla's Iron Fist",
    allocation_mode(allocations_among_others(5), 1),
    notes="The chosen Methuselah who gains 1 pool is always the caller; the allocation is one of a few patterns "
    "centred on the prey among the others, not any split.",
)
