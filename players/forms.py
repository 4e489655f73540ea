"""The head-to-head form: two players of the club, each by name (typed, with suggestions in a
small club) or by id (the "Compare with …" link of a profile)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Player
from players import selectors

#: Suggestions are offered while the club has at most this many players.
SUGGESTIONS_UP_TO = 300


class ClubPlayerField(forms.CharField):
    """A player of ``club``, typed by name (or given by id); cleans to the :class:`Player`."""

    def __init__(self, *, club: Club, **kwargs: Any) -> None:
        super().__init__(max_length=120, **kwargs)
        self.club = club

    def clean(self, value: Any) -> Player:  # type: ignore[override]
        text = super().clean(value).strip()
        found = selectors.club_players_named(self.club, text)
        if not found:
            raise forms.ValidationError(
                _("No player of this club is called “%(name)s”.") % {"name": text}
            )
        if len(found) > 1:
            names = [player.name for player in found[: selectors.NAME_MATCHES]]
            if len({name.casefold() for name in names}) == 1:
                raise forms.ValidationError(
                    _(
                        "Several players are called “%(name)s”: open the one you mean from "
                        "the leaderboard and use “Compare with …”."
                    )
                    % {"name": names[0]}
                )
            more = "…" if len(found) > selectors.NAME_MATCHES else ""
            raise forms.ValidationError(
                _("Several players match “%(name)s”: %(names)s. Type more of the name.")
                % {"name": text, "names": ", ".join(names) + more}
            )
        return found[0]


class HeadToHeadForm(forms.Form):
    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        attrs = {"list": "h2h-players", "autocomplete": "off", "size": 24}
        self.fields["a"] = ClubPlayerField(
            club=club, label=gettext_lazy("Player"), widget=forms.TextInput(attrs=attrs)
        )
        self.fields["b"] = ClubPlayerField(
            club=club, label=gettext_lazy("Opponent"), widget=forms.TextInput(attrs=attrs)
        )
        self.suggestions = selectors.club_player_names(club, SUGGESTIONS_UP_TO)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("a") is not None and data.get("a") == data.get("b"):
            raise forms.ValidationError(_("Choose two different players."))
        return data
