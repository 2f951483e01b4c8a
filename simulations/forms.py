"""The Draws tab's form: how many opening hands to simulate, joint conditions to count, and a seed.

Only the shape of the answers is checked here (a listed number of hands, a seed in range, conditions as
lines); whether a condition means anything for this deck is the core's to judge, through
``services.start_hands``, whose message the view puts back on the field.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any, cast

from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from vtesdeck.core import draws
from vtesdeck.core.engine import options as table
from vtesdeck.core.engine.schedule import PLAYERS
from vtesdeck.core.numbers import MAX_SEED
from vtesdeck.messages import refusal
from vtesdeck.widgets import DateInput

logger = logging.getLogger(__name__)

# The hands one click may ask for: enough for the simulated shares to agree with the exact odds to a few
# tenths of a percent (1M: ±0.05 points), and each a few seconds of one worker.
HANDS_CHOICES = (100_000, 200_000, 1_000_000)


def _choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's field ``name``, declared a ``ChoiceField`` (or a subclass) on the form's class: ``fields`` is
    typed as a dict of plain ``Field``s, which have no ``choices``."""
    return cast(forms.ChoiceField, form.fields[name])


def _grouped(n: int) -> str:
    return number_format(n, force_grouping=True)


def _offer(
    form: forms.BaseForm, name: str, offered: tuple[int, ...], *, most: int, default: int, label=_grouped
) -> None:
    """The numbers the choice field ``name`` offers (hands, games): those of ``offered`` within ``most`` (else
    ``most`` alone), each labelled by ``label(n)``; the default selected when offered, else the first."""
    numbers = [n for n in offered if n <= most] or [most]
    field = _choice_field(form, name)
    field.choices = [(str(n), label(n)) for n in numbers]
    field.initial = str(default) if default in numbers else str(numbers[0])


def _games_field(label) -> forms.TypedChoiceField:
    """A number of games among those offered (``_offer``), as each games form asks it."""
    return forms.TypedChoiceField(
        label=label,
        coerce=int,
        error_messages={"invalid_choice": _("Choose one of the offered numbers of games, not “%(value)s”.")},
    )


def _players_field() -> forms.IntegerField:
    """The seats at each table: the widget offers what the engine's TableOptions accepts (``_check_table``)."""
    return forms.IntegerField(
        label=_("Players"),
        initial=table.DEFAULT_PLAYERS,
        widget=forms.Select(choices=[(str(n), str(n)) for n in sorted(PLAYERS, reverse=True)]),
    )


def _rounds_field() -> forms.IntegerField:
    """The table's time limit in rounds (``_check_table``); empty: no cap."""
    return forms.IntegerField(
        label=_("Round cap"),
        required=False,
        initial=table.DEFAULT_ROUNDS,
        widget=forms.NumberInput(attrs={"min": 1, "max": table.MAX_ROUNDS}),
        help_text=_("Each Methuselah has had this many turns: time is called, survivors get ½ VP each. Empty: no cap."),
    )


def _games_seed_field(help_text) -> forms.IntegerField:
    """The seed of a job of games, within the engine's range (``_check_table``); empty: the deck's own."""
    return forms.IntegerField(
        label=_("Seed (optional)"),
        required=False,
        widget=forms.NumberInput(attrs={"min": 0, "max": MAX_SEED}),
        help_text=help_text,
    )


def _check_table(form: forms.Form, data: dict[str, Any], names: tuple[str, ...]) -> None:
    """The table's options of ``names`` (once each is clean) checked by the engine's TableOptions: the one refusal
    the API and the CLI give too, put on the field it names. An empty seed checks as 0."""
    if all(name in data for name in names):
        options = {name: data[name] for name in names}
        if options.get("seed") is None:
            options["seed"] = 0
        try:
            table.TableOptions(**options)
        except table.TableOptionError as exc:
            form.add_error(exc.field, refusal(exc))


class HandsForm(forms.Form):
    hands = forms.TypedChoiceField(
        label=_("Opening hands to draw"),
        coerce=int,
        error_messages={"invalid_choice": _("Choose one of the offered numbers of hands, not “%(value)s”.")},
    )
    conditions = forms.CharField(
        label=_("Conditions (optional, one per line)"),
        required=False,
        # Ten lines of the longest condition, plus their line breaks.
        max_length=draws.MAX_CONDITIONS * (draws.MAX_CONDITION_LENGTH + 2),
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "autocapitalize": "off"}),
    )
    seed = forms.IntegerField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=_("The same deck, hands and seed give the same figures; empty: a random one."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _offer(
            self, "hands", HANDS_CHOICES, most=settings.SIMULATION_MAX_HANDS, default=settings.SIMULATION_DEFAULT_HANDS
        )

    def clean_conditions(self) -> list[str]:
        lines = [line.strip() for line in self.cleaned_data["conditions"].splitlines() if line.strip()]
        if len(lines) > draws.MAX_CONDITIONS:
            raise forms.ValidationError(
                ngettext_lazy(
                    "At most %(limit)d condition per simulation, not %(count)d.",
                    "At most %(limit)d conditions per simulation, not %(count)d.",
                    "limit",
                ),
                params={"limit": draws.MAX_CONDITIONS, "count": len(lines)},
                code="too_many",
            )
        for number, line in enumerate(lines, 1):
            if len(line) > draws.MAX_CONDITION_LENGTH:
                raise forms.ValidationError(
                    _("Line %(line)d is %(length)d characters long; a condition may hold at most %(limit)d."),
                    params={"line": number, "length": len(line), "limit": draws.MAX_CONDITION_LENGTH},
                    code="too_long",
                )
        return lines


# --- the Games tab ------------------------------------------------------------------------------------------

# The games one click may ask for: 500 (the default) gives about ±0.1 VP on the deck's mean; a hundred is a
# quick look, thousands narrow the per-opponent and per-card figures.
GAMES_CHOICES = (100, 500, 1_000, 2_000, 5_000)
FIELD_SINCE = datetime.date(2018, 1, 1)  # engine.run.FIELD_SINCE, without loading the engine for a form
STYLE_PREFIX = "style:"  # a named archetype among the archetype choices (a family's slug never has a colon)


def _with_decks(name: str, count: int) -> str:
    return ngettext("%(name)s (%(count)s deck)", "%(name)s (%(count)s decks)", count) % {"name": name, "count": count}


class OpponentsForm(forms.Form):
    """Who sits at the other seats, for every form that plays games (the Games tab's, a card impact's, a
    comparison's): the opponent chosen sits at every other seat, the field (a winning deck of the archive since
    ``field_since`` drawn per game and seat, so archetypes come as often as they won), one archetype of the
    archive (a deck of it per game and seat), or one of the user's own decks, each offered as a select.
    ``opponents_asked`` writes the choice as the API takes it, so the pages and the API ask alike
    (``simulations.opponents`` resolves both; whether a deck may still be read is its to say, on the field)."""

    OPPONENT_KINDS: tuple[tuple[str, Any], ...] = (("field", _("The field")), ("archetype", _("An archetype")))
    OWN_DECKS = ("deck", _("One of my decks"))  # offered when the user has decks
    # The field naming the user's deck: "deck" on the Games tab (as posted since it was offered there); a
    # comparison's "deck" is its deck B, so forms with one name it otherwise.
    own_deck_field = "deck"
    own_deck_label = _("My deck")

    # Not required: a form posted without it (a script, a page of before) plays against the field.
    opponents = forms.ChoiceField(
        label=_("Opponents"), choices=OPPONENT_KINDS, initial="field", required=False, widget=forms.RadioSelect
    )
    field_since = forms.DateField(
        label=_("The field: winning decks since"),
        required=False,
        initial=FIELD_SINCE,
        widget=DateInput(),
    )
    archetype = forms.ChoiceField(label=_("Archetype"), required=False)

    def __init__(self, *args, archetypes=(), styles=(), own_decks=(), **kwargs) -> None:
        """``archetypes``: (slug, name, deck count) of the crypt-core families; ``styles``: the same of the named
        archetypes (stealth bleed, wall…), offered first as ``style:<slug>``; ``own_decks``: (id, name) of the
        user's decks (none: that kind is not offered, as to a visitor without an account)."""
        super().__init__(*args, **kwargs)
        kinds = self.OPPONENT_KINDS
        if own_decks:
            kinds = (*kinds, self.OWN_DECKS)
            self.fields[self.own_deck_field] = forms.ChoiceField(
                label=self.own_deck_label, required=False, choices=[("", "—"), *own_decks]
            )
        self.offer_opponents(kinds)
        # Plain choices, or (when named archetypes exist) two named groups with lazy labels.
        families: list[tuple[Any, Any]] = [(slug, _with_decks(name, count)) for slug, name, count in archetypes]
        named = [(STYLE_PREFIX + slug, _with_decks(name, count)) for slug, name, count in styles]
        if named:
            families = [(_("Named archetypes"), named), (_("Archetypes by crypt"), families)]
        _choice_field(self, "archetype").choices = [("", "—")] + families

    def offer_opponents(self, kinds: tuple[tuple[str, Any], ...]) -> None:
        _choice_field(self, "opponents").choices = kinds
        # Whether "one of my decks" is offered: the page's help says so.
        self.offers_own_decks = any(kind == "deck" for kind, _label in kinds)

    @property
    def own_deck(self) -> forms.BoundField:
        """The select of the user's decks, bound (for the template, whatever the field's name)."""
        return self[self.own_deck_field]

    def _kind_field(self, kind: str) -> str:
        """The form's field that holds the choice of the opponent kind ``kind`` ("archetype", "deck")."""
        return self.own_deck_field if kind == "deck" else kind

    def clean(self) -> dict[str, Any]:
        # Form.clean returns ``cleaned_data``, never None (the stubs allow None for overrides that return nothing).
        data = cast(dict[str, Any], super().clean())
        if "opponents" in data and not data["opponents"]:
            data["opponents"] = "field"
        kind = data.get("opponents")
        field = self._kind_field(kind) if kind in ("archetype", "deck") else ""
        if field and not data.get(field) and field not in self.errors:  # an invalid choice says so already
            self.add_error(field, _("Choose one, or another kind of opponent."))
        return data

    def opponents_asked(self, players: int) -> list:
        """The opponents as the API takes them: one entry per other seat."""
        kind = self.cleaned_data["opponents"]
        if kind == "field":
            return ["field"] * (players - 1)
        value = self.cleaned_data[self._kind_field(kind)]
        if kind == "archetype" and value.startswith(STYLE_PREFIX):
            return [{"style": value.removeprefix(STYLE_PREFIX)}] * (players - 1)
        return [{kind: value}] * (players - 1)

    def opponent_attrs(self, players: int) -> dict[str, Any]:
        """``opponents`` and, for the field, ``field_since``: as the API's validated data holds them."""
        attrs: dict[str, Any] = {"opponents": self.opponents_asked(players)}
        if self.cleaned_data["opponents"] == "field":
            attrs["field_since"] = self.cleaned_data.get("field_since") or FIELD_SINCE
        return attrs


class GamesForm(OpponentsForm):
    """What a games job asks: who sits at the other seats (``OpponentsForm``), how many games, the table and the
    rules."""

    games = _games_field(_("Games to play"))
    # The table's options: typed here, their bounds checked by the engine's TableOptions in ``clean`` (the one
    # refusal the API and the CLI give too); the widgets offer what it accepts.
    players = _players_field()
    rounds = _rounds_field()
    rules = forms.CharField(
        label=_("Rules"),
        initial="vekn",
        widget=forms.Select(
            choices=(("vekn", _("VEKN rulebook")), ("2011", _("2011 rules (vampires influenced out automatically)")))
        ),
    )
    seed = _games_seed_field(
        _(
            "The same deck, table and seed give the same games; empty: this deck's own seed, the same for every "
            "revision, so that games of two revisions at the same table are played at the same tables."
        )
    )

    def __init__(self, *args, **kwargs) -> None:
        """``OpponentsForm``'s archetypes, styles and own decks."""
        super().__init__(*args, **kwargs)
        _offer(
            self, "games", GAMES_CHOICES, most=settings.SIMULATION_MAX_GAMES, default=settings.SIMULATION_DEFAULT_GAMES
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        _check_table(self, data, ("players", "rounds", "rules", "seed"))
        return data

    def attrs(self) -> dict:
        """The request as ``jobs.start_games`` reads it (the API serializer's validated data)."""
        data = self.cleaned_data
        return {
            "games": data["games"],
            "players": data["players"],
            "rounds": data["rounds"],
            "rules": data["rules"],
            "seed": data["seed"],
            **self.opponent_attrs(data["players"]),
        }


# --- paired games: what each card brings, and two decks compared ----------------------------------------------

# Games for each version of the deck: a card impact plays them once as built and once per card blanked (a 40-card
# deck: 41 times as many), so a quick look is a few dozen; a comparison plays them twice.
IMPACT_GAMES_CHOICES = (20, 50, 100, 200)
COMPARE_GAMES_CHOICES = (100, 200, 500, 1_000)


class _PairedForm(OpponentsForm):
    """What a paired job asks besides its decks: who sits at the other seats (``OpponentsForm``: the field, one
    archetype or one of the user's decks at every other seat), how many games for each version, the
    seats, the round cap and a seed; the table's bounds checked by the engine's TableOptions (the refusal the API
    and the CLI give too)."""

    players = _players_field()
    rounds = _rounds_field()
    seed = _games_seed_field(_("Empty: the deck's own seed, the same games every time."))

    def offer_games(self, offered: tuple[int, ...], default: int, label) -> None:
        """The ``games`` choices within the games limit, each labelled by ``label(n)`` (what it plays in all)."""
        _offer(self, "games", offered, most=settings.SIMULATION_MAX_GAMES, default=default, label=label)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        _check_table(self, data, ("players", "rounds", "seed"))
        return data

    def attrs(self) -> dict[str, Any]:
        """The request as ``jobs.start_impact`` and ``jobs.start_compare`` read it (the API's validated data); the
        default opponents (the field since 2018) unsaid, as an API request that names none."""
        attrs = {key: self.cleaned_data[key] for key in ("games", "players", "rounds", "seed")}
        opponents = self.opponent_attrs(attrs["players"])
        if opponents.get("field_since") != FIELD_SINCE:
            attrs.update(opponents)
        return attrs


class ImpactForm(_PairedForm):
    """The Games tab's "What each card brings": games for each version of the deck, whose total it states."""

    games = _games_field(_("Games for each card"))
    prefix = "impact"  # beside the games form on the Games tab: its own field names and ids

    def __init__(self, *args, cards: int, **kwargs) -> None:
        """``cards``: the deck's distinct cards, each played blanked as many games as the deck as built."""
        super().__init__(*args, **kwargs)
        self.cards = cards
        # Labels of their own: the games form beside it has a "Players" and a "Seed (optional)" too.
        self.fields["players"].label = _("Players at each table")
        self.fields["rounds"].label = _("Round cap of the games")
        self.fields["seed"].label = _("Seed of the games (optional)")

        def label(n: int) -> str:
            total = number_format(n * (cards + 1), force_grouping=True)
            return ngettext(
                "%(games)s game each: %(total)s games in all",
                "%(games)s games each: %(total)s games in all",
                n,
            ) % {"games": number_format(n, force_grouping=True), "total": total}

        self.offer_games(IMPACT_GAMES_CHOICES, settings.SIMULATION_DEFAULT_IMPACT_GAMES, label)


class CompareForm(_PairedForm):
    """The deck page's "Compare with…": deck B is a saved revision of this deck (its owner's), another deck of the
    user's, or an archive deck by its id or a search (a search with several matches offers them to pick)."""

    AGAINST = (
        ("revision", _("A revision of this deck")),
        ("deck", _("Another deck of mine")),
        ("twda", _("An archive deck")),
    )

    against = forms.ChoiceField(label=_("Compare with"), choices=AGAINST, widget=forms.RadioSelect)
    revision = forms.TypedChoiceField(label=_("Revision"), coerce=int, required=False, empty_value=None)
    deck = forms.ChoiceField(label=_("My deck"), required=False)
    twda = forms.CharField(
        label=_("Archive deck"),
        required=False,
        max_length=200,
        help_text=_("Its id (the number in its address), or words of its name, event or winner."),
    )
    games = _games_field(_("Games for each deck"))
    own_deck_field = "opponent_deck"  # "deck" is deck B, whose select is "My deck"
    own_deck_label = _("My deck at the other seats")

    def __init__(self, *args, revisions=(), decks=(), **kwargs) -> None:
        """``revisions``: (number, label) of the deck's saved revisions (its owner's only); ``decks``: (id, name) of
        the user's other decks. A kind with nothing to choose from is not offered."""
        super().__init__(*args, **kwargs)
        _choice_field(self, "revision").choices = [("", "—"), *((str(n), label) for n, label in revisions)]
        _choice_field(self, "deck").choices = [("", "—"), *decks]
        offered = [
            (value, label)
            for value, label in self.AGAINST
            if value == "twda" or (revisions if value == "revision" else decks)
        ]
        _choice_field(self, "against").choices = offered
        self.fields["against"].initial = offered[0][0]
        for value, _label in self.AGAINST:
            if value not in dict(offered):
                del self.fields[value]

        def label(n: int) -> str:
            return ngettext(
                "%(games)s game for each deck: %(total)s games in all",
                "%(games)s games for each deck: %(total)s games in all",
                n,
            ) % {"games": number_format(n, force_grouping=True), "total": number_format(2 * n, force_grouping=True)}

        self.offer_games(COMPARE_GAMES_CHOICES, settings.SIMULATION_DEFAULT_COMPARE_GAMES, label)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        against = data.get("against")
        if against and data.get(against) in (None, "") and against not in self.errors:
            self.add_error(against, _("Choose one, or another kind of deck to compare with."))
        return data

    def chosen_field(self) -> str:
        """The form's field that names deck B (where a refusal of it is shown)."""
        return self.cleaned_data.get("against") or "against"

    def other(self, twda: str | None = None) -> dict[str, Any]:
        """Deck B as the API takes it (``other``); ``twda``: the archive deck the search found."""
        against = self.cleaned_data["against"]
        if against == "twda":
            return {"twda": twda or self.cleaned_data["twda"].strip()}
        return {against: self.cleaned_data[against]}
