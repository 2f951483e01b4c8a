"""How a deck draws: the simulated opening hands agree with the exact odds, the answers known in advance come
out, a job gives the same figures however it is cut into chunks, and bad decks or parameters are refused
in a sentence."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist, draws
from vtesdeck.core.deck import Deck
from vtesdeck.core.draws import ConditionError, DrawsError

N = 200_000  # the "done when" sample size
SIGMAS = 4


def build(cards, library: dict[str, int], crypt: dict[str, int]) -> Deck:
    return Deck(
        library={cards.lookup(n).id: k for n, k in library.items()},
        crypt={cards.lookup(n).id: k for n, k in crypt.items()},
    )


@pytest.fixture(scope="module")
def dominate_library():
    return {"Govern the Unaligned": 4, "Conditioning": 4, "Deflection": 4}


MIXED_LIBRARY = {  # requirements of every kind the playable hand reads
    "Absolute Tyranny": 2,  # Potence & Presence, both needed; an Action Modifier and a Reaction
    "Beyond Reproach": 2,  # a prince
    "Abbot": 2,  # a Sabbat vampire
    "Blood Doll": 2,  # anyone
    "Art of Memory, The": 1,  # Black Hand
    "Approximation of Loyalty": 1,  # Presence, capacity 7 or more
}
MIXED_CRYPT = {
    "Maxwell": 1,  # Brujah, Camarilla, POT PRE, capacity 9
    "Anson": 1,  # Toreador prince, PRE but no Potence, capacity 8
    "Tupdog": 1,  # Sabbat, capacity 1
    "Al-Muntathir, God's Witness": 1,  # Sabbat Black Hand, PRE, capacity 8
    "Ember Wright": 1,  # Sabbat, capacity 3
    "Lodin (Olaf Holte)": 1,  # Ventrue prince, capacity 8
}


# --- the plan and its checks -------------------------------------------------------------------


def test_a_library_too_small_for_an_opening_hand_is_refused(cards):
    deck = build(cards, {"Blood Doll": 6}, {"Tupdog": 12})
    with pytest.raises(DrawsError, match="The library holds 6 known cards; an opening hand needs 7."):
        draws.compile_plan(deck, cards)


def test_a_crypt_too_small_for_an_opening_draw_is_refused(cards):
    deck = build(cards, {"Blood Doll": 40}, {"Tupdog": 3})
    with pytest.raises(DrawsError, match="The crypt holds 3 known cards"):
        draws.compile_plan(deck, cards)


def test_unknown_cards_are_left_out_and_listed(cards):
    deck = build(cards, {"Blood Doll": 7}, {"Tupdog": 4})
    deck.library[999_999] = 3
    plan = draws.compile_plan(deck, cards)
    assert plan.library_size == 7
    assert plan.unknown == [{"id": 999_999, "count": 3}]
    assert draws.exact_report(plan)["unknown"] == [{"id": 999_999, "count": 3}]
    # Unknown cards do not make up for missing ones.
    deck.library = {cards.lookup("Blood Doll").id: 6, 999_999: 10}
    with pytest.raises(DrawsError, match="6 known cards"):
        draws.compile_plan(deck, cards)


def test_a_vampire_filed_in_the_library_is_drawn_with_the_crypt(cards):
    deck = build(cards, {"Blood Doll": 7, "Tupdog": 1}, {"Tupdog": 3})
    plan = draws.compile_plan(deck, cards)
    assert (plan.library_size, plan.crypt_size) == (7, 4)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"turns": 0}, "The number of turns must be a whole number from 1 to 30, not 0."),
        ({"turns": 31}, "turns must be"),
        ({"turns": True}, "turns must be"),
        ({"replacements_per_turn": 8}, "The number of cards replaced each turn must be a whole number from 0 to 7"),
        ({"conditions": ["crypt.title()"] * 11}, "At most 10 conditions"),
    ],
)
def test_bad_parameters_are_refused_in_a_sentence(cards, options, message):
    with pytest.raises(DrawsError, match=message):
        draws.compile_plan(build(cards, {"Blood Doll": 40}, {"Tupdog": 12}), cards, **options)


def test_a_bad_condition_says_which_one_and_where(cards):
    deck = build(cards, {"Blood Doll": 40}, {"Tupdog": 12})
    with pytest.raises(ConditionError) as caught:
        draws.compile_plan(deck, cards, conditions=["crypt.title()", 'library.type("Mastr")'])
    assert (caught.value.index, caught.value.position) == (1, 13)
    assert "did you mean Master?" in str(caught.value)


def test_the_plan_survives_json_and_deals_the_same_hands(cards):
    deck = build(cards, MIXED_LIBRARY, MIXED_CRYPT)
    plan = draws.compile_plan(deck, cards, conditions=['library.type("Master") and crypt.title("prince")'])
    again = draws.HandsPlan.from_dict(json.loads(json.dumps(plan.to_dict())))
    assert again == plan
    assert draws.simulate_chunk(again, 1000, 3, 0) == draws.simulate_chunk(plan, 1000, 3, 0)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: {},
        lambda d: {**d, "version": 0},
        lambda d: {**d, "library": "nothing"},
        lambda d: {**d, "playable_by": []},
        lambda d: {**d, "crypt": [{**d["crypt"][0], "count": 0}] + d["crypt"][1:]},
        lambda d: {**d, "library": d["library"][:1]},
    ],
)
def test_a_damaged_plan_is_refused(cards, damage):
    plan = draws.compile_plan(build(cards, MIXED_LIBRARY, MIXED_CRYPT), cards)
    with pytest.raises(DrawsError, match="start the job again"):
        draws.HandsPlan.from_dict(damage(plan.to_dict()))


def test_groups_follow_the_cards(cards):
    plan = draws.compile_plan(build(cards, MIXED_LIBRARY, MIXED_CRYPT), cards)
    groups = {(g["part"], g["kind"], g["key"]): g for g in draws.exact_report(plan)["groups"]}
    # Absolute Tyranny is an Action Modifier and a Reaction: it counts in both.
    assert groups["library", "type", "Action Modifier"]["count"] == 4  # with The Art of Memory and Approximation
    assert groups["library", "type", "Reaction"]["count"] == 2
    assert groups["library", "type", "Master"]["count"] == 2
    assert groups["library", "discipline", "pre"]["count"] == 3
    assert groups["crypt", "discipline", "pre"]["count"] == 4  # Maxwell, Anson, Lodin, Al-Muntathir
    assert groups["crypt", "discipline", "PRE"]["label"] == "Presence (superior)"
    assert groups["crypt", "capacity", "<=3"]["count"] == 2  # Tupdog and Ember Wright
    assert ("crypt", "capacity", "<=9") not in groups  # the whole crypt is no band
    assert [g["kind"] for g in plan.groups if g["part"] == "library"][0] == "type"
    # Exact odds of a group: its copies as one card.
    master = groups["library", "type", "Master"]
    assert master["p_opening_exact"] == pytest.approx(1 - math.comb(8, 7) / math.comb(10, 7))
    assert master["at_least_exact"][1] == pytest.approx(math.comb(8, 5) / math.comb(10, 7))


def test_the_draw_curve_refills_the_hand(cards):
    plan = draws.compile_plan(build(cards, {"Blood Doll": 20}, {"Tupdog": 12}), cards, turns=8, replacements_per_turn=3)
    report = draws.exact_report(plan)
    assert [t["seen"] for t in report["draw_curve"]["turns"]] == [7, 10, 13, 16, 19, 20, 20, 20]
    assert report["library"][0]["p_by_turn_exact"] == [1.0] * 8


def test_the_exact_report_has_no_simulated_figures(cards):
    report = draws.exact_report(draws.compile_plan(build(cards, MIXED_LIBRARY, MIXED_CRYPT), cards))
    assert "hands" not in report and "p_opening" not in report["library"][0]
    assert "mean_share" not in report["playable"] and "by_turn" not in report["first_vampire"]["seats"][0]
    json.dumps(report)


# --- the dealing: determinism, chunks, merging, progress ---------------------------------------


@pytest.fixture(scope="module")
def plan(cards):
    return draws.compile_plan(
        build(cards, MIXED_LIBRARY, MIXED_CRYPT),
        cards,
        conditions=['library.type("Master") >= 1 and crypt.capacity("<=6") >= 1'],
    )


def test_a_chunk_is_the_same_for_the_same_seed_and_index(plan):
    first = draws.simulate_chunk(plan, 60_000, 11, 2)
    assert draws.simulate_chunk(plan, 60_000, 11, 2) == first
    assert draws.simulate_chunk(plan, 60_000, 11, 3) != first
    assert draws.simulate_chunk(plan, 60_000, 12, 2) != first
    assert first["hands"] == 60_000 and sum(first["playable"]) == 60_000
    json.dumps(first)


def test_per_card_detail_deals_the_very_same_hands(plan):
    full = draws.simulate_chunk(plan, 70_000, 5, 1)
    cards_only = draws.simulate_chunk(plan, 70_000, 5, 1, detail="cards")
    assert cards_only == {key: full[key] for key in ("hands", "chunks", "library", "crypt")}


def test_a_job_run_in_process_equals_its_chunks_merged(cards, plan):
    deck = build(cards, MIXED_LIBRARY, MIXED_CRYPT)
    conditions = ['library.type("Master") >= 1 and crypt.capacity("<=6") >= 1']
    one = draws.run_hands(deck, cards, hands=25_000, seed=9, chunk_size=10_000, conditions=conditions)
    two = draws.run_hands(deck, cards, hands=25_000, seed=9, chunk_size=10_000, conditions=conditions)
    tallies = [draws.simulate_chunk(plan, n, 9, i) for i, n in enumerate([10_000, 10_000, 5_000])]
    by_workers = draws.hands_report(plan, draws.merge_tallies(reversed(tallies)), seed=9, seconds=1.0)

    def figures(report):
        return {k: v for k, v in report.items() if k not in ("seconds", "hands_per_second")}

    assert figures(one) == figures(two) == figures(by_workers)
    assert one["chunks"] == 3 and one["hands"] == 25_000
    other_cut = draws.run_hands(deck, cards, hands=25_000, seed=9, chunk_size=5_000, conditions=conditions)
    assert figures(other_cut) != figures(one)  # another cut is another sample (of the same law)


def test_merging_adds_every_count_in_any_order(plan):
    a, b, c = (draws.simulate_chunk(plan, 1_000 * (i + 1), 4, i) for i in range(3))
    merged = draws.merge_tallies([a, b, c])
    assert merged == draws.merge_tallies([c, a, b])
    assert merged["hands"] == 6_000 and merged["chunks"] == 3
    assert merged["library"] == [x + y + z for x, y, z in zip(a["library"], b["library"], c["library"], strict=True)]
    assert merged["library_groups"][0][3] == sum(t["library_groups"][0][3] for t in (a, b, c))
    assert a["hands"] == 1_000  # the inputs are left alone


def test_tallies_of_different_simulations_do_not_merge(cards, plan):
    other = draws.compile_plan(build(cards, {"Blood Doll": 40}, {"Tupdog": 12}), cards)
    with pytest.raises(DrawsError, match="different simulations"):
        draws.merge_tallies([draws.simulate_chunk(plan, 100, 1, 0), draws.simulate_chunk(other, 100, 1, 0)])
    with pytest.raises(DrawsError, match="no tallies"):
        draws.merge_tallies([])
    with pytest.raises(DrawsError, match="does not belong to this plan"):
        draws.hands_report(plan, draws.simulate_chunk(other, 100, 1, 0), seed=1, seconds=1.0)


def test_progress_is_reported_after_each_batch_and_can_stop_the_chunk(plan):
    seen = []
    draws.simulate_chunk(plan, 120_000, 1, 0, progress=seen.append)
    assert seen == [50_000, 100_000, 120_000]

    class Cancelled(Exception):
        pass

    def cancel(done):
        seen.append(done)
        raise Cancelled

    seen.clear()
    with pytest.raises(Cancelled):
        draws.simulate_chunk(plan, 120_000, 1, 0, progress=cancel)
    assert seen == [50_000]


def test_progress_of_a_whole_job_counts_every_chunk(cards):
    seen = []
    draws.run_hands(
        build(cards, {"Blood Doll": 40}, {"Tupdog": 12}),
        cards,
        hands=25_000,
        seed=1,
        chunk_size=10_000,
        progress=seen.append,
    )
    assert seen == [10_000, 20_000, 25_000]


def test_chunks_are_cut_evenly():
    assert draws.chunk_sizes(600_000) == [250_000, 250_000, 100_000]
    assert draws.chunk_sizes(500_000) == [250_000, 250_000]
    assert draws.chunk_sizes(7, 3) == [3, 3, 1]


@pytest.mark.parametrize(
    "call",
    [
        lambda plan: draws.chunk_sizes(0),
        lambda plan: draws.chunk_sizes(draws.MAX_HANDS + 1),
        lambda plan: draws.chunk_sizes(10, 0),
        lambda plan: draws.simulate_chunk(plan, 10, -1, 0),
        lambda plan: draws.simulate_chunk(plan, 10, 2**63, 0),
        lambda plan: draws.simulate_chunk(plan, 10, "7", 0),
        lambda plan: draws.simulate_chunk(plan, 0, 1, 0),
        lambda plan: draws.simulate_chunk(plan, 10, 1, 0, detail="some"),
    ],
)
def test_bad_job_sizes_and_seeds_are_refused(plan, call):
    with pytest.raises(DrawsError):
        call(plan)


# --- who can play what -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "vampire, card, playable",
    [
        ("Lodin (Olaf Holte)", "Govern the Unaligned", True),  # superior Dominate
        ("Ember Wright", "Govern the Unaligned", True),  # inferior is enough
        ("Maxwell", "Govern the Unaligned", False),
        ("Maxwell", "Absolute Tyranny", True),  # Potence and Presence
        ("Anson", "Absolute Tyranny", False),  # Presence alone is not enough
        ("Anson", "Beyond Reproach", True),  # a prince
        ("Maxwell", "Beyond Reproach", False),
        ("Tupdog", "Abbot", True),  # Sabbat
        ("Lodin (Olaf Holte)", "Abbot", False),
        ("Al-Muntathir, God's Witness", "Art of Memory, The", True),  # Black Hand
        ("Ember Wright", "Art of Memory, The", False),
        ("Anson", "Approximation of Loyalty", True),  # Presence, capacity 8
        ("Jost Werner", "Approximation of Loyalty", False),  # Presence, but capacity 6
        ("Maxwell", "Blood Doll", True),  # anyone
        ("Lodin (Olaf Holte)", "Ventrue Headquarters", True),  # a Ventrue master
        ("Anson", "Ventrue Headquarters", False),
        ("Anson", "Anarch Secession", True),  # titled, not Anarch
    ],
)
def test_requirements_decide_who_can_play_a_card(cards, vampire, card, playable):
    assert draws.can_play(cards.lookup(vampire), cards.lookup(card)) is playable


def test_requirements_beyond_the_simulator_are_counted_as_met_and_said(cards):
    deck = build(cards, {"Absimiliard's Army": 1, "Blood Doll": 9}, {"Tupdog": 4})
    plan = draws.compile_plan(deck, cards)
    assert plan.not_modelled == ["1 gehenna"]
    assert "1 gehenna" in draws.exact_report(plan)["playable"]["explanation"]
    assert draws.can_play(cards.lookup("Tupdog"), cards.lookup("Absimiliard's Army"))


def test_no_dominate_in_the_crypt_plays_no_dominate_card(cards, dominate_library):
    report = draws.run_hands(build(cards, dominate_library, {"Maxwell": 6, "Tupdog": 6}), cards, hands=20_000, seed=2)
    playable = report["playable"]
    assert playable["histogram"][0] == 1.0 and playable["mean_share"] == 0.0 and playable["all_playable"] == 0.0
    assert playable["histogram_exact"][0] == 1.0 and playable["mean_share_exact"] == 0.0


def test_a_crypt_all_with_dominate_plays_every_dominate_card(cards, dominate_library):
    report = draws.run_hands(build(cards, dominate_library, {"Lodin (Olaf Holte)": 12}), cards, hands=20_000, seed=2)
    playable = report["playable"]
    assert playable["histogram"][7] == 1.0 and playable["mean_share"] == 1.0 and playable["all_playable"] == 1.0
    assert playable["all_playable_exact"] == 1.0


def test_the_exact_playable_hand_matches_every_opening_counted(cards):
    library = [cards.lookup(n) for n, k in MIXED_LIBRARY.items() for _ in range(k)]
    crypt = [cards.lookup(n) for n, k in MIXED_CRYPT.items() for _ in range(k)]
    ways = [0] * 8
    for drawn in itertools.combinations(crypt, 4):
        for hand in itertools.combinations(library, 7):
            ways[sum(any(draws.can_play(v, card) for v in drawn) for card in hand)] += 1
    total = sum(ways)
    report = draws.exact_report(draws.compile_plan(build(cards, MIXED_LIBRARY, MIXED_CRYPT), cards))
    assert report["playable"]["histogram_exact"] == [float(Fraction(w, total)) for w in ways]
    assert report["playable"]["mean_share_exact"] == pytest.approx(sum(h * w for h, w in enumerate(ways)) / total / 7)
    assert 0 < report["playable"]["all_playable_exact"] < 1


def test_hundreds_of_cards_and_kinds_of_requirement_still_count_right():
    # A plan written by hand (plans are plain data): 300 distinct library cards, and crypt cards that can each
    # play a different pattern of them, far more patterns than one 64-bit mask holds.
    plan = draws.HandsPlan.from_dict(
        {
            "version": draws.PLAN_VERSION,
            "library": [{"id": 100000 + i, "name": f"card {i}", "count": 1, "type": "Action"} for i in range(300)],
            "crypt": [
                {"id": 200000 + v, "name": f"vampire {v}", "count": 2, "capacity": v + 1, "imbued": False}
                for v in range(8)
            ],
            "groups": [
                {
                    "part": "library",
                    "kind": "type",
                    "key": "Action",
                    "label": "Action",
                    "members": list(range(0, 300, 3)),
                }
            ],
            "playable_by": [[i for i in range(300) if (i * 37 % 256) >> v & 1] for v in range(8)],
        }
    )
    assert plan.tables().words > 1 and plan.tables().library_card.dtype.itemsize == 2
    report = draws.hands_report(plan, draws.simulate_chunk(plan, N, 8, 0), seed=8, seconds=1.0)
    playable = report["playable"]
    for simulated, exact in zip(playable["histogram"], playable["histogram_exact"], strict=True):
        assert off_by(simulated, exact, N) <= SIGMAS
    assert 0 < playable["mean_share_exact"] < 1
    for row in report["library"][::25] + report["groups"]:
        assert off_by(row["p_opening"], row["p_opening_exact"], N) <= SIGMAS


def test_a_deck_too_large_to_simulate_is_refused(cards):
    with pytest.raises(DrawsError, match="too large to simulate"):
        draws.compile_plan(build(cards, {"Blood Doll": draws.MAX_LIBRARY + 1}, {"Tupdog": 12}), cards)


def test_a_per_card_tally_reports_per_card_figures_only(plan):
    report = draws.hands_report(plan, draws.simulate_chunk(plan, 5_000, 1, 0, detail="cards"), seed=1, seconds=0.0)
    assert "p_opening" in report["library"][0] and "p_opening" in report["crypt"][0]
    assert "p_opening" not in report["groups"][0] and "mean_share" not in report["playable"]
    assert report["hands_per_second"] is None


# --- the first vampire -------------------------------------------------------------------------


def turn_out(capacities: list[int], seat: int, turns: int, nth: int) -> int:
    """The influence policy played out turn by turn: the turn the ``nth`` vampire comes out (0: not by ``turns``)."""
    counters = [0] * len(capacities)
    done: set[int] = set()
    for turn in range(1, turns + 1):
        transfers = min(seat, 4) if turn == 1 else 4
        for i in sorted(range(len(capacities)), key=lambda i: capacities[i]):
            if i not in done:
                spent = min(transfers, capacities[i] - counters[i])
                counters[i] += spent
                transfers -= spent
        done |= {i for i in range(len(capacities)) if counters[i] == capacities[i]}
        if len(done) >= nth:
            return turn
    return 0


@pytest.mark.parametrize("seat", [1, 2, 3, 4, 5])
def test_the_first_vampires_come_out_as_the_policy_plays_out(cards, seat):
    crypt = {"Tupdog": 1, "Aimee Laroux": 2, "Abebe": 1, "Adhiambo": 2, "Anson": 1, "Abderrahim, Death's Hand": 1}
    capacities = [cards.lookup(n).capacity for n, k in crypt.items() for _ in range(k)]
    turns = 6
    first = [0] * turns
    second = [0] * turns
    hands = 0
    for drawn in itertools.combinations(capacities, 4):
        hands += 1
        for nth, curve in ((1, first), (2, second)):
            came = turn_out(list(drawn), seat, turns, nth)
            for t in range(came, turns + 1) if came else ():
                curve[t - 1] += 1
    report = draws.exact_report(draws.compile_plan(build(cards, {"Blood Doll": 40}, crypt), cards, turns=turns))
    row = report["first_vampire"]["seats"][seat - 1]
    assert row["seat"] == seat
    assert row["by_turn_exact"] == pytest.approx([n / hands for n in first], abs=1e-15)
    assert row["second_by_turn_exact"] == pytest.approx([n / hands for n in second], abs=1e-15)


def test_a_crypt_of_capacity_one_is_out_on_the_first_turn_for_every_seat(cards):
    report = draws.run_hands(build(cards, {"Blood Doll": 40}, {"Alex Wilkins": 12}), cards, hands=10_000, seed=1)
    for row in report["first_vampire"]["seats"]:
        assert row["by_turn"][0] == row["by_turn_exact"][0] == 1.0
        assert row["mean_turn"] == row["mean_turn_exact"] == 1.0
    seat1, seat2 = report["first_vampire"]["seats"][:2]
    assert seat1["second_mean_turn"] == 2.0  # one transfer on turn 1: the second waits a turn
    assert seat2["second_mean_turn"] == 1.0


def test_a_crypt_of_capacity_four_comes_out_by_seat(cards):
    report = draws.run_hands(build(cards, {"Blood Doll": 40}, {"Abebe": 12}), cards, hands=10_000, seed=1)
    mean = [row["mean_turn"] for row in report["first_vampire"]["seats"]]
    assert mean == [2.0, 2.0, 2.0, 1.0, 1.0]  # seat 1: 1 + 4 transfers by turn 2; seat 4: 4 on turn 1
    second = [row["second_mean_turn_exact"] for row in report["first_vampire"]["seats"]]
    # 8 transfers for two: seats 1-3 have 5, 6, 7 by turn 2 and must wait for turn 3; seats 4-5 have 8.
    assert second == [3.0, 3.0, 3.0, 2.0, 2.0]


# --- simulated against exact: the "done when" ------------------------------------------

CONDITIONS = [
    'library.type("Master") >= 2 and crypt.capacity("<=6") >= 1',
    'library.type("Combat") + library.type("Reaction") >= 2 or crypt.title()',
    'not crypt.capacity(">=9") and library.type("Action") != 1',
]


def twda_sample(count: int = 20) -> list:
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}: the simulated-vs-exact check did not run")
    files = sorted(TWDA.glob("*.txt"))
    return [files[i * len(files) // count] for i in range(count)]


def off_by(simulated: float, exact: float, hands: int) -> float:
    """How many standard errors apart; 0 when both say certain (or impossible)."""
    stderr = math.sqrt(exact * (1 - exact) / hands)
    if stderr == 0:
        return 0.0 if simulated == exact else math.inf
    return abs(simulated - exact) / stderr


def test_simulated_hands_agree_with_the_exact_odds_on_tournament_decks(cards):
    far = []
    checked = 0
    for path in twda_sample():
        deck = decklist.parse(path.read_bytes(), cards, path=path.name)
        report = draws.run_hands(deck, cards, hands=N, seed=2026, conditions=CONDITIONS)
        pairs = [(f"{r['name']}", r["p_opening"], r["p_opening_exact"]) for r in report["library"] + report["crypt"]]
        for g in report["groups"]:
            pairs.append((f"{g['part']} {g['kind']} {g['key']}", g["p_opening"], g["p_opening_exact"]))
            pairs += [
                (f"{g['key']} ≥{k}", s, e)
                for k, s, e in zip((1, 2, 3, 4), g["at_least"], g["at_least_exact"], strict=True)
            ]
        playable = report["playable"]
        pairs += [
            (f"{h} playable", s, e)
            for h, (s, e) in enumerate(zip(playable["histogram"], playable["histogram_exact"], strict=True))
        ]
        for seat in report["first_vampire"]["seats"]:
            for key in ("by_turn", "second_by_turn"):
                pairs += [
                    (f"seat {seat['seat']} {key} {t}", s, e)
                    for t, (s, e) in enumerate(zip(seat[key], seat[key + "_exact"], strict=True), 1)
                ]
        for condition in report["conditions"]:
            assert condition["p_exact"] is not None, condition
            pairs.append((condition["expression"], condition["p"], condition["p_exact"]))
        for label, simulated, exact in pairs:
            checked += 1
            if off_by(simulated, exact, N) > SIGMAS:
                far.append((path.name, label, simulated, exact))
        # The mean share of playable cards: its standard error from the exact law of the count.
        law = playable["histogram_exact"]
        mean = sum(h * p for h, p in enumerate(law))
        sd = math.sqrt(sum((h - mean) ** 2 * p for h, p in enumerate(law)) / N) / 7
        assert abs(playable["mean_share"] - playable["mean_share_exact"]) <= SIGMAS * sd + 1e-12, path.name
        # Every card and every group appears in the report, with its standard error as the issue defines it.
        assert len(report["library"]) == len(deck.library) and report["hands"] == N
        for row in report["library"]:
            assert row["stderr"] == pytest.approx(math.sqrt(row["p_opening_exact"] * (1 - row["p_opening_exact"]) / N))
    assert far == []
    assert checked > 5_000


# ---- a sample hand ------------------------------------------------------------------------------


def test_a_sample_hand_deals_7_library_and_4_crypt_copies_the_deck_holds_the_same_for_its_seed(cards):
    # Two copies of a card: a hand never holds three.
    deck = build(cards, {"Govern the Unaligned": 2, "Blood Doll": 5, "Deflection": 1}, {"Anson": 1, "Tupdog": 3})
    plan = draws.compile_plan(deck, cards)
    held = {**deck.library, **deck.crypt}
    hands = [draws.sample_hand(plan, seed) for seed in range(200)]
    for hand in hands:
        assert (len(hand.library), len(hand.crypt)) == (draws.OPENING_LIBRARY, draws.OPENING_CRYPT)
        assert set(hand.library) <= set(deck.library) and set(hand.crypt) <= set(deck.crypt)
        dealt = [*hand.library, *hand.crypt]
        assert all(dealt.count(card) <= held[card] for card in dealt)
    assert draws.sample_hand(plan, 7) == hands[7]  # its number deals it again
    assert len({hand.library for hand in hands}) > 1  # and other numbers other hands
