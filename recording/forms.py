"""The organizer's form that designates a match as recorded."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from clubs.models import Club

from .models import DEFAULT_DELAY_SECONDS, DEFAULT_MINUTES_PER_POINT
from .selectors import round_recordable


class ClockSettingsForm(forms.Form):
    """The clock of a recorded match: the reserve per match point and the delay per move."""

    minutes_per_point = forms.IntegerField(
        label=_("Reserve (minutes per match point)"),
        min_value=1,
        max_value=30,
        initial=DEFAULT_MINUTES_PER_POINT,
    )
    delay_seconds = forms.IntegerField(
        label=_("Delay per move (seconds)"),
        min_value=0,
        max_value=120,
        initial=DEFAULT_DELAY_SECONDS,
    )


class RecordedMatchForm(ClockSettingsForm):
    field_order = ["recorder", "minutes_per_point", "delay_seconds"]
    recorder = forms.ModelChoiceField(
        label=_("Recorder"),
        queryset=get_user_model().objects.none(),
        required=False,
        empty_label=_("The players enter it themselves"),
        help_text=_("A member of the club who enters every roll and move on the clock."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["recorder"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = (
            get_user_model()
            .objects.filter(player__memberships__club=club)
            .select_related("player")
            .order_by("player__name")
            .distinct()
        )
        field.label_from_instance = lambda user: user.player.name  # type: ignore[method-assign]


class RoundRecordedForm(ClockSettingsForm):
    """The matches of a round to record, and their clock settings. The checkboxes are not
    named ``matches``: a form's control of that name hides the form element's own
    ``matches()`` method, which htmx calls on every form of the page."""

    field_order = ["recorded", "minutes_per_point", "delay_seconds"]

    recorded = forms.MultipleChoiceField(
        label=_("Matches to record"), widget=forms.CheckboxSelectMultiple, choices=()
    )

    def __init__(self, *args: Any, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["recorded"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = choices


def round_form(round_id: int, data: Any = None) -> RoundRecordedForm:
    """The form of a round's matches to record, those designated already ticked."""
    rows = round_recordable(round_id)
    choices = [
        (str(match.pk), f"{match.entry_a.player.name} – {match.entry_b.player.name}")
        for match, _marked in rows
    ]
    initial = {"recorded": [str(match.pk) for match, marked in rows if marked]}
    return RoundRecordedForm(data, choices=choices, initial=initial)
