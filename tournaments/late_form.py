"""The late rule's part of the tournament form."""

from __future__ import annotations

from typing import Any

from django import forms

#: The tournament's late rule settings, in the form's order.
LATE_FIELDS = (
    "late_rule",
    "late_grace_minutes",
    "late_penalty_points",
    "late_penalty_minutes",
    "late_forfeit_minutes",
)


class LateRuleFormPart(forms.ModelForm):
    """The late rule's settings; a number left out (an older form, a script) keeps what the
    tournament had. The model checks that the forfeit comes after the grace."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in LATE_FIELDS[1:]:
            if name in self.fields:
                self.fields[name].required = False
                self.fields[name].widget.attrs.setdefault("inputmode", "numeric")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in LATE_FIELDS[1:]:
            if name in self.fields and data.get(name) is None and name not in self.errors:
                data[name] = getattr(self.instance, name)
        return data
