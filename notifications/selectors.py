"""Reads for notifications: the bell, a player's list, the organizer's pages. Each a fixed
number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from clubs.models import Club, Membership, Player, Role
from matches.models import Match
from notifications.models import Notification, NotificationStatus
from tournaments.models import Tournament


def unread_count(user: Any) -> int:
    """Unread notifications of the user's player (one query; none for anonymous visitors)."""
    if user is None or not user.is_authenticated:
        return 0
    return Notification.objects.filter(recipient__user=user, read_at__isnull=True).count()


def notifications_of(player: Player, *, limit: int = 100) -> list[Notification]:
    return list(
        Notification.objects.filter(recipient=player)
        .select_related("tournament", "club", "recipient")
        .order_by("-created_at", "-pk")[:limit]
    )


def clubs_organized_by(user: Any) -> list[Club]:
    if user is None or not user.is_authenticated:
        return []
    return [
        m.club
        for m in Membership.objects.filter(player__user=user, role=Role.ORGANIZER)
        .select_related("club")
        .order_by("club__name")
    ]


def failed_of_club(club: Club) -> QuerySet[Notification]:
    """E-mails of the club (its tournaments, its members) the mail server did not take."""
    return (
        Notification.objects.filter(club=club, email_status=NotificationStatus.FAILED)
        .select_related("recipient", "tournament")
        .order_by("-updated_at", "-pk")
    )


def running_tournaments_of(club: Club) -> QuerySet[Tournament]:
    return Tournament.objects.filter(club=club, status__in=["registration", "running"]).order_by(
        "-starts_at", "-created_at"
    )


def tell_in_person(tournament: Tournament) -> QuerySet[Notification]:
    """Messages for guests without e-mail: the organizer tells them at the venue. Not yet told
    first, newest first."""
    return (
        Notification.objects.filter(
            tournament=tournament,
            recipient__user__isnull=True,
            email_status=NotificationStatus.SKIPPED,
        )
        .select_related("recipient")
        .order_by("read_at", "-created_at", "-pk")
    )


def overdue_matches(tournament: Tournament) -> list[Match]:
    """Matches still open after their round's deadline."""
    return list(
        Match.objects.of_tournament(tournament)
        .open()
        .filter(
            round__deadline__lte=timezone.now(),
        )
        .select_related("round__stage", "entry_a__player", "entry_b__player")
        .order_by("round__deadline", "round__stage__order", "round__number", "index")
    )


def notifications_with_recipient() -> QuerySet[Notification]:
    """Notifications with their recipient, for a page to pick one from."""
    return Notification.objects.select_related("recipient")
