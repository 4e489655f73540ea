"""Forms of the match page and of a match-file upload. Validation of the result itself is the
services' job (the engine's scoring rules); the forms only read what a referee or player typed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from backgammon.matchrules import MatchRules
from config.errors import UserError
from matches.models import EndedBy, Match, WinKind
from matches.selectors.files import MAX_FILE_BYTES, match_file_size_check, match_file_text


def player_choices(match: Match) -> list[tuple[int, str]]:
    return [
        (0, match.entry_a.player.name if match.entry_a else _("first player")),
        (1, match.entry_b.player.name if match.entry_b else _("second player")),
    ]


def cube_choices(rules: MatchRules) -> list[tuple[int, str]]:
    """1, 2, 4 … up to the match's cube limit; only 1 where the match has no cube."""
    limit = rules.max_cube if rules.uses_cube and rules.max_cube else 1
    return [(2**n, str(2**n)) for n in range(limit.bit_length())]


class GameForm(forms.Form):
    """One game as a referee writes it down. The cube field is removed where no cube is
    allowed (best-of-N, the Crawford game, a tournament without cube)."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, widget=forms.RadioSelect)
    kind = forms.ChoiceField(label=_("Won by"), choices=WinKind.choices, initial=WinKind.SINGLE)
    cube = forms.TypedChoiceField(
        label=_("Cube"),
        coerce=int,
        initial=1,
        help_text=_("For a dropped double: the cube before the double (a refused 4 is 2)."),
    )
    ended_by = forms.ChoiceField(
        label=_("Ended by"),
        choices=[c for c in EndedBy.choices if c[0] != EndedBy.FORFEIT],
        initial=EndedBy.BEAROFF,
    )

    def __init__(self, *args, match: Match, rules: MatchRules, cube_allowed: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = player_choices(match)
        self.fields["version"].initial = match.version
        if cube_allowed:
            self.fields["cube"].choices = cube_choices(rules)
        else:
            del self.fields["cube"]
            self.fields["ended_by"].choices = [
                c for c in self.fields["ended_by"].choices if c[0] != EndedBy.DROP
            ]
        if rules.is_best_of:
            self.fields["kind"].help_text = _("In best-of-N every game counts one.")


class ScoreForm(forms.Form):
    """A final score, each field labelled with the player's name."""

    score_a = forms.IntegerField(min_value=0, max_value=999)
    score_b = forms.IntegerField(min_value=0, max_value=999)

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        (_a, name_a), (_b, name_b) = player_choices(match)
        self.fields["score_a"].label = name_a
        self.fields["score_b"].label = name_b
        if "version" in self.fields:
            self.fields["version"].initial = match.version


class FinalScoreForm(ScoreForm):
    version = forms.IntegerField(widget=forms.HiddenInput)


class ReportForm(ScoreForm):
    note = forms.CharField(label=_("Note"), max_length=300, required=False)


class DisputeForm(ScoreForm):
    """The opponent's side: what is wrong and, if he wants, the score he says is right."""

    note = forms.CharField(
        label=_("What is wrong?"), max_length=300, required=False, widget=forms.TextInput
    )

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, match=match, **kwargs)
        for name in ("score_a", "score_b"):
            self.fields[name].required = False
            self.fields[name].help_text = _("The score you say is right (optional).")


class CorrectionForm(ScoreForm):
    """Why, and — for a match kept without games, or when the referee says to replace the
    games — the corrected final score. The organizer may also choose to void and re-open
    later bracket matches whose players the correction changes."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for the correction"), max_length=300)
    reopen_later = forms.BooleanField(
        label=_("Void and re-open later matches whose players this correction changes"),
        required=False,
        help_text=_(
            "Otherwise a correction that changes who played a later match that has started "
            "or finished is refused."
        ),
    )

    replace_games = forms.BooleanField(
        label=_("Replace the games by this final score"),
        required=False,
        help_text=_("Otherwise the games above are corrected and the score follows from them."),
    )

    def __init__(
        self, *args, match: Match, can_reopen: bool = False, has_games: bool = False, **kwargs
    ):
        super().__init__(*args, match=match, **kwargs)
        self.fields["score_a"].initial = match.score_a
        self.fields["score_b"].initial = match.score_b
        if has_games:  # the score comes from the games unless the referee replaces them
            self.fields["score_a"].required = self.fields["score_b"].required = False
        else:
            del self.fields["replace_games"]
        if not can_reopen:
            del self.fields["reopen_later"]
        self.order_fields(["version", "reason", "score_a", "score_b", "replace_games"])


class GameCorrectionForm(forms.Form):
    """One game of the corrected score sheet."""

    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int)
    kind = forms.ChoiceField(label=_("Won by"), choices=WinKind.choices, initial=WinKind.SINGLE)
    cube = forms.TypedChoiceField(label=_("Cube"), coerce=int, initial=1)
    ended_by = forms.ChoiceField(
        label=_("Ended by"),
        choices=[c for c in EndedBy.choices if c[0] != EndedBy.FORFEIT],
        initial=EndedBy.BEAROFF,
    )

    def __init__(self, *args, match: Match, rules: MatchRules, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [("", "—"), *player_choices(match)]
        self.fields["cube"].choices = cube_choices(rules)


GameCorrectionFormSet = forms.formset_factory(
    GameCorrectionForm, extra=1, can_delete=True, max_num=200, validate_max=True
)


def game_correction_formset(match: Match, rules: MatchRules, data=None) -> forms.BaseFormSet:
    """The match's games as a form to correct them, plus an empty row to add one."""
    initial = [
        {"winner": g.winner, "kind": g.kind, "cube": g.cube, "ended_by": g.ended_by}
        for g in match.games.order_by("number")
    ]
    return GameCorrectionFormSet(
        data, initial=initial, prefix="games", form_kwargs={"match": match, "rules": rules}
    )


def corrected_games(formset: forms.BaseFormSet) -> list[dict]:
    """The games a valid correction formset keeps, in order."""
    return [
        form.cleaned_data
        for form in formset.forms
        if form.cleaned_data and not form.cleaned_data.get("DELETE")
    ]


# The two steps of a match-file upload: the file, then (when the names differ) who is who.
class MatchFileUploadForm(forms.Form):
    file = forms.FileField(
        label=_("Match file (.mat)"),
        help_text=_(
            "Export the match from GNU Backgammon or eXtreme Gammon as a .mat file "
            "(Jellyfish format)."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".mat,.txt,text/plain"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        try:
            match_file_size_check(upload.size)
            self.cleaned_data["text"] = match_file_text(upload.read())
        except UserError as error:
            raise forms.ValidationError(error.messages) from error
        return upload


class MatchFilePlayersForm(forms.Form):
    """The second step: the file's text travels along, the uploader maps the players."""

    content = forms.CharField(widget=forms.HiddenInput, strip=False, max_length=MAX_FILE_BYTES)
    name = forms.CharField(widget=forms.HiddenInput, required=False, max_length=200)
    swap = forms.TypedChoiceField(
        label=_("Who is who?"),
        coerce=lambda value: value == "1",
        widget=forms.RadioSelect,
        choices=(),
    )

    def __init__(
        self, *args: Any, file_names: tuple[str, str], match_names: tuple[str, str], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        (f0, f1), (a, b) = file_names, match_names
        self.fields["swap"].choices = [
            ("0", _("%(f0)s is %(a)s, %(f1)s is %(b)s") % {"f0": f0, "f1": f1, "a": a, "b": b}),
            ("1", _("%(f0)s is %(b)s, %(f1)s is %(a)s") % {"f0": f0, "f1": f1, "a": a, "b": b}),
        ]
