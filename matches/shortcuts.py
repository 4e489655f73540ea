"""Find a match the visitor may see, for every page under a match."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from matches.models import Match
from tournaments.shortcuts import get_visible_tournament


def get_visible_match(request: HttpRequest, club: str, tournament: str, match: int) -> Match:
    tournament_obj = get_visible_tournament(request, club, tournament)
    return get_object_or_404(
        Match.objects.select_related(
            "round__stage__tournament__club", "entry_a__player", "entry_b__player", "winner"
        ),
        pk=match,
        round__stage__tournament=tournament_obj,
    )
