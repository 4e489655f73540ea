"""Deadlines (run by Celery beat): reminders to players before a round's deadline, and to the
organizers the list of matches still open after it.

Idempotent per match and reminder: the dedupe key holds the match (or round), the reminder and
the deadline itself, so a re-run sends nothing twice and a moved deadline arms them again.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from clubs.models import Membership, Role
from matches.models import OPEN_STATUSES, Match
from notifications import kinds
from notifications.match_notices import match_message, match_queryset, match_url, sides
from notifications.services import Message, absolute, notifications_create
from tournaments.models import TournamentStatus


def reminder_hours() -> list[int]:
    """Hours before a deadline when players are reminded (``settings.NOTIFY_REMINDER_HOURS``)."""
    hours = getattr(settings, "NOTIFY_REMINDER_HOURS", (24, 2))
    return sorted({int(h) for h in hours if int(h) > 0})


def _stamp(deadline: datetime) -> int:
    return int(deadline.timestamp())


def _open_matches():  # type: ignore[no-untyped-def]
    return match_queryset().filter(
        status__in=OPEN_STATUSES,
        entry_a__isnull=False,
        entry_b__isnull=False,
        round__deadline__isnull=False,
        round__stage__tournament__status=TournamentStatus.RUNNING,
    )


def deadline_reminders_send(*, now: datetime | None = None) -> int:
    """Remind both players of every unfinished match whose deadline is near. Of the reminders
    due, only the closest one is sent (a round drawn two hours before its deadline gets the
    two-hour reminder, not also the one-day one)."""
    now = now or timezone.now()
    hours = reminder_hours()
    if not hours:
        return 0
    matches = _open_matches().filter(
        round__deadline__gt=now, round__deadline__lte=now + timedelta(hours=max(hours))
    )
    messages = []
    for match in matches.order_by("round__deadline", "index"):
        deadline = match.round.deadline
        assert deadline is not None
        left = deadline - now
        due = min(h for h in hours if left <= timedelta(hours=h))
        for side in sides(match):
            key = f"{kinds.MATCH_REMINDER}:m{match.pk}:h{due}:d{_stamp(deadline)}:p{side.player.pk}"
            message = match_message(kinds.MATCH_REMINDER, match, side, key)
            message.context["hours_left"] = due
            messages.append(message)
    return len(notifications_create(messages))


def overdue_matches_report(*, now: datetime | None = None) -> int:
    """Tell the club's organizers, once per round and deadline, which of its matches are still
    open after the deadline."""
    now = now or timezone.now()
    late = _open_matches().filter(round__deadline__lte=now).order_by("round_id", "index")
    by_round: dict[int, list[Match]] = defaultdict(list)
    for match in late:
        by_round[match.round_id].append(match)
    if not by_round:
        return 0
    club_ids = {ms[0].round.stage.tournament.club_id for ms in by_round.values()}
    organizers = defaultdict(list)
    for membership in Membership.objects.filter(
        club_id__in=club_ids, role=Role.ORGANIZER
    ).select_related("player__user"):
        organizers[membership.club_id].append(membership.player)
    messages = []
    for round_matches in by_round.values():
        round_ = round_matches[0].round
        tournament = round_.stage.tournament
        assert round_.deadline is not None
        rows = [
            {"match": m, "players": [s.player for s in sides(m)], "link": absolute(match_url(m))}
            for m in round_matches
        ]
        url = reverse(
            "notifications:tournament",
            kwargs={"club": tournament.club.slug, "tournament": tournament.slug},
        )
        for organizer in organizers[tournament.club_id]:
            messages.append(
                Message(
                    recipient=organizer,
                    kind=kinds.MATCHES_OVERDUE,
                    dedupe_key=(
                        f"{kinds.MATCHES_OVERDUE}:r{round_.pk}:d{_stamp(round_.deadline)}"
                        f":p{organizer.pk}"
                    ),
                    context={
                        "tournament": tournament,
                        "club": tournament.club,
                        "round": round_,
                        "stage": round_.stage,
                        "deadline": round_.deadline,
                        "rows": rows,
                    },
                    url=url,
                    club_id=tournament.club_id,
                    tournament_id=tournament.pk,
                )
            )
    return len(notifications_create(messages))
