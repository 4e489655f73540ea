"""The organizer's page for the club's API tokens: create one (its key is shown once), revoke."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.models import ApiToken, Club
from clubs.services.tokens import api_token_create, api_token_revoke, club_api_tokens
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        help_text=gettext_lazy("Who uses the token, e.g. “Results server” or “Club website”."),
    )


def _page(request: HttpRequest, club: Club, form: ApiTokenForm, new_key: str = "") -> HttpResponse:
    context = {
        "club": club,
        "form": form,
        "tokens": club_api_tokens(club),
        "new_key": new_key,
    }
    return render(request, "clubs/api_tokens.html", context)


@never_cache
def api_tokens(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    form = ApiTokenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            _token, key = api_token_create(
                club=club_obj, name=form.cleaned_data["name"], user=request.user
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            # The key is shown on this response only: nothing keeps it but its digest.
            return _page(request, club_obj, ApiTokenForm(), new_key=key)
    return _page(request, club_obj, form)


@require_POST
def api_token_delete(request: HttpRequest, club: str, token: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    token_obj = get_object_or_404(ApiToken, pk=token, club=club_obj)
    api_token_revoke(token=token_obj)
    messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token_obj.name})
    return redirect("clubs:api_tokens", club=club_obj.slug)
