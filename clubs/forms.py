from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Role
from config.text import visible

NOTHING_VISIBLE = _("Enter a name that shows: this one is only spaces or invisible characters.")


def visible_name(value: str) -> str:
    name = visible(value or "")
    if not name:
        raise forms.ValidationError(NOTHING_VISIBLE, code="invisible")
    return name


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("E-mail"), required=True)
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email", "first_name", "last_name")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail already exists."))
        return email

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        # The player's name is the two together (clubs.services.display_name).
        full = f"{cleaned.get('first_name', '')} {cleaned.get('last_name', '')}".strip()
        longest = Player._meta.get_field("name").max_length or 0
        if len(full) > longest:
            self.add_error(
                "last_name",
                _("First and last name together are at most %(count)d characters.")
                % {"count": longest},
            )
        return cleaned


class LoginForm(AuthenticationForm):
    """Django's log-in form, which checks the username's length only in the browser: a
    longer one went on to the log-in's failure records, whose column refused it."""

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        if len(username) > (self.username_field.max_length or 150):
            raise self.get_invalid_login_error()
        return super().clean()


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = (
            "name",
            "slug",
            "city",
            "country",
            "description",
            "is_private",
            "rating_points_per_game",
        )
        help_texts = {"slug": _("Used in web addresses; letters, digits and hyphens.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rating_points_per_game"].required = False

    def clean_name(self) -> str:
        return visible_name(self.cleaned_data.get("name", ""))

    def clean_rating_points_per_game(self) -> float:
        value = self.cleaned_data.get("rating_points_per_game")
        return 1.0 if value is None else value


class MemberAddForm(forms.Form):
    user = forms.CharField(
        label=_("User name or e-mail"),
        max_length=254,
        help_text=_("The person must have signed up already."),
    )
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.PLAYER)


class GuestAddForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    email = forms.EmailField(
        label=_("E-mail"), required=False, help_text=_("Optional; guests without one get no mail.")
    )

    def clean_name(self) -> str:
        return visible_name(self.cleaned_data.get("name", ""))


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


class JoinRequestForm(forms.Form):
    message = forms.CharField(
        label=_("A word to the organizers (optional)"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class InvitationForm(forms.Form):
    email = forms.EmailField(label=_("E-mail"))
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.PLAYER)
