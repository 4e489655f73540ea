"""An e-mail the mail server accepted, and then the worker dies (or its database connection is
cut) before the notification is marked sent. The notification says it was handed over (a step
committed before the mail server sees it), and it goes out again: with the Message-ID of the
first copy, derived from the notification, so that the receiver shows it once. Before, the
hand-over left no trace and each copy had a Message-ID of its own: the player got it twice."""

from __future__ import annotations

import re
from email import message_from_string
from pathlib import Path

import pytest
from django.core import mail as outbox
from django.core.mail import EmailMessage
from django.db import DatabaseError, connection

from clubs import services as club_services
from events.tasks import reconcile_all
from notifications import kinds, mail
from notifications.models import Notification, NotificationStatus
from notifications.repairs import pending_emails
from tests.factories import NotificationFactory, PlayerFactory, UserFactory

from .checks import assert_nothing_lost, assert_notified_once
from .conftest import FAULT_TEST, settled, wait_until
from .cuts import cut_this_process

pytestmark = FAULT_TEST


def copies_to(directory: Path, address: str) -> list[dict[str, str]]:
    """The e-mails the mail server took for ``address``: their headers."""
    found = []
    for path in sorted(directory.glob("*")):
        # The file backend writes each message followed by a line of dashes.
        for text in re.split(r"\n-{79}\n", path.read_text(errors="replace")):
            if not text.strip():
                continue
            message = message_from_string(text.strip("\n"))
            if message["To"] == address:
                found.append(dict(message.items()))
    return found


def message_id(message: EmailMessage) -> str:
    return str(message.message()["Message-ID"])


def test_a_worker_killed_after_the_mail_server_took_it_resends_the_same_message(
    make_worker, club, tmp_path: Path
):
    accepted, directory = tmp_path / "accepted", tmp_path / "mail"
    directory.mkdir()
    worker = make_worker(FAULT_HANG_AFTER_MAIL=str(accepted), FAULT_MAIL_DIR=str(directory))
    UserFactory(username="wim", email="wim@example.com")
    club_services.club_add_member(club=club, user_identifier="wim")  # the welcome e-mail

    # The mail server has the e-mail; the worker dies before it marks it sent.
    wait_until(accepted.exists, 60, "the mail server to take the e-mail")
    worker.kill()
    [first] = copies_to(directory, "wim@example.com")
    notice = Notification.objects.get(kind=kinds.MEMBERSHIP_WELCOME)
    # The hand-over was committed before the mail server saw it: the row says so.
    assert (notice.email_status, notice.attempts) == (NotificationStatus.PENDING, 1)

    make_worker(FAULT_MAIL_DIR=str(directory))  # back
    reconcile_all.delay()  # beat's minute
    wait_until(
        lambda: Notification.objects.get(pk=notice.pk).email_status == NotificationStatus.SENT,
        60,
        "the e-mail to go out again",
    )
    assert pending_emails() == []
    settled()
    copies = copies_to(directory, "wim@example.com")
    assert len(copies) == 2  # at most once per hand-over: the second hand-over resent it
    # ... as the same message, which the receiver shows once.
    assert {copy["Message-ID"] for copy in copies} == {first["Message-ID"]}
    assert Notification.objects.get(pk=notice.pk).attempts == 2
    assert_nothing_lost(club)
    assert_notified_once({kinds.MEMBERSHIP_WELCOME: 1})


def test_a_connection_cut_after_the_mail_server_took_it_resends_the_same_message(
    settings, mailoutbox, monkeypatch
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.DEFAULT_FROM_EMAIL = "Crawford <crawford@club.example>"
    player = PlayerFactory(email="ada@example.com")
    notice = NotificationFactory(recipient=player, email_status=NotificationStatus.PENDING)
    plain = mail._send

    def sent_then_cut(notification: Notification, address: str) -> None:
        plain(notification, address)
        cut_this_process()  # the mail server has it; the connection dies before the commit

    monkeypatch.setattr(mail, "_send", sent_then_cut)
    with pytest.raises(DatabaseError):
        mail.notification_deliver(notification_id=notice.pk)
    connection.close()  # as the worker does after a task whose connection broke
    notice.refresh_from_db()
    assert (notice.email_status, notice.attempts) == (NotificationStatus.PENDING, 1)
    assert len(outbox.outbox) == 1

    monkeypatch.setattr(mail, "_send", plain)
    assert mail.notification_deliver(notification_id=notice.pk) == NotificationStatus.SENT
    assert mail.notification_deliver(notification_id=notice.pk) == NotificationStatus.SENT
    assert len(outbox.outbox) == 2
    [same] = {message_id(message) for message in outbox.outbox}
    assert re.fullmatch(r"<[^<>@\s]+@club\.example>", same)
    # Another notification's e-mail is another message.
    other = NotificationFactory(recipient=player, email_status=NotificationStatus.PENDING)
    mail.notification_deliver(notification_id=other.pk)
    assert message_id(outbox.outbox[-1]) != same
