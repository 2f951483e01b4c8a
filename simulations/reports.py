"""What each kind's report holds, as the API documents a finished job's ``result``: the hands report
(``draws.hands_report``), the games report (``engine.simulation.games_report``), a comparison's and a card impact's
(``engine.compare``'s figures: ``kinds.CompareKind``, ``kinds.ImpactKind``), returned as stored. A kind
names its serializer (``JobKind.report_serializer``); the job's serializer documents ``result`` as one of them.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

__all__ = [
    "CompareReportSerializer",
    "GamesReportSerializer",
    "HandsReportSerializer",
    "ImpactReportSerializer",
    "pattern_choice",
]


def pattern_choice(values: list[str], **kwargs) -> serializers.ChoiceField:
    """A choice documented by a pattern rather than an ``enum``: drf-spectacular names every enum after its
    field, and a second choice set for a field called ``kind`` (the cards API has one) would be a naming
    collision, which the schema check refuses."""

    @extend_schema_field({"type": "string", "pattern": f"^({'|'.join(values)})$"})
    class PatternChoiceField(serializers.ChoiceField):
        pass

    return PatternChoiceField(choices=values, **kwargs)


# --- the hands report (documentation of draws.hands_report) ---------------------------------------


def _shares(help_text: str) -> serializers.ListField:
    return serializers.ListField(child=serializers.FloatField(), help_text=help_text)


class LibraryCardOddsSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()
    count = serializers.IntegerField(help_text="copies in the library")
    type = serializers.CharField(help_text='the card type, e.g. "Master" or "Action/Reaction"')
    p_opening = serializers.FloatField(help_text="share of simulated opening hands (7 cards) holding at least one")
    p_opening_exact = serializers.FloatField(help_text="the exact probability: 1 − C(L−k, 7) / C(L, 7)")
    stderr = serializers.FloatField(help_text="standard error of `p_opening`: √(p(1−p)/N) with the exact p")
    p_by_turn_exact = _shares("exact P(at least one seen) by the start of turn 1, 2, …")


class CryptCardOddsSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()
    count = serializers.IntegerField(help_text="copies in the crypt")
    capacity = serializers.IntegerField(allow_null=True)
    p_opening = serializers.FloatField(help_text="share of simulated opening crypts (4 cards) holding at least one")
    p_opening_exact = serializers.FloatField(help_text="the exact probability: 1 − C(C−k, 4) / C(C, 4)")
    stderr = serializers.FloatField()


class GroupOddsSerializer(serializers.Serializer):
    part = pattern_choice(["library", "crypt"])
    kind = pattern_choice(["type", "discipline", "clan", "capacity"])
    key = serializers.CharField(help_text='what the group is keyed by, e.g. "Master"')
    # A declared field, not Field.label (see GamesOpponentSerializer).
    label = serializers.CharField()  # type: ignore[assignment]
    count = serializers.IntegerField(help_text="cards of the part in the group")
    p_opening = serializers.FloatField(allow_null=True, help_text="simulated share of openings with at least one")
    p_opening_exact = serializers.FloatField()
    at_least_exact = _shares("exact P(at least 1), P(at least 2), P(at least 3), P(at least 4) in the opening")
    p_by_turn_exact = _shares("exact P(at least one seen) by the start of turn 1, 2, …")


class PlayableSerializer(serializers.Serializer):
    mean_share = serializers.FloatField(help_text="mean share of the 7 library cards the 4 crypt cards can play")
    histogram = _shares("share of opening hands with 0, 1, …, 7 playable library cards")
    all_playable = serializers.FloatField(help_text="share of opening hands whose 7 library cards are all playable")
    explanation = serializers.CharField(help_text="what counts as playable")


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=5)
    by_turn = _shares("P(a vampire is out by the end of turn 1, 2, …)")
    mean_turn = serializers.FloatField(allow_null=True)
    second_by_turn = _shares("P(a second vampire is out by the end of turn 1, 2, …)")


class FirstVampireSerializer(serializers.Serializer):
    policy = serializers.CharField(help_text="the influence policy simulated")
    turns = serializers.IntegerField()
    seats = SeatSerializer(many=True)


class DrawCurveTurnSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    seen = serializers.IntegerField(help_text="library cards seen by the start of this turn (hand refilled to 7)")


class DrawCurveSerializer(serializers.Serializer):
    replacements_per_turn = serializers.IntegerField()
    turns = DrawCurveTurnSerializer(many=True)


class ConditionOddsSerializer(serializers.Serializer):
    expression = serializers.CharField()
    p = serializers.FloatField(help_text="share of simulated opening hands meeting it")
    stderr = serializers.FloatField()
    p_exact = serializers.FloatField(allow_null=True, help_text="exact probability, where the core computes one")


class HandsReportSerializer(serializers.Serializer):
    """The hands report: the same JSON object as ``simulate_hands --json``."""

    hands = serializers.IntegerField()
    seed = serializers.IntegerField()
    seconds = serializers.FloatField(help_text="wall time from the first chunk's start to the last one's end")
    hands_per_second = serializers.FloatField()
    chunks = serializers.IntegerField()
    library_size = serializers.IntegerField()
    crypt_size = serializers.IntegerField()
    library = LibraryCardOddsSerializer(many=True, help_text="in the deck's list order")
    crypt = CryptCardOddsSerializer(many=True)
    groups = GroupOddsSerializer(many=True, help_text="card types, disciplines, clans and capacities")
    playable = PlayableSerializer()
    first_vampire = FirstVampireSerializer()
    draw_curve = DrawCurveSerializer()
    conditions = ConditionOddsSerializer(many=True)


# --- the games report (documentation of engine.simulation.games_report) ----------------------------


def _interval(help_text: str = "95 % interval [low, high]; null with fewer than two games") -> serializers.ListField:
    return serializers.ListField(
        child=serializers.FloatField(), allow_null=True, min_length=2, max_length=2, help_text=help_text
    )


class GamesSlotSerializer(serializers.Serializer):
    path = serializers.CharField(
        help_text='"deck" (the simulated deck), "deck:<id>" ("deck:hidden" for a deck whose id you may not be '
        'shown), "archetype:<slug>", "field:<date>"'
    )
    name = serializers.CharField()
    seat_games = serializers.IntegerField()
    vp_mean = serializers.FloatField(allow_null=True)
    vp_ci95 = _interval()
    game_wins = serializers.IntegerField()
    ousted = serializers.IntegerField()
    coverage = serializers.FloatField(allow_null=True, help_text="share of library copies whose effects are modelled")


class GamesSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=5)
    games = serializers.IntegerField()
    vp_mean = serializers.FloatField(allow_null=True)
    vp_ci95 = _interval()
    win_rate = serializers.FloatField(allow_null=True)


def _nullable_shares(help_text: str) -> serializers.ListField:
    """Shares that are null where no game counts (a seat the deck never held in a short job)."""
    return serializers.ListField(child=serializers.FloatField(allow_null=True), help_text=help_text)


class GamesOustOrderSerializer(serializers.Serializer):
    ousted = _nullable_shares("share of games the deck was ousted 1st, 2nd, …; the last place counts later ousts too")
    survived = serializers.FloatField(allow_null=True, help_text="share of games it was not ousted")


class GamesFirstOustSerializer(serializers.Serializer):
    mean = serializers.FloatField(allow_null=True, help_text="mean round of the table's first oust")
    ci95 = _interval()
    no_oust = serializers.FloatField(allow_null=True, help_text="share of games nobody was ousted in")


class GamesRoundsSerializer(serializers.Serializer):
    mean = serializers.FloatField(allow_null=True)
    ci95 = _interval()
    histogram = serializers.DictField(child=serializers.IntegerField(), help_text="rounds played → games")


class GamesDeckSerializer(serializers.Serializer):
    games = serializers.IntegerField(help_text="games played to their end (the games that raised left out)")
    vp_mean = serializers.FloatField(allow_null=True, help_text="victory points per game")
    vp_ci95 = _interval()
    win_rate = serializers.FloatField(allow_null=True, help_text="share of games won (most VP, at least 2)")
    win_ci95 = _interval("Wilson 95 % interval")
    survival = serializers.FloatField(allow_null=True, help_text="share of games not ousted")
    survival_ci95 = _interval("Wilson 95 % interval")
    oust_order = GamesOustOrderSerializer()
    first_oust_round = GamesFirstOustSerializer(help_text="the round of the table's first oust")
    by_seat = GamesSeatSerializer(many=True)
    rounds = GamesRoundsSerializer(help_text="rounds played")


class GamesOpponentSerializer(serializers.Serializer):
    # A declared field, which the serializer's metaclass moves out of the class: it never shadows Field.label,
    # whatever the stubs say (they read it as an override of that attribute).
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="the opponent archetype, or a fixed deck's name"
    )
    games = serializers.IntegerField()
    vp_mean = serializers.FloatField(allow_null=True, help_text="their VP per game")
    deck_vp_mean = serializers.FloatField(allow_null=True, help_text="the deck's VP in those games")
    deck_vp_ci95 = _interval()
    deck_wins = serializers.IntegerField()
    their_wins = serializers.IntegerField()


class GamesCardSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()
    part = pattern_choice(["crypt", "library"])
    count = serializers.IntegerField()
    modelled = serializers.BooleanField(help_text="the engine implements its effects")
    drawn = serializers.FloatField(allow_null=True, help_text="share of games with at least one copy drawn")
    drawn_mean = serializers.FloatField(allow_null=True)
    played = serializers.FloatField(allow_null=True, help_text="share of games with at least one copy played")
    played_ci95 = _interval("Wilson 95 % interval of `played`")
    played_mean = serializers.FloatField(allow_null=True)
    stuck = serializers.FloatField(
        allow_null=True, help_text="of the games it was drawn in, the share where it was never playable"
    )
    dead = serializers.FloatField(
        allow_null=True, help_text="of the games it was drawn in, the share where no copy was played"
    )


class GamesFirstVampireSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=5)
    games = serializers.IntegerField(help_text="games the deck sat in this seat")
    by_turn = _nullable_shares("P(its first vampire is in play by the end of its turn 1, 2, …)")
    mean_turn = serializers.FloatField(allow_null=True)
    never = serializers.FloatField(allow_null=True, help_text="share of games it never brought a vampire into play")


class GamesFirstVampireSerializer(serializers.Serializer):
    turns = serializers.IntegerField()
    seats = GamesFirstVampireSeatSerializer(many=True)


class GamesExamplesSerializer(serializers.Serializer):
    first = serializers.IntegerField(allow_null=True, help_text="the first game played to its end")
    won = serializers.IntegerField(allow_null=True, help_text="the first game the deck won")
    lost = serializers.IntegerField(allow_null=True, help_text="the first game the deck was ousted in")


class GamesOpponentPlanSerializer(serializers.Serializer):
    kind = pattern_choice(["deck", "archetype", "field"])
    key = serializers.CharField(
        help_text="the deck's id (\"hidden\" if you may not be shown it), the archetype's slug or the field's first date"
    )
    # A declared field, not Field.label (see GamesOpponentSerializer).
    label = serializers.CharField()  # type: ignore[assignment]
    decks = serializers.IntegerField(help_text="decks it draws from, one per game")
    sampled_from = serializers.IntegerField(
        required=False,
        help_text="the pool's size as asked, when it was larger than the simulator plays and `decks` is a seeded "
        "sample of it; 0 when it was not sampled (absent from reports made before it)",
    )


class GamesReportSerializer(serializers.Serializer):
    """The games report: DESIGN.md's games summary (as ``simulate_games --json``), then the deck's figures."""

    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    players = serializers.IntegerField()
    seconds = serializers.FloatField()
    games_per_second = serializers.FloatField(allow_null=True)
    decks = GamesSlotSerializer(many=True, help_text="the simulated deck, then one row per opponent seat")
    rounds_mean = serializers.FloatField(allow_null=True)
    coverage = serializers.FloatField(allow_null=True)
    crypt_coverage = serializers.FloatField(allow_null=True)
    unsupported = serializers.ListField(child=serializers.DictField(), help_text="cards not modelled: id, name, copies")
    timeouts = serializers.IntegerField()
    decisions_mean = serializers.FloatField(allow_null=True)
    forced_share = serializers.FloatField(allow_null=True)
    # A declared field (see GamesOpponentSerializer's ``label``): it never shadows Serializer.errors.
    errors = serializers.ListField(  # type: ignore[assignment]
        child=serializers.DictField(), help_text="games that raised: game, seed, error"
    )
    audit = serializers.DictField(child=serializers.IntegerField())
    time_limit = serializers.IntegerField(help_text="games ended by the round cap")
    deck = GamesDeckSerializer()
    opponents = GamesOpponentSerializer(many=True)
    cards = GamesCardSerializer(many=True)
    first_vampire = GamesFirstVampireSerializer(help_text="comparable with the hands report's `first_vampire`")
    examples = GamesExamplesSerializer(help_text="game numbers to read (their logs)")
    error_count = serializers.IntegerField(help_text="games that raised (`errors` lists the first 20)")
    rules = serializers.CharField(help_text="the rules edition played: vekn or 2011")
    rounds_cap = serializers.IntegerField(allow_null=True, help_text="the round cap; null: played to the end")
    opponents_plan = GamesOpponentPlanSerializer(many=True, help_text="the opponents asked for, one per other seat")


# --- paired games: a comparison and a card impact (documentation of engine.compare's figures) --------------------


class PairedErrorSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seed = serializers.IntegerField(help_text="the game's own seed")
    error = serializers.CharField()


class CompareErrorSerializer(PairedErrorSerializer):
    deck = pattern_choice(["a", "b"], help_text="the deck whose game raised")


class CompareDeckSerializer(serializers.Serializer):
    name = serializers.CharField()
    vp_mean = serializers.FloatField(allow_null=True, help_text="VP a game, over the games both decks finished")
    vp_ci95 = _interval()
    game_wins = serializers.IntegerField()


class CompareReportSerializer(serializers.Serializer):
    """A comparison (kind `compare`): DESIGN.md's `compare_decks` figures, A being the job's deck and B the other."""

    games = serializers.IntegerField(help_text="games for each deck: game i of A and game i of B are paired")
    seed = serializers.IntegerField()
    players = serializers.IntegerField()
    decks = CompareDeckSerializer(many=True, help_text="[A, B]")
    vp_diff = serializers.FloatField(allow_null=True, help_text="B − A: the mean of the per-game VP differences")
    vp_diff_ci95 = _interval()
    win_diff = serializers.FloatField(allow_null=True, help_text="B − A in game wins a game")
    win_diff_ci95 = _interval()
    paired_games = serializers.IntegerField(help_text="games both decks finished (the figures are over those)")
    verdict = serializers.CharField(
        help_text="the paired VP difference in words (English): which deck is better and by how much when the "
        "interval leaves 0 out, else that no difference was found at this size"
    )
    # A declared field (see GamesOpponentSerializer's ``label``): it never shadows Serializer.errors.
    errors = CompareErrorSerializer(many=True, help_text="games that raised (the first 20)")  # type: ignore[assignment]
    error_count = serializers.IntegerField(help_text="games that raised, both decks'")
    games_played = serializers.IntegerField(help_text="every game played: 2 × games")
    seconds = serializers.FloatField()


class ImpactErrorSerializer(PairedErrorSerializer):
    card = serializers.IntegerField(
        allow_null=True, help_text="the card blanked in the game that raised; null: as built"
    )


class ImpactCardSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()
    copies = serializers.IntegerField()
    kind = pattern_choice(["crypt", "library"])
    modelled = serializers.BooleanField(
        help_text="the engine models its text; an unmodelled library card plays as a blank already (a delta of "
        "about 0 says nothing of its worth)"
    )
    vp_delta = serializers.FloatField(
        allow_null=True, help_text="VP as built − VP with every copy blanked, a game: positive, the card brings VP"
    )
    vp_delta_ci95 = _interval()
    win_delta = serializers.FloatField(allow_null=True, help_text="the same in game wins a game")
    win_delta_ci95 = _interval()


class ImpactFiguresSerializer(serializers.Serializer):
    vp_mean = serializers.FloatField(allow_null=True)
    vp_ci95 = _interval()
    game_wins = serializers.IntegerField()


class ImpactReportSerializer(serializers.Serializer):
    """What each card brings (kind `impact`): DESIGN.md's `card_impact` figures, the cards most valuable first."""

    cards = ImpactCardSerializer(many=True, help_text="by `vp_delta`, most valuable first")
    games = serializers.IntegerField(help_text="games as built, and as many for each card blanked")
    seed = serializers.IntegerField()
    players = serializers.IntegerField()
    name = serializers.CharField(help_text="the deck's name")
    as_built = ImpactFiguresSerializer(help_text="the deck as built")
    # A declared field (see GamesOpponentSerializer's ``label``): it never shadows Serializer.errors.
    errors = ImpactErrorSerializer(many=True, help_text="games that raised (the first 20)")  # type: ignore[assignment]
    error_count = serializers.IntegerField(help_text="games that raised, as built or blanked")
    games_played = serializers.IntegerField(help_text="every game played: games × (cards + 1)")
    seconds = serializers.FloatField()
