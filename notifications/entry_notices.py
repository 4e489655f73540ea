"""Triggers about what players do themselves: a sign-up (in the field, or on the waiting
list), a move up from the waiting list, and the waiting list closed at the start."""

from __future__ import annotations

from entries.models import EntryStatus
from notifications import kinds
from notifications.entry_messages import entries_to_notify, entry_message
from notifications.services import notification_create, notifications_create
from notifications.tournament_notices import entries_approved_notify
from tournaments.models import TournamentStatus


def signed_up_notify(*, entry_id: int) -> bool:
    """A player who signed up: on the waiting list, his number on it; in the field, that
    his entry stands (at once, not at the next sweep). False when nobody is told."""
    entry = entries_to_notify().filter(pk=entry_id).first()
    if entry is None:
        return False
    if entry.status in (EntryStatus.APPROVED, EntryStatus.CHECKED_IN):
        return entries_approved_notify(entry_id=entry.pk) > 0
    if entry.status != EntryStatus.WAITING:
        return False
    position = entry.tournament.entries.filter(
        status=EntryStatus.WAITING, waiting_number__lte=entry.waiting_number
    ).count()
    key = f"{kinds.WAITING_LIST_JOINED}:e{entry.pk}:w{entry.waiting_number}"
    message = entry_message(kinds.WAITING_LIST_JOINED, entry, key)
    message.context["position"] = position
    return notification_create(message=message) is not None


def moved_up_notify(*, entry_id: int) -> bool:
    """A player who moved up from the waiting list into a place (once per move): he is in;
    or, where the organizer approves sign-ups, his entry awaits approval (he is told again
    once approved: ``entries_approved_notify`` skips only those told they are in)."""
    entry = entries_to_notify().filter(pk=entry_id).first()
    if entry is None or entry.status not in (EntryStatus.APPROVED, EntryStatus.PENDING):
        return False
    kind = (
        kinds.WAITING_LIST_MOVED_UP_PENDING
        if entry.status == EntryStatus.PENDING
        else kinds.WAITING_LIST_MOVED_UP
    )
    stamp = int(entry.updated_at.timestamp())
    key = f"{kind}:e{entry.pk}:t{stamp}"
    message = entry_message(kind, entry, key)
    return notification_create(message=message) is not None


def waiting_list_closed_notify(*, tournament_id: int) -> int:
    """Once the tournament has started, each player still on its waiting list: the field was
    full, he did not get a place (once per entry; a later round finds them told)."""
    entries = entries_to_notify().filter(
        tournament_id=tournament_id,
        status=EntryStatus.WAITING,
        tournament__status__in=[TournamentStatus.RUNNING, TournamentStatus.FINISHED],
    )
    messages = [
        entry_message(kinds.WAITING_LIST_CLOSED, entry, f"{kinds.WAITING_LIST_CLOSED}:e{entry.pk}")
        for entry in entries.order_by("pk")
    ]
    return len(notifications_create(messages))
