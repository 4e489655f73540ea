"""What the reconciler repairs for notifications: e-mails whose task was lost. The row is the
outbox (``notifications.mail``): pending a while after it was made, and not handed over again
for as long, it is handed to the workers again; the locked send makes a second task for it a
no-op. A pending row whose attempt was counted had its hand-over cut off (the worker or its
connection died): the mail server may have it, and the copy sent again carries the same
Message-ID (``notifications.mail``)."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from events.reconcile import grace
from events.registry import repair
from notifications.mail import hand_over
from notifications.models import Notification, NotificationStatus

#: Handed over per run at most: a backlog drains over the next runs, each a minute apart.
BATCH = 500


@repair("notifications.pending_emails")
def pending_emails() -> list[str]:
    now = timezone.now()
    since = now - grace()
    due = list(
        Notification.objects.filter(
            Q(email_requeued_at__isnull=True) | Q(email_requeued_at__lte=since),
            email_status=NotificationStatus.PENDING,
            created_at__lte=since,
        )
        .order_by("pk")
        .values_list("pk", flat=True)[:BATCH]
    )
    if not due:
        return []
    Notification.objects.filter(pk__in=due).update(email_requeued_at=now)
    for notification_id in due:
        hand_over(notification_id)
    return [f"e-mail of notification {pk} handed over again" for pk in due]
