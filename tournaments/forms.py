from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from config.widgets import DateTimeLocalInput
from tournaments.models import DEFAULT_CUBE_LIMIT, Entry, Round, Stage, Tournament
from tournaments.tiebreaks import METRIC_LABELS


class TournamentForm(forms.ModelForm):
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
            "avoid_same_club",
            "last_chance",
            "progressive_consolation",
            "grand_final_reset",
            "double_round_robin",
            "require_check_in",
            "online_play",
            "analysis_plies",
            "cube_enabled",
            "crawford",
            "holland",
            "max_cube",
            "starting_rule",
            "lower_die_starts",
            "last_checker_larger_die",
            "no_hit_and_continue_home",
            "referees",
        )
        widgets = {
            "starts_at": DateTimeLocalInput(),
            "referees": forms.CheckboxSelectMultiple,
        }

    tiebreaks = forms.MultipleChoiceField(
        label=_("Tie-breaks"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("They apply in the order shown. None chosen: the usual ones for the format."),
    )

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["max_cube"].help_text = _(
            "Highest cube value allowed; empty means %(limit)d."
        ) % {"limit": DEFAULT_CUBE_LIMIT}
        # Not a model field of the form (it is chosen from a list), so the saved choice must
        # be shown by hand; without it, saving the form unchanged erased the tie-breaks. The
        # chosen ones come first, in the order they apply, so that saving keeps the order.
        saved = [key for key in (self.instance.tiebreaks or []) if key in METRIC_LABELS]
        if self.instance.pk is not None and "tiebreaks" not in self.initial:
            self.initial["tiebreaks"] = saved
        order = saved + [key for key in METRIC_LABELS if key not in saved]
        self.fields["tiebreaks"].choices = [(key, METRIC_LABELS[key][0]) for key in order]

        if club is not None:
            self.fields["referees"].queryset = Player.objects.filter(
                memberships__club=club, memberships__role__in=["referee", "organizer"]
            ).order_by("name")

    def clean_tiebreaks(self) -> list[str]:
        """The chosen tie-breaks in the order the form shows them."""
        chosen = set(self.cleaned_data["tiebreaks"])
        return [key for key, _label in self.fields["tiebreaks"].choices if key in chosen]


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
        if not raw.isdigit() or int(raw) < 1:
            raise forms.ValidationError(_("Seeds are whole numbers from 1."))
        seeds[entry_id] = int(raw)
    if len(set(seeds.values())) != len(seeds):
        raise forms.ValidationError(_("Two players have the same seed."))
    return sorted(seeds, key=seeds.__getitem__)


class RoundForm(forms.ModelForm):
    class Meta:
        model = Round
        fields = ("match_format", "length", "deadline")
        widgets = {"deadline": DateTimeLocalInput()}


class StageClockForm(forms.ModelForm):
    class Meta:
        model = Stage
        fields = ("clock", "clock_minutes", "clock_delay", "clock_bronstein")


class SwapForm(forms.Form):
    first = forms.CharField(label=_("First place"))
    second = forms.CharField(label=_("Second place"))

    @staticmethod
    def parse(value: str) -> tuple[int, int]:
        match_id, _sep, slot = value.partition(":")
        return int(match_id), int(slot)


class ForfeitForm(forms.Form):
    winner = forms.ModelChoiceField(label=_("Winner"), queryset=Entry.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].queryset = Entry.objects.filter(
            pk__in=[match.entry_a_id, match.entry_b_id]
        ).select_related("player")
