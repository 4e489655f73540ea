"""Reads of the rows pages pick from (a tournament's stages and rounds, a club's tournaments
and seasons), and fresh copies of rows for the organizer's forms."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from clubs.models import Club
from tournaments.models import (
    Round,
    RoundStatus,
    Season,
    Stage,
    Tournament,
    TournamentKind,
    TournamentStatus,
)


def tournament_stages(tournament: Tournament) -> QuerySet[Stage]:
    """The tournament's stages in play order."""
    return Stage.objects.filter(tournament=tournament).order_by("order")


def has_stage_of_kind(tournament: Tournament, kinds: Iterable[str]) -> bool:
    return Stage.objects.filter(tournament=tournament, kind__in=kinds).exists()


def drawn_rounds(tournament: Tournament) -> QuerySet[Round]:
    """The rounds published and drawn (neither a draft nor pending), in play order."""
    return (
        Round.objects.filter(stage__tournament=tournament, draft__isnull=True)
        .exclude(status=RoundStatus.PENDING)
        .select_related("stage__tournament")
        .order_by("stage__order", "number")
    )


def stage_round_count(stage: Stage) -> int:
    return Round.objects.filter(stage=stage).count()


def rounds_with_stage() -> QuerySet[Round]:
    """Rounds with their stage, for a page to pick one from."""
    return Round.objects.select_related("stage")


def rounds_with_tournament() -> QuerySet[Round]:
    """Rounds with their stage and tournament, for a page to pick one from."""
    return Round.objects.select_related("stage__tournament")


def tournament_row(tournament: Tournament) -> Tournament:
    """The tournament's row read anew: a form changes this copy, never the page's own."""
    return Tournament.objects.get(pk=tournament.pk)


def round_row(round_: Round) -> Round:
    """The round's row read anew: a form changes this copy, never the page's own."""
    return Round.objects.get(pk=round_.pk)


def stage_row(stage: Stage) -> Stage:
    """The stage's row read anew: a form changes this copy, never the page's own."""
    return Stage.objects.get(pk=stage.pk)


def rounds_of_tournament(tournament: Tournament) -> QuerySet[Round]:
    """The tournament's rounds, with their stage and tournament."""
    return Round.objects.filter(stage__tournament=tournament).select_related("stage__tournament")


def rounds_with_club() -> QuerySet[Round]:
    """Rounds with their stage, tournament and club, for a page to pick one from."""
    return Round.objects.select_related("stage__tournament__club")


def tournaments_with_club() -> QuerySet[Tournament]:
    """Tournaments with their club, for a page to pick one from."""
    return Tournament.objects.select_related("club")


def unfinished_tournaments(club: Club) -> QuerySet[Tournament]:
    """The club's tournaments (no ladder's) not finished yet."""
    return Tournament.objects.filter(club=club, kind=TournamentKind.TOURNAMENT).exclude(
        status=TournamentStatus.FINISHED
    )


def club_seasons(club: Club) -> QuerySet[Season]:
    """The club's seasons, newest first."""
    return Season.objects.filter(club=club).order_by("-created_at")


def season_tournament_ids(season: Season) -> list[int]:
    return list(Tournament.objects.filter(season=season).values_list("pk", flat=True))
