"""Seating the preliminary rounds of an event (VEKN tournament rules §3.1.2) and measuring a seating.

    rounds = seat_rounds(20, 3, seed=7)            # 3 rounds of 4 tables of 5
    score(rounds)                                   # {"R1": 0, "R2": 0, "R3": 0.0, ...}
    later = seat_rounds(20, 3, seed=7, played=rounds[:1], present=set(range(1, 20)))   # player 20 dropped

A seating is a list of rounds, a round a list of tables, a table the player numbers (1..N) in seat order:
seat 1 first, each seat's prey the next one and the last seat's prey seat 1.

Tables (§3.1.2): as many tables of five as possible, the rest of four: ``fours = 5 − (N mod 5 or 5)``. Six,
seven and eleven players cannot all be seated at once, so those events are *staggered*: some players sit
a round out, and the seated counts are chosen so that everyone plays the same number of rounds (6 players
over 3 rounds sit 4/4/4, 7 sit 5/5/4, 11 sit 9/9/4: everyone plays twice). Fewer than four cannot play.

The criteria, in priority order (the optimal seating criteria of the Archon, the VEKN tournament
spreadsheet the rules recommend; lower is better for each, 0 is perfect):

* **R1** "no pair of players repeat their predator–prey relationship" (mandatory): for every ordered pair
  (predator, prey), the times it happened beyond the first, summed. Being someone's predator once and
  their prey once is no repeat. Finals are exempt (they are not seated here).
* **R2** "no pair of players share a table through all the rounds": the pairs who sat at the same table in
  every round of the event (an event of two rounds or more).
* **R3** "available VPs are equitably distributed": a seat at a table of five offers 5 VPs (four ousts and
  the last one standing's), at a table of four 4; the population standard deviation, over the players, of
  each player's mean available VPs per round played.
* **R4** "no pair of players share a table more often than necessary": the tables of the event hold T pairs
  of seats and there are P pairs of players, so some pair must meet ⌈T/P⌉ times (at least once); the
  meetings of every pair beyond that, summed.
* **R5** "a player doesn't sit in the fifth seat more than once": each player's fifth seats beyond the
  first, summed.
* **R6** "no pair of players repeat the same relative position": a pair's position is one of prey, predator,
  grand-prey or grand-predator (tables of five), cross-table (tables of four); for every pair and position,
  the times beyond the first, summed (repeating prey or predator is an R1 violation too).
* **R7** "a player doesn't play in the same seat position": for every player and seat, the times beyond the
  first, summed.
* **R8** "starting transfers are equitably distributed": seats 1 to 4 start with 1 to 4 transfers, seat 5
  with 4; the population standard deviation, over the players, of each player's mean starting transfers.
* **R9** "no pair of players repeat the same relative position group": adjacent (prey or predator) or not
  adjacent; for every pair and group, the times beyond the first, summed.

The optimiser is a simulated annealing (restarted up to 4 times for small events, the best run kept) over
swaps of two players in a round (between tables or within one, and for staggered events between a seated and
a sitting-out player, mirrored in another round so no one's number of rounds changes) and turns of a whole
table (every seat changes, no relative position does); events of up to 40 players end with a pass of every
swap and turn, so no single one of them improves the result. Its objective is lexicographic: R1 first, then
R2, and so on; an improvement of a criterion never pays for a worse one above it. Counts of pairs, seats and
positions are kept and updated on each swap, never recounted. Its work is counted in swaps tried, not
seconds, so a seed always gives the same seating.
"""

from __future__ import annotations

import itertools
import logging
import math
import random
from collections import Counter
from collections.abc import Collection, Sequence

logger = logging.getLogger(__name__)

Table = list[int]
Round = list[Table]

# The annealing's settings, tuned on 8 to 18 players over 2 to 4 rounds against each other: the share of
# swaps within one table and of tables turned round, the temperature at the start and at the end (in R9's
# units), and how much colder each criterion is than the one below it.
_WITHIN = 0.3
_ROTATE = 0.1
_HOT, _COLD = 4.0, 0.02
_COLDER = 0.5
_POLISHED = 40  # events up to this size end with every swap of a round tried (see _Search.polish)

CRITERIA = ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9")

# Starting transfers by seat (VEKN rulebook: the first player has 1 transfer on their first turn, the
# second 2, the third 3, the fourth and fifth 4).
TRANSFERS: dict[int, tuple[int, ...]] = {4: (1, 2, 3, 4), 5: (1, 2, 3, 4, 4)}

# Relative positions of a pair, read from the lower player number to the higher: the seat offset round the
# table (1 = the next seat: the higher player is the lower one's prey).
PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR, CROSS_TABLE = range(5)
POSITION_NAMES = ("prey", "grand-prey", "grand-predator", "predator", "cross-table")
_POSITION = {5: (-1, PREY, GRAND_PREY, GRAND_PREDATOR, PREDATOR), 4: (-1, PREY, CROSS_TABLE, PREDATOR)}
# For a table of n and seat i, each other seat j with what ``_Search._seat`` needs of it, worked out once:
# whether seat i hunts seat j (j is its prey), whether they are adjacent, and the pair's relative position
# read from the lower player number (when i's player is the lower one, then when j's is).
_NEIGHBOURS = {
    n: [
        [
            (j, (j - i) % n == 1, (j - i) % n in (1, n - 1), _POSITION[n][(j - i) % n], _POSITION[n][n - (j - i) % n])
            for j in range(n)
            if j != i
        ]
        for i in range(n)
    ]
    for n in (4, 5)
}


def seatable(players: int) -> bool:
    """Whether ``players`` can all sit at once at tables of five and four."""
    return players >= 4 and players not in (6, 7, 11)


def table_sizes(players: int) -> list[int]:
    """The tables seating ``players`` at once: fives first, then fours (§3.1.2).

    Raises:
        ValueError: fewer than 4, or 6, 7 or 11 players (no tables of five and four hold them).
    """
    if not seatable(players):
        raise ValueError(f"{players} players cannot all sit at tables of five and four")
    fours = 5 - (players % 5 or 5)
    return [5] * ((players - 4 * fours) // 5) + [4] * fours


def seated_per_round(plays: Sequence[int], rounds: int) -> list[int]:
    """How many players to seat in each of ``rounds`` rounds, given the rounds each present player has
    played so far.

    Everyone is seated when they can be. Otherwise (6, 7 or 11 present) the counts are chosen so that, with
    the players who have played least seated first, the fewest rounds anyone ends with is as high as it can
    be and the spread as small; then with the most tables of five; then with the fewest different round
    sizes (11 players over 3 rounds sit 9/9/4 rather than 10/8/4 or 9/8/5); larger rounds first.

    Raises:
        ValueError: fewer than 4 players present.
    """
    present = len(plays)
    if present < 4:
        raise ValueError(f"{present} players present: a table needs at least 4")
    if seatable(present):
        return [present] * rounds
    options = sorted((n for n in range(4, present + 1) if seatable(n)), reverse=True)
    best: tuple[int, int, int, int, tuple[int, ...]] | None = None
    for counts in itertools.combinations_with_replacement(options, rounds):
        final = _fill(list(plays), counts)
        fives = sum(table_sizes(n).count(5) for n in counts)
        key = (min(final), min(final) - max(final), fives, -len(set(counts)), counts)
        if best is None or key > best:
            best = key
    assert best is not None
    return list(best[4])


def _fill(plays: list[int], counts: Sequence[int]) -> list[int]:
    for seated in counts:
        plays.sort()
        for k in range(seated):
            plays[k] += 1
    return plays


def seat_rounds(
    players: int,
    rounds: int,
    seed: int = 0,
    played: list[list[list[int]]] | None = None,
    present: Collection[int] | None = None,
    budget: int | None = None,
) -> list[list[list[int]]]:
    """Seat an event's preliminary rounds: the rounds ``played`` as they were, then the rest.

    Args:
        players: N, the players are numbered 1..N (late arrivals included).
        rounds: the event's number of preliminary rounds, those played included.
        seed: the seed of the optimiser's random choices; the same arguments give the same seating.
        played: the rounds already played (their tables as they were actually seated).
        present: the players to seat in the new rounds (default: everyone); a player who dropped is left
            out, a late arrival is in it.
        budget: the swaps the optimiser tries (default: enough for the event's size).

    Returns:
        Every round, ``played`` first; each a list of tables of player numbers in seat order.

    Raises:
        ValueError: fewer than 4 players present, more rounds played than ``rounds``, or a played round or
            ``present`` naming players outside 1..N, or a player twice in a round.
    """
    done = [[list(table) for table in round_] for round_ in (played or [])]
    if players < 1 or rounds < 0:
        raise ValueError("players and rounds must be positive")
    if len(done) > rounds:
        raise ValueError(f"{len(done)} rounds played, more than the event's {rounds}")
    for round_ in done:
        _check_round(round_, players)
    here = sorted(set(present) if present is not None else range(1, players + 1))
    if here and (here[0] < 1 or here[-1] > players):
        raise ValueError(f"the players present must be numbered 1..{players}")
    new = rounds - len(done)
    if new == 0:
        return done
    rng = random.Random(seed)
    total = budget if budget is not None else default_budget(players, new)
    restarts = max(1, min(4, 120 // max(1, len(here))))  # small events: a few shorter walks beat one
    best: _Search | None = None
    for _ in range(restarts):
        search = _Search(players, rounds, done, _first_seating(here, done, new, rng), rng)
        search.run(total // restarts)
        if best is None or search.best_cost < best.best_cost:
            best = search
    assert best is not None
    if len(here) <= _POLISHED:
        # A small event's neighbourhood is small enough to walk whole: end on a seating no single swap
        # improves, which random swaps alone may miss.
        polished = _Search(players, rounds, done, [(tables, []) for tables in best.best], rng)
        polished.polish()
        return done + polished.best
    return done + best.best


def _first_seating(here: list[int], done: list[Round], new: int, rng: random.Random) -> list[tuple[Round, list[int]]]:
    """The new rounds drawn at random: each round's tables and the players sitting it out."""
    plays = Counter(p for round_ in done for table in round_ for p in table)
    fresh: list[tuple[Round, list[int]]] = []
    for seated in seated_per_round([plays[p] for p in here], new):
        # Those who have played least sit first; among equals the draw decides.
        order = sorted(here, key=lambda p: (plays[p], rng.random()))
        chosen, bench = order[:seated], order[seated:]
        plays.update(chosen)
        rng.shuffle(chosen)
        tables: Round = []
        for size in table_sizes(seated):
            tables.append(chosen[:size])
            chosen = chosen[size:]
        fresh.append((tables, bench))
    return fresh


def default_budget(players: int, new_rounds: int) -> int:
    """Swaps tried by default: grows with the seats to arrange, bounded so 3 rounds of 100 players stay
    within a few seconds (about 30 µs a swap)."""
    return min(120_000, max(60_000, 600 * players * new_rounds))


def _check_round(round_: Round, players: int) -> None:
    seen: set[int] = set()
    for table in round_:
        if len(table) not in (4, 5):
            raise ValueError(f"a table of {len(table)}: tables seat 4 or 5")
        for p in table:
            if not 1 <= p <= players:
                raise ValueError(f"player {p} is not numbered 1..{players}")
            if p in seen:
                raise ValueError(f"player {p} sits twice in one round")
            seen.add(p)


# --- measuring a seating --------------------------------------------------------------------------------


def score(rounds: Sequence[Sequence[Sequence[int]]]) -> dict[str, float]:
    """The nine seating criteria R1..R9 of a seating (see the module's docstring), lower is better.

    Counted from scratch, independently of the optimiser: a judge's hand-made seating is measured the same.
    """
    together: Counter[tuple[int, int]] = Counter()
    hunts: Counter[tuple[int, int]] = Counter()
    positions: Counter[tuple[int, int, int]] = Counter()
    groups: Counter[tuple[int, int, bool]] = Counter()
    seats: Counter[tuple[int, int]] = Counter()
    played: Counter[int] = Counter()
    available: Counter[int] = Counter()
    transfers: Counter[int] = Counter()
    pair_seats = 0
    for round_ in rounds:
        for table in round_:
            n = len(table)
            if n not in TRANSFERS:
                raise ValueError(f"a table of {n}: tables seat 4 or 5")
            pair_seats += n * (n - 1) // 2
            for i, p in enumerate(table):
                seats[p, i] += 1
                played[p] += 1
                available[p] += n
                transfers[p] += TRANSFERS[n][i]
                hunts[p, table[(i + 1) % n]] += 1
                for j in range(i + 1, n):
                    q = table[j]
                    low, high, offset = (p, q, j - i) if p < q else (q, p, n - (j - i))
                    together[low, high] += 1
                    positions[low, high, _POSITION[n][offset]] += 1
                    groups[low, high, offset in (1, n - 1)] += 1
    everyone = len(played)
    pairs = everyone * (everyone - 1) // 2
    needed = max(1, math.ceil(pair_seats / pairs)) if pairs else 1
    return {
        "R1": sum(c - 1 for c in hunts.values() if c > 1),
        "R2": sum(1 for c in together.values() if c == len(rounds)) if len(rounds) >= 2 else 0,
        "R3": _spread([available[p] / played[p] for p in played]),
        "R4": sum(c - needed for c in together.values() if c > needed),
        "R5": sum(c - 1 for (_, seat), c in seats.items() if seat == 4 and c > 1),
        "R6": sum(c - 1 for c in positions.values() if c > 1),
        "R7": sum(c - 1 for c in seats.values() if c > 1),
        "R8": _spread([transfers[p] / played[p] for p in played]),
        "R9": sum(c - 1 for c in groups.values() if c > 1),
    }


def _spread(values: Sequence[float]) -> float:
    """Population standard deviation, rounded so the same seating always prints the same figure."""
    if not values:
        return 0.0
    mean = sum(values) / len(values)
    return round(math.sqrt(max(0.0, sum((v - mean) ** 2 for v in values) / len(values))), 9)


# --- the optimiser ----------------------------------------------------------------------------------------


class _Search:
    """Simulated annealing over the new rounds, with every count the criteria need kept up to date.

    Pairs are indexed ``low * (N + 1) + high``; R3 and R8 are kept as sums of squared deviations of the
    players' means (the number of rounds each player plays is fixed, so they rank seatings as the standard
    deviation does).
    """

    def __init__(
        self, players: int, rounds: int, done: list[Round], fresh: list[tuple[Round, list[int]]], rng: random.Random
    ) -> None:
        self.rng = rng
        self.side = side = players + 1
        self.rounds_total = rounds
        self.tables = [tables for tables, _ in fresh]
        self.benches = [bench for _, bench in fresh]
        self.together = [0] * (side * side)
        self.hunts = [0] * (side * side)
        self.positions = [0] * (side * side * 5)
        self.groups = [0] * (side * side * 2)
        self.seats = [0] * (side * 5)
        self.available = [0] * side
        self.transfers = [0] * side
        self.spread3 = [0, 0]
        self.spread8 = [0, 0]
        self.plays = [0] * side
        everyone: set[int] = set()
        pair_seats = 0
        for round_ in done + self.tables:
            for table in round_:
                pair_seats += len(table) * (len(table) - 1) // 2
                for p in table:
                    self.plays[p] += 1
                    everyone.add(p)
        for bench in self.benches:
            everyone.update(bench)
        pairs = len(everyone) * (len(everyone) - 1) // 2
        self.needed = max(1, math.ceil(pair_seats / pairs)) if pairs else 1
        self.players = sorted(p for p in everyone if self.plays[p])
        # L: a multiple of every player's number of rounds (1 to 4 in practice), so L / plays is whole.
        self.unit = math.lcm(*(self.plays[p] for p in self.players)) if self.players else 1
        self.scale = [self.unit // n if n else 0 for n in self.plays]
        self.counts = [0] * 9  # R1..R9 counts; R3 and R8 live in spread3 and spread8
        for round_ in done + self.tables:
            for table in round_:
                # Each pair once: a player is counted against those already seated.
                filling = [0] * len(table)
                for i, p in enumerate(table):
                    filling[i] = p
                    self._seat(filling, i, p, 1)
        self.best = [[list(t) for t in tables] for tables in self.tables]
        self.best_cost = self.cost()

    def _variance(self, sums: list[int]) -> int:
        """K² L² times the variance of the players' means: a whole number, ranking as the deviation does."""
        return len(self.players) * sums[1] - sums[0] * sums[0]

    def cost(self) -> tuple[int, ...]:
        c = self.counts
        return (c[0], c[1], self._variance(self.spread3), c[3], c[4], c[5], c[6], self._variance(self.spread8), c[8])

    def energy(self, cost: tuple[int, ...]) -> list[float]:
        """The criteria in the annealing's units: counts as they are, R3 and R8 as the sum of the squared
        deviations of the players' means (a swap moves it by about as much as it moves a count)."""
        k = len(self.players) * self.unit * self.unit
        out = [float(c) for c in cost]
        out[2] = cost[2] / k if k else 0.0
        out[7] = cost[7] / k if k else 0.0
        return out

    def _seat(self, table: Sequence[int], i: int, p: int, sign: int) -> None:
        """Count (sign 1) or uncount (sign −1) player ``p`` in seat ``i`` against the others at the table.

        The hottest loop of the search (several million calls for a large event): ``_over`` is written out
        inline as ``c >= allowed`` (adding) or ``-(c > allowed)`` (removing), the same numbers without a
        call each."""
        n = len(table)
        side = self.side
        counts = self.counts
        up = sign > 0
        key = p * 5 + i
        c = self.seats[key]
        self.seats[key] = c + sign
        over = (c >= 1) if up else -(c > 1)
        counts[6] += over
        if i == 4:
            counts[4] += over
        # The player's totals of available VPs (R3) and starting transfers (R8), each change scaled by
        # L / plays so every player's mean is a whole number, with Σx and Σx² of them kept.
        scale = self.scale[p]
        for totals, sums, change in (
            (self.available, self.spread3, sign * n * scale),
            (self.transfers, self.spread8, sign * TRANSFERS[n][i] * scale),
        ):
            x = totals[p]
            totals[p] = x + change
            sums[0] += change
            sums[1] += 2 * x * change + change * change
        full = self.rounds_total
        needed = self.needed
        together, hunts, groups, positions = self.together, self.hunts, self.groups, self.positions
        for j, hunts_prey, adjacent, low_position, high_position in _NEIGHBOURS[n][i]:
            q = table[j]
            if not q:  # 0: a seat emptied during a swap
                continue
            if p < q:
                pair, position = p * side + q, low_position
            else:
                pair, position = q * side + p, high_position
            c = together[pair]
            together[pair] = c + sign
            counts[3] += (c >= needed) if up else -(c > needed)
            if full >= 2:
                counts[1] += (c + sign == full) - (c == full)
            if adjacent:
                hunt = p * side + q if hunts_prey else q * side + p
                c = hunts[hunt]
                hunts[hunt] = c + sign
                counts[0] += (c >= 1) if up else -(c > 1)
                group = pair * 2
            else:
                group = pair * 2 + 1
            c = groups[group]
            groups[group] = c + sign
            counts[8] += (c >= 1) if up else -(c > 1)
            position += pair * 5
            c = positions[position]
            positions[position] = c + sign
            counts[5] += (c >= 1) if up else -(c > 1)

    def _swap(self, r: int, t1: int, i1: int, t2: int, i2: int) -> None:
        """Swap the players in seats (t1, i1) and (t2, i2) of new round ``r``."""
        a_table, b_table = self.tables[r][t1], self.tables[r][t2]
        a, b = a_table[i1], b_table[i2]
        self._seat(a_table, i1, a, -1)
        a_table[i1] = 0  # empty while b's old place is uncounted
        self._seat(b_table, i2, b, -1)
        a_table[i1] = b
        b_table[i2] = 0
        self._seat(a_table, i1, b, 1)
        b_table[i2] = a
        self._seat(b_table, i2, a, 1)

    def _bench_swap(self, r: int, t: int, i: int, k: int) -> None:
        """Seat the ``k``-th sitting-out player of round ``r`` in seat (t, i), the seated one sitting out."""
        table = self.tables[r][t]
        out = table[i]
        self._seat(table, i, out, -1)
        table[i] = self.benches[r][k]
        self.benches[r][k] = out
        self._seat(table, i, table[i], 1)

    def _find(self, r: int, p: int) -> tuple[int, int] | None:
        for t, table in enumerate(self.tables[r]):
            if p in table:
                return t, table.index(p)
        return None

    def run(self, budget: int) -> None:
        rng = self.rng
        rounds = len(self.tables)
        slots = [[(t, i) for t, table in enumerate(tables) for i in range(len(table))] for tables in self.tables]
        staggered = any(self.benches)
        energy = self.energy(self.cost())
        for step in range(budget):
            if self.best_cost == (0,) * 9:
                break
            temperature = _HOT * (_COLD / _HOT) ** (step / budget)
            r = rng.randrange(rounds)
            undo: list[tuple[int, ...]]
            if staggered and self.benches[r] and rng.random() < 0.25:
                undo = self._try_bench(r, slots[r])
                if not undo:
                    continue
            elif rng.random() < _ROTATE:
                # A table turned round: every seat changes, every relative position stays (R5, R7, R8).
                t = rng.randrange(len(self.tables[r]))
                undo = self._rotate(r, t, rng.randrange(1, len(self.tables[r][t])))
            else:
                if rng.random() < _WITHIN:
                    # Within one table: the seats and relative positions change, the company does not.
                    t1 = t2 = rng.randrange(len(self.tables[r]))
                    i1, i2 = rng.sample(range(len(self.tables[r][t1])), 2)
                else:
                    (t1, i1), (t2, i2) = rng.sample(slots[r], 2)
                self._swap(r, t1, i1, t2, i2)
                undo = [(r, t1, i1, t2, i2)]
            after = self.cost()
            level = self.energy(after)
            if _accept(level, energy, temperature, rng):
                energy = level
                if after < self.best_cost:
                    self.best_cost = after
                    self.best = [[list(t) for t in tables] for tables in self.tables]
            else:
                for move in reversed(undo):
                    if len(move) == 5:
                        self._swap(*move)
                    elif len(move) == 4:
                        self._bench_swap(*move)
                    else:
                        self._rotate(*move)
        logger.debug("seating search: best %s", self.best_cost)

    def _rotate(self, r: int, t: int, turns: int) -> list[tuple[int, ...]]:
        """Move everyone at table ``t`` of round ``r`` ``turns`` seats back (seat 2 to seat 1...); returns the
        move that undoes it."""
        table = self.tables[r][t]
        n = len(table)
        players = table[:]
        for i in range(n):  # each player uncounted against those still seated, so each pair once
            self._seat(table, i, players[i], -1)
            table[i] = 0
        for i in range(n):
            table[i] = players[(i + turns) % n]
            self._seat(table, i, table[i], 1)
        return [(r, t, n - turns)]

    def polish(self, passes: int = 10) -> None:
        """Try every turn of every table and every swap of two seated players in every round, keeping the
        ones that improve the criteria,
        until a whole pass improves nothing (or ``passes`` passes)."""
        current = self.cost()
        for _ in range(passes):
            improved = False
            for r, tables in enumerate(self.tables):
                for t, table in enumerate(tables):
                    for turns in range(1, len(table)):
                        undo = self._rotate(r, t, turns)
                        after = self.cost()
                        if after < current:
                            current, improved = after, True
                        else:
                            self._rotate(*undo[0])
                slots = [(t, i) for t, table in enumerate(tables) for i in range(len(table))]
                for (t1, i1), (t2, i2) in itertools.combinations(slots, 2):
                    self._swap(r, t1, i1, t2, i2)
                    after = self.cost()
                    if after < current:
                        current, improved = after, True
                    else:
                        self._swap(r, t1, i1, t2, i2)
            if not improved:
                break
        self.best_cost = current
        self.best = [[list(t) for t in tables] for tables in self.tables]

    def _try_bench(self, r: int, slots: list[tuple[int, int]]) -> list[tuple[int, ...]]:
        """Exchange a sitting-out player with a seated one in round ``r`` and the other way round in another
        round, so both keep their number of rounds. Returns the moves to undo it ([] when none fits)."""
        rng = self.rng
        k = rng.randrange(len(self.benches[r]))
        waiting = self.benches[r][k]
        t, i = rng.choice(slots)
        seated = self.tables[r][t][i]
        others = [s for s in range(len(self.tables)) if s != r and seated in self.benches[s] and self._find(s, waiting)]
        if not others:
            return []
        s = rng.choice(others)
        place = self._find(s, waiting)
        assert place is not None
        self._bench_swap(r, t, i, k)
        k2 = self.benches[s].index(seated)
        self._bench_swap(s, place[0], place[1], k2)
        # Undoing a bench swap is the same swap again (the bench slot now holds the player who sat there).
        return [(r, t, i, k), (s, place[0], place[1], k2)]


def _accept(after: list[float], before: list[float], temperature: float, rng: random.Random) -> bool:
    """Lexicographic annealing: the first criterion the swap changes decides. Better there, the swap is
    kept whatever it costs below; worse by Δ (in that criterion's units), it is kept with chance e^(−Δ/T),
    T halving with each step up the priority order, so the lower criteria are explored freely, R1 hardly
    ever worsens, and no criterion is traded for a lower one once the walk has cooled."""
    for k, (a, b) in enumerate(zip(after, before, strict=True)):
        if a != b:
            return a < b or rng.random() < math.exp((b - a) / (temperature * _COLDER ** (8 - k)))
    return True


def _over(count: int, sign: int, allowed: int) -> int:
    """The change in ``max(0, count − allowed)`` when ``count`` moves by ``sign``."""
    if sign > 0:
        return 1 if count >= allowed else 0
    return -1 if count > allowed else 0
