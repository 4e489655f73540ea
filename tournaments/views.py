"""Public tournament pages."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs import permissions
from tournaments import selectors
from tournaments.models import Tournament


def get_visible_tournament(request: HttpRequest, club: str, tournament: str) -> Tournament:
    obj = get_object_or_404(
        Tournament.objects.select_related("club"), club__slug=club, slug=tournament
    )
    if not permissions.can_view_tournament(request.user, obj):
        raise Http404
    return obj


def tournament_detail(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    context = {
        "tournament": obj,
        "club": obj.club,
        "entries": selectors.tournament_entries(obj),
        "can_manage": permissions.can_manage_tournament(request.user, obj),
    }
    return render(request, "tournaments/tournament_detail.html", context)
