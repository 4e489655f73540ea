"""Reads for tournaments."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from clubs.models import Club, Player
from tournaments.models import Entry, EntryStatus, Round, Tournament, TournamentStatus


def entries_of_player(player: Player) -> QuerySet[Entry]:
    """The player's tournaments that are not over, then the finished ones."""
    return (
        Entry.objects.filter(player=player)
        .exclude(status=EntryStatus.WITHDRAWN)
        .select_related("tournament", "tournament__club")
        .order_by("tournament__status", "-tournament__starts_at", "-tournament__created_at")
    )


def tournaments_of_club(club: Club, user: Any, *, can_manage: bool) -> QuerySet[Tournament]:
    """The club's tournaments a visitor may see: drafts and unpublished ones for organizers."""
    tournaments = Tournament.objects.filter(club=club).annotate(
        entry_count=Count("entries", filter=~Q(entries__status=EntryStatus.WITHDRAWN))
    )
    if not can_manage:
        tournaments = tournaments.filter(is_published=True).exclude(status=TournamentStatus.DRAFT)
    return tournaments


def tournament_entries(tournament: Tournament) -> QuerySet[Entry]:
    return (
        Entry.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("seed", "player__name")
    )


def tournament_rounds(tournament: Tournament) -> QuerySet[Any]:
    """Every round of every stage, in play order, with its match counts."""
    return (
        Round.objects.filter(stage__tournament=tournament)
        .select_related("stage")
        .annotate(match_count=Count("matches"))
        .order_by("stage__order", "number")
    )


def my_entry(tournament: Tournament, user: Any) -> Entry | None:
    if user is None or not user.is_authenticated:
        return None
    return Entry.objects.filter(tournament=tournament, player__user=user).first()
