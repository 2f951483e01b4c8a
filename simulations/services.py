"""Simulation jobs: start them, follow them, cancel them, and never let one stay ``running`` forever.

The pages, the API and ``simulate_hands --via-workers`` all go through here; ``simulations.tasks`` calls
the ``begin_chunk`` / ``beat`` / ``store_chunk`` / ``fail`` steps below from inside a worker.

**Kinds.** Every kind of job (opening hands, full games) goes through the same code here and in
``simulations.tasks``; what a kind computes, its unit (hands, games) and its limits are in
``simulations.kinds``. ``start_hands`` and ``start_games`` check their own parameters and compile their plan;
the rest (caps, storing, queueing, resending, merging, finishing) is one path (``_start``).

**How a job runs.** A start checks the request, compiles the deck into the core's plan (plain JSON,
all a worker needs), stores the job and sends one Celery task per chunk as a ``group``. Any worker on any
machine takes any chunk; each stores its tally as a ``SimulationChunk`` row (unique per job and index, so
a chunk run twice counts once), and the worker whose row completes the set merges the tallies, builds the
report and marks the job ``done``.

*Why a join in the database and not a Celery chord.* A chord needs a result backend that every worker
shares and that supports chords (the filesystem broker's file backend does not; RPC cannot), and its
callback waits on the header's results: a chunk lost with its worker leaves the chord waiting for ever.
Counting stored rows works on every broker and backend, tallies never travel through the result backend
(the chunk tasks store no result at all), and a lost chunk is simply sent again (``refresh``).

**Finishing exactly once.** ``store_chunk`` opens its transaction with an UPDATE of the job's row: on
PostgreSQL that row lock queues every other worker storing a chunk of the same job behind it; on SQLite
the first write takes the database's write lock, waiting (the busy timeout) instead of failing with
"database is locked" as a read-then-write transaction would under WAL. Inside it, the insert and the count
of stored rows cannot race, so exactly one worker sees the last chunk land. The report is built outside
the lock (write transactions stay short), and the job is marked done by a conditional UPDATE
(``status`` still active), which only one caller can win, on either database.

**Lost workers.** A running job's workers touch ``heartbeat_at`` about once a second. When it is older
than ``SIMULATION_STALE_SECONDS`` (``refresh``, called on every read; ``reap_stale``, called when a worker
starts and by ``manage.py reap_simulations``), the chunks with no stored row are sent again and
``attempts`` grows; once ``SIMULATION_MAX_ATTEMPTS`` dispatches were lost the job fails with the reason.
A *queued* job (no chunk started yet) is not judged by its heartbeat: it is waiting for a worker, its
chunks wait in the broker, and it resumes whenever a worker comes (after an outage of the broker or of
every worker too). Only when nothing took it for ``SIMULATION_QUEUED_TIMEOUT_SECONDS`` (a day by default)
is it failed, with a sentence saying so.

**Fair queues.** Two caps per owner hold at each start: unfinished (queued or running) jobs of any kind,
and the work those jobs still have to do in each kind's unit (hands to draw, games to play), per user, or
per client address without an account (the ``starter`` column, a keyed hash of the address); a start over a cap raises ``JobLimitReached`` (429), and
a job larger than the whole allowance is a ``SimulationInputError`` (400). The count and the new row are
one transaction that writes first (SQLite's write lock; on PostgreSQL an advisory lock per owner), so two
starts at once cannot both take the last place. And a job of at most ``SIMULATION_QUICK_MAX_HANDS`` hands
(``SIMULATION_QUICK_MAX_GAMES`` games) sends its chunks to the quick queue (``chunk_queue``), which every worker consumes besides the main one,
taking from each in turn: a small job never waits behind a huge job's hundreds of chunks. A job whose one
chunk may run for minutes (a build planner search) goes to the long queue instead, which only workers started
for it consume: however many such jobs are queued, they never hold the processes the other queues wait for.
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Literal

from celery import group
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from decks.models import Deck
from vtesdeck.celery import app as celery_app
from vtesdeck.celery import long_queue, quick_queue
from vtesdeck.core import draws
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.engine import options as table_options
from vtesdeck.messages import refusal

from . import kinds
from .kinds import JobKind
from .models import SeatedDeck, Simulation, SimulationChunk

__all__ = [
    "BrokerUnavailable",
    "DeckNotFound",
    "JobLimitReached",
    "JobStopped",
    "SimulationInputError",
    "beat",
    "begin_chunk",
    "cancel",
    "chunk_queue",
    "deck_seed",
    "describe",
    "fail",
    "finish",
    "games_of_the_deck",
    "job_exists",
    "long_queue",
    "per_game_results",
    "quick_queue",
    "reap_stale",
    "refresh",
    "same_deck",
    "send_chunks",
    "start_games",
    "start_hands",
    "start_paired",
    "start_whole",
    "starter_of",
    "store_chunk",
]

logger = logging.getLogger(__name__)

ACTIVE = (Simulation.Status.QUEUED, Simulation.Status.RUNNING)
# The task that runs one chunk in a worker (simulations.tasks), queued by its name: the tasks module imports this
# one, never the reverse.
RUN_CHUNK = "simulations.run_chunk"
MIN_CHUNK_SIZE = kinds.HANDS.min_chunk_size  # smaller chunks cost more in messages and rows than they compute


class SimulationInputError(ValueError):
    """Parameters, deck or condition a user got wrong. ``str()`` is a sentence for them; ``field`` names
    the request field it is about ("hands", "games", "seed", "conditions", "deck", "opponents"…), or "" for the
    request as a whole."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


class DeckNotFound(SimulationInputError):
    """A deck the request names (as the deck to compare with) that does not exist or that its user may not read:
    answered as the job's own deck is (404), never telling a private deck from no deck."""


class BrokerUnavailable(RuntimeError):
    """The job's chunks could not be handed to the task queue; the job (``simulation``, when one was
    stored) is marked failed, saying why."""

    simulation: Simulation | None = None


class JobLimitReached(Exception):
    """Its owner has as many unfinished jobs, or as much unfinished work, as a cap allows (nothing stored).
    ``str()`` is a sentence naming the cap and the numbers; it passes once a job finishes or is cancelled."""

    retry_after = 10  # seconds: about how often a page or a client polls its jobs


class JobStopped(Exception):
    """Raised inside a worker's progress callback: the job was cancelled or failed meanwhile."""


# --- starting -------------------------------------------------------------------------------------


def start_hands(
    *,
    deck: CoreDeck,
    cards: CardIndex,
    owner=None,
    source_deck=None,
    hands: int | None = None,
    seed: int | None = None,
    conditions: Sequence[str] = (),
    chunk_size: int | None = None,
    client: str | None = None,
) -> Simulation:
    """Store an opening-hands job for ``deck`` and queue its chunks.

    The caps on unfinished jobs and hands (the module's docstring) hold for a logged-in ``owner``, and for
    a ``client`` address (``vtesdeck.throttling.client_address``) without one; a call with neither (the
    command line, benches) has no cap.

    Raises ``SimulationInputError`` (nothing stored) for bad parameters or a deck that cannot be drawn
    from, ``JobLimitReached`` (nothing stored) over a cap, and ``BrokerUnavailable`` (the job stored as
    failed, with the reason) when the broker is down.
    Call it outside a transaction (or commit within a second or two): the chunks are queued at once, and a
    worker that cannot see the job's row only looks again for a few seconds.
    """
    kind = kinds.HANDS
    hands, seed, chunk_size = _check_size(kind, hands, seed, chunk_size)
    conditions = _check_conditions(conditions)
    owner, starter = _owner(owner, client)
    if owner is not None or client is not None:
        _check_job_size(kind, hands, anonymous=owner is None)
    try:
        plan = draws.compile_plan(deck, cards, conditions=conditions)
    except draws.ConditionError as exc:
        raise SimulationInputError(str(exc), field="conditions") from None
    except draws.DrawsError as exc:
        raise SimulationInputError(str(exc), field="deck") from None
    return _start(
        kind,
        deck=deck,
        owner=owner,
        starter=starter,
        source_deck=source_deck,
        units=hands,
        seed=seed,
        chunk_size=chunk_size,
        plan=plan.to_dict(),
        parameters={"hands": hands, "conditions": conditions, "chunk_size": chunk_size},
    )


def start_games(
    *,
    deck: CoreDeck,
    cards: CardIndex,
    opponents: Sequence[Any],
    owner=None,
    source_deck=None,
    games: int | None = None,
    seed: int | None = None,
    players: int | None = None,
    rounds: int | None | Literal["default"] = "default",
    rules: str = "vekn",
    chunk_size: int | None = None,
    client: str | None = None,
    parameters: dict[str, Any] | None = None,
) -> Simulation:
    """Store a games job: ``deck`` against ``opponents`` (``engine.simulation.Opponent``, one per other seat,
    resolved by the caller: ``simulations.opponents``), and queue its chunks. ``parameters`` adds what the
    request said of itself (the opponents as asked, an archive deck's id) to the stored parameters.

    The same caps, errors and transaction as ``start_hands``, in games."""
    from vtesdeck.core.engine import simulation as games_core

    kind = kinds.GAMES
    games, seed, chunk_size = _check_size(kind, games, seed, chunk_size)
    players = table_options.DEFAULT_PLAYERS if players is None else players
    if rounds == "default":
        rounds = table_options.DEFAULT_ROUNDS
    try:
        table_options.TableOptions(players=players, rounds=rounds, rules=rules, seed=seed)
    except table_options.TableOptionError as exc:
        raise SimulationInputError(refusal(exc), field=exc.field) from None
    owner, starter = _owner(owner, client)
    if owner is not None or client is not None:
        _check_job_size(kind, games, anonymous=owner is None)
    try:
        plan = games_core.compile_plan(
            deck, cards, opponents=opponents, players=players, rounds=rounds, rules=rules, seed=seed
        )
    except games_core.GamesInputError as exc:
        raise SimulationInputError(str(exc), field=exc.field) from None
    asked = {"games": games, "players": players, "rounds": rounds, "rules": rules, "chunk_size": chunk_size}
    return _start(
        kind,
        deck=deck,
        owner=owner,
        starter=starter,
        source_deck=source_deck,
        units=games,
        seed=seed,
        chunk_size=chunk_size,
        plan=plan.to_dict(),
        parameters={**(parameters or {}), **asked},
    )


def start_paired(
    kind: JobKind,
    *,
    deck: CoreDeck,
    cards: CardIndex,
    field: Sequence[CoreDeck],
    other: CoreDeck | None = None,
    opponents: Sequence[CoreDeck | tuple[CoreDeck, ...]] = (),  # engine.run.Slot: a deck, or a pool
    only: Sequence[int] | None = None,
    owner=None,
    source_deck=None,
    games: int | None = None,
    seed: int | None = None,
    players: int | None = None,
    rounds: int | None | Literal["default"] = "default",
    chunk_size: int | None = None,
    client: str | None = None,
    parameters: dict[str, Any] | None = None,
) -> Simulation:
    """Store a job of paired games (``engine.compare``) and queue its chunks: a comparison (``kinds.COMPARE``: A is
    ``deck``, B ``other``) or each card's impact (``kinds.IMPACT``: ``deck`` as built and with each card, or each
    of ``only``, blanked), ``games`` games for each side against ``opponents`` at seats of their own (a deck, or a
    pool drawn per game) and the decks of ``field`` (the archive's, or one archetype's) at the others.

    Its units are every game played: ``games`` × 2 for a comparison, ``games`` × (cards + 1) for an impact, which
    the games limits and caps count as a games job's (``SIMULATION_MAX_GAMES``, ``SIMULATION_MAX_ACTIVE_GAMES_*``).
    A chunk is a range of game indices played for every side (``compare.play_chunk``): ``chunk_size`` indices, by
    default as many as make about ``SIMULATION_GAMES_CHUNK_SIZE`` games. The same caps, errors and transaction as
    ``start_hands``."""
    from vtesdeck.core.engine import compare
    from vtesdeck.core.engine import simulation as games_core

    games, seed, _chunk = _check_size(kind, games, seed, None)
    players = table_options.DEFAULT_PLAYERS if players is None else players
    rounds = table_options.DEFAULT_ROUNDS if rounds == "default" else rounds  # None: no time limit
    try:
        plan = compare.make_plan(
            deck,
            cards,
            field=field,
            other=other,
            opponents=opponents,
            players=players,
            rounds=rounds,
            seed=seed,
            only=only,
        )
    except games_core.GamesInputError as exc:
        raise SimulationInputError(str(exc), field=exc.field) from None
    owner, starter = _owner(owner, client)
    units = games * plan.per_game
    # Its units are known once the plan says how many sides play: checked here against the games limit too.
    uncapped = owner is None and client is None
    _check_job_size(kind, units, anonymous=None if uncapped else owner is None, most=kind.allowed_units())
    size = max(1, settings.SIMULATION_GAMES_CHUNK_SIZE // plan.per_game) if chunk_size is None else chunk_size
    _check_whole_number(size, "chunk_size", 1, kind.max_units)
    asked: dict[str, Any] = {"games": games, "players": players, "rounds": rounds, "chunk_size": size * plan.per_game}
    if other is None:
        asked["cards"] = len(plan.measured)
    return _start(
        kind,
        deck=deck,
        owner=owner,
        starter=starter,
        source_deck=source_deck,
        units=units,
        seed=seed,
        chunk_size=size * plan.per_game,  # in games played: each chunk plays ``size`` indices of every side
        plan=plan.to_dict(),
        parameters={**(parameters or {}), **asked},
    )


def start_planner(*, plan: dict[str, Any], units: int, owner, name: str = "") -> Simulation:
    """Store a build planner job (``vtesdeck.core.planner.job_plan``: ``units`` decks of ``owner``, a logged-in
    user) and queue its one chunk. The same caps, errors and transaction as ``start_hands``."""
    kind = kinds.PLANNER
    owner, _starter = _owner(owner, None)
    if owner is None:
        raise SimulationInputError(_("Log in to plan your decks."), field="decks")
    _check_whole_number(units, kind.unit, 1, kind.max_units)
    _check_job_size(kind, units, anonymous=False)
    return _start(
        kind,
        deck=CoreDeck(name=name),
        owner=owner,
        starter="",
        source_deck=None,
        units=units,
        seed=0,
        chunk_size=units,
        plan=plan,
        parameters={"decks": units},
    )


def start_whole(
    kind: JobKind,
    *,
    deck: CoreDeck,
    plan: dict[str, Any],
    units: int,
    owner=None,
    client: str | None = None,
    source_deck=None,
    parameters: dict[str, Any],
    room: Callable[[Any, str], None] | None = None,
) -> Simulation:
    """Store a job done in one chunk (a ``kinds.OneChunkKind`` another app registered: ``proxies.kind``) from the
    ``plan`` its app made, and queue its chunk. The same caps, errors and transaction as ``start_hands``;
    ``room(owner, starter)``, the kind's own cap on what it keeps (proxies' PDFs), raises ``JobLimitReached``."""
    owner, starter = _owner(owner, client)
    if owner is not None or client is not None:
        _check_job_size(kind, units, anonymous=owner is None)
        if room is not None:
            room(owner, starter)
    return _start(
        kind,
        deck=deck,
        owner=owner,
        starter=starter,
        source_deck=source_deck,
        units=units,
        seed=0,
        chunk_size=units,
        plan=plan,
        parameters=parameters,
    )


def deck_seed(key: str) -> int:
    """The seed of a job of games (``games``, ``compare``, ``impact``) of a known deck whose request sets none:
    fixed by the deck (``key``: "deck:<id>" for a stored deck, "twda:<id>" for an archive deck), so that the same
    deck plays the same games again, reproducibly. The same for every revision of the deck, on purpose: two games
    jobs of two revisions at the same table then play the same tables, and their games are paired (a comparison
    of the two jobs gives a paired verdict). 31 bits, as a random one: short to read out and type back in."""
    return int.from_bytes(hashlib.sha256(f"vtesdeck.seed:{key}".encode()).digest()[:4], "big") >> 1


def _check_size(kind: JobKind, units: Any, seed: Any, chunk_size: Any) -> tuple[int, int, int]:
    """The job's units, seed and chunk size, defaults filled in; ``SimulationInputError`` for a bad one."""
    units = kind.default_units() if units is None else units
    _check_whole_number(units, kind.unit, 1, min(kind.allowed_units(), kind.max_units))
    if seed is None:
        seed = secrets.randbits(31)  # short enough to read out and type back in
    try:
        table_options.check_seed(seed)  # the engine's rule for every job's seed, games and hands alike
    except table_options.TableOptionError as exc:
        raise SimulationInputError(refusal(exc), field="seed") from None
    chunk_size = kind.default_chunk_size() if chunk_size is None else chunk_size
    _check_whole_number(chunk_size, "chunk_size", kind.min_chunk_size, kind.max_units)
    return units, seed, chunk_size


def _owner(owner, client: str | None) -> tuple[Any, str]:
    """(the logged-in owner or None, the starter's keyed hash for a job without one)."""
    owner = owner if owner is not None and owner.is_authenticated else None
    return owner, (starter_of(client) if owner is None and client is not None else "")


def _start(
    kind: JobKind,
    *,
    deck: CoreDeck,
    owner,
    starter: str,
    source_deck,
    units: int,
    seed: int,
    chunk_size: int,
    plan: dict[str, Any],
    parameters: dict[str, Any],
) -> Simulation:
    """Store a checked job (its caps checked in the same transaction) and queue its chunks."""
    sizes = kind.chunk_sizes(units, chunk_size)
    with transaction.atomic():
        simulation = Simulation.objects.create(
            kind=kind.name,
            owner=owner,
            starter=starter,
            deck=source_deck,
            deck_version=getattr(source_deck, "version", None),
            deck_name=(deck.name or getattr(source_deck, "name", "") or "")[:200],
            deck_snapshot=deck.to_dict(with_origin=False),
            parameters=parameters,
            plan=plan,
            seed=seed,
            units=units,
            chunks_total=len(sizes),
        )
        seated = Deck.objects.filter(pk__in=_seated_ids(parameters)).values_list("pk", flat=True)
        SeatedDeck.objects.bulk_create(SeatedDeck(simulation=simulation, deck_id=pk) for pk in seated)
        if owner is not None or starter:
            _check_caps(simulation)  # raises, rolling the new row back, when it is one job too many
    try:
        send_chunks(simulation, list(enumerate(sizes)))
    except BrokerUnavailable as exc:
        fail(simulation.id, str(exc))
        simulation.refresh_from_db()
        exc.simulation = simulation
        raise
    return simulation


def _seated_ids(parameters: dict[str, Any]) -> set[str]:
    """The stored decks a job seats besides its own, by the ids its parameters name: a comparison's deck B
    (``other``) and the opponents named by id (``simulations.opponents``, which checked that the user may read
    them)."""
    named = [parameters.get("other"), *(parameters.get("opponents") or [])]
    return {str(item["deck"]) for item in named if isinstance(item, dict) and isinstance(item.get("deck"), str | int)}


def starter_of(client: str) -> str:
    """What a job started without an account keeps of its client's address: a keyed hash (the secret key's),
    so that the caps count per address while no address is stored."""
    return salted_hmac("simulations.starter", client, algorithm="sha256").hexdigest()


def _caps(kind: JobKind, anonymous: bool) -> tuple[int, int]:
    """(most unfinished jobs of any kind, most unfinished units of this kind) of one owner."""
    jobs = settings.SIMULATION_MAX_ACTIVE_JOBS_ANON if anonymous else settings.SIMULATION_MAX_ACTIVE_JOBS_USER
    return jobs, kind.unit_caps(anonymous)


def _check_job_size(kind: JobKind, units: int, *, anonymous: bool | None, most: int | None = None) -> None:
    """A job larger than the whole allowance of unfinished units (an address's, ``anonymous``, or an account's; None:
    a start with no caps, the command line's), or than ``most``, could never start: a 400, not a 429."""
    limit = most
    if anonymous is not None:
        cap = _caps(kind, anonymous)[1]
        limit = cap if limit is None else min(limit, cap)
    if limit is not None and units > limit:
        raise SimulationInputError(kind.too_large(limit, units, anonymous=bool(anonymous)), field=kind.unit)


def _check_caps(simulation: Simulation) -> None:
    """Inside the transaction that stored ``simulation`` (its first write): refuse it when its owner's
    unfinished jobs, itself included, pass a cap."""
    anonymous = simulation.owner_id is None
    mine = Simulation.objects.filter(status__in=ACTIVE)
    mine = (
        mine.filter(owner__isnull=True, starter=simulation.starter)
        if anonymous
        else mine.filter(owner_id=simulation.owner_id)
    )
    if connection.vendor == "postgresql":
        # Rows another transaction is inserting are invisible until it commits: starts of one owner take turns.
        key = f"{simulation.owner_id or ''}:{simulation.starter}"
        lock = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock])
    kind = kinds.of(simulation)
    max_jobs, max_units = _caps(kind, anonymous)
    jobs = mine.count()
    if jobs > max_jobs:
        numbers = {"count": jobs - 1, "limit": max_jobs}
        if anonymous:
            message = _(
                "Your address has %(count)d unfinished simulation jobs; without an account, at most %(limit)d may "
                "be unfinished at once. Wait for one to finish, or cancel one."
            )
        else:
            message = _(
                "You have %(count)d unfinished simulation jobs; an account may have at most %(limit)d unfinished "
                "at once. Wait for one to finish, or cancel one."
            )
        raise JobLimitReached(message % numbers)
    # Kinds of one unit share its cap: games played for a games job, a comparison or a card impact alike.
    same_unit = [name for name, other in kinds.KINDS.items() if other.unit == kind.unit]
    same_kind = mine.filter(kind__in=same_unit).exclude(pk=simulation.pk)
    others = same_kind.aggregate(left=Sum(F("units") - F("units_done")))["left"] or 0
    if others + simulation.units > max_units:
        raise JobLimitReached(kind.over_cap(others, simulation.units, max_units, anonymous=anonymous))


def _check_whole_number(value: Any, name: str, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SimulationInputError(
            _("%(name)s must be a whole number, not %(value)r.") % {"name": name, "value": value}, field=name
        )
    if not low <= value <= high:
        raise SimulationInputError(
            _("%(name)s must be from %(low)s to %(high)s, not %(value)s.")
            % {"name": name, "low": f"{low:,}", "high": f"{high:,}", "value": f"{value:,}"},
            field=name,
        )


def _check_conditions(conditions: Sequence[str]) -> list[str]:
    if isinstance(conditions, str) or not isinstance(conditions, Sequence):
        raise SimulationInputError(_("conditions must be a list of expressions."), field="conditions")
    if len(conditions) > draws.MAX_CONDITIONS:
        raise SimulationInputError(
            _("At most %(limit)d conditions per job, not %(count)d.")
            % {"limit": draws.MAX_CONDITIONS, "count": len(conditions)},
            field="conditions",
        )
    checked = []
    for expression in conditions:
        if not isinstance(expression, str) or not expression.strip():
            raise SimulationInputError(_("Each condition must be a non-empty expression."), field="conditions")
        if len(expression) > draws.MAX_CONDITION_LENGTH:
            raise SimulationInputError(
                _("A condition may be at most %(limit)d characters long.") % {"limit": draws.MAX_CONDITION_LENGTH},
                field="conditions",
            )
        checked.append(expression.strip())
    return checked


def chunk_queue(simulation: Simulation) -> str:
    """Where a job's chunks go: the long queue for a kind whose chunk may run for minutes (the planner), the quick
    queue for a small job (``SIMULATION_QUICK_MAX_HANDS`` hands, ``SIMULATION_QUICK_MAX_GAMES`` games: about a
    second or two of one worker), else the main queue."""
    kind = kinds.of(simulation)
    if kind.long_running():
        return long_queue()
    return quick_queue() if simulation.units <= kind.quick_max_units() else settings.SIMULATION_QUEUE


def send_chunks(simulation: Simulation, chunks: list[tuple[int, int]]) -> None:
    """Queue ``(index, units)`` chunks of a stored job (to ``chunk_queue``), failing fast when the broker does
    not answer.

    A fresh connection, tried once with a short timeout, and publishing without retries: kombu's defaults
    would retry for minutes while a web request (or the page's user) waits.
    """
    if not chunks:
        return
    tasks = group(celery_app.signature(RUN_CHUNK, args=(simulation.id, index, units)) for index, units in chunks)
    soft, hard = kinds.of(simulation).time_limits()
    try:
        with celery_app.connection_for_write() as connection:
            connection.ensure_connection(
                max_retries=1, interval_start=0.5, interval_max=0.5, timeout=settings.SIMULATION_PUBLISH_TIMEOUT
            )
            producer = celery_app.amqp.Producer(connection, auto_declare=False)
            tasks.apply_async(
                producer=producer,
                queue=chunk_queue(simulation),
                retry=False,
                # Sent with each message (they override the task's own): the settings of who queued the job.
                soft_time_limit=soft,
                time_limit=hard,
            )
    except Exception as exc:  # kombu raises each transport's own errors: any of them means "not queued"
        logger.warning("simulation %s: could not queue %d chunks: %r", simulation.id, len(chunks), exc)
        detail = str(exc).strip() or type(exc).__name__
        raise BrokerUnavailable(_("could not reach the task queue (broker): %(detail)s") % {"detail": detail}) from exc


# --- who reads a job -----------------------------------------------------------------------------


def readable_jobs(user) -> QuerySet[Simulation]:
    """The jobs ``user`` may read (and so cancel, if theirs), for the API, the job's page and the lists alike.

    A job's report names its deck and lists its cards, so a job drawn from a stored deck follows that deck
    as it is now: it is read by whoever may read the deck (``Deck.objects.readable_by``, the one rule for
    decks), so making a deck private hides its jobs from everyone but its owner, and by the user who started
    it (their own record of a deck they could read, as a copy would be). The other stored decks it seats (a
    comparison's deck B, opponents named by id: ``SeatedDeck``) are named in its report and play in its games, so
    they bind it alike: a job seating a deck the user may not read, or a deck since deleted, is not theirs to
    read. Once the job's own deck is deleted, only that user reads it; a job started without an account then has no reader (nothing tells its starter from
    anyone else holding the id). Jobs from a decklist's text are read by their id.

    Some jobs are about their starter rather than a deck, and only their starter reads them, whatever the deck:
    a planner job (the names of their decks, private ones too, and the copies they own) and proxy sheets of
    the cards their collection is missing (what they own, by difference).
    """
    shared = Q(deck__isnull=True, deck_version__isnull=True)  # a decklist's text: no stored deck behind it
    shared |= Q(deck__in=Deck.objects.readable_by(user))
    # By their ids (a subquery): a JSON key's negation would also drop the jobs whose parameters lack it.
    starters_own = Q(kind=Simulation.Kind.PLANNER) | Q(kind=Simulation.Kind.PROXIES, parameters__print="missing")
    shared &= ~Q(pk__in=Simulation.objects.filter(starters_own).values("pk"))
    unreadable = SeatedDeck.objects.filter(Q(deck__isnull=True) | ~Q(deck__in=Deck.objects.readable_by(user)))
    shared &= ~Q(pk__in=unreadable.values("simulation_id"))
    if user is not None and user.is_authenticated:
        shared |= Q(owner=user)
    return Simulation.objects.filter(shared)


def games_of_the_deck(simulation: Simulation, user) -> QuerySet[Simulation]:
    """The other finished games jobs of a games job's deck that ``user`` started (a stored deck's, or an archive
    deck's by its id), newest first: what its page offers to compare it with. None for a job of a decklist's text,
    which names no deck to know its other jobs by."""
    same = _same_deck(simulation)
    if same is None or user is None or not user.is_authenticated:
        return Simulation.objects.none()
    mine = readable_jobs(user).filter(same, owner=user, kind=Simulation.Kind.GAMES, status=Simulation.Status.DONE)
    return mine.exclude(pk=simulation.pk).order_by("-created_at")


def _same_deck(simulation: Simulation) -> Q | None:
    if simulation.deck_id is not None:
        return Q(deck_id=simulation.deck_id)
    if simulation.parameters.get("twda"):
        return Q(deck__isnull=True, parameters__twda=simulation.parameters["twda"])
    return None


def same_deck(first: Simulation, second: Simulation) -> bool:
    """Whether two jobs are of the same deck (a stored deck, or an archive deck by its id)."""
    same = _same_deck(first)
    return same is not None and Simulation.objects.filter(same, pk=second.pk).exists()


def per_game_results(simulation: Simulation):
    """A finished games job's deck's VP and win in each game (``engine.compare.Results``), read from its chunks'
    tallies (``per_game``), or None for a job played before games kept them."""
    from vtesdeck.core.engine import compare

    per_game: dict[str, Any] = {}
    for part in SimulationChunk.objects.filter(simulation=simulation).values_list("tally__per_game", flat=True):
        if part is None:
            return None
        per_game.update(part)
    return compare.job_results(per_game, simulation.units)


# --- following and stopping -----------------------------------------------------------------------


def cancel(simulation: Simulation) -> Simulation:
    """Cancel a queued or running job; a finished one is left as it is. Workers stop within a second or so
    (they check between batches), and chunks still queued are skipped when a worker takes them."""
    now = timezone.now()
    Simulation.objects.filter(pk=simulation.pk, status__in=ACTIVE).update(
        status=Simulation.Status.CANCELLED, finished_at=now
    )
    simulation.refresh_from_db()
    return simulation


def refresh(simulation: Simulation, *, now: datetime.datetime | None = None) -> Simulation:
    """The job as stored now; first, if its workers went quiet, its lost chunks are sent again or it is
    failed with the reason (see the module's docstring)."""
    simulation.refresh_from_db()
    if not simulation.finished and _reap(simulation, now or timezone.now()):
        simulation.refresh_from_db()
    return simulation


def reap_stale(now: datetime.datetime | None = None) -> int:
    """``refresh`` for every job that may need it; returns how many were resent, finished or failed."""
    now = now or timezone.now()
    stale = now - datetime.timedelta(seconds=settings.SIMULATION_STALE_SECONDS)
    waited = now - datetime.timedelta(seconds=settings.SIMULATION_QUEUED_TIMEOUT_SECONDS)
    quiet = Q(heartbeat_at__lte=stale) | Q(heartbeat_at__isnull=True, started_at__lte=stale)
    candidates = Simulation.objects.filter(
        Q(status=Simulation.Status.RUNNING) & quiet | Q(status=Simulation.Status.QUEUED, created_at__lte=waited)
    )
    handled = 0
    for simulation in candidates.order_by("created_at"):
        handled += _reap(simulation, now)
    return handled


def _reap(simulation: Simulation, now: datetime.datetime) -> bool:
    """Act on one job if it needs it; True when something changed."""
    if simulation.status == Simulation.Status.QUEUED:
        waited = (now - simulation.created_at).total_seconds()
        if waited <= settings.SIMULATION_QUEUED_TIMEOUT_SECONDS:
            return False  # waiting for a worker is not a failure: its chunks are in the broker
        hours = settings.SIMULATION_QUEUED_TIMEOUT_SECONDS / 3600
        return fail(
            simulation.id,
            _("no worker started it within %(hours)s hours; start it again") % {"hours": f"{hours:g}"},
            statuses=(Simulation.Status.QUEUED,),
        )
    if simulation.status != Simulation.Status.RUNNING:
        return False
    last = simulation.heartbeat_at or simulation.started_at or simulation.created_at
    if (now - last).total_seconds() < settings.SIMULATION_STALE_SECONDS:
        return False
    stored = dict(SimulationChunk.objects.filter(simulation=simulation).values_list("index", "units"))
    if len(stored) >= simulation.chunks_total:
        # Every tally is in, but the worker that stored the last one died before finishing the job.
        return finish(simulation.id)
    if simulation.attempts >= settings.SIMULATION_MAX_ATTEMPTS:
        reason = _("the worker running it stopped (lost after %(attempts)d attempts)") % {
            "attempts": simulation.attempts
        }
        logger.warning("simulation %s: %s", simulation.id, reason)
        return fail(simulation.id, reason, statuses=(Simulation.Status.RUNNING,))
    # Claimed by a compare-and-set on (attempts, heartbeat): two web processes reading the same stale job
    # resend its chunks once, not twice.
    claimed = Simulation.objects.filter(
        pk=simulation.pk,
        status=Simulation.Status.RUNNING,
        attempts=simulation.attempts,
        heartbeat_at=simulation.heartbeat_at,
    ).update(attempts=F("attempts") + 1, heartbeat_at=now, units_done=sum(stored.values()))
    if not claimed:
        return False
    kind = kinds.of(simulation)
    sizes = kind.chunk_sizes(simulation.units, kind.chunk_size_of(simulation))
    missing = [(index, units) for index, units in enumerate(sizes) if index not in stored]
    logger.warning(
        "simulation %s: no sign of life for %.0f s; resending %d chunks (attempt %d)",
        simulation.id,
        (now - last).total_seconds(),
        len(missing),
        simulation.attempts + 1,
    )
    try:
        send_chunks(simulation, missing)
    except BrokerUnavailable:
        # Not an attempt: nothing was sent. The heartbeat just set makes the next try wait a while.
        Simulation.objects.filter(pk=simulation.pk).update(attempts=F("attempts") - 1)
    return True


def fail(simulation_id: str, reason: str, *, statuses: Sequence[str] = ACTIVE) -> bool:
    """Mark a job failed with ``reason`` (a sentence for users) unless it already finished."""
    now = timezone.now()
    return bool(
        Simulation.objects.filter(pk=simulation_id, status__in=statuses).update(
            status=Simulation.Status.FAILED, error=reason[:2000], finished_at=now
        )
    )


# --- inside a worker ------------------------------------------------------------------------------


def begin_chunk(simulation_id: str, index: int) -> Simulation | None:
    """The job, marked running, when chunk ``index`` should be computed; None when it should be skipped
    (the job is gone, finished or cancelled, or this chunk's tally is already stored)."""
    simulation = Simulation.objects.filter(pk=simulation_id).first()
    if simulation is None or simulation.finished:
        return None
    if SimulationChunk.objects.filter(simulation_id=simulation_id, index=index).exists():
        return None
    now = timezone.now()
    started = Simulation.objects.filter(pk=simulation_id, status__in=ACTIVE).update(
        status=Simulation.Status.RUNNING, heartbeat_at=now, started_at=Coalesce("started_at", now)
    )
    return simulation if started else None


def job_exists(simulation_id: str) -> bool:
    return Simulation.objects.filter(pk=simulation_id).exists()


def beat(simulation_id: str, units: int) -> None:
    """A worker's sign of life: ``units`` more done (hands drawn, games played). Raises ``JobStopped`` when the
    job is no longer running (cancelled, or failed by another chunk), which stops the chunk."""
    alive = Simulation.objects.filter(pk=simulation_id, status__in=ACTIVE).update(
        heartbeat_at=timezone.now(), units_done=F("units_done") + units
    )
    if not alive:
        raise JobStopped(simulation_id)


def store_chunk(
    simulation_id: str, index: int, units: int, tally: dict, *, worker: str, seconds: float, counted: int = 0
) -> bool:
    """Store a computed chunk (``counted`` of its units were already added to the progress by ``beat``);
    the worker whose chunk completes the set finishes the job. Returns True when this chunk was stored."""
    with transaction.atomic():
        # The first statement writes: the lock that serialises this job's chunk stores (see the docstring).
        if not Simulation.objects.filter(pk=simulation_id, status__in=ACTIVE).update(heartbeat_at=timezone.now()):
            return False  # cancelled, failed or gone meanwhile: the tally is not wanted
        try:
            with transaction.atomic():
                SimulationChunk.objects.create(
                    simulation_id=simulation_id,
                    index=index,
                    units=units,
                    tally=tally,
                    worker=worker[:200],
                    seconds=seconds,
                )
        except IntegrityError:
            return False  # a resent copy of this chunk got there first
        stored = SimulationChunk.objects.filter(simulation_id=simulation_id).count()
        Simulation.objects.filter(pk=simulation_id).update(
            chunks_done=stored,
            units_done=F("units_done") + max(units - counted, 0),
            compute_seconds=F("compute_seconds") + seconds,
        )
        total = Simulation.objects.filter(pk=simulation_id).values_list("chunks_total", flat=True).get()
    if stored >= total:
        finish(simulation_id)
    return True


def finish(simulation_id: str) -> bool:
    """Merge a complete job's tallies into its report and mark it done; True for the one caller that did."""
    simulation = Simulation.objects.filter(pk=simulation_id).first()
    if simulation is None or simulation.finished:
        return False
    chunks = SimulationChunk.objects.filter(simulation_id=simulation_id)
    if chunks.count() < simulation.chunks_total:
        return False
    now = timezone.now()
    seconds = (now - (simulation.started_at or simulation.created_at)).total_seconds()
    try:
        kind = kinds.of(simulation)
        tally = kind.merge(chunks.order_by("index").values_list("tally", flat=True).iterator())
        report = kind.report(simulation, tally, seconds)
    except Exception as exc:  # a bug, or tallies that do not fit the plan: the user gets a sentence
        logger.exception("simulation %s: could not build the report", simulation_id)
        return fail(simulation_id, _("the results could not be put together (%(error)s)") % {"error": describe(exc)})
    units = chunks.aggregate(total=Sum("units"))["total"] or 0
    return bool(
        Simulation.objects.filter(pk=simulation_id, status__in=ACTIVE).update(
            status=Simulation.Status.DONE,
            result=report,
            finished_at=now,
            heartbeat_at=now,
            units_done=units,
            chunks_done=simulation.chunks_total,
        )
    )


def describe(exc: BaseException) -> str:
    """An exception in one line for a job's ``error``: its type and first line, never a traceback."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0][:300]}" if text else type(exc).__name__
