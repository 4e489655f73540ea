"""Forms of entries: the organizer's (a member or a guest entered, seeds, pairing rules, a
forfeit's winner, a bye asked for), sign-ups, entries in bulk."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Membership, Player
from config.text import whole_number
from config.widgets import DateTimeLocalInput
from entries.models import (
    OUT_OF_THE_FIELD,
    Entry,
    EntryStatus,
    PairingRuleKind,
    PairingRuleReason,
    SignupRules,
)
from tournaments.models import Tournament

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


class GuestEntryForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    email = forms.EmailField(label=_("E-mail"), required=False)


class MemberEntryForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Club member"), queryset=Player.objects.none())

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = (
            Player.objects.filter(memberships__club=tournament.club)
            .exclude(
                entries__tournament=tournament,
                entries__status__in=["pending", "approved", "checked_in"],
            )
            .order_by("name")
            .distinct()
        )


def seeds_from_post(data, entry_ids: list[int]) -> list[int]:
    """Entry ids ordered by the seed numbers typed into ``seed-<entry id>`` fields.

    Raises ``ValidationError`` for anything but distinct whole numbers from 1."""
    seeds: dict[int, int] = {}
    for entry_id in entry_ids:
        raw = (data.get(f"seed-{entry_id}") or "").strip()
        if not raw:
            continue
        if (whole_number(raw) or 0) < 1:
            raise forms.ValidationError(_("Seeds are whole numbers from 1."))
        seeds[entry_id] = int(raw)
    if len(set(seeds.values())) != len(seeds):
        raise forms.ValidationError(_("Two players have the same seed."))
    return sorted(seeds, key=seeds.__getitem__)


class ForfeitForm(forms.Form):
    winner = forms.ModelChoiceField(label=_("Winner"), queryset=Entry.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].queryset = Entry.objects.filter(
            pk__in=[match.entry_a_id, match.entry_b_id]
        ).select_related("player")


class PairingRuleForm(forms.Form):
    """Two players who must never meet, or must meet."""

    entry_a = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    entry_b = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Other player"))
    kind = forms.ChoiceField(choices=PairingRuleKind.choices, label=_("Rule"))
    reason = forms.ChoiceField(choices=PairingRuleReason.choices, label=_("Reason"))

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        entries = (
            Entry.objects.filter(tournament=tournament)
            .exclude(status__in=OUT_OF_THE_FIELD)
            .select_related("player")
            .order_by("player__name")
        )
        for name in ("entry_a", "entry_b"):
            self.fields[name].queryset = entries
            self.fields[name].label_from_instance = lambda entry: entry.player.name


class ByeRequestForm(forms.Form):
    """A player asks not to be paired in a round."""

    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    round_number = forms.IntegerField(label=_("Round"), min_value=1)
    points = forms.IntegerField(label=_("Match points for the bye"), min_value=0, initial=0)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = (
            Entry.objects.filter(tournament=tournament, seed__isnull=False)
            .exclude(status=EntryStatus.WITHDRAWN)
            .select_related("player")
            .order_by("player__name")
        )
        self.fields["entry"].label_from_instance = lambda entry: entry.player.name
