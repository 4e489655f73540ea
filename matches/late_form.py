"""The director's form for a late player: who, when the match was called, the penalty."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from config.widgets import DateTimeLocalInput
from matches.models import Match


class LateForm(forms.Form):
    late = forms.TypedChoiceField(label=_("Late player"), coerce=int)
    since = forms.DateTimeField(
        label=_("Called at"),
        widget=DateTimeLocalInput(),
        help_text=_("Lateness counts from this moment."),
    )
    points = forms.IntegerField(
        label=_("Penalty"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["late"].choices = [  # type: ignore[attr-defined]
            (entry.pk, entry.player.name)
            for entry in (match.entry_a, match.entry_b)
            if entry is not None
        ]
