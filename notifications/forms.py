from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player


class NotifyForm(forms.Form):
    notify = forms.ChoiceField(
        label=_("Tell me about"),
        choices=Player._meta.get_field("notify").choices,
        help_text=_("In the list here and by e-mail, in the language you chose for the site."),
    )
