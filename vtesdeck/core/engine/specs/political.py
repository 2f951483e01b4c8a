"""Political actions (a +1 stealth action calling a referendum; the effects happen if it passes)."""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Mode, Play, card
from ..state import ALLY, VAMPIRE, Game
from ..vocabulary import (
    Banish,
    TakePool,
    allocation_mode,
    allocations_among_others,
    allocations_with_caller_of,
    burn_card,
    has_targets,
    ready_minions,
    richer_methuselahs,
    younger_ready_vampires_of_others,
)
from ..windows import W
from .permanent import location_controller, locations_in_play

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


# -- Anarchist Uprising, Ancilla Empowerment, Political Stranglehold: pool for each minion of a kind -----------------


def _controlled_minions(game: Game, seat: int) -> list[int]:
    """The minions the seat controls: its vampires (ready or in torpor) and allies in play, not retainers nor a
    contested vampire (out of play)."""
    out = []
    for c in game.seats[seat].controlled:
        m = game.minions.get(c)
        if m is not None and m.in_play and not m.contested and m.kind in (VAMPIRE, ALLY):
            out.append(c)
    return out


def minion_pool_burns(game: Game, play: Play) -> dict[int, int]:
    """Anarchist Uprising, Ancilla Empowerment: each Methuselah burns 1 pool for each minion it controls."""
    return {s: len(_controlled_minions(game, s)) for s in game.order}


def stranglehold_gains(game: Game, play: Play) -> dict[int, int]:
    """Political Stranglehold: each Methuselah gains 3 pool for each vampire it controls with capacity 8 or more."""
    return {
        s: 3
        * sum(
            1 for c in _controlled_minions(game, s) if game.minions[c].kind == VAMPIRE and game.minions[c].capacity >= 8
        )
        for s in game.order
    }


def _biggest_ready_vampire(game: Game, seat: int) -> int:
    """The capacity of the seat's ready vampire with the highest capacity (0: none)."""
    return max(
        (
            game.minions[c].capacity
            for c in _controlled_minions(game, seat)
            if game.minions[c].kind == VAMPIRE and not game.minions[c].torpor
        ),
        default=0,
    )


def ancient_influence_changes(game: Game, play: Play) -> dict[int, int]:
    """Ancient Influence: each Methuselah gains the capacity of the ready vampire it chooses (its biggest), then
    burns 5 pool (as one change: the gain comes first, so only the net can oust)."""
    return {s: _biggest_ready_vampire(game, s) - 5 for s in game.order}


def reins_changes(game: Game, play: Play) -> dict[int, int]:
    """Reins of Power: each Methuselah gains 6 pool, then burns the capacity of the ready vampire its predator
    chose (the predator's biggest: the choice hurts only its prey)."""
    return {s: 6 - _biggest_ready_vampire(game, game.predator(s)) for s in game.order}


def _pool_changes(changes: Callable[[Game, Play], dict[int, int]]) -> Callable[[Game, Play], None]:
    """Every Methuselah's pool changes at once (gains, then burns), and the ousts are checked once after: each
    whose prey was ousted scores, even if ousted too (LSJ 20000309)."""

    def effect(game: Game, play: Play) -> None:
        from ..economy import check_ousts, gain_pool

        for seat, delta in sorted(changes(game, play).items()):
            s = game.seats[seat]
            if s.ousted or not delta:
                continue
            if delta > 0:
                gain_pool(game, seat, delta)
            else:
                paid = min(-delta, s.pool)
                s.pool -= paid
                game.burned += paid
            game.log("pool changed by referendum", seat, delta)
        check_ousts(game)

    return effect


for _name in ("Anarchist Uprising", "Ancilla Empowerment"):
    card(
        _name,
        Mode(
            window=W.ACTION,
            political=True,
            effects=(_pool_changes(lambda game, play: {s: -n for s, n in minion_pool_burns(game, play).items()}),),
        ),
    )
card(
    "Political Stranglehold",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(_pool_changes(stranglehold_gains),),
        limit="political stranglehold",
        limit_scope="game",
    ),
)
card(
    "Ancient Influence",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(_pool_changes(ancient_influence_changes),),
        limit="ancient influence",
        limit_scope="game",
    ),
    notes="Each Methuselah chooses its ready vampire with the highest capacity (the choice that gains it most).",
)
card(
    "Reins of Power",
    Mode(
        window=W.ACTION,
        political=True,
        effects=(_pool_changes(reins_changes),),
        limit="reins of power",
        limit_scope="game",
    ),
    notes="Each Methuselah chooses its ready vampire with the highest capacity (the choice only costs its prey pool).",
)


def autarkis_gains(game: Game, play: Play) -> dict[int, int]:
    """Autarkis Persecution: each Methuselah gains 1 pool for each minion it controls."""
    return {s: len(_controlled_minions(game, s)) for s in game.order}


card("Autarkis Persecution", Mode(window=W.ACTION, political=True, effects=(_pool_changes(autarkis_gains),)))


def _agitation_allocations(game: Game, play: Play) -> list[dict[int, int]]:
    """Conservative Agitation: X points, X the number of Methuselahs in the game, among two or more of them (the
    caller may be one, never all X on one: LSJ 20000622)."""
    return allocations_with_caller_of(len(game.order))(game, play)


card(
    "Conservative Agitation",
    allocation_mode(_agitation_allocations, 0),
    notes="The allocation is one of four patterns centred on the prey (the bot's choice), not any split.",
)


# -- Neonate Breach: chosen Methuselahs burn 1 pool, 3 more with a small ready vampire ---------------------------------


def _breach_choices(game: Game, play: Play) -> list[tuple[int, ...]]:
    """The sets of Methuselahs the caller may choose, as the bots consider them: every other Methuselah, then each
    other Methuselah alone (the prey first)."""
    others = [s for s in _impulse_from(game, play.seat) if s != play.seat]
    return [tuple(others), *((s,) for s in others)] if others else []


def _impulse_from(game: Game, seat: int) -> list[int]:
    i = game.order.index(seat) if seat in game.order else 0
    return list(game.order[i:] + game.order[:i])


def breach_burns(game: Game, play: Play) -> dict[int, int]:
    """Each chosen Methuselah burns 1 pool, plus 3 if it controls a ready vampire with capacity 4 or less."""
    choices = _breach_choices(game, play)
    chosen = choices[play.target] if 0 <= play.target < len(choices) else ()
    out = {}
    for s in chosen:
        small = any(
            game.minions[c].kind == VAMPIRE and not game.minions[c].torpor and game.minions[c].capacity <= 4
            for c in _controlled_minions(game, s)
        )
        out[s] = -(1 + (3 if small else 0))
    return out


card(
    "Neonate Breach",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(lambda game, play: range(len(_breach_choices(game, play)))),
        targets=lambda game, play: range(len(_breach_choices(game, play))),
        effects=(_pool_changes(breach_burns),),
    ),
    notes="The chosen Methuselahs are every other Methuselah or one of them (the bot's choice), not any set: the "
    "caller is never chosen.",
)


# -- Cold War: a Methuselah burns 3 pool, a location burns ---------------------------------------------------------


def _cold_war_terms(game: Game, play: Play) -> list[tuple[int, int]]:
    """(Methuselah or -1, location or -1) pairs the caller may choose, as the bots consider them, best first: with
    a cardinal or regent calling, the prey and each other Methuselah's location together; then each other
    Methuselah; then each location (the caller's own last)."""
    others = [s for s in _impulse_from(game, play.seat) if s != play.seat]
    places = locations_in_play(game, play)
    theirs = [p for p in places if location_controller(game, p) != play.seat]
    mine = [p for p in places if location_controller(game, p) == play.seat]
    caller = game.minions.get(play.minion)
    out: list[tuple[int, int]] = []
    if caller is not None and caller.title in ("cardinal", "regent") and others:
        out += [(others[0], p) for p in theirs]
    out += [(s, -1) for s in others]
    out += [(-1, p) for p in theirs + mine]
    return out


def cold_war_choice(game: Game, play: Play) -> tuple[int, int]:
    terms = _cold_war_terms(game, play)
    return terms[play.target] if 0 <= play.target < len(terms) else (-1, -1)


def _cold_war(game: Game, play: Play) -> None:
    from ..economy import burn_pool

    seat, place = cold_war_choice(game, play)
    if place >= 0 and place in locations_in_play(game, play):
        burn_card(game, place)
        game.log("burn", game.owner_of[place], place)
    if seat >= 0 and not game.seats[seat].ousted:
        burn_pool(game, seat, 3)
        game.log("pool changed by referendum", seat, -3)


card(
    "Cold War",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(lambda game, play: range(len(_cold_war_terms(game, play)))),
        targets=lambda game, play: range(len(_cold_war_terms(game, play))),
        effects=(_cold_war,),
    ),
    notes="The terms are one of the pairs the bots consider (a cardinal's or regent's pair is the prey and another "
    "Methuselah's location), not any Methuselah with any location.",
)


# -- Disputed Territory: a Methuselah takes control of a location ----------------------------------------------------


def _territory_terms(game: Game, play: Play) -> list[tuple[int, int]]:
    """(location, Methuselah) pairs, as the bots consider them, best first: each other Methuselah's location to
    the caller, then to each other Methuselah. None without a location in play (LSJ 20100129)."""
    places = locations_in_play(game, play)
    theirs = [p for p in places if location_controller(game, p) != play.seat]
    out = [(p, play.seat) for p in theirs]
    out += [(p, s) for p in places for s in game.order if s not in (play.seat, location_controller(game, p))]
    return out


def territory_choice(game: Game, play: Play) -> tuple[int, int]:
    terms = _territory_terms(game, play)
    return terms[play.target] if 0 <= play.target < len(terms) else (-1, -1)


def _take_location(game: Game, play: Play) -> None:
    """The chosen Methuselah takes control of the location: one on a minion moves onto one of the new controller's
    ready vampires, or burns if it has none (RTR 19960112, RTR 19980623); the same controller changes nothing
    (LSJ 19971002)."""
    place, seat = territory_choice(game, play)
    if place < 0 or place not in locations_in_play(game, play) or game.seats[seat].ousted:
        return
    old = location_controller(game, place)
    if old == seat:
        return
    held = game.seats[old].controlled
    if place in held:
        held.remove(place)
        game.seats[seat].controlled.append(place)
        game.locked_cards.discard(place)
    else:
        holder = next(m for m in game.minions.values() if place in m.cards)
        new = [m for m in ready_minions(game, seat) if m.kind == VAMPIRE]
        if not new:
            burn_card(game, place)
            return
        holder.cards.remove(place)
        new[0].cards.append(place)
    game.log("takes control", seat, place, old)


card(
    "Disputed Territory",
    Mode(
        window=W.ACTION,
        political=True,
        when=has_targets(lambda game, play: range(len(_territory_terms(game, play)))),
        targets=lambda game, play: range(len(_territory_terms(game, play))),
        effects=(_take_location,),
    ),
    notes="The terms are one of the pairs the bots consider (another Methuselah's location to the caller first); a "
    "location on a minion moves onto the new controller's first ready vampire.",
)
