from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Role


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


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ("name", "slug", "city", "description", "is_private", "rating_points_per_game")
        help_texts = {"slug": _("Used in web addresses; letters, digits and hyphens.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rating_points_per_game"].required = False

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


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)
