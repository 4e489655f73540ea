"""The two steps of a match-file upload: the file, then (when the names differ) who is who."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from config.errors import UserError
from matches.files import MAX_FILE_BYTES, match_file_text


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
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is too large: match files of up to %(kb)d KB are accepted.")
                % {"kb": MAX_FILE_BYTES // 1024}
            )
        try:
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
