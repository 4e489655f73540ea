"""The match page: players, score, games, and (for referees) result entry."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs import permissions
from matches.models import Match
from tournaments.views import get_visible_tournament


def get_visible_match(request: HttpRequest, club: str, tournament: str, match: int) -> Match:
    tournament_obj = get_visible_tournament(request, club, tournament)
    return get_object_or_404(
        Match.objects.select_related(
            "round__stage__tournament__club", "entry_a__player", "entry_b__player", "winner"
        ),
        pk=match,
        round__stage__tournament=tournament_obj,
    )


def match_detail(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    tournament_obj = match_obj.round.stage.tournament
    context = {
        "match": match_obj,
        "tournament": tournament_obj,
        "club": tournament_obj.club,
        "games": match_obj.games.order_by("number"),
        "can_referee": permissions.can_referee_tournament(request.user, tournament_obj),
        "is_player": permissions.is_match_player(request.user, match_obj),
    }
    return render(request, "matches/match_detail.html", context)
