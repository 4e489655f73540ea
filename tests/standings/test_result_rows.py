"""What the standings read of finished matches: scores, games and gammons per side, byes as
byes, whichever way the match was recorded (a final score, game by game, best of N)."""

from __future__ import annotations

import pytest

from standings.results import finished_result_rows, finished_results
from standings.totals import MatchResult
from tests.factories import EntryFactory, GameFactory, MatchFactory, RoundFactory, StageFactory
from tournaments.models import StageKind

pytestmark = pytest.mark.django_db


def test_every_kind_of_finished_match(club):
    stage = StageFactory(tournament__club=club, kind=StageKind.SWISS)
    tournament = stage.tournament
    a, b, c, d = (EntryFactory(tournament=tournament) for _ in range(4))
    one = RoundFactory(stage=stage, number=1, match_format="points", length=5)
    two = RoundFactory(stage=stage, number=2, match_format="games", length=3)

    def finished(round_, x, y, winner, score_a, score_b, **fields):
        return MatchFactory(
            round=round_,
            entry_a=x,
            entry_b=y,
            winner=winner,
            score_a=score_a,
            score_b=score_b,
            status="finished",
            outcome=fields.pop("outcome", "played"),
            **fields,
        )

    finished(one, a, b, a, 5, 2)  # a final score only
    by_games = finished(one, c, d, d, 1, 5)  # game by game: c a single, d a gammon and more
    GameFactory(match=by_games, number=1, winner=0, kind="single", points=1)
    GameFactory(match=by_games, number=2, winner=1, kind="gammon", points=2)
    GameFactory(match=by_games, number=3, winner=1, kind="backgammon", points=3)
    MatchFactory(round=one, entry_a=None, entry_b=None, status="pending")  # not finished
    best_of = finished(two, a, c, a, 2, 1)  # best of 3, game by game
    GameFactory(match=best_of, number=1, winner=0, kind="gammon", points=1)
    GameFactory(match=best_of, number=2, winner=1, kind="single", points=1)
    GameFactory(match=best_of, number=3, winner=0, kind="single", points=1)
    finished(two, b, d, d, 0, 2)  # best of 3, a final score only: the score is the games
    finished(two, d, None, d, 0, 0, outcome="bye")  # a bye
    found = sorted(finished_result_rows(tournament), key=lambda r: (r[10], r[0]))
    assert found == [
        (a.pk, b.pk, a.pk, 5, 2, 0, 0, 0, 0, False, 1, None),
        (c.pk, d.pk, d.pk, 1, 5, 1, 2, 0, 2, False, 1, None),
        (a.pk, c.pk, a.pk, 2, 1, 2, 1, 1, 0, False, 2, None),
        (b.pk, d.pk, d.pk, 0, 2, 0, 2, 0, 0, False, 2, None),
        (d.pk, None, d.pk, 0, 0, 0, 0, 0, 0, True, 2, None),
    ]
    # The named results the pairing reads are the same, as MatchResult.
    named = sorted(finished_results(tournament), key=lambda r: (r.round_number, r.a))
    assert named == [MatchResult._make(row) for row in found]
    assert named[1].b_gammons == 2 and named[4].bye
