"""Celery runs tasks inline by default and through a real worker on Redis when configured."""

from __future__ import annotations

import time
from unittest.mock import patch

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


class _Task:
    """What Celery's task signals pass as ``sender``: a task and its request."""

    def __init__(self, *, eager: bool) -> None:
        self.request = type("Request", (), {"is_eager": eager})()


@pytest.fixture
def database_settings():
    from django.db import connections

    saved = [
        (d, dict(d))
        for alias in connections
        for d in (connections.settings[alias], connections[alias].settings_dict)
    ]
    yield
    for d, copy in saved:
        d.clear()
        d.update(copy)


@needs_postgres  # an in-memory SQLite test database is never closed
@pytest.mark.django_db(transaction=True)
def test_a_worker_process_keeps_its_database_connection_between_tasks(database_settings):
    """A prefork worker process opens one connection, not one per task (a new connection
    costs more than a small task's work); outside worker processes each task's connection is
    closed after it, as before."""
    from django.db import connection

    from config.celery import close_old_connections, keep_database_connections

    def run_task() -> object:
        close_old_connections(sender=_Task(eager=False))  # task_prerun
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        raw = connection.connection
        close_old_connections(sender=_Task(eager=False))  # task_postrun
        return raw

    first = run_task()
    assert connection.connection is None  # not a worker process: closed after the task

    with patch("config.celery.current_process") as process:
        process.return_value.name = "ForkPoolWorker-1"
        keep_database_connections()  # worker_process_init in a forked worker process
    first = run_task()
    assert run_task() is first and connection.connection is first
    connection.close()


def test_a_worker_process_of_a_pooled_database_keeps_one_connection_instead(database_settings):
    """Production pools PostgreSQL connections for the web side's threads; a prefork worker
    process (one task at a time, forked after the parent may have made a pool) keeps one."""
    from django.db import connections

    from config.celery import keep_database_connections

    for alias in connections:
        for settings_dict in (connections.settings[alias], connections[alias].settings_dict):
            settings_dict["OPTIONS"] = {**settings_dict.get("OPTIONS", {}), "pool": True}
            settings_dict["CONN_MAX_AGE"] = 0
    with patch("config.celery.current_process") as process:
        process.return_value.name = "ForkPoolWorker-1"
        keep_database_connections()
    for alias in connections:
        for settings_dict in (connections.settings[alias], connections[alias].settings_dict):
            assert "pool" not in settings_dict["OPTIONS"]
            assert settings_dict["CONN_MAX_AGE"] == 600


@pytest.mark.django_db
def test_a_task_run_inline_leaves_its_callers_transaction_alone():
    from django.db import connection, transaction

    from config.celery import close_old_connections

    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        close_old_connections(sender=_Task(eager=True))
        assert connection.connection is not None and connection.in_atomic_block
