from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MinValueValidator
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from config.text import whole_number
from config.widgets import DateTimeLocalInput
from tournaments.formats import ADAPTERS, FORMAT_OPTION_FIELDS
from tournaments.late_form import LATE_FIELDS, LateRuleFormPart
from tournaments.models import (
    DEFAULT_CUBE_LIMIT,
    RefereeScope,
    Round,
    Stage,
    Tournament,
)
from tournaments.pairing.elimination import PROGRESSIVE_MIN_ENTRANTS


class TiebreakOrderWidget(forms.Widget):
    """One number box per tie-break: the organizer numbers the ones wanted in the order they
    apply (1 first) and leaves the others empty. Plain inputs, no script: keyboard and screen
    readers work as for any form. The tie-breaks are listed in the order of ``choices``
    (the form puts the chosen ones first, in their order)."""

    choices: list[tuple[str, str]]

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.choices = []

    def value_from_datadict(self, data: Any, files: Any, name: str) -> dict[str, str]:
        return {key: (data.get(f"{name}-{key}") or "").strip() for key, _label in self.choices}

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return not any(f"{name}-{key}" in data for key, _label in self.choices)

    def id_for_label(self, id_: str) -> str:
        return ""  # every box has its own label

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> str:
        if isinstance(value, dict):  # as typed (kept when the form comes back with an error)
            shown = value
        else:  # the saved order
            shown = {key: str(n) for n, key in enumerate(value or [], start=1)}
        base = (attrs or {}).get("id") or f"id_{name}"
        rows = format_html_join(
            "",
            '<li><input type="number" name="{}" id="{}" value="{}" min="1" max="{}" step="1" '
            'inputmode="numeric" class="priority"> <label for="{}">{}</label></li>',
            (
                (
                    f"{name}-{key}",
                    f"{base}_{key}",
                    shown.get(key, ""),
                    len(self.choices),
                    f"{base}_{key}",
                    label,
                )
                for key, label in self.choices
            ),
        )
        label = self.attrs.get("aria-label", "")
        return format_html(
            '<ol class="tiebreak-order" id="{}" role="group" aria-label="{}">{}</ol>',
            base,
            label,
            rows,
        )


class TiebreakOrderField(forms.Field):
    """The chosen tie-breaks, in the order of the numbers given to them."""

    widget = TiebreakOrderWidget
    default_error_messages = {
        "number": _("Number the tie-breaks with whole numbers from 1."),
        "same": _("Two tie-breaks have the same number: give each its own place in the order."),
    }

    def __init__(self, *, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices = choices

    @property
    def choices(self) -> list[tuple[str, str]]:
        return self._choices

    @choices.setter
    def choices(self, value: list[tuple[str, str]]) -> None:
        self._choices = list(value)
        self.widget.choices = self._choices

    def to_python(self, value: Any) -> list[str]:
        if isinstance(value, list | tuple):  # initial data: already in order
            return [key for key in value if key in dict(self.choices)]
        numbers: dict[str, int] = {}
        for key, raw in (value or {}).items():
            if not raw:
                continue
            if (whole_number(raw) or 0) < 1:
                raise forms.ValidationError(self.error_messages["number"], code="number")
            numbers[key] = int(raw)  # ASCII digits (checked above)
        if len(set(numbers.values())) != len(numbers):
            raise forms.ValidationError(self.error_messages["same"], code="same")
        return sorted(numbers, key=numbers.__getitem__)

    def has_changed(self, initial: Any, data: Any) -> bool:
        try:
            return self.to_python(initial or []) != self.to_python(data)
        except forms.ValidationError:
            return True


def at_least_one(form: forms.BaseForm, *names: str) -> None:
    """These number fields take 1 or more: the form says so next to the field (and the browser
    before sending), instead of the database refusing it later."""
    for name in names:
        field = form.fields.get(name)
        if isinstance(field, forms.IntegerField):
            field.min_value = 1
            field.validators.append(MinValueValidator(1))
            field.widget.attrs["min"] = 1


class TournamentForm(LateRuleFormPart, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = (
            "name",
            "slug",
            "description",
            "venue",
            "starts_at",
            "is_published",
            "format",
            "match_format",
            "default_length",
            "seeding",
            "swiss_rounds",
            "bye_match_points",
            "auto_pair_next_round",
            "review_rounds",
            "avoid_same_club",
            "last_chance",
            "progressive_consolation",
            "grand_final_reset",
            "double_round_robin",
            "require_check_in",
            *LATE_FIELDS,
            "online_play",
            "spectators",
            "spectator_delay",
            "analysis_plies",
            "cube_enabled",
            "crawford",
            "holland",
            "max_cube",
            "starting_rule",
            "lower_die_starts",
            "last_checker_larger_die",
            "no_hit_and_continue_home",
            "referee_scope",
            "referees",
        )
        widgets = {
            "starts_at": DateTimeLocalInput(),
            "referee_scope": forms.RadioSelect,
            "referees": forms.CheckboxSelectMultiple,
        }

    tiebreaks = TiebreakOrderField(
        label=_("Tie-breaks"),
        required=False,
        choices=[],
        widget=TiebreakOrderWidget(attrs={"aria-label": _("Tie-breaks")}),
        help_text=_(
            "Number the tie-breaks you want in the order they apply (1 first) and leave the "
            "others empty. None numbered: the usual ones for the format."
        ),
    )

    def __init__(self, *args, club=None, tiebreak_labels, format_key=None, **kwargs):
        """``tiebreak_labels``: the tie-breaks' names, ``standings.tiebreaks.METRIC_LABELS``
        (the standings sit above this app, so the views pass them in). ``format_key``: the
        format whose own options the form has (the others' are left out and keep what they
        were); by default the one sent, else the tournament's."""
        super().__init__(*args, **kwargs)
        self.format_key = self._format_of(format_key)
        shown = ADAPTERS[self.format_key].option_fields
        for name in FORMAT_OPTION_FIELDS:
            if name not in shown:
                del self.fields[name]
        #: This format's own fields, in the form's order: the page groups them by the format.
        self.option_names = [name for name in self.fields if name in shown]
        self.fields["slug"].required = False
        # Left out (an older form, a script): all club referees, the default.
        self.fields["referee_scope"].required = False
        # Left out likewise: what the tournament had (a new one: anyone watches, live).
        self.fields["spectators"].required = False
        self.fields["spectator_delay"].required = False

        at_least_one(self, "default_length", "swiss_rounds")
        self.fields["max_cube"].help_text = _(
            "Highest cube value allowed; empty means %(limit)d."
        ) % {"limit": DEFAULT_CUBE_LIMIT}
        if "progressive_consolation" in self.fields:
            self.fields["progressive_consolation"].help_text = _(
                "Main consolation only. Losers of later main rounds drop into the consolation "
                "too: up to the quarter-finals, or the semi-finals with %(min)d to 8 players. "
                "Applies from %(min)d players on; with fewer, only first-round losers play the "
                "consolation."
            ) % {"min": PROGRESSIVE_MIN_ENTRANTS}
        # Not a model field of the form (it is numbered in a list), so the saved choice must
        # be shown by hand; without it, saving the form unchanged erased the tie-breaks. The
        # chosen ones come first, numbered in the order they apply.
        saved = [key for key in (self.instance.tiebreaks or []) if key in tiebreak_labels]
        if self.instance.pk is not None and "tiebreaks" not in self.initial:
            self.initial["tiebreaks"] = saved
        order = saved + [key for key in tiebreak_labels if key not in saved]
        self.fields["tiebreaks"].choices = [(key, tiebreak_labels[key][0]) for key in order]

        if club is not None:
            self.fields["referees"].queryset = Player.objects.filter(
                memberships__club=club, memberships__role__in=["referee", "organizer"]
            ).order_by("name")

    def _format_of(self, format_key: str | None) -> str:
        for candidate in (format_key, self.data.get("format") if self.is_bound else None):
            if candidate in ADAPTERS:
                return str(candidate)
        return str(self.instance.format or self.fields["format"].initial)

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.option_names]

    @property
    def common_fields(self) -> list[forms.BoundField]:
        """The visible fields every format has, in the form's order."""
        return [field for field in self.visible_fields() if field.name not in self.option_names]

    def clean_referee_scope(self) -> str:
        return self.cleaned_data.get("referee_scope") or RefereeScope.CLUB

    def clean_spectators(self) -> str:
        return self.cleaned_data.get("spectators") or self.instance.spectators

    def clean_spectator_delay(self) -> int:
        delay = self.cleaned_data.get("spectator_delay")
        return self.instance.spectator_delay if delay is None else delay


class RoundForm(forms.ModelForm):
    class Meta:
        model = Round
        fields = ("match_format", "length", "deadline")
        widgets = {"deadline": DateTimeLocalInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        at_least_one(self, "length")


class StageClockForm(forms.ModelForm):
    class Meta:
        model = Stage
        fields = ("clock", "clock_minutes", "clock_delay", "clock_bronstein")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        at_least_one(self, "clock_minutes")


class SwapForm(forms.Form):
    first = forms.CharField(label=_("First place"))
    second = forms.CharField(label=_("Second place"))

    @staticmethod
    def parse(value: str) -> tuple[int, int]:
        match_id, _sep, slot = value.partition(":")
        return int(match_id), int(slot)


class LateEntryForm(forms.Form):
    """A player entered into a running Swiss from a later round."""

    name = forms.CharField(label=_("Name"), max_length=120)
    from_round = forms.IntegerField(label=_("From round"), min_value=1)
    start = forms.ChoiceField(
        label=_("Starting score"),
        choices=[
            ("zero", _("No points")),
            ("byes", _("A bye's points for every missed round")),
            ("points", _("This many match points:")),
        ],
    )
    points = forms.IntegerField(label=_("Match points"), min_value=0, initial=0, required=False)
