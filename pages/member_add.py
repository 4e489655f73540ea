"""Adding a member to a club: an account is invited (he joins when he accepts), a guest is
added at once."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from clubs import permissions, services
from clubs.forms import GuestAddForm, MemberAddForm
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error


def member_add(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    member_form = MemberAddForm(request.POST if "add_member" in request.POST else None)
    guest_form = GuestAddForm(request.POST if "add_guest" in request.POST else None)
    if request.method == "POST":
        form = member_form if "add_member" in request.POST else guest_form
        if form.is_valid():
            try:
                if form is member_form:
                    # Nobody with an account becomes a member unasked: he is invited.
                    invitation = services.club_invite_account(
                        club=club_obj,
                        user_identifier=form.cleaned_data["user"],
                        role=form.cleaned_data["role"],
                        user=request.user,
                    )
                    done = _("The invitation is sent to %(email)s; they join when they accept.") % {
                        "email": invitation.email
                    }
                else:
                    membership = services.club_add_guest(club=club_obj, **form.cleaned_data)
                    done = _("%(name)s joined the club as %(role)s.") % {
                        "name": membership.player.name,
                        "role": membership.get_role_display(),
                    }
            except UserError as error:
                add_user_error(form, error)
            else:
                messages.success(request, done)
                return redirect("clubs:member_add", club=club_obj.slug)
    return render(
        request,
        "clubs/member_add.html",
        {"club": club_obj, "member_form": member_form, "guest_form": guest_form},
    )
