"""Reads for ratings: the leaderboard and players' current ratings (fixed number of queries)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Count, F, FloatField, OuterRef, QuerySet, Subquery, Window
from django.db.models.functions import Cast, Coalesce, NullIf, Rank
from django.utils import timezone

from backgammon.fibs import INITIAL_RATING
from clubs.models import Club
from ratings.models import ClubRating, RatingChange

#: "Active" on the leaderboard: a rated match within this time.
ACTIVE_WITHIN = timedelta(days=365)


def leaderboard(club: Club) -> QuerySet[ClubRating]:
    """Rated players of the club with their match counts and last match, best first.

    The position is computed after filters (an "active players" list ranks among them).
    """
    changes = RatingChange.objects.filter(club=OuterRef("club"), player=OuterRef("player"))

    def counted(queryset: QuerySet[RatingChange]) -> Subquery:
        return Subquery(
            queryset.values("player").annotate(n=Count("pk")).values("n"),
        )

    return (
        ClubRating.objects.filter(club=club)
        .select_related("player")
        .annotate(
            played=Coalesce(counted(changes), 0),
            won=Coalesce(counted(changes.filter(won=True)), 0),
            last_played=Subquery(changes.order_by("-played_at").values("played_at")[:1]),
            position=Window(Rank(), order_by=F("rating").desc()),
        )
        .annotate(win_rate=Cast("won", FloatField()) / NullIf(Cast("played", FloatField()), 0.0))
        .order_by("-rating", "player__name")
    )


def active_since(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) - ACTIVE_WITHIN


def club_ratings(club: Club, player_ids: list[int]) -> dict[int, float]:
    """The club rating of each player; players without a rated match have the initial one."""
    known = dict(
        ClubRating.objects.filter(club=club, player_id__in=player_ids).values_list(
            "player_id", "rating"
        )
    )
    return {player_id: known.get(player_id, INITIAL_RATING) for player_id in player_ids}
