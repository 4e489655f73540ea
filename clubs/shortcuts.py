"""What every page does: refuse, find a club the visitor may see."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from clubs import permissions
from clubs.models import Club


def deny(request: HttpRequest) -> HttpResponse:
    """Anonymous visitors are sent to log in; logged-in users without the right get 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def get_visible_club(request: HttpRequest, slug: str) -> Club:
    """The club, or 404 when it does not exist or is private and the user is no member."""
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_view_club(request.user, club):
        raise Http404
    return club
