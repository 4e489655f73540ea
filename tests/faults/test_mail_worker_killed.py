"""A Celery worker SIGKILLed while it sends an e-mail, then restarted: the reconciler (as beat
runs it every minute) hands the notification over again and the e-mail goes out, once. Before,
the task was gone with the worker (and a Redis without persistence forgets its queue) and the
notification stayed pending for good."""

from __future__ import annotations

from pathlib import Path

from clubs import services as club_services
from events.tasks import reconcile_all
from notifications import kinds
from notifications.models import Notification, NotificationStatus
from notifications.repairs import pending_emails
from tests.factories import UserFactory

from .checks import assert_nothing_lost, assert_notified_once
from .conftest import FAULT_TEST, settled, wait_until

pytestmark = FAULT_TEST


def mails_to(outbox: Path, address: str) -> int:
    texts = [path.read_text(errors="replace") for path in outbox.glob("*")]
    return sum(text.count(f"To: {address}") for text in texts)


def test_a_worker_killed_mid_email_sends_it_once_after_its_return(
    make_worker, club, tmp_path: Path
):
    marker, outbox = tmp_path / "sending", tmp_path / "mail"
    outbox.mkdir()
    env = {"FAULT_SLOW_MAIL": str(marker), "FAULT_MAIL_DIR": str(outbox)}
    worker = make_worker(**env)
    UserFactory(username="wim", email="wim@example.com")
    club_services.club_add_member(club=club, user_identifier="wim")  # the welcome e-mail

    # The worker holds the notification and hangs before the mail leaves: kill it.
    wait_until(marker.exists, 60, "the worker to start sending the e-mail")
    worker.kill()
    notice = Notification.objects.get(kind=kinds.MEMBERSHIP_WELCOME)
    assert notice.email_status == NotificationStatus.PENDING
    assert mails_to(outbox, "wim@example.com") == 0

    make_worker(**env)  # back (its e-mails no longer hang)
    reconcile_all.delay()  # beat's minute
    wait_until(
        lambda: Notification.objects.get(pk=notice.pk).email_status == NotificationStatus.SENT,
        60,
        "the e-mail to go out",
    )
    assert pending_emails() == []  # the next minute finds nothing more to send
    settled()
    wait_until(lambda: mails_to(outbox, "wim@example.com") >= 1, 10, "the mail file")
    assert mails_to(outbox, "wim@example.com") == 1
    assert_nothing_lost(club)
    assert_notified_once({kinds.MEMBERSHIP_WELCOME: 1})
