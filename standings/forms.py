"""The season form: its name, its points, and the club's tournaments it counts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from standings.selectors import listed_tournaments_of
from tournaments.models import Season, Tournament


class TournamentChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        if obj.season_id is not None and obj.season_id != getattr(self, "season_id", None):
            return _("%(tournament)s (now in %(season)s)") % {
                "tournament": obj.name,
                "season": obj.season.name,
            }
        return obj.name


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    placing_points = forms.CharField(
        label=gettext_lazy("Points per place"),
        required=False,
        help_text=gettext_lazy("Points for 1st, 2nd, 3rd … place, e.g. 10, 7, 5, 3, 1."),
    )
    participation_points = forms.IntegerField(
        label=gettext_lazy("Points for taking part"), min_value=0, max_value=1000, initial=0
    )
    tournaments = TournamentChoice(
        label=gettext_lazy("Tournaments"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, club: Club, season: Season | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        field = self.fields["tournaments"]
        field.queryset = listed_tournaments_of(club)
        field.season_id = season.pk if season else None  # type: ignore[attr-defined]

    def clean_placing_points(self) -> list[int]:
        text = self.cleaned_data["placing_points"].replace(";", ",")
        try:
            points = [int(part) for part in text.split(",") if part.strip()]
        except ValueError:
            points = [-1]
        if any(value < 0 for value in points):
            raise forms.ValidationError(
                _("Enter whole numbers of 0 or more, separated by commas, e.g. 10, 7, 5, 3, 1.")
            )
        return points
