"""Triggers about clubs and tournaments: a new member, an approved entry, check-in before the
start, and the final placings once a tournament is over."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Exists, OuterRef
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from clubs.models import Membership
from entries.models import EntryStatus
from entries.selectors import check_in_hours
from notifications import kinds
from notifications.entry_messages import entries_to_notify, entry_message
from notifications.models import Notification
from notifications.placings import final_placings
from notifications.services import Message, notification_create, notifications_create
from tournaments.models import Tournament, TournamentStatus


def membership_welcome_notify(*, membership_id: int) -> bool:
    """Tell a new member which club added them and in which role; False when nobody is told."""
    membership = (
        Membership.objects.select_related("club", "player__user").filter(pk=membership_id).first()
    )
    if membership is None:
        return False
    message = Message(
        recipient=membership.player,
        kind=kinds.MEMBERSHIP_WELCOME,
        dedupe_key=f"{kinds.MEMBERSHIP_WELCOME}:m{membership.pk}",
        context={"membership": membership, "club": membership.club, "player": membership.player},
        url=membership.club.get_absolute_url(),
        club_id=membership.club_id,
    )
    return notification_create(message=message) is not None


def entries_approved_notify(*, entry_id: int | None = None) -> int:
    """Tell players that their entry stands (approved or entered by the organizer) while the
    tournament takes registrations. ``entry_id``: only this entry; ``None``: every such entry
    not told yet (the beat sweep)."""
    entries = entries_to_notify().filter(
        status__in=[EntryStatus.APPROVED, EntryStatus.CHECKED_IN],
        tournament__status=TournamentStatus.REGISTRATION,
    )
    # A player told that he moved up from the waiting list knows his entry stands.
    entries = entries.exclude(
        Exists(
            Notification.objects.filter(
                recipient=OuterRef("player"),
                tournament=OuterRef("tournament"),
                kind=kinds.WAITING_LIST_MOVED_UP,
            )
        )
    )
    if entry_id is not None:
        entries = entries.filter(pk=entry_id)
    messages = [
        entry_message(
            kinds.REGISTRATION_APPROVED, entry, f"{kinds.REGISTRATION_APPROVED}:e{entry.pk}"
        )
        for entry in entries.order_by("pk")
    ]
    return len(notifications_create(messages))


def check_in_notify(*, now: datetime | None = None) -> int:
    """Crawford has no separate "open check-in" step: check-in opens ``check_in_hours()``
    before a tournament that requires it starts. Then every approved player who has not
    checked in is told where and until when to check in (once per entry and start time)."""
    now = now or timezone.now()
    entries = entries_to_notify().filter(
        status=EntryStatus.APPROVED,
        tournament__status=TournamentStatus.REGISTRATION,
        tournament__require_check_in=True,
        tournament__starts_at__isnull=False,
        tournament__starts_at__lte=now + timedelta(hours=check_in_hours()),
    )
    messages = []
    for entry in entries.order_by("tournament_id", "pk"):
        starts_at = entry.tournament.starts_at
        assert starts_at is not None
        key = f"{kinds.CHECK_IN_OPEN}:e{entry.pk}:d{int(starts_at.timestamp())}"
        messages.append(entry_message(kinds.CHECK_IN_OPEN, entry, key))
    return len(notifications_create(messages))


def standings_url(tournament: Tournament) -> str:
    try:
        return reverse(
            "tournaments:standings",
            kwargs={"club": tournament.club.slug, "tournament": tournament.slug},
        )
    except NoReverseMatch:  # no standings page: the overview shows the results
        return tournament.get_absolute_url()


def tournament_finished_notify(*, tournament_id: int) -> int:
    """Every player who was drawn: the tournament is over, the placings, his own place."""
    tournament = (
        Tournament.objects.select_related("club")
        .filter(pk=tournament_id, status=TournamentStatus.FINISHED)
        .first()
    )
    if tournament is None:
        return 0
    entries = list(
        entries_to_notify()
        .filter(tournament=tournament, seed__isnull=False)
        .exclude(status=EntryStatus.WITHDRAWN)
        .order_by("seed")
    )
    placings = final_placings(tournament)
    url = standings_url(tournament)
    messages = []
    for entry in entries:
        context = {
            "tournament": tournament,
            "club": tournament.club,
            "entry": entry,
            "podium": placings.podium,
            "mine": placings.of(entry.pk),
        }
        messages.append(
            Message(
                recipient=entry.player,
                kind=kinds.TOURNAMENT_FINISHED,
                dedupe_key=f"{kinds.TOURNAMENT_FINISHED}:t{tournament.pk}:p{entry.player_id}",
                context=context,
                url=url,
                club_id=tournament.club_id,
                tournament_id=tournament.pk,
            )
        )
    return len(notifications_create(messages))
