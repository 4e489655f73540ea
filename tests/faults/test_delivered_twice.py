"""Every task delivered twice (each delivery sent twice, to two workers at once; beat's tasks
run twice): a whole tournament played through leaves nothing applied twice."""

from __future__ import annotations

from draw import services as draw_services
from events import bus
from events.tasks import enqueue, reconcile_all
from matches.models import Match
from notifications import kinds
from notifications import tasks as notification_tasks
from ratings.models import RatingChange
from tests.conftest import open_matches
from tournaments.models import TournamentStatus

from .checks import assert_all_checks, assert_notified_once, event_count
from .conftest import FAULT_TEST, settled
from .test_redis_killed import with_accounts

pytestmark = FAULT_TEST

BEAT = [
    reconcile_all,
    notification_tasks.notify_deadlines,
    notification_tasks.notify_overdue,
    notification_tasks.notify_registrations,
    notification_tasks.notify_check_in,
    notification_tasks.notify_ready_matches,
]


def twice(ids) -> None:
    ids = list(ids)
    enqueue(ids)
    enqueue(ids)


def beat_twice() -> None:
    for task in BEAT:
        task.delay()
        task.delay()


def test_every_task_delivered_twice_applies_nothing_twice(
    make_worker, on_test_redis, make_tournament, play, monkeypatch
):
    monkeypatch.setattr(bus, "enqueue", twice)
    workers = [make_worker(), make_worker()]
    tournament = make_tournament(4, start=False, format="single_elimination", default_length=3)
    with_accounts(tournament)
    draw_services.tournament_start(tournament=tournament)
    settled(on_test_redis)
    beat_twice()
    played = 0
    while matches := open_matches(tournament):
        for match in matches:
            play(match)
            played += 1
        settled(on_test_redis)
        beat_twice()
        settled(on_test_redis)

    tournament.refresh_from_db()
    assert played == 3
    assert tournament.status == TournamentStatus.FINISHED
    assert Match.objects.filter(round__stage__tournament=tournament).count() == 3
    assert RatingChange.objects.count() == 6
    assert event_count("TournamentFinished") == 1
    assert_notified_once({kinds.RESULT_RECORDED: 6})
    assert_all_checks(tournament)
    # The second copies really ran, and found their work done.
    logs = "".join(worker.log.read_text() for worker in workers)
    assert logs.count("events.tasks.deliver[") > 2 * event_count("ResultRecorded")
    assert "succeeded" in logs and "s: False" in logs
