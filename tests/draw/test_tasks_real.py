"""The draw's listeners on real servers: twice, or twice at once, creates nothing twice."""

from __future__ import annotations

import time
from unittest.mock import patch

import pytest

from config.celery import app as celery_app
from draw import services as draw_services
from draw.listeners import advance_after_result, pair_round
from events import tasks as event_tasks
from events.models import Delivery
from events.types import ResultRecorded, RoundCreated
from matches.models import Match
from matches.services import match_record_final_score
from tests.conftest import needs_postgres, needs_redis, open_matches
from tests.matches.test_concurrency import race
from tournaments.models import Round

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]


def test_round_pair_twice_at_once_draws_the_round_once(make_tournament):
    tournament = make_tournament(8, start=False, format="single_elimination")

    with patch("events.bus.enqueue"):  # the deliveries are run by hand below
        draw_services.tournament_start(tournament=tournament)
    first = Round.objects.get(stage__tournament=tournament, number=1)
    outcomes = race(
        (draw_services.round_pair, {"round_id": first.pk}),
        (draw_services.round_pair, {"round_id": first.pk}),
    )
    assert sorted(outcomes) == [0, 7]  # one built the bracket of 7 matches, the other nothing
    assert Match.objects.filter(round__stage__tournament=tournament).count() == 7


def test_match_finished_twice_at_once_pairs_the_next_swiss_round_once(make_tournament):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3)
    matches = open_matches(tournament)
    with patch("events.bus.enqueue"):  # the deliveries are run by hand below
        for match in matches:
            match_record_final_score(match=match, score_a=5, score_b=1)
    assert not Round.objects.filter(stage__tournament=tournament, number=2).exists()
    race(
        *[
            (advance_after_result, {"event": ResultRecorded(match_id=m.pk)})
            for m in matches
            for _ in range(2)
        ]
    )
    assert Round.objects.filter(stage__tournament=tournament).count() == 2
    assert Match.objects.filter(round__stage__tournament=tournament, round__number=2).count() == 2


@needs_redis
def test_the_draw_and_advancement_through_a_real_worker(make_tournament):
    from celery.contrib.testing.worker import start_worker

    celery_app.conf.task_always_eager = False
    try:
        with start_worker(celery_app, perform_ping_check=False, shutdown_timeout=10):
            tournament = make_tournament(4, format="swiss", swiss_rounds=2)
            deadline = time.monotonic() + 30
            while not open_matches(tournament) and time.monotonic() < deadline:
                time.sleep(0.1)
            first_round = open_matches(tournament)
            assert len(first_round) == 2
            pair_round(RoundCreated(round_id=first_round[0].round_id))  # a duplicate: nothing
            for match in first_round:
                match_record_final_score(match=match, score_a=5, score_b=2)
            for delivery_id in Delivery.objects.values_list("pk", flat=True):
                event_tasks.deliver.delay(delivery_id)  # every delivery once more: nothing
            while (
                not Round.objects.filter(stage__tournament=tournament, number=2).exists()
                or len(open_matches(tournament)) < 2
            ) and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)  # let the duplicates run
    finally:
        celery_app.conf.task_always_eager = True
    assert Round.objects.filter(stage__tournament=tournament).count() == 2
    assert Match.objects.filter(round__stage__tournament=tournament, round__number=1).count() == 2
    assert Match.objects.filter(round__stage__tournament=tournament, round__number=2).count() == 2
