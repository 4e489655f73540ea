from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from ladders.models import Ladder


class LadderForm(forms.ModelForm):
    class Meta:
        model = Ladder
        fields = (
            "name",
            "reach",
            "accept_days",
            "play_days",
            "loser_drops",
            "idle_days",
            "idle_places",
            "open_challenges",
            "match_length",
            "cube",
            "online_play",
        )

    #: At least one (the database's constraint, shown next to the field here).
    POSITIVE = ("reach", "accept_days", "play_days", "idle_places", "open_challenges")
    #: Days at most a year: a deadline stays within the calendar the house accepts.
    DAYS = ("accept_days", "play_days", "idle_days")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in (*self.POSITIVE, "match_length"):
            self._limit(name, MinValueValidator(1), "min", 1)
        for name in self.DAYS:
            self._limit(name, MaxValueValidator(365), "max", 365)

    def _limit(self, name: str, validator: Any, attribute: str, value: int) -> None:
        field = self.fields[name]
        field.validators.append(validator)
        field.widget.attrs[attribute] = value


class AddPlayerForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))

    def __init__(self, *args: Any, ladder: Ladder, on_ladder: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = (
            Player.objects.filter(memberships__club=ladder.club_id)
            .exclude(pk__in=on_ladder)
            .order_by("name")
        )
