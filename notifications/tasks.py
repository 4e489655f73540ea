"""Background work of notifications. Tasks take ids and call one piece of logic."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from notifications.deadlines import deadline_reminders_send, overdue_matches_report
from notifications.match_notices import ready_matches_notify
from notifications.tournament_notices import check_in_notify, entries_approved_notify

# What happens in the other apps reaches notifications as events (``notifications.listeners``);
# one e-mail is sent by ``notifications.mail.notification_send``. Here: the beat tasks
# (settings.CELERY_BEAT_SCHEDULE), every one idempotent (dedupe keys).

_NOTIFY = {"autoretry_for": (OperationalError,), "retry_backoff": True, "max_retries": 5}


@shared_task(acks_late=True, **_NOTIFY)
def notify_deadlines() -> int:
    """Beat: remind players of unfinished matches before their round's deadline."""
    return deadline_reminders_send()


@shared_task(acks_late=True, **_NOTIFY)
def notify_overdue() -> int:
    """Beat: tell organizers which matches are still open after the deadline."""
    return overdue_matches_report()


@shared_task(acks_late=True, **_NOTIFY)
def notify_registrations() -> int:
    """Beat: tell players whose entry was approved (or who were entered) that it stands."""
    return entries_approved_notify()


@shared_task(acks_late=True, **_NOTIFY)
def notify_check_in() -> int:
    """Beat: check-in opens before the start of tournaments that require it."""
    return check_in_notify()


@shared_task(acks_late=True, **_NOTIFY)
def notify_ready_matches() -> int:
    """Beat: a safety net for matches that became ready without a draw or a result (a redraw,
    a swap, a withdrawal): their players are told too."""
    return ready_matches_notify()
