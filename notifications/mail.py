"""E-mail: one notification sent by a Celery task, retried with backoff while the mail
server refuses; safe to run twice (a sent one is not sent again).

The notification row is the outbox: it is written pending in the transaction that decided to
tell someone, and the task is sent once that commits. A task that is lost (the broker down when
it was sent, a worker killed while sending, a broker that forgot its queue) leaves the row
pending; the reconciler hands it over again (``notifications.repairs``).

Each hand-over to the mail server is its own committed step: first the attempt is counted and
committed (the row still pending: "handing over"), then the mail is given to the server under
the row's lock and marked sent in that transaction, so a second task for it waits and then
sends nothing. What is promised: an e-mail is handed to the mail server at most once per
hand-over. When the worker dies, or its database connection is cut, after the server took the
mail and before it is marked sent, the row stays pending with the attempt counted, and the
next hand-over sends it again: with the same ``Message-ID``, derived from the notification
(:func:`message_id`), by which the receiving mail services and programs recognise the copy."""

from __future__ import annotations

import logging
import smtplib
from email.utils import parseaddr

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from clubs.models import Player
from config.mail import NOTIFICATION_HEADER
from notifications.models import Notification, NotificationStatus

#: What a mail server that is down, refuses or times out raises (SMTPException is an OSError,
#: named for the reader).
MAIL_ERRORS = (smtplib.SMTPException, OSError)


class DeliveryFailed(Exception):
    """The mail server did not take the message; the notification is marked failed."""


def email_address(player: Player) -> str:
    if player.email:
        return player.email
    user = player.user if player.user_id else None
    return (user.email or "") if user is not None else ""


logger = logging.getLogger(__name__)


def queue_send(notification_id: int) -> None:
    transaction.on_commit(lambda: hand_over(notification_id))


def hand_over(notification_id: int) -> None:
    """Send the notification's task; a broker that is down leaves it pending for the
    reconciler, never fails whoever caused the notification."""
    try:
        notification_send.delay(notification_id)
    except (BrokerError, ConnectionError, OSError):
        logger.warning(
            "e-mail of notification %s waits: the broker is unreachable; the reconciler will "
            "hand it over again",
            notification_id,
        )


def notification_deliver(*, notification_id: int) -> str:
    """E-mail one notification. Safe to run twice: a sent one is not sent again. Raises
    ``DeliveryFailed`` (after marking it failed with the error) when the server refuses."""
    with transaction.atomic():
        notification = _locked(notification_id)
        if notification is None:
            return "gone"
        if notification.email_status in (NotificationStatus.SENT, NotificationStatus.SKIPPED):
            return notification.email_status
        if not email_address(notification.recipient):
            notification.email_status = NotificationStatus.SKIPPED
            notification.save(update_fields=["email_status", "updated_at"])
            return notification.email_status
        if notification.email_status == NotificationStatus.PENDING and notification.attempts:
            logger.warning(
                "e-mail of notification %s is handed over again: an earlier hand-over was "
                "cut off before it was marked sent (the copy has the same Message-ID)",
                notification_id,
            )
        # Handing over: counted and committed before the mail server sees the mail.
        notification.attempts += 1
        notification.email_status = NotificationStatus.PENDING
        notification.save(update_fields=["email_status", "attempts", "updated_at"])

    failure: BaseException | None = None
    with transaction.atomic():
        notification = _locked(notification_id)
        if notification is None:
            return "gone"
        if notification.email_status != NotificationStatus.PENDING:
            return notification.email_status  # another task sent it meanwhile
        try:
            _send(notification, email_address(notification.recipient))
        except MAIL_ERRORS as error:
            failure = error
            notification.email_status = NotificationStatus.FAILED
            notification.error = f"{type(error).__name__}: {error}"[:2000]
        else:
            notification.email_status = NotificationStatus.SENT
            notification.sent_at = timezone.now()
            notification.error = ""
        notification.save(update_fields=["email_status", "error", "sent_at", "updated_at"])
    if failure is not None:
        raise DeliveryFailed(notification.error) from failure
    return notification.email_status


def _locked(notification_id: int) -> Notification | None:
    return (
        Notification.objects.select_for_update(of=("self",))
        .select_related("recipient__user")
        .filter(pk=notification_id)
        .first()
    )


def message_id(notification: Notification) -> str:
    """The ``Message-ID`` of the notification's e-mail, the same on every hand-over: its row
    and the moment it was made, at the domain of ``DEFAULT_FROM_EMAIL`` (not the worker's
    host name, as Django's own would be: two workers give the same one)."""
    domain = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "crawford"
    made = notification.created_at.strftime("%Y%m%d%H%M%S%f")
    return f"<notification.{notification.pk}.{made}@{domain}>"


def _send(notification: Notification, address: str) -> None:
    mail = EmailMultiAlternatives(
        subject=notification.subject,
        body=notification.body,
        to=[address],
        headers={
            "Message-ID": message_id(notification),
            "Auto-Submitted": "auto-generated",
            # The development backend (config.mail) links the copy in the app by this header.
            NOTIFICATION_HEADER: str(notification.pk),
        },
    )
    if notification.body_html:
        mail.attach_alternative(notification.body_html, "text/html")
    mail.send()


#: E-mail retries: 30 s, 1, 2, 4, 8 minutes, then the notification stays "failed" and is listed
#: for the club's organizers, who can send it again.
MAIL_RETRIES = 5


def mail_backoff(retries: int) -> int:
    return int(30 * 2**retries)


@shared_task(bind=True, max_retries=MAIL_RETRIES, acks_late=True)
def notification_send(self, notification_id: int) -> object:  # type: ignore[no-untyped-def]
    """E-mail one notification; a refusing or unreachable mail server is retried with backoff."""
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
