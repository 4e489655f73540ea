"""A club's page: its members, its tournaments and the visitor's request to join."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs import permissions, selectors
from clubs.forms import RoleForm
from clubs.shortcuts import get_visible_club
from entries.selectors import tournaments_of_club
from tournaments import pagecache


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
        "my_join_request": selectors.my_join_request(club_obj, request.user),
        "role_form": RoleForm(),
    }
    return render(request, "clubs/club_detail.html", context)
