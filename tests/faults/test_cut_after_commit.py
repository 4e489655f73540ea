"""The database connection cut in the moment after a change committed, while the deliveries of
its events are handed to the workers: the referee is told the result was entered (it was), and
what follows it (the bracket, the ratings, the players' e-mails) comes with the reconciler's
next minute. Before, the hand-over read the deliveries on the dead connection outside its
guard, and the committed result was answered with a 500."""

from __future__ import annotations

from django.test import Client

from events import bus
from events.models import Delivery
from events.tasks import enqueue, reconcile_all
from matches.models import Match, MatchStatus
from notifications import kinds
from ratings.models import RatingChange
from tests.conftest import open_matches
from tests.factories import PASSWORD

from .checks import assert_all_checks, assert_notified_once
from .conftest import FAULT_TEST, settled
from .cuts import cut_this_process
from .test_redis_killed import enter, with_accounts

pytestmark = FAULT_TEST


def test_a_result_committed_as_the_connection_dies_is_answered_as_entered(
    make_worker, on_test_redis, make_tournament, referee, monkeypatch
):
    make_worker()
    tournament = make_tournament(2, format="single_elimination", default_length=3)
    tournament.referees.add(referee.player)
    with_accounts(tournament)
    settled(on_test_redis)
    [match] = open_matches(tournament)
    client = Client()
    assert client.login(username=referee.username, password=PASSWORD)

    cuts = []

    def cut_then_enqueue(ids) -> None:
        cut_this_process()  # the change is committed; the connection dies now
        cuts.append(ids)
        enqueue(ids)

    monkeypatch.setattr(bus, "enqueue", cut_then_enqueue)
    response = enter(client, match, 3, 1)
    assert cuts, "the connection was not cut after the commit"
    assert response.status_code == 200
    page = response.content.decode()
    assert "Result entered." in page
    assert 'aria-label="Score">3 – 1</span>' in page
    assert Match.objects.get(pk=match.pk).status == MatchStatus.FINISHED
    # The deliveries wait in the database: nothing was handed to the workers.
    assert Delivery.objects.filter(done_at=None).exists()
    assert not RatingChange.objects.exists()

    monkeypatch.undo()
    reconcile_all.delay()  # beat's minute
    settled(on_test_redis)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert_notified_once({kinds.RESULT_RECORDED: 2})
    assert_all_checks(tournament)
