"""Two players of a club against each other: their matches and the rating points exchanged."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from clubs.models import Club, Player
from players.selectors.match_lines import (
    GameRecordStats,
    MatchLine,
    finished_matches,
    game_stats,
    match_lines,
    with_deltas,
)
from ratings.models import ClubRating, RatingChange


@dataclass(frozen=True)
class HeadToHead:
    a: Player
    b: Player
    rating_a: float | None
    rating_b: float | None
    lines: list[MatchLine]
    """From ``a``'s side, newest first."""
    wins_a: int
    wins_b: int
    games: GameRecordStats
    rating_exchange: float
    """Rating points ``a`` won from ``b`` in their matches (negative: lost)."""


def head_to_head(club: Club, a: Player, b: Player, *, include_unpublished: bool) -> HeadToHead:
    matches = finished_matches(club, include_unpublished=include_unpublished).filter(
        Q(entry_a__player=a, entry_b__player=b) | Q(entry_a__player=b, entry_b__player=a)
    )
    exchange = {
        match_id: after - before
        for match_id, before, after in RatingChange.objects.filter(
            club=club, player=a, opponent=b
        ).values_list("match_id", "rating_before", "rating_after")
    }
    lines = with_deltas(match_lines(matches, a.pk), exchange)
    played = [line for line in lines if not line.forfeit]
    ratings = dict(
        ClubRating.objects.filter(club=club, player__in=[a, b]).values_list("player_id", "rating")
    )
    return HeadToHead(
        a=a,
        b=b,
        rating_a=ratings.get(a.pk),
        rating_b=ratings.get(b.pk),
        lines=lines,
        wins_a=sum(1 for line in played if line.won),
        wins_b=sum(1 for line in played if not line.won),
        games=game_stats(played),
        rating_exchange=sum(exchange.values()),
    )
