"""Reads of the API: what a visitor (or a club's token) may see, in a constant number of
queries per request."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.http import Http404

from clubs.permissions import visible_tournaments_filter
from matches.models import Game, Match
from standings.selectors import tournament_standings
from tournaments.models import Round, Tournament


def api_tournaments(user: Any, token: Any, *, club: str | None = None) -> QuerySet[Tournament]:
    tournaments = Tournament.objects.filter(visible_tournaments_filter(user, token))
    if club:
        tournaments = tournaments.filter(club__slug=club)
    return tournaments.select_related("club").order_by("-starts_at", "-created_at", "-pk")


def api_tournament(user: Any, token: Any, pk: int) -> Tournament:
    tournament = api_tournaments(user, token).filter(pk=pk).first()
    if tournament is None:
        raise Http404
    return tournament


def api_rounds(tournament: Tournament) -> QuerySet[Round]:
    return (
        Round.objects.filter(stage__tournament=tournament)
        .select_related("stage")
        .annotate(match_count=Count("matches"))
        .order_by("stage__order", "number")
    )


def _matches() -> QuerySet[Match]:
    return Match.objects.select_related(
        "round__stage__tournament__club", "entry_a__player", "entry_b__player"
    )


def api_matches(tournament: Tournament, *, round_id: int | None = None) -> QuerySet[Match]:
    matches = _matches().filter(round__stage__tournament=tournament)
    if round_id is not None:
        matches = matches.filter(round_id=round_id)
    return matches.order_by("round__stage__order", "round__number", "index")


def api_match(user: Any, token: Any, pk: int) -> Match:
    """The match if its tournament is visible; 404 otherwise (unknown or hidden alike)."""
    visible = api_tournaments(user, token).values("pk")
    match = (
        _matches()
        .filter(pk=pk, round__stage__tournament__in=visible)
        .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))
        .first()
    )
    if match is None:
        raise Http404
    return match


def api_standings(tournament: Tournament) -> list[dict[str, Any]]:
    """The ranked table, the same as the standings page shows."""
    return [
        {
            "rank": row["rank"],
            "place": row["place"],
            "entry": row["entry_id"],
            "name": row["player"],
            **{key: row[key] for key in STANDING_FIELDS},
        }
        for row in tournament_standings(tournament).rows
    ]


STANDING_FIELDS = (
    "played",
    "won",
    "lost",
    "byes",
    "match_points",
    "games_won",
    "games_lost",
    "points_for",
    "points_against",
    "points_diff",
)
