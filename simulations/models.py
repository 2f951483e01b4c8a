"""Simulation jobs: what was asked, of which deck, and what the workers made of it.

A job is of one kind (``Kind``: opening hands, full games; ``simulations.kinds`` says what each computes) and
asks for a number of ``units`` of work (hands to draw, games to play). It is split into chunks
(``SimulationChunk``) that any worker may run, in any order, on any machine;
each chunk's tally is stored once (a unique row per chunk index, so a chunk run twice after a lost worker
counts once) and the job is finished by whichever worker stores the last one. The deck is copied into
the job (``deck_snapshot``) together with everything the workers need (``plan``, plain JSON from the
kind's core compiler: ``draws.compile_plan``, ``engine.simulation.compile_plan``): later edits of the deck never change a job, and a worker needs neither
the deck nor the card list from the database.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from decks.models import Deck

# Unguessable, like deck ids: a job's address is shared by whoever started it.
ID_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789"
ID_LENGTH = 16
# What a games job's report says in place of an opponent deck's id to a reader who may not be shown it
# (``Simulation.shown_to``): no deck id is a word of six letters.
HIDDEN_DECK = "hidden"


def new_simulation_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


class Simulation(models.Model):
    class Kind(models.TextChoices):
        HANDS = "hands", _("Opening hands")
        GAMES = "games", _("Full games")
        PROXIES = "proxies", _("Proxy sheets")  # a printable PDF of a deck's cards
        PLANNER = "planner", _("Build planner")  # the largest set of one's decks buildable at once
        COMPARE = "compare", _("Two decks compared")  # the same games for deck A and deck B (engine.compare)
        IMPACT = "impact", _("What each card brings")  # the deck against itself less each card (engine.compare)

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    FINISHED = (Status.DONE, Status.FAILED, Status.CANCELLED)

    id = models.CharField(primary_key=True, max_length=ID_LENGTH, default=new_simulation_id, editable=False)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.HANDS)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="simulations"
    )
    # Who started it without an account: a keyed hash of the client's address (vtesdeck.throttling.client_address,
    # as the throttles read it), for the caps on unfinished jobs per client; empty for the jobs of a user
    # (``owner``) and of the command line. Hashed: the address itself is never stored.
    starter = models.CharField(max_length=64, blank=True, db_index=True)
    # The deck it was started from, if any (a pasted decklist has none); the snapshot is what ran.
    deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="simulations")
    deck_version = models.PositiveIntegerField(null=True, blank=True)
    deck_name = models.CharField(max_length=200, blank=True)
    deck_snapshot = models.JSONField(default=dict)  # core Deck.to_dict()
    parameters = models.JSONField(default=dict)  # the request: {"hands": N, "conditions": [...], "chunk_size": n, ...}
    plan = models.JSONField(
        default=dict
    )  # the kind's compiled plan (e.g. draws.HandsPlan.to_dict()): all a chunk needs
    seed = models.BigIntegerField()
    units = models.PositiveBigIntegerField(default=0)  # the work asked for, in the kind's unit: hands, games
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED, db_index=True)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    units_done = models.PositiveBigIntegerField(default=0)  # for the progress bar; chunks in flight included
    attempts = models.PositiveSmallIntegerField(default=1)  # dispatches: 1, +1 each time lost chunks are resent
    result = models.JSONField(null=True, blank=True)  # the kind's report (DESIGN.md), once done
    error = models.TextField(blank=True)  # why it failed, in a sentence a user can act on
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)  # the first chunk began
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)  # last sign of life from a worker
    compute_seconds = models.FloatField(default=0.0)  # summed over chunks (CPU time the workers spent)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.id} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in self.FINISHED

    # The hands kind's names for the units (its API fields, its pages): settable, so that
    # ``Simulation(hands=…)`` still builds a hands job.
    @property
    def hands(self) -> int:
        return self.units

    @hands.setter
    def hands(self, value: int) -> None:
        self.units = value

    @property
    def hands_done(self) -> int:
        return self.units_done

    @hands_done.setter
    def hands_done(self, value: int) -> None:
        self.units_done = value

    @property
    def progress(self) -> float:
        """0..1 for the progress bar: 1 once done."""
        if self.status == self.Status.DONE:
            return 1.0
        if not self.units:
            return 0.0
        return min(self.units_done / self.units, 0.99 if not self.finished else 1.0)

    def get_absolute_url(self) -> str:
        return reverse("simulations:detail", args=[self.id])

    def get_api_url(self) -> str:
        return reverse("simulations-api:simulation-detail", args=[self.id])

    def deck_named_to(self, user) -> str | None:
        """The id of the deck it was drawn from, if ``user`` may be shown it (``DeckQuerySet.named_to``: the
        deck's link goes to its owner, to who started the job, and to everyone for a public deck), else None."""
        if self.deck_id is None:
            return None
        named = Deck.objects.named_to(user, made_by=self.owner_id).filter(pk=self.deck_id).exists()
        return self.deck_id if named else None

    def opponent_decks(self) -> set[str]:
        """The ids of the stored decks a games job seats as opponents (``{"deck": id}`` in its parameters), and the
        deck a compare job compares with (its ``other``)."""
        return {
            str(item["deck"])
            for item in [*(self.parameters.get("opponents") or ()), self.parameters.get("other")]
            if isinstance(item, dict) and set(item) == {"deck"} and item["deck"]
        }

    def shown_to(self, user) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The job's ``parameters`` and ``result`` as ``user`` may read them, for the API and the pages alike.

        An opponent's stored deck (and the deck a compare job compares with) follows the rule of the job's own deck
        (``deck_named_to``): its id (its link, if it is unlisted) is shown only to whom ``DeckQuerySet.named_to``
        names it. To anyone else it is ``{"deck": null}`` in the parameters and ``HIDDEN_DECK`` in a games report's
        ``decks[].path`` and ``opponents_plan[].key``; its name, which is no link, stays."""
        asked = self.opponent_decks()
        if not asked:
            return self.parameters, self.result
        named = Deck.objects.named_to(user, made_by=self.owner_id).filter(pk__in=asked).values_list("pk", flat=True)
        hidden = asked - set(named)
        if not hidden:
            return self.parameters, self.result

        def shown(item: Any) -> Any:
            return {"deck": None} if isinstance(item, dict) and str(item.get("deck")) in hidden else item

        parameters = dict(self.parameters)
        if "opponents" in parameters:
            parameters["opponents"] = [shown(item) for item in parameters["opponents"]]
        if "other" in parameters:
            parameters["other"] = shown(parameters["other"])
        result = self.result
        if isinstance(result, dict) and {"decks", "opponents_plan"} <= result.keys():
            paths = {f"deck:{deck_id}" for deck_id in hidden}
            result = {
                **result,
                "decks": [
                    {**row, "path": f"deck:{HIDDEN_DECK}"} if row.get("path") in paths else row
                    for row in result["decks"]
                ],
                "opponents_plan": [
                    {**row, "key": HIDDEN_DECK} if row.get("kind") == "deck" and row.get("key") in hidden else row
                    for row in result["opponents_plan"]
                ],
            }
        return parameters, result


class SeatedDeck(models.Model):
    """A stored deck a job seats besides its own (a comparison's deck B, an opponent named by id): the job's report
    names it and its games show its cards, so who may read the job follows it too (``services.readable_jobs``).
    Deleted, the deck leaves its row with no deck: the job stays hidden from those who could not read it."""

    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="seated")
    deck = models.ForeignKey("decks.Deck", null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["simulation", "deck"], name="one_seat_row_per_deck")]


class SimulationChunk(models.Model):
    """One finished chunk's tally. Stored once per (simulation, index): a re-run chunk is discarded."""

    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    units = models.PositiveBigIntegerField()  # hands drawn, games played
    tally = models.JSONField()  # the kind's chunk output (e.g. core draws.simulate_chunk())
    worker = models.CharField(max_length=200, blank=True)  # the worker's hostname, to show who shared the job
    seconds = models.FloatField(default=0.0)
    finished_at = models.DateTimeField(auto_now_add=True)

    @property
    def hands(self) -> int:
        return self.units

    @hands.setter
    def hands(self, value: int) -> None:
        self.units = value

    class Meta:
        ordering = ["simulation", "index"]
        constraints = [models.UniqueConstraint(fields=["simulation", "index"], name="one_tally_per_chunk")]
