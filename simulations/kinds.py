"""What each kind of simulation job computes: the one place the job machinery asks.

``simulations.services`` (start, caps, queues, resend, merge, finish) and ``simulations.tasks`` (a chunk in a
worker) are the same code for every kind: they store a job of ``units`` (hands to draw, games to play), cut it
into chunks (``chunk_sizes``), hand each chunk to ``run_chunk`` in a worker, and give the stored tallies to
``merge`` and ``report`` once all are in. A kind says only what is its own: its unit and limits (settings,
read when asked so that a test's ``override_settings`` holds), how its plan runs, and the sentences of its
caps. The core does the work (``vtesdeck.core.draws`` for hands, ``vtesdeck.core.engine.simulation`` for
games, ``vtesdeck.core.engine.compare`` for paired games: a comparison, a card impact); nothing here imports Django's ORM, and a new kind is a class and one line in ``KINDS``. An app above
this one brings its kind with ``register`` (``proxies.kind``), with its own job page (``page``) and its own
start from an API request (``start_from_request``): simulations never imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import serializers

from cards import index
from vtesdeck.core import draws

from . import reports

if TYPE_CHECKING:
    from .models import Simulation

__all__ = [
    "COMPARE",
    "GAMES",
    "HANDS",
    "IMPACT",
    "KINDS",
    "PLANNER",
    "JobKind",
    "OneChunkKind",
    "PairedKind",
    "card_index",
    "of",
    "paired_plan_of",
    "register",
]

Progress = Callable[[int], None]


class JobKind:
    """One kind of job. Subclasses set the class attributes and the methods that raise here."""

    name: str  # Simulation.Kind's value
    unit: str  # the API's word for a unit: "hands", "games" (and "<unit>_done")
    min_chunk_size: int  # smaller chunks cost more in messages and rows than they compute
    # What the API shows of a job of this kind: the stored parameters it answers with (none: no
    # ``parameters``), and the serializer documenting its ``result`` (None: not documented, the planner's,
    # whose answer only its owner's page shows).
    api_parameters: tuple[str, ...] = ()
    report_serializer: type[serializers.Serializer] | None = None

    @property
    def max_units(self) -> int:
        """The core's own ceiling, whatever the settings say: a class attribute in most kinds; a property where
        reading it would load the core (the games engine) before the kind is used."""
        raise NotImplementedError

    # --- limits (settings, read when asked) ---------------------------------------------------------

    def default_units(self) -> int:
        raise NotImplementedError

    def allowed_units(self) -> int:
        """The most units one job may ask for."""
        raise NotImplementedError

    def default_chunk_size(self) -> int:
        raise NotImplementedError

    def quick_max_units(self) -> int:
        """Jobs of at most this many units go to the quick queue (``services.chunk_queue``)."""
        raise NotImplementedError

    def unit_caps(self, anonymous: bool) -> int:
        """The most units of this kind one owner may have unfinished at once."""
        raise NotImplementedError

    def long_running(self) -> bool:
        """Whether a job's one chunk may hold a worker process for minutes: such jobs go to the long queue
        (``services.chunk_queue``), which only the workers started for it consume."""
        return False

    def time_limits(self) -> tuple[int, int]:
        """(soft, hard) seconds a chunk may run."""
        return settings.SIMULATION_CHUNK_SOFT_TIME_LIMIT, settings.SIMULATION_CHUNK_TIME_LIMIT

    # --- the work -----------------------------------------------------------------------------------

    def chunk_sizes(self, units: int, chunk_size: int) -> list[int]:
        full, rest = divmod(units, chunk_size)
        return [chunk_size] * full + ([rest] if rest else [])

    def chunk_size_of(self, simulation: Simulation) -> int:
        return simulation.parameters.get("chunk_size") or self.default_chunk_size()

    def run_chunk(self, simulation: Simulation, index: int, units: int, progress: Progress) -> dict[str, Any]:
        """Compute chunk ``index`` (``units`` of work) of a stored job; ``progress(done)`` may raise to stop."""
        raise NotImplementedError

    def merge(self, tallies: Iterable[dict[str, Any]]) -> dict[str, Any]:
        raise NotImplementedError

    def report(self, simulation: Simulation, tally: dict[str, Any], seconds: float) -> dict[str, Any]:
        raise NotImplementedError

    # --- what a kind of another app brings (``register``) ---------------------------------------------

    def page(self, simulation: Simulation) -> tuple[str, dict[str, Any]] | None:
        """The template of the job's page and what it adds to the page's context; None for the pages this
        app draws itself (hands, games; the planner's page is its own app's)."""
        return None

    def start_from_request(
        self, request: Any, attrs: dict[str, Any], core: Any, cards: Any, *, source_deck: Any = None
    ) -> Simulation:
        """A job from the API's checked values (``POST /api/simulations/`` with this ``kind``)."""
        raise NotImplementedError

    # --- the sentences of its limits (each kind words its own unit) ---------------------------------

    def too_large(self, limit: int, value: int, *, anonymous: bool) -> str:
        raise NotImplementedError

    def over_cap(self, left: int, asked: int, limit: int, *, anonymous: bool) -> str:
        raise NotImplementedError


class HandsKind(JobKind):
    name = "hands"
    unit = "hands"
    report_serializer = reports.HandsReportSerializer
    min_chunk_size = 1_000
    max_units = draws.MAX_HANDS

    def default_units(self) -> int:
        return settings.SIMULATION_DEFAULT_HANDS

    def allowed_units(self) -> int:
        return min(settings.SIMULATION_MAX_HANDS, draws.MAX_HANDS)

    def default_chunk_size(self) -> int:
        return settings.SIMULATION_CHUNK_SIZE

    def quick_max_units(self) -> int:
        return settings.SIMULATION_QUICK_MAX_HANDS

    def unit_caps(self, anonymous: bool) -> int:
        return settings.SIMULATION_MAX_ACTIVE_HANDS_ANON if anonymous else settings.SIMULATION_MAX_ACTIVE_HANDS_USER

    def chunk_sizes(self, units: int, chunk_size: int) -> list[int]:
        return draws.chunk_sizes(units, chunk_size)

    def chunk_size_of(self, simulation: Simulation) -> int:
        return simulation.parameters.get("chunk_size") or draws.DEFAULT_CHUNK_SIZE

    def run_chunk(self, simulation: Simulation, index: int, units: int, progress: Progress) -> dict[str, Any]:
        plan = draws.HandsPlan.from_dict(simulation.plan)
        return draws.simulate_chunk(plan, units, simulation.seed, index, progress=progress)

    def merge(self, tallies: Iterable[dict[str, Any]]) -> dict[str, Any]:
        return draws.merge_tallies(tallies)

    def report(self, simulation: Simulation, tally: dict[str, Any], seconds: float) -> dict[str, Any]:
        plan = draws.HandsPlan.from_dict(simulation.plan)
        return draws.hands_report(plan, tally, seed=simulation.seed, seconds=seconds)

    def too_large(self, limit: int, value: int, *, anonymous: bool) -> str:
        numbers = {"limit": f"{limit:,}", "value": f"{value:,}"}
        if anonymous:
            return (
                _(
                    "hands must be at most %(limit)s without an account (the most hands unfinished at once), not "
                    "%(value)s."
                )
                % numbers
            )
        return (
            _("hands must be at most %(limit)s (the most hands an account may have unfinished at once), not %(value)s.")
            % numbers
        )

    def over_cap(self, left: int, asked: int, limit: int, *, anonymous: bool) -> str:
        numbers = {"left": f"{left:,}", "hands": f"{asked:,}", "limit": f"{limit:,}"}
        if anonymous:
            return (
                _(
                    "The unfinished simulation jobs of your address still have %(left)s hands to draw and this one asks "
                    "for %(hands)s; without an account, at most %(limit)s hands may be unfinished at once. Wait for a "
                    "job to finish, or ask for fewer hands."
                )
                % numbers
            )
        return (
            _(
                "Your unfinished simulation jobs still have %(left)s hands to draw and this one asks for %(hands)s; "
                "an account may have at most %(limit)s hands unfinished at once. Wait for a job to finish, or ask "
                "for fewer hands."
            )
            % numbers
        )


class GamesKind(JobKind):
    name = "games"
    unit = "games"
    min_chunk_size = 1
    api_parameters: tuple[str, ...] = ("players", "rounds", "rules", "opponents", "field_since", "twda")
    report_serializer: type[serializers.Serializer] | None = reports.GamesReportSerializer

    @property
    def max_units(self) -> int:
        # The engine's own ceiling, read from it (imported when first asked: web processes that never start a
        # games job do not load the engine).
        from vtesdeck.core.engine import simulation

        return simulation.MAX_GAMES

    def default_units(self) -> int:
        return settings.SIMULATION_DEFAULT_GAMES

    def allowed_units(self) -> int:
        return min(settings.SIMULATION_MAX_GAMES, self.max_units)

    def default_chunk_size(self) -> int:
        return settings.SIMULATION_GAMES_CHUNK_SIZE

    def quick_max_units(self) -> int:
        return settings.SIMULATION_QUICK_MAX_GAMES

    def unit_caps(self, anonymous: bool) -> int:
        return settings.SIMULATION_MAX_ACTIVE_GAMES_ANON if anonymous else settings.SIMULATION_MAX_ACTIVE_GAMES_USER

    def run_chunk(self, simulation: Simulation, index: int, units: int, progress: Progress) -> dict[str, Any]:
        from vtesdeck.core.engine import simulation as games

        start = index * self.chunk_size_of(simulation)
        return games.simulate_chunk(
            plan_of(simulation),
            card_index(),
            seed=simulation.seed,
            start=start,
            stop=start + units,
            progress=progress,
        )

    def merge(self, tallies: Iterable[dict[str, Any]]) -> dict[str, Any]:
        from vtesdeck.core.engine import simulation as games

        return games.merge_tallies(tallies)

    def report(self, simulation: Simulation, tally: dict[str, Any], seconds: float) -> dict[str, Any]:
        from vtesdeck.core.engine import simulation as games

        return games.games_report(plan_of(simulation), tally, seed=simulation.seed, seconds=seconds)

    def too_large(self, limit: int, value: int, *, anonymous: bool) -> str:
        numbers = {"limit": f"{limit:,}", "value": f"{value:,}"}
        if anonymous:
            return (
                _(
                    "games must be at most %(limit)s without an account (the most games unfinished at once), not "
                    "%(value)s."
                )
                % numbers
            )
        return (
            _("games must be at most %(limit)s (the most games an account may have unfinished at once), not %(value)s.")
            % numbers
        )

    def over_cap(self, left: int, asked: int, limit: int, *, anonymous: bool) -> str:
        numbers = {"left": f"{left:,}", "games": f"{asked:,}", "limit": f"{limit:,}"}
        if anonymous:
            return (
                _(
                    "The unfinished simulation jobs of your address still have %(left)s games to play and this one asks "
                    "for %(games)s; without an account, at most %(limit)s games may be unfinished at once. Wait for a "
                    "job to finish, or ask for fewer games."
                )
                % numbers
            )
        return (
            _(
                "Your unfinished simulation jobs still have %(left)s games to play and this one asks for %(games)s; "
                "an account may have at most %(limit)s games unfinished at once. Wait for a job to finish, or ask "
                "for fewer games."
            )
            % numbers
        )


def card_index():
    """The card list of this process (built once per worker process: ``cards.index.get``); the engine compiles
    its card specs once per card list (``engine.compile.compiled``)."""

    return index.get()


_PLANS: dict[str, Any] = {}  # a job's plan never changes once stored


def _once(cache: dict[str, Any], simulation: Simulation, make: Callable[[], Any]) -> Any:
    """``make()`` for this job, made once per process and kept in ``cache`` for its next chunks; the cache holds a
    few jobs at most (a worker runs the chunks of one job after another, and a plan can be hundreds of decks)."""
    found = cache.get(simulation.pk)
    if found is None:
        if len(cache) >= 8:
            cache.clear()
        found = cache[simulation.pk] = make()
    return found


def plan_of(simulation: Simulation):
    """A games job's plan, read from its JSON once per process: every chunk of a job a worker runs reuses it
    (a field pool is hundreds of decks)."""
    from vtesdeck.core.engine import simulation as games

    return _once(_PLANS, simulation, lambda: games.GamesPlan.from_dict(simulation.plan))


class PairedKind(GamesKind):
    """Paired games (``vtesdeck.core.engine.compare``): the same games played by two versions of a deck or more.
    Their unit is the game played, which the games limits and caps count (a comparison plays each game twice, a
    card impact once as built and once per card blanked: ``compare.Plan.per_game``). A chunk is a range of game
    indices, ``chunk_size / per_game`` of them (``services.start_paired`` makes the chunk size a multiple of it),
    played for every side; its tally is each side's per-game results, and the tallies are joined by game index
    (``compare.merge_chunks``) before the report, which holds ``compare``'s figures (``compare.plan_report``)."""

    api_parameters: tuple[str, ...] = ("games", "players", "rounds")

    def run_chunk(self, simulation: Simulation, index: int, units: int, progress: Progress) -> dict[str, Any]:
        from vtesdeck.core.engine import compare

        plan, table = paired_plan_of(simulation)
        start = index * self.chunk_size_of(simulation) // plan.per_game
        stop = start + units // plan.per_game
        return compare.play_chunk(plan, table, seed=simulation.seed, start=start, stop=stop, progress=progress)

    def merge(self, tallies: Iterable[dict[str, Any]]) -> dict[str, Any]:
        from vtesdeck.core.engine import compare

        return compare.merge_chunks(tallies)

    def report(self, simulation: Simulation, tally: dict[str, Any], seconds: float) -> dict[str, Any]:
        """``compare``'s figures of the job's plan (the first errors only), as the kind words them (``own``), then
        what both reports hold beside: the games played in all, the games that raised."""
        from vtesdeck.core.engine import compare

        plan, _table = paired_plan_of(simulation)
        found = compare.plan_report(plan, card_index(), tally, seed=simulation.seed)
        data = found.to_dict()
        data["errors"] = data["errors"][: compare.MAX_ERRORS]
        errors = sum(vp is None for side in tally["sides"].values() for vp in side["vp"])
        return {
            **self.own(plan, found, data),
            "games_played": simulation.units,
            "error_count": errors,
            "seconds": round(seconds, 3),
        }

    def own(self, plan: Any, found: Any, data: dict[str, Any]) -> dict[str, Any]:
        """The report's figures ``data`` (``found.to_dict()``) with what the kind adds to them."""
        raise NotImplementedError


class CompareKind(PairedKind):
    name = "compare"
    unit = "games"
    api_parameters = ("games", "players", "rounds", "other", "opponents", "field_since")
    report_serializer = reports.CompareReportSerializer

    def default_units(self) -> int:
        return settings.SIMULATION_DEFAULT_COMPARE_GAMES

    def own(self, plan: Any, found: Any, data: dict[str, Any]) -> dict[str, Any]:
        # Each deck's row named: A the job's deck, B the other.
        other = plan.other.name if plan.other is not None else ""
        data["decks"] = [
            {"name": name, **row} for name, row in zip((plan.deck.name, other), data["decks"], strict=True)
        ]
        return data

    def too_large(self, limit: int, value: int, *, anonymous: bool) -> str:
        numbers = {"limit": f"{limit:,}", "value": f"{value:,}", "games": f"{value // 2:,}"}
        return (
            _(
                "A comparison plays each game twice, once for each deck: %(games)s games are %(value)s games to "
                "play, and at most %(limit)s may be unfinished at once. Ask for fewer games."
            )
            % numbers
        )


class ImpactKind(PairedKind):
    name = "impact"
    unit = "games"
    api_parameters = ("games", "players", "rounds", "cards", "opponents", "field_since")
    report_serializer = reports.ImpactReportSerializer

    def default_units(self) -> int:
        return settings.SIMULATION_DEFAULT_IMPACT_GAMES

    def own(self, plan: Any, found: Any, data: dict[str, Any]) -> dict[str, Any]:
        from vtesdeck.core.engine import compare

        assert isinstance(found, compare.Impact)  # an impact plan has no other deck
        # Beside DESIGN.md's figures of each card: its part, and whether the engine models it (an unmodelled
        # library card plays as a blank already: its delta says nothing of its worth).
        data["cards"] = [
            {**row, "kind": "crypt" if card.crypt else "library", "modelled": card.modelled}
            for card, row in zip(found.cards, data["cards"], strict=True)
        ]
        return {**data, "name": plan.deck.name}

    def too_large(self, limit: int, value: int, *, anonymous: bool) -> str:
        return _(
            "A card impact plays every game once as built and once for each card blanked: %(value)s games to play "
            "here, and at most %(limit)s may be unfinished at once. Ask for fewer games."
        ) % {"limit": f"{limit:,}", "value": f"{value:,}"}


_PAIRED: dict[str, Any] = {}  # a job's plan and card list never change once stored


def paired_plan_of(simulation: Simulation):
    """A paired job's plan and the card list its games are played with (for a card impact, one holding the deck's
    blanks: ``compare.Plan.table``), made once per process: every chunk of a job a worker runs reuses them."""
    from vtesdeck.core.engine import compare

    def make() -> tuple[Any, Any]:
        plan = compare.Plan.from_dict(simulation.plan)
        return plan, plan.table(card_index())

    return _once(_PAIRED, simulation, make)


class OneChunkKind(JobKind):
    """A job done in one piece by one worker (a planner search, a PDF): its whole work is one chunk, so a
    chunk's tally is the job's. Subclasses say their unit, limits, ``run_chunk`` and ``report``."""

    min_chunk_size = 1

    def default_units(self) -> int:
        return 1

    def allowed_units(self) -> int:
        return self.max_units

    def default_chunk_size(self) -> int:
        return self.max_units

    def chunk_sizes(self, units: int, chunk_size: int) -> list[int]:
        return [units]

    def merge(self, tallies: Iterable[dict[str, Any]]) -> dict[str, Any]:
        return next(iter(tallies), {})


class PlannerKind(OneChunkKind):
    """The build planner's largest set of one's decks buildable at once (``vtesdeck.core.planner``), when there
    are too many decks to search within a web request: one chunk, its unit the decks weighed."""

    name = "planner"
    unit = "decks"
    max_units = 1_000

    def quick_max_units(self) -> int:
        return 0  # a search of minutes: never in the quick queue

    def long_running(self) -> bool:
        return True  # a search of up to minutes (the chunk's soft time limit less a margin): the long queue

    def unit_caps(self, anonymous: bool) -> int:
        return 0 if anonymous else self.max_units

    def run_chunk(self, simulation: Simulation, index: int, units: int, progress: Progress) -> dict[str, Any]:
        from vtesdeck.core import planner

        # Ticks only look for a cancelled job; the decks are all weighed at once, so progress jumps at the end.
        # The search ends well before the chunk's soft time limit, which would lose the best set found so far.
        soft, _hard = self.time_limits()
        seconds = max(soft - max(10, soft // 5), soft // 2)
        result = planner.run_job(simulation.plan, tick=lambda nodes: progress(0), seconds=seconds).to_dict()
        progress(units)
        return result

    def report(self, simulation: Simulation, tally: dict[str, Any], seconds: float) -> dict[str, Any]:
        names = {deck["key"]: deck["name"] for deck in simulation.plan.get("decks", [])}
        return {**tally, "names": names, "seconds": round(seconds, 3)}

    def too_large(self, limit: int, value: int, *, anonymous: bool) -> str:
        return _("The planner weighs at most %(limit)s decks, not %(value)s.") % {"limit": limit, "value": value}

    def over_cap(self, left: int, asked: int, limit: int, *, anonymous: bool) -> str:
        return _("Your unfinished planner jobs already weigh %(left)s decks; wait for one to finish.") % {"left": left}


HANDS = HandsKind()
GAMES = GamesKind()
COMPARE = CompareKind()
IMPACT = ImpactKind()
PLANNER = PlannerKind()
KINDS: dict[str, JobKind] = {kind.name: kind for kind in (HANDS, GAMES, COMPARE, IMPACT, PLANNER)}


def register(kind: JobKind) -> None:
    """Add a kind that an app above this one brings (``proxies``, from its ``AppConfig.ready``): the job
    machinery runs it as its own, and never imports that app."""
    if KINDS.get(kind.name, kind) is not kind:
        raise ValueError(f"two job kinds named {kind.name!r}")
    KINDS[kind.name] = kind


def of(simulation: Simulation) -> JobKind:
    return KINDS[simulation.kind]
