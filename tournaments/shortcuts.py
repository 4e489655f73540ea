"""For every page under a tournament: find the tournament the visitor may see, and what
every such page shows of it."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from clubs import permissions
from clubs.shortcuts import deny
from tournaments.models import Tournament

#: Longer tables and lists (standings, a round's matches, the players of the tournament's
#: page) are shown in pages of this many rows.
ROWS_PER_PAGE = 200


def get_visible_tournament(request: HttpRequest, club: str, tournament: str) -> Tournament:
    obj = get_object_or_404(
        Tournament.objects.select_related("club"), club__slug=club, slug=tournament
    )
    if not permissions.can_view_tournament(request.user, obj):
        raise Http404
    return obj


def tournament_context(
    request: HttpRequest, tournament: Tournament, **extra: object
) -> dict[str, object]:
    """The template context every tournament page starts from: the tournament, its club and
    what the visitor may do there, with ``extra``."""
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "can_manage": permissions.can_manage_tournament(request.user, tournament),
        "can_referee": permissions.can_referee_tournament(request.user, tournament),
        **extra,
    }
    return context


def organizer_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Load the tournament and let only organizers of its club through: the view is called
    with the request and the tournament."""

    @wraps(view)
    def wrapper(request: HttpRequest, club: str, tournament: str, **kwargs: Any) -> HttpResponse:
        obj = get_visible_tournament(request, club, tournament)
        if not permissions.can_manage_tournament(request.user, obj):
            return deny(request)
        return view(request, obj, **kwargs)

    return wrapper
