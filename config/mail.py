"""The development e-mail backend: one console line per e-mail (subject and recipients) with a
link to its copy in the app, instead of the whole message."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend
from django.urls import NoReverseMatch, reverse

from config.site import site_url

logger = logging.getLogger("crawford.mail")

#: The header with which notifications.mail marks the notification an e-mail is the copy of.
NOTIFICATION_HEADER = "X-Crawford-Notification"


def in_app_link(message: EmailMessage) -> str:
    """Where the app shows this e-mail (a notification's copy), or ""."""
    notification = (message.extra_headers or {}).get(NOTIFICATION_HEADER)
    if not notification:
        return ""
    try:
        path = reverse("notifications:list")
    except NoReverseMatch:
        return ""
    return f"{site_url()}{path}#notification-{notification}"


class ConsoleSummaryBackend(BaseEmailBackend):
    """Log ``e-mail "subject" to a, b (in the app: link)`` for each message."""

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        sent = 0
        for message in email_messages:
            recipients = ", ".join(message.recipients())
            if not recipients:
                continue
            link = in_app_link(message)
            subject = " ".join(str(message.subject).split())
            if link:
                logger.info('e-mail "%s" to %s (in the app: %s)', subject, recipients, link)
            else:
                logger.info('e-mail "%s" to %s', subject, recipients)
            sent += 1
        return sent
