"""A new chouette session: its players and rules, the stakes in the club's currency
(``money``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from chouettes import permissions, services
from chouettes.forms import SessionForm
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error
from money.currency import number_format


def session_create(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_start_session(request.user, club_obj):
        return deny(request)
    form = SessionForm(request.POST or None, club=club_obj, numbers=number_format)
    if request.method == "POST" and form.is_valid():
        settings = {name: form.cleaned_data[name] for name in SessionForm.Meta.fields}
        try:
            session = services.chouette_create(
                club=club_obj, user=request.user, players=form.players(), **settings
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            return redirect(session)
    return render(request, "chouettes/session_form.html", {"club": club_obj, "form": form})
