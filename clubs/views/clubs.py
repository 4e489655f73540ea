"""A club's own forms: creating and editing it, members' roles and leaving (its page, the list
of clubs and adding a member are ``pages``'). Views stay thin: permissions from
clubs.permissions, writes via clubs.services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions, selectors, services
from clubs.forms import ClubForm, RoleForm
from clubs.models import Membership
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    form.fields["slug"].required = False
    if request.method == "POST" and form.is_valid():
        club = services.club_create(user=request.user, **form.cleaned_data)
        messages.success(
            request, _("Club “%(name)s” created. You are its organizer.") % {"name": club.name}
        )
        return redirect(club)
    return render(request, "clubs/club_form.html", {"form": form, "creating": True})


def club_edit(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    form = ClubForm(request.POST or None, instance=selectors.club_row(club_obj))
    if request.method == "POST" and form.is_valid():
        services.club_update(club=club_obj, **form.cleaned_data)
        messages.success(request, _("Club saved."))
        return redirect(club_obj)
    return render(request, "clubs/club_form.html", {"form": form, "club": club_obj})


@require_POST
def membership_role(request: HttpRequest, club: str, membership: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    member = get_object_or_404(Membership, pk=membership, club=club_obj)
    form = RoleForm(request.POST)
    if form.is_valid():
        try:
            services.membership_set_role(membership=member, role=form.cleaned_data["role"])
        except UserError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("Role of %(name)s changed.") % {"name": member.player})
    else:
        messages.error(request, _("Choose a valid role."))
    return redirect(club_obj)


@require_POST
def membership_remove(request: HttpRequest, club: str, membership: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    member = get_object_or_404(Membership, pk=membership, club=club_obj)
    try:
        services.membership_remove(membership=member)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(name)s left the club.") % {"name": member.player})
    return redirect(club_obj)
