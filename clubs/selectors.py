"""Reads for clubs and the dashboard: each a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from clubs.models import Club, Membership, Player, Role


def clubs_visible_to(user: Any) -> QuerySet[Club]:
    """Public clubs and the private clubs the user belongs to, with member counts."""
    clubs = Club.objects.annotate(member_count=Count("memberships"))
    if getattr(user, "is_superuser", False):
        return clubs
    if user is not None and user.is_authenticated:
        return clubs.filter(Q(is_private=False) | Q(memberships__player__user=user)).distinct()
    return clubs.filter(is_private=False)


def club_memberships(club: Club) -> QuerySet[Membership]:
    """Members ordered organizers first, then referees, then players, by name."""
    order = {Role.ORGANIZER: 0, Role.REFEREE: 1, Role.PLAYER: 2}
    from django.db.models import Case, IntegerField, Value, When

    return (
        Membership.objects.filter(club=club)
        .select_related("player", "player__user")
        .annotate(
            role_order=Case(
                *[When(role=role, then=Value(rank)) for role, rank in order.items()],
                output_field=IntegerField(),
            )
        )
        .order_by("role_order", "player__name")
    )


def player_of(user: Any) -> Player | None:
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


@dataclass(frozen=True)
class Dashboard:
    player: Player | None
    memberships: list[Membership]
    entries: list[Any]
    next_match: Any | None


def dashboard_for(user: Any) -> Dashboard:
    """My clubs, my tournaments and my next match."""
    from matches.selectors import next_match_for
    from tournaments.selectors import entries_of_player

    player = player_of(user)
    if player is None:
        return Dashboard(player=None, memberships=[], entries=[], next_match=None)
    memberships = list(
        Membership.objects.filter(player=player).select_related("club").order_by("club__name")
    )
    return Dashboard(
        player=player,
        memberships=memberships,
        entries=list(entries_of_player(player)),
        next_match=next_match_for(player),
    )


#: Everyone starts here (FIBS).
INITIAL_RATING = 1500.0


def club_ratings(club: Club, player_ids: list[int]) -> dict[int, float]:
    """The club rating of each player; players without a rated match have the initial one."""
    from clubs.models import ClubRating

    known = dict(
        ClubRating.objects.filter(club=club, player_id__in=player_ids).values_list(
            "player_id", "rating"
        )
    )
    return {player_id: known.get(player_id, INITIAL_RATING) for player_id in player_ids}
