"""Beat: reminders before a round's deadline and the organizers' list of late matches; each
idempotent per match (or round) and reminder."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from clubs.models import Role
from config.celery import app as celery_app
from notifications import kinds
from notifications.deadlines import deadline_reminders_send, overdue_matches_report
from notifications.models import Notification
from tests.conftest import open_matches
from tests.factories import MembershipFactory, UserFactory
from tests.notifications.conftest import sent_to
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_with_deadline(field, play, locmem_mail):
    """Round 1 of a Swiss tournament of four: one match finished, the other open; the
    deadline 30 hours after ``now``."""
    tournament = field(4, format="swiss", swiss_rounds=3)
    first, second = open_matches(tournament)
    play(first)
    now = timezone.now()
    deadline = now + timedelta(hours=30)
    Round.objects.filter(pk=first.round_id).update(deadline=deadline)
    locmem_mail.clear()
    return tournament, second, now, deadline


def test_players_of_open_matches_are_reminded_once_per_reminder(
    round_with_deadline, locmem_mail, commit
):
    _tournament, open_match, now, deadline = round_with_deadline
    assert commit(deadline_reminders_send, now=now) == 0  # 30 hours to go
    assert commit(deadline_reminders_send, now=deadline - timedelta(hours=23)) == 2
    a, b = open_match.entry_a.player, open_match.entry_b.player
    assert sent_to(locmem_mail) == sorted([a.email, b.email])
    assert b.name in next(m for m in locmem_mail if m.to == [a.email]).subject
    assert "24 hours" in locmem_mail[0].body
    # The beat runs again and again: nothing more until the next reminder is due.
    assert commit(deadline_reminders_send, now=deadline - timedelta(hours=22)) == 0
    assert commit(deadline_reminders_send, now=deadline - timedelta(hours=3)) == 0
    assert commit(deadline_reminders_send, now=deadline - timedelta(hours=1)) == 2
    assert commit(deadline_reminders_send, now=deadline - timedelta(minutes=30)) == 0
    assert len(locmem_mail) == 4
    assert "2 hours" in locmem_mail[-1].body
    assert commit(deadline_reminders_send, now=deadline + timedelta(minutes=1)) == 0


def test_a_late_draw_gets_only_the_closest_reminder(round_with_deadline, commit):
    _tournament, _match, _now, deadline = round_with_deadline
    assert commit(deadline_reminders_send, now=deadline - timedelta(minutes=90)) == 2
    assert commit(deadline_reminders_send, now=deadline - timedelta(minutes=80)) == 0
    assert Notification.objects.filter(kind=kinds.MATCH_REMINDER).count() == 2


def test_a_moved_deadline_arms_the_reminders_again(round_with_deadline, commit):
    _tournament, open_match, _now, deadline = round_with_deadline
    assert commit(deadline_reminders_send, now=deadline - timedelta(hours=1)) == 2
    later = deadline + timedelta(days=2)
    Round.objects.filter(pk=open_match.round_id).update(deadline=later)
    assert commit(deadline_reminders_send, now=later - timedelta(hours=1)) == 2


def test_the_organizers_get_the_list_of_late_matches_once(
    round_with_deadline, locmem_mail, commit, club, organizer
):
    _tournament, open_match, _now, deadline = round_with_deadline
    second = UserFactory(username="otto", email="otto@example.com")
    MembershipFactory(club=club, player__user=second, role=Role.ORGANIZER)
    assert commit(overdue_matches_report, now=deadline - timedelta(minutes=1)) == 0
    assert commit(overdue_matches_report, now=deadline + timedelta(minutes=1)) == 2
    assert sent_to(locmem_mail) == ["olga@example.com", "otto@example.com"]
    mail = locmem_mail[0]
    assert "1 match is late" in mail.subject
    a, b = open_match.entry_a.player.name, open_match.entry_b.player.name
    assert f"{a} vs {b}" in mail.body
    played = {"Alice", "Bruno", "Clara", "David"} - {a, b}
    listed = [line for line in mail.body.splitlines() if line.startswith("- ")]
    assert len(listed) == 1  # the finished match is not late
    assert not [name for name in played if name in listed[0]]
    assert f"/matches/{open_match.pk}/" in mail.body
    assert commit(overdue_matches_report, now=deadline + timedelta(hours=5)) == 0
    assert len(locmem_mail) == 2


def test_nothing_is_late_in_a_round_without_a_deadline(field, commit):
    field(4, format="swiss", swiss_rounds=2)
    assert commit(overdue_matches_report, now=timezone.now() + timedelta(days=400)) == 0
    assert commit(deadline_reminders_send, now=timezone.now()) == 0


def test_the_beat_schedule_runs_registered_idempotent_tasks():
    import ladders.tasks  # noqa: F401  (registers the tasks)
    import notifications.tasks  # noqa: F401

    schedule = settings.CELERY_BEAT_SCHEDULE
    tasks = {entry["task"] for entry in schedule.values()}
    assert {
        "notifications.tasks.notify_deadlines",
        "notifications.tasks.notify_overdue",
        "notifications.tasks.notify_registrations",
        "notifications.tasks.notify_check_in",
        "notifications.tasks.notify_ready_matches",
    } <= tasks
    for name in tasks:
        assert name in celery_app.tasks
