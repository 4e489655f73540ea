"""The form of the dice check page: a seed to try against the match's recorded rolls."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from backgammon.fairdice import is_seed


class DiceSeedForm(forms.Form):
    seed = forms.CharField(
        label=pgettext_lazy("dice", "Seed"),
        max_length=200,
        help_text=_("64 hexadecimal digits; by default the match's own seed."),
    )

    def clean_seed(self) -> str:
        seed = self.cleaned_data["seed"].strip().lower()
        if not is_seed(seed):
            raise forms.ValidationError(
                _("A seed is 64 hexadecimal digits (0 to 9 and a to f)."), code="seed"
            )
        return seed
