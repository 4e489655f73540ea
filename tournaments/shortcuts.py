"""Find a tournament the visitor may see, for every page under a tournament."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from clubs import permissions
from tournaments.models import Tournament


def get_visible_tournament(request: HttpRequest, club: str, tournament: str) -> Tournament:
    obj = get_object_or_404(
        Tournament.objects.select_related("club"), club__slug=club, slug=tournament
    )
    if not permissions.can_view_tournament(request.user, obj):
        raise Http404
    return obj
