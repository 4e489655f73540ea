"""Notifications through a real Celery worker on Redis with PostgreSQL: nothing waits for the
mail server in the request, the worker draws, notifies and mails; a failing server is retried
through the broker and the notification ends up failed while the result stands."""

from __future__ import annotations

import time

import pytest
from django.core import mail

from clubs.models import Role
from config.celery import app as celery_app
from draw import services as draw_services
from entries import services as entry_services
from matches.models import Match, MatchStatus
from matches.services import match_record_final_score
from notifications import kinds
from notifications.models import Notification, NotificationStatus
from tests.conftest import needs_postgres, needs_redis
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = [needs_redis, needs_postgres, pytest.mark.django_db(transaction=True)]


def wait_for(condition, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture
def worker(settings):
    from celery.contrib.testing.worker import start_worker

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    celery_app.conf.task_always_eager = False
    try:
        with start_worker(celery_app, perform_ping_check=False, shutdown_timeout=10):
            yield
    finally:
        celery_app.conf.task_always_eager = True


def two_player_tournament():
    organizer = UserFactory(username="wanda", email="wanda@example.com")
    club = ClubFactory(name="Worker Club")
    MembershipFactory(club=club, player__user=organizer, role=Role.ORGANIZER)
    tournament = services.tournament_create(
        club=club, user=organizer, name="Queue Cup", format="swiss", swiss_rounds=1
    )
    services.tournament_open_registration(tournament=tournament)
    for name in ("Ada", "Ben"):
        user = UserFactory(username=name.lower(), email=f"{name.lower()}@example.com")
        player = PlayerFactory(user=user, name=name)
        entry_services.entry_add(tournament=tournament, player=player)
    return tournament


def test_the_worker_draws_and_mails_both_players(worker):
    tournament = two_player_tournament()
    draw_services.tournament_start(tournament=tournament)  # commits; the worker takes over
    assert wait_for(lambda: len(mail.outbox) >= 2)
    assert sorted(m.to[0] for m in mail.outbox) == ["ada@example.com", "ben@example.com"]
    assert all("Queue Cup" in m.subject for m in mail.outbox)

    def statuses() -> set[str]:
        return set(
            Notification.objects.filter(kind=kinds.MATCH_READY).values_list(
                "email_status", flat=True
            )
        )

    # The mail leaves before the worker commits its status: wait for the commit too.
    assert wait_for(lambda: statuses() == {NotificationStatus.SENT}), statuses()


def test_a_failing_mail_server_is_retried_through_the_broker(worker, settings, monkeypatch):
    from notifications import mail as notification_mail

    tournament = two_player_tournament()
    draw_services.tournament_start(tournament=tournament)
    assert wait_for(lambda: len(mail.outbox) >= 2)

    settings.EMAIL_BACKEND = "tests.notifications.test_delivery.SMTPDownBackend"
    monkeypatch.setattr(notification_mail, "mail_backoff", lambda retries: 0)
    match = Match.objects.get(round__stage__tournament=tournament)
    match_record_final_score(match=match, score_a=5, score_b=1)

    def all_failed() -> bool:
        results = Notification.objects.filter(kind=kinds.RESULT_RECORDED)
        return results.count() == 2 and all(
            n.email_status == NotificationStatus.FAILED
            and n.attempts == notification_mail.MAIL_RETRIES + 1
            for n in results
        )

    assert wait_for(all_failed)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert len(mail.outbox) == 2  # only the two mails of the draw
