"""Forms of sign-ups, entries in bulk, join requests and invitations."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Membership
from config.widgets import DateTimeLocalInput
from entries.models import SignupRules

#: Most lines one pasted list may have (a club's whole membership fits).
MAX_LINES = 500


class SignupRulesForm(forms.ModelForm):
    class Meta:
        model = SignupRules
        fields = ["opens_at", "closes_at", "capacity", "waiting_list", "approval"]
        widgets = {"opens_at": DateTimeLocalInput(), "closes_at": DateTimeLocalInput()}


class BulkEntryForm(forms.Form):
    """Several members at once, all of them, or a pasted list of names and e-mails."""

    members = forms.ModelMultipleChoiceField(
        queryset=Membership.objects.none(),
        label=_("Members"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    all_members = forms.BooleanField(label=_("All members of the club"), required=False)
    names = forms.CharField(
        label=_("A list of names or e-mails"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_(
            "One player a line. Members are found by name or e-mail; a name nobody in the club "
            "has becomes a guest."
        ),
    )

    def __init__(self, *args: Any, members: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["members"].queryset = members
        self.fields["members"].label_from_instance = lambda m: m.player.name

    def clean_names(self) -> str:
        text: str = self.cleaned_data["names"]
        if len(text.splitlines()) > MAX_LINES:
            raise forms.ValidationError(
                _("Paste at most %(count)d lines at once.") % {"count": MAX_LINES}
            )
        return text

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not (data.get("members") or data.get("all_members") or data.get("names", "").strip()):
            raise forms.ValidationError(_("Choose members or paste a list of names."))
        return data
