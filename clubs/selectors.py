"""Reads for clubs and the dashboard: each a fixed number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, Count, IntegerField, Q, QuerySet, Value, When

from clubs.models import (
    Club,
    ClubInvitation,
    JoinRequest,
    JoinRequestStatus,
    Membership,
    Player,
    Role,
)


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


def open_join_requests(club: Club) -> QuerySet[JoinRequest]:
    return (
        JoinRequest.objects.filter(club=club, status=JoinRequestStatus.PENDING)
        .select_related("player")
        .order_by("created_at", "pk")
    )


def my_join_request(club: Club, user: Any) -> JoinRequest | None:
    if user is None or not user.is_authenticated:
        return None
    return JoinRequest.objects.filter(club=club, player__user=user).order_by("-created_at").first()


def pending_join_requests_of(player: Player) -> list[JoinRequest]:
    """The player's requests to join a club that no organizer has answered yet."""
    return list(
        JoinRequest.objects.filter(player=player, status=JoinRequestStatus.PENDING)
        .select_related("club")
        .order_by("club__name")
    )


def user_is_member(club: Club, user: Any) -> bool:
    """Whether the user (signed in or not) is a member of the club."""
    return bool(
        user is not None
        and user.is_authenticated
        and Membership.objects.filter(club=club, player__user=user).exists()
    )


def club_invitations(club: Club) -> QuerySet[ClubInvitation]:
    """The club's invitations, newest first."""
    return ClubInvitation.objects.filter(club=club).order_by("-created_at")


def join_requests_with_player() -> QuerySet[JoinRequest]:
    """Requests to join with who asked, for a page to pick one from."""
    return JoinRequest.objects.select_related("player")


def invitations_with_club() -> QuerySet[ClubInvitation]:
    """Invitations with their club, for a page to pick one from."""
    return ClubInvitation.objects.select_related("club")
