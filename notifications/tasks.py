"""Background work of notifications. Tasks take ids and call one piece of logic."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

# What happens in the other apps reaches notifications as events (``notifications.listeners``).
# Here: sending one e-mail, and the beat tasks (settings.CELERY_BEAT_SCHEDULE): notify_deadlines,
# notify_overdue, notify_registrations, notify_check_in, notify_ready_matches. Every one is
# idempotent (dedupe keys).

_NOTIFY = {"autoretry_for": (OperationalError,), "retry_backoff": True, "max_retries": 5}

#: E-mail retries: 30 s, 1, 2, 4, 8 minutes, then the notification stays "failed" and is listed
#: for the club's organizers, who can send it again.
MAIL_RETRIES = 5


def mail_backoff(retries: int) -> int:
    return int(30 * 2**retries)


@shared_task(bind=True, max_retries=MAIL_RETRIES, acks_late=True)
def notification_send(self, notification_id: int) -> object:  # type: ignore[no-untyped-def]
    """E-mail one notification; a refusing or unreachable mail server is retried with backoff."""
    from notifications.services import DeliveryFailed, notification_deliver

    try:
        return notification_deliver(notification_id=notification_id)
    except DeliveryFailed as exc:
        if self.request.retries >= self.max_retries:
            return "failed"  # stays failed, on the organizer's list
        # On a worker the retry is queued with its countdown (retry raises). Run eagerly (no
        # broker) Celery retries at once when the task returns the retry; raising it would
        # reach whoever triggered the mail, e.g. the referee's request.
        eager = bool(self.request.is_eager)
        return self.retry(exc=exc, countdown=mail_backoff(self.request.retries), throw=not eager)


@shared_task(acks_late=True, **_NOTIFY)
def notify_deadlines() -> int:
    """Beat: remind players of unfinished matches before their round's deadline."""
    from notifications.deadlines import deadline_reminders_send

    return deadline_reminders_send()


@shared_task(acks_late=True, **_NOTIFY)
def notify_overdue() -> int:
    """Beat: tell organizers which matches are still open after the deadline."""
    from notifications.deadlines import overdue_matches_report

    return overdue_matches_report()


@shared_task(acks_late=True, **_NOTIFY)
def notify_registrations() -> int:
    """Beat: tell players whose entry was approved (or who were entered) that it stands."""
    from notifications.tournament_notices import entries_approved_notify

    return entries_approved_notify()


@shared_task(acks_late=True, **_NOTIFY)
def notify_check_in() -> int:
    """Beat: check-in opens before the start of tournaments that require it."""
    from notifications.tournament_notices import check_in_notify

    return check_in_notify()


@shared_task(acks_late=True, **_NOTIFY)
def notify_ready_matches() -> int:
    """Beat: a safety net for matches that became ready without a draw or a result (a redraw,
    a swap, a withdrawal): their players are told too."""
    from notifications.match_notices import ready_matches_notify

    return ready_matches_notify()
