"""Celery runs tasks inline by default and through a real worker on Redis when configured."""

from __future__ import annotations

import time

import pytest
from django.core import mail

from clubs import services
from clubs.models import Role
from config.celery import app as celery_app
from tests.conftest import needs_postgres, needs_redis
from tests.factories import ClubFactory, UserFactory


@pytest.mark.django_db
def test_tasks_run_eagerly_by_default(mailoutbox, django_capture_on_commit_callbacks, settings):
    club = ClubFactory()
    UserFactory(username="eager")
    with django_capture_on_commit_callbacks(execute=True):
        services.club_add_member(club=club, user_identifier="eager", role=Role.PLAYER)
    assert len(mailoutbox) == 1


@needs_redis
@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_a_task_runs_through_a_real_worker_on_redis(settings):
    from celery.contrib.testing.worker import start_worker

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    club = ClubFactory(name="Worker Club")
    UserFactory(username="queued", email="queued@example.com")
    celery_app.conf.task_always_eager = False
    try:
        with start_worker(celery_app, perform_ping_check=False, shutdown_timeout=10):
            services.club_add_member(club=club, user_identifier="queued", role=Role.PLAYER)
            deadline = time.monotonic() + 20
            while not mail.outbox and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        celery_app.conf.task_always_eager = True
    assert [m.to for m in mail.outbox] == [["queued@example.com"]]
    assert "Worker Club" in mail.outbox[0].subject
