"""The venue's forms: a table, tables added in a batch, a tournament's tables, a call."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from venue.models import Table


class TableForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Table
        fields = ["number", "name", "has_board", "has_clock", "in_service"]


class TablesAddForm(forms.Form):
    count = forms.IntegerField(label=_("How many tables"), min_value=1, max_value=500, initial=8)
    has_clock = forms.BooleanField(label=_("with a clock"), required=False)


class TableChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        return str(obj)


class TournamentVenueForm(forms.Form):
    auto_call = forms.BooleanField(
        label=_("Call matches to tables automatically"),
        required=False,
        help_text=_("A match is called as soon as both players are free and a table is."),
    )
    tables = forms.ModelMultipleChoiceField(
        label=_("Tables"),
        queryset=Table.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None chosen: every table of the club."),
    )

    def __init__(self, *args: Any, club: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tables"].queryset = Table.objects.filter(club=club).order_by("number")


class CallForm(forms.Form):
    table = TableChoiceField(label=_("Table"), queryset=Table.objects.none())

    def __init__(self, *args: Any, club: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["table"].queryset = Table.objects.filter(club=club).order_by("number")
