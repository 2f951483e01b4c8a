"""A judge's event as stored: the event, its players and their decklists, its rounds and tables, its deck
checks, and a log of what a judge changed and why.

What the rules compute (seating, a table's scores, standings, the finals' row, a deck check's difference)
is in ``vtesdeck.core.events``; ``services`` is the one door every page and API call goes through to change
any of this. The models only keep the results.

An event's id is unguessable, as a deck's or a format's: its pages are the organiser's and judges' (and
its players', for their own lists and the seating); its registration link carries a second secret, so an
organiser can hand the link out without handing out the event.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

ID_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789"
ID_LENGTH = 16

# Bounds of what one event may hold: a judge's event, not a league. A round of the largest event is seated
# in a few seconds (bench/seating.py).
MAX_PLAYERS = 200
MAX_ROUNDS = 6
MAX_ROUND_MINUTES = 300


def new_event_id() -> str:
    return "e" + "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH - 1))


def new_token() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(24))


def new_seed() -> int:
    return secrets.randbelow(2**31)


class Event(models.Model):
    class Rank(models.TextChoices):
        CASUAL = "casual", _("Casual")
        RANKED = "ranked", _("Ranked")
        NATIONAL = "national", _("National championship")
        CONTINENTAL = "continental", _("Continental championship")
        GRAND_PRIX = "grand-prix", _("Grand prix")

    class Stage(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Preliminary rounds")
        FINALS = "finals", _("Final")
        FINISHED = "finished", _("Finished")

    class Decklists(models.TextChoices):
        PRIVATE = "private", _("Private: players and judges only")
        WINNER = "winner", _("The winner's list public after the event")
        PUBLIC = "public", _("Every list public after the event")

    id = models.CharField(primary_key=True, max_length=ID_LENGTH, default=new_event_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events_organised")
    judges = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="events_judged")
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"), help_text=_("the lists are judged as of this date (the 30-day rule too)"))
    location = models.CharField(_("location"), max_length=120, blank=True)
    # A built-in ruleset's name or a saved custom format's id (formats.services.ruleset_for), as decks keep it.
    ruleset = models.CharField(_("format"), max_length=80, default="vekn")
    rank = models.CharField(_("rank"), max_length=12, choices=Rank.choices, default=Rank.CASUAL)
    proxies = models.BooleanField(_("proxies allowed"), default=False)
    decklists_required = models.BooleanField(_("decklists required"), default=True)
    decklists_mode = models.CharField(
        _("decklists shown"), max_length=8, choices=Decklists.choices, default=Decklists.WINNER
    )
    rounds = models.PositiveSmallIntegerField(_("preliminary rounds"), default=3)
    round_minutes = models.PositiveSmallIntegerField(_("round time (minutes)"), default=120)
    finals = models.BooleanField(_("final"), default=True)
    multideck = models.BooleanField(_("multideck"), default=False, help_text=_("a deck per round, locked as it starts"))
    stage = models.CharField(max_length=12, choices=Stage.choices, default=Stage.REGISTRATION)
    registration_open = models.BooleanField(_("registration open"), default=True)
    token = models.CharField(max_length=24, unique=True, default=new_token, editable=False)
    # The seed of every draw the event makes (seating, tosses, deck checks, the finals' reveals): the same
    # event replays the same way, and a judge can say how a draw was made.
    seed = models.PositiveIntegerField(default=new_seed, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:detail", args=[self.id])

    def registration_url(self) -> str:
        return reverse("events:join", args=[self.token])

    @property
    def started(self) -> bool:
        return self.stage != Event.Stage.REGISTRATION


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Playing")
        DROPPED = "dropped", _("Dropped")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    # 1..N in the order of registration: the numbers seating and scores use (core.events).
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="event_entries"
    )
    name = models.CharField(_("name"), max_length=120)
    vekn = models.CharField(_("VEKN number"), max_length=12, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACTIVE)
    # The player's own link (/events/entry/<token>/), for one registered by the registration link without an
    # account: it is how they submit and see their list.
    token = models.CharField(max_length=24, unique=True, default=new_token, editable=False)
    # The recorded random toss that settles ties left after GW, VP and TP (TR §3.1): drawn once, kept.
    toss = models.PositiveSmallIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="event_player_number"),
            models.UniqueConstraint(
                fields=["event", "user"], condition=models.Q(user__isnull=False), name="event_player_user"
            ),
            models.UniqueConstraint(fields=["event", "vekn"], condition=~models.Q(vekn=""), name="event_player_vekn"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Decklist(models.Model):
    """A player's registered list: a snapshot (the text and the parsed deck), never a live link to a deck."""

    class Source(models.TextChoices):
        DECK = "deck", _("a vtesdeck deck")
        TEXT = "text", _("pasted text")
        FILE = "file", _("an uploaded file")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="decklists")
    # 0: the event's list; with multideck, the round it is for (1..rounds, then the final's).
    round = models.PositiveSmallIntegerField(default=0)
    source = models.CharField(max_length=4, choices=Source.choices)
    source_deck = models.CharField(max_length=16, blank=True, help_text="the id of the deck it was taken from")
    text = models.TextField(help_text="the list as submitted")
    deck = models.JSONField(help_text="core Deck.to_dict(with_origin=False)")
    checksum = models.CharField(max_length=64)
    legal = models.BooleanField(default=False)
    locked = models.BooleanField(default=False)
    submitted = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "round"], name="event_decklist_round")]


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()  # 1..rounds; the final is rounds + 1
    final = models.BooleanField(default=False)
    # The final's helper (core.events.finals.FinalsSetup.to_dict()); {} for a preliminary round.
    finals_setup = models.JSONField(default=dict, blank=True)
    # The tables the app picked for a deck check this round (core.events.deckcheck.pick_tables).
    checked_tables = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="event_round_number")]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    seats = models.JSONField(help_text="player numbers in seat order, seat 1 first")
    # Each seat's VP in seat order, or [] before the score is entered.
    vps = models.JSONField(default=list, blank=True)
    # A judge's lock: after it only a judge changes the score (a player at the table may until then).
    locked = models.BooleanField(default=False)
    # A judge's reason for a score check_table refuses (a penalty, a game loss…); empty otherwise.
    override = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="event_table_number")]


class DeckCheck(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="deck_checks")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="deck_checks")
    counted = models.JSONField(help_text="cards counted per type group")
    differences = models.JSONField(default=list)
    penalty = models.CharField(max_length=20, blank=True)
    note = models.CharField(max_length=300, blank=True)
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)


class LogEntry(models.Model):
    """What a judge (or a player) changed once the event was under way, and the reason a judge gave."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    action = models.CharField(max_length=40)
    reason = models.CharField(max_length=300, blank=True)
    detail = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
