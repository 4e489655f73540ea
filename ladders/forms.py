from __future__ import annotations

from typing import Any

from django import forms
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


class AddPlayerForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))

    def __init__(self, *args: Any, ladder: Ladder, on_ladder: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = (
            Player.objects.filter(memberships__club=ladder.club_id)
            .exclude(pk__in=on_ladder)
            .order_by("name")
        )
