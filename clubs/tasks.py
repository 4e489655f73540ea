"""Background work of the clubs app. Tasks take ids and call one piece of logic."""

from __future__ import annotations

from celery import shared_task

from clubs import notifications


@shared_task(bind=True, max_retries=5, default_retry_delay=30, acks_late=True)
def membership_welcome(self, membership_id: int) -> bool:  # type: ignore[no-untyped-def]
    """Tell a new member by e-mail which club added them and in which role."""
    try:
        return notifications.membership_welcome_send(membership_id=membership_id)
    except OSError as exc:  # mail server unreachable: try again later
        raise self.retry(exc=exc) from exc
