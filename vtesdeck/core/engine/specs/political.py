"""Political actions (a +1 stealth action calling a referendum; the effects happen if it passes)."""

from __future__ import annotations

from ..cards import Mode, Play, card
from ..state import VAMPIRE, Game
from ..vocabulary import (
    Banish,
    TakePool,
    allocation_mode,
    allocations_among_others,
    allocations_with_caller_of,
    has_targets,
    richer_methuselahs,
    younger_ready_vampires_of_others,
)
from ..windows import W

card(
    "Kine Resources Contested",
    allocation_mode(allocations_with_caller_of(4), 0),
    notes="The allocation is one of four patterns centred on the prey (the bot's choice), not any split.",
)


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
        when=has_targets(richer_methuselahs),
        targets=richer_methuselahs,
        effects=(TakePool(3),),
    ),
    notes="All 3 pool go to the caller (the card lets the caller split them among several Methuselahs).",
)
card(
    "Banishment",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(younger_ready_vampires_of_others),
        targets=younger_ready_vampires_of_others,
        effects=(Banish(),),
    ),
    notes="Only other Methuselahs' vampires are offered as terms; retainers on a banished vampire stay on it.",
)
card(
    "Consanguineous Boon",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(_clan_terms),
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
