"""Reads for clubs and the dashboard: each a fixed number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, Count, IntegerField, Q, QuerySet, Value, When

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


def club_row(club: Club) -> Club:
    """The club's row read anew: a form changes this copy, never the page's own."""
    return Club.objects.get(pk=club.pk)


def club_members_by_id(club: Club, ids: list[int]) -> dict[int, Player]:
    """The club's members among ``ids``, by id."""
    return Player.objects.filter(memberships__club=club, pk__in=ids).in_bulk()


def memberships_by_name(club: Club) -> QuerySet[Membership]:
    """The club's members with their players, by name."""
    return Membership.objects.filter(club=club).select_related("player").order_by("player__name")


def is_member(club: Club, player: Player) -> bool:
    return Membership.objects.filter(club=club, player=player).exists()
