"""The control room's filters (django-filter): a tournament, a state, a table. Their choices
are the night's own, read once with it; the rows are filtered in memory, as their states are
worked out there."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from control.states import ORDER, State
from matches.models import Match

STATE_LABELS: dict[State, Any] = {
    State.WAITING: pgettext_lazy("control state", "Waiting for a table"),
    State.CALLED: pgettext_lazy("control state", "Called"),
    State.LATE: pgettext_lazy("control state", "Late"),
    State.PLAYING: pgettext_lazy("control state", "Playing"),
    State.PAUSED: pgettext_lazy("control state", "Paused"),
    State.AWAITING: pgettext_lazy("control state", "Awaiting confirmation"),
    State.DISPUTED: pgettext_lazy("control state", "Disputed"),
    State.FINISHED: pgettext_lazy("control state", "Finished"),
}


class NightFilter(django_filters.FilterSet):
    tournament = django_filters.ChoiceFilter(
        label=_("Tournament"), empty_label=_("Every tournament"), method="keep"
    )
    state = django_filters.ChoiceFilter(
        label=pgettext_lazy("control", "State"),
        choices=[(state.value, STATE_LABELS[state]) for state in ORDER],
        empty_label=_("Every state"),
        method="keep",
    )
    table = django_filters.ChoiceFilter(
        label=_("Table"), empty_label=_("Every table"), method="keep"
    )

    class Meta:
        model = Match
        fields: list[str] = []

    def __init__(self, *args: Any, tournaments: Any, tables: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.filters["tournament"].extra["choices"] = [
            (str(t.pk), _ladder_or_name(t)) for t in tournaments
        ]
        self.filters["table"].extra["choices"] = [(str(t.pk), str(t)) for t in tables]
        for name in ("tournament", "state", "table"):
            self.form.fields[name].widget.attrs["class"] = "control-filter"

    def keep(self, queryset: Any, name: str, value: Any) -> Any:
        """The rows are filtered by :func:`control.selectors.filtered`, not here."""
        return queryset

    def chosen(self) -> dict[str, Any]:
        """The valid choices (an unknown one is ignored, as if not given)."""
        form: forms.Form = self.form
        data = form.cleaned_data if form.is_valid() else {}
        return {
            "tournament": int(data["tournament"]) if data.get("tournament") else None,
            "state": data.get("state") or None,
            "table": int(data["table"]) if data.get("table") else None,
        }


def _ladder_or_name(tournament: Any) -> str:
    ladder = getattr(tournament, "ladder", None) if tournament.kind == "ladder" else None
    return str(ladder.name) if ladder is not None else str(tournament.name)
