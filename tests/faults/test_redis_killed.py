"""Redis (broker, cache, channel layer) killed while a referee enters results, then restarted:
the results are saved and shown at once, and once the reconciler has run the bracket has
advanced, the matches are rated and the players told, each exactly once."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from clubs.models import Player
from events.tasks import reconcile_all
from matches.models import Match, MatchStatus
from notifications import kinds
from ratings.models import RatingChange
from tests.conftest import open_matches
from tests.factories import PASSWORD, UserFactory

from .checks import assert_all_checks, assert_notified_once
from .conftest import FAULT_TEST, settled, wait_until

pytestmark = FAULT_TEST


def with_accounts(tournament) -> None:
    """Every player an account with an address, so that they are told."""
    for player in Player.objects.filter(entries__tournament=tournament):
        user = UserFactory(username=f"p{player.pk}", email=f"p{player.pk}@example.com")
        Player.objects.filter(pk=player.pk).update(user=user)


def enter(client: Client, match: Match, a: int, b: int):
    tournament = match.round.stage.tournament
    kwargs = {"club": tournament.club.slug, "tournament": tournament.slug, "match": match.pk}
    return client.post(
        reverse("matches:final_score", kwargs=kwargs),
        {"version": match.version, "score_a": a, "score_b": b},
        follow=True,
    )


def test_results_entered_while_redis_is_down_take_effect_once_it_is_back(
    make_worker, on_test_redis, make_tournament, referee
):
    make_worker()
    tournament = make_tournament(4, format="single_elimination", default_length=3)
    tournament.referees.add(referee.player)
    with_accounts(tournament)
    settled()
    first_round = open_matches(tournament)
    assert len(first_round) == 2
    client = Client()
    assert client.login(username=referee.username, password=PASSWORD)

    on_test_redis.kill()
    health = client.get("/healthz")
    assert health.status_code == 503
    assert health.json() == {
        "status": "down",
        "database": "ok",
        "cache": "down",
        "broker": "down",
    }
    for match, score in zip(first_round, [(3, 1), (0, 3)], strict=True):
        response = enter(client, match, *score)
        assert response.status_code == 200
        page = response.content.decode()
        assert "Result entered." in page
        assert f'aria-label="Score">{score[0]} – {score[1]}</span>' in page
    # Saved, but nothing that follows yet: the deliveries wait in the database.
    assert Match.objects.filter(pk__in=[m.pk for m in first_round], status="finished").count() == 2
    assert not RatingChange.objects.exists()

    on_test_redis.start()
    wait_until(lambda: client.get("/healthz").status_code == 200, 60, "/healthz to say ok")
    reconcile_all.delay()  # beat's minute
    settled()

    final = Match.objects.get(round__stage__tournament=tournament, round__number=2)
    winners = {first_round[0].entry_a_id, first_round[1].entry_b_id}
    assert {final.entry_a_id, final.entry_b_id} == winners
    assert final.status == MatchStatus.READY
    assert RatingChange.objects.count() == 4  # two matches, two players each
    assert_notified_once({kinds.RESULT_RECORDED: 4})
    assert_all_checks(tournament)
