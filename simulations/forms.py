"""The Draws tab's form: how many opening hands to simulate, joint conditions to count, and a seed.

Only the shape of the answers is checked here (a listed number of hands, a seed in range, conditions as
lines); whether a condition means anything for this deck is the core's to judge, through
``services.start_hands``, whose message the view puts back on the field.
"""

from __future__ import annotations

import logging

from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from vtesdeck.core import draws

from .services import MAX_SEED

logger = logging.getLogger(__name__)

# The hands one click may ask for: enough for the simulated shares to agree with the exact odds to a few
# tenths of a percent (1M: ±0.05 points), and each a few seconds of one worker.
HANDS_CHOICES = (100_000, 200_000, 1_000_000)


def _hands_choices() -> list[tuple[str, str]]:
    offered = [n for n in HANDS_CHOICES if n <= settings.SIMULATION_MAX_HANDS] or [settings.SIMULATION_MAX_HANDS]
    return [(str(n), number_format(n, force_grouping=True)) for n in offered]


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
        choices = _hands_choices()
        self.fields["hands"].choices = choices
        default = str(settings.SIMULATION_DEFAULT_HANDS)
        self.fields["hands"].initial = default if default in dict(choices) else choices[0][0]

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
