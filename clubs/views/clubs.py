"""Club pages. Views stay thin: permissions from clubs.permissions, writes via clubs.services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions, selectors, services
from clubs.forms import ClubForm, GuestAddForm, MemberAddForm, RoleForm
from clubs.models import Club, Membership
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error
from entries import selectors as entry_selectors
from entries import services as entry_services
from tournaments import pagecache
from tournaments.selectors import public_club_list_version, tournaments_of_club


@pagecache.anonymous_cached_under(public_club_list_version)
def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    clubs = selectors.clubs_visible_to(request.user)[:12]
    return render(request, "home.html", {"clubs": clubs})


@pagecache.anonymous_cached_under(public_club_list_version)
def club_list(request: HttpRequest) -> HttpResponse:
    clubs = selectors.clubs_visible_to(request.user)
    return render(request, "clubs/club_list.html", {"clubs": clubs})


@pagecache.anonymous_club_cached
def club_detail(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    can_manage = permissions.can_manage_club(request.user, club_obj)
    context = {
        "club": club_obj,
        "memberships": selectors.club_memberships(club_obj),
        "tournaments": tournaments_of_club(club_obj, request.user, can_manage=can_manage),
        "can_manage": can_manage,
        "is_member": permissions.is_club_member(request.user, club_obj),
        "my_join_request": entry_selectors.my_join_request(club_obj, request.user),
        "role_form": RoleForm(),
    }
    return render(request, "clubs/club_detail.html", context)


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
    form = ClubForm(request.POST or None, instance=Club.objects.get(pk=club_obj.pk))
    if request.method == "POST" and form.is_valid():
        services.club_update(club=club_obj, **form.cleaned_data)
        messages.success(request, _("Club saved."))
        return redirect(club_obj)
    return render(request, "clubs/club_form.html", {"form": form, "club": club_obj})


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
                    invitation = entry_services.club_invite_account(
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
