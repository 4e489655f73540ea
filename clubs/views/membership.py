"""A club's join requests and invitations: a player asks to join, organizers answer; an
organizer invites by e-mail, the invited person accepts by the mail's link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions, selectors, services
from clubs.forms import InvitationForm, JoinRequestForm
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error


@login_required
def join(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    form = JoinRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.join_request_create(
                club=club_obj,
                player=services.player_for_user(user=request.user),
                message=form.cleaned_data["message"],
            )
        except UserError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request, _("Your request is sent; you will be told when an organizer answers.")
            )
        return redirect(club_obj)
    context = {
        "club": club_obj,
        "form": form,
        "is_member": selectors.user_is_member(club_obj, request.user),
        "my_request": selectors.my_join_request(club_obj, request.user),
    }
    return render(request, "clubs/join.html", context)


@login_required
def requests(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.club_invite(club=club_obj, user=request.user, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(
                request,
                _("The invitation is sent to %(email)s.") % {"email": form.cleaned_data["email"]},
            )
            return redirect("membership:requests", club=club_obj.slug)
    context = {
        "club": club_obj,
        "join_requests": selectors.open_join_requests(club_obj),
        "invitations": selectors.club_invitations(club_obj)[:20],
        "form": form,
    }
    return render(request, "clubs/join_requests.html", context)


@require_POST
@login_required
def decide(request: HttpRequest, club: str, pk: int, decision: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj) or decision not in (
        "approve",
        "decline",
    ):
        return deny(request)
    join_request = get_object_or_404(selectors.join_requests_with_player(), pk=pk, club=club_obj)
    try:
        services.join_request_decide(
            join_request=join_request, approve=decision == "approve", user=request.user
        )
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        text = (
            _("%(name)s is a member now.")
            if decision == "approve"
            else _("The request of %(name)s is declined.")
        )
        messages.success(request, text % {"name": join_request.player.name})
    return redirect("membership:requests", club=club_obj.slug)


@login_required
def accept(request: HttpRequest, token: str) -> HttpResponse:
    invitation = get_object_or_404(selectors.invitations_with_club(), token=token)
    if request.method == "POST":
        try:
            services.club_invitation_accept(token=token, user=request.user)
        except UserError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("Welcome to %(club)s!") % {"club": invitation.club.name})
            return redirect(invitation.club)
    return render(request, "clubs/invitation.html", {"invitation": invitation})
