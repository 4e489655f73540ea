"""Triggers about what players do themselves: a sign-up (in the field, or on the waiting
list), a move up from the waiting list."""

from __future__ import annotations

from notifications import kinds
from notifications.services import notification_create
from notifications.tournament_notices import _entries, _entry_message, entries_approved_notify
from tournaments.models import EntryStatus


def signed_up_notify(*, entry_id: int) -> bool:
    """A player who signed up: on the waiting list, his number on it; in the field, that
    his entry stands (at once, not at the next sweep). False when nobody is told."""
    entry = _entries().filter(pk=entry_id).first()
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
    message = _entry_message(kinds.WAITING_LIST_JOINED, entry, key)
    message.context["position"] = position
    return notification_create(message=message) is not None


def moved_up_notify(*, entry_id: int) -> bool:
    """A player who moved up from the waiting list into a place (once per move)."""
    entry = _entries().filter(pk=entry_id).first()
    if entry is None or entry.status not in (EntryStatus.APPROVED, EntryStatus.PENDING):
        return False
    stamp = int(entry.updated_at.timestamp())
    key = f"{kinds.WAITING_LIST_MOVED_UP}:e{entry.pk}:t{stamp}"
    message = _entry_message(kinds.WAITING_LIST_MOVED_UP, entry, key)
    return notification_create(message=message) is not None
