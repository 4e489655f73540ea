"""Two referees saving the same match at the same moment (PostgreSQL, real threads)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from config.errors import UserError
from matches.models import Game, Match
from matches.services import match_record_final_score, match_record_game
from tests.conftest import needs_postgres, open_matches

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]


def race(*calls):
    """Run the calls at the same moment in threads; return what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def run(i, fn, kwargs):
        try:
            barrier.wait()
            outcomes[i] = fn(**kwargs)
        except Exception as error:
            outcomes[i] = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(i, fn, kwargs)) for i, (fn, kwargs) in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


@pytest.mark.parametrize("attempt", range(3))
def test_one_of_two_simultaneous_games_wins_the_other_is_told(make_tournament, attempt):
    match = open_matches(make_tournament(2, default_length=7))[0]
    seen = match.version
    outcomes = race(
        (match_record_game, {"match": match.pk, "winner": 0, "expected_version": seen}),
        (
            match_record_game,
            {"match": match.pk, "winner": 1, "kind": "gammon", "expected_version": seen},
        ),
    )
    errors = [o for o in outcomes if isinstance(o, UserError)]
    saved = [o for o in outcomes if isinstance(o, Game)]
    assert len(saved) == 1 and len(errors) == 1
    assert errors[0].code == "stale"
    match.refresh_from_db()
    assert Game.objects.filter(match=match).count() == 1
    assert match.score_a + match.score_b == saved[0].points


def test_two_final_scores_at_once_never_make_two_results(make_tournament):
    match = open_matches(make_tournament(2, default_length=5))[0]
    outcomes = race(
        (match_record_final_score, {"match": match.pk, "score_a": 5, "score_b": 2}),
        (match_record_final_score, {"match": match.pk, "score_a": 1, "score_b": 5}),
    )
    saved = [o for o in outcomes if isinstance(o, Match)]
    errors = [o for o in outcomes if isinstance(o, UserError)]
    assert len(saved) == 1 and len(errors) == 1
    assert errors[0].code == "match_over"
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (saved[0].score_a, saved[0].score_b)
    assert match.history.filter(status="finished").count() == 1
