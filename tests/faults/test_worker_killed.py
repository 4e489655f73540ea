"""A Celery worker SIGKILLed in the middle of a draw, then restarted: once the reconciler has
run (as beat runs it every minute), the round is drawn, and drawn once."""

from __future__ import annotations

from pathlib import Path

from events.tasks import reconcile_all
from matches.models import Match

from .checks import assert_all_checks, event_count
from .conftest import FAULT_TEST, settled, wait_until

pytestmark = FAULT_TEST


def test_a_worker_killed_mid_draw_leaves_the_round_drawn_once(
    make_worker, make_tournament, tmp_path: Path
):
    marker = tmp_path / "drawing"
    worker = make_worker(FAULT_SLOW_DRAW=str(marker))
    tournament = make_tournament(8, format="single_elimination")

    # The worker has drawn the round in its transaction and hangs there: kill it.
    wait_until(marker.exists, 60, "the worker to start drawing")
    worker.kill()
    assert not Match.objects.filter(round__stage__tournament=tournament).exists()

    make_worker(FAULT_SLOW_DRAW=str(marker))  # restarted (its draws no longer hang)
    reconcile_all.delay()  # beat's minute
    settled()

    matches = Match.objects.filter(round__stage__tournament=tournament)
    assert matches.filter(round__number=1, status="ready").count() == 4
    assert event_count("RoundDrawn") == 1
    assert_all_checks(tournament)
