"""Do simulated tables look like real finals? The simulated table's figures beside the archive's own.

    .venv/bin/python bench/realism.py [--twda ../shared/twda] [--games 600] [--seed 1] [--rounds R]
                                      [--jobs 2] [--bots NAME] [--json]
    VTESDECK_PURE=1 .venv/bin/python bench/realism.py --oust-pool 0 --rounds 20    # a counterfactual rule

The simulated side: ``--games`` five-seat tables, each five distinct playable archive decks dated 2018 or later
(``run.field_from_files``, the field of simulate_games) drawn by a ``random.Random`` seeded with ``--seed`` and
the game's index, played by the default bots (``--bots NAME``: ``bots.by_name``'s, one per seat) with
``--rounds`` as the round cap (default: ``options.DEFAULT_ROUNDS``). Game ``i`` depends on the seed and ``i``
alone, so ``--jobs`` (processes, 2 by default: the machine's two cores) changes the time, never the figures.

The archive side: the finals of the winning decks dated 2018 or later whose file states the winner's VP in the
final (``twda.finals``: "-- 2GW7 + 3.5vp in final" and the other ways players write it).

How the two sides are counted alike:

* **The winner's VP** is the table's top score. A final's winner is the finalist with the most VP (ties go to
  the better seed), whatever the 2 VP of a game win; a simulated table has no seeds, so its top score is
  counted, and the games with no game winner (``economy.winner``: the top below 2 VP, or shared) are stated
  apart.
* **A sweep** is 5 VP: a final is the top five's table, so 5 VP is all of them. A four-seat final (a
  finalist who did not sit) would make 4 VP a sweep; the archive's files do not say the final's size, so
  none is counted as one.
* **Ended on time**: at the time limit every surviving Methuselah gets ½ VP and the winner always survives,
  so a final whose winner's VP has a half ended on time; a simulated game ended on time when
  ``game.ended_by == "time"``: the round cap, or the engine's safety stop (too many decisions; counted, and
  their number printed).

Shares carry a 95 % Wilson interval, means a 95 % normal interval. The last lines re-measure the round cap:
the bots never read the cap, so the same games capped at ``c`` below ``--rounds`` end on time exactly when
they lasted more than ``c`` rounds; the cap whose share is nearest the archive's is named. ``--json`` prints
the figures as JSON instead of the table. About 20 s on two cores (compiled or plain Python alike).

Why the tables sweep (issue 28): the cascade. The same games also give

* **sweeps among the games that ended** before the cap (the archive's: sweeps over the finals not ended on
  time), which no round cap moves, and the sweeps each lower cap would leave, beside its share ended on time;
* **the first oust**: the pools just after it (the ouster's, with the 6 pool of the oust; its new prey's; the
  other two's: the table as the ouster's next bleeds find it) and who is ousted second: the ouster's new prey
  each time the ouster ousts again at once.

``--oust-pool N`` replays the games with an oust worth N pool instead of the rule's 6 (``economy.OUST_POOL``,
digest 5): a counterfactual, never a rule of the product, to show how much of the cascade the oust's pool makes.
It patches the engine's Python source, so it needs the plain Python engine (VTESDECK_PURE=1).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from games import engine_build  # noqa: E402

from vtesdeck.core import carddb, twda  # noqa: E402
from vtesdeck.core.deck import Deck  # noqa: E402
from vtesdeck.core.engine import bots, economy, native, options, run  # noqa: E402
from vtesdeck.core.engine import table as tb  # noqa: E402
from vtesdeck.core.engine.compile import compiled  # noqa: E402

SEATS = 5
Z = 1.96  # 95 %
# The targets (issue text: "tables that look like real finals").
TARGETS = {"sweep": "6–13 %", "time": "10–18 %", "3-4": "about 2/3", "rounds": "stated"}
# The winner's VP, by value: at least ½ (the time limit's) or 1 (the last one standing's); 4.5 no five-seat
# table gives (on time, two survivors at most: 3 ousts + ½), kept to show that none is read.
VALUES = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0)


# --- intervals ------------------------------------------------------------------------------------------


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """The share k/n with its 95 % Wilson interval (sound near 0 and 1, unlike p ± z·se)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    p = k / n
    d = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / d
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, mean - Z * sd / math.sqrt(n), mean + Z * sd / math.sqrt(n)


# --- the simulated side ---------------------------------------------------------------------------------

# Set in the parent before the workers fork, so that each worker has the card list, the compiled specs and
# the field without loading them again.
_WORLD: dict[str, Any] = {}


def table_of(seed: int, i: int, field: Sequence[Deck]) -> tuple[list[int], int]:
    """Game ``i``'s five decks (indices into the field) and its game seed: from the run's seed and ``i`` only
    (a str seed is hashed by SHA-512, the same in every process whatever PYTHONHASHSEED)."""
    rng = random.Random(f"realism:{seed}:{i}")
    return rng.sample(range(len(field)), SEATS), rng.getrandbits(32)


class FirstOust:
    """The pools of the table just after its first oust, as the first seat to decide after it sees them (a
    wrapper around each seat's bot: it reads the public view and changes no decision)."""

    def __init__(self, bot: bots.Bot, seen: dict[int, int]) -> None:
        self.bot, self.seen = bot, seen

    def decide(self, view: bots.View, options: Sequence[Any]) -> Any:
        if not self.seen and len(view.live) == SEATS - 1:
            self.seen.update({s: view.pool(s) for s in range(SEATS)})
        return self.bot.decide(view, options)


def ousts_of(oust_order: Sequence[int]) -> list[tuple[int, int]]:
    """(the ousted seat, its predator of the moment: who took the VP) in the order of the ousts; the predator
    is the previous live seat (the table relinks after each oust)."""
    live, found = list(range(SEATS)), []
    for seat in oust_order:
        found.append((seat, live[live.index(seat) - 1]))
        live.remove(seat)
    return found


def cascade(ousts: Sequence[tuple[int, int]], pools: dict[int, int]) -> dict[str, Any] | None:
    """The first oust's table: the ouster's pool, its new prey's, the other two's mean; and whether the
    ouster also made the second oust (of that new prey, then: the only seat it can oust)."""
    if len(ousts) < 2 or len(pools) < SEATS:
        return None
    (first, ouster), second_by = ousts[0], ousts[1][1]
    live = [s for s in range(SEATS) if s != first]
    new_prey = live[(live.index(ouster) + 1) % len(live)]
    others = [s for s in live if s not in (ouster, new_prey)]
    return {
        "ouster": pools[ouster],
        "new_prey": pools[new_prey],
        "others": sum(pools[s] for s in others) / len(others),
        "again": second_by == ouster,
    }


def play_game(i: int) -> dict[str, Any]:
    """Game ``i`` of the run, reduced to what the figures need (a game that raises is counted, not fatal)."""
    field, cards, seed, rounds, bot = (_WORLD[k] for k in ("field", "cards", "seed", "rounds", "bots"))
    picked, game_seed = table_of(seed, i, field)
    decks = [field[d] for d in picked]
    pools: dict[int, int] = {}
    players = [bots.by_name(bot) for _ in decks] if bot else tb.heuristic_bots(len(decks))
    seats = [FirstOust(b, pools) for b in players]
    try:
        game = tb.play(decks, cards, seed=game_seed, bots=seats, max_rounds=rounds).game
    except Exception as exc:  # noqa: BLE001 - the benchmark counts a game that raises and plays on
        return {"i": i, "seed": game_seed, "decks": [d.path for d in decks], "error": f"{type(exc).__name__}: {exc}"}
    return {
        "cascade": cascade(ousts_of(game.oust_order), pools),
        "i": i,
        "vp": max(s.vp for s in game.seats),
        "game_win": economy.winner(game) is not None,
        "time": game.ended_by == "time",
        "stopped": game.stopped,  # the engine's safety stop (game.MAX_DECISIONS): on time wherever it stands
        "rounds": game.round,
        "turns": game.turn,
    }


def simulate(games: int, jobs: int) -> list[dict[str, Any]]:
    if jobs <= 1:
        return [play_game(i) for i in range(games)]
    # fork: the workers inherit _WORLD (cards, compiled specs, field) instead of rebuilding it
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(play_game, range(games), chunksize=max(1, min(8, games // (4 * jobs))))


# --- figures --------------------------------------------------------------------------------------------


def vp_figures(vps: Sequence[float], on_time: Iterable[bool]) -> dict[str, Any]:
    """Sweeps, ended on time, 3–4 VP and the share of each value of the winner's VP, each as [share, low,
    high], and the count they are out of."""
    n = len(vps)
    return {
        "n": n,
        "sweep": wilson(sum(v == 5 for v in vps), n),
        "time": wilson(sum(on_time), n),
        "3-4": wilson(sum(3 <= v <= 4 for v in vps), n),
        "by_vp": {f"{v:g}": wilson(sum(x == v for x in vps), n) for v in VALUES},
    }


def simulated_figures(records: Sequence[dict[str, Any]], rounds: int | None) -> dict[str, Any]:
    played = [r for r in records if "error" not in r]
    figures = vp_figures([r["vp"] for r in played], (r["time"] for r in played))
    figures["errors"] = [r for r in records if "error" in r]
    figures["no_game_win"] = wilson(sum(not r["game_win"] for r in played), len(played))
    figures["stopped"] = sum(r["stopped"] for r in played)
    figures["rounds"] = mean_ci([r["rounds"] for r in played])
    figures["turns"] = mean_ci([r["turns"] for r in played])
    ended = [r for r in played if not r["time"]]
    figures["sweep_ended"] = wilson(sum(r["vp"] == 5 for r in ended), len(ended))
    firsts = [r["cascade"] for r in played if r["cascade"]]
    figures["first_oust"] = {
        "n": len(firsts),
        **{k: mean_ci([f[k] for f in firsts]) for k in ("ouster", "new_prey", "others")},
        "again": wilson(sum(f["again"] for f in firsts), len(firsts)),
    }
    # The same games under a lower cap c end on time exactly when they lasted more than c rounds (or met the
    # safety stop, which no cap moves), and a sweep stays one when it ended by round c.
    if rounds and played:
        caps = range(max(1, rounds - 8), rounds + 1)
        figures["time_by_cap"] = {
            c: wilson(sum(r["rounds"] > c or r["time"] for r in played), len(played)) for c in caps
        }
        figures["sweep_by_cap"] = {
            c: wilson(sum(r["vp"] == 5 and not r["time"] and r["rounds"] <= c for r in played), len(played))
            for c in caps
        }
    return figures


def archive_figures(finals: Sequence[twda.Final]) -> dict[str, Any]:
    vps = [f.vp for f in finals if f.vp is not None]
    figures = vp_figures(vps, (not v.is_integer() for v in vps))
    ended = [v for v in vps if v.is_integer()]
    figures["sweep_ended"] = wilson(sum(v == 5 for v in ended), len(ended))
    figures["decks"] = len(finals)
    figures["unread"] = [(f.name, f.line) for f in finals if f.vp is None and f.line]
    return figures


def rounded(value: Any) -> Any:
    """Floats to 4 places, through the figures' dicts, lists and tuples (for --json)."""
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [rounded(v) for v in value]
    return value


# --- printing -------------------------------------------------------------------------------------------


def share(ci: Sequence[float]) -> str:
    p, lo, hi = ci
    return "—" if math.isnan(p) else f"{100 * p:5.1f} % [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def mean(ci: Sequence[float]) -> str:
    m, lo, hi = ci
    return "—" if math.isnan(m) else f"{m:5.1f} [{lo:.1f}, {hi:.1f}]"


def print_table(sim: dict[str, Any], arc: dict[str, Any]) -> None:
    rows = [
        ("tables", f"{sim['n']} games", f"{arc['n']} finals", ""),
        ("sweep (winner 5 VP)", share(sim["sweep"]), share(arc["sweep"]), TARGETS["sweep"]),
        ("ended on time", share(sim["time"]), share(arc["time"]), TARGETS["time"]),
        ("sweeps among the games that ended", share(sim["sweep_ended"]), share(arc["sweep_ended"]), ""),
        ("winner 3–4 VP", share(sim["3-4"]), share(arc["3-4"]), TARGETS["3-4"]),
    ]
    rows += [
        (f"  winner {v} VP", share(sim["by_vp"][v]), share(arc["by_vp"][v]), "")
        for v in sim["by_vp"]
        if sim["by_vp"][v][0] or arc["by_vp"][v][0]
    ]
    rows += [
        ("no game winner (top < 2 VP or tied)", share(sim["no_game_win"]), "— (top score wins)", ""),
        ("mean rounds", mean(sim["rounds"]), "—", TARGETS["rounds"]),
        ("mean turns", mean(sim["turns"]), "—", ""),
    ]
    head = ("figure", "simulated (95 % CI)", "archive finals since 2018 (95 % CI)", "issue target")
    widths = [max(len(row[k]) for row in (head, *rows)) for k in range(4)]
    for row in (head, tuple("-" * w for w in widths), *rows):
        print(" | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


def print_notes(sim: dict[str, Any], arc: dict[str, Any]) -> None:
    print(
        f"\narchive: {arc['n']} of the {arc['decks']:,} winning decks since 2018 state the winner's VP in the final; "
        f"{len(arc['unread'])} more hold a score line stating none, e.g.:"
    )
    for name, line in arc["unread"][:5]:
        print(f"  {name}: {line[:90]}")
    if sim["stopped"]:
        print(
            f"\nsimulated: {sim['stopped']} games met the engine's safety stop (too many decisions) and ended on time "
            "there: counted as ended on time"
        )
    if sim["errors"]:
        print(f"\nsimulated: {len(sim['errors'])} games raised (left out of the figures), the first:")
        for r in sim["errors"][:3]:
            print(f"  game {r['i']} (seed {r['seed']}, {', '.join(r['decks'])}): {r['error'][:200]}")
    first = sim["first_oust"]
    if first["n"]:
        print(
            f"\nthe first oust ({first['n']} games with two ousts or more): pools just after it, the ouster "
            f"{mean(first['ouster']).strip()}, its new prey {mean(first['new_prey']).strip()}, the other two "
            f"{mean(first['others']).strip()}; the ouster also made the second oust in {share(first['again']).strip()}"
            " (one in four if any of the four live predators were as likely)"
        )
    if "time_by_cap" in sim:
        by_cap = sim["time_by_cap"]
        print("\nby round cap (the same games; exact below the cap played), ended on time / sweeps:")
        print(
            "  "
            + ", ".join(
                f"{c}: {100 * ci[0]:.1f} / {100 * sim['sweep_by_cap'][c][0]:.1f} %" for c, ci in sorted(by_cap.items())
            )
        )
        nearest = min(by_cap, key=lambda c: (abs(by_cap[c][0] - arc["time"][0]), -c))
        within = [c for c in sorted(by_cap) if by_cap[c][1] <= arc["time"][0] <= by_cap[c][2]]
        print(
            f"  nearest the archive's {100 * arc['time'][0]:.1f} %: a cap of {nearest} rounds"
            + (f" (caps whose interval holds it: {', '.join(map(str, within))})" if within else "")
            + (f"; a cap below {min(by_cap)} needs a run with --rounds {min(by_cap)}" if nearest == min(by_cap) else "")
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--twda", type=Path, default=PROJECT.parent / "shared" / "twda")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=options.DEFAULT_ROUNDS, help="the round cap (0: none)")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing games (the figures do not change)")
    parser.add_argument("--bots", choices=sorted(bots.BOTS), help="one such bot per seat (default: the heuristic)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of the table")
    parser.add_argument(
        "--oust-pool", type=int, help="a counterfactual: an oust gives N pool, not 6 (needs VTESDECK_PURE=1)"
    )
    args = parser.parse_args()
    if args.oust_pool is not None:
        if native.compiled("economy"):
            parser.error("--oust-pool patches the engine's Python source: run it with VTESDECK_PURE=1")
        economy.OUST_POOL = args.oust_pool  # the workers fork after this: they play by it
    rounds = args.rounds or None
    start = time.perf_counter()
    cards = carddb.load()
    compiled(cards)
    if not args.twda.is_dir():
        print(f"no archive at {args.twda}: nothing to compare")
        return 0
    files = twda.read_archive(args.twda)
    finals = twda.finals(files, cards, since=run.FIELD_SINCE)
    field = run.field_from_files(files, cards)
    _WORLD.update(field=field, cards=cards, seed=args.seed, rounds=rounds, bots=args.bots)
    say = print if not args.json else (lambda *a, **k: None)
    say(
        f"bench/realism.py: engine {engine_build()}; {args.games} five-seat games of {len(field):,} playable archive "
        f"decks since 2018, seed {args.seed}, round cap {rounds}, bots {args.bots or 'heuristic'}, {args.jobs} "
        f"processes" + (f"; COUNTERFACTUAL: an oust gives {args.oust_pool} pool" if args.oust_pool is not None else ""),
        flush=True,
    )
    played = time.perf_counter()
    records = simulate(args.games, args.jobs)
    seconds = time.perf_counter() - played
    sim, arc = simulated_figures(records, rounds), archive_figures(finals)
    if args.json:
        sim["errors"] = len(sim["errors"])
        figures = {"simulated": sim, "archive": arc, "targets": TARGETS, "seconds": seconds}
        print(json.dumps(rounded(figures), indent=1))
        return 0
    print(f"games played in {seconds:.1f} s ({args.games / seconds:.1f} games/s); setup {played - start:.1f} s\n")
    print_table(sim, arc)
    print_notes(sim, arc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
