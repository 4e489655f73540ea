"""E-mail delivery: a mail server that fails leaves results alone, marks the notification
failed, retries with backoff and shows it to the organizer, who can send it again."""

from __future__ import annotations

import smtplib

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.urls import reverse

from draw import services as draw_services
from notifications import kinds
from notifications import services as notification_services
from notifications.mail import MAIL_RETRIES, mail_backoff, notification_send
from notifications.models import Notification, NotificationStatus
from tests.conftest import open_matches
from tests.factories import PASSWORD
from tests.notifications.conftest import sent_to

pytestmark = pytest.mark.django_db

HERE = "tests.notifications.test_delivery"


class SMTPDownBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


class RefusingBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise ConnectionRefusedError(111, "Connection refused")


class FlakyBackend(BaseEmailBackend):
    """Fails ``failures`` times, then delivers to the locmem outbox."""

    failures = 0

    def send_messages(self, email_messages):
        if FlakyBackend.failures > 0:
            FlakyBackend.failures -= 1
            raise smtplib.SMTPDataError(451, "Try again later")
        mail.outbox.extend(email_messages)
        return len(email_messages)


@pytest.fixture
def countdowns(monkeypatch):
    """The countdown of every retry the send task asks for."""
    seen: list[int] = []
    original = notification_send.retry

    def spy(*args, **kwargs):
        seen.append(kwargs["countdown"])
        return original(*args, **kwargs)

    monkeypatch.setattr(notification_send, "retry", spy)
    return seen


def test_a_failing_mail_server_leaves_the_result_recorded_and_the_notice_failed(
    field, settings, play, countdowns, client, organizer, locmem_mail
):
    tournament = field(2, format="swiss", swiss_rounds=1)
    match = open_matches(tournament)[0]
    settings.EMAIL_BACKEND = f"{HERE}.SMTPDownBackend"

    play(match)  # no exception reaches whoever entered the result

    match.refresh_from_db()
    tournament.refresh_from_db()
    assert match.status == "finished" and tournament.status == "finished"
    results = Notification.objects.filter(kind=kinds.RESULT_RECORDED)
    assert results.count() == 2
    for notice in results:
        assert notice.email_status == NotificationStatus.FAILED
        assert notice.attempts == MAIL_RETRIES + 1
        assert "SMTPServerDisconnected" in notice.error
        assert notice.sent_at is None
    # Backoff: 30 s, 1, 2, 4, 8 minutes for each of the four failing mails (two results, two
    # placings).
    assert countdowns.count(30) == 4 and sorted(set(countdowns)) == [30, 60, 120, 240, 480]

    # The organizer sees them and sends one again once the server is back.
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(reverse("notifications:club_failed", args=[tournament.club.slug]))
    assert page.status_code == 200
    assert page.content.decode().count("SMTPServerDisconnected") == 4
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    notice = results.select_related("recipient").first()
    before = len(mail.outbox)
    response = _post_on_commit(
        client, reverse("notifications:retry", args=[tournament.club.slug, notice.pk])
    )
    assert response.status_code == 302
    notice.refresh_from_db()
    assert notice.email_status == NotificationStatus.SENT
    assert notice.attempts == MAIL_RETRIES + 2
    assert notice.error == ""
    assert len(mail.outbox) == before + 1
    assert mail.outbox[-1].to == [notice.recipient.email]


def _post_on_commit(client, url):
    from django.db import connection
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(using=connection.alias, execute=True):
        return client.post(url)


def test_an_unreachable_mail_server_is_an_oserror_and_fails_the_same_way(
    field, settings, locmem_mail
):
    settings.EMAIL_BACKEND = f"{HERE}.RefusingBackend"
    field(2)
    notices = Notification.objects.filter(kind=kinds.MATCH_READY)
    assert {n.email_status for n in notices} == {NotificationStatus.FAILED}
    assert all("ConnectionRefusedError" in n.error for n in notices)


def test_a_passing_hiccup_is_retried_until_the_mail_goes_out(field, settings, locmem_mail):
    settings.EMAIL_BACKEND = f"{HERE}.FlakyBackend"
    FlakyBackend.failures = 2
    field(1, guests=1)  # one mail: to Alice
    notice = Notification.objects.get(recipient__name="Alice")
    assert notice.email_status == NotificationStatus.SENT
    assert notice.attempts == 3
    assert sent_to(mail.outbox) == ["alice@example.com"]


def test_sending_twice_sends_once(field, locmem_mail, commit):
    field(2)
    notice = Notification.objects.filter(kind=kinds.MATCH_READY).first()
    assert notice.email_status == NotificationStatus.SENT
    before = len(locmem_mail)
    commit(notification_send.delay, notice.pk)
    assert len(locmem_mail) == before
    notice.refresh_from_db()
    assert notice.attempts == 1


def test_the_backoff_grows_exponentially():
    assert [mail_backoff(n) for n in range(MAIL_RETRIES)] == [30, 60, 120, 240, 480]


def test_an_email_whose_task_was_lost_is_sent_once_by_the_reconciler(
    field, locmem_mail, monkeypatch, settings, commit
):
    from kombu.exceptions import OperationalError

    from events.reconcile import reconcile
    from events.tasks import enqueue

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to redis: Connection refused.")

    monkeypatch.setattr(notification_send, "delay", broker_down)
    field(2)  # the draw tells both players; their e-mails' tasks cannot be sent
    pending = Notification.objects.filter(email_status=NotificationStatus.PENDING)
    assert pending.count() == 2 and locmem_mail == []
    monkeypatch.undo()

    commit(reconcile, enqueue=enqueue)  # within the minute of grace: may still be on its way
    assert pending.count() == 2 and locmem_mail == []
    settings.EVENTS_RECONCILE_GRACE_SECONDS = 0
    commit(reconcile, enqueue=enqueue)
    assert pending.count() == 0
    assert sent_to(locmem_mail) == ["alice@example.com", "bruno@example.com"]
    commit(reconcile, enqueue=enqueue)
    assert len(locmem_mail) == 2


def test_a_notice_another_run_wrote_first_is_neither_doubled_nor_in_the_way(
    field, locmem_mail, commit, monkeypatch
):
    """The match notices of a round are written in one statement; when a concurrent run of
    the same trigger writes one of them between the look-up of the sent ones and that
    statement, the others are written one by one and that one is skipped: each player is
    told once, and mailed by the run that wrote his notice."""
    tournament = field(4, start=False)
    looked_up = notification_services.existing_keys
    raced: list[str] = []

    def looked_up_then_written_by_the_other_run(keys):
        keys = list(keys)
        found = looked_up(keys)
        ready = sorted(key for key in keys if key.startswith(kinds.MATCH_READY))
        if ready and not raced:
            raced.append(ready[0])
            Notification.objects.create(
                recipient_id=int(ready[0].rsplit(":p", 1)[1]),
                kind=kinds.MATCH_READY,
                dedupe_key=ready[0],
                subject="written by the other run",
            )
        return found

    monkeypatch.setattr(
        notification_services, "existing_keys", looked_up_then_written_by_the_other_run
    )
    commit(draw_services.tournament_start, tournament=tournament)
    assert raced
    ready = Notification.objects.filter(kind=kinds.MATCH_READY)
    assert ready.count() == 4
    assert ready.get(dedupe_key=raced[0]).subject == "written by the other run"
    # The three written here are mailed; the other run's is that run's to send.
    assert sorted(ready.values_list("email_status", flat=True)) == [
        NotificationStatus.PENDING,
        NotificationStatus.SENT,
        NotificationStatus.SENT,
        NotificationStatus.SENT,
    ]
